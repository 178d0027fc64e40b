# The Muon optimizer: momentum on matrix parameters orthogonalised by a quintic Newton-Schulz
# iteration, AdamW on vectors (biases, norms), the two chosen per leaf with jax.tree.map over a
# label tree, a small MLP regression trained with each and the orthogonality of the update
# checked by its singular values
import jax
import jax.numpy as jnp


def newton_schulz(g, steps=5):
    a, b, c = 3.4445, -4.7750, 2.0315
    x = g / (jnp.linalg.norm(g) + 1e-7)
    transpose = g.shape[0] > g.shape[1]
    if transpose:
        x = x.T
    for _ in range(steps):
        A = x @ x.T
        B = b * A + c * A @ A
        x = a * x + B @ x
    return x.T if transpose else x


def init(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "l1": {"w": jax.random.normal(k1, (8, 32)) / jnp.sqrt(8.0), "b": jnp.zeros(32)},
        "l2": {"w": jax.random.normal(k2, (32, 32)) / jnp.sqrt(32.0), "b": jnp.zeros(32)},
        "out": {"w": jax.random.normal(k3, (32, 1)) / jnp.sqrt(32.0), "b": jnp.zeros(1)},
    }


def model(p, x):
    h = jax.nn.relu(x @ p["l1"]["w"] + p["l1"]["b"])
    h = jax.nn.relu(h @ p["l2"]["w"] + p["l2"]["b"])
    return (h @ p["out"]["w"] + p["out"]["b"])[:, 0]


X = jax.random.normal(jax.random.key(0), (128, 8))
Y = jnp.sin(X[:, 0]) + 0.5 * X[:, 1] * X[:, 2]
loss = lambda p: jnp.mean((model(p, X) - Y) ** 2)
params = init(jax.random.key(1))
labels = jax.tree.map(lambda p: "muon" if p.ndim == 2 and min(p.shape) > 1 else "adam", params)
print("labels", jax.tree.leaves(labels))


def muon_update(g, buf, lr=0.02, beta=0.95):
    buf = beta * buf + g
    u = newton_schulz(g + beta * buf)
    scale = jnp.sqrt(jnp.maximum(1.0, g.shape[0] / g.shape[1]))
    return -lr * scale * u, buf


def adam_update(g, m, v, t, lr=3e-3, wd=0.0):
    m = 0.9 * m + 0.1 * g
    v = 0.999 * v + 0.001 * g * g
    u = (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return -lr * u, m, v


@jax.jit
def step(params, state, t):
    l, g = jax.value_and_grad(loss)(params)

    def leaf(label, p, g, m, v):
        if label == "muon":
            u, m = muon_update(g, m)
        else:
            u, m, v = adam_update(g, m, v, t)
        return p + u, m, v

    out = jax.tree.map(leaf, labels, params, g, state["m"], state["v"])
    is_out = lambda x: isinstance(x, tuple)
    params = jax.tree.map(lambda o: o[0], out, is_leaf=is_out)
    m = jax.tree.map(lambda o: o[1], out, is_leaf=is_out)
    v = jax.tree.map(lambda o: o[2], out, is_leaf=is_out)
    return params, {"m": m, "v": v}, l


state = {"m": jax.tree.map(jnp.zeros_like, params), "v": jax.tree.map(jnp.zeros_like, params)}
for t in range(1, 151):
    params, state, l = step(params, state, t)
    if t % 50 == 0:
        print(f"step {t} loss {float(l):.4f}")
g = jax.random.normal(jax.random.key(2), (16, 32))
s = jnp.linalg.svd(newton_schulz(g), compute_uv=False)
print("orthogonalised singular values in [%.2f, %.2f]" % (float(s.min()), float(s.max())))
print("shapes", jax.tree.map(jnp.shape, params))
