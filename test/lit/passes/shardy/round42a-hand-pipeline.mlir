// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 42a: hand-written Shardy-style cases of session 42 (issue 19), one category per group of
// cases (named in the comment above each); all agreed with jaxlib's Shardy when written (the
// same inputs under the basic, aggressive and priority passes agreed too).

// Category: sdy.manual_computation with sub-axes.
// CHECK-LABEL: func.func {{(private )?}}@manual_sub_axis_free(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b", "a":(1)2}, {}]>] out_shardings=[<@mesh, [{"b", "a":(1)2}, {}]>] manual_axes={"b"} (%arg1: tensor<8x8xf32>) {
// CHECK: %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2}, {}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @manual_sub_axis_free(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2}, {}]>}) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b", ?}, {?}]>] out_shardings=[<@mesh, [{"b", ?}, {?}]>] manual_axes={"b"} (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %2 = stablehlo.abs %0 : tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}

// -----

// Category: sdy.manual_computation with sub-axes.
// CHECK-LABEL: func.func {{(private )?}}@manual_body_sub_axis_constraint(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b", "a":(1)2}, {"a":(2)2}]>] out_shardings=[<@mesh, [{"b", "a":(1)2}, {"a":(2)2}]>] manual_axes={"b"} (%arg1: tensor<8x8xf32>) {
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)2}]>]>} : tensor<8x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"a":(1)2}, {"a":(2)2}]> : tensor<8x8xf32>
// CHECK: %3 = stablehlo.abs %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)2}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @manual_body_sub_axis_constraint(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b", ?}, {?}]>] out_shardings=[<@mesh, [{"b", ?}, {?}]>] manual_axes={"b"} (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    %2 = sdy.sharding_constraint %1 <@mesh, [{"a":(1)2}, {"a":(2)2}]> : tensor<8x8xf32>
    %3 = stablehlo.abs %2 : tensor<8x8xf32>
    sdy.return %3 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// Category: sdy.manual_computation with sub-axes.
// CHECK-LABEL: func.func {{(private )?}}@manual_reshape_in_body(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}, {}]>] out_shardings=[<@mesh, [{"a", "b"}, {}]>] manual_axes={"a"} (%arg1: tensor<4x8xf32>) {
// CHECK: %1 = stablehlo.reshape %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tensor<4x8xf32>) -> tensor<32xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"b"}]> : tensor<32xf32>
// CHECK: %3 = stablehlo.reshape %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<32xf32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @manual_reshape_in_body(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", ?}, {?}]>] out_shardings=[<@mesh, [{"a", ?}, {?}]>] manual_axes={"a"} (%arg1: tensor<4x8xf32>) {
    %1 = stablehlo.reshape %arg1 : (tensor<4x8xf32>) -> tensor<32xf32>
    %2 = sdy.sharding_constraint %1 <@mesh, [{"b"}]> : tensor<32xf32>
    %3 = stablehlo.reshape %2 : (tensor<32xf32>) -> tensor<4x8xf32>
    sdy.return %3 : tensor<4x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// Category: sdy.manual_computation with sub-axes.
// CHECK-LABEL: func.func {{(private )?}}@manual_nested_sub_axes(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "b"}, {}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a":(1)2, "b"}, {}]>] out_shardings=[<@mesh, [{"a":(1)2, "b"}, {}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @manual_nested_sub_axes(%arg0: tensor<16x8xf32>) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "b"}, {}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a":(1)2, ?}, {?}]>] out_shardings=[<@mesh, [{"a":(1)2, ?}, {?}]>] manual_axes={"a"} (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// Category: sdy.manual_computation with sub-axes.
// CHECK-LABEL: func.func {{(private )?}}@manual_out_free_axis_from_user(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b"}, {"a":(2)2}]>] out_shardings=[<@mesh, [{"b"}, {"a":(2)2}]>] manual_axes={"b"} (%arg1: tensor<8x8xf32>) {
// CHECK: %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a":(2)2}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"b"}, {"a":(2)2}]> : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @manual_out_free_axis_from_user(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b"}, {?}]>] out_shardings=[<@mesh, [{"b"}, {?}]>] manual_axes={"b"} (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %2 = sdy.sharding_constraint %0 <@mesh, [{"b"}, {"a":(2)2}]> : tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}

// -----

