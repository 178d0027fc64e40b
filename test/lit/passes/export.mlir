// RUN: meshjit-opt %s -split-input-file --meshjit-propagate --meshjit-export | FileCheck %s
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{cost-model=true}, meshjit-export{insert-reshards=true})' \
// RUN:   | FileCheck %s --check-prefix=RESHARD
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate, meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s --check-prefix=NOPIN
// Mixed with Shardy's passes in one pipeline: the output still verifies.
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(sdy-lift-inlined-meshes, meshjit-propagate, meshjit-export, canonicalize)' \
// RUN:   | FileCheck %s --check-prefix=MIXED

// Export closes every dimension and drops priorities; a func argument nothing reached stays
// unannotated, as Shardy's export leaves it (with pin-op-shardings, for XLA, it is replicated).
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @close
// CHECK-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}
// CHECK-SAME: %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}
// CHECK-SAME: %arg2: tensor<4xf32>)
// CHECK-SAME: -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}
// CHECK: stablehlo.add %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
// MIXED-LABEL: func.func @close
// MIXED-SAME: %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}
func.func @close(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}p1, {?}]>},
                 %arg1: tensor<8x16xf32>, %arg2: tensor<4xf32>) -> (tensor<8x16xf32>, tensor<4xf32>) {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  return %0, %arg2 : tensor<8x16xf32>, tensor<4xf32>
}

// -----

// A value no sharding reached (and a func result nothing decided) stays unannotated, as
// Shardy leaves it: XLA chooses there (a closed replicated sharding would force gathers,
// e.g. after a reshape whose sharding no dim sharding can express).
sdy.mesh @mesh = <["x"=2, "y"=4]>
// CHECK-LABEL: func.func @undecided
// CHECK-SAME: %arg1: tensor<8x16xf32>)
// CHECK-SAME: -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<8x16xf32>) {
// CHECK: stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
// CHECK: stablehlo.abs %arg1 :
func.func @undecided(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                     %arg1: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>
  %1 = stablehlo.abs %arg1 : tensor<8x16xf32>
  return %0, %1 : tensor<8x16xf32>, tensor<8x16xf32>
}

// -----

// The closed result's "y" flows back into the add, which also has %arg0's "x": the closed
// %arg0 and the closed result both disagree with it, and insert-reshards makes both
// conflicts explicit sdy.reshards.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// RESHARD-LABEL: func.func @reshard_return
// RESHARD: %[[A:.*]] = sdy.reshard %arg0 <@mesh, [{"x"}, {"y"}]>
// RESHARD: %[[ADD:.*]] = stablehlo.add %[[A]], %{{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>}
// RESHARD: %[[R:.*]] = sdy.reshard %[[ADD]] <@mesh, [{}, {"y"}]>
// RESHARD: return %[[R]]
func.func @reshard_return(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) {
  %0 = stablehlo.add %arg0, %arg0 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// An operand whose (closed) sharding disagrees with the op's result gets a reshard.
sdy.mesh @mesh = <["x"=2, "y"=4]>
// RESHARD-LABEL: func.func @reshard_operand
// RESHARD: %[[R:.*]] = sdy.reshard %arg1 <@mesh, [{"y"}, {}]>
// RESHARD: stablehlo.add %arg0, %[[R]] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y"}, {}]>]>}
func.func @reshard_operand(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>},
                           %arg1: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.add %arg0, %arg1 : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// -----

// FSDP with a small batch: the weight is split over "x" along the dim the dot contracts, the
// batch over "x" too. Gathering the weight moves 7 shards of it; export instead pins the dot to
// reshard the small activation onto the contracting dim, reduce, and reshard the result back.
sdy.mesh @mesh = <["x"=8]>
// CHECK-LABEL: func.func @fsdp_dot_plan
// CHECK: %[[LHS:.*]] = sdy.reshard %arg0 <@mesh, [{}, {"x"}]>
// CHECK: %[[DOT:.*]] = stablehlo.dot_general %[[LHS]], %arg1, {{.*}}<@mesh, [{}, {}]>
// CHECK: %[[OUT:.*]] = sdy.reshard %[[DOT]] <@mesh, [{"x"}, {}]>
// CHECK: return %[[OUT]]
// NOPIN-LABEL: func.func @fsdp_dot_plan
// NOPIN-NOT: sdy.reshard
// NOPIN: stablehlo.dot_general %arg0, %arg1, {{.*}}<@mesh, [{"x"}, {}]>
func.func @fsdp_dot_plan(%arg0: tensor<8x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                         %arg1: tensor<256x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x256xf32>, tensor<256x256xf32>) -> tensor<8x256xf32>
  return %0 : tensor<8x256xf32>
}
