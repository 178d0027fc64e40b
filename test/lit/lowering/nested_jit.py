# RUN: %PYTHON %s | FileCheck %s

import numpy as np

import meshjit
import meshjit.numpy as jnp


def lower(f, *args):
    print(meshjit.jit(f).lower(*args).as_text())


f32 = meshjit.ShapeDtypeStruct((4,), np.float32)


@meshjit.jit
def double(x):
    return x * 2.0


# CHECK-LABEL: module @jit_calls_twice
# CHECK: func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "result"})
# CHECK: %[[A:.*]] = call @double(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
# CHECK: %[[B:.*]] = call @double(%[[A]]) : (tensor<4xf32>) -> tensor<4xf32>
# CHECK: return %[[B]]
# CHECK: func.func private @double(%arg0: tensor<4xf32>) -> tensor<4xf32>
# CHECK: %[[TWO:.*]] = stablehlo.constant dense<2.000000e+00> : tensor<f32>
# CHECK: %[[M:.*]] = stablehlo.multiply %arg0,
# CHECK: return %[[M]]
# CHECK-NOT: func.func
def calls_twice(x):
    return double(double(x))


lower(calls_twice, f32)


# Two different inner functions with the same name get distinct symbols; a closed-over
# constant is passed as an extra argument.
# CHECK-LABEL: module @jit_two_inners
# CHECK: func.func public @main
# CHECK: %[[C:.*]] = stablehlo.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<4xf32>
# CHECK: call @inner(%arg0)
# CHECK: call @inner_0(%[[C]], %arg0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
# CHECK-DAG: func.func private @inner(%arg0: tensor<4xf32>) -> tensor<4xf32>
# CHECK-DAG: func.func private @inner_0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32>
def two_inners(x):
    def inner(x):
        return jnp.sin(x)

    first = meshjit.jit(inner)
    c = np.arange(4, dtype=np.float32)

    def inner(x):  # noqa: F811
        return x + c

    second = meshjit.jit(inner)
    return first(x) + second(x)


lower(two_inners, f32)


# Nested calls nest: the inner function calls another private function.
# CHECK-LABEL: module @jit_outer
# CHECK: call @middle(%arg0)
# CHECK: func.func private @middle
# CHECK: call @double
# CHECK: func.func private @double
@meshjit.jit
def middle(x):
    return double(x) + 1.0


def outer(x):
    return middle(x)


lower(outer, f32)
