"""`meshjit.extend.core.primitives` and `meshjit.version`: JAX's names for what meshjit has."""

import pytest

import meshjit
import meshjit.extend.core.primitives as primitives
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.extend import core


def test_primitives_are_the_ones_traced_jaxprs_hold():
    assert core.primitives is primitives
    assert primitives.add_p is lax.add_p and primitives.psum_p.name == "psum"
    jaxpr = meshjit.make_jaxpr(lambda x: jnp.sin(x).sum())(jnp.ones(3)).jaxpr
    assert [e.primitive for e in jaxpr.eqns] == [primitives.sin_p, primitives.reduce_sum_p]
    # JAX's names for primitives meshjit spells otherwise
    assert primitives.scatter_add_p.name == "scatter-add"
    assert primitives.linear_solve_p.name == "custom_linear_solve"
    assert "dot_general_p" in primitives.__all__ and "dot_general_p" in dir(primitives)


def test_a_primitive_meshjit_lacks_is_an_attribute_error():
    with pytest.raises(AttributeError, match="top_k_p"):
        _ = primitives.top_k_p


def test_version_module():
    assert meshjit.version.__version__ == meshjit.__version__
    assert meshjit.version.__version_info__ == tuple(map(int, meshjit.__version__.split(".")))
