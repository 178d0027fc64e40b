# Serving a trained classifier through jax.export: the model exported with a symbolic batch
# dimension, serialized to bytes and deserialized as a separate process would, called at several
# batch sizes inside and outside jit, its in/out avals and calling convention inspected, an
# exported VJP (vjp_order=1) used for input-gradient saliency, and a shape-mismatch refused
import jax
import jax.numpy as jnp
from jax import export

D, H, C = 6, 16, 3
key = jax.random.key(2)
k1, k2, k3 = jax.random.split(key, 3)
params = {"w1": jax.random.normal(k1, (D, H)) * 0.4, "b1": jnp.zeros(H), "w2": jax.random.normal(k2, (H, C)) * 0.4, "b2": jnp.zeros(C)}
X = jax.random.normal(k3, (128, D))
y = jnp.argmax(X[:, :C] * jnp.array([1.0, -1.0, 0.5]), 1)


def model(p, x):
    return jax.nn.log_softmax(jnp.tanh(x @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"])


@jax.jit
def step(p):
    g = jax.grad(lambda p: -jnp.mean(jnp.take_along_axis(model(p, X), y[:, None], 1)))(p)
    return jax.tree.map(lambda a, b: a - 0.5 * b, p, g)


for _ in range(200):
    params = step(params)
print("train accuracy > 0.85:", bool(jnp.mean(jnp.argmax(model(params, X), 1) == y) > 0.85))


def serve(x):
    return model(params, x)


(b,) = export.symbolic_shape("b")
exp = export.export(jax.jit(serve))(jax.ShapeDtypeStruct((b, D), jnp.float32))
print("in avals:", exp.in_avals)
print("out avals:", exp.out_avals)
print("platforms:", exp.platforms, "calling convention >= 9:", exp.calling_convention_version >= 9)
blob = exp.serialize(vjp_order=1)
print("serialized is bytearray:", type(blob).__name__)
restored = export.deserialize(blob)
print("restored fun name:", restored.fun_name, "nr_devices:", restored.nr_devices)
for n in (1, 5, 32):
    out = restored.call(X[:n])
    print(f"batch {n}:", out.shape, bool(jnp.allclose(out, serve(X[:n]), atol=1e-5)))
jitted = jax.jit(lambda x: jnp.argmax(restored.call(x), -1))
print("predictions:", jitted(X[:8]))
print("vmapped over chunks:", jax.jit(lambda x: restored.call(x.reshape(-1, D)).reshape(4, 8, C))(X[:32]).shape)
sal = jax.grad(lambda x: restored.call(x)[0, 0])(X[:1])
direct = jax.grad(lambda x: serve(x)[0, 0])(X[:1])
print("saliency via exported vjp matches:", bool(jnp.allclose(sal, direct, atol=1e-5)))
try:
    restored.call(X[:4, :5])
except Exception as e:
    print(type(e).__name__)
mlir = exp.mlir_module()
print("module mentions the symbolic dimension:", "b" in str(exp.in_avals[0].shape[0]), "has main:", "@main" in mlir)
