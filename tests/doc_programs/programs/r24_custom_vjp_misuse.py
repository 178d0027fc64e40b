# "Custom derivative rules": custom_vjp rules that break the contract (a bwd that returns the
# wrong structure, shapes or dtypes, a fwd without residuals) and the errors JAX raises for them
import jax
import jax.numpy as jnp


def show(fn, *args):
    try:
        out = fn(*args)
        print("ok", out)
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines()[:4]:
            print("   ", line)


def make(fwd, bwd, primal=lambda x: x * 2):
    f = jax.custom_vjp(primal)
    f.defvjp(fwd, bwd)
    return f


good = make(lambda x: (x * 2, None), lambda r, g: (2 * g,))
print(jax.grad(good)(3.0), jax.value_and_grad(good)(jnp.float32(3.0)))
show(jax.grad(make(lambda x: (x * 2, None), lambda r, g: (jnp.ones(3),))), 1.0)
show(jax.grad(make(lambda x: (x * 2, None), lambda r, g: g)), 1.0)
show(jax.grad(make(lambda x: (x * 2, None), lambda r, g: [g])), 1.0)
show(jax.grad(make(lambda x: (x * 2, None), lambda r, g: (g, g))), 1.0)
show(jax.grad(make(lambda x: (x * 2, None), lambda r, g: (g.astype(jnp.int32),))), 1.0)
show(jax.grad(make(lambda x: x * 2, lambda r, g: (g,))), 1.0)
show(jax.grad(make(lambda x: (x * 2, None), lambda r, g: (None,))), 1.0)


@jax.custom_vjp
def scale(x, y):
    return x * y


scale.defvjp(lambda x, y: (scale(x, y), (x, y)), lambda r, g: (g * r[1],))
show(jax.grad(scale), 1.0, 2.0)
scale.defvjp(lambda x, y: (scale(x, y), (x, y)), lambda r, g: (g * r[1], g * r[0]))
show(jax.grad(scale, argnums=(0, 1)), 1.0, 2.0)


@jax.custom_vjp
def pair(x):
    return {"a": x, "b": 2 * x}


pair.defvjp(lambda x: (pair(x), None), lambda r, g: (g["a"] + 2 * g["b"],))
show(jax.grad(lambda x: pair(x)["a"] + pair(x)["b"]), 1.0)
show(jax.jit(jax.grad(lambda x: pair(x)["b"])), 1.0)
show(lambda: jax.custom_vjp(lambda x: x)(1.0))
show(lambda: jax.jvp(good, (1.0,), (1.0,)))
show(jax.vmap(jax.grad(good)), jnp.arange(3.0))
