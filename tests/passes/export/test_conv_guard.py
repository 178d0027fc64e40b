"""Grouped convolutions on a sharded feature dimension (passes/export/conv_guard.py): XLA's SPMD
partitioner rejects some ("Expected output feature dimension ... divisible by
feature_group_count") and gets others wrong, so the hand-off replicates that dimension at the
convolution. Numbers against a NumPy reference on 8 devices; the convolutions XLA partitions
right keep their sharding and XLA's collectives."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import meshjit  # noqa: E402
from meshjit import lax  # noqa: E402
from meshjit.passes.export.conv_guard import (  # noqa: E402
    guard_grouped_convolutions,
    guard_strided_convolutions,
)
from meshjit.sharding import AxisType, NamedSharding  # noqa: E402
from meshjit.sharding import PartitionSpec as P  # noqa: E402
from tests.support.export_guards import guarded  # noqa: E402


@pytest.fixture(scope="module")
def mesh():
    return meshjit.make_mesh((2, 2, 2), ("a", "b", "c"), axis_types=(AxisType.Auto,) * 3)


def _reference(x, k, groups=1, batch_groups=1):
    """A 1-D VALID, stride-one convolution [b, f, 0] x [o, i, 0] -> [b, f, 0] in float64."""
    x, k = x.astype(np.float64), k.astype(np.float64)
    n, c, w = x.shape
    o, i, size = k.shape
    windows = np.stack([x[:, :, j : j + size] for j in range(w - size + 1)], axis=1)
    out = np.zeros((n // batch_groups, o, w - size + 1))
    for f in range(o):
        if batch_groups > 1:
            g = f // (o // batch_groups)
            rows = windows[g * (n // batch_groups) : (g + 1) * (n // batch_groups)]
            out[:, f] = np.einsum("bwck,ck->bw", rows, k[f])
        else:
            g = f // (o // groups)
            out[:, f] = np.einsum("bwck,ck->bw", windows[:, :, g * i : (g + 1) * i], k[f])
    return out


def _operands(x_shape, k_shape):
    x = np.random.RandomState(0).randn(*x_shape).astype(np.float32)
    k = np.random.RandomState(1).randn(*k_shape).astype(np.float32)
    return x, k


def _conv(mesh, x_spec, k_spec, groups=1, batch_groups=1, **jit_kwargs):
    def f(x, k):
        x = lax.with_sharding_constraint(x * 1, NamedSharding(mesh, x_spec))
        k = lax.with_sharding_constraint(k * 1, NamedSharding(mesh, k_spec))
        return lax.conv_general_dilated(
            x, k, (1,), "VALID", feature_group_count=groups, batch_group_count=batch_groups
        )

    return meshjit.jit(f, **jit_kwargs)


def test_fuzzer_reproducer(mesh):
    """Seed 90043: f32[1,6,16] placed over c, two groups, two output features, a size-one
    window; XLA rejected the module."""
    x, k = _operands((1, 6, 16), (2, 3, 1))
    xs = meshjit.device_put(x, NamedSharding(mesh, P(None, "c", None)))
    f = meshjit.jit(
        lambda x, k: lax.conv_general_dilated(x, k, (1,), "VALID", feature_group_count=2)
    )
    np.testing.assert_allclose(np.asarray(f(xs, k)), _reference(x, k, 2), rtol=1e-5, atol=1e-5)


# (x shape, kernel shape, x spec, kernel spec, feature groups, batch groups): each was rejected
# by XLA or gave wrong numbers before the fix.
CONVOLUTIONS = [
    ((1, 6, 16), (2, 3, 1), P(None, "c", None), P(), 2, 1),  # rejected
    ((1, 8, 16), (4, 2, 1), P(None, "c", None), P(), 4, 1),  # rejected
    ((1, 6, 16), (4, 3, 1), P(None, "c", None), P(), 2, 1),  # wrong: one group per shard
    ((1, 8, 16), (4, 4, 1), P(None, ("b", "c"), None), P(), 2, 1),  # wrong
    ((1, 8, 16), (4, 4, 1), P(), P("c"), 2, 1),  # wrong: kernel output features sharded
    ((1, 8, 16), (4, 4, 1), P(None, "c", None), P("c"), 2, 1),  # wrong
    ((4, 4, 16), (4, 4, 3), P(None, "c", None), P(), 1, 2),  # wrong: batch groups
    ((4, 4, 16), (4, 4, 3), P(None, ("b", "c"), None), P(), 1, 2),  # wrong
]


@pytest.mark.parametrize("x_shape, k_shape, x_spec, k_spec, groups, batch_groups", CONVOLUTIONS)
def test_grouped_convolution_on_sharded_features(
    mesh, x_shape, k_shape, x_spec, k_spec, groups, batch_groups
):
    x, k = _operands(x_shape, k_shape)
    f = _conv(mesh, x_spec, k_spec, groups, batch_groups)
    np.testing.assert_allclose(
        np.asarray(f(x, k)), _reference(x, k, groups, batch_groups), rtol=1e-5, atol=1e-5
    )


def test_batch_groups_cut_into_more_pieces_than_groups(mesh):
    """Two batch groups, the result's 4 output features cut four ways, the input computed in
    the program: XLA gave one feature's block as zeros (JAX too; the fuzzer's seed 2705024)."""
    x, k = _operands((2, 2, 6), (4, 2, 3))

    def f(x, k):
        out = lax.conv_general_dilated(x * 1, k, (1,), "VALID", batch_group_count=2)
        return lax.with_sharding_constraint(out, NamedSharding(mesh, P(None, ("a", "b"))))

    got = np.asarray(meshjit.jit(f)(x, k))
    np.testing.assert_allclose(got, _reference(x, k, 1, 2), rtol=1e-5, atol=1e-5)


def test_shardy_propagation_too(mesh):
    x, k = _operands((1, 6, 16), (4, 3, 1))
    f = _conv(mesh, P(None, "c", None), P(), 2, propagation="shardy")
    np.testing.assert_allclose(np.asarray(f(x, k)), _reference(x, k, 2), rtol=1e-5, atol=1e-5)


def test_convolutions_xla_partitions_right_are_left_alone(mesh):
    """A grouped convolution with a wider window (even or not in the groups, in at most as many
    pieces as groups), an ungrouped one,
    and a batch-group one with only its batch sharded keep their shardings: XLA's collectives as
    before (an ungrouped one on features placed sharded still sums them with an all-reduce)."""
    features = P(None, "c", None)
    x, k = _operands((1, 8, 16), (4, 4, 3))
    assert guarded(guard_grouped_convolutions, _conv(mesh, features, P(), 2), x, k) == 0
    x6, k6 = _operands((1, 6, 16), (6, 2, 3))
    assert guarded(guard_grouped_convolutions, _conv(mesh, features, P(), 3), x6, k6) == 0
    x1, k1 = _operands((1, 8, 16), (4, 8, 1))
    ungrouped = _conv(mesh, features, P())
    assert guarded(guard_grouped_convolutions, ungrouped, x1, k1) == 0
    placed = meshjit.device_put(x1, NamedSharding(mesh, features))
    plain = meshjit.jit(lambda x, k: lax.conv_general_dilated(x, k, (1,), "VALID"))
    hlo = plain.lower(placed, k1).compile().hlo_text()
    assert "all-reduce" in hlo and "all-gather" not in hlo
    np.testing.assert_allclose(
        np.asarray(plain(placed, k1)), _reference(x1, k1), rtol=1e-5, atol=1e-5
    )
    xb, kb = _operands((4, 4, 16), (4, 4, 3))
    assert (
        guarded(guard_grouped_convolutions, _conv(mesh, P("c", None, None), P(), 1, 2), xb, kb) == 0
    )
    # and the same shapes with the features sharded are guarded
    x1g, k1g = _operands((1, 8, 16), (4, 4, 1))
    assert guarded(guard_grouped_convolutions, _conv(mesh, features, P(), 2), x1g, k1g) == 1
    assert guarded(guard_grouped_convolutions, _conv(mesh, features, P(), 1, 2), xb, kb) == 1


# (x shape, kernel shape, x spec, kernel spec, feature groups): a window of three, the output
# features cut into more pieces than groups; wrong numbers before the fix.
WIDE_WINDOWS = [
    ((2, 2, 9), (4, 1, 3), P(), P(("a", "b")), 2),
    ((2, 2, 9), (8, 1, 3), P(), P(("a", "b", "c")), 2),
    ((2, 4, 9), (16, 1, 3), P(), P(("a", "b", "c")), 4),
]


@pytest.mark.parametrize("mode", ["meshjit", "shardy"])
@pytest.mark.parametrize("x_shape, k_shape, x_spec, k_spec, groups", WIDE_WINDOWS)
def test_output_features_in_more_pieces_than_groups(
    mesh, mode, x_shape, k_shape, x_spec, k_spec, groups
):
    x, k = _operands(x_shape, k_shape)
    f = _conv(mesh, x_spec, k_spec, groups, propagation=mode)
    np.testing.assert_allclose(np.asarray(f(x, k)), _reference(x, k, groups), rtol=1e-5, atol=1e-5)


def test_output_features_in_at_most_groups_pieces_are_left_alone(mesh):
    x, k = _operands((2, 4, 9), (8, 1, 3))
    assert guarded(guard_grouped_convolutions, _conv(mesh, P(), P(("a", "b")), 4), x, k) == 0
    assert guarded(guard_grouped_convolutions, _conv(mesh, P(), P(("a", "b", "c")), 4), x, k) == 1


def test_uneven_sweep_reproducer(mesh):
    """The sweep's conv1_g2 seed 0, reduced: the input features' four shards propagated onto
    the result's 4 output features (2 groups)."""
    x, k = _operands((1, 2, 9), (4, 1, 3))
    f = meshjit.jit(
        lambda x, k: lax.conv_general_dilated(x, k, (1,), "VALID", feature_group_count=2),
        in_shardings=(NamedSharding(mesh, P(None, ("a", "c"))), NamedSharding(mesh, P())),
    )
    np.testing.assert_allclose(np.asarray(f(x, k)), _reference(x, k, 2), rtol=1e-5, atol=1e-5)


