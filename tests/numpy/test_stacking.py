"""meshgrid, atleast_nd, splits and stacks, kron, cross and select against NumPy."""

import numpy as np
import pytest

import meshjit.numpy as jnp
from tests.support.shape_cases import close, jit_numpy, normal

# ---------------------------------------------------------------------------------------------
# meshgrid, atleast_nd, splits and stacks, kron, cross, select.


@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("sparse", [False, True])
def test_meshgrid(indexing, sparse):
    xs = [np.arange(n, dtype=np.float32) + 10 * n for n in (2, 3, 4)]
    for count in (1, 2, 3):
        got = jit_numpy(lambda *a: jnp.meshgrid(*a, indexing=indexing, sparse=sparse), *xs[:count])
        for g, e in zip(got, np.meshgrid(*xs[:count], indexing=indexing, sparse=sparse)):
            close(g, e)


def test_atleast_and_stacking():
    s, v, m = np.float32(2), np.arange(3.0, dtype=np.float32), normal(3, 2)
    for x in (s, v, m, normal(2, 3, 4)):
        close(jit_numpy(jnp.atleast_2d, x), np.atleast_2d(x))
        close(jit_numpy(jnp.atleast_3d, x), np.atleast_3d(x))
    for g, e in zip(jit_numpy(lambda a, b: jnp.atleast_2d(a, b), s, v), np.atleast_2d(s, v)):
        close(g, e)
    close(jit_numpy(lambda a, b: jnp.dstack([a, b]), m, m), np.dstack([m, m]))
    close(jit_numpy(lambda a, b: jnp.dstack([a, b]), v, v), np.dstack([v, v]))
    close(jit_numpy(lambda a, b: jnp.column_stack([a, b]), v, m), np.column_stack([v, m]))
    t = normal(4, 6, 2)
    for fn, ref in ((jnp.hsplit, np.hsplit), (jnp.vsplit, np.vsplit), (jnp.dsplit, np.dsplit)):
        # [1, 3] past dsplit's axis of 2: JAX refuses it (NumPy clamps; test_shapes checks)
        for sections in (2, [1, 3] if fn is not jnp.dsplit else [1, 2]):
            for g, e in zip(jit_numpy(lambda a: fn(a, sections), t), ref(t, sections)):  # noqa: B023
                close(g, e)
    for g, e in zip(
        jit_numpy(lambda a: jnp.hsplit(a, 3), np.arange(6.0)), np.hsplit(np.arange(6.0), 3)
    ):
        close(g, e)


@pytest.mark.parametrize(
    "sa, sb", [((2,), (3,)), ((2, 3), (3, 2)), ((2,), (2, 2)), ((2, 1, 2), (3, 2))]
)
def test_kron(sa, sb):
    a, b = normal(*sa), normal(*sb)
    close(jit_numpy(jnp.kron, a, b), np.kron(a, b))


def test_cross():
    a, b = normal(4, 3), normal(4, 3)
    close(jit_numpy(jnp.cross, a, b), np.cross(a, b))
    close(jit_numpy(lambda x, y: jnp.cross(x, y, axis=0), a.T, b.T), np.cross(a.T, b.T, axis=0))
    close(
        jit_numpy(lambda x, y: jnp.cross(x, y, axisa=0, axisc=0), a.T, b),
        np.cross(a.T, b, axisa=0, axisc=0),
    )
    close(jit_numpy(jnp.cross, a[:, :2], b), np.cross(np.pad(a[:, :2], ((0, 0), (0, 1))), b))
    jax = pytest.importorskip("jax")
    close(jit_numpy(jnp.cross, a[:, :2], b[:, :2]), jax.numpy.cross(a[:, :2], b[:, :2]))


def test_select():
    x = np.arange(-4.0, 5.0, dtype=np.float32)
    conds = lambda a: [a < -2, a > 2, a == 0]  # noqa: E731
    choices = lambda a: [a * 10, a * 100, 7.0]  # noqa: E731
    got = jit_numpy(lambda a: jnp.select(conds(a), choices(a), -1.0), x)
    close(got, np.select(conds(x), choices(x), -1.0))


def test_atleast_1d_takes_several_arrays_and_vsplit_splits_vectors_as_jax():
    a, b = jnp.atleast_1d(np.float32(1), np.ones((2, 2), np.float32))
    assert a.shape == (1,) and b.shape == (2, 2)
    first, second = jnp.vsplit(np.arange(6), 2)
    np.testing.assert_array_equal(first, [0, 1, 2])
    np.testing.assert_array_equal(second, [3, 4, 5])
