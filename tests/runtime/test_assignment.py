"""Device assignment of jit calls: committed arguments pin the devices, and arguments and
shardings naming different devices are JAX's "incompatible devices" ValueError."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.sharding import NamedSharding
from meshjit.sharding import PartitionSpec as P

DEVS = meshjit.devices()


def ones(n=3):
    return np.ones(n, np.float32)


def test_committed_is_set_by_device_put_to_a_target_and_kept_by_computations():
    x = meshjit.device_put(ones(), DEVS[1])
    assert x.committed and not jnp.ones(3).committed
    assert not meshjit.device_put(ones()).committed
    assert (x * 2).committed and (x * 2).devices() == {DEVS[1]}
    assert not (jnp.ones(3) + 1).committed
    # an uncommitted argument moves to the committed one's device
    out = meshjit.jit(lambda a, b: a + b)(jnp.ones(3), x)
    assert out.devices() == {DEVS[1]} and out.committed
    np.testing.assert_allclose(out, 2 * ones())


def test_arguments_committed_to_different_devices_are_incompatible():
    x = meshjit.device_put(ones(), DEVS[0])
    y = meshjit.device_put(ones(), DEVS[1])
    with pytest.raises(ValueError) as e:
        meshjit.jit(lambda a, b: a + b)(x, y)
    here = "test_arguments_committed_to_different_devices_are_incompatible.<locals>.<lambda>"
    assert str(e.value).splitlines()[0] == (  # JAX names the function by its qualified name
        f"Received incompatible devices for jitted computation. Got argument a of {here} "
        f"with shape float32[3] and with device ids [0] on platform CPU and argument b of "
        f"{here} with shape float32[3] and with device ids [1] on platform CPU"
    )
    with pytest.raises(ValueError, match=r"argument p\['u'\] of .* and argument p\['v'\]"):
        meshjit.jit(lambda p: p["u"] + p["v"])({"u": x, "v": y})
    with pytest.raises(ValueError, match="incompatible devices"):
        x + y  # an eager op is a jitted computation too


def test_a_committed_argument_and_a_sharding_on_other_devices_are_incompatible():
    mesh = meshjit.make_mesh((2,), ("a",))
    s = NamedSharding(mesh, P("a"))
    y = meshjit.device_put(ones(4), DEVS[1])
    with pytest.raises(
        ValueError,
        match=r"with device ids \[1\] on platform CPU and explicit "
        r"output sharding with device ids \[0, 1\]",
    ):
        meshjit.jit(lambda a: a * 2, out_shardings=s)(y)
    with pytest.raises(
        ValueError, match="Sharding passed to jit does not match the sharding on the respective arg"
    ):
        meshjit.jit(lambda a: a * 2, in_shardings=s)(y)
    w = meshjit.device_put(ones(4), s)
    with pytest.raises(ValueError, match=r"float32\[4@a\] and with device ids \[0, 1\]"):
        meshjit.jit(lambda a, b: a.sum() + b.sum())(w, y)
