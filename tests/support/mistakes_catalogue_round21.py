# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 21 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules):
168 mistakes with random keys (float and integer keys, raw keys of the wrong shape, float
counts and data, dtypes, shapes and axes of the samplers, arithmetic on keys), vmap (in_axes /
out_axes of the wrong kind, length or range), grad / jvp / vjp (argnums, integer and None inputs,
tangent and cotangent shapes and dtypes, non-scalar outputs), sharding (unknown mesh axes,
PartitionSpecs without a mesh, meshes of the wrong size, auto_axes / explicit_axes, reshard),
shard_map (unknown axes, unmapped outputs, collectives' axes), jnp (shapes, axes, dtypes,
sizes under jit, indexing), lax control flow (loop and scan carries, predicates, branches),
pytrees, export (calls of the wrong type, bad platforms and serializations) and jit's
static / donated arguments, each made at the top level and inside jit: the traceback ends on
the helper's line. The helpers' values are dropped under jit (`_keep21`). A bare `@mistake()`
marks a program JAX 0.10.2 accepts (meshjit must too). Generated from the helpers, JAX's phrase
the first line of its message (up to 90 characters). The file runs after the earlier rounds
but uses only the runner's names and its own."""


def _keep21(value):
    """0.0 whatever `value` is: the jit's output does not depend on the mistake's."""
    del value
    return jnp.float32(0)


def _b21_split_float_num():
    return random.split(random.key(0), 2.5)


def _b21_fold_in_float_data():
    return random.fold_in(random.key(0), 1.5)


def _b21_normal_float_key():
    return random.normal(jnp.float32(0.0), (2,))


def _b21_normal_int_key():
    return random.normal(0, (2,))


def _b21_split_scalar_raw_key():
    return random.split(random.PRNGKey(0)[0])


def _b21_key_data_of_raw_array():
    return random.key_data(jnp.zeros(2, jnp.uint32))


def _b21_wrap_key_data_float():
    return random.wrap_key_data(jnp.zeros(2, jnp.float32))


def _b21_uniform_minval_shape():
    return random.uniform(random.key(0), (2,), minval=jnp.zeros(3))


def _b21_randint_float_dtype():
    return random.randint(random.key(0), (2,), 0, 10, dtype=jnp.float32)


def _b21_normal_int_dtype():
    return random.normal(random.key(0), (2,), dtype=jnp.int32)


def _b21_uniform_int_dtype():
    return random.uniform(random.key(0), (2,), dtype=jnp.int32)


def _b21_choice_too_many_without_replace():
    return random.choice(random.key(0), 3, (5,), replace=False)


def _b21_choice_axis_out_of_range():
    return random.choice(random.key(0), jnp.ones((2, 2)), axis=2)


def _b21_choice_p_wrong_length():
    return random.choice(random.key(0), 3, (2,), p=jnp.ones(4) / 4)


def _b21_bernoulli_p_shape():
    return random.bernoulli(random.key(0), p=jnp.full(3, 0.5), shape=(2,))


def _b21_categorical_shape():
    return random.categorical(random.key(0), jnp.ones((2, 3)), shape=(3,))


def _b21_permutation_axis_out_of_range():
    return random.permutation(random.key(0), jnp.ones((2, 3)), axis=2)


def _b21_permutation_float_int():
    return random.permutation(random.key(0), 3.5)


def _b21_key_of_vector_seed():
    return random.key(jnp.arange(2))


def _b21_prngkey_float_seed():
    return random.PRNGKey(1.5)


def _b21_key_impl_of_raw():
    return random.key_impl(jnp.zeros(2, jnp.uint32))


def _b21_multivariate_normal_cov_shape():
    return random.multivariate_normal(random.key(0), jnp.zeros(2), jnp.eye(3))


def _b21_gamma_a_shape():
    return random.gamma(random.key(0), jnp.ones(3), shape=(2,))


def _b21_key_plus_one():
    return random.key(0) + 1


def _b21_key_astype_float():
    return random.key(0).astype(jnp.float32)


def _b21_normal_shape_float():
    return random.normal(random.key(0), (2.0,))


def _b21_split_key_array_of_keys_shape():
    return random.split(jnp.zeros((2, 3), jnp.uint32))


def _b21_truncated_normal_int_dtype():
    return random.truncated_normal(random.key(0), -1.0, 1.0, (2,), dtype=jnp.int32)


def _b21_dirichlet_alpha_scalar():
    return random.dirichlet(random.key(0), 1.0)


def _b21_vmap_in_axes_tuple_short():
    return jax.vmap(lambda a, b: a + b, in_axes=(0,))(jnp.ones(2), jnp.ones(2))


def _b21_vmap_in_axes_list():
    return jax.vmap(lambda a, b: a + b, in_axes=[0, 0])(jnp.ones(2), jnp.ones(2))


def _b21_vmap_out_axes_out_of_range():
    return jax.vmap(lambda a: a.sum(), out_axes=1)(jnp.ones((2, 3)))


def _b21_vmap_in_axes_float():
    return jax.vmap(lambda a: a, in_axes=0.5)(jnp.ones(2))


def _b21_vmap_all_none_no_size():
    return jax.vmap(lambda a: a, in_axes=None)(jnp.ones(2))


def _b21_vmap_in_axes_dict_wrong_key():
    return jax.vmap(lambda d: d["a"], in_axes=({"b": 0},))({"a": jnp.ones(2)})


def _b21_vmap_out_axes_structure():
    return jax.vmap(lambda a: a, out_axes=(0, 0))(jnp.ones(2))


def _b21_vmap_in_axes_string():
    return jax.vmap(lambda a: a, in_axes="0")(jnp.ones(2))


def _b21_vmap_no_arguments():
    return jax.vmap(lambda: 1.0)()


def _b21_vmap_kwarg_in_axes_none():
    return jax.vmap(lambda a, b: a + b, in_axes=(0, None))(jnp.ones(2), b=jnp.ones(3))


def _b21_vmap_axis_size_negative():
    return jax.vmap(lambda: 1.0, axis_size=-1)()


def _b21_vmap_out_axes_none_batched():
    return jax.vmap(lambda a: a, out_axes=None)(jnp.ones(2))


def _b21_grad_argnums_negative_out_of_range():
    return jax.grad(lambda v: v, argnums=-3)(1.0)


def _b21_grad_argnums_float():
    return jax.grad(lambda v: v, argnums=1.0)(1.0)


def _b21_grad_has_aux_non_scalar():
    return jax.grad(lambda v: (v * jnp.ones(2), 0), has_aux=True)(1.0)


def _b21_value_and_grad_tuple_output():
    return jax.value_and_grad(lambda v: (v, v))(1.0)


def _b21_jacfwd_int_input():
    return jax.jacfwd(lambda v: v * 2)(1)


def _b21_hessian_int_input():
    return jax.hessian(lambda v: v * v)(2)


def _b21_grad_none_input():
    return jax.grad(lambda v: 1.0)(None)


def _b21_grad_holomorphic_real_input():
    return jax.grad(lambda v: v * v, holomorphic=True)(1.0)


def _b21_jvp_tangent_shape():
    return jax.jvp(lambda a: a * 2, (jnp.ones(3),), (jnp.ones(2),))


def _b21_jvp_tangent_dtype():
    return jax.jvp(lambda a: a * 2, (jnp.ones(3),), (jnp.ones(3, jnp.int32),))


def _b21_jvp_lists():
    return jax.jvp(lambda a: a * 2, [jnp.ones(3)], [jnp.ones(3)])


def _b21_jvp_tangent_count():
    return jax.jvp(lambda a, b: a * b, (1.0, 2.0), (1.0,))


def _b21_vjp_cotangent_shape():
    return jax.vjp(lambda a: a * 2, jnp.ones(3))[1](jnp.ones(2))


def _b21_grad_returns_list():
    return jax.grad(lambda v: [v])(1.0)


def _b21_jacrev_int_input():
    return jax.jacrev(lambda v: v * 2)(jnp.arange(3))


def _b21_grad_of_bool_input():
    return jax.grad(lambda v: 1.0)(True)


def _b21_named_sharding_unknown_axis():
    return NamedSharding(mesh2, P("z"))


def _b21_device_put_spec_without_mesh():
    return jax.device_put(jnp.ones(4), P("x"))


def _b21_jit_in_shardings_spec_without_mesh():
    return jax.jit(lambda a: a, in_shardings=P("x"))(jnp.ones(4))


def _b21_auto_axes_unknown_axis():
    return jax.sharding.auto_axes(lambda a: a, axes="z", out_sharding=P())(jnp.ones(4))


def _b21_zeros_out_sharding_unknown_axis():
    return jnp.zeros(4, out_sharding=NamedSharding(emesh, P("z")))


def _b21_device_put_mesh_as_sharding():
    return jax.device_put(jnp.ones(4), mesh2)


def _b21_partition_spec_int_entry():
    return NamedSharding(mesh2, P(0))


def _b21_make_mesh_not_dividing():
    return jax.make_mesh((3,), ("x",))


def _b21_make_mesh_names_length():
    return jax.make_mesh((2, 4), ("x",))


def _b21_mesh_names_vs_devices():
    return Mesh(np.array(jax.devices()[:2]), ("x", "y"))


