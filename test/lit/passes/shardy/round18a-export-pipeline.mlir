// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 18a (random MLIR campaign): two equal element-wise ops of an argument that one op
// reads are not copies Shardy's import made (it splits only what is computed from constants),
// so its export keeps both. meshjit merged them as copies of a constant-like value (campaign
// seed 30236).

// CHECK-LABEL: func.func {{(private )?}}@equal_ops_of_an_argument_kept(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : tensor<16xf32>
// CHECK: %1 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : tensor<16xf32>
// CHECK: %2 = stablehlo.multiply %1, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=8, "b"=8]>
func.func @equal_ops_of_an_argument_kept(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}]>}) -> tensor<16xf32> {
  %0 = stablehlo.abs %arg0 : tensor<16xf32>
  %1 = stablehlo.abs %arg0 : tensor<16xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{"a", "b", ?}]> : tensor<16xf32>
  %3 = stablehlo.multiply %1, %0 : tensor<16xf32>
  return %3 : tensor<16xf32>
}

// -----

// Equal iotas, each behind its own abs: copies only where one op reads them both, which no op
// does here; both stay, as Shardy's.

// CHECK-LABEL: func.func {{(private )?}}@equal_iotas_merged(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<16xf32>
// CHECK: %1 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<16xf32>
// CHECK: %2 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<16xf32>
// CHECK: %3 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<16xf32>
// CHECK: %4 = stablehlo.add %2, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<16xf32>
// CHECK: %5 = stablehlo.add %4, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=8, "b"=8]>
func.func @equal_iotas_merged(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<16xf32> {
  %0 = stablehlo.iota dim = 0 : tensor<16xf32>
  %1 = stablehlo.iota dim = 0 : tensor<16xf32>
  %2 = stablehlo.abs %0 : tensor<16xf32>
  %3 = stablehlo.abs %1 : tensor<16xf32>
  %4 = stablehlo.add %2, %3 : tensor<16xf32>
  %5 = stablehlo.add %4, %arg0 : tensor<16xf32>
  return %5 : tensor<16xf32>
}

// -----

// Shardy's export merges equal constants first, while a sharding group still holds the first
// constant's user; the group goes, its member dies, and the merged constant stays where the
// first one was. meshjit erased the group's member and its constant before merging (campaign
// seed 20086).

// CHECK-LABEL: func.func {{(private )?}}@constant_merged_before_group_member_dies(
// CHECK-SAME: %arg0: tensor<4x8xf32>, %arg1: tensor<512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<256xf32> {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<512xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @constant_merged_before_group_member_dies(%arg0: tensor<4x8xf32>, %arg1: tensor<512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<256xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.dynamic_slice %arg0, %c0, %c0, sizes = [2, 8] : (tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<2x8xf32>
  sdy.sharding_group %0 group_id=0 : tensor<2x8xf32>
  %1 = stablehlo.negate %arg1 : tensor<512xf32>
  %c1 = stablehlo.constant dense<0> : tensor<i32>
  %2 = stablehlo.dynamic_slice %1, %c1, sizes = [256] : (tensor<512xf32>, tensor<i32>) -> tensor<256xf32>
  return %2 : tensor<256xf32>
}
