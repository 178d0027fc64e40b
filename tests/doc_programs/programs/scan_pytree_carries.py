# lax.scan with pytree carries and outputs: namedtuple states, dict carries, None outputs,
# reverse, unroll, length without xs, scanning over several pytrees of xs, a cumulative
# product with a jvp through scan, and lax.map / fori_loop / while_loop with pytree states
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class State(NamedTuple):
    position: jnp.ndarray
    velocity: jnp.ndarray
    steps: jnp.ndarray


def step(state, force):
    v = state.velocity + 0.1 * force
    p = state.position + 0.1 * v
    return State(p, v, state.steps + 1), {"p": p, "kinetic": 0.5 * jnp.sum(v ** 2)}


init = State(jnp.zeros(2), jnp.ones(2), jnp.int32(0))
forces = jnp.stack([jnp.array([1., -1.]) * i for i in range(5)])
final, traj = lax.scan(step, init, forces)
print(final)
print(jax.tree.map(lambda a: a.shape, traj))
print(jnp.round(traj["kinetic"], 4))
final_r, traj_r = lax.scan(step, init, forces, reverse=True)
print(jnp.round(final_r.position, 4), jnp.round(traj_r["kinetic"], 4))
final_u, traj_u = lax.scan(step, init, forces, unroll=2)
print(jax.tree.map(lambda a, b: bool(jnp.allclose(a, b)), (final, traj), (final_u, traj_u)))
print(lax.scan(step, init, forces, unroll=True)[0].steps)


def fib(carry, _):
    a, b = carry
    return (b, a + b), None


(a, b), none = lax.scan(fib, (0, 1), None, length=10)
print(a, b, none)
carry, ys = lax.scan(lambda c, x: ({"s": c["s"] + x["u"] * x["w"]}, (x["u"], c["s"])),
                     {"s": 0.}, {"u": jnp.arange(4.), "w": jnp.array([1., 0., 2., 1.])})
print(carry, ys)


def cumprod(xs):
    return lax.scan(lambda c, x: (c * x, c * x), 1., xs)[1]


xs = jnp.array([1., 2., 3., 4.])
print(cumprod(xs), jnp.cumprod(xs))
print(jax.jvp(cumprod, (xs,), (jnp.ones(4),)))
print(jax.jacfwd(cumprod)(xs)[3], jax.jacrev(cumprod)(xs)[3])
print(jax.grad(lambda x: cumprod(x)[-1])(xs))
print(jax.vmap(cumprod)(jnp.stack([xs, xs[::-1]])))
print(jax.make_jaxpr(lambda x: lax.scan(fib, (x, x), None, length=3))(1))

params = {"w": jnp.array([1., 2.]), "b": jnp.array(0.5)}
print(lax.map(lambda p: p["w"].sum() + p["b"], {"w": jnp.ones((3, 2)), "b": jnp.arange(3.)}))
print(lax.map(lambda t: (t[0] * 2, t[1] + 1), (jnp.arange(5), jnp.arange(5.)), batch_size=2))
print(lax.fori_loop(0, 4, lambda i, p: {"w": p["w"] * 2, "b": p["b"] + i}, params))
print(lax.while_loop(lambda s: s.steps < 3, lambda s: State(s.position + 1, s.velocity, s.steps + 1), init))
