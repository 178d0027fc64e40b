# DQN on a chain MDP with a replay buffer held in fixed-size arrays (ring-buffer writes by
# dynamic_update_slice / .at[].set), epsilon-greedy action selection with jax.random, a target
# network synced every few steps, Huber TD loss with stop_gradient targets, double-DQN targets
import jax
import jax.numpy as jnp

N_STATES, N_ACTIONS, CAP, BATCH, GAMMA = 6, 2, 64, 16, 0.9


def env(s, a):
    s2 = jnp.clip(s + jnp.where(a == 1, 1, -1), 0, N_STATES - 1)
    r = jnp.where(s2 == N_STATES - 1, 1.0, jnp.where(s2 == 0, 0.1, 0.0))
    done = s2 == N_STATES - 1
    return jnp.where(done, 0, s2), r, done


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (N_STATES, 32)) * 0.3, "b1": jnp.zeros(32),
            "w2": jax.random.normal(k2, (32, N_ACTIONS)) * 0.3, "b2": jnp.zeros(N_ACTIONS)}


def q_values(p, s):
    h = jax.nn.relu(jax.nn.one_hot(s, N_STATES) @ p["w1"] + p["b1"])
    return h @ p["w2"] + p["b2"]


def buffer_init():
    return {"s": jnp.zeros(CAP, jnp.int32), "a": jnp.zeros(CAP, jnp.int32), "r": jnp.zeros(CAP),
            "s2": jnp.zeros(CAP, jnp.int32), "d": jnp.zeros(CAP, bool), "ptr": jnp.array(0), "size": jnp.array(0)}


def buffer_add(buf, s, a, r, s2, d):
    i = buf["ptr"]
    new = {k: buf[k].at[i].set(v) for k, v in zip("s a r s2 d".split(), (s, a, r, s2, d))}
    new["ptr"] = (i + 1) % CAP
    new["size"] = jnp.minimum(buf["size"] + 1, CAP)
    return new


def huber(x, delta=1.0):
    return jnp.where(jnp.abs(x) < delta, 0.5 * x**2, delta * (jnp.abs(x) - 0.5 * delta))


def td_loss(p, target, batch):
    q = jnp.take_along_axis(q_values(p, batch["s"]), batch["a"][:, None], 1)[:, 0]
    next_a = jnp.argmax(q_values(p, batch["s2"]), -1)
    next_q = jnp.take_along_axis(q_values(target, batch["s2"]), next_a[:, None], 1)[:, 0]
    y = batch["r"] + GAMMA * jnp.where(batch["d"], 0.0, next_q)
    return jnp.mean(huber(q - jax.lax.stop_gradient(y)))


@jax.jit
def step(carry, t):
    p, target, buf, s, key = carry
    key, k_eps, k_act, k_idx = jax.random.split(key, 4)
    eps = jnp.maximum(0.05, 1.0 - t / 150)
    greedy = jnp.argmax(q_values(p, s))
    a = jnp.where(jax.random.uniform(k_eps) < eps, jax.random.randint(k_act, (), 0, N_ACTIONS), greedy)
    s2, r, d = env(s, a)
    buf = buffer_add(buf, s, a, r, s2, d)
    idx = jax.random.randint(k_idx, (BATCH,), 0, jnp.maximum(buf["size"], 1))
    batch = {k: buf[k][idx] for k in ("s", "a", "r", "s2", "d")}
    loss, g = jax.value_and_grad(td_loss)(p, target, batch)
    p = jax.tree.map(lambda w, gg: w - 0.1 * gg, p, g)
    target = jax.tree.map(lambda tw, w: jnp.where(t % 20 == 0, w, tw), target, p)
    return (p, target, buf, s2, key), (loss, r)


p = init(jax.random.key(0))
carry = (p, p, buffer_init(), jnp.array(0), jax.random.key(1))
carry, (losses, rewards) = jax.lax.scan(step, carry, jnp.arange(400))
p, target, buf, s, _ = carry
print("buffer", int(buf["size"]), int(buf["ptr"]), buf["s"].dtype, buf["d"].dtype)
print("loss", [round(float(x), 5) for x in losses.reshape(4, 100).mean(1)])
print("reward per 100", [round(float(x), 2) for x in rewards.reshape(4, 100).sum(1)])
q = q_values(p, jnp.arange(N_STATES))
print("greedy policy", jnp.argmax(q, -1))
print(jnp.round(q, 3))
print(jnp.round(huber(jnp.linspace(-2, 2, 5)), 3))
