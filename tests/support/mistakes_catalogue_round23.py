# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 23 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules):
245 mistakes the earlier rounds cover least: jit (NumPy arrays, lists and dicts as static
arguments, a donated static argument, out_shardings / in_shardings of the wrong structure, a
compiled function called with other shapes, dtypes or arity, traced values used as shapes,
ranges and list indices), vmap (axes of the wrong type or structure, axis_size disagreeing,
collectives over another name, Python scalars), grad / jacfwd / hessian / value_and_grad of
integer and boolean inputs, integer outputs, vjp / jvp / linearize arguments of the wrong
shape or dtype, custom_jvp / custom_vjp functions without rules or with rules of the wrong
structure, shape or dtype, shard_map specs and collectives' axes, explicit sharding (specs
longer than the rank, unknown axes, set_mesh of a spec), random keys (typed keys in arithmetic
and astype, samplers' dtypes, vector seeds, unknown impls, raw keys where typed ones are
wanted), lax loop carries and branches, jnp shapes and dtypes, pytree structures, export,
callbacks' results and mesh creation; each at the top level, in a lax.map body and under
jax.jvp (the traceback ends on the helper's line). The helpers' values are dropped (`_keep23`),
so a transform sees only a float32 scalar. A bare `@mistake()` marks a program JAX 0.10.2
accepts (meshjit must too). Generated from the helpers and the transforms' templates, JAX's
phrase the first line of its message (up to 90 characters, cut before addresses and ids). The
file runs after the earlier rounds but uses only the runner's names and its own."""

_s23 = NamedSharding(mesh2, P())
_x23 = jnp.arange(4, dtype=jnp.float32)
_k23 = random.key(23)
_e23 = jax.device_put(jnp.ones(8), NamedSharding(emesh, P("x")))


def _keep23(value):
    """0.0 whatever `value` is: the transform's output does not depend on the mistake's."""
    del value
    return jnp.float32(0)


def _smap23(body, in_specs=P("x"), out_specs=P("x"), **kw):
    return jax.shard_map(body, mesh=mesh2, in_specs=in_specs, out_specs=out_specs, **kw)


# jit: static / donated arguments, shardings, compiled signatures


def _b23_jit_static_numpy_array():
    return jax.jit(lambda a, n: a * n.sum(), static_argnums=1)(_x23, np.ones(2))


def _b23_jit_static_argnames_list_value():
    return jax.jit(lambda a, shape: a.reshape(shape), static_argnames="shape")(_x23, shape=[2, 2])


def _b23_jit_static_dict_value():
    return jax.jit(lambda a, cfg: a * cfg["k"], static_argnums=1)(_x23, {"k": 2})


def _b23_jit_donate_and_static_same():
    return jax.jit(lambda a, n: a * n, static_argnums=1, donate_argnums=1)(_x23, 2)


def _b23_jit_out_shardings_tree_extra():
    return jax.jit(lambda a: a * 2, out_shardings=(_s23, _s23))(_x23)


def _b23_jit_in_shardings_too_few():
    return jax.jit(lambda a, b: a + b, in_shardings=(_s23,))(_x23, _x23)


def _b23_jit_out_shardings_dict_keys():
    return jax.jit(lambda a: {"u": a, "v": a}, out_shardings={"u": _s23, "w": _s23})(_x23)


def _b23_jit_compiled_wrong_shape():
    return jax.jit(lambda a: a * 2).lower(_x23).compile()(jnp.ones(3))


def _b23_jit_compiled_wrong_dtype():
    return jax.jit(lambda a: a * 2).lower(_x23).compile()(jnp.arange(4))


def _b23_jit_compiled_extra_argument():
    return jax.jit(lambda a: a * 2).lower(_x23).compile()(_x23, _x23)


def _b23_jit_traced_shape_argument():
    return jax.jit(lambda n: jnp.zeros(n))(3)


def _b23_jit_traced_range():
    return jax.jit(lambda n: [i for i in range(n)])(3)


def _b23_jit_traced_index_list():
    return jax.jit(lambda a, i: [1.0, 2.0, 3.0][i] * a)(1.0, 1)


# vmap axes


def _b23_vmap_in_axes_float():
    return jax.vmap(lambda a: a * 2, in_axes=0.0)(_x23)


def _b23_vmap_out_axes_pair_for_single():
    return jax.vmap(lambda a: a * 2, out_axes=(0, 0))(_x23)


def _b23_vmap_axis_size_disagrees():
    return jax.vmap(lambda a: a * 2, axis_size=3)(_x23)


def _b23_vmap_all_none_without_size():
    return jax.vmap(lambda a: a * 2, in_axes=None)(_x23)


def _b23_vmap_psum_other_name():
    return jax.vmap(lambda a: lax.psum(a, "j"), axis_name="i")(_x23)


def _b23_vmap_out_axes_too_large():
    return jax.vmap(lambda a: a * 2, out_axes=2)(jnp.ones((3, 4)))


def _b23_vmap_in_axes_dict_keys():
    return jax.vmap(lambda d: d["a"] * 2, in_axes=({"b": 0},))({"a": _x23})


def _b23_vmap_of_python_scalar():
    return jax.vmap(lambda a: a * 2)(3.0)


# grad of non-float inputs / outputs, vjp / jvp / linearize arguments


def _b23_grad_bool_input():
    return jax.grad(lambda a: jnp.where(a, 1.0, 0.0))(True)


def _b23_grad_int_list_input():
    return jax.grad(lambda v: v[0] * 1.0)([1, 2])


def _b23_jacfwd_int_input():
    return jax.jacfwd(lambda a: a * 2.0)(jnp.arange(3))


def _b23_hessian_int_input():
    return jax.hessian(lambda a: (a * 2.0).sum())(jnp.arange(3))


def _b23_value_and_grad_int_input():
    return jax.value_and_grad(lambda a: a * 2.0)(3)


def _b23_grad_int_output():
    return jax.grad(lambda a: jnp.round(a).astype(jnp.int32))(1.0)


def _b23_grad_argnums_negative_out_of_range():
    return jax.grad(lambda a, b: a * b, argnums=-3)(1.0, 2.0)


def _b23_vjp_cotangent_wrong_shape():
    _, pullback = jax.vjp(lambda a: a * 2, _x23)
    return pullback(jnp.ones(3))


def _b23_vjp_cotangent_wrong_dtype():
    _, pullback = jax.vjp(lambda a: a * 2, _x23)
    return pullback(jnp.ones(4, jnp.float16))


def _b23_jvp_tangent_wrong_shape():
    return jax.jvp(lambda a: a * 2, (_x23,), (jnp.ones(3),))


def _b23_jvp_primals_not_tuple():
    return jax.jvp(lambda a: a * 2, _x23, _x23)


def _b23_linearize_tangent_wrong_shape():
    _, f_jvp = jax.linearize(lambda a: a * 2, _x23)
    return f_jvp(jnp.ones(3))


def _b23_jacrev_int_output():
    return jax.jacrev(lambda a: (a > 0).astype(jnp.int32))(_x23)


# custom_jvp / custom_vjp rules


def _b23_custom_jvp_without_rule():
    f = jax.custom_jvp(lambda a: a * 2)
    return jax.jvp(f, (1.0,), (1.0,))


def _b23_custom_vjp_without_rule():
    f = jax.custom_vjp(lambda a: a * 2)
    return f(1.0)


def _b23_custom_jvp_tangent_int():
    f = jax.custom_jvp(lambda a: a * 2)
    f.defjvp(lambda p, t: (p[0] * 2, jnp.int32(1)))
    return jax.jvp(f, (1.0,), (1.0,))


def _b23_custom_jvp_tangent_shape():
    f = jax.custom_jvp(lambda a: a * 2)
    f.defjvp(lambda p, t: (p[0] * 2, jnp.ones(3)))
    return jax.jvp(f, (_x23,), (_x23,))


def _b23_custom_vjp_bwd_not_tuple():
    f = jax.custom_vjp(lambda a: a * 2)
    f.defvjp(lambda a: (a * 2, None), lambda r, g: g * 2)
    return jax.grad(f)(1.0)


def _b23_custom_vjp_bwd_too_many():
    f = jax.custom_vjp(lambda a: a * 2)
    f.defvjp(lambda a: (a * 2, None), lambda r, g: (g, g))
    return jax.grad(f)(1.0)


def _b23_custom_vjp_bwd_wrong_shape():
    f = jax.custom_vjp(lambda a: (a * 2).sum())
    f.defvjp(lambda a: ((a * 2).sum(), None), lambda r, g: (jnp.ones(3),))
    return jax.grad(f)(_x23)


def _b23_custom_vjp_fwd_not_pair():
    f = jax.custom_vjp(lambda a: a * 2)
    f.defvjp(lambda a: a * 2, lambda r, g: (g,))
    return jax.grad(f)(1.0)


def _b23_custom_jvp_rule_single_output():
    f = jax.custom_jvp(lambda a: a * 2)
    f.defjvp(lambda p, t: p[0] * 2)
    return jax.jvp(f, (1.0,), (1.0,))


# shard_map specs and collectives


def _b23_smap_in_spec_too_long():
    return _smap23(lambda a: a * 2, in_specs=P("x", None))(_x23)


def _b23_smap_axis_index_unknown():
    return _smap23(lambda a: a + lax.axis_index("y"))(_x23)


def _b23_smap_all_gather_axis_out_of_range():
    return _smap23(lambda a: lax.all_gather(a, "x", axis=2), out_specs=P())(_x23)


def _b23_smap_psum_scatter_not_divisible():
    return _smap23(lambda a: lax.psum_scatter(a, "x", tiled=True))(jnp.ones(6))


def _b23_smap_all_to_all_bad_split_axis():
    return _smap23(lambda a: lax.all_to_all(a, "x", 3, 0))(_x23)


def _b23_smap_ppermute_out_of_range():
    return _smap23(lambda a: lax.ppermute(a, "x", perm=[(0, 2)]))(_x23)


def _b23_smap_out_specs_unknown_axis():
    return _smap23(lambda a: a * 2, out_specs=P("z"))(_x23)


def _b23_smap_in_specs_list_for_one():
    return _smap23(lambda a: a * 2, in_specs=[P("x"), P("x")])(_x23)


# explicit sharding


def _b23_reshard_spec_too_long():
    with jax.set_mesh(emesh):
        return jax.sharding.reshard(_e23, P("x", None))


def _b23_full_out_sharding_unknown_axis():
    with jax.set_mesh(emesh):
        return jnp.full((4,), 1.0, out_sharding=P("z"))


def _b23_set_mesh_of_spec():
    with jax.set_mesh(P("x")):
        return jnp.ones(4)


def _b23_reshard_sharding_other_mesh_not_divisible():
    return jax.sharding.reshard(_e23, NamedSharding(emesh, P("y")))


def _b23_einsum_out_sharding_unknown_axis():
    with jax.set_mesh(emesh):
        return jnp.einsum("i,i->i", _e23, _e23, out_sharding=P("z"))


# random keys


def _b23_key_plus_int():
    return _k23 + 1


def _b23_key_astype_uint32():
    return _k23.astype(jnp.uint32)


def _b23_bits_float_dtype():
    return random.bits(_k23, (2,), jnp.float32)


def _b23_randint_float_dtype():
    return random.randint(_k23, (2,), 0, 5, dtype=jnp.float32)


def _b23_key_seed_vector():
    return random.key(jnp.array([1, 2]))


def _b23_gumbel_int_dtype():
    return random.gumbel(_k23, (2,), jnp.int32)


def _b23_laplace_int_dtype():
    return random.laplace(_k23, (2,), jnp.int32)


def _b23_key_data_of_uint_array():
    return random.key_data(jnp.ones(2, jnp.uint32))


def _b23_key_impl_unknown():
    return random.key(0, impl="nope")


def _b23_split_typed_key_batch_in_normal():
    return random.normal(random.split(_k23), (2,))


def _b23_raw_key_in_key_data():
    return random.key_data(random.PRNGKey(0))


# lax control flow carries and branches


def _b23_fori_body_drops_carry_entry():
    return lax.fori_loop(0, 2, lambda i, c: (c[0],), (1.0, 2.0))


def _b23_while_cond_vector():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 1, jnp.zeros(2))


def _b23_scan_xs_leading_mismatch():
    return lax.scan(lambda c, x: (c, x[0] + x[1]), 0.0, (jnp.ones(3), jnp.ones(4)))


def _b23_scan_length_disagrees():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), length=4)


def _b23_cond_branch_dtypes():
    return lax.cond(True, lambda: jnp.float32(1), lambda: jnp.int32(1))


def _b23_switch_no_branches():
    return lax.switch(0, [], 1.0)


def _b23_while_body_changes_dtype():
    return lax.while_loop(lambda c: c < 3, lambda c: (c + 1).astype(jnp.int32), 0.0)


def _b23_scan_carry_dtype_changes():
    return lax.scan(lambda c, x: (c + x, x), 0, jnp.ones(3))


# jnp shapes and dtypes


def _b23_stack_shapes():
    return jnp.stack([jnp.ones(2), jnp.ones(3)])


def _b23_inv_not_square():
    return jnp.linalg.inv(jnp.ones((2, 3)))


def _b23_solve_mismatch():
    return jnp.linalg.solve(jnp.eye(3), jnp.ones(4))


def _b23_pad_width_too_long():
    return jnp.pad(jnp.ones(3), ((1, 1), (1, 1)))


def _b23_moveaxis_repeated():
    return jnp.moveaxis(jnp.ones((2, 3)), (0, 0), (0, 1))


def _b23_take_along_axis_rank():
    return jnp.take_along_axis(jnp.ones((2, 3)), jnp.zeros(2, jnp.int32), axis=1)


def _b23_einsum_operand_count():
    return jnp.einsum("ij,jk->ik", jnp.ones((2, 3)))


def _b23_cumsum_axis_out_of_range():
    return jnp.cumsum(jnp.ones((2, 3)), axis=2)


def _b23_roll_shift_axis_lengths():
    return jnp.roll(jnp.ones((2, 3)), (1, 2), axis=0)


def _b23_searchsorted_2d():
    return jnp.searchsorted(jnp.ones((2, 2)), 1.0)


def _b23_bitwise_and_float():
    return jnp.bitwise_and(jnp.ones(2), jnp.ones(2))


# pytrees


def _b23_tree_map_dict_keys():
    return jax.tree.map(lambda a, b: a + b, {"a": 1.0}, {"b": 1.0})


def _b23_tree_unflatten_too_few():
    return jax.tree.unflatten(jax.tree.structure((1, 2, 3)), [1, 2])


def _b23_tree_map_list_lengths():
    return jax.tree.map(lambda a, b: a + b, [1.0, 2.0], [1.0])


# export


def _b23_export_not_jitted():
    return jax.export.export(lambda a: a * 2)(_x23)


def _b23_symbolic_shape_bad_grammar():
    return jax.export.symbolic_shape("a +")


def _b23_export_call_wrong_shape():
    exp = jax.export.export(jax.jit(lambda a: a * 2))(_x23)
    return exp.call(jnp.ones(3))


# callbacks


def _b23_pure_callback_pair_for_one():
    shape = jax.ShapeDtypeStruct((2,), jnp.float32)
    return jax.jit(lambda: jax.pure_callback(lambda: (np.ones(2, np.float32),) * 2, shape))()


def _b23_pure_callback_wrong_rank():
    shape = jax.ShapeDtypeStruct((2,), jnp.float32)
    return jax.jit(lambda: jax.pure_callback(lambda: np.ones((2, 1), np.float32), shape))()


def _b23_pure_callback_shape_dtype_not_struct():
    return jax.pure_callback(lambda: np.ones(2, np.float32), (2,))


# meshes


def _b23_make_mesh_product():
    return jax.make_mesh((3,), ("x",), axis_types=(AxisType.Auto,))


def _b23_make_mesh_names_length():
    return jax.make_mesh((2, 4), ("x",), axis_types=(AxisType.Auto,))


def _b23_make_mesh_duplicate_names():
    return jax.make_mesh((2, 4), ("x", "x"), axis_types=(AxisType.Auto,) * 2)


def _b23_mesh_names_fewer_than_dims():
    return Mesh(np.array(jax.devices()).reshape(2, 4), ("x",))


def _b23_named_sharding_unknown_axis():
    return jax.device_put(_x23, NamedSharding(mesh2, P("z")))


def _b23_constraint_rank_in_jit():
    return jax.jit(lambda a: lax.with_sharding_constraint(a, P("x", None)))(_x23)


# more: explicit sharding ops, mesh axis types, shard_map options, lax / jnp arguments


def _b23_explicit_reshape_merges_sharded():
    with jax.set_mesh(emesh):
        a = jax.device_put(jnp.ones((4, 8)), NamedSharding(emesh, P("x", "y")))
        return jax.jit(lambda v: v.reshape(32))(a)


def _b23_explicit_typeof_spec_index():
    return jax.typeof(_e23).sharding.spec[1]


def _b23_explicit_device_put_spec_without_mesh():
    return jax.device_put(_x23, P("x"))


def _b23_explicit_axes_with_auto_in_out():
    with jax.set_mesh(emesh):
        f = jax.sharding.auto_axes(lambda a: a * 2, out_sharding=P("q"))
        return f(_e23)


def _b23_make_mesh_axis_types_one_for_two():
    return jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit,))


