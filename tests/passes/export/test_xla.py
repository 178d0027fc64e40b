"""The hand-off that makes XLA keep the decided shardings (passes/export/xla.py): XLA ignores
`sdy.sharding` on ordinary ops; pinned as sharding constraints, the decisions stay (a forced
sharding changes what XLA compiles)."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

from jaxlib.mlir import ir  # noqa: E402

from meshjit import passes  # noqa: E402
from meshjit.dialects import make_context  # noqa: E402
from meshjit.passes.export import pin_op_shardings  # noqa: E402
from tests.support import harness, programs  # noqa: E402


def test_pinned_shardings_reach_xla():
    """XLA re-propagates from the func boundaries and ignores op shardings; pinned ones stay."""
    text = programs.lower_chain(["mul"], (("data", None), ("data", None), (None, None)))
    with make_context():
        module = ir.Module.parse(text)
        passes.propagate(module)
        forced = ir.Attribute.parse("#sdy.sharding_per_value<[<@mesh, [{}, {}]>]>")
        for op in module.body.operations[1].regions[0].blocks[0].operations:
            if op.operation.name == "stablehlo.multiply":
                op.operation.attributes["sdy.sharding"] = forced
        unpinned = ir.Module.parse(str(module))
        passes.prepare_for_xla(module)
        passes.prepare_for_xla(unpinned, pin=False)
        pinned_text, unpinned_text = str(module), str(unpinned)
    assert "sdy.sharding_constraint" in pinned_text
    # Replicating the product means gathering both operands (and slicing the result back).
    assert harness.compile_cost(unpinned_text).moved_bytes == 0
    assert harness.compile_cost(pinned_text).moved_bytes > 0


def test_pin_count():
    text = programs.lower_chain(["tanh", "add"], (("data", None), ("data", None), (None, None)))
    with make_context():
        module = ir.Module.parse(text)
        passes.propagate(module)
        assert pin_op_shardings(module.operation) == 2  # tanh and add (not the constants)


def test_a_barrier_with_a_dead_result_compiles():
    """A checkpointed gradient's optimization barrier carries an argument nothing reads after
    it (fuzzer seed 5476): XLA's simplifier drops that result but not its entry in the
    barrier's tuple sharding and fails a RET_CHECK; the barrier's own sharding is dropped (its
    results are pinned after it), and the gradient is right."""
    import numpy as np

    import meshjit
    import meshjit.numpy as jnp
    from meshjit.sharding import Mesh, NamedSharding, P

    mesh = Mesh(np.array(meshjit.devices()[:1]), ("a",))

    def loss(x, w, k):
        return jnp.sum(jnp.sin(x * 2)) + jnp.sum(w) * 0

    policy = meshjit.checkpoint_policies.nothing_saveable
    f = meshjit.grad(meshjit.checkpoint(loss, policy=policy))
    shardings = (NamedSharding(mesh, P()), NamedSharding(mesh, P("a")), NamedSharding(mesh, P("a")))
    x = np.arange(24, dtype=np.float32).reshape(6, 4)
    got = meshjit.jit(f, in_shardings=shardings)(x, np.ones((8, 3), np.float32), np.ones(8, np.int8))
    np.testing.assert_allclose(np.asarray(got), 2 * np.cos(2 * x), rtol=1e-5, atol=1e-6)


def test_a_while_carrying_a_zero_size_value_compiles():
    """A vmapped while over an empty dimension (fuzzer seed 290175; round 22's seed 281327, a
    while over an empty value, the same): the loop carries a batched
    counter and an int32[3,6,0] value sharded on its empty dimension. XLA drops the zero-size
    carry but not its entry in the loop's tuple sharding ("Sharding is tuple-shaped but
    validation shape is not"); the loop's own sharding is dropped (its results are pinned after
    it), in meshjit's propagation modes as in XLA's."""
    import numpy as np

    import meshjit
    import meshjit.numpy as jnp
    from meshjit import lax
    from meshjit.sharding import Mesh, NamedSharding, P

    mesh = Mesh(np.array(meshjit.devices()[:4]), ("a",))

    def one(v):
        def cond(c):
            return (c[0] < 0) & (jnp.sum(c[1]) < 50)

        return lax.while_loop(cond, lambda c: (c[0] + 1, jnp.cumsum(c[1], 0)), (0, v))[1]

    def rolled(v):  # seed 281327 (round 22's leftover): no vmap, an empty first dimension
        return lax.while_loop(lambda c: c[0] < 2, lambda c: (c[0] + 1, jnp.roll(c[1], 1)),
                              (0, v))[1]

    x = np.zeros((6, 0, 3), np.int32)
    sharding = NamedSharding(mesh, P(None, "a", None))
    for mode in ("meshjit", "shardy"):
        f = meshjit.jit(meshjit.vmap(one, in_axes=-1), propagation=mode, in_shardings=sharding)
        assert f(x).shape == (3, 6, 0)
        g = meshjit.jit(rolled, propagation=mode, in_shardings=sharding)
        assert g(x.reshape(0, 6, 3)).shape == (0, 6, 3)


def test_a_vmapped_while_with_a_batched_bound_compiles():
    """A fori_loop whose bound is batched under vmap (fuzzer round 30, seed 3000071): the
    loop's batched predicate selects every carry, the bound between itself and itself; XLA's
    simplifier folds that into a loop invariant and its tuple sharding keeps an entry too many
    (a RET_CHECK), in the "xla" mode where a pad had Shardy place the loop's sharding first."""
    import numpy as np

    import meshjit
    import meshjit.numpy as jnp
    from meshjit import lax
    from meshjit.sharding import Mesh, NamedSharding, P

    mesh = Mesh(np.array(meshjit.devices()[:4]).reshape(2, 2), ("a", "b"))

    def one(r):
        hi = (jnp.sum(r > 0) % 4).astype(jnp.int32)
        return lax.fori_loop(0, hi, lambda i, h: h * 0.5 + i, r)

    def f(x):
        return jnp.pad(meshjit.vmap(one)(x), 1)

    x = np.random.default_rng(0).standard_normal((4, 6)).astype(np.float32)
    want = np.pad(np.stack([np.asarray(meshjit.jit(one)(r)) for r in x]), 1)
    got = meshjit.jit(f, propagation="xla", in_shardings=NamedSharding(mesh, P("a", "b")))(x)
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-6)


