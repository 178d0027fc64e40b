# Vanishing and exploding gradients in a vanilla RNN, measured as in the classic analyses: the
# Jacobian of the final hidden state w.r.t. each earlier hidden state by jacrev through a scan
# (its spectral norm by svd), orthogonal versus scaled-Gaussian recurrent initialisations (QR of a
# Gaussian, jax.nn.initializers.orthogonal), gradient norms per time step of a loss on the final
# state, and gradient clipping by global norm
import jax
import jax.numpy as jnp
from jax.nn import initializers

H, T = 16, 30
key = jax.random.key(3)
k1, k2, k3 = jax.random.split(key, 3)
xs = jax.random.normal(k1, (T, H)) * 0.1
inits = {
    "orthogonal": initializers.orthogonal()(k2, (H, H)),
    "gauss 0.5": initializers.normal(0.5 / jnp.sqrt(H))(k2, (H, H)) * jnp.sqrt(H) / jnp.sqrt(H),
    "gauss 2.0": jax.random.normal(k2, (H, H)) * 2.0 / jnp.sqrt(H),
}
q = inits["orthogonal"]
print("orthogonal: Q^T Q = I:", bool(jnp.allclose(q.T @ q, jnp.eye(H), atol=1e-5)))
qr_q, r = jnp.linalg.qr(jax.random.normal(k3, (H, H)))
qr_q = qr_q * jnp.sign(jnp.diag(r))
print("QR orthogonal too:", bool(jnp.allclose(qr_q @ qr_q.T, jnp.eye(H), atol=1e-5)))


def run(W, h0, xs, act=lambda z: z):
    def step(h, x):
        h = act(h @ W + x)
        return h, h

    return jax.lax.scan(step, h0, xs)


def state_jacobians(W, act):
    # d h_T / d h_t for every t, by perturbing the state injected at step t
    def final_from(t, delta):
        def step(h, inp):
            x, i = inp
            h = act(h @ W + x)
            return h + jnp.where(i == t, delta, 0.0), None

        h, _ = jax.lax.scan(step, jnp.zeros(H), (xs, jnp.arange(T)))
        return h

    return jax.vmap(lambda t: jax.jacrev(final_from, argnums=1)(t, jnp.zeros(H)))(jnp.arange(T))


for name, W in inits.items():
    J = jax.jit(state_jacobians, static_argnums=1)(W, lambda z: z)
    norms = jax.vmap(lambda j: jnp.linalg.svd(j, compute_uv=False)[0])(J)
    print(f"{name:10s} linear: |dh_T/dh_t| at t=0,15,29:", jnp.round(norms[jnp.array([0, 15, 29])], 4))
    Jt = jax.jit(state_jacobians, static_argnums=1)(W, jnp.tanh)
    nt = jax.vmap(lambda j: jnp.linalg.svd(j, compute_uv=False)[0])(Jt)
    print(f"{'':10s} tanh:   ratio first/last:", float(nt[0] / nt[-1]) < 1.0 if name != "orthogonal" else round(float(nt[0] / nt[-1]), 3))

print("orthogonal linear norms all 1:", bool(jnp.allclose(jax.vmap(lambda j: jnp.linalg.svd(j, compute_uv=False)[0])(state_jacobians(q, lambda z: z)), 1.0, atol=1e-4)))


def loss(W):
    h, _ = run(W, jnp.ones(H) * 0.1, xs, jnp.tanh)
    return jnp.sum(h**2)


for name, W in inits.items():
    g = jax.grad(loss)(W)
    print(f"grad norm {name}:", round(float(jnp.linalg.norm(g)), 5))


def clip_by_global_norm(tree, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(x**2) for x in jax.tree.leaves(tree)))
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree.map(lambda x: x * scale, tree), norm


big = jax.grad(lambda W: jnp.sum(run(W, jnp.ones(H), xs)[0] ** 2))(inits["gauss 2.0"])
clipped, n0 = clip_by_global_norm({"W": big, "b": jnp.ones(H)}, 1.0)
n1 = jnp.sqrt(sum(jnp.sum(x**2) for x in jax.tree.leaves(clipped)))
print("exploding grad norm > 1e3:", bool(n0 > 1e3), "after clipping:", round(float(n1), 4))
