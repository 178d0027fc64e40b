# lax.scan with unroll (ints and True), reverse=True, length without xs, pytree xs and None
# outputs; the same sums by cumsum / associative_scan; grads through reversed scans
import jax
import jax.numpy as jnp
from jax import lax

xs = jnp.arange(1.0, 9.0)


def cumsum_step(c, x):
    c = c + x
    return c, c


for unroll in (1, 2, 3, 8, True):
    c, ys = lax.scan(cumsum_step, 0.0, xs, unroll=unroll)
    print(unroll, c, ys)

c, ys = lax.scan(cumsum_step, 0.0, xs, reverse=True)
print("reverse", c, ys)
print(jnp.cumsum(xs[::-1])[::-1])
print(lax.cumsum(xs, reverse=True), lax.associative_scan(jnp.add, xs, reverse=True))


def counter(c, _):
    return c * 2, c


print(lax.scan(counter, 1, None, length=6))
print(lax.scan(lambda c, x: (c + x["a"] * x["b"], None), 0.0, {"a": xs, "b": xs[::-1]}))


def ema(decay, xs):
    def step(m, x):
        m = decay * m + (1 - decay) * x
        return m, m

    return lax.scan(step, xs[0], xs, reverse=True, unroll=2)[1]


print(ema(0.5, xs))
print(jax.grad(lambda d: ema(d, xs).sum())(0.5))
print(jax.jit(jax.grad(lambda xs: ema(0.9, xs)[0]))(xs))

mat = jnp.array([[0.9, 0.1], [0.2, 0.8]])


def power(n):
    return lax.scan(lambda m, _: (m @ mat, jnp.trace(m)), jnp.eye(2), None, length=n, unroll=4)


m, traces = power(5)
print(m, traces)
print(jax.make_jaxpr(lambda x: lax.scan(cumsum_step, 0.0, x, reverse=True, unroll=2))(xs))
print(jax.vmap(lambda x: lax.scan(cumsum_step, 0.0, x, reverse=True)[1])(jnp.stack([xs, -xs])))