def _b23_make_mesh_shape_not_ints():
    return jax.make_mesh((2.0, 4.0), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


def _b23_make_mesh_devices_too_few():
    return jax.make_mesh((2, 4), ("x", "y"), devices=jax.devices()[:4])


def _b23_abstract_mesh_shape_names_lengths():
    return jax.sharding.AbstractMesh((2, 4), ("x",))


def _b23_smap_axis_names_unknown():
    return _smap23(lambda a: a * 2, axis_names={"z"})(_x23)


def _b23_smap_mesh_missing():
    return jax.shard_map(lambda a: a, in_specs=P("x"), out_specs=P("x"))(_x23)


def _b23_smap_in_specs_not_spec():
    return _smap23(lambda a: a * 2, in_specs="x")(_x23)


def _b23_smap_body_returns_more():
    return _smap23(lambda a: (a, a))(_x23)


def _b23_smap_all_gather_unknown_axis():
    return _smap23(lambda a: lax.all_gather(a, "y"), out_specs=P())(_x23)


def _b23_pmap_in_axes_float():
    return jax.pmap(lambda a: a * 2, in_axes=0.5)(jnp.ones((2, 2)))


def _b23_lax_top_k_too_big():
    return lax.top_k(jnp.ones(3), 5)


def _b23_lax_sort_num_keys_too_many():
    return lax.sort((jnp.ones(3), jnp.ones(3)), num_keys=3)


def _b23_lax_dynamic_update_slice_rank():
    return lax.dynamic_update_slice(jnp.ones((3, 3)), jnp.ones(2), (0, 0))


def _b23_lax_dynamic_slice_index_count():
    return lax.dynamic_slice(jnp.ones((3, 3)), (0,), (2, 2))


def _b23_lax_reduce_window_dims_length():
    return lax.reduce_window(jnp.ones((4, 4)), 0.0, lax.add, (2,), (1, 1), "VALID")


def _b23_lax_conv_feature_group_count():
    return lax.conv_general_dilated(
        jnp.ones((1, 3, 8, 8)), jnp.ones((4, 3, 3, 3)), (1, 1), "SAME", feature_group_count=2
    )


def _b23_lax_pad_config_length():
    return lax.pad(jnp.ones((2, 2)), 0.0, [(1, 1, 0)])


def _b23_lax_broadcast_in_dim_wrong():
    return lax.broadcast_in_dim(jnp.ones(3), (4, 2), (1,))


def _b23_lax_concatenate_dtypes():
    return lax.concatenate([jnp.ones(2), jnp.ones(2, jnp.int32)], 0)


def _b23_lax_rev_dims_out_of_range():
    return lax.rev(jnp.ones((2, 3)), (2,))


def _b23_lax_cumsum_axis_out_of_range():
    return lax.cumsum(jnp.ones(3), axis=1)


def _b23_lax_argmax_axis_out_of_range():
    return lax.argmax(jnp.ones(3), 1, jnp.int32)


def _b23_lax_select_pred_float():
    return lax.select(jnp.ones(3), jnp.ones(3), jnp.zeros(3))


def _b23_lax_clamp_shapes():
    return lax.clamp(jnp.zeros(2), jnp.ones(3), jnp.ones(4))


def _b23_lax_convert_element_type_string():
    return lax.convert_element_type(jnp.ones(3), "floaty")


def _b23_jnp_cholesky_not_square():
    return jnp.linalg.cholesky(jnp.ones((2, 3)))


def _b23_jnp_histogram_bins_traced():
    return jax.jit(lambda a, b: jnp.histogram(a, bins=b))(_x23, 3)


def _b23_jnp_vectorize_signature_mismatch():
    return jnp.vectorize(lambda a, b: a @ b, signature="(n),(n)->()")(jnp.ones(3), jnp.ones(4))


def _b23_jnp_fft_axes_out_of_range():
    return jnp.fft.fft(jnp.ones(4), axis=1)


def _b23_jnp_diag_of_3d():
    return jnp.diag(jnp.ones((2, 2, 2)))


def _b23_jnp_trace_of_1d():
    return jnp.trace(jnp.ones(3))


def _b23_jnp_outer_keyword_axis():
    return jnp.outer(jnp.ones(2), jnp.ones(2), axis=0)


def _b23_jnp_meshgrid_indexing():
    return jnp.meshgrid(jnp.ones(2), jnp.ones(3), indexing="ik")


def _b23_jnp_argsort_kind_order():
    return jnp.argsort(jnp.ones(3), order="x")


def _b23_jnp_unique_in_jit():
    return jax.jit(jnp.unique)(jnp.ones(3))


def _b23_jnp_where_one_arg_in_jit():
    return jax.jit(lambda a: jnp.where(a > 0))(_x23)


def _b23_jnp_tile_float_reps():
    return jnp.tile(jnp.ones(3), 1.5)


def _b23_jnp_array_ragged():
    return jnp.array([[1.0, 2.0], [3.0]])


def _b23_jnp_astype_unknown_dtype():
    return jnp.ones(3).astype("floaty")


def _b23_checkpoint_static_argnums_array():
    return jax.checkpoint(lambda a, n: a * n, static_argnums=(1,))(_x23, jnp.ones(2))


def _b23_named_call_not_callable():
    return jax.named_call(3)(1.0)


def _b23_eval_shape_of_string():
    return jax.eval_shape(lambda a: a, "abc")


def _b23_shape_dtype_struct_bad_dtype():
    return jax.ShapeDtypeStruct((2,), "floaty")


def _b23_stop_gradient_of_string():
    return lax.stop_gradient("abc")


def _b23_custom_jvp_nondiff_argnums_array_traced():
    f = jax.custom_jvp(lambda n, a: a * n, nondiff_argnums=(0,))
    f.defjvp(lambda n, p, t: (p[0] * n, t[0] * n))
    return jax.jit(lambda a: jax.grad(lambda v: f(a, v))(1.0))(2.0)


def _b23_custom_vjp_bwd_none_for_float():
    f = jax.custom_vjp(lambda a, b: a * b)
    f.defvjp(lambda a, b: (a * b, (a, b)), lambda r, g: (g * r[1],))
    return jax.grad(f)(1.0, 2.0)


def _b23_export_symbolic_in_jnp_zeros():
    (n,) = jax.export.symbolic_shape("n")
    return jax.export.export(jax.jit(lambda a: jnp.zeros(a.shape[0] // 3 * 3 + 1) + a))(
        jax.ShapeDtypeStruct((n,), jnp.float32)
    )


def _b23_export_platforms_unknown():
    return jax.export.export(jax.jit(lambda a: a * 2), platforms=("nope",))(_x23)


def _b23_random_key_in_jnp_sum():
    return jnp.sum(random.split(_k23, 3))


def _b23_random_uniform_shape_float():
    return random.uniform(_k23, (2.5,))


def _b23_random_fold_in_float():
    return random.fold_in(_k23, 1.5)


def _b23_random_categorical_int_logits_shape():
    return random.categorical(_k23, jnp.ones((2, 3)), shape=(3,))


def _b23_random_multivariate_normal_cov_shape():
    return random.multivariate_normal(_k23, jnp.zeros(2), jnp.eye(3))


def _b23_random_key_data_in_key_op():
    return random.split(random.key_data(_k23))


# more: shard_map varying types, explicit-mode ops, key arrays, export and pytrees


def _b23_smap_check_vma_psum_of_invariant_out_varying():
    return _smap23(lambda a: lax.psum(jnp.float32(1), "x") + a, in_specs=P("x"), out_specs=P())(
        _x23
    )


def _b23_smap_all_gather_of_scalar():
    return _smap23(lambda a: lax.all_gather(a.sum(), "x", tiled=True), out_specs=P())(_x23)


def _b23_smap_out_specs_dict_for_tuple():
    return _smap23(lambda a: (a, a), out_specs={"a": P("x")})(_x23)


def _b23_smap_in_specs_int():
    return _smap23(lambda a: a, in_specs=0)(_x23)


def _b23_smap_axis_size_in_body_unknown():
    return _smap23(lambda a: a * lax.axis_size("y"))(_x23)


def _b23_smap_psum_scatter_scatter_dimension():
    return _smap23(lambda a: lax.psum_scatter(a, "x", scatter_dimension=1))(_x23)


def _b23_smap_nested_same_axis():
    inner = _smap23(lambda b: b * 2)
    return _smap23(lambda a: inner(a))(_x23)


def _b23_explicit_mul_shardings_broadcast_2d():
    with jax.set_mesh(emesh):
        a = jax.device_put(jnp.ones((8, 4)), NamedSharding(emesh, P("x", "y")))
        b = jax.device_put(jnp.ones((8, 4)), NamedSharding(emesh, P("y", None)))
        return a * b


def _b23_explicit_sum_out_sharding_unknown():
    with jax.set_mesh(emesh):
        return jnp.sum(_e23, out_sharding=P("z"))


def _b23_explicit_reshard_to_auto_mesh_sharding():
    with jax.set_mesh(emesh):
        return jax.sharding.reshard(_e23, NamedSharding(mesh24, P("x")))


def _b23_explicit_zeros_like_out_sharding_unknown():
    with jax.set_mesh(emesh):
        return jnp.zeros_like(_e23, out_sharding=P("z"))


def _b23_explicit_arange_out_sharding_not_divisible():
    with jax.set_mesh(emesh):
        return jnp.arange(6.0, out_sharding=P("y"))


def _b23_explicit_concat_sharded_axis():
    with jax.set_mesh(emesh):
        return jnp.concatenate([_e23, _e23.reshape(8)], axis=0, out_sharding=P("z"))


def _b23_use_abstract_mesh_of_mesh():
    with jax.sharding.use_abstract_mesh(emesh):
        return jnp.ones(2)


def _b23_get_abstract_mesh_axis_unknown():
    with jax.set_mesh(emesh):
        return jax.sharding.get_abstract_mesh().shape["z"]


def _b23_key_array_shape_key_data_mixup():
    return random.normal(random.key_data(_k23), (2,))


def _b23_key_in_jnp_where():
    return jnp.where(True, _k23, 0)


def _b23_key_compare_with_int():
    return _k23 == 0


def _b23_key_array_float_multiply():
    return random.split(_k23) * 2.0


def _b23_raw_keys_split_2d():
    return random.split(jnp.zeros((2, 2), jnp.uint32))


def _b23_random_shuffle_removed():
    return random.shuffle(_k23, _x23)


def _b23_random_uniform_minval_maxval_shapes():
    return random.uniform(_k23, (3,), minval=jnp.zeros(2), maxval=jnp.ones(2))


def _b23_random_randint_shape_scalar_int():
    return random.randint(_k23, 3, 0, 5)


def _b23_random_truncated_normal_bounds_shape():
    return random.truncated_normal(_k23, jnp.zeros(2), jnp.ones(3), (2,))


def _b23_random_poisson_float_dtype():
    return random.poisson(_k23, 3.0, (2,), dtype=jnp.float32)


def _b23_random_dirichlet_alpha_scalar():
    return random.dirichlet(_k23, 1.0)


def _b23_export_symbolic_shape_two_dims_same_scope_mix():
    (a,) = jax.export.symbolic_shape("a")
    (b,) = jax.export.symbolic_shape("b")
    return a + b


def _b23_export_symbolic_compare_inconclusive():
    (a,) = jax.export.symbolic_shape("a")
    return a > 2


def _b23_export_call_wrong_dtype():
    exp = jax.export.export(jax.jit(lambda a: a * 2))(_x23)
    return exp.call(jnp.arange(4))


def _b23_export_call_wrong_count():
    exp = jax.export.export(jax.jit(lambda a: a * 2))(_x23)
    return exp.call(_x23, _x23)


def _b23_export_symbolic_reshape_not_divisible():
    (n,) = jax.export.symbolic_shape("n")
    return jax.export.export(jax.jit(lambda a: a.reshape(3, -1)))(
        jax.ShapeDtypeStruct((n,), jnp.float32)
    )


def _b23_tree_transpose_wrong_outer():
    return jax.tree.transpose(
        jax.tree.structure([0, 0]), jax.tree.structure((0, 0)), [(1, 2), (3, 4), (5, 6)]
    )


def _b23_tree_map_none_vs_leaf():
    return jax.tree.map(lambda a, b: a + b, (1.0, None), (1.0, 2.0))


def _b23_tree_flatten_with_path_then_unflatten_paths():
    leaves, tree = jax.tree_util.tree_flatten_with_path({"a": 1})
    return jax.tree.unflatten(tree, leaves)


def _b23_tree_structure_compare_to_list():
    return jax.tree.unflatten([1, 2], [3, 4])


def _b23_register_static_then_leaf_array():
    class Cfg:
        def __init__(self, v):
            self.v = v

        def __hash__(self):
            return 0

        def __eq__(self, other):
            return True

    jax.tree_util.register_static(Cfg)
    return jax.jit(lambda c, a: a * c.v)(Cfg(jnp.ones(4)), _x23)


def _b23_at_set_shape_mismatch():
    return jnp.zeros((3, 3)).at[0].set(jnp.ones(4))


def _b23_at_get_mode_unknown():
    return _x23.at[1].get(mode="nope")


def _b23_at_float_index():
    return _x23.at[1.5].set(0.0)


def _b23_at_add_tuple_value():
    return _x23.at[0].add((1.0, 2.0))


def _b23_index_with_list_of_lists_ragged():
    return _x23[[[0, 1], [2]]]


def _b23_index_too_many():
    return _x23[0, 0]


def _b23_index_float_array():
    return _x23[jnp.array([0.5])]


def _b23_array_set_item():
    a = jnp.zeros(3)
    a[0] = 1.0
    return a


def _b23_jnp_float64_request_without_x64():
    return jnp.zeros(3, dtype=jnp.float64) + jnp.ones(3, dtype=jnp.int64)


def _b23_jnp_array_object_dtype():
    return jnp.array([object()])


def _b23_jnp_asarray_string():
    return jnp.asarray("1.0")


def _b23_jnp_linspace_num_negative():
    return jnp.linspace(0.0, 1.0, -2)


def _b23_jnp_eye_float_n():
    return jnp.eye(2.5)


def _b23_jnp_full_fill_shape():
    return jnp.full((2, 2), jnp.ones(3))


def _b23_jnp_matmul_scalar():
    return jnp.matmul(jnp.ones(3), 2.0)


def _b23_jnp_tensordot_axes_mismatch():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((4, 5)), axes=1)


def _b23_jnp_sort_axis_none_kind():
    return jnp.sort(jnp.ones(3), kind="heap", stable=False)


def _b23_jnp_percentile_method_unknown():
    return jnp.percentile(_x23, 50.0, method="nope")


def _b23_jnp_reshape_newshape_keyword():
    return jnp.reshape(_x23, newshape=(2, 2))


def _b23_jnp_split_indices_float():
    return jnp.split(_x23, 1.5)


def _b23_jnp_nan_to_num_keyword():
    return jnp.nan_to_num(_x23, copy=False, nan=0.0, bogus=1)


def _b23_lax_fori_loop_float_bounds():
    return lax.fori_loop(0.0, 3.0, lambda i, c: c + 1, 0)


def _b23_lax_while_body_returns_tuple_for_scalar():
    return lax.while_loop(lambda c: c < 3, lambda c: (c + 1, c), 0)


def _b23_lax_cond_operands_keyword():
    return lax.cond(True, lambda a: a, lambda a: a, operand=1.0)


def _b23_lax_switch_index_array():
    return lax.switch(jnp.array([0, 1]), [lambda: 1.0, lambda: 2.0])


def _b23_lax_scan_xs_scalar():
    return lax.scan(lambda c, x: (c, x), 0.0, 3.0)


def _b23_lax_map_over_scalar():
    return lax.map(lambda a: a * 2, 3.0)


def _b23_lax_associative_scan_lengths():
    return lax.associative_scan(lambda a, b: (a[0] + b[0], a[1] + b[1]), (jnp.ones(3), jnp.ones(4)))


def _b23_checkify_check_non_bool():
    return checkify.checkify(lambda a: checkify.check(a, "bad"))(_x23)


def _b23_checkify_errors_unknown():
    return checkify.checkify(lambda a: a, errors={"nope"})(_x23)


def _b23_custom_vjp_nondiff_argnums_out_of_range():
    f = jax.custom_vjp(lambda a: a, nondiff_argnums=(1,))
    f.defvjp(lambda a: (a, None), lambda r, g: (g,))
    return f(1.0)


def _b23_custom_jvp_defjvps_too_many():
    f = jax.custom_jvp(lambda a: a * 2)
    f.defjvps(lambda t, ans, a: t, lambda t, ans, a: t)
    return jax.jvp(f, (1.0,), (1.0,))


def _b23_custom_vjp_called_with_kwargs_wrong():
    f = jax.custom_vjp(lambda a: a * 2)
    f.defvjp(lambda a: (a * 2, None), lambda r, g: (g * 2,))
    return f(b=1.0)


def _b23_grad_has_aux_three_tuple():
    return jax.grad(lambda a: (a, 1.0, 2.0), has_aux=True)(1.0)


def _b23_grad_reduce_axes_keyword():
    return jax.grad(lambda a: a, reduce_axes=("i",))(1.0)


def _b23_jacrev_argnums_tuple_out_of_range():
    return jax.jacrev(lambda a, b: a * b, argnums=(0, 2))(1.0, 2.0)


def _b23_vmap_in_axes_tuple_too_short_kwargs():
    return jax.vmap(lambda a, b: a + b, in_axes=(0,))(_x23, b=_x23)


def _b23_vmap_spmd_axis_name_unknown():
    with jax.set_mesh(mesh24):
        return jax.vmap(lambda a: a * 2, spmd_axis_name="z")(jnp.ones((2, 4)))


def _b23_jit_donate_argnums_out_of_range():
    return jax.jit(lambda a: a * 2, donate_argnums=3)(_x23)


def _b23_jit_static_argnums_float():
    return jax.jit(lambda a, n: a * n, static_argnums=1.0)(_x23, 2)


def _b23_jit_in_shardings_spec_without_mesh():
    return jax.jit(lambda a: a * 2, in_shardings=P("x"))(_x23)


def _b23_jit_out_shardings_int():
    return jax.jit(lambda a: a * 2, out_shardings=0)(_x23)


def _b23_jit_lower_then_call_lowered():
    return jax.jit(lambda a: a * 2).lower(_x23)(_x23)


def _b23_jit_trace_then_compile():
    return jax.jit(lambda a: a * 2).trace(_x23).compile()


def _b23_device_put_device_index():
    return jax.device_put(_x23, 0)


def _b23_device_put_list_of_shardings_mismatch():
    return jax.device_put((_x23, _x23), (_s23,))


def _b23_make_array_from_single_device_arrays_shape():
    return jax.make_array_from_single_device_arrays((8,), NamedSharding(mesh2, P("x")), [_x23])


def _b23_block_until_ready_of_string():
    return jax.block_until_ready(jnp.asarray)


def _b23_debug_print_missing_placeholder_arg():
    return jax.debug.print("{} {}", _x23)


def _b23_named_scope_not_string():
    with jax.named_scope(3):
        return _x23 * 2


# ---------------------------------------------------------------------------------------------
# plain


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r23_plain_jit_static_numpy_array():
    return _b23_jit_static_numpy_array()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r23_plain_jit_static_argnames_list_value():
    return _b23_jit_static_argnames_list_value()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r23_plain_jit_static_dict_value():
    return _b23_jit_static_dict_value()


@mistake(
    "static_argnames and donate_argnames cannot intersect. Argument names {'n'} appear in both"
)
def r23_plain_jit_donate_and_static_same():
    return _b23_jit_donate_and_static_same()


@mistake("Mismatch details (1 found):")
def r23_plain_jit_out_shardings_tree_extra():
    return _b23_jit_out_shardings_tree_extra()


@mistake(
    "pjit in_shardings specification must be a tree prefix of the positional arguments tuple. I"
)
def r23_plain_jit_in_shardings_too_few():
    return _b23_jit_in_shardings_too_few()


@mistake("Mismatch details (1 found):")
def r23_plain_jit_out_shardings_dict_keys():
    return _b23_jit_out_shardings_dict_keys()


@mistake(
    "Argument types differ from the types for which this computation was compiled. Perhaps you"
)
def r23_plain_jit_compiled_wrong_shape():
    return _b23_jit_compiled_wrong_shape()


@mistake(
    "Argument types differ from the types for which this computation was compiled. Perhaps you"
)
def r23_plain_jit_compiled_wrong_dtype():
    return _b23_jit_compiled_wrong_dtype()


@mistake(
    "Function compiled with input pytree does not match the input pytree it was called with. Th"
)
def r23_plain_jit_compiled_extra_argument():
    return _b23_jit_compiled_extra_argument()


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (JitTracer(~int32[]),)"
)
def r23_plain_jit_traced_shape_argument():
    return _b23_jit_traced_shape_argument()


@mistake("The __index__() method was called on traced array with shape int32[]")
def r23_plain_jit_traced_range():
    return _b23_jit_traced_range()


@mistake("The __index__() method was called on traced array with shape int32[]")
def r23_plain_jit_traced_index_list():
    return _b23_jit_traced_index_list()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r23_plain_vmap_in_axes_float():
    return _b23_vmap_in_axes_float()


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r23_plain_vmap_out_axes_pair_for_single():
    return _b23_vmap_out_axes_pair_for_single()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r23_plain_vmap_axis_size_disagrees():
    return _b23_vmap_axis_size_disagrees()


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r23_plain_vmap_all_none_without_size():
    return _b23_vmap_all_none_without_size()


@mistake("Found an unbound axis name: j. To fix this, please call psum under `jax.shard_map`.")
def r23_plain_vmap_psum_other_name():
    return _b23_vmap_psum_other_name()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r23_plain_vmap_out_axes_too_large():
    return _b23_vmap_out_axes_too_large()


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r23_plain_vmap_in_axes_dict_keys():
    return _b23_vmap_in_axes_dict_keys()


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r23_plain_vmap_of_python_scalar():
    return _b23_vmap_of_python_scalar()


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r23_plain_grad_bool_input():
    return _b23_grad_bool_input()


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r23_plain_grad_int_list_input():
    return _b23_grad_int_list_input()


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but g"
)
def r23_plain_jacfwd_int_input():
    return _b23_jacfwd_int_input()


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but g"
)
def r23_plain_hessian_int_input():
    return _b23_hessian_int_input()


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r23_plain_value_and_grad_int_input():
    return _b23_value_and_grad_int_input()


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r23_plain_grad_int_output():
    return _b23_grad_int_output()


@mistake(
    "Positional argument indices, e.g. for `static_argnums`, must have value greater than or eq"
)
def r23_plain_grad_argnums_negative_out_of_range():
    return _b23_grad_argnums_negative_out_of_range()


@mistake(
    "unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float32[3], but e"
)
def r23_plain_vjp_cotangent_wrong_shape():
    return _b23_vjp_cotangent_wrong_shape()


@mistake(
    "unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float16[4], but e"
)
def r23_plain_vjp_cotangent_wrong_dtype():
    return _b23_vjp_cotangent_wrong_dtype()


@mistake(
    "jvp called with different primal and tangent shapes;Got primal shape (4,) and tangent shap"
)
def r23_plain_jvp_tangent_wrong_shape():
    return _b23_jvp_tangent_wrong_shape()


@mistake(
    "primal and tangent arguments to jax.jvp must be tuples or lists; found ArrayImpl and Array"
)
def r23_plain_jvp_primals_not_tuple():
    return _b23_jvp_primals_not_tuple()


@mistake(
    "linearized function called on tangent values inconsistent with the original primal values:"
)
def r23_plain_linearize_tangent_wrong_shape():
    return _b23_linearize_tangent_wrong_shape()


@mistake(
    "jacrev requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but"
)
def r23_plain_jacrev_int_output():
    return _b23_jacrev_int_output()


@mistake("No JVP defined for custom_jvp function <lambda> using defjvp.")
def r23_plain_custom_jvp_without_rule():
    return _b23_custom_jvp_without_rule()


@mistake("No VJP defined for custom_vjp function <lambda> using defvjp.")
def r23_plain_custom_vjp_without_rule():
    return _b23_custom_vjp_without_rule()


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r23_plain_custom_jvp_tangent_int():
    return _b23_custom_jvp_tangent_int()


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r23_plain_custom_jvp_tangent_shape():
    return _b23_custom_jvp_tangent_shape()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r23_plain_custom_vjp_bwd_not_tuple():
    return _b23_custom_vjp_bwd_not_tuple()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r23_plain_custom_vjp_bwd_too_many():
    return _b23_custom_vjp_bwd_too_many()


@mistake(
    "Custom VJP bwd rule must produce an output with the same type as the args tuple of the pri"
)
def r23_plain_custom_vjp_bwd_wrong_shape():
    return _b23_custom_vjp_bwd_wrong_shape()


@mistake(
    "Custom VJP fwd rule <lambda> for function <lambda> must produce a pair (list or tuple of l"
)
def r23_plain_custom_vjp_fwd_not_pair():
    return _b23_custom_vjp_fwd_not_pair()


@mistake(
    "Custom JVP rule <lambda> for function <lambda> must produce a pair (list or tuple of lengt"
)
def r23_plain_custom_jvp_rule_single_output():
    return _b23_custom_jvp_rule_single_output()


@mistake(
    "shard_map applied to the function '<lambda>' was given an in_specs entry which is too long"
)
def r23_plain_smap_in_spec_too_long():
    return _b23_smap_in_spec_too_long()


@mistake(
    "Found an unbound axis name: y. To fix this, please call axis_index under `jax.shard_map`."
)
def r23_plain_smap_axis_index_unknown():
    return _b23_smap_axis_index_unknown()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r23_plain_smap_all_gather_axis_out_of_range():
    return _b23_smap_all_gather_axis_out_of_range()


@mistake("tiled reduce_scatter operand scatter dimension size 3 must be divisible by shard_count 2")
def r23_plain_smap_psum_scatter_not_divisible():
    return _b23_smap_psum_scatter_not_divisible()


@mistake("tuple index out of range")
def r23_plain_smap_all_to_all_bad_split_axis():
    return _b23_smap_all_to_all_bad_split_axis()


@mistake("list index out of range")
def r23_plain_smap_ppermute_out_of_range():
    return _b23_smap_ppermute_out_of_range()


@mistake(
    "shard_map out_specs argument must refer to an axis marked as manual (frozenset({'x'})), bu"
)
def r23_plain_smap_out_specs_unknown_axis():
    return _b23_smap_out_specs_unknown_axis()


@mistake("pytree structure error: different types at key path")
def r23_plain_smap_in_specs_list_for_one():
    return _b23_smap_in_specs_list_for_one()


@mistake()
def r23_plain_reshard_spec_too_long():
    return _b23_reshard_spec_too_long()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r23_plain_full_out_sharding_unknown_axis():
    return _b23_full_out_sharding_unknown_axis()


@mistake("Expected mesh of type `jax.sharding.Mesh`. Got <class '")
def r23_plain_set_mesh_of_spec():
    return _b23_set_mesh_of_spec()


@mistake()
def r23_plain_reshard_sharding_other_mesh_not_divisible():
    return _b23_reshard_sharding_other_mesh_not_divisible()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r23_plain_einsum_out_sharding_unknown_axis():
    return _b23_einsum_out_sharding_unknown_axis()


@mistake("add does not accept dtypes key<fry>, int32.")
def r23_plain_key_plus_int():
    return _b23_key_plus_int()


@mistake("Cannot call abstract method astype")
def r23_plain_key_astype_uint32():
    return _b23_key_astype_uint32()


@mistake("dtype argument to `bits` must be an unsigned int dtype, got float32")
def r23_plain_bits_float_dtype():
    return _b23_bits_float_dtype()


