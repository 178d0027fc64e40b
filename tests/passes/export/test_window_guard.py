"""Reduce windows on padded, strided dimensions (passes/export/window_guard.py): XLA's SPMD
partitioner gets them wrong when the dimension is sharded (on the input or the result) into
more pieces than its sizes divide into, so the hand-off replicates it at the reduce window.
Numbers against the unsharded answer in all three propagation modes on 8 devices."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import meshjit  # noqa: E402
from meshjit import lax  # noqa: E402
from meshjit.passes.export.window_guard import guard_padded_strided_windows  # noqa: E402
from meshjit.sharding import AxisType, NamedSharding  # noqa: E402
from meshjit.sharding import PartitionSpec as P  # noqa: E402
from tests.support.export_guards import guarded  # noqa: E402


@pytest.fixture(scope="module")
def mesh():
    return meshjit.make_mesh((4, 2), ("a", "b"), axis_types=(AxisType.Auto,) * 2)


def _window(mesh, spec, size, padding, stride, mode="meshjit"):
    def f(x):
        return lax.reduce_window(x, 0.0, lax.add, (size,), (stride,), [padding])

    return f, meshjit.jit(f, in_shardings=NamedSharding(mesh, spec),
                          out_shardings=NamedSharding(mesh, P(None)), propagation=mode)


# The fuzzer's seed 280284 (the first: bf16 there), and cases XLA got wrong without the guard.
@pytest.mark.parametrize("n, spec, size, padding, stride", [
    (3, P("b"), 3, (1, 0), 2), (5, P("b"), 3, (1, 0), 2), (3, P("b"), 3, (1, 0), 3),
    (7, P("a"), 3, (2, 0), 2), (9, P("a"), 3, (1, 1), 2)])
@pytest.mark.parametrize("mode", ["shardy", "xla"])
def test_padded_strided_windows_on_uneven_dims_compute_right(mesh, n, spec, size, padding,
                                                             stride, mode):
    x = np.arange(1, n + 1, dtype=np.float32) ** 2
    f, g = _window(mesh, spec, size, padding, stride, mode)
    np.testing.assert_allclose(np.asarray(g(x)), np.asarray(f(x)))


def test_even_or_unpadded_windows_are_not_guarded(mesh):
    x = np.arange(16, dtype=np.float32)
    assert guarded(guard_padded_strided_windows, _window(mesh, P("a"), 3, (1, 1), 2)[1], x) == 0
    assert guarded(guard_padded_strided_windows, _window(mesh, P("b"), 3, (0, 0), 2)[1],
                   x[:5]) == 0
    assert guarded(guard_padded_strided_windows, _window(mesh, P("b"), 3, (1, 0), 2)[1],
                   x[:5]) == 1


def _dilated(mesh, spec, window, padding, base, dilation, mode):
    def f(x):
        return lax.reduce_window(x, 0.0, lax.add, window, (1, 1), padding,
                                 base_dilation=base, window_dilation=dilation)

    return f, meshjit.jit(f, in_shardings=NamedSharding(mesh, spec), propagation=mode)


# The fuzzer's seed 290781 (a process abort, "f32[4,3] vs f32[3,3]") and the probe's cases:
# base-dilated windows on unevenly sharded dims aborted XLA ("Check failed:
# ShapeUtil::Compatible(shard_shape, sharded_rw->shape())") or gave wrong numbers.
@pytest.mark.parametrize("shape, spec, window, padding, base, dilation", [
    ((5, 3), P("a", "b"), (3, 2), ((0, 0), (0, 0)), (3, 1), (1, 1)),
    ((7, 4), P(("a", "b"), None), (2, 1), ((1, 2), (0, 0)), (3, 1), (1, 1)),
    ((7, 4), P(("a", "b"), None), (3, 2), ((0, 0), (0, 0)), (2, 1), (1, 1)),
    ((5, 3), P(("a", "b"), None), (2, 2), ((1, 0), (0, 0)), (2, 1), (2, 1)),
    ((3, 2), P(("a", "b"), None), (1, 2), ((0, 0), (0, 0)), (3, 1), (2, 1))])
@pytest.mark.parametrize("mode", ["meshjit", "shardy", "xla"])
def test_dilated_windows_on_uneven_dims_compute_right(mesh, shape, spec, window, padding, base,
                                                      dilation, mode):
    x = np.arange(1, np.prod(shape) + 1, dtype=np.float32).reshape(shape) ** 2
    f, g = _dilated(mesh, spec, window, padding, base, dilation, mode)
    np.testing.assert_allclose(np.asarray(g(x)), np.asarray(f(x)))


def test_even_dilated_windows_are_not_guarded(mesh):
    """f32[8] base-dilated by 2 under a window of 4: 12 results, both split evenly four ways."""
    x = np.arange(16, dtype=np.float32).reshape(8, 2)
    f, g = _dilated(mesh, P("a"), (4, 1), ((0, 0), (0, 0)), (2, 1), (1, 1), "meshjit")
    assert guarded(guard_padded_strided_windows, g, x) == 0
    np.testing.assert_allclose(np.asarray(g(x)), np.asarray(f(x)))
    assert guarded(guard_padded_strided_windows, g, x[:7]) == 1
