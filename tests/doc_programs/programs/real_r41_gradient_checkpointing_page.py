# "Gradient checkpointing with jax.checkpoint": print_saved_residuals of a plain and a
# checkpointed function, policies (nothing_saveable, dots_saveable,
# dots_with_no_batch_dims_saveable, save_only_these_names with checkpoint_name,
# save_anything_except_these_names), remat of a scanned layer stack, static_argnums, and
# that every variant's gradient agrees
from functools import partial

import jax
import jax.numpy as jnp
from jax.ad_checkpoint import checkpoint_name, print_saved_residuals


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
print("---")


def f2(W1, W2, W3, x):
    x = jax.checkpoint(g)(W1, x)
    x = jax.checkpoint(g)(W2, x)
    x = jax.checkpoint(g)(W3, x)
    return x


print_saved_residuals(f2, W1, W2, W3, x)
print("---")
f3 = jax.checkpoint(f, policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
print_saved_residuals(f3, W1, W2, W3, x)
print("---")


def predict(params, x):
    for i, (W, b) in enumerate(params):
        x = jnp.dot(W, x) + b
        x = checkpoint_name(x, name=f"layer{i}_output")
        x = jnp.tanh(x)
    return x


params = [(jnp.full((3, 3), 0.1 * (i + 1)), jnp.full(3, 0.01 * i)) for i in range(3)]
loss = lambda p, x: predict(p, x).sum()
policy = jax.checkpoint_policies.save_only_these_names("layer1_output")
print_saved_residuals(jax.checkpoint(loss, policy=policy), params, jnp.ones(3))
print("---")
policy2 = jax.checkpoint_policies.save_any_names_but_these("layer0_output")
print_saved_residuals(jax.checkpoint(loss, policy=policy2), params, jnp.ones(3))
print("---")

ref = jax.grad(loss)(params, jnp.ones(3))
for pol in [
    jax.checkpoint_policies.nothing_saveable,
    jax.checkpoint_policies.everything_saveable,
    jax.checkpoint_policies.dots_saveable,
    policy,
    policy2,
]:
    gr = jax.jit(jax.grad(jax.checkpoint(loss, policy=pol)))(params, jnp.ones(3))
    print(all(jnp.allclose(a, b) for a, b in zip(jax.tree.leaves(gr), jax.tree.leaves(ref))))


@partial(jax.checkpoint, static_argnums=(1,))
def repeat(x, n):
    for _ in range(n):
        x = jnp.sin(x) * 1.1
    return x


print(jax.grad(repeat)(0.5, 3))


def layer(x, W):
    return jnp.tanh(x @ W), None


Ws = jnp.stack([jnp.eye(4) * (0.5 + 0.1 * i) for i in range(5)])


def stack_loss(Ws, x):
    y, _ = jax.lax.scan(jax.checkpoint(layer), x, Ws)
    return jnp.sum(y**2)


def stack_loss_plain(Ws, x):
    y, _ = jax.lax.scan(layer, x, Ws)
    return jnp.sum(y**2)


x0 = jnp.arange(4.0) / 4
print(jnp.allclose(jax.grad(stack_loss)(Ws, x0), jax.grad(stack_loss_plain)(Ws, x0)))
print(jax.grad(stack_loss)(Ws, x0)[0])
print_saved_residuals(stack_loss, Ws, x0)
print(jax.checkpoint_policies.offload_dot_with_no_batch_dims is not None)
