# Meta-learning the learning rate and weight decay of an inner SGD loop by differentiating through
# the unrolled optimisation (hypergradients): the inner loop a lax.scan over 20 steps of a ridge
# regression, the validation loss differentiated w.r.t. log hyperparameters by grad, an outer
# Adam on the hyperparameters, and forward-mode hypergradients by jvp checked against reverse mode
import jax
import jax.numpy as jnp

key = jax.random.key(12)
k1, k2, k3, k4 = jax.random.split(key, 4)
D = 10
w_true = jax.random.normal(k1, (D,))
Xtr = jax.random.normal(k2, (40, D))
ytr = Xtr @ w_true + 0.5 * jax.random.normal(k3, (40,))
Xva = jax.random.normal(k4, (100, D))
yva = Xva @ w_true


def inner(hyper, steps=20):
    lr, wd = jnp.exp(hyper["log_lr"]), jnp.exp(hyper["log_wd"])

    def loss(w):
        return jnp.mean((Xtr @ w - ytr) ** 2) + wd * jnp.sum(w**2)

    def step(w, _):
        return w - lr * jax.grad(loss)(w), loss(w)

    return jax.lax.scan(step, jnp.zeros(D), None, length=steps)


def val_loss(hyper):
    w, train_curve = inner(hyper)
    return jnp.mean((Xva @ w - yva) ** 2)


hyper = {"log_lr": jnp.log(0.01), "log_wd": jnp.log(0.1)}
print("initial validation loss:", round(float(val_loss(hyper)), 4))
g = jax.grad(val_loss)(hyper)
print("hypergradients:", {k: round(float(v), 4) for k, v in g.items()})
fwd = jax.jvp(val_loss, (hyper,), ({"log_lr": 1.0, "log_wd": 0.0},))[1]
print("forward-mode d/dlog_lr matches:", bool(jnp.allclose(fwd, g["log_lr"], rtol=1e-4)))
hess = jax.hessian(val_loss)(hyper)
print("hyper-Hessian diagonal:", round(float(hess["log_lr"]["log_lr"]), 3), round(float(hess["log_wd"]["log_wd"]), 4))


@jax.jit
def outer_step(hyper, m, v, t):
    loss, g = jax.value_and_grad(val_loss)(hyper)
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g**2, v, g)
    hyper = jax.tree.map(lambda h, m, v: h - 0.1 * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), hyper, m, v)
    return hyper, m, v, loss


m = v = jax.tree.map(jnp.zeros_like, hyper)
history = []
for t in range(1, 41):
    hyper, m, v, loss = outer_step(hyper, m, v, t)
    history.append(float(loss))
print("outer losses 1, 20, 40:", [round(history[i], 3) for i in (0, 19, 39)])
print("learned lr, wd:", round(float(jnp.exp(hyper["log_lr"])), 4), round(float(jnp.exp(hyper["log_wd"])), 5))
print("improved by 10x:", history[-1] < history[0] / 10)
_, curve = jax.jit(inner)(hyper)
print("inner training curve decreasing:", bool(jnp.all(jnp.diff(curve) < 0)))
lrs = jnp.log(jnp.array([0.003, 0.01, 0.03, 0.1]))
sweep = jax.vmap(lambda l: val_loss({"log_lr": l, "log_wd": hyper["log_wd"]}))(lrs)
print("vmapped lr sweep:", jnp.round(sweep, 3))
