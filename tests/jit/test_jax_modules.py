"""Modules JAX 0.10.2 emitted (tests/jit/fixtures/make_jax_modules.py: a sharded MLP, attention,
shard_map with psum and every collective, scan/while, constraints, shardings on inputs only,
permuted devices, explicit mode, an unreduced dot, gather/scatter/top_k) through load_module ->
compile_module in each propagation mode, against JAX's outputs (issue 18 item 7)."""

import pathlib

import numpy as np
import pytest

import meshjit

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "jax_modules"
NAMES = sorted(p.stem for p in FIXTURES.glob("*.mlir"))


def _load(name):
    data = np.load(FIXTURES / f"{name}.npz")
    ordered = lambda prefix: [
        data[f"{prefix}{i}"]
        for i in range(
            sum(
                k.startswith(prefix)  # noqa: E731
                for k in data
            )
        )
    ]
    return (FIXTURES / f"{name}.mlir").read_text(), ordered("arg"), ordered("out")


def test_the_fixture_set_is_complete():
    assert len(NAMES) >= 11 and "unreduced" in NAMES and "collectives" in NAMES


@pytest.mark.parametrize("propagation", ["meshjit", "shardy", "xla"])
@pytest.mark.parametrize("name", NAMES)
def test_jax_module_runs_with_jax_numbers(name, propagation):
    text, args, want = _load(name)
    outs = meshjit.compile_module(text, propagation=propagation)(*args)
    outs = outs if isinstance(outs, tuple) else (outs,)
    assert len(outs) == len(want)
    for got, expected in zip(outs, want):
        assert got.shape == expected.shape and np.asarray(got).dtype == expected.dtype
        np.testing.assert_allclose(np.asarray(got), expected, rtol=2e-5, atol=2e-5)
