// SHARDY: sdy-user-priority-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Propagation barriers, loops, calls, tokens and sub-axes through Shardy's bare user-priority
// pass (no import steps).

// CHECK-LABEL: func.func {{(private )?}}@barrier_none(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = sdy.propagation_barrier %0 allowed_direction=NONE {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @barrier_none(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=NONE : tensor<8x8xf32>
  %2 = stablehlo.abs %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@barrier_forward_chain(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @barrier_forward_chain(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> tensor<8x8xf32> {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=FORWARD : tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@barrier_backward_chain(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", ?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0 = sdy.propagation_barrier %arg0 allowed_direction=BACKWARD {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @barrier_backward_chain(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> tensor<8x8xf32> {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=BACKWARD : tensor<8x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@constraint_on_block_arg_of_while(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %c) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>, <@mesh, []>]>}
// CHECK: %1 = sdy.sharding_constraint %iterArg <@mesh, [{?}, {"b"}]> : tensor<8x8xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @constraint_on_block_arg_of_while(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %3 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    %3 = sdy.sharding_constraint %iterArg <@mesh, [{?}, {"b"}]> : tensor<8x8xf32>
    %4 = stablehlo.negate %3 : tensor<8x8xf32>
    stablehlo.return %4, %iterArg_2 : tensor<8x8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@unreduced_through_elementwise(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"a"}>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @unreduced_through_elementwise(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}], unreduced={"a"}>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.add %0, %0 : tensor<8x8xf32>
  %2 = stablehlo.negate %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@unreduced_with_sharded_dim(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}], unreduced={"a"}>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @unreduced_with_sharded_dim(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {?}], unreduced={"a"}>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@while_two_loops_chained(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %1:2 = stablehlo.while(%iterArg = %0#0, %iterArg_0 = %c) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>, <@mesh, []>]>}
// CHECK: %2 = sdy.sharding_constraint %iterArg <@mesh, [{?}, {"b", ?}]> : tensor<8x8xf32>
// CHECK: %3 = stablehlo.abs %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @while_two_loops_chained(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %3 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    %3 = stablehlo.negate %iterArg : tensor<8x8xf32>
    stablehlo.return %3, %iterArg_2 : tensor<8x8xf32>, tensor<i32>
  }
  %1:2 = stablehlo.while(%iterArg = %0#0, %iterArg_2 = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %3 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    %3 = sdy.sharding_constraint %iterArg <@mesh, [{?}, {"b", ?}]> : tensor<8x8xf32>
    %4 = stablehlo.abs %3 : tensor<8x8xf32>
    stablehlo.return %4, %iterArg_2 : tensor<8x8xf32>, tensor<i32>
  }
  return %1#0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@nested_while(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x8xf32> {
// CHECK: %1:2 = stablehlo.while(%iterArg_1 = %iterArg, %iterArg_2 = %c) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>, <@mesh, []>]>}
// CHECK: %2 = stablehlo.multiply %iterArg_1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @nested_while(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %3 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    %5:2 = stablehlo.while(%iterArg_3 = %iterArg, %iterArg_4 = %c) : tensor<8x8xf32>, tensor<i32>
      cond {
      %6 = stablehlo.compare LT, %iterArg_4, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %6 : tensor<i1>
    } do {
      %6 = stablehlo.multiply %iterArg_3, %arg1 : tensor<8x8xf32>
      stablehlo.return %6, %iterArg_4 : tensor<8x8xf32>, tensor<i32>
    }
    stablehlo.return %5#0, %iterArg_2 : tensor<8x8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_in_while(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) {
// CHECK: %0:2 = stablehlo.while(%iterArg = %arg1, %iterArg_0 = %c) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>, <@mesh, []>]>}
// CHECK: %2 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK: %2 = sdy.sharding_constraint %iterArg <@mesh, [{?}, {"b"}]> : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @case_in_while(%arg0: tensor<i32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg1, %iterArg_2 = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %3 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    %3 = "stablehlo.case"(%arg0) ({
      %4 = stablehlo.negate %iterArg : tensor<8x8xf32>
      stablehlo.return %4 : tensor<8x8xf32>
    }, {
      %4 = sdy.sharding_constraint %iterArg <@mesh, [{?}, {"b"}]> : tensor<8x8xf32>
      stablehlo.return %4 : tensor<8x8xf32>
    }) : (tensor<i32>) -> tensor<8x8xf32>
    stablehlo.return %3, %iterArg_2 : tensor<8x8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@callee_with_constraint(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> tensor<8x8xf32> {
// CHECK: %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x8xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @callee_with_constraint(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  %1 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<8x8xf32> {
  %0 = call @callee_with_constraint(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = stablehlo.abs %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@callee_priority(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> tensor<8x8xf32> {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b", ?}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func private @callee_priority(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"b", ?}]>}) -> tensor<8x8xf32> {
  %1 = stablehlo.negate %arg0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = call @callee_priority(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = call @callee_priority(%arg1) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@token_through_ops(
// CHECK-SAME: %arg0: !stablehlo.token, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (!stablehlo.token, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @token_through_ops(%arg0: !stablehlo.token, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (!stablehlo.token, tensor<8x8xf32>) {
  %0 = stablehlo.after_all %arg0, %arg0 : !stablehlo.token
  %1 = stablehlo.negate %arg1 : tensor<8x8xf32>
  return %0, %1 : !stablehlo.token, tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@optimization_barrier_tuple_like(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<i32>) -> (tensor<8x8xf32>, tensor<i32>) {
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @optimization_barrier_tuple_like(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<i32>) -> (tensor<8x8xf32>, tensor<i32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x8xf32>, tensor<i32>
  %1 = stablehlo.negate %0#0 : tensor<8x8xf32>
  return %1, %0#1 : tensor<8x8xf32>, tensor<i32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_split_dim_major_sub_axis(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}]>]>} : (tensor<16xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_split_dim_major_sub_axis(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_split_dim_three_ways(
// CHECK-SAME: %arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<2x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}, {?}]>]>} : (tensor<64xf32>) -> tensor<2x4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_split_dim_three_ways(%arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<2x4x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<64xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_merge_dims_with_sub_axes(
// CHECK-SAME: %arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : (tensor<2x8xf32>) -> tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_merge_dims_with_sub_axes(%arg0: tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}) -> tensor<16xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x8xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_merge_dims_major_not_full(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : (tensor<4x8xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_merge_dims_major_not_full(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> tensor<32xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_minor_non_divisible(
// CHECK-SAME: %arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}]>]>} : (tensor<6x4xf32>) -> tensor<24xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_minor_non_divisible(%arg0: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<24xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6x4xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_split_non_divisible(
// CHECK-SAME: %arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {?}]>]>} : (tensor<24xf32>) -> tensor<6x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_split_non_divisible(%arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<6x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<24xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_backward_split(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}, {"a", ?}]>]>} : (tensor<32xf32>) -> tensor<4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_backward_split(%arg0: tensor<32xf32>) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_backward_sub_axis_result(
// CHECK-SAME: %arg0: tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}]>}) -> (tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2, "b"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}]>]>} : (tensor<32xf32>) -> tensor<2x16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_backward_sub_axis_result(%arg0: tensor<32xf32>) -> (tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2, "b"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<32xf32>) -> tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dim_too_small_takes_sub_axis(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [1, 0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)4, ?}, {"a":(4)2, ?}, {?}]>]>} : (tensor<16x8xf32>) -> tensor<4x4x8xf32>
// CHECK: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<4x4x8xf32>) -> tensor<16x8xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @dim_too_small_takes_sub_axis(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) -> tensor<16x8xf32> {
  %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %1 = stablehlo.reshape %0 : (tensor<16x8xf32>) -> tensor<4x4x8xf32>
  %2 = stablehlo.reshape %1 : (tensor<4x4x8xf32>) -> tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_to_smaller_dims(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}, {"a":(4)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}, {"a":(4)2, ?}]>]>} : (tensor<16xf32>) -> tensor<2x2x4xf32>
sdy.mesh @mesh = <["a"=8]>
func.func @reshape_to_smaller_dims(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x2x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<2x2x4xf32>
  return %0 : tensor<2x2x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@size_one_axis_in_reshape(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", "c"}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", "c":(1)2, ?}, {"c":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", "c":(1)2, ?}, {"c":(2)2, ?}]>]>} : (tensor<16xf32>) -> tensor<4x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=1, "c"=4]>
func.func @size_one_axis_in_reshape(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", "c"}]>}) -> tensor<4x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axes_merge_in_elementwise(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axes_merge_in_elementwise(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> tensor<16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axes_conflicting_prefix(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "b", ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}]>}) {
// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axes_conflicting_prefix(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, "b", ?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> tensor<16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_in_dot(
// CHECK-SAME: %arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}, {?}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {?}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {?}]>]>} : (tensor<2x16xf32>, tensor<16x8xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_in_dot(%arg0: tensor<2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2}]>}, %arg1: tensor<16x8xf32>) -> tensor<2x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<2x16xf32>, tensor<16x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_then_transpose_sub_axes(
// CHECK-SAME: %arg0: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> (tensor<4x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}, {?}]>]>} : (tensor<32x4xf32>) -> tensor<4x8x4xf32>
// CHECK: %1 = stablehlo.transpose %0, dims = [0, 2, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}, {"b", ?}]>]>} : (tensor<4x8x4xf32>) -> tensor<4x4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_then_transpose_sub_axes(%arg0: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<4x4x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<32x4xf32>) -> tensor<4x8x4xf32>
  %1 = stablehlo.transpose %0, dims = [0, 2, 1] : (tensor<4x8x4xf32>) -> tensor<4x4x8xf32>
  return %1 : tensor<4x4x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_round_trip(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}, {?}]>]>} : (tensor<8x4xf32>) -> tensor<2x4x4xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}, {?}]>]>} : (tensor<2x4x4xf32>) -> tensor<8x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_round_trip(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}) -> tensor<8x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x4xf32>) -> tensor<2x4x4xf32>
  %1 = stablehlo.reshape %0 : (tensor<2x4x4xf32>) -> tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_expand_and_collapse(
// CHECK-SAME: %arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", ?}]>]>} : (tensor<4x6xf32>) -> tensor<24xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_expand_and_collapse(%arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<24xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x6xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_both_sides_sharded(
// CHECK-SAME: %arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : (tensor<4x8xf32>) -> tensor<32xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @reshape_both_sides_sharded(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<4x8xf32>) -> tensor<32xf32>
  return %0 : tensor<32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshape_sub_axis_of_second_axis(
// CHECK-SAME: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> (tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b":(1)2, ?}, {"b":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b":(1)2, ?}, {"b":(2)2, ?}]>]>} : (tensor<8xf32>) -> tensor<4x2xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @reshape_sub_axis_of_second_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}]>}) -> tensor<4x2xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_from_func_result(
// CHECK-SAME: %arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}, {?}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2, ?}]>]>} : (tensor<4x4xf32>) -> tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_from_func_result(%arg0: tensor<4x4xf32>) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, ?}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<4x4xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_split_twice(
// CHECK-SAME: %arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> (tensor<2x2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}, {"a":(4)4, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)4, ?}, {"a":(4)4, ?}]>]>} : (tensor<64xf32>) -> tensor<4x16xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, ?}, {"a":(4)4, ?}]>]>} : (tensor<4x16xf32>) -> tensor<2x2x16xf32>
sdy.mesh @mesh = <["a"=16]>
func.func @sub_axis_split_twice(%arg0: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) -> tensor<2x2x16xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<64xf32>) -> tensor<4x16xf32>
  %1 = stablehlo.reshape %0 : (tensor<4x16xf32>) -> tensor<2x2x16xf32>
  return %1 : tensor<2x2x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@broadcast_dim_too_small(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<2xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @broadcast_dim_too_small(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@slice_to_dim_smaller_than_axis(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> (tensor<2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:2, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {?}]>]>} : (tensor<16x8xf32>) -> tensor<2x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @slice_to_dim_smaller_than_axis(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}]>}) -> tensor<2x8xf32> {
  %0 = stablehlo.slice %arg0 [0:2, 0:8] : (tensor<16x8xf32>) -> tensor<2x8xf32>
  return %0 : tensor<2x8xf32>
}
