"""Round 13's vocabulary: the public names no earlier round drew (counted against the fuzzer's
source): `jax.nn`'s activations and helpers, `jax.scipy.special`, and the rest of `jax.lax` and
`jax.numpy` where JAX defines them (aliases, lax comparisons and reductions, in-dim slicing,
associative_scan / map, geomspace / unwrap / polynomials / interp / piecewise / vectorize).

Entries join ops_api.py's TABLE (so vocabulary.py sweeps them) in groups of their own. Inputs are
mapped into each function's domain (t = tanh(x) in (-1, 1), u = |x| + 0.5 > 0). JAX is the
reference: the NumPy backend only types them (a stand-in of the right shape and dtype).
"""

from __future__ import annotations

import importlib

import numpy as np

from tests.fuzz.ops_api import _GROUP, TABLE, _apply_api, _drawer, entry
from tests.fuzz.registry import _is_float, _is_int, op


def _f32(x) -> bool:
    return str(x.dtype) == "float32"


def _float_nd(k):
    return lambda x: _is_float(x) and x.ndim >= k


def _special(B):
    return importlib.import_module(B.api.__name__ + ".scipy.special")


def _stand_in(x, dtype=None, shape=None):
    """The NumPy backend's value: zeros of the result's shape and dtype."""
    return np.zeros(x.shape if shape is None else shape, x.dtype if dtype is None else dtype)


# -- jax.nn: elementwise activations keep x's float dtype and shape
_GROUP[0] = "nn"
NN_UNARY = {
    "relu": lambda nn, n, x: nn.relu(x),
    "relu6": lambda nn, n, x: nn.relu6(x * 4),
    "sigmoid": lambda nn, n, x: nn.sigmoid(x),
    "log_sigmoid": lambda nn, n, x: nn.log_sigmoid(x),
    "silu": lambda nn, n, x: nn.silu(x),
    "swish": lambda nn, n, x: nn.swish(x),
    "gelu": lambda nn, n, x: nn.gelu(x),
    "gelu_exact": lambda nn, n, x: nn.gelu(x, approximate=False),
    "elu": lambda nn, n, x: nn.elu(x, alpha=0.7),
    "celu": lambda nn, n, x: nn.celu(x, alpha=1.3),
    "selu": lambda nn, n, x: nn.selu(x),
    "leaky_relu": lambda nn, n, x: nn.leaky_relu(x, negative_slope=0.2),
    "softplus": lambda nn, n, x: nn.softplus(x),
    "soft_sign": lambda nn, n, x: nn.soft_sign(x),
    "hard_sigmoid": lambda nn, n, x: nn.hard_sigmoid(x * 3),
    "hard_silu": lambda nn, n, x: nn.hard_silu(x * 3),
    "hard_swish": lambda nn, n, x: nn.hard_swish(x * 3),
    "hard_tanh": lambda nn, n, x: nn.hard_tanh(x * 2),
    "mish": lambda nn, n, x: nn.mish(x),
    "log1mexp": lambda nn, n, x: nn.log1mexp(n.abs(x) + 0.1),
    "sparse_plus": lambda nn, n, x: nn.sparse_plus(x * 2),
    "sparse_sigmoid": lambda nn, n, x: nn.sparse_sigmoid(x * 2),
    "squareplus": lambda nn, n, x: nn.squareplus(x, b=2.0),
    "nn_identity": lambda nn, n, x: nn.identity(x),
}
for _name, _fn in NN_UNARY.items():
    entry(_name, _is_float)(
        lambda B, x, y, _fn=_fn: _fn(B.nn, B.np, x) if B.jaxlike else _stand_in(x)
    )


