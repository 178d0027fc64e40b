"""Round 20: what the earlier rounds did not draw.

- (group np20) `jax.scipy.stats` (no round drew it): log-densities, CDFs and quantiles of every
  distribution on x joined with edge values (0, -0, negatives, 1, inf, -inf, NaN), and with the
  edge values as the distributions' parameters; `jax.scipy.special` on the same edge values
  (round 13 drew it inside the domains only); `jnp.linalg` on singular, zero and empty
  matrices; zero-size slices of x through reductions, scans, sorts and products;
- (group np20r) `jax.random` samplers no round drew (binomial, geometric, chisquare, f, wald,
  weibull_min, pareto, maxwell, double_sided_maxwell, generalized_normal, lognormal, loggamma,
  triangular, rayleigh, multivariate_normal, orthogonal, ball, multinomial), with typed and raw
  keys, each key a block of a key array sharded over the mesh;
- (group np20t) transform compositions: vmap of switch with a batched index, vmap of a while
  loop with a batched predicate and a mixed carry, grad of a vmap of a reversed scan, jacrev of
  jacfwd, linear_transpose of a vmap, jvp of a custom_vjp (JAX's error), checkpoint with the
  name policies, grad of a custom_jvp under vmap;
- (group np20s, never under vmap) `out_sharding=` keywords (zeros / ones_like / full /
  full_like / reshape / ravel / broadcast_to / einsum / .at[].get) on Explicit-sharded values.

Entries join ops_api.py's TABLE (vocabulary.py sweeps them); JAX is the reference, the NumPy
backend only types them.
"""

from __future__ import annotations

import importlib

import numpy as np

from tests.fuzz.ops_api import _GROUP, _apply_api, _drawer, entry
from tests.fuzz.ops_round15 import _num, _sharded_keys, _zeros
from tests.fuzz.ops_round17 import _explicit, _on
from tests.fuzz.registry import _is_float, op

_GROUP[0] = "np20"

EDGES = [0.0, -0.0, -1.0, 1.0, 0.5, 2.0, np.inf, -np.inf, np.nan]


def _module(B, name):
    return importlib.import_module(f"{B.api.__name__}.{name}")


def _scipy(B, name):
    return _module(B, f"scipy.{name}")


def _with_edges(n, x):
    """x's values, then the edge values, in x's dtype (a row)."""
    return n.concatenate([n.ravel(x), n.asarray(EDGES, dtype=x.dtype)])


def _edge_entry(name, module, fn):
    """An entry computing fn(module, n, v) on x's values and the edges (v: x's dtype)."""

    def apply(B, x, y):
        size = x.size + len(EDGES)
        if not B.jaxlike:
            return _zeros((size,), x.dtype)
        return fn(_scipy(B, module), B.np, _with_edges(B.np, x))

    entry(name, _is_float)(apply)


