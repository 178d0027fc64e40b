# Branching dynamics with lax.switch: a grid-world environment whose step dispatches on the
# action index (out-of-range indices clamp to the last branch), rolled out by lax.scan and batched
# by vmap (the switch becomes a select over all branches), a piecewise learning-rate schedule with
# switch over phase indices, activations chosen by index with gradients through the switch,
# branches returning pytrees, lax.cond with several operands, and the jaxprs' branch counts
import jax
import jax.numpy as jnp

SIZE = 5


def up(s):
    return {"pos": s["pos"].at[0].set(jnp.maximum(s["pos"][0] - 1, 0)), "energy": s["energy"] - 1}


def down(s):
    return {"pos": s["pos"].at[0].set(jnp.minimum(s["pos"][0] + 1, SIZE - 1)), "energy": s["energy"] - 1}


def left(s):
    return {"pos": s["pos"].at[1].set(jnp.maximum(s["pos"][1] - 1, 0)), "energy": s["energy"] - 1}


def right(s):
    return {"pos": s["pos"].at[1].set(jnp.minimum(s["pos"][1] + 1, SIZE - 1)), "energy": s["energy"] - 1}


def rest(s):
    return {"pos": s["pos"], "energy": jnp.minimum(s["energy"] + 2, 10)}


BRANCHES = [up, down, left, right, rest]


def step(s, a):
    s = jax.lax.switch(a, BRANCHES, s)
    reward = jnp.where(jnp.all(s["pos"] == SIZE - 1), 10.0, -0.1)
    return s, reward


def rollout(actions):
    s0 = {"pos": jnp.zeros(2, jnp.int32), "energy": jnp.int32(10)}
    return jax.lax.scan(step, s0, actions)


actions = jnp.array([1, 1, 3, 3, 4, 1, 1, 3, 3, 7])
final, rewards = jax.jit(rollout)(actions)
print(final, rewards.sum())
print(jax.lax.switch(-3, BRANCHES, {"pos": jnp.array([2, 2]), "energy": jnp.int32(5)}))
batch = jax.random.randint(jax.random.key(0), (16, 20), 0, 5)
finals, rs = jax.jit(jax.vmap(rollout))(batch)
print(finals["pos"].shape, rs.shape, finals["energy"].dtype, int(finals["energy"].min()) >= -20)


def lr_schedule(step, base=1e-3, warmup=100, decay_start=1000, total=2000):
    phase = jnp.searchsorted(jnp.array([warmup, decay_start]), step, side="right")
    return jax.lax.switch(
        phase,
        [
            lambda s: base * s / warmup,
            lambda s: jnp.asarray(base, jnp.float32) + 0.0 * s,
            lambda s: base * 0.5 * (1 + jnp.cos(jnp.pi * jnp.minimum(s - decay_start, total - decay_start) / (total - decay_start))),
        ],
        step.astype(jnp.float32),
    )


steps = jnp.array([0, 50, 100, 500, 1000, 1500, 2000, 3000])
print(jax.vmap(lr_schedule)(steps))
ACTS = [jax.nn.relu, jnp.tanh, jax.nn.gelu, lambda x: x]


def act(i, x):
    return jax.lax.switch(i, ACTS, x)


x = jnp.linspace(-2, 2, 5)
print(jnp.stack([act(i, x) for i in range(4)]).shape, jax.vmap(act, (0, None))(jnp.arange(4), x)[1])
grads = jax.vmap(jax.grad(lambda x, i: act(i, x).sum(), argnums=0), (None, 0))(x, jnp.arange(4))
print(grads)
out = jax.lax.cond(x.sum() > 0, lambda a, b: (a + b, a * b), lambda a, b: (a - b, a / b), x, 2.0)
print(out)
jaxpr = jax.make_jaxpr(step)({"pos": jnp.zeros(2, jnp.int32), "energy": jnp.int32(0)}, 1)
eqn = [e for e in jaxpr.eqns if e.primitive.name == "cond"][0]
print(len(eqn.params["branches"]), [e.primitive.name for e in jaxpr.eqns][:3])