def _strided(mesh, x_spec, k_spec, stride, **jit_kwargs):
    return meshjit.jit(
        lambda x, k: lax.conv_general_dilated(x, k, (stride,), "VALID"),
        in_shardings=(NamedSharding(mesh, x_spec), NamedSharding(mesh, k_spec)),
        **jit_kwargs,
    )


def _strided_reference(x, k, stride):
    return _reference(x, k)[:, :, ::stride]


# (length, window, stride, x spec, kernel spec): wrong numbers before the fix (1-D, VALID).
STRIDED = [
    (4, 2, 3, P(None, None, "b"), P()),
    (6, 2, 2, P(None, None, "a"), P(None, "a")),
    (6, 3, 2, P(None, None, ("b", "c")), P("a")),
    (10, 2, 2, P(None, None, "c"), P(None, "c")),
    (12, 3, 2, P(None, None, ("a", "b")), P(None, "c")),
]


@pytest.mark.parametrize("mode", ["meshjit", "shardy"])
@pytest.mark.parametrize("length, window, stride, x_spec, k_spec", STRIDED)
def test_strided_convolution_on_sharded_spatial_dim(
    mesh, mode, length, window, stride, x_spec, k_spec
):
    x, k = _operands((2, 2, length), (2, 2, window))
    f = _strided(mesh, x_spec, k_spec, stride, propagation=mode)
    want = _strided_reference(x, k, stride)
    np.testing.assert_allclose(np.asarray(f(x, k)), want, rtol=1e-5, atol=1e-5)


