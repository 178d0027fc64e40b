"""Every collective and option against a NumPy per-device reference
(tests/support/shard_map_ref.py)."""

import types

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler.parallel.axis_env import replica_groups
from meshjit.compiler.parallel.collectives import all_gather_invariant  # not public in JAX
from meshjit.sharding import AxisType
from meshjit.sharding import PartitionSpec as P
from tests.support import campaign
from tests.support.jax_oracle import jax_on_8_devices
from tests.support.shard_map_ref import SimMesh

M42 = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
S42 = SimMesh((4, 2), ("x", "y"))
M222 = meshjit.make_mesh((2, 2, 2), ("x", "y", "z"), axis_types=(AxisType.Auto,) * 3)
S222 = SimMesh((2, 2, 2), ("x", "y", "z"))
AXES42 = ["x", "y", ("x", "y"), ("y", "x")]


def run(mesh, body, x, in_spec, out_spec, **kw):
    f = meshjit.jit(meshjit.shard_map(body, mesh=mesh, in_specs=in_spec, out_specs=out_spec, **kw))
    return np.asarray(f(x))


def check(mesh, sim, body, ref, x, in_spec, out_spec, **kw):
    """Runs body under shard_map and compares with ref(dict of blocks) -> dict of blocks."""
    got = run(mesh, body, x, in_spec, out_spec, **kw)
    want = sim.assemble(ref(sim.split(x, in_spec)), out_spec)
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    np.testing.assert_allclose(got, want, rtol=1e-6)


def arange(*shape, dtype=np.float32):
    return np.arange(np.prod(shape)).astype(dtype).reshape(shape)


def rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


# ---------------------------------------------------------------------------------------------
# Replica groups (no compile).


def test_replica_groups_match_conventions():
    a = M42.abstract_mesh
    assert replica_groups(a, ("x",)) == [[0, 2, 4, 6], [1, 3, 5, 7]]
    assert replica_groups(a, ("y",)) == [[0, 1], [2, 3], [4, 5], [6, 7]]
    assert replica_groups(a, ("x", "y")) == [list(range(8))]
    assert replica_groups(a, ("y", "x")) == [[0, 2, 4, 6, 1, 3, 5, 7]]


@pytest.mark.parametrize(
    "axes", ["x", "y", "z", ("x", "y"), ("y", "x"), ("z", "x"), ("x", "y", "z"), ("z", "y", "x")]
)
def test_replica_groups_match_simulator_2x2x2(axes):
    axes = axes if isinstance(axes, tuple) else (axes,)
    got = sorted(replica_groups(M222.abstract_mesh, axes))
    assert got == sorted(S222.replica_groups(axes))


def test_replica_groups_with_index_groups():
    got = replica_groups(M42.abstract_mesh, ("x",), ((0, 1), (2, 3)))
    assert got == [[0, 2], [4, 6], [1, 3], [5, 7]]


# ---------------------------------------------------------------------------------------------
# All-reduces.


@pytest.mark.parametrize("axes", AXES42)
@pytest.mark.parametrize("op", ["psum", "pmax", "pmin", "pmean"])
def test_all_reduce(op, axes):
    x = rand(8, 4)
    check(
        M42,
        S42,
        lambda b: getattr(lax, op)(b, axes),
        lambda v: getattr(S42, op)(v, axes),
        x,
        P("x", "y"),
        P("x", "y"),
    )


@pytest.mark.parametrize("axes", [("x", "z"), ("z", "x"), ("x", "y", "z")])
def test_psum_2x2x2(axes):
    x = rand(4, 2, 2)
    check(
        M222,
        S222,
        lambda b: lax.psum(b, axes),
        lambda v: S222.psum(v, axes),
        x,
        P("x", "y", "z"),
        P("x", "y", "z"),
    )


def test_psum_result_replicated_out_spec():
    x = rand(8, 4)
    check(
        M42,
        S42,
        lambda b: lax.psum(b, "x"),
        lambda v: S42.psum(v, "x"),
        x,
        P("x", "y"),
        P(None, "y"),
    )
    check(
        M42,
        S42,
        lambda b: lax.psum(b, ("y", "x")),
        lambda v: S42.psum(v, ("x", "y")),
        x,
        P("x", "y"),
        P(),
    )


@pytest.mark.parametrize(
    "axes, groups",
    [
        ("x", [[0, 1], [2, 3]]),
        ("x", [[0, 2], [1, 3]]),
        ("x", [[3, 0], [2, 1]]),
        ("x", [[0], [1], [2], [3]]),
        (("x", "y"), [[0, 1, 2, 3], [4, 5, 6, 7]]),
        (("y", "x"), [[0, 2, 4, 6], [1, 3, 5, 7]]),
    ],
)
@pytest.mark.parametrize("op", ["psum", "pmax", "pmean"])
def test_all_reduce_axis_index_groups(op, axes, groups):
    x = rand(8, 4)
    check(
        M42,
        S42,
        lambda b: getattr(lax, op)(b, axes, axis_index_groups=groups),
        lambda v: getattr(S42, op)(v, axes, groups),
        x,
        P("x", "y"),
        P("x", "y"),
    )