# -- jax.scipy.stats: x and the edges as the variable, then as a parameter
STATS20 = {
    "norm_logpdf": lambda s, n, v: s.norm.logpdf(v, 0.5, 2.0),
    "norm_cdf": lambda s, n, v: s.norm.cdf(v),
    "norm_logcdf": lambda s, n, v: s.norm.logcdf(v * 10),
    "norm_ppf": lambda s, n, v: s.norm.ppf(v),
    "norm_isf": lambda s, n, v: s.norm.isf(v),
    "norm_logsf": lambda s, n, v: s.norm.logsf(v * 10),
    "norm_scale_edges": lambda s, n, v: s.norm.logpdf(1.0, 0.0, v),
    "t_logpdf": lambda s, n, v: s.t.logpdf(v, 3.0),
    "t_df_edges": lambda s, n, v: s.t.logpdf(0.5, v),
    "gamma_logpdf": lambda s, n, v: s.gamma.logpdf(v, 2.0),
    "gamma_cdf": lambda s, n, v: s.gamma.cdf(v, 0.5),
    "gamma_logsf": lambda s, n, v: s.gamma.logsf(v, 1.5, 0.5, 2.0),
    "gamma_a_edges": lambda s, n, v: s.gamma.logpdf(1.5, v),
    "beta_logpdf": lambda s, n, v: s.beta.logpdf(v, 2.0, 0.5),
    "beta_cdf": lambda s, n, v: s.beta.cdf(v, 2.0, 3.0),
    "beta_ab_edges": lambda s, n, v: s.beta.logpdf(0.25, v, 1.5),
    "expon_logpdf": lambda s, n, v: s.expon.logpdf(v),
    "expon_ppf": lambda s, n, v: s.expon.ppf(v),
    "expon_logsf": lambda s, n, v: s.expon.logsf(v, 0.5, 2.0),
    "laplace_logpdf": lambda s, n, v: s.laplace.logpdf(v, 0.5),
    "laplace_cdf": lambda s, n, v: s.laplace.cdf(v),
    "logistic_logpdf": lambda s, n, v: s.logistic.logpdf(v * 30),
    "logistic_ppf": lambda s, n, v: s.logistic.ppf(v),
    "logistic_sf": lambda s, n, v: s.logistic.sf(v),
    "logistic_isf": lambda s, n, v: s.logistic.isf(v),
    "cauchy_logpdf": lambda s, n, v: s.cauchy.logpdf(v),
    "cauchy_ppf": lambda s, n, v: s.cauchy.ppf(v),
    "cauchy_logcdf": lambda s, n, v: s.cauchy.logcdf(v),
    "uniform_logpdf": lambda s, n, v: s.uniform.logpdf(v, -1.0, 2.0),
    "uniform_ppf": lambda s, n, v: s.uniform.ppf(v, -1.0, 2.0),
    "chi2_logpdf": lambda s, n, v: s.chi2.logpdf(v, 3.0),
    "chi2_cdf": lambda s, n, v: s.chi2.cdf(v, 2.0),
    "poisson_logpmf": lambda s, n, v: s.poisson.logpmf(v, 2.0),
    "poisson_cdf": lambda s, n, v: s.poisson.cdf(v, 2.0),
    "poisson_mu_edges": lambda s, n, v: s.poisson.logpmf(2.0, v),
    "geom_logpmf": lambda s, n, v: s.geom.logpmf(v, 0.3),
    "binom_logpmf": lambda s, n, v: s.binom.logpmf(v, 5.0, 0.3),
    "binom_p_edges": lambda s, n, v: s.binom.logpmf(2.0, 4.0, v),
    "nbinom_logpmf": lambda s, n, v: s.nbinom.logpmf(v, 3.0, 0.4),
    "bernoulli_logpmf": lambda s, n, v: s.bernoulli.logpmf(v, 0.3),
    "bernoulli_p_edges": lambda s, n, v: s.bernoulli.logpmf(1.0, v),
    "betabinom_logpmf": lambda s, n, v: s.betabinom.logpmf(v, 5.0, 2.0, 3.0),
    "pareto_logpdf": lambda s, n, v: s.pareto.logpdf(v, 2.0),
    "gennorm_logpdf": lambda s, n, v: s.gennorm.logpdf(v, 1.5),
    "gennorm_cdf": lambda s, n, v: s.gennorm.cdf(v, 0.5),
    "gumbel_r_logpdf": lambda s, n, v: s.gumbel_r.logpdf(v),
    "gumbel_l_cdf": lambda s, n, v: s.gumbel_l.cdf(v),
    "gumbel_r_ppf": lambda s, n, v: s.gumbel_r.ppf(v),
    "truncnorm_logpdf": lambda s, n, v: s.truncnorm.logpdf(v, -1.0, 2.0),
    "truncnorm_cdf": lambda s, n, v: s.truncnorm.cdf(v, -1.0, 2.0),
    "truncnorm_bounds_edges": lambda s, n, v: s.truncnorm.logpdf(0.25, v, 3.0),
    "vonmises_logpdf": lambda s, n, v: s.vonmises.logpdf(v, 2.0),
    "wrapcauchy_logpdf": lambda s, n, v: s.wrapcauchy.logpdf(v, 0.5),
}
for _name, _fn in STATS20.items():
    _edge_entry("stats20_" + _name, "stats", _fn)

# -- jax.scipy.special on the edges (round 13's entries stay inside the domains)
SPECIAL20_PLAIN = ("gammaln", "digamma", "erfinv", "ndtri", "logit", "entr", "i0e", "i1e",
                   "gammasgn", "spence", "exp1", "expi", "dawsn", "factorial")