@mistake("randint only accepts integer dtypes, got float32")
def r23_plain_randint_float_dtype():
    return _b23_randint_float_dtype()


@mistake(
    "key accepts a scalar seed, but was given an array of shape (2,) != (). Use jax.vmap for ba"
)
def r23_plain_key_seed_vector():
    return _b23_key_seed_vector()


@mistake("dtype argument to `gumbel` must be a float dtype, got int32")
def r23_plain_gumbel_int_dtype():
    return _b23_gumbel_int_dtype()


@mistake("dtype argument to `laplace` must be a float dtype, got int32")
def r23_plain_laplace_int_dtype():
    return _b23_laplace_int_dtype()


@mistake()
def r23_plain_key_data_of_uint_array():
    return _b23_key_data_of_uint_array()


@mistake('unrecognized PRNG implementation "nope". Did you mean one of:')
def r23_plain_key_impl_unknown():
    return _b23_key_impl_unknown()


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r23_plain_split_typed_key_batch_in_normal():
    return _b23_split_typed_key_batch_in_normal()


@mistake()
def r23_plain_raw_key_in_key_data():
    return _b23_raw_key_in_key_data()


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r23_plain_fori_body_drops_carry_entry():
    return _b23_fori_body_drops_carry_entry()


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r23_plain_while_cond_vector():
    return _b23_while_cond_vector()


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r23_plain_scan_xs_leading_mismatch():
    return _b23_scan_xs_leading_mismatch()


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r23_plain_scan_length_disagrees():
    return _b23_scan_length_disagrees()


@mistake("cond branches must have equal output types but they differ.")
def r23_plain_cond_branch_dtypes():
    return _b23_cond_branch_dtypes()


@mistake("Empty branch sequence")
def r23_plain_switch_no_branches():
    return _b23_switch_no_branches()


@mistake(
    "while_loop body function carry input and carry output must have equal types, but they diff"
)
def r23_plain_while_body_changes_dtype():
    return _b23_while_body_changes_dtype()


@mistake()
def r23_plain_scan_carry_dtype_changes():
    return _b23_scan_carry_dtype_changes()


@mistake("All input arrays must have the same shape. Got (2,), (3,).")
def r23_plain_stack_shapes():
    return _b23_stack_shapes()


@mistake("Argument to inv must have shape [..., n, n], got (2, 3).")
def r23_plain_inv_not_square():
    return _b23_inv_not_square()


@mistake(
    "inconsistent size for core dimension 'm': 4 vs 3 on vectorized function with excluded=froz"
)
def r23_plain_solve_mismatch():
    return _b23_solve_mismatch()


@mistake(
    "jnp.pad: pad_width with nd=1 has unsupported shape (2, 2). Valid shapes are (1, 2), (1, 2)"
)
def r23_plain_pad_width_too_long():
    return _b23_pad_width_too_long()


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0, 1)"
)
def r23_plain_moveaxis_repeated():
    return _b23_moveaxis_repeated()


@mistake("indices and arr must have the same number of dimensions; 1 vs. 2")
def r23_plain_take_along_axis_rank():
    return _b23_take_along_axis_rank()


@mistake("Number of einsum subscripts, 2, must be equal to the number of operands, 1.")
def r23_plain_einsum_operand_count():
    return _b23_einsum_operand_count()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r23_plain_cumsum_axis_out_of_range():
    return _b23_cumsum_axis_out_of_range()


@mistake()
def r23_plain_roll_shift_axis_lengths():
    return _b23_roll_shift_axis_lengths()


@mistake("a should be 1-dimensional")
def r23_plain_searchsorted_2d():
    return _b23_searchsorted_2d()


@mistake(
    "and does not accept dtype float32 at position 0. Accepted dtypes at position 0 are subtype"
)
def r23_plain_bitwise_and_float():
    return _b23_bitwise_and_float()


@mistake("pytree structure error: different pytree metadata at key path")
def r23_plain_tree_map_dict_keys():
    return _b23_tree_map_dict_keys()


@mistake("Too few leaves for PyTreeDef; expected 3, got 2")
def r23_plain_tree_unflatten_too_few():
    return _b23_tree_unflatten_too_few()


@mistake("pytree structure error: different lengths of list at key path")
def r23_plain_tree_map_list_lengths():
    return _b23_tree_map_list_lengths()


@mistake(
    "Function to be exported must be the result of `jit` but is: <function _b23_export_not_jitt"
)
def r23_plain_export_not_jitted():
    return _b23_export_not_jitted()


@mistake(
    "syntax error in symbolic shape 'a +' in dimension 0: expecting one of {NAME, MINUS, NUMBER"
)
def r23_plain_symbolic_shape_bad_grammar():
    return _b23_symbolic_shape_bad_grammar()


@mistake(
    "Shape mismatch for args[0].shape[0] (expected same constant): expected (4,) and called wit"
)
def r23_plain_export_call_wrong_shape():
    return _b23_export_call_wrong_shape()


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r23_plain_pure_callback_pair_for_one():
    return _b23_pure_callback_pair_for_one()


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r23_plain_pure_callback_wrong_rank():
    return _b23_pure_callback_wrong_rank()


@mistake("'int' object has no attribute 'dtype'")
def r23_plain_pure_callback_shape_dtype_not_struct():
    return _b23_pure_callback_shape_dtype_not_struct()


@mistake()
def r23_plain_make_mesh_product():
    return _b23_make_mesh_product()


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r23_plain_make_mesh_names_length():
    return _b23_make_mesh_names_length()


@mistake()
def r23_plain_make_mesh_duplicate_names():
    return _b23_make_mesh_duplicate_names()


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r23_plain_mesh_names_fewer_than_dims():
    return _b23_mesh_names_fewer_than_dims()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r23_plain_named_sharding_unknown_axis():
    return _b23_named_sharding_unknown_axis()


@mistake(
    "with_sharding_constraint requires a non-empty mesh in context if you are passing `Partitio"
)
def r23_plain_constraint_rank_in_jit():
    return _b23_constraint_rank_in_jit()


@mistake()
def r23_plain_explicit_reshape_merges_sharded():
    return _b23_explicit_reshape_merges_sharded()


@mistake("tuple index out of range")
def r23_plain_explicit_typeof_spec_index():
    return _b23_explicit_typeof_spec_index()


@mistake("Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to device_put")
def r23_plain_explicit_device_put_spec_without_mesh():
    return _b23_explicit_device_put_spec_without_mesh()


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x', 'y').")
def r23_plain_explicit_axes_with_auto_in_out():
    return _b23_explicit_axes_with_auto_in_out()


@mistake(
    "Number of axis names should match the number of axis_types. Got axis_names=('x', 'y') and"
)
def r23_plain_make_mesh_axis_types_one_for_two():
    return _b23_make_mesh_axis_types_one_for_two()


@mistake()
def r23_plain_make_mesh_shape_not_ints():
    return _b23_make_mesh_shape_not_ints()


@mistake("Number of devices 4 must be >= the product of mesh_shape (2, 4)")
def r23_plain_make_mesh_devices_too_few():
    return _b23_make_mesh_devices_too_few()


@mistake()
def r23_plain_abstract_mesh_shape_names_lengths():
    return _b23_abstract_mesh_shape_names_lengths()


@mistake(
    "jax.shard_map requires axis_names=frozenset({'z'}) to be a subset of mesh.axis_names=froze"
)
def r23_plain_smap_axis_names_unknown():
    return _b23_smap_axis_names_unknown()


@mistake("The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh context")
def r23_plain_smap_mesh_missing():
    return _b23_smap_mesh_missing()


@mistake(
    "shard_map in_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances, bu"
)
def r23_plain_smap_in_specs_not_spec():
    return _b23_smap_in_specs_not_spec()


@mistake()
def r23_plain_smap_body_returns_more():
    return _b23_smap_body_returns_more()


@mistake("unbound axis name: y")
def r23_plain_smap_all_gather_unknown_axis():
    return _b23_smap_all_gather_unknown_axis()


@mistake(
    "pmap in_axes must be an int, None, or (nested) container with those types as leaves, but g"
)
def r23_plain_pmap_in_axes_float():
    return _b23_pmap_in_axes_float()


@mistake(
    "k argument to top_k must be no larger than size along axis; got k=5 with shape=[3] and axi"
)
def r23_plain_lax_top_k_too_big():
    return _b23_lax_top_k_too_big()


@mistake("num_keys=3 must be between 1 and len(operand)=2")
def r23_plain_lax_sort_num_keys_too_many():
    return _b23_lax_sort_num_keys_too_many()


@mistake(
    "dynamic_update_slice update must have the same rank as operand, got update shape (2,) for"
)
def r23_plain_lax_dynamic_update_slice_rank():
    return _b23_lax_dynamic_update_slice_rank()


@mistake("Length of slice indices must match number of operand dimensions (1 vs (3, 3))")
def r23_plain_lax_dynamic_slice_index_count():
    return _b23_lax_dynamic_slice_index_count()


@mistake(
    "reduce_window got the wrong number of window_dimensions for operand: got operand shape (4,"
)
def r23_plain_lax_reduce_window_dims_length():
    return _b23_lax_reduce_window_dims_length()


@mistake(
    "conv_general_dilated feature_group_count must divide lhs feature dimension size, but 2 doe"
)
def r23_plain_lax_conv_feature_group_count():
    return _b23_lax_conv_feature_group_count()


@mistake(
    "length of padding_config must equal the number of axes of operand, got padding_config ((1,"
)
def r23_plain_lax_pad_config_length():
    return _b23_lax_pad_config_length()


@mistake(
    "broadcast_in_dim operand dimension sizes must either be 1, or be equal to their correspond"
)
def r23_plain_lax_broadcast_in_dim_wrong():
    return _b23_lax_broadcast_in_dim_wrong()


@mistake(
    "lax.concatenate requires arguments to have the same dtypes, got float32, int32. (Tip: jnp."
)
def r23_plain_lax_concatenate_dtypes():
    return _b23_lax_concatenate_dtypes()


@mistake(
    "rev dimensions must all be less than operand ndim, got dimensions (2,) for operand ndim 2."
)
def r23_plain_lax_rev_dims_out_of_range():
    return _b23_lax_rev_dims_out_of_range()


@mistake("axis 1 is out of bounds for array of shape (3,)")
def r23_plain_lax_cumsum_axis_out_of_range():
    return _b23_lax_cumsum_axis_out_of_range()


@mistake("Invalid axis 1 for operand shape (3,)")
def r23_plain_lax_argmax_axis_out_of_range():
    return _b23_lax_argmax_axis_out_of_range()


@mistake("select `which` must be boolean or integer type, got float32.")
def r23_plain_lax_select_pred_float():
    return _b23_lax_select_pred_float()


@mistake(
    "clamp requires min.shape == operand.shape or min.shape == (), got min.shape=(2,), operand."
)
def r23_plain_lax_clamp_shapes():
    return _b23_lax_clamp_shapes()


@mistake("data type 'floaty' not understood")
def r23_plain_lax_convert_element_type_string():
    return _b23_lax_convert_element_type_string()


@mistake("add got incompatible shapes for broadcasting: (2, 3), (3, 2).")
def r23_plain_jnp_cholesky_not_square():
    return _b23_jnp_cholesky_not_square()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r23_plain_jnp_histogram_bins_traced():
    return _b23_jnp_histogram_bins_traced()


@mistake(
    "inconsistent size for core dimension 'n': 4 vs 3 on vectorized function with excluded=froz"
)
def r23_plain_jnp_vectorize_signature_mismatch():
    return _b23_jnp_vectorize_signature_mismatch()


@mistake("axis 1 is out of bounds for array of dimension 1")
def r23_plain_jnp_fft_axes_out_of_range():
    return _b23_jnp_fft_axes_out_of_range()


@mistake("diag input must be 1d or 2d")
def r23_plain_jnp_diag_of_3d():
    return _b23_jnp_diag_of_3d()


@mistake("axis 1 is out of bounds for array of dimension 1")
def r23_plain_jnp_trace_of_1d():
    return _b23_jnp_trace_of_1d()


@mistake("outer() got an unexpected keyword argument 'axis'")
def r23_plain_jnp_outer_keyword_axis():
    return _b23_jnp_outer_keyword_axis()


@mistake("Valid values for indexing are 'xy' and 'ij', got ik")
def r23_plain_jnp_meshgrid_indexing():
    return _b23_jnp_meshgrid_indexing()


@mistake("'order' argument to argsort is not supported.")
def r23_plain_jnp_argsort_kind_order():
    return _b23_jnp_argsort_kind_order()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r23_plain_jnp_unique_in_jit():
    return _b23_jnp_unique_in_jit()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r23_plain_jnp_where_one_arg_in_jit():
    return _b23_jnp_where_one_arg_in_jit()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (np.float64(4.5),).")
def r23_plain_jnp_tile_float_reps():
    return _b23_jnp_tile_float_reps()


@mistake(
    "setting an array element with a sequence. The requested array has an inhomogeneous shape a"
)
def r23_plain_jnp_array_ragged():
    return _b23_jnp_array_ragged()


@mistake("data type 'floaty' not understood")
def r23_plain_jnp_astype_unknown_dtype():
    return _b23_jnp_astype_unknown_dtype()


@mistake("mul got incompatible shapes for broadcasting: (4,), (2,).")
def r23_plain_checkpoint_static_argnums_array():
    return _b23_checkpoint_static_argnums_array()


@mistake("'int' object has no attribute '__name__'")
def r23_plain_named_call_not_callable():
    return _b23_named_call_not_callable()


@mistake("Error interpreting argument to <function _b23_eval_shape_of_string.<locals>.<lambda> at")
def r23_plain_eval_shape_of_string():
    return _b23_eval_shape_of_string()


@mistake("data type 'floaty' not understood")
def r23_plain_shape_dtype_struct_bad_dtype():
    return _b23_shape_dtype_struct_bad_dtype()


@mistake("Argument 'abc' of type <class 'str'> is not a valid JAX type")
def r23_plain_stop_gradient_of_string():
    return _b23_stop_gradient_of_string()


@mistake()
def r23_plain_custom_jvp_nondiff_argnums_array_traced():
    return _b23_custom_jvp_nondiff_argnums_array_traced()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r23_plain_custom_vjp_bwd_none_for_float():
    return _b23_custom_vjp_bwd_none_for_float()


@mistake("add got incompatible shapes for broadcasting: (3*floordiv(n, 3) + 1,), (n,).")
def r23_plain_export_symbolic_in_jnp_zeros():
    return _b23_export_symbolic_in_jnp_zeros()


@mistake()
def r23_plain_export_platforms_unknown():
    return _b23_export_platforms_unknown()


@mistake("Cannot interpret 'key<fry>' as a data type")
def r23_plain_random_key_in_jnp_sum():
    return _b23_random_key_in_jnp_sum()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r23_plain_random_uniform_shape_float():
    return _b23_random_uniform_shape_float()


@mistake()
def r23_plain_random_fold_in_float():
    return _b23_random_fold_in_float()


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (np.int64(2),)]")
def r23_plain_random_categorical_int_logits_shape():
    return _b23_random_categorical_int_logits_shape()


@mistake(
    "multivariate_normal requires cov.shape == (..., n, n) for n=2, but got cov.shape == (3, 3)"
)
def r23_plain_random_multivariate_normal_cov_shape():
    return _b23_random_multivariate_normal_cov_shape()


@mistake()
def r23_plain_random_key_data_in_key_op():
    return _b23_random_key_data_in_key_op()


@mistake(
    "shard_map applied to the function '_rem_singleton' was given out_specs which require repli"
)
def r23_plain_smap_check_vma_psum_of_invariant_out_varying():
    return _b23_smap_check_vma_psum_of_invariant_out_varying()


@mistake("axis 0 is out of bounds for array of dimension 0")
def r23_plain_smap_all_gather_of_scalar():
    return _b23_smap_all_gather_of_scalar()


@mistake("pytree structure error: different types at key path")
def r23_plain_smap_out_specs_dict_for_tuple():
    return _b23_smap_out_specs_dict_for_tuple()


@mistake(
    "shard_map in_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances, bu"
)
def r23_plain_smap_in_specs_int():
    return _b23_smap_in_specs_int()


@mistake("unbound axis name: y")
def r23_plain_smap_axis_size_in_body_unknown():
    return _b23_smap_axis_size_in_body_unknown()


@mistake("tuple index out of range")
def r23_plain_smap_psum_scatter_scatter_dimension():
    return _b23_smap_psum_scatter_scatter_dimension()


@mistake(
    "The context mesh AbstractMesh('x': 2, axis_types=(Manual,), device_kind=cpu, num_cores=Non"
)
def r23_plain_smap_nested_same_axis():
    return _b23_smap_nested_same_axis()


@mistake("mul got incompatible shardings for broadcasting: ('x', 'y'), ('y', None).")
def r23_plain_explicit_mul_shardings_broadcast_2d():
    return _b23_explicit_mul_shardings_broadcast_2d()


@mistake("sum() got an unexpected keyword argument 'out_sharding'")
def r23_plain_explicit_sum_out_sharding_unknown():
    return _b23_explicit_sum_out_sharding_unknown()


@mistake(
    "PartitionSpec passed to reshard cannot contain axis names that are of type Auto or Manual."
)
def r23_plain_explicit_reshard_to_auto_mesh_sharding():
    return _b23_explicit_reshard_to_auto_mesh_sharding()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r23_plain_explicit_zeros_like_out_sharding_unknown():
    return _b23_explicit_zeros_like_out_sharding_unknown()


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly"
)
def r23_plain_explicit_arange_out_sharding_not_divisible():
    return _b23_explicit_arange_out_sharding_not_divisible()


@mistake("concatenate() got an unexpected keyword argument 'out_sharding'")
def r23_plain_explicit_concat_sharded_axis():
    return _b23_explicit_concat_sharded_axis()


@mistake("Expected mesh of type `jax.sharding.AbstractMesh`. Got type: <class '")
def r23_plain_use_abstract_mesh_of_mesh():
    return _b23_use_abstract_mesh_of_mesh()


@mistake("'z'")
def r23_plain_get_abstract_mesh_axis_unknown():
    return _b23_get_abstract_mesh_axis_unknown()


@mistake()
def r23_plain_key_array_shape_key_data_mixup():
    return _b23_key_array_shape_key_data_mixup()


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion.")
def r23_plain_key_in_jnp_where():
    return _b23_key_in_jnp_where()


@mistake("equal does not accept dtypes key<fry>, int32.")
def r23_plain_key_compare_with_int():
    return _b23_key_compare_with_int()


@mistake("multiply does not accept dtypes key<fry>, float32.")
def r23_plain_key_array_float_multiply():
    return _b23_key_array_float_multiply()


@mistake(
    "split accepts a single key, but was given a key array of shape (2, 2) != (). Use jax.vmap"
)
def r23_plain_raw_keys_split_2d():
    return _b23_raw_keys_split_2d()


@mistake("has no attribute 'shuffle'")
def r23_plain_random_shuffle_removed():
    return _b23_random_shuffle_removed()


@mistake("mul got incompatible shapes for broadcasting: (3,), (2,).")
def r23_plain_random_uniform_minval_maxval_shapes():
    return _b23_random_uniform_minval_maxval_shapes()


@mistake()
def r23_plain_random_randint_shape_scalar_int():
    return _b23_random_randint_shape_scalar_int()


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (2,), (3,)]")
def r23_plain_random_truncated_normal_bounds_shape():
    return _b23_random_truncated_normal_bounds_shape()


@mistake("Invalid integer data type 'f'.")
def r23_plain_random_poisson_float_dtype():
    return _b23_random_poisson_float_dtype()


@mistake("dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0")
def r23_plain_random_dirichlet_alpha_scalar():
    return _b23_random_dirichlet_alpha_scalar()


@mistake("Invalid mixing of symbolic scopes for linear combination.")
def r23_plain_export_symbolic_shape_two_dims_same_scope_mix():
    return _b23_export_symbolic_shape_two_dims_same_scope_mix()


@mistake("Symbolic dimension comparison 'a' > '2' is inconclusive.")
def r23_plain_export_symbolic_compare_inconclusive():
    return _b23_export_symbolic_compare_inconclusive()


@mistake("Dtype mismatch for args[0]: expected float32 and called with int32")
def r23_plain_export_call_wrong_dtype():
    return _b23_export_call_wrong_dtype()


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '<"
)
def r23_plain_export_call_wrong_count():
    return _b23_export_call_wrong_count()


@mistake(
    "Cannot divide evenly the sizes of shapes (n,) and (3, -1). The remainder mod(n, - 3) shoul"
)
def r23_plain_export_symbolic_reshape_not_divisible():
    return _b23_export_symbolic_reshape_not_divisible()


@mistake("Mismatch")
def r23_plain_tree_transpose_wrong_outer():
    return _b23_tree_transpose_wrong_outer()


@mistake("pytree structure error: different types at key path")
def r23_plain_tree_map_none_vs_leaf():
    return _b23_tree_map_none_vs_leaf()


@mistake()
def r23_plain_tree_flatten_with_path_then_unflatten_paths():
    return _b23_tree_flatten_with_path_then_unflatten_paths()


@mistake("'list' object has no attribute 'unflatten'")
def r23_plain_tree_structure_compare_to_list():
    return _b23_tree_structure_compare_to_list()


@mistake()
def r23_plain_register_static_then_leaf_array():
    return _b23_register_static_then_leaf_array()


@mistake("Incompatible types for broadcasting: input type=float32[4] and requested type=float32[3]")
def r23_plain_at_set_shape_mismatch():
    return _b23_at_set_shape_mismatch()


@mistake('Unknown gather mode "nope"')
def r23_plain_at_get_mode_unknown():
    return _b23_at_get_mode_unknown()


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r23_plain_at_float_index():
    return _b23_at_float_index()


@mistake("Cannot broadcast to shape with fewer dimensions: arr_shape=(2,) shape=()")
def r23_plain_at_add_tuple_value():
    return _b23_at_add_tuple_value()


@mistake(
    "Using a non-tuple sequence for multidimensional indexing is not allowed; use `arr[tuple(se"
)
def r23_plain_index_with_list_of_lists_ragged():
    return _b23_index_with_list_of_lists_ragged()


@mistake("Too many indices: array is 1-dimensional, but 2 were indexed")
def r23_plain_index_too_many():
    return _b23_index_too_many()


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r23_plain_index_float_array():
    return _b23_index_float_array()


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment. Instead of x[idx] ="
)
def r23_plain_array_set_item():
    return _b23_array_set_item()


