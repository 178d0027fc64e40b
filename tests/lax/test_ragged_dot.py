"""lax.ragged_dot / ragged_dot_general against JAX 0.10.2 (one JAX subprocess): the three
modes, empty groups and gradients; and against a per-group NumPy product."""

import numpy as np
import pytest

import meshjit
from meshjit import lax
from tests.support.jax_oracle import RUN_CASES, assert_close_to_jax, oracle_fixture, values_vs_jax

HARNESS = (
    r"""
rng = np.random.default_rng(7)
X = rng.standard_normal((10, 4)).astype(np.float32)
W = rng.standard_normal((3, 4, 5)).astype(np.float32)
GS = np.array([3, 0, 7], np.int32)
BX = rng.standard_normal((2, 6, 4)).astype(np.float32)
BW = rng.standard_normal((2, 4, 3)).astype(np.float32)
D = lax.RaggedDotDimensionNumbers

CASES = {
    "basic": lambda: lax.ragged_dot(X, W, GS),
    "ints": lambda: lax.ragged_dot(X.astype(np.int32), W.astype(np.int32), GS),
    "preferred": lambda: lax.ragged_dot(X, W, GS, preferred_element_type=np.float32),
    "jit": lambda: jax.jit(lax.ragged_dot)(X, W, GS),
    "contracting": lambda: lax.ragged_dot_general(
        X.T, X, np.array([4, 6], np.int32), D((([1], [0]), ([], [])), [1], [])),
    "batch": lambda: lax.ragged_dot_general(
        BX, BW, np.array([1, 1], np.int32), D((([2], [1]), ([0], [0])), [0], [])),
    "noncontracting_batched": lambda: lax.ragged_dot_general(
        BX, np.stack([W[:, :, :3]] * 2, axis=1), np.array([[2, 4, 0], [1, 1, 4]], np.int32),
        D((([2], [2]), ([0], [1])), [1], [0])),
    "grad": lambda: jax.grad(lambda x, w: lax.ragged_dot(x, w, GS).sum(), argnums=(0, 1))(X, W),
}
"""
    + RUN_CASES
)


CASES = [
    "basic", "ints", "preferred", "jit", "contracting", "batch", "noncontracting_batched",
    "grad",
]  # fmt: skip


jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_same_as_jax(jax_results, case):
    assert_close_to_jax(values_vs_jax(jax_results, HARNESS, case), rtol=2e-6)


def test_matches_a_product_per_group():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((9, 3)).astype(np.float32)
    w = rng.standard_normal((4, 3, 2)).astype(np.float32)
    sizes = np.array([2, 0, 4, 3], np.int32)
    starts = np.concatenate([[0], np.cumsum(sizes)])
    want = np.concatenate([x[s:e] @ w[i] for i, (s, e) in enumerate(zip(starts, starts[1:]))])
    np.testing.assert_allclose(np.asarray(lax.ragged_dot(x, w, sizes)), want, rtol=1e-5)


def test_vmap_is_the_product_per_example():
    """All three operands mapped along their first axis (the one case JAX's rule batches)."""
    rng = np.random.default_rng(1)
    xs = rng.standard_normal((3, 6, 2)).astype(np.float32)
    ws = rng.standard_normal((3, 2, 2, 4)).astype(np.float32)
    sizes = np.array([[4, 2], [0, 6], [3, 3]], np.int32)
    got = meshjit.vmap(lax.ragged_dot)(xs, ws, sizes)
    for i in range(3):
        want = np.asarray(lax.ragged_dot(xs[i], ws[i], sizes[i]))
        np.testing.assert_allclose(np.asarray(got[i]), want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("in_axes", [(0, None, None), (None, None, 0), (0, 0, None), (1, 0, 0)])
def test_vmap_with_an_operand_not_mapped_along_its_first_axis_is_jaxs_error(in_axes):
    """JAX's batching rule of ragged_dot_general: NotImplementedError (meshjit batched the
    dense expansion)."""
    x, w = np.ones((2, 6, 2), np.float32), np.ones((2, 2, 2, 4), np.float32)
    gs = np.ones((2, 2), np.int32)
    args = [x, w, gs * 3]
    args = [a[0] if d is None else np.moveaxis(a, 0, d) for a, d in zip(args, in_axes)]
    with pytest.raises(NotImplementedError, match=r"^ragged_dot vmap over any dim but 0 - NYI\n"):
        meshjit.vmap(lax.ragged_dot, in_axes=in_axes)(*args)


def test_bad_dimension_numbers():
    x = np.ones((4, 2), np.float32)
    with pytest.raises(TypeError, match="RaggedDotDimensionNumbers"):
        lax.ragged_dot_general(x, x, np.array([4]), ((([1], [0]), ([], []))))
    with pytest.raises(NotImplementedError, match="group_offset"):
        lax.ragged_dot(x, np.ones((1, 2, 3), np.float32), np.array([4]), group_offset=np.array([0]))
    assert meshjit.make_jaxpr(
        lambda a: lax.ragged_dot(a, np.ones((1, 2, 3), np.float32), np.array([4], np.int32))
    )(x)


def test_explicit_operands_without_out_sharding_are_refused_as_jax():
    """JAX 0.10.2's ragged_dot_general has no sharding inference: an operand typed over
    Explicit axes (or a context mesh with some) and no out_sharding is its NotImplementedError
    (fuzzer slice seed 31: meshjit ran it)."""
    from meshjit.sharding import AxisType, NamedSharding, P

    m = meshjit.make_mesh((8,), ("a",), axis_types=(AxisType.Explicit,))
    lhs = meshjit.device_put(np.ones((8, 4), np.float32), NamedSharding(m, P("a", None)))
    rhs, sizes = np.ones((2, 4, 3), np.float32), np.array([3, 5], np.int32)
    with pytest.raises(NotImplementedError, match="Explicit sharding inference for ragged_dot"):
        meshjit.jit(meshjit.lax.ragged_dot)(lhs, rhs, sizes)
    plain = np.ones((8, 4), np.float32)
    np.testing.assert_array_equal(np.asarray(meshjit.lax.ragged_dot(plain, rhs, sizes)), 4.0)
