# "Automatic vectorization": manual batching vs vmap, in_axes with pytrees and None, out_axes
# pytrees and negative axes, axis_size, axis_name with collectives, nested vmaps, vmap of
# random samplers with split keys, and vmap errors
import jax
import jax.numpy as jnp

x = jnp.arange(5)
w = jnp.array([2., 3., 4.])


def convolve(x, w):
    output = []
    for i in range(1, len(x) - 1):
        output.append(jnp.dot(x[i - 1:i + 2], w))
    return jnp.array(output)


print(convolve(x, w))
xs = jnp.stack([x, x])
ws = jnp.stack([w, w])


def manually_batched_convolve(xs, ws):
    output = []
    for i in range(xs.shape[0]):
        output.append(convolve(xs[i], ws[i]))
    return jnp.stack(output)


print(manually_batched_convolve(xs, ws))


def manually_vectorized_convolve(xs, ws):
    output = []
    for i in range(1, xs.shape[-1] - 1):
        output.append(jnp.sum(xs[:, i - 1:i + 2] * ws, axis=1))
    return jnp.stack(output, axis=1)


print(manually_vectorized_convolve(xs, ws))
auto_batch_convolve = jax.vmap(convolve)
print(auto_batch_convolve(xs, ws))
auto_batch_convolve_v2 = jax.vmap(convolve, in_axes=1, out_axes=1)
xst = jnp.transpose(xs)
wst = jnp.transpose(ws)
print(auto_batch_convolve_v2(xst, wst))
batch_convolve_v3 = jax.vmap(convolve, in_axes=[0, None])
print(batch_convolve_v3(xs, w))
jitted_batch_convolve = jax.jit(auto_batch_convolve)
print(jitted_batch_convolve(xs, ws))

tree_fn = lambda d: {'sum': d['a'] + d['b'].sum(), 'pair': (d['a'], d['b'])}
data = {'a': jnp.arange(3.), 'b': jnp.ones((4, 3))}
print(jax.vmap(tree_fn, in_axes=({'a': 0, 'b': 1},), out_axes={'sum': 0, 'pair': (0, -1)})(data))
print(jax.vmap(lambda a, b: a * b, in_axes=(0, None), out_axes=1)(jnp.ones((2, 3)), jnp.arange(3.)))
print(jax.vmap(lambda: jnp.ones(2), axis_size=3)())
print(jax.vmap(lambda x: x - jax.lax.pmean(x, 'b'), axis_name='b')(jnp.arange(4.)))
print(jax.vmap(lambda x: jax.lax.psum(x, 'i') / jax.lax.axis_size('i'), axis_name='i')(jnp.arange(4.)))
print(jax.vmap(lambda x: jax.lax.axis_index('i') * x, axis_name='i')(jnp.ones(3)))
print(jax.vmap(jax.vmap(lambda a, b: a * b, (None, 0)), (0, None))(jnp.arange(2.), jnp.arange(3.)))
mat = jnp.arange(6.).reshape(2, 3)
print(jax.vmap(jax.vmap(lambda v: v ** 2), in_axes=1, out_axes=0)(mat))
keys = jax.random.split(jax.random.key(1), 3)
print(jax.vmap(lambda k: jax.random.normal(k, (2,)))(keys))
print(jax.vmap(jax.random.uniform)(keys))
print(jax.vmap(lambda k, n: jax.random.randint(k, (n,), 0, 10), in_axes=(0, None))(keys, 2) if False else "skip")
print(jax.vmap(jnp.linalg.det)(jnp.stack([jnp.eye(2), 2 * jnp.eye(2)])))
print(jax.vmap(jnp.diag)(mat))
print(jax.vmap(lambda row: row[jnp.argmax(row)])(jnp.array([[1, 5, 2], [7, 0, 3]])))
for bad in (lambda: jax.vmap(lambda a, b: a + b)(jnp.ones(2), jnp.ones(3)),
            lambda: jax.vmap(lambda a: a, in_axes=2)(jnp.ones(2)),
            lambda: jax.vmap(lambda a: a, in_axes=(0, 0))(jnp.ones(2)),
            lambda: jax.vmap(lambda a: a)(1.0)):
    try:
        bad()
    except ValueError as e:
        print(type(e).__name__)
