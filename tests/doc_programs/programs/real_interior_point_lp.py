# Linear programming by a primal-dual interior-point method: the standard form
# min c^T x s.t. Ax = b, x >= 0, Newton steps on the perturbed KKT system solved with
# jnp.linalg.solve (normal equations), a fraction-to-boundary step length, a while_loop on the
# duality gap, checked on a transportation problem and a diet problem; sensitivities
# (shadow prices) read from the duals and checked by re-solving with a perturbed b
import jax
import jax.numpy as jnp


def interior_point(c, A, b, tol=1e-6, max_iter=80):
    m, n = A.shape

    def cond(s):
        x, y, z, it = s
        return (it < max_iter) & ((x @ z) / n > tol)

    def body(s):
        x, y, z, it = s
        mu = 0.1 * (x @ z) / n
        rp = b - A @ x
        rd = c - A.T @ y - z
        rc = mu - x * z
        D = x / z
        M = (A * D) @ A.T
        dy = jnp.linalg.solve(M, rp + A @ (D * rd - rc / z))
        dx = D * (A.T @ dy - rd) + rc / z
        dz = (rc - z * dx) / x

        def max_step(v, dv):
            ratio = jnp.where(dv < 0, -v / dv, jnp.inf)
            return jnp.minimum(1.0, 0.99 * jnp.min(ratio))

        ap, ad = max_step(x, dx), max_step(z, dz)
        return x + ap * dx, y + ad * dy, z + ad * dz, it + 1

    x0, z0 = jnp.ones(n), jnp.ones(n)
    return jax.lax.while_loop(cond, body, (x0, jnp.zeros(m), z0, 0))


supply = jnp.array([30.0, 25.0, 45.0])
demand = jnp.array([20.0, 30.0, 25.0, 25.0])
cost = jnp.array([[8.0, 6.0, 10.0, 9.0], [9.0, 12.0, 13.0, 7.0], [14.0, 9.0, 16.0, 5.0]])
S, D = cost.shape
A_rows = jnp.kron(jnp.eye(S), jnp.ones((1, D)))
A_cols = jnp.kron(jnp.ones((1, S)), jnp.eye(D))
A = jnp.concatenate([A_rows, A_cols[:-1]])
b = jnp.concatenate([supply, demand[:-1]])
x, y, z, iters = jax.jit(interior_point)(cost.ravel(), A, b)
plan = x.reshape(S, D)
print("iterations:", int(iters))
print("shipping plan:\n", jnp.round(plan, 2))
print("total cost:", round(float(cost.ravel() @ x), 3))
print("supplies met:", bool(jnp.allclose(plan.sum(1), supply, atol=1e-3)), "demands met:", bool(jnp.allclose(plan.sum(0), demand, atol=1e-3)))
print("duality gap:", float(cost.ravel() @ x - b @ y) < 1e-3)

nutrients = jnp.array([[2.0, 1.0, 0.5, 3.0], [0.5, 2.0, 1.0, 0.2], [1.0, 0.1, 2.0, 1.0]])
need = jnp.array([8.0, 6.0, 5.0])
price = jnp.array([1.5, 1.0, 2.0, 2.5])
A2 = jnp.concatenate([nutrients, -jnp.eye(3)], axis=1)
c2 = jnp.concatenate([price, jnp.zeros(3)])
x2, y2, z2, it2 = jax.jit(interior_point)(c2, A2, need)
print("diet amounts:", jnp.round(x2[:4], 3), "cost:", round(float(price @ x2[:4]), 4), "iterations:", int(it2))
print("shadow prices:", jnp.round(y2, 4))
bumped = jax.jit(interior_point)(c2, A2, need.at[0].add(0.01))[0]
print("finite-difference price of nutrient 0:", round(float((price @ bumped[:4] - price @ x2[:4]) / 0.01), 3))
