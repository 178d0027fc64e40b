# Sharpness-aware minimisation (SAM) wrapped around SGD with momentum and combined with the
# Lookahead optimiser (slow weights pulled toward fast ones every k steps): the adversarial
# perturbation from the normalised gradient over the whole parameter tree, the update from
# the gradient at the perturbed point, and the training loss / sharpness estimate compared
# with plain SGD on a small classification problem
import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

key = jax.random.key(4)
kx, kw = jax.random.split(key)
X = jax.random.normal(kx, (200, 5))
w_true = jnp.array([1.0, -2.0, 0.5, 0.0, 1.5])
Y = (X @ w_true + 0.3 * jnp.sin(3 * X[:, 0]) > 0).astype(jnp.int32)


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (5, 16)) * 0.4, "b1": jnp.zeros(16),
            "w2": jax.random.normal(k2, (16, 2)) * 0.4, "b2": jnp.zeros(2)}


def loss(p):
    h = jnp.tanh(X @ p["w1"] + p["b1"])
    logits = h @ p["w2"] + p["b2"]
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), Y[:, None], 1))


def tree_norm(t):
    return jnp.sqrt(sum(jnp.sum(x * x) for x in jax.tree.leaves(t)))


def sam_grad(p, rho=0.05):
    g = jax.grad(loss)(p)
    scale = rho / (tree_norm(g) + 1e-12)
    p_adv = jax.tree.map(lambda a, b: a + scale * b, p, g)
    return jax.grad(loss)(p_adv)


@jax.jit
def sgd_step(p, mom, use_sam):
    g = jax.lax.cond(use_sam, sam_grad, jax.grad(loss), p)
    mom = jax.tree.map(lambda m, g: 0.9 * m + g, mom, g)
    return jax.tree.map(lambda p, m: p - 0.1 * m, p, mom), mom


def lookahead_train(p, use_sam, steps=60, k=5, alpha=0.5):
    slow, mom = p, jax.tree.map(jnp.zeros_like, p)
    for i in range(1, steps + 1):
        p, mom = sgd_step(p, mom, use_sam)
        if i % k == 0:
            slow = jax.tree.map(lambda s, f: s + alpha * (f - s), slow, p)
            p = slow
    return slow


def sharpness(p, rho=0.05, n=16):
    flat, unravel = ravel_pytree(p)
    dirs = jax.random.normal(jax.random.key(9), (n, flat.size))
    dirs = rho * dirs / jnp.linalg.norm(dirs, axis=1, keepdims=True)
    losses = jax.vmap(lambda d: loss(unravel(flat + d)))(dirs)
    return jnp.max(losses) - loss(p)


p0 = init(kw)
print("initial loss %.4f" % float(loss(p0)))
for name, flag in (("sgd", False), ("sam", True)):
    p = lookahead_train(p0, flag)
    acc = jnp.mean(jnp.argmax(jnp.tanh(X @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"], 1) == Y)
    print(f"{name}+lookahead loss {float(loss(p)):.4f} acc {float(acc):.3f} sharpness {float(sharpness(p)):.5f}")
print("ravel size", ravel_pytree(p0)[0].shape, "grad norm %.4f" % float(tree_norm(jax.grad(loss)(p0))))
