# A jmp-style mixed-precision policy object: param / compute / output dtypes held as jnp scalar
# types and printed in the run's config banner, trees cast by the policy with jax.tree.map
# (only floating leaves), a bfloat16 compute MLP step with float32 master weights and a static
# loss scale, and per-leaf dtype summaries before and after the cast
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Policy:
    param_dtype: object
    compute_dtype: object
    output_dtype: object

    def cast(self, tree, dtype):
        return jax.tree.map(lambda x: x.astype(dtype) if jnp.issubdtype(x.dtype, jnp.floating) else x, tree)

    def cast_to_compute(self, tree):
        return self.cast(tree, self.compute_dtype)

    def cast_to_output(self, tree):
        return self.cast(tree, self.output_dtype)


def get_policy(spec):
    names = {"f32": jnp.float32, "bf16": jnp.bfloat16, "f16": jnp.float16}
    parts = dict(p.split("=") for p in spec.split(","))
    return Policy(names[parts["params"]], names[parts["compute"]], names[parts["output"]])


policy = get_policy("params=f32,compute=bf16,output=f32")
print("config:", policy)
print("compute dtype", policy.compute_dtype, "is bf16:", policy.compute_dtype == jnp.bfloat16)
key = jax.random.key(0)
k1, k2, k3 = jax.random.split(key, 3)
params = {"w1": jax.random.normal(k1, (8, 16)) * 0.3, "w2": jax.random.normal(k2, (16, 1)) * 0.3, "step": jnp.array(0)}
print("param dtypes", jax.tree.map(lambda x: x.dtype, params))
print("compute dtypes", jax.tree.map(lambda x: x.dtype, policy.cast_to_compute(params)))
X = jax.random.normal(k3, (64, 8))
Y = jnp.sin(X.sum(1, keepdims=True))
SCALE = 2.0**10


def loss_fn(params, x, y):
    p = policy.cast_to_compute(params)
    x = x.astype(policy.compute_dtype)
    h = jax.nn.gelu(x @ p["w1"])
    out = policy.cast_to_output(h @ p["w2"])
    return jnp.mean((out - y) ** 2)


@jax.jit
def step(params):
    scaled = lambda p: loss_fn(p, X, Y) * SCALE
    loss, grads = jax.value_and_grad(scaled)({k: v for k, v in params.items() if k != "step"})
    grads = jax.tree.map(lambda g: g / SCALE, grads)
    finite = jnp.all(jnp.array([jnp.all(jnp.isfinite(g)) for g in jax.tree.leaves(grads)]))
    new = {k: jnp.where(finite, params[k] - 0.1 * grads[k], params[k]) for k in grads}
    new["step"] = params["step"] + 1
    return new, loss / SCALE, grads


for _ in range(20):
    params, loss, grads = step(params)
print("loss %.4f" % float(loss), "step", int(params["step"]))
print("grad dtypes", jax.tree.map(lambda g: g.dtype, grads), "loss dtype", loss.dtype)
print("bf16 eps", jnp.finfo(policy.compute_dtype).eps, "f16 max", jnp.finfo(jnp.float16).max)
print(get_policy("params=f32,compute=f16,output=f16"))
