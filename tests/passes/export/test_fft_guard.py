"""FFTs of operands unevenly sharded on a transformed dimension (passes/export/fft_guard.py):
XLA compiled a module its CPU runtime refused (a RET_CHECK in the FFT thunk), so the hand-off
replicates those dimensions at the FFT. Numbers against NumPy on 8 devices; evenly sharded
transformed dimensions and unevenly sharded batch dimensions keep their sharding."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import meshjit  # noqa: E402
import meshjit.numpy as jnp  # noqa: E402
from meshjit.passes.export.fft_guard import guard_uneven_ffts  # noqa: E402
from meshjit.sharding import AxisType, NamedSharding  # noqa: E402
from meshjit.sharding import PartitionSpec as P  # noqa: E402
from tests.support.export_guards import guarded  # noqa: E402


@pytest.fixture(scope="module")
def mesh():
    return meshjit.make_mesh((2, 4), ("a", "b"), axis_types=(AxisType.Auto,) * 2)


# (function name, shape, spec of the placed operand): each failed XLA's RET_CHECK before.
FFTS = [
    ("fft", (5, 9), P(None, "a")),
    ("ifft", (5, 9), P(None, "b")),
    ("fft", (5, 3), P("b", "a")),
    ("fft2", (3, 6, 5), P(None, "a", "b")),
]


@pytest.mark.parametrize("name, shape, spec", FFTS)
def test_uneven_transformed_dims(mesh, name, shape, spec):
    """meshjit's propagation: the result is not sharded on the transformed dims. (Shardy's
    propagates the operand's sharding there, and XLA's layout bug with a reshard after the FFT
    remains: see fft_guard.py.)"""
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape) / 7
    got = meshjit.jit(getattr(jnp.fft, name), in_shardings=NamedSharding(mesh, spec))(x)
    np.testing.assert_allclose(np.asarray(got), getattr(np.fft, name)(x), rtol=1e-4, atol=1e-3)


def test_even_and_batch_dims_are_left_alone(mesh):
    x = np.ones((5, 8), np.float32)
    for spec in (P(None, "b"), P("a", None), P("b", "a")):
        f = meshjit.jit(jnp.fft.fft, in_shardings=NamedSharding(mesh, spec))
        assert guarded(guard_uneven_ffts, f, x) == 0
    f = meshjit.jit(jnp.fft.fft, in_shardings=NamedSharding(mesh, P(None, "b")))
    assert guarded(guard_uneven_ffts, f, np.ones((5, 9), np.float32)) == 1
