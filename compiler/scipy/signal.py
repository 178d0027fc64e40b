"""meshjit.scipy.signal: JAX 0.10.2's convolutions (direct through lax.conv_general_dilated, or
through FFTs) and detrend, as compositions of lax and numpy ops."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.batching.api import vmap
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.numpy import fft as jnp_fft
from meshjit.compiler.numpy import linalg as jnp_linalg
from meshjit.compiler.numpy.util import aval_of, check_arraylike, promote_inexact, static_axis

__all__ = [
    "convolve",
    "convolve2d",
    "correlate",
    "correlate2d",
    "detrend",
    "fftconvolve",
]

_MODES = ("full", "same", "valid")


def _check_mode(mode) -> None:
    if mode not in _MODES:
        raise MeshjitValueError(f"mode must be one of {list(_MODES)}, got {mode!r}")


def _inexact_pair(in1, in2):
    return promote_inexact(jnp.asarray(in1), jnp.asarray(in2))


def _ordered(shape1, shape2, message: str) -> bool:
    """Whether the operands swap (the second is at least as large in every dimension)."""
    no_swap = all(s1 >= s2 for s1, s2 in zip(shape1, shape2))
    swap = all(s1 <= s2 for s1, s2 in zip(shape1, shape2))
    if not (no_swap or swap):
        raise MeshjitValueError(f"{message}; got shapes {shape1} and {shape2}")
    return swap


# ---------------------------------------------------------------------------------------------
# Direct convolution.


def _padding(mode, shape, shape_o):
    if mode == "valid":
        return [(0, 0) for _ in shape]
    if mode == "same":
        return [(s - 1 - (so - 1) // 2, s - so + (so - 1) // 2) for s, so in zip(shape, shape_o)]
    return [(s - 1, s - 1) for s in shape]


def _convolve_nd(in1, in2, mode, *, precision):
    _check_mode(mode)
    in1, in2 = jnp.asarray(in1), jnp.asarray(in2)
    if in1.ndim != in2.ndim:
        raise MeshjitValueError(
            f"in1 and in2 must have the same number of dimensions, got {in1.ndim} and {in2.ndim}"
        )
    if in1.size == 0 or in2.size == 0:
        raise MeshjitValueError(
            f"zero-size arrays not supported in convolutions, got shapes {in1.shape} and "
            f"{in2.shape}."
        )
    in1, in2 = _inexact_pair(in1, in2)
    shape_o = in2.shape
    if _ordered(
        in1.shape, in2.shape, "One input must be smaller than the other in every dimension"
    ):
        in1, in2 = in2, in1
    padding = _padding(mode, in2.shape, shape_o)
    strides = (1,) * in1.ndim
    out = lax.conv_general_dilated(
        in1[None, None], jnp.flip(in2)[None, None], strides, padding, precision=precision
    )
    return out[0, 0]


def convolve(in1, in2, mode="full", method="auto", precision=None):
    if method == "fft":
        return fftconvolve(in1, in2, mode=mode)
    if method in ("direct", "auto"):
        return _convolve_nd(in1, in2, mode, precision=precision)
    raise MeshjitValueError(f"Got method={method!r}; expected 'auto', 'fft', or 'direct'.")


def correlate(in1, in2, mode="full", method="auto", precision=None):
    return convolve(in1, jnp.flip(jnp.conj(jnp.asarray(in2))), mode, method, precision)


def _check_2d(name, in1, in2, boundary, fillvalue) -> None:
    if boundary != "fill" or fillvalue != 0:
        raise MeshjitNotImplementedError(f"{name}() only supports boundary='fill', fillvalue=0")
    if np.ndim(in1) != 2 or np.ndim(in2) != 2:
        raise MeshjitValueError(f"{name}() only supports 2-dimensional inputs.")


def convolve2d(in1, in2, mode="full", boundary="fill", fillvalue=0, precision=None):
    _check_2d("convolve2d", in1, in2, boundary, fillvalue)
    return _convolve_nd(in1, in2, mode, precision=precision)


def correlate2d(in1, in2, mode="full", boundary="fill", fillvalue=0, precision=None):
    _check_2d("correlate2d", in1, in2, boundary, fillvalue)
    in1, in2 = jnp.asarray(in1), jnp.asarray(in2)
    swap = all(s1 <= s2 for s1, s2 in zip(in1.shape, in2.shape))
    if mode != "same" and swap and in1.shape != in2.shape:
        # scipy's order: the larger operand slides over the conjugated smaller one.
        out = _convolve_nd(jnp.flip(in2), jnp.conj(in1), mode, precision=precision)
        return out if mode == "valid" else jnp.conj(out)
    if mode == "full" and swap:
        return jnp.conj(_convolve_nd(jnp.flip(in2), jnp.conj(in1), mode, precision=precision))
    return jnp.flip(_convolve_nd(jnp.flip(in1), jnp.conj(in2), mode, precision=precision))


# ---------------------------------------------------------------------------------------------
# FFT convolution.


def _fftconvolve_unbatched(in1, in2, mode):
    full_shape = tuple(s1 + s2 - 1 for s1, s2 in zip(in1.shape, in2.shape))
    if mode == "valid" and _ordered(
        in1.shape,
        in2.shape,
        "For 'valid' mode, One input must be at least as large as the other in every dimension",
    ):
        in1, in2 = in2, in1
    if all(s1 == 1 or s2 == 1 for s1, s2 in zip(in1.shape, in2.shape)):
        conv = in1 * in2
    else:
        complex_input = jnp.iscomplexobj(in1)
        fft = jnp_fft.fftn if complex_input else jnp_fft.rfftn
        ifft = jnp_fft.ifftn if complex_input else jnp_fft.irfftn
        conv = ifft(fft(in1, full_shape) * fft(in2, full_shape), full_shape)
    out_shape = {
        "full": full_shape,
        "same": in1.shape,
        "valid": tuple(s1 - s2 + 1 for s1, s2 in zip(in1.shape, in2.shape)),
    }[mode]
    starts = tuple((f - o) // 2 for f, o in zip(full_shape, out_shape))
    return lax.dynamic_slice(conv, starts, out_shape)


def fftconvolve(in1, in2, mode="full", axes=None):
    check_arraylike("fftconvolve", in1, in2)
    in1, in2 = _inexact_pair(in1, in2)
    if in1.ndim != in2.ndim:
        raise MeshjitValueError("in1 and in2 should have the same dimensionality")
    _check_mode(mode)

    def conv(a, b):
        return _fftconvolve_unbatched(a, b, mode)

    if axes is None:
        return conv(in1, in2)
    axes = (axes,) if np.ndim(axes) == 0 else tuple(axes)
    axes = {static_axis(ax, in1.ndim) for ax in axes}
    mapped = sorted(set(range(in1.ndim)) - axes)
    if any(in1.shape[i] != in2.shape[i] for i in mapped):
        raise MeshjitValueError(
            f"mapped axes must have same shape; got in1.shape={in1.shape} "
            f"in2.shape={in2.shape} axes={tuple(sorted(axes))}"
        )
    for ax in mapped:
        conv = vmap(conv, in_axes=ax, out_axes=ax)
    return conv(in1, in2)


# ---------------------------------------------------------------------------------------------
# detrend.


def _breakpoints(bp, n: int) -> np.ndarray:
    points = np.sort(np.unique(np.r_[0, bp, n]))
    if points[0] < 0 or points[-1] > n:
        raise MeshjitValueError(
            "Breakpoints must be non-negative and less than length of data along given axis."
        )
    return points


def _remove_line(data, start: int, stop: int):
    count = stop - start
    ones = jnp.ones(count, dtype=data.dtype)
    ramp = jnp.arange(1, count + 1, dtype=data.dtype) / np.asarray(count).astype(data.dtype)
    design = jnp.vstack([ones, ramp]).T
    coef = jnp_linalg.lstsq(design, data[start:stop])[0]
    fit = jnp.matmul(design, coef, precision=lax.Precision.HIGHEST)
    return data.at[start:stop].add(-fit)


def detrend(data, axis=-1, type="linear", bp=0, overwrite_data=None):
    if overwrite_data is not None:
        raise MeshjitNotImplementedError("overwrite_data argument not implemented.")
    if type not in ("constant", "linear"):
        raise MeshjitValueError("Trend type must be 'linear' or 'constant'.")
    (data,) = promote_inexact(jnp.asarray(data))
    if type == "constant":
        return data - data.mean(axis, keepdims=True)
    n = aval_of(data).shape[axis]
    points = _breakpoints(bp, n)
    data = jnp.moveaxis(data, axis, 0)
    shape = data.shape
    data = data.reshape(n, -1)
    for start, stop in zip(points[:-1], points[1:]):
        data = _remove_line(data, int(start), int(stop))
    return jnp.moveaxis(data.reshape(shape), 0, axis)
