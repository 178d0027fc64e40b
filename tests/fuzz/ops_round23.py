"""Round 23: what the earlier rounds did not draw, and the programs of round 23's fixes.

- (group np23) jnp keywords together (where= with initial=, dtype= with keepdims, ddof past
  the count, weights with returned=, quantile methods), low-precision / complex promotion with
  weak Python scalars, integer edges through shifts, floor division and bit counts, lax calls
  with unusual parameters (preferred_element_type, precision, conv dimension numbers, gather
  dimension numbers with FILL_OR_DROP, scatters with unique indices, multi-key sorts,
  reduce_precision, rng_bit_generator, approx_max_k, custom_linear_solve / custom_root),
  linalg / scipy at edges, samplers at dtype edges, indexing (non-adjacent advanced indices,
  .at[] with fill / drop / unique_indices) and zero-size values through reductions; the fix's
  program: a vmapped while carrying a zero-size value (r23_while_zero_size_carry), and more
  zero-size values through scan / cond / fori / while (zero23_*); gcd / lcm of empty values
  (r23_gcd_empty);
- (group np23t) transform compositions: hessian, jacrev of vmap, vmap of grad of scan, custom_vjp
  inside vmap inside jit, linearize applied twice, vmap of switch with a batched index, vmap
  with a pytree in_axes and out_axes, remat with names saved, jacfwd with has_aux, reverse mode
  through a while loop (JAX's ValueError);
- (group np23s, never under vmap) shard_map with tiled all_gather / psum_scatter / all_to_all.

Entries join ops_api.py's TABLE (vocabulary.py sweeps them: `--only np23`); JAX is the
reference, the NumPy backend only types them (JAX's shape and dtype).
"""

from __future__ import annotations

import numpy as np

from tests.fuzz.ops_api import _GROUP, _apply_api, _drawer
from tests.fuzz.ops_round15 import _num
from tests.fuzz.ops_round18 import _fixed, _smap_axes
from tests.fuzz.ops_round20 import _module, _scipy
from tests.fuzz.ops_round21 import _default, _same, _sum_type, _table
from tests.fuzz.registry import op

_GROUP[0] = "np23"


def _rows(x):
    return x.reshape(x.shape[0], -1)


def _f32(n, x):
    return x.astype(n.float32)


def _cols(x):
    return int(np.prod(x.shape[1:]))


def _keep_all(x, axes):
    return tuple(1 if (k in axes or k - x.ndim in axes) else d for k, d in enumerate(x.shape))


# -- jnp keywords together
KEYWORDS23 = {  # name -> (fn(n, x), stand-in(B, x))
    "sum_where_initial_keep": (
        lambda n, x: n.sum(x, axis=(0, -1), where=x > 0, initial=1, keepdims=True),
        lambda B, x: (_keep_all(x, (0, -1)), _sum_type(B, x))),
    "max_where_initial": (lambda n, x: n.max(x, axis=-1, where=x != 0, initial=0),
                          lambda B, x: (x.shape[:-1], str(x.dtype))),
    "prod_dtype_keep": (lambda n, x: n.prod(x, axis=0, dtype=n.float32, keepdims=True),
                        lambda B, x: ((1,) + x.shape[1:], "float32")),
    "var_ddof_past_count": (lambda n, x: n.var(_f32(n, x), axis=-1, ddof=x.shape[-1]),
                            lambda B, x: (x.shape[:-1], "float32")),
    "std_where_ddof": (lambda n, x: n.std(_f32(n, x), axis=0, ddof=1, where=x > 0),
                       lambda B, x: (x.shape[1:], "float32")),
    "cumsum_bool_none_int8": (lambda n, x: n.cumsum(x > 0, axis=None, dtype=n.int8),
                              lambda B, x: ((x.size,), "int8")),
    "argmax_none_keep": (lambda n, x: n.argmax(x, axis=None, keepdims=True),
                         lambda B, x: ((1,) * x.ndim, _default("int", B))),
    "count_nonzero_tuple_keep": (lambda n, x: n.count_nonzero(x, axis=(0, -1), keepdims=True),
                                 lambda B, x: (_keep_all(x, (0, -1)), _default("int", B))),
    "average_weights_returned": (
        lambda n, x: sum(n.average(_f32(n, x), axis=-1, weights=n.arange(x.shape[-1]) % 3,
                                   returned=True)),
        lambda B, x: (x.shape[:-1], "float32")),
    "quantile_midpoint_keep": (
        lambda n, x: n.quantile(_f32(n, x), n.asarray([0.0, 0.5, 1.0]), axis=-1,
                                method="midpoint", keepdims=True),
        lambda B, x: ((3,) + x.shape[:-1] + (1,), "float32")),
    "nanmean_all_nan_rows": (
        lambda n, x: n.nanmean(n.where(_f32(n, x) > 0, _f32(n, x), n.nan), axis=0),
        lambda B, x: (x.shape[1:], "float32")),
    "mean_bool_where_keep": (lambda n, x: n.mean(x > 0, axis=-1, where=x != 1, keepdims=True),
                             lambda B, x: (x.shape[:-1] + (1,), _default("float", B))),
    "min_empty_axis_initial": (lambda n, x: n.min(x[:0], axis=0, initial=5),
                               lambda B, x: (x.shape[1:], str(x.dtype))),
    "argmax_empty_axis": (lambda n, x: n.argmax(x[:0], axis=0),  # JAX's ValueError
                          lambda B, x: (x.shape[1:], _default("int", B))),
    "cumprod_empty_rows": (lambda n, x: n.cumprod(x[:, :0], axis=1),
                           lambda B, x: ((x.shape[0], 0) + x.shape[2:], _sum_type(B, x))),
    "linalg_inv_empty": (lambda n, x: n.linalg.inv(_f32(n, _rows(x))[:0, :0]),
                         lambda B, x: ((0, 0), "float32")),
}


