"""FFTs of operands unevenly sharded on a transformed dimension, or next to a gather along a
dimension other than the first (passes/export/fft_guard.py): XLA compiled a module its CPU
runtime refused (a RET_CHECK in the FFT thunk), so the hand-off replicates those dimensions at
the FFT, or isolates its layout. Numbers against NumPy on 8 devices; shardings of the first
dimension only are left alone."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import meshjit  # noqa: E402
import meshjit.numpy as jnp  # noqa: E402
from meshjit.passes.export.fft_guard import guard_ffts  # noqa: E402
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
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape) / 7
    got = meshjit.jit(getattr(jnp.fft, name), in_shardings=NamedSharding(mesh, spec))(x)
    np.testing.assert_allclose(np.asarray(got), getattr(np.fft, name)(x), rtol=1e-4, atol=1e-3)


# (function, shape, spec of the FFT's result's constraint, out_shardings spec, placed operand
# spec): each failed XLA's layout RET_CHECK before, a gather along a dimension other than the
# first next to the FFT.
GATHERED = [
    ("fft", (5, 8), P(None, "a"), P(), P()),
    ("rfft", (5, 8), P(None, "a"), None, P()),
    ("fft", (5, 9), None, P(None, "a"), P()),
    ("fft", (5, 8), None, P(), P(None, "a")),
    ("fft2", (4, 6, 8), P(None, None, "a"), P(), P()),
]


@pytest.mark.parametrize("name, shape, constraint, out, placed", GATHERED)
def test_gathers_next_to_the_fft(mesh, name, shape, constraint, out, placed):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape) / 7

    def f(v):
        y = getattr(jnp.fft, name)(v)
        if constraint is not None:
            y = meshjit.lax.with_sharding_constraint(y, NamedSharding(mesh, constraint))
        return y

    outs = None if out is None else NamedSharding(mesh, out)
    got = meshjit.jit(f, in_shardings=NamedSharding(mesh, placed), out_shardings=outs)(x)
    np.testing.assert_allclose(np.asarray(got), getattr(np.fft, name)(x), rtol=1e-4, atol=1e-3)


def test_first_dim_shardings_are_left_alone(mesh):
    """Only shardings of other dimensions than the first make a gather XLA's layouts break."""
    for spec in (P("a", None), P(("a", "b"), None), P()):
        f = meshjit.jit(jnp.fft.fft, in_shardings=NamedSharding(mesh, spec))
        assert guarded(guard_ffts, f, np.ones((5, 8), np.float32)) == 0
    for shape in ((5, 8), (5, 9)):
        f = meshjit.jit(jnp.fft.fft, in_shardings=NamedSharding(mesh, P(None, "b")))
        assert guarded(guard_ffts, f, np.ones(shape, np.float32)) == 1
