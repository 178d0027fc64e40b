// RUN: meshjit-opt %s -split-input-file --meshjit-print-sharding-rules | FileCheck %s

// The rule table alone: each op gets its factor rule in Shardy's #sdy.op_sharding_rule syntax.
// CHECK-LABEL: func.func @rules
func.func @rules(%a: tensor<8x16xf32>, %b: tensor<16x32xf32>, %v: tensor<16xf32>, %i: tensor<i32>,
                 %t: tensor<2x8x16xf32>, %u: tensor<2x16x4xf32>) -> tensor<8x32xf32> {
  // CHECK: stablehlo.add {{.*}}<([i, j], [i, j])->([i, j]) {i=8, j=16}>
  %0 = stablehlo.add %a, %a : tensor<8x16xf32>
  // CHECK: stablehlo.dot_general {{.*}}<([i, k], [k, j])->([i, j]) {i=8, j=32, k=16} reduction={k}>
  %1 = stablehlo.dot_general %0, %b, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  // CHECK: stablehlo.dot_general {{.*}}<([i, j, l], [i, l, k])->([i, j, k]) {i=2, j=8, k=4, l=16} reduction={l}>
  %2 = stablehlo.dot_general %t, %u, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x8x16xf32>, tensor<2x16x4xf32>) -> tensor<2x8x4xf32>
  // CHECK: stablehlo.broadcast_in_dim {{.*}}<([j])->([i, j]) {i=8, j=16}>
  %3 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  // CHECK: stablehlo.reshape {{.*}}<([ij, k])->([i, jk]) {i=2, j=4, k=16}>
  %4 = stablehlo.reshape %0 : (tensor<8x16xf32>) -> tensor<2x64xf32>
  // CHECK: stablehlo.transpose {{.*}}<([j, i])->([i, j]) {i=16, j=8}>
  %5 = stablehlo.transpose %0, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
  // CHECK: stablehlo.slice {{.*}}<([i, j])->([i, j]) {i=8, j=16} permutation={i}>
  %6 = stablehlo.slice %0 [0:4, 0:16] : (tensor<8x16xf32>) -> tensor<4x16xf32>
  // CHECK: stablehlo.concatenate {{.*}}<([i, j], [i, j])->([i, j]) {i=16, j=16} permutation={i}>
  %7 = stablehlo.concatenate %0, %0, dim = 0 : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
  // CHECK: stablehlo.dynamic_slice {{.*}}<([i, j], [], [])->([i, j]) {i=8, j=16} need_replication={i} blocked_propagation={i}>
  %8 = stablehlo.dynamic_slice %0, %i, %i, sizes = [4, 16] : (tensor<8x16xf32>, tensor<i32>, tensor<i32>) -> tensor<4x16xf32>
  // CHECK: stablehlo.reduce{{.*}}<([i, j], [])->([i]) {i=8, j=16} reduction={j}>
  %cst = stablehlo.constant dense<0.0> : tensor<f32>
  %9 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8xf32>
  // CHECK: stablehlo.pad {{.*}}<([i, j], [])->([i, j]) {i=8, j=16} permutation={j}>
  %10 = stablehlo.pad %0, %cst, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x18xf32>
  // (a padded dim keeping its size is pointwise, as in Shardy)
  // CHECK: stablehlo.pad {{.*}}<([i, j], [])->([i, j]) {i=8, j=16}>
  %pad_kept = stablehlo.pad %0, %cst, low = [0, 1], high = [0, -1], interior = [0, 0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  // CHECK: stablehlo.select {{.*}}<([], [i, j], [i, j])->([i, j]) {i=8, j=16}>
  %p = stablehlo.constant dense<true> : tensor<i1>
  %11 = stablehlo.select %p, %0, %0 : tensor<i1>, tensor<8x16xf32>
  // Constants and iotas have no rule: they take their users' shardings.
  // CHECK: stablehlo.iota dim = 0 : tensor<8xi32>
  %12 = stablehlo.iota dim = 0 : tensor<8xi32>
  return %1 : tensor<8x32xf32>
}

// -----

// CHECK-LABEL: func.func @sort_and_collectives
func.func @sort_and_collectives(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // CHECK: stablehlo.sort
  // CHECK: }) {meshjit.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} need_replication={j}>}
  %0 = "stablehlo.sort"(%a) <{dimension = 1 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare LT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // CHECK: stablehlo.all_gather{{.*}}<([j, i])->([k, i]) {i=16, j=8, k=16} need_replication={j, k}>
  %1 = "stablehlo.all_gather"(%0) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<8x16xf32>) -> tensor<16x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// An empty reshape (jnp.pad's statistic modes over a zero width make them): a factor per dim,
// nothing shared (the gcd scan divided by zero).
// CHECK-LABEL: func.func @empty_reshape
func.func @empty_reshape(%a: tensor<1x0x5x3xf32>) -> tensor<0x5x3xf32> {
  // CHECK: stablehlo.reshape {{.*}}<([i, j, k, l])->([m, n, o]) {i=1, j=0, k=5, l=3, m=0, n=5, o=3}>
  %0 = stablehlo.reshape %a : (tensor<1x0x5x3xf32>) -> tensor<0x5x3xf32>
  return %0 : tensor<0x5x3xf32>
}
