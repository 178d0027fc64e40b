// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 26a: a fully closed constraint on a loop's result takes over every other use of the
// result in Shardy's import, its sharding group's too: the group then holds the constraint's
// result, whose only use no longer waits in the first op-priority stage, and a group member
// with another sharding gets its open constraint there (campaign 68179).

// CHECK-LABEL: func.func {{(private )?}}@loop_result_group_reads_constraint(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<i32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK: %0 = sdy.constant dense<4> : tensor<i32>
// CHECK: %1:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>, <@mesh, []>]>}
// CHECK: %4 = stablehlo.sqrt %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x8xf32>
// CHECK: %5 = stablehlo.exponential %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x8xf32>
// CHECK: %2 = sdy.reshard %1#0 <@mesh, [{}, {"a"}]> : tensor<8x8xf32>
// CHECK: %3 = stablehlo.negate %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=4]>
func.func @loop_result_group_reads_constraint(%arg0: tensor<8x8xf32>, %arg1: tensor<i32>) -> (tensor<8x8xf32>) {
  %c = stablehlo.constant dense<4> : tensor<i32>
  %w:2 = stablehlo.while(%it = %arg0, %i = %arg1) : tensor<8x8xf32>, tensor<i32>
    cond {
    %v = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %v : tensor<i1>
  } do {
    %0 = stablehlo.sqrt %it : tensor<8x8xf32>
    %1 = sdy.sharding_constraint %0 <@mesh, [{"a"}, {?}]> : tensor<8x8xf32>
    %2 = stablehlo.exponential %0 : tensor<8x8xf32>
    stablehlo.return %2, %i : tensor<8x8xf32>, tensor<i32>
  }
  sdy.sharding_group %w#0 group_id=0 : tensor<8x8xf32>
  %r = sdy.sharding_constraint %w#0 <@mesh, [{}, {"a"}]> : tensor<8x8xf32>
  %n = stablehlo.negate %r : tensor<8x8xf32>
  return %n : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@loop_result_group_with_argument(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}, %arg1: tensor<i32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) {
// CHECK: %0 = sdy.reshard %arg2 <@mesh, [{"b"}, {"a"}]> : tensor<8x8xf32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>, <@mesh, []>]>}
// CHECK: %6 = stablehlo.sqrt %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x8xf32>
// CHECK: %7 = stablehlo.exponential %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x8xf32>
// CHECK: %3 = sdy.reshard %2#0 <@mesh, [{}, {"a"}]> : tensor<8x8xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"b"}, {"a"}]> : tensor<8x8xf32>
// CHECK: %5 = stablehlo.add %4, %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=4]>
func.func @loop_result_group_with_argument(%arg0: tensor<8x8xf32>, %arg1: tensor<i32>, %arg2: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {?}]>}) -> (tensor<8x8xf32>) {
  %c = stablehlo.constant dense<4> : tensor<i32>
  %w:2 = stablehlo.while(%it = %arg0, %i = %arg1) : tensor<8x8xf32>, tensor<i32>
    cond {
    %v = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %v : tensor<i1>
  } do {
    %0 = stablehlo.sqrt %it : tensor<8x8xf32>
    %2 = stablehlo.exponential %0 : tensor<8x8xf32>
    stablehlo.return %2, %i : tensor<8x8xf32>, tensor<i32>
  }
  sdy.sharding_group %w#0 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %arg2 group_id=0 : tensor<8x8xf32>
  %r = sdy.sharding_constraint %w#0 <@mesh, [{}, {"a"}]> : tensor<8x8xf32>
  %n = stablehlo.add %r, %arg2 : tensor<8x8xf32>
  return %n : tensor<8x8xf32>
}

// -----

