# The gradient checkpointing page's policies end to end: jax.checkpoint with every
# checkpoint_policies member, names by checkpoint_name, save_and_offload_only_these_names,
# save_from_both_policies, save_anything_except_these_names, print_saved_residuals, static_argnums
# and prevent_cse, and remat of a scanned layer.
from functools import partial
import jax
import jax.numpy as jnp
from jax import lax
from jax.ad_checkpoint import checkpoint_name, print_saved_residuals


def g(W, x):
    return jnp.sin(W @ x)


W1, W2, W3 = (jnp.ones((n + 1, n)) for n in (4, 5, 6))
x = jnp.ones(4)
pol = jax.checkpoint_policies


def named(W1, W2, W3, x):
    x = checkpoint_name(g(W1, x), "a")
    x = checkpoint_name(g(W2, x), "b")
    return checkpoint_name(g(W3, x), "c")


for name, policy in [
    ("everything_saveable", pol.everything_saveable),
    ("nothing_saveable", pol.nothing_saveable),
    ("dots_saveable", pol.dots_saveable),
    ("dots_with_no_batch_dims_saveable", pol.dots_with_no_batch_dims_saveable),
    ("save_only_these_names", pol.save_only_these_names("a", "c")),
    ("save_any_names_but_these", pol.save_any_names_but_these("b")),
    ("save_anything_except_these_names", pol.save_anything_except_these_names("b")),
    ("both", pol.save_from_both_policies(pol.dots_saveable, pol.save_only_these_names("c"))),
    ("offload", pol.save_and_offload_only_these_names(
        names_which_can_be_saved=["a"], names_which_can_be_offloaded=[],
        offload_src="device", offload_dst="pinned_host")),
]:
    print(name)
    print_saved_residuals(jax.checkpoint(named, policy=policy), W1, W2, W3, x)
    print(jax.grad(lambda W1: jnp.sum(jax.checkpoint(named, policy=policy)(W1, W2, W3, x)))(W1).sum())


@partial(jax.checkpoint, static_argnums=(1,))
def repeated(x, n):
    for _ in range(n):
        x = jnp.sin(x) * 2
    return x


print(jax.grad(repeated)(0.3, 3))
print_saved_residuals(lambda x: repeated(x, 2), 0.3)
print(jax.grad(jax.checkpoint(lambda x: jnp.sin(jnp.sin(x)), prevent_cse=False))(1.0))


def layer(c, w):
    return jnp.tanh(w @ c), None


ws = jnp.ones((3, 4, 4)) * 0.1
loss = lambda ws: jnp.sum(lax.scan(jax.checkpoint(layer), jnp.ones(4), ws)[0])
print(jax.grad(loss)(ws).shape, jax.grad(loss)(ws)[0, 0, 0])
print_saved_residuals(loss, ws)
print(jax.remat is jax.checkpoint)
