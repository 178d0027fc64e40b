# Paged attention for batched decoding (vLLM-style): a shared pool of KV pages, per-sequence block
# tables mapping logical to physical pages, appends written with .at[].set at (page, slot)
# computed from sequence lengths, attention gathering pages through the block table with a length
# mask, a free-page allocator by argmax over a free mask, and equality with a contiguous cache
import jax
import jax.numpy as jnp

PAGES, PAGE, HD, MAXP, BATCH = 16, 4, 8, 4, 3


def alloc(free, n):
    pages = []
    for _ in range(n):
        p = jnp.argmax(free)
        free = free.at[p].set(False)
        pages.append(p)
    return jnp.stack(pages), free


def append(pool_k, pool_v, table, lens, k_new, v_new):
    page = table[jnp.arange(BATCH), lens // PAGE]
    slot = lens % PAGE
    pool_k = pool_k.at[page, slot].set(k_new)
    pool_v = pool_v.at[page, slot].set(v_new)
    return pool_k, pool_v, lens + 1


def paged_attention(q, pool_k, pool_v, table, lens):
    k = pool_k[table].reshape(BATCH, MAXP * PAGE, HD)
    v = pool_v[table].reshape(BATCH, MAXP * PAGE, HD)
    s = jnp.einsum("bd,btd->bt", q, k) / jnp.sqrt(HD)
    mask = jnp.arange(MAXP * PAGE)[None] < lens[:, None]
    s = jnp.where(mask, s, -jnp.inf)
    return jnp.einsum("bt,btd->bd", jax.nn.softmax(s, -1), v)


free = jnp.ones(PAGES, bool)
table, free = alloc(free, BATCH * MAXP)
table = table.reshape(BATCH, MAXP)
print(table, int(free.sum()))
pool_k = jnp.zeros((PAGES, PAGE, HD))
pool_v = jnp.zeros((PAGES, PAGE, HD))
lens = jnp.array([0, 3, 5])
keys = jax.random.split(jax.random.key(0), 3)
prefill = [jax.random.normal(jax.random.fold_in(keys[0], b), (int(lens[b]), 2, HD)) for b in range(BATCH)]
contig_k = jnp.zeros((BATCH, MAXP * PAGE, HD))
contig_v = jnp.zeros((BATCH, MAXP * PAGE, HD))
for b in range(BATCH):
    for t in range(int(lens[b])):
        pool_k = pool_k.at[table[b, t // PAGE], t % PAGE].set(prefill[b][t, 0])
        pool_v = pool_v.at[table[b, t // PAGE], t % PAGE].set(prefill[b][t, 1])
        contig_k = contig_k.at[b, t].set(prefill[b][t, 0])
        contig_v = contig_v.at[b, t].set(prefill[b][t, 1])


@jax.jit
def decode_step(pool_k, pool_v, contig_k, contig_v, lens, x):
    k_new, v_new, q = x[:, 0], x[:, 1], x[:, 2]
    idx = jnp.arange(BATCH)
    contig_k = contig_k.at[idx, lens].set(k_new)
    contig_v = contig_v.at[idx, lens].set(v_new)
    pool_k, pool_v, lens = append(pool_k, pool_v, table, lens, k_new, v_new)
    out = paged_attention(q, pool_k, pool_v, table, lens)
    s = jnp.einsum("bd,btd->bt", q, contig_k) / jnp.sqrt(HD)
    s = jnp.where(jnp.arange(MAXP * PAGE)[None] < lens[:, None], s, -jnp.inf)
    ref = jnp.einsum("bt,btd->bd", jax.nn.softmax(s, -1), contig_v)
    return pool_k, pool_v, contig_k, contig_v, lens, out, ref


errs = []
for t in range(6):
    x = jax.random.normal(jax.random.fold_in(keys[1], t), (BATCH, 3, HD))
    pool_k, pool_v, contig_k, contig_v, lens, out, ref = decode_step(pool_k, pool_v, contig_k, contig_v, lens, x)
    errs.append(float(jnp.abs(out - ref).max()))
print(lens, max(errs) < 1e-5, out.shape)
used = (jnp.abs(pool_k).sum(-1) > 0).sum(1)
print(used, int(used.sum()) == int(lens.sum()))
print(out[0, :4])
print(pool_k[table].shape, jax.eval_shape(paged_attention, out, pool_k, pool_v, table, lens))
