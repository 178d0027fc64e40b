"""Autodiff through mutable array references (jit/refs.py `discharged`): refs made inside the
differentiated function, refs written in loop bodies, closed-over refs read and written, and
the refs JAX will not differentiate; checked against NumPy's derivatives."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler.errors import MeshjitError


def _scaled_squares(x):
    r = meshjit.new_ref(x)
    r[...] = r[...] * 2
    r[0] += x[1]
    return jnp.sum(r[...] ** 2)


def _fori_accumulates(x):
    acc = meshjit.new_ref(0.0)

    def body(i, _):
        acc[...] += x[i] * x[i]

    lax.fori_loop(0, 3, body, None)
    return acc[...]


def _scan_accumulates(x):
    acc = meshjit.new_ref(jnp.zeros(()))

    def body(c, xi):
        acc[...] += xi * c
        return c * x[0], None

    lax.scan(body, 1.0, x)
    return acc[...]


def _dynamic_index(x, i):
    r = meshjit.new_ref(x)
    r[i] = r[i] * 3.0
    return jnp.sum(meshjit.freeze(r) ** 2)


def _array_index(x):
    r = meshjit.new_ref(x)
    r[np.array([0, 2])] = r[np.array([0, 2])] * 3.0
    return jnp.sum(r[...] ** 2)


X = np.arange(3.0, dtype=np.float32)


@pytest.mark.parametrize(
    "fun, args, want",
    [
        # 4 (2 x0 + x1) at x0; 4 (2 x0 + x1) + 8 x1 at x1; 8 x2
        (_scaled_squares, (X,), [4.0, 10.0, 16.0]),
        (_fori_accumulates, (X,), 2 * X),
        # x0 + x1 x0 + x2 x0^2 at (1, 2, 3): d/dx0 = 1 + x1 + 2 x0 x2, d/dx1 = x0, d/dx2 = x0^2
        (_scan_accumulates, (X + 1,), [9.0, 1.0, 1.0]),
        (_dynamic_index, (X, 1), [0.0, 18.0, 4.0]),
        (_array_index, (X,), [0.0, 2.0, 36.0]),
    ],
)
def test_grad_through_refs_made_inside(fun, args, want):
    np.testing.assert_allclose(meshjit.grad(fun)(*args), want)
    np.testing.assert_allclose(meshjit.jit(meshjit.grad(fun))(*args), want)
    np.testing.assert_allclose(meshjit.grad(meshjit.jit(fun))(*args), want)


def test_jvp_vjp_linearize_through_a_ref():
    out, tangent = meshjit.jvp(_scaled_squares, (X,), (np.ones(3, np.float32),))
    assert (float(out), float(tangent)) == (21.0, 30.0)
    np.testing.assert_allclose(meshjit.vjp(_scaled_squares, X)[1](1.0)[0], [4.0, 10.0, 16.0])
    assert float(meshjit.linearize(_scaled_squares, X)[1](np.ones(3, np.float32))) == 30.0


def test_closed_over_ref_read_has_no_tangent_and_keeps_its_writes():
    c = meshjit.new_ref(jnp.arange(3.0))
    np.testing.assert_allclose(meshjit.grad(lambda x: jnp.sum(x * c[...]))(jnp.ones(3)), X)

    def writes_a_constant(x):
        c[...] = jnp.full(3, 5.0)
        return jnp.sum(x)

    np.testing.assert_allclose(meshjit.grad(writes_a_constant)(jnp.ones(3)), np.ones(3))
    np.testing.assert_allclose(c[...], np.full(3, 5.0))
    # a ref passed as a non-differentiated argument is one the function closes over
    got = meshjit.grad(lambda x, r: jnp.sum(x * r[...]))(jnp.ones(3), c)
    np.testing.assert_allclose(got, np.full(3, 5.0))


@pytest.mark.parametrize("write", ["set", "add"])
def test_differentiated_write_into_a_closed_over_ref_rejected_as_jax(write):
    c = meshjit.new_ref(jnp.zeros(3))

    def f(x):
        if write == "set":
            c[...] = x
        else:
            c[...] += x
        return jnp.sum(x)

    with pytest.raises(MeshjitError, match="with a differentiated value on a non-differ"):
        meshjit.grad(f)(jnp.ones(3))
    np.testing.assert_array_equal(c[...], np.zeros(3))


def test_ref_as_differentiated_input_rejected():
    r = meshjit.new_ref(jnp.ones(3))
    with pytest.raises(ValueError, match="grad of a function with respect to a mutable array"):
        meshjit.grad(lambda r: r[...].sum())(r)
    with pytest.raises(ValueError, match="jvp of a function with respect to a mutable array"):
        meshjit.jvp(lambda r: r[...].sum(), (r,), (jnp.ones(3),))


def test_checkpoint_and_jacobians_through_a_ref():
    np.testing.assert_allclose(meshjit.grad(meshjit.checkpoint(_scaled_squares))(X), [4, 10, 16])
    np.testing.assert_allclose(meshjit.jacfwd(_scaled_squares)(X), [4.0, 10.0, 16.0])
    hessian = [[8.0, 4.0, 0.0], [4.0, 10.0, 0.0], [0.0, 0.0, 8.0]]
    np.testing.assert_allclose(meshjit.hessian(_scaled_squares)(X), hessian)


def _sines(x):
    r = meshjit.new_ref(x)
    r[...] = jnp.sin(r[...])
    return jnp.sum(r[...] * 2)


@pytest.mark.parametrize(
    "policy,recomputed", [("nothing_saveable", True), ("everything_saveable", False)]
)
def test_checkpoint_policy_kept_with_refs(policy, recomputed):
    # the checkpointed body, discharged, stays a remat with its policy: with nothing saved
    # the backward pass (one differentiated remat2, as JAX's) recomputes cos, else the
    # forward (inline) saves it
    saving = getattr(meshjit.checkpoint_policies, policy)
    fun = meshjit.grad(meshjit.checkpoint(_sines, policy=saving))
    closed = meshjit.make_jaxpr(fun)(jnp.ones(3))
    assert f"policy=<function {policy}" in str(closed)
    (backward,) = [e for e in closed.jaxpr.eqns if e.primitive.name == "remat2"]
    assert ("cos" in str(backward.params["jaxpr"])) == recomputed
    np.testing.assert_allclose(fun(jnp.ones(3)), 2 * np.cos(np.ones(3)), rtol=1e-6)


def test_checkpoint_writing_a_closed_over_ref():
    # a body writing a ref it closes over runs inline (the ref's value takes no tangent)
    g = meshjit.new_ref(jnp.ones(3))

    def f(x):
        g[...] += 1.0
        return jnp.sum(jnp.sin(x) * g[...])

    grads = meshjit.grad(meshjit.checkpoint(f))(jnp.ones(3))
    np.testing.assert_allclose(grads, 2 * np.cos(np.ones(3)), rtol=1e-6)
    np.testing.assert_array_equal(g[...], [2.0, 2.0, 2.0])
