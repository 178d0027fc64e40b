"""meshjit.random: JAX's random API, with JAX 0.10.2's bits (threefry2x32, partitionable)."""

from meshjit.compiler.random.api import PRNGKey, bits, clone, fold_in, key, split
from meshjit.compiler.random.discrete import categorical, choice, permutation, poisson
from meshjit.compiler.random.gamma import (
    ball,
    beta,
    chisquare,
    dirichlet,
    gamma,
    generalized_normal,
    loggamma,
    t,
)
from meshjit.compiler.random.keys import key_data, key_impl, wrap_key_data
from meshjit.compiler.random.multivariate import multivariate_normal
from meshjit.compiler.random.samplers import (
    bernoulli,
    cauchy,
    exponential,
    gumbel,
    laplace,
    logistic,
    normal,
    rademacher,
    randint,
    truncated_normal,
    uniform,
)

__all__ = [
    "PRNGKey",
    "ball",
    "bernoulli",
    "beta",
    "bits",
    "categorical",
    "cauchy",
    "chisquare",
    "choice",
    "clone",
    "dirichlet",
    "exponential",
    "fold_in",
    "gamma",
    "generalized_normal",
    "gumbel",
    "key",
    "key_data",
    "key_impl",
    "laplace",
    "loggamma",
    "logistic",
    "multivariate_normal",
    "normal",
    "permutation",
    "poisson",
    "rademacher",
    "randint",
    "split",
    "t",
    "truncated_normal",
    "uniform",
    "wrap_key_data",
]
