"""Round 18: keyword variants and compositions the earlier rounds did not draw.

- (group np18) jnp reductions with axis tuples, `keepdims=`, `where=`, `initial=`, `dtype=`,
  `ddof=` / `correction=`, quantile `method=`s; sorting with `stable=` / `descending=`,
  `searchsorted` with every `method=` and `side=`, set operations with `size=` /
  `fill_value=`, `isin` with every `method=`; `pad` modes with `stat_length=`, `end_values=`,
  `reflect_type=`, per-axis constants and a callable; `take` / `choose` modes; `vectorize`
  with a signature or an excluded argument, `apply_along_axis`; integer edges (lax div / rem by
  zero, casts of NaN / inf / out-of-range floats to integers); float16 / bfloat16 / complex64
  mixed promotion;
- (group np18l) `lax.reduce_window` with base / window dilation and padding pairs,
  `lax.conv_general_dilated` with other dimension numbers, groups, dilations and padding
  names, gather / scatter with unusual dimension numbers (offset dims in the middle, permuted
  index maps, batching dims) and modes;
- (group np18t) transform compositions: linear_transpose, jvp of grad, vjp with has_aux,
  value_and_grad with has_aux and argnums, checkpoint name policies, grad of a custom_vjp in a
  vmap in a jit, grad of a while loop (JAX's error), hessian of a scan, jacrev of a vmap;
- (group np18s, never under vmap) shard_map bodies with 2-D specs over the program's mesh and
  the collectives' other forms (all_to_all on another split axis, psum_scatter untiled,
  all_gather on axis 1, a reversing ppermute, psum over one axis of two, axis_size).

Entries join ops_api.py's TABLE (vocabulary.py sweeps them); JAX is the reference, the NumPy
backend only types them.
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_api import _GROUP, TABLE, _apply_api, _drawer, entry
from tests.fuzz.ops_round15 import _f32, _nd, _num, _zeros
from tests.fuzz.registry import _is_float, _is_int, op

_GROUP[0] = "np18"


def _np_only(B, shape, dtype):
    """None on a JAX-like backend, else zeros of JAX's type (the NumPy backend only types)."""
    return None if B.jaxlike else _zeros(shape, dtype)


def _signed(x) -> bool:
    return _is_float(x) or str(x.dtype) in ("int8", "int16", "int32")


# -- reductions with keywords: (accepts, fn(n, x)) computed by NumPy too (it types them)

REDUCE18 = {
    "sum_axes_where_keepdims": (
        _nd(2),
        lambda n, x: n.sum(x, axis=(0, -1), keepdims=True, where=x > 0),
    ),
    "sum_initial": (_nd(1), lambda n, x: n.sum(x, axis=0, initial=5)),
    "max_initial_where": (_nd(1), lambda n, x: n.max(x, axis=-1, initial=3, where=x < 2)),
    "min_initial_axes_keepdims": (
        _nd(2, _signed),
        lambda n, x: n.min(x, axis=(0,), initial=-1, where=x > -2, keepdims=True),
    ),
    "max_empty_axes": (_nd(1), lambda n, x: n.max(x, axis=())),
    "prod_where_dtype": (_nd(1), lambda n, x: n.prod(x, axis=0, where=x != 0, dtype=n.float32)),
    "sum_bool_dtype_u8": (_nd(1), lambda n, x: n.sum(x > 0, axis=-1, dtype=n.uint8)),
    "mean_where": (_nd(1), lambda n, x: n.mean(x, axis=-1, where=x > 0)),
    "var_where_ddof": (
        _nd(1, _is_float),
        lambda n, x: n.var(x, axis=0, ddof=1, where=x > -1, keepdims=True),
    ),
    "std_correction": (_nd(1, _is_float), lambda n, x: n.std(x, axis=-1, correction=0.5)),
    "any_all_where": (
        _nd(1),
        lambda n, x: n.stack([n.any(x, axis=0, where=x > 1), n.all(x, axis=0, where=x > 1)]),
    ),
    "argmax_keepdims": (_nd(1), lambda n, x: n.argmax(x, axis=-1, keepdims=True)),
    "argmin_none_keepdims": (lambda x: x.size > 0, lambda n, x: n.argmin(x, keepdims=True)),
    "nanargmax_keepdims": (
        _nd(1, lambda x: _is_float(x) and x.size > 0),
        lambda n, x: n.nanargmax(x, axis=0, keepdims=True),
    ),
    "count_nonzero_axes": (
        _nd(2),
        lambda n, x: n.count_nonzero(x, axis=(0, -1), keepdims=True),
    ),
    "median_axes_keepdims": (
        _nd(2, _num),
        lambda n, x: n.median(x, axis=(0, -1), keepdims=True),
    ),
    "percentile_midpoint_keepdims": (
        _nd(1, _is_float),
        lambda n, x: n.percentile(x, 30.0, axis=-1, keepdims=True, method="midpoint"),
    ),
    "nanmean_where": (_nd(1, _is_float), lambda n, x: n.nanmean(x, axis=0, where=x < 1)),
    "nansum_dtype": (_nd(1, _is_float), lambda n, x: n.nansum(x, axis=-1, dtype=n.float32)),
    "nanvar_ddof_keepdims": (
        _nd(1, _is_float),
        lambda n, x: n.nanvar(x, axis=(0,), ddof=1, keepdims=True),
    ),
    "ptp_axes_keepdims": (_nd(2, _num), lambda n, x: n.ptp(x, axis=(0, -1), keepdims=True)),
    "average_axes_keepdims": (
        _nd(2, _is_float),
        lambda n, x: n.average(x, axis=(0, -1), keepdims=True),
    ),
    "sort_axis_none": (_nd(1, _num), lambda n, x: n.sort(x, axis=None)),
    "searchsorted_sorter": (
        _nd(1, _num),
        lambda n, x: n.searchsorted(n.ravel(x), x, side="right", sorter=n.argsort(n.ravel(x))),
    ),
    "take_wrap_none": (
        lambda x: x.size > 0,
        lambda n, x: n.take(x, n.asarray([-7, 3, 100]), mode="wrap"),
    ),
    "take_clip_axis_neg": (
        _nd(1, lambda x: x.size > 0),
        lambda n, x: n.take(x, n.asarray([-3, 50, 0]), axis=-1, mode="clip"),
    ),
    "apply_along_axis_vec": (
        _nd(1, _num),
        lambda n, x: n.apply_along_axis(lambda r: n.cumsum(r)[::-1], -1, x),
    ),
    "apply_along_axis_scalar": (
        _nd(2, _num),
        lambda n, x: n.apply_along_axis(lambda r: n.max(r) - n.min(r), 0, x),
    ),
}
for _name, (_accepts, _fn) in REDUCE18.items():
    entry(_name, _accepts)(lambda B, x, y, _f=_fn: _f(B.np, x))

