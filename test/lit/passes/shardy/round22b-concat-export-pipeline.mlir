// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 22b: a concatenate's explicit reshards follow Shardy's majority vote: every prefix of
// a tensor's axes in a dim is a candidate weighing the elements of the tensors holding it;
// ties go to the candidate that shards further past its dim's pick, then to the later dim,
// then to the longer and later axes (sweep concatenate 7002, campaign 30056).

// CHECK-LABEL: func.func {{(private )?}}@prefix_then_further_devices(
// CHECK-SAME: %arg0: tensor<4x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"d"}, {}]>}, %arg1: tensor<4x12x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"d"}, {}]>}) -> (tensor<4x12x10xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d", "c":(2)2}, {"c":(1)2}]>}) {
// CHECK: %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"d"}, {}]>]>} : (tensor<4x12x8xf32>, tensor<4x12x2xf32>) -> tensor<4x12x10xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {"d", "c":(2)2}, {"c":(1)2}]> : tensor<4x12x10xf32>
sdy.mesh @mesh = <["a"=4, "c"=4, "d"=2]>
func.func @prefix_then_further_devices(%arg0: tensor<4x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"d"}, {}]>}, %arg1: tensor<4x12x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"d"}, {}]>}) -> (tensor<4x12x10xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"d", "c":(2)2}, {"c":(1)2}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 : (tensor<4x12x8xf32>, tensor<4x12x2xf32>) -> tensor<4x12x10xf32>
  return %0 : tensor<4x12x10xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@equal_weights_take_the_later_axis(
// CHECK-SAME: %arg0: tensor<5x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<10x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<5x8xf32>
// CHECK: %1 = sdy.reshard %arg0 <@mesh, [{}, {"a"}]> : tensor<5x8xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}]>]>} : (tensor<5x8xf32>, tensor<5x8xf32>) -> tensor<10x8xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"a"}, {}]> : tensor<10x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=4]>
func.func @equal_weights_take_the_later_axis(%arg0: tensor<5x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<10x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<5x8xf32>, tensor<5x8xf32>) -> tensor<10x8xf32>
  return %0 : tensor<10x8xf32>
}

// -----

// An operand holding partial sums makes Shardy compute the concatenate in its own pick even
// when every tensor agrees (the concatenated dim unsharded), and its reduction goes before
// the other operands' reshards (sweep concatenate 7032, 7037).

// CHECK-LABEL: func.func {{(private )?}}@partial_sums_force_the_pick(
// CHECK-SAME: %arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}], unreduced={"c"}>}, %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<12x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) {
// CHECK: %0 = sdy.all_reduce {"c"} %arg0 out_sharding=<@mesh, [{"b"}, {}]> : tensor<8x4xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{}, {"b"}]> : tensor<8x4xf32>
// CHECK: %2 = sdy.reshard %arg1 <@mesh, [{}, {"b"}]> : tensor<4x4xf32>
// CHECK: %3 = stablehlo.concatenate %1, %2, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"b"}]>]>} : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<12x4xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"b"}, {}]> : tensor<12x4xf32>
sdy.mesh @mesh = <["a"=2, "b"=2, "c"=2]>
func.func @partial_sums_force_the_pick(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}], unreduced={"c"}>}, %arg1: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}]>}) -> (tensor<12x4xf32>) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<12x4xf32>
  return %0 : tensor<12x4xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@reduction_before_the_other_reshards(
// CHECK-SAME: %arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], unreduced={"b"}>}, %arg1: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) {
// CHECK: %0 = sdy.all_reduce {"b"} %arg0 out_sharding=<@mesh, [{}]> : tensor<2xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{}]> : tensor<2xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{"b"}]> : tensor<4xf32>
sdy.mesh @mesh = <["a"=8, "b"=2]>
func.func @reduction_before_the_other_reshards(%arg0: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], unreduced={"b"}>}, %arg1: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>}) -> (tensor<4xf32>) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A sub-axis prefix counts the tensors holding the whole axis too, and a later pick extends
// it (sweep concatenate 15050); a dim's own pick does not cut its extensions (7033).

