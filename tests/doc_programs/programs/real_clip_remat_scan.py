# A scanned transformer stack with checkpoint policies and a custom_vjp gradient clip: per-layer
# params stacked for lax.scan, jax.checkpoint with save-nothing / dots-saveable policies, a
# gradient norm clipped in the backward pass, training steps and saved residuals printed
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.ad_checkpoint import print_saved_residuals

L, D, T = 3, 8, 6


@jax.custom_vjp
def clip_gradient(x, max_norm):
    return x


def clip_fwd(x, max_norm):
    return x, max_norm


def clip_bwd(max_norm, g):
    norm = jnp.linalg.norm(g)
    return g * jnp.minimum(1.0, max_norm / (norm + 1e-6)), None


clip_gradient.defvjp(clip_fwd, clip_bwd)


def block(x, p):
    q, k, v = x @ p["wq"], x @ p["wk"], x @ p["wv"]
    att = jax.nn.softmax(q @ k.T / jnp.sqrt(D) + jnp.triu(jnp.full((T, T), -1e9), 1))
    x = x + att @ v
    x = x + jax.nn.gelu(x @ p["w1"]) @ p["w2"]
    return clip_gradient(x, 1.0)


def init(key):
    ks = jax.random.split(key, 5)
    names = ["wq", "wk", "wv", "w1", "w2"]
    return {n: jax.random.normal(k, (L, D, D)) * 0.2 for n, k in zip(names, ks)}


def model(params, x, policy):
    f = jax.checkpoint(block, policy=policy) if policy is not False else block
    x, _ = lax.scan(lambda c, p: (f(c, p), None), x, params)
    return jnp.mean(x**2)


params = init(jax.random.key(0))
x = jax.random.normal(jax.random.key(1), (T, D))
grads = {}
for name, pol in [("none", False), ("nothing", jax.checkpoint_policies.nothing_saveable),
                  ("dots", jax.checkpoint_policies.dots_with_no_batch_dims_saveable),
                  ("everything", jax.checkpoint_policies.everything_saveable)]:
    l, g = jax.value_and_grad(model)(params, x, pol)
    grads[name] = g
    print(name, f"{float(l):.5f}", f"{float(jnp.linalg.norm(g['w1'])):.5f}")
print(all(jnp.allclose(grads["none"][k], grads["dots"][k], atol=1e-5) for k in params))
print(jax.grad(lambda x: clip_gradient(x, 0.5).sum())(jnp.ones(4)))
print(jax.grad(lambda x: clip_gradient(x * 3.0, 10.0).sum())(jnp.ones(4)))


@partial(jax.jit, static_argnums=2)
def sgd(params, x, policy):
    g = jax.grad(model)(params, x, policy)
    return jax.tree.map(lambda p, g: p - 0.5 * g, params, g)


p = params
for _ in range(5):
    p = sgd(p, x, jax.checkpoint_policies.nothing_saveable)
print(f"{float(model(p, x, False)):.5f}")
print_saved_residuals(lambda p: model(p, x, jax.checkpoint_policies.dots_with_no_batch_dims_saveable), params)
print(sorted(k for k in dir(jax.checkpoint_policies) if not k.startswith("_"))[:6])