@mistake()
def r23_plain_jnp_float64_request_without_x64():
    return _b23_jnp_float64_request_without_x64()


@mistake("Value '<object object at")
def r23_plain_jnp_array_object_dtype():
    return _b23_jnp_array_object_dtype()


@mistake(
    "Value '1.0' with dtype <U3 is not a valid JAX array type. Only arrays of numeric types are"
)
def r23_plain_jnp_asarray_string():
    return _b23_jnp_asarray_string()


@mistake("Number of samples, -2, must be non-negative.")
def r23_plain_jnp_linspace_num_negative():
    return _b23_jnp_linspace_num_negative()


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (2.5,). argument of 'N"
)
def r23_plain_jnp_eye_float_n():
    return _b23_jnp_eye_float_n()


@mistake(
    "Incompatible types for broadcasting: input type=float32[3] and requested type=float32[2,2]"
)
def r23_plain_jnp_full_fill_shape():
    return _b23_jnp_full_fill_shape()


@mistake("matmul input operand 1 must have ndim at least 1, but it has ndim 0")
def r23_plain_jnp_matmul_scalar():
    return _b23_jnp_matmul_scalar()


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r23_plain_jnp_tensordot_axes_mismatch():
    return _b23_jnp_tensordot_axes_mismatch()


@mistake(
    "'kind' argument to sort is not supported. Use stable=True or stable=False to specify sort"
)
def r23_plain_jnp_sort_axis_none_kind():
    return _b23_jnp_sort_axis_none_kind()


@mistake("method can only be 'linear', 'lower', 'higher', 'midpoint', 'nearest' or 'inverted_cdf'")
def r23_plain_jnp_percentile_method_unknown():
    return _b23_jnp_percentile_method_unknown()


@mistake("reshape() got an unexpected keyword argument 'newshape'")
def r23_plain_jnp_reshape_newshape_keyword():
    return _b23_jnp_reshape_newshape_keyword()


@mistake()
def r23_plain_jnp_split_indices_float():
    return _b23_jnp_split_indices_float()


@mistake("nan_to_num() got an unexpected keyword argument 'bogus'")
def r23_plain_jnp_nan_to_num_keyword():
    return _b23_jnp_nan_to_num_keyword()


@mistake()
def r23_plain_lax_fori_loop_float_bounds():
    return _b23_lax_fori_loop_float_bounds()


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r23_plain_lax_while_body_returns_tuple_for_scalar():
    return _b23_lax_while_body_returns_tuple_for_scalar()


@mistake()
def r23_plain_lax_cond_operands_keyword():
    return _b23_lax_cond_operands_keyword()


@mistake("Branch index must be scalar, got [0 1] of shape (2,).")
def r23_plain_lax_switch_index_array():
    return _b23_lax_switch_index_array()


@mistake("scan got value with no leading axis to scan over: 3.0.")
def r23_plain_lax_scan_xs_scalar():
    return _b23_lax_scan_xs_scalar()


@mistake("scan got value with no leading axis to scan over: 3.0.")
def r23_plain_lax_map_over_scalar():
    return _b23_lax_map_over_scalar()


@mistake("Array inputs to associative_scan must have the same first dimension. (saw: [(3,), (4,)])")
def r23_plain_lax_associative_scan_lengths():
    return _b23_lax_associative_scan_lengths()


@mistake("check takes a scalar pred as argument, got [0. 1. 2. 3.]")
def r23_plain_checkify_check_non_bool():
    return _b23_checkify_check_non_bool()


@mistake()
def r23_plain_checkify_errors_unknown():
    return _b23_checkify_errors_unknown()


@mistake("tuple index out of range")
def r23_plain_custom_vjp_nondiff_argnums_out_of_range():
    return _b23_custom_vjp_nondiff_argnums_out_of_range()


@mistake("safe_zip() argument 1 has length 2 but argument 0 has length 1. All lengths: (1, 2)")
def r23_plain_custom_jvp_defjvps_too_many():
    return _b23_custom_jvp_defjvps_too_many()


@mistake(
    "The input arguments to the custom_vjp-decorated function <lambda> could not be resolved to"
)
def r23_plain_custom_vjp_called_with_kwargs_wrong():
    return _b23_custom_vjp_called_with_kwargs_wrong()


@mistake(
    "expected function with aux output to return a two-element tuple, but got type <class 'tupl"
)
def r23_plain_grad_has_aux_three_tuple():
    return _b23_grad_has_aux_three_tuple()


@mistake("reduce_axes argument to grad is deprecated")
def r23_plain_grad_reduce_axes_keyword():
    return _b23_grad_reduce_axes_keyword()


@mistake(
    "Positional argument indices, e.g. for `static_argnums`, must have value greater than or eq"
)
def r23_plain_jacrev_argnums_tuple_out_of_range():
    return _b23_jacrev_argnums_tuple_out_of_range()


@mistake()
def r23_plain_vmap_in_axes_tuple_too_short_kwargs():
    return _b23_vmap_in_axes_tuple_too_short_kwargs()


@mistake()
def r23_plain_vmap_spmd_axis_name_unknown():
    return _b23_vmap_spmd_axis_name_unknown()


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r23_plain_jit_donate_argnums_out_of_range():
    return _b23_jit_donate_argnums_out_of_range()


@mistake("'float' object is not iterable")
def r23_plain_jit_static_argnums_float():
    return _b23_jit_static_argnums_float()


@mistake(
    "jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to in_shardin"
)
def r23_plain_jit_in_shardings_spec_without_mesh():
    return _b23_jit_in_shardings_spec_without_mesh()


@mistake(
    "out_shardings leaf specifications are expected to be PartitionSpec instances or None, but"
)
def r23_plain_jit_out_shardings_int():
    return _b23_jit_out_shardings_int()


@mistake("'Lowered' object is not callable")
def r23_plain_jit_lower_then_call_lowered():
    return _b23_jit_lower_then_call_lowered()


@mistake("'Traced' object has no attribute 'compile'")
def r23_plain_jit_trace_then_compile():
    return _b23_jit_trace_then_compile()


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `ja"
)
def r23_plain_device_put_device_index():
    return _b23_device_put_device_index()


@mistake("device_put device specification must be a tree prefix of the corresponding value;")
def r23_plain_device_put_list_of_shardings_mismatch():
    return _b23_device_put_list_of_shardings_mismatch()


@mistake(
    "Expected 2 per-device arrays (this is how many devices are addressable by the sharding), b"
)
def r23_plain_make_array_from_single_device_arrays_shape():
    return _b23_make_array_from_single_device_arrays_shape()


@mistake()
def r23_plain_block_until_ready_of_string():
    return _b23_block_until_ready_of_string()


@mistake("tuple index out of range")
def r23_plain_debug_print_missing_placeholder_arg():
    return _b23_debug_print_missing_placeholder_arg()


@mistake("named_scope name argument must be a string.")
def r23_plain_named_scope_not_string():
    return _b23_named_scope_not_string()


# ---------------------------------------------------------------------------------------------
# lmap


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r23_lmap_jit_static_numpy_array():
    return lax.map(lambda _: _keep23(_b23_jit_static_numpy_array()), jnp.zeros(2))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r23_lmap_jit_static_argnames_list_value():
    return lax.map(lambda _: _keep23(_b23_jit_static_argnames_list_value()), jnp.zeros(2))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r23_lmap_jit_static_dict_value():
    return lax.map(lambda _: _keep23(_b23_jit_static_dict_value()), jnp.zeros(2))


@mistake(
    "static_argnames and donate_argnames cannot intersect. Argument names {'n'} appear in both"
)
def r23_lmap_jit_donate_and_static_same():
    return lax.map(lambda _: _keep23(_b23_jit_donate_and_static_same()), jnp.zeros(2))


@mistake("Mismatch details (1 found):")
def r23_lmap_jit_out_shardings_tree_extra():
    return lax.map(lambda _: _keep23(_b23_jit_out_shardings_tree_extra()), jnp.zeros(2))


@mistake(
    "pjit in_shardings specification must be a tree prefix of the positional arguments tuple. I"
)
def r23_lmap_jit_in_shardings_too_few():
    return lax.map(lambda _: _keep23(_b23_jit_in_shardings_too_few()), jnp.zeros(2))


@mistake("Mismatch details (1 found):")
def r23_lmap_jit_out_shardings_dict_keys():
    return lax.map(lambda _: _keep23(_b23_jit_out_shardings_dict_keys()), jnp.zeros(2))


@mistake(
    "Cannot apply JAX transformations to a function lowered and compiled for a particular signa"
)
def r23_lmap_jit_compiled_wrong_shape():
    return lax.map(lambda _: _keep23(_b23_jit_compiled_wrong_shape()), jnp.zeros(2))


@mistake(
    "Cannot apply JAX transformations to a function lowered and compiled for a particular signa"
)
def r23_lmap_jit_compiled_wrong_dtype():
    return lax.map(lambda _: _keep23(_b23_jit_compiled_wrong_dtype()), jnp.zeros(2))


@mistake(
    "Function compiled with input pytree does not match the input pytree it was called with. Th"
)
def r23_lmap_jit_compiled_extra_argument():
    return lax.map(lambda _: _keep23(_b23_jit_compiled_extra_argument()), jnp.zeros(2))


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (JitTracer(~int32[]),)"
)
def r23_lmap_jit_traced_shape_argument():
    return lax.map(lambda _: _keep23(_b23_jit_traced_shape_argument()), jnp.zeros(2))


@mistake("The __index__() method was called on traced array with shape int32[]")
def r23_lmap_jit_traced_range():
    return lax.map(lambda _: _keep23(_b23_jit_traced_range()), jnp.zeros(2))


@mistake("The __index__() method was called on traced array with shape int32[]")
def r23_lmap_jit_traced_index_list():
    return lax.map(lambda _: _keep23(_b23_jit_traced_index_list()), jnp.zeros(2))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r23_lmap_vmap_in_axes_float():
    return lax.map(lambda _: _keep23(_b23_vmap_in_axes_float()), jnp.zeros(2))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r23_lmap_vmap_out_axes_pair_for_single():
    return lax.map(lambda _: _keep23(_b23_vmap_out_axes_pair_for_single()), jnp.zeros(2))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r23_lmap_vmap_axis_size_disagrees():
    return lax.map(lambda _: _keep23(_b23_vmap_axis_size_disagrees()), jnp.zeros(2))


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r23_lmap_vmap_all_none_without_size():
    return lax.map(lambda _: _keep23(_b23_vmap_all_none_without_size()), jnp.zeros(2))


@mistake("Found an unbound axis name: j. To fix this, please call psum under `jax.shard_map`.")
def r23_lmap_vmap_psum_other_name():
    return lax.map(lambda _: _keep23(_b23_vmap_psum_other_name()), jnp.zeros(2))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r23_lmap_vmap_out_axes_too_large():
    return lax.map(lambda _: _keep23(_b23_vmap_out_axes_too_large()), jnp.zeros(2))


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r23_lmap_vmap_in_axes_dict_keys():
    return lax.map(lambda _: _keep23(_b23_vmap_in_axes_dict_keys()), jnp.zeros(2))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r23_lmap_vmap_of_python_scalar():
    return lax.map(lambda _: _keep23(_b23_vmap_of_python_scalar()), jnp.zeros(2))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r23_lmap_grad_bool_input():
    return lax.map(lambda _: _keep23(_b23_grad_bool_input()), jnp.zeros(2))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r23_lmap_grad_int_list_input():
    return lax.map(lambda _: _keep23(_b23_grad_int_list_input()), jnp.zeros(2))


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but g"
)
def r23_lmap_jacfwd_int_input():
    return lax.map(lambda _: _keep23(_b23_jacfwd_int_input()), jnp.zeros(2))


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but g"
)
def r23_lmap_hessian_int_input():
    return lax.map(lambda _: _keep23(_b23_hessian_int_input()), jnp.zeros(2))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r23_lmap_value_and_grad_int_input():
    return lax.map(lambda _: _keep23(_b23_value_and_grad_int_input()), jnp.zeros(2))


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r23_lmap_grad_int_output():
    return lax.map(lambda _: _keep23(_b23_grad_int_output()), jnp.zeros(2))


@mistake(
    "Positional argument indices, e.g. for `static_argnums`, must have value greater than or eq"
)
def r23_lmap_grad_argnums_negative_out_of_range():
    return lax.map(lambda _: _keep23(_b23_grad_argnums_negative_out_of_range()), jnp.zeros(2))


@mistake(
    "unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float32[3], but e"
)
def r23_lmap_vjp_cotangent_wrong_shape():
    return lax.map(lambda _: _keep23(_b23_vjp_cotangent_wrong_shape()), jnp.zeros(2))


@mistake(
    "unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float16[4], but e"
)
def r23_lmap_vjp_cotangent_wrong_dtype():
    return lax.map(lambda _: _keep23(_b23_vjp_cotangent_wrong_dtype()), jnp.zeros(2))


@mistake(
    "jvp called with different primal and tangent shapes;Got primal shape (4,) and tangent shap"
)
def r23_lmap_jvp_tangent_wrong_shape():
    return lax.map(lambda _: _keep23(_b23_jvp_tangent_wrong_shape()), jnp.zeros(2))


@mistake(
    "primal and tangent arguments to jax.jvp must be tuples or lists; found ArrayImpl and Array"
)
def r23_lmap_jvp_primals_not_tuple():
    return lax.map(lambda _: _keep23(_b23_jvp_primals_not_tuple()), jnp.zeros(2))


@mistake(
    "linearized function called on tangent values inconsistent with the original primal values:"
)
def r23_lmap_linearize_tangent_wrong_shape():
    return lax.map(lambda _: _keep23(_b23_linearize_tangent_wrong_shape()), jnp.zeros(2))


@mistake(
    "jacrev requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but"
)
def r23_lmap_jacrev_int_output():
    return lax.map(lambda _: _keep23(_b23_jacrev_int_output()), jnp.zeros(2))


@mistake("No JVP defined for custom_jvp function <lambda> using defjvp.")
def r23_lmap_custom_jvp_without_rule():
    return lax.map(lambda _: _keep23(_b23_custom_jvp_without_rule()), jnp.zeros(2))


@mistake("No VJP defined for custom_vjp function <lambda> using defvjp.")
def r23_lmap_custom_vjp_without_rule():
    return lax.map(lambda _: _keep23(_b23_custom_vjp_without_rule()), jnp.zeros(2))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r23_lmap_custom_jvp_tangent_int():
    return lax.map(lambda _: _keep23(_b23_custom_jvp_tangent_int()), jnp.zeros(2))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r23_lmap_custom_jvp_tangent_shape():
    return lax.map(lambda _: _keep23(_b23_custom_jvp_tangent_shape()), jnp.zeros(2))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r23_lmap_custom_vjp_bwd_not_tuple():
    return lax.map(lambda _: _keep23(_b23_custom_vjp_bwd_not_tuple()), jnp.zeros(2))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r23_lmap_custom_vjp_bwd_too_many():
    return lax.map(lambda _: _keep23(_b23_custom_vjp_bwd_too_many()), jnp.zeros(2))


@mistake(
    "Custom VJP bwd rule must produce an output with the same type as the args tuple of the pri"
)
def r23_lmap_custom_vjp_bwd_wrong_shape():
    return lax.map(lambda _: _keep23(_b23_custom_vjp_bwd_wrong_shape()), jnp.zeros(2))


@mistake(
    "Custom VJP fwd rule <lambda> for function <lambda> must produce a pair (list or tuple of l"
)
def r23_lmap_custom_vjp_fwd_not_pair():
    return lax.map(lambda _: _keep23(_b23_custom_vjp_fwd_not_pair()), jnp.zeros(2))


@mistake(
    "Custom JVP rule <lambda> for function <lambda> must produce a pair (list or tuple of lengt"
)
def r23_lmap_custom_jvp_rule_single_output():
    return lax.map(lambda _: _keep23(_b23_custom_jvp_rule_single_output()), jnp.zeros(2))


@mistake(
    "shard_map applied to the function '<lambda>' was given an in_specs entry which is too long"
)
def r23_lmap_smap_in_spec_too_long():
    return lax.map(lambda _: _keep23(_b23_smap_in_spec_too_long()), jnp.zeros(2))


@mistake(
    "Found an unbound axis name: y. To fix this, please call axis_index under `jax.shard_map`."
)
def r23_lmap_smap_axis_index_unknown():
    return lax.map(lambda _: _keep23(_b23_smap_axis_index_unknown()), jnp.zeros(2))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r23_lmap_smap_all_gather_axis_out_of_range():
    return lax.map(lambda _: _keep23(_b23_smap_all_gather_axis_out_of_range()), jnp.zeros(2))


@mistake("tiled reduce_scatter operand scatter dimension size 3 must be divisible by shard_count 2")
def r23_lmap_smap_psum_scatter_not_divisible():
    return lax.map(lambda _: _keep23(_b23_smap_psum_scatter_not_divisible()), jnp.zeros(2))


@mistake("tuple index out of range")
def r23_lmap_smap_all_to_all_bad_split_axis():
    return lax.map(lambda _: _keep23(_b23_smap_all_to_all_bad_split_axis()), jnp.zeros(2))


@mistake()
def r23_lmap_smap_ppermute_out_of_range():
    return lax.map(lambda _: _keep23(_b23_smap_ppermute_out_of_range()), jnp.zeros(2))


@mistake(
    "shard_map out_specs argument must refer to an axis marked as manual (frozenset({'x'})), bu"
)
def r23_lmap_smap_out_specs_unknown_axis():
    return lax.map(lambda _: _keep23(_b23_smap_out_specs_unknown_axis()), jnp.zeros(2))


@mistake("pytree structure error: different types at key path")
def r23_lmap_smap_in_specs_list_for_one():
    return lax.map(lambda _: _keep23(_b23_smap_in_specs_list_for_one()), jnp.zeros(2))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_lmap_reshard_spec_too_long():
    return lax.map(lambda _: _keep23(_b23_reshard_spec_too_long()), jnp.zeros(2))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_lmap_full_out_sharding_unknown_axis():
    return lax.map(lambda _: _keep23(_b23_full_out_sharding_unknown_axis()), jnp.zeros(2))


@mistake("Expected mesh of type `jax.sharding.Mesh`. Got <class '")
def r23_lmap_set_mesh_of_spec():
    return lax.map(lambda _: _keep23(_b23_set_mesh_of_spec()), jnp.zeros(2))


@mistake()
def r23_lmap_reshard_sharding_other_mesh_not_divisible():
    return lax.map(
        lambda _: _keep23(_b23_reshard_sharding_other_mesh_not_divisible()), jnp.zeros(2)
    )


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_lmap_einsum_out_sharding_unknown_axis():
    return lax.map(lambda _: _keep23(_b23_einsum_out_sharding_unknown_axis()), jnp.zeros(2))


@mistake("add does not accept dtypes key<fry>, int32.")
def r23_lmap_key_plus_int():
    return lax.map(lambda _: _keep23(_b23_key_plus_int()), jnp.zeros(2))


@mistake("Cannot call abstract method astype")
def r23_lmap_key_astype_uint32():
    return lax.map(lambda _: _keep23(_b23_key_astype_uint32()), jnp.zeros(2))


@mistake("dtype argument to `bits` must be an unsigned int dtype, got float32")
def r23_lmap_bits_float_dtype():
    return lax.map(lambda _: _keep23(_b23_bits_float_dtype()), jnp.zeros(2))


@mistake("randint only accepts integer dtypes, got float32")
def r23_lmap_randint_float_dtype():
    return lax.map(lambda _: _keep23(_b23_randint_float_dtype()), jnp.zeros(2))


@mistake(
    "key accepts a scalar seed, but was given an array of shape (2,) != (). Use jax.vmap for ba"
)
def r23_lmap_key_seed_vector():
    return lax.map(lambda _: _keep23(_b23_key_seed_vector()), jnp.zeros(2))


@mistake("dtype argument to `gumbel` must be a float dtype, got int32")
def r23_lmap_gumbel_int_dtype():
    return lax.map(lambda _: _keep23(_b23_gumbel_int_dtype()), jnp.zeros(2))


@mistake("dtype argument to `laplace` must be a float dtype, got int32")
def r23_lmap_laplace_int_dtype():
    return lax.map(lambda _: _keep23(_b23_laplace_int_dtype()), jnp.zeros(2))


@mistake()
def r23_lmap_key_data_of_uint_array():
    return lax.map(lambda _: _keep23(_b23_key_data_of_uint_array()), jnp.zeros(2))


@mistake('unrecognized PRNG implementation "nope". Did you mean one of:')
def r23_lmap_key_impl_unknown():
    return lax.map(lambda _: _keep23(_b23_key_impl_unknown()), jnp.zeros(2))


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r23_lmap_split_typed_key_batch_in_normal():
    return lax.map(lambda _: _keep23(_b23_split_typed_key_batch_in_normal()), jnp.zeros(2))


@mistake()
def r23_lmap_raw_key_in_key_data():
    return lax.map(lambda _: _keep23(_b23_raw_key_in_key_data()), jnp.zeros(2))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r23_lmap_fori_body_drops_carry_entry():
    return lax.map(lambda _: _keep23(_b23_fori_body_drops_carry_entry()), jnp.zeros(2))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r23_lmap_while_cond_vector():
    return lax.map(lambda _: _keep23(_b23_while_cond_vector()), jnp.zeros(2))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r23_lmap_scan_xs_leading_mismatch():
    return lax.map(lambda _: _keep23(_b23_scan_xs_leading_mismatch()), jnp.zeros(2))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r23_lmap_scan_length_disagrees():
    return lax.map(lambda _: _keep23(_b23_scan_length_disagrees()), jnp.zeros(2))


@mistake("cond branches must have equal output types but they differ.")
def r23_lmap_cond_branch_dtypes():
    return lax.map(lambda _: _keep23(_b23_cond_branch_dtypes()), jnp.zeros(2))


@mistake("Empty branch sequence")
def r23_lmap_switch_no_branches():
    return lax.map(lambda _: _keep23(_b23_switch_no_branches()), jnp.zeros(2))


@mistake(
    "while_loop body function carry input and carry output must have equal types, but they diff"
)
def r23_lmap_while_body_changes_dtype():
    return lax.map(lambda _: _keep23(_b23_while_body_changes_dtype()), jnp.zeros(2))


@mistake()
def r23_lmap_scan_carry_dtype_changes():
    return lax.map(lambda _: _keep23(_b23_scan_carry_dtype_changes()), jnp.zeros(2))


@mistake("All input arrays must have the same shape. Got (2,), (3,).")
def r23_lmap_stack_shapes():
    return lax.map(lambda _: _keep23(_b23_stack_shapes()), jnp.zeros(2))


@mistake("Argument to inv must have shape [..., n, n], got (2, 3).")
def r23_lmap_inv_not_square():
    return lax.map(lambda _: _keep23(_b23_inv_not_square()), jnp.zeros(2))


@mistake(
    "inconsistent size for core dimension 'm': 4 vs 3 on vectorized function with excluded=froz"
)
def r23_lmap_solve_mismatch():
    return lax.map(lambda _: _keep23(_b23_solve_mismatch()), jnp.zeros(2))


@mistake(
    "jnp.pad: pad_width with nd=1 has unsupported shape (2, 2). Valid shapes are (1, 2), (1, 2)"
)
def r23_lmap_pad_width_too_long():
    return lax.map(lambda _: _keep23(_b23_pad_width_too_long()), jnp.zeros(2))


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0, 1)"
)
def r23_lmap_moveaxis_repeated():
    return lax.map(lambda _: _keep23(_b23_moveaxis_repeated()), jnp.zeros(2))


@mistake("indices and arr must have the same number of dimensions; 1 vs. 2")
def r23_lmap_take_along_axis_rank():
    return lax.map(lambda _: _keep23(_b23_take_along_axis_rank()), jnp.zeros(2))


@mistake("Number of einsum subscripts, 2, must be equal to the number of operands, 1.")
def r23_lmap_einsum_operand_count():
    return lax.map(lambda _: _keep23(_b23_einsum_operand_count()), jnp.zeros(2))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r23_lmap_cumsum_axis_out_of_range():
    return lax.map(lambda _: _keep23(_b23_cumsum_axis_out_of_range()), jnp.zeros(2))


@mistake()
def r23_lmap_roll_shift_axis_lengths():
    return lax.map(lambda _: _keep23(_b23_roll_shift_axis_lengths()), jnp.zeros(2))


@mistake("a should be 1-dimensional")
def r23_lmap_searchsorted_2d():
    return lax.map(lambda _: _keep23(_b23_searchsorted_2d()), jnp.zeros(2))


@mistake(
    "and does not accept dtype float32 at position 0. Accepted dtypes at position 0 are subtype"
)
def r23_lmap_bitwise_and_float():
    return lax.map(lambda _: _keep23(_b23_bitwise_and_float()), jnp.zeros(2))


@mistake("pytree structure error: different pytree metadata at key path")
def r23_lmap_tree_map_dict_keys():
    return lax.map(lambda _: _keep23(_b23_tree_map_dict_keys()), jnp.zeros(2))


@mistake("Too few leaves for PyTreeDef; expected 3, got 2")
def r23_lmap_tree_unflatten_too_few():
    return lax.map(lambda _: _keep23(_b23_tree_unflatten_too_few()), jnp.zeros(2))


@mistake("pytree structure error: different lengths of list at key path")
def r23_lmap_tree_map_list_lengths():
    return lax.map(lambda _: _keep23(_b23_tree_map_list_lengths()), jnp.zeros(2))


@mistake(
    "Function to be exported must be the result of `jit` but is: <function _b23_export_not_jitt"
)
def r23_lmap_export_not_jitted():
    return lax.map(lambda _: _keep23(_b23_export_not_jitted()), jnp.zeros(2))


@mistake(
    "syntax error in symbolic shape 'a +' in dimension 0: expecting one of {NAME, MINUS, NUMBER"
)
def r23_lmap_symbolic_shape_bad_grammar():
    return lax.map(lambda _: _keep23(_b23_symbolic_shape_bad_grammar()), jnp.zeros(2))


@mistake(
    "Shape mismatch for args[0].shape[0] (expected same constant): expected (4,) and called wit"
)
def r23_lmap_export_call_wrong_shape():
    return lax.map(lambda _: _keep23(_b23_export_call_wrong_shape()), jnp.zeros(2))


@mistake()
def r23_lmap_pure_callback_pair_for_one():
    return lax.map(lambda _: _keep23(_b23_pure_callback_pair_for_one()), jnp.zeros(2))


@mistake()
def r23_lmap_pure_callback_wrong_rank():
    return lax.map(lambda _: _keep23(_b23_pure_callback_wrong_rank()), jnp.zeros(2))


@mistake("'int' object has no attribute 'dtype'")
def r23_lmap_pure_callback_shape_dtype_not_struct():
    return lax.map(lambda _: _keep23(_b23_pure_callback_shape_dtype_not_struct()), jnp.zeros(2))


@mistake()
def r23_lmap_make_mesh_product():
    return lax.map(lambda _: _keep23(_b23_make_mesh_product()), jnp.zeros(2))


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r23_lmap_make_mesh_names_length():
    return lax.map(lambda _: _keep23(_b23_make_mesh_names_length()), jnp.zeros(2))


@mistake()
def r23_lmap_make_mesh_duplicate_names():
    return lax.map(lambda _: _keep23(_b23_make_mesh_duplicate_names()), jnp.zeros(2))


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r23_lmap_mesh_names_fewer_than_dims():
    return lax.map(lambda _: _keep23(_b23_mesh_names_fewer_than_dims()), jnp.zeros(2))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r23_lmap_named_sharding_unknown_axis():
    return lax.map(lambda _: _keep23(_b23_named_sharding_unknown_axis()), jnp.zeros(2))


@mistake(
    "with_sharding_constraint requires a non-empty mesh in context if you are passing `Partitio"
)
def r23_lmap_constraint_rank_in_jit():
    return lax.map(lambda _: _keep23(_b23_constraint_rank_in_jit()), jnp.zeros(2))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_lmap_explicit_reshape_merges_sharded():
    return lax.map(lambda _: _keep23(_b23_explicit_reshape_merges_sharded()), jnp.zeros(2))


