# A variational quantum eigensolver on a 3-qubit state-vector simulator: complex64 state as a
# (2,2,2) tensor, single-qubit gates applied with jnp.tensordot / moveaxis, CNOTs as reshaped
# 4x4 matrices, a transverse-field Ising Hamiltonian built with jnp.kron, its exact ground
# energy by jnp.linalg.eigvalsh, time evolution by jax.scipy.linalg.expm, the energy
# expectation <psi|H|psi> differentiated with respect to real circuit angles, and
# gradient descent checked against the parameter-shift rule
import functools

import jax
import jax.numpy as jnp

NQ = 3
I2 = jnp.eye(2, dtype=jnp.complex64)
X = jnp.array([[0, 1], [1, 0]], dtype=jnp.complex64)
Z = jnp.array([[1, 0], [0, -1]], dtype=jnp.complex64)
CNOT = jnp.array([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]], dtype=jnp.complex64)


def op_on(op, q):
    mats = [op if i == q else I2 for i in range(NQ)]
    return functools.reduce(jnp.kron, mats)


H = -sum(op_on(Z, q) @ op_on(Z, q + 1) for q in range(NQ - 1)) - 0.7 * sum(op_on(X, q) for q in range(NQ))
print(H.shape, H.dtype, bool(jnp.allclose(H, H.conj().T)))
evals = jnp.linalg.eigvalsh(H)
print(f"{float(evals[0]):.4f}", evals.dtype)


def ry(theta):
    c, s = jnp.cos(theta / 2), jnp.sin(theta / 2)
    return jnp.array([[c, -s], [s, c]]).astype(jnp.complex64)


def rz(phi):
    return jnp.diag(jnp.exp(jnp.array([-0.5j, 0.5j]) * phi)).astype(jnp.complex64)


def apply1(state, gate, q):
    state = jnp.tensordot(gate, state, axes=([1], [q]))
    return jnp.moveaxis(state, 0, q)


def apply2(state, gate, q1, q2):
    state = jnp.moveaxis(state, (q1, q2), (0, 1))
    shape = state.shape
    state = (gate @ state.reshape(4, -1)).reshape(shape)
    return jnp.moveaxis(state, (0, 1), (q1, q2))


def circuit(params):
    state = jnp.zeros((2,) * NQ, jnp.complex64).at[(0,) * NQ].set(1.0)
    for layer in range(params.shape[0]):
        for q in range(NQ):
            state = apply1(state, ry(params[layer, q, 0]), q)
            state = apply1(state, rz(params[layer, q, 1]), q)
        for q in range(NQ - 1):
            state = apply2(state, CNOT, q, q + 1)
    return state.reshape(-1)


def energy(params):
    psi = circuit(params)
    return jnp.real(jnp.vdot(psi, H @ psi))


params = 0.1 * jax.random.normal(jax.random.key(0), (2, NQ, 2))
psi = circuit(params)
print(psi.dtype, f"{float(jnp.linalg.norm(psi)):.5f}", f"{float(energy(params)):.4f}")
g = jax.grad(energy)(params)
shift = jnp.pi / 2
e_plus = energy(params.at[0, 1, 0].add(shift))
e_minus = energy(params.at[0, 1, 0].add(-shift))
print(g.dtype, g.shape, bool(jnp.abs(g[0, 1, 0] - 0.5 * (e_plus - e_minus)) < 1e-4))

step = jax.jit(lambda p: p - 0.1 * jax.grad(energy)(p))
for _ in range(200):
    params = step(params)
print(f"{float(energy(params)):.3f}", bool(energy(params) - evals[0] < 0.1))
U = jax.scipy.linalg.expm(-1j * 0.3 * H)
print(U.dtype, bool(jnp.allclose(U @ U.conj().T, jnp.eye(8), atol=1e-5)))
evolved = U @ circuit(params)
print(f"{float(jnp.real(jnp.vdot(evolved, H @ evolved))):.3f}", f"{float(jnp.abs(jnp.vdot(evolved, evolved))):.4f}")
probs = jnp.abs(circuit(params)) ** 2
samples = jax.random.choice(jax.random.key(1), 8, (1000,), p=probs)
bits = (samples[:, None] >> jnp.arange(NQ - 1, -1, -1)) & 1
print(bits.shape, bits.dtype, bool(jnp.abs(jnp.mean(1 - 2 * bits[:, 0]) * jnp.mean(1 - 2 * bits[:, 1])) <= 1.0))
