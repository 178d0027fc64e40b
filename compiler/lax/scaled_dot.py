"""scaled_dot: a dot product of block-scaled operands, `(lhs * lhs_scale) @ (rhs * rhs_scale)`
(dot_general's dimension numbers), as JAX 0.10.2's lax.scaled_dot with all its rules.

A scale has the operand's rank and sizes except along the contracting dimensions, where each of
its elements scales a block of at least two of the operand's. The product is computed as JAX's
decomposition computes it: scales repeated over their blocks, operands and scales in bfloat16,
the dot in `preferred_element_type` (bfloat16 by default). Not differentiable, as JAX's.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    lowering_rules,
)
from meshjit.compiler.lax import elementwise, shapes
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.lax.batching import move_to_front, size_of
from meshjit.compiler.lax.dot import dot_general
from meshjit.compiler.lax.lapack import lower_fun

__all__ = ["scaled_dot"]

scaled_dot_p = Primitive("scaled_dot")


def _check_scale(side: str, operand, scale, contracting) -> None:
    """JAX's checks and words: a scale's contracting sizes divide the operand's by >= 2."""
    for i, size in enumerate(operand.shape):
        if i not in contracting:
            if scale.shape[i] != size:
                raise MeshjitTypeError(
                    f"{side} dim {i} of size {size} does not match scale dim size {scale.shape[i]}."
                )
            continue
        if size % scale.shape[i]:
            raise MeshjitTypeError(
                f"{side} contracting dim {i} of size {size} must be divisible by its scale's "
                f"dim size {scale.shape[i]}."
            )
        if size // scale.shape[i] < 2:
            raise MeshjitTypeError(
                f"The ratio of {side} contracting dim {i} to its scale's dim size "
                f"({size // scale.shape[i]}) must be at least 2."
            )


def _check_ranks_and_dims(lhs, rhs, lhs_scale, rhs_scale, dimension_numbers) -> None:
    (lc, rc), (lb, rb) = dimension_numbers
    if len({lhs.ndim, rhs.ndim, lhs_scale.ndim, rhs_scale.ndim}) > 1:
        raise MeshjitTypeError(
            f"All input tensors must have the same rank. Got lhs rank: {lhs.ndim} rhs rank: "
            f"{rhs.ndim} lhs_scale rank: {lhs_scale.ndim} rhs_scale rank: {rhs_scale.ndim}."
        )
    for what, left, right in (("batch", lb, rb), ("contracting", lc, rc)):
        if len(left) != len(right):
            raise MeshjitTypeError(
                f"LHS and RHS must have the same number of {what} dimensions, got {len(left)} "
                f"and {len(right)}."
            )
    for i, j in zip(lb, rb):
        sizes = {lhs.shape[i], rhs.shape[j], lhs_scale.shape[i], rhs_scale.shape[j]}
        if len(sizes) > 1:
            raise MeshjitTypeError(
                "All input tensors must have the same batch dimension size for batch dims "
                f"({i}, {j})."
            )
    for i, j in zip(lc, rc):
        if lhs.shape[i] != rhs.shape[j]:
            raise MeshjitTypeError(
                f"LHS contracting dim {i} of size {lhs.shape[i]} does not match RHS contracting "
                f"dim {j} of size {rhs.shape[j]}."
            )


@abstract_eval_rules.register(scaled_dot_p)
def _scaled_dot_rule(lhs, rhs, lhs_scale, rhs_scale, *, dimension_numbers, preferred_element_type):
    _check_ranks_and_dims(lhs, rhs, lhs_scale, rhs_scale, dimension_numbers)
    (lc, rc), (lb, rb) = dimension_numbers
    _check_scale("LHS", lhs, lhs_scale, lc)
    _check_scale("RHS", rhs, rhs_scale, rc)
    lhs_free = [lhs.shape[i] for i in range(lhs.ndim) if i not in lc and i not in lb]
    rhs_free = [rhs.shape[i] for i in range(rhs.ndim) if i not in rc and i not in rb]
    shape = (*[lhs.shape[i] for i in lb], *lhs_free, *rhs_free)
    return ShapedArray(shape, preferred_element_type)


