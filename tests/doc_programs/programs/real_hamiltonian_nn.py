# A Hamiltonian neural network (Greydanus et al.): an MLP H(q, p) whose symplectic gradient
# (dH/dp, -dH/dq) is fit to a mass-spring system's time derivatives, trained with SGD with
# momentum; the learned dynamics integrated by jax.experimental.ode.odeint and by a leapfrog
# scan, and the learned energy's drift along the trajectory reported
import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint


def true_dynamics(z):
    q, p = z
    return jnp.array([p, -q])


def init(key):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "w1": jax.random.normal(k1, (2, 32)) * 0.5,
        "b1": jnp.zeros(32),
        "w2": jax.random.normal(k2, (32, 32)) * 0.2,
        "b2": jnp.zeros(32),
        "w3": jax.random.normal(k3, (32, 1)) * 0.2,
    }


def hamiltonian(params, z):
    h = jnp.tanh(z @ params["w1"] + params["b1"])
    h = jnp.tanh(h @ params["w2"] + params["b2"])
    return (h @ params["w3"])[0]


def field(params, z):
    dh = jax.grad(hamiltonian, argnums=1)(params, z)
    return jnp.array([dh[1], -dh[0]])


def loss(params, zs, dzs):
    pred = jax.vmap(field, (None, 0))(params, zs)
    return jnp.mean((pred - dzs) ** 2)


key = jax.random.key(1)
zs = jax.random.uniform(jax.random.key(2), (256, 2), minval=-1.5, maxval=1.5)
dzs = jax.vmap(true_dynamics)(zs)
params = init(key)
mom = jax.tree.map(jnp.zeros_like, params)


@jax.jit
def step(params, mom):
    l, g = jax.value_and_grad(loss)(params, zs, dzs)
    mom = jax.tree.map(lambda m, g: 0.9 * m + g, mom, g)
    return jax.tree.map(lambda p, m: p - 0.05 * m, params, mom), mom, l


for i in range(400):
    params, mom, l = step(params, mom)
    if i % 100 == 99:
        print(f"iter {i + 1} loss {float(l):.5f}")

z0 = jnp.array([1.0, 0.0])
ts = jnp.linspace(0.0, 3.0, 7)
traj = odeint(lambda z, t, p: field(p, z), z0, ts, params, rtol=1e-6, atol=1e-6)
print("odeint q", jnp.round(traj[:, 0], 2))
print("true q  ", jnp.round(jnp.cos(ts), 2))


def leapfrog(z, _, dt=0.05):
    half = z + 0.5 * dt * field(params, z) * jnp.array([0.0, 1.0])
    full = half + dt * field(params, half) * jnp.array([1.0, 0.0])
    z = full + 0.5 * dt * field(params, full) * jnp.array([0.0, 1.0])
    return z, hamiltonian(params, z)


zT, energies = jax.lax.scan(leapfrog, z0, None, length=60)
print("leapfrog end", jnp.round(zT, 2), "energy drift %.4f" % float(energies.max() - energies.min()))
print("field at z0", jnp.round(field(params, z0), 2), "true", true_dynamics(z0))
