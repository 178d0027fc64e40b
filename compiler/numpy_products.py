"""meshjit.numpy products: matmul, dot, vdot, inner, outer, tensordot."""

from __future__ import annotations

from meshjit.compiler import lax
from meshjit.compiler import shape_checks as checks
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.lax_primitives import dot_general_p
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
from meshjit.compiler.tracing import Tracer

_MATRIX_PRODUCT = (((1,), (0,)), ((), ()))


def _matrix_product_fast(a, b):
    """What `matmul` gives for two traced matrices of one strong dtype, bound directly; or None."""
    if type(a) is not Tracer or type(b) is not Tracer:
        return None
    la, lb = a.var.aval, b.var.aval
    if (
        len(la.shape) != 2
        or len(lb.shape) != 2
        or la.shape[1] != lb.shape[0]
        or la.weak_type
        or lb.weak_type
        or (la.dtype is not lb.dtype and la.dtype != lb.dtype)
    ):
        return None
    return dot_general_p.bind(a, b, dimension_numbers=_MATRIX_PRODUCT, preferred_element_type=None)


def matmul(a, b):
    out = _matrix_product_fast(a, b)
    if out is not None:
        return out
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
    out = _matrix_product_fast(a, b)  # on matrices dot is matmul
    if out is not None:
        return out
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
