"""The distributions beyond norm / uniform / beta / gamma / bernoulli / multivariate_normal
against JAX 0.10.2: each module's functions at once (one jit per distribution), values and
the gradient of their finite sum, over points inside, at and outside each support."""

import numpy as np
import pytest

import meshjit
from meshjit.scipy import stats
from tests.support.jax_cases import jax_case_tests

HARNESS = r'''
import importlib

st = importlib.import_module(jax.__name__ + ".scipy.stats")
f32 = np.float32
X = np.array([-30.0, -4.0, -1.0, -0.2, 0.0, 0.3, 1.0, 1.5, 2.0, 4.0, 9.0, 40.0], f32)
Q = np.array([0.0, 1e-6, 0.02, 0.3, 0.5, 0.77, 0.999, 1.0, 1.2, -0.1, np.nan, 0.9], f32)
K = np.array([0.0, 1.0, 2.0, 3.0, 5.0, 8.0, 12.0, 2.5, -1.0, 20.0, 4.0, 7.0], f32)


def each(module, names, *args):
    def fn(x):
        return tuple(getattr(module, n)(x, *args) for n in names)
    return fn


CONT = ("logpdf", "pdf", "cdf", "logcdf", "sf", "logsf")
CASES = {
    "laplace": (each(st.laplace, ("logpdf", "pdf", "cdf"), 0.5, 2.0), X),
    "cauchy": (each(st.cauchy, CONT, 0.5, 2.0), X),
    "cauchy_q": (each(st.cauchy, ("ppf", "isf"), 0.5, 2.0), Q),
    "expon": (each(st.expon, CONT, 0.5, 2.0), X),
    "expon_q": (each(st.expon, ("ppf",), 0.5, 2.0), Q),
    "logistic": (each(st.logistic, ("logpdf", "pdf", "cdf", "sf"), 0.5, 2.0), X),
    "logistic_q": (each(st.logistic, ("ppf", "isf"), 0.5, 2.0), Q),
    "t": (each(st.t, ("logpdf", "pdf"), 3.5, 0.5, 2.0), X),
    "t_df": (lambda x: st.t.logpdf(1.3, jnp.abs(x) + 0.5), X),
    "chi2": (each(st.chi2, CONT, 3.0, -0.5, 2.0), X),
    "pareto": (each(st.pareto, CONT, 2.5, -0.5, 1.5), X),
    "pareto_q": (each(st.pareto, ("ppf",), 2.5, -0.5, 1.5), Q),
    "poisson": (each(st.poisson, ("logpmf", "pmf", "cdf"), 3.5), K),
    "poisson_entropy": (lambda x: st.poisson.entropy(x), np.array([0.0, 0.5, 3.0, 9.9, 10.0, 50.0, 99.0, 150.0, 1e4], f32)),
    "binom": (each(st.binom, ("logpmf", "pmf"), 12.0, 0.3), K),
    "binom_p": (lambda x: st.binom.logpmf(K, 12.0, x), np.clip(Q, 0.01, 0.99)),
    "geom": (each(st.geom, ("logpmf", "pmf"), 0.3), K),
    "nbinom": (each(st.nbinom, ("logpmf", "pmf"), 4.0, 0.3), K),
    "betabinom": (each(st.betabinom, ("logpmf", "pmf"), 12.0, 2.0, 3.5), K),
    "gumbel_l": (each(st.gumbel_l, CONT, 0.5, 2.0), X),
    "gumbel_l_q": (each(st.gumbel_l, ("ppf",), 0.5, 2.0), Q),
    "gumbel_r": (each(st.gumbel_r, CONT, 0.5, 2.0), X),
    "gumbel_r_q": (each(st.gumbel_r, ("ppf",), 0.5, 2.0), Q),
    "vonmises": (each(st.vonmises, ("logpdf", "pdf"), 2.5), X),
    "vonmises_kappa": (lambda x: st.vonmises.logpdf(0.7, x), X),
    "truncnorm": (each(st.truncnorm, CONT, -1.0, 2.0, 0.5, 1.5), X),
    "dirichlet": (lambda x: st.dirichlet.logpdf(x, np.array([1.5, 2.0, 0.7], f32)), np.array([[0.2, 0.5, 0.1], [0.3, 0.2, 0.1], [0.5, 0.3, 0.8]], f32)),
    "dirichlet_short": (lambda x: st.dirichlet.pdf(x, np.array([1.5, 2.0, 0.7], f32)), np.array([[0.2, 0.5], [0.3, 0.2]], f32)),
    "gennorm": (each(st.gennorm, ("logpdf", "pdf", "cdf"), 1.5), X),
    "wrapcauchy": (each(st.wrapcauchy, ("logpdf", "pdf"), 0.4), X),
    "multinomial": (lambda x: st.multinomial.logpmf(np.array([[1, 2, 3], [0, 6, 0]], np.int32), 6, x), np.array([0.2, 0.5, 0.3], f32)),
}
NO_GRAD = {"cauchy_q", "expon_q", "logistic_q", "pareto_q", "gumbel_l_q", "gumbel_r_q", "poisson_entropy"}


def run_case(case, record):
    fn, x = CASES[case]
    out = jax.jit(fn)(x)
    for i, leaf in enumerate(out if isinstance(out, tuple) else (out,)):
        record(f"{case}|{i}", leaf)

    def total(v):
        outs = fn(v)
        return sum(jnp.sum(jnp.where(jnp.isfinite(o), o, 0.0)) for o in (outs if isinstance(outs, tuple) else (outs,)))

    if case not in NO_GRAD:
        record(f"{case}|grad", jax.jit(jax.grad(total))(x))
'''

