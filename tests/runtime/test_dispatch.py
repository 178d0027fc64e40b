"""Cached calls (compiler/runtime/dispatch.py): the fast path's key and what it runs."""

import numpy as np

import meshjit
from meshjit import random


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
