# Hand-written collectives in shard_map, iterated by lax.scan / fori_loop as ring algorithms are:
# a ring all-reduce (reduce-scatter then all-gather phases by ppermute inside scan), a
# bidirectional ring reduction with psum_scatter / all_gather checks, a running pmax / pmin of
# per-device statistics inside a fori_loop, axis_index-dependent updates and axis_size, each
# checked against jax.lax.psum on an 8-device mesh and a 2x4 mesh
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((8,), ("i",), axis_types=(jax.sharding.AxisType.Explicit,))
N = 8
x = jnp.arange(N * N * 2, dtype=jnp.float32).reshape(N, N * 2) / 7.0
x = jax.device_put(x, jax.NamedSharding(mesh, P("i")))


def ring_allreduce(v):
    n = jax.lax.axis_size("i")
    idx = jax.lax.axis_index("i")
    chunks = v.reshape(n, -1)
    fwd = [(j, (j + 1) % n) for j in range(n)]

    def rs_step(carry, s):
        chunks, send = carry
        recv = jax.lax.ppermute(send, "i", fwd)
        slot = (idx - s - 1) % n
        acc = chunks[slot] + recv
        chunks = chunks.at[slot].set(acc)
        return (chunks, acc), None

    (chunks, send), _ = jax.lax.scan(rs_step, (chunks, chunks[idx]), jnp.arange(n - 1))

    def ag_step(carry, s):
        chunks, send = carry
        recv = jax.lax.ppermute(send, "i", fwd)
        slot = (idx - s) % n
        chunks = chunks.at[slot].set(recv)
        return (chunks, recv), None

    (chunks, _), _ = jax.lax.scan(ag_step, (chunks, send), jnp.arange(n - 1))
    return chunks.reshape(v.shape)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def ring(x):
    return ring_allreduce(x[0])[None]


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P("i"))
def ref(x):
    return jax.lax.psum(x, "i")


r, e = ring(x), ref(x)
print("ring == psum", bool(jnp.allclose(r, e, rtol=1e-6)), r.shape, r.sharding.spec)
print("row 0", np.round(np.asarray(r)[0, :4], 4))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=(P("i"), P("i")))
def scatter_gather(x):
    part = jax.lax.psum_scatter(x[0], "i", tiled=True)
    return part[None], jax.lax.all_gather(part, "i", tiled=True)[None]


part, full = scatter_gather(x)
print("psum_scatter", part.shape, "all_gather == psum", bool(jnp.allclose(full, e)))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=(P(), P(), P("i")))
def running_stats(x):
    def body(t, c):
        hi, lo, v = c
        v = v * 0.5 + jax.lax.axis_index("i").astype(v.dtype) * t
        hi = jnp.maximum(hi, jax.lax.pmax(jnp.max(v), "i"))
        lo = jnp.minimum(lo, jax.lax.pmin(jnp.min(v), "i"))
        return hi, lo, v

    hi, lo, v = jax.lax.fori_loop(0, 4, body, (-jnp.inf, jnp.inf, x))
    return hi, lo, v


hi, lo, v = running_stats(x)
print("pmax", round(float(hi), 4), "pmin", round(float(lo), 4), "v", v.shape)

mesh2 = jax.make_mesh((2, 4), ("dp", "tp"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)


@jax.jit
@partial(jax.shard_map, mesh=mesh2, in_specs=(P("dp", "tp"), P("tp", None)), out_specs=P("dp", None), check_vma=False)
def matmul_rs(a, b):
    # a row-parallel matmul whose partial sums are reduced around the tp ring inside a scan
    partial_out = a @ b
    n = jax.lax.axis_size("tp")
    perm = [(j, (j + 1) % n) for j in range(n)]

    def step(acc_send, _):
        acc, send = acc_send
        send = jax.lax.ppermute(send, "tp", perm)
        return (acc + send, send), None

    (acc, _), _ = jax.lax.scan(step, (partial_out, partial_out), None, length=n - 1)
    return acc


a = jax.random.normal(jax.random.key(0), (8, 16))
b = jax.random.normal(jax.random.key(1), (16, 6))
a2 = jax.device_put(a, jax.NamedSharding(mesh2, P("dp", "tp")))
b2 = jax.device_put(b, jax.NamedSharding(mesh2, P("tp", None)))
out = matmul_rs(a2, b2)
print("ring matmul", out.shape, out.sharding.spec, bool(jnp.allclose(out, a @ b, atol=1e-4)))
print("grad through ring", round(float(jax.jit(jax.grad(lambda a: jnp.sum(matmul_rs(a, b2) ** 2)))(a2).sum()), 3))
