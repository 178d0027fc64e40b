"""jax.extend.random (the PRNG implementations, seeding, the Threefry-2x32 hash) and
jax.extend.mlir (portable artifacts, the bindings' modules) as JAX 0.10.2's; the hash's bits
are JAX's (values written here, checked against JAX once)."""

import numpy as np
import pytest

import meshjit
from meshjit.extend import mlir
from meshjit.extend import random as extend_random


def test_threefry_2x32_gives_jax_bits_for_odd_and_even_counts():
    keypair = (np.uint32(1), np.uint32(2))
    odd = extend_random.threefry_2x32(keypair, np.arange(5, dtype=np.uint32))
    assert np.asarray(odd).tolist() == [2052595727, 3504730591, 2527474599, 1880214352, 1914734168]
    even = extend_random.threefry_2x32(keypair, np.arange(4, dtype=np.uint32).reshape(2, 2))
    assert even.shape == (2, 2) and even.dtype == np.uint32
    with pytest.raises(TypeError, match="threefry_2x32 requires uint32 arguments"):
        extend_random.threefry_2x32(keypair, np.arange(4, dtype=np.int32))
    assert extend_random.threefry2x32_p.name == "threefry2x32"


def test_seeding_with_an_implementation_gives_typed_keys():
    key = extend_random.seed_with_impl(extend_random.rbg_prng_impl, 3)
    assert str(key.dtype) == "key<rbg>" and np.asarray(meshjit.random.key_data(key)).tolist() == [
        0,
        3,
        0,
        3,
    ]
    key = extend_random.random_seed(3, extend_random.threefry_prng_impl)
    assert str(key.dtype) == "key<fry>" and np.asarray(meshjit.random.key_data(key)).tolist() == [
        0,
        3,
    ]
    # a user's implementation (tests/extend/test_define_prng_impl.py runs one against JAX's);
    # meshjit's key data is one-dimensional
    spec = extend_random.define_prng_impl(
        key_shape=(2,), seed=None, split=None, random_bits=None, fold_in=None, name="u"
    )
    assert repr(spec) == "PRNGSpec('u')"
    with pytest.raises(NotImplementedError, match="define_prng_impl"):
        extend_random.define_prng_impl(
            key_shape=(2, 2), seed=None, split=None, random_bits=None, fold_in=None
        )


def test_portable_artifacts_round_trip():
    text = meshjit.jit(lambda x: x * 2).lower(np.float32(1)).as_text()
    artifact = mlir.serialize_portable_artifact(text, "1.0.0")
    assert type(artifact) is bytes
    with mlir.ir.Context() as context:
        module = mlir.deserialize_portable_artifact(artifact, context)
        assert "stablehlo.multiply" in str(module)
    from meshjit.extend.mlir.dialects import chlo, sdy, stablehlo  # noqa: F401

    assert mlir.ir.Context is not None and mlir.passmanager.PassManager is not None
