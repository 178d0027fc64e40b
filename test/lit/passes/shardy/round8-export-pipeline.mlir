// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 8: dots whose result the func result fixes against the operands (Shardy's export reshards some of them explicitly: two known differences).

// DIFFERS: Shardy's export (its explicit reshards for dot_general, which this jaxlib runs in sdy-propagation-pipeline) computes this dot with lhs's row axis "model" and contracting "data" and reshards the result into the func result's [{"data"}, {}]; meshjit's export has Shardy's explicit reshards for concatenates only (for dots the rule also depends on tensor sizes: see dot_result_conflict_larger_result, which Shardy leaves alone)
// CHECK-LABEL: func.func {{(private )?}}@dot_result_conflict_lhs_rows(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2]>
func.func @dot_result_conflict_lhs_rows(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// DIFFERS: Shardy's export (its explicit reshards for dot_general, which this jaxlib runs in sdy-propagation-pipeline) computes this dot with lhs's row axis "model" and contracting "data" and reshards the result into the func result's [{"data"}, {}]; meshjit's export has Shardy's explicit reshards for concatenates only (for dots the rule also depends on tensor sizes: see dot_result_conflict_larger_result, which Shardy leaves alone)
// CHECK-LABEL: func.func {{(private )?}}@dot_result_conflict_larger_lhs(
// CHECK-SAME: %arg0: tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<64x32xf32>, tensor<32x32xf32>) -> tensor<64x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2]>
func.func @dot_result_conflict_larger_lhs(%x: tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x32xf32>) -> tensor<64x32xf32>
  return %1 : tensor<64x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_result_conflict_larger_result(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
sdy.mesh @mesh = <["data"=4, "model"=2]>
func.func @dot_result_conflict_larger_result(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
  return %1 : tensor<16x64xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_unsharded_rows_contracting_shared(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2]>
func.func @dot_unsharded_rows_contracting_shared(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_contracting_mismatch_result_conflict(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2]>
func.func @dot_contracting_mismatch_result_conflict(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_rows_and_cols_swapped(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {"model"}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
sdy.mesh @mesh = <["data"=4, "model"=2]>
func.func @dot_rows_and_cols_swapped(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@dot_contracting_conflict_only(
// CHECK-SAME: %arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}, %arg1: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
sdy.mesh @mesh = <["data"=4, "model"=2]>
func.func @dot_contracting_conflict_only(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
  return %1 : tensor<16x32xf32>
}

// -----

// DIFFERS: as dot_result_conflict_lhs_rows: the branch's dot keeps its lhs's "model" rows and Shardy's export reshards it into the case result's [{"data"}, {}] (what random structured programs at seeds 9 and 909 hit)
// CHECK-LABEL: func.func {{(private )?}}@dot_in_branch_feeding_manual(
// CHECK-SAME: %arg0: tensor<i32>, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %arg2: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
// CHECK: %3 = stablehlo.add %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : tensor<16x32xf32>
// CHECK: %3 = stablehlo.dot_general %arg1, %arg2, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
// CHECK: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"data"}, {}]>]>} : (tensor<i32>) -> tensor<16x32xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"data"}, {}]> : tensor<16x32xf32>
// CHECK: %2 = sdy.manual_computation(%1) in_shardings=[<@mesh, [{"data"}, {}]>] out_shardings=[<@mesh, [{"data"}, {}]>] manual_axes={"data", "model"} (%arg3: tensor<4x32xf32>) {
sdy.mesh @mesh = <["data"=4, "model"=2]>
func.func @dot_in_branch_feeding_manual(%p: tensor<i32>, %x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {"data"}]>}, %w: tensor<32x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) -> tensor<16x32xf32> {
  %0 = "stablehlo.case"(%p) ({
    %1 = stablehlo.add %x, %x : tensor<16x32xf32>
    stablehlo.return %1 : tensor<16x32xf32>
  }, {
    %1 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x32xf32>) -> tensor<16x32xf32>
    stablehlo.return %1 : tensor<16x32xf32>
  }) : (tensor<i32>) -> tensor<16x32xf32>
  %2 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"data"}, {}]>] out_shardings=[<@mesh, [{"data"}, {}]>] manual_axes={"data", "model"} (%a: tensor<4x32xf32>) {
    %3 = stablehlo.exponential %a : tensor<4x32xf32>
    sdy.return %3 : tensor<4x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %2 : tensor<16x32xf32>
}
