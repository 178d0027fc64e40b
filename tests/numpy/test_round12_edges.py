"""Edges of jnp routines the round 12 fuzzer found different from JAX 0.10.2 (under vmap a row
is one rank less, so these meet vectors and scalars): tril / triu refuse vectors, matvec /
vecmat refuse inputs without their core dimensions (JAX's vectorize), lexsort of scalar keys is
index 0 (so a vmapped lexsort of rows works), its empty and mismatched keys raise JAX's types."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp


@pytest.mark.parametrize("fn", [jnp.tril, jnp.triu])
def test_tril_triu_of_a_vector_are_refused(fn):
    with pytest.raises(ValueError, match=f"jax.numpy.{fn.__name__} must be at least 2D"):
        fn(np.ones(3, np.float32))
    with pytest.raises(ValueError, match="at least 2D"):  # it was an IndexError under vmap
        meshjit.vmap(fn)(np.ones((2, 3), np.float32))
    np.testing.assert_array_equal(fn(np.ones((2, 2))), np.tril(np.ones((2, 2))) if fn is
                                  jnp.tril else np.triu(np.ones((2, 2))))


def test_matvec_vecmat_need_their_core_dimensions():
    v, m = np.ones(3, np.float32), np.arange(6, dtype=np.float32).reshape(2, 3)
    with pytest.raises(ValueError, match="does not have enough dimensions"):
        jnp.matvec(v, v)
    with pytest.raises(ValueError, match="does not have enough dimensions"):
        jnp.vecmat(v, v)
    with pytest.raises(ValueError, match="does not have enough dimensions"):  # it ran
        meshjit.vmap(lambda row: jnp.matvec(row, v))(m)
    np.testing.assert_array_equal(jnp.matvec(m, v), m @ v)
    np.testing.assert_array_equal(jnp.vecmat(np.ones(2, np.float32), m), m.sum(0))


def test_lexsort_of_scalar_keys_and_bad_keys():
    out = jnp.lexsort(np.float32([3, 1, 2]))  # three scalar keys
    assert out.shape == () and int(out) == 0 and out.dtype == np.int32
    np.testing.assert_array_equal(meshjit.vmap(jnp.lexsort)(np.float32([[3, 1], [2, 2]])), [0, 0])
    np.testing.assert_array_equal(jnp.lexsort(np.array([[2, 1], [1, 1]])), [1, 0])
    with pytest.raises(TypeError, match="need sequence of keys with len > 0"):
        jnp.lexsort([])
    with pytest.raises(ValueError, match="all keys need to be the same shape"):
        jnp.lexsort((np.ones(2), np.ones(3)))
