# "Advanced automatic differentiation": gradients of loops, Hessian-vector products
# (forward-over-reverse, reverse-over-reverse, reverse-over-forward), jacfwd / jacrev of a
# vector function, Jacobian-vector and vector-Jacobian products with pytrees, stop_gradient
# in a TD(0) update, straight-through estimators, per-example gradients, and hessian
import jax
import jax.numpy as jnp
from jax import grad, hessian, jacfwd, jacrev, jit, jvp, vjp, vmap


def f(x):
    return jnp.sum(jnp.sin(x) * x**2)


x = jnp.arange(1.0, 4.0)
v = jnp.array([1.0, 0.5, -1.0])


def hvp_fwd_rev(f, x, v):
    return jvp(grad(f), (x,), (v,))[1]


def hvp_rev_rev(f, x, v):
    return grad(lambda x: jnp.vdot(grad(f)(x), v))(x)


def hvp_rev_fwd(f, x, v):
    g = lambda primals: jvp(f, primals, (v,))[1]
    return grad(g)((x,))[0]


print(hvp_fwd_rev(f, x, v))
print(jnp.allclose(hvp_fwd_rev(f, x, v), hvp_rev_rev(f, x, v)))
print(jnp.allclose(hvp_fwd_rev(f, x, v), hvp_rev_fwd(f, x, v)))
print(jnp.allclose(hessian(f)(x) @ v, hvp_fwd_rev(f, x, v)))


def g(x):
    return jnp.stack([x[0] * x[1], jnp.exp(x[2]), x[0] ** 3])


print(jacfwd(g)(x))
print(jnp.allclose(jacfwd(g)(x), jacrev(g)(x)))
y, vjp_fun = vjp(g, x)
print(y, vjp_fun(jnp.ones(3)))
print(jvp(g, (x,), (jnp.array([1.0, 0.0, 0.0]),)))


def pytree_fun(p):
    return {"out": p["w"] @ p["x"] + p["b"], "norm": jnp.sum(p["w"] ** 2)}


p = {"w": jnp.ones((2, 3)), "x": x, "b": jnp.array([0.5, -0.5])}
J = jacrev(pytree_fun)(p)
print(jax.tree.map(jnp.shape, J))
print(J["out"]["x"])
H = hessian(lambda p: pytree_fun(p)["norm"])(p)
print(H["w"]["w"].shape)


def value_fn(theta, state):
    return jnp.dot(theta, state)


theta = jnp.array([0.1, -0.1, 0.0])
s_tm1, s_t, r_t = jnp.array([1.0, 2.0, -1.0]), jnp.array([1.0, 2.5, 1.0]), 1.0


def td_loss(theta, s_tm1, r_t, s_t):
    v_tm1 = value_fn(theta, s_tm1)
    target = r_t + jax.lax.stop_gradient(value_fn(theta, s_t))
    return -0.5 * ((target - v_tm1) ** 2)


td_update = grad(td_loss)
print(td_update(theta, s_tm1, r_t, s_t))
batched = vmap(td_update, in_axes=(None, 0, 0, 0))
print(batched(theta, jnp.stack([s_tm1, s_t]), jnp.array([1.0, 0.0]), jnp.stack([s_t, s_tm1])))


def f_round(x):
    return jnp.round(x)


def straight_through_f(x):
    zero = x - jax.lax.stop_gradient(x)
    return zero + jax.lax.stop_gradient(f_round(x))


print(f_round(3.2), straight_through_f(3.2))
print(grad(f_round)(3.2), grad(straight_through_f)(3.2))


def loop_fn(x):
    for _ in range(3):
        x = jnp.sin(x) * 1.5
    return x


print(grad(loop_fn)(0.7), jit(grad(grad(loop_fn)))(0.7))
print(jax.jacobian(lambda a: a**2)(x))
lin_out, f_jvp = jax.linearize(jnp.tanh, x)
print(f_jvp(v), jnp.allclose(f_jvp(v), jvp(jnp.tanh, (x,), (v,))[1]))
print(grad(lambda x, y: x * y**2, argnums=(0, 1))(2.0, 3.0))
print(jax.value_and_grad(lambda x: (x**2, x + 1), has_aux=True)(3.0))
