# jax.extend's API docs: a Primitive defined with jax.extend.core (impl, abstract eval with
# core.ShapedArray, a lowering by mlir.lower_fun, a JVP and batching rule through
# jax.interpreters), multiple_results primitives, jaxpr_as_fun / check_jaxpr on a made jaxpr,
# the built-in PRNG implementations seeded through jax.extend.random, the threefry_2x32 hash, and jax.extend.backend's client
import jax
import jax.numpy as jnp
import numpy as np
from jax.extend import backend, core
from jax.extend import random as jex_random
from jax.interpreters import ad, batching, mlir

# A primitive: x * y + z
multiply_add_p = core.Primitive("multiply_add")


def multiply_add(x, y, z):
    return multiply_add_p.bind(x, y, z)


@multiply_add_p.def_impl
def multiply_add_impl(x, y, z):
    return np.add(np.multiply(x, y), z)


@multiply_add_p.def_abstract_eval
def multiply_add_abstract_eval(xs, ys, zs):
    assert xs.shape == ys.shape == zs.shape
    return jax.core.ShapedArray(xs.shape, xs.dtype)


mlir.register_lowering(
    multiply_add_p, mlir.lower_fun(lambda x, y, z: x * y + z, multiple_results=False)
)


def multiply_add_jvp(primals, tangents):
    x, y, z = primals
    xt, yt, zt = tangents
    out = multiply_add(x, y, z)
    zeros = lambda p, t: jnp.zeros_like(p) if type(t) is ad.Zero else t  # noqa: E731
    xt, yt, zt = zeros(x, xt), zeros(y, yt), zeros(z, zt)
    return out, xt * y + x * yt + zt


ad.primitive_jvps[multiply_add_p] = multiply_add_jvp


def multiply_add_batch(args, dims):
    x, y, z = (jnp.moveaxis(a, d, 0) for a, d in zip(args, dims))
    return multiply_add(x, y, z), 0


batching.primitive_batchers[multiply_add_p] = multiply_add_batch

x = np.arange(3.0, dtype=np.float32)
print(multiply_add(x, x, x))
print(jax.jit(multiply_add)(x, x, np.ones(3, np.float32)))
print(jax.make_jaxpr(multiply_add)(x, x, x))
print(jax.grad(lambda a: multiply_add(a, a, a).sum())(x))
print(
    jax.vmap(multiply_add)(
        np.ones((2, 3), np.float32), np.ones((2, 3), np.float32), np.zeros((2, 3), np.float32)
    )
)

split_p = core.Primitive("split_halves")
split_p.multiple_results = True
split_p.def_impl(lambda x: (x[: x.shape[0] // 2], x[x.shape[0] // 2 :]))
split_p.def_abstract_eval(
    lambda x: [
        jax.core.ShapedArray((x.shape[0] // 2,), x.dtype),
        jax.core.ShapedArray((x.shape[0] - x.shape[0] // 2,), x.dtype),
    ]
)
mlir.register_lowering(
    split_p,
    mlir.lower_fun(lambda x: (x[: x.shape[0] // 2], x[x.shape[0] // 2 :]), multiple_results=True),
)
print([np.asarray(v) for v in split_p.bind(np.arange(5.0, dtype=np.float32))])
print(jax.jit(lambda v: split_p.bind(v))(jnp.arange(4.0)))

closed = jax.make_jaxpr(lambda a, b: jnp.sin(a) * b)(1.0, 2.0)
print(
    type(closed).__name__,
    isinstance(closed, core.ClosedJaxpr),
    isinstance(closed.jaxpr, core.Jaxpr),
)
f = core.jaxpr_as_fun(closed)
print(f(0.5, 2.0))
core.check_jaxpr(closed.jaxpr)
eqn = closed.jaxpr.eqns[0]
print(type(eqn).__name__, isinstance(eqn.invars[0], core.Var), eqn.primitive.name)
lit = jax.make_jaxpr(lambda a: a + 1.0)(1.0).jaxpr.eqns[0].invars[1]
print(isinstance(lit, core.Literal), lit.val)


# The built-in PRNG implementations and the Threefry hash
k = jex_random.seed_with_impl(jex_random.rbg_prng_impl, 42)
print(
    k.dtype, jax.random.key_impl(k), jex_random.random_seed(7, jex_random.threefry_prng_impl).dtype
)
print(jax.random.key_data(jex_random.random_seed(7, jex_random.threefry_prng_impl)))
print(jex_random.threefry_2x32(jnp.array([1, 2], jnp.uint32), jnp.arange(4, dtype=jnp.uint32)))

client = backend.get_backend()
print(client.platform, client.device_count(), len(client.local_devices()))
print(backend.get_default_device() == jax.devices()[0])
