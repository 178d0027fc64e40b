"""A tracer stored by a side effect and used after its transformation finished raises JAX's
UnexpectedTracerError from the user's line (no meshjit frame below it), also outside any trace."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.errors import UnexpectedTracerError


def test_a_leaked_tracer_used_outside_any_trace_raises_from_the_users_line():
    leaked = []
    meshjit.vmap(lambda x: leaked.append(x) or x)(jnp.ones(3))
    with pytest.raises(UnexpectedTracerError, match="Encountered an unexpected tracer") as ei:
        leaked[-1] + 1.0
    assert ei.traceback[-1].path.name == "test_leaked_tracer.py"


def test_device_get_under_jit_returns_the_traced_value_as_jax():
    out = meshjit.jit(lambda x: meshjit.device_get(x) * 2.0)(np.float32(1.5))
    assert float(out) == 3.0


def test_checking_leaks_raises_jaxs_exception_when_a_trace_leaves_a_tracer_alive():
    leaked = []

    def leaky(x):
        leaked.append(x)
        return x * 2

    with meshjit.checking_leaks():
        with pytest.raises(Exception, match="Leaked trace") as ei:
            meshjit.jit(leaky)(jnp.arange(3.0))
        assert type(ei.value).__name__ == "Exception"
        leaked.clear()
        assert float(meshjit.jit(lambda x: x * 2)(1.0)) == 2.0  # no leak, no error
    assert meshjit.jit(leaky)(jnp.ones(2)).shape == (2,)  # checks off: no error
