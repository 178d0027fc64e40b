// SHARDY: sdy-aggressive-propagate{keep-sharding-rules=true}
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true op-priority=false keep-sharding-rules=true})' \
// RUN:   | FileCheck %s

// Round 20b: reshapes whose dims stop sharing a factor, factored as Shardy factors them (the
// side behind takes what brings it up to the other, else what the other's current dim cannot
// share, else its whole dim; sweep reshape 12029 and random reshapes).

// CHECK-LABEL: func.func {{(private )?}}@r_8x12_to_6x8x2(
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([ij, mop])->([ik, lno, p]) {i=2, j=4, k=3, l=2, m=3, n=2, o=2, p=2}>} : (tensor<8x12xf32>) -> tensor<6x8x2xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @r_8x12_to_6x8x2(%arg0: tensor<8x12xf32>) -> tensor<6x8x2xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<8x12xf32>) -> tensor<6x8x2xf32>
  return %0 : tensor<6x8x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@r_4x3x2_to_3x8(
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, l, m])->([j, k]) {i=4, j=3, k=8, l=3, m=2}>} : (tensor<4x3x2xf32>) -> tensor<3x8xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @r_4x3x2_to_3x8(%arg0: tensor<4x3x2xf32>) -> tensor<3x8xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<4x3x2xf32>) -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@r_3x8x2_to_8x6(
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, km, n])->([j, ln]) {i=3, j=8, k=4, l=3, m=2, n=2}>} : (tensor<3x8x2xf32>) -> tensor<8x6xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @r_3x8x2_to_8x6(%arg0: tensor<3x8x2xf32>) -> tensor<8x6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<3x8x2xf32>) -> tensor<8x6xf32>
  return %0 : tensor<8x6xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@r_3x8x4_to_16x6(
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, kl, no])->([j, mo]) {i=3, j=16, k=4, l=2, m=3, n=2, o=2}>} : (tensor<3x8x4xf32>) -> tensor<16x6xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @r_3x8x4_to_16x6(%arg0: tensor<3x8x4xf32>) -> tensor<16x6xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<3x8x4xf32>) -> tensor<16x6xf32>
  return %0 : tensor<16x6xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@r_12x12_to_8x9x2(
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([ij, mno])->([ik, ln, o]) {i=4, j=3, k=2, l=3, m=2, n=3, o=2}>} : (tensor<12x12xf32>) -> tensor<8x9x2xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @r_12x12_to_8x9x2(%arg0: tensor<12x12xf32>) -> tensor<8x9x2xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<12x12xf32>) -> tensor<8x9x2xf32>
  return %0 : tensor<8x9x2xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@r_9x12_to_6x6x3(
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([ij, mn])->([ik, l, n]) {i=3, j=3, k=2, l=6, m=4, n=3}>} : (tensor<9x12xf32>) -> tensor<6x6x3xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @r_9x12_to_6x6x3(%arg0: tensor<9x12xf32>) -> tensor<6x6x3xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<9x12xf32>) -> tensor<6x6x3xf32>
  return %0 : tensor<6x6x3xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@r_16x12x9_to_9x4x4x12(
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, ln, pq])->([j, k, m, oq]) {i=16, j=9, k=4, l=3, m=4, n=4, o=4, p=3, q=3}>} : (tensor<16x12x9xf32>) -> tensor<9x4x4x12xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @r_16x12x9_to_9x4x4x12(%arg0: tensor<16x12x9xf32>) -> tensor<9x4x4x12xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<16x12x9xf32>) -> tensor<9x4x4x12xf32>
  return %0 : tensor<9x4x4x12xf32>
}

// -----

// CHECK-LABEL: func.func {{(private )?}}@r_9x2x8_to_16x9(
// CHECK: %0 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k, m])->([j, l]) {i=9, j=16, k=2, l=9, m=8}>} : (tensor<9x2x8xf32>) -> tensor<16x9xf32>
sdy.mesh @mesh = <["a"=2]>
func.func @r_9x2x8_to_16x9(%arg0: tensor<9x2x8xf32>) -> tensor<16x9xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<9x2x8xf32>) -> tensor<16x9xf32>
  return %0 : tensor<16x9xf32>
}
