# A WGAN-GP on a 2-D ring of Gaussians: generator and critic MLPs as pytrees, the gradient
# penalty by grad of the critic at interpolated points (a gradient of a gradient in the critic's
# update), n_critic steps per generator step in a fori_loop, hand-written Adam with betas (0.5, 0.9)
import jax
import jax.numpy as jnp


def mlp_init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [
        (jax.random.normal(k, (a, b)) * jnp.sqrt(2.0 / a), jnp.zeros(b))
        for k, a, b in zip(keys, sizes[:-1], sizes[1:])
    ]


def mlp(params, x):
    for w, b in params[:-1]:
        x = jax.nn.leaky_relu(x @ w + b, 0.2)
    w, b = params[-1]
    return x @ w + b


def real_batch(key, n):
    k1, k2 = jax.random.split(key)
    centers = jax.random.randint(k1, (n,), 0, 8)
    angle = centers * (2 * jnp.pi / 8)
    mu = jnp.stack([jnp.cos(angle), jnp.sin(angle)], -1) * 2.0
    return mu + 0.05 * jax.random.normal(k2, (n, 2))


def critic_loss(c, g, key, n=64):
    k1, k2, k3 = jax.random.split(key, 3)
    real = real_batch(k1, n)
    fake = mlp(g, jax.random.normal(k2, (n, 4)))
    eps = jax.random.uniform(k3, (n, 1))
    mix = eps * real + (1 - eps) * fake
    grads = jax.vmap(jax.grad(lambda x: mlp(c, x[None])[0, 0]))(mix)
    gp = jnp.mean((jnp.linalg.norm(grads, axis=-1) - 1.0) ** 2)
    w_dist = jnp.mean(mlp(c, real)) - jnp.mean(mlp(c, fake))
    return -w_dist + 10.0 * gp, (w_dist, gp)


def gen_loss(g, c, key, n=64):
    return -jnp.mean(mlp(c, mlp(g, jax.random.normal(key, (n, 4)))))


def adam_init(p):
    return jax.tree.map(jnp.zeros_like, p), jax.tree.map(jnp.zeros_like, p), jnp.zeros((), jnp.int32)


def adam_step(p, grads, state, lr=1e-3, b1=0.5, b2=0.9):
    m, v, t = state
    t = t + 1
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, m, grads)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, v, grads)
    p = jax.tree.map(
        lambda p, m, v: p - lr * (m / (1 - b1**t)) / (jnp.sqrt(v / (1 - b2**t)) + 1e-8), p, m, v
    )
    return p, (m, v, t)


@jax.jit
def train_step(c, cs, g, gs, key):
    def critic_iter(i, carry):
        c, cs, _ = carry
        (loss, aux), grads = jax.value_and_grad(critic_loss, has_aux=True)(c, g, jax.random.fold_in(key, i))
        c, cs = adam_step(c, grads, cs)
        return c, cs, jnp.stack([loss, *aux])

    c, cs, stats = jax.lax.fori_loop(0, 5, critic_iter, (c, cs, jnp.zeros(3)))
    gl, ggrads = jax.value_and_grad(gen_loss)(g, c, jax.random.fold_in(key, 99))
    g, gs = adam_step(g, ggrads, gs)
    return c, cs, g, gs, stats, gl


kc, kg = jax.random.split(jax.random.key(42))
critic, gen = mlp_init(kc, [2, 32, 32, 1]), mlp_init(kg, [4, 32, 32, 2])
cs, gs = adam_init(critic), adam_init(gen)
key = jax.random.key(7)
for step in range(40):
    key, sub = jax.random.split(key)
    critic, cs, gen, gs, stats, gl = train_step(critic, cs, gen, gs, sub)
    if step % 10 == 0:
        print(step, "critic", jnp.round(stats, 4), "gen", round(float(gl), 4))
samples = mlp(gen, jax.random.normal(jax.random.key(3), (256, 4)))
print(samples.shape, samples.dtype, jnp.round(samples.mean(0), 3), jnp.round(samples.std(0), 3))
print(jax.tree.map(lambda x: x.shape, critic))
