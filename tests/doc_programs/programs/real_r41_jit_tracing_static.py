# "Just-in-time compilation" and "Key concepts": tracing prints once per shape / dtype,
# make_jaxpr of a selu, jit of a selu timed by block_until_ready, static arguments via
# static_argnums / static_argnames and their hashing (a hashable config), caching under a
# reused jitted function, marking a method's self static with partial, and jit with
# keyword arguments
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


def selu(x, alpha=1.67, lambda_=1.05):
    return lambda_ * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


x = jnp.arange(5.0)
print(selu(x))
print(jax.make_jaxpr(selu)(x))
selu_jit = jax.jit(selu)
print(selu_jit(x).block_until_ready())
print(jnp.allclose(selu_jit(x), selu(x)))


def log2(x):
    print("printed x:", x)
    ln_x = jnp.log(x)
    ln_2 = jnp.log(2.0)
    return ln_x / ln_2


print(jax.make_jaxpr(log2)(3.0))
log2_jit = jax.jit(log2)
print(log2_jit(8.0))
print(log2_jit(16.0))
print(log2_jit(jnp.array([2.0, 4.0])))
print(log2_jit(jnp.int32(4)))

traces = []


@partial(jax.jit, static_argnames=["n"])
def power(x, n):
    traces.append(n)
    return x**n


print(power(2.0, n=3), power(3.0, n=3), power(2.0, n=4))
print(traces)


class Config(NamedTuple):
    depth: int
    scale: float


@partial(jax.jit, static_argnums=1)
def run(x, cfg: Config):
    for _ in range(cfg.depth):
        x = jnp.tanh(x) * cfg.scale
    return x


print(run(jnp.ones(2), Config(2, 0.5)), run(jnp.ones(2), Config(3, 0.5)))
try:
    run(jnp.ones(2), [2, 0.5])
except (TypeError, ValueError) as e:
    print(type(e).__name__)


class CustomClass:
    def __init__(self, x: jnp.ndarray, mul: bool):
        self.x = x
        self.mul = mul

    @partial(jax.jit, static_argnums=0)
    def calc(self, y):
        if self.mul:
            return self.x * y
        return y

    def __hash__(self):
        return hash((id(self.x), self.mul))

    def __eq__(self, other):
        return isinstance(other, CustomClass) and (id(self.x), self.mul) == (id(other.x), other.mul)


c = CustomClass(2, True)
print(c.calc(3))
c.mul = False
print(c.calc(3))


def g(x, *, scale=1.0, shift=0.0):
    return x * scale + shift


gj = jax.jit(g, static_argnames=("scale",))
print(gj(1.0, scale=3.0, shift=0.5), gj(jnp.ones(2), shift=jnp.array(2.0)))

calls = []


def unjitted_loop_body(prev_i):
    calls.append(1)
    return prev_i + 1


def g_inner_jitted_partial(x, n):
    i = 0
    while i < n:
        i = jax.jit(partial(unjitted_loop_body))(i)
    return x + i


def g_inner_jitted_normal(x, n):
    i = 0
    while i < n:
        i = jax.jit(unjitted_loop_body)(i)
    return x + i


print(g_inner_jitted_partial(10, 5), len(calls))
calls.clear()
print(g_inner_jitted_normal(10, 5), len(calls))
closure = jax.jit(lambda y: y + x.sum())
print(closure(1.0), jax.make_jaxpr(lambda y: y + x.sum())(1.0).consts if hasattr(jax.make_jaxpr(lambda y: y + x.sum())(1.0), "consts") else None)
print(jax.jit(lambda a, b=2: a * b)(3), jax.jit(lambda *args: sum(args))(1, 2, 3))
