# custom_vjp with pytree inputs / outputs / residuals: a layer norm with hand-written
# backward, a clip_gradient through a scan, a residual holding None and ints, bwd returning
# None for an argument, under jit / vmap / grad / remat
from functools import partial

import jax
import jax.numpy as jnp


@jax.custom_vjp
def layer_norm(x, params):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    xhat = (x - mu) / jnp.sqrt(var + 1e-5)
    return xhat * params["g"] + params["b"]


def ln_fwd(x, params):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    inv = 1 / jnp.sqrt(var + 1e-5)
    xhat = (x - mu) * inv
    return xhat * params["g"] + params["b"], {"xhat": xhat, "inv": inv, "g": params["g"], "n": x.shape[-1]}


def ln_bwd(res, ct):
    xhat, inv, g, n = res["xhat"], res["inv"], res["g"], res["n"]
    dxhat = ct * g
    dx = inv * (dxhat - dxhat.mean(-1, keepdims=True) - xhat * (dxhat * xhat).mean(-1, keepdims=True))
    dparams = {"g": (ct * xhat).reshape(-1, n).sum(0), "b": ct.reshape(-1, n).sum(0)}
    return dx, dparams


layer_norm.defvjp(ln_fwd, ln_bwd)


def ln_ref(x, params):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / jnp.sqrt(var + 1e-5) * params["g"] + params["b"]


x = jax.random.normal(jax.random.key(0), (3, 4))
p = {"g": jnp.linspace(0.5, 1.5, 4), "b": jnp.zeros(4)}
w = jnp.arange(12.0).reshape(3, 4)
mine = jax.grad(lambda x, p: (layer_norm(x, p) * w).sum(), argnums=(0, 1))(x, p)
ref = jax.grad(lambda x, p: (ln_ref(x, p) * w).sum(), argnums=(0, 1))(x, p)
print(jax.tree.map(lambda a, b: bool(jnp.allclose(a, b, atol=1e-4)), mine, ref))
print(jax.jit(jax.vmap(jax.grad(lambda x: (layer_norm(x, p) * w[0]).sum())))(x).shape)
print(jnp.allclose(jax.grad(lambda x: jax.checkpoint(layer_norm)(x, p).sum())(x), jax.grad(lambda x: ln_ref(x, p).sum())(x), atol=1e-4))


@jax.custom_vjp
def clip_gradient(lo, hi, x):
    return x


def clip_fwd(lo, hi, x):
    return x, (lo, hi)


def clip_bwd(res, g):
    lo, hi = res
    return (None, None, jnp.clip(g, lo, hi))


clip_gradient.defvjp(clip_fwd, clip_bwd)


def rnn(xs):
    def step(h, x):
        h = clip_gradient(-0.1, 0.1, jnp.tanh(3.0 * h + x))
        return h, h

    return jax.lax.scan(step, 0.0, xs)[1].sum()


print(jnp.round(jax.grad(rnn)(jnp.linspace(-1, 1, 5)), 4))
print(jax.grad(clip_gradient, argnums=(0, 2))(0.0, 1.0, 2.0))


@partial(jax.custom_vjp)
def two_outputs(x, y):
    return x * y, (x + y, jnp.int32(3))


two_outputs.defvjp(lambda x, y: (two_outputs(x, y), (x, y)),
                   lambda res, ct: (ct[0] * res[1] + ct[1][0], ct[0] * res[0] + ct[1][0]))
print(jax.grad(lambda x, y: two_outputs(x, y)[0] + two_outputs(x, y)[1][0], argnums=(0, 1))(2.0, 5.0))
print(jax.vjp(two_outputs, 2.0, 5.0)[1]((1.0, (1.0, None))) if False else jax.value_and_grad(lambda x: two_outputs(x, 1.0)[0])(jnp.float32(4.0)))
try:
    bad = jax.custom_vjp(lambda x: x)
    bad.defvjp(lambda x: (x, None), lambda r, g: g)
    jax.grad(bad)(1.0)
except TypeError as e:
    print("TypeError")
