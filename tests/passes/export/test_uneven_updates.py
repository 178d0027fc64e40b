"""Scatters indexing an unevenly sharded dimension (passes/export/uneven_updates.py): XLA's
SPMD partitioner writes them into other shards' rows, so the hand-off replicates that dimension
at the op. Numbers against NumPy on 8 devices; even shardings keep what XLA compiled before."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from jaxlib.mlir import ir  # noqa: E402

import meshjit  # noqa: E402
import meshjit.numpy as jnp  # noqa: E402
from meshjit import lax  # noqa: E402
from meshjit.dialects import make_context  # noqa: E402
from meshjit.passes.export.uneven_updates import guard_uneven_updates  # noqa: E402
from meshjit.sharding import AxisType, NamedSharding  # noqa: E402
from meshjit.sharding import PartitionSpec as P  # noqa: E402
from tests.support.export_guards import guarded  # noqa: E402


@pytest.fixture(scope="module")
def mesh():
    return meshjit.make_mesh((2, 4), ("a", "b"), axis_types=(AxisType.Auto,) * 2)


def _updated(x, index, how, value):
    y = x.copy()
    if how == "set":
        y[index] = value
    elif how == "add":
        y[index] += value
    elif how == "mul":
        y[index] *= value
    else:
        y[index] = {"min": np.minimum, "max": np.maximum}[how](y[index], value)
    return y


# (shape, spec, index, how): each wrote into other rows or columns before the fix.
SCATTERS = [
    ((6, 5), P("b", None), 1, "add"),  # the round 12 fuzzer's reproducer (x.at[1].add(0) too)
    ((6, 5), P("b", None), -1, "set"),
    ((6, 7), P(None, "b"), (1, 2), "set"),
    ((3, 6), P(None, "b"), (slice(None), 2), "mul"),
    ((6, 7), P("b", None), (2, slice(1, 3)), "min"),
    ((5, 6), P("a", "b"), 1, "max"),
    ((8, 5), P("b", "a"), (1, 2), "add"),  # even rows, uneven columns
]


@pytest.mark.parametrize("shape, spec, index, how", SCATTERS)
def test_single_index_scatter_on_uneven_dim(mesh, shape, spec, index, how):
    x = np.arange(np.prod(shape), dtype=np.int32).reshape(shape) * 3 - 7
    sharding = NamedSharding(mesh, spec)
    f = meshjit.jit(
        lambda v: getattr(meshjit.lax.with_sharding_constraint(v * 1, sharding).at[index], how)(
            5
        )
    )
    np.testing.assert_array_equal(np.asarray(f(x)), _updated(x, index, how, 5))


def test_add_of_zero_keeps_the_other_rows(mesh):
    """The reproducer as reported: x.at[1].add(0) copied rows 1 and 3 over rows 2 and 4."""
    x = np.arange(30, dtype=np.int32).reshape(6, 5)
    sharding = NamedSharding(mesh, P("b", None))
    f = meshjit.jit(lambda v: meshjit.lax.with_sharding_constraint(v * 1, sharding).at[1].add(0))
    np.testing.assert_array_equal(np.asarray(f(x)), x)


def test_traced_index(mesh):
    """An index known only at run time."""
    x = np.arange(30, dtype=np.float32).reshape(6, 5)
    sharding = NamedSharding(mesh, P("b", "a"))
    f = meshjit.jit(
        lambda v, i: meshjit.lax.with_sharding_constraint(v * 1, sharding).at[i].add(100.0)
    )
    for i in (0, 1, 4, 5):
        np.testing.assert_array_equal(np.asarray(f(x, np.int32(i))), _updated(x, i, "add", 100.0))


def test_vmapped_update_of_an_uneven_column(mesh):
    x = np.arange(30, dtype=np.int32).reshape(5, 6)
    sharding = NamedSharding(mesh, P("a", "b"))
    f = meshjit.jit(
        lambda v: meshjit.vmap(lambda r: r.at[1].set(5))(
            meshjit.lax.with_sharding_constraint(v * 1, sharding)
        )
    )
    np.testing.assert_array_equal(np.asarray(f(x)), _updated(x, (slice(None), 1), "set", 5))


def test_shardy_propagation_too(mesh):
    x = np.arange(30, dtype=np.int32).reshape(6, 5)
    sharding = NamedSharding(mesh, P("b", None))
    f = meshjit.jit(
        lambda v: meshjit.lax.with_sharding_constraint(v * 1, sharding).at[1].set(-1),
        propagation="shardy",
    )
    np.testing.assert_array_equal(np.asarray(f(x)), _updated(x, 1, "set", -1))


def _guarded(f, x) -> int:
    """How many ops the hand-off guards in f's module as propagated before pinning."""
    lowered = f.lower(x)
    with make_context():
        module = ir.Module.parse(lowered.as_text())
        meshjit.passes.propagate(module)
        return guard_uneven_updates(module.operation)