// Category: sharding groups across while loops.
// CHECK-LABEL: func.func {{(private )?}}@group_loop_result_and_arg(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %0) : tensor<16x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, []>]>}
// CHECK: %4 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x8xf32>
// CHECK: %3 = stablehlo.add %2#0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @group_loop_result_and_arg(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%i = %arg1, %k = %c) : tensor<16x8xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %k, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.negate %i : tensor<16x8xf32>
    stablehlo.return %n, %k : tensor<16x8xf32>, tensor<i32>
  }
  sdy.sharding_group %0#0 group_id=0 : tensor<16x8xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<16x8xf32>
  %1 = stablehlo.add %0#0, %arg0 : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

// Category: sharding groups across while loops.
// CHECK-LABEL: func.func {{(private )?}}@group_in_loop_body(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1, %iterArg_1 = %0) : tensor<16x8xf32>, tensor<16x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>, <@mesh, [{}, {"b"}]>, <@mesh, []>]>}
// CHECK: %3 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: %4 = stablehlo.abs %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @group_in_loop_body(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:3 = stablehlo.while(%i = %arg0, %j = %arg1, %k = %c) : tensor<16x8xf32>, tensor<16x8xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %k, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.negate %i : tensor<16x8xf32>
    %m = stablehlo.abs %j : tensor<16x8xf32>
    sdy.sharding_group %n group_id=5 : tensor<16x8xf32>
    sdy.sharding_group %m group_id=5 : tensor<16x8xf32>
    stablehlo.return %n, %m, %k : tensor<16x8xf32>, tensor<16x8xf32>, tensor<i32>
  }
  return %0#1 : tensor<16x8xf32>
}

// -----

// Category: sharding groups across while loops.
// CHECK-LABEL: func.func {{(private )?}}@group_two_loops(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<16x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, []>]>}
// CHECK: %4 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: %3:2 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %0) : tensor<16x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, []>]>}
// CHECK: %4 = stablehlo.abs %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @group_two_loops(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32>) -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%i = %arg0, %k = %c) : tensor<16x8xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %k, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.negate %i : tensor<16x8xf32>
    stablehlo.return %n, %k : tensor<16x8xf32>, tensor<i32>
  }
  %1:2 = stablehlo.while(%i = %arg1, %k = %c) : tensor<16x8xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %k, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.abs %i : tensor<16x8xf32>
    stablehlo.return %n, %k : tensor<16x8xf32>, tensor<i32>
  }
  sdy.sharding_group %0#0 group_id=1 : tensor<16x8xf32>
  sdy.sharding_group %1#0 group_id=1 : tensor<16x8xf32>
  return %0#0, %1#0 : tensor<16x8xf32>, tensor<16x8xf32>
}

// -----

// Category: sharding groups across while loops.
// CHECK-LABEL: func.func {{(private )?}}@group_loop_open_and_closed(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<16x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>, <@mesh, []>]>}
// CHECK: %4 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<16x8xf32>
// CHECK: %5 = sdy.reshard %4 <@mesh, [{}, {"a"}]> : tensor<16x8xf32>
// CHECK: %3 = stablehlo.multiply %2#0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @group_loop_open_and_closed(%arg0: tensor<16x8xf32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) -> tensor<16x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%i = %arg0, %k = %c) : tensor<16x8xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %k, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.negate %i : tensor<16x8xf32>
    %s = sdy.sharding_constraint %n <@mesh, [{}, {"a"}]> : tensor<16x8xf32>
    stablehlo.return %s, %k : tensor<16x8xf32>, tensor<i32>
  }
  sdy.sharding_group %0#0 group_id=2 : tensor<16x8xf32>
  sdy.sharding_group %arg1 group_id=2 : tensor<16x8xf32>
  %1 = stablehlo.multiply %0#0, %arg1 : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

// Category: propagation_barrier directions.
// CHECK-LABEL: func.func {{(private )?}}@barrier_forward_into_dot(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x8xf32>
// CHECK: %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @barrier_forward_into_dot(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x32xf32>) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD : tensor<16x8xf32>
  %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// Category: propagation_barrier directions.
// CHECK-LABEL: func.func {{(private )?}}@barrier_backward_from_result(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @barrier_backward_from_result(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<16x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD : tensor<16x8xf32>
  %2 = stablehlo.abs %1 : tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}

