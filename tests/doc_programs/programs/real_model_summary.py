# A model-summary and bookkeeping utility of the kind every training script grows: parameter
# shapes from jax.eval_shape of the init function (no compute), a table by
# tree_flatten_with_path / keystr with dtypes, sizes and bytes, totals per top-level module,
# ShapeDtypeStruct and jax.typeof reprs, sharded parameter placement summaries, pickling and
# deep-copying pytrees of arrays, jnp.save / jnp.load through a BytesIO, and comparing two
# parameter trees leaf by leaf
import copy
import io
import pickle

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def init(key, vocab=50, d=16, layers=2):
    keys = jax.random.split(key, layers + 2)
    params = {"embed": jax.random.normal(keys[0], (vocab, d)) * 0.02, "blocks": []}
    for i in range(layers):
        k1, k2 = jax.random.split(keys[i + 1])
        params["blocks"].append({
            "attn": {"qkv": jax.random.normal(k1, (d, 3 * d)) * 0.02, "out": jnp.zeros((d, d), jnp.bfloat16)},
            "ln": {"scale": jnp.ones(d), "bias": jnp.zeros(d)},
            "mlp": jax.random.normal(k2, (d, 4 * d)).astype(jnp.bfloat16),
        })
    params["head"] = {"w": jax.random.normal(keys[-1], (d, vocab)) * 0.02, "step": jnp.zeros((), jnp.int32)}
    return params


shapes = jax.eval_shape(init, jax.random.key(0))
print(type(shapes["embed"]).__name__, shapes["embed"])
print(shapes["head"]["step"], shapes["blocks"][0]["mlp"].dtype)
rows = []
for path, leaf in jax.tree_util.tree_flatten_with_path(shapes)[0]:
    rows.append((jax.tree_util.keystr(path), leaf.shape, str(leaf.dtype), int(np.prod(leaf.shape)), int(np.prod(leaf.shape)) * leaf.dtype.itemsize))
width = max(len(r[0]) for r in rows)
for name, shape, dtype, size, nbytes in rows:
    print(f"{name:<{width}} {str(shape):>10} {dtype:>8} {size:>6} {nbytes:>7}")
total = sum(r[3] for r in rows)
print("total", total, sum(r[4] for r in rows))
per_module = {k: sum(x.size for x in jax.tree.leaves(v)) for k, v in shapes.items()}
print(per_module)

params = init(jax.random.key(0))
print(jax.typeof(params["embed"]), jax.typeof(params["head"]["step"]), params["blocks"][1]["mlp"].nbytes)
print(all(jax.tree.leaves(jax.tree.map(lambda a, s: a.shape == s.shape and a.dtype == s.dtype, params, shapes))))
mesh = jax.make_mesh((2, 4), ("data", "model"))
placed = jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P(None, "model") if a.ndim == 2 and a.shape[1] % 4 == 0 else P())), params)
specs = jax.tree.map(lambda a: str(a.sharding.spec), placed)
print(specs["embed"], specs["blocks"][0]["ln"]["scale"], specs["head"]["step"])
print(sorted({len(a.sharding.device_set) for a in jax.tree.leaves(placed)}), placed["embed"].addressable_shards[0].data.shape)

blob = pickle.dumps(params)
back = pickle.loads(blob)
print(type(back["embed"]).__name__ in ("ArrayImpl", "Array"), back["blocks"][0]["mlp"].dtype, bool(jnp.array_equal(back["embed"], params["embed"])))
clone = copy.deepcopy(params)
clone["head"]["step"] = clone["head"]["step"] + 1
print(int(params["head"]["step"]), int(clone["head"]["step"]))
buf = io.BytesIO()
jnp.save(buf, params["embed"])
buf.seek(0)
loaded = jnp.load(buf)
print(type(loaded).__name__ in ("ArrayImpl", "Array"), loaded.dtype, bool(jnp.array_equal(loaded, params["embed"])))
host = jax.device_get(params)
print(type(host["embed"]).__name__, type(host["head"]["step"]).__name__, host["blocks"][0]["mlp"].dtype)
diff = jax.tree.map(lambda a, b: float(jnp.max(jnp.abs(a.astype(jnp.float32) - b.astype(jnp.float32)))), params, init(jax.random.key(1)))
print(sorted(set(jax.tree_util.keystr(p) for p, v in jax.tree_util.tree_leaves_with_path(diff) if v == 0.0)))
