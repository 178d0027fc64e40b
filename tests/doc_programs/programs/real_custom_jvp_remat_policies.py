# Custom derivatives combined with rematerialisation, as memory-conscious model code does: a
# custom_jvp softplus with a nondiff `beta` argument, a custom_jvp clipped log with a
# jvp-through-where rule, a custom_vjp layer norm, all inside jax.checkpoint with several
# policies (nothing_saveable, dots_saveable, save_only_these_names with checkpoint_name,
# save_any_names_but_these, save_from_both_policies); the gradients agree across policies and
# with the un-rematerialised model, and jax.linearize / jvp agree with grad
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.ad_checkpoint import checkpoint_name


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def softplus(beta, x):
    return jnp.logaddexp(beta * x, 0.0) / beta


@softplus.defjvp
def softplus_jvp(beta, primals, tangents):
    (x,), (t,) = primals, tangents
    return softplus(beta, x), t * jax.nn.sigmoid(beta * x)


@jax.custom_jvp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-6))


@safe_log.defjvp
def safe_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return safe_log(x), jnp.where(x > 1e-6, t / jnp.maximum(x, 1e-6), 0.0)


@jax.custom_vjp
def layer_norm(x):
    mu = x.mean(-1, keepdims=True)
    sd = jnp.sqrt(((x - mu) ** 2).mean(-1, keepdims=True) + 1e-5)
    return (x - mu) / sd


def ln_fwd(x):
    y = layer_norm(x)
    sd = jnp.sqrt(x.var(-1, keepdims=True) + 1e-5)
    return y, (y, sd)


def ln_bwd(res, g):
    y, sd = res
    n = y.shape[-1]
    gx = (g - g.mean(-1, keepdims=True) - y * (g * y).mean(-1, keepdims=True)) / sd
    return (gx,)


layer_norm.defvjp(ln_fwd, ln_bwd)


def block(params, h):
    z = checkpoint_name(h @ params["w1"], "pre")
    a = checkpoint_name(softplus(2.0, z), "act")
    out = layer_norm(a @ params["w2"] + h)
    return out


def model(params, x, policy=None):
    f = block if policy == "none" else jax.checkpoint(block, policy=policy)
    h = x
    for p in params:
        h = f(p, h)
    return jnp.mean(safe_log(jnp.abs(h) + 0.1))


rng = np.random.default_rng(0)
D, F = 6, 12
params = [
    {"w1": jnp.asarray(rng.normal(size=(D, F)) / 3, jnp.float32), "w2": jnp.asarray(rng.normal(size=(F, D)) / 3, jnp.float32)}
    for _ in range(3)
]
x = jnp.asarray(rng.normal(size=(5, D)), jnp.float32)
cp = jax.checkpoint_policies
policies = {
    "none": "none",
    "default": None,
    "nothing": cp.nothing_saveable,
    "dots": cp.dots_saveable,
    "only_pre": cp.save_only_these_names("pre"),
    "all_but_act": cp.save_any_names_but_these("act"),
    "both": cp.save_from_both_policies(cp.dots_with_no_batch_dims_saveable, cp.save_only_these_names("act")),
}
ref = jax.jit(jax.grad(model), static_argnums=2)(params, x, "none")
print("loss", round(float(model(params, x, "none")), 6))
for name, pol in policies.items():
    g = jax.jit(jax.grad(model), static_argnums=2)(params, x, pol)
    same = all(jnp.allclose(a, b, atol=1e-5) for a, b in zip(jax.tree.leaves(g), jax.tree.leaves(ref)))
    print(f"{name:12s} agrees {same} |g| {float(sum(jnp.sum(l * l) for l in jax.tree.leaves(g))):.6f}")

def smooth(params, x):
    # jvp-able (no custom_vjp): forward mode through remat and the custom_jvp rules
    f = jax.checkpoint(lambda p, h: jnp.tanh(softplus(2.0, checkpoint_name(h @ p["w1"], "pre")) @ p["w2"]), policy=cp.dots_saveable)
    h = x
    for p in params:
        h = f(p, h)
    return jnp.mean(safe_log(jnp.abs(h) + 0.1))


v = jax.tree.map(lambda p: jnp.ones_like(p) * 0.01, params)
y, lin = jax.linearize(lambda p: smooth(p, x), params)
_, jv = jax.jvp(lambda p: smooth(p, x), (params,), (v,))
gs = jax.grad(smooth)(params, x)
dot = sum(jnp.sum(a * b) for a, b in zip(jax.tree.leaves(gs), jax.tree.leaves(v)))
print("linearize", round(float(lin(v)), 6), "jvp", round(float(jv), 6), "grad.v", round(float(dot), 6))
try:
    jax.jvp(lambda p: model(p, x, None), (params,), (v,))
except TypeError as e:
    print("jvp of custom_vjp:", e)
print("softplus grad at 0", float(jax.grad(softplus, argnums=1)(3.0, 0.0)))
print("safe_log grads", jax.vmap(jax.grad(safe_log))(jnp.array([0.0, 1e-7, 0.5, 2.0])))
print("second order", round(float(jax.grad(jax.grad(lambda x: softplus(1.5, x)))(0.3)), 6))
jaxpr = jax.make_jaxpr(jax.grad(model), static_argnums=2)(params, x, cp.save_only_these_names("pre"))
print("remat eqns", sum(e.primitive.name in ("checkpoint", "remat") for e in jaxpr.jaxpr.eqns) >= 0)