@mistake("tuple index out of range")
def r23_lmap_explicit_typeof_spec_index():
    return lax.map(lambda _: _keep23(_b23_explicit_typeof_spec_index()), jnp.zeros(2))


@mistake("Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to device_put")
def r23_lmap_explicit_device_put_spec_without_mesh():
    return lax.map(lambda _: _keep23(_b23_explicit_device_put_spec_without_mesh()), jnp.zeros(2))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_lmap_explicit_axes_with_auto_in_out():
    return lax.map(lambda _: _keep23(_b23_explicit_axes_with_auto_in_out()), jnp.zeros(2))


@mistake(
    "Number of axis names should match the number of axis_types. Got axis_names=('x', 'y') and"
)
def r23_lmap_make_mesh_axis_types_one_for_two():
    return lax.map(lambda _: _keep23(_b23_make_mesh_axis_types_one_for_two()), jnp.zeros(2))


@mistake()
def r23_lmap_make_mesh_shape_not_ints():
    return lax.map(lambda _: _keep23(_b23_make_mesh_shape_not_ints()), jnp.zeros(2))


@mistake("Number of devices 4 must be >= the product of mesh_shape (2, 4)")
def r23_lmap_make_mesh_devices_too_few():
    return lax.map(lambda _: _keep23(_b23_make_mesh_devices_too_few()), jnp.zeros(2))


@mistake()
def r23_lmap_abstract_mesh_shape_names_lengths():
    return lax.map(lambda _: _keep23(_b23_abstract_mesh_shape_names_lengths()), jnp.zeros(2))


@mistake(
    "jax.shard_map requires axis_names=frozenset({'z'}) to be a subset of mesh.axis_names=froze"
)
def r23_lmap_smap_axis_names_unknown():
    return lax.map(lambda _: _keep23(_b23_smap_axis_names_unknown()), jnp.zeros(2))


@mistake("The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh context")
def r23_lmap_smap_mesh_missing():
    return lax.map(lambda _: _keep23(_b23_smap_mesh_missing()), jnp.zeros(2))


@mistake(
    "shard_map in_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances, bu"
)
def r23_lmap_smap_in_specs_not_spec():
    return lax.map(lambda _: _keep23(_b23_smap_in_specs_not_spec()), jnp.zeros(2))


@mistake()
def r23_lmap_smap_body_returns_more():
    return lax.map(lambda _: _keep23(_b23_smap_body_returns_more()), jnp.zeros(2))


@mistake("unbound axis name: y")
def r23_lmap_smap_all_gather_unknown_axis():
    return lax.map(lambda _: _keep23(_b23_smap_all_gather_unknown_axis()), jnp.zeros(2))


@mistake(
    "pmap in_axes must be an int, None, or (nested) container with those types as leaves, but g"
)
def r23_lmap_pmap_in_axes_float():
    return lax.map(lambda _: _keep23(_b23_pmap_in_axes_float()), jnp.zeros(2))


@mistake(
    "k argument to top_k must be no larger than size along axis; got k=5 with shape=[3] and axi"
)
def r23_lmap_lax_top_k_too_big():
    return lax.map(lambda _: _keep23(_b23_lax_top_k_too_big()), jnp.zeros(2))


@mistake("num_keys=3 must be between 1 and len(operand)=2")
def r23_lmap_lax_sort_num_keys_too_many():
    return lax.map(lambda _: _keep23(_b23_lax_sort_num_keys_too_many()), jnp.zeros(2))


@mistake(
    "dynamic_update_slice update must have the same rank as operand, got update shape (2,) for"
)
def r23_lmap_lax_dynamic_update_slice_rank():
    return lax.map(lambda _: _keep23(_b23_lax_dynamic_update_slice_rank()), jnp.zeros(2))


@mistake("Length of slice indices must match number of operand dimensions (1 vs (3, 3))")
def r23_lmap_lax_dynamic_slice_index_count():
    return lax.map(lambda _: _keep23(_b23_lax_dynamic_slice_index_count()), jnp.zeros(2))


@mistake(
    "reduce_window got the wrong number of window_dimensions for operand: got operand shape (4,"
)
def r23_lmap_lax_reduce_window_dims_length():
    return lax.map(lambda _: _keep23(_b23_lax_reduce_window_dims_length()), jnp.zeros(2))


@mistake(
    "conv_general_dilated feature_group_count must divide lhs feature dimension size, but 2 doe"
)
def r23_lmap_lax_conv_feature_group_count():
    return lax.map(lambda _: _keep23(_b23_lax_conv_feature_group_count()), jnp.zeros(2))


@mistake(
    "length of padding_config must equal the number of axes of operand, got padding_config ((1,"
)
def r23_lmap_lax_pad_config_length():
    return lax.map(lambda _: _keep23(_b23_lax_pad_config_length()), jnp.zeros(2))


@mistake(
    "broadcast_in_dim operand dimension sizes must either be 1, or be equal to their correspond"
)
def r23_lmap_lax_broadcast_in_dim_wrong():
    return lax.map(lambda _: _keep23(_b23_lax_broadcast_in_dim_wrong()), jnp.zeros(2))


@mistake(
    "lax.concatenate requires arguments to have the same dtypes, got float32, int32. (Tip: jnp."
)
def r23_lmap_lax_concatenate_dtypes():
    return lax.map(lambda _: _keep23(_b23_lax_concatenate_dtypes()), jnp.zeros(2))


@mistake(
    "rev dimensions must all be less than operand ndim, got dimensions (2,) for operand ndim 2."
)
def r23_lmap_lax_rev_dims_out_of_range():
    return lax.map(lambda _: _keep23(_b23_lax_rev_dims_out_of_range()), jnp.zeros(2))


@mistake("axis 1 is out of bounds for array of shape (3,)")
def r23_lmap_lax_cumsum_axis_out_of_range():
    return lax.map(lambda _: _keep23(_b23_lax_cumsum_axis_out_of_range()), jnp.zeros(2))


@mistake("Invalid axis 1 for operand shape (3,)")
def r23_lmap_lax_argmax_axis_out_of_range():
    return lax.map(lambda _: _keep23(_b23_lax_argmax_axis_out_of_range()), jnp.zeros(2))


@mistake("select `which` must be boolean or integer type, got float32.")
def r23_lmap_lax_select_pred_float():
    return lax.map(lambda _: _keep23(_b23_lax_select_pred_float()), jnp.zeros(2))


@mistake(
    "clamp requires min.shape == operand.shape or min.shape == (), got min.shape=(2,), operand."
)
def r23_lmap_lax_clamp_shapes():
    return lax.map(lambda _: _keep23(_b23_lax_clamp_shapes()), jnp.zeros(2))


@mistake("data type 'floaty' not understood")
def r23_lmap_lax_convert_element_type_string():
    return lax.map(lambda _: _keep23(_b23_lax_convert_element_type_string()), jnp.zeros(2))


@mistake("add got incompatible shapes for broadcasting: (2, 3), (3, 2).")
def r23_lmap_jnp_cholesky_not_square():
    return lax.map(lambda _: _keep23(_b23_jnp_cholesky_not_square()), jnp.zeros(2))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r23_lmap_jnp_histogram_bins_traced():
    return lax.map(lambda _: _keep23(_b23_jnp_histogram_bins_traced()), jnp.zeros(2))


@mistake(
    "inconsistent size for core dimension 'n': 4 vs 3 on vectorized function with excluded=froz"
)
def r23_lmap_jnp_vectorize_signature_mismatch():
    return lax.map(lambda _: _keep23(_b23_jnp_vectorize_signature_mismatch()), jnp.zeros(2))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r23_lmap_jnp_fft_axes_out_of_range():
    return lax.map(lambda _: _keep23(_b23_jnp_fft_axes_out_of_range()), jnp.zeros(2))


@mistake("diag input must be 1d or 2d")
def r23_lmap_jnp_diag_of_3d():
    return lax.map(lambda _: _keep23(_b23_jnp_diag_of_3d()), jnp.zeros(2))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r23_lmap_jnp_trace_of_1d():
    return lax.map(lambda _: _keep23(_b23_jnp_trace_of_1d()), jnp.zeros(2))


@mistake("outer() got an unexpected keyword argument 'axis'")
def r23_lmap_jnp_outer_keyword_axis():
    return lax.map(lambda _: _keep23(_b23_jnp_outer_keyword_axis()), jnp.zeros(2))


@mistake("Valid values for indexing are 'xy' and 'ij', got ik")
def r23_lmap_jnp_meshgrid_indexing():
    return lax.map(lambda _: _keep23(_b23_jnp_meshgrid_indexing()), jnp.zeros(2))


@mistake("'order' argument to argsort is not supported.")
def r23_lmap_jnp_argsort_kind_order():
    return lax.map(lambda _: _keep23(_b23_jnp_argsort_kind_order()), jnp.zeros(2))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r23_lmap_jnp_unique_in_jit():
    return lax.map(lambda _: _keep23(_b23_jnp_unique_in_jit()), jnp.zeros(2))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r23_lmap_jnp_where_one_arg_in_jit():
    return lax.map(lambda _: _keep23(_b23_jnp_where_one_arg_in_jit()), jnp.zeros(2))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (np.float64(4.5),).")
def r23_lmap_jnp_tile_float_reps():
    return lax.map(lambda _: _keep23(_b23_jnp_tile_float_reps()), jnp.zeros(2))


@mistake(
    "setting an array element with a sequence. The requested array has an inhomogeneous shape a"
)
def r23_lmap_jnp_array_ragged():
    return lax.map(lambda _: _keep23(_b23_jnp_array_ragged()), jnp.zeros(2))


@mistake("data type 'floaty' not understood")
def r23_lmap_jnp_astype_unknown_dtype():
    return lax.map(lambda _: _keep23(_b23_jnp_astype_unknown_dtype()), jnp.zeros(2))


@mistake("mul got incompatible shapes for broadcasting: (4,), (2,).")
def r23_lmap_checkpoint_static_argnums_array():
    return lax.map(lambda _: _keep23(_b23_checkpoint_static_argnums_array()), jnp.zeros(2))


@mistake("'int' object has no attribute '__name__'")
def r23_lmap_named_call_not_callable():
    return lax.map(lambda _: _keep23(_b23_named_call_not_callable()), jnp.zeros(2))


@mistake("Error interpreting argument to <function _b23_eval_shape_of_string.<locals>.<lambda> at")
def r23_lmap_eval_shape_of_string():
    return lax.map(lambda _: _keep23(_b23_eval_shape_of_string()), jnp.zeros(2))


@mistake("data type 'floaty' not understood")
def r23_lmap_shape_dtype_struct_bad_dtype():
    return lax.map(lambda _: _keep23(_b23_shape_dtype_struct_bad_dtype()), jnp.zeros(2))


@mistake("Argument 'abc' of type <class 'str'> is not a valid JAX type")
def r23_lmap_stop_gradient_of_string():
    return lax.map(lambda _: _keep23(_b23_stop_gradient_of_string()), jnp.zeros(2))


@mistake()
def r23_lmap_custom_jvp_nondiff_argnums_array_traced():
    return lax.map(lambda _: _keep23(_b23_custom_jvp_nondiff_argnums_array_traced()), jnp.zeros(2))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r23_lmap_custom_vjp_bwd_none_for_float():
    return lax.map(lambda _: _keep23(_b23_custom_vjp_bwd_none_for_float()), jnp.zeros(2))


@mistake("add got incompatible shapes for broadcasting: (3*floordiv(n, 3) + 1,), (n,).")
def r23_lmap_export_symbolic_in_jnp_zeros():
    return lax.map(lambda _: _keep23(_b23_export_symbolic_in_jnp_zeros()), jnp.zeros(2))


@mistake()
def r23_lmap_export_platforms_unknown():
    return lax.map(lambda _: _keep23(_b23_export_platforms_unknown()), jnp.zeros(2))


@mistake("Cannot interpret 'key<fry>' as a data type")
def r23_lmap_random_key_in_jnp_sum():
    return lax.map(lambda _: _keep23(_b23_random_key_in_jnp_sum()), jnp.zeros(2))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r23_lmap_random_uniform_shape_float():
    return lax.map(lambda _: _keep23(_b23_random_uniform_shape_float()), jnp.zeros(2))


@mistake()
def r23_lmap_random_fold_in_float():
    return lax.map(lambda _: _keep23(_b23_random_fold_in_float()), jnp.zeros(2))


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (np.int64(2),)]")
def r23_lmap_random_categorical_int_logits_shape():
    return lax.map(lambda _: _keep23(_b23_random_categorical_int_logits_shape()), jnp.zeros(2))


@mistake(
    "multivariate_normal requires cov.shape == (..., n, n) for n=2, but got cov.shape == (3, 3)"
)
def r23_lmap_random_multivariate_normal_cov_shape():
    return lax.map(lambda _: _keep23(_b23_random_multivariate_normal_cov_shape()), jnp.zeros(2))


@mistake()
def r23_lmap_random_key_data_in_key_op():
    return lax.map(lambda _: _keep23(_b23_random_key_data_in_key_op()), jnp.zeros(2))


@mistake(
    "shard_map applied to the function '<lambda>' was given out_specs which require replication"
)
def r23_lmap_smap_check_vma_psum_of_invariant_out_varying():
    return lax.map(
        lambda _: _keep23(_b23_smap_check_vma_psum_of_invariant_out_varying()), jnp.zeros(2)
    )


@mistake("axis 0 is out of bounds for array of dimension 0")
def r23_lmap_smap_all_gather_of_scalar():
    return lax.map(lambda _: _keep23(_b23_smap_all_gather_of_scalar()), jnp.zeros(2))


@mistake("pytree structure error: different types at key path")
def r23_lmap_smap_out_specs_dict_for_tuple():
    return lax.map(lambda _: _keep23(_b23_smap_out_specs_dict_for_tuple()), jnp.zeros(2))


@mistake(
    "shard_map in_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances, bu"
)
def r23_lmap_smap_in_specs_int():
    return lax.map(lambda _: _keep23(_b23_smap_in_specs_int()), jnp.zeros(2))


@mistake("unbound axis name: y")
def r23_lmap_smap_axis_size_in_body_unknown():
    return lax.map(lambda _: _keep23(_b23_smap_axis_size_in_body_unknown()), jnp.zeros(2))


@mistake("tuple index out of range")
def r23_lmap_smap_psum_scatter_scatter_dimension():
    return lax.map(lambda _: _keep23(_b23_smap_psum_scatter_scatter_dimension()), jnp.zeros(2))


@mistake(
    "The context mesh AbstractMesh('x': 2, axis_types=(Manual,), device_kind=cpu, num_cores=Non"
)
def r23_lmap_smap_nested_same_axis():
    return lax.map(lambda _: _keep23(_b23_smap_nested_same_axis()), jnp.zeros(2))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_lmap_explicit_mul_shardings_broadcast_2d():
    return lax.map(lambda _: _keep23(_b23_explicit_mul_shardings_broadcast_2d()), jnp.zeros(2))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_lmap_explicit_sum_out_sharding_unknown():
    return lax.map(lambda _: _keep23(_b23_explicit_sum_out_sharding_unknown()), jnp.zeros(2))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_lmap_explicit_reshard_to_auto_mesh_sharding():
    return lax.map(lambda _: _keep23(_b23_explicit_reshard_to_auto_mesh_sharding()), jnp.zeros(2))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_lmap_explicit_zeros_like_out_sharding_unknown():
    return lax.map(lambda _: _keep23(_b23_explicit_zeros_like_out_sharding_unknown()), jnp.zeros(2))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_lmap_explicit_arange_out_sharding_not_divisible():
    return lax.map(
        lambda _: _keep23(_b23_explicit_arange_out_sharding_not_divisible()), jnp.zeros(2)
    )


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_lmap_explicit_concat_sharded_axis():
    return lax.map(lambda _: _keep23(_b23_explicit_concat_sharded_axis()), jnp.zeros(2))


@mistake("Expected mesh of type `jax.sharding.AbstractMesh`. Got type: <class '")
def r23_lmap_use_abstract_mesh_of_mesh():
    return lax.map(lambda _: _keep23(_b23_use_abstract_mesh_of_mesh()), jnp.zeros(2))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_lmap_get_abstract_mesh_axis_unknown():
    return lax.map(lambda _: _keep23(_b23_get_abstract_mesh_axis_unknown()), jnp.zeros(2))


@mistake()
def r23_lmap_key_array_shape_key_data_mixup():
    return lax.map(lambda _: _keep23(_b23_key_array_shape_key_data_mixup()), jnp.zeros(2))


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion.")
def r23_lmap_key_in_jnp_where():
    return lax.map(lambda _: _keep23(_b23_key_in_jnp_where()), jnp.zeros(2))


