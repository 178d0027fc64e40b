# lax.reduce with monoid and non-monoid computations (its docstring), variadic reductions over
# pytrees, and jax.make_jaxpr(..., axis_env=...) for functions using collectives by axis name
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(1., 13.).reshape(3, 4)
print(lax.reduce(x, 0., lax.add, (0,)))
print(lax.reduce(x, -jnp.inf, lax.max, (1,)))
print(lax.reduce(x, 1., lax.mul, (0, 1)))

# A running "decayed" sum is not a monoid: JAX lowers the function as the reduce body.
print(lax.reduce(x, 0., lambda acc, v: acc * 0.5 + v, (1,)))
print(jax.jit(lambda x: lax.reduce(x, 0., lambda acc, v: acc * 0.5 + v, (0,)))(x))

# Argmax as a variadic reduction over (values, indices).
def argmax_reducer(a, b):
    (av, ai), (bv, bi) = a, b
    pick_a = av >= bv
    return lax.select(pick_a, av, bv), lax.select(pick_a, ai, bi)


idx = lax.broadcasted_iota(jnp.int32, x.shape, 1)
vals, where = lax.reduce((x * jnp.array([1., -1., 1.])[:, None], idx), (-jnp.inf, 0), argmax_reducer, (1,))
print(vals, where)

pair = lax.reduce({"s": x, "m": x}, {"s": 0., "m": -jnp.inf},
                  lambda a, b: {"s": a["s"] + b["s"], "m": jnp.maximum(a["m"], b["m"])}, (0,))
print(pair["s"], pair["m"])
print(jax.vmap(lambda r: lax.reduce(r, 0., lambda acc, v: acc * 0.5 + v, (0,)))(x))
print(jax.make_jaxpr(lambda x: lax.reduce(x, 0., lambda acc, v: acc * 0.5 + v, (1,)))(x))


def f(x):
    return x - lax.psum(x, "i")


print(jax.make_jaxpr(f, axis_env=[("i", 4)])(jnp.ones(3)))
print(jax.make_jaxpr(lambda x: lax.pmean(x, "i") * 2, axis_env=[("i", 8)])(1.0))
print(jax.make_jaxpr(lambda x: lax.psum(x, ("i", "j")) + lax.pmax(x, "j"),
                     axis_env=[("i", 2), ("j", 4)])(jnp.zeros((2,))))

jaxpr = jax.make_jaxpr(f, axis_env=[("i", 4)])(jnp.ones(3))
print([str(e.primitive) for e in jaxpr.eqns])
print(jax.pmap(f, axis_name="i")(jnp.arange(8.).reshape(4, 2)))
