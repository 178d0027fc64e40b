"""Gradients of the elementwise math equal JAX 0.10.2's bit for bit: the jvp rules compute in
JAX's order (tanh's (g + g*y)(1 - y), sqrt's g * (0.5 / y), div's -g * x * y**-2, ...). JAX runs
the same functions in a subprocess; its results are compared as bits."""

from __future__ import annotations

import numpy as np
import pytest

import meshjit
from tests.support.jax_oracle import jax_on_8_devices

X = [0.52, 0.12, 0.77, -0.3, 0.05]
Y = [1.5, 2.2, 0.7, 1.3, 3.1]
# name -> a function of x (and the array y) in the names jnp / lax / sp common to both libraries.
FUNCTIONS = {
    "tanh": "jnp.tanh(x)",
    "sqrt": "jnp.sqrt(y * x * x)",
    "rsqrt": "lax.rsqrt(y + x)",
    "cbrt": "jnp.cbrt(x)",
    "exp": "jnp.exp(x)",
    "log": "jnp.log(y + x)",
    "log1p": "jnp.log1p(x)",
    "expm1": "jnp.expm1(x)",
    "sin": "jnp.sin(x)",
    "cos": "jnp.cos(x)",
    "tan": "jnp.tan(x)",
    "arcsin": "jnp.arcsin(x)",
    "arccos": "jnp.arccos(x)",
    "arctan": "jnp.arctan(x)",
    "arcsinh": "jnp.arcsinh(x)",
    "arccosh": "jnp.arccosh(y + 1 + x)",
    "arctanh": "jnp.arctanh(x)",
    "erf": "sp.erf(x)",
    "erfc": "sp.erfc(x)",
    "erfinv": "sp.erfinv(x)",
    "gammaln": "sp.gammaln(y + x)",
    "sigmoid": "nn.sigmoid(x)",
    "div_by_x": "y / (x + 2)",
    "div_x": "x / y",
    "pow": "(y + x) ** 1.7",
    "pow_base": "1.3 ** x",
    "cube": "x ** 3",
    "square": "jnp.square(x)",
    "arctan2": "jnp.arctan2(x, y)",
    "remainder": "jnp.remainder(y, x + 1)",
    "maximum": "jnp.maximum(x, 0.1)",
    "abs": "jnp.abs(x)",
    "softplus": "nn.softplus(x)",
    "logaddexp": "jnp.logaddexp(x, y)",
}

HARNESS = """
x = jnp.array({X}, dtype=jnp.float32)
y = jnp.array({Y}, dtype=jnp.float32)
w = jnp.arange(1.0, 6.0)
for name, src in {F}.items():
    f = eval("lambda x: " + src, dict(jnp=jnp, lax=lax, sp=sp, nn=nn, y=y))
    out[name] = np.asarray(jax.grad(lambda x: (f(x) * w).sum())(x))
"""


def _run(jax, jnp, lax, sp, nn) -> dict:
    out = {}
    exec(
        HARNESS.format(X=X, Y=Y, F=FUNCTIONS),
        dict(jax=jax, jnp=jnp, lax=lax, sp=sp, nn=nn, np=np, out=out),
    )
    return out


@pytest.fixture(scope="module")
def jax_out(tmp_path_factory):
    program = "import jax.scipy.special as sp, jax.nn as nn\n" + HARNESS.format(
        X=X, Y=Y, F=FUNCTIONS
    )
    return jax_on_8_devices(program, tmp_path_factory.mktemp("grad_bits"))


@pytest.fixture(scope="module")
def ours():
    import meshjit.nn as nn
    import meshjit.numpy as jnp
    import meshjit.scipy.special as sp
    from meshjit import lax

    return _run(meshjit, jnp, lax, sp, nn)


@pytest.mark.parametrize("name", FUNCTIONS)
def test_gradient_bits_equal_jax(name, ours, jax_out):
    got, want = ours[name], jax_out[name]
    assert got.dtype == want.dtype == np.float32
    np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))
