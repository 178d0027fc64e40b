"""meshjit.scipy.fft: the type-2 discrete cosine transform and its inverse, one axis or many,
through complex FFTs of the interleaved input (Makhoul's algorithm), as JAX computes them."""

from __future__ import annotations

import math
import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.numpy import fft as jnp_fft
from meshjit.compiler.numpy.util import check_arraylike, promote_inexact, static_axis

__all__ = ["dct", "dctn", "idct", "idctn"]


def _w4(n: int, k):
    dtype = np.result_type(k.dtype, np.complex64)
    return jnp.exp(-0.5j * np.pi * k.astype(dtype) / np.array(n, dtype))


def _other_axes(ndim: int, axis: int) -> list[int]:
    return [a for a in range(ndim) if a != axis]


def _interleave(x, axis: int):
    evens = lax.slice_in_dim(x, 0, x.shape[axis], 2, axis)
    odds = lax.rev(lax.slice_in_dim(x, 1, x.shape[axis], 2, axis), (axis,))
    return lax.concatenate([evens, odds], axis)


def _deinterleave(x, axis: int):
    half = math.ceil(x.shape[axis] / 2)
    every = [slice(None)] * x.ndim

    def along(s):
        return tuple(s if i == axis else every[i] for i in range(x.ndim))

    out = (
        jnp.zeros(x.shape, dtype=x.dtype)
        .at[along(slice(None, None, 2))]
        .set(x[along(slice(None, half))])
    )
    return out.at[along(slice(1, None, 2))].set(lax.rev(x[along(slice(half, None))], (axis,)))


def _ortho_norm(out, axis: int):
    n = out.shape[axis]
    factor = lax.concatenate([lax.full((1,), 4, out.dtype), lax.full((n - 1,), 2, out.dtype)], 0)
    factor = lax.expand_dims(factor, _other_axes(out.ndim, axis))
    return out / lax.sqrt(factor * n)


def _checked(name: str, x, type: int, norm):
    check_arraylike(name, x)
    if type != 2:
        raise MeshjitNotImplementedError("Only DCT type 2 is implemented.")
    if norm is not None and norm not in ("backward", "ortho"):
        raise MeshjitValueError(f"meshjit.scipy.fft.{name}: norm={norm!r} is not implemented")
    return jnp.asarray(x)


def _by_parts(fn, x):
    """fn of a complex x: of its real and imaginary parts apart."""
    return lax.complex(fn(x.real), fn(x.imag))


def _padded(x, sizes: dict):
    pads = [(0, sizes[a] - x.shape[a] if a in sizes else 0, 0) for a in range(x.ndim)]
    return lax.pad(x, jnp.array(0, x.dtype), pads)


def _transform_1d(name: str, real_transform, x, type, n, axis, norm):
    """The transform along `axis` of complex parts apart, of the input zero-padded to n."""
    x = _checked(name, x, type, norm)
    if jnp.iscomplexobj(x):
        return _by_parts(lambda v: _transform_1d(name, real_transform, v, type, n, axis, norm), x)
    axis = static_axis(axis, x.ndim)
    if n is not None:
        x = _padded(x, {axis: n})
    return real_transform(x, axis, norm)


def dct(x, type=2, n=None, axis=-1, norm=None):
    return _transform_1d("dct", _dct_real, x, type, n, axis, norm)


def _dct_real(x, axis: int, norm):
    size = x.shape[axis]
    v = jnp_fft.fft(_interleave(x, axis), axis=axis)
    k = lax.expand_dims(jnp.arange(size, dtype=v.real.dtype), _other_axes(x.ndim, axis))
    out = 2 * (v * _w4(size, k)).real
    return _ortho_norm(out, axis) if norm == "ortho" else out


def _dct2(x, axes, norm):
    axis1, axis2 = (static_axis(a, x.ndim) for a in axes)
    n1, n2 = x.shape[axis1], x.shape[axis2]
    v = jnp_fft.fftn(_interleave(_interleave(x, axis1), axis2), axes=axes)
    k1 = lax.expand_dims(jnp.arange(n1, dtype=v.dtype), _other_axes(x.ndim, axis1))
    k2 = lax.expand_dims(jnp.arange(n2, dtype=v.dtype), _other_axes(x.ndim, axis2))
    mirrored = jnp.roll(jnp.flip(v, axis=axis2), shift=1, axis=axis2)
    out = _w4(n1, k1) * (_w4(n2, k2) * v + _w4(n2, -k2) * mirrored)
    out = 2 * out.real
    if norm == "ortho":
        return _ortho_norm(_ortho_norm(out, axis1), axis2)
    return out


def _axes_and_sizes(x, s, axes):
    if s is not None:
        try:
            s = list(s)
        except TypeError:
            s = [operator.index(s)]
        if len(s) > x.ndim:
            raise MeshjitValueError(f"s must have at most x.ndim ({x.ndim}) elements, got {len(s)}")
    if axes is None:
        axes = tuple(range(x.ndim - len(s), x.ndim)) if s is not None else tuple(range(x.ndim))
    else:
        axes = tuple(static_axis(a, x.ndim) for a in axes)
    return axes, s


def _transform_nd(name: str, one_axis, many_axes, x, type, s, axes, norm):
    """The n-dimensional transform: of complex parts apart, along one axis by the 1-d one, else
    `many_axes` of the input zero-padded to `s`."""
    x = _checked(name, x, type, norm)
    if jnp.iscomplexobj(x):
        return _by_parts(
            lambda v: _transform_nd(name, one_axis, many_axes, v, type, s, axes, norm), x
        )
    axes, s = _axes_and_sizes(x, s, axes)
    if len(axes) == 1:
        return one_axis(x, n=s[0] if s is not None else None, axis=axes[0], norm=norm)
    if s is not None:
        x = _padded(x, dict(zip(axes, s)))
    return many_axes(x, axes, norm)


def _dct_axes(x, axes, norm):
    if len(axes) == 2:
        return _dct2(x, axes, norm)
    for i in range(0, len(axes), 2):
        x = dctn(x, axes=axes[i : i + 2], norm=norm)
    return x


def dctn(x, type=2, s=None, axes=None, norm=None):
    return _transform_nd("dctn", dct, _dct_axes, x, type, s, axes, norm)


def idct(x, type=2, n=None, axis=-1, norm=None):
    return _transform_1d("idct", _idct_real, x, type, n, axis, norm)


def _idct_real(x, axis: int, norm):
    size = x.shape[axis]
    (x,) = promote_inexact(x)
    if norm is None or norm == "backward":
        x = _ortho_norm(x, axis)
    x = _ortho_norm(x, axis)
    k = lax.expand_dims(jnp.arange(size, dtype=x.dtype), _other_axes(x.ndim, axis))
    w4 = _w4(size, k)
    x = x.astype(w4.dtype) / w4 * 2 * size
    return _deinterleave(jnp_fft.ifft(x, axis=axis).real, axis)


def _idct_axes(x, axes, norm):
    for axis in axes:
        x = idct(x, axis=axis, norm=norm)
    return x


def idctn(x, type=2, s=None, axes=None, norm=None):
    return _transform_nd("idctn", idct, _idct_axes, x, type, s, axes, norm)
