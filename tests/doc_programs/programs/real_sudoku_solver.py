# A 4x4 / 9x9 Sudoku solver in jax.numpy integer code: candidates as bit masks (left_shift,
# bitwise_and / or, population_count), constraint propagation of naked singles to a fixed point,
# a depth-first search with an explicit stack of boards in a lax.while_loop (push / pop by
# dynamic_update_slice and a stack pointer), the branching cell chosen by the fewest candidates,
# batched solving with vmap, and validity checks of the solutions
import jax
import jax.numpy as jnp
import numpy as np

puzzle9 = np.array([
    [5, 3, 0, 0, 7, 0, 0, 0, 0], [6, 0, 0, 1, 9, 5, 0, 0, 0], [0, 9, 8, 0, 0, 0, 0, 6, 0],
    [8, 0, 0, 0, 6, 0, 0, 0, 3], [4, 0, 0, 8, 0, 3, 0, 0, 1], [7, 0, 0, 0, 2, 0, 0, 0, 6],
    [0, 6, 0, 0, 0, 0, 2, 8, 0], [0, 0, 0, 4, 1, 9, 0, 0, 5], [0, 0, 0, 0, 8, 0, 0, 7, 9],
])
N, BOX = 9, 3
cells = np.arange(N * N)
rows, cols = cells // N, cells % N
boxes = (rows // BOX) * BOX + cols // BOX
peers = jnp.asarray((rows[:, None] == rows) | (cols[:, None] == cols) | (boxes[:, None] == boxes)) & ~jnp.eye(N * N, dtype=bool)
FULL = (1 << N) - 1
print(peers.shape, int(peers[0].sum()))


def to_masks(board):
    b = board.ravel()
    return jnp.where(b > 0, jnp.left_shift(1, b - 1), FULL).astype(jnp.int32)


def propagate(m):
    def step(m):
        single = jax.lax.population_count(m) == 1
        taken = jnp.bitwise_or.reduce(jnp.where(peers & single[None, :], m[None, :], 0), axis=1)
        return m & ~taken  # a single clashing with a peer's single empties: a dead end

    def cond(s):
        m, prev = s
        return jnp.any(m != prev) & jnp.all(m != 0)

    m, _ = jax.lax.while_loop(cond, lambda s: (step(s[0]), s[0]), (step(m), m))
    return m


def solve(board, max_depth=40):
    m0 = propagate(to_masks(board))
    stack = jnp.zeros((max_depth, N * N), jnp.int32).at[0].set(m0)

    def solved(m):
        return jnp.all(jax.lax.population_count(m) == 1)

    def cond(s):
        stack, sp, m, it = s
        return (sp > 0) & ~solved(m) & (it < 2000)

    def body(s):
        stack, sp, _, it = s
        m = propagate(stack[sp - 1])
        sp = sp - 1
        dead = jnp.any(m == 0)
        counts = jnp.where(jax.lax.population_count(m) > 1, jax.lax.population_count(m), 99)
        cell = jnp.argmin(counts)
        low = m[cell] & -m[cell]
        rest = m.at[cell].set(m[cell] & ~low)
        pick = m.at[cell].set(low)
        branch = ~dead & ~solved(m)
        stack = jnp.where(branch, jax.lax.dynamic_update_slice(stack, jnp.stack([rest, pick]), (sp, 0)), stack)
        sp = jnp.where(branch, sp + 2, sp)
        return stack, sp, jnp.where(dead, stack[0] * 0, m), it + 1

    _, sp, m, it = jax.lax.while_loop(cond, body, (stack, 1, jnp.zeros(N * N, jnp.int32), 0))
    digits = jnp.argmax(((m[:, None] >> jnp.arange(N)) & 1) == 1, axis=1) + 1
    return digits.reshape(N, N), solved(m), it


def valid(sol):
    ok_rows = jnp.all(jnp.sort(sol, 1) == jnp.arange(1, N + 1))
    ok_cols = jnp.all(jnp.sort(sol.T, 1) == jnp.arange(1, N + 1))
    bx = sol.reshape(BOX, BOX, BOX, BOX).transpose(0, 2, 1, 3).reshape(N, N)
    return ok_rows & ok_cols & jnp.all(jnp.sort(bx, 1) == jnp.arange(1, N + 1))


board = jnp.asarray(puzzle9)
m = propagate(to_masks(board))
print(m.dtype, int((jax.lax.population_count(m) == 1).sum()), int(jax.lax.population_count(to_masks(board)).sum()))
sol, ok, it = jax.jit(solve)(board)
print(bool(ok), bool(valid(sol)), bool(jnp.all(jnp.where(board > 0, sol == board, True))))
print(sol[0], sol.dtype)
hard = board.at[0, 0].set(0).at[1, 0].set(0).at[4, 0].set(0).at[8, 8].set(0).at[4, 4].set(0)
boards = jnp.stack([board, hard, jnp.where(jnp.arange(N * N).reshape(N, N) % 3 == 0, board, 0)])
sols, oks, its = jax.jit(jax.vmap(solve))(boards)
print(oks, jax.vmap(valid)(sols), its.shape, its.dtype)
print(jnp.bitwise_count(jnp.uint16(FULL)), jnp.left_shift(jnp.int32(1), jnp.arange(4)), jnp.invert(jnp.int32(5)))
