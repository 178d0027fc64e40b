"""Cached calls (compiler/runtime/dispatch.py): the fast path's key and what it runs, and the
results' shardings as JAX's `maybe_recover_user_shardings` names them: a result of the first
argument's rank, mesh and layout has that argument's NamedSharding as written."""

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import random
from meshjit.sharding import AxisType, NamedSharding
from meshjit.sharding import PartitionSpec as P


def test_cached_calls_follow_the_contexts_of_their_key():
    """A call with the same arguments after a context changed (the default PRNG, the default
    device) runs what that context traces, not the executable cached before it."""
    key_data = meshjit.jit(lambda seed: random.key_data(random.key(seed)))
    seed = np.array(3, np.uint32)  # a NumPy argument: the fast path's key
    assert key_data(seed).shape == key_data(seed).shape == (2,)  # threefry2x32's
    meshjit.config.update("jax_default_prng_impl", "rbg")
    try:
        assert key_data(seed).shape == key_data(seed).shape == (4,)  # rbg's
    finally:
        meshjit.config.update("jax_default_prng_impl", "threefry2x32")
    assert key_data(seed).shape == (2,)
    add = meshjit.jit(lambda x: x + 1)
    x = np.arange(4, dtype=np.float32)
    assert add(x).devices() == {meshjit.devices()[0]}
    with meshjit.default_device(meshjit.devices()[2]):  # where uncommitted calls run
        for _ in range(2):
            assert add(x).devices() == {meshjit.devices()[2]}
    assert add(x).devices() == {meshjit.devices()[0]}


def test_a_dropped_committed_argument_places_and_commits_the_results():
    """As JAX: an argument the program does not use still decides its device and makes the
    results committed, on the first call and on cached ones."""
    f = meshjit.jit(lambda x, unused: x + 1)
    device = meshjit.devices()[1]
    unused = meshjit.device_put(np.zeros(2, np.float32), device)
    x = np.arange(4, dtype=np.float32)
    for _ in range(2):
        out = f(x, unused)
        assert out.committed and out.devices() == {device}
        np.testing.assert_array_equal(out, x + 1)
    out = f(x, np.zeros(2, np.float32))
    assert not out.committed and out.devices() == {meshjit.devices()[0]}


def _specs(f, *args):
    return [str(o.sharding.spec) for o in meshjit.jit(f)(*args)]


def test_results_laid_out_as_the_first_argument_keep_its_spec():
    mesh = meshjit.make_mesh((2, 4), ("data", "fsdp"), axis_types=(AxisType.Auto,) * 2)
    b = meshjit.device_put(jnp.zeros(8), NamedSharding(mesh, P(None)))
    c = meshjit.device_put(jnp.zeros((4, 8)), NamedSharding(mesh, P(None, "fsdp")))
    # JAX 0.10.2's specs: b's own `P(None,)` for results of its rank, mesh and layout; a
    # constant (on no mesh) or a result of another rank reads its layout back
    assert _specs(lambda b: (b * 2, jnp.zeros(8), b.sum(), jnp.zeros(8) + b), b) == [
        "P(None,)",
        "P()",
        "P()",
        "P(None,)",
    ]
    assert _specs(lambda b, c: (c * 2, b * 2, c[0]), b, c) == [
        "P(None, 'fsdp')",
        "P(None,)",
        "P('fsdp',)",
    ]
    # only the first argument counts: b second, its rank's results read back as P()
    assert _specs(lambda c, b: (c * 2, b * 2), c, b) == ["P(None, 'fsdp')", "P()"]
    # an uncommitted first argument has no sharding: the next one is not consulted
    assert _specs(lambda x, b: (x * 2, b * 2), jnp.ones(8), b) == ["P()", "P()"]