def _b21_constraint_spec_without_mesh():
    return jax.jit(lambda a: lax.with_sharding_constraint(a, P("x")))(jnp.ones(4))


def _b21_jit_out_shardings_spec_without_mesh():
    return jax.jit(lambda a: a, out_shardings=P("x"))(jnp.ones(4))


def _b21_reshard_not_divisible():
    return jax.sharding.reshard(
        jax.device_put(jnp.ones(3), NamedSharding(emesh, P())), NamedSharding(emesh, P("x"))
    )


def _b21_named_sharding_spec_list():
    return NamedSharding(mesh2, ["x"])


def _b21_device_put_not_a_sharding():
    return jax.device_put(jnp.ones(4), "x")


def _b21_explicit_axes_unknown_axis():
    return jax.sharding.explicit_axes(lambda a: a, axes="z", in_sharding=P())(jnp.ones(4))


def _b21_smap_in_specs_unknown_axis():
    return jax.shard_map(lambda a: a, mesh=mesh2, in_specs=P("z"), out_specs=P("z"))(jnp.ones(4))


def _b21_smap_out_specs_replicated_varying():
    return jax.shard_map(lambda a: a, mesh=mesh2, in_specs=P("x"), out_specs=P())(jnp.ones(4))


def _b21_smap_without_mesh():
    return jax.shard_map(lambda a: a, in_specs=P("x"), out_specs=P("x"))(jnp.ones(4))


def _b21_smap_returns_fewer_outputs():
    return jax.shard_map(lambda a: a, mesh=mesh2, in_specs=P("x"), out_specs=(P("x"), P("x")))(
        jnp.ones(4)
    )


def _b21_smap_all_to_all_split_axis():
    return jax.shard_map(
        lambda a: lax.all_to_all(a, "x", 2, 0), mesh=mesh2, in_specs=P("x"), out_specs=P("x")
    )(jnp.ones(4))


def _b21_smap_axis_names_unknown():
    return jax.shard_map(
        lambda a: a, mesh=mesh2, in_specs=P("x"), out_specs=P("x"), axis_names={"z"}
    )(jnp.ones(4))


def _b21_smap_in_spec_too_long():
    return jax.shard_map(lambda a: a, mesh=mesh2, in_specs=P(None, "x"), out_specs=P("x"))(
        jnp.ones(4)
    )


def _b21_smap_not_callable():
    return jax.shard_map(3, mesh=mesh2, in_specs=P("x"), out_specs=P("x"))(jnp.ones(4))


def _b21_smap_all_gather_axis_out_of_range():
    return jax.shard_map(
        lambda a: lax.all_gather(a, "x", axis=3), mesh=mesh2, in_specs=P("x"), out_specs=P("x")
    )(jnp.ones(4))


def _b21_zeros_negative_dim():
    return jnp.zeros((2, -1))


def _b21_zeros_float_shape():
    return jnp.zeros(2.5)


def _b21_arange_zero_step():
    return jnp.arange(0, 10, 0)


def _b21_linspace_negative_num():
    return jnp.linspace(0, 1, -1)


def _b21_eye_float_n():
    return jnp.eye(2.5)


def _b21_take_axis_out_of_range():
    return jnp.take(jnp.ones(3), jnp.array([0]), axis=3)


def _b21_stack_empty():
    return jnp.stack([])


def _b21_nonzero_in_jit_without_size():
    return jax.jit(lambda a: jnp.nonzero(a))(jnp.ones(3))


def _b21_argmax_axis_out_of_range():
    return jnp.argmax(jnp.ones(3), axis=2)


def _b21_sum_repeated_axes():
    return jnp.sum(jnp.ones((2, 2)), axis=(0, 0))


def _b21_mean_float_axis():
    return jnp.mean(jnp.ones(3), axis=1.0)


def _b21_tile_float_reps():
    return jnp.tile(jnp.ones(3), 2.5)


def _b21_repeat_traced_repeats():
    return jax.jit(lambda r: jnp.repeat(jnp.ones(2), r))(jnp.array([1, 2]))


def _b21_pad_width_rank():
    return jnp.pad(jnp.ones(3), ((1, 1), (1, 1)))


def _b21_pad_unknown_mode():
    return jnp.pad(jnp.ones(3), 1, mode="bogus")


def _b21_astype_unknown_dtype():
    return jnp.ones(3).astype("float128")


def _b21_matmul_scalar():
    return jnp.matmul(1.0, jnp.ones(3))


def _b21_inv_non_square():
    return jnp.linalg.inv(jnp.ones((2, 3)))


def _b21_solve_shapes():
    return jnp.linalg.solve(jnp.eye(2), jnp.ones(3))


def _b21_det_vector():
    return jnp.linalg.det(jnp.ones(3))


def _b21_einsum_too_many_operands():
    return jnp.einsum("i->i", jnp.ones(2), jnp.ones(2))


def _b21_moveaxis_out_of_range():
    return jnp.moveaxis(jnp.ones((2, 3)), 0, 3)


def _b21_swapaxes_out_of_range():
    return jnp.swapaxes(jnp.ones((2, 3)), 0, 2)


def _b21_expand_dims_out_of_range():
    return jnp.expand_dims(jnp.ones(3), 3)


def _b21_roll_axis_out_of_range():
    return jnp.roll(jnp.ones(3), 1, axis=2)


def _b21_flip_axis_out_of_range():
    return jnp.flip(jnp.ones(3), axis=2)


def _b21_diag_rank3():
    return jnp.diag(jnp.ones((2, 2, 2)))


def _b21_trace_vector():
    return jnp.trace(jnp.ones(3))


def _b21_cumsum_axis_out_of_range():
    return jnp.cumsum(jnp.ones(3), axis=2)


def _b21_sort_axis_out_of_range():
    return jnp.sort(jnp.ones(3), axis=2)


def _b21_interp_lengths():
    return jnp.interp(0.5, jnp.arange(3.0), jnp.arange(4.0))


def _b21_full_fill_shape():
    return jnp.full((2,), jnp.ones(3))


def _b21_array_ragged():
    return jnp.array([[1, 2], [3]])


def _b21_index_too_many():
    return jnp.ones((2, 3))[0, 0, 0]


def _b21_index_float():
    return jnp.ones(3)[1.5]


def _b21_index_float_array():
    return jnp.ones(3)[jnp.ones(2)]


def _b21_at_get_bad_mode():
    return jnp.ones(3).at[0].get(mode="bogus")


def _b21_split_axis_out_of_range():
    return jnp.split(jnp.ones(4), [1], axis=2)


def _b21_cross_length4():
    return jnp.cross(jnp.ones(4), jnp.ones(4))


def _b21_convolve_2d():
    return jnp.convolve(jnp.ones((2, 2)), jnp.ones(2))


def _b21_bincount_float():
    return jnp.bincount(jnp.ones(3))


def _b21_bincount_in_jit_without_length():
    return jax.jit(lambda a: jnp.bincount(a))(jnp.arange(3))


def _b21_unique_in_jit_without_size():
    return jax.jit(lambda a: jnp.unique(a))(jnp.arange(3))


def _b21_round_float_decimals():
    return jnp.round(jnp.ones(3), 1.5)


def _b21_where_one_arg_in_jit():
    return jax.jit(lambda a: jnp.where(a > 0))(jnp.ones(3))


def _b21_histogram_negative_bins():
    return jnp.histogram(jnp.ones(3), bins=-1)


def _b21_clip_array_bounds_shape():
    return jnp.clip(jnp.ones(3), jnp.zeros(2), 1.0)


def _b21_concatenate_scalars():
    return jnp.concatenate([jnp.float32(1), jnp.float32(2)])


def _b21_ravel_multi_index_shape():
    return jnp.ravel_multi_index((jnp.array([0]),), (2, 2))


def _b21_fori_carry_structure():
    return lax.fori_loop(0, 3, lambda i, c: (c, c), 0.0)


def _b21_fori_body_arity():
    return lax.fori_loop(0, 3, lambda c: c, 0.0)


def _b21_while_cond_float():
    return lax.while_loop(lambda c: c, lambda c: c + 1, 0.0)


def _b21_while_body_structure():
    return lax.while_loop(lambda c: c < 3, lambda c: (c, c), 0)


def _b21_while_cond_non_scalar():
    return lax.while_loop(lambda c: jnp.ones(2) > c, lambda c: c + 1, 0.0)


def _b21_while_carry_dtype():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 0.5, 0)


def _b21_scan_length_mismatch():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), length=4)


def _b21_scan_no_xs_no_length():
    return lax.scan(lambda c, x: (c, x), 0.0, None)


def _b21_scan_xs_leading_dims():
    return lax.scan(lambda c, x: (c, x), 0.0, [jnp.ones(3), jnp.ones(4)])


def _b21_scan_carry_dtype():
    return lax.scan(lambda c, x: (c + x, x), 0, jnp.ones(3))


def _b21_map_scalar_xs():
    return lax.map(lambda x: x, jnp.float32(1))


def _b21_cond_branch_dtypes():
    return lax.cond(True, lambda a: a, lambda a: a.astype(jnp.int32), 1.0)


def _b21_switch_no_branches():
    return lax.switch(0, [])


def _b21_switch_branches_not_sequence():
    return lax.switch(0, lambda: 1.0)


