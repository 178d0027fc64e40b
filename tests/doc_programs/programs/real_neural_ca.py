# Growing neural cellular automata (Mordvintsev et al.) in miniature: 8-channel cells on a
# 16x16 grid perceiving their neighbourhood with fixed Sobel and identity depthwise filters
# (feature_group_count), a per-cell 1x1 update network, stochastic updates from a random mask,
# alive masking by 3x3 max pooling (lax.reduce_window) of the alpha channel, trained with a few
# Adam steps to grow a target disc from a single seed over a scanned rollout
import jax
import jax.numpy as jnp

H = W = 16
C = 8
ident = jnp.array([[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 0.0]])
sobel_x = jnp.array([[-1.0, 0.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 0.0, 1.0]]) / 8
kernels = jnp.stack([ident, sobel_x, sobel_x.T], -1)[:, :, None, :]
kernels = jnp.tile(kernels, (1, 1, 1, C))


def perceive(x):
    return jax.lax.conv_general_dilated(x[None], kernels, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"), feature_group_count=C)[0]


def alive(x):
    pooled = jax.lax.reduce_window(x[..., 3], -jnp.inf, jax.lax.max, (3, 3), (1, 1), "SAME")
    return pooled > 0.1


def update(params, x, key):
    pre = alive(x)
    y = perceive(x)
    dx = jax.nn.relu(y @ params["w1"] + params["b1"]) @ params["w2"]
    fire = jax.random.uniform(key, (H, W, 1)) < 0.5
    x = x + dx * fire
    post = alive(x)
    return x * (pre & post)[..., None]


def rollout(params, x, key, steps=24):
    def body(x, k):
        x = update(params, x, k)
        return x, x[..., 3].sum()
    return jax.lax.scan(body, x, jax.random.split(key, steps))


yy, xx = jnp.mgrid[:H, :W]
target = ((yy - 7.5) ** 2 + (xx - 7.5) ** 2 < 25).astype(jnp.float32)
seed = jnp.zeros((H, W, C)).at[8, 8, 3:].set(1.0)
k1, k2 = jax.random.split(jax.random.key(0))
params = {"w1": jax.random.normal(k1, (3 * C, 32)) * 0.1, "b1": jnp.zeros(32), "w2": jnp.zeros((32, C))}
print("perception", perceive(seed).shape, "alive cells at seed", int(alive(seed).sum()))


def loss(params, key):
    x, _ = rollout(params, seed, key)
    return jnp.mean((jnp.clip(x[..., 3], 0, 1) - target) ** 2)


@jax.jit
def step(params, m, v, t, key):
    l, g = jax.value_and_grad(loss)(params, key)
    g = jax.tree.map(lambda g: g / (jnp.linalg.norm(g) + 1e-8), g)
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, v, g)
    params = jax.tree.map(lambda p, m, v: p - 2e-3 * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), params, m, v)
    return params, m, v, l


m = jax.tree.map(jnp.zeros_like, params)
v = jax.tree.map(jnp.zeros_like, params)
for t, k in enumerate(jax.random.split(k2, 40), start=1):
    params, m, v, l = step(params, m, v, t, k)
    if t % 10 == 0:
        print(f"step {t} loss {float(l):.4f}")
x, mass = jax.jit(rollout)(params, seed, jax.random.key(7))
print("alpha mass over time", jnp.round(mass[::6], 2))
for row in (x[..., 3] > 0.5)[::2, ::1].tolist():
    print("".join("#" if c else "." for c in row))
