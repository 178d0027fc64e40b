// RUN: meshjit-opt %s -split-input-file -verify-diagnostics --meshjit-propagate
// RUN: not meshjit-opt %s -split-input-file --meshjit-propagate 2>&1 | FileCheck %s
// An inline mesh is lifted into an `sdy.mesh` symbol (as Shardy's import does), then propagated.
// RUN: not meshjit-opt %s -split-input-file --meshjit-propagate 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=LIFTED

// Bad input gets a located error and exit code 1, never a Python traceback.
// CHECK-NOT: Traceback
func.func @inline_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<mesh<["x"=2]>, [{"x"}]>}) -> tensor<8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
// LIFTED: stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x", ?}]>]>}

// -----

// CHECK: propagate-errors.mlir:[[# @LINE + 3]]:1: error: 'func.func' op arg 0 - unknown axis name: "z"
sdy.mesh @mesh = <["x"=2]>
// expected-error @+1 {{unknown axis name: "z"}}
func.func @unknown_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z"}]>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// -----

// CHECK: propagate-errors.mlir:[[# @LINE + 3]]:1: error: 'func.func' op arg 0 - unknown mesh: @nomesh
sdy.mesh @mesh = <["x"=2]>
// expected-error @+1 {{unknown mesh: @nomesh}}
func.func @unknown_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@nomesh, [{"x"}]>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// -----

// CHECK: propagate-errors.mlir:[[# @LINE + 4]]:{{[0-9]+}}: error: use of value '%arg0' expects different type
// expected-note @+1 {{prior use here}}
func.func @malformed(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expects different type than prior uses}}
  %0 = stablehlo.negate %arg0 : tensor<4xf32>
  return %0 : tensor<8xf32>
}
