# A mixture-of-experts layer: a router picks the top-2 experts per token with lax.top_k,
# tokens are dispatched by segment_sum with a capacity-free scheme, experts are a vmapped MLP,
# outputs combined with renormalized gates, a load-balancing auxiliary loss, and training of
# the whole layer with grad and a cosine learning-rate schedule
import jax
import jax.numpy as jnp
from jax import lax, random

n_tokens, d_model, d_ff, n_experts, k = 64, 8, 16, 4, 2


def init(key):
    ks = random.split(key, 4)
    return {
        "router": random.normal(ks[0], (d_model, n_experts)) * 0.1,
        "w1": random.normal(ks[1], (n_experts, d_model, d_ff)) / jnp.sqrt(d_model),
        "w2": random.normal(ks[2], (n_experts, d_ff, d_model)) / jnp.sqrt(d_ff),
    }


def expert(w1, w2, x):
    return jax.nn.gelu(x @ w1) @ w2


def moe(params, x):
    logits = x @ params["router"]
    probs = jax.nn.softmax(logits, axis=-1)
    gates, idx = lax.top_k(probs, k)  # (T, k)
    gates = gates / gates.sum(-1, keepdims=True)
    # every expert runs on every token (dense dispatch), then pick the chosen ones
    all_out = jax.vmap(expert, in_axes=(0, 0, None))(params["w1"], params["w2"], x)  # (E,T,D)
    chosen = jnp.take_along_axis(all_out.transpose(1, 0, 2), idx[..., None], axis=1)  # (T,k,D)
    y = jnp.sum(gates[..., None] * chosen, axis=1)
    # load balancing: fraction of tokens routed to each expert times mean router prob
    counts = jax.ops.segment_sum(jnp.ones(n_tokens * k), idx.reshape(-1), num_segments=n_experts)
    frac = counts / (n_tokens * k)
    aux = n_experts * jnp.sum(frac * probs.mean(0))
    return y, (aux, counts, idx)


x = random.normal(random.key(1), (n_tokens, d_model))
target = jnp.tanh(x[:, ::-1]) * 2.0
params = init(random.key(0))
y, (aux, counts, idx) = moe(params, x)
print("out", y.shape, y.dtype, "aux", aux)
print("counts", counts, counts.dtype)
print("first routes", idx[:4])
print("top_k of a row", lax.top_k(jnp.array([0.1, 0.7, 0.05, 0.15]), 2))


def loss_fn(params, x, target):
    y, (aux, _, _) = moe(params, x)
    return jnp.mean((y - target) ** 2) + 0.01 * aux, aux


def cosine_lr(step, base=0.1, total=40):
    return base * 0.5 * (1 + jnp.cos(jnp.pi * jnp.minimum(step, total) / total))


@jax.jit
def train_step(params, step):
    (l, aux), g = jax.value_and_grad(loss_fn, has_aux=True)(params, x, target)
    lr = cosine_lr(step)
    return jax.tree.map(lambda p, g: p - lr * g, params, g), l, aux, lr


for step in range(40):
    params, l, aux, lr = train_step(params, step)
    if step % 10 == 0:
        print(f"step {step} loss {l:.5f} aux {aux:.4f} lr {lr:.4f}")
_, (_, counts, _) = moe(params, x)
print("final counts", counts)
print("router grad zero for unused?", jax.grad(lambda p: loss_fn(p, x, target)[0])(params)["router"].shape)
# token-level dispatch by segment ids: mean of the tokens each expert received
flat_ids = idx[:, 0]
sums = jax.ops.segment_sum(x, flat_ids, num_segments=n_experts)
n = jax.ops.segment_sum(jnp.ones_like(flat_ids, dtype=jnp.float32), flat_ids, n_experts)
print("expert means", (sums / jnp.maximum(n, 1)[:, None]).round(3)[:, :3])
print("segment_max", jax.ops.segment_max(x[:, 0], flat_ids, num_segments=n_experts))
print(jax.make_jaxpr(lambda p: moe(p, x)[1][1])(params).eqns[-1].primitive)
