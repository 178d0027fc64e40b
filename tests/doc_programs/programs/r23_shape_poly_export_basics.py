# "Shape polymorphism" (jax.export): symbolic_shape with several dimensions and constraints,
# exporting with symbolic batch sizes, the Exported's in_avals / out_avals, calling it at
# concrete shapes, arithmetic on symbolic dimensions (floordiv, mod, max), shape assertions
# that fail at call time, and the errors of inconclusive comparisons and mismatched shapes
import jax
import jax.numpy as jnp
from jax import export


def show(fn, *args, **kwargs):
    try:
        out = fn(*args, **kwargs)
        print("ok", getattr(out, "shape", out))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines()[:6]:
            print("   ", line)


b, n = export.symbolic_shape("b, n")
print(b, n, b * 2 + n, (b + 1) * n, b.dimension_as_value if hasattr(b, "x") else "")
print(export.symbolic_shape("b, 2*b, b + 3"))
print(export.symbolic_shape("a, b", constraints=("a >= b",)))


def f(x):
    return jnp.concatenate([x, x], axis=0).reshape(-1, x.shape[1] * 2)


exp = export.export(jax.jit(f))(jax.ShapeDtypeStruct((b, n), jnp.float32))
print(exp.in_avals, exp.out_avals)
print(exp.call(jnp.ones((3, 4))).shape, exp.call(jnp.ones((1, 2))).shape)
print(exp.fun_name, exp.nr_devices, exp.platforms)

sym = export.symbolic_shape("m")[0]
print(sym // 2, sym % 3, sym - 1, 2 * sym, sym == sym, sym + 0 == sym)
print(jax.eval_shape(lambda x: x[1:], jax.ShapeDtypeStruct((sym,), jnp.int32)).shape)
print(jax.eval_shape(lambda x: jnp.sum(x, axis=0), jax.ShapeDtypeStruct((sym, 3), jnp.int32)).shape)
print(
    jax.eval_shape(
        lambda x: jnp.zeros((x.shape[0] + 1,)), jax.ShapeDtypeStruct((sym,), jnp.float32)
    ).shape
)


def needs_even(x):
    return x.reshape(2, -1)


exp2 = export.export(jax.jit(needs_even))(jax.ShapeDtypeStruct((2 * sym,), jnp.float32))
print(exp2.out_avals, exp2.call(jnp.arange(6.0)).shape)
show(export.export(jax.jit(needs_even)), jax.ShapeDtypeStruct((sym,), jnp.float32))


def compare(x):
    return x if x.shape[0] >= 3 else x * 2


show(export.export(jax.jit(compare)), jax.ShapeDtypeStruct((sym,), jnp.float32))
(c,) = export.symbolic_shape("c", constraints=("c >= 3",))
print(export.export(jax.jit(compare))(jax.ShapeDtypeStruct((c,), jnp.float32)).out_avals)
exp3 = export.export(jax.jit(lambda x, y: x + y))(
    jax.ShapeDtypeStruct((sym,), jnp.float32), jax.ShapeDtypeStruct((sym,), jnp.float32)
)
print(exp3.call(jnp.ones(3), jnp.ones(3)))
show(exp3.call, jnp.ones(3), jnp.ones(4))
show(exp3.call, jnp.ones(3, jnp.int32), jnp.ones(3, jnp.int32))
show(exp.call, jnp.ones(3))
for spec in ["b, ,", "a // 2", "foo(b)", "max(a)", "a b", "b, 2.5", "a, _", "b +", "a^2, 3"]:
    show(export.symbolic_shape, spec)
show(export.symbolic_shape, "_, 3", like=(2, 3))
show(export.symbolic_shape, "(b, 4)", like=(2, 3))
