# MAML on sinusoid regression: tasks with random amplitude / phase sampled per meta-step, an
# inner loop of SGD steps written as a fori_loop inside the task loss, the meta-gradient through
# it (grad of grad), vmap over a batch of tasks, first-order MAML by stop_gradient, and a clipped meta-update
import jax
import jax.numpy as jnp
from jax import lax, random


def init(key, sizes=(1, 32, 32, 1)):
    keys = random.split(key, len(sizes) - 1)
    return [(random.normal(k, (a, b)) * jnp.sqrt(2.0 / a), jnp.zeros(b))
            for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


def net(params, x):
    for w, b in params[:-1]:
        x = jax.nn.relu(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def mse(params, x, y):
    return jnp.mean((net(params, x) - y) ** 2)


def sample_task(key, n=10):
    ka, kp, kx, kq = random.split(key, 4)
    amp = random.uniform(ka, minval=0.1, maxval=5.0)
    phase = random.uniform(kp, minval=0.0, maxval=jnp.pi)
    xs = random.uniform(kx, (n, 1), minval=-5.0, maxval=5.0)
    xq = random.uniform(kq, (n, 1), minval=-5.0, maxval=5.0)
    return xs, amp * jnp.sin(xs + phase), xq, amp * jnp.sin(xq + phase)


def adapt(params, x, y, steps=2, lr=0.01, first_order=False):
    def body(_, p):
        g = jax.grad(mse)(p, x, y)
        if first_order:
            g = lax.stop_gradient(g)
        return jax.tree.map(lambda w, d: w - lr * d, p, g)
    return lax.fori_loop(0, steps, body, params)


def maml_loss(params, task, first_order=False):
    xs, ys, xq, yq = task
    return mse(adapt(params, xs, ys, first_order=first_order), xq, yq)


def batch_loss(params, tasks, first_order=False):
    return jnp.mean(jax.vmap(maml_loss, in_axes=(None, 0, None))(params, tasks, first_order))


@jax.jit
def meta_step(params, key):
    tasks = jax.vmap(sample_task)(random.split(key, 8))
    l, g = jax.value_and_grad(batch_loss)(params, tasks)
    norm = optax_like_global_norm(g)
    scale = jnp.minimum(1.0, 1.0 / norm)
    return jax.tree.map(lambda w, d: w - 0.01 * scale * d, params, g), l


def optax_like_global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(x * x) for x in jax.tree.leaves(tree)))


params = init(random.key(0))
key = random.key(1)
eval_tasks = jax.vmap(sample_task)(random.split(random.key(99), 16))
before = batch_loss(params, eval_tasks)
for i in range(150):
    key, sub = random.split(key)
    params, l = meta_step(params, sub)
after = batch_loss(params, eval_tasks)
print("meta loss", round(float(before), 3), bool(after < before))
task = jax.tree.map(lambda a: a[0], eval_tasks)
print("adaptation helps", bool(maml_loss(params, task) < mse(params, task[2], task[3])))
g_full = jax.grad(batch_loss)(params, eval_tasks)
g_fo = jax.grad(batch_loss)(params, eval_tasks, True)
diff = sum(jnp.sum((a - b) ** 2) for a, b in zip(jax.tree.leaves(g_full), jax.tree.leaves(g_fo)))
print("first-order differs", bool(diff > 0), jax.tree.structure(g_fo) == jax.tree.structure(params))
w = jnp.array([[2.0]])
inner = lambda w: jnp.sum((w - 0.1 * jax.grad(lambda v: jnp.sum(v**3))(w)) ** 2)
print(jax.grad(inner)(w), jax.hessian(lambda v: jnp.sum(v**3))(jnp.array([1.0, 2.0])))
print(jax.make_jaxpr(lambda p: adapt(p, task[0], task[1], steps=1))(params).eqns[0].primitive)