// campaign 68179: the group also holds a manual computation's result, a p1 constraint in the body
// CHECK-LABEL: func.func {{(private )?}}@loop_group_sub_axis_constraint(
// CHECK-SAME: %arg0: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a":(1)2}]>}) -> (tensor<2x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.add across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<8x6xf32>, tensor<f32>) -> tensor<6xf32>
// CHECK: %2 = stablehlo.concatenate %1, %1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : (tensor<6xf32>, tensor<6xf32>) -> tensor<12xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}]> : tensor<12xf32>
// CHECK: %4 = sdy.reshard %2 <@mesh, [{}]> : tensor<12xf32>
// CHECK: %5 = stablehlo.concatenate %3, %4, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<12xf32>, tensor<12xf32>) -> tensor<24xf32>
// CHECK: %6 = sdy.reshard %5 <@mesh, [{"b"}]> : tensor<24xf32>
// CHECK: %7 = sdy.manual_computation(%6) in_shardings=[<@mesh, [{"b"}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"b"} (%arg1: tensor<6xf32>) {
// CHECK: %8 = sdy.reshard %7 <@mesh, [{}, {"a":(1)2}]> : tensor<2x6xf32>
// CHECK: %9 = sdy.constant dense<0> : tensor<i32>
// CHECK: %10 = sdy.constant dense<1> : tensor<i32>
// CHECK: %11 = sdy.constant dense<4> : tensor<i32>
// CHECK: %12:2 = stablehlo.while(%iterArg = %8, %iterArg_0 = %9) : tensor<2x6xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a":(1)2}]>, <@mesh, []>]>}
// CHECK: %17 = stablehlo.sqrt %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a":(1)2}]>]>} : tensor<2x6xf32>
// CHECK: %18 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a":(1)2}]>]>} dense<1.000000e+00> : tensor<2x6xf32>
// CHECK: %19 = stablehlo.add %17, %18 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a":(1)2}]>]>} : tensor<2x6xf32>
// CHECK: %20 = stablehlo.exponential %19 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a":(1)2}]>]>} : tensor<2x6xf32>
// CHECK: %13 = sdy.reshard %12#0 <@mesh, [{}, {"a":(1)2}]> : tensor<2x6xf32>
// CHECK: %14 = sdy.reshard %13 <@mesh, [{}, {"a":(1)2}]> : tensor<2x6xf32>
// CHECK: %15 = stablehlo.slice %14 [0:2, 0:6] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<2x6xf32>) -> tensor<2x6xf32>
// CHECK: %16 = sdy.reshard %15 <@mesh, [{"a"}, {}]> : tensor<2x6xf32>
sdy.mesh @mesh = <["a"=8, "b"=4], device_ids=[28, 27, 9, 29, 1, 23, 13, 12, 16, 19, 20, 30, 14, 7, 24, 25, 10, 21, 3, 22, 15, 26, 18, 31, 2, 11, 4, 8, 6, 17, 0, 5]>
func.func @loop_group_sub_axis_constraint(%arg1: tensor<8x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<2x6xf32>) {
  %c2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %v3 = stablehlo.reduce(%arg1 init: %c2) applies stablehlo.add across dimensions = [0] : (tensor<8x6xf32>, tensor<f32>) -> tensor<6xf32>
  %v4 = stablehlo.concatenate %v3, %v3, dim = 0 : (tensor<6xf32>, tensor<6xf32>) -> tensor<12xf32>
  %v5 = stablehlo.concatenate %v4, %v4, dim = 0 : (tensor<12xf32>, tensor<12xf32>) -> tensor<24xf32>
  %mc8 = sdy.manual_computation(%v5) in_shardings=[<@mesh, [{"b"}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"b"} (%m6: tensor<6xf32>) {
    %v7 = stablehlo.broadcast_in_dim %m6, dims = [1] : (tensor<6xf32>) -> tensor<2x6xf32>
    sdy.return %v7 : tensor<2x6xf32>
  } : (tensor<24xf32>) -> tensor<2x6xf32>
  %c9 = stablehlo.constant dense<0> : tensor<i32>
  %c10 = stablehlo.constant dense<1> : tensor<i32>
  %c11 = stablehlo.constant dense<4> : tensor<i32>
  %w14:2 = stablehlo.while(%it12 = %mc8, %i13 = %c9) : tensor<2x6xf32>, tensor<i32>
    cond {
    %v21 = stablehlo.compare LT, %i13, %c11 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %v21 : tensor<i1>
  } do {
    %v15 = stablehlo.sqrt %it12 : tensor<2x6xf32>
    %v16 = sdy.sharding_constraint %v15 <@mesh, [{"a"}, {?}p1]> : tensor<2x6xf32>
    %c17 = stablehlo.constant dense<1.000000e+00> : tensor<2x6xf32>
    %v18 = stablehlo.add %v15, %c17 : tensor<2x6xf32>
    %v19 = stablehlo.exponential %v18 : tensor<2x6xf32>
    %v20 = stablehlo.add %i13, %c10 : tensor<i32>
    stablehlo.return %v19, %v20 : tensor<2x6xf32>, tensor<i32>
  }
  sdy.sharding_group %w14#0 group_id=0 : tensor<2x6xf32>
  sdy.sharding_group %mc8 group_id=0 : tensor<2x6xf32>
  %v22 = sdy.sharding_constraint %w14#0 <@mesh, [{}, {"a":(1)2}], replicated={"b"}> : tensor<2x6xf32>
  %v23 = stablehlo.slice %v22 [0:2, 0:6] : (tensor<2x6xf32>) -> tensor<2x6xf32>
  %v24 = sdy.sharding_constraint %v23 <@mesh, [{"a", ?}, {}]> : tensor<2x6xf32>
  return %v24 : tensor<2x6xf32>
}

// -----

// campaign 29147: a closed constraint in a loop body on a case's result (the case's result is
// grouped with an argument, a custom call and its sum)
// CHECK-LABEL: func.func {{(private )?}}@group_case_constraints(
// CHECK-SAME: %arg0: tensor<2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<2x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.slice %arg0 [0:2, 0:2] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %8 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<2x2xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<i32>) -> tensor<2x2xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"a"}, {}]> : tensor<2x2xf32>
// CHECK: %4 = stablehlo.custom_call @my_op(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=2} permutation={j}, custom>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
// CHECK: %5 = sdy.reshard %4 <@mesh, [{"a"}, {}]> : tensor<2x2xf32>
// CHECK: %6 = stablehlo.add %5, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<2x2xf32>
// CHECK: %7 = stablehlo.cosine %6 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<2x2xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @group_case_constraints(%arg1: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %v2 = stablehlo.slice %arg1 [0:2, 0:2] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %v3 = stablehlo.dot_general %v2, %v2, batching_dims = [1] x [0], contracting_dims = [0] x [1] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2xf32>
  %c4 = stablehlo.constant dense<1> : tensor<i32>
  %case5 = "stablehlo.case"(%c4) ({
    %v6 = stablehlo.sqrt %v3 : tensor<2xf32>
    stablehlo.return %v2 : tensor<2x2xf32>
  }, {
    %v7 = sdy.sharding_constraint %arg1 <@mesh, [{?}, {"a"}]> : tensor<2x2xf32>
    %v8 = stablehlo.cosine %v3 : tensor<2xf32>
    stablehlo.return %v7 : tensor<2x2xf32>
  }) : (tensor<i32>) -> tensor<2x2xf32>
  %c9 = stablehlo.constant dense<0> : tensor<i32>
  %c10 = stablehlo.constant dense<1> : tensor<i32>
  %c11 = stablehlo.constant dense<4> : tensor<i32>
  %w14:2 = stablehlo.while(%it12 = %v3, %i13 = %c9) : tensor<2xf32>, tensor<i32>
    cond {
    %v19 = stablehlo.compare LT, %i13, %c11 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %v19 : tensor<i1>
  } do {
    %v15 = stablehlo.subtract %v2, %arg1 : tensor<2x2xf32>
    %v16 = stablehlo.sqrt %it12 : tensor<2xf32>
    %v17 = sdy.sharding_constraint %case5 <@mesh, [{"a"}, {}]> : tensor<2x2xf32>
    %v18 = stablehlo.add %i13, %c10 : tensor<i32>
    stablehlo.return %v16, %v18 : tensor<2xf32>, tensor<i32>
  }
  %v20 = stablehlo.custom_call @my_op(%v2) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=2, j=2} permutation={j}, custom>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %v21 = sdy.sharding_constraint %v20 <@mesh, [{"a", ?}, {}]> : tensor<2x2xf32>
  %v22 = stablehlo.add %v21, %v20 : tensor<2x2xf32>
  sdy.sharding_group %v22 group_id=0 : tensor<2x2xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<2x2xf32>
  sdy.sharding_group %case5 group_id=0 : tensor<2x2xf32>
  sdy.sharding_group %v20 group_id=0 : tensor<2x2xf32>
  %v23 = stablehlo.multiply %v22, %v20 : tensor<2x2xf32>
  %v24 = stablehlo.cosine %v22 : tensor<2x2xf32>
  return %v24, %case5 : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// a loop body's argument in a group, a closed constraint on it
