"""meshjit.random: JAX's random API, with JAX 0.10.2's bits (threefry2x32, partitionable)."""

from meshjit.compiler.random.api import PRNGKey, bits, clone, fold_in, key, out_sharded, split
from meshjit.compiler.random.binomial import binomial, multinomial
from meshjit.compiler.random.discrete import categorical, choice, permutation, poisson
from meshjit.compiler.random.distributions import (
    double_sided_maxwell,
    geometric,
    lognormal,
    maxwell,
    pareto,
    rayleigh,
    triangular,
    wald,
    weibull_min,
)
from meshjit.compiler.random.gamma import (
    ball,
    beta,
    chisquare,
    dirichlet,
    f,
    gamma,
    generalized_normal,
    loggamma,
    t,
)
from meshjit.compiler.random.keys import key_data, key_dtype, key_impl, wrap_key_data
from meshjit.compiler.random.multivariate import multivariate_normal, orthogonal
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

# JAX's samplers take out_sharding= (explicit sharding): the same draws, laid out by it.
bits, uniform, normal, truncated_normal, bernoulli, randint, exponential, permutation = map(
    out_sharded,
    (bits, uniform, normal, truncated_normal, bernoulli, randint, exponential, permutation),
)
lognormal, pareto, rayleigh, wald, triangular, geometric, maxwell = map(
    out_sharded, (lognormal, pareto, rayleigh, wald, triangular, geometric, maxwell)
)
ball, beta, categorical, cauchy, chisquare, dirichlet, f, gamma, generalized_normal = map(
    out_sharded,
    (ball, beta, categorical, cauchy, chisquare, dirichlet, f, gamma, generalized_normal),
)
gumbel, laplace, loggamma, logistic, multivariate_normal, orthogonal, poisson = map(
    out_sharded, (gumbel, laplace, loggamma, logistic, multivariate_normal, orthogonal, poisson)
)
rademacher, t = map(out_sharded, (rademacher, t))

__all__ = [
    "PRNGKey",
    "double_sided_maxwell",
    "geometric",
    "lognormal",
    "maxwell",
    "multinomial",
    "pareto",
    "rayleigh",
    "triangular",
    "wald",
    "weibull_min",
    "ball",
    "bernoulli",
    "binomial",
    "beta",
    "bits",
    "categorical",
    "cauchy",
    "chisquare",
    "choice",
    "clone",
    "dirichlet",
    "exponential",
    "f",
    "fold_in",
    "gamma",
    "generalized_normal",
    "gumbel",
    "key",
    "key_data",
    "key_dtype",
    "key_impl",
    "laplace",
    "loggamma",
    "logistic",
    "multivariate_normal",
    "normal",
    "orthogonal",
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
