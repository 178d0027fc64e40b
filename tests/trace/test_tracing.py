"""Tracers are arrays to the user: every array method reaches them (no tracer attribute of its
own hides one), with the numbers an Array's method gives."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.compiler.trace import array_methods
from meshjit.compiler.trace.tracing import Tracer


def test_no_tracer_attribute_hides_an_array_method():
    # Tracer once kept its variable in a slot named `var`, which hid `x.var()` under jit:
    # "TypeError: 'Var' object is not callable".
    assert "var" in array_methods._METHODS
    assert set(array_methods._METHODS) & set(Tracer.__slots__) == set()


X = np.arange(12.0, dtype=np.float32).reshape(3, 4) ** 1.5


@pytest.mark.parametrize("method", ["var", "std", "mean", "sum"])
def test_statistics_methods_under_jit_vmap_grad(method):
    want = getattr(X, method)(-1, keepdims=True)
    got = meshjit.jit(lambda x: getattr(x, method)(-1, keepdims=True))(jnp.asarray(X))
    np.testing.assert_allclose(got, want, rtol=1e-5)
    got = meshjit.vmap(lambda x: getattr(x, method)())(jnp.asarray(X))
    np.testing.assert_allclose(got, getattr(X, method)(-1), rtol=1e-5)


def test_var_method_gradient():
    x = X[1]
    g = meshjit.grad(lambda x: x.var())(jnp.asarray(x))
    np.testing.assert_allclose(g, 2 * (x - x.mean()) / x.size, rtol=1e-5)


@pytest.mark.parametrize(
    "use,kind,words",
    [
        (lambda x: x.block_until_ready(), AttributeError, "The 'block_until_ready' method is not available on traced array with shape float32[3]."),
        (lambda x: x.copy_to_host_async(), AttributeError, "The 'copy_to_host_async' method is not available"),
        (lambda x: x.sharding, AttributeError, "To query sharding information on tracers, use `jax.typeof(x)`."),
        (lambda x: x.device, AttributeError, "The 'device' attribute is not available"),
        (lambda x: x.devices(), meshjit.errors.ConcretizationTypeError, "The devices() method was called on traced array with shape float32[3]."),
        (lambda x: x.addressable_shards, meshjit.errors.ConcretizationTypeError, "The 'addressable_shards' attribute is not available"),
        (lambda x: x.is_fully_replicated, meshjit.errors.ConcretizationTypeError, "The is_fully_replicated property was called"),
        (lambda x: x.delete(), meshjit.errors.ConcretizationTypeError, "The delete() method was called"),
    ],
)  # fmt: skip
def test_array_only_attributes_of_a_tracer_are_refused_in_jaxs_words(use, kind, words):
    with pytest.raises(kind) as info:
        meshjit.jit(use)(np.ones(3, np.float32))
    assert words in str(info.value)


def test_hasattr_sharding_of_a_tracer_is_false():
    """As JAX: `hasattr(x, "sharding")` tells a traced value from an Array (an AttributeError)."""
    out = meshjit.jit(lambda x: x + (0.0 if hasattr(x, "sharding") else 1.0))(
        np.ones(3, np.float32)
    )
    np.testing.assert_array_equal(np.asarray(out), np.full(3, 2.0))


def test_len_and_iteration_of_a_rank_0_tracer_are_numpys_words():
    with pytest.raises(TypeError, match=r"^len\(\) of unsized object"):
        meshjit.jit(lambda x: len(x))(np.float32(1))
    with pytest.raises(TypeError, match="^iteration over a 0-d array"):
        meshjit.jit(lambda x: list(x))(np.float32(1))


def test_concretization_errors_first_line_is_jaxs_alone():
    # As JAX: its sentence is the first line (programs print str(e).splitlines()[0]); what
    # meshjit adds follows on the next lines
    import meshjit as jax
    import meshjit.numpy as jnp

    cases = [
        (lambda x: bool(x > 0), "Attempted boolean conversion of traced array with shape bool[]."),
        (lambda x: [1, 2][x], "The __index__() method was called on traced array with shape int32[]"),
        (lambda x: int(x), "Abstract tracer value encountered where concrete value is expected: "
         "traced array with shape int32[]"),
        (lambda x: np.asarray(x), "The numpy.ndarray conversion method __array__() was called on "
         "traced array with shape int32[]"),
    ]  # fmt: skip
    for f, first in cases:
        with pytest.raises(Exception) as e:
            jax.jit(f)(jnp.int32(1))
        assert str(e.value).splitlines()[0] == first
