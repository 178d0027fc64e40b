# "Gradient checkpointing with jax.checkpoint" page: print_saved_residuals under policies,
# checkpoint_name with save_only_these_names / save_and_offload_only_these_names /
# offload_dot_with_no_batch_dims, save_from_both_policies, remat on a scan body, and
# static_argnums / prevent_cse
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
print_saved_residuals(jax.checkpoint(f), W1, W2, W3, x)
print("---")
f2 = jax.checkpoint(f, policy=jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
print_saved_residuals(f2, W1, W2, W3, x)
print("---")


def f4(W1, W2, W3, x):
    x = checkpoint_name(g(W1, x), name='a')
    x = checkpoint_name(g(W2, x), name='b')
    x = checkpoint_name(g(W3, x), name='c')
    return x


f4 = jax.checkpoint(f4, policy=jax.checkpoint_policies.save_only_these_names('a'))
print_saved_residuals(f4, W1, W2, W3, x)
print("---")
f5 = jax.checkpoint(f, policy=jax.checkpoint_policies.nothing_saveable)
print_saved_residuals(f5, W1, W2, W3, x)
print("---")
pol = jax.checkpoint_policies.save_from_both_policies(
    jax.checkpoint_policies.save_only_these_names('b'),
    jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
print(pol.__name__ if hasattr(pol, "__name__") else type(pol).__name__)
print(jax.grad(lambda W: jax.checkpoint(f4)(W, W2, W3, x).sum())(W1).shape)


def loss(params, x):
    def body(h, w):
        return jnp.tanh(w @ h), None
    h, _ = jax.lax.scan(jax.checkpoint(body), x, params)
    return h.sum()


params = jnp.ones((3, 4, 4)) * 0.1
print(jax.grad(loss)(params, jnp.ones(4)))
print_saved_residuals(loss, params, jnp.ones(4))


@partial(jax.checkpoint, static_argnums=(1,))
def foo(x, is_training):
    if is_training:
        return jnp.sin(x) * 2
    return jnp.cos(x)


print(jax.grad(foo)(1., True), jax.grad(foo)(1., False))
print(jax.grad(jax.checkpoint(lambda x: jnp.sin(jnp.sin(x)), prevent_cse=False))(1.))
names = jax.checkpoint_policies.save_and_offload_only_these_names(
    names_which_can_be_saved=['a'], names_which_can_be_offloaded=[],
    offload_src='device', offload_dst='pinned_host')
print_saved_residuals(jax.checkpoint(f4.__wrapped__ if hasattr(f4, "__wrapped__") else f4, policy=names), W1, W2, W3, x)
print(sorted(n for n in dir(jax.checkpoint_policies) if not n.startswith('_')))
