# Eager data preparation with jax.numpy before a jitted training loop, as in notebooks: boolean
# masks to drop rows (fine eagerly, an error under jit, fixed with size= / where=), Python
# control flow on array values (bool(), float(), int(), .item(), .tolist(), iteration, format
# specs), in-place assignment refused and replaced by .at[].set, hashing refused, np.asarray
# views of results, jnp.nonzero / argwhere / compress eagerly, and the same filtering inside jit
import jax
import jax.numpy as jnp
import numpy as np

raw = jnp.array([[1.0, 2.0, 0.5], [jnp.nan, 1.0, 0.2], [3.0, -1.0, 0.9], [0.5, 0.5, jnp.nan], [2.0, 2.5, 0.1], [4.0, 0.0, 0.7]])
good = ~jnp.any(jnp.isnan(raw), axis=1)
clean = raw[good]
print(good, clean.shape, int(good.sum()))
print(jnp.nonzero(good), jnp.argwhere(~good).ravel(), jnp.compress(good, raw[:, 0]))
if clean[:, 0].max() > 3:
    print("has large values:", float(clean[:, 0].max()), clean[:, 0].max().item(), type(clean[0, 0].item()).__name__)
print(clean[:, 2].tolist(), [f"{v:.2f}" for v in clean[:, 1]], f"{clean.sum():.3f}", f"{clean[0, 0]:>6.1f}")
for row in clean[:2]:
    print(row.shape, int(row.argmax()))
idx = int(jnp.argmax(clean[:, 0]))
print(idx, clean[idx], range(5)[jnp.int32(2)], [10, 20, 30][jnp.array(1)])
try:
    clean[0, 0] = 0.0
except TypeError:
    print("TypeError")
clean = clean.at[0, 0].set(0.0)
print(clean[0])
try:
    hash(clean)
except TypeError:
    print("unhashable")
view = np.asarray(clean)
print(type(view).__name__, view.dtype, view.flags.writeable, np.asarray(clean[0]).shape)
try:
    bool(clean > 0)
except ValueError:
    print("ambiguous")


@jax.jit
def filter_mean_bad(x):
    return x[~jnp.any(jnp.isnan(x), axis=1)].mean(0)


try:
    filter_mean_bad(raw)
except Exception as e:
    print(type(e).__name__)


@jax.jit
def filter_mean(x):
    ok = ~jnp.any(jnp.isnan(x), axis=1)
    return jnp.mean(jnp.where(ok[:, None], x, 0.0), axis=0, where=ok[:, None]), jnp.nonzero(ok, size=6, fill_value=-1)[0]


m, rows = filter_mean(raw)
print(jnp.round(m, 4), rows, bool(jnp.allclose(m, raw[good].mean(0))))
X, y = clean[:, :2], clean[:, 2]
w = jnp.zeros(2)
step = jax.jit(lambda w: w - 0.05 * jax.grad(lambda w: jnp.mean((X @ w - y) ** 2))(w))
for _ in range(100):
    w = step(w)
print(jnp.round(w, 3), f"{float(jnp.mean((X @ w - y) ** 2)):.4f}", str(w.dtype), repr(jnp.float32(1.5)), str(jnp.int32(3)))
print(len(clean), clean.size, clean.ndim, clean.T.shape, -clean[0, 1], abs(clean[2, 1]), round(float(clean[1, 1]), 1))
print(jnp.array([1, 2, 3]) @ jnp.array([4, 5, 6]), divmod(jnp.array(7), 2), jnp.array(7) // 2, 2 ** jnp.arange(3))
