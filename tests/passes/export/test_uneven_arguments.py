"""Arguments sharded unevenly (passes/export/uneven_arguments.py): XLA drops the axes of their
uneven dimensions at the parameter, so the hand-off constrains each to its own sharding at the
function's start, and the ops reading it (and the guards) meet the sharding propagation
decided."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import meshjit  # noqa: E402
from meshjit import lax  # noqa: E402
from meshjit.passes.export.uneven_arguments import pin_uneven_arguments  # noqa: E402
from meshjit.sharding import AxisType, NamedSharding  # noqa: E402
from meshjit.sharding import PartitionSpec as P  # noqa: E402
from tests.support.export_guards import guarded  # noqa: E402
from tests.support.uneven_ops import OPS  # noqa: E402


@pytest.fixture(scope="module")
def mesh():
    return meshjit.make_mesh((2, 2, 2), ("a", "b", "c"), axis_types=(AxisType.Auto,) * 3)


def test_uneven_sweep_conv1_g1_seed_4(mesh):
    """A strided convolution whose kernel, placed P('c', 'b', 'a', None), reached XLA split on
    its window dimension only."""
    conv = OPS["conv1_g1"]
    x = np.arange(180, dtype=np.float32).reshape(1, 3, 10, 6) % 7 - 3
    w = np.arange(54, dtype=np.float32).reshape(3, 3, 2, 3) % 5 - 2
    f = meshjit.jit(
        conv.fn,
        in_shardings=(
            NamedSharding(mesh, P(("a", "b"), "c", None, None)),
            NamedSharding(mesh, P("c", "b", "a", None)),
        ),
        out_shardings=NamedSharding(mesh, P("c", "a", "b", None)),
    )
    want = conv.reference(x.astype(np.float64), w.astype(np.float64))
    np.testing.assert_allclose(np.asarray(f(x, w)), want, rtol=1e-5, atol=1e-4)


def test_only_uneven_arguments_are_pinned(mesh):
    x = np.ones((6, 8), np.float32)

    def count(spec):
        f = meshjit.jit(lambda v: lax.exp(v), in_shardings=NamedSharding(mesh, spec))
        return guarded(pin_uneven_arguments, f, x)

    assert [count(s) for s in (P("a", "b"), P(None, ("a", "b", "c")), P())] == [0, 0, 0]
    assert [count(s) for s in (P(("a", "b", "c")), P(("a", "b"), "c"))] == [1, 1]
