# Quasi-Monte Carlo integration: Halton points by radical inversion (a while_loop over digits,
# vmapped over indices and bases), a randomised (Cranley-Patterson shifted) Halton estimator,
# Sobol-like base-2 van der Corput by bit reversal with uint32 shifts, and the error of plain
# Monte Carlo vs QMC on Genz test integrands as the point count grows
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

PRIMES = jnp.array([2, 3, 5, 7, 11, 13])


def radical_inverse(i, base):
    def cond(c):
        return c[0] > 0

    def body(c):
        n, inv, f = c
        return n // base, inv + f * (n % base), f / base

    _, inv, _ = jax.lax.while_loop(cond, body, (i, 0.0, 1.0 / base))
    return inv


@partial(jax.jit, static_argnums=0)
def halton(n, dims_bases):
    idx = jnp.arange(1, n + 1)
    return jax.vmap(lambda b: jax.vmap(lambda i: radical_inverse(i, b))(idx), out_axes=1)(dims_bases)


def van_der_corput_base2(n):
    i = jnp.arange(n, dtype=jnp.uint32)
    m = [jnp.uint32(c) for c in (0x00FF00FF, 0xFF00FF00, 0x0F0F0F0F, 0xF0F0F0F0,
                                 0x33333333, 0xCCCCCCCC, 0x55555555, 0xAAAAAAAA)]
    i = (i << 16) | (i >> 16)
    i = ((i & m[0]) << 8) | ((i & m[1]) >> 8)
    i = ((i & m[2]) << 4) | ((i & m[3]) >> 4)
    i = ((i & m[4]) << 2) | ((i & m[5]) >> 2)
    i = ((i & m[6]) << 1) | ((i & m[7]) >> 1)
    return i.astype(jnp.float32) / jnp.float32(2.0**32)


pts = halton(8, PRIMES[:2])
print("first Halton points:\n", np.round(np.asarray(pts), 4))
print("van der Corput:", jnp.round(van_der_corput_base2(8), 4))
print("radical inverse matches base-2 bit reversal:",
      bool(jnp.allclose(halton(16, PRIMES[:1])[:, 0], van_der_corput_base2(17)[1:])))

DIM = 4
a = jnp.array([1.0, 2.0, 0.5, 1.5])


def product_peak(u):
    return jnp.prod(1.0 / (a**-2 + (u - 0.5) ** 2), axis=-1)


def gaussian(u):
    return jnp.exp(-jnp.sum((a * (u - 0.5)) ** 2, axis=-1))


def exact_gaussian():
    from jax.scipy.special import erf
    return jnp.prod(jnp.sqrt(jnp.pi) / a * erf(a / 2))


def exact_peak():
    return jnp.prod(a * 2 * jnp.arctan(a / 2))


key = jax.random.key(0)
for n in (64, 512, 4096):
    u_mc = jax.random.uniform(key, (n, DIM))
    u_qmc = halton(n, PRIMES[:DIM])
    shifts = jax.random.uniform(key, (8, DIM))
    rqmc = jax.vmap(lambda s: jnp.mean(gaussian(jnp.mod(u_qmc + s, 1.0))))(shifts)
    err_mc = abs(float(jnp.mean(gaussian(u_mc)) - exact_gaussian()))
    err_qmc = abs(float(jnp.mean(gaussian(u_qmc)) - exact_gaussian()))
    err_peak = abs(float(jnp.mean(product_peak(u_qmc)) - exact_peak()))
    print(f"n={n:5d}: MC err {err_mc:.2e} QMC err {err_qmc:.2e} peak QMC err {err_peak:.2e} "
          f"RQMC std {float(rqmc.std()):.2e}")
print("QMC beats MC at n=4096:", err_qmc < err_mc)
print("exact integrals:", round(float(exact_gaussian()), 6), round(float(exact_peak()), 6))
