"""meshjit.numpy.fft: NumPy's discrete Fourier transforms over `lax.fft`, with JAX's semantics
(`n` / `s` crop or zero-pad the input, `axes` move to the end for the transform and back, `norm`
is "backward", "ortho" or "forward"; transforms over more than three axes are composed, as XLA
supports at most three), the sample frequencies and the spectrum shifts."""

from __future__ import annotations

import math
import operator

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax.fft import FftType
from meshjit.compiler.numpy import complex_parts
from meshjit.compiler.numpy.creation import arange, array, asarray
from meshjit.compiler.numpy.rearranging import pad, roll
from meshjit.compiler.numpy.shapes import moveaxis
from meshjit.compiler.numpy.util import aval_of, check_arraylike, placed

__all__ = [
    "fft",
    "fft2",
    "fftfreq",
    "fftn",
    "fftshift",
    "hfft",
    "ifft",
    "ifft2",
    "ifftn",
    "ifftshift",
    "ihfft",
    "irfft",
    "irfft2",
    "irfftn",
    "rfft",
    "rfft2",
    "rfftfreq",
    "rfftn",
]

_NORMS = ("backward", "ortho", "forward")


def _norm_factor(func_name: str, s, norm: str | None) -> float | None:
    """The factor a transform of lengths `s` is scaled by (None: unscaled)."""
    if norm is None or norm == "backward":
        return None
    if norm not in _NORMS:
        raise MeshjitValueError(
            f'Invalid norm value {norm}; should be "backward","ortho" or "forward".'
        )
    size = float(math.prod(s))
    inverse = func_name.startswith("i")
    if norm == "ortho":
        return math.sqrt(size) if inverse else 1.0 / math.sqrt(size)
    return size if inverse else 1.0 / size


def _fft_core(func_name: str, fft_type: FftType, a, s, axes, norm):
    full_name = f"jax.numpy.fft.{func_name}"
    check_arraylike(full_name, a)
    arr = asarray(a)
    ndim = aval_of(arr).ndim
    if s is not None:
        s = tuple(operator.index(n) for n in s)
        if any(n <= 0 for n in s):
            raise MeshjitValueError("Shape should be positive.")
    if s is not None and axes is not None and len(s) != len(axes):
        raise MeshjitValueError("Shape and axes have different lengths.")
    orig_axes = axes
    if axes is None:
        axes = range(ndim) if s is None else range(ndim - len(s), ndim)
    axes = tuple(axes)
    if len(axes) != len(set(axes)):
        raise MeshjitValueError(f"{full_name} does not support repeated axes. Got axes {axes}.")
    if orig_axes is not None:  # XLA transforms the innermost dimensions
        axes = tuple(range(ndim - len(axes), ndim))
        arr = moveaxis(arr, orig_axes, axes)
    shape = aval_of(arr).shape
    if s is not None:
        in_s = list(shape)
        for axis, n in zip(axes, s):
            in_s[axis] = n
        if fft_type == FftType.IRFFT:
            in_s[-1] = in_s[-1] // 2 + 1
        arr = arr[tuple(slice(n) for n in in_s)]  # crop, then zero-pad
        arr = pad(arr, [(0, n - m) for n, m in zip(in_s, aval_of(arr).shape)])
    elif fft_type == FftType.IRFFT:
        s = [shape[axis] for axis in axes[:-1]]
        if axes:
            s += [max(0, 2 * (shape[axes[-1]] - 1))]
    else:
        s = [shape[axis] for axis in axes]
    out = _fft_nd(arr, fft_type, tuple(s))
    factor = _norm_factor(func_name, s, norm)
    if factor is not None:
        out = lax.mul(out, lax.convert_element_type(factor, aval_of(out).dtype))
    if orig_axes is not None:
        out = moveaxis(out, axes, orig_axes)
    return out


def _fft_nd(arr, fft_type: FftType, s: tuple):
    """XLA transforms up to three dimensions at once: more are done three (four: two) at a
    time, the trailing ones first (RFFT / FFT) or last (IRFFT / IFFT), as JAX does."""
    if len(s) <= 3:
        return lax.fft(arr, fft_type, s)
    n = 2 if len(s) == 4 else 3
    ndim = aval_of(arr).ndim
    src = tuple(range(ndim - len(s), ndim - n))
    dst = tuple(range(ndim - len(s) + n, ndim))
    if fft_type in (FftType.RFFT, FftType.FFT):
        arr = lax.fft(arr, fft_type, s[-n:])
        arr = moveaxis(arr, src, dst)
        arr = _fft_nd(arr, FftType.FFT, s[:-n])
        return moveaxis(arr, dst, src)
    arr = moveaxis(arr, src, dst)
    arr = _fft_nd(arr, FftType.IFFT, s[:-n])
    arr = moveaxis(arr, dst, src)
    return lax.fft(arr, fft_type, s[-n:])


def fftn(a, s=None, axes=None, norm=None):
    return _fft_core("fftn", FftType.FFT, a, s, axes, norm)


def ifftn(a, s=None, axes=None, norm=None):
    return _fft_core("ifftn", FftType.IFFT, a, s, axes, norm)


def rfftn(a, s=None, axes=None, norm=None):
    return _fft_core("rfftn", FftType.RFFT, a, s, axes, norm)


def irfftn(a, s=None, axes=None, norm=None):
    return _fft_core("irfftn", FftType.IRFFT, a, s, axes, norm)


