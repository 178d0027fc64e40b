"""lax's shape helpers for convolutions and windows (`conv_general_shape_tuple`, ...), which
hand-written layers (stax's GeneralConv, for one) use to size their outputs."""

from __future__ import annotations

from typing import Union

import numpy as np

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.lax.convolution import ConvDimensionNumbers, _conv_transpose_padding
from meshjit.compiler.lax.windowed import dilate_dim, padtype_to_pads

__all__ = [
    "ConvGeneralDilatedDimensionNumbers",
    "conv_general_permutations",
    "conv_general_shape_tuple",
    "conv_shape_tuple",
    "conv_transpose_shape_tuple",
    "reduce_window_shape_tuple",
]

ConvGeneralDilatedDimensionNumbers = Union[None, ConvDimensionNumbers, tuple[str, str, str]]

_CHAR_PAIRS = (("N", "C"), ("O", "I"), ("N", "C"))


def _check_specs(dimension_numbers) -> None:
    for i, (a, b) in enumerate(_CHAR_PAIRS):
        spec = dimension_numbers[i]
        if not spec.count(a) == spec.count(b) == 1:
            raise MeshjitTypeError(
                f"convolution dimension_numbers[{i}] must contain the characters '{a}' and "
                f"'{b}' exactly once, got {spec}."
            )
        if len(spec) != len(set(spec)):
            raise MeshjitTypeError(
                f"convolution dimension_numbers[{i}] cannot have duplicate characters, got {spec}."
            )
    spatial = [set(spec) - set(pair) for spec, pair in zip(dimension_numbers, _CHAR_PAIRS)]
    if not spatial[0] == spatial[1] == spatial[2]:
        raise MeshjitTypeError(
            "convolution dimension_numbers elements must each have the same set of spatial "
            f"characters, got {dimension_numbers}."
        )


def conv_general_permutations(dimension_numbers):
    """Each layout string's permutation to (batch or out, feature or in, spatial in rhs order)."""
    _check_specs(dimension_numbers)
    rhs_spec = dimension_numbers[1]

    def permutation(spec, pair):
        spatial = [i for i, c in enumerate(spec) if c not in pair]
        if spec is not rhs_spec:
            spatial.sort(key=lambda i: rhs_spec.index(spec[i]))
        return (spec.index(pair[0]), spec.index(pair[1]), *spatial)

    return tuple(map(permutation, dimension_numbers, _CHAR_PAIRS))


def _stride_dim(size, window, stride):
    return max((size - window) // stride + 1, 0)


# As JAX's, these compute with NumPy: the spatial sizes are NumPy integers (and, for the
# layout-string versions, every size), which stax's output shapes show.


def conv_shape_tuple(lhs_shape, rhs_shape, strides, pads, batch_group_count=1):
    """The output shape of a convolution whose shapes are in canonical (N, C, spatial) order."""
    if isinstance(pads, str):
        pads = padtype_to_pads(lhs_shape[2:], rhs_shape[2:], strides, pads)
    if len(pads) != len(lhs_shape) - 2:
        raise MeshjitTypeError(
            "Wrong number of explicit pads for convolution: expected "
            f"{len(lhs_shape) - 2}, got {len(pads)}."
        )
    totals = np.sum(np.array(pads, dtype=np.int64).reshape(-1, 2), axis=1)
    padded = np.add(np.asarray(lhs_shape[2:], dtype=np.int64), totals)
    if np.any(padded < 0):
        raise MeshjitValueError(
            "Negative padding is larger than the size of the corresponding dimension: got "
            f"padding={pads} for lhs_shape[2:]={tuple(lhs_shape[2:])}"
        )
    space = tuple(map(_stride_dim, padded, rhs_shape[2:], strides))
    first = lhs_shape[0] // batch_group_count if batch_group_count > 1 else lhs_shape[0]
    return (first, rhs_shape[0], *space)


def conv_general_shape_tuple(lhs_shape, rhs_shape, window_strides, padding, dimension_numbers):
    """The output shape of `conv_general_dilated` for layout strings `dimension_numbers`."""
    lhs_perm, rhs_perm, out_perm = conv_general_permutations(dimension_numbers)
    out = conv_shape_tuple(
        np.take(lhs_shape, lhs_perm), np.take(rhs_shape, rhs_perm), window_strides, padding
    )
    return tuple(np.take(out, np.argsort(out_perm)))


def conv_transpose_shape_tuple(lhs_shape, rhs_shape, window_strides, padding, dimension_numbers):
    """The output shape of `conv_transpose` for layout strings `dimension_numbers`."""
    lhs_perm, rhs_perm, out_perm = conv_general_permutations(dimension_numbers)
    lhs, rhs = np.take(lhs_shape, lhs_perm), np.take(rhs_shape, rhs_perm)
    if isinstance(padding, str):
        padding = [_conv_transpose_padding(k, s, padding) for k, s in zip(rhs[2:], window_strides)]
    totals = [sum(p) for p in padding]
    space = [
        (i - 1) * s - k + 2 + p for i, k, s, p in zip(lhs[2:], rhs[2:], window_strides, totals)
    ]
    return tuple(np.take((lhs[0], rhs[0], *space), np.argsort(out_perm)))


def reduce_window_shape_tuple(
    operand_shape, window_dimensions, window_strides, padding, base_dilation=None,
    window_dilation=None,
):  # fmt: skip
    """The output shape of `reduce_window` with explicit (low, high) `padding`."""
    if base_dilation is not None:
        operand_shape = tuple(map(dilate_dim, operand_shape, base_dilation))
    if window_dilation is not None:
        window_dimensions = tuple(map(dilate_dim, window_dimensions, window_dilation))
    padded = [d + lo + hi for d, (lo, hi) in zip(operand_shape, padding)]
    return tuple(map(_stride_dim, padded, window_dimensions, window_strides))