SPECIAL20 = {
    "log_ndtr": lambda s, n, v: s.log_ndtr(v * 20),
    "expit": lambda s, n, v: s.expit(v * 100),
    "xlogy": lambda s, n, v: s.xlogy(v, v),
    "xlog1py": lambda s, n, v: s.xlog1py(v, v - 1),
    "zeta": lambda s, n, v: s.zeta(v + 1, 2.0),
    "zeta_q_edges": lambda s, n, v: s.zeta(3.0, v),
    "polygamma": lambda s, n, v: s.polygamma(1, v),
    "gammainc": lambda s, n, v: s.gammainc(v, 1.0),
    "gammaincc": lambda s, n, v: s.gammaincc(1.5, v),
    "betainc": lambda s, n, v: s.betainc(2.0, 3.0, v),
    "betaln": lambda s, n, v: s.betaln(v, 2.0),
    "kl_div": lambda s, n, v: s.kl_div(v, 0.5),
    "rel_entr": lambda s, n, v: s.rel_entr(v, v),
    "rgamma_poch": lambda s, n, v: s.poch(v, 2.0),
    "erfcx": lambda s, n, v: s.erfcx(v * 10),
    "boxcox": lambda s, n, v: s.boxcox(v, 0.0),
    "boxcox1p": lambda s, n, v: s.boxcox1p(v, 0.5),
}
for _name in SPECIAL20_PLAIN:
    SPECIAL20[_name] = lambda s, n, v, _f=_name: getattr(s, _f)(v)
for _name, _fn in SPECIAL20.items():
    _edge_entry("special20_" + _name, "special", _fn)


@entry("special20_logsumexp_signs", _is_float)
def _logsumexp_signs(B, x, y):  # negative weights, inf / nan values: (value, sign)
    if not B.jaxlike:
        return _zeros((2,), x.dtype)
    v = _with_edges(B.np, x)
    value, sign = _scipy(B, "special").logsumexp(v[-5:-3], b=B.np.asarray([-1.0, 2.0]),
                                                 return_sign=True)
    return B.np.stack([value, sign])