def _identity_slice_module():
    """A propagated module holding a slice of a sharded value's whole extent (a one-chunk
    lax.split) with a sharding, as meshjit's propagation leaves it."""
    import numpy as np

    import meshjit
    from meshjit import lax
    from meshjit.sharding import Mesh, NamedSharding, P

    mesh = Mesh(np.array(meshjit.devices()[:2]), ("a",))

    def f(x):
        (whole,) = lax.split(x * 2, [3], axis=1)
        return whole + 1

    sharding = NamedSharding(mesh, P("a"))
    text = meshjit.jit(f, in_shardings=sharding).lower(np.ones((4, 3), np.float32)).as_text()
    module = ir.Module.parse(text)
    passes.propagate(module)
    return module


def _slices(module):
    found = []

    def visit(op):
        if op.name == "stablehlo.slice":
            found.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found


def test_a_slice_of_a_whole_value_hands_xla_no_sharding():
    """XLA's simplifier folds a slice of its operand's whole extent, and the slice's sharding
    lands on what it read: a loop carry's tuple got a one-value sharding (fuzzer seed 33031,
    vmap of vmap of a sharded gmres: "Number of tile assignment dimensions ... is different than
    the input rank", and an abort on an unevenly sharded input). The slice's own sharding is
    dropped; the constraint after it pins its result."""
    with make_context():
        module = _identity_slice_module()
        (slice_op,) = _slices(module)
        assert "sdy.sharding" in slice_op.attributes  # (the test can fail)
        passes.prepare_for_xla(module)
        (slice_op,) = _slices(module)
        assert "sdy.sharding" not in slice_op.attributes
        (user,) = [u.owner for u in slice_op.results[0].uses]
        assert user.name == "sdy.sharding_constraint"


@pytest.mark.campaign
def test_a_vmapped_gmres_on_a_sharded_value_compiles():
    """The fuzzer's seed 33031 itself: vmap of vmap of gmres, whose raveled solution's unravel
    slices its whole extent inside the solver's loops (~20 s: a campaign)."""
    import numpy as np

    import meshjit
    import meshjit.numpy as jnp
    from meshjit.scipy.sparse.linalg import gmres
    from meshjit.sharding import Mesh, NamedSharding, P

    def f(s):
        v = jnp.resize(jnp.tanh(s), (6,))
        m = v[:4].reshape(2, 2)
        a = m @ m.T + 2 * jnp.eye(2, dtype=jnp.float32)
        return gmres(a, v[4:] + 1.0, tol=1e-6, maxiter=50)[0]

    mesh = Mesh(np.array(meshjit.devices()[:8]).reshape(2, 2, 2), ("a", "b", "c"))
    x = np.arange(12, dtype=np.float32).reshape(4, 3) / 7
    g = meshjit.vmap(meshjit.vmap(f))
    want = np.asarray(meshjit.jit(g)(x))
    got = meshjit.jit(g, in_shardings=NamedSharding(mesh, P("a")))(x)
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-5, atol=1e-6)
