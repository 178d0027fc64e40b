"""custom_jvp / custom_vjp with `symbolic_zeros=True` (compiler/ad/custom_derivatives.py)
against JAX 0.10.2: which tangents and cotangents the rules see as SymbolicZero, the
CustomVJPPrimal arguments of fwd, SymbolicZeros returned by rules, under jit, vmap and grad."""

import numpy as np
import pytest

import meshjit
from meshjit.custom_derivatives import (
    CustomVJPPrimal,
    SymbolicZero,
    custom_vjp_primal_tree_values,
    zero_from_primal,
)
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = """
from jax.custom_derivatives import SymbolicZero
def is_zero(t):
    return type(t) is SymbolicZero
@jax.custom_jvp
def f(x, y, n):
    return x * y + n
def f_jvp(p, t):
    x, y, n = p
    tx, ty, tn = t
    out = f(x, y, n)
    tout = (0.0 if is_zero(tx) else tx * y) + (0.0 if is_zero(ty) else ty * x)
    return out, tout + is_zero(ty) * 100.0 + is_zero(tn) * 10.0
f.defjvp(f_jvp, symbolic_zeros=True)
@jax.custom_jvp
def h(x):
    return jnp.sin(x)
h.defjvp(lambda p, t: (h(p[0]), SymbolicZero.from_primal_value(p[0])), symbolic_zeros=True)
@jax.custom_vjp
def g(x, y):
    return x * y
def g_fwd(x, y):
    return g(x.value, y.value), (x.value, y.value, x.perturbed, y.perturbed)
def g_bwd(res, ct):
    x, y, px, py = res
    dy = SymbolicZero.from_primal_value(y) if not py else ct * x
    return (ct * y + 1000.0 * py if px else None), dy
g.defvjp(g_fwd, g_bwd, symbolic_zeros=True)
@jax.custom_vjp
def two(x):
    return x * 2, x * 3
def two_fwd(x):
    return two(x.value), None
def two_bwd(_, cts):
    a, b = cts
    da = 0.0 if is_zero(a) else a * 2
    db = 0.0 if is_zero(b) else b * 3
    return (da + db + 1000.0 * is_zero(b) + 100.0 * is_zero(a),)
two.defvjp(two_fwd, two_bwd, symbolic_zeros=True)
xs = jnp.arange(3.0)
out["jvp_grad"] = jax.grad(f)(2.0, 3.0, 1)
out["jvp_tangent"] = jax.jvp(lambda x: f(x, 3.0, 1), (2.0,), (1.0,))[1]
out["jvp_both"] = jnp.stack(jax.jit(jax.grad(f, argnums=(0, 1)))(2.0, 3.0, 1))
out["jvp_vmap"] = jax.vmap(jax.grad(f))(xs, jnp.ones(3), jnp.arange(3))
out["jvp_returns_zero"] = jax.grad(lambda x: h(x) + x)(1.0)
out["vjp_first"] = jax.grad(g)(2.0, 3.0)
out["vjp_both"] = jnp.stack(jax.grad(g, argnums=(0, 1))(2.0, 3.0))
out["vjp_jit"] = jnp.stack(jax.jit(jax.value_and_grad(lambda x: g(x, 3.0)))(2.0))
out["vjp_second"] = jax.grad(g, argnums=1)(2.0, 3.0)
out["vjp_vmap"] = jax.vmap(jax.grad(g))(xs, jnp.ones(3))
out["vjp_unused_output"] = jax.grad(lambda x: two(x)[0])(1.0)
out["vjp_other_output"] = jax.grad(lambda x: two(x)[1])(1.0)
out["vjp_both_outputs"] = jax.grad(lambda x: sum(two(x)))(1.0)
"""


@pytest.fixture(scope="module")
def jax_out(tmp_path_factory):
    return jax_on_8_devices(PROGRAM, tmp_path_factory.mktemp("symbolic_zeros"))


@pytest.fixture(scope="module")
def ours():
    return meshjit_on_program(PROGRAM, SymbolicZero=SymbolicZero)


CASES = ["jvp_grad", "jvp_tangent", "jvp_both", "jvp_vmap", "jvp_returns_zero", "vjp_first"]
CASES += ["vjp_both", "vjp_jit", "vjp_second", "vjp_vmap", "vjp_unused_output"]
CASES += ["vjp_other_output", "vjp_both_outputs"]


@pytest.mark.parametrize("case", CASES)
def test_symbolic_zeros_match_jax(case, ours, jax_out):
    np.testing.assert_allclose(np.asarray(ours[case]), jax_out[case], rtol=1e-6)


def test_symbolic_zero_helpers():
    zeros = zero_from_primal({"a": np.float32(1), "b": np.arange(3)}, symbolic_zeros=True)
    assert repr(zeros["a"]) == "SymbolicZero" and zeros["a"].shape == ()
    assert zeros["a"].dtype == np.float32 and zeros["b"].shape == (3,)
    assert zeros["b"].dtype == meshjit.dtypes.float0
    dense = zero_from_primal({"a": np.ones(2, np.float32)})
    np.testing.assert_array_equal(np.asarray(dense["a"]), [0, 0])
    tree = {"a": CustomVJPPrimal(1.5, True), "b": [CustomVJPPrimal(2, False)]}
    assert custom_vjp_primal_tree_values(tree) == {"a": 1.5, "b": [2]}
    with pytest.raises(TypeError, match="unexpected leaf type"):
        custom_vjp_primal_tree_values({"a": 1})


def test_symbolic_zeros_with_optimize_remat_is_refused_as_jax():
    g = meshjit.custom_vjp(lambda x: x)
    with pytest.raises(NotImplementedError, match="does not support symbolic zeros"):
        g.defvjp(lambda x: (x, None), lambda r, c: (c,), symbolic_zeros=True, optimize_remat=True)
