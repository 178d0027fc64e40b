"""Mutable array references as JAX 0.10.2 has them: values read and written eagerly and under
jit, reprs, make_jaxpr texts and the errors of the mistakes JAX rejects. JAX runs in a
subprocess (or its recorded results are read)."""

import numpy as np
import pytest

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r"""
import re

def text(x):
    return np.array(re.sub(r" at [^ ]+:\d+", "", str(x)))

def error(fun, *args):
    try:
        fun(*args)
    except Exception as e:
        return text(f"{type(e).__name__}: {e}".split("\n")[0])
    return text("no error")

r = jax.new_ref(jnp.arange(6.0).reshape(2, 3))
out["read_all"], out["read_row"], out["read_cols"] = r[...], r[1], r[:, 1:]
r[0] = jnp.ones(3)
r[1, 2] += 10.0
out["eager_written"] = r[...]
out["repr"] = text(repr(r))
out["repr_scalar"] = text(repr(jax.new_ref(1.0)))
out["typeof"] = text(jax.typeof(r))

@jax.jit
def step(r, x):
    r[...] += x
    return r[0] * 2

a = jax.new_ref(jnp.arange(3.0))
out["jit_arg_result"] = step(a, jnp.ones(3))
out["jit_arg_mutated"] = a[...]
out["jaxpr_arg"] = text(jax.make_jaxpr(step)(a, jnp.ones(3)))

c = jax.new_ref(jnp.zeros(3))
def closure(x, i):
    c[...] = x * 2
    y = c[i]
    c[1:3] += jnp.ones(2)
    return y
out["jit_closure_result"] = jax.jit(closure)(jnp.arange(3.0), 2)
out["jit_closure_mutated"] = c[...]
out["jaxpr_closure"] = text(jax.make_jaxpr(closure)(jnp.ones(3), 1))

def local(x, i):
    b = jax.new_ref(x)
    b[i] = b[i] * 3
    b[0] = 5.0
    return jax.freeze(b)
out["jit_local"] = jax.jit(local)(jnp.ones(3), 2)
out["jaxpr_local"] = text(jax.make_jaxpr(local)(jnp.ones(3), 2))

def fori(x):
    acc = jax.new_ref(0.0)
    def body(i, _):
        acc[...] += x[i]
    lax.fori_loop(0, 5, body, None)
    return acc[...]
out["fori"] = jax.jit(fori)(jnp.arange(5.0))
out["jaxpr_fori"] = text(jax.make_jaxpr(fori)(jnp.arange(5.0)))

s = jax.new_ref(jnp.zeros(()))
def scan_body(carry, xi):
    s[...] += xi * carry
    return carry + 1.0, s[...]
out["scan_ys"] = jax.jit(lambda x: lax.scan(scan_body, 1.0, x)[1])(jnp.arange(5.0))
out["scan_ref"] = s[...]

k = jax.new_ref(jnp.zeros(2))
def branch(p, v):
    def t(v):
        k[...] += v
        return v.sum()
    def f(v):
        k[0] = 7.0
        return -v.sum()
    return lax.cond(p, t, f, v)
out["cond_true"] = jax.jit(branch)(True, jnp.ones(2))
out["cond_false"] = jax.jit(branch)(False, jnp.ones(2))
out["cond_ref"] = k[...]
out["jaxpr_cond"] = text(jax.make_jaxpr(branch)(True, jnp.ones(2)))

z = jax.new_ref(jnp.zeros(3))
out["err_return"] = error(jax.jit(lambda r: r), z)
out["err_alias"] = error(jax.jit(lambda p, q: p[...] + q[...]), z, z)
out["err_closed_and_passed"] = error(jax.jit(lambda p: p[...] + z[...]), z)
out["err_shape"] = error(lambda: z.__setitem__(..., jnp.ones(4)))
out["err_scalar"] = error(lambda: z.__setitem__(..., 1.0))
out["err_dtype"] = error(lambda: z.__setitem__(0, 1))
out["err_jit_shape"] = error(jax.jit(lambda p: p.__setitem__(..., jnp.ones(4))), z)
out["err_bounds"] = error(lambda: z[5])
out["err_list"] = error(jax.new_ref, [1.0, 2.0])
out["err_add"] = error(lambda: z + 1)
"""


@pytest.mark.campaign  # JAX's run takes ~20 s until its results are recorded
def test_refs_as_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM)
    assert sorted(got) == sorted(want)
    for name in want:
        if want[name].dtype.kind in "US":
            assert str(got[name]) == str(want[name]), name
        else:
            np.testing.assert_array_equal(np.asarray(got[name]), want[name], err_msg=name)
