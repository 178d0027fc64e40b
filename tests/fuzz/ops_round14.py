"""Round 14's leftovers of round 13: the public jax.numpy names round 13 dropped after its sweep
hung (window functions, index helpers, polydiv, ix_, the unique_* family, trim_zeros, ...),
each on an input it accepts. Entries join ops_api.py's TABLE in group "np14" (vocabulary.py
sweeps them); JAX is the reference, the NumPy backend only types them.
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_api import _GROUP, TABLE, _apply_api, _drawer, entry
from tests.fuzz.registry import _is_float, _is_int, op


def _stand_in(x, dtype=None, shape=None):
    return np.zeros(x.shape if shape is None else shape, x.dtype if dtype is None else dtype)


def _f32(x) -> bool:
    return str(x.dtype) == "float32"


_GROUP[0] = "np14"

# -- windows: a static length (the last dim), times x so the program depends on its input
WINDOWS = {
    "hanning": lambda n, m: n.hanning(m),
    "hamming": lambda n, m: n.hamming(m),
    "blackman": lambda n, m: n.blackman(m),
    "bartlett": lambda n, m: n.bartlett(m),
    "kaiser": lambda n, m: n.kaiser(m, 2.5),
}
for _name, _fn in WINDOWS.items():
    entry(_name, lambda x: _f32(x) and x.ndim >= 1)(
        lambda B, x, y, _fn=_fn: _fn(B.np, x.shape[-1]) * x if B.jaxlike else _stand_in(x)
    )


@entry("kaiser_traced_beta", lambda x: _f32(x) and x.ndim >= 1)
def _kaiser_traced(B, x, y):  # beta a traced scalar: i0 of a tracer
    if not B.jaxlike:
        return _stand_in(x)
    return B.np.kaiser(x.shape[-1], B.np.abs(B.np.ravel(x)[0]) + 1.0) * x


# -- index helpers: static sizes from x's shape, used to gather from x
@entry("tril_indices", lambda x: x.ndim == 2)
def _tril_indices(B, x, y):
    n, m = x.shape
    rows, cols = B.np.tril_indices(n, k=1, m=m)
    return x[rows, cols]


@entry("triu_indices", lambda x: x.ndim == 2)
def _triu_indices(B, x, y):
    n, m = x.shape
    rows, cols = B.np.triu_indices(n, k=-1, m=m)
    return x[rows, cols]


@entry("tril_indices_from", lambda x: x.ndim == 2)
def _tril_indices_from(B, x, y):
    return x[B.np.tril_indices_from(x, k=-1)] if min(x.shape) > 1 else x[B.np.tril_indices_from(x)]


@entry("triu_indices_from", lambda x: x.ndim == 2)
def _triu_indices_from(B, x, y):
    return x[B.np.triu_indices_from(x)]


@entry("diag_indices", lambda x: x.ndim >= 2 and len(set(x.shape)) == 1)
def _diag_indices(B, x, y):
    return x[B.np.diag_indices(x.shape[0], x.ndim)]


@entry("diag_indices_from", lambda x: x.ndim >= 2 and len(set(x.shape)) == 1)
def _diag_indices_from(B, x, y):
    return x[B.np.diag_indices_from(x)]


@entry("mask_indices", lambda x: x.ndim == 2 and x.shape[0] == x.shape[1])
def _mask_indices(B, x, y):  # JAX: the mask is traced under jit, its nonzero needs a size
    if not B.jaxlike:
        return x[np.mask_indices(x.shape[0], np.triu)]
    return x[B.np.mask_indices(x.shape[0], B.np.triu)]


@entry("ix_", lambda x: x.ndim == 2 and x.shape[0] >= 2)
def _ix(B, x, y):
    rows = B.np.asarray([x.shape[0] - 1, 0], B.np.int32)
    cols = B.np.asarray(list(range(x.shape[1]))[::-1], B.np.int32)
    return x[B.np.ix_(rows, cols)]


@entry("ix_broadcast", lambda x: x.ndim == 1 and x.size <= 8)
def _ix_broadcast(B, x, y):
    a, b = B.np.ix_(x, x[::-1])
    return a * b if x.dtype != np.bool_ else a & b


# -- polynomials
@entry("polydiv", lambda x: _f32(x) and x.ndim == 1 and x.shape[0] >= 2)
def _polydiv(B, x, y):
    np_ = B.np
    q, r = np_.polydiv(x, np_.asarray([2.0, -1.0, 0.5], np_.float32)[: x.shape[0] - 1])
    return np_.concatenate([q, r])


@entry("polyfit", lambda x: _f32(x) and x.ndim == 1 and x.shape[0] >= 3)
def _polyfit(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, shape=(3,))
    np_ = B.np
    return np_.polyfit(np_.arange(x.shape[0], dtype=np_.float32), x, 2)


@entry("roots", lambda x: _f32(x) and x.ndim == 1 and 2 <= x.shape[0] <= 5)
def _roots(B, x, y):  # complex roots: sorted |r| as a real value (the order is JAX's eig's)
    if not B.jaxlike:
        return _stand_in(x, shape=(x.shape[0] - 1,))
    np_ = B.np
    r = np_.roots(x + np_.asarray([3.0] + [0.0] * (x.shape[0] - 1), x.dtype), strip_zeros=False)
    return np_.sort(np_.abs(r))


@entry("sort_complex", lambda x: (_is_float(x) or _is_int(x)) and x.ndim >= 1)
def _sort_complex(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, dtype=np.float32)
    s = B.np.sort_complex(x)
    return B.np.real(s) + 2 * B.np.imag(s)


@entry("trim_zeros", lambda x: x.ndim == 1)
def _trim_zeros(B, x, y):  # data-dependent size: JAX refuses a traced input
    if not B.jaxlike:
        return np.trim_zeros(x)
    return B.np.trim_zeros(x)


# -- the unique_* family (sized, so it traces)
def _usize(x):
    return max(1, min(x.size, 5))


@entry("unique_all", lambda x: x.ndim >= 1 and x.dtype != np.bool_)
def _unique_all(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, dtype=np.int32, shape=(4, _usize(x)))
    r = B.np.unique_all(B.np.ravel(x), size=_usize(x), fill_value=0)
    n = B.np
    return n.stack([r.values.astype(n.int32), r.indices, r.inverse_indices[: _usize(x)], r.counts])


@entry("unique_inverse", lambda x: x.ndim >= 1)
def _unique_inverse(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, dtype=np.int32)
    r = B.np.unique_inverse(x, size=_usize(x))
    return r.inverse_indices


@entry("unique_counts_values", lambda x: x.ndim >= 1)
def _unique_counts_values(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, shape=(_usize(x),))
    n = B.np
    r = n.unique_counts(x, size=_usize(x))
    return r.values * r.counts.astype(x.dtype) + n.unique_values(x, size=_usize(x))


@entry("fromfunction", lambda x: x.ndim == 2)
def _fromfunction(B, x, y):
    n = B.np
    grid = n.fromfunction(lambda i, j: i * 3 + j, x.shape, dtype=n.int32)
    return grid + x.astype(n.int32) if x.dtype != np.bool_ else grid


@entry("array_equiv", lambda x: x.ndim >= 1, needs_y=True)
def _array_equiv(B, x, y):
    n = B.np
    return n.stack([n.array_equiv(x, y), n.array_equiv(x, x), n.array_equiv(x, x[..., :1])])


@entry("dtype_queries", lambda x: True)
def _dtype_queries(B, x, y):  # Python answers folded into the value
    n = B.np
    flags = [
        n.iscomplexobj(x),
        n.isrealobj(x),
        n.issubdtype(x.dtype, n.floating),
        n.isdtype(x.dtype, "integral"),
        n.can_cast(x.dtype, n.float32),
        n.isscalar(x),
        n.iterable(x),
    ]
    code = sum(int(f) << k for k, f in enumerate(flags))
    return n.asarray(x, n.result_type(x, 1.0)) + code


# gradients through the smooth ones
SMOOTH14 = {*WINDOWS, "polydiv", "tril_indices", "triu_indices", "diag_indices_from", "ix_"}

op("np_np14", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH14)(
    (_drawer("np14"), _apply_api)
)

ROUND14 = sorted(n for n, e in TABLE.items() if e[3] == "np14")
