# Text generation from a tiny bigram language model with the common sampling strategies:
# temperature scaling, top-k by lax.top_k, nucleus (top-p) filtering by a descending sort and
# cumsum, repetition penalty with .at[].multiply, sampling with random.categorical in a
# while_loop that stops at an EOS token (padding after it), batched generation by vmap over
# keys, and greedy / sampled log-likelihoods scored by take_along_axis
import jax
import jax.numpy as jnp

V, EOS, MAXLEN = 10, 0, 12
key = jax.random.key(0)
logits_table = 2.0 * jax.random.normal(key, (V, V))
logits_table = logits_table.at[:, EOS].add(-1.0)


def top_k_filter(logits, k):
    vals, _ = jax.lax.top_k(logits, k)
    return jnp.where(logits < vals[..., -1:], -jnp.inf, logits)


def top_p_filter(logits, p):
    order = jnp.argsort(-logits)
    sorted_logits = logits[order]
    probs = jax.nn.softmax(sorted_logits)
    cum = jnp.cumsum(probs)
    keep_sorted = cum - probs < p
    keep = jnp.zeros_like(keep_sorted).at[order].set(keep_sorted)
    return jnp.where(keep, logits, -jnp.inf)


def generate(key, start, temperature=1.0, k=V, p=1.0, rep_penalty=1.0):
    def cond(s):
        i, tok, seq, counts, key, done = s
        return (i < MAXLEN) & ~done

    def body(s):
        i, tok, seq, counts, key, done = s
        key, sub = jax.random.split(key)
        logits = logits_table[tok] / temperature
        logits = jnp.where(counts > 0, jnp.where(logits > 0, logits / rep_penalty, logits * rep_penalty), logits)
        logits = top_p_filter(top_k_filter(logits, k), p)
        nxt = jax.random.categorical(sub, logits)
        return i + 1, nxt, seq.at[i].set(nxt), counts.at[nxt].add(1), key, nxt == EOS

    seq = jnp.full(MAXLEN, -1)
    init = (0, start, seq, jnp.zeros(V, jnp.int32).at[start].set(1), key, False)
    i, _, seq, counts, _, _ = jax.lax.while_loop(cond, body, init)
    return seq, i


lv = logits_table[3]
print(jnp.isfinite(top_k_filter(lv, 3)).sum(), jnp.isfinite(top_p_filter(lv, 0.9)).sum(), jnp.isfinite(top_p_filter(lv, 0.0)).sum())
print(bool(jnp.argmax(top_p_filter(lv, 0.1)) == jnp.argmax(lv)))
seq, n = jax.jit(generate, static_argnums=(3,))(jax.random.key(1), 3, 0.8, 5, 0.9, 1.2)
print(seq, n, seq.dtype)
gen = jax.jit(jax.vmap(generate, in_axes=(0, None, None, None, None, None)), static_argnums=(3,))
seqs, lens = gen(jax.random.split(jax.random.key(2), 6), 5, 1.0, V, 0.95, 1.0)
print(seqs.shape, lens, bool(jnp.all((seqs == -1) == (jnp.arange(MAXLEN)[None] >= lens[:, None]))))
ended = jnp.any(seqs == EOS, axis=1)
print(ended, bool(jnp.all(jnp.where(ended, seqs[jnp.arange(6), lens - 1] == EOS, True))))


def log_likelihood(start, seq, length):
    prev = jnp.concatenate([jnp.array([start]), seq[:-1]])
    lp = jax.nn.log_softmax(logits_table[prev], -1)
    tok_lp = jnp.take_along_axis(lp, jnp.maximum(seq, 0)[:, None], 1)[:, 0]
    return jnp.sum(jnp.where(jnp.arange(MAXLEN) < length, tok_lp, 0.0))


lls = jax.vmap(log_likelihood, in_axes=(None, 0, 0))(5, seqs, lens)
greedy, gl = jax.jit(generate, static_argnums=(3,))(jax.random.key(3), 5, 1e-3, 1, 1.0, 1.0)
print(greedy, f"{float(log_likelihood(5, greedy, gl)):.4f}", bool(lls.shape == (6,)))
cold = jax.vmap(lambda k: generate(k, 5, 0.01, V, 1.0, 1.0)[0])(jax.random.split(key, 4))
print(bool(jnp.all(cold == cold[0])))
