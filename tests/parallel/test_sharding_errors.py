"""Bad sharding inputs: each raises a meshjit error naming the problem and the user's line."""

import numpy as np
import pytest

import meshjit
from meshjit import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.errors import DuplicateSpecError
from meshjit.sharding import AbstractMesh, Mesh, NamedSharding, P
from tests.support.error_checks import ErrorChecker  # noqa: E402

_check = ErrorChecker(__file__)
_check_plain = ErrorChecker(__file__, builtin_types=(Exception,))  # JAX's DuplicateSpecError


f32 = np.float32
X = np.arange(16, dtype=f32).reshape(8, 2)


@pytest.fixture(scope="module")
def pair():
    """Two meshes of shape (2,) over devices 0-1 and 2-3."""
    devs = meshjit.devices()
    return Mesh(np.array(devs[0:2]), ("x",)), Mesh(np.array(devs[2:4]), ("x",))


# ---------------------------------------------------------------------------------------------
# Specs that do not fit the mesh.


def test_axis_used_twice(mesh):
    """JAX's DuplicateSpecError: a plain Exception, not a ValueError."""
    with pytest.raises(DuplicateSpecError) as ei:
        NamedSharding(mesh, P("x", "x"))  # L:twice
    _check_plain(ei, "L:twice", "'x'", "more than once")
    assert not isinstance(ei.value, ValueError) and ei.value.pspec == P("x", "x")


def test_axis_used_twice_inside_a_tuple(mesh):
    with pytest.raises(DuplicateSpecError) as ei:
        NamedSharding(mesh, P(("x", "y"), "y"))  # L:twice-tuple
    _check_plain(ei, "L:twice-tuple", "'y'", "more than once")


def test_axis_used_twice_in_bare_spec_under_context_mesh(mesh):
    with meshjit.set_mesh(mesh), pytest.raises(DuplicateSpecError) as ei:
        meshjit.device_put(X, P("y", "y"))  # L:twice-bare
    _check_plain(ei, "L:twice-bare", "'y'", "more than once")


def test_axis_not_in_mesh(mesh):
    with pytest.raises(MeshjitValueError) as ei:
        NamedSharding(mesh, P("x", "z"))  # L:unknown-axis
    _check(ei, "L:unknown-axis", "'z'", "not in the mesh", "('x', 'y')")


def test_axis_not_in_abstract_mesh():
    with pytest.raises(MeshjitValueError) as ei:
        NamedSharding(AbstractMesh((2,), ("x",)), P("y"))  # L:unknown-abstract
    _check(ei, "L:unknown-abstract", "'y'", "not in the mesh")


def test_bad_spec_entry():
    with pytest.raises(MeshjitTypeError) as ei:
        P("x", {"y"})  # L:bad-entry
    _check(ei, "L:bad-entry", "unhashable type: 'set'", "PartitionSpec entry", "{'y'}")


def test_spec_entry_not_a_mesh_axis_name(mesh):
    with pytest.raises(MeshjitValueError) as ei:  # JAX's P takes any hashable name
        NamedSharding(mesh, P("x", 3))  # L:int-entry
    _check(ei, "L:int-entry", "Resource axis: 3 of P('x', 3) is not found in mesh", "not in")


# ---------------------------------------------------------------------------------------------
# A spec longer than the array's rank, at every place a sharding is given.


def test_spec_longer_than_rank_in_shardings(mesh):
    f = meshjit.jit(lambda a: a, in_shardings=NamedSharding(mesh, P("x", "y", None)))
    with pytest.raises(MeshjitValueError) as ei:
        f(X)  # L:rank-in
    _check(ei, "L:rank-in", "in_shardings", "3 entries", "rank 2")


def test_spec_longer_than_rank_out_shardings(mesh):
    f = meshjit.jit(lambda a: a.sum(), out_shardings=NamedSharding(mesh, P("x")))
    with pytest.raises(MeshjitValueError) as ei:
        f(X)  # L:rank-out
    _check(ei, "L:rank-out", "out_shardings", "1 entries", "rank 0")


def test_spec_longer_than_rank_device_put(mesh):
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.device_put(np.ones(8, f32), NamedSharding(mesh, P("x", "y")))  # L:rank-put
    _check(ei, "L:rank-put", "device_put", "2 entries", "rank 1")