for _name, (_fn, _stand) in KEYWORDS23.items():
    _table("kw23_" + _name, lambda x: _num(x) and x.ndim >= 2 and x.size > 0,
           lambda B, n, x, _fn=_fn: _fn(n, x), _stand)


# -- promotion with weak Python scalars
PROMO23 = {  # name -> (fn(n, x), result dtype)
    "bf16_plus_f16": (lambda n, x: x.astype(n.bfloat16) + x.astype(n.float16) * 2.5, "float32"),
    "f16_times_complex_imag": (lambda n, x: (x.astype(n.float16) * (1 + 2j)).imag, "float32"),
    "bf16_int8_weak_float": (lambda n, x: x.astype(n.int8) * n.bfloat16(1.5) - 0.25, "bfloat16"),
    "uint8_minus_weak": (lambda n, x: x.astype(n.uint8) - 3, "uint8"),
    "int16_true_divide_weak": (lambda n, x: x.astype(n.int16) / 4, "float32"),
    "f16_pow_int8": (lambda n, x: n.float16(1.5) ** (x.astype(n.int8) % 4), "float16"),
    "bool_plus_weak_float": (lambda n, x: (x > 0) + 0.5, "float32"),
    "uint32_int32_mix": (lambda n, x: x.astype(n.uint32) + x.astype(n.int32), "int64"),
}


def _promo_type(B, kind):
    """uint32 + int32 is int64, int32 without x64."""
    return kind if kind != "int64" or getattr(B, "x64", False) else "int32"


for _name, (_fn, _kind) in PROMO23.items():
    _table("promo23_" + _name, lambda x: _num(x) and x.ndim >= 1 and x.size > 0,
           lambda B, n, x, _fn=_fn: _fn(n, x),
           lambda B, x, _k=_kind: (x.shape, _promo_type(B, _k)))


# -- integer edges
def _int_edges(n, x, dtype):
    info = np.iinfo(np.dtype(dtype))
    edges = np.asarray([info.min, info.max, info.min + 1, -1 if info.min else 1, 0], dtype)
    return n.concatenate([n.ravel(x).astype(dtype), n.asarray(edges)])


INTS23 = {  # name -> (fn(n, lax, x), dtype of the (x.size + 5,) result)
    "floor_divide_min_neg1": (lambda n, lax, x: n.floor_divide(_int_edges(n, x, "int32"), -1),
                              "int32"),
    "remainder_min_neg1": (lambda n, lax, x: n.remainder(_int_edges(n, x, "int8"), -1), "int8"),
    "right_shift_wide": (lambda n, lax, x: n.right_shift(
        _int_edges(n, x, "int16"), (n.arange(x.size + 5) % 20).astype(n.int16)), "int16"),
    "left_shift_wide": (lambda n, lax, x: n.left_shift(
        _int_edges(n, x, "uint8"), (n.arange(x.size + 5) % 11).astype(n.uint8)), "uint8"),
    "abs_negative_min": (lambda n, lax, x: n.abs(_int_edges(n, x, "int8")) + n.negative(
        _int_edges(n, x, "int8")), "int8"),
    "population_count_clz": (lambda n, lax, x: lax.population_count(_int_edges(n, x, "int32"))
                             + lax.clz(_int_edges(n, x, "int32")), "int32"),
    "shift_right_logical": (lambda n, lax, x: lax.shift_right_logical(
        _int_edges(n, x, "int8"), n.full((x.size + 5,), 3, n.int8)), "int8"),
}
for _name, (_fn, _kind) in INTS23.items():
    _table("int23_" + _name, lambda x: _num(x) and x.size > 0,
           lambda B, n, x, _fn=_fn: _fn(n, B.lax, x),
           lambda B, x, _k=_kind: ((x.size + 5,), _k))


