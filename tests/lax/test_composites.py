"""lax.conv_general_dilated_patches, lax.reduce_xor, lax.mulhi, lax.stack / unstack / tile / empty / broadcast_shapes / approx_max_k / approx_min_k /
reduce_precision and the incomplete gamma and beta functions under their lax names, against
JAX 0.10.2 (values, and reduce_precision's gradient)."""

import numpy as np
import pytest

import meshjit
from meshjit import lax
from tests.support.jax_cases import RUN_THUNK, jax_case_tests

HARNESS = (
    r"""
A = np.random.default_rng(0).standard_normal((3, 5, 4)).astype(np.float32)
A[0, 1, 2] = A[0, 1, 3]  # a tie
X = np.array([1.2345678, 3.1415927, -2.7182817, 1e-3, 7e4, np.inf, np.nan], np.float32)
P = np.random.default_rng(1).standard_normal((2, 3, 7, 6)).astype(np.float32)
CASES = {
    "patches": lambda: (
        lax.conv_general_dilated_patches(P, (2, 3), (1, 1), "VALID"),
        lax.conv_general_dilated_patches(P, (3, 2), (2, 1), "SAME", rhs_dilation=(1, 2)),
        lax.conv_general_dilated_patches(np.moveaxis(P, 1, -1), (2, 2), (1, 1), [(1, 0), (0, 1)], dimension_numbers=("NHWC", "OIHW", "NHWC")),
        lax.conv_general_dilated_patches(P[:, 0], (3,), (1,), "VALID", dimension_numbers=("NTC", "IOT", "NTC")),
    ),
    "stack": lambda: (lax.stack([A, 2 * A], axis=2), lax.stack([A[0]], axis=-1)),
    "unstack": lambda: lax.unstack(A, 1),
    "index_take": lambda: (lax.index_take(A, (np.array([0, 2, -1, 5]), np.array([1, 4, 3, 0])), (0, 1)), lax.index_take(A, (np.array([3, -2]),), (2,))),
    "reduce_xor": lambda: (lax.reduce_xor(np.array([[1, 2, 7], [8, 3, 3]], np.int32), (1,)), lax.reduce_xor(A > 0, (0, 2)), jax.vmap(lambda r: lax.reduce_xor(r, (0,)))(np.arange(12, dtype=np.uint8).reshape(3, 4))),
    "mulhi": lambda: tuple(lax.mulhi(*(np.random.default_rng(2).integers(np.iinfo(d).min, np.iinfo(d).max, (2, 64), endpoint=True).astype(d))) for d in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32)),
    "tile": lambda: lax.tile(A, (2, 1, 3)),
    "approx_max_k": lambda: (lax.approx_max_k(A, 2), lax.approx_max_k(A, 3, reduction_dimension=1)),
    "approx_min_k": lambda: (lax.approx_min_k(A, 2), lax.approx_min_k(A, 3, reduction_dimension=0)),
    "reduce_precision": lambda: (lax.reduce_precision(X, 5, 10), lax.reduce_precision(X, 8, 7), jax.grad(lambda v: (lax.reduce_precision(v, 5, 2) * v).sum())(X[:5])),
    "igamma": lambda: (lax.igamma(2.5, np.abs(X[:5])), lax.igammac(0.7, np.abs(X[:5])), lax.betainc(2.0, 3.0, np.array([0.1, 0.5, 0.9], np.float32))),
}
"""
    + RUN_THUNK
)

NAMES = [
    "patches",
    "index_take",
    "reduce_xor",
    "mulhi",
    "stack",
    "unstack",
    "tile",
    "approx_max_k",
    "approx_min_k",
    "reduce_precision",
    "igamma",
]


jax_results, test_same_as_jax = jax_case_tests(NAMES, HARNESS, 0.0, {"igamma": 1e-6})


def test_shapes_and_errors():
    assert lax.broadcast_shapes((3, 1), (1, 4), (5, 1, 1)) == (5, 3, 4)
    assert lax.broadcast_shapes() == ()
    with pytest.raises(ValueError, match="Incompatible shapes"):
        lax.broadcast_shapes((3,), (4,))
    empty = lax.empty((2, 3), np.int32)
    assert empty.shape == (2, 3) and empty.dtype == np.int32
    with pytest.raises(meshjit.MeshjitTypeError, match="does not accept dtype int32"):
        lax.reduce_precision(np.arange(3), 5, 10)
    with pytest.raises(TypeError, match="mulhi does not accept dtype float32 at position 0"):
        lax.mulhi(np.ones(2, np.float32), np.ones(2, np.float32))
    with pytest.raises(TypeError, match="mulhi requires two integer arrays of one dtype"):
        lax.mulhi(np.ones(2, np.int32), np.ones(2, np.int16))
    with pytest.raises(TypeError, match="reps length must be equal to the ndim of x"):
        lax.tile(np.ones((2, 2)), (2,))  # JAX's words
    assert (
        "stablehlo.reduce_precision"
        in meshjit.jit(lambda v: lax.reduce_precision(v, 5, 10))
        .lower(np.ones(2, np.float32))
        .as_text()
    )


def test_approx_k_results_are_lists_as_jax():
    for f in (lax.approx_max_k, lax.approx_min_k):
        assert type(f(np.arange(6.0).reshape(2, 3), 1)) is list
        assert type(f(np.arange(6.0).reshape(2, 3), 1, reduction_dimension=0)) is list