def test_psum_bool_sums_as_int32():
    x = rand(8, 4) > 0
    check(
        M42,
        S42,
        lambda b: lax.psum(b, "x"),
        lambda v: S42.psum(v, "x"),
        x,
        P("x", "y"),
        P(None, "y"),
    )


def test_psum_int_and_pmean_int():
    x = arange(8, 4, dtype=np.int32)
    check(M42, S42, lambda b: lax.psum(b, "y"), lambda v: S42.psum(v, "y"), x, P("x", "y"), P("x"))
    check(
        M42,
        S42,
        lambda b: lax.pmax(b, "x"),
        lambda v: S42.pmax(v, "x"),
        x,
        P("x", "y"),
        P(None, "y"),
    )


def test_psum_of_pytree_and_python_scalar():
    def body(b):
        out = lax.psum({"a": b, "b": (b * 2,)}, "x")
        return out["a"] + out["b"][0] + lax.psum(1, "x")

    x = rand(8, 4)
    s = S42.psum(S42.split(x, P("x", "y")), "x")
    want = S42.assemble({d: s[d] * 3 + 4 for d in s}, P(None, "y"))
    np.testing.assert_allclose(run(M42, body, x, P("x", "y"), P(None, "y")), want, rtol=1e-6)


def test_psum_of_python_numbers_is_a_python_number_as_jax():
    """JAX's constant case: psum(1, axes) is the axes' size as a Python int (usable as a shape;
    `.astype` of it is an AttributeError, fuzzer round 15's smap_psum_scalar_count)."""
    seen = {}

    def body(b):
        seen["n"], seen["f"] = lax.psum(1, ("x", "y")), lax.psum({"k": 0.5}, "y")
        return b + jnp.zeros(seen["n"])[:1]

    run(M42, body, rand(8, 4), P("x", "y"), P("x", "y"))
    assert seen == {"n": 8, "f": {"k": 1.0}} and type(seen["n"]) is int


def test_pmean_of_python_numbers_and_psum_of_numpy_scalars_as_jax():
    """As JAX's `v / n` of its constant case: pmean(1, "x") is the Python float 1.0 (meshjit
    gave a traced float32[]); a NumPy scalar's psum is a NumPy scalar of its dtype."""
    seen = {}

    def body(b):
        seen["mean"] = lax.pmean(1, ("x", "y")), lax.pmean({"k": 3.0}, "y")
        seen["np"] = lax.psum(np.float32(1.5), "x"), lax.pmean(np.int32(4), "x")
        return b

    run(M42, body, rand(8, 4), P("x", "y"), P("x", "y"))
    (one, tree), (total, mean) = seen["mean"], seen["np"]
    assert type(one) is float and one == 1.0 and tree == {"k": 3.0} and type(tree["k"]) is float
    assert type(total) is np.float32 and total == 6.0
    assert type(mean) is np.float64 and mean == 4.0


# ---------------------------------------------------------------------------------------------
# all_gather / psum_scatter.


@pytest.mark.parametrize("axes", AXES42)
@pytest.mark.parametrize("tiled", [False, True])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_all_gather(axes, tiled, axis):
    x = rand(8, 4)
    ref_axis = axis if axis >= 0 else (2 if tiled else 3) + axis
    check(
        M42,
        S42,
        lambda b: lax.all_gather(b, axes, axis=axis, tiled=tiled),
        lambda v: S42.all_gather(v, axes, ref_axis, tiled),
        x,
        P("x", "y"),
        P(None, "x", "y") if not tiled else P("x", "y"),
        check_vma=False,
    )


@pytest.mark.parametrize("tiled", [False, True])
def test_all_gather_axis_index_groups(tiled):
    groups = [[0, 3], [1, 2]]
    x = rand(8, 4)
    check(
        M42,
        S42,
        lambda b: lax.all_gather(b, "x", axis_index_groups=groups, axis=1, tiled=tiled),
        lambda v: S42.all_gather(v, "x", 1, tiled, groups),
        x,
        P("x", "y"),
        P("x", None, "y") if not tiled else P("x", "y"),
    )


@pytest.mark.parametrize("axes", AXES42)
@pytest.mark.parametrize("tiled", [False, True])
def test_all_gather_invariant_result_replicated(axes, tiled):
    x = rand(8, 4)
    named = set(axes if isinstance(axes, tuple) else (axes,))
    rest = [a for a in ("x", "y") if a not in named]
    out = (P(None, *rest) if tiled else P(None, None, *rest)) if rest else P()
    for body in (
        lambda b: all_gather_invariant(b, axes, tiled=tiled),
        lambda b: lax.all_gather(b, axes, tiled=tiled, to="invarying"),
    ):
        want = S42.all_gather(S42.split(x, P("x", "y")), axes, 0, tiled)
        got = run(M42, body, x, P("x", "y"), out)
        np.testing.assert_allclose(got, S42.assemble(want, out), rtol=1e-6)


