# Gradient checkpointing: jax.checkpoint, policies, save_and_offload names, print_saved_residuals
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
print('---')


def f2(W1, W2, W3, x):
    x = jax.checkpoint(g)(W1, x)
    x = jax.checkpoint(g)(W2, x)
    x = jax.checkpoint(g)(W3, x)
    return x


print_saved_residuals(f2, W1, W2, W3, x)
print('---')
f3 = jax.checkpoint(f, policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
print_saved_residuals(f3, W1, W2, W3, x)
print('---')


def predict(params, x):
    for i, (W, b) in enumerate(params):
        x = jnp.dot(W, x) + b
        x = checkpoint_name(jnp.sin(x), f'layer{i}_output')
    return x


params = [(jnp.ones((4, 4)), jnp.zeros(4))] * 3
pol = jax.checkpoint_policies.save_only_these_names('layer1_output')
print_saved_residuals(jax.checkpoint(predict, policy=pol), params, x)
print('---')
pol2 = jax.checkpoint_policies.save_any_names_but_these('layer1_output')
print_saved_residuals(jax.checkpoint(predict, policy=pol2), params, x)
print('---')
print(jax.grad(lambda W: jax.checkpoint(f)(W, W2, W3, x).sum())(W1).shape)
print(jnp.allclose(jax.grad(lambda W: f3(W, W2, W3, x).sum())(W1), jax.grad(lambda W: f(W, W2, W3, x).sum())(W1)))


@partial(jax.checkpoint, static_argnums=(1,))
def repeat(x, n):
    for _ in range(n):
        x = jnp.sin(x)
    return x


print(jax.grad(repeat)(1., 3))
print(jax.checkpoint_policies.nothing_saveable is not None, jax.checkpoint_policies.everything_saveable is not None)
print_saved_residuals(jax.checkpoint(f, policy=jax.checkpoint_policies.everything_saveable), W1, W2, W3, x)
print('---')
print_saved_residuals(jax.checkpoint(f, policy=jax.checkpoint_policies.nothing_saveable), W1, W2, W3, x)
