# Sorting utilities built from primitives, as in GPU-style code: an LSD radix sort of uint32 keys
# by 4-bit digits (a stable counting sort per pass with cumsum offsets and a scatter), carrying
# payloads along, checked against jnp.sort / argsort(stable=True); float keys sorted through
# their order-preserving bit transform with lax.bitcast_convert_type; and k-th order statistics
import jax
import jax.numpy as jnp

key = jax.random.key(8)
k1, k2 = jax.random.split(key)
keys = jax.random.bits(k1, (64,), jnp.uint32) >> 8
payload = jnp.arange(64)


def counting_pass(keys, payload, shift):
    digit = (keys >> shift) & 0xF
    onehot = (digit[:, None] == jnp.arange(16)[None, :]).astype(jnp.int32)
    counts = onehot.sum(0)
    starts = jnp.cumsum(counts) - counts
    rank_within = jnp.cumsum(onehot, axis=0) - onehot
    pos = starts[digit] + jnp.take_along_axis(rank_within, digit[:, None].astype(jnp.int32), 1)[:, 0]
    return jnp.zeros_like(keys).at[pos].set(keys), jnp.zeros_like(payload).at[pos].set(payload)


@jax.jit
def radix_sort(keys, payload):
    def body(i, kp):
        return counting_pass(*kp, (4 * i).astype(jnp.uint32))

    return jax.lax.fori_loop(0, 8, body, (keys, payload))


sk, sp = radix_sort(keys, payload)
print("sorted:", bool(jnp.all(sk[1:] >= sk[:-1])), "matches jnp.sort:", bool(jnp.array_equal(sk, jnp.sort(keys))))
print("payload is a stable argsort:", bool(jnp.array_equal(sp, jnp.argsort(keys, stable=True))))
print("first keys:", sk[:5])
dup = jnp.array([3, 1, 3, 0, 1, 3], jnp.uint32)
print("stable on duplicates:", radix_sort(dup, jnp.arange(6))[1])


def float_to_sortable(x):
    bits = jax.lax.bitcast_convert_type(x, jnp.uint32)
    mask = jnp.where(bits >> 31 == 1, jnp.uint32(0xFFFFFFFF), jnp.uint32(0x80000000))
    return bits ^ mask


xs = jax.random.normal(k2, (64,)) * 100
sortable = float_to_sortable(xs)
_, order = radix_sort(sortable, jnp.arange(64))
print("float radix sort matches:", bool(jnp.array_equal(xs[order], jnp.sort(xs))))
print("special values order:", jnp.argsort(float_to_sortable(jnp.array([0.0, -0.0, -jnp.inf, jnp.inf, -1.0]))))
k = 10
print("10th smallest via sort / top_k / partition:", float(jnp.sort(xs)[k - 1]), float(-jax.lax.top_k(-xs, k)[0][-1]), float(jnp.partition(xs, k - 1)[k - 1]))
print("median by sort:", float(jnp.sort(xs)[31:33].mean()), "jnp.median:", float(jnp.median(xs)))
