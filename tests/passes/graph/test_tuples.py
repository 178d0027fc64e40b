"""passes/graph/tuples.py: in meshjit's own mode shardings flow through tuples
(`stablehlo.tuple`, `get_tuple_element`, tuple-typed func arguments, results and calls) as
through their tensors; XLA compiles what comes out and the numbers are right."""

from __future__ import annotations

import numpy as np
import pytest
from jaxlib.mlir import ir

import meshjit
from meshjit.dialects.context import make_context
from meshjit.passes import propagate
from meshjit.passes.api import PropagationError

_PAIR = "tuple<tensor<8x16xf32>, tuple<tensor<16xf32>>>"
_FLAT = "tuple<tensor<8x16xf32>, tensor<16xf32>>"

# A callee taking a nested tuple and returning a tuple; main packs its sharded arguments into
# the tuple, unpacks the call's result and computes on it.
_CALL = f"""
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func private @pair(%p: {_PAIR}) -> {_FLAT} {{
  %a = stablehlo.get_tuple_element %p[0] : ({_PAIR}) -> tensor<8x16xf32>
  %i = stablehlo.get_tuple_element %p[1] : ({_PAIR}) -> tuple<tensor<16xf32>>
  %b = stablehlo.get_tuple_element %i[0] : (tuple<tensor<16xf32>>) -> tensor<16xf32>
  %n = stablehlo.negate %a : tensor<8x16xf32>
  %t = stablehlo.tuple %n, %b : {_FLAT}
  return %t : {_FLAT}
}}
func.func @main(%arg0: tensor<8x16xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"x"}}, {{"y"}}]>}},
                %arg1: tensor<16xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{"y"}}]>}})
    -> (tensor<8x16xf32>, tensor<16xf32>) {{
  %in = stablehlo.tuple %arg1 : tuple<tensor<16xf32>>
  %p = stablehlo.tuple %arg0, %in : {_PAIR}
  %r = call @pair(%p) : ({_PAIR}) -> {_FLAT}
  %r0 = stablehlo.get_tuple_element %r[0] : ({_FLAT}) -> tensor<8x16xf32>
  %r1 = stablehlo.get_tuple_element %r[1] : ({_FLAT}) -> tensor<16xf32>
  %s0 = stablehlo.sine %r0 : tensor<8x16xf32>
  %s1 = stablehlo.cosine %r1 : tensor<16xf32>
  return %s0, %s1 : tensor<8x16xf32>, tensor<16xf32>
}}
"""


def _propagated(text: str, **options) -> str:
    with make_context():
        module = ir.Module.parse(text)
        propagate(module, **options)
        assert module.operation.verify()
        return str(module)


def _sharding_of(text: str, op: str) -> str:
    line = next(line for line in text.splitlines() if op in line)
    return line.split("sdy.sharding_per_value<[")[1].split("]>}")[0]


def test_shardings_flow_through_tuples_and_calls():
    text = _propagated(_CALL)
    # into the callee through the nested tuple argument, and back out of its tuple result
    assert _sharding_of(text, "stablehlo.negate") == '<@mesh, [{"x"}, {"y"}]>'
    assert _sharding_of(text, "%1[0]") == '<@mesh, [{"y"}]>'  # (the inner tuple's element)
    assert _sharding_of(text, "stablehlo.sine") == '<@mesh, [{"x"}, {"y"}]>'
    assert _sharding_of(text, "stablehlo.cosine") == '<@mesh, [{"y"}]>'
    assert "tuple<" in text.split("func.func @main")[0]  # (the tuple argument carries nothing)


def test_a_program_with_tuples_compiles_and_computes_sharded():
    compiled = meshjit.compile_module(_CALL)
    rng = np.random.default_rng(0)
    a = rng.standard_normal((8, 16), dtype=np.float32)
    b = rng.standard_normal(16, dtype=np.float32)
    out0, out1 = compiled(a, b)
    np.testing.assert_allclose(np.asarray(out0), np.sin(-a), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(out1), np.cos(b), rtol=1e-6)
    assert out0.sharding.spec == meshjit.sharding.PartitionSpec("x", "y")
    assert out1.sharding.spec == meshjit.sharding.PartitionSpec("y")


def test_a_tuple_argument_shares_its_elements_sharding():
    """Both reads of the argument's element take the sharding one of them reaches."""
    text = f"""
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @main(%p: {_FLAT}, %arg1: tensor<8x16xf32> {{sdy.sharding = #sdy.sharding<@mesh, [{{}}, {{"y"}}]>}})
    -> (tensor<8x16xf32>, tensor<8x16xf32>) {{
  %a = stablehlo.get_tuple_element %p[0] : ({_FLAT}) -> tensor<8x16xf32>
  %b = stablehlo.add %a, %arg1 : tensor<8x16xf32>
  %c = stablehlo.get_tuple_element %p[0] : ({_FLAT}) -> tensor<8x16xf32>
  %d = stablehlo.negate %c : tensor<8x16xf32>
  return %b, %d : tensor<8x16xf32>, tensor<8x16xf32>
}}
"""
    text = _propagated(text)
    assert _sharding_of(text, "stablehlo.negate") == '<@mesh, [{}, {"y"}]>'


def test_the_shardy_compatible_mode_refuses_tuples_as_shardy():
    with pytest.raises(PropagationError, match="Shardy propagation doesn't support tuples"):
        _propagated(_CALL, shardy_compatible=True)
