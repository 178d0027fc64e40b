// RUN: meshjit-opt %s -split-input-file --pass-pipeline='builtin.module(meshjit-propagate,meshjit-export)' | FileCheck %s

// meshjit's own mode, a closed constraint with unreduced axes the only user of a dot's result
// (session 42): the dot takes its sharding, as Shardy's import gives it, and its plan keeps the
// contracting dim on "a" (the partial sums are what the constraint asks for: no all-reduce).
// Own mode left the dot unannotated and its plan gathered both operands; XLA then all-reduced
// and the constraint made the sum partial again (3 collectives, 7296 bytes moved; Shardy 1, 6144).
sdy.mesh @mesh = <["a"=4, "b"=2]>
// CHECK-LABEL: func.func @dot_into_unreduced_constraint
// CHECK-NOT: sdy.reshard
// CHECK: stablehlo.dot_general %arg0, %arg1, {{.*}}sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"a"}>]>}
func.func @dot_into_unreduced_constraint(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<16x32xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {}], unreduced={"a"}> : tensor<16x32xf32>
  %2 = stablehlo.add %1, %1 : tensor<16x32xf32>
  return %2 : tensor<16x32xf32>
}

// -----

// The dot's result read by another op too: the constraint gives it nothing (the other reader
// would see partial sums).
sdy.mesh @mesh = <["a"=4, "b"=2]>
// CHECK-LABEL: func.func @dot_read_twice
// CHECK: stablehlo.dot_general
// CHECK-NOT: unreduced={"a"}>]>} : (tensor<16x8xf32>
func.func @dot_read_twice(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x32xf32>, tensor<16x32xf32>) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {}], unreduced={"a"}> : tensor<16x32xf32>
  %2 = stablehlo.negate %0 : tensor<16x32xf32>
  return %1, %2 : tensor<16x32xf32>, tensor<16x32xf32>
}
