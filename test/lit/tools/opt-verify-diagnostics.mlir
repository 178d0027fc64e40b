// RUN: meshjit-opt %s -split-input-file -verify-diagnostics

func.func @wrong_operand_count(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.add' op expected 2 operands, but found 1}}
  %0 = "stablehlo.add"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @wrong_return_type(%a: tensor<4xf32>) -> tensor<4xi32> {
  return %a : tensor<4xf32> // expected-error {{doesn't match function result type}}
}

// -----

// A valid chunk between invalid ones produces no diagnostics.
func.func @fine(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2]>
// expected-error @+1 {{unknown axis name: "z"}}
func.func @unknown_axis(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z"}]>}) -> tensor<8xf32> {
  return %a : tensor<8xf32>
}
