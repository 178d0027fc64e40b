# Escape-time fractals: the Mandelbrot set and a Julia set computed on complex grids with a
# lax.while_loop per point (vmapped, so the loop runs until every lane escapes or hits the
# limit), the same counts by a fixed-length lax.fori_loop with masking, ASCII renders, area
# estimates, and the smooth iteration count of one point
import jax
import jax.numpy as jnp

MAXIT = 50


def escape_while(c, z0):
    def cond(s):
        z, n = s
        return (jnp.abs(z) <= 2.0) & (n < MAXIT)

    def body(s):
        z, n = s
        return z * z + c, n + 1

    return jax.lax.while_loop(cond, body, (z0, 0))[1]


def escape_fori(c, z0):
    def body(_, s):
        z, n = s
        inside = jnp.abs(z) <= 2.0
        return jnp.where(inside, z * z + c, z), n + inside.astype(jnp.int32)

    return jax.lax.fori_loop(0, MAXIT, body, (z0, 0))[1]


re = jnp.linspace(-2.0, 0.6, 40)
im = jnp.linspace(-1.1, 1.1, 20)
C = (re[None, :] + 1j * im[:, None]).astype(jnp.complex64)
mandel = jax.jit(jax.vmap(jax.vmap(escape_while)))(C, jnp.zeros_like(C))
mandel2 = jax.jit(jax.vmap(jax.vmap(escape_fori)))(C, jnp.zeros_like(C))
print("while == fori", bool(jnp.all(jnp.minimum(mandel, MAXIT) == mandel2)), mandel.dtype)
chars = " .:-=+*#%@"
for row in (mandel * 9 // MAXIT).tolist():
    print("".join(chars[min(v, 9)] for v in row))
area = jnp.mean(mandel == MAXIT) * (2.6 * 2.2)
print("mandelbrot area estimate %.3f" % float(area))
julia = jax.jit(jax.vmap(jax.vmap(escape_while, (None, 0))), static_argnums=())(jnp.complex64(-0.8 + 0.156j), C * 0.8 + 0.6)
print("julia bounded fraction %.3f, mean count %.2f" % (float(jnp.mean(julia == MAXIT)), float(julia.mean())))
z = jnp.complex64(0.0)
c = jnp.complex64(-0.75 + 0.1j)
for i in range(MAXIT):
    z = z * z + c
    if abs(complex(z)) > 2:
        break
print("escaped at", i, "smooth %.3f" % (i + 1 - jnp.log(jnp.log(jnp.abs(z))) / jnp.log(2.0)))
