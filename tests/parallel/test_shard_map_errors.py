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

    with pytest.raises(MeshjitNameError) as ei:  # JAX's NameError
        smap(body, out_specs=P(), axis_names={"x"})(x84)
    _check(ei, "L:not-manual", "psum", "'y'", "not manual")


def test_in_spec_axis_not_in_mesh():
    with pytest.raises(MeshjitValueError) as ei:
        smap(lambda b: b, in_specs=P("q"))(x84)  # L:spec-not-in-mesh
    _check(ei, "L:spec-not-in-mesh", "in_specs", "'q'")


def test_in_spec_axis_not_manual():
    with pytest.raises(MeshjitValueError) as ei:
        smap(lambda b: b, in_specs=P("y"), axis_names={"x"})(x84)  # L:spec-not-manual
    _check(ei, "L:spec-not-manual", "in_specs refers to 'y'", "names an axis that is not manual")


def test_axis_names_not_in_mesh():
    with pytest.raises(MeshjitValueError) as ei:
        smap(lambda b: b, axis_names={"x", "t"})(x84)  # L:axis-names
    _check(ei, "L:axis-names", "axis_names", "'t'", "not in the mesh")


_FOUND = "Found an unbound axis name: x. To fix this, please call {} under `jax.shard_map`."


@pytest.mark.parametrize(
    "name, call, eager",
    [  # JAX's eager words: its rules ask the axis's size, or have no evaluation rule
        ("psum", lambda v: lax.psum(v, "x"), "unbound axis name: x"),
        ("axis_index", lambda v: lax.axis_index("x"), _FOUND.format("axis_index")),
        ("ppermute", lambda v: lax.ppermute(v, "x", [(0, 1)]), None),
        ("all_gather", lambda v: lax.all_gather(v, "x"), "unbound axis name: x"),
        ("axis_size", lambda v: lax.axis_size("x"), "unbound axis name: x"),
        ("psum", lambda v: lax.pmax(v, "x"), _FOUND.format("psum")),
    ],
)
def test_collective_outside_shard_map(name, call, eager):
    if eager is None:
        with pytest.raises(NotImplementedError) as ei:
            call(x84)
        assert str(ei.value) == "Evaluation rule for 'ppermute' not implemented"
    else:
        with pytest.raises(MeshjitNameError) as ei:
            call(x84)
        assert str(ei.value) == eager
    assert "axis 'x'" in "\n".join(ei.value.__notes__)  # meshjit's explanation: a note
    if name == "ppermute":
        return
    with pytest.raises(MeshjitNameError) as ei:
        meshjit.jit(call)(x84)
    assert str(ei.value) == _FOUND.format(name)
    assert f"{_FILE}:" in ei.value.located()  # names the lambda's line


# ---------------------------------------------------------------------------------------------
# Collective options.


@pytest.mark.parametrize("perm", [[(0, 1), (0, 2)], [(0, 1), (2, 1)], [(0, 1), (-4, 2)]])
def test_ppermute_repeated_source_or_destination(perm):
    def body(b):
        return lax.ppermute(b, "x", perm)  # L:ppermute

    with pytest.raises(MeshjitValueError) as ei:
        smap(body)(x84)
    _check(ei, "L:ppermute", "ppermute sources and destinations must be unique")


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
    _check(ei, "L:a2a-untiled", "all_to_all", "to equal x.shape[split_axis], but they are 4 and 3")


def test_psum_scatter_not_divisible():
    def body(b):
        return lax.psum_scatter(b, ("x", "y"), scatter_dimension=1, tiled=True)  # L:scatter

    with pytest.raises(MeshjitValueError) as ei:
        smap(body)(np.ones((8, 12), np.float32))
    _check(ei, "L:scatter", "psum_scatter", "size 12 must be divisible by shard_count 8")


def test_psum_scatter_untiled_size_mismatch():
    def body(b):
        return lax.psum_scatter(b, "x", scatter_dimension=0)  # L:scatter-untiled

    with pytest.raises(MeshjitValueError) as ei:
        smap(body)(x84)
    _check(ei, "L:scatter-untiled", "psum_scatter", "equal to 4", "size 2")


def test_psum_scatter_of_a_zero_size_dimension():
    """JAX's lowering refuses it with a ValueError (the fuzzer's seed 25 got an MLIR parse
    error from meshjit)."""

    def body(b):
        return lax.psum_scatter(b, "y", scatter_dimension=0, tiled=True)  # L:scatter-empty

    with pytest.raises(MeshjitValueError) as ei:
        smap(body, in_specs=P(None, "y"), out_specs=P(None, "y"))(np.ones((0, 4), np.float32))
    _check(ei, "L:scatter-empty", "psum_scatter", "size 0", "cannot be zero")

    def dead(b):  # refused when lowered, as JAX's: a dead one is not (fuzzer seed 90139)
        lax.psum_scatter(b, "y", scatter_dimension=0, tiled=True)
        return b

    empty = np.ones((0, 4), np.float32)
    out = meshjit.jit(smap(dead, in_specs=P(None, "y"), out_specs=P(None, "y")))(empty)
    assert out.shape == (0, 4)


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
    _check(
        ei,
        "L:divisible",
        "maps array axis 1 (of size 4) to mesh axes ('x', 'y') (of total size 8), but 8 does "
        "not evenly divide 4",
    )


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