def _b21_cond_float_pred():
    return lax.cond(jnp.float32(1.5), lambda: 1.0, lambda: 2.0)


def _b21_associative_scan_axis():
    return lax.associative_scan(jnp.add, jnp.ones(3), axis=2)


def _b21_reduce_dims_out_of_range():
    return lax.reduce(jnp.ones(3), 0.0, lax.add, (2,))


def _b21_fori_float_bounds():
    return lax.fori_loop(0.0, 3.0, lambda i, c: c + 1, 0.0)


def _b21_cond_branch_not_callable():
    return lax.cond(True, 1.0, lambda: 2.0)


def _b21_tree_map_dict_keys():
    return jax.tree.map(lambda a, b: a + b, {"a": 1.0}, {"b": 2.0})


def _b21_tree_map_tuple_vs_list():
    return jax.tree.map(lambda a, b: a + b, (1.0, 2.0), [1.0, 2.0])


def _b21_tree_unflatten_leaf_count():
    return jax.tree.unflatten(jax.tree.structure((1, 2)), [1])


def _b21_jit_dict_mixed_keys():
    return jax.jit(lambda d: d)({1: 1.0, "a": 2.0})


def _b21_tree_map_none_leaf():
    return jax.tree.map(lambda a, b: a + b, (1.0, 2.0), (1.0, None))


def _b21_export_not_jitted():
    return jax.export.export(lambda a: a)(jnp.ones(2))


def _b21_export_call_wrong_shape():
    return jax.export.export(jax.jit(lambda a: a * 2))(jnp.ones(2)).call(jnp.ones(3))


def _b21_export_call_wrong_dtype():
    return jax.export.export(jax.jit(lambda a: a * 2))(jnp.ones(2)).call(jnp.ones(2, jnp.int32))


def _b21_export_unknown_platform():
    return jax.export.export(jax.jit(lambda a: a), platforms=["tpuz"])(jnp.ones(2))


def _b21_symbolic_shape_parse():
    return jax.export.symbolic_shape("a, +")


def _b21_static_argnums_array():
    return jax.jit(lambda a: a, static_argnums=0)(jnp.ones(3))


def _b21_static_argnums_list():
    return jax.jit(lambda a: len(a), static_argnums=0)([1, 2])


def _b21_static_argnums_dict():
    return jax.jit(lambda a: 1.0, static_argnums=(0,))({"a": 1})


def _b21_donate_and_static_same():
    return jax.jit(lambda a: a, donate_argnums=0, static_argnums=0)(1)


def _b21_static_argnames_unhashable():
    return jax.jit(lambda a, n: a, static_argnames="n")(1.0, n=[1])


def _b21_jit_not_callable():
    return jax.jit(3)


def _b21_donate_argnames_unknown():
    return jax.jit(lambda a: a, donate_argnames="b")(jnp.ones(2))


def _b21_static_argnums_float():
    return jax.jit(lambda a: a, static_argnums=0.5)(1.0)


# ---------------------------------------------------------------------------------------------
# plain


@mistake("'float' object cannot be interpreted as an integer")
def r21_plain_split_float_num():
    return _b21_split_float_num()


@mistake()
def r21_plain_fold_in_float_data():
    return _b21_fold_in_float_data()


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r21_plain_normal_float_key():
    return _b21_normal_float_key()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data to have ndim, shape, and dtype at"
)
def r21_plain_normal_int_key():
    return _b21_normal_int_key()


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r21_plain_split_scalar_raw_key():
    return _b21_split_scalar_raw_key()


@mistake()
def r21_plain_key_data_of_raw_array():
    return _b21_key_data_of_raw_array()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r21_plain_wrap_key_data_float():
    return _b21_wrap_key_data_float()


@mistake("mul got incompatible shapes for broadcasting: (2,), (3,).")
def r21_plain_uniform_minval_shape():
    return _b21_uniform_minval_shape()


@mistake("randint only accepts integer dtypes, got float32")
def r21_plain_randint_float_dtype():
    return _b21_randint_float_dtype()


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r21_plain_normal_int_dtype():
    return _b21_normal_int_dtype()


@mistake("dtype argument to `uniform` must be a float dtype, got int32")
def r21_plain_uniform_int_dtype():
    return _b21_uniform_int_dtype()


@mistake("Cannot take a larger sample (size 5) than population (size 3) when 'replace=False'")
def r21_plain_choice_too_many_without_replace():
    return _b21_choice_too_many_without_replace()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r21_plain_choice_axis_out_of_range():
    return _b21_choice_axis_out_of_range()


@mistake(
    "p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (4,) and a."
)
def r21_plain_choice_p_wrong_length():
    return _b21_choice_p_wrong_length()


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r21_plain_bernoulli_p_shape():
    return _b21_bernoulli_p_shape()


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (np.int64(2),)]")
def r21_plain_categorical_shape():
    return _b21_categorical_shape()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r21_plain_permutation_axis_out_of_range():
    return _b21_permutation_axis_out_of_range()


@mistake("x must be an integer or at least 1-dimensional")
def r21_plain_permutation_float_int():
    return _b21_permutation_float_int()


@mistake(
    "key accepts a scalar seed, but was given an array of shape (2,) != (). Use jax.vmap for ba"
)
def r21_plain_key_of_vector_seed():
    return _b21_key_of_vector_seed()


@mistake("PRNG key seed must be an integer; got JitTracer(~float32[])")
def r21_plain_prngkey_float_seed():
    return _b21_prngkey_float_seed()


@mistake()
def r21_plain_key_impl_of_raw():
    return _b21_key_impl_of_raw()


@mistake(
    "multivariate_normal requires cov.shape == (..., n, n) for n=2, but got cov.shape == (3, 3)"
)
def r21_plain_multivariate_normal_cov_shape():
    return _b21_multivariate_normal_cov_shape()


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r21_plain_gamma_a_shape():
    return _b21_gamma_a_shape()


@mistake("add does not accept dtypes key<fry>, int32.")
def r21_plain_key_plus_one():
    return _b21_key_plus_one()


@mistake("Cannot call abstract method astype")
def r21_plain_key_astype_float():
    return _b21_key_astype_float()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.0,).")
def r21_plain_normal_shape_float():
    return _b21_normal_shape_float()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r21_plain_split_key_array_of_keys_shape():
    return _b21_split_key_array_of_keys_shape()


@mistake("dtype argument to `truncated_normal` must be a float dtype, got int32")
def r21_plain_truncated_normal_int_dtype():
    return _b21_truncated_normal_int_dtype()


@mistake("dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0")
def r21_plain_dirichlet_alpha_scalar():
    return _b21_dirichlet_alpha_scalar()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r21_plain_vmap_in_axes_tuple_short():
    return _b21_vmap_in_axes_tuple_short()


@mistake()
def r21_plain_vmap_in_axes_list():
    return _b21_vmap_in_axes_list()


@mistake("axis 1 is out of bounds for array of dimension 1")
def r21_plain_vmap_out_axes_out_of_range():
    return _b21_vmap_out_axes_out_of_range()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r21_plain_vmap_in_axes_float():
    return _b21_vmap_in_axes_float()


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r21_plain_vmap_all_none_no_size():
    return _b21_vmap_all_none_no_size()


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r21_plain_vmap_in_axes_dict_wrong_key():
    return _b21_vmap_in_axes_dict_wrong_key()


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r21_plain_vmap_out_axes_structure():
    return _b21_vmap_out_axes_structure()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r21_plain_vmap_in_axes_string():
    return _b21_vmap_in_axes_string()


@mistake(
    "vmap wrapped function must be passed at least one argument containing an array or axis_siz"
)
def r21_plain_vmap_no_arguments():
    return _b21_vmap_no_arguments()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r21_plain_vmap_kwarg_in_axes_none():
    return _b21_vmap_kwarg_in_axes_none()


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (-1,).")
def r21_plain_vmap_axis_size_negative():
    return _b21_vmap_axis_size_negative()


@mistake("at vmap out_axes, got axis spec None but output was batched on axis 0")
def r21_plain_vmap_out_axes_none_batched():
    return _b21_vmap_out_axes_none_batched()


@mistake(
    "Positional argument indices, e.g. for `static_argnums`, must have value greater than or eq"
)
def r21_plain_grad_argnums_negative_out_of_range():
    return _b21_grad_argnums_negative_out_of_range()


@mistake("'float' object is not iterable")
def r21_plain_grad_argnums_float():
    return _b21_grad_argnums_float()


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r21_plain_grad_has_aux_non_scalar():
    return _b21_grad_has_aux_non_scalar()


@mistake(
    "Gradient only defined for scalar-output functions. Output was (TypedFloat(1.0, dtype=float"
)
def r21_plain_value_and_grad_tuple_output():
    return _b21_value_and_grad_tuple_output()


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but g"
)
def r21_plain_jacfwd_int_input():
    return _b21_jacfwd_int_input()


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but g"
)
def r21_plain_hessian_int_input():
    return _b21_hessian_int_input()


@mistake()
def r21_plain_grad_none_input():
    return _b21_grad_none_input()


@mistake("grad with holomorphic=True requires inputs with complex dtype, but got float32.")
def r21_plain_grad_holomorphic_real_input():
    return _b21_grad_holomorphic_real_input()


