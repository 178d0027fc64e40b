# Bit tricks on unsigned integers: a xorshift32 generator in lax.fori_loop and lax.scan with
# wraparound arithmetic, bit reversal by masks and shifts, parity by population_count, Gray
# codes, Morton (Z-order) interleaving, and float bits inspected with bitcast_convert_type
import jax
import jax.numpy as jnp
from jax import lax


def xorshift32(x):
    x = x ^ (x << jnp.uint32(13))
    x = x ^ (x >> jnp.uint32(17))
    x = x ^ (x << jnp.uint32(5))
    return x


def draws(seed, n):
    def step(x, _):
        x = xorshift32(x)
        return x, x
    return lax.scan(step, jnp.uint32(seed), None, length=n)[1]


print(draws(2463534242, 5))
print(jax.jit(lambda s: lax.fori_loop(0, 100, lambda i, x: xorshift32(x), s))(jnp.uint32(1)))
u = draws(7, 1000).astype(jnp.float32) / jnp.float32(2 ** 32)
print(jnp.round(u.mean(), 1), u.min() >= 0, u.max() < 1)
print(jnp.uint32(0xFFFFFFFF) + jnp.uint32(2), jnp.uint8(250) * jnp.uint8(2), -jnp.uint32(1))


def reverse_bits(x):
    x = ((x >> 1) & 0x55555555) | ((x & 0x55555555) << 1)
    x = ((x >> 2) & 0x33333333) | ((x & 0x33333333) << 2)
    x = ((x >> 4) & 0x0F0F0F0F) | ((x & 0x0F0F0F0F) << 4)
    x = ((x >> 8) & 0x00FF00FF) | ((x & 0x00FF00FF) << 8)
    return (x >> 16) | (x << 16)


v = jnp.array([1, 2, 0x80000000, 0x12345678], jnp.uint32)
print([hex(int(t)) for t in reverse_bits(v)])
print(lax.population_count(v) % 2, lax.clz(v))
n = jnp.arange(8, dtype=jnp.uint32)
gray = n ^ (n >> 1)
print(gray, jnp.unpackbits(gray.astype(jnp.uint8)).reshape(8, 8)[:, -3:])


def part1by1(x):
    x = x & 0x0000FFFF
    x = (x | (x << 8)) & 0x00FF00FF
    x = (x | (x << 4)) & 0x0F0F0F0F
    x = (x | (x << 2)) & 0x33333333
    return (x | (x << 1)) & 0x55555555


xs, ys = jnp.meshgrid(jnp.arange(4, dtype=jnp.uint32), jnp.arange(4, dtype=jnp.uint32))
print(part1by1(xs) | (part1by1(ys) << 1))
f = jnp.array([1.0, -2.5, 0.15625], jnp.float32)
bits = lax.bitcast_convert_type(f, jnp.uint32)
print([hex(int(b)) for b in bits], (bits >> 23) & 0xFF, bits >> 31)
print(lax.bitcast_convert_type(bits, jnp.float32), lax.bitcast_convert_type(jnp.float32(1.0), jnp.uint16))
print(jnp.bitwise_and(12, 10), jnp.bitwise_or(12, 10), jnp.bitwise_xor(12, 10), jnp.bitwise_not(jnp.int8(5)))
print(jnp.right_shift(jnp.int32(-16), 2), jnp.left_shift(jnp.uint8(1), 7), jnp.uint32(1) << jnp.uint32(31))
