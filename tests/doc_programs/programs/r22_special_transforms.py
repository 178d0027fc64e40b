# jax.scipy.special under transformations: gradients of gammaln / digamma / betaln / erf /
# erfinv / ndtri / log_ndtr / i0e / i1e / expit / logit / xlogy / xlog1py / entr / gammainc /
# betainc / logsumexp with b and return_sign, hessians and jacfwd, vmap over parameters, and
# the derivatives that are NaN or missing (gammainc in a)
import jax
import jax.numpy as jnp
from jax.scipy import special as sp

x = jnp.array([0.5, 1.0, 2.5, 7.0])
for name in [
    "gammaln",
    "digamma",
    "erf",
    "erfc",
    "erfinv",
    "ndtri",
    "log_ndtr",
    "ndtr",
    "i0e",
    "i1e",
    "i0",
    "i1",
    "expit",
    "logit",
    "entr",
    "expi",
    "exp1",
    "spence",
]:
    f = getattr(sp, name)
    arg = x / 8 if name in ("erfinv", "ndtri", "logit") else x
    print(name, jax.vmap(jax.grad(f))(arg))
print(jax.grad(sp.betaln, argnums=(0, 1))(2.0, 3.0))
print(jax.grad(sp.xlogy, argnums=(0, 1))(2.0, 3.0), jax.grad(sp.xlogy)(0.0, 0.0))
print(jax.grad(sp.xlog1py, argnums=(0, 1))(2.0, 0.5))
print(jax.grad(lambda t: sp.gammainc(2.0, t))(1.5), jax.grad(lambda t: sp.gammaincc(2.0, t))(1.5))
print(jax.grad(lambda t: sp.betainc(2.0, 3.0, t))(0.4))
print(jax.grad(lambda a: sp.gammainc(a, 1.5))(2.0))
print(jax.grad(lambda v: sp.logsumexp(v, b=jnp.array([1.0, 2.0, 0.5, 1.0])))(x))
print(sp.logsumexp(jnp.array([1.0, 2.0]), b=jnp.array([1.0, -2.0]), return_sign=True))
print(jax.grad(lambda v: sp.logsumexp(v, axis=0, keepdims=True).sum())(x.reshape(2, 2)))
print(jax.hessian(sp.gammaln)(3.0), jax.hessian(sp.log_ndtr)(-2.0))
print(jax.jacfwd(sp.polygamma, argnums=1)(1, x))
print(sp.zeta(3.0, 1.0), jax.grad(sp.zeta, argnums=1)(3.0, 1.5))
print(jax.vmap(sp.gammainc, in_axes=(0, None))(jnp.array([1.0, 2.0, 3.0]), 2.0))
print(jax.vmap(lambda n: sp.poch(n, 3.0))(jnp.array([1.0, 2.0])))
print(jax.grad(sp.multigammaln)(3.5, 2))
print(jax.grad(lambda t: sp.rel_entr(t, 0.5))(0.25), jax.grad(lambda t: sp.kl_div(t, 0.5))(0.25))
print(jax.grad(lambda t: sp.softmax(jnp.array([t, 1.0, 2.0]))[0])(0.5))
print(jax.grad(lambda t: sp.log_softmax(jnp.array([t, 1.0, 2.0]))[1])(0.5))
print(jax.jit(jax.grad(lambda t: jnp.sum(sp.bessel_jn(t, v=3))))(1.5))
print(jax.grad(lambda t: sp.ndtri(sp.ndtr(t)))(0.3))
