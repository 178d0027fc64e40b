# Optimizers written by hand over pytrees (the "Training a simple neural network" and cookbook
# style): SGD with momentum, Nesterov, Adagrad, RMSProp, Adam with bias correction, AdamW with a
# decay mask, global-norm clipping, a cosine schedule; all fit the same logistic regression
import jax
import jax.numpy as jnp

kx, kw = jax.random.split(jax.random.key(3))
X = jax.random.normal(kx, (64, 3))
true_w = jnp.array([1.5, -2.0, 0.5])
y = (X @ true_w + 0.3 > 0).astype(jnp.float32)
params = {"w": jnp.zeros(3), "b": jnp.zeros(())}


def loss(p):
    logits = X @ p["w"] + p["b"]
    return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)


def sgd_momentum(lr=0.5, beta=0.9, nesterov=False):
    def init(p):
        return jax.tree.map(jnp.zeros_like, p)

    def update(g, m, p, t):
        m = jax.tree.map(lambda m, g: beta * m + g, m, g)
        d = jax.tree.map(lambda m, g: beta * m + g, m, g) if nesterov else m
        return jax.tree.map(lambda p, d: p - lr * d, p, d), m

    return init, update


def adagrad(lr=0.5, eps=1e-8):
    return (lambda p: jax.tree.map(jnp.zeros_like, p),
            lambda g, s, p, t: ((lambda s: (jax.tree.map(lambda p, g, s: p - lr * g / (jnp.sqrt(s) + eps), p, g, s), s))(
                jax.tree.map(lambda s, g: s + g * g, s, g))))


def rmsprop(lr=0.05, decay=0.9, eps=1e-8):
    def update(g, s, p, t):
        s = jax.tree.map(lambda s, g: decay * s + (1 - decay) * g * g, s, g)
        return jax.tree.map(lambda p, g, s: p - lr * g / (jnp.sqrt(s) + eps), p, g, s), s

    return lambda p: jax.tree.map(jnp.zeros_like, p), update


def adam(lr=0.1, b1=0.9, b2=0.999, eps=1e-8, wd=0.0, mask=None):
    def init(p):
        z = jax.tree.map(jnp.zeros_like, p)
        return (z, z)

    def update(g, state, p, t):
        m, v = state
        m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, m, g)
        v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, v, g)
        mhat = jax.tree.map(lambda m: m / (1 - b1 ** t), m)
        vhat = jax.tree.map(lambda v: v / (1 - b2 ** t), v)
        decay = mask if mask is not None else jax.tree.map(lambda _: True, p)
        new = jax.tree.map(lambda p, mh, vh, d: p - lr * (mh / (jnp.sqrt(vh) + eps) + (wd * p if d else 0.0)),
                           p, mhat, vhat, decay)
        return new, (m, v)

    return init, update


def clip_by_global_norm(g, max_norm):
    norm = jnp.sqrt(sum(jnp.sum(x ** 2) for x in jax.tree.leaves(g)))
    scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
    return jax.tree.map(lambda x: x * scale, g), norm


def cosine(step, total, base):
    return base * 0.5 * (1 + jnp.cos(jnp.pi * jnp.minimum(step, total) / total))


def fit(opt, steps=60, clip=None):
    init, update = opt
    state = init(params)

    @jax.jit
    def step(p, s, t):
        l, g = jax.value_and_grad(loss)(p)
        if clip is not None:
            g, _ = clip_by_global_norm(g, clip)
        p, s = update(g, s, p, t)
        return p, s, l

    p = params
    for t in range(1, steps + 1):
        p, state, l = step(p, state, jnp.float32(t))
    return p, loss(p)


for name, opt in [("momentum", sgd_momentum()), ("nesterov", sgd_momentum(nesterov=True)),
                  ("adagrad", adagrad()), ("rmsprop", rmsprop()), ("adam", adam()),
                  ("adamw", adam(wd=0.01, mask={"w": True, "b": False}))]:
    p, l = fit(opt)
    print(name, jnp.round(l, 4), jnp.round(p["w"] / jnp.linalg.norm(p["w"]), 3))

p, l = fit(adam(), clip=0.1)
print("clipped", jnp.round(l, 4))
g = jax.grad(loss)(params)
cg, n = clip_by_global_norm(g, 0.01)
print(jnp.round(n, 5), jnp.round(jnp.sqrt(sum(jnp.sum(x ** 2) for x in jax.tree.leaves(cg))), 5))
print([float(jnp.round(cosine(s, 10, 0.1), 5)) for s in (0, 5, 10, 20)])
