// SHARDY: sdy-propagation-pipeline
// RUN: meshjit-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true},meshjit-export{pin-dot-plans=false})' \
// RUN:   | FileCheck %s

// Round 26a: the axes a concatenate's concatenated dim gives up go to the other dims in turn,
// each taking the longest prefix of those left that its size divides (with its own axes): they
// may split over two dims (round22b-concat-export-pipeline: they go together when only a later
// dim takes the first).

// CHECK-LABEL: func.func {{(private )?}}@moved_axes_split_over_dims(
// CHECK-SAME: %arg0: tensor<2x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a", "b"}]>}, %arg1: tensor<2x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<2x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a", "b"}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"a"}, {"b"}, {}]> : tensor<2x8x4xf32>
// CHECK: %1 = sdy.reshard %arg1 <@mesh, [{"a"}, {"b"}, {}]> : tensor<2x8x4xf32>
// CHECK: %2 = stablehlo.concatenate %0, %1, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {"b"}, {}]>]>} : (tensor<2x8x4xf32>, tensor<2x8x4xf32>) -> tensor<2x8x8xf32>
// CHECK: %3 = sdy.reshard %2 <@mesh, [{}, {}, {"a", "b"}]> : tensor<2x8x8xf32>
sdy.mesh @mesh = <["a"=2, "b"=2]>
func.func @moved_axes_split_over_dims(%arg0: tensor<2x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a", "b"}]>}, %arg1: tensor<2x8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}) -> (tensor<2x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {"a", "b"}]>}) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 2 : (tensor<2x8x4xf32>, tensor<2x8x4xf32>) -> tensor<2x8x8xf32>
  return %0 : tensor<2x8x8xf32>
}

// -----

// campaign 32742 (EXTENDED=1): sub-axes of the func result's concatenated dim
// CHECK-LABEL: func.func {{(private )?}}@main(
// CHECK-SAME: %arg0: tensor<8x1x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, %arg1: tensor<1x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> (tensor<8x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)4}, {"c"}, {"a":(1)2, "b":(1)2}]>}) {
// CHECK: %0 = sdy.reshard %arg0 <@mesh, [{"c":(1)2}, {"c":(2)2, "d"}, {"a":(2)2}]> : tensor<8x1x16xf32>
// CHECK: %1 = sdy.reshard %0 <@mesh, [{"c":(1)2}, {"c":(2)2, "d"}, {}]> : tensor<8x1x16xf32>
// CHECK: %2 = sdy.reshard %1 <@mesh, [{"c":(1)2}, {"c":(2)2, "d"}, {"a":(2)2}]> : tensor<8x1x16xf32>
// CHECK: %3 = stablehlo.dot_general %2, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"c":(1)2}, {"a":(2)2}, {"a":(1)2, "b":(1)2}]>]>} : (tensor<8x1x16xf32>, tensor<1x4xf32>) -> tensor<8x16x4xf32>
// CHECK: %4 = sdy.reshard %3 <@mesh, [{"b":(2)4, "a":(1)2}, {"c", "b":(1)2}, {}]> : tensor<8x16x4xf32>
// CHECK: %5 = sdy.reshard %3 <@mesh, [{"b":(2)4, "a":(1)2}, {"c", "b":(1)2}, {}]> : tensor<8x16x4xf32>
// CHECK: %6 = stablehlo.concatenate %4, %5, dim = 2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b":(2)4, "a":(1)2}, {"c", "b":(1)2}, {}]>]>} : (tensor<8x16x4xf32>, tensor<8x16x4xf32>) -> tensor<8x16x8xf32>
// CHECK: %7 = sdy.reshard %6 <@mesh, [{"b":(2)4}, {"c"}, {"a":(1)2, "b":(1)2}]> : tensor<8x16x8xf32>
sdy.mesh @mesh = <["a"=4, "b"=8, "c"=4, "d"=2], device_ids=[236, 39, 53, 177, 209, 55, 72, 28, 214, 76, 45, 112, 54, 170, 160, 71, 11, 25, 118, 119, 158, 91, 234, 183, 210, 179, 215, 184, 174, 154, 96, 156, 200, 250, 19, 83, 38, 242, 69, 78, 149, 42, 88, 40, 133, 5, 95, 227, 212, 113, 23, 193, 237, 152, 190, 35, 101, 233, 188, 126, 14, 65, 70, 57, 241, 244, 63, 251, 120, 128, 6, 36, 98, 60, 157, 4, 198, 168, 238, 189, 77, 59, 67, 56, 68, 86, 29, 175, 122, 226, 225, 248, 219, 145, 142, 10, 138, 135, 197, 3, 43, 216, 176, 143, 34, 100, 205, 73, 220, 61, 81, 102, 89, 148, 74, 164, 99, 222, 97, 18, 131, 130, 221, 253, 107, 8, 201, 93, 22, 27, 182, 167, 20, 109, 229, 180, 94, 140, 211, 26, 64, 243, 246, 137, 153, 0, 111, 105, 169, 186, 224, 41, 254, 203, 172, 1, 147, 231, 58, 161, 204, 213, 51, 202, 185, 247, 127, 191, 87, 217, 146, 136, 240, 7, 115, 44, 194, 171, 2, 62, 85, 245, 49, 90, 9, 50, 249, 31, 129, 165, 230, 199, 123, 84, 228, 114, 17, 46, 173, 218, 80, 144, 178, 66, 255, 207, 52, 187, 252, 124, 92, 24, 223, 141, 30, 206, 116, 166, 208, 15, 196, 13, 48, 239, 104, 33, 75, 181, 103, 159, 108, 47, 16, 192, 134, 155, 121, 232, 32, 139, 150, 163, 151, 37, 235, 195, 125, 12, 82, 21, 117, 162, 106, 132, 110, 79]>
func.func @main(%arg1: tensor<8x1x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {"c":(2)2}, {"a":(2)2, ?}]>}, %arg3: tensor<1x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"d"}, {"a", ?}]>}) -> (tensor<8x16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)4}p1, {"c"}, {"a":(1)2, "b":(1)2}]>}) {
  %v2 = sdy.sharding_constraint %arg1 <@mesh, [{"c":(1)2, ?}, {"c":(2)2, "d"}, {}]> : tensor<8x1x16xf32>
  sdy.sharding_group %v2 group_id=0 : tensor<8x1x16xf32>
  sdy.sharding_group %arg1 group_id=0 : tensor<8x1x16xf32>
  %v4 = stablehlo.dot_general %v2, %arg3, contracting_dims = [1] x [0] : (tensor<8x1x16xf32>, tensor<1x4xf32>) -> tensor<8x16x4xf32>
  %v5 = stablehlo.concatenate %v4, %v4, dim = 2 : (tensor<8x16x4xf32>, tensor<8x16x4xf32>) -> tensor<8x16x8xf32>
  return %v5 : tensor<8x16x8xf32>
}
