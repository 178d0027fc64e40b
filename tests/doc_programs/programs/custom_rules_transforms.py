# custom_jvp / custom_vjp functions under jit, vmap, nested grads and with pytree arguments
import functools
import jax
import jax.numpy as jnp


@jax.custom_vjp
def normalize(v):
    return v / jnp.linalg.norm(v)


def normalize_fwd(v):
    n = jnp.linalg.norm(v)
    return v / n, (v, n)


def normalize_bwd(res, g):
    v, n = res
    u = v / n
    return ((g - u * jnp.dot(u, g)) / n,)


normalize.defvjp(normalize_fwd, normalize_bwd)
v = jnp.array([3., 4.])
print(normalize(v), jax.jacrev(normalize)(v))
print(jax.vmap(normalize)(jnp.array([[3., 4.], [1., 0.]])))
print(jax.vmap(jax.grad(lambda x: normalize(x)[0]))(jnp.array([[3., 4.], [1., 1.]])))
print(jax.jit(jax.grad(lambda x: normalize(x) @ jnp.array([1., 2.])))(v))


@jax.custom_jvp
def safe_log1pexp(x):
    return jnp.logaddexp(0., x)


@safe_log1pexp.defjvp
def _(primals, tangents):
    (x,), (t,) = primals, tangents
    return safe_log1pexp(x), jax.nn.sigmoid(x) * t


xs = jnp.array([-100., 0., 100.])
print(jax.vmap(jax.grad(safe_log1pexp))(xs), jax.jacfwd(jax.vmap(safe_log1pexp))(xs))
print(jax.grad(jax.grad(safe_log1pexp))(0.), jax.hessian(lambda x: safe_log1pexp(x).sum())(xs))


@functools.partial(jax.custom_vjp, nondiff_argnums=(0,))
def apply_twice(f, x):
    return f(f(x))


apply_twice.defvjp(lambda f, x: (apply_twice(f, x), x), lambda f, x, g: (g * 4.0,))
print(apply_twice(jnp.sin, 1.), jax.grad(lambda x: apply_twice(jnp.sin, x))(1.))
print(jax.vmap(jax.grad(lambda x: apply_twice(jnp.cos, x)))(jnp.arange(3.)))


@jax.custom_jvp
def tree_fn(d):
    return {"s": d["a"] * d["b"], "t": jnp.sin(d["a"])}


@tree_fn.defjvp
def _(primals, tangents):
    (d,), (td,) = primals, tangents
    out = tree_fn(d)
    return out, {"s": td["a"] * d["b"] + d["a"] * td["b"], "t": jnp.cos(d["a"]) * td["a"]}


d = {"a": jnp.float32(2.), "b": jnp.float32(3.)}
print(jax.jvp(tree_fn, (d,), ({"a": jnp.float32(1.), "b": jnp.float32(0.)},)))
print(jax.grad(lambda d: tree_fn(d)["s"] + tree_fn(d)["t"])(d))
print(jax.vmap(tree_fn)({"a": jnp.arange(2.), "b": jnp.ones(2)}))


@jax.custom_vjp
def clip_gradient(lo, hi, x):
    return x


clip_gradient.defvjp(lambda lo, hi, x: (x, (lo, hi)), lambda res, g: (None, None, jnp.clip(g, *res)))
print(jax.grad(lambda x: clip_gradient(-0.5, 0.5, x) * 3.)(1.), jax.vmap(jax.grad(lambda x: clip_gradient(-1., 1., x ** 3)))(jnp.array([0.5, 2.])))
print(jax.jit(jax.value_and_grad(lambda x: jnp.sum(clip_gradient(-0.1, 0.1, x) ** 2)))(jnp.arange(3.)))
print(jax.linearize(safe_log1pexp, 1.)[1](2.), jax.jvp(normalize, (v,), (jnp.array([1., 0.]),)) if False else None)
