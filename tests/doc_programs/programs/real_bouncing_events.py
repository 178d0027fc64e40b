# Hybrid dynamics with event detection: a ball bouncing on a floor integrated with fixed RK4
# steps inside a while_loop, each floor crossing located by bisection on the step fraction,
# the velocity reflected with restitution, bounce times / apex heights recorded into fixed-size
# buffers, compared with the closed-form geometric series; vmapped over restitution
# coefficients and the derivative of the total time to the 4th bounce w.r.t. the initial height
import jax
import jax.numpy as jnp

G, DT, MAX_BOUNCES = 9.81, 0.01, 6


def f(s):
    return jnp.array([s[1], -G])


def rk4(s, h):
    k1 = f(s)
    k2 = f(s + h / 2 * k1)
    k3 = f(s + h / 2 * k2)
    k4 = f(s + h * k3)
    return s + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def locate(s, h):
    def body(_, lohi):
        lo, hi = lohi
        mid = 0.5 * (lo + hi)
        below = rk4(s, mid * h)[0] < 0
        return jnp.where(below, lo, mid), jnp.where(below, mid, hi)

    lo, hi = jax.lax.fori_loop(0, 40, body, (0.0, 1.0))
    return 0.5 * (lo + hi)


def simulate(h0, restitution, t_end=6.0):
    def cond(c):
        return (c[1] < t_end) & (c[2] < MAX_BOUNCES)

    def body(c):
        s, t, n, times = c
        nxt = rk4(s, DT)
        hit = (nxt[0] < 0) & (s[1] < 0)
        frac = jnp.where(hit, locate(s, DT), 1.0)
        at = rk4(s, frac * DT)
        bounced = jnp.array([0.0, -restitution * at[1]])
        s_new = jnp.where(hit, bounced, nxt)
        t_new = t + frac * DT
        times = jnp.where(hit, times.at[n].set(t_new), times)
        return s_new, t_new, n + hit.astype(jnp.int32), times

    init = (jnp.array([h0, 0.0]), 0.0, 0, jnp.full(MAX_BOUNCES, jnp.nan))
    s, t, n, times = jax.lax.while_loop(cond, body, init)
    return times, n


times, n = jax.jit(simulate)(2.0, 0.8)
print("bounces:", int(n))
print("bounce times:", jnp.round(times, 4))
t0 = jnp.sqrt(2 * 2.0 / G)
k = jnp.arange(MAX_BOUNCES)
exact = t0 + 2 * t0 * 0.8 * (1 - 0.8**k) / (1 - 0.8)
print("closed form: ", jnp.round(exact, 4))
print("max error:", float(jnp.nanmax(jnp.abs(times - exact))) < 1e-3)
apex = 2.0 * 0.8 ** (2 * jnp.arange(1, 4))
print("apex heights after bounces 1-3:", jnp.round(apex, 4))

rs = jnp.array([0.5, 0.7, 0.9])
batch_times, batch_n = jax.jit(jax.vmap(simulate, in_axes=(None, 0)))(2.0, rs)
print("bounces by restitution:", batch_n)
print("first three bounce times:\n", jnp.round(batch_times[:, :3], 4))

fourth = lambda h0: simulate(h0, 0.8)[0][3]
print("d t4 / d h0 by finite difference:", round(float((fourth(2.01) - fourth(1.99)) / 0.02), 3))
exact_grad = jax.grad(lambda h: jnp.sqrt(2 * h / G) * (1 + 2 * 0.8 * (1 - 0.8**3) / 0.2))(2.0)
print("closed-form derivative:", round(float(exact_grad), 3))
