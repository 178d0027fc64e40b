// RUN: meshjit-opt %s --pass-pipeline='builtin.module(meshjit-propagate{explain=true})' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s

// explain=true prints, per value, which annotation each dimension's axes came from and the
// ops they flowed through.
// CHECK: meshjit-propagate: sharding origins
// CHECK-NEXT: value {{ *}}defined by {{ *}}sharding {{ *}}origin
// CHECK-DAG: %arg0 {{.*}}<@mesh, [{"x"}, {}]> {{ *}}d0: annotation on @f arg 0
// CHECK-DAG: %arg1 {{.*}}<@mesh, [{"x", ?}, {"y"}]> {{ *}}d0: from @f arg 0 via stablehlo.add; d1: annotation on @f arg 1
// CHECK-DAG: %1 {{.*}}stablehlo.negate{{.*}}d0: from @f arg 0 via stablehlo.add -> stablehlo.negate; d1: from @f arg 1 via stablehlo.add -> stablehlo.negate
// CHECK-DAG: @f result 0 {{.*}}via stablehlo.add -> stablehlo.negate -> func.return
sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @f(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
             %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"y"}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  %1 = stablehlo.negate %0 : tensor<8x16xf32>
  return %1 : tensor<8x16xf32>
}