def test_all_gather_result_varies_like_jax():
    """all_gather's result is typed varying over the gathered axes, as in JAX: an out_spec
    that omits them is rejected in JAX's words (check_vma=False is the way out)."""
    x = rand(8, 4)
    body = lambda b: lax.all_gather(b, "x", tiled=True)
    with pytest.raises(meshjit.MeshjitValueError, match="check_vma=False") as info:
        run(M42, body, x, P("x", "y"), P(None, "y"))
    assert "can't be statically inferred" in str(info.value)
    assert "replicated across mesh axis 'x'" in str(info.value)
    want = S42.assemble(S42.all_gather(S42.split(x, P("x", "y")), "x", 0, True), P(None, "y"))
    got = run(M42, body, x, P("x", "y"), P(None, "y"), check_vma=False)
    np.testing.assert_allclose(got, want, rtol=1e-6)
    # pbroadcast's result is typed varying as well (JAX's pbroadcast_p).
    with pytest.raises(meshjit.MeshjitValueError, match="can't be statically inferred"):
        run(M42, lambda b: lax.pbroadcast(b, "x", 0), x, P("x", "y"), P(None, "y"))


def test_all_gather_invariant_errors():
    x = rand(8, 4)
    with pytest.raises(meshjit.MeshjitValueError, match="axis_index_groups"):
        run(
            M42,
            lambda b: lax.all_gather(b, "x", axis_index_groups=[[0, 1], [2, 3]], to="invarying"),
            x,
            P("x"),
            P(),
        )
    with pytest.raises(meshjit.MeshjitValueError, match="to='reduced' is not supported"):
        run(M42, lambda b: lax.all_gather(b, "x", to="reduced"), x, P("x"), P("x"))
    with pytest.raises(meshjit.MeshjitNameError, match="not manual"):
        run(M42, lambda b: all_gather_invariant(b, "y"), x, P("x"), P(), axis_names={"x"})


@pytest.mark.parametrize("axes", AXES42)
@pytest.mark.parametrize("tiled", [False, True])
@pytest.mark.parametrize("dim", [0, 1])
def test_psum_scatter(axes, tiled, dim):
    n = S42.axis_size(axes)
    local = [8, 8]
    if not tiled:
        local[dim] = n
    x = rand(4 * local[0], 2 * local[1])
    check(
        M42,
        S42,
        lambda b: lax.psum_scatter(b, axes, scatter_dimension=dim, tiled=tiled),
        lambda v: S42.psum_scatter(v, axes, dim, tiled),
        x,
        P("x", "y"),
        P("x", "y") if tiled else P(("x", "y")),
    )


def test_psum_scatter_axis_index_groups():
    groups = [[0, 1], [2, 3]]
    x = rand(16, 4)
    check(
        M42,
        S42,
        lambda b: lax.psum_scatter(b, "x", axis_index_groups=groups, tiled=True),
        lambda v: S42.psum_scatter(v, "x", 0, True, groups),
        x,
        P("x", "y"),
        P("x", "y"),
    )


def test_all_gather_then_psum_scatter_roundtrip():
    x = rand(8, 4)
    body = lambda b: lax.psum_scatter(lax.all_gather(b, "x", tiled=True), "x", tiled=True)
    np.testing.assert_allclose(run(M42, body, x, P("x"), P("x")), 4 * x, rtol=1e-6)


# ---------------------------------------------------------------------------------------------
# all_to_all and pswapaxes.

_A2A = [(2, s, c) for s in range(2) for c in range(2)] + [
    (3, s, c) for s in range(3) for c in range(3)
]


@pytest.mark.parametrize("rank, split, concat", _A2A)
@pytest.mark.parametrize("tiled", [False, True])
def test_all_to_all(rank, split, concat, tiled):
    n = 4
    local = [n * 2] * rank if tiled else [3] * rank
    local[split] = n * 2 if tiled else n
    local[0] *= 1
    x = rand(*([local[0] * 4] + local[1:]), seed=rank)
    out_local_rank = rank
    out_spec = P("x") if out_local_rank else P()
    check(
        M42,
        S42,
        lambda b: lax.all_to_all(b, "x", split, concat, tiled=tiled),
        lambda v: S42.all_to_all(v, "x", split, concat, tiled),
        x,
        P("x"),
        out_spec,
        check_vma=False,
    )


@pytest.mark.parametrize("axes", ["y", ("x", "y"), ("y", "x")])
def test_all_to_all_over_axes(axes):
    x = rand(8, 16)
    check(
        M42,
        S42,
        lambda b: lax.all_to_all(b, axes, 1, 0, tiled=True),
        lambda v: S42.all_to_all(v, axes, 1, 0, True),
        x,
        P("x", "y"),
        P("x", "y"),
        check_vma=False,
    )


def test_all_to_all_axis_index_groups():
    groups = [[0, 2], [1, 3]]
    x = rand(8, 4)
    check(
        M42,
        S42,
        lambda b: lax.all_to_all(b, "x", 1, 0, axis_index_groups=groups, tiled=True),
        lambda v: S42.all_to_all(v, "x", 1, 0, True, groups),
        x,
        P("x"),
        P("x"),
    )


def test_all_to_all_untiled_shape_follows_jax():
    # np.insert(np.delete(shape, split), concat, size)
    def body(b):
        assert lax.all_to_all(b, "x", 0, 1).shape == (3, 4)
        assert lax.all_to_all(b, "x", 0, 0).shape == (4, 3)
        return b

    run(M42, body, rand(16, 3), P("x"), P("x"))


