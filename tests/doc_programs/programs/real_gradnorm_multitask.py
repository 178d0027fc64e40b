# Multi-task learning with a shared trunk and three heads: uncertainty weighting (learned log
# variances, Kendall et al.) and GradNorm (task weights adjusted so gradient norms of the shared
# layer's output track each task's relative training rate), per-task gradients by jax.jacrev of
# the vector of losses, PCGrad-style projection of conflicting gradients, and task losses printed
import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

N, D, H = 128, 6, 32
kx, kp, kn = jax.random.split(jax.random.key(43), 3)
X = jax.random.normal(kx, (N, D))
targets = jnp.stack([X[:, 0] * 2, jnp.sin(X[:, 1] * 3) * 0.5, X[:, 2] * X[:, 3] * 4], axis=1)
targets = targets + jnp.array([0.1, 0.3, 1.0]) * jax.random.normal(kn, (N, 3))


def init(key):
    k1, k2 = jax.random.split(key)
    return {"trunk": jax.random.normal(k1, (D, H)) / jnp.sqrt(D), "heads": jax.random.normal(k2, (3, H)) / jnp.sqrt(H)}


def task_losses(params, X, y):
    h = jnp.tanh(X @ params["trunk"])
    preds = h @ params["heads"].T
    return jnp.mean((preds - y) ** 2, axis=0)


p0 = init(kp)
L0 = task_losses(p0, X, targets)
print("initial task losses:", jnp.round(L0, 4))
J = jax.jacrev(task_losses)(p0, X, targets)
print("per-task gradient shapes:", jax.tree.map(jnp.shape, J))


def uncertainty_loss(params, log_vars):
    L = task_losses(params, X, targets)
    return jnp.sum(0.5 * jnp.exp(-log_vars) * L + 0.5 * log_vars)


@jax.jit
def uw_step(params, log_vars):
    g_p, g_s = jax.grad(uncertainty_loss, argnums=(0, 1))(params, log_vars)
    return jax.tree.map(lambda p, g: p - 0.05 * g, params, g_p), log_vars - 0.05 * g_s


params, log_vars = p0, jnp.zeros(3)
for _ in range(500):
    params, log_vars = uw_step(params, log_vars)
print("uncertainty weighting: losses", jnp.round(task_losses(params, X, targets), 4), "sigmas", jnp.round(jnp.exp(0.5 * log_vars), 3))


@jax.jit
def gradnorm_step(params, w, alpha=1.5):
    def weighted(params, w):
        return jnp.sum(w * task_losses(params, X, targets))

    L = task_losses(params, X, targets)
    per_task = jax.jacrev(lambda tr: task_losses({**params, "trunk": tr}, X, targets))(params["trunk"])
    gnorms = jnp.linalg.norm(w[:, None] * per_task.reshape(3, -1), axis=1)
    ratio = (L / L0) / jnp.mean(L / L0)
    target = jax.lax.stop_gradient(jnp.mean(gnorms) * ratio**alpha)

    def gn_loss(w):
        return jnp.sum(jnp.abs(jnp.linalg.norm(w[:, None] * per_task.reshape(3, -1), axis=1) - target))

    w = w - 0.01 * jax.grad(gn_loss)(w)
    w = 3 * w / jnp.sum(w)
    g = jax.grad(weighted)(params, w)
    return jax.tree.map(lambda p, g: p - 0.05 * g, params, g), w


params, w = p0, jnp.ones(3)
for _ in range(500):
    params, w = gradnorm_step(params, w)
print("gradnorm: losses", jnp.round(task_losses(params, X, targets), 4), "weights", jnp.round(w, 3))


def pcgrad(params):
    J = jax.jacrev(task_losses)(params, X, targets)
    flat = jnp.stack([ravel_pytree(jax.tree.map(lambda j: j[i], J))[0] for i in range(3)])
    _, unravel = ravel_pytree(params)

    def project(i):
        g = flat[i]
        for j in range(3):
            if j != i:
                dot = g @ flat[j]
                g = jnp.where(dot < 0, g - dot / (flat[j] @ flat[j]) * flat[j], g)
        return g

    conflicts = jnp.sum((flat @ flat.T) < 0) // 2
    return unravel(sum(project(i) for i in range(3))), conflicts


pc_step = jax.jit(lambda p: (lambda g, c: (jax.tree.map(lambda a, b: a - 0.05 * b, p, g), c))(*pcgrad(p)))
params = p0
for i in range(500):
    params, conflicts = pc_step(params)
print("pcgrad: losses", jnp.round(task_losses(params, X, targets), 4), "conflicting pairs at the end:", int(conflicts))