// -----

// Category: propagation_barrier directions.
// CHECK-LABEL: func.func {{(private )?}}@barrier_none_between_constraints(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {}]> : tensor<16x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=NONE {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}, {"b"}]> : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @barrier_none_between_constraints(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}, {}]> : tensor<16x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=NONE : tensor<16x8xf32>
  %2 = stablehlo.negate %1 : tensor<16x8xf32>
  %3 = sdy.sharding_constraint %2 <@mesh, [{}, {"b"}]> : tensor<16x8xf32>
  return %3 : tensor<16x8xf32>
}

// -----

// Category: propagation_barrier directions.
// CHECK-LABEL: func.func {{(private )?}}@barrier_forward_reshape_sub_axes(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<8x4xf32>) -> tensor<32xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<32xf32>
// CHECK: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)2}]>]>} : (tensor<32xf32>) -> tensor<2x16xf32>
// CHECK: %3 = stablehlo.negate %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)2}]>]>} : tensor<2x16xf32>
// CHECK: %4 = stablehlo.reshape %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<2x16xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @barrier_forward_reshape_sub_axes(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x4xf32>) -> tensor<32xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=FORWARD : tensor<32xf32>
  %2 = stablehlo.reshape %1 : (tensor<32xf32>) -> tensor<2x16xf32>
  %3 = stablehlo.negate %2 : tensor<2x16xf32>
  %4 = stablehlo.reshape %3 : (tensor<2x16xf32>) -> tensor<32xf32>
  return %4 : tensor<32xf32>
}

// -----

// Category: propagation_barrier directions.
// CHECK-LABEL: func.func {{(private )?}}@barrier_backward_two_users(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x8xf32>
// CHECK: %2 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @barrier_backward_two_users(%arg0: tensor<16x8xf32>) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<16x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=BACKWARD : tensor<16x8xf32>
  %2 = stablehlo.abs %0 : tensor<16x8xf32>
  return %1, %2 : tensor<16x8xf32>, tensor<16x8xf32>
}

// -----

// Category: unreduced axes on dot/reduce.
// CHECK-LABEL: func.func {{(private )?}}@dot_result_unreduced(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dot_result_unreduced(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"a"}>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

// Category: unreduced axes on dot/reduce.
// CHECK-LABEL: func.func {{(private )?}}@dot_unreduced_then_add(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}], unreduced={"a"}>]>} : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"b"}, {}], unreduced={"a"}> : tensor<16x32xf32>
// CHECK: %2 = sdy.all_reduce {"a"} %1 out_sharding=<@mesh, [{"b"}, {}]> : tensor<16x32xf32>
// CHECK: %3 = sdy.all_reduce {"a"} %1 out_sharding=<@mesh, [{"b"}, {}]> : tensor<16x32xf32>
// CHECK: %4 = stablehlo.add %3, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<16x32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dot_unreduced_then_add(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<16x32xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"b"}, {}], unreduced={"a"}> : tensor<16x32xf32>
  %2 = stablehlo.add %1, %1 : tensor<16x32xf32>
  return %2 : tensor<16x32xf32>
}

// -----

// Category: unreduced axes on dot/reduce.
// CHECK-LABEL: func.func {{(private )?}}@reduce_unreduced(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}], unreduced={"a"}>}) {
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.add across dimensions = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
// CHECK: %2 = sdy.replicated_to_unreduced {"a"} %1 out_sharding=<@mesh, [{"b"}], unreduced={"a"}> : tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reduce_unreduced(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}], unreduced={"a"}>}) {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// Category: unreduced axes on dot/reduce.
// CHECK-LABEL: func.func {{(private )?}}@dot_partial_unreduced(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"b"}>}) {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dot_partial_unreduced(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"b"}>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

// Category: unreduced axes on dot/reduce.
// CHECK-LABEL: func.func {{(private )?}}@unreduced_arg_into_negate(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}], unreduced={"a"}>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = sdy.all_reduce {"a"} %arg0 out_sharding=<@mesh, [{"b"}, {}]> : tensor<16x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<16x8xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @unreduced_arg_into_negate(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}], unreduced={"a"}>}) -> tensor<16x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<16x8xf32>
  %1 = stablehlo.abs %0 : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

