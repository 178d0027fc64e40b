"""scipy.signal's spectral estimates, as JAX computes them: the short-time Fourier transform
(stft) and its inverse (istft), the cross spectral density (csd) and Welch's power spectral
density (welch), over windowed, detrended, overlapping segments."""

from __future__ import annotations

import functools
import math
import warnings

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.batching.api import vmap
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy import fft as jnp_fft
from meshjit.compiler.numpy.util import (
    broadcast_shapes,
    check_arraylike,
    promote_inexact,
    static_axis,
)
from meshjit.compiler.scipy.signal import detrend

__all__ = ["csd", "istft", "stft", "welch"]


# ---------------------------------------------------------------------------------------------
# Windows and boundary extensions.


def _hann(n: int):
    return jnp.array([1.0]) if n == 1 else jnp.sin(jnp.linspace(0, np.pi, n, endpoint=False)) ** 2


def _named_window(window, n: int):
    if window == "hann":
        return _hann(n)
    try:
        from scipy.signal import get_window
    except ImportError as err:
        raise ImportError(f"scipy must be available to use window={window!r}") from err
    try:
        return get_window(window, n)
    except ValueError as err:  # SciPy's words, raised as meshjit's (no SciPy frame shown)
        raise MeshjitValueError(str(err)) from None


def _window_and_length(window, nperseg, input_length: int, dtype):
    if isinstance(window, (str, tuple)):
        n = input_length if nperseg is None else int(nperseg)
        if n > input_length:
            warnings.warn(
                f"nperseg={n} is greater than input_length={input_length}, using "
                f"nperseg={input_length}",
                stacklevel=2,
            )
            n = input_length
        return jnp.array(_named_window(window, n), dtype=dtype), n
    win = jnp.asarray(window, dtype=dtype)
    n = win.size if nperseg is None else int(nperseg)
    if win.ndim != 1:
        raise MeshjitValueError("window must be 1-D")
    if input_length < win.size:
        raise MeshjitValueError("window is longer than input signal")
    if n != win.size:
        raise MeshjitValueError("value specified for nperseg is different from length of window")
    return win, n


def _odd_ext(x, n: int):
    if n < 1:
        return x
    if n > x.shape[-1] - 1:
        raise MeshjitValueError(
            f"The extension length n ({n}) is too big. It must not exceed x.shape[axis]-1, "
            f"which is {x.shape[-1] - 1}."
        )
    left, right = x[..., :1], x[..., -1:]
    left_ext = jnp.flip(x[..., 1 : n + 1], axis=-1)
    right_ext = jnp.flip(x[..., -(n + 1) : -1], axis=-1)
    return jnp.concatenate((2 * left - left_ext, x, 2 * right - right_ext), axis=-1)


def _pad_ends(mode, **kwargs):
    def pad(x, n):
        return jnp.pad(x, [(0, 0)] * (x.ndim - 1) + [(n, n)], mode, **kwargs)

    return pad


_BOUNDARIES = {
    "even": _pad_ends("reflect"),
    "odd": _odd_ext,
    "constant": _pad_ends("edge"),
    "zeros": _pad_ends("constant", constant_values=0.0),
    None: lambda x, n: x,
}


# ---------------------------------------------------------------------------------------------
# The shared helper.


def _segments_fft(x, win, detrend_func, nperseg, noverlap, nfft, sides):
    if x.dtype.kind == "i":
        x = x.astype(win.dtype)
    if nperseg == 1 and noverlap == 0:
        segments = x[..., None]
    else:
        starts = jnp.arange(x.shape[-1] - nperseg + 1, step=nperseg - noverlap)
        cut = functools.partial(lax.dynamic_slice_in_dim, x, slice_size=nperseg, axis=-1)
        segments = vmap(cut, out_axes=-2)(starts)
    segments = detrend_func(segments)
    if jnp.iscomplexobj(win):
        segments = segments.astype(np.result_type(segments.dtype, np.complex64))
    segments = win.reshape((1,) * (x.ndim - 1) + (1, nperseg)) * segments
    if sides == "twosided":
        return jnp_fft.fft(segments, n=nfft)
    return jnp_fft.rfft(segments.real, n=nfft)


