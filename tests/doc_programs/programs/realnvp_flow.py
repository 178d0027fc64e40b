# A RealNVP normalizing flow on 2-D data: affine coupling layers from small MLPs, the exact
# log-likelihood with log-determinants, training with example_libraries.optimizers.adam under
# jit, and sampling through the inverse
import jax
import jax.numpy as jnp
from jax import random
from jax.example_libraries import optimizers, stax
from jax.scipy.stats import norm


def make_coupling(key, hidden=16):
    init, apply = stax.serial(stax.Dense(hidden), stax.Relu, stax.Dense(hidden), stax.Relu, stax.Dense(2))
    _, params = init(key, (-1, 1))
    return params, apply


keys = random.split(random.key(0), 4)
params, net_apply = [], None
for k in keys:
    p, net_apply = make_coupling(k)
    params.append(p)


def coupling_forward(p, x, flip):
    x1, x2 = (x[:, 1:], x[:, :1]) if flip else (x[:, :1], x[:, 1:])
    st = net_apply(p, x1)
    s, t = jnp.tanh(st[:, :1]), st[:, 1:]
    y2 = x2 * jnp.exp(s) + t
    y = jnp.concatenate([y2, x1], 1) if flip else jnp.concatenate([x1, y2], 1)
    return y, s.sum(1)


def coupling_inverse(p, y, flip):
    y1, y2 = (y[:, 1:], y[:, :1]) if flip else (y[:, :1], y[:, 1:])
    st = net_apply(p, y1)
    s, t = jnp.tanh(st[:, :1]), st[:, 1:]
    x2 = (y2 - t) * jnp.exp(-s)
    return jnp.concatenate([x2, y1], 1) if flip else jnp.concatenate([y1, x2], 1)


def log_prob(params, x):
    logdet = jnp.zeros(x.shape[0])
    for i, p in enumerate(params):
        x, ld = coupling_forward(p, x, i % 2 == 1)
        logdet = logdet + ld
    return norm.logpdf(x).sum(1) + logdet


def sample(params, key, n):
    z = random.normal(key, (n, 2))
    for i in reversed(range(len(params))):
        z = coupling_inverse(params[i], z, i % 2 == 1)
    return z


dkey = random.key(1)
angles = random.uniform(dkey, (256,), minval=0, maxval=2 * jnp.pi)
data = jnp.stack([jnp.cos(angles), jnp.sin(angles)], 1) * 2 + 0.1 * random.normal(dkey, (256, 2))
x_test = data[:3]
z, ld = coupling_forward(params[0], x_test, False)
print(jnp.allclose(coupling_inverse(params[0], z, False), x_test, atol=1e-5), ld.shape)
print("initial nll", -log_prob(params, data).mean())
opt_init, opt_update, get_params = optimizers.adam(1e-2)
state = opt_init(params)


@jax.jit
def step(i, state):
    loss, g = jax.value_and_grad(lambda p: -log_prob(p, data).mean())(get_params(state))
    return opt_update(i, g, state), loss


for i in range(60):
    state, loss = step(i, state)
print("trained nll", loss)
params = get_params(state)
s = sample(params, random.key(2), 500)
print(s.shape, jnp.round(jnp.mean(jnp.linalg.norm(s, axis=1)), 1))
jac = jax.jacfwd(lambda x: coupling_forward(params[0], x[None], False)[0][0])(x_test[0])
print(jnp.allclose(jnp.log(jnp.abs(jnp.linalg.det(jac))), coupling_forward(params[0], x_test[:1], False)[1][0], atol=1e-5))
