"""Sharding: meshes and specs, jit in/out_shardings, constraints, sharded arrays, caches."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.sharding import (
    AbstractMesh,
    AxisType,
    Mesh,
    NamedSharding,
    P,
    PartitionSpec,
    SingleDeviceSharding,
)
from tests.support import campaign
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

f32 = np.float32
wsc = meshjit.lax.with_sharding_constraint


@pytest.fixture(scope="module")
def pair(devs):
    """Two meshes of shape (2,) over devices 0-1 and 2-3."""
    return Mesh(np.array(devs[0:2]), ("x",)), Mesh(np.array(devs[2:4]), ("x",))


def ints(shape, seed=0):
    """Small integers as float32: sums and products stay exact whatever the reduction order."""
    return np.random.default_rng(seed).integers(-4, 5, size=shape).astype(f32)


def ids(array_or_devices) -> list[int]:
    devices = (
        array_or_devices.devices() if hasattr(array_or_devices, "devices") else array_or_devices
    )
    return sorted(d.id for d in devices)


def check_shards(result, expected):
    """Every shard holds its index's block of `expected`, and `.sharding` states that layout."""
    expected = np.asarray(expected)
    close = {"rtol": 1e-6, "atol": 1e-6}  # transcendental functions: XLA's are not NumPy's
    np.testing.assert_allclose(np.asarray(result), expected, **close)
    layout = {}
    for shard in result.addressable_shards:
        np.testing.assert_allclose(np.asarray(shard.data), expected[shard.index], **close)
        layout[shard.device.id] = _normalized_index(shard.index, expected.shape)
    sharding = result.sharding
    if isinstance(sharding, NamedSharding):
        again = meshjit.device_put(expected, sharding)
        stated = {
            s.device.id: _normalized_index(s.index, expected.shape)
            for s in again.addressable_shards
        }
        assert stated == layout, (sharding, stated, layout)


def _normalized_index(index, shape):
    return tuple(s.indices(n)[:2] for s, n in zip(index, shape))


# ---------------------------------------------------------------------------------------------
# 1. Names and semantics of meshjit.sharding.


def test_mesh_from_devices(devs):
    m = Mesh(np.array(devs).reshape(2, 4), ("a", "b"))
    assert m.axis_names == ("a", "b")
    assert m.shape == {"a": 2, "b": 4}
    assert m.size == 8
    assert m.devices.shape == (2, 4)
    assert [d.id for d in m.devices.flat] == list(range(8))
    # As JAX's: an abstract mesh compares its devices' kind (and axis types) too
    assert m.abstract_mesh != AbstractMesh((2, 4), ("a", "b"))
    assert m.abstract_mesh == AbstractMesh(
        (2, 4), ("a", "b"), abstract_device=m.abstract_mesh.abstract_device
    )
    assert m.abstract_mesh.same_axes(AbstractMesh((2, 4), ("a", "b")))
    assert m == Mesh(np.array(devs).reshape(2, 4), ("a", "b"))
    assert m != Mesh(np.array(devs[::-1]).reshape(2, 4), ("a", "b"))
    assert Mesh(np.array(devs[:2]), "x").axis_names == ("x",)


def test_abstract_mesh():
    am = AbstractMesh((2, 4), ("a", "b"))
    assert am.axis_names == ("a", "b") and am.axis_sizes == (2, 4)
    assert am.shape == {"a": 2, "b": 4} and am.size == 8
    assert am.abstract_mesh is am
    assert hash(am) == hash(AbstractMesh((2, 4), ("a", "b")))
    assert am != AbstractMesh((4, 2), ("a", "b"))


def test_make_mesh_and_devices(devs):
    assert len(devs) == 8
    m = meshjit.make_mesh((2, 2), ("x", "y"))
    assert [d.id for d in m.devices.flat] == [0, 1, 2, 3]
    chosen = [devs[7], devs[5], devs[3], devs[1]]
    m = meshjit.make_mesh((4,), ("x",), devices=chosen)
    assert [d.id for d in m.devices.flat] == [7, 5, 3, 1]


def test_partition_spec():
    assert P("x", None) == PartitionSpec("x", None)
    assert P(("x",)) == P("x")  # one-axis tuples are the axis, as in JAX
    assert P(["x", "y"]) == P(("x", "y"))
    assert P.UNCONSTRAINED is PartitionSpec.UNCONSTRAINED
    assert P("x", P.UNCONSTRAINED)[1] is P.UNCONSTRAINED
    assert len(P()) == 0
    assert P(0) == P(None) and repr(P(0, "x")) == "P(None, 'x')"  # JAX's: a false entry is None
    assert P(1.5) == (1.5,)  # any hashable axis name, as JAX's; a mesh names its axes by strings
    with pytest.raises(ValueError, match=r"Resource axis: 1 of P\(1,\) is not found in mesh"):
        meshjit.NamedSharding(meshjit.make_mesh((2,), ("x",)), P(1))
    with pytest.raises(TypeError, match="unhashable type: 'set'"):
        P({"x"})


