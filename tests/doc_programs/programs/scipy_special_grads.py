# jax.scipy.special as models use it: log-space helpers (logsumexp with b / return_sign / where,
# xlogy, xlog1py, entr, kl_div, rel_entr, log_ndtr, logit / expit), gamma-family functions and
# their gradients (gammaln, digamma, polygamma, betaln, gammainc / gammaincc, betainc),
# erf / erfinv / ndtri round trips, Bessel i0e / i1e / ive, zeta, expi / exp1 / expn, spence,
# multigammaln, factorial and comb
import jax
import jax.numpy as jnp
from jax.scipy import special as sp

r = lambda v: jnp.round(v, 4)
a = jnp.array([[1., 2., 3.], [0.5, -1., 10.]])
print(r(sp.logsumexp(a)), r(sp.logsumexp(a, axis=1)), r(sp.logsumexp(a, axis=0, keepdims=True)))
print(r(sp.logsumexp(a, b=jnp.array([1., -1., 0.5]), axis=1, return_sign=True)))
print(r(sp.logsumexp(a, axis=1, where=a > 1.)), r(sp.logsumexp(jnp.array([-jnp.inf, -jnp.inf]))))
print(r(jax.grad(lambda x: sp.logsumexp(x))(a[0])), r(jax.nn.logsumexp(a[1])))
x = jnp.array([0., 0.5, 1., 2.])
print(r(sp.xlogy(x, x)), r(sp.xlog1py(x, x - 1)), r(sp.entr(x)), r(sp.kl_div(x, x + 1)), r(sp.rel_entr(x, 2 * x + 1)))
print(r(sp.log_ndtr(jnp.array([-10., -1., 0., 3.]))), r(sp.logit(jnp.array([0.1, 0.5]))), r(sp.expit(jnp.array([-2., 3.]))))
print(r(jax.grad(lambda x: sp.xlogy(x, x))(0.5)), r(jax.grad(sp.log_ndtr)(-5.)))
z = jnp.array([0.5, 1., 2.5, 7.])
print(r(sp.gammaln(z)), r(sp.digamma(z)), r(sp.polygamma(1, z)), r(sp.polygamma(2, z)))
print(r(sp.gamma(jnp.array([-1.5, 0.5, 5.]))), r(sp.gammasgn(jnp.array([-1.5, -0.5, 2.]))), r(sp.rgamma(jnp.array([0., 3.]))))
print(r(sp.betaln(z, 2.)), r(sp.beta(z, 2.)), r(sp.gammainc(2., z)), r(sp.gammaincc(2., z)))
print(r(sp.betainc(2., 3., jnp.array([0.1, 0.5, 0.9]))), r(sp.poch(z, 2.)))
print(r(jax.grad(sp.gammaln)(3.)), r(jax.vmap(jax.grad(sp.digamma))(z)), r(jax.grad(sp.gammainc, argnums=1)(2., 1.5)))
print(r(jax.grad(sp.betainc, argnums=2)(2., 3., 0.4)), r(jax.grad(lambda a: sp.gammaln(a).sum())(z)))
e = jnp.array([-0.9, -0.3, 0., 0.5, 0.99])
print(r(sp.erf(e)), r(sp.erfc(e)), r(sp.erfinv(e)), r(sp.erf(sp.erfinv(e))))
print(r(sp.ndtri(jnp.array([0.025, 0.5, 0.975]))), r(sp.ndtr(sp.ndtri(jnp.array([0.1, 0.7])))))
print(r(jax.grad(sp.erfinv)(0.3)), r(jax.grad(sp.ndtri)(0.8)))
print(r(sp.i0e(z)), r(sp.i1e(z)), r(sp.i0(z)), r(sp.i1(z)))
print(r(sp.zeta(jnp.array([2., 3., 4.]), 1.)), r(sp.zeta(2., jnp.array([1., 2.]))))
print(r(sp.expi(jnp.array([-1., 0.5, 2.]))), r(sp.exp1(z)), r(sp.expn(2, z)))
print(r(sp.spence(jnp.array([0.5, 1., 2.]))), r(sp.multigammaln(jnp.array([3., 5.]), 2)))
print(sp.factorial(jnp.array([0, 3, 5])), r(sp.factorial(4.5)), sp.comb(5, 2), r(sp.comb(jnp.array([10., 6.]), 3.)))
print(r(sp.bernoulli(4)), r(sp.sinc(jnp.array([0., 0.5]))) if hasattr(sp, "sinc") else r(jnp.sinc(jnp.array([0., 0.5]))))
print(r(sp.softmax(a, axis=1)), r(sp.log_softmax(a[0])))
print(r(jax.jit(jax.grad(lambda p: -sp.xlogy(p, p).sum()))(jnp.array([0.2, 0.3, 0.5]))))
