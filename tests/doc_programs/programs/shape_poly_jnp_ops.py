# Shape polymorphism with common jax.numpy code: a batch-polymorphic MLP forward pass, softmax,
# mean / var over the symbolic axis, where / concatenate / stack / broadcasting, vmap inside the
# exported function, and the exported model called on several batch sizes
import numpy as np
import jax
import jax.numpy as jnp
from jax import export

params = {"w1": jnp.full((4, 8), 0.1), "b1": jnp.zeros(8), "w2": jnp.full((8, 3), -0.2)}


def forward(params, x):  # x: f32[batch, 4]
    h = jax.nn.relu(x @ params["w1"] + params["b1"])
    logits = h @ params["w2"]
    probs = jax.nn.softmax(logits, axis=-1)
    centered = x - x.mean(axis=0)
    return probs, centered.var(axis=0), jnp.argmax(logits, axis=-1)


batch, = export.symbolic_shape("batch")
x_spec = jax.ShapeDtypeStruct((batch, 4), jnp.float32)
exp = export.export(jax.jit(forward))(params, x_spec)
print(exp.out_avals)
for n in (1, 2, 5):
    xs = jnp.arange(4. * n).reshape(n, 4) / 10
    probs, var, am = exp.call(params, xs)
    print(probs.shape, jnp.round(probs[0], 4), jnp.round(var, 4), am)


def misc(x, y):  # x: f32[n, 3], y: f32[n]
    z = jnp.where(y[:, None] > 0, x, -x)
    cat = jnp.concatenate([x, y[:, None]], axis=1)
    st = jnp.stack([y, y * 2])
    outer = y[:, None] * y[None, :]
    return z.sum(axis=1), cat.shape[1] * jnp.ones(()), st.T, outer.trace(), jnp.cumsum(y)


n_spec = export.symbolic_args_specs((np.ones((2, 3), np.float32), np.ones((2,), np.float32)),
                                    ("n, 3", "n"))
exp_m = export.export(jax.jit(misc))(*n_spec)
print(exp_m.out_avals)
res = exp_m.call(jnp.arange(12.).reshape(4, 3), jnp.array([1., -1., 2., -2.]))
print([jnp.round(r, 3) for r in res])


def per_row(x):  # vmap over the symbolic batch
    return jax.vmap(lambda r: jnp.dot(r, r))(x)


exp_v = export.export(jax.jit(per_row))(jax.ShapeDtypeStruct(export.symbolic_shape("b, 3"), jnp.float32))
print(exp_v.out_avals, exp_v.call(jnp.ones((3, 3))))
exp_g = export.export(jax.jit(jax.grad(lambda x: jnp.sum(jnp.sin(x) ** 2))))(
    jax.ShapeDtypeStruct(export.symbolic_shape("m"), jnp.float32))
print(exp_g.out_avals, jnp.round(exp_g.call(jnp.array([0.5, 1.0, 1.5])), 4))
print(jax.eval_shape(forward, params, x_spec)[0].shape)
