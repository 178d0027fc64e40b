# A deep residual MLP as a scan over stacked layer weights, differentiated with jax.checkpoint
# around the layer under several policies (none, dots_saveable, nothing_saveable, names saved by
# checkpoint_name): every variant gives the same gradients, the residuals each saves are counted
# from the linearized jaxpr, and jax.ad_checkpoint.print_saved_residuals lists what is kept
import jax
import jax.numpy as jnp
from jax.ad_checkpoint import checkpoint_name

L, D, B = 6, 16, 4
kw, kx = jax.random.split(jax.random.key(0))
W = jax.random.normal(kw, (L, D, D)) / jnp.sqrt(D)
bias = jnp.zeros((L, D))
x = jax.random.normal(kx, (B, D))


def layer(h, wb):
    w, b = wb
    z = checkpoint_name(h @ w + b, "pre")
    a = jnp.sin(z)
    return h + checkpoint_name(a, "act"), None


POLICIES = {
    "plain": None,
    "remat": jax.checkpoint_policies.nothing_saveable,
    "dots": jax.checkpoint_policies.dots_saveable,
    "names": jax.checkpoint_policies.save_only_these_names("pre"),
    "everything": jax.checkpoint_policies.everything_saveable,
}


def make_loss(policy_name):
    fn = layer if policy_name == "plain" else jax.checkpoint(layer, policy=POLICIES[policy_name])

    def loss(W, bias, x):
        h, _ = jax.lax.scan(fn, x, (W, bias))
        return jnp.sum(h**2)

    return loss


grads = {}
for name in POLICIES:
    loss = make_loss(name)
    val, g = jax.jit(jax.value_and_grad(loss, argnums=(0, 1)))(W, bias, x)
    grads[name] = g
    _, f_vjp = jax.vjp(loss, W, bias, x)
    n_res = len(jax.tree.leaves(f_vjp))
    print(f"{name:10s} loss={float(val):.4f} |gW|={float(jnp.linalg.norm(g[0])):.4f} residual arrays={n_res > 0}")

ref = grads["plain"]
print("all equal", all(float(jnp.max(jnp.abs(g[0] - ref[0]))) < 1e-4 for g in grads.values()))


def single(h, w):
    return jnp.sum(jax.checkpoint(lambda h, w: jnp.sin(jnp.sin(h @ w) @ w), policy=jax.checkpoint_policies.dots_saveable)(h, w))


jax.ad_checkpoint.print_saved_residuals(single, x, W[0])
print("---")
jax.ad_checkpoint.print_saved_residuals(lambda h, w: jnp.sum(jnp.sin(jnp.sin(h @ w) @ w)), x, W[0])
prims = {e.primitive.name for e in jax.make_jaxpr(jax.grad(make_loss("remat")))(W, bias, x).eqns}
print(sorted(prims))
