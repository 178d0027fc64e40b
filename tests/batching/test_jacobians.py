"""jacfwd / jacrev / jacobian / hessian against finite differences and each other (JAX in
test_vs_jax), eval_shape, linear_transpose and numpy.vectorize."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import hessian, jacfwd, jacobian, jacrev, jit
from tests.support.error_checks import ErrorChecker

check = ErrorChecker(__file__)
X = np.array([0.3, -0.7, 1.1], np.float32)


def f(x):
    return jnp.sin(x) * jnp.sum(x**2) + jnp.tanh(x[::-1])


def _numeric_jacobian(fun, x, eps=1e-3):
    x = x.astype(np.float64)
    cols = []
    for i in range(x.size):
        d = np.zeros_like(x)
        d[i] = eps
        hi = np.asarray(fun((x + d).astype(np.float32)), np.float64)
        lo = np.asarray(fun((x - d).astype(np.float32)), np.float64)
        cols.append((hi - lo) / (2 * eps))
    return np.stack(cols, axis=-1)


@pytest.mark.parametrize("jac", [jacfwd, jacrev, jacobian], ids=["jacfwd", "jacrev", "jacobian"])
def test_jacobian_matches_finite_differences(jac):
    np.testing.assert_allclose(jac(f)(X), _numeric_jacobian(f, X), rtol=2e-2, atol=2e-3)
    np.testing.assert_allclose(jit(jac(f))(X), _numeric_jacobian(f, X), rtol=2e-2, atol=2e-3)


def test_pytrees_argnums_and_aux():
    def g(p, x):
        y = {"a": jnp.tanh(p["w"] @ x), "b": jnp.sum(p["w"]) * x[0]}
        return y, jnp.sum(x)

    p = {"w": np.arange(6.0, dtype=np.float32).reshape(2, 3) / 6}
    fwd, aux = jacfwd(g, has_aux=True)(p, X)
    rev, aux_r = jacrev(g, has_aux=True)(p, X)
    assert fwd["a"]["w"].shape == (2, 2, 3) and fwd["b"]["w"].shape == (2, 3)
    for key in ("a", "b"):
        np.testing.assert_allclose(fwd[key]["w"], rev[key]["w"], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(aux, X.sum(), rtol=1e-6)
    np.testing.assert_allclose(aux_r, X.sum(), rtol=1e-6)
    both = jacrev(lambda p, x: g(p, x)[0]["b"], argnums=(0, 1))(p, X)
    assert both[0]["w"].shape == (2, 3) and both[1].shape == (3,)


def test_hessian():
    def h(x):
        return jnp.sum(x**3) + x[0] * x[1]

    want = np.diag(6 * X.astype(np.float64))
    want[0, 1] = want[1, 0] = 1.0
    np.testing.assert_allclose(hessian(h)(X), want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(jit(hessian(h))(X), want, rtol=1e-5, atol=1e-6)


def test_jacrev_of_an_integer_output():
    with pytest.raises(TypeError) as e:
        jacrev(lambda x: jnp.round(x).astype(np.int32))(X)  # int-output
    check(e, "int-output", "jacrev requires real-valued outputs", "int32")


def test_jacfwd_of_an_integer_input():
    with pytest.raises(TypeError) as e:
        jacfwd(lambda x: x * 2)(np.arange(3))  # int-input
    check(e, "int-input", "jacfwd requires real-valued inputs")


def test_eval_shape():
    out = meshjit.eval_shape(
        lambda x, y: {"p": x @ y, "s": x.sum()},
        meshjit.ShapeDtypeStruct((3, 4), np.float32),
        np.ones((4, 2), np.float32),
    )
    assert out["p"].shape == (3, 2) and out["s"].shape == () and out["p"].dtype == np.float32


def test_linear_transpose():
    a = np.arange(6.0, dtype=np.float32).reshape(2, 3)
    t = meshjit.linear_transpose(
        lambda x, y: a @ x + 2 * y, np.ones(3, np.float32), np.ones(2, np.float32)
    )
    ct = np.array([1.0, -1.0], np.float32)
    gx, gy = t(ct)
    np.testing.assert_allclose(gx, a.T @ ct)
    np.testing.assert_allclose(gy, 2 * ct)


def test_vectorize_with_a_signature():
    matvec = jnp.vectorize(lambda m, v: m @ v, signature="(m,n),(n)->(m)")
    ms = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    vs = np.ones((5, 1, 4), np.float32)
    out = matvec(ms, vs)
    assert out.shape == (5, 2, 3)
    np.testing.assert_allclose(out, np.broadcast_to(ms.sum(-1), (5, 2, 3)))


def test_vectorize_scalars_and_excluded():
    add = jnp.vectorize(lambda a, b: a + b)
    np.testing.assert_allclose(
        add(np.ones((2, 1)), np.arange(3.0)), np.ones((2, 1)) + np.arange(3.0)
    )
    scale = jnp.vectorize(lambda a, k: a * k, excluded={1})
    np.testing.assert_allclose(scale(np.ones((2, 3), np.float32), 3), np.full((2, 3), 3.0))
    with pytest.raises(ValueError):
        jnp.vectorize(lambda a, b: a @ b, signature="(n),(n)->()")(np.ones(3), np.ones(4))


def test_jacobian_blocks_keep_the_weak_type_of_their_example():
    # JAX types each block as the output (jacfwd) or the input (jacrev) it belongs to: Python
    # floats in, weakly typed float32 blocks out.
    f = lambda p: p[0] ** 2 * p[1]  # noqa: E731
    fwd, rev = meshjit.jacfwd(f)((2.0, 3.0)), meshjit.jacrev(f)((2.0, 3.0))
    for block, want in zip((*fwd, *rev), (12.0, 4.0, 12.0, 4.0)):
        assert block.weak_type and block.dtype == np.float32 and float(block) == want
    hess = meshjit.hessian(lambda x: x**3)(2.0)
    assert hess.weak_type and float(hess) == 12.0
    strong = meshjit.jacfwd(f)((np.float32(2.0), np.float32(3.0)))
    assert not any(b.weak_type for b in strong)


class _Validating:
    """A custom node whose constructor converts its child (refusing None), as in JAX's docs on
    pytree initialization."""

    def __init__(self, a):
        self.a = jnp.asarray(a)


meshjit.tree_util.register_pytree_node(
    _Validating, lambda t: ((t.a,), None), lambda _, kids: _Validating(*kids)
)


@pytest.mark.parametrize("jac", ["jacfwd", "jacrev"])
def test_jacobians_rebuild_custom_nodes_with_none_as_jax(jac):
    # JAX's jacobians tree_map their dtype checks over inputs and outputs: the node is built
    # around None, so its constructor's ValueError is what the user sees; grad does not
    transform = getattr(meshjit, jac)
    with pytest.raises(ValueError, match="None is not a valid value for jnp.array"):
        transform(lambda t: t.a)(_Validating(jnp.arange(3.0)))
    with pytest.raises(ValueError, match="None is not a valid value for jnp.array"):
        transform(lambda x: _Validating(x))(jnp.ones(2))
    grads = meshjit.grad(lambda t: (t.a**2).sum())(_Validating(jnp.arange(3.0)))
    np.testing.assert_allclose(np.asarray(grads.a), [0.0, 2.0, 4.0])


def test_jacfwd_of_a_while_loop():
    """Forward mode through a while_loop (JAX runs it; meshjit's jacfwd linearized, which
    refuses a while: fuzzer seed 40034): the derivative of sin(2 tanh) per element."""
    from meshjit import lax

    def f(x):
        y = lax.while_loop(lambda c: c[0] < 1, lambda c: (c[0] + 1, jnp.tanh(c[1]) * 2), (0, x))
        return jnp.sin(y[1])

    x = np.linspace(-1, 1, 4, dtype=np.float32)
    want = np.diag(np.cos(2 * np.tanh(x)) * 2 * (1 - np.tanh(x) ** 2))
    for jac in (meshjit.jacfwd(f), meshjit.jit(meshjit.jacfwd(f))):
        np.testing.assert_allclose(np.asarray(jac(x)), want, rtol=1e-5, atol=1e-6)


def test_jacrev_allow_int_gives_integer_inputs_zero_blocks_of_their_dtype():
    # As JAX: allow_int=True lets integer inputs through; their blocks are zeros of their dtype.
    jac = meshjit.jacrev(lambda x, k: x**k, allow_int=True, argnums=(0, 1))(
        jnp.array([1.0, 2.0]), 2
    )
    np.testing.assert_allclose(jac[0], np.diag([2.0, 4.0]))
    assert jac[1].dtype == np.int32 and jac[1].shape == (2,) and not np.asarray(jac[1]).any()
    with pytest.raises(TypeError, match="set allow_int to True"):
        meshjit.jacrev(lambda x, k: x**k, argnums=(0, 1))(jnp.array([1.0, 2.0]), 2)
