"""scipy.linalg's special matrices, as JAX builds them: Toeplitz, Hankel and circulant matrices
(by gathering their diagonals), block diagonals, companion / Leslie / Fiedler matrices, the
convolution matrix, Hilbert and Pascal matrices and their inverses, Helmert, Hadamard and DFT
matrices. Vector arguments batch over leading axes (jnp.vectorize), as in JAX."""

from __future__ import annotations

import functools
import math
import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.batching.vectorize import vectorize
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.util import check_arraylike, promote
from meshjit.compiler.scipy.gamma_functions import comb
from meshjit.compiler.scipy.util import inexact

__all__ = [
    "block_diag", "circulant", "companion", "convolution_matrix", "dft", "fiedler",
    "fiedler_companion", "hadamard", "hankel", "helmert", "hilbert", "invhilbert", "invpascal",
    "leslie", "pascal", "toeplitz",
]  # fmt: skip


def block_diag(*arrs):
    arrs = tuple(promote(*[jnp.asarray(a) for a in (arrs or (jnp.zeros((1, 0)),))]))
    bad = [i for i, a in enumerate(arrs) if a.ndim > 2]
    if bad:
        raise MeshjitValueError(
            "Arguments to meshjit.scipy.linalg.block_diag must have at most 2 dimensions, got "
            f"{arrs[bad[0]].shape} at argument {bad[0]}."
        )
    arrs = [jnp.atleast_2d(a) for a in arrs]
    dtype = arrs[0].dtype
    total = sum(a.shape[1] for a in arrs)
    padded, col = [], 0
    for a in arrs:
        cols = a.shape[1]
        padded.append(lax.pad(a, np.zeros((), dtype), ((0, 0, 0), (col, total - cols - col, 0))))
        col += cols
    return jnp.concatenate(padded, axis=0)


# ---------------------------------------------------------------------------------------------
# Toeplitz, Hankel, circulant.


@functools.partial(vectorize, signature="(m),(n)->(m,n)")
def _toeplitz(c, r):
    m, n = c.shape[0], r.shape[0]
    if m == 0 or n == 0:
        return jnp.empty((m, n), dtype=jnp.promote_types(c.dtype, r.dtype))
    elems = jnp.concatenate((c[::-1], r[1:]))  # element (i, j) is elems[m - 1 - i + j]
    return elems[(m - 1) - jnp.arange(m)[:, None] + jnp.arange(n)[None, :]]


def toeplitz(c, r=None):
    check_arraylike("toeplitz", c, *([] if r is None else [r]))
    c = jnp.asarray(c)
    r = jnp.conjugate(c) if r is None else jnp.asarray(r)
    return _toeplitz(jnp.atleast_1d(c), jnp.atleast_1d(r))


@functools.partial(vectorize, signature="(m),(n)->(m,n)")
def _hankel(c, r):
    m, n = c.shape[0], r.shape[0]
    if m == 0 or n == 0:
        return jnp.empty((m, n), dtype=jnp.result_type(c, r))
    elems = jnp.concatenate((c, r[1:]))  # element (i, j) is elems[i + j]
    return elems[jnp.arange(m)[:, None] + jnp.arange(n)[None, :]]


def hankel(c, r=None):
    check_arraylike("hankel", c, *([] if r is None else [r]))
    c = jnp.asarray(c)
    r = jnp.zeros_like(c) if r is None else jnp.asarray(r)
    for name, x in (("c", c), ("r", r)):
        if x.ndim == 0:
            raise MeshjitValueError(f"hankel: {name} must be at least 1-dimensional, got a scalar.")
    if c.ndim < r.ndim:
        c = lax.expand_dims(c, range(r.ndim - c.ndim))
    elif r.ndim < c.ndim:
        r = lax.expand_dims(r, range(c.ndim - r.ndim))
    return _hankel(c, r)


@functools.partial(vectorize, signature="(n)->(n,n)")
def _circulant(c):
    n = c.shape[0]
    return c[(jnp.arange(n)[:, None] - jnp.arange(n)[None, :]) % n]


