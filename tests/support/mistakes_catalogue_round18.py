# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 18 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules):
mistakes inside the bodies of transforms (jit, vmap, scan, grad, cond, while_loop, fori_loop,
shard_map, checkpoint, jacfwd, lax.map, eval_shape, jit of vmap; the traceback ends on the
body's line; then eight of them inside nested and less-used transforms), explicit sharding,
shard_map specs, collectives' axis names and sizes, jax.export, pytrees, custom_jvp /
custom_vjp rules, dtypes, jax.random, lax shape checks, NumPy API mistakes in jnp, devices and
meshes, loop lengths and branch outputs, `.at[]` and indexing, vmap / grad / jit arguments,
jax.nn and jnp functions inside transforms, arrays from shards, Array methods, stages,
callbacks. A bare `@mistake()` marks a program JAX 0.10.2
accepts (meshjit must too). The file runs after the earlier rounds but uses only the runner's
names and its own."""

x18 = np.arange(6, dtype=np.float32).reshape(2, 3)
xs18 = np.arange(24, dtype=np.float32).reshape(4, 2, 3)
k18 = random.key(0)
mesh18 = jax.make_mesh((2,), ("x",), axis_types=(AxisType.Auto,))
mesh18x = jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Auto, AxisType.Auto))
emesh18 = jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit, AxisType.Explicit))


def _sub18(name):
    """The library's submodule `name` (jax.<name> or meshjit.<name>)."""
    import importlib

    return importlib.import_module(f"{jax.__name__}.{name}")


def _smap18(f, in_specs, out_specs, mesh=mesh18x, **kw):
    return jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, **kw)


def _eput18(shape, spec, mesh=emesh18):
    return jax.device_put(jnp.ones(shape), NamedSharding(mesh, spec))


