"""passes/graph/split_constants.py: each use of a constant-like value gets its own copy, without
multiplying copies along a constant expression that reuses its own values."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import numpy as np  # noqa: E402
from jaxlib.mlir import ir  # noqa: E402

from meshjit.dialects.context import make_context  # noqa: E402
from meshjit.passes.graph.split_constants import split_constants  # noqa: E402


def _recurrence(terms: int, readers: int = 1) -> str:
    """b0 = b1 * x - b2 + c per term (a Chebyshev sum, all of constants): each term read twice;
    the sum read by `readers` ops outside it."""
    lines = [
        "%x = stablehlo.constant dense<0.5> : tensor<4xf32>",
        "%b1_0 = stablehlo.constant dense<0.0> : tensor<4xf32>",
        "%b0_0 = stablehlo.constant dense<1.0> : tensor<4xf32>",
    ]
    b2, b1 = "%b1_0", "%b0_0"
    for k in range(1, terms + 1):
        lines += [
            f"%m{k} = stablehlo.multiply {b1}, %x : tensor<4xf32>",
            f"%s{k} = stablehlo.subtract %m{k}, {b2} : tensor<4xf32>",
            f"%b{k} = stablehlo.add %s{k}, %x : tensor<4xf32>",
        ]
        b2, b1 = b1, f"%b{k}"
    lines += [f"%r{k} = stablehlo.add {b1}, %arg0 : tensor<4xf32>" for k in range(readers)]
    body = "\n    ".join(lines)
    types = ", ".join(["tensor<4xf32>"] * readers)
    results = ", ".join(f"%r{k}" for k in range(readers))
    return (
        f"func.func @main(%arg0: tensor<4xf32>) -> ({types}) {{\n    "
        f"{body}\n    return {results} : {types}\n}}"
    )


def _split(text: str) -> tuple[int, int]:
    with make_context():
        module = ir.Module.parse(text)
        clones = split_constants(module.operation)
        module.operation.verify()
        return clones, len(module.body.operations[0].regions[0].blocks[0].operations)


def test_a_recurrence_of_constants_is_not_copied_per_path():
    """24 terms: one copy per path would be ~10^5 clones (kaiser's i0 hung propagation). Read
    by one op outside it, the expression is not copied at all (as Shardy's splitter)."""
    clones, _ = _split(_recurrence(24))
    assert clones == 0, clones


def test_a_constant_expression_is_copied_whole_per_outside_reader():
    """Two readers outside the recurrence: one more copy of each of its 3 * 24 + 3 ops (values
    read twice inside one copy stay shared)."""
    clones, _ = _split(_recurrence(24, readers=2))
    assert clones == 3 * 24 + 3, clones


def test_each_use_of_a_constant_still_gets_its_copy():
    text = """func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
      %c = stablehlo.constant dense<2.0> : tensor<4xf32>
      %n = stablehlo.negate %c : tensor<4xf32>
      %x = stablehlo.add %a, %n : tensor<4xf32>
      %y = stablehlo.multiply %b, %n : tensor<4xf32>
      %z = stablehlo.add %x, %c : tensor<4xf32>
      return %z, %y : tensor<4xf32>, tensor<4xf32>
    }"""
    clones, ops = _split(text)
    assert clones == 3 and ops == 9  # %n once more, then %c for the two %n and %z


def test_kaiser_on_sharded_input_runs_and_matches_numpy():
    import meshjit
    import meshjit.numpy as jnp
    from meshjit.sharding import Mesh, NamedSharding, P

    mesh = Mesh(np.array(meshjit.devices()[:2]), ("a",))
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    f = meshjit.jit(lambda v: jnp.kaiser(3, 2.5) * v, in_shardings=NamedSharding(mesh, P("a")))
    np.testing.assert_allclose(np.asarray(f(x)), np.kaiser(3, 2.5) * x, rtol=1e-6)