# -- lax calls with unusual parameters
def _dot_pref_int8(B, n, x):
    a = _fixed(n, x, (3, 4), n.int8)
    return B.lax.dot_general(a, a, (((1,), (1,)), ((), ())), preferred_element_type=n.int32)


def _dot_bf16_pref_f32(B, n, x):
    a = _fixed(n, x, (2, 3), n.bfloat16)
    return B.lax.dot(a, a.T, precision=B.lax.Precision.HIGHEST,
                     preferred_element_type=n.float32)


def _conv_nhwc(B, n, x):
    lhs = _fixed(n, x, (1, 4, 3, 2), n.float32)
    rhs = ((n.arange(12) % 5 - 2) / 4).reshape((2, 1, 2, 3)).astype(n.float32)
    return B.lax.conv_general_dilated(lhs, rhs, (1, 2), [(1, 0), (0, 1)], rhs_dilation=(1, 2),
                                      dimension_numbers=("NHWC", "HWIO", "NHWC"))


def _gather_fill(B, n, x):
    lax = B.lax
    v = _fixed(n, x, (4, 3), n.float32)
    dn = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,),
                                    start_index_map=(0,))
    idx = n.asarray([[0], [3], [-1], [5]], n.int32)
    return lax.gather(v, idx, dn, (1, 3), mode=lax.GatherScatterMode.FILL_OR_DROP,
                      fill_value=-7.0)


def _scatter_unique(B, n, x):
    lax = B.lax
    v = _fixed(n, x, (5, 2), n.float32)
    dn = lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0,),
                                     scatter_dims_to_operand_dims=(0,))
    idx = n.asarray([[4], [1], [7]], n.int32)
    return lax.scatter_mul(v, idx, n.full((3, 2), 3.0, n.float32), dn, unique_indices=True,
                           mode=lax.GatherScatterMode.FILL_OR_DROP)


def _sort_two_keys(B, n, x):
    v = _fixed(n, x, (6,), n.float32)
    k = (n.arange(6) % 2).astype(n.int32)
    a, b, c = B.lax.sort((k, v, -v), num_keys=2, is_stable=True)
    return b + c + a


def _reduce_precision(B, n, x):
    return B.lax.reduce_precision(_f32(n, x) * 1000.5, exponent_bits=5, mantissa_bits=2)


def _rng_bit_generator(B, n, x):
    key = (n.arange(4) + n.sum(x != 0)).astype(n.uint32)
    _, bits = B.lax.rng_bit_generator(key, (3, 2), dtype=n.uint8)
    return bits


def _approx_max_k(B, n, x):
    vals, idx = B.lax.approx_max_k(_f32(n, _rows(x)), 2)
    return vals + idx


def _custom_linear_solve(B, n, x):
    lax = B.lax
    d = n.arange(3, dtype=n.float32) + 2.0

    def matvec(v):
        return d * v

    def solve(_, b):
        return b / d

    b = _fixed(n, x, (3,), n.float32)
    return lax.custom_linear_solve(matvec, b, solve, symmetric=True)


def _custom_root(B, n, x):
    lax = B.lax
    c = n.abs(_fixed(n, x, (3,), n.float32)) + 1.0

    def newton(f, x0):
        return lax.fori_loop(0, 20, lambda _, z: z - f(z) / (2 * z), x0)

    return lax.custom_root(lambda z: z * z - c, c, newton, lambda g, y: y / (2 * c))


def _cumlogsumexp_rev(B, n, x):
    return B.lax.cumlogsumexp(_f32(n, x), axis=0, reverse=True)


def _select_n(B, n, x):
    v = _f32(n, n.ravel(x))
    which = (n.arange(v.shape[0]) % 3).astype(n.int32)
    return B.lax.select_n(which, v, -v, v * 2)