QUANTILE_METHODS = ["linear", "lower", "higher", "midpoint", "nearest"]
for _method in QUANTILE_METHODS:
    entry(f"quantile18_{_method}", _nd(2, _is_float))(
        lambda B, x, y, _m=_method: B.np.quantile(
            x, B.np.asarray([0.1, 0.5, 0.9]), axis=(0, -1), method=_m, keepdims=True
        )
    )


# -- jnp-only keywords: (JAX's shape of x's shape, JAX's dtype of x's dtype, fn(n, x))


def _same(s):
    return s


def _keep(d):
    return d


JNP18 = {
    "sort_stable_descending": (
        _same,
        _keep,
        lambda n, x: n.sort(x, axis=0, stable=True, descending=True),
    ),
    "argsort_descending": (
        _same,
        lambda d: "int32",
        lambda n, x: n.argsort(x, axis=-1, stable=True, descending=True),
    ),
    "take_fill": (
        lambda s: (2, 2) + tuple(s[1:]),
        _keep,
        lambda n, x: n.take(
            x, n.asarray([[-1, 0], [x.shape[0], 2 * x.shape[0]]]), axis=0, mode="fill",
            fill_value=7,
        ),
    ),
    "pad_callable": (
        lambda s: tuple(d + 3 for d in s),
        _keep,
        lambda n, x: n.pad(x, (2, 1), mode=lambda v, w, i, k: v.at[: w[0]].set(i + 1)),
    ),
    "vectorize_signature": (
        lambda s: tuple(s[:-1]),
        lambda d: {"int8": "int32", "int16": "int32", "uint8": "uint32", "uint16": "uint32",
                   "bool": "int32"}.get(d, d),
        lambda n, x: n.vectorize(lambda r: n.sum(r * r), signature="(n)->()")(x),
    ),
    "vectorize_excluded": (
        _same,
        _keep,
        lambda n, x: n.vectorize(lambda v, k: v * k - v, excluded={1})(x, 2),
    ),
    "lax_div_rem_zero": (
        lambda s: (2,) + tuple(s),
        _keep,
        lambda n, x: n.stack([_LAX[0].div(x, n.zeros_like(x)), _LAX[0].rem(x, n.zeros_like(x))]),
    ),
}
_LAX = [None]  # the backend's lax, for JNP18's functions


def _jnp18(B, name, x):
    shape_fn, dtype_fn, fn = JNP18[name]
    stand_in = _np_only(B, shape_fn(tuple(x.shape)), dtype_fn(str(x.dtype)))
    _LAX[0] = B.lax
    return fn(B.np, x) if stand_in is None else stand_in


_JNP18_ACCEPTS = {
    "sort_stable_descending": _nd(1, _num),
    "argsort_descending": _nd(1, _num),
    "take_fill": _nd(1, lambda x: x.shape[0] > 0),
    "pad_callable": _nd(1, lambda x: _signed(x) and str(x.dtype) != "int8"),
    "vectorize_signature": _nd(1, _num),
    "vectorize_excluded": _nd(1, lambda x: _num(x)),
    "lax_div_rem_zero": _nd(1, _is_int),
}
for _name in JNP18:
    entry(_name, _JNP18_ACCEPTS[_name])(lambda B, x, y, _n=_name: _jnp18(B, _n, x))


