"""meshjit.ops (compiler/numpy/segments.py): segment reductions as JAX 0.10.2's jax.ops, bit for
bit (one JAX subprocess): dropped out-of-range and negative ids, empty segments' identities,
buckets, modes, dtypes, under jit, vmap and grad; and their errors."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import ops
from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
ops = jax.ops
DATA = np.array([[1.5, -2.], [3., 4.], [-0.5, 8.], [7., -1.], [2., 2.], [9., 0.25]], np.float32)
IDS = np.array([0, 0, 2, 5, -1, 2], np.int32)  # 5 and -1 fall outside 4 segments
INTS = np.array([3, -7, 2, 9, 4, 1], np.int32)
REDUCERS = (ops.segment_sum, ops.segment_prod, ops.segment_max, ops.segment_min)


def every(data, ids, **kw):
    return [f(data, ids, **kw) for f in REDUCERS]


CASES = {
    "floats": lambda: every(DATA, IDS, num_segments=4),
    "ints_empty_segments": lambda: every(INTS, IDS, num_segments=7),
    "inferred_count": lambda: every(INTS, np.array([0, 3, 1, 1, 0, 3], np.int32)),
    "sorted_hint": lambda: every(DATA, np.array([0, 0, 1, 1, 1, 3]), num_segments=4,
                                 indices_are_sorted=True),
    "buckets": lambda: every(DATA[:, 0], IDS, num_segments=3, bucket_size=4),
    "clip_mode": lambda: every(INTS, IDS, num_segments=3, mode="clip"),
    "bool": lambda: [ops.segment_max(INTS > 2, IDS, 3), ops.segment_min(INTS > 2, IDS, 3)],
    "jit": lambda: jax.jit(ops.segment_sum, static_argnums=2)(DATA, IDS, 3),
    "vmap": lambda: jax.vmap(lambda d: ops.segment_max(d, IDS, 4), in_axes=1)(DATA),
    "grad": lambda: jax.grad(lambda d: (ops.segment_sum(d, IDS, 3) ** 2).sum())(DATA),
    "grad_max": lambda: jax.grad(lambda d: ops.segment_max(d, IDS, 3).sum())(DATA[:, 1]),
    "weak_scalar_rows": lambda: ops.segment_sum(jnp.ones(4), np.array([1, 1, 0, 2]), 3),
}
"""
    + RUN_CASES
)

CASES = [
    "floats",
    "ints_empty_segments",
    "inferred_count",
    "sorted_hint",
    "buckets",
    "clip_mode",
    "bool",
    "jit",
    "vmap",
    "grad",
    "grad_max",
    "weak_scalar_rows",
]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_same_bits_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)


def test_segment_sum_against_numpy():
    rng = np.random.default_rng(0)
    data = rng.normal(size=(50, 3)).astype(np.float32)
    ids = rng.integers(-2, 9, size=50).astype(np.int32)
    want = np.zeros((7, 3), np.float32)
    for row, i in zip(data, ids):
        if 0 <= i < 7:
            want[i] += row
    np.testing.assert_allclose(ops.segment_sum(data, ids, 7), want, rtol=1e-5, atol=1e-6)


def test_num_segments_must_be_static_under_jit():
    f = meshjit.jit(lambda d, i: ops.segment_sum(d, i))
    with pytest.raises(meshjit.errors.ConcretizationTypeError, match="num_segments"):
        f(jnp.ones(3), jnp.array([0, 1, 1]))


def test_bad_arguments_raise_as_jax():
    with pytest.raises(ValueError, match="num_segments must be non-negative"):
        ops.segment_sum(jnp.ones(3), jnp.array([0, 1, 1]), -1)
    with pytest.raises(TypeError, match="requires ndarray or scalar arguments"):
        ops.segment_sum([1.0, 2.0], jnp.array([0, 1]), 2)
