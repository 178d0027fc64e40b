# "Custom derivative rules": custom_vjp with nondiff_argnums, symbolic zeros, pytrees and under
# transformations, as the page's sections build them
from functools import partial
import jax
import jax.numpy as jnp

@partial(jax.custom_vjp, nondiff_argnums=(0,))
def app(f, x):
    return f(x)

def app_fwd(f, x):
    return app(f, x), x

def app_bwd(f, x, g):
    return (5 * g,)

app.defvjp(app_fwd, app_bwd)
print(app(lambda x: x ** 3, 3.))
print(jax.grad(app, 1)(lambda x: x ** 3, 3.))
print(jax.vmap(jax.grad(app, 1), (None, 0))(jnp.sin, jnp.arange(3.)))

@partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_gradient_by(x, bound):
    return x

def clip_fwd(x, bound):
    return x, None

def clip_bwd(bound, res, g):
    return (jnp.clip(g, -bound, bound),)

clip_gradient_by.defvjp(clip_fwd, clip_bwd)
print(jax.grad(lambda x: 10. * clip_gradient_by(x, 2.))(1.))
print(jax.jit(jax.grad(lambda x: 10. * clip_gradient_by(x, 2.)))(1.))

# symbolic zeros: the rule sees which inputs are perturbed
@jax.custom_vjp
def f(x, y):
    return x * y, jnp.sin(y)

def f_fwd(x, y):
    print("fwd perturbed:", x.perturbed, y.perturbed)
    return f(x.value, y.value), (x.value, y.value)

def f_bwd(res, g):
    x, y = res
    gz, gw = g
    print("bwd zeros:", type(gz) is jax.custom_derivatives.SymbolicZero, type(gw) is jax.custom_derivatives.SymbolicZero)
    gw = 0. if isinstance(gw, jax.custom_derivatives.SymbolicZero) else gw
    gz = 0. if isinstance(gz, jax.custom_derivatives.SymbolicZero) else gz
    return gz * y, gz * x + gw * jnp.cos(y)

f.defvjp(f_fwd, f_bwd, symbolic_zeros=True)
print(jax.grad(lambda x, y: f(x, y)[0])(2., 3.))
print(jax.grad(lambda x, y: f(x, y)[1], argnums=1)(2., 3.))
print(jax.grad(lambda y: f(2., y)[0])(3.))

# custom_jvp with nondiff_argnums and a pytree argument
@partial(jax.custom_jvp, nondiff_argnums=(0,))
def scaled(n, p):
    return {"w": p["w"] * n, "b": p["b"] + n}

@scaled.defjvp
def scaled_jvp(n, primals, tangents):
    (p,), (t,) = primals, tangents
    return scaled(n, p), {"w": t["w"] * n * 10, "b": t["b"]}

p = {"w": jnp.array([1., 2.]), "b": jnp.array(0.5)}
print(jax.jvp(partial(scaled, 3), (p,), (jax.tree.map(jnp.ones_like, p),)))
print(jax.grad(lambda p: scaled(3, p)["w"].sum() + scaled(3, p)["b"])(p))
print(jax.jacfwd(lambda w: scaled(2, {"w": w, "b": 1.})["w"])(jnp.array([1., 2.])))