LAX23 = {  # name -> (fn, stand-in)
    "dot_pref_int8": (_dot_pref_int8, lambda B, x: ((3, 3), "int32")),
    "dot_bf16_pref_f32": (_dot_bf16_pref_f32, lambda B, x: ((2, 2), "float32")),
    "conv_nhwc": (_conv_nhwc, lambda B, x: ((1, 5, 1, 3), "float32")),
    "gather_fill": (_gather_fill, lambda B, x: ((4, 3), "float32")),
    "scatter_mul_unique": (_scatter_unique, lambda B, x: ((5, 2), "float32")),
    "sort_two_keys": (_sort_two_keys, lambda B, x: ((6,), "float32")),
    "reduce_precision": (_reduce_precision, lambda B, x: (x.shape, "float32")),
    "rng_bit_generator": (_rng_bit_generator, lambda B, x: ((3, 2), "uint8")),
    "approx_max_k": (_approx_max_k, lambda B, x: ((x.shape[0], 2), "float32")),
    "custom_linear_solve": (_custom_linear_solve, lambda B, x: ((3,), "float32")),
    "custom_root": (_custom_root, lambda B, x: ((3,), "float32")),
    "cumlogsumexp_reverse": (_cumlogsumexp_rev, lambda B, x: (x.shape, "float32")),
    "select_n": (_select_n, lambda B, x: ((x.size,), "float32")),
}
for _name, (_fn, _stand) in LAX23.items():
    _table("lax23_" + _name, lambda x: _num(x) and x.ndim >= 2 and x.size > 0, _fn, _stand)


# -- linalg and scipy at edges
def _solve_batched_vector(B, n, x):
    a = n.eye(3, dtype=n.float32) * 4 + _fixed(n, x, (2, 3, 3), n.float32) * 0.1
    b = _fixed(n, x, (2, 3), n.float32)
    return n.linalg.solve(a, b[..., None])[..., 0] + n.linalg.solve(a, b[0])


def _norms(B, n, x):
    m = _f32(n, _rows(x))
    return n.stack([n.linalg.norm(m, ord="nuc"), n.linalg.norm(m, ord=-np.inf),
                    n.linalg.norm(m, ord=-2), n.linalg.norm(m, ord=1)])


def _eigvalsh_degenerate(B, n, x):
    v = _fixed(n, x, (3, 3), n.float32) * 0
    return n.linalg.eigvalsh(v + n.eye(3, dtype=n.float32) * 2)


def _special_zero_edges(B, n, x):
    sp = _scipy(B, "special")
    v = n.concatenate([_f32(n, n.ravel(x)), n.asarray([0.0, -1.0, -2.0, 0.0])])
    return (sp.xlogy(v * 0, v) + sp.xlog1py(v * 0, v - 1) + sp.entr(n.abs(v) * 0)
            + n.nan_to_num(sp.gammaln(v)) + n.nan_to_num(sp.digamma(v), posinf=9, neginf=-9))


def _logsumexp_sign(B, n, x):
    sp = _scipy(B, "special")
    v = _f32(n, _rows(x))
    out, sign = sp.logsumexp(v, axis=-1, b=(n.arange(v.shape[-1]) % 3 - 1.0), return_sign=True)
    return n.nan_to_num(out, neginf=-99.0) * sign


def _norm_tails(B, n, x):
    st = _module(B, "scipy.stats")
    v = n.concatenate([_f32(n, n.ravel(x)), n.asarray([-40.0, 40.0, -8.0, 0.0])])
    return st.norm.logcdf(v) + st.norm.logsf(v) * 0.5 + st.t.logpdf(v, 0.5)


LINALG23 = {
    "solve_batched_vector": (_solve_batched_vector, lambda B, x: ((2, 3), "float32")),
    "norms_ord": (_norms, lambda B, x: ((4,), "float32")),
    "eigvalsh_degenerate": (_eigvalsh_degenerate, lambda B, x: ((3,), "float32")),
    "special_zero_edges": (_special_zero_edges, lambda B, x: ((x.size + 4,), "float32")),
    "logsumexp_sign": (_logsumexp_sign, lambda B, x: ((x.shape[0],), "float32")),
    "norm_tails": (_norm_tails, lambda B, x: ((x.size + 4,), "float32")),
}
for _name, (_fn, _stand) in LINALG23.items():
    _table("linalg23_" + _name, lambda x: _num(x) and x.ndim >= 2 and x.size > 0, _fn, _stand)


# -- samplers at dtype edges (keys from x's values: traced)
def _key(B, n, x, typed):
    seed = n.sum(x != 0).astype(n.int32)
    return B.random.key(seed) if typed else B.random.PRNGKey(seed)


def _randint_edges(B, n, x):
    return B.random.randint(_key(B, n, x, True), (5,), -1000, 1000, dtype=n.int8)


def _bits_zero_size(B, n, x):
    k = B.random.fold_in(_key(B, n, x, False), 7)
    return B.random.bits(k, (3, 0, 2), dtype=n.uint16)


