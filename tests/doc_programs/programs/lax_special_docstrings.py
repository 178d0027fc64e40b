# jax.lax special functions and numerics from their docstrings: incomplete gamma and beta,
# polygamma / zeta, Bessel functions, erf family, logistic, exp2, nextafter, frexp-like bit work
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

a = jnp.array([0.5, 1.0, 2.5])
x = jnp.array([0.3, 1.0, 4.0])
print(lax.igamma(a, x), lax.igammac(a, x))
print(lax.lgamma(a), lax.digamma(a), lax.polygamma(jnp.array([1., 2., 1.]), a))
print(lax.zeta(jnp.array([2., 3., 4.]), jnp.array([1., 1., 2.])))
print(lax.betainc(jnp.array([1., 2., 0.5]), jnp.array([2., 2., 0.5]), jnp.array([0.3, 0.5, 0.9])))
print(lax.bessel_i0e(x), lax.bessel_i1e(x))
print(lax.erf(x), lax.erfc(x), lax.erf_inv(jnp.array([-0.5, 0., 0.9])))
print(lax.logistic(jnp.array([-2., 0., 3.])), lax.exp2(jnp.array([0.5, 3.])))
print(lax.cbrt(jnp.array([-8., 27.])), lax.expm1(jnp.array([1e-5, 1.])), lax.log1p(jnp.array([1e-5, 1.])))
print(lax.nextafter(jnp.float32(1.), jnp.float32(2.)) - 1, lax.nextafter(jnp.float32(0), jnp.float32(-1)))
print(lax.is_finite(jnp.array([1., jnp.inf, jnp.nan])), lax.sign(jnp.array([-2., 0., 3.])))
print(lax.random_gamma_grad(jnp.array([1., 2.]), jnp.array([0.5, 1.5])))
print(lax.tan(0.5), lax.atan2(1., -1.), lax.acosh(2.), lax.asinh(1.), lax.atanh(0.5))
print(lax.square(jnp.array([1.5, -2])), lax.rsqrt(jnp.array([4., 16.])), lax.integer_pow(3., 4))
print(lax.top_k(jnp.array([3., 1., 4., 1., 5., 9.]), 3))
print(lax.reduce_precision(jnp.float32(1.2345678), exponent_bits=5, mantissa_bits=10))
print(jax.grad(lambda t: lax.igamma(2.0, t))(1.5), jax.grad(lambda t: lax.lgamma(t))(3.0))
print(jax.grad(lambda t: lax.bessel_i0e(t))(1.0), jax.grad(lambda t: lax.erf_inv(t))(0.2))
print(lax.population_count(jnp.array([7, 255, 1024], jnp.uint32)), lax.clz(jnp.array([1, 256], jnp.int32)))
bits = lax.bitcast_convert_type(jnp.float32(1.5), jnp.uint32)
print(hex(int(bits)), lax.bitcast_convert_type(jnp.array([1, 2], jnp.int16), jnp.int8))
print(lax.shift_right_logical(jnp.int32(-8), 1), lax.shift_right_arithmetic(jnp.int32(-8), 1))
print(lax.rem(jnp.array([7., -7.]), 3.), lax.round(jnp.array([0.5, 1.5, 2.5]), lax.RoundingMethod.TO_NEAREST_EVEN))
print(lax.round(jnp.array([0.5, 1.5, -2.5])), lax.floor(-1.5), lax.ceil(-1.5))
print(lax.clamp(0., jnp.array([-1., 0.5, 2.]), 1.), lax.max(jnp.array([1, 5]), jnp.array([3, 2])))
print(lax.complex(1., 2.), lax.conj(lax.complex(1., 2.)), lax.imag(lax.complex(1., 2.)), lax.abs(lax.complex(3., 4.)))
print(np.asarray(lax.exp(jnp.float16(2.0))).dtype, lax.pow(2., 0.5), lax.pow(jnp.array([2., 3.]), 2))
