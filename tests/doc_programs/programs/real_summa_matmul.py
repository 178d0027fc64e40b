# SUMMA-style 2D distributed matrix multiplication on a 2x4 device mesh with shard_map: A and B
# block-distributed over both axes, each step all-gathering a panel of A along the column axis
# and of B along the row axis, the local products accumulated in a fori_loop over panels; the
# result checked against jnp.matmul of the full matrices and the per-device block shapes printed
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("r", "c"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
M, K, N = 16, 32, 24
A = jnp.arange(M * K, dtype=jnp.float32).reshape(M, K) / (M * K)
B = jnp.cos(jnp.arange(K * N, dtype=jnp.float32).reshape(K, N))
As = jax.device_put(A, NamedSharding(mesh, P("r", "c")))
Bs = jax.device_put(B, NamedSharding(mesh, P("r", "c")))
print("A", jax.typeof(As), "B", jax.typeof(Bs))


@partial(jax.shard_map, mesh=mesh, in_specs=(P("r", "c"), P("r", "c")), out_specs=P("r", "c"))
def summa(a, b):
    a_rows = jax.lax.all_gather(a, "c", axis=1, tiled=True)  # (M/2, K)
    b_cols = jax.lax.all_gather(b, "r", axis=0, tiled=True)  # (K, N/4)... over r only
    b_full = jax.lax.all_gather(b_cols, "c", axis=1, tiled=True)  # (K, N)
    c_idx = jax.lax.axis_index("c")
    n_loc = b.shape[1]
    b_mine = jax.lax.dynamic_slice_in_dim(b_full, c_idx * n_loc, n_loc, axis=1)
    panel = K // 4

    def body(i, acc):
        ap = jax.lax.dynamic_slice_in_dim(a_rows, i * panel, panel, axis=1)
        bp = jax.lax.dynamic_slice_in_dim(b_mine, i * panel, panel, axis=0)
        return acc + ap @ bp

    acc = jax.lax.pcast(jnp.zeros((a.shape[0], n_loc), a.dtype), ("r", "c"), to="varying")
    return jax.lax.fori_loop(0, 4, body, acc)


C = jax.jit(summa)(As, Bs)
ref = A @ B
print("C", C.shape, jax.typeof(C))
print("match", bool(jnp.allclose(C, ref, atol=1e-3)), "max |C| %.3f" % float(jnp.max(jnp.abs(ref))))
print("corner", jnp.round(jax.device_get(C)[:2, :3], 3))
blocks = sorted((s.device.id, s.data.shape) for s in C.addressable_shards)
print("blocks", blocks[:3], len(blocks))
print("rowsum", jnp.round(jnp.sum(ref, 1)[:4], 3))
