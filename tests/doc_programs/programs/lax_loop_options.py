# lax loop options: lax.map with batch_size, fori_loop with unroll, scan with reverse=True,
# length= without xs and unroll, while_loop with a pytree carry, on small numerical algorithms
import jax
import jax.numpy as jnp
from jax import lax

xs = jnp.arange(10.)
print(lax.map(lambda x: x ** 2 + 1, xs))
print(lax.map(lambda x: x ** 2 + 1, xs, batch_size=4))
print(lax.map(lambda p: p[0] * p[1], (xs, xs[::-1]), batch_size=3))
print(jnp.round(lax.map(jnp.linalg.norm, xs.reshape(5, 2), batch_size=2), 4))


# Horner's rule for a polynomial with fori_loop, unrolled or not
coeffs = jnp.array([2., -3., 0., 1., 5.])


def horner(x, unroll=1):
    return lax.fori_loop(0, coeffs.shape[0], lambda i, acc: acc * x + coeffs[i], 0., unroll=unroll)


print(horner(1.5), horner(1.5, unroll=2), horner(1.5, unroll=True), jnp.polyval(coeffs, 1.5))
print(jax.jit(horner, static_argnums=1)(jnp.float32(-0.5), 5))
print(jnp.round(jax.grad(horner)(1.5), 4), jnp.round(jnp.polyval(jnp.polyder(coeffs), 1.5), 4))

# suffix sums and a backward recurrence with scan(reverse=True)
def suffix_sum(c, x):
    c = c + x
    return c, c


print(lax.scan(suffix_sum, 0., xs, reverse=True))
rewards = jnp.array([1., 0., 0., 2., 1.])
gamma = 0.9
_, returns = lax.scan(lambda g, r: (r + gamma * g, r + gamma * g), 0., rewards, reverse=True)
print(jnp.round(returns, 4))
_, returns_u = lax.scan(lambda g, r: (r + gamma * g, r + gamma * g), 0., rewards, reverse=True, unroll=2)
print(jnp.allclose(returns, returns_u))

# length= without xs: a linear congruential generator and a Fibonacci sequence
def lcg(state, _):
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    return state, state % 100


print(lax.scan(lcg, jnp.uint32(42), None, length=5)[1])
fib = lax.scan(lambda ab, _: ((ab[1], ab[0] + ab[1]), ab[0]), (0, 1), length=10)[1]
print(fib)
print(lax.scan(lambda c, _: (c * 2, c), 1., length=6, unroll=3)[1])
print(lax.scan(lambda c, x: (c, x), 0, jnp.arange(3), length=3)[1])
try:
    lax.scan(lambda c, x: (c, x), 0, jnp.arange(3), length=4)
except Exception as e:
    print(type(e).__name__)
try:
    lax.scan(lambda c, x: (c, x), 0, None)
except Exception as e:
    print(type(e).__name__)

# while_loop with a pytree carry: Newton's method for a square root, bisection
def newton_sqrt(a):
    def cond(s):
        return (jnp.abs(s["x"] ** 2 - a) > 1e-6) & (s["i"] < 50)

    def body(s):
        return {"x": 0.5 * (s["x"] + a / s["x"]), "i": s["i"] + 1}

    return lax.while_loop(cond, body, {"x": a, "i": 0})


out = newton_sqrt(10.)
print(jnp.round(out["x"], 5), out["i"])
print(jnp.round(jax.vmap(lambda a: newton_sqrt(a)["x"])(jnp.array([2., 9., 0.25])), 5))


def bisect(f, lo, hi, n=30):
    def body(i, lh):
        lo, hi = lh
        mid = (lo + hi) / 2
        left = jnp.sign(f(mid)) == jnp.sign(f(lo))
        return jnp.where(left, mid, lo), jnp.where(left, hi, mid)

    return lax.fori_loop(0, n, body, (lo, hi), unroll=5)


print(jnp.round(bisect(lambda x: x ** 3 - 2 * x - 5, 2., 3.)[0], 5))
print(jax.make_jaxpr(lambda x: lax.fori_loop(0, 3, lambda i, c: c + i, x, unroll=3))(1.))
print(jax.make_jaxpr(lambda x: lax.scan(lambda c, _: (c + 1., c), x, length=2, reverse=True))(1.))
