"""jax.nn's block-scaled matmuls: scaled_matmul, scaled_dot_general and its configurations, as
JAX 0.10.2's.

JAX runs them through cuDNN (and ROCm), so on CPU devices, meshjit's only kind, JAX traces
scaled_matmul but fails to compile it, and scaled_dot_general with quantization configs fails
the same way; meshjit does as JAX does on CPU, with its checks and messages. Without configs
scaled_dot_general is lax.dot_general. For block-scaled products that run on CPU,
lax.scaled_dot computes `(lhs * lhs_scale) @ (rhs * rhs_scale)`.
"""

from __future__ import annotations

import dataclasses

import ml_dtypes
import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.registry import Primitive, abstract_eval_rules, lowering_rules
from meshjit.compiler.lax.ad_util import aval_of

__all__ = [
    "BlockScaleConfig",
    "get_scaled_dot_general_config",
    "scaled_dot_general",
    "scaled_matmul",
]

scaled_matmul_p = Primitive("scaled_matmul", multiple_results=True)
_NO_CPU_RULE = "MLIR translation rule for primitive 'scaled_matmul' not found for platform cpu"
_GPU_ONLY = (
    "JAX computes jax.nn.scaled_matmul (and scaled_dot_general with configs) with cuDNN on "
    "GPUs only; on CPU, lax.scaled_dot(lhs, rhs, lhs_scale=..., rhs_scale=...) computes a "
    "block-scaled product"
)


@dataclasses.dataclass(slots=True)
class BlockScaleConfig:
    """How scaled_dot_general quantizes an operand: blocks of `block_size` along the
    contracting dimension, stored as `data_type` with one `scale_type` scale per block."""

    mode: str
    block_size: int
    data_type: object
    scale_type: object
    global_scale: object
    infer_only: bool


def get_scaled_dot_general_config(mode, global_scale=None) -> BlockScaleConfig:
    """JAX's configuration for the 'nvfp4' or 'mxfp8' block scaling."""
    if mode == "nvfp4":
        one = np.ones((1,), np.float32)
        scale = one if global_scale is None else global_scale
        return BlockScaleConfig(
            "nvfp4", 16, ml_dtypes.float4_e2m1fn, ml_dtypes.float8_e4m3fn, scale, False
        )
    if mode == "mxfp8":
        return BlockScaleConfig(
            "mxfp8", 32, ml_dtypes.float8_e4m3fn, ml_dtypes.float8_e8m0fnu, None, False
        )
    raise MeshjitValueError(f"Unsupported mode: {mode}")


@abstract_eval_rules.register(scaled_matmul_p)
def _scaled_matmul_rule(a, b, a_scales, b_scales, *, preferred_element_type):
    (batch, m, _), n = a.shape, b.shape[1]
    return [ShapedArray((batch, m, n), preferred_element_type)]


@lowering_rules.register(scaled_matmul_p)
def _scaled_matmul_lowering(ctx, *args, **params):
    err = MeshjitNotImplementedError(_NO_CPU_RULE)
    err.add_note(_GPU_ONLY)
    raise err


def _check_matmul_shapes(a, b, a_scales, b_scales) -> None:
    """JAX's checks and words: (B, M, K) by (B, N, K), scales (B, M, K_a) and (B, N, K_b)."""
    if not all(len(x.shape) == 3 for x in (a, b, a_scales, b_scales)):
        raise MeshjitValueError("scaled_matmul requires all inputs to be 3-dimensional arrays")
    (ba, m, ka), (bb, n, kb) = a.shape, b.shape
    if ka != kb or ba != bb:
        raise MeshjitValueError(
            "scaled_matmul requires inputs a and b to have matching batch (B) and contract (K) "
            f"dimensions, but got shapes {a.shape} and {b.shape}"
        )
    (bas, mas, kas), (bbs, nbs, kbs) = a_scales.shape, b_scales.shape
    if kas != kbs or bas != bbs:
        raise MeshjitValueError(
            "scaled_matmul requires scales to have matching batch (B) and contract (K) "
            f"dimensions, but got shapes {a_scales.shape} and {b_scales.shape}"
        )
    if mas != m or nbs != n:
        raise MeshjitValueError(
            "scaled_matmul requires scales to match non-contract dimensions of inputs, but got "
            f"shapes a: {a.shape}, b: {b.shape}, a_scales: {a_scales.shape}, b_scales: "
            f"{b_scales.shape}"
        )


def scaled_matmul(lhs, rhs, lhs_scales, rhs_scales, preferred_element_type=np.float32):
    """The block-scaled `einsum('BMK,BNK->BMN', lhs * scales, rhs * scales)` of JAX (cuDNN)."""
    _check_matmul_shapes(*(aval_of(x) for x in (lhs, rhs, lhs_scales, rhs_scales)))
    dtype = dtypes.canonicalize(preferred_element_type)
    (out,) = scaled_matmul_p.bind(lhs, rhs, lhs_scales, rhs_scales, preferred_element_type=dtype)
    return out


_SCALED_DOT_TYPES = (np.dtype(np.float32), dtypes.bfloat16, np.dtype(np.float16))


def scaled_dot_general(
    lhs, rhs, dimension_numbers, preferred_element_type=np.float32, configs=None,
    implementation=None,
):  # fmt: skip
    """lax.dot_general without `configs`; with them, JAX's quantized product (cuDNN only)."""
    if configs is None:
        return lax.dot_general(
            lhs, rhs, dimension_numbers, preferred_element_type=preferred_element_type
        )
    if preferred_element_type not in _SCALED_DOT_TYPES:  # JAX's words (unformatted, as JAX's)
        raise MeshjitTypeError(
            "Only support preferred_element_type in (f32, bf16, f16), but got "
            "{preferred_element_type}"
        )
    err = MeshjitNotImplementedError(_NO_CPU_RULE)
    err.add_note(_GPU_ONLY)
    raise err