def _choice_p_noreplace(B, n, x):
    p = n.asarray([0.1, 0.0, 0.5, 0.4])
    return B.random.choice(_key(B, n, x, True), 4, (3,), replace=False, p=p)


def _split_shape_uniform(B, n, x):
    keys = B.random.split(_key(B, n, x, True), (2, 3))
    return B.vmap(B.vmap(lambda k: B.random.uniform(k, (), n.float16, -1, 1)))(keys)


def _categorical_shape(B, n, x):
    logits = n.log(n.asarray([0.0, 1.0, 2.0], n.float32))
    return B.random.categorical(_key(B, n, x, False), logits, axis=-1, shape=(2, 4))


RANDOM23 = {
    "randint_past_dtype": (_randint_edges, lambda B, x: ((5,), "int8")),
    "bits_zero_size_u16": (_bits_zero_size, lambda B, x: ((3, 0, 2), "uint16")),
    "choice_p_noreplace": (_choice_p_noreplace, lambda B, x: ((3,), _default("int", B))),
    "split_shape_uniform_f16": (_split_shape_uniform, lambda B, x: ((2, 3), "float16")),
    "categorical_shape": (_categorical_shape, lambda B, x: ((2, 4), _default("int", B))),
}
for _name, (_fn, _stand) in RANDOM23.items():
    _table("random23_" + _name, lambda x: _num(x) and x.size > 0, _fn, _stand)


# -- indexing
def _adv_nonadjacent(n, x):
    return x[n.asarray([0, -1]), :, n.asarray([1, 0])]


