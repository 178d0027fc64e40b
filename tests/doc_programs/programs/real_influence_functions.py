# Influence functions for a logistic-regression model (Koh & Liang): per-example training
# gradients by vmap(grad), the test-loss gradient, inverse-Hessian-vector products by
# conjugate gradients over Hessian-vector products (jvp of grad), influence scores of every
# training point, and a check against actually retraining without the most influential ones
import jax
import jax.numpy as jnp
import numpy as np
import jax.scipy.sparse.linalg

rng = np.random.default_rng(14)
n, d = 120, 5
X = jnp.asarray(rng.normal(size=(n, d)), jnp.float32)
w_true = jnp.asarray(rng.normal(size=d), jnp.float32)
y = (X @ w_true + 0.7 * jnp.asarray(rng.normal(size=n), jnp.float32) > 0).astype(jnp.float32)
Xt, yt = X[:3] + 0.1, y[:3]
LAM = 1e-2


def point_loss(w, x, y):
    z = x @ w
    return jax.nn.softplus(z) - y * z


def train_loss(w, weights):
    return jnp.sum(weights * jax.vmap(point_loss, (None, 0, 0))(w, X, y)) / n + 0.5 * LAM * w @ w


@jax.jit
def fit(weights):
    def body(_, w):
        g = jax.grad(train_loss)(w, weights)
        H = jax.hessian(train_loss)(w, weights)
        return w - jnp.linalg.solve(H, g)

    return jax.lax.fori_loop(0, 15, body, jnp.zeros(d))


ones = jnp.ones(n)
w_hat = fit(ones)
print("w_hat", jnp.round(w_hat, 3), "grad norm small", bool(jnp.linalg.norm(jax.grad(train_loss)(w_hat, ones)) < 1e-5))


def hvp(v):
    return jax.jvp(lambda w: jax.grad(train_loss)(w, ones), (w_hat,), (v,))[1]


test_grad = jax.grad(lambda w: jnp.sum(jax.vmap(point_loss, (None, 0, 0))(w, Xt, yt)))(w_hat)
s_test, _ = jax.scipy.sparse.linalg.cg(hvp, test_grad, tol=1e-8, maxiter=50)
H = jax.hessian(train_loss)(w_hat, ones)
print("cg matches solve", bool(jnp.allclose(s_test, jnp.linalg.solve(H, test_grad), atol=1e-4)))
train_grads = jax.vmap(jax.grad(point_loss), (None, 0, 0))(w_hat, X, y)
print("per-example grads", train_grads.shape)
influence = -train_grads @ s_test / n
order = jnp.argsort(influence)
print("most helpful", order[:3], "most harmful", order[-3:])
print("influence range %.5f %.5f" % (float(influence.min()), float(influence.max())))


def test_loss(w):
    return float(jnp.sum(jax.vmap(point_loss, (None, 0, 0))(w, Xt, yt)))


base = test_loss(w_hat)
for idx in (int(order[0]), int(order[-1])):
    w_minus = fit(ones.at[idx].set(0.0))
    actual = test_loss(w_minus) - base
    predicted = -float(influence[idx])
    print(f"remove {idx:3d}: predicted {predicted:+.5f} actual {actual:+.5f} same sign {np.sign(predicted) == np.sign(actual)}")
