"""meshjit.numpy products: matmul, dot, vdot, inner, outer, tensordot."""

from __future__ import annotations

from meshjit.compiler import lax
from meshjit.compiler import shape_checks as checks
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.numpy_api import (
    _broadcast_to_shape,
    _materialize,
    _promote,
    aval_of,
    broadcast_shapes,
    multiply,
    ravel,
    reshape,
)

_MATRIX_PRODUCT = (((1,), (0,)), ((), ()))


def matmul(a, b):
    a, b = _promote(a, b)
    a, b = _materialize(a), _materialize(b)
    la, lb = aval_of(a), aval_of(b)
    if la.ndim == 2 and lb.ndim == 2 and la.shape[1] == lb.shape[0]:
        return lax.dot_general(a, b, _MATRIX_PRODUCT)  # the common case of the code below
    if la.ndim == 0 or lb.ndim == 0:
        raise MeshjitValueError(
            f"matmul: operands must not be scalars, got {la.str_short()} and {lb.str_short()}"
        )
    a2 = lax.expand_dims(a, (0,)) if la.ndim == 1 else a
    b2 = lax.expand_dims(b, (1,)) if lb.ndim == 1 else b
    sa, sb = aval_of(a2).shape, aval_of(b2).shape
    if sa[-1] != sb[-2]:
        raise MeshjitTypeError(
            f"matmul: contracting dimensions differ: {la.str_short()} @ {lb.str_short()} "
            f"({sa[-1]} != {sb[-2]})"
        )
    batch = broadcast_shapes(sa[:-2], sb[:-2])
    a2 = _broadcast_to_shape(a2, batch + sa[-2:])
    b2 = _broadcast_to_shape(b2, batch + sb[-2:])
    nb = len(batch)
    dims = (((nb + 1,), (nb,)), (tuple(range(nb)), tuple(range(nb))))
    out = lax.dot_general(a2, b2, dims)
    drop = ([nb] if la.ndim == 1 else []) + ([nb + 1] if lb.ndim == 1 else [])
    return lax.squeeze(out, drop) if drop else out


def dot(a, b):
    la, lb = aval_of(a), aval_of(b)
    if la.ndim == 0 or lb.ndim == 0:
        return multiply(a, b)
    if lb.ndim <= 2:
        return matmul(a, b)
    a, b = _promote(a, b)
    dims = (((la.ndim - 1,), (lb.ndim - 2,)), ((), ()))
    if la.shape[-1] != lb.shape[-2]:
        raise MeshjitTypeError(f"dot: shapes {la.str_short()} and {lb.str_short()} not aligned")
    return lax.dot_general(_materialize(a), _materialize(b), dims)


def vdot(a, b):
    return dot(ravel(a), ravel(b))


def inner(a, b):
    la, lb = aval_of(a), aval_of(b)
    if la.ndim == 0 or lb.ndim == 0:
        return multiply(a, b)
    a, b = _promote(a, b)
    dims = (((la.ndim - 1,), (lb.ndim - 1,)), ((), ()))
    return lax.dot_general(_materialize(a), _materialize(b), dims)


def outer(a, b):
    return multiply(reshape(a, (-1, 1)), reshape(b, (1, -1)))


def tensordot(a, b, axes=2):
    la, lb = aval_of(a), aval_of(b)
    if isinstance(axes, int):
        ca, cb = tuple(range(la.ndim - axes, la.ndim)), tuple(range(axes))
    else:
        ca, cb = axes
        ca = (ca,) if isinstance(ca, int) else tuple(ca)
        cb = (cb,) if isinstance(cb, int) else tuple(cb)
    ca, cb = checks.canonical_axes(ca, la.ndim), checks.canonical_axes(cb, lb.ndim)
    a, b = _promote(a, b)
    return lax.dot_general(_materialize(a), _materialize(b), ((ca, cb), ((), ())))


__all__ = ["dot", "inner", "matmul", "outer", "tensordot", "vdot"]
