# A neural ODE fit to a damped spiral: the vector field is a small MLP, trajectories come from
# jax.experimental.ode.odeint, the loss is the squared error at observation times, gradients
# flow through odeint's adjoint, training by momentum SGD; then a vmapped batch of initial
# conditions and the Jacobian of the flow map by jacrev (odeint is a custom_vjp: no jacfwd)
import jax
import jax.numpy as jnp
from jax import random
from jax.experimental.ode import odeint

A = jnp.array([[-0.1, 2.0], [-2.0, -0.1]])
ts = jnp.linspace(0.0, 2.0, 11)
y0 = jnp.array([2.0, 0.0])


def true_field(y, t):
    return A @ y


truth = odeint(true_field, y0, ts)
print("truth", truth.shape, truth[-1])


def init_mlp(key, sizes):
    keys = random.split(key, len(sizes) - 1)
    return [
        (random.normal(k, (m, n)) * 0.3, jnp.zeros(n))
        for k, m, n in zip(keys, sizes[:-1], sizes[1:])
    ]


def mlp(params, y):
    for w, b in params[:-1]:
        y = jnp.tanh(y @ w + b)
    w, b = params[-1]
    return y @ w + b


def field(y, t, params):
    return mlp(params, y)


def loss(params):
    pred = odeint(field, y0, ts, params, rtol=1e-5, atol=1e-5)
    return jnp.mean((pred - truth) ** 2)


params = init_mlp(random.key(0), [2, 16, 2])
print("initial loss", loss(params))
g = jax.grad(loss)(params)
print("grad shapes", jax.tree.map(jnp.shape, g))


@jax.jit
def step(params, vel):
    l, g = jax.value_and_grad(loss)(params)
    vel = jax.tree.map(lambda v, g: 0.9 * v - 0.05 * g, vel, g)
    return jax.tree.map(jnp.add, params, vel), vel, l


vel = jax.tree.map(jnp.zeros_like, params)
for i in range(15):
    params, vel, l = step(params, vel)
    if i % 5 == 0:
        print(f"iter {i} loss {l:.5f}")
print("final loss", loss(params))

batch = jnp.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.5]])
flows = jax.vmap(lambda y: odeint(field, y, ts, params)[-1])(batch)
print("batched endpoints", flows.shape)
try:
    jax.jvp(lambda y: odeint(true_field, y, ts), (y0,), (y0,))
except TypeError as e:
    print("jvp of odeint:", e)
J = jax.jacrev(lambda y: odeint(true_field, y, jnp.array([0.0, 1.0]))[-1])(y0)
print("flow jacobian", J)
print("matches expm", jnp.allclose(J, jax.scipy.linalg.expm(A), atol=1e-4))
dt_grad = jax.grad(lambda T: odeint(true_field, y0, jnp.array([0.0, T]))[-1, 0])(1.0)
print("d x(T) / dT", dt_grad)
