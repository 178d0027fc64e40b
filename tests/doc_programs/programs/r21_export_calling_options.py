# jax.export beyond the round trip: exporting a function of a pytree and keyword arguments,
# the Exported's in_tree / out_tree / in_avals / out_avals / platforms / nr_devices /
# calling_convention_version, a symbolic batch ("b, ...") called at several sizes and inside
# jit and grad (vjp_order=1), shape assertions failing at call time, and serialize /
# deserialize keeping it all
import jax
import jax.numpy as jnp
from jax import export


def model(params, x, *, scale):
    h = jnp.tanh(x @ params["w"] + params["b"])
    return {"out": h * scale, "norm": jnp.sum(h**2, axis=-1)}


params = {"w": jnp.ones((3, 2)) * 0.1, "b": jnp.zeros(2)}
(b,) = export.symbolic_shape("b")
x_spec = jax.ShapeDtypeStruct((b, 3), jnp.float32)
exp = export.export(jax.jit(model, static_argnames="scale"))(params, x_spec, scale=2.0)
print(exp.fun_name, exp.in_tree, exp.out_tree)
print(exp.in_avals, exp.out_avals)
print(exp.platforms, exp.nr_devices, exp.calling_convention_version >= 9)
print(exp.uses_global_constants, len(exp.module_kept_var_idx))
for n in (1, 4):
    out = exp.call(params, jnp.arange(n * 3.0).reshape(n, 3))
    print(n, out["out"].shape, out["norm"])
print(jax.jit(lambda p, x: exp.call(p, x)["norm"].sum())(params, jnp.ones((5, 3))))
try:
    exp.call(params, jnp.ones((2, 4)))
except Exception as e:
    print(type(e).__name__)

exp_g = export.export(jax.jit(lambda p, x: model(p, x, scale=1.0)["norm"].sum()))(params, x_spec)
blob = exp_g.serialize(vjp_order=1)
print(type(blob).__name__, len(blob) > 100)
back = export.deserialize(blob)
print(back.in_avals, back.out_avals, back.has_vjp())
print(jax.grad(back.call)(params, jnp.ones((2, 3))))
print(exp.has_vjp())
try:
    jax.grad(lambda p: exp.call(p, jnp.ones((2, 3)))["norm"].sum())(params)
except Exception as e:
    print(type(e).__name__)

(n, m) = export.symbolic_shape("n, m", constraints=["n >= m"])
print(n, m, n * 2 + m, (n + m).__class__.__name__)
sq = export.export(jax.jit(lambda a: a[: a.shape[1]].sum()))(
    jax.ShapeDtypeStruct((n, m), jnp.float32)
)
print(sq.in_avals, sq.call(jnp.ones((4, 3))))
try:
    sq.call(jnp.ones((2, 3)))
except Exception as e:
    print(type(e).__name__)
