# Sorting and searching utilities on event data: merging two sorted timestamp streams with
# searchsorted ranks, an as-of join (last quote at or before each trade), interval overlap joins
# of reservations against query windows, stable multi-key sorting with lexsort, run-length
# encoding with jnp.diff / cumsum, and de-duplication with unique(size=..., fill_value=...)
import jax
import jax.numpy as jnp

key = jax.random.key(19)
k1, k2, k3, k4 = jax.random.split(key, 4)
quotes_t = jnp.sort(jax.random.uniform(k1, (12,), maxval=100.0))
quotes_px = 100 + jnp.cumsum(jax.random.normal(k2, (12,)))
trades_t = jnp.sort(jax.random.uniform(k3, (8,), maxval=100.0))
print("quote times:", jnp.round(quotes_t, 1))
print("trade times:", jnp.round(trades_t, 1))

merged_pos_q = jnp.arange(12) + jnp.searchsorted(trades_t, quotes_t, side="right")
merged_pos_t = jnp.arange(8) + jnp.searchsorted(quotes_t, trades_t, side="left")
merged = jnp.zeros(20).at[merged_pos_q].set(quotes_t).at[merged_pos_t].set(trades_t)
print("merge is sorted:", bool(jnp.all(jnp.diff(merged) >= 0)), "matches sort:", bool(jnp.array_equal(merged, jnp.sort(jnp.concatenate([quotes_t, trades_t])))))

asof = jnp.searchsorted(quotes_t, trades_t, side="right") - 1
valid = asof >= 0
print("as-of quote index:", asof)
print("as-of prices:", jnp.round(jnp.where(valid, quotes_px[jnp.maximum(asof, 0)], jnp.nan), 2))

starts = jnp.array([1.0, 4.0, 4.5, 10.0, 12.0, 20.0])
ends = jnp.array([3.0, 6.0, 5.0, 11.0, 15.0, 22.0])
q_lo = jnp.array([2.0, 5.5, 9.0, 16.0])
q_hi = jnp.array([4.2, 10.5, 13.0, 19.0])
overlap = (starts[None, :] < q_hi[:, None]) & (ends[None, :] > q_lo[:, None])
print("overlap matrix:\n", overlap.astype(jnp.int32))
print("overlaps per query:", overlap.sum(1))
order = jnp.argsort(starts)
lo_idx = jnp.searchsorted(starts[order], q_hi, side="left")
print("reservations starting before each window end:", lo_idx)
rows, cols = jnp.nonzero(overlap, size=10, fill_value=-1)
print("overlap pairs:", jnp.stack([rows, cols], 1)[:7].tolist())

dept = jnp.array([2, 1, 2, 0, 1, 0, 2, 1])
salary = jnp.array([50, 70, 40, 90, 70, 60, 50, 30])
order = jnp.lexsort((-salary, dept))
print("sorted by dept, salary desc:", jnp.stack([dept[order], salary[order]]).tolist())
stable = jnp.argsort(dept, stable=True)
print("stable argsort:", stable)
rank_in_dept = jnp.arange(8) - jnp.searchsorted(dept[order], dept[order], side="left")
print("rank within dept:", rank_in_dept)

signal = jnp.array([1, 1, 1, 0, 0, 2, 2, 2, 2, 1])
change = jnp.concatenate([jnp.array([True]), jnp.diff(signal) != 0])
run_id = jnp.cumsum(change) - 1
run_len = jnp.bincount(run_id, length=10)
run_val = jnp.zeros(10, signal.dtype).at[run_id].set(signal)
n_runs = int(run_id[-1]) + 1
print("RLE values:", run_val[:n_runs], "lengths:", run_len[:n_runs])
vals, idx, inv, counts = jnp.unique(signal, return_index=True, return_inverse=True, return_counts=True, size=5, fill_value=-1)
print("unique:", vals, idx, counts)
print("inverse round trip:", bool(jnp.array_equal(vals[inv], signal)))
u = jax.jit(lambda s: jnp.unique(s, size=4, fill_value=99))(signal)
print("unique under jit:", u)