def test_even_shardings_are_left_to_xla(mesh):
    """Only scatters' uneven indexed dims are touched: an even one keeps its sharded scatter
    (XLA's collectives as before), a dim the scatter does not index stays sharded however uneven,
    and a dynamic-update-slice (which XLA partitions right) stays as it is."""
    even, rows = NamedSharding(mesh, P("b", None)), NamedSharding(mesh, P(None, "b"))
    scatter = meshjit.jit(lambda v: meshjit.lax.with_sharding_constraint(v * 1, even).at[1].add(1))
    assert _guarded(scatter, np.zeros((8, 5), np.int32)) == 0
    assert _guarded(scatter, np.zeros((6, 5), np.int32)) == 1
    column = meshjit.jit(lambda v: meshjit.lax.with_sharding_constraint(v * 1, rows).at[1].add(1))
    assert _guarded(column, np.zeros((6, 5), np.int32)) == 0
    update = meshjit.jit(
        lambda v: lax.dynamic_update_slice(
            meshjit.lax.with_sharding_constraint(v * 1, even), jnp.ones((2, 2), jnp.int32), (5, 1)
        )
    )
    assert _guarded(update, np.zeros((6, 5), np.int32)) == 0
    hlo = scatter.lower(np.zeros((8, 5), np.int32)).compile().hlo_text()
    assert "all-gather" not in hlo and "all-reduce" not in hlo


# (combiner, rows of the updates, what is constrained: "updates" or "indices", its spec): XLA
# scattered the padding of the unevenly split updates or indices, zeros at row 0.
SPLIT_UPDATES = [
    ("min", 1, "updates", P("b", None)),  # the sweep's scatter_min seed 0
    ("mul", 1, "updates", P("a", None)),
    ("min", 3, "indices", P("b")),
    ("mul", 3, "updates", P("b", None)),
    ("max", 3, "indices", P("a")),
]


@pytest.mark.parametrize("mode", ["meshjit", "shardy"])
@pytest.mark.parametrize("how, k, what, spec", SPLIT_UPDATES)
def test_unevenly_split_updates_and_indices(mesh, mode, how, k, what, spec):
    x = np.arange(1, 61, dtype=np.float32).reshape(10, 6) * (1 if how != "max" else -1)
    i = np.array([2, 7, 2][:k], np.int32)
    u = np.arange(k * 6, dtype=np.float32).reshape(k, 6) + 100 * (1 if how != "max" else -1)
    sharding = NamedSharding(mesh, spec)

    def f(x, i, u):
        if what == "updates":
            u = meshjit.lax.with_sharding_constraint(u, sharding)
        else:
            i = meshjit.lax.with_sharding_constraint(i, sharding)
        return getattr(x.at[i], how)(u)

    want = x.copy()
    {"min": np.minimum, "mul": np.multiply, "max": np.maximum}[how].at(want, i, u)
    got = meshjit.jit(f, propagation=mode)(x, i, u)
    np.testing.assert_array_equal(np.asarray(got), want)


def test_even_updates_are_left_to_xla(mesh):
    x, i = np.zeros((10, 6), np.float32), np.array([2, 7, 2, 5], np.int32)
    u = np.ones((4, 6), np.float32)
    split = NamedSharding(mesh, P("b", None))
    f = meshjit.jit(lambda x, i, u: x.at[i].min(meshjit.lax.with_sharding_constraint(u, split)))
    assert guarded(guard_uneven_updates, f, x, i, u) == 0
    assert guarded(guard_uneven_updates, f, x, i[:3], u[:3]) == 1


def test_operand_sharded_where_the_result_has_no_sharding(mesh):
    """The sweep's scatter_min seed 10: the scatter's operand constrained unevenly on the rows
    it indexes, its result left without a sharding by propagation (out_shardings elsewhere)."""
    x = np.arange(63, dtype=np.float32).reshape(9, 7) - 30
    u = np.full((1, 7), -100.0, np.float32)
    rows = NamedSharding(mesh, P("b", "a"))
    f = meshjit.jit(
        lambda x, i, u: meshjit.lax.with_sharding_constraint(x, rows).at[i].min(u),
        out_shardings=NamedSharding(mesh, P(None, "b")),
    )
    want = x.copy()
    want[8] = -100.0
    np.testing.assert_array_equal(np.asarray(f(x, np.array([8], np.int32), u)), want)
