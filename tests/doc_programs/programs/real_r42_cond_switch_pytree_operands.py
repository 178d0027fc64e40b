# lax.cond / lax.switch with several operands and pytree operands / results, index clamping,
# under vmap (both branches run, select), grad through branches, jit with a traced predicate,
# and branch output mismatches as JAX's TypeError
import jax
import jax.numpy as jnp
from jax import lax

state = {"pos": jnp.array([1.0, 2.0]), "vel": jnp.array([0.5, -0.5]), "n": jnp.int32(0)}


def bounce(s):
    return {"pos": s["pos"], "vel": -s["vel"], "n": s["n"] + 1}


def move(s):
    return {"pos": s["pos"] + s["vel"], "vel": s["vel"], "n": s["n"]}


step = jax.jit(lambda s: lax.cond(jnp.any(s["pos"] > 1.5), bounce, move, s))
print(step(state))
print(lax.cond(False, lambda a, b: (a + b, a), lambda a, b: (a - b, b), 3.0, 1.0))
print(lax.cond(jnp.array(1), lambda: "ignored" and 1.0, lambda: 2.0))

branches = [lambda x, y: x + y, lambda x, y: x * y, lambda x, y: x - y]
for i in (-1, 0, 1, 2, 5):
    print(i, lax.switch(i, branches, 3.0, 4.0))

ops = jax.vmap(lambda i, x: lax.switch(i, branches, x, 2.0))(jnp.array([0, 1, 2, 7]), jnp.arange(4.0))
print(ops)
print(jax.vmap(lambda p, x: lax.cond(p, jnp.sin, jnp.cos, x))(jnp.array([True, False]), jnp.array([0.5, 0.5])))
print(jax.make_jaxpr(jax.vmap(lambda p, x: lax.cond(p, jnp.sin, jnp.cos, x)))(jnp.array([True, False]), jnp.ones(2)))


def piecewise(x):
    return lax.cond(x < 0, lambda x: x ** 2, lambda x: jnp.sin(x), x)


print(jax.grad(piecewise)(-2.0), jax.grad(piecewise)(0.5), jax.vmap(jax.grad(piecewise))(jnp.array([-1.0, 1.0])))
print(jax.grad(lambda x: lax.switch(1, branches, x, x ** 2))(3.0))
print(jax.jacfwd(lambda p: lax.cond(True, lambda d: d["a"] * d["b"], lambda d: d["a"], p))({"a": 2.0, "b": 3.0}))

try:
    lax.cond(True, lambda x: x, lambda x: (x, x), 1.0)
except TypeError as e:
    print("TypeError")
try:
    lax.cond(True, lambda x: x, lambda x: x.astype(jnp.int32), 1.0)
except TypeError as e:
    print("TypeError")
try:
    lax.switch(0, [], 1.0)
except ValueError as e:
    print("ValueError")
print(lax.select_n(jnp.array([0, 1, 2]), jnp.zeros(3), jnp.ones(3), jnp.full(3, 2.0)))
print(lax.cond(jnp.float32(0.0), lambda: 1, lambda: 0))
print(jax.jit(lambda i: lax.switch(i, [lambda: jnp.int32(10), lambda: jnp.int32(20)]))(1))
