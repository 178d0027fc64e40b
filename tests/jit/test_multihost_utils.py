"""meshjit.experimental.multihost_utils in one process (tests/distributed runs it across
processes): shapes, dtypes and values as JAX 0.10.2 gives them, JAX run in a subprocess."""

from __future__ import annotations

import numpy as np
import pytest

import meshjit
from meshjit.experimental import multihost_utils as mu
from meshjit.sharding import NamedSharding
from meshjit.sharding import PartitionSpec as P
from tests.support.jax_oracle import jax_on_8_devices

X = np.arange(12, dtype=np.float32).reshape(4, 3)

# name -> source of a value under JAX and under meshjit (`mu`, `x`, `sharded`, `np` bound).
CASES = {
    "scalar_tiled": "mu.process_allgather(np.float32(2.5), tiled=True)",
    "scalar_stacked": "mu.process_allgather(np.float32(2.5))",
    "array_tiled": "mu.process_allgather(x, tiled=True)",
    "array_stacked": "mu.process_allgather(x)",
    "device_scalar_tiled": "mu.process_allgather(sharded.sum(), tiled=True)",
    "sharded_tiled": "mu.process_allgather(sharded, tiled=True)",
    "broadcast": "mu.broadcast_one_to_all(x)",
    "broadcast_scalar": "mu.broadcast_one_to_all(np.int32(3))",
}


def _program() -> str:
    lines = [
        "from jax.experimental import multihost_utils as mu",
        "from jax.sharding import NamedSharding",
        f"x = np.array({X.tolist()}, np.float32)",
        "mesh = jax.make_mesh((4,), ('i',))",
        "sharded = jax.device_put(x, NamedSharding(mesh, P('i')))",
    ]
    return "\n".join(lines + [f"out[{k!r}] = np.asarray({src})" for k, src in CASES.items()])


@pytest.fixture(scope="module")
def jax_out(tmp_path_factory):
    return jax_on_8_devices(_program(), tmp_path_factory.mktemp("multihost"))


@pytest.fixture(scope="module")
def ours():
    mesh = meshjit.make_mesh((4,), ("i",))
    names = {"mu": mu, "np": np, "x": X}
    names["sharded"] = meshjit.device_put(X, NamedSharding(mesh, P("i")))
    return {k: eval(src, names) for k, src in CASES.items()}


@pytest.mark.parametrize("case", CASES)
def test_matches_jax(case, ours, jax_out):
    got, want = ours[case], jax_out[case]
    assert type(got) is np.ndarray or np.isscalar(got), type(got)
    got = np.asarray(got)
    assert (got.shape, got.dtype) == (want.shape, want.dtype)
    np.testing.assert_array_equal(got, want)


def test_sync_and_assert_equal_pass_in_one_process():
    mu.sync_global_devices("step")
    mu.assert_equal({"a": X, "b": np.int32(1)})


def test_host_local_round_trip_in_one_process():
    mesh = meshjit.make_mesh((4,), ("i",))
    g = mu.host_local_array_to_global_array(X, mesh, P("i"))
    assert g.shape == X.shape and g.sharding.spec == P("i")
    back = mu.global_array_to_host_local_array(g, mesh, P("i"))
    np.testing.assert_array_equal(np.asarray(back), X)


def test_preemption_sync_point_in_one_process_is_false_as_jax():
    """JAX's: no distributed client, no preemption to agree on (checkpointing loops call it
    every step)."""
    assert mu.reached_preemption_sync_point(0) is False
    assert issubclass(mu.ProcessFailureError, Exception)
