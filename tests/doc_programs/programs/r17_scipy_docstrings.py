# jax.scipy docstrings: special (logsumexp with b= / return_sign, gammaln, betainc, erfinv,
# xlogy, softmax), stats distributions' logpdf / cdf / ppf, linalg expm / lu_factor / lu_solve /
# cho_factor / cho_solve / solve_triangular / schur / sqrtm / polar / block_diag / toeplitz,
# integrate.trapezoid, optimize.minimize BFGS, ndimage.map_coordinates
import jax
import jax.numpy as jnp
import jax.scipy as jsp
import jax.scipy.optimize
from jax.scipy import linalg, special, stats

a = jnp.array([1., 2., 3.])
print(special.logsumexp(a), special.logsumexp(a, b=jnp.array([1., -1., 0.5]), return_sign=True))
print(special.logsumexp(jnp.arange(6.).reshape(2, 3), axis=1, keepdims=True, b=2.))
print(special.gammaln(a), special.betainc(2., 3., jnp.array([0.2, 0.5])), special.erfinv(jnp.array([0., 0.5, -0.9])))
print(special.xlogy(jnp.array([0., 1., 2.]), jnp.array([0., 3., 4.])), special.xlog1py(0., -1.))
print(special.softmax(a), special.log_softmax(a), special.expit(0.), special.logit(0.25))
print(special.gammainc(2., 1.5), special.gammaincc(2., 1.5), special.digamma(a), special.erfc(0.5))
print(stats.norm.logpdf(a, loc=1., scale=2.), stats.norm.cdf(0.), stats.norm.ppf(0.975))
print(stats.t.logpdf(1., df=3.), stats.beta.cdf(0.3, 2., 5.), stats.gamma.logpdf(2., a=3.))
print(stats.poisson.logpmf(jnp.arange(3), 2.), stats.binom.pmf(2, 5, 0.3), stats.bernoulli.logpmf(1, 0.7))
print(stats.multivariate_normal.logpdf(jnp.zeros(2), jnp.zeros(2), jnp.eye(2)))
print(stats.dirichlet.logpdf(jnp.array([0.2, 0.3, 0.5]), jnp.ones(3) * 2.), stats.expon.sf(1.))
print(stats.uniform.logpdf(jnp.array([-1., 0.5, 2.])), stats.laplace.cdf(0.3), stats.logistic.ppf(0.2))
A = jnp.array([[4., 1., 0.], [1., 3., 1.], [0., 1., 2.]])
b = jnp.array([1., 2., 3.])
print(linalg.expm(jnp.array([[0., 1.], [-1., 0.]])))
lu, piv = linalg.lu_factor(A)
print(piv, linalg.lu_solve((lu, piv), b))
c, low = linalg.cho_factor(A)
print(low, linalg.cho_solve((c, low), b))
L = jnp.linalg.cholesky(A)
print(linalg.solve_triangular(L, b, lower=True), linalg.solve_triangular(L, b, lower=True, trans='T'))
print(linalg.solve_triangular(L, b, lower=True, unit_diagonal=True))
T, Z = linalg.schur(A)
print(jnp.allclose(Z @ T @ Z.T, A, atol=1e-4))
S = linalg.sqrtm(A)
print(jnp.allclose((S @ S).real, A, atol=1e-3))
u, p = linalg.polar(A)
print(jnp.allclose(u @ p, A, atol=1e-4))
print(linalg.block_diag(jnp.ones((1, 2)), 2 * jnp.eye(2)))
print(linalg.toeplitz(jnp.array([1, 2, 3])), linalg.toeplitz(jnp.array([1, 2]), jnp.array([1, 5, 6])))
print(linalg.det(A), linalg.inv(A)[0], linalg.solve(A, b, assume_a='pos'))
print(linalg.eigh(A, eigvals_only=True))
print(jsp.integrate.trapezoid(jnp.array([1., 2., 3.]), dx=0.5), jsp.integrate.trapezoid(a ** 2, x=a))


def rosen(x):
    return jnp.sum(100. * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


res = jsp.optimize.minimize(rosen, jnp.array([-1., 1.5]), method='BFGS')
print(res.success, jnp.round(res.x, 3), res.nit > 0)
img = jnp.arange(12.).reshape(3, 4)
print(jsp.ndimage.map_coordinates(img, [jnp.array([0.5, 2.]), jnp.array([1.5, 3.])], order=1))
print(jsp.ndimage.map_coordinates(img, [jnp.array([-1., 4.]), jnp.array([0., 5.])], order=1, mode='nearest'))
print(jax.grad(lambda x: special.logsumexp(x, b=jnp.array([1., 2., 3.])))(a))
print(jax.vmap(stats.norm.logpdf, in_axes=(0, None))(a, 1.))
