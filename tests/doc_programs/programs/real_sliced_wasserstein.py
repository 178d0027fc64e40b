# Sliced Wasserstein distances between point clouds: random directions on the sphere, sorted
# projections, the 1-D optimal transport cost, a gradient flow moving one cloud onto another
# with jit and a key per step, max-sliced variants with the direction optimised by gradient
# ascent, and the exact 1-D Wasserstein with quantiles
import jax
import jax.numpy as jnp

N, D = 128, 3
k_a, k_b, k_dirs, k_flow = jax.random.split(jax.random.key(21), 4)
source = jax.random.normal(k_a, (N, D))
target = jax.random.normal(k_b, (N, D)) * jnp.array([0.5, 1.5, 1.0]) + jnp.array([2.0, -1.0, 0.5])


def directions(key, num):
    v = jax.random.normal(key, (num, D))
    return v / jnp.linalg.norm(v, axis=1, keepdims=True)


def sliced_w2(x, y, dirs):
    px = jnp.sort(x @ dirs.T, axis=0)
    py = jnp.sort(y @ dirs.T, axis=0)
    return jnp.mean((px - py) ** 2)


for num in (8, 64, 512):
    print(f"SW2^2 with {num:3d} directions:", round(float(sliced_w2(source, target, directions(k_dirs, num))), 4))
print("SW2^2 to itself:", float(sliced_w2(source, source, directions(k_dirs, 16))))


@jax.jit
def flow_step(x, key, lr=2.0):
    loss, g = jax.value_and_grad(sliced_w2)(x, target, directions(key, 64))
    return x - lr * N * g, loss


x = source
for i, key in enumerate(jax.random.split(k_flow, 301)):
    x, loss = flow_step(x, key)
    if i % 100 == 0:
        print(f"flow step {i:3d}: SW2^2 {float(loss):.4f}")
print("moved mean:", jnp.round(x.mean(0), 2), "target mean:", jnp.round(target.mean(0), 2))
print("moved std:", jnp.round(x.std(0), 2), "target std:", jnp.round(target.std(0), 2))


@jax.jit
def max_sliced(x, y, theta0, steps=100):
    def objective(theta):
        d = theta / jnp.linalg.norm(theta)
        return sliced_w2(x, y, d[None])

    def body(theta, _):
        val, g = jax.value_and_grad(objective)(theta)
        return theta + 0.5 * g, val

    theta, vals = jax.lax.scan(body, theta0, None, length=steps)
    return theta / jnp.linalg.norm(theta), vals[-1]


direction, value = max_sliced(source, target, jnp.ones(D))
print("max-sliced direction:", jnp.round(jnp.abs(direction), 3), "value:", round(float(value), 4))

a = jax.random.normal(k_a, (1000,))
b = 2.0 * jax.random.normal(k_b, (1000,)) + 1.0
qs = jnp.linspace(0.005, 0.995, 199)
w1 = jnp.mean(jnp.abs(jnp.quantile(a, qs) - jnp.quantile(b, qs)))
print("1-D W1 by quantiles:", round(float(w1), 3))
print("1-D W2^2 by sorting:", round(float(jnp.mean((jnp.sort(a) - jnp.sort(b)) ** 2)), 3))
