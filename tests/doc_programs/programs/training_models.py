# Small models trained with plain SGD: a transformer block, a CNN with lax.conv, an RNN with
# lax.scan, and per-example gradients (the "Training a simple neural network" patterns)
import jax
import jax.numpy as jnp
from jax import lax

key = jax.random.key(0)
k1, k2, k3, k4, k5, k6 = jax.random.split(key, 6)
D, T, H = 8, 4, 2


def layer_norm(x, g, b, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return g * (x - mu) / jnp.sqrt(var + eps) + b


def attention(p, x):
    q, k, v = (x @ p[n] for n in ("wq", "wk", "wv"))
    split = lambda t: t.reshape(T, H, D // H).transpose(1, 0, 2)
    q, k, v = split(q), split(k), split(v)
    s = q @ k.transpose(0, 2, 1) / jnp.sqrt(D // H)
    mask = jnp.tril(jnp.ones((T, T), bool))
    s = jnp.where(mask, s, -1e9)
    o = jax.nn.softmax(s, axis=-1) @ v
    return o.transpose(1, 0, 2).reshape(T, D) @ p["wo"]


def block(p, x):
    x = x + attention(p, layer_norm(x, p["g1"], p["b1"]))
    h = jax.nn.gelu(layer_norm(x, p["g2"], p["b2"]) @ p["w1"])
    return x + h @ p["w2"]


def init(key):
    ks = jax.random.split(key, 6)
    n = lambda k, s: jax.random.normal(k, s) * 0.1
    return {"wq": n(ks[0], (D, D)), "wk": n(ks[1], (D, D)), "wv": n(ks[2], (D, D)),
            "wo": n(ks[3], (D, D)), "w1": n(ks[4], (D, 2 * D)), "w2": n(ks[5], (2 * D, D)),
            "g1": jnp.ones(D), "b1": jnp.zeros(D), "g2": jnp.ones(D), "b2": jnp.zeros(D)}


params = init(k1)
xs = jax.random.normal(k2, (3, T, D))
ys = jnp.roll(xs, 1, axis=1)


def loss(p, x, y):
    return jnp.mean((jax.vmap(block, (None, 0))(p, x) - y) ** 2)


@jax.jit
def sgd(p, x, y, lr=0.1):
    l, g = jax.value_and_grad(loss)(p, x, y)
    return jax.tree.map(lambda a, b: a - lr * b, p, g), l


for step in range(4):
    params, l = sgd(params, xs, ys)
    print(step, round(float(l), 4))
print(jax.tree.map(jnp.shape, params)["w1"], jax.tree_util.tree_structure(params).num_leaves)

# --- a small CNN: conv -> relu -> max pool -> dense
img = jax.random.normal(k3, (4, 1, 8, 8))
labels = jnp.array([0, 1, 2, 1])
cnn = {"w": jax.random.normal(k4, (3, 1, 3, 3)) * 0.3, "d": jax.random.normal(k5, (3 * 4 * 4, 3)) * 0.1}


def cnn_apply(p, x):
    y = lax.conv_general_dilated(x, p["w"], (1, 1), "SAME", dimension_numbers=("NCHW", "OIHW", "NCHW"))
    y = jax.nn.relu(y)
    y = lax.reduce_window(y, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
    return y.reshape(x.shape[0], -1) @ p["d"]


def cnn_loss(p, x, t):
    logp = jax.nn.log_softmax(cnn_apply(p, x))
    return -jnp.mean(jnp.take_along_axis(logp, t[:, None], axis=1))


print(cnn_apply(cnn, img).shape)
for step in range(3):
    l, g = jax.value_and_grad(cnn_loss)(cnn, img, labels)
    cnn = jax.tree.map(lambda a, b: a - 0.5 * b, cnn, g)
    print("cnn", step, round(float(l), 4))
print(jnp.argmax(cnn_apply(cnn, img), axis=1))

# --- an RNN with lax.scan
rnn = {"wx": jax.random.normal(k6, (2, 5)) * 0.5, "wh": jnp.eye(5) * 0.5, "wo": jnp.ones((5, 1)) * 0.1}
seq = jnp.sin(jnp.linspace(0, 3, 12)).reshape(6, 2)
target = jnp.cos(jnp.linspace(0, 3, 6)).reshape(6, 1)


def rnn_apply(p, xs):
    def cell(h, x):
        h = jnp.tanh(x @ p["wx"] + h @ p["wh"])
        return h, h @ p["wo"]
    h, out = lax.scan(cell, jnp.zeros(5), xs)
    return h, out


def rnn_loss(p):
    return jnp.mean((rnn_apply(p, seq)[1] - target) ** 2)


for step in range(3):
    l, g = jax.value_and_grad(rnn_loss)(rnn)
    norm = jnp.sqrt(sum(jnp.sum(v ** 2) for v in jax.tree.leaves(g)))
    g = jax.tree.map(lambda v: v * jnp.minimum(1., 1. / norm), g)
    rnn = jax.tree.map(lambda a, b: a - 0.3 * b, rnn, g)
    print("rnn", step, round(float(l), 4), round(float(norm), 4))
print(jax.make_jaxpr(rnn_loss)(rnn).eqns[-1].primitive if False else rnn_apply(rnn, seq)[1].shape)

# --- per-example gradients with vmap(grad), then clipped and averaged (DP-SGD style)
w = jnp.array([0.5, -0.3])
X = jnp.array([[1., 2.], [3., 4.], [-1., 0.5]])
Y = jnp.array([1., 0., 1.])


def example_loss(w, x, y):
    return (jax.nn.sigmoid(x @ w) - y) ** 2


per_ex = jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(w, X, Y)
print(jnp.round(per_ex, 5))
norms = jnp.linalg.norm(per_ex, axis=1)
clipped = per_ex / jnp.maximum(1., norms / 0.1)[:, None]
print(jnp.round(norms, 5), jnp.round(clipped.mean(0), 5))
print(jnp.allclose(per_ex.mean(0), jax.grad(lambda w: jax.vmap(example_loss, (None, 0, 0))(w, X, Y).mean())(w)))
print(jnp.round(jax.jacrev(lambda w: jax.vmap(example_loss, (None, 0, 0))(w, X, Y))(w), 5))
print(jnp.round(jax.hessian(lambda w: example_loss(w, X[0], Y[0]))(w), 5))
hvp = lambda f, x, v: jax.jvp(jax.grad(f), (x,), (v,))[1]
print(jnp.round(hvp(lambda w: example_loss(w, X[1], Y[1]), w, jnp.array([1., 0.])), 5))
