"""Collectives over vmap's axis_name act across the mapped axis (against NumPy), alone, nested,
mixed with a shard_map mesh axis, and vmap of a shard_map."""

import inspect

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import jit, lax, vmap
from meshjit.sharding import AxisType
from meshjit.sharding import PartitionSpec as P
from tests.support.error_checks import ErrorChecker
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

check = ErrorChecker(__file__)

X = np.arange(12.0, dtype=np.float32).reshape(4, 3)
N = X.shape[0]


def _vmapped(f):
    return jit(vmap(f, axis_name="i"))


@pytest.mark.parametrize(
    "f, want",
    [
        (lambda v: lax.psum(v, "i"), np.broadcast_to(X.sum(0), X.shape)),
        (lambda v: lax.pmean(v, "i"), np.broadcast_to(X.mean(0), X.shape)),
        (lambda v: lax.pmax(v, "i"), np.broadcast_to(X.max(0), X.shape)),
        (lambda v: lax.pmin(-v, "i"), np.broadcast_to(-X.max(0), X.shape)),
        (lambda v: lax.psum(1.0, "i") + 0 * v, np.full(X.shape, N, np.float32)),
        (lambda v: lax.axis_index("i") + 0 * v.astype(np.int32), np.arange(N)[:, None] + 0 * X),
        (lambda v: lax.all_gather(v, "i"), np.broadcast_to(X, (N, *X.shape))),
        (lambda v: lax.all_gather(v, "i", axis=1), np.broadcast_to(X.T, (N, 3, N))),
        (lambda v: lax.all_gather(v, "i", tiled=True), np.broadcast_to(X.ravel(), (N, 12))),
        (lambda v: lax.pbroadcast(v, "i", 2), np.broadcast_to(X[2], X.shape)),
        (lambda v: lax.pargmax(v, "i"), np.broadcast_to(X.argmax(0), X.shape)),
        (lambda v: lax.ppermute(v, "i", [(0, 1), (1, 2), (3, 0), (2, 3)]), X[[3, 0, 1, 2]]),
    ],
    ids=["psum", "pmean", "pmax", "pmin", "psum_const", "axis_index", "all_gather",
         "all_gather_axis1", "all_gather_tiled", "pbroadcast", "pargmax", "ppermute"],
)  # fmt: skip
def test_collective_over_the_mapped_axis(f, want):
    np.testing.assert_allclose(_vmapped(f)(X), np.asarray(want, np.float64), rtol=1e-6)


def test_psum_scatter_gives_each_example_its_block():
    rows = np.arange(32.0, dtype=np.float32).reshape(4, 8)
    got = _vmapped(lambda v: lax.psum_scatter(v, "i", tiled=True))(rows)
    np.testing.assert_allclose(got, rows.sum(0).reshape(4, 2))
    got = _vmapped(lambda v: lax.psum_scatter(v.reshape(4, 2), "i"))(rows)
    np.testing.assert_allclose(got, rows.sum(0).reshape(4, 2))


def test_all_to_all_exchanges_chunks():
    rows = np.arange(32.0, dtype=np.float32).reshape(4, 8)
    got = _vmapped(lambda v: lax.all_to_all(v.reshape(4, 2), "i", 0, 0, tiled=True))(rows)
    per = rows.reshape(4, 4, 2)  # [source j, chunk i, 2]
    np.testing.assert_allclose(got, per.transpose(1, 0, 2))


def test_nested_names_and_tuples():
    ones = np.ones((2, 3), np.float32)
    inner = vmap(lambda v: (lax.psum(v, ("i", "j")), lax.axis_index(("i", "j"))), axis_name="j")
    total, index = jit(vmap(inner, axis_name="i"))(ones)
    np.testing.assert_allclose(total, np.full((2, 3), 6.0))
    np.testing.assert_array_equal(index, np.arange(6).reshape(2, 3))
    only_outer = vmap(vmap(lambda v: lax.psum(v, "i"), axis_name="j"), axis_name="i")
    np.testing.assert_allclose(only_outer(X), np.broadcast_to(X.sum(0), X.shape))


