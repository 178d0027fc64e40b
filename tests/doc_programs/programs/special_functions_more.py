# jax.scipy.special: bessel_jn (its docstring: orders 0..v at once), the incomplete gamma and
# beta functions, zeta / polygamma, xlogy / xlog1py / entr, logsumexp with b= and return_sign,
# log_ndtr / ndtri, and gradients through them
import jax
import jax.numpy as jnp
from jax.scipy import special

z = jnp.array([3.0, 5.5, 8.0, 12.0])
print(special.bessel_jn(z, v=2))
print(special.bessel_jn(z, v=0, n_iter=40))
print(special.bessel_jn(jnp.array([[4.0, 6.0], [9.0, 10.0]]), v=1).shape)
print(jax.jit(lambda x: special.bessel_jn(x, v=3))(z)[3])
print(special.gammainc(2.0, z), special.gammaincc(2.0, z))
print(special.betainc(2.0, 3.0, jnp.array([0.1, 0.5, 0.9])))
print(special.zeta(jnp.array([2.0, 3.0, 4.5]), 1.0))
print(special.polygamma(1, jnp.array([0.5, 1.0, 2.5])))
print(special.xlogy(jnp.array([0.0, 1.0, 2.0]), jnp.array([0.0, 2.0, 3.0])))
print(special.xlog1py(jnp.array([0.0, 1.0]), jnp.array([-1.0, 1.0])))
print(special.entr(jnp.array([0.0, 0.5, 1.0, -1.0])))
a = jnp.array([1.0, 2.0, 3.0])
print(special.logsumexp(a, b=jnp.array([1.0, -1.0, 0.5])))
print(special.logsumexp(a, b=jnp.array([1.0, -1.0, -0.5]), return_sign=True))
print(special.logsumexp(jnp.array([[1.0, 2.0], [3.0, 4.0]]), axis=0, keepdims=True))
print(special.log_ndtr(jnp.array([-10.0, 0.0, 3.0])), special.ndtri(jnp.array([0.025, 0.5, 0.975])))
print(jax.grad(lambda x: special.gammaln(x) + special.digamma(x))(2.5))
print(jax.grad(lambda x: special.logsumexp(x * a))(0.5))
print(jax.vmap(jax.grad(special.erf))(jnp.array([0.0, 0.5, 1.0])))
n, m = jnp.array([1, 2, 3]), jnp.array([1, -1, 0])
print(special.sph_harm_y(n, m, jnp.array([0.3, 1.2, 2.0]), jnp.array([0.5, 1.0, 4.0]), n_max=3))
print(jnp.abs(special.sph_harm_y(jnp.array([2]), jnp.array([2]), 1.0, jnp.array([0.0]))))
