// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 6: meshes (maximal, empty, several) and manual computations (all axes manual, replicated, several operands and results, in loops, around branches, with groups) (pipeline).

// CHECK-LABEL: func.func {{(private )?}}@two_maximal_meshes(
// CHECK: %0 = stablehlo.custom_call @foo(%arg0) {has_side_effect = true, sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh_0, []>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %1 = stablehlo.custom_call @bar(%0) {has_side_effect = true, sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh_1, []>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
sdy.mesh @maximal_mesh_0 = <[], device_ids=[0]>
sdy.mesh @maximal_mesh_1 = <[], device_ids=[1]>
func.func @two_maximal_meshes(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @foo(%arg0) {has_side_effect = true, sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh_0, []>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.custom_call @bar(%0) {has_side_effect = true, sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh_1, []>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = stablehlo.negate %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@maximal_arg_into_add(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
sdy.mesh @maximal_mesh = <[], device_ids=[0]>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @maximal_arg_into_add(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@maximal_result_from_sharded(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @maximal_mesh = <[], device_ids=[0]>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @maximal_result_from_sharded(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh, []>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@empty_mesh_result(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@empty_mesh, [{}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @empty_mesh = <[]>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @empty_mesh_result(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@empty_mesh, [{}, {}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@empty_mesh_op_sharding(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @empty_mesh = <[]>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @empty_mesh_op_sharding(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@empty_mesh, [{?}, {?}]>]>} : tensor<8x16xf32>
  %1 = stablehlo.abs %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_operands_different_meshes(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_a, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh_b, [{}, {"y"}]>}) -> tensor<8x8xf32> {
sdy.mesh @mesh_a = <["a"=8]>
sdy.mesh @mesh_b = <["x"=2, "y"=4]>
func.func @dot_operands_different_meshes(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_a, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh_b, [{}, {"y"}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@chains_on_two_meshes(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_a, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_b, [{"x"}, {"y"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_a, [{"a"}, {}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_b, [{"x"}, {"y"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_a, [{"a"}, {}]>]>} : tensor<8x16xf32>
// CHECK: %1 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_b, [{"x"}, {"y"}]>]>} : tensor<8x16xf32>
// CHECK: %2 = stablehlo.exponential %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_b, [{"x"}, {"y"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh_a = <["a"=8]>
sdy.mesh @mesh_b = <["x"=2, "y"=4]>
func.func @chains_on_two_meshes(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_a, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_b, [{"x"}, {"y"}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = stablehlo.abs %arg1 : tensor<8x16xf32>
  %2 = stablehlo.exponential %1 : tensor<8x16xf32>
  return %0, %2 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@constraint_other_mesh(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_a, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_b, [{}, {"y"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_b, [{}, {"y"}]>]>} : tensor<8x16xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh_b, [{}, {"y"}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh_b, [{}, {"y"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh_a = <["a"=8]>
sdy.mesh @mesh_b = <["x"=2, "y"=4]>
func.func @constraint_other_mesh(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_a, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = sdy.sharding_constraint %0 <@mesh_b, [{}, {"y"}]> : tensor<8x16xf32>
  %2 = stablehlo.abs %1 : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_computation_all_axes_manual(
// CHECK-SAME: %arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}, {"c"}]>] out_shardings=[<@mesh, [{"a", "b"}, {"c"}]>] manual_axes={"a", "b", "c"} (%arg1: tensor<4x8xf32>) {
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {"c"}]>]>} : tensor<16x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_computation_all_axes_manual(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) -> tensor<16x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a", "b"}, {"c"}]>] out_shardings=[<@mesh, [{"a", "b"}, {"c"}]>] manual_axes={"a", "b", "c"} (%arg1: tensor<4x8xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<4x8xf32>
    sdy.return %1 : tensor<4x8xf32>
  } : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %2 = stablehlo.abs %0 : tensor<16x16xf32>
  return %2 : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_computation_replicated_in(
// CHECK-SAME: %arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"b"}, {"c"}]>] out_shardings=[<@mesh, [{"b"}, {"c"}]>] manual_axes={"a"} (%arg1: tensor<16x16xf32>) {
// CHECK: %1 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"c"}]>]>} : tensor<16x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_computation_replicated_in(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"c"}]>}) -> tensor<16x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{?}, {?}]>] out_shardings=[<@mesh, [{?}, {?}]>] manual_axes={"a"} (%arg1: tensor<16x16xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<16x16xf32>
    sdy.return %1 : tensor<16x16xf32>
  } : (tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_computation_two_operands_two_results(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {"b"}]>, <@mesh, [{"b"}, {}]>] out_shardings=[<@mesh, [{"a"}, {}]>, <@mesh, [{"a"}, {"b"}]>] manual_axes={"a"} (%arg2: tensor<8x8xf32>, %arg3: tensor<8x16xf32>) {
// CHECK: %2 = stablehlo.negate %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_computation_two_operands_two_results(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<8x16xf32>) -> (tensor<16x16xf32>, tensor<16x8xf32>) {
  %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, [{?}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>, <@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%x: tensor<8x8xf32>, %w: tensor<8x16xf32>) {
    %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>
    %2 = stablehlo.negate %x : tensor<8x8xf32>
    sdy.return %1, %2 : tensor<8x16xf32>, tensor<8x8xf32>
  } : (tensor<16x8xf32>, tensor<8x16xf32>) -> (tensor<16x16xf32>, tensor<16x8xf32>)
  return %0#0, %0#1 : tensor<16x16xf32>, tensor<16x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_computation_in_while(
// CHECK-SAME: %arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<1> : tensor<i32>
// CHECK: %2:2 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg0) : tensor<i32>, tensor<16x16xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>, <@mesh, [{"a"}, {"b"}]>]>}
// CHECK: %3 = sdy.manual_computation(%iterArg_0) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a"} (%arg1: tensor<8x16xf32>) {
// CHECK: %4 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @manual_computation_in_while(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x16xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %x = %arg0) : tensor<i32>, tensor<16x16xf32>
    cond {
    %1 = stablehlo.compare LT, %i, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %2 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%y: tensor<8x16xf32>) {
      %3 = stablehlo.negate %y : tensor<8x16xf32>
      sdy.return %3 : tensor<8x16xf32>
    } : (tensor<16x16xf32>) -> tensor<16x16xf32>
    stablehlo.return %i, %2 : tensor<i32>, tensor<16x16xf32>
  }
  return %0#1 : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@case_in_manual_computation(
// CHECK-SAME: %arg0: tensor<i32> {sdy.sharding = #sdy.sharding<@mesh, []>}, %arg1: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, []>, <@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {"b"}]>] manual_axes={"a"} (%arg2: tensor<i32>, %arg3: tensor<8x16xf32>) {
// CHECK: %2 = stablehlo.negate %arg3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<i32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @case_in_manual_computation(%p: tensor<i32>, %arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<16x16xf32> {
  %0 = sdy.manual_computation(%p, %arg0) in_shardings=[<@mesh, []>, <@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%q: tensor<i32>, %y: tensor<8x16xf32>) {
    %1 = "stablehlo.case"(%q) ({
      stablehlo.return %y : tensor<8x16xf32>
    }, {
      %2 = stablehlo.negate %y : tensor<8x16xf32>
      stablehlo.return %2 : tensor<8x16xf32>
    }) : (tensor<i32>) -> tensor<8x16xf32>
    sdy.return %1 : tensor<8x16xf32>
  } : (tensor<i32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@group_manual_results_and_args(
// CHECK-SAME: %arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}, %arg1: tensor<16x16xf32>) -> (tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}, tensor<16x16xf32>) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"c"}]>] out_shardings=[<@mesh, [{"a"}, {"c"}]>] manual_axes={"a"} (%arg2: tensor<8x16xf32>) {
// CHECK: %2 = stablehlo.negate %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"c"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @group_manual_results_and_args(%arg0: tensor<16x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}, %arg1: tensor<16x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {?}]>] out_shardings=[<@mesh, [{"a"}, {?}]>] manual_axes={"a"} (%y: tensor<8x16xf32>) {
    %1 = stablehlo.negate %y : tensor<8x16xf32>
    sdy.return %1 : tensor<8x16xf32>
  } : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %2 = stablehlo.abs %arg1 : tensor<16x16xf32>
  sdy.sharding_group %2 group_id=2 : tensor<16x16xf32>
  sdy.sharding_group %arg1 group_id=2 : tensor<16x16xf32>
  return %0, %2 : tensor<16x16xf32>, tensor<16x16xf32>
}