def test_vmap_inside_a_shard_map_body_mixing_axes():
    mesh = meshjit.make_mesh((4,), ("x",), axis_types=(AxisType.Auto,))

    def body(block):  # block: (2, 2) per device
        return vmap(lambda v: (lax.psum(v, ("i", "x")), lax.axis_index(("x", "i"))), axis_name="i")(
            block
        )

    f = meshjit.shard_map(body, mesh=mesh, in_specs=P(None, "x"), out_specs=(P(), P("x")))
    a = np.arange(16.0, dtype=np.float32).reshape(2, 8)
    total, index = jit(f)(a)
    np.testing.assert_allclose(total, np.broadcast_to(a.reshape(2, 4, 2).sum((0, 1)), (2, 2)))
    np.testing.assert_array_equal(index, np.arange(8))


def test_vmap_of_a_shard_map():
    mesh = meshjit.make_mesh((4,), ("x",), axis_types=(AxisType.Auto,))
    f = meshjit.shard_map(lambda b: lax.psum(b, "x") * 2, mesh=mesh, in_specs=P("x"), out_specs=P())
    a = np.arange(24.0, dtype=np.float32).reshape(3, 8)
    want = a.reshape(3, 4, 2).sum(1) * 2
    np.testing.assert_allclose(jit(vmap(f))(a), want)
    np.testing.assert_allclose(jit(vmap(f, in_axes=1, out_axes=1))(a.T.copy()), want.T)


@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("tiled", [False, True])
@pytest.mark.parametrize("in_axis", [0, 1])
def test_vmap_of_a_shard_map_all_gather(axis, tiled, in_axis):
    """The gathered axis goes where it goes in one example, past vmap's batch dim (it was put at
    `axis` of the batched block: wrong numbers and shape, fuzzer round 15's untiled gather)."""
    mesh = meshjit.make_mesh((2,), ("x",), axis_types=(AxisType.Auto,))

    def gather(b):
        return lax.all_gather(b, "x", axis=axis, tiled=tiled)

    f = meshjit.shard_map(gather, mesh=mesh, in_specs=P("x"), out_specs=P(), check_vma=False)
    a = np.arange(24.0, dtype=np.float32).reshape(3, 4, 2)  # examples of (4, 2)
    blocks = [a[:, :2], a[:, 2:]]
    want = np.concatenate(blocks, 1 + axis % 2) if tiled else np.stack(blocks, 1 + axis % 3)
    got = jit(vmap(f, in_axes=in_axis))(np.moveaxis(a, 0, in_axis))
    np.testing.assert_array_equal(np.asarray(got), want)


def test_grad_through_a_collective_under_vmap():
    def f(v):
        return jnp.sum(v * lax.psum(v, "i"))

    g = jit(vmap(meshjit.grad(f), axis_name="i"))(X)
    # d/dv_k sum_k v_k . S  with S = sum_j v_j: S + sum_k v_k = 2 S (each example's share)
    np.testing.assert_allclose(g, np.broadcast_to(2 * X.sum(0), X.shape), rtol=1e-6)


def test_ppermute_over_the_mapped_axis_needs_a_full_permutation():
    with pytest.raises(AssertionError) as e:  # JAX's type and words (its batching rule's)
        _vmapped(lambda v: lax.ppermute(v, "i", [(0, 1)]))(X)  # partial
    check(e, "partial", "Permutation doesn't match the axis size!", "all its 4 indices")


def test_vmap_of_a_shard_map_with_spmd_axis_name():
    mesh = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
    f = meshjit.shard_map(lambda b: lax.psum(b, "x") * 2, mesh=mesh, in_specs=P("x"), out_specs=P())
    a = np.arange(64.0, dtype=np.float32).reshape(4, 16)
    g = jit(vmap(f, spmd_axis_name="y"))
    np.testing.assert_allclose(g(a), a.reshape(4, 4, 4).sum(1) * 2)
    text = g.lower(a).as_text()
    assert 'in_shardings=[<@mesh, [{"y"}, {"x"}]>] out_shardings=[<@mesh, [{"y"}, {}]>]' in text
    assert "tensor<2x4xf32>" in text  # the body sees its block of the mapped axis


def test_spmd_axis_name_in_the_shard_map_in_specs():
    mesh = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
    f = meshjit.shard_map(lambda b: b, mesh=mesh, in_specs=P("y"), out_specs=P("y"))
    with pytest.raises(ValueError) as e:
        jit(vmap(f, spmd_axis_name="y"))(np.ones((2, 4), np.float32))  # spmd-clash
    check(e, "spmd-clash", "spmd_axis_name ('y',) cannot appear in shard_map in_specs")


