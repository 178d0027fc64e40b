// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 20b (unreduced operand axes in the one-op sweep, case 13013): Shardy's export does
// not all-reduce a case's index holding partial sums (a branch's use of another such value it
// does) ...
// CHECK-LABEL: func.func {{(private )?}}@case_index_not_reduced(
// CHECK-SAME: %arg0: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}], unreduced={"a"}>}, %arg2: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, [], unreduced={"a"}>}) -> (tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %1 = sdy.all_reduce {"a"} %arg1 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x12xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x12xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<i32>) -> tensor<8x12xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=4]>
func.func @case_index_not_reduced(%arg0: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}, %arg1: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}], unreduced={"a"}>}, %arg2: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, [], unreduced={"a"}>}) -> tensor<8x12xf32> {
  %0 = "stablehlo.case"(%arg2) ({
    stablehlo.return %arg0 : tensor<8x12xf32>
  }, {
    %w = stablehlo.negate %arg1 : tensor<8x12xf32>
    stablehlo.return %w : tensor<8x12xf32>
  }) : (tensor<i32>) -> tensor<8x12xf32>
  return %0 : tensor<8x12xf32>
}

// -----

// ... while it all-reduces an if's predicate.
// CHECK-LABEL: func.func {{(private )?}}@if_predicate_reduced(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, %arg1: tensor<i1> {sdy.sharding = #sdy.sharding<@mesh, [], unreduced={"a"}>}) -> tensor<8xf32> {
// CHECK: %0 = sdy.all_reduce {"a"} %arg1 out_sharding=<@mesh, []> : tensor<i1>
// CHECK: %2 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : tensor<8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @if_predicate_reduced(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}, %arg1: tensor<i1> {sdy.sharding = #sdy.sharding<@mesh, [], unreduced={"a"}>}) -> tensor<8xf32> {
  %0 = "stablehlo.if"(%arg1) ({
    stablehlo.return %arg0 : tensor<8xf32>
  }, {
    %w = stablehlo.negate %arg0 : tensor<8xf32>
    stablehlo.return %w : tensor<8xf32>
  }) : (tensor<i1>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