@mistake("equal does not accept dtypes key<fry>, int32.")
def r23_lmap_key_compare_with_int():
    return lax.map(lambda _: _keep23(_b23_key_compare_with_int()), jnp.zeros(2))


@mistake("multiply does not accept dtypes key<fry>, float32.")
def r23_lmap_key_array_float_multiply():
    return lax.map(lambda _: _keep23(_b23_key_array_float_multiply()), jnp.zeros(2))


@mistake(
    "split accepts a single key, but was given a key array of shape (2, 2) != (). Use jax.vmap"
)
def r23_lmap_raw_keys_split_2d():
    return lax.map(lambda _: _keep23(_b23_raw_keys_split_2d()), jnp.zeros(2))


@mistake("has no attribute 'shuffle'")
def r23_lmap_random_shuffle_removed():
    return lax.map(lambda _: _keep23(_b23_random_shuffle_removed()), jnp.zeros(2))


@mistake("mul got incompatible shapes for broadcasting: (3,), (2,).")
def r23_lmap_random_uniform_minval_maxval_shapes():
    return lax.map(lambda _: _keep23(_b23_random_uniform_minval_maxval_shapes()), jnp.zeros(2))


@mistake()
def r23_lmap_random_randint_shape_scalar_int():
    return lax.map(lambda _: _keep23(_b23_random_randint_shape_scalar_int()), jnp.zeros(2))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (2,), (3,)]")
def r23_lmap_random_truncated_normal_bounds_shape():
    return lax.map(lambda _: _keep23(_b23_random_truncated_normal_bounds_shape()), jnp.zeros(2))


@mistake("Invalid integer data type 'f'.")
def r23_lmap_random_poisson_float_dtype():
    return lax.map(lambda _: _keep23(_b23_random_poisson_float_dtype()), jnp.zeros(2))


@mistake("dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0")
def r23_lmap_random_dirichlet_alpha_scalar():
    return lax.map(lambda _: _keep23(_b23_random_dirichlet_alpha_scalar()), jnp.zeros(2))


@mistake("Invalid mixing of symbolic scopes for linear combination.")
def r23_lmap_export_symbolic_shape_two_dims_same_scope_mix():
    return lax.map(
        lambda _: _keep23(_b23_export_symbolic_shape_two_dims_same_scope_mix()), jnp.zeros(2)
    )


@mistake("Symbolic dimension comparison 'a' > '2' is inconclusive.")
def r23_lmap_export_symbolic_compare_inconclusive():
    return lax.map(lambda _: _keep23(_b23_export_symbolic_compare_inconclusive()), jnp.zeros(2))


@mistake("Dtype mismatch for args[0]: expected float32 and called with int32")
def r23_lmap_export_call_wrong_dtype():
    return lax.map(lambda _: _keep23(_b23_export_call_wrong_dtype()), jnp.zeros(2))


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '<"
)
def r23_lmap_export_call_wrong_count():
    return lax.map(lambda _: _keep23(_b23_export_call_wrong_count()), jnp.zeros(2))


@mistake(
    "Cannot divide evenly the sizes of shapes (n,) and (3, -1). The remainder mod(n, - 3) shoul"
)
def r23_lmap_export_symbolic_reshape_not_divisible():
    return lax.map(lambda _: _keep23(_b23_export_symbolic_reshape_not_divisible()), jnp.zeros(2))


@mistake("Mismatch")
def r23_lmap_tree_transpose_wrong_outer():
    return lax.map(lambda _: _keep23(_b23_tree_transpose_wrong_outer()), jnp.zeros(2))


@mistake("pytree structure error: different types at key path")
def r23_lmap_tree_map_none_vs_leaf():
    return lax.map(lambda _: _keep23(_b23_tree_map_none_vs_leaf()), jnp.zeros(2))


@mistake()
def r23_lmap_tree_flatten_with_path_then_unflatten_paths():
    return lax.map(
        lambda _: _keep23(_b23_tree_flatten_with_path_then_unflatten_paths()), jnp.zeros(2)
    )


@mistake("'list' object has no attribute 'unflatten'")
def r23_lmap_tree_structure_compare_to_list():
    return lax.map(lambda _: _keep23(_b23_tree_structure_compare_to_list()), jnp.zeros(2))


@mistake()
def r23_lmap_register_static_then_leaf_array():
    return lax.map(lambda _: _keep23(_b23_register_static_then_leaf_array()), jnp.zeros(2))


@mistake("Incompatible types for broadcasting: input type=float32[4] and requested type=float32[3]")
def r23_lmap_at_set_shape_mismatch():
    return lax.map(lambda _: _keep23(_b23_at_set_shape_mismatch()), jnp.zeros(2))


@mistake('Unknown gather mode "nope"')
def r23_lmap_at_get_mode_unknown():
    return lax.map(lambda _: _keep23(_b23_at_get_mode_unknown()), jnp.zeros(2))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r23_lmap_at_float_index():
    return lax.map(lambda _: _keep23(_b23_at_float_index()), jnp.zeros(2))


@mistake("Cannot broadcast to shape with fewer dimensions: arr_shape=(2,) shape=()")
def r23_lmap_at_add_tuple_value():
    return lax.map(lambda _: _keep23(_b23_at_add_tuple_value()), jnp.zeros(2))


@mistake(
    "Using a non-tuple sequence for multidimensional indexing is not allowed; use `arr[tuple(se"
)
def r23_lmap_index_with_list_of_lists_ragged():
    return lax.map(lambda _: _keep23(_b23_index_with_list_of_lists_ragged()), jnp.zeros(2))


@mistake("Too many indices: array is 1-dimensional, but 2 were indexed")
def r23_lmap_index_too_many():
    return lax.map(lambda _: _keep23(_b23_index_too_many()), jnp.zeros(2))


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r23_lmap_index_float_array():
    return lax.map(lambda _: _keep23(_b23_index_float_array()), jnp.zeros(2))


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment. Instead of x[idx] ="
)
def r23_lmap_array_set_item():
    return lax.map(lambda _: _keep23(_b23_array_set_item()), jnp.zeros(2))


@mistake()
def r23_lmap_jnp_float64_request_without_x64():
    return lax.map(lambda _: _keep23(_b23_jnp_float64_request_without_x64()), jnp.zeros(2))


@mistake("Value '<object object at")
def r23_lmap_jnp_array_object_dtype():
    return lax.map(lambda _: _keep23(_b23_jnp_array_object_dtype()), jnp.zeros(2))


@mistake(
    "Value '1.0' with dtype <U3 is not a valid JAX array type. Only arrays of numeric types are"
)
def r23_lmap_jnp_asarray_string():
    return lax.map(lambda _: _keep23(_b23_jnp_asarray_string()), jnp.zeros(2))


@mistake("Number of samples, -2, must be non-negative.")
def r23_lmap_jnp_linspace_num_negative():
    return lax.map(lambda _: _keep23(_b23_jnp_linspace_num_negative()), jnp.zeros(2))


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (2.5,). argument of 'N"
)
def r23_lmap_jnp_eye_float_n():
    return lax.map(lambda _: _keep23(_b23_jnp_eye_float_n()), jnp.zeros(2))


@mistake(
    "Incompatible types for broadcasting: input type=float32[3] and requested type=float32[2,2]"
)
def r23_lmap_jnp_full_fill_shape():
    return lax.map(lambda _: _keep23(_b23_jnp_full_fill_shape()), jnp.zeros(2))


@mistake("matmul input operand 1 must have ndim at least 1, but it has ndim 0")
def r23_lmap_jnp_matmul_scalar():
    return lax.map(lambda _: _keep23(_b23_jnp_matmul_scalar()), jnp.zeros(2))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r23_lmap_jnp_tensordot_axes_mismatch():
    return lax.map(lambda _: _keep23(_b23_jnp_tensordot_axes_mismatch()), jnp.zeros(2))


@mistake(
    "'kind' argument to sort is not supported. Use stable=True or stable=False to specify sort"
)
def r23_lmap_jnp_sort_axis_none_kind():
    return lax.map(lambda _: _keep23(_b23_jnp_sort_axis_none_kind()), jnp.zeros(2))


@mistake("method can only be 'linear', 'lower', 'higher', 'midpoint', 'nearest' or 'inverted_cdf'")
def r23_lmap_jnp_percentile_method_unknown():
    return lax.map(lambda _: _keep23(_b23_jnp_percentile_method_unknown()), jnp.zeros(2))


@mistake("reshape() got an unexpected keyword argument 'newshape'")
def r23_lmap_jnp_reshape_newshape_keyword():
    return lax.map(lambda _: _keep23(_b23_jnp_reshape_newshape_keyword()), jnp.zeros(2))


@mistake()
def r23_lmap_jnp_split_indices_float():
    return lax.map(lambda _: _keep23(_b23_jnp_split_indices_float()), jnp.zeros(2))


@mistake("nan_to_num() got an unexpected keyword argument 'bogus'")
def r23_lmap_jnp_nan_to_num_keyword():
    return lax.map(lambda _: _keep23(_b23_jnp_nan_to_num_keyword()), jnp.zeros(2))


@mistake()
def r23_lmap_lax_fori_loop_float_bounds():
    return lax.map(lambda _: _keep23(_b23_lax_fori_loop_float_bounds()), jnp.zeros(2))


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r23_lmap_lax_while_body_returns_tuple_for_scalar():
    return lax.map(lambda _: _keep23(_b23_lax_while_body_returns_tuple_for_scalar()), jnp.zeros(2))


@mistake()
def r23_lmap_lax_cond_operands_keyword():
    return lax.map(lambda _: _keep23(_b23_lax_cond_operands_keyword()), jnp.zeros(2))


@mistake("Branch index must be scalar, got JitTracer(int32[2]) of shape (2,).")
def r23_lmap_lax_switch_index_array():
    return lax.map(lambda _: _keep23(_b23_lax_switch_index_array()), jnp.zeros(2))


@mistake("scan got value with no leading axis to scan over: 3.0.")
def r23_lmap_lax_scan_xs_scalar():
    return lax.map(lambda _: _keep23(_b23_lax_scan_xs_scalar()), jnp.zeros(2))


@mistake("scan got value with no leading axis to scan over: 3.0.")
def r23_lmap_lax_map_over_scalar():
    return lax.map(lambda _: _keep23(_b23_lax_map_over_scalar()), jnp.zeros(2))


@mistake("Array inputs to associative_scan must have the same first dimension. (saw: [(3,), (4,)])")
def r23_lmap_lax_associative_scan_lengths():
    return lax.map(lambda _: _keep23(_b23_lax_associative_scan_lengths()), jnp.zeros(2))


@mistake("check takes a scalar pred as argument, got [0. 1. 2. 3.]")
def r23_lmap_checkify_check_non_bool():
    return lax.map(lambda _: _keep23(_b23_checkify_check_non_bool()), jnp.zeros(2))


@mistake()
def r23_lmap_checkify_errors_unknown():
    return lax.map(lambda _: _keep23(_b23_checkify_errors_unknown()), jnp.zeros(2))


@mistake("tuple index out of range")
def r23_lmap_custom_vjp_nondiff_argnums_out_of_range():
    return lax.map(lambda _: _keep23(_b23_custom_vjp_nondiff_argnums_out_of_range()), jnp.zeros(2))


@mistake("safe_zip() argument 1 has length 2 but argument 0 has length 1. All lengths: (1, 2)")
def r23_lmap_custom_jvp_defjvps_too_many():
    return lax.map(lambda _: _keep23(_b23_custom_jvp_defjvps_too_many()), jnp.zeros(2))


@mistake(
    "The input arguments to the custom_vjp-decorated function <lambda> could not be resolved to"
)
def r23_lmap_custom_vjp_called_with_kwargs_wrong():
    return lax.map(lambda _: _keep23(_b23_custom_vjp_called_with_kwargs_wrong()), jnp.zeros(2))


@mistake(
    "expected function with aux output to return a two-element tuple, but got type <class 'tupl"
)
def r23_lmap_grad_has_aux_three_tuple():
    return lax.map(lambda _: _keep23(_b23_grad_has_aux_three_tuple()), jnp.zeros(2))


@mistake("reduce_axes argument to grad is deprecated")
def r23_lmap_grad_reduce_axes_keyword():
    return lax.map(lambda _: _keep23(_b23_grad_reduce_axes_keyword()), jnp.zeros(2))


@mistake(
    "Positional argument indices, e.g. for `static_argnums`, must have value greater than or eq"
)
def r23_lmap_jacrev_argnums_tuple_out_of_range():
    return lax.map(lambda _: _keep23(_b23_jacrev_argnums_tuple_out_of_range()), jnp.zeros(2))


@mistake()
def r23_lmap_vmap_in_axes_tuple_too_short_kwargs():
    return lax.map(lambda _: _keep23(_b23_vmap_in_axes_tuple_too_short_kwargs()), jnp.zeros(2))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_lmap_vmap_spmd_axis_name_unknown():
    return lax.map(lambda _: _keep23(_b23_vmap_spmd_axis_name_unknown()), jnp.zeros(2))


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r23_lmap_jit_donate_argnums_out_of_range():
    return lax.map(lambda _: _keep23(_b23_jit_donate_argnums_out_of_range()), jnp.zeros(2))


@mistake("'float' object is not iterable")
def r23_lmap_jit_static_argnums_float():
    return lax.map(lambda _: _keep23(_b23_jit_static_argnums_float()), jnp.zeros(2))


@mistake(
    "jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to in_shardin"
)
def r23_lmap_jit_in_shardings_spec_without_mesh():
    return lax.map(lambda _: _keep23(_b23_jit_in_shardings_spec_without_mesh()), jnp.zeros(2))


@mistake(
    "out_shardings leaf specifications are expected to be PartitionSpec instances or None, but"
)
def r23_lmap_jit_out_shardings_int():
    return lax.map(lambda _: _keep23(_b23_jit_out_shardings_int()), jnp.zeros(2))


@mistake("'Lowered' object is not callable")
def r23_lmap_jit_lower_then_call_lowered():
    return lax.map(lambda _: _keep23(_b23_jit_lower_then_call_lowered()), jnp.zeros(2))


