# jax.scipy.special / stats / signal / optimize: logsumexp options, special functions and
# their gradients, distributions' logpdf / cdf / ppf, multivariate normal, signal convolutions
# and spectral estimates, minimize
import jax
import jax.numpy as jnp
from jax.scipy import special, stats, signal, optimize

a = jnp.array([[1., 2., 3.], [-1., 0., 10.]])
print(jnp.round(special.logsumexp(a), 5), jnp.round(special.logsumexp(a, axis=1), 5))
print(special.logsumexp(jnp.array([1., 2.]), b=jnp.array([1., -1.]), return_sign=True))
print(jnp.round(special.logsumexp(a, axis=0, keepdims=True, b=0.5), 5))
print(jnp.round(special.softmax(a, axis=1), 4), jnp.round(special.log_softmax(a[0]), 4))
print(special.xlogy(0., 0.), special.xlog1py(0., -1.), jnp.round(special.entr(jnp.array([0.5, 1., 0.])), 4))
print(jnp.round(special.gammaln(jnp.array([0.5, 5.])), 5), jnp.round(special.digamma(jnp.array([1., 2.5])), 5))
print(jnp.round(special.betainc(2., 3., jnp.array([0.2, 0.8])), 5), jnp.round(special.betaln(2., 3.), 5))
print(jnp.round(special.gammainc(2., jnp.array([0.5, 3.])), 5), jnp.round(special.gammaincc(2., 1.), 5))
print(jnp.round(special.erf(0.5), 5), jnp.round(special.erfc(0.5), 5), jnp.round(special.erfinv(0.5), 5))
print(jnp.round(special.ndtr(jnp.array([-1., 0., 1.])), 5), jnp.round(special.ndtri(jnp.array([0.1, 0.5])), 5))
print(jnp.round(special.log_ndtr(-10.), 4), jnp.round(special.expit(2.), 5), jnp.round(special.logit(0.25), 5))
print(jnp.round(special.zeta(2., 1.), 5), jnp.round(special.polygamma(1, 1.), 5), special.factorial(5.))
print(jnp.round(special.i0e(1.), 5), jnp.round(special.i1(1.), 5), jnp.round(special.multigammaln(3., 2), 4))
print(jnp.round(jax.grad(special.gammaln)(3.), 5), jnp.round(jax.grad(lambda x: special.betainc(2., 3., x))(0.4), 5))
print(jnp.round(jax.vmap(jax.grad(special.erf))(jnp.array([0., 1.])), 5))
print(jnp.round(jax.grad(lambda s: special.zeta(s, 1.))(3.), 5), jnp.round(jax.grad(lambda q: special.zeta(3., q))(2.), 5))

x = jnp.array([-1., 0., 1.5])
print(jnp.round(stats.norm.logpdf(x, loc=0.5, scale=2.), 5), jnp.round(stats.norm.cdf(x), 5))
print(jnp.round(stats.norm.ppf(jnp.array([0.025, 0.5, 0.975])), 4), jnp.round(stats.norm.sf(1.), 5))
print(jnp.round(stats.t.logpdf(x, df=3.), 5), jnp.round(stats.beta.pdf(0.3, 2., 5.), 5))
print(jnp.round(stats.gamma.logpdf(2., a=3., scale=0.5), 5), jnp.round(stats.expon.cdf(1., scale=2.), 5))
print(jnp.round(stats.poisson.pmf(jnp.arange(4), 2.), 5), jnp.round(stats.bernoulli.logpmf(1, 0.3), 5))
print(jnp.round(stats.binom.pmf(2, 5, 0.4), 5), jnp.round(stats.uniform.pdf(0.5, 0., 2.), 5))
print(jnp.round(stats.laplace.logpdf(x), 5), jnp.round(stats.cauchy.cdf(1.), 5), jnp.round(stats.logistic.ppf(0.75), 5))
mean, cov = jnp.array([0., 1.]), jnp.array([[2., 0.3], [0.3, 1.]])
pts = jnp.array([[0., 0.], [1., 1.], [-1., 2.]])
print(jnp.round(stats.multivariate_normal.logpdf(pts, mean, cov), 5))
print(jnp.round(stats.multivariate_normal.pdf(pts[0], mean, cov), 5))
print(jnp.round(stats.dirichlet.logpdf(jnp.array([0.2, 0.3, 0.5]), jnp.array([1., 2., 3.])), 5))
print(jnp.round(stats.gaussian_kde(jnp.array([0., 1., 1.5, 3.])).evaluate(jnp.array([1.])), 5))
print(stats.rankdata(jnp.array([3., 1., 4., 1.])), stats.mode(jnp.array([1, 2, 2, 3])))
print(jnp.round(stats.entropy(jnp.array([0.5, 0.25, 0.25])), 5), jnp.round(stats.vonmises.logpdf(0.5, 2.), 5))

sig = jnp.array([1., 2., 3., 0., -1., 2.])
ker = jnp.array([0.25, 0.5, 0.25])
print(signal.convolve(sig, ker, mode="same"), signal.correlate(sig, ker, mode="valid"))
print(jnp.round(signal.fftconvolve(sig, ker), 5))
img = jnp.arange(16.).reshape(4, 4)
print(signal.convolve2d(img, jnp.ones((2, 2)), mode="valid"))
print(signal.correlate2d(img, jnp.array([[1., -1.]]), mode="same", boundary="fill"))
print(jnp.round(signal.detrend(jnp.array([1., 2.5, 2.9, 4.2])), 5))
t = jnp.arange(64.)
f, pxx = signal.welch(jnp.sin(2 * jnp.pi * t / 8), nperseg=16)
print(f.shape, jnp.argmax(pxx), jnp.round(f[jnp.argmax(pxx)], 4))
f2, t2, z = signal.stft(jnp.cos(t / 3), nperseg=16)
print(f2.shape, t2.shape, z.shape, z.dtype)
_, rec = signal.istft(z, nperseg=16)
print(jnp.allclose(rec[:64], jnp.cos(t / 3), atol=1e-4))

def rosen(x):
    return jnp.sum(100. * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


res = optimize.minimize(rosen, jnp.array([-1.2, 1.0]), method="BFGS")
print(jnp.round(res.x, 3), res.success, jnp.round(res.fun, 6) < 1e-6)
res2 = optimize.minimize(lambda p: jnp.sum((p - jnp.array([1., -2.])) ** 2), jnp.zeros(2), method="BFGS")
print(jnp.round(res2.x, 4), res2.status, type(res2).__name__)
