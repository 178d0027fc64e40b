# jax.numpy floating-point and integer utilities from their docstrings: frexp / ldexp, spacing,
# nextafter, copysign, float_power, heaviside, sinc, i0, logaddexp2, hypot, gcd / lcm, divmod,
# modf, fmod vs remainder, rounding with decimals, nan_to_num, closeness, dtype queries
import jax
import jax.numpy as jnp

x = jnp.array([0.5, 3.0, -12.0, 0.0])
m, e = jnp.frexp(x)
print(m, e, jnp.ldexp(m, e))
print(jnp.spacing(jnp.float32(1.0)), jnp.nextafter(jnp.float32(1), jnp.float32(0)) - 1)
print(jnp.copysign(jnp.array([1., 2.]), jnp.array([-0., 3.])), jnp.float_power(2, jnp.array([0.5, -1])))
print(jnp.heaviside(jnp.array([-1., 0., 2.]), 0.5), jnp.sinc(jnp.array([0., 0.5, 1.])))
print(jnp.i0(jnp.array([0., 1., 2.])), jnp.logaddexp2(jnp.array([1., 2.]), jnp.array([1., 3.])))
print(jnp.hypot(3., 4.), jnp.gcd(jnp.array([12, 18]), 8), jnp.lcm(jnp.array([4, 6]), 10))
print(jnp.divmod(jnp.array([7, -7]), 3), jnp.modf(jnp.array([2.5, -1.25])))
print(jnp.fmod(jnp.array([-7., 7.]), 3.), jnp.remainder(jnp.array([-7., 7.]), 3.))
print(jnp.round(jnp.array([1.2345, 123.456]), 2), jnp.round(jnp.array([1234.5]), -2), jnp.around(2.5))
print(jnp.nan_to_num(jnp.array([jnp.nan, jnp.inf, -jnp.inf, 1.]), nan=0., posinf=9., neginf=-9.))
print(jnp.isclose(jnp.array([1., jnp.nan]), jnp.array([1.00001, jnp.nan]), equal_nan=True))
print(jnp.allclose(1., 1.0001, rtol=1e-3), jnp.array_equiv(jnp.ones((2, 2)), jnp.ones(2)))
print(jnp.iscomplexobj(jnp.ones(2, complex)), jnp.isrealobj(jnp.ones(2)), jnp.isscalar(3.0))
print(jnp.result_type(jnp.int8, jnp.float16), jnp.promote_types("int32", "uint8"), jnp.can_cast(jnp.int32, jnp.float32))
print(jnp.finfo(jnp.bfloat16).eps, jnp.finfo(jnp.float16).max, jnp.iinfo(jnp.uint16).max)
print(jnp.signbit(jnp.array([-0., 0., -1.])), jnp.fabs(jnp.array([-1.5])), jnp.positive(jnp.array([-2])))
print(jnp.cbrt(jnp.array([-27., 8.])), jnp.exp2(3.), jnp.log2(8.), jnp.log10(1000.))
print(jnp.deg2rad(180.), jnp.rad2deg(jnp.pi / 2), jnp.degrees(1.), jnp.radians(90.))
print(jnp.angle(jnp.array([1j, -1]), deg=True))
print(jnp.floor_divide(jnp.array([7, -7]), 2), jnp.true_divide(7, 2), jnp.trunc(jnp.array([-1.7, 1.7])))
print(jnp.bitwise_count(jnp.array([7, 8], jnp.uint8)), jnp.left_shift(1, jnp.arange(4)), jnp.invert(jnp.uint8(1)))
print(jnp.ldexp(jnp.float16(1.5), 3).dtype, jnp.frexp(jnp.float16(6.))[1].dtype)
print(jax.grad(lambda t: jnp.sinc(t))(0.25), jax.grad(jnp.hypot, argnums=(0, 1))(3., 4.))
print(jnp.interp(2.5, jnp.arange(5.), jnp.arange(5.) ** 2), jnp.clip(jnp.arange(5), min=1, max=3))