INDEX23 = {  # name -> (accepts, fn(n, x), stand-in(B, x))
    "newaxis_ellipsis_neg": (lambda x: x.ndim >= 2,
                             lambda n, x: x[None, ..., -1, ::-2],
                             lambda B, x: ((1,) + x.shape[:-2] + ((x.shape[-2] + 1) // 2,),
                                           str(x.dtype))),
    "advanced_nonadjacent": (lambda x: x.ndim >= 3 and x.shape[-1] >= 2, _adv_nonadjacent,
                             lambda B, x: ((2, x.shape[1]) + x.shape[3:], str(x.dtype))),
    "at_get_fill": (lambda x: x.ndim >= 1,
                    lambda n, x: x.at[n.asarray([0, 99, -99, -1])].get(mode="fill",
                                                                         fill_value=1),
                    lambda B, x: ((4,) + x.shape[1:], str(x.dtype))),
    "at_max_unique": (lambda x: x.ndim >= 1 and x.shape[0] >= 3,
                      lambda n, x: x.at[n.asarray([2, 0])].max(x[:2], unique_indices=True),
                      _same),
    "at_set_drop_neg": (lambda x: x.ndim >= 1,
                        lambda n, x: x.at[n.asarray([-1, -100, 100])].set(1, mode="drop"),
                        _same),
    "at_min_promise": (lambda x: x.ndim >= 1 and x.shape[0] >= 2,
                       lambda n, x: x.at[n.asarray([1, 0, 1])].min(0, mode="promise_in_bounds"),
                       _same),
    "at_add_sorted_2d": (lambda x: x.ndim >= 2,
                         lambda n, x: x.at[n.asarray([0, 0]), n.asarray([-1, 0])].add(
                             1, indices_are_sorted=True),
                         _same),
}
for _name, (_accepts, _fn, _stand) in INDEX23.items():
    _table("index23_" + _name, lambda x, _a=_accepts: _num(x) and x.size > 0 and _a(x),
           lambda B, n, x, _fn=_fn: _fn(n, x), _stand)


# -- linalg at singular / degenerate / wide inputs, rbg keys, out_sharding=, jax.nn keywords
def _square(n, x, k=3):
    return _fixed(n, x, (k, k), n.float32)


def _singular(n, x):
    m = _square(n, x)
    return m.at[-1].set(m[0] * 2)


LINALG23B = {  # name -> (fn(B, n, x), stand-in)
    "slogdet_singular": (lambda B, n, x: n.stack(n.linalg.slogdet(_singular(n, x))),
                         lambda B, x: ((2,), "float32")),
    "qr_r_wide": (lambda B, n, x: n.abs(n.linalg.qr(_fixed(n, x, (2, 4), n.float32), mode="r")),
                  lambda B, x: ((2, 4), "float32")),
    "svd_values_empty": (lambda B, n, x: n.linalg.svd(_square(n, x)[:0], compute_uv=False),
                         lambda B, x: ((0,), "float32")),
    "eigvalsh_empty": (lambda B, n, x: n.linalg.eigvalsh(_square(n, x)[:0, :0]),
                       lambda B, x: ((0,), "float32")),
    "pinv_zero": (lambda B, n, x: n.linalg.pinv(_square(n, x) * 0),
                  lambda B, x: ((3, 3), "float32")),
    "matrix_power_neg": (lambda B, n, x: n.linalg.matrix_power(
        _square(n, x) * 0.1 + n.eye(3, dtype=n.float32) * 3, -2),
        lambda B, x: ((3, 3), "float32")),
    "det_singular": (lambda B, n, x: n.linalg.det(_singular(n, x)), lambda B, x: ((), "float32")),
    "matrix_rank_tol": (lambda B, n, x: n.linalg.matrix_rank(_singular(n, x), rtol=0.5),
                        lambda B, x: ((), "int32")),
    "cholesky_not_pd": (lambda B, n, x: n.nan_to_num(n.linalg.cholesky(-n.eye(3)), nan=7.0),
                        lambda B, x: ((3, 3), "float32")),
    "rbg_key_uniform": (lambda B, n, x: B.random.uniform(
        B.random.key(n.sum(x != 0).astype(n.int32), impl="rbg"), (2, 3)),
        lambda B, x: ((2, 3), "float32")),
    "unsafe_rbg_normal_split": (lambda B, n, x: B.random.normal(B.random.split(
        B.random.key(3, impl="unsafe_rbg"))[1], (4,), n.bfloat16),
        lambda B, x: ((4,), "bfloat16")),
    "zeros_out_sharding": (lambda B, n, x: n.zeros(  # 24 rows: every mesh's size divides it
        (24, 3), n.int8, out_sharding=B.NamedSharding(B.mesh, B.P(tuple(B.mesh.shape)))) + 1,
        lambda B, x: ((24, 3), "int8")),
    "reshape_out_sharding": (lambda B, n, x: n.reshape(
        x, (-1,), out_sharding=B.NamedSharding(B.mesh, B.P())),
        lambda B, x: ((x.size,), str(x.dtype))),
    "einsum_pref_out_sharding": (lambda B, n, x: n.einsum(
        "ij,kj->ik", _fixed(n, x, (2, 3), n.int8), _fixed(n, x, (4, 3), n.int8),
        preferred_element_type=n.int32, out_sharding=B.NamedSharding(B.mesh, B.P())),
        lambda B, x: ((2, 4), "int32")),
    "softmax_where": (lambda B, n, x: B.nn.softmax(_f32(n, x), axis=-1, where=x > 0),
                      lambda B, x: (x.shape, "float32")),
    "one_hot_out_of_range": (lambda B, n, x: B.nn.one_hot(
        n.asarray([-1, 0, 2, 3, 9]), 3, dtype=n.bfloat16, axis=0),
        lambda B, x: ((3, 5), "bfloat16")),
    "logsumexp_where_axes": (lambda B, n, x: B.nn.logsumexp(
        _f32(n, x), axis=(0, -1), where=x != 0, keepdims=True),
        lambda B, x: (_keep_all(x, (0, -1)), "float32")),
}
for _name, (_fn, _stand) in LINALG23B.items():
    _table("edge23_" + _name, lambda x: _num(x) and x.ndim >= 2 and x.size > 0, _fn, _stand)


# -- the programs of round 23's fixes
def _while_zero_size_carry(B, n, x):  # XLA's "Sharding is tuple-shaped" (seed 290175)
    lax = B.lax

    def one(r):
        return lax.while_loop(lambda c: (c[0] < 2) & (n.sum(c[1]) < 50),
                              lambda c: (c[0] + 1, n.cumsum(c[1], 0)), (0, r))[1]

    return B.vmap(one, in_axes=-1)(_rows(x).astype(n.int32)[:, :0, None] + n.zeros(3, n.int32))


_table("r23_while_zero_size_carry", lambda x: _num(x) and x.ndim >= 2, _while_zero_size_carry,
       lambda B, x: ((3, x.shape[0], 0), "int32"))


# -- zero-size values through control flow (x's rows kept, its columns emptied)
ZERO23 = {  # name -> fn(lax, n, v) on v of shape (rows, 0)
    "scan_over_rows": lambda lax, n, v: lax.scan(lambda c, e: (c + 1, e * c), 0.0, v)[1],
    "cond_tuple": lambda lax, n, v: lax.cond(n.sum(v) >= 0, lambda a: (a * 2, 1),
                                             lambda a: (a, 2), v)[0],
    "fori_loop": lambda lax, n, v: lax.fori_loop(0, 3, lambda i, a: a * 2 + i, v),
    "while_two_carries": lambda lax, n, v: lax.while_loop(
        lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1] + 1, c[2] * 2), (0, v, v[:, :0]))[1],
}
for _name, _fn in ZERO23.items():
    _table("zero23_" + _name, lambda x: _num(x) and x.ndim >= 2,
           lambda B, n, x, _fn=_fn: _fn(B.lax, n, _f32(n, _rows(x))[:, :0]),
           lambda B, x: ((x.shape[0], 0), "float32"))