def test_spec_longer_than_rank_constraint_in_jit(mesh):
    s = NamedSharding(mesh, P(None, None, "x"))

    def f(a):
        return meshjit.lax.with_sharding_constraint(a, s)  # L:rank-wsc

    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(f)(X)
    _check(ei, "L:rank-wsc", "with_sharding_constraint", "3 entries", "rank 2")


def test_spec_longer_than_rank_constraint_eager(mesh):
    s = NamedSharding(mesh, P("x", "y"))
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.lax.with_sharding_constraint(np.ones(8, f32), s)  # L:rank-wsc-eager
    _check(ei, "L:rank-wsc-eager", "with_sharding_constraint", "2 entries", "rank 1")


# ---------------------------------------------------------------------------------------------
# Meshes.


def test_mesh_shape_does_not_match_devices():
    devs = meshjit.devices()
    with pytest.raises(MeshjitValueError) as ei:
        Mesh(np.array(devs[:4]), ("x", "y"))  # L:mesh-rank
    _check(ei, "L:mesh-rank", "(4,)", "('x', 'y')")


def test_make_mesh_needs_more_devices_than_given():
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.make_mesh((4,), ("x",), devices=meshjit.devices()[:2])  # L:make-mesh
    _check(ei, "L:make-mesh", "(4,)", "4 devices", "2")


def test_make_mesh_larger_than_the_machine():
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.make_mesh((4, 4), ("x", "y"))  # L:make-mesh-big
    _check(ei, "L:make-mesh-big", "16 devices", "8")


def test_abstract_mesh_sizes_and_names_differ():
    with pytest.raises(MeshjitValueError) as ei:
        AbstractMesh((4, 2), ("x",))  # L:abstract
    _check(ei, "L:abstract", "(4, 2)", "('x',)")


def test_mesh_devices_repeated():
    d0 = meshjit.devices()[0]
    with pytest.raises(MeshjitValueError) as ei:
        Mesh(np.array([d0, d0]), ("x",))  # L:mesh-repeat
    _check(ei, "L:mesh-repeat", "distinct")


# ---------------------------------------------------------------------------------------------
# jit in/out_shardings.


def test_unconstrained_in_shardings(mesh):
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(lambda a: a, in_shardings=NamedSharding(mesh, P(P.UNCONSTRAINED)))  # L:unc-in
    _check(ei, "L:unc-in", "in_shardings", "UNCONSTRAINED")


def test_unconstrained_out_shardings_in_a_pytree(mesh):
    shardings = (NamedSharding(mesh, P("x")), P("y", P.UNCONSTRAINED))
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(lambda a, b: (a, b), out_shardings=shardings)  # L:unc-out
    _check(ei, "L:unc-out", "out_shardings", "UNCONSTRAINED")


def test_in_shardings_pytree_mismatch(mesh):
    f = meshjit.jit(lambda a, b: a + b, in_shardings=(NamedSharding(mesh, P("x")),) * 3)
    with pytest.raises(MeshjitValueError) as ei:
        f(X, X)  # L:tree-in
    _check(ei, "L:tree-in", "in_shardings", "does not match", "prefix")


def test_in_shardings_dict_keys_mismatch(mesh):
    f = meshjit.jit(lambda d: d["a"], in_shardings=({"b": NamedSharding(mesh, P("x"))},))
    with pytest.raises(MeshjitValueError) as ei:
        f({"a": X})  # L:tree-in-dict
    _check(ei, "L:tree-in-dict", "in_shardings", "does not match")


def test_out_shardings_pytree_mismatch(mesh):
    f = meshjit.jit(lambda a: (a, a), out_shardings=[NamedSharding(mesh, P("x"))] * 2)
    with pytest.raises(MeshjitValueError) as ei:
        f(X)  # L:tree-out
    _check(ei, "L:tree-out", "out_shardings", "does not match")


def test_constraint_pytree_mismatch(mesh):
    three = (NamedSharding(mesh, P()),) * 3

    def f(a, b):
        return meshjit.lax.with_sharding_constraint((a, b), three)  # L:tree-wsc

    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(f)(X, X)
    _check(ei, "L:tree-wsc", "with_sharding_constraint", "does not match")


