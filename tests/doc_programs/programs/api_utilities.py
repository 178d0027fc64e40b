# jnp.einsum with optimize, tree_util.Partial, named_call / named_scope, ensure_compile_time_eval,
# eval_shape, ShapeDtypeStruct, block_until_ready, jax.Array methods (API reference examples)
import functools

import jax
import jax.numpy as jnp
import numpy as np

a = jnp.arange(6.).reshape(2, 3)
b = jnp.arange(12.).reshape(3, 4)
c = jnp.arange(8.).reshape(4, 2)
for opt in ["greedy", "optimal", True, False, "auto"]:
    print(opt, jnp.einsum("ij,jk,kl->il", a, b, c, optimize=opt))
path, info = jnp.einsum_path("ij,jk,kl->il", a, b, c, optimize="greedy")
print(path)
print(jnp.einsum("ii->i", jnp.eye(3) * 2), jnp.einsum("i,i", jnp.arange(3.), jnp.arange(3.)))
print(jnp.einsum("bij,bjk->bik", jnp.ones((2, 2, 3)), jnp.ones((2, 3, 1))).shape)
print(jnp.einsum(a, [0, 1], b, [1, 2], [0, 2]))
print(jnp.einsum("ij->", a), jnp.einsum("...j,j->...", a, jnp.ones(3)))
print(jnp.einsum("ij,jk->ik", a.astype(jnp.int32), b.astype(jnp.int32), preferred_element_type=jnp.float32).dtype)

# tree_util.Partial: a partial that is a pytree, so it can be passed through jit
add_x = jax.tree_util.Partial(jnp.add, jnp.ones(2))


@jax.jit
def call_it(f, y):
    return f(y)


print(call_it(add_x, jnp.arange(2.)))
print(jax.tree.leaves(add_x), add_x.func is jnp.add)
print(call_it(jax.tree_util.Partial(jnp.multiply, 3.), 2.))

# named_call and named_scope show in jaxprs
def inner(x):
    return jnp.sin(x) * 2


named = jax.named_call(inner, name="my_inner")
print(jax.make_jaxpr(named)(1.0))


def with_scope(x):
    with jax.named_scope("layer1"):
        y = x * 2
    return y + 1


print(jax.jit(with_scope)(3.0), jax.make_jaxpr(with_scope)(3.0))


# ensure_compile_time_eval: computed while tracing
@jax.jit
def f(x):
    with jax.ensure_compile_time_eval():
        y = jnp.sin(3.0)
        z = jnp.arange(4) * 2
    print("y is concrete:", not isinstance(y, jax.core.Tracer), z)
    return x + y


print(jnp.round(f(1.0), 5))

# eval_shape and ShapeDtypeStruct
def big(x, w):
    return jnp.tanh(x @ w), (x.sum(), w.T)


out = jax.eval_shape(big, jax.ShapeDtypeStruct((128, 64), jnp.float32),
                     jax.ShapeDtypeStruct((64, 10), jnp.float32))
print(out)
print(jax.eval_shape(lambda t: t.astype(jnp.int8), jnp.ones(3)))
s = jax.ShapeDtypeStruct((2, 3), jnp.dtype("float16"))
print(s, s.shape, s.dtype, s.ndim, s.size, jax.eval_shape(jnp.sum, s))
print(jax.jit(lambda t: t * 2).eval_shape(s))

# block_until_ready and Array methods
r = jax.block_until_ready(jax.jit(lambda t: t @ t.T)(a))
print(r, jax.block_until_ready({"k": jnp.ones(1)}))
x = jnp.arange(12.).reshape(3, 4)
print(x.shape, x.ndim, x.size, x.dtype, x.itemsize, x.nbytes, x.T.shape, x.mT.shape)
print(x.sum(axis=0), x.mean(), x.std().round(4), x.var(axis=1), x.min(), x.argmax(), x.cumsum()[-1])
print(x.reshape(2, 6)[1], x.ravel()[:3], x.flatten().shape, x.squeeze().shape, x.swapaxes(0, 1).shape)
print(x.astype(jnp.int32).dtype, x.clip(2, 5)[0], x.round(), x.conj().dtype, x.real.dtype, x.imag.sum())
print(x.any(), x.all(), x.item(5), x[1].tolist(), x.sort(axis=0)[0], x.argsort(axis=1)[0])
print(x.take(jnp.array([0, 5])), x.diagonal(), x.trace(), x.prod(axis=1), x.max(keepdims=True).shape)
print(x.repeat(2, axis=0).shape, x.transpose(1, 0).shape, x.dot(jnp.ones(4)), x.nonzero()[0][:3])
print(x.copy() is x, x.to_device(jax.devices()[1]).devices(), x.__array_namespace__() is jnp)
print(x.sharding, x.is_fully_replicated, x.is_fully_addressable, len(x.addressable_shards))
print(x.addressable_shards[0].device, x.addressable_shards[0].index, x.addressable_shards[0].data.shape)
print(x.devices(), x.committed if hasattr(x, "committed") else "", jax.device_put(x, jax.devices()[2]).committed)
print(format(jnp.float32(2.5), ".2f"), float(x[0, 1]), int(x[2, 3]), bool(x[0, 0]), complex(x[0, 2]))
print(np.asarray(x).dtype, jnp.asarray(np.float64(1.)).dtype, hash(jax.ShapeDtypeStruct((1,), jnp.int32)) is not None)
try:
    hash(x)
except TypeError as e:
    print(type(e).__name__)
try:
    x[0, 0] = 1.
except TypeError as e:
    print(type(e).__name__)
