"""passes/graph/donation.py: in meshjit's own mode, a result that updates a donated argument
elementwise (or that the module aliases to one) keeps the argument's sharding; other results,
and Shardy's modes, are left to propagation."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import re  # noqa: E402

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import meshjit  # noqa: E402
from meshjit import passes  # noqa: E402
from meshjit.sharding import NamedSharding  # noqa: E402
from meshjit.sharding import PartitionSpec as P  # noqa: E402

_MESH = 'sdy.mesh @mesh = <["a"=4, "b"=2]>'
_REPL = "#sdy.sharding<@mesh, [{}, {}]>"
_ROWS = '#sdy.sharding<@mesh, [{"a"}, {}]>'


def _update(donor_attr: str, body: str) -> str:
    """A step whose arg0 is replicated (and donated by `donor_attr`), arg1 sharded on rows;
    `body` computes %r from them."""
    return (
        f"{_MESH}\n"
        f"func.func @main(%arg0: tensor<8x8xf32> {{sdy.sharding = {_REPL}{donor_attr}}}, "
        f"%arg1: tensor<8x8xf32> {{sdy.sharding = {_ROWS}}}) -> tensor<8x8xf32> {{\n"
        f"  {body}\n  return %r : tensor<8x8xf32>\n}}"
    )


_SUB = "%g = stablehlo.multiply %arg1, %arg1 : tensor<8x8xf32>\n  %r = stablehlo.subtract %arg0, %g : tensor<8x8xf32>"
_TRANSPOSE = "%t = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>\n  %r = stablehlo.add %t, %arg1 : tensor<8x8xf32>"


def _result_sharding(text: str, **options) -> str:
    out = passes.propagated(text, **options)
    header = next(
        line
        for line in out.splitlines()
        if "func.func public @main" in line or "func.func @main" in line
    )
    results = header.split("->", 1)[1]
    found = re.search(r"#sdy\.sharding<@mesh, \[[^\]]*\]>", results)
    return found.group(0) if found else "none"


def test_an_unannotated_update_without_donation_follows_the_cost_model():
    assert _result_sharding(_update("", _SUB)) == _ROWS


@pytest.mark.parametrize("donor", [", jax.buffer_donor = true", ", tf.aliasing_output = 0 : i32"])
def test_an_elementwise_update_of_a_donated_argument_keeps_its_sharding(donor):
    assert _result_sharding(_update(donor, _SUB)) == _REPL


def test_a_transposed_donated_argument_is_no_update():
    # (the result's dims are not the argument's: nothing ties the two)
    text = _update(", jax.buffer_donor = true", _TRANSPOSE)
    assert _result_sharding(text) == _result_sharding(_update("", _TRANSPOSE))


def test_an_aliased_result_keeps_its_argument_sharding_whatever_computes_it():
    assert _result_sharding(_update(", tf.aliasing_output = 0 : i32", _TRANSPOSE)) == _REPL


def test_shardys_mode_is_untouched():
    plain = _result_sharding(_update("", _SUB), shardy_compatible=True)
    donated = _result_sharding(_update(", jax.buffer_donor = true", _SUB), shardy_compatible=True)
    assert donated == plain


def test_a_donated_training_step_returns_its_parameters_as_they_came():
    """The model-parallel step of JAX's distributed-arrays page: the replicated bias of a
    row-sharded layer comes back replicated, as JAX's, so its buffer is reused and the next
    step compiles nothing new (meshjit's cost model alone shards it over "model"); the
    numbers are those of the same step unsharded."""
    mesh = meshjit.make_mesh(
        (4, 2), ("batch", "model"), axis_types=(meshjit.sharding.AxisType.Auto,) * 2
    )
    rng = np.random.default_rng(0)
    x = rng.normal(size=(64, 8)).astype(np.float32)
    y = np.sin(x.sum(1, keepdims=True))
    sizes = [(8, 16), (16, 16), (16, 1)]
    params = [
        (rng.normal(size=s).astype(np.float32), rng.normal(size=s[1]).astype(np.float32))
        for s in sizes
    ]
    batch_rows = NamedSharding(mesh, P("batch", None))

    def step(params, x, y, constrain=True):
        def loss(params):
            h = x
            for w, b in params[:-1]:
                h = meshjit.nn.relu(h @ w + b)
                if constrain:
                    h = meshjit.lax.with_sharding_constraint(h, batch_rows)
            w, b = params[-1]
            return meshjit.numpy.mean((h @ w + b - y) ** 2)

        g = meshjit.grad(loss)(params)
        return meshjit.tree.map(lambda p, g: p - 0.05 * g, params, g)

    specs = [(P(None, "model"), P("model")), (P("model", None), P()), (P("model", None), P())]
    put = lambda a, spec: meshjit.device_put(a, NamedSharding(mesh, spec))  # noqa: E731
    sharded = [(put(w, sw), put(b, sb)) for (w, b), (sw, sb) in zip(params, specs)]
    data = [put(a, P("batch")) for a in (x, y)]
    new = meshjit.jit(step, donate_argnums=0)(sharded, *data)
    # (JAX 0.10.2 prints these specs for this step)
    assert [(w.sharding.spec, b.sharding.spec) for w, b in new] == [
        (P(None, "model"), P("model")),
        (P("model"), P()),
        (P("model"), P()),
    ]
    expected = meshjit.jit(lambda p: step(p, x, y, constrain=False))(params)
    for got, want in zip(meshjit.tree.leaves(new), meshjit.tree.leaves(expected)):
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-4, atol=1e-5)


def test_an_update_through_converts_of_a_donated_argument_keeps_its_sharding():
    """Fuzzer seed 2702091 (round 27): the walk from a result back to a donated argument met an
    operand of another type (a convert's) and crashed (`RankedTensorType.isinstance`, gone from
    these MLIR bindings) on any donated program with a convert in the update. Through a bf16
    round trip the f32 update keeps its donated argument's rows (the cost model alone splits
    it over both axes); a bf16 argument is no donor of an f32 result (XLA cannot reuse it)."""
    mesh = meshjit.make_mesh((4, 2), ("a", "b"), axis_types=(meshjit.sharding.AxisType.Auto,) * 2)
    x = np.arange(8 * 8, dtype=np.float32).reshape(8, 8) / 7
    g = np.full((8, 8), 0.5, np.float32)
    shardings = (NamedSharding(mesh, P("a", None)), NamedSharding(mesh, P(None, "b")))
    bf16 = meshjit.numpy.bfloat16

    def step(p, g):
        return p.astype(bf16).astype(np.float32) * 2 - g * g

    for donate, spec in (((), P("a", "b")), (0, P("a"))):
        out = meshjit.jit(step, in_shardings=shardings, donate_argnums=donate)(x, g)
        np.testing.assert_array_equal(np.asarray(out), x.astype(bf16).astype(np.float32) * 2 - 0.25)
        assert out.sharding.spec == spec
    wide = meshjit.jit(
        lambda p, g: p.astype(np.float32) - g, in_shardings=shardings, donate_argnums=0
    )(x.astype(bf16), g)
    assert wide.sharding.spec == P("a", "b")