// Category: unreduced axes on dot/reduce.
// CHECK-LABEL: func.func {{(private )?}}@batched_dot_unreduced(
// CHECK-SAME: %arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"a"}]>}, %arg1: tensor<4x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}, {}]>}) -> (tensor<4x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}], unreduced={"a"}>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}, {}]>]>} : (tensor<4x16x8xf32>, tensor<4x8x32xf32>) -> tensor<4x16x32xf32>
// CHECK: %1 = sdy.replicated_to_unreduced {"a"} %0 out_sharding=<@mesh, [{"b"}, {}, {}], unreduced={"a"}> : tensor<4x16x32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @batched_dot_unreduced(%arg0: tensor<4x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {"a"}]>}, %arg1: tensor<4x8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}, {}]>}) -> (tensor<4x16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}, {}], unreduced={"a"}>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x16x8xf32>, tensor<4x8x32xf32>) -> tensor<4x16x32xf32>
  return %0 : tensor<4x16x32xf32>
}

// -----

// Category: mixed: manual/group/priority/unreduced/sub-axes/calls.
// CHECK-LABEL: func.func {{(private )?}}@manual_sub_axis_manual(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b", "a"}, {}]>] out_shardings=[<@mesh, [{"b"}, {"a":(1)4}]>] manual_axes={"b"} (%arg1: tensor<8x8xf32>) {
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @manual_sub_axis_manual(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b", "a", ?}, {?}]>] out_shardings=[<@mesh, [{"b", ?}, {"a":(1)4, ?}]>] manual_axes={"b"} (%arg1: tensor<8x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
    sdy.return %1 : tensor<8x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// Category: mixed: manual/group/priority/unreduced/sub-axes/calls.
// CHECK-LABEL: func.func {{(private )?}}@group_while_manual(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32>) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %0) : tensor<16x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, []>]>}
// CHECK: %3 = sdy.manual_computation(%iterArg) in_shardings=[<@mesh, [{"b"}, {}]>] out_shardings=[<@mesh, [{"b"}, {}]>] manual_axes={"b"} (%arg2: tensor<8x8xf32>) {
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @group_while_manual(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:2 = stablehlo.while(%i = %arg1, %k = %c) : tensor<16x8xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %k, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = sdy.manual_computation(%i) in_shardings=[<@mesh, [{"b", ?}, {?}]>] out_shardings=[<@mesh, [{"b", ?}, {?}]>] manual_axes={"b"} (%x: tensor<8x8xf32>) {
      %y = stablehlo.negate %x : tensor<8x8xf32>
      sdy.return %y : tensor<8x8xf32>
    } : (tensor<16x8xf32>) -> tensor<16x8xf32>
    stablehlo.return %n, %k : tensor<16x8xf32>, tensor<i32>
  }
  sdy.sharding_group %0#0 group_id=0 : tensor<16x8xf32>
  sdy.sharding_group %arg0 group_id=0 : tensor<16x8xf32>
  return %0#0 : tensor<16x8xf32>
}

// -----

// Category: mixed: manual/group/priority/unreduced/sub-axes/calls.
// CHECK-LABEL: func.func {{(private )?}}@priority_through_barrier(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg1 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<16x8xf32>
// CHECK: %1 = stablehlo.add %arg0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @priority_through_barrier(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p1, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}p0, {?}]>}) -> tensor<16x8xf32> {
  %0 = sdy.propagation_barrier %arg1 allowed_direction=FORWARD : tensor<16x8xf32>
  %1 = stablehlo.add %arg0, %0 : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

// Category: mixed: manual/group/priority/unreduced/sub-axes/calls.
// CHECK-LABEL: func.func {{(private )?}}@unreduced_through_while(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<16x32xf32> {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"a"}>]>} : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {}], unreduced={"a"}> : tensor<16x32xf32>
// CHECK: %2 = sdy.all_reduce {"a"} %1 out_sharding=<@mesh, [{}, {}]> : tensor<16x32xf32>
// CHECK: %3 = sdy.constant dense<0> : tensor<i32>
// CHECK: %4 = sdy.constant dense<4> : tensor<i32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @unreduced_through_while(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<16x32xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {}], unreduced={"a"}> : tensor<16x32xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %2:2 = stablehlo.while(%i = %1, %k = %c) : tensor<16x32xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %k, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.add %i, %i : tensor<16x32xf32>
    stablehlo.return %n, %k : tensor<16x32xf32>, tensor<i32>
  }
  return %2#0 : tensor<16x32xf32>
}

