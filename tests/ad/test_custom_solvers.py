"""lax.custom_root and lax.custom_linear_solve against JAX 0.10.2: solutions, forward and
reverse derivatives through the implicit function theorem (JAX's documentation examples: a
bisection root finder whose iterations are not differentiated, a direct linear solve), aux
outputs, and closed-over parameters of the solver."""

import numpy as np

from tests.support.jax_cases import RUN_THUNK, jax_case_tests

HARNESS = (
    r"""
def scalar_solve(f, y):
    return y / f(1.0)


def binary_search(func, x0, low=0.0, high=100.0):
    def step(_, state):
        low, high = state
        midpoint = 0.5 * (low + high)
        upper = func(midpoint) > 0
        return jnp.where(upper, low, midpoint), jnp.where(upper, midpoint, high)

    return lax.fori_loop(0, 30, step, (low, high))[0]


def sqrt_cubed(x):
    return lax.custom_root(lambda y: y**2 - x**3, 1.0, binary_search, scalar_solve)


def vector_root(c):
    # x * x = c elementwise, by Newton steps; the tangent solve inverts the Jacobian
    def newton(f, x0):
        return lax.fori_loop(0, 20, lambda _, x: x - f(x) / (2 * x), x0)

    def tangent_solve(g, y):
        return jnp.linalg.solve(jax.jacobian(g)(y), y)

    return lax.custom_root(lambda x: x * x - c, jnp.ones_like(c), newton, tangent_solve)


def with_aux(x):
    solve = lambda f, g: (binary_search(f, g), jnp.float32(30))
    return lax.custom_root(lambda y: y**3 - x, 1.0, solve, scalar_solve, has_aux=True)


A = np.array([[3.0, 1.0, 0.0], [1.0, 2.0, 0.5], [0.0, 0.5, 1.5]], np.float32)
B = np.array([1.0, -1.0, 2.0], np.float32)


def linear(a, b):
    return lax.custom_linear_solve(lambda x: a @ x, b, lambda mv, r: jnp.linalg.solve(a, r), symmetric=True)


def linear_aux(a, b):
    solve = lambda mv, r: (jnp.linalg.solve(a, r), jnp.sum(r))
    return lax.custom_linear_solve(lambda x: a @ x, b, solve, symmetric=True, has_aux=True)


C = np.array([0.5, 2.0, 9.0], np.float32)
CASES = {
    "root": lambda: (sqrt_cubed(5.0), jax.grad(sqrt_cubed)(5.0), jax.jvp(sqrt_cubed, (5.0,), (2.0,))),
    "root_vector": lambda: (vector_root(C), jax.jacrev(vector_root)(C), jax.jacfwd(vector_root)(C)),
    "root_aux": lambda: (with_aux(8.0), jax.grad(lambda x: with_aux(x)[0])(8.0)),
    "linear": lambda: (linear(A, B), jax.grad(lambda a, b: jnp.sum(linear(a, b) ** 2), argnums=(0, 1))(A, B)),
    "linear_fwd": lambda: jax.jacfwd(linear, argnums=(0, 1))(A, B),
    "linear_aux": lambda: (linear_aux(A, B), jax.grad(lambda b: linear_aux(A, b)[0].sum())(B)),
}
"""
    + RUN_THUNK
)

NAMES = ["root", "root_vector", "root_aux", "linear", "linear_fwd", "linear_aux"]


jax_results, test_same_as_jax = jax_case_tests(NAMES, HARNESS, 1e-6)


def test_solver_iterations_are_not_differentiated():
    import meshjit
    from meshjit import lax

    calls = []

    def solve(f, x0):
        calls.append(1)
        return lax.stop_gradient(x0) + 2.0  # the "root" of x - 2, found without using f

    g = meshjit.grad(lambda c: lax.custom_root(lambda x: x - c, 0.0, solve, lambda g, y: y))
    assert float(g(2.0)) == 1.0 and calls
    assert np.isfinite(float(g(2.0)))
