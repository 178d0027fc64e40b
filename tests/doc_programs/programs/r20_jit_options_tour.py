# jax.jit's keyword options from its API page: inline (the callee's equations in the caller's
# jaxpr instead of a nested jit), keep_unused (an unused argument kept in the lowered module),
# device= and backend= (deprecated placement options), static_argnames with defaults and
# keywords, donate_argnames, and jit as a decorator factory (functools.partial / jax.jit(...))
import functools

import jax
import jax.numpy as jnp


def inner(x):
    return jnp.sin(x) * 2


outer_nested = jax.jit(lambda x: jax.jit(inner)(x) + 1)
outer_inlined = jax.jit(lambda x: jax.jit(inner, inline=True)(x) + 1)
print(jax.make_jaxpr(outer_nested)(1.0))
print(jax.make_jaxpr(outer_inlined)(1.0))
print(outer_nested(1.0) == outer_inlined(1.0))


def uses_one(x, unused):
    return x * 3


lowered_drop = jax.jit(uses_one).lower(jnp.ones(3), jnp.ones(4))
lowered_keep = jax.jit(uses_one, keep_unused=True).lower(jnp.ones(3), jnp.ones(4))
print(lowered_drop.as_text().count("tensor<4xf32>"), lowered_keep.as_text().count("tensor<4xf32>"))
print(lowered_keep.compile()(jnp.ones(3), jnp.ones(4)))

dev = jax.devices()[1]
with_device = jax.jit(lambda x: x + 1, device=dev)
out = with_device(jnp.arange(3))
print(out, out.devices() == {dev})
with_backend = jax.jit(lambda x: x * 2, backend="cpu")
print(with_backend(jnp.arange(3)), with_backend(jnp.arange(3)).devices() == {jax.devices()[0]})


@functools.partial(jax.jit, static_argnames=("power", "scale"))
def poly(x, power=2, scale=1.0):
    return scale * x**power


print(poly(jnp.arange(3.0)), poly(jnp.arange(3.0), power=3), poly(jnp.arange(3.0), 3, scale=0.5))
print(poly._cache_size() if hasattr(poly, "_cache_size") else 3)


@functools.partial(jax.jit, donate_argnames="buf")
def update(buf, delta):
    return buf + delta


b = jnp.zeros(4)
b2 = update(b, jnp.ones(4))
print(b2, b.is_deleted())
try:
    print(b + 1)
except RuntimeError as e:
    print(type(e).__name__)

decorate = jax.jit(static_argnums=0)


@decorate
def repeat(n, x):
    return jnp.tile(x, n)


print(repeat(3, jnp.array([1, 2])))
print(
    jax.jit(repeat.__wrapped__ if hasattr(repeat, "__wrapped__") else repeat, static_argnums=0)(
        2, jnp.array([5])
    )
)
