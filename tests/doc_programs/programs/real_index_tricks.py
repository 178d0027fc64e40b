# Index arithmetic a simulation code leans on: jnp.mgrid / ogrid / indices(sparse=True) grids,
# np-style r_ and c_ concatenation helpers, ix_ outer indexing, ravel_multi_index /
# unravel_index with modes, .at[] updates with mode="drop" / "clip" / "promise_in_bounds", .at[].get
# with fill values, .at[].apply / multiply / min, negative-number integer division and remainder
# conventions, rounding half to even and to tens, and a periodic neighbour table for a 2-D grid
# (ravel_multi_index's default mode="raise" cannot check traced indices under jit: mode="wrap")
import jax
import jax.numpy as jnp

yy, xx = jnp.mgrid[0:3, 0:4]
print(yy.shape, xx[0], jnp.mgrid[0:1:5j].round(2))
oy, ox = jnp.ogrid[0:3, 0:4]
print(oy.shape, ox.shape, (oy * 10 + ox)[2])
iy, ix = jnp.indices((2, 3), sparse=True)
print(iy.shape, ix.shape, jnp.indices((2, 3)).shape)
print(jnp.r_[1:4, 0, jnp.array([7, 8])], jnp.r_[-1:1:5j])
print(jnp.c_[jnp.array([1, 2]), jnp.array([3, 4])])
a = jnp.arange(20).reshape(4, 5)
print(a[jnp.ix_(jnp.array([0, 2]), jnp.array([1, 3, 4]))])
flat = jnp.ravel_multi_index((jnp.array([0, 3, 5]), jnp.array([1, 4, -1])), (4, 5), mode="clip")
print(flat, jnp.unravel_index(jnp.array([7, 19]), (4, 5)))
print(jnp.ravel_multi_index((jnp.array([5, -1]), jnp.array([6, 7])), (4, 5), mode="wrap"))
x = jnp.zeros(5)
idx = jnp.array([0, 2, 7, -1])
print(x.at[idx].set(1.0, mode="drop"), x.at[idx].set(1.0, mode="clip"))
print(x.at[jnp.array([1, 3])].set(2.0, mode="promise_in_bounds"), jnp.arange(5.0).at[idx].get(mode="fill", fill_value=-9.0))
print(jnp.arange(5.0).at[1:3].apply(jnp.exp), jnp.ones(4).at[::2].multiply(3.0), jnp.full(3, 5).at[1].min(2))
print(jnp.ones((2, 3)).at[:, 1].add(jnp.array([10.0, 20.0])), jnp.arange(6).at[jnp.array([1, 1, 2])].add(1))
n = jnp.array([-7, -1, 7, 0])
print(n // 3, n % 3, jnp.fmod(n, 3), jnp.remainder(n, -3), jax.lax.rem(n, 3), jax.lax.div(n, 3))
print(jnp.divmod(n, 3), jnp.floor_divide(jnp.array([-7.5, 7.5]), 2.0))
print(jnp.round(jnp.array([0.5, 1.5, 2.5, -0.5, -1.5])), jnp.round(jnp.array([125.0, 135.0, -125.0]), -1), jnp.round(2.675, 2))
print(jnp.trunc(jnp.array([-1.7, 1.7])), jnp.rint(jnp.array([2.5, 3.5])), jnp.fix(jnp.array([-2.5, 2.5])) if hasattr(jnp, "fix") else "no fix")


def neighbours(h, w, mode="raise"):
    i, j = jnp.meshgrid(jnp.arange(h), jnp.arange(w), indexing="ij")
    offs = jnp.array([[-1, 0], [1, 0], [0, -1], [0, 1]])
    ni = i[..., None] + offs[:, 0]
    nj = j[..., None] + offs[:, 1]
    return jnp.ravel_multi_index((ni, nj), (h, w), mode=mode)


try:
    jax.jit(neighbours, static_argnums=(0, 1))(3, 4)
except jax.errors.ConcretizationTypeError as e:
    print(type(e).__name__, str(e).splitlines()[1])
nb = jax.jit(neighbours, static_argnums=(0, 1, 2))(3, 4, "wrap")
print(nb.shape, nb[0, 0], nb.dtype)
field = jnp.arange(12.0)
lap = field[nb].sum(-1) - 4 * field.reshape(3, 4)
print(lap.sum(), lap[1])
