# Profiling helpers a user writes around a training step: a timer that calls
# jax.block_until_ready on pytrees, jax.named_scope / named_call labels checked in the lowered
# text, compiled cost_analysis / memory_analysis printing only stable keys, and
# jax.stages introspection of compiled shapes
import time
from contextlib import contextmanager

import jax
import jax.numpy as jnp


@contextmanager
def timer(label, results):
    start = time.perf_counter()
    yield
    results[label] = time.perf_counter() - start


def mlp(params, x):
    for i, (w, b) in enumerate(params):
        with jax.named_scope(f"layer{i}"):
            x = jnp.tanh(x @ w + b)
    return x


def loss_fn(params, x):
    return jnp.mean(jax.named_call(mlp, name="forward")(params, x) ** 2)


key = jax.random.key(0)
sizes = [16, 32, 8]
params = [(jax.random.normal(jax.random.fold_in(key, i), (m, n)) * 0.1, jnp.zeros(n)) for i, (m, n) in enumerate(zip(sizes[:-1], sizes[1:]))]
x = jnp.ones((4, 16))
grad_step = jax.jit(jax.value_and_grad(loss_fn))
times = {}
with timer("first", times):
    out = jax.block_until_ready(grad_step(params, x))
with timer("second", times):
    out = jax.block_until_ready(grad_step(params, x))
print(sorted(times), all(t >= 0 for t in times.values()))
print(type(out).__name__, jax.tree.map(jnp.shape, out[1]))
print(jax.block_until_ready({"a": jnp.ones(2), "b": [3, None]}))

lowered = grad_step.lower(params, x)
text = lowered.as_text()
print("layer0" in text, "layer1" in text, "forward" in text)
compiled = lowered.compile()
cost = compiled.cost_analysis()
cost = cost[0] if isinstance(cost, list) else cost
print(isinstance(cost, dict), "flops" in cost, cost["flops"] > 0)
mem = compiled.memory_analysis()
print(mem is not None, mem.argument_size_in_bytes, mem.output_size_in_bytes)
print(jax.tree.structure(compiled.args_info))
print(jax.tree.map(lambda s: (s.shape, str(s.dtype)), compiled.out_info))
print(compiled.input_shardings[0][0][0])
bytes_params = sum(p.nbytes for p in jax.tree.leaves(params))
print(bytes_params, sum(p.size for p in jax.tree.leaves(params)))
f = jax.jit(lambda a: a * 2)
f_low = f.lower(jax.ShapeDtypeStruct((1000,), jnp.float32))
print(f_low.compile().cost_analysis() is not None, f_low.in_tree, f_low.out_tree)
print(jax.make_jaxpr(loss_fn)(params, x).jaxpr.eqns[0].primitive, len(jax.make_jaxpr(loss_fn)(params, x).eqns))
