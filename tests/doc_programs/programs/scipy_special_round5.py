# jax.scipy.special docstrings not yet run: fresnel, sici, wofz, hyp2f1, hyp1f1, lpmn /
# lpmn_values (deprecated), beta, loggamma, gammasgn, multigammaln, expn, i1, erfcx-like
# identities, and their derivatives
import warnings
import jax
import jax.numpy as jnp
import jax.scipy.special as sp

x = jnp.array([0.1, 0.5, 1.0, 2.0, 5.0])
S, C = sp.fresnel(x)
print(S, C)
print(sp.fresnel(jnp.array(-0.7)))
si, ci = sp.sici(x)
print(si, ci)
print(sp.sici(jnp.array([0.0, -1.0])))
z = jnp.array([0.5 + 0.5j, 1.0 + 0.0j, -1.0 + 2.0j, 3.0 - 1.0j], dtype=jnp.complex64)
print(sp.wofz(z))
print(sp.hyp2f1(1., 1., 2., jnp.array([-0.5, 0.0, 0.5, 0.9])))
print(sp.hyp2f1(0.5, 1.5, 2.5, 0.3), sp.hyp2f1(-2., 1., 1., 0.5))
print(sp.hyp1f1(1., 2., jnp.array([0.5, 1.0, 2.0])))
print(sp.beta(2., 3.), sp.betaln(2., 3.))
print(sp.loggamma(jnp.array([0.5, 3.0, 10.0])), sp.gammasgn(jnp.array([-1.5, -0.5, 2.0])))
print(sp.multigammaln(jnp.array([2.5, 4.0]), 2))
print(sp.expn(jnp.array([1, 2, 3]), 1.5), sp.i1(x[:3]), sp.i0(x[:3]))
print(sp.ndtri(jnp.array([0.1, 0.5, 0.975])), sp.erfinv(0.5))
print(jax.grad(lambda t: sp.fresnel(t)[0])(1.0), jax.grad(lambda t: sp.sici(t)[1])(2.0))
print(jax.jit(sp.hyp2f1)(1., 2., 3., jnp.float32(0.25)))
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    vals, derivs = sp.lpmn(2, 2, jnp.array([0.5]))
    print(vals.shape, vals[:, :, 0])
    print(derivs[:, :, 0])
    print(sp.lpmn_values(2, 2, jnp.array([0.0, 0.5]), is_normalized=False)[:, :, 1])
