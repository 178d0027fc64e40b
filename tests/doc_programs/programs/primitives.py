# How JAX primitives work (multiply_add), without the tracer-printing decorator
import numpy as np
import jax
from jax import lax
import jax.numpy as jnp
from jax.extend import core
from jax.core import ShapedArray
from jax.interpreters import ad, batching, mlir
from jax._src.lib.mlir.dialects import hlo


def multiply_add_numpy(x, y, z):
    return jnp.add(jnp.multiply(x, y), z)


def square_add_numpy(a, b):
    return multiply_add_numpy(a, a, b)


print("square_add_numpy = ", square_add_numpy(2., 10.))
print("grad(square_add_numpy) = ", jax.grad(square_add_numpy)(2.0, 10.))

multiply_add_p = core.Primitive("multiply_add")


def multiply_add_prim(x, y, z):
    return multiply_add_p.bind(x, y, z)


def square_add_prim(a, b):
    return multiply_add_prim(a, a, b)


try:
    square_add_prim(2., 10.)
except NotImplementedError:
    print("NotImplementedError")
calls = []


def multiply_add_impl(x, y, z):
    calls.append("impl")
    return np.add(np.multiply(x, y), z)


multiply_add_p.def_impl(multiply_add_impl)
print(square_add_prim(2., 10.))
try:
    jax.jit(square_add_prim)(2., 10.)
except NotImplementedError:
    print("NotImplementedError")


def multiply_add_abstract_eval(xs, ys, zs):
    calls.append("abstract_eval")
    assert xs.shape == ys.shape
    assert xs.shape == zs.shape
    return ShapedArray(xs.shape, xs.dtype)


multiply_add_p.def_abstract_eval(multiply_add_abstract_eval)
print(jax.make_jaxpr(square_add_prim)(2., 10.))
try:
    jax.jit(square_add_prim)(2., 10.)
except NotImplementedError:
    print("NotImplementedError")


def multiply_add_lowering(ctx, xc, yc, zc):
    calls.append("lowering")
    return [hlo.AddOp(hlo.MulOp(xc, yc), zc).result]


mlir.register_lowering(multiply_add_p, multiply_add_lowering, platform='cpu')
print(jax.jit(square_add_prim)(2., 10.))
print(jax.jit(square_add_prim)(jnp.arange(3.), jnp.ones(3)))


def multiply_add_value_and_jvp(arg_values, arg_tangents):
    x, y, z = arg_values
    xt, yt, zt = arg_tangents
    primal_out = multiply_add_prim(x, y, z)

    def make_zero(tan):
        return jnp.zeros_like(x) if type(tan) is ad.Zero else tan

    output_tangent = multiply_add_prim(make_zero(xt), y, multiply_add_prim(x, make_zero(yt), make_zero(zt)))
    return (primal_out, output_tangent)


ad.primitive_jvps[multiply_add_p] = multiply_add_value_and_jvp
print(jax.jvp(square_add_prim, (2., 10.), (1., 1.)))
print(jax.jit(lambda a, b: jax.jvp(square_add_prim, (a, b), (1., 1.)))(2., 10.))
try:
    jax.grad(square_add_prim)(2., 10.)
except NotImplementedError:
    print("NotImplementedError")


def multiply_add_transpose(ct, x, y, z):
    calls.append("transpose")
    if not ad.is_undefined_primal(x):
        assert ad.is_undefined_primal(y)
        ct_y = ad.Zero(y.aval) if type(ct) is ad.Zero else multiply_add_prim(x, ct, jnp.zeros_like(x))
        res = None, ct_y, ct
    else:
        assert not ad.is_undefined_primal(y)
        ct_x = ad.Zero(x.aval) if type(ct) is ad.Zero else multiply_add_prim(ct, y, jnp.zeros_like(y))
        res = ct_x, None, ct
    return res


ad.primitive_transposes[multiply_add_p] = multiply_add_transpose
print(jax.grad(square_add_prim)(2., 10.))
print(jax.jit(jax.grad(square_add_prim))(2., 10.))
try:
    jax.vmap(square_add_prim, in_axes=0, out_axes=0)(np.array([2., 3.]), np.array([10., 20.]))
except NotImplementedError:
    print("NotImplementedError")


def multiply_add_batch(vector_arg_values, batch_axes):
    calls.append("batch")
    assert batch_axes[0] == batch_axes[1]
    assert batch_axes[0] == batch_axes[2]
    res = multiply_add_prim(*vector_arg_values)
    return res, batch_axes[0]


batching.primitive_batchers[multiply_add_p] = multiply_add_batch
print(jax.vmap(square_add_prim, in_axes=0, out_axes=0)(np.array([2., 3.]), np.array([10., 20.])))
print(jax.jit(jax.vmap(square_add_prim, in_axes=0, out_axes=0))(np.array([2., 3.]), np.array([10., 20.])))
print(sorted(set(calls)))
print(multiply_add_p, multiply_add_p.name, multiply_add_p.multiple_results)