def test_every_output_needing_replication_is_named_by_its_path_in_out_specs():
    # As JAX's message under jit: one bullet per output, `out_specs['b'][1]`.
    def body(b):
        return {"a": b, "b": (b, b * 2)}

    out_specs = {"a": P("x"), "b": (P("x", "y"), P())}
    with pytest.raises(MeshjitValueError) as ei:
        meshjit.jit(smap(body, in_specs=P("x", "y"), out_specs=out_specs))(x84)
    text = str(ei.value)
    assert (
        "\n\n* out_specs['a'] is P('x',) which implies that the corresponding output value is "
        "replicated across mesh axis 'y', but could not infer replication over any axes\n\n"
        "* out_specs['b'][1] is P() which implies that the corresponding output value is only "
        "varying across mesh axes {} and not {x,y}, but it was inferred to be possibly varying "
        "over {x,y}\n\n"
    ) in text
    with pytest.raises(MeshjitValueError, match=r"\n\nout_specs\[1\] is P\('x',\) which"):
        meshjit.jit(smap(lambda b: (b, b), in_specs=P("x", "y"), out_specs=(P("x", "y"), P("x"))))(
            x84
        )


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
    _check(ei, "L:no-mesh", "context mesh cannot be empty", "set_mesh")


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


# ---------------------------------------------------------------------------------------------
# Round 3 of the mistakes catalogue: JAX 0.10.2's types for these.


def test_collective_over_an_axis_not_in_the_mesh_is_a_name_and_an_assertion_error():
    """JAX raises a bare AssertionError for psum / pmax / pmean / ppermute under check_vma and
    a NameError otherwise: meshjit's error is both, and names the axis."""
    for body in (lambda b: lax.psum(b, "z"), lambda b: lax.pmax(b, "z")):
        with pytest.raises(AssertionError, match="Found an unbound axis name: z") as e:
            smap(body, out_specs=P())(x84)
        assert isinstance(e.value, NameError)


def test_collective_over_a_mesh_axis_that_is_not_manual_is_a_name_error():
    f = meshjit.shard_map(
        lambda b: lax.psum(b, "y"), mesh=M42, in_specs=P("x"), out_specs=P(), axis_names={"x"}
    )
    with pytest.raises(NameError, match="Found an unbound axis name: y"):
        meshjit.jit(f)(x84)


def test_specs_naming_an_axis_twice_raise_jaxs_duplicate_spec_error():
    with pytest.raises(Exception, match="duplicate entries for `x`") as e:
        smap(lambda b: b, out_specs=P("x", "x"))(x84)
    assert type(e.value).__name__ == "DuplicateSpecError"
    assert not isinstance(e.value, ValueError) and str(e.value).endswith("for `x`")
    with pytest.raises(ValueError, match="must refer to an axis marked as manual"):
        smap(lambda b: b, out_specs=P("z"))(x84)


def test_pcast_to_varying_is_jaxs_pvary_and_pvary_is_gone():
    f = smap(lambda b: lax.psum(lax.pcast(b, "x", to="varying"), "x"), in_specs=P(), out_specs=P())
    np.testing.assert_allclose(np.asarray(f(x84)), 4 * x84)
    with pytest.raises(ValueError, match="Unsupported pcast from=varying, to='varying'"):
        smap(lambda b: lax.pcast(b, "x", to="varying"))(x84)
    with pytest.raises(ValueError, match="Got unexpected `to` value"):
        smap(lambda b: lax.pcast(b, "x", to="replicated"), in_specs=P())(x84)
    with pytest.raises(TypeError, match="must be a tuple or a str"):
        smap(lambda b: lax.pcast(b, {"x"}, to="varying"), in_specs=P())(x84)
    with pytest.raises(AttributeError, match=r"use `jax.lax.pcast\(..., to='varying'\)"):
        lax.pvary  # noqa: B018


def test_shard_map_check_rep_is_gone_as_in_jax_0_10():
    with pytest.raises(TypeError, match="unexpected keyword argument 'check_rep'"):
        meshjit.shard_map(lambda x: x, mesh=M42, in_specs=P("x"), out_specs=P("x"), check_rep=False)


# ---------------------------------------------------------------------------------------------
# Round 5 of the mistakes catalogue.


def test_psum_over_axes_one_unknown_is_a_value_error():
    # JAX checks a tuple of names against the value's varying axes: a ValueError there
    with pytest.raises(ValueError, match="jax.lax.psum can only accept axis_name"):
        smap(lambda x: lax.psum(x, ("x", "z")), out_specs=P())(x84)


def test_ppermute_float_perm_entries():
    with pytest.raises(TypeError, match="perm entries must be integers"):
        smap(lambda x: lax.ppermute(x, "x", [(0.0, 1.0), (1.0, 0.0)]))(x84)