# ---------------------------------------------------------------------------------------------
# np23t: transform compositions (float32 x of rank >= 2)

_GROUP[0] = "np23t"


def _hessian(B, n, x):
    v = n.ravel(x)[:3]
    return B.api.hessian(lambda u: n.sum(n.sin(u) ** 3) + u[0] * u[-1])(v)


def _jacrev_of_vmap(B, n, x):
    v = _rows(x)[:2, :3]
    f = B.vmap(lambda r: n.tanh(r) * n.sum(r))
    return B.api.jacrev(lambda u: n.sum(f(u), axis=0))(v).sum(axis=0)


def _vmap_grad_scan(B, n, x):
    lax, api = B.lax, B.api

    def loss(r):
        c, ys = lax.scan(lambda c, e: (n.sin(c) + e, c * e), 0.0, r)
        return c + n.sum(ys)

    return B.vmap(api.grad(loss))(_rows(x))


def _custom_vjp_vmap_jit(B, n, x):
    api = B.api
    f = api.custom_vjp(lambda v: n.sin(v) * 2)
    f.defvjp(lambda v: (f(v), n.cos(v)), lambda c, g: (g * c * 3,))
    return api.jit(B.vmap(api.grad(lambda r: n.sum(f(r)))))(_rows(x))


def _linearize_twice(B, n, x):
    v = _rows(x)
    y, f_jvp = B.api.linearize(lambda u: n.cumprod(n.tanh(u), axis=-1), v)
    return y + f_jvp(n.ones_like(v)) - f_jvp(v) * 0.5


def _vmap_switch_batched(B, n, x):
    lax = B.lax
    v = _rows(x)
    idx = (n.arange(v.shape[0]) % 4 - 1).astype(n.int32)  # -1 and 2.. clamp
    branches = [lambda r: n.sin(r), lambda r: r * 2, lambda r: n.cumsum(r)]
    return B.vmap(lambda i, r: lax.switch(i, branches, r))(idx, v)


def _vmap_pytree_axes(B, n, x):
    v = _rows(x)

    def f(d):
        return {"s": d["a"] * d["b"][0], "t": n.sum(d["a"])}

    out = B.vmap(f, in_axes=({"a": 1, "b": None},), out_axes={"s": 1, "t": 0})(
        {"a": v, "b": v[0]})
    return out["s"] + out["t"]


def _remat_save_names(B, n, x):
    api = B.api
    name = _module(B, "ad_checkpoint").checkpoint_name
    pol = api.checkpoint_policies.save_only_these_names("kept")

    def g(u):
        return n.sin(name(n.cos(u) * u, "kept")) * u

    return api.grad(lambda u: n.sum(api.checkpoint(g, policy=pol)(u)))(_rows(x))


def _jacfwd_has_aux(B, n, x):
    v = n.ravel(x)[:3]
    j, aux = B.api.jacfwd(lambda u: (n.sin(u) * u[0], n.sum(u)), has_aux=True)(v)
    return j + aux


def _grad_while(B, n, x):  # JAX's ValueError: reverse mode of a while loop
    lax = B.lax

    def loss(u):
        return n.sum(lax.while_loop(lambda c: n.sum(c) < 10.0, lambda c: c * 2 + 1, u))

    return B.api.grad(loss)(_rows(x))


def _vmap_grad_fori(B, n, x):
    lax, api = B.lax, B.api

    def loss(r):
        return n.sum(lax.fori_loop(0, 3, lambda i, c: n.sin(c) * (i + 1), r))

    return B.vmap(api.grad(loss), in_axes=1, out_axes=1)(_rows(x))


