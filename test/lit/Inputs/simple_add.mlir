func.func @main(%a: tensor<16xf32>) -> tensor<16xf32> {
  %0 = stablehlo.add %a, %a : tensor<16xf32>
  return %0 : tensor<16xf32>
}
