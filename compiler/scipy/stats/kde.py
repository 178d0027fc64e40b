"""gaussian_kde: a Gaussian kernel density estimate (jax.scipy.stats.gaussian_kde), a pytree
holding the data, weights and bandwidth-scaled covariance; evaluated, integrated and resampled
as JAX does."""

from __future__ import annotations

import functools

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.batching.api import vmap
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.jit.api import jit
from meshjit.compiler.random.api import split
from meshjit.compiler.random.discrete import choice
from meshjit.compiler.random.multivariate import multivariate_normal
from meshjit.compiler.scipy import linalg
from meshjit.compiler.scipy.special import logsumexp, ndtr
from meshjit.compiler.scipy.stats.util import inexact
from meshjit.compiler.traceback_util import boundary_methods
from meshjit.compiler.tree_util import register_pytree_node_class

__all__ = ["gaussian_kde"]


def _dataset_and_weights(dataset, weights):
    dataset = jnp.atleast_2d(dataset)
    if jnp.iscomplexobj(dataset):
        raise MeshjitNotImplementedError("gaussian_kde does not support complex data")
    if not dataset.size > 1:
        raise MeshjitValueError("`dataset` input should have multiple elements.")
    n = dataset.shape[1]
    if weights is None:
        (dataset,) = inexact(dataset)
        return dataset, jnp.full(n, 1.0 / n, dtype=dataset.dtype)
    dataset, weights = inexact(dataset, weights)
    weights = jnp.atleast_1d(weights)
    weights = weights / jnp.sum(weights)
    if weights.ndim != 1:
        raise MeshjitValueError("`weights` input should be one-dimensional.")
    if weights.shape[0] != n:
        raise MeshjitValueError("`weights` input should be of length n")
    return dataset, weights


def _bandwidth_factor(kde, bw_method, d: int):
    bw_method = "scott" if bw_method is None else bw_method
    if isinstance(bw_method, str) and bw_method == "scott":
        return jnp.power(kde.neff, -1.0 / (d + 4))
    if isinstance(bw_method, str) and bw_method == "silverman":
        return jnp.power(kde.neff * (d + 2) / 4.0, -1.0 / (d + 4))
    if np.isscalar(bw_method) and not isinstance(bw_method, str):
        return bw_method
    if callable(bw_method):
        return bw_method(kde)
    raise MeshjitValueError("`bw_method` should be 'scott', 'silverman', a scalar, or a callable.")


