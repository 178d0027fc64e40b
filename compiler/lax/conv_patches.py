"""conv_general_dilated_patches: the input's patches (each window's values, flattened into the
feature dimension, channel-major) extracted by a grouped convolution with one-hot filters, as
JAX extracts them; conv_general_dilated_local, the unshared convolution built on them."""

from __future__ import annotations

import math

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.lax import elementwise, shapes
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.lax.convolution import conv_dimension_numbers, conv_general_dilated
from meshjit.compiler.lax.dot import canonicalize_precision, dot_general

__all__ = ["conv_general_dilated_local", "conv_general_dilated_patches"]


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


def conv_general_dilated_local(
    lhs,
    rhs,
    window_strides,
    padding,
    filter_shape,
    lhs_dilation=None,
    rhs_dilation=None,
    dimension_numbers=None,
    precision=None,
):
    """An unshared convolution: each output position has its own filter. `rhs` holds, per
    output position (its spatial dims, in rhs_spec's order), an (input channels * window size,
    output channels) matrix (JAX's layout); the patches of `lhs` meet it in a batched dot."""
    lhs_precision = _lhs_precision(precision)
    patches = conv_general_dilated_patches(
        lhs, filter_shape, window_strides, padding, lhs_dilation, rhs_dilation,
        dimension_numbers, lhs_precision,
    )  # fmt: skip
    shape = aval_of(lhs).shape
    _, rhs_spec, out_spec = conv_dimension_numbers(shape, (1, 1) + tuple(filter_shape), dimension_numbers)  # fmt: skip
    out_spatial, rhs_spatial = list(out_spec[2:]), list(rhs_spec[2:])
    rhs_batch = [rhs_spatial[k] for k in sorted(range(len(out_spatial)), key=out_spatial.__getitem__)]  # fmt: skip
    dn = (([out_spec[1]], [rhs_spec[1]]), (sorted(out_spatial), rhs_batch))
    out = dot_general(patches, rhs, dn, precision=precision)
    # the dot's result: spatial dims (sorted), then the batch dim, then output channels
    ndim = aval_of(out).ndim
    order = [d for d in range(ndim - 2)]
    for dim, source in sorted(((out_spec[0], ndim - 2), (out_spec[1], ndim - 1))):
        order.insert(dim, source)
    return shapes.transpose(out, order)


def _lhs_precision(precision):
    """The precision the patches are extracted at: the lhs half of a pair (JAX refuses the
    algorithm presets here)."""
    canonical = canonicalize_precision(precision)
    if canonical is None:
        return None
    if isinstance(canonical, tuple) and len(canonical) == 2:
        return canonical[0]
    raise MeshjitValueError(f"Unsupported precision for conv_general_dilated_local: {precision}")
