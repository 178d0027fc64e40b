"""Reductions over a sharded dimension whose body XLA's all-reduce refuses
(passes/export/reduce_guard.py): and / or / xor of integers, xor of booleans, a custom body
failed XLA's compile ("Unsupported reduction computation"), so the hand-off replicates the
reduced dimensions at the reduce. The monoids XLA all-reduces keep their sharding."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import functools  # noqa: E402

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import meshjit  # noqa: E402
from meshjit import lax  # noqa: E402
from meshjit.passes.export.reduce_guard import guard_unsplittable_reductions  # noqa: E402
from meshjit.sharding import AxisType, NamedSharding  # noqa: E402
from meshjit.sharding import PartitionSpec as P  # noqa: E402
from tests.support.export_guards import guarded  # noqa: E402


@pytest.fixture(scope="module")
def mesh():
    return meshjit.make_mesh((2, 4), ("a", "b"), axis_types=(AxisType.Auto,) * 2)


def test_fuzzer_reproducer(mesh):
    """Seed 150014: lax.reduce_and of int16[6] placed over a=2; XLA refused the module."""
    x = np.int16([3, 7, -1, 5, 7, 15])
    placed = meshjit.device_put(x, NamedSharding(mesh, P("a")))
    got = meshjit.jit(lambda v: lax.reduce_and(v, (0,)))(placed)
    assert int(got) == int(np.bitwise_and.reduce(x)) and got.dtype == np.int16


BODIES = {
    "and": (lax.bitwise_and, np.bitwise_and.reduce),
    "or": (lax.bitwise_or, np.bitwise_or.reduce),
    "xor": (lax.bitwise_xor, np.bitwise_xor.reduce),
    "sub": (lax.sub, lambda v, axis: -np.sum(v, axis=axis)),  # from 0: each element subtracted
}
CASES = [("and", "int8"), ("or", "uint32"), ("xor", "int8"), ("xor", "bool"), ("sub", "int8")]


@pytest.mark.parametrize("mode", ["meshjit", "shardy"])
@pytest.mark.parametrize("name, dtype", CASES)
def test_unsplittable_bodies_reduce_over_sharded_dims(mesh, mode, name, dtype):
    body, reference = BODIES[name]
    x = (np.arange(24).reshape(8, 3) % 5).astype(dtype)
    f = meshjit.jit(
        lambda v: lax.reduce(v, np.zeros((), dtype), body, (0,)),
        in_shardings=NamedSharding(mesh, P(("a", "b"), None)),
        propagation=mode,
    )
    np.testing.assert_array_equal(np.asarray(f(x)), reference(x, axis=0).astype(dtype))


def test_monoids_and_unsharded_reductions_are_left_alone(mesh):
    x = np.arange(32, dtype=np.int32).reshape(8, 4)
    jit = functools.partial(meshjit.jit, in_shardings=NamedSharding(mesh, P("a", "b")))
    for op in (lax.reduce_sum, lax.reduce_max, lax.reduce_min, lax.reduce_prod):
        assert guarded(guard_unsplittable_reductions, jit(lambda v, op=op: op(v, (0,))), x) == 0
    assert (
        guarded(guard_unsplittable_reductions, jit(lambda v: lax.reduce_and(v > 3, (0, 1))), x) == 0
    )  # booleans: min
    assert guarded(guard_unsplittable_reductions, jit(lambda v: lax.reduce_or(v, (0,))), x) == 1
    assert (
        guarded(guard_unsplittable_reductions, jit(lambda v: lax.reduce_xor(v > 3, (1,))), x) == 1
    )
    replicated = meshjit.jit(
        lambda v: lax.reduce_xor(v, (1,)), in_shardings=NamedSharding(mesh, P("a", None))
    )
    assert (
        guarded(guard_unsplittable_reductions, replicated, x) == 0
    )  # the reduced dim is whole already
