# Matmul precision and accumulation types: lax.Precision, jax.default_matmul_precision,
# preferred_element_type, bfloat16 / float16 / int8 inputs, and how they show in jaxprs
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

x = jnp.arange(6, dtype=jnp.float32).reshape(2, 3) / 7
y = jnp.arange(12, dtype=jnp.float32).reshape(3, 4) / 5
print(jnp.dot(x, y, precision=lax.Precision.HIGHEST))
print(jnp.matmul(x, y, precision="highest").dtype)
print(lax.Precision.HIGHEST, lax.Precision.DEFAULT, lax.Precision("bfloat16"))
print(jax.make_jaxpr(lambda a, b: jnp.dot(a, b, precision=lax.Precision.HIGHEST))(x, y))
print(jax.make_jaxpr(lambda a, b: jnp.einsum("ij,jk->ik", a, b, precision="highest"))(x, y))

with jax.default_matmul_precision("float32"):
    print(jnp.round(jnp.dot(x, y), 4))
with jax.default_matmul_precision("highest"):
    print(jnp.round(jax.jit(jnp.matmul)(x, y), 4))

xb, yb = x.astype(jnp.bfloat16), y.astype(jnp.bfloat16)
print(jnp.dot(xb, yb).dtype)
print(jnp.dot(xb, yb, preferred_element_type=jnp.float32).dtype)
print(lax.dot(xb, yb, preferred_element_type=jnp.float32))
print(jax.make_jaxpr(lambda a, b: lax.dot(a, b, preferred_element_type=jnp.float32))(xb, yb))

i8 = jnp.array([[100, 100], [-100, 50]], dtype=jnp.int8)
print(jnp.dot(i8, i8).dtype)
print(jnp.dot(i8, i8, preferred_element_type=jnp.int32))
print(lax.dot_general(i8, i8, (((1,), (0,)), ((), ())), preferred_element_type=jnp.int32))

h = jnp.array([1000., 2000., 3000.], dtype=jnp.float16)
print(jnp.sum(h * h).dtype, jnp.sum(h * h, dtype=jnp.float32))
print(jnp.einsum("ij,jk->ik", xb, yb, preferred_element_type=jnp.float32).dtype)
print(jnp.einsum("ij,jk->ik", x, y, precision=lax.Precision.HIGHEST).shape)

# Mixed precision training step: bf16 compute, f32 master weights.
w = jnp.ones((3, 2), dtype=jnp.float32) * 0.1


def loss(w, x):
    out = jnp.dot(x.astype(jnp.bfloat16), w.astype(jnp.bfloat16),
                  preferred_element_type=jnp.float32)
    return jnp.mean(out ** 2)


g = jax.grad(loss)(w, x)
print(g.dtype, jnp.round(g, 3))
print(jax.make_jaxpr(jax.grad(loss))(w, x))
print(np.allclose(g, jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w), atol=1e-2))
