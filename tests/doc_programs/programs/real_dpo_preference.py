# Direct preference optimisation for a toy language model: sequence log-probabilities of chosen
# and rejected completions by take_along_axis over log_softmax with a padding mask, the DPO loss
# from policy and frozen reference log-ratios (stop_gradient), implicit rewards and reward
# accuracy, IPO's squared variant, gradient clipping, and the policy's preference margin before
# and after training
import jax
import jax.numpy as jnp

V, T, D, B = 12, 6, 16, 32


def init(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return {"emb": jax.random.normal(k1, (V, D)) * 0.1, "w": jax.random.normal(k2, (D, D)) * 0.1, "out": jax.random.normal(k3, (D, V)) * 0.1}


def logits_fn(p, tokens):
    h = p["emb"][tokens]
    h = jnp.cumsum(jnp.tanh(h @ p["w"]), axis=1) / jnp.arange(1, tokens.shape[1] + 1)[:, None]
    return h @ p["out"]


def seq_logprob(p, prompt_and_completion, mask):
    logits = logits_fn(p, prompt_and_completion[:, :-1])
    logp = jax.nn.log_softmax(logits, -1)
    tok = jnp.take_along_axis(logp, prompt_and_completion[:, 1:, None], -1)[..., 0]
    return (tok * mask[:, 1:]).sum(-1)


def make_data(key):
    k1, k2, k3 = jax.random.split(key, 3)
    prompt = jax.random.randint(k1, (B, 2), 0, V)
    chosen = jnp.concatenate([prompt, jnp.sort(jax.random.randint(k2, (B, T - 2), 0, V), 1)], 1)
    rejected = jnp.concatenate([prompt, jax.random.randint(k3, (B, T - 2), 0, V)], 1)
    lengths = 3 + jnp.arange(B) % (T - 2)
    mask = (jnp.arange(T)[None] < lengths[:, None]) & (jnp.arange(T)[None] >= 2)
    return chosen, rejected, mask.astype(jnp.float32)


def dpo_loss(p, ref, batch, beta=0.1, kind="dpo"):
    chosen, rejected, mask = batch
    pc, pr = seq_logprob(p, chosen, mask), seq_logprob(p, rejected, mask)
    rc = jax.lax.stop_gradient(seq_logprob(ref, chosen, mask))
    rr = jax.lax.stop_gradient(seq_logprob(ref, rejected, mask))
    logits = (pc - rc) - (pr - rr)
    if kind == "dpo":
        loss = -jax.nn.log_sigmoid(beta * logits).mean()
    else:
        loss = ((logits - 1 / (2 * beta)) ** 2).mean()
    rewards = beta * jnp.stack([pc - rc, pr - rr])
    return loss, {"acc": (rewards[0] > rewards[1]).mean(), "margin": (rewards[0] - rewards[1]).mean()}


def clip(g, max_norm=1.0):
    norm = jnp.sqrt(sum(jnp.sum(x**2) for x in jax.tree.leaves(g)))
    return jax.tree.map(lambda x: x * jnp.minimum(1.0, max_norm / norm), g), norm


@jax.jit
def step(p, ref, batch):
    (l, aux), g = jax.value_and_grad(dpo_loss, has_aux=True)(p, ref, batch)
    g, norm = clip(g)
    return jax.tree.map(lambda a, b: a - 0.5 * b, p, g), l, aux, norm


ref = init(jax.random.key(0))
policy = jax.tree.map(lambda x: x, ref)
batch = make_data(jax.random.key(1))
l0, aux0 = dpo_loss(policy, ref, batch)
print(float(l0), float(jnp.log(2.0)), aux0)
for t in range(100):
    policy, l, aux, norm = step(policy, ref, make_data(jax.random.fold_in(jax.random.key(2), t)))
held = make_data(jax.random.key(3))
l1, aux1 = dpo_loss(policy, ref, held)
print(float(l1) < float(l0), float(aux1["acc"]) > 0.6, bool(aux1["margin"] > 0))
ipo, _ = jax.jit(dpo_loss, static_argnames="kind")(policy, ref, held, kind="ipo")
print(float(ipo) > 0, float(norm) > 0)
kl = jnp.mean(seq_logprob(policy, held[0], held[2]) - seq_logprob(ref, held[0], held[2]))
print(bool(kl > 0), seq_logprob(ref, held[0], held[2]).shape)
