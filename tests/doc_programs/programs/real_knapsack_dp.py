# Dynamic programming with lax.scan: the 0/1 knapsack table built row by row (each item a scan
# step over a capacity vector, shifted by jnp.roll-free slicing with a padded previous row),
# backtracking of the chosen items by a reverse scan, longest common subsequence by scanning
# anti-diagonals-free rows, coin change counts with integer dtypes, and a vmapped batch of
# knapsack instances
import jax
import jax.numpy as jnp

CAP = 20


def knapsack(weights, values):
    def row(prev, wv):
        w, v = wv
        take = jnp.where(jnp.arange(CAP + 1) >= w, jnp.roll(prev, w) + v, -1)
        new = jnp.maximum(prev, take)
        return new, new

    best, table = jax.lax.scan(row, jnp.zeros(CAP + 1, jnp.int32), (weights, values))
    return best[-1], table


def backtrack(table, weights):
    table = jnp.concatenate([jnp.zeros((1, CAP + 1), table.dtype), table])

    def step(c, i):
        took = table[i + 1, c] != table[i, c]
        return jnp.where(took, c - weights[i], c), took

    _, chosen = jax.lax.scan(step, jnp.int32(CAP), jnp.arange(weights.shape[0]), reverse=True)
    return chosen


weights = jnp.array([5, 4, 6, 3, 7, 2, 9], jnp.int32)
values = jnp.array([10, 40, 30, 50, 35, 15, 60], jnp.int32)
best, table = jax.jit(knapsack)(weights, values)
chosen = jax.jit(backtrack)(table, weights)
print(best, table.shape, table.dtype)
print(chosen, int(weights[chosen].sum()) <= CAP, int(values[chosen].sum()) == int(best))


def lcs(a, b):
    def row(prev, ai):
        def cell(left, j):
            diag, up = prev[j], prev[j + 1]
            val = jnp.where(ai == b[j], diag + 1, jnp.maximum(left, up))
            return val, val

        _, cur = jax.lax.scan(cell, jnp.int32(0), jnp.arange(b.shape[0]))
        cur = jnp.concatenate([jnp.zeros(1, jnp.int32), cur])
        return cur, None

    last, _ = jax.lax.scan(row, jnp.zeros(b.shape[0] + 1, jnp.int32), a)
    return last[-1]


enc = lambda s: jnp.array([ord(c) for c in s], jnp.int32)
print(jax.jit(lcs)(enc("AGGTAB"), enc("GXTXAYB")), lcs(enc("ABCBDAB"), enc("BDCABA")))


def coin_ways(coins, amount):
    def add_coin(ways, c):
        def inner(ways, i):
            ways = ways.at[i].add(jnp.where(i >= c, ways[i - c], 0))
            return ways, None

        ways, _ = jax.lax.scan(inner, ways, jnp.arange(1, amount + 1))
        return ways, None

    ways0 = jnp.zeros(amount + 1, jnp.int32).at[0].set(1)
    ways, _ = jax.lax.scan(add_coin, ways0, coins)
    return ways


ways = jax.jit(coin_ways, static_argnums=1)(jnp.array([1, 2, 5, 10]), 30)
print(ways[jnp.array([5, 10, 30])], ways.dtype)
ws = jax.random.randint(jax.random.key(0), (6, 7), 1, 10)
vs = jax.random.randint(jax.random.key(1), (6, 7), 1, 100)
bests, _ = jax.vmap(knapsack)(ws, vs)
print(bests, bests.shape)
