# A linear-chain CRF sequence tagger: emission scores from a tiny linear model, the forward
# algorithm (logsumexp in lax.scan) for the partition function, the gold path score, the NLL
# trained by gradient descent, Viterbi decoding by a max-scan and a reverse backtracking scan,
# all vmapped over a padded batch with lengths as masks
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

N_TAGS, FEAT, T = 3, 4, 6
key = jax.random.key(0)
k1, k2, k3 = jax.random.split(key, 3)
feats = jax.random.normal(k1, (8, T, FEAT))
tags = jnp.argmax(feats[..., :N_TAGS], axis=-1)
lengths = jnp.array([6, 5, 6, 4, 6, 3, 6, 6])
mask = jnp.arange(T)[None, :] < lengths[:, None]
params = {"W": 0.1 * jax.random.normal(k2, (FEAT, N_TAGS)), "trans": jnp.zeros((N_TAGS, N_TAGS)), "start": jnp.zeros(N_TAGS)}


def log_partition(emit, trans, start, m):
    def step(alpha, inputs):
        e, valid = inputs
        new = logsumexp(alpha[:, None] + trans, axis=0) + e
        return jnp.where(valid, new, alpha), None

    alpha, _ = jax.lax.scan(step, start + emit[0], (emit[1:], m[1:]))
    return logsumexp(alpha)


def path_score(emit, trans, start, y, m):
    e = jnp.take_along_axis(emit, y[:, None], axis=1)[:, 0]
    t = trans[y[:-1], y[1:]]
    return start[y[0]] + jnp.sum(jnp.where(m, e, 0.0)) + jnp.sum(jnp.where(m[1:], t, 0.0))


def nll(params, x, y, m):
    emit = x @ params["W"]
    return log_partition(emit, params["trans"], params["start"], m) - path_score(emit, params["trans"], params["start"], y, m)


def viterbi(emit, trans, start, m):
    def forward(score, inputs):
        e, valid = inputs
        cand = score[:, None] + trans
        best = jnp.argmax(cand, axis=0)
        new = jnp.max(cand, axis=0) + e
        return jnp.where(valid, new, score), jnp.where(valid, best, jnp.arange(N_TAGS))

    score, back = jax.lax.scan(forward, start + emit[0], (emit[1:], m[1:]))
    last = jnp.argmax(score)

    def backtrack(tag, ptr):
        prev = ptr[tag]
        return prev, tag

    first, path = jax.lax.scan(backtrack, last, back, reverse=True)
    return jnp.concatenate([first[None], path]), jnp.max(score)


batch_nll = jax.vmap(nll, in_axes=(None, 0, 0, 0))
loss = lambda p: jnp.mean(batch_nll(p, feats, tags, mask))
emit0 = feats[0] @ params["W"]
all_paths = jnp.stack(jnp.meshgrid(*[jnp.arange(N_TAGS)] * T, indexing="ij"), -1).reshape(-1, T)
brute = logsumexp(jax.vmap(lambda y: path_score(emit0, params["trans"], params["start"], y, mask[0]))(all_paths))
print(f"{float(brute):.4f}", f"{float(log_partition(emit0, params['trans'], params['start'], mask[0])):.4f}")

step = jax.jit(lambda p: jax.tree.map(lambda a, g: a - 0.5 * g, p, jax.grad(loss)(p)))
print(f"{float(loss(params)):.4f}")
for _ in range(60):
    params = step(params)
print(f"{float(loss(params)):.4f}", bool(loss(params) < 3.0))
decode = jax.jit(jax.vmap(lambda x, m: viterbi(x @ params["W"], params["trans"], params["start"], m)))
paths, scores = decode(feats, mask)
acc = jnp.sum((paths == tags) & mask) / jnp.sum(mask)
print(paths.shape, paths.dtype, scores.shape, bool(acc > 0.6))
print(jnp.where(mask, paths, -1)[5])
print(jax.tree.map(lambda a: a.shape, jax.grad(loss)(params)))