def _fft_1d(func_name: str, fft_type: FftType, a, n, axis, norm):
    if isinstance(axis, (list, tuple)):
        full_name = f"jax.numpy.fft.{func_name}"
        raise MeshjitValueError(
            f"{full_name} does not support multiple axes. Please use {full_name}n. "
            f"Got axis = {axis!r}."
        )
    axes = None if axis is None else [axis]
    return _fft_core(func_name, fft_type, a, None if n is None else [n], axes, norm)


def fft(a, n=None, axis=-1, norm=None):
    return _fft_1d("fft", FftType.FFT, a, n, axis, norm)


def ifft(a, n=None, axis=-1, norm=None):
    return _fft_1d("ifft", FftType.IFFT, a, n, axis, norm)


def rfft(a, n=None, axis=-1, norm=None):
    return _fft_1d("rfft", FftType.RFFT, a, n, axis, norm)


def irfft(a, n=None, axis=-1, norm=None):
    return _fft_1d("irfft", FftType.IRFFT, a, n, axis, norm)


def hfft(a, n=None, axis=-1, norm=None):
    """The FFT of a signal with Hermitian symmetry, given by its half spectrum: a real result."""
    check_arraylike("conjugate", a)  # JAX's hfft conjugates first, by that name
    conj_a = complex_parts.conj(a)
    size = (aval_of(conj_a).shape[axis] - 1) * 2 if n is None else n
    out = _fft_1d("hfft", FftType.IRFFT, conj_a, n, axis, norm)
    return lax.mul(out, lax.convert_element_type(size, aval_of(out).dtype))


def ihfft(a, n=None, axis=-1, norm=None):
    """The inverse of hfft: the half spectrum of a real signal, conjugated and scaled."""
    arr = asarray(a)
    size = aval_of(arr).shape[axis] if n is None else n
    out = _fft_1d("ihfft", FftType.RFFT, arr, n, axis, norm)
    return lax.mul(complex_parts.conj(out), lax.convert_element_type(1 / size, aval_of(out).dtype))


def _fft_2d(func_name: str, fft_type: FftType, a, s, axes, norm):
    if len(axes) != 2:
        raise MeshjitValueError(
            f"jax.numpy.fft.{func_name} only supports 2 axes. Got axes = {axes!r}."
        )
    return _fft_core(func_name, fft_type, a, s, axes, norm)


def fft2(a, s=None, axes=(-2, -1), norm=None):
    return _fft_2d("fft2", FftType.FFT, a, s, axes, norm)


def ifft2(a, s=None, axes=(-2, -1), norm=None):
    return _fft_2d("ifft2", FftType.IFFT, a, s, axes, norm)


def rfft2(a, s=None, axes=(-2, -1), norm=None):
    return _fft_2d("rfft2", FftType.RFFT, a, s, axes, norm)


def irfft2(a, s=None, axes=(-2, -1), norm=None):
    return _fft_2d("irfft2", FftType.IRFFT, a, s, axes, norm)


def _check_freq_args(name: str, n, d):
    if isinstance(n, (list, tuple)):
        raise MeshjitValueError(
            f"The n argument of jax.numpy.fft.{name} only takes an int. Got n = {list(n)}."
        )
    if isinstance(d, (list, tuple)):
        raise MeshjitValueError(
            f"The d argument of jax.numpy.fft.{name} only takes a single value. Got d = {list(d)}."
        )


def fftfreq(n: int, d=1.0, *, dtype=None, device=None):
    """The sample frequencies of an n-point FFT with sample spacing d: [0, 1, ..., -1] / (d n)."""
    _check_freq_args("fftfreq", n, d)
    out_dtype = dtypes.canonicalize(dtype or dtypes.default_float)
    dtype = dtypes.real_dtype(out_dtype) if dtypes.is_inexact(out_dtype) else dtypes.default_float
    i = arange(n, dtype=dtype)
    k = (i + n // 2) % n - n // 2  # JAX's operators: `%` is jnp.remainder (its jaxpr)
    out = (k.astype(dtype) / array(d * n, dtype)).astype(out_dtype)
    return placed(out, device, None, "fftfreq")


def rfftfreq(n: int, d=1.0, *, dtype=None, device=None):
    """The sample frequencies of rfft's half spectrum: [0, 1, ..., n // 2] / (d n)."""
    _check_freq_args("rfftfreq", n, d)
    dtype = dtypes.canonicalize(dtype or dtypes.default_float)
    k = arange(0, n // 2 + 1, dtype=dtype)
    return placed(k / array(d * n, dtype), device, None, "rfftfreq")


def _shifts(x, axes, sign: int):
    shape = aval_of(x).shape
    if axes is None:
        axes = tuple(range(len(shape)))
        return [sign * (dim // 2) for dim in shape], axes
    if isinstance(axes, int):
        return sign * (shape[axes] // 2), axes
    return [sign * (shape[ax] // 2) for ax in axes], axes


def fftshift(x, axes=None):
    """The zero frequency moved to the middle of the spectrum."""
    check_arraylike("fftshift", x)
    x = asarray(x)
    shift, axes = _shifts(x, axes, 1)
    return roll(x, shift, axes)


def ifftshift(x, axes=None):
    """The inverse of fftshift."""
    check_arraylike("ifftshift", x)
    x = asarray(x)
    shift, axes = _shifts(x, axes, -1)
    return roll(x, shift, axes)
