// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 41a: an optimization barrier's results in Shardy's bare passes are one op's results
// like any other's (without the import's data-flow edge ops): the first result placed puts the
// others, fully open, on its mesh, which then keeps another mesh's shardings off them. meshjit
// kept each result apart (campaign seed 82657). In the pipeline, constraints on several results
// of a barrier, loop or case become reshards in result order (Shardy's import puts each after
// its own result's data-flow edge); meshjit put each right after the op, in reverse.

// Result 0 placed on @mesh by a constraint: result 1 is fully open on @mesh, so
// a constraint on @mesh1 behind a negate does not reach it.
// CHECK-LABEL: func.func {{(private )?}}@barrier_result_placed_by_constraint(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>]>} %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
// CHECK: %2 = stablehlo.negate %0#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"c"}, {}]>]>} : tensor<8x4xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @barrier_result_placed_by_constraint(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  %1 = sdy.sharding_constraint %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
  %2 = stablehlo.negate %0#1 : tensor<8x4xf32>
  %3 = sdy.sharding_constraint %2 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
  return %1, %3 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Constraints directly on both results, on different meshes.
// CHECK-LABEL: func.func {{(private )?}}@barrier_results_constrained_on_two_meshes(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>]>} %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %0#1 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @barrier_results_constrained_on_two_meshes(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  %1 = sdy.sharding_constraint %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
  %3 = sdy.sharding_constraint %0#1 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
  return %1, %3 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// As ob1, through two negates.
// CHECK-LABEL: func.func {{(private )?}}@barrier_result_through_two_negates(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>]>} %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
// CHECK: %2 = stablehlo.negate %0#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"c"}, {}]>]>} : tensor<8x4xf32>
// CHECK: %3 = stablehlo.negate %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"c"}, {}]>]>} : tensor<8x4xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @barrier_result_through_two_negates(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  %1 = sdy.sharding_constraint %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
  %2 = stablehlo.negate %0#1 : tensor<8x4xf32>
  %3 = stablehlo.negate %2 : tensor<8x4xf32>
  %4 = sdy.sharding_constraint %3 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
  return %1, %4 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// As ob1, through a dynamic_slice (campaign seed 82657).
