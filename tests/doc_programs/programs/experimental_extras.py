# Docstring examples of less-used experimental APIs: the stateful generator
# (jax.experimental.random), custom_derivatives.linear_call, xla_metadata, and Pallas' TPU
# helpers run in TPU interpret mode forced on every kernel.
from functools import partial

import jax
import jax.numpy as jnp
from jax.custom_derivatives import linear_call
from jax.experimental import pallas as pl
from jax.experimental import random
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.xla_metadata import set_xla_metadata

rng = random.stateful_rng(42)
print(rng)
print(rng.uniform())
print(rng.uniform())
jit_uniform = jax.jit(rng.uniform)
print(jit_uniform())
print(jit_uniform())
print(rng.key())
rng = random.stateful_rng(123)
print(jax.vmap(lambda rng, x: x + rng.uniform())(rng.split(3), jnp.zeros(3)))
print([r.integers(0, 10, 2) for r in random.stateful_rng(123).spawn(2)])
gen = random.stateful_rng(0)
print(gen.normal(size=(2, 2)), gen.random(3), gen.integers(5, 10, size=4))


def f(r, x):
    return x / r


def t(r, t):
    return t / r


def div_add(x, denom):
    return x + linear_call(f, t, denom, x)


def transpose(f, x_example):
    def transposed(y):
        (x,) = jax.linear_transpose(f, x_example)(y)
        return x

    return transposed


print(div_add(9.0, 3.0))
print(transpose(partial(div_add, denom=3.0), 1.0)(18.0))
print(transpose(lambda x: x + x / 3.0, 1.0)(18.0))


def custom_id(x):
    def f(_, x):
        return x

    def t(_, t):
        return 7.0

    return linear_call(f, t, (), x)


print(custom_id(1.0))
print(jax.grad(div_add)(2.0, 4.0))


def tagged(x):
    y = set_xla_metadata(jnp.sin(x), k="v")
    with set_xla_metadata(stage="tail"):
        return y * 2 + 1


print(jax.make_jaxpr(tagged)(jnp.ones(3)))
print(jax.jit(tagged)(jnp.ones(3)))


def kernel(x_ref, o_ref):
    o_ref[...] = pltpu.einshape("ab->ba", x_ref[...]) * 2


x = jnp.arange(8 * 128, dtype=jnp.float32).reshape(8, 128)
with pltpu.force_tpu_interpret_mode():
    out = pl.pallas_call(kernel, out_shape=jax.ShapeDtypeStruct((128, 8), jnp.float32))(x)
print(out[:2, :4])


def bits(x_ref, o_ref):
    o_ref[...] = pltpu.bitcast(x_ref[...], jnp.int32)


print(
    pl.pallas_call(bits, out_shape=jax.ShapeDtypeStruct((4, 128), jnp.int32), interpret=True)(
        jnp.arange(8 * 128, dtype=jnp.int16).reshape(8, 128)
    )[:, :3]
)
print(
    pl.estimate_cost(
        lambda a, b: jax.nn.gelu(a @ b),
        jax.ShapeDtypeStruct((8, 16), jnp.float32),
        jax.ShapeDtypeStruct((16, 32), jnp.float32),
    )
)
