// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 39a: constants in Shardy's pipeline (session 39). Shardy's import copies a constant
// expression per use, and a `sdy.propagation_barrier` or `sdy.reshard` of one belongs to it
// (both carry MLIR's Elementwise trait); its export merges equal constant and scalar-expansion
// copies before it closes their shardings, so copies that differ only in open dims stay apart.

// barrier: a BACKWARD barrier of a constant read by two adds that want different
// shardings: Shardy's import copies the constant and the barrier per use (campaign 74556).
// CHECK-LABEL: func.func {{(private )?}}@barrier_of_constant_split_per_use(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} dense<1.000000e+00> : tensor<8x8xf32>
// CHECK: %1 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} dense<1.000000e+00> : tensor<8x8xf32>
// CHECK: %2 = sdy.propagation_barrier %0 allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %3 = sdy.propagation_barrier %1 allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %4 = stablehlo.add %arg0, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %5 = stablehlo.add %arg1, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: return %4, %5 : tensor<8x8xf32>, tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @barrier_of_constant_split_per_use(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c = stablehlo.constant dense<1.0> : tensor<8x8xf32>
  %b = sdy.propagation_barrier %c allowed_direction=BACKWARD : tensor<8x8xf32>
  %0 = stablehlo.add %arg0, %b : tensor<8x8xf32>
  %1 = stablehlo.add %arg1, %b : tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// reshard: a reshard of a constant read twice is copied per use; the two constant copies
// (alike) merge again in the export.
// CHECK-LABEL: func.func {{(private )?}}@reshard_of_constant_split_per_use(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<1.000000e+00> : tensor<8x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK: %2 = sdy.reshard %0 <@mesh, [{}, {}]> : tensor<8x8xf32>
// CHECK: %3 = stablehlo.add %arg0, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
// CHECK: %4 = stablehlo.add %arg1, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: return %3, %4 : tensor<8x8xf32>, tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @reshard_of_constant_split_per_use(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c = stablehlo.constant dense<1.0> : tensor<8x8xf32>
  %b = sdy.reshard %c <@mesh, [{}, {}]> : tensor<8x8xf32>
  %0 = stablehlo.add %arg0, %b : tensor<8x8xf32>
  %1 = stablehlo.add %arg1, %b : tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// barrier chain: a barrier of a constant and the tanh of it, read three times, one of them by
// a manual computation whose in_sharding takes its copy (campaign 74556 reduced).
// CHECK-LABEL: func.func {{(private )?}}@barrier_and_tanh_of_constant_per_use(
// CHECK-SAME: %arg0: tensor<1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = sdy.constant dense<1.000000e+00> : tensor<1x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<1x8xf32>
// CHECK: %2 = sdy.propagation_barrier %0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<1x8xf32>
// CHECK: %3 = sdy.propagation_barrier %0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<1x8xf32>
// CHECK: %4 = stablehlo.tanh %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<1x8xf32>
// CHECK: %5 = stablehlo.tanh %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<1x8xf32>
// CHECK: %6 = stablehlo.tanh %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<1x8xf32>
// CHECK: %7 = sdy.manual_computation(%4) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<1x4xf32>) {
// CHECK: %10 = stablehlo.reshape %arg1 : (tensor<1x4xf32>) -> tensor<4xf32>
// CHECK: sdy.return %10 : tensor<4xf32>
// CHECK: %8 = stablehlo.add %5, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<1x8xf32>
// CHECK: %9 = stablehlo.add %8, %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<1x8xf32>
// CHECK: return %9, %7 : tensor<1x8xf32>, tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=8]>
func.func @barrier_and_tanh_of_constant_per_use(%arg0: tensor<1x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<1x8xf32>, tensor<8xf32>) {
  %c = stablehlo.constant dense<1.0> : tensor<1x8xf32>
  %b = sdy.propagation_barrier %c allowed_direction=FORWARD : tensor<1x8xf32>
  %t = stablehlo.tanh %b : tensor<1x8xf32>
  %m = sdy.manual_computation(%t) in_shardings=[<@mesh, [{}, {"a"}]>] out_shardings=[<@mesh, [{"a", ?}]>] manual_axes={"a"} (%x: tensor<1x4xf32>) {
    %r = stablehlo.reshape %x : (tensor<1x4xf32>) -> tensor<4xf32>
    sdy.return %r : tensor<4xf32>
  } : (tensor<1x8xf32>) -> tensor<8xf32>
  %0 = stablehlo.add %t, %arg0 : tensor<1x8xf32>
  %1 = stablehlo.add %0, %t : tensor<1x8xf32>
  return %1, %m : tensor<1x8xf32>, tensor<8xf32>
}

// -----

// expansions: two copies of a scalar expansion end alike once closed, but one was closed by a
// constraint and the other open after propagation: Shardy's export merges before it closes, so
// both stay (campaign 36470 extended).
// CHECK-LABEL: func.func {{(private )?}}@expansions_open_and_closed_stay_apart(
// CHECK-SAME: %arg0: tensor<f32>, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>]>} : (tensor<f32>) -> tensor<8xf32>
// CHECK: %1 = stablehlo.broadcast_in_dim %arg0, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>]>} : (tensor<f32>) -> tensor<8xf32>
// CHECK: %2 = sdy.reshard %0 <@mesh, [{"b", "a"}]> : tensor<8xf32>
// CHECK: %3 = stablehlo.maximum %1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>]>} : tensor<8xf32>
// CHECK: %4 = stablehlo.concatenate %3, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
// CHECK: return %4 : tensor<16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @expansions_open_and_closed_stay_apart(%arg0: tensor<f32>, %arg1: tensor<8xf32>) -> tensor<16xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"b", "a"}]> : tensor<8xf32>
  %2 = stablehlo.maximum %0, %arg1 : tensor<8xf32>
  %3 = stablehlo.concatenate %2, %1, dim = 0 : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
  return %3 : tensor<16xf32>
}

// -----

// constants: the same with constants (copies of one constant, one closed by a constraint).
// CHECK-LABEL: func.func {{(private )?}}@constants_open_and_closed_stay_apart(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>]>} dense<2.000000e+00> : tensor<8xf32>
// CHECK: %1 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>]>} dense<2.000000e+00> : tensor<8xf32>
// CHECK: %2 = sdy.reshard %0 <@mesh, [{"b", "a"}]> : tensor<8xf32>
// CHECK: %3 = stablehlo.maximum %1, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>]>} : tensor<8xf32>
// CHECK: %4 = stablehlo.concatenate %3, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
// CHECK: return %4 : tensor<16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @constants_open_and_closed_stay_apart(%arg1: tensor<8xf32>) -> tensor<16xf32> {
  %0 = stablehlo.constant dense<2.0> : tensor<8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"b", "a"}]> : tensor<8xf32>
  %2 = stablehlo.maximum %0, %arg1 : tensor<8xf32>
  %3 = stablehlo.concatenate %2, %1, dim = 0 : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
  return %3 : tensor<16xf32>
}
