# jax.numpy.einsum with contraction paths: optimize=True / False / 'greedy' / 'optimal' / an
# explicit path from jnp.einsum_path, preferred_element_type, and einsums in a bilinear model
import numpy as np
import jax
import jax.numpy as jnp

rng = np.random.RandomState(0)
a = jnp.asarray(rng.randn(3, 4).astype(np.float32))
b = jnp.asarray(rng.randn(4, 5).astype(np.float32))
c = jnp.asarray(rng.randn(5, 2).astype(np.float32))
ref = np.einsum('ij,jk,kl->il', np.asarray(a), np.asarray(b), np.asarray(c))
for opt in (True, False, 'greedy', 'optimal'):
    out = jnp.einsum('ij,jk,kl->il', a, b, c, optimize=opt)
    print(opt, out.shape, bool(np.allclose(out, ref, atol=1e-5)))

path, info = jnp.einsum_path('ij,jk,kl->il', a, b, c, optimize='greedy')
print(path)
out = jnp.einsum('ij,jk,kl->il', a, b, c, optimize=path)
print(bool(np.allclose(out, ref, atol=1e-5)))
print(jnp.round(out, 4))

# the implicit output, traces, diagonals, outer products, ellipses
m = jnp.arange(9.0).reshape(3, 3)
print(jnp.einsum('ii', m), jnp.einsum('ii->i', m), jnp.einsum('ij->ji', m)[0])
print(jnp.einsum('i,j', jnp.arange(2.0), jnp.arange(3.0)))
x = jnp.arange(24.0).reshape(2, 3, 4)
print(jnp.einsum('...ij,...jk->...ik', x, jnp.ones((2, 4, 1))).shape)
print(jnp.einsum('bij->b', x))
print(jnp.einsum(x, [0, 1, 2], [0, 2]))

# integers and precision
ia = jnp.arange(6, dtype=jnp.int8).reshape(2, 3)
out = jnp.einsum('ij,kj->ik', ia, ia, preferred_element_type=jnp.int32)
print(out, out.dtype)
print(jnp.einsum('ij,kj->ik', ia, ia).dtype)
hi = jnp.einsum('ij,jk->ik', a, b, precision=jax.lax.Precision.HIGHEST)
print(bool(np.allclose(hi, np.asarray(a) @ np.asarray(b), atol=1e-5)))

# a bilinear model, its gradient and a batched version
W = jnp.asarray(rng.randn(4, 3, 2).astype(np.float32))


def bilinear(W, u, v):
    return jnp.einsum('i,ijk,j->k', u, W, v, optimize='optimal')


u, v = jnp.ones(4), jnp.arange(3.0)
print(jnp.round(bilinear(W, u, v), 4))
g = jax.grad(lambda W: bilinear(W, u, v).sum())(W)
print(g.shape, jnp.round(g[:, :, 0], 4))
us, vs = jnp.ones((5, 4)), jnp.ones((5, 3))
print(jax.vmap(bilinear, (None, 0, 0))(W, us, vs).shape)
print(jax.jit(bilinear)(W, u, v).dtype)
try:
    jnp.einsum('ij,jk->ik', a, c)
except ValueError as e:
    print("ValueError")
