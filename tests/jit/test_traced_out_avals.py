"""`jit(f).trace(...).out_avals` as JAX 0.10.2's (the reprs read off JAX): the outputs' avals
in the outputs' structure, weak types shown, a typed key's as `key<fry>[...]`."""

import meshjit
import meshjit.numpy as jnp


def test_out_avals_as_jax():
    traced = meshjit.jit(lambda x: (x, {"a": x.sum(), "b": 1.0})).trace(jnp.ones(3))
    assert repr(traced.out_avals) == (
        "(ShapedArray(float32[3]), {'a': ShapedArray(float32[]), "
        "'b': ShapedArray(float32[], weak_type=True)})"
    )
    assert str(meshjit.jit(lambda x: x * 2).trace(jnp.ones(3)).out_avals) == "float32[3]"
    assert meshjit.jit(lambda x: None).trace(1).out_avals is None


def test_out_avals_of_typed_keys_as_jax():
    def keys():
        return meshjit.random.split(meshjit.random.key(0), 3), meshjit.random.key(1, impl="rbg")

    assert repr(meshjit.jit(keys).trace().out_avals) == (
        "(ShapedArray(key<fry>[3]), ShapedArray(key<rbg>[]))"
    )
