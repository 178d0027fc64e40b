# "Key concepts" / "Just-in-time compilation" / "Gradient checkpointing" pages: concretization
# errors raised under several transformations at once, printed whole as the pages' tracebacks
# end: a Python branch of a function differentiated inside jit (JAX names the jitted function
# and its arguments), nested gradients, jacobians and jvps under jit, gradients under vmap, a
# value made from constants, float() of a value with a tangent, and a checkpointed function
# branching on its argument (JAX's hint to use static_argnums), then the fixes
import functools

import jax
import jax.numpy as jnp
from jax import lax


def show(fn, *args, **kwargs):
    try:
        print("ok", fn(*args, **kwargs))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            if "object id" in line:  # an id differs from run to run
                line = line.split("object id")[0] + "object id ..."
            print("   ", line)


def relu_branch(x):
    if x > 0:
        return x**2
    return 0.0 * x


def scaled(x, scale):
    if scale * x > 1:
        return x * scale
    return x


def rows(x):
    return x if x.sum() > 0 else -x


def from_constants(x):
    if jnp.arange(3.0).sum() > 1:
        return x * 2
    return x


show(jax.jit(jax.grad(relu_branch)), 2.0)
show(jax.jit(jax.grad(scaled)), 1.0, 3.0)
show(jax.jit(jax.grad(scaled, argnums=(0, 1))), 1.0, 3.0)
show(jax.jit(jax.grad(jax.grad(relu_branch))), 2.0)
show(jax.jit(jax.value_and_grad(relu_branch)), 2.0)
show(jax.jit(jax.jacfwd(rows)), jnp.ones(2))
show(jax.jit(jax.jacrev(rows)), jnp.ones(2))
show(jax.jit(jax.hessian(relu_branch)), 2.0)
show(jax.jit(lambda x: jax.jvp(relu_branch, (x,), (1.0,))), 2.0)
show(jax.jit(lambda x: jax.vjp(relu_branch, x)[0]), 2.0)
show(jax.jit(lambda x: jax.grad(scaled)(x * 2, 5.0)), 1.0)
show(jax.jit(jax.grad(from_constants)), 1.0)
show(jax.jit(jax.grad(lambda x: float(x) * x)), 1.0)
show(jax.jit(jax.grad(lambda x: float(jnp.floor(x)) * x)), 1.5)
show(jax.vmap(jax.grad(relu_branch)), jnp.arange(3.0))
show(jax.grad(jax.jit(relu_branch)), 2.0)
show(lambda x: lax.cond(True, jax.grad(relu_branch), lambda v: v, x), 2.0)
show(jax.checkpoint(scaled), 1.0, 3.0)
show(jax.jit(jax.grad(jax.checkpoint(scaled))), 1.0, 3.0)

# the fixes: differentiate outside the branch, or keep the branch on a static value
show(jax.grad(relu_branch), 2.0)
show(jax.jit(jax.grad(lambda x: jnp.where(x > 0, x**2, 0.0))), 2.0)
show(jax.jit(jax.grad(scaled), static_argnums=1), 1.0, 3.0)
show(jax.grad(jax.checkpoint(scaled, static_argnums=(1,))), 1.0, 3.0)
show(jax.jit(functools.partial(jax.grad(scaled), scale=3.0)), 1.0)
show(jax.vmap(jax.grad(lambda x: jnp.where(x > 0, x**2, 0.0))), jnp.arange(3.0))
