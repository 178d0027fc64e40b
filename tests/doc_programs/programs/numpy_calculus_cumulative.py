# jax.numpy's calculus-like helpers: gradient with spacings and axes, diff with n / prepend /
# append, ediff1d, trapezoid (x, dx) and jax.scipy.integrate.trapezoid, cumulative_sum /
# cumulative_prod with include_initial, nancumsum, polyder / polyint / polyadd / polymul /
# roots, vander, apply_along_axis, apply_over_axes, and their jit / grad
import jax
import jax.numpy as jnp
from jax.scipy.integrate import trapezoid

y = jnp.array([1., 2., 4., 7., 11.])
print(jnp.gradient(y), jnp.gradient(y, 2.), jnp.gradient(y, jnp.array([0., 1., 1.5, 3.5, 4.])))
m = jnp.array([[1., 2., 6.], [3., 4., 5.]])
print(jnp.gradient(m), jnp.gradient(m, axis=1), jnp.gradient(m, 1., 2.)[1])
print(jnp.diff(y), jnp.diff(y, n=2), jnp.diff(y, prepend=0.), jnp.diff(y, append=jnp.array([20., 30.])))
print(jnp.diff(m, axis=0), jnp.ediff1d(y), jnp.ediff1d(y, to_begin=jnp.array([-1.]), to_end=99.))
print(jnp.trapezoid(y), jnp.trapezoid(y, dx=0.5), jnp.trapezoid(y, x=jnp.array([0., 1., 3., 4., 8.])))
print(trapezoid(m, axis=0), trapezoid(m, x=jnp.array([0., 2., 3.])))
print(jnp.cumulative_sum(y), jnp.cumulative_sum(y, include_initial=True), jnp.cumulative_sum(m, axis=1))
print(jnp.cumulative_prod(m, axis=0, include_initial=True), jnp.cumulative_sum(m, axis=0, dtype=jnp.int32))
print(jnp.nancumsum(jnp.array([1., jnp.nan, 2.])), jnp.nancumprod(jnp.array([2., jnp.nan, 3.])))
p = jnp.array([1., -3., 2.])
print(jnp.polyder(p), jnp.polyint(p), jnp.polyint(p, m=2, k=jnp.array([1., 2.])), jnp.polyder(p, m=2))
print(jnp.polyadd(p, jnp.array([1., 1.])), jnp.polysub(p, p), jnp.polymul(p, jnp.array([1., 1.])))
print(jnp.sort_complex(jnp.roots(p)), jnp.round(jnp.roots(jnp.array([1., 0., -4.]), strip_zeros=False).real, 4))
print(jnp.polydiv(jnp.array([1., -3., 2.]), jnp.array([1., -1.])))
print(jnp.vander(jnp.array([1, 2, 3])), jnp.vander(jnp.array([1., 2.]), N=4, increasing=True))
print(jnp.apply_along_axis(lambda v: v[0] + v[-1], 1, m), jnp.apply_along_axis(jnp.sort, 0, m))
print(jnp.apply_over_axes(jnp.sum, jnp.arange(24.).reshape(2, 3, 4), [0, 2]))
print(jax.grad(lambda y: jnp.trapezoid(y ** 2))(y), jax.jit(jnp.gradient)(y))
print(jax.grad(lambda v: jnp.diff(v, n=2).sum())(y), jax.jit(jnp.cumulative_sum, static_argnames="include_initial")(y, include_initial=True))
print(jnp.interp(2.5, jnp.arange(5.), y), jnp.polyval(jnp.polyint(p), 2.) - jnp.polyval(jnp.polyint(p), 0.))
