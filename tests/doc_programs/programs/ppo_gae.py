# Reinforcement learning pieces: discounted returns and generalized advantage estimates by
# reverse lax.scan, a categorical policy's log-probabilities, PPO's clipped surrogate loss and
# its gradient, entropy bonus, and minibatches by random.permutation
import jax
import jax.numpy as jnp
from jax import lax, random


def discounted_returns(rewards, dones, gamma=0.99):
    def step(ret, inp):
        r, d = inp
        ret = r + gamma * ret * (1 - d)
        return ret, ret
    _, out = lax.scan(step, 0.0, (rewards, dones), reverse=True)
    return out


def gae(rewards, values, dones, last_value, gamma=0.99, lam=0.95):
    next_values = jnp.append(values[1:], last_value)

    def step(adv, inp):
        r, v, nv, d = inp
        delta = r + gamma * nv * (1 - d) - v
        adv = delta + gamma * lam * (1 - d) * adv
        return adv, adv
    _, advs = lax.scan(step, 0.0, (rewards, values, next_values, dones), reverse=True)
    return advs


rewards = jnp.array([1.0, 0.0, 0.5, 1.0, 0.0, 2.0])
dones = jnp.array([0.0, 0.0, 1.0, 0.0, 0.0, 1.0])
values = jnp.array([0.5, 0.4, 0.3, 0.6, 0.2, 0.1])
print(discounted_returns(rewards, dones))
adv = gae(rewards, values, dones, 0.0)
print(jnp.round(adv, 4))
T, A, D = 6, 3, 4
obs = random.normal(random.key(0), (T, D))
params = {"w": random.normal(random.key(1), (D, A)) * 0.1, "b": jnp.zeros(A)}
actions = random.categorical(random.key(2), jnp.zeros((T, A)))
print(actions)


def log_probs(params, obs, actions):
    logits = obs @ params["w"] + params["b"]
    logp = jax.nn.log_softmax(logits)
    return jnp.take_along_axis(logp, actions[:, None], 1)[:, 0], logp


old_logp, _ = log_probs(params, obs, actions)


def ppo_loss(params, obs, actions, adv, old_logp, clip=0.2, ent_coef=0.01):
    logp, all_logp = log_probs(params, obs, actions)
    ratio = jnp.exp(logp - old_logp)
    norm_adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    surrogate = jnp.minimum(ratio * norm_adv, jnp.clip(ratio, 1 - clip, 1 + clip) * norm_adv)
    entropy = -jnp.sum(jnp.exp(all_logp) * all_logp, -1).mean()
    return -surrogate.mean() - ent_coef * entropy, (ratio, entropy)


(l, (ratio, ent)), g = jax.value_and_grad(ppo_loss, has_aux=True)(params, obs, actions, adv, old_logp)
print(l, ratio, ent)
print(jax.tree.map(jnp.shape, g))
for epoch in range(3):
    perm = random.permutation(random.key(epoch), T)
    for mb in perm.reshape(2, 3):
        g = jax.grad(lambda p: ppo_loss(p, obs[mb], actions[mb], adv[mb], old_logp[mb])[0])(params)
        params = jax.tree.map(lambda p, g: p - 0.1 * g, params, g)
print(ppo_loss(params, obs, actions, adv, old_logp)[1][0])