def _detrend_function(detrend_type, axis):
    if isinstance(detrend_type, str):
        return functools.partial(detrend, type=detrend_type, axis=-1)
    if callable(detrend_type):
        if axis == -1:
            return detrend_type
        return lambda d: jnp.moveaxis(detrend_type(jnp.moveaxis(d, axis, -1)), -1, axis)
    if not detrend_type:
        return lambda d: d
    raise MeshjitValueError(f"Unsupported detrend type: {detrend_type}")


def _scale(scaling, fs, win, mode):
    if scaling == "density":
        scale = 1.0 / (fs * (win * win).sum())
    elif scaling == "spectrum":
        scale = 1.0 / win.sum() ** 2
    else:
        raise MeshjitValueError(f"Unknown scaling: {scaling}")
    scale = jnp.sqrt(scale) if mode == "stft" else scale
    scale = jnp.asarray(scale)
    return scale.astype(np.result_type(scale.dtype, np.complex64))


def _same_length(x, y):
    if x.shape[-1] < y.shape[-1]:
        x = jnp.concatenate((x, jnp.zeros((*x.shape[:-1], y.shape[-1] - x.shape[-1]), x.dtype)), -1)
    elif y.shape[-1] < x.shape[-1]:
        y = jnp.concatenate((y, jnp.zeros((*y.shape[:-1], x.shape[-1] - y.shape[-1]), x.dtype)), -1)
    return x, y


def _inputs(x, y, mode, axis):
    if y is None:
        (x,) = promote_inexact(jnp.asarray(x))
        return x, None
    if mode != "psd":
        raise MeshjitValueError("two-argument mode is available only when mode=='psd'")
    x, y = promote_inexact(jnp.asarray(x), jnp.asarray(y))
    if x.ndim != y.ndim:
        raise MeshjitValueError(f"two-arguments must have the same rank ({x.ndim} vs {y.ndim}).")
    outer = lambda s: s[:axis] + s[axis + 1 :]  # noqa: E731
    try:
        broadcast_shapes(outer(x.shape), outer(y.shape))
    except ValueError as err:
        raise MeshjitValueError("x and y cannot be broadcast together.") from err
    return x, y


