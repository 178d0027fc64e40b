# Custom derivative rules, more of the tutorial: a stable logsumexp by custom_jvp (and its
# hessian), a gradient reversal layer by custom_vjp, custom_vjp of pytrees with residual pytrees,
# jax.custom_gradient, and the error for forward-mode autodiff of a custom_vjp function
import jax
import jax.numpy as jnp


@jax.custom_jvp
def lse(x):
    m = jnp.max(x)
    return m + jnp.log(jnp.sum(jnp.exp(x - m)))


@lse.defjvp
def lse_jvp(primals, tangents):
    x, = primals
    t, = tangents
    y = lse(x)
    return y, jnp.sum(jnp.exp(x - y) * t)


v = jnp.array([1000., 1001., 999.])
print(jnp.round(lse(v), 3), jnp.round(jax.grad(lse)(v), 4))
print(jnp.round(jax.hessian(lse)(jnp.array([0., 1.])), 4))
print(jnp.round(jax.vmap(jax.grad(lse))(jnp.stack([v, -v])), 4))

# a gradient reversal layer (domain-adversarial training): identity forward, -scale * g backward
@jax.custom_vjp
def grad_reverse(x, scale):
    return x


def grad_reverse_fwd(x, scale):
    return x, scale


def grad_reverse_bwd(scale, g):
    return -scale * g, None


grad_reverse.defvjp(grad_reverse_fwd, grad_reverse_bwd)
feat = lambda w, x: jnp.tanh(w * x)
head = lambda f: jnp.sum(f ** 2)
w0, x0 = 0.7, jnp.array([0.5, -1.0, 2.0])
print(jnp.round(jax.grad(lambda w: head(feat(w, x0)))(w0), 5))
print(jnp.round(jax.grad(lambda w: head(grad_reverse(feat(w, x0), 0.5)))(w0), 5))
print(jax.grad(lambda s: grad_reverse(x0, s).sum())(1.0))
print(jnp.round(jax.jit(jax.vmap(jax.grad(lambda x: grad_reverse(jnp.sin(x), 2.0))))(x0), 5))

# custom_vjp over pytrees with pytree residuals
@jax.custom_vjp
def weighted(params, x):
    return {"y": params["a"] * x + params["b"], "z": jnp.sum(x)}


def weighted_fwd(params, x):
    return weighted(params, x), {"a": params["a"], "x": x}


def weighted_bwd(res, ct):
    ga = jnp.sum(ct["y"] * res["x"])
    gb = jnp.sum(ct["y"])
    gx = ct["y"] * res["a"] + ct["z"]
    return {"a": ga, "b": gb}, gx


weighted.defvjp(weighted_fwd, weighted_bwd)
p = {"a": 2., "b": 1.}
xs = jnp.array([1., 2., 3.])
g = jax.grad(lambda p, x: jnp.sum(weighted(p, x)["y"] ** 2) + weighted(p, x)["z"], argnums=(0, 1))(p, xs)
print(jax.tree.map(lambda a: jnp.round(a, 4), g))
print(jax.jit(jax.grad(lambda x: weighted(p, x)["z"]))(xs))
print(jax.vmap(lambda x: jax.grad(lambda x: weighted(p, x)["y"].sum())(x))(jnp.ones((2, 3))))

@jax.custom_gradient
def scale_grad(x):
    return x, lambda g: (g * 10.,)


print(jax.grad(lambda x: scale_grad(x) ** 2)(3.))
try:
    jax.jvp(lambda x: weighted(p, x)["z"], (xs,), (xs,))
except Exception as e:
    print(type(e).__name__)
