"""Whole programs in the style of JAX's docs that start by turning x64 on, run by JAX (on 8 CPU
devices, in a subprocess) and by meshjit with the same source: Sharp Bits' double-precision
example, a jitted Newton solve, a float64 ODE, and a sharded float64 computation."""

import numpy as np

import meshjit
from meshjit.experimental.ode import odeint
from meshjit.sharding import NamedSharding
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = """
jax.config.update("jax_enable_x64", True)
from jax import random
from jax.sharding import NamedSharding
from jax.experimental.ode import odeint

# The Sharp Bits: "to use double-precision numbers, set the jax_enable_x64 flag at startup".
x = random.uniform(random.key(0), (1000,), dtype=jnp.float64)
out["sharp_bits"] = x
out["sharp_bits_default"] = random.normal(random.key(1), (4,))

# Newton's method on x**3 - 2x - 5, jitted, with the derivative from grad.
def newton(f, x0):
    df = jax.grad(f)
    def body(state):
        x, i = state
        return x - f(x) / df(x), i + 1
    def cond(state):
        return (jnp.abs(f(state[0])) > 1e-14) & (state[1] < 50)
    return lax.while_loop(cond, body, (x0, 0))

root, iters = jax.jit(lambda x0: newton(lambda x: x**3 - 2 * x - 5, x0))(2.0)
out["newton_root"], out["newton_iters"] = root, iters

# A harmonic oscillator y'' = -k y integrated in double precision.
def rhs(y, t, k):
    return jnp.stack([y[1], -k * y[0]])

ts = jnp.linspace(0.0, 10.0, 11)
out["ode"] = odeint(rhs, jnp.array([1.0, 0.0]), ts, 2.0, rtol=1e-10, atol=1e-10)

# A jitted computation on a float64 array sharded over the 8 CPU devices.
mesh = jax.make_mesh((8,), ("x",))
a = jax.device_put(np.arange(64.0).reshape(8, 8) / 3, NamedSharding(mesh, P("x")))
out["sharded"] = jax.jit(lambda a: jnp.tanh(a / 10).sum(axis=1) * jnp.exp(-a[:, 0]))(a)
out["sharded_mean"] = jax.jit(jnp.mean)(a)
"""


def test_x64_programs_match_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(
        PROGRAM, random=meshjit.random, NamedSharding=NamedSharding, odeint=odeint
    )
    meshjit.config.update("jax_enable_x64", False)
    assert sorted(got) == sorted(want)
    for key in want:
        g, w = np.asarray(got[key]), want[key]
        assert g.dtype == w.dtype, f"{key}: {g.dtype} != JAX's {w.dtype}"
        if key in ("ode", "sharded", "sharded_mean"):  # solver steps / reduction order may differ
            np.testing.assert_allclose(g, w, rtol=1e-12, atol=1e-12, err_msg=key)
        else:
            np.testing.assert_array_equal(g, w, err_msg=key)
    assert got["sharp_bits"].dtype == np.float64
    np.testing.assert_allclose(got["newton_root"], 2.0945514815423265, rtol=1e-15)
    exact = np.cos(np.sqrt(2.0) * np.linspace(0, 10, 11))
    np.testing.assert_allclose(np.asarray(got["ode"])[:, 0], exact, atol=1e-8)