TRANSFORMS23 = {  # name -> (fn, JAX's shape of x's shape)
    "hessian": (_hessian, lambda s: (3, 3)),
    "jacrev_of_vmap": (_jacrev_of_vmap, lambda s: (min(2, s[0]), min(3, int(np.prod(s[1:]))))),
    "vmap_grad_scan": (_vmap_grad_scan, lambda s: (s[0], int(np.prod(s[1:])))),
    "custom_vjp_vmap_jit": (_custom_vjp_vmap_jit, lambda s: (s[0], int(np.prod(s[1:])))),
    "linearize_twice": (_linearize_twice, lambda s: (s[0], int(np.prod(s[1:])))),
    "vmap_switch_batched": (_vmap_switch_batched, lambda s: (s[0], int(np.prod(s[1:])))),
    "vmap_pytree_axes": (_vmap_pytree_axes, lambda s: (s[0], int(np.prod(s[1:])))),
    "remat_save_names": (_remat_save_names, lambda s: (s[0], int(np.prod(s[1:])))),
    "jacfwd_has_aux": (_jacfwd_has_aux, lambda s: (3, 3)),
    "grad_while": (_grad_while, lambda s: (s[0], int(np.prod(s[1:])))),
    "vmap_grad_fori": (_vmap_grad_fori, lambda s: (s[0], int(np.prod(s[1:])))),
}
for _name, (_fn, _shape) in TRANSFORMS23.items():
    _table("transform23_" + _name,
           lambda x: str(x.dtype) == "float32" and x.ndim >= 2 and x.size >= 3, _fn,
           lambda B, x, _s=_shape: (_s(tuple(x.shape)), "float32"))


# ---------------------------------------------------------------------------------------------
# np23s (never under vmap): shard_map collectives with tiled / split parameters

_GROUP[0] = "np23s"


def _smap23(B, n, x, body, out_spec):
    first, _, s1, _ = _smap_axes(B)
    v = n.concatenate([_rows(x)] * s1)
    return B.shard_map(lambda b: body(B.lax, b, first, s1), mesh=B.mesh,
                       in_specs=(B.P(first),), out_specs=out_spec(B, first))(v)


def _gcd_empty(B, n, x):  # meshjit's max over an empty value (seed 292167, x64)
    v = n.argsort(_rows(x)[:, :0], axis=1)  # (np23s: never under vmap, where a sharded
    # batched loop over an empty value crashes XLA's compile in meshjit's modes: a leftover)
    return n.gcd(v, v) + n.lcm(v, v)


_table("r23_gcd_empty", lambda x: _num(x) and x.ndim >= 2, _gcd_empty,
       lambda B, x: ((x.shape[0], 0), _default("int", B)))


SMAP23 = {  # name -> (body(lax, block, axis, size), out spec, JAX's shape of (rows, cols, s1))
    "all_gather_tiled_axis1": (
        lambda lax, b, a, s: lax.all_gather(b, a, axis=1, tiled=True),
        lambda B, a: B.P(a), lambda r, c, s: (r, c * s)),
    "psum_scatter_tiled": (
        lambda lax, b, a, s: lax.psum_scatter(
            lax.all_gather(b, a, axis=0, tiled=True), a, scatter_dimension=0, tiled=True),
        lambda B, a: B.P(a), lambda r, c, s: (r, c)),
    "all_to_all_tiled": (
        lambda lax, b, a, s: lax.all_to_all(
            lax.all_gather(b, a, axis=1, tiled=True), a, 1, 0, tiled=True),
        lambda B, a: B.P(a), lambda r, c, s: (r * s, c)),
    "pmean_psum_axis_index": (
        lambda lax, b, a, s: lax.pmean(b, a) + lax.psum(lax.axis_index(a), a),
        lambda B, a: B.P(), lambda r, c, s: (r // s, c)),
}


def _smap23_entry(name, body, out_spec, shape_fn):
    def stand_in(B, x):
        s1 = _smap_axes(B)[2]
        rows, cols = s1 * x.shape[0], _cols(x)
        return shape_fn(rows, cols, s1), "float32"

    _table("smap23_" + name, lambda x: str(x.dtype) == "float32" and x.ndim >= 2 and x.size > 0,
           lambda B, n, x: _smap23(B, n, x, body, out_spec), stand_in)


for _name, (_body, _spec, _shape) in SMAP23.items():
    _smap23_entry(_name, _body, _spec, _shape)


SMOOTH23 = {f"transform23_{k}" for k in ("vmap_grad_scan", "custom_vjp_vmap_jit",
                                          "vmap_pytree_axes", "linearize_twice")} | {
    "lax23_custom_linear_solve", "lax23_cumlogsumexp_reverse", "index23_at_set_drop_neg",
    "kw23_prod_dtype_keep", "linalg23_solve_batched_vector",
}

op("np_np23", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH23)(
    (_drawer("np23"), _apply_api))
op("np_np23t", numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH23)(
    (_drawer("np23t"), _apply_api))
op("np_np23s", numpy_ref=False, vmap_ok=False, grad_ok=False)((_drawer("np23s"), _apply_api))
