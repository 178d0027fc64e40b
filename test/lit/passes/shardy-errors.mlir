// RUN: not meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true})' 2>&1 | FileCheck %s
// RUN: not meshjit-opt %s -split-input-file --meshjit-propagate 2>&1 | FileCheck %s
// RUN: not meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false})' 2>&1 | FileCheck %s
// RUN: not meshjit-opt %s -split-input-file --meshjit-propagate 2>&1 | FileCheck %s --check-prefix=NODUMP
// RUN: not meshjit-opt %s -split-input-file --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   2>&1 | FileCheck %s
// NODUMP-NOT: see current operation
// NODUMP-NOT: Traceback

// Issue 19's bad input: a located error, exit code 1, never a Python traceback.
// CHECK-NOT: Traceback

// CHECK: shardy-errors.mlir:[[# @LINE + 4]]:8: error: 'sdy.data_flow_edge' op requires the same type for all operands and results
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @edge_types_differ(%arg0: tensor<8x8xf32>) -> tensor<8x4xf32> {
  %0 = stablehlo.optimization_barrier %arg0 : tensor<8x8xf32>
  %1 = "sdy.data_flow_edge"(%0) : (tensor<8x8xf32>) -> tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 5]]:3: error: sharding group 0 has members on different meshes (@mesh1 and @mesh2)
sdy.mesh @mesh1 = <["a"=4, "b"=2]>
sdy.mesh @mesh2 = <["c"=8]>
func.func @group_meshes_differ(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"a"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh2, [{"c"}, {}]>}) -> tensor<8x8xf32> {
  sdy.sharding_group %arg0 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<8x8xf32>
  return %arg0 : tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: expecting priority in format 'p<number>', got: pfoo
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @bad_priority(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}pfoo, {}]>}) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 2]]:1: error: 'func.func' op arg 0 - sub-axis next pre-size 3 doesn't divide the size of the full axis 4
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_not_dividing(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)3}, {}]>}) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 3]]:8: error: 'stablehlo.custom_call' op operand - mapping rank must match: 1 != 2
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @rule_factor_count(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i, j]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 11]]:8: error: 'sdy.data_flow_edge' op requires the same type for all operands and results
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @loop_edge_types_differ(%arg0: tensor<8x8xf32>) -> tensor<8x4xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c) : tensor<8x8xf32>, tensor<i32>
    cond {
    %3 = stablehlo.compare LT, %iterArg_2, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %3 : tensor<i1>
  } do {
    stablehlo.return %iterArg, %iterArg_2 : tensor<8x8xf32>, tensor<i32>
  }
  %1 = "sdy.data_flow_edge"(%0#0) : (tensor<8x8xf32>) -> tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 3]]:8: error: 'stablehlo.negate' op result - sub-axis next pre-size 3 doesn't divide the size of the full axis 4
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @op_sub_axis_not_dividing(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)3}, {}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 3]]:{{[0-9]+}}: error: {{.*}}expecting priority in format 'p<number>', got: px
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @constraint_bad_priority(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"a"}px, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 7]]:3: error: sharding group 0 has members on different meshes (@mesh1 and @mesh2)
sdy.mesh @mesh1 = <["a"=4, "b"=2]>
sdy.mesh @mesh2 = <["c"=8]>
func.func @group_op_members_meshes_differ(%arg0: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"a"}, {}]>]>} : tensor<8x8xf32>
  %1 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh2, [{"c"}, {}]>]>} : tensor<8x8xf32>
  sdy.sharding_group %0 group_id=0 : tensor<8x8xf32>
  sdy.sharding_group %1 group_id=0 : tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 3]]:8: error: 'stablehlo.custom_call' op result - mapping rank must match: 2 != 1
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @rule_result_rank(%arg0: tensor<8x8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 3]]:8: error: 'stablehlo.custom_call' op number of operands and mappings must match: 1 != 2
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @rule_operand_count(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=16}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 3]]:8: error: 'sdy.func_data_flow_edge' op requires the same type for all operands and results
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @func_edge_types_differ(%arg0: tensor<8x8xf32>) -> tensor<8x4xf32> {
  %1 = "sdy.func_data_flow_edge"(%arg0) : (tensor<8x8xf32>) -> tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: expecting priority in format 'p<number>', got: p
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @negative_priority(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p-1, {}]>}) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 2]]:1: error: 'func.func' op arg 0 - sub-axis next pre-size 8 doesn't divide the size of the full axis 4
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @sub_axis_overflows_axis(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)4}, {}]>}) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 4]]:8: error: 'sdy.data_flow_edge' op sharding doesn't match tensor rank: 1 != 2
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @edge_sharding_rank(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.optimization_barrier %arg0 : tensor<8x8xf32>
  %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a"}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 7]]:3: error: sharding group 3 has members on different meshes (@mesh1 and @mesh2)
sdy.mesh @mesh1 = <["a"=4, "b"=2]>
sdy.mesh @mesh2 = <["c"=8]>
func.func @group_constraint_members_meshes_differ(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = sdy.sharding_constraint %arg0 <@mesh1, [{"a"}, {}]> : tensor<8x8xf32>
  %1 = sdy.sharding_constraint %arg1 <@mesh2, [{"c"}, {}]> : tensor<8x8xf32>
  sdy.sharding_group %0 group_id=3 : tensor<8x8xf32>
  sdy.sharding_group %1 group_id=3 : tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 3]]:{{[0-9]+}}: error: expecting priority in format 'p<number>', got: p1x
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @op_bad_priority(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}p1x, {}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 4]]:8: error: 'sdy.data_flow_edge' op sub-axis next pre-size 6 doesn't divide the size of the full axis 4
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @edge_sub_axis_not_dividing(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.optimization_barrier %arg0 : tensor<8x8xf32>
  %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{"a":(3)2}, {}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 3]]:8: error: 'sdy.manual_computation' op operand - sub-axis next pre-size 3 doesn't divide the size of the full axis 4
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @manual_sub_axis_not_dividing(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a":(1)3}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={} (%arg1: tensor<8x8xf32>) {
    sdy.return %arg1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 3]]:8: error: 'stablehlo.custom_call' op number of results and mappings must match: 1 != 2
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @rule_result_count(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j], [i, j]) {i=8, j=8}>} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// CHECK: shardy-errors.mlir:[[# @LINE + 3]]:8: error: 'stablehlo.add' op operand 0 - mapping rank must match: 1 != 2
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @rule_on_add_rank(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i, j]) {i=8, j=8}>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// A function declaration (Shardy's own passes crash on one): a located error, not a crash.
// CHECK: shardy-errors.mlir:[[# @LINE + 2]]:1: error: function @external is a declaration without a body: sharding propagation needs the body of every function in the module
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func private @external(tensor<8x8xf32>) -> tensor<8x8xf32>
func.func @calls_a_declaration(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = call @external(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// Calls that recurse: a located error, not an endless inlining.
// CHECK: shardy-errors.mlir:[[# @LINE + 7]]:8: error: recursive call of @recursive_calls (@recursive_calls -> @callee -> @recursive_calls): sharding propagation follows every call into its callee, which a cycle of calls makes endless
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @recursive_calls(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  %0 = call @callee(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func private @callee(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = call @recursive_calls(%arg0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
