# Gradient checkpointing + External callbacks
import jax
import jax.numpy as jnp
import numpy as np
from jax.ad_checkpoint import print_saved_residuals


def g(W, x):
    y = jnp.dot(W, x)
    return jnp.sin(y)


def f(W1, W2, W3, x):
    x = g(W1, x)
    x = g(W2, x)
    x = g(W3, x)
    return x


W1 = jnp.ones((5, 4))
W2 = jnp.ones((6, 5))
W3 = jnp.ones((7, 6))
x = jnp.ones(4)
print_saved_residuals(f, W1, W2, W3, x)


def f2(W1, W2, W3, x):
    x = jax.checkpoint(g)(W1, x)
    x = jax.checkpoint(g)(W2, x)
    x = jax.checkpoint(g)(W3, x)
    return x


print_saved_residuals(f2, W1, W2, W3, x)
f3 = jax.checkpoint(f, policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
print_saved_residuals(f3, W1, W2, W3, x)
from jax.ad_checkpoint import checkpoint_name


def predict(params, x):
    for i, (W, b) in enumerate(params):
        x = layer(W, b, x)
    return x


def layer(W, b, x):
    return jnp.sin(checkpoint_name(jnp.dot(W, x), 'layer_out') + b)


params = [(jnp.ones((4, 4)), jnp.zeros(4))] * 2
f4 = jax.checkpoint(predict, policy=jax.checkpoint_policies.save_only_these_names('layer_out'))
print_saved_residuals(f4, params, jnp.ones(4))
f5 = jax.checkpoint(predict, policy=jax.checkpoint_policies.save_any_names_but_these('layer_out'))
print_saved_residuals(f5, params, jnp.ones(4))
print(jax.grad(lambda p, x: jnp.sum(f4(p, x)))(params, jnp.ones(4)))
print(jax.grad(lambda W: jnp.sum(f3(W, W2, W3, x)))(W1))


@jax.checkpoint
def sin_sin(x):
    return jnp.sin(jnp.sin(x))


print(jax.make_jaxpr(jax.grad(sin_sin))(1.0) is not None)
print(jax.grad(sin_sin)(1.0))
print(jax.grad(jax.remat(lambda x: x * jnp.cos(x)))(2.0))

from functools import partial


@partial(jax.checkpoint, static_argnums=(1,))
def foo(x, is_training):
    if is_training:
        return jnp.sin(x)
    else:
        return jnp.cos(x)


print(jax.grad(foo)(1.0, True))
print(jax.checkpoint_policies.everything_saveable is not None)
f6 = jax.checkpoint(f, policy=jax.checkpoint_policies.nothing_saveable)
print_saved_residuals(f6, W1, W2, W3, x)

# --- callbacks
@jax.jit
def fp(x):
    y = x + 1
    print("intermediate value: {}".format(y))
    return y * 2


result = fp(2)


@jax.jit
def fd(x):
    y = x + 1
    jax.debug.print("intermediate value: {}", y)
    return y * 2


result = fd(2)


def log_value(x):
    print("log:", x)


@jax.jit
def fcb(x):
    jax.debug.callback(log_value, x)
    return x


fcb(1.0)
x = jnp.arange(5.0)
jax.vmap(fcb)(x)
jax.grad(fcb)(1.0)


def f_host(x):
    return np.sin(x)


@jax.jit
def fpc(x):
    result_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(f_host, result_shape, x, vmap_method='sequential')


x = jnp.arange(5.0)
print(fpc(x))
print(jax.vmap(fpc)(x))
print(jax.jit(jax.vmap(fpc))(x))
try:
    jax.grad(fpc)(x)
except Exception as e:
    print(type(e).__name__)


def f_host2(x):
    return np.sin(x)


@jax.jit
def fpc2(x):
    return jax.pure_callback(f_host2, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method='broadcast_all')


print(jax.vmap(fpc2)(jnp.arange(6.).reshape(2, 3)))
from jax.experimental import io_callback
from functools import partial

global_rng = np.random.default_rng(0)


def host_side_random_like(x):
    return global_rng.uniform(size=x.shape).astype(x.dtype)


@jax.jit
def numpy_random_like(x):
    return io_callback(host_side_random_like, x, x)


x = jnp.zeros(5)
print(numpy_random_like(x))
print(jax.vmap(numpy_random_like)(x))
try:
    jax.vmap(lambda x: io_callback(host_side_random_like, x, x, ordered=True))(x)
except Exception as e:
    print(type(e).__name__)


@jax.custom_jvp
def np_sin(x):
    return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x)), x)


@np_sin.defjvp
def _np_sin_jvp(primals, tangents):
    x, = primals
    t, = tangents
    return np_sin(x), jax.pure_callback(np.cos, jax.ShapeDtypeStruct(jnp.shape(x), jnp.result_type(x)), x) * t


print(np_sin(3.0))
print(jax.grad(np_sin)(3.0))
try:
    print(jax.grad(jax.grad(np_sin))(3.0))
except Exception as e:
    print(type(e).__name__)
jax.debug.print("{x} and {y}", x=1, y=jnp.arange(3))
jax.effects_barrier()
