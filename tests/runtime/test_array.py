"""meshjit.Array as JAX's Array: its repr (weak types, empty arrays, the dtype's own line), format
specs, DLPack export, and copies with buffers of their own."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp


def test_weak_typed_values_say_so():
    assert repr(jnp.asarray(42)) == "Array(42, dtype=int32, weak_type=True)"
    assert repr(jnp.ones(2)) == "Array([1., 1.], dtype=float32)"


def test_empty_arrays_show_their_shape():
    assert repr(jnp.zeros((1, 0), jnp.int32)) == "Array([], shape=(1, 0), dtype=int32)"


def test_the_dtype_moves_to_its_own_line_past_the_line_width():
    text = repr(jnp.array([60, 90, 120, 180]) * jnp.pi / 180)  # int * weak float: weak float
    assert text.endswith("],      dtype=float32, weak_type=True)") and "\n" not in text


def test_format_specs_apply_to_scalars_as_to_numpy_values():
    assert f"{jnp.float32(2.5):.2f} {jnp.int32(3):03d}" == "2.50 003"
    assert f"{jnp.arange(3)}" == "[0 1 2]"


def test_arrays_export_dlpack_and_copies_have_their_own_buffers():
    import numpy as np

    import meshjit

    x = jnp.arange(4.0)
    np.testing.assert_array_equal(np.from_dlpack(x), [0, 1, 2, 3])
    donating = meshjit.jit(lambda v: 2 * v, donate_argnums=0)
    donating(x.copy())
    assert not x.is_deleted()
    np.testing.assert_array_equal(jnp.copy(x), [0, 1, 2, 3])


def test_device_is_the_device_or_the_sharding():
    """As JAX's Array.device: the device of a one-device array, else its sharding."""
    import numpy as np

    import meshjit
    from meshjit.sharding import NamedSharding, PartitionSpec

    one = jnp.ones(3)
    assert one.device == meshjit.devices()[0]
    mesh = meshjit.make_mesh((8,), ("x",))
    sharded = meshjit.device_put(np.ones(8, np.float32), NamedSharding(mesh, PartitionSpec("x")))
    assert sharded.device == sharded.sharding


def test_concrete_array_type_is_named_as_jaxs():
    """`type(x).__name__` is "ArrayImpl" as in JAX (the docs print it); `meshjit.Array` is the
    same class, so isinstance checks and pickling still work."""
    import pickle

    x = meshjit.numpy.arange(3.0)
    assert type(x).__name__ == "ArrayImpl" and isinstance(x, meshjit.Array)
    np.testing.assert_array_equal(np.asarray(pickle.loads(pickle.dumps(x))), [0.0, 1.0, 2.0])
    jax = pytest.importorskip("jax")
    assert type(jax.numpy.arange(3.0)).__name__ == type(x).__name__


def test_iterating_an_explicitly_sharded_array_gives_its_rows_on_one_device():
    """As JAX's: the rows of an array split over devices come through the host (indexing an
    Explicit-sharded dimension would need out_sharding=), each on the default device."""
    from meshjit.sharding import NamedSharding, PartitionSpec, SingleDeviceSharding

    mesh = meshjit.make_mesh((4,), ("data",))
    value = np.arange(16.0, dtype=np.float32).reshape(8, 2)
    xs = meshjit.device_put(value, NamedSharding(mesh, PartitionSpec("data")))
    rows = list(xs)
    assert len(rows) == 8 and all(r.shape == (2,) for r in rows)
    assert all(type(r.sharding) is SingleDeviceSharding for r in rows)
    np.testing.assert_array_equal(np.stack(rows), value)
    np.testing.assert_array_equal(sum(xs), value.sum(0))
    replicated = meshjit.device_put(value, NamedSharding(mesh, PartitionSpec()))
    np.testing.assert_array_equal(np.stack(list(replicated)), value)


def test_dlpack_device_is_jaxs_enum_pair():
    assert repr(jnp.ones(3).__dlpack_device__()) == "(<DLDeviceType.kDLCPU: 1>, 0)"
    np.testing.assert_array_equal(np.from_dlpack(jnp.arange(3)), [0, 1, 2])


def test_shards_carry_jaxs_replica_ids():
    from meshjit.sharding import NamedSharding
    from meshjit.sharding import PartitionSpec as P

    mesh = meshjit.make_mesh((4, 2), ("a", "b"))
    rows = meshjit.device_put(jnp.ones((8, 2)), NamedSharding(mesh, P("a")))
    assert [s.replica_id for s in rows.addressable_shards] == [0, 1] * 4
    assert [s.index[0].start for s in rows.addressable_shards][:4] == [0, 0, 2, 2]
    full = meshjit.device_put(jnp.ones(4), NamedSharding(mesh, P()))
    assert [s.replica_id for s in full.addressable_shards] == list(range(8))
    tiled = meshjit.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("a", "b")))
    assert {s.replica_id for s in tiled.addressable_shards} == {0}


def test_removed_array_attributes_raise_jaxs_advice_on_the_users_line():
    x = meshjit.numpy.ones(3)
    with pytest.raises(
        AttributeError,
        match=r"arr.device_buffer has been deprecated. Use arr.addressable_data\(0\)",
    ) as info:
        x.device_buffer  # noqa: B018
    assert info.traceback[-1].path.name == "test_array.py"
    with pytest.raises(AttributeError, match="'ArrayImpl' object has no attribute 'to_py'"):
        x.to_py()
    with pytest.raises(ValueError, match="can only convert an array of size 1") as info:
        x.item()
    assert info.traceback[-1].path.name == "test_array.py"


def test_public_array_type_holds_for_tracers_and_keys_as_jax():
    """jax.Array "returns True both inside and outside traced functions"; keys are Arrays."""
    seen = []
    meshjit.jit(lambda x: seen.append(isinstance(x, meshjit.Array)) or x)(1.0)
    meshjit.vmap(lambda x: seen.append(isinstance(x, meshjit.numpy.ndarray)) or x)(np.ones(2))
    assert seen == [True, True]
    assert isinstance(meshjit.random.key(0), meshjit.Array)
    assert issubclass(type(meshjit.numpy.ones(1)), meshjit.Array)
    assert not isinstance(np.ones(1), meshjit.Array) and not isinstance(1.0, meshjit.Array)
    assert meshjit.Array.__name__ == "Array" and type(meshjit.numpy.ones(1)).__name__ == "ArrayImpl"


def test_np_array_of_an_array_is_a_writeable_copy_as_jax():
    x = jnp.arange(3.0)
    copy = np.array(x)
    copy[0] = 5.0  # np.asarray(x) stays a read-only view, as JAX's
    assert copy.flags.writeable and not np.asarray(x).flags.writeable
    np.testing.assert_array_equal(np.asarray(x), [0.0, 1.0, 2.0])


def test_dlpack_capsule_of_an_array_without_max_version_as_jax():
    r = meshjit.jit(lambda v: v * 2 + 1)(jnp.arange(4.0))
    assert type(r.__dlpack__()).__name__ == "PyCapsule"
    np.testing.assert_array_equal(np.asarray(jnp.from_dlpack(r)), [1.0, 3.0, 5.0, 7.0])
