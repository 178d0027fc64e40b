"""JAX's everyday sharding names: meshjit.P / NamedSharding / typeof / device_get, make_mesh's
axis_types, Mesh and sharding attributes, and shard_map's JAX 0.10 call forms (partial, the
decorator, in_specs inferred from the arguments' shardings, the context mesh, the
experimental alias), each against JAX on 8 CPU devices (one JAX subprocess)."""


import warnings

import numpy as np
import pytest

import meshjit
from meshjit import lax

with warnings.catch_warnings():  # the name is deprecated, as in JAX
    warnings.simplefilter("ignore", DeprecationWarning)
    from meshjit.experimental.shard_map import shard_map as old_shard_map

from meshjit.sharding import AxisType, Mesh, NamedSharding
from tests.support.jax_oracle import jax_on_8_devices

# The same program runs under JAX (in the subprocess) and meshjit: `jax`, `P`, `lax`, `np`.
PROGRAM = r"""
from functools import partial
mesh = jax.make_mesh((4, 2), ("x", "y"))
auto = jax.make_mesh((2,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
x = jax.device_put(np.arange(16.0, dtype=np.float32).reshape(8, 2), jax.NamedSharding(mesh, P("x")))
out["axis_types"] = repr(mesh.axis_types) + str(auto.axis_types) + str(jax.sharding.AxisType.Manual)
out["mesh"] = repr((mesh.shape_tuple, mesh.size, dict(mesh.shape)))
out["sharding_base"] = repr(
    [isinstance(v.sharding, jax.sharding.Sharding) for v in (x, jax.device_put(np.ones(2)))]
    + [issubclass(c, jax.sharding.Sharding) for c in (jax.NamedSharding, jax.sharding.SingleDeviceSharding)]
    + [isinstance(P("x"), jax.sharding.Sharding), x.sharding.num_devices])
s = jax.NamedSharding(mesh, P("x", "y"))
out["shard_shape"] = repr((s.shard_shape((8, 4)), s.is_fully_replicated,
                           jax.NamedSharding(mesh, P()).is_fully_replicated, x.is_fully_replicated))
out["typeof"] = repr([str(jax.typeof(v)) for v in (np.ones((2, 3), np.int8), 1.0, True, 2)]
                     + [repr(jax.typeof(1.0)), repr(jax.typeof(np.float32(1)))]
                     + [str(jax.typeof(jax.random.key(0))), repr(jax.typeof(jax.random.split(jax.random.key(0))))])
got = jax.device_get({"a": x, "b": 3, "c": [np.int8(1)]})
out["device_get"] = repr((type(got["a"]).__name__, got["b"], type(got["c"][0]).__name__))
out["devices"] = repr((jax.device_count(), jax.local_device_count(), len(jax.devices()),
                       len(jax.local_devices()), jax.process_index(), jax.process_count()))
with jax.set_mesh(mesh):
    out["inferred"] = jax.shard_map(lambda b: lax.psum(b.sum(0, keepdims=True), "x"), out_specs=P())(x)

    @partial(jax.shard_map, out_specs=P("x"))
    def scaled(b, c):
        return b * 2 + lax.axis_index("x").astype(np.float32) + c
    out["decorated"] = scaled(x, np.float32(1))
    out["decorator"] = jax.shard_map(out_specs=P("x", "y"))(lambda b: b * 10)(
        jax.device_put(x, jax.NamedSharding(mesh, P("x", "y"))))


auto42 = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


@partial(jax.shard_map, mesh=auto42, in_specs=P("x"), out_specs=P("x"))
def explicit(b):
    return b - b.mean(0)
out["partial"] = explicit(np.arange(16.0, dtype=np.float32).reshape(8, 2))
out["jitted"] = jax.jit(explicit)(np.arange(16.0, dtype=np.float32).reshape(8, 2) ** 2)
with jax.set_mesh(mesh):  # in_specs inferred under jit from jit's arguments' shardings
    step = jax.jit(jax.shard_map(lambda b, c: lax.psum(b * c, "x"), out_specs=P(None, "y")))
    y = jax.device_put(np.arange(32.0, dtype=np.float32).reshape(8, 4), jax.NamedSharding(mesh, P("x", "y")))
    out["jit_inferred"] = step(y, np.float32(3))
"""


@pytest.fixture(scope="module")
def jax_out(tmp_path_factory):
    prelude = "from jax.sharding import PartitionSpec as P\n"
    return jax_on_8_devices(prelude + PROGRAM, tmp_path_factory.mktemp("everyday"))


@pytest.fixture(scope="module")
def meshjit_out():
    scope = {"jax": meshjit, "P": meshjit.P, "lax": lax, "np": np, "out": {}}
    exec(PROGRAM, scope)
    return scope["out"]


NAMES = [
    "axis_types", "mesh", "sharding_base", "shard_shape", "typeof", "device_get", "devices", "inferred",
    "decorated", "decorator", "partial", "jitted", "jit_inferred",
]  # fmt: skip


@pytest.mark.parametrize("name", NAMES)
def test_same_as_jax(jax_out, meshjit_out, name):
    got, want = np.asarray(meshjit_out[name]), jax_out[name]
    if want.dtype.kind == "U":
        assert str(got) == str(want)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-6)


def test_inferred_in_specs_need_explicit_axes():
    mesh = Mesh(np.array(meshjit.devices()[:2]), ("x",))  # Mesh's axes default to Auto
    with pytest.raises(meshjit.MeshjitTypeError, match="in_specs argument must be a pytree"):
        meshjit.shard_map(lambda b: b, mesh=mesh, out_specs=meshjit.P("x"))(np.ones(4))


def test_inferred_in_specs_of_a_computed_value_are_an_error():
    mesh = meshjit.make_mesh((2,), ("x",))
    f = meshjit.shard_map(lambda b: b, mesh=mesh, out_specs=meshjit.P("x"))
    with pytest.raises(meshjit.MeshjitValueError, match="cannot infer in_specs for argument 0"):
        meshjit.jit(lambda v: f(v * 2))(np.ones(4, np.float32))


def test_experimental_alias_and_axis_type_checks():
    mesh = meshjit.make_mesh((2,), ("x",), (AxisType.Auto,))
    f = old_shard_map(lambda b: b + 1, mesh, meshjit.P("x"), meshjit.P("x"))
    np.testing.assert_array_equal(np.asarray(f(np.zeros(4, np.float32))), np.ones(4))
    with pytest.raises(meshjit.MeshjitValueError, match="Number of axis names"):
        meshjit.make_mesh((2,), ("x",), (AxisType.Auto, AxisType.Auto))
    with pytest.raises(meshjit.MeshjitTypeError, match="must be of type"):
        meshjit.make_mesh((2,), ("x",), ("auto",))


def test_shard_shape_must_divide():
    s = NamedSharding(meshjit.make_mesh((4,), ("x",)), meshjit.P("x"))
    with pytest.raises(meshjit.MeshjitValueError, match="partitioned 4 times"):
        s.shard_shape((6,))


def test_experimental_shard_map_name_warns_as_deprecated():
    """As JAX 0.10.2: getting `jax.experimental.shard_map.shard_map` warns (the docs' programs
    importing it print the warning)."""
    import meshjit.experimental.shard_map as legacy

    with pytest.warns(DeprecationWarning, match="jax.experimental.shard_map is deprecated"):
        f = legacy.shard_map
    assert f is old_shard_map
    with pytest.raises(AttributeError):
        _ = legacy.no_such_name
