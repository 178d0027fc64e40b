"""lax.custom_linear_solve as JAX's primitive: reverse mode (grad, vjp, jacrev) through the
transposed solve, so that the Krylov solvers' while_loops are never transposed: cg, gmres,
bicgstab and user solves with `symmetric` or `transpose_solve`, under jit and vmap, against
JAX 0.10.2 and NumPy; and JAX's errors for malformed solves."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.scipy.sparse.linalg import bicgstab, cg, gmres
from tests.support.jax_cases import RUN_THUNK, jax_case_tests

HARNESS = (
    r"""
import importlib

sla = importlib.import_module(jax.__name__ + ".scipy.sparse.linalg")
N = 5
SPD = (4 * np.eye(N) - np.eye(N, k=1) - np.eye(N, k=-1)).astype(np.float32)
NONSYM = (SPD + np.diag(np.arange(N - 1) * 0.5, 1) - np.diag(np.ones(N - 2) * 0.3, -2)).astype(np.float32)
B = np.linspace(1.0, 2.0, N).astype(np.float32)
BS = np.stack([B, -B, B[::-1]])


def loss(solver, **kw):
    return lambda a, b: jnp.sum(jnp.sin(solver(a, b, **kw)[0]))


def grads(solver, a, **kw):
    return jax.grad(loss(solver, **kw), argnums=(0, 1))(a, B)


def direct(a, b, **kw):
    # a user solve, not symmetric: transpose_solve solves with a.T (vecmat is matvec's transpose)
    solve = lambda mv, r: jnp.linalg.solve(a, r)
    tsolve = lambda vm, r: jnp.linalg.solve(a.T, r)
    return (lax.custom_linear_solve(lambda x: a @ x, b, solve, tsolve, **kw),)


def with_aux(a, b):
    solve = lambda mv, r: (jnp.linalg.solve(a, r), jnp.sum(r))
    return lax.custom_linear_solve(lambda x: a @ x, b, solve, symmetric=True, has_aux=True)


def tree_loss(s):
    # both leaves' operators read s (JAX asserts when only some right-hand sides have tangents)
    x, _ = sla.cg(lambda t: {"u": s * t["u"], "v": SPD @ t["v"] + s * t["v"]}, {"u": B[:2], "v": B})
    return jnp.sum(x["u"] ** 2) + jnp.sum(jnp.cos(x["v"]))


