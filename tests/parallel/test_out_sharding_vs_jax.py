"""`out_sharding=` of jax.random's samplers and of lax.broadcast, broadcasted_iota, reduce,
reduce_sum and conv_general_dilated against JAX 0.10.2 under an explicit-axes mesh: the result's
type (`jax.typeof(x).sharding`) is the requested sharding (a P or a NamedSharding, eagerly and
under jit), and the values are JAX's (random draws do not change with the sharding); the lax
functions called with JAX's keyword names (`operand=`). JAX runs in a subprocess."""

import numpy as np

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r"""
AT = jax.sharding.AxisType
mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(AT.Explicit, AT.Explicit))
NS = lambda spec: jax.sharding.NamedSharding(mesh, spec)

def rec(name, v):
    out[name] = np.asarray(v)
    out[name + "_spec"] = np.array(str(jax.typeof(v).sharding.spec))

with jax.set_mesh(mesh):
    key = jax.random.key(3)
    rec("normal", jax.random.normal(key, (8, 4), out_sharding=P("x", "y")))
    rec("uniform", jax.random.uniform(key, (8,), out_sharding=NS(P("x"))))
    rec("randint", jax.random.randint(key, (8, 2), 0, 10, out_sharding=P(None, "y")))
    rec("bits", jax.random.bits(key, (4, 8), out_sharding=P("x", "y")))
    rec("gamma", jax.random.gamma(key, 2.0, (8,), out_sharding=P("x")))
    rec("permutation", jax.random.permutation(key, 8, out_sharding=P("x")))
    rec("iota", lax.broadcasted_iota(np.int32, (8, 4), 1, out_sharding=P("x", "y")))
    x = jnp.arange(32.0).reshape(8, 4)
    rec("broadcast", lax.broadcast(jnp.arange(4.0), (8,), out_sharding=P("x")))
    rec("reduce_sum", lax.reduce_sum(x, (1,), out_sharding=P("x")))
    rec("reduce_sum_kw", lax.reduce_sum(operand=x, axes=(0,), out_sharding=NS(P("y"))))
    rec("reduce", lax.reduce(x, 0.0, lax.add, (1,), out_sharding=P("x")))
    rec("reduce_max", lax.reduce_max(operand=x, axes=(0,)))
    rec("argmax", lax.argmax(operand=x, axis=1, index_dtype=np.int32))
    lhs = jnp.arange(2 * 3 * 8 * 8, dtype=np.float32).reshape(2, 3, 8, 8) / 100
    rhs = jnp.ones((4, 3, 3, 3), np.float32)
    rec("conv", lax.conv_general_dilated(lhs, rhs, (1, 1), "SAME", out_sharding=P(None, None, "x")))
    rec("jit_iota", jax.jit(lambda: lax.broadcasted_iota(np.float32, (8,), 0, out_sharding=P("x")))())
    rec("jit_reduce_sum", jax.jit(lambda a: lax.reduce_sum(a, (0,), out_sharding=P("y")))(x))
    rec("jit_normal", jax.jit(lambda k: jax.random.normal(k, (8,), out_sharding=P("x")))(key))
"""


def test_out_sharding_types_and_values_as_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        assert got[name].dtype == value.dtype, name
        if name == "conv":  # XLA:CPU's convolution sums in an order that varies by CPU: ulps
            np.testing.assert_allclose(got[name], value, rtol=1e-6, err_msg=name)
        else:
            np.testing.assert_array_equal(got[name], value, err_msg=name)
