# A diagonal linear state-space layer (S4D / LRU style): complex diagonal recurrence
# discretised by zero-order hold, the sequence computed three ways (a Python loop, lax.scan and
# lax.associative_scan) and checked equal, stacked into a small model trained on a delayed-copy
# task, with gradients through the associative scan and a vmap over the batch
import jax
import jax.numpy as jnp
from jax import lax, random

N, H, T = 8, 4, 32


def init(key):
    k = random.split(key, 5)
    return {"log_neg_re": jnp.log(0.5 * jnp.ones(N)), "im": jnp.pi * jnp.arange(N, dtype=jnp.float32),
            "log_dt": jnp.log(0.05) * jnp.ones(()), "B": random.normal(k[0], (N, H)) * 0.5,
            "C_re": random.normal(k[1], (H, N)) * 0.5, "C_im": random.normal(k[2], (H, N)) * 0.5,
            "D": jnp.zeros(H), "w_in": random.normal(k[3], (1, H)), "w_out": random.normal(k[4], (H, 1)) * 0.3}


def discretize(p):
    lam = -jnp.exp(p["log_neg_re"]) + 1j * p["im"]
    dt = jnp.exp(p["log_dt"])
    a = jnp.exp(lam * dt)
    b = ((a - 1) / lam)[:, None] * p["B"]
    return a, b


def combine(x, y):
    a1, b1 = x
    a2, b2 = y
    return a1 * a2, a2 * b1 + b2


def ssm_assoc(p, u):
    a, b = discretize(p)
    bu = u.astype(jnp.complex64) @ b.T
    _, xs = lax.associative_scan(combine, (jnp.broadcast_to(a, bu.shape), bu))
    C = p["C_re"] + 1j * p["C_im"]
    return (xs @ C.T).real + p["D"] * u


def ssm_scan(p, u):
    a, b = discretize(p)
    C = p["C_re"] + 1j * p["C_im"]
    _, xs = lax.scan(lambda x, ut: ((a * x + b @ ut.astype(jnp.complex64)),) * 2,
                     jnp.zeros(N, jnp.complex64), u)
    return (xs @ C.T).real + p["D"] * u


def ssm_loop(p, u):
    a, b = discretize(p)
    C = p["C_re"] + 1j * p["C_im"]
    x, ys = jnp.zeros(N, jnp.complex64), []
    for t in range(u.shape[0]):
        x = a * x + b @ u[t].astype(jnp.complex64)
        ys.append((C @ x).real + p["D"] * u[t])
    return jnp.stack(ys)


params = init(random.key(0))
u = random.normal(random.key(1), (T, H))
y1, y2, y3 = ssm_assoc(params, u), ssm_scan(params, u), ssm_loop(params, u)
print(y1.shape, y1.dtype, bool(jnp.allclose(y1, y2, atol=1e-4)), bool(jnp.allclose(y1, y3, atol=1e-4)))
a, b = discretize(params)
print(a.dtype, b.shape, bool(jnp.all(jnp.abs(a) < 1)))


def model(p, x):
    h = x[:, None] @ p["w_in"]
    h = h + jax.nn.gelu(ssm_assoc(p, h))
    return (h @ p["w_out"])[:, 0]


def loss(p, xs, delay=3):
    preds = jax.vmap(model, in_axes=(None, 0))(p, xs)
    target = jnp.pad(xs, ((0, 0), (delay, 0)))[:, :T]
    return jnp.mean((preds - target) ** 2)


@jax.jit
def step(p, xs):
    l, g = jax.value_and_grad(loss)(p, xs)
    return jax.tree.map(lambda w, d: w - 0.05 * d, p, g), l


xs = random.normal(random.key(2), (16, T))
l0 = loss(params, xs)
for i in range(200):
    params, l = step(params, xs)
print(round(float(l0), 3), bool(l < 0.7 * l0))
g = jax.grad(lambda p: ssm_assoc(p, u).sum())(params)
print(g["im"].dtype, g["B"].shape, bool(jnp.isfinite(g["log_dt"])))
print(lax.associative_scan(jnp.add, jnp.arange(6)), lax.associative_scan(jnp.maximum, jnp.array([1, 3, 2, 5, 4]), reverse=True))
print(lax.associative_scan(combine, (jnp.full(4, 0.5), jnp.ones(4)))[1])
