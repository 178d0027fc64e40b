// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 22a: Shardy's import copies a constant expression whole for each use by an op outside
// it (campaign 61168). Ops inside one expression that read a value twice (a compare and a
// select of the same constants) share it: nothing is copied for them. An op outside that reads
// one expression twice (a concatenate of an iota with itself) reads two copies, and Shardy's
// export merges only equal `sdy.constant`s, not iotas or broadcasts (campaign 50207).

// CHECK-LABEL: func.func {{(private )?}}@compare_and_select_of_constants(
// CHECK: %0 = sdy.constant dense<1.000000e+00> : tensor<1x1x2xf32>
// CHECK: %2 = sdy.constant dense<1.000000e+00> : tensor<1x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=8, "c"=2]>
func.func @compare_and_select_of_constants(%arg16: tensor<2x16xf32>) -> (tensor<1x2xf32>) {
  %c6 = stablehlo.constant dense<1.000000e+00> : tensor<1x1x2xf32>
  %v12 = stablehlo.reshape %c6 : (tensor<1x1x2xf32>) -> tensor<1x2xf32>
  %c13 = stablehlo.constant dense<1.000000e+00> : tensor<1x2xf32>
  %v14 = stablehlo.compare GT, %v12, %c13 : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xi1>
  %v15 = stablehlo.select %v14, %v12, %c13 : tensor<1x2xi1>, tensor<1x2xf32>
  return %v15 : tensor<1x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@expression_reading_a_constant_twice(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} dense<1.000000e+00> : tensor<4x8xf32>
// CHECK: %1 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} dense<1.000000e+00> : tensor<4x8xf32>
// CHECK: %2 = stablehlo.add %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<4x8xf32>
// CHECK: %3 = stablehlo.add %1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<4x8xf32>
// CHECK: %4 = stablehlo.multiply %2, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<4x8xf32>
// CHECK: %5 = stablehlo.multiply %3, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<4x8xf32>
// CHECK: %6 = stablehlo.add %arg0, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<4x8xf32>
// CHECK: %7 = stablehlo.multiply %arg1, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<4x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @expression_reading_a_constant_twice(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %c = stablehlo.constant dense<1.0> : tensor<4x8xf32>
  %d = stablehlo.add %c, %c : tensor<4x8xf32>
  %e = stablehlo.multiply %d, %c : tensor<4x8xf32>
  %0 = stablehlo.add %arg0, %e : tensor<4x8xf32>
  %1 = stablehlo.multiply %arg1, %e : tensor<4x8xf32>
  return %0, %1 : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@concatenate_of_an_iota_twice(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x16xf32>
// CHECK: %3 = stablehlo.slice %2 [0:8, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>) -> tensor<8x8xf32>
// CHECK: %4 = stablehlo.add %3, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @concatenate_of_an_iota_twice(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %x = stablehlo.iota dim = 0 : tensor<8x8xf32>
  %0 = stablehlo.concatenate %x, %x, dim = 1 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.slice %0 [0:8, 0:8] : (tensor<8x16xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.add %1, %arg0 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@concatenate_of_a_broadcast_twice(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} dense<1.000000e+00> : tensor<8xf32>
// CHECK: %1 = stablehlo.broadcast_in_dim %0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8xf32>) -> tensor<8x8xf32>
// CHECK: %2 = stablehlo.broadcast_in_dim %0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8xf32>) -> tensor<8x8xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x16xf32>
// CHECK: %4 = stablehlo.slice %3 [0:8, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>) -> tensor<8x8xf32>
// CHECK: %5 = stablehlo.add %4, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @concatenate_of_a_broadcast_twice(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<8xf32>
  %x = stablehlo.broadcast_in_dim %c, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
  %0 = stablehlo.concatenate %x, %x, dim = 1 : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.slice %0 [0:8, 0:8] : (tensor<8x16xf32>) -> tensor<8x8xf32>
  %2 = stablehlo.add %1, %arg0 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}
