# jax.example_libraries: a stax convolutional classifier (Conv with strides, GeneralConv in
# NHWC, AvgPool / MaxPool / SumPool, BatchNorm, Flatten, Dropout in test mode, FanOut /
# FanInConcat), trained with optimizers (adamax, nesterov, adagrad, rmsprop_momentum) and
# schedules; clip_grads and l2_norm; the optimizer state packed and unpacked
import jax
import jax.numpy as jnp
import numpy.random as npr
from jax import random
from jax.example_libraries import optimizers, stax
from jax.example_libraries.stax import (AvgPool, BatchNorm, Conv, Dense, Dropout, FanInConcat, FanOut,
                                        Flatten, GeneralConv, Identity, LogSoftmax, MaxPool, Relu,
                                        SumPool, parallel, serial)

init_fn, apply_fn = serial(
    Conv(4, (3, 3), strides=(1, 1), padding="SAME"), Relu,
    MaxPool((2, 2), strides=(2, 2)),
    FanOut(2), parallel(Conv(2, (1, 1)), serial(AvgPool((3, 3), (1, 1), "SAME"), Conv(2, (1, 1)))),
    FanInConcat(axis=-1), BatchNorm(axis=(0, 1, 2)), Relu,
    SumPool((2, 2), (2, 2)), Flatten, Dropout(0.5, mode="test"), Dense(3), LogSoftmax)
rng = random.key(0)
out_shape, params = init_fn(rng, (-1, 8, 8, 1))
print(out_shape, len(params), jax.tree.map(jnp.shape, params[0]))

npr.seed(0)
images = jnp.asarray(npr.randn(12, 8, 8, 1), jnp.float32)
labels = jnp.asarray(npr.randint(0, 3, 12))
onehot = jax.nn.one_hot(labels, 3)


def loss(params, batch):
    x, y = batch
    return -jnp.mean(jnp.sum(apply_fn(params, x, rng=random.key(1)) * y, axis=1))


print(round(float(loss(params, (images, onehot))), 4))
g_init, g_apply = GeneralConv(("NHWC", "HWIO", "NHWC"), 5, (2, 2), strides=(2, 2), padding="VALID")
gshape, gparams = g_init(rng, (2, 8, 8, 1))
print(gshape, g_apply(gparams, images[:2]).shape, Identity[1]((), images).shape)

schedules = [optimizers.exponential_decay(0.05, 10, 0.5), optimizers.inverse_time_decay(0.05, 5, 1.),
             optimizers.polynomial_decay(0.05, 10, 0.001, 2.), optimizers.piecewise_constant([5, 10], [0.05, 0.02, 0.01])]
print([round(float(s(7)), 5) for s in schedules])

for name, opt in [("adamax", optimizers.adamax(0.01)), ("nesterov", optimizers.nesterov(0.01, 0.9)),
                  ("adagrad", optimizers.adagrad(0.05)),
                  ("rmsprop_momentum", optimizers.rmsprop_momentum(schedules[0]))]:
    opt_init, opt_update, get_params = opt
    state = opt_init(params)

    @jax.jit
    def step(i, state):
        p = get_params(state)
        l, g = jax.value_and_grad(loss)(p, (images, onehot))
        g = optimizers.clip_grads(g, 1.0)
        return l, opt_update(i, g, state)

    ls = []
    for i in range(5):
        l, state = step(i, state)
        ls.append(float(l))
    print(name, ls[-1] < ls[0])

grads = jax.grad(loss)(params, (images, onehot))
print(round(float(optimizers.l2_norm(grads)), 4), round(float(optimizers.l2_norm(optimizers.clip_grads(grads, 0.1))), 4))
packed = optimizers.unpack_optimizer_state(state)
restored = optimizers.pack_optimizer_state(packed)
print(type(packed).__name__, jax.tree.all(jax.tree.map(lambda a, b: bool(jnp.array_equal(a, b)),
                                                        get_params(restored), get_params(state))))
