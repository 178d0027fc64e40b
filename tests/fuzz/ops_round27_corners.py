"""Round 27's fixed vocabulary entries (group np27, ops_api.py's TABLE; vocabulary.py sweeps
them: `--only np27`), x's values shaped into each call's operands: lax.linalg (triangular_solve's
flags, tridiagonal_solve, lu_pivots_to_permutation, lu, householder_product, qr with pivoting,
eigh / svd options, hessenberg, tridiagonal; cholesky_update in group np27s, never under vmap),
lax's cumulative ops reversed, multi-operand sorts with num_keys, top_k on int8 ties,
take_along_axis modes, .at[] with modes, unique_indices and indices_are_sorted,
dynamic_update_slice clamping, pad modes, integer division / shifts past the width /
population_count / clz on five integer types, nextafter on three widths, round half-even, bf16
reductions, complex64, jnp.fft with s= / norm=.

JAX is the reference, the NumPy backend only types them (JAX's shape and dtype).
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_api import _GROUP, _apply_api, _drawer
from tests.fuzz.ops_round15 import _num
from tests.fuzz.ops_round21 import _table
from tests.fuzz.registry import op

_GROUP[0] = "np27"


def _rows(x):
    return x.reshape(x.shape[0], -1)


def _f32(n, x):
    return x.astype(n.float32)


def _tiled(n, x, shape, dtype=None):
    """x's values (as float32, or `dtype`) tiled into `shape`, each scaled by its position mod 3
    plus one (blocks differ)."""
    size = int(np.prod(shape))
    flat = n.ravel(_f32(n, x))
    if not flat.shape[0]:  # (a stand-in typed x non-empty: fft17_irfft's n=1 is empty in JAX)
        flat = n.zeros(1, n.float32)
    v = n.concatenate([flat] * (-(-size // flat.shape[0])))[:size].reshape(shape)
    v = v * ((n.arange(size) % 3 + 1).reshape(shape).astype(n.float32))
    return v if dtype is None else v.astype(dtype)


def _square(n, x, k=3):
    return n.eye(k, dtype=n.float32) * 3 + n.sin(_tiled(n, x, (k, k))) * 0.5


def _f32_of(shape):
    return lambda B, x: (shape(x) if callable(shape) else shape, "float32")


# -- lax.linalg
def _tri(flags):
    left, lower, trans, unit = flags

    def fn(B, n, x):
        a = _square(n, x)
        a = n.tril(a) if lower else n.triu(a)
        b = _tiled(n, x[::-1], (3, 4) if left else (4, 3))
        return B.lax.linalg.triangular_solve(
            a, b, left_side=left, lower=lower, transpose_a=trans, unit_diagonal=unit
        )

    return fn


def _tridiagonal_solve(B, n, x):
    v = _tiled(n, x, (4, 5))
    dl = v[0].at[0].set(0.0) * 0.3
    du = v[1].at[-1].set(0.0) * 0.3
    d = n.abs(v[2]) + 3.0
    return B.lax.linalg.tridiagonal_solve(dl, d, du, v[2:].T)


def _pivots(B, n, x):
    p = n.abs(_tiled(n, x, (2, 4)) * 7).astype(n.int32) % 6
    return B.lax.linalg.lu_pivots_to_permutation(p, permutation_size=6)


def _lu(B, n, x):
    lu, piv, perm = B.lax.linalg.lu(_square(n, x, 4) - 2.5)
    return lu + piv.astype(n.float32)[:, None] + perm.astype(n.float32)[None, :] * 10


def _householder(B, n, x):
    a = _tiled(n, x, (4, 3)) * 0.3
    taus = n.tanh(_tiled(n, x[::-1], (3,))) * 0.5 + 1.0
    return B.lax.linalg.householder_product(a, taus)


def _qr_pivoting(B, n, x):
    q, r, p = B.lax.linalg.qr(_tiled(n, x, (4, 3)), pivoting=True, full_matrices=False)
    return n.abs(r) + p.astype(n.float32)[None, :] * 100 + n.abs(q @ r).sum()


def _eigh_unsorted(B, n, x):
    m = _square(n, x, 4)
    w, v = B.lax.linalg.eigh(m + m.T, lower=False, sort_eigenvalues=True, symmetrize_input=False)
    return n.concatenate([w, n.abs(v[0])])


def _svd_values(B, n, x):
    return B.lax.linalg.svd(_tiled(n, x, (3, 5)), full_matrices=False, compute_uv=False)


def _hessenberg(B, n, x):
    a, taus = B.lax.linalg.hessenberg(_square(n, x, 4))
    return n.concatenate([n.abs(n.triu(a, -1)).ravel(), n.abs(taus)])


def _tridiagonal(B, n, x):
    m = _square(n, x, 4)
    _, d, e, _ = B.lax.linalg.tridiagonal(m + m.T, lower=True)
    return n.concatenate([d, n.abs(e)])


def _cholesky_update(B, n, x):
    m = _square(n, x, 3)
    r = n.linalg.cholesky(m @ m.T).T
    # the factor's upper half: its lower half is rounding noise (~1e-8) whose signs differ
    # from JAX's, and an order of the values (a sort, searchsorted: fuzz seed 7 of round 28's
    # slice) turned the noise into other indices
    return n.triu(B.lax.linalg.cholesky_update(r, _tiled(n, x[::-1], (3,)) * 0.5))


LINALG27 = {
    "tri_solve_left_lower": (_tri((True, True, False, False)), _f32_of((3, 4))),
    "tri_solve_left_upper_t": (_tri((True, False, True, False)), _f32_of((3, 4))),
    "tri_solve_right_lower_unit": (_tri((False, True, False, True)), _f32_of((4, 3))),
    "tri_solve_right_upper_t_unit": (_tri((False, False, True, True)), _f32_of((4, 3))),
    "tridiagonal_solve": (_tridiagonal_solve, _f32_of((5, 2))),
    "lu_pivots_to_permutation": (_pivots, lambda B, x: ((2, 6), "int32")),
    "lu": (_lu, _f32_of((4, 4))),
    "householder_product": (_householder, _f32_of((4, 3))),
    "qr_pivoting": (_qr_pivoting, _f32_of((3, 3))),
    "eigh_upper_unsymmetrized": (_eigh_unsorted, _f32_of((8,))),
    "svd_values": (_svd_values, _f32_of((3,))),
    "hessenberg": (_hessenberg, _f32_of((19,))),
    "tridiagonal": (_tridiagonal, _f32_of((7,))),
}


# -- lax's cumulative ops reversed, multi-operand sorts, top_k on ints
CUMULATIVE27 = {  # name -> (fn(B, n, x), stand-in)
    "cumsum_rev_int8": (
        lambda B, n, x: B.lax.cumsum(_rows(x).astype(n.int8), axis=0, reverse=True),
        lambda B, x: (_rows(x).shape, "int8"),
    ),
    "cumprod_rev": (
        lambda B, n, x: B.lax.cumprod(n.tanh(_f32(n, _rows(x))) * 0.5 + 1, axis=1, reverse=True),
        _f32_of(lambda x: _rows(x).shape),
    ),
    "cummin_rev_bf16": (
        lambda B, n, x: B.lax.cummin(_rows(x).astype(n.bfloat16), axis=0, reverse=True),
        lambda B, x: (_rows(x).shape, "bfloat16"),
    ),
    "cummax_rev_uint32": (
        lambda B, n, x: B.lax.cummax(_rows(x).astype(n.uint32), axis=1, reverse=True),
        lambda B, x: (_rows(x).shape, "uint32"),
    ),
    "cumlogsumexp_rev": (
        lambda B, n, x: B.lax.cumlogsumexp(_f32(n, _rows(x)), axis=0, reverse=True),
        _f32_of(lambda x: _rows(x).shape),
    ),
    "cumsum_rev_bool": (
        lambda B, n, x: B.lax.cumsum(_rows(x) > 0, axis=1, reverse=True),
        lambda B, x: (_rows(x).shape, "bool"),
    ),
}


def _sort3(B, n, x):
    v = _f32(n, _rows(x))
    k1 = n.round(v)
    k2 = (-v).astype(n.int32)
    return sum(
        o.astype(n.float32) * s
        for o, s in zip(
            B.lax.sort((k1, k2, v), dimension=-1, num_keys=2, is_stable=True), (100, 10, 1)
        )
    )


def _sort_nan_bf16(B, n, x):
    v = _rows(x).astype(n.bfloat16)
    v = v.at[0, 0].set(n.nan).at[-1, -1].set(-n.inf)
    s, i = B.lax.sort(
        (v, n.arange(v.size, dtype=n.int32).reshape(v.shape)),
        dimension=0,
        num_keys=1,
        is_stable=True,
    )
    return n.where(n.isnan(s), 99.0, s.astype(n.float32)) + i.astype(n.float32) * 1000


def _top_k_int8(B, n, x):
    v = _rows(x).astype(n.int8)
    vals, idx = B.lax.top_k(v, min(3, v.shape[1]))
    return vals.astype(n.int32) * 100 + idx


SORTS27 = {
    "sort3_num_keys2": (_sort3, _f32_of(lambda x: _rows(x).shape)),
    "sort_nan_bf16_dim0": (_sort_nan_bf16, _f32_of(lambda x: _rows(x).shape)),
    "top_k_int8_ties": (
        _top_k_int8,
        lambda B, x: ((x.shape[0], min(3, _rows(x).shape[1])), "int32"),
    ),
}


# -- indexing: take_along_axis modes, .at[] modes, dynamic_update_slice clamping
def _along_idx(n, v, axis):
    m = v.shape[axis]
    base = n.asarray(
        [[-m - 2, -1, 0, m, m + 3, 1][k % 6] for k in range(v.shape[1 - axis])], n.int32
    )
    return n.broadcast_to(base[None, :] if axis == 0 else base[:, None], v.shape)


def _take_along(mode, fill, axis):
    def fn(B, n, x):
        v = _rows(x)
        idx = _along_idx(n, v, axis)
        return n.take_along_axis(v, idx, axis=axis, mode=mode, fill_value=fill)

    return fn


def _at(kind, **kw):
    def fn(B, n, x):
        v = _rows(x)
        m = v.shape[0]
        idx = n.asarray([0, -1, m + 1, -m - 3], n.int32)
        upd = _tiled(n, x[::-1], (4, v.shape[1]), v.dtype)
        return getattr(v.at[idx], kind)(upd, **kw)

    return fn


def _at_sorted_min(B, n, x):
    v = _rows(x)
    idx = n.asarray([0, 0, 1, v.shape[0] - 1], n.int32)
    upd = _tiled(n, x[::-1], (4, v.shape[1]), v.dtype)
    return v.at[idx].min(upd, indices_are_sorted=True, mode="promise_in_bounds")


def _at_unique_set(B, n, x):
    v = _rows(x)
    m = v.shape[0]
    idx = n.asarray(sorted({0, m - 1, m + 2}), n.int32)
    upd = _tiled(n, x, (idx.shape[0], v.shape[1]), v.dtype)
    return v.at[idx, 1:].set(upd[:, 1:], unique_indices=True, indices_are_sorted=True, mode="drop")


def _dus_clamp(B, n, x):
    v = _rows(x)
    upd = _tiled(n, x[::-1], (min(2, v.shape[0]), 1), v.dtype)
    big = (n.sum(n.zeros((2,), n.int32)) + v.shape[0] + 5).astype(n.int32)
    neg = (n.sum(n.zeros((2,), n.int32)) - 3).astype(n.int32)
    a = B.lax.dynamic_update_slice(v, upd, (big, neg))
    return B.lax.dynamic_update_slice_in_dim(a, upd * 2, -1, axis=0)


def _same_rows(B, x):
    return _rows(x).shape, str(x.dtype)


INDEXING27 = {
    "take_along_clip_axis0": (_take_along("clip", None, 0), _same_rows),
    "take_along_fill_axis1": (_take_along("fill", 0, 1), _same_rows),
    "at_multiply_drop": (_at("multiply", mode="drop"), _same_rows),
    "at_max_clip": (_at("max", mode="clip"), _same_rows),
    "at_min_fill": (_at("min", mode="fill"), _same_rows),
    "at_add_clip_unsorted": (_at("add", mode="clip", indices_are_sorted=False), _same_rows),
    "at_min_sorted_promise": (_at_sorted_min, _same_rows),
    "at_set_unique_drop": (_at_unique_set, _same_rows),
    "dynamic_update_slice_clamp": (_dus_clamp, _same_rows),
}


# -- pad modes
def _pad(B, n, x, **kw):
    return n.pad(_rows(x), **kw)


def _padded(lo, hi):
    return lambda B, x: (
        (x.shape[0] + lo[0] + hi[0], _rows(x).shape[1] + lo[1] + hi[1]),
        str(x.dtype),
    )


def _padded_f(lo, hi):
    return lambda B, x: (_padded(lo, hi)(B, x)[0], "float32")


PAD27 = {
    "pad_reflect_odd": (
        lambda B, n, x: _pad(
            B, n, _f32(n, x), pad_width=((1, 2), (0, 1)), mode="reflect", reflect_type="odd"
        ),
        _padded_f((1, 0), (2, 1)),
    ),
    "pad_symmetric_wide": (
        lambda B, n, x: _pad(B, n, x, pad_width=((0, 5), (3, 0)), mode="symmetric"),
        _padded((0, 3), (5, 0)),
    ),
    "pad_wrap_wide": (
        lambda B, n, x: _pad(B, n, x, pad_width=((4, 7), (1, 1)), mode="wrap"),
        _padded((4, 1), (7, 1)),
    ),
    "pad_edge": (
        lambda B, n, x: _pad(B, n, x, pad_width=((2, 0), (0, 2)), mode="edge"),
        _padded((2, 0), (0, 2)),
    ),
    "pad_linear_ramp": (
        lambda B, n, x: _pad(
            B,
            n,
            _f32(n, x),
            pad_width=((2, 1), (1, 3)),
            mode="linear_ramp",
            end_values=((-1, 5), (2, 0)),
        ),
        _padded_f((2, 1), (1, 3)),
    ),
    "pad_maximum_stat": (
        lambda B, n, x: _pad(
            B, n, x, pad_width=((1, 1), (2, 0)), mode="maximum", stat_length=((2, 1), (1, 3))
        ),
        _padded((1, 2), (1, 0)),
    ),
    "pad_mean_stat": (
        lambda B, n, x: _pad(
            B, n, _f32(n, x), pad_width=((1, 2), (1, 1)), mode="mean", stat_length=2
        ),
        _padded_f((1, 1), (2, 1)),
    ),
    "pad_constant_pairs": (
        lambda B, n, x: _pad(B, n, x, pad_width=((0, 1), (2, 0)), constant_values=((3, 4), (5, 6))),
        _padded((0, 2), (1, 0)),
    ),
}


# -- integer corners: division, shifts past the width, bit counts
def _int_vals(n, x, dtype):
    info = np.iinfo(np.dtype(dtype))
    edges = n.asarray(np.asarray([info.min, info.max, 0, 1] + ([-1] if info.min else []), dtype))
    return n.concatenate([n.ravel(_rows(x)).astype(dtype), edges])


def _div_rem(dtype):
    def fn(B, n, x):
        a = _int_vals(n, x, dtype)
        d = n.where(a[::-1] == 0, n.ones_like(a), a[::-1])
        return n.stack(
            [
                B.lax.div(a, d),
                B.lax.rem(a, d),
                n.floor_divide(a, d),
                n.remainder(a, d),
                n.fmod(a, d),
            ]
        )

    return fn


def _shifts_past(dtype):
    def fn(B, n, x):
        a = _int_vals(n, x, dtype)
        bits = np.dtype(dtype).itemsize * 8
        s = n.asarray([0, 1, bits - 1, bits, bits + 3, 2 * bits] * (a.shape[0] // 6 + 1), dtype)[
            : a.shape[0]
        ]
        return n.stack(
            [
                B.lax.shift_left(a, s),
                B.lax.shift_right_logical(a, s),
                B.lax.shift_right_arithmetic(a, s),
                n.left_shift(a, s),
                n.right_shift(a, s),
            ]
        )

    return fn


def _bit_counts(dtype):
    def fn(B, n, x):
        a = _int_vals(n, x, dtype)
        return n.stack(
            [B.lax.population_count(a), B.lax.clz(a), n.bitwise_count(a).astype(a.dtype)]
        )

    return fn


def _int_rows(k, dtype):
    def stand(B, x):
        info = np.iinfo(np.dtype(dtype))
        return (k, x.size + (5 if info.min else 4)), dtype

    return stand


INT27 = {}
for _dt in ("int8", "uint8", "int16", "int32", "uint32"):
    INT27[f"div_rem_{_dt}"] = (_div_rem(_dt), _int_rows(5, _dt))
    INT27[f"shift_past_width_{_dt}"] = (_shifts_past(_dt), _int_rows(5, _dt))
    INT27[f"popcount_clz_{_dt}"] = (_bit_counts(_dt), _int_rows(3, _dt))


# -- floats: nextafter, round half-even, bf16 reductions, complex64, fft with s= / norm=
def _nextafter(B, n, x):
    outs = []
    for dt in (n.float32, n.bfloat16, n.float16):
        v = n.concatenate([n.ravel(_f32(n, x)), n.asarray([0.0, -0.0, n.inf, 1.0])]).astype(dt)
        outs += [
            n.nextafter(v, n.asarray(n.inf, dt)).astype(n.float32),
            n.nextafter(v, n.asarray(-n.inf, dt)).astype(n.float32),
            n.nextafter(v, v[::-1]).astype(n.float32),
        ]
    return n.stack(outs)


def _round_half_even(B, n, x):
    v = n.concatenate([n.ravel(_f32(n, x)) * 2.5, n.asarray([0.5, 1.5, 2.5, -0.5, -2.5, 0.125])])
    return n.stack(
        [
            n.round(v),
            n.round(v, 1),
            n.round(v * 10, -1),
            B.lax.round(v, B.lax.RoundingMethod.TO_NEAREST_EVEN),
            B.lax.round(v, B.lax.RoundingMethod.AWAY_FROM_ZERO),
        ]
    )


def _round_bf16(B, n, x):  # bf16 out: JAX's XLA keeps the rescaled value in float32 (excess
    # precision), so a float32 view of it would differ by the bf16 rounding
    v = (n.ravel(_f32(n, x)) * 2.5).astype(n.bfloat16)
    return n.stack([n.round(v), n.round(v, 1), n.round(v, -1)])


def _round_int(B, n, x):
    v = _int_vals(n, x, "int32") % 1000
    return n.stack([n.round(v, -1), n.round(v, -2), n.round(v, 1)])


def _bf16_reductions(B, n, x):
    v = _tiled(n, x, (16, 32), n.bfloat16)
    return n.concatenate(
        [
            n.sum(v, axis=0),
            n.mean(v, axis=0),
            n.max(v, axis=0),
            n.cumsum(v, axis=0)[-1],
            n.var(v, axis=0),
            n.sum(v, axis=0, dtype=n.float32).astype(n.bfloat16),
        ]
    )


def _complex(B, n, x):
    v = _tiled(n, x, (3, 3)) * 0.5
    z = (v + 1j * n.roll(v, 1, axis=0)).astype(n.complex64)
    outs = [
        n.exp(z),
        n.sqrt(z),
        n.log(z + 3),
        z @ n.conj(z).T,
        n.linalg.inv(z + 3 * n.eye(3)),
        n.cumprod(z * 0.5, axis=1),
        n.tanh(z),
    ]
    return n.stack([n.real(o) for o in outs] + [n.imag(o) for o in outs] + [n.abs(z), n.angle(z)])


def _fft_s(B, n, x):
    v = _tiled(n, x, (4, 6))
    a = n.fft.rfft2(v, s=(3, 8), norm="ortho")
    b = n.fft.irfft(n.fft.rfft(v, axis=0), n=5, axis=0, norm="forward")
    c = n.fft.fftn(v, s=(6,), axes=(0,), norm="backward")
    return n.concatenate([n.abs(a).ravel(), b.ravel(), n.abs(c).ravel()])


def _hfft(B, n, x):
    v = _tiled(n, x, (5,))
    h = n.fft.hfft(v.astype(n.complex64) * (1 + 0.5j), n=7)
    return n.concatenate([h, n.abs(n.fft.ihfft(h, n=6))])


FLOAT27 = {
    "nextafter_widths": (_nextafter, _f32_of(lambda x: (9, x.size + 4))),
    "round_half_even": (_round_half_even, _f32_of(lambda x: (5, x.size + 6))),
    "round_bf16_decimals": (_round_bf16, lambda B, x: ((3, x.size), "bfloat16")),
    "round_int_decimals": (_round_int, lambda B, x: ((3, x.size + 5), "int32")),
    "bf16_reductions": (_bf16_reductions, lambda B, x: ((32 * 6,), "bfloat16")),
    "complex64_ops": (_complex, _f32_of((16, 3, 3))),
    "fft_s_norm": (_fft_s, _f32_of((3 * 5 + 5 * 6 + 6 * 6,))),
    "hfft_ihfft": (_hfft, _f32_of((7 + 4,))),
}


def _accepts(x):
    return _num(x) and x.ndim >= 2 and x.size > 0


def _accepts_int(x):
    return _num(x) and x.ndim >= 1 and x.size > 0


for _table_of, _prefix, _acc in (
    (LINALG27, "linalg27_", _accepts),
    (CUMULATIVE27, "cum27_", _accepts),
    (SORTS27, "sort27_", _accepts),
    (INDEXING27, "index27_", _accepts),
    (PAD27, "pad27_", _accepts),
    (INT27, "int27_", _accepts_int),
    (FLOAT27, "float27_", _accepts_int),
):
    for _name, (_fn, _stand) in _table_of.items():
        _table(_prefix + _name, _acc, _fn, _stand)

SMOOTH27 = {
    "linalg27_tri_solve_left_lower",
    "linalg27_tri_solve_left_upper_t",
    "linalg27_tri_solve_right_lower_unit",
    "linalg27_tri_solve_right_upper_t_unit",
    "linalg27_tridiagonal_solve",
    "linalg27_householder_product",
    "linalg27_svd_values",
    "cum27_cumprod_rev",
    "cum27_cumlogsumexp_rev",
    "pad27_pad_reflect_odd",
    "pad27_pad_linear_ramp",
    "pad27_pad_mean_stat",
    "float27_fft_s_norm",
}

op("np_np27", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH27)((_drawer("np27"), _apply_api))


# np27s (never under vmap): JAX 0.10.2 has no batching rule for cholesky_update
# or differentiation rule (NotImplementedError), meshjit has both: a deliberate difference
_GROUP[0] = "np27s"
_table("linalg27_cholesky_update", _accepts, _cholesky_update, _f32_of((3, 3)))
op("np_np27s", numpy_ref=False, vmap_ok=False, grad_ok=False)((_drawer("np27s"), _apply_api))
