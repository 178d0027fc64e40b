# "Automatic vectorization" (the page's convolve example is in vmap_autodiff.py and
# r17_vmap_page_axes.py): nested vmap for pairwise distances, vmap of pytrees with None axes,
# axis_name with psum / pmean / all_gather, spmd-free axis_size, vmap of functions with keyword
# args, and the errors of inconsistent sizes
import jax
import jax.numpy as jnp


points = jnp.arange(12.0).reshape(4, 3)
pairwise = jax.vmap(jax.vmap(lambda a, b: jnp.linalg.norm(a - b), (None, 0)), (0, None))(points, points)
print(pairwise)
print(jax.vmap(lambda a: a.sum(), in_axes=1)(points), jax.vmap(jnp.outer, in_axes=(0, None), out_axes=2)(points, jnp.ones(2)).shape)
tree = {"a": jnp.ones((3, 2)), "b": (jnp.arange(3.0), jnp.float32(5))}
print(jax.vmap(lambda t: t["a"].sum() * t["b"][0] + t["b"][1], in_axes=({"a": 0, "b": (0, None)},))(tree))
print(jax.vmap(lambda a, b: (a * b, b), in_axes=(0, None), out_axes=(0, None))(jnp.arange(3.0), 2.0))
print(jax.vmap(lambda x: x - jax.lax.pmean(x, "i"), axis_name="i")(jnp.arange(4.0)))
print(jax.vmap(lambda x: jax.lax.psum(x, "i") * jnp.ones(2), axis_name="i")(jnp.arange(3.0)))
print(jax.vmap(lambda x: jax.lax.all_gather(x, "i"), axis_name="i")(jnp.arange(3.0)))
print(jax.vmap(lambda x: jax.lax.axis_index("i") * x, axis_name="i")(jnp.ones(4)))
print(jax.vmap(jax.vmap(lambda x: jax.lax.psum(x, ("i", "j")), axis_name="j"), axis_name="i")(jnp.arange(6.0).reshape(2, 3)))
print(jax.vmap(lambda x, scale=1.0: x * scale)(jnp.arange(3.0), 2 * jnp.ones(3)))
print(jax.vmap(lambda x, *, scale: x * scale)(jnp.arange(3.0), scale=jnp.full(3, 3.0)))
print(jax.vmap(lambda: 1.0, axis_size=3)(), jax.vmap(lambda x: x, in_axes=None, axis_size=2)(jnp.ones(2)))
try:
    jax.vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4))
except ValueError as e:
    print("ValueError", str(e).splitlines()[0])
try:
    jax.vmap(lambda a: a, in_axes=2)(jnp.ones(3))
except ValueError as e:
    print("ValueError", str(e).splitlines()[0])
try:
    jax.vmap(lambda a: a)(1.0)
except ValueError as e:
    print("ValueError", str(e).splitlines()[0][:90])
per_ex = jax.vmap(jax.grad(lambda w, x: jnp.sum((x @ w) ** 2)), in_axes=(None, 0))(jnp.ones((3, 2)), jnp.arange(12.0).reshape(4, 3))
print(per_ex.shape, per_ex[1])
print(jax.vmap(jnp.diag)(jnp.arange(6.0).reshape(2, 3)))
print(jax.vmap(lambda m: jnp.linalg.solve(m, jnp.ones(2)))(jnp.stack([jnp.eye(2), 2 * jnp.eye(2)])))
print(jax.vmap(lambda x, i: x[i])(jnp.arange(12.0).reshape(3, 4), jnp.array([0, 2, 3])))
print(jax.vmap(lambda x, i: jax.lax.dynamic_slice(x, (i,), (2,)))(jnp.arange(12.0).reshape(3, 4), jnp.array([0, 2, 3])))
print(jax.vmap(lambda c, a, b: jax.lax.cond(c, lambda: a, lambda: b))(jnp.array([True, False]), jnp.ones(2), jnp.zeros(2)))
print(jax.vmap(lambda n: jax.lax.while_loop(lambda c: c < n, lambda c: c + 1, 0))(jnp.array([1, 5, 3])))
