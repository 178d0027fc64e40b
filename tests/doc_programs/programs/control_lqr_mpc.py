# examples/control.py: LQR by a backward Riccati recursion in lax.scan, trajectory optimization
# by gradient descent on the unrolled cost, and model-predictive control in a fori_loop
from collections import namedtuple
import jax
import jax.numpy as jnp
from jax import lax

LqrSpec = namedtuple("LqrSpec", "Q q R r M A B")
dot = jnp.dot
mm = jnp.matmul


def mv(mat, vec):
    assert mat.ndim == 2 and vec.ndim == 1
    return dot(mat, vec)


def fori_loop(lo, hi, loop, init):
    return lax.fori_loop(lo, hi, loop, init)


def lqr_solve(spec):
    EPS = 1e-7
    T, control_dim, _ = spec.R.shape
    _, state_dim, _ = spec.Q.shape
    K = jnp.zeros((T, control_dim, state_dim))
    k = jnp.zeros((T, control_dim))

    def rev_loop(t_, state):
        t = T - t_ - 1
        spec, P, p, K, k = state
        Q, q = spec.Q[t], spec.q[t]
        R, r = spec.R[t], spec.r[t]
        M = spec.M[t]
        A, B = spec.A[t], spec.B[t]
        AtP = mm(A.T, P)
        BtP = mm(B.T, P)
        G = R + mm(BtP, B)
        H = mm(BtP, A) + M.T
        h = r + mv(B.T, p)
        K_ = -jnp.linalg.solve(G + EPS * jnp.eye(G.shape[0]), H)
        k_ = -jnp.linalg.solve(G + EPS * jnp.eye(G.shape[0]), h)
        P_ = Q + mm(AtP, A) + mm(K_.T, H)
        p_ = q + mv(A.T, p) + mv(K_.T, h)
        K = K.at[t].set(K_)
        k = k.at[t].set(k_)
        return spec, P_, p_, K, k

    _, P, p, K, k = fori_loop(0, T, rev_loop, (spec, spec.Q[T + 1], spec.q[T + 1], K, k))
    return K, k


def lqr_predict(spec, x0):
    T, control_dim, _ = spec.R.shape
    _, state_dim, _ = spec.Q.shape
    K, k = lqr_solve(spec)

    def fwd_loop(t, state):
        spec, X, U = state
        A, B = spec.A[t], spec.B[t]
        u = mv(K[t], X[t]) + k[t]
        x = mv(A, X[t]) + mv(B, u)
        X = X.at[t + 1].set(x)
        U = U.at[t].set(u)
        return spec, X, U

    U = jnp.zeros((T, control_dim))
    X = jnp.zeros((T + 1, state_dim))
    X = X.at[0].set(x0)
    _, X, U = fori_loop(0, T, fwd_loop, (spec, X, U))
    return X, U


T, n, m = 6, 2, 1
A = jnp.tile(jnp.array([[1.0, 0.1], [0.0, 1.0]]), (T, 1, 1))
B = jnp.tile(jnp.array([[0.0], [0.1]]), (T, 1, 1))
spec = LqrSpec(Q=jnp.tile(jnp.eye(n), (T + 2, 1, 1)), q=jnp.zeros((T + 2, n)),
               R=jnp.tile(0.1 * jnp.eye(m), (T, 1, 1)), r=jnp.zeros((T, m)),
               M=jnp.zeros((T, n, m)), A=A, B=B)
x0 = jnp.array([1.0, -0.5])
X, U = jax.jit(lqr_predict)(spec, x0)
print("states", jnp.round(X, 4))
print("controls", jnp.round(U, 4))


def rollout(U, x0):
    def step(x, u):
        x = A[0] @ x + B[0] @ u
        return x, x
    _, xs = lax.scan(step, x0, U)
    return xs


def traj_cost(U, x0):
    xs = rollout(U, x0)
    return 0.5 * jnp.sum(xs ** 2) + 0.5 * jnp.sum(x0 ** 2) + 0.05 * jnp.sum(U ** 2)


U_gd = jnp.zeros((T, m))
g = jax.jit(jax.grad(traj_cost))
for i in range(200):
    U_gd = U_gd - 0.5 * g(U_gd, x0)
print("gd cost", traj_cost(U_gd, x0), "lqr cost", traj_cost(U, x0))
print("hessian shape", jax.hessian(traj_cost)(U_gd, x0).shape)


def mpc(x0, steps=4):
    def body(t, carry):
        x, total = carry
        _, u = lqr_predict(spec, x)
        x = A[0] @ x + B[0] @ u[0]
        return x, total + jnp.sum(x ** 2)
    return lax.fori_loop(0, steps, body, (x0, 0.0))


xf, total = jax.jit(mpc)(x0)
print("mpc", jnp.round(xf, 4), total)
print(jax.make_jaxpr(lambda s, x: lqr_predict(s, x)[1])(spec, x0).jaxpr.outvars)
