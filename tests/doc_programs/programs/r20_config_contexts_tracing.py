# Configuration contexts of the debugging / FAQ pages and jax's API docs: jax.checking_leaks
# and check_tracer_leaks catching a leaked tracer (UnexpectedTracerError), log_compiles and
# explain_cache_misses as contexts (their logs go to stderr), enable_checks, no_tracing and
# no_execution refusing work, make_user_context forcing a retrace, jax.config.update and
# reading values back, and the deprecated host_* names next to process_* ones
import jax
import jax.numpy as jnp

leaked = []


@jax.jit
def leaky(x):
    leaked.append(x)
    return x * 2


print(leaky(1.0))
try:
    with jax.checking_leaks():
        leaky(jnp.arange(3.0))
except Exception as e:
    print(type(e).__name__)
leaked.clear()

try:
    with jax.check_tracer_leaks(True):
        jax.jit(leaky)(2.0)
except Exception as e:
    print(type(e).__name__)
leaked.clear()
print(jax.config.jax_check_tracer_leaks)

with jax.log_compiles():
    print(jax.jit(lambda x: x + 1)(1))
with jax.log_compiles(False):
    print(jax.jit(lambda x: x - 1)(1))
with jax.explain_cache_misses():
    f = jax.jit(lambda x: x * 3)
    print(f(1.0), f(jnp.arange(2)), f(jnp.ones(2)))

with jax.enable_checks(True):
    print(jax.jit(jax.grad(lambda x: jnp.sin(x) * x))(1.0))
    print(jax.vmap(lambda x: x @ x)(jnp.ones((2, 3))))
print(jax.config.jax_enable_checks)

g = jax.jit(lambda x: x * 10)
print(g(2.0))
with jax.no_tracing(True):
    print(g(3.0))  # cached: no tracing needed
    try:
        g(jnp.ones(3))
    except Exception as e:
        print(type(e).__name__)
print(jax.config.jax_no_tracing)

with jax.no_execution(True):
    try:
        g(4.0)
    except Exception as e:
        print(type(e).__name__)

traces = []


@jax.jit
def h(x):
    traces.append(1)
    return x * 2


my_context = jax.make_user_context(default_value=None)
with my_context(1):
    print(h(1.0))
with my_context(1):
    print(h(2.0))
with my_context(2):
    print(h(1.0))  # tracing cache miss
print(len(traces))

jax.config.update("jax_debug_nans", True)
print(jax.config.jax_debug_nans)
jax.config.update("jax_debug_nans", False)
with jax.debug_infs(True):
    try:
        jax.jit(lambda x: 1.0 / x)(0.0)
    except FloatingPointError as e:
        print(type(e).__name__)
print(jax.config.jax_debug_infs)
with jax.numpy_rank_promotion("raise"):
    try:
        jnp.ones(3) + jnp.ones((2, 3))
    except ValueError as e:
        print(type(e).__name__)
with jax.numpy_dtype_promotion("strict"):
    try:
        jnp.ones(3, jnp.int32) + jnp.ones(3, jnp.float32)
    except Exception as e:
        print(type(e).__name__)
with jax.default_matmul_precision("highest"):
    print(jnp.dot(jnp.ones((2, 2)), jnp.ones((2, 2))))

print(jax.process_index(), jax.process_count(), list(jax.process_indices()))
print(jax.host_count(), jax.host_id(), jax.host_ids())
print(jax.local_device_count(), jax.device_count(), jax.default_backend())
