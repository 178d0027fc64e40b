"""NumPy references for convolutions and windowed reductions, shared by tests/lax and tests/nn."""

import math

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def _dilate(x, axes, factors, fill):
    """Inserts `factor - 1` copies of `fill` between elements along each axis."""
    shape = list(x.shape)
    index = [slice(None)] * x.ndim
    for axis, f in zip(axes, factors):
        shape[axis] = 0 if x.shape[axis] == 0 else (x.shape[axis] - 1) * f + 1
        index[axis] = slice(None, None, f)
    out = np.full(shape, fill, x.dtype)
    out[tuple(index)] = x
    return out


def _pad(x, axes, pads, fill):
    """Pads (negative values crop) along `axes`."""
    widths = [(0, 0)] * x.ndim
    for axis, (lo, hi) in zip(axes, pads):
        widths[axis] = (max(lo, 0), max(hi, 0))
    x = np.pad(x, widths, constant_values=fill)
    index = [slice(None)] * x.ndim
    for axis, (lo, hi) in zip(axes, pads):
        index[axis] = slice(max(-lo, 0), x.shape[axis] - max(-hi, 0))
    return x[tuple(index)]


def _windows(x, axes, window, strides, wdil):
    """Views of shape (..., out spatial..., window...) over `axes`."""
    spans = [(w - 1) * d + 1 for w, d in zip(window, wdil)]
    if any(x.shape[a] < span for a, span in zip(axes, spans)):
        shape = list(x.shape) + list(window)
        for a, span, s in zip(axes, spans, strides):
            shape[a] = max(x.shape[a] - span, -1) // s + 1
        return np.zeros(shape, x.dtype)
    view = sliding_window_view(x, spans, axis=axes)
    index = [slice(None)] * x.ndim + [slice(None, None, d) for d in wdil]
    for axis, s in zip(axes, strides):
        index[axis] = slice(None, None, s)
    return view[tuple(index)]


def np_conv_nchw(lhs, rhs, strides, pads, lhs_dil, rhs_dil, fgc=1, bgc=1):
    """lhs (N, C, spatial...), rhs (O, I, spatial...) -> (N, O, spatial...), in float64."""
    lhs, rhs = lhs.astype(np.float64), rhs.astype(np.float64)
    spatial = list(range(2, lhs.ndim))
    x = _pad(_dilate(lhs, spatial, lhs_dil, 0.0), spatial, pads, 0.0)
    k = _dilate(rhs, spatial, rhs_dil, 0.0)
    view = _windows(x, spatial, k.shape[2:], strides, [1] * len(spatial))
    n, c = view.shape[:2]
    out_spatial = view.shape[2 : 2 + len(spatial)]
    patches = view.reshape(n, c, math.prod(out_spatial), -1)
    kernel = k.reshape(k.shape[0], k.shape[1], -1)
    if bgc > 1:
        parts = zip(np.split(patches, bgc, 0), np.split(kernel, bgc, 0))
        out = np.concatenate([np.einsum("ncpk,ock->nop", p, w) for p, w in parts], 1)
    else:
        parts = zip(np.split(patches, fgc, 1), np.split(kernel, fgc, 0))
        out = np.concatenate([np.einsum("ncpk,ock->nop", p, w) for p, w in parts], 1)
    return out.reshape(out.shape[:2] + tuple(out_spatial))


def np_conv(lhs, rhs, strides, pads, lhs_dil, rhs_dil, dn, fgc=1, bgc=1):
    """Any layout: transpose to NCHW/OIHW with the resolved dimension numbers and back."""
    out = np_conv_nchw(
        lhs.transpose(dn.lhs_spec),
        rhs.transpose(dn.rhs_spec),
        strides,
        pads,
        lhs_dil,
        rhs_dil,
        fgc,
        bgc,
    )
    return out.transpose(np.argsort(dn.out_spec))


_IDENTITY = {np.add: 0.0, np.maximum: -np.inf, np.minimum: np.inf}


def np_reduce_window(x, init, op, window, strides, pads, base=None, wdil=None):
    """XLA's semantics: padding and dilation holes take no part; `init` is folded in once."""
    axes = list(range(x.ndim))
    base = base or [1] * x.ndim
    wdil = wdil or [1] * x.ndim
    identity = _IDENTITY[op]
    x = _pad(_dilate(x.astype(np.float64), axes, base, identity), axes, pads, identity)
    view = _windows(x, axes, window, strides, wdil)
    flat = view.reshape(view.shape[: x.ndim] + (math.prod(window),))
    return op(op.reduce(flat, axis=-1, initial=identity), init)


def same_pads(in_shape, window, strides, lower=False):
    pads = []
    for size, w, s in zip(in_shape, window, strides):
        total = max((-(-size // s) - 1) * s + w - size, 0)
        lo = total - total // 2 if lower else total // 2
        pads.append((lo, total - lo))
    return pads