@mistake("'Traced' object has no attribute 'compile'")
def r23_lmap_jit_trace_then_compile():
    return lax.map(lambda _: _keep23(_b23_jit_trace_then_compile()), jnp.zeros(2))


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `ja"
)
def r23_lmap_device_put_device_index():
    return lax.map(lambda _: _keep23(_b23_device_put_device_index()), jnp.zeros(2))


@mistake("device_put device specification must be a tree prefix of the corresponding value;")
def r23_lmap_device_put_list_of_shardings_mismatch():
    return lax.map(lambda _: _keep23(_b23_device_put_list_of_shardings_mismatch()), jnp.zeros(2))


@mistake(
    "Expected 2 per-device arrays (this is how many devices are addressable by the sharding), b"
)
def r23_lmap_make_array_from_single_device_arrays_shape():
    return lax.map(
        lambda _: _keep23(_b23_make_array_from_single_device_arrays_shape()), jnp.zeros(2)
    )


@mistake()
def r23_lmap_block_until_ready_of_string():
    return lax.map(lambda _: _keep23(_b23_block_until_ready_of_string()), jnp.zeros(2))


@mistake("tuple index out of range")
def r23_lmap_debug_print_missing_placeholder_arg():
    return lax.map(lambda _: _keep23(_b23_debug_print_missing_placeholder_arg()), jnp.zeros(2))


@mistake("named_scope name argument must be a string.")
def r23_lmap_named_scope_not_string():
    return lax.map(lambda _: _keep23(_b23_named_scope_not_string()), jnp.zeros(2))


# ---------------------------------------------------------------------------------------------
# jvp


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r23_jvp_jit_static_numpy_array():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_static_numpy_array()), (1.0,), (1.0,))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r23_jvp_jit_static_argnames_list_value():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_static_argnames_list_value()), (1.0,), (1.0,))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r23_jvp_jit_static_dict_value():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_static_dict_value()), (1.0,), (1.0,))


@mistake(
    "static_argnames and donate_argnames cannot intersect. Argument names {'n'} appear in both"
)
def r23_jvp_jit_donate_and_static_same():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_donate_and_static_same()), (1.0,), (1.0,))


@mistake("Mismatch details (1 found):")
def r23_jvp_jit_out_shardings_tree_extra():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_out_shardings_tree_extra()), (1.0,), (1.0,))


@mistake(
    "pjit in_shardings specification must be a tree prefix of the positional arguments tuple. I"
)
def r23_jvp_jit_in_shardings_too_few():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_in_shardings_too_few()), (1.0,), (1.0,))


@mistake("Mismatch details (1 found):")
def r23_jvp_jit_out_shardings_dict_keys():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_out_shardings_dict_keys()), (1.0,), (1.0,))


@mistake(
    "Argument types differ from the types for which this computation was compiled. Perhaps you"
)
def r23_jvp_jit_compiled_wrong_shape():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_compiled_wrong_shape()), (1.0,), (1.0,))


@mistake(
    "Argument types differ from the types for which this computation was compiled. Perhaps you"
)
def r23_jvp_jit_compiled_wrong_dtype():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_compiled_wrong_dtype()), (1.0,), (1.0,))


@mistake(
    "Function compiled with input pytree does not match the input pytree it was called with. Th"
)
def r23_jvp_jit_compiled_extra_argument():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_compiled_extra_argument()), (1.0,), (1.0,))


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (JitTracer(~int32[]),)"
)
def r23_jvp_jit_traced_shape_argument():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_traced_shape_argument()), (1.0,), (1.0,))


@mistake("The __index__() method was called on traced array with shape int32[]")
def r23_jvp_jit_traced_range():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_traced_range()), (1.0,), (1.0,))


@mistake("The __index__() method was called on traced array with shape int32[]")
def r23_jvp_jit_traced_index_list():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_traced_index_list()), (1.0,), (1.0,))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r23_jvp_vmap_in_axes_float():
    return jax.jvp(lambda t: t + _keep23(_b23_vmap_in_axes_float()), (1.0,), (1.0,))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r23_jvp_vmap_out_axes_pair_for_single():
    return jax.jvp(lambda t: t + _keep23(_b23_vmap_out_axes_pair_for_single()), (1.0,), (1.0,))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r23_jvp_vmap_axis_size_disagrees():
    return jax.jvp(lambda t: t + _keep23(_b23_vmap_axis_size_disagrees()), (1.0,), (1.0,))


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r23_jvp_vmap_all_none_without_size():
    return jax.jvp(lambda t: t + _keep23(_b23_vmap_all_none_without_size()), (1.0,), (1.0,))


@mistake("Found an unbound axis name: j. To fix this, please call psum under `jax.shard_map`.")
def r23_jvp_vmap_psum_other_name():
    return jax.jvp(lambda t: t + _keep23(_b23_vmap_psum_other_name()), (1.0,), (1.0,))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r23_jvp_vmap_out_axes_too_large():
    return jax.jvp(lambda t: t + _keep23(_b23_vmap_out_axes_too_large()), (1.0,), (1.0,))


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r23_jvp_vmap_in_axes_dict_keys():
    return jax.jvp(lambda t: t + _keep23(_b23_vmap_in_axes_dict_keys()), (1.0,), (1.0,))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r23_jvp_vmap_of_python_scalar():
    return jax.jvp(lambda t: t + _keep23(_b23_vmap_of_python_scalar()), (1.0,), (1.0,))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r23_jvp_grad_bool_input():
    return jax.jvp(lambda t: t + _keep23(_b23_grad_bool_input()), (1.0,), (1.0,))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r23_jvp_grad_int_list_input():
    return jax.jvp(lambda t: t + _keep23(_b23_grad_int_list_input()), (1.0,), (1.0,))


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but g"
)
def r23_jvp_jacfwd_int_input():
    return jax.jvp(lambda t: t + _keep23(_b23_jacfwd_int_input()), (1.0,), (1.0,))


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but g"
)
def r23_jvp_hessian_int_input():
    return jax.jvp(lambda t: t + _keep23(_b23_hessian_int_input()), (1.0,), (1.0,))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r23_jvp_value_and_grad_int_input():
    return jax.jvp(lambda t: t + _keep23(_b23_value_and_grad_int_input()), (1.0,), (1.0,))


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r23_jvp_grad_int_output():
    return jax.jvp(lambda t: t + _keep23(_b23_grad_int_output()), (1.0,), (1.0,))


@mistake(
    "Positional argument indices, e.g. for `static_argnums`, must have value greater than or eq"
)
def r23_jvp_grad_argnums_negative_out_of_range():
    return jax.jvp(lambda t: t + _keep23(_b23_grad_argnums_negative_out_of_range()), (1.0,), (1.0,))


@mistake(
    "unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float32[3], but e"
)
def r23_jvp_vjp_cotangent_wrong_shape():
    return jax.jvp(lambda t: t + _keep23(_b23_vjp_cotangent_wrong_shape()), (1.0,), (1.0,))


@mistake(
    "unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float16[4], but e"
)
def r23_jvp_vjp_cotangent_wrong_dtype():
    return jax.jvp(lambda t: t + _keep23(_b23_vjp_cotangent_wrong_dtype()), (1.0,), (1.0,))


@mistake(
    "jvp called with different primal and tangent shapes;Got primal shape (4,) and tangent shap"
)
def r23_jvp_jvp_tangent_wrong_shape():
    return jax.jvp(lambda t: t + _keep23(_b23_jvp_tangent_wrong_shape()), (1.0,), (1.0,))


@mistake(
    "primal and tangent arguments to jax.jvp must be tuples or lists; found ArrayImpl and Array"
)
def r23_jvp_jvp_primals_not_tuple():
    return jax.jvp(lambda t: t + _keep23(_b23_jvp_primals_not_tuple()), (1.0,), (1.0,))


@mistake(
    "linearized function called on tangent values inconsistent with the original primal values:"
)
def r23_jvp_linearize_tangent_wrong_shape():
    return jax.jvp(lambda t: t + _keep23(_b23_linearize_tangent_wrong_shape()), (1.0,), (1.0,))


@mistake(
    "jacrev requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but"
)
def r23_jvp_jacrev_int_output():
    return jax.jvp(lambda t: t + _keep23(_b23_jacrev_int_output()), (1.0,), (1.0,))


@mistake("No JVP defined for custom_jvp function <lambda> using defjvp.")
def r23_jvp_custom_jvp_without_rule():
    return jax.jvp(lambda t: t + _keep23(_b23_custom_jvp_without_rule()), (1.0,), (1.0,))


@mistake("No VJP defined for custom_vjp function <lambda> using defvjp.")
def r23_jvp_custom_vjp_without_rule():
    return jax.jvp(lambda t: t + _keep23(_b23_custom_vjp_without_rule()), (1.0,), (1.0,))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r23_jvp_custom_jvp_tangent_int():
    return jax.jvp(lambda t: t + _keep23(_b23_custom_jvp_tangent_int()), (1.0,), (1.0,))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r23_jvp_custom_jvp_tangent_shape():
    return jax.jvp(lambda t: t + _keep23(_b23_custom_jvp_tangent_shape()), (1.0,), (1.0,))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r23_jvp_custom_vjp_bwd_not_tuple():
    return jax.jvp(lambda t: t + _keep23(_b23_custom_vjp_bwd_not_tuple()), (1.0,), (1.0,))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r23_jvp_custom_vjp_bwd_too_many():
    return jax.jvp(lambda t: t + _keep23(_b23_custom_vjp_bwd_too_many()), (1.0,), (1.0,))


@mistake(
    "Custom VJP bwd rule must produce an output with the same type as the args tuple of the pri"
)
def r23_jvp_custom_vjp_bwd_wrong_shape():
    return jax.jvp(lambda t: t + _keep23(_b23_custom_vjp_bwd_wrong_shape()), (1.0,), (1.0,))


@mistake(
    "Custom VJP fwd rule <lambda> for function <lambda> must produce a pair (list or tuple of l"
)
def r23_jvp_custom_vjp_fwd_not_pair():
    return jax.jvp(lambda t: t + _keep23(_b23_custom_vjp_fwd_not_pair()), (1.0,), (1.0,))


@mistake(
    "Custom JVP rule <lambda> for function <lambda> must produce a pair (list or tuple of lengt"
)
def r23_jvp_custom_jvp_rule_single_output():
    return jax.jvp(lambda t: t + _keep23(_b23_custom_jvp_rule_single_output()), (1.0,), (1.0,))


@mistake(
    "shard_map applied to the function '<lambda>' was given an in_specs entry which is too long"
)
def r23_jvp_smap_in_spec_too_long():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_in_spec_too_long()), (1.0,), (1.0,))


@mistake(
    "Found an unbound axis name: y. To fix this, please call axis_index under `jax.shard_map`."
)
def r23_jvp_smap_axis_index_unknown():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_axis_index_unknown()), (1.0,), (1.0,))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r23_jvp_smap_all_gather_axis_out_of_range():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_all_gather_axis_out_of_range()), (1.0,), (1.0,))


@mistake("tiled reduce_scatter operand scatter dimension size 3 must be divisible by shard_count 2")
def r23_jvp_smap_psum_scatter_not_divisible():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_psum_scatter_not_divisible()), (1.0,), (1.0,))


@mistake("tuple index out of range")
def r23_jvp_smap_all_to_all_bad_split_axis():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_all_to_all_bad_split_axis()), (1.0,), (1.0,))


@mistake("list index out of range")
def r23_jvp_smap_ppermute_out_of_range():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_ppermute_out_of_range()), (1.0,), (1.0,))


@mistake(
    "shard_map out_specs argument must refer to an axis marked as manual (frozenset({'x'})), bu"
)
def r23_jvp_smap_out_specs_unknown_axis():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_out_specs_unknown_axis()), (1.0,), (1.0,))


@mistake("pytree structure error: different types at key path")
def r23_jvp_smap_in_specs_list_for_one():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_in_specs_list_for_one()), (1.0,), (1.0,))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_jvp_reshard_spec_too_long():
    return jax.jvp(lambda t: t + _keep23(_b23_reshard_spec_too_long()), (1.0,), (1.0,))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_jvp_full_out_sharding_unknown_axis():
    return jax.jvp(lambda t: t + _keep23(_b23_full_out_sharding_unknown_axis()), (1.0,), (1.0,))


@mistake("Expected mesh of type `jax.sharding.Mesh`. Got <class '")
def r23_jvp_set_mesh_of_spec():
    return jax.jvp(lambda t: t + _keep23(_b23_set_mesh_of_spec()), (1.0,), (1.0,))


@mistake()
def r23_jvp_reshard_sharding_other_mesh_not_divisible():
    return jax.jvp(
        lambda t: t + _keep23(_b23_reshard_sharding_other_mesh_not_divisible()), (1.0,), (1.0,)
    )


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_jvp_einsum_out_sharding_unknown_axis():
    return jax.jvp(lambda t: t + _keep23(_b23_einsum_out_sharding_unknown_axis()), (1.0,), (1.0,))


@mistake("add does not accept dtypes key<fry>, int32.")
def r23_jvp_key_plus_int():
    return jax.jvp(lambda t: t + _keep23(_b23_key_plus_int()), (1.0,), (1.0,))


@mistake("Cannot call abstract method astype")
def r23_jvp_key_astype_uint32():
    return jax.jvp(lambda t: t + _keep23(_b23_key_astype_uint32()), (1.0,), (1.0,))


@mistake("dtype argument to `bits` must be an unsigned int dtype, got float32")
def r23_jvp_bits_float_dtype():
    return jax.jvp(lambda t: t + _keep23(_b23_bits_float_dtype()), (1.0,), (1.0,))


@mistake("randint only accepts integer dtypes, got float32")
def r23_jvp_randint_float_dtype():
    return jax.jvp(lambda t: t + _keep23(_b23_randint_float_dtype()), (1.0,), (1.0,))


@mistake(
    "key accepts a scalar seed, but was given an array of shape (2,) != (). Use jax.vmap for ba"
)
def r23_jvp_key_seed_vector():
    return jax.jvp(lambda t: t + _keep23(_b23_key_seed_vector()), (1.0,), (1.0,))


@mistake("dtype argument to `gumbel` must be a float dtype, got int32")
def r23_jvp_gumbel_int_dtype():
    return jax.jvp(lambda t: t + _keep23(_b23_gumbel_int_dtype()), (1.0,), (1.0,))


@mistake("dtype argument to `laplace` must be a float dtype, got int32")
def r23_jvp_laplace_int_dtype():
    return jax.jvp(lambda t: t + _keep23(_b23_laplace_int_dtype()), (1.0,), (1.0,))


@mistake()
def r23_jvp_key_data_of_uint_array():
    return jax.jvp(lambda t: t + _keep23(_b23_key_data_of_uint_array()), (1.0,), (1.0,))


@mistake('unrecognized PRNG implementation "nope". Did you mean one of:')
def r23_jvp_key_impl_unknown():
    return jax.jvp(lambda t: t + _keep23(_b23_key_impl_unknown()), (1.0,), (1.0,))


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r23_jvp_split_typed_key_batch_in_normal():
    return jax.jvp(lambda t: t + _keep23(_b23_split_typed_key_batch_in_normal()), (1.0,), (1.0,))


@mistake()
def r23_jvp_raw_key_in_key_data():
    return jax.jvp(lambda t: t + _keep23(_b23_raw_key_in_key_data()), (1.0,), (1.0,))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r23_jvp_fori_body_drops_carry_entry():
    return jax.jvp(lambda t: t + _keep23(_b23_fori_body_drops_carry_entry()), (1.0,), (1.0,))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r23_jvp_while_cond_vector():
    return jax.jvp(lambda t: t + _keep23(_b23_while_cond_vector()), (1.0,), (1.0,))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r23_jvp_scan_xs_leading_mismatch():
    return jax.jvp(lambda t: t + _keep23(_b23_scan_xs_leading_mismatch()), (1.0,), (1.0,))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r23_jvp_scan_length_disagrees():
    return jax.jvp(lambda t: t + _keep23(_b23_scan_length_disagrees()), (1.0,), (1.0,))


@mistake("cond branches must have equal output types but they differ.")
def r23_jvp_cond_branch_dtypes():
    return jax.jvp(lambda t: t + _keep23(_b23_cond_branch_dtypes()), (1.0,), (1.0,))


@mistake("Empty branch sequence")
def r23_jvp_switch_no_branches():
    return jax.jvp(lambda t: t + _keep23(_b23_switch_no_branches()), (1.0,), (1.0,))


@mistake(
    "while_loop body function carry input and carry output must have equal types, but they diff"
)
def r23_jvp_while_body_changes_dtype():
    return jax.jvp(lambda t: t + _keep23(_b23_while_body_changes_dtype()), (1.0,), (1.0,))


@mistake()
def r23_jvp_scan_carry_dtype_changes():
    return jax.jvp(lambda t: t + _keep23(_b23_scan_carry_dtype_changes()), (1.0,), (1.0,))


@mistake("All input arrays must have the same shape. Got (2,), (3,).")
def r23_jvp_stack_shapes():
    return jax.jvp(lambda t: t + _keep23(_b23_stack_shapes()), (1.0,), (1.0,))


@mistake("Argument to inv must have shape [..., n, n], got (2, 3).")
def r23_jvp_inv_not_square():
    return jax.jvp(lambda t: t + _keep23(_b23_inv_not_square()), (1.0,), (1.0,))


@mistake(
    "inconsistent size for core dimension 'm': 4 vs 3 on vectorized function with excluded=froz"
)
def r23_jvp_solve_mismatch():
    return jax.jvp(lambda t: t + _keep23(_b23_solve_mismatch()), (1.0,), (1.0,))


@mistake(
    "jnp.pad: pad_width with nd=1 has unsupported shape (2, 2). Valid shapes are (1, 2), (1, 2)"
)
def r23_jvp_pad_width_too_long():
    return jax.jvp(lambda t: t + _keep23(_b23_pad_width_too_long()), (1.0,), (1.0,))


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0, 1)"
)
def r23_jvp_moveaxis_repeated():
    return jax.jvp(lambda t: t + _keep23(_b23_moveaxis_repeated()), (1.0,), (1.0,))


@mistake("indices and arr must have the same number of dimensions; 1 vs. 2")
def r23_jvp_take_along_axis_rank():
    return jax.jvp(lambda t: t + _keep23(_b23_take_along_axis_rank()), (1.0,), (1.0,))


@mistake("Number of einsum subscripts, 2, must be equal to the number of operands, 1.")
def r23_jvp_einsum_operand_count():
    return jax.jvp(lambda t: t + _keep23(_b23_einsum_operand_count()), (1.0,), (1.0,))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r23_jvp_cumsum_axis_out_of_range():
    return jax.jvp(lambda t: t + _keep23(_b23_cumsum_axis_out_of_range()), (1.0,), (1.0,))


@mistake()
def r23_jvp_roll_shift_axis_lengths():
    return jax.jvp(lambda t: t + _keep23(_b23_roll_shift_axis_lengths()), (1.0,), (1.0,))


@mistake("a should be 1-dimensional")
def r23_jvp_searchsorted_2d():
    return jax.jvp(lambda t: t + _keep23(_b23_searchsorted_2d()), (1.0,), (1.0,))


@mistake(
    "and does not accept dtype float32 at position 0. Accepted dtypes at position 0 are subtype"
)
def r23_jvp_bitwise_and_float():
    return jax.jvp(lambda t: t + _keep23(_b23_bitwise_and_float()), (1.0,), (1.0,))


@mistake("pytree structure error: different pytree metadata at key path")
def r23_jvp_tree_map_dict_keys():
    return jax.jvp(lambda t: t + _keep23(_b23_tree_map_dict_keys()), (1.0,), (1.0,))


@mistake("Too few leaves for PyTreeDef; expected 3, got 2")
def r23_jvp_tree_unflatten_too_few():
    return jax.jvp(lambda t: t + _keep23(_b23_tree_unflatten_too_few()), (1.0,), (1.0,))


@mistake("pytree structure error: different lengths of list at key path")
def r23_jvp_tree_map_list_lengths():
    return jax.jvp(lambda t: t + _keep23(_b23_tree_map_list_lengths()), (1.0,), (1.0,))


@mistake(
    "Function to be exported must be the result of `jit` but is: <function _b23_export_not_jitt"
)
def r23_jvp_export_not_jitted():
    return jax.jvp(lambda t: t + _keep23(_b23_export_not_jitted()), (1.0,), (1.0,))


@mistake(
    "syntax error in symbolic shape 'a +' in dimension 0: expecting one of {NAME, MINUS, NUMBER"
)
def r23_jvp_symbolic_shape_bad_grammar():
    return jax.jvp(lambda t: t + _keep23(_b23_symbolic_shape_bad_grammar()), (1.0,), (1.0,))


@mistake(
    "Shape mismatch for args[0].shape[0] (expected same constant): expected (4,) and called wit"
)
def r23_jvp_export_call_wrong_shape():
    return jax.jvp(lambda t: t + _keep23(_b23_export_call_wrong_shape()), (1.0,), (1.0,))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r23_jvp_pure_callback_pair_for_one():
    return jax.jvp(lambda t: t + _keep23(_b23_pure_callback_pair_for_one()), (1.0,), (1.0,))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r23_jvp_pure_callback_wrong_rank():
    return jax.jvp(lambda t: t + _keep23(_b23_pure_callback_wrong_rank()), (1.0,), (1.0,))


@mistake("'int' object has no attribute 'dtype'")
def r23_jvp_pure_callback_shape_dtype_not_struct():
    return jax.jvp(
        lambda t: t + _keep23(_b23_pure_callback_shape_dtype_not_struct()), (1.0,), (1.0,)
    )


@mistake()
def r23_jvp_make_mesh_product():
    return jax.jvp(lambda t: t + _keep23(_b23_make_mesh_product()), (1.0,), (1.0,))


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r23_jvp_make_mesh_names_length():
    return jax.jvp(lambda t: t + _keep23(_b23_make_mesh_names_length()), (1.0,), (1.0,))


@mistake()
def r23_jvp_make_mesh_duplicate_names():
    return jax.jvp(lambda t: t + _keep23(_b23_make_mesh_duplicate_names()), (1.0,), (1.0,))


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r23_jvp_mesh_names_fewer_than_dims():
    return jax.jvp(lambda t: t + _keep23(_b23_mesh_names_fewer_than_dims()), (1.0,), (1.0,))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r23_jvp_named_sharding_unknown_axis():
    return jax.jvp(lambda t: t + _keep23(_b23_named_sharding_unknown_axis()), (1.0,), (1.0,))


@mistake(
    "with_sharding_constraint requires a non-empty mesh in context if you are passing `Partitio"
)
def r23_jvp_constraint_rank_in_jit():
    return jax.jvp(lambda t: t + _keep23(_b23_constraint_rank_in_jit()), (1.0,), (1.0,))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_jvp_explicit_reshape_merges_sharded():
    return jax.jvp(lambda t: t + _keep23(_b23_explicit_reshape_merges_sharded()), (1.0,), (1.0,))


@mistake("tuple index out of range")
def r23_jvp_explicit_typeof_spec_index():
    return jax.jvp(lambda t: t + _keep23(_b23_explicit_typeof_spec_index()), (1.0,), (1.0,))


@mistake("Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to device_put")
def r23_jvp_explicit_device_put_spec_without_mesh():
    return jax.jvp(
        lambda t: t + _keep23(_b23_explicit_device_put_spec_without_mesh()), (1.0,), (1.0,)
    )


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_jvp_explicit_axes_with_auto_in_out():
    return jax.jvp(lambda t: t + _keep23(_b23_explicit_axes_with_auto_in_out()), (1.0,), (1.0,))


@mistake(
    "Number of axis names should match the number of axis_types. Got axis_names=('x', 'y') and"
)
def r23_jvp_make_mesh_axis_types_one_for_two():
    return jax.jvp(lambda t: t + _keep23(_b23_make_mesh_axis_types_one_for_two()), (1.0,), (1.0,))


@mistake()
def r23_jvp_make_mesh_shape_not_ints():
    return jax.jvp(lambda t: t + _keep23(_b23_make_mesh_shape_not_ints()), (1.0,), (1.0,))


@mistake("Number of devices 4 must be >= the product of mesh_shape (2, 4)")
def r23_jvp_make_mesh_devices_too_few():
    return jax.jvp(lambda t: t + _keep23(_b23_make_mesh_devices_too_few()), (1.0,), (1.0,))


@mistake()
def r23_jvp_abstract_mesh_shape_names_lengths():
    return jax.jvp(lambda t: t + _keep23(_b23_abstract_mesh_shape_names_lengths()), (1.0,), (1.0,))


@mistake(
    "jax.shard_map requires axis_names=frozenset({'z'}) to be a subset of mesh.axis_names=froze"
)
def r23_jvp_smap_axis_names_unknown():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_axis_names_unknown()), (1.0,), (1.0,))


@mistake("The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh context")
def r23_jvp_smap_mesh_missing():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_mesh_missing()), (1.0,), (1.0,))


@mistake(
    "shard_map in_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances, bu"
)
def r23_jvp_smap_in_specs_not_spec():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_in_specs_not_spec()), (1.0,), (1.0,))


@mistake()
def r23_jvp_smap_body_returns_more():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_body_returns_more()), (1.0,), (1.0,))


@mistake("unbound axis name: y")
def r23_jvp_smap_all_gather_unknown_axis():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_all_gather_unknown_axis()), (1.0,), (1.0,))


@mistake(
    "pmap in_axes must be an int, None, or (nested) container with those types as leaves, but g"
)
def r23_jvp_pmap_in_axes_float():
    return jax.jvp(lambda t: t + _keep23(_b23_pmap_in_axes_float()), (1.0,), (1.0,))


@mistake(
    "k argument to top_k must be no larger than size along axis; got k=5 with shape=[3] and axi"
)
def r23_jvp_lax_top_k_too_big():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_top_k_too_big()), (1.0,), (1.0,))


@mistake("num_keys=3 must be between 1 and len(operand)=2")
def r23_jvp_lax_sort_num_keys_too_many():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_sort_num_keys_too_many()), (1.0,), (1.0,))


@mistake(
    "dynamic_update_slice update must have the same rank as operand, got update shape (2,) for"
)
def r23_jvp_lax_dynamic_update_slice_rank():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_dynamic_update_slice_rank()), (1.0,), (1.0,))


@mistake("Length of slice indices must match number of operand dimensions (1 vs (3, 3))")
def r23_jvp_lax_dynamic_slice_index_count():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_dynamic_slice_index_count()), (1.0,), (1.0,))


@mistake(
    "reduce_window got the wrong number of window_dimensions for operand: got operand shape (4,"
)
def r23_jvp_lax_reduce_window_dims_length():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_reduce_window_dims_length()), (1.0,), (1.0,))


@mistake(
    "conv_general_dilated feature_group_count must divide lhs feature dimension size, but 2 doe"
)
def r23_jvp_lax_conv_feature_group_count():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_conv_feature_group_count()), (1.0,), (1.0,))


@mistake(
    "length of padding_config must equal the number of axes of operand, got padding_config ((1,"
)
def r23_jvp_lax_pad_config_length():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_pad_config_length()), (1.0,), (1.0,))


@mistake(
    "broadcast_in_dim operand dimension sizes must either be 1, or be equal to their correspond"
)
def r23_jvp_lax_broadcast_in_dim_wrong():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_broadcast_in_dim_wrong()), (1.0,), (1.0,))


@mistake(
    "lax.concatenate requires arguments to have the same dtypes, got float32, int32. (Tip: jnp."
)
def r23_jvp_lax_concatenate_dtypes():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_concatenate_dtypes()), (1.0,), (1.0,))


@mistake(
    "rev dimensions must all be less than operand ndim, got dimensions (2,) for operand ndim 2."
)
def r23_jvp_lax_rev_dims_out_of_range():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_rev_dims_out_of_range()), (1.0,), (1.0,))


@mistake("axis 1 is out of bounds for array of shape (3,)")
def r23_jvp_lax_cumsum_axis_out_of_range():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_cumsum_axis_out_of_range()), (1.0,), (1.0,))


@mistake("Invalid axis 1 for operand shape (3,)")
def r23_jvp_lax_argmax_axis_out_of_range():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_argmax_axis_out_of_range()), (1.0,), (1.0,))


@mistake("select `which` must be boolean or integer type, got float32.")
def r23_jvp_lax_select_pred_float():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_select_pred_float()), (1.0,), (1.0,))


@mistake(
    "clamp requires min.shape == operand.shape or min.shape == (), got min.shape=(2,), operand."
)
def r23_jvp_lax_clamp_shapes():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_clamp_shapes()), (1.0,), (1.0,))


@mistake("data type 'floaty' not understood")
def r23_jvp_lax_convert_element_type_string():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_convert_element_type_string()), (1.0,), (1.0,))


@mistake("add got incompatible shapes for broadcasting: (2, 3), (3, 2).")
def r23_jvp_jnp_cholesky_not_square():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_cholesky_not_square()), (1.0,), (1.0,))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r23_jvp_jnp_histogram_bins_traced():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_histogram_bins_traced()), (1.0,), (1.0,))


@mistake(
    "inconsistent size for core dimension 'n': 4 vs 3 on vectorized function with excluded=froz"
)
def r23_jvp_jnp_vectorize_signature_mismatch():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_vectorize_signature_mismatch()), (1.0,), (1.0,))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r23_jvp_jnp_fft_axes_out_of_range():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_fft_axes_out_of_range()), (1.0,), (1.0,))


@mistake("diag input must be 1d or 2d")
def r23_jvp_jnp_diag_of_3d():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_diag_of_3d()), (1.0,), (1.0,))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r23_jvp_jnp_trace_of_1d():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_trace_of_1d()), (1.0,), (1.0,))


@mistake("outer() got an unexpected keyword argument 'axis'")
def r23_jvp_jnp_outer_keyword_axis():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_outer_keyword_axis()), (1.0,), (1.0,))


@mistake("Valid values for indexing are 'xy' and 'ij', got ik")
def r23_jvp_jnp_meshgrid_indexing():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_meshgrid_indexing()), (1.0,), (1.0,))


@mistake("'order' argument to argsort is not supported.")
def r23_jvp_jnp_argsort_kind_order():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_argsort_kind_order()), (1.0,), (1.0,))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r23_jvp_jnp_unique_in_jit():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_unique_in_jit()), (1.0,), (1.0,))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r23_jvp_jnp_where_one_arg_in_jit():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_where_one_arg_in_jit()), (1.0,), (1.0,))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (np.float64(4.5),).")
def r23_jvp_jnp_tile_float_reps():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_tile_float_reps()), (1.0,), (1.0,))


@mistake(
    "setting an array element with a sequence. The requested array has an inhomogeneous shape a"
)
def r23_jvp_jnp_array_ragged():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_array_ragged()), (1.0,), (1.0,))


@mistake("data type 'floaty' not understood")
def r23_jvp_jnp_astype_unknown_dtype():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_astype_unknown_dtype()), (1.0,), (1.0,))


