"""Bad shard_map / collective / pmap input: a meshjit error naming the problem and the line."""

import numpy as np
import pytest

import meshjit
from meshjit import MeshjitNameError, MeshjitValueError, lax
from meshjit.sharding import AxisType
from meshjit.sharding import PartitionSpec as P
from tests.support.error_checks import ErrorChecker  # noqa: E402

_check = ErrorChecker(__file__, builtin_types=(ValueError, TypeError, NameError, IndexError))
_FILE = _check.name

M42 = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


_PX = P("x")


def smap(body, *, in_specs=_PX, out_specs=_PX, **kw):
    kw.setdefault("mesh", M42)
    return meshjit.shard_map(body, in_specs=in_specs, out_specs=out_specs, **kw)


x84 = np.ones((8, 4), np.float32)


# ---------------------------------------------------------------------------------------------
# Axis names.


def test_collective_axis_not_in_mesh():
    def body(b):
        return lax.psum(b, "z")  # L:not-in-mesh

    with pytest.raises(MeshjitNameError) as ei:  # as JAX: a NameError
        smap(body)(x84)
    _check(ei, "L:not-in-mesh", "Found an unbound axis name: z", "psum", "'z'", "not in the mesh")


def test_axis_index_not_in_mesh_under_jit():
    def body(b):
        return b + lax.axis_index(("x", "w"))  # L:index-not-in-mesh

    with pytest.raises(MeshjitNameError) as ei:
        meshjit.jit(smap(body))(x84)
    _check(ei, "L:index-not-in-mesh", "axis_index", "'w'")


def test_collective_axis_not_manual_here():
    def body(b):
        return lax.psum(b, "y")  # L:not-manual

    with pytest.raises(MeshjitValueError) as ei:
        smap(body, out_specs=P(), axis_names={"x"})(x84)
    _check(ei, "L:not-manual", "psum", "'y'", "not manual")


def test_in_spec_axis_not_in_mesh():
    with pytest.raises(MeshjitValueError) as ei:
        smap(lambda b: b, in_specs=P("q"))(x84)  # L:spec-not-in-mesh
    _check(ei, "L:spec-not-in-mesh", "in_specs", "'q'")


def test_in_spec_axis_not_manual():
    with pytest.raises(MeshjitValueError) as ei:
        smap(lambda b: b, in_specs=P("y"), axis_names={"x"})(x84)  # L:spec-not-manual
    _check(ei, "L:spec-not-manual", "in_specs", "'y'", "not a manual axis")


def test_axis_names_not_in_mesh():
    with pytest.raises(MeshjitValueError) as ei:
        smap(lambda b: b, axis_names={"x", "t"})(x84)  # L:axis-names
    _check(ei, "L:axis-names", "axis_names", "'t'", "not in the mesh")


@pytest.mark.parametrize(
    "name, call",
    [
        ("psum", lambda v: lax.psum(v, "x")),
        ("axis_index", lambda v: lax.axis_index("x")),
        ("ppermute", lambda v: lax.ppermute(v, "x", [(0, 1)])),
        ("all_gather", lambda v: lax.all_gather(v, "x")),
        ("axis_size", lambda v: lax.axis_size("x")),
    ],
)
def test_collective_outside_shard_map(name, call):
    # As JAX: a NameError naming the unbound axis.
    with pytest.raises(MeshjitNameError) as ei:
        call(x84)
    assert name in str(ei.value) and "only valid inside shard_map or pmap" in str(ei.value)
    assert "axis 'x'" in str(ei.value)

    with pytest.raises(MeshjitNameError) as ei:
        meshjit.jit(call)(x84)
    assert name in str(ei.value) and f"{_FILE}:" in str(ei.value)  # names the lambda's line


# ---------------------------------------------------------------------------------------------
# Collective options.


@pytest.mark.parametrize("perm", [[(0, 1), (0, 2)], [(0, 1), (2, 1)], [(0, 1), (-4, 2)]])
def test_ppermute_repeated_source_or_destination(perm):
    def body(b):
        return lax.ppermute(b, "x", perm)  # L:ppermute

    with pytest.raises(MeshjitValueError) as ei:
        smap(body)(x84)
    _check(ei, "L:ppermute", "ppermute", "repeats a source or a destination")


@pytest.mark.parametrize(
    "groups, words",
    [
        ([[0, 1], [2]], ["cover every index"]),
        ([[0, 1], [1, 2, 3]], ["cover every index"]),
        ([[0], [1, 2, 3]], ["equal sizes"]),
        ([[0, 1, 2, 3, 4]], ["cover every index"]),
    ],
)
def test_bad_axis_index_groups(groups, words):
    def body(b):
        return lax.psum(b, "x", axis_index_groups=groups)  # L:groups

    with pytest.raises(MeshjitValueError) as ei:
        smap(body)(x84)
    _check(ei, "L:groups", "axis_index_groups", *words)


def test_bad_axis_index_groups_in_all_gather():
    def body(b):
        return lax.all_gather(b, "x", axis_index_groups=[[0, 1, 2], [3]])  # L:ag-groups

    with pytest.raises(MeshjitValueError) as ei:
        smap(body, out_specs=P(None, "x"))(x84)
    _check(ei, "L:ag-groups", "all_gather", "equal sizes")


def test_all_to_all_split_not_divisible():
    def body(b):
        return lax.all_to_all(b, "x", 1, 0, tiled=True)  # L:a2a-tiled

    with pytest.raises(MeshjitValueError) as ei:
        smap(body)(np.ones((8, 6), np.float32))
    _check(
        ei, "L:a2a-tiled", "all_to_all split_axis (6)", "divisible by the size of the named axis"
    )


