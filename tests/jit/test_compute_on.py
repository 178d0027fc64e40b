"""compute_on (compiler/jit/compute_on.py): host-placed computations give the device's numbers
on the CPU client (as JAX's on CPU), as a decorator and a context manager; bad compute types
are JAX's errors."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental.compute_on import compute_on


def test_a_host_computation_inside_jit():
    @compute_on("device_host")
    @meshjit.jit
    def g(x):
        return x * 2

    f = meshjit.jit(lambda x: g(x) + 1)
    np.testing.assert_array_equal(f(jnp.ones(3)), [3.0, 3.0, 3.0])
    with compute_on("device"):
        np.testing.assert_array_equal(meshjit.jit(lambda x: x - 1)(jnp.ones(2)), [0.0, 0.0])


def test_bad_compute_types():
    with pytest.raises(TypeError, match="compute_type argument must be a string"):
        with compute_on(3):
            pass
    with pytest.raises(ValueError, match="Invalid compute type gpu. Current supported values"):
        with compute_on("gpu"):
            pass


def test_host_ops_carry_jaxs_compute_type_attribute():
    @meshjit.jit
    def g(x):
        with compute_on("device_host"):
            y = jnp.cos(x) + 1
        return y * 2

    text = g.lower(jnp.ones(4)).as_text()
    assert (
        'stablehlo.cosine %arg0 {mhlo.frontend_attributes = {_xla_compute_type = "host"}}' in text
    )
    assert "stablehlo.multiply %2, %3 : tensor<4xf32>" in text  # outside: untagged
    np.testing.assert_allclose(g(jnp.zeros(4)), [4.0] * 4)