// CHECK-LABEL: func.func {{(private )?}}@sub_axis_prefix_then_its_extension(
// CHECK-SAME: %arg0: tensor<1x12x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}, %arg1: tensor<1x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}, %arg2: tensor<1x12x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<1x12x10xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg2 <@mesh, [{}, {"a"}, {}]> : tensor<1x12x1xf32>
// CHECK: %1 = stablehlo.concatenate %arg0, %arg1, %0, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a"}, {}]>]>} : (tensor<1x12x1xf32>, tensor<1x12x8xf32>, tensor<1x12x1xf32>) -> tensor<1x12x10xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{}, {"a":(1)2}, {}]> : tensor<1x12x10xf32>
sdy.mesh @mesh = <["a"=4]>
func.func @sub_axis_prefix_then_its_extension(%arg0: tensor<1x12x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}, %arg1: tensor<1x12x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}, %arg2: tensor<1x12x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> tensor<1x12x10xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"a":(1)2}, {?}]>]>} : (tensor<1x12x1xf32>, tensor<1x12x8xf32>, tensor<1x12x1xf32>) -> tensor<1x12x10xf32>
  return %0 : tensor<1x12x10xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@own_pick_is_no_clash(
// CHECK-SAME: %arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"a"}]>}, %arg1: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b":(1)2, "d"}, {}]>}, %arg2: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a"}]>}) -> (tensor<8x8x24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {"b"}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"c"}, {"b", "a"}, {}]> : tensor<8x8x8xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{"c"}, {"b", "a"}, {}]> : tensor<8x8x8xf32>
// CHECK: %2 = sdy.reshard %arg2 <@mesh, [{"c"}, {"b", "a"}, {}]> : tensor<8x8x8xf32>
// CHECK: %3 = stablehlo.concatenate %0, %1, %2, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"b", "a"}, {}]>]>} : (tensor<8x8x8xf32>, tensor<8x8x8xf32>, tensor<8x8x8xf32>) -> tensor<8x8x24xf32>
sdy.mesh @mesh = <["a"=4, "b"=4, "c"=2, "d"=4]>
func.func @own_pick_is_no_clash(%arg0: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}, {}, {"a"}]>}, %arg1: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b":(1)2, "d"}, {}]>}, %arg2: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a"}]>}) -> tensor<8x8x24xf32> {
  %0 = stablehlo.concatenate %arg0, %arg1, %arg2, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c"}, {"b", "a"}, {}]>]>} : (tensor<8x8x8xf32>, tensor<8x8x8xf32>, tensor<8x8x8xf32>) -> tensor<8x8x24xf32>
  return %0 : tensor<8x8x24xf32>
}

// -----

// The concatenated dim's picked axes go together to the first other dim whose size they
// divide with its own pick (campaign 72275).

// CHECK-LABEL: func.func {{(private )?}}@moved_axes_go_together(
// CHECK-SAME: %arg0: tensor<6x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a":(1)2}, {}]>}, %arg1: tensor<6x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<6x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}, {}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{}, {}, {"a", "b"}]> : tensor<6x2x8xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{}, {}, {"a", "b"}]> : tensor<6x2x8xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}, {"a", "b"}]>]>} : (tensor<6x2x8xf32>, tensor<6x2x8xf32>) -> tensor<6x4x8xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}, {"a", "b"}, {}]> : tensor<6x4x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=2]>
func.func @moved_axes_go_together(%arg0: tensor<6x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}, {}]>}, %arg1: tensor<6x2x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<6x4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}, {}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<6x2x8xf32>, tensor<6x2x8xf32>) -> tensor<6x4x8xf32>
  return %0 : tensor<6x4x8xf32>
}
