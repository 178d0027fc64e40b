# Connectionist temporal classification written by hand: label sequences padded with blanks,
# the forward (alpha) recursion in log space over the extended label sequence by lax.scan with
# the skip transition mask, per-example input / label lengths as masks, the loss vmapped over a
# batch and trained on a toy alignment task with a GRU-free linear model, compared with a
# brute-force sum over all alignments for a tiny case, and greedy decoding by collapsing repeats
import itertools

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import logsumexp

BLANK, C, T, L = 0, 4, 8, 3
NEG = -1e9


def ctc_loss(logp, labels, in_len, lab_len):
    S = 2 * L + 1
    ext = jnp.full(S, BLANK).at[1::2].set(labels)
    ext_valid = jnp.arange(S) < 2 * lab_len + 1
    skip = (jnp.arange(S) >= 2) & (ext != BLANK) & (ext != jnp.roll(ext, 2))
    alpha0 = jnp.full(S, NEG).at[0].set(logp[0, BLANK]).at[1].set(logp[0, ext[1]])
    alpha0 = jnp.where(ext_valid, alpha0, NEG)

    def step(alpha, inp):
        lp, t = inp
        a1 = jnp.concatenate([jnp.full(1, NEG), alpha[:-1]])
        a2 = jnp.where(skip, jnp.concatenate([jnp.full(2, NEG), alpha[:-2]]), NEG)
        new = logsumexp(jnp.stack([alpha, a1, a2]), axis=0) + lp[ext]
        new = jnp.where(ext_valid, new, NEG)
        return jnp.where(t < in_len, new, alpha), None

    alpha, _ = jax.lax.scan(step, alpha0, (logp[1:], jnp.arange(1, T)))
    end = 2 * lab_len
    return -jnp.logaddexp(alpha[end], alpha[end - 1])


def brute(logp, labels):
    total = []
    for path in itertools.product(range(C), repeat=T):
        collapsed = [k for k, _ in itertools.groupby(path) if k != BLANK]
        if collapsed == list(labels):
            total.append(sum(float(logp[t, p]) for t, p in enumerate(path)))
    return -float(logsumexp(jnp.array(total)))


logits = jax.random.normal(jax.random.key(0), (T, C))
logp = jax.nn.log_softmax(logits)
lab = jnp.array([1, 2, 2])
print(f"{float(ctc_loss(logp, lab, T, 3)):.4f}", f"{brute(np.asarray(logp), [1, 2, 2]):.4f}")
print(f"{float(ctc_loss(logp, jnp.array([3, 1, 0]), T, 2)):.4f}", f"{brute(np.asarray(logp), [3, 1]):.4f}")

B, F = 16, 5
kx, kl, kw = jax.random.split(jax.random.key(1), 3)
labels = jax.random.randint(kl, (B, L), 1, C)
lab_lens = jnp.array([3, 2] * (B // 2))
labels = jnp.where(jnp.arange(L) < lab_lens[:, None], labels, 0)
# inputs: each label shown for two frames, then blanks; features are noisy one-hots
frames = jnp.where(jnp.arange(T)[None, :] // 2 < lab_lens[:, None], jnp.take_along_axis(labels, jnp.minimum(jnp.arange(T) // 2, L - 1)[None].repeat(B, 0), 1), 0)
xs = jax.nn.one_hot(frames, F) + 0.3 * jax.random.normal(kx, (B, T, F))
in_lens = jnp.full(B, T)
W = 0.1 * jax.random.normal(kw, (F, C))


def batch_loss(W):
    logp = jax.nn.log_softmax(xs @ W)
    return jnp.mean(jax.vmap(ctc_loss)(logp, labels, in_lens, lab_lens))


step = jax.jit(lambda W: W - 0.5 * jax.grad(batch_loss)(W))
first = float(batch_loss(W))
for _ in range(100):
    W = step(W)
print(f"{first:.4f}", float(batch_loss(W)) < 0.5 * first)


def greedy(logp):
    best = jnp.argmax(logp, -1)
    keep = (best != BLANK) & (best != jnp.concatenate([jnp.array([-1]), best[:-1]]))
    return jnp.where(keep, best, -1)


decoded = jax.vmap(greedy)(jax.nn.log_softmax(xs @ W))
print(decoded.shape, decoded[0], labels[0], decoded[1], labels[1])
g = jax.grad(lambda lp: ctc_loss(lp, lab, T, 3))(logp)
print(g.shape, bool(jnp.allclose(g.sum(), -T, atol=1e-3)))