@mistake(
    "jvp called with different primal and tangent shapes;Got primal shape (3,) and tangent shap"
)
def r21_plain_jvp_tangent_shape():
    return _b21_jvp_tangent_shape()


@mistake(
    "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in case of"
)
def r21_plain_jvp_tangent_dtype():
    return _b21_jvp_tangent_dtype()


@mistake()
def r21_plain_jvp_lists():
    return _b21_jvp_lists()


@mistake(
    "primal and tangent arguments to jax.jvp must have the same tree structure; primals have tr"
)
def r21_plain_jvp_tangent_count():
    return _b21_jvp_tangent_count()


@mistake(
    "unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float32[2], but e"
)
def r21_plain_vjp_cotangent_shape():
    return _b21_vjp_cotangent_shape()


@mistake(
    "Gradient only defined for scalar-output functions. Output was [TypedFloat(1.0, dtype=float"
)
def r21_plain_grad_returns_list():
    return _b21_grad_returns_list()


@mistake(
    "jacrev requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inex"
)
def r21_plain_jacrev_int_input():
    return _b21_jacrev_int_input()


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r21_plain_grad_of_bool_input():
    return _b21_grad_of_bool_input()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r21_plain_named_sharding_unknown_axis():
    return _b21_named_sharding_unknown_axis()


@mistake("Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to device_put")
def r21_plain_device_put_spec_without_mesh():
    return _b21_device_put_spec_without_mesh()


@mistake(
    "jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to in_shardin"
)
def r21_plain_jit_in_shardings_spec_without_mesh():
    return _b21_jit_in_shardings_spec_without_mesh()


@mistake()
def r21_plain_auto_axes_unknown_axis():
    return _b21_auto_axes_unknown_axis()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r21_plain_zeros_out_sharding_unknown_axis():
    return _b21_zeros_out_sharding_unknown_axis()


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `ja"
)
def r21_plain_device_put_mesh_as_sharding():
    return _b21_device_put_mesh_as_sharding()


@mistake()
def r21_plain_partition_spec_int_entry():
    return _b21_partition_spec_int_entry()


@mistake()
def r21_plain_make_mesh_not_dividing():
    return _b21_make_mesh_not_dividing()


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r21_plain_make_mesh_names_length():
    return _b21_make_mesh_names_length()


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r21_plain_mesh_names_vs_devices():
    return _b21_mesh_names_vs_devices()


@mistake(
    "with_sharding_constraint requires a non-empty mesh in context if you are passing `Partitio"
)
def r21_plain_constraint_spec_without_mesh():
    return _b21_constraint_spec_without_mesh()


@mistake(
    "jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to out_shardi"
)
def r21_plain_jit_out_shardings_spec_without_mesh():
    return _b21_jit_out_shardings_spec_without_mesh()


@mistake(
    "Sharding spec ('x',) implies that array axis 0 is partitioned 2 times, but does not evenly"
)
def r21_plain_reshard_not_divisible():
    return _b21_reshard_not_divisible()


