# A decoder-only transformer LM trained with explicit sharding on a 2x4 (data, model) mesh:
# jax.set_mesh as a context, parameters placed with NamedShardings in their types, attention
# heads and MLP hidden units over "model", activations resharded between layouts with
# jax.sharding.reshard, einsums given out_sharding, jax.typeof printed for the intermediate
# layouts, an embedding lookup through a sharded vocabulary (one_hot matmul), and a jitted
# training step whose gradients keep the parameters' shardings
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, reshard
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(AxisType.Explicit, AxisType.Explicit))
V, D, H, F, T, B = 32, 16, 4, 32, 8, 4
DH = D // H

with jax.set_mesh(mesh):
    keys = jax.random.split(jax.random.key(0), 6)
    s = lambda *spec: NamedSharding(mesh, P(*spec))
    params = {
        "embed": jax.device_put(jax.random.normal(keys[0], (V, D)) * 0.1, s("model", None)),
        "wqkv": jax.device_put(jax.random.normal(keys[1], (D, 3, H, DH)) / 4, s(None, None, "model", None)),
        "wo": jax.device_put(jax.random.normal(keys[2], (H, DH, D)) / 4, s("model", None, None)),
        "w1": jax.device_put(jax.random.normal(keys[3], (D, F)) / 4, s(None, "model")),
        "w2": jax.device_put(jax.random.normal(keys[4], (F, D)) / 6, s("model", None)),
    }
    tokens = jax.random.randint(keys[5], (B, T + 1), 0, V)
    tokens = jax.device_put(tokens, s("data", None))
    print("param types:")
    for name, p in params.items():
        print(f"  {name}: {jax.typeof(p)}")

    def rms(x):
        return x * jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + 1e-6)

    def forward(params, tok, verbose=False):
        onehot = jax.nn.one_hot(tok, V, dtype=jnp.float32)
        x = jnp.einsum("btv,vd->btd", onehot, params["embed"], out_sharding=P("data", None, None))
        qkv = jnp.einsum("btd,dkhe->btkhe", rms(x), params["wqkv"], out_sharding=P("data", None, None, "model", None))
        q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
        logits = jnp.einsum("bqhe,bkhe->bhqk", q, k) / jnp.sqrt(DH)
        causal = jnp.tril(jnp.ones((T, T), bool))
        att = jax.nn.softmax(jnp.where(causal, logits, -1e9), axis=-1)
        o = jnp.einsum("bhqk,bkhe->bqhe", att, v)
        x = x + jnp.einsum("bqhe,hed->bqd", o, params["wo"], out_sharding=P("data", None, None))
        h = jax.nn.gelu(jnp.einsum("btd,df->btf", rms(x), params["w1"]))
        x = x + jnp.einsum("btf,fd->btd", h, params["w2"], out_sharding=P("data", None, None))
        out = jnp.einsum("btd,vd->btv", rms(x), params["embed"], out_sharding=P("data", None, "model"))
        if verbose:
            print("  qkv:", jax.typeof(qkv))
            print("  attention:", jax.typeof(att))
            print("  mlp hidden:", jax.typeof(h))
            print("  logits:", jax.typeof(out))
        return out

    def loss_fn(params, tokens):
        logits = forward(params, tokens[:, :-1])
        logits = reshard(logits, P("data", None, None))
        logp = jax.nn.log_softmax(logits, axis=-1)
        tgt = jax.nn.one_hot(tokens[:, 1:], V)
        return -jnp.mean(jnp.sum(logp * tgt, axis=-1))

    print("types inside the forward pass:")
    jax.jit(lambda p, t: forward(p, t, verbose=True))(params, tokens[:, :-1])

    @jax.jit
    def train_step(params, tokens):
        loss, grads = jax.value_and_grad(loss_fn)(params, tokens)
        return jax.tree.map(lambda p, g: p - 0.5 * g, params, grads), loss, grads

    for step in range(30):
        params, loss, grads = train_step(params, tokens)
        if step % 10 == 0:
            print(f"step {step}: loss {float(loss):.4f}")
    print("final loss:", round(float(loss_fn(params, tokens)), 4))
    print("gradient shardings match parameters:",
          all(g.sharding.spec == p.sharding.spec for g, p in zip(jax.tree.leaves(grads), jax.tree.leaves(params))))
    print("embed grad spec:", grads["embed"].sharding.spec, "w1 grad spec:", grads["w1"].sharding.spec)
    replicated_logits = reshard(forward(params, tokens[:, :-1]), P())
    print("resharded logits:", jax.typeof(replicated_logits))
    print("greedy next tokens:", jnp.argmax(replicated_logits[:, -1], axis=-1))
