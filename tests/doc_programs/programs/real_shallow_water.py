# 1-D shallow-water equations by a finite-volume Rusanov (local Lax-Friedrichs) scheme: a dam
# break with reflective walls built by padding, CFL time steps chosen inside a while_loop until a
# final time, mass conservation checked, and the sensitivity of the final depth at one cell to the
# initial dam height by jax.grad through the fixed-step version
import jax
import jax.numpy as jnp

G, NX, L = 9.81, 100, 10.0
DX = L / NX
x = (jnp.arange(NX) + 0.5) * DX


def flux(h, hu):
    u = hu / h
    return jnp.stack([hu, hu * u + 0.5 * G * h**2])


def rusanov_step(q, dt):
    h, hu = q
    hp = jnp.pad(h, 1, mode="edge")
    hup = jnp.concatenate([-hu[:1], hu, -hu[-1:]])
    qL = jnp.stack([hp[:-1], hup[:-1]])
    qR = jnp.stack([hp[1:], hup[1:]])
    speed = jnp.maximum(jnp.abs(qL[1] / qL[0]) + jnp.sqrt(G * qL[0]), jnp.abs(qR[1] / qR[0]) + jnp.sqrt(G * qR[0]))
    F = 0.5 * (flux(*qL) + flux(*qR)) - 0.5 * speed * (qR - qL)
    return q - dt / DX * (F[:, 1:] - F[:, :-1])


def max_speed(q):
    h, hu = q
    return jnp.max(jnp.abs(hu / h) + jnp.sqrt(G * h))


def initial(h_left):
    h = jnp.where(x < L / 2, h_left, 1.0)
    return jnp.stack([h, jnp.zeros(NX)])


@jax.jit
def run_until(q, t_end, cfl=0.45):
    def cond(s):
        return s[1] < t_end

    def body(s):
        q, t, n = s
        dt = jnp.minimum(cfl * DX / max_speed(q), t_end - t)
        return rusanov_step(q, dt), t + dt, n + 1

    return jax.lax.while_loop(cond, body, (q, 0.0, 0))


q0 = initial(2.0)
q, t, n = run_until(q0, 0.5)
print("steps", int(n), "t", round(float(t), 6))
print("mass", round(float(q0[0].sum() * DX), 5), round(float(q[0].sum() * DX), 5))
print("depth", jnp.round(q[0, ::10], 4))
print("velocity max", round(float(jnp.max(q[1] / q[0])), 4))


def final_depth(h_left, steps=60, dt=0.004):
    q = jax.lax.fori_loop(0, steps, lambda i, q: rusanov_step(q, dt), initial(h_left))
    return q[0, NX // 2 + 10]


print("depth at probe", round(float(final_depth(2.0)), 5))
g = jax.grad(final_depth)(2.0)
fd = (final_depth(2.0 + 1e-2) - final_depth(2.0 - 1e-2)) / 2e-2
print("d depth / d h_left", round(float(g), 4), "fd", round(float(fd), 4))
print(jax.vmap(final_depth)(jnp.array([1.5, 2.0, 3.0])).round(4))
