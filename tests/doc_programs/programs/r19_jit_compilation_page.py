# "Just-in-time compilation": side effects printed once at trace time, the jaxpr of a function
# with a global, jit of a function with value-dependent control flow (its fixes run in
# jit_compilation.py), static arguments that must be hashable, caching (re-tracing on new
# shapes / dtypes / static values, not on new values), jit of a partial vs a fresh lambda, and
# donate_argnums
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

global_list = []


def log2(x):
    global_list.append(x)
    ln_x = jnp.log(x)
    ln_2 = jnp.log(2.0)
    return ln_x / ln_2


print(jax.make_jaxpr(log2)(3.0))
print(len(global_list), type(global_list[0]).__name__)


def log2_with_print(x):
    print("printed x:", x)
    ln_x = jnp.log(x)
    ln_2 = jnp.log(2.0)
    return ln_x / ln_2


print(jax.make_jaxpr(log2_with_print)(3.0))
print(jax.make_jaxpr(log2_with_print)(jnp.ones(2, jnp.int32)))


def selu(x, alpha=1.67, lambda_=1.05):
    return lambda_ * jnp.where(x > 0, x, alpha * jnp.exp(x) - alpha)


x = jnp.arange(1000000, dtype=jnp.float32)
selu_jit = jax.jit(selu)
print(selu_jit(x).block_until_ready()[:3], jnp.allclose(selu(x[:10]), selu_jit(x[:10])))
traces = []


@jax.jit
def counted(x, y):
    traces.append((x.shape, x.dtype))
    return x * y


counted(jnp.ones(3), 2.0)
counted(jnp.zeros(3), 5.0)
counted(jnp.ones(4), 2.0)
counted(jnp.ones(3, jnp.int32), 2)
counted(jnp.ones(3), 2.0)
print(len(traces), traces)


def f(x):
    if x > 0:
        return x
    else:
        return 2 * x


jax_f = jax.jit(f)
try:
    jax_f(10)
except jax.errors.TracerBoolConversionError as e:
    print("TracerBoolConversionError", str(e).splitlines()[0])


def g(x, n):
    i = 0
    while i < n:
        i += 1
    return x + i


try:
    jax.jit(g)(10, 20)
except jax.errors.TracerBoolConversionError as e:
    print("TracerBoolConversionError")


try:
    jax.jit(lambda x, shape: jnp.zeros(shape) + x, static_argnums=1)(1.0, [2, 3])
except (ValueError, TypeError) as e:
    print(type(e).__name__, str(e).splitlines()[0][:80])
print(jax.jit(lambda x, shape: jnp.zeros(shape) + x, static_argnums=1)(1.0, (2, 3)).shape)


def unjitted_loop_body(prev_i):
    return prev_i + 1


def g_inner_jitted_partial(x, n):
    i = 0
    while i < n:
        i = jax.jit(partial(unjitted_loop_body))(i)
    return x + i


def g_inner_jitted_lambda(x, n):
    i = 0
    while i < n:
        i = jax.jit(lambda x: unjitted_loop_body(x))(i)
    return x + i


def g_inner_jitted_normal(x, n):
    i = 0
    while i < n:
        i = jax.jit(unjitted_loop_body)(i)
    return x + i


print(g_inner_jitted_partial(10, 5), g_inner_jitted_lambda(10, 5), g_inner_jitted_normal(10, 5))


@partial(jax.jit, donate_argnums=0)
def add_inplace(buf, v):
    return buf + v


buf = jnp.zeros(4)
out = add_inplace(buf, 1.0)
print(out, buf.is_deleted())
try:
    print(buf + 1)
except Exception as e:
    print(type(e).__name__)
print(jax.jit(lambda a, b=2.0: a * b)(3.0), jax.jit(lambda *args: sum(args))(1.0, 2.0, 3.0), jax.jit(lambda **kw: kw["a"] - kw["b"])(a=5.0, b=2.0))
jf = jax.jit(lambda x: x + 1)
print(jf(np.int8(3)).dtype, jf(np.float16(1)).dtype, jf(True).dtype, jf(3).dtype, jf(3.0).weak_type)
