"""A Python list (or tuple) where an array goes, refused as JAX 0.10.2 refuses it: jax.scipy's
special functions, distributions, special matrices, transforms, jax.numpy.fft and some jnp
functions (diagflat, histogramdd, polydiv, repeat, searchsorted, unpackbits, vecdot) call JAX's
`check_arraylike` (through promote_args_inexact / ensure_arraylike), which raises TypeError
"<name> requires ndarray or scalar arguments, got <class 'list'> at position <i>." meshjit
used to convert the list and compute. Each function is called with a list at each of its
first positions (0.5 elsewhere); the error type and message are JAX's (one JAX subprocess)."""

import numpy as np

from tests.support.jax_oracle import meshjit_results, message_of, oracle_fixture

# module: {number of positional arguments: function names}
FUNCTIONS = {
    "numpy": {1: "diagflat histogramdd unpackbits", 2: "polydiv repeat searchsorted vecdot",
              -2: "broadcast_to expand_dims"},  # -n: n arguments, a list in the first only
    "numpy.fft": {1: "fft fft2 fftn fftshift hfft ifft ifft2 ifftn ifftshift irfft irfft2 irfftn "
                     "rfft rfft2 rfftn"},
    "scipy.cluster.vq": {2: "vq"},
    "scipy.fft": {1: "dct dctn idct idctn"},
    "scipy.integrate": {1: "trapezoid"},
    "scipy.linalg": {1: "circulant companion det fiedler fiedler_companion hankel inv toeplitz",
                     2: "leslie solve"},
    "scipy.signal": {1: "istft", 2: "fftconvolve"},
    "scipy.special": {
        1: "dawsn digamma entr erf erfc erfcx erfinv exp1 expi expit factorial fresnel gamma "
           "gammaln gammasgn i0 i0e i1 i1e log_softmax loggamma logit logsumexp sici softmax wofz",
        2: "beta betaln boxcox boxcox1p comb gammainc gammaincc kl_div owens_t poch rel_entr "
           "xlog1py xlogy",
        3: "betainc",
    },
    "scipy.stats": {1: "mode rankdata sem"},
    "scipy.stats.bernoulli": {2: "cdf logpmf pmf ppf"},
    "scipy.stats.beta": {3: "cdf logcdf logpdf logsf pdf sf"},
    "scipy.stats.binom": {3: "logpmf pmf"},
    "scipy.stats.cauchy": {1: "cdf isf logcdf logpdf logsf pdf ppf sf"},
    "scipy.stats.chi2": {2: "cdf logcdf logpdf logsf pdf sf"},
    "scipy.stats.expon": {1: "cdf logcdf logpdf logsf pdf ppf sf"},
    "scipy.stats.gamma": {2: "cdf logcdf logpdf logsf pdf sf"},
    "scipy.stats.gennorm": {2: "cdf logpdf pdf"},
    "scipy.stats.geom": {2: "logpmf pmf"},
    "scipy.stats.gumbel_l": {1: "cdf logcdf logpdf logsf pdf ppf sf"},
    "scipy.stats.gumbel_r": {1: "cdf logcdf logpdf logsf pdf ppf sf"},
    "scipy.stats.laplace": {1: "cdf logpdf pdf"},
    "scipy.stats.logistic": {1: "cdf isf logpdf pdf ppf sf"},
    "scipy.stats.multinomial": {3: "logpmf pmf"},
    "scipy.stats.nbinom": {3: "logpmf pmf"},
    "scipy.stats.norm": {1: "cdf logcdf logpdf logsf pdf sf"},
    "scipy.stats.pareto": {2: "cdf logcdf logpdf logsf pdf ppf sf"},
    "scipy.stats.poisson": {1: "entropy", 2: "cdf logpmf pmf"},
    "scipy.stats.t": {2: "logpdf pdf"},
    "scipy.stats.truncnorm": {3: "cdf logcdf logpdf logsf pdf sf"},
    "scipy.stats.uniform": {1: "cdf logpdf pdf ppf"},
    "scipy.stats.vonmises": {2: "logpdf pdf"},
    "scipy.stats.wrapcauchy": {2: "logpdf pdf"},
}  # fmt: skip

