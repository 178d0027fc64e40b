# Continual learning with elastic weight consolidation: train on task A, estimate the diagonal
# Fisher information from per-example gradients (vmap of grad over samples drawn from the
# model's predictive distribution), then train on task B with and without the EWC penalty and
# compare forgetting; parameters flattened with ravel_pytree for the penalty
import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

D, C, N = 8, 2, 200
k_a, k_b, k_init, k_fisher = jax.random.split(jax.random.key(3), 4)


def make_task(key, direction):
    x = jax.random.normal(key, (N, D))
    y = (x @ direction > 0).astype(jnp.int32)
    return x, y


dir_a = jnp.zeros(D).at[0].set(1.0).at[1].set(1.0)
dir_b = jnp.zeros(D).at[2].set(1.0).at[3].set(-1.0)
task_a, task_b = make_task(k_a, dir_a), make_task(k_b, dir_b)


def init(key):
    k1, k2 = jax.random.split(key)
    return {"h": {"w": jax.random.normal(k1, (D, 16)) * 0.3, "b": jnp.zeros(16)},
            "out": {"w": jax.random.normal(k2, (16, C)) * 0.3, "b": jnp.zeros(C)}}


def apply(p, x):
    h = jnp.tanh(x @ p["h"]["w"] + p["h"]["b"])
    return h @ p["out"]["w"] + p["out"]["b"]


def nll(p, x, y):
    logp = jax.nn.log_softmax(apply(p, x))
    return -jnp.mean(logp[jnp.arange(y.shape[0]), y])


def acc(p, task):
    x, y = task
    return float(jnp.mean(jnp.argmax(apply(p, x), -1) == y))


@jax.jit
def fisher_diag(p, x, key):
    logits = apply(p, x)
    y_model = jax.random.categorical(key, logits)
    per_ex = jax.vmap(jax.grad(lambda p, x, y: nll(p, x[None], y[None])), in_axes=(None, 0, 0))(p, x, y_model)
    return jax.tree.map(lambda g: jnp.mean(g**2, axis=0), per_ex)


def train(p, task, steps, penalty=None):
    x, y = task

    def loss(p):
        base = nll(p, x, y)
        return base if penalty is None else base + penalty(p)

    @jax.jit
    def step(p):
        l, g = jax.value_and_grad(loss)(p)
        return jax.tree.map(lambda a, b: a - 0.5 * b, p, g), l

    for _ in range(steps):
        p, l = step(p)
    return p, l


p0 = init(k_init)
p_a, loss_a = train(p0, task_a, 200)
print(f"after task A: loss {float(loss_a):.4f} acc A {acc(p_a, task_a):.3f}")

F = fisher_diag(p_a, task_a[0], k_fisher)
flat_F, unravel = ravel_pytree(F)
flat_a, _ = ravel_pytree(p_a)
print("fisher entries:", flat_F.shape, "max", round(float(flat_F.max()), 5), "mean", round(float(flat_F.mean()), 6))
print("largest fisher leaf:", max(jax.tree_util.tree_leaves_with_path(F), key=lambda kv: float(kv[1].sum()))[0])


def ewc_penalty(lam):
    def penalty(p):
        flat, _ = ravel_pytree(p)
        return 0.5 * lam * jnp.sum(flat_F * (flat - flat_a) ** 2)
    return penalty


for lam in (0.0, 3.0, 10.0):
    p_b, loss_b = train(p_a, task_b, 200, None if lam == 0 else ewc_penalty(lam))
    print(f"lambda={lam:6.1f}: acc A {acc(p_b, task_a):.3f} acc B {acc(p_b, task_b):.3f} "
          f"drift {float(jnp.linalg.norm(ravel_pytree(p_b)[0] - flat_a)):.3f}")
print("unravel round trip:", jax.tree.all(jax.tree.map(jnp.array_equal, unravel(flat_F), F)))
