"""Tracers print as JAX's do (JitTracer / GradTracer / VmapTracer, `~` for weak types): what a
`print` inside a traced function shows. JAX runs in a subprocess."""

import numpy as np

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r"""
import contextlib, io

def shown(fun, *args):
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        fun(*args)
    return np.array(text.getvalue())

def show(x):
    print(x)
    return x

out["jit"] = shown(jax.jit(lambda x, y: show(x) * show(y)), jnp.arange(3), 2.0)
out["jit_ints"] = shown(jax.jit(show), jnp.ones((2, 2), jnp.int8))
out["grad"] = shown(jax.grad(lambda x: show(x) * 2.0), 1.5)
out["grad_array"] = shown(jax.grad(lambda x: show(x * 2.0).sum()), jnp.arange(3.0))
out["jit_of_grad"] = shown(jax.jit(jax.grad(lambda x: show(x) * 2.0)), 1.0)
out["vmap"] = shown(jax.vmap(show), jnp.ones((2, 3)))
out["scan"] = shown(lambda: lax.scan(lambda c, x: (show(c), show(x)), 0.0, jnp.ones(3)))
out["cond"] = shown(lambda: lax.cond(True, show, lambda x: x, 1.0))
out["make_jaxpr"] = shown(jax.make_jaxpr(show), 1.0)
out["eval_shape"] = shown(lambda: jax.eval_shape(show, jnp.ones(2)))
out["keys"] = shown(jax.jit(show), jax.random.key(0))
out["vmap_keys"] = shown(jax.vmap(show), jax.random.split(jax.random.key(0)))
"""


def test_tracers_print_as_in_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM)
    for name in want:
        np.testing.assert_equal(str(got[name]), str(want[name]), err_msg=name)
