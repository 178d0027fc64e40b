# Local sequence alignment (Smith-Waterman) of DNA reads against a reference with a linear gap
# penalty: the score matrix filled by a lax.scan over rows with an inner scan for the gap
# recursion, vmapped over a batch of reads, the best local score and its end position, a
# differentiable soft version (logsumexp in place of max) whose gradient with respect to the
# substitution scores highlights the aligned pairs
import jax
import jax.numpy as jnp

BASES = {"A": 0, "C": 1, "G": 2, "T": 3}
enc = lambda s: jnp.array([BASES[c] for c in s], jnp.int32)
ref = enc("TTGACGGATCCAGTACGATCGGAT")
reads = [enc(r) for r in ("GGATCCAGTA", "CGATCGGATT", "AAAAAAAAAA", "GACGTATCCA")]
reads = jnp.stack(reads)
S = jnp.full((4, 4), -1.0) + 3.0 * jnp.eye(4)
GAP = 2.0


def sw(read, ref, S, smooth=None):
    mx = (lambda a, b: jnp.maximum(a, b)) if smooth is None else (lambda a, b: smooth * jnp.logaddexp(a / smooth, b / smooth))
    m = ref.shape[0]
    first = jnp.zeros(m + 1)

    def row(prev, ch):
        sub = S[ch, ref]

        def col(left, inputs):
            up, diag, s = inputs
            v = mx(mx(0.0, diag + s), mx(up - GAP, left - GAP))
            return v, v

        _, cur = jax.lax.scan(col, jnp.array(0.0), (prev[1:], prev[:-1], sub))
        cur = jnp.concatenate([jnp.zeros(1), cur])
        return cur, cur

    _, H = jax.lax.scan(row, first, read)
    return H


H = jax.jit(jax.vmap(sw, (0, None, None)))(reads, ref, S)
best = H.reshape(H.shape[0], -1).max(1)
pos = jnp.argmax(H.reshape(H.shape[0], -1), 1)
print("scores", best)
print("end positions (read, ref)", jnp.stack(jnp.unravel_index(pos, H.shape[1:]), 1).tolist())
print("H dtype", H.dtype, "shape", H.shape)


def soft_score(S, read, smooth=0.5):
    H = sw(read, ref, S, smooth)
    return smooth * jax.nn.logsumexp(H / smooth)


g = jax.grad(soft_score)(S, reads[0])
print("soft score %.3f" % float(soft_score(S, reads[0])))
print("expected substitution counts\n", jnp.round(g, 2))
print("matches dominate", bool(jnp.trace(g) > (g.sum() - jnp.trace(g))))
