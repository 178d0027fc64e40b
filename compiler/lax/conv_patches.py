"""conv_general_dilated_patches: the input's patches (each window's values, flattened into the
feature dimension, channel-major) extracted by a grouped convolution with one-hot filters, as
JAX extracts them."""

from __future__ import annotations

import math

from meshjit.compiler.lax import elementwise, shapes
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.lax.convolution import conv_dimension_numbers, conv_general_dilated

__all__ = ["conv_general_dilated_patches"]


def _one_hot_filters(dtype, n_channels: int, filter_shape: tuple, rhs_spec):
    """(channels * window size, 1, *filter_shape) identity filters, laid out as rhs_spec says."""
    size = math.prod(filter_shape)
    rows = shapes.broadcasted_iota("int32", (size, size), 0)
    cols = shapes.broadcasted_iota("int32", (size, size), 1)
    eye = elementwise.convert_element_type(elementwise.eq(rows, cols), dtype)
    rhs = shapes.broadcast_in_dim(eye, (n_channels, size, size), (1, 2))
    rhs = shapes.reshape(rhs, (n_channels * size, 1, *filter_shape))
    order = [d for d in range(rhs.ndim) if d not in (0, 1)]
    for dim, source in sorted(((rhs_spec[0], 0), (rhs_spec[1], 1))):
        order.insert(dim, source)
    return shapes.transpose(rhs, order)


def conv_general_dilated_patches(
    lhs,
    filter_shape,
    window_strides,
    padding,
    lhs_dilation=None,
    rhs_dilation=None,
    dimension_numbers=None,
    precision=None,
    preferred_element_type=None,
):
    aval = aval_of(lhs)
    filter_shape = tuple(filter_shape)
    dimension_numbers = conv_dimension_numbers(aval.shape, (1, 1) + filter_shape, dimension_numbers)
    lhs_spec, rhs_spec, _ = dimension_numbers
    n_channels = aval.shape[lhs_spec[1]]
    rhs = _one_hot_filters(aval.dtype, n_channels, filter_shape, rhs_spec)
    groups = n_channels  # one group per channel: each filter sees one input channel
    return conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation,
                                dimension_numbers, groups, 1, precision, preferred_element_type)  # fmt: skip
