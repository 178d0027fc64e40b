# K-FAC natural-gradient training of a two-layer MLP: per-layer Kronecker factors (input
# activation covariance A and pre-activation gradient covariance G) captured with a
# zero-perturbation trick (grad w.r.t. an added zero), model-sampled targets with
# random.categorical for the Fisher, damped inverses by cholesky solves, exponential moving
# averages of the factors, and loss curves of SGD vs K-FAC
import jax
import jax.numpy as jnp
from jax.scipy.linalg import cho_factor, cho_solve

N, D, H, C = 256, 8, 16, 4
kx, kw, kp = jax.random.split(jax.random.key(59), 3)
X = jax.random.normal(kx, (N, D))
W_teacher = jax.random.normal(kw, (D, C))
labels = jnp.argmax(X @ W_teacher + 0.5 * jnp.sin(3 * X[:, :C]), axis=1)


def init(key):
    k1, k2 = jax.random.split(key)
    return [jax.random.normal(k1, (D + 1, H)) * 0.3, jax.random.normal(k2, (H + 1, C)) * 0.3]


def with_bias(a):
    return jnp.concatenate([a, jnp.ones((a.shape[0], 1))], axis=1)


def forward(params, x, perturb=None):
    perturb = perturb or [0.0, 0.0]
    a0 = with_bias(x)
    s1 = a0 @ params[0] + perturb[0]
    a1 = with_bias(jnp.tanh(s1))
    s2 = a1 @ params[1] + perturb[1]
    return s2, (a0, a1)


def nll(params, x, y, perturb=None):
    logits, acts = forward(params, x, perturb)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1)), acts


def accuracy(params):
    return float(jnp.mean(jnp.argmax(forward(params, X)[0], 1) == labels))


@jax.jit
def kfac_factors(params, key):
    logits, _ = forward(params, X)
    y_model = jax.random.categorical(key, logits)
    zeros = [jnp.zeros((N, H)), jnp.zeros((N, C))]
    (g_s, (a0, a1)) = jax.grad(lambda pt: nll(params, X, y_model, pt), has_aux=True)(zeros)
    g_s = [g * N for g in g_s]
    A = [a0.T @ a0 / N, a1.T @ a1 / N]
    G = [g_s[0].T @ g_s[0] / N, g_s[1].T @ g_s[1] / N]
    return A, G


@jax.jit
def kfac_step(params, state, key, lr=0.2, damping=1e-2, decay=0.9):
    A_new, G_new = kfac_factors(params, key)
    A = [decay * a + (1 - decay) * an for a, an in zip(state[0], A_new)]
    G = [decay * g + (1 - decay) * gn for g, gn in zip(state[1], G_new)]
    (loss, _), grads = jax.value_and_grad(nll, has_aux=True)(params, X, labels)
    new = []
    for p, g, a, gg in zip(params, grads, A, G):
        ca = cho_factor(a + jnp.sqrt(damping) * jnp.eye(a.shape[0]))
        cg = cho_factor(gg + jnp.sqrt(damping) * jnp.eye(gg.shape[0]))
        nat = cho_solve(ca, cho_solve(cg, g.T).T)
        new.append(p - lr * nat)
    return new, (A, G), loss


@jax.jit
def sgd_step(params, lr=0.2):
    (loss, _), grads = jax.value_and_grad(nll, has_aux=True)(params, X, labels)
    return [p - lr * g for p, g in zip(params, grads)], loss


p0 = init(kp)
A0, G0 = kfac_factors(p0, jax.random.key(0))
print("factor shapes:", [a.shape for a in A0], [g.shape for g in G0])
print("factors symmetric PSD:", all(bool(jnp.allclose(m, m.T, atol=1e-5)) and bool(jnp.linalg.eigvalsh(m).min() > -1e-5) for m in A0 + G0))

params, sgd_losses = p0, []
for _ in range(100):
    params, loss = sgd_step(params)
    sgd_losses.append(float(loss))
print("SGD losses:", [round(l, 4) for l in sgd_losses[::25]], "accuracy", accuracy(params))

params, state, kfac_losses = p0, (A0, G0), []
for i, key in enumerate(jax.random.split(jax.random.key(1), 100)):
    params, state, loss = kfac_step(params, state, key)
    kfac_losses.append(float(loss))
print("K-FAC losses:", [round(l, 4) for l in kfac_losses[::25]], "accuracy", accuracy(params))
print("K-FAC ahead after 25 steps:", kfac_losses[25] < sgd_losses[25])
