# Observability in a training loop: metrics streamed to the host from inside a jitted lax.scan
# epoch with io_callback(ordered=True) into a Python list, progress printed with jax.debug.print
# every few steps via lax.cond, a host-side early-stopping flag read by pure_callback, NaN
# guarding with checkify (user checks plus float_checks) around the step, jax.debug.callback
# with arrays, and a summary of the recorded history
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import checkify

history = []


def record(step, loss, gnorm):
    history.append((int(step), float(loss), float(gnorm)))
    return np.int32(len(history))


kx, kw = jax.random.split(jax.random.key(0))
X = jax.random.normal(kx, (64, 3))
w_true = jnp.array([1.0, -2.0, 0.5])
Y = X @ w_true


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def epoch(w, lr):
    def body(w, i):
        xb, yb = jax.lax.dynamic_slice_in_dim(X, i * 16, 16), jax.lax.dynamic_slice_in_dim(Y, i * 16, 16)
        loss, g = jax.value_and_grad(loss_fn)(w, xb, yb)
        n = jax.experimental.io_callback(record, jax.ShapeDtypeStruct((), jnp.int32), i, loss, jnp.linalg.norm(g), ordered=True)
        jax.lax.cond(i % 2 == 0, lambda: jax.debug.print("step {i}: loss={l:.4f}", i=i, l=loss), lambda: None)
        return w - lr * g, n

    return jax.lax.scan(body, w, jnp.arange(4))


w = jnp.zeros(3)
for _ in range(3):
    w, counts = epoch(w, 0.1)
print(len(history), counts, history[0][0], f"{history[0][1]:.4f}", history[-1][0])
print(all(h[1] >= 0 for h in history), history[-1][1] < history[0][1])

stop_flag = {"stop": False}


def should_stop(loss):
    stop_flag["stop"] = bool(loss < 0.5)
    return np.bool_(stop_flag["stop"])


@jax.jit
def train_until(w):
    def cond(s):
        w, i, stop = s
        return (~stop) & (i < 200)

    def body(s):
        w, i, _ = s
        loss, g = jax.value_and_grad(loss_fn)(w, X, Y)
        stop = jax.pure_callback(should_stop, jax.ShapeDtypeStruct((), jnp.bool_), loss)
        return w - 0.05 * g, i + 1, stop

    return jax.lax.while_loop(cond, body, (w, 0, False))


w2, iters, stopped = train_until(jnp.zeros(3))
print(int(iters) < 200, bool(stopped), stop_flag["stop"])


def guarded_step(w, lr):
    loss, g = jax.value_and_grad(loss_fn)(w, X, Y)
    checkify.check(jnp.all(jnp.isfinite(g)), "non-finite gradient at lr={lr}", lr=lr)
    checkify.check(lr > 0, "learning rate must be positive, got {lr}", lr=lr)
    return w - lr * jnp.log(lr) * g / jnp.log(lr)


checked = jax.jit(checkify.checkify(guarded_step, errors=checkify.user_checks | checkify.float_checks))
err, _ = checked(w, 0.1)
print(err.get())
err, _ = checked(w, -0.1)
print(err.get())
err, _ = checked(w, 1.0)
print(err.get() is not None)
jax.debug.callback(lambda a, b: print("callback:", a.shape, np.round(np.asarray(b), 3)), X[:2], w)
arr = np.array(history)
print(arr.shape, arr[:, 0].astype(int).tolist()[:8])
