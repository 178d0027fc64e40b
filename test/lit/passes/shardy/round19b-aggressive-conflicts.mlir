// SHARDY: sdy-aggressive-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' \
// RUN:   | FileCheck %s

// Round 19b (single-op sweep): only an elementwise op's results cut a factor's axes for the
// other tensors (aggressive.mlir::result_cuts_factor); any other op's tensors each take what
// they can. And Shardy weighs a factor's source by the product of its factor sizes, so a
// concatenate's operands weigh as much as its result: on a tie the operand's factor goes first
// (sweep concatenate 5003, 5030, dynamic_update_slice 5013, sort 5002, triangular_solve 5024).

// The operand's factor i goes first (all tensors weigh 8x16x16); the result, holding "a" in j,
// does not stop %arg1 from taking it.
// CHECK-LABEL: func.func {{(private )?}}@concatenate_operand_first(
// CHECK-SAME: %arg0: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}, %arg1: tensor<8x16x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}) -> (tensor<8x16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}, {?}]>]>} : (tensor<8x16x4xf32>, tensor<8x16x12xf32>) -> tensor<8x16x16xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @concatenate_operand_first(%arg0: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}, %arg1: tensor<8x16x12xf32>) -> (tensor<8x16x16xf32>) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}, {?}]>]>} : (tensor<8x16x4xf32>, tensor<8x16x12xf32>) -> tensor<8x16x16xf32>
  return %0 : tensor<8x16x16xf32>
}

// -----

// A closed result dim holding a prefix of the factor's axes cuts nothing for the update.
// CHECK-LABEL: func.func {{(private )?}}@closed_result_cuts_nothing(
// CHECK-SAME: %arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}, %arg1: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}, %arg2: tensor<i32>) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {?}]>]>} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<i32>) -> tensor<16x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @closed_result_cuts_nothing(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}, %arg1: tensor<16x16xf32>, %i: tensor<i32>) -> (tensor<16x16xf32>) {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %i, %i {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {?}]>]>} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<i32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// The result holds "b" in j: %arg1 still takes all of i's "a", "b".
// CHECK-LABEL: func.func {{(private )?}}@result_holding_axis_cuts_nothing(
// CHECK-SAME: %arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}, %arg1: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}, %arg2: tensor<i32>) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<i32>) -> tensor<16x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @result_holding_axis_cuts_nothing(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}, %arg1: tensor<16x16xf32>, %i: tensor<i32>) -> (tensor<16x16xf32>) {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %i, %i {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : (tensor<16x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<i32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// A sort's first result holds "a" in j; the second operand takes the first operand's i.
// CHECK-LABEL: func.func {{(private )?}}@sort_result_cuts_nothing(
// CHECK-SAME: %arg0: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}, %arg1: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}) -> (tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}, {?}]>, <@mesh, [{"a", ?}, {?}, {?}]>]>} : (tensor<8x16x4xf32>, tensor<8x16x4xf32>) -> (tensor<8x16x4xf32>, tensor<8x16x4xf32>)
sdy.mesh @mesh = <["a"=4]>
func.func @sort_result_cuts_nothing(%arg0: tensor<8x16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}, %arg1: tensor<8x16x4xf32>) -> (tensor<8x16x4xf32>) {
  %0:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 2 : i64, is_stable = true}> ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>, %a1: tensor<f32>, %b1: tensor<f32>):
    %p = stablehlo.compare GT, %a0, %b0 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"a", ?}, {?}]>, <@mesh, [{?}, {?}, {?}]>]>} : (tensor<8x16x4xf32>, tensor<8x16x4xf32>) -> (tensor<8x16x4xf32>, tensor<8x16x4xf32>)
  return %0#1 : tensor<8x16x4xf32>
}

// -----

// An elementwise op's result still cuts: %arg1 takes only "a" of i (and "b" in j).
// CHECK-LABEL: func.func {{(private )?}}@elementwise_result_cuts(
// CHECK-SAME: %arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}, %arg1: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<16x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @elementwise_result_cuts(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}, %arg1: tensor<16x16xf32>) -> (tensor<16x16xf32>) {
  %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}