# ---------------------------------------------------------------------------------------------
# Mistakes inside transforms' bodies: the traceback ends on the body's line


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_jit_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.jit(body)(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_jit_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.jit(body)(x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_jit_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.jit(body)(x18)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (2, 3), (3,).")
def r18_jit_body_concatenate_ranks():
    def body(a):
        return jnp.concatenate([a, jnp.ones(3)])

    return jax.jit(body)(x18)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0)")
def r18_jit_body_transpose_perm():
    def body(a):
        return jnp.transpose(a, (0, 0))

    return jax.jit(body)(x18)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_jit_body_squeeze():
    def body(a):
        return jnp.squeeze(a, axis=1)

    return jax.jit(body)(x18)


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r18_jit_body_einsum():
    def body(a):
        return jnp.einsum("ij,jk->ik", a, a)

    return jax.jit(body)(x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_jit_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.jit(body)(x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_jit_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.jit(body)(x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_jit_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.jit(body)(x18)


@mistake("array split does not result in an equal division: rest is 1")
def r18_jit_body_split_uneven():
    def body(a):
        return jnp.split(a, 2, axis=1)[0]

    return jax.jit(body)(x18)


@mistake()
def r18_jit_body_index_out_of_bounds():
    def body(a):
        return a[:, 5]

    return jax.jit(body)(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (2, 3), (4,)]")
def r18_jit_body_where_shapes():
    def body(a):
        return jnp.where(a > 0, a, jnp.ones(4))

    return jax.jit(body)(x18)


@mistake("Incompatible types for broadcasting: input type=float32[2,3] and requested")
def r18_jit_body_broadcast_to():
    def body(a):
        return jnp.broadcast_to(a, (4, 3))

    return jax.jit(body)(x18)


@mistake("data type 'float33' not understood")
def r18_jit_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.jit(body)(x18)


@mistake("All input arrays must have the same shape. Got (2, 3), (3, 2).")
def r18_jit_body_stack_shapes():
    def body(a):
        return jnp.stack([a, a.T])

    return jax.jit(body)(x18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_jit_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return jax.jit(body)(x18)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r18_jit_body_python_if():
    def body(a):
        return a if a.sum() > 0 else -a

    return jax.jit(body)(x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_vmap_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.vmap(body)(xs18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_vmap_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.vmap(body)(xs18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_vmap_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.vmap(body)(xs18)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got")
def r18_vmap_body_concatenate_ranks():
    def body(a):
        return jnp.concatenate([a, jnp.ones(3)])

    return jax.vmap(body)(xs18)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation")
def r18_vmap_body_transpose_perm():
    def body(a):
        return jnp.transpose(a, (0, 0))

    return jax.vmap(body)(xs18)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_vmap_body_squeeze():
    def body(a):
        return jnp.squeeze(a, axis=1)

    return jax.vmap(body)(xs18)


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r18_vmap_body_einsum():
    def body(a):
        return jnp.einsum("ij,jk->ik", a, a)

    return jax.vmap(body)(xs18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_vmap_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.vmap(body)(xs18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_vmap_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.vmap(body)(xs18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_vmap_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.vmap(body)(xs18)


@mistake("array split does not result in an equal division: rest is 1")
def r18_vmap_body_split_uneven():
    def body(a):
        return jnp.split(a, 2, axis=1)[0]

    return jax.vmap(body)(xs18)


@mistake()
def r18_vmap_body_index_out_of_bounds():
    def body(a):
        return a[:, 5]

    return jax.vmap(body)(xs18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (2, 3), (4,)]")
def r18_vmap_body_where_shapes():
    def body(a):
        return jnp.where(a > 0, a, jnp.ones(4))

    return jax.vmap(body)(xs18)


@mistake("Incompatible types for broadcasting: input type=float32[2,3] and requested")
def r18_vmap_body_broadcast_to():
    def body(a):
        return jnp.broadcast_to(a, (4, 3))

    return jax.vmap(body)(xs18)


@mistake("data type 'float33' not understood")
def r18_vmap_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.vmap(body)(xs18)


@mistake("All input arrays must have the same shape. Got")
def r18_vmap_body_stack_shapes():
    def body(a):
        return jnp.stack([a, a.T])

    return jax.vmap(body)(xs18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_vmap_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return jax.vmap(body)(xs18)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r18_vmap_body_python_if():
    def body(a):
        return a if a.sum() > 0 else -a

    return jax.vmap(body)(xs18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_scan_body_matmul():
    def body(c, a):
        return c, a @ jnp.ones((4, 5))

    return lax.scan(body, 0.0, xs18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_scan_body_add_shapes():
    def body(c, a):
        return c, a + jnp.ones(4)

    return lax.scan(body, 0.0, xs18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_scan_body_reshape():
    def body(c, a):
        return c, a.reshape(4, 2)

    return lax.scan(body, 0.0, xs18)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (2, 3), (3,).")
def r18_scan_body_concatenate_ranks():
    def body(c, a):
        return c, jnp.concatenate([a, jnp.ones(3)])

    return lax.scan(body, 0.0, xs18)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0)")
def r18_scan_body_transpose_perm():
    def body(c, a):
        return c, jnp.transpose(a, (0, 0))

    return lax.scan(body, 0.0, xs18)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_scan_body_squeeze():
    def body(c, a):
        return c, jnp.squeeze(a, axis=1)

    return lax.scan(body, 0.0, xs18)


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r18_scan_body_einsum():
    def body(c, a):
        return c, jnp.einsum("ij,jk->ik", a, a)

    return lax.scan(body, 0.0, xs18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_scan_body_lax_add_dtypes():
    def body(c, a):
        return c, lax.add(a, jnp.ones((2, 3), jnp.int32))

    return lax.scan(body, 0.0, xs18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_scan_body_sum_axis():
    def body(c, a):
        return c, jnp.sum(a, axis=2)

    return lax.scan(body, 0.0, xs18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_scan_body_dynamic_slice_indices():
    def body(c, a):
        return c, lax.dynamic_slice(a, (0,), (1,))

    return lax.scan(body, 0.0, xs18)


@mistake("array split does not result in an equal division: rest is 1")
def r18_scan_body_split_uneven():
    def body(c, a):
        return c, jnp.split(a, 2, axis=1)[0]

    return lax.scan(body, 0.0, xs18)


@mistake()
def r18_scan_body_index_out_of_bounds():
    def body(c, a):
        return c, a[:, 5]

    return lax.scan(body, 0.0, xs18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (2, 3), (4,)]")
def r18_scan_body_where_shapes():
    def body(c, a):
        return c, jnp.where(a > 0, a, jnp.ones(4))

    return lax.scan(body, 0.0, xs18)


@mistake("Incompatible types for broadcasting: input type=float32[2,3] and requested")
def r18_scan_body_broadcast_to():
    def body(c, a):
        return c, jnp.broadcast_to(a, (4, 3))

    return lax.scan(body, 0.0, xs18)


@mistake("data type 'float33' not understood")
def r18_scan_body_astype_bad_name():
    def body(c, a):
        return c, a.astype("float33")

    return lax.scan(body, 0.0, xs18)


@mistake("All input arrays must have the same shape. Got (2, 3), (3, 2).")
def r18_scan_body_stack_shapes():
    def body(c, a):
        return c, jnp.stack([a, a.T])

    return lax.scan(body, 0.0, xs18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_scan_body_int_of_tracer():
    def body(c, a):
        return c, a * int(a.sum())

    return lax.scan(body, 0.0, xs18)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r18_scan_body_python_if():
    def body(c, a):
        return c, a if a.sum() > 0 else -a

    return lax.scan(body, 0.0, xs18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_grad_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_grad_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_grad_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (2, 3), (3,).")
def r18_grad_body_concatenate_ranks():
    def body(a):
        return jnp.concatenate([a, jnp.ones(3)])

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0)")
def r18_grad_body_transpose_perm():
    def body(a):
        return jnp.transpose(a, (0, 0))

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_grad_body_squeeze():
    def body(a):
        return jnp.squeeze(a, axis=1)

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r18_grad_body_einsum():
    def body(a):
        return jnp.einsum("ij,jk->ik", a, a)

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_grad_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_grad_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_grad_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("array split does not result in an equal division: rest is 1")
def r18_grad_body_split_uneven():
    def body(a):
        return jnp.split(a, 2, axis=1)[0]

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake()
def r18_grad_body_index_out_of_bounds():
    def body(a):
        return a[:, 5]

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (2, 3), (4,)]")
def r18_grad_body_where_shapes():
    def body(a):
        return jnp.where(a > 0, a, jnp.ones(4))

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("Incompatible types for broadcasting: input type=float32[2,3] and requested")
def r18_grad_body_broadcast_to():
    def body(a):
        return jnp.broadcast_to(a, (4, 3))

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("data type 'float33' not understood")
def r18_grad_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("All input arrays must have the same shape. Got (2, 3), (3, 2).")
def r18_grad_body_stack_shapes():
    def body(a):
        return jnp.stack([a, a.T])

    return jax.grad(lambda a: body(a).sum())(x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_cond_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_cond_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_cond_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (2, 3), (3,).")
def r18_cond_body_concatenate_ranks():
    def body(a):
        return jnp.concatenate([a, jnp.ones(3)])

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0)")
def r18_cond_body_transpose_perm():
    def body(a):
        return jnp.transpose(a, (0, 0))

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_cond_body_squeeze():
    def body(a):
        return jnp.squeeze(a, axis=1)

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r18_cond_body_einsum():
    def body(a):
        return jnp.einsum("ij,jk->ik", a, a)

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_cond_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_cond_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_cond_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("array split does not result in an equal division: rest is 1")
def r18_cond_body_split_uneven():
    def body(a):
        return jnp.split(a, 2, axis=1)[0]

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("cond branches must have equal output types but they differ.")
def r18_cond_body_index_out_of_bounds():
    def body(a):
        return a[:, 5]

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (2, 3), (4,)]")
def r18_cond_body_where_shapes():
    def body(a):
        return jnp.where(a > 0, a, jnp.ones(4))

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("Incompatible types for broadcasting: input type=float32[2,3] and requested")
def r18_cond_body_broadcast_to():
    def body(a):
        return jnp.broadcast_to(a, (4, 3))

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("data type 'float33' not understood")
def r18_cond_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("All input arrays must have the same shape. Got (2, 3), (3, 2).")
def r18_cond_body_stack_shapes():
    def body(a):
        return jnp.stack([a, a.T])

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_cond_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r18_cond_body_python_if():
    def body(a):
        return a if a.sum() > 0 else -a

    return lax.cond(x18.sum() > 0, body, lambda a: a, x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_while_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_while_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_while_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (2, 3), (3,).")
def r18_while_body_concatenate_ranks():
    def body(a):
        return jnp.concatenate([a, jnp.ones(3)])

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0)")
def r18_while_body_transpose_perm():
    def body(a):
        return jnp.transpose(a, (0, 0))

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_while_body_squeeze():
    def body(a):
        return jnp.squeeze(a, axis=1)

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r18_while_body_einsum():
    def body(a):
        return jnp.einsum("ij,jk->ik", a, a)

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_while_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_while_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_while_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("array split does not result in an equal division: rest is 1")
def r18_while_body_split_uneven():
    def body(a):
        return jnp.split(a, 2, axis=1)[0]

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("while_loop body function carry input and carry output must have equal types, but they")
def r18_while_body_index_out_of_bounds():
    def body(a):
        return a[:, 5]

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (2, 3), (4,)]")
def r18_while_body_where_shapes():
    def body(a):
        return jnp.where(a > 0, a, jnp.ones(4))

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("Incompatible types for broadcasting: input type=float32[2,3] and requested")
def r18_while_body_broadcast_to():
    def body(a):
        return jnp.broadcast_to(a, (4, 3))

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("data type 'float33' not understood")
def r18_while_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("All input arrays must have the same shape. Got (2, 3), (3, 2).")
def r18_while_body_stack_shapes():
    def body(a):
        return jnp.stack([a, a.T])

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_while_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r18_while_body_python_if():
    def body(a):
        return a if a.sum() > 0 else -a

    return lax.while_loop(lambda a: a.sum() > 100, body, x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_fori_body_matmul():
    def body(i, a):
        return a @ jnp.ones((4, 5))

    return lax.fori_loop(0, 2, body, x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_fori_body_add_shapes():
    def body(i, a):
        return a + jnp.ones(4)

    return lax.fori_loop(0, 2, body, x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_fori_body_reshape():
    def body(i, a):
        return a.reshape(4, 2)

    return lax.fori_loop(0, 2, body, x18)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (2, 3), (3,).")
def r18_fori_body_concatenate_ranks():
    def body(i, a):
        return jnp.concatenate([a, jnp.ones(3)])

    return lax.fori_loop(0, 2, body, x18)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0)")
def r18_fori_body_transpose_perm():
    def body(i, a):
        return jnp.transpose(a, (0, 0))

    return lax.fori_loop(0, 2, body, x18)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_fori_body_squeeze():
    def body(i, a):
        return jnp.squeeze(a, axis=1)

    return lax.fori_loop(0, 2, body, x18)


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r18_fori_body_einsum():
    def body(i, a):
        return jnp.einsum("ij,jk->ik", a, a)

    return lax.fori_loop(0, 2, body, x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_fori_body_lax_add_dtypes():
    def body(i, a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return lax.fori_loop(0, 2, body, x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_fori_body_sum_axis():
    def body(i, a):
        return jnp.sum(a, axis=2)

    return lax.fori_loop(0, 2, body, x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_fori_body_dynamic_slice_indices():
    def body(i, a):
        return lax.dynamic_slice(a, (0,), (1,))

    return lax.fori_loop(0, 2, body, x18)


@mistake("array split does not result in an equal division: rest is 1")
def r18_fori_body_split_uneven():
    def body(i, a):
        return jnp.split(a, 2, axis=1)[0]

    return lax.fori_loop(0, 2, body, x18)


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r18_fori_body_index_out_of_bounds():
    def body(i, a):
        return a[:, 5]

    return lax.fori_loop(0, 2, body, x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (2, 3), (4,)]")
def r18_fori_body_where_shapes():
    def body(i, a):
        return jnp.where(a > 0, a, jnp.ones(4))

    return lax.fori_loop(0, 2, body, x18)


@mistake("Incompatible types for broadcasting: input type=float32[2,3] and requested")
def r18_fori_body_broadcast_to():
    def body(i, a):
        return jnp.broadcast_to(a, (4, 3))

    return lax.fori_loop(0, 2, body, x18)


@mistake("data type 'float33' not understood")
def r18_fori_body_astype_bad_name():
    def body(i, a):
        return a.astype("float33")

    return lax.fori_loop(0, 2, body, x18)


@mistake("All input arrays must have the same shape. Got (2, 3), (3, 2).")
def r18_fori_body_stack_shapes():
    def body(i, a):
        return jnp.stack([a, a.T])

    return lax.fori_loop(0, 2, body, x18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_fori_body_int_of_tracer():
    def body(i, a):
        return a * int(a.sum())

    return lax.fori_loop(0, 2, body, x18)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r18_fori_body_python_if():
    def body(i, a):
        return a if a.sum() > 0 else -a

    return lax.fori_loop(0, 2, body, x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_shard_map_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_shard_map_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_shard_map_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (2, 3), (3,).")
def r18_shard_map_body_concatenate_ranks():
    def body(a):
        return jnp.concatenate([a, jnp.ones(3)])

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0)")
def r18_shard_map_body_transpose_perm():
    def body(a):
        return jnp.transpose(a, (0, 0))

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_shard_map_body_squeeze():
    def body(a):
        return jnp.squeeze(a, axis=1)

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r18_shard_map_body_einsum():
    def body(a):
        return jnp.einsum("ij,jk->ik", a, a)

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_shard_map_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_shard_map_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_shard_map_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("array split does not result in an equal division: rest is 1")
def r18_shard_map_body_split_uneven():
    def body(a):
        return jnp.split(a, 2, axis=1)[0]

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake()
def r18_shard_map_body_index_out_of_bounds():
    def body(a):
        return a[:, 5]

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (2, 3), (4,)]")
def r18_shard_map_body_where_shapes():
    def body(a):
        return jnp.where(a > 0, a, jnp.ones(4))

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("Incompatible types for broadcasting: input type=float32[2,3] and requested")
def r18_shard_map_body_broadcast_to():
    def body(a):
        return jnp.broadcast_to(a, (4, 3))

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("data type 'float33' not understood")
def r18_shard_map_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("All input arrays must have the same shape. Got (2, 3), (3, 2).")
def r18_shard_map_body_stack_shapes():
    def body(a):
        return jnp.stack([a, a.T])

    return jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P())(x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_checkpoint_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_checkpoint_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_checkpoint_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (2, 3), (3,).")
def r18_checkpoint_body_concatenate_ranks():
    def body(a):
        return jnp.concatenate([a, jnp.ones(3)])

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0)")
def r18_checkpoint_body_transpose_perm():
    def body(a):
        return jnp.transpose(a, (0, 0))

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_checkpoint_body_squeeze():
    def body(a):
        return jnp.squeeze(a, axis=1)

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r18_checkpoint_body_einsum():
    def body(a):
        return jnp.einsum("ij,jk->ik", a, a)

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_checkpoint_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_checkpoint_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_checkpoint_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("array split does not result in an equal division: rest is 1")
def r18_checkpoint_body_split_uneven():
    def body(a):
        return jnp.split(a, 2, axis=1)[0]

    return jax.jit(jax.checkpoint(body))(x18)


@mistake()
def r18_checkpoint_body_index_out_of_bounds():
    def body(a):
        return a[:, 5]

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (2, 3), (4,)]")
def r18_checkpoint_body_where_shapes():
    def body(a):
        return jnp.where(a > 0, a, jnp.ones(4))

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("Incompatible types for broadcasting: input type=float32[2,3] and requested")
def r18_checkpoint_body_broadcast_to():
    def body(a):
        return jnp.broadcast_to(a, (4, 3))

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("data type 'float33' not understood")
def r18_checkpoint_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("All input arrays must have the same shape. Got (2, 3), (3, 2).")
def r18_checkpoint_body_stack_shapes():
    def body(a):
        return jnp.stack([a, a.T])

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_checkpoint_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r18_checkpoint_body_python_if():
    def body(a):
        return a if a.sum() > 0 else -a

    return jax.jit(jax.checkpoint(body))(x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_jacfwd_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.jacfwd(body)(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_jacfwd_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.jacfwd(body)(x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_jacfwd_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.jacfwd(body)(x18)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (2, 3), (3,).")
def r18_jacfwd_body_concatenate_ranks():
    def body(a):
        return jnp.concatenate([a, jnp.ones(3)])

    return jax.jacfwd(body)(x18)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0)")
def r18_jacfwd_body_transpose_perm():
    def body(a):
        return jnp.transpose(a, (0, 0))

    return jax.jacfwd(body)(x18)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_jacfwd_body_squeeze():
    def body(a):
        return jnp.squeeze(a, axis=1)

    return jax.jacfwd(body)(x18)


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r18_jacfwd_body_einsum():
    def body(a):
        return jnp.einsum("ij,jk->ik", a, a)

    return jax.jacfwd(body)(x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_jacfwd_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.jacfwd(body)(x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_jacfwd_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.jacfwd(body)(x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_jacfwd_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.jacfwd(body)(x18)


@mistake("array split does not result in an equal division: rest is 1")
def r18_jacfwd_body_split_uneven():
    def body(a):
        return jnp.split(a, 2, axis=1)[0]

    return jax.jacfwd(body)(x18)


@mistake()
def r18_jacfwd_body_index_out_of_bounds():
    def body(a):
        return a[:, 5]

    return jax.jacfwd(body)(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (2, 3), (4,)]")
def r18_jacfwd_body_where_shapes():
    def body(a):
        return jnp.where(a > 0, a, jnp.ones(4))

    return jax.jacfwd(body)(x18)


@mistake("Incompatible types for broadcasting: input type=float32[2,3] and requested")
def r18_jacfwd_body_broadcast_to():
    def body(a):
        return jnp.broadcast_to(a, (4, 3))

    return jax.jacfwd(body)(x18)


@mistake("data type 'float33' not understood")
def r18_jacfwd_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.jacfwd(body)(x18)


@mistake("All input arrays must have the same shape. Got (2, 3), (3, 2).")
def r18_jacfwd_body_stack_shapes():
    def body(a):
        return jnp.stack([a, a.T])

    return jax.jacfwd(body)(x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_lax_map_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return lax.map(body, xs18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_lax_map_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return lax.map(body, xs18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_lax_map_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return lax.map(body, xs18)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (2, 3), (3,).")
def r18_lax_map_body_concatenate_ranks():
    def body(a):
        return jnp.concatenate([a, jnp.ones(3)])

    return lax.map(body, xs18)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0)")
def r18_lax_map_body_transpose_perm():
    def body(a):
        return jnp.transpose(a, (0, 0))

    return lax.map(body, xs18)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_lax_map_body_squeeze():
    def body(a):
        return jnp.squeeze(a, axis=1)

    return lax.map(body, xs18)


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r18_lax_map_body_einsum():
    def body(a):
        return jnp.einsum("ij,jk->ik", a, a)

    return lax.map(body, xs18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_lax_map_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return lax.map(body, xs18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_lax_map_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return lax.map(body, xs18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_lax_map_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return lax.map(body, xs18)


@mistake("array split does not result in an equal division: rest is 1")
def r18_lax_map_body_split_uneven():
    def body(a):
        return jnp.split(a, 2, axis=1)[0]

    return lax.map(body, xs18)


@mistake()
def r18_lax_map_body_index_out_of_bounds():
    def body(a):
        return a[:, 5]

    return lax.map(body, xs18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (2, 3), (4,)]")
def r18_lax_map_body_where_shapes():
    def body(a):
        return jnp.where(a > 0, a, jnp.ones(4))

    return lax.map(body, xs18)


@mistake("Incompatible types for broadcasting: input type=float32[2,3] and requested")
def r18_lax_map_body_broadcast_to():
    def body(a):
        return jnp.broadcast_to(a, (4, 3))

    return lax.map(body, xs18)


@mistake("data type 'float33' not understood")
def r18_lax_map_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return lax.map(body, xs18)


@mistake("All input arrays must have the same shape. Got (2, 3), (3, 2).")
def r18_lax_map_body_stack_shapes():
    def body(a):
        return jnp.stack([a, a.T])

    return lax.map(body, xs18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_lax_map_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return lax.map(body, xs18)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r18_lax_map_body_python_if():
    def body(a):
        return a if a.sum() > 0 else -a

    return lax.map(body, xs18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_eval_shape_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.eval_shape(body, x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_eval_shape_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.eval_shape(body, x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_eval_shape_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.eval_shape(body, x18)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (2, 3), (3,).")
def r18_eval_shape_body_concatenate_ranks():
    def body(a):
        return jnp.concatenate([a, jnp.ones(3)])

    return jax.eval_shape(body, x18)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0)")
def r18_eval_shape_body_transpose_perm():
    def body(a):
        return jnp.transpose(a, (0, 0))

    return jax.eval_shape(body, x18)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_eval_shape_body_squeeze():
    def body(a):
        return jnp.squeeze(a, axis=1)

    return jax.eval_shape(body, x18)


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r18_eval_shape_body_einsum():
    def body(a):
        return jnp.einsum("ij,jk->ik", a, a)

    return jax.eval_shape(body, x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_eval_shape_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.eval_shape(body, x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_eval_shape_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.eval_shape(body, x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_eval_shape_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.eval_shape(body, x18)


@mistake("array split does not result in an equal division: rest is 1")
def r18_eval_shape_body_split_uneven():
    def body(a):
        return jnp.split(a, 2, axis=1)[0]

    return jax.eval_shape(body, x18)


@mistake()
def r18_eval_shape_body_index_out_of_bounds():
    def body(a):
        return a[:, 5]

    return jax.eval_shape(body, x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (2, 3), (4,)]")
def r18_eval_shape_body_where_shapes():
    def body(a):
        return jnp.where(a > 0, a, jnp.ones(4))

    return jax.eval_shape(body, x18)


@mistake("Incompatible types for broadcasting: input type=float32[2,3] and requested")
def r18_eval_shape_body_broadcast_to():
    def body(a):
        return jnp.broadcast_to(a, (4, 3))

    return jax.eval_shape(body, x18)


@mistake("data type 'float33' not understood")
def r18_eval_shape_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.eval_shape(body, x18)


@mistake("All input arrays must have the same shape. Got (2, 3), (3, 2).")
def r18_eval_shape_body_stack_shapes():
    def body(a):
        return jnp.stack([a, a.T])

    return jax.eval_shape(body, x18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_eval_shape_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return jax.eval_shape(body, x18)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r18_eval_shape_body_python_if():
    def body(a):
        return a if a.sum() > 0 else -a

    return jax.eval_shape(body, x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_vmap_in_jit_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.jit(jax.vmap(body))(xs18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_vmap_in_jit_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.jit(jax.vmap(body))(xs18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_vmap_in_jit_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.jit(jax.vmap(body))(xs18)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got")
def r18_vmap_in_jit_body_concatenate_ranks():
    def body(a):
        return jnp.concatenate([a, jnp.ones(3)])

    return jax.jit(jax.vmap(body))(xs18)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation")
def r18_vmap_in_jit_body_transpose_perm():
    def body(a):
        return jnp.transpose(a, (0, 0))

    return jax.jit(jax.vmap(body))(xs18)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_vmap_in_jit_body_squeeze():
    def body(a):
        return jnp.squeeze(a, axis=1)

    return jax.jit(jax.vmap(body))(xs18)


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r18_vmap_in_jit_body_einsum():
    def body(a):
        return jnp.einsum("ij,jk->ik", a, a)

    return jax.jit(jax.vmap(body))(xs18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_vmap_in_jit_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.jit(jax.vmap(body))(xs18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_vmap_in_jit_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.jit(jax.vmap(body))(xs18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_vmap_in_jit_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.jit(jax.vmap(body))(xs18)


@mistake("array split does not result in an equal division: rest is 1")
def r18_vmap_in_jit_body_split_uneven():
    def body(a):
        return jnp.split(a, 2, axis=1)[0]

    return jax.jit(jax.vmap(body))(xs18)


@mistake()
def r18_vmap_in_jit_body_index_out_of_bounds():
    def body(a):
        return a[:, 5]

    return jax.jit(jax.vmap(body))(xs18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (2, 3), (4,)]")
def r18_vmap_in_jit_body_where_shapes():
    def body(a):
        return jnp.where(a > 0, a, jnp.ones(4))

    return jax.jit(jax.vmap(body))(xs18)


@mistake("Incompatible types for broadcasting: input type=float32[2,3] and requested")
def r18_vmap_in_jit_body_broadcast_to():
    def body(a):
        return jnp.broadcast_to(a, (4, 3))

    return jax.jit(jax.vmap(body))(xs18)


@mistake("data type 'float33' not understood")
def r18_vmap_in_jit_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.jit(jax.vmap(body))(xs18)


@mistake("All input arrays must have the same shape. Got")
def r18_vmap_in_jit_body_stack_shapes():
    def body(a):
        return jnp.stack([a, a.T])

    return jax.jit(jax.vmap(body))(xs18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_vmap_in_jit_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return jax.jit(jax.vmap(body))(xs18)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r18_vmap_in_jit_body_python_if():
    def body(a):
        return a if a.sum() > 0 else -a

    return jax.jit(jax.vmap(body))(xs18)


# ---------------------------------------------------------------------------------------------
# Explicit sharding: binary ops, reshard, out_sharding=, typeof


@mistake("add got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r18_explicit_add_conflicting_shardings():
    a, b = _eput18((4, 8), P("x", None)), _eput18((4, 8), P("y", None))
    return a + b


@mistake("mul operation with inputs: f32[4@x,8], f32[4,8@x] produces an illegally sharded result:")
def r18_explicit_mul_same_axis_two_dims():
    a, b = _eput18((4, 8), P("x", None)), _eput18((4, 8), P(None, "x"))
    return a * b


@mistake("sub got incompatible shardings for broadcasting: ('x', 'y'), ('y', 'x').")
def r18_explicit_sub_in_jit_conflicting():
    a, b = _eput18((8, 8), P("x", "y")), _eput18((8, 8), P("y", "x"))
    return jax.jit(lambda u, v: u - v)(a, b)


@mistake("max got incompatible shardings for broadcasting: ('x',), ('y',).")
def r18_explicit_maximum_conflicting():
    a, b = _eput18((8,), P("x")), _eput18((8,), P("y"))
    return jnp.maximum(a, b)


@mistake("select cases must have the same shardings, got")
def r18_explicit_where_conflicting():
    a, b = _eput18((8,), P("x")), _eput18((8,), P("y"))
    return jnp.where(a > 0, a, b)


@mistake()
def r18_explicit_add_one_replicated_ok():
    a, b = _eput18((8, 8), P("x", None)), _eput18((8, 8), P())
    return a + b


@mistake("dot_general requires contracting dimensions to have consistent sharding, got ('x',) and")
def r18_explicit_matmul_contracting_both_sharded_differently():
    a, b = _eput18((8, 8), P(None, "x")), _eput18((8, 8), P("y", None))
    return a @ b


@mistake("dot_general operation with inputs: f32[8@x,8], f32[8,8@x] produces an illegally sharded")
def r18_explicit_matmul_output_axis_twice():
    a, b = _eput18((8, 8), P("x", None)), _eput18((8, 8), P(None, "x"))
    return a @ b


@mistake("Sharding spec ('x',) implies that array axis 0 is partitioned 2 times, but does not")
def r18_reshard_not_dividing():
    with jax.set_mesh(emesh18):
        return jax.sharding.reshard(jnp.ones((3, 8)), P("x", None))


@mistake("Sharding spec ('y',) implies that array axis 1 is partitioned 4 times, but does not")
def r18_reshard_not_dividing_second_dim():
    with jax.set_mesh(emesh18):
        return jax.sharding.reshard(jnp.ones((8, 6)), P(None, "y"))


@mistake("Resource axis: z of P('z', None) is not found in mesh: ('x', 'y').")
def r18_reshard_unknown_axis():
    with jax.set_mesh(emesh18):
        return jax.sharding.reshard(jnp.ones((8, 8)), P("z", None))


@mistake("A single NamedSharding spec specification can map every mesh axis to at most one")
def r18_reshard_axis_used_twice():
    with jax.set_mesh(emesh18):
        return jax.sharding.reshard(jnp.ones((8, 8)), P("x", "x"))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a")
def r18_reshard_without_mesh():
    return jax.sharding.reshard(jnp.ones(8), P("x"))


@mistake("Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not")
def r18_reshard_in_jit_not_dividing():
    with jax.set_mesh(emesh18):
        return jax.jit(lambda a: jax.sharding.reshard(a, P("y")))(jnp.ones(6))


@mistake("PartitionSpec passed to jnp.zeros cannot contain axis names that are of type Auto or")
def r18_zeros_out_sharding_auto_mesh():
    with jax.set_mesh(mesh18x):
        return jnp.zeros((8, 8), out_sharding=P("x", None))


@mistake("Sharding spec ('x',) implies that array axis 0 is partitioned 2 times, but does not")
def r18_ones_out_sharding_not_dividing():
    with jax.set_mesh(emesh18):
        return jnp.ones((3, 8), out_sharding=P("x", None))


@mistake("PartitionSpec passed to jnp.arange cannot contain axis names that are of type Auto or")
def r18_arange_out_sharding_auto_mesh():
    with jax.set_mesh(mesh18x):
        return jnp.arange(8, out_sharding=P("x"))


@mistake(
    "PartitionSpec passed to einsum cannot contain axis names that are of type Auto or Manual."
)
def r18_einsum_out_sharding_auto_mesh():
    with jax.set_mesh(mesh18x):
        return jnp.einsum("ij,jk->ik", jnp.ones((8, 8)), jnp.ones((8, 8)), out_sharding=P("x"))


@mistake("Sharding spec ('x',) implies that array axis 0 is partitioned 2 times, but does not")
def r18_matmul_out_sharding_not_dividing():
    with jax.set_mesh(emesh18):
        return jnp.matmul(jnp.ones((3, 8)), jnp.ones((8, 8)), out_sharding=P("x", None))


@mistake("Sharding spec ('x',) implies that array axis 0 is partitioned 2 times, but does not")
def r18_reshape_out_sharding_not_dividing():
    with jax.set_mesh(emesh18):
        return jnp.reshape(jnp.ones(6), (3, 2), out_sharding=P("x", None))


@mistake("Argument '[1, 2]' of type '<class 'list'>' is not a valid JAX type")
def r18_typeof_of_python_list():
    return jax.typeof([1, 2])


@mistake("Argument '{'a': 1}' of type '<class 'dict'>' is not a valid JAX type")
def r18_typeof_of_dict():
    return jax.typeof({"a": 1})


@mistake("tuple index out of range")
def r18_typeof_sharding_spec_index():
    return jax.typeof(_eput18((8,), P("x"))).sharding.spec[3]


@mistake("Argument 'None' of type '<class 'NoneType'>' is not a valid JAX type")
def r18_typeof_of_none():
    return jax.typeof(None)


@mistake()
def r18_typeof_of_python_float_ok():
    return jax.typeof(1.5)


@mistake("Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not")
def r18_explicit_device_put_not_dividing():
    return _eput18((6,), P("y"))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r18_explicit_device_put_unknown_axis():
    return _eput18((8,), P("z"))


@mistake("All operands should have the same sharding. Got shardings NamedSharding(mesh=")
def r18_explicit_concatenate_conflicting():
    a, b = _eput18((8, 8), P("x", None)), _eput18((8, 8), P("y", None))
    return jnp.concatenate([a, b], axis=1)


@mistake("Incompatible types for matmul arguments: float32[8@x,4,4] and float32[8@y,4,4]")
def r18_explicit_dot_general_batch_conflicting():
    a, b = _eput18((8, 4, 4), P("x")), _eput18((8, 4, 4), P("y"))
    return jnp.matmul(a, b)


@mistake("'z'")
def r18_auto_axes_unknown_axis():
    with jax.set_mesh(emesh18):
        return jax.sharding.auto_axes(lambda a: a * 2, axes="z", out_sharding=P("x"))(jnp.ones(8))


@mistake()
def r18_explicit_axes_on_explicit_mesh():
    with jax.set_mesh(emesh18):
        return jax.sharding.explicit_axes(lambda a: a * 2, axes="x", in_sharding=P("x"))(
            jnp.ones(8)
        )


@mistake("Expected mesh of type `jax.sharding.Mesh`. Got <class")
def r18_set_mesh_of_a_spec():
    with jax.set_mesh(P("x")):
        return jnp.ones(2)


@mistake("'str' object has no attribute 'partitions'")
def r18_named_sharding_of_a_spec_string():
    return NamedSharding(emesh18, "x")


@mistake("object has no attribute 'size'")
def r18_named_sharding_mesh_and_spec_swapped():
    return NamedSharding(P("x"), emesh18)


# ---------------------------------------------------------------------------------------------
# shard_map specs


@mistake("pytree structure error: different lengths of tuple at key path")
def r18_shard_map_in_specs_tree_mismatch():
    return _smap18(lambda a, b: a + b, (P("x"),), P("x"))(jnp.ones(8), jnp.ones(8))


@mistake("pytree structure error: different types at key path")
def r18_shard_map_in_specs_dict_for_tuple():
    return _smap18(lambda t: t[0], ({"a": P("x")},), P("x"))((jnp.ones(8), jnp.ones(8)))


@mistake("shard_map out_specs argument must refer to an axis marked as manual (")
def r18_shard_map_out_specs_unknown_axis():
    return _smap18(lambda a: a, P("x"), P("z"))(jnp.ones(8))


@mistake("shard_map in_specs argument must refer to an axis marked as manual (")
def r18_shard_map_in_specs_unknown_axis():
    return _smap18(lambda a: a, P("w"), P("x"))(jnp.ones(8))


@mistake("shard_map applied to the function '<lambda>' was given argument arrays with axis sizes")
def r18_shard_map_in_specs_not_dividing():
    return _smap18(lambda a: a, P("y"), P("y"))(jnp.ones(6))


@mistake()
def r18_shard_map_out_specs_too_few_outputs():
    return _smap18(lambda a: (a, a), P("x"), P("x"))(jnp.ones(8))


@mistake("pytree structure error: different types at key path")
def r18_shard_map_out_specs_list_for_tuple():
    return _smap18(lambda a: (a, a), P("x"), [P("x"), P("x")])(jnp.ones(8))


@mistake("shard_map applied to the function '<lambda>' was given an out_specs entry which is too")
def r18_shard_map_out_spec_rank_too_long():
    return _smap18(lambda a: a.sum(), P("x"), P("x"))(jnp.ones(8))


@mistake("shard_map applied to the function '<lambda>' was given an in_specs entry which is too")
def r18_shard_map_in_spec_rank_too_long():
    return _smap18(lambda a: a, P("x", "y"), P("x"))(jnp.ones(8))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r18_shard_map_check_vma_unreplicated_out():
    return _smap18(lambda a: a, P("x"), P())(jnp.ones(8))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r18_shard_map_check_vma_psum_wrong_axis_out():
    return _smap18(lambda a: jax.lax.psum(a, "y"), P("x"), P())(jnp.ones(8))


@mistake()
def r18_shard_map_check_vma_off_unreplicated_ok():
    return _smap18(lambda a: a, P("x"), P(), check_vma=False)(jnp.ones(8))


@mistake("jax.shard_map requires axis_names=")
def r18_shard_map_axis_names_not_in_mesh():
    return _smap18(lambda a: a, P("x"), P("x"), axis_names={"q"})(jnp.ones(8))


@mistake("shard_map in_specs argument must refer to an axis marked as manual (")
def r18_shard_map_axis_names_spec_outside():
    return _smap18(lambda a: a, P("y"), P("y"), axis_names={"x"})(jnp.ones(8))


@mistake("shard_map requires a `jax.sharding.Mesh` or a `jax.sharding.AbstractMesh` instance for")
def r18_shard_map_mesh_not_a_mesh():
    return jax.shard_map(lambda a: a, mesh=("x",), in_specs=P("x"), out_specs=P("x"))(jnp.ones(8))


@mistake("shard_map in_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances,")
def r18_shard_map_in_specs_string():
    return _smap18(lambda a: a, "x", P("x"))(jnp.ones(8))


@mistake()
def r18_shard_map_out_specs_none_output():
    return _smap18(lambda a: None, P("x"), P("x"))(jnp.ones(8))


@mistake("shard_map applied to the function '<lambda>' was given an in_specs entry which is too")
def r18_shard_map_scalar_input_sharded():
    return _smap18(lambda a: a, P("x"), P("x"))(1.0)


@mistake("got an unexpected keyword argument 'a'")
def r18_shard_map_kwargs_call():
    return _smap18(lambda a: a, P("x"), P("x"))(a=jnp.ones(8))


@mistake("The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh context")
def r18_shard_map_without_mesh():
    return jax.shard_map(lambda a: a, in_specs=P("x"), out_specs=P("x"))(jnp.ones(8))


@mistake("A single NamedSharding spec specification can map every mesh axis to at most one")
def r18_shard_map_out_spec_axis_twice():
    return _smap18(lambda a: a, P("x"), P(("x", "x")))(jnp.ones(8))


# ---------------------------------------------------------------------------------------------
# Collectives: axis names, permutations, sizes


@mistake("unbound axis name: z")
def r18_all_gather_unknown_axis():
    return _smap18(lambda a: lax.all_gather(a, "z"), P("x"), P())(jnp.ones(8))


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (0, 0)).")
def r18_ppermute_not_a_permutation():
    return _smap18(lambda a: lax.ppermute(a, "x", [(0, 1), (0, 0)]), P("x"), P("x"))(jnp.ones(8))


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (1, 1)).")
def r18_ppermute_destination_twice():
    return _smap18(lambda a: lax.ppermute(a, "x", [(0, 1), (1, 1)]), P("x"), P("x"))(jnp.ones(8))


@mistake("ppermute sources and destinations must be unique, got ((0, 2), (2, 0)).")
def r18_ppermute_index_out_of_range():
    return _smap18(lambda a: lax.ppermute(a, "x", [(0, 2), (2, 0)]), P("x"), P("x"))(jnp.ones(8))


@mistake("'int' object is not iterable")
def r18_ppermute_perm_of_ints():
    return _smap18(lambda a: lax.ppermute(a, "x", [1, 0]), P("x"), P("x"))(jnp.ones(8))


@mistake("all_to_all requires the size of the mapped axis axis_name to equal x.shape[split_axis],")
def r18_all_to_all_split_axis_not_dividing():
    return _smap18(lambda a: lax.all_to_all(a, "y", 0, 0), P("x"), P("x"))(jnp.ones((6, 4)))


@mistake("tuple index out of range")
def r18_all_to_all_split_axis_out_of_range():
    return _smap18(lambda a: lax.all_to_all(a, "x", 2, 0), P("x"), P("x"))(jnp.ones((8, 4)))


@mistake("is out of bounds for array of dimension")
def r18_all_to_all_concat_axis_out_of_range():
    return _smap18(lambda a: lax.all_to_all(a, "x", 0, 3), P("x"), P("x"))(jnp.ones((4, 4)))


@mistake("tiled reduce_scatter operand scatter dimension size 6 must be divisible by shard_count 4")
def r18_psum_scatter_tiled_not_dividing():
    f = lambda a: lax.psum_scatter(a, "y", scatter_dimension=0, tiled=True)
    return _smap18(f, P(), P("y"))(jnp.ones(6))


@mistake("reduce_scatter operand scatter dimension size 8 must match shard count 4")
def r18_psum_scatter_untiled_wrong_size():
    f = lambda a: lax.psum_scatter(a, "y", scatter_dimension=0)
    return _smap18(f, P(), P("y"))(jnp.ones(8))


@mistake("tuple index out of range")
def r18_psum_scatter_dimension_out_of_range():
    f = lambda a: lax.psum_scatter(a, "x", scatter_dimension=2, tiled=True)
    return _smap18(f, P(), P("x"))(jnp.ones(8))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r18_all_gather_axis_out_of_range():
    return _smap18(lambda a: lax.all_gather(a, "x", axis=3), P("x"), P())(jnp.ones(8))


@mistake(
    "Found an unbound axis name: z. To fix this, please call axis_index under `jax.shard_map`."
)
def r18_axis_index_unknown_axis():
    return _smap18(lambda a: a + lax.axis_index("z"), P("x"), P("x"))(jnp.ones(8))


@mistake("unbound axis name: x")
def r18_psum_outside_shard_map():
    return lax.psum(jnp.ones(3), "x")


@mistake("Evaluation rule for 'ppermute' not implemented")
def r18_ppermute_outside_shard_map():
    return lax.ppermute(jnp.ones(3), "x", [(0, 1), (1, 0)])


@mistake("unbound axis name: x")
def r18_all_gather_outside_shard_map_in_jit():
    return jax.jit(lambda a: lax.all_gather(a, "x"))(jnp.ones(3))


@mistake(
    "Found an unbound axis name: x. To fix this, please call axis_index under `jax.shard_map`."
)
def r18_axis_index_outside_shard_map():
    return lax.axis_index("x")


@mistake("Found an unbound axis name: j. To fix this, please call")
def r18_pmax_wrong_axis_in_vmap():
    return jax.vmap(lambda a: lax.pmax(a, "j"), axis_name="i")(jnp.ones(3))


@mistake()
def r18_psum_in_vmap_named_axis_ok():
    return jax.vmap(lambda a: lax.psum(a, "i"), axis_name="i")(jnp.ones(3))


@mistake("all_to_all requires the size of the mapped axis axis_name to equal x.shape[split_axis],")
def r18_all_to_all_in_vmap_not_dividing():
    return jax.vmap(lambda a: lax.all_to_all(a, "i", 0, 0), axis_name="i")(jnp.ones((3, 4)))


# ---------------------------------------------------------------------------------------------
# jax.export: symbolic shapes, constraints, calls with wrong shapes, garbage bytes


def _exp18(f, *args, **kw):
    return _sub18("export").export(jax.jit(f), **kw)(*args)


@mistake("Shape mismatch for args[0].shape[0] (expected same constant): expected (3,) and called")
def r18_export_call_wrong_shape():
    exp = _exp18(lambda a: a * 2, jax.ShapeDtypeStruct((3,), jnp.float32))
    return exp.call(jnp.ones(4))


@mistake("Dtype mismatch for args[0]: expected float32 and called with int32")
def r18_export_call_wrong_dtype():
    exp = _exp18(lambda a: a * 2, jax.ShapeDtypeStruct((3,), jnp.float32))
    return exp.call(jnp.ones(3, jnp.int32))


@mistake("The invocation args and kwargs must have the same pytree structure as when the function")
def r18_export_call_too_many_args():
    exp = _exp18(lambda a: a * 2, jax.ShapeDtypeStruct((3,), jnp.float32))
    return exp.call(jnp.ones(3), jnp.ones(3))


@mistake("Rank mismatch for args[0]: expected (3,) and called with (3, 1)")
def r18_export_call_wrong_rank():
    exp = _exp18(lambda a: a * 2, jax.ShapeDtypeStruct((3,), jnp.float32))
    return exp.call(jnp.ones((3, 1)))


@mistake("Input shapes do not match the polymorphic shapes specification. Found inconsistency")
def r18_export_symbolic_call_inconsistent_dims():
    (b,) = _sub18("export").symbolic_shape("b")
    exp = _exp18(lambda u, v: u + v, *(jax.ShapeDtypeStruct((b,), jnp.float32),) * 2)
    return exp.call(jnp.ones(3), jnp.ones(4))


@mistake("Input shapes do not match the symbolic shape constraint b >= 4. Expected 'b - 4' to be")
def r18_export_symbolic_constraint_violated():
    (b,) = _sub18("export").symbolic_shape("b", constraints=("b >= 4",))
    exp = _exp18(lambda a: a * 2, jax.ShapeDtypeStruct((b,), jnp.float32))
    return exp.call(jnp.ones(3))


@mistake("Constraint parsing error: must contain one of '==' or '>=' or '<='")
def r18_export_symbolic_constraint_bad_syntax():
    return _sub18("export").symbolic_shape("b", constraints=("b => 4",))


@mistake("Constraint parsing error: must contain one of '==' or '>=' or '<='")
def r18_export_symbolic_constraint_unknown_op():
    return _sub18("export").symbolic_shape("b", constraints=("b != 4",))


@mistake("Cannot divide evenly the sizes of shapes (b,) and (2, -1). The remainder mod(b, - 2)")
def r18_export_symbolic_reshape_not_divisible():
    (b,) = _sub18("export").symbolic_shape("b")
    return _exp18(lambda a: a.reshape(2, -1), jax.ShapeDtypeStruct((b,), jnp.float32))


@mistake("Symbolic dimension comparison 'b' > '3' is inconclusive.")
def r18_export_symbolic_shape_comparison_inconclusive():
    (b,) = _sub18("export").symbolic_shape("b")
    return _exp18(lambda a: a if a.shape[0] > 3 else -a, jax.ShapeDtypeStruct((b,), jnp.float32))


@mistake("add got incompatible shapes for broadcasting: (a,), (b,).")
def r18_export_symbolic_add_two_dims():
    a, b = _sub18("export").symbolic_shape("a, b")
    sa, sb = jax.ShapeDtypeStruct((a,), jnp.float32), jax.ShapeDtypeStruct((b,), jnp.float32)
    return _exp18(lambda u, v: u + v, sa, sb)


@mistake("polymorphic shape spec should be None or a string. Found 3.")
def r18_export_symbolic_shape_not_string():
    return _sub18("export").symbolic_shape(3)


@mistake("syntax error in symbolic shape 'a,,b' in dimension 1: expecting one of {NAME, MINUS,")
def r18_export_symbolic_shape_empty_dim():
    return _sub18("export").symbolic_shape("a,,b")


@mistake()
def r18_export_symbolic_shape_negative_literal():
    return _sub18("export").symbolic_shape("-3")


@mistake("a bytes-like object is required, not 'str'")
def r18_export_deserialize_string():
    return _sub18("export").deserialize("hello")


@mistake("Function to be exported must be the result of `jit` but is:")
def r18_export_of_non_jitted():
    return _sub18("export").export(lambda a: a)(jax.ShapeDtypeStruct((3,), jnp.float32))


@mistake()
def r18_export_platforms_unknown():
    return _exp18(lambda a: a, jax.ShapeDtypeStruct((3,), jnp.float32), platforms=("gpu9",))


@mistake("Invalid mixing of symbolic scopes when exporting <lambda>.")
def r18_export_symbolic_scope_mismatch():
    (a,) = _sub18("export").symbolic_shape("a")
    (b,) = _sub18("export").symbolic_shape("b")
    sa, sb = jax.ShapeDtypeStruct((a,), jnp.float32), jax.ShapeDtypeStruct((b,), jnp.float32)
    return _exp18(lambda u, v: u.sum() + v.sum(), sa, sb)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (")
def r18_export_symbolic_arange_of_dim_float():
    (b,) = _sub18("export").symbolic_shape("b")
    return _exp18(lambda a: jnp.ones(a.shape[0] / 2), jax.ShapeDtypeStruct((b,), jnp.float32))


# ---------------------------------------------------------------------------------------------
# Pytrees: mismatched trees, is_leaf, registration, flatten functions


class _Box18:
    def __init__(self, v):
        self.v = v


@mistake("pytree structure error: different lengths of tuple at key path")
def r18_tree_map_mismatched_structures():
    return jax.tree.map(lambda a, b: a + b, (1, 2), (1, 2, 3))


@mistake("pytree structure error: different pytree metadata at key path")
def r18_tree_map_dict_keys_differ():
    return jax.tree.map(lambda a, b: a + b, {"a": 1}, {"b": 1})


@mistake("pytree structure error: different types at key path")
def r18_tree_map_list_vs_tuple():
    return jax.tree.map(lambda a, b: a + b, [1, 2], (1, 2))


@mistake("pytree structure error: different types at key path")
def r18_tree_map_none_vs_leaf():
    return jax.tree.map(lambda a, b: a + b, (1, None), (1, 2))


@mistake("pytree structure error: different numbers of pytree children at key path")
def r18_tree_util_tree_map_mismatch():
    return jax.tree_util.tree_map(lambda a, b: a * b, {"w": 1, "b": 2}, {"w": 1})


@mistake("flatten(): incompatible function arguments. The following argument types are supported:")
def r18_tree_map_is_leaf_not_callable():
    return jax.tree.map(lambda a: a, (1, 2), is_leaf=True)


@mistake("is_leaf predicate returned a non-boolean value [[[1], [2]]]; expected a boolean")
def r18_tree_leaves_is_leaf_returns_list():
    return jax.tree.leaves([[1], [2]], is_leaf=lambda n: [n])


@mistake("'int' object is not callable")
def r18_tree_map_function_not_callable():
    return jax.tree.map(3, (1, 2))


@mistake("Too many leaves for PyTreeDef; expected 2.")
def r18_tree_unflatten_wrong_count():
    return jax.tree.unflatten(jax.tree.structure((1, 2)), [1, 2, 3])


@mistake("'list' object has no attribute 'unflatten'")
def r18_tree_unflatten_of_list_treedef():
    return jax.tree.unflatten([1, 2], [1, 2])


@mistake("Mismatch")
def r18_tree_transpose_wrong_inner():
    outer, inner = jax.tree.structure([0, 0]), jax.tree.structure((0, 0, 0))
    return jax.tree.transpose(outer, inner, [(1, 2), (3, 4)])


@mistake("Duplicate custom PyTreeDef type registration for <class 'mistakes_catalogue.Twice18'>.")
def r18_register_pytree_twice():
    cls = type("Twice18", (), {})
    jax.tree_util.register_pytree_node(cls, lambda b: ((), None), lambda a, c: cls())
    return jax.tree_util.register_pytree_node(cls, lambda b: ((), None), lambda a, c: cls())


@mistake("Duplicate custom PyTreeDef type registration for <class 'tuple'>.")
def r18_register_builtin_tuple():
    return jax.tree_util.register_pytree_node(tuple, lambda t: (t, None), lambda a, c: tuple(c))


@mistake("The to_iterable function for a custom PyTree node should return a (children, aux_data)")
def r18_register_flatten_returns_one_value():
    cls = type("One18", (), {})
    jax.tree_util.register_pytree_node(cls, lambda b: [1, 2], lambda a, c: cls())
    return jax.tree.leaves(cls())


@mistake("The to_iterable function for a custom PyTree node should return a (children, aux_data)")
def r18_register_flatten_children_not_iterable():
    cls = type("NotIter18", (), {})
    jax.tree_util.register_pytree_node(cls, lambda b: (5, None), lambda a, c: cls())
    return jax.tree.leaves(cls())


@mistake("r18_register_unflatten_wrong_arity.<locals>.<lambda>() takes 1 positional argument but 2")
def r18_register_unflatten_wrong_arity():
    cls = type("Arity18", (), {})
    jax.tree_util.register_pytree_node(cls, lambda b: ((1,), None), lambda c: cls())
    return jax.tree.map(lambda a: a, cls())


@mistake("register_dataclass: data_fields and meta_fields are required when nodetype is not a")
def r18_register_dataclass_not_dataclass():
    return jax.tree_util.register_dataclass(_Box18)


@mistake(
    "as an abstract array. The problematic value is of type <class 'mistakes_catalogue._Box18'>"
)
def r18_unregistered_class_in_jit():
    return jax.jit(lambda b: b.v * 2)(_Box18(jnp.ones(2)))


@mistake("of type <class 'mistakes_catalogue._Box18'> is not a valid JAX type")
def r18_unregistered_class_in_grad():
    return jax.grad(lambda b: b.v.sum())(_Box18(jnp.ones(2)))


@mistake("returned a value of type <class 'mistakes_catalogue._Box18'>")
def r18_unregistered_class_returned_from_jit():
    return jax.jit(lambda a: _Box18(a))(jnp.ones(2))


@mistake("pytree structure error: different types at key path")
def r18_tree_map_with_path_mismatch():
    return jax.tree_util.tree_map_with_path(lambda p, a, b: a, (1, 2), [1, 2])


@mistake("Tuple arity mismatch: 3 != 2; tuple: (1, 2, 3).")
def r18_tree_flatten_up_to_mismatch():
    tdef = jax.tree.structure((0, 0))
    return tdef.flatten_up_to((1, 2, 3))


@mistake("reduce() of empty iterable with no initial value")
def r18_tree_reduce_empty_no_initializer():
    return jax.tree.reduce(lambda a, b: a + b, ())


@mistake("Comparator raised exception while sorting pytree dictionary keys.")
def r18_tree_map_string_key_sorted_mixed():
    return jax.tree.leaves({1: 1, "a": 2})


# ---------------------------------------------------------------------------------------------
# custom_jvp / custom_vjp rules


@mistake("No VJP defined for custom_vjp function f using defvjp.")
def r18_custom_vjp_without_defvjp():
    @jax.custom_vjp
    def f(a):
        return a * 2

    return jax.grad(f)(1.0)


@mistake("No JVP defined for custom_jvp function f using defjvp.")
def r18_custom_jvp_without_defjvp():
    @jax.custom_jvp
    def f(a):
        return a * 2

    return jax.jvp(f, (1.0,), (1.0,))


@mistake("Custom VJP bwd rule must produce an output with the same container (pytree) structure as")
def r18_custom_vjp_bwd_returns_scalar_not_tuple():
    @jax.custom_vjp
    def f(a):
        return a * 2

    f.defvjp(lambda a: (a * 2, None), lambda r, g: g * 2)
    return jax.grad(f)(1.0)


@mistake("Custom VJP bwd rule must produce an output with the same container (pytree) structure as")
def r18_custom_vjp_bwd_too_many_cotangents():
    @jax.custom_vjp
    def f(a):
        return a * 2

    f.defvjp(lambda a: (a * 2, None), lambda r, g: (g, g))
    return jax.grad(f)(1.0)


@mistake("Custom VJP bwd rule must produce an output with the same type as the args tuple of the")
def r18_custom_vjp_bwd_wrong_shape():
    @jax.custom_vjp
    def f(a):
        return a * 2

    f.defvjp(lambda a: (a * 2, None), lambda r, g: (jnp.ones(3),))
    return jax.grad(lambda a: f(a).sum())(jnp.ones(2))


@mistake("Custom VJP fwd rule <lambda> for function f must produce a pair (list or tuple of length")
def r18_custom_vjp_fwd_not_pair():
    @jax.custom_vjp
    def f(a):
        return a * 2

    f.defvjp(lambda a: a * 2, lambda r, g: (g,))
    return jax.grad(f)(1.0)


@mistake(
    "Custom JVP rule <lambda> for function f must produce a pair (list or tuple of length two)"
)
def r18_custom_jvp_returns_single_value():
    @jax.custom_jvp
    def f(a):
        return a * 2

    f.defjvp(lambda p, t: p[0] * 2)
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("Custom JVP rule must produce primal and tangent outputs with corresponding shapes and")
def r18_custom_jvp_tangent_wrong_dtype():
    @jax.custom_jvp
    def f(a):
        return a * 2

    f.defjvp(lambda p, t: (p[0] * 2, jnp.int32(1)))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("Custom JVP rule must produce primal and tangent outputs with corresponding shapes and")
def r18_custom_jvp_tangent_wrong_shape():
    @jax.custom_jvp
    def f(a):
        return a * 2

    f.defjvp(lambda p, t: (p[0] * 2, jnp.ones(3)))
    return jax.jvp(f, (jnp.ones(2),), (jnp.ones(2),))


@mistake("safe_zip() argument 1 has length 2 but argument 0 has length 1")
def r18_custom_jvp_defjvps_too_many():
    @jax.custom_jvp
    def f(a):
        return a * 2

    f.defjvps(lambda t, ans, a: t * 2, lambda t, ans, a: t)
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("tuple index out of range")
def r18_custom_vjp_nondiff_argnums_out_of_range():
    f = jax.custom_vjp(lambda a: a, nondiff_argnums=(2,))
    f.defvjp(lambda a: (a, None), lambda r, g: (g,))
    return jax.grad(f)(1.0)


@mistake()
def r18_custom_jvp_called_with_kwargs_nondiff():
    f = jax.custom_jvp(lambda a, n: a * n, nondiff_argnums=(1,))
    f.defjvp(lambda n, p, t: (p[0] * n, t[0] * n))
    return f(1.0, n=2)


@mistake()
def r18_custom_vjp_bwd_cotangent_dtype():
    @jax.custom_vjp
    def f(a):
        return a * 2

    f.defvjp(lambda a: (a * 2, None), lambda r, g: (jnp.int32(1),))
    return jax.grad(f)(1.0)


@mistake("Custom VJP bwd rule must produce an output with the same container (pytree) structure as")
def r18_custom_vjp_in_vmap_bwd_wrong_count():
    @jax.custom_vjp
    def f(a, b):
        return a * b

    f.defvjp(lambda a, b: (a * b, (a, b)), lambda r, g: (g * r[1],))
    return jax.vmap(jax.grad(f))(jnp.ones(3), jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# Dtypes: mixed objects, astype names, Python ints too large for int32


@mistake("Value 'a' with dtype <U1 is not a valid JAX array type. Only arrays of numeric types are")
def r18_jnp_array_mixed_str_and_number():
    return jnp.array([1, "a"])


@mistake("Value '{1, 2}' with dtype object is not a valid JAX array type. Only arrays of numeric")
def r18_jnp_array_of_set():
    return jnp.array({1, 2})


@mistake(
    "Value 'b'abc'' with dtype |S3 is not a valid JAX array type. Only arrays of numeric types"
)
def r18_jnp_array_of_bytes():
    return jnp.array(b"abc")


@mistake("Value '1.0' with dtype <U3 is not a valid JAX array type. Only arrays of numeric types")
def r18_jnp_asarray_of_string():
    return jnp.asarray("1.0")


@mistake("data type 'flaot32' not understood")
def r18_astype_invalid_string():
    return jnp.ones(3).astype("flaot32")


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'object'> in astype")
def r18_astype_object():
    return jnp.ones(3).astype(object)


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'str'> in astype")
def r18_astype_str_type():
    return jnp.ones(3).astype(str)


@mistake("data type 'int33' not understood")
def r18_jnp_zeros_dtype_string_typo():
    return jnp.zeros(3, dtype="int33")


@mistake("JAX only supports number, bool, and string dtypes, got dtype U3 in array")
def r18_jnp_array_dtype_unicode():
    return jnp.array([1, 2], dtype="U3")


@mistake("An overflow was encountered while parsing an argument to a jitted computation, whose")
def r18_int_literal_too_large_add():
    return jnp.ones(3, jnp.int32) + 2**40


@mistake("Python int 1099511627776 too large to convert to int32")
def r18_int_literal_too_large_array():
    return jnp.array(2**40)


@mistake("An overflow was encountered while parsing an argument to a jitted computation, whose")
def r18_int_literal_too_large_in_jit():
    return jax.jit(lambda a: a * 2**35)(jnp.ones(3, jnp.int32))


@mistake()
def r18_int_literal_too_large_full():
    return jnp.full(3, 2**33)


@mistake("Python integer -2147483649 out of bounds for int32")
def r18_int_literal_too_large_negative():
    return jnp.int32(-(2**31) - 1)


@mistake("An overflow was encountered while parsing an argument to a jitted computation, whose")
def r18_int_literal_too_large_where():
    return jnp.where(jnp.ones(3) > 0, 2**40, 0)


@mistake("Python int 1099511627776 too large to convert to int32")
def r18_int_literal_too_large_at_set():
    return jnp.zeros(3, jnp.int32).at[0].set(2**40)


@mistake()
def r18_uint32_literal_fits_ok():
    return jnp.array(2**31, dtype=jnp.uint32)


@mistake("Python integer 300 out of bounds for uint8")
def r18_int_literal_uint8_overflow():
    return jnp.array(300, dtype=jnp.uint8)


@mistake("data type 'float33' not understood")
def r18_lax_convert_element_type_bad_name():
    return lax.convert_element_type(jnp.ones(3), "float33")


@mistake()
def r18_lax_bitcast_different_width():
    return lax.bitcast_convert_type(jnp.ones(3, jnp.float32), jnp.int8)


@mistake("data type 'abc' not understood")
def r18_jnp_dtype_of_nonsense():
    return jnp.dtype("abc")


@mistake("Invalid integer data type 'f'.")
def r18_jnp_iinfo_of_float():
    return jnp.iinfo(jnp.float32)


@mistake("data type <class 'numpy.int32'> not inexact")
def r18_jnp_finfo_of_int():
    return jnp.finfo(jnp.int32)


@mistake("and does not accept dtype float32 at position 0. Accepted dtypes at position 0 are")
def r18_jnp_bitwise_and_floats():
    return jnp.bitwise_and(jnp.ones(3), jnp.ones(3))


@mistake(
    "shift_left does not accept dtype float32 at position 0. Accepted dtypes at position 0 are"
)
def r18_jnp_left_shift_floats():
    return jnp.left_shift(jnp.ones(3), 1)


@mistake("not does not accept dtype float32. Accepted dtypes are subtypes of integer, bool")
def r18_jnp_invert_float():
    return ~jnp.ones(3)


@mistake("lax.shift_left requires arguments to have the same dtypes, got int32, uint32. (Tip:")
def r18_lax_shift_left_mixed_dtypes():
    return lax.shift_left(jnp.ones(3, jnp.int32), jnp.ones(3, jnp.uint32))


@mistake("lax.rem requires arguments to have the same dtypes, got float32, int32.")
def r18_lax_rem_mixed_dtypes():
    return lax.rem(jnp.ones(3), jnp.ones(3, jnp.int32))


@mistake("setting an array element with a sequence. The requested array has an inhomogeneous shape")
def r18_jnp_array_ragged():
    return jnp.array([[1, 2], [3]])


# ---------------------------------------------------------------------------------------------
# jax.random: shapes, bounds, choice


@mistake()
def r18_random_normal_shape_int():
    return random.normal(k18, 3)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r18_random_uniform_shape_list_ok_or_not():
    return random.uniform(k18, [2, "3"])


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.0,).")
def r18_random_normal_shape_float():
    return random.normal(k18, (2.0,))


@mistake("mul got incompatible shapes for broadcasting: (3,), (4,).")
def r18_random_uniform_minval_shape_mismatch():
    return random.uniform(k18, (3,), minval=jnp.zeros(4), maxval=1.0)


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (), (2,)]")
def r18_random_randint_maxval_shape_mismatch():
    return random.randint(k18, (3,), 0, jnp.array([1, 2]))


@mistake("Cannot take a larger sample (size 5) than population (size 3) when 'replace=False'")
def r18_random_choice_too_many_without_replacement():
    return random.choice(k18, 3, (5,), replace=False)


@mistake("p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (4,) and")
def r18_random_choice_p_wrong_length():
    return random.choice(k18, 3, (2,), p=jnp.ones(4) / 4)


@mistake("a must be greater than 0 unless no samples are taken")
def r18_random_choice_empty():
    return random.choice(k18, 0, (2,))


@mistake("Cannot take a larger sample (size 4) than population (size 2) when 'replace=False'")
def r18_random_choice_2d_no_axis_too_many():
    return random.choice(k18, jnp.ones((2, 3)), (4,), replace=False)


@mistake("random.choice must be a sequence, got 2")
def r18_random_choice_shape_int():
    return random.choice(k18, 5, 2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_random_permutation_axis_out_of_range():
    return random.permutation(k18, jnp.ones((2, 3)), axis=2)


@mistake("x must be an integer or at least 1-dimensional")
def r18_random_permutation_of_float():
    return random.permutation(k18, 3.5)


@mistake("Incompatible shapes for broadcasting: shapes=[(4,), (")
def r18_random_categorical_shape_mismatch():
    return random.categorical(k18, jnp.zeros((2, 3)), shape=(4,))


@mistake("index 1 is out of bounds for axis 0 with size 1")
def r18_random_categorical_axis_out_of_range():
    return random.categorical(k18, jnp.zeros(3), axis=1)


@mistake("Incompatible shapes for broadcasting: shapes=[(4,), (3,)]")
def r18_random_bernoulli_p_shape_mismatch():
    return random.bernoulli(k18, jnp.ones(3) * 0.5, (4,))


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r18_random_normal_dtype_int():
    return random.normal(k18, (2,), jnp.int32)


@mistake("dtype argument to `uniform` must be a float dtype, got int32")
def r18_random_uniform_dtype_int():
    return random.uniform(k18, (2,), jnp.int32)


@mistake("randint only accepts integer dtypes, got float32")
def r18_random_randint_dtype_float():
    return random.randint(k18, (2,), 0, 5, jnp.float32)


@mistake("multivariate_normal requires cov.shape == (..., n, n) for n=2, but got cov.shape == (3,")
def r18_random_multivariate_normal_cov_shape():
    return random.multivariate_normal(k18, jnp.zeros(2), jnp.eye(3))


@mistake("dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0")
def r18_random_dirichlet_alpha_scalar():
    return random.dirichlet(k18, 1.0)


@mistake("Incompatible shapes for broadcasting: shapes=[(4,), (3,)]")
def r18_random_gamma_shape_mismatch():
    return random.gamma(k18, jnp.ones(3), (4,))


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (3,), (4,)]")
def r18_random_truncated_normal_bounds_shape():
    return random.truncated_normal(k18, jnp.zeros(3), jnp.ones(4), (3,))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r18_random_key_in_jit_closure_shape():
    return jax.jit(lambda k: random.normal(k, (2,)))(jnp.ones(2))


@mistake()
def r18_random_normal_in_vmap_shape_int():
    return jax.vmap(lambda k: random.normal(k, 2))(random.split(k18, 3))


@mistake("has no attribute 'shuffle'")
def r18_random_shuffle_removed():
    return random.shuffle(k18, jnp.arange(3))


@mistake("Only non-negative indices are allowed when broadcasting static shapes, but got shape")
def r18_random_ball_d_zero_or_negative():
    return random.ball(k18, -1)


@mistake()
def r18_random_rademacher_dtype_float():
    return random.rademacher(k18, (2,), jnp.float32)


@mistake()
def r18_random_normal_shape_list_ok():
    return random.normal(k18, [2, 3])


@mistake("negative dimensions are not allowed")
def r18_random_orthogonal_n_negative():
    return random.orthogonal(k18, -2)


# ---------------------------------------------------------------------------------------------
# lax shape checks: dot_general, conv, reduce_window, gather, pad, slices, broadcasts


@mistake("dot_general requires lhs batch dimensions and rhs batch dimensions to have the same")
def r18_dot_general_batch_dims_differ():
    return lax.dot_general(jnp.ones((2, 3, 4)), jnp.ones((5, 4, 3)), (((2,), (1,)), ((0,), (0,))))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3, 2) and (3,).")
def r18_dot_general_contracting_count_differs():
    return lax.dot_general(jnp.ones((2, 3)), jnp.ones((3, 2)), (((1, 0), (0,)), ((), ())))


@mistake(
    "dot_general requires lhs batch dimensions to be disjoint from contracting dimensions, got"
)
def r18_dot_general_contract_batch_overlap():
    return lax.dot_general(jnp.ones((2, 3)), jnp.ones((2, 3)), (((0,), (0,)), ((0,), (0,))))


@mistake("cannot unpack non-iterable int object")
def r18_dot_general_dims_not_tuples():
    return lax.dot_general(jnp.ones((2, 3)), jnp.ones((3, 2)), (1, 0))


@mistake("dot_general requires lhs dimension numbers to be nonnegative and less than the number of")
def r18_dot_general_negative_dim():
    return lax.dot_general(jnp.ones((2, 3)), jnp.ones((3, 2)), (((-1,), (0,)), ((), ())))


@mistake("data type 'float33' not understood")
def r18_dot_general_preferred_element_type_bad():
    return lax.dot_general(jnp.ones((2, 3)), jnp.ones((3, 2)), (((1,), (0,)), ((), ())),
                           preferred_element_type="float33")  # fmt: skip


@mistake("conv_general_dilated feature_group_count must divide lhs feature dimension size, but 2")
def r18_conv_feature_group_count_not_dividing():
    return lax.conv_general_dilated(jnp.ones((1, 3, 8, 8)), jnp.ones((4, 1, 3, 3)), (1, 1),
                                    "SAME", feature_group_count=2)  # fmt: skip


@mistake(
    "conv_general_dilated lhs feature dimension size divided by feature_group_count must equal"
)
def r18_conv_feature_group_kernel_mismatch():
    return lax.conv_general_dilated(jnp.ones((1, 4, 8, 8)), jnp.ones((4, 4, 3, 3)), (1, 1),
                                    "SAME", feature_group_count=2)  # fmt: skip


@mistake("conv_general_dilated batch_group_count must divide lhs batch dimension size, but 2 does")
def r18_conv_batch_group_count_not_dividing():
    return lax.conv_general_dilated(jnp.ones((3, 2, 8, 8)), jnp.ones((4, 2, 3, 3)), (1, 1),
                                    "SAME", batch_group_count=2)  # fmt: skip


@mistake("At most one of batch_group_count and feature_group_count may be > 1, got")
def r18_conv_both_group_counts():
    return lax.conv_general_dilated(jnp.ones((2, 2, 8, 8)), jnp.ones((2, 1, 3, 3)), (1, 1),
                                    "SAME", feature_group_count=2, batch_group_count=2)  # fmt: skip


@mistake("conv_general_dilated window and window_strides must have the same number of dimensions,")
def r18_conv_strides_wrong_length():
    return lax.conv(jnp.ones((1, 2, 8, 8)), jnp.ones((4, 2, 3, 3)), (1,), "SAME")


@mistake("Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got FULL.")
def r18_conv_padding_string_unknown():
    return lax.conv(jnp.ones((1, 2, 8, 8)), jnp.ones((4, 2, 3, 3)), (1, 1), "FULL")


@mistake(
    "conv_general_dilated lhs feature dimension size divided by feature_group_count must equal"
)
def r18_conv_input_channels_mismatch():
    return lax.conv(jnp.ones((1, 3, 8, 8)), jnp.ones((4, 2, 3, 3)), (1, 1), "SAME")


@mistake("convolution requires lhs and rhs ndim to be equal, got 3 and 4.")
def r18_conv_rank_mismatch():
    return lax.conv(jnp.ones((1, 2, 8)), jnp.ones((4, 2, 3, 3)), (1, 1), "SAME")


@mistake("Wrong number of explicit pads for convolution: expected 2, got 1.")
def r18_conv_padding_pairs_wrong_count():
    return lax.conv(jnp.ones((1, 2, 8, 8)), jnp.ones((4, 2, 3, 3)), (1, 1), [(1, 1)])


@mistake("All dilations must be positive, got (0, 1).")
def r18_conv_rhs_dilation_zero():
    return lax.conv_general_dilated(jnp.ones((1, 2, 8, 8)), jnp.ones((4, 2, 3, 3)), (1, 1),
                                    "SAME", rhs_dilation=(0, 1))  # fmt: skip


@mistake("convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 3")
def r18_conv_transpose_dimension_numbers_bad():
    return lax.conv_transpose(jnp.ones((1, 8, 8, 2)), jnp.ones((3, 3, 2, 4)), (1, 1), "SAME",
                              dimension_numbers=("NHWC", "HWIO", "NHW"))  # fmt: skip


@mistake("reduce_window got the wrong number of window_dimensions for operand: got operand shape")
def r18_reduce_window_dims_wrong_length():
    return lax.reduce_window(jnp.ones((4, 4)), 0.0, lax.add, (2,), (1, 1), "VALID")


@mistake("reduce_window got inconsistent window_strides and window_dimensions: got window_strides")
def r18_reduce_window_strides_wrong_length():
    return lax.reduce_window(jnp.ones((4, 4)), 0.0, lax.add, (2, 2), (1,), "VALID")


@mistake()
def r18_reduce_window_window_too_large():
    return lax.reduce_window(jnp.ones((4, 4)), 0.0, lax.add, (5, 5), (1, 1), "VALID")


@mistake("Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got HALF.")
def r18_reduce_window_padding_unknown():
    return lax.reduce_window(jnp.ones((4, 4)), 0.0, lax.add, (2, 2), (1, 1), "HALF")


@mistake("reduce_window expected init_values to be scalars but init_values have shapes [(2,)].")
def r18_reduce_window_init_shape():
    return lax.reduce_window(jnp.ones((4, 4)), jnp.zeros(2), lax.add, (2, 2), (1, 1), "VALID")


@mistake("reduce_window window_strides must have every element be strictly positive, got (0, 1).")
def r18_reduce_window_zero_stride():
    return lax.reduce_window(jnp.ones((4, 4)), 0.0, lax.add, (2, 2), (0, 1), "VALID")


@mistake("Gather op must have one slice size for every input dimension; got: len(slice_sizes)=1,")
def r18_gather_slice_sizes_wrong_length():
    dnums = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,),
                                       start_index_map=(0,))  # fmt: skip
    return lax.gather(jnp.ones((4, 3)), jnp.zeros((2, 1), jnp.int32), dnums, (1,))


@mistake("Slice size at index 1 in gather op is out of range, must be within [0, 3 + 1), got 5.")
def r18_gather_slice_size_too_large():
    dnums = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,),
                                       start_index_map=(0,))  # fmt: skip
    return lax.gather(jnp.ones((4, 3)), jnp.zeros((2, 1), jnp.int32), dnums, (1, 5))


@mistake("Gather op can only collapse slice dims with bound 1, but bound is 2 for index 0 at")
def r18_gather_collapsed_dim_size_not_one():
    dnums = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,),
                                       start_index_map=(0,))  # fmt: skip
    return lax.gather(jnp.ones((4, 3)), jnp.zeros((2, 1), jnp.int32), dnums, (2, 3))


@mistake(
    "Gather op has 2 elements in start_index_map and the bound of dimension index_vector_dim=1"
)
def r18_gather_start_index_map_too_long():
    dnums = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,),
                                       start_index_map=(0, 1))  # fmt: skip
    return lax.gather(jnp.ones((4, 3)), jnp.zeros((2, 1), jnp.int32), dnums, (1, 3))


@mistake("indices must have an integer type")
def r18_gather_float_indices():
    dnums = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,),
                                       start_index_map=(0,))  # fmt: skip
    return lax.gather(jnp.ones((4, 3)), jnp.zeros((2, 1)), dnums, (1, 3))


@mistake("Updates tensor must be of rank 2; got 1.")
def r18_scatter_updates_rank_wrong():
    dnums = lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0,),
                                        scatter_dims_to_operand_dims=(0,))  # fmt: skip
    return lax.scatter(jnp.ones((4, 3)), jnp.zeros((2, 1), jnp.int32), jnp.ones(2), dnums)


@mistake("Bounds of the window dimensions of updates must not exceed the bounds of the")
def r18_scatter_window_too_large():
    dnums = lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0,),
                                        scatter_dims_to_operand_dims=(0,))  # fmt: skip
    return lax.scatter(jnp.ones((4, 3)), jnp.zeros((2, 1), jnp.int32), jnp.ones((2, 5)), dnums)


@mistake("length of padding_config must equal the number of axes of operand, got padding_config")
def r18_pad_config_wrong_length():
    return lax.pad(jnp.ones((2, 3)), 0.0, [(1, 1, 0)])


@mistake("not enough values to unpack (expected 3, got 2)")
def r18_pad_config_pairs_not_triples():
    return lax.pad(jnp.ones((2, 3)), 0.0, [(1, 1), (1, 1)])


@mistake("padding_value must be a scalar; got np.shape(padding_value)=(2,)")
def r18_pad_value_not_scalar():
    return lax.pad(jnp.ones((2, 3)), jnp.zeros(2), [(1, 1, 0), (1, 1, 0)])


@mistake("interior padding in padding_config must be nonnegative, got padding_config ((1, 1, -1),")
def r18_pad_negative_interior():
    return lax.pad(jnp.ones((2, 3)), 0.0, [(1, 1, -1), (1, 1, 0)])


@mistake("pad operand and padding_value must be same dtype: got float32 and int32.")
def r18_pad_value_dtype_differs():
    return lax.pad(jnp.ones((2, 3)), jnp.int32(0), [(1, 1, 0), (1, 1, 0)])


@mistake("Dimension size after padding is not at least 0, got result shape (-1, 3), for")
def r18_pad_negative_too_large():
    return lax.pad(jnp.ones((2, 3)), 0.0, [(-3, 0, 0), (0, 0, 0)])


@mistake("integer division or modulo by zero")
def r18_lax_slice_strides_zero():
    return lax.slice(jnp.ones((4,)), (0,), (4,), (0,))


@mistake("slice slice_sizes must be greater than or equal to zero, got slice_sizes of (")
def r18_lax_slice_start_after_limit():
    return lax.slice(jnp.ones((4,)), (3,), (1,))


@mistake("tuple index out of range")
def r18_lax_slice_in_dim_out_of_range():
    return lax.slice_in_dim(jnp.ones((4, 3)), 0, 2, axis=2)


@mistake("slice slice_sizes must be less than or equal to operand shape, got slice_sizes (5,) for")
def r18_lax_dynamic_slice_size_too_large():
    return lax.dynamic_slice(jnp.ones((4,)), (0,), (5,))


@mistake(
    "dynamic_update_slice update must have the same rank as operand, got update shape (3,) for"
)
def r18_lax_dynamic_update_slice_rank_differs():
    return lax.dynamic_update_slice(jnp.ones((4, 3)), jnp.ones(3), (0, 0))


@mistake("lax.dynamic_update_slice requires arguments to have the same dtypes, got float32, int32.")
def r18_lax_dynamic_update_slice_dtype_differs():
    return lax.dynamic_update_slice(jnp.ones(4), jnp.ones(2, jnp.int32), (0,))


@mistake("broadcast_in_dim operand dimension sizes must either be 1, or be equal to their")
def r18_lax_broadcast_in_dim_wrong_dims():
    return lax.broadcast_in_dim(jnp.ones(3), (3, 4), (1,))


@mistake("broadcast_in_dim broadcast_dimensions must have length equal to operand ndim; got")
def r18_lax_broadcast_in_dim_dims_length():
    return lax.broadcast_in_dim(jnp.ones(3), (2, 3), (0, 1))


@mistake()
def r18_lax_broadcast_in_dim_not_increasing():
    return lax.broadcast_in_dim(jnp.ones((3, 3)), (3, 3), (1, 0))


@mistake(
    "reshape dimensions must be a permutation of operand dimensions, got dimensions (0, 0) for"
)
def r18_lax_reshape_dimensions_not_permutation():
    return lax.reshape(jnp.ones((2, 3)), (3, 2), dimensions=(0, 0))


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (0,) for"
)
def r18_lax_transpose_wrong_length():
    return lax.transpose(jnp.ones((2, 3)), (0,))


@mistake("concatenate dimension out of bounds: dimension 2 for shapes (2, 3), (2, 3).")
def r18_lax_concatenate_dimension_out_of_range():
    return lax.concatenate([jnp.ones((2, 3)), jnp.ones((2, 3))], 2)


@mistake("lax.concatenate requires arguments to have the same dtypes, got float32, int32. (Tip:")
def r18_lax_concatenate_dtypes_differ():
    return lax.concatenate([jnp.ones(3), jnp.ones(3, jnp.int32)], 0)


@mistake("select cases must have the same shapes, got [(2,), (3,)].")
def r18_lax_select_n_cases_shapes():
    return lax.select_n(jnp.array([True, False]), jnp.ones(2), jnp.ones(3))


@mistake("select `which` must be boolean or integer type, got float32.")
def r18_lax_select_n_pred_float():
    return lax.select_n(jnp.ones(2), jnp.ones(2), jnp.ones(2))


@mistake("reduction axes (2,) contains out-of-bounds indices for float32[2,3].")
def r18_lax_reduce_dimensions_out_of_range():
    return lax.reduce(jnp.ones((2, 3)), 0.0, lax.add, (2,))


@mistake("duplicate value in 'axes' of reduction: (0, 0)")
def r18_lax_reduce_sum_axes_repeated():
    return lax.reduce_sum(jnp.ones((2, 3)), (0, 0))


@mistake("index_dtype must be an integer type, but got float32")
def r18_lax_argmax_index_dtype_float():
    return lax.argmax(jnp.ones(3), 0, jnp.float32)


@mistake("k argument to top_k must be no larger than size along axis; got k=5 with shape=[3] and")
def r18_lax_top_k_k_too_large():
    return lax.top_k(jnp.ones(3), 5)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r18_lax_sort_dimension_out_of_range():
    return lax.sort(jnp.ones(3), dimension=1)


@mistake("axis 1 is out of bounds for array of shape (3,)")
def r18_lax_cumsum_axis_out_of_range():
    return lax.cumsum(jnp.ones(3), axis=1)


@mistake("iota dimension must be between 0 and len(shape), got dimension=2 for shape=(2, 3)")
def r18_lax_iota_shape_dimension():
    return lax.broadcasted_iota(jnp.int32, (2, 3), 2)


@mistake(
    "rev dimensions must all be less than operand ndim, got dimensions (1,) for operand ndim 1."
)
def r18_lax_rev_dimension_out_of_range():
    return lax.rev(jnp.ones(3), (1,))


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_lax_squeeze_non_unit():
    return lax.squeeze(jnp.ones((2, 3)), (0,))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r18_lax_expand_dims_out_of_range():
    return lax.expand_dims(jnp.ones(3), (3,))


@mistake("clamp requires min.shape == operand.shape or min.shape == (), got min.shape=(2,),")
def r18_lax_clamp_shapes():
    return lax.clamp(jnp.zeros(2), jnp.ones(3), jnp.ones(3))


@mistake(
    "conv_general_dilated lhs feature dimension size divided by feature_group_count must equal"
)
def r18_lax_conv_general_dilated_in_jit_channels():
    f = jax.jit(lambda a, w: lax.conv(a, w, (1, 1), "VALID"))
    return f(jnp.ones((1, 3, 8, 8)), jnp.ones((4, 2, 3, 3)))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_lax_dot_general_in_vmap_contracting():
    f = lambda a: lax.dot_general(a, jnp.ones((4, 2)), (((0,), (0,)), ((), ())))
    return jax.vmap(f)(jnp.ones((5, 3)))


# ---------------------------------------------------------------------------------------------
# NumPy API mistakes in jnp: out=, order=, in-place operations, NumPy-only functions


@mistake("out argument of <jnp.ufunc 'add'>")
def r18_jnp_add_out():
    return jnp.add(jnp.ones(3), jnp.ones(3), out=jnp.zeros(3))


@mistake("The 'out' argument to jnp.sum is not supported")
def r18_jnp_sum_out():
    return jnp.sum(jnp.ones(3), out=jnp.zeros(()))


@mistake("clip() got an unexpected keyword argument 'out'")
def r18_jnp_clip_out():
    return jnp.clip(jnp.ones(3), 0, 1, out=jnp.zeros(3))


@mistake("dot() got an unexpected keyword argument 'out'")
def r18_jnp_dot_out():
    return jnp.dot(jnp.ones(3), jnp.ones(3), out=jnp.zeros(()))


@mistake("The 'out' argument to jnp.cumsum is not supported")
def r18_jnp_cumsum_out():
    return jnp.cumsum(jnp.ones(3), out=jnp.zeros(3))


@mistake("The 'out' argument to jnp.argmax is not supported")
def r18_jnp_argmax_out():
    return jnp.argmax(jnp.ones(3), out=jnp.zeros((), jnp.int32))


@mistake("Ravel not implemented for order='K'.")
def r18_jnp_ravel_order_k():
    return jnp.ravel(jnp.ones((2, 3)), order="K")


@mistake("np.reshape order=A is not implemented.")
def r18_jnp_reshape_order_a():
    return jnp.reshape(jnp.ones((2, 3)), (3, 2), order="A")


@mistake("zeros() got an unexpected keyword argument 'order'")
def r18_jnp_zeros_order_f():
    return jnp.zeros((2, 3), order="F")


@mistake("Only implemented for order='K'")
def r18_jnp_array_order_f():
    return jnp.array([[1, 2]], order="F")


@mistake("Only implemented for order='K'")
def r18_jnp_asarray_order_q():
    return jnp.asarray([[1, 2]], order="Q")


@mistake("Only implemented for order='K'")
def r18_jnp_copy_order_f():
    return jnp.copy(jnp.ones((2, 3)), order="F")


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment. Instead of x[idx] ="
)
def r18_array_iadd_index():
    a = jnp.zeros(3)
    a[0] += 1
    return a


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment. Instead of x[idx] ="
)
def r18_array_setitem_slice():
    a = jnp.zeros(3)
    a[1:] = 1.0
    return a


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment. Instead of x[idx] ="
)
def r18_array_setitem_in_jit():
    def f(a):
        a[0] = 1.0
        return a

    return jax.jit(f)(jnp.zeros(3))


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment. Instead of x[idx] ="
)
def r18_array_setitem_boolean_mask():
    a = jnp.zeros(3)
    a[a > 0] = 1.0
    return a


@mistake("__delitem__")
def r18_array_delitem():
    a = jnp.zeros(3)
    del a[0]
    return a


@mistake("object has no attribute 'resize'")
def r18_array_sort_in_place_method_missing():
    a = jnp.array([3, 1, 2])
    return a.resize(2)


@mistake("object has no attribute 'fill'")
def r18_array_fill_method():
    return jnp.zeros(3).fill(1.0)


@mistake("object has no attribute 'itemset'")
def r18_array_itemset():
    return jnp.zeros(3).itemset(0, 1.0)


@mistake("object has no attribute 'setflags'")
def r18_array_setflags():
    return jnp.zeros(3).setflags(write=True)


@mistake("object has no attribute 'data'")
def r18_array_data_attribute():
    return jnp.zeros(3).data


@mistake("property 'shape' of 'ArrayImpl' object has no setter")
def r18_array_shape_assignment():
    a = jnp.zeros(6)
    a.shape = (2, 3)
    return a


@mistake("property 'dtype' of 'ArrayImpl' object has no setter")
def r18_array_dtype_assignment():
    a = jnp.zeros(6)
    a.dtype = jnp.int32
    return a


@mistake("jax.numpy.put cannot modify arrays in-place, because JAX arrays are immutable. Pass")
def r18_jnp_put_inplace_true():
    return jnp.put(jnp.zeros(3), 0, 1.0)


@mistake("JAX arrays are immutable, must use inplace=False")
def r18_jnp_fill_diagonal_inplace_true():
    return jnp.fill_diagonal(jnp.zeros((3, 3)), 1.0)


@mistake("jax.numpy.place cannot modify arrays in-place, because JAX arrays are immutable. Pass")
def r18_jnp_place_inplace_true():
    return jnp.place(jnp.zeros(3), jnp.array([True, False, True]), 1.0)


@mistake("has no attribute 'copyto'")
def r18_jnp_copyto_array():
    return jnp.copyto(jnp.zeros(3), jnp.ones(3))


@mistake("Array() takes no arguments")
def r18_jnp_ndarray_constructor():
    return jnp.ndarray((2, 3))


@mistake("has no attribute 'matrix'")
def r18_jnp_matrix_missing():
    return jnp.matrix([[1, 2]])


@mistake(
    "'kind' argument to sort is not supported. Use stable=True or stable=False to specify sort"
)
def r18_jnp_sort_kind_keyword():
    return jnp.sort(jnp.ones(3), kind="heapsort")


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_jnp_unique_traced_without_size():
    return jax.jit(jnp.unique)(jnp.ones(3))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_jnp_nonzero_traced_without_size():
    return jax.jit(jnp.nonzero)(jnp.ones(3))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_jnp_argwhere_traced_without_size():
    return jax.jit(jnp.argwhere)(jnp.ones(3))


@mistake("Array boolean indices must be concrete; got bool[3]")
def r18_jnp_boolean_index_traced():
    return jax.jit(lambda a: a[a > 0])(jnp.ones(3))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_jnp_arange_traced_stop():
    return jax.jit(lambda n: jnp.arange(n))(3)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (")
def r18_jnp_zeros_traced_shape():
    return jax.jit(lambda n: jnp.zeros(n))(3)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_jnp_linspace_traced_num():
    return jax.jit(lambda n: jnp.linspace(0, 1, n))(3)


@mistake("Abstract tracer value encountered where concrete value is expected")
def r18_jnp_repeat_traced_repeats_no_total():
    return jax.jit(lambda r: jnp.repeat(jnp.ones(3), r))(jnp.array([1, 2, 1]))


@mistake("Value '")
def r18_jnp_array_of_generator():
    return jnp.array(i for i in range(3))


@mistake(
    "jnp.fromiter() is not implemented because it may be non-pure and thus unsafe for use with"
)
def r18_jnp_fromiter_missing():
    return jnp.fromiter(range(3), jnp.float32)


@mistake("The 'raise' mode to jnp.take is not supported.")
def r18_jnp_take_mode_raise():
    return jnp.take(jnp.ones(3), 5, mode="raise")


@mistake("Invalid mode 'wrapp' for np.take")
def r18_jnp_take_mode_unknown():
    return jnp.take(jnp.ones(3), 1, mode="wrapp")


@mistake("Unimplemented padding mode 'zero' for np.pad.")
def r18_jnp_pad_mode_unknown():
    return jnp.pad(jnp.ones(3), 1, mode="zero")


@mistake("index can't contain negative values")
def r18_jnp_pad_negative_width():
    return jnp.pad(jnp.ones(3), -1)


@mistake("'float' object cannot be interpreted as an integer")
def r18_jnp_round_decimals_float():
    return jnp.round(jnp.ones(3), 1.5)


@mistake("Number of samples, -1, must be non-negative.")
def r18_jnp_histogram_bins_negative():
    return jnp.histogram(jnp.ones(3), bins=-2)


@mistake()
def r18_jnp_array_copy_false():
    return jnp.array(np.ones(3), copy=False)


@mistake("Argument to inv must have shape [..., n, n], got (2, 3).")
def r18_jnp_linalg_inv_non_square():
    return jnp.linalg.inv(jnp.ones((2, 3)))


@mistake("inconsistent size for core dimension 'm': 4 vs 3")
def r18_jnp_linalg_solve_shapes():
    return jnp.linalg.solve(jnp.eye(3), jnp.ones(4))


@mistake("Argument to _det() must have shape [..., n, n], got (3,)")
def r18_jnp_linalg_det_1d():
    return jnp.linalg.det(jnp.ones(3))


@mistake("add got incompatible shapes for broadcasting: (2, 3), (3, 2).")
def r18_jnp_linalg_cholesky_non_square():
    return jnp.linalg.cholesky(jnp.ones((2, 3)))


@mistake("Invalid order 'fro2' for matrix norm.")
def r18_jnp_linalg_norm_ord_unknown():
    return jnp.linalg.norm(jnp.ones((2, 3)), ord="fro2")


@mistake("The 'out' argument to jnp.outer is not supported")
def r18_jnp_outer_out():
    return jnp.outer(jnp.ones(2), jnp.ones(2), out=jnp.zeros((2, 2)))


@mistake("data type 'flaot32' not understood")
def r18_jnp_mean_dtype_string_typo():
    return jnp.mean(jnp.ones(3), dtype="flaot32")


@mistake("invalid argument side='middle', expected 'left' or 'right'")
def r18_jnp_searchsorted_side_unknown():
    return jnp.searchsorted(jnp.arange(3), 1, side="middle")


@mistake("'kind' argument to argsort is not supported. Use stable=True or stable=False to specify")
def r18_jnp_argsort_kind():
    return jnp.argsort(jnp.ones(3), kind="heapsort")


@mistake("order must be non-negative but got -1")
def r18_jnp_diff_n_negative():
    return jnp.diff(jnp.ones(3), n=-1)


@mistake(
    "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0"
)
def r18_jnp_roll_shift_axis_lengths():
    return jnp.roll(jnp.ones((2, 3)), (1, 2, 3), axis=(0, 1))


@mistake("Inconsistent number of elements: 2 vs 1")
def r18_jnp_moveaxis_lengths():
    return jnp.moveaxis(jnp.ones((2, 3)), (0, 1), (1,))


@mistake("index 2 is out of bounds for axis 0 with size 2")
def r18_jnp_swapaxes_out_of_range():
    return jnp.swapaxes(jnp.ones((2, 3)), 0, 2)


@mistake("repeated axis in lax.expand_dims: (0, 0)")
def r18_jnp_expand_dims_repeated():
    return jnp.expand_dims(jnp.ones(3), (0, 0))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_jnp_tensordot_axes_mismatch():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((4, 2)), axes=([1], [0]))


@mistake("kron requires ndarray or scalar arguments, got <class 'dict'> at position 1.")
def r18_jnp_kron_of_list_and_dict():
    return jnp.kron(jnp.ones(2), {"a": 1})


@mistake("not a valid gufunc signature: (n)->(m")
def r18_jnp_vectorize_signature_bad():
    return jnp.vectorize(lambda a: a, signature="(n)->(m")(jnp.ones(3))


@mistake("inconsistent size for core dimension 'n': 4 vs 3")
def r18_jnp_vectorize_core_dims_mismatch():
    f = jnp.vectorize(lambda a, b: a @ b, signature="(n),(n)->()")
    return f(jnp.ones(3), jnp.ones(4))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_jnp_apply_along_axis_out_of_range():
    return jnp.apply_along_axis(jnp.sum, 2, jnp.ones((2, 3)))


@mistake("with 3 condition(s), either 3 or 4 functions are expected; got 1")
def r18_jnp_piecewise_condlist_length():
    x = jnp.arange(3.0)
    return jnp.piecewise(x, [x > 0, x > 1, x > 2], [1.0])


@mistake("condlist must have length equal to choicelist (2 vs 1)")
def r18_jnp_select_lengths():
    x = jnp.arange(3.0)
    return jnp.select([x > 0, x > 1], [x])


@mistake("xp and fp must be one-dimensional arrays of equal size")
def r18_jnp_interp_xp_fp_lengths():
    return jnp.interp(jnp.ones(2), jnp.arange(3.0), jnp.arange(4.0))


@mistake("convolve() only support 1-dimensional inputs.")
def r18_jnp_convolve_2d():
    return jnp.convolve(jnp.ones((2, 2)), jnp.ones(2))


@mistake("mode must be one of ['full', 'same', 'valid']")
def r18_jnp_convolve_mode_unknown():
    return jnp.convolve(jnp.ones(3), jnp.ones(2), mode="circular")


@mistake("mul got incompatible shapes for broadcasting: (3,), (2,).")
def r18_jnp_trapezoid_x_length():
    return jnp.trapezoid(jnp.ones(3), x=jnp.ones(4))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_jnp_bincount_traced_no_length():
    return jax.jit(jnp.bincount)(jnp.array([0, 1, 1]))


# ---------------------------------------------------------------------------------------------
# Devices, meshes, shardings


@mistake("device_put device specification must be a tree prefix of the corresponding value;")
def r18_device_put_device_list():
    return jax.device_put(jnp.ones(3), jax.devices()[:2])


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`,")
def r18_device_put_device_index():
    return jax.device_put(jnp.ones(3), 0)


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`,")
def r18_device_put_string_device():
    return jax.device_put(jnp.ones(3), "cpu:0")


@mistake("Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to device_put")
def r18_device_put_spec_without_mesh():
    return jax.device_put(jnp.ones(4), P("x"))


@mistake("Mesh requires the ndim of its first argument (`devices`) to equal the length of its")
def r18_mesh_axis_names_length_mismatch():
    return Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x",))


@mistake()
def r18_mesh_axis_names_duplicated():
    return Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x", "x"))


@mistake(
    "Number of axis names should match the number of axis_types. Got axis_names=('x', 'y') and"
)
def r18_make_mesh_axis_types_wrong_length():
    return jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit,))


@mistake("axis_types passed to Mesh must be of type")
def r18_make_mesh_axis_types_not_axis_type():
    return jax.make_mesh((2,), ("x",), axis_types=("explicit",))


@mistake("Number of devices 8 must be >= the product of mesh_shape (4, 4)")
def r18_make_mesh_too_many_devices():
    return jax.make_mesh((4, 4), ("x", "y"))


@mistake("Mesh requires the ndim of its first argument (`devices`) to equal the length of its")
def r18_make_mesh_shape_names_length():
    return jax.make_mesh((2, 4), ("x",))


@mistake("list index out of range")
def r18_make_mesh_zero_axis():
    return jax.make_mesh((0,), ("x",))


@mistake("Number of devices 2 must be >= the product of mesh_shape (2, 2)")
def r18_make_mesh_devices_wrong_count():
    return jax.make_mesh((2, 2), ("x", "y"), devices=jax.devices()[:2])


@mistake("Resource axis: y of P('y',) is not found in mesh: ('x',).")
def r18_named_sharding_spec_axis_unknown_used():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh18, P("y")))


@mistake("pjit in_shardings specification must be a tree prefix of the positional arguments tuple.")
def r18_jit_in_shardings_tree_mismatch():
    s = NamedSharding(mesh18, P("x"))
    return jax.jit(lambda a, b: a + b, in_shardings=(s,))(jnp.ones(4), jnp.ones(4))


@mistake("Mismatch details (1 found):")
def r18_jit_out_shardings_tree_mismatch():
    s = NamedSharding(mesh18, P("x"))
    return jax.jit(lambda a: (a, a), out_shardings=(s, s, s))(jnp.ones(4))


@mistake(
    "One of pjit arguments with pytree key path a is incompatible with its sharding annotation"
)
def r18_jit_in_shardings_spec_rank_too_long():
    s = NamedSharding(mesh18x, P("x", "y"))
    return jax.jit(lambda a: a, in_shardings=s)(jnp.ones(8))


@mistake("A single NamedSharding spec specification can map every mesh axis to at most one")
def r18_partition_spec_axis_twice():
    return NamedSharding(mesh18x, P("x", "x"))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r18_with_sharding_constraint_unknown_axis():
    s = NamedSharding(mesh18, P("z"))
    return jax.jit(lambda a: lax.with_sharding_constraint(a, s))(jnp.ones(4))


@mistake("with_sharding_constraint requires a non-empty mesh in context if you are passing")
def r18_with_sharding_constraint_spec_no_mesh():
    return jax.jit(lambda a: lax.with_sharding_constraint(a, P("x")))(jnp.ones(4))


@mistake("One of with_sharding_constraint arguments is incompatible with its sharding annotation")
def r18_with_sharding_constraint_rank_too_long():
    s = NamedSharding(mesh18x, P("x", "y"))
    return jax.jit(lambda a: lax.with_sharding_constraint(a, s))(jnp.ones(4))


@mistake("Unknown backend tpu9. Available backends are ['cpu']")
def r18_devices_of_unknown_backend():
    return jax.devices("tpu9")


@mistake("Unknown process_index 5")
def r18_local_devices_process_index():
    return jax.local_devices(process_index=5)


@mistake("'z'")
def r18_mesh_axis_size_lookup_unknown():
    return mesh18x.shape["z"]


@mistake()
def r18_single_device_sharding_of_int():
    return jax.sharding.SingleDeviceSharding(0)


# ---------------------------------------------------------------------------------------------
# Loops, branches and carries: lengths, predicates, branch outputs, under jit and vmap


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r18_scan_xs_leading_sizes_differ():
    return lax.scan(lambda c, x: (c, x[0] + x[1]), 0.0, (jnp.ones(3), jnp.ones(4)))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r18_scan_length_conflicts_with_xs():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), length=4)


@mistake("scan got no values to scan over and `length` not provided.")
def r18_scan_no_xs_no_length():
    return lax.scan(lambda c, x: (c, c), 0.0, None)


@mistake("scan body output must be a pair, got float32[].")
def r18_scan_body_returns_carry_only():
    return lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3))


@mistake()
def r18_scan_carry_dtype_changes_in_jit():
    return jax.jit(lambda xs: lax.scan(lambda c, x: (c + 1, x), 0, xs))(jnp.ones(3))


@mistake("scan got value with no leading axis to scan over: 1.0.")
def r18_scan_xs_scalar():
    return lax.scan(lambda c, x: (c, x), 0.0, 1.0)


@mistake()
def r18_scan_unroll_zero():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), unroll=0)


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r18_scan_in_vmap_carry_shape_changes():
    f = lambda v: lax.scan(lambda c, x: (jnp.append(c, x), x), v, jnp.ones(2))
    return jax.vmap(f)(jnp.ones((3, 2)))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r18_while_cond_returns_vector():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 1, jnp.zeros(2))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[])].")
def r18_while_cond_returns_float():
    return lax.while_loop(lambda c: c.sum(), lambda c: c + 1, jnp.zeros(2))


@mistake("while_loop body function carry input and carry output must have equal types, but they")
def r18_while_body_changes_dtype_in_vmap():
    f = lambda c: lax.while_loop(lambda v: v < 3, lambda v: v + 1.0, c)
    return jax.vmap(f)(jnp.zeros(3, jnp.int32))


@mistake()
def r18_fori_float_bounds():
    return lax.fori_loop(0.0, 3.0, lambda i, c: c + i, 0.0)


@mistake("takes 1 positional argument but 2 were given")
def r18_fori_body_one_argument():
    return lax.fori_loop(0, 3, lambda c: c + 1, 0.0)


@mistake("cond branches must have equal output types but they differ.")
def r18_cond_branch_dtype_differs_in_jit():
    f = lambda p: lax.cond(p, lambda: jnp.float32(1), lambda: jnp.int32(1))
    return jax.jit(f)(True)


@mistake("cond branches must have equal output types but they differ.")
def r18_cond_branch_shape_differs_in_vmap():
    f = lambda p: lax.cond(p, lambda: jnp.ones(2), lambda: jnp.ones(3))
    return jax.vmap(f)(jnp.array([True, False]))


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r18_cond_branch_structure_differs():
    return lax.cond(True, lambda: (1.0, 2.0), lambda: [1.0, 2.0])


@mistake("missing 1 required positional argument: 'b'")
def r18_cond_operand_count_mismatch():
    return lax.cond(True, lambda a, b: a + b, lambda a, b: a - b, 1.0)


@mistake()
def r18_cond_pred_float_array_in_jit():
    return jax.jit(lambda p: lax.cond(p, lambda: 1.0, lambda: 2.0))(jnp.float32(1))


@mistake("Empty branch sequence")
def r18_switch_no_branches():
    return lax.switch(0, [])


@mistake("Index type must be an integer, got 1.0 as float32")
def r18_switch_index_float():
    return lax.switch(1.0, [lambda: 1.0, lambda: 2.0])


@mistake("switch branches must have equal output types but they differ.")
def r18_switch_branch_outputs_differ():
    return lax.switch(0, [lambda: 1.0, lambda: jnp.ones(2)])


@mistake("Array inputs to associative_scan must have the same first dimension. (saw: [(3,), (4,)])")
def r18_associative_scan_leading_sizes():
    return lax.associative_scan(lambda a, b: (a[0] + b[0], a[1] + b[1]), (jnp.ones(3), jnp.ones(4)))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r18_associative_scan_axis_out_of_range():
    return lax.associative_scan(jnp.add, jnp.ones(3), axis=1)


@mistake()
def r18_map_batch_size_zero():
    return lax.map(lambda a: a, jnp.ones(4), batch_size=0)


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r18_map_xs_sizes_differ():
    return lax.map(lambda t: t[0] + t[1], (jnp.ones(3), jnp.ones(4)))


# ---------------------------------------------------------------------------------------------
# .at[] and indexing mistakes, in and out of transforms


@mistake("Incompatible types for broadcasting: input type=float32[3] and requested type=float32[2]")
def r18_at_set_wrong_shape():
    return jnp.zeros(3).at[:2].set(jnp.ones(3))


@mistake("Incompatible types for broadcasting: input type=float32[2] and requested type=float32[3]")
def r18_at_set_wrong_shape_in_jit():
    return jax.jit(lambda a: a.at[0].set(jnp.ones(2)))(jnp.zeros((3, 3)))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r18_at_float_index():
    return jnp.zeros(3).at[1.0].set(1.0)


@mistake('Unknown gather mode "wrap"')
def r18_at_mode_unknown():
    return jnp.zeros(3).at[5].set(1.0, mode="wrap")


@mistake("object has no attribute 'assign'")
def r18_at_unknown_method():
    return jnp.zeros(3).at[0].assign(1.0)


@mistake("object has no attribute 'set'")
def r18_at_without_index():
    return jnp.zeros(3).at.set(1.0)


@mistake("Too many indices: array is 1-dimensional, but 2 were indexed")
def r18_at_too_many_indices():
    return jnp.zeros(3).at[0, 1].set(1.0)


@mistake("Too many indices: array is 1-dimensional, but 2 were indexed")
def r18_index_too_many_indices_in_vmap():
    return jax.vmap(lambda a: a[0, 0])(jnp.ones((4, 3)))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r18_index_float_in_scan():
    return lax.scan(lambda c, x: (c, x[0.5]), 0.0, jnp.ones((3, 2)))


@mistake(
    "Using a non-tuple sequence for multidimensional indexing is not allowed; use `arr[array(seq)]` instead of `arr[seq]`"
)
def r18_index_with_list_of_floats():
    return jnp.ones(3)[[0.0, 1.0]]


@mistake("an index can only have a single ellipsis ('...')")
def r18_index_two_ellipses():
    return jnp.ones((2, 3))[..., ...]


@mistake("indices and arr must have the same number of dimensions; 1 vs. 2")
def r18_take_along_axis_rank_mismatch():
    return jnp.take_along_axis(jnp.ones((2, 3)), jnp.zeros(2, jnp.int32), axis=1)


@mistake("take_along_axis indices must be of integer type, got float32")
def r18_take_along_axis_float_indices():
    return jnp.take_along_axis(jnp.ones((2, 3)), jnp.zeros((2, 1)), axis=1)


@mistake("jax.numpy.put_along_axis cannot modify arrays in-place, because JAX arrays")
def r18_put_along_axis_inplace_default():
    return jnp.put_along_axis(jnp.ones((2, 3)), jnp.zeros((2, 1), jnp.int32), 0.0, axis=1)


@mistake("index arguments to dynamic_slice must be integers of the same type, got: float32")
def r18_dynamic_slice_float_index_in_jit():
    return jax.jit(lambda a, i: lax.dynamic_slice(a, (i,), (2,)))(jnp.ones(4), 1.0)


@mistake("list assignment index out of range")
def r18_dynamic_index_in_dim_out_of_range_axis():
    return lax.dynamic_index_in_dim(jnp.ones(4), 0, axis=1)


# ---------------------------------------------------------------------------------------------
# vmap / grad / jit arguments with nested structures


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r18_vmap_in_axes_dict_keys_differ():
    return jax.vmap(lambda d: d["a"], in_axes=({"b": 0},))({"a": jnp.ones(3)})


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r18_vmap_in_axes_float():
    return jax.vmap(lambda a: a, in_axes=0.0)(jnp.ones(3))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_vmap_out_axes_out_of_range():
    return jax.vmap(lambda a: a, out_axes=2)(jnp.ones((3, 2)))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r18_vmap_nested_sizes_differ():
    f = jax.vmap(jax.vmap(lambda a, b: a + b), in_axes=(0, 1))
    return f(jnp.ones((2, 3)), jnp.ones((2, 4)))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r18_vmap_axis_size_conflicts():
    return jax.vmap(lambda a: a, axis_size=4)(jnp.ones(3))


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r18_vmap_all_in_axes_none_no_size():
    return jax.vmap(lambda a: a, in_axes=None)(jnp.ones(3))


@mistake("differentiating with respect to argnums=(0, 2) requires at least 3 positional arguments")
def r18_grad_argnums_tuple_out_of_range():
    return jax.grad(lambda a, b: a * b, argnums=(0, 2))(1.0, 2.0)


@mistake("grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of")
def r18_grad_of_int_argument():
    return jax.grad(lambda a: a * 2)(3)


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r18_grad_has_aux_not_pair():
    return jax.grad(lambda a: a * 2, has_aux=True)(1.0)


@mistake("grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but")
def r18_value_and_grad_complex_output():
    return jax.value_and_grad(lambda a: a * 1j)(1.0)


@mistake("jacrev requires real- or complex-valued inputs (input dtype that is a sub-dtype of")
def r18_jacrev_of_int_input():
    return jax.jacrev(lambda a: a * 2)(jnp.arange(3))


@mistake("jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but")
def r18_hessian_non_scalar_ok_or_not():
    return jax.hessian(lambda a: a * 2)(1)


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r18_jit_static_argnums_unhashable():
    return jax.jit(lambda a, n: a * len(n), static_argnums=1)(jnp.ones(3), [1, 2])


@mistake("Jitted function has invalid argnames {'b'} in static_argnames. Function does not take")
def r18_jit_static_argnames_unknown_ok_or_not():
    return jax.jit(lambda a: a, static_argnames=("b",))(jnp.ones(3), b=1)


@mistake(
    "static_argnames and donate_argnames cannot intersect. Argument names {'n'} appear in both"
)
def r18_jit_donate_and_static_same():
    return jax.jit(lambda a, n: a * n, static_argnums=1, donate_argnums=1)(jnp.ones(3), 2)


@mistake()
def r18_checkpoint_static_argnums_traced_use():
    f = jax.checkpoint(lambda a, n: a * n, static_argnums=(1,))
    return jax.jit(f)(jnp.ones(3), 2)


@mistake("expected PyTreeDef((*,)), got PyTreeDef((*, *))")
def r18_linearize_output_tuple_called_wrong():
    _, f_jvp = jax.linearize(lambda a: a * 2, 1.0)
    return f_jvp(1.0, 2.0)


@mistake("unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got int32[3], but")
def r18_vjp_cotangent_wrong_dtype():
    _, pullback = jax.vjp(lambda a: a * 2, jnp.ones(3))
    return pullback(jnp.ones(3, jnp.int32))


@mistake(
    "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in case of"
)
def r18_jvp_tangent_int_for_float():
    return jax.jvp(lambda a: a * 2, (jnp.ones(3),), (jnp.ones(3, jnp.int32),))


# ---------------------------------------------------------------------------------------------
# jax.nn / jnp functions inside transforms


@mistake("'float' object cannot be interpreted as an integer")
def r18_one_hot_float_classes():
    return jax.nn.one_hot(jnp.array([0, 1]), 3.0)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_one_hot_traced_classes():
    return jax.jit(lambda n: jax.nn.one_hot(jnp.array([0, 1]), n))(3)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r18_softmax_axis_out_of_range_in_vmap():
    return jax.vmap(lambda a: jax.nn.softmax(a, axis=1))(jnp.ones((2, 3)))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r18_logsumexp_axis_out_of_range():
    return jax.nn.logsumexp(jnp.ones(3), axis=1)


@mistake()
def r18_dot_product_attention_rank():
    return jax.nn.dot_product_attention(jnp.ones((2, 3)), jnp.ones((2, 3)), jnp.ones((2, 3)))


@mistake("inconsistent size for core dimension 'm': 4 vs 3 on vectorized function with excluded=")
def r18_linalg_solve_in_vmap_shapes():
    return jax.vmap(jnp.linalg.solve)(jnp.ones((2, 3, 3)), jnp.ones((2, 4)))


@mistake("Argument to inv must have shape [..., n, n], got (2, 3).")
def r18_linalg_inv_in_grad_non_square():
    return jax.grad(lambda a: jnp.linalg.inv(a).sum())(jnp.ones((2, 3)))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_fft_axis_out_of_range_in_jit():
    return jax.jit(lambda a: jnp.fft.fft(a, axis=2))(jnp.ones((2, 3)))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r18_cumsum_axis_out_of_range_in_scan():
    return lax.scan(lambda c, x: (c, jnp.cumsum(x, axis=1)), 0.0, jnp.ones((3, 2)))


@mistake("tuple index out of range")
def r18_argmax_axis_out_of_range_in_vmap():
    return jax.vmap(lambda a: jnp.argmax(a, axis=1))(jnp.ones((2, 3)))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r18_sort_axis_out_of_range_in_grad():
    return jax.grad(lambda a: jnp.sort(a, axis=1).sum())(jnp.ones(3))


@mistake("jnp.pad: pad_width with nd=2 has unsupported shape (3, 2). Valid shapes are (2, 2), (1,")
def r18_pad_width_wrong_rank_in_jit():
    return jax.jit(lambda a: jnp.pad(a, ((1, 1), (1, 1), (1, 1))))(jnp.ones((2, 3)))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r18_concatenate_axis_out_of_range_in_vmap():
    return jax.vmap(lambda a: jnp.concatenate([a, a], axis=1))(jnp.ones((2, 3)))


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (3, -1).")
def r18_repeat_negative_repeats():
    return jnp.repeat(jnp.ones(3), -1)


@mistake("Number of samples, -2, must be non-negative.")
def r18_linspace_negative_num():
    return jnp.linspace(0, 1, -2)


@mistake("negative dimensions are not allowed, got -1 and None")
def r18_eye_negative():
    return jnp.eye(-1)


@mistake("division by zero")
def r18_arange_zero_step():
    return jnp.arange(0, 3, 0)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r18_full_shape_float():
    return jnp.full((2.5,), 1.0)


@mistake("can only specify one unknown axis size with a `-1` value, got (-1, -1)")
def r18_reshape_two_minus_ones_in_jit():
    return jax.jit(lambda a: a.reshape(-1, -1))(jnp.ones(6))


@mistake("'float' object cannot be interpreted as an integer")
def r18_split_indices_float():
    return jnp.split(jnp.ones(6), [2.5])


@mistake("integer division or modulo by zero")
def r18_array_split_zero_sections():
    return jnp.array_split(jnp.ones(6), 0)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0,")
def r18_moveaxis_repeated_source():
    return jnp.moveaxis(jnp.ones((2, 3)), (0, 0), (0, 1))


@mistake("Incompatible types for matmul arguments: float32[2,3,4] and float32[5,4,3]")
def r18_matmul_three_operands_batch_mismatch():
    return jnp.matmul(jnp.ones((2, 3, 4)), jnp.ones((5, 4, 3)))


@mistake("Output character 'i' appeared more than once in the output.")
def r18_einsum_output_label_repeated():
    return jnp.einsum("ij->ii", jnp.ones((2, 2)))


@mistake("Number of einsum subscripts, 1, must be equal to the number of operands, 2.")
def r18_einsum_too_many_operands():
    return jnp.einsum("ij->i", jnp.ones((2, 2)), jnp.ones((2, 2)))


# ---------------------------------------------------------------------------------------------
# The same mistakes inside nested and less-used transforms


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_jit_grad_scan_body_matmul():
    def body(c, a):
        return c, a @ jnp.ones((4, 5))

    return jax.jit(jax.grad(lambda v: lax.scan(body, 0.0, v)[1].sum()))(xs18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_jit_grad_scan_body_add_shapes():
    def body(c, a):
        return c, a + jnp.ones(4)

    return jax.jit(jax.grad(lambda v: lax.scan(body, 0.0, v)[1].sum()))(xs18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_jit_grad_scan_body_reshape():
    def body(c, a):
        return c, a.reshape(4, 2)

    return jax.jit(jax.grad(lambda v: lax.scan(body, 0.0, v)[1].sum()))(xs18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_jit_grad_scan_body_lax_add_dtypes():
    def body(c, a):
        return c, lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.jit(jax.grad(lambda v: lax.scan(body, 0.0, v)[1].sum()))(xs18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_jit_grad_scan_body_sum_axis():
    def body(c, a):
        return c, jnp.sum(a, axis=2)

    return jax.jit(jax.grad(lambda v: lax.scan(body, 0.0, v)[1].sum()))(xs18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_jit_grad_scan_body_dynamic_slice_indices():
    def body(c, a):
        return c, lax.dynamic_slice(a, (0,), (1,))

    return jax.jit(jax.grad(lambda v: lax.scan(body, 0.0, v)[1].sum()))(xs18)


@mistake("data type 'float33' not understood")
def r18_jit_grad_scan_body_astype_bad_name():
    def body(c, a):
        return c, a.astype("float33")

    return jax.jit(jax.grad(lambda v: lax.scan(body, 0.0, v)[1].sum()))(xs18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_vmap_cond_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.vmap(lambda p, v: lax.cond(p, body, lambda u: u, v))(xs18.sum((1, 2)) > 9, xs18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_vmap_cond_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.vmap(lambda p, v: lax.cond(p, body, lambda u: u, v))(xs18.sum((1, 2)) > 9, xs18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_vmap_cond_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.vmap(lambda p, v: lax.cond(p, body, lambda u: u, v))(xs18.sum((1, 2)) > 9, xs18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_vmap_cond_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.vmap(lambda p, v: lax.cond(p, body, lambda u: u, v))(xs18.sum((1, 2)) > 9, xs18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_vmap_cond_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.vmap(lambda p, v: lax.cond(p, body, lambda u: u, v))(xs18.sum((1, 2)) > 9, xs18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_vmap_cond_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.vmap(lambda p, v: lax.cond(p, body, lambda u: u, v))(xs18.sum((1, 2)) > 9, xs18)


@mistake("data type 'float33' not understood")
def r18_vmap_cond_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.vmap(lambda p, v: lax.cond(p, body, lambda u: u, v))(xs18.sum((1, 2)) > 9, xs18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_vmap_cond_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return jax.vmap(lambda p, v: lax.cond(p, body, lambda u: u, v))(xs18.sum((1, 2)) > 9, xs18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_shard_map_in_jit_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.jit(jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P()))(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_shard_map_in_jit_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.jit(jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P()))(x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_shard_map_in_jit_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.jit(jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P()))(x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_shard_map_in_jit_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.jit(jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P()))(x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_shard_map_in_jit_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.jit(jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P()))(x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_shard_map_in_jit_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.jit(jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P()))(x18)


@mistake("data type 'float33' not understood")
def r18_shard_map_in_jit_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.jit(jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P()))(x18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_shard_map_in_jit_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return jax.jit(jax.shard_map(body, mesh=mesh18, in_specs=P(), out_specs=P()))(x18)


@mistake("No JVP defined for custom_jvp function body using defjvp.")
def r18_custom_jvp_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.custom_jvp(body)(x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_remat_policy_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.checkpoint(body, policy=jax.checkpoint_policies.nothing_saveable)(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_remat_policy_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.checkpoint(body, policy=jax.checkpoint_policies.nothing_saveable)(x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_remat_policy_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.checkpoint(body, policy=jax.checkpoint_policies.nothing_saveable)(x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_remat_policy_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.checkpoint(body, policy=jax.checkpoint_policies.nothing_saveable)(x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_remat_policy_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.checkpoint(body, policy=jax.checkpoint_policies.nothing_saveable)(x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_remat_policy_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.checkpoint(body, policy=jax.checkpoint_policies.nothing_saveable)(x18)


@mistake("data type 'float33' not understood")
def r18_remat_policy_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.checkpoint(body, policy=jax.checkpoint_policies.nothing_saveable)(x18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_remat_policy_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return jax.checkpoint(body, policy=jax.checkpoint_policies.nothing_saveable)(x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_vmap_while_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.vmap(lambda v: lax.while_loop(lambda u: u.sum() < 100, body, v))(xs18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_vmap_while_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.vmap(lambda v: lax.while_loop(lambda u: u.sum() < 100, body, v))(xs18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_vmap_while_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.vmap(lambda v: lax.while_loop(lambda u: u.sum() < 100, body, v))(xs18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_vmap_while_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.vmap(lambda v: lax.while_loop(lambda u: u.sum() < 100, body, v))(xs18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_vmap_while_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.vmap(lambda v: lax.while_loop(lambda u: u.sum() < 100, body, v))(xs18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_vmap_while_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.vmap(lambda v: lax.while_loop(lambda u: u.sum() < 100, body, v))(xs18)


@mistake("data type 'float33' not understood")
def r18_vmap_while_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.vmap(lambda v: lax.while_loop(lambda u: u.sum() < 100, body, v))(xs18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_vmap_while_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return jax.vmap(lambda v: lax.while_loop(lambda u: u.sum() < 100, body, v))(xs18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_hessian_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.hessian(lambda v: body(v).sum())(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_hessian_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.hessian(lambda v: body(v).sum())(x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_hessian_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.hessian(lambda v: body(v).sum())(x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_hessian_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.hessian(lambda v: body(v).sum())(x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_hessian_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.hessian(lambda v: body(v).sum())(x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_hessian_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.hessian(lambda v: body(v).sum())(x18)


@mistake("data type 'float33' not understood")
def r18_hessian_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.hessian(lambda v: body(v).sum())(x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_named_call_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.jit(jax.named_call(body, name="blk"))(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_named_call_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.jit(jax.named_call(body, name="blk"))(x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_named_call_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.jit(jax.named_call(body, name="blk"))(x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_named_call_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.jit(jax.named_call(body, name="blk"))(x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_named_call_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.jit(jax.named_call(body, name="blk"))(x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_named_call_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.jit(jax.named_call(body, name="blk"))(x18)


@mistake("data type 'float33' not understood")
def r18_named_call_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.jit(jax.named_call(body, name="blk"))(x18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_named_call_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return jax.jit(jax.named_call(body, name="blk"))(x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_vmap_of_vmap_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.vmap(jax.vmap(body))(xs18[None])


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_vmap_of_vmap_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.vmap(jax.vmap(body))(xs18[None])


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_vmap_of_vmap_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.vmap(jax.vmap(body))(xs18[None])


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_vmap_of_vmap_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.vmap(jax.vmap(body))(xs18[None])


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_vmap_of_vmap_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.vmap(jax.vmap(body))(xs18[None])


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_vmap_of_vmap_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.vmap(jax.vmap(body))(xs18[None])


@mistake("data type 'float33' not understood")
def r18_vmap_of_vmap_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.vmap(jax.vmap(body))(xs18[None])


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_vmap_of_vmap_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return jax.vmap(jax.vmap(body))(xs18[None])


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_switch_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return lax.switch(1, [lambda v: v, body], x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_switch_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return lax.switch(1, [lambda v: v, body], x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_switch_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return lax.switch(1, [lambda v: v, body], x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_switch_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return lax.switch(1, [lambda v: v, body], x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_switch_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return lax.switch(1, [lambda v: v, body], x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_switch_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return lax.switch(1, [lambda v: v, body], x18)


@mistake("data type 'float33' not understood")
def r18_switch_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return lax.switch(1, [lambda v: v, body], x18)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_switch_body_int_of_tracer():
    def body(a):
        return a * int(a.sum())

    return lax.switch(1, [lambda v: v, body], x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_jacrev_in_jit_body_matmul():
    def body(a):
        return a @ jnp.ones((4, 5))

    return jax.jit(jax.jacrev(body))(x18)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_jacrev_in_jit_body_add_shapes():
    def body(a):
        return a + jnp.ones(4)

    return jax.jit(jax.jacrev(body))(x18)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_jacrev_in_jit_body_reshape():
    def body(a):
        return a.reshape(4, 2)

    return jax.jit(jax.jacrev(body))(x18)


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_jacrev_in_jit_body_lax_add_dtypes():
    def body(a):
        return lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.jit(jax.jacrev(body))(x18)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_jacrev_in_jit_body_sum_axis():
    def body(a):
        return jnp.sum(a, axis=2)

    return jax.jit(jax.jacrev(body))(x18)


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_jacrev_in_jit_body_dynamic_slice_indices():
    def body(a):
        return lax.dynamic_slice(a, (0,), (1,))

    return jax.jit(jax.jacrev(body))(x18)


@mistake("data type 'float33' not understood")
def r18_jacrev_in_jit_body_astype_bad_name():
    def body(a):
        return a.astype("float33")

    return jax.jit(jax.jacrev(body))(x18)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r18_scan_in_vmap_body_matmul():
    def body(c, a):
        return c, a @ jnp.ones((4, 5))

    return jax.vmap(lambda v: lax.scan(body, 0.0, v))(xs18[None])


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r18_scan_in_vmap_body_add_shapes():
    def body(c, a):
        return c, a + jnp.ones(4)

    return jax.vmap(lambda v: lax.scan(body, 0.0, v))(xs18[None])


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r18_scan_in_vmap_body_reshape():
    def body(c, a):
        return c, a.reshape(4, 2)

    return jax.vmap(lambda v: lax.scan(body, 0.0, v))(xs18[None])


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is")
def r18_scan_in_vmap_body_lax_add_dtypes():
    def body(c, a):
        return c, lax.add(a, jnp.ones((2, 3), jnp.int32))

    return jax.vmap(lambda v: lax.scan(body, 0.0, v))(xs18[None])


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_scan_in_vmap_body_sum_axis():
    def body(c, a):
        return c, jnp.sum(a, axis=2)

    return jax.vmap(lambda v: lax.scan(body, 0.0, v))(xs18[None])


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r18_scan_in_vmap_body_dynamic_slice_indices():
    def body(c, a):
        return c, lax.dynamic_slice(a, (0,), (1,))

    return jax.vmap(lambda v: lax.scan(body, 0.0, v))(xs18[None])


@mistake("data type 'float33' not understood")
def r18_scan_in_vmap_body_astype_bad_name():
    def body(c, a):
        return c, a.astype("float33")

    return jax.vmap(lambda v: lax.scan(body, 0.0, v))(xs18[None])


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_scan_in_vmap_body_int_of_tracer():
    def body(c, a):
        return c, a * int(a.sum())

    return jax.vmap(lambda v: lax.scan(body, 0.0, v))(xs18[None])


# ---------------------------------------------------------------------------------------------
# Arrays from shards and callbacks, device transfers, tree_util.Partial, misc APIs


@mistake("Expected shard shape (4,) doesn't match the single device array shape (3,).")
def r18_make_array_from_callback_wrong_shape():
    s = NamedSharding(mesh18, P("x"))
    return jax.make_array_from_callback((8,), s, lambda idx: np.ones(3, np.float32))


@mistake("Expected 2 per-device arrays (this is how many devices are addressable by the sharding),")
def r18_make_array_from_single_device_arrays_count():
    s = NamedSharding(mesh18, P("x"))
    arrs = [jax.device_put(jnp.ones(4), jax.devices()[0])]
    return jax.make_array_from_single_device_arrays((8,), s, arrs)


@mistake("Expected shard shape (4,) doesn't match the single device array shape (3,).")
def r18_make_array_from_single_device_arrays_shape():
    s = NamedSharding(mesh18, P("x"))
    arrs = [jax.device_put(jnp.ones(3), d) for d in mesh18.devices.flat]
    return jax.make_array_from_single_device_arrays((8,), s, arrs)


@mistake()
def r18_device_get_of_tracer():
    return jax.jit(lambda a: jax.device_get(a))(jnp.ones(3))


@mistake("Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to device_put")
def r18_device_put_in_jit_to_spec_no_mesh():
    return jax.jit(lambda a: jax.device_put(a, P("x")))(jnp.ones(4))


@mistake()
def r18_block_until_ready_of_list_ok():
    return jax.block_until_ready([jnp.ones(2), 1.0])


@mistake("the first argument must be callable")
def r18_partial_of_non_callable():
    return jax.tree_util.Partial(3)(1)


@mistake("takes 1 positional argument but 2 were given")
def r18_partial_called_with_extra_args():
    return jax.tree_util.Partial(lambda a: a, 1.0)(2.0)


@mistake("Argument 'a' of type <class 'str'> is not a valid JAX type")
def r18_stop_gradient_of_string():
    return lax.stop_gradient("a")


@mistake("is not a valid JAX type")
def r18_stop_gradient_of_object():
    return lax.stop_gradient(object())


@mistake("can only convert an array of size 1 to a Python scalar")
def r18_array_item_of_vector():
    return jnp.ones(3).item()


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_array_tolist_in_jit():
    return jax.jit(lambda a: a.tolist())(jnp.ones(3))


@mistake("Only scalar arrays can be converted to Python scalars; got arr.ndim=1")
def r18_array_float_of_vector():
    return float(jnp.ones(3))


@mistake("Only integer scalar arrays can be converted to a scalar index.")
def r18_array_index_of_float():
    return [1, 2, 3][jnp.float32(1)]


@mistake("len() of unsized object")
def r18_array_len_of_scalar():
    return len(jnp.float32(1))


@mistake("iteration over a 0-d array")
def r18_array_iter_of_scalar():
    return list(jnp.float32(1))


@mistake("unhashable type: '")
def r18_array_hash():
    return hash(jnp.ones(3))


@mistake("unhashable type: '")
def r18_array_as_dict_key():
    return {jnp.ones(3): 1}


@mistake("The truth value of an array with more than one element is ambiguous. Use a.any() or")
def r18_array_bool_of_vector():
    return bool(jnp.ones(3))


@mistake("The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an")
def r18_array_bool_of_empty():
    return bool(jnp.ones(0))


@mistake("The 'copy_to_host_async' method is not available on traced array with shape float32[3].")
def r18_array_copy_to_host_async_in_jit():
    return jax.jit(lambda a: a.copy_to_host_async())(jnp.ones(3))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_array_addressable_data_in_jit():
    return jax.jit(lambda a: a.addressable_data(0))(jnp.ones(3))


@mistake(
    "The 'sharding' attribute is not available on traced array with shape float32[3]. To query"
)
def r18_array_sharding_in_jit_auto():
    return jax.jit(lambda a: a.sharding)(jnp.ones(3))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_array_devices_in_jit():
    return jax.jit(lambda a: a.devices())(jnp.ones(3))


@mistake("Array has been deleted with shape=float32[3].")
def r18_array_delete_then_use():
    a = jnp.ones(3)
    a.delete()
    return a + 1


@mistake("got an unexpected keyword argument 'shape'")
def r18_array_reshape_keyword_shape_and_positional():
    return jnp.ones(6).reshape((2, 3), shape=(3, 2))


@mistake("missing 1 required positional argument: 'dtype'")
def r18_array_astype_no_dtype():
    return jnp.ones(3).astype()


@mistake()
def r18_array_view_method():
    return jnp.ones(3).view(jnp.int32)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r18_array_squeeze_non_unit_method():
    return jnp.ones((2, 3)).squeeze(0)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r18_array_transpose_bad_axes_method():
    return jnp.ones((2, 3)).transpose(0, 2)


@mistake("duplicate value in 'axis': (0, 0)")
def r18_array_sum_axis_tuple_repeated_method():
    return jnp.ones((2, 3)).sum(axis=(0, 0))


@mistake()
def r18_array_clip_no_bounds_method():
    return jnp.ones(3).clip()


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r18_array_round_decimals_array():
    return jnp.ones(3).round(jnp.int32(1))


@mistake("invalid argument side='mid', expected 'left' or 'right'")
def r18_array_searchsorted_method_side():
    return jnp.arange(3).searchsorted(1, side="mid")


@mistake("The 'raise' mode to jnp.take is not supported.")
def r18_array_take_mode_method():
    return jnp.arange(3).take(0, mode="raise")


@mistake("Ravel not implemented for order='K'.")
def r18_array_flatten_order_k_method():
    return jnp.ones((2, 3)).flatten(order="K")


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_array_nonzero_in_jit_method():
    return jax.jit(lambda a: a.nonzero())(jnp.ones(3))


@mistake('Unknown gather mode "wrap"')
def r18_array_at_get_mode_unknown():
    return jnp.arange(3).at[5].get(mode="wrap")


@mistake("set() got an unexpected keyword argument 'sorted'")
def r18_array_at_set_indices_are_sorted_typo():
    return jnp.zeros(3).at[0].set(1.0, sorted=True)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_ensure_compile_time_eval_of_tracer():
    def f(a):
        with jax.ensure_compile_time_eval():
            return int(a.sum())

    return jax.jit(f)(jnp.ones(3))


@mistake("the first argument must be callable")
def r18_eval_shape_of_non_callable():
    return jax.eval_shape(jnp.ones(3))


@mistake("'list' object has no attribute 'sum'")
def r18_eval_shape_of_list_argument():
    return jax.eval_shape(lambda a: a.sum(), [1.0, 2.0])


@mistake("data type 'flaot32' not understood")
def r18_shape_dtype_struct_bad_dtype():
    return jax.ShapeDtypeStruct((3,), "flaot32")


@mistake()
def r18_shape_dtype_struct_negative_dim():
    return jax.eval_shape(lambda a: a, jax.ShapeDtypeStruct((-1,), jnp.float32))


@mistake("missing 1 required positional argument: 'b'")
def r18_jit_lower_with_wrong_arg_count():
    return jax.jit(lambda a, b: a + b).lower(jnp.ones(3))


@mistake(
    "Argument types differ from the types for which this computation was compiled. Perhaps you"
)
def r18_jit_compiled_called_with_wrong_shape():
    c = jax.jit(lambda a: a * 2).lower(jnp.ones(3)).compile()
    return c(jnp.ones(4))


@mistake(
    "Argument types differ from the types for which this computation was compiled. Perhaps you"
)
def r18_jit_compiled_called_with_wrong_dtype():
    c = jax.jit(lambda a: a * 2).lower(jnp.ones(3)).compile()
    return c(jnp.ones(3, jnp.int32))


@mistake("takes 1 positional argument but 2 were given")
def r18_jit_trace_then_lower_wrong_args():
    return jax.jit(lambda a: a).trace(jnp.ones(3), jnp.ones(3))


@mistake("Function compiled with input pytree does not match the input pytree it was called with.")
def r18_jit_compiled_called_with_kwargs_unknown():
    c = jax.jit(lambda a: a * 2).lower(jnp.ones(3)).compile()
    return c(jnp.ones(3), b=1)


@mistake("returned a value of type <class 'mistakes_catalogue._Box18'>")
def r18_jit_of_class():
    return jax.jit(_Box18)(jnp.ones(3))


@mistake()
def r18_jit_keep_unused_wrong_type_ok_or_not():
    return jax.jit(lambda a: a, inline="yes")(jnp.ones(3))


@mistake("'int' object has no attribute 'dtype'")
def r18_pure_callback_result_shape_not_struct():
    return jax.jit(lambda a: jax.pure_callback(lambda v: v, (3,), a))(jnp.ones(3))


@mistake("tuple index out of range")
def r18_debug_print_format_missing_arg():
    return jax.jit(lambda a: jax.debug.print("{} {}", a))(jnp.ones(3))


@mistake("'x'")
def r18_debug_print_format_named_missing():
    return jax.jit(lambda a: jax.debug.print("{x}", y=a))(jnp.ones(3))


@mistake("first argument to jax.debug.callback must be callable, but got an object of type <class")
def r18_debug_callback_not_callable():
    return jax.jit(lambda a: jax.debug.callback(3, a))(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# Explicit sharding and shard_map mistakes inside transforms' bodies


@mistake("mul got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r18_explicit_conflict_inside_scan():
    a, b = _eput18((8, 8), P("x", None)), _eput18((8, 8), P("y", None))

    def body(c, x):
        return c + a * b, x

    return lax.scan(body, jnp.zeros((8, 8)), jnp.ones(3))


@mistake("add got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r18_explicit_conflict_inside_vmap():
    a, b = _eput18((2, 8, 8), P(None, "x")), _eput18((2, 8, 8), P(None, "y"))
    return jax.vmap(lambda u, v: u + v)(a, b)


@mistake("mul got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r18_explicit_conflict_inside_grad():
    a, b = _eput18((8, 8), P("x", None)), _eput18((8, 8), P("y", None))
    return jax.grad(lambda u: (u * b).sum())(a)


@mistake("add got incompatible shardings for broadcasting: ('x',), ('y',).")
def r18_explicit_conflict_inside_cond():
    a, b = _eput18((8,), P("x")), _eput18((8,), P("y"))
    return lax.cond(True, lambda: a + b, lambda: a)


@mistake("is partitioned 4 times, but does not evenly divide the dimension size 6")
def r18_explicit_reshard_not_dividing_in_vmap():
    with jax.set_mesh(emesh18):
        return jax.vmap(lambda u: jax.sharding.reshard(u, P("y")))(jnp.ones((2, 6)))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r18_explicit_reshard_unknown_axis_in_scan():
    def body(c, x):
        return c, jax.sharding.reshard(x, P("z"))

    with jax.set_mesh(emesh18):
        return lax.scan(body, 0.0, jnp.ones((3, 8)))


@mistake("cond branches must have equal output types but they differ.")
def r18_explicit_cond_branches_shardings_differ():
    a = _eput18((8,), P("x"))
    b = _eput18((8,), P("y"))
    return jax.jit(lambda p: lax.cond(p, lambda: a, lambda: b))(True)


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r18_explicit_scan_carry_sharding_changes():
    a = _eput18((8,), P("x"))
    b = _eput18((8,), P("y"))
    return lax.scan(lambda c, x: (b, x), a, jnp.ones(3))


@mistake("dot_general requires contracting dimensions to have consistent sharding, got ('x',) and")
def r18_explicit_matmul_conflict_in_jit_of_grad():
    a, b = _eput18((8, 8), P(None, "x")), _eput18((8, 8), P("y", None))
    return jax.jit(jax.grad(lambda u, v: (u @ v).sum()))(a, b)


@mistake("One of with_sharding_constraint arguments is incompatible with its sharding annotation")
def r18_with_sharding_constraint_rank_in_vmap():
    s = NamedSharding(mesh18x, P("x", "y"))
    return jax.vmap(lambda u: lax.with_sharding_constraint(u, s))(jnp.ones((2, 8)))


@mistake()
def r18_with_sharding_constraint_not_dividing_in_scan():
    s = NamedSharding(mesh18x, P("y"))

    def body(c, x):
        return c, lax.with_sharding_constraint(x, s)

    return jax.jit(lambda xs: lax.scan(body, 0.0, xs))(jnp.ones((3, 6)))


@mistake()
def r18_shard_map_body_matmul_local_shapes():
    def body(a, b):
        return a @ b

    return _smap18(body, (P("x", None), P("x", None)), P("x", None))(
        jnp.ones((8, 4)), jnp.ones((8, 4))
    )


@mistake("cannot reshape array of shape (4,) (size 4) into shape 8 (size 8)")
def r18_shard_map_body_reshape_local_size():
    def body(a):
        return a.reshape(8)

    return _smap18(body, P("x"), P("x"))(jnp.ones(8))


@mistake("'q'")
def r18_shard_map_in_vmap_unknown_spmd_axis():
    f = _smap18(lambda a: a, P("x"), P("x"))
    return jax.vmap(f, spmd_axis_name="q")(jnp.ones((2, 8)))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r18_shard_map_in_grad_unreplicated_out():
    f = _smap18(lambda a: a.sum(), P("x"), P())
    return jax.grad(f)(jnp.ones(8))


@mistake("shard_map applied to the function '<lambda>' was given argument arrays with axis sizes")
def r18_shard_map_in_jit_not_dividing():
    return jax.jit(_smap18(lambda a: a, P("y"), P("y")))(jnp.ones(6))


@mistake("axis 2 is out of bounds for array of dimension 1")
def r18_shard_map_all_gather_tiled_axis_out_of_range():
    f = lambda a: lax.all_gather(a, "x", axis=2, tiled=True)
    return _smap18(f, P("x"), P())(jnp.ones(8))


@mistake(
    "Found an unbound axis name: q. To fix this, please call axis_index under `jax.shard_map`."
)
def r18_shard_map_axis_index_in_vmap_unknown():
    return jax.vmap(lambda a: a + lax.axis_index("q"), axis_name="i")(jnp.ones(3))


@mistake("Permutation doesn't match the axis size!")
def r18_shard_map_ppermute_in_vmap_not_permutation():
    f = lambda a: lax.ppermute(a, "i", [(0, 1), (0, 2)])
    return jax.vmap(f, axis_name="i")(jnp.ones(3))


@mistake("Argument 's' of type <class 'str'> is not a valid JAX type")
def r18_shard_map_psum_of_list():
    return _smap18(lambda a: lax.psum([a, "s"], "x"), P("x"), P())(jnp.ones(8))


@mistake("pytree structure error: different types at key path")
def r18_shard_map_out_specs_dict_for_tuple_output():
    return _smap18(lambda a: (a, a), P("x"), {"a": P("x")})(jnp.ones(8))


@mistake("add got incompatible shapes for broadcasting: (4,), (8,).")
def r18_shard_map_in_specs_none_entry_for_array():
    return _smap18(lambda a, b: a + b, (P("x"), None), P("x"))(jnp.ones(8), jnp.ones(8))


@mistake("pytree structure error: different lengths of tuple at key path")
def r18_shard_map_in_specs_pytree_prefix_too_deep():
    return _smap18(lambda t: t[0], ((P("x"), P("x"), P("x")),), P("x"))((jnp.ones(8), jnp.ones(8)))


# ---------------------------------------------------------------------------------------------
# Dtype promotion, 64-bit requests and checkify inside transforms


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r18_strict_promotion_in_jit():
    with jax.numpy_dtype_promotion("strict"):
        return jax.jit(lambda a: a + jnp.ones(3, jnp.int32))(jnp.ones(3))


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r18_strict_promotion_in_vmap():
    with jax.numpy_dtype_promotion("strict"):
        return jax.vmap(lambda a: a * jnp.int32(2))(jnp.ones(3))


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r18_strict_promotion_in_scan_body():
    def body(c, x):
        return c + x, x

    with jax.numpy_dtype_promotion("strict"):
        return lax.scan(body, jnp.int32(0), jnp.ones(3))


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r18_strict_promotion_where_in_grad():
    with jax.numpy_dtype_promotion("strict"):
        return jax.grad(lambda a: jnp.where(a > 0, a, jnp.int32(0)).sum())(jnp.ones(3))


@mistake("'loose' is not a valid NumpyDtypePromotion")
def r18_promotion_mode_unknown():
    with jax.numpy_dtype_promotion("loose"):
        return jnp.ones(3)


@mistake(
    "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in case of"
)
def r18_float0_tangent_add_in_jvp():
    return jax.jvp(lambda a: a * 2, (jnp.arange(3),), (jnp.ones(3),))


@mistake()
def r18_checkify_errors_unknown_set():
    return checkify.checkify(lambda a: a, errors={"nan"})(jnp.ones(3))


@mistake()
def r18_checkify_check_message_not_string():
    return checkify.checkify(lambda a: checkify.check(a > 0, 3))(1.0)


@mistake("check takes a scalar pred as argument, got")
def r18_checkify_check_pred_vector_ok_or_not():
    err, _ = checkify.checkify(lambda a: checkify.check(a > 0, "neg {x}", x=a))(jnp.ones(3))
    return err.throw()


@mistake()
def r18_checkify_format_missing_arg():
    return checkify.checkify(lambda a: checkify.check(a < 0, "neg {}"))(1.0)


@mistake("Cannot abstractly evaluate a checkify.check which was not functionalized. This probably")
def r18_checkify_error_throw_in_jit():
    f = checkify.checkify(lambda a: checkify.check(a < 0, "positive"))
    return jax.jit(lambda a: f(a)[0].throw())(1.0)


@mistake("No batching rule defined for custom_vmap function f using def_vmap.")
def r18_custom_vmap_without_def_vmap():
    @jax.custom_batching.custom_vmap
    def f(a):
        return a * 2

    return jax.vmap(f)(jnp.ones(3))


@mistake("too many values to unpack (expected 2)")
def r18_custom_vmap_rule_wrong_output():
    @jax.custom_batching.custom_vmap
    def f(a):
        return a * 2

    f.def_vmap(lambda size, in_batched, a: a * 2)
    return jax.vmap(f)(jnp.ones(3))


@mistake("structure of output value and output batching specification returned by custom vmap rule")
def r18_custom_vmap_rule_batched_flags_wrong():
    @jax.custom_batching.custom_vmap
    def f(a):
        return a * 2

    f.def_vmap(lambda size, in_batched, a: (a * 2, [True, True]))
    return jax.vmap(f)(jnp.ones(3))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_where_size_traced_in_jit():
    return jax.jit(lambda a, n: jnp.where(a > 0, size=n))(jnp.ones(3), 2)


@mistake("where requires ndarray or scalar arguments, got <class 'NoneType'> at position 2.")
def r18_where_one_argument_with_x():
    return jnp.where(jnp.ones(3) > 0, jnp.ones(3))


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (-1,).")
def r18_nonzero_size_negative():
    return jnp.nonzero(jnp.ones(3), size=-1)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r18_unique_size_traced():
    return jax.jit(lambda a, n: jnp.unique(a, size=n))(jnp.ones(3), 2)


@mistake("'float' object cannot be interpreted as an integer")
def r18_argwhere_size_float():
    return jnp.argwhere(jnp.ones(3), size=2.0)


@mistake(
    "have no available implicit dtype promotion path. To avoid unintended promotion, 1-bit, 2-bit and 4-bit integers"
)
def r18_astype_int4_then_add_float():
    return jnp.ones(3).astype(jnp.int4) + 0.5


@mistake("sub does not accept dtype bool at position 0. Accepted dtypes at position 0 are subtypes")
def r18_bool_subtract():
    return jnp.ones(3, bool) - jnp.ones(3, bool)


@mistake("neg does not accept dtype bool. Accepted dtypes are subtypes of integer, floating,")
def r18_bool_negative():
    return -jnp.ones(3, bool)


@mistake()
def r18_complex_comparison():
    return jnp.ones(3, jnp.complex64) < 1


@mistake()
def r18_complex_max():
    return lax.max(jnp.ones(3, jnp.complex64), jnp.ones(3, jnp.complex64))


@mistake("Integers cannot be raised to negative powers, got integer_pow(int32[3], -1)")
def r18_integer_pow_negative_exponent():
    return lax.integer_pow(jnp.arange(3), -1)


@mistake("unsupported operand type(s) for &: 'float' and 'int'")
def r18_integer_pow_float_exponent():
    return lax.integer_pow(jnp.ones(3), 1.5)


@mistake("lax.div requires arguments to have the same dtypes, got int32, float32. (Tip: jnp.divide")
def r18_lax_div_int_by_float():
    return lax.div(jnp.arange(3), jnp.ones(3))


@mistake("sqrt does not accept dtype int32. Accepted dtypes are subtypes of floating,")
def r18_lax_sqrt_of_int():
    return lax.sqrt(jnp.arange(3))
