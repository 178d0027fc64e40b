# A hypernetwork: a network that emits the weights of a small target MLP from a task
# embedding; a family of sine-wave regression tasks, target weights unflattened from the
# hypernetwork's output with ravel_pytree's unravel, a batch of tasks by vmap, training with
# value_and_grad through the generated weights, and interpolation between task embeddings
import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

HID, EMB, NT, NS = 16, 4, 8, 24
key = jax.random.key(37)
k_target, k_hyper, k_tasks, k_x = jax.random.split(key, 4)
template = {"l1": {"w": jnp.zeros((1, HID)), "b": jnp.zeros(HID)}, "l2": {"w": jnp.zeros((HID, 1)), "b": jnp.zeros(1)}}
flat_template, unravel = ravel_pytree(template)
P_TARGET = flat_template.size
print("target parameters:", P_TARGET, "structure:", jax.tree.structure(template))


def target_apply(params, x):
    return jnp.tanh(x @ params["l1"]["w"] + params["l1"]["b"]) @ params["l2"]["w"] + params["l2"]["b"]


def init_hyper(key):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (EMB, 64)) * 0.5, "b1": jnp.zeros(64),
            "w2": jax.random.normal(k2, (64, P_TARGET)) * 0.05, "b2": jnp.zeros(P_TARGET)}


def generate(hyper, z):
    return unravel(jnp.tanh(z @ hyper["w1"] + hyper["b1"]) @ hyper["w2"] + hyper["b2"])


amps = jnp.linspace(0.5, 2.0, NT)
phases = jnp.linspace(0.0, jnp.pi, NT)
xs = jax.random.uniform(k_x, (NT, NS, 1), minval=-3, maxval=3)
ys = amps[:, None, None] * jnp.sin(xs + phases[:, None, None])
hyper = init_hyper(k_hyper)
task_emb = jax.random.normal(k_tasks, (NT, EMB)) * 0.1


def loss_fn(params):
    hyper, emb = params
    preds = jax.vmap(lambda z, x: target_apply(generate(hyper, z), x))(emb, xs)
    return jnp.mean((preds - ys) ** 2)


params = (hyper, task_emb)
generated = jax.vmap(generate, in_axes=(None, 0))(hyper, task_emb)
print("generated weights for all tasks:", jax.tree.map(jnp.shape, generated))


@jax.jit
def step(params, m, v, t):
    loss, g = jax.value_and_grad(loss_fn)(params)
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g**2, v, g)
    params = jax.tree.map(lambda p, m, v: p - 3e-3 * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), params, m, v)
    return params, m, v, loss


m = jax.tree.map(jnp.zeros_like, params)
v = jax.tree.map(jnp.zeros_like, params)
for t in range(1, 1501):
    params, m, v, loss = step(params, m, v, t)
    if t % 500 == 0:
        print(f"step {t}: loss {float(loss):.4f}")
hyper, emb = params
grid = jnp.linspace(-3, 3, 5)[:, None]
for i in (0, NT - 1):
    pred = target_apply(generate(hyper, emb[i]), grid)[:, 0]
    true = amps[i] * jnp.sin(grid[:, 0] + phases[i])
    print(f"task {i}: max error {float(jnp.max(jnp.abs(pred - true))):.3f}")
mid = 0.5 * (emb[3] + emb[4])
pred_mid = target_apply(generate(hyper, mid), grid)[:, 0]
print("interpolated task prediction:", jnp.round(pred_mid, 2))
grads = jax.grad(loss_fn)(params)
print("gradient leaves:", [tuple(g.shape) for g in jax.tree.leaves(grads)])
