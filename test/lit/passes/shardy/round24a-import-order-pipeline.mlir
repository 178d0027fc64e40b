// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 24a: Shardy's import erases no dead op, so a dead op still reads what it read when the
// import looks at uses: a constraint chain whose first constraint a dead op also reads is no
// chain: the value's later uses keep reading the value (campaign 26103). And a constant's
// copies follow their uses in program order, a use inside a region (a case branch's return)
// placed where the op holding the region is (campaign 27146).

// CHECK-LABEL: func.func {{(private )?}}@chain_with_a_dead_reader(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @chain_with_a_dead_reader(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  %v = stablehlo.abs %arg0 : tensor<8x8xf32>
  %v7 = sdy.sharding_constraint %v <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  %v8 = sdy.sharding_constraint %v7 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %v9 = stablehlo.transpose %v7, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %n = stablehlo.negate %v : tensor<8x8xf32>
  return %n : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@constant_read_in_a_branch_and_after(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} dense<1.000000e+00> : tensor<8x8xf32>
// CHECK: %1 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} dense<1.000000e+00> : tensor<8x8xf32>
// CHECK: %2 = sdy.constant dense<1> : tensor<i32>
// CHECK: %6 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<i32>) -> tensor<8x8xf32>
// CHECK: %4 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK: %5 = sdy.reshard %4 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @constant_read_in_a_branch_and_after(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %c = stablehlo.constant dense<1.000000e+00> : tensor<8x8xf32>
  %i = stablehlo.constant dense<1> : tensor<i32>
  %case = "stablehlo.case"(%i) ({
    stablehlo.return %c : tensor<8x8xf32>
  }, {
    %s = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {}]> : tensor<8x8xf32>
    stablehlo.return %s : tensor<8x8xf32>
  }) : (tensor<i32>) -> tensor<8x8xf32>
  %n = stablehlo.negate %c : tensor<8x8xf32>
  %t = sdy.sharding_constraint %n <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  return %case, %t : tensor<8x8xf32>, tensor<8x8xf32>
}
