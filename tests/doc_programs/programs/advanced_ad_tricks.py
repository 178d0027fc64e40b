# Advanced automatic differentiation: hvp three ways, jvp-of-vjp, per-example grads,
# stop_gradient tricks, custom_vjp with nondiff_argnums (clip_gradient)
from functools import partial
import jax
import jax.numpy as jnp
from jax import grad, jvp, vjp, jacfwd, jacrev


def f(x):
    return jnp.sum(jnp.sin(x) * x ** 2)


x = jnp.array([0.5, 1., 2.])
v = jnp.array([1., 0., -1.])


def hvp_fwd_rev(f, x, v):
    return jvp(grad(f), (x,), (v,))[1]


def hvp_rev_fwd(f, x, v):
    g = lambda x: jvp(f, (x,), (v,))[1]
    return grad(g)(x)


def hvp_rev_rev(f, x, v):
    return grad(lambda x: jnp.vdot(grad(f)(x), v))(x)


print(hvp_fwd_rev(f, x, v))
print(hvp_rev_fwd(f, x, v))
print(hvp_rev_rev(f, x, v))
print(jacfwd(jacrev(f))(x) @ v)

# jvp of vjp: the transpose of a vjp is a jvp
def g(x):
    return jnp.stack([x[0] * x[1], jnp.exp(x[2])])


y, g_vjp = vjp(g, x)
u = jnp.array([1., 2.])
print(g_vjp(u))
print(jvp(lambda u: g_vjp(u)[0], (u,), (jnp.array([0., 1.]),)))
print(jax.linear_transpose(lambda t: jvp(g, (x,), (t,))[1], x)(u))

# per-example gradients
def loss(w, xi, yi):
    return (jnp.dot(w, xi) - yi) ** 2


w = jnp.array([0.1, -0.2, 0.3])
X = jnp.arange(12.).reshape(4, 3) / 10
Y = jnp.array([1., 0., 1., 0.])
per_ex = jax.vmap(grad(loss), in_axes=(None, 0, 0))(w, X, Y)
print(per_ex)
print(per_ex.mean(0), grad(lambda w: jax.vmap(loss, (None, 0, 0))(w, X, Y).mean())(w))
clipped = per_ex / jnp.maximum(1., jnp.linalg.norm(per_ex, axis=1, keepdims=True) / 0.5)
print(clipped)

# stop_gradient tricks
print(grad(lambda x: x * jax.lax.stop_gradient(x))(3.))
ste = lambda x: x + jax.lax.stop_gradient(jnp.round(x) - x)
print(ste(jnp.array([0.3, 1.7])), grad(lambda x: ste(x).sum())(jnp.array([0.3, 1.7])))
print(grad(lambda x: jax.lax.stop_gradient(x) ** 2 + x)(2.))
print(jax.hessian(lambda x: jnp.sum(x ** 3) - jax.lax.stop_gradient(x[0]) * x[1])(jnp.array([1., 2.])))


# custom_vjp with nondiff_argnums: gradient clipping
@partial(jax.custom_vjp, nondiff_argnums=(0, 1))
def clip_gradient(lo, hi, x):
    return x


def clip_gradient_fwd(lo, hi, x):
    return x, None


def clip_gradient_bwd(lo, hi, _, g):
    return (jnp.clip(g, lo, hi),)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_sin(x):
    return clip_gradient(-0.75, 0.75, jnp.sin(x))


print(grad(lambda x: 3 * clipped_sin(x))(0.1), grad(lambda x: 3 * jnp.sin(x))(0.1))
print(jax.vmap(grad(lambda x: 3 * clipped_sin(x)))(jnp.linspace(0, 3, 4)))
print(jax.jit(grad(lambda x: 3 * clipped_sin(x)))(2.0))


# custom_jvp with nondiff_argnums taking a function
@partial(jax.custom_jvp, nondiff_argnums=(0,))
def app(f, x):
    return f(x)


@app.defjvp
def app_jvp(f, primals, tangents):
    x, = primals
    t, = tangents
    return app(f, x), 2. * t


print(jvp(partial(app, jnp.sin), (1.,), (jnp.float32(1.),)))
print(grad(partial(app, jnp.cos))(1.))
# jacobians with has_aux and value_and_grad of pytrees
val, gr = jax.value_and_grad(lambda p: p['a'] ** 2 + p['b'], )({'a': 3., 'b': 1.})
print(val, gr)
(val, aux), gr = jax.value_and_grad(lambda x: (x ** 2, x * 10), has_aux=True)(2.)
print(val, aux, gr)
print(jacrev(lambda x: {'s': jnp.sum(x), 'p': jnp.prod(x)})(jnp.array([1., 2., 3.])))
print(jax.jacfwd(g, has_aux=False)(x))
print(grad(grad(grad(jnp.tanh)))(0.5))