// -----

// Category: mixed: manual/group/priority/unreduced/sub-axes/calls.
// CHECK-LABEL: func.func {{(private )?}}@reshape_sub_axes_across_dims(
// CHECK-SAME: %arg0: tensor<2x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2, "b"}, {}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : (tensor<2x4x4xf32>) -> tensor<32xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_sub_axes_across_dims(%arg0: tensor<2x4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2, "b"}, {}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x4x4xf32>) -> tensor<32xf32>
  %1 = stablehlo.negate %0 : tensor<32xf32>
  return %1 : tensor<32xf32>
}

// -----

// Category: mixed: manual/group/priority/unreduced/sub-axes/calls.
// CHECK-LABEL: func.func {{(private )?}}@case_group_constraint(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: %1 = sdy.reshard %arg2 <@mesh, [{}, {"b"}]> : tensor<16x8xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<i32>) -> tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @case_group_constraint(%arg0: tensor<i32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = "stablehlo.case"(%arg0) ({
    %n = stablehlo.negate %arg1 : tensor<16x8xf32>
    stablehlo.return %n : tensor<16x8xf32>
  }, {
    %m = sdy.sharding_constraint %arg2 <@mesh, [{}, {"b"}]> : tensor<16x8xf32>
    stablehlo.return %m : tensor<16x8xf32>
  }) : (tensor<i32>) -> tensor<16x8xf32>
  sdy.sharding_group %0 group_id=3 : tensor<16x8xf32>
  sdy.sharding_group %arg2 group_id=3 : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// Category: mixed: manual/group/priority/unreduced/sub-axes/calls.
// CHECK-LABEL: func.func {{(private )?}}@dot_size_one_contracting_sub_axes(
// CHECK-SAME: %arg0: tensor<16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}, %arg1: tensor<1x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a":(2)2}]>}) -> (tensor<16x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"a":(2)2, "b"}]>]>} : (tensor<16x1xf32>, tensor<1x6xf32>) -> tensor<16x6xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dot_size_one_contracting_sub_axes(%arg0: tensor<16x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}, %arg1: tensor<1x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a":(2)2, "b"}]>}) -> tensor<16x6xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<16x1xf32>, tensor<1x6xf32>) -> tensor<16x6xf32>
  return %0 : tensor<16x6xf32>
}

// -----

// Category: mixed: manual/group/priority/unreduced/sub-axes/calls.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"b"}, {"a"}]> : tensor<16x8xf32>
// CHECK: %1 = call @callee(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK: %2 = call @callee(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : (tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<16x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"b"}, {"a"}]> : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func private @callee(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<16x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{"b"}, {?}]> : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}
func.func @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %0 = func.call @callee(%arg0) : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %1 = func.call @callee(%0) : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0, %1 : tensor<16x8xf32>, tensor<16x8xf32>
}

// -----

