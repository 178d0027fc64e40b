"""Round 26: what the earlier rounds did not draw, and the programs of round 26's fixes.

- (group np26) jnp's put / place / apply_along_axis / apply_over_axes, ufunc methods (reduceat,
  accumulate, outer, at), lax.top_k on ties / NaN / bfloat16, approx_min_k, reduce_precision at
  narrow formats, jnp.linalg corners (cross, diagonal, cond, tensorinv, matrix_norm), fftshift,
  histogramdd, mgrid, einsum with preferred_element_type (int8 -> int32, bfloat16 -> float32),
  integer overflow (wrapping products and sums, abs / negative of the minimum, INT_MIN / -1,
  shifts to the sign bit), bfloat16 / float16 mixes, lax.map with batch_size, scan and fori
  with unroll, lax.composite, random samplers with explicit shapes (gamma, dirichlet,
  multivariate_normal, orthogonal, binomial, beta, t, truncated_normal, permutation);
- (group np26s, never under vmap) lax.composite;
- round 26's fixes' programs: a vmapped gcd of an empty value (a call on zero-size values in a
  loop body: XLA crashed; r26_vmap_gcd_empty), reduce windows dilated on their base or window
  and a convolution with lhs dilation, whose inputs the program shards unevenly (XLA's
  partitioner aborted; r26_window_base_dilated ...).

Entries join ops_api.py's TABLE (vocabulary.py sweeps them: `--only np26`); JAX is the
reference, the NumPy backend only types them (JAX's shape and dtype).
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_api import _GROUP, _apply_api, _drawer
from tests.fuzz.ops_round15 import _num
from tests.fuzz.ops_round21 import _default, _same, _table
from tests.fuzz.registry import op

_GROUP[0] = "np26"


def _rows(x):
    return x.reshape(x.shape[0], -1)


def _f32(n, x):
    return x.astype(n.float32)


def _cols(x):
    return int(np.prod(x.shape[1:]))


def _flat32(n, x):
    return _f32(n, n.ravel(x))


def _f32_of(shape):
    return lambda B, x: (shape(x) if callable(shape) else shape, "float32")


# -- jnp's put / place / apply_along_axis / apply_over_axes and ufunc methods
def _put(mode):
    def fn(B, n, x):
        idx = n.asarray([0, -1, x.size + 2, 3], n.int32)
        return n.put(n.ravel(x), idx, n.ravel(x)[:2], mode=mode, inplace=False)

    return fn


def _place(B, n, x):
    v = n.ravel(x)
    return n.place(v, v > v[0], n.ravel(x)[:3][::-1], inplace=False)


def _along_scalar(B, n, x):
    return n.apply_along_axis(lambda r: n.sum(r) - r[0] * 2, 1, _f32(n, _rows(x)))


def _along_vector(B, n, x):
    return n.apply_along_axis(lambda r: n.cumsum(r)[::-1], 0, _f32(n, _rows(x)))


def _over_axes(B, n, x):
    return n.apply_over_axes(n.sum, _f32(n, x), [0, -1])


def _reduceat(B, n, x):
    return n.add.reduceat(_flat32(n, x), n.asarray([0, 2, 1, x.size - 1]))


def _accumulate(B, n, x):
    return n.multiply.accumulate(_f32(n, _rows(x)) * 0.5, axis=1)


def _outer_at(B, n, x):
    v = _flat32(n, x)[:4]
    o = n.subtract.outer(v, v[::-1])
    return n.add.at(o, (n.asarray([0, 0, -1]), n.asarray([1, 1, 0])), 2.0, inplace=False)


def _frompyfunc(B, n, x):
    f = n.frompyfunc(lambda a, b: a * 2 - b, 2, 1, identity=0)
    return f.reduce(_f32(n, _rows(x)), axis=0)


API26 = {  # name -> (fn(B, n, x), stand-in(B, x))
    "put_clip": (_put("clip"), lambda B, x: ((x.size,), str(x.dtype))),
    "put_wrap": (_put("wrap"), lambda B, x: ((x.size,), str(x.dtype))),
    "place": (_place, lambda B, x: ((x.size,), str(x.dtype))),
    "apply_along_scalar": (_along_scalar, _f32_of(lambda x: (x.shape[0],))),
    "apply_along_vector": (_along_vector, _f32_of(lambda x: (x.shape[0], _cols(x)))),
    "apply_over_axes": (_over_axes, _f32_of(lambda x: (1,) + x.shape[1:-1] + (1,))),
    "ufunc_reduceat": (_reduceat, _f32_of((4,))),
    "ufunc_accumulate": (_accumulate, _f32_of(lambda x: (x.shape[0], _cols(x)))),
    "ufunc_outer_at": (_outer_at, _f32_of(lambda x: (min(4, x.size),) * 2)),
    "frompyfunc_reduce": (_frompyfunc, _f32_of(lambda x: (_cols(x),))),
}


# -- lax: top_k, approx_min_k, reduce_precision, composite, map / scan / fori unrolled
def _top_k_ties(B, n, x):
    v = _rows(x)
    vals, idx = B.lax.top_k(n.round(_f32(n, v) / 4).astype(n.bfloat16), min(3, v.shape[1]))
    return vals.astype(n.float32) + idx.astype(n.float32) * 1000


def _top_k_nan(B, n, x):
    v = _f32(n, _rows(x))
    v = v.at[:, 0].set(n.nan).at[-1, -1].set(-n.inf)
    vals, idx = B.lax.top_k(v, min(2, v.shape[1]))
    return n.where(n.isnan(vals), -7.0, vals) + idx.astype(n.float32) * 1000


def _approx_min_k(B, n, x):  # no ties, no NaN (XLA's fallback: an order-dependent reduce / an
    # unstable sort with a plain comparator there, meshjit's an exact top_k: a leftover)
    v = _rows(n.nan_to_num(_f32(n, x), posinf=9.0, neginf=-9.0))
    v = v + n.arange(v.size, dtype=n.float32).reshape(v.shape) * 1e-3
    vals, idx = B.lax.approx_min_k(v, 1, reduction_dimension=1)
    return vals + idx.astype(n.float32)


def _reduce_precision(B, n, x):
    v = _f32(n, x) * 1.37
    return B.lax.reduce_precision(v, exponent_bits=4, mantissa_bits=3) + B.lax.reduce_precision(
        v.astype(n.bfloat16), exponent_bits=5, mantissa_bits=2).astype(n.float32)


def _composite(B, n, x):
    f = B.lax.composite(lambda v, scale: n.sin(v) * scale, name="fuzz.sin_scaled")
    return f(_f32(n, x), scale=2.0)


def _map_batch(B, n, x):
    v = _f32(n, _rows(x))
    return B.lax.map(lambda r: n.cumsum(n.tanh(r)), v, batch_size=max(1, v.shape[0] - 1))


def _map_batch_big(B, n, x):
    v = _f32(n, _rows(x))
    return B.lax.map(lambda r: n.sum(r ** 2), v, batch_size=v.shape[0] + 3)


def _scan_unroll(B, n, x):
    v = _f32(n, _rows(x))
    c, ys = B.lax.scan(lambda c, e: (n.sin(c) + e, c * e), n.zeros(v.shape[1]), v, unroll=3,
                       reverse=True)
    return ys + c


def _scan_unroll_all(B, n, x):
    v = _f32(n, _rows(x))
    return B.lax.scan(lambda c, e: (c * 0.5 + e, c), v[0], v, unroll=True)[1]


def _fori_unroll(B, n, x):
    v = _f32(n, _rows(x))
    return B.lax.fori_loop(0, 3, lambda i, c: n.roll(c, 1, axis=0) * 0.5 + i, v, unroll=2)


LAX26 = {
    "top_k_ties_bf16": (_top_k_ties, _f32_of(lambda x: (x.shape[0], min(3, _cols(x))))),
    "top_k_nan": (_top_k_nan, _f32_of(lambda x: (x.shape[0], min(2, _cols(x))))),
    "approx_min_k": (_approx_min_k, _f32_of(lambda x: (x.shape[0], 1))),
    "reduce_precision": (_reduce_precision, _f32_of(lambda x: x.shape)),
    "map_batch_size": (_map_batch, _f32_of(lambda x: (x.shape[0], _cols(x)))),
    "map_batch_size_big": (_map_batch_big, _f32_of(lambda x: (x.shape[0],))),
    "scan_unroll_reverse": (_scan_unroll, _f32_of(lambda x: (x.shape[0], _cols(x)))),
    "scan_unroll_true": (_scan_unroll_all, _f32_of(lambda x: (x.shape[0], _cols(x)))),
    "fori_unroll": (_fori_unroll, _f32_of(lambda x: (x.shape[0], _cols(x)))),
}


# -- jnp.linalg corners, fftshift, histogramdd, mgrid, einsum's preferred_element_type
def _square(n, x, k=3):
    v = _flat32(n, x)
    v = n.concatenate([v, n.zeros(k * k, n.float32)])[: k * k]
    return n.eye(k, dtype=n.float32) * 3 + n.sin(v).reshape(k, k) * 0.5


def _cross(B, n, x):
    v = _flat32(n, x) * 0.25
    a = n.stack([v, v * 2 + 1, v - 1], -1)
    return n.linalg.cross(a, n.roll(a, 1, axis=0))


def _diagonal(B, n, x):
    return n.linalg.diagonal(_rows(x), offset=1)


def _cond(B, n, x):
    m = _square(n, x)
    return n.stack([n.linalg.cond(m), n.linalg.cond(m, "fro"), n.linalg.cond(m, 1),
                    n.linalg.cond(m, -n.inf)])


def _tensorinv(B, n, x):
    m = _square(n, x, 4)
    return n.linalg.tensorinv(m.reshape(2, 2, 4), ind=2)


def _matrix_norm(B, n, x):
    m = _f32(n, _rows(x))
    return n.stack([n.linalg.matrix_norm(m, ord="nuc"), n.linalg.matrix_norm(m, ord=-2),
                    n.linalg.matrix_norm(m, ord=n.inf), n.linalg.vector_norm(m, ord=0)])


def _fftshift(B, n, x):
    return n.fft.fftshift(x, axes=(0, -1)) if x.ndim > 1 else n.fft.ifftshift(x)


def _histogramdd(B, n, x):
    v = _flat32(n, x)
    return n.histogramdd(n.stack([v, n.sin(v)], -1), bins=(3, 2))[0]


def _mgrid(B, n, x):
    return n.mgrid[0:2:5j, 0:3].astype(n.float32) * n.sum(_f32(n, x[:1]))


def _einsum_int8(B, n, x):
    a = _rows(x).astype(n.int8)
    return n.einsum("ij,kj->ik", a, a * 3, preferred_element_type=n.int32)


def _einsum_bf16(B, n, x):
    a = _rows(x).astype(n.bfloat16)
    return n.einsum("ij,ij->i", a, a, preferred_element_type=n.float32)


LINALG26 = {
    "linalg_cross": (_cross, _f32_of(lambda x: (x.size, 3))),
    "linalg_diagonal": (_diagonal, lambda B, x: (
        (max(0, min(x.shape[0], _cols(x) - 1)),), str(x.dtype))),
    "linalg_cond": (_cond, _f32_of((4,))),
    "linalg_tensorinv": (_tensorinv, _f32_of((4, 2, 2))),
    "linalg_matrix_norm": (_matrix_norm, _f32_of((4,))),
    "fftshift": (_fftshift, _same),
    "histogramdd": (_histogramdd, lambda B, x: ((3, 2), _default("int", B))),
    "mgrid": (_mgrid, _f32_of((2, 5, 3))),
    "einsum_int8_pref_int32": (_einsum_int8, lambda B, x: ((x.shape[0],) * 2, "int32")),
    "einsum_bf16_pref_f32": (_einsum_bf16, _f32_of(lambda x: (x.shape[0],))),
}


# -- integer overflow and narrow floats mixed
def _int8_wrap(B, n, x):
    a = x.astype(n.int8)
    return a * n.int8(100) + n.cumsum(a, axis=0, dtype=n.int8)


def _min_edges(B, n, x):
    a = n.concatenate([_rows(x).astype(n.int32).ravel(), n.asarray([-(2**31), -1], n.int32)])
    return n.abs(a) + n.negative(a) + B.lax.div(a, n.full_like(a, -1)) + a % n.int32(-1)


def _shift_sign(B, n, x):
    a = x.astype(n.int16)
    return n.left_shift(a, n.int16(15)) + n.right_shift(a, n.int16(16)) + (a << 14) // 3


def _uint_sum(B, n, x):
    a = x.astype(n.uint8)
    return n.sum(a * n.uint8(200), axis=0, dtype=n.uint8) - n.uint8(7)


def _half_mix(B, n, x):
    a, b = x.astype(n.bfloat16), x.astype(n.float16)
    return n.where(a > b, a, b) + n.concatenate([a, b], axis=0)[: x.shape[0]] + a @ b.T[..., :1]


def _half_reductions(B, n, x):
    b = x.astype(n.float16) * 99
    return n.mean(b, axis=0) + n.var(b.astype(n.bfloat16), axis=0).astype(n.float16)


OVERFLOW26 = {
    "int8_wrap": (_int8_wrap, lambda B, x: (x.shape, "int8")),
    "int32_min_edges": (_min_edges, lambda B, x: ((x.size + 2,), "int32")),
    "shift_sign_bit": (_shift_sign, lambda B, x: (x.shape, "int16")),
    "uint8_sum_dtype": (_uint_sum, lambda B, x: (x.shape[1:], "uint8")),
}


# -- samplers with explicit shapes (keys from x's values: traced)
def _key(B, n, x):
    return B.random.key(n.sum(x != 0).astype(n.int32))


def _gamma_shape(B, n, x):
    return B.random.gamma(_key(B, n, x), n.asarray([0.3, 1.0, 4.0]), shape=(2, 3))


def _dirichlet_shape(B, n, x):
    return B.random.dirichlet(_key(B, n, x), n.asarray([0.5, 1.0, 2.0]), shape=(2,))


def _mvn_shape(B, n, x):
    cov = n.asarray([[2.0, 0.3, 0.0], [0.3, 1.0, 0.1], [0.0, 0.1, 0.5]])
    k = _key(B, n, x)
    return B.random.multivariate_normal(k, n.zeros(3), cov, shape=(2,), method="cholesky")


def _orthogonal(B, n, x):
    return B.random.orthogonal(_key(B, n, x), 3, shape=(2,))


def _binomial(B, n, x):
    return B.random.binomial(_key(B, n, x), 5.0, n.asarray([0.0, 0.3, 1.0]), shape=(2, 3))


def _beta_t(B, n, x):
    k1, k2 = B.random.split(_key(B, n, x))
    return B.random.beta(k1, 0.5, 2.0, shape=(4,)) + B.random.t(k2, 3.0, shape=(4,))


def _truncated(B, n, x):
    return B.random.truncated_normal(_key(B, n, x), -1.0, n.asarray([0.5, 2.0]), shape=(3, 2))


def _permutation(B, n, x):
    return B.random.permutation(_key(B, n, x), _rows(x), axis=1, independent=True)


SAMPLERS26 = {
    "gamma_shape": (_gamma_shape, _f32_of((2, 3))),
    "dirichlet_shape": (_dirichlet_shape, _f32_of((2, 3))),
    "mvn_shape": (_mvn_shape, _f32_of((2, 3))),
    "orthogonal_shape": (_orthogonal, _f32_of((2, 3, 3))),
    "binomial_shape": (_binomial, _f32_of((2, 3))),
    "beta_t_shape": (_beta_t, _f32_of((4,))),
    "truncated_normal_shape": (_truncated, _f32_of((3, 2))),
    "permutation_independent": (_permutation, lambda B, x: ((x.shape[0], _cols(x)),
                                                             str(x.dtype))),
}


# -- round 26's fixes: zero-size calls in a loop body, dilated windows, lhs-dilated convs
def _vmap_gcd_empty(B, n, x):
    v = _rows(x).astype(n.int32)[:, :0]
    return B.vmap(lambda r: n.gcd(r, r) + n.lcm(r, r))(v)


def _window_base_dilated(B, n, x):
    v = _f32(n, x)
    ones = (1,) * (x.ndim - 1)
    return B.lax.reduce_window(v, 0.0, B.lax.add, (2,) + ones, (1,) * x.ndim, "VALID",
                               base_dilation=(2,) + ones)


def _window_dilated_padded(B, n, x):
    v = _f32(n, x)
    ones = (1,) * (x.ndim - 1)
    pad = [(1, 2)] + [(0, 0)] * (x.ndim - 1)
    return B.lax.reduce_window(v, -n.inf, B.lax.max, (2,) + ones, (2,) + ones, pad,
                               base_dilation=(3,) + ones, window_dilation=(2,) + ones)


def _max_pool_grad(B, n, x):
    v = _f32(n, x)
    ones = (1,) * (x.ndim - 1)

    def f(u):
        w = B.lax.reduce_window(u, -n.inf, B.lax.max, (3,) + ones, (2,) + ones,
                                [(1, 1)] + [(0, 0)] * (x.ndim - 1))
        return n.sum(n.sin(w))

    return B.api.grad(f)(v)


def _conv_lhs_dilated(B, n, x):
    v = _f32(n, _rows(x))[None]  # (1, C, W)
    k = n.ones((2, v.shape[1], 2), n.float32)
    return B.lax.conv_general_dilated(v, k, (1,), [(1, 1)], lhs_dilation=(2,))[0]


def _base_dilated_shape(B, x):
    return (2 * x.shape[0] - 2,) + x.shape[1:], "float32"


def _dilated_padded_shape(B, x):
    size = 3 * (x.shape[0] - 1) + 1 + 3
    return ((size - 3) // 2 + 1,) + x.shape[1:], "float32"


FIXES26 = {
    "r26_vmap_gcd_empty": (_vmap_gcd_empty, lambda B, x: ((x.shape[0], 0), "int32")),
    "r26_window_base_dilated": (_window_base_dilated, _base_dilated_shape),
    "r26_window_dilated_padded": (_window_dilated_padded, _dilated_padded_shape),
    "r26_max_pool_grad": (_max_pool_grad, _f32_of(lambda x: x.shape)),
    "r26_conv_lhs_dilated": (_conv_lhs_dilated, _f32_of(lambda x: (2, 2 * _cols(x)))),
}


def _accepts(x):
    return _num(x) and x.ndim >= 2 and x.size > 0


for _table_of, _prefix in ((API26, "api26_"), (LAX26, "lax26_"), (LINALG26, "linalg26_"),
                           (OVERFLOW26, "int26_"), (SAMPLERS26, "random26_"), (FIXES26, "")):
    for _name, (_fn, _stand) in _table_of.items():
        _table(_prefix + _name, _accepts, _fn, _stand)

_table("half26_mix", lambda x: _num(x) and x.ndim == 2 and x.size > 0, _half_mix,
       lambda B, x: (x.shape, "float32"))
_table("half26_reductions", _accepts, _half_reductions, lambda B, x: (x.shape[1:], "float16"))


# np26s (never under vmap): JAX 0.10.2 has no batching rule for composite (NotImplementedError),
# meshjit batches the decomposition (tests/lax/test_composite_op.py): a deliberate difference
_GROUP[0] = "np26s"
_table("lax26_composite", _accepts, _composite, _f32_of(lambda x: x.shape))


SMOOTH26 = {
    "api26_apply_along_scalar", "api26_apply_along_vector", "api26_apply_over_axes",
    "api26_ufunc_accumulate", "lax26_map_batch_size",
    "lax26_map_batch_size_big", "lax26_scan_unroll_reverse", "lax26_scan_unroll_true",
    "lax26_fori_unroll", "linalg26_linalg_cross", "linalg26_linalg_tensorinv",
    "r26_window_base_dilated", "r26_conv_lhs_dilated",
}

op("np_np26", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH26)(
    (_drawer("np26"), _apply_api))
op("np_np26s", numpy_ref=False, vmap_ok=False, grad_ok=False)((_drawer("np26s"), _apply_api))
