// RUN: meshjit-opt %s --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   2>&1 | FileCheck %s

// A closed constraint on a maximal mesh that is the only user of one result of a sort: Shardy's
// import gives that result the constraint's sharding and every other result an open one on the
// maximal mesh, which its verifier then rejects ("a maximal sharding can only have a sharding
// with rank 0"; campaign 47167, extended wide). meshjit applies nothing there and exports a
// module that verifies.
// CHECK-NOT: error
// CHECK-LABEL: func.func @main(
// CHECK: "stablehlo.sort"
// CHECK-NOT: <@maximal_mesh, [{?}
// CHECK: sdy.reshard %{{.*}} <@maximal_mesh, []>
sdy.mesh @mesh = <["a"=4]>
sdy.mesh @maximal_mesh = <[], device_ids=[3]>
func.func @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %0:2 = "stablehlo.sort"(%arg0, %arg0) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%ka: tensor<f32>, %kb: tensor<f32>, %va: tensor<f32>, %vb: tensor<f32>):
    %kc = stablehlo.compare GT, %ka, %kb : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %kc : tensor<i1>
  }) : (tensor<16x8xf32>, tensor<16x8xf32>) -> (tensor<16x8xf32>, tensor<16x8xf32>)
  %1 = sdy.sharding_constraint %0#1 <@maximal_mesh, []> : tensor<16x8xf32>
  return %0#0, %1 : tensor<16x8xf32>, tensor<16x8xf32>
}