def circulant(c):
    check_arraylike("circulant", c)
    return _circulant(jnp.atleast_1d(jnp.asarray(c)))


# ---------------------------------------------------------------------------------------------
# Companion, Leslie, Fiedler.


@functools.partial(vectorize, signature="(n),(m)->(n,n)")
def _leslie(f, s):
    f, s = promote(f, s)
    return jnp.diag(s, k=-1).at[0].set(f)


def leslie(f, s):
    check_arraylike("leslie", f, s)
    f, s = jnp.atleast_1d(jnp.asarray(f)), jnp.atleast_1d(jnp.asarray(s))
    if f.shape[-1] < 2:
        raise MeshjitValueError(
            f"The length of f along the last axis must be at least 2; got shape {f.shape}."
        )
    if s.shape[-1] != f.shape[-1] - 1:
        raise MeshjitValueError(
            "Incorrect lengths for f and s. The length of s along the last axis must be one less "
            f"than the length of f; got f shape {f.shape} and s shape {s.shape}."
        )
    return _leslie(f, s)


def _check_length(name: str, a, least: int) -> None:
    if a.shape[-1] < least:
        raise MeshjitValueError(
            f"The length of `{name}` along the last axis must be at least {least}; got shape "
            f"{a.shape}."
        )


@functools.partial(vectorize, signature="(n)->(m,m)")
def _companion(a):
    first_row = -a[1:] / a[0]
    m = a.shape[0] - 1
    return jnp.eye(m, m, k=-1, dtype=first_row.dtype).at[0].set(first_row)


def companion(a):
    (a,) = inexact(a)
    a = jnp.atleast_1d(a)
    _check_length("a", a, 2)
    return _companion(a)


def fiedler(a):
    check_arraylike("fiedler", a)
    a = jnp.atleast_1d(jnp.asarray(a))
    return jnp.abs(a[..., None] - a[..., None, :])


@functools.partial(vectorize, signature="(n)->(m,m)")
def _fiedler_companion(a):
    n = a.shape[0] - 1
    if n == 0:
        return jnp.empty((0, 0), a.dtype)
    a = a / a[0]
    if n == 1:
        return -a[1:].reshape(1, 1)
    i, j = jnp.arange(n)[:, None], jnp.arange(n)[None, :]
    even, odd = i % 2 == 0, i % 2 == 1
    one, zero = jnp.array(1, dtype=a.dtype), jnp.array(0, dtype=a.dtype)
    conditions = [
        (i == 0) & (j == 0),
        (i == 1) & (j == 0),
        (j == i + 1) & even,
        (j == i + 2) & even,
        (j == i - 1) & even & (i >= 2),
        (j == i - 2) & odd & (i >= 3),
    ]
    choices = [-a[1], one, -a[jnp.minimum(i + 2, n)], one, -a[jnp.minimum(i + 1, n)], one]
    return jnp.select(conditions, choices, default=zero)


def fiedler_companion(a):
    (a,) = inexact(a)
    a = jnp.atleast_1d(a)
    if a.shape[-1] == 0:
        raise MeshjitValueError(
            "fiedler_companion requires the last axis of 'a' to have nonzero length, but got an "
            f"array of shape {a.shape}."
        )
    return _fiedler_companion(a)


def _trims(mode: str, n: int, m: int) -> tuple[int, int]:
    if mode == "same":
        trim = min(n, m) - 1
        return trim // 2, trim - trim // 2
    if mode == "valid":
        return min(n, m) - 1, min(n, m) - 1
    return 0, 0


def convolution_matrix(a, n, mode="full"):
    n = operator.index(n)
    if n <= 0:
        raise MeshjitValueError(f"n must be a positive integer; got {n}.")
    a = jnp.asarray(a)
    if a.ndim == 0:
        raise MeshjitValueError(
            "convolution_matrix: a must be at least 1-dimensional, got a scalar."
        )
    m = a.shape[-1]
    if m < 1:
        raise MeshjitValueError(f"len(a) must be at least 1; got shape {a.shape}.")
    if mode not in ("full", "valid", "same"):
        raise MeshjitValueError(f"mode must be one of 'full', 'valid', 'same'; got {mode!r}.")
    widths = [(0, 0)] * (a.ndim - 1) + [(0, n - 1)]
    az, raz = jnp.pad(a, widths), jnp.pad(jnp.flip(a, axis=-1), widths)
    length = m + n - 1
    begin, end = _trims(mode, n, m)
    col0 = lax.slice_in_dim(az, begin, length - end, axis=-1)
    row0 = lax.slice_in_dim(raz, length - n - begin, length - begin, axis=-1)
    return toeplitz(col0, row0)


