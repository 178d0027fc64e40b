# A stochastic differential equation by Euler-Maruyama and Milstein schemes: an Ornstein-
# Uhlenbeck process checked against its closed-form mean and variance, geometric Brownian motion
# with a strong-order comparison on shared Brownian increments, and a neural drift fitted to
# sample paths by differentiating through the simulator with the reparameterised noise
import jax
import jax.numpy as jnp

DT, STEPS, PATHS = 0.01, 200, 2000


def euler_maruyama(drift, diffusion, x0, key, args=None):
    dW = jax.random.normal(key, (STEPS,) + x0.shape) * jnp.sqrt(DT)

    def body(x, inp):
        t, dw = inp
        x = x + drift(x, t, args) * DT + diffusion(x, t, args) * dw
        return x, x

    ts = jnp.arange(STEPS) * DT
    _, xs = jax.lax.scan(body, x0, (ts, dW))
    return xs


theta, mu, sigma = 2.0, 1.0, 0.5
ou = euler_maruyama(lambda x, t, a: theta * (mu - x), lambda x, t, a: sigma, jnp.zeros(PATHS), jax.random.key(0))
T = STEPS * DT
print(ou.shape, ou.dtype)
print("OU mean", round(float(ou[-1].mean()), 3), round(mu * (1 - jnp.exp(-theta * T)).item(), 3))
print("OU var ", round(float(ou[-1].var()), 3), round(sigma**2 / (2 * theta) * (1 - jnp.exp(-2 * theta * T)).item(), 3))

r, vol = 0.05, 0.4
dW = jax.random.normal(jax.random.key(1), (STEPS, PATHS)) * jnp.sqrt(DT)


def gbm(scheme):
    def body(x, dw):
        x_new = x + r * x * DT + vol * x * dw
        if scheme == "milstein":
            x_new = x_new + 0.5 * vol**2 * x * (dw**2 - DT)
        return x_new, None

    return jax.lax.scan(body, jnp.ones(PATHS), dW)[0]


exact = jnp.exp((r - 0.5 * vol**2) * T + vol * dW.sum(0))
for s in ("euler", "milstein"):
    print(s, "strong error", round(float(jnp.mean(jnp.abs(gbm(s) - exact))), 4))


def drift_net(x, t, p):
    h = jnp.tanh(p["w1"] * x + p["b1"])
    return jnp.sum(p["w2"] * h)


params = {"w1": jnp.linspace(-1, 1, 8), "b1": jnp.zeros(8), "w2": jnp.zeros(8)}
target = ou[::20, :256]


def loss(p, key):
    xs = euler_maruyama(jax.vmap(drift_net, (0, None, None)), lambda x, t, a: sigma, jnp.zeros(256), key, p)
    return jnp.mean((xs[::20].mean(1) - target.mean(1)) ** 2) + jnp.mean((xs[::20].std(1) - target.std(1)) ** 2)


grad_fn = jax.jit(jax.value_and_grad(loss))
key = jax.random.key(5)
for i in range(40):
    key, k = jax.random.split(key)
    l, g = grad_fn(params, k)
    params = jax.tree.map(lambda a, b: a - 0.5 * b, params, g)
    if i % 10 == 0:
        print(i, round(float(l), 5))
xs = jnp.linspace(-0.5, 2.0, 6)
print("learned drift", jnp.round(jax.vmap(drift_net, (0, None, None))(xs, 0.0, params), 2))
print("true drift   ", jnp.round(theta * (mu - xs), 2))