def test_unstrided_or_unsharded_spatial_dims_are_left_alone(mesh):
    x, k = _operands((2, 2, 6), (2, 2, 3))
    assert (
        guarded(guard_strided_convolutions, _strided(mesh, P(None, None, "a"), P(), 1), x, k) == 0
    )
    assert guarded(guard_strided_convolutions, _strided(mesh, P("a", "b"), P(), 2), x, k) == 0
    assert (
        guarded(guard_strided_convolutions, _strided(mesh, P(None, None, "a"), P(), 2), x, k) == 1
    )


# (x spec, kernel spec): Shardy's propagation kept the input split on its spatial dim and the
# kernel on its input or output features; wrong numbers before the fix (stride one, window of
# three).
SPLIT_KERNELS = [
    (P(None, None, "a"), P(None, ("b", "c"))),  # the sweep's conv0_g1 seed 12, reduced
    (P(None, None, "b"), P(None, "a")),
    (P(None, None, ("a", "b")), P(None, "c")),
    (P(None, None, "c"), P("b")),  # output features: the sweep's grad_conv0 seed 140, reduced
]


@pytest.mark.parametrize("x_spec, k_spec", SPLIT_KERNELS)
def test_split_input_and_kernel_features(mesh, x_spec, k_spec):
    x, k = _operands((1, 2, 10), (2, 2, 3))
    f = _strided(mesh, x_spec, k_spec, 1, propagation="shardy")
    np.testing.assert_allclose(np.asarray(f(x, k)), _reference(x, k), rtol=1e-5, atol=1e-5)


