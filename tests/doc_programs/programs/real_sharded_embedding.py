# A recommender's sharded embedding tables under explicit sharding: the user table sharded by
# rows over "model", the batch over "data"; lookups with out_sharding, a dot-product score,
# a sharded training step, reshard between layouts, and auto_axes / explicit_axes regions
import jax
import jax.numpy as jnp
from jax import random
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(AxisType.Explicit,) * 2)
USERS, ITEMS, D, B = 32, 16, 8, 8
key = random.key(0)
ku, ki, kb = random.split(key, 3)

with jax.set_mesh(mesh):
    users = jax.device_put(random.normal(ku, (USERS, D)) * 0.1, P("model", None))
    items = jax.device_put(random.normal(ki, (ITEMS, D)) * 0.1, P())
    uid = jax.device_put(random.randint(kb, (B,), 0, USERS), P("data"))
    iid = jax.device_put((uid * 3) % ITEMS, P("data"))
    label = jax.device_put(((uid + iid) % 2).astype(jnp.float32), P("data"))
    print(jax.typeof(users), jax.typeof(uid))

    def score(users, items, uid, iid):
        u = users.at[uid].get(out_sharding=P("data", None))
        v = items.at[iid].get(out_sharding=P("data", None))
        return jnp.sum(u * v, axis=-1)

    s = jax.jit(score)(users, items, uid, iid)
    print(jax.typeof(s), s.sharding.spec)

    def loss(tables, uid, iid, label):
        logits = score(*tables, uid, iid)
        return jnp.mean(jnp.logaddexp(0.0, logits) - label * logits)

    @jax.jit
    def step(tables, uid, iid, label):
        l, g = jax.value_and_grad(loss)(tables, uid, iid, label)
        return jax.tree.map(lambda t, d: t - 2.0 * d, tables, g), l

    tables = (users, items)
    for i in range(30):
        tables, l = step(tables, uid, iid, label)
    print("loss", float(l) < 0.69, [jax.typeof(t).sharding.spec for t in tables])

    moved = jax.sharding.reshard(tables[0], P(None, "model"))
    print(jax.typeof(moved).sharding.spec, bool(jnp.array_equal(jax.sharding.reshard(moved, P("model", None)), tables[0])))
    rows = jax.jit(lambda t: jax.sharding.reshard(t, P("data", "model")))(tables[0])
    print(rows.sharding.spec, [s.data.shape for s in rows.addressable_shards][:2])

    @jax.sharding.auto_axes(out_sharding=P("data"))
    def auto_norms(u):
        return jnp.linalg.norm(u, axis=-1)

    norms = jax.jit(auto_norms)(tables[0])
    print(jax.typeof(norms), bool(jnp.all(norms > 0)))

    @jax.sharding.auto_axes(out_sharding=P("data"))
    def doubled_norms(u):
        n = jnp.linalg.norm(u, axis=-1)
        def double(a):
            print("inside explicit_axes", jax.typeof(a))
            return a * 2.0

        return jax.sharding.explicit_axes(double, in_sharding=P("model"))(n)

    print(jax.typeof(jax.jit(doubled_norms)(tables[0])))
    sh = NamedSharding(mesh, P("data", None))
    top = jax.jit(lambda t: jax.lax.top_k(t @ tables[1].T, 3)[1], out_shardings=sh)(jax.sharding.reshard(tables[0], P())[:B])
    print(top.shape, top.dtype, top.sharding.spec)
    print(jax.jit(loss).lower(tables, uid, iid, label).compile().output_shardings)
