# REINFORCE with a baseline on a 1-D corridor: episodes rolled out by lax.scan with
# random.categorical actions, discounted returns by a reverse scan, a softmax policy over
# one-hot states trained by policy gradients, vmapped over a batch of episodes
from functools import partial

import jax
import jax.numpy as jnp
from jax import random

N_STATES, N_ACTIONS, HORIZON, GAMMA = 6, 2, 12, 0.9


def env_step(state, action):
    nxt = jnp.clip(state + jnp.where(action == 1, 1, -1), 0, N_STATES - 1)
    reward = jnp.where(nxt == N_STATES - 1, 1.0, -0.05)
    return nxt, reward


def policy_logits(theta, state):
    return theta[state]


def rollout(theta, key):
    def step(carry, k):
        state, done = carry
        action = random.categorical(k, policy_logits(theta, state))
        nxt, reward = env_step(state, action)
        reward = jnp.where(done, 0.0, reward)
        return (nxt, done | (nxt == N_STATES - 1)), (state, action, reward, done)

    keys = random.split(key, HORIZON)
    _, traj = jax.lax.scan(step, (jnp.array(0), jnp.array(False)), keys)
    return traj


def discounted_returns(rewards):
    def back(acc, r):
        acc = r + GAMMA * acc
        return acc, acc

    _, out = jax.lax.scan(back, 0.0, rewards, reverse=True)
    return out


def episode_loss(theta, traj, baseline):
    states, actions, rewards, done = traj
    returns = discounted_returns(rewards)
    logp = jax.nn.log_softmax(theta[states])
    chosen = jnp.take_along_axis(logp, actions[:, None], axis=1)[:, 0]
    adv = jax.lax.stop_gradient(returns - baseline)
    return -jnp.sum(jnp.where(done, 0.0, chosen * adv)), returns[0]


@partial(jax.jit, static_argnames="batch")
def train_step(theta, baseline, key, batch=16):
    trajs = jax.vmap(rollout, in_axes=(None, 0))(theta, random.split(key, batch))
    (loss, ret0), g = jax.vmap(jax.value_and_grad(episode_loss, has_aux=True), in_axes=(None, 0, None))(
        theta, trajs, baseline
    )
    theta = theta - 0.5 * g.mean(0)
    baseline = 0.9 * baseline + 0.1 * ret0.mean()
    return theta, baseline, ret0.mean()


theta = jnp.zeros((N_STATES, N_ACTIONS))
traj = rollout(theta, random.key(0))
print([x.shape for x in traj], [x.dtype for x in traj])
print(discounted_returns(jnp.array([0.0, 0.0, 1.0])))
baseline = jnp.array(0.0)
key = random.key(1)
history = []
for it in range(40):
    key, sub = random.split(key)
    theta, baseline, avg = train_step(theta, baseline, sub)
    history.append(float(avg))
print(f"{history[0]:.3f}", history[-1] > history[0])
probs = jax.nn.softmax(theta, axis=-1)
print(bool(jnp.all(probs[:-1, 1] > 0.5)), probs.shape)
greedy = jnp.argmax(theta, axis=-1)
print(greedy[:-1])
counts = jnp.bincount(random.categorical(random.key(5), jnp.log(jnp.array([0.2, 0.8])), shape=(1000,)), length=2)
print(counts.sum(), bool(counts[1] > counts[0]))
print(jax.make_jaxpr(env_step)(jnp.array(2), jnp.array(1)))
