"""Round 15: where real programs go and the earlier rounds did not draw.

- jnp calls with `dtype=`, None, negative and out-of-range arguments (sum / cumsum / mean with
  a dtype, eye / diagonal / roll / clip / linspace / var past their ranges);
- promotion: Python scalars out of the array's range, NumPy scalars (strong, and 64-bit ones
  with x64 off), complex scalars, operators on int8 / uint32 / bf16 / f16 arrays; integer
  overflow and division at the dtype's minimum;
- `.at[]` with every update method and mode, negative and out-of-bounds indices, `apply`,
  `unique_indices` / `indices_are_sorted`; gathers from mixed advanced indexing (arrays with
  slices, None and Ellipsis, separated arrays);
- reductions with `where=` and `initial=` on the edges (all masked out), cumulative functions
  with `include_initial=` / reverse, sort and argsort stability, NaNs and `descending=`;
- (group np15t) scan with `reverse=` / `length=` / a mixed carry, switch with an index out of
  range, fori_loop with traced bounds, `lax.map` with `batch_size=`, associative_scan,
  custom_jvp / custom_vjp with `nondiff_argnums` and `None` cotangents, random samplers over
  keys sharded across the mesh (vmapped), `random.split` with shapes;
- (group np15c) shard_map bodies with collectives over several mesh axes (psum / pmean / pmax
  of tuples of axes, all_gather untiled, ppermute by two, axis_index of tuples, psum of a
  value invariant along the axis) inside jit, on whatever mesh the program drew.

Entries join ops_api.py's TABLE (vocabulary.py sweeps them); JAX is the reference, the NumPy
backend only types them (a stand-in of JAX's shape and dtype where NumPy's would differ).
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_api import _GROUP, TABLE, _apply_api, _drawer, entry
from tests.fuzz.programs import _np_dtype
from tests.fuzz.registry import _is_float, _is_int, op


def _num(x) -> bool:
    return _is_float(x) or _is_int(x)


def _nd(k, test=_num):
    return lambda x: x.ndim >= k and test(x)


def _zeros(shape, dtype):
    return np.zeros(tuple(shape), _np_dtype(dtype) if isinstance(dtype, str) else dtype)


def _jax_or(B, fn, shape, dtype):
    """fn(B.np) on a JAX-like backend; else zeros of JAX's result type (the NumPy backend)."""
    return fn(B.np) if B.jaxlike else _zeros(shape, dtype)


_GROUP[0] = "np15"

# -- dtype= / None / negative / out-of-range arguments


@entry("sum_dtype_int8", lambda x: _is_int(x) or x.dtype == np.bool_)
def _sum_dtype(B, x, y):  # wraps in int8
    return _jax_or(B, lambda n: n.sum(x, axis=-1, dtype=n.int8), x.shape[:-1], "int8")


@entry("sum_bool_int8", lambda x: str(x.dtype) in ("bool", "int8", "uint8") and x.ndim >= 1)
def _sum_small(B, x, y):  # JAX sums small ints (and bools) in the default int
    return _jax_or(
        B, lambda n: n.sum(x, axis=0), x.shape[1:], "uint32" if str(x.dtype) == "uint8" else "int32"
    )


@entry("mean_dtype_f16", _nd(1))
def _mean_dtype(B, x, y):
    return _jax_or(B, lambda n: n.mean(x, axis=0, dtype=n.float16), x.shape[1:], "float16")


@entry("cumsum_dtype", _nd(1, lambda x: _is_int(x) or x.dtype == np.bool_))
def _cumsum_dtype(B, x, y):
    return _jax_or(B, lambda n: n.cumsum(x, axis=-1, dtype=n.int16), x.shape, "int16")


@entry("cumulative_sum_initial", _nd(1))
def _cumulative_sum(B, x, y):
    shape = x.shape[:-1] + (x.shape[-1] + 1,)
    dtype = (
        "int32"
        if str(x.dtype) in ("int8", "int16")
        else ("uint32" if str(x.dtype) in ("uint8", "uint16") else x.dtype)
    )
    return _jax_or(B, lambda n: n.cumulative_sum(x, axis=-1, include_initial=True), shape, dtype)


