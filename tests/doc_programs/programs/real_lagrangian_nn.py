# Lagrangian dynamics by automatic differentiation (as in Lagrangian Neural Networks): the
# equations of motion q'' = (d2L/dqdot2)^-1 (dL/dq - d2L/dqdot dq qdot) from jax.hessian / jacfwd /
# grad of an analytic double-pendulum Lagrangian, integrated by RK4 in lax.scan, energy drift
# measured, and a small MLP Lagrangian trained to match the accelerations of a harmonic oscillator
import jax
import jax.numpy as jnp

m1 = m2 = l1 = l2 = 1.0
g = 9.8


def lagrangian_pendulum(q, qd):
    t1, t2 = q
    w1, w2 = qd
    T = 0.5 * (m1 + m2) * l1**2 * w1**2 + 0.5 * m2 * l2**2 * w2**2 + m2 * l1 * l2 * w1 * w2 * jnp.cos(t1 - t2)
    V = -(m1 + m2) * g * l1 * jnp.cos(t1) - m2 * g * l2 * jnp.cos(t2)
    return T - V


def energy(q, qd):
    t1, t2 = q
    w1, w2 = qd
    T = 0.5 * (m1 + m2) * l1**2 * w1**2 + 0.5 * m2 * l2**2 * w2**2 + m2 * l1 * l2 * w1 * w2 * jnp.cos(t1 - t2)
    V = -(m1 + m2) * g * l1 * jnp.cos(t1) - m2 * g * l2 * jnp.cos(t2)
    return T + V


def accelerations(L):
    def f(q, qd):
        hess_qd = jax.hessian(L, 1)(q, qd)
        grad_q = jax.grad(L, 0)(q, qd)
        mixed = jax.jacfwd(jax.grad(L, 1), 0)(q, qd)
        return jnp.linalg.solve(hess_qd, grad_q - mixed @ qd)

    return f


def rk4(acc, state, dt):
    def deriv(s):
        q, qd = jnp.split(s, 2)
        return jnp.concatenate([qd, acc(q, qd)])

    k1 = deriv(state)
    k2 = deriv(state + 0.5 * dt * k1)
    k3 = deriv(state + 0.5 * dt * k2)
    k4 = deriv(state + dt * k3)
    return state + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


acc = accelerations(lagrangian_pendulum)
s0 = jnp.array([jnp.pi / 2, jnp.pi / 2, 0.0, 0.0])
print(acc(s0[:2], s0[2:]))


@jax.jit
def simulate(s0):
    def step(s, _):
        s = rk4(acc, s, 0.01)
        return s, energy(s[:2], s[2:])

    return jax.lax.scan(step, s0, None, length=200)


final, energies = simulate(s0)
print(final.shape, float(energies[0]), float(jnp.abs(energies - energies[0]).max()) < 1e-3)
small = jnp.array([0.05, 0.05, 0.0, 0.0])
_, e_small = simulate(small)
print(float(e_small.std()) < 1e-3)


def oscillator(q, qd):
    return 0.5 * qd @ qd - 0.5 * 4.0 * q @ q


def mlp_lagrangian(params):
    def L(q, qd):
        h = jnp.concatenate([q, qd])
        for w, b in params[:-1]:
            h = jax.nn.softplus(h @ w + b)
        w, b = params[-1]
        return (h @ w + b)[0] + 0.5 * qd @ qd

    return L


keys = jax.random.split(jax.random.key(0), 3)
sizes = [2, 16, 16, 1]
params = [(jax.random.normal(k, (a, b)) / jnp.sqrt(a), jnp.zeros(b)) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]
states = jax.random.normal(jax.random.key(1), (128, 2))
target = jax.vmap(accelerations(oscillator))(states[:, :1], states[:, 1:])


def loss(params):
    pred = jax.vmap(accelerations(mlp_lagrangian(params)))(states[:, :1], states[:, 1:])
    return jnp.mean((pred - target) ** 2)


@jax.jit
def step(params):
    l, gr = jax.value_and_grad(loss)(params)
    return jax.tree.map(lambda p, g: p - 0.01 * g, params, gr), l


ls = []
for _ in range(100):
    params, l = step(params)
    ls.append(float(l))
print(target[:2, 0], ls[0], ls[-1] < ls[0])
