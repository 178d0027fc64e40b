# A character n-gram language model from counts: text encoded to integer ids with a vocabulary
# from jnp.unique(return_inverse=True), bigram and trigram counts by scatter-add and by
# jnp.unique(axis=0, return_counts=True, size=...), add-k smoothing, Kneser-Ney-style
# continuation counts, perplexity of held-out text, and greedy / sampled generation with
# jax.random.categorical in lax.scan
import jax
import jax.numpy as jnp
import numpy as np

text = "the quick brown fox jumps over the lazy dog. the dog barks and the fox runs. " * 6
held = "the lazy fox jumps and the dog runs."
chars = np.frombuffer(text.encode(), np.uint8)
vocab, ids = jnp.unique(jnp.asarray(chars), return_inverse=True)
V = vocab.shape[0]
print(V, ids.shape, ids.dtype, "".join(chr(int(c)) for c in vocab[:6]))
lookup = jnp.zeros(256, jnp.int32).at[vocab].set(jnp.arange(V))
held_ids = lookup[jnp.asarray(np.frombuffer(held.encode(), np.uint8))]

bigram = jnp.zeros((V, V), jnp.int32).at[ids[:-1], ids[1:]].add(1)
pairs = jnp.stack([ids[:-1], ids[1:]], 1)
uniq, counts = jnp.unique(pairs, axis=0, return_counts=True, size=V * V, fill_value=-1)
n_uniq = int((uniq[:, 0] >= 0).sum())
print(int(bigram.sum()), n_uniq, int((bigram > 0).sum()) == n_uniq)
print(bool(jnp.all(bigram[uniq[:n_uniq, 0], uniq[:n_uniq, 1]] == counts[:n_uniq])))


def addk_logprobs(counts, k=0.1):
    return jnp.log((counts + k) / (counts + k).sum(-1, keepdims=True))


def kneser_ney(counts, d=0.75):
    cont = (counts > 0).sum(0) / (counts > 0).sum()
    totals = counts.sum(-1, keepdims=True)
    n_types = (counts > 0).sum(-1, keepdims=True)
    lam = d * n_types / jnp.maximum(totals, 1)
    p = jnp.maximum(counts - d, 0) / jnp.maximum(totals, 1) + lam * cont[None]
    return jnp.log(jnp.where(totals > 0, p, cont[None]))


def perplexity(logp, seq):
    return jnp.exp(-logp[seq[:-1], seq[1:]].mean())


ppl_add = float(perplexity(addk_logprobs(bigram), held_ids))
ppl_kn = float(perplexity(kneser_ney(bigram), held_ids))
ppl_uniform = float(V)
print(ppl_add < ppl_uniform, ppl_kn < ppl_uniform, round(ppl_add, 3), round(ppl_kn, 3))
trigram = jnp.zeros((V, V, V), jnp.int32).at[ids[:-2], ids[1:-1], ids[2:]].add(1)
print(int(trigram.sum()), int((trigram > 0).sum()))


@jax.jit
def generate(logp, key, start, n=30):
    def step(c, k):
        nxt = jax.random.categorical(k, logp[c])
        return nxt, nxt

    _, out = jax.lax.scan(step, start, jax.random.split(key, n))
    return out


def decode(seq):
    return "".join(chr(int(c)) for c in vocab[seq])


greedy = jax.lax.scan(lambda c, _: (jnp.argmax(bigram[c]), jnp.argmax(bigram[c])), lookup[ord("t")], None, length=12)[1]
print(repr(decode(greedy)))
sample = generate(addk_logprobs(bigram, 0.01), jax.random.key(0), lookup[ord("t")])
print(sample.shape, sample.dtype, len(decode(sample)))
