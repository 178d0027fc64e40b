"""packbits / unpackbits against NumPy: both bit orders, axes, padding to whole bytes, count;
from_dlpack of host arrays."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp

RNG = np.random.default_rng(0)


@pytest.mark.parametrize("bitorder", ["big", "little"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_pack_and_unpack_match_numpy(bitorder, axis):
    bits = RNG.integers(0, 3, (5, 11)).astype(np.int32)  # nonzero counts as 1
    packed = jnp.packbits(bits, axis=axis, bitorder=bitorder)
    want = np.packbits(bits != 0, axis=axis, bitorder=bitorder)
    np.testing.assert_array_equal(np.asarray(packed), want)
    assert packed.dtype == np.uint8
    for count in (None, 3, -2, 30):
        got = jnp.unpackbits(want, axis=axis, count=count, bitorder=bitorder)
        np.testing.assert_array_equal(
            np.asarray(got), np.unpackbits(want, axis=axis, count=count, bitorder=bitorder)
        )


def test_under_jit_and_errors():
    f = meshjit.jit(lambda b: jnp.unpackbits(jnp.packbits(b)))
    bits = np.array([True, False, True])
    np.testing.assert_array_equal(np.asarray(f(bits))[:3], [1, 0, 1])
    with pytest.raises(TypeError, match="integer or boolean"):
        jnp.packbits(np.ones(3, np.float32))
    with pytest.raises(TypeError, match="unsigned byte"):
        jnp.unpackbits(np.ones(3, np.int32))
    with pytest.raises(ValueError, match="'order' must be"):
        jnp.packbits(bits, bitorder="middle")


def test_from_dlpack():
    host = np.arange(6.0, dtype=np.float32).reshape(2, 3)
    a = jnp.from_dlpack(host)
    np.testing.assert_array_equal(np.asarray(a), host)
    assert jnp.from_dlpack(a) is not None and a.dtype == np.float32
    with pytest.raises(TypeError, match="__dlpack__ and __dlpack_device__"):
        jnp.from_dlpack([1, 2])


def test_from_dlpack_onto_a_device():
    host = np.arange(4, dtype=np.int32)
    device = meshjit.devices()[1]
    a = meshjit.dlpack.from_dlpack(host, device=device)
    assert a.devices() == {device}
    np.testing.assert_array_equal(np.asarray(a), host)
    mesh = meshjit.make_mesh((2,), ("x",))
    with pytest.raises(ValueError, match="singular device"):
        meshjit.dlpack.from_dlpack(host, device=meshjit.NamedSharding(mesh, meshjit.P()))


def test_dlpack_dtypes():
    assert meshjit.dlpack.is_supported_dtype(np.float32)
    assert meshjit.dlpack.is_supported_dtype(jnp.bfloat16)
    assert meshjit.dlpack.is_supported_dtype(np.float16)
    assert not meshjit.dlpack.is_supported_dtype(np.dtype("U3"))
    with pytest.raises(TypeError, match="dtype-like"):
        meshjit.dlpack.is_supported_dtype(None)


def test_view_reinterprets_bits_as_numpy():
    for source, target in [("float32", "int32"), ("uint8", "uint16"), ("int16", "int8")]:
        x = np.arange(1, 9).astype(source).reshape(2, 4)
        np.testing.assert_array_equal(jnp.asarray(x).view(target), x.view(target))
    np.testing.assert_array_equal(jnp.array([1, 0, 2], jnp.int8).view(jnp.bool_), [1, 0, 1])


def test_byteswap_reverses_each_elements_bytes():
    x = np.arange(5, dtype=np.int32) * 1000
    np.testing.assert_array_equal(jnp.asarray(x).byteswap(), x.byteswap())
    np.testing.assert_array_equal(jnp.arange(3, dtype=jnp.uint8).byteswap(), [0, 1, 2])
