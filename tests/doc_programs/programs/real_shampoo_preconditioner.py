# The Shampoo optimiser on a matrix-shaped linear regression: left / right gradient statistics
# accumulated per weight matrix, inverse fourth roots by eigh with an epsilon floor, the
# preconditioned update with grafting to the Adagrad step norm, preconditioners refreshed every
# few steps inside a jitted lax.scan via lax.cond; compared with plain Adagrad
import jax
import jax.numpy as jnp

key = jax.random.key(8)
kx, kw, kn = jax.random.split(key, 3)
scales = jnp.logspace(-1, 1, 6)
X = jax.random.normal(kx, (256, 6)) * scales
W_true = jax.random.normal(kw, (6, 4))
Y = X @ W_true + 0.01 * jax.random.normal(kn, (256, 4))
loss = lambda W: 0.5 * jnp.mean(jnp.sum((X @ W - Y) ** 2, 1))


def inv_root(M, p=4, eps=1e-6):
    w, V = jnp.linalg.eigh(M + eps * jnp.eye(M.shape[0]))
    w = jnp.maximum(w, eps)
    return (V * w ** (-1.0 / p)) @ V.T


def shampoo_step(state, t, lr=0.5, every=5):
    W, L, R, PL, PR, acc = state
    g = jax.grad(loss)(W)
    L = L + g @ g.T
    R = R + g.T @ g
    acc = acc + g * g
    PL, PR = jax.lax.cond(t % every == 0, lambda: (inv_root(L), inv_root(R)), lambda: (PL, PR))
    pre = PL @ g @ PR
    ada = g / (jnp.sqrt(acc) + 1e-8)
    pre = pre * jnp.linalg.norm(ada) / (jnp.linalg.norm(pre) + 1e-12)
    W = W - lr * pre
    return (W, L, R, PL, PR, acc), loss(W)


def adagrad_step(state, t, lr=0.5):
    W, acc = state
    g = jax.grad(loss)(W)
    acc = acc + g * g
    W = W - lr * g / (jnp.sqrt(acc) + 1e-8)
    return (W, acc), loss(W)


W0 = jnp.zeros((6, 4))
init = (W0, 1e-4 * jnp.eye(6), 1e-4 * jnp.eye(4), jnp.eye(6), jnp.eye(4), jnp.zeros((6, 4)))
(Ws, *_), sh_losses = jax.jit(lambda s: jax.lax.scan(shampoo_step, s, jnp.arange(100)))(init)
(Wa, _), ad_losses = jax.jit(lambda s: jax.lax.scan(adagrad_step, s, jnp.arange(100)))((W0, jnp.zeros((6, 4))))
for i in (9, 49, 99):
    print(f"step {i + 1}: shampoo {float(sh_losses[i]):.5f} adagrad {float(ad_losses[i]):.5f}")
print("weight error shampoo %.4f adagrad %.4f" % (float(jnp.linalg.norm(Ws - W_true)), float(jnp.linalg.norm(Wa - W_true))))
M = jnp.array([[4.0, 1.0], [1.0, 3.0]])
R4 = inv_root(M)
print("inverse fourth root check", bool(jnp.allclose(jnp.linalg.matrix_power(R4, 4) @ M, jnp.eye(2), atol=1e-4)))
print("condition number of X^T X %.1f" % float(jnp.linalg.cond(X.T @ X)))