@entry("cumulative_prod_dtype", _nd(1))
def _cumulative_prod(B, x, y):
    return _jax_or(
        B,
        lambda n: n.cumulative_prod(n.tanh(x.astype(n.float32)) + 1.0, axis=0, dtype=n.float16),
        x.shape,
        "float16",
    )


@entry("full_like_dtype", lambda x: True)
def _full_like(B, x, y):
    return _jax_or(B, lambda n: n.full_like(x, -2.7, dtype=n.int8) * 2, x.shape, "int8")


@entry("ones_like_shape", _nd(1))
def _ones_like(B, x, y):
    return _jax_or(
        B, lambda n: n.ones_like(x, dtype=bool, shape=(2, x.shape[0])), (2, x.shape[0]), "bool"
    )


@entry("eye_k_out_of_range", lambda x: x.ndim == 2 and _num(x))
def _eye(B, x, y):
    n, m = x.shape
    return B.np.eye(n, m, k=-(n + 1), dtype=x.dtype) + B.np.eye(n, m, k=m + 2, dtype=x.dtype) + x


@entry("diagonal_offset_out", lambda x: x.ndim >= 2)
def _diagonal(B, x, y):  # past the last diagonal: empty; the last one: one element
    n = B.np
    past = n.diagonal(x, offset=x.shape[-1] + 1, axis1=-2, axis2=-1)
    return n.concatenate([past, n.diagonal(x, offset=1 - x.shape[-2], axis1=-1, axis2=-2)], -1)


@entry("roll_big_shifts", lambda x: x.ndim >= 1)
def _roll(B, x, y):
    axes = tuple(range(-min(x.ndim, 2), 0))
    return B.np.roll(x, tuple(-(3 * x.shape[a] + 1) for a in axes), axis=axes)


@entry("clip_none", lambda x: _num(x) and not str(x.dtype).startswith("u"))
def _clip_none(B, x, y):
    return B.np.clip(B.np.clip(x, None, 2), min=-1, max=None)


@entry("squeeze_expand", lambda x: x.ndim >= 1)
def _squeeze_expand(B, x, y):
    n = B.np
    return n.moveaxis(n.expand_dims(n.squeeze(x[None, ..., None], axis=None), (-1, 0)), -1, 0)


@entry("take_axis_none", lambda x: x.ndim >= 1 and x.size >= 1)
def _take_none(B, x, y):
    return B.np.take(x, B.np.asarray([-1, 0, x.size - 1], B.np.int32), axis=None)


@entry("var_ddof_edges", _nd(1, _is_float))
def _var_ddof(B, x, y):
    n = B.np
    k = x.shape[-1]
    return n.stack(
        [n.var(x, axis=-1, ddof=k), n.std(x, axis=-1, ddof=-1), n.var(x, axis=-1, ddof=k + 2)]
    )


@entry("arange_like", _nd(1, lambda x: _num(x) and str(x.dtype) != "bool"))
def _arange(B, x, y):
    start = -2 if _is_float(x) or np.iinfo(x.dtype).min < 0 else 1
    return B.np.arange(start, start + x.shape[-1] * 2, 2, dtype=x.dtype) + x


@entry("linspace_int", _nd(1))
def _linspace_int(B, x, y):
    n = x.shape[-1]
    return _jax_or(
        B,
        lambda np_: (
            np_.linspace(-3.5, 7, n, endpoint=False, dtype=np_.int32)
            + np_.linspace(2, -2, n, dtype=np_.int8).astype(np_.int32)
        ),
        (n,),
        "int32",
    )


@entry("linspace_num01", lambda x: _is_float(x) and x.ndim >= 1)
def _linspace_small(B, x, y):
    n = B.np
    return (
        n.concatenate(
            [
                n.linspace(1.5, 9, 1, dtype=x.dtype),
                n.linspace(0, 1, 0, dtype=x.dtype),
                n.logspace(0, 2, 3, base=2.0, dtype=x.dtype),
            ]
        )
        + x[..., :1].ravel()[:1]
    )


