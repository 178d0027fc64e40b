"""The fuzzer's vocabulary of `jax.numpy` functions no earlier round drew (round 12): the rest of
the elementwise functions, NaN-aware and order-statistic reductions, set operations and
`nonzero` with `size=` / `fill_value=`, `unique` with its return flags, splits and stacks,
`diff` / cumulative functions with `dtype=` / `prepend=` / `include_initial=`, `tensordot` axes,
`take_along_axis` / `put` / `put_along_axis` with modes, `rot90`, polynomials, histograms,
`jnp.linalg` factorizations (on well-conditioned inputs; sign-free summaries of their factors).

Each function is one entry of a table: `accepts(x)` and `apply(B, x, y)` written once against the
backend's `np`; the NumPy backend only types them (`numpy_ref=False`: JAX is the reference), so a
NumPy stand-in only needs the right shape and dtype where jnp's signature differs from NumPy's.
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.programs import _np_dtype
from tests.fuzz.registry import _is_float, _is_int, _same_dtype, op


def _f32(x) -> bool:
    return str(x.dtype) == "float32"


def _num(x) -> bool:
    return _is_float(x) or _is_int(x)


def _nd(k):
    return lambda x: x.ndim >= k


def _sized(np_, B, values, size, fill):
    """NumPy's dynamic-size answer cut or padded to `size` (the NumPy backend's stand-in)."""
    values = np.asarray(values)
    out = np.full((size,) + values.shape[1:], 0 if fill is None else fill, values.dtype)
    n = min(size, values.shape[0])
    out[:n] = values[:n]
    return out


# name -> (accepts(x), apply(B, x, y), needs_y, group): y is a value of x's dtype when needs_y;
# each group is one op of the fuzzer (drawn as often as any other op)
TABLE: dict = {}
_GROUP = ["elementwise"]


def entry(name, accepts, needs_y=False):
    def register(fn):
        TABLE[name] = (accepts, fn, needs_y, _GROUP[0])
        return fn

    return register


# -- elementwise, float inputs (arguments kept inside the domain)
UNARY_F = {
    "arccos": lambda n, x: n.arccos(n.clip(x, -0.9, 0.9)),
    "arcsin": lambda n, x: n.arcsin(n.clip(x, -0.9, 0.9)),
    "arctan": lambda n, x: n.arctan(x),
    "arccosh": lambda n, x: n.arccosh(n.abs(x) + 1.5),
    "arcsinh": lambda n, x: n.arcsinh(x),
    "arctanh": lambda n, x: n.arctanh(n.clip(x, -0.9, 0.9)),
    "cbrt": lambda n, x: n.cbrt(x),
    "cosh": lambda n, x: n.cosh(n.clip(x, -5, 5)),
    "sinh": lambda n, x: n.sinh(n.clip(x, -5, 5)),
    "tan": lambda n, x: n.tan(n.clip(x, -1.2, 1.2)),
    "deg2rad": lambda n, x: n.deg2rad(x),
    "rad2deg": lambda n, x: n.rad2deg(x),
    "exp2": lambda n, x: n.exp2(n.clip(x, -6, 6)),
    "expm1": lambda n, x: n.expm1(n.clip(x, -6, 6)),
    "log10": lambda n, x: n.log10(n.abs(x) + 0.5),
    "log2": lambda n, x: n.log2(n.abs(x) + 0.5),
    "reciprocal": lambda n, x: n.reciprocal(n.abs(x) + 0.5),
    "fabs": lambda n, x: n.fabs(x),
    "positive": lambda n, x: n.positive(x),
    "sinc": lambda n, x: n.sinc(x),
    "i0": lambda n, x: n.i0(n.clip(x, -4, 4)),
    "nan_to_num": lambda n, x: n.nan_to_num(
        x / (x - x.astype(n.int32).astype(x.dtype)), nan=-1.0, posinf=7.0, neginf=-7.0
    ),
    "signbit": lambda n, x: n.signbit(x),
    "isinf": lambda n, x: n.isinf(x / n.floor(x)),
    "isposinf": lambda n, x: n.isposinf(x / n.floor(x)),
    "isneginf": lambda n, x: n.isneginf(x / n.floor(x)),
    "modf0": lambda n, x: n.modf(x * 3.5)[0],
    "modf1": lambda n, x: n.modf(x * 3.5)[1],
    "frexp0": lambda n, x: n.frexp(x * 7)[0],
    "frexp1": lambda n, x: n.frexp(x * 7)[1],
    "spacing": lambda n, x: n.spacing(x),
    "angle": lambda n, x: n.angle(x),
    "real": lambda n, x: n.real(x),
    "conj": lambda n, x: n.conj(x),
    "logaddexp2": lambda n, x: n.logaddexp2(x, x * 0.5),
    "sqrt_square": lambda n, x: n.sqrt(n.square(x)),
}
for _name, _fn in UNARY_F.items():
    entry(_name, _is_float)(lambda B, x, y, _fn=_fn: _fn(B.np, x))

BINARY_F = {
    "arctan2": lambda n, x, y: n.arctan2(x, y),
    "copysign": lambda n, x, y: n.copysign(x, y),
    "float_power": lambda n, x, y: n.float_power(n.abs(x) + 0.5, n.clip(y, -2, 2)),
    "fmax": lambda n, x, y: n.fmax(x, y),
    "fmin": lambda n, x, y: n.fmin(x, y),
    "heaviside": lambda n, x, y: n.heaviside(n.floor(x), y),
    "hypot": lambda n, x, y: n.hypot(x, y),
    "nextafter": lambda n, x, y: n.nextafter(x, y),
    "isclose": lambda n, x, y: n.isclose(x, y * 1.0001, rtol=1e-3),
    "pow": lambda n, x, y: n.pow(n.abs(x) + 0.5, n.clip(y, -2, 2)),
    "ldexp": lambda n, x, y: n.ldexp(x, n.clip(y, -4, 4).astype(n.int32)),
}
for _name, _fn in BINARY_F.items():
    entry(_name, _is_float, needs_y=True)(lambda B, x, y, _fn=_fn: _fn(B.np, x, y))

# -- elementwise, integer inputs
UNARY_I = {
    "bitwise_count": lambda n, x: n.bitwise_count(x),
    "bitwise_not": lambda n, x: n.bitwise_not(x),
    "bitwise_invert": lambda n, x: n.bitwise_invert(x),
}
for _name, _fn in UNARY_I.items():
    entry(_name, _is_int)(lambda B, x, y, _fn=_fn: _fn(B.np, x))

BINARY_I = {
    "gcd": lambda n, x, y: n.gcd(x, y),
    "lcm": lambda n, x, y: n.lcm(n.remainder(x, 5), n.remainder(y, 5)),
    "bitwise_left_shift": lambda n, x, y: n.bitwise_left_shift(x, n.remainder(y, 4)),
    "bitwise_right_shift": lambda n, x, y: n.bitwise_right_shift(x, n.remainder(y, 4)),
}
for _name, _fn in BINARY_I.items():
    entry(_name, _is_int, needs_y=True)(lambda B, x, y, _fn=_fn: _fn(B.np, x, y))


_GROUP[0] = "reduce"


# -- reductions and order statistics (NaN-aware ones see the special inputs' NaN)
@entry("amax", _num)
def _amax(B, x, y):
    return B.np.amax(x, axis=-1)


@entry("amin", _num)
def _amin(B, x, y):
    return B.np.amin(x, axis=0, keepdims=True)


@entry("ptp", _num)
def _ptp(B, x, y):
    return B.np.ptp(x, axis=-1)


@entry("count_nonzero", lambda x: x.ndim >= 1)
def _count_nonzero(B, x, y):
    return B.np.count_nonzero(x, axis=0)


@entry("average_w", lambda x: _is_float(x) and x.ndim >= 1)
def _average(B, x, y):
    np_ = B.np
    w = np_.arange(x.shape[-1], dtype=np_.float32) + 1
    return np_.average(x, axis=-1, weights=w)


@entry("average_ret", lambda x: _num(x) and x.ndim >= 1)
def _average_ret(B, x, y):
    return B.np.average(x, axis=0, returned=True)[1]


for _name in ("median", "nanmedian"):
    entry(_name, lambda x: _num(x) and x.ndim >= 1)(
        lambda B, x, y, _name=_name: getattr(B.np, _name)(x, axis=-1)
    )
for _name in ("percentile", "nanpercentile"):
    entry(_name, lambda x: _num(x) and x.ndim >= 1)(
        lambda B, x, y, _name=_name: getattr(B.np, _name)(x, 30.0, axis=0)
    )
for _name in ("quantile", "nanquantile"):
    entry(_name, lambda x: _is_float(x) and x.ndim >= 1)(
        lambda B, x, y, _name=_name: getattr(B.np, _name)(
            x, B.np.asarray([0.1, 0.5, 0.75]), axis=-1
        )
    )


@entry("quantile_method", lambda x: _f32(x) and x.ndim >= 1)
def _quantile_method(B, x, y):
    return B.np.quantile(x, 0.4, axis=None, method="nearest")


for _name in (
    "nansum",
    "nanmax",
    "nanmin",
    "nanmean",
    "nanprod",
    "nanstd",
    "nanvar",
    "nanargmax",
    "nanargmin",
):
    entry(_name, lambda x: _is_float(x) and x.ndim >= 1)(
        lambda B, x, y, _name=_name: getattr(B.np, _name)(
            B.np.tanh(x) + 1.0 if _name == "nanprod" else x, axis=0
        )
    )
for _name in ("nancumsum", "nancumprod"):
    entry(_name, lambda x: _is_float(x) and x.ndim >= 1)(
        lambda B, x, y, _name=_name: getattr(B.np, _name)(
            B.np.tanh(x) * 0.5 + 1.0 if _name == "nancumprod" else x, axis=-1
        )
    )


@entry("cumsum_dtype", lambda x: _num(x) and x.ndim >= 1)
def _cumsum_dtype(B, x, y):
    return B.np.cumsum(
        x,
        axis=0,
        dtype=B.dtype("float32" if _is_int(x) else "int32")
        if not _is_float(x)
        else B.dtype("float32"),
    )


@entry("cumprod_dtype", lambda x: _is_int(x) and x.ndim >= 1)
def _cumprod_dtype(B, x, y):
    return B.np.cumprod(B.np.remainder(x, 3), axis=-1, dtype=B.dtype("int16"))


@entry("sum_dtype", lambda x: _num(x) or x.dtype == np.bool_)
def _sum_dtype(B, x, y):
    return B.np.sum(x, dtype=B.dtype("int8") if not _is_float(x) else B.dtype("float16"))


@entry("cumulative_sum", lambda x: (_num(x) or x.dtype == np.bool_) and x.ndim >= 1)
def _cumulative_sum(B, x, y):
    if not B.jaxlike:
        out = np.cumsum(x, axis=-1)
        return np.concatenate([np.zeros_like(out[..., :1]), out], axis=-1)
    return B.np.cumulative_sum(x, axis=-1, include_initial=True)


@entry("cumulative_prod", lambda x: _is_float(x) and x.ndim >= 1)
def _cumulative_prod(B, x, y):
    v = B.np.tanh(x) * 0.5 + 1.0
    if not B.jaxlike:
        return np.cumprod(v, axis=0)
    return B.np.cumulative_prod(v, axis=0)


@entry("diff", lambda x: x.ndim >= 1 and x.shape[-1] >= 3)
def _diff(B, x, y):
    return B.np.diff(x, n=2, axis=-1)


@entry("diff_prepend", lambda x: _num(x) and x.ndim >= 1)
def _diff_prepend(B, x, y):
    return B.np.diff(x, axis=0, prepend=x[:1] * 2, append=3)


@entry("ediff1d", _num)
def _ediff1d(B, x, y):
    return B.np.ediff1d(x, to_begin=B.np.asarray([7], x.dtype))


@entry("trapezoid", lambda x: _is_float(x) and x.ndim >= 1)
def _trapezoid(B, x, y):
    return B.np.trapezoid(x, dx=0.5, axis=-1)


@entry("gradient", lambda x: _is_float(x) and x.ndim >= 1 and x.shape[0] >= 2)
def _gradient(B, x, y):
    return B.np.gradient(x, axis=0)


@entry("partition", lambda x: _num(x) and x.ndim >= 1)
def _partition(B, x, y):  # the kth value is defined; the others' order is not
    k = x.shape[-1] // 2
    return B.np.partition(x, k, axis=-1)[..., k]


@entry("argpartition", lambda x: _num(x) and x.ndim == 1)
def _argpartition(B, x, y):  # the kth index names the kth value (ties: compare values)
    np_ = B.np
    k = x.shape[0] // 2
    return np_.take(x, np_.argpartition(x, k)[k])


@entry("sort_desc", lambda x: _num(x) and x.ndim >= 1)
def _sort_desc(B, x, y):
    if not B.jaxlike:
        return -np.sort(-x.astype(np.float32), axis=0).astype(x.dtype)
    return B.np.sort(x, axis=0, descending=True)


@entry("lexsort", lambda x: _num(x) and x.ndim == 2 and x.shape[0] >= 2)
def _lexsort(B, x, y):
    return B.np.lexsort(x)


_GROUP[0] = "sets"


# -- set operations, nonzero and friends with size= / fill_value=
def _size_for(x):
    return max(1, min(x.size, 6))


@entry("nonzero", lambda x: x.ndim >= 1)
def _nonzero(B, x, y):
    size = _size_for(x)
    if not B.jaxlike:
        return _sized(np, B, np.nonzero(x)[0], size, -1)
    return B.np.nonzero(x, size=size, fill_value=-1)[0]


@entry("flatnonzero", lambda x: x.ndim >= 1)
def _flatnonzero(B, x, y):
    size = _size_for(x)
    if not B.jaxlike:
        return _sized(np, B, np.flatnonzero(x), size, None)
    return B.np.flatnonzero(x, size=size)


@entry("argwhere", lambda x: 1 <= x.ndim <= 2)
def _argwhere(B, x, y):
    size = _size_for(x)
    if not B.jaxlike:
        return _sized(np, B, np.argwhere(x), size, 0).astype(np.int32)
    return (
        B.np.argwhere(x > 0, size=size, fill_value=3)
        if x.dtype != np.bool_
        else B.np.argwhere(x, size=size)
    )


@entry("extract", lambda x: x.ndim >= 1)
def _extract(B, x, y):
    size = _size_for(x)
    if not B.jaxlike:
        return _sized(np, B, np.extract(np.ravel(x) != 0, x), size, 0)
    return B.np.extract(x != 0, x, size=size)


@entry("compress", lambda x: x.ndim >= 1)
def _compress(B, x, y):
    np_ = B.np
    size = _size_for(x) if x.ndim == 1 else max(1, x.shape[0] // 2)
    cond = np_.arange(x.shape[0]) % 2 == 0
    if not B.jaxlike:
        return _sized(np, B, np.compress(cond, x, axis=0), size, 0)
    return np_.compress(cond, x, axis=0, size=size, fill_value=0)


for _flags in ("", "i", "v", "c", "ivc"):

    @entry("unique_" + (_flags or "plain"), lambda x: x.ndim >= 1 and x.size <= 64)
    def _unique(B, x, y, _flags=_flags):
        size = _size_for(x)
        kw = dict(
            return_index="i" in _flags, return_inverse="v" in _flags, return_counts="c" in _flags
        )
        if not B.jaxlike:
            got = np.unique(x, **kw)
            got = got if isinstance(got, tuple) else (got,)
            out = _sized(np, B, got[-1] if _flags in ("i", "c", "ivc") else got[0], size, 0)
            if _flags == "v":
                return np.asarray(got[1]).reshape(x.shape).astype(np.int32)
            return out.astype(np.int32) if _flags else out
        got = B.np.unique(x, size=size, **kw)
        if _flags == "v":
            return got[1]
        return got[-1] if _flags else got


@entry("unique_fill", lambda x: _num(x) and x.ndim >= 1)
def _unique_fill(B, x, y):
    size = x.size + 2
    if not B.jaxlike:
        return _sized(np, B, np.unique(x), size, 0)
    return B.np.unique(x, size=size, fill_value=x.dtype.type(7) if _is_int(x) else 7.5)


@entry("unique_values", lambda x: x.ndim >= 1)
def _unique_values(B, x, y):
    if not B.jaxlike:
        return _sized(np, B, np.unique(x), x.size, 0)
    return B.np.unique_values(x, size=x.size)


@entry("unique_counts", lambda x: x.ndim >= 1)
def _unique_counts(B, x, y):
    if not B.jaxlike:
        return np.zeros(x.size, np.int32)
    return B.np.unique_counts(x, size=x.size).counts


@entry("unique_axis", lambda x: x.ndim == 2)
def _unique_axis(B, x, y):
    if not B.jaxlike:
        return _sized(np, B, np.unique(x, axis=0), x.shape[0], 0)
    return B.np.unique(x, axis=0, size=x.shape[0], fill_value=0)


for _name in ("union1d", "intersect1d", "setdiff1d", "setxor1d"):

    @entry(_name, lambda x: x.ndim >= 1 and x.size <= 64, needs_y=True)
    def _setop(B, x, y, _name=_name):
        size = x.size + y.size if _name in ("union1d", "setxor1d") else x.size
        if not B.jaxlike:
            return _sized(np, B, getattr(np, _name)(x, y), size, 0)
        return getattr(B.np, _name)(x, y, size=size, fill_value=0 if x.dtype != np.bool_ else False)


@entry("intersect1d_idx", lambda x: x.ndim == 1, needs_y=True)
def _intersect1d_idx(B, x, y):
    if not B.jaxlike:
        return np.zeros(x.size, np.int32)
    return B.np.intersect1d(x, y, size=x.size, return_indices=True)[1]


@entry("isin", lambda x: x.ndim >= 1, needs_y=True)
def _isin(B, x, y):
    return B.np.isin(x, y, invert=False)


@entry("isin_invert", lambda x: x.ndim >= 1, needs_y=True)
def _isin_invert(B, x, y):
    return B.np.isin(x, y, invert=True)


@entry("bincount", lambda x: _is_int(x))
def _bincount(B, x, y):
    np_ = B.np
    v = np_.abs(np_.ravel(x).astype(np_.int32)) % 7
    if not B.jaxlike:
        return np.bincount(v, minlength=7)[:7].astype(np.int32)
    return np_.bincount(v, length=7)


@entry("bincount_w", lambda x: _is_float(x) and x.ndim >= 1)
def _bincount_w(B, x, y):
    np_ = B.np
    v = np_.ravel(np_.clip(np_.floor(x * 2) + 3, 0, 5).astype(np_.int32))
    w = np_.ravel(x)
    if not B.jaxlike:
        return np.bincount(v, weights=w.astype(np.float32), minlength=6)[:6].astype(x.dtype)
    return np_.bincount(v, weights=w, length=6)


@entry("digitize", _num)
def _digitize(B, x, y):
    bins = B.np.asarray([-1.0, 0.0, 0.5, 2.0], B.dtype("float32"))
    return B.np.digitize(x, bins, right=x.ndim % 2 == 1)


@entry("histogram", lambda x: _f32(x) and x.ndim >= 1)
def _histogram(B, x, y):
    return B.np.histogram(x, bins=5, range=(-2.0, 2.0))[0]


@entry("histogram_edges", lambda x: _f32(x) and x.ndim >= 1)
def _histogram_edges(B, x, y):
    return B.np.histogram_bin_edges(B.np.nan_to_num(x), bins=4)


@entry("interp", lambda x: _f32(x))
def _interp(B, x, y):
    np_ = B.np
    xp = np_.asarray([-1.0, 0.0, 0.5, 2.0], np_.float32)
    fp = np_.asarray([3.0, -1.0, 2.0, 0.0], np_.float32)
    return np_.interp(x, xp, fp, left=-5.0)


_GROUP[0] = "shapes"


# -- shapes: splits, stacks, rotations, triangles, diagonals
@entry("split", lambda x: x.ndim >= 1 and x.shape[0] % 2 == 0)
def _split(B, x, y):
    return B.np.split(x, 2, axis=0)[1]


@entry("split_idx", lambda x: x.ndim >= 1)
def _split_idx(B, x, y):
    parts = B.np.split(x, [1, 3], axis=-1)
    return parts[-1] if parts[-1].size else parts[0]


@entry("array_split", lambda x: x.ndim >= 1)
def _array_split(B, x, y):
    return B.np.array_split(x, 3, axis=0)[0]


@entry("hsplit", lambda x: x.ndim >= 2 and x.shape[1] % 2 == 0)
def _hsplit(B, x, y):
    return B.np.hsplit(x, 2)[0]


@entry("vsplit", lambda x: x.ndim >= 2 and x.shape[0] % 2 == 0)
def _vsplit(B, x, y):
    return B.np.vsplit(x, 2)[1]


@entry("dsplit", lambda x: x.ndim >= 3 and x.shape[2] % 2 == 0)
def _dsplit(B, x, y):
    return B.np.dsplit(x, 2)[1]


@entry("unstack", lambda x: x.ndim >= 1)
def _unstack(B, x, y):
    if not B.jaxlike:
        return list(np.moveaxis(x, -1, 0))[-1]
    return B.np.unstack(x, axis=-1)[-1]


for _name in ("hstack", "vstack", "dstack", "column_stack"):
    entry(_name, lambda x: x.ndim <= 2, needs_y=True)(
        lambda B, x, y, _name=_name: getattr(B.np, _name)([x, x * 2])
    )


@entry("append", lambda x: x.ndim >= 1)
def _append(B, x, y):
    return B.np.append(x, x[..., :1], axis=-1)


@entry("insert", lambda x: x.ndim >= 1)
def _insert(B, x, y):
    return B.np.insert(x, 1, 5 if x.dtype != np.bool_ else True, axis=0)


@entry("delete", lambda x: x.ndim >= 1 and x.shape[0] >= 2)
def _delete(B, x, y):
    return B.np.delete(x, [0, -1], axis=0)


@entry("block", lambda x: x.ndim == 2)
def _block(B, x, y):
    return B.np.block([[x, x], [x * 2, x]])


@entry("atleast_3d", lambda x: True)
def _atleast_3d(B, x, y):
    return B.np.atleast_3d(x)


@entry("atleast_2d", lambda x: True)
def _atleast_2d(B, x, y):
    return B.np.atleast_2d(x)


for _k in (1, 2, 3, -1):
    entry(f"rot90_{_k}", lambda x: x.ndim >= 2)(
        lambda B, x, y, _k=_k: B.np.rot90(x, _k, axes=(0, x.ndim - 1) if _k == 3 else (0, 1))
    )
for _name in ("fliplr", "flipud"):
    entry(_name, lambda x: x.ndim >= 2)(lambda B, x, y, _name=_name: getattr(B.np, _name)(x))


@entry("flip_all", lambda x: x.ndim >= 1)
def _flip_all(B, x, y):
    return B.np.flip(x)


@entry("roll_multi", lambda x: x.ndim >= 2)
def _roll_multi(B, x, y):
    return B.np.roll(x, (1, -2), axis=(0, 1))


@entry("roll_flat", lambda x: x.ndim >= 1)
def _roll_flat(B, x, y):
    return B.np.roll(x, 3)


@entry("rollaxis", lambda x: x.ndim >= 2)
def _rollaxis(B, x, y):
    return B.np.rollaxis(x, x.ndim - 1, 0)


@entry("permute_dims", lambda x: x.ndim >= 2)
def _permute_dims(B, x, y):
    axes = tuple(range(x.ndim))[::-1]
    return B.np.permute_dims(x, axes) if B.jaxlike else np.transpose(x, axes)


@entry("matrix_transpose", lambda x: x.ndim >= 2)
def _matrix_transpose(B, x, y):
    return B.np.matrix_transpose(x)


@entry("resize", lambda x: x.ndim >= 1)
def _resize(B, x, y):
    return B.np.resize(x, (3, x.size // 2 + 1))


for _k in (-1, 0, 1):
    entry(f"tril_{_k}", lambda x: x.ndim >= 2)(lambda B, x, y, _k=_k: B.np.tril(x, _k))
    entry(f"triu_{_k}", lambda x: x.ndim >= 2)(lambda B, x, y, _k=_k: B.np.triu(x, _k))


@entry("diagonal", lambda x: x.ndim >= 2)
def _diagonal(B, x, y):
    return B.np.diagonal(x, offset=1 if x.shape[1] > 1 else 0, axis1=0, axis2=1)


@entry("diag", lambda x: x.ndim in (1, 2))
def _diag(B, x, y):
    return B.np.diag(x, k=-1 if x.ndim == 1 else 0)


@entry("diagflat", lambda x: x.ndim >= 1 and x.size <= 16)
def _diagflat(B, x, y):
    return B.np.diagflat(x, 1)


@entry("fill_diagonal", lambda x: x.ndim == 2)
def _fill_diagonal(B, x, y):
    if not B.jaxlike:
        out = np.array(x, copy=True)
        np.fill_diagonal(out, 3)
        return out
    return B.np.fill_diagonal(x, 3, inplace=False)


@entry("tri_like", lambda x: x.ndim >= 1)
def _tri_like(B, x, y):
    return B.np.tri(x.shape[0], 4, k=1, dtype=B.dtype("int32")) * 2


_GROUP[0] = "contract"


@entry("kron", lambda x: x.ndim <= 2 and x.size <= 16, needs_y=True)
def _kron(B, x, y):
    return B.np.kron(x, x[..., :2] if x.ndim else x)


@entry("outer", lambda x: x.size <= 32, needs_y=True)
def _outer(B, x, y):
    return B.np.outer(x, y) if y.size <= 32 else B.np.outer(x, x)


@entry("inner", lambda x: x.ndim >= 1 and (_num(x)), needs_y=True)
def _inner(B, x, y):
    return B.np.inner(x, x * 2)


@entry("vdot", lambda x: _num(x), needs_y=True)
def _vdot(B, x, y):
    return B.np.vdot(x, x + 1)


@entry("dot", lambda x: _num(x) and x.ndim >= 1)
def _dot(B, x, y):
    return B.np.dot(x, B.np.ones((x.shape[-1], 2), x.dtype))


@entry("cross", lambda x: _num(x) and x.ndim >= 1 and x.shape[-1] == 3)
def _cross(B, x, y):
    return B.np.cross(x, B.np.roll(x, 1, axis=-1))


@entry("matvec", lambda x: _num(x) and x.ndim == 2)
def _matvec(B, x, y):
    v = B.np.arange(x.shape[-1]).astype(x.dtype)
    if not B.jaxlike:
        return x @ v
    return B.np.matvec(x, v)


@entry("vecmat", lambda x: _num(x) and x.ndim == 2)
def _vecmat(B, x, y):
    v = B.np.arange(x.shape[0]).astype(x.dtype)
    if not B.jaxlike:
        return v @ x
    return B.np.vecmat(v, x)


@entry("vecdot", lambda x: _num(x) and x.ndim >= 1)
def _vecdot(B, x, y):
    if not B.jaxlike:
        return np.sum(x * x[::-1] if x.ndim == 1 else x * x, axis=-1)
    return B.np.vecdot(x, x[::-1] if x.ndim == 1 else x, axis=-1)


for _axes in (0, 1, 2, "pairs"):

    @entry(f"tensordot_{_axes}", lambda x: _num(x) and x.ndim >= 2)
    def _tensordot(B, x, y, _axes=_axes):
        np_ = B.np
        if _axes == "pairs":
            return np_.tensordot(x, x, axes=([0, 1], [0, 1]))
        if _axes == 2:
            return (
                np_.tensordot(x, x, axes=2)
                if x.ndim == 2
                else np_.tensordot(x, np_.ones(x.shape[-2:], x.dtype), axes=2)
            )
        return np_.tensordot(x, np_.swapaxes(x, 0, -1), axes=_axes)


@entry("einsum_ellipsis", lambda x: _num(x) and x.ndim >= 2)
def _einsum_ellipsis(B, x, y):
    return B.np.einsum("...ij,...kj->...ik", x, x)


@entry("einsum_trace", lambda x: _num(x) and x.ndim == 3 and x.shape[1] == x.shape[2])
def _einsum_trace(B, x, y):
    return B.np.einsum("bii->b", x)


@entry("einsum_three", lambda x: _num(x) and x.ndim == 2)
def _einsum_three(B, x, y):
    return B.np.einsum("ij,jk,kl->il", x, B.np.swapaxes(x, 0, 1), x)


_GROUP[0] = "gather"


# -- gathers and scatters with modes
@entry("take_along_mode", lambda x: x.ndim >= 1)
def _take_along_mode(B, x, y):
    np_ = B.np
    n = x.shape[-1]
    idx = np_.asarray([[-n - 1, -1, 0, n, n + 2][k % 5] for k in range(n)], np_.int32)
    idx = np_.broadcast_to(idx, x.shape)
    if not B.jaxlike:
        return x
    return np_.take_along_axis(x, idx, axis=-1, mode="fill", fill_value=None)


@entry("take_along_clip", lambda x: x.ndim >= 1)
def _take_along_clip(B, x, y):
    np_ = B.np
    n = x.shape[0]
    idx = np_.asarray([(k * 3) % (n + 3) - 1 for k in range(n)], np_.int32)
    idx = np_.reshape(idx, (n,) + (1,) * (x.ndim - 1))
    if not B.jaxlike:
        return np.take_along_axis(x, np.clip(np.where(idx < 0, idx + n, idx), 0, n - 1), 0)
    return np_.take_along_axis(x, idx, axis=0, mode="clip")


@entry("put", lambda x: x.ndim >= 1 and x.dtype != np.bool_)
def _put(B, x, y):
    np_ = B.np
    n = x.size
    ind = np_.asarray([0, n - 1, n + 1, -2][: min(4, n)], np_.int32)
    v = np_.asarray([9, 8, 7, 6][: min(4, n)]).astype(x.dtype)
    if not B.jaxlike:
        return x
    return np_.put(x, ind, v, mode="clip" if n % 2 else "wrap", inplace=False)


@entry("put_along_axis", lambda x: x.ndim >= 1 and x.dtype != np.bool_)
def _put_along_axis(B, x, y):
    np_ = B.np
    idx = np_.argmax(x, axis=-1, keepdims=True)
    if not B.jaxlike:
        out = np.array(x, copy=True)
        np.put_along_axis(out, idx, 5, axis=-1)
        return out
    return np_.put_along_axis(x, idx, 5, axis=-1, inplace=False)


@entry("unravel_index", lambda x: x.ndim >= 1)
def _unravel_index(B, x, y):
    np_ = B.np
    flat = np_.arange(x.size, dtype=np_.int32) * 3 - 2
    out = np_.unravel_index(flat if B.jaxlike else np.clip(flat, 0, 11), (3, 4))
    return out[0] * 10 + out[1]


@entry("ravel_multi_index", lambda x: x.ndim >= 1 and _is_int(x))
def _ravel_multi_index(B, x, y):
    np_ = B.np
    a = np_.ravel(x).astype(np_.int32)
    return np_.ravel_multi_index((a, a * 2), (7, 5), mode="clip" if a.size % 2 else "wrap")


@entry("select", lambda x: _num(x))
def _select(B, x, y):
    np_ = B.np
    return np_.select([x > 1, x < 0], [x, x * 2], default=x.dtype.type(3) if _is_int(x) else 3.0)


@entry("piecewise", lambda x: _f32(x))
def _piecewise(B, x, y):
    np_ = B.np
    return np_.piecewise(x, [x < 0, x > 1], [lambda v: v * 2, lambda v: -v, 0.5])


@entry("where_one", lambda x: x.ndim >= 1)
def _where_one(B, x, y):  # the one-argument form with size=
    if not B.jaxlike:
        return _sized(np, B, np.nonzero(x)[0], _size_for(x), 0)
    return B.np.where(x, size=_size_for(x))[0]


@entry("packbits", lambda x: x.ndim >= 1)
def _packbits(B, x, y):
    return B.np.packbits(x > 0 if x.dtype != np.bool_ else x, axis=-1)


@entry("unpackbits", lambda x: str(x.dtype) == "uint8")
def _unpackbits(B, x, y):
    return B.np.unpackbits(x, axis=0, count=5)


_GROUP[0] = "stats"


# -- polynomials, convolution, statistics
@entry("convolve", lambda x: _f32(x) and x.ndim == 1)
def _convolve(B, x, y):
    return B.np.convolve(x, B.np.asarray([1.0, -2.0, 0.5], B.np.float32), mode="same")


@entry("correlate", lambda x: _f32(x) and x.ndim == 1)
def _correlate(B, x, y):
    return B.np.correlate(x, B.np.asarray([1.0, 0.5], B.np.float32), mode="full")


@entry("polyval", lambda x: _f32(x))
def _polyval(B, x, y):
    return B.np.polyval(B.np.asarray([0.5, -1.0, 2.0], B.np.float32), x)


@entry("polyder", lambda x: _f32(x) and x.ndim == 1 and x.size >= 2)
def _polyder(B, x, y):
    return B.np.polyder(x, 1)


@entry("polymul", lambda x: _f32(x) and x.ndim == 1)
def _polymul(B, x, y):
    return B.np.polymul(x, B.np.asarray([1.0, 2.0], B.np.float32))


@entry("vander", lambda x: _f32(x) and x.ndim == 1 and x.size <= 8)
def _vander(B, x, y):
    return B.np.vander(x, 3, increasing=True)


@entry("cov", lambda x: _f32(x) and x.ndim == 2 and x.shape[1] >= 2)
def _cov(B, x, y):
    return B.np.cov(x)


@entry("corrcoef", lambda x: _f32(x) and x.ndim == 2 and x.shape[1] >= 2)
def _corrcoef(B, x, y):
    np_ = B.np
    return np_.corrcoef(x + np_.arange(x.shape[1], dtype=np_.float32))


@entry("meshgrid", lambda x: x.ndim == 1)
def _meshgrid(B, x, y):
    a, b = B.np.meshgrid(x, x[:2], indexing="ij")
    return a * 2 + b if x.dtype != np.bool_ else a


@entry("linspace", lambda x: _f32(x) and x.ndim == 1)
def _linspace(B, x, y):
    np_ = B.np
    return np_.linspace(np_.min(x), np_.max(x) + 1, 5, endpoint=x.size % 2 == 0)


@entry("logspace", lambda x: _f32(x) and x.ndim == 1)
def _logspace(B, x, y):
    return B.np.logspace(0.0, 2.0, 4, base=2.0) + B.np.sum(x) * 0


# -- jnp.linalg factorizations, on x x^T / n + 2 I (well conditioned)
def _spd(B, x):
    np_ = B.np
    a = np_.matmul(x, np_.swapaxes(x, -1, -2)) / max(x.shape[-1], 1)
    return a + np_.eye(x.shape[-2], dtype=x.dtype) * 2.0


_GROUP[0] = "linalg"
LINALG2 = [
    "eigh_w",
    "eigh_v",
    "qr_abs",
    "svd_s",
    "svd_uv",
    "lstsq",
    "matrix_rank",
    "cond",
    "multi_dot",
    "tensorsolve",
    "matrix_norm",
    "cholesky_upper",
    "eigvals_real",
    "solve_batched",
    "det_batched",
]
for _kind in LINALG2:
    entry(
        "la_" + _kind, lambda x: _f32(x) and x.ndim >= 2 and x.shape[-1] <= 8 and x.shape[-2] <= 8
    )(lambda B, x, y, _kind=_kind: _apply_linalg2(B, _kind, x))


def _apply_linalg2(B, kind, x):
    np_ = B.np
    la = np_.linalg
    a = _spd(B, x)
    if kind == "eigh_w":
        return la.eigh(a)[0]
    if kind == "eigh_v":  # the reconstruction: independent of the eigenvectors' signs
        w, v = la.eigh(a)
        return np_.matmul(v * w[..., None, :], np_.swapaxes(v, -1, -2))
    if kind == "qr_abs":
        q, r = la.qr(a, mode="reduced" if x.ndim % 2 else "complete")
        return np_.abs(r) + np_.abs(q) * 0
    if kind == "svd_s":
        return la.svd(x, compute_uv=False)
    if kind == "svd_uv":  # U S V^T == x
        u, s, vt = la.svd(x, full_matrices=False)
        return np_.matmul(u * s[..., None, :], vt)
    if kind == "lstsq":
        m = a[..., :, :] if a.ndim == 2 else a[0]
        return la.lstsq(m, m[:, :1])[0]
    if kind == "matrix_rank":
        return la.matrix_rank(a)
    if kind == "cond":
        return la.cond(a)
    if kind == "multi_dot":
        m = a if a.ndim == 2 else a[0]
        return la.multi_dot([m, m, m[:, :2]])
    if kind == "tensorsolve":
        m = a if a.ndim == 2 else a[0]
        return la.tensorsolve(m, m[:, 0])
    if kind == "matrix_norm":
        if not B.jaxlike:
            return np.linalg.norm(a, ord="fro", axis=(-2, -1))
        return la.matrix_norm(a, ord="fro")
    if kind == "cholesky_upper":
        if not B.jaxlike:
            return np.swapaxes(np.linalg.cholesky(a), -1, -2)
        return la.cholesky(a, upper=True)
    if kind == "eigvals_real":  # symmetric: real eigenvalues, sorted (eig's order is LAPACK's)
        return np_.sort(np_.real(la.eigvals(a)), axis=-1)
    if kind == "solve_batched":
        return la.solve(a, x[..., :, :1] * 0 + 1)
    return la.det(a * 0.5)


_GROUP[0] = "lax"


# -- lax with its dimension-number forms (the NumPy backend: shapes only)
def _zeros(shape, dtype):
    return np.zeros(tuple(shape), dtype)


@entry("lax_gather_rows", lambda x: x.ndim >= 2)
def _lax_gather_rows(B, x, y):
    n = x.shape[0]
    idx = [[0], [n - 1], [n + 1], [-1]]
    if not B.jaxlike:
        return _zeros((4,) + x.shape[1:], x.dtype)
    lax = B.lax
    dnums = lax.GatherDimensionNumbers(
        offset_dims=tuple(range(1, x.ndim)), collapsed_slice_dims=(0,), start_index_map=(0,)
    )
    mode = "clip" if x.size % 2 else "fill"
    return lax.gather(x, B.np.asarray(idx, B.np.int32), dnums, (1,) + x.shape[1:], mode=mode)


@entry("lax_gather_window", lambda x: x.ndim == 2)
def _lax_gather_window(B, x, y):
    w = min(2, x.shape[1])
    if not B.jaxlike:
        return _zeros((3, w), x.dtype)
    lax = B.lax
    dnums = lax.GatherDimensionNumbers(
        offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0, 1)
    )
    idx = B.np.asarray([[0, 1], [x.shape[0] - 1, 0], [1, x.shape[1]]], B.np.int32)
    return lax.gather(x, idx, dnums, (1, w), mode="clip")


@entry("lax_gather_batching", lambda x: x.ndim == 2)
def _lax_gather_batching(B, x, y):
    b, n = x.shape
    if not B.jaxlike:
        return _zeros((b,), x.dtype)
    lax = B.lax
    dnums = lax.GatherDimensionNumbers(
        offset_dims=(),
        collapsed_slice_dims=(1,),
        start_index_map=(1,),
        operand_batching_dims=(0,),
        start_indices_batching_dims=(0,),
    )
    idx = B.np.asarray([[(3 * i + 1) % n] for i in range(b)], B.np.int32)
    return lax.gather(x, idx, dnums, (1, 1), mode="clip")


for _kind in ("add", "max", "min", "mul", "set"):

    @entry(f"lax_scatter_{_kind}", lambda x: x.ndim >= 1 and x.dtype != np.bool_)
    def _lax_scatter(B, x, y, _kind=_kind):
        if not B.jaxlike:
            return x
        lax, np_ = B.lax, B.np
        n = x.shape[0]
        idx = [[0], [n - 1], [n + 2]] if _kind == "set" else [[0], [n - 1], [0], [n + 2]]
        dnums = lax.ScatterDimensionNumbers(
            update_window_dims=tuple(range(1, x.ndim)),
            inserted_window_dims=(0,),
            scatter_dims_to_operand_dims=(0,),
        )
        updates = np_.ones((len(idx),) + x.shape[1:], x.dtype) * 2
        fn = {
            "add": lax.scatter_add,
            "max": lax.scatter_max,
            "min": lax.scatter_min,
            "mul": lax.scatter_mul,
            "set": lax.scatter,
        }[_kind]
        return fn(
            x,
            np_.asarray(idx, np_.int32),
            updates,
            dnums,
            mode="clip" if _kind in ("add", "max") else "drop",
        )


@entry("lax_reduce_window_dilated", lambda x: 1 <= x.ndim <= 3 and _num(x))
def _lax_reduce_window_dilated(B, x, y):
    window = tuple(min(2, n) for n in x.shape)
    base = tuple(2 if k == 0 else 1 for k in range(x.ndim))
    wdil = tuple(2 if k == x.ndim - 1 and n >= 3 else 1 for k, n in enumerate(x.shape))
    pad = tuple((1, 0) for _ in x.shape)
    shape = [
        ((n - 1) * b + 1 + 1 - ((w - 1) * d + 1)) + 1
        for n, b, w, d in zip(x.shape, base, window, wdil)
    ]
    if not B.jaxlike:
        if any(s <= 0 for s in shape):
            raise ValueError("empty window")
        return _zeros(shape, x.dtype)
    lax = B.lax
    init = np.asarray(0, _np_dtype(str(x.dtype)))
    return lax.reduce_window(
        x, init, lax.add, window, (1,) * x.ndim, pad, base_dilation=base, window_dilation=wdil
    )


@entry("lax_conv_nhwc", lambda x: x.ndim == 4 and str(x.dtype) in ("float32", "bfloat16"))
def _lax_conv_nhwc(B, x, y):
    n, h, w, c = x.shape
    kh, kw = min(2, h), min(2, w)
    if not B.jaxlike:
        return _zeros((n, h - kh + 1, w - kw + 1, 3), x.dtype)
    np_ = B.np
    k = np_.reshape(
        np_.cos(np_.arange(kh * kw * c * 3, dtype=np_.float32) * 0.3), (kh, kw, c, 3)
    ).astype(x.dtype)
    return B.lax.conv_general_dilated(
        x, k, (1, 1), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC")
    )


@entry("lax_conv_transpose", lambda x: x.ndim == 3 and _f32(x))
def _lax_conv_transpose(B, x, y):
    n, c, w = x.shape
    if not B.jaxlike:
        return _zeros((n, 2, 2 * w), x.dtype)
    np_ = B.np
    k = np_.reshape(np_.sin(np_.arange(2 * c * 2, dtype=np_.float32)), (2, c, 2))
    return B.lax.conv_transpose(x, k, (2,), "SAME", dimension_numbers=("NCH", "OIH", "NCH"))


@entry("lax_sort_multi", lambda x: x.ndim >= 1 and _num(x))
def _lax_sort_multi(B, x, y):
    if not B.jaxlike:
        return _zeros(x.shape, np.int32)
    lax = B.lax
    iota = lax.broadcasted_iota(B.np.int32, x.shape, x.ndim - 1)
    return lax.sort((x, iota), dimension=x.ndim - 1, num_keys=1, is_stable=True)[1]


@entry("lax_sort_two_keys", lambda x: x.ndim == 1 and _num(x))
def _lax_sort_two_keys(B, x, y):
    if not B.jaxlike:
        return x
    lax, np_ = B.lax, B.np
    return lax.sort((np_.sign(x), x), num_keys=2)[1]


@entry("lax_reduce_precision", lambda x: _f32(x))
def _lax_reduce_precision(B, x, y):
    if not B.jaxlike:
        return x
    return B.lax.reduce_precision(x * 1000, exponent_bits=5, mantissa_bits=2)


@entry("lax_argmax_dtype", lambda x: x.ndim >= 1 and _num(x))
def _lax_argmax_dtype(B, x, y):
    if not B.jaxlike:
        return _zeros(x.shape[:-1], np.int16)
    return B.lax.argmax(x, x.ndim - 1, B.np.int16)


@entry("lax_clamp", _num)
def _lax_clamp(B, x, y):
    np_ = B.np
    lo, hi = np_.asarray(0, x.dtype), np_.asarray(3, x.dtype)
    if not B.jaxlike:
        return np.clip(x, lo, hi)
    return B.lax.clamp(lo, x, hi)


@entry("lax_population_count", _is_int)
def _lax_population_count(B, x, y):
    if not B.jaxlike:
        return x
    return B.lax.population_count(x) + B.lax.clz(x)


@entry("lax_round_even", _is_float)
def _lax_round_even(B, x, y):
    if not B.jaxlike:
        return x
    return B.lax.round(x * 2.5, B.lax.RoundingMethod.TO_NEAREST_EVEN)


@entry("lax_broadcast_in_dim", lambda x: x.ndim >= 1)
def _lax_broadcast_in_dim(B, x, y):
    if not B.jaxlike:
        return np.broadcast_to(x[None, ..., None], (2,) + x.shape + (3,))
    return B.lax.broadcast_in_dim(x, (2,) + x.shape + (3,), tuple(range(1, x.ndim + 1)))


@entry("lax_rev", lambda x: x.ndim >= 1)
def _lax_rev(B, x, y):
    if not B.jaxlike:
        return np.flip(x, tuple(range(0, x.ndim, 2)))
    return B.lax.rev(x, tuple(range(0, x.ndim, 2)))


@entry("lax_bitcast", lambda x: str(x.dtype) in ("float32", "int32", "uint32", "float16"))
def _lax_bitcast(B, x, y):
    to = {"float32": "int32", "int32": "float32", "uint32": "int32", "float16": "int16"}
    to = to[str(x.dtype)]
    if not B.jaxlike:
        return x.view(to)
    out = B.lax.bitcast_convert_type(x, B.dtype(to))
    return B.np.where(B.np.isnan(out), 0, out) if to == "float32" else out


@entry("lax_special", lambda x: _f32(x))
def _lax_special(B, x, y):
    if not B.jaxlike:
        return x
    lax, np_ = B.lax, B.np
    v = np_.abs(x) + 0.5
    return lax.lgamma(v) + lax.digamma(v) + lax.erf_inv(np_.tanh(x) * 0.9) + lax.igamma(v, v)


@entry("lax_reduce_variadic", lambda x: x.ndim >= 1 and _f32(x))
def _lax_reduce_variadic(B, x, y):
    if not B.jaxlike:
        return _zeros(x.shape[1:], np.int32)
    lax, np_ = B.lax, B.np
    iota = lax.broadcasted_iota(np_.int32, x.shape, 0)

    def pick(a, b):  # the larger value, the first index among equals
        (av, ai), (bv, bi) = a, b
        take_b = (bv > av) | ((bv == av) & (bi < ai))
        return lax.select(take_b, bv, av), lax.select(take_b, bi, ai)

    return lax.reduce((x, iota), (np.float32(-np.inf), np.int32(0)), pick, (0,))[1]


# ---------------------------------------------------------------------------------------------
# The ops: one per group, drawing one of its entries.

# entries whose derivative any implementation defines the same way (smooth in x): programs
# with a gradient draw only these
SMOOTH = {
    "arcsinh",
    "arctan",
    "cbrt",
    "cosh",
    "sinh",
    "tan",
    "deg2rad",
    "rad2deg",
    "exp2",
    "expm1",
    "log10",
    "log2",
    "reciprocal",
    "sinc",
    "logaddexp2",
    "arctan2",
    "hypot",
    "float_power",
    "pow",
    "average_w",
    "trapezoid",
    "gradient",
    "diff",
    "diff_prepend",
    "cumulative_sum",
    "cumulative_prod",
    "nancumsum",
    "nansum",
    "nanmean",
    "append",
    "insert",
    "delete",
    "block",
    "rot90_1",
    "rot90_2",
    "rot90_3",
    "rot90_-1",
    "fliplr",
    "flipud",
    "roll_multi",
    "roll_flat",
    "rollaxis",
    "permute_dims",
    "matrix_transpose",
    "resize",
    "tril_0",
    "triu_1",
    "diagonal",
    "diag",
    "diagflat",
    "kron",
    "outer",
    "inner",
    "vdot",
    "dot",
    "cross",
    "matvec",
    "vecmat",
    "vecdot",
    "tensordot_0",
    "tensordot_1",
    "tensordot_2",
    "tensordot_pairs",
    "einsum_ellipsis",
    "einsum_trace",
    "einsum_three",
    "convolve",
    "correlate",
    "polyval",
    "polymul",
    "vander",
    "cov",
    "la_eigh_w",
    "la_eigh_v",
    "la_svd_uv",
    "la_multi_dot",
    "la_tensorsolve",
    "la_matrix_norm",
    "la_cholesky_upper",
    "la_solve_batched",
    "la_det_batched",
    "split",
    "split_idx",
    "array_split",
    "hsplit",
    "vsplit",
    "dsplit",
    "unstack",
    "hstack",
    "vstack",
    "dstack",
    "column_stack",
    "atleast_3d",
    "atleast_2d",
    "flip_all",
    "take_along_clip",
    "nanvar",
    "arccosh",
    "arcsin",
    "arccos",
    "arctanh",
    "i0",
}


def _drawer(group):
    names = sorted(n for n, e in TABLE.items() if e[3] == group)

    def draw(rng, vals, i):
        x = vals[i]
        name = rng.choice(names)
        accepts, _, needs_y, _ = TABLE[name]
        if not accepts(x):
            return None
        if needs_y:
            j = _same_dtype(rng, vals, x, broadcast=name in BINARY_F or name in BINARY_I)
            return None if j is None else ([i, j], {"fn": name})
        return [i], {"fn": name}

    return draw


def _apply_api(B, p, x, y=None):
    return TABLE[p["fn"]][1](B, x, y)


def _smooth(params) -> bool:
    return params["fn"] in SMOOTH


for _group in sorted({e[3] for e in TABLE.values()}):
    op("np_" + _group, numpy_ref=False, grad_ok=_smooth)((_drawer(_group), _apply_api))
