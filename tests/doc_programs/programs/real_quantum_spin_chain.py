# Exact diagonalisation of a transverse-field Ising chain: Pauli matrices, many-body operators by
# repeated jnp.kron, the Hamiltonian's spectrum by jnp.linalg.eigh (ground-state energy versus
# field strength by vmap), complex time evolution by jax.scipy.linalg.expm(-iHt) against a
# second-order Trotter product, magnetisation expectations with jnp.vdot, entanglement entropy
# from the SVD of the reshaped state, and the gradient of the ground energy (Hellmann-Feynman)
import functools

import jax
import jax.numpy as jnp

L = 6
X = jnp.array([[0, 1], [1, 0]], jnp.complex64)
Z = jnp.array([[1, 0], [0, -1]], jnp.complex64)
I2 = jnp.eye(2, dtype=jnp.complex64)


def site_op(op, i):
    return functools.reduce(jnp.kron, [op if j == i else I2 for j in range(L)])


ZZ = sum(site_op(Z, i) @ site_op(Z, (i + 1) % L) for i in range(L))
XS = sum(site_op(X, i) for i in range(L))


def hamiltonian(g):
    return -ZZ - g * XS


H = hamiltonian(1.0)
print(H.shape, H.dtype, bool(jnp.allclose(H, H.conj().T)))
evals, evecs = jnp.linalg.eigh(H)
print(evals.dtype, float(evals[0]), float(evals[1] - evals[0]))
gs_energy = jax.vmap(lambda g: jnp.linalg.eigvalsh(hamiltonian(g))[0])(jnp.array([0.0, 0.5, 1.0, 2.0]))
print(gs_energy)
psi0 = jnp.zeros(2**L, jnp.complex64).at[0].set(1.0)
t = 0.5
U = jax.scipy.linalg.expm(-1j * t * H)
psi_exact = U @ psi0
print(U.dtype, float(jnp.abs(jnp.vdot(psi_exact, psi_exact))), bool(jnp.allclose(U @ U.conj().T, jnp.eye(2**L), atol=1e-4)))
n = 50
dt = t / n
Ux = jax.scipy.linalg.expm(0.5j * dt * XS)
Uz = jax.scipy.linalg.expm(1j * dt * ZZ)
step = Ux @ Uz @ Ux
psi_trot = jax.lax.fori_loop(0, n, lambda _, p: step @ p, psi0)
fidelity = jnp.abs(jnp.vdot(psi_exact, psi_trot)) ** 2
print(float(fidelity) > 0.999)
mz = jnp.real(jnp.vdot(psi_exact, site_op(Z, 0) @ psi_exact))
print(float(mz), jnp.vdot(jnp.array([1j, 2.0]), jnp.array([1j, 1.0])))


def entropy(psi, cut):
    s = jnp.linalg.svd(psi.reshape(2**cut, 2 ** (L - cut)), compute_uv=False)
    p = s**2
    p = p[p > 1e-12]
    return -jnp.sum(p * jnp.log(p))


gs = evecs[:, 0]
print([round(float(entropy(gs, c)), 3) for c in range(1, L)], float(entropy(psi0, 3)))
dE = jax.grad(lambda g: jnp.linalg.eigvalsh(hamiltonian(g))[0])(1.0)
hf = jnp.real(jnp.vdot(gs, -XS @ gs))
print(float(dE), abs(float(dE) - float(hf)) < 1e-3)
