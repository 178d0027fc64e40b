# Discrete-time Markov chain analysis: a random transition matrix, its stationary distribution
# three ways (left eigenvector from jnp.linalg.eig with complex results, jnp.linalg.matrix_power,
# and a linear solve with the normalisation row), mixing by total variation against n, an
# absorbing chain's fundamental matrix N = (I - Q)^-1 with expected absorption times and
# probabilities, a continuous-time generator exponentiated by jax.scipy.linalg.expm, and chains
# simulated with jax.random.categorical in lax.scan to check empirical frequencies
import jax
import jax.numpy as jnp

S = 5
logits = jax.random.normal(jax.random.key(0), (S, S)) * 1.5
P = jax.nn.softmax(logits, axis=1)
print(bool(jnp.allclose(P.sum(1), 1)), P.dtype)
w, v = jnp.linalg.eig(P.T)
print(w.dtype, v.dtype, w.shape)
idx = jnp.argmin(jnp.abs(w - 1))
pi_eig = jnp.real(v[:, idx])
pi_eig = pi_eig / pi_eig.sum()
pi_pow = jnp.linalg.matrix_power(P, 64)[0]
A = jnp.concatenate([(P.T - jnp.eye(S))[:-1], jnp.ones((1, S))])
pi_solve = jnp.linalg.solve(A, jnp.zeros(S).at[-1].set(1.0))
print(bool(jnp.allclose(pi_eig, pi_solve, atol=1e-5)), bool(jnp.allclose(pi_pow, pi_solve, atol=1e-5)))
print(pi_solve)
tv = [float(0.5 * jnp.abs(jnp.linalg.matrix_power(P, n) - pi_solve[None]).sum(1).max()) for n in (1, 2, 4, 8, 16)]
print(all(a >= b for a, b in zip(tv, tv[1:])), tv[-1] < 1e-3)
slem = jnp.sort(jnp.abs(w))[-2]
print(float(slem) < 1)

Q = P[:3, :3] * 0.8
Rm = jnp.concatenate([P[:3, 3:] * 0.8, 0.2 * P[:3, :3].sum(1, keepdims=True) * jnp.array([[0.5, 0.5]])], 1)[:, :2]
Rm = Rm / Rm.sum(1, keepdims=True) * (1 - Q.sum(1, keepdims=True))
N = jnp.linalg.inv(jnp.eye(3) - Q)
t = N @ jnp.ones(3)
B = N @ Rm
print(t.shape, bool(jnp.allclose(B.sum(1), 1, atol=1e-5)), bool(jnp.all(t >= 1)))

G = P - jnp.eye(S)
Pt = jax.scipy.linalg.expm(2.0 * G)
print(bool(jnp.allclose(Pt.sum(1), 1, atol=1e-5)), bool(jnp.allclose(pi_solve @ Pt, pi_solve, atol=1e-5)))


@jax.jit
def simulate(key, n=20000):
    def step(s, k):
        nxt = jax.random.categorical(k, jnp.log(P[s]))
        return nxt, nxt

    _, states = jax.lax.scan(step, 0, jax.random.split(key, n))
    return states


states = simulate(jax.random.key(1))
freq = jnp.bincount(states, length=S) / states.shape[0]
print(states.dtype, float(jnp.abs(freq - pi_solve).max()) < 0.02)
trans = jnp.zeros((S, S)).at[states[:-1], states[1:]].add(1)
print(float(jnp.abs(trans / trans.sum(1, keepdims=True) - P).max()) < 0.05)
