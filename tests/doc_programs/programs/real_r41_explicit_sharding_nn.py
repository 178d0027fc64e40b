# "Explicit sharding (a.k.a. sharding in types)": a 2x4 mesh of Explicit axes set with
# jax.set_mesh, typeof(x).sharding inside jit, matmul out_sharding, reshard, auto_axes and
# explicit_axes around a function, mixing Explicit and Auto axes, and the page's small
# data-parallel neural network whose gradients keep the parameters' types
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, auto_axes, explicit_axes, reshard
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))
print(mesh.axis_names, mesh.axis_sizes)

with jax.set_mesh(mesh):
    x = jax.device_put(np.arange(16 * 8, dtype=np.float32).reshape(16, 8), P("X", "Y"))
    print(jax.typeof(x))
    print(jax.typeof(x).sharding.spec)

    @jax.jit
    def f(x):
        y = x * 2
        print("y:", jax.typeof(y))
        z = jnp.sin(y).sum(axis=1)
        print("z:", jax.typeof(z))
        w = y.T
        print("w:", jax.typeof(w))
        return z, w

    z, w = f(x)
    print(z.sharding.spec, w.sharding.spec)

    @jax.jit
    def mm(a, b):
        c = jnp.matmul(a, b, out_sharding=P("X", None))
        print("c:", jax.typeof(c))
        return c

    b = jax.device_put(np.ones((8, 4), np.float32), P("Y", None))
    print(mm(x, b).sum(axis=1))

    r = reshard(x, P(None, "X"))
    print(jax.typeof(r), np.array_equal(r, x))

    @auto_axes
    def g(x):
        print("inside auto:", jax.typeof(x))
        return x + 1

    @jax.jit
    def use_auto(x):
        y = g(x, out_sharding=P("X", "Y"))
        print("after auto:", jax.typeof(y))
        return y

    print(use_auto(x).sum())

    @jax.jit
    def rows(x):
        s = x.reshape(4, 4, 8)
        print("reshape:", jax.typeof(s))
        return s

    print(rows(x).shape)

mesh_auto = jax.make_mesh((2, 4), ("X", "Y"), axis_types=(AxisType.Auto, AxisType.Auto))


@jax.jit
def mixed(x):
    print("auto mesh:", jax.typeof(x))

    @partial(explicit_axes, in_sharding=P("X", None))
    def h(y):
        print("inside explicit:", jax.typeof(y))
        return y * 3

    return h(x)


with jax.set_mesh(mesh_auto):
    xa = jax.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), P("X", None))
    print(mixed(xa).sum())


def init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        (jax.random.normal(k, (m, n)) / np.sqrt(m), jnp.zeros((n,)))
        for k, m, n in zip(keys, sizes[:-1], sizes[1:])
    ]


def predict(params, x):
    for W, b in params[:-1]:
        x = jax.nn.gelu(x @ W + b)
    W, b = params[-1]
    return x @ W + b


def loss_fn(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


with jax.set_mesh(mesh):
    params = init(jax.random.key(0), [8, 16, 4])
    params = jax.device_put(params, P())
    xb = jax.device_put(jax.random.normal(jax.random.key(1), (16, 8)), P("X", None))
    yb = jax.device_put(jax.random.normal(jax.random.key(2), (16, 4)), P("X", None))

    @jax.jit
    def step(params, x, y):
        l, g = jax.value_and_grad(loss_fn)(params, x, y)
        print("grad:", jax.typeof(g[0][0]))
        return jax.tree.map(lambda p, gi: p - 0.1 * gi, params, g), l

    for i in range(4):
        params, l = step(params, xb, yb)
        print(i, l)
    print(jax.typeof(params[0][0]), jax.typeof(predict(params, xb)))
