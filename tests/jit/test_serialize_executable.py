"""jax.experimental.serialize_executable: a Compiled serialized (PJRT's executable and meshjit's
signature) and loaded back runs as the original: pytrees, shardings, explicit types; programs
it cannot carry (host callbacks: JAX fails to pickle them) are refused."""

import numpy as np
import pytest

import meshjit
from meshjit.experimental.serialize_executable import deserialize_and_load, serialize
from meshjit.sharding import AxisType, NamedSharding
from meshjit.sharding import PartitionSpec as P


def _round_trip(compiled, **kwargs):
    blob, in_tree, out_tree = serialize(compiled)
    assert type(blob) is bytes
    return deserialize_and_load(blob, in_tree, out_tree, **kwargs)


def test_a_loaded_executable_runs_as_the_original_with_its_pytrees():
    f = meshjit.jit(lambda x, y: {"a": x * 2 + y})
    compiled = f.lower(np.float32(1), y=np.float32(2)).compile()
    blob, in_tree, out_tree = serialize(compiled)
    assert str(in_tree) == "PyTreeDef(((*,), {'y': *}))" and str(out_tree) == "PyTreeDef({'a': *})"
    loaded = deserialize_and_load(blob, in_tree, out_tree)
    assert float(loaded(np.float32(3), y=np.float32(1))["a"]) == 7.0
    assert loaded.args_info[1]["y"].shape == ()
    with pytest.raises(TypeError, match="Argument types differ"):
        loaded(np.ones(2, np.float32), y=np.float32(1))
    one_device = _round_trip(compiled, execution_devices=meshjit.devices()[:1])
    assert float(one_device(np.float32(4), y=np.float32(0))["a"]) == 8.0


def test_a_sharded_executable_keeps_its_shardings():
    mesh = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
    x = np.arange(16, dtype=np.float32).reshape(8, 2)
    x = meshjit.device_put(x, NamedSharding(mesh, P("x", "y")))
    f = meshjit.jit(lambda x: (x @ x.T).sum(0), out_shardings=NamedSharding(mesh, P("x")))
    compiled = f.lower(x).compile()
    loaded = _round_trip(compiled)
    out = loaded(x)
    np.testing.assert_array_equal(np.asarray(out), np.asarray(f(x)))
    assert out.sharding == compiled.output_shardings == loaded.output_shardings
    assert loaded.input_shardings == compiled.input_shardings


def test_an_explicit_program_keeps_its_types():
    with meshjit.set_mesh(meshjit.make_mesh((4, 2), ("X", "Y"))):
        x = meshjit.device_put(np.ones((8, 2), np.float32), P("X", "Y"))
        out = _round_trip(meshjit.jit(lambda x: x * 2).lower(x).compile())(x)
        assert str(meshjit.typeof(out)) == "float32[8@X,2@Y]"


def test_host_callbacks_are_refused():
    compiled = meshjit.jit(lambda x: meshjit.debug.print("{}", x)).lower(1.0).compile()
    with pytest.raises(ValueError, match="Compilation does not support serialization"):
        serialize(compiled)