def test_all_gather_mixing_the_mapped_name_and_a_mesh_axis():
    mesh = meshjit.make_mesh((4,), ("x",), axis_types=(AxisType.Auto,))
    a = np.arange(16.0, dtype=np.float32).reshape(2, 8)  # per device (2, 2): 2 examples of 2

    def gather(v):
        return lax.all_gather(v, ("i", "x")), lax.all_gather(v, ("x", "i"), tiled=True)

    def body(block):
        return vmap(gather, axis_name="i")(block)

    f = meshjit.shard_map(body, mesh=mesh, in_specs=P(None, "x"), out_specs=(P(), P()),
                          check_vma=False)  # fmt: skip
    i_major, x_major = jit(f)(a)
    blocks = a.reshape(2, 4, 2)  # [example i, device x, 2]
    np.testing.assert_allclose(i_major[0], blocks.reshape(8, 2))
    np.testing.assert_allclose(x_major[0], blocks.transpose(1, 0, 2).reshape(16))


def _all_to_all_reference(blocks, split_axis, concat_axis):
    """blocks[k]: participant k's value (k row-major over the axes as named); chunk k of each
    split axis goes to participant k, concatenated in source order along the concat axis."""
    n = len(blocks)
    return [
        np.concatenate([np.array_split(b, n, split_axis)[k] for b in blocks], concat_axis)
        for k in range(n)
    ]


_A2A = np.arange(2 * 32 * 3, dtype=np.float32).reshape(2, 32, 3)  # 2 examples, 4 blocks of 8 rows


@pytest.mark.parametrize("axes", [("i", "x"), ("x", "i")])
@pytest.mark.parametrize("split_axis, concat_axis", [(0, 1), (0, 0), (1, 0)])
def test_all_to_all_mixing_the_mapped_name_and_a_mesh_axis(axes, split_axis, concat_axis):
    mesh = meshjit.make_mesh((4,), ("x",), axis_types=(AxisType.Auto,))
    a = _A2A if split_axis == 0 else np.tile(_A2A[:, :, :1], (1, 1, 8))  # split dim of 8

    def body(block):
        exchange = lambda v: lax.all_to_all(v, axes, split_axis, concat_axis, tiled=True)
        return vmap(exchange, axis_name="i")(block)

    f = meshjit.shard_map(body, mesh=mesh, in_specs=P(None, "x"), out_specs=P(None, "x"),
                          check_vma=False)  # fmt: skip
    got = np.asarray(jit(f)(a))
    part = [(i, x) if axes == ("i", "x") else (x, i) for i in range(2) for x in range(4)]
    part.sort()  # row-major over the axes as named
    value = {p: a[p[0] if axes[0] == "i" else p[1], :, :] for p in part}
    value = {p: v.reshape(4, 8, -1)[p[1] if axes[0] == "i" else p[0]] for p, v in value.items()}
    outs = dict(zip(part, _all_to_all_reference([value[p] for p in part], split_axis, concat_axis)))
    for (first, second), out in outs.items():
        i, x = (first, second) if axes == ("i", "x") else (second, first)
        rows = out.shape[0]
        np.testing.assert_array_equal(got[i, x * rows : (x + 1) * rows], out)


_SPMD_A = np.arange(64.0, dtype=np.float32).reshape(4, 16) / 64


def _spmd_residual_program(meshjit_or_jax, jnp, lax, P):
    """grad of a shard_map (check_vma=False) under vmap with spmd_axis_name, in both orders."""
    auto = (meshjit_or_jax.sharding.AxisType.Auto,) * 2
    mesh = meshjit_or_jax.make_mesh((4, 2), ("x", "y"), axis_types=auto)

    def body(b):
        return jnp.sin(b) * lax.psum(b, "x")

    f = meshjit_or_jax.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P("x"),
                                 check_vma=False)  # fmt: skip

    def loss(v):
        return jnp.sum(f(v) ** 2)

    jit, vmap, grad = meshjit_or_jax.jit, meshjit_or_jax.vmap, meshjit_or_jax.grad
    inner = jit(vmap(grad(loss), spmd_axis_name="y"))
    outer = jit(grad(lambda a: jnp.sum(vmap(loss, spmd_axis_name="y")(a))))
    return inner, outer


def _spmd_residual_reference(v):
    blocks = v.reshape(4, 4)
    total = blocks.sum(0)
    out = np.sin(blocks) * total
    return (2 * out * np.cos(blocks) * total + (2 * out * np.sin(blocks)).sum(0)).reshape(16)


