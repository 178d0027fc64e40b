# Train a small classifier, then ship it: jax.export with a symbolic batch dimension,
# serialize to bytes, deserialize in a "serving" function, call it on several batch sizes,
# under jit and vmap-free batching, check shapes and errors on a wrong feature size, and
# export the gradient too (vjp_order=1)
import jax
import jax.numpy as jnp
from jax import export, random

key = random.key(0)
kx, kp = random.split(key)
X = random.normal(kx, (200, 5))
w_true = jnp.array([1.0, -2.0, 0.5, 0.0, 1.5])
y = (X @ w_true > 0).astype(jnp.int32)


def init(key):
    k1, k2 = random.split(key)
    return {"w1": random.normal(k1, (5, 16)) * 0.3, "b1": jnp.zeros(16),
            "w2": random.normal(k2, (16, 2)) * 0.3, "b2": jnp.zeros(2)}


def logits_fn(p, x):
    return jax.nn.relu(x @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]


def loss(p, x, y):
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits_fn(p, x)), y[:, None], 1))


@jax.jit
def step(p, x, y):
    l, g = jax.value_and_grad(loss)(p, x, y)
    return jax.tree.map(lambda a, b: a - 0.5 * b, p, g), l


params = init(kp)
for i in range(50):
    params, l = step(params, X, y)
acc = jnp.mean(jnp.argmax(logits_fn(params, X), -1) == y)
print("train loss", l, "accuracy", acc)


def predict(x):
    return jax.nn.softmax(logits_fn(params, x))


b, = export.symbolic_shape("b")
exp = export.export(jax.jit(predict))(jax.ShapeDtypeStruct((b, 5), jnp.float32))
print("in_avals", exp.in_avals)
print("out_avals", exp.out_avals)
print("platforms", exp.platforms, "nr_devices", exp.nr_devices)
blob = exp.serialize()
print("serialized type", type(blob).__name__)

served = export.deserialize(blob)
for n in (1, 3, 7):
    out = served.call(X[:n])
    print("batch", n, out.shape, jnp.allclose(out, predict(X[:n]), atol=1e-6))
print("under jit", jax.jit(served.call)(X[:4]).sum(-1))
try:
    served.call(X[:2, :4])
except Exception as e:
    print("wrong features:", type(e).__name__)


def total_logprob(x):
    return jnp.log(predict(x)[:, 1]).sum()


exp_g = export.export(jax.jit(total_logprob))(jax.ShapeDtypeStruct((b, 5), jnp.float32))
blob_g = exp_g.serialize(vjp_order=1)
back = export.deserialize(blob_g)
g = jax.grad(back.call)(X[:3])
print("grad via export", g.shape, jnp.allclose(g, jax.grad(total_logprob)(X[:3]), atol=1e-5))
print("module has symbolic dim", "?x5xf32" in exp.mlir_module() or "tensor<?x5xf32>" in exp.mlir_module())
