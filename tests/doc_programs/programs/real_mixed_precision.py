# Mixed-precision training: bfloat16 compute params cast from a float32 master copy, dynamic
# loss scaling with jnp.isfinite checks that skip an overflowing step, the scale grown / shrunk
# by lax.cond, and dtypes printed at each stage
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)
X = jnp.asarray(rng.normal(size=(64, 5)).astype(np.float32))
true_w = jnp.array([1.0, -2.0, 0.5, 3.0, 0.0])
Y = X @ true_w


def cast(tree, dtype):
    return jax.tree.map(lambda x: x.astype(dtype), tree)


def loss_fn(params16, x, y, scale):
    pred = x.astype(jnp.bfloat16) @ params16["w"] + params16["b"]
    loss = jnp.mean((pred.astype(jnp.float32) - y) ** 2)
    return loss * scale, loss


@jax.jit
def train_step(master, scale, good_steps, x, y):
    params16 = cast(master, jnp.bfloat16)
    (_, loss), g16 = jax.value_and_grad(loss_fn, has_aux=True)(params16, x, y, scale)
    grads = jax.tree.map(lambda g: g.astype(jnp.float32) / scale, g16)
    finite = jnp.all(jnp.array([jnp.all(jnp.isfinite(g)) for g in jax.tree.leaves(grads)]))
    new_master = jax.tree.map(lambda p, g: p - 0.05 * g, master, grads)
    master = jax.tree.map(lambda n, o: jnp.where(finite, n, o), new_master, master)
    scale, good_steps = jax.lax.cond(
        finite,
        lambda s, n: jax.lax.cond(n >= 9, lambda: (s * 2.0, 0), lambda: (s, n + 1)),
        lambda s, n: (s / 2.0, 0),
        scale,
        good_steps,
    )
    return master, scale, good_steps, loss, finite, g16["w"].dtype == jnp.bfloat16


master = {"w": jnp.zeros(5), "b": jnp.zeros(())}
scale, good = jnp.array(2.0**15), 0
print(jax.tree.map(lambda x: x.dtype, cast(master, jnp.bfloat16)))
for i in range(40):
    master, scale, good, loss, finite, is16 = train_step(master, scale, good, X, Y)
    if i % 10 == 0:
        print(i, f"{float(loss):.3f}", float(scale), bool(finite), bool(is16))
print(master["w"].round(1), master["w"].dtype, float(scale), int(good))

huge = jnp.array(2.0**126)
_, _, _, _, fin, _ = train_step(master, huge, 0, X, Y * 1e6)
print(bool(fin))
m2, s2, g2, *_ = train_step(master, jnp.array(3.0e38), 0, X, Y)
print(float(s2), int(g2), jnp.array_equal(m2["w"], master["w"]))
a = jnp.array([1.0, 256.0, 257.0, 1e-8], jnp.bfloat16)
print(a, a.astype(jnp.float32), jnp.finfo(jnp.bfloat16).eps, jnp.finfo(jnp.bfloat16).max)
print((a * a).dtype, (a + 1).dtype, (a + jnp.float32(1)).dtype, jnp.isfinite(a * 1e38))
print(jax.make_jaxpr(lambda p: loss_fn(p, X[:2], Y[:2], 4.0))(cast(master, jnp.bfloat16)))
