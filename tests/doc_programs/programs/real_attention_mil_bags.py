# Multiple-instance learning with attention pooling (Ilse et al.): bags of variable numbers of
# instances padded to a maximum with a mask, gated attention weights with a masked softmax, bag
# labels positive iff any instance is a "key" instance, training with hand-written Adam, and the
# attention weights inspected to see that they single out the key instances
import jax
import jax.numpy as jnp

MAXN, D, H = 12, 6, 16
key = jax.random.key(13)
proto = jnp.array([2.0, -2.0, 2.0, 0.0, 0.0, 0.0])


def make_bags(key, n):
    k1, k2, k3, k4 = jax.random.split(key, 4)
    sizes = jax.random.randint(k1, (n,), 3, MAXN + 1)
    x = jax.random.normal(k2, (n, MAXN, D))
    mask = jnp.arange(MAXN)[None, :] < sizes[:, None]
    positive = jax.random.bernoulli(k3, 0.5, (n,))
    slot = jax.random.randint(k4, (n,), 0, 3)  # the key instance is one of the first three (always valid)
    is_key = (jnp.arange(MAXN)[None, :] == slot[:, None]) & positive[:, None]
    x = jnp.where(is_key[..., None], x + proto, x)
    return x, mask, positive.astype(jnp.float32), is_key


def init(key):
    ks = jax.random.split(key, 5)
    g = lambda k, *s: jax.random.normal(k, s) / jnp.sqrt(s[0])
    return {"emb": g(ks[0], D, H), "V": g(ks[1], H, 8), "U": g(ks[2], H, 8), "w": g(ks[3], 8, 1), "cls": g(ks[4], H, 1), "b": jnp.zeros(())}


def forward(p, x, mask):
    h = jax.nn.relu(x @ p["emb"])
    gate = jnp.tanh(h @ p["V"]) * jax.nn.sigmoid(h @ p["U"])
    scores = (gate @ p["w"])[..., 0]
    scores = jnp.where(mask, scores, -jnp.inf)
    a = jax.nn.softmax(scores, axis=-1)
    z = jnp.einsum("bn,bnh->bh", a, h)
    return (z @ p["cls"])[:, 0] + p["b"], a


def loss_fn(p, x, mask, y):
    logit, _ = forward(p, x, mask)
    return jnp.mean(jnp.logaddexp(0.0, logit) - y * logit)


x, mask, y, is_key = make_bags(key, 4)
_, a = forward(init(key), x, mask)
print("attention rows sum to 1:", jnp.round(a.sum(1), 5), "zero on padding:", bool(jnp.all(jnp.where(mask, True, a == 0))))


@jax.jit
def train_step(p, m, v, t, key):
    x, mask, y, _ = make_bags(key, 64)
    loss, g = jax.value_and_grad(loss_fn)(p, x, mask, y)
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, v, g)
    p = jax.tree.map(lambda p, m, v: p - 1e-2 * m / (1 - 0.9**t) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), p, m, v)
    return p, m, v, loss


params = init(jax.random.key(1))
m = v = jax.tree.map(jnp.zeros_like, params)
for t in range(1, 201):
    params, m, v, loss = train_step(params, m, v, t, jax.random.fold_in(key, t))
print("final training loss < 0.2:", bool(loss < 0.2))
x, mask, y, is_key = make_bags(jax.random.key(500), 256)
logit, a = jax.jit(forward)(params, x, mask)
print("bag accuracy > 0.9:", bool(jnp.mean((logit > 0) == (y > 0)) > 0.9))
pos = y > 0
top = jnp.argmax(a, 1)
hit = jnp.take_along_axis(is_key, top[:, None], 1)[:, 0]
print("attention peaks on the key instance in positive bags > 0.8:", bool(jnp.sum(hit & pos) / jnp.sum(pos) > 0.8))
print("mean attention on key vs other (positive bags):", bool(jnp.sum(a * is_key) / jnp.sum(pos) > 0.5))
