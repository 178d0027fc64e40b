# Planning in a tabular MDP (a windy gridworld): value iteration in a while_loop with a
# tolerance, policy evaluation by an exact linear solve, policy iteration until the policy is
# stable, Q-values by einsum over the transition tensor, soft (entropy-regularised) value
# iteration with logsumexp, and the gradient of the optimal value w.r.t. the reward map
import jax
import jax.numpy as jnp

H, W, GAMMA = 5, 6, 0.95
S, A = H * W, 4
MOVES = jnp.array([[-1, 0], [0, 1], [1, 0], [0, -1]])
wind = jnp.array([0, 0, 1, 1, 0, 0])
goal, trap = (0, 5), (2, 3)


def transitions(slip=0.1):
    rows, cols = jnp.divmod(jnp.arange(S), W)

    def next_state(s, a):
        r, c = rows[s], cols[s]
        r2 = jnp.clip(r + MOVES[a, 0] - wind[c], 0, H - 1)
        c2 = jnp.clip(c + MOVES[a, 1], 0, W - 1)
        return r2 * W + c2

    nxt = jax.vmap(lambda s: jax.vmap(lambda a: next_state(s, a))(jnp.arange(A)))(jnp.arange(S))
    intended = jax.nn.one_hot(nxt, S)
    P = (1 - slip) * intended + slip * intended.mean(axis=1, keepdims=True)
    terminal = jnp.zeros(S, bool).at[goal[0] * W + goal[1]].set(True).at[trap[0] * W + trap[1]].set(True)
    absorb = jnp.broadcast_to(jnp.eye(S)[:, None, :], (S, A, S))
    return jnp.where(terminal[:, None, None], absorb, P), terminal


P, terminal = transitions()
R = jnp.full(S, -0.04).at[goal[0] * W + goal[1]].set(1.0).at[trap[0] * W + trap[1]].set(-1.0)
print("transition tensor:", P.shape, "rows sum to 1:", bool(jnp.allclose(P.sum(-1), 1.0)))


def q_values(V, R):
    return R[:, None] + GAMMA * jnp.einsum("sap,p->sa", P, V) * (~terminal)[:, None]


def value_iteration(R, tol=1e-6):
    def cond(c):
        return c[2] > tol

    def body(c):
        V, it, _ = c
        V_new = jnp.where(terminal, R, q_values(V, R).max(axis=1))
        return V_new, it + 1, jnp.max(jnp.abs(V_new - V))

    V, iters, _ = jax.lax.while_loop(cond, body, (jnp.zeros(S), 0, jnp.inf))
    return V, iters


V_vi, iters = jax.jit(value_iteration)(R)
pi_vi = jnp.argmax(q_values(V_vi, R), axis=1)
print("value iteration sweeps:", int(iters))
print("values:\n", jnp.round(V_vi.reshape(H, W), 3))
arrows = "^>v<*"
print("policy:\n" + "\n".join("".join(arrows[a] for a in row) for row in jnp.where(terminal, 4, pi_vi).reshape(H, W).tolist()))


def evaluate(pi):
    P_pi = P[jnp.arange(S), pi] * (~terminal)[:, None]
    return jnp.linalg.solve(jnp.eye(S) - GAMMA * P_pi, R)


def policy_iteration(pi):
    def cond(c):
        return c[2] & (c[1] < 20)

    def body(c):
        pi, it, _ = c
        V = evaluate(pi)
        q = q_values(V, R)
        # keep the current action unless another is better by a margin (ties would cycle)
        better = q.max(axis=1) > q[jnp.arange(S), pi] + 1e-6
        new = jnp.where(better, jnp.argmax(q, axis=1), pi)
        return new, it + 1, jnp.any(new != pi)

    return jax.lax.while_loop(cond, body, (pi, 0, True))


pi_pi, rounds, _ = jax.jit(policy_iteration)(jnp.zeros(S, jnp.int32))
V_pi = evaluate(pi_pi)
print("policy iteration rounds:", int(rounds), "| same values:", bool(jnp.allclose(V_pi, V_vi, atol=1e-4)))
print("same greedy actions on non-terminal states:", bool(jnp.all((pi_pi == pi_vi) | terminal)))


def soft_value(R, tau=0.1, sweeps=300):
    def body(V, _):
        return jnp.where(terminal, R, tau * jax.nn.logsumexp(q_values(V, R) / tau, axis=1)), None

    return jax.lax.scan(body, jnp.zeros(S), None, length=sweeps)[0]


V_soft = jax.jit(soft_value)(R)
print("soft values exceed hard values:", bool(jnp.all(V_soft >= V_vi - 1e-5)), "max gap:", round(float(jnp.max(V_soft - V_vi)), 4))
start = (H - 1) * W
dV = jax.grad(lambda R: soft_value(R)[start])(R)
print("d V(start) / d R:\n", jnp.round(dV.reshape(H, W), 3))
