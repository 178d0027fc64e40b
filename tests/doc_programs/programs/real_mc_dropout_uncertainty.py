# Predictive uncertainty with Monte Carlo dropout: a regression MLP trained with dropout (a new
# key per step by fold_in), then many stochastic forward passes at test time by vmap over keys;
# predictive mean / variance, the epistemic part growing away from the data, a Gaussian NLL,
# expected calibration of central intervals, and deterministic inference with the same weights
import jax
import jax.numpy as jnp

N, H, RATE = 64, 64, 0.2
kx, kn, kp = jax.random.split(jax.random.key(19), 3)
x_train = jnp.sort(jax.random.uniform(kx, (N, 1), minval=-2.0, maxval=2.0), axis=0)
y_train = jnp.sin(2 * x_train) + 0.1 * jax.random.normal(kn, (N, 1))


def init(key):
    ks = jax.random.split(key, 3)
    dims = [(1, H), (H, H), (H, 1)]
    return [{"w": jax.random.normal(k, d) * jnp.sqrt(2.0 / d[0]), "b": jnp.zeros(d[1])} for k, d in zip(ks, dims)]


def forward(params, x, key=None):
    for i, layer in enumerate(params[:-1]):
        x = jax.nn.relu(x @ layer["w"] + layer["b"])
        if key is not None:
            keep = jax.random.bernoulli(jax.random.fold_in(key, i), 1 - RATE, x.shape)
            x = jnp.where(keep, x / (1 - RATE), 0.0)
    return x @ params[-1]["w"] + params[-1]["b"]


@jax.jit
def train_step(params, step):
    key = jax.random.fold_in(jax.random.key(0), step)
    loss, g = jax.value_and_grad(lambda p: jnp.mean((forward(p, x_train, key) - y_train) ** 2))(params)
    return jax.tree.map(lambda p, g: p - 0.05 * g, params, g), loss


params = init(kp)
for step in range(2000):
    params, loss = train_step(params, step)
    if step % 500 == 0:
        print(f"step {step}: loss {float(loss):.4f}")

x_test = jnp.linspace(-4.0, 4.0, 9)[:, None]


@jax.jit
def mc_predict(params, x, key, samples=200):
    preds = jax.vmap(lambda k: forward(params, x, k))(jax.random.split(key, samples))
    return preds.mean(0)[:, 0], preds.std(0)[:, 0], preds


mean, std, preds = mc_predict(params, x_test, jax.random.key(1))
print("MC samples:", preds.shape)
for xi, m, s in zip(x_test[:, 0], mean, std):
    print(f"x={float(xi):+.1f} mean {float(m):+.3f} std {float(s):.3f}")
inside = jnp.abs(x_test[:, 0]) <= 2.0
print("uncertainty larger outside the data:", bool(std[~inside].mean() > std[inside].mean()))
deterministic = forward(params, x_test)[:, 0]
print("deterministic vs MC mean (inside):", round(float(jnp.max(jnp.abs(deterministic - mean)[inside])), 3))

x_val = jnp.linspace(-2.0, 2.0, 50)[:, None]
y_val = jnp.sin(2 * x_val)[:, 0] + 0.1 * jax.random.normal(jax.random.key(5), (50,))
m_val, s_val, _ = mc_predict(params, x_val, jax.random.key(2))
total = jnp.sqrt(s_val**2 + 0.1**2)
nll = jnp.mean(0.5 * jnp.log(2 * jnp.pi * total**2) + 0.5 * ((y_val - m_val) / total) ** 2)
print("validation Gaussian NLL:", round(float(nll), 3))
from jax.scipy.stats import norm

for level in (0.5, 0.9):
    z = norm.ppf(0.5 + level / 2)
    cover = jnp.mean(jnp.abs(y_val - m_val) <= z * total)
    print(f"{int(level * 100)}% interval coverage: {float(cover):.2f}")
