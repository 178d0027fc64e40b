# jax.lax.associative_scan, reduce_precision and friends (the lax API reference's examples)
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

print(lax.associative_scan(jnp.add, jnp.arange(0, 4)))
print(lax.associative_scan(jnp.add, jnp.arange(0, 4), reverse=True))
print(lax.associative_scan(jnp.maximum, jnp.array([2, 1, 3, 0, 5, 4])))
print(lax.associative_scan(jnp.multiply, jnp.arange(1., 6.)))
x = jnp.arange(12.).reshape(3, 4)
print(lax.associative_scan(jnp.add, x, axis=1))


def mat_mul_op(a, b):
    return b @ a


mats = jnp.stack([jnp.array([[1., 1.], [0., 1.]])] * 4)
print(lax.associative_scan(mat_mul_op, mats)[-1])


# Linear recurrence h_t = a_t * h_{t-1} + b_t as a scan over (a, b) pairs
def combine(left, right):
    a1, b1 = left
    a2, b2 = right
    return a1 * a2, a2 * b1 + b2


a = jnp.array([0.5, 0.9, 0.8, 1.0, 0.7])
b = jnp.array([1., 2., 3., 4., 5.])
_, h = lax.associative_scan(combine, (a, b))
print(jnp.round(h, 4))
hs = []
hcur = 0.
for t in range(5):
    hcur = a[t] * hcur + b[t]
    hs.append(hcur)
print(jnp.allclose(jnp.array(hs), h))
print(jax.jit(lambda v: lax.associative_scan(jnp.add, v))(jnp.ones(7)))
print(jnp.round(jax.grad(lambda v: lax.associative_scan(jnp.multiply, v)[-1])(jnp.arange(1., 5.)), 4))
try:
    lax.associative_scan(jnp.add, (jnp.ones(3), jnp.ones(4)))
except ValueError as e:
    print(type(e).__name__)

# reduce_precision
v = jnp.array([1.0, 1.0 + 2 ** -10, 3.14159265, 65504., 1e-8], dtype=jnp.float32)
print(lax.reduce_precision(v, exponent_bits=5, mantissa_bits=10))
print(lax.reduce_precision(v, exponent_bits=8, mantissa_bits=7))
print(lax.reduce_precision(v, exponent_bits=4, mantissa_bits=3))
print(jnp.array_equal(lax.reduce_precision(v, 5, 10), v.astype(jnp.float16).astype(jnp.float32)))
print(lax.reduce_precision(v, 8, 23).dtype, jax.grad(lambda t: lax.reduce_precision(t, 5, 2))(1.3))
print(v.astype(jnp.bfloat16), v.astype(jnp.float16))
print(jnp.finfo(jnp.bfloat16).eps, jnp.finfo(jnp.float16).max, jnp.iinfo(jnp.int8).min)

# other lax reductions and helpers
print(lax.reduce(jnp.arange(6).reshape(2, 3), 0, lax.add, (1,)))
print(lax.argmax(jnp.array([[1, 9, 3], [7, 2, 8]]), 1, jnp.int32))
print(lax.population_count(jnp.array([7, 8, 255], jnp.uint8)), lax.clz(jnp.array([1, 256], jnp.int32)))
print(lax.shift_left(jnp.int32(1), jnp.int32(4)), lax.shift_right_logical(jnp.int32(-16), jnp.int32(2)))
print(lax.rem(jnp.array([7, -7]), jnp.array([3, 3])), lax.div(jnp.array([7, -7]), jnp.array([2, 2])))
print(lax.integer_pow(jnp.arange(4.), 3), lax.nextafter(jnp.float32(1.), jnp.float32(2.)) - 1.)
print(lax.round(jnp.array([0.5, 1.5, 2.5]), lax.RoundingMethod.TO_NEAREST_EVEN), lax.round(jnp.array([0.5, 1.5])))
print(lax.clamp(0., jnp.array([-1., 0.5, 2.]), 1.), lax.select(jnp.array([True, False]), jnp.ones(2), jnp.zeros(2)))
print(lax.expand_dims(jnp.ones(3), (0, 2)).shape, lax.squeeze(jnp.ones((1, 3, 1)), (0, 2)).shape)
print(lax.rev(jnp.arange(4), (0,)), lax.iota(jnp.int32, 4), lax.broadcasted_iota(jnp.int32, (2, 3), 1))
print(lax.dynamic_slice(jnp.arange(10), (8,), (3,)), lax.dynamic_update_slice(jnp.zeros(5), jnp.ones(2), (4,)))
print(lax.pad(jnp.arange(3.), 0., [(1, 2, 1)]), lax.collapse(jnp.ones((2, 3, 4)), 0, 2).shape)