def test_all_to_all_of_a_weak_value_is_strong_as_jax():
    # Regression (fuzz seed 24 of round 21): JAX 0.10.2's all_to_all result is not weakly
    # typed; meshjit kept the operand's weak type.
    def body(b):
        out = lax.all_to_all(b, "x", 0, 0, tiled=True)
        assert b.weak_type and not out.weak_type
        return out

    run(M42, body, jnp.maximum(jnp.arange(16), 0.5).reshape(16, 1), P("x"), P("x"))


@pytest.mark.parametrize("axis", [0, 1])
def test_pswapaxes(axis):
    local = [3, 3]
    local[axis] = 4
    x = rand(4 * local[0], local[1])
    check(
        M42,
        S42,
        lambda b: lax.pswapaxes(b, "x", axis),
        lambda v: S42.all_to_all(v, "x", axis, axis, False),
        x,
        P("x"),
        P("x"),
    )


# ---------------------------------------------------------------------------------------------
# ppermute / pshuffle.

_PERMS = [
    ("x", [(i, (i + 1) % 4) for i in range(4)]),
    ("x", [(i, (i - 1) % 4) for i in range(4)]),
    ("x", [(0, 1), (1, 2)]),
    ("x", [(3, 0)]),
    ("y", [(0, 1), (1, 0)]),
    (("x", "y"), [(i, (i + 3) % 8) for i in range(8)]),
    (("y", "x"), [(i, (i + 1) % 8) for i in range(8)]),
    (("y", "x"), [(0, 7), (5, 2)]),
]


@pytest.mark.parametrize("axes, perm", _PERMS)
def test_ppermute(axes, perm):
    x = rand(8, 4)
    check(
        M42,
        S42,
        lambda b: lax.ppermute(b, axes, perm),
        lambda v: S42.ppermute(v, axes, perm),
        x,
        P("x", "y"),
        P("x", "y"),
    )


def test_ppermute_cyclic_is_roll():
    x = arange(8, 2)
    perm = [(i, (i + 1) % 8) for i in range(8)]
    got = run(M42, lambda b: lax.ppermute(b, ("x", "y"), perm), x, P(("x", "y")), P(("x", "y")))
    np.testing.assert_array_equal(got, np.roll(x, 1, 0))


@pytest.mark.parametrize(
    "axes, perm", [("x", [2, 0, 3, 1]), (("y", "x"), [7, 6, 5, 4, 3, 2, 1, 0])]
)
def test_pshuffle(axes, perm):
    x = rand(8, 4)
    check(
        M42,
        S42,
        lambda b: lax.pshuffle(b, axes, perm),
        lambda v: S42.pshuffle(v, axes, perm),
        x,
        P("x", "y"),
        P("x", "y"),
    )


# ---------------------------------------------------------------------------------------------
# axis_index, axis_size, pbroadcast, pargmax / pargmin.


@pytest.mark.parametrize(
    "mesh, sim, axes",
    [
        (M42, S42, "x"),
        (M42, S42, "y"),
        (M42, S42, ("x", "y")),
        (M42, S42, ("y", "x")),
        (M222, S222, "z"),
        (M222, S222, ("z", "x")),
        (M222, S222, ("y", "z", "x")),
    ],
)
def test_axis_index(mesh, sim, axes):
    spec = P(mesh.axis_names)
    x = np.zeros((8,), np.int32)
    check(
        mesh,
        sim,
        lambda b: b + lax.axis_index(axes),
        lambda v: {d: v[d] + sim.axis_index(d, axes) for d in v},
        x,
        spec,
        spec,
    )


def test_axis_size():
    seen = {}

    def body(b):
        for axes in ["x", "y", ("x", "y"), ("y", "x")]:
            seen[axes] = lax.axis_size(axes)
        return b

    run(M42, body, rand(8, 4), P("x"), P("x"))
    assert seen == {"x": 4, "y": 2, ("x", "y"): 8, ("y", "x"): 8}
    assert all(type(v) is int for v in seen.values())


@pytest.mark.parametrize("axes, source", [("x", 0), ("x", 2), ("y", 1), (("y", "x"), 5)])
def test_pbroadcast(axes, source):
    x = rand(8, 4)
    check(
        M42,
        S42,
        lambda b: lax.pbroadcast(b, axes, source),
        lambda v: S42.pbroadcast(v, axes, source),
        x,
        P("x", "y"),
        P("x", "y"),
    )


def test_pbroadcast_int_and_bool():
    x = arange(8, 4, dtype=np.int32)
    check(
        M42,
        S42,
        lambda b: lax.pbroadcast(b, "x", 3),
        lambda v: S42.pbroadcast(v, "x", 3),
        x,
        P("x", "y"),
        P("x", "y"),
    )
    xb = x % 3 == 0
    check(
        M42,
        S42,
        lambda b: lax.pbroadcast(b, "x", 1),
        lambda v: S42.pbroadcast(v, "x", 1),
        xb,
        P("x", "y"),
        P("x", "y"),
    )


