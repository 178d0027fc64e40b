"""meshjit.scipy.stats (implemented in meshjit.compiler.scipy.stats)."""

from meshjit.compiler.scipy.stats import (
    bernoulli,
    beta,
    gamma,
    multivariate_normal,
    norm,
    uniform,
)

__all__ = ["bernoulli", "beta", "gamma", "multivariate_normal", "norm", "uniform"]