// CHECK-LABEL: func.func {{(private )?}}@barrier_result_through_dynamic_slice(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>]>} %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
// CHECK: %2 = sdy.constant dense<0> : tensor<i32>
// CHECK: %3 = stablehlo.dynamic_slice %0#1, %2, %2, sizes = [8, 4] {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"c"}, {}]>]>} : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @barrier_result_through_dynamic_slice(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  %1 = sdy.sharding_constraint %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %2 = stablehlo.dynamic_slice %0#1, %c, %c, sizes = [8, 4] : (tensor<8x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
  %4 = sdy.sharding_constraint %2 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
  return %1, %4 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Constraints on the results in reverse order (the pipeline's reshards keep result order).
// CHECK-LABEL: func.func {{(private )?}}@barrier_constraints_in_reverse_order(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>]>} %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %0#1 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @barrier_constraints_in_reverse_order(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  %3 = sdy.sharding_constraint %0#1 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
  %1 = sdy.sharding_constraint %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
  return %1, %3 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Constraints on two loop results, each result also read elsewhere.
// CHECK-LABEL: func.func {{(private )?}}@while_two_constraints(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.constant dense<0> : tensor<i32>
// CHECK: %1 = sdy.constant dense<4> : tensor<i32>
// CHECK: %2:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1, %iterArg_1 = %0) : tensor<8x4xf32>, tensor<8x4xf32>, tensor<i32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, [{}, {"b"}]>, <@mesh, []>]>}
// CHECK: %7 = stablehlo.negate %iterArg {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x4xf32>
// CHECK: %3 = sdy.reshard %2#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
// CHECK: %4 = sdy.reshard %2#1 <@mesh, [{}, {"b"}]> : tensor<8x4xf32>
// CHECK: %5 = stablehlo.add %3, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x4xf32>
// CHECK: %6 = stablehlo.add %3, %4 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @while_two_constraints(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
  %0:3 = stablehlo.while(%i = %arg0, %j = %arg1, %k = %c) : tensor<8x4xf32>, tensor<8x4xf32>, tensor<i32>
    cond {
    %p = stablehlo.compare LT, %k, %c4 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %n = stablehlo.negate %i : tensor<8x4xf32>
    stablehlo.return %n, %j, %k : tensor<8x4xf32>, tensor<8x4xf32>, tensor<i32>
  }
  %1 = sdy.sharding_constraint %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
  %2 = sdy.sharding_constraint %0#1 <@mesh, [{}, {"b"}]> : tensor<8x4xf32>
  %3 = stablehlo.add %1, %2 : tensor<8x4xf32>
  %4 = stablehlo.add %0#0, %0#1 : tensor<8x4xf32>
  return %3, %4 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Constraints on two case results in reverse order.
// CHECK-LABEL: func.func {{(private )?}}@case_two_constraints_reversed(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, %arg2: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>, <@mesh, [{"a"}, {"b"}]>]>} : (tensor<i32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
// CHECK: %1 = sdy.reshard %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %0#1 <@mesh, [{}, {"b"}]> : tensor<8x4xf32>
// CHECK: %3 = stablehlo.add %1, %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @case_two_constraints_reversed(%arg0: tensor<i32>, %arg1: tensor<8x4xf32>, %arg2: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1, %arg2 : tensor<8x4xf32>, tensor<8x4xf32>
  }, {
    stablehlo.return %arg2, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  }) : (tensor<i32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
  %2 = sdy.sharding_constraint %0#1 <@mesh, [{}, {"b"}]> : tensor<8x4xf32>
  %1 = sdy.sharding_constraint %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
  %3 = stablehlo.add %1, %2 : tensor<8x4xf32>
  return %3, %0#0 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Result 1 placed first (from its constraint): result 0 is open on @mesh1 and the
// argument's @mesh does not cross the barrier.
// CHECK-LABEL: func.func {{(private )?}}@barrier_second_result_placed_first(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>]>} %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %0#1 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @barrier_second_result_placed_first(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  %3 = sdy.sharding_constraint %0#1 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
  return %0#0, %3 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Result 0 placed first from its constraint, argument 1 on @mesh1.
// CHECK-LABEL: func.func {{(private )?}}@barrier_first_result_placed_argument_on_other_mesh(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>]>} %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @barrier_first_result_placed_argument_on_other_mesh(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  %3 = sdy.sharding_constraint %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
  return %3, %0#1 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// The func results on two meshes: the first placed wins the barrier's mesh.
// CHECK-LABEL: func.func {{(private )?}}@barrier_func_results_on_two_meshes(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>]>} %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @barrier_func_results_on_two_meshes(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// Both results constrained behind negates on two meshes.
// CHECK-LABEL: func.func {{(private )?}}@barrier_results_constrained_behind_negates(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: %0:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh1, [{"c"}, {}]>]>} %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
// CHECK: %1 = stablehlo.negate %0#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
// CHECK: %3 = stablehlo.negate %0#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"c"}, {}]>]>} : tensor<8x4xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @barrier_results_constrained_behind_negates(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>
  %1 = stablehlo.negate %0#0 : tensor<8x4xf32>
  %2 = sdy.sharding_constraint %1 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
  %3 = stablehlo.negate %0#1 : tensor<8x4xf32>
  %4 = sdy.sharding_constraint %3 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
  return %2, %4 : tensor<8x4xf32>, tensor<8x4xf32>
}

// -----

// A sort's results (one op, as the barrier in the bare passes).
// CHECK-LABEL: func.func {{(private )?}}@sort_results_on_two_meshes(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh1, [{"c"}, {}]>}) {
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>, <@mesh, [{"a"}, {}]>]>} : (tensor<8x4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
// CHECK: %1 = sdy.reshard %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
// CHECK: %2 = stablehlo.negate %0#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh1, [{"c"}, {}]>]>} : tensor<8x4xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
sdy.mesh @mesh1 = <["c"=4]>
func.func @sort_results_on_two_meshes(%arg0: tensor<8x4xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0:2 = "stablehlo.sort"(%arg0, %arg1) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    %p = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 1 : i64, is_stable = false} : (tensor<8x4xf32>, tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>)
  %1 = sdy.sharding_constraint %0#0 <@mesh, [{"a"}, {}]> : tensor<8x4xf32>
  %3 = stablehlo.negate %0#1 : tensor<8x4xf32>
  %4 = sdy.sharding_constraint %3 <@mesh1, [{"c"}, {}]> : tensor<8x4xf32>
  return %1, %4 : tensor<8x4xf32>, tensor<8x4xf32>
}
