// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 19b (single-op sweep, rng_bit_generator 12001, 12019, 12029): a result of an op
// with several results on a maximal mesh (one device) keeps that sharding through the export;
// meshjit wrote it replicated on the other results' mesh.
// CHECK-LABEL: func.func {{(private )?}}@rng_result_on_maximal_mesh(
// CHECK-SAME: %arg0: tensor<2xui64> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<2xui64> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, tensor<4x16xui32>) {
// CHECK: %output_state, %output = stablehlo.rng_bit_generator %arg0, algorithm = DEFAULT {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>, <@maximal_mesh1, []>]>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x16xui32>)
sdy.mesh @mesh = <["a"=4, "b"=8, "c"=4]>
sdy.mesh @maximal_mesh1 = <[], device_ids=[3]>
func.func @rng_result_on_maximal_mesh(%arg0: tensor<2xui64> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a", ?}]>}) -> (tensor<2xui64>, tensor<4x16xui32>) {
  %0:2 = stablehlo.rng_bit_generator %arg0, algorithm = DEFAULT {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a", ?}]>, <@maximal_mesh1, []>]>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x16xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<4x16xui32>
}
