# Cellular automata with jax.numpy: Conway's Game of Life by neighbour counts from
# jnp.roll, from jax.scipy.signal.convolve2d and from lax.conv; elementary rule 30 with scan
import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.signal import convolve2d

board = jnp.zeros((8, 8), dtype=jnp.int32)
glider = jnp.array([[0, 1, 0], [0, 0, 1], [1, 1, 1]], dtype=jnp.int32)
board = board.at[1:4, 1:4].set(glider)


def neighbours_roll(b):
    return sum(jnp.roll(jnp.roll(b, i, 0), j, 1)
               for i in (-1, 0, 1) for j in (-1, 0, 1) if (i, j) != (0, 0))


def life_step(b):
    n = neighbours_roll(b)
    return ((n == 3) | ((b == 1) & (n == 2))).astype(b.dtype)


@jax.jit
def evolve(b, steps):
    return lax.fori_loop(0, steps, lambda i, b: life_step(b), b)


after4 = evolve(board, 4)
print(after4)
print(jnp.array_equal(after4, jnp.roll(board, (1, 1), (0, 1))))
print(jnp.argwhere(after4))

kernel = jnp.ones((3, 3), dtype=jnp.int32).at[1, 1].set(0)
n_conv = convolve2d(board, kernel, mode="same")
print(n_conv.dtype)
print(n_conv[:5, :5])
inner = (slice(1, -1), slice(1, -1))
print(jnp.array_equal(n_conv[inner], neighbours_roll(board)[inner]))

lhs = board.astype(jnp.float32)[None, None]
rhs = kernel.astype(jnp.float32)[None, None]
n_lax = lax.conv(lhs, rhs, (1, 1), "SAME")[0, 0]
print(n_lax.shape, n_lax.dtype)
print(jnp.array_equal(n_lax.astype(jnp.int32), n_conv))

# Many boards at once with vmap.
key = jax.random.key(0)
boards = jax.random.bernoulli(key, 0.4, (3, 8, 8)).astype(jnp.int32)
print(boards.sum((1, 2)))
print(jax.vmap(lambda b: evolve(b, 5))(boards).sum((1, 2)))


# Rule 30 on a ring, history collected by scan.
def rule30(row):
    left, right = jnp.roll(row, 1), jnp.roll(row, -1)
    pattern = 4 * left + 2 * row + right
    return (30 >> pattern) & 1


row0 = jnp.zeros(15, dtype=jnp.int32).at[7].set(1)
_, history = lax.scan(lambda r, _: (rule30(r), r), row0, None, length=6)
for r in history:
    print("".join("#" if v else "." for v in r.tolist()))
print(jax.make_jaxpr(lambda pattern: (30 >> pattern) & 1)(row0))
