# The "Persistent compilation cache" and "jax.Array migration" pages: config options that must
# be accepted and read back, the cache directory set through the config and through
# jax.experimental.compilation_cache, jax.Array checks, device_put and its committedness
import os
import tempfile
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.compilation_cache import compilation_cache as cc

cache_dir = tempfile.mkdtemp()
jax.config.update("jax_compilation_cache_dir", cache_dir)
jax.config.update("jax_persistent_cache_min_entry_size_bytes", -1)
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)
jax.config.update("jax_persistent_cache_enable_xla_caches", "xla_gpu_per_fusion_autotune_cache_dir")
print(jax.config.jax_compilation_cache_dir == cache_dir)
print(jax.config.jax_persistent_cache_min_entry_size_bytes)
print(jax.config.jax_persistent_cache_min_compile_time_secs)
print(jax.config.jax_enable_compilation_cache)
cc.set_cache_dir(cache_dir)


@jax.jit
def f(x):
    return jnp.sin(x) * 2 + 1


print(f(jnp.arange(3.0)))
print(f(jnp.arange(3.0)))

# jax.Array migration: one array type
x = jnp.arange(8)
print(isinstance(x, jax.Array), type(x).__name__ == 'ArrayImpl')
print(x.sharding, x.is_fully_addressable, x.is_fully_replicated)
print(len(x.addressable_shards), x.addressable_shards[0].data.shape)
print(x.devices() == {jax.devices()[0]})
y = jax.device_put(np.ones(4))
print(isinstance(y, jax.Array), y.committed)
z = jax.device_put(np.ones(4), jax.devices()[1])
print(z.committed, z.devices() == {jax.devices()[1]})
print(jnp.asarray(x).committed)
try:
    z + jax.device_put(np.ones(4), jax.devices()[2])
except ValueError as e:
    print("ValueError:", str(e)[:45])
print(np.asarray(x + 1).dtype, x.__array__().dtype)

# configuration: reads, context managers, environment
print(jax.config.jax_enable_x64, jax.config.jax_default_matmul_precision)
with jax.default_matmul_precision("float32"):
    print(jax.config.jax_default_matmul_precision)
print(jax.config.jax_default_matmul_precision)
jax.config.update("jax_log_compiles", False)
jax.config.update("jax_explain_cache_misses", False)
print(jax.config.jax_log_compiles, jax.config.jax_explain_cache_misses)
with jax.numpy_rank_promotion("raise"):
    try:
        jnp.ones(3) + jnp.ones((2, 3))
    except ValueError:
        print("rank promotion ValueError")
with jax.numpy_dtype_promotion("strict"):
    try:
        jnp.ones(3, jnp.float32) + jnp.ones(3, jnp.int32)
    except Exception as e:
        print(type(e).__name__)
try:
    jax.config.update("jax_not_an_option", True)
except AttributeError as e:
    print("AttributeError")
print(jax.__version_info__ >= (0, 4, 0) if hasattr(jax, '__version_info__') else True)
