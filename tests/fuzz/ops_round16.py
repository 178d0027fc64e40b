"""Round 16: argument kinds and compositions the earlier rounds did not draw.

- numbers: `round` / `around` with negative and positive decimals (integers too), `divmod` /
  `fmod` / `floor_divide` of integers with negative divisors, shifts by the bit width and past
  it, bitwise operators on unsigned values with Python ints, overflow of the narrow integers,
  int8 / uint8 / int16 / uint32 promotion, weak Python scalars against f16 / bf16 / bool, complex
  values built in the program (their real summaries returned), f16 / bf16 reductions;
- shapes: 0-d values and size-zero slices through reductions, cumulative functions, matmul and
  concatenation; `where` broadcasting a column against a scalar;
- lax with edge parameters: negative and interior padding, strided slices, dynamic slices and
  updates clamped at both ends, `reduce_precision` to a few bits, `div` / `rem` truncating,
  arithmetic and logical shifts, `clamp` with scalar bounds, `top_k` of the whole row,
  `sort` with several keys;
- indexing: negative steps other than -1, None with Ellipsis, boolean masks of constants,
  integer index arrays broadcast against each other, `.at[]` with duplicate indices for every
  accumulating method;
- (group np16t) vmap with `in_axes` / `out_axes` variants (None, negative, pytrees, axis_size),
  gradients of compositions (sort, cumprod, where, clip, max, norms), `has_aux`, `argnums`,
  hessians, jit with `static_argnums` / `static_argnames` / `donate_argnums` inside the program.

Entries join ops_api.py's TABLE (vocabulary.py sweeps them); JAX is the reference, the NumPy
backend only types them.
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_api import _GROUP, TABLE, _apply_api, _drawer, entry
from tests.fuzz.ops_round15 import _f32, _jax_or, _nd, _num
from tests.fuzz.programs import _np_dtype
from tests.fuzz.registry import _is_float, _is_int, op

_GROUP[0] = "np16"


def _signed(x) -> bool:
    return _is_int(x) and not str(x.dtype).startswith("u")


def _unsigned(x) -> bool:
    return str(x.dtype).startswith("u")


def _bits(x) -> int:
    return np.dtype(x.dtype).itemsize * 8


# -- round / around / divmod / shifts / bitwise / overflow


@entry("round_decimals", _num)
def _round_decimals(B, x, y):
    n = B.np
    if _is_float(x):
        v = x * 123.456
        return n.stack([n.round(v, -1), n.round(v, 2), n.around(v, 0), n.round(v / 1000, 1)])
    # (integers to decimals < 0: JAX refuses)
    return n.stack([n.round(x, 2), n.around(x * 7, 1), n.round(x, 1), n.round(x, 0)])


@entry("divmod_negative", _signed)
def _divmod_negative(B, x, y):
    n = B.np
    d = n.where(x == 0, -3, x)
    q, r = n.divmod(x * 5 + 1, d)
    return n.stack([q, r, n.fmod(x * 5 + 1, d), n.floor_divide(-x, 2), n.remainder(x, -3)])


@entry("shift_by_width", _is_int)
def _shift_width(B, x, y):
    n = B.np
    w = _bits(x)
    return n.stack(
        [
            n.left_shift(x, w),
            n.right_shift(x, w),
            n.left_shift(x, w - 1),
            n.right_shift(x, w + 3),
            x << 1,
            x >> 1,
        ]
    )


@entry("shift_array_amounts", _is_int, needs_y=True)
def _shift_amounts(B, x, y):
    n = B.np
    amount = (n.abs(y.astype(n.int32)) % (_bits(x) + 2)).astype(x.dtype)
    return n.stack([n.left_shift(x, amount), n.right_shift(x, amount)])


@entry("bitwise_unsigned_py", _unsigned)
def _bitwise_unsigned(B, x, y):
    n = B.np
    return n.stack([x & 0xF0, x | 1, x ^ n.bitwise_not(x), ~x, (x ^ 0x5) & x, n.invert(x) >> 2])


@entry("overflow_narrow", lambda x: str(x.dtype) in ("int8", "uint8", "int16"))
def _overflow_narrow(B, x, y):
    n = B.np
    top = n.iinfo(x.dtype).max
    return n.stack([x + top, x * 100, x - n.asarray(top, x.dtype), -x, n.square(x) * x])


@entry("promote_small_ints", lambda x: str(x.dtype) in ("int8", "uint8"))
def _promote_small(B, x, y):  # int8 + uint8 is int16; uint8 + int16 is int16
    n = B.np
    other = "uint8" if str(x.dtype) == "int8" else "int8"
    mixed = x + n.ones(x.shape, other)
    return _jax_or(
        B,
        lambda np_: (mixed * 3 + x.astype(np_.int16)) - n.asarray(2, n.uint8),
        x.shape,
        "int16",
    )


@entry("promote_uint32_int8", lambda x: str(x.dtype) == "uint32")
def _promote_u32(B, x, y):  # uint32 with int8: int64, int32 with x64 off
    return _jax_or(B, lambda np_: x + np_.full(x.shape, -1, np_.int8), x.shape, "int32")


@entry("weak_into_low", lambda x: str(x.dtype) in ("float16", "bfloat16", "bool"))
def _weak_into_low(B, x, y):
    dtype = "float32" if str(x.dtype) == "bool" else x.dtype
    return _jax_or(B, lambda n: (x * 3.5 + 2) / 7 - True, x.shape, dtype)


@entry("low_float_reductions", _nd(1, lambda x: str(x.dtype) in ("float16", "bfloat16")))
def _low_reductions(B, x, y):
    n = B.np
    return n.stack(
        [
            n.sum(x, axis=-1),
            n.mean(x, axis=-1),
            n.var(x, axis=-1),
            n.cumsum(x, axis=-1)[..., -1],
            n.max(x, axis=-1) - n.min(x, axis=-1),
        ]
    )


def _complex_from(n, x, y):
    re = n.tanh(x.astype(n.float32))
    im = n.cos(y.astype(n.float32)) if y is not None else re * 0.5 - 0.25
    return re + 1j * im


@entry("complex_math", _num)
def _complex_math(B, x, y):
    if not B.jaxlike:
        return np.zeros((10,) + x.shape, np.float32)
    n = B.np
    z = _complex_from(n, x, None)
    w = z * z + z / (z + 2) - n.conj(z) * 1j
    parts = [n.exp(z), n.sqrt(z), n.log(z + 3), n.sin(z), w]
    return n.stack(
        [n.real(p) for p in parts[:3]]
        + [n.imag(p) for p in parts[:3]]
        + [n.abs(w), n.angle(w), n.real(n.sign(w)), n.abs(parts[3])]
    )


@entry("complex_reductions", _nd(1))
def _complex_reductions(B, x, y):
    if not B.jaxlike:
        return np.zeros((6,) + x.shape[:-1], np.float32)
    n = B.np
    z = _complex_from(n, x, None)
    s = n.sum(z, axis=-1)
    p = n.prod(z, axis=-1)
    d = n.vdot(z, z)
    return n.stack(
        [
            n.real(s),
            n.imag(s),
            n.real(p),
            n.imag(p),
            n.abs(n.mean(z, axis=-1)),
            n.real(d) + 0 * s.real,
        ]
    )


@entry("complex_ops_lax", _num)
def _complex_lax(B, x, y):
    if not B.jaxlike:
        return np.zeros((4,) + x.shape, np.float32)
    n, lax = B.np, B.lax
    a = n.tanh(x.astype(n.float32))
    z = lax.complex(a, a * 2 - 1)
    e = lax.expm1(z) * lax.conj(z)
    return n.stack([lax.real(e), lax.imag(e), n.abs(z**3), n.real(lax.integer_pow(z, -2))])


# -- 0-d and size-zero values; where broadcasting


@entry("zero_d_chain", _num)
def _zero_d(B, x, y):
    n = B.np
    s = n.sum(x.astype(n.float32) if _is_int(x) else x)
    return n.stack(
        [s[None], n.expand_dims(s, 0), n.reshape(s, (1,)), s[..., None], n.atleast_1d(s * 2)]
    )


@entry("size_zero_reductions", _nd(1, _num))
def _size_zero(B, x, y):
    n = B.np
    e = x[..., :0]
    f = e.astype(n.float32)
    return _jax_or(
        B,
        lambda np_: np_.stack(
            [
                np_.sum(e, axis=-1).astype(np_.float32),
                np_.prod(e, axis=-1).astype(np_.float32),
                np_.max(f, axis=-1, initial=-2.0),
                np_.mean(f, axis=-1),
                np_.cumsum(e, axis=-1).sum(axis=-1).astype(np_.float32),
                (f @ n.zeros((0, 2), np_.float32)).sum(axis=-1),
                np_.concatenate([f, x.astype(np_.float32)], axis=-1).sum(axis=-1),
            ]
        ),
        (7,) + x.shape[:-1],
        "float32",
    )


@entry("where_broadcast", _nd(1, _num))
def _where_broadcast(B, x, y):
    n = B.np
    col = x[..., :1] > 0
    return n.stack([n.where(col, x, 2), n.where(col, 1, x), n.where(x[:1] > 1, x, x[..., :1])])


@entry("where_mixed_dtypes", _nd(0, lambda x: str(x.dtype) in ("int8", "uint8", "float16")))
def _where_mixed(B, x, y):
    n = B.np
    dtype = {"int8": "int16", "uint8": "int16", "float16": "float32"}[str(x.dtype)]
    other = n.ones(x.shape, n.int16 if _is_int(x) else n.float32)
    return _jax_or(B, lambda np_: np_.where(x > 0, x, other * -1), x.shape, dtype)


# -- lax with edge parameters (the NumPy backend has no such lax: zeros of JAX's type there)


def jax_entry(name, accepts, shape, dtype=lambda x: x.dtype):
    """An entry only a JAX-like backend computes; the NumPy backend gives zeros of
    `shape(x)` and `dtype(x)`."""

    def register(fn):
        def apply(B, x, y):
            return fn(B, x, y) if B.jaxlike else np.zeros(shape(x), _np_dtype(str(dtype(x))))

        return entry(name, accepts)(apply)

    return register


@jax_entry(
    "lax_pad_negative_interior", _nd(1, _num), lambda x: x.shape[:-1] + (_padded(x.shape[-1]),)
)
def _lax_pad(B, x, y):
    config = [(0, 0, 0)] * (x.ndim - 1) + [_PAD if x.shape[-1] >= 2 else _PAD1]
    return B.lax.pad(x, B.np.asarray(0, x.dtype), config)


_PAD, _PAD1 = (-1, 2, 1), (1, -1, 0)


def _padded(k):
    lo, hi, interior = _PAD if k >= 2 else _PAD1
    return lo + hi + k + max(k - 1, 0) * interior


@jax_entry("lax_slice_strided", _nd(1), lambda x: x.shape[:-1] + (-(-x.shape[-1] // 3),))
def _lax_slice(B, x, y):
    lax = B.lax
    start = [0] * x.ndim
    limit = list(x.shape)
    strides = [1] * (x.ndim - 1) + [3]
    return lax.slice(x, start, limit, strides)


@jax_entry(
    "lax_dynamic_clamped", _nd(1), lambda x: x.shape[:-1] + (3 * max(x.shape[-1] - 1, 0) + 1,)
)
def _lax_dynamic(B, x, y):
    n, lax = B.np, B.lax
    zero = n.sum(n.zeros((2,), n.int32))
    k = x.shape[-1]
    size = max(k - 1, 0)
    starts = [zero] * (x.ndim - 1)
    lo = lax.dynamic_slice(x, starts + [zero - 7], list(x.shape[:-1]) + [size])
    hi = lax.dynamic_slice(x, starts + [zero + 9], list(x.shape[:-1]) + [size])
    upd = lax.dynamic_update_slice(x, lo, starts + [zero + 5])
    return n.concatenate([lo, hi, upd], axis=-1)


@jax_entry("lax_reduce_precision", _is_float, lambda x: (3,) + x.shape)
def _lax_reduce_precision(B, x, y):
    lax, n = B.lax, B.np
    v = x * 37.25
    return n.stack(
        [
            lax.reduce_precision(v, exponent_bits=2, mantissa_bits=1),
            lax.reduce_precision(v, exponent_bits=5, mantissa_bits=0),
            lax.reduce_precision(v * 1e4, exponent_bits=4, mantissa_bits=3),
        ]
    )


@jax_entry("lax_div_rem_signed", _signed, lambda x: (5,) + x.shape)
def _lax_div_rem(B, x, y):
    n, lax = B.np, B.lax
    d = n.where(x == 0, n.asarray(-2, x.dtype), x)
    num = x * 3 - 1
    return n.stack(
        [
            lax.div(num, d),
            lax.rem(num, d),
            lax.shift_right_arithmetic(num, n.full_like(x, 1)),
            lax.shift_right_logical(num, n.full_like(x, 2)),
            lax.shift_left(num, n.full_like(x, _bits(x) - 1)),
        ]
    )


@jax_entry("lax_clamp_scalars", _num, lambda x: (3,) + x.shape)
def _lax_clamp(B, x, y):
    n, lax = B.np, B.lax
    lo = n.asarray(-1 if not _unsigned(x) else 1, x.dtype)
    hi = n.asarray(3, x.dtype)
    return n.stack([lax.clamp(lo, x, hi), lax.clamp(hi, x, lo), lax.clamp(lo, x * 2, lo)])


@jax_entry("lax_top_k_full", _nd(1, _num), lambda x: (2,) + x.shape, lambda x: "float32")
def _lax_top_k(B, x, y):
    n = B.np
    values, idx = B.lax.top_k(x, x.shape[-1])
    return n.stack([values.astype(n.float32), idx.astype(n.float32)])


@jax_entry("lax_sort_keys", _nd(1, _num), lambda x: (3,) + x.shape, lambda x: "float32")
def _lax_sort_keys(B, x, y):
    n, lax = B.np, B.lax
    key = (x > 0).astype(n.int32)
    iota = lax.broadcasted_iota(n.int32, x.shape, x.ndim - 1)
    a, b, c = lax.sort((key, x, iota), dimension=x.ndim - 1, num_keys=2, is_stable=True)
    return n.stack([a.astype(n.float32), b.astype(n.float32), c.astype(n.float32)])


# -- indexing


@entry("index_negative_steps", _nd(1))
def _index_steps(B, x, y):
    n = B.np
    return n.concatenate([x[::-2], x[-1::-3], x[-2:0:-2], x[5:-9:-1]], axis=0)


@entry("index_none_ellipsis", _nd(1))
def _index_none(B, x, y):
    return x[None, ..., None, ::-1][..., 0:1, :][0]


@entry("index_const_mask", _nd(1))
def _index_mask(B, x, y):
    mask = (np.arange(int(np.prod(x.shape))).reshape(x.shape) % 3) == 1
    row = np.arange(x.shape[0]) % 2 == 0
    return B.np.concatenate([x[mask], x[row].ravel(), x[np.zeros(x.shape, bool)]])


@entry("index_broadcast_arrays", _nd(2))
def _index_broadcast(B, x, y):
    n = B.np
    r, c = x.shape[0], x.shape[1]
    rows = n.asarray([[0], [r - 1], [-r]], n.int32)
    cols = n.asarray([0, -1, c - 1, -c], n.int32)
    return x[rows, cols]


@entry("index_int_and_arrays", _nd(3))
def _index_int_arrays(B, x, y):
    n = B.np
    return x[n.asarray([[0, -1]], n.int32), 0, n.asarray([[0], [-1]], n.int32)]


@jax_entry("at_duplicates", _nd(1, _num), lambda x: (6,) + x.shape)
def _at_duplicates(B, x, y):
    n = B.np
    k = x.shape[0]
    idx = n.asarray([0, 0, k - 1, -1, 0], n.int32)
    vals = n.asarray([3, -2, 1, 2, 5], n.int32).astype(x.dtype)
    vals = vals.reshape((5,) + (1,) * (x.ndim - 1))
    out = [
        x.at[idx].set(n.full_like(vals, 4)),
        x.at[idx].add(vals),
        x.at[idx].multiply(vals),
        x.at[idx].min(vals),
        x.at[idx].max(vals),
        x.at[idx].subtract(vals) if _is_float(x) else x.at[idx].add(-vals),
    ]
    return n.stack(out)


@entry("at_duplicates_2d", _nd(2, _num))
def _at_duplicates_2d(B, x, y):
    n = B.np
    rows = n.asarray([0, 0, -1], n.int32)
    cols = n.asarray([1 % x.shape[1], 1 % x.shape[1], 0], n.int32)
    return _jax_or(
        B,
        lambda np_: x.at[rows, cols].add(1).at[rows[:, None], cols[None, :]].max(x[0, 0] + 1),
        x.shape,
        x.dtype,
    )


@entry("at_slice_negative_step", _nd(1, _num))
def _at_slice_step(B, x, y):
    return _jax_or(
        B, lambda n: x.at[::-2].add(1).at[-1::-3].set(0).at[1::2].multiply(2), x.shape, x.dtype
    )


# -- the programs of round 16's fixes


@entry("scalar_bool_index", _nd(1))
def _scalar_bool(B, x, y):  # x[True] was refused, x[np.array(True)] leaked NumPy's error
    a = x[True, ..., ::-1]
    b = x[np.array(False), 0] if x.ndim >= 2 else x[np.array(False)]
    c = x[..., True]
    return _jax_or(
        B,
        lambda np_: np_.concatenate(
            [a.ravel(), b.ravel(), c.ravel(), x.at[True].set(x[0]).ravel()]
        ),
        (3 * x.size,),
        x.dtype,
    )


@entry("floor_divide_const_zero", _is_int)
def _const_zero(B, x, y):  # constants divided by zero: the process died of SIGFPE
    n = B.np
    c = n.asarray((np.arange(x.size) - 2).reshape(x.shape).astype(x.dtype))
    return n.stack([n.floor_divide(c, 0), c % 0, n.fmod(c, 0)]) + x


@entry("fresnel_sici_half", _nd(1, lambda x: str(x.dtype) in ("float16", "bfloat16")))
def _fresnel_half(B, x, y):  # complex parts of half precision raised
    if not B.jaxlike:
        return np.zeros((4,) + x.shape, x.dtype)
    sp = B.api.scipy.special
    return B.np.stack([*B.vmap(sp.fresnel)(x), *sp.sici(B.np.abs(x) + 0.5)])


SMOOTH16 = {
    "index_negative_steps",
    "index_none_ellipsis",
    "index_const_mask",
    "index_broadcast_arrays",
    "index_int_and_arrays",
    "where_broadcast",
    "lax_pad_negative_interior",
    "lax_slice_strided",
    "lax_dynamic_clamped",
    "complex_math",
    "complex_ops_lax",
}


# ---------------------------------------------------------------------------------------------
# np16t: vmap axes, gradients of compositions, jit's static and donated arguments.

_GROUP[0] = "np16t"


def _moved(shape, src, dst):
    s = list(shape)
    d = s.pop(src)
    s.insert(dst if dst >= 0 else len(s) + 1 + dst, d)
    return tuple(s)


@entry("vmap_in_axes_variants", _nd(2, _f32))
def _vmap_in_axes(B, x, y):
    if not B.jaxlike:
        return np.zeros((x.shape[-1],) + x.shape[:-1], np.float32)
    n = B.np

    def f(a, b, scale):
        return n.sin(a) * scale["s"] + b[0]

    return B.vmap(f, in_axes=(-1, None, {"s": None}), out_axes=0)(x, x[..., 0], {"s": 2.0})


@entry("vmap_out_axes_variants", _nd(2, _f32))
def _vmap_out_axes(B, x, y):
    if not B.jaxlike:
        return np.zeros(_moved(x.shape, 0, -1), np.float32)
    n = B.np

    def f(a):
        return {"u": n.cos(a) * 2, "v": n.sum(a)}

    out = B.vmap(f, in_axes=0, out_axes={"u": -1, "v": 0})(x)
    return out["u"] + n.reshape(out["v"], (1,) * (x.ndim - 1) + (-1,))


@entry("vmap_out_axes_none", _nd(1, _f32))
def _vmap_out_none(B, x, y):
    if not B.jaxlike:
        return np.zeros(x.shape, np.float32)
    n = B.np
    const = n.arange(3.0)

    def f(a):
        return a * 2, const + 1

    a, c = B.vmap(f, in_axes=0, out_axes=(0, None))(x)
    return a + n.sum(c)


@entry("vmap_axis_size_none_inputs", _f32)
def _vmap_axis_size(B, x, y):
    if not B.jaxlike:
        return np.zeros((3,) + x.shape, np.float32)
    return B.vmap(lambda a: B.np.tanh(a) * 2, in_axes=None, axis_size=3)(x)


@entry("vmap_nested_axes", _nd(2, _f32))
def _vmap_nested(B, x, y):
    if not B.jaxlike:
        return np.zeros(x.shape[:2][::-1] + x.shape[2:], np.float32)
    n = B.np
    inner = B.vmap(lambda r: n.cumsum(r, axis=-1) if r.ndim else r * 3, in_axes=0)
    return B.vmap(inner, in_axes=1, out_axes=0)(x)


def _loss_compositions(n):
    return {
        "sort": lambda v: n.sum(n.sort(v, axis=-1) * n.arange(v.shape[-1], dtype=v.dtype)),
        "cumprod": lambda v: n.sum(n.cumprod(n.tanh(v) * 0.5 + 1, axis=-1)),
        "where_clip": lambda v: n.sum(n.where(v > 0, n.clip(v, 0.2, 1.0) ** 2, n.exp(v))),
        "max_norm": lambda v: n.max(v) + n.linalg.norm(v) + n.sum(n.abs(v)),
        "logsumexp_prod": lambda v: (
            n.sum(n.log(n.sum(n.exp(v), axis=-1))) * n.prod(n.tanh(v[..., :2]))
        ),
        "minimum_maximum": lambda v: n.sum(
            n.maximum(v, 0.1) * n.minimum(v, -0.1) + n.fmax(v, v * 2)
        ),
        "std_mean": lambda v: n.std(v) + n.mean(v**3) + n.var(v, axis=-1).sum(),
        "take_at": lambda v: n.sum(v.at[0].multiply(3)[n.asarray([0, 0, -1])] ** 2),
    }


GRADS16 = sorted(_loss_compositions(np))

for _kind in GRADS16:
    entry(f"grad16_{_kind}", _nd(1, _f32))(lambda B, x, y, _kind=_kind: _grad16(B, x, _kind))


def _grad16(B, x, kind):
    if not B.jaxlike:
        return np.zeros(x.shape, np.float32)
    return B.api.grad(_loss_compositions(B.np)[kind])(x)


@entry("grad_has_aux_argnums", _nd(1, _f32))
def _grad_aux(B, x, y):
    if not B.jaxlike:
        return np.zeros((2,) + x.shape, np.float32)
    n = B.np

    def f(a, b):
        return n.sum(n.sin(a) * b), {"aux": n.max(a)}

    (ga, gb), aux = B.api.grad(f, argnums=(0, 1), has_aux=True)(x, x * 2)
    return n.stack([ga + aux["aux"], gb])


@entry("hessian_small", lambda x: _f32(x) and x.ndim == 1 and x.shape[0] <= 8)
def _hessian(B, x, y):
    if not B.jaxlike:
        return np.zeros(x.shape * 2, np.float32)
    n = B.np
    return B.api.hessian(lambda v: n.sum(n.sin(v) * v[::-1]) + n.prod(v[:2]))(x)


@entry("jit_static_args", _num)
def _jit_static(B, x, y):
    if not B.jaxlike:
        return np.zeros((2,) + x.shape, x.dtype)
    n = B.np

    def f(a, k, *, mode):
        return a * k if mode == "mul" else a + k

    g = B.api.jit(f, static_argnums=1, static_argnames="mode")
    return n.stack([g(x, 2, mode="mul"), g(x, 3, mode="add")])


@entry("jit_donate_inner", _num)
def _jit_donate(B, x, y):
    if not B.jaxlike:
        return np.zeros(x.shape, x.dtype)
    g = B.api.jit(lambda a, b: a * 2 + b, donate_argnums=0)
    return g(x, x)


@entry("jit_static_shape", _nd(1))
def _jit_static_shape(B, x, y):
    if not B.jaxlike:
        return np.zeros((x.shape[0], 2), x.dtype)
    g = B.api.jit(lambda a, shape: B.np.broadcast_to(a[:, None], shape), static_argnums=1)
    return g(x.reshape(-1)[: x.shape[0]], (x.shape[0], 2))


SMOOTH16 |= {
    "vmap_in_axes_variants",
    "vmap_out_axes_variants",
    "vmap_out_axes_none",
    "vmap_axis_size_none_inputs",
    "vmap_nested_axes",
    "hessian_small",
    "jit_donate_inner",
} | {f"grad16_{k}" for k in GRADS16}

op("np_np16", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH16)((_drawer("np16"), _apply_api))
op("np_np16t", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH16)(
    (_drawer("np16t"), _apply_api)
)

ROUND16 = sorted(n for n, e in TABLE.items() if e[3] in ("np16", "np16t"))