SEARCH_METHODS = ["scan", "scan_unrolled", "sort", "compare_all"]


def _searchsorted18(B, method, side, x):
    n = B.np
    a = n.sort(n.ravel(x))
    if not B.jaxlike:
        return n.searchsorted(a, x, side=side)
    return n.searchsorted(a, x, side=side, method=method)


for _method in SEARCH_METHODS:
    for _side in ("left", "right"):
        entry(f"searchsorted18_{_method}_{_side}", _nd(1, _num))(
            lambda B, x, y, _m=_method, _s=_side: _searchsorted18(B, _m, _s, x)
        )

ISIN_METHODS = ["auto", "compare_all", "binary_search", "sort"]


def _isin18(B, method, x):
    n = B.np
    tests = n.ravel(x)[:3] + 1 if x.dtype != np.bool_ else n.ravel(x)[:1]
    if not B.jaxlike:
        return n.isin(x, tests, invert=method == "sort")
    return n.isin(x, tests, invert=method == "sort", method=method)


for _method in ISIN_METHODS:
    entry(f"isin18_{_method}", _nd(1))(lambda B, x, y, _m=_method: _isin18(B, _m, x))


SETOPS18 = ["setdiff1d", "union1d", "setxor1d", "intersect1d"]


def _setop18(B, name, x):
    k = x.size
    stand_in = _np_only(B, (k,), x.dtype)
    if stand_in is not None:
        return stand_in
    n = B.np
    a = n.ravel(x)
    b = a[: k // 2] + 1 if x.dtype != np.bool_ else a[: k // 2]
    fill = n.asarray(3, x.dtype) if name != "intersect1d" else None
    return getattr(n, name)(a, b, size=k, fill_value=fill)


for _name in SETOPS18:
    entry(f"setop18_{_name}", lambda x: x.size > 0 and x.ndim >= 1)(
        lambda B, x, y, _n=_name: _setop18(B, _n, x)
    )


# -- pad modes and their keywords (NumPy computes them too)

PADS18 = {
    "linear_ramp": lambda n, x: n.pad(x, 2, mode="linear_ramp", end_values=(-1, 3)),
    "maximum_stat": lambda n, x: n.pad(x, (1, 2), mode="maximum", stat_length=2),
    "minimum_stat": lambda n, x: n.pad(x, (2, 0), mode="minimum", stat_length=(1, 3)),
    "mean_stat": lambda n, x: n.pad(x, 1, mode="mean", stat_length=2),
    "median_stat": lambda n, x: n.pad(x, (0, 2), mode="median", stat_length=3),
    "reflect_odd": lambda n, x: n.pad(x, 3, mode="reflect", reflect_type="odd"),
    "symmetric_odd": lambda n, x: n.pad(x, (0, 3), mode="symmetric", reflect_type="odd"),
    "wrap_big": lambda n, x: n.pad(x, (5, 1), mode="wrap"),
    "constant_pairs": lambda n, x: n.pad(
        x, [(1, 0)] + [(0, 2)] * (x.ndim - 1), constant_values=[(1, 2)] + [(3, 4)] * (x.ndim - 1)
    ),
}
for _name, _fn in PADS18.items():
    _ok = _signed if _name in ("linear_ramp", "reflect_odd", "symmetric_odd") else _num
    entry(f"pad18_{_name}", _nd(1, lambda x, _ok=_ok: _ok(x) and x.size > 0))(
        lambda B, x, y, _f=_fn: _f(B.np, x)
    )


CHOOSE_MODES = ["clip", "wrap"]


def _choose18(B, mode, x):
    n = B.np
    idx = n.arange(x.size).reshape(x.shape) % 5 - 1
    return n.choose(idx, [x, x * 2, x + 1], mode=mode)


for _mode in CHOOSE_MODES:
    entry(f"choose18_{_mode}", _nd(1, _num))(lambda B, x, y, _m=_mode: _choose18(B, _m, x))


# -- integer edges: casts of NaN / inf / out-of-range floats, computed in the program


def _cast_edges(B, x):
    n = B.np
    zero = n.sum(n.zeros((2,), n.float32))  # traced under jit: no constant folding
    v = n.asarray([np.nan, np.inf, -np.inf, 1e10, -1e10, 2.5, -2.5, 300.0], n.float32) + zero
    return n.concatenate([v.astype(x.dtype), v.astype(n.float16).astype(x.dtype)])


entry("cast18_nan_inf_to_int", _is_int)(lambda B, x, y: _cast_edges(B, x))


@entry("cast18_to_bool_and_low", _nd(0, _f32))
def _cast_bool_low(B, x, y):
    n = B.np
    zero = n.sum(n.zeros((2,), n.float32))
    v = n.asarray([np.nan, 0.0, -0.0, 1e-40, 70000.0, -1e39, 3.4e38], n.float32) + zero
    bits = n.stack([v.astype(n.bool_).astype(n.float32), v.astype(n.float16).astype(n.float32)])
    return n.concatenate([bits, v.astype(n.bfloat16 if B.jaxlike else np.float32)[None].astype(
        n.float32)])


# -- float16 / bfloat16 / complex64 mixed promotion: (JAX's dtype, fn(n, x))

PROMOTE18 = {
    "f16_bf16": ("float32", lambda n, x: x.astype(n.float16) + x.astype(n.bfloat16)),
    "f16_i32": ("float16", lambda n, x: x.astype(n.float16) * x.astype(n.int32)),
    "bf16_u32": ("bfloat16", lambda n, x: x.astype(n.bfloat16) - x.astype(n.uint32)),
    "bool_f16": ("float16", lambda n, x: (x > 0) + x.astype(n.float16)),
    "u8_weak_float": ("float32", lambda n, x: x.astype(n.uint8) * 1.5),
    "f16_weak_int_big": ("float16", lambda n, x: x.astype(n.float16) + 70000),
    "i8_u16": ("int32", lambda n, x: x.astype(n.int8) + x.astype(n.uint16)),
}


def _promote18(B, name, x):
    dtype, fn = PROMOTE18[name]
    stand_in = _np_only(B, x.shape, dtype)
    return fn(B.np, x) if stand_in is None else stand_in


for _name in PROMOTE18:
    entry(f"promote18_{_name}", _num)(lambda B, x, y, _n=_name: _promote18(B, _n, x))


@entry("promote18_complex_parts", _nd(0, _is_float))
def _complex_parts(B, x, y):
    if not B.jaxlike:
        return _zeros((3,) + x.shape, "float32")
    n = B.np
    z = x.astype(n.bfloat16) * (1 + 2j) + x.astype(n.float16) * n.complex64(0.5j)
    w = z * x.astype(n.float16)
    return n.stack([n.real(z), n.imag(w), n.abs(z)]).astype(n.float32)


# -- the programs of round 18's fixes


@entry("fft18_moved_batch", _nd(2, lambda x: _is_float(x) and x.shape[-1] > 1))
def _fft_moved_batch(B, x, y):  # XLA's CPU FFT refused a gathered operand (seed 230269)
    if not B.jaxlike:
        return _zeros((x.shape[0],), "float32")
    n = B.np
    v = x.reshape(x.shape[0], -1).astype(n.float32)
    w = B.api.vmap(lambda u, a: n.where(u > 0, u, a), in_axes=(-2, None), out_axes=1)(v, v)
    return n.fft.hfft(w + 0.5j * n.cos(w)).reshape(-1)[: x.shape[0]]


@entry("gather18_empty_vjp", _nd(1, _f32))
def _gather_empty_vjp(B, x, y):  # a zero-size x: JAX's TypeError (seed 240093)
    if not B.jaxlike:
        return _zeros(x.shape, "float32")
    out, pullback = B.api.vjp(lambda v: v.at[B.np.asarray([0])].min(1.0), x)
    return pullback(out)[0]


SMOOTH18 = {
    "fft18_moved_batch",
    "sum_axes_where_keepdims",
    "mean_where",
    "var_where_ddof",
    "std_correction",
    "nanmean_where",
    "nansum_dtype",
    "average_axes_keepdims",
    "apply_along_axis_vec",
    "vectorize_signature",
    "vectorize_excluded",
    "pad18_linear_ramp",
    "pad18_reflect_odd",
    "pad18_symmetric_odd",
    "pad18_wrap_big",
    "pad18_constant_pairs",
    "pad18_mean_stat",
    "quantile18_linear",
    "choose18_clip",
    "choose18_wrap",
}


# ---------------------------------------------------------------------------------------------
# np18l: lax's windowed and indexed ops with their unusual parameters, on values of a fixed
# shape built from x (so the NumPy backend types them with constant shapes).

_GROUP[0] = "np18l"


def _fixed(n, x, shape, dtype=None):
    """x's values tiled into `shape` (each element scaled by its position mod 3, so blocks
    differ), in x's dtype (or `dtype`)."""
    size = int(np.prod(shape))
    flat = n.ravel(x)
    reps = -(-size // flat.shape[0])
    v = n.concatenate([flat] * reps)[:size].reshape(shape)
    scale = (n.arange(size) % 3 + 1).reshape(shape).astype(v.dtype)
    v = v * scale if v.dtype != np.bool_ else v
    return v if dtype is None else v.astype(dtype)


def _window_shape(shape, window, strides, padding, base, wdil):
    out = []
    for d, w, s, (lo, hi), b, r in zip(shape, window, strides, padding, base, wdil):
        padded = (d - 1) * b + 1 + lo + hi if d else lo + hi
        span = (w - 1) * r + 1
        out.append(max(0, (padded - span) // s + 1) if padded >= span else 0)
    return tuple(out)


REDUCE_WINDOWS = {  # name -> (computation, window, strides, padding, base_dilation, win_dilation)
    "max_base_dilation": ("max", (2, 2), (1, 1), ((0, 0), (1, 0)), (2, 1), (1, 1)),
    "add_window_dilation": ("add", (2, 2), (2, 1), ((1, 1), (0, 1)), (1, 1), (2, 2)),
    "min_pad_pairs": ("min", (3, 1), (1, 2), ((2, 0), (1, 2)), (1, 1), (1, 1)),
    "add_all_params": ("add", (2, 3), (2, 2), ((1, 0), (0, 2)), (2, 2), (1, 2)),
    "mul_small": ("mul", (1, 2), (1, 1), ((0, 0), (0, 0)), (1, 1), (1, 1)),
}


def _init(kind, dtype):
    if kind in ("add", "mul"):
        return np.asarray(0 if kind == "add" else 1).astype(dtype)
    if np.dtype(dtype).kind == "f" or str(dtype) == "bfloat16":
        return np.asarray(-np.inf if kind == "max" else np.inf).astype(dtype)
    if np.dtype(dtype) == np.bool_:
        return np.asarray(kind != "max")
    info = np.iinfo(dtype)
    return np.asarray(info.min if kind == "max" else info.max).astype(dtype)


def _reduce_window18(B, name, x):
    kind, window, strides, padding, base, wdil = REDUCE_WINDOWS[name]
    shape = (4, 5)
    stand_in = _np_only(B, _window_shape(shape, window, strides, padding, base, wdil), x.dtype)
    if stand_in is not None:
        return stand_in
    n, lax = B.np, B.lax
    v = _fixed(n, x, shape)
    if kind == "mul":
        v = n.tanh(v.astype(n.float32)).astype(v.dtype) if _is_float(x) else v % 3
    comp = {"max": lax.max, "min": lax.min, "add": lax.add, "mul": lax.mul}[kind]
    init = _init(kind, _zeros((), x.dtype).dtype)
    return lax.reduce_window(v, init, comp, window, strides, padding, base, wdil)


for _name in REDUCE_WINDOWS:
    _ok = _num if "add" not in _name else (lambda x: _num(x) and str(x.dtype) != "bool")
    entry(f"rw18_{_name}", lambda x, _ok=_ok: _ok(x) and x.size > 0)(
        lambda B, x, y, _n=_name: _reduce_window18(B, _n, x)
    )


CONVS18 = {  # name -> (lhs shape, rhs shape, output shape, keywords)
    "ncw_same_dilated": (
        (1, 2, 6), (4, 2, 3), (1, 4, 3),
        dict(window_strides=(2,), padding="SAME", rhs_dilation=(2,),
             dimension_numbers=("NCH", "OIH", "NCH")),
    ),
    "nwc_lhs_dilation": (
        (1, 6, 2), (3, 2, 4), (1, 12, 4),
        dict(window_strides=(1,), padding=[(1, 2)], lhs_dilation=(2,),
             dimension_numbers=("NHC", "HIO", "NHC")),
    ),
    "feature_groups": (
        (1, 4, 6), (4, 2, 3), (1, 4, 4),
        dict(window_strides=(1,), padding="VALID", feature_group_count=2),
    ),
    "batch_groups": (
        (2, 2, 6), (4, 2, 3), (1, 4, 4),
        dict(window_strides=(1,), padding="VALID", batch_group_count=2),
    ),
    "nhwc_hwio": (
        (1, 3, 4, 2), (2, 2, 2, 3), (1, 2, 2, 3),
        dict(window_strides=(1, 2), padding="VALID",
             dimension_numbers=("NHWC", "HWIO", "NHWC")),
    ),
    "same_lower_dilated": (
        (1, 2, 3, 4), (3, 2, 2, 2), (1, 3, 2, 4),
        dict(window_strides=(2, 1), padding="SAME_LOWER", rhs_dilation=(1, 2)),
    ),
}


def _conv18(B, name, x, preferred):
    lhs_shape, rhs_shape, out_shape, kw = CONVS18[name]
    out_dtype = "float32" if preferred else x.dtype
    stand_in = _np_only(B, out_shape, out_dtype)
    if stand_in is not None:
        return stand_in
    n, lax = B.np, B.lax
    lhs = _fixed(n, x, lhs_shape)
    rhs = ((n.arange(int(np.prod(rhs_shape))) % 5 - 2) / 4).reshape(rhs_shape).astype(x.dtype)
    kw = dict(kw, preferred_element_type=n.float32) if preferred else kw
    return lax.conv_general_dilated(lhs, rhs, **kw)


for _name in CONVS18:
    for _pref in (False, True):
        entry(f"conv18_{_name}{'_pref' if _pref else ''}", lambda x: _is_float(x) and x.size)(
            lambda B, x, y, _n=_name, _p=_pref: _conv18(B, _n, x, _p)
        )


def _gather_dn(lax, offset, collapsed, start, batching=(), idx_batching=()):
    return lax.GatherDimensionNumbers(
        offset_dims=offset, collapsed_slice_dims=collapsed, start_index_map=start,
        operand_batching_dims=batching, start_indices_batching_dims=idx_batching,
    )


def _scatter_dn(lax, window, inserted, to_operand, batching=(), idx_batching=()):
    return lax.ScatterDimensionNumbers(
        update_window_dims=window, inserted_window_dims=inserted,
        scatter_dims_to_operand_dims=to_operand, operand_batching_dims=batching,
        scatter_indices_batching_dims=idx_batching,
    )


OPERAND = (3, 4, 5)
GATHERS18 = {  # name -> (indices, dimension numbers' args, slice sizes, mode, output shape)
    "offset_middle": ([[1], [-1]], ((0, 2), (1,), (1,)), (3, 1, 5), "clip", (3, 2, 5)),
    "offset_middle_fill": ([[1], [3], [4]], ((0, 2), (1,), (1,)), (3, 1, 5), "fill", (3, 3, 5)),
    "permuted_map": ([[4, 0], [1, 2], [9, -1]], ((1,), (0, 2), (2, 0)), (1, 4, 1), "clip",
                     (3, 4)),
    "batching": ([[[1], [4]], [[0], [2]], [[3], [3]]], ((2,), (2,), (2,), (0,), (0,)),
                 (1, 4, 1), "clip", (3, 2, 4)),
    "window_fill": ([[0, 1], [2, 3]], ((1, 2), (0,), (0, 2)), (1, 2, 3), "fill", (2, 2, 3)),
}


def _indices(n, rows):
    """Constant indices made traced (an int32 zero computed in the program added)."""
    return n.asarray(rows, n.int32) + n.sum(n.zeros((2,), n.int32))


def _gather18(B, name, x):
    rows, dn_args, sizes, mode, out_shape = GATHERS18[name]
    if not B.jaxlike:
        return _zeros(out_shape, x.dtype)
    n, lax = B.np, B.lax
    fill = {"fill_value": 1} if mode == "fill" and x.dtype != np.bool_ else {}
    dn = _gather_dn(lax, *dn_args)
    return lax.gather(_fixed(n, x, OPERAND), _indices(n, rows), dn, sizes, mode=mode, **fill)


for _name in GATHERS18:
    entry(f"gather18_{_name}", lambda x: x.size > 0)(
        lambda B, x, y, _n=_name: _gather18(B, _n, x)
    )


SCATTERS18 = {  # name -> (kind, indices, dimension numbers' args, updates shape, mode)
    "add_window_middle": ("scatter_add", [[1], [-1]], ((0, 2), (1,), (1,)), (3, 2, 5), "clip"),
    "mul_permuted_clip": ("scatter_mul", [[4, 0], [1, 2], [9, -1]], ((1,), (0, 2), (2, 0)),
                          (3, 4), "clip"),
    "min_fill_drops": ("scatter_min", [[1], [7], [-1]], ((0, 2), (1,), (1,)), (3, 3, 5),
                       "fill"),
    "max_batching": ("scatter_max", [[[1], [4]], [[0], [2]], [[3], [3]]],
                     ((2,), (2,), (2,), (0,), (0,)), (3, 2, 4), "clip"),
    "set_unsorted": ("scatter", [[2], [0], [1]], ((0, 2), (1,), (1,)), (3, 3, 5), "clip"),
    "apply_window": ("scatter_apply", [[0, 1], [2, 3]], ((1, 2), (0,), (0, 2)), (2, 2, 3),
                     "fill"),
}


def _scatter18(B, name, x):
    kind, rows, dn_args, upd_shape, mode = SCATTERS18[name]
    if not B.jaxlike:
        return _zeros(OPERAND, x.dtype)
    n, lax = B.np, B.lax
    operand = _fixed(n, x, OPERAND)
    dn = _scatter_dn(lax, *dn_args)
    idx = _indices(n, rows)
    if kind == "scatter_apply":
        neg = (lambda v: ~v) if x.dtype == np.bool_ else (lambda v: v * 2 + 1)
        return lax.scatter_apply(operand, idx, neg, dn, update_shape=upd_shape, mode=mode)
    updates = _fixed(n, x[..., ::-1] if x.ndim else x, upd_shape)
    return getattr(lax, kind)(operand, idx, updates, dn, mode=mode)


for _name in SCATTERS18:
    _ok = (lambda x: x.size > 0) if "set" in _name or "apply" in _name else (
        lambda x: x.size > 0 and _num(x)
    )
    entry(f"scatter18_{_name}", _ok)(lambda B, x, y, _n=_name: _scatter18(B, _n, x))


SMOOTH18 |= {f"conv18_{k}" for k in CONVS18} | {
    "rw18_add_window_dilation",
    "rw18_add_all_params",
    "gather18_offset_middle",
    "gather18_permuted_map",
    "gather18_batching",
    "scatter18_add_window_middle",
}


# ---------------------------------------------------------------------------------------------
# np18t: transform compositions on float32 values.

_GROUP[0] = "np18t"


def _f(n, lax):
    """A smooth function of a value to one of its shape, with a scan inside."""

    def f(v):
        def body(c, r):
            c = n.tanh(c * 0.5 + r)
            return c, c * r

        flat = n.ravel(v)
        _, ys = lax.scan(body, flat[0] * 0, flat)
        return (ys + n.sin(flat)).reshape(v.shape)

    return f


def _loss(n, lax):
    return lambda v: n.sum(_f(n, lax)(v) ** 2)


def _transform18(B, kind, x):
    api, n, lax = B.api, B.np, B.lax
    f, loss = _f(n, lax), _loss(n, lax)
    if kind == "linear_transpose":
        t = api.linear_transpose(lambda v: n.cumsum(v * 2, axis=0) + v[::-1], x)
        return t(n.cos(x))[0]
    if kind == "jvp_of_grad":  # forward over reverse: a Hessian-vector product
        return api.jvp(api.grad(loss), (x,), (n.ones_like(x) * 0.5,))[1]
    if kind == "vjp_has_aux":
        out, pullback, aux = api.vjp(lambda v: (f(v), n.max(v)), x, has_aux=True)
        return pullback(n.ones_like(out))[0] * aux + out
    if kind == "value_and_grad_aux_argnums":
        (val, aux), (g0, g1) = api.value_and_grad(
            lambda a, b: (n.sum(f(a) * b), a * 2), argnums=(0, 1), has_aux=True
        )(x, n.cos(x))
        return g0 + g1 * val + aux
    if kind in ("checkpoint_names", "checkpoint_names_but"):
        from importlib import import_module

        from_names = api.checkpoint_policies
        name = import_module(api.__name__ + ".ad_checkpoint").checkpoint_name

        def g(v):
            h = name(n.sin(v) * 2, "h")
            return n.sum(n.tanh(h) * v)

        policy = (
            from_names.save_only_these_names("h")
            if kind == "checkpoint_names"
            else from_names.save_any_names_but_these("h")
        )
        return api.grad(api.checkpoint(g, policy=policy))(x)
    if kind == "checkpoint_dots_no_batch":
        m = x.reshape(x.shape[0], -1)

        def g(v):
            return n.sum(n.tanh(v @ v.T) @ v)

        policy = api.checkpoint_policies.dots_with_no_batch_dims_saveable
        return api.grad(api.checkpoint(g, policy=policy))(m).reshape(x.shape)
    if kind == "custom_vjp_vmap_jit":
        h = api.custom_vjp(lambda v: n.sin(v) * 2)
        h.defvjp(lambda v: (n.sin(v) * 2, n.cos(v)), lambda c, g: (g * c * 3,))
        return api.grad(lambda v: n.sum(api.jit(api.vmap(h))(v) ** 2))(x)
    if kind == "grad_while":  # JAX: reverse-mode of a while loop is a ValueError
        return api.grad(
            lambda v: n.sum(lax.while_loop(lambda c: n.sum(c) < 10.0, lambda c: c * 2 + 1, v))
        )(x)
    if kind == "jvp_while":
        return api.jvp(
            lambda v: lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, n.sin(c[1])),
                                     (0, v))[1],
            (x,), (n.ones_like(x),),
        )[1]
    if kind == "hessian_scan":
        return api.hessian(loss)(n.ravel(x)[:3])
    if kind == "jacrev_vmap":
        return api.jacrev(api.vmap(lambda r: n.sin(r) * n.sum(r)))(n.ravel(x)[:3])
    raise ValueError(kind)


TRANSFORMS18 = {  # name -> JAX's shape of x's shape
    "linear_transpose": _same,
    "jvp_of_grad": _same,
    "vjp_has_aux": _same,
    "value_and_grad_aux_argnums": _same,
    "checkpoint_names": _same,
    "checkpoint_names_but": _same,
    "checkpoint_dots_no_batch": _same,
    "custom_vjp_vmap_jit": _same,
    "grad_while": _same,
    "jvp_while": _same,
    "hessian_scan": lambda s: (min(3, int(np.prod(s))),) * 2,
    "jacrev_vmap": lambda s: (min(3, int(np.prod(s))),) * 2,
}


def _transforms18(B, kind, x):
    stand_in = _np_only(B, TRANSFORMS18[kind](tuple(x.shape)), "float32")
    return _transform18(B, kind, x) if stand_in is None else stand_in


for _kind in TRANSFORMS18:
    _ok = (lambda x: _f32(x) and x.ndim >= 1 and x.size > 0) if _kind != "jacrev_vmap" else (
        lambda x: _f32(x) and x.size > 0
    )
    entry(f"t18_{_kind}", _ok)(lambda B, x, y, _k=_kind: _transforms18(B, _k, x))

SMOOTH18 |= {
    f"t18_{k}"
    for k in ("linear_transpose", "vjp_has_aux", "checkpoint_names", "custom_vjp_vmap_jit")
}


# ---------------------------------------------------------------------------------------------
# np18s: shard_map bodies with 2-D specs on the program's mesh (never under vmap).

_GROUP[0] = "np18s"

SMAPS18 = [
    "psum_both",
    "pmean_replicated_out",
    "all_to_all_split1",
    "psum_scatter_untiled",
    "all_gather_axis1",
    "ppermute_reverse",
    "psum_second_only",
    "axis_size",
]


def _smap_axes(B):
    names = list(B.mesh.shape)
    first = names[0]
    second = names[1] if len(names) > 1 else None
    s1 = B.mesh.shape[first]
    s2 = B.mesh.shape[second] if second else 1
    return first, second, s1, s2


def _smap_shape(kind, rows, cols, s1, s2):
    """JAX's global result shape for a (rows, cols) value blocked s1 x s2."""
    return {
        "pmean_replicated_out": (rows // s1, cols),
        "psum_both": (rows // s1, cols // s2),
        "psum_scatter_untiled": (cols * s1,),
        "all_gather_axis1": (rows, cols * s1),
        "all_to_all_split1": (rows * s1, cols // s1),
        "psum_second_only": (rows, cols // s2),
    }.get(kind, (rows, cols))


def _smap_body(B, kind, v, first, second):
    lax, n = B.lax, B.np
    both = (first, second) if second else (first,)
    if kind == "psum_both":
        return lax.psum(v, both)
    if kind == "pmean_replicated_out":
        return lax.pmean(v.astype(n.float32), first).astype(v.dtype)
    if kind == "all_to_all_split1":
        return lax.all_to_all(v, first, 1, 0, tiled=True)
    if kind == "psum_scatter_untiled":
        return lax.psum_scatter(v[: B.mesh.shape[first]], first, scatter_dimension=0)
    if kind == "all_gather_axis1":
        return lax.all_gather(v, first, axis=1, tiled=True)
    if kind == "ppermute_reverse":
        k = B.mesh.shape[first]
        return lax.ppermute(v, first, [(i, k - 1 - i) for i in range(k)])
    if kind == "psum_second_only":
        return lax.psum(v, second) if second else v * 2
    return v * lax.axis_size(first)


def _smap18(B, kind, x):
    first, second, s1, s2 = _smap_axes(B)
    x2 = x.reshape(x.shape[0], -1) if x.ndim >= 2 else x.reshape(-1, 1)
    r, c = x2.shape
    # rows: s1 * s1 blocks (all_to_all splits a block's columns s1 ways; psum_scatter takes
    # s1 rows of a block); columns: s1 * s2
    rows, cols = s1 * s1 * r, s1 * s2 * c
    shape = _smap_shape(kind, rows, cols, s1, s2)
    stand_in = _np_only(B, shape, x.dtype)
    if stand_in is not None:
        return stand_in
    n, P = B.np, B.P
    v = _fixed(n, x2, (rows, cols))
    in_spec = P(first, second)
    out_spec = {
        "psum_both": P(),
        "pmean_replicated_out": P(None, second),
        "psum_scatter_untiled": P((first, second) if second else first),
        "psum_second_only": P(first),
    }.get(kind, in_spec)

    def body(b):
        return _smap_body(B, kind, b, first, second)

    return B.shard_map(body, mesh=B.mesh, in_specs=(in_spec,), out_specs=out_spec)(v)


for _kind in SMAPS18:
    entry(f"smap18_{_kind}", lambda x: (_is_float(x) or _is_int(x)) and x.ndim >= 1 and x.size)(
        lambda B, x, y, _k=_kind: _smap18(B, _k, x)
    )

@entry("smap18_all_gather_odd_empty", lambda x: _num(x) and x.ndim >= 1)
def _all_gather_empty(B, x, y):  # an odd dim 0: a zero-size block, JAX's ValueError (260394)
    first, _, s1, _ = _smap_axes(B)
    rows = 0 if x.shape[0] % 2 else s1 * x.shape[0]
    if not B.jaxlike:
        return _zeros((rows * s1,) + tuple(x.shape[1:]), x.dtype)
    v = B.np.concatenate([x] * s1)[:rows]
    body = lambda b: B.lax.all_gather(b, first, tiled=True)  # noqa: E731
    return B.shard_map(body, mesh=B.mesh, in_specs=(B.P(first),), out_specs=B.P(first))(v)


SMOOTH18 |= {"smap18_psum_both", "smap18_ppermute_reverse", "smap18_all_gather_axis1"}


op("np_np18", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH18)((_drawer("np18"), _apply_api))
op("np_np18l", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH18)(
    (_drawer("np18l"), _apply_api)
)
op("np_np18t", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH18)(
    (_drawer("np18t"), _apply_api)
)
op("np_np18s", numpy_ref=False, vmap_ok=False, grad_ok=lambda p: p["fn"] in SMOOTH18)(
    (_drawer("np18s"), _apply_api)
)

ROUND18 = sorted(n for n, e in TABLE.items() if e[3] in ("np18", "np18l", "np18t", "np18s"))
