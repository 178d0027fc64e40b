# A flax-like CNN written by hand: conv_general_dilated (NHWC), batch statistics normalization,
# max / average pooling by reduce_window, an AdamW optimizer written with tree.map, training on
# synthetic images, and evaluation under jit and vmap
import jax
import jax.numpy as jnp
from jax import lax, random


def init_conv(key, k, cin, cout):
    fan_in = k * k * cin
    return {"w": random.normal(key, (k, k, cin, cout)) * jnp.sqrt(2. / fan_in), "b": jnp.zeros(cout)}


def init_dense(key, nin, nout):
    return {"w": random.normal(key, (nin, nout)) * jnp.sqrt(1. / nin), "b": jnp.zeros(nout)}


def init(key):
    k1, k2, k3 = random.split(key, 3)
    return {"conv1": init_conv(k1, 3, 1, 4), "conv2": init_conv(k2, 3, 4, 8),
            "dense": init_dense(k3, 8, 2), "bn_scale": jnp.ones(4), "bn_bias": jnp.zeros(4)}


def conv(p, x, stride=1):
    y = lax.conv_general_dilated(x, p["w"], (stride, stride), "SAME",
                                 dimension_numbers=("NHWC", "HWIO", "NHWC"))
    return y + p["b"]


def batch_norm(x, scale, bias, eps=1e-5):
    mean = x.mean(axis=(0, 1, 2))
    var = x.var(axis=(0, 1, 2))
    return (x - mean) / jnp.sqrt(var + eps) * scale + bias


def max_pool(x, k=2):
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, k, k, 1), (1, k, k, 1), "VALID")


def avg_pool(x, k=2):
    return lax.reduce_window(x, 0., lax.add, (1, k, k, 1), (1, k, k, 1), "VALID") / (k * k)


def apply(params, x):
    x = jax.nn.relu(batch_norm(conv(params["conv1"], x), params["bn_scale"], params["bn_bias"]))
    x = max_pool(x)
    x = jax.nn.gelu(conv(params["conv2"], x, stride=2))
    x = avg_pool(x).mean(axis=(1, 2))
    return x @ params["dense"]["w"] + params["dense"]["b"]


def make_data(key, n=32):
    imgs = random.normal(key, (n, 8, 8, 1)) * 0.3
    labels = jnp.arange(n) % 2
    stripe = jnp.zeros((8, 8, 1)).at[:, 3:5].set(1.)
    return imgs + labels[:, None, None, None] * stripe, labels


def loss_fn(params, imgs, labels):
    logits = apply(params, imgs)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=1))


def adamw_init(params):
    zeros = jax.tree.map(jnp.zeros_like, params)
    return {"m": zeros, "v": zeros, "t": jnp.zeros((), jnp.int32)}


def adamw_update(grads, state, params, lr=0.01, b1=0.9, b2=0.999, eps=1e-8, wd=1e-4):
    t = state["t"] + 1
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state["m"], grads)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, state["v"], grads)
    mhat = jax.tree.map(lambda m: m / (1 - b1 ** t), m)
    vhat = jax.tree.map(lambda v: v / (1 - b2 ** t), v)
    new = jax.tree.map(lambda p, m, v: p - lr * (m / (jnp.sqrt(v) + eps) + wd * p), params, mhat, vhat)
    return new, {"m": m, "v": v, "t": t}


@jax.jit
def train_step(params, opt_state, imgs, labels):
    loss, grads = jax.value_and_grad(loss_fn)(params, imgs, labels)
    params, opt_state = adamw_update(grads, opt_state, params)
    return params, opt_state, loss


params = init(random.key(0))
print(jax.tree.map(jnp.shape, params))
print(apply(params, jnp.zeros((2, 8, 8, 1))).shape)
imgs, labels = make_data(random.key(1))
opt_state = adamw_init(params)
losses = []
for step in range(40):
    params, opt_state, loss = train_step(params, opt_state, imgs, labels)
    losses.append(float(loss))
print(round(losses[0], 3), losses[-1] < losses[0], int(opt_state["t"]))
acc = jnp.mean(jnp.argmax(apply(params, imgs), -1) == labels)
print(float(acc) >= 0.9)
per_example = jax.vmap(lambda im: apply(params, im[None])[0])(imgs[:4])
print(per_example.shape)
n_params = sum(x.size for x in jax.tree.leaves(params))
print(n_params)
