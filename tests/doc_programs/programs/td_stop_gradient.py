# Advanced autodiff: stop_gradient in TD(0) learning, the straight-through estimator,
# per-example gradients with clipping and noise (DP-SGD style), Hessian-vector products by
# forward-over-reverse and reverse-over-reverse, and Jacobian-matrix products with vmap
import jax
import jax.numpy as jnp
from jax import grad, jvp, vjp, vmap, random

value_fn = lambda theta, state: jnp.dot(theta, state)
theta = jnp.array([0.1, -0.1, 0.])
s_tm1 = jnp.array([1., 2., -1.])
r_t = jnp.array(1.)
s_t = jnp.array([2., 1., 0.])


def td_loss(theta, s_tm1, r_t, s_t):
    v_tm1 = value_fn(theta, s_tm1)
    target = r_t + value_fn(theta, s_t)
    return -0.5 * ((jax.lax.stop_gradient(target) - v_tm1) ** 2)


td_update = grad(td_loss)
delta_theta = td_update(theta, s_tm1, r_t, s_t)
print(delta_theta)
print(jax.make_jaxpr(td_update)(theta, s_tm1, r_t, s_t).jaxpr.eqns[0].primitive)


def f(x):
    return jnp.round(x)


def straight_through_f(x):
    zero = x - jax.lax.stop_gradient(x)
    return zero + jax.lax.stop_gradient(f(x))


print("f(x): ", f(3.2))
print("straight_through_f(x):", straight_through_f(3.2))
print("grad(f)(x):", grad(f)(3.2))
print("grad(straight_through_f)(x):", grad(straight_through_f)(3.2))

perex_grads = jax.jit(vmap(grad(td_loss), in_axes=(None, 0, 0, 0)))
batched_s_tm1 = jnp.stack([s_tm1, s_tm1])
batched_r_t = jnp.stack([r_t, r_t])
batched_s_t = jnp.stack([s_t, s_t])
print(perex_grads(theta, batched_s_tm1, batched_r_t, batched_s_t))

dtdloss_dtheta = grad(td_loss)
print(dtdloss_dtheta(theta, batched_s_tm1[0], batched_r_t[0], batched_s_t[0]))
inefficient = vmap(dtdloss_dtheta, in_axes=(None, 0, 0, 0))(theta, batched_s_tm1, batched_r_t, batched_s_t)
print(inefficient.shape)


def clipped_noisy_grads(theta, key, l2_clip=0.5, noise=0.1):
    g = perex_grads(theta, batched_s_tm1, batched_r_t, batched_s_t)
    norms = jnp.linalg.norm(g, axis=1, keepdims=True)
    g = g / jnp.maximum(1., norms / l2_clip)
    total = g.sum(0) + noise * l2_clip * random.normal(key, theta.shape)
    return total / g.shape[0], norms.squeeze(-1)


avg, norms = clipped_noisy_grads(theta, random.key(42))
print(jnp.round(avg, 4), norms)


def loss(w):
    return jnp.sum(jnp.tanh(w) ** 2) + jnp.prod(w)


def hvp_fwd_rev(f, x, v):
    return jvp(grad(f), (x,), (v,))[1]


def hvp_rev_rev(f, x, v):
    return grad(lambda x: jnp.vdot(grad(f)(x), v))(x)


def hvp_rev_fwd(f, x, v):
    g = lambda x: jvp(f, (x,), (v,))[1]
    return grad(g)(x)


w = jnp.array([0.5, -1.0, 2.0])
v = jnp.array([1.0, 0.5, -0.25])
for h in (hvp_fwd_rev, hvp_rev_rev, hvp_rev_fwd):
    print(h.__name__, jnp.round(h(loss, w, v), 5))
print(jnp.allclose(jax.hessian(loss)(w) @ v, hvp_fwd_rev(loss, w, v), atol=1e-5))

hessian_cols = vmap(lambda v: hvp_fwd_rev(loss, w, v))(jnp.eye(3))
print(jnp.round(hessian_cols, 4))

g = lambda x: jnp.sin(x) * x.sum()
M = jnp.arange(6.).reshape(3, 2)
_, vjp_fun = vjp(g, w)
mjp = vmap(vjp_fun)(M.T)
print(jnp.round(mjp[0], 4))
jmp = vmap(lambda t: jvp(g, (w,), (t,))[1], in_axes=1, out_axes=1)(M)
print(jnp.round(jmp, 4))
print(jnp.allclose(jmp, jax.jacfwd(g)(w) @ M, atol=1e-5))
