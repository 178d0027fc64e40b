# lax.custom_root and lax.custom_linear_solve as their docstrings and the implicit-layers
# examples use them: a scalar Newton root with implicit differentiation, a vector root with
# a linear tangent_solve, custom_linear_solve with symmetric=True and a transpose_solve, and
# the gradients and jvps through each
import jax
import jax.numpy as jnp
from jax import lax


def newton_sqrt(a):
    def f(x):
        return x**2 - a

    def solve(f, x0):
        x = x0
        for _ in range(20):
            x = x - f(x) / jax.grad(f)(x)
        return x

    def tangent_solve(g, y):
        return y / g(1.0)

    return lax.custom_root(f, 1.0, solve, tangent_solve)


print(newton_sqrt(2.0), jax.grad(newton_sqrt)(2.0), 0.5 / jnp.sqrt(2.0))
print(jax.jit(jax.grad(newton_sqrt))(9.0), jax.vmap(newton_sqrt)(jnp.array([4.0, 16.0])))
print(jax.jvp(newton_sqrt, (4.0,), (1.0,)))

A = jnp.array([[4.0, 1.0], [1.0, 3.0]])


def vec_root(b):
    def f(x):
        return A @ x - b

    def solve(f, x0):
        return jnp.linalg.solve(A, b)

    def tangent_solve(g, y):
        return jnp.linalg.solve(jax.jacobian(g)(y), y)

    return lax.custom_root(f, jnp.zeros(2), solve, tangent_solve)


b = jnp.array([1.0, 2.0])
print(vec_root(b), jax.jacobian(vec_root)(b))


def matvec(x):
    return A @ x


def solve(matvec, b):
    return jnp.linalg.solve(A, b)


def lin_solve(b):
    return lax.custom_linear_solve(matvec, b, solve, symmetric=True)


print(lin_solve(b), jax.jacobian(lin_solve)(b), jnp.linalg.inv(A))
B = jnp.array([[2.0, 1.0], [0.0, 3.0]])


def nonsym(b):
    return lax.custom_linear_solve(
        lambda x: B @ x,
        b,
        lambda mv, r: jnp.linalg.solve(B, r),
        transpose_solve=lambda vm, r: jnp.linalg.solve(B.T, r),
    )


print(nonsym(b), jax.grad(lambda v: nonsym(v).sum())(b))
print(jax.jvp(nonsym, (b,), (jnp.ones(2),)))
print(jax.vmap(lin_solve)(jnp.eye(2)))