def test_shard_map_residuals_under_vmap_with_spmd_axis_name():
    # check_vma=False: residuals are stacked over every manual axis but the spmd axis (which
    # shards the mapped axis), and the transpose neither shares nor sums over it (seed notes)
    inner, outer = _spmd_residual_program(meshjit, jnp, lax, P)
    want = np.stack([_spmd_residual_reference(r) for r in _SPMD_A])
    np.testing.assert_allclose(inner(_SPMD_A), want, rtol=1e-5)
    np.testing.assert_allclose(outer(_SPMD_A), want, rtol=1e-5)
    text = inner.lower(_SPMD_A).as_text()
    assert '<@mesh, [{"y"}, {"x"}, {}]>' in text  # a residual: mapped over y, stacked over x


_JAX_PROGRAM = (
    "import inspect\n"
    + inspect.getsource(_spmd_residual_program)
    + "a = np.arange(64.0, dtype=np.float32).reshape(4, 16) / 64\n"
    "inner, outer = _spmd_residual_program(jax, jnp, lax, P)\n"
    "out['inner'], out['outer'] = inner(a), outer(a)\n"
    "from jax.sharding import PartitionSpec\n"
    "m = jax.make_mesh((4,), ('x',), axis_types=(jax.sharding.AxisType.Auto,))\n"
    "b = np.arange(2 * 32 * 3, dtype=np.float32).reshape(2, 32, 3)\n"
    "for axes in [('i', 'x'), ('x', 'i')]:\n"
    "    body = lambda blk, axes=axes: jax.vmap(lambda v: lax.all_to_all(v, axes, 0, 1, tiled=True),"
    " axis_name='i')(blk)\n"
    "    f = jax.shard_map(body, mesh=m, in_specs=P(None, 'x'), out_specs=P(None, 'x'),"
    " check_vma=False)\n"
    "    out['a2a_' + ''.join(axes)] = jax.jit(f)(b)\n"
)


def test_mixed_all_to_all_and_spmd_residuals_equal_jax(tmp_path):
    want = jax_on_8_devices(_JAX_PROGRAM, tmp_path)
    inner, outer = _spmd_residual_program(meshjit, jnp, lax, P)
    np.testing.assert_allclose(inner(_SPMD_A), want["inner"], rtol=1e-6)
    np.testing.assert_allclose(outer(_SPMD_A), want["outer"], rtol=1e-6)
    mesh = meshjit.make_mesh((4,), ("x",), axis_types=(AxisType.Auto,))
    for axes in [("i", "x"), ("x", "i")]:
        body = lambda blk, axes=axes: vmap(
            lambda v: lax.all_to_all(v, axes, 0, 1, tiled=True), axis_name="i"
        )(blk)
        f = meshjit.shard_map(body, mesh=mesh, in_specs=P(None, "x"), out_specs=P(None, "x"),
                              check_vma=False)  # fmt: skip
        np.testing.assert_array_equal(jit(f)(_A2A), want["a2a_" + "".join(axes)])


_HOST_VALUES_PROGRAM = r"""
X = jnp.arange(3.0)
for op in ("psum", "pmax", "pmin", "pmean"):
    for name, v in (("int", 1), ("float", 1.0), ("true", True), ("false", False),
                    ("np", np.int32(2)), ("complex", 2 + 1j)):
        f = getattr(lax, op)
        mapped = jax.vmap(lambda x: f(v, "i"), axis_name="i")(X)
        same = jax.vmap(lambda x: f(v, "i"), axis_name="i", out_axes=None)(X)
        jaxpr = jax.make_jaxpr(jax.vmap(lambda x: f(v, "i"), axis_name="i"))(X)
        out[f"{op}_{name}"] = np.array(f"{mapped!r} {same!r} {jax.typeof(same)} {jaxpr}")
mixed = jax.vmap(lambda x: lax.psum((1, True, x), "i"), axis_name="i")(X)
out["psum_mixed"] = np.array(repr(mixed))
"""


def test_collectives_of_host_values_as_jax(tmp_path):
    # over vmap's axis: pmax / pmin of a value not traced is that value typed, psum of a bool
    # or weak leaf scales as JAX's (`mul 3 1`, weak kept), pmean converts once
    want = jax_on_8_devices(_HOST_VALUES_PROGRAM, tmp_path)
    got = meshjit_on_program(_HOST_VALUES_PROGRAM)
    assert sorted(got) == sorted(want)
    for name in want:
        assert str(got[name]) == str(want[name]), name
