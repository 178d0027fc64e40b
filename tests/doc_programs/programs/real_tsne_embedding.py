# t-SNE on three Gaussian blobs: perplexity-calibrated affinities by a vmapped bisection on the
# per-point precision (while_loop), symmetrised P, a Student-t Q, the KL gradient by jax.grad
# (checked against the closed form), early exaggeration and momentum in a fori_loop
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)
centers = np.array([[0, 0, 0, 0], [6, 6, 0, 0], [0, 6, 6, 6]], np.float32)
X = jnp.asarray(np.concatenate([c + rng.normal(size=(20, 4)) for c in centers]), jnp.float32)
labels = jnp.repeat(jnp.arange(3), 20)
n = X.shape[0]
D = jnp.sum((X[:, None] - X[None]) ** 2, -1)


def row_probs(d, i, beta):
    p = jnp.exp(-d * beta) * (jnp.arange(n) != i)
    return p / p.sum()


def entropy(p):
    return -jnp.sum(jnp.where(p > 0, p * jnp.log(p), 0.0))


def calibrate(d, i, perplexity=10.0):
    target = jnp.log(perplexity)

    def body(s):
        lo, hi, it = s
        mid = jnp.sqrt(lo * hi)
        too_flat = entropy(row_probs(d, i, mid)) > target
        return jnp.where(too_flat, mid, lo), jnp.where(too_flat, hi, mid), it + 1

    lo, hi, _ = jax.lax.while_loop(lambda s: s[2] < 60, body, (1e-4, 1e4, 0))
    return row_probs(d, i, jnp.sqrt(lo * hi))


P_cond = jax.vmap(calibrate)(D, jnp.arange(n))
print("perplexities", jnp.round(jnp.exp(jax.vmap(entropy)(P_cond))[:4], 3))
P = (P_cond + P_cond.T) / (2 * n)
print("P sums", round(float(P.sum()), 5), bool(jnp.allclose(P, P.T)))


def q_matrix(Y):
    num = 1.0 / (1.0 + jnp.sum((Y[:, None] - Y[None]) ** 2, -1))
    num = num * (1 - jnp.eye(n))
    return num / num.sum(), num


def kl(Y, P):
    Q, _ = q_matrix(Y)
    return jnp.sum(jnp.where(P > 0, P * jnp.log(P / jnp.maximum(Q, 1e-12)), 0.0))


def closed_form_grad(Y, P):
    Q, num = q_matrix(Y)
    return 4 * jnp.sum(((P - Q) * num)[:, :, None] * (Y[:, None] - Y[None]), 1)


Y0 = 1e-2 * jax.random.normal(jax.random.key(0), (n, 2))
print("grad check", float(jnp.max(jnp.abs(jax.grad(kl)(Y0, P) - closed_form_grad(Y0, P)))) < 1e-6)


@jax.jit
def optimize(Y):
    def body(i, s):
        Y, vel = s
        exag = jnp.where(i < 50, 4.0, 1.0)
        g = jax.grad(kl)(Y, P * exag)
        mom = jnp.where(i < 50, 0.5, 0.8)
        vel = mom * vel - 50.0 * g
        return Y + vel, vel

    return jax.lax.fori_loop(0, 300, body, (Y, jnp.zeros_like(Y)))[0]


Y = optimize(Y0)
print("final KL", round(float(kl(Y, P)), 4))
cent = jax.ops.segment_sum(Y, labels, num_segments=3) / 20
within = jnp.mean(jnp.linalg.norm(Y - cent[labels], axis=1))
between = jnp.min(jnp.array([jnp.linalg.norm(cent[i] - cent[j]) for i, j in [(0, 1), (0, 2), (1, 2)]]))
print("separated", bool(between > 3 * within))
nn = jnp.argsort(jnp.sum((Y[:, None] - Y[None]) ** 2, -1), axis=1)[:, 1]
print("1-NN label agreement", float(jnp.mean(labels[nn] == labels)))