@mistake("unhashable type: 'list'")
def r21_plain_named_sharding_spec_list():
    return _b21_named_sharding_spec_list()


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `ja"
)
def r21_plain_device_put_not_a_sharding():
    return _b21_device_put_not_a_sharding()


@mistake(
    "Context mesh cannot be empty. Please use `jax.set_mesh` API to enter into a mesh context w"
)
def r21_plain_explicit_axes_unknown_axis():
    return _b21_explicit_axes_unknown_axis()


@mistake(
    "shard_map in_specs argument must refer to an axis marked as manual (frozenset({'x'})), but"
)
def r21_plain_smap_in_specs_unknown_axis():
    return _b21_smap_in_specs_unknown_axis()


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r21_plain_smap_out_specs_replicated_varying():
    return _b21_smap_out_specs_replicated_varying()


@mistake("The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh context")
def r21_plain_smap_without_mesh():
    return _b21_smap_without_mesh()


@mistake("pytree structure error: different types at key path")
def r21_plain_smap_returns_fewer_outputs():
    return _b21_smap_returns_fewer_outputs()


@mistake("tuple index out of range")
def r21_plain_smap_all_to_all_split_axis():
    return _b21_smap_all_to_all_split_axis()


@mistake(
    "jax.shard_map requires axis_names=frozenset({'z'}) to be a subset of mesh.axis_names=froze"
)
def r21_plain_smap_axis_names_unknown():
    return _b21_smap_axis_names_unknown()


@mistake(
    "shard_map applied to the function '<lambda>' was given an in_specs entry which is too long"
)
def r21_plain_smap_in_spec_too_long():
    return _b21_smap_in_spec_too_long()


@mistake("shard_map requires a callable for its first argument, but got 3 of type <class 'int'>.")
def r21_plain_smap_not_callable():
    return _b21_smap_not_callable()


@mistake("axis 3 is out of bounds for array of dimension 2")
def r21_plain_smap_all_gather_axis_out_of_range():
    return _b21_smap_all_gather_axis_out_of_range()


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (2, -1).")
def r21_plain_zeros_negative_dim():
    return _b21_zeros_negative_dim()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r21_plain_zeros_float_shape():
    return _b21_zeros_float_shape()


@mistake("division by zero")
def r21_plain_arange_zero_step():
    return _b21_arange_zero_step()


@mistake("Number of samples, -1, must be non-negative.")
def r21_plain_linspace_negative_num():
    return _b21_linspace_negative_num()


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (2.5,). argument of 'N"
)
def r21_plain_eye_float_n():
    return _b21_eye_float_n()


@mistake("axis 3 is out of bounds for array of dimension 1")
def r21_plain_take_axis_out_of_range():
    return _b21_take_axis_out_of_range()


@mistake("Need at least one array to stack.")
def r21_plain_stack_empty():
    return _b21_stack_empty()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r21_plain_nonzero_in_jit_without_size():
    return _b21_nonzero_in_jit_without_size()


@mistake("tuple index out of range")
def r21_plain_argmax_axis_out_of_range():
    return _b21_argmax_axis_out_of_range()


@mistake("duplicate value in 'axis': (0, 0)")
def r21_plain_sum_repeated_axes():
    return _b21_sum_repeated_axes()


@mistake("'float' object is not iterable")
def r21_plain_mean_float_axis():
    return _b21_mean_float_axis()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (np.float64(7.5),).")
def r21_plain_tile_float_reps():
    return _b21_tile_float_reps()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r21_plain_repeat_traced_repeats():
    return _b21_repeat_traced_repeats()


@mistake(
    "jnp.pad: pad_width with nd=1 has unsupported shape (2, 2). Valid shapes are (1, 2), (1, 2)"
)
def r21_plain_pad_width_rank():
    return _b21_pad_width_rank()


@mistake("Unimplemented padding mode 'bogus' for np.pad.")
def r21_plain_pad_unknown_mode():
    return _b21_pad_unknown_mode()


@mistake("JAX only supports number, bool, and string dtypes, got dtype float128 in astype")
def r21_plain_astype_unknown_dtype():
    return _b21_astype_unknown_dtype()


@mistake("matmul input operand 0 must have ndim at least 1, but it has ndim 0")
def r21_plain_matmul_scalar():
    return _b21_matmul_scalar()


@mistake("Argument to inv must have shape [..., n, n], got (2, 3).")
def r21_plain_inv_non_square():
    return _b21_inv_non_square()


@mistake(
    "inconsistent size for core dimension 'm': 3 vs 2 on vectorized function with excluded=froz"
)
def r21_plain_solve_shapes():
    return _b21_solve_shapes()


@mistake("Argument to _det() must have shape [..., n, n], got (3,)")
def r21_plain_det_vector():
    return _b21_det_vector()


@mistake("Number of einsum subscripts, 1, must be equal to the number of operands, 2.")
def r21_plain_einsum_too_many_operands():
    return _b21_einsum_too_many_operands()


@mistake("axis 3 is out of bounds for array of dimension 2")
def r21_plain_moveaxis_out_of_range():
    return _b21_moveaxis_out_of_range()


@mistake("index 2 is out of bounds for axis 0 with size 2")
def r21_plain_swapaxes_out_of_range():
    return _b21_swapaxes_out_of_range()


@mistake("axis 3 is out of bounds for array of dimension 2")
def r21_plain_expand_dims_out_of_range():
    return _b21_expand_dims_out_of_range()


@mistake("axis 2 is out of bounds for array of dimension 1")
def r21_plain_roll_axis_out_of_range():
    return _b21_roll_axis_out_of_range()


@mistake("axis 2 is out of bounds for array of dimension 1")
def r21_plain_flip_axis_out_of_range():
    return _b21_flip_axis_out_of_range()


@mistake("diag input must be 1d or 2d")
def r21_plain_diag_rank3():
    return _b21_diag_rank3()


@mistake("axis 1 is out of bounds for array of dimension 1")
def r21_plain_trace_vector():
    return _b21_trace_vector()


@mistake("axis 2 is out of bounds for array of dimension 1")
def r21_plain_cumsum_axis_out_of_range():
    return _b21_cumsum_axis_out_of_range()


@mistake("axis 2 is out of bounds for array of dimension 1")
def r21_plain_sort_axis_out_of_range():
    return _b21_sort_axis_out_of_range()


@mistake("xp and fp must be one-dimensional arrays of equal size")
def r21_plain_interp_lengths():
    return _b21_interp_lengths()


@mistake("Incompatible types for broadcasting: input type=float32[3] and requested type=float32[2]")
def r21_plain_full_fill_shape():
    return _b21_full_fill_shape()


@mistake(
    "setting an array element with a sequence. The requested array has an inhomogeneous shape a"
)
def r21_plain_array_ragged():
    return _b21_array_ragged()


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r21_plain_index_too_many():
    return _b21_index_too_many()


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r21_plain_index_float():
    return _b21_index_float()


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r21_plain_index_float_array():
    return _b21_index_float_array()


@mistake('Unknown gather mode "bogus"')
def r21_plain_at_get_bad_mode():
    return _b21_at_get_bad_mode()


@mistake("tuple index out of range")
def r21_plain_split_axis_out_of_range():
    return _b21_split_axis_out_of_range()


@mistake("Dimension must be either 2 or 3 for cross product")
def r21_plain_cross_length4():
    return _b21_cross_length4()


@mistake("convolve() only support 1-dimensional inputs.")
def r21_plain_convolve_2d():
    return _b21_convolve_2d()


@mistake("x argument to bincount must have an integer type; got float32")
def r21_plain_bincount_float():
    return _b21_bincount_float()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r21_plain_bincount_in_jit_without_length():
    return _b21_bincount_in_jit_without_length()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r21_plain_unique_in_jit_without_size():
    return _b21_unique_in_jit_without_size()


@mistake("'float' object cannot be interpreted as an integer")
def r21_plain_round_float_decimals():
    return _b21_round_float_decimals()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r21_plain_where_one_arg_in_jit():
    return _b21_where_one_arg_in_jit()


@mistake("index is out of bounds for axis 0 with size 0")
def r21_plain_histogram_negative_bins():
    return _b21_histogram_negative_bins()


@mistake("max got incompatible shapes for broadcasting: (2,), (3,).")
def r21_plain_clip_array_bounds_shape():
    return _b21_clip_array_bounds_shape()


@mistake("Zero-dimensional arrays cannot be concatenated.")
def r21_plain_concatenate_scalars():
    return _b21_concatenate_scalars()


@mistake("len(multi_index)=1 != len(dims)=2")
def r21_plain_ravel_multi_index_shape():
    return _b21_ravel_multi_index_shape()


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r21_plain_fori_carry_structure():
    return _b21_fori_carry_structure()


@mistake("_b21_fori_body_arity.<locals>.<lambda>() takes 1 positional argument but 2 were given")
def r21_plain_fori_body_arity():
    return _b21_fori_body_arity()


@mistake(
    "cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[], weak"
)
def r21_plain_while_cond_float():
    return _b21_while_cond_float()


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r21_plain_while_body_structure():
    return _b21_while_body_structure()


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r21_plain_while_cond_non_scalar():
    return _b21_while_cond_non_scalar()


@mistake()
def r21_plain_while_carry_dtype():
    return _b21_while_carry_dtype()


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r21_plain_scan_length_mismatch():
    return _b21_scan_length_mismatch()


@mistake("scan got no values to scan over and `length` not provided.")
def r21_plain_scan_no_xs_no_length():
    return _b21_scan_no_xs_no_length()


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r21_plain_scan_xs_leading_dims():
    return _b21_scan_xs_leading_dims()


@mistake()
def r21_plain_scan_carry_dtype():
    return _b21_scan_carry_dtype()


@mistake("tuple index out of range")
def r21_plain_map_scalar_xs():
    return _b21_map_scalar_xs()


@mistake("cond branches must have equal output types but they differ.")
def r21_plain_cond_branch_dtypes():
    return _b21_cond_branch_dtypes()


@mistake("Empty branch sequence")
def r21_plain_switch_no_branches():
    return _b21_switch_no_branches()


@mistake("'function' object is not iterable")
def r21_plain_switch_branches_not_sequence():
    return _b21_switch_branches_not_sequence()


@mistake()
def r21_plain_cond_float_pred():
    return _b21_cond_float_pred()


@mistake("axis 2 is out of bounds for array of dimension 1")
def r21_plain_associative_scan_axis():
    return _b21_associative_scan_axis()


@mistake("reduction axes (2,) contains out-of-bounds indices for float32[3].")
def r21_plain_reduce_dims_out_of_range():
    return _b21_reduce_dims_out_of_range()


@mistake()
def r21_plain_fori_float_bounds():
    return _b21_fori_float_bounds()


@mistake("lax.cond: true_fun and false_fun arguments should be callable.")
def r21_plain_cond_branch_not_callable():
    return _b21_cond_branch_not_callable()


@mistake("pytree structure error: different pytree metadata at key path")
def r21_plain_tree_map_dict_keys():
    return _b21_tree_map_dict_keys()


@mistake("pytree structure error: different types at key path")
def r21_plain_tree_map_tuple_vs_list():
    return _b21_tree_map_tuple_vs_list()


@mistake("Too few leaves for PyTreeDef; expected 2, got 1")
def r21_plain_tree_unflatten_leaf_count():
    return _b21_tree_unflatten_leaf_count()


@mistake("Comparator raised exception while sorting pytree dictionary keys.")
def r21_plain_jit_dict_mixed_keys():
    return _b21_jit_dict_mixed_keys()


@mistake("unsupported operand type(s) for +: 'float' and 'NoneType'")
def r21_plain_tree_map_none_leaf():
    return _b21_tree_map_none_leaf()


@mistake(
    "Function to be exported must be the result of `jit` but is: <function _b21_export_not_jitt"
)
def r21_plain_export_not_jitted():
    return _b21_export_not_jitted()


@mistake(
    "Shape mismatch for args[0].shape[0] (expected same constant): expected (2,) and called wit"
)
def r21_plain_export_call_wrong_shape():
    return _b21_export_call_wrong_shape()


@mistake("Dtype mismatch for args[0]: expected float32 and called with int32")
def r21_plain_export_call_wrong_dtype():
    return _b21_export_call_wrong_dtype()


@mistake()
def r21_plain_export_unknown_platform():
    return _b21_export_unknown_platform()


@mistake(
    "syntax error in symbolic shape 'a, +' in dimension 1: expecting one of {NAME, MINUS, NUMBE"
)
def r21_plain_symbolic_shape_parse():
    return _b21_symbolic_shape_parse()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r21_plain_static_argnums_array():
    return _b21_static_argnums_array()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r21_plain_static_argnums_list():
    return _b21_static_argnums_list()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r21_plain_static_argnums_dict():
    return _b21_static_argnums_dict()


@mistake(
    "static_argnames and donate_argnames cannot intersect. Argument names {'a'} appear in both"
)
def r21_plain_donate_and_static_same():
    return _b21_donate_and_static_same()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r21_plain_static_argnames_unhashable():
    return _b21_static_argnames_unhashable()


@mistake("Expected a callable value, got 3")
def r21_plain_jit_not_callable():
    return _b21_jit_not_callable()


@mistake(
    "Jitted function has invalid argnames {'b'} in donate_argnames. Function does not take thes"
)
def r21_plain_donate_argnames_unknown():
    return _b21_donate_argnames_unknown()


@mistake("'float' object is not iterable")
def r21_plain_static_argnums_float():
    return _b21_static_argnums_float()


# ---------------------------------------------------------------------------------------------
# jit


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r21_jit_split_float_num():
    return jax.jit(lambda: _keep21(_b21_split_float_num()))()


@mistake()
def r21_jit_fold_in_float_data():
    return jax.jit(lambda: _keep21(_b21_fold_in_float_data()))()


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r21_jit_normal_float_key():
    return jax.jit(lambda: _keep21(_b21_normal_float_key()))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data to have ndim, shape, and dtype at"
)
def r21_jit_normal_int_key():
    return jax.jit(lambda: _keep21(_b21_normal_int_key()))()


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r21_jit_split_scalar_raw_key():
    return jax.jit(lambda: _keep21(_b21_split_scalar_raw_key()))()


@mistake()
def r21_jit_key_data_of_raw_array():
    return jax.jit(lambda: _keep21(_b21_key_data_of_raw_array()))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r21_jit_wrap_key_data_float():
    return jax.jit(lambda: _keep21(_b21_wrap_key_data_float()))()


@mistake("mul got incompatible shapes for broadcasting: (2,), (3,).")
def r21_jit_uniform_minval_shape():
    return jax.jit(lambda: _keep21(_b21_uniform_minval_shape()))()


@mistake("randint only accepts integer dtypes, got float32")
def r21_jit_randint_float_dtype():
    return jax.jit(lambda: _keep21(_b21_randint_float_dtype()))()


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r21_jit_normal_int_dtype():
    return jax.jit(lambda: _keep21(_b21_normal_int_dtype()))()


@mistake("dtype argument to `uniform` must be a float dtype, got int32")
def r21_jit_uniform_int_dtype():
    return jax.jit(lambda: _keep21(_b21_uniform_int_dtype()))()


@mistake("Cannot take a larger sample (size 5) than population (size 3) when 'replace=False'")
def r21_jit_choice_too_many_without_replace():
    return jax.jit(lambda: _keep21(_b21_choice_too_many_without_replace()))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r21_jit_choice_axis_out_of_range():
    return jax.jit(lambda: _keep21(_b21_choice_axis_out_of_range()))()


@mistake(
    "p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (4,) and a."
)
def r21_jit_choice_p_wrong_length():
    return jax.jit(lambda: _keep21(_b21_choice_p_wrong_length()))()


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r21_jit_bernoulli_p_shape():
    return jax.jit(lambda: _keep21(_b21_bernoulli_p_shape()))()


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (np.int64(2),)]")
def r21_jit_categorical_shape():
    return jax.jit(lambda: _keep21(_b21_categorical_shape()))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r21_jit_permutation_axis_out_of_range():
    return jax.jit(lambda: _keep21(_b21_permutation_axis_out_of_range()))()


@mistake("x must be an integer or at least 1-dimensional")
def r21_jit_permutation_float_int():
    return jax.jit(lambda: _keep21(_b21_permutation_float_int()))()


@mistake(
    "key accepts a scalar seed, but was given an array of shape (2,) != (). Use jax.vmap for ba"
)
def r21_jit_key_of_vector_seed():
    return jax.jit(lambda: _keep21(_b21_key_of_vector_seed()))()


@mistake()
def r21_jit_prngkey_float_seed():
    return jax.jit(lambda: _keep21(_b21_prngkey_float_seed()))()


@mistake()
def r21_jit_key_impl_of_raw():
    return jax.jit(lambda: _keep21(_b21_key_impl_of_raw()))()


@mistake(
    "multivariate_normal requires cov.shape == (..., n, n) for n=2, but got cov.shape == (3, 3)"
)
def r21_jit_multivariate_normal_cov_shape():
    return jax.jit(lambda: _keep21(_b21_multivariate_normal_cov_shape()))()


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r21_jit_gamma_a_shape():
    return jax.jit(lambda: _keep21(_b21_gamma_a_shape()))()


@mistake("add does not accept dtypes key<fry>, int32.")
def r21_jit_key_plus_one():
    return jax.jit(lambda: _keep21(_b21_key_plus_one()))()


@mistake("Cannot convert_element_type from key<fry> to float32")
def r21_jit_key_astype_float():
    return jax.jit(lambda: _keep21(_b21_key_astype_float()))()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.0,).")
def r21_jit_normal_shape_float():
    return jax.jit(lambda: _keep21(_b21_normal_shape_float()))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r21_jit_split_key_array_of_keys_shape():
    return jax.jit(lambda: _keep21(_b21_split_key_array_of_keys_shape()))()


@mistake("dtype argument to `truncated_normal` must be a float dtype, got int32")
def r21_jit_truncated_normal_int_dtype():
    return jax.jit(lambda: _keep21(_b21_truncated_normal_int_dtype()))()


@mistake("dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0")
def r21_jit_dirichlet_alpha_scalar():
    return jax.jit(lambda: _keep21(_b21_dirichlet_alpha_scalar()))()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r21_jit_vmap_in_axes_tuple_short():
    return jax.jit(lambda: _keep21(_b21_vmap_in_axes_tuple_short()))()


@mistake()
def r21_jit_vmap_in_axes_list():
    return jax.jit(lambda: _keep21(_b21_vmap_in_axes_list()))()


@mistake("axis 1 is out of bounds for array of dimension 1")
def r21_jit_vmap_out_axes_out_of_range():
    return jax.jit(lambda: _keep21(_b21_vmap_out_axes_out_of_range()))()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r21_jit_vmap_in_axes_float():
    return jax.jit(lambda: _keep21(_b21_vmap_in_axes_float()))()


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r21_jit_vmap_all_none_no_size():
    return jax.jit(lambda: _keep21(_b21_vmap_all_none_no_size()))()


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r21_jit_vmap_in_axes_dict_wrong_key():
    return jax.jit(lambda: _keep21(_b21_vmap_in_axes_dict_wrong_key()))()


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r21_jit_vmap_out_axes_structure():
    return jax.jit(lambda: _keep21(_b21_vmap_out_axes_structure()))()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r21_jit_vmap_in_axes_string():
    return jax.jit(lambda: _keep21(_b21_vmap_in_axes_string()))()


@mistake(
    "vmap wrapped function must be passed at least one argument containing an array or axis_siz"
)
def r21_jit_vmap_no_arguments():
    return jax.jit(lambda: _keep21(_b21_vmap_no_arguments()))()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r21_jit_vmap_kwarg_in_axes_none():
    return jax.jit(lambda: _keep21(_b21_vmap_kwarg_in_axes_none()))()


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (-1,).")
def r21_jit_vmap_axis_size_negative():
    return jax.jit(lambda: _keep21(_b21_vmap_axis_size_negative()))()


@mistake("at vmap out_axes, got axis spec None but output was batched on axis 0")
def r21_jit_vmap_out_axes_none_batched():
    return jax.jit(lambda: _keep21(_b21_vmap_out_axes_none_batched()))()


@mistake(
    "Positional argument indices, e.g. for `static_argnums`, must have value greater than or eq"
)
def r21_jit_grad_argnums_negative_out_of_range():
    return jax.jit(lambda: _keep21(_b21_grad_argnums_negative_out_of_range()))()


@mistake("'float' object is not iterable")
def r21_jit_grad_argnums_float():
    return jax.jit(lambda: _keep21(_b21_grad_argnums_float()))()


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r21_jit_grad_has_aux_non_scalar():
    return jax.jit(lambda: _keep21(_b21_grad_has_aux_non_scalar()))()


@mistake(
    "Gradient only defined for scalar-output functions. Output was (TypedFloat(1.0, dtype=float"
)
def r21_jit_value_and_grad_tuple_output():
    return jax.jit(lambda: _keep21(_b21_value_and_grad_tuple_output()))()


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but g"
)
def r21_jit_jacfwd_int_input():
    return jax.jit(lambda: _keep21(_b21_jacfwd_int_input()))()


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but g"
)
def r21_jit_hessian_int_input():
    return jax.jit(lambda: _keep21(_b21_hessian_int_input()))()


@mistake()
def r21_jit_grad_none_input():
    return jax.jit(lambda: _keep21(_b21_grad_none_input()))()


@mistake("grad with holomorphic=True requires inputs with complex dtype, but got float32.")
def r21_jit_grad_holomorphic_real_input():
    return jax.jit(lambda: _keep21(_b21_grad_holomorphic_real_input()))()


@mistake(
    "jvp called with different primal and tangent shapes;Got primal shape (3,) and tangent shap"
)
def r21_jit_jvp_tangent_shape():
    return jax.jit(lambda: _keep21(_b21_jvp_tangent_shape()))()


@mistake(
    "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in case of"
)
def r21_jit_jvp_tangent_dtype():
    return jax.jit(lambda: _keep21(_b21_jvp_tangent_dtype()))()


@mistake()
def r21_jit_jvp_lists():
    return jax.jit(lambda: _keep21(_b21_jvp_lists()))()


@mistake(
    "primal and tangent arguments to jax.jvp must have the same tree structure; primals have tr"
)
def r21_jit_jvp_tangent_count():
    return jax.jit(lambda: _keep21(_b21_jvp_tangent_count()))()


@mistake(
    "unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float32[2], but e"
)
def r21_jit_vjp_cotangent_shape():
    return jax.jit(lambda: _keep21(_b21_vjp_cotangent_shape()))()


@mistake(
    "Gradient only defined for scalar-output functions. Output was [TypedFloat(1.0, dtype=float"
)
def r21_jit_grad_returns_list():
    return jax.jit(lambda: _keep21(_b21_grad_returns_list()))()


@mistake(
    "jacrev requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inex"
)
def r21_jit_jacrev_int_input():
    return jax.jit(lambda: _keep21(_b21_jacrev_int_input()))()


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r21_jit_grad_of_bool_input():
    return jax.jit(lambda: _keep21(_b21_grad_of_bool_input()))()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r21_jit_named_sharding_unknown_axis():
    return jax.jit(lambda: _keep21(_b21_named_sharding_unknown_axis()))()


@mistake("Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to device_put")
def r21_jit_device_put_spec_without_mesh():
    return jax.jit(lambda: _keep21(_b21_device_put_spec_without_mesh()))()


@mistake(
    "jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to in_shardin"
)
def r21_jit_jit_in_shardings_spec_without_mesh():
    return jax.jit(lambda: _keep21(_b21_jit_in_shardings_spec_without_mesh()))()


@mistake()
def r21_jit_auto_axes_unknown_axis():
    return jax.jit(lambda: _keep21(_b21_auto_axes_unknown_axis()))()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r21_jit_zeros_out_sharding_unknown_axis():
    return jax.jit(lambda: _keep21(_b21_zeros_out_sharding_unknown_axis()))()


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `ja"
)
def r21_jit_device_put_mesh_as_sharding():
    return jax.jit(lambda: _keep21(_b21_device_put_mesh_as_sharding()))()