@entry("bincount_length", _nd(1, _is_int))
def _bincount(B, x, y):
    n = B.np
    v = n.abs(n.ravel(x).astype(n.int32)) % 5
    return _jax_or(
        B, lambda np_: np_.bincount(v, weights=None, minlength=3, length=4), (4,), "int32"
    )


# -- promotion: Python / NumPy / complex scalars, x64 off; overflow and division edges


@entry("py_int_out_of_range", lambda x: _is_int(x) and np.dtype(x.dtype).itemsize < 4)
def _py_out_of_range(B, x, y):  # JAX: OverflowError (int8 + 300)
    return x + 300 if B.jaxlike else x


@entry("py_negative_unsigned", lambda x: str(x.dtype) in ("uint8", "uint32"))
def _py_negative_unsigned(B, x, y):  # JAX: OverflowError for -1 as uint
    return x * -1 if B.jaxlike else x


@entry("py_float_int", lambda x: _is_int(x) or x.dtype == np.bool_)
def _py_float_int(B, x, y):  # int8 * 2.5: a weak float32
    return _jax_or(B, lambda n: x * 2.5 - 1.0, x.shape, "float32")


@entry("py_complex", _num)
def _py_complex(B, x, y):
    def f(n):
        z = x * (1 + 2j) + 0.5j
        return n.real(z) + n.imag(z) * 2 + n.abs(z)

    return _jax_or(B, f, x.shape, "float32")  # bf16 * 1j is complex64


@entry("np_scalar_strong", _num)
def _np_scalar(B, x, y):  # NumPy scalars are strong: bf16 * np.float32 is float32
    dtype = "float32" if str(x.dtype) in ("bfloat16", "float16") or _is_int(x) else x.dtype
    return _jax_or(B, lambda n: x * np.float32(1.5) + np.int8(2), x.shape, dtype)


@entry("np_scalar_64", _num)
def _np_scalar64(B, x, y):  # x64 off: np.float64 / np.int64 become 32-bit
    dtype = "float32"
    return _jax_or(B, lambda n: (x + np.int64(3)) * np.float64(0.5), x.shape, dtype)


@entry("uint32_int32_mix", lambda x: str(x.dtype) == "uint32")
def _uint_int_mix(B, x, y):  # uint32 with int32 is int64: int32 with x64 off
    return _jax_or(B, lambda n: x + n.asarray(-2, n.int32) * x.astype(n.int32), x.shape, "int32")


@entry("bool_arith", lambda x: x.dtype == np.bool_)
def _bool_arith(B, x, y):
    def f(n):
        return (x + True) * 3 + (x * 1.5) + (True - x.astype(n.int8))

    return _jax_or(B, f, x.shape, "float32")


