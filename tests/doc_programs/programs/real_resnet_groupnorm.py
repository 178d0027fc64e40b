# A small ResNet with GroupNorm trained on synthetic 12x12 RGB images of oriented stripes:
# lax.conv_general_dilated with NHWC / HWIO dimension numbers, strided downsampling with a 1x1
# projection shortcut, group normalisation by reshaping channels into groups, global average
# pooling, SGD with Nesterov momentum and decoupled weight decay on conv kernels only (a mask from
# tree_map_with_path), a cosine learning-rate schedule, and per-class accuracy
import jax
import jax.numpy as jnp

C_IN, NCLS, N = 3, 4, 256
key = jax.random.key(21)


def make_data(key, n):
    k1, k2, k3 = jax.random.split(key, 3)
    labels = jax.random.randint(k1, (n,), 0, NCLS)
    angle = labels * jnp.pi / NCLS
    yy, xx = jnp.mgrid[0:12, 0:12]
    phase = jax.random.uniform(k2, (n, 1, 1)) * 2 * jnp.pi
    proj = jnp.cos(angle)[:, None, None] * xx + jnp.sin(angle)[:, None, None] * yy
    img = jnp.sin(proj * 1.2 + phase)[..., None] * jnp.array([1.0, 0.6, 0.3])
    return img + 0.3 * jax.random.normal(k3, img.shape), labels


X, Y = make_data(key, N)
Xte, Yte = make_data(jax.random.key(22), 128)
print("images:", X.shape, X.dtype, "class counts:", jnp.bincount(Y, length=NCLS))


def conv(x, w, stride=1):
    return jax.lax.conv_general_dilated(x, w, (stride, stride), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))


def group_norm(x, scale, bias, groups=4, eps=1e-5):
    n, h, w, c = x.shape
    g = x.reshape(n, h, w, groups, c // groups)
    mean = g.mean(axis=(1, 2, 4), keepdims=True)
    var = g.var(axis=(1, 2, 4), keepdims=True)
    g = (g - mean) * jax.lax.rsqrt(var + eps)
    return g.reshape(n, h, w, c) * scale + bias


def he(k, shape):
    fan_in = shape[0] * shape[1] * shape[2]
    return jax.random.normal(k, shape) * jnp.sqrt(2.0 / fan_in)


def init(key):
    ks = jax.random.split(key, 8)
    block = lambda k1, k2, cin, cout, proj: {
        "conv1": he(k1, (3, 3, cin, cout)), "gn1": {"scale": jnp.ones(cout), "bias": jnp.zeros(cout)},
        "conv2": he(k2, (3, 3, cout, cout)), "gn2": {"scale": jnp.ones(cout), "bias": jnp.zeros(cout)},
        **({"proj": he(jax.random.fold_in(k1, 1), (1, 1, cin, cout))} if proj else {}),
    }
    return {
        "stem": he(ks[0], (3, 3, C_IN, 8)),
        "block1": block(ks[1], ks[2], 8, 8, False),
        "block2": block(ks[3], ks[4], 8, 16, True),
        "head": {"w": jax.random.normal(ks[5], (16, NCLS)) * 0.1, "b": jnp.zeros(NCLS)},
    }


def block_apply(p, x, stride):
    h = jax.nn.relu(group_norm(conv(x, p["conv1"], stride), **p["gn1"]))
    h = group_norm(conv(h, p["conv2"]), **p["gn2"])
    short = conv(x, p["proj"], stride) if "proj" in p else x
    return jax.nn.relu(h + short)


def model(p, x):
    x = jax.nn.relu(conv(x, p["stem"]))
    x = block_apply(p["block1"], x, 1)
    x = block_apply(p["block2"], x, 2)
    x = x.mean(axis=(1, 2))
    return x @ p["head"]["w"] + p["head"]["b"]


params = init(jax.random.key(0))
print("feature map after block2:", jax.eval_shape(lambda p, x: block_apply(p["block2"], x, 2), params, jnp.zeros((2, 12, 12, 8))).shape)
decay_mask = jax.tree_util.tree_map_with_path(lambda path, x: x.ndim == 4, params)
print("decayed leaves:", sum(jax.tree.leaves(decay_mask)), "of", len(jax.tree.leaves(params)))


def loss_fn(p, x, y):
    logits = model(p, x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1)), logits


STEPS = 50


@jax.jit
def train_step(p, mom, step, x, y):
    lr = 0.05 * 0.5 * (1 + jnp.cos(jnp.pi * step / STEPS))
    (loss, logits), g = jax.value_and_grad(loss_fn, has_aux=True)(p, x, y)
    mom = jax.tree.map(lambda m, g: 0.9 * m + g, mom, g)
    upd = jax.tree.map(lambda m, g: g + 0.9 * m, mom, g)  # Nesterov
    p = jax.tree.map(lambda p, u, d: p - lr * u - lr * 5e-4 * p * d, p, upd, decay_mask)
    return p, mom, loss, jnp.mean(jnp.argmax(logits, -1) == y)


mom = jax.tree.map(jnp.zeros_like, params)
for step in range(STEPS):
    idx = jax.random.permutation(jax.random.fold_in(key, step), N)[:64]
    params, mom, loss, acc = train_step(params, mom, step, X[idx], Y[idx])
    if step % 25 == 0:
        print(f"step {step}: loss {float(loss):.3f}")
pred = jnp.argmax(jax.jit(model)(params, Xte), -1)
per_class = jnp.array([jnp.mean(pred[Yte == c] == c) for c in range(NCLS)])
print("test accuracy > 0.7:", bool(jnp.mean(pred == Yte) > 0.7), "per-class all > 0.4:", bool(jnp.all(per_class > 0.4)))
print("confusion matrix shape:", jnp.zeros((NCLS, NCLS), jnp.int32).at[Yte, pred].add(1).shape)
