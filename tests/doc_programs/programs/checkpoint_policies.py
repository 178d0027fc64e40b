# Gradient checkpointing: jax.checkpoint with policies and checkpoint_name (the
# "Gradient checkpointing with jax.checkpoint" doc), numbers only
import jax
import jax.numpy as jnp
from jax.ad_checkpoint import checkpoint_name


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
want = jax.grad(lambda *a: f(*a).sum(), argnums=(0, 1, 2))(W1, W2, W3, x)
for name, policy in [
    ("default", None),
    ("dots_saveable", jax.checkpoint_policies.dots_saveable),
    ("nothing_saveable", jax.checkpoint_policies.nothing_saveable),
    ("everything_saveable", jax.checkpoint_policies.everything_saveable),
    ("dots_with_no_batch_dims_saveable", jax.checkpoint_policies.dots_with_no_batch_dims_saveable),
]:
    cg = jax.checkpoint(g, policy=policy) if policy is not None else jax.checkpoint(g)
    f2 = lambda W1, W2, W3, x: cg(W3, cg(W2, cg(W1, x)))
    got = jax.grad(lambda *a: f2(*a).sum(), argnums=(0, 1, 2))(W1, W2, W3, x)
    print(name, all(jnp.allclose(a, b) for a, b in zip(got, want)), jnp.round(got[0][0], 4))


def predict(params, x):
    for i, (w, b) in enumerate(params):
        x = jnp.dot(w, x) + b
        x = checkpoint_name(jnp.tanh(x), f"layer{i}")
    return x


params = [(jnp.full((3, 3), 0.1 * (i + 1)), jnp.full(3, 0.01)) for i in range(3)]
xin = jnp.arange(3.)
loss = lambda p, x: jnp.sum(predict(p, x) ** 2)
base = jax.grad(loss)(params, xin)
for policy in [jax.checkpoint_policies.save_only_these_names("layer1"),
               jax.checkpoint_policies.save_any_names_but_these("layer0"),
               jax.checkpoint_policies.save_from_both_policies(
                   jax.checkpoint_policies.dots_saveable,
                   jax.checkpoint_policies.save_only_these_names("layer2"))]:
    got = jax.grad(jax.checkpoint(loss, policy=policy))(params, xin)
    print(jax.tree.all(jax.tree.map(lambda a, b: bool(jnp.allclose(a, b)), got, base)))
print(jnp.round(base[0][0], 5))


@jax.checkpoint
def h(x):
    return jnp.sin(jnp.sin(x))


print(jnp.round(jax.grad(h)(1.0), 5), jnp.round(jax.jit(jax.grad(h))(1.0), 5))
print(jnp.round(jax.vmap(jax.grad(h))(jnp.arange(3.)), 5))


@jax.jit
def scan_with_remat(x):
    body = jax.checkpoint(lambda c, _: (jnp.sin(c) * 1.1, c.sum()))
    return jax.lax.scan(body, x, None, length=5)


print(jnp.round(jax.grad(lambda x: scan_with_remat(x)[0].sum())(jnp.ones(2)), 5))


def static_arg_fn(x, n):
    for _ in range(n):
        x = jnp.cos(x)
    return x


ck = jax.checkpoint(static_arg_fn, static_argnums=(1,))
print(jnp.round(jax.grad(ck)(0.5, 3), 5))
print(jax.remat is jax.checkpoint or callable(jax.remat))
print(jnp.round(jax.grad(jax.remat(lambda x: x ** 3, prevent_cse=False))(2.0), 5))