@mistake()
def r21_jit_partition_spec_int_entry():
    return jax.jit(lambda: _keep21(_b21_partition_spec_int_entry()))()


@mistake()
def r21_jit_make_mesh_not_dividing():
    return jax.jit(lambda: _keep21(_b21_make_mesh_not_dividing()))()


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r21_jit_make_mesh_names_length():
    return jax.jit(lambda: _keep21(_b21_make_mesh_names_length()))()


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r21_jit_mesh_names_vs_devices():
    return jax.jit(lambda: _keep21(_b21_mesh_names_vs_devices()))()


@mistake(
    "with_sharding_constraint requires a non-empty mesh in context if you are passing `Partitio"
)
def r21_jit_constraint_spec_without_mesh():
    return jax.jit(lambda: _keep21(_b21_constraint_spec_without_mesh()))()


@mistake(
    "jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to out_shardi"
)
def r21_jit_jit_out_shardings_spec_without_mesh():
    return jax.jit(lambda: _keep21(_b21_jit_out_shardings_spec_without_mesh()))()


@mistake(
    "Sharding spec ('x',) implies that array axis 0 is partitioned 2 times, but does not evenly"
)
def r21_jit_reshard_not_divisible():
    return jax.jit(lambda: _keep21(_b21_reshard_not_divisible()))()


