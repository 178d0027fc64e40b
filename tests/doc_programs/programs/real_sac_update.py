# Soft actor-critic updates on a batch of synthetic transitions: a tanh-squashed Gaussian policy
# with the log-probability correction, twin Q critics with clipped double-Q targets from
# Polyak-averaged target networks, the entropy temperature learned in log space, all three losses
# and their gradients in one jitted update built from plain-JAX MLPs stored in dicts
import jax
import jax.numpy as jnp

OBS, ACT, B = 3, 2, 64


def mlp_init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [{"w": jax.random.normal(k, (a, b)) * jnp.sqrt(1.0 / a), "b": jnp.zeros(b)} for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


def mlp(params, x):
    for layer in params[:-1]:
        x = jax.nn.relu(x @ layer["w"] + layer["b"])
    return x @ params[-1]["w"] + params[-1]["b"]


def policy_sample(params, obs, key):
    out = mlp(params, obs)
    mu, log_std = jnp.split(out, 2, -1)
    log_std = jnp.clip(log_std, -5.0, 2.0)
    eps = jax.random.normal(key, mu.shape)
    pre = mu + jnp.exp(log_std) * eps
    act = jnp.tanh(pre)
    logp = jnp.sum(-0.5 * eps**2 - log_std - 0.5 * jnp.log(2 * jnp.pi), -1)
    logp -= jnp.sum(2 * (jnp.log(2.0) - pre - jax.nn.softplus(-2 * pre)), -1)
    return act, logp


def q_values(qs, obs, act):
    x = jnp.concatenate([obs, act], -1)
    return jnp.stack([mlp(q, x)[:, 0] for q in qs])


keys = jax.random.split(jax.random.key(0), 8)
state = {
    "pi": mlp_init(keys[0], (OBS, 32, 2 * ACT)),
    "q": [mlp_init(keys[1], (OBS + ACT, 32, 1)), mlp_init(keys[2], (OBS + ACT, 32, 1))],
    "log_alpha": jnp.array(0.0),
}
target_q = jax.tree.map(lambda x: x, state["q"])
batch = {
    "obs": jax.random.normal(keys[3], (B, OBS)),
    "act": jnp.tanh(jax.random.normal(keys[4], (B, ACT))),
    "rew": jax.random.normal(keys[5], (B,)),
    "next_obs": jax.random.normal(keys[6], (B, OBS)),
    "done": (jax.random.uniform(keys[7], (B,)) < 0.1).astype(jnp.float32),
}


@jax.jit
def update(state, target_q, batch, key, gamma=0.99, tau=0.005, lr=3e-3):
    k1, k2 = jax.random.split(key)
    alpha = jnp.exp(state["log_alpha"])
    next_act, next_logp = policy_sample(state["pi"], batch["next_obs"], k1)
    tq = jnp.min(q_values(target_q, batch["next_obs"], next_act), 0) - alpha * next_logp
    target = jax.lax.stop_gradient(batch["rew"] + gamma * (1 - batch["done"]) * tq)

    def q_loss(q):
        return jnp.mean((q_values(q, batch["obs"], batch["act"]) - target[None]) ** 2)

    def pi_loss(pi):
        act, logp = policy_sample(pi, batch["obs"], k2)
        return jnp.mean(alpha * logp - jnp.min(q_values(state["q"], batch["obs"], act), 0)), logp

    def alpha_loss(log_alpha, logp):
        return -jnp.mean(log_alpha * jax.lax.stop_gradient(logp - ACT))

    lq, gq = jax.value_and_grad(q_loss)(state["q"])
    (lpi, logp), gpi = jax.value_and_grad(pi_loss, has_aux=True)(state["pi"])
    la, ga = jax.value_and_grad(alpha_loss)(state["log_alpha"], logp)
    new = {
        "q": jax.tree.map(lambda p, g: p - lr * g, state["q"], gq),
        "pi": jax.tree.map(lambda p, g: p - lr * g, state["pi"], gpi),
        "log_alpha": state["log_alpha"] - lr * ga,
    }
    target_q = jax.tree.map(lambda t, p: (1 - tau) * t + tau * p, target_q, new["q"])
    return new, target_q, {"q": lq, "pi": lpi, "alpha": la, "entropy": -jnp.mean(logp)}


for i, k in enumerate(jax.random.split(jax.random.key(1), 30)):
    state, target_q, info = update(state, target_q, batch, k)
    if i % 10 == 9:
        print(i + 1, {k: round(float(v), 4) for k, v in info.items()})
print("alpha %.4f" % float(jnp.exp(state["log_alpha"])))
drift = jax.tree.map(lambda a, b: jnp.max(jnp.abs(a - b)), target_q, state["q"])
print("target drift", jax.tree.map(lambda x: round(float(x), 4), drift))
act, logp = policy_sample(state["pi"], batch["obs"][:2], jax.random.key(5))
print("actions", jnp.round(act, 3), "logp", jnp.round(logp, 3))
