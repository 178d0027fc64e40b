# Boundary value problems by the shooting method: an RK4 integrator written with lax.scan, the
# unknown initial slope found by Newton's method with the derivative of the endpoint by
# jax.jacfwd through the whole integration, multiple shooting for a harder problem with a
# Jacobian of all segment mismatches, and a Bratu problem's two solutions from two guesses
import jax
import jax.numpy as jnp


def rk4(f, y0, t0, t1, n=200):
    h = (t1 - t0) / n

    def step(y, i):
        t = t0 + i * h
        k1 = f(t, y)
        k2 = f(t + h / 2, y + h / 2 * k1)
        k3 = f(t + h / 2, y + h / 2 * k2)
        k4 = f(t + h, y + h * k3)
        return y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4), None

    return jax.lax.scan(step, y0, jnp.arange(n))[0]


def airy_like(t, y):
    return jnp.stack([y[1], -t * y[0] + 1.0])


def endpoint_residual(slope, target=1.0):
    y1 = rk4(airy_like, jnp.stack([0.0, slope]), 0.0, 2.0)
    return y1[0] - target


def newton(f, x0, iters=8):
    def body(x, _):
        r = f(x)
        return x - r / jax.jacfwd(f)(x), r

    return jax.lax.scan(body, x0, None, length=iters)


slope, residuals = jax.jit(lambda s: newton(endpoint_residual, s))(0.0)
print("shooting slope:", round(float(slope), 6))
print("residuals:", jnp.abs(residuals) < 1e-4)
print("endpoint hit:", round(float(rk4(airy_like, jnp.stack([0.0, slope]), 0.0, 2.0)[0]), 6))


def bratu(lam):
    return lambda t, y: jnp.stack([y[1], -lam * jnp.exp(y[0])])


def bratu_solution(slope0, lam=1.0):
    f = lambda s: rk4(bratu(lam), jnp.stack([0.0, s]), 0.0, 1.0)[0]
    s, _ = newton(f, slope0, 12)
    ts = jnp.linspace(0.0, 1.0, 5)
    mid = rk4(bratu(lam), jnp.stack([0.0, s]), 0.0, 0.5)[0]
    return s, mid


for guess in (0.5, 10.0):
    s, mid = jax.jit(bratu_solution)(guess)
    print(f"Bratu from slope guess {guess}: slope {float(s):.5f} u(0.5) {float(mid):.5f}")

SEG = 4
bounds = jnp.linspace(0.0, 4.0, SEG + 1)


def stiff_ish(t, y):
    return jnp.stack([y[1], 4.0 * y[0] + jnp.sin(t)])


def mismatches(z):
    states = z.reshape(SEG, 2)
    ends = jax.vmap(lambda y, a, b: rk4(stiff_ish, y, a, b, 100))(states, bounds[:-1], bounds[1:])
    continuity = (ends[:-1] - states[1:]).ravel()
    return jnp.concatenate([states[0, :1] - 0.0, continuity, ends[-1, :1] - 1.0])


z = jnp.zeros(2 * SEG)
for it in range(6):
    r = mismatches(z)
    J = jax.jacfwd(mismatches)(z)
    z = z - jnp.linalg.solve(J, r)
print("multiple shooting Jacobian:", J.shape, "final mismatch:", float(jnp.max(jnp.abs(mismatches(z)))) < 1e-4)
print("segment start states:\n", jnp.round(z.reshape(SEG, 2), 4))
