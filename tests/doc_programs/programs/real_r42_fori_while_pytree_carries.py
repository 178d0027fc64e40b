# lax.fori_loop with static and traced bounds (scan vs while in the jaxpr), unroll, pytree
# carries; while_loop with a dict carry; grads through fori_loop with static trip counts; and
# reverse-mode of a while_loop refused as JAX's ValueError
import jax
import jax.numpy as jnp
from jax import lax


def body(i, carry):
    x, acc = carry
    return x * 0.5 + i, acc + x


print(lax.fori_loop(0, 5, body, (1.0, 0.0)))
print(lax.fori_loop(0, 5, body, (1.0, 0.0), unroll=2))
print(jax.jit(lambda n: lax.fori_loop(0, n, body, (1.0, 0.0)))(5))
print(jax.make_jaxpr(lambda: lax.fori_loop(0, 3, lambda i, c: c + i, 0))().eqns[0].primitive)
print(jax.make_jaxpr(lambda n: lax.fori_loop(0, n, lambda i, c: c + i, 0))(3).eqns[0].primitive)
print(jax.grad(lambda x: lax.fori_loop(0, 4, lambda i, c: jnp.sin(c) + x, x))(0.3))
try:
    jax.grad(lambda x, n: lax.fori_loop(0, n, lambda i, c: c * x, x))(1.0, 3)
except Exception as e:
    print(type(e).__name__)


def collatz(n):
    def cond(s):
        return s["n"] != 1

    def step(s):
        n = s["n"]
        return {"n": jnp.where(n % 2 == 0, n // 2, 3 * n + 1), "steps": s["steps"] + 1, "peak": jnp.maximum(s["peak"], n)}

    return lax.while_loop(cond, step, {"n": n, "steps": 0, "peak": n})


print(jax.jit(collatz)(27))
print(jax.vmap(collatz)(jnp.array([1, 6, 7, 27])))
print(jax.jvp(lambda x: lax.while_loop(lambda c: c < 10.0, lambda c: c * 2.0, x), (1.5,), (1.0,)))
try:
    jax.grad(lambda x: lax.while_loop(lambda c: c < 10.0, lambda c: c * 2.0, x))(1.5)
except ValueError as e:
    print("ValueError")


def newton(f, x0):
    df = jax.grad(f)
    return lax.while_loop(lambda s: (jnp.abs(f(s[0])) > 1e-6) & (s[1] < 50),
                          lambda s: (s[0] - f(s[0]) / df(s[0]), s[1] + 1), (x0, 0))


print(newton(lambda x: x ** 3 - 2.0, 1.0))
print(lax.fori_loop(jnp.int32(2), 6, lambda i, c: c * i, jnp.int32(1)))
print(lax.fori_loop(3, 1, lambda i, c: c + 1, 0))
print(jax.vmap(lambda n: lax.fori_loop(0, n, lambda i, c: c + i, 0))(jnp.array([0, 3, 5])))
