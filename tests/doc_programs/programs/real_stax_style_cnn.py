# A stax-style layer library written out by hand (each layer an (init_fun, apply_fun) pair,
# serial composition threading shapes), with Conv, MaxPool, Flatten, Dense, Relu and
# LogSoftmax, a small CNN on synthetic 12x12 digit-like images trained with momentum SGD
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax, random


def Conv(out_ch, k):
    def init(key, shape):
        n, h, w, c = shape
        W = random.normal(key, (k, k, c, out_ch)) * jnp.sqrt(2.0 / (k * k * c))
        return (n, h - k + 1, w - k + 1, out_ch), (W, jnp.zeros(out_ch))

    def apply(params, x):
        W, b = params
        return lax.conv_general_dilated(x, W, (1, 1), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC")) + b

    return init, apply


def MaxPool(p):
    def init(key, shape):
        n, h, w, c = shape
        return (n, h // p, w // p, c), ()

    def apply(params, x):
        return lax.reduce_window(x, -jnp.inf, lax.max, (1, p, p, 1), (1, p, p, 1), "VALID")

    return init, apply


def elementwise(fn):
    return (lambda key, shape: (shape, ())), (lambda params, x: fn(x))


def Flatten():
    return (lambda key, shape: ((shape[0], int(np.prod(shape[1:]))), ())), (lambda params, x: x.reshape(x.shape[0], -1))


def Dense(out):
    def init(key, shape):
        W = random.normal(key, (shape[-1], out)) * jnp.sqrt(1.0 / shape[-1])
        return shape[:-1] + (out,), (W, jnp.zeros(out))

    return init, lambda params, x: x @ params[0] + params[1]


def serial(*layers):
    inits, applies = zip(*layers)

    def init(key, shape):
        params = []
        for init_fn, k in zip(inits, random.split(key, len(layers))):
            shape, p = init_fn(k, shape)
            params.append(p)
        return shape, params

    def apply(params, x):
        for fn, p in zip(applies, params):
            x = fn(p, x)
        return x

    return init, apply


init_fn, apply_fn = serial(Conv(8, 3), elementwise(jax.nn.relu), MaxPool(2), Conv(16, 3), elementwise(jax.nn.relu), Flatten(), Dense(4), elementwise(jax.nn.log_softmax))
out_shape, params = init_fn(random.key(0), (-1, 12, 12, 1))
print("output shape", out_shape)
print("param shapes", [jax.tree.map(lambda a: a.shape, p) for p in params])

rng = np.random.default_rng(0)
labels = rng.integers(0, 4, size=256)
imgs = np.zeros((256, 12, 12, 1), np.float32)
for i, l in enumerate(labels):
    if l == 0:
        imgs[i, 2:10, 5:7] = 1
    elif l == 1:
        imgs[i, 5:7, 2:10] = 1
    elif l == 2:
        imgs[i, np.arange(2, 10), np.arange(2, 10)] = 1
    else:
        imgs[i, 3:9, 3:9] = 1
        imgs[i, 4:8, 4:8] = 0
imgs += 0.2 * rng.normal(size=imgs.shape).astype(np.float32)
X, Y = jnp.asarray(imgs), jnp.asarray(labels)


def loss(params, x, y):
    return -jnp.mean(jnp.take_along_axis(apply_fn(params, x), y[:, None], 1))


@jax.jit
def update(params, vel, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    vel = jax.tree.map(lambda v, g: 0.9 * v + g, vel, g)
    return jax.tree.map(lambda p, v: p - 0.05 * v, params, vel), vel, l


vel = jax.tree.map(jnp.zeros_like, params)
for epoch in range(6):
    for b in range(4):
        sl = slice(64 * b, 64 * (b + 1))
        params, vel, l = update(params, vel, X[sl], Y[sl])
    acc = jnp.mean(jnp.argmax(apply_fn(params, X), -1) == Y)
    print(f"epoch {epoch} loss {float(l):.4f} acc {float(acc):.3f}")
print("logits", apply_fn(params, X[:2]).shape, jnp.round(jnp.exp(apply_fn(params, X[:2])), 3))
