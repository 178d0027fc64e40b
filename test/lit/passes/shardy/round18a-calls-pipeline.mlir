// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 18a (random MLIR campaign, func.call cases): Shardy's pipeline makes a call a named
// computation (sdy-import-func-calls) whose out_sharding is the callee's result sharding, held
// by the data-flow edge on the call's result: it is not a func result, so it is not pushed into
// the callee's returned value before any op propagates. The body propagates from its argument
// first; the export gives the callee's result what the body returns and reshards the call's
// result to the declared sharding. meshjit pushed the callee's closed result sharding into its
// body first (campaign seeds 5158, 5199).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = call @callee_result_not_pushed(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x6xf32>) -> tensor<8x6xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"a":(2)2}, {"a":(1)2}]> : tensor<8x6xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2}, {"a":(1)2}]>]>} : tensor<8x6xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_result_not_pushed(
// CHECK-SAME: %arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.cosine %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x6xf32>
sdy.mesh @mesh = <["a"=4, "b"=8]>
func.func private @callee_result_not_pushed(%x: tensor<8x6xf32>) -> (tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}, {"a":(1)2}]>}) {
  %0 = stablehlo.cosine %x : tensor<8x6xf32>
  return %0 : tensor<8x6xf32>
}
func.func @main(%arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x6xf32> {
  %0 = func.call @callee_result_not_pushed(%arg0) : (tensor<8x6xf32>) -> tensor<8x6xf32>
  %1 = stablehlo.abs %0 : tensor<8x6xf32>
  return %1 : tensor<8x6xf32>
}

// -----

// The same with a user priority on the callee's result (p3 reaches the body after p0 did).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x3x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) -> (tensor<8x3x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) {
// CHECK: %0 = call @callee_result_with_priority(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}, {}]>]>} : (tensor<8x3x6xf32>) -> tensor<8x3x6xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"a":(2)2}, {}, {"a":(1)2}]> : tensor<8x3x6xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}, {}]>]>} : tensor<8x3x6xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_result_with_priority(
// CHECK-SAME: %arg0: tensor<8x3x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) -> (tensor<8x3x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) {
// CHECK: %0 = stablehlo.sqrt %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}, {}]>]>} : tensor<8x3x6xf32>
// CHECK: %1 = stablehlo.cosine %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}, {}]>]>} : tensor<8x3x6xf32>
sdy.mesh @mesh = <["a"=4, "b"=8]>
func.func private @callee_result_with_priority(%x: tensor<8x3x6xf32>) -> (tensor<8x3x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2}p3, {}, {"a":(1)2}]>}) {
  %0 = stablehlo.sqrt %x : tensor<8x3x6xf32>
  %1 = stablehlo.cosine %0 : tensor<8x3x6xf32>
  return %1 : tensor<8x3x6xf32>
}
func.func @main(%arg0: tensor<8x3x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}, {}]>}) -> tensor<8x3x6xf32> {
  %0 = func.call @callee_result_with_priority(%arg0) : (tensor<8x3x6xf32>) -> tensor<8x3x6xf32>
  %1 = stablehlo.abs %0 : tensor<8x3x6xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<8x3x6xf32>
  sdy.sharding_group %1 group_id=0 : tensor<8x3x6xf32>
  return %1 : tensor<8x3x6xf32>
}

// -----

// A call inside a manual computation's body on the body's argument: the argument's sharding is
// the in_sharding's free axes (the manual computation is its data-flow edge owner), which the
// callee's argument already has; Shardy's insert-func-call-reshards adds no reshard. meshjit
// read no sharding on the body argument and resharded it (campaign seed 5197).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "d"}]>}) -> (tensor<12x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "d"}, {"a"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"c", "d"}]>] out_shardings=[<@mesh, [{"c", "d"}, {"a"}]>] manual_axes={"a"} (%arg1: tensor<12xf32>) {
// CHECK: %1 = func.call @callee_in_manual(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "d"}, {}]>]>} : (tensor<12xf32>) -> tensor<12x4xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "d"}, {}]>]>} : tensor<12x4xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_in_manual(
// CHECK-SAME: %arg0: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "d"}]>}) -> (tensor<12x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "d"}, {}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "d"}, {}]>]>} : (tensor<12xf32>) -> tensor<12x4xf32>
sdy.mesh @mesh = <["a"=8, "c"=2, "d"=2]>
func.func private @callee_in_manual(%x: tensor<12xf32>) -> tensor<12x4xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<12xf32>) -> tensor<12x4xf32>
  return %0 : tensor<12x4xf32>
}
func.func @main(%arg0: tensor<12xf32>) -> tensor<12x32xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"c", "d"}]>] out_shardings=[<@mesh, [{?}, {"a"}]>] manual_axes={"a"} (%m: tensor<12xf32>) {
    %1 = func.call @callee_in_manual(%m) : (tensor<12xf32>) -> tensor<12x4xf32>
    %2 = stablehlo.abs %1 : tensor<12x4xf32>
    sdy.return %2 : tensor<12x4xf32>
  } : (tensor<12xf32>) -> tensor<12x32xf32>
  return %0 : tensor<12x32xf32>
}

// -----