# ---------------------------------------------------------------------------------------------
# Hilbert, Pascal, Helmert, Hadamard, DFT.


def hilbert(n):
    a = lax.broadcasted_iota(dtypes.default_float, (n, 1), 0)
    return 1 / (a + a.T + 1)


def invhilbert(n):
    a = jnp.arange(n, dtype=dtypes.default_float)
    i, j = a[:, None], a[None, :]
    s = i + j
    return (
        (-1.0) ** s * (s + 1.0) * comb(n + i, n - j - 1) * comb(n + j, n - i - 1) * comb(s, i) ** 2
    )


def _binom(n, k):
    return lax.exp(lax.lgamma(n + 1.0) - lax.lgamma(n - k + 1.0) - lax.lgamma(k + 1.0))


def _pascal_kind(kind, triangle, symmetric):
    kind = "symmetric" if kind is None else kind
    valid = ["symmetric", "lower", "upper"]
    if kind not in valid:
        raise MeshjitValueError(f"Expected kind to be one of: {valid}; got {kind}")
    return {"lower": triangle, "upper": triangle.T, "symmetric": symmetric}[kind]


def pascal(n, kind=None):
    a = jnp.arange(n, dtype=dtypes.default_float)
    lower = _binom(a[:, None], a[None, :])
    return _pascal_kind(
        kind, lower, jnp.dot(lower, lower.T) if kind in (None, "symmetric") else None
    )


def invpascal(n, kind=None):
    a = jnp.arange(n, dtype=dtypes.default_float)
    i, j = a[:, None], a[None, :]
    lower = ((-1.0) ** (i - j)) * _binom(i, j)
    return _pascal_kind(
        kind, lower, jnp.dot(lower.T, lower) if kind in (None, "symmetric") else None
    )


def helmert(n, full=False):
    if n < 1:
        raise MeshjitValueError(f"n must be a positive integer; got {n}.")
    i, j = jnp.arange(n - 1)[:, None], jnp.arange(n)[None, :]
    k = (i + 1).astype(dtypes.default_float)
    denom = jnp.sqrt(k * (k + 1))
    h = jnp.where(j <= i, 1.0 / denom, jnp.where(j == i + 1, -k / denom, jnp.zeros_like(denom)))
    if full:
        first_row = jnp.full((1, n), 1.0 / jnp.sqrt(n), dtype=h.dtype)
        h = jnp.concatenate([first_row, h], axis=0)
    return h


def hadamard(n, dtype=int):
    if n < 1 or not math.log2(n).is_integer():
        raise MeshjitValueError(f"n must be a positive power of 2; got {n}.")
    h = jnp.ones((1, 1), dtype=dtype)
    for _ in range(int(math.log2(n))):
        h = jnp.block([[h, h], [h, -h]])
    return h


def dft(n, scale=None, *, dtype=None):
    if scale is not None and scale not in ("sqrtn", "n"):
        raise MeshjitValueError(f"scale must be None, 'sqrtn', or 'n'; got {scale!r}.")
    dtype = dtypes.default_complex if dtype is None else dtypes.canonicalize(dtype)
    if not np.issubdtype(dtype, np.complexfloating):
        raise MeshjitValueError(f"dtype must be a complex floating-point type; got {dtype}.")
    a = jnp.arange(n, dtype=dtype)
    omegas = jnp.exp(-2j * np.pi * a[:, None] * a[None, :] / n)
    if scale == "sqrtn":
        return omegas / jnp.sqrt(n)
    return omegas / n if scale == "n" else omegas