def _spectral_helper(x, y, fs, window, nperseg, noverlap, nfft, detrend_type, return_onesided,
                     scaling, axis, mode, boundary=None, padded=False):  # fmt: skip
    if mode not in ("psd", "stft"):
        raise MeshjitValueError(f"Unknown value for mode {mode}, must be one of: ('psd', 'stft')")
    if boundary not in _BOUNDARIES:
        raise MeshjitValueError(
            f"Unknown boundary option '{boundary}', must be one of: {list(_BOUNDARIES)}"
        )
    axis = static_axis(axis, jnp.ndim(x))
    x, y = _inputs(x, y, mode, axis)
    result_dtype = np.result_type(x.dtype, np.complex64)
    freq_dtype = dtypes.finfo(result_dtype).dtype
    if nperseg is not None and int(nperseg) < 1:
        raise MeshjitValueError("nperseg must be a positive integer")
    win, nperseg = _window_and_length(window, nperseg, x.shape[axis], x.dtype)
    noverlap = nperseg // 2 if noverlap is None else int(noverlap)
    nfft = nperseg if nfft is None else int(nfft)
    x = jnp.moveaxis(x, axis, -1)
    if y is not None:
        y = jnp.moveaxis(y, axis, -1) if y.ndim > 1 else y
        x, y = _same_length(x, y)
    if nfft < nperseg:
        raise MeshjitValueError("nfft must be greater than or equal to nperseg.")
    if noverlap >= nperseg:
        raise MeshjitValueError("noverlap must be less than nperseg.")
    step = nperseg - noverlap
    extend = _BOUNDARIES[boundary]
    x = extend(x, nperseg // 2)
    y = None if y is None else extend(y, nperseg // 2)
    if padded:
        nadd = (-(x.shape[-1] - nperseg) % step) % nperseg
        x = jnp.concatenate((x, jnp.zeros((*x.shape[:-1], nadd), x.dtype)), axis=-1)
        if y is not None:
            y = jnp.concatenate((y, jnp.zeros((*y.shape[:-1], nadd), x.dtype)), axis=-1)
    detrend_func = _detrend_function(detrend_type, axis)
    scale = _scale(scaling, fs, win, mode)
    sides = "onesided" if return_onesided else "twosided"
    if return_onesided and (jnp.iscomplexobj(x) or (y is not None and jnp.iscomplexobj(y))):
        sides = "twosided"
        warnings.warn("Input data is complex, switching to return_onesided=False", stacklevel=2)
    freqs_fn = jnp_fft.fftfreq if sides == "twosided" else jnp_fft.rfftfreq
    freqs = freqs_fn(nfft, 1 / fs, dtype=freq_dtype)
    result = _segments_fft(x, win, detrend_func, nperseg, noverlap, nfft, sides)
    if y is not None:
        result = jnp.conjugate(result) * _segments_fft(
            y, win, detrend_func, nperseg, noverlap, nfft, sides
        )
    elif mode == "psd":
        result = jnp.conjugate(result) * result
    result = result * scale
    if sides == "onesided" and mode == "psd":
        result = result.at[..., 1 : None if nfft % 2 else -1].mul(2)
    time = jnp.arange(nperseg / 2, x.shape[-1] - nperseg / 2 + 1, step, dtype=freq_dtype) / fs
    if boundary is not None:
        time = time - (nperseg / 2) / fs
    result = result.astype(result_dtype)
    if y is None and mode != "stft":
        result = result.real
    return freqs, time, jnp.moveaxis(result, -1, axis)


# ---------------------------------------------------------------------------------------------
# The public functions.


def stft(x, fs=1.0, window="hann", nperseg=256, noverlap=None, nfft=None, detrend=False,
         return_onesided=True, boundary="zeros", padded=True, axis=-1):  # fmt: skip
    return _spectral_helper(x, None, fs, window, nperseg, noverlap, nfft, detrend, return_onesided,
                            "spectrum", axis, "stft", boundary, padded)  # fmt: skip


def _median_bias(n: int):
    ii_2 = jnp.arange(2.0, n, 2)
    return 1 + jnp.sum(1.0 / (ii_2 + 1) - 1.0 / ii_2)


def _average(pxy, average: str):
    if average == "median":
        bias = _median_bias(pxy.shape[-1]).astype(pxy.dtype)
        if jnp.iscomplexobj(pxy):
            pxy = jnp.median(jnp.real(pxy), axis=-1) + 1j * jnp.median(jnp.imag(pxy), axis=-1)
        else:
            pxy = jnp.median(pxy, axis=-1)
        return pxy / bias
    if average == "mean":
        return pxy.mean(axis=-1)
    raise MeshjitValueError(f'average must be "median" or "mean", got {average}')


def csd(x, y, fs=1.0, window="hann", nperseg=None, noverlap=None, nfft=None, detrend="constant",
        return_onesided=True, scaling="density", axis=-1, average="mean"):  # fmt: skip
    freqs, _, pxy = _spectral_helper(x, y, fs, window, nperseg, noverlap, nfft, detrend,
                                     return_onesided, scaling, axis, "psd")  # fmt: skip
    if y is not None:
        pxy = pxy + 0j
    if pxy.ndim >= 2 and pxy.size > 0:
        if pxy.shape[-1] > 1:
            pxy = _average(pxy, average)
        else:
            pxy = jnp.reshape(pxy, pxy.shape[:-1])
    return freqs, pxy


def welch(x, fs=1.0, window="hann", nperseg=None, noverlap=None, nfft=None, detrend="constant",
          return_onesided=True, scaling="density", axis=-1, average="mean"):  # fmt: skip
    options = dict(fs=fs, window=window, nperseg=nperseg, noverlap=noverlap, nfft=nfft,
                   detrend=detrend, return_onesided=return_onesided, scaling=scaling, axis=axis,
                   average=average)  # fmt: skip
    freqs, pxx = csd(x, None, **options)
    return freqs, pxx.real


# ---------------------------------------------------------------------------------------------
# istft.


def _overlap_and_add(x, step: int):
    *batch, nframes, segment_len = x.shape
    flat = math.prod(batch)
    x = x.reshape((flat, nframes, segment_len))
    output_size = step * (nframes - 1) + segment_len
    nstep_per_segment = 1 + (segment_len - 1) // step
    x = jnp.pad(x, ((0, 0), (0, 0), (0, nstep_per_segment * step - segment_len)))
    x = x.reshape((flat, nframes, nstep_per_segment, step)).transpose((0, 2, 1, 3))
    x = jnp.pad(x, ((0, 0), (0, 0), (0, nframes), (0, 0)))
    shrunken = x.shape[2] - 1
    x = x.reshape((flat, -1))[:, : nstep_per_segment * shrunken * step]
    x = x.reshape((flat, nstep_per_segment, shrunken * step)).sum(axis=1)[:, :output_size]
    return x.reshape(tuple(batch) + (-1,))


def _istft_window(window, nperseg: int, dtype):
    if isinstance(window, (str, tuple)):
        return jnp.asarray(_named_window(window, nperseg)).astype(dtype)
    win = jnp.asarray(window)
    if win.ndim != 1:
        raise MeshjitValueError("window must be 1-D")
    if win.shape[0] != nperseg:
        raise MeshjitValueError(f"window must have length of {nperseg}")
    return win


def _istft_sizes(n_freqs: int, input_onesided, nperseg, noverlap, nfft):
    n_default = 2 * (n_freqs - 1) if input_onesided else n_freqs
    nperseg = int(nperseg or n_default)
    if nperseg < 1:
        raise MeshjitValueError("nperseg must be a positive integer")
    if nfft is None:
        nfft = n_default + 1 if input_onesided and nperseg == n_default + 1 else n_default
    nfft = int(nfft)
    if nfft < nperseg:
        raise MeshjitValueError(f"FFT length ({nfft}) must be longer than nperseg ({nperseg}).")
    noverlap = int(noverlap or nperseg // 2)
    if noverlap >= nperseg:
        raise MeshjitValueError("noverlap must be less than nperseg.")
    return nperseg, nfft, nperseg - noverlap


def istft(Zxx, fs=1.0, window="hann", nperseg=None, noverlap=None, nfft=None, input_onesided=True,
          boundary=True, time_axis=-1, freq_axis=-2):  # fmt: skip
    check_arraylike("istft", Zxx)
    Zxx = jnp.asarray(Zxx)
    if Zxx.ndim < 2:
        raise MeshjitValueError("Input stft must be at least 2d!")
    freq_axis, time_axis = static_axis(freq_axis, Zxx.ndim), static_axis(time_axis, Zxx.ndim)
    if freq_axis == time_axis:
        raise MeshjitValueError("Must specify differing time and frequency axes!")
    Zxx = Zxx.astype(np.result_type(Zxx.dtype, np.complex64))
    nperseg, nfft_int, step = _istft_sizes(
        Zxx.shape[freq_axis], input_onesided, nperseg, noverlap, nfft
    )
    if time_axis != Zxx.ndim - 1 or freq_axis != Zxx.ndim - 2:
        outer = tuple(i for i in range(Zxx.ndim) if i not in {time_axis, freq_axis})
        Zxx = jnp.transpose(Zxx, outer + (freq_axis, time_axis))
    inverse = jnp_fft.irfft if input_onesided else jnp_fft.ifft
    xsubs = inverse(Zxx, axis=-2, n=nfft)[..., :nperseg, :]
    win = _istft_window(window, nperseg, xsubs.dtype)
    xsubs = xsubs * win.sum()
    win = lax.expand_dims(win, (*range(xsubs.ndim - 2), xsubs.ndim - 1))
    x = _overlap_and_add((xsubs * win).swapaxes(-2, -1), step)
    norm = _overlap_and_add(jnp.repeat(win * win, xsubs.shape[-1], axis=-1).swapaxes(-2, -1), step)
    if boundary:
        x, norm = x[..., nperseg // 2 : -(nperseg // 2)], norm[..., nperseg // 2 : -(nperseg // 2)]
    x = x / jnp.where(norm > 1e-10, norm, 1.0)
    if x.ndim > 1 and time_axis != Zxx.ndim - 1:
        x = jnp.moveaxis(x, -1, time_axis - 1 if freq_axis < time_axis else time_axis)
    time = jnp.arange(x.shape[0], dtype=dtypes.finfo(x.dtype).dtype) / fs
    return time, x