@mistake("unhashable type: 'list'")
def r21_jit_named_sharding_spec_list():
    return jax.jit(lambda: _keep21(_b21_named_sharding_spec_list()))()


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `ja"
)
def r21_jit_device_put_not_a_sharding():
    return jax.jit(lambda: _keep21(_b21_device_put_not_a_sharding()))()


@mistake(
    "Context mesh cannot be empty. Please use `jax.set_mesh` API to enter into a mesh context w"
)
def r21_jit_explicit_axes_unknown_axis():
    return jax.jit(lambda: _keep21(_b21_explicit_axes_unknown_axis()))()


@mistake(
    "shard_map in_specs argument must refer to an axis marked as manual (frozenset({'x'})), but"
)
def r21_jit_smap_in_specs_unknown_axis():
    return jax.jit(lambda: _keep21(_b21_smap_in_specs_unknown_axis()))()


@mistake(
    "shard_map applied to the function '<lambda>' was given out_specs which require replication"
)
def r21_jit_smap_out_specs_replicated_varying():
    return jax.jit(lambda: _keep21(_b21_smap_out_specs_replicated_varying()))()


@mistake("The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh context")
def r21_jit_smap_without_mesh():
    return jax.jit(lambda: _keep21(_b21_smap_without_mesh()))()


@mistake("pytree structure error: different types at key path")
def r21_jit_smap_returns_fewer_outputs():
    return jax.jit(lambda: _keep21(_b21_smap_returns_fewer_outputs()))()


@mistake("tuple index out of range")
def r21_jit_smap_all_to_all_split_axis():
    return jax.jit(lambda: _keep21(_b21_smap_all_to_all_split_axis()))()


@mistake(
    "jax.shard_map requires axis_names=frozenset({'z'}) to be a subset of mesh.axis_names=froze"
)
def r21_jit_smap_axis_names_unknown():
    return jax.jit(lambda: _keep21(_b21_smap_axis_names_unknown()))()


@mistake(
    "shard_map applied to the function '<lambda>' was given an in_specs entry which is too long"
)
def r21_jit_smap_in_spec_too_long():
    return jax.jit(lambda: _keep21(_b21_smap_in_spec_too_long()))()


@mistake("shard_map requires a callable for its first argument, but got 3 of type <class 'int'>.")
def r21_jit_smap_not_callable():
    return jax.jit(lambda: _keep21(_b21_smap_not_callable()))()


@mistake("axis 3 is out of bounds for array of dimension 2")
def r21_jit_smap_all_gather_axis_out_of_range():
    return jax.jit(lambda: _keep21(_b21_smap_all_gather_axis_out_of_range()))()


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (2, -1).")
def r21_jit_zeros_negative_dim():
    return jax.jit(lambda: _keep21(_b21_zeros_negative_dim()))()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r21_jit_zeros_float_shape():
    return jax.jit(lambda: _keep21(_b21_zeros_float_shape()))()


@mistake("division by zero")
def r21_jit_arange_zero_step():
    return jax.jit(lambda: _keep21(_b21_arange_zero_step()))()


@mistake("Number of samples, -1, must be non-negative.")
def r21_jit_linspace_negative_num():
    return jax.jit(lambda: _keep21(_b21_linspace_negative_num()))()


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (2.5,). argument of 'N"
)
def r21_jit_eye_float_n():
    return jax.jit(lambda: _keep21(_b21_eye_float_n()))()


@mistake("axis 3 is out of bounds for array of dimension 1")
def r21_jit_take_axis_out_of_range():
    return jax.jit(lambda: _keep21(_b21_take_axis_out_of_range()))()


@mistake("Need at least one array to stack.")
def r21_jit_stack_empty():
    return jax.jit(lambda: _keep21(_b21_stack_empty()))()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r21_jit_nonzero_in_jit_without_size():
    return jax.jit(lambda: _keep21(_b21_nonzero_in_jit_without_size()))()


@mistake("tuple index out of range")
def r21_jit_argmax_axis_out_of_range():
    return jax.jit(lambda: _keep21(_b21_argmax_axis_out_of_range()))()


@mistake("duplicate value in 'axis': (0, 0)")
def r21_jit_sum_repeated_axes():
    return jax.jit(lambda: _keep21(_b21_sum_repeated_axes()))()


@mistake("'float' object is not iterable")
def r21_jit_mean_float_axis():
    return jax.jit(lambda: _keep21(_b21_mean_float_axis()))()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (np.float64(7.5),).")
def r21_jit_tile_float_reps():
    return jax.jit(lambda: _keep21(_b21_tile_float_reps()))()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r21_jit_repeat_traced_repeats():
    return jax.jit(lambda: _keep21(_b21_repeat_traced_repeats()))()


@mistake(
    "jnp.pad: pad_width with nd=1 has unsupported shape (2, 2). Valid shapes are (1, 2), (1, 2)"
)
def r21_jit_pad_width_rank():
    return jax.jit(lambda: _keep21(_b21_pad_width_rank()))()


@mistake("Unimplemented padding mode 'bogus' for np.pad.")
def r21_jit_pad_unknown_mode():
    return jax.jit(lambda: _keep21(_b21_pad_unknown_mode()))()


@mistake("JAX only supports number, bool, and string dtypes, got dtype float128 in astype")
def r21_jit_astype_unknown_dtype():
    return jax.jit(lambda: _keep21(_b21_astype_unknown_dtype()))()


@mistake("matmul input operand 0 must have ndim at least 1, but it has ndim 0")
def r21_jit_matmul_scalar():
    return jax.jit(lambda: _keep21(_b21_matmul_scalar()))()


@mistake("Argument to inv must have shape [..., n, n], got (2, 3).")
def r21_jit_inv_non_square():
    return jax.jit(lambda: _keep21(_b21_inv_non_square()))()


@mistake(
    "inconsistent size for core dimension 'm': 3 vs 2 on vectorized function with excluded=froz"
)
def r21_jit_solve_shapes():
    return jax.jit(lambda: _keep21(_b21_solve_shapes()))()


@mistake("Argument to _det() must have shape [..., n, n], got (3,)")
def r21_jit_det_vector():
    return jax.jit(lambda: _keep21(_b21_det_vector()))()


@mistake("Number of einsum subscripts, 1, must be equal to the number of operands, 2.")
def r21_jit_einsum_too_many_operands():
    return jax.jit(lambda: _keep21(_b21_einsum_too_many_operands()))()


@mistake("axis 3 is out of bounds for array of dimension 2")
def r21_jit_moveaxis_out_of_range():
    return jax.jit(lambda: _keep21(_b21_moveaxis_out_of_range()))()


@mistake("index 2 is out of bounds for axis 0 with size 2")
def r21_jit_swapaxes_out_of_range():
    return jax.jit(lambda: _keep21(_b21_swapaxes_out_of_range()))()


@mistake("axis 3 is out of bounds for array of dimension 2")
def r21_jit_expand_dims_out_of_range():
    return jax.jit(lambda: _keep21(_b21_expand_dims_out_of_range()))()


@mistake("axis 2 is out of bounds for array of dimension 1")
def r21_jit_roll_axis_out_of_range():
    return jax.jit(lambda: _keep21(_b21_roll_axis_out_of_range()))()


@mistake("axis 2 is out of bounds for array of dimension 1")
def r21_jit_flip_axis_out_of_range():
    return jax.jit(lambda: _keep21(_b21_flip_axis_out_of_range()))()


@mistake("diag input must be 1d or 2d")
def r21_jit_diag_rank3():
    return jax.jit(lambda: _keep21(_b21_diag_rank3()))()


@mistake("axis 1 is out of bounds for array of dimension 1")
def r21_jit_trace_vector():
    return jax.jit(lambda: _keep21(_b21_trace_vector()))()


@mistake("axis 2 is out of bounds for array of dimension 1")
def r21_jit_cumsum_axis_out_of_range():
    return jax.jit(lambda: _keep21(_b21_cumsum_axis_out_of_range()))()


@mistake("axis 2 is out of bounds for array of dimension 1")
def r21_jit_sort_axis_out_of_range():
    return jax.jit(lambda: _keep21(_b21_sort_axis_out_of_range()))()


@mistake("xp and fp must be one-dimensional arrays of equal size")
def r21_jit_interp_lengths():
    return jax.jit(lambda: _keep21(_b21_interp_lengths()))()


@mistake("Incompatible types for broadcasting: input type=float32[3] and requested type=float32[2]")
def r21_jit_full_fill_shape():
    return jax.jit(lambda: _keep21(_b21_full_fill_shape()))()


@mistake(
    "setting an array element with a sequence. The requested array has an inhomogeneous shape a"
)
def r21_jit_array_ragged():
    return jax.jit(lambda: _keep21(_b21_array_ragged()))()


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r21_jit_index_too_many():
    return jax.jit(lambda: _keep21(_b21_index_too_many()))()


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r21_jit_index_float():
    return jax.jit(lambda: _keep21(_b21_index_float()))()


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r21_jit_index_float_array():
    return jax.jit(lambda: _keep21(_b21_index_float_array()))()


@mistake('Unknown gather mode "bogus"')
def r21_jit_at_get_bad_mode():
    return jax.jit(lambda: _keep21(_b21_at_get_bad_mode()))()


@mistake("tuple index out of range")
def r21_jit_split_axis_out_of_range():
    return jax.jit(lambda: _keep21(_b21_split_axis_out_of_range()))()


@mistake("Dimension must be either 2 or 3 for cross product")
def r21_jit_cross_length4():
    return jax.jit(lambda: _keep21(_b21_cross_length4()))()


@mistake("convolve() only support 1-dimensional inputs.")
def r21_jit_convolve_2d():
    return jax.jit(lambda: _keep21(_b21_convolve_2d()))()


@mistake("x argument to bincount must have an integer type; got float32")
def r21_jit_bincount_float():
    return jax.jit(lambda: _keep21(_b21_bincount_float()))()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r21_jit_bincount_in_jit_without_length():
    return jax.jit(lambda: _keep21(_b21_bincount_in_jit_without_length()))()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r21_jit_unique_in_jit_without_size():
    return jax.jit(lambda: _keep21(_b21_unique_in_jit_without_size()))()


@mistake("'float' object cannot be interpreted as an integer")
def r21_jit_round_float_decimals():
    return jax.jit(lambda: _keep21(_b21_round_float_decimals()))()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r21_jit_where_one_arg_in_jit():
    return jax.jit(lambda: _keep21(_b21_where_one_arg_in_jit()))()


@mistake("index is out of bounds for axis 0 with size 0")
def r21_jit_histogram_negative_bins():
    return jax.jit(lambda: _keep21(_b21_histogram_negative_bins()))()


@mistake("max got incompatible shapes for broadcasting: (2,), (3,).")
def r21_jit_clip_array_bounds_shape():
    return jax.jit(lambda: _keep21(_b21_clip_array_bounds_shape()))()


@mistake("Zero-dimensional arrays cannot be concatenated.")
def r21_jit_concatenate_scalars():
    return jax.jit(lambda: _keep21(_b21_concatenate_scalars()))()


@mistake("len(multi_index)=1 != len(dims)=2")
def r21_jit_ravel_multi_index_shape():
    return jax.jit(lambda: _keep21(_b21_ravel_multi_index_shape()))()


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r21_jit_fori_carry_structure():
    return jax.jit(lambda: _keep21(_b21_fori_carry_structure()))()


@mistake("_b21_fori_body_arity.<locals>.<lambda>() takes 1 positional argument but 2 were given")
def r21_jit_fori_body_arity():
    return jax.jit(lambda: _keep21(_b21_fori_body_arity()))()


@mistake(
    "cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[], weak"
)
def r21_jit_while_cond_float():
    return jax.jit(lambda: _keep21(_b21_while_cond_float()))()


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r21_jit_while_body_structure():
    return jax.jit(lambda: _keep21(_b21_while_body_structure()))()


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r21_jit_while_cond_non_scalar():
    return jax.jit(lambda: _keep21(_b21_while_cond_non_scalar()))()


@mistake()
def r21_jit_while_carry_dtype():
    return jax.jit(lambda: _keep21(_b21_while_carry_dtype()))()


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r21_jit_scan_length_mismatch():
    return jax.jit(lambda: _keep21(_b21_scan_length_mismatch()))()


@mistake("scan got no values to scan over and `length` not provided.")
def r21_jit_scan_no_xs_no_length():
    return jax.jit(lambda: _keep21(_b21_scan_no_xs_no_length()))()


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r21_jit_scan_xs_leading_dims():
    return jax.jit(lambda: _keep21(_b21_scan_xs_leading_dims()))()


@mistake()
def r21_jit_scan_carry_dtype():
    return jax.jit(lambda: _keep21(_b21_scan_carry_dtype()))()


@mistake("tuple index out of range")
def r21_jit_map_scalar_xs():
    return jax.jit(lambda: _keep21(_b21_map_scalar_xs()))()


@mistake("cond branches must have equal output types but they differ.")
def r21_jit_cond_branch_dtypes():
    return jax.jit(lambda: _keep21(_b21_cond_branch_dtypes()))()


@mistake("Empty branch sequence")
def r21_jit_switch_no_branches():
    return jax.jit(lambda: _keep21(_b21_switch_no_branches()))()


@mistake("'function' object is not iterable")
def r21_jit_switch_branches_not_sequence():
    return jax.jit(lambda: _keep21(_b21_switch_branches_not_sequence()))()


@mistake()
def r21_jit_cond_float_pred():
    return jax.jit(lambda: _keep21(_b21_cond_float_pred()))()


@mistake("axis 2 is out of bounds for array of dimension 1")
def r21_jit_associative_scan_axis():
    return jax.jit(lambda: _keep21(_b21_associative_scan_axis()))()


@mistake("reduction axes (2,) contains out-of-bounds indices for float32[3].")
def r21_jit_reduce_dims_out_of_range():
    return jax.jit(lambda: _keep21(_b21_reduce_dims_out_of_range()))()


@mistake()
def r21_jit_fori_float_bounds():
    return jax.jit(lambda: _keep21(_b21_fori_float_bounds()))()


@mistake("lax.cond: true_fun and false_fun arguments should be callable.")
def r21_jit_cond_branch_not_callable():
    return jax.jit(lambda: _keep21(_b21_cond_branch_not_callable()))()


@mistake("pytree structure error: different pytree metadata at key path")
def r21_jit_tree_map_dict_keys():
    return jax.jit(lambda: _keep21(_b21_tree_map_dict_keys()))()


@mistake("pytree structure error: different types at key path")
def r21_jit_tree_map_tuple_vs_list():
    return jax.jit(lambda: _keep21(_b21_tree_map_tuple_vs_list()))()


@mistake("Too few leaves for PyTreeDef; expected 2, got 1")
def r21_jit_tree_unflatten_leaf_count():
    return jax.jit(lambda: _keep21(_b21_tree_unflatten_leaf_count()))()


@mistake("Comparator raised exception while sorting pytree dictionary keys.")
def r21_jit_jit_dict_mixed_keys():
    return jax.jit(lambda: _keep21(_b21_jit_dict_mixed_keys()))()


@mistake("unsupported operand type(s) for +: 'float' and 'NoneType'")
def r21_jit_tree_map_none_leaf():
    return jax.jit(lambda: _keep21(_b21_tree_map_none_leaf()))()


@mistake(
    "Function to be exported must be the result of `jit` but is: <function _b21_export_not_jitt"
)
def r21_jit_export_not_jitted():
    return jax.jit(lambda: _keep21(_b21_export_not_jitted()))()


@mistake(
    "Shape mismatch for args[0].shape[0] (expected same constant): expected (2,) and called wit"
)
def r21_jit_export_call_wrong_shape():
    return jax.jit(lambda: _keep21(_b21_export_call_wrong_shape()))()


@mistake("Dtype mismatch for args[0]: expected float32 and called with int32")
def r21_jit_export_call_wrong_dtype():
    return jax.jit(lambda: _keep21(_b21_export_call_wrong_dtype()))()


@mistake()
def r21_jit_export_unknown_platform():
    return jax.jit(lambda: _keep21(_b21_export_unknown_platform()))()


@mistake(
    "syntax error in symbolic shape 'a, +' in dimension 1: expecting one of {NAME, MINUS, NUMBE"
)
def r21_jit_symbolic_shape_parse():
    return jax.jit(lambda: _keep21(_b21_symbolic_shape_parse()))()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r21_jit_static_argnums_array():
    return jax.jit(lambda: _keep21(_b21_static_argnums_array()))()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r21_jit_static_argnums_list():
    return jax.jit(lambda: _keep21(_b21_static_argnums_list()))()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r21_jit_static_argnums_dict():
    return jax.jit(lambda: _keep21(_b21_static_argnums_dict()))()


@mistake(
    "static_argnames and donate_argnames cannot intersect. Argument names {'a'} appear in both"
)
def r21_jit_donate_and_static_same():
    return jax.jit(lambda: _keep21(_b21_donate_and_static_same()))()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r21_jit_static_argnames_unhashable():
    return jax.jit(lambda: _keep21(_b21_static_argnames_unhashable()))()


@mistake("Expected a callable value, got 3")
def r21_jit_jit_not_callable():
    return jax.jit(lambda: _keep21(_b21_jit_not_callable()))()


@mistake(
    "Jitted function has invalid argnames {'b'} in donate_argnames. Function does not take thes"
)
def r21_jit_donate_argnames_unknown():
    return jax.jit(lambda: _keep21(_b21_donate_argnames_unknown()))()


@mistake("'float' object is not iterable")
def r21_jit_static_argnums_float():
    return jax.jit(lambda: _keep21(_b21_static_argnums_float()))()