// Category: meshes.
// CHECK-LABEL: func.func {{(private )?}}@device_order_differs(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh_t, [{}, {"b"}]>}) -> tensor<16x8xf32> {
// CHECK: %0 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_t, [{}, {"b"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
sdy.mesh @mesh_t = <["a"=4, "b"=2], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
func.func @device_order_differs(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh_t, [{}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.negate %arg1 : tensor<16x8xf32>
  %1 = stablehlo.add %arg0, %0 : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

// Category: meshes.
// CHECK-LABEL: func.func {{(private )?}}@identical_meshes_are_one(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
sdy.mesh @copy = <["a"=4, "b"=2]>
func.func @identical_meshes_are_one(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@copy, [{}, {"b"}]>}) -> tensor<16x8xf32> {
  %1 = stablehlo.add %arg0, %arg1 : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

// Category: meshes.
// CHECK-LABEL: func.func {{(private )?}}@empty_mesh_constraint(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<16x8xf32> {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@empty, [{}, {}]>]>} : tensor<16x8xf32>
// CHECK: %1 = sdy.reshard %0 <@empty, [{}, {}]> : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
sdy.mesh @empty = <[]>
func.func @empty_mesh_constraint(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<16x8xf32>
  %1 = sdy.sharding_constraint %0 <@empty, [{}, {}]> : tensor<16x8xf32>
  %2 = stablehlo.abs %1 : tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}

// -----

// Category: meshes.
// CHECK-LABEL: func.func {{(private )?}}@constraint_on_other_mesh_mid_chain(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@other, [{}, {"c"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@other, [{}, {"c"}]>]>} : tensor<16x8xf32>
// CHECK: %1 = sdy.reshard %0 <@other, [{}, {"c"}]> : tensor<16x8xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@other, [{}, {"c"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
sdy.mesh @other = <["c"=8]>
func.func @constraint_on_other_mesh_mid_chain(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<16x8xf32>
  %1 = sdy.sharding_constraint %0 <@other, [{}, {"c"}]> : tensor<16x8xf32>
  %2 = stablehlo.abs %1 : tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}

// -----

// Category: export as Shardy's pipeline.
// CHECK-LABEL: func.func {{(private )?}}@constant_two_users_two_shardings(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} dense<2.000000e+00> : tensor<16x8xf32>
// CHECK: %1 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} dense<2.000000e+00> : tensor<16x8xf32>
// CHECK: %2 = stablehlo.add %arg0, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x8xf32>
// CHECK: %3 = stablehlo.multiply %arg1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @constant_two_users_two_shardings(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %c = stablehlo.constant dense<2.0> : tensor<16x8xf32>
  %0 = stablehlo.add %arg0, %c : tensor<16x8xf32>
  %1 = stablehlo.multiply %arg1, %c : tensor<16x8xf32>
  return %0, %1 : tensor<16x8xf32>, tensor<16x8xf32>
}

// -----

// Category: export as Shardy's pipeline.
// CHECK-LABEL: func.func {{(private )?}}@iota_broadcast_split(
// CHECK-SAME: %arg0: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<16xi32>
// CHECK: %2 = stablehlo.broadcast_in_dim %0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<16xi32>) -> tensor<16x8xi32>
// CHECK: %3 = stablehlo.broadcast_in_dim %1, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<16xi32>) -> tensor<16x8xi32>
// CHECK: %4 = stablehlo.add %arg0, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x8xi32>
// CHECK: %5 = stablehlo.add %arg1, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<16x8xi32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @iota_broadcast_split(%arg0: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x8xi32>, tensor<16x8xi32>) {
  %i = stablehlo.iota dim = 0 : tensor<16xi32>
  %b = stablehlo.broadcast_in_dim %i, dims = [0] : (tensor<16xi32>) -> tensor<16x8xi32>
  %0 = stablehlo.add %arg0, %b : tensor<16x8xi32>
  %1 = stablehlo.add %arg1, %b : tensor<16x8xi32>
  return %0, %1 : tensor<16x8xi32>, tensor<16x8xi32>
}

// -----

// Category: export as Shardy's pipeline.
// CHECK-LABEL: func.func {{(private )?}}@constraint_becomes_reshard(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {"b"}]> : tensor<16x8xf32>
// CHECK: %2 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<16x8xf32>
// CHECK: %3 = stablehlo.add %1, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @constraint_becomes_reshard(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<16x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"b"}]> : tensor<16x8xf32>
  %2 = stablehlo.abs %0 : tensor<16x8xf32>
  %3 = stablehlo.add %1, %2 : tensor<16x8xf32>
  return %3 : tensor<16x8xf32>
}

// -----

// Category: export as Shardy's pipeline.
// CHECK-LABEL: func.func {{(private )?}}@unreduced_dot_into_add(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<16x32xf32>) -> tensor<16x32xf32> {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"a"}>]>} : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
// CHECK: %1 = sdy.all_reduce {"a"} %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @unreduced_dot_into_add(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"a"}>]>} : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
  %1 = stablehlo.add %0, %arg2 : tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// Category: export as Shardy's pipeline.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = call @f(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK: %1 = call @f(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@f(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func private @f(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
func.func @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %0 = func.call @f(%arg0) : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %1 = func.call @f(%arg1) : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0, %1 : tensor<16x8xf32>, tensor<16x8xf32>
}

// -----

// Category: export as Shardy's pipeline.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = call @g(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK: %1 = call @g_0(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@g(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@g_0(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func private @g(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
func.func @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %0 = func.call @g(%arg0) : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %1 = func.call @g(%arg1) : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0, %1 : tensor<16x8xf32>, tensor<16x8xf32>
}

