# Automatic vectorization: in_axes / out_axes pytrees, None, negative axes, kwargs, axis_size
import jax
import jax.numpy as jnp


def f(params, x):
    return {'out': params['w'] * x + params['b'], 'norm': jnp.sum(x ** 2)}


params = {'w': jnp.arange(3.), 'b': 1.}
xs = jnp.arange(12.).reshape(4, 3)
print(jax.vmap(f, in_axes=(None, 0))(params, xs))
print(jax.vmap(f, in_axes=({'w': None, 'b': None}, 0))(params, xs)['norm'])
print(jax.vmap(f, in_axes=(None, 1), out_axes={'out': 1, 'norm': 0})(params, xs.T)['out'].shape)
print(jax.vmap(f, in_axes=(None, 0), out_axes=-1)(params, xs)['out'].shape)
ws = {'w': jnp.ones((5, 3)), 'b': jnp.arange(5.)}
print(jax.vmap(f, in_axes=({'w': 0, 'b': 0}, None))(ws, jnp.ones(3))['out'])
print(jax.vmap(lambda x: x.sum(), in_axes=-1)(xs))
print(jax.vmap(lambda x: x.sum(), in_axes=1)(xs))

# out_axes=None for an unbatched output
def g(x):
    return x * 2, jnp.float32(7.)


print(jax.vmap(g, out_axes=(0, None))(jnp.arange(3.)))
try:
    jax.vmap(lambda x: (x, x), out_axes=(0, None))(jnp.arange(3.))
except ValueError as e:
    print(type(e).__name__)

# axis_size when nothing is mapped
print(jax.vmap(lambda: jnp.ones(2), axis_size=3)())
print(jax.vmap(lambda x: x + 1, in_axes=None, axis_size=2)(jnp.arange(3)))

# kwargs are always mapped over axis 0
def h(x, y=None, scale=1.):
    return (x + y) * scale


print(jax.vmap(h)(jnp.arange(3.), y=jnp.arange(3.)))
print(jax.vmap(h, in_axes=(0,))(jnp.arange(3.), y=jnp.ones(3), scale=jnp.array([1., 2., 3.])))

# tuples / lists prefix matching
def tup(ab, c):
    a, b = ab
    return a @ b + c


A = jnp.ones((2, 3, 4))
B = jnp.ones((4, 5))
print(jax.vmap(tup, in_axes=((0, None), None))((A, B), jnp.zeros(5)).shape)
try:
    jax.vmap(tup, in_axes=((0, None, 0), None))((A, B), jnp.zeros(5))
except ValueError as e:
    print(type(e).__name__)
try:
    jax.vmap(lambda x, y: x + y)(jnp.ones(3), jnp.ones(4))
except ValueError as e:
    print(type(e).__name__)

# nested vmap: outer product, and in_axes of different positions
outer = jax.vmap(jax.vmap(jnp.multiply, in_axes=(None, 0)), in_axes=(0, None))
print(outer(jnp.arange(3.), jnp.arange(4.)))
mv = jax.vmap(jnp.dot, in_axes=(0, None))
mm = jax.vmap(mv, in_axes=(None, 1), out_axes=1)
M = jnp.arange(6.).reshape(2, 3)
print(mm(M, M.T), M @ M.T)
print(jax.vmap(jnp.diag)(jnp.arange(6.).reshape(2, 3)))

# vmap over a dict of arrays with different batch axes
batch = {'a': jnp.ones((2, 4)), 'b': jnp.zeros((4, 3))}
print(jax.vmap(lambda d: d['a'].sum() + d['b'].sum(), in_axes=({'a': 1, 'b': 0},))(batch))
# vmap of a function returning None leaves
print(jax.vmap(lambda x: (x, None))(jnp.arange(2.)))
print(jax.vmap(lambda x: jnp.where(x > 1, x, 0.))(jnp.arange(4.)))
print(jax.make_jaxpr(jax.vmap(lambda x, y: x @ y, in_axes=(0, None)))(jnp.ones((5, 3)), jnp.ones(3)))
