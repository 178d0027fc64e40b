"""Loop bodies' traces reused as JAX reuses them (compiler/lax/body_traces.py): a scan /
fori_loop / while_loop body runs its Python once per function and types, even across eager
calls and a jit of the same loop; cond branches and fresh lambdas are traced each time."""

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

CALLS_PROGRAM = r"""
calls = []

def body(c, x):
    calls.append("scan")
    return c + x, c

for _ in range(2):
    lax.scan(body, 0.0, jnp.arange(3.0))
lax.scan(body, 0, jnp.arange(3))

def fbody(i, c):
    calls.append("fori")
    return c + i

for _ in range(2):
    lax.fori_loop(0, 3, fbody, 0.0)

def cond(c):
    calls.append("cond")
    return c < 10

def wbody(c):
    calls.append("while")
    return c + 1

for _ in range(2):
    lax.while_loop(cond, wbody, 0)
f = jax.jit(lambda x: lax.scan(body, x, jnp.arange(3.0)))
f(0.0)
f(1.0)
for _ in range(2):
    lax.scan(lambda c, x: (calls.append("lambda"), (c + x, c))[1], 0.0, jnp.arange(3.0))
for _ in range(2):
    lax.cond(True, lambda x: (calls.append("branch"), x)[1], lambda x: x, 1.0)
out["calls"] = np.array(" ".join(calls))
"""


def test_loop_bodies_are_traced_once_per_types_as_jax(tmp_path):
    want = jax_on_8_devices(CALLS_PROGRAM, tmp_path)
    got = meshjit_on_program(CALLS_PROGRAM)
    assert str(got["calls"]) == str(want["calls"])


def test_a_body_closing_over_a_jit_tracer_is_traced_again():
    """Its trace holds that jit trace's value: kept, another jit's trace of the same body and
    types would read a stale tracer."""
    holder = {}

    def body(c, x):
        return c + x * holder["y"], c

    def loop(y):
        holder["y"] = y
        return lax.scan(body, jnp.zeros_like(y), jnp.arange(2.0))[0]

    np.testing.assert_allclose(meshjit.jit(loop)(jnp.float32(2.0)), 2.0)
    np.testing.assert_allclose(meshjit.jit(lambda y: loop(y + 1.0))(jnp.float32(2.0)), 3.0)
