# RUN: %PYTHON %s | FileCheck %s
# The --debug-info view: every op carries the primitive name and the user's source line.

import numpy as np

import meshjit
import meshjit.numpy as jnp


def lower_with_locations(f, *args):
    print(meshjit.jit(f).lower(*args).as_text(debug_info=True))


f32 = meshjit.ShapeDtypeStruct((4,), np.float32)

# CHECK-LABEL: module @jit_two_lines
# CHECK: stablehlo.sine %arg0 : tensor<4xf32> loc(#[[SIN:loc[0-9]+]])
# CHECK: stablehlo.multiply %{{.*}} loc(#[[MUL:loc[0-9]+]])
# CHECK: #[[SIN_FILE:loc[0-9]+]] = loc("{{.*}}locations.py":[[# @LINE + 7]]:9)
# CHECK: #[[MUL_FILE:loc[0-9]+]] = loc("{{.*}}locations.py":[[# @LINE + 7]]:12)
# CHECK-DAG: #[[SIN]] = loc("sin"(#[[SIN_FILE]]))
# CHECK-DAG: #[[MUL]] = loc("mul"(#[[MUL_FILE]]))


def two_lines(x):
    y = jnp.sin(x)
    return y * 2.0


lower_with_locations(two_lines, f32)

# Ops traced inside a nested jit point at the inner function's lines (and columns).
# CHECK-LABEL: module @jit_calls_inner
# CHECK: call @inner(%arg0) : (tensor<4xf32>) -> tensor<4xf32> loc(#[[CALL:loc[0-9]+]])
# CHECK: func.func private @inner
# CHECK: stablehlo.exponential %arg0 : tensor<4xf32> loc(#[[EXP:loc[0-9]+]])
# CHECK-DAG: #[[EXP_FILE:loc[0-9]+]] = loc("{{.*}}locations.py":[[# @LINE + 8]]:12)
# CHECK-DAG: #[[CALL_FILE:loc[0-9]+]] = loc("{{.*}}locations.py":[[# @LINE + 11]]:12)
# CHECK-DAG: #[[EXP]] = loc("exp"(#[[EXP_FILE]]))
# CHECK-DAG: #[[CALL]] = loc("jit"(#[[CALL_FILE]]))


@meshjit.jit
def inner(x):
    return jnp.exp(x)


def calls_inner(x):
    return inner(x)


lower_with_locations(calls_inner, f32)
