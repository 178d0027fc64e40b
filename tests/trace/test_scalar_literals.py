"""Scalar constants made inside a trace are literals in the jaxpr, as JAX 0.10.2 prints them."""

import meshjit as jax
import meshjit.numpy as jnp


def test_scalar_constant_is_an_inline_literal():
    text = str(jax.make_jaxpr(lambda x: jnp.log(x) / jnp.log(2.0))(3.0))
    assert text.startswith("{ lambda ; a:f32[]. let")
    assert "log 2.0:f32[]" in text
    assert str(jax.make_jaxpr(lambda: jnp.asarray(2.0))()) == "{ lambda ; . let  in (2.0:f32[],) }"
    assert float(jax.jit(lambda x: jnp.log(x) / jnp.log(2.0))(8.0)) == 3.0