@register_pytree_node_class
@boundary_methods("__init__")  # a bad dataset's error names the user's line
class gaussian_kde:
    __slots__ = ("neff", "dataset", "weights", "covariance", "inv_cov")

    def __init__(self, dataset, bw_method=None, weights=None):
        self.dataset, self.weights = _dataset_and_weights(dataset, weights)
        self.neff = 1 / jnp.sum(self.weights**2)
        factor = _bandwidth_factor(self, bw_method, self.dataset.shape[0])
        data_cov = jnp.atleast_2d(
            jnp.cov(self.dataset, rowvar=1, bias=False, aweights=self.weights)
        )
        self.covariance = data_cov * factor**2
        self.inv_cov = jnp.linalg.inv(data_cov) / factor**2

    def tree_flatten(self):
        return (self.neff, self.dataset, self.weights, self.covariance, self.inv_cov), None

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        kde = cls.__new__(cls)
        kde.neff, kde.dataset, kde.weights, kde.covariance, kde.inv_cov = children
        return kde

    @property
    def d(self):
        return self.dataset.shape[0]

    @property
    def n(self):
        return self.dataset.shape[1]

    def evaluate(self, points):
        points = self._reshape_points(points)
        return _kernel_eval(False, self.dataset.T, self.weights[:, None], points.T, self.inv_cov)[
            :, 0
        ]

    def __call__(self, points):
        return self.evaluate(points)

    def pdf(self, x):
        return self.evaluate(x)

    def logpdf(self, x):
        x = self._reshape_points(x)
        return _kernel_eval(True, self.dataset.T, self.weights[:, None], x.T, self.inv_cov)[:, 0]

    def integrate_gaussian(self, mean, cov):
        mean, cov = jnp.atleast_1d(jnp.squeeze(mean)), jnp.atleast_2d(cov)
        if mean.shape != (self.d,):
            raise MeshjitValueError(f"mean does not have dimension {self.d}")
        if cov.shape != (self.d, self.d):
            raise MeshjitValueError(f"covariance does not have dimension {self.d}")
        chol, norm = self._cho_and_norm(cov)
        return _kernel_convolve(chol, norm, self.dataset, self.weights, mean)

    def integrate_box_1d(self, low, high):
        if self.d != 1:
            raise MeshjitValueError("integrate_box_1d() only handles 1D pdfs")
        if np.ndim(low) != 0 or np.ndim(high) != 0:
            raise MeshjitValueError("the limits of integration in integrate_box_1d must be scalars")
        sigma = jnp.squeeze(jnp.sqrt(self.covariance))
        low = jnp.squeeze((low - self.dataset) / sigma)
        high = jnp.squeeze((high - self.dataset) / sigma)
        return jnp.sum(self.weights * (ndtr(high) - ndtr(low)))

    def integrate_kde(self, other):
        if other.d != self.d:
            raise MeshjitValueError("KDEs are not the same dimensionality")
        chol, norm = self._cho_and_norm(other.covariance)
        small, large = (self, other) if self.n < other.n else (other, self)
        convolve = functools.partial(_kernel_convolve, chol, norm, large.dataset, large.weights)
        return jnp.sum(vmap(convolve, in_axes=1)(small.dataset) * small.weights)

    def resample(self, key, shape=()):
        return _resample(self, key, tuple(shape))

    def integrate_box(self, low_bounds, high_bounds, maxpts=None):
        raise MeshjitNotImplementedError(
            "only 1D box integrations are supported; use `integrate_box_1d`"
        )

    def set_bandwidth(self, bw_method=None):
        raise MeshjitNotImplementedError(
            "dynamically changing the bandwidth method is not supported"
        )

    def _cho_and_norm(self, cov):
        chol = linalg.cho_factor(self.covariance + cov)
        norm = jnp.sqrt(2 * np.pi) ** self.d * jnp.prod(jnp.diag(chol[0]))
        return chol, 1.0 / norm

    def _reshape_points(self, points):
        points = jnp.atleast_2d(points)
        if jnp.iscomplexobj(points):
            raise MeshjitNotImplementedError("gaussian_kde does not support complex coordinates")
        d, m = points.shape
        if d != self.d:
            if d == 1 and m == self.d:
                return jnp.reshape(points, (self.d, 1))
            raise MeshjitValueError(f"points have dimension {d}, dataset has dimension {self.d}")
        return points


@functools.partial(jit, static_argnums=(2,))
def _resample(kde, key, shape):
    ind_key, eps_key = split(key)
    ind = choice(ind_key, kde.n, shape=shape, p=kde.weights)
    zero_mean = jnp.zeros(kde.d, kde.covariance.dtype)
    eps = multivariate_normal(
        eps_key, zero_mean, kde.covariance, shape=shape, dtype=kde.dataset.dtype
    ).T
    return kde.dataset[:, ind] + eps


def _kernel_convolve(chol, norm, target, weights, mean):
    diff = target - mean[:, None]
    alpha = linalg.cho_solve(chol, diff)
    arg = 0.5 * jnp.sum(diff * alpha, axis=0)
    return norm * jnp.sum(jnp.exp(-arg) * weights)


@functools.partial(jit, static_argnums=0)
def _kernel_eval(in_log, points, values, xi, precision):
    points, values, xi, precision = inexact(points, values, xi, precision)
    d = points.shape[1]
    if xi.shape[1] != d:
        raise MeshjitValueError("points and xi must have same trailing dim")
    if precision.shape != (d, d):
        raise MeshjitValueError("precision matrix must match data dims")
    whitening = linalg.cholesky(precision, lower=True)
    points, xi = jnp.dot(points, whitening), jnp.dot(xi, whitening)
    log_norm = jnp.sum(jnp.log(jnp.diag(whitening))) - 0.5 * d * jnp.log(2 * np.pi)

    def kernel(x_test, x_train, y_train):
        arg = log_norm - 0.5 * jnp.sum(jnp.square(x_train - x_test))
        return jnp.log(y_train) + arg if in_log else y_train * jnp.exp(arg)

    reduce = logsumexp if in_log else jnp.sum
    per_point = lambda x: reduce(vmap(kernel, in_axes=(None, 0, 0))(x, points, values), axis=0)  # noqa: E731
    return vmap(per_point)(xi)
