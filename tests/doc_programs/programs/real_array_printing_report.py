# A training report that prints whatever it has at hand: 0-d arrays formatted with f-strings and
# format specs, .item() / float() / int() / tolist(), arrays of each dtype (bool, int8, uint32,
# float16, complex64), empty and high-rank arrays, reprs inside containers, typed and raw PRNG
# keys, ShapeDtypeStructs, jax.Array's str versus repr, numpy conversions, and device listings
import jax
import jax.numpy as jnp
import numpy as np

loss = jnp.array(0.123456789)
step = jnp.array(42)
print(f"step {step} loss {loss:.4f} lr {jnp.float32(3e-4):.1e} acc {jnp.array(0.875):.1%}")
print("{:>8.3f}|{:<6d}|{}".format(loss, step, jnp.array(True)))
print(loss.item(), type(loss.item()).__name__, int(step), float(step), step.tolist(), jnp.arange(3).tolist())
print(str(loss), repr(step), str(jnp.float32(1.5)), repr(jnp.int32(3)), repr(jnp.bool_(True)))
print(jnp.array([True, False]), jnp.array([-1, 127], jnp.int8), jnp.array([1, 2**32 - 1], jnp.uint32))
print(jnp.array([0.1, 1000.5], jnp.float16), jnp.array([1 + 2j, -0.5j], jnp.complex64))
print(repr(jnp.array([1 + 2j], jnp.complex64)), repr(jnp.array([], jnp.float32)), jnp.zeros((2, 0)))
print(repr(jnp.zeros((0, 3), jnp.int32)), jnp.ones((1, 1, 2)))
print({"loss": loss, "grads": [jnp.ones(2)]})
print([jnp.float32(2.0), (jnp.int32(1),)])
k = jax.random.key(0)
raw = jax.random.PRNGKey(0)
print(k, raw, k.dtype, raw.dtype)
print(repr(jax.random.split(k, 2)))
s = jax.ShapeDtypeStruct((3, 4), jnp.float32)
print(s, repr(jax.ShapeDtypeStruct((2,), jnp.int32)))
print(np.asarray(jnp.arange(4.0)), np.array(jnp.eye(2), dtype=np.int64).dtype, jnp.arange(4.0).__array__().dtype)
print(jnp.array(1e-8), jnp.array([1e-8, 1.0]), jnp.array([1e8, 1.0]), jnp.array(np.inf), jnp.array([np.nan, -np.inf]))
print(jnp.array([1.0, 2.5, 3.0]), jnp.array([100000.0, 0.5]), jnp.array([[1.123456789]]))
print(jnp.linspace(0, 1, 3, dtype=jnp.bfloat16), jnp.arange(3, dtype=jnp.uint8) - 4)
print(len(jax.devices()), jax.devices()[0].platform, jax.device_count(), jax.local_device_count())
print(jnp.array(3) == 3, jnp.array([1, 2]) == jnp.array([1, 3]), bool(jnp.array(0.0)))
x = jnp.arange(6.0).reshape(2, 3)
print(x.T, x.ravel()[::2], x[None].shape, x.mean(), x.sum(axis=0), x.dtype, x.ndim, x.size, x.itemsize, x.nbytes)
