"""packbits and unpackbits: booleans (any nonzero) to the bits of uint8 and back, along an axis
(or the flattened array), big- or little-endian within each byte."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.numpy import elementwise as ew
from meshjit.compiler.numpy import shapes
from meshjit.compiler.numpy.creation import arange, asarray
from meshjit.compiler.numpy.rearranging import pad
from meshjit.compiler.numpy.routines import left_shift
from meshjit.compiler.numpy.util import aval_of

__all__ = ["packbits", "unpackbits"]


def _bit_positions(bitorder: str, values):
    if bitorder not in ("little", "big"):
        raise MeshjitValueError("'order' must be either 'little' or 'big'")
    return values[::-1] if bitorder == "big" else values


def _along_last(a, axis):
    """(a with `axis` last, the axis to put it back at): the flattened array for axis=None."""
    if axis is None:
        return shapes.ravel(a), 0
    return shapes.swapaxes(a, axis, -1), axis


def packbits(a, axis=None, bitorder="big"):
    a = asarray(a)
    dtype = aval_of(a).dtype
    if not (np.issubdtype(dtype, np.integer) or dtype == np.bool_):
        raise MeshjitTypeError("Expected an input array of integer or boolean data type")
    bits = _bit_positions(bitorder, arange(8, dtype="uint8"))
    a = (a != 0).astype("uint8")
    a, axis = _along_last(a, axis)
    remainder = a.shape[-1] % 8
    if remainder:
        a = lax.pad(a, np.uint8(0), (a.ndim - 1) * [(0, 0, 0)] + [(0, 8 - remainder, 0)])
    a = a.reshape(a.shape[:-1] + (a.shape[-1] // 8, 8))
    bits = shapes.expand_dims(bits, tuple(range(a.ndim - 1)))
    packed = left_shift(a, bits).sum(-1).astype("uint8")
    return shapes.swapaxes(packed, axis, -1)


def unpackbits(a, axis=None, count=None, bitorder="big"):
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