@entry("operators_rhs", _num)
def _operators_rhs(B, x, y):
    if _is_float(x):
        return 2**x + 3 - x + (1 / (B.np.abs(x) + 1)) + (-x) % 3
    return 2 - x + 3 * x + (7 // (B.np.abs(x) + 1)) + (-7 % (B.np.abs(x) + 1))


@entry("int_min_edges", lambda x: str(x.dtype) in ("int8", "int16", "int32"))
def _int_min(B, x, y):
    n = B.np
    low = n.full_like(x, np.iinfo(x.dtype).min)
    minus_one = n.full_like(x, -1)
    return n.stack(
        [
            n.abs(low),
            -low,
            low // minus_one,
            low % minus_one,
            n.sign(low),
            low * minus_one,
            x * 127 * 127,
        ]
    )


@entry("float_overflow", _nd(0, _is_float))
def _float_overflow(B, x, y):  # f16 * 1e5 is inf; bf16 keeps it
    return _jax_or(
        B, lambda n: n.stack([x * 1e5, x * 1e38 * 10, -x / 0.0]), (3,) + x.shape, x.dtype
    )


@entry("power_int_edges", lambda x: _is_int(x))
def _power_int(B, x, y):
    n = B.np
    return n.power(x, 3) + n.power(2, n.abs(x) % 4) + n.power(x, 0)


# -- .at[] with every method and mode, negative and out-of-bounds indices

AT_METHODS = ["set", "add", "multiply", "min", "max", "divide", "power", "apply"]


def _at_all(B, x, mode, unique=False):
    n = B.np
    k = x.shape[0]
    idx = (
        n.asarray([-1, 0, k, -k - 1, k - 1], n.int32)
        if not unique
        else n.asarray([0, k - 1] if k > 1 else [0], n.int32)
    )
    outs = []
    for m in AT_METHODS:
        if m in ("divide", "power") and not _is_float(x):
            continue
        ref = x.at[idx]
        if m == "apply":
            outs.append(ref.apply(lambda v: v * 2, mode=mode))
        elif unique:
            outs.append(getattr(ref, m)(2, mode=mode, unique_indices=True, indices_are_sorted=True))
        else:
            outs.append(getattr(ref, m)(2, mode=mode))
    return n.stack(outs)


for _mode in ("drop", "clip", "promise_in_bounds", "fill"):
    entry(f"at_every_method_{_mode}", lambda x: _num(x) and x.ndim >= 1 and x.shape[0] >= 1)(
        lambda B, x, y, _mode=_mode: _jax_or(
            B,
            lambda n: _at_all(B, x, _mode, unique=_mode == "promise_in_bounds"),
            (8 - 2 * (not _is_float(x)),) + x.shape,
            x.dtype,
        )
    )


@entry("at_get_modes", lambda x: x.ndim >= 1 and x.shape[0] >= 1)
def _at_get(B, x, y):
    def f(n):
        idx = n.asarray([-1, x.shape[0], -x.shape[0] - 2], n.int32)
        return n.stack(
            [
                x.at[idx].get(mode="fill", fill_value=1),
                x.at[idx].get(mode="clip"),
                x.at[idx].get(mode="fill"),
            ]
        )

    return _jax_or(B, f, (3, 3) + x.shape[1:], x.dtype)


@entry("at_slice_ellipsis", lambda x: x.ndim >= 2 and _num(x))
def _at_mixed(B, x, y):
    n = B.np
    cols = n.asarray([-1, 0], n.int32)
    return _jax_or(
        B,
        lambda _: x.at[..., cols].add(1).at[::-1, 0].set(3).at[None, 0].multiply(2),
        x.shape,
        x.dtype,
    )


# -- advanced indexing mixed with slices, None, Ellipsis


@entry("adv_slices_none", lambda x: x.ndim >= 2)
def _adv_slices_none(B, x, y):
    idx = B.np.asarray([[0], [-1]], B.np.int32)
    return x[idx, ::-1, None]


@entry("adv_ellipsis_last", lambda x: x.ndim >= 1 and x.shape[-1] >= 2)
def _adv_ellipsis(B, x, y):
    return x[..., [1, -1, 0]]


@entry("adv_separated", lambda x: x.ndim >= 3)
def _adv_separated(B, x, y):  # arrays apart: the advanced dims go first
    return x[[0, -1], :, [0, 0]]


@entry("adv_adjacent_int", lambda x: x.ndim >= 3 and x.shape[1] >= 2)
def _adv_adjacent(B, x, y):
    return x[:, 1, [0, -1]]


@entry("adv_traced_none", lambda x: x.ndim >= 2)
def _adv_traced(B, x, y):
    n = B.np
    rows = (n.arange(3) - 1).astype(n.int32) % x.shape[0]
    return x[None, rows, ..., 0]


@entry("adv_bool_and_int", lambda x: x.ndim >= 2 and x.shape[1] >= 2)
def _adv_bool(B, x, y):
    mask = np.asarray([True] + [False] * (x.shape[1] - 2) + [True])
    return x[-1:, mask]


# -- reductions with where= / initial= edges; cumulative; sorting


@entry("where_all_false", _nd(1))
def _where_all_false(B, x, y):
    n = B.np
    none = np.zeros(x.shape, bool)
    out = [
        n.sum(x, where=none),
        n.max(x, where=none, initial=-3),
        n.min(x, initial=100, axis=0, where=none).sum(),
    ]
    return n.stack(
        [n.asarray(v, n.float32) for v in out] + [n.mean(x.astype(n.float32), where=none)]
    )


@entry("where_initial_dtype", _nd(1, lambda x: _is_int(x) or x.dtype == np.bool_))
def _where_initial_dtype(B, x, y):
    return _jax_or(
        B,
        lambda np_: np_.sum(x, axis=-1, where=x > 0, initial=5, dtype=np_.int8),
        x.shape[:-1],
        "int8",
    )


@entry("nan_reductions_where", _nd(1, _is_float))
def _nan_where(B, x, y):
    n = B.np
    v = n.where(x > 1, n.nan, x)
    return n.stack(
        [
            n.nanmax(v, axis=-1, where=x < 2, initial=-9),
            n.nansum(v, axis=-1, where=x > -1),
            n.nanmean(v, axis=-1),
        ]
    )


@entry("cumsum_reverse_bool", _nd(1))
def _cum_reverse(B, x, y):
    lax = B.lax
    if x.dtype == np.bool_:
        x = x.astype(B.np.int32)
    return lax.cummax(x, axis=0, reverse=True) + lax.cumsum(x, axis=x.ndim - 1, reverse=True)


@entry("nancumulative", _nd(1, _is_float))
def _nancum(B, x, y):
    n = B.np
    v = n.where(x > 1, n.nan, x)
    return n.nancumsum(v, axis=-1) + n.nancumprod(n.tanh(v) + 1, axis=0)


@entry("sort_nan_descending", _nd(1, _is_float))
def _sort_nan(B, x, y):
    n = B.np
    v = n.where(x > 1, n.nan, n.where(x < -1, -0.0, x))
    return _jax_or(
        B,
        lambda np_: np_.stack(
            [np_.sort(v, axis=-1, descending=True), np_.sort(v, axis=0, stable=False)]
        ),
        (2,) + x.shape,
        x.dtype,
    )


@entry("argsort_ties", _nd(1, lambda x: _num(x) or x.dtype == np.bool_))
def _argsort_ties(B, x, y):
    v = (x > 0) if x.dtype != np.bool_ else x  # two values: many ties
    return _jax_or(
        B,
        lambda np_: np_.stack(
            [
                np_.argsort(v, axis=-1, stable=True),
                np_.argsort(v, axis=-1, descending=True, stable=True),
            ]
        ),
        (2,) + x.shape,
        "int32",
    )


@entry("argsort_nan", _nd(1, _is_float))
def _argsort_nan(B, x, y):
    n = B.np
    v = n.where(x > 1, n.nan, x)
    return n.argsort(v, axis=0, stable=True).astype(n.int32)


@entry("lexsort_sort_pairs", _nd(1, _num))
def _lexsort(B, x, y):
    n = B.np
    flat = n.ravel(x)
    keys = (flat > 0, n.floor(flat.astype(n.float32) / 2))
    order = n.lexsort(keys)
    return _jax_or(
        B,
        lambda np_: np_.stack(
            [order.astype(np_.int32), B.lax.sort((flat > 0).astype(np_.int32), is_stable=True)]
        ),
        (2, flat.shape[0]),
        "int32",
    )


@entry("partition_kth", _nd(1, _num))
def _partition(B, x, y):
    k = x.shape[-1] // 2
    n = B.np
    return n.sort(n.partition(x, k, axis=-1), axis=-1)


SMOOTH15 = {
    "eye_k_out_of_range",
    "diagonal_offset_out",
    "roll_big_shifts",
    "squeeze_expand",
    "take_axis_none",
    "arange_like",
    "py_float_int",
    "np_scalar_strong",
    "np_scalar_64",
    "adv_slices_none",
    "adv_ellipsis_last",
    "adv_separated",
    "adv_adjacent_int",
    "adv_traced_none",
    "adv_bool_and_int",
    "at_get_modes",
}


# ---------------------------------------------------------------------------------------------
# np15t: control flow, custom derivatives, random samplers (typed only on the NumPy backend).

_GROUP[0] = "np15t"


def _f32(x) -> bool:
    return str(x.dtype) == "float32"


@entry("scan_reverse_length", _nd(1, _f32))
def _scan_reverse(B, x, y):
    if not B.jaxlike:
        return _zeros((x.shape[0], 2) + x.shape[1:], "float32")
    n, lax = B.np, B.lax

    def body(carry, row):
        count, acc = carry
        acc = acc * 0.5 + row * count.astype(row.dtype)
        return (count + 1, acc), n.stack([acc, n.sin(row)])

    _, ys = lax.scan(body, (n.int32(0), x[0] * 0), x, reverse=True, length=x.shape[0], unroll=2)
    return ys


@entry("scan_no_xs", lambda x: _f32(x))
def _scan_no_xs(B, x, y):
    if not B.jaxlike:
        return _zeros((3,) + x.shape, "float32")
    return B.lax.scan(lambda c, _: (B.np.tanh(c) + 1, c * 2), x, None, length=3)[1]


@entry("switch_out_of_range", lambda x: _is_float(x) or _is_int(x))
def _switch(B, x, y):
    n, lax = B.np, B.lax
    branches = [lambda v: v + 1, lambda v: v * 2, lambda v: -v]
    if not B.jaxlike:
        return _zeros((2,) + x.shape, x.dtype)
    low = (n.sum(n.zeros((2,), n.int32)) - 5).astype(n.int32)  # clamps to branch 0
    high = low + 12  # clamps to the last branch
    return n.stack([lax.switch(low, branches, x), lax.switch(high, branches, x)])


@entry("fori_traced_bounds", lambda x: _f32(x))
def _fori_traced(B, x, y):
    if not B.jaxlike:
        return _zeros(x.shape, "float32")
    n, lax = B.np, B.lax
    upper = (n.sum(n.zeros((2,), n.int32)) + 3).astype(n.int32)  # a while loop in JAX
    return lax.fori_loop(n.int32(1), upper, lambda i, v: v * 0.5 + i, x)


@entry("lax_map_batch", _nd(1, _f32))
def _lax_map(B, x, y):
    if not B.jaxlike:
        return _zeros(x.shape, "float32")
    return B.lax.map(lambda r: B.np.sin(r) * 2 + B.np.sum(r), x, batch_size=2)


@entry("associative_scan", _nd(1, lambda x: _is_float(x) or _is_int(x)))
def _assoc_scan(B, x, y):
    if not B.jaxlike:
        return _zeros(x.shape, x.dtype)
    return B.lax.associative_scan(B.np.maximum, x, reverse=True, axis=x.ndim - 1)


@entry("cond_mixed_operands", lambda x: _f32(x))
def _cond_mixed(B, x, y):
    if not B.jaxlike:
        return _zeros(x.shape, "float32")
    n, lax = B.np, B.lax
    k = n.int32(3)
    return lax.cond(n.sum(x) > 0, lambda v, i: v * i, lambda v, i: v - i.astype(v.dtype), x, k)


def _custom_fns(api, np_):
    @api.custom_jvp
    def soft(v, scale):
        return np_.tanh(v) * scale

    @soft.defjvp
    def _soft_jvp(primals, tangents):
        v, scale = primals
        tv, ts = tangents
        return soft(v, scale), tv * (1 - np_.tanh(v) ** 2) * scale * 2 + ts * np_.tanh(v)

    from functools import partial

    @partial(api.custom_vjp, nondiff_argnums=(1,))
    def clip_grad(v, bound):
        return np_.sin(v)

    def _fwd(v, bound):
        return np_.sin(v), np_.cos(v)

    def _bwd(bound, res, g):
        return (np_.clip(g * res, -bound, bound),)

    clip_grad.defvjp(_fwd, _bwd)

    @api.custom_vjp
    def pair(a, b):
        return a * b

    pair.defvjp(lambda a, b: (a * b, (a, b)), lambda res, g: (g * res[1] * 3, None))
    return soft, clip_grad, pair


@entry("custom_derivatives15", _nd(1, _f32))
def _custom15(B, x, y):
    if not B.jaxlike:
        return _zeros((4,) + x.shape, "float32")
    api, n = B.api, B.np
    soft, clip_grad, pair = _custom_fns(api, n)

    def loss(v):
        return n.sum(soft(v, 1.5)) + n.sum(clip_grad(v, 0.25)) + n.sum(pair(v, v + 1))

    value = soft(x, 1.5) + clip_grad(x, 0.25) + pair(x, x)
    jvp_out = api.jvp(lambda v: soft(v, 2.0), (x,), (n.ones_like(x),))[1]
    return n.stack(
        [
            value,
            api.grad(loss)(x),
            jvp_out,
            api.vmap(api.grad(lambda r: n.sum(clip_grad(r, 0.1))))(x),
        ]
    )


def _sharded_keys(B, R, typed, count):
    """`count` keys split from one, sharded over the whole mesh (count = the mesh's size)."""
    key = R.key(7) if typed else R.PRNGKey(7)
    keys = R.split(key, count)
    axes = tuple(B.mesh.shape)
    spec = B.P(axes) if typed else B.P(axes, None)
    return B.wsc(keys, B.NamedSharding(B.mesh, spec))


RANDOM15 = [
    "normal",
    "uniform_bounds",
    "randint_edges",
    "bernoulli",
    "gamma",
    "beta",
    "poisson",
    "cauchy",
    "logistic",
    "rademacher",
    "t",
    "dirichlet",
    "choice_p",
    "split_shape",
    "key_data_roundtrip",
    "fold_in_vmap",
]


def _sample(B, R, kind, key, x, typed):
    n = B.np
    if kind == "normal":
        return R.normal(key, (3,), n.bfloat16)  # (cast to f32, JAX's excess precision shows)
    if kind == "uniform_bounds":  # minval above maxval
        return R.uniform(key, (3,), minval=2.0, maxval=-1.0)
    if kind == "randint_edges":
        return R.randint(key, (3,), -128, 128, n.int8).astype(n.float32)
    if kind == "bernoulli":
        return R.bernoulli(key, n.asarray([0.0, 1.0, 0.5])).astype(n.float32)
    if kind in ("gamma", "poisson"):
        return getattr(R, kind)(key, n.asarray([0.5, 2.0, 9.0]), (3,)).astype(n.float32)
    if kind == "beta":
        return R.beta(key, 2.0, n.asarray([0.5, 1.0, 3.0]))
    if kind in ("cauchy", "logistic", "rademacher"):
        return getattr(R, kind)(key, (3,)).astype(n.float32)
    if kind == "t":
        return R.t(key, 3.0, (3,))
    if kind == "dirichlet":
        return R.dirichlet(key, n.asarray([0.5, 1.0, 2.0]))
    if kind == "choice_p":
        return R.choice(key, 5, (3,), p=n.asarray([0.1, 0.0, 0.4, 0.2, 0.3])).astype(n.float32)
    if kind == "split_shape":
        return R.uniform(R.split(key, (2, 3))[1, 2], (3,))
    if kind == "key_data_roundtrip":
        return R.uniform(R.wrap_key_data(R.key_data(key)) if typed else key, (3,))
    return R.normal(R.fold_in(key, n.sum(x > 0).astype(n.int32)), (3,))


for _kind in RANDOM15:
    for _typed in (True, False):
        entry(f"random15_{_kind}_{'typed' if _typed else 'raw'}", lambda x: _f32(x))(
            lambda B, x, y, _kind=_kind, _typed=_typed: _random15(B, x, _kind, _typed)
        )


def _random15(B, x, kind, typed):
    size = int(np.prod(list(B.mesh.shape.values())))
    if not B.jaxlike:
        return _zeros((size, 3), "bfloat16" if kind == "normal" else "float32")
    R = B.random
    keys = _sharded_keys(B, R, typed, size)
    return B.vmap(lambda k: _sample(B, R, kind, k, x, typed))(keys)


# ---------------------------------------------------------------------------------------------
# np15c: shard_map bodies with collectives over several mesh axes, on the program's mesh.

_GROUP[0] = "np15c"

COLLECTIVES15 = [
    "psum_all",
    "pmean_all",
    "pmax_all",
    "all_gather_untiled",
    "ppermute_two",
    "axis_index_all",
    "psum_invariant",
    "psum_scalar_count",
    "all_to_all",
]


def _collective_body(B, kind, v, axes):
    lax, n = B.lax, B.np
    sizes = [B.mesh.shape[a] for a in axes]
    if kind == "psum_all":
        return lax.psum(v, axes)
    if kind == "pmean_all":
        return lax.pmean(v.astype(n.float32), axes)
    if kind == "pmax_all":
        return lax.pmax(v, axes) - lax.pmin(v, axes)
    if kind == "all_gather_untiled":
        return lax.all_gather(v, axes[0])[-1]
    if kind == "ppermute_two":
        k = sizes[0]
        return lax.ppermute(v, axes[0], [(i, (i + 2) % k) for i in range(k)])
    if kind == "axis_index_all":
        return v * (lax.axis_index(axes) + 1).astype(v.dtype)
    if kind == "psum_invariant":  # a value that does not vary along the axis
        return lax.psum(n.ones_like(v), axes[-1]) * v
    if kind == "psum_scalar_count":
        return v + lax.psum(1, axes)  # a Python int in JAX (its constant case)
    return lax.all_to_all(v, axes[0], 0, 0, tiled=True)


for _kind in COLLECTIVES15:
    entry(f"smap_{_kind}", lambda x: (_is_float(x) or _is_int(x)) and x.ndim >= 1)(
        lambda B, x, y, _kind=_kind: _collectives15(B, x, _kind)
    )


def _collectives15(B, x, kind):
    """x stacked once per device (dim 0 over every mesh axis), then the body on each block; the
    blocks differ (scaled by the device's index) so collectives have something to do."""
    axes = tuple(B.mesh.shape)
    size = int(np.prod([B.mesh.shape[a] for a in axes]))
    rows = x.shape[0] * size
    if not B.jaxlike:
        return _zeros((rows,) + x.shape[1:], "float32" if kind == "pmean_all" else x.dtype)
    n, P = B.np, B.P
    stacked = n.concatenate([x * (k % 3 + 1) for k in range(size)])
    if kind == "all_to_all" and x.shape[0] % B.mesh.shape[axes[0]]:
        kind = "psum_all"  # (the block does not split over the axis)

    def body(v):
        return _collective_body(B, kind, v, axes)

    return B.shard_map(body, mesh=B.mesh, in_specs=(P(axes),), out_specs=P(axes))(stacked)


SMOOTH15 |= {
    "scan_reverse_length",
    "scan_no_xs",
    "lax_map_batch",
    "cond_mixed_operands",
    "fori_traced_bounds",
    "smap_psum_all",
    "smap_ppermute_two",
    "smap_axis_index_all",
}

op("np_np15", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH15)((_drawer("np15"), _apply_api))
op("np_np15t", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH15)(
    (_drawer("np15t"), _apply_api)
)
op("np_np15c", numpy_ref=False, vmap_ok=False, grad_ok=lambda p: p["fn"] in SMOOTH15)(
    (_drawer("np15c"), _apply_api)
)

ROUND15 = sorted(n for n, e in TABLE.items() if e[3] in ("np15", "np15t", "np15c"))
