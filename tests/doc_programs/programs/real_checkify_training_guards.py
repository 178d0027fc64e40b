# Guarding a training loop with checkify, as the debugging docs suggest: user checks on inputs
# (labels in range, finite features) with formatted values, automatic float_checks / index_checks
# / div_checks inside a jitted step, the Error object inspected with .get() and .throw(), a
# poisoned batch caught at the step where a NaN first appears, and the same checks under vmap over
# a batch of learning rates
import jax
import jax.numpy as jnp
from jax.experimental import checkify

C = 3
key = jax.random.key(0)
X = jax.random.normal(key, (32, 4))
y = jnp.argmax(X[:, :C], 1)
w = jnp.zeros((4, C))


def loss_fn(w, x, y):
    logits = x @ w
    return -jnp.mean(jnp.log(jax.nn.softmax(logits)[jnp.arange(y.shape[0]), y]))


def train_step(w, x, y, lr):
    checkify.check(jnp.all((y >= 0) & (y < C)), "label out of range: max label {m}", m=jnp.max(y))
    checkify.check(jnp.all(jnp.isfinite(x)), "non-finite input in batch")
    loss, g = jax.value_and_grad(loss_fn)(w, x, y)
    return w - lr * g, loss


checked = jax.jit(checkify.checkify(train_step, errors=checkify.user_checks | checkify.float_checks | checkify.index_checks))
err, (w1, loss) = checked(w, X, y, 0.5)
print("clean step error:", err.get(), "loss:", round(float(loss), 4))
bad_y = y.at[3].set(7)
err, _ = checked(w, X, bad_y, 0.5)
print("bad labels:", err.get())
bad_x = X.at[5, 2].set(jnp.nan)
err, _ = checked(w, bad_x, y, 0.5)
print("bad features:", err.get().splitlines()[0])
try:
    err.throw()
except checkify.JaxRuntimeError as e:
    print("thrown:", type(e).__name__, str(e).splitlines()[0])


def fragile_step(w, x, y, lr):
    logits = x @ w
    scale = jnp.sum(jnp.abs(logits))
    return w - lr * logits.mean() / scale, jnp.log(scale)


guarded = jax.jit(checkify.checkify(fragile_step, errors=checkify.float_checks | checkify.div_checks))
err, (_, ls) = guarded(w, X, y, 0.1)
print("division by zero weights:", err.get() is not None, "log of zero:", float(ls))
print("first line:", err.get().splitlines()[0] if err.get() else None)


def train(w, batches):
    def body(w, xb):
        w, loss = train_step(w, xb, y, 0.5)
        return w, loss

    return jax.lax.scan(body, w, batches)


batches = jnp.stack([X] * 6).at[4, 0, 0].set(jnp.inf)
err, (w_end, losses) = jax.jit(checkify.checkify(train, errors=checkify.user_checks))(w, batches)
print("scan error:", err.get())
clean = jnp.stack([X] * 6)
err, (w_end, losses) = jax.jit(checkify.checkify(train, errors=checkify.user_checks))(w, clean)
print("clean scan:", err.get(), "losses decreasing:", bool(jnp.all(jnp.diff(losses) < 0)))
lrs = jnp.array([0.1, 0.5, 1.0])
err, (ws, ls) = jax.vmap(checkify.checkify(train_step), in_axes=(None, None, None, 0))(w, X, y, lrs)
print("vmapped losses:", jnp.round(ls, 4), "error:", err.get())
idx_err, _ = checkify.checkify(lambda x, i: x[i], errors=checkify.index_checks)(jnp.arange(4.0), 9)
print("index check:", idx_err.get().splitlines()[0])