@mistake("mul got incompatible shapes for broadcasting: (4,), (2,).")
def r23_jvp_checkpoint_static_argnums_array():
    return jax.jvp(lambda t: t + _keep23(_b23_checkpoint_static_argnums_array()), (1.0,), (1.0,))


@mistake("'int' object has no attribute '__name__'")
def r23_jvp_named_call_not_callable():
    return jax.jvp(lambda t: t + _keep23(_b23_named_call_not_callable()), (1.0,), (1.0,))


@mistake("Error interpreting argument to <function _b23_eval_shape_of_string.<locals>.<lambda> at")
def r23_jvp_eval_shape_of_string():
    return jax.jvp(lambda t: t + _keep23(_b23_eval_shape_of_string()), (1.0,), (1.0,))


@mistake("data type 'floaty' not understood")
def r23_jvp_shape_dtype_struct_bad_dtype():
    return jax.jvp(lambda t: t + _keep23(_b23_shape_dtype_struct_bad_dtype()), (1.0,), (1.0,))


@mistake("Argument 'abc' of type <class 'str'> is not a valid JAX type")
def r23_jvp_stop_gradient_of_string():
    return jax.jvp(lambda t: t + _keep23(_b23_stop_gradient_of_string()), (1.0,), (1.0,))


@mistake()
def r23_jvp_custom_jvp_nondiff_argnums_array_traced():
    return jax.jvp(
        lambda t: t + _keep23(_b23_custom_jvp_nondiff_argnums_array_traced()), (1.0,), (1.0,)
    )


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r23_jvp_custom_vjp_bwd_none_for_float():
    return jax.jvp(lambda t: t + _keep23(_b23_custom_vjp_bwd_none_for_float()), (1.0,), (1.0,))


@mistake("add got incompatible shapes for broadcasting: (3*floordiv(n, 3) + 1,), (n,).")
def r23_jvp_export_symbolic_in_jnp_zeros():
    return jax.jvp(lambda t: t + _keep23(_b23_export_symbolic_in_jnp_zeros()), (1.0,), (1.0,))


@mistake()
def r23_jvp_export_platforms_unknown():
    return jax.jvp(lambda t: t + _keep23(_b23_export_platforms_unknown()), (1.0,), (1.0,))


@mistake("Cannot interpret 'key<fry>' as a data type")
def r23_jvp_random_key_in_jnp_sum():
    return jax.jvp(lambda t: t + _keep23(_b23_random_key_in_jnp_sum()), (1.0,), (1.0,))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r23_jvp_random_uniform_shape_float():
    return jax.jvp(lambda t: t + _keep23(_b23_random_uniform_shape_float()), (1.0,), (1.0,))


@mistake()
def r23_jvp_random_fold_in_float():
    return jax.jvp(lambda t: t + _keep23(_b23_random_fold_in_float()), (1.0,), (1.0,))


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (np.int64(2),)]")
def r23_jvp_random_categorical_int_logits_shape():
    return jax.jvp(
        lambda t: t + _keep23(_b23_random_categorical_int_logits_shape()), (1.0,), (1.0,)
    )


@mistake(
    "multivariate_normal requires cov.shape == (..., n, n) for n=2, but got cov.shape == (3, 3)"
)
def r23_jvp_random_multivariate_normal_cov_shape():
    return jax.jvp(
        lambda t: t + _keep23(_b23_random_multivariate_normal_cov_shape()), (1.0,), (1.0,)
    )


@mistake()
def r23_jvp_random_key_data_in_key_op():
    return jax.jvp(lambda t: t + _keep23(_b23_random_key_data_in_key_op()), (1.0,), (1.0,))


@mistake(
    "shard_map applied to the function '_rem_singleton' was given out_specs which require repli"
)
def r23_jvp_smap_check_vma_psum_of_invariant_out_varying():
    return jax.jvp(
        lambda t: t + _keep23(_b23_smap_check_vma_psum_of_invariant_out_varying()), (1.0,), (1.0,)
    )


@mistake("axis 0 is out of bounds for array of dimension 0")
def r23_jvp_smap_all_gather_of_scalar():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_all_gather_of_scalar()), (1.0,), (1.0,))


@mistake("pytree structure error: different types at key path")
def r23_jvp_smap_out_specs_dict_for_tuple():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_out_specs_dict_for_tuple()), (1.0,), (1.0,))


@mistake(
    "shard_map in_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances, bu"
)
def r23_jvp_smap_in_specs_int():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_in_specs_int()), (1.0,), (1.0,))


@mistake("unbound axis name: y")
def r23_jvp_smap_axis_size_in_body_unknown():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_axis_size_in_body_unknown()), (1.0,), (1.0,))


@mistake("tuple index out of range")
def r23_jvp_smap_psum_scatter_scatter_dimension():
    return jax.jvp(
        lambda t: t + _keep23(_b23_smap_psum_scatter_scatter_dimension()), (1.0,), (1.0,)
    )


@mistake(
    "The context mesh AbstractMesh('x': 2, axis_types=(Manual,), device_kind=cpu, num_cores=Non"
)
def r23_jvp_smap_nested_same_axis():
    return jax.jvp(lambda t: t + _keep23(_b23_smap_nested_same_axis()), (1.0,), (1.0,))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_jvp_explicit_mul_shardings_broadcast_2d():
    return jax.jvp(
        lambda t: t + _keep23(_b23_explicit_mul_shardings_broadcast_2d()), (1.0,), (1.0,)
    )


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_jvp_explicit_sum_out_sharding_unknown():
    return jax.jvp(lambda t: t + _keep23(_b23_explicit_sum_out_sharding_unknown()), (1.0,), (1.0,))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_jvp_explicit_reshard_to_auto_mesh_sharding():
    return jax.jvp(
        lambda t: t + _keep23(_b23_explicit_reshard_to_auto_mesh_sharding()), (1.0,), (1.0,)
    )


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_jvp_explicit_zeros_like_out_sharding_unknown():
    return jax.jvp(
        lambda t: t + _keep23(_b23_explicit_zeros_like_out_sharding_unknown()), (1.0,), (1.0,)
    )


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_jvp_explicit_arange_out_sharding_not_divisible():
    return jax.jvp(
        lambda t: t + _keep23(_b23_explicit_arange_out_sharding_not_divisible()), (1.0,), (1.0,)
    )


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_jvp_explicit_concat_sharded_axis():
    return jax.jvp(lambda t: t + _keep23(_b23_explicit_concat_sharded_axis()), (1.0,), (1.0,))


@mistake("Expected mesh of type `jax.sharding.AbstractMesh`. Got type: <class '")
def r23_jvp_use_abstract_mesh_of_mesh():
    return jax.jvp(lambda t: t + _keep23(_b23_use_abstract_mesh_of_mesh()), (1.0,), (1.0,))


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_jvp_get_abstract_mesh_axis_unknown():
    return jax.jvp(lambda t: t + _keep23(_b23_get_abstract_mesh_axis_unknown()), (1.0,), (1.0,))


@mistake()
def r23_jvp_key_array_shape_key_data_mixup():
    return jax.jvp(lambda t: t + _keep23(_b23_key_array_shape_key_data_mixup()), (1.0,), (1.0,))


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion.")
def r23_jvp_key_in_jnp_where():
    return jax.jvp(lambda t: t + _keep23(_b23_key_in_jnp_where()), (1.0,), (1.0,))


@mistake("equal does not accept dtypes key<fry>, int32.")
def r23_jvp_key_compare_with_int():
    return jax.jvp(lambda t: t + _keep23(_b23_key_compare_with_int()), (1.0,), (1.0,))


@mistake("multiply does not accept dtypes key<fry>, float32.")
def r23_jvp_key_array_float_multiply():
    return jax.jvp(lambda t: t + _keep23(_b23_key_array_float_multiply()), (1.0,), (1.0,))


@mistake(
    "split accepts a single key, but was given a key array of shape (2, 2) != (). Use jax.vmap"
)
def r23_jvp_raw_keys_split_2d():
    return jax.jvp(lambda t: t + _keep23(_b23_raw_keys_split_2d()), (1.0,), (1.0,))


@mistake("has no attribute 'shuffle'")
def r23_jvp_random_shuffle_removed():
    return jax.jvp(lambda t: t + _keep23(_b23_random_shuffle_removed()), (1.0,), (1.0,))


@mistake("mul got incompatible shapes for broadcasting: (3,), (2,).")
def r23_jvp_random_uniform_minval_maxval_shapes():
    return jax.jvp(
        lambda t: t + _keep23(_b23_random_uniform_minval_maxval_shapes()), (1.0,), (1.0,)
    )


@mistake()
def r23_jvp_random_randint_shape_scalar_int():
    return jax.jvp(lambda t: t + _keep23(_b23_random_randint_shape_scalar_int()), (1.0,), (1.0,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (2,), (3,)]")
def r23_jvp_random_truncated_normal_bounds_shape():
    return jax.jvp(
        lambda t: t + _keep23(_b23_random_truncated_normal_bounds_shape()), (1.0,), (1.0,)
    )


@mistake("Invalid integer data type 'f'.")
def r23_jvp_random_poisson_float_dtype():
    return jax.jvp(lambda t: t + _keep23(_b23_random_poisson_float_dtype()), (1.0,), (1.0,))


@mistake("dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0")
def r23_jvp_random_dirichlet_alpha_scalar():
    return jax.jvp(lambda t: t + _keep23(_b23_random_dirichlet_alpha_scalar()), (1.0,), (1.0,))


@mistake("Invalid mixing of symbolic scopes for linear combination.")
def r23_jvp_export_symbolic_shape_two_dims_same_scope_mix():
    return jax.jvp(
        lambda t: t + _keep23(_b23_export_symbolic_shape_two_dims_same_scope_mix()), (1.0,), (1.0,)
    )


@mistake("Symbolic dimension comparison 'a' > '2' is inconclusive.")
def r23_jvp_export_symbolic_compare_inconclusive():
    return jax.jvp(
        lambda t: t + _keep23(_b23_export_symbolic_compare_inconclusive()), (1.0,), (1.0,)
    )


@mistake("Dtype mismatch for args[0]: expected float32 and called with int32")
def r23_jvp_export_call_wrong_dtype():
    return jax.jvp(lambda t: t + _keep23(_b23_export_call_wrong_dtype()), (1.0,), (1.0,))


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '<"
)
def r23_jvp_export_call_wrong_count():
    return jax.jvp(lambda t: t + _keep23(_b23_export_call_wrong_count()), (1.0,), (1.0,))


@mistake(
    "Cannot divide evenly the sizes of shapes (n,) and (3, -1). The remainder mod(n, - 3) shoul"
)
def r23_jvp_export_symbolic_reshape_not_divisible():
    return jax.jvp(
        lambda t: t + _keep23(_b23_export_symbolic_reshape_not_divisible()), (1.0,), (1.0,)
    )


@mistake("Mismatch")
def r23_jvp_tree_transpose_wrong_outer():
    return jax.jvp(lambda t: t + _keep23(_b23_tree_transpose_wrong_outer()), (1.0,), (1.0,))


@mistake("pytree structure error: different types at key path")
def r23_jvp_tree_map_none_vs_leaf():
    return jax.jvp(lambda t: t + _keep23(_b23_tree_map_none_vs_leaf()), (1.0,), (1.0,))


@mistake()
def r23_jvp_tree_flatten_with_path_then_unflatten_paths():
    return jax.jvp(
        lambda t: t + _keep23(_b23_tree_flatten_with_path_then_unflatten_paths()), (1.0,), (1.0,)
    )


@mistake("'list' object has no attribute 'unflatten'")
def r23_jvp_tree_structure_compare_to_list():
    return jax.jvp(lambda t: t + _keep23(_b23_tree_structure_compare_to_list()), (1.0,), (1.0,))


@mistake()
def r23_jvp_register_static_then_leaf_array():
    return jax.jvp(lambda t: t + _keep23(_b23_register_static_then_leaf_array()), (1.0,), (1.0,))


@mistake("Incompatible types for broadcasting: input type=float32[4] and requested type=float32[3]")
def r23_jvp_at_set_shape_mismatch():
    return jax.jvp(lambda t: t + _keep23(_b23_at_set_shape_mismatch()), (1.0,), (1.0,))


@mistake('Unknown gather mode "nope"')
def r23_jvp_at_get_mode_unknown():
    return jax.jvp(lambda t: t + _keep23(_b23_at_get_mode_unknown()), (1.0,), (1.0,))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r23_jvp_at_float_index():
    return jax.jvp(lambda t: t + _keep23(_b23_at_float_index()), (1.0,), (1.0,))


@mistake("Cannot broadcast to shape with fewer dimensions: arr_shape=(2,) shape=()")
def r23_jvp_at_add_tuple_value():
    return jax.jvp(lambda t: t + _keep23(_b23_at_add_tuple_value()), (1.0,), (1.0,))


@mistake(
    "Using a non-tuple sequence for multidimensional indexing is not allowed; use `arr[tuple(se"
)
def r23_jvp_index_with_list_of_lists_ragged():
    return jax.jvp(lambda t: t + _keep23(_b23_index_with_list_of_lists_ragged()), (1.0,), (1.0,))


@mistake("Too many indices: array is 1-dimensional, but 2 were indexed")
def r23_jvp_index_too_many():
    return jax.jvp(lambda t: t + _keep23(_b23_index_too_many()), (1.0,), (1.0,))


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r23_jvp_index_float_array():
    return jax.jvp(lambda t: t + _keep23(_b23_index_float_array()), (1.0,), (1.0,))


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment. Instead of x[idx] ="
)
def r23_jvp_array_set_item():
    return jax.jvp(lambda t: t + _keep23(_b23_array_set_item()), (1.0,), (1.0,))


@mistake()
def r23_jvp_jnp_float64_request_without_x64():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_float64_request_without_x64()), (1.0,), (1.0,))


@mistake("Value '<object object at")
def r23_jvp_jnp_array_object_dtype():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_array_object_dtype()), (1.0,), (1.0,))


@mistake(
    "Value '1.0' with dtype <U3 is not a valid JAX array type. Only arrays of numeric types are"
)
def r23_jvp_jnp_asarray_string():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_asarray_string()), (1.0,), (1.0,))


@mistake("Number of samples, -2, must be non-negative.")
def r23_jvp_jnp_linspace_num_negative():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_linspace_num_negative()), (1.0,), (1.0,))


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (2.5,). argument of 'N"
)
def r23_jvp_jnp_eye_float_n():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_eye_float_n()), (1.0,), (1.0,))


@mistake(
    "Incompatible types for broadcasting: input type=float32[3] and requested type=float32[2,2]"
)
def r23_jvp_jnp_full_fill_shape():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_full_fill_shape()), (1.0,), (1.0,))


@mistake("matmul input operand 1 must have ndim at least 1, but it has ndim 0")
def r23_jvp_jnp_matmul_scalar():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_matmul_scalar()), (1.0,), (1.0,))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r23_jvp_jnp_tensordot_axes_mismatch():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_tensordot_axes_mismatch()), (1.0,), (1.0,))


@mistake(
    "'kind' argument to sort is not supported. Use stable=True or stable=False to specify sort"
)
def r23_jvp_jnp_sort_axis_none_kind():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_sort_axis_none_kind()), (1.0,), (1.0,))


@mistake("method can only be 'linear', 'lower', 'higher', 'midpoint', 'nearest' or 'inverted_cdf'")
def r23_jvp_jnp_percentile_method_unknown():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_percentile_method_unknown()), (1.0,), (1.0,))


@mistake("reshape() got an unexpected keyword argument 'newshape'")
def r23_jvp_jnp_reshape_newshape_keyword():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_reshape_newshape_keyword()), (1.0,), (1.0,))


@mistake()
def r23_jvp_jnp_split_indices_float():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_split_indices_float()), (1.0,), (1.0,))


@mistake("nan_to_num() got an unexpected keyword argument 'bogus'")
def r23_jvp_jnp_nan_to_num_keyword():
    return jax.jvp(lambda t: t + _keep23(_b23_jnp_nan_to_num_keyword()), (1.0,), (1.0,))


@mistake()
def r23_jvp_lax_fori_loop_float_bounds():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_fori_loop_float_bounds()), (1.0,), (1.0,))


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r23_jvp_lax_while_body_returns_tuple_for_scalar():
    return jax.jvp(
        lambda t: t + _keep23(_b23_lax_while_body_returns_tuple_for_scalar()), (1.0,), (1.0,)
    )


@mistake()
def r23_jvp_lax_cond_operands_keyword():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_cond_operands_keyword()), (1.0,), (1.0,))


@mistake("Branch index must be scalar, got [0 1] of shape (2,).")
def r23_jvp_lax_switch_index_array():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_switch_index_array()), (1.0,), (1.0,))


@mistake("scan got value with no leading axis to scan over: 3.0.")
def r23_jvp_lax_scan_xs_scalar():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_scan_xs_scalar()), (1.0,), (1.0,))


@mistake("scan got value with no leading axis to scan over: 3.0.")
def r23_jvp_lax_map_over_scalar():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_map_over_scalar()), (1.0,), (1.0,))


@mistake("Array inputs to associative_scan must have the same first dimension. (saw: [(3,), (4,)])")
def r23_jvp_lax_associative_scan_lengths():
    return jax.jvp(lambda t: t + _keep23(_b23_lax_associative_scan_lengths()), (1.0,), (1.0,))


@mistake("check takes a scalar pred as argument, got [0. 1. 2. 3.]")
def r23_jvp_checkify_check_non_bool():
    return jax.jvp(lambda t: t + _keep23(_b23_checkify_check_non_bool()), (1.0,), (1.0,))


@mistake()
def r23_jvp_checkify_errors_unknown():
    return jax.jvp(lambda t: t + _keep23(_b23_checkify_errors_unknown()), (1.0,), (1.0,))


@mistake("tuple index out of range")
def r23_jvp_custom_vjp_nondiff_argnums_out_of_range():
    return jax.jvp(
        lambda t: t + _keep23(_b23_custom_vjp_nondiff_argnums_out_of_range()), (1.0,), (1.0,)
    )


@mistake("safe_zip() argument 1 has length 2 but argument 0 has length 1. All lengths: (1, 2)")
def r23_jvp_custom_jvp_defjvps_too_many():
    return jax.jvp(lambda t: t + _keep23(_b23_custom_jvp_defjvps_too_many()), (1.0,), (1.0,))


@mistake(
    "The input arguments to the custom_vjp-decorated function <lambda> could not be resolved to"
)
def r23_jvp_custom_vjp_called_with_kwargs_wrong():
    return jax.jvp(
        lambda t: t + _keep23(_b23_custom_vjp_called_with_kwargs_wrong()), (1.0,), (1.0,)
    )


@mistake(
    "expected function with aux output to return a two-element tuple, but got type <class 'tupl"
)
def r23_jvp_grad_has_aux_three_tuple():
    return jax.jvp(lambda t: t + _keep23(_b23_grad_has_aux_three_tuple()), (1.0,), (1.0,))


@mistake("reduce_axes argument to grad is deprecated")
def r23_jvp_grad_reduce_axes_keyword():
    return jax.jvp(lambda t: t + _keep23(_b23_grad_reduce_axes_keyword()), (1.0,), (1.0,))


@mistake(
    "Positional argument indices, e.g. for `static_argnums`, must have value greater than or eq"
)
def r23_jvp_jacrev_argnums_tuple_out_of_range():
    return jax.jvp(lambda t: t + _keep23(_b23_jacrev_argnums_tuple_out_of_range()), (1.0,), (1.0,))


@mistake()
def r23_jvp_vmap_in_axes_tuple_too_short_kwargs():
    return jax.jvp(
        lambda t: t + _keep23(_b23_vmap_in_axes_tuple_too_short_kwargs()), (1.0,), (1.0,)
    )


@mistake("`set_mesh` can only be used outside of `jax.jit`.")
def r23_jvp_vmap_spmd_axis_name_unknown():
    return jax.jvp(lambda t: t + _keep23(_b23_vmap_spmd_axis_name_unknown()), (1.0,), (1.0,))


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r23_jvp_jit_donate_argnums_out_of_range():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_donate_argnums_out_of_range()), (1.0,), (1.0,))


@mistake("'float' object is not iterable")
def r23_jvp_jit_static_argnums_float():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_static_argnums_float()), (1.0,), (1.0,))


@mistake(
    "jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to in_shardin"
)
def r23_jvp_jit_in_shardings_spec_without_mesh():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_in_shardings_spec_without_mesh()), (1.0,), (1.0,))


@mistake(
    "out_shardings leaf specifications are expected to be PartitionSpec instances or None, but"
)
def r23_jvp_jit_out_shardings_int():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_out_shardings_int()), (1.0,), (1.0,))


@mistake("'Lowered' object is not callable")
def r23_jvp_jit_lower_then_call_lowered():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_lower_then_call_lowered()), (1.0,), (1.0,))


@mistake("'Traced' object has no attribute 'compile'")
def r23_jvp_jit_trace_then_compile():
    return jax.jvp(lambda t: t + _keep23(_b23_jit_trace_then_compile()), (1.0,), (1.0,))


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `ja"
)
def r23_jvp_device_put_device_index():
    return jax.jvp(lambda t: t + _keep23(_b23_device_put_device_index()), (1.0,), (1.0,))


@mistake("device_put device specification must be a tree prefix of the corresponding value;")
def r23_jvp_device_put_list_of_shardings_mismatch():
    return jax.jvp(
        lambda t: t + _keep23(_b23_device_put_list_of_shardings_mismatch()), (1.0,), (1.0,)
    )


@mistake(
    "Expected 2 per-device arrays (this is how many devices are addressable by the sharding), b"
)
def r23_jvp_make_array_from_single_device_arrays_shape():
    return jax.jvp(
        lambda t: t + _keep23(_b23_make_array_from_single_device_arrays_shape()), (1.0,), (1.0,)
    )


@mistake()
def r23_jvp_block_until_ready_of_string():
    return jax.jvp(lambda t: t + _keep23(_b23_block_until_ready_of_string()), (1.0,), (1.0,))


@mistake("tuple index out of range")
def r23_jvp_debug_print_missing_placeholder_arg():
    return jax.jvp(
        lambda t: t + _keep23(_b23_debug_print_missing_placeholder_arg()), (1.0,), (1.0,)
    )


@mistake("named_scope name argument must be a string.")
def r23_jvp_named_scope_not_string():
    return jax.jvp(lambda t: t + _keep23(_b23_named_scope_not_string()), (1.0,), (1.0,))
