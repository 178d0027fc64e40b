"""packbits and unpackbits: booleans (any nonzero) to the bits of uint8 and back, along an axis
(or the flattened array), big- or little-endian within each byte; `view` (an array's bits as
another dtype, as `x.view(dtype)`) and `byteswap`."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy import elementwise as ew
from meshjit.compiler.numpy import shapes
from meshjit.compiler.numpy.creation import arange, asarray
from meshjit.compiler.numpy.rearranging import pad
from meshjit.compiler.numpy.routines import left_shift
from meshjit.compiler.numpy.util import aval_of, check_arraylike, jitted_as_jax

__all__ = ["packbits", "unpackbits"]


def view(a, dtype=None, type=None):
    """`a.view(dtype)`: the same bits as `dtype`; the last axis scales by the itemsizes' ratio.
    Booleans are bytes (any nonzero byte is True)."""
    if type is not None:
        raise MeshjitValueError("view: the 'type' argument is not supported")
    a = asarray(a)
    source = aval_of(a).dtype
    if dtype is None or np.dtype(dtype) == source:
        return a
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return ew.not_equal(view(a, np.uint8), 0)
    if source == np.bool_:
        a, source = a.astype(np.uint8), np.dtype(np.uint8)
    if dtypes.is_complex(source):  # as JAX: (real, imag) pairs of floats, then their bits
        if not aval_of(a).ndim:
            return view(shapes.expand_dims(a, 0), dtype)[0]
        real, imag = (lax.real(a), lax.imag(a))
        pairs = shapes.stack([real, imag], axis=-1)
        return view(shapes.reshape(pairs, aval_of(a).shape[:-1] + (-1,)), dtype)
    if dtypes.is_complex(dtype):
        parts = view(a, dtypes.real_dtype(dtype)).astype(dtype)
        return parts[..., 0::2] + 1j * parts[..., 1::2]
    shape = aval_of(a).shape
    if source.itemsize != dtype.itemsize and not shape:
        raise MeshjitValueError("view: a 0-d array's itemsize cannot change")
    if source.itemsize > dtype.itemsize:
        out = lax.bitcast_convert_type(a, dtype)
        return shapes.reshape(out, shape[:-1] + (-1,))
    if source.itemsize < dtype.itemsize:
        ratio = dtype.itemsize // source.itemsize
        if shape[-1] % ratio:
            raise MeshjitValueError(
                f"view: the last axis ({shape[-1]}) must be divisible by {ratio} to view "
                f"{source} as {dtype}"
            )
        a = shapes.reshape(a, shape[:-1] + (shape[-1] // ratio, ratio))
    return lax.bitcast_convert_type(a, dtype)


def byteswap(a, inplace=False):
    """`a.byteswap()`: each element's bytes reversed."""
    if inplace:
        raise MeshjitValueError("byteswap: inplace=True is not supported (arrays are immutable)")
    a = asarray(a)
    dtype = aval_of(a).dtype
    if dtype.itemsize == 1:
        return a
    as_bytes = lax.bitcast_convert_type(a, np.dtype(np.uint8))
    return lax.bitcast_convert_type(lax.rev(as_bytes, (aval_of(as_bytes).ndim - 1,)), dtype)


def _bit_positions(bitorder: str, values):
    if bitorder not in ("little", "big"):
        raise MeshjitValueError("'order' must be either 'little' or 'big'")
    return values[::-1] if bitorder == "big" and values is not None else values


def _along_last(a, axis):
    """(a with `axis` last, the axis to put it back at): the flattened array for axis=None."""
    if axis is None:
        return shapes.ravel(a), 0
    return shapes.swapaxes(a, axis, -1), axis


@jitted_as_jax("axis", "bitorder")
def packbits(a, axis=None, bitorder="big"):
    check_arraylike("packbits", a)
    a = asarray(a)
    dtype = aval_of(a).dtype
    if not (np.issubdtype(dtype, np.integer) or dtype == np.bool_):
        raise MeshjitTypeError("Expected an input array of integer or boolean data type")
    _bit_positions(bitorder, None)  # JAX checks the order first
    a = lax.ne(a, np.zeros((), dtype)).astype("uint8")  # JAX's: compared in a's dtype
    bits = _bit_positions(bitorder, arange(8, dtype="uint8"))
    a, axis = _along_last(a, axis)
    remainder = a.shape[-1] % 8
    if remainder:
        a = lax.pad(a, np.uint8(0), (a.ndim - 1) * [(0, 0, 0)] + [(0, 8 - remainder, 0)])
    a = a.reshape(a.shape[:-1] + (a.shape[-1] // 8, 8))
    bits = shapes.expand_dims(bits, tuple(range(a.ndim - 1)))
    packed = left_shift(a, bits).sum(-1).astype("uint8")
    return shapes.swapaxes(packed, axis, -1)


@jitted_as_jax("axis", "count", "bitorder")
def unpackbits(a, axis=None, count=None, bitorder="big"):
    check_arraylike("unpackbits", a)
    a = asarray(a)
    if aval_of(a).dtype != np.uint8:
        raise MeshjitTypeError("Expected an input array of unsigned byte data type")
    bits = _bit_positions(bitorder, left_shift(asarray(1, "uint8"), arange(8, dtype="uint8")))
    a, axis = _along_last(a, axis)
    masked = ew.bitwise_and(a[..., None], shapes.expand_dims(bits, tuple(range(a.ndim))))
    unpacked = (masked > 0).astype("uint8")
    unpacked = unpacked.reshape(unpacked.shape[:-2] + (-1,))
    if count is not None:
        if count > unpacked.shape[-1]:
            widths = [(0, 0)] * (unpacked.ndim - 1) + [(0, count - unpacked.shape[-1])]
            unpacked = pad(unpacked, widths)
        else:
            unpacked = unpacked[..., :count]
    return shapes.swapaxes(unpacked, axis, -1)
