# "Automatic vectorization": jax.vmap with in_axes / out_axes (lists, None, negative,
# pytrees), nested vmap for pairwise distances, axis_size with no
# mapped inputs, vmap of functions returning pytrees with out_axes dicts, jnp.vectorize with
# signatures and excluded arguments, vmap of methods and of functions with keyword arguments
import jax
import jax.numpy as jnp
import numpy as np


def window_dot(x, w):
    return jnp.stack([x[i:i + 3] @ w for i in range(x.shape[0] - 2)])


x = jnp.arange(5.)
w = jnp.array([2., 3., 4.])
xs = jnp.stack([x, x * 2])
ws = jnp.stack([w, -w])
print(jax.vmap(window_dot)(xs, ws))
print(jax.vmap(window_dot, in_axes=1, out_axes=1)(xs.T, ws.T))
print(jax.vmap(window_dot, in_axes=[0, None])(xs, w), jax.jit(jax.vmap(window_dot))(xs, ws).shape)

pts = jnp.array([[0., 0.], [3., 4.], [1., 1.]])
dist = jax.vmap(jax.vmap(lambda a, b: jnp.sqrt(((a - b) ** 2).sum()), (None, 0)), (0, None))(pts, pts)
print(jnp.round(dist, 4))
print(jax.vmap(lambda a, b: a @ b, in_axes=(-1, None), out_axes=-1)(jnp.ones((2, 3, 4)), jnp.ones(3)).shape)
print(jax.vmap(lambda: jnp.arange(3.), axis_size=4)().shape)
print(jax.vmap(lambda x: x * 0 + 1.0)(jnp.ones(2)))
out = jax.vmap(lambda x: {"sq": x ** 2, "sum": x.sum()}, out_axes={"sq": 1, "sum": 0})(jnp.arange(6.).reshape(3, 2))
print(out["sq"].shape, out["sum"])
print(jax.vmap(lambda d: d["a"] * d["b"], in_axes=({"a": 0, "b": None},))({"a": jnp.arange(3.), "b": 2.}))
print(jax.vmap(lambda x, y: (x + y, y), in_axes=(0, None), out_axes=(0, None))(jnp.arange(3.), 5.))
vnorm = jnp.vectorize(lambda v: jnp.sqrt(jnp.sum(v ** 2)), signature="(n)->()")
print(vnorm(jnp.ones((2, 3, 4))).shape, vnorm(jnp.array([3., 4.])))
vmat = jnp.vectorize(jnp.matmul, signature="(n,m),(m)->(n)")
print(vmat(jnp.ones((5, 2, 3)), jnp.ones(3)).shape)
scale = jnp.vectorize(lambda x, mode: x * 2 if mode == "double" else x, excluded={1})
print(scale(jnp.arange(3.), "double"))
print(jnp.vectorize(lambda a, b: a + b)(jnp.arange(3)[:, None], jnp.arange(2)))


class Model:
    def __init__(self, scale):
        self.scale = scale

    def apply(self, x, *, bias=0.):
        return self.scale * x + bias


m = Model(3.)
print(jax.vmap(m.apply)(jnp.arange(3.)), jax.vmap(lambda x: m.apply(x, bias=1.))(jnp.arange(3.)))
print(jax.vmap(m.apply)(jnp.arange(3.), bias=jnp.ones(3)))
per_ex = jax.vmap(jax.grad(lambda w, x: jnp.sum(jnp.tanh(w * x))), in_axes=(None, 0))
print(jnp.round(per_ex(jnp.array([0.5, -0.5]), jnp.arange(6.).reshape(3, 2)), 4))
print(np.asarray(jax.vmap(jnp.diag)(jnp.arange(8.).reshape(2, 4))).shape)
print(jax.vmap(lambda x: jnp.where(x > 1, x, 0), in_axes=1)(jnp.arange(6).reshape(2, 3)))
