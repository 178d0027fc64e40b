# Taylor-mode automatic differentiation with jax.experimental.jet: higher derivatives of
# elementary functions compared with nested jax.grad, Taylor coefficients of an ODE solution by
# the recursive jet construction (each order from the previous ones), a Taylor-series integrator
# for the logistic equation stepped by lax.scan and compared with the closed form, and the
# kinetic-regularisation quantity sum of squared second derivatives used by regularised neural ODEs
import math

import jax
import jax.numpy as jnp
from jax.experimental import jet

x0 = 0.7
primal, series = jet.jet(jnp.sin, (x0,), ((1.0, 0.0, 0.0, 0.0),))
nested = [jax.grad(jnp.sin)(x0), jax.grad(jax.grad(jnp.sin))(x0), jax.grad(jax.grad(jax.grad(jnp.sin)))(x0)]
print(f"{float(primal):.6f}", [f"{float(s):.6f}" for s in series])
print([f"{float(n):.6f}" for n in nested])


def f(x):
    return jnp.exp(x) * jnp.tanh(x) + x**3


_, s = jet.jet(f, (0.3,), ((1.0, 0.0, 0.0),))
d = 0.3
g1 = jax.grad(f)(d)
g2 = jax.grad(jax.grad(f))(d)
g3 = jax.grad(jax.grad(jax.grad(f)))(d)
print(bool(jnp.allclose(jnp.array(s), jnp.array([g1, g2, g3]), rtol=1e-4)))


def logistic(y):
    return y * (1 - y)


def taylor_coeffs(fun, y, order):
    """y(t) Taylor coefficients y_k / k! at t=0 for y' = fun(y)."""
    derivs = [fun(y)]
    for k in range(1, order):
        _, rest = jet.jet(fun, (y,), (tuple(derivs),))
        derivs.append(rest[k - 1])
    return jnp.stack([y] + [d / math.factorial(i + 1) for i, d in enumerate(derivs)])


coefs = taylor_coeffs(logistic, jnp.float32(0.2), 5)
print(coefs.shape, jnp.round(coefs, 5))


def taylor_step(y, _, h=0.1, order=5):
    c = taylor_coeffs(logistic, y, order)
    return jnp.polyval(c[::-1], h), y


yT, path = jax.lax.scan(taylor_step, jnp.float32(0.2), None, length=20)
exact = 1 / (1 + (1 / 0.2 - 1) * jnp.exp(-2.0))
print(f"{float(yT):.6f}", f"{float(exact):.6f}", bool(jnp.abs(yT - exact) < 1e-5), path.shape)


def field(params, z):
    return jnp.tanh(params["W"] @ z + params["b"])


params = {"W": jnp.array([[0.0, 1.0], [-1.0, -0.1]]), "b": jnp.array([0.1, 0.0])}
z0 = jnp.array([1.0, 0.5])


def kinetic_reg(params, z):
    fz = field(params, z)
    _, (d2,) = jet.jet(lambda z: field(params, z), (z,), ((fz,),))
    return jnp.sum(d2**2)


jvp2 = jax.jvp(lambda z: field(params, z), (z0,), (field(params, z0),))[1]
print(f"{float(kinetic_reg(params, z0)):.6f}", bool(jnp.allclose(kinetic_reg(params, z0), jnp.sum(jvp2**2), rtol=1e-5)))
print(jax.tree.map(lambda a: a.shape, jax.grad(kinetic_reg)(params, z0)))
batch = jax.vmap(kinetic_reg, in_axes=(None, 0))(params, jnp.stack([z0, -z0, 2 * z0]))
print(batch.shape, [f"{float(b):.5f}" for b in batch])