def test_constraint_not_a_sharding():
    with pytest.raises(MeshjitTypeError) as ei:
        meshjit.lax.with_sharding_constraint(X, "x")  # L:wsc-type
    _check(ei, "L:wsc-type", "NamedSharding or PartitionSpec", "str")


# ---------------------------------------------------------------------------------------------
# Devices.


def test_arguments_on_different_device_sets(pair):
    m1, m2 = pair
    a1 = meshjit.device_put(X, NamedSharding(m1, P("x")))
    a2 = meshjit.device_put(X, NamedSharding(m2, P("x")))
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(lambda a, b: a + b)(a1, a2)  # L:devices-args
    _check(ei, "L:devices-args", "incompatible devices", "[0, 1]", "[2, 3]")


def test_constraint_mesh_conflicts_with_arguments(pair):
    m1, m2 = pair

    def f(a):
        return meshjit.lax.with_sharding_constraint(a, NamedSharding(m2, P("x")))

    a1 = meshjit.device_put(X, NamedSharding(m1, P("x")))
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(f)(a1)  # L:devices-wsc
    _check(ei, "L:devices-wsc", "incompatible devices", "[0, 1]", "[2, 3]")


def test_out_shardings_mesh_conflicts_with_arguments(pair):
    m1, m2 = pair
    a1 = meshjit.device_put(X, NamedSharding(m1, P("x")))
    f = meshjit.jit(lambda a: a * 2, out_shardings=NamedSharding(m2, P()))
    with pytest.raises(MeshjitValueError) as ei:
        f(a1)  # L:devices-out
    _check(ei, "L:devices-out", "incompatible devices", "[0, 1]", "[2, 3]")


def test_in_shardings_on_other_devices_than_a_sharded_argument(pair):
    m1, m2 = pair
    a1 = meshjit.device_put(X, NamedSharding(m1, P("x")))
    f = meshjit.jit(lambda a: a * 2, in_shardings=NamedSharding(m2, P("x")))
    with pytest.raises(MeshjitValueError) as ei:
        f(a1)  # L:devices-in
    _check(ei, "L:devices-in", "devices [0, 1]", "devices [2, 3]")


def test_meshes_of_different_sizes(mesh, pair):
    def f(a):
        return meshjit.lax.with_sharding_constraint(
            a, NamedSharding(AbstractMesh((2,), ("x",)), P("x"))
        )

    g = meshjit.jit(f, in_shardings=NamedSharding(mesh, P("x")))
    with pytest.raises(MeshjitValueError) as ei:
        g(X)  # L:sizes
    _check(ei, "L:sizes", "different sizes", "[2, 8]")


# ---------------------------------------------------------------------------------------------
# Bare PartitionSpecs need a context mesh.


def test_bare_spec_device_put_without_mesh():
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.device_put(X, P("x"))  # L:bare-put
    _check(ei, "L:bare-put", "device_put", "context mesh")


def test_bare_spec_in_shardings_without_mesh():
    f = meshjit.jit(lambda a: a, in_shardings=P("x"))
    with pytest.raises(MeshjitValueError) as ei:
        f(X)  # L:bare-in
    _check(ei, "L:bare-in", "in_shardings", "context mesh")


def test_bare_spec_out_shardings_without_mesh():
    f = meshjit.jit(lambda a: a, out_shardings=(P("x"),))
    with pytest.raises(MeshjitValueError) as ei:
        f((X,))  # L:bare-out
    _check(ei, "L:bare-out", "out_shardings", "context mesh")


def test_bare_spec_constraint_without_mesh():
    def f(a):
        return meshjit.lax.with_sharding_constraint(a, P("x"))  # L:bare-wsc

    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(f)(X)
    _check(ei, "L:bare-wsc", "with_sharding_constraint", "context mesh")


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_context_mesh_is_restored_after_an_error(mesh):
    with pytest.raises(RuntimeError, match="boom"), mesh:
        raise RuntimeError("boom")
    with pytest.raises(RuntimeError, match="requires a non-empty mesh"):
        meshjit.lax.with_sharding_constraint(X, P("x"))  # `with mesh:`'s only reader
    with pytest.raises(RuntimeError, match="boom"), meshjit.set_mesh(mesh):
        raise RuntimeError("boom")
    with pytest.raises(MeshjitValueError, match="Please set a mesh"):
        meshjit.device_put(X, P("x"))


