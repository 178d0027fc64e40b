# "Explicit sharding" deeper: get_abstract_mesh inside jit, einsum / dot_general with
# out_sharding, one_hot and take on explicitly sharded operands, reshard inside a gradient,
# grads whose types follow the primal's sharding, jnp.zeros_like / full_like keeping types,
# scan / fori_loop carries with sharded types, scan and lax.map refusing xs sharded along the
# scanned axis (JAX's ValueErrors), and vmap over a sharded batch
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, reshard
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)

with jax.set_mesh(mesh):
    am = jax.sharding.get_abstract_mesh()
    print(am.axis_names, am.axis_sizes, am.axis_types)
    x = jax.device_put(jnp.arange(8 * 6.0).reshape(8, 6) / 48, P("data", None))
    W = jax.device_put(jnp.ones((6, 4)) / 6, P(None, "model"))

    @jax.jit
    def fwd(x, W):
        print("mesh in jit:", jax.sharding.get_abstract_mesh().axis_names)
        h = jnp.einsum("bd,dh->bh", x, W)
        print("h:", jax.typeof(h))
        h2 = jnp.einsum("bd,dh->bh", x, W, out_sharding=P("data", None))
        print("h2:", jax.typeof(h2))
        return jnp.tanh(h), h2

    h, h2 = fwd(x, W)
    print(jax.typeof(h), np.allclose(h2, jnp.tanh(h) * 0 + h2))

    labels = jax.device_put(jnp.arange(8) % 4, P("data"))
    oh = jax.jit(lambda l: jax.nn.one_hot(l, 4))(labels)
    print(jax.typeof(oh), oh.sum(0))

    def loss(W, x, labels):
        logits = jnp.dot(x, W, out_sharding=P("data", None))
        logp = jax.nn.log_softmax(logits)
        return -jnp.mean(jnp.sum(logp * jax.nn.one_hot(labels, 4), axis=-1))

    l, g = jax.jit(jax.value_and_grad(loss))(W, x, labels)
    print(l, jax.typeof(g))
    print(g.sum(axis=0))

    @jax.jit
    def with_reshard(W, x):
        def inner(W):
            Wr = reshard(W, P())
            print("Wr:", jax.typeof(Wr))
            return jnp.sum(jnp.dot(x, Wr) ** 2)

        return jax.grad(inner)(W)

    gr = with_reshard(W, x)
    print(jax.typeof(gr), gr[0, :2] if False else gr.sum())

    @jax.jit
    def likes(x):
        z = jnp.zeros_like(x)
        f = jnp.full_like(x, 2.0)
        print("likes:", jax.typeof(z), jax.typeof(f))
        return z + f

    print(likes(x).sum())

    @jax.jit
    def scanned(x, W):
        def body(c, _):
            c = jnp.tanh(jnp.dot(c, W, out_sharding=P("data", None)) @ W.T)
            return c, c.sum()

        c, s = jax.lax.scan(body, x, None, length=3)
        print("carry:", jax.typeof(c), "ys:", jax.typeof(s))
        return c, s

    c, s = scanned(x, W)
    print(jax.typeof(c), s)

    @jax.jit
    def looped(x):
        out = jax.lax.fori_loop(0, 4, lambda i, v: v * 0.5 + i, x)
        print("fori:", jax.typeof(out))
        return out

    print(looped(x).sum())
    rows = jax.jit(jax.vmap(lambda r: r / r.sum()))(x + 1)
    print(jax.typeof(rows), rows.sum())
    t = jax.jit(lambda a, i: jnp.take(a, i, axis=1))(x, jnp.array([0, 2]))
    print(jax.typeof(t), t.sum())
    try:
        jnp.dot(jax.device_put(jnp.ones((8, 8)), P(None, "data")), jax.device_put(jnp.ones((8, 8)), P("data", None)))
    except Exception as e:
        print(type(e).__name__)
    try:
        jax.lax.scan(lambda c, r: (c + r, r), jnp.zeros(6), x)
    except ValueError as e:
        print(type(e).__name__, e)
    try:
        jax.lax.map(lambda r: r * 2, x, batch_size=2)
    except ValueError as e:
        print(type(e).__name__, e)
    xr = reshard(x, P(None, None))
    print(jax.typeof(jax.lax.map(lambda r: r.sum(), xr, batch_size=3)))
    print(jax.typeof(jax.lax.scan(lambda c, r: (c + r, r * 2), jnp.zeros(6), xr)[1]))
    m = jax.jit(lambda a: a.mean(axis=0))(x)
    print(jax.typeof(m), m)
    cat = jax.jit(lambda a: jnp.concatenate([a, a], axis=1))(x)
    print(jax.typeof(cat))
    try:
        jax.jit(lambda a: a.T @ a)(x)
    except Exception as e:
        print(type(e).__name__)
    tr = jax.jit(lambda a: jnp.matmul(a.T, a, out_sharding=P()))(x)
    print(jax.typeof(tr), tr.trace())
