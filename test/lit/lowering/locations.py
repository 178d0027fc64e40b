# RUN: %PYTHON %s | FileCheck %s
# The --debug-info view: every op carries the primitive name within JAX's name stack
# (`jit(f)/...`, transforms as `jvp()`, `transpose(jvp())`, `vmap()`) and the user's source
# line, with the expression's columns as JAX gives them (0-based start, `to :end`).

import numpy as np

import meshjit
import meshjit.numpy as jnp


def lower_with_locations(f, *args):
    print(meshjit.jit(f).lower(*args).as_text(debug_info=True))


f32 = meshjit.ShapeDtypeStruct((4,), np.float32)

# CHECK-LABEL: module @jit_two_lines
# CHECK: stablehlo.sine %arg0 : tensor<4xf32> loc(#[[SIN:loc[0-9]+]])
# CHECK: stablehlo.multiply %{{.*}} loc(#[[MUL:loc[0-9]+]])
# CHECK: #[[SIN_FILE:loc[0-9]+]] = loc("{{.*}}locations.py":[[# @LINE + 7]]:8 to :18)
# CHECK: #[[MUL_FILE:loc[0-9]+]] = loc("{{.*}}locations.py":[[# @LINE + 7]]:11 to :18)
# CHECK-DAG: #[[SIN]] = loc("jit(two_lines)/sin"(#[[SIN_FILE]]))
# CHECK-DAG: #[[MUL]] = loc("jit(two_lines)/mul"(#[[MUL_FILE]]))


def two_lines(x):
    y = jnp.sin(x)
    return y * 2.0


lower_with_locations(two_lines, f32)

# Ops traced inside a nested jit point at the inner function's lines (and columns), named
# afresh in its function; the call is `jit(inner)` in the caller's stack.
# CHECK-LABEL: module @jit_calls_inner
# CHECK: call @inner(%arg0) : (tensor<4xf32>) -> tensor<4xf32> loc(#[[CALL:loc[0-9]+]])
# CHECK: func.func private @inner
# CHECK: stablehlo.exponential %arg0 : tensor<4xf32> loc(#[[EXP:loc[0-9]+]])
# CHECK-DAG: #[[EXP_FILE:loc[0-9]+]] = loc("{{.*}}locations.py":[[# @LINE + 8]]:11 to :21)
# CHECK-DAG: #[[CALL_FILE:loc[0-9]+]] = loc("{{.*}}locations.py":[[# @LINE + 11]]:11 to :19)
# CHECK-DAG: #[[EXP]] = loc("exp"(#[[EXP_FILE]]))
# CHECK-DAG: #[[CALL]] = loc("jit(calls_inner)/jit(inner)"(#[[CALL_FILE]]))


@meshjit.jit
def inner(x):
    return jnp.exp(x)


def calls_inner(x):
    return inner(x)


lower_with_locations(calls_inner, f32)

# Transforms wrap the names below them, as JAX's: the callee's ops keep theirs.
# CHECK-LABEL: module @jit_grad_of_calls
# CHECK-DAG: loc("jit(grad_of_calls)/jvp(jit(inner))"
# CHECK-DAG: loc("jit(grad_of_calls)/transpose(jvp(jit(inner)))"
# CHECK-DAG: loc("jit(grad_of_calls)/jvp(vmap())/cos"
# CHECK-DAG: loc("jit(grad_of_calls)/transpose(jvp(vmap()))/mul"
# CHECK-DAG: loc("exp"


def grad_of_calls(x):
    return meshjit.grad(lambda v: meshjit.vmap(jnp.sin)(inner(v)).sum())(x)


lower_with_locations(grad_of_calls, f32)

# Bodies are named below their loop or branch, as JAX's: `while/cond`, `while/body`,
# `cond/branch_N_fun`; a body's own named scopes come after them.
# CHECK-LABEL: module @jit_loop_of_cond
# CHECK-DAG: loc("jit(loop_of_cond)/outer/while"
# CHECK-DAG: loc("jit(loop_of_cond)/outer/while/cond/lt"
# CHECK-DAG: loc("jit(loop_of_cond)/outer/while/body/cond"
# CHECK-DAG: loc("jit(loop_of_cond)/outer/while/body/cond/branch_0_fun/inner/exp"
# CHECK-DAG: loc("jit(loop_of_cond)/outer/while/body/cond/branch_1_fun/abs"


def exp_in_scope(v):
    with meshjit.named_scope("inner"):
        return jnp.exp(v)


def loop_of_cond(x):
    with meshjit.named_scope("outer"):
        body = lambda v: meshjit.lax.cond(v[0] > 0, jnp.abs, exp_in_scope, v)  # noqa: E731
        return meshjit.lax.while_loop(lambda v: v[0] < 10.0, body, x)


lower_with_locations(loop_of_cond, f32)
