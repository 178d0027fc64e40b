# The Autodiff Cookbook, round 2: jacobians and hessians of pytrees, custom_jvp with defjvps,
# vjp with has_aux, linearize, jvp of functions of dicts, grad with has_aux and argnums
import jax
import jax.numpy as jnp
from jax import jacfwd, jacrev, hessian, jvp, vjp, linearize


def model(params, x):
    h = jnp.tanh(params["W"] @ x + params["b"])
    return {"out": params["v"] @ h, "h": h}


params = {
    "W": jnp.arange(6., dtype=jnp.float32).reshape(2, 3) / 10,
    "b": jnp.array([0.1, -0.2]),
    "v": jnp.array([1.5, -0.5]),
}
x = jnp.array([1., 2., -1.])
J = jacrev(model)(params, x)
print(jax.tree.map(jnp.shape, J))
Jf = jacfwd(model)(params, x)
print(jax.tree.all(jax.tree.map(lambda a, b: jnp.allclose(a, b, atol=1e-6), J, Jf)))
print(jnp.round(J["out"]["W"], 4))
Jx = jacfwd(model, argnums=1)(params, x)
print(jax.tree.map(jnp.shape, Jx))

def scalar_loss(params, x):
    return model(params, x)["out"] ** 2


H = hessian(scalar_loss)(params, x)
print(jax.tree.map(jnp.shape, H))
print(jnp.round(H["b"]["b"], 4))
print(jnp.round(hessian(lambda x: jnp.sum(jnp.sin(x) * x[::-1]))(x), 4))

# vjp with has_aux, grad with has_aux and several argnums
def loss_aux(params, x):
    out = model(params, x)
    return out["out"] ** 2, {"hidden": out["h"], "norm": jnp.linalg.norm(out["h"])}


y, f_vjp, aux = vjp(loss_aux, params, x, has_aux=True)
gp, gx = f_vjp(jnp.ones_like(y))
print(jnp.round(y, 4), jax.tree.map(lambda a: jnp.round(a, 4), aux))
print(jnp.round(gx, 4), jnp.round(gp["v"], 4))
(g0, g1), aux2 = jax.grad(loss_aux, argnums=(0, 1), has_aux=True)(params, x)
print(jnp.allclose(g1, gx), jnp.round(aux2["norm"], 4))
val, grads = jax.value_and_grad(lambda p: loss_aux(p, x)[0])(params)
print(jnp.round(val, 4), jnp.round(grads["b"], 4))

# jvp and linearize
f = lambda x: jnp.sin(x) * jnp.cos(2 * x).sum()
primal, tangent = jvp(f, (x,), (jnp.ones(3),))
print(jnp.round(primal, 4), jnp.round(tangent, 4))
y_lin, f_jvp = linearize(f, x)
print(jnp.allclose(y_lin, primal), jnp.round(f_jvp(jnp.ones(3)), 4))
print(jnp.round(f_jvp(jnp.array([1., 0., 0.])), 4))
print(jnp.round(jax.vmap(f_jvp)(jnp.eye(3)), 4))
pt, f_jvp_tree = linearize(lambda p: model(p, x)["out"], params)
print(jnp.round(pt, 4), jnp.round(f_jvp_tree(jax.tree.map(jnp.ones_like, params)), 4))

# custom_jvp with defjvps
@jax.custom_jvp
def f2(x, y):
    return jnp.sin(x) * y


f2.defjvps(lambda x_dot, primal_out, x, y: jnp.cos(x) * x_dot * y,
           lambda y_dot, primal_out, x, y: jnp.sin(x) * y_dot)
print(jnp.round(f2(3., 4.), 4))
print([jnp.round(g, 4) for g in jax.grad(f2, argnums=(0, 1))(3., 4.)])
print(jnp.round(jax.jacfwd(f2)(jnp.array([1., 2.]), jnp.array([3., 4.])), 4))

@jax.custom_jvp
def log1pexp(x):
    return jnp.log(1. + jnp.exp(x))


log1pexp.defjvps(lambda t, ans, x: t / (1. + jnp.exp(-x)))
print(jax.grad(log1pexp)(100.), jax.vmap(jax.grad(log1pexp))(jnp.array([0., 1., 2.])))
print(jnp.round(jax.grad(jax.grad(log1pexp))(0.5), 5))

# per-example gradients and Jacobian-vector products of pytrees
xs = jnp.stack([x, 2 * x, -x])
per_ex = jax.vmap(jax.grad(lambda p, x: scalar_loss(p, x)), in_axes=(None, 0))(params, xs)
print(jax.tree.map(jnp.shape, per_ex))
hvp = lambda f, x, v: jax.grad(lambda x: jnp.vdot(jax.grad(f)(x), v))(x)
g = lambda x: jnp.sum(x ** 3) + x[0] * x[1]
print(hvp(g, x, jnp.array([1., 0., 0.])))
print(jnp.round(jax.jvp(jax.grad(g), (x,), (jnp.array([1., 0., 0.]),))[1], 4))
