# Training an ensemble of small MLPs at once with vmap over initialization keys, with
# hand-written SGD-with-momentum and Adam over pytrees (the training-cookbook style)
import jax
import jax.numpy as jnp
from functools import partial


def init_mlp(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [{"w": jax.random.normal(k, (m, n)) * jnp.sqrt(2.0 / m), "b": jnp.zeros(n)}
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def forward(params, x):
    for layer in params[:-1]:
        x = jax.nn.relu(x @ layer["w"] + layer["b"])
    return x @ params[-1]["w"] + params[-1]["b"]


def loss_fn(params, x, y):
    return jnp.mean((forward(params, x)[:, 0] - y) ** 2)


key = jax.random.key(42)
xkey, ekey = jax.random.split(key)
x = jax.random.uniform(xkey, (32, 1), minval=-2, maxval=2)
y = jnp.sin(2 * x[:, 0])

sizes = [1, 16, 16, 1]
params = init_mlp(ekey, sizes)
print(jax.tree.map(jnp.shape, params))
print(loss_fn(params, x, y))


def adam_init(params):
    zeros = jax.tree.map(jnp.zeros_like, params)
    return {"m": zeros, "v": zeros, "t": jnp.array(0)}


def adam_update(grads, state, params, lr=0.01, b1=0.9, b2=0.999, eps=1e-8):
    t = state["t"] + 1
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state["m"], grads)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g ** 2, state["v"], grads)
    mhat = jax.tree.map(lambda m: m / (1 - b1 ** t), m)
    vhat = jax.tree.map(lambda v: v / (1 - b2 ** t), v)
    new = jax.tree.map(lambda p, m, v: p - lr * m / (jnp.sqrt(v) + eps), params, mhat, vhat)
    return new, {"m": m, "v": v, "t": t}


@jax.jit
def adam_step(params, state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    params, state = adam_update(grads, state, params)
    return params, state, loss


state = adam_init(params)
p = params
for i in range(30):
    p, state, loss = adam_step(p, state, x, y)
    if i % 10 == 0:
        print(i, loss)
print(state["t"], loss_fn(p, x, y))


@partial(jax.jit, static_argnames="lr")
def momentum_step(params, velocity, x, y, lr=0.05, beta=0.9):
    grads = jax.grad(loss_fn)(params, x, y)
    velocity = jax.tree.map(lambda v, g: beta * v + g, velocity, grads)
    params = jax.tree.map(lambda p, v: p - lr * v, params, velocity)
    return params, velocity


p, vel = params, jax.tree.map(jnp.zeros_like, params)
for _ in range(20):
    p, vel = momentum_step(p, vel, x, y)
print(loss_fn(p, x, y))

# An ensemble of 4 networks: vmap over the init keys, the state and the step.
ens_keys = jax.random.split(ekey, 4)
ens_params = jax.vmap(lambda k: init_mlp(k, sizes))(ens_keys)
print(jax.tree.map(jnp.shape, ens_params))
ens_state = jax.vmap(adam_init)(ens_params)
ens_step = jax.jit(jax.vmap(adam_step, in_axes=(0, 0, None, None)))
for i in range(30):
    ens_params, ens_state, ens_loss = ens_step(ens_params, ens_state, x, y)
print(ens_loss.shape)
print(ens_loss)
preds = jax.vmap(forward, in_axes=(0, None))(ens_params, x)
print(preds.shape)
mean, std = preds.mean(0)[:, 0], preds.std(0)[:, 0]
print(jnp.mean((mean - y) ** 2), std.mean())
print(jax.tree_util.tree_reduce(lambda a, b: a + b, jax.tree.map(jnp.size, params)))
