# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
from meshjit import nn


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


f32 = meshjit.ShapeDtypeStruct((4, 8), np.float32)
i32 = meshjit.ShapeDtypeStruct((4,), np.int32)


# max(x, 0) as a call of its own function, as JAX's jitted relu (its custom jvp makes the
# derivative 0 at 0).
# CHECK-LABEL: module @jit_relu
# CHECK: %[[R:.*]] = call @relu(%arg0)
# CHECK: return %[[R]]
# CHECK: func.func private @relu
# CHECK: stablehlo.maximum %arg0, %{{.*}} : tensor<4x8xf32>
def relu(x):
    return nn.relu(x)


lower(relu, f32)


# As JAX's: the maximum starts at -inf (jnp.max's initial) and is not made finite (a slice with
# +inf is all NaN in JAX too).
# CHECK-LABEL: module @jit_softmax
# CHECK: %[[NEG_INF:.*]] = stablehlo.constant dense<0xFF800000>
# CHECK: stablehlo.reduce(%arg0 init: %[[NEG_INF]]) applies stablehlo.maximum across dimensions = [1]
# CHECK-NOT: stablehlo.is_finite
# CHECK: stablehlo.maximum
# CHECK: stablehlo.subtract %arg0
# CHECK: %[[E:.*]] = stablehlo.exponential
# CHECK: stablehlo.reduce(%[[E]] init: %{{.*}}) applies stablehlo.add across
# CHECK-SAME: dimensions = [1]
# CHECK: stablehlo.divide %[[E]]
def softmax(x):
    return nn.softmax(x)


lower(softmax, f32)


# CHECK-LABEL: module @jit_gelu_exact
# CHECK: chlo.erf
# CHECK-LABEL: module @jit_gelu_tanh
# CHECK: stablehlo.tanh
def gelu_exact(x):
    return nn.gelu(x, approximate=False)


def gelu_tanh(x):
    return nn.gelu(x)


lower(gelu_exact, f32)
lower(gelu_tanh, f32)


# CHECK-LABEL: module @jit_logsumexp
# CHECK: stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.maximum across dimensions = [0, 1]
# CHECK: stablehlo.exponential
# CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.add across dimensions = [0, 1]
# CHECK: stablehlo.log %{{.*}} : tensor<f32>
# CHECK: stablehlo.add %{{.*}} : tensor<f32>
def logsumexp(x):
    return nn.logsumexp(x)


lower(logsumexp, f32)


# As JAX's jitted _one_hot: the indices with a new axis against a (1, 5) iota.
# CHECK-LABEL: module @jit_one_hot
# CHECK: call @_one_hot(%arg0)
# CHECK: %[[IOTA:.*]] = stablehlo.iota dim = 1 : tensor<1x5xi32>
# CHECK: %[[WIDE:.*]] = stablehlo.broadcast_in_dim %[[IOTA]], dims = [0, 1]
# CHECK: %[[EQ:.*]] = stablehlo.compare  EQ, %{{.*}}, %[[WIDE]],  SIGNED
# CHECK: stablehlo.convert %[[EQ]] : (tensor<4x5xi1>) -> tensor<4x5xf32>
def one_hot(i):
    return nn.one_hot(i, 5)


lower(one_hot, i32)
