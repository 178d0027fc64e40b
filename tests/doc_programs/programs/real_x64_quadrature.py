# Double-precision numerics with jax_enable_x64: Gauss-Legendre nodes and weights by the
# Golub-Welsch eigenproblem (eigh of the Jacobi matrix), integrals compared with closed forms,
# Newton's method with jax.grad for Legendre roots, Richardson extrapolation of a central
# difference, Chebyshev interpolation by a DCT-like sum, float32 vs float64 error tables, a
# Kahan-compensated sum by lax.scan, and the dtypes of mixed int / float / Python scalars under x64
import jax

jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp  # noqa: E402 - after the x64 flag
import numpy as np  # noqa: E402


def gauss_legendre(n):
    k = jnp.arange(1, n, dtype=jnp.float64)
    beta = k / jnp.sqrt(4 * k**2 - 1)
    J = jnp.diag(beta, 1) + jnp.diag(beta, -1)
    x, V = jnp.linalg.eigh(J)
    return x, 2 * V[0] ** 2


x, w = gauss_legendre(10)
print(x.dtype, w.dtype, f"{float(w.sum()):.15f}")
print(f"{float(jnp.sum(w * jnp.exp(x))):.12f}", f"{float(jnp.exp(1.0) - jnp.exp(-1.0)):.12f}")
print(f"{float(jnp.sum(w * x**18)):.14f}", f"{2 / 19:.14f}")
xn, wn = np.polynomial.legendre.leggauss(10)
print(bool(np.allclose(np.asarray(x), xn, atol=1e-13)), bool(np.allclose(np.asarray(w), wn, atol=1e-13)))


def legendre(n, t):
    p0, p1 = jnp.ones_like(t), t
    for k in range(1, n):
        p0, p1 = p1, ((2 * k + 1) * t * p1 - k * p0) / (k + 1)
    return p1


def newton_root(x0, n=10):
    def body(i, x):
        return x - legendre(n, x) / jax.grad(legendre, argnums=1)(n, x)

    return jax.lax.fori_loop(0, 20, body, x0)


roots = jax.vmap(newton_root)(jnp.cos(jnp.pi * (jnp.arange(10) + 0.75) / 10.5))
print(roots.dtype, bool(jnp.max(jnp.abs(jnp.sort(roots) - x)) < 1e-12))


def central(f, x, h):
    return (f(x + h) - f(x - h)) / (2 * h)


h = 0.1
d1, d2 = central(jnp.sin, 1.0, h), central(jnp.sin, 1.0, h / 2)
rich = (4 * d2 - d1) / 3
print(f"{float(abs(d2 - jnp.cos(1.0))):.3e}", f"{float(abs(rich - jnp.cos(1.0))):.3e}")
for dt in (jnp.float32, jnp.float64):
    xs = jnp.linspace(0, 1, 10001, dtype=dt)
    trap = jnp.trapezoid(jnp.exp(xs), xs)
    print(jnp.dtype(dt).name, trap.dtype, bool(abs(float(trap) - (np.e - 1)) < (1e-4 if dt == jnp.float32 else 1e-8)))

N = 16
k = jnp.arange(N)
nodes = jnp.cos(jnp.pi * (k + 0.5) / N)
f = lambda t: 1.0 / (1.0 + 25 * t**2)
coef = 2.0 / N * jnp.cos(jnp.pi * jnp.outer(k, k + 0.5) / N) @ f(nodes)
coef = coef.at[0].multiply(0.5)
tt = jnp.linspace(-1, 1, 7)
approx = np.polynomial.chebyshev.chebval(np.asarray(tt), np.asarray(coef))
print(coef.dtype, f"{float(np.max(np.abs(np.asarray(approx) - np.asarray(f(tt))))):.4f}")


def kahan(carry, v):
    s, c = carry
    y = v - c
    t = s + y
    return (t, (t - s) - y), None


vals = jnp.full(100000, 0.1, dtype=jnp.float32)
(ks, _), _ = jax.lax.scan(kahan, (jnp.float32(0), jnp.float32(0)), vals)
naive = jax.lax.fori_loop(0, 100000, lambda i, s: s + vals[i], jnp.float32(0))
print(f"{float(ks):.3f}", abs(float(naive) - 10000.0) > abs(float(ks) - 10000.0))
print(jnp.array(1).dtype, (jnp.arange(3) + 1.5).dtype, (jnp.ones(2, jnp.float32) * 2.0).dtype, jnp.array(2**40).dtype)
print(jax.random.uniform(jax.random.key(0), (2,)).dtype, jnp.zeros(2, dtype=int).dtype, jnp.sum(jnp.arange(5, dtype=jnp.int32)).dtype)
jax.config.update("jax_enable_x64", False)
print(jnp.array(1.0).dtype)
