// SHARDY: sdy-propagation-pipeline{dedup-functions-fully=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true dedup-functions-fully=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 10: `dedup-functions-fully`: every call of a function shares one copy of it; operands that disagree with it are resharded.

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.reshard %arg1 <@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
// CHECK: %2 = call @two_calls_different_shardings(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %3 = call @two_calls_different_shardings(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-LABEL: func.func {{(private )?}}@two_calls_different_shardings(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = call @two_calls_different_shardings(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = call @two_calls_different_shardings(%arg1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}
func.func private @two_calls_different_shardings(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = call @two_calls_same_sharding(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %1 = call @two_calls_same_sharding(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-LABEL: func.func {{(private )?}}@two_calls_same_sharding(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = call @two_calls_same_sharding(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = call @two_calls_same_sharding(%arg1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}
func.func private @two_calls_same_sharding(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.abs %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {"c"}]> : tensor<8x16xf32>
// CHECK: %1 = call @result_sharded_at_one_call(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %2 = call @result_sharded_at_one_call(%arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-LABEL: func.func {{(private )?}}@result_sharded_at_one_call(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) {
  %0 = call @result_sharded_at_one_call(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = call @result_sharded_at_one_call(%arg1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}
func.func private @result_sharded_at_one_call(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
// CHECK: %0 = sdy.reshard %arg1 <@mesh, [{}, {}]> : tensor<8x16xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{}, {}]> : tensor<8x16xf32>
// CHECK-LABEL: func.func {{(private )?}}@nested_outer(
// CHECK-LABEL: func.func {{(private )?}}@nested_inner(
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = call @nested_outer(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = call @nested_outer(%arg1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}
func.func private @nested_outer(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = call @nested_inner(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
func.func private @nested_inner(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.abs %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = sdy.reshard %arg1 <@mesh, [{}, {"b"}]> : tensor<8x16xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{}, {"b"}]> : tensor<8x16xf32>
// CHECK: %2 = call @annotated_callee(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %3 = call @annotated_callee(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-LABEL: func.func {{(private )?}}@annotated_callee(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = call @annotated_callee(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = call @annotated_callee(%arg1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}
func.func private @annotated_callee(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}, tensor<16x16xf32>) {
// CHECK: %0 = call @dot_callee(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@other_callee(
// CHECK-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> tensor<16x16xf32> {
// CHECK-LABEL: func.func {{(private )?}}@dot_callee(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"c"}]>}) {
// CHECK: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}]>]>} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"c"}]>}) -> (tensor<8x8xf32>, tensor<16x16xf32>) {
  %0 = call @dot_callee(%arg0, %arg1) : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %1 = call @other_callee(%arg1) : (tensor<16x8xf32>) -> tensor<16x16xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<16x16xf32>
}
func.func private @dot_callee(%arg0: tensor<8x16xf32>, %arg1: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func private @other_callee(%arg0: tensor<16x8xf32>) -> tensor<16x16xf32> {
  %0 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [1] x [1] : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x16xf32>
  return %0 : tensor<16x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}, tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = sdy.reshard %arg1 <@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{"a"}, {"b"}]> : tensor<8x16xf32>
// CHECK: %2 = call @three_calls(%1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %3 = call @three_calls(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %4 = call @three_calls(%arg2) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-LABEL: func.func {{(private )?}}@three_calls(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b"}]>}) {
// CHECK: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}, %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b"}]>}, %arg2: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = call @three_calls(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = call @three_calls(%arg1) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = call @three_calls(%arg2) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0, %1, %2 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
}
func.func private @three_calls(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = call @chained_calls(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %1 = call @chained_calls(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-LABEL: func.func {{(private )?}}@chained_calls(
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
// CHECK: %0 = stablehlo.transpose %arg0, dims = [0, 1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK: %1 = stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {}]>]>} : tensor<8x16xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x16xf32> {
  %0 = call @chained_calls(%arg0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = call @chained_calls(%0) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
func.func private @chained_calls(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.transpose %arg0, dims = [0, 1] : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.abs %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