@entry("glu", lambda x: _is_float(x) and x.ndim >= 1 and x.shape[-1] % 2 == 0)
def _glu(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, shape=x.shape[:-1] + (x.shape[-1] // 2,))
    return B.nn.glu(x, axis=-1)


@entry("standardize", _float_nd(1))
def _standardize(B, x, y):
    if not B.jaxlike:
        return _stand_in(x)
    return B.nn.standardize(x, axis=-1, epsilon=1e-3)


@entry("logmeanexp", _float_nd(1))
def _logmeanexp(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, shape=x.shape[1:])
    return B.nn.logmeanexp(x, axis=0)


@entry("one_hot", lambda x: _is_int(x))
def _one_hot(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, np.float32, x.shape + (4,))
    return B.nn.one_hot(B.np.remainder(x, 5) - 1, 4)  # -1 and 4 are all-zero rows


@entry("dot_product_attention", lambda x: _f32(x) and x.ndim == 3 and x.shape[-1] >= 2)
def _attention(B, x, y):  # x: (T, N, H) as one batch of queries, keys and values
    if not B.jaxlike:
        return _stand_in(x, shape=(1,) + x.shape)
    q = x[None]
    return B.nn.dot_product_attention(q, q * 0.5, q + 1.0, is_causal=x.shape[0] > 1)


# -- jax.scipy.special: float32 in the functions' domains (other floats: their dtype rules)
_GROUP[0] = "special"
SPECIAL_UNARY = {
    "sp_erf": lambda s, n, x: s.erf(x),
    "sp_erfc": lambda s, n, x: s.erfc(x),
    "sp_erfinv": lambda s, n, x: s.erfinv(n.tanh(x) * 0.9),
    "sp_erfcx": lambda s, n, x: s.erfcx(x),
    "sp_expit": lambda s, n, x: s.expit(x),
    "sp_logit": lambda s, n, x: s.logit(n.tanh(x) * 0.45 + 0.5),
    "sp_ndtr": lambda s, n, x: s.ndtr(x),
    "sp_ndtri": lambda s, n, x: s.ndtri(n.tanh(x) * 0.45 + 0.5),
    "sp_log_ndtr": lambda s, n, x: s.log_ndtr(x * 4),
    "sp_gammaln": lambda s, n, x: s.gammaln(n.abs(x) + 0.5),
    "sp_gamma": lambda s, n, x: s.gamma(x * 2),
    "sp_gammasgn": lambda s, n, x: s.gammasgn(x * 2),
    "sp_loggamma": lambda s, n, x: s.loggamma(n.abs(x) + 0.5),
    "sp_multigammaln": lambda s, n, x: s.multigammaln(n.abs(x) + 1.5, 2),
    "sp_polygamma": lambda s, n, x: s.polygamma(1, n.abs(x) + 0.5),
    "sp_zeta": lambda s, n, x: s.zeta(n.abs(x) + 1.5, n.abs(x) + 0.5),
    "sp_betaln": lambda s, n, x: s.betaln(n.abs(x) + 0.5, 1.5),
    "sp_beta": lambda s, n, x: s.beta(n.abs(x) + 0.5, n.abs(x) * 0.5 + 1.0),
    "sp_betainc": lambda s, n, x: s.betainc(1.5, 2.0, n.tanh(x) * 0.45 + 0.5),
    "sp_gammainc": lambda s, n, x: s.gammainc(n.abs(x) + 0.5, n.abs(x) * 2),
    "sp_gammaincc": lambda s, n, x: s.gammaincc(n.abs(x) + 0.5, n.abs(x) * 2),
    "sp_xlogy": lambda s, n, x: s.xlogy(x, n.abs(x) + 0.5),
    "sp_xlog1py": lambda s, n, x: s.xlog1py(x, n.abs(x)),
    "sp_entr": lambda s, n, x: s.entr(x),
    "sp_rel_entr": lambda s, n, x: s.rel_entr(n.abs(x), n.abs(x) * 0.5 + 0.1),
    "sp_kl_div": lambda s, n, x: s.kl_div(n.abs(x), n.abs(x) * 0.3 + 1.0),
    "sp_i0e": lambda s, n, x: s.i0e(x * 3),
    "sp_i1": lambda s, n, x: s.i1(x * 3),
    "sp_i1e": lambda s, n, x: s.i1e(x * 3),
    "sp_exp1": lambda s, n, x: s.exp1(n.abs(x) + 0.1),
    "sp_expi": lambda s, n, x: s.expi(x * 2),
    "sp_expn": lambda s, n, x: s.expn(2, n.abs(x) + 0.1),
    "sp_dawsn": lambda s, n, x: s.dawsn(x * 3),
    "sp_fresnel_s": lambda s, n, x: s.fresnel(x)[0],
    "sp_fresnel_c": lambda s, n, x: s.fresnel(x)[1],
    "sp_sici_s": lambda s, n, x: s.sici(n.abs(x) + 0.1)[0],
    "sp_spence": lambda s, n, x: s.spence(n.abs(x) + 0.1),
    "sp_owens_t": lambda s, n, x: s.owens_t(x, 0.5),
    "sp_hyp1f1": lambda s, n, x: s.hyp1f1(0.5, 1.5, n.clip(x, -3, 3)),
    "sp_hyp2f1": lambda s, n, x: s.hyp2f1(0.5, 1.0, 1.5, n.tanh(x) * 0.5),
    "sp_poch": lambda s, n, x: s.poch(n.abs(x) + 0.5, 2.0),
    "sp_factorial": lambda s, n, x: s.factorial(n.floor(n.abs(x) * 3)),
    "sp_boxcox": lambda s, n, x: s.boxcox(n.abs(x) + 0.5, 0.5),
    "sp_boxcox1p": lambda s, n, x: s.boxcox1p(n.abs(x), 0.0),
}
for _name, _fn in SPECIAL_UNARY.items():
    entry(_name, _is_float)(
        lambda B, x, y, _fn=_fn: _fn(_special(B), B.np, x) if B.jaxlike else _stand_in(x)
    )


@entry("sp_bessel_jn", lambda x: _f32(x))
def _bessel_jn(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, shape=(3,) + x.shape)
    return _special(B).bessel_jn(x * 3, v=2)


@entry("sp_comb", lambda x: _is_int(x))
def _comb(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, np.float32)
    np_ = B.np
    n = np_.remainder(x, 7).astype(np_.float32)
    return _special(B).comb(n + 3, n)


# -- jax.lax: the remaining elementwise ops, comparisons, reductions, in-dim slicing, scans
_GROUP[0] = "lax13"
LAX_UNARY = {
    "lax_acos": lambda lax, n, x: lax.acos(n.tanh(x) * 0.9),
    "lax_asin": lambda lax, n, x: lax.asin(n.tanh(x) * 0.9),
    "lax_atan": lambda lax, n, x: lax.atan(x),
    "lax_acosh": lambda lax, n, x: lax.acosh(n.abs(x) + 1.5),
    "lax_asinh": lambda lax, n, x: lax.asinh(x),
    "lax_atanh": lambda lax, n, x: lax.atanh(n.tanh(x) * 0.9),
    "lax_erf": lambda lax, n, x: lax.erf(x),
    "lax_erfc": lambda lax, n, x: lax.erfc(x),
    "lax_logistic": lambda lax, n, x: lax.logistic(x),
    "lax_rsqrt": lambda lax, n, x: lax.rsqrt(n.abs(x) + 0.5),
    "lax_bessel_i0e": lambda lax, n, x: lax.bessel_i0e(x),
    "lax_bessel_i1e": lambda lax, n, x: lax.bessel_i1e(x),
    "lax_zeta": lambda lax, n, x: lax.zeta(n.abs(x) + 1.5, n.abs(x) + 0.5),
    "lax_polygamma": lambda lax, n, x: lax.polygamma(n.ones_like(x), n.abs(x) + 0.5),
    "lax_betainc": lambda lax, n, x: lax.betainc(
        n.abs(x) + 0.5, n.ones_like(x) * 2, n.tanh(x) * 0.45 + 0.5
    ),
    "lax_igammac": lambda lax, n, x: lax.igammac(n.abs(x) + 0.5, n.abs(x) * 2),
    "lax_optimization_barrier": lambda lax, n, x: lax.optimization_barrier(x * 2),
    "lax_sub": lambda lax, n, x: lax.sub(x, x * 0.5),
}
for _name, _fn in LAX_UNARY.items():
    entry(_name, _is_float)(
        lambda B, x, y, _fn=_fn: _fn(B.lax, B.np, x) if B.jaxlike else _stand_in(x)
    )


@entry("lax_atan2", _is_float, needs_y=True)
def _lax_atan2(B, x, y):
    if not B.jaxlike:
        return _stand_in(np.broadcast_to(x, np.broadcast_shapes(x.shape, y.shape)))
    np_ = B.np
    x, y = np_.broadcast_arrays(x, y)
    return B.lax.atan2(x, y)


for _name in ("eq", "ne", "lt", "le", "gt", "ge"):

    @entry("lax_" + _name, lambda x: _is_float(x) or _is_int(x))
    def _lax_compare(B, x, y, _name=_name):
        if not B.jaxlike:
            return _stand_in(x, np.bool_)
        return getattr(B.lax, _name)(x, B.lax.rev(x, tuple(range(x.ndim))))


for _name in ("reduce_sum", "reduce_max", "reduce_min", "reduce_prod"):

    @entry("lax_" + _name, lambda x: (_is_float(x) or _is_int(x)) and x.ndim >= 1)
    def _lax_reduce(B, x, y, _name=_name):
        if not B.jaxlike:
            return _stand_in(x, shape=x.shape[1:])
        v = B.np.tanh(x) + 1.0 if _name == "reduce_prod" and _is_float(x) else x
        return getattr(B.lax, _name)(v, (0,))


for _name in ("reduce_and", "reduce_or", "reduce_xor"):

    @entry("lax_" + _name, lambda x: (_is_int(x) or x.dtype == np.bool_) and x.ndim >= 1)
    def _lax_reduce_bits(B, x, y, _name=_name):
        if not B.jaxlike:
            return _stand_in(x, shape=x.shape[:-1])
        return getattr(B.lax, _name)(x, (x.ndim - 1,))


@entry("lax_sort_key_val", lambda x: (_is_float(x) or _is_int(x)) and x.ndim >= 1)
def _lax_sort_key_val(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, np.int32)
    iota = B.lax.broadcasted_iota(B.np.int32, x.shape, x.ndim - 1)
    return B.lax.sort_key_val(x, iota, dimension=-1)[1]


@entry("lax_slice_in_dim", lambda x: x.ndim >= 1 and x.shape[0] >= 2)
def _lax_slice_in_dim(B, x, y):
    if not B.jaxlike:
        return x[1::2]
    return B.lax.slice_in_dim(x, 1, None, stride=2, axis=0)


@entry("lax_index_in_dim", lambda x: x.ndim >= 1)
def _lax_index_in_dim(B, x, y):
    if not B.jaxlike:
        return x[..., -1]
    return B.lax.index_in_dim(x, -1, axis=-1, keepdims=False)


@entry("lax_dynamic_update_slice_in_dim", lambda x: x.ndim >= 1)
def _lax_dus_in_dim(B, x, y):
    if not B.jaxlike:
        return x
    np_ = B.np
    start = (np_.sum(np_.zeros((2,), np_.int32)) + x.shape[0] - 1).astype(np_.int32)
    return B.lax.dynamic_update_slice_in_dim(x, x[:1], start, axis=0)


@entry("lax_dynamic_update_index_in_dim", lambda x: x.ndim >= 1)
def _lax_dui_in_dim(B, x, y):
    if not B.jaxlike:
        return x
    np_ = B.np
    index = (np_.sum(np_.zeros((2,), np_.int32)) - 1).astype(np_.int32)  # clamps to 0
    return B.lax.dynamic_update_index_in_dim(x, x[-1], index, axis=0)


@entry("lax_collapse", lambda x: x.ndim >= 2)
def _lax_collapse(B, x, y):
    if not B.jaxlike:
        return x.reshape((-1,) + x.shape[2:])
    return B.lax.collapse(x, 0, 2)


@entry("lax_associative_scan", lambda x: (_is_float(x) or _is_int(x)) and x.ndim >= 1)
def _lax_associative_scan(B, x, y):
    if not B.jaxlike:
        return x
    return B.lax.associative_scan(B.lax.max, x, reverse=True, axis=x.ndim - 1)


@entry("lax_map", lambda x: _is_float(x) and x.ndim >= 1)
def _lax_map(B, x, y):
    if not B.jaxlike:
        return x
    np_ = B.np
    return B.lax.map(lambda row: np_.sin(row) * 2 + np_.sum(row), x)


@entry("lax_broadcast_to_rank", lambda x: x.ndim <= 2)
def _lax_broadcast_to_rank(B, x, y):
    if not B.jaxlike:
        return x.reshape((1,) * (3 - x.ndim) + x.shape)
    return B.lax.broadcast_to_rank(x, 3)


@entry("lax_mulhi", lambda x: str(x.dtype) in ("int32", "uint32", "int16", "uint8", "int8"))
def _lax_mulhi(B, x, y):
    if not B.jaxlike:
        return x
    return B.lax.mulhi(x, B.lax.rev(x, tuple(range(x.ndim))))


# -- jax.numpy: aliases and routines no round drew
_GROUP[0] = "np13"
NP_UNARY = {
    "absolute": lambda n, x: n.absolute(x),
    "acos": lambda n, x: n.acos(n.tanh(x) * 0.9),
    "acosh": lambda n, x: n.acosh(n.abs(x) + 1.5),
    "asin": lambda n, x: n.asin(n.tanh(x) * 0.9),
    "asinh": lambda n, x: n.asinh(x),
    "atan": lambda n, x: n.atan(x),
    "atanh": lambda n, x: n.atanh(n.tanh(x) * 0.9),
    "conjugate": lambda n, x: n.conjugate(x),
    "degrees": lambda n, x: n.degrees(x),
    "radians": lambda n, x: n.radians(x),
    "imag": lambda n, x: n.imag(x),
    "iscomplex": lambda n, x: n.iscomplex(x),
    "isreal": lambda n, x: n.isreal(x),
    "empty_like": lambda n, x: n.empty_like(x) * 0,
    "atleast_1d": lambda n, x: n.atleast_1d(x),
}
_NP_STAND_INS = {
    "iscomplex": lambda x: _stand_in(x, np.bool_),
    "isreal": lambda x: _stand_in(x, np.bool_),
    "atleast_1d": lambda x: _stand_in(x, shape=x.shape or (1,)),
}
for _name, _fn in NP_UNARY.items():
    _floats_only = _name not in (
        "absolute",
        "conjugate",
        "imag",
        "iscomplex",
        "isreal",
        "empty_like",
        "atleast_1d",
    )
    entry(_name, _is_float if _floats_only else (lambda x: _is_float(x) or _is_int(x)))(
        lambda B, x, y, _fn=_fn, _name=_name: (
            _fn(B.np, x) if B.jaxlike else _NP_STAND_INS.get(_name, _stand_in)(x)
        )
    )


@entry("atan2", _is_float, needs_y=True)
def _atan2(B, x, y):
    if not B.jaxlike:
        return _stand_in(np.broadcast_to(x, np.broadcast_shapes(x.shape, y.shape)))
    return B.np.atan2(x, y)


@entry("geomspace", _float_nd(1))
def _geomspace(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, shape=x.shape + (4,))
    np_ = B.np
    return np_.geomspace(np_.abs(x) + 0.5, np_.abs(x) * 3 + 1.0, 4, axis=-1)


@entry("logspace", _float_nd(1))
def _logspace(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, shape=(3,) + x.shape)
    return B.np.logspace(x, x * 0.5 + 1, 3, base=2.0)


@entry("unwrap", _float_nd(1))
def _unwrap(B, x, y):
    if not B.jaxlike:
        return _stand_in(x)
    return B.np.unwrap(x * 4, axis=-1)


@entry("interp", _float_nd(1))
def _interp(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, np.float32)
    np_ = B.np
    xp = np_.linspace(-2.0, 2.0, 7)
    return np_.interp(x, xp, np_.sin(xp * 2), left=-3.0, period=None)


@entry("interp_period", _float_nd(1))
def _interp_period(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, np.float32)
    np_ = B.np
    xp = np_.asarray([0.5, 2.0, 4.0, 1.0], np_.float32)
    return np_.interp(x * 3, xp, np_.asarray([1.0, 3.0, 2.0, 5.0], np_.float32), period=3.0)


@entry("piecewise", lambda x: _is_float(x) or _is_int(x))
def _piecewise(B, x, y):
    if not B.jaxlike:
        return _stand_in(x)
    return B.np.piecewise(x, [x < 0, x > 1], [lambda v: v * 2, lambda v: -v, 1])


@entry("piecewise_scalar", lambda x: _is_float(x) and x.ndim >= 1)
def _piecewise_scalar(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, shape=x.shape[-1:])
    return B.np.piecewise(B.np.sum(x), [x[(0,) * (x.ndim - 1)] > 0], [lambda v: v * 2, 0.0])


for _name in ("polyadd", "polysub"):

    @entry(_name, lambda x: (_is_float(x) or _is_int(x)) and x.ndim == 1, needs_y=True)
    def _poly2(B, x, y, _name=_name):
        if not B.jaxlike:
            if y.ndim != 1:
                raise ValueError("polynomials are vectors")
            return _stand_in(x, shape=(max(x.shape[0], y.shape[0] - 1 or 1),))
        return getattr(B.np, _name)(x, y[1:] if y.shape[0] > 1 else y)


@entry("polyint", lambda x: _is_float(x) and x.ndim == 1)
def _polyint(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, shape=(x.shape[0] + 2,))
    return B.np.polyint(x, m=2, k=B.np.asarray([1.0, -1.0], x.dtype))


@entry("poly", lambda x: _f32(x) and x.ndim == 1 and x.shape[0] <= 6)
def _poly(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, shape=(x.shape[0] + 1,))
    return B.np.poly(x)


@entry("apply_along_axis", _float_nd(1))
def _apply_along_axis(B, x, y):
    if not B.jaxlike:
        return _stand_in(x)
    np_ = B.np
    return np_.apply_along_axis(lambda r: r * np_.sum(r), -1, x)


@entry("apply_over_axes", lambda x: (_is_float(x) or _is_int(x)) and x.ndim >= 2)
def _apply_over_axes(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, shape=(1, 1) + x.shape[2:])
    return B.np.apply_over_axes(B.np.sum, x, [0, 1])


@entry("vectorize", _is_float, needs_y=True)
def _vectorize(B, x, y):
    if not B.jaxlike:
        return _stand_in(np.broadcast_to(x, np.broadcast_shapes(x.shape, y.shape)))
    np_ = B.np
    return np_.vectorize(lambda a, b: np_.where(a > b, a * b, a - b))(x, y)


@entry("histogram2d", lambda x: _f32(x) and x.ndim >= 1)
def _histogram2d(B, x, y):
    if not B.jaxlike:
        return _stand_in(x, shape=(3, 2))
    np_ = B.np
    flat = np_.ravel(x)
    return np_.histogram2d(flat, np_.sin(flat), bins=(3, 2), range=[[-2, 2], [-1, 1]])[0]


@entry("place", lambda x: _is_float(x) and x.ndim >= 1)
def _place(B, x, y):
    if not B.jaxlike:
        return _stand_in(x)
    np_ = B.np
    return np_.place(x, x > 0, np_.asarray([7.0, -7.0], x.dtype), inplace=False)


# ---------------------------------------------------------------------------------------------
# The ops: one per group (as ops_api.py's), gradients through the smooth entries.

SMOOTH = set(NN_UNARY) - {
    "relu",
    "relu6",
    "hard_sigmoid",
    "hard_silu",
    "hard_swish",
    "hard_tanh",
    "sparse_plus",
    "sparse_sigmoid",
    "leaky_relu",
}
SMOOTH |= {
    "glu",
    "standardize",
    "logmeanexp",
    "dot_product_attention",
    "sp_erf",
    "sp_erfc",
    "sp_expit",
    "sp_ndtr",
    "sp_gammaln",
    "sp_xlogy",
    "sp_dawsn",
    "lax_atan",
    "lax_erf",
    "lax_logistic",
    "lax_rsqrt",
    "lax_atan2",
    "lax_asinh",
    "absolute_f",
    "atan",
    "asinh",
    "degrees",
    "radians",
    "atan2",
    "geomspace",
    "logspace",
    "polyint",
    "poly",
    "apply_along_axis",
    "lax_map",
    "lax_slice_in_dim",
    "lax_collapse",
}

GROUPS = ("nn", "special", "lax13", "np13")
for _group in GROUPS:
    op("np_" + _group, numpy_ref=False, grad_ok=lambda p: p["fn"] in SMOOTH)(
        (_drawer(_group), _apply_api)
    )

ROUND13 = sorted(n for n, e in TABLE.items() if e[3] in GROUPS)