// A callee's argument is a named computation's argument behind a data-flow edge while Shardy
// imports: a manual computation taking it gives it nothing, even with an open in_sharding
// (sdy-apply-sharding-constraints skips a value a data-flow edge defines). The argument takes
// "d" from the call operand first, then "c" from the in_sharding ("d" is taken). meshjit gave
// the argument the open in_sharding at import (campaign seed 5075).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"d"}]>}) -> (tensor<8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"b"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"c"}, {}, {"d"}]> : tensor<8x4x4xf32>
// CHECK: %1 = call @callee_argument_into_manual(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"b"}]>]>} : (tensor<8x4x4xf32>) -> tensor<8x4x4xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_argument_into_manual(
// CHECK-SAME: %arg0: tensor<8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"d"}]>}) -> (tensor<8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"b"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"c", "d"}, {}, {"b"}]>] out_shardings=[<@mesh, [{}, {}, {"b"}]>] manual_axes={"b"} (%arg1: tensor<8x4x1xf32>) {
// CHECK: %1 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "d"}, {}, {}]>]>} : tensor<8x4x1xf32>
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2, "d"=2]>
func.func private @callee_argument_into_manual(%x: tensor<8x4x4xf32>) -> tensor<8x4x4xf32> {
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"c", "d"}, {?}, {"b", ?}]>] out_shardings=[<@mesh, [{}, {}, {"b"}]>] manual_axes={"b"} (%l: tensor<8x4x1xf32>) {
    %1 = stablehlo.abs %l : tensor<8x4x1xf32>
    sdy.return %1 : tensor<8x4x1xf32>
  } : (tensor<8x4x4xf32>) -> tensor<8x4x4xf32>
  return %0 : tensor<8x4x4xf32>
}
func.func @main(%arg0: tensor<8x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"d"}]>}) -> tensor<8x4x4xf32> {
  %0 = func.call @callee_argument_into_manual(%arg0) : (tensor<8x4x4xf32>) -> tensor<8x4x4xf32>
  return %0 : tensor<8x4x4xf32>
}

// -----

// The callee's result is exported even ("a" does not divide 3) and the call's result takes it
// before Shardy's explicit reshards run (insert-func-call-reshards comes first): the
// concatenate's operands are then resharded to the concatenate's pick. meshjit evened the call
// result after resharding concatenates, which saw no disagreement (campaign seed 5194).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = call @callee_result_evened(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<8x3xf32>) -> tensor<8x3xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"b", "a"}, {}]> : tensor<8x3xf32>
// CHECK: %2 = sdy.reshard %0 <@mesh, [{"b", "a"}, {}]> : tensor<8x3xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}, {}]>]>} : (tensor<8x3xf32>, tensor<8x3xf32>) -> tensor<8x6xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"b"}, {"a"}]> : tensor<8x6xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_result_evened(
// CHECK-SAME: %arg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<8x3xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @callee_result_evened(%x: tensor<8x3xf32>) -> tensor<8x3xf32> {
  %0 = stablehlo.abs %x : tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}
func.func @main(%arg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> tensor<8x6xf32> {
  %0 = func.call @callee_result_evened(%arg0) : (tensor<8x3xf32>) -> tensor<8x3xf32>
  %1 = stablehlo.concatenate %0, %0, dim = 1 : (tensor<8x3xf32>, tensor<8x3xf32>) -> tensor<8x6xf32>
  return %1 : tensor<8x6xf32>
}

// -----

// A callee's argument taken by a manual computation with a fully closed in_sharding is
// resharded to the in_sharding as the import saw it; the export then cuts the in_sharding where
// it does not divide (65 by "a"=4), after that reshard. meshjit resharded to the cut one
// (campaign seed 40048).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<65xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<130xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = call @callee_uneven_in_sharding(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tensor<65xf32>) -> tensor<130xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_uneven_in_sharding(
// CHECK-SAME: %arg0: tensor<65xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<130xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}]> : tensor<65xf32>
// CHECK: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{"b"}]>] manual_axes={"b"} (%arg1: tensor<65xf32>) {
// CHECK: %2 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<65xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func private @callee_uneven_in_sharding(%x: tensor<65xf32>) -> tensor<130xf32> {
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"b"}]>] manual_axes={"b"} (%l: tensor<65xf32>) {
    %1 = stablehlo.abs %l : tensor<65xf32>
    sdy.return %1 : tensor<65xf32>
  } : (tensor<65xf32>) -> tensor<130xf32>
  return %0 : tensor<130xf32>
}
func.func @main(%arg0: tensor<65xf32>) -> tensor<130xf32> {
  %0 = func.call @callee_uneven_in_sharding(%arg0) : (tensor<65xf32>) -> tensor<130xf32>
  return %0 : tensor<130xf32>
}

// -----

// A call result returned by main, whose result sharding has priority p2: the callee's body
// reaches the call's result edge at p0, main's result only at p2 (too late), so nothing
// differs at the edge and Shardy's export adds no reshard before the return. meshjit resharded
// the call result to main's result sharding as it does for a p0 one (campaign seed 21083).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = call @callee_returned_late_priority(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<16xf32>) -> tensor<16xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_returned_late_priority(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}]> : tensor<16xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=8]>
func.func private @callee_returned_late_priority(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = sdy.sharding_constraint %x <@mesh, [{"a"}]> : tensor<16xf32>
  %1 = stablehlo.abs %0 : tensor<16xf32>
  return %1 : tensor<16xf32>
}
func.func @main(%arg0: tensor<16xf32>) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}p2]>}) {
  %0 = func.call @callee_returned_late_priority(%arg0) : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// The same with main's result at p0: it reaches the edge first, and the call result is
// resharded to it before the return.

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = call @callee_returned_p0(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<16xf32>) -> tensor<16xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"b"}]> : tensor<16xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_returned_p0(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}]> : tensor<16xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=8]>
func.func private @callee_returned_p0(%x: tensor<16xf32>) -> tensor<16xf32> {
  %0 = sdy.sharding_constraint %x <@mesh, [{"a"}]> : tensor<16xf32>
  %1 = stablehlo.abs %0 : tensor<16xf32>
  return %1 : tensor<16xf32>
}
func.func @main(%arg0: tensor<16xf32>) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
  %0 = func.call @callee_returned_p0(%arg0) : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}
