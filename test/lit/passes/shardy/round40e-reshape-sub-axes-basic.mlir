// SHARDY: sdy-basic-propagate
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{strategy=basic shardy-compatible=true})' \
// RUN:   | FileCheck %s

// Round 40e: reshapes that split and merge dims sharded on sub-axes and on axes of sizes 4, 2
// and 3, in the style of Shardy's sub-axes tests (all agreed with every Shardy pass when written).

// A merge whose minor dim of 6 takes "a"=4: only "a":(1)2 divides it.
// CHECK-LABEL: func.func {{(private )?}}@reshape_1(
// CHECK-SAME: %arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> (tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", ?}]>]>} : (tensor<4x6xf32>) -> tensor<24xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=3]>
func.func @reshape_1(%arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}) -> tensor<24xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x6xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// -----

// A split of a dim sharded on "c" then "a" into 6x4.
// CHECK-LABEL: func.func {{(private )?}}@reshape_2(
// CHECK-SAME: %arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a"}]>}) -> (tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a":(1)2, ?}, {"a":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", "a":(1)2, ?}, {"a":(2)2, ?}]>]>} : (tensor<24xf32>) -> tensor<6x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=3]>
func.func @reshape_2(%arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "a"}]>}) -> tensor<6x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<24xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// A split into three dims of a dim sharded on "a" then "c".
// CHECK-LABEL: func.func {{(private )?}}@reshape_3(
// CHECK-SAME: %arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c"}]>}) -> (tensor<2x3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {?}, {?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {?}, {?}]>]>} : (tensor<24xf32>) -> tensor<2x3x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=3]>
func.func @reshape_3(%arg0: tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c"}]>}) -> tensor<2x3x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<24xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// A merge reached backwards from a result sharded on "b", "c" and "a".
// CHECK-LABEL: func.func {{(private )?}}@reshape_4(
// CHECK-SAME: %arg0: tensor<2x3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", ?}, {"c", ?}, {"a", ?}]>}) -> (tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c"}, {"a"}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "c", ?}, {"a", ?}]>]>} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=3]>
func.func @reshape_4(%arg0: tensor<2x3x4xf32>) -> (tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "c"}, {"a"}]>}) {
  %0 = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// A chain of reshapes through a merged dim and back.
// CHECK-LABEL: func.func {{(private )?}}@reshape_5(
// CHECK-SAME: %arg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) -> (tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", ?}, {"b", "c", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", "c", ?}]>]>} : (tensor<8x3xf32>) -> tensor<4x6xf32>
// CHECK: %1 = stablehlo.reshape %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b", "c", ?}]>]>} : (tensor<4x6xf32>) -> tensor<24xf32>
// CHECK: %2 = stablehlo.reshape %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", "c", ?}]>]>} : (tensor<24xf32>) -> tensor<4x6xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=3]>
func.func @reshape_5(%arg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {"c"}]>}) -> tensor<4x6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x3xf32>) -> tensor<4x6xf32>
  %1 = stablehlo.reshape %0 : (tensor<4x6xf32>) -> tensor<24xf32>
  %2 = stablehlo.reshape %1 : (tensor<24xf32>) -> tensor<4x6xf32>
  return %2 : tensor<4x6xf32>
}

// -----

// A merge of sub-axes "a":(1)2 and "a":(2)2 back into "a".
// CHECK-LABEL: func.func {{(private )?}}@reshape_6(
// CHECK-SAME: %arg0: tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2, "c"}]>}) -> (tensor<24xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "c", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c", ?}]>]>} : (tensor<2x12xf32>) -> tensor<24xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "c", ?}]>]>} : tensor<24xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=3]>
func.func @reshape_6(%arg0: tensor<2x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2}, {"a":(2)2, "c"}]>}) -> tensor<24xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<2x12xf32>) -> tensor<24xf32>
  %1 = stablehlo.negate %0 : tensor<24xf32>
  return %1 : tensor<24xf32>
}

// -----

// A split whose major dim takes "b" and a piece of "a".
// CHECK-LABEL: func.func {{(private )?}}@reshape_7(
// CHECK-SAME: %arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) -> (tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a":(1)2, ?}, {"a":(2)2, ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b", "a":(1)2, ?}, {"a":(2)2, ?}]>]>} : (tensor<16xf32>) -> tensor<4x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=3]>
func.func @reshape_7(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b", "a"}]>}) -> tensor<4x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// A merge meeting an elementwise op whose other operand holds a sub-axis.
// CHECK-LABEL: func.func {{(private )?}}@reshape_8(
// CHECK-SAME: %arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b", ?}, {?}]>}, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b"}]>}) -> (tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2, "b", ?}]>]>} : (tensor<4x4xf32>) -> tensor<16xf32>
// CHECK: %1 = stablehlo.add %0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(2)2, "b", ?}]>]>} : tensor<16xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=3]>
func.func @reshape_8(%arg0: tensor<4x4xf32>, %arg1: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(2)2, "b"}]>}) -> tensor<16xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x4xf32>) -> tensor<16xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<16xf32>
  return %1 : tensor<16xf32>
}

// -----

// Size-1 dims around a split dim.
// CHECK-LABEL: func.func {{(private )?}}@reshape_9(
// CHECK-SAME: %arg0: tensor<1x8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}, {}]>}) -> (tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a":(1)2, ?}, {"a":(2)2, "b", ?}]>]>} : (tensor<1x8x1xf32>) -> tensor<2x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=3]>
func.func @reshape_9(%arg0: tensor<1x8x1xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a", "b"}, {}]>}) -> tensor<2x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<1x8x1xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// A split of a dim sharded on "c" then "b" where the new dims do not line up.
// CHECK-LABEL: func.func {{(private )?}}@reshape_10(
// CHECK-SAME: %arg0: tensor<6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b"}, {}]>}) -> (tensor<3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"b", ?}]>}) {
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c", ?}, {"b", ?}]>]>} : (tensor<6x2xf32>) -> tensor<3x4xf32>
sdy.mesh @mesh = <["a"=4, "b"=2, "c"=3]>
func.func @reshape_10(%arg0: tensor<6x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", "b"}, {}]>}) -> tensor<3x4xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<6x2xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
