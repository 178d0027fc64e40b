// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 41c (campaign seed 42295, EXTENDED, reduced): a call returning a dot whose size-1 (or
// size-2) batch dim the caller's result shards on axes that do not divide it. Propagation puts
// those axes on the callee's dot (the named computation's result takes the caller's result
// sharding whole), so Shardy's export has nothing to reshard; only then are the callee's and the
// caller's result made even (the axes dropped). meshjit compared the evened call result with the
// caller's uneven result sharding and resharded into it.

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x1x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"b":(2)2}]>}) -> (tensor<1x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b":(2)2}, {}]>]>} : (tensor<8x1x16xf32>) -> tensor<1x16x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x1x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"b":(2)2}]>}) -> (tensor<1x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(2)2}, {}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2, "a":(1)4}, {}, {}]>]>} dense<1.000000e+00> : tensor<1x8x8xf32>
// CHECK: %1 = stablehlo.dot_general %arg0, %0, batching_dims = [1] x [0], contracting_dims = [0] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2, "a":(1)4}, {"b":(2)2}, {}]>]>} : (tensor<8x1x16xf32>, tensor<1x8x8xf32>) -> tensor<1x16x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=4, "c"=4]>
func.func private @callee(%arg0: tensor<8x1x16xf32>) -> (tensor<1x16x8xf32>) {
  %c = stablehlo.constant dense<1.000000e+00> : tensor<1x8x8xf32>
  %0 = stablehlo.dot_general %arg0, %c, batching_dims = [1] x [0], contracting_dims = [0] x [1] : (tensor<8x1x16xf32>, tensor<1x8x8xf32>) -> tensor<1x16x8xf32>
  return %0 : tensor<1x16x8xf32>
}
func.func @main(%arg0: tensor<8x1x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"b":(2)2}]>}) -> (tensor<1x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2, "a":(1)4}, {?}, {}]>}) {
  %0 = func.call @callee(%arg0) : (tensor<8x1x16xf32>) -> tensor<1x16x8xf32>
  return %0 : tensor<1x16x8xf32>
}

// -----

// The size-2 batch dim: "a" becomes "a":(1)2 on both sides, the arg resharded.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"b":(2)2}]>}) -> (tensor<2x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"c"}, {"a":(1)2}, {"b":(2)2}]> : tensor<8x2x16xf32>
// CHECK: %1 = call @callee(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2}, {"b":(2)2}, {}]>]>} : (tensor<8x2x16xf32>) -> tensor<2x16x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"a":(1)2}, {"b":(2)2}]>}) -> (tensor<2x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"b":(2)2}, {}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}, {}]>]>} dense<1.000000e+00> : tensor<2x8x8xf32>
// CHECK: %1 = stablehlo.dot_general %arg0, %0, batching_dims = [1] x [0], contracting_dims = [0] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b":(2)2}, {}]>]>} : (tensor<8x2x16xf32>, tensor<2x8x8xf32>) -> tensor<2x16x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=4, "c"=4]>
func.func private @callee(%arg0: tensor<8x2x16xf32>) -> (tensor<2x16x8xf32>) {
  %c = stablehlo.constant dense<1.000000e+00> : tensor<2x8x8xf32>
  %0 = stablehlo.dot_general %arg0, %c, batching_dims = [1] x [0], contracting_dims = [0] x [1] : (tensor<8x2x16xf32>, tensor<2x8x8xf32>) -> tensor<2x16x8xf32>
  return %0 : tensor<2x16x8xf32>
}
func.func @main(%arg0: tensor<8x2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"b":(2)2}]>}) -> (tensor<2x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}, {}]>}) {
  %0 = func.call @callee(%arg0) : (tensor<8x2x16xf32>) -> tensor<2x16x8xf32>
  return %0 : tensor<2x16x8xf32>
}

// -----

// Sub-axes on a size-2 dim.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"b":(2)2}]>}) -> (tensor<2x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2}, {}, {}]>}) {
// CHECK: %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2}, {"b":(2)2}, {}]>]>} : (tensor<8x2x16xf32>) -> tensor<2x16x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"b":(2)2}]>}) -> (tensor<2x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2}, {"b":(2)2}, {}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2, "a":(1)4}, {}, {}]>]>} dense<1.000000e+00> : tensor<2x8x8xf32>
// CHECK: %1 = stablehlo.dot_general %arg0, %0, batching_dims = [1] x [0], contracting_dims = [0] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2, "a":(1)4}, {"b":(2)2}, {}]>]>} : (tensor<8x2x16xf32>, tensor<2x8x8xf32>) -> tensor<2x16x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=4, "c"=4]>
func.func private @callee(%arg0: tensor<8x2x16xf32>) -> (tensor<2x16x8xf32>) {
  %c = stablehlo.constant dense<1.000000e+00> : tensor<2x8x8xf32>
  %0 = stablehlo.dot_general %arg0, %c, batching_dims = [1] x [0], contracting_dims = [0] x [1] : (tensor<8x2x16xf32>, tensor<2x8x8xf32>) -> tensor<2x16x8xf32>
  return %0 : tensor<2x16x8xf32>
}
func.func @main(%arg0: tensor<8x2x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"b":(2)2}]>}) -> (tensor<2x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c":(1)2, "a":(1)4}, {?}, {}]>}) {
  %0 = func.call @callee(%arg0) : (tensor<8x2x16xf32>) -> tensor<2x16x8xf32>
  return %0 : tensor<2x16x8xf32>
}

// -----

// The caller's open result sharding on the size-1 dim.
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x1x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"b":(2)2}]>}) -> (tensor<1x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = call @callee(%arg0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b":(2)2}, {}]>]>} : (tensor<8x1x16xf32>) -> tensor<1x16x8xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x1x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"b":(2)2}]>}) -> (tensor<1x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"b":(2)2}, {}]>}) {
// CHECK: %0 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"c"}, {}]>]>} dense<1.000000e+00> : tensor<1x8x8xf32>
// CHECK: %1 = stablehlo.dot_general %arg0, %0, batching_dims = [1] x [0], contracting_dims = [0] x [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b":(2)2}, {}]>]>} : (tensor<8x1x16xf32>, tensor<1x8x8xf32>) -> tensor<1x16x8xf32>
sdy.mesh @mesh = <["a"=8, "b"=4, "c"=4]>
func.func private @callee(%arg0: tensor<8x1x16xf32>) -> (tensor<1x16x8xf32>) {
  %c = stablehlo.constant dense<1.000000e+00> : tensor<1x8x8xf32>
  %0 = stablehlo.dot_general %arg0, %c, batching_dims = [1] x [0], contracting_dims = [0] x [1] : (tensor<8x1x16xf32>, tensor<1x8x8xf32>) -> tensor<1x16x8xf32>
  return %0 : tensor<1x16x8xf32>
}
func.func @main(%arg0: tensor<8x1x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"b":(2)2}]>}) -> (tensor<1x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {?}, {?}]>}) {
  %0 = func.call @callee(%arg0) : (tensor<8x1x16xf32>) -> tensor<1x16x8xf32>
  return %0 : tensor<1x16x8xf32>
}
