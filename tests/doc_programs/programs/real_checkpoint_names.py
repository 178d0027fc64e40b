# Rematerialisation of a residual MLP stack: activations tagged with checkpoint_name,
# jax.checkpoint with policies (save_only_these_names, dots_with_no_batch_dims_saveable,
# nothing_saveable), the saved residuals listed with print_saved_residuals, and the
# gradients identical under every policy; a scan over layers with a remat'd body
import jax
import jax.numpy as jnp
import numpy as np
from jax.ad_checkpoint import checkpoint_name, print_saved_residuals

L, D = 4, 16
rng = np.random.default_rng(2)
Ws = jnp.asarray(rng.normal(size=(L, D, D)) / np.sqrt(D), jnp.float32)
x = jnp.asarray(rng.normal(size=(8, D)), jnp.float32)


def layer(w, h):
    pre = checkpoint_name(h @ w, "pre")
    act = checkpoint_name(jnp.tanh(pre), "act")
    return h + act


def net(Ws, x, policy=None):
    f = jax.checkpoint(layer, policy=policy) if policy is not False else layer
    for i in range(L):
        x = f(Ws[i], x)
    return jnp.sum(x**2)


policies = {
    "none": False,
    "default": None,
    "save pre": jax.checkpoint_policies.save_only_these_names("pre"),
    "dots": jax.checkpoint_policies.dots_with_no_batch_dims_saveable,
    "nothing": jax.checkpoint_policies.nothing_saveable,
}
ref = jax.grad(net)(Ws, x, False)
for name, pol in policies.items():
    g = jax.jit(jax.grad(net), static_argnums=2)(Ws, x, pol)
    print(f"{name:9s} grad equal {bool(jnp.allclose(g, ref, atol=1e-5))}")
print("--- residuals, save pre")
print_saved_residuals(lambda w, h: layer(w, h), Ws[0], x)
print("--- residuals, nothing_saveable")
print_saved_residuals(jax.checkpoint(layer, policy=jax.checkpoint_policies.nothing_saveable), Ws[0], x)
print("--- residuals, save act")
print_saved_residuals(jax.checkpoint(layer, policy=jax.checkpoint_policies.save_only_these_names("act")), Ws[0], x)


def scanned(Ws, x):
    body = jax.checkpoint(lambda h, w: (layer(w, h), None), prevent_cse=False)
    h, _ = jax.lax.scan(body, x, Ws)
    return jnp.sum(h**2)


gs = jax.jit(jax.grad(scanned))(Ws, x)
print("scan remat grad equal", bool(jnp.allclose(gs, ref, atol=1e-5)), gs.shape)
print("loss", round(float(scanned(Ws, x)), 4))
jaxpr = jax.make_jaxpr(jax.grad(scanned))(Ws, x)
print("remat in jaxpr", "remat" in str(jaxpr) or "checkpoint" in str(jaxpr))
