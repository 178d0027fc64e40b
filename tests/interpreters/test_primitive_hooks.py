"""JAX's "How JAX primitives work" hooks over meshjit's registry: def_impl, def_abstract_eval,
mlir.register_lowering, ad.primitive_jvps / primitive_transposes, batching.primitive_batchers."""

import numpy as np
import pytest

import meshjit as jax
import meshjit.numpy as jnp
from meshjit._src.lib.mlir.dialects import hlo
from meshjit.core import ShapedArray
from meshjit.extend import core
from meshjit.interpreters import ad, batching, mlir


def _multiply_add():
    p = core.Primitive("multiply_add_test")
    p.def_impl(lambda x, y, z: np.add(np.multiply(x, y), z))
    p.def_abstract_eval(lambda x, y, z: ShapedArray(x.shape, x.dtype))
    mlir.register_lowering(p, lambda ctx, x, y, z: [hlo.AddOp(hlo.MulOp(x, y), z).result])
    return p


def test_impl_runs_outside_a_trace_and_jit_needs_the_other_rules():
    p = core.Primitive("impl_only_test")
    p.def_impl(lambda x: np.multiply(x, 3.0))
    assert p.bind(2.0) == 6.0
    with pytest.raises(NotImplementedError):
        jax.jit(p.bind)(2.0)


def test_lowering_and_abstract_eval_under_jit():
    p = _multiply_add()
    out = jax.jit(lambda a, b: p.bind(a, a, b))(jnp.arange(3.0), jnp.ones(3))
    np.testing.assert_array_equal(out, [1.0, 2.0, 5.0])
    assert "multiply_add_test a a b" in str(jax.make_jaxpr(lambda a, b: p.bind(a, a, b))(2.0, 1.0))


def test_jvp_transpose_and_batching_rules_in_jax_conventions():
    p = _multiply_add()

    def jvp(primals, tangents):
        x, y, z = primals
        zero = lambda t: jnp.zeros_like(x) if type(t) is ad.Zero else t  # noqa: E731
        xt, yt, zt = map(zero, tangents)
        return p.bind(x, y, z), p.bind(xt, y, p.bind(x, yt, zt))

    def transpose(ct, x, y, z):
        if not ad.is_undefined_primal(x):
            return None, p.bind(x, ct, jnp.zeros_like(x)), ct
        return p.bind(ct, y, jnp.zeros_like(y)), None, ct

    ad.primitive_jvps[p] = jvp
    ad.primitive_transposes[p] = transpose
    batching.primitive_batchers[p] = lambda args, dims: (p.bind(*args), dims[0])
    square_add = lambda a, b: p.bind(a, a, b)  # noqa: E731
    # Eager, as JAX: the rules run on concrete values, so the impl's NumPy results come back.
    assert repr(jax.jvp(square_add, (2.0, 10.0), (1.0, 1.0))) == (
        "(np.float64(14.0), np.float64(5.0))"
    )
    assert jax.grad(square_add)(2.0, 10.0) == 4.0
    assert jax.jit(jax.grad(square_add))(3.0, 10.0) == 6.0
    np.testing.assert_array_equal(
        jax.vmap(square_add)(np.array([2.0, 3.0]), np.array([10.0, 20.0])), [14.0, 29.0]
    )
    assert ad.primitive_jvps[p] is jvp


def test_defjvp_sums_the_nonzero_terms():
    p = _multiply_add()
    ad.defjvp(p, lambda g, x, y, z: g * y, lambda g, x, y, z: g * x, lambda g, x, y, z: g)
    assert jax.jvp(lambda a, b: p.bind(a, a, b), (2.0, 10.0), (1.0, 1.0))[1] == 5.0


def test_lax_primitives_have_jax_names():
    from meshjit import lax

    assert lax.exp_p.name == "exp" and lax.tanh_p.name == "tanh"
    assert lax.dot_general_p.name == "dot_general"
    assert lax.scatter_add_p.name == "scatter-add" and lax.scatter_mul_p.name == "scatter-mul"
    assert lax.optimization_barrier_p.name == "optimization_barrier"
    assert lax.sharding_constraint_p.name == "sharding_constraint"
    jaxpr = jax.make_jaxpr(lambda x: x.at[0].add(1.0))(np.ones(3, np.float32))
    assert jaxpr.eqns[-1].primitive is lax.scatter_add_p
