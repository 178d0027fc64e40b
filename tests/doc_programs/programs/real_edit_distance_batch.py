# Batched Levenshtein distances between integer-encoded strings: the dynamic-programming table
# filled row by row with lax.scan (the row's left dependency by an inner scan), vmapped over
# pairs of padded strings with their true lengths read by dynamic indexing, and a
# nearest-word lookup for a few misspellings against a small vocabulary
import jax
import jax.numpy as jnp
import numpy as np

MAXLEN = 10


def encode(words):
    arr = np.zeros((len(words), MAXLEN), np.int32)
    for i, w in enumerate(words):
        arr[i, : len(w)] = [ord(c) - 96 for c in w]
    return jnp.asarray(arr), jnp.array([len(w) for w in words], jnp.int32)


def levenshtein(a, la, b, lb):
    first = jnp.arange(MAXLEN + 1, dtype=jnp.int32)

    def row(prev, i_ch):
        i, ch = i_ch
        cost = (b != ch).astype(jnp.int32)

        def col(left, inputs):
            c, up, diag = inputs
            val = jnp.minimum(jnp.minimum(left + 1, up + 1), diag + c)
            return val, val

        _, cur = jax.lax.scan(col, i + 1, (cost, prev[1:], prev[:-1]))
        cur = jnp.concatenate([jnp.array([i + 1]), cur])
        return cur, cur

    _, rows = jax.lax.scan(row, first, (jnp.arange(MAXLEN, dtype=jnp.int32), a))
    table = jnp.concatenate([first[None], rows])
    return table[la, lb]


dist = jax.jit(jax.vmap(levenshtein))
pairs = [("kitten", "sitting"), ("flaw", "lawn"), ("jax", "jax"), ("", "abc"), ("gumbo", "gambol")]
A, LA = encode([p[0] for p in pairs])
B, LB = encode([p[1] for p in pairs])
d = dist(A, LA, B, LB)
for (p, q), v in zip(pairs, d):
    print(f"{p!r} -> {q!r}: {int(v)}")
print("dtype", d.dtype, "shape", d.shape)

vocab = ["apple", "banana", "cherry", "grape", "lemon", "mango", "orange", "peach"]
V, LV = encode(vocab)
queries = ["aple", "banan", "chery", "lemn", "oragne"]
Qw, LQ = encode(queries)
all_d = jax.jit(jax.vmap(jax.vmap(levenshtein, (None, None, 0, 0)), (0, 0, None, None)))(Qw, LQ, V, LV)
print(all_d)
for q, row in zip(queries, all_d):
    print(q, "->", vocab[int(jnp.argmin(row))], int(row.min()))
