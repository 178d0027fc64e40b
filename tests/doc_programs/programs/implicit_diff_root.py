# Implicit differentiation: lax.custom_root and lax.custom_linear_solve (their docstrings and
# the "Custom derivative rules" page's fixed-point section)
import jax
import jax.numpy as jnp
from jax import lax


def newton_raphson(func, guess):
    def body(x):
        fx, dfx = jax.jvp(func, (x,), (jnp.ones_like(x),))
        return x - fx / dfx
    return lax.fori_loop(0, 20, lambda i, x: body(x), guess)


def scalar_solve(g, y):
    return y / g(1.0)


def sqrt_cubed(x, tangent_solve=scalar_solve):
    f = lambda y: y ** 2 - x ** 3
    return lax.custom_root(f, 1.0, newton_raphson, tangent_solve)


print(sqrt_cubed(4.0))
print(jax.grad(sqrt_cubed)(4.0))
print(jax.jit(jax.grad(sqrt_cubed))(9.0))
print(jax.vmap(sqrt_cubed)(jnp.array([1.0, 4.0, 9.0])))
print(jax.vmap(jax.grad(sqrt_cubed))(jnp.array([1.0, 4.0, 9.0])))
print(jax.grad(jax.grad(sqrt_cubed))(4.0))


# A vector root: solve A x = b as a root of f(x) = A x - b, differentiated implicitly.
A = jnp.array([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]])


def vector_solve(f, y):
    jac = jax.jacobian(f)(y)
    return jnp.linalg.solve(jac, y)


def linear_root(b):
    f = lambda x: A @ x - b
    def solve(f, x0):
        return jnp.linalg.solve(A, b)
    return lax.custom_root(f, jnp.zeros_like(b), solve, vector_solve)


b = jnp.array([1.0, 2.0, 3.0])
print(linear_root(b))
print(jax.jacobian(linear_root)(b))
print(jnp.linalg.inv(A))


# custom_linear_solve: the solve is differentiated through the linear map, not the solver.
def matvec(x):
    return A @ x


def solve(matvec, b):
    return jnp.linalg.solve(A, b)


def transpose_solve(vecmat, b):
    return jnp.linalg.solve(A.T, b)


def lin_solve(b):
    return lax.custom_linear_solve(matvec, b, solve, transpose_solve)


print(lin_solve(b))
print(jax.jit(lin_solve)(b))
print(jax.jacfwd(lin_solve)(b))
print(jax.jacrev(lin_solve)(b))
loss = lambda b: jnp.sum(lin_solve(b) ** 2)
print(jax.grad(loss)(b))
print(jax.vmap(lin_solve)(jnp.stack([b, 2 * b])))

sym = lambda b: lax.custom_linear_solve(matvec, b, solve, symmetric=True)
print(jax.grad(lambda b: jnp.sum(sym(b)))(b))


# Fixed points with a custom VJP (the docs' fixed_point + Newton square root).
from functools import partial


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def fixed_point(f, a, x_guess):
    def cond_fun(carry):
        x_prev, x = carry
        return jnp.abs(x_prev - x) > 1e-6

    def body_fun(carry):
        _, x = carry
        return x, f(a, x)

    _, x_star = lax.while_loop(cond_fun, body_fun, (x_guess, f(a, x_guess)))
    return x_star


def fixed_point_fwd(f, a, x_init):
    x_star = fixed_point(f, a, x_init)
    return x_star, (a, x_star)


def fixed_point_rev(f, res, x_star_bar):
    a, x_star = res
    _, vjp_a = jax.vjp(lambda a: f(a, x_star), a)
    a_bar, = vjp_a(fixed_point(partial(rev_iter, f),
                               (a, x_star, x_star_bar),
                               x_star_bar))
    return a_bar, jnp.zeros_like(x_star)


def rev_iter(f, packed, u):
    a, x_star, x_star_bar = packed
    _, vjp_x = jax.vjp(lambda x: f(a, x), x_star)
    return x_star_bar + vjp_x(u)[0]


fixed_point.defvjp(fixed_point_fwd, fixed_point_rev)


def newton_sqrt(a):
    update = lambda a, x: 0.5 * (x + a / x)
    return fixed_point(update, a, a)


print(newton_sqrt(2.))
print(jax.grad(newton_sqrt)(2.))
print(jax.grad(jax.grad(newton_sqrt))(2.))
print(jax.jit(jax.vmap(jax.grad(newton_sqrt)))(jnp.array([1., 4., 9.])))