CASES = {
    "cg_grad": lambda: grads(sla.cg, SPD),
    "gmres_grad": lambda: grads(sla.gmres, NONSYM),
    "bicgstab_grad": lambda: grads(sla.bicgstab, NONSYM),
    "direct_grad": lambda: grads(direct, NONSYM),
    "cg_vmap_grad": lambda: jax.vmap(jax.grad(loss(sla.cg), 1), (None, 0))(SPD, BS),
    "gmres_grad_vmap": lambda: jax.grad(lambda a: jnp.sum(jax.vmap(loss(sla.gmres), (None, 0))(a, BS)))(NONSYM),
    "bicgstab_vmap_a": lambda: jax.vmap(jax.grad(loss(sla.bicgstab)), (0, None))(np.stack([NONSYM, NONSYM.T]), B),
    "cg_jacrev": lambda: jax.jacrev(lambda b: sla.cg(SPD, b)[0])(B),
    "gmres_vjp": lambda: jax.vjp(lambda a, b: sla.gmres(a, b)[0], NONSYM, B)[1](B),
    "direct_vjp": lambda: jax.vjp(lambda a, b: direct(a, b)[0], NONSYM, B)[1](B[::-1]),
    "cg_pytree_grad": lambda: jax.grad(tree_loss)(3.0),
    "aux_grad": lambda: jax.grad(lambda a: jnp.sum(with_aux(a, B)[0] ** 2))(SPD),
    "cg_hessian": lambda: jax.hessian(lambda b: jnp.sum(jnp.sin(sla.cg(SPD, b)[0])))(B),
    "direct_vmap_jacrev": lambda: jax.vmap(jax.jacrev(lambda b: direct(NONSYM, b)[0]))(BS),
}
"""
    + RUN_THUNK
)

NAMES = [
    "cg_grad",
    "gmres_grad",
    "bicgstab_grad",
    "direct_grad",
    "cg_vmap_grad",
    "gmres_grad_vmap",
    "bicgstab_vmap_a",
    "cg_jacrev",
    "gmres_vjp",
    "direct_vjp",
    "cg_pytree_grad",
    "aux_grad",
    "cg_hessian",
    "direct_vmap_jacrev",
]

jax_results, test_same_as_jax = jax_case_tests(NAMES, HARNESS, 2e-4, every=3)

N = 4
SPD = (4 * np.eye(N) - np.eye(N, k=1) - np.eye(N, k=-1)).astype(np.float32)
NONSYM = (SPD + np.diag(np.arange(N - 1) * 0.5, 1)).astype(np.float32)
B = np.arange(1.0, N + 1, dtype=np.float32)


def _loss(solver):
    return lambda a, b: jnp.sum(jnp.sin(solver(a, b)[0]))


def _numpy_grads(a, b):
    """d/da, d/db of sum(sin(x)), x = a^-1 b: g = a^-T cos(x); d/db = g, d/da = -g x^T."""
    x = np.linalg.solve(a, b)
    g = np.linalg.solve(a.T, np.cos(x))
    return -np.outer(g, x), g


@pytest.mark.parametrize(
    "solver, wrap",
    [(cg, lambda f: f), (cg, meshjit.jit), (gmres, meshjit.jit), (bicgstab, meshjit.jit)],
    ids=["cg-eager", "cg-jit", "gmres-jit", "bicgstab-jit"],
)
def test_grad_through_krylov_solvers(solver, wrap):
    a = SPD if solver is cg else NONSYM
    got = wrap(meshjit.grad(_loss(solver), argnums=(0, 1)))(a, B)
    for g, want in zip(got, _numpy_grads(a, B)):
        np.testing.assert_allclose(g, want, rtol=1e-4, atol=1e-5)


def test_vmap_of_grad_and_grad_of_vmap():
    bs = np.stack([B, -2 * B])
    per_b = meshjit.vmap(meshjit.grad(_loss(bicgstab), argnums=1), in_axes=(None, 0))(NONSYM, bs)
    np.testing.assert_allclose(per_b, [_numpy_grads(NONSYM, b)[1] for b in bs], rtol=1e-4)
    total = meshjit.grad(lambda a: jnp.sum(meshjit.vmap(_loss(cg), (None, 0))(a, bs)))(SPD)
    want = sum(_numpy_grads(SPD, b)[0] for b in bs)
    np.testing.assert_allclose(total, want, rtol=1e-4, atol=1e-5)


def test_reverse_mode_needs_transpose_solve():
    solve = lambda mv, r: jnp.linalg.solve(jnp.asarray(NONSYM), r)
    f = lambda b: jnp.sum(lax.custom_linear_solve(lambda x: NONSYM @ x, b, solve))
    np.testing.assert_allclose(
        meshjit.jvp(f, (B,), (B,))[1], B @ np.linalg.solve(NONSYM.T, np.ones(N)), rtol=1e-5
    )
    with pytest.raises(TypeError, match="transpose_solve required for backwards mode"):
        meshjit.grad(f)(B)


@pytest.mark.parametrize(
    "matvec, solve, has_aux, error, message",
    [
        (lambda x: x[:2], None, False, ValueError, r"matvec\(\) output shapes must match b"),
        (
            lambda x: (x,),
            None,
            False,
            TypeError,
            r"matvec\(\) output pytree structure must match b",
        ),
        (None, lambda mv, r: r[:2], False, ValueError, r"solve\(\) output shapes must match b"),
        (None, lambda mv, r: (r, r, r), True, ValueError, "has_aux was set to True"),
    ],
)
def test_malformed_solves_are_jax_errors(matvec, solve, has_aux, error, message):
    matvec = matvec or (lambda x: SPD @ x)
    solve = solve or (lambda mv, r: r)
    with pytest.raises(error, match=message):
        lax.custom_linear_solve(matvec, B, solve, has_aux=has_aux)


def test_jaxpr_prints_as_jax():
    text = str(
        meshjit.make_jaxpr(
            lambda b: lax.custom_linear_solve(
                lambda x: 2.0 * x, b, lambda mv, r: r / 2, symmetric=True
            )
        )(B)
    )
    assert "custom_linear_solve[" in text
    assert "const_lengths=_LinearSolveTuple(matvec=0, vecmat=0, solve=0, transpose_solve=0)" in text


def test_grad_when_only_some_right_hand_sides_have_tangents():
    # JAX 0.10.2 asserts here (a zero right-hand side tangent is not a linear input); the
    # derivative is still x_u = B[:2] / s, d/ds sum(x_u) = -sum(B[:2]) / s^2.
    def f(s):
        x, _ = cg(lambda t: {"u": s * t["u"], "v": SPD @ t["v"]}, {"u": B[:2], "v": B})
        return jnp.sum(x["u"]) + jnp.sum(x["v"])

    np.testing.assert_allclose(meshjit.grad(f)(2.0), -B[:2].sum() / 4.0, rtol=1e-5)
