# jax.numpy construction and padding docstrings: fromfunction, indices, mgrid / ogrid, ix_,
# tril_indices / triu_indices / diag_indices / mask_indices, tri, fill_diagonal, and jnp.pad in
# every mode
import jax
import jax.numpy as jnp

print(jnp.fromfunction(lambda i, j: i + j, (2, 3)))
print(jnp.fromfunction(lambda i, j: i == j, (3, 3), dtype=int))
print(jnp.indices((2, 3)))
print(jnp.indices((2, 2), sparse=True))
print(jnp.mgrid[0:3, 0:2])
print(jnp.mgrid[-1:1:5j])
print(jnp.ogrid[0:3, 0:2])
print(jnp.ix_(jnp.array([0, 1]), jnp.array([2, 4])))
a = jnp.arange(20).reshape(4, 5)
print(a[jnp.ix_(jnp.array([0, 3]), jnp.array([1, 2]))])
print(jnp.tril_indices(3), jnp.triu_indices(3, k=1))
print(jnp.tril_indices(3, m=4, k=-1))
print(jnp.triu_indices_from(jnp.ones((3, 2))))
print(jnp.diag_indices(3), jnp.diag_indices(2, ndim=3))
print(jnp.diag_indices_from(jnp.ones((2, 2))))
print(jnp.mask_indices(3, jnp.triu))
print(jnp.tri(3, 4, k=1, dtype=jnp.int32))
print(jnp.fill_diagonal(jnp.zeros((3, 3)), 5.0, inplace=False))
print(jnp.fill_diagonal(jnp.zeros((3, 4)), jnp.array([1., 2., 3.]), wrap=False, inplace=False))
print(jnp.diagflat(jnp.array([1, 2]), k=1))

x = jnp.array([1, 2, 3])
print(jnp.pad(x, 2))
print(jnp.pad(x, (1, 2), constant_values=(-1, 9)))
for mode in ["edge", "reflect", "symmetric", "wrap", "maximum", "minimum", "mean", "median", "empty"]:
    out = jnp.pad(x, (2, 3), mode=mode)
    print(mode, out if mode != "empty" else out.shape)
print(jnp.pad(x, 2, mode="reflect", reflect_type="odd"))
print(jnp.pad(x, 2, mode="symmetric", reflect_type="odd"))
print(jnp.pad(x.astype(float), (2, 2), mode="linear_ramp", end_values=(0, 10)))
print(jnp.pad(x, 2, mode="maximum", stat_length=1))
m = jnp.arange(6).reshape(2, 3)
print(jnp.pad(m, ((1, 0), (0, 2)), mode="wrap"))
print(jnp.pad(m, 1, mode="edge"))


def pad_with(vector, pad_width, iaxis, kwargs):
    pad_value = kwargs.get('padder', 10)
    vector = vector.at[:pad_width[0]].set(pad_value)
    vector = vector.at[-pad_width[1]:].set(pad_value)
    return vector


print(jnp.pad(jnp.arange(6).reshape(2, 3), 1, pad_with))
print(jnp.pad(jnp.arange(6).reshape(2, 3), 1, pad_with, padder=-1))
print(jax.jit(lambda v: jnp.pad(v, 1, mode="reflect"))(x))
print(jax.grad(lambda v: jnp.pad(v, 2, mode="symmetric").sum())(x.astype(float)))
