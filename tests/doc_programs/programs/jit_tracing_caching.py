# Just-in-time compilation: what tracing sees (prints run once per signature), static_argnums /
# static_argnames, functools.partial over jit, methods marked static, caching and retracing on
# new shapes / dtypes / static values, and jit of a function with Python control flow on statics
import functools

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def f(x, y):
    print("Running f():")
    print(f"  x = {x}")
    print(f"  y = {y}")
    result = jnp.dot(x + 1, y + 1)
    print(f"  result = {result}")
    return result


x = np.arange(6.).reshape(2, 3) / 4
y = np.arange(3.) / 2
print(f(x, y))
print(f(x + 1, y))
print(f(x[:1], y))


@functools.partial(jax.jit, static_argnames=["n"])
def g(x, n):
    i = 0
    while i < n:
        i += 1
    return x + i


print(g(10, 20), g(10, 5))
print(jax.jit(lambda x, neg: -x if neg else x, static_argnums=1)(3.0, True))


class CustomClass:
    def __init__(self, x, mul):
        self.x = x
        self.mul = mul

    @functools.partial(jax.jit, static_argnums=0)
    def calc(self, y):
        if self.mul:
            return self.x * y
        return y

    def __hash__(self):
        return hash((self.x, self.mul))

    def __eq__(self, other):
        return isinstance(other, CustomClass) and (self.x, self.mul) == (other.x, other.mul)


c = CustomClass(2, True)
print(c.calc(3))
print(CustomClass(2, False).calc(3), CustomClass(2, True).calc(4))


def unjitted_loop_body(prev_i):
    return prev_i + 1


def g_inner_jitted_partial(x, n):
    i = 0
    while i < n:
        i = jax.jit(functools.partial(unjitted_loop_body))(i)
    return x + i


print(g_inner_jitted_partial(10, 4))
count = {"traces": 0}


@jax.jit
def traced(x):
    count["traces"] += 1
    return x * 2


for arg in [jnp.ones(2), jnp.ones(2) * 3, jnp.ones(3), jnp.ones(2, jnp.int32), 1.0, 2.0]:
    traced(arg)
    print(count["traces"], end=" ")
print(count["traces"])
try:
    jax.jit(lambda x, n: x + n, static_argnums=1)(1.0, jnp.ones(2))
except (ValueError, TypeError) as e:
    print(type(e).__name__)
try:
    jax.jit(lambda x: x if x > 0 else -x)(1.0)
except jax.errors.TracerBoolConversionError as e:
    print("TracerBoolConversionError")
print(jax.jit(lambda x, *, k: x ** k, static_argnames="k")(2.0, k=3))
lowered = jax.jit(lambda a: jnp.sin(a) * 2).lower(jnp.ones((2, 2)))
print(type(lowered).__name__, lowered.out_info.shape if hasattr(lowered, "out_info") else None)
compiled = lowered.compile()
print(compiled(jnp.zeros((2, 2))))
