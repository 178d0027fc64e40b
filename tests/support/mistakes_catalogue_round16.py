# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 16 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules):
explicit sharding (reshard / auto_axes / explicit_axes misuse, sharding-in-types mismatches),
jax.random (old-style against typed keys, shapes and dtypes), vmap (in_axes / out_axes /
axis_name / spmd_axis_name / axis_size), shard_map (in_specs / out_specs / check_vma), jax.export,
custom_vjp / custom_jvp signatures, lax control-flow carries, pytree registration, jnp
functions given wrong keywords, dtypes with x64 off, donation, device_put and meshes, Pallas in
interpret mode, jax.tree and jax.debug.callback. A bare `@mistake()` marks a program JAX 0.10.2
accepts (meshjit must too). The runner executes it after the earlier rounds, in the same
namespace (`mesh2`, `mesh24`, `emesh`, `_smap`, `_eput`, `_set_mesh`, `_sub`, `_pcall`, ... are
in scope)."""

x24 = np.arange(8, dtype=np.float32).reshape(2, 4)


# ---------------------------------------------------------------------------------------------
# Explicit sharding: reshard, auto_axes / explicit_axes, sharding-in-types mismatches


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly"
)
def r16_reshard_not_divisible():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones(6), P("y"))


@mistake(
    "PartitionSpec passed to reshard cannot contain axis names that are of type Auto or Manual. Got"
)
def r16_reshard_of_named_sharding_other_mesh():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones(8), NamedSharding(mesh24, P("x")))


@mistake("`out_sharding` argument of reshard only supports instances of `NamedSharding` or")
def r16_reshard_spec_of_string():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones(8), "x")


@mistake(
    "Reshard should only be used with out_shardings which are non-None and have a non-empty mesh."
)
def r16_reshard_spec_of_none():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones(8), None)


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a")
def r16_reshard_without_mesh_eager():
    return jax.sharding.reshard(jnp.ones(8), P("x"))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r16_reshard_in_jit_axis_twice():
    with _set_mesh():
        return jax.jit(lambda a: jax.sharding.reshard(a, P("x", "x")))(jnp.ones((4, 4)))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x', 'y').")
def r16_reshard_in_grad_unknown_axis():
    with _set_mesh():
        return jax.grad(lambda a: jax.sharding.reshard(a, P("q")).sum())(jnp.ones(8))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x', 'y').")
def r16_reshard_in_vmap_unknown_axis():
    with _set_mesh():
        return jax.vmap(lambda a: jax.sharding.reshard(a, P("q")))(jnp.ones((2, 8)))


@mistake(
    "reshard out_shardings specification must be a tree prefix of the positional arguments tuple."
)
def r16_reshard_tuple_of_specs_for_one_array():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones(8), (P("x"), P("y")))


@mistake()
def r16_auto_axes_without_mesh():
    return jax.sharding.auto_axes(lambda a: a * 2, out_sharding=P("x"))(jnp.ones(8))


@mistake("'q'")
def r16_auto_axes_unknown_axis():
    with _set_mesh():
        return jax.sharding.auto_axes(lambda a: a * 2, axes="q", out_sharding=P("x"))(jnp.ones(8))


@mistake("Missing required keyword argument: 'out_sharding'")
def r16_auto_axes_missing_out_sharding():
    with _set_mesh():
        return jax.sharding.auto_axes(lambda a: a * 2)(_eput(8, P("x")))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x', 'y').")
def r16_auto_axes_out_sharding_unknown_axis():
    with _set_mesh():
        return jax.sharding.auto_axes(lambda a: a * 2, out_sharding=P("q"))(_eput(8, P("x")))


@mistake()
def r16_auto_axes_of_auto_mesh():
    with jax.set_mesh(mesh24):
        return jax.sharding.auto_axes(lambda a: a * 2, out_sharding=P("x"))(jnp.ones(8))


@mistake(
    "Context mesh cannot be empty. Please use `jax.set_mesh` API to enter into a mesh context when"
)
def r16_explicit_axes_without_mesh():
    return jax.sharding.explicit_axes(lambda a: a * 2, in_sharding=P("x"))(jnp.ones(8))


@mistake()
def r16_explicit_axes_of_explicit_mesh():
    with _set_mesh():
        return jax.sharding.explicit_axes(lambda a: a * 2, in_sharding=P("x"))(jnp.ones(8))


@mistake("'q'")
def r16_explicit_axes_unknown_axis():
    with jax.set_mesh(mesh24):
        return jax.sharding.explicit_axes(lambda a: a * 2, axes="q", in_sharding=P("x"))(
            jnp.ones(8)
        )


@mistake()
def r16_explicit_axes_not_callable():
    with jax.set_mesh(mesh24):
        return jax.sharding.explicit_axes(jnp.ones(8), in_sharding=P("x"))


@mistake()
def r16_auto_axes_not_callable():
    with _set_mesh():
        return jax.sharding.auto_axes(3, out_sharding=P("x"))


@mistake("sub got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r16_explicit_sub_conflict():
    return _eput((8, 4), P("x", None)) - _eput((8, 4), P("y", None))


@mistake("div got incompatible shardings for broadcasting: (None, 'x'), (None, 'y').")
def r16_explicit_divide_conflict():
    return _eput((8, 4), P(None, "x")) / _eput((8, 4), P(None, "y"))


@mistake("pow got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r16_explicit_power_conflict():
    return jnp.power(_eput((8, 4), P("x", None)), _eput((8, 4), P("y", None)))


@mistake("select cases must have the same shardings, got")
def r16_explicit_where_conflict():
    a, b = _eput((8, 4), P("x", None)), _eput((8, 4), P("y", None))
    return jnp.where(a > 0, a, b)


@mistake("All operands should have the same sharding. Got shardings NamedSharding(mesh=")
def r16_explicit_concatenate_conflict():
    return jnp.concatenate([_eput((8, 4), P("x", None)), _eput((8, 4), P("y", None))], axis=1)


@mistake("All operands should have the same sharding. Got shardings NamedSharding(mesh=")
def r16_explicit_stack_conflict():
    return jnp.stack([_eput((8, 4), P("x", None)), _eput((8, 4), P("y", None))])


@mistake("Contracting dimensions are sharded and it is ambiguous how the output should be sharded.")
def r16_explicit_matmul_both_sharded_on_contracting_x():
    return _eput((4, 8), P(None, "x")) @ _eput((8, 4), P("x", None))


@mistake(
    "dot_general requires contracting dimensions to have consistent sharding, got ('x',) and ('y',)."
)
def r16_explicit_einsum_contracting_conflict():
    return jnp.einsum("ij,jk->ik", _eput((4, 8), P(None, "x")), _eput((8, 4), P("y", None)))


@mistake()
def r16_explicit_reshape_sharded_split():
    return _eput((8, 4), P("x", "y")).reshape(32)


@mistake("This reshape is not supported. Please specify the sharding of the output via the")
def r16_explicit_reshape_merge_sharded():
    return _eput((8, 4), P(None, "y")).reshape(2, 16)


@mistake(
    "dynamic_slice on sharded dims where out dim (3) is not divisible by mesh axes (2) with spec"
)
def r16_explicit_dynamic_slice_sharded_dim():
    return lax.dynamic_slice_in_dim(_eput((8, 4), P("x", None)), 1, 3, axis=0)


@mistake()
def r16_explicit_jit_out_shardings_mismatch_type():
    s = NamedSharding(emesh, P("y"))
    return jax.jit(lambda a: a * 2, out_shardings=s)(_eput(8, P("x")))


@mistake(
    "Sharding passed to jit does not match the sharding on the respective arg. Got jit sharding"
)
def r16_explicit_jit_in_shardings_mismatch_type():
    s = NamedSharding(emesh, P("y"))
    return jax.jit(lambda a: a * 2, in_shardings=s)(_eput(8, P("x")))


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r16_explicit_scan_carry_sharding_changes():
    def body(c, _):
        return jax.sharding.reshard(c, P("y")), None

    with _set_mesh():
        return lax.scan(body, _eput(8, P("x")), None, length=2)


@mistake("cond branches must have equal output types but they differ.")
def r16_explicit_cond_branch_shardings_differ():
    with _set_mesh():
        return lax.cond(
            True, lambda a: a, lambda a: jax.sharding.reshard(a, P("y")), _eput(8, P("x"))
        )


@mistake(
    "while_loop body function carry input and carry output must have equal types, but they differ"
)
def r16_explicit_while_carry_sharding_changes():
    with _set_mesh():
        return lax.while_loop(
            lambda c: False, lambda c: jax.sharding.reshard(c, P("y")), _eput(8, P("x"))
        )


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly"
)
def r16_explicit_zeros_out_sharding_not_divisible():
    with _set_mesh():
        return jnp.zeros(6, out_sharding=P("y"))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x', 'y').")
def r16_explicit_full_like_out_sharding_unknown():
    with _set_mesh():
        return jnp.full_like(jnp.ones(8), 2.0, out_sharding=P("q"))


@mistake()
def r16_explicit_typeof_sharding_of_python_float():
    return jax.typeof(1.0).sharding.spec


@mistake("Argument 'a' of type <class 'str'> is not a valid JAX type")
def r16_explicit_typeof_of_string():
    return jax.typeof("a")


@mistake(
    "`with_sharding_constraint` acts as an assert when all axes of mesh are of type `Explicit`. The"
)
def r16_explicit_with_sharding_constraint_explicit_axis():
    with _set_mesh():
        return jax.jit(lambda a: lax.with_sharding_constraint(a, P("y")))(_eput(8, P("x")))


@mistake("Mesh for all inputs should be equal. Got one mesh")
def r16_explicit_device_put_then_add_other_mesh():
    other = jax.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Explicit,) * 2)
    a = jax.device_put(jnp.ones(8), NamedSharding(other, P("x")))
    return a + _eput(8, P("x"))


@mistake(
    "Incompatible types for broadcasting: input type=float32[4@y] and requested type=float32[4]"
)
def r16_explicit_at_set_conflict():
    return _eput((8, 4), P("x", None)).at[0].set(_eput(4, P("y")))


@mistake("Arguments to sort must be unsharded over the sorting dimension.")
def r16_explicit_argsort_sharded_axis():
    return jnp.argsort(_eput((8, 4), P("x", None)), axis=0)


@mistake(
    "Input should be unsharded over the axis being reduced. Got input type=float32[8@x,4] and axis=0"
)
def r16_explicit_cumsum_sharded_axis():
    return jnp.cumsum(_eput((8, 4), P("x", None)), axis=0)


@mistake("Arguments to sort must be unsharded over the sorting dimension.")
def r16_explicit_sort_sharded_axis():
    return jnp.sort(_eput((8, 4), P(None, "y")), axis=1)


@mistake()
def r16_explicit_fft_sharded_axis():
    return jnp.fft.fft(_eput((8, 4), P(None, "y")))


@mistake()
def r16_explicit_transpose_out_sharding_wrong():
    with _set_mesh():
        return jnp.transpose(_eput((8, 4), P("x", None)))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x', 'y').")
def r16_explicit_random_normal_out_sharding_unknown():
    with _set_mesh():
        return random.normal(random.key(0), (8,), out_sharding=P("q"))


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly"
)
def r16_explicit_random_uniform_out_sharding_not_divisible():
    with _set_mesh():
        return random.uniform(random.key(0), (6,), out_sharding=P("y"))


# ---------------------------------------------------------------------------------------------
# jax.random: old-style and typed keys, shapes, dtypes


@mistake()
def r16_random_key_data_of_key_data():
    return random.key_data(random.key_data(random.key(0)))


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r16_random_wrap_key_data_of_typed_key():
    return random.wrap_key_data(random.key(0))


@mistake("JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got")
def r16_random_wrap_key_data_wrong_length():
    return random.wrap_key_data(jnp.zeros(3, jnp.uint32))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r16_random_wrap_key_data_float():
    return random.wrap_key_data(jnp.zeros(2, jnp.float32))


@mistake(
    "PRNGKey accepts a scalar seed, but was given an array of shape (2,) != (). Use jax.vmap for"
)
def r16_random_prngkey_of_array():
    return random.PRNGKey(jnp.arange(2))


@mistake("PRNG key seed must be an integer; got")
def r16_random_key_of_float_seed():
    return random.key(1.5)


@mistake("None is not a valid value for jnp.array")
def r16_random_key_of_none():
    return random.key(None)


@mistake("key accepts a scalar seed, but was given an array of shape (3,) != (). Use jax.vmap for")
def r16_random_key_of_vector_seed():
    return random.key(jnp.arange(3))


@mistake(
    "split accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for"
)
def r16_random_split_of_typed_batch():
    return random.split(random.split(random.key(0), 3))


@mistake()
def r16_random_split_num_zero_ok():
    return random.split(random.key(0), 0)


@mistake("'float' object cannot be interpreted as an integer")
def r16_random_split_num_float():
    return random.split(random.key(0), 2.0)


@mistake()
def r16_random_split_shape_tuple_ok():
    return random.split(random.key(0), (2, 3))


@mistake()
def r16_random_fold_in_float_data():
    return random.fold_in(random.key(0), 1.5)


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2, 2) != (). Use jax.vmap"
)
def r16_random_fold_in_raw_batch():
    return random.fold_in(random.split(random.PRNGKey(0)), 1)


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r16_random_normal_of_uint32_scalar():
    return random.normal(jnp.uint32(3), (2,))


@mistake("JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=int32")
def r16_random_normal_of_int_array_key():
    return random.normal(jnp.array([0, 1]), (2,))


@mistake()
def r16_random_normal_shape_of_array():
    return random.normal(random.key(0), jnp.array([2, 3]))


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r16_random_normal_dtype_int():
    return random.normal(random.key(0), (2,), dtype=jnp.int32)


@mistake("dtype argument to `normal` must be a float or complex dtype, got bool")
def r16_random_normal_dtype_bool():
    return random.normal(random.key(0), (2,), dtype=bool)


@mistake("dtype argument to `uniform` must be a float dtype, got int32")
def r16_random_uniform_dtype_int():
    return random.uniform(random.key(0), (2,), dtype=jnp.int32)


@mistake("mul got incompatible shapes for broadcasting: (3,), (2,).")
def r16_random_uniform_minval_shape():
    return random.uniform(random.key(0), (3,), minval=jnp.zeros(2))


@mistake()
def r16_random_uniform_float64_x64_off():
    return random.uniform(random.key(0), (2,), dtype=jnp.float64)


@mistake("randint only accepts integer dtypes, got float32")
def r16_random_randint_float_dtype():
    return random.randint(random.key(0), (2,), 0, 5, dtype=jnp.float32)


@mistake("randint() missing 1 required positional argument: 'maxval'")
def r16_random_randint_missing_maxval():
    return random.randint(random.key(0), (2,), 5)


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r16_random_bernoulli_p_shape():
    return random.bernoulli(random.key(0), jnp.ones(3) * 0.5, (2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,),")
def r16_random_categorical_shape_wrong():
    return random.categorical(random.key(0), jnp.zeros((3, 4)), shape=(2,))


@mistake("index 2 is out of bounds for axis 0 with size 2")
def r16_random_categorical_axis_out_of_range():
    return random.categorical(random.key(0), jnp.zeros((3, 4)), axis=2)


@mistake("p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (4,) and")
def r16_random_choice_p_length():
    return random.choice(random.key(0), 5, (2,), p=jnp.ones(4) / 4)


@mistake("a must be greater than 0 unless no samples are taken")
def r16_random_choice_empty():
    return random.choice(random.key(0), jnp.zeros(0), (2,))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r16_random_choice_axis_out_of_range():
    return random.choice(random.key(0), jnp.ones((3, 2)), (2,), axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r16_random_permutation_axis_out_of_range():
    return random.permutation(random.key(0), jnp.ones((3, 2)), axis=2)


@mistake("x must be an integer or at least 1-dimensional")
def r16_random_permutation_of_float():
    return random.permutation(random.key(0), 3.0)


@mistake()
def r16_random_gamma_a_int():
    return random.gamma(random.key(0), 2, (3,))


@mistake(
    "multivariate_normal requires cov.shape == (..., n, n) for n=3, but got cov.shape == (2, 2)."
)
def r16_random_multivariate_normal_cov_shape():
    return random.multivariate_normal(random.key(0), jnp.zeros(3), jnp.eye(2))


@mistake("multivariate_normal requires mean.ndim >= 1, got mean.ndim == 0")
def r16_random_multivariate_normal_mean_scalar():
    return random.multivariate_normal(random.key(0), 0.0, jnp.eye(2))


@mistake("dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0")
def r16_random_dirichlet_alpha_scalar():
    return random.dirichlet(random.key(0), 1.0)


@mistake("dtype argument to `truncated_normal` must be a float dtype, got int32")
def r16_random_truncated_normal_int_dtype():
    return random.truncated_normal(random.key(0), -1.0, 1.0, (2,), dtype=jnp.int32)


@mistake("dtype argument to `bits` must be an unsigned int dtype, got int32")
def r16_random_bits_bad_width():
    return random.bits(random.key(0), (2,), dtype=jnp.int32)


@mistake()
def r16_random_key_impl_of_raw():
    return random.key_impl(random.PRNGKey(0))


@mistake("Cannot call abstract method astype")
def r16_random_typed_key_astype_float():
    return random.key(0).astype(jnp.float32)


@mistake("Cannot interpret 'key<fry>' as a data type")
def r16_random_typed_key_sum():
    return jnp.sum(random.split(random.key(0), 3))


@mistake("multiply does not accept dtypes key<fry>, int32.")
def r16_random_typed_key_multiply():
    return random.key(0) * 2


@mistake()
def r16_random_typed_key_in_jnp_array():
    return jnp.array([random.key(0), random.key(1)])


@mistake("float() argument must be a string or a real number, not 'PRNGKeyArray'")
def r16_random_typed_key_float_conversion():
    return float(random.key(0))


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion.")
def r16_random_typed_and_raw_keys_concatenated():
    return jnp.concatenate([random.split(random.key(0), 2), random.split(random.PRNGKey(0), 2)])


@mistake()
def r16_random_normal_of_key_batch_in_vmap_ok():
    return jax.vmap(lambda k: random.normal(k, (2,)))(random.split(random.key(0), 3))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r16_random_key_in_jit_static():
    return jax.jit(lambda k: random.normal(k), static_argnums=0)(random.key(0))


@mistake()
def r16_random_split_in_vmap_of_unbatched_typed_key_ok():
    return jax.vmap(lambda i: random.fold_in(random.key(0), i))(jnp.arange(3))


@mistake()
def r16_random_clone_of_raw_key_ok():
    return random.clone(random.PRNGKey(0))


@mistake('unrecognized PRNG implementation "philox". Did you mean one of')
def r16_random_key_impl_unknown():
    return random.key(0, impl="philox")


@mistake('unrecognized PRNG implementation "threefry". Did you mean one of')
def r16_random_prngkey_impl_unknown():
    return random.PRNGKey(0, impl="threefry")


# ---------------------------------------------------------------------------------------------
# vmap: in_axes / out_axes / axis_name / spmd_axis_name / axis_size


@mistake()
def r16_vmap_in_axes_list_top_level():
    return jax.vmap(lambda a, b: a + b, in_axes=[0, 0])(jnp.ones(3), jnp.ones(3))


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r16_vmap_in_axes_too_many():
    return jax.vmap(lambda a: a, in_axes=(0, 0))(jnp.ones(3))


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r16_vmap_in_axes_too_few():
    return jax.vmap(lambda a, b: a + b, in_axes=(0,))(jnp.ones(3), jnp.ones(3))


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should be at"
)
def r16_vmap_in_axes_negative_out_of_range():
    return jax.vmap(lambda a: a, in_axes=-3)(jnp.ones((2, 3)))


@mistake("axis -3 is out of bounds for array of dimension 2")
def r16_vmap_out_axes_negative_out_of_range():
    return jax.vmap(lambda a: a, out_axes=-3)(jnp.ones((2, 3)))


@mistake("at vmap out_axes, got axis spec None but output was batched on axis 0")
def r16_vmap_out_axes_none_for_mapped():
    return jax.vmap(lambda a: a * 2, out_axes=None)(jnp.ones(3))


@mistake()
def r16_vmap_out_axes_none_for_unmapped_ok():
    return jax.vmap(lambda a: jnp.float32(1.0), out_axes=None)(jnp.ones(3))


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r16_vmap_in_axes_string():
    return jax.vmap(lambda a: a, in_axes="0")(jnp.ones(3))


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r16_vmap_in_axes_bool():
    return jax.vmap(lambda a: a, in_axes=True)(jnp.ones(3))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r16_vmap_axis_size_mismatch():
    return jax.vmap(lambda a: a, axis_size=4)(jnp.ones(3))


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (-1,).")
def r16_vmap_axis_size_negative():
    return jax.vmap(lambda: jnp.float32(1.0), axis_size=-1)()


@mistake(
    "vmap wrapped function must be passed at least one argument containing an array or axis_size"
)
def r16_vmap_no_args_no_axis_size():
    return jax.vmap(lambda: 1.0)()


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r16_vmap_only_none_axes():
    return jax.vmap(lambda a: a, in_axes=None)(jnp.ones(3))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be at"
)
def r16_vmap_scalar_argument_mapped():
    return jax.vmap(lambda a: a)(1.0)


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r16_vmap_sizes_differ_three_args():
    return jax.vmap(lambda a, b, c: a + b + c)(jnp.ones(3), jnp.ones(3), jnp.ones(4))


@mistake("Found an unbound axis name: j. To fix this, please call psum under `jax.shard_map`.")
def r16_vmap_axis_name_psum_wrong_name():
    return jax.vmap(lambda a: lax.psum(a, "j"), axis_name="i")(jnp.ones(3))


@mistake("unhashable type: 'list'")
def r16_vmap_axis_name_not_hashable():
    return jax.vmap(lambda a: a, axis_name=["i"])(jnp.ones(3))


@mistake(
    "Found an unbound axis name: j. To fix this, please call axis_index under `jax.shard_map`."
)
def r16_vmap_axis_index_wrong_name():
    return jax.vmap(lambda a: a + lax.axis_index("j"), axis_name="i")(jnp.ones(3))


@mistake()
def r16_vmap_nested_same_axis_name_ok():
    f = jax.vmap(jax.vmap(lambda a: lax.psum(a, "i"), axis_name="i"), axis_name="i")
    return f(jnp.ones((2, 3)))


@mistake()
def r16_vmap_spmd_axis_name_unknown_under_jit():
    f = jax.vmap(lambda a: a * 2, spmd_axis_name="q")
    with jax.set_mesh(mesh24):
        return jax.jit(f)(jnp.ones((4, 3)))


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r16_vmap_kwargs_with_in_axes_tuple():
    return jax.vmap(lambda a, b: a + b, in_axes=(0, 0))(jnp.ones(3), b=jnp.ones(4))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r16_vmap_out_axes_list_for_tuple():
    return jax.vmap(lambda a: (a, a), out_axes=[0, 0])(jnp.ones(3))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r16_vmap_out_axes_too_long():
    return jax.vmap(lambda a: (a, a), out_axes=(0, 0, 0))(jnp.ones(3))


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r16_vmap_in_axes_dict_for_dict_missing_key():
    return jax.vmap(lambda d: d["a"] + d["b"], in_axes=({"a": 0},))(
        {"a": jnp.ones(3), "b": jnp.ones(3)}
    )


@mistake("Expected a callable value, got [1. 1. 1.]")
def r16_vmap_of_non_callable():
    return jax.vmap(jnp.ones(3))


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r16_vmap_in_axes_float():
    return jax.vmap(lambda a: a, in_axes=0.0)(jnp.ones(3))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r16_vmap_list_argument_of_different_lengths():
    return jax.vmap(lambda xs: xs[0] + xs[1])([jnp.ones(3), jnp.ones(2)])


@mistake()
def r16_vmap_returns_none_ok():
    return jax.vmap(lambda a: None)(jnp.ones(3))


@mistake("Output from batched function 's' with type <class 'str'> is not a valid JAX type")
def r16_vmap_returns_string():
    return jax.vmap(lambda a: "s")(jnp.ones(3))


@mistake(
    "vmap was requested to map its argument along axis 1, which implies that its rank should be at"
)
def r16_vmap_in_axes_out_of_range_in_jit():
    return jax.jit(jax.vmap(lambda a: a, in_axes=1))(jnp.ones(3))


@mistake("axis 2 is out of bounds for array of dimension 1")
def r16_vmap_out_axes_out_of_range_in_jit():
    return jax.jit(jax.vmap(lambda a: a, out_axes=2))(jnp.ones(3))


@mistake(
    "broadcast_in_dim shape must have every element be an integer type, got (<class 'float'>,)."
)
def r16_vmap_axis_size_float():
    return jax.vmap(lambda: jnp.float32(1.0), axis_size=2.5)()


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r16_vmap_of_grad_vector_output():
    return jax.vmap(jax.grad(lambda a: a * 2))(jnp.ones((3, 2)))


@mistake()
def r16_vmap_axis_size_with_args_ok():
    return jax.vmap(lambda a: a, axis_size=3)(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# shard_map: in_specs / out_specs / check_vma


@mistake("pytree structure error: different types at key path")
def r16_smap_in_specs_list_for_two_args():
    return _smap(lambda a, b: a + b, [P("x"), P("x")], P("x"))(jnp.ones(4), jnp.ones(4))


@mistake("pytree structure error: different lengths of tuple at key path")
def r16_smap_in_specs_too_many():
    return _smap(lambda a: a, (P("x"), P("x")), P("x"))(jnp.ones(4))


@mistake("pytree structure error: different lengths of tuple at key path")
def r16_smap_in_specs_too_few():
    return _smap(lambda a, b: a + b, (P("x"),), P("x"))(jnp.ones(4), jnp.ones(4))


@mistake(
    "shard_map in_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances, but"
)
def r16_smap_in_specs_string():
    return _smap(lambda a: a, "x", P("x"))(jnp.ones(4))


@mistake(
    "shard_map out_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances, but"
)
def r16_smap_out_specs_string():
    return _smap(lambda a: a, P("x"), "x")(jnp.ones(4))


@mistake(
    "shard_map in_specs argument must refer to an axis marked as manual (frozenset({'x'})), but"
)
def r16_smap_in_specs_unknown_axis():
    return _smap(lambda a: a, P("y"), P("y"))(jnp.ones(4))


@mistake(
    "shard_map out_specs argument must refer to an axis marked as manual (frozenset({'x'})), but"
)
def r16_smap_out_specs_unknown_axis():
    return _smap(lambda a: a, P("x"), P("z"))(jnp.ones(4))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r16_smap_out_specs_axis_twice():
    return _smap(lambda a: a, P("x", None), P("x", "x"), mesh=mesh2)(jnp.ones((4, 4)))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r16_smap_in_specs_axis_twice():
    return _smap(lambda a: a, P("x", "x"), P("x", None))(jnp.ones((4, 4)))


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too long to"
)
def r16_smap_out_specs_too_long_for_output():
    return _smap(lambda a: a.sum(), P("x"), P("x"))(jnp.ones(4))


@mistake()
def r16_smap_out_specs_replicated_after_psum_ok():
    return _smap(lambda a: lax.psum(a, "x"), P("x"), P())(jnp.ones(4))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r16_smap_out_specs_replicated_partial_mesh():
    return _smap(lambda a: a, P("x"), P(), mesh=mesh24)(jnp.ones(4))


@mistake()
def r16_smap_check_vma_false_replicated_ok():
    return _smap(lambda a: a, P("x"), P(), check_vma=False)(jnp.ones(4))


@mistake("The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh context")
def r16_smap_mesh_missing():
    return jax.shard_map(lambda a: a, in_specs=P("x"), out_specs=P("x"))(jnp.ones(4))


@mistake(
    "shard_map requires a `jax.sharding.Mesh` or a `jax.sharding.AbstractMesh` instance for its"
)
def r16_smap_mesh_of_string():
    return jax.shard_map(lambda a: a, mesh="x", in_specs=P("x"), out_specs=P("x"))(jnp.ones(4))


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes that"
)
def r16_smap_not_divisible_2d():
    return _smap(lambda a: a, P(None, "y"), P(None, "y"), mesh=mesh24)(jnp.ones((2, 6)))


@mistake()
def r16_smap_output_not_divisible_ok():
    return _smap(lambda a: a[:1], P("x"), P("x"))(jnp.ones(4))


@mistake("unbound axis name: y")
def r16_smap_all_gather_unknown_axis():
    return _smap(lambda a: lax.all_gather(a, "y"), P("x"), P("x"))(jnp.ones(4))


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (0, 1)).")
def r16_smap_ppermute_bad_perm():
    return _smap(lambda a: lax.ppermute(a, "x", [(0, 1), (0, 1)]), P("x"), P("x"))(jnp.ones(4))


@mistake("list index out of range")
def r16_smap_ppermute_out_of_range():
    return _smap(lambda a: lax.ppermute(a, "x", [(0, 2)]), P("x"), P("x"))(jnp.ones(4))


@mistake(
    "all_to_all requires the size of the mapped axis axis_name to equal x.shape[split_axis], but"
)
def r16_smap_all_to_all_not_divisible():
    f = lambda a: lax.all_to_all(a, "x", 0, 0)
    return _smap(f, P("x"), P("x"))(jnp.ones(6))


@mistake("reduce_scatter operand scatter dimension size 3 must match shard count 2")
def r16_smap_psum_scatter_not_divisible():
    return _smap(lambda a: lax.psum_scatter(a, "x"), P(), P("x"))(jnp.ones(3))


@mistake(
    "Found an unbound axis name: q. To fix this, please call axis_index under `jax.shard_map`."
)
def r16_smap_axis_index_unknown():
    return _smap(lambda a: a + lax.axis_index("q"), P("x"), P("x"))(jnp.ones(4))


@mistake("Argument 's' of type <class 'str'> is not a valid JAX type")
def r16_smap_returns_string():
    return _smap(lambda a: "s", P("x"), P("x"))(jnp.ones(4))


@mistake("pytree structure error: different types at key path")
def r16_smap_in_specs_dict_for_list():
    return _smap(lambda d: d[0], ({"a": P("x")},), P("x"))([jnp.ones(4)])


@mistake(
    "shard_map requires a callable for its first argument, but got [1. 1. 1. 1.] of type <class"
)
def r16_smap_of_non_callable():
    return jax.shard_map(jnp.ones(4), mesh=mesh2, in_specs=P("x"), out_specs=P("x"))


@mistake("jax.shard_map requires axis_names=frozenset({'q'}) to be a subset of")
def r16_smap_axis_names_unknown():
    f = jax.shard_map(lambda a: a, mesh=mesh24, in_specs=P("x"), out_specs=P("x"), axis_names={"q"})
    return f(jnp.ones(4))


@mistake()
def r16_smap_pmean_of_int_ok():
    return _smap(lambda a: lax.pmean(a, "x"), P("x"), P())(jnp.ones(4, jnp.int32))


@mistake(
    "shard_map in_specs argument must refer to an axis marked as manual (frozenset({'x'})), but"
)
def r16_smap_in_jit_unknown_axis():
    return jax.jit(_smap(lambda a: a, P("q"), P("q")))(jnp.ones(4))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r16_smap_grad_of_replicated_out():
    f = _smap(lambda a: a, P("x"), P())
    return jax.grad(lambda a: f(a).sum())(jnp.ones(4))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r16_smap_vmap_out_specs_wrong():
    f = _smap(lambda a: a, P("x"), P())
    return jax.vmap(f)(jnp.ones((2, 4)))


@mistake("got an unexpected keyword argument 'a'")
def r16_smap_kwargs_call():
    return _smap(lambda a: a, P("x"), P("x"))(a=jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# jax.export


@mistake("Function to be exported must be the result of `jit` but is: <function")
def r16_export_of_unjitted_function():
    return _sub("export").export(lambda a: a)(jnp.ones(3))


@mistake("'function' object has no attribute 'call'")
def r16_export_call_before_export():
    return _sub("export").export(jax.jit(lambda a: a)).call(jnp.ones(3))


@mistake("Rank mismatch for args[0]: expected (3,) and called with (3, 1)")
def r16_export_call_wrong_rank():
    exp = _sub("export").export(jax.jit(lambda a: a * 2))(jnp.ones(3))
    return exp.call(jnp.ones((3, 1)))


@mistake("The invocation args and kwargs must have the same pytree structure as when the function")
def r16_export_call_too_many_args():
    exp = _sub("export").export(jax.jit(lambda a: a * 2))(jnp.ones(3))
    return exp.call(jnp.ones(3), jnp.ones(3))


@mistake()
def r16_export_call_float64_numpy():
    exp = _sub("export").export(jax.jit(lambda a: a * 2))(jnp.ones(3))
    return exp.call(np.ones(3))


@mistake("The invocation args and kwargs must have the same pytree structure as when the function")
def r16_export_call_python_list():
    exp = _sub("export").export(jax.jit(lambda a: a * 2))(jnp.ones(3))
    return exp.call([1.0, 2.0, 3.0])


@mistake("The invocation args and kwargs must have the same pytree structure as when the function")
def r16_export_call_pytree_different():
    exp = _sub("export").export(jax.jit(lambda d: d["a"]))({"a": jnp.ones(3)})
    return exp.call({"b": jnp.ones(3)})


@mistake()
def r16_export_platforms_unknown():
    return _sub("export").export(jax.jit(lambda a: a), platforms=["cuda9"])(jnp.ones(3))


@mistake()
def r16_export_platforms_string():
    return _sub("export").export(jax.jit(lambda a: a), platforms="cpu")(jnp.ones(3))


@mistake(
    "syntax error in symbolic shape 'a + ' in dimension 0: expecting one of {NAME, MINUS, NUMBER}"
)
def r16_export_symbolic_shape_bad_token():
    return _sub("export").symbolic_shape("a + ")


@mistake("syntax error in symbolic shape '2.5' in dimension 0: expecting integer, found 2.5")
def r16_export_symbolic_shape_float():
    return _sub("export").symbolic_shape("2.5")


@mistake()
def r16_export_symbolic_shape_negative_constant():
    return _sub("export").symbolic_shape("-3")


@mistake()
def r16_export_symbolic_dim_in_zeros_ok():
    (a,) = _sub("export").symbolic_shape("a")
    spec = jax.ShapeDtypeStruct((a,), jnp.float32)
    return _sub("export").export(jax.jit(lambda x: jnp.zeros_like(x)))(spec)


@mistake("Symbolic dimension 'a' used in a context that requires a constant")
def r16_export_symbolic_dim_as_python_int():
    (a,) = _sub("export").symbolic_shape("a")
    spec = jax.ShapeDtypeStruct((a,), jnp.float32)
    return _sub("export").export(jax.jit(lambda x: jnp.zeros(int(x.shape[0]) + 1)))(spec)


@mistake("Symbolic dimension comparison 'a' > '3' is inconclusive.")
def r16_export_symbolic_comparison_inconclusive():
    (a,) = _sub("export").symbolic_shape("a")
    spec = jax.ShapeDtypeStruct((a,), jnp.float32)
    return _sub("export").export(jax.jit(lambda x: x[:3] if x.shape[0] > 3 else x))(spec)


@mistake("Input shapes do not match the polymorphic shapes specification. Expected value >= 1 for")
def r16_export_symbolic_call_with_zero_size():
    (a,) = _sub("export").symbolic_shape("a")
    spec = jax.ShapeDtypeStruct((a,), jnp.float32)
    exp = _sub("export").export(jax.jit(lambda x: x * 2))(spec)
    return exp.call(jnp.ones(0))


@mistake()
def r16_export_vjp_not_exported():
    exp = _sub("export").export(jax.jit(lambda a: a * 2))(jnp.ones(3))
    return jax.grad(lambda a: exp.call(a).sum())(jnp.ones(3))


@mistake("'NoneType' object is not iterable")
def r16_export_shape_dtype_struct_shape_none():
    spec = jax.ShapeDtypeStruct(None, jnp.float32)
    return _sub("export").export(jax.jit(lambda a: a))(spec)


@mistake("Error interpreting argument to <function")
def r16_export_shape_dtype_struct_string_shape():
    spec = jax.ShapeDtypeStruct("3", jnp.float32)
    return _sub("export").export(jax.jit(lambda a: a))(spec)


# ---------------------------------------------------------------------------------------------
# custom_vjp / custom_jvp signatures


@mistake(
    "r16_custom_vjp_fwd_missing_argument.<locals>.<lambda>() takes 1 positional argument but 2 were"
)
def r16_custom_vjp_fwd_missing_argument():
    f = jax.custom_vjp(lambda a, b: a * b)
    f.defvjp(lambda a: (a, a), lambda r, g: (g, g))
    return jax.grad(f)(1.0, 2.0)


@mistake(
    "r16_custom_vjp_bwd_one_argument.<locals>.<lambda>() takes 1 positional argument but 2 were"
)
def r16_custom_vjp_bwd_one_argument():
    f = jax.custom_vjp(lambda a: a * 2)
    f.defvjp(lambda a: (a * 2, None), lambda g: (g,))
    return jax.grad(f)(1.0)


@mistake(
    "r16_custom_vjp_bwd_three_arguments.<locals>.<lambda>() missing 1 required positional argument"
)
def r16_custom_vjp_bwd_three_arguments():
    f = jax.custom_vjp(lambda a: a * 2)
    f.defvjp(lambda a: (a * 2, None), lambda r, g, h: (g,))
    return jax.grad(f)(1.0)


@mistake("custom_vjp.defvjp() missing 1 required positional argument: 'bwd'")
def r16_custom_vjp_defvjp_one_rule():
    f = jax.custom_vjp(lambda a: a * 2)
    return f.defvjp(lambda a: (a * 2, None))


@mistake("No VJP defined for custom_vjp function <lambda> using defvjp.")
def r16_custom_vjp_without_defvjp():
    f = jax.custom_vjp(lambda a: a * 2)
    return jax.grad(f)(1.0)


@mistake("No VJP defined for custom_vjp function <lambda> using defvjp.")
def r16_custom_vjp_without_defvjp_called_ok():
    f = jax.custom_vjp(lambda a: a * 2)
    return f(1.0)


@mistake("No JVP defined for custom_jvp function <lambda> using defjvp.")
def r16_custom_jvp_without_defjvp():
    f = jax.custom_jvp(lambda a: a * 2)
    return jax.grad(f)(1.0)


@mistake(
    "r16_custom_jvp_rule_one_argument.<locals>.<lambda>() takes 1 positional argument but 2 were"
)
def r16_custom_jvp_rule_one_argument():
    f = jax.custom_jvp(lambda a: a * 2)
    f.defjvp(lambda primals: (primals[0], primals[0]))
    return jax.grad(f)(1.0)


@mistake(
    "Custom JVP rule <lambda> for function <lambda> must produce a pair (list or tuple of length"
)
def r16_custom_jvp_rule_returns_three():
    f = jax.custom_jvp(lambda a: a * 2)
    f.defjvp(lambda p, t: (p[0] * 2, t[0] * 2, 0.0))
    return jax.grad(f)(1.0)


@mistake()
def r16_custom_jvp_rule_returns_list():
    f = jax.custom_jvp(lambda a: a * 2)
    f.defjvp(lambda p, t: [p[0] * 2, t[0] * 2])
    return jax.grad(f)(1.0)


@mistake("tuple index out of range")
def r16_custom_jvp_nondiff_argnums_out_of_range():
    f = jax.custom_jvp(lambda a: a * 2, nondiff_argnums=(1,))
    f.defjvp(lambda p, t: (p[0], t[0]))
    return f(1.0)


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r16_custom_vjp_nondiff_argnums_array_passed():
    f = jax.custom_vjp(lambda n, a: a * n, nondiff_argnums=(0,))
    f.defvjp(lambda n, a: (a * n, None), lambda n, r, g: (g * n,))
    return jax.grad(f, argnums=1)(jnp.ones(2), 1.0)


@mistake()
def r16_custom_vjp_bwd_returns_none_ok():
    f = jax.custom_vjp(lambda a: a * 2)
    f.defvjp(lambda a: (a * 2, None), lambda r, g: (None,))
    return jax.grad(f)(1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same type as the args tuple of the primal"
)
def r16_custom_vjp_bwd_returns_scalar_for_vector():
    f = jax.custom_vjp(lambda a: a * 2)
    f.defvjp(lambda a: (a * 2, None), lambda r, g: (1.0,))
    return jax.grad(lambda a: f(a).sum())(jnp.ones(3))


@mistake()
def r16_custom_vjp_fwd_returns_list():
    f = jax.custom_vjp(lambda a: a * 2)
    f.defvjp(lambda a: [a * 2, None], lambda r, g: (g,))
    return jax.grad(f)(1.0)


@mistake("Custom VJP fwd rule <lambda> for function <lambda> must produce a pair (list or tuple of")
def r16_custom_vjp_fwd_returns_three():
    f = jax.custom_vjp(lambda a: a * 2)
    f.defvjp(lambda a: (a * 2, None, None), lambda r, g: (g,))
    return jax.grad(f)(1.0)


@mistake()
def r16_custom_vjp_called_with_kwargs_ok():
    f = jax.custom_vjp(lambda a, b: a * b)
    f.defvjp(lambda a, b: (a * b, (a, b)), lambda r, g: (g * r[1], g * r[0]))
    return jax.grad(lambda a: f(a, b=2.0))(1.0)


@mistake()
def r16_custom_jvp_of_non_callable():
    return jax.custom_jvp(3)


@mistake()
def r16_custom_vjp_of_non_callable():
    return jax.custom_vjp("f")


@mistake()
def r16_custom_jvp_jvp_int_tangent_ok():
    f = jax.custom_jvp(lambda a: a * 2)
    f.defjvp(lambda p, t: (p[0] * 2, t[0] * 2))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes."
)
def r16_custom_jvp_rule_tangent_shape():
    f = jax.custom_jvp(lambda a: a * 2)
    f.defjvp(lambda p, t: (p[0] * 2, jnp.ones(3)))
    return jax.jvp(f, (jnp.ones(2),), (jnp.ones(2),))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the"
)
def r16_custom_vjp_in_vmap_bwd_wrong_count():
    f = jax.custom_vjp(lambda a: a * 2)
    f.defvjp(lambda a: (a * 2, None), lambda r, g: (g, g))
    return jax.vmap(jax.grad(f))(jnp.ones(3))


@mistake()
def r16_custom_jvp_symbolic_zero_arg_ok():
    f = jax.custom_jvp(lambda a: a * 2)
    f.defjvp(lambda p, t: (p[0] * 2, t[0] * 2), symbolic_zeros=True)
    return jax.jvp(f, (1.0,), (1.0,))


# ---------------------------------------------------------------------------------------------
# lax control flow: carries


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r16_scan_carry_float16_from_float32():
    return lax.scan(lambda c, x: (c.astype(jnp.float16), x), jnp.float32(0), jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they"
)
def r16_scan_carry_list_to_tuple():
    return lax.scan(lambda c, x: ((c[0], c[1]), x), [0.0, 0.0], jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they"
)
def r16_scan_carry_none_to_value():
    return lax.scan(lambda c, x: (x, x), None, jnp.ones(3))


@mistake("scan body output must be a pair, got float32[].")
def r16_scan_body_returns_carry_only():
    return lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3))


@mistake("scan body output must be a pair, got (ShapedArray(float32[], weak_type=True)")
def r16_scan_body_returns_three():
    return lax.scan(lambda c, x: (c, x, x), 0.0, jnp.ones(3))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r16_scan_xs_lengths_differ():
    return lax.scan(lambda c, x: (c, x), 0.0, (jnp.ones(3), jnp.ones(4)))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r16_scan_length_disagrees():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), length=4)


@mistake()
def r16_scan_length_float():
    return lax.scan(lambda c, x: (c, c), 0.0, None, length=2.0)


@mistake()
def r16_scan_unroll_zero():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), unroll=0)


@mistake()
def r16_scan_reverse_string():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), reverse="yes")


@mistake()
def r16_scan_carry_weak_to_strong_int():
    return lax.scan(lambda c, x: (c + jnp.int32(1), x), 0, jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r16_scan_carry_int_to_float_array():
    return lax.scan(lambda c, x: (c + x, x), jnp.zeros(2, jnp.int32), jnp.ones((3, 2)))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r16_while_cond_returns_vector():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 1, jnp.zeros(2))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(int32[]")
def r16_while_cond_returns_int():
    return lax.while_loop(lambda c: c, lambda c: c - 1, 3)


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure, but"
)
def r16_while_body_returns_tuple_for_scalar():
    return lax.while_loop(lambda c: c < 3, lambda c: (c + 1, c), 0)


@mistake(
    "while_loop body function carry input and carry output must have equal types, but they differ"
)
def r16_while_carry_float_to_int():
    return lax.while_loop(lambda c: c < 3, lambda c: (c + 1).astype(jnp.int32), 0.0)


@mistake("cond_fun must return a boolean scalar, but got pytree")
def r16_while_cond_returns_none():
    return lax.while_loop(lambda c: None, lambda c: c + 1, 0)


@mistake(
    "r16_fori_loop_body_one_argument.<locals>.<lambda>() takes 1 positional argument but 2 were"
)
def r16_fori_loop_body_one_argument():
    return lax.fori_loop(0, 3, lambda c: c + 1, 0)


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they"
)
def r16_fori_loop_body_returns_tuple():
    return lax.fori_loop(0, 3, lambda i, c: (c + 1, i), 0)


@mistake()
def r16_fori_loop_bounds_float():
    return lax.fori_loop(0.0, 3.0, lambda i, c: c + 1, 0)


@mistake()
def r16_fori_loop_carry_int_to_float():
    return lax.fori_loop(0, 3, lambda i, c: c + 0.5, 0)


@mistake("cond branches must have equal output types but they differ.")
def r16_cond_branches_return_different_ranks():
    return lax.cond(True, lambda: jnp.ones(2), lambda: jnp.ones((2, 1)))


@mistake("cond branches must have equal output types but they differ.")
def r16_cond_branches_int_and_float():
    return lax.cond(True, lambda: jnp.int32(1), lambda: jnp.float32(1))


@mistake("Pred must be a scalar, got [ True False] of shape (2,).")
def r16_cond_pred_vector():
    return lax.cond(jnp.array([True, False]), lambda: 1.0, lambda: 2.0)


@mistake("Pred must be a scalar, got yes of type <class 'str'>")
def r16_cond_pred_string():
    return lax.cond("yes", lambda: 1.0, lambda: 2.0)


@mistake("cond() missing 1 required positional argument: 'false_fun'")
def r16_cond_one_branch():
    return lax.cond(True, lambda: 1.0)


@mistake("lax.cond: true_fun and false_fun arguments should be callable.")
def r16_cond_branch_not_callable():
    return lax.cond(True, 1.0, 2.0)


@mistake("Index type must be an integer, got 1.0 as float32")
def r16_switch_index_float():
    return lax.switch(1.0, [lambda: 1.0, lambda: 2.0])


@mistake("Empty branch sequence")
def r16_switch_empty_branches():
    return lax.switch(0, [])


@mistake("switch branches must have equal output types but they differ.")
def r16_switch_branches_differ_dtype():
    return lax.switch(0, [lambda: jnp.float32(1), lambda: jnp.int32(1)])


@mistake("lax.switch: branches argument should be a sequence of callables.")
def r16_switch_branch_not_callable():
    return lax.switch(0, [lambda: 1.0, 2.0])


@mistake("scan got value with no leading axis to scan over: 1.0.")
def r16_map_over_scalar():
    return lax.map(lambda a: a, 1.0)


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r16_map_lengths_differ():
    return lax.map(lambda ab: ab[0] + ab[1], (jnp.ones(3), jnp.ones(4)))


@mistake()
def r16_map_batch_size_zero():
    return lax.map(lambda a: a, jnp.ones(3), batch_size=0)


@mistake("Array inputs to associative_scan must have the same first dimension. (saw: [(3,), (4,)])")
def r16_associative_scan_lengths_differ():
    return lax.associative_scan(lambda a, b: (a[0] + b[0], a[1] + b[1]), (jnp.ones(3), jnp.ones(4)))


# ---------------------------------------------------------------------------------------------
# Pytree registration


class _R16Point:
    def __init__(self, a, b):
        self.a, self.b = a, b


@mistake(
    "The to_iterable function for a custom PyTree node should return a (children, aux_data) tuple"
)
def r16_register_flatten_returns_list():
    class Pt(_R16Point):
        pass

    jax.tree_util.register_pytree_node(Pt, lambda p: [p.a, p.b], lambda aux, ch: Pt(*ch))
    return jax.jit(lambda p: p.a + p.b)(Pt(1.0, 2.0))


@mistake(
    "The to_iterable function for a custom PyTree node should return a (children, aux_data) tuple"
)
def r16_register_flatten_returns_one_item():
    class Pt(_R16Point):
        pass

    jax.tree_util.register_pytree_node(Pt, lambda p: ((p.a, p.b),), lambda aux, ch: Pt(*ch))
    return jax.tree_util.tree_leaves(Pt(1.0, 2.0))


@mistake()
def r16_register_unflatten_arguments_swapped():
    class Pt(_R16Point):
        pass

    jax.tree_util.register_pytree_node(Pt, lambda p: ((p.a, p.b), None), lambda ch, aux: Pt(*ch))
    return jax.tree_util.tree_map(lambda v: v * 2, Pt(1.0, 2.0))


@mistake("Duplicate custom")
def r16_register_twice():
    class Pt(_R16Point):
        pass

    jax.tree_util.register_pytree_node(Pt, lambda p: ((p.a, p.b), None), lambda aux, ch: Pt(*ch))
    jax.tree_util.register_pytree_node(Pt, lambda p: ((p.a, p.b), None), lambda aux, ch: Pt(*ch))


@mistake("Duplicate custom")
def r16_register_builtin_tuple_again():
    jax.tree_util.register_pytree_node(tuple, lambda t: (t, None), lambda aux, ch: tuple(ch))


@mistake()
def r16_register_aux_unhashable_in_jit():
    class Pt(_R16Point):
        pass

    jax.tree_util.register_pytree_node(
        Pt, lambda p: ((p.a,), [p.b]), lambda aux, ch: Pt(ch[0], aux[0])
    )
    return jax.jit(lambda p: p.a)(Pt(1.0, 2.0))


@mistake(
    "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()"
)
def r16_register_aux_array_compare():
    class Pt(_R16Point):
        pass

    jax.tree_util.register_pytree_node(
        Pt, lambda p: ((p.a,), np.array([1, 2])), lambda aux, ch: Pt(ch[0], aux)
    )
    return jax.tree_util.tree_map(lambda u, v: u + v, Pt(1.0, 0), Pt(2.0, 0))


@mistake()
def r16_register_dataclass_not_dataclass():
    class Pt:
        pass

    return jax.tree_util.register_dataclass(Pt, data_fields=["a"], meta_fields=[])


@mistake("type object 'Pt' has no attribute 'tree_unflatten'")
def r16_register_pytree_node_class_without_methods():
    @jax.tree_util.register_pytree_node_class
    class Pt:
        pass

    return jax.tree_util.tree_leaves(Pt())


@mistake("type object 'Pt' has no attribute 'tree_unflatten'")
def r16_register_pytree_node_class_flatten_classmethod_missing():
    @jax.tree_util.register_pytree_node_class
    class Pt:
        def __init__(self, a):
            self.a = a

        def tree_flatten(self):
            return (self.a,), None

    return jax.tree_util.tree_map(lambda v: v, Pt(1.0))


@mistake()
def r16_register_static_then_leaves_ok():
    class S:
        pass

    jax.tree_util.register_static(S)
    return jax.tree_util.tree_leaves([S(), 1.0])


@mistake()
def r16_register_with_keys_keys_not_keys():
    class Pt(_R16Point):
        pass

    jax.tree_util.register_pytree_with_keys(
        Pt, lambda p: (((0, p.a), (1, p.b)), None), lambda aux, ch: Pt(*ch)
    )
    return jax.tree_util.tree_flatten_with_path(Pt(1.0, 2.0))


@mistake()
def r16_register_not_a_class():
    return jax.tree_util.register_pytree_node("Pt", lambda p: ((), None), lambda aux, ch: None)


@mistake("Error interpreting argument to <function r16_unregistered_class_in_jit.<locals>.<lambda>")
def r16_unregistered_class_in_jit():
    return jax.jit(lambda p: p.a)(_R16Point(1.0, 2.0))


@mistake("Argument '<")
def r16_unregistered_class_in_grad():
    return jax.grad(lambda p: p.a)(_R16Point(1.0, 2.0))


@mistake("Argument '<")
def r16_unregistered_class_in_vmap():
    return jax.vmap(lambda p: p.a)(_R16Point(jnp.ones(2), jnp.ones(2)))


@mistake("Argument '<")
def r16_unregistered_class_in_scan_carry():
    return lax.scan(lambda c, x: (c, x), _R16Point(1.0, 2.0), jnp.ones(3))


@mistake("Cannot interpret value of type")
def r16_unregistered_class_in_device_put():
    return jax.device_put(_R16Point(1.0, 2.0))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they"
)
def r16_namedtuple_field_added_in_scan():
    import collections

    Pair = collections.namedtuple("Pair", "a b")
    Triple = collections.namedtuple("Triple", "a b c")
    return lax.scan(lambda c, x: (Triple(c.a, c.b, x), x), Pair(0.0, 0.0), jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# jax.tree misuse


@mistake()
def r16_tree_map_none_leaf_ok():
    return jax.tree.map(lambda a: a * 2, [1.0, None])


@mistake("flatten(): incompatible function arguments. The following argument types are supported")
def r16_tree_map_is_leaf_not_callable():
    return jax.tree.map(lambda a: a, [1.0], is_leaf=True)


@mistake("flatten(): incompatible function arguments. The following argument types are supported")
def r16_tree_leaves_is_leaf_not_callable():
    return jax.tree.leaves([1.0], is_leaf=1)


@mistake("unflatten(): incompatible function arguments. The following argument types are supported")
def r16_tree_unflatten_leaves_not_list():
    return jax.tree.unflatten(jax.tree.structure([1, 2]), 5)


@mistake("'str' object has no attribute 'unflatten'")
def r16_tree_unflatten_of_string_structure():
    return jax.tree.unflatten("[*, *]", [1, 2])


@mistake()
def r16_tree_reduce_initializer_ok():
    return jax.tree.reduce(lambda a, b: a + b, [], 0)


@mistake(
    "r16_tree_reduce_function_arity.<locals>.<lambda>() takes 1 positional argument but 2 were given"
)
def r16_tree_reduce_function_arity():
    return jax.tree.reduce(lambda a: a, [1, 2])


@mistake("unsupported operand type(s) for +: 'float' and 'str'")
def r16_tree_map_function_raises_type():
    return jax.tree.map(lambda a: a + "s", [1.0])


@mistake("pytree structure error: different types at key path")
def r16_tree_map_tuple_vs_namedtuple():
    import collections

    Pair = collections.namedtuple("Pair", "a b")
    return jax.tree.map(lambda u, v: u + v, (1.0, 2.0), Pair(1.0, 2.0))


@mistake("pytree structure error: different numbers of pytree children at key path")
def r16_tree_map_dict_vs_dict_more_keys():
    return jax.tree.map(lambda u, v: u + v, {"a": 1.0}, {"a": 1.0, "b": 2.0})


@mistake("pytree structure error: different types at key path")
def r16_tree_map_second_is_prefix():
    return jax.tree.map(lambda u, v: u + v, [[1.0, 2.0]], [1.0])


@mistake("'list' object has no attribute 'flatten_up_to'")
def r16_tree_transpose_of_non_tree_structure():
    return jax.tree.transpose([1, 2], None, [(1, 2), (3, 4)])


@mistake("'str' object is not callable")
def r16_tree_flatten_with_path_is_leaf_not_callable():
    return jax.tree_util.tree_flatten_with_path([1.0], is_leaf="x")


@mistake("unsupported operand type(s) for +: 'int' and 'str'")
def r16_tree_structure_compare_to_list():
    return jax.tree.structure([1, 2]).num_nodes + "a"


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r16_tree_all_of_tracer_in_jit():
    return jax.jit(lambda a: jax.tree.all([a > 0]))(jnp.ones(()))


@mistake("unsupported operand type(s) for +: 'float' and 'tuple'")
def r16_tree_map_with_path_keys_wrong():
    return jax.tree_util.tree_map_with_path(lambda p, a: a + p, [1.0])


@mistake()
def r16_tree_util_keystr_of_string():
    return jax.tree_util.keystr("a")


@mistake("pytree structure error: different lengths of list at key path")
def r16_tree_broadcast_not_prefix():
    return jax.tree.broadcast([1, 2, 3], [1, 2])


# ---------------------------------------------------------------------------------------------
# jax.debug.callback / debug.print misuse


@mistake(
    "first argument to jax.debug.callback must be callable, but got an object of type <class 'int'>"
)
def r16_debug_callback_not_callable():
    return jax.jit(lambda a: jax.debug.callback(3, a))(jnp.ones(2))


@mistake()
def r16_debug_callback_returns_value():
    return jax.jit(lambda a: jax.debug.callback(lambda v: v, a))(jnp.ones(2))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last)")
def r16_debug_callback_raises():
    def cb(v):
        raise ValueError("user says no")

    return jax.block_until_ready(jax.jit(lambda a: jax.debug.callback(cb, a) or a)(jnp.ones(2)))


@mistake()
def r16_debug_callback_string_argument_ok():
    return jax.jit(lambda a: jax.debug.callback(lambda v, s: None, a, "s") or a)(jnp.ones(2))


@mistake()
def r16_debug_callback_ordered_in_vmap():
    return jax.vmap(lambda a: jax.debug.callback(lambda v: None, a, ordered=True) or a)(jnp.ones(2))


@mistake()
def r16_debug_callback_in_grad_ok():
    return jax.grad(lambda a: (jax.debug.callback(lambda v: None, a), a * 2)[1])(1.0)


@mistake("tuple index out of range")
def r16_debug_print_format_index_missing():
    return jax.jit(lambda a: jax.debug.print("{1}", a))(jnp.ones(2))


@mistake("expected str, got")
def r16_debug_print_format_not_string():
    return jax.jit(lambda a: jax.debug.print(a))(jnp.ones(2))


@mistake("'val'")
def r16_debug_print_format_name_missing():
    return jax.jit(lambda a: jax.debug.print("{val}", a))(jnp.ones(2))


@mistake()
def r16_debug_print_fstring_of_tracer_ok():
    return jax.jit(lambda a: jax.debug.print(f"{a}"))(jnp.ones(2))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last)")
def r16_pure_callback_wrong_result_shape():
    f = lambda a: jax.pure_callback(
        lambda v: np.ones(3, np.float32), jax.ShapeDtypeStruct((2,), jnp.float32), a
    )
    return jax.block_until_ready(jax.jit(f)(jnp.ones(2)))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last)")
def r16_pure_callback_wrong_result_dtype():
    f = lambda a: jax.pure_callback(
        lambda v: np.ones(2, np.int32), jax.ShapeDtypeStruct((2,), jnp.float32), a
    )
    return jax.block_until_ready(jax.jit(f)(jnp.ones(2)))


@mistake("'int' object has no attribute 'dtype'")
def r16_pure_callback_result_shape_not_struct():
    return jax.jit(lambda a: jax.pure_callback(lambda v: v, (2,), a))(jnp.ones(2))


@mistake("vmap_method must be on of the allowed methods ['sequential', 'sequential_unrolled'")
def r16_pure_callback_vmap_method_unknown():
    f = lambda a: jax.pure_callback(
        lambda v: v, jax.ShapeDtypeStruct((), jnp.float32), a, vmap_method="loop"
    )
    return jax.vmap(f)(jnp.ones(2))


@mistake("Cannot `vmap` ordered IO callback.")
def r16_io_callback_in_vmap_ordered():
    cb = _sub("experimental").io_callback
    f = lambda a: cb(lambda v: v, jax.ShapeDtypeStruct((), jnp.float32), a, ordered=True)
    return jax.vmap(f)(jnp.ones(2))


# ---------------------------------------------------------------------------------------------
# Signatures: positional-only ufunc operands, renamed / required / missing keywords


@mistake("sin() got some positional-only arguments passed as keyword arguments: 'x'")
def r16_sig_sin_x_keyword():
    return jnp.sin(x=1.0)


@mistake("exp() got some positional-only arguments passed as keyword arguments: 'x'")
def r16_sig_exp_x_keyword():
    return jnp.exp(x=jnp.ones(3))


@mistake("abs() got some positional-only arguments passed as keyword arguments: 'x'")
def r16_sig_abs_x_keyword():
    return jnp.abs(x=-1.0)


@mistake("sqrt() got some positional-only arguments passed as keyword arguments: 'x'")
def r16_sig_sqrt_x_keyword_in_jit():
    return jax.jit(lambda a: jnp.sqrt(x=a))(jnp.ones(3))


@mistake("equal() got some positional-only arguments passed as keyword arguments: 'x, y'")
def r16_sig_equal_keywords():
    return jnp.equal(x=1.0, y=2.0)


@mistake("arctan2() got some positional-only arguments passed as keyword arguments: 'x1, x2'")
def r16_sig_arctan2_keywords():
    return jnp.arctan2(x1=1.0, x2=2.0)


@mistake("divide() got some positional-only arguments passed as keyword arguments: 'x1, x2'")
def r16_sig_divide_keywords():
    return jnp.divide(x1=jnp.ones(2), x2=2.0)


@mistake("ufunc.__call__() got an unexpected keyword argument 'x1'")
def r16_sig_add_keywords():
    return jnp.add(x1=1.0, x2=2.0)


@mistake("permute_dims() got some positional-only arguments passed as keyword arguments: 'a'")
def r16_sig_permute_dims_a_keyword():
    return jnp.permute_dims(a=jnp.ones((2, 3)), axes=(1, 0))


@mistake("einsum() got some positional-only arguments passed as keyword arguments: 'subscripts'")
def r16_sig_einsum_subscripts_keyword():
    return jnp.einsum(subscripts="i->", operands=jnp.ones(3))


@mistake("argmax() missing 1 required positional argument: 'index_dtype'")
def r16_sig_lax_argmax_without_index_dtype():
    return lax.argmax(jnp.ones(3), 0)


@mistake("argmin() missing 1 required positional argument: 'index_dtype'")
def r16_sig_lax_argmin_without_index_dtype():
    return lax.argmin(jnp.ones(3), axis=0)


@mistake()
def r16_sig_take_along_axis_default_axis_ok():
    return jnp.take_along_axis(jnp.ones((2, 3)), jnp.zeros((2, 1), jnp.int32))


@mistake("rayleigh() missing 1 required positional argument: 'scale'")
def r16_sig_random_rayleigh_without_scale():
    return random.rayleigh(random.key(0))


@mistake()
def r16_sig_random_rayleigh_shape_as_scale_ok():
    return random.rayleigh(random.key(0), 1.0, (3,))


@mistake()
def r16_sig_make_jaxpr_static_argnums_positional_ok():
    return jax.make_jaxpr(lambda a, n: a * n, 1)(1.0, 2)


@mistake("make_jaxpr() got an unexpected keyword argument 'static_argnames'")
def r16_sig_make_jaxpr_static_argnames():
    return jax.make_jaxpr(lambda a, n: a * n, static_argnames="n")(1.0, n=2)


@mistake("empty_like() got an unexpected keyword argument 'out_sharding'")
def r16_sig_empty_like_out_sharding():
    return jnp.empty_like(jnp.ones(3), out_sharding=None)


@mistake("broadcast_shapes() got an unexpected keyword argument 'op'")
def r16_sig_broadcast_shapes_op_keyword():
    return jnp.broadcast_shapes((2,), (2,), op="add")


@mistake()
def r16_sig_broadcast_to_array_keyword_ok():
    return jnp.broadcast_to(array=jnp.ones(3), shape=(2, 3))


@mistake("broadcast_to() got an unexpected keyword argument 'x'")
def r16_sig_broadcast_to_x_keyword():
    return jnp.broadcast_to(x=jnp.ones(3), shape=(2, 3))


@mistake()
def r16_sig_lax_mul_out_dtype_ok():
    return lax.mul(jnp.ones(2), jnp.ones(2), out_dtype=jnp.float32)


@mistake()
def r16_sig_vmap_sum_match_ok():
    return jax.vmap(lambda a: a, sum_match=True)(jnp.ones(2))


@mistake()
def r16_sig_checkpoint_static_argnames_ok():
    return jax.checkpoint(lambda a, n: a * n, static_argnames="n")(1.0, n=2)


@mistake()
def r16_sig_random_key_dtype_none_ok():
    return random.key(0, dtype=None)


@mistake()
def r16_sig_compress_out_none_ok():
    return jnp.compress(jnp.array([True, False]), jnp.ones(2), out=None)


@mistake("The 'out' argument to jnp.compress is not supported")
def r16_sig_compress_out_given():
    return jnp.compress(jnp.array([True, False]), jnp.ones(2), out=jnp.ones(1))


@mistake()
def r16_sig_ravel_multi_index_dtype_ok():
    return jnp.ravel_multi_index((jnp.array([0]),), (2,), dtype=jnp.int32)


@mistake()
def r16_sig_reduce_sum_out_sharding_none_ok():
    return lax.reduce_sum(jnp.ones(3), (0,), out_sharding=None)


@mistake()
def r16_sig_broadcast_out_sharding_none_ok():
    return lax.broadcast(jnp.ones(3), (2,), out_sharding=None)


@mistake()
def r16_sig_broadcasted_iota_out_sharding_none_ok():
    return lax.broadcasted_iota(jnp.int32, (3,), 0, out_sharding=None)


@mistake()
def r16_sig_repeat_out_sharding_none_ok():
    return jnp.repeat(jnp.ones(3), 2, out_sharding=None)


@mistake()
def r16_sig_bincount_out_sharding_none_ok():
    return jnp.bincount(jnp.arange(3), out_sharding=None)


@mistake()
def r16_sig_lax_reduce_out_sharding_none_ok():
    return lax.reduce(jnp.ones(3), 0.0, lax.add, (0,), out_sharding=None)


@mistake()
def r16_sig_percentile_out_sharding_none_ok():
    return jnp.percentile(jnp.ones(3), 50, out_sharding=None)


@mistake()
def r16_sig_dynamic_slice_allow_negative_indices_ok():
    return lax.dynamic_slice(jnp.ones(3), (1,), (1,), allow_negative_indices=False)


@mistake()
def r16_sig_dynamic_slice_in_dim_allow_negative_indices_ok():
    return lax.dynamic_slice_in_dim(jnp.ones(3), 1, 1, allow_negative_indices=False)


@mistake()
def r16_sig_dynamic_update_slice_allow_negative_indices_ok():
    return lax.dynamic_update_slice(jnp.ones(3), jnp.ones(1), (1,), allow_negative_indices=False)


@mistake()
def r16_sig_random_normal_out_sharding_none_ok():
    return random.normal(random.key(0), (8,), out_sharding=None)


@mistake()
def r16_sig_random_uniform_out_sharding_none_ok():
    return random.uniform(random.key(0), (8,), out_sharding=None)


@mistake()
def r16_sig_random_randint_out_sharding_none_ok():
    return random.randint(random.key(0), (8,), 0, 4, out_sharding=None)


@mistake()
def r16_sig_random_bernoulli_out_sharding_none_ok():
    return random.bernoulli(random.key(0), 0.5, (8,), out_sharding=None)


@mistake()
def r16_sig_random_permutation_out_sharding_none_ok():
    return random.permutation(random.key(0), 8, out_sharding=None)


@mistake(
    "Context manager for numpy_dtype_promotion config option requires an argument representing the"
)
def r16_sig_numpy_dtype_promotion_without_value():
    with jax.numpy_dtype_promotion():
        return jnp.ones(2)


@mistake(
    "Context manager for numpy_rank_promotion config option requires an argument representing the"
)
def r16_sig_numpy_rank_promotion_without_value():
    with jax.numpy_rank_promotion():
        return jnp.ones(2)


@mistake(
    "Context manager for default_matmul_precision config option requires an argument representing"
)
def r16_sig_default_matmul_precision_without_value():
    with jax.default_matmul_precision():
        return jnp.ones(2)


@mistake()
def r16_sig_debug_nans_without_value():
    with jax.debug_nans():
        return jnp.ones(2)


@mistake("convert_element_type() got an unexpected keyword argument 'weak_type'")
def r16_sig_convert_element_type_weak_type_keyword():
    return lax.convert_element_type(jnp.ones(3), jnp.int32, weak_type=True)


@mistake("scatter_sub() got an unexpected keyword argument 'bogus'")
def r16_sig_scatter_sub_unknown_keyword():
    dn = lax.ScatterDimensionNumbers((), (0,), (0,))
    return lax.scatter_sub(jnp.ones(3), jnp.array([[0]]), jnp.ones(1), dn, bogus=1)


@mistake("block_until_ready() got an unexpected keyword argument 'tree'")
def r16_sig_block_until_ready_tree_keyword():
    return jax.block_until_ready(tree=jnp.ones(2))


@mistake("auto_axes() got an unexpected keyword argument 'fun'")
def r16_sig_auto_axes_fun_keyword():
    return jax.sharding.auto_axes(fun=lambda a: a)


@mistake("explicit_axes() got an unexpected keyword argument 'fun'")
def r16_sig_explicit_axes_fun_keyword():
    return jax.sharding.explicit_axes(fun=lambda a: a)


@mistake()
def r16_sig_local_devices_host_id_ok():
    return jax.local_devices(host_id=0)


@mistake()
def r16_sig_process_index_backend_ok():
    return jax.process_index("cpu")


@mistake()
def r16_sig_make_array_from_single_device_arrays_dtype_ok():
    s = jax.sharding.SingleDeviceSharding(jax.devices()[0])
    return jax.make_array_from_single_device_arrays((1,), s, [jnp.ones(1)], dtype=jnp.float32)


@mistake("shard_map() got some positional-only arguments passed as keyword arguments: 'f'")
def r16_sig_shard_map_f_keyword():
    return jax.shard_map(f=lambda a: a, mesh=mesh2, in_specs=P("x"), out_specs=P("x"))


@mistake("jit() got some positional-only arguments passed as keyword arguments: 'fun'")
def r16_sig_jit_fun_keyword():
    return jax.jit(fun=lambda a: a)


@mistake()
def r16_sig_vmap_fun_keyword_ok():
    return jax.vmap(fun=lambda a: a)(jnp.ones(2))


@mistake()
def r16_sig_grad_fun_keyword_ok():
    return jax.grad(fun=lambda a: a * a)(1.0)


@mistake()
def r16_sig_lax_transpose_operand_keyword_ok():
    return lax.transpose(operand=jnp.ones((2, 3)), permutation=(1, 0))


@mistake()
def r16_sig_lax_slice_operand_keyword_ok():
    return lax.slice(operand=jnp.ones(4), start_indices=(1,), limit_indices=(3,))


@mistake()
def r16_sig_lax_reduce_sum_operand_keyword_ok():
    return lax.reduce_sum(operand=jnp.ones(4), axes=(0,))


@mistake()
def r16_sig_lax_squeeze_array_keyword_ok():
    return lax.squeeze(array=jnp.ones((1, 4)), dimensions=(0,))


@mistake()
def r16_sig_lax_reshape_operand_keyword_ok():
    return lax.reshape(operand=jnp.ones(4), new_sizes=(2, 2))


@mistake()
def r16_sig_lax_expand_dims_array_keyword_ok():
    return lax.expand_dims(array=jnp.ones(4), dimensions=(0,))


@mistake()
def r16_sig_lax_broadcast_in_dim_operand_keyword_ok():
    return lax.broadcast_in_dim(operand=jnp.ones(4), shape=(2, 4), broadcast_dimensions=(1,))


@mistake()
def r16_sig_lax_dynamic_slice_operand_keyword_ok():
    return lax.dynamic_slice(operand=jnp.ones(4), start_indices=(1,), slice_sizes=(2,))


@mistake()
def r16_sig_lax_slice_in_dim_operand_keyword_ok():
    return lax.slice_in_dim(operand=jnp.ones(4), start_index=1, limit_index=3)


@mistake("reduce_max() got an unexpected keyword argument 'x'")
def r16_sig_lax_reduce_max_x_keyword():
    return lax.reduce_max(x=jnp.ones(4), axes=(0,))


@mistake()
def r16_sig_tree_reduce_initializer_keyword_ok():
    return jax.tree.reduce(lambda a, b: a + b, [1, 2], initializer=0)


@mistake(
    "invalid argument method='bad', expected one of ['compare_all', 'scan', 'scan_unrolled', 'sort']"
)
def r16_sig_searchsorted_method_unknown():
    return jnp.searchsorted(jnp.arange(3), 1, method="bad")


@mistake()
def r16_sig_argmax_keepdims_none_ok():
    return jnp.argmax(jnp.ones(3), keepdims=None)


# ---------------------------------------------------------------------------------------------
# jnp functions given wrong keywords


@mistake("sum() got an unexpected keyword argument 'keepdim'")
def r16_kw_sum_keepdim():
    return jnp.sum(x24, keepdim=True)


@mistake("mean() got an unexpected keyword argument 'axes'")
def r16_kw_mean_axes():
    return jnp.mean(x24, axes=0)


@mistake("zeros() got an unexpected keyword argument 'dype'")
def r16_kw_zeros_shape_dtype_typo():
    return jnp.zeros((2,), dype=jnp.float32)


@mistake("ones_like() got an unexpected keyword argument 'shp'")
def r16_kw_ones_like_shape_typo():
    return jnp.ones_like(x24, shp=(2,))


@mistake()
def r16_kw_arange_dtype_positional_ok():
    return jnp.arange(0, 4, 1, jnp.float32)


@mistake("linspace() got an unexpected keyword argument 'steps'")
def r16_kw_linspace_steps():
    return jnp.linspace(0, 1, steps=5)


@mistake("where() got some positional-only arguments passed as keyword arguments: 'x, y'")
def r16_kw_where_x_y_keywords():
    return jnp.where(x24 > 0, x=x24, y=0.0)


@mistake()
def r16_kw_clip_min_max_ok():
    return jnp.clip(x24, min=0, max=1)


@mistake("clip() got an unexpected keyword argument 'a_min'")
def r16_kw_clip_a_min_and_min():
    return jnp.clip(x24, a_min=0, min=0)


@mistake("concatenate() got an unexpected keyword argument 'dim'")
def r16_kw_concatenate_axis_dim():
    return jnp.concatenate([x24, x24], dim=0)


@mistake()
def r16_kw_stack_arrays_keyword_ok():
    return jnp.stack(arrays=[x24, x24])


@mistake()
def r16_kw_reshape_shape_keyword_ok():
    return jnp.reshape(x24, shape=(4, 2))


@mistake("transpose() got an unexpected keyword argument 'dims'")
def r16_kw_transpose_dims():
    return jnp.transpose(x24, dims=(1, 0))


@mistake("swapaxes() got an unexpected keyword argument 'dim0'")
def r16_kw_swapaxes_dim():
    return jnp.swapaxes(x24, dim0=0, dim1=1)


@mistake("moveaxis() got an unexpected keyword argument 'src'")
def r16_kw_moveaxis_src_dst():
    return jnp.moveaxis(x24, src=0, dst=1)


@mistake("expand_dims() got an unexpected keyword argument 'axes'")
def r16_kw_expand_dims_axes():
    return jnp.expand_dims(x24, axes=0)


@mistake("squeeze() got an unexpected keyword argument 'dim'")
def r16_kw_squeeze_dim():
    return jnp.squeeze(jnp.ones((1, 2)), dim=0)


@mistake("tile() got an unexpected keyword argument 'repeats'")
def r16_kw_tile_repeats():
    return jnp.tile(x24, repeats=2)


@mistake("repeat() got an unexpected keyword argument 'repeat'")
def r16_kw_repeat_repeat_count():
    return jnp.repeat(x24, repeat=2)


@mistake("pad() missing 1 required positional argument: 'pad_width'")
def r16_kw_pad_pad_width_typo():
    return jnp.pad(x24, padding=1)


@mistake()
def r16_kw_argsort_descending_ok():
    return jnp.argsort(x24, descending=True)


@mistake("sort() got an unexpected keyword argument 'reverse'")
def r16_kw_sort_reverse():
    return jnp.sort(x24, reverse=True)


@mistake()
def r16_kw_max_initial_and_where_ok():
    return jnp.max(x24, initial=0.0, where=x24 > 1)


@mistake(
    "reduction operation max does not have an identity, so to use a where mask one has to specify"
)
def r16_kw_max_where_without_initial():
    return jnp.max(x24, where=x24 > 1)


@mistake()
def r16_kw_cumsum_dtype_and_axis_ok():
    return jnp.cumsum(x24, axis=1, dtype=jnp.float32)


@mistake()
def r16_kw_matmul_precision_ok():
    return jnp.matmul(x24, x24.T, precision="highest")


@mistake("Precision argument must be one of")
def r16_kw_matmul_precision_unknown():
    return jnp.matmul(x24, x24.T, precision="ultra")


@mistake()
def r16_kw_dot_preferred_element_type_int():
    return jnp.dot(x24, x24.T, preferred_element_type=jnp.int32)


@mistake("Precision argument must be one of")
def r16_kw_einsum_precision_unknown():
    return jnp.einsum("ij,kj->ik", x24, x24, precision="ultra")


@mistake("full() got an unexpected keyword argument 'value'")
def r16_kw_full_value():
    return jnp.full((2,), value=1.0)


@mistake()
def r16_kw_eye_n_m_k_ok():
    return jnp.eye(N=3, M=2, k=1)


@mistake("eye() got an unexpected keyword argument 'size'")
def r16_kw_eye_size():
    return jnp.eye(size=3)


@mistake()
def r16_kw_identity_dtype_positional_ok():
    return jnp.identity(3, jnp.int32)


@mistake("Error interpreting argument to <function allclose")
def r16_kw_allclose_rtol_string():
    return jnp.allclose(x24, x24, rtol="1e-5")


@mistake()
def r16_kw_isclose_equal_nan_ok():
    return jnp.isclose(x24, x24, equal_nan=True)


@mistake("norm() got an unexpected keyword argument 'order'")
def r16_kw_linalg_norm_axis_and_ord_typo():
    return jnp.linalg.norm(x24, order=2)


@mistake()
def r16_kw_unique_size_and_fill_ok():
    return jnp.unique(jnp.array([1, 1, 2]), size=3, fill_value=0)


@mistake("nonzero() got an unexpected keyword argument 'fill'")
def r16_kw_nonzero_size_fill():
    return jnp.nonzero(jnp.array([1, 0, 2]), size=3, fill=0)


@mistake("round() got an unexpected keyword argument 'decimal'")
def r16_kw_round_decimal():
    return jnp.round(x24, decimal=1)


@mistake("split() got an unexpected keyword argument 'num'")
def r16_kw_split_num():
    return jnp.split(x24, num=2)


@mistake()
def r16_kw_std_correction_ok():
    return jnp.std(x24, correction=1)


@mistake("var() got an unexpected keyword argument 'unbiased'")
def r16_kw_var_unbiased():
    return jnp.var(x24, unbiased=True)


@mistake("astype() got some positional-only arguments passed as keyword arguments: 'dtype'")
def r16_kw_astype_dtype_keyword_ok():
    return jnp.astype(x24, dtype=jnp.int32)


@mistake()
def r16_kw_array_method_astype_copy_ok():
    return jnp.asarray(x24).astype(jnp.int32, copy=True)


@mistake("got an unexpected keyword argument 'axes'")
def r16_kw_array_method_sum_axes():
    return jnp.asarray(x24).sum(axes=0)


@mistake("got an unexpected keyword argument 'ordering'")
def r16_kw_array_method_reshape_order_typo():
    return jnp.asarray(x24).reshape(4, 2, ordering="C")


@mistake("got an unexpected keyword argument 'axes'")
def r16_kw_array_method_transpose_axes_keyword():
    return jnp.asarray(x24).transpose(axes=(1, 0))


@mistake("got an unexpected keyword argument 'dim'")
def r16_kw_array_method_max_dim():
    return jnp.asarray(x24).max(dim=0)


@mistake()
def r16_kw_array_method_mean_keepdims_ok():
    return jnp.asarray(x24).mean(axis=0, keepdims=True)


@mistake("got an unexpected keyword argument 'dim'")
def r16_kw_array_method_argmax_dim():
    return jnp.asarray(x24).argmax(dim=0)


@mistake()
def r16_kw_array_method_clip_min_ok():
    return jnp.asarray(x24).clip(min=1.0)


@mistake("got an unexpected keyword argument 'dim'")
def r16_kw_array_method_squeeze_dim():
    return jnp.ones((1, 2)).squeeze(dim=0)


@mistake("got an unexpected keyword argument 'dim'")
def r16_kw_array_method_cumsum_dim():
    return jnp.asarray(x24).cumsum(dim=0)


@mistake()
def r16_kw_array_method_round_decimals_ok():
    return jnp.asarray(x24).round(decimals=1)


@mistake("got an unexpected keyword argument 'dim'")
def r16_kw_array_method_take_dim():
    return jnp.asarray(x24).take(jnp.array([0]), dim=0)


@mistake()
def r16_kw_array_method_std_ddof_ok():
    return jnp.asarray(x24).std(ddof=1)


@mistake("Unexpected value for 'order' argument: Z.")
def r16_kw_array_method_flatten_order_bad():
    return jnp.asarray(x24).flatten(order="Z")


@mistake()
def r16_kw_array_method_view_dtype():
    return jnp.asarray(x24).view(jnp.int32)


@mistake()
def r16_kw_array_method_sort_descending():
    return jnp.asarray(x24).sort(descending=True)


@mistake()
def r16_kw_array_method_dot_precision_ok():
    return jnp.asarray(x24).dot(x24.T, precision="highest")


# ---------------------------------------------------------------------------------------------
# dtypes with x64 off


@mistake()
def r16_x64_zeros_int64_ok():
    return jnp.zeros(2, jnp.int64).dtype


@mistake("Python integer 9223372036854775808 out of bounds for uint32")
def r16_x64_array_uint64_too_big():
    return jnp.array(2**63, dtype=jnp.uint64)


@mistake("Python int 1099511627776 too large to convert to int32")
def r16_x64_array_int_too_big_for_int32():
    return jnp.array(2**40)


@mistake(
    "An overflow was encountered while parsing an argument to a jitted computation, whose argument"
)
def r16_x64_jit_python_int_too_big():
    return jax.jit(lambda a: a + 1)(2**40)


@mistake()
def r16_x64_full_int_too_big():
    return jnp.full(2, 2**40)


@mistake()
def r16_x64_arange_int_too_big():
    return jnp.arange(2**40, 2**40 + 2)


@mistake()
def r16_x64_astype_float64_ok():
    return jnp.ones(2).astype(jnp.float64).dtype


@mistake()
def r16_x64_lax_convert_float64_ok():
    return lax.convert_element_type(jnp.ones(2), jnp.float64).dtype


@mistake()
def r16_x64_complex128_ok():
    return jnp.zeros(2, jnp.complex128).dtype


@mistake(
    "An overflow was encountered while parsing an argument to a jitted computation, whose argument"
)
def r16_x64_int_add_overflowing_literal():
    return jnp.int32(1) + 2**33


@mistake()
def r16_x64_uint8_add_negative_literal():
    return jnp.uint8(1) + (-1)


@mistake()
def r16_x64_int8_add_big_literal():
    return jnp.ones(2, jnp.int8) + 300


@mistake()
def r16_x64_bfloat16_literal_ok():
    return (jnp.ones(2, jnp.bfloat16) + 1e5).dtype


@mistake("Invalid integer data type 'f'.")
def r16_x64_iinfo_of_float():
    return jnp.iinfo(jnp.float32)


@mistake("data type <class 'numpy.int32'> not inexact")
def r16_x64_finfo_of_int():
    return jnp.finfo(jnp.int32)


@mistake("data type 'float33' not understood")
def r16_x64_dtype_unknown_string():
    return jnp.dtype("float33")


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'object'> in zeros")
def r16_x64_zeros_dtype_object():
    return jnp.zeros(2, dtype=object)


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'str'> in zeros")
def r16_x64_zeros_dtype_str():
    return jnp.zeros(2, dtype=str)


@mistake(
    "Value '2020-01-01' with dtype datetime64[D] is not a valid JAX array type. Only arrays of"
)
def r16_x64_array_of_datetime():
    return jnp.array(np.datetime64("2020-01-01"))


@mistake()
def r16_x64_random_randint_int64_ok():
    return random.randint(random.key(0), (2,), 0, 5, dtype=jnp.int64).dtype


@mistake()
def r16_x64_lax_add_int64_and_int32():
    return lax.add(np.int64(1), jnp.int32(1))


@mistake()
def r16_x64_canonicalize_dtype_ok():
    return jax.dtypes.canonicalize_dtype(jnp.float64)


@mistake()
def r16_x64_bitcast_wrong_width():
    return lax.bitcast_convert_type(jnp.ones(3, jnp.float32), jnp.int16).shape


@mistake()
def r16_x64_bitcast_to_float64():
    return lax.bitcast_convert_type(jnp.ones(2, jnp.int32), jnp.float64)


# ---------------------------------------------------------------------------------------------
# Donation


@mistake("Array has been deleted with shape=float32[8].")
def r16_donate_then_reuse():
    a = jnp.ones(8)
    jax.jit(lambda v: v * 2, donate_argnums=0)(a)
    return a + 1


@mistake("Array has been deleted with shape=float32[8].")
def r16_donate_then_print():
    a = jnp.ones(8)
    jax.jit(lambda v: v * 2, donate_argnums=0)(a)
    return np.asarray(a)


@mistake(
    "Jitted function has invalid argnames {'w'} in donate_argnames. Function does not take these"
)
def r16_donate_argnames_unknown():
    return jax.jit(lambda v: v * 2, donate_argnames="w")(jnp.ones(2))


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r16_donate_argnums_out_of_range():
    return jax.jit(lambda v: v * 2, donate_argnums=3)(jnp.ones(2))


@mistake(
    "static_argnames and donate_argnames cannot intersect. Argument names {'v'} appear in both"
)
def r16_donate_and_static_same_arg():
    return jax.jit(lambda v: v * 2, static_argnums=0, donate_argnums=0)(2)


@mistake("'str' object cannot be interpreted as an integer")
def r16_donate_argnums_string():
    return jax.jit(lambda v: v * 2, donate_argnums="v")(jnp.ones(2))


@mistake("INVALID_ARGUMENT: Attempt to")
def r16_donate_same_array_twice():
    a = jnp.ones(8)
    return jax.jit(lambda u, v: u + v, donate_argnums=(0, 1))(a, a)


@mistake()
def r16_donate_deleted_then_shape_ok():
    a = jnp.ones(8)
    jax.jit(lambda v: v * 2, donate_argnums=0)(a)
    return a.shape


@mistake("Array has been deleted with shape=float32[8].")
def r16_donate_delete_then_use():
    a = jnp.ones(8)
    a.delete()
    return a * 2


@mistake("Array has been deleted with shape=float32[8].")
def r16_donate_delete_then_jit():
    a = jnp.ones(8)
    a.delete()
    return jax.jit(lambda v: v)(a)


@mistake()
def r16_donate_is_deleted_ok():
    a = jnp.ones(8)
    jax.jit(lambda v: v * 2, donate_argnums=0)(a)
    return a.is_deleted()


@mistake("Array has been deleted with shape=float32[8].")
def r16_donate_deleted_in_device_put():
    a = jnp.ones(8)
    jax.jit(lambda v: v * 2, donate_argnums=0)(a)
    return jax.device_put(a, jax.devices()[1])


@mistake()
def r16_donate_numpy_argument_ok():
    return jax.jit(lambda v: v * 2, donate_argnums=0)(np.ones(2, np.float32))


@mistake("Array has been deleted with shape=float32[4].")
def r16_donate_in_pytree_then_reuse():
    p = {"w": jnp.ones(4)}
    jax.jit(lambda q: q["w"] * 2, donate_argnums=0)(p)
    return p["w"] + 1


@mistake()
def r16_donate_argnums_negative():
    return jax.jit(lambda v: v * 2, donate_argnums=-1)(jnp.ones(2))


# ---------------------------------------------------------------------------------------------
# device_put and meshes


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`")
def r16_device_put_to_mesh():
    return jax.device_put(jnp.ones(4), mesh2)


@mistake("Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to device_put")
def r16_device_put_to_partition_spec_without_mesh():
    return jax.device_put(jnp.ones(4), P("x"))


@mistake()
def r16_device_put_to_partition_spec_under_mesh_ok():
    with jax.set_mesh(mesh2):
        return jax.device_put(jnp.ones(4), P("x"))


@mistake("device_put device specification must be a tree prefix of the corresponding value;")
def r16_device_put_dict_with_list_of_shardings():
    s = NamedSharding(mesh2, P("x"))
    return jax.device_put({"a": jnp.ones(4)}, [s])


@mistake("device_put device specification must be a tree prefix of the corresponding value;")
def r16_device_put_tuple_shardings_count():
    s = NamedSharding(mesh2, P("x"))
    return jax.device_put((jnp.ones(4), jnp.ones(4)), (s, s, s))


@mistake("Argument 'abc' of type <class 'str'> is not a valid JAX type")
def r16_device_put_of_string():
    return jax.device_put("abc")


@mistake()
def r16_device_put_of_none_ok():
    return jax.device_put(None)


@mistake()
def r16_device_put_src_keyword_bad():
    return jax.device_put(jnp.ones(2), src="cpu")


@mistake()
def r16_device_put_may_alias_ok():
    return jax.device_put(jnp.ones(2), may_alias=True)


@mistake("may_alias and donate cannot be True at the same time.")
def r16_device_put_donate_and_may_alias():
    return jax.device_put(jnp.ones(2), donate=True, may_alias=True)


@mistake("jax.device_put_replicated is deprecated; use jax.device_put instead. See")
def r16_device_put_replicated_removed():
    return jax.device_put_replicated(jnp.ones(2), jax.devices())


@mistake("jax.device_put_sharded is deprecated; use jax.device_put instead. See")
def r16_device_put_sharded_removed():
    return jax.device_put_sharded([jnp.ones(2)] * 8, jax.devices())


@mistake("'str' object has no attribute 'partitions'")
def r16_named_sharding_spec_string():
    return NamedSharding(mesh2, "x")


@mistake("__init__(): incompatible function arguments. The following argument types are supported")
def r16_named_sharding_mesh_none():
    return NamedSharding(None, P("x"))


@mistake()
def r16_named_sharding_spec_tuple_ok():
    return NamedSharding(mesh2, P(("x",)))


@mistake(
    "A tuple inside PartitionSpec cannot contain a nested tuple. Got partition: (('x', 'y'),) and"
)
def r16_partition_spec_nested_tuple_in_tuple():
    return NamedSharding(mesh24, P((("x", "y"),)))


@mistake("Resource axis: 1.5 of P(1.5,) is not found in mesh: ('x',).")
def r16_partition_spec_float():
    return NamedSharding(mesh2, P(1.5))


@mistake()
def r16_mesh_axis_names_string():
    return Mesh(np.array(jax.devices()[:2]), "xy")


@mistake()
def r16_mesh_devices_duplicated():
    d = jax.devices()
    return Mesh(np.array([d[0], d[0]]), ("x",))


@mistake()
def r16_mesh_of_ints():
    return Mesh(np.arange(8).reshape(2, 4), ("x", "y"))


@mistake("'int' object is not iterable")
def r16_make_mesh_shape_not_tuple():
    return jax.make_mesh(8, ("x",), axis_types=(AxisType.Auto,))


@mistake()
def r16_make_mesh_names_string():
    return jax.make_mesh((8,), "x", axis_types=(AxisType.Auto,))


@mistake()
def r16_make_mesh_axis_types_not_tuple():
    return jax.make_mesh((8,), ("x",), axis_types=AxisType.Explicit)


@mistake("axis_types passed to Mesh must be of type")
def r16_make_mesh_axis_types_string():
    return jax.make_mesh((8,), ("x",), axis_types=("explicit",))


@mistake("Number of devices 4 must be >= the product of mesh_shape (2, 4)")
def r16_make_mesh_devices_too_few():
    return jax.make_mesh((2, 4), ("x", "y"), devices=jax.devices()[:4])


@mistake("list index out of range")
def r16_make_mesh_zero_axis():
    return jax.make_mesh((0, 8), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


@mistake("'z'")
def r16_mesh_shape_lookup_unknown():
    return mesh24.shape["z"]


@mistake()
def r16_mesh_as_context_then_named_sharding_ok():
    with mesh24:
        return NamedSharding(mesh24, P("x"))


@mistake()
def r16_set_mesh_of_none():
    with jax.set_mesh(None):
        return jnp.ones(2)


@mistake("is_fully_addressable is not implemented for `jax.sharding.AbstractMesh`.")
def r16_abstract_mesh_device_put():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh2.abstract_mesh, P("x")))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x',).")
def r16_with_sharding_constraint_outside_jit_unknown_axis():
    return lax.with_sharding_constraint(jnp.ones(4), NamedSharding(mesh2, P("q")))


@mistake("with_sharding_constraint requires a non-empty mesh in context if you are passing")
def r16_with_sharding_constraint_spec_without_mesh():
    return jax.jit(lambda a: lax.with_sharding_constraint(a, P("x")))(jnp.ones(4))


@mistake(
    "jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to in_shardings."
)
def r16_jit_in_shardings_spec_without_mesh():
    return jax.jit(lambda a: a, in_shardings=P("x"))(jnp.ones(4))


@mistake("pytree structure error: different types at key path")
def r16_jit_out_shardings_list_for_single():
    s = NamedSharding(mesh2, P("x"))
    return jax.jit(lambda a: a, out_shardings=[s, s])(jnp.ones(4))


@mistake(
    "in_shardings leaf specifications are expected to be PartitionSpec instances or None, but got x"
)
def r16_jit_in_shardings_string():
    return jax.jit(lambda a: a, in_shardings="x")(jnp.ones(4))


@mistake()
def r16_single_device_sharding_of_int():
    return jax.sharding.SingleDeviceSharding(0)


@mistake("has no attribute 'PositionalSharding'")
def r16_positional_sharding_removed():
    return jax.sharding.PositionalSharding(jax.devices())


@mistake("'SingleDeviceSharding' object has no attribute 'spec'")
def r16_array_sharding_spec_on_single_device_sharding():
    return jnp.ones(2).sharding.spec


@mistake("list index out of range")
def r16_addressable_shards_index_out_of_range():
    return jnp.ones(2).addressable_shards[3]


# ---------------------------------------------------------------------------------------------
# Pallas (interpret mode)


@mistake("pallas_call() missing 1 required positional argument: 'out_shape'")
def r16_pallas_out_shape_missing():
    return _pl().pallas_call(_copy, interpret=True)(jnp.ones(8))


@mistake(
    "r16_pallas_kernel_too_few_refs.<locals>.<lambda>() takes 1 positional argument but 2 were given"
)
def r16_pallas_kernel_too_few_refs():
    return _pcall(lambda o_ref: None, jnp.ones(8))


@mistake(
    "r16_pallas_kernel_too_many_refs.<locals>.<lambda>() missing 1 required positional argument"
)
def r16_pallas_kernel_too_many_refs():
    return _pcall(lambda x_ref, o_ref, s_ref: None, jnp.ones(8))


@mistake("Invalid shape for `swap`. Ref shape: (8,). Expected shape: (8,). Value shape: (3,).")
def r16_pallas_kernel_writes_wrong_shape():
    def k(x_ref, o_ref):
        o_ref[...] = jnp.ones(3)

    return _pcall(k, jnp.ones(8))


@mistake("Invalid dtype for `swap`. Ref dtype: float32. Value dtype: int32.")
def r16_pallas_kernel_writes_wrong_dtype():
    def k(x_ref, o_ref):
        o_ref[...] = x_ref[...].astype(jnp.int32)

    return _pcall(k, jnp.ones(8))


@mistake("The kernel function in the pallas_call <lambda> at", "should return None. It returns a PyTree")
def r16_pallas_kernel_returns_value():
    return _pcall(lambda x_ref, o_ref: x_ref[...], jnp.ones(8))


@mistake("Invalid out_shape type: <class 'int'>")
def r16_pallas_out_shape_tuple_of_ints():
    return _pl().pallas_call(_copy, out_shape=(8,), interpret=True)(jnp.ones(8))


@mistake()
def r16_pallas_grid_negative():
    return _pcall(_copy, jnp.ones(8), grid=(-1,))


@mistake(
    "Block shape for args[0] (= (Blocked(block_size=2), Blocked(block_size=2))) must have the same"
)
def r16_pallas_block_shape_rank():
    bs = _pl().BlockSpec((2, 2), lambda i: (i, 0))
    return _pcall(_copy, jnp.ones(8), grid=(4,), in_specs=[bs], out_specs=bs)


@mistake(
    "r16_pallas_index_map_wrong_arity.<locals>.<lambda>() missing 1 required positional argument"
)
def r16_pallas_index_map_wrong_arity():
    bs = _pl().BlockSpec((2,), lambda i, j: (i,))
    return _pcall(_copy, jnp.ones(8), grid=(4,), in_specs=[bs], out_specs=bs)


@mistake("Index map function <lambda> at", "must return 1 values to match block_shape")
def r16_pallas_index_map_returns_wrong_length():
    bs = _pl().BlockSpec((2,), lambda i: (i, 0))
    return _pcall(_copy, jnp.ones(8), grid=(4,), in_specs=[bs], out_specs=bs)


@mistake("Pytree for `in_specs` and `inputs` do not match. There are 1 mismatches, including")
def r16_pallas_in_specs_count():
    bs = _pl().BlockSpec((2,), lambda i: (i,))
    return _pcall(_copy, jnp.ones(8), grid=(4,), in_specs=[bs, bs], out_specs=bs)


@mistake("Axis 1 is out of bounds for grid (1,)")
def r16_pallas_program_id_axis_out_of_range():
    def k(x_ref, o_ref):
        o_ref[...] = x_ref[...] + _pl().program_id(1)

    return _pcall(k, jnp.ones(8), grid=(1,))


@mistake()
def r16_pallas_ref_index_out_of_bounds_static():
    def k(x_ref, o_ref):
        o_ref[...] = x_ref[0:16]

    return _pcall(k, jnp.ones(8))


@mistake()
def r16_pallas_interpret_string():
    return _pcall(_copy, jnp.ones(8), interpret="yes")


@mistake("the first argument must be callable")
def r16_pallas_kernel_not_callable():
    return _pl().pallas_call(3, out_shape=_sds(), interpret=True)(jnp.ones(8))


@mistake("Axis 2 is out of bounds for grid (1,)")
def r16_pallas_num_programs_axis_out_of_range():
    def k(x_ref, o_ref):
        o_ref[...] = x_ref[...] + _pl().num_programs(2)

    return _pcall(k, jnp.ones(8), grid=(1,))


@mistake()
def r16_pallas_ref_assign_scalar_ok():
    def k(x_ref, o_ref):
        o_ref[...] = jnp.zeros(8)

    return _pcall(k, jnp.ones(8))


@mistake()
def r16_pallas_in_vmap_ok():
    return jax.vmap(lambda a: _pcall(_copy, a))(jnp.ones((2, 8)))


@mistake("Linearization failed to produce known values for all output primals")
def r16_pallas_in_grad():
    return jax.grad(lambda a: _pcall(_copy, a).sum())(jnp.ones(8))


# ---------------------------------------------------------------------------------------------
# Keywords misspelled on aliases and lax functions (Python's words name the function called)


@mistake("amax() got an unexpected keyword argument 'dim'")
def r16_alias_amax_dim():
    return jnp.amax(x24, dim=0)


@mistake("amin() got an unexpected keyword argument 'axes'")
def r16_alias_amin_axes():
    return jnp.amin(x24, axes=0)


@mistake("conjugate() got an unexpected keyword argument 'inplace'")
def r16_alias_conjugate_keyword():
    return jnp.conjugate(x24, inplace=True)


@mistake("bitwise_not() got an unexpected keyword argument 'out'")
def r16_alias_bitwise_not_keyword():
    return jnp.bitwise_not(jnp.ones(2, jnp.int32), out=None)


@mistake("radians() got an unexpected keyword argument 'degrees'")
def r16_alias_radians_keyword():
    return jnp.radians(x24, degrees=True)


@mistake("degrees() got an unexpected keyword argument 'radians'")
def r16_alias_degrees_keyword():
    return jnp.degrees(x24, radians=True)


@mistake("pow() got an unexpected keyword argument 'modulo'")
def r16_alias_pow_keyword():
    return jnp.pow(x24, 2, modulo=3)


@mistake("acos() got an unexpected keyword argument 'deg'")
def r16_alias_acos_keyword():
    return jnp.acos(x24 / 10, deg=True)


@mistake("atan2() got an unexpected keyword argument 'deg'")
def r16_alias_atan2_keyword():
    return jnp.atan2(x24, x24, deg=True)


@mistake("bitwise_left_shift() got an unexpected keyword argument 'fill'")
def r16_alias_bitwise_left_shift_keyword():
    return jnp.bitwise_left_shift(jnp.ones(2, jnp.int32), 1, fill=0)


@mistake("exp() got an unexpected keyword argument 'base'")
def r16_lax_exp_keyword():
    return lax.exp(x24, base=2)


@mistake("sin() got an unexpected keyword argument 'degrees'")
def r16_lax_sin_keyword():
    return lax.sin(x24, degrees=True)


@mistake("neg() got an unexpected keyword argument 'inplace'")
def r16_lax_neg_keyword():
    return lax.neg(x24, inplace=True)


@mistake("add() got an unexpected keyword argument 'alpha'")
def r16_lax_add_keyword():
    return lax.add(x24, x24, alpha=2)


@mistake("sub() got an unexpected keyword argument 'alpha'")
def r16_lax_sub_keyword():
    return lax.sub(x24, x24, alpha=2)


@mistake("max() got an unexpected keyword argument 'axis'")
def r16_lax_max_keyword():
    return lax.max(x24, x24, axis=0)


@mistake("sqrt() got an unexpected keyword argument 'approx'")
def r16_lax_sqrt_in_jit_keyword():
    return jax.jit(lambda a: lax.sqrt(a, approx=True))(x24)


@mistake()
def r16_lax_mul_out_dtype_int():
    return lax.mul(x24, x24, out_dtype=jnp.int32).dtype


@mistake()
def r16_lax_reduce_sum_out_sharding_explicit_ok():
    with _set_mesh():
        return jax.typeof(lax.reduce_sum(_eput((8, 4), P("x", None)), (1,), out_sharding=P("x")))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x', 'y').")
def r16_lax_broadcast_out_sharding_unknown():
    with _set_mesh():
        return lax.broadcast(jnp.ones(4), (2,), out_sharding=P("q"))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x', 'y').")
def r16_jnp_repeat_out_sharding_unknown():
    with _set_mesh():
        return jnp.repeat(jnp.ones(4), 2, out_sharding=P("q"))


@mistake()
def r16_vmap_sum_match_list_out_axes_ok():
    return jax.vmap(lambda a: (a, a * 2), out_axes=(0, None), sum_match=True)(jnp.ones(3))


@mistake()
def r16_checkpoint_keyword_call_ok():
    return jax.grad(jax.checkpoint(lambda a, b: a * b))(1.0, b=2.0)


@mistake()
def r16_checkpoint_static_argnames_unknown_ok():
    return jax.checkpoint(lambda a: a * 2, static_argnames="z")(1.0)


@mistake("Cannot specify both `impl` and `dtype` arguments to jax.random.key")
def r16_random_key_dtype_and_impl():
    return random.key(0, impl="threefry2x32", dtype="threefry2x32")


@mistake('unrecognized PRNG implementation "mersenne". Did you mean one of')
def r16_random_key_dtype_unknown():
    return random.key(0, dtype="mersenne")


@mistake()
def r16_dynamic_update_index_in_dim_allow_negative_ok():
    return lax.dynamic_update_index_in_dim(jnp.zeros(3), 1.0, -1, 0, allow_negative_indices=False)


@mistake()
def r16_make_jaxpr_static_argnums_keyword_ok():
    return jax.make_jaxpr(lambda a, n: a * n, static_argnums=(1,))(1.0, 2)


@mistake()
def r16_make_jaxpr_return_shape_positional_ok():
    return jax.make_jaxpr(lambda a: a, (), None, True)(1.0)


@mistake("flatten(): incompatible function arguments. The following argument types are supported")
def r16_tree_map_is_leaf_string():
    return jax.tree.map(lambda a: a, {"a": 1.0}, is_leaf="a")


@mistake("flatten(): incompatible function arguments. The following argument types are supported")
def r16_tree_structure_is_leaf_int():
    return jax.tree.structure([1.0], is_leaf=0)


@mistake("unflatten(): incompatible function arguments. The following argument types are supported")
def r16_tree_unflatten_leaves_none():
    return jax.tree.unflatten(jax.tree.structure([1, 2]), None)


@mistake("__init__(): incompatible function arguments. The following argument types are supported")
def r16_named_sharding_spec_none():
    return NamedSharding(mesh2, None)


@mistake("device_put device specification must be a tree prefix of the corresponding value;")
def r16_device_put_list_prefix_for_tuple():
    s = NamedSharding(mesh2, P("x"))
    return jax.device_put((jnp.ones(4), jnp.ones(4)), [s, s])


@mistake("pytree structure error: different types at key path")
def r16_jit_out_shardings_dict_for_tuple():
    s = NamedSharding(mesh2, P("x"))
    return jax.jit(lambda a: (a, a), out_shardings={"a": s})(jnp.ones(4))


@mistake("shard_map requires a callable for its first argument, but got 3 of type <class 'int'>.")
def r16_shard_map_of_int():
    return jax.shard_map(3, mesh=mesh2, in_specs=P("x"), out_specs=P("x"))


@mistake(
    "shard_map out_specs argument must refer to an axis marked as manual (frozenset({'x'})), but"
)
def r16_shard_map_out_specs_unknown_axis_in_jit():
    return jax.jit(_smap(lambda a: a, P("x"), P("q")))(jnp.ones(4))


@mistake(
    "An overflow was encountered while parsing an argument to a jitted computation, whose argument"
)
def r16_jit_int_too_big_keyword_argument():
    return jax.jit(lambda a, b: a + b)(1, b=2**35)


@mistake(
    "An overflow was encountered while parsing an argument to a jitted computation, whose argument"
)
def r16_jit_negative_int_too_big():
    return jax.jit(lambda a: a)(-(2**40))


@mistake(
    "If `dtype` is provided to `jax.make_array_from_single_device_arrays`, it must match the dtype"
)
def r16_make_array_from_single_device_arrays_dtype_mismatch():
    s = jax.sharding.SingleDeviceSharding(jax.devices()[0])
    return jax.make_array_from_single_device_arrays((1,), s, [jnp.ones(1)], dtype=jnp.int32)


@mistake(
    "Unknown backend: 'gpu' requested, but no platforms that are instances of gpu are present."
)
def r16_process_count_backend_unknown():
    return jax.process_count("gpu")


@mistake()
def r16_block_until_ready_x_keyword_ok():
    return jax.block_until_ready(x=jnp.ones(2))


@mistake("The 'out' argument to jnp.compress is not supported")
def r16_compress_out_array():
    return jnp.compress(jnp.array([True]), jnp.ones(1), out=np.zeros(1))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x', 'y').")
def r16_percentile_out_sharding_unknown():
    with _set_mesh():
        return jnp.percentile(_eput(8, P("x")), 50, out_sharding=P("q"))


@mistake()
def r16_empty_like_device_ok():
    return jnp.empty_like(jnp.ones(3), device=jax.devices()[0])


@mistake(
    "Context manager for legacy_prng_key config option requires an argument representing the new"
)
def r16_config_context_legacy_prng_key_without_value():
    with jax.legacy_prng_key():
        return random.PRNGKey(0)


@mistake(
    "Context manager for default_prng_impl config option requires an argument representing the new"
)
def r16_config_context_default_prng_impl_without_value():
    with jax.default_prng_impl():
        return random.key(0)


@mistake()
def r16_config_context_debug_key_reuse_default_ok():
    with jax.debug_key_reuse():
        return random.normal(random.key(0))


# ---------------------------------------------------------------------------------------------
# Key reuse (jax.debug_key_reuse) and more key / export / callback / custom-rule mistakes


@mistake("Previously-consumed key passed to jit-compiled function at index 0")
def r16_key_reuse_normal_twice():
    with jax.debug_key_reuse(True):
        k = random.key(0)
        random.normal(k)
        return random.normal(k)


@mistake("Previously-consumed key passed to jit-compiled function at index 0")
def r16_key_reuse_split_then_use():
    with jax.debug_key_reuse(True):
        k = random.key(0)
        random.split(k)
        return random.uniform(k)


@mistake("In jit, argument 0 is already consumed.")
def r16_key_reuse_in_jit():
    def f(k):
        return random.normal(k) + random.normal(k)

    with jax.debug_key_reuse(True):
        return jax.jit(f)(random.key(0))


@mistake()
def r16_key_reuse_clone_ok():
    with jax.debug_key_reuse(True):
        k = random.key(0)
        random.normal(random.clone(k))
        return random.normal(k)


@mistake()
def r16_key_reuse_fold_in_ok():
    with jax.debug_key_reuse(True):
        k = random.key(0)
        random.fold_in(k, 1)
        return random.normal(k)


@mistake()
def r16_key_reuse_raw_key_not_checked_ok():
    with jax.debug_key_reuse(True):
        k = random.PRNGKey(0)
        random.normal(k)
        return random.normal(k)


@mistake("Previously-consumed key passed to jit-compiled function at index 0")
def r16_key_reuse_in_loop_body():
    def body(i, c):
        return c + random.normal(c_key)

    with jax.debug_key_reuse(True):
        c_key = random.key(0)
        random.normal(c_key)
        return random.normal(c_key) + lax.fori_loop(0, 2, body, 0.0)


@mistake("not enough values to unpack (expected 3, got 2)")
def r16_key_split_unpacked_wrong_count():
    a, b, c = random.split(random.key(0))
    return a


@mistake("split() got an unexpected keyword argument 'n'")
def r16_key_split_num_keyword():
    return random.split(random.key(0), n=3)


@mistake("Cannot convert_element_type from key<fry> to uint32")
def r16_key_fold_in_key_as_data():
    return random.fold_in(random.key(0), random.key(1))


@mistake()
def r16_key_normal_shape_int_ok():
    return random.normal(random.key(0), 3)


@mistake()
def r16_key_uniform_min_max_swapped_ok():
    return random.uniform(random.key(0), (2,), minval=1.0, maxval=0.0)


@mistake("randint() missing 1 required positional argument: 'maxval'")
def r16_key_randint_shape_missing():
    return random.randint(random.key(0), 0, 10)


@mistake("Cannot take a larger sample (size 5) than population (size 3) when 'replace=False'")
def r16_key_choice_replace_false_too_many():
    return random.choice(random.key(0), 3, (5,), replace=False)


@mistake()
def r16_key_choice_p_negative_ok():
    return random.choice(random.key(0), 3, (2,), p=jnp.array([0.5, -0.1, 0.6]))


@mistake()
def r16_key_permutation_independent_1d():
    return random.permutation(random.key(0), jnp.arange(4), independent=True)


@mistake("bernoulli probability `p` must have a floating dtype, got int32.")
def r16_key_bernoulli_p_int():
    return random.bernoulli(random.key(0), 1, (2,))


@mistake("JAX encountered invalid PRNG key data: expected key_data to have ndim, shape, and dtype")
def r16_key_data_of_float():
    return random.key_data(1.0)


@mistake('unrecognized PRNG implementation "philox". Did you mean one of')
def r16_key_wrap_key_data_impl_unknown():
    return random.wrap_key_data(jnp.zeros(2, jnp.uint32), impl="philox")


@mistake()
def r16_key_typed_key_as_jit_static_hash():
    return jax.jit(lambda k, n: random.normal(k, (n,)), static_argnums=1)(random.key(0), 2)


@mistake()
def r16_key_typed_key_index():
    return random.split(random.key(0), 3)[5]


@mistake()
def r16_key_typed_key_reshape_ok():
    return random.split(random.key(0), 4).reshape(2, 2)


@mistake()
def r16_key_typed_key_where():
    ks = random.split(random.key(0), 2)
    return jnp.where(jnp.array([True, False]), ks, ks)


@mistake("Cannot call abstract method astype")
def r16_key_typed_key_astype_key_ok():
    return random.split(random.key(0), 2).astype(random.key(0).dtype)


@mistake()
def r16_export_of_jit_with_static_ok():
    f = jax.jit(lambda a, n: a * n, static_argnums=1)
    return _sub("export").export(f)(jnp.ones(3), 2)


@mistake("The invocation args and kwargs must have the same pytree structure as when the function")
def r16_export_call_with_static_argument():
    f = jax.jit(lambda a, n: a * n, static_argnums=1)
    exp = _sub("export").export(f)(jnp.ones(3), 2)
    return exp.call(jnp.ones(3), 2)


@mistake("Dtype mismatch for args[0]: expected float32 and called with int32")
def r16_export_serialize_then_call_wrong_dtype():
    exp = _sub("export").export(jax.jit(lambda a: a * 2))(jnp.ones(3))
    back = _sub("export").deserialize(exp.serialize())
    return back.call(jnp.ones(3, jnp.int32))


@mistake("tuple index out of range")
def r16_export_in_avals_index():
    exp = _sub("export").export(jax.jit(lambda a: a * 2))(jnp.ones(3))
    return exp.in_avals[1]


@mistake()
def r16_export_symbolic_shape_two_same_names_ok():
    return _sub("export").symbolic_shape("a, a")


@mistake("The symbolic constraints should be a sequence of strings. Got 'a >= 2'")
def r16_export_symbolic_shape_constraints_not_list():
    return _sub("export").symbolic_shape("a", constraints="a >= 2")


@mistake()
def r16_export_symbolic_reshape_ok():
    (a,) = _sub("export").symbolic_shape("a")
    spec = jax.ShapeDtypeStruct((a, 4), jnp.float32)
    return _sub("export").export(jax.jit(lambda x: x.reshape(-1)))(spec)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r16_export_symbolic_concrete_index():
    (a,) = _sub("export").symbolic_shape("a")
    spec = jax.ShapeDtypeStruct((a,), jnp.float32)
    return _sub("export").export(jax.jit(lambda x: jnp.zeros(x.shape[0] * 1.5)))(spec)


@mistake()
def r16_debug_callback_kwargs_ok():
    def f(a):
        jax.debug.callback(lambda v, *, scale: None, a, scale=2.0)
        return a

    return jax.jit(f)(jnp.ones(2))


@mistake()
def r16_debug_print_in_vmap_ok():
    return jax.vmap(lambda a: (jax.debug.print("{}", a), a)[1])(jnp.ones(2))


@mistake()
def r16_debug_print_positional_and_named_ok():
    return jax.jit(lambda a: (jax.debug.print("{} {b}", a, b=a), a)[1])(jnp.ones(2))


@mistake("tuple index out of range")
def r16_debug_print_too_few_arguments():
    return jax.jit(lambda a: jax.debug.print("{} {}", a))(jnp.ones(2))


@mistake("debug_callback received unexpected arguments in the two-call form: args=")
def r16_debug_callback_none():
    return jax.jit(lambda a: jax.debug.callback(None, a))(jnp.ones(2))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last)")
def r16_pure_callback_callback_not_callable():
    s = jax.ShapeDtypeStruct((2,), jnp.float32)
    return jax.jit(lambda a: jax.pure_callback(None, s, a))(jnp.ones(2))


@mistake()
def r16_custom_vjp_defvjp_twice_ok():
    f = jax.custom_vjp(lambda a: a * 2)
    f.defvjp(lambda a: (a * 2, None), lambda r, g: (g,))
    f.defvjp(lambda a: (a * 2, None), lambda r, g: (2 * g,))
    return jax.grad(f)(1.0)


@mistake("the first argument must be callable")
def r16_custom_jvp_defjvp_not_callable():
    f = jax.custom_jvp(lambda a: a * 2)
    f.defjvp(3)
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("No VJP defined for custom_vjp function <lambda> using defvjp.")
def r16_custom_vjp_fwd_not_callable():
    f = jax.custom_vjp(lambda a: a * 2)
    f.defvjp(None, lambda r, g: (g,))
    return jax.grad(f)(1.0)


@mistake("custom_jvp.__init__() missing 1 required positional argument: 'fun'")
def r16_custom_jvp_decorator_with_arguments():
    @jax.custom_jvp(nondiff_argnums=(1,))
    def f(a, n):
        return a * n

    return f(1.0, 2)


@mistake()
def r16_custom_vjp_nondiff_argnums_kwargs_call():
    f = jax.custom_vjp(lambda a, n: a * n, nondiff_argnums=(1,))
    f.defvjp(lambda a, n: (a * n, None), lambda n, r, g: (g * n,))
    return jax.grad(lambda a: f(a, n=2.0))(1.0)


# ---------------------------------------------------------------------------------------------
# Misspelled keywords of config contexts, initializers, stats, aliases of transforms


@mistake("State.__call__() got an unexpected keyword argument 'enable'")
def r16_kw_enable_x64_enable():
    with jax.enable_x64(enable=True):
        return jnp.ones(2)


@mistake("State.__call__() got an unexpected keyword argument 'value'")
def r16_kw_debug_nans_value():
    with jax.debug_nans(value=True):
        return jnp.ones(2)


@mistake("glorot_normal() got an unexpected keyword argument 'scale'")
def r16_kw_glorot_normal_scale():
    return jax.nn.initializers.glorot_normal(scale=2.0)


@mistake("he_normal() got an unexpected keyword argument 'mode'")
def r16_kw_kaiming_normal_mode():
    return jax.nn.initializers.kaiming_normal(mode="fan_out")


@mistake("sf() got an unexpected keyword argument 'mean'")
def r16_kw_norm_sf_mean():
    return jax.scipy.stats.norm.sf(1.0, mean=0.0)


@mistake("logsf() got an unexpected keyword argument 'std'")
def r16_kw_norm_logsf_std():
    return jax.scipy.stats.norm.logsf(1.0, std=1.0)


@mistake("jacobian() got an unexpected keyword argument 'argnum'")
def r16_kw_jacobian_argnum():
    return jax.jacobian(lambda a: a * 2, argnum=0)


@mistake("remat() got an unexpected keyword argument 'policy_fn'")
def r16_kw_remat_policy_fn():
    return jax.remat(lambda a: a * 2, policy_fn=None)


@mistake("host_count() got an unexpected keyword argument 'platform'")
def r16_kw_host_count_backend_name():
    return jax.host_count(platform="cpu")


@mistake("closure_convert() got an unexpected keyword argument 'args'")
def r16_kw_closure_convert_args():
    return jax.closure_convert(lambda a: a, args=(1.0,))


@mistake("mod() got an unexpected keyword argument 'out'")
def r16_kw_jnp_mod_keyword():
    return jnp.mod(5, 3, out=None)


@mistake("acosh() got an unexpected keyword argument 'out'")
def r16_kw_jnp_acosh_keyword():
    return jnp.acosh(2.0, out=None)