NAMES = [
    "laplace", "cauchy", "cauchy_q", "expon", "expon_q", "logistic", "logistic_q", "t", "t_df",
    "chi2", "pareto", "pareto_q", "poisson", "poisson_entropy", "binom", "binom_p", "geom",
    "nbinom", "betabinom", "gumbel_l", "gumbel_l_q", "gumbel_r", "gumbel_r_q", "vonmises",
    "vonmises_kappa", "truncnorm", "dirichlet", "dirichlet_short", "multinomial", "gennorm", "wrapcauchy",
]  # fmt: skip
LOOSE = {"chi2": 2e-6, "truncnorm": 2e-6, "poisson": 2e-6}


jax_results, test_same_as_jax = jax_case_tests(NAMES, HARNESS, 5e-7, LOOSE)



def test_bad_input():
    with pytest.raises(meshjit.MeshjitValueError, match="must be of integer type"):
        stats.multinomial.logpmf(np.array([1.0, 2.0]), 3, np.array([0.5, 0.5]))
    with pytest.raises(meshjit.MeshjitValueError, match="`alpha` must be one-dimensional"):
        stats.dirichlet.logpdf(np.ones(3) / 3, np.ones((3, 1)))
    with pytest.raises(meshjit.MeshjitValueError, match="one entry fewer"):
        stats.dirichlet.logpdf(np.ones(5) / 5, np.ones(3))


def test_cdfs_of_python_scalars_stay_weak_as_jax():
    """JAX clamps with `_const` bounds (Python scalars for a weak scalar x), so chi2 / beta /
    pareto's cdf family of Python scalars is weak, as the densities are (meshjit clamped with
    strong NumPy bounds), and so are chi2's and gamma's densities, gamma.sf, poisson.cdf and
    bernoulli's cdf / ppf (meshjit cast them with astype or built strong constants)."""
    outs = [
        *(f(0.3, 2.0) for f in (stats.chi2.cdf, stats.chi2.sf, stats.chi2.logcdf)),
        *(f(0.3, 2.0, 3.0) for f in (stats.beta.cdf, stats.beta.sf, stats.beta.logsf)),
        *(f(2.0, 1.5) for f in (stats.pareto.cdf, stats.pareto.sf, stats.pareto.logsf)),
    ]
    outs += [stats.chi2.pdf(0.3, 2.0), stats.gamma.logpdf(0.3, 2.0), stats.gamma.sf(0.3, 2.0)]
    outs += [stats.poisson.cdf(1.0, 2.0), stats.bernoulli.cdf(1.0, 0.4)]
    outs += [stats.bernoulli.ppf(0.3, 0.4)]
    assert [o.weak_type for o in outs] == [True] * 15
    assert not stats.beta.cdf(np.float32(0.3), 2.0, 3.0).weak_type
    assert not stats.chi2.cdf(np.ones(3, np.float32), 2.0).weak_type
