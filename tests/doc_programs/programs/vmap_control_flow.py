# Control flow under transformations (the control flow page's table): vmap of while_loop with
# per-example trip counts, cond / switch with batched predicates, fori_loop with batched bounds,
# scan under vmap, grad through fori_loop with static bounds, reverse-mode of while_loop refused
import jax
import jax.numpy as jnp
from jax import lax


def collatz_steps(n):
    def cond(c):
        return c[0] != 1

    def body(c):
        n, k = c
        return jnp.where(n % 2 == 0, n // 2, 3 * n + 1), k + 1

    return lax.while_loop(cond, body, (n, 0))[1]


print(collatz_steps(6), jax.vmap(collatz_steps)(jnp.array([1, 2, 3, 6, 7, 27])))
print(jax.jit(jax.vmap(collatz_steps))(jnp.arange(1, 9)))

def newton_sqrt(a):
    def cond(c):
        x, i = c
        return (jnp.abs(x * x - a) > 1e-5) & (i < 50)

    def body(c):
        x, i = c
        return 0.5 * (x + a / x), i + 1

    return lax.while_loop(cond, body, (a, 0))


xs, iters = jax.vmap(newton_sqrt)(jnp.array([1., 2., 100., 1e4]))
print(jnp.round(xs, 4), iters)

pred_fn = lambda p, x: lax.cond(p, lambda x: x * 2., lambda x: x - 1., x)
print(jax.vmap(pred_fn)(jnp.array([True, False, True]), jnp.array([1., 2., 3.])))
print(jax.vmap(pred_fn, in_axes=(None, 0))(False, jnp.array([1., 2.])))
branches = [lambda x: x + 1., lambda x: x * 10., lambda x: -x]
print(jax.vmap(lambda i, x: lax.switch(i, branches, x))(jnp.array([0, 1, 2, 5]), jnp.arange(4.)))
print(jax.jacfwd(lambda x: jax.vmap(pred_fn)(x > 1.5, x))(jnp.array([1., 2.])))

def partial_sum(n, x):
    return lax.fori_loop(0, n, lambda i, acc: acc + x[i], 0.)


print(jax.vmap(partial_sum, in_axes=(0, None))(jnp.array([0, 2, 4]), jnp.arange(1., 6.)))
print(jax.vmap(lambda lo: lax.fori_loop(lo, 5, lambda i, c: c * 2, 1))(jnp.array([0, 3, 5])))

def cumulative(xs):
    return lax.scan(lambda c, x: (c + x, c + x), 0., xs)[1]


print(jax.vmap(cumulative)(jnp.arange(6.).reshape(2, 3)))
print(jax.vmap(cumulative, in_axes=1, out_axes=1)(jnp.arange(6.).reshape(3, 2)))

def power(x):
    return lax.fori_loop(0, 3, lambda i, c: c * x, 1.)


print(jax.grad(power)(2.), jax.grad(jax.grad(power))(2.))
print(jax.jvp(lambda a: newton_sqrt(a)[0], (4.,), (1.,)))
try:
    jax.grad(lambda a: newton_sqrt(a)[0])(4.)
except Exception as e:
    print(type(e).__name__)
try:
    jax.grad(lambda n, x: lax.fori_loop(0, n, lambda i, c: c * x, 1.), argnums=1)(3, 2.)
except Exception as e:
    print(type(e).__name__)
print(jax.grad(lambda x: lax.cond(x > 0, jnp.sin, jnp.cos, x))(1.))
print(jax.vmap(jax.grad(lambda x: lax.cond(x > 0, jnp.sin, jnp.cos, x)))(jnp.array([-1., 1.])))
print(jax.grad(lambda xs: cumulative(xs).sum())(jnp.ones(4)))
print(jax.vmap(lambda x: lax.map(lambda y: y * x, jnp.arange(3.)))(jnp.array([1., 2.])))
print(jax.make_jaxpr(jax.vmap(pred_fn))(jnp.array([True]), jnp.array([1.])).eqns[0].primitive)
