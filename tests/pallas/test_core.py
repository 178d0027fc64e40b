"""Pallas' helpers (compiler/pallas/core.py) outside and around kernels, against NumPy and
JAX 0.10.2's results (run_state's value is JAX's)."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental import pallas as pl


def test_run_state_returns_what_the_refs_hold_after_the_function():
    def f(refs):
        a, b = refs
        a[...] = a[...] + b[...]

    got = pl.run_state(f)((jnp.ones(2), jnp.arange(2.0)))
    np.testing.assert_array_equal(got[0], [1.0, 2.0])
    np.testing.assert_array_equal(got[1], [0.0, 1.0])


def test_with_scoped_passes_fresh_buffers_after_the_arguments():
    @pl.with_scoped(pl.ANY((2,), jnp.float32))
    def f(x, tmp):
        tmp[...] = x * 2
        return tmp[...] + 1

    np.testing.assert_array_equal(meshjit.jit(f)(jnp.ones(2)), [3.0, 3.0])


def test_small_helpers():
    np.testing.assert_array_equal(pl.reciprocal(jnp.array([2.0, 4.0])), [0.5, 0.25])
    assert pl.empty((2,), jnp.float32).shape == (2,)
    assert pl.empty_like(meshjit.ShapeDtypeStruct((3,), jnp.int32)).dtype == np.int32
    assert (pl.cdiv(7, 2), pl.next_power_of_2(5), pl.align_to(5, 4)) == (4, 8, 8)
    assert pl.strides_from_shape((2, 3, 4)) == (12, 4, 1)
    assert pl.multiple_of(3, 8) == 3


def test_the_grid_is_only_known_inside_a_kernel():
    # JAX asserts it: an AssertionError
    with pytest.raises(AssertionError, match="inside a pallas_call kernel"):
        pl.program_id(0)
    with pytest.raises(AssertionError, match="inside a pallas_call kernel"):
        pl.num_programs(0)


def test_debug_checks_broadcast_and_empty_refs_as_jax():
    def kernel(x_ref, o_ref):
        pl.debug_check(x_ref[0] > 0, "x[0] must be positive")  # the interpreter checks nothing
        o_ref[...] = pl.broadcast_to(x_ref[0], (4,)) + 1

    x = -np.ones(4, np.float32)
    with pl.enable_debug_checks(True):
        out = pl.pallas_call(
            kernel, out_shape=meshjit.ShapeDtypeStruct((4,), jnp.float32), interpret=True
        )(x)
    np.testing.assert_array_equal(out, np.zeros(4))

    spec = meshjit.ShapeDtypeStruct((2,), jnp.float32)
    with pytest.raises(NotImplementedError, match="only works inside of a `jit`"):
        pl.empty_ref_like(spec)

    @meshjit.jit
    def scratch(v):
        ref = pl.empty_ref_like(spec)
        ref[...] = v
        return ref[...] * 2

    np.testing.assert_array_equal(scratch(np.ones(2, np.float32)), [2, 2])