// CHECK-LABEL: func.func {{(private )?}}@grouped_loop_argument_constrained(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<3> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %0) : tensor<8x8xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, []>]>}
// CHECK: %3 = sdy.reshard %iterArg <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
// CHECK: %5 = stablehlo.add %4, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @grouped_loop_argument_constrained(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %w:2 = stablehlo.while(%x = %arg0, %i = %c0) : tensor<8x8xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    sdy.sharding_group %x group_id=2 : tensor<8x8xf32>
    %k = sdy.sharding_constraint %x <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
    %s = stablehlo.add %k, %x : tensor<8x8xf32>
    stablehlo.return %s, %i : tensor<8x8xf32>, tensor<i32>
  }
  sdy.sharding_group %arg1 group_id=2 : tensor<8x8xf32>
  return %w#0 : tensor<8x8xf32>
}

// -----

// an unannotated call result in a group, a closed constraint on it
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"a"}, {"b"}]> : tensor<8x8xf32>
// CHECK: %3 = stablehlo.negate %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.cosine %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func private @callee(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.cosine %arg0 : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @main(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = func.call @callee(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  sdy.sharding_group %0 group_id=4 : tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id=4 : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %0 <@mesh, [{}, {"b"}]> : tensor<8x8xf32>
  %2 = stablehlo.negate %0 : tensor<8x8xf32>
  return %1, %2 : tensor<8x8xf32>, tensor<8x8xf32>
}
