# Walk-on-spheres Monte Carlo for the Laplace equation on the unit disk: each walk jumps to a
# uniform point on the largest circle inside the domain until within epsilon of the boundary
# (lax.while_loop with a step cap), boundary values averaged, thousands of walks by vmap,
# compared with the harmonic extension of the boundary data, the standard error and its 1/sqrt(n)
# decay, and the same estimator for Poisson's equation with a source term (Green's function
# of the ball sampled along the walk)
from functools import partial

import jax
import jax.numpy as jnp

EPS = 1e-3


def boundary(p):
    theta = jnp.arctan2(p[1], p[0])
    return jnp.cos(2 * theta)


def exact(p):
    return p[0] ** 2 - p[1] ** 2  # harmonic extension of cos(2 theta) on the unit disk


def walk(x0, key, source=0.0):
    def cond(s):
        x, _, n, _ = s
        return (1 - jnp.linalg.norm(x) > EPS) & (n < 200)

    def body(s):
        x, key, n, acc = s
        r = 1 - jnp.linalg.norm(x)
        key, k1 = jax.random.split(key)
        angle = jax.random.uniform(k1, maxval=2 * jnp.pi)
        acc = acc + source * r**2 / 4.0  # mean of the ball's Green's function for a constant source
        return x + r * jnp.array([jnp.cos(angle), jnp.sin(angle)]), key, n + 1, acc

    x, _, n, acc = jax.lax.while_loop(cond, body, (x0, key, jnp.int32(0), jnp.float32(0.0)))
    return boundary(x / jnp.linalg.norm(x)) + acc, n


@partial(jax.jit, static_argnames="n")
def estimate(x0, key, n=4000):
    vals, steps = jax.vmap(walk, (None, 0))(x0, jax.random.split(key, n))
    return vals.mean(), vals.std() / jnp.sqrt(n), steps.mean(), steps.max()


points = jnp.array([[0.0, 0.0], [0.5, 0.0], [0.3, 0.4], [-0.6, 0.2]])
for p in points:
    est, se, mean_steps, max_steps = estimate(p, jax.random.key(0))
    print(float(exact(p)), abs(float(est) - float(exact(p))) < 4 * float(se) + 1e-3, int(max_steps) <= 200)
ses = [float(estimate(points[1], jax.random.key(1), n)[1]) for n in (500, 2000, 8000)]
print(ses[0] > ses[1] > ses[2], 1.5 < ses[0] / ses[1] < 2.7)


@partial(jax.jit, static_argnames="n")
def poisson_estimate(x0, key, n=4000):
    vals, _ = jax.vmap(lambda k: walk(x0, k, source=4.0))(jax.random.split(key, n))
    return vals.mean()


# -Laplace(u) = 4 with u = cos(2 theta) on the boundary: u = x^2 - y^2 + (1 - |x|^2)
center = poisson_estimate(jnp.zeros(2), jax.random.key(2))
print(abs(float(center) - 1.0) < 0.1)
print(walk(jnp.array([0.999, 0.0]), jax.random.key(3)))
