# grad / value_and_grad / jacobian variants from the autodiff docs: argnums tuples, has_aux with
# pytrees, gradients with respect to dicts and namedtuples, allow_int, holomorphic, reduce
# over outputs with vjp, and the errors for non-scalar outputs and integer inputs.
from typing import NamedTuple
import jax
import jax.numpy as jnp


class Params(NamedTuple):
    w: jnp.ndarray
    b: float


def loss(p, x, y):
    pred = x @ p.w + p.b
    err = pred - y
    return jnp.mean(err ** 2), {"err": err, "pred_mean": pred.mean()}


p = Params(jnp.array([1.0, -1.0]), 0.5)
x = jnp.array([[1.0, 2.0], [3.0, 4.0], [0.5, 0.0]])
y = jnp.array([0.0, 1.0, 2.0])
(val, aux), g = jax.value_and_grad(loss, has_aux=True)(p, x, y)
print(val, aux, g)
print(jax.grad(lambda p, x, y: loss(p, x, y)[0], argnums=(0, 1))(p, x, y)[1].shape)
gx, gy = jax.grad(lambda x, y: loss(p, x, y)[0], argnums=(0, 1))(x, y)
print(gx.round(3), gy.round(3))
print(jax.grad(lambda d: d["a"] * d["b"][0] ** 2)({"a": 2.0, "b": [3.0]}))
print(jax.grad(lambda x, n: x ** n, allow_int=True, argnums=(0, 1))(2.0, 3))
print(jax.grad(lambda z: jnp.sin(z) * z, holomorphic=True)(1.0 + 1.0j))
print(jax.jacfwd(lambda z: z ** 2, holomorphic=True)(jnp.array([1.0 + 1j, 2.0])))
print(jax.jacrev(lambda p: loss(p, x, y)[0])(p))
print(jax.hessian(lambda w: loss(Params(w, 0.5), x, y)[0])(p.w))
out, vjp = jax.vjp(lambda w: x @ w, p.w)
print(out, vjp(jnp.ones(3)))
out, vjp, aux2 = jax.vjp(lambda w: (x @ w, w.sum()), p.w, has_aux=True)
print(aux2, vjp(jnp.array([1.0, 0.0, 0.0])))
print(jax.jvp(lambda w: x @ w, (p.w,), (jnp.array([1.0, 0.0]),)))
print(jax.linearize(lambda w: jnp.sin(w), p.w)[1](jnp.ones(2)))
for bad in [
    lambda: jax.grad(lambda w: x @ w)(p.w),
    lambda: jax.grad(lambda n: n * 2)(3),
    lambda: jax.grad(lambda z: z * 2)(1.0 + 1j),
    lambda: jax.grad(lambda z: z * 2, holomorphic=True)(1.0),
    lambda: jax.grad(lambda a, b: a * b, argnums=2)(1.0, 2.0),
    lambda: jax.grad(lambda a: (a, a), has_aux=True)(1.0) and jax.grad(lambda a: a, has_aux=True)(1.0),
]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__)