def _repeated(scale, shape, contracting):
    """The scale with each element repeated over its block of the operand's `shape`."""
    for i in contracting:
        scale_shape = aval_of(scale).shape
        if scale_shape[i] == shape[i]:
            continue
        block = shape[i] // scale_shape[i]
        spread = (*scale_shape[: i + 1], block, *scale_shape[i + 1 :])
        dims = tuple(d for d in range(len(spread)) if d != i + 1)
        scale = shapes.broadcast_in_dim(scale, spread, dims)
        scale = shapes.reshape(scale, (*scale_shape[:i], shape[i], *scale_shape[i + 1 :]))
    return scale


def _scaled(x, scale, contracting):
    bf16 = dtypes.bfloat16
    scale = _repeated(scale, aval_of(x).shape, contracting)
    x = elementwise.convert_element_type(x, bf16)
    return elementwise.mul(x, elementwise.convert_element_type(scale, bf16))


def _scaled_dot_impl(lhs, rhs, lhs_scale, rhs_scale, *, dimension_numbers, preferred_element_type):
    (lc, rc), _ = dimension_numbers
    lhs, rhs = _scaled(lhs, lhs_scale, lc), _scaled(rhs, rhs_scale, rc)
    return dot_general(lhs, rhs, dimension_numbers, None, preferred_element_type)


lowering_rules.register(scaled_dot_p, lower_fun(_scaled_dot_impl, multiple_results=False))


@batching_rules.register(scaled_dot_p)
def _scaled_dot_batching(args, dims, *, dimension_numbers, preferred_element_type):
    """Every operand's mapped axis in front, a new batch dimension 0 (as JAX's rule)."""
    size = size_of(args, dims)
    args = [move_to_front(x, d, size) for x, d in zip(args, dims)]
    (lc, rc), (lb, rb) = dimension_numbers
    shift = lambda ds: tuple(d + 1 for d in ds)  # noqa: E731
    numbers = ((shift(lc), shift(rc)), ((0, *shift(lb)), (0, *shift(rb))))
    out = scaled_dot_p.bind(
        *args, dimension_numbers=numbers, preferred_element_type=preferred_element_type
    )
    return out, 0


def _unit_scale(operand, contracting):
    """JAX's scale of ones (float8_e8m0fnu) for an operand given without one."""
    shape = tuple(1 if i in contracting else n for i, n in enumerate(aval_of(operand).shape))
    ones = shapes.full(shape, np.array(1, dtypes.bfloat16))
    return elementwise.convert_element_type(ones, np.dtype(ml_dtypes.float8_e8m0fnu))


def scaled_dot(
    lhs,
    rhs,
    *,
    lhs_scale=None,
    rhs_scale=None,
    dimension_numbers=None,
    preferred_element_type=None,
):
    """`(lhs * lhs_scale) @ (rhs * rhs_scale)`; `dimension_numbers` default to a (batched)
    matrix product over the last two dimensions."""
    if dimension_numbers is None:
        n = np.ndim(lhs)
        if n < 2:
            raise MeshjitTypeError("scaled_dot does not support 0-rank and 1-rank operands.")
        batch = tuple(range(n - 2))
        dimension_numbers = (((n - 1,), (n - 2,)), (batch, batch))
    (lc, rc), (lb, rb) = dimension_numbers
    numbers = ((tuple(lc), tuple(rc)), (tuple(lb), tuple(rb)))
    lhs_scale = _unit_scale(lhs, lc) if lhs_scale is None else lhs_scale
    rhs_scale = _unit_scale(rhs, rc) if rhs_scale is None else rhs_scale
    dtype = dtypes.bfloat16 if preferred_element_type is None else preferred_element_type
    return scaled_dot_p.bind(
        lhs,
        rhs,
        lhs_scale,
        rhs_scale,
        dimension_numbers=numbers,
        preferred_element_type=dtypes.canonicalize(dtype),
    )
