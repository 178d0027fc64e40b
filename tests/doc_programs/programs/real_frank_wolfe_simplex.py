# Optimisation over the probability simplex: Frank-Wolfe with the linear minimisation oracle as a
# one_hot of the argmin and the duality gap as a certificate, exponentiated-gradient (mirror)
# descent, and Euclidean projection onto the simplex by sorting; applied to a portfolio-style
# quadratic and to the minimum enclosing ball's dual
import jax
import jax.numpy as jnp

K = 8
k_q, k_mu, k_pts = jax.random.split(jax.random.key(5), 3)
M = jax.random.normal(k_q, (K, K))
Q = M @ M.T / K + 0.1 * jnp.eye(K)
mu = jax.random.uniform(k_mu, (K,))


def objective(w):
    return 0.5 * w @ Q @ w - 0.3 * mu @ w


@jax.jit
def frank_wolfe(w0, iters=300):
    def body(t, carry):
        w, _ = carry
        g = jax.grad(objective)(w)
        s = jax.nn.one_hot(jnp.argmin(g), K)
        gap = g @ (w - s)
        step = 2.0 / (t + 2.0)
        return (1 - step) * w + step * s, gap

    return jax.lax.fori_loop(0, iters, body, (w0, jnp.inf))


@jax.jit
def mirror_descent(w0, iters=500, eta=0.5):
    def body(w, _):
        w = w * jnp.exp(-eta * jax.grad(objective)(w))
        return w / w.sum(), objective(w / w.sum())

    return jax.lax.scan(body, w0, None, length=iters)


def project_simplex(v):
    u = jnp.sort(v)[::-1]
    css = jnp.cumsum(u)
    idx = jnp.arange(1, v.shape[0] + 1)
    rho = jnp.max(jnp.where(u - (css - 1) / idx > 0, idx, 0))
    theta = (css[rho - 1] - 1) / rho
    return jnp.maximum(v - theta, 0.0)


@jax.jit
def projected_gradient(w0, iters=500, lr=0.2):
    def body(_, w):
        return project_simplex(w - lr * jax.grad(objective)(w))
    return jax.lax.fori_loop(0, iters, body, w0)


w0 = jnp.full(K, 1.0 / K)
w_fw, gap = frank_wolfe(w0)
w_md, trace = mirror_descent(w0)
w_pg = projected_gradient(w0)
print("FW objective:", round(float(objective(w_fw)), 5), "gap:", round(float(gap), 5))
print("MD objective:", round(float(objective(w_md)), 5), "first/last:", jnp.round(trace[jnp.array([0, -1])], 5))
print("PG objective:", round(float(objective(w_pg)), 5))
print("PG weights:", jnp.round(w_pg, 3), "sum", round(float(w_pg.sum()), 5))
print("MD close to PG:", bool(jnp.allclose(w_md, w_pg, atol=2e-2)))
print("projection examples:", jnp.round(project_simplex(jnp.array([0.5, 2.0, -1.0, 0.1])), 4))
print("batched projections:", jnp.round(jax.vmap(project_simplex)(jnp.eye(3) * 3 - 1), 3))

pts = jax.random.normal(k_pts, (20, 2)) * jnp.array([2.0, 0.5])


def meb_dual(a):
    c = a @ pts
    return -(a @ jnp.sum(pts**2, axis=1) - c @ c)


a_fw, gap = jax.jit(lambda a0: jax.lax.fori_loop(
    0, 400,
    lambda t, c: (((1 - 2 / (t + 2)) * c[0] + 2 / (t + 2) * jax.nn.one_hot(jnp.argmin(jax.grad(meb_dual)(c[0])), 20)), 0.0),
    (a0, 0.0)))(jnp.full(20, 1 / 20))
center = a_fw @ pts
radius = jnp.sqrt(jnp.max(jnp.sum((pts - center) ** 2, axis=1)))
print("enclosing ball centre:", jnp.round(center, 2), "radius:", round(float(radius), 2))
print("support points:", jnp.nonzero(a_fw > 0.05)[0])
