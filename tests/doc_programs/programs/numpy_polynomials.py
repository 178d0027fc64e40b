# jax.numpy polynomial docstrings: poly, polyval, polyadd, polysub, polymul, polydiv, polyder,
# polyint, roots, polyfit, vander, and the trim_zeros / convolve helpers they build on
import jax
import jax.numpy as jnp

p = jnp.array([2, 5, 1])
print(jnp.polyval(p, 2), jnp.polyval(p, jnp.array([0., 1., -1.])))
print(jnp.polyadd(jnp.array([1, 2]), jnp.array([3, 4, 5])))
print(jnp.polysub(jnp.array([2, 3]), jnp.array([1, 1, 1])))
print(jnp.polymul(jnp.array([1, 2]), jnp.array([1, -1])))
print(jnp.polymul(jnp.array([1.0, 2.0, 3.0]), jnp.array([0.0, 1.0]), trim_leading_zeros=True))
q, r = jnp.polydiv(jnp.array([1., 5., 6.]), jnp.array([1., 2.]))
print(q, r)
print(jnp.polyder(jnp.array([1, 2, 3, 4])), jnp.polyder(jnp.array([1, 2, 3, 4]), m=2))
print(jnp.polyint(jnp.array([3., 2., 1.])), jnp.polyint(jnp.array([3., 2., 1.]), m=2, k=1))
print(jnp.poly(jnp.array([1., 2., 3.])))
print(jnp.poly(jnp.array([[1., 2.], [3., 4.]])))
with jnp.printoptions(precision=3, suppress=True):
    r = jnp.roots(jnp.array([1., -3., 2.]))
    print(jnp.sort_complex(r))
    print(jnp.roots(jnp.array([0., 1., -1.]), strip_zeros=True))
    x = jnp.linspace(0., 1., 6)
    y = 3 * x ** 2 - x + 0.5
    print(jnp.polyfit(x, y, 2))
    c, res, rank, sv, rcond = jnp.polyfit(x, y, 1, full=True)
    print(c, res, rank, sv.shape, rcond)
    print(jnp.polyfit(x, jnp.stack([y, 2 * y], axis=1), 2).shape)
print(jnp.vander(jnp.array([1, 2, 3])))
print(jnp.vander(jnp.array([1, 2, 3]), N=2, increasing=True))
print(jnp.trim_zeros(jnp.array([0, 0, 1, 2, 0])), jnp.trim_zeros(jnp.array([0, 1, 0]), 'f'))
print(jax.jit(jnp.polyval)(jnp.array([1., 0., -1.]), jnp.arange(3.)))
print(jax.grad(lambda x: jnp.polyval(jnp.array([1., 2., 3.]), x))(2.0))
