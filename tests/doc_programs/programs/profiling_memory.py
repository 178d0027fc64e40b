# "Profiling computation" and "Profiling device memory" pages: jax.profiler.trace as a context
# manager and start_trace / stop_trace, TraceAnnotation / StepTraceAnnotation /
# annotate_function around steps, device_memory_profile and save_device_memory_profile, and the
# live-array count the memory page inspects
import os
import tempfile

import jax
import jax.numpy as jnp

logdir = tempfile.mkdtemp()


@jax.profiler.annotate_function
def train_step(x):
    with jax.profiler.TraceAnnotation("inner_matmul"):
        y = x @ x.T
    return jnp.tanh(y).sum()


x = jnp.ones((64, 64))
with jax.profiler.trace(logdir):
    for step in range(3):
        with jax.profiler.StepTraceAnnotation("train", step_num=step):
            loss = train_step(x)
    loss.block_until_ready()
print(float(loss))
found = [f for _, _, files in os.walk(logdir) for f in files]
print(len(found) > 0, any(f.endswith((".xplane.pb", ".trace.json.gz")) for f in found))

jax.profiler.start_trace(os.path.join(logdir, "second"))
z = jnp.arange(10.) * 2
z.block_until_ready()
jax.profiler.stop_trace()
print(z.sum())
try:
    jax.profiler.stop_trace()
except RuntimeError:
    print("RuntimeError")

profile = jax.profiler.device_memory_profile()
print(type(profile).__name__, len(profile) > 0)
path = os.path.join(logdir, "memory.prof")
jax.profiler.save_device_memory_profile(path)
print(os.path.exists(path), os.path.getsize(path) > 0)


def func2(x):
    return jnp.sin(x) + 1


kept = [func2(jnp.ones(1000) * i) for i in range(4)]
print(len(jax.live_arrays()) >= 4)
print(sum(a.nbytes for a in kept))
del kept


@jax.named_call
def named_fn(v):
    return v * 3


print(named_fn(jnp.float32(2)))
with jax.profiler.TraceAnnotation("eager_region", kind="custom"):
    print(jnp.linalg.norm(jnp.ones(4)))
