"""The three mesh contexts as JAX 0.10.2 has them: `with mesh:` (deprecated; bare specs of
with_sharding_constraint and pjit only), set_mesh (abstract and concrete mesh) and
use_abstract_mesh (abstract only). The whole table against JAX is test_mesh_contexts_vs_jax.py;
these are its central rows, run by `make test` whole."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental.pjit import pjit
from meshjit.sharding import AxisType, NamedSharding, P

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

X = np.arange(32, dtype=np.float32).reshape(8, 4)


@pytest.fixture(scope="module")
def auto():
    return meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


@pytest.fixture(scope="module")
def expl():
    return meshjit.make_mesh((4, 2), ("x", "y"))


def test_with_mesh_serves_pjit_not_jit(auto):
    with auto:
        out = pjit(lambda a: a * 2, in_shardings=P("x"))(X)
        replicated = pjit(lambda a: a * 2)(X)  # pjit's None: replicated on the mesh
        with pytest.raises(RuntimeError, match="jit requires a non-empty mesh in context"):
            meshjit.jit(lambda a: a * 2, out_shardings=P("x"))(X)
        assert isinstance(
            meshjit.jit(lambda a: a * 2)(X).sharding, meshjit.sharding.SingleDeviceSharding
        )
    assert out.sharding == NamedSharding(auto, P("x"))
    assert replicated.sharding == NamedSharding(auto, P())
    with meshjit.set_mesh(auto), pytest.raises(RuntimeError, match="pjit requires a non-empty"):
        pjit(lambda a: a, in_shardings=P("x"))(X)


def test_with_mesh_is_not_the_abstract_mesh(expl):
    with expl:
        assert meshjit.sharding.get_abstract_mesh().empty
        with pytest.raises(ValueError, match="can only refer to Auto axes"):
            meshjit.lax.with_sharding_constraint(X, P("x"))
        for call in (
            lambda: jnp.zeros((8, 4), out_sharding=P("x")),
            lambda: meshjit.sharding.reshard(X, P("x")),
        ):
            with pytest.raises(ValueError, match="Using PartitionSpec when you are not under"):
                call()


def test_set_mesh_checks(auto):
    with pytest.raises(ValueError, match="Expected mesh of type `jax.sharding.Mesh`"):
        meshjit.set_mesh(auto.abstract_mesh)
    with pytest.raises(ValueError, match="can only be used outside of `jax.jit`"):
        meshjit.jit(lambda a: meshjit.set_mesh(auto) and a)(X)
    with pytest.raises(ValueError, match="Expected mesh of type `jax.sharding.AbstractMesh`"):
        meshjit.sharding.use_abstract_mesh(auto)
    with pytest.raises(ValueError, match="AbstractMesh does not implement __enter__"):
        with auto.abstract_mesh:
            pass
    small = meshjit.make_mesh((2,), ("z",)).abstract_mesh
    with meshjit.sharding.use_abstract_mesh(auto.abstract_mesh):
        with pytest.raises(ValueError, match="cannot change the size of the mesh"):
            with meshjit.sharding.use_abstract_mesh(small):
                pass
        assert meshjit.sharding.get_abstract_mesh() == auto.abstract_mesh
    with meshjit.set_mesh(auto) as entered:
        assert entered is None  # as JAX's
        assert meshjit.sharding.get_mesh() is auto
        with pytest.raises(ValueError, match="`get_mesh` can only be used outside"):
            meshjit.jit(lambda a: meshjit.sharding.get_mesh() and a)(X)
    assert meshjit.sharding.get_mesh().empty


def test_set_mesh_places_calls_naming_no_devices(auto, expl):
    with meshjit.set_mesh(auto):
        out = meshjit.jit(lambda a: a * 2)(X)
        ones = jnp.ones(4)
    assert out.sharding == NamedSharding(auto, P())
    assert ones.sharding == NamedSharding(auto, P())
    np.testing.assert_array_equal(np.asarray(out), X * 2)
    with meshjit.set_mesh(expl):
        assert repr(meshjit.jit(lambda a: a * 2)(X).sharding.spec) == "P(None, None)"
    with meshjit.sharding.use_abstract_mesh(expl.abstract_mesh):
        with pytest.raises(ValueError, match="Passing lowering_platforms"):
            meshjit.jit(lambda a: a * 2)(X)


def test_contexts_are_in_the_jit_cache_key(auto):
    traces = []
    f = meshjit.jit(lambda a: traces.append(1) or a * 2)
    with auto:
        f(X)
    with meshjit.set_mesh(auto):
        out = f(X)
    assert len(traces) == 2 and out.sharding == NamedSharding(auto, P())


def test_values_typed_on_another_mesh_than_the_context(auto, expl):
    a = meshjit.device_put(X, NamedSharding(expl, P("x")))
    with meshjit.set_mesh(auto), pytest.raises(ValueError, match="should match the aval mesh"):
        a * 2


def test_auto_axes_over_auto_axes_runs_the_function(auto):
    with meshjit.set_mesh(auto):
        out = meshjit.sharding.auto_axes(lambda v: v * 2, out_sharding=P("x"))(X)
    assert isinstance(out, np.ndarray)  # as JAX: called as it is


def test_eager_shard_map_over_an_abstract_mesh_needs_sharded_arrays(auto):
    f = meshjit.shard_map(lambda v: v * 2, in_specs=P("x"), out_specs=P("x"))
    with meshjit.sharding.use_abstract_mesh(auto.abstract_mesh):
        with pytest.raises(ValueError, match="Please pass `jax.Array`s with a `NamedSharding`"):
            f(X)


def test_are_all_axes_of_one_type_as_jax():
    from meshjit.sharding import AbstractMesh, AxisType

    auto = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
    mixed = AbstractMesh((4, 2), ("x", "y"), (AxisType.Explicit, AxisType.Manual))
    manual = AbstractMesh((8,), ("x",), (AxisType.Manual,))
    empty = AbstractMesh((), ())
    table = [
        (m.are_all_axes_auto, m.are_all_axes_explicit, m.are_all_axes_manual)
        for m in (auto, auto.abstract_mesh, mixed, manual, empty)
    ]
    assert table == [
        (True, False, False),
        (True, False, False),
        (False, False, False),
        (False, False, True),
        (False, False, False),
    ]  # JAX 0.10.2's


def test_abstract_device_of_a_concrete_mesh_as_jax():
    from meshjit.sharding import AbstractDevice

    mesh = meshjit.make_mesh((8,), ("x",), axis_types=(AxisType.Explicit,))
    device = mesh.abstract_mesh.abstract_device
    assert device == AbstractDevice("cpu", None, "cpu")
    assert repr(device) == "AbstractDevice(device_kind=cpu, num_cores=None, platform=cpu)"
    assert repr(mesh.abstract_mesh) == (  # JAX 0.10.2's
        "AbstractMesh('x': 8, axis_types=(Explicit,), device_kind=cpu, num_cores=None, "
        "platform=cpu)"
    )


def test_abstract_mesh_updates_and_the_empty_mesh_print_as_jax():
    from meshjit.sharding import AbstractMesh, AxisType

    auto = AbstractMesh((8,), ("d",), axis_types=(AxisType.Auto,))
    assert auto.update_axis_types({"d": AxisType.Explicit}).axis_types == (AxisType.Explicit,)
    assert str(auto.update(axis_names=("e",))) == "AbstractMesh('e': 8, axis_types=(Auto,))"
    assert str(meshjit.sharding.get_mesh()) == "Mesh()"


def _typed_inside(mesh, spec):
    def f(a):
        with meshjit.sharding.use_abstract_mesh(mesh.abstract_mesh):
            return meshjit.sharding.reshard(meshjit.sharding.reshard(a, P("x")) * 2, spec)

    return f


@pytest.mark.parametrize("spec, aval", [(P(), "f32[8,4]"), (P(None, "y"), "f32[8,4@y]")])
def test_outputs_typed_under_use_abstract_mesh_need_the_mesh_s_devices(expl, spec, aval):
    # JAX 0.10.2's ValueError: the call names no devices (its abstract meshes name none), so it
    # has one, and an output typed on the 8-device Explicit mesh cannot be placed.
    with pytest.raises(ValueError) as info:
        meshjit.jit(_typed_inside(expl, spec))(X)
    assert str(info.value) == (
        "Length of device assignment 1 is not equal to the size of the mesh 8 of aval "
        f"{aval}({{Explicit: ('x', 'y')}}). Please enter your `jit` into a mesh context via "
        "`jax.set_mesh`."
    )
    assert any("meshjit.set_mesh(mesh)" in note for note in info.value.__notes__)
    with meshjit.set_mesh(expl):  # (on the mesh's devices, as JAX's)
        np.testing.assert_array_equal(np.asarray(meshjit.jit(_typed_inside(expl, spec))(X)), X * 2)
    # an output computed outside the abstract mesh is on the call's one device, as JAX's
    np.testing.assert_array_equal(
        meshjit.jit(lambda a: (_typed_inside(expl, P())(a), a)[1] + 1)(X), X + 1
    )
