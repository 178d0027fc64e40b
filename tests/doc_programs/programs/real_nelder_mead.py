# Nelder-Mead simplex minimisation written with lax.while_loop (reflection, expansion,
# contraction, shrink chosen by lax.cond / jnp.where on a sorted simplex), applied to Rosenbrock,
# vmapped over several starting points, and compared with jax.scipy.optimize.minimize (BFGS)
import jax
import jax.numpy as jnp
import jax.scipy.optimize


def rosen(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


def nelder_mead(f, x0, step=0.5, tol=1e-8, max_iter=2000):
    n = x0.shape[0]
    simplex = jnp.vstack([x0, x0 + step * jnp.eye(n)])
    fs = jax.vmap(f)(simplex)

    def cond(state):
        simplex, fs, it = state
        return (it < max_iter) & (jnp.max(fs) - jnp.min(fs) > tol)

    def body(state):
        simplex, fs, it = state
        order = jnp.argsort(fs)
        simplex, fs = simplex[order], fs[order]
        centroid = simplex[:-1].mean(0)
        worst = simplex[-1]
        xr = centroid + (centroid - worst)
        fr = f(xr)
        xe = centroid + 2.0 * (centroid - worst)
        fe = f(xe)
        xc = centroid + 0.5 * (worst - centroid)
        fc = f(xc)

        def replace(x, fx):
            return simplex.at[-1].set(x), fs.at[-1].set(fx)

        def shrink():
            s = simplex[0] + 0.5 * (simplex - simplex[0])
            return s, jax.vmap(f)(s)

        expand = fr < fs[0]
        reflect = (fr >= fs[0]) & (fr < fs[-2])
        contract = (~expand) & (~reflect) & (fc < fs[-1])
        branch = jnp.where(expand, 0, jnp.where(reflect, 1, jnp.where(contract, 2, 3)))
        new = jax.lax.switch(
            branch,
            [
                lambda: replace(*jax.lax.cond(fe < fr, lambda: (xe, fe), lambda: (xr, fr))),
                lambda: replace(xr, fr),
                lambda: replace(xc, fc),
                shrink,
            ],
        )
        return new[0], new[1], it + 1

    simplex, fs, it = jax.lax.while_loop(cond, body, (simplex, fs, 0))
    best = jnp.argmin(fs)
    return simplex[best], fs[best], it


x, fx, it = jax.jit(lambda x0: nelder_mead(rosen, x0))(jnp.array([-1.2, 1.0]))
print("2-D Rosenbrock:", jnp.round(x, 4), "f:", float(fx) < 1e-6, "iterations < 200:", bool(it < 200))
starts = jnp.array([[-1.2, 1.0, 0.5], [0.0, 0.0, 0.0], [2.0, 2.0, 2.0], [-0.5, 1.5, -1.0]])
xs, fxs, its = jax.jit(jax.vmap(lambda x0: nelder_mead(rosen, x0)))(starts)
print("3-D minima:", jnp.round(xs, 3))
print("all converged to (1,1,1):", bool(jnp.all(jnp.abs(xs - 1.0) < 1e-2)), "iterations:", its.shape, its.dtype)
res = jax.scipy.optimize.minimize(rosen, jnp.array([-1.2, 1.0, 0.5]), method="BFGS")
print("BFGS:", jnp.round(res.x, 4), "success:", bool(res.success), "agree:", bool(jnp.allclose(res.x, xs[0], atol=1e-2)))


def quad(x, A):
    return 0.5 * x @ A @ x - jnp.sum(x)


A = jnp.array([[3.0, 0.5], [0.5, 1.0]])
xq, _, _ = nelder_mead(lambda x: quad(x, A), jnp.zeros(2))
print("quadratic minimum vs solve:", jnp.round(xq, 3), jnp.round(jnp.linalg.solve(A, jnp.ones(2)), 3))
