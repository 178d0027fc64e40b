# PPO on a toy 1-D control task: a Gaussian policy and a value head in one pytree, rollouts by
# lax.scan with split keys, generalized advantage estimation by a reverse scan, the clipped
# surrogate objective with an entropy bonus, and minibatch epochs over shuffled indices
import jax
import jax.numpy as jnp

GAMMA, LAM, CLIP, T = 0.97, 0.9, 0.2, 32


def init(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "w1": jax.random.normal(k1, (2, 32)) * 0.5,
        "b1": jnp.zeros(32),
        "pi": jax.random.normal(k2, (32,)) * 0.1,
        "v": jax.random.normal(k3, (32,)) * 0.1,
        "log_std": jnp.array(-0.5),
    }


def heads(p, obs):
    h = jnp.tanh(obs @ p["w1"] + p["b1"])
    return h @ p["pi"], h @ p["v"]


def env_step(state, action):
    pos, vel = state
    vel = 0.9 * vel + 0.1 * jnp.clip(action, -2.0, 2.0)
    pos = pos + 0.1 * vel
    reward = -(pos**2) - 0.01 * action**2
    return (pos, vel), reward


def log_prob(mean, log_std, a):
    return -0.5 * ((a - mean) / jnp.exp(log_std)) ** 2 - log_std - 0.5 * jnp.log(2 * jnp.pi)


def rollout(p, key, start):
    def body(state, k):
        obs = jnp.stack(state)
        mean, value = heads(p, obs)
        a = mean + jnp.exp(p["log_std"]) * jax.random.normal(k)
        new_state, r = env_step(state, a)
        return new_state, (obs, a, r, value, log_prob(mean, p["log_std"], a))

    final, traj = jax.lax.scan(body, start, jax.random.split(key, T))
    _, last_value = heads(p, jnp.stack(final))
    return traj, last_value


def gae(rewards, values, last_value):
    next_values = jnp.append(values[1:], last_value)
    deltas = rewards + GAMMA * next_values - values

    def body(acc, d):
        acc = d + GAMMA * LAM * acc
        return acc, acc

    _, adv = jax.lax.scan(body, 0.0, deltas, reverse=True)
    return adv, adv + values


def ppo_loss(p, obs, actions, old_logp, adv, returns):
    mean, value = jax.vmap(heads, (None, 0))(p, obs)
    logp = log_prob(mean, p["log_std"], actions)
    ratio = jnp.exp(logp - old_logp)
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    surrogate = jnp.minimum(ratio * adv, jnp.clip(ratio, 1 - CLIP, 1 + CLIP) * adv)
    entropy = p["log_std"] + 0.5 * jnp.log(2 * jnp.pi * jnp.e)
    v_loss = jnp.mean((value - returns) ** 2)
    clip_frac = jnp.mean(jnp.abs(ratio - 1) > CLIP)
    return -surrogate.mean() + 0.5 * v_loss - 0.01 * entropy, (v_loss, clip_frac)


@jax.jit
def update(p, key):
    k_roll, k_perm = jax.random.split(key)
    starts = (jnp.array(1.0), jnp.array(0.0))
    (obs, actions, rewards, values, logps), last_value = rollout(p, k_roll, starts)
    adv, returns = gae(rewards, values, last_value)
    perm = jax.random.permutation(k_perm, T).reshape(4, T // 4)

    def epoch(p, idx):
        (loss, aux), g = jax.value_and_grad(ppo_loss, has_aux=True)(
            p, obs[idx], actions[idx], logps[idx], adv[idx], returns[idx]
        )
        p = jax.tree.map(lambda w, d: w - 0.05 * d, p, g)
        return p, (loss, *aux)

    p, stats = jax.lax.scan(epoch, p, perm)
    return p, rewards.sum(), stats


params = init(jax.random.key(0))
key = jax.random.key(1)
for it in range(12):
    key, sub = jax.random.split(key)
    params, ret, (loss, v_loss, clip_frac) = update(params, sub)
    if it % 3 == 0:
        print(it, f"return={float(ret):.4f} loss={float(loss[-1]):.4f} vloss={float(v_loss[-1]):.4f}",
              f"clipfrac={float(clip_frac.mean()):.3f}")
adv, ret = gae(jnp.ones(5), jnp.zeros(5), jnp.array(2.0))
print(jnp.round(adv, 4), jnp.round(ret, 4))
print(float(params["log_std"]), jax.tree.map(jnp.shape, params))