@pytest.mark.parametrize("name, best", [("pargmax", np.argmax), ("pargmin", np.argmin)])
@pytest.mark.parametrize("axes", ["x", "y"])
def test_pargmax_pargmin(name, best, axes):
    x = np.random.default_rng(3).integers(0, 3, (8, 6)).astype(np.float32)  # many ties
    check(
        M42,
        S42,
        lambda b: getattr(lax, name)(b, axes),
        lambda v: S42.parg(v, axes, best),
        x,
        P("x", "y"),
        P("x", "y"),
        check_vma=False,
    )


# ---------------------------------------------------------------------------------------------
# Partial manual: collectives use groups over the whole mesh.


@pytest.mark.parametrize("axes", ["x", "y"])
def test_collectives_in_partial_manual(axes):
    x = rand(8, 4)
    spec = P("x") if axes == "x" else P(None, "y")
    check(
        M42,
        S42,
        lambda b: lax.psum(b, axes) + lax.axis_index(axes),
        lambda v: {d: s + S42.axis_index(d, axes) for d, s in S42.psum(v, axes).items()},
        x,
        spec,
        spec,
        axis_names={axes},
    )


# ---------------------------------------------------------------------------------------------
# JAX as an extra oracle (its own process: it needs 8 host devices before import).

_JAX_CASES = [
    ("psum_xy", "lambda b: lax.psum(b, ('y', 'x'))", (8, 4), "P('x', 'y')", "P('x', 'y')"),
    ("pmean_x", "lambda b: lax.pmean(b, 'x')", (8, 4), "P('x', 'y')", "P(None, 'y')"),
    (
        "pmin_groups",
        "lambda b: lax.pmin(b, 'x', axis_index_groups=[[0, 2], [1, 3]])",
        (8, 4),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
    (
        "all_gather",
        "lambda b: lax.all_gather(b, ('y', 'x'), axis=1)",
        (8, 4),
        "P('x', 'y')",
        "P(None, ('x', 'y'))",
    ),
    (
        "all_gather_tiled",
        "lambda b: lax.all_gather(b, 'x', axis=1, tiled=True)",
        (8, 4),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
    (
        "all_gather_invarying",
        "lambda b: lax.all_gather(b, ('y', 'x'), axis=1, tiled=True, to='invarying')",
        (8, 4),
        "P('x', 'y')",
        "P()",
    ),
    (
        "psum_scatter",
        "lambda b: lax.psum_scatter(b, 'x', scatter_dimension=1, tiled=True)",
        (8, 16),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
    (
        "psum_scatter_untiled",
        "lambda b: lax.psum_scatter(b, 'y', scatter_dimension=1)",
        (8, 4),
        "P('x', 'y')",
        "P(('x', 'y'))",
    ),
    ("a2a_01", "lambda b: lax.all_to_all(b, 'x', 0, 1)", (16, 3), "P('x')", "P('x')"),
    ("a2a_10", "lambda b: lax.all_to_all(b, 'x', 1, 0)", (12, 4), "P('x')", "P('x')"),
    (
        "a2a_tiled_12",
        "lambda b: lax.all_to_all(b, 'x', 1, 2, tiled=True)",
        (8, 8, 3),
        "P('x')",
        "P('x')",
    ),
    ("a2a_3d_02", "lambda b: lax.all_to_all(b, 'x', 0, 2)", (16, 2, 3), "P('x')", "P('x')"),
    ("a2a_3d_20", "lambda b: lax.all_to_all(b, 'x', 2, 0)", (8, 2, 4), "P('x')", "P('x')"),
    ("pswapaxes", "lambda b: lax.pswapaxes(b, 'x', 1)", (8, 4), "P('x')", "P('x')"),
    # Over ('y', 'x') JAX 0.10 sorts each group's device ids, so its ppermute index disagrees
    # with its own axis_index(('y', 'x')); meshjit follows the conventions (groups in the order
    # given, matching axis_index), checked against the simulator above.
    (
        "ppermute",
        "lambda b: lax.ppermute(b, ('x', 'y'), [(0, 3), (3, 6), (6, -1)])",
        (8, 4),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
    (
        "pshuffle",
        "lambda b: lax.pshuffle(b, 'x', [1, 3, 0, 2])",
        (8, 4),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
    (
        "axis_index",
        "lambda b: b + lax.axis_index(('y', 'x'))",
        (8, 2),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
    # JAX lowers pbroadcast only for GPU; its documented equivalent:
    (
        "pbroadcast",
        "lambda b: lax.psum(jnp.where(lax.axis_index('x') == 2, b, 0 * b), 'x')",
        (8, 4),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
]

# Run by `jax_on_8_devices` (recorded in tests/oracle_results/) after `cases = _JAX_CASES`.
_JAX_PROGRAM = r"""
mesh = jax.sharding.Mesh(np.array(jax.devices()[:8]).reshape(4, 2), ("x", "y"))
for name, body, shape, i, o in cases:
    x = np.random.default_rng(len(name)).standard_normal(shape).astype(np.float32) * 3
    f = jax.jit(jax.shard_map(eval(body), mesh=mesh, in_specs=eval(i), out_specs=eval(o),
                              check_vma=False))
    out[name] = np.asarray(f(x))
"""


def test_collectives_against_jax(tmp_path):
    want = jax_on_8_devices(f"cases = {_JAX_CASES!r}\n" + _JAX_PROGRAM, tmp_path)
    for name, body, shape, i, o in _JAX_CASES:
        x = np.random.default_rng(len(name)).standard_normal(shape).astype(np.float32) * 3
        got = run(M42, eval(body), x, eval(i), eval(o), check_vma=False)
        assert got.shape == want[name].shape, name
        np.testing.assert_allclose(got, want[name], rtol=1e-5, err_msg=name)


# ---------------------------------------------------------------------------------------------
# Gradients through collectives against JAX: taken inside the shard_map body (where the varying
# axes decide how cotangents are summed), and of the whole shard_map, with and without
# check_vma. Each case: (name, body, global shape, in_specs, out_specs).

_GRAD_CASES = [
    ("ag", "lambda b: lax.all_gather(b, 'x')", (8, 4), "P('x', 'y')", "P(None, 'x', 'y')"),
    (
        "ag_tiled",
        "lambda b: lax.all_gather(b, 'x', axis=1, tiled=True)",
        (8, 4),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
    (
        "ag_yx",
        "lambda b: lax.all_gather(b, ('y', 'x'), tiled=True)",
        (8, 4),
        "P('x', 'y')",
        "P(('x', 'y'))",
    ),
    (
        "ag_of_invariant",
        "lambda b: lax.all_gather(lax.psum(b, 'x'), 'x', tiled=True)",
        (8, 4),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
    (
        "agi",
        "lambda b: lax.all_gather_invariant(b, 'x')",
        (8, 4),
        "P('x', 'y')",
        "P(None, None, 'y')",
    ),
    (
        "agi_tiled",
        "lambda b: lax.all_gather_invariant(b, 'x', axis=1, tiled=True)",
        (8, 4),
        "P('x', 'y')",
        "P(None, 'y')",
    ),
    (
        "agi_yx",
        "lambda b: lax.all_gather_invariant(b, ('y', 'x'), tiled=True)",
        (8, 4),
        "P('x', 'y')",
        "P()",
    ),
    (
        "agi_of_invariant",
        "lambda b: lax.all_gather_invariant(lax.psum(b, 'x'), 'x', tiled=True)",
        (8, 4),
        "P('x', 'y')",
        "P(None, 'y')",
    ),
    (
        "agi_times_varying",
        "lambda b: lax.all_gather_invariant(b, 'x', tiled=True) * b[:1]",
        (8, 4),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
    (
        "psum_scatter",
        "lambda b: lax.psum_scatter(b, 'x', tiled=True)",
        (16, 4),
        "P(None, 'y')",
        "P('x', 'y')",
    ),
    (
        "psum_scatter_untiled",
        "lambda b: lax.psum_scatter(b, 'x', scatter_dimension=1)",
        (8, 8),
        "P(None, 'y')",
        "P(('y', 'x'))",
    ),
    (
        "psum_scatter_of_varying",
        "lambda b: lax.psum_scatter(b, 'x', tiled=True)",
        (32, 4),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
    (
        "all_to_all",
        "lambda b: lax.all_to_all(b, 'x', 0, 1, tiled=True)",
        (16, 8),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
    (
        "all_to_all_of_invariant",
        "lambda b: lax.all_to_all(b, 'x', 0, 1, tiled=True)",
        (16, 8),
        "P(None, 'y')",
        "P('x', 'y')",
    ),
    ("ppermute", "lambda b: lax.ppermute(b, 'x', RING)", (8, 4), "P('x', 'y')", "P('x', 'y')"),
    (
        "ppermute_of_invariant",
        "lambda b: lax.ppermute(b, 'x', [(0, 2), (1, 0)])",
        (8, 4),
        "P(None, 'y')",
        "P('x', 'y')",
    ),
    ("psum", "lambda b: lax.psum(b, 'x')", (8, 4), "P('x', 'y')", "P(None, 'y')"),
    ("psum_of_invariant", "lambda b: lax.psum(b, 'x')", (8, 4), "P(None, 'y')", "P(None, 'y')"),
    ("psum_xy", "lambda b: lax.psum(b, ('x', 'y'))", (8, 4), "P('x', 'y')", "P()"),
    ("pmean", "lambda b: lax.pmean(b, 'x')", (8, 4), "P('x', 'y')", "P(None, 'y')"),
    ("pmean_of_invariant", "lambda b: lax.pmean(b, 'y')", (8, 4), "P('x')", "P('x')"),
    ("pbroadcast", "lambda b: lax.pbroadcast(b, 'x', 1)", (8, 4), "P('x', 'y')", "P('x', 'y')"),
    ("pvary", "lambda b: lax.pcast(b, 'x', to='varying')", (8, 4), "P(None, 'y')", "P('x', 'y')"),
    (
        "axis_index",
        "lambda b: b * lax.axis_index('x').astype(b.dtype)",
        (8, 4),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
    (
        "gather_times_psum",
        "lambda b: lax.all_gather(b, 'x', tiled=True) * lax.psum(b, 'x').sum()",
        (8, 4),
        "P('x', 'y')",
        "P('x', 'y')",
    ),
]

# Runs in both libraries (exec'd with jax, jnp, lax, P, mesh bound). "inside": grad within the
# body of a loss typed like the collective's result; "inside_varying": of a loss times a
# varying factor; "outside": grad of the whole shard_map. Inside, every device's gradient
# comes out (stacked), so nothing depends on which copy of an unchecked value is returned.
_GRAD_HARNESS = r"""
RING = [(0, 1), (1, 2), (2, 3), (3, 0)]

def grad_results(cases):
    out = {}
    for name, body, shape, i, o in cases:
        body, i, o = eval(body), eval(i), eval(o)
        x = np.random.default_rng(sum(map(ord, name))).standard_normal(shape).astype(np.float32)
        for check in (True, False):
            smap = lambda f, i, o: jax.shard_map(
                f, mesh=mesh, in_specs=i, out_specs=o, check_vma=check)
            for where in ("inside", "inside_varying"):
                def g(b, where=where):
                    if where == "inside":
                        loss = lambda v: jnp.sum(jnp.sin(body(v)))
                    else:
                        loss = lambda v: jnp.sum(jnp.sin(body(v)) * (1.0 + v.sum()))
                    return jax.grad(loss)(b)[None]
                f = jax.jit(smap(g, i, P(("x", "y"))))
                out[f"{name}|{check}|{where}"] = np.asarray(f(x))
            s = smap(body, i, o)
            f = jax.jit(jax.grad(lambda v: jnp.sum(jnp.sin(s(v)))))
            out[f"{name}|{check}|outside"] = np.asarray(f(x))
    return out
"""

_JAX_GRAD_SCRIPT = r"""
mesh = jax.sharding.Mesh(np.array(jax.devices()[:8]).reshape(4, 2), ("x", "y"))
if not hasattr(lax, "all_gather_invariant"):  # JAX 0.10 spells it all_gather(to="invarying")
    lax.all_gather_invariant = lambda x, a, **kw: lax.all_gather(x, a, to="invarying", **kw)
if not hasattr(lax, "pvary"):
    lax.pvary = lambda x, a: lax.pcast(x, a, to="varying")

def pbroadcast(x, a, source):
    # JAX lowers pbroadcast_p only for GPU. This has its typing (varying) and its transpose
    # (the source gets the psum of the cotangents, the others zero).
    picked = jnp.where(lax.axis_index(a) == source, x, jnp.zeros_like(x))
    return lax.pcast(lax.psum(picked, a), a, to="varying")

lax.pbroadcast = pbroadcast
"""


# The cases' text calls lax.all_gather_invariant, which JAX 0.10.2's lax (and meshjit's) lacks:
# the JAX script patches it in, meshjit's runs see a namespace holding it.
_LAX_AS_PATCHED = types.SimpleNamespace(
    **{n: getattr(lax, n) for n in dir(lax) if not n.startswith("__")},
    all_gather_invariant=all_gather_invariant,
)

# One case in campaign.SWEEP in `make test` (JAX on those), all in `make test-campaigns`.
_GRAD_EVERY = campaign.SWEEP


@pytest.fixture(scope="module")
def jax_collective_grads(tmp_path_factory, pytestconfig):
    cases = campaign.slice_for(pytestconfig, _GRAD_EVERY, _GRAD_CASES)
    program = _JAX_GRAD_SCRIPT + _GRAD_HARNESS + f"\nout.update(grad_results({cases!r}))\n"
    return jax_on_8_devices(program, tmp_path_factory.mktemp("jax_grads"))


@pytest.mark.parametrize("case", campaign.every(_GRAD_EVERY, _GRAD_CASES, ids=lambda c: c[0]))
def test_collective_grads_against_jax(jax_collective_grads, case):
    scope = dict(jax=meshjit, jnp=jnp, lax=_LAX_AS_PATCHED, P=P, mesh=M42, np=np)
    exec(_GRAD_HARNESS, scope)
    got = scope["grad_results"]([case])
    assert len(got) == 6
    for key, value in got.items():
        want = jax_collective_grads[key]
        assert value.shape == want.shape, key
        np.testing.assert_allclose(value, want, rtol=1e-4, atol=1e-5, err_msg=key)


def test_all_gather_grad_inside_body_is_not_scaled():
    """The reported bug: a loss on all_gather's result, differentiated inside the body. Every
    device's copy of the gathered block contributes, so d/db sum(all_gather(b)) = group size."""
    body = lambda b: meshjit.grad(lambda v: jnp.sum(lax.all_gather(v, "x", tiled=True)))(b)
    got = run(M42, body, rand(8, 4), P("x", "y"), P("x", "y"))
    np.testing.assert_allclose(got, np.full((8, 4), 4.0, np.float32))
    body = lambda b: meshjit.grad(lambda v: jnp.sum(all_gather_invariant(v, "x")))(b)
    got = run(M42, body, rand(8, 4), P("x", "y"), P("x", "y"))
    np.testing.assert_allclose(got, np.ones((8, 4), np.float32))


def test_no_axes_give_the_value_as_given_as_jax():
    """psum / all_gather over no axes return their operand, outside shard_map too (JAX 0.10.2's
    early return); meshjit raised an unbound-axis NameError."""
    x, host = meshjit.numpy.arange(4.0), np.ones(2)
    assert meshjit.lax.psum(x, ()) is x and meshjit.lax.psum(host, []) is host
    assert meshjit.lax.all_gather(x, ()) is x
    tree = {"a": x}
    assert meshjit.lax.psum(tree, ()) is tree
    out = meshjit.jit(lambda y: meshjit.lax.psum(y, ()) * 2)(x)
    np.testing.assert_array_equal(np.asarray(out), [0, 2, 4, 6])


def test_tiled_all_gather_of_a_zero_size_dimension_is_a_value_error_as_jax():
    """Fuzzer seed 260394: JAX refuses it when lowered ("dimension size of operand at
    'all_gather_dim' cannot be zero"); meshjit handed XLA a module its parser rejected."""
    x = np.zeros((0, 6), np.int32)
    body = lambda v: lax.all_gather(v, "x", tiled=True)  # noqa: E731
    with pytest.raises(ValueError, match="'all_gather_dim' cannot be zero"):
        run(M42, body, x, P("x"), P("x"))


# JAX 0.10.2's types of a collective's result, per check_vma (the typeof of each result in
# a shard_map body given a weak scalar operand): all-reductions are strong with
# check_vma=False (psum_p's fresh aval) and keep the weak type where varying axes are typed
# (psum_invariant); pmean divides by the Python count, so its result is weak as its sum;
# with check_vma=False nothing is typed varying.
WEAK_COLLECTIVES = {
    "psum": (lambda v: lax.psum(v, "x"), "~float32[]", "float32[]"),
    "pmax": (lambda v: lax.pmax(v, "x"), "~float32[]", "float32[]"),
    "pmin": (lambda v: lax.pmin(v, "x"), "~float32[]", "float32[]"),
    "pmean": (lambda v: lax.pmean(v, "x"), "~float32[]", "float32[]"),
    "all_gather": (lambda v: lax.all_gather(v, "x"), "~float32[4]{V:x}", "~float32[4]"),
    "ppermute": (lambda v: lax.ppermute(v, "x", [(0, 1), (1, 0)]), "~float32[]{V:x}", "~float32[]"),
    "axis_index": (lambda v: lax.axis_index("x"), "int32[]{V:x}", "int32[]"),
}


@pytest.mark.parametrize("check_vma", [True, False])
@pytest.mark.parametrize("name", list(WEAK_COLLECTIVES))
def test_collective_result_weak_type_and_vma_as_jaxs(name, check_vma):
    op, typed, untyped = WEAK_COLLECTIVES[name]
    mesh = meshjit.make_mesh((4,), ("x",), axis_types=(AxisType.Auto,))
    seen = []

    def body(x, s):
        seen.append(str(meshjit.typeof(op(s))))
        return x

    f = meshjit.shard_map(
        body, mesh=mesh, in_specs=(P("x"), P()), out_specs=P("x"), check_vma=check_vma
    )
    meshjit.make_jaxpr(f)(np.ones(4, np.float32), 2.0)
    assert seen == [typed if check_vma else untyped]


def test_psum_of_a_weak_value_under_check_vma_false_promotes_as_strong():
    # psum's strong result decides promotion: float16 data + psum(weak 2.0) is float32, as JAX's
    mesh = meshjit.make_mesh((4,), ("x",), axis_types=(AxisType.Auto,))

    def body(x, s):
        return (x + lax.psum(s, "x")).astype(np.float16) + lax.psum(s, "x")

    f = meshjit.shard_map(
        body, mesh=mesh, in_specs=(P("x"), P()), out_specs=P("x"), check_vma=False
    )
    out = meshjit.jit(f)(np.ones(4, np.float32), 2.0)
    assert out.dtype == np.float32 and np.all(np.asarray(out) == 17.0)


def test_vmap_psum_of_an_unmapped_weak_scalar_is_axis_size_times_it():
    # was lax.mul's dtype error (a Python int times a weak float32): JAX's `mul 3.0 b`
    f = meshjit.vmap(lambda x, s: (lax.psum(s, "i"), lax.pmean(s, "i")), (0, None), axis_name="i")
    total, mean = f(np.ones(3, np.float32), 2.0)
    assert np.allclose(total, 6.0) and np.allclose(mean, 2.0)


def test_psum_over_a_varying_and_an_invariant_axis_is_jaxs_value_error():
    """JAX 0.10.2 refuses a psum over axes the value varies over and does not (fuzzer seed
    290526: a block varying over x only, summed over (x, y)); over one kind of axes it sums."""
    x = np.arange(8, dtype=np.float32).reshape(4, 2)
    with pytest.raises(ValueError, match="invarying state of the input"):
        run(M42, lambda b: lax.psum(b, ("x", "y")), x, P("x"), P())
    assert run(M42, lambda b: lax.psum(b, "x"), x, P("x"), P()).shape == (1, 2)
