# Iterative LQR for swinging a pendulum on a cart-free pivot: dynamics by RK4, linearisation
# along a trajectory with jax.jacfwd vmapped over time, quadratic cost expansions with
# jax.grad / jax.hessian, the backward Riccati pass as a reverse lax.scan with linalg.solve,
# a forward rollout with feedback gains, a line search over alphas by vmap, and a check that
# the cost decreases; also MPC-style shooting by gradient descent on the controls for comparison
import jax
import jax.numpy as jnp

T, DT = 40, 0.05
x0 = jnp.array([0.0, 0.0])
goal = jnp.array([jnp.pi, 0.0])


def f(x, u):
    th, om = x
    return jnp.array([om, -9.8 * jnp.sin(th) - 0.1 * om + u[0]])


def step(x, u):
    k1 = f(x, u)
    k2 = f(x + DT / 2 * k1, u)
    k3 = f(x + DT / 2 * k2, u)
    k4 = f(x + DT * k3, u)
    return x + DT / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def running_cost(x, u):
    return 0.01 * jnp.sum(u**2) + 0.1 * jnp.sum((x - goal) ** 2)


def final_cost(x):
    return 10.0 * jnp.sum((x - goal) ** 2)


def rollout(x0, us):
    def body(x, u):
        nx = step(x, u)
        return nx, nx

    _, xs = jax.lax.scan(body, x0, us)
    return jnp.concatenate([x0[None], xs])


def total_cost(x0, us):
    xs = rollout(x0, us)
    return jnp.sum(jax.vmap(running_cost)(xs[:-1], us)) + final_cost(xs[-1])


def backward_pass(xs, us, reg=1e-3):
    A, B = jax.vmap(jax.jacfwd(step, argnums=(0, 1)))(xs[:-1], us)
    lx, lu = jax.vmap(jax.grad(running_cost, argnums=(0, 1)))(xs[:-1], us)
    (lxx, lxu), (_, luu) = jax.vmap(jax.hessian(running_cost, argnums=(0, 1)))(xs[:-1], us)
    Vx, Vxx = jax.grad(final_cost)(xs[-1]), jax.hessian(final_cost)(xs[-1])

    def body(carry, inp):
        Vx, Vxx = carry
        A, B, lx, lu, lxx, lxu, luu = inp
        Qx, Qu = lx + A.T @ Vx, lu + B.T @ Vx
        Qxx = lxx + A.T @ Vxx @ A
        Qux = lxu.T + B.T @ Vxx @ A
        Quu = luu + B.T @ Vxx @ B + reg * jnp.eye(B.shape[1])
        K = -jnp.linalg.solve(Quu, Qux)
        k = -jnp.linalg.solve(Quu, Qu)
        Vx = Qx + K.T @ Quu @ k + K.T @ Qu + Qux.T @ k
        Vxx = Qxx + K.T @ Quu @ K + K.T @ Qux + Qux.T @ K
        return (Vx, 0.5 * (Vxx + Vxx.T)), (K, k)

    _, (Ks, ks) = jax.lax.scan(body, (Vx, Vxx), (A, B, lx, lu, lxx, lxu, luu), reverse=True)
    return Ks, ks


def forward_pass(xs, us, Ks, ks, alpha):
    def body(x, inp):
        xr, u, K, k = inp
        un = u + alpha * k + K @ (x - xr)
        return step(x, un), un

    _, new_us = jax.lax.scan(body, xs[0], (xs[:-1], us, Ks, ks))
    return new_us


@jax.jit
def ilqr_iter(us):
    xs = rollout(x0, us)
    Ks, ks = backward_pass(xs, us)
    alphas = 0.5 ** jnp.arange(6.0)
    cands = jax.vmap(forward_pass, in_axes=(None, None, None, None, 0))(xs, us, Ks, ks, alphas)
    costs = jax.vmap(total_cost, in_axes=(None, 0))(x0, cands)
    best = jnp.argmin(costs)
    better = costs[best] < total_cost(x0, us)
    return jnp.where(better, cands[best], us), jnp.minimum(costs[best], total_cost(x0, us))


us = jnp.zeros((T, 1))
A, B = jax.vmap(jax.jacfwd(step, argnums=(0, 1)))(rollout(x0, us)[:-1], us)
print(A.shape, B.shape, f"{float(A[0, 1, 0]):.4f}")
costs = [float(total_cost(x0, us))]
for _ in range(12):
    us, c = ilqr_iter(us)
    costs.append(float(c))
print(f"{costs[0]:.3f}", all(b <= a + 1e-4 for a, b in zip(costs, costs[1:])), costs[-1] < 0.5 * costs[0])
xs = rollout(x0, us)
print(xs.shape, bool(jnp.abs(xs[-1, 0] - jnp.pi) < 1.0), us.dtype)

shoot = jax.jit(lambda us: us - 0.05 * jax.grad(total_cost, argnums=1)(x0, us))
vs = jnp.zeros((T, 1))
for _ in range(50):
    vs = shoot(vs)
print(bool(total_cost(x0, vs) < costs[0]), bool(costs[-1] <= float(total_cost(x0, vs)) + 1e-3))