# (x spec, kernel spec): Shardy's propagation kept the kernel split on its window dimension and
# the input on its features or spatial dimension; wrong numbers before the fix (stride one,
# window of two).
SPLIT_WINDOWS = [
    (P(None, "b"), P(None, None, "a")),
    (P(None, None, "a"), P(None, None, "a")),
]


@pytest.mark.parametrize("x_spec, k_spec", SPLIT_WINDOWS)
def test_split_kernel_window(mesh, x_spec, k_spec):
    x, k = _operands((1, 4, 10), (3, 4, 2))
    f = _strided(mesh, x_spec, k_spec, 1, propagation="shardy")
    np.testing.assert_allclose(np.asarray(f(x, k)), _reference(x, k), rtol=1e-5, atol=1e-5)


def test_split_kernel_window_with_batch_split_input_is_left_alone(mesh):
    x, k = _operands((2, 4, 10), (3, 4, 2))
    f = _strided(mesh, P("b"), P(None, None, "a"), 1)
    assert guarded(guard_strided_convolutions, f, x, k) == 0


def test_batch_groups_with_the_result_batch_unevenly_sharded(mesh):
    """Seed 261075: a batch-group convolution's result, f32[1,4,4], consumed by a shard_map over
    every device on its batch of one (the sharding propagates back onto the convolution): XLA
    gave wrong numbers; the result's batch is replicated at the convolution."""
    x, k = _operands((2, 2, 6), (4, 2, 3))
    every = P(("a", "b", "c"))

    def f(x, k):
        c = lax.conv_general_dilated(x, k, (1,), "VALID", batch_group_count=2)
        stacked = meshjit.numpy.concatenate([c * (j % 3 + 1) for j in range(8)])
        body = lambda v: v + lax.psum(1, ("a", "b", "c"))  # noqa: E731
        return c, meshjit.shard_map(body, mesh=mesh, in_specs=(every,), out_specs=every)(stacked)

    for propagation in ("meshjit", "xla"):
        got = meshjit.jit(f, propagation=propagation)(x, k)[0]
        np.testing.assert_allclose(np.asarray(got), _reference(x, k, 1, 2), rtol=1e-5, atol=1e-5)
