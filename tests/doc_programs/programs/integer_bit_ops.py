# Integers and bits in jax.numpy and jax.lax: shifts (logical and arithmetic), population
# count, clz, bitwise ops on small unsigned types, floor division and remainders of negative
# numbers (jnp vs lax), overflow wrapping, iinfo / finfo, bitcast_convert_type, packbits /
# unpackbits, bitwise_count, float-to-int conversion and rounding modes
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

u = jnp.array([1, 2, 128, 255], jnp.uint8)
print(u << 1, u >> 1, jnp.left_shift(u, 7), jnp.right_shift(u, jnp.uint8(3)))
i = jnp.array([-16, -1, 7, 100], jnp.int32)
print(lax.shift_right_arithmetic(i, 2), lax.shift_right_logical(i, 2), lax.shift_left(i, 3))
print(lax.population_count(u), lax.clz(u), lax.population_count(i), lax.clz(i))
print(jnp.bitwise_count(i), jnp.bitwise_and(u, 0x0F), u ^ jnp.uint8(0xFF), ~u, jnp.invert(i))
print(jnp.bitwise_or(jnp.array([True, False]), jnp.array([False, False])), jnp.bitwise_not(jnp.array([True, False])))
a = jnp.array([-7, -7, 7, 7])
b = jnp.array([2, -2, 2, -2])
print(a // b, a % b, jnp.fmod(a, b), jnp.remainder(a, b), lax.div(a, b), lax.rem(a, b))
print(jnp.divmod(a, b), jnp.floor_divide(-7.5, 2.), jnp.true_divide(a, b).dtype)
print(jnp.array([127], jnp.int8) + jnp.int8(1), jnp.array([0], jnp.uint8) - 1, jnp.uint32(2 ** 32 - 1) + jnp.uint32(1))
print(jnp.iinfo(jnp.int16), jnp.iinfo(jnp.uint8).max, jnp.finfo(jnp.float16).eps, jnp.finfo(jnp.bfloat16).max)
print(jnp.finfo(jnp.float32).tiny, jnp.finfo(jnp.float32).resolution, jnp.iinfo(jnp.int32).bits)
f = jnp.array([1.0, -2.0, 0.5], jnp.float32)
print(lax.bitcast_convert_type(f, jnp.int32), lax.bitcast_convert_type(f, jnp.uint8).shape)
print(lax.bitcast_convert_type(jnp.array([1065353216], jnp.int32), jnp.float32))
bits = jnp.array([[1, 0, 1], [0, 0, 1]], jnp.uint8)
print(jnp.packbits(bits), jnp.packbits(bits, axis=1), jnp.packbits(bits, bitorder="little"))
print(jnp.unpackbits(jnp.array([5, 255], jnp.uint8)), jnp.unpackbits(jnp.array([5], jnp.uint8), count=4, bitorder="little"))
g = jnp.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.7])
print(g.astype(jnp.int32), jnp.round(g), jnp.rint(g), jnp.trunc(g), jnp.ceil(g))
print(lax.round(g), lax.round(g, lax.RoundingMethod.TO_NEAREST_EVEN), lax.convert_element_type(g, jnp.uint8))
print(jnp.array([300., -5.]).astype(jnp.uint8), jnp.array([1e10]).astype(jnp.int32))
print(jnp.gcd(jnp.array([12, 18, -8]), 6), jnp.lcm(jnp.array([4, 6]), jnp.array([6, 4])))
print(jnp.abs(jnp.int8(-128)), jnp.negative(jnp.uint8(1)), jnp.sign(i), jnp.power(jnp.int32(3), 4), jnp.int32(2) ** jnp.arange(4))
print(jax.jit(lambda x, s: x >> s)(jnp.int32(-64), jnp.int32(40)), np.int32(-64) >> 31)
print(jnp.left_shift(jnp.int32(1), jnp.array([0, 31, 32, 33])), jnp.right_shift(jnp.uint32(2 ** 31), jnp.array([31, 32])))
print(jax.grad(lambda x: (x * 2).astype(jnp.int32).astype(float) + x)(1.))
print(jnp.array(2 ** 31 - 1, jnp.int32) * 2, jnp.arange(5, dtype=jnp.uint16) - jnp.uint16(3))
