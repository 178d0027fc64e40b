"""custom_jvp / custom_vjp options of compiler/ad/custom_derivatives.py: symbolic zeros (as
JAX's `defjvp(..., symbolic_zeros=True)` and `defvjp(..., symbolic_zeros=True)`) and defjvps
calling the function again (its jaxpr keeps the custom_jvp_call, as JAX's)."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.custom_derivatives import (
    CustomVJPPrimal,
    SymbolicZero,
    custom_vjp_primal_tree_values,
    zero_from_primal,
)


def _mul_with_symbolic_zeros(seen):
    @meshjit.custom_jvp
    def mul(x, y):
        return x * y

    def mul_jvp(primals, tangents):
        x, y = primals
        xd, yd = tangents
        seen.append([type(t) is SymbolicZero for t in tangents])
        t = jnp.zeros_like(x * y)
        if type(xd) is not SymbolicZero:
            t = t + xd * y
        if type(yd) is not SymbolicZero:
            t = t + x * yd
        return x * y, t

    mul.defjvp(mul_jvp, symbolic_zeros=True)
    return mul


def test_custom_jvp_symbolic_zeros_are_handed_for_unperturbed_arguments():
    seen = []
    mul = _mul_with_symbolic_zeros(seen)
    out, t = meshjit.jvp(lambda x: mul(x, 4.0), (jnp.float32(2.0),), (jnp.float32(1.0),))
    assert (float(out), float(t)) == (8.0, 4.0)
    assert float(meshjit.grad(mul, argnums=1)(2.0, 4.0)) == 2.0
    assert seen == [[False, True], [True, False]]
    assert "symbolic_zeros=True" in str(meshjit.make_jaxpr(mul)(1.0, 2.0))


def test_custom_jvp_rule_may_return_a_symbolic_zero():
    @meshjit.custom_jvp
    def f(x):
        return jnp.sin(x)

    f.defjvp(lambda p, t: (f(*p), SymbolicZero.from_primal_value(p[0])), symbolic_zeros=True)
    assert float(meshjit.grad(f)(1.0)) == 0.0


def _pair(seen):
    @meshjit.custom_vjp
    def pair(x, y):
        return x * 2.0, y * 3.0

    def fwd(x, y):
        seen.append(("perturbed", x.perturbed, y.perturbed))
        return pair(x.value, y.value), None

    def bwd(_, cts):
        seen.append(("zero", *[type(c) is SymbolicZero for c in cts]))
        a, b = (jnp.zeros(()) if type(c) is SymbolicZero else c for c in cts)
        return 2.0 * a, SymbolicZero.from_primal_value(b) if seen[-1][2] else 3.0 * b

    pair.defvjp(fwd, bwd, symbolic_zeros=True)
    return pair


def test_custom_vjp_symbolic_zeros_mark_perturbed_arguments_and_zero_cotangents():
    seen = []
    pair = _pair(seen)
    assert float(meshjit.grad(lambda x: pair(x, 1.0)[0])(5.0)) == 2.0
    assert seen == [("perturbed", True, False), ("zero", False, True)]
    seen.clear()
    gx, gy = meshjit.grad(lambda x, y: sum(pair(x, y)), argnums=(0, 1))(5.0, 6.0)
    assert (float(gx), float(gy)) == (2.0, 3.0)
    assert seen == [("perturbed", True, True), ("zero", False, False)]


def test_custom_vjp_symbolic_zeros_with_optimize_remat_is_rejected():
    f = meshjit.custom_vjp(lambda x: x)
    with pytest.raises(NotImplementedError, match="symbolic zeros"):
        f.defvjp(lambda x: (x, None), lambda r, g: (g,), symbolic_zeros=True, optimize_remat=True)


def test_symbolic_zero_helpers():
    z = SymbolicZero.from_primal_value(np.ones((2, 3), np.float32))
    assert (repr(z), z.shape, z.dtype) == ("SymbolicZero", (2, 3), np.float32)
    zeros = zero_from_primal({"a": np.ones(2, np.float32)})
    np.testing.assert_array_equal(zeros["a"], np.zeros(2))
    assert type(zero_from_primal(1.0, symbolic_zeros=True)) is SymbolicZero
    assert custom_vjp_primal_tree_values((CustomVJPPrimal(3, True),)) == (3,)
    with pytest.raises(TypeError, match="unexpected leaf type"):
        custom_vjp_primal_tree_values((3,))


def test_defjvps_calls_the_function_again_so_its_jaxpr_keeps_the_call():
    @meshjit.custom_jvp
    def log1pexp(x):
        return jnp.log(1.0 + jnp.exp(x))

    log1pexp.defjvps(lambda t, ans, x: (1 - 1 / (1 + jnp.exp(x))) * t)
    text = str(meshjit.make_jaxpr(meshjit.grad(log1pexp))(1.0))
    assert "custom_jvp_call[" in text and "name=log1pexp" in text
    np.testing.assert_allclose(meshjit.grad(log1pexp)(100.0), 1.0)