def test_all_to_all_untiled_size_mismatch():
    def body(b):
        return lax.all_to_all(b, "x", 1, 0)  # L:a2a-untiled

    with pytest.raises(MeshjitValueError) as ei:
        smap(body)(np.ones((8, 3), np.float32))
    _check(ei, "L:a2a-untiled", "all_to_all", "equal to 4")


def test_psum_scatter_not_divisible():
    def body(b):
        return lax.psum_scatter(b, ("x", "y"), scatter_dimension=1, tiled=True)  # L:scatter

    with pytest.raises(MeshjitValueError) as ei:
        smap(body)(np.ones((8, 12), np.float32))
    _check(ei, "L:scatter", "psum_scatter", "divisible by 8", "size 12")


def test_psum_scatter_untiled_size_mismatch():
    def body(b):
        return lax.psum_scatter(b, "x", scatter_dimension=0)  # L:scatter-untiled

    with pytest.raises(MeshjitValueError) as ei:
        smap(body)(x84)
    _check(ei, "L:scatter-untiled", "psum_scatter", "equal to 4", "size 2")


def test_pbroadcast_source_out_of_range():
    def body(b):
        return lax.pbroadcast(b, "y", 2)  # L:pbroadcast

    with pytest.raises(MeshjitValueError) as ei:
        smap(body)(x84)
    _check(ei, "L:pbroadcast", "pbroadcast", "source 2")


# ---------------------------------------------------------------------------------------------
# Specs.


def test_global_dimension_not_divisible():
    with pytest.raises(MeshjitValueError) as ei:
        smap(lambda b: b, in_specs=P(None, ("x", "y")))(x84)  # L:divisible
    _check(ei, "L:divisible", "dimension 1 of size 4", "not divisible by the 8 devices")


def test_out_specs_need_replication():
    with pytest.raises(MeshjitValueError) as ei:
        smap(lambda b: b * 2, in_specs=P("x", "y"), out_specs=P("x"))(x84)  # L:replication
    _check(ei, "L:replication", "require replication which can't be statically inferred", "'y'")


def test_out_specs_need_replication_after_ppermute_under_jit():
    def body(b):
        return lax.ppermute(lax.psum(b, "x"), "x", [(0, 1), (1, 0)])

    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(smap(body, out_specs=P()))(x84)  # L:replication-jit
    _check(ei, "L:replication-jit", "require replication", "'x'")


def test_in_specs_pytree_mismatch():
    with pytest.raises(MeshjitValueError) as ei:
        smap(lambda a, b: a, in_specs=(P("x"),))(x84, x84)  # L:in-tree
    _check(ei, "L:in-tree", "in_specs", "do not match the structure")


def test_out_specs_pytree_mismatch():
    with pytest.raises(MeshjitValueError) as ei:
        smap(lambda a: (a, a), out_specs=(P("x"), P("x"), P("x")))(x84)  # L:out-tree
    _check(ei, "L:out-tree", "out_specs", "do not match the structure")


def test_in_spec_longer_than_rank():
    with pytest.raises(MeshjitValueError) as ei:
        smap(lambda a: a, in_specs=P("x", None, "y"))(x84)  # L:long-spec
    _check(ei, "L:long-spec", "in_specs", "too long", "the value has rank 2")


def test_shard_map_without_mesh():
    f = meshjit.shard_map(lambda b: b, in_specs=P("x"), out_specs=P("x"))
    with pytest.raises(MeshjitValueError) as ei:
        f(x84)  # L:no-mesh
    _check(ei, "L:no-mesh", "shard_map needs a mesh")


def test_mesh_of_wrong_type():
    with pytest.raises(meshjit.MeshjitTypeError) as ei:
        meshjit.shard_map(lambda b: b, mesh="xy", in_specs=P(), out_specs=P())  # L:mesh-type
    _check(ei, "L:mesh-type", "`jax.sharding.Mesh` or a `jax.sharding.AbstractMesh`")


# ---------------------------------------------------------------------------------------------
# pmap.


def test_pmap_mismatched_sizes():
    f = meshjit.pmap(lambda a, b: a + b, "i")
    with pytest.raises(MeshjitValueError) as ei:
        f(np.ones((2, 3), np.float32), np.ones((4, 3), np.float32))  # L:pmap-sizes
    _check(ei, "L:pmap-sizes", "pmap", "one mapped size")


def test_pmap_too_many_devices():
    f = meshjit.pmap(lambda a: a, "i")
    with pytest.raises(MeshjitValueError) as ei:
        f(np.ones((16, 3), np.float32))  # L:pmap-devices
    _check(ei, "L:pmap-devices", "pmap", "needs 16 devices")


def test_pmap_unknown_axis_name():
    f = meshjit.pmap(lambda a: lax.psum(a, "j"), "i")  # L:pmap-axis
    with pytest.raises(MeshjitNameError) as ei:
        f(np.ones((2, 3), np.float32))
    _check(ei, "L:pmap-axis", "psum", "'j'")


def test_in_specs_must_match_the_argument_types_on_an_explicit_mesh():
    # as JAX 0.10.2: on an all-Explicit mesh, shard_map does not reshard its arguments
    mesh = meshjit.make_mesh((4, 2), ("x", "y"))
    f = meshjit.shard_map(lambda b: b * 2, mesh=mesh, in_specs=P("x"), out_specs=P("x"))
    a = np.ones((8, 4), np.float32)
    with pytest.raises(ValueError) as e:
        meshjit.jit(f)(a)  # explicit-mismatch
    _check(e, "explicit-mismatch", "in_specs passed to shard_map: P('x', None) does not match")
    typed = meshjit.device_put(a, meshjit.NamedSharding(mesh, P("x")))
    np.testing.assert_allclose(meshjit.jit(f)(typed), a * 2)  # matching types run