def test_partition_spec_methods_are_jaxs():
    p = P("x", None)
    assert p.partitions == ("x", None) and type(p.partitions) is tuple
    assert hasattr(P, "unreduced") and hasattr(P, "reduced")
    assert p.update(partitions=("y",)) == P("y") and p.update(unreduced={"y"}).unreduced == {"y"}
    for joined in (p + ("z",), ("z",) + p, p + P("y", unreduced={"w"})):
        assert type(joined) is PartitionSpec, joined
    assert repr(p + ("z",)) == "P('x', None, 'z')" and repr(("z",) + p) == "P('z', 'x', None)"
    assert (p + P("y", unreduced={"w"})).unreduced == {"w"}
    assert p.index(("x",)) == 0 and p.count(()) == 1  # entries compared canonically
    u = P("x", unreduced={"y"})
    assert u.to_ct_spec() == P("x", reduced={"y"}) and u.to_tangent_spec() is u
    with pytest.raises(TypeError, match="cannot be of instance `tuple` when self"):
        u + ("z",)
    with pytest.raises(TypeError, match="Subclassing `jax.P` is prohibited"):
        type("Q", (P,), {})


def test_named_sharding_equality(mesh):
    """As JAX's: the specs compared as given (P('x') is not P('x', None)), placements by
    is_equivalent_to."""
    assert NamedSharding(mesh, P("x")) != NamedSharding(mesh, P("x", None))
    assert NamedSharding(mesh, P("x")).is_equivalent_to(NamedSharding(mesh, P("x", None)), 2)
    assert hash(NamedSharding(mesh, P("x"))) == hash(NamedSharding(mesh, P("x")))
    assert NamedSharding(mesh, P("x")) != NamedSharding(mesh, P("y"))
    assert NamedSharding(mesh, P("x")).spec == P("x")
    assert NamedSharding(mesh, P("x")).mesh is mesh


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_context_mesh_with_statement(mesh, pair):
    """`with mesh:` (JAX's deprecated resource mesh) serves bare PartitionSpecs of
    with_sharding_constraint, nested and re-entered; device_put reads set_mesh's only."""
    x = ints((8, 2))
    with mesh:
        a = wsc(x, P("x"))
        with pair[0]:
            b = wsc(x, P("x"))
        c = wsc(x, P(None, "y"))
        with mesh:  # the same mesh again: leaving it must not forget the outer one
            pass
        d = wsc(x, P("y"))
        with pytest.raises(meshjit.MeshjitValueError, match="Please set a mesh via `jax.set_mesh`"):
            meshjit.device_put(x, P("x"))
    assert a.sharding == NamedSharding(mesh, P("x"))
    assert b.sharding == NamedSharding(pair[0], P("x"))
    assert c.sharding == NamedSharding(mesh, P(None, "y"))
    assert d.sharding == NamedSharding(mesh, P("y"))
    with pytest.raises(RuntimeError, match="requires a non-empty mesh"):
        wsc(x, P("x"))


def test_with_mesh_warns_and_is_not_jits_mesh(mesh):
    x = ints((8, 2))
    with pytest.warns(DeprecationWarning, match="`with mesh:` context manager has been deprecated"):
        with mesh as entered:
            assert entered is mesh
            assert meshjit.sharding.get_abstract_mesh().empty
            assert meshjit.sharding.get_mesh().empty
            with pytest.raises(RuntimeError, match="jit requires a non-empty mesh in context"):
                meshjit.jit(lambda a: a, in_shardings=P("x"))(x)


def test_set_mesh(mesh, pair):
    x = ints((8, 2))
    with meshjit.set_mesh(pair[1]):
        assert meshjit.device_put(x, P("x")).sharding == NamedSharding(pair[1], P("x"))
    with pytest.raises(meshjit.MeshjitValueError, match="Please set a mesh via `jax.set_mesh`"):
        meshjit.device_put(x, P("x"))
    meshjit.set_mesh(mesh)
    try:
        assert meshjit.device_put(x, P("x")).sharding == NamedSharding(mesh, P("x"))
    finally:
        meshjit.set_mesh(None)


def test_context_mesh_for_jit_and_constraints(mesh):
    x = ints((8, 4))

    def f(a):
        return wsc(a * 2.0, P(None, "x"))

    with meshjit.set_mesh(mesh):
        r = meshjit.jit(f, in_shardings=P("x"), out_shardings=P("y"))(x)
        text = meshjit.jit(f, in_shardings=P("x"), out_shardings=P("y")).lower(x).as_text()
    check_shards(r, x * 2)
    assert r.sharding == NamedSharding(mesh, P("y"))
    assert '<@mesh, [{}, {"x"}]>' in text
    assert 'sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>' in text


def test_context_mesh_change_retraces_onto_the_new_devices(pair, counters):
    x = ints((8,))
    f = meshjit.jit(lambda a: wsc(a + 1.0, P("x")), out_shardings=P("x"))
    with meshjit.set_mesh(pair[0]):
        r0 = f(x)
    with meshjit.set_mesh(pair[1]):
        r1 = f(x)
    assert ids(r0) == [0, 1] and ids(r1) == [2, 3]
    assert r1.sharding == NamedSharding(pair[1], P("x"))
    check_shards(r1, x + 1)


# ---------------------------------------------------------------------------------------------
# 2. The lowering of in/out_shardings.


