"""Dead code is dropped before lowering and before transposition (as JAX's dce): a dead sharding
constraint never reaches XLA, and reverse mode through a while_loop works when the input only
reaches dead code; a while_loop reverse mode cannot do is named in the error."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.sharding import AxisType, NamedSharding
from meshjit.sharding import PartitionSpec as P


def test_dead_sharding_constraint_is_not_lowered():
    mesh = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)

    def f(x):
        lax.with_sharding_constraint(x * 2, NamedSharding(mesh, P("x", "y")))  # dead
        return x + 1

    x = np.ones((8, 4), np.float32)
    text = meshjit.jit(f).lower(x).as_text()
    assert "sharding_constraint" not in text and "multiply" not in text
    np.testing.assert_array_equal(meshjit.jit(f)(x), x + 1)


def _dead_in_body(m, lx):
    def f(x):
        def body(c):
            i, v = c
            m.sin(x) * 3  # dead
            return i + 1, v * 2.0

        _, v = lx.while_loop(lambda c: c[0] < 3, body, (0, 1.0))
        return v + m.sum(x) * 0

    return f


def _dead_loop(m, lx):
    def f(x):
        lx.while_loop(lambda c: c < 3.0, lambda c: c + m.sum(x), 0.0)  # dead
        return m.sum(x * 2)

    return f


@pytest.mark.parametrize("make", [_dead_in_body, _dead_loop])
def test_grad_through_while_when_input_reaches_only_dead_code(make):
    x = np.arange(3, dtype=np.float32)
    got = meshjit.grad(make(jnp, lax))(x)
    jit_got = meshjit.jit(meshjit.grad(make(jnp, lax)))(x)
    jax = pytest.importorskip("jax")
    want = np.asarray(jax.grad(make(jax.numpy, jax.lax))(x))
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(jit_got, want)


def test_grad_through_while_names_the_while_not_a_tangent_op():
    def f(x):
        _, v = lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, jnp.sin(c[1])), (0, x * 2))
        return v

    with pytest.raises(NotImplementedError, match="of 'while' is not supported"):
        meshjit.grad(f)(np.float32(2.0))
    with pytest.raises(NotImplementedError, match="of 'while' is not supported"):
        meshjit.grad(lambda x: f(x.astype(jnp.float32)))(np.float32(2.0))


def _loop_then_floor(np_, lax_, vmapped):
    def loop(v):
        return lax_.while_loop(
            lambda c: (c[0] < 4) & (np_.sum(np_.abs(c[1])) < 20.0),
            lambda c: (c[0] + 1, c[1] * 1.5 + 0.25),
            (0, v),
        )[1]

    def f(x):
        y = vmapped(loop)(x) if vmapped else loop(x)
        return np_.sum(np_.floor_divide(y, 1.0))  # a zero derivative: no tangent reads the loop

    return f


@pytest.mark.parametrize("vmapped", [False, True])
def test_grad_through_while_whose_tangent_nobody_reads(vmapped):
    """Found by the fuzzer (seed 2064): the loop's tangent is dead behind floor_divide, so its
    carries are linearized with zero tangents and grad is zeros, as JAX gives."""
    x = np.full((3, 3), 0.1, np.float32)
    got = meshjit.grad(_loop_then_floor(jnp, lax, meshjit.vmap if vmapped else None))(x)
    jax = pytest.importorskip("jax")
    want = jax.grad(_loop_then_floor(jax.numpy, jax.lax, jax.vmap if vmapped else None))(x)
    np.testing.assert_array_equal(np.asarray(got), np.asarray(want))


def _stopped_fixed_point(np_, lax_):
    """A fixed point found by a while_loop whose result is stop_gradient'ed and then read by
    the function again (the Laplace approximation's mode of a GP classifier): its primal
    carries are residuals, its tangents dead."""

    def f(a):
        k = a * np_.eye(3) + 0.1

        def body(c):
            return np_.tanh(k @ c[0] + 1.0), c[1] + 1

        mode = lax_.while_loop(lambda c: c[1] < 20, body, (np_.zeros(3), 0))[0]
        mode = lax_.stop_gradient(mode)
        return np_.sum(np_.sin(mode) * a) + np_.sum(k @ mode)

    return f


def test_grad_through_stopped_while_whose_primal_result_is_read():
    got = meshjit.jit(meshjit.value_and_grad(_stopped_fixed_point(jnp, lax)))(0.7)
    jax = pytest.importorskip("jax")
    want = jax.value_and_grad(_stopped_fixed_point(jax.numpy, jax.lax))(0.7)
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-6)
