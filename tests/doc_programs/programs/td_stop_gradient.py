# Advanced autodiff: stop_gradient for a Q-learning target, a straight-through estimator for
# binarization, per-example gradients with clipping and noise (DP-SGD style), Hessian-vector
# products by forward-over-reverse and reverse-over-reverse, and Jacobian-matrix products with vmap
import jax
import jax.numpy as jnp
from jax import grad, jvp, vjp, vmap, random


def q_values(params, obs):
    return jnp.tanh(obs @ params["w1"]) @ params["w2"]


def q_learning_loss(params, target_params, obs, action, reward, next_obs, gamma=0.9):
    q = q_values(params, obs)[action]
    target = reward + gamma * jnp.max(q_values(target_params, next_obs))
    return 0.5 * (jax.lax.stop_gradient(target) - q) ** 2


params = {"w1": jnp.arange(6.).reshape(3, 2) / 10, "w2": jnp.array([[1., -1.], [0.5, 0.25]])}
obs, next_obs = jnp.array([1., 0., -1.]), jnp.array([0.5, 0.5, 0.])
g = grad(q_learning_loss)(params, params, obs, 1, 1., next_obs)
print(jax.tree.map(lambda a: jnp.round(a, 4), g))
g_target = grad(q_learning_loss, argnums=1)(params, params, obs, 1, 1., next_obs)
print(jax.tree.map(lambda a: float(jnp.abs(a).sum()), g_target))


def binarize(x):
    return jnp.where(x >= 0, 1., -1.)


def binarize_ste(x):
    clipped = jnp.clip(x, -1., 1.)
    return clipped + jax.lax.stop_gradient(binarize(x) - clipped)


xs = jnp.array([-2., -0.3, 0.4, 1.7])
print(binarize_ste(xs), vmap(grad(binarize))(xs), vmap(grad(binarize_ste))(xs))


def logistic_loss(w, x, y):
    return jnp.logaddexp(0., -y * jnp.dot(w, x))


w0 = jnp.array([0.1, -0.2, 0.3])
X = jnp.array([[1., 2., 0.], [0., -1., 3.], [2., 2., 2.], [-1., 0., 1.]])
Y = jnp.array([1., -1., 1., -1.])
perex_grads = jax.jit(vmap(grad(logistic_loss), in_axes=(None, 0, 0)))
print(jnp.round(perex_grads(w0, X, Y), 4))


def clipped_noisy_grads(w, key, l2_clip=0.5, noise=0.1):
    g = perex_grads(w, X, Y)
    norms = jnp.linalg.norm(g, axis=1, keepdims=True)
    g = g / jnp.maximum(1., norms / l2_clip)
    total = g.sum(0) + noise * l2_clip * random.normal(key, w.shape)
    return total / g.shape[0], norms.squeeze(-1)


avg, norms = clipped_noisy_grads(w0, random.key(42))
print(jnp.round(avg, 4), jnp.round(norms, 4))


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
