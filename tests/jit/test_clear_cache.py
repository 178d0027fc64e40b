"""`jit(f).clear_cache()` as JAX's: the function's traces and executables are forgotten, so the
next call traces again."""

import meshjit
import meshjit.numpy as jnp


def test_clear_cache_forgets_the_traces():
    traces = []

    def double(x):
        traces.append(x.shape)
        return x * 2

    f = meshjit.jit(double)
    f(jnp.ones(3))
    f(jnp.ones(3))
    assert len(traces) == 1
    assert f.clear_cache() is None
    assert f(jnp.ones(3)).tolist() == [2.0, 2.0, 2.0]
    assert len(traces) == 2
