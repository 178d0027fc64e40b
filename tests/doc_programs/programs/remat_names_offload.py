# "Gradient checkpointing": names, name-based policies (incl. offloading) and the doc's helpers
from functools import partial
import jax
import jax.numpy as jnp
from jax.ad_checkpoint import checkpoint_name, print_saved_residuals

def predict(params, x):
    for i, (W, b) in enumerate(params):
        x = checkpoint_name(jnp.dot(x, W), f"dot{i}")
        x = checkpoint_name(jnp.tanh(x + b), f"act{i}")
    return x

def loss(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)

keys = jax.random.split(jax.random.key(0), 3)
params = [(jax.random.normal(k, (4, 4)) * 0.5, jnp.zeros(4)) for k in keys]
x = jnp.ones((2, 4))
y = jnp.zeros((2, 4))

print_saved_residuals(loss, params, x, y)
print("---- save_only_these_names(dot0, act2)")
pol = jax.checkpoint_policies.save_only_these_names("dot0", "act2")
print_saved_residuals(jax.checkpoint(loss, policy=pol), params, x, y)
print("---- save_any_names_but_these(dot1)")
pol = jax.checkpoint_policies.save_any_names_but_these("dot1")
print_saved_residuals(jax.checkpoint(loss, policy=pol), params, x, y)
print("---- save_from_both_policies")
pol = jax.checkpoint_policies.save_from_both_policies(
    jax.checkpoint_policies.save_only_these_names("act0"),
    jax.checkpoint_policies.dots_with_no_batch_dims_saveable)
print_saved_residuals(jax.checkpoint(loss, policy=pol), params, x, y)
print("---- checkpoint_dots")
print_saved_residuals(jax.checkpoint(loss, policy=jax.checkpoint_policies.checkpoint_dots), params, x, y)
print("---- nothing_saveable")
print_saved_residuals(jax.checkpoint(loss, policy=jax.checkpoint_policies.nothing_saveable), params, x, y)

g0 = jax.grad(loss)(params, x, y)
g1 = jax.grad(jax.checkpoint(loss, policy=jax.checkpoint_policies.save_only_these_names("dot0")))(params, x, y)
print(all(jnp.allclose(a, b) for a, b in zip(jax.tree.leaves(g0), jax.tree.leaves(g1))))

print("---- offload policy")
pol = jax.checkpoint_policies.save_and_offload_only_these_names(
    names_which_can_be_saved=["act0"], names_which_can_be_offloaded=[],
    offload_src="device", offload_dst="pinned_host")
print_saved_residuals(jax.checkpoint(loss, policy=pol), params, x, y)

@partial(jax.checkpoint, static_argnums=(1,))
def repeat_sin(x, n):
    for _ in range(n):
        x = jnp.sin(x)
    return x
print(jax.grad(repeat_sin)(1., 3))
print_saved_residuals(lambda x: repeat_sin(x, 2), 1.)
