# Equilibria of two-player zero-sum matrix games: regret matching and fictitious play run by
# lax.scan, average strategies converging to a Nash equilibrium, exploitability as the
# convergence measure, the exact equilibrium of rock-paper-scissors variants by a linear
# solve, optimistic multiplicative weights, and a batch of random games by vmap
import jax
import jax.numpy as jnp


def exploitability(A, x, y):
    return jnp.max(A @ y) - jnp.min(x @ A)


def regret_matching(A, steps=2000):
    n, m = A.shape

    def strategy(regret):
        pos = jnp.maximum(regret, 0.0)
        total = pos.sum()
        return jnp.where(total > 0, pos / jnp.where(total > 0, total, 1.0), jnp.full_like(pos, 1.0 / pos.shape[0]))

    def body(c, _):
        rx, ry, sx, sy = c
        x, y = strategy(rx), strategy(ry)
        ux, uy = A @ y, -(x @ A)
        rx = rx + ux - x @ ux
        ry = ry + uy - y @ uy
        return (rx, ry, sx + x, sy + y), exploitability(A, (sx + x) / (sx + x).sum(), (sy + y) / (sy + y).sum())

    (rx, ry, sx, sy), expl = jax.lax.scan(body, (jnp.zeros(n), jnp.zeros(m), jnp.zeros(n), jnp.zeros(m)), None, length=steps)
    return sx / sx.sum(), sy / sy.sum(), expl


def fictitious_play(A, steps=2000):
    n, m = A.shape

    def body(c, t):
        cx, cy = c
        x, y = cx / t, cy / t
        bx = jax.nn.one_hot(jnp.argmax(A @ y), n)
        by = jax.nn.one_hot(jnp.argmin(x @ A), m)
        return (cx + bx, cy + by), None

    (cx, cy), _ = jax.lax.scan(body, (jnp.ones(n) / n, jnp.ones(m) / m), jnp.arange(1, steps + 1, dtype=jnp.float32))
    return cx / cx.sum(), cy / cy.sum()


rps = jnp.array([[0.0, -1.0, 2.0], [1.0, 0.0, -1.0], [-2.0, 1.0, 0.0]])
x, y, expl = jax.jit(regret_matching, static_argnames="steps")(rps)
print("regret matching row strategy:", jnp.round(x, 3), "column:", jnp.round(y, 3))
print("exploitability at 10 / 100 / 2000:", [round(float(expl[i]), 4) for i in (9, 99, 1999)])
fx, fy = jax.jit(fictitious_play, static_argnames="steps")(rps)
print("fictitious play:", jnp.round(fx, 3), "exploitability:", round(float(exploitability(rps, fx, fy)), 4))

M = jnp.concatenate([rps.T, -jnp.ones((3, 1))], axis=1)
M = jnp.concatenate([M, jnp.array([[1.0, 1.0, 1.0, 0.0]])], axis=0)
sol = jnp.linalg.solve(M, jnp.array([0.0, 0.0, 0.0, 1.0]))
print("exact equilibrium:", jnp.round(sol[:3], 4), "game value:", round(float(sol[3]), 4))
print("regret matching close to exact:", bool(jnp.allclose(x, sol[:3], atol=0.02)))


def optimistic_mwu(A, steps=1500, eta=0.1):
    n, m = A.shape

    def body(c, _):
        lx, ly, gx_prev, gy_prev = c
        x, y = jax.nn.softmax(lx), jax.nn.softmax(ly)
        gx, gy = A @ y, -(x @ A)
        return (lx + eta * (2 * gx - gx_prev), ly + eta * (2 * gy - gy_prev), gx, gy), (x, y)

    _, (xs, ys) = jax.lax.scan(body, (jnp.zeros(n), jnp.zeros(m), jnp.zeros(n), jnp.zeros(m)), None, length=steps)
    return xs[-1], ys[-1]


ox, oy = jax.jit(optimistic_mwu)(rps)
print("optimistic MWU last iterate:", jnp.round(ox, 3), "exploitability:", round(float(exploitability(rps, ox, oy)), 4))

games = jax.random.normal(jax.random.key(79), (6, 4, 5))
bx, by, bexpl = jax.jit(jax.vmap(lambda A: regret_matching(A, 1000)))(games)
print("batched final exploitability:", jnp.round(bexpl[:, -1], 4))
print("batched game values:", jnp.round(jnp.einsum("gi,gij,gj->g", bx, games, by), 3))
