# An RWKV-style language model layer: token shift by padding, the WKV recurrence with a
# per-channel decay and bonus in its numerically stable log-space form carried through
# lax.scan, channel mixing with squared ReLU, a tiny char-level model trained a few steps with
# value_and_grad, and generation that reuses the recurrent state token by token
import jax
import jax.numpy as jnp

V, C, T = 16, 24, 20
key = jax.random.key(17)
k_emb, k_tm, k_cm, k_out, k_data = jax.random.split(key, 5)


def dense(k, i, o):
    return jax.random.normal(k, (i, o)) / jnp.sqrt(i)


def init():
    kr, kk, kv, ko = jax.random.split(k_tm, 4)
    ck, cv, cr = jax.random.split(k_cm, 3)
    return {
        "emb": jax.random.normal(k_emb, (V, C)) * 0.1,
        "tm": {"mix_k": jnp.full(C, 0.5), "mix_v": jnp.full(C, 0.5), "mix_r": jnp.full(C, 0.5),
               "decay": jnp.linspace(-3.0, 1.0, C), "bonus": jnp.full(C, 0.3),
               "Wk": dense(kk, C, C), "Wv": dense(kv, C, C), "Wr": dense(kr, C, C), "Wo": dense(ko, C, C)},
        "cm": {"mix_k": jnp.full(C, 0.5), "mix_r": jnp.full(C, 0.5),
               "Wk": dense(ck, C, 4 * C), "Wv": dense(cv, 4 * C, C), "Wr": dense(cr, C, C)},
        "head": dense(k_out, C, V),
    }


def layer_norm(x):
    return (x - x.mean(-1, keepdims=True)) / jnp.sqrt(x.var(-1, keepdims=True) + 1e-5)


def wkv_scan(w, u, k, v, state):
    def step(carry, kv):
        a, b, p = carry
        kt, vt = kv
        q = jnp.maximum(p, u + kt)
        e1, e2 = jnp.exp(p - q), jnp.exp(u + kt - q)
        out = (e1 * a + e2 * vt) / (e1 * b + e2)
        q2 = jnp.maximum(p - jnp.exp(w), kt)
        e1, e2 = jnp.exp(p - jnp.exp(w) - q2), jnp.exp(kt - q2)
        return (e1 * a + e2 * vt, e1 * b + e2, q2), out

    return jax.lax.scan(step, state, (k, v))


def time_mix(p, x, prev, state):
    shifted = jnp.concatenate([prev[None], x[:-1]])
    xk = x * p["mix_k"] + shifted * (1 - p["mix_k"])
    xv = x * p["mix_v"] + shifted * (1 - p["mix_v"])
    xr = x * p["mix_r"] + shifted * (1 - p["mix_r"])
    state, wkv = wkv_scan(p["decay"], p["bonus"], xk @ p["Wk"], xv @ p["Wv"], state)
    return (jax.nn.sigmoid(xr @ p["Wr"]) * wkv) @ p["Wo"], state


def channel_mix(p, x, prev):
    shifted = jnp.concatenate([prev[None], x[:-1]])
    xk = x * p["mix_k"] + shifted * (1 - p["mix_k"])
    xr = x * p["mix_r"] + shifted * (1 - p["mix_r"])
    return jax.nn.sigmoid(xr @ p["Wr"]) * (jnp.square(jax.nn.relu(xk @ p["Wk"])) @ p["Wv"])


def empty_state():
    return {"tm_prev": jnp.zeros(C), "cm_prev": jnp.zeros(C),
            "wkv": (jnp.zeros(C), jnp.zeros(C), jnp.full(C, -1e30))}


def forward(params, tokens, state):
    x = params["emb"][tokens]
    h = layer_norm(x)
    att, wkv = time_mix(params["tm"], h, state["tm_prev"], state["wkv"])
    x = x + att
    h2 = layer_norm(x)
    x = x + channel_mix(params["cm"], h2, state["cm_prev"])
    new_state = {"tm_prev": h[-1], "cm_prev": h2[-1], "wkv": wkv}
    return layer_norm(x) @ params["head"], new_state


params = init()
pattern = jnp.array([1, 2, 3, 4, 5, 6, 7, 8])
data = jnp.tile(pattern, 4)[: T + 1]


def loss_fn(params):
    logits, _ = forward(params, data[:-1], empty_state())
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), data[1:, None], axis=1))


@jax.jit
def train_step(params):
    loss, g = jax.value_and_grad(loss_fn)(params)
    return jax.tree.map(lambda p, g: p - 0.5 * g, params, g), loss


for i in range(60):
    params, loss = train_step(params)
    if i % 20 == 0:
        print(f"step {i}: loss {float(loss):.4f}")
print("final loss:", round(float(loss_fn(params)), 4))

logits_full, state_full = forward(params, data[:10], empty_state())
state = empty_state()
step_logits = []
for t in range(10):
    lg, state = forward(params, data[t : t + 1], state)
    step_logits.append(lg[0])
print("token-by-token equals full sequence:", bool(jnp.allclose(jnp.stack(step_logits), logits_full, atol=1e-4)))
print("state leaves:", [tuple(l.shape) for l in jax.tree.leaves(state)])

decode = jax.jit(forward)
tok, state, out = data[:1], empty_state(), []
for _ in range(12):
    lg, state = decode(params, tok, state)
    tok = jnp.argmax(lg, axis=-1)
    out.append(int(tok[0]))
print("greedy generation:", out)
