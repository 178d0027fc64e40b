"""Slices of a dimension sharded one element per shard (passes/export/slice_guard.py): XLA's SPMD
partitioner made such a slice, gathered, a copy of the whole gathered operand where the operand
was gathered elsewhere too (its verifier rejected the module; JAX's jit of the same program
fails alike), so the hand-off replicates that dimension at the slice. Numbers against NumPy on
8 devices, in each propagation mode; two elements per shard are left alone."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import meshjit  # noqa: E402
import meshjit.numpy as jnp  # noqa: E402
from meshjit.passes.export.slice_guard import guard_one_per_shard_slices  # noqa: E402
from meshjit.sharding import NamedSharding  # noqa: E402
from meshjit.sharding import PartitionSpec as P  # noqa: E402
from tests.support.export_guards import guarded  # noqa: E402


def _mesh(n):
    return meshjit.sharding.Mesh(np.array(meshjit.devices()[:n]), ("a",))


def _both_gathered(mesh, index):
    """`v[index]` and `v * 2`, each constrained replicated: the slice and another gather."""
    whole = NamedSharding(mesh, P())

    def f(v):
        part = meshjit.lax.with_sharding_constraint(v[index], whole)
        return part, meshjit.lax.with_sharding_constraint(v * 2, whole)

    return f


# (shape, devices, placed spec, index): each rejected by XLA's verifier before.
SLICES = [
    ((4, 6), 4, P("a"), np.s_[:3]),
    ((8, 6), 8, P("a"), np.s_[:3]),
    ((2, 6), 2, P("a"), np.s_[:1]),
    ((6, 4), 4, P(None, "a"), np.s_[:, :3]),
]


@pytest.mark.parametrize("mode", ["meshjit", "shardy", "xla"])
@pytest.mark.parametrize("shape, n, spec, index", SLICES)
def test_slices_of_one_element_per_shard_compute_right(mode, shape, n, spec, index):
    mesh = _mesh(n)
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    f = meshjit.jit(
        _both_gathered(mesh, index), in_shardings=NamedSharding(mesh, spec), propagation=mode
    )
    part, doubled = f(x)
    np.testing.assert_array_equal(np.asarray(part), x[index])
    np.testing.assert_array_equal(np.asarray(doubled), x * 2)


@pytest.mark.parametrize("rows, guards", [(4, 1), (8, 0)])
def test_only_one_element_per_shard_is_guarded(rows, guards):
    mesh = _mesh(4)
    x = np.arange(rows * 6, dtype=np.float32).reshape(rows, 6)
    f = meshjit.jit(_both_gathered(mesh, np.s_[:3]), in_shardings=NamedSharding(mesh, P("a")))
    assert guarded(guard_one_per_shard_slices, f, x) == guards


def test_fuzz_seed_3001151_ffts_of_a_tiled_value_compile_with_xla_propagation():
    """rfft2 of a value's first three rows and an FFT of its transpose: the FFT guards'
    constraints gathered a slice of f32[4,6] placed P('a') over 4 devices."""
    mesh = _mesh(4)
    scale = lambda n: (n.arange(24) % 3 + 1).reshape(4, 6).astype(n.float32)

    def f(x):
        v = jnp.concatenate([x.astype(jnp.float32)] * 24).reshape(4, 6) * scale(jnp)
        a = jnp.fft.rfft2(v, s=(3, 8), norm="ortho")
        c = jnp.fft.fftn(v, s=(6,), axes=(0,), norm="backward")
        return jnp.abs(c).ravel(), jnp.abs(a).ravel()

    x = np.array([1.5], dtype=jnp.bfloat16)
    got = meshjit.jit(f, in_shardings=NamedSharding(mesh, P("a")), propagation="xla")(x)
    v = np.full((4, 6), 1.5, np.float32) * scale(np)
    want = np.fft.fftn(v, s=(6,), axes=(0,)), np.fft.rfft2(v, s=(3, 8), norm="ortho")
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g), np.abs(w).ravel(), rtol=1e-5, atol=1e-4)