def test_reference_module(mesh):
    s = NamedSharding(mesh, P("x", "y"))
    x = meshjit.device_put(np.arange(16, dtype=np.int32).reshape(8, 2), s)
    text = meshjit.jit(lambda x: x * 2, out_shardings=s).lower(x).as_text()
    expected = """\
module @jit__lambda attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4, "y"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}, {name = "y", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<8x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<8x2xi32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
    %c = stablehlo.constant dense<2> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8x2xi32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<8x2xi32>
    return %1 : tensor<8x2xi32>
  }
}
"""
    assert text == expected


def test_unspecified_shardings_are_absent(mesh):
    f = meshjit.jit(lambda a, b: (a + b, a - b), in_shardings=(None, NamedSharding(mesh, P("x"))))
    text = f.lower(ints((8, 2)), ints((8, 2))).as_text()
    assert text.count("sdy.sharding =") == 1
    assert "%arg0: tensor<8x2xf32>, %arg1: tensor<8x2xf32> {sdy.sharding" in text
    results = '{jax.result_info = "result[0]"}, tensor<8x2xf32> {jax.result_info = "result[1]"})'
    assert "-> (tensor<8x2xf32> " + results in text
    assert "sdy.mesh" not in meshjit.jit(lambda a: a).lower(ints((2,))).as_text()


# ---------------------------------------------------------------------------------------------
# 3. with_sharding_constraint.


def test_constraint_in_jit(mesh):
    x = ints((4, 8))
    s = NamedSharding(mesh, P(None, ("y", "x")))
    f = meshjit.jit(lambda a: wsc(jnp.sin(a) + a, s))
    assert (
        'sdy.sharding_constraint %1 <@mesh, [{}, {"y", "x"}]> : tensor<4x8xf32>'
        in f.lower(x).as_text()
    )
    r = f(x)
    np.testing.assert_allclose(np.asarray(r), np.sin(x) + x, rtol=1e-6)
    assert r.sharding == s  # the constrained value is the result: XLA keeps its layout


def test_constraint_unconstrained_dims(mesh):
    x = ints((8, 4))
    f = meshjit.jit(lambda a: wsc(a * 3.0, NamedSharding(mesh, P(P.UNCONSTRAINED, "y"))))
    assert '<@mesh, [{?}, {"y"}]>' in f.lower(x).as_text()
    check_shards(f(x), x * 3)


def test_constraint_eager(mesh):
    x = ints((8, 2))
    r = wsc(x, NamedSharding(mesh, P("x", "y")))
    assert r.sharding == NamedSharding(mesh, P("x", "y"))
    check_shards(r, x)
    r2 = meshjit.lax.with_sharding_constraint(r, NamedSharding(mesh, P("y")))
    assert r2.sharding == NamedSharding(mesh, P("y"))
    check_shards(r2, x)


def test_constraint_on_pytrees(mesh):
    x, y = ints((8, 2), 1), ints((8,), 2)
    shardings = {"a": NamedSharding(mesh, P("x")), "b": [NamedSharding(mesh, P("y")), None]}

    def f(a, b):
        return wsc({"a": a, "b": [b, b + 1.0]}, shardings)

    text = meshjit.jit(f).lower(x, y).as_text()
    assert text.count("sdy.sharding_constraint") == 2
    out = meshjit.jit(f)(x, y)
    assert out["a"].sharding == NamedSharding(mesh, P("x"))
    assert out["b"][0].sharding == NamedSharding(mesh, P("y"))
    check_shards(out["b"][1], y + 1)
    eager = wsc((x, [x]), NamedSharding(mesh, P("y")))
    assert eager[1][0].sharding == NamedSharding(mesh, P("y"))


# ---------------------------------------------------------------------------------------------
# 4. Sharded arrays.


def test_device_put_and_shards(mesh):
    x = ints((8, 2))
    s = NamedSharding(mesh, P("x", "y"))
    a = meshjit.device_put(x, s)
    assert a.sharding == s
    assert ids(a) == list(range(8))
    shards = a.addressable_shards
    assert len(shards) == 8
    assert shards[0].device.id == 0 and shards[0].index == (slice(0, 2), slice(0, 1))
    assert shards[3].device.id == 3 and shards[3].index == (slice(2, 4), slice(1, 2))
    assert shards[3].data.shape == (2, 1)
    check_shards(a, x)


def test_device_put_replicated_and_partial(mesh):
    x = ints((8, 2))
    a = meshjit.device_put(x, NamedSharding(mesh, P()))
    assert a.is_fully_replicated
    assert all(s.index == (slice(None), slice(None)) for s in a.addressable_shards)  # as JAX
    b = meshjit.device_put(x, NamedSharding(mesh, P("y")))  # replicated over "x"
    assert [_normalized_index(s.index, x.shape)[0] for s in b.addressable_shards[:4]] == [
        (0, 4),
        (4, 8),
        (0, 4),
        (4, 8),
    ]
    check_shards(b, x)


def test_device_put_pytree_and_single_device(mesh, devs):
    x = ints((8, 2))
    out = meshjit.device_put(
        (x, {"k": x}), (NamedSharding(mesh, P("x")), NamedSharding(mesh, P("y")))
    )
    assert out[0].sharding.spec == P("x") and out[1]["k"].sharding.spec == P("y")
    one = meshjit.device_put(x, SingleDeviceSharding(devs[5]))
    assert one.sharding == SingleDeviceSharding(devs[5]) and ids(one) == [5]
    back = meshjit.device_put(out[0], devs[3])
    assert back.sharding == SingleDeviceSharding(devs[3])
    assert meshjit.sharding.make_single_device_sharding(devs[3]) == back.sharding
    assert type(back.addressable_shards[0]) is meshjit.Shard
    np.testing.assert_array_equal(np.asarray(back), x)