# ---------------------------------------------------------------------------------------------
# visualize_sharding.


def test_visualize_rank_three(mesh):
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.visualize_sharding(NamedSharding(mesh, P()), (2, 2, 2))  # L:viz-rank
    _check(ei, "L:viz-rank", "rank-1 and rank-2", "(2, 2, 2)")


def test_visualize_scalar(mesh):
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.visualize_sharding(NamedSharding(mesh, P()), ())  # L:viz-scalar
    _check(ei, "L:viz-scalar", "rank-1 and rank-2", "()")


def test_visualize_sharding_without_shape(mesh):
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.visualize_sharding(NamedSharding(mesh, P()))  # L:viz-shape
    _check(ei, "L:viz-shape", "shape")


def test_with_sharding_constraint_on_explicit_axes_without_a_context_mesh_is_a_value_error():
    import numpy as np
    import pytest

    import meshjit as jax
    from meshjit.sharding import AxisType, NamedSharding
    from meshjit.sharding import PartitionSpec as P

    mesh = jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit,) * 2)
    x = jax.device_put(np.arange(32.0).reshape(4, 8), NamedSharding(mesh, P("x", "y")))
    f = jax.jit(lambda x: jax.lax.with_sharding_constraint(x.sum(0), NamedSharding(mesh, P("x"))))
    with pytest.raises(ValueError, match="can only refer to Auto axes") as caught:
        f(x)
    # JAX names the mesh's abstract form (axis types, device kind, platform)
    assert str(caught.value).endswith(
        "Got spec=P('x',) and mesh=AbstractMesh('x': 2, 'y': 4, axis_types=(Explicit, Explicit), "
        "device_kind=cpu, num_cores=None, platform=cpu). You probably meant to use `reshard` API?"
    )


def test_shard_shape_of_indivisible_dimension_is_jaxs_indivisible_error(mesh):
    """meshjit lays uneven arrays out (README: uneven shardings); asking for the block shape of
    one is JAX's IndivisibleError (a ValueError)."""
    from meshjit.compiler.errors import IndivisibleError

    with pytest.raises(IndivisibleError) as ei:
        NamedSharding(mesh, P(None, ("x", "y"))).shard_shape((3, 4))  # L:indivisible
    _check(ei, "L:indivisible", "axis 1 is partitioned 8 times", "tiling factors: [1, 8]")
    assert NamedSharding(mesh, P("x")).shard_shape((8, 3)) == (2, 3)


def test_a_mesh_naming_an_axis_twice_is_made_but_refused_where_used():
    """JAX 0.10.2 accepts such a Mesh (and fails once an array is placed on it)."""
    mesh = Mesh(np.array(meshjit.devices()[:8]).reshape(2, 4), ("x", "x"))
    with pytest.raises(ValueError, match="mesh axis names must be unique"):
        NamedSharding(mesh, P())
    with pytest.raises(ValueError, match="mesh axis names must be unique"):
        meshjit.set_mesh(mesh)


def test_set_mesh_of_a_non_mesh_and_memory_kinds_raise_jaxs_value_errors():
    with pytest.raises(ValueError, match="Expected mesh of type `jax.sharding.Mesh`"):
        meshjit.set_mesh("x")
    mesh = meshjit.make_mesh((2,), ("x",))
    assert NamedSharding(mesh, P(), memory_kind="device").spec == P()
    with pytest.raises(ValueError, match="Got memory kind: foo"):
        NamedSharding(mesh, P(), memory_kind="foo")


def test_auto_axes_without_a_context_mesh_runs_the_function_as_jax():
    f = meshjit.sharding.auto_axes(lambda x: x * 2, out_sharding=P("x"))
    np.testing.assert_array_equal(np.asarray(f(np.ones(4, np.float32))), np.full(4, 2.0))
    with pytest.raises(ValueError, match="Context mesh cannot be empty"):
        meshjit.sharding.explicit_axes(lambda x: x, in_sharding=P("x"))(np.ones(4, np.float32))
