func.func @simple(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
