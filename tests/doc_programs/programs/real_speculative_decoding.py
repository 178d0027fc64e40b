# Speculative decoding with a draft and a target bigram-logit model: the draft proposes K tokens
# by sampling, the target scores them in one pass, tokens are accepted with probability
# min(1, p/q) and the first rejection resamples from the normalized residual max(p - q, 0);
# the empirical token distribution is compared with sampling the target directly
import jax
import jax.numpy as jnp

V, K = 8, 4
kt, kd = jax.random.split(jax.random.key(0))
target_logits = jax.random.normal(kt, (V, V)) * 1.5
draft_logits = target_logits + 0.8 * jax.random.normal(kd, (V, V))


def propose(key, last):
    def body(tok, k):
        logits = draft_logits[tok]
        nxt = jax.random.categorical(k, logits)
        return nxt, (nxt, jax.nn.softmax(logits))

    _, (toks, qs) = jax.lax.scan(body, last, jax.random.split(key, K))
    return toks, qs


def verify(key, last, toks, qs):
    prev = jnp.concatenate([last[None], toks[:-1]])
    ps = jax.nn.softmax(target_logits[prev], -1)
    p_tok = jnp.take_along_axis(ps, toks[:, None], 1)[:, 0]
    q_tok = jnp.take_along_axis(qs, toks[:, None], 1)[:, 0]
    k_acc, k_res, k_bonus = jax.random.split(key, 3)
    u = jax.random.uniform(k_acc, (K,))
    accepted = u < jnp.minimum(1.0, p_tok / q_tok)
    n_acc = jnp.argmin(jnp.append(accepted, False))
    resid = jnp.maximum(ps - qs, 0.0)
    resid = resid / jnp.sum(resid, -1, keepdims=True)
    resid_tok = jax.random.categorical(k_res, jnp.log(resid[jnp.minimum(n_acc, K - 1)] + 1e-30))
    bonus = jax.random.categorical(k_bonus, target_logits[toks[-1]])
    extra = jnp.where(n_acc == K, bonus, resid_tok)
    return n_acc, extra


@jax.jit
def speculative_step(key, last):
    k1, k2 = jax.random.split(key)
    toks, qs = propose(k1, last)
    n_acc, extra = verify(k2, last, toks, qs)
    first = jnp.where(n_acc > 0, toks[0], extra)
    return first, n_acc, toks, extra


keys = jax.random.split(jax.random.key(1), 4000)
firsts, n_accs, toks, extras = jax.vmap(speculative_step, (0, None))(keys, jnp.array(3))
print(firsts.shape, firsts.dtype, n_accs.dtype)
hist = jnp.bincount(firsts, length=V) / firsts.shape[0]
direct = jax.nn.softmax(target_logits[3])
print("first-token freq", jnp.round(hist, 3))
print("target probs    ", jnp.round(direct, 3))
print("max abs diff < 0.03:", bool(jnp.max(jnp.abs(hist - direct)) < 0.03))
print("mean accepted", round(float(n_accs.mean()), 3), jnp.bincount(n_accs, length=K + 1))


@jax.jit
def generate(key, start, rounds=10):
    def body(carry, k):
        last, out, n = carry
        k1, k2 = jax.random.split(k)
        draft, qs = propose(k1, last)
        n_acc, extra = verify(k2, last, draft, qs)
        block = jnp.where(jnp.arange(K + 1) < n_acc, jnp.append(draft, 0), jnp.where(jnp.arange(K + 1) == n_acc, extra, -1))
        out = jax.lax.dynamic_update_slice(out, block, (n,))
        return (extra, out, n + n_acc + 1), n_acc

    buf = jnp.full((rounds * (K + 1),), -1)
    (last, out, n), accs = jax.lax.scan(body, (start, buf, jnp.array(0)), jax.random.split(key, rounds))
    return out, n, accs


out, n, accs = generate(jax.random.key(2), jnp.array(0))
print(int(n), accs, out[: int(n)])
