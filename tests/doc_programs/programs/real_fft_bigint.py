# Big-integer and polynomial arithmetic by FFT: decimal digit arrays multiplied as polynomials
# with rfft / irfft (n= padding to a power of two), rounding to integers, carries propagated by a
# lax.scan over digits, checked against Python's arbitrary-precision ints, polynomial products
# via jnp.convolve and jnp.polymul, the 2**k - 1 Mersenne squares, and factorials built by
# repeated FFT multiplication
import math

import jax
import jax.numpy as jnp
import numpy as np


def to_digits(n, size):
    s = str(n)[::-1]
    return jnp.array([int(c) for c in s] + [0] * (size - len(s)), jnp.int32)


def from_digits(d):
    d = np.asarray(d)
    nz = np.nonzero(d)[0]
    if nz.size == 0:
        return 0
    return int("".join(str(x) for x in d[: nz[-1] + 1][::-1]))


def carry(prod):
    def step(c, x):
        t = x + c
        return t // 10, t % 10

    c, digits = jax.lax.scan(step, jnp.int32(0), prod)
    return digits, c


@jax.jit
def fft_multiply(a, b):
    n = a.shape[0] + b.shape[0]
    size = 1 << (n - 1).bit_length()
    fa = jnp.fft.rfft(a.astype(jnp.float32), n=size)
    fb = jnp.fft.rfft(b.astype(jnp.float32), n=size)
    prod = jnp.round(jnp.fft.irfft(fa * fb, n=size)).astype(jnp.int32)[:n]
    return carry(prod)


x, y = 98765432123456789, 12345678987654321
digits, overflow = fft_multiply(to_digits(x, 20), to_digits(y, 20))
print(digits.dtype, digits.shape, int(overflow), from_digits(digits) == x * y)
print(from_digits(digits))
m = 2**61 - 1
sq, _ = fft_multiply(to_digits(m, 20), to_digits(m, 20))
print(from_digits(sq) == m * m)
acc = to_digits(1, 64)
for k in range(2, 31):
    acc, _ = fft_multiply(acc[:64], to_digits(k, 4))
print(from_digits(acc[:64]) == math.factorial(30), from_digits(acc[:64]) % 10**6)
p = jnp.array([1.0, -3.0, 2.0])
q = jnp.array([2.0, 0.0, 1.0, 5.0])
print(jnp.convolve(p, q), jnp.polymul(p, q), np.polymul(np.asarray(p), np.asarray(q)))
fp = jnp.fft.irfft(jnp.fft.rfft(p, 8) * jnp.fft.rfft(q, 8), 8)[:6]
print(jnp.round(fp, 4), bool(jnp.allclose(fp, jnp.convolve(p, q), atol=1e-5)))
print(jnp.polyval(jnp.polymul(p, q), 2.0), jnp.polyval(p, 2.0) * jnp.polyval(q, 2.0))
quot, rem = jnp.polydiv(jnp.polymul(p, q), q)
print(jnp.round(quot, 4), jnp.round(rem, 4))
