# The Autodiff Cookbook's "Complex numbers and differentiation" section, end to end
import jax
import jax.numpy as jnp
from jax import grad, jacfwd, jacrev, jvp, vjp

def f(z):
    x, y = jnp.real(z), jnp.imag(z)
    return x**2 + y**2

z = 3. + 4j
print(grad(f)(z))

def g(z):
    return jnp.abs(z) ** 2
print(grad(g)(z), grad(lambda z: jnp.abs(z))(z))

print(grad(jnp.sin, holomorphic=True)(z))
print(jnp.cos(z))
print(grad(lambda z: z ** 3, holomorphic=True)(2. + 1j))

def h(z):
    return jnp.sum(jnp.sin(z) * jnp.conj(z)).real
zs = jnp.array([1. + 1j, 2. - 1j, -0.5 + 0.25j])
print(grad(h)(zs))

A = jnp.array([[5., 2. + 3j, 5j], [2. - 3j, 7., 1. + 7j], [-5j, 1. - 7j, 12.]])
def hermitian_eigvals(A):
    return jnp.linalg.eigh(A)[0].sum()
print(jnp.round(grad(hermitian_eigvals)(A), 4))

def c2c(z):
    return jnp.exp(z) * z
print(jacfwd(c2c, holomorphic=True)(zs))
print(jacrev(c2c, holomorphic=True)(zs))
primal, tangent = jvp(c2c, (zs,), (jnp.ones_like(zs),))
print(primal, tangent)
out, back = vjp(c2c, zs)
print(back(jnp.ones_like(out)))
print(back(1j * jnp.ones_like(out)))

# a real-to-complex function and the conjugation convention
def r2c(x):
    return jnp.exp(1j * x)
print(jacfwd(r2c)(jnp.array([0., jnp.pi / 2])))
print(jax.jacrev(lambda x: jnp.abs(r2c(x) + 1.))(jnp.array([0.3, 1.2])))
try:
    grad(r2c)(1.0)
except TypeError as e:
    print(type(e).__name__, "grad requires real-valued outputs" in str(e))
try:
    grad(jnp.sin, holomorphic=True)(1.0)
except TypeError as e:
    print(type(e).__name__, "holomorphic=True" in str(e))
print(grad(lambda x: jnp.abs(jnp.fft.fft(x)).sum())(jnp.arange(4.)))
print(jax.hessian(f, holomorphic=False)(jnp.float32(1.)))
print(jax.jvp(jnp.abs, (3. + 4j,), (1. + 0j,)))
