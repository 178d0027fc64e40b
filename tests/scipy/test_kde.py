"""scipy.stats.gaussian_kde against JAX 0.10.2: evaluate / logpdf with each bandwidth rule and
weights, the 1-D box and Gaussian and KDE integrals, resampling (JAX's draws), a KDE built under
jit and its gradient in the data; jnp.cov's weights, which the KDE uses."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.scipy import stats
from tests.support.jax_cases import RUN_THUNK, jax_case_tests

HARNESS = r'''
import importlib

st = importlib.import_module(jax.__name__ + ".scipy.stats")
rng = np.random.default_rng(0)
DATA = rng.standard_normal((2, 30)).astype(np.float32)
W = rng.uniform(0.5, 1.5, 30).astype(np.float32)
PTS = rng.standard_normal((2, 5)).astype(np.float32)
LINE = np.linspace(-2, 2, 5).astype(np.float32)
CASES = {
    "evaluate": lambda: (st.gaussian_kde(DATA).evaluate(PTS), st.gaussian_kde(DATA, "silverman", W).logpdf(PTS), st.gaussian_kde(DATA[0], bw_method=0.3)(LINE)),
    "integrals": lambda: (st.gaussian_kde(DATA[0]).integrate_box_1d(-1.0, 0.5), st.gaussian_kde(DATA).integrate_gaussian(np.zeros(2, np.float32), np.eye(2, dtype=np.float32)), st.gaussian_kde(DATA).integrate_kde(st.gaussian_kde(DATA, weights=W))),
    "resample": lambda: st.gaussian_kde(DATA, weights=W).resample(jax.random.PRNGKey(1), (4,)),
    "grad": lambda: jax.grad(lambda d: st.gaussian_kde(d).logpdf(PTS).sum())(DATA),
    "cov_weights": lambda: (jnp.cov(DATA, aweights=W), jnp.cov(DATA, fweights=np.arange(1, 31), ddof=0), jnp.cov(DATA[0], DATA[1], aweights=W)),
}
''' + RUN_THUNK

NAMES = ["evaluate", "integrals", "resample", "grad", "cov_weights"]
jax_results, test_same_as_jax = jax_case_tests(NAMES, HARNESS, 2e-6)


def test_bad_input():
    data = np.random.default_rng(1).standard_normal((2, 10))
    with pytest.raises(meshjit.MeshjitValueError, match="bw_method"):
        stats.gaussian_kde(data, bw_method="wide")
    with pytest.raises(meshjit.MeshjitValueError, match="should be of length n"):
        stats.gaussian_kde(data, weights=np.ones(3))
    with pytest.raises(meshjit.MeshjitValueError, match="points have dimension 3"):
        stats.gaussian_kde(data).evaluate(np.ones((3, 2)))
    with pytest.raises(meshjit.MeshjitTypeError, match="fweights must be integer"):
        jnp.cov(data, fweights=np.ones(10))
    kde = stats.gaussian_kde(data)
    leaves, tree = meshjit.tree_util.tree_flatten(kde)
    assert len(leaves) == 5 and meshjit.tree_util.tree_unflatten(tree, leaves).d == 2
