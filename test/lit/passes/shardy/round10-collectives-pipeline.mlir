// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 10: Shardy's explicit collectives in the input (all_slice, all_to_all, collective_permute, reduce_scatter, sharded_to_unreduced, replicated_to_unreduced, all_gather, all_reduce): their out_sharding fixes the result, dead ones stay, all_reduce folds into its producer.

// CHECK-LABEL: func.func {{(private )?}}@all_slice_then_elementwise(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.all_slice [{}, {"b"}] %arg0 out_sharding=<@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @all_slice_then_elementwise(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  %0 = sdy.all_slice [{}, {"b"}] %arg0 out_sharding=<@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@all_to_all_then_elementwise(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
// CHECK: %0 = sdy.all_to_all [{"a"}: 0->1] %arg0 out_sharding=<@mesh, [{}, {"a"}]> : tensor<8x16xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @all_to_all_then_elementwise(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  %0 = sdy.all_to_all [{"a"}: 0->1] %arg0 out_sharding=<@mesh, [{}, {"a"}]> : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@all_to_all_two_params(
// CHECK-SAME: %arg0: tensor<8x8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}, {}]>}) -> (tensor<8x8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.all_to_all [{"a"}: 0->2, {"b"}: 1->3] %arg0 out_sharding=<@mesh, [{}, {}, {"a"}, {"b"}]> : tensor<8x8x8x8xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"a"}, {"b"}]>]>} : tensor<8x8x8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @all_to_all_two_params(%arg0: tensor<8x8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}, {}, {}]>}) -> tensor<8x8x8x8xf32> {
  %0 = sdy.all_to_all [{"a"}: 0->2, {"b"}: 1->3] %arg0 out_sharding=<@mesh, [{}, {}, {"a"}, {"b"}]> : tensor<8x8x8x8xf32>
  %1 = stablehlo.abs %0 : tensor<8x8x8x8xf32>
  return %1 : tensor<8x8x8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@collective_permute_then_add(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x16xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @collective_permute_then_add(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x16xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduce_scatter_then_elementwise(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.all_reduce {"b"} %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x16xf32>
// CHECK: %1 = sdy.reduce_scatter [{}, {"b"}] %0 out_sharding=<@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @reduce_scatter_then_elementwise(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}) -> tensor<8x16xf32> {
  %0 = sdy.reduce_scatter [{}, {"b"}] %arg0 out_sharding=<@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@sharded_to_unreduced_then_elementwise(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.sharded_to_unreduced [{}, {"b"}] %arg0 out_sharding=<@mesh, [{"a"}, {}], unreduced={"b"}> : tensor<8x16xf32>
// CHECK: %1 = sdy.all_gather [{}, {"b"}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x16xf32>
// CHECK: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @sharded_to_unreduced_then_elementwise(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = sdy.sharded_to_unreduced [{}, {"b"}] %arg0 out_sharding=<@mesh, [{"a"}, {}], unreduced={"b"}> : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@replicated_to_unreduced_then_elementwise(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.replicated_to_unreduced {"c"} %arg0 out_sharding=<@mesh, [{"a"}, {}], unreduced={"c"}> : tensor<8x16xf32>
// CHECK: %1 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @replicated_to_unreduced_then_elementwise(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  %0 = sdy.replicated_to_unreduced {"c"} %arg0 out_sharding=<@mesh, [{"a"}, {}], unreduced={"c"}> : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@replicated_to_unreduced_returned(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"c"}>}) {
// CHECK: %0 = sdy.replicated_to_unreduced {"c"} %arg0 out_sharding=<@mesh, [{"a"}, {}], unreduced={"c"}> : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @replicated_to_unreduced_returned(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"c"}>}) {
  %0 = sdy.replicated_to_unreduced {"c"} %arg0 out_sharding=<@mesh, [{"a"}, {}], unreduced={"c"}> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dead_collectives_kept(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.all_gather [{}, {"b"}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x16xf32>
// CHECK: %1 = sdy.all_slice [{}, {"c"}] %arg0 out_sharding=<@mesh, [{"a"}, {"b", "c"}]> : tensor<8x16xf32>
// CHECK: %2 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"c"}, {"b"}]> : tensor<8x16xf32>
// CHECK: %3 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @dead_collectives_kept(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = sdy.all_gather [{}, {"b"}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x16xf32>
  %1 = sdy.all_slice [{}, {"c"}] %arg0 out_sharding=<@mesh, [{"a"}, {"b", "c"}]> : tensor<8x16xf32>
  %2 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"c"}, {"b"}]> : tensor<8x16xf32>
  %3 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<8x16xf32>
  %4 = stablehlo.negate %arg0 : tensor<8x16xf32>
  return %4 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@all_gather_chain_into_dot(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.all_gather [{}, {"b"}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x16xf32>
// CHECK: %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @all_gather_chain_into_dot(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.all_gather [{}, {"b"}] %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x16xf32>
  %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@collective_backward_blocked(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) {
// CHECK: %0 = sdy.all_slice [{}, {"c"}] %arg0 out_sharding=<@mesh, [{"a"}, {"b", "c"}]> : tensor<8x16xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @collective_backward_blocked(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}]>}) {
  %0 = sdy.all_slice [{}, {"c"}] %arg0 out_sharding=<@mesh, [{"a"}, {"b", "c"}]> : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@all_reduce_of_dot_unreduced(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}], unreduced={"b"}>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK: %1 = sdy.all_reduce {"b"} %0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %2 = sdy.all_reduce {"b"} %1 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
// CHECK: %3 = stablehlo.negate %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @all_reduce_of_dot_unreduced(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}], unreduced={"b"}>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = sdy.all_reduce {"b"} %0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x8xf32>
  %2 = stablehlo.negate %1 : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@rule_on_stablehlo_op(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @rule_on_stablehlo_op(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} need_replication={j}>} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_call_rule_with_scalar(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<f32>) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.custom_call @scale(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=8, j=16}, custom>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @custom_call_rule_with_scalar(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg1: tensor<f32>) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @scale(%arg0, %arg1) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [])->([i, j]) {i=8, j=16}, custom>} : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@custom_call_no_rule(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @custom_call_no_rule(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @opaque(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@manual_with_collective_inside(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<4x16xf32>) {
// CHECK: %1 = sdy.all_gather [{}, {"b"}] %arg1 out_sharding=<@mesh, [{}, {}]> : tensor<4x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @manual_with_collective_inside(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}, {"b"}]>] out_shardings=[<@mesh, [{"a"}, {}]>] manual_axes={"a"} (%arg1: tensor<4x16xf32>) {
    %1 = sdy.all_gather [{}, {"b"}] %arg1 out_sharding=<@mesh, [{}, {}]> : tensor<4x16xf32>
    sdy.return %1 : tensor<4x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reshard_in_input(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"b"}, {}]> : tensor<8x16xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @reshard_in_input(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"b"}, {}]> : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@frontend_attrs(
// CHECK-SAME: %arg0: tensor<8x16xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22a\22}, {}]>"}, sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {mhlo.frontend_attributes = {_xla_compute_type = "host"}, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x16xf32>
// CHECK: %1 = stablehlo.abs %0 {mhlo.sharding = "{replicated}", sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @frontend_attrs(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22a\22}, {}]>"}}) -> (tensor<8x16xf32> {jax.result_info = "result"}) {
  %0 = stablehlo.negate %arg0 {mhlo.frontend_attributes = {_xla_compute_type = "host"}} : tensor<8x16xf32>
  %1 = stablehlo.abs %0 {mhlo.sharding = "{replicated}"} : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@origins_in_input(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>, sdy.sharding_origins = {a = "self"}}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>, sdy.sharding_origins = [{a = "input: 0"}]} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @origins_in_input(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>, sdy.sharding_origins = {a = "self"}}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding_origins = [{a = "input: 0"}]} : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@barrier_both(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @barrier_both(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=NONE : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  %2 = sdy.propagation_barrier %1 allowed_direction=BACKWARD : tensor<8x16xf32>
  %3 = stablehlo.abs %2 : tensor<8x16xf32>
  return %3 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@unreduced_and_replicated(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = sdy.all_reduce {"b"} %arg0 out_sharding=<@mesh, [{"a"}, {}]> : tensor<8x16xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @unreduced_and_replicated(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], replicated={"c"}, unreduced={"b"}>}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
