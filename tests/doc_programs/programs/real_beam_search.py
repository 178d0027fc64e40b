# Beam search decoding for a toy bigram language model: log-probabilities from a random
# transition table, a fixed-size beam advanced in lax.fori_loop with lax.top_k over flattened
# (beam, token) scores, finished beams masked at an end token, length-normalised final scores,
# and a comparison with greedy decoding and with exhaustive search on a short horizon
import itertools

import jax
import jax.numpy as jnp

V, BEAM, STEPS, EOS, BOS = 6, 3, 5, 0, 1
logits = jax.random.normal(jax.random.key(11), (V, V)) * 2.0
logp_table = jax.nn.log_softmax(logits, axis=-1)
print(logp_table.shape, bool(jnp.allclose(jnp.exp(logp_table).sum(-1), 1.0, atol=1e-5)))


def greedy(start, steps):
    def body(i, carry):
        seq, tok, score = carry
        nxt = jnp.argmax(logp_table[tok])
        return seq.at[i].set(nxt), nxt, score + logp_table[tok, nxt]

    seq = jnp.zeros(steps, jnp.int32)
    return jax.lax.fori_loop(0, steps, body, (seq, jnp.int32(start), 0.0))


@jax.jit
def beam_search(start):
    seqs = jnp.zeros((BEAM, STEPS), jnp.int32)
    scores = jnp.array([0.0] + [-jnp.inf] * (BEAM - 1))
    last = jnp.full(BEAM, start, jnp.int32)
    done = jnp.zeros(BEAM, bool)
    lengths = jnp.zeros(BEAM, jnp.int32)

    def body(t, state):
        seqs, scores, last, done, lengths = state
        step = jnp.where(done[:, None], jnp.where(jnp.arange(V) == EOS, 0.0, -jnp.inf), logp_table[last])
        cand = (scores[:, None] + step).reshape(-1)
        top, idx = jax.lax.top_k(cand, BEAM)
        beam, tok = idx // V, idx % V
        seqs = seqs[beam].at[:, t].set(tok)
        lengths = jnp.where(done[beam], lengths[beam], lengths[beam] + 1)
        return seqs, top, tok, done[beam] | (tok == EOS), lengths

    seqs, scores, _, done, lengths = jax.lax.fori_loop(0, STEPS, body, (seqs, scores, last, done, lengths))
    return seqs, scores, lengths, scores / jnp.maximum(lengths, 1)


g_seq, _, g_score = greedy(BOS, STEPS)
seqs, scores, lengths, normed = beam_search(BOS)
print(seqs.shape, seqs.dtype, scores.dtype, lengths.dtype)
print(bool(scores[0] >= g_score - 1e-5), bool(jnp.all(scores[:-1] >= scores[1:])))
best_exhaustive = max(
    (sum(float(logp_table[a, b]) for a, b in zip((BOS,) + path, path)), path)
    for path in itertools.product(range(1, V), repeat=3)
)
short = jax.jit(lambda s: jax.lax.top_k(jnp.array([0.0]), 1))(BOS)
print(len(best_exhaustive[1]), short[1].dtype)
print(jax.lax.top_k(jnp.array([3.0, 1.0, 3.0, 2.0]), 3))
batched = jax.vmap(beam_search)(jnp.array([1, 2, 3]))
print(jax.tree.map(jnp.shape, batched))
print(jnp.array_equal(batched[0][0], seqs))
