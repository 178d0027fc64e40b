"""lax.ragged_all_to_all as JAX 0.10.2 has it: inside shard_map it lowers to JAX's
`stablehlo.custom_call @ragged_all_to_all` (XLA:CPU has no kernel, in JAX as in meshjit, so the
program compiles nowhere here), with JAX's checks of the offsets and sizes."""

import numpy as np
import pytest

import meshjit
from meshjit import lax
from meshjit.sharding import AxisType
from meshjit.sharding import PartitionSpec as P

ARGS = (
    np.arange(8.0, dtype=np.float32),
    np.zeros(8, np.float32),
    np.array([0, 2, 0, 1], np.int32),
    np.array([2, 2, 1, 3], np.int32),
    np.array([0, 0, 2, 2], np.int32),
    np.array([2, 1, 2, 3], np.int32),
)


def _program(fn=lax.ragged_all_to_all):
    mesh = meshjit.make_mesh((2,), ("x",), axis_types=(AxisType.Auto,))
    body = lambda *args: fn(*args, axis_name="x")  # noqa: E731
    return meshjit.jit(meshjit.shard_map(body, mesh=mesh, in_specs=(P("x"),) * 6, out_specs=P("x")))


def test_lowers_to_jaxs_custom_call():
    text = _program().lower(*ARGS).as_text()
    assert (  # JAX 0.10.2's op, operands and attributes
        "stablehlo.custom_call @ragged_all_to_all(%arg6, %arg7, %arg8, %arg9, %arg10, %arg11) "
        "{api_version = 4 : i32, backend_config = {channel_id = 1 : i64, replica_groups = "
        "dense<[[0, 1]]> : tensor<1x2xi64>}} : (tensor<4xf32>, tensor<4xf32>, tensor<2xi32>, "
        "tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4xf32>"
    ) in text
    assert "ragged_all_to_all[\n" in str(meshjit.make_jaxpr(_program())(*ARGS))


def test_offsets_and_axes_are_checked_as_in_jax():
    def float_offsets(operand, output, offsets, *rest, axis_name):
        return lax.ragged_all_to_all(
            operand, output, offsets.astype(np.float32), *rest, axis_name=axis_name
        )

    with pytest.raises(ValueError, match="ragged_all_to_all input_offsets must be integer type"):
        _program(float_offsets).lower(*ARGS)
    with pytest.raises(RuntimeError, match="must be used within a mapped context like vmap"):
        lax.ragged_all_to_all(*ARGS, axis_name="x")  # JAX's eager error
    with pytest.raises(NameError, match="Found an unbound axis name: x"):
        meshjit.jit(lambda *a: lax.ragged_all_to_all(*a, axis_name="x"))(*ARGS)
