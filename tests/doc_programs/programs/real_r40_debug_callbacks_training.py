# jax.debug.print / jax.debug.callback / pure_callback / io_callback in a training loop: prints
# inside jit, vmap and scan with ordered=True, a host-side metrics logger by debug.callback,
# a NumPy function through pure_callback with vmap_method, an ordered io_callback counter,
# and jax.debug.print's format specs
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


@jax.jit
def f(x):
    jax.debug.print("x = {x}", x=x)
    y = jnp.sin(x)
    jax.debug.print("y = {}", y)
    return y * 2


print(f(jnp.arange(3.0)))
jax.vmap(lambda x: jax.debug.print("elem {x:.2f}", x=x))(jnp.array([0.5, 1.25]))


def scan_body(c, x):
    jax.debug.print("step c={c} x={x}", c=c, x=x, ordered=True)
    return c + x, c * x


print(jax.jit(lambda xs: jax.lax.scan(scan_body, 0.0, xs))(jnp.arange(3.0)))

logged = []


def log_metrics(step, loss, grad_norm):
    logged.append((int(step), round(float(loss), 4), round(float(grad_norm), 4)))


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def train_step(step, w, x, y):
    loss, g = jax.value_and_grad(loss_fn)(w, x, y)
    jax.debug.callback(log_metrics, step, loss, jnp.linalg.norm(g))
    return w - 0.1 * g


x = jnp.linspace(-1, 1, 20).reshape(10, 2)
y = x @ jnp.array([1.5, -0.5])
w = jnp.zeros(2)
for step in range(4):
    w = train_step(step, w, x, y)
jax.effects_barrier()
print(logged)


def host_erf(x):
    from math import erf

    return np.vectorize(erf)(np.asarray(x)).astype(np.asarray(x).dtype)


def jerf(x):
    return jax.pure_callback(host_erf, jax.ShapeDtypeStruct(x.shape, x.dtype), x, vmap_method="sequential")


print(jax.jit(jerf)(jnp.array([0.0, 0.5, 1.0])))
print(jax.vmap(jerf)(jnp.ones((2, 2)) * 0.5))
print(jnp.allclose(jax.jit(jerf)(jnp.linspace(-2, 2, 5)), jax.scipy.special.erf(jnp.linspace(-2, 2, 5)), atol=1e-6))
try:
    jax.grad(lambda x: jerf(x).sum())(jnp.ones(2))
except Exception as e:
    print(type(e).__name__)

counter = [0]


def bump(x):
    counter[0] += 1
    return np.array(counter[0], np.int32)


@jax.jit
def g(x):
    a = io_callback(bump, jax.ShapeDtypeStruct((), jnp.int32), x, ordered=True)
    b = io_callback(bump, jax.ShapeDtypeStruct((), jnp.int32), x, ordered=True)
    return a, b


print(g(1.0), g(2.0), counter)
jax.debug.print("{a:>8.3f}|{b}", a=jnp.float32(3.14159), b=jnp.array([1, 2]))
jax.debug.print("pi is about {:.1f} and e {:.3e}", jnp.pi, jnp.e)
jax.debug.print("no args")
jax.effects_barrier()
jax.debug.print(ordered=True)("two-call form {}", 7)
jax.effects_barrier()
