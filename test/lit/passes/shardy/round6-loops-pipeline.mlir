// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 6: loops and branches: nested loops with constraints, loop-invariant weights, closed results, bodies conflicting with the initial value, branches in loops, three-way branch conflicts, scalar carries (pipeline).

// CHECK-LABEL: func.func {{(private )?}}@nested_while_loops(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<8x16xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a"}, {"b"}]>]>}
// CHECK: %3:2 = stablehlo.while(%iterArg_1 = %0, %iterArg_2 = %iterArg_0) : tensor<i32>, tensor<8x16xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a"}, {"b"}]>]>}
// CHECK: %4 = sdy.reshard %iterArg_2 <@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
// CHECK: %5 = stablehlo.negate %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @nested_while_loops(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %x = %arg0) : tensor<i32>, tensor<8x16xf32>
    cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2:2 = stablehlo.while(%j = %c0, %y = %x) : tensor<i32>, tensor<8x16xf32>
      cond {
      %3 = stablehlo.compare LT, %j, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %3 : tensor<i1>
    } do {
      %4 = sdy.sharding_constraint %y <@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
      %5 = stablehlo.negate %4 : tensor<8x16xf32>
      stablehlo.return %j, %5 : tensor<i32>, tensor<8x16xf32>
    }
    stablehlo.return %i, %2#1 : tensor<i32>, tensor<8x16xf32>
  }
  return %0#1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@while_loop_invariant_weight(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2:3 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0, %iterArg_1 = %arg1) : tensor<i32>, tensor<8x16xf32>, tensor<16x16xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a"}, {"b"}]>, <@mesh, [{}, {"b"}]>]>}
// CHECK: %3 = stablehlo.dot_general %iterArg_0, %iterArg_1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
// CHECK: %4 = stablehlo.tanh %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_loop_invariant_weight(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %w: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:3 = stablehlo.while(%i = %c0, %x = %arg0, %ww = %w) : tensor<i32>, tensor<8x16xf32>, tensor<16x16xf32>
    cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2 = stablehlo.dot_general %x, %ww, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<8x16xf32>
    %3 = stablehlo.tanh %2 : tensor<8x16xf32>
    stablehlo.return %i, %3, %ww : tensor<i32>, tensor<8x16xf32>, tensor<16x16xf32>
  }
  return %0#1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@while_result_closed_func_result(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<8x16xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"c"}, {}]>]>}
// CHECK: %3 = stablehlo.negate %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_result_closed_func_result(%arg0: tensor<8x16xf32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %x = %arg0) : tensor<i32>, tensor<8x16xf32>
    cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2 = stablehlo.negate %x : tensor<8x16xf32>
    stablehlo.return %i, %2 : tensor<i32>, tensor<8x16xf32>
  }
  return %0#1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@while_body_conflicts_init(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<8x16xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"b"}, {}]>]>}
// CHECK: %3 = stablehlo.negate %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x16xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"b"}, {}]> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_body_conflicts_init(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %x = %arg0) : tensor<i32>, tensor<8x16xf32>
    cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2 = stablehlo.negate %x : tensor<8x16xf32>
    %3 = sdy.sharding_constraint %2 <@mesh, [{"b"}, {}]> : tensor<8x16xf32>
    stablehlo.return %i, %3 : tensor<i32>, tensor<8x16xf32>
  }
  return %0#1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_in_while(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<8x16xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a"}, {"c"}]>]>}
// CHECK: %4 = stablehlo.negate %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : tensor<8x16xf32>
// CHECK: %4 = stablehlo.abs %iterArg_0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : tensor<8x16xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : (tensor<i32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_in_while(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> tensor<8x16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %x = %arg0) : tensor<i32>, tensor<8x16xf32>
    cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2 = "stablehlo.case"(%i) ({
      %3 = stablehlo.negate %x : tensor<8x16xf32>
      stablehlo.return %3 : tensor<8x16xf32>
    }, {
      %4 = stablehlo.abs %x : tensor<8x16xf32>
      stablehlo.return %4 : tensor<8x16xf32>
    }) : (tensor<i32>) -> tensor<8x16xf32>
    stablehlo.return %i, %2 : tensor<i32>, tensor<8x16xf32>
  }
  return %0#1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_three_branches_conflict(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg3: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<i32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_three_branches_conflict(%p: tensor<i32>, %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) -> tensor<8x16xf32> {
  %0 = "stablehlo.case"(%p) ({
    stablehlo.return %arg0 : tensor<8x16xf32>
  }, {
    stablehlo.return %arg1 : tensor<8x16xf32>
  }, {
    stablehlo.return %arg2 : tensor<8x16xf32>
  }) : (tensor<i32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@while_scalar_and_tensor_carries_sharded_result(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}, %arg1: tensor<f32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}, tensor<f32>) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2:3 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0, %iterArg_1 = %arg1) : tensor<i32>, tensor<8x16xf32>, tensor<f32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a", "b"}, {"c"}]>, <@mesh, []>]>}
// CHECK: %3 = stablehlo.broadcast_in_dim %iterArg_1, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {"c"}]>]>} : (tensor<f32>) -> tensor<8x16xf32>
// CHECK: %4 = stablehlo.add %iterArg_0, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {"c"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @while_scalar_and_tensor_carries_sharded_result(%arg0: tensor<8x16xf32>, %arg1: tensor<f32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}, tensor<f32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:3 = stablehlo.while(%i = %c0, %x = %arg0, %s = %arg1) : tensor<i32>, tensor<8x16xf32>, tensor<f32>
    cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %3 = stablehlo.add %x, %2 : tensor<8x16xf32>
    stablehlo.return %i, %3, %s : tensor<i32>, tensor<8x16xf32>, tensor<f32>
  }
  return %0#1, %0#2 : tensor<8x16xf32>, tensor<f32>
}