# -- jnp.linalg on singular, zero and empty matrices
def _square(n, x, k):
    """A k x k matrix from x's first values (a zero-size one for k = 0)."""
    v = n.ravel(x).astype(n.float32)
    reps = -(-(k * k) // max(v.size, 1)) if k else 0
    return n.reshape(n.tile(v, reps)[: k * k], (k, k)) if v.size else n.zeros((k, k), n.float32)


LINALG20 = {
    "det_rank1": lambda la, n, m: la.det(n.outer(m[0], m[0])),
    "slogdet_zero": lambda la, n, m: n.stack(la.slogdet(m * 0)),
    "inv_zero": lambda la, n, m: la.inv(m * 0),
    "pinv_zero": lambda la, n, m: la.pinv(m * 0),
    "rank_zero": lambda la, n, m: la.matrix_rank(m * 0).astype(n.float32),
    "norms_zero": lambda la, n, m: n.stack([la.norm(m * 0, o) for o in (None, 1, 2, -2, "nuc")]),
    "solve_singular": lambda la, n, m: la.solve(n.outer(m[0], m[0]), m[:, 0]),
    "cholesky_indefinite": lambda la, n, m: la.cholesky(-n.eye(m.shape[0]) + m * 0),
    "eigvalsh_zero": lambda la, n, m: la.eigvalsh(m * 0),
    "svdvals_rank1": lambda la, n, m: la.svd(n.outer(m[0], m[0]), compute_uv=False),
    "inv_nan": lambda la, n, m: la.inv(m.at[0, 0].set(n.nan) + 3 * n.eye(m.shape[0])),
    "det_inf": lambda la, n, m: la.det(m.at[0, 0].set(n.inf) + n.eye(m.shape[0])),
}
LINALG20_EMPTY = {
    "det_empty": lambda la, n, m: la.det(m),
    "inv_empty": lambda la, n, m: la.inv(m).sum(),
    "slogdet_empty": lambda la, n, m: n.stack(la.slogdet(m)),
    "norm_empty": lambda la, n, m: la.norm(m),
    "eigh_empty": lambda la, n, m: la.eigvalsh(m).sum(),
    "svd_empty": lambda la, n, m: la.svd(m, compute_uv=False).sum(),
    "qr_empty": lambda la, n, m: la.qr(m)[1].sum(),
    "cholesky_empty": lambda la, n, m: la.cholesky(m).sum(),
    "solve_empty": lambda la, n, m: la.solve(m, m[:, :1]).sum(),
    "pinv_empty": lambda la, n, m: la.pinv(n.zeros((0, 3), n.float32)).sum(),
}


def _linalg_entry(name, fn, k):
    def apply(B, x, y):
        n = B.np
        if not B.jaxlike:  # (only the shape and dtype matter)
            return np.asarray(fn(np.linalg, _NumpyNamespace, np.ones((k, k), np.float32)))
        return fn(n.linalg, n, _square(n, x, k))

    entry(name, lambda x: x.size > 0 and str(x.dtype) != "bool")(apply)


class _NumpyNamespace:
    """NumPy under jnp's names the linalg entries use (the NumPy backend types them)."""

    stack, outer, eye, zeros, float32, nan, inf = (
        np.stack, np.outer, np.eye, np.zeros, np.float32, np.nan, np.inf)


for _name, _fn in LINALG20.items():
    _linalg_entry("linalg20_" + _name, _fn, 3)
for _name, _fn in LINALG20_EMPTY.items():
    _linalg_entry("linalg20_" + _name, _fn, 0)


# -- zero-size slices of x through reductions, scans, sorts and products
EMPTY20 = {
    "sum": lambda n, z: n.sum(z, axis=0),
    "prod": lambda n, z: n.prod(z, axis=0),
    "max_initial": lambda n, z: n.max(z, axis=0, initial=-3),
    "min_where": lambda n, z: n.min(z, axis=0, initial=4, where=z > 0),
    "mean": lambda n, z: n.mean(z, axis=0),
    "var": lambda n, z: n.var(z, axis=0),
    "cumsum": lambda n, z: n.cumsum(z, axis=0),
    "cumprod": lambda n, z: n.cumprod(z, axis=-1),
    "sort": lambda n, z: n.sort(z, axis=0),
    "argsort": lambda n, z: n.argsort(z, axis=0),
    "matmul": lambda n, z: n.matmul(n.swapaxes(z, 0, -1), z),
    "concat": lambda n, z: n.concatenate([z, z], axis=0),
    "any_all": lambda n, z: n.stack([n.any(z, axis=0), n.all(z, axis=0)]),
    "count_nonzero": lambda n, z: n.count_nonzero(z, axis=0),
    "diff": lambda n, z: n.diff(z, axis=0),
    "flip_roll": lambda n, z: n.roll(n.flip(z, 0), 2, axis=0),
    "pad": lambda n, z: n.pad(z, [(1, 2)] + [(0, 0)] * (z.ndim - 1)),
    "ptp_keepdims": lambda n, z: n.ptp(z, axis=-1, keepdims=True),
    "nansum": lambda n, z: n.nansum(z, axis=0),
    "median": lambda n, z: n.median(z, axis=-1),
    "unique_size": lambda n, z: n.unique(z, size=2, fill_value=1),
    "tensordot": lambda n, z: n.tensordot(z, z, axes=(0, 0)),
    "einsum": lambda n, z: n.einsum("i...,i...->...", z, z),
    "repeat": lambda n, z: n.repeat(z, 3, axis=0),
    "where": lambda n, z: n.where(z > 0, z, -z),
}


def _empty_entry(name, fn):
    def apply(B, x, y):
        z = x[:0]
        if not B.jaxlike:
            with np.errstate(all="ignore"):
                return _numpy_empty(name, fn, z)
        return fn(B.np, z)

    entry(name, lambda x: x.ndim >= 1)(apply)


def _numpy_empty(name, fn, z):
    """NumPy's value of the entry (its shape; jnp's dtype rules for the reductions NumPy widens
    or NumPy lacks)."""
    if name.endswith("median") or name.endswith("_mean") or name.endswith("_var"):
        dtype = z.dtype if _is_float(z) else np.float32
        return np.zeros(z.shape[:-1] if name.endswith("median") else z.shape[1:], dtype)
    if name.endswith("unique_size"):
        return np.zeros((2,), z.dtype)
    if name.endswith("_sum") or name.endswith("_prod") or name.endswith("nansum"):
        return np.zeros(z.shape[1:], _sum_dtype(z))
    if name.endswith("cumsum") or name.endswith("cumprod"):
        return np.zeros(z.shape, _sum_dtype(z))
    if name.endswith("argsort"):
        return np.zeros(z.shape, np.int32)
    if name.endswith("count_nonzero"):
        return np.zeros(z.shape[1:], np.int32)
    return np.asarray(fn(np, z))


def _sum_dtype(z):
    """jnp's sum dtype with x64 off: bool and narrow integers widen to int32 / uint32."""
    if z.dtype == np.bool_ or (z.dtype.kind == "i" and z.dtype.itemsize < 4):
        return np.int32
    if z.dtype.kind == "u" and z.dtype.itemsize < 4:
        return np.uint32
    return z.dtype


for _name, _fn in EMPTY20.items():
    _empty_entry("empty20_" + _name, _fn)


# ---------------------------------------------------------------------------------------------
# np20r: the samplers no round drew, typed and raw keys, each a block of a sharded key array

_GROUP[0] = "np20r"

RANDOM20 = {
    "binomial": lambda R, n, k: R.binomial(k, n.asarray([5.0, 0.0, 20.0]),
                                           n.asarray([0.3, 0.5, 1.0])),
    "geometric": lambda R, n, k: R.geometric(k, 0.3, (3,)).astype(n.float32),
    "chisquare": lambda R, n, k: R.chisquare(k, 3.0, (3,)),
    "f": lambda R, n, k: R.f(k, 2.0, 5.0, (3,)),
    "wald": lambda R, n, k: R.wald(k, n.asarray([0.5, 1.0, 3.0])),
    "weibull_min": lambda R, n, k: R.weibull_min(k, 1.5, 0.5, (3,)),
    "pareto": lambda R, n, k: R.pareto(k, n.asarray([1.0, 2.0, 3.0])),
    "maxwell": lambda R, n, k: R.maxwell(k, (3,)),
    "double_sided_maxwell": lambda R, n, k: R.double_sided_maxwell(k, 0.5, 2.0, (3,)),
    "generalized_normal": lambda R, n, k: R.generalized_normal(k, 1.5, (3,)),
    "lognormal": lambda R, n, k: R.lognormal(k, 0.5, (3,)),
    "loggamma": lambda R, n, k: R.loggamma(k, n.asarray([0.1, 1.0, 5.0])),
    "triangular": lambda R, n, k: R.triangular(k, -1.0, 0.5, 2.0, (3,)),
    "rayleigh": lambda R, n, k: R.rayleigh(k, 2.0, (3,)),
    "multivariate_normal": lambda R, n, k: R.multivariate_normal(
        k, n.zeros(3), n.asarray([[2.0, 0.5, 0.0], [0.5, 1.0, 0.2], [0.0, 0.2, 1.5]])),
    "orthogonal": lambda R, n, k: R.orthogonal(k, 3)[0],
    "ball": lambda R, n, k: R.ball(k, 3, 1.5),
    "multinomial": lambda R, n, k: R.multinomial(k, 10.0, n.asarray([0.2, 0.5, 0.3])),
    "gamma_bf16": lambda R, n, k: R.gamma(k, 2.0, (3,), n.bfloat16).astype(n.float32),
    "exponential_f16": lambda R, n, k: R.exponential(k, (3,), n.float16).astype(n.float32),
}


def _random20(B, x, kind, typed):
    size = int(np.prod(list(B.mesh.shape.values())))
    if not B.jaxlike:
        return _zeros((size, 3), "float32")
    keys = _sharded_keys(B, B.random, typed, size)
    return B.vmap(lambda k: RANDOM20[kind](B.random, B.np, k).astype(B.np.float32))(keys)


for _kind in RANDOM20:
    for _typed in (True, False):
        entry(f"random20_{_kind}_{'typed' if _typed else 'raw'}", lambda x: str(x.dtype) ==
              "float32")(lambda B, x, y, _kind=_kind, _typed=_typed: _random20(B, x, _kind, _typed))


# ---------------------------------------------------------------------------------------------
# np20t: transform compositions the earlier rounds did not stack (float32 x, a value of x's
# shape or a scalar)

_GROUP[0] = "np20t"


def _smooth(n, v):
    return n.sin(v) * n.tanh(v * 0.5) + v * v * 0.25


def _switch_rows(B, x):  # a batched index: every branch runs, a select picks
    n, lax = B.np, B.lax
    idx = (n.abs(n.ravel(x)[: x.shape[0]] * 3).astype(n.int32)) % 4 - 1  # -1: clamped to 0
    return B.vmap(lambda i, r: lax.switch(i, [n.sin, n.cos, lambda v: v * 2, n.tanh], r))(idx, x)


def _while_rows(B, x):  # a batched predicate over a mixed carry (int count, float value)
    n, lax = B.np, B.lax

    def row(r):
        def body(c):
            return c[0] + 1, c[1] * 1.5 - 0.25, c[2] + n.sum(c[1])

        return lax.while_loop(lambda c: (c[0] < 5) & (n.max(n.abs(c[1])) < 4.0), body,
                              (0, r, n.float32(0)))

    k, v, t = B.vmap(row)(x)
    return v + (k.astype(v.dtype) + t).reshape((-1,) + (1,) * (v.ndim - 1))


def _grad_vmap_scan_reverse(B, x):
    n, lax, api = B.np, B.lax, B.api

    def loss(v):
        def body(c, r):
            c = c * 0.5 + _smooth(n, r)
            return c, c * r

        return n.sum(B.vmap(lambda col: lax.scan(body, col[0] * 0, col, reverse=True)[1],
                            in_axes=-1, out_axes=-1)(v))

    return api.grad(loss)(x)


def _jacrev_jacfwd(B, x):
    api, n = B.api, B.np
    v = n.ravel(x)[:3]
    return api.jacrev(api.jacfwd(lambda u: n.sum(_smooth(n, u) * u[::-1])))(v)


def _linear_transpose_vmap(B, x):
    api, n = B.api, B.np
    f = api.vmap(lambda r: n.cumsum(r[::-1]) * 2.0)
    return api.linear_transpose(f, x)(x * 0.5)[0]


def _jvp_of_custom_vjp(B, x):  # JAX's TypeError: no forward mode through a custom_vjp
    api, n = B.api, B.np

    @api.custom_vjp
    def f(v):
        return n.sin(v)

    f.defvjp(lambda v: (n.sin(v), n.cos(v)), lambda c, g: (g * c,))
    return api.jvp(f, (x,), (n.ones_like(x),))[1]


def _remat_policy(B, x, policy):
    api, n = B.api, B.np
    cp = api.checkpoint_policies
    pol = {
        "save_only_these_names": lambda: cp.save_only_these_names("h"),
        "save_anything_except_these_names": lambda: cp.save_anything_except_these_names("h"),
        "dots_with_no_batch_dims_saveable": lambda: cp.dots_with_no_batch_dims_saveable,
        "save_from_both_policies": lambda: cp.save_from_both_policies(
            cp.dots_saveable, cp.save_only_these_names("h")),
    }[policy]()

    def f(v):
        h = _module(B, "ad_checkpoint").checkpoint_name(_smooth(n, v), "h")
        m = v.reshape(v.shape[0], -1)
        return n.sum(h) + n.sum((m @ m.T) * 0.1)

    return api.grad(api.checkpoint(f, policy=pol, prevent_cse=False))(x)


def _custom_jvp_nondiff_vmap(B, x):
    api, n = B.api, B.np

    @api.custom_jvp
    def f(v, k):
        return v * k

    f.defjvp(lambda primals, tangents: (f(*primals), tangents[0] * primals[1] * 2))
    return B.vmap(api.grad(lambda v, k: n.sum(f(n.sin(v), k))), in_axes=(0, None))(x, 3.0)


TRANSFORMS20 = {
    "vmap_switch_batched": _switch_rows,
    "vmap_while_mixed_carry": _while_rows,
    "grad_vmap_scan_reverse": _grad_vmap_scan_reverse,
    "jacrev_jacfwd": _jacrev_jacfwd,
    "linear_transpose_vmap": _linear_transpose_vmap,
    "jvp_of_custom_vjp": _jvp_of_custom_vjp,
    "custom_jvp_vmap_grad": _custom_jvp_nondiff_vmap,
}
for _policy in ("save_only_these_names", "save_anything_except_these_names",
                "dots_with_no_batch_dims_saveable", "save_from_both_policies"):
    TRANSFORMS20["remat_" + _policy] = lambda B, x, _p=_policy: _remat_policy(B, x, _p)


def _transform20(B, kind, x):
    if B.jaxlike:
        return TRANSFORMS20[kind](B, x)
    shape = (3, 3) if kind == "jacrev_jacfwd" else x.shape
    return _zeros(shape, "float32")


for _kind in TRANSFORMS20:
    entry(f"transform20_{_kind}", lambda x: str(x.dtype) == "float32" and x.ndim >= 2
          and x.size >= 3)(lambda B, x, y, _k=_kind: _transform20(B, _k, x))


# ---------------------------------------------------------------------------------------------
# np20s (never under vmap): `out_sharding=` keywords on Explicit-sharded values (round 17's
# np17s resharding: dim 0 over the mesh's first axis, the last dim over its second)

_GROUP[0] = "np20s"


def _first(m):
    return m.axis_names[0]


OUT_SHARDING20 = {  # name -> (JAX's shape of x's shape, op on the resharded value)
    "zeros": (lambda s: s, lambda B, m, v: B.np.zeros(
        v.shape, v.dtype, out_sharding=_on(B, m, _first(m))) + v),
    "ones_like": (lambda s: s, lambda B, m, v: B.np.ones_like(v, out_sharding=_on(B, m)) * v),
    "full": (lambda s: s, lambda B, m, v: B.np.full(
        v.shape, 2, v.dtype, out_sharding=_on(B, m, *[None] * (v.ndim - 1), _first(m))) - v),
    "full_like": (lambda s: s, lambda B, m, v: B.np.full_like(
        v, 3, out_sharding=_on(B, m, _first(m))) + v),
    "zeros_like_keeps": (lambda s: s, lambda B, m, v: B.np.zeros_like(v) + v),
    "reshape": (lambda s: (int(np.prod(s)),), lambda B, m, v: B.np.reshape(
        v, (-1,), out_sharding=_on(B, m, _first(m)))),
    "reshape_replicated": (lambda s: (int(np.prod(s)),), lambda B, m, v: B.np.reshape(
        v, (-1,), out_sharding=_on(B, m))),
    "ravel": (lambda s: (int(np.prod(s)),), lambda B, m, v: B.np.ravel(
        v, out_sharding=_on(B, m))),
    "broadcast_to": (lambda s: (2,) + tuple(s), lambda B, m, v: B.np.broadcast_to(
        v, (2,) + v.shape, out_sharding=_on(B, m, None, _first(m)))),
    "einsum_contract": (lambda s: tuple(s[1:]), lambda B, m, v: B.np.einsum(
        "i...,i...->...", v, v, out_sharding=_on(B, m))),
    "at_get": (lambda s: tuple(s[1:]), lambda B, m, v: v.at[0].get(out_sharding=_on(B, m))),
}


def _out_sharding20(B, kind, x):
    shape_fn, fn = OUT_SHARDING20[kind]
    if not B.jaxlike:
        return _zeros(shape_fn(tuple(x.shape)), x.dtype)
    mesh, v = _explicit(B, x)
    return B.api.sharding.reshard(fn(B, mesh, v), _on(B, B.mesh))


for _kind in OUT_SHARDING20:
    entry(f"out_sharding20_{_kind}", lambda x: x.ndim >= 1 and x.size > 0 and _num(x))(
        lambda B, x, y, _k=_kind: _out_sharding20(B, _k, x))

op("np_np20", numpy_ref=False, grad_ok=False)((_drawer("np20"), _apply_api))
op("np_np20t", numpy_ref=False, grad_ok=False)((_drawer("np20t"), _apply_api))
op("np_np20r", numpy_ref=False, grad_ok=False)((_drawer("np20r"), _apply_api))
op("np_np20s", numpy_ref=False, vmap_ok=False, grad_ok=False)((_drawer("np20s"), _apply_api))
