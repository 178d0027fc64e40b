"""Calls computing only zero-size values (passes/export/zero_size_calls.py): XLA crashed the
process converting a loop whose body holds one while its condition holds a sharding constraint,
so the hand-off replaces them by constants."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from jaxlib.mlir import ir  # noqa: E402

import meshjit  # noqa: E402
import meshjit.numpy as jnp  # noqa: E402
from meshjit.dialects.context import make_context  # noqa: E402
from meshjit.passes.export.zero_size_calls import drop_empty_calls  # noqa: E402
from meshjit.sharding import NamedSharding  # noqa: E402
from meshjit.sharding import PartitionSpec as P  # noqa: E402


@pytest.mark.parametrize("mode", ["meshjit", "shardy", "xla"])
def test_a_vmapped_gcd_of_an_empty_sharded_array_compiles(mode):
    """Fuzzer round 23's leftover (r23_gcd_empty under vmap): jnp.gcd's while loop calls
    `_where` / `remainder` on empty values in its body, its condition's reduce is pinned by a
    constraint; XLA segfaulted compiling it in meshjit's modes."""
    mesh = meshjit.make_mesh((2,), ("a",))
    x = np.zeros((2, 0), np.int32)
    f = meshjit.jit(
        meshjit.vmap(lambda v: jnp.gcd(v, v) + jnp.lcm(v, v)),
        in_shardings=NamedSharding(mesh, P("a", None)),
        propagation=mode,
    )
    out = f(x)
    assert out.shape == (2, 0) and out.dtype == np.int32


MODULE = """
module @m attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["a"=2]>
  func.func public @main(%arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>})
      -> tensor<4x2xf32> {
    %0 = stablehlo.while(%y = %arg0) : tensor<4x2xf32>
    cond {
      %f = stablehlo.constant dense<false> : tensor<i1>
      %1 = stablehlo.broadcast_in_dim %f, dims = [] : (tensor<i1>) -> tensor<2xi1>
      %2 = sdy.sharding_constraint %1 <@mesh, [{"a"}]> : tensor<2xi1>
      %3 = stablehlo.reduce(%2 init: %f) applies stablehlo.or across dimensions = [0]
          : (tensor<2xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %3 : tensor<i1>
    } do {
      %s = stablehlo.slice %y [0:4, 0:0] : (tensor<4x2xf32>) -> tensor<4x0xf32>
      %e = func.call @empty(%s) : (tensor<4x0xf32>) -> tensor<4x0xf32>
      %c = func.call @effect(%s) : (tensor<4x0xf32>) -> tensor<4x0xcomplex<f32>>
      %n = func.call @negate(%y) : (tensor<4x2xf32>) -> tensor<4x2xf32>
      %r = stablehlo.concatenate %e, %n, dim = 1 : (tensor<4x0xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
      stablehlo.return %r : tensor<4x2xf32>
    }
    return %0 : tensor<4x2xf32>
  }
  func.func private @empty(%a: tensor<4x0xf32>) -> tensor<4x0xf32> {
    %b = stablehlo.abs %a : tensor<4x0xf32>
    return %b : tensor<4x0xf32>
  }
  func.func private @effect(%a: tensor<4x0xf32>) -> tensor<4x0xcomplex<f32>> {
    %b = stablehlo.custom_call @print(%a) {has_side_effect = true} : (tensor<4x0xf32>) -> tensor<4x0xf32>
    %c = stablehlo.complex %b, %b : tensor<4x0xcomplex<f32>>
    return %c : tensor<4x0xcomplex<f32>>
  }
  func.func private @negate(%a: tensor<4x2xf32>) -> tensor<4x2xf32> {
    %b = stablehlo.negate %a : tensor<4x2xf32>
    return %b : tensor<4x2xf32>
  }
}
"""


def test_only_effect_free_calls_with_all_results_empty_are_replaced():
    with make_context():
        module = ir.Module.parse(MODULE)
        assert drop_empty_calls(module.operation) == 1
        text = str(module)
    assert "call @empty" not in text and "dense<0.000000e+00> : tensor<4x0xf32>" in text
    assert "call @effect" in text and "call @negate" in text  # an effect; a non-empty result


def test_the_probed_module_compiles_after_the_hand_off():
    """The hand-made module above (a loop body calling a function on a f32[4,0] slice, a
    constraint in the condition) crashed XLA's import handed over as written."""
    from meshjit.compiler.runtime import client
    from meshjit.passes.export import prepare_for_xla

    with make_context():
        module = ir.Module.parse(MODULE.replace(CALL_WITH_EFFECT, ""))
        prepare_for_xla(module.operation)
        text = str(module)
    assert "func.call @empty" not in text
    client.compile_module(text, meshjit.devices()[:2])  # no crash


CALL_WITH_EFFECT = "%c = func.call @effect(%s) : (tensor<4x0xf32>) -> tensor<4x0xcomplex<f32>>"
