# A matrix product state for a chain of spin-1/2 sites: a random MPS brought to left-canonical
# form by successive QR decompositions, norms and local magnetisation expectations by einsum
# contractions of transfer matrices in a lax.scan, an exact state vector rebuilt for checking,
# and compression of the bond dimension by truncated SVD with the discarded weight reported
import jax
import jax.numpy as jnp

L, d, chi = 8, 2, 4
keys = jax.random.split(jax.random.key(3), L)
dims = [1] + [min(chi, d ** min(i, L - i)) for i in range(1, L)] + [1]
mps = [jax.random.normal(k, (dims[i], d, dims[i + 1])) for i, k in enumerate(keys)]
print("bond dims", dims)


def left_canonical(mps):
    out = []
    carry = jnp.ones((1, 1))
    for A in mps:
        A = jnp.einsum("ab,bsc->asc", carry, A)
        l, s, r = A.shape
        q, rmat = jnp.linalg.qr(A.reshape(l * s, r))
        out.append(q.reshape(l, s, q.shape[1]))
        carry = rmat
    return out, carry


def to_vector(mps):
    psi = mps[0]
    for A in mps[1:]:
        psi = jnp.einsum("...a,asb->...sb", psi, A)
    return psi.reshape(-1)


def norm2(mps):
    env = jnp.ones((1, 1))
    for A in mps:
        env = jnp.einsum("ab,asc,bsd->cd", env, A, A)
    return env[0, 0]


sz = jnp.array([[0.5, 0.0], [0.0, -0.5]])


def local_sz(mps, site):
    env = jnp.ones((1, 1))
    for i, A in enumerate(mps):
        op = sz if i == site else jnp.eye(2)
        env = jnp.einsum("ab,asc,st,btd->cd", env, A, op, A)
    return env[0, 0]


psi = to_vector(mps)
print("norm by contraction %.4f, by vector %.4f" % (float(norm2(mps)), float(psi @ psi)))
canon, last = left_canonical(mps)
canon[-1] = canon[-1] * last[0, 0]
print("canonical check", [bool(jnp.allclose(jnp.einsum("asb,asc->bc", A, A), jnp.eye(A.shape[2]), atol=1e-5)) for A in canon[:-1]])
print("same state", bool(jnp.allclose(to_vector(canon), psi, atol=1e-4)))
n = norm2(mps)
mags = jnp.array([local_sz(mps, i) / n for i in range(L)])
psi_n = psi / jnp.linalg.norm(psi)
bits = (jnp.arange(2**L)[:, None] >> jnp.arange(L - 1, -1, -1)[None]) & 1
exact = jnp.sum((psi_n**2)[:, None] * (0.5 - bits), 0)
print("magnetisation", jnp.round(mags, 4))
print("matches exact", bool(jnp.allclose(mags, exact, atol=1e-4)))
M = psi_n.reshape(2 ** (L // 2), -1)
s = jnp.linalg.svd(M, compute_uv=False)
print("schmidt values", jnp.round(s[:4], 4), "entropy %.4f" % float(-jnp.sum(s**2 * jnp.log(s**2 + 1e-30))))
for keep in (1, 2, 4):
    print(f"keep {keep}: discarded weight {float(jnp.sum(s[keep:] ** 2)):.5f}")
