// RUN: meshjit-opt %s --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true user-priority=false explain=true})' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s

// Round 20a: Shardy-compatible passes propagate through ops that die only when Shardy's
// driver reaches them (a dynamic_update_slice whose one user is dead) and erase them after
// write-back; explain=true printed its table after that, naming the erased values, and
// meshjit-opt crashed (a segfault). The table is made before they go.
// CHECK: meshjit-propagate: sharding origins
// CHECK-DAG: %arg0 {{.*}}d0: annotation on @main arg 0
// CHECK-DAG: %0 {{.*}}stablehlo.exponential
sdy.mesh @mesh = <["a"=2, "b"=4, "c"=8]>
func.func @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c", ?}, {"a"}]>}, %arg1: tensor<16x4xf32>) -> (tensor<16x8xf32>) {
  %0 = stablehlo.exponential %arg0 : tensor<16x8xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.dynamic_update_slice %0, %arg1, %c, %c : (tensor<16x8xf32>, tensor<16x4xf32>, tensor<i32>, tensor<i32>) -> tensor<16x8xf32>
  %2 = stablehlo.maximum %0, %1 : tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
