# jax.lax's cumulative reductions (cumsum / cumprod / cummax / cummin / cumlogsumexp with
# reverse= and axis=), their gradients and batching, reduce_window's padding forms and
# jnp's cumulative functions with dtype= / include_initial=
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.array([[1., 3., 2., 5.], [4., 0., 6., 1.]])
for fn in (lax.cumsum, lax.cumprod, lax.cummax, lax.cummin, lax.cumlogsumexp):
    print(fn.__name__, fn(x, axis=1))
    print(fn.__name__, "reverse", fn(x, axis=0, reverse=True))

print(jax.grad(lambda v: lax.cummax(v).sum())(jnp.array([1., 3., 2., 5., 4.])))
print(jax.grad(lambda v: lax.cumlogsumexp(v)[-1])(jnp.array([0., 1., 2.])))
print(jax.grad(lambda v: lax.cumprod(v, reverse=True).sum())(jnp.array([1., 2., 3.])))
print(jax.vmap(lambda r: lax.cumsum(r, reverse=True))(x))
print(jax.jvp(lambda v: lax.cummin(v), (jnp.array([3., 1., 2.]),), (jnp.array([1., 10., 100.]),)))
i = jnp.arange(1, 6, dtype=jnp.int8)
print(lax.cumsum(i), lax.cumprod(i), lax.cumsum(i).dtype)
print(jnp.cumsum(i, dtype=jnp.int32), jnp.cumprod(jnp.array([True, True, False])))
print(jnp.cumulative_sum(x, axis=1, include_initial=True))
print(jnp.cumulative_prod(x, axis=0, include_initial=True))
print(jnp.nancumsum(jnp.array([1., jnp.nan, 2.])), jnp.nancumprod(jnp.array([2., jnp.nan, 3.])))
print(jnp.cumsum(x), jnp.cumsum(x, axis=-2))

y = jnp.arange(16.).reshape(4, 4)
print(lax.reduce_window(y, -jnp.inf, lax.max, (2, 2), (2, 2), "VALID"))
print(lax.reduce_window(y, 0., lax.add, (3, 3), (1, 1), "SAME"))
print(lax.reduce_window(y, 0., lax.add, (2, 2), (1, 1), ((1, 0), (0, 1))))
print(lax.reduce_window(y, 0., lax.add, (2, 2), (1, 1), "VALID", base_dilation=(2, 1)))
print(jax.grad(lambda a: lax.reduce_window(a, -jnp.inf, lax.max, (2, 2), (2, 2), "VALID").sum())(y))
print(jax.grad(lambda a: lax.reduce_window(a, 0., lax.add, (2, 2), (1, 1), "SAME").sum())(y))
print(lax.padtype_to_pads((4, 4), (3, 3), (2, 2), "SAME"))
print(lax.padtype_to_pads((5,), (2,), (2,), lax.PaddingType.VALID))
print(jax.make_jaxpr(lambda v: lax.cumsum(v, reverse=True))(jnp.ones(3)))
print(jax.make_jaxpr(lambda v: lax.cumlogsumexp(v))(jnp.ones(3)))
