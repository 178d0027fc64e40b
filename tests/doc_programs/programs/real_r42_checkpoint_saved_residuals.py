# Gradient checkpointing page: print_saved_residuals of a plain and a remat'd function, policies
# (everything_saveable, nothing_saveable, dots_saveable, dots_with_no_batch_dims_saveable,
# save_only_these_names, save_any_names_but_these, save_from_both_policies), checkpoint_name,
# prevent_cse and static_argnums; the gradients stay the same
from functools import partial

import jax
import jax.numpy as jnp
from jax.ad_checkpoint import checkpoint_name, print_saved_residuals

W1 = jnp.ones((4, 4)) * 0.1
W2 = jnp.ones((4, 4)) * 0.2
x = jnp.arange(8.0).reshape(2, 4)


def g(W, x):
    y = jnp.dot(x, W)
    return jnp.sin(y)


def f(W1, W2, x):
    x = g(W1, x)
    x = g(W2, x)
    return jnp.sum(x)


print_saved_residuals(f, W1, W2, x)
print("--- remat g")
print_saved_residuals(lambda W1, W2, x: jnp.sum(jax.checkpoint(g)(W2, jax.checkpoint(g)(W1, x))), W1, W2, x)


def named(W1, W2, x):
    y = checkpoint_name(jnp.dot(x, W1), "y1")
    y = jnp.sin(y)
    z = checkpoint_name(jnp.dot(y, W2), "z")
    return jnp.sum(jnp.sin(z))


cp = jax.checkpoint_policies
for name, policy in [
    ("everything", cp.everything_saveable),
    ("nothing", cp.nothing_saveable),
    ("dots", cp.dots_saveable),
    ("dots_no_batch", cp.dots_with_no_batch_dims_saveable),
    ("only y1", cp.save_only_these_names("y1")),
    ("all but y1", cp.save_any_names_but_these("y1")),
    ("both", cp.save_from_both_policies(cp.save_only_these_names("z"), cp.dots_saveable)),
]:
    print("---", name)
    print_saved_residuals(jax.checkpoint(named, policy=policy), W1, W2, x)

grads = [jax.grad(jax.checkpoint(named, policy=p))(W1, W2, x) for p in (cp.nothing_saveable, cp.dots_saveable)]
print(jnp.allclose(grads[0], grads[1]), jnp.allclose(grads[0], jax.grad(named)(W1, W2, x)))


@partial(jax.checkpoint, static_argnums=(1,))
def repeat_layer(x, n):
    for _ in range(n):
        x = jnp.sin(x) * 1.1
    return x


print(jax.grad(lambda x: repeat_layer(x, 3).sum())(jnp.arange(3.0)))
print(jax.jit(jax.grad(lambda x: jax.checkpoint(jnp.tanh, prevent_cse=False)(x).sum()))(jnp.arange(3.0)))


def scan_model(ws, x):
    def body(h, w):
        return jax.checkpoint(lambda h, w: jnp.tanh(h @ w))(h, w), None

    return jax.lax.scan(body, x, ws)[0].sum()


ws = jnp.stack([W1, W2, W1])
print(jnp.round(jax.grad(scan_model)(ws, x)[1], 5))
print_saved_residuals(scan_model, ws, x)
print(jax.make_jaxpr(jax.checkpoint(lambda x: jnp.sin(jnp.sin(x)), policy=cp.nothing_saveable))(1.0))
