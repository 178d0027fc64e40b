"""shard_map: jit and eager, nesting, pytrees, mesh kinds, partial manual, varying-axes typing."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.sharding import AbstractMesh, AxisType, Mesh, NamedSharding
from meshjit.sharding import PartitionSpec as P
from tests.support import campaign
from tests.support.shard_map_ref import SimMesh

M42 = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
S42 = SimMesh((4, 2), ("x", "y"))


def rand(*shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def smap(body, mesh=M42, *, in_specs, out_specs, **kw):
    return meshjit.shard_map(body, mesh=mesh, in_specs=in_specs, out_specs=out_specs, **kw)


def _mesh(shape, names):
    n = int(np.prod(shape))
    return Mesh(np.array(meshjit.devices()[:n]).reshape(shape), names)


# ---------------------------------------------------------------------------------------------
# jit and eager.


def _local_mean_body(b):
    return b - jnp.mean(b, axis=0, keepdims=True) + lax.axis_index("x").astype(jnp.float32)


def _local_mean_ref(x):
    blocks = S42.split(x, P("x", "y"))
    out = {d: b - b.mean(0, keepdims=True) + S42.axis_index(d, "x") for d, b in blocks.items()}
    return S42.assemble(out, P("x", "y"))


def test_under_jit_and_eager_agree():
    x = rand(8, 4)
    f = smap(_local_mean_body, in_specs=P("x", "y"), out_specs=P("x", "y"))
    want = _local_mean_ref(x)
    np.testing.assert_allclose(np.asarray(meshjit.jit(f)(x)), want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.asarray(f(x)), want, rtol=1e-5, atol=1e-6)


def test_eager_body_prints_each_devices_block(capsys):
    """As JAX, which runs an eager shard_map's body per device: a block prints its values."""
    mesh = meshjit.make_mesh((2, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)

    def body(b):
        print(b)
        print(lax.psum(b.sum(), "y"))
        return b

    smap(body, mesh, in_specs=P("x", "y"), out_specs=P("x", "y"))(jnp.arange(4.0).reshape(2, 2))
    blocks = [f"On cpu:{i} at mesh coordinates (x, y,) = {divmod(i, 2)}:" for i in range(4)]
    want = [f"{h}\n[[{i}.]]\n" for i, h in enumerate(blocks)]
    want += [f"{h}\n{s}\n" for h, s in zip(blocks, ["1.0", "1.0", "5.0", "5.0"])]
    assert capsys.readouterr().out == "\n".join(want[:4]) + "\n" + "\n".join(want[4:]) + "\n"
    meshjit.jit(smap(body, mesh, in_specs=P("x", "y"), out_specs=P("x", "y")))(jnp.ones((2, 2)))
    assert capsys.readouterr().out.startswith("JitTracer(float32[1,1]{V:(x,y)})")


def test_eager_body_runs_on_every_call(capsys):
    """As JAX: an eager shard_map's body runs (and prints) on each call, compiled once; a body
    whose trace changes between calls (a global it reads) gives the new program."""
    scale = [1.0]

    def body(b):
        print("body")
        return b * scale[0]

    f = smap(body, in_specs=P("x", "y"), out_specs=P("x", "y"))
    x = jnp.ones((4, 2))
    np.testing.assert_array_equal(np.asarray(f(x)), np.ones((4, 2)))
    f(x)
    assert capsys.readouterr().out == "body\nbody\n"
    scale[0] = 3.0
    np.testing.assert_array_equal(np.asarray(f(x)), np.full((4, 2), 3.0))


def test_eager_result_is_sharded_by_out_specs():
    x = rand(8, 4)
    out = smap(lambda b: b * 2, in_specs=P("x", "y"), out_specs=P("x", "y"))(x)
    assert out.sharding.spec == P("x", "y")
    np.testing.assert_allclose(np.asarray(out), 2 * x)


def test_eager_result_keeps_the_out_specs_as_written():
    # JAX's eager shard_map: `P('x', None)` as written; a jitted one's result drops the None
    x = rand(8, 4)
    f = smap(lambda b: (b, b[:1]), in_specs=P("x"), out_specs=(P("x", None), P("x")))
    out, first = f(x)
    assert repr(out.sharding.spec) == "P('x', None)" and repr(first.sharding.spec) == "P('x',)"
    assert repr(meshjit.jit(f)(x)[0].sharding.spec) == "P('x',)"
    np.testing.assert_allclose(np.asarray(out * 2), 2 * x)


def test_a_partly_manual_eager_result_is_as_compiled_as_jax():
    # JAX's: only a map manual over every mesh axis keeps the out_specs as written
    mesh = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
    spec = P("x", None)
    f = meshjit.shard_map(
        lambda a: a * 2, mesh=mesh, in_specs=spec, out_specs=spec, axis_names={"x"}
    )
    assert repr(f(rand(8, 4)).sharding.spec) == "P('x',)"
    whole = meshjit.shard_map(lambda a: a * 2, mesh=mesh, in_specs=spec, out_specs=spec)
    assert repr(whole(rand(8, 4)).sharding.spec) == "P('x', None)"


def test_inside_larger_jit_program():
    x = rand(8, 4)

    @meshjit.jit
    def f(a):
        s = smap(
            lambda b: lax.psum(jnp.sum(b, 0, keepdims=True), "x"),
            in_specs=P("x", "y"),
            out_specs=P(None, "y"),
        )(a * 2)
        return s + 1

    np.testing.assert_allclose(np.asarray(f(x)), 2 * x.sum(0, keepdims=True) + 1, rtol=1e-5)


# ---------------------------------------------------------------------------------------------
# Meshes: Mesh, AbstractMesh, context mesh.


def test_abstract_mesh_under_jit():
    x = rand(8, 4)
    amesh = AbstractMesh((4, 2), ("x", "y"))
    f = meshjit.jit(smap(lambda b: lax.psum(b, "y"), amesh, in_specs=P("x", "y"), out_specs=P("x")))
    np.testing.assert_allclose(np.asarray(f(x)), x.reshape(8, 2, 2).sum(1), rtol=1e-6)


def test_context_mesh():
    x = rand(8, 4)
    f = meshjit.jit(
        meshjit.shard_map(
            lambda b: b + lax.axis_index("y"), in_specs=P("x", "y"), out_specs=P("x", "y")
        )
    )
    with meshjit.set_mesh(M42):
        got = np.asarray(f(x))
    np.testing.assert_allclose(got, x + np.repeat([0, 1], 2)[None, :])
    # As JAX 0.10.2: the deprecated `with mesh:` is not shard_map's context mesh.
    with pytest.warns(DeprecationWarning), M42:
        with pytest.raises(ValueError, match="The context mesh cannot be empty"):
            f(x)


def test_nested_inner_over_more_axes_of_context_mesh():
    x = rand(8, 4)

    def inner(c):
        return lax.psum(c, "y") + lax.axis_index("x")

    def outer(b):
        return meshjit.shard_map(inner, in_specs=P(None, "y"), out_specs=P())(b)

    with meshjit.set_mesh(M42):
        f = meshjit.jit(
            meshjit.shard_map(outer, in_specs=P("x"), out_specs=P("x"), axis_names={"x"})
        )
        got = np.asarray(f(x))
        text = f.lower(x).as_text()
    want = x.reshape(8, 2, 2).sum(1) + np.repeat(np.arange(4), 2)[:, None]
    np.testing.assert_allclose(got, want, rtol=1e-6)
    assert text.count("sdy.manual_computation") == 2
    assert 'manual_axes={"y"}' in text


def test_nested_inner_without_mesh_takes_the_enclosing_mesh():
    """Issue 14 item 9: no mesh= and no context mesh; the inner shard_map uses the outer's."""
    x = rand(8, 4)

    def outer(b):
        return meshjit.shard_map(
            lambda c: lax.psum(c, "y"), in_specs=P(None, "y"), out_specs=P(), axis_names={"y"}
        )(b)

    f = smap(outer, M42, in_specs=P("x", None), out_specs=P("x", None), axis_names={"x"})
    np.testing.assert_allclose(np.asarray(meshjit.jit(f)(x)), x[:, :2] + x[:, 2:], rtol=1e-6)
    np.testing.assert_allclose(np.asarray(f(x)), x[:, :2] + x[:, 2:], rtol=1e-6)


def test_nested_eager_and_three_levels():
    m = _mesh((2, 2, 2), ("x", "y", "z"))
    x = rand(4, 4, 4)

    def level3(c):
        return lax.psum(c, "z")

    def level2(b):
        return smap(level3, m, in_specs=P(None, None, "z"), out_specs=P(), axis_names={"z"})(b)

    def level1(a):
        return smap(level2, m, in_specs=P(None, "y"), out_specs=P(None, "y"), axis_names={"y"})(a)

    f = smap(level1, m, in_specs=P("x"), out_specs=P("x"), axis_names={"x"})
    want = x[..., :2] + x[..., 2:]  # z's two blocks of the last dimension, summed
    np.testing.assert_allclose(np.asarray(f(x)), want, rtol=1e-5)


@pytest.mark.parametrize("propagation", ["meshjit", "shardy", "xla"])
def test_outputs_of_different_rank_then_wrap_pad(propagation):
    """Issue 14 item 14: XLA failed to compile an identity slice (jnp.pad's wrap mode emits
    them) of a manual_computation result when the other result has another rank."""
    x = rand(8, 8)

    def f(x):
        body = lambda a: (a * 2, a.sum(axis=1))  # noqa: E731
        u, v = smap(body, in_specs=P("x", "y"), out_specs=(P("x", "y"), P("x")), check_vma=False)(x)
        return jnp.pad(u, ((1, 2), (0, 3)), mode="wrap"), jnp.pad(v, (2, 1), mode="wrap")

    u, v = meshjit.jit(f, propagation=propagation)(x)
    v_want = x[:, :4].sum(axis=1)  # y is not in v's out_specs: the block of y's first device
    np.testing.assert_allclose(np.asarray(u), np.pad(x * 2, ((1, 2), (0, 3)), mode="wrap"))
    np.testing.assert_allclose(np.asarray(v), np.pad(v_want, (2, 1), mode="wrap"), rtol=1e-6)


# ---------------------------------------------------------------------------------------------
# Pytrees of arguments, outputs and specs.


def test_pytree_args_outputs_and_specs():
    x, v, y, z = rand(8, 4), rand(8, 4, seed=3), rand(8, 6, seed=1), rand(8, seed=2)

    def body(d, t):
        a, b = t
        return {"sum": lax.psum(d["w"] + d["v"], "x"), "pair": (b * 2, a + 1)}

    f = smap(
        body,
        in_specs=(P("x", "y"), (P("y"), P(("x", "y")))),  # one spec for the whole dict
        out_specs={"sum": P(None, "y"), "pair": (P(("x", "y")), P("y"))},
    )
    out = meshjit.jit(f)({"w": x, "v": v}, (z, y))
    np.testing.assert_allclose(np.asarray(out["sum"]), (x + v).reshape(4, 2, 4).sum(0), rtol=1e-5)
    np.testing.assert_allclose(np.asarray(out["pair"][0]), y * 2)
    np.testing.assert_allclose(np.asarray(out["pair"][1]), z + 1)
    eager = f({"w": x, "v": v}, (z, y))
    np.testing.assert_allclose(np.asarray(eager["pair"][1]), z + 1)


def test_single_spec_applies_to_all_args_and_none_means_replicated():
    x, y = rand(8, 4), rand(8, 4, seed=1)
    f = smap(lambda a, b: (a + b, a * b), in_specs=P("x"), out_specs=P("x"))
    s, p = f(x, y)
    np.testing.assert_allclose(np.asarray(s), x + y)
    np.testing.assert_allclose(np.asarray(p), x * y)
    g = smap(lambda a: a * 3, in_specs=(None,), out_specs=P(), check_vma=True)
    np.testing.assert_allclose(np.asarray(g(x)), 3 * x)
    # In out_specs None is an empty pytree (JAX 0.10.2's ValueError), not "replicated".
    h = smap(lambda a: a * 3, in_specs=(None,), out_specs=None, check_vma=True)
    with pytest.raises(ValueError, match="pytree structure error: different types"):
        h(x)


def test_scalar_and_consts_and_closure():
    w = rand(4, seed=5)
    f = meshjit.jit(smap(lambda b, s: b * s + w, in_specs=(P("x"), P()), out_specs=P("x")))
    x = rand(8, 4)
    np.testing.assert_allclose(np.asarray(f(x, np.float32(3))), x * 3 + w, rtol=1e-6)


# ---------------------------------------------------------------------------------------------
# Partial manual.


def test_partial_manual_axis_names():
    x = rand(8, 4)
    f = meshjit.jit(
        smap(lambda b: lax.psum(b, "x"), in_specs=P("x"), out_specs=P(), axis_names={"x"})
    )
    np.testing.assert_allclose(np.asarray(f(x)), x.reshape(4, 2, 4).sum(0), rtol=1e-6)
    text = f.lower(x).as_text()
    assert 'manual_axes={"x"}' in text and '{"x", ?}' in text


def test_partial_manual_with_auto_sharded_body_and_axis_index():
    x = rand(8, 4)

    def body(b):
        b = meshjit.lax.with_sharding_constraint(b, NamedSharding(M42, P(None, "y")))
        return b * 2 + lax.axis_index("x")

    f = meshjit.jit(smap(body, in_specs=P("x"), out_specs=P("x"), axis_names={"x"}))
    np.testing.assert_allclose(np.asarray(f(x)), 2 * x + np.repeat(np.arange(4), 2)[:, None])


def test_partial_manual_axis_index_on_2x2x2():
    m = _mesh((2, 2, 2), ("x", "y", "z"))
    x = np.zeros((4, 4), np.float32)
    f = smap(
        lambda b: b + lax.axis_index("y") * 10 + lax.axis_index("x"),
        m,
        in_specs=P("x", "y"),
        out_specs=P("x", "y"),
        axis_names={"x", "y"},
    )
    want = np.add.outer(np.repeat([0, 1], 2), np.repeat([0, 10], 2)).astype(np.float32)
    np.testing.assert_allclose(np.asarray(f(x)), want)


# ---------------------------------------------------------------------------------------------
# Meshes of 1, 2 and 8 devices in one dimension, and 2x2x2.


@pytest.mark.parametrize("n", [1, 2, 8])
def test_1d_meshes(n):
    m = _mesh((n,), ("i",))
    sim = SimMesh((n,), ("i",))
    x = rand(n * 2, 3)
    body = lambda b: (
        lax.psum(b, "i"),
        lax.ppermute(b, "i", [(j, (j + 1) % n) for j in range(n)]),
        lax.all_gather(b, "i", tiled=True) + lax.axis_index("i"),
    )
    s, r, g = meshjit.jit(smap(body, m, in_specs=P("i"), out_specs=(P(), P("i"), P("i"))))(x)
    np.testing.assert_allclose(np.asarray(s), x.reshape(n, 2, 3).sum(0), rtol=1e-5)
    np.testing.assert_allclose(np.asarray(r), np.roll(x, 2, 0))
    want_g = sim.assemble({d: x + d for d in range(n)}, P("i"))
    np.testing.assert_allclose(np.asarray(g), want_g, rtol=1e-6)


# ---------------------------------------------------------------------------------------------
# Hypothesis: shapes and specs.

_MESHES = {
    "4x2": (M42, S42),
    "2x2x2": (_mesh((2, 2, 2), ("x", "y", "z")), SimMesh((2, 2, 2), ("x", "y", "z"))),
    "8": (_mesh((8,), ("i",)), SimMesh((8,), ("i",))),
    "2": (_mesh((2,), ("i",)), SimMesh((2,), ("i",))),
    "1": (_mesh((1,), ("i",)), SimMesh((1,), ("i",))),
}


@st.composite
def _case(draw):
    """A mesh, an array shape, an in_spec and an out_spec that drops some axes."""
    name = draw(st.sampled_from(sorted(_MESHES)))
    mesh, sim = _MESHES[name]
    rank = draw(st.integers(1, 3))
    axes = list(mesh.axis_names)
    free = draw(st.permutations(axes))
    spec, shape = [], []
    for _ in range(rank):
        k = draw(st.integers(0, min(2, len(free))))
        dim_axes, free = tuple(free[:k]), free[k:]
        spec.append(None if not dim_axes else dim_axes[0] if k == 1 else dim_axes)
        shape.append(sim.axis_size(dim_axes) * draw(st.integers(1, 3)))
    in_spec = P(*spec)
    kept = [draw(st.booleans()) for _ in spec]
    out_spec = P(*[s if k else None for s, k in zip(spec, kept)])
    return name, tuple(shape), in_spec, out_spec


def _spec_axes(spec):
    out = []
    for e in spec:
        out.extend(() if e is None else (e,) if isinstance(e, str) else e)
    return tuple(out)


@settings(
    max_examples=campaign.examples(60), deadline=None, suppress_health_check=list(HealthCheck)
)
@given(_case())
def test_numerics_by_spec(case):
    name, shape, in_spec, out_spec = case
    mesh, sim = _MESHES[name]
    dropped = tuple(
        a for a in mesh.axis_names if a in _spec_axes(in_spec) and a not in _spec_axes(out_spec)
    )
    x = rand(*shape, seed=len(shape))

    named = _spec_axes(out_spec)  # an axis_index term must vary only over named axes

    def body(b):
        y = jnp.sin(b) * 2
        y = lax.psum(y, dropped) if dropped else y
        return y + lax.axis_index(named) if named else y

    def ref(blocks):
        y = {d: np.sin(b) * 2 for d, b in blocks.items()}
        y = sim.psum(y, dropped) if dropped else y
        return {d: v + sim.axis_index(d, named) for d, v in y.items()} if named else y

    got = np.asarray(meshjit.jit(smap(body, mesh, in_specs=in_spec, out_specs=out_spec))(x))
    want = sim.assemble(ref(sim.split(x, in_spec)), out_spec)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@settings(
    max_examples=campaign.examples(30), deadline=None, suppress_health_check=list(HealthCheck)
)
@given(_case())
def test_identity_roundtrip_by_spec(case):
    name, shape, in_spec, _ = case
    mesh, _sim = _MESHES[name]
    x = rand(*shape, seed=1)
    f = smap(lambda b: b + 1, mesh, in_specs=in_spec, out_specs=in_spec)
    assert meshjit.make_jaxpr(f)(x).jaxpr.out_avals[0].shape == shape
    np.testing.assert_allclose(np.asarray(f(x)), x + 1, rtol=1e-6)


# ---------------------------------------------------------------------------------------------
# Varying-axes typing.


def test_make_jaxpr_shows_varying_axes():
    f = smap(lambda b: lax.psum(b * 2, "x"), in_specs=P("x", "y"), out_specs=P(None, "y"))
    text = str(meshjit.make_jaxpr(f)(rand(8, 4)))
    assert "f32[2,2]{V:(x,y)}" in text  # as JAX prints several axes
    assert "f32[2,2]{V:y} = psum" in text


def test_varying_axes_print_in_mesh_order():
    # As JAX (its avals keep the mesh): {V:(stage,data)} on a ('stage', 'data') mesh, not sorted.
    mesh = meshjit.make_mesh((4, 2), ("stage", "data"), axis_types=(AxisType.Explicit,) * 2)
    seen = []

    def body(a, b):
        seen.extend(
            str(meshjit.typeof(v)) for v in (a, b, a + b, b + a, lax.axis_index("stage") + a)
        )
        return a + b

    f = meshjit.shard_map(
        body, mesh=mesh, in_specs=(P("data"), P("stage")), out_specs=P(("stage", "data"))
    )
    x = meshjit.device_put(np.arange(8.0, dtype=np.float32), NamedSharding(mesh, P("data")))
    y = meshjit.device_put(np.arange(16.0, dtype=np.float32), NamedSharding(mesh, P("stage")))
    meshjit.jit(f)(x, y)
    assert (
        seen == ["float32[4]{V:data}", "float32[4]{V:stage}"] + ["float32[4]{V:(stage,data)}"] * 3
    )


def test_grad_of_a_loop_whose_carry_starts_invariant():
    # The carry starts as zeros_like(a) (no tangent) and gets one from sin(a): its instantiated
    # zero tangent varies over 'x' as the carry does (JAX's zeros_like_shaped_array pvary), so
    # the tangent loop type-checks.
    mesh = meshjit.make_mesh((4,), ("x",), axis_types=(AxisType.Explicit,))

    def body(a):
        return lax.fori_loop(0, 3, lambda i, c: c * 0.5 + jnp.sin(a) * i, jnp.zeros_like(a))

    f = meshjit.shard_map(body, mesh=mesh, in_specs=P("x"), out_specs=P("x"))
    x = np.arange(8.0, dtype=np.float32)
    xs = meshjit.device_put(x, NamedSharding(mesh, P("x")))
    with meshjit.set_mesh(mesh):
        got = meshjit.jit(meshjit.grad(lambda a: jnp.sum(f(a))))(xs)
    np.testing.assert_allclose(np.asarray(got), 2.5 * np.cos(x), rtol=1e-6)  # (0.5 + 2) cos


def test_out_spec_dropping_varying_axis_is_an_error():
    f = smap(lambda b: b, in_specs=P("x"), out_specs=P())
    with pytest.raises(meshjit.MeshjitValueError, match="require replication which can't be"):
        f(rand(8, 4))


def test_axis_index_groups_result_stays_varying():
    f = smap(
        lambda b: lax.psum(b, "x", axis_index_groups=[[0, 1], [2, 3]]),
        in_specs=P("x"),
        out_specs=P(),
    )
    with pytest.raises(meshjit.MeshjitValueError, match="require replication"):
        f(rand(8, 4))


def test_check_vma_false_turns_the_check_off():
    x = rand(8, 4)
    f = smap(lambda b: b, in_specs=P("x"), out_specs=P(), check_vma=False)
    np.testing.assert_allclose(np.asarray(f(x)), x[:2])  # device 0's block
    text = str(meshjit.make_jaxpr(f)(x))
    assert "{V:" not in text


def test_check_vma_false_types_no_value_as_varying_as_jax():
    # JAX 0.10.2 types axis_index / all_gather results int32[] / float32[4,2] there, so a loop
    # carrying a value computed from axis_index needs no pcast.
    seen = []

    def body(b):
        i = lax.axis_index("x")
        seen.extend(meshjit.typeof(v).vma for v in (i, lax.all_gather(b, "x")))
        step = i.astype(jnp.float32)
        return lax.fori_loop(0, 3, lambda k, c: c + step, jnp.zeros((2, 4), jnp.float32))

    f = meshjit.jit(smap(body, in_specs=P("x"), out_specs=P("x"), check_vma=False))
    out = np.asarray(f(rand(8, 4)))
    np.testing.assert_array_equal(out[::2, 0], 3 * np.arange(4))
    assert seen == [frozenset(), frozenset()]


def test_psum_of_invariant_value_is_n_copies():
    x = rand(8, 4)
    f = smap(lambda b: lax.psum(b, "x"), in_specs=P(None, "y"), out_specs=P(None, "y"))
    np.testing.assert_allclose(np.asarray(f(x)), 4 * x, rtol=1e-6)
    g = smap(lambda b: lax.psum(b, ("x", "y")), in_specs=P(), out_specs=P())
    np.testing.assert_allclose(np.asarray(g(x)), 8 * x, rtol=1e-6)


def test_mixing_varying_and_invariant_joins():
    def body(a, b):
        c = a + b  # a varies over x, b is invariant: c varies over x
        return c, lax.psum(c, "x")

    text = str(
        meshjit.make_jaxpr(smap(body, in_specs=(P("x"), P()), out_specs=(P("x"), P())))(
            rand(8, 4), rand(2, 4)
        )
    )
    assert "f32[2,4]{V:x} = add" in text


def test_pvary_marks_varying():
    f = smap(lambda b: lax.pcast(b, "x", to="varying"), in_specs=P(), out_specs=P())
    with pytest.raises(meshjit.MeshjitValueError, match="require replication"):
        f(rand(8, 4))
    g = smap(lambda b: lax.pcast(b, "x", to="varying"), in_specs=P(), out_specs=P("x"))
    np.testing.assert_allclose(np.asarray(g(rand(2, 4))), np.tile(rand(2, 4), (4, 1)))


_COMPLEX_GRAD_PROGRAM = r"""
from jax.sharding import AxisType
mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)
rng = np.random.default_rng(0)
z = (rng.normal(size=(8, 4)) + 1j * rng.normal(size=(8, 4))).astype(np.complex64)
f = jax.shard_map(lambda a: lax.psum(a * 1j, "x"), mesh=mesh, in_specs=P("x", "y"),
                  out_specs=P(None, "y"))
out["value"] = jax.jit(f)(z)
out["abs2"] = jax.grad(lambda a: jnp.sum(jnp.abs(f(a)) ** 2))(z)
out["mixed"] = jax.grad(lambda a: jnp.sum(jnp.real(f(a) * jnp.conj(a[:2]))))(z)
"""


def test_complex_psum_and_its_gradients_match_jax(tmp_path):
    """Complex values through shard_map: psum and the cotangents summed over the unmapped axis
    (a complex cotangent is summed, not dropped as an integer one is)."""
    from tests.support.jax_oracle import jax_on_8_devices

    want = jax_on_8_devices(_COMPLEX_GRAD_PROGRAM, tmp_path)
    rng = np.random.default_rng(0)
    z = (rng.normal(size=(8, 4)) + 1j * rng.normal(size=(8, 4))).astype(np.complex64)
    f = meshjit.shard_map(
        lambda a: lax.psum(a * 1j, "x"), mesh=M42, in_specs=P("x", "y"), out_specs=P(None, "y")
    )
    got = {
        "value": meshjit.jit(f)(z),
        "abs2": meshjit.grad(lambda a: jnp.sum(jnp.abs(f(a)) ** 2))(z),
        "mixed": meshjit.grad(lambda a: jnp.sum(jnp.real(f(a) * jnp.conj(a[:2]))))(z),
    }
    for key, value in got.items():
        np.testing.assert_allclose(np.asarray(value), want[key], rtol=1e-5, atol=1e-5, err_msg=key)


# ---------------------------------------------------------------------------------------------
# The context mesh in a shard_map body (JAX 0.10.2: the shard_map's mesh, manual axes Manual).

M22 = meshjit.make_mesh((2, 2), ("a", "b"), axis_types=(AxisType.Auto,) * 2)
_BODY_MESH = (  # JAX 0.10.2's repr of get_abstract_mesh() in the body below
    "AbstractMesh('a': 2, 'b': 2, axis_types=(Auto, Manual), device_kind=cpu, "
    "num_cores=None, platform=cpu)"
)


def test_bare_spec_constraint_in_partly_manual_body_resolves_to_its_mesh():
    seen = []

    def body(y):
        seen.append(repr(meshjit.sharding.get_abstract_mesh()))
        z = lax.psum_scatter(y, "b", tiled=True)
        return lax.with_sharding_constraint(z, P("a"))

    x = np.arange(16, dtype=np.int32).reshape(8, 2)
    f = meshjit.jit(smap(body, M22, in_specs=P("b"), out_specs=P("b"), axis_names={"b"}))
    out = f(x)
    want = np.concatenate([x[:4][i : i + 2] + x[4:][i : i + 2] for i in (0, 2)])
    np.testing.assert_array_equal(np.asarray(out), want)  # JAX: [[8,10],[12,14],...]
    assert seen == [_BODY_MESH]
    assert repr(meshjit.sharding.get_abstract_mesh()) == "AbstractMesh((), axis_types=())"


def test_bare_spec_constraint_on_manual_axis_in_body_is_jax_error():
    def body(y):
        return lax.with_sharding_constraint(y * 2, P("b"))

    f = meshjit.jit(smap(body, M22, in_specs=P("b"), out_specs=P("b"), axis_names={"b"}))
    with pytest.raises(
        ValueError, match=r"can only refer to Auto axes.*axis_types=\(Auto, Manual\)"
    ):
        f(np.zeros((8, 2), np.float32))
