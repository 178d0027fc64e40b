# Mixed-precision training with bfloat16 / float16 compute and float32 master weights: the
# forward pass casts params to half precision, the loss is scaled, gradients come back in half
# precision, are unscaled in float32, checked for non-finite values, and the update is skipped
# and the scale halved on overflow (doubled after a run of good steps), as dynamic loss scaling does
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)
X = jnp.asarray(rng.normal(size=(128, 8)), jnp.float32)
Y = jnp.asarray((rng.normal(size=(128,)) > 0).astype(np.int32))
master = {"w1": jnp.asarray(rng.normal(size=(8, 32)) * 0.3, jnp.float32), "b1": jnp.zeros(32, jnp.float32),
          "w2": jnp.asarray(rng.normal(size=(32, 2)) * 0.3, jnp.float32)}


def forward(p, x, dtype):
    p = jax.tree.map(lambda a: a.astype(dtype), p)
    h = jax.nn.relu(x.astype(dtype) @ p["w1"] + p["b1"])
    return h @ p["w2"]


def loss_fn(p, x, y, dtype, scale):
    logits = forward(p, x, dtype).astype(jnp.float32)
    nll = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1))
    return nll * scale, nll


def all_finite(tree):
    return jnp.all(jnp.array([jnp.all(jnp.isfinite(x)) for x in jax.tree.leaves(tree)]))


def make_step(dtype):
    @jax.jit
    def step(master, scale, good, x, y):
        half = jax.tree.map(lambda a: a.astype(dtype), master)
        (_, nll), g = jax.value_and_grad(loss_fn, has_aux=True)(half, x, y, dtype, scale)
        g32 = jax.tree.map(lambda a: a.astype(jnp.float32) / scale, g)
        ok = all_finite(g32)
        new = jax.tree.map(lambda w, d: w - 0.1 * d, master, g32)
        master = jax.tree.map(lambda n, o: jnp.where(ok, n, o), new, master)
        good = jnp.where(ok, good + 1, 0)
        scale = jnp.where(ok, jnp.where(good >= 5, scale * 2, scale), scale / 2)
        good = jnp.where(good >= 5, 0, good)
        return master, scale, good, nll, ok

    return step


for dtype, scale0 in ((jnp.bfloat16, 2.0**10), (jnp.float16, 2.0**20)):
    step = make_step(dtype)
    p, scale, good = master, jnp.float32(scale0), jnp.int32(0)
    skipped = 0
    for i in range(30):
        p, scale, good, nll, ok = step(p, scale, good, X, Y)
        skipped += int(not ok)
        if i % 10 == 0:
            print(jnp.dtype(dtype).name, i, round(float(nll), 3), "scale", float(scale), "ok", bool(ok))
    half = jax.tree.map(lambda a: a.astype(dtype), p)
    gdt = jax.eval_shape(jax.grad(lambda q: loss_fn(q, X, Y, dtype, scale)[0]), half)
    print(jnp.dtype(dtype).name, "skipped", skipped, "final scale", float(scale), jax.tree.map(lambda s: str(s.dtype), gdt))
    print("master dtypes", {k: str(v.dtype) for k, v in p.items()})

print(jnp.finfo(jnp.float16).max, jnp.finfo(jnp.bfloat16).max, jnp.finfo(jnp.bfloat16).eps)
big = jnp.array([60000.0, 70000.0], jnp.float32)
print(big.astype(jnp.float16), big.astype(jnp.bfloat16))
a = jnp.ones((4, 64), jnp.bfloat16) * jnp.bfloat16(1.01)
print(jnp.sum(a, dtype=jnp.float32, axis=1), jnp.sum(a, axis=1))
print(jnp.dot(a, a.T, preferred_element_type=jnp.float32).dtype, (a @ a.T).dtype)
