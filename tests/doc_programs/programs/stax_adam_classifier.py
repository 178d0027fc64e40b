# example_libraries: a stax classifier (Dense / Relu / LogSoftmax / Dropout in serial, parallel
# branches with FanOut / FanInConcat) trained with optimizers.adam and an exponential decay
# schedule, then momentum and rmsprop_momentum, with l2 regularization and accuracy
import jax
import jax.numpy as jnp
from jax import random
from jax.example_libraries import stax, optimizers

key = random.key(0)
k_data, k_init, k_drop = random.split(key, 3)
X = random.normal(k_data, (64, 5))
labels = (X[:, 0] + 0.5 * X[:, 1] > 0).astype(jnp.int32) + (X[:, 2] > 1).astype(jnp.int32)
Y = jax.nn.one_hot(labels, 3)

init_fn, apply_fn = stax.serial(
    stax.Dense(16), stax.Relu,
    stax.FanOut(2), stax.parallel(stax.Dense(8), stax.Dense(8)), stax.FanInConcat(),
    stax.Tanh, stax.Dense(3), stax.LogSoftmax)
out_shape, params = init_fn(k_init, (-1, 5))
print(out_shape, len(params), [jax.tree.map(jnp.shape, p) for p in params[:4]])


def loss(params, batch):
    x, y = batch
    logp = apply_fn(params, x)
    l2 = sum(jnp.sum(w ** 2) for w in jax.tree.leaves(params))
    return -jnp.mean(jnp.sum(logp * y, axis=1)) + 1e-4 * l2


def accuracy(params, batch):
    x, y = batch
    return jnp.mean(jnp.argmax(apply_fn(params, x), axis=1) == jnp.argmax(y, axis=1))


schedule = optimizers.exponential_decay(0.05, decay_steps=10, decay_rate=0.5)
print([round(float(schedule(i)), 5) for i in (0, 10, 25)])
for name, opt in [("adam", optimizers.adam(schedule)),
                  ("momentum", optimizers.momentum(0.05, mass=0.9)),
                  ("rmsprop_momentum", optimizers.rmsprop_momentum(0.01))]:
    opt_init, opt_update, get_params = opt
    opt_state = opt_init(params)

    @jax.jit
    def step(i, opt_state, batch):
        p = get_params(opt_state)
        value, g = jax.value_and_grad(loss)(p, batch)
        return opt_update(i, g, opt_state), value

    for i in range(60):
        opt_state, value = step(i, opt_state, (X, Y))
    trained = get_params(opt_state)
    print(name, round(float(value), 3), round(float(accuracy(trained, (X, Y))), 3))

# dropout needs an rng in training mode and is the identity in test mode
d_init, d_apply = stax.serial(stax.Dense(4), stax.Dropout(0.5, mode="train"))
_, dp = d_init(k_init, (-1, 5))
print(d_apply(dp, X[:2], rng=k_drop).shape)
t_init, t_apply = stax.Dropout(0.5, mode="test")
print(jnp.allclose(t_apply((), X[:2]), X[:2]))
# unpack / pack optimizer state to save and resume
opt_init, opt_update, get_params = optimizers.adam(1e-3)
state = opt_init(params)
packed = optimizers.unpack_optimizer_state(state)
print(type(packed).__name__, jax.tree.structure(optimizers.pack_optimizer_state(packed)) == jax.tree.structure(state))
print(jnp.round(optimizers.l2_norm(params), 4) > 0, optimizers.clip_grads({"g": jnp.array([3., 4.])}, 1.)["g"])
