# Control flow: lax.switch with clamped indices, under vmap and grad; associative_scan for
# segmented sums (tuples, reverse, axis), lax.map with batch_size, fori_loop and
# while_loop over pytree carries, scan with reverse and unroll
import jax
import jax.numpy as jnp
from jax import lax

branches = [lambda x: x + 1., lambda x: x * 2., lambda x: -x]
for i in (-3, 0, 1, 2, 7):
    print(i, lax.switch(i, branches, 5.))
print(jax.vmap(lambda i, x: lax.switch(i, branches, x))(jnp.array([0, 1, 2, 5]), jnp.arange(4.)))
print(jax.grad(lambda x, i: lax.switch(i, branches, x * x))(3., 1))
print(jax.jit(lambda i: lax.switch(i, [lambda: jnp.zeros(2), lambda: jnp.ones(2)]))(1))


def multi(i, x, y):
    return lax.switch(i, [lambda a, b: a + b, lambda a, b: a * b, lambda a, b: {"k": a}["k"] - b], x, y)


print([float(multi(i, 3., 4.)) for i in range(3)])


def segmented_add(left, right):
    (starts_l, sum_l), (starts_r, sum_r) = left, right
    return starts_l | starts_r, jnp.where(starts_r, sum_r, sum_l + sum_r)


starts = jnp.array([True, False, False, True, False, True, False, False])
vals = jnp.arange(1., 9.)
print(lax.associative_scan(segmented_add, (starts, vals))[1])
print(jax.grad(lambda v: lax.associative_scan(segmented_add, (starts, v))[1][-1])(vals))
print(lax.associative_scan(segmented_add, (starts, vals), reverse=True)[1])
print(lax.associative_scan(jnp.add, jnp.arange(1, 7)))
print(lax.associative_scan(jnp.add, jnp.arange(1, 7), reverse=True))
print(lax.associative_scan(jnp.maximum, jnp.array([[1, 5, 2], [4, 0, 6]]), axis=1))
print(lax.associative_scan(jnp.multiply, jnp.arange(1., 7.).reshape(2, 3), axis=0))

xs = jnp.arange(10.)
print(lax.map(lambda x: x ** 2, xs, batch_size=3))
print(lax.map(lambda p: p["a"] * p["b"], {"a": xs[:4], "b": xs[4:8]}, batch_size=2))
print(jax.jit(lambda xs: lax.map(jnp.sum, xs.reshape(5, 2), batch_size=4))(xs))


def body(i, carry):
    total, hist = carry
    return total + i, hist.at[i].set(total)


print(lax.fori_loop(0, 5, body, (0, jnp.zeros(5, jnp.int32))))
print(lax.fori_loop(0, 5, body, (0, jnp.zeros(5, jnp.int32)), unroll=2))


def collatz(n):
    def cond(c):
        return c["n"] != 1

    def step(c):
        n = c["n"]
        return {"n": jnp.where(n % 2 == 0, n // 2, 3 * n + 1), "steps": c["steps"] + 1}

    return lax.while_loop(cond, step, {"n": n, "steps": 0})["steps"]


print(jax.vmap(collatz)(jnp.array([1, 6, 7, 27])))


def cumulative(carry, x):
    carry = carry * 0.5 + x
    return carry, carry


final, ys = lax.scan(cumulative, 0., jnp.arange(4.), reverse=True)
print(final, ys)
final2, ys2 = lax.scan(cumulative, 0., jnp.arange(4.), unroll=True)
print(final2, ys2)
print(lax.scan(lambda c, _: (c + 1, c * 2), 0, None, length=4))
