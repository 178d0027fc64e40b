# jax.lax's elementwise operators by family, with dtypes: special functions (lgamma, digamma,
# igamma / igammac, random_gamma_grad, betainc, erf_inv, bessel_i0e / i1e, polygamma, zeta),
# exp2 / cbrt / rsqrt / logistic / tan, integer ops (population_count, clz, shifts, div / rem
# of negatives, nextafter), rounding methods, complex parts, integer_pow, and their gradients
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.array([0.5, 1.0, 2.5, 7.0])
print(lax.lgamma(x), lax.digamma(x))
print(lax.igamma(x, 1.5), lax.igammac(x, 1.5), lax.igamma_grad_a(x, 1.5) if hasattr(lax, "igamma_grad_a") else "")
print(lax.random_gamma_grad(x, jnp.array([0.3, 1.0, 2.0, 5.0])))
print(lax.betainc(2.0, 3.0, jnp.array([0.1, 0.5, 0.9])))
print(lax.erf(x), lax.erfc(x), lax.erf_inv(jnp.array([-0.9, 0.0, 0.5])))
print(lax.bessel_i0e(x), lax.bessel_i1e(x))
print(lax.polygamma(jnp.array([0.0, 1.0, 2.0, 3.0]), x), lax.zeta(jnp.array([2.0, 3.0, 4.0, 5.0]), x))
print(lax.exp2(x), lax.cbrt(jnp.array([-8.0, 27.0])), lax.rsqrt(x), lax.logistic(x), lax.tan(x))
print(lax.expm1(jnp.array([1e-7, 1.0])), lax.log1p(jnp.array([1e-7, 1.0])), lax.is_finite(jnp.array([1.0, jnp.inf, jnp.nan])))
i = jnp.array([0, 1, 7, 255, -1], jnp.int32)
print(lax.population_count(i), lax.clz(i), lax.population_count(i.astype(jnp.uint8)))
print(lax.shift_left(i, 2), lax.shift_right_arithmetic(i, 1), lax.shift_right_logical(i, 1))
print(lax.shift_left(jnp.uint8(1), jnp.uint8(9)), lax.shift_right_logical(jnp.int8(-128), jnp.int8(7)))
a = jnp.array([7, -7, 7, -7])
b = jnp.array([2, 2, -2, -2])
print(lax.div(a, b), lax.rem(a, b), jnp.floor_divide(a, b), jnp.remainder(a, b), jnp.fmod(a, b))
print(lax.div(jnp.int32(5), jnp.int32(0)), lax.rem(jnp.int32(5), jnp.int32(0)))
print(lax.nextafter(jnp.float32(1.0), jnp.float32(2.0)) - 1.0, lax.nextafter(jnp.float32(0), jnp.float32(1)))
r = jnp.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5])
print(lax.round(r), lax.round(r, lax.RoundingMethod.TO_NEAREST_EVEN), lax.round(r, 1), lax.floor(r), lax.ceil(r))
c = lax.complex(jnp.float32(3), jnp.float32(-4))
print(c, lax.real(c), lax.imag(c), lax.conj(c), lax.abs(c), lax.sign(c), c.dtype)
print(lax.integer_pow(x, 3), lax.integer_pow(x, -2), lax.pow(x, 0.5), lax.pow(x, 2))
print(lax.max(jnp.array([1.0, jnp.nan]), jnp.array([jnp.nan, 2.0])), lax.min(jnp.array([1, 5]), jnp.array([3, 2])))
print(lax.clamp(0.0, jnp.array([-1.0, 0.5, 2.0]), 1.0), lax.select(jnp.array([True, False]), jnp.ones(2), jnp.zeros(2)))
print(lax.select_n(jnp.array([0, 1, 2]), jnp.zeros(3), jnp.ones(3), 2 * jnp.ones(3)))
print(lax.bitwise_and(jnp.uint8(12), jnp.uint8(10)), lax.bitwise_or(12, 10), lax.bitwise_xor(12, 10), lax.bitwise_not(jnp.uint8(0)))
print(lax.atan2(jnp.array([1.0, -1.0]), jnp.array([-1.0, -1.0])), lax.acosh(x + 1), lax.asinh(x), lax.atanh(x / 10))
print(lax.square(jnp.int8(12)), lax.neg(jnp.uint8(1)), lax.sign(jnp.array([-3, 0, 2])), lax.abs(jnp.int8(-128)))
for fn in (lax.lgamma, lax.digamma, lax.erf_inv, lax.bessel_i0e, lax.logistic, lax.cbrt, lax.rsqrt, lambda v: lax.igamma(2.0, v)):
    print(jax.grad(fn)(0.6))
print(jax.grad(lambda v: lax.integer_pow(v, 3))(2.0), jax.grad(lambda v: lax.round(v))(2.3), jax.grad(lax.abs)(0.0))
print(jax.grad(lambda v: lax.betainc(2.0, 3.0, v))(0.4))
try:
    jax.grad(lambda v: lax.betainc(v, 3.0, 0.4))(2.0)
except Exception as e:
    print(type(e).__name__)
try:
    lax.add(jnp.float32(1), jnp.int32(1))
except Exception as e:
    print(type(e).__name__)
try:
    lax.shift_left(jnp.float32(1), 1)
except Exception as e:
    print(type(e).__name__)
