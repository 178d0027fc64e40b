# A user's debugging session of a small model: make_jaxpr of the loss and of its gradient,
# counting primitives by walking the jaxpr (including sub-jaxprs of scan / cond / pjit),
# eqn params of interest, lowered StableHLO snippets, compiled output shardings and dtypes
# across weak types and x64-free promotion, and jax.typeof / ShapeDtypeStruct summaries
import collections

import jax
import jax.numpy as jnp
from jax import lax
from jax.extend import core as jex_core


def mlp(params, x):
    for w, b in params:
        x = jnp.tanh(x @ w + b)
    return x


def loss(params, x, y):
    def body(c, xy):
        xi, yi = xy
        return c + jnp.sum((mlp(params, xi) - yi) ** 2), None

    total, _ = lax.scan(body, 0.0, (x, y))
    return lax.cond(total > 100.0, lambda t: t / 100.0, lambda t: t, total)


params = [(jnp.ones((3, 4)) * 0.1, jnp.zeros(4)), (jnp.ones((4, 2)) * 0.1, jnp.zeros(2))]
x = jnp.ones((5, 3))
y = jnp.zeros((5, 2))

jaxpr = jax.make_jaxpr(loss)(params, x, y)
print(jaxpr)


def count(jaxpr, counter):
    for eqn in jaxpr.eqns:
        counter[eqn.primitive.name] += 1
        for sub in jex_core.jaxprs_in_params(eqn.params):
            count(sub, counter)
    return counter


print(sorted(count(jaxpr.jaxpr, collections.Counter()).items()))
gj = jax.make_jaxpr(jax.grad(loss))(params, x, y)
print("grad eqns", len(gj.eqns), [e.primitive.name for e in gj.eqns][:6])
scan_eqn = next(e for e in jaxpr.eqns if e.primitive.name == "scan")
print("scan params", scan_eqn.params["length"], scan_eqn.params["reverse"],
      scan_eqn.params["num_carry"], scan_eqn.params["num_consts"])
print("in avals", [str(v.aval) for v in jaxpr.jaxpr.invars])
print("out avals", jaxpr.out_avals)

lowered = jax.jit(loss).lower(params, x, y)
text = lowered.as_text()
print("has while", "stablehlo.while" in text, "has case", "stablehlo.case" in text)
print("tanh count", text.count("stablehlo.tanh"))
compiled = lowered.compile()
print("out info", compiled.out_info)
print("in tree", compiled.in_tree)

for a, b in [(1, 2.0), (jnp.int32(1), 2.0), (jnp.float16(1), 1), (jnp.bfloat16(1), jnp.float16(1)),
             (jnp.uint8(3), jnp.int8(3)), (True, jnp.int16(2))]:
    r = jnp.add(a, b)
    print(jax.typeof(r), r.weak_type if hasattr(r, "weak_type") else jax.typeof(r).weak_type)
print(jax.typeof(jnp.arange(3) / 2), jax.typeof(jnp.arange(3) // 2))
print(jax.ShapeDtypeStruct((2, 3), jnp.bfloat16), jax.eval_shape(loss, params, x, y))
print(jax.make_jaxpr(lambda x: x.astype(jnp.int8).sum())(jnp.ones(3)))
