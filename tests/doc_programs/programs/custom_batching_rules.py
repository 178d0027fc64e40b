# jax.custom_batching: sequential_vmap (a loop instead of a batched rule), custom_vmap with an
# in_batched / out_batched rule, and how each composes with jit, grad and nested vmap
import jax
import jax.numpy as jnp
import numpy as np
from jax.custom_batching import custom_vmap, sequential_vmap


@sequential_vmap
def solve(a, b):
    return jnp.linalg.solve(a, b)


a = jnp.array([[3., 1.], [1., 2.]])
bs = jnp.array([[1., 0.], [0., 1.], [1., 1.]])
print(solve(a, bs[0]))
print(jax.vmap(solve, in_axes=(None, 0))(a, bs))


@sequential_vmap
def count_calls(x):
    return jnp.sum(x ** 2)


print(jax.vmap(count_calls)(jnp.arange(6.).reshape(3, 2)))
print(jax.jit(jax.vmap(count_calls))(jnp.arange(6.).reshape(3, 2)))


@custom_vmap
def f(x, y):
    return x + y


@f.def_vmap
def f_vmap_rule(axis_size, in_batched, xs, ys):
    assert all(in_batched)
    assert xs.shape[0] == axis_size
    return xs * ys, in_batched[0]


print(f(2., 3.))
print(jax.vmap(f)(jnp.array([1., 2.]), jnp.array([3., 4.])))
print(jax.jit(jax.vmap(f))(jnp.array([1., 2.]), jnp.array([3., 4.])))


@custom_vmap
def g(x):
    return jnp.sin(x)


@g.def_vmap
def g_rule(axis_size, in_batched, xs):
    xs_batched, = in_batched
    return jnp.cos(xs), xs_batched


xs = jnp.array([0., 1., 2.])
print(g(1.))
print(jax.vmap(g)(xs))
print(jax.vmap(jax.vmap(g))(xs.reshape(1, 3)))


# A rule that is told which arguments are batched and batches the unbatched one itself.
@custom_vmap
def scale(x, s):
    return x * s


@scale.def_vmap
def scale_rule(axis_size, in_batched, x, s):
    x_b, s_b = in_batched
    if not s_b:
        s = jnp.broadcast_to(s, (axis_size,))
    if not x_b:
        x = jnp.broadcast_to(x, (axis_size,) + jnp.shape(x))
    return x * s[:, None] if x.ndim > 1 else x * s, True


print(jax.vmap(scale, in_axes=(0, None))(jnp.ones((3, 2)), 2.0))
print(jax.vmap(scale, in_axes=(None, 0))(jnp.ones(2), jnp.array([1., 2., 3.])))
print(np.asarray(jax.vmap(scale)(jnp.arange(3.), jnp.arange(3.))))
