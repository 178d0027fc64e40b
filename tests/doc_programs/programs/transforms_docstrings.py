# Docstring examples of jax.linearize, jax.linear_transpose, jax.closure_convert, jax.jvp,
# jax.vjp (has_aux), jax.hessian on pytrees, jax.jacrev with holomorphic=True
import jax
import jax.numpy as jnp
import numpy as np

f = lambda x: 3. * jnp.sin(x) + jnp.cos(x / 2.)
print(jax.jvp(f, (2.,), (3.,)))
y, f_jvp = jax.linearize(f, 2.)
print(y)
print(f_jvp(3.))
print(jax.jit(f_jvp)(4.))

g = lambda x, y: 0.5 * x - 0.5 * y
scalar = jax.ShapeDtypeStruct(shape=(), dtype=np.float32)
g_transpose = jax.linear_transpose(g, scalar, scalar)
print(g_transpose(1.0))

h = lambda v: jnp.array([[1., 2.], [3., 4.]]) @ v
h_t = jax.linear_transpose(h, jnp.zeros(2))
print(h_t(jnp.array([1., 1.])))


def fun(x, y):
    return jnp.sin(x), (jnp.cos(y), x * y)


primals, vjp_fun, aux = jax.vjp(lambda x: (jnp.sin(x) * 2, x ** 2), 0.5, has_aux=True)
print(primals, aux)
print(vjp_fun(1.0))
y, vjpfun = jax.vjp(jnp.sin, 0.5)
print(y, vjpfun(1.0))


def nested(p):
    return p["a"] ** 2 * p["b"][0] + jnp.sin(p["b"][1])


params = {"a": 2.0, "b": (3.0, 0.5)}
print(jax.hessian(nested)(params))
print(jax.jacfwd(nested)(params))
print(jax.jacrev(lambda z: z ** 2 + 1j * z, holomorphic=True)(jnp.array([1. + 1j, 2.])))
print(jax.grad(lambda z: jnp.abs(z) ** 2)(3. + 4j))


def scale_by(c):
    def apply(x):
        return c * jnp.sin(x)
    return apply


converted, consts = jax.closure_convert(scale_by(jnp.float32(2.0)), 1.0)
print(len(consts), converted(0.5, *consts))
print(jax.grad(lambda x: converted(x, *consts))(0.5))

print(jax.vjp(lambda x, y: (x * y, x + y), 2., 3.)[1]((1., 1.)))
print(jax.jacfwd(lambda x: {"sq": x ** 2, "cube": x ** 3})(jnp.array([1., 2.])))
print(jax.jacrev(lambda x: jnp.outer(x, x))(jnp.array([1., 2.])).shape)
try:
    jax.grad(lambda x: x ** 2)(jnp.array([1., 2.]))
except TypeError as e:
    print("TypeError")
try:
    jax.grad(lambda x: x)(1)
except TypeError as e:
    print("TypeError")
