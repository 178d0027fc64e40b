# Multi-armed Bernoulli bandits: Thompson sampling with Beta posteriors (jax.random.beta),
# UCB1 and epsilon-greedy policies run for 500 rounds in a jitted lax.scan, vmapped over 16
# independent bandit problems with their own keys; cumulative regret per policy, pull counts
# and the Beta posterior means of one run
import jax
import jax.numpy as jnp

K, T, RUNS = 5, 500, 16
probs = jnp.array([0.1, 0.3, 0.45, 0.5, 0.6])


def thompson(state, key, t):
    a, b = state
    return jnp.argmax(jax.random.beta(key, a, b))


def ucb(state, key, t):
    a, b = state
    n = a + b - 2
    mean = (a - 1) / jnp.maximum(n, 1)
    bonus = jnp.sqrt(2 * jnp.log(t + 1.0) / jnp.maximum(n, 1))
    return jnp.argmax(jnp.where(n == 0, jnp.inf, mean + bonus))


def eps_greedy(state, key, t, eps=0.1):
    a, b = state
    k1, k2 = jax.random.split(key)
    greedy = jnp.argmax((a - 1) / jnp.maximum(a + b - 2, 1))
    return jnp.where(jax.random.uniform(k1) < eps, jax.random.randint(k2, (), 0, K), greedy)


def run(policy, key):
    def step(state, inp):
        key, t = inp
        k1, k2 = jax.random.split(key)
        arm = policy(state, k1, t)
        r = jax.random.bernoulli(k2, probs[arm]).astype(jnp.float32)
        a, b = state
        state = (a.at[arm].add(r), b.at[arm].add(1 - r))
        return state, (arm, probs.max() - probs[arm])

    init = (jnp.ones(K), jnp.ones(K))
    state, (arms, regret) = jax.lax.scan(step, init, (jax.random.split(key, T), jnp.arange(T)))
    return state, arms, jnp.cumsum(regret)


keys = jax.random.split(jax.random.key(3), RUNS)
for name, pol in (("thompson", thompson), ("ucb", ucb), ("eps-greedy", eps_greedy)):
    state, arms, regret = jax.jit(jax.vmap(lambda k: run(pol, k)))(keys)
    counts = jax.vmap(lambda a: jnp.bincount(a, length=K))(arms).mean(0)
    print(f"{name:10s} regret@100 {float(regret[:, 99].mean()):.2f} @500 {float(regret[:, -1].mean()):.2f} pulls {jnp.round(counts, 1)}")
state, _, _ = run(thompson, keys[0])
print("posterior means", jnp.round(state[0] / (state[0] + state[1]), 3))
print("beta sample", jnp.round(jax.random.beta(jax.random.key(0), jnp.array([2.0, 5.0]), jnp.array([5.0, 2.0])), 4))