def test_device_put_relabels_an_identical_layout(devs):
    x = ints((8,))
    a = meshjit.device_put(x, NamedSharding(Mesh(np.array(devs), ("d",)), P("d")))
    other = NamedSharding(Mesh(np.array(devs), ("e",)), P("e"))
    assert meshjit.device_put(a, other).sharding == other


def test_device_put_inside_jit_is_a_reshard(mesh, devs):
    """Issue 14 item 8: inside jit, device_put to a sharding constrains the layout (as JAX);
    to a device it leaves the value to the program's partitioning; grad goes through both."""
    s = NamedSharding(mesh, P("x", "y"))

    def f(x):
        y = meshjit.device_put(x * 2, s)
        return meshjit.device_put(y, devs[0]) + 1

    x = ints((8, 4))
    assert "sdy.sharding_constraint" in meshjit.jit(f).lower(x).as_text()
    out = meshjit.jit(f)(x)
    np.testing.assert_array_equal(np.asarray(out), x * 2 + 1)
    assert out.sharding.spec == P("x", "y")
    grad = meshjit.grad(lambda x: meshjit.jit(f)(x).sum())(x)
    np.testing.assert_array_equal(np.asarray(grad), np.full_like(x, 2))


def test_jit_accepts_numpy_and_sharded_arrays(mesh):
    x = ints((8, 4))
    f = meshjit.jit(lambda a, b: a * b + 1.0)
    a = meshjit.device_put(x, NamedSharding(mesh, P("x")))
    for args in [(x, x), (a, x), (x, a), (a, a)]:
        check_shards(f(*args), x * x + 1)
    r = f(a, a)
    assert r.sharding == NamedSharding(mesh, P("x"))  # what XLA chose, read back as a spec


def test_output_sharding_states_what_xla_chose(mesh):
    x = ints((8, 4))
    f = meshjit.jit(lambda a: a.sum(axis=1), in_shardings=NamedSharding(mesh, P("x", "y")))
    r = f(x)
    check_shards(r, x.sum(axis=1))
    compiled = f.lower(x).compile()
    assert compiled.input_shardings == ((NamedSharding(mesh, P("x", "y")),), {})  # as JAX
    assert compiled.output_shardings == r.sharding
    assert isinstance(r.sharding, NamedSharding) and r.sharding.mesh == mesh


def test_resharding_arguments(mesh, devs):
    """in_shardings lay out uncommitted arguments; an argument whose layout the user stated
    (device_put to a device or another sharding, even on a mesh of the same devices) is JAX's
    ValueError, not moved; a computed argument is resharded (its layout is propagation's
    choice, which may differ from JAX's)."""
    x = ints((8, 4))
    f = meshjit.jit(lambda v: v - 1.0, in_shardings=NamedSharding(mesh, P("y", "x")))
    check_shards(f(meshjit.numpy.asarray(x)), x - 1)
    line = Mesh(np.array(devs), ("d",))  # same devices, another mesh
    for target in [NamedSharding(mesh, P("x", "y")), NamedSharding(line, P(None, "d")), devs[6]]:
        with pytest.raises(ValueError, match="Sharding passed to jit does not match"):
            f(meshjit.device_put(x, target))
    same = meshjit.device_put(x, NamedSharding(mesh, P("y", "x")))
    check_shards(f(same), x - 1)
    assert f.lower(same).compile().input_shardings[0] == (NamedSharding(mesh, P("y", "x")),)
    alike = meshjit.device_put(x, NamedSharding(mesh, P(("y",), ("x",))))
    check_shards(f(alike), x - 1)  # another spelling of the same layout
    computed = meshjit.jit(lambda v: v * 1.0, out_shardings=None)(
        meshjit.device_put(x, NamedSharding(mesh, P("x", "y")))
    )
    check_shards(f(computed), x - 1)


def test_resharding_between_calls(mesh):
    """A result whose sharding the user stated (out_shardings) passed to a jit asking another
    layout is JAX's ValueError; a result laid out by propagation is resharded (meshjit's
    choice may differ from JAX's, so refusing it would break programs JAX runs)."""
    x = ints((8, 8))
    f = meshjit.jit(lambda v: v * 2.0, out_shardings=NamedSharding(mesh, P(None, "x")))
    g = meshjit.jit(lambda v: v + 1.0, in_shardings=NamedSharding(mesh, P("x", "y")))
    with pytest.raises(ValueError, match="Sharding passed to jit does not match"):
        g(f(x))
    with pytest.raises(ValueError, match="Sharding passed to jit does not match"):
        g(*meshjit.jit(lambda v: (v, v * 2.0), out_shardings=(None, f.out_shardings))(x)[1:])
    free = meshjit.jit(lambda v: v * 2.0)(meshjit.device_put(x, NamedSharding(mesh, P(None, "x"))))
    check_shards(g(free), x * 2 + 1)


