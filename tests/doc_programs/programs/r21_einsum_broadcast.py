# jnp.einsum as its docstring shows it: ellipsis broadcasting of batch dimensions, size-1
# dimensions broadcast against others, repeated indices (a diagonal, a trace), outer and
# implicit-output forms, three operands with optimize choices, preferred_element_type, the
# operand-list (interleaved) form, and einsum under grad / vmap
import jax
import jax.numpy as jnp

a = jnp.arange(24.0).reshape(2, 3, 4)
b = jnp.arange(20.0).reshape(4, 5)
print(jnp.einsum("...ij,jk->...ik", a, b).shape, jnp.einsum("bij,jk", a, b).shape)
print(jnp.einsum("...ij,...jk->...ik", jnp.ones((5, 1, 2, 3)), jnp.ones((4, 3, 2))).shape)
m = jnp.arange(9.0).reshape(3, 3)
print(jnp.einsum("ii->i", m), jnp.einsum("ii", m), jnp.einsum("ij->ji", m)[0])
v = jnp.arange(3.0)
print(jnp.einsum("i,j->ij", v, v + 1), jnp.einsum("i,i", v, v), jnp.einsum("i,i->", v, v))
print(
    jnp.einsum("ij,jk,kl->il", m, m, m, optimize="greedy")[0],
    jnp.einsum("ij,jk,kl->il", m, m, m, optimize=False)[0],
)
print(jnp.einsum("ij,jk,kl->il", m, m, m, optimize="optimal")[2])
ints = jnp.arange(6, dtype=jnp.int8).reshape(2, 3)
print(jnp.einsum("ij,kj->ik", ints, ints, preferred_element_type=jnp.int32).dtype)
print(
    jnp.einsum(m, [0, 1], v, [1], [0]),
    jnp.einsum(a, [Ellipsis, 0, 1], b, [1, 2], [Ellipsis, 0, 2]).shape,
)
print(jax.grad(lambda w: jnp.einsum("ij,j->", m, w))(v))
print(jax.vmap(lambda r: jnp.einsum("i,ij->j", r, m))(m))
print(jnp.einsum("bhqd,bhkd->bhqk", jnp.ones((1, 2, 3, 4)), jnp.ones((1, 2, 5, 4))).shape)
print(jnp.einsum("ij,ij->i", m, m), jnp.einsum("ijk->kji", a).shape, jnp.einsum("...,...", v, 2.0))
