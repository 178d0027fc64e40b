# jax.numpy docstrings: window functions (hanning, hamming, bartlett, blackman, kaiser), bit
# operations (bitwise_and/or/xor/not, invert, left_shift, right_shift, bitwise_count) and
# floating-point decomposition (frexp, ldexp, signbit, copysign, modf)
import jax
import jax.numpy as jnp

with jnp.printoptions(precision=2, suppress=True):
    print(jnp.hanning(4))
    print(jnp.hamming(4))
    print(jnp.bartlett(4))
    print(jnp.blackman(4))
    print(jnp.kaiser(4, 1.5))
print(jnp.hanning(1), jnp.hanning(0))
print(jnp.kaiser(5, 0.0))

x = jnp.array([1, 3, 5, 7], dtype=jnp.int8)
y = jnp.array([2, 3, 4, 5], dtype=jnp.int8)
print(jnp.bitwise_and(x, y), jnp.bitwise_or(x, y), jnp.bitwise_xor(x, y))
print(jnp.bitwise_not(x), jnp.invert(x), ~x)
print(jnp.left_shift(x, 2), jnp.right_shift(x, 1))
print(jnp.left_shift(jnp.int8(1), 7), jnp.right_shift(jnp.int8(-128), 3))
print(jnp.bitwise_left_shift(jnp.uint8(255), 1), jnp.bitwise_right_shift(jnp.uint8(255), 4))
print(jnp.bitwise_count(jnp.array([0, 1, 255, -1], dtype=jnp.int16)))
print(jnp.bitwise_and(jnp.array([True, False]), jnp.array([True, True])))
print(jnp.bitwise_invert(jnp.array([True, False])))
print(x & 6, x | 8, x ^ 1, x << 1, x >> 1)
print(jnp.array([1, 2, 3], dtype=jnp.uint32) >> 1)

m, e = jnp.frexp(jnp.array([8.0, 0.3, -5.0, 0.0]))
print(m, e, e.dtype)
print(jnp.ldexp(m, e))
print(jnp.ldexp(jnp.float32(3.0), jnp.arange(4)))
print(jnp.signbit(jnp.array([-1.0, 0.0, -0.0, 2.0])))
print(jnp.copysign(jnp.array([1.0, -2.0, 3.0]), -1.0))
print(jnp.modf(jnp.array([1.5, -2.25, 3.0])))
print(jnp.float_power(2, jnp.array([1, 2, 3])))
print(jnp.fmod(jnp.array([-3, 3]), 2), jnp.remainder(jnp.array([-3, 3]), 2))
print(jnp.divmod(jnp.array([7, -7]), 3))
print(jnp.spacing(jnp.float32(1.0)))
print(jnp.heaviside(jnp.array([-1.0, 0.0, 2.0]), 0.5))
print(jax.jit(lambda a: jnp.bitwise_xor(a, a >> 1))(jnp.arange(8, dtype=jnp.uint8)))
