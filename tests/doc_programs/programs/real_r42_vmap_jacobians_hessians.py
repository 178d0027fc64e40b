# Autodiff cookbook: jacfwd / jacrev on vector functions, per-example jacobians by vmap,
# hessians of scalar losses, Hessian-vector products, jacobians w.r.t. several argnums, has_aux
import jax
import jax.numpy as jnp


def predict(W, b, x):
    return jax.nn.sigmoid(x @ W + b)


key = jax.random.key(0)
W = jax.random.normal(key, (3, 2))
b = jnp.array([0.1, -0.2])
xs = jax.random.normal(jax.random.key(1), (4, 3))
J = jax.jacfwd(predict, argnums=2)(W, b, xs[0])
print(J.shape, jnp.allclose(J, jax.jacrev(predict, argnums=2)(W, b, xs[0]), atol=1e-6))
JW, Jb = jax.jacrev(predict, argnums=(0, 1))(W, b, xs[0])
print(JW.shape, Jb.shape)
per = jax.vmap(jax.jacrev(predict, argnums=2), in_axes=(None, None, 0))(W, b, xs)
print(per.shape, jnp.allclose(per[1], jax.jacfwd(predict, argnums=2)(W, b, xs[1]), atol=1e-6))


def loss(W):
    return jnp.sum(predict(W, b, xs) ** 2)


H = jax.hessian(loss)(W)
print(H.shape, jnp.allclose(H.reshape(6, 6), H.reshape(6, 6).T, atol=1e-5))
v = jnp.ones_like(W)
hvp = jax.jvp(jax.grad(loss), (W,), (v,))[1]
print(jnp.allclose(hvp, jnp.tensordot(H, v, axes=2), atol=1e-5))
hvp_rev = jax.grad(lambda W: jnp.vdot(jax.grad(loss)(W), v))(W)
print(jnp.allclose(hvp, hvp_rev, atol=1e-5))


def f_aux(x):
    y = jnp.sin(x)
    return y * 2, {"y": y}


J, aux = jax.jacfwd(f_aux, has_aux=True)(jnp.arange(3.0))
print(J, aux)
J, aux = jax.jacrev(f_aux, has_aux=True)(jnp.arange(3.0))
print(jnp.diag(J), aux["y"])
print(jax.hessian(lambda x, y: jnp.sum(x * y ** 2), argnums=(0, 1))(jnp.ones(2), jnp.arange(2.0)))
print(jax.jacobian(lambda d: {"s": d["a"] * d["b"]})({"a": jnp.ones(2), "b": jnp.arange(2.0)}))
print(jax.vmap(jax.hessian(lambda x: jnp.sum(x ** 3)))(jnp.arange(6.0).reshape(3, 2)))
print(jax.jacfwd(jnp.linalg.det)(jnp.eye(2) * 2.0))
c = jax.jacfwd(lambda z: z ** 2, holomorphic=True)(jnp.array([1 + 1j, 2.0 + 0j]))
print(c)
print(jax.grad(lambda x: jnp.abs(x) ** 2)(3.0 + 4.0j))
