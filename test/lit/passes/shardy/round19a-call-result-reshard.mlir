// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 19a: a call result is resharded to the callee's result sharding as the user gave it
// (size-one axes removed), an axis larger than the dim too; only the callee's result then
// takes its returned value's even sharding. meshjit's export evened the user's sharding
// before resharding to it ("a":(1)2; campaign seeds 50083, 50280).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"b"}, {"a":(1)2}]> : tensor<8x2xf32>
// CHECK: %1 = call @callee(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a":(1)2}]>]>} : (tensor<8x2xf32>) -> tensor<8x2xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {"a"}]> : tensor<8x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a":(1)2}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.maximum %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<8x2xf32>
sdy.mesh @mesh = <["a"=8, "b"=2, "c"=1]>
func.func private @callee(%x: tensor<8x2xf32>) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) {
  %0 = stablehlo.maximum %x, %x : tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}
func.func @main(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x2xf32> {
  %0 = func.call @callee(%arg0) : (tensor<8x2xf32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"b"}, {"a":(1)2}]> : tensor<8x2xf32>
// CHECK: %1 = call @callee_size_one_axis(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a":(1)2}]>]>} : (tensor<8x2xf32>) -> tensor<8x2xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {"a"}]> : tensor<8x2xf32>
// CHECK: %3 = stablehlo.abs %2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : tensor<8x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_size_one_axis(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a":(1)2}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.maximum %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<8x2xf32>
sdy.mesh @mesh = <["a"=8, "b"=2, "c"=1]>
func.func private @callee_size_one_axis(%x: tensor<8x2xf32>) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "c"}]>}) {
  %0 = stablehlo.maximum %x, %x : tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}
func.func @main(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x2xf32> {
  %0 = func.call @callee_size_one_axis(%arg0) : (tensor<8x2xf32>) -> tensor<8x2xf32>
  %1 = stablehlo.abs %0 : tensor<8x2xf32>
  return %1 : tensor<8x2xf32>
}

// -----

// An open callee result that propagation extends to what the body returns: no reshard (the
// two agree before either is made even).

// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"b"}, {"a":(1)2}]> : tensor<8x2xf32>
// CHECK: %1 = call @callee_open_result(%0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a":(1)2}]>]>} : (tensor<8x2xf32>) -> tensor<8x2xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<8x2xf32>
// CHECK-LABEL: func.func {{(private )?}}@callee_open_result(
// CHECK-SAME: %arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a":(1)2}]>}) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a":(1)2}]>}) {
// CHECK: %0 = stablehlo.maximum %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}, {"a"}]>]>} : tensor<8x2xf32>
sdy.mesh @mesh = <["a"=8, "b"=2, "c"=1]>
func.func private @callee_open_result(%x: tensor<8x2xf32>) -> (tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"a", ?}]>}) {
  %0 = stablehlo.maximum %x, %x : tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}
func.func @main(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> tensor<8x2xf32> {
  %0 = func.call @callee_open_result(%arg0) : (tensor<8x2xf32>) -> tensor<8x2xf32>
  %1 = stablehlo.abs %0 : tensor<8x2xf32>
  return %1 : tensor<8x2xf32>
}
