# jax.scipy.special docstrings with values not printed before: beta / betaln / betainc, gamma
# and gammasgn at negatives, hyp1f1 / hyp2f1, fresnel, owens_t, dawsn, boxcox / boxcox1p,
# erfcx, bessel_jn, comb / factorial with exact=False, poch, and gradients of some.
import jax
import jax.numpy as jnp
import jax.scipy.special as sp

x = jnp.array([0.5, 1.0, 2.5])
print(sp.beta(x, 2.0), sp.betaln(x, 2.0), sp.betainc(2.0, 3.0, jnp.array([0.1, 0.5, 0.9])))
print(sp.gamma(jnp.array([-1.5, -0.5, 0.5, 4.0])), sp.gammasgn(jnp.array([-1.5, -0.5, 0.5])))
print(sp.hyp1f1(1.0, 2.0, x), sp.hyp2f1(1.0, 1.0, 2.0, jnp.array([0.1, 0.5])))
s, c = sp.fresnel(x)
print(s, c)
print(sp.owens_t(x, 0.5), sp.dawsn(x))
print(sp.boxcox(x, 0.5), sp.boxcox(x, 0.0), sp.boxcox1p(x, 0.25))
print(sp.erfcx(jnp.array([-1.0, 0.0, 10.0])), sp.ndtri(jnp.array([0.025, 0.5])))
print(sp.bessel_jn(jnp.array([1.0, 2.0]), v=2))
print(sp.comb(5.0, 2.0), sp.factorial(jnp.array([3.0, 4.5])), sp.poch(2.0, 3.0))
print(sp.polygamma(1, x), sp.digamma(x), sp.zeta(2.0, 1.0))
print(sp.multigammaln(2.5, 2), sp.spence(jnp.array([0.5, 1.0, 2.0])))
print(sp.i0(x), sp.i1e(x), sp.expn(2, x), sp.exp1(x))
print(sp.log_ndtr(jnp.array([-10.0, 0.0, 3.0])), sp.entr(jnp.array([0.0, 0.5, -1.0])))
print(sp.kl_div(1.0, 2.0), sp.rel_entr(1.0, 2.0), sp.xlogy(0.0, 0.0), sp.xlog1py(2.0, 1.0))
print(jax.grad(sp.betainc, argnums=2)(2.0, 3.0, 0.5))
print(jax.grad(sp.hyp1f1, argnums=2)(1.0, 2.0, 0.5))
print(jax.grad(lambda a: sp.gammaln(a))(2.5), jax.grad(sp.erfcx)(1.0), jax.grad(sp.dawsn)(0.5))
print(jax.vmap(jax.grad(sp.owens_t))(x, jnp.ones(3)))
print(sp.sph_harm_y(jnp.array([1]), jnp.array([1]), jnp.array([0.5]), jnp.array([0.3])))
