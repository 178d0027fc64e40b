# Kernel methods: RBF Gram matrices by nested vmap, kernel ridge regression by Cholesky solves
# (jax.scipy.linalg.cho_factor / cho_solve), the marginal likelihood's gradient in the length
# scale, and a kernel SVM trained by projected gradient ascent on its dual
import jax
import jax.numpy as jnp
from jax import random, vmap
from jax.scipy.linalg import cho_factor, cho_solve


def rbf(x, y, ls):
    return jnp.exp(-jnp.sum((x - y) ** 2) / (2 * ls ** 2))


def gram(xs, ys, ls):
    return vmap(lambda x: vmap(lambda y: rbf(x, y, ls))(ys))(xs)


key = random.key(42)
k1, k2 = random.split(key)
X = jnp.linspace(-3, 3, 20)[:, None]
y = jnp.sin(X[:, 0]) + 0.1 * random.normal(k1, (20,))
K = gram(X, X, 1.0)
print(K.shape, jnp.allclose(K, K.T), jnp.round(K[0, :3], 4))
c, low = cho_factor(K + 0.1 * jnp.eye(20))
alpha = cho_solve((c, low), y)
Xt = jnp.array([[0.0], [1.5]])
print(gram(Xt, X, 1.0) @ alpha, jnp.sin(Xt[:, 0]))


def neg_log_marginal(log_ls, log_noise):
    ls, noise = jnp.exp(log_ls), jnp.exp(log_noise)
    Kn = gram(X, X, ls) + noise * jnp.eye(20)
    L = jnp.linalg.cholesky(Kn)
    a = jax.scipy.linalg.cho_solve((L, True), y)
    return 0.5 * y @ a + jnp.sum(jnp.log(jnp.diag(L))) + 10 * jnp.log(2 * jnp.pi)


val, grads = jax.value_and_grad(neg_log_marginal, argnums=(0, 1))(0.0, jnp.log(0.1))
print(val, grads)
p = (0.0, jnp.log(0.1))
step = jax.jit(jax.grad(lambda p: neg_log_marginal(*p)))
for i in range(30):
    g = step(p)
    p = (p[0] - 0.05 * g[0], p[1] - 0.05 * g[1])
print("fitted", jnp.exp(p[0]), jnp.exp(p[1]), neg_log_marginal(*p))

Xc = jnp.concatenate([random.normal(k2, (10, 2)) + 2, random.normal(k1, (10, 2)) - 2])
yc = jnp.concatenate([jnp.ones(10), -jnp.ones(10)])
Kc = gram(Xc, Xc, 2.0)
Q = (yc[:, None] * yc[None, :]) * Kc


def dual(a):
    return a.sum() - 0.5 * a @ Q @ a


@jax.jit
def ascent(a):
    a = a + 0.01 * jax.grad(dual)(a)
    return jnp.clip(a, 0.0, 1.0)


a = jnp.zeros(20)
for _ in range(100):
    a = ascent(a)
b = jnp.mean(yc - (a * yc) @ Kc)
pred = jnp.sign((a * yc) @ Kc + b)
print("dual", dual(a), "accuracy", jnp.mean(pred == yc), "support", jnp.sum(a > 1e-3))
