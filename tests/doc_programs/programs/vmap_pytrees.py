# Automatic vectorization: in_axes/out_axes pytrees, batched matmul, axis_name, spmd examples
import jax
import jax.numpy as jnp
import numpy as np

key = jax.random.key(1701)
key1, key2 = jax.random.split(key)
mat = jnp.arange(12.).reshape(4, 3) / 10
batched_x = jnp.arange(15.).reshape(5, 3) / 10


def apply_matrix(x):
    return jnp.dot(mat, x)


def naively_batched_apply_matrix(v_batched):
    return jnp.stack([apply_matrix(v) for v in v_batched])


@jax.jit
def batched_apply_matrix(batched_x):
    return jnp.dot(batched_x, mat.T)


@jax.jit
def vmap_batched_apply_matrix(batched_x):
    return jax.vmap(apply_matrix)(batched_x)


print(np.allclose(naively_batched_apply_matrix(batched_x), batched_apply_matrix(batched_x), atol=1E-4, rtol=1E-4))
print(np.allclose(naively_batched_apply_matrix(batched_x), vmap_batched_apply_matrix(batched_x), atol=1E-4, rtol=1E-4))
print(vmap_batched_apply_matrix(batched_x))

# in_axes as pytrees
f = lambda d: d['a'] * 2 + d['b']
print(jax.vmap(f, in_axes=({'a': 0, 'b': None},))({'a': jnp.arange(3.), 'b': 1.}))
print(jax.vmap(lambda a, b: (a + b, a * b), in_axes=(1, 0), out_axes=(0, 1))(jnp.ones((2, 3)), jnp.arange(3.)))
print(jax.vmap(lambda t: t[0] @ t[1], in_axes=((0, None),))((jnp.ones((4, 2, 3)), jnp.ones((3, 5)))).shape)
print(jax.vmap(lambda x: {'s': x.sum(), 'm': x.max()}, out_axes={'s': 0, 'm': None} if False else 0)(mat))
print(jax.vmap(lambda x: x, out_axes=1)(jnp.arange(6.).reshape(3, 2)).shape)
print(jax.vmap(lambda x, y: x + y, in_axes=(0, None), out_axes=-1)(jnp.ones((4, 2)), jnp.arange(2.)).shape)
print(jax.vmap(lambda: 1., axis_size=3)())
print(jax.vmap(lambda x: jnp.zeros(2), in_axes=0)(jnp.ones(3)).shape)
print(jax.vmap(lambda x, y: x * y, in_axes=(None, 0))(2., jnp.arange(3.)))

# batched matmul
A = jnp.arange(24.).reshape(2, 3, 4)
B = jnp.arange(40.).reshape(2, 4, 5)
print(jnp.allclose(jax.vmap(jnp.matmul)(A, B), A @ B))
print(jax.vmap(jax.vmap(jnp.dot, (0, None)), (None, 0))(jnp.ones((3, 2)), jnp.ones((4, 2))).shape)
mv = jax.vmap(jnp.dot, (0, None), 0)
mm = jax.vmap(mv, (None, 1), 1)
print(jnp.allclose(mm(mat, mat.T), mat @ mat.T))

# collectives under vmap
print(jax.vmap(lambda x: x / jax.lax.psum(x, 'i'), axis_name='i')(jnp.arange(1., 5.)))
print(jax.vmap(lambda x: jax.lax.pmax(x, 'i') - x, axis_name='i')(jnp.array([3., 1., 2.])))
print(jax.vmap(lambda x: jax.lax.axis_index('i') * x, axis_name='i')(jnp.ones(4)))
print(jax.vmap(jax.vmap(lambda x: jax.lax.psum(x, ('i', 'j')), axis_name='j'), axis_name='i')(jnp.arange(6.).reshape(2, 3)))

# errors
try:
    jax.vmap(lambda x, y: x + y)(jnp.ones(3), jnp.ones(4))
except ValueError as e:
    print(type(e).__name__)
try:
    jax.vmap(lambda x: x, in_axes=2)(jnp.ones(3))
except ValueError as e:
    print(type(e).__name__)
try:
    jax.vmap(lambda x: x)(1.)
except ValueError as e:
    print(type(e).__name__)

# vmap with random keys and per-example gradients
keys = jax.random.split(key, 4)
print(jax.vmap(lambda k: jax.random.uniform(k, (2,)))(keys).shape)
print(jnp.round(jax.vmap(lambda k: jax.random.normal(k))(keys), 4))


def loss(w, x, y):
    return (jnp.dot(x, w) - y) ** 2


w = jnp.array([1., -1.])
xs = jnp.arange(8.).reshape(4, 2)
ys = jnp.arange(4.)
print(jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys))
print(jax.vmap(jax.value_and_grad(loss), in_axes=(None, 0, 0))(w, xs, ys))
print(jax.jacrev(lambda w: jax.vmap(loss, in_axes=(None, 0, 0))(w, xs, ys))(w))
print(jax.make_jaxpr(jax.vmap(lambda x: jnp.sin(x) * 2))(jnp.ones(3)))
