# Model-predictive control by the cross-entropy method on a point mass reaching a goal around an
# obstacle: action sequences sampled from a Gaussian, rolled out by scan under vmap, the elite
# fraction chosen by lax.top_k, the distribution refit for a few iterations in a fori_loop, the
# first action executed in a receding-horizon scan, with the total cost reported
import jax
import jax.numpy as jnp

HORIZON, POP, ELITE, ITERS = 15, 128, 16, 5
GOAL = jnp.array([2.0, 2.0])
OBST, RADIUS = jnp.array([1.0, 1.0]), 0.4


def dynamics(state, action):
    pos, vel = state[:2], state[2:]
    vel = 0.9 * vel + 0.1 * jnp.clip(action, -1.0, 1.0)
    pos = pos + 0.2 * vel
    return jnp.concatenate([pos, vel])


def cost(state, action):
    pos = state[:2]
    d_obst = jnp.linalg.norm(pos - OBST)
    return jnp.sum((pos - GOAL) ** 2) + 0.01 * jnp.sum(action**2) + 50.0 * jax.nn.relu(RADIUS - d_obst)


def rollout_cost(state, actions):
    def body(s, a):
        s = dynamics(s, a)
        return s, cost(s, a)

    _, costs = jax.lax.scan(body, state, actions)
    return costs.sum()


def cem(state, key, mean):
    std = jnp.full_like(mean, 0.8)

    def body(i, carry):
        mean, std = carry
        eps = jax.random.normal(jax.random.fold_in(key, i), (POP,) + mean.shape)
        samples = mean + std * eps
        costs = jax.vmap(rollout_cost, (None, 0))(state, samples)
        _, idx = jax.lax.top_k(-costs, ELITE)
        elite = samples[idx]
        return 0.2 * mean + 0.8 * elite.mean(0), 0.2 * std + 0.8 * elite.std(0) + 1e-3

    mean, std = jax.lax.fori_loop(0, ITERS, body, (mean, std))
    return mean, std


@jax.jit
def mpc(state0, key, steps=40):
    def body(carry, k):
        state, plan = carry
        plan, std = cem(state, k, plan)
        action = plan[0]
        state = dynamics(state, action)
        plan = jnp.concatenate([plan[1:], jnp.zeros((1, 2))])
        return (state, plan), (state, cost(state, action), std.mean())

    (state, _), (traj, costs, stds) = jax.lax.scan(body, (state0, jnp.zeros((HORIZON, 2))), jax.random.split(key, steps))
    return traj, costs, stds


traj, costs, stds = mpc(jnp.zeros(4), jax.random.key(0))
print(traj.shape, traj.dtype)
print("final pos", jnp.round(traj[-1, :2], 2), "dist", round(float(jnp.linalg.norm(traj[-1, :2] - GOAL)), 3))
print("min obstacle distance", round(float(jnp.min(jnp.linalg.norm(traj[:, :2] - OBST, axis=1))), 3))
print("cost every 10", jnp.round(costs[::10], 3))
print("std shrinks", bool(stds[-1] < 0.8))
vals, idx = jax.lax.top_k(jnp.array([3.0, 1.0, 4.0, 1.0, 5.0]), 3)
print(vals, idx, idx.dtype)
