# Adversarial robustness of a small classifier: FGSM and projected gradient descent (PGD) attacks
# in an L-infinity ball with random starts, adversarial training (Madry et al.) with the attack
# inside the jitted training step, robust accuracy before and after, per-example input gradients
# with vmap(grad)
from functools import partial

import jax
import jax.numpy as jnp

N, D, C = 256, 10, 3
key = jax.random.key(7)
k_c, k_x, k_init, k_attack = jax.random.split(key, 4)
centers = jax.random.normal(k_c, (C, D)) * 1.5
labels = jnp.arange(N) % C
X = centers[labels] + jax.random.normal(k_x, (N, D))


def init(key):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (D, 32)) * jnp.sqrt(2 / D),
        "b1": jnp.zeros(32),
        "w2": jax.random.normal(k2, (32, C)) * jnp.sqrt(1 / 32),
        "b2": jnp.zeros(C),
    }


def logits_fn(p, x):
    return jax.nn.relu(x @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]


def xent(p, x, y):
    logp = jax.nn.log_softmax(logits_fn(p, x))
    return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))


def accuracy(p, x, y):
    return jnp.mean(jnp.argmax(logits_fn(p, x), -1) == y)


@partial(jax.jit, static_argnames="steps")
def pgd(p, x, y, key, eps=0.5, alpha=0.15, steps=7):
    delta = jax.random.uniform(key, x.shape, minval=-eps, maxval=eps)

    def body(_, delta):
        g = jax.grad(lambda d: xent(p, x + d, y))(delta)
        return jnp.clip(delta + alpha * jnp.sign(g), -eps, eps)

    delta = jax.lax.fori_loop(0, steps, body, delta)
    return x + delta


@jax.jit
def fgsm(p, x, y, eps=0.5):
    g = jax.grad(xent, argnums=1)(p, x, y)
    return x + eps * jnp.sign(g)


@partial(jax.jit, static_argnames="adversarial", donate_argnums=0)
def train_step(p, key, adversarial):
    x = pgd(p, X, labels, key, steps=3) if adversarial else X
    loss, g = jax.value_and_grad(xent)(p, x, labels)
    return jax.tree.map(lambda w, g: w - 0.2 * g, p, g), loss


def report(name, p):
    clean = accuracy(p, X, labels)
    adv_f = accuracy(p, fgsm(p, X, labels), labels)
    adv_p = accuracy(p, pgd(p, X, labels, k_attack), labels)
    print(f"{name}: clean {float(clean):.3f} fgsm {float(adv_f):.3f} pgd {float(adv_p):.3f}")


for adversarial in (False, True):
    p = init(k_init)
    for step, k in enumerate(jax.random.split(jax.random.key(1), 150)):
        p, loss = train_step(p, k, adversarial)
        if step % 50 == 0:
            print(f"  adversarial={adversarial} step {step} loss {float(loss):.4f}")
    report("adversarially trained" if adversarial else "standard", p)

per_example = jax.vmap(jax.grad(lambda x, y: xent(p, x[None], y[None])))(X[:4], labels[:4])
print("per-example input-gradient norms:", jnp.round(jnp.linalg.norm(per_example, axis=1), 3))
x_adv = pgd(p, X[:4], labels[:4], k_attack)
print("perturbation within the ball:", bool(jnp.all(jnp.abs(x_adv - X[:4]) <= 0.5 + 1e-6)))
print("linf norms:", jnp.round(jnp.max(jnp.abs(x_adv - X[:4]), axis=1), 3))