// -----

// Category: export as Shardy's pipeline.
// CHECK-LABEL: func.func {{(private )?}}@uneven_result_made_even(
// CHECK-SAME: %arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {}]>]>} : tensor<6x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @uneven_result_made_even(%arg0: tensor<6x8xf32>) -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

// -----

// Category: export as Shardy's pipeline.
// CHECK-LABEL: func.func {{(private )?}}@uneven_arg_made_even(
// CHECK-SAME: %arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a"}, {}]>]>} : tensor<6x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @uneven_arg_made_even(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}, {}]>}) -> tensor<6x8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<6x8xf32>
  return %0 : tensor<6x8xf32>
}

// -----

// Category: op priority and odd ops (host offload, tokens, scalars, bitcast, dynamic_update_slice).
// CHECK-LABEL: func.func {{(private )?}}@move_to_host_chain(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
// CHECK: %1 = stablehlo.custom_call @MoveToHost(%0) {backend_config = "", sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK: %2 = stablehlo.custom_call @MoveToDevice(%1) {backend_config = "", sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : (tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"b"}, {}]> : tensor<16x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @move_to_host_chain(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<16x16xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
  %1 = stablehlo.custom_call @MoveToHost(%0) {backend_config = ""} : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %2 = stablehlo.custom_call @MoveToDevice(%1) {backend_config = ""} : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %3 = sdy.sharding_constraint %2 <@mesh, [{"b", ?}, {?}]> : tensor<16x16xf32>
  return %3 : tensor<16x16xf32>
}

// -----

// Category: op priority and odd ops (host offload, tokens, scalars, bitcast, dynamic_update_slice).
// CHECK-LABEL: func.func {{(private )?}}@token_passes(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: !stablehlo.token) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, !stablehlo.token) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @token_passes(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: !stablehlo.token) -> (tensor<16x8xf32>, !stablehlo.token) {
  %0 = stablehlo.negate %arg0 : tensor<16x8xf32>
  %1 = stablehlo.after_all %arg1 : !stablehlo.token
  return %0, %1 : tensor<16x8xf32>, !stablehlo.token
}

// -----

// Category: op priority and odd ops (host offload, tokens, scalars, bitcast, dynamic_update_slice).
// CHECK-LABEL: func.func {{(private )?}}@scalar_and_broadcast(
// CHECK-SAME: %arg0: tensor<f32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<f32>) -> tensor<16x8xf32>
// CHECK: %1 = stablehlo.multiply %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @scalar_and_broadcast(%arg0: tensor<f32>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
  %1 = stablehlo.multiply %0, %arg1 : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

// Category: op priority and odd ops (host offload, tokens, scalars, bitcast, dynamic_update_slice).
// CHECK-LABEL: func.func {{(private )?}}@select_with_broadcast_pred(
// CHECK-SAME: %arg0: tensor<16x8xi1> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.select %arg0, %arg1, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<16x8xi1>, tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @select_with_broadcast_pred(%arg0: tensor<16x8xi1>, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<16x8xi1>, tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// Category: op priority and odd ops (host offload, tokens, scalars, bitcast, dynamic_update_slice).
// CHECK-LABEL: func.func {{(private )?}}@bitcast_convert_narrow(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x8x2xbf16> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}]>}) {
// CHECK: %0 = stablehlo.bitcast_convert %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}, {}]>]>} : (tensor<16x8xf32>) -> tensor<16x8x2xbf16>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @bitcast_convert_narrow(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x8x2xbf16> {
  %0 = stablehlo.bitcast_convert %arg0 : (tensor<16x8xf32>) -> tensor<16x8x2xbf16>
  return %0 : tensor<16x8x2xbf16>
}

// -----

// Category: op priority and odd ops (host offload, tokens, scalars, bitcast, dynamic_update_slice).
// CHECK-LABEL: func.func {{(private )?}}@dus_and_slice(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<i32>) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %arg2, %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<16x8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @dus_and_slice(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<4x8xf32>, %i: tensor<i32>) -> tensor<16x8xf32> {
  %0 = stablehlo.dynamic_update_slice %arg0, %arg1, %i, %i : (tensor<16x8xf32>, tensor<4x8xf32>, tensor<i32>, tensor<i32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
