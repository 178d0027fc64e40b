# The jax.experimental.sparse module page: BCOO from dense, its buffers and attributes,
# products with dense arrays under jit / grad, the sparsify transform, a sparse logistic
# regression fitted with BFGS (make_classification replaced by synthetic data), and the BCOO
# class and sparsify docstrings
from jax.experimental import sparse
import jax
import jax.numpy as jnp
import numpy as np

M = jnp.array([[0., 1., 0., 2.],
               [3., 0., 0., 0.],
               [0., 0., 4., 0.]])
M_sp = sparse.BCOO.fromdense(M)
print(M_sp)
print(repr(M_sp.todense()))
print(repr(M_sp.data))
print(repr(M_sp.indices))
print(M_sp.ndim, M_sp.shape, repr(M_sp.dtype), M_sp.nse)

y = jnp.array([3., 6., 5.])
print(repr(M_sp.T @ y))
print(repr(M.T @ y))

from jax import grad, jit


def f(y):
  return (M_sp.T @ y).sum()


print(repr(jit(grad(f))(y)))


def f(M, v):
  return 2 * jnp.dot(jnp.log1p(M.T), v) + 1


print(repr(f(M, y)))
f_sp = sparse.sparsify(f)
print(repr(f_sp(M_sp, y)))

# sparse logistic regression
import functools
from jax.scipy import optimize


def sigmoid(x):
  return 0.5 * (jnp.tanh(x / 2) + 1)


def y_model(params, X):
  return sigmoid(jnp.dot(X, params[1:]) + params[0])


def loss(params, X, y):
  y_hat = y_model(params, X)
  return -jnp.mean(y * jnp.log(y_hat) + (1 - y) * jnp.log(1 - y_hat))


def fit_logreg(X, y):
  params = jnp.zeros(X.shape[1] + 1)
  result = optimize.minimize(functools.partial(loss, X=X, y=y),
                             x0=params, method='BFGS')
  return result.x


rng = np.random.RandomState(1701)
X = (rng.randn(40, 5) * (rng.rand(40, 5) < 0.5)).astype(np.float32)
true_w = np.array([1.0, -2.0, 0.5, 0.0, 1.5], np.float32)
labels = (X @ true_w + 0.3 * rng.randn(40) > 0).astype(np.float32)
params_dense = fit_logreg(X, labels)
print(np.round(np.asarray(params_dense), 3))
Xsp = sparse.BCOO.fromdense(X)
fit_logreg_sp = sparse.sparsify(fit_logreg)
params_sparse = fit_logreg_sp(Xsp, labels)
print(np.round(np.asarray(params_sparse), 3))
print(bool(jnp.allclose(params_dense, params_sparse, atol=1e-3)))

# the BCOO docstring
M = jnp.array([[0., 2., 0.], [1., 0., 4.]])
M_sp = sparse.BCOO.fromdense(M)
print(M_sp)
print(repr(M_sp.data))
print(repr(M_sp.indices))
print(repr(M_sp.todense()))
data = jnp.array([1., 3., 5.])
indices = jnp.array([[0, 0],
                     [1, 1],
                     [2, 2]])
mat = sparse.BCOO((data, indices), shape=(3, 3))
print(mat)
print(repr(mat.todense()))


# the sparsify docstring
@sparse.sparsify
def f(M, v):
  return 2 * M.T @ v


M = sparse.BCOO.fromdense(jnp.arange(12).reshape(3, 4))
v = jnp.array([3, 4, 2])
print(repr(f(M, v)))

# more of the API
print(sparse.eye(3), repr(sparse.eye(3, 4, k=1).todense()))
print(sparse.empty((2, 3)), sparse.BCOO.fromdense(M.todense(), n_batch=1))
print(repr((M * 2).todense()), repr((M + M).data), repr(M.sum(0).todense()), repr(M.sum()))
print(repr(jax.vmap(lambda m: m @ jnp.ones(4, jnp.int32))(sparse.BCOO.fromdense(M.todense(), n_batch=1))))
jax.jit(lambda m: print(m))(M_sp)
jax.vmap(lambda m: print(m) or m.data)(sparse.BCOO.fromdense(M.todense(), n_batch=1))
try:
  jnp.dot(M_sp.T, y)
except Exception as e:
  print(type(e).__name__)
try:
  sparse.sparsify(jnp.exp)(M)
except NotImplementedError as e:
  print(type(e).__name__, e)
