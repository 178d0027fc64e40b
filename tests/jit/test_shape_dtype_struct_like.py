"""`ShapeDtypeStruct.like(x)` as JAX 0.10.2's (the reprs read off JAX): shape, dtype and weak
type of any value, the sharding only of a value placed with one (a committed array; JAX's
repr then adds the array's format, which meshjit's ShapeDtypeStruct does not carry)."""

import numpy as np

import meshjit
import meshjit.numpy as jnp

S = meshjit.ShapeDtypeStruct


def test_like_as_jax():
    assert repr(S.like(jnp.ones(3))) == "ShapeDtypeStruct(shape=(3,), dtype=float32)"
    assert repr(S.like(np.ones((2, 2)))) == "ShapeDtypeStruct(shape=(2, 2), dtype=float32)"
    assert repr(S.like(1.0)) == "ShapeDtypeStruct(shape=(), dtype=float32, weak_type=True)"
    assert repr(S.like(S((2,), np.int8))) == "ShapeDtypeStruct(shape=(2,), dtype=int8)"
    assert repr(S.like(meshjit.random.key(0))) == "ShapeDtypeStruct(shape=(), dtype=key<fry>)"


def test_like_keeps_a_committed_arrays_sharding():
    device = meshjit.devices()[0]
    placed = S.like(meshjit.device_put(jnp.ones(2), device))
    assert placed.sharding == meshjit.sharding.SingleDeviceSharding(device)
