"""jax.extend.core's aval and value helpers and jax.core's type names, as JAX 0.10.2's (results
written here as JAX 0.10.2 gives them)."""

import numpy as np
import pytest

import meshjit
import meshjit.core as jax_core
from meshjit import lax
from meshjit.extend import core

A = core.ShapedArray((3, 4), np.float32)


def test_mapped_and_unmapped_avals():
    assert str(core.mapped_aval(3, 0, A)) == "float32[4]"
    assert str(core.unmapped_aval(5, 1, A)) == "float32[3,5,4]"
    assert core.mapped_aval(3, None, A) is A and core.unmapped_aval(3, None, A) is A


def test_value_helpers():
    assert str(core.primal_dtype_to_tangent_dtype(np.dtype("int32"))) == "[('float0', 'V')]"
    assert core.primal_dtype_to_tangent_dtype(np.dtype("float32")) == np.float32
    assert core.valid_jaxtype(1.0) and not core.valid_jaxtype("a")
    assert core.concrete_or_error(int, 3.0) == 3 and core.no_effects == frozenset()
    with pytest.raises(
        meshjit.errors.ConcretizationTypeError, match="traced array with shape float32\\[\\]\nctx"
    ):
        meshjit.jit(lambda x: core.concrete_or_error(None, x, "ctx"))(1.0)


def test_core_type_names():
    assert isinstance(A, jax_core.AbstractValue)
    assert isinstance(lax.create_token().aval, jax_core.AbstractValue)
    assert jax_core.Trace.__name__ == "Trace"


def test_core_deprecated_names_warn_and_return_extend_core_s():
    with pytest.warns(DeprecationWarning, match=r"^jax.core.jaxprs_in_params is deprecated. "
                      r"Use jax.extend.core.jaxprs_in_params.$"):
        assert jax_core.jaxprs_in_params is core.jaxprs_in_params
    with pytest.warns(DeprecationWarning, match=r"^jax.core.is_constant_dim is deprecated.$"):
        assert jax_core.is_constant_dim(3)


def test_core_removed_names_raise_jax_s_attribute_error():
    with pytest.raises(AttributeError, match=r"^jax.core.get_aval was deprecated in JAX v0.8.2 and "
                       r"removed in JAX v0.10.0; use jax.typeof instead."):
        jax_core.get_aval  # noqa: B018
    with pytest.raises(AttributeError, match=r"removed in JAX v0.10.0. Use jax.extend.core.mapped_aval."):
        jax_core.mapped_aval  # noqa: B018
    with pytest.raises(AttributeError, match=r"^module 'meshjit.core' has no attribute 'nothing'"):
        jax_core.nothing  # noqa: B018
