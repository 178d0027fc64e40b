# Autodiff corners from the Autodiff Cookbook and the FAQ: hessians and jacobians of dict
# parameters with several argnums, jacrev with has_aux, holomorphic derivatives, grads of real
# functions of complex inputs, float0 tangents of integer inputs, vjp with has_aux,
# linearize reused, value_and_grad with has_aux, and grads through integer casts
import jax
import jax.numpy as jnp
import numpy as np
from jax import grad, hessian, jacfwd, jacrev, jvp, linearize, vjp


def f(p, x):
    return jnp.tanh(p["w"] * x + p["b"]).sum() + (p["w"] ** 2).sum() * x.sum()


p = {"w": jnp.array([0.5, -1.]), "b": jnp.array(0.3)}
x = jnp.array([1., 2.])
H = hessian(f)(p, x)
print(jax.tree.map(lambda a: a.shape, H))
print(jnp.round(H["w"]["w"], 4), jnp.round(H["b"]["w"], 4))
H01 = hessian(f, argnums=(0, 1))(p, x)
print(jax.tree.map(lambda a: a.shape, H01[0]["w"]), jnp.round(H01[1][1], 4))
J = jacfwd(f, argnums=(0, 1))(p, x)
print(jax.tree.map(lambda a: a.shape, J))


def g(x):
    y = jnp.sin(x)
    return y * 2, {"y": y, "norm": jnp.linalg.norm(y)}


jac, aux = jacrev(g, has_aux=True)(x)
print(jnp.round(jac, 4), jax.tree.map(lambda a: jnp.round(a, 4), aux))
(val, aux2), gr = jax.value_and_grad(lambda x: (g(x)[0].sum(), g(x)[1]["norm"]), has_aux=True)(x)
print(round(float(val), 4), round(float(aux2), 4), jnp.round(gr, 4))
out, vjp_fn, aux3 = vjp(g, x, has_aux=True)
print(jnp.round(vjp_fn(jnp.ones(2))[0], 4), sorted(aux3))

h = lambda z: z ** 2 + 3j * z
z = 1. + 2.j
print(grad(h, holomorphic=True)(z), jacfwd(h, holomorphic=True)(jnp.array([z, 1j])))
print(jacrev(h, holomorphic=True)(jnp.array([z])))
print(grad(lambda z: jnp.abs(z) ** 2)(z), grad(lambda z: (z * jnp.conj(z)).real)(3. - 1.j))
try:
    grad(h)(z)
except TypeError as e:
    print("TypeError", "holomorphic=True" in str(e))
print(grad(lambda x: jnp.real(jnp.exp(1j * x)))(0.5))

k = jnp.array([1, 2, 3])
y, t = jvp(lambda a, n: a * n, (2., k), (1., np.zeros(k.shape, jax.dtypes.float0)))
print(y, t)
print(grad(lambda a, n: (a * n).sum(), argnums=(0, 1), allow_int=True)(2., k)[1].dtype)
print(grad(lambda x: x.astype(jnp.int32).astype(jnp.float32) * x)(2.7))
print(grad(lambda x: jnp.floor(x) + jnp.round(x) + x)(1.4))

y, f_jvp = linearize(lambda x: jnp.exp(jnp.sin(x)), x)
print(jnp.round(y, 4), jnp.round(f_jvp(jnp.ones(2)), 4), jnp.round(f_jvp(jnp.array([1., 0.])), 4))
print(jnp.round(jax.vmap(f_jvp)(jnp.eye(2)), 4))
print(jnp.round(jacfwd(jacrev(lambda x: jnp.prod(x) ** 2))(jnp.array([1., 2., 3.])), 3))
print(jax.jacobian(lambda x: {"a": x[:1] * 2, "b": x.sum()})(x))
print(jax.hessian(lambda x: jnp.sum(x ** 3))(jnp.array(2.)), jax.jacrev(jnp.cumsum)(jnp.ones(3)))
