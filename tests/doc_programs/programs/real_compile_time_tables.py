# Numerics tricks that build tables at trace time and operate on float bits: Gauss-Legendre
# nodes built once under jax.ensure_compile_time_eval (a concrete NumPy-style computation inside
# jit), frexp / ldexp range reduction for a hand-written log2, the "fast inverse square root" by
# bitcast_convert_type with Newton refinement, nextafter for ulp distances, population_count and
# shifts for bit statistics, and a lookup-table activation evaluated with jnp.interp
import jax
import jax.numpy as jnp
import numpy as np


def gauss_legendre(n):
    i = jnp.arange(1, n, dtype=jnp.float32)
    beta = i / jnp.sqrt(4 * i**2 - 1)
    J = jnp.diag(beta, 1) + jnp.diag(beta, -1)
    x, V = jnp.linalg.eigh(J)
    return x, 2 * V[0] ** 2


@jax.jit
def integrate(f_scale):
    with jax.ensure_compile_time_eval():
        nodes, weights = gauss_legendre(8)
        is_concrete = not isinstance(nodes, jax.core.Tracer)
    vals = jnp.exp(-f_scale * nodes**2)
    return jnp.sum(weights * vals), is_concrete


val, concrete = integrate(1.0)
print("GL integral", round(float(val), 6), "erf ref", round(float(jnp.sqrt(jnp.pi) * jax.scipy.special.erf(1.0)), 6), "tables concrete", bool(concrete))


@jax.jit
def log2_frexp(x):
    m, e = jnp.frexp(x)
    m2, e2 = m * 2, e - 1  # mantissa in [1, 2)
    t = (m2 - 1) / (m2 + 1)
    series = 2 * (t + t**3 / 3 + t**5 / 5 + t**7 / 7 + t**9 / 9) / jnp.log(2.0)
    return e2 + series, m, e


xs = jnp.array([0.1, 1.0, 3.0, 1000.0, 1e-20])
l2, m, e = log2_frexp(xs)
print("frexp m", np.round(np.asarray(m), 6), "e", np.asarray(e).tolist(), e.dtype)
print("log2 err", float(jnp.max(jnp.abs(l2 - jnp.log2(xs)))) < 1e-4)
print("ldexp", jnp.ldexp(m, e), jnp.ldexp(jnp.float32(1.5), jnp.array([-130, 0, 127])))


@jax.jit
def fast_rsqrt(x):
    i = jax.lax.bitcast_convert_type(x, jnp.int32)
    i = jnp.int32(0x5F3759DF) - (i >> 1)
    y = jax.lax.bitcast_convert_type(i, jnp.float32)
    for _ in range(2):
        y = y * (1.5 - 0.5 * x * y * y)
    return y


r = fast_rsqrt(jnp.array([0.25, 2.0, 100.0]))
print("rsqrt", np.round(np.asarray(r), 6), "rel err", float(jnp.max(jnp.abs(r * jnp.sqrt(jnp.array([0.25, 2.0, 100.0])) - 1))) < 1e-5)
one = jnp.float32(1.0)
up, down = jnp.nextafter(one, 2.0), jnp.nextafter(one, 0.0)
print("ulp above 1", float(up - one), "below", float(one - down), "eps", float(jnp.finfo(jnp.float32).eps))
bits = jax.lax.bitcast_convert_type(jnp.array([1.0, -0.0, jnp.inf, 3.5], jnp.float32), jnp.uint32)
print("bits", [hex(int(b)) for b in bits])
print("popcount", jax.lax.population_count(bits), "clz", jax.lax.clz(bits))
print("shifts", jnp.right_shift(jnp.array([-16, 16], jnp.int32), 2), jax.lax.shift_right_logical(jnp.array([-16], jnp.int32), 28))
print("to f16 bits", jax.lax.bitcast_convert_type(jnp.array([1.0, -2.0], jnp.float16), jnp.uint16))
print("f32 -> 2 x bf16 bits", jax.lax.bitcast_convert_type(jnp.float32(1.0), jnp.uint16).shape)

with jax.ensure_compile_time_eval():
    grid = jnp.linspace(-4, 4, 33)
    table = jnp.tanh(grid)


@jax.jit
def lut_tanh(x):
    return jnp.interp(x, grid, table)


z = jnp.linspace(-5, 5, 11)
print("lut", np.round(np.asarray(lut_tanh(z)), 4))
print("lut err", round(float(jnp.max(jnp.abs(lut_tanh(z) - jnp.tanh(z)))), 4))
print("lut grad", np.round(np.asarray(jax.vmap(jax.grad(lut_tanh))(jnp.array([-5.0, 0.1, 1.0]))), 4))
print("jaxpr consts", len(jax.make_jaxpr(lut_tanh)(z).consts) >= 0)
