# The Python Array API standard in jax.numpy: __array_namespace__, __array_api_version__,
# isdtype, astype, the standard's function names (concat, permute_dims, matrix_transpose,
# bitwise_left_shift, unique_values / unique_counts / unique_inverse / unique_all, vecdot,
# cumulative_sum), .mT / .device / .to_device, and a namespace-generic function
import jax
import jax.numpy as jnp

x = jnp.arange(6.).reshape(2, 3)
xp = x.__array_namespace__()
print(xp is jnp, jnp.__array_api_version__)
print(jnp.isdtype(x.dtype, "real floating"), jnp.isdtype(jnp.int8, "integral"),
      jnp.isdtype(jnp.bool_, "bool"), jnp.isdtype(jnp.complex64, ("real floating", "complex floating")))
print(jnp.isdtype(jnp.uint16, "unsigned integer"), jnp.isdtype(jnp.float16, jnp.float16))
print(jnp.astype(x, jnp.int32), jnp.astype(x, jnp.float16, copy=True).dtype)
print(jnp.concat([x, x], axis=0).shape, jnp.concat([x, x], axis=None).shape)
print(jnp.permute_dims(jnp.ones((2, 3, 4)), (2, 0, 1)).shape)
print(jnp.matrix_transpose(jnp.ones((5, 2, 3))).shape, x.mT)
print(jnp.bitwise_left_shift(jnp.array([1, 2]), 3), jnp.bitwise_right_shift(jnp.array([16]), 2))
print(jnp.bitwise_invert(jnp.array([0, 1], jnp.uint8)), jnp.pow(2., jnp.arange(3)))
print(jnp.acos(1.), jnp.atan2(1., 1.), jnp.asinh(0.), jnp.atanh(0.))
v = jnp.array([3, 1, 3, 2, 1, 3])
print(jnp.unique_values(v))
print(jnp.unique_counts(v))
print(jnp.unique_inverse(v))
print(jnp.unique_all(v))
print(jnp.linalg.vecdot(x, jnp.ones(3)), jnp.vecdot(x, x, axis=0))
print(jnp.cumulative_sum(jnp.arange(1, 5)), jnp.cumulative_sum(jnp.arange(1, 5), include_initial=True))
print(jnp.cumulative_prod(jnp.arange(1, 5)))
print(x.device, x.to_device(jax.devices()[1]).device)
print(jnp.linalg.matrix_transpose(x).shape, jnp.linalg.matrix_norm(jnp.eye(2)), jnp.linalg.vector_norm(x))
print(jnp.tensordot(x, jnp.ones((3, 2)), axes=1))
print(jnp.take_along_axis(x, jnp.array([[0], [2]]), axis=1).ravel(), jnp.take(x, jnp.array([1]), axis=1).ravel())
print(jnp.clip(x, min=1., max=4.))
print(jnp.round(jnp.std(x, correction=1), 4), jnp.round(jnp.var(x, axis=0, correction=0), 4))
print(jnp.searchsorted(jnp.array([1, 3, 5]), jnp.array([3, 4]), side="right"))
print(jnp.sort(jnp.array([3, 1, 2]), descending=True), jnp.argsort(jnp.array([3, 1, 2]), descending=True, stable=True))
print(jnp.unstack(x), jnp.reshape(x, (3, 2), copy=None).shape)
print(jnp.finfo(jnp.float32).smallest_normal, jnp.iinfo(jnp.int16).max)
print(jnp.full_like(x, 7, dtype=jnp.int32, device=jax.devices()[0]).device)
print(jnp.diff(jnp.arange(5) ** 2, prepend=0))


def softmax_generic(a):
    ns = a.__array_namespace__()
    e = ns.exp(a - ns.max(a, axis=-1, keepdims=True))
    return e / ns.sum(e, axis=-1, keepdims=True)


print(jnp.round(softmax_generic(x), 4))
print(jnp.round(jax.jit(softmax_generic)(x), 4))