HARNESS = f"""
import importlib
FUNCTIONS = {FUNCTIONS!r}


def run_case(case, record):
    for module, by_count in FUNCTIONS.items():
        mod = importlib.import_module(jax.__name__ + "." + module)
        for count, names in by_count.items():
            for name in names.split():
                for position in range(count if count > 0 else 1):
                    args = [0.5] * abs(count)
                    args[position] = [0.5, 0.25]
                    try:
                        getattr(mod, name)(*args)
                        said = "no error"
                    except TypeError as e:
                        said = "TypeError: " + str(e)
                    except Exception as e:
                        said = type(e).__name__
                    record(f"{{module}}.{{name}}/{{position}}", np.array(said))
"""

jax_results = oracle_fixture(["lists"], HARNESS)


def test_lists_refused_with_jax_words(jax_results):
    want = {k.split("|")[0]: str(v[1]) for k, v in jax_results.results().items()}
    got = {k: str(v[1]) for k, v in meshjit_results(HARNESS, "lists").items()}
    assert sorted(got) == sorted(want)
    assert len(want) == 285
    wrong = {k: (got[k], want[k]) for k in want if got[k] != want[k]}
    assert not wrong, wrong
    assert all("requires ndarray or scalar arguments" in w for w in want.values())


def test_arrays_and_scalars_still_taken():
    import meshjit.scipy.special as special
    import meshjit.scipy.stats.norm as norm

    x = np.array([0.5, 0.25], np.float32)
    np.testing.assert_allclose(special.erf(x), [0.5204999, 0.2763264], rtol=1e-6)
    np.testing.assert_allclose(norm.sf(x), 1 - norm.cdf(x), rtol=1e-6)
    np.testing.assert_allclose(float(special.gammaln(0.5)), 0.5723649, rtol=1e-6)
    try:
        norm.sf(0.5, [0.0])
    except TypeError as e:  # a list in a later position: its position
        assert message_of(e).startswith("norm.sf requires ndarray or scalar arguments, got ")
        assert "at position 1." in message_of(e)
    else:
        raise AssertionError("norm.sf took a list")


ACCEPTED = r"""
import importlib
sp = importlib.import_module(jax.__name__ + ".scipy.special")
CASES = {  # JAX's vectorized functions take lists (jnp.vectorize converts them), as values
    "hyp1f1": lambda: sp.hyp1f1([0.5, 0.7], 0.5, 0.5),
    "hyp2f1": lambda: sp.hyp2f1(0.5, [0.5, 0.25], 0.5, 0.2),
    "expn": lambda: sp.expn([1, 2], 0.5),
    "vectorize": lambda: jnp.vectorize(lambda a, b: a * b + 1)([1, 2], 3.0),
}


def run_case(case, record):
    record(case, CASES[case]())
"""

accepted_results = oracle_fixture(["hyp1f1", "hyp2f1", "expn", "vectorize"], ACCEPTED)


def test_vectorized_functions_take_lists_as_jax(accepted_results):
    for case in ("hyp1f1", "hyp2f1", "expn", "vectorize"):
        (dtype, bits), (got_dtype, got_bits) = (
            accepted_results.results()[case],
            meshjit_results(ACCEPTED, case)[case],
        )
        assert got_dtype == dtype, case
        np.testing.assert_allclose(got_bits.view(dtype), bits.view(dtype), rtol=2e-6, err_msg=case)


def test_ndtri_refuses_a_list_as_jax():
    import meshjit.scipy.special as special

    try:
        special.ndtri([0.5, 0.25])
    except TypeError as e:
        assert message_of(e) == "Cannot determine dtype of [0.5, 0.25]"
    else:
        raise AssertionError("ndtri took a list")
