# Custom derivative rules beyond the basics: jax.custom_gradient, custom_jvp with
# nondiff_argnums, defjvps with None, symbolic zeros (custom_jvp / custom_vjp with
# symbolic_zeros=True), gradient clipping and a numerically stable log1pexp
from functools import partial

import jax
import jax.numpy as jnp
from jax import custom_jvp, custom_vjp


@jax.custom_gradient
def f(x):
    return x ** 2, lambda g: (g * x,)


print(f(3.), jax.grad(f)(3.), jax.grad(jax.grad(f))(3.))


@jax.custom_gradient
def clip_gradient_id(x):
    def vjp(g):
        return (jnp.clip(g, -1.0, 1.0),)
    return x, vjp


print(jax.grad(lambda x: 5.0 * clip_gradient_id(x))(2.0))
print(jax.vmap(jax.grad(lambda x: x * clip_gradient_id(x)))(jnp.array([-3., 0.25, 4.])))


@partial(custom_jvp, nondiff_argnums=(1,))
def power(x, n):
    return x ** n


@power.defjvp
def power_jvp(n, primals, tangents):
    x, = primals
    t, = tangents
    return x ** n, n * x ** (n - 1) * t


print(power(2., 3), jax.grad(power)(2., 3), jax.jit(jax.grad(power), static_argnums=1)(2., 4))
print(jax.vmap(jax.grad(power), in_axes=(0, None))(jnp.arange(1., 4.), 2))


@custom_jvp
def g(x, y):
    return jnp.sin(x) * y


g.defjvps(lambda x_dot, primal_out, x, y: jnp.cos(x) * x_dot * y, None)
print(jnp.round(g(2., 3.), 5), jnp.round(jax.grad(g)(2., 3.), 5), jax.grad(g, 1)(2., 3.))


@custom_jvp
def mul(x, y):
    return x * y


def mul_jvp(primals, tangents):
    x, y = primals
    xd, yd = tangents
    print("symbolic zeros:", [type(t).__name__ == "SymbolicZero" for t in (xd, yd)])
    out = x * y
    t = jnp.zeros_like(out)
    if type(xd) is not jax.custom_derivatives.SymbolicZero:
        t = t + xd * y
    if type(yd) is not jax.custom_derivatives.SymbolicZero:
        t = t + x * yd
    return out, t


mul.defjvp(mul_jvp, symbolic_zeros=True)


print(jax.jvp(lambda x: mul(x, 4.), (jnp.float32(2.),), (jnp.float32(1.),)))
print(jax.grad(mul, argnums=1)(2., 4.))


@custom_vjp
def pair(x, y):
    return x * 2., y * 3.


def pair_fwd(x, y):
    print("perturbed:", x.perturbed, y.perturbed)
    return pair(x.value, y.value), None


def pair_bwd(_, cts):
    a, b = cts
    print("cotangent zero:", type(a).__name__ == "SymbolicZero", type(b).__name__ == "SymbolicZero")
    a = jnp.zeros(()) if type(a).__name__ == "SymbolicZero" else a
    b = jnp.zeros(()) if type(b).__name__ == "SymbolicZero" else b
    return 2. * a, 3. * b


pair.defvjp(pair_fwd, pair_bwd, symbolic_zeros=True)
print(jax.grad(lambda x: pair(x, 1.)[0])(5.))
print(jax.grad(lambda x, y: sum(pair(x, y)), argnums=(0, 1))(5., 6.))


@custom_jvp
def log1pexp(x):
    return jnp.log(1. + jnp.exp(x))


log1pexp.defjvps(lambda t, ans, x: (1 - 1 / (1 + jnp.exp(x))) * t)
print(jax.grad(log1pexp)(100.), jax.jit(jax.grad(log1pexp))(3.))
print(jax.vmap(jax.grad(log1pexp))(jnp.arange(-2., 3.)))
print(jax.make_jaxpr(jax.grad(log1pexp))(1.))
