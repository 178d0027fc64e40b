# A mixture-of-experts layer with grouped matmuls: tokens routed to their top-1 expert, sorted
# by expert, multiplied by jax.lax.ragged_dot against stacked expert weights with the group sizes
# from a bincount, unsorted back, trained a few steps with gradients through ragged_dot (both
# the activations and the expert weights); checked against a dense one-hot reference
import jax
import jax.numpy as jnp
import numpy as np

E, D, F, T = 4, 6, 10, 24
k = jax.random.split(jax.random.key(3), 5)
params = {
    "router": jax.random.normal(k[0], (D, E)) * 0.5,
    "w_in": jax.random.normal(k[1], (E, D, F)) / np.sqrt(D),
    "w_out": jax.random.normal(k[2], (E, F, D)) / np.sqrt(F),
}
x = jax.random.normal(k[3], (T, D))
target = jnp.sin(x) * 0.5


def moe_ragged(p, x):
    logits = x @ p["router"]
    expert = jnp.argmax(logits, -1)
    gate = jnp.max(jax.nn.softmax(logits), -1)
    order = jnp.argsort(expert, stable=True)
    xs = x[order]
    sizes = jnp.bincount(expert, length=E).astype(jnp.int32)
    h = jax.nn.gelu(jax.lax.ragged_dot(xs, p["w_in"], sizes))
    ys = jax.lax.ragged_dot(h, p["w_out"], sizes)
    y = jnp.zeros_like(ys).at[order].set(ys)
    return y * gate[:, None], sizes


def moe_dense(p, x):
    logits = x @ p["router"]
    onehot = jax.nn.one_hot(jnp.argmax(logits, -1), E)
    gate = jnp.max(jax.nn.softmax(logits), -1)
    h = jax.nn.gelu(jnp.einsum("td,edf->tef", x, p["w_in"]))
    y = jnp.einsum("tef,efd->ted", h, p["w_out"])
    return jnp.einsum("ted,te->td", y, onehot) * gate[:, None]


yr, sizes = jax.jit(moe_ragged)(params, x)
print("group sizes", np.asarray(sizes).tolist(), "sum", int(sizes.sum()))
print("ragged == dense", bool(jnp.allclose(yr, moe_dense(params, x), atol=1e-5)))


def loss(p, fn):
    y = fn(p, x)
    y = y[0] if isinstance(y, tuple) else y
    return jnp.mean((y - target) ** 2)


gr = jax.jit(jax.grad(loss), static_argnums=1)(params, moe_ragged)
gd = jax.grad(loss)(params, moe_dense)
for name in params:
    print(name, "grad match", bool(jnp.allclose(gr[name], gd[name], atol=1e-5)), round(float(jnp.abs(gr[name]).sum()), 5))


@jax.jit
def step(p):
    l, g = jax.value_and_grad(loss)(p, moe_ragged)
    return jax.tree.map(lambda a, b: a - 0.2 * b, p, g), l


for i in range(30):
    params, l = step(params)
    if i % 10 == 0:
        print("step", i, round(float(l), 6))
print("final", round(float(loss(params, moe_ragged)), 6))
lhs = jnp.arange(12.0).reshape(6, 2)
rhs = jnp.stack([jnp.eye(2), 2 * jnp.eye(2), 3 * jnp.eye(2)])
print(jax.lax.ragged_dot(lhs, rhs, jnp.array([1, 2, 3], jnp.int32)))
print("ragged dtype", jax.lax.ragged_dot(lhs.astype(jnp.bfloat16), rhs.astype(jnp.bfloat16), jnp.array([2, 2, 2], jnp.int32), preferred_element_type=jnp.float32).dtype)