def blocks_along(mesh, axes, n) -> int:
    """How many blocks XLA cuts a dimension of size n into at a program's boundary: the longest
    leading part of `axes` (whole axes, then the major part of one) that divides n."""
    total = 1
    for ax in axes:
        k = math.gcd(mesh.shape[ax], n // total)
        total *= k
        if k < mesh.shape[ax]:
            break
    return total


def test_uneven_device_put(mesh):
    """Issue 14 item 12: an uneven dimension is laid out as XLA lays out a program's arguments
    and results (6 over x=4: cut by x's major half; 7 over x and 3 over y: replicated), so the
    array's NamedSharding states what XLA does and passes to jit without a reshard."""
    for shape, want in [((6, 4), [(3, 2)] * 8), ((7, 3), [(7, 3)] * 8)]:
        x = ints(shape)
        a = meshjit.device_put(x, NamedSharding(mesh, P("x", "y")))
        assert [s.data.shape for s in a.addressable_shards] == want
        check_shards(a, x)
        check_shards(meshjit.jit(lambda v: v.sum(0))(a), x.sum(0))
        out = meshjit.jit(lambda v: v * 2)(a)
        assert isinstance(out.sharding, NamedSharding)
        assert [s.index for s in out.addressable_shards] == [s.index for s in a.addressable_shards]


def test_uneven_out_sharding_is_the_named_sharding_asked_for(mesh):
    for spec, n in [
        (P("x"), 6),
        (P("x"), 10),
        (P("x"), 5),
        (P(("x", "y")), 12),
        (P(("y", "x")), 6),
    ]:
        s = NamedSharding(mesh, spec)
        out = meshjit.jit(lambda a: a * 2, out_shardings=s)(ints((n,)))
        assert out.sharding == s
        check_shards(out, ints((n,)) * 2)
        sizes = {sh.data.shape[0] for sh in out.addressable_shards}
        assert sizes == {n // blocks_along(mesh, spec.axes_of(0), n)}


def test_uneven_in_shardings_and_constraints(mesh):
    x = ints((5, 3))
    f = meshjit.jit(
        lambda v: wsc(v * 2.0, NamedSharding(mesh, P(("x", "y")))),
        in_shardings=NamedSharding(mesh, P("x", "y")),
    )
    check_shards(f(x), x * 2)


def test_uneven_out_shardings(mesh):
    # XLA does not return entry results unevenly split: it replicates them; `.sharding` says so.
    x = ints((7, 3))
    r = meshjit.jit(lambda v: v + 1.0, out_shardings=NamedSharding(mesh, P("x", "y")))(x)
    check_shards(r, x + 1)


def test_pytrees_of_shardings(mesh):
    x, y = ints((8, 2), 1), ints((8, 4), 2)
    f = meshjit.jit(
        lambda d, z: ({"s": d["p"] + d["q"]}, z * 2.0, z),
        in_shardings=({"p": NamedSharding(mesh, P("x")), "q": None}, NamedSharding(mesh, P("y"))),
        out_shardings=({"s": NamedSharding(mesh, P(None, "y"))}, NamedSharding(mesh, P("x")), None),
    )
    text = f.lower({"p": x, "q": x}, y).as_text()
    assert text.count("sdy.sharding =") == 4
    d, z2, z = f({"p": x, "q": x}, y)
    assert d["s"].sharding == NamedSharding(mesh, P(None, "y"))
    assert z2.sharding == NamedSharding(mesh, P("x"))
    check_shards(d["s"], x + x)
    check_shards(z2, y * 2)
    check_shards(z, y)
    one = meshjit.jit(lambda a, b: (a, b), in_shardings=NamedSharding(mesh, P("x")))
    assert [r.sharding.spec for r in one(x, y)] == [P("x"), P("x")]


def test_scalars(mesh):
    f = meshjit.jit(
        lambda a: a * 3.0,
        in_shardings=NamedSharding(mesh, P()),
        out_shardings=NamedSharding(mesh, P()),
    )
    r = f(np.float32(2))
    assert float(r) == 6.0 and r.sharding == NamedSharding(mesh, P())


# ---------------------------------------------------------------------------------------------
# 5. Caches: abstract meshes hit the trace and lowering caches on other devices.


def test_cache_scenario(pair, counters):
    m1, m2 = pair
    abstract = NamedSharding(AbstractMesh((2,), ("x",)), P("x"))
    f = meshjit.jit(lambda a: wsc(a * 3.0, abstract))
    x = ints((8,))
    a1 = meshjit.device_put(x, NamedSharding(m1, P("x")))
    a2 = meshjit.device_put(x, NamedSharding(m2, P("x")))
    r1 = f(a1)
    assert dict(counters) == {"trace": 1, "lower": 1, "compile": 1}
    r2 = f(a2)
    assert dict(counters) == {"trace": 1, "lower": 1, "compile": 2}
    assert ids(r1) == [0, 1] and ids(r2) == [2, 3]
    assert r1.sharding == NamedSharding(m1, P("x"))
    assert r2.sharding == NamedSharding(m2, P("x"))
    check_shards(r1, x * 3)
    check_shards(r2, x * 3)
    f(a1), f(a2)
    assert dict(counters) == {"trace": 1, "lower": 1, "compile": 2}


def test_cache_scenario_conflicting_concrete_mesh(pair):
    m1, m2 = pair
    f = meshjit.jit(lambda a: wsc(a * 3.0, NamedSharding(m1, P("x"))))
    x = ints((8,))
    check_shards(f(meshjit.device_put(x, NamedSharding(m1, P("x")))), x * 3)
    with pytest.raises(meshjit.MeshjitValueError, match="incompatible devices") as ei:
        f(meshjit.device_put(x, NamedSharding(m2, P("x"))))
    assert "[0, 1]" in str(ei.value) and "[2, 3]" in str(ei.value)


def test_numpy_arguments_with_abstract_constraint_run_on_one_device(counters):
    """As JAX: a constraint over an abstract mesh names no devices; the call runs on one."""
    f = meshjit.jit(lambda a: wsc(a + 1.0, NamedSharding(AbstractMesh((4,), ("x",)), P("x"))))
    x = ints((8,))
    r = f(x)
    assert ids(r) == [0]
    check_shards(r, x + 1)
    f(x)
    assert dict(counters) == {"trace": 1, "lower": 1, "compile": 1}


# ---------------------------------------------------------------------------------------------
# 7. Numerics over many (mesh, spec, program) combinations, against NumPy.

MESH_SHAPES = [
    ((1,), ("x",)),
    ((2,), ("x",)),
    ((4,), ("x",)),
    ((8,), ("x",)),
    ((2, 2), ("x", "y")),
    ((4, 2), ("x", "y")),
    ((2, 4), ("a", "b")),
    ((2, 2, 2), ("x", "y", "z")),
]


def _matmul_t(a):
    return a @ a.T


PROGRAMS = {
    # name: (meshjit function, numpy function, output rank for a rank-2 input)
    "affine": (lambda a: a * 2.0 + 1.0, lambda a: a * 2 + 1, 2),
    "relu_sin": (lambda a: jnp.maximum(jnp.sin(a), 0.0), lambda a: np.maximum(np.sin(a), 0), 2),
    "sum0": (lambda a: a.sum(axis=0), lambda a: a.sum(axis=0), 1),
    "max1": (lambda a: jnp.max(a, axis=1), lambda a: a.max(axis=1), 1),
    "transpose": (lambda a: a.T * 1.0, lambda a: a.T, 2),
    "matmul": (_matmul_t, lambda a: a @ a.T, 2),
    "flatten": (lambda a: a.reshape(-1) + 0.5, lambda a: a.reshape(-1) + 0.5, 1),
    "total": (lambda a: jnp.sum(a), lambda a: a.sum(), 0),
}


@st.composite
def meshes(draw):
    shape, names = draw(st.sampled_from(MESH_SHAPES))
    n = int(np.prod(shape))
    order = draw(st.permutations(range(8)))[:n]
    devices = [meshjit.devices()[i] for i in order]
    return Mesh(np.array(devices, dtype=object).reshape(shape), names)


@st.composite
def specs(draw, names, rank, allow_unconstrained=False):
    free = list(names)
    entries = []
    for _ in range(draw(st.integers(0, rank))):
        kind = draw(st.sampled_from(["none", "axes", "axes", "unconstrained"]))
        if kind == "unconstrained" and allow_unconstrained:
            entries.append(P.UNCONSTRAINED)
            continue
        k = draw(st.integers(0, min(2, len(free)))) if kind != "none" else 0
        axes = draw(st.permutations(free))[:k] if k else []
        free = [a for a in free if a not in axes]
        entries.append(None if not axes else axes[0] if len(axes) == 1 else tuple(axes))
    return P(*entries)


def _run_case(data, mode):
    mesh = data.draw(meshes(), label="mesh")
    name = data.draw(st.sampled_from(sorted(PROGRAMS)), label="program")
    fun, ref, out_rank = PROGRAMS[name]
    shape = (data.draw(st.sampled_from([2, 4, 5, 8])), data.draw(st.sampled_from([1, 2, 3, 4, 8])))
    x = ints(shape, seed=data.draw(st.integers(0, 3)))
    in_spec = data.draw(specs(mesh.axis_names, 2), label="in_spec")
    out_spec = data.draw(st.none() | specs(mesh.axis_names, out_rank), label="out_spec")
    wsc_spec = data.draw(
        st.none() | specs(mesh.axis_names, 2, allow_unconstrained=True), label="constraint"
    )

    def program(a):
        if wsc_spec is not None:
            a = wsc(a, NamedSharding(mesh, wsc_spec))
        return fun(a)

    out_sharding = None if out_spec is None else NamedSharding(mesh, out_spec)
    in_sharding = NamedSharding(mesh, in_spec)
    if mode == "in_shardings":
        f, arg = meshjit.jit(program, in_shardings=in_sharding, out_shardings=out_sharding), x
    else:
        f = meshjit.jit(program, out_shardings=out_sharding)
        arg = meshjit.device_put(x, in_sharding) if mode == "device_put" else x
    r = f(arg)
    expected = ref(x)
    check_shards(r, expected)
    if r.sharding is not None and isinstance(r.sharding, NamedSharding):
        assert r.sharding.mesh == mesh
    if out_spec is not None and _divides(mesh, out_spec, np.shape(expected)):
        assert r.sharding == out_sharding, (r.sharding, out_sharding)


def _divides(mesh, spec, shape) -> bool:
    return all(
        n % int(np.prod([mesh.shape[a] for a in spec.axes_of(i)])) == 0 for i, n in enumerate(shape)
    )


@settings(max_examples=campaign.examples(50), deadline=None)
@given(st.data())
def test_numerics_with_in_shardings(data):
    _run_case(data, "in_shardings")


@settings(max_examples=campaign.examples(40), deadline=None)
@given(st.data())
def test_numerics_with_sharded_arguments(data):
    _run_case(data, data.draw(st.sampled_from(["device_put", "numpy"]), label="mode"))


@settings(max_examples=campaign.examples(100), deadline=None)
@given(st.data())
def test_device_put_round_trip(data):
    mesh = data.draw(meshes(), label="mesh")
    rank = data.draw(st.integers(0, 3))
    shape = tuple(data.draw(st.lists(st.integers(1, 9), min_size=rank, max_size=rank)))
    spec = data.draw(specs(mesh.axis_names, rank), label="spec")
    x = ints(shape, seed=1)
    a = meshjit.device_put(x, NamedSharding(mesh, spec))
    assert a.sharding == NamedSharding(mesh, spec)
    check_shards(a, x)
    cover = np.zeros(shape, np.int64)
    for s in a.addressable_shards:
        cover[s.index] += 1
    replicas = mesh.size // math.prod(
        blocks_along(mesh, spec.axes_of(i), shape[i]) for i in range(rank)
    )
    assert (cover == replicas).all()


def test_nested_jit_shardings_become_constraints_around_the_call():
    mesh = meshjit.make_mesh((4, 2), ("x", "y"))
    inner = meshjit.jit(
        lambda a: a * 2,
        in_shardings=NamedSharding(mesh, P("x")),
        out_shardings=NamedSharding(mesh, P(None, "y")),
    )
    outer = meshjit.jit(lambda a: inner(a) + 1)
    x = np.arange(16, dtype=np.float32).reshape(8, 2)
    text = outer.lower(x).as_text()
    lines = text.splitlines()
    call = next(i for i, line in enumerate(lines) if "call @" in line)
    assert 'sdy.sharding_constraint %arg0 <@mesh, [{"x"}, {}]>' in lines[call - 1]
    assert '<@mesh, [{}, {"y"}]>' in lines[call + 1]
    np.testing.assert_array_equal(np.asarray(outer(x)), x * 2 + 1)


def test_in_shardings_given_as_a_list_are_per_argument_as_in_jax(mesh):
    # JAX canonicalizes a list of in_shardings to a tuple (jax-ml/jax#2367).
    s = NamedSharding(mesh, P("x"))
    f = meshjit.jit(lambda a, b: a + b, in_shardings=[s, s])
    out = f(np.ones((8, 2), f32), np.ones((8, 2), f32))
    np.testing.assert_array_equal(np.asarray(out), 2 * np.ones((8, 2)))
    assert f.lower(np.ones((8, 2), f32), np.ones((8, 2), f32)).as_text().count('{"x"}') >= 2


def test_devices_indices_map_is_where_device_put_lays_the_shards():
    mesh = meshjit.make_mesh((2, 4), ("x", "y"))
    for spec in (P("x", "y"), P(("x", "y")), P(None, "x"), P()):
        s = NamedSharding(mesh, spec)
        placed = meshjit.device_put(np.arange(64.0).reshape(8, 8), s)
        expected = {shard.device: shard.index for shard in placed.addressable_shards}
        assert s.devices_indices_map((8, 8)) == expected
        assert s.addressable_devices_indices_map((8, 8)) == expected
    assert len(mesh.local_devices) == 8 and placed.addressable_data(0).shape == (8, 8)
    assert mesh.local_mesh is mesh and dict(mesh.local_mesh.shape) == {"x": 2, "y": 4}


def test_is_equivalent_to_compares_placements():
    mesh = meshjit.make_mesh((4, 2), ("x", "y"))
    s = NamedSharding(mesh, P("y", "x"))
    assert s.is_equivalent_to(NamedSharding(mesh, P("y", "x")), 2)
    assert not s.is_equivalent_to(NamedSharding(mesh, P("x")), 2)
    assert NamedSharding(mesh, P("x", None)).is_equivalent_to(NamedSharding(mesh, P("x")), 2)
    one = meshjit.make_mesh((1,), ("x",), devices=meshjit.devices()[:1])
    single = SingleDeviceSharding(meshjit.devices()[0])
    assert single.is_equivalent_to(NamedSharding(one, P("x")), 1)
    assert not single.is_equivalent_to(NamedSharding(mesh, P()), 1)


def test_shard_index_is_slice_none_along_whole_dimensions():
    """As JAX shows them: a dimension a shard holds whole is `slice(None)`, a sharded one its
    range (also for single-device arrays)."""
    mesh = meshjit.make_mesh((4, 2), ("a", "b"))
    whole = slice(None)
    s = NamedSharding(mesh, P(None, "a"))
    assert s.devices_indices_map((8, 8))[mesh.devices[0, 0]] == (whole, slice(0, 2))
    placed = meshjit.device_put(np.arange(64.0).reshape(8, 8), s)
    assert [sh.index for sh in placed.addressable_shards[:3:2]] == [
        (whole, slice(0, 2)),
        (whole, slice(2, 4)),
    ]
    assert meshjit.numpy.ones(3).addressable_shards[0].index == (whole,)
    assert meshjit.numpy.ones(()).addressable_shards[0].index == ()
    replicated = NamedSharding(mesh, P()).devices_indices_map((8, 8))
    assert all(index == (whole, whole) for index in replicated.values())


def test_mesh_shape_is_an_ordered_dict_as_in_jax():
    import collections

    mesh = meshjit.make_mesh((4, 2), ("a", "b"))
    for shape in (mesh.shape, mesh.abstract_mesh.shape):
        assert type(shape) is collections.OrderedDict
        assert list(shape.items()) == [("a", 4), ("b", 2)]


# ---------------------------------------------------------------------------------------------
# Round 5 of the mistakes catalogue: objects of the wrong kind, immutability, zero-sized axes.


def test_named_sharding_of_the_wrong_kinds_is_an_attribute_and_type_error():
    mesh = meshjit.make_mesh((2,), ("x",))
    with pytest.raises(AttributeError, match="'list' object has no attribute 'size'"):
        NamedSharding(meshjit.devices(), P("x"))
    with pytest.raises(TypeError, match="'str' object has no attribute 'partitions'"):
        NamedSharding(mesh, "x")


TUPLE_SPEC_PROGRAM = r"""
mesh = jax.make_mesh((2, 4), ("x", "y"))
for i, spec in enumerate([("x", None), (), P("x", "y")[:1], "x"]):
    try:
        jax.sharding.NamedSharding(mesh, spec)
        out[f"spec{i}"] = np.array("no error")
    except AttributeError as e:
        out[f"spec{i}"] = np.array(str(e))
out["update"] = np.array(repr(jax.sharding.NamedSharding(mesh, P("x")).update(spec=("y",)).spec))
"""


def test_named_sharding_of_a_tuple_is_jaxs_attribute_error(tmp_path):
    """JAX's NamedSharding reads spec.partitions: a tuple (P(...)[:n] is one) is refused; its
    update(spec=...) takes a tuple."""
    want = jax_on_8_devices(TUPLE_SPEC_PROGRAM, tmp_path)
    got = meshjit_on_program(TUPLE_SPEC_PROGRAM)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        assert str(value) in str(got[name]), (name, str(got[name]))


def test_named_sharding_is_immutable():
    s = NamedSharding(meshjit.make_mesh((2,), ("x",)), P("x"))
    with pytest.raises(AttributeError, match="has no setter"):
        s.spec = P()
    assert s.spec == P("x") and s.mesh.axis_names == ("x",)


def test_shard_shape_of_a_shorter_shape_is_an_index_error():
    s = NamedSharding(meshjit.make_mesh((2, 4), ("x", "y")), P("x", "y"))
    with pytest.raises(IndexError, match="index out of range"):
        s.shard_shape((4,))


def test_make_mesh_with_a_zero_sized_axis():
    with pytest.raises(IndexError, match="an axis of size 0"):
        meshjit.make_mesh((0,), ("x",))


@pytest.mark.parametrize(
    "call, words",
    [
        (
            lambda x: meshjit.jit(lambda v: v, in_shardings="x")(x),
            "in_shardings leaf specifications are expected to be PartitionSpec instances",
        ),
        (
            lambda x: meshjit.jit(lambda v: lax_wsc(v, "x"))(x),
            "shardings leaf specifications are expected to be PartitionSpec instances",
        ),
    ],
)
def test_a_string_for_a_sharding(call, words):
    with pytest.raises(TypeError, match=words):
        call(np.ones(4, np.float32))


def lax_wsc(v, s):
    return meshjit.lax.with_sharding_constraint(v, s)


def test_jit_with_in_shardings_refuses_keyword_arguments():
    s = NamedSharding(meshjit.make_mesh((2,), ("x",)), P())
    with pytest.raises(ValueError, match="does not support kwargs when in_shardings"):
        meshjit.jit(lambda x: x, in_shardings=s)(x=np.ones(4, np.float32))


def test_a_constraint_under_vmap_leaves_the_mapped_dim_unconstrained_as_jax():
    # JAX's batching rule: without spmd_axis_name the mapped dimension is UNCONSTRAINED (`{?}`),
    # not replicated; on an Explicit mesh it keeps the type's axis
    mesh = meshjit.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
    xs = meshjit.device_put(jnp.arange(16.0).reshape(8, 2), NamedSharding(mesh, P("data")))
    f = meshjit.jit(
        meshjit.vmap(lambda x: lax.with_sharding_constraint(x * 2, NamedSharding(mesh, P(None))))
    )
    assert "sdy.sharding_constraint %1 <@mesh, [{?}, {}]>" in f.lower(xs).as_text()
    assert repr(f(xs).sharding.spec) == "P('data',)"
    explicit = meshjit.make_mesh((4,), ("data",))
    xe = meshjit.device_put(jnp.arange(16.0).reshape(8, 2), NamedSharding(explicit, P("data")))
    with meshjit.set_mesh(explicit):
        g = meshjit.jit(
            meshjit.vmap(lambda x: lax.with_sharding_constraint(x, P()), spmd_axis_name="data")
        )
        assert repr(g(xe).sharding.spec) == "P('data', None)"
