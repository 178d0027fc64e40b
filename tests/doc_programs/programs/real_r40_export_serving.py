# jax.export in a serving workflow: a jitted classifier exported with a symbolic batch size,
# its in/out avals and platforms, serialize / deserialize round trip, calling the restored
# function inside jit and under grad (vjp_order=1), shape errors from the wrong feature count,
# and a module round-tripped through bytes saved to disk
import os
import tempfile

import jax
import jax.numpy as jnp
from jax import export

W = jax.random.normal(jax.random.key(0), (4, 3)) * 0.5
b = jnp.array([0.1, -0.2, 0.0])


def classify(params, x):
    w, b = params
    logits = jnp.tanh(x) @ w + b
    return jax.nn.softmax(logits), jnp.argmax(logits, axis=-1)


batch = export.symbolic_shape("batch")
print(batch)
x_spec = jax.ShapeDtypeStruct((batch[0], 4), jnp.float32)
p_spec = (jax.ShapeDtypeStruct((4, 3), jnp.float32), jax.ShapeDtypeStruct((3,), jnp.float32))
exp = export.export(jax.jit(classify))(p_spec, x_spec)
print(exp.fun_name, exp.platforms)
print(exp.in_avals)
print(exp.out_avals)
print(exp.in_tree.num_leaves, exp.out_tree)
print(exp.nr_devices, exp.uses_global_constants if hasattr(exp, "uses_global_constants") else None)

blob = exp.serialize()
print(type(blob).__name__, len(blob) > 100)
path = os.path.join(tempfile.mkdtemp(), "classifier.bin")
with open(path, "wb") as fh:
    fh.write(blob)
with open(path, "rb") as fh:
    restored = export.deserialize(bytearray(fh.read()))
print(restored.in_avals == exp.in_avals, restored.fun_name)

for n in (1, 5):
    xb = jax.random.normal(jax.random.key(n), (n, 4))
    probs, cls = restored.call((W, b), xb)
    want, _ = classify((W, b), xb)
    print(n, probs.shape, cls.dtype, jnp.allclose(probs, want, atol=1e-6))

print(jax.jit(lambda x: restored.call((W, b), x)[0].sum(axis=-1))(jnp.ones((3, 4))))
try:
    restored.call((W, b), jnp.ones((2, 5)))
except Exception as e:
    print(type(e).__name__)


def loss(params, x):
    probs, _ = classify(params, x)
    return -jnp.log(probs[:, 0]).mean()


exp_loss = export.export(jax.jit(loss))(p_spec, x_spec)
ser = exp_loss.serialize(vjp_order=1)
loss_r = export.deserialize(ser)
xb = jax.random.normal(jax.random.key(9), (6, 4))
g1 = jax.grad(lambda p: loss_r.call(p, xb))((W, b))
g2 = jax.grad(loss)((W, b), xb)
print([bool(jnp.allclose(a, c, atol=1e-5)) for a, c in zip(g1, g2)])
try:
    jax.grad(lambda p: export.deserialize(exp_loss.serialize()).call(p, xb))((W, b))
except ValueError as e:
    print(type(e).__name__)
text = exp.mlir_module()
print("func.func public @main" in text, "batch" in text)
a, c = export.symbolic_shape("a, 2*a + 1")
print(a, c, c - 1, (c - 1) // 2)
