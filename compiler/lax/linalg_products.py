"""lax.linalg's functions JAX builds from other ops on CPU: `symmetric_product` (alpha A A^T +
beta C) and `cholesky_update` (a Cholesky factor's rank-one update by Givens rotations), as
JAX computes them."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import elementwise, shapes, slicing
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.lax.dot import Precision, dot_general

__all__ = ["cholesky_update", "symmetric_product"]


def _swap_last_two(x):
    n = aval_of(x).ndim
    return shapes.transpose(x, (*range(n - 2), n - 1, n - 2))


def _lower_triangle(x, k: int):
    """x with the entries above its k-th diagonal zeroed."""
    shape = aval_of(x).shape
    rows = shapes.broadcasted_iota("int32", shape, len(shape) - 2)
    cols = shapes.broadcasted_iota("int32", shape, len(shape) - 1)
    keep = elementwise.ge(elementwise.add(rows, np.int32(k)), cols)
    return elementwise.select(keep, x, shapes.full(shape, 0, aval_of(x).dtype))


def symmetric_product(a_matrix, c_matrix, *, alpha=1.0, beta=0.0, symmetrize_output=False):
    """alpha * A @ A^T + beta * C for batches of A ([..., m, n]) and symmetric C ([..., m, m]);
    `symmetrize_output`: the upper triangle is the lower one's transpose."""
    a, c = aval_of(a_matrix), aval_of(c_matrix)
    _check_symmetric_product(a, c)
    batch = tuple(range(a.ndim - 2))
    dn = (((a.ndim - 1,), (a.ndim - 1,)), (batch, batch))
    product = dot_general(a_matrix, a_matrix, dn, precision=Precision.HIGHEST)
    dtype = a.dtype
    result = elementwise.add(
        elementwise.mul(np.asarray(alpha, dtype), product),
        elementwise.mul(np.asarray(beta, dtype), c_matrix),
    )
    if symmetrize_output:
        upper = _swap_last_two(_lower_triangle(result, -1))
        result = elementwise.add(_lower_triangle(result, 0), upper)
    return result


def _check_symmetric_product(a, c):
    if not (dtypes.is_inexact(a.dtype) and dtypes.is_inexact(c.dtype)):
        raise MeshjitValueError(
            f"symmetric_product takes floating or complex matrices, got {a.str_short()} and "
            f"{c.str_short()}"
        )
    if a.ndim < 2 or c.ndim < 2 or c.shape[-1] != c.shape[-2]:
        raise MeshjitValueError(
            "symmetric_product takes a batch of matrices a [..., m, n] and square matrices "
            f"c [..., m, m], got {a.str_short()} and {c.str_short()}"
        )
    if a.shape[:-2] != c.shape[:-2] or a.shape[-2] != c.shape[-1]:
        raise MeshjitValueError(
            f"symmetric_product: c must be [..., m, m] for a [..., m, n]: got {c.str_short()} "
            f"for {a.str_short()}"
        )


def cholesky_update(r_matrix, w_vector):
    """The upper-triangular Cholesky factor of R^T R + w w^T, for R's (upper) and w: a Givens
    rotation per row, as JAX's CPU version."""
    r, w = aval_of(r_matrix), aval_of(w_vector)
    if r.ndim != 2 or r.shape[0] != r.shape[1] or w.shape != r.shape[:1]:
        raise MeshjitValueError(
            "cholesky_update takes a square matrix and a vector of its size, got "
            f"{r.str_short()} and {w.str_short()}"
        )
    for k in range(r.shape[0]):
        row = shapes.reshape(slicing.slice(r_matrix, (k, 0), (k + 1, r.shape[1])), r.shape[1:])
        c, s = _givens(_at(row, k), _at(w_vector, k))
        row_k = elementwise.sub(elementwise.mul(c, row), elementwise.mul(s, w_vector))
        w_vector = elementwise.add(elementwise.mul(c, w_vector), elementwise.mul(s, row))
        update = shapes.reshape(row_k, (1, r.shape[1]))
        r_matrix = slicing.dynamic_update_slice(r_matrix, update, (np.int32(k), np.int32(0)))
    return r_matrix


def _at(v, k: int):
    return shapes.reshape(slicing.slice(v, (k,), (k + 1,)), ())


def _givens(x, y):
    """(c, s) rotating (x, y) onto the x axis, scaled for stability; (1, 0) when y is 0."""
    dtype = aval_of(x).dtype
    ax, ay = elementwise.abs(x), elementwise.abs(y)
    scale = elementwise.select(elementwise.gt(ax, ay), ax, ay)
    zero = elementwise.eq(y, np.asarray(0, dtype))
    scale = elementwise.select(zero, np.asarray(1, dtype), scale)  # no 0/0 on the unused side
    xs, ys = elementwise.div(x, scale), elementwise.div(y, scale)
    norm = elementwise.sqrt(elementwise.add(elementwise.mul(xs, xs), elementwise.mul(ys, ys)))
    rh = elementwise.div(np.asarray(1, dtype), norm)
    c = elementwise.select(zero, np.asarray(1, dtype), elementwise.mul(xs, rh))
    s = elementwise.select(zero, np.asarray(0, dtype), elementwise.neg(elementwise.mul(ys, rh)))
    return c, s
