# A resnet50-ish network with jax.example_libraries.stax, trained a few steps with momentum
import numpy.random as npr
import jax
import jax.numpy as jnp
from jax import jit, grad, random
from jax.example_libraries import optimizers, stax
from jax.example_libraries.stax import (AvgPool, BatchNorm, Conv, Dense, FanInSum, FanOut, Flatten,
                                        GeneralConv, Identity, MaxPool, Relu, LogSoftmax)


def ConvBlock(kernel_size, filters, strides=(2, 2)):
    ks = kernel_size
    filters1, filters2, filters3 = filters
    Main = stax.serial(
        Conv(filters1, (1, 1), strides), BatchNorm(), Relu,
        Conv(filters2, (ks, ks), padding='SAME'), BatchNorm(), Relu,
        Conv(filters3, (1, 1)), BatchNorm())
    Shortcut = stax.serial(Conv(filters3, (1, 1), strides), BatchNorm())
    return stax.serial(FanOut(2), stax.parallel(Main, Shortcut), FanInSum, Relu)


def IdentityBlock(kernel_size, filters):
    ks = kernel_size
    filters1, filters2 = filters

    def make_main(input_shape):
        return stax.serial(
            Conv(filters1, (1, 1)), BatchNorm(), Relu,
            Conv(filters2, (ks, ks), padding='SAME'), BatchNorm(), Relu,
            Conv(input_shape[3], (1, 1)), BatchNorm())

    Main = stax.shape_dependent(make_main)
    return stax.serial(FanOut(2), stax.parallel(Main, Identity), FanInSum, Relu)


def ResNetTiny(num_classes):
    return stax.serial(
        GeneralConv(('HWCN', 'OIHW', 'NHWC'), 8, (3, 3), (1, 1), 'SAME'),
        BatchNorm(), Relu, MaxPool((2, 2), strides=(2, 2)),
        ConvBlock(3, [4, 4, 8], strides=(1, 1)),
        IdentityBlock(3, [4, 4]),
        ConvBlock(3, [8, 8, 16]),
        IdentityBlock(3, [8, 8]),
        AvgPool((2, 2)), Flatten, Dense(num_classes), LogSoftmax)


rng_key = random.key(0)
batch_size, num_classes = 4, 5
input_shape = (16, 16, 3, batch_size)
step_size = 0.1
init_fun, predict_fun = ResNetTiny(num_classes)
out_shape, init_params = init_fun(rng_key, input_shape)
print(out_shape)
print(len(init_params), jax.tree.structure(init_params).num_leaves)
print(sum(x.size for x in jax.tree.leaves(init_params)))


def loss(params, batch):
    inputs, targets = batch
    logits = predict_fun(params, inputs)
    return -jnp.sum(logits * targets)


def accuracy(params, batch):
    inputs, targets = batch
    target_class = jnp.argmax(targets, axis=-1)
    predicted_class = jnp.argmax(predict_fun(params, inputs), axis=-1)
    return jnp.mean(predicted_class == target_class)


def synth_batches():
    rng = npr.RandomState(0)
    while True:
        images = rng.rand(*input_shape).astype('float32')
        labels = rng.randint(num_classes, size=(batch_size, 1))
        onehot_labels = labels == jnp.arange(num_classes)
        yield images, onehot_labels


opt_init, opt_update, get_params = optimizers.momentum(step_size, mass=0.9)
batches = synth_batches()


@jit
def update(i, opt_state, batch):
    params = get_params(opt_state)
    return opt_update(i, grad(loss)(params, batch), opt_state)


opt_state = opt_init(init_params)
first = next(batches)
print(round(float(loss(init_params, first)), 3))
for i in range(5):
    opt_state = update(i, opt_state, next(batches))
trained_params = get_params(opt_state)
print(round(float(loss(trained_params, first)), 3), float(accuracy(trained_params, first)))
print(predict_fun(trained_params, first[0]).shape)
print(jnp.allclose(jnp.exp(predict_fun(trained_params, first[0])).sum(-1), 1., atol=1e-5))
