# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 6 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules): the
families the first five rounds covered thinly. The runner executes this file after the first,
in the same namespace, so the meshes and helpers defined there (`mesh2`, `mesh24`, `emesh`,
`_smap`, `_eput`, `_custom_vjp`, `_custom_jvp`) are in scope here too."""

# ---------------------------------------------------------------------------------------------
# Keys: typed and raw keys, shapes, dtypes, distributions


@mistake()
def r6_random_split_extra_positional():
    return random.split(random.key(0), 2, 3)


@mistake()
def r6_random_normal_extra_positional():
    return random.normal(random.key(0), (2,), jnp.float32, 3)


@mistake("dtype argument to `normal` must be a float or complex dtype, got bool")
def r6_random_normal_bool_dtype():
    return random.normal(random.key(0), (2,), dtype=jnp.bool_)


@mistake("dtype argument to `uniform` must be a float dtype, got complex64")
def r6_random_uniform_complex_dtype():
    return random.uniform(random.key(0), (2,), dtype=jnp.complex64)


@mistake("dtype argument to `exponential` must be a float dtype, got complex64")
def r6_random_exponential_complex_dtype():
    return random.exponential(random.key(0), (2,), dtype=jnp.complex64)


@mistake("dtype argument to `laplace` must be a float dtype, got int32")
def r6_random_laplace_int_dtype():
    return random.laplace(random.key(0), (2,), dtype=jnp.int32)


@mistake("dtype argument to `logistic` must be a float dtype, got int32")
def r6_random_logistic_int_dtype():
    return random.logistic(random.key(0), (2,), dtype=jnp.int32)


@mistake("dtype argument to `cauchy` must be a float dtype, got int32")
def r6_random_cauchy_int_dtype():
    return random.cauchy(random.key(0), (2,), dtype=jnp.int32)


@mistake("dtype argument to `gamma` must be a float dtype, got int32")
def r6_random_gamma_int_dtype():
    return random.gamma(random.key(0), 1.0, (2,), dtype=jnp.int32)


@mistake("dtype argument to `beta` must be a float dtype, got int32")
def r6_random_beta_int_dtype():
    return random.beta(random.key(0), 1.0, 1.0, (2,), dtype=jnp.int32)


@mistake("dtype argument to `t` must be a float dtype, got int32")
def r6_random_t_int_dtype():
    return random.t(random.key(0), 3.0, (2,), dtype=jnp.int32)


@mistake("dtype argument to `chisquare` must be a float dtype, got int32")
def r6_random_chisquare_int_dtype():
    return random.chisquare(random.key(0), 3.0, (2,), dtype=jnp.int32)


@mistake("dtype argument to `maxwell` must be a float dtype, got int32")
def r6_random_maxwell_int_dtype():
    return random.maxwell(random.key(0), (2,), dtype=jnp.int32)


@mistake("dtype argument to `truncated_normal` must be a float dtype, got int32")
def r6_random_truncated_normal_int_dtype():
    return random.truncated_normal(random.key(0), -1.0, 1.0, (2,), dtype=jnp.int32)


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r6_random_orthogonal_int_dtype():
    return random.orthogonal(random.key(0), 3, dtype=jnp.int32)


@mistake("dtype argument to `binomial` must be a float dtype, got int32")
def r6_random_binomial_int_dtype():
    return random.binomial(random.key(0), 10.0, 0.5, (2,), dtype=jnp.int32)


@mistake("dtype argument to `weibull_min` must be a float dtype, got int32")
def r6_random_weibull_int_dtype():
    return random.weibull_min(random.key(0), 1.0, 1.0, (2,), dtype=jnp.int32)


@mistake("dtype argument to `pareto` must be a float dtype, got int32")
def r6_random_pareto_int_dtype():
    return random.pareto(random.key(0), 2.0, (2,), dtype=jnp.int32)


@mistake("dtype argument to `rayleigh` must be a float dtype, got int32")
def r6_random_rayleigh_int_dtype():
    return random.rayleigh(random.key(0), 1.0, (2,), dtype=jnp.int32)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_random_rademacher_float_dtype():
    return random.rademacher(random.key(0), (2,), dtype=jnp.float32).dtype.name


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (), (4,)]")
def r6_random_randint_maxval_shape():
    return random.randint(random.key(0), (3,), 0, jnp.full(4, 5))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_random_randint_float_bounds():
    return random.randint(random.key(0), (3,), 0.5, 10.5).dtype.name


@mistake("Incompatible types for broadcasting: input type=float32[3] and requested type=float32[2]")
def r6_random_poisson_lam_shape():
    return random.poisson(random.key(0), jnp.ones(3), (2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r6_random_gamma_shape_mismatch():
    return random.gamma(random.key(0), jnp.ones(3), (2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (2,)]")
def r6_random_beta_shapes_mismatch():
    return random.beta(random.key(0), jnp.ones(3), jnp.ones(2))


@mistake()
def r6_random_uniform_shape_none():
    return random.uniform(random.key(0), None)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2, None).")
def r6_random_normal_shape_with_none():
    return random.normal(random.key(0), (2, None))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_random_normal_shape_array():
    return random.normal(random.key(0), jnp.array([2, 3])).shape


@mistake("a must be greater than 0 unless no samples are taken")
def r6_random_choice_zero_population():
    return random.choice(random.key(0), 0, (1,))


@mistake("a must be greater than 0 unless no samples are taken")
def r6_random_choice_negative_population():
    return random.choice(random.key(0), -3, (1,))


@mistake(
    "p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (5, 1) and a.shape[axis] is 5.",
)
def r6_random_choice_p_2d():
    return random.choice(random.key(0), 5, (3,), p=jnp.ones((5, 1)) / 5)


@mistake(
    "p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (2,) and a.shape[axis] is 4.",
)
def r6_random_choice_p_for_2d_population():
    return random.choice(random.key(0), jnp.ones((4, 2)), (2,), p=jnp.ones(2) / 2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_random_permutation_axis_2_of_matrix():
    return random.permutation(random.key(0), jnp.ones((2, 3)), axis=2)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_random_permutation_independent_of_int():
    return random.permutation(random.key(0), 5, independent=True).shape


@mistake("method must be one of {'svd', 'eigh', 'cholesky'}")
def r6_random_multivariate_normal_method():
    return random.multivariate_normal(random.key(0), jnp.zeros(2), jnp.eye(2), method="qr")


@mistake("multivariate_normal requires cov.ndim >= 2, got cov.ndim == 1")
def r6_random_multivariate_normal_cov_vector():
    return random.multivariate_normal(random.key(0), jnp.zeros(2), jnp.ones(2))


@mistake("multivariate_normal requires mean.ndim >= 1, got mean.ndim == 0")
def r6_random_multivariate_normal_mean_scalar():
    return random.multivariate_normal(random.key(0), 0.0, jnp.eye(2))


@mistake("dtype argument to `dirichlet` must be a float dtype, got int32")
def r6_random_dirichlet_alpha_int():
    return random.dirichlet(random.key(0), jnp.ones(3), dtype=jnp.int32)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_random_key_index_out_of_bounds():
    return random.split(random.key(0), 2)[2]


@mistake("cannot reshape array of shape (4,) (size 4) into shape 3 (size 3)")
def r6_random_keys_reshape_wrong_size():
    return random.split(random.key(0), 4).reshape(3)


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r6_random_raw_key_scalar_uint32():
    return random.normal(random.PRNGKey(0)[0], (2,))


@mistake("JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=int32")
def r6_random_raw_key_int32_dtype():
    return random.normal(random.PRNGKey(0).astype(jnp.int32), (2,))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32",
)
def r6_random_raw_key_float_data_in_split():
    return random.split(jnp.zeros(2, jnp.float32))


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion.")
def r6_random_stack_typed_and_raw_keys():
    return jnp.stack([random.key(0), random.PRNGKey(0)])


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data to have ndim, shape, and dtype attributes",
)
def r6_random_key_data_of_int():
    return random.key_data(1)


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32",
)
def r6_random_key_impl_of_float_array():
    return random.key_impl(jnp.ones(2))


@mistake("expected key_data.shape to end with (4,); got shape=(2,)")
def r6_random_wrap_key_data_rbg_wrong_shape():
    return random.wrap_key_data(jnp.zeros(2, jnp.uint32), impl="rbg")


@mistake("unrecognized type <class 'int'> for specifying PRNG implementation.")
def r6_random_key_impl_int():
    return random.key(0, impl=3)


@mistake("fold_in accepts a scalar, but was given an array")
def r6_random_fold_in_array_data():
    return random.fold_in(random.key(0), jnp.arange(3))


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap for",
)
def r6_random_fold_in_batch_of_keys():
    return random.fold_in(random.split(random.key(0)), 1).shape


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_random_clone_of_int():
    return random.clone(1)


@mistake("multiply does not accept dtypes key<fry>, int32.")
def r6_random_typed_key_multiplied():
    return random.key(0) * 2


@mistake("lt does not accept dtype key<fry> at position 0")
def r6_random_typed_key_compared_less():
    return random.key(0) < random.key(1)


@mistake("JAX array with PRNGKey dtype cannot be converted to a NumPy array")
def r6_random_typed_key_to_numpy():
    return np.asarray(random.key(0))


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion.")
def r6_random_typed_key_in_jnp_where():
    return jnp.where(True, random.key(0), 1)


@mistake("float() argument must be a string or a real number, not 'PRNGKeyArray'")
def r6_random_typed_key_float_conversion():
    return float(random.key(0))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_random_bernoulli_p_int_dtype_shape_int():
    return random.bernoulli(random.key(0), 0.5, 3)


@mistake("dtype argument to `gumbel` must be a float dtype, got int32")
def r6_random_categorical_logits_int():
    return random.categorical(random.key(0), jnp.arange(3)).dtype.name


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r6_random_normal_in_jit_with_int_key():
    return jax.jit(lambda k: random.normal(k, (2,)))(0)


@mistake("Previously-consumed key passed to jit-compiled function at index 0")
def r6_random_key_reuse_checker():
    with jax.debug_key_reuse(True):
        k = random.key(0)
        random.normal(k)
        return random.normal(k)


@mistake("Previously-consumed key passed to jit-compiled function at index 0")
def r6_random_key_reuse_after_split():
    with jax.debug_key_reuse(True):
        k = random.key(0)
        random.split(k)
        return random.uniform(k)


@mistake("In jit, argument 0 is already consumed.")
def r6_random_key_reuse_in_jit():
    def f(k):
        return random.normal(k) + random.normal(k)

    with jax.debug_key_reuse(True):
        return jax.jit(f)(random.key(0))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_random_key_reuse_checker_off():
    k = random.key(0)
    random.normal(k)
    return float(random.normal(k)) == float(random.normal(k))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r6_random_gumbel_shape_float():
    return random.gumbel(random.key(0), (2.5,))


@mistake()
def r6_random_ball_int_dimension_float():
    return random.ball(random.key(0), 2.5)


@mistake("dtype argument to `gamma` must be a float dtype, got int32")
def r6_random_generalized_normal_int_dtype():
    return random.generalized_normal(random.key(0), 2.0, (2,), dtype=jnp.int32)


@mistake("dtype argument to `gamma` must be a float dtype, got int32")
def r6_random_loggamma_int_dtype():
    return random.loggamma(random.key(0), 1.0, (2,), dtype=jnp.int32)


@mistake("dtype argument to `triangular` must be a float dtype, got int32")
def r6_random_triangular_int_dtype():
    return random.triangular(random.key(0), 0.0, 0.5, 1.0, (2,), dtype=jnp.int32)


@mistake("dtype argument to `geometric` must be an int dtype, got float32")
def r6_random_geometric_float_dtype():
    return random.geometric(random.key(0), 0.5, (2,), dtype=jnp.float32)


# ---------------------------------------------------------------------------------------------
# vmap in_axes / out_axes


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments",
)
def r6_vmap_in_axes_dict_for_positional():
    return jax.vmap(lambda x: x, in_axes={"x": 0})(jnp.ones(3))


@mistake(
    "vmap in_axes specification must be a tree prefix of the corresponding value",
    "different lengths of tuple at key path",
    "vmap in_axes[0]",
)
def r6_vmap_in_axes_tuple_for_tuple_arg_length():
    return jax.vmap(lambda t: t[0], in_axes=((0, 0, 0),))((jnp.ones(3), jnp.ones(3)))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments",
)
def r6_vmap_in_axes_bool():
    return jax.vmap(lambda x: x, in_axes=True)(jnp.ones(3))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments",
)
def r6_vmap_in_axes_array():
    return jax.vmap(lambda x: x, in_axes=jnp.array(0))(jnp.ones(3))


@mistake(
    "vmap was requested to map its argument along axis 1, which implies that its rank should be at least",
)
def r6_vmap_in_axes_nested_out_of_range():
    return jax.vmap(lambda x, y: x + y, in_axes=(0, 1))(jnp.ones(3), jnp.ones(3))


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r6_vmap_in_axes_none_all_leaves_tuple():
    return jax.vmap(lambda x, y: x + y, in_axes=(None, None))(jnp.ones(3), jnp.ones(3))


@mistake(
    "vmap out_axes must be an int, None, or (nested) container with those types as leaves, but got 0.",
)
def r6_vmap_out_axes_string():
    return jax.vmap(lambda x: x, out_axes="0")(jnp.ones(3))


@mistake(
    "vmap out_axes must be an int, None, or (nested) container with those types as leaves, but got 0.0.",
)
def r6_vmap_out_axes_float():
    return jax.vmap(lambda x: x, out_axes=0.0)(jnp.ones(3))


@mistake(
    "vmap out_axes specification must be a tree prefix of the corresponding value",
    "different types at key path",
)
def r6_vmap_out_axes_list_for_tuple():
    return jax.vmap(lambda x: (x, x), out_axes=[0, 0])(jnp.ones(3))


@mistake("at vmap out_axes[1], got axis spec None but output was batched on axis 0")
def r6_vmap_out_axes_none_for_one_of_two():
    return jax.vmap(lambda x: (x, x * 2), out_axes=(0, None))(jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_vmap_out_axes_none_on_unmapped():
    return jax.vmap(lambda x, y: (x, y), in_axes=(0, None), out_axes=(0, None))(
        jnp.ones(3), jnp.ones(2)
    )[1].shape


@mistake(
    "vmap out_axes specification must be a tree prefix of the corresponding value",
    "different types at key path",
)
def r6_vmap_out_axes_dict_for_tuple():
    return jax.vmap(lambda x: (x, x), out_axes={"a": 0})(jnp.ones(3))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r6_vmap_out_axes_beyond_rank_tuple():
    return jax.vmap(lambda x: (x, x.sum()), out_axes=(0, 1))(jnp.ones((3, 2)))


@mistake(
    "vmap was requested to map its argument along axis 1, which implies that its rank should be at least",
)
def r6_vmap_in_axes_on_dict_leaf_out_of_range():
    return jax.vmap(lambda d: d["a"], in_axes=({"a": 1},))({"a": jnp.ones(3)})


@mistake(
    "vmap got inconsistent sizes for array axes to be mapped",
    "axis 1 of argument a of type float32[2,3]",
    "axis 0 of argument b of type float32[2,3]",
)
def r6_vmap_sizes_two_args_axis1():
    return jax.vmap(lambda a, b: a + b, in_axes=(1, 0))(jnp.ones((2, 3)), jnp.ones((2, 3)))


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r6_vmap_axis_name_tuple():
    return jax.vmap(lambda x: lax.psum(x, "i"), axis_name=("i",))(jnp.ones(3))


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (-1, 3).")
def r6_vmap_axis_size_negative():
    return jax.vmap(lambda x: x, in_axes=None, axis_size=-1)(jnp.ones(3))


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r6_vmap_axis_size_missing_all_none():
    return jax.vmap(lambda x: x * 2, in_axes=(None,))(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The problem arose with the `int` function.",
)
def r6_vmap_of_class():
    return jax.vmap(int)(jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_vmap_returns_python_int():
    return jax.vmap(lambda x: 1)(jnp.ones(3)).shape


@mistake("Attempted boolean conversion of traced array with shape float32[].")
def r6_vmap_bool_of_mapped():
    return jax.vmap(lambda x: bool(x))(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "item() method of jax.Array",
)
def r6_vmap_item_of_mapped():
    return jax.vmap(lambda x: x.item())(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The size argument of jnp.nonzero must be statically specified",
)
def r6_vmap_nonzero_in_body():
    return jax.vmap(lambda x: jnp.nonzero(x))(jnp.ones((2, 3)))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_vmap_in_axes_kwargs_dict():
    return jax.vmap(lambda x: x, in_axes=0)(x=jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_vmap_in_axes_for_none_leaf_nonnone():
    return jax.vmap(lambda x, y: x, in_axes=(0, 0))(jnp.ones(3), None)


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r6_vmap_grad_non_scalar():
    return jax.vmap(jax.grad(lambda x: x * 2))(jnp.ones((3, 2)))


@mistake("Non-hashable static arguments are not supported")
def r6_vmap_of_jit_with_static_traced():
    return jax.vmap(jax.jit(lambda x, n: x * n, static_argnums=1))(jnp.ones(3), jnp.ones(3))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be at least",
)
def r6_vmap_random_normal_with_one_key():
    return jax.vmap(lambda k: random.normal(k, (2,)))(random.key(0))


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r6_vmap_dynamic_slice_size_from_mapped():
    return jax.vmap(lambda x, n: lax.dynamic_slice(x, (0,), (n,)))(jnp.ones((3, 4)), jnp.arange(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "It arose in the jnp.arange argument 'stop'",
)
def r6_vmap_arange_of_mapped():
    return jax.vmap(lambda n: jnp.arange(n))(jnp.arange(3))


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r6_vmap_reshape_to_mapped_size():
    return jax.vmap(lambda x, n: x.reshape(n, -1))(jnp.ones((3, 4)), jnp.arange(3))


# ---------------------------------------------------------------------------------------------
# shard_map specs


@mistake(
    "shard_map in_specs argument must refer to an axis marked as manual",
    "in_specs refers to 'z'",
)
def r6_shard_map_in_specs_tuple_axes_unknown():
    return _smap(lambda x: x, P(("x", "z")), P("x"))(jnp.ones(4))


@mistake("pytree structure error: different pytree metadata at key path", "shard_map in_specs[0]")
def r6_shard_map_in_specs_dict_keys_mismatch():
    f = _smap(lambda d: d["a"], ({"b": P("x")},), P("x"))
    return f({"a": jnp.ones(4)})


@mistake("pytree structure error: different pytree metadata at key path", "shard_map out_specs")
def r6_shard_map_out_specs_dict_keys_mismatch():
    return _smap(lambda x: {"a": x}, P("x"), {"b": P("x")})(jnp.ones(4))


@mistake("pytree structure error: different lengths of tuple at key path", "shard_map out_specs")
def r6_shard_map_out_specs_for_tuple_of_three():
    return _smap(lambda x: (x, x, x), P("x"), (P("x"), P("x")))(jnp.ones(4))


@mistake(
    "out_specs which require replication which can't be statically inferred given the mesh",
    "out_specs is P() which implies that the corresponding output value is replicated across mesh axis 'x'",
)
def r6_shard_map_out_specs_replicated_second_output():
    return _smap(lambda x: (x, x), P("x"), (P("x"), P()))(jnp.ones(4))


@mistake(
    "out_specs which require replication which can't be statically inferred given the mesh",
    "replicated across mesh axis 'y'",
)
def r6_shard_map_out_specs_replicated_2d_mesh():
    return _smap(lambda x: x, P("x", "y"), P("x", None), mesh=mesh24)(jnp.ones((4, 8)))


@mistake(
    "was given argument arrays with axis sizes that are not evenly divisible",
    "maps array axis 0 (of size 6) to mesh axis 'y' (of size 4), but 4 does not evenly divide 6",
)
def r6_shard_map_in_specs_y_not_divisible():
    return _smap(lambda x: x, P("y"), P("y"), mesh=mesh24)(jnp.ones(6))


@mistake(
    "shard_map out_specs argument must refer to an axis marked as manual",
    "out_specs refers to 'w'",
)
def r6_shard_map_out_specs_unknown_axis_2d():
    return _smap(lambda x: x, P("x"), P("w"), mesh=mesh24)(jnp.ones(4))


@mistake(
    "out_specs which require replication which can't be statically inferred given the mesh",
    "possibly varying over {x}",
)
def r6_shard_map_psum_over_y_replicated_claim():
    f = lambda x: lax.psum(x, "y")  # noqa: E731
    return _smap(f, P("x", "y"), P(None, None), mesh=mesh24)(jnp.ones((4, 8)))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_shard_map_check_vma_false_psum():
    f = lambda x: lax.psum(x, "x")  # noqa: E731
    return _smap(f, P("x"), P(), check_vma=False)(jnp.ones(4)).shape


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_shard_map_check_vma_string():
    return _smap(lambda x: x, P("x"), P("x"), check_vma="no")(jnp.ones(4)).shape


@mistake(
    "was given an out_specs entry which is too long to be compatible",
    "out_specs is P('x',) which has length 1",
)
def r6_shard_map_body_shape_mismatch_out():
    return _smap(lambda x: x.sum(), P("x"), P("x"))(jnp.ones(4))


@mistake()
def r6_shard_map_all_gather_axis_name_list():
    return _smap(lambda x: lax.all_gather(x, ["z"]), P("x"), P())(jnp.ones(4))


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (0, 0)).")
def r6_shard_map_ppermute_duplicate_source():
    f = lambda x: lax.ppermute(x, "x", [(0, 1), (0, 0)])  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(4))


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (1, 1)).")
def r6_shard_map_ppermute_duplicate_destination():
    f = lambda x: lax.ppermute(x, "x", [(0, 1), (1, 1)])  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(4))


@mistake(
    "The size of all_to_all split_axis (3) has to be divisible by the size of the named axis x (2)",
)
def r6_shard_map_all_to_all_not_divisible():
    f = lambda x: lax.all_to_all(x, "x", 0, 0, tiled=True)  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(6))


@mistake("tiled reduce_scatter operand scatter dimension size 3 must be divisible by shard_count 2")
def r6_shard_map_psum_scatter_not_divisible():
    f = lambda x: lax.psum_scatter(x, "x", tiled=True)  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(6))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_shard_map_in_specs_none_in_tuple():
    return _smap(lambda x, y: x, (P("x"), None), P("x"))(jnp.ones(4), jnp.ones(4))


@mistake(
    "`axis_names` argument of shard_map should be of type `frozenset` or `set`. Got type: <class 'str'>",
)
def r6_shard_map_axis_names_not_set():
    f = lambda x: x  # noqa: E731
    return jax.shard_map(f, mesh=mesh24, in_specs=P("x"), out_specs=P("x"), axis_names="x")(
        jnp.ones(4)
    )


@mistake("The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh context")
def r6_shard_map_mesh_use_mesh_missing():
    return jax.jit(jax.shard_map(lambda x: x, in_specs=P("x"), out_specs=P("x")))(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_shard_map_mesh_from_set_mesh():
    with jax.set_mesh(mesh2):
        return jax.shard_map(lambda x: x * 2, in_specs=P("x"), out_specs=P("x"))(jnp.ones(4)).shape


@mistake("shard_map out_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances")
def r6_shard_map_out_specs_partition_spec_class():
    return _smap(lambda x: x, P("x"), P)(jnp.ones(4))


@mistake("pytree structure error: different lengths of tuple at key path", "shard_map in_specs")
def r6_shard_map_in_specs_too_few_for_three_args():
    f = lambda a, b, c: a  # noqa: E731
    return _smap(f, (P("x"), P("x")), P("x"))(jnp.ones(4), jnp.ones(4), jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# Explicit sharding


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly divide",
)
def r6_explicit_reshard_not_divisible():
    with jax.set_mesh(emesh):
        return jax.sharding.reshard(_eput((6, 8), P(None, "x")), P("y", None))


@mistake(
    "PartitionSpec passed to reshard cannot contain axis names that are of type Auto or Manual",
    "with axis name: y of type: AxisType.Auto",
)
def r6_explicit_reshard_to_auto_mesh_sharding():
    return jax.sharding.reshard(_eput((4, 8), P("x", None)), NamedSharding(mesh24, P("y", None)))


@mistake(
    "dot_general requires contracting dimensions to have consistent sharding, got ('x',) and ('y',).",
)
def r6_explicit_dot_general_contracting_both_sharded_other_axes():
    a, b = _eput((4, 8), P(None, "x")), _eput((8, 4), P("y", None))
    return jnp.dot(a, b)


@mistake("Contracting dimensions are sharded and it is ambiguous how the output should be sharded")
def r6_explicit_einsum_contracting_sharded():
    a, b = _eput((4, 8), P(None, "x")), _eput((8, 4), P("x", None))
    return jnp.einsum("ij,jk->ik", a, b).sharding.spec


@mistake("Resource axis: z of P('z', None) is not found in mesh: ('x', 'y').")
def r6_explicit_matmul_out_sharding_unknown_axis():
    with jax.set_mesh(emesh):
        a, b = _eput((4, 8), P("x", None)), _eput((8, 4), P())
        return jnp.matmul(a, b, out_sharding=P("z", None))


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly divide",
)
def r6_explicit_dot_out_sharding_not_divisible():
    with jax.set_mesh(emesh):
        a, b = _eput((6, 8), P()), _eput((8, 4), P())
        return jnp.dot(a, b, out_sharding=P("y", None))


@mistake(
    "sub operation with inputs: f32[2@x,4,8], f32[2,4@x,8] produces an illegally sharded result",
)
def r6_explicit_subtract_conflicting_3d():
    a, b = _eput((2, 4, 8), P("x", None, None)), _eput((2, 4, 8), P(None, "x", None))
    return a - b


@mistake("pow got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r6_explicit_power_conflicting():
    a, b = _eput((8, 4), P("x", None)), _eput((8, 4), P("y", None))
    return a**b


@mistake("min got incompatible shardings for broadcasting: (None, 'x'), (None, 'y').")
def r6_explicit_minimum_with_vector_conflict():
    a, b = _eput((8, 8), P(None, "x")), _eput((8,), P("y"))
    return jnp.minimum(a, b)


@mistake("Resource axis: z of P('z', None) is not found in mesh: ('x', 'y').")
def r6_explicit_zeros_like_out_sharding_unknown():
    with jax.set_mesh(emesh):
        return jnp.zeros_like(_eput((4, 8), P()), out_sharding=P("z", None))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension",
)
def r6_explicit_full_out_sharding_axis_twice():
    with jax.set_mesh(emesh):
        return jnp.full((8, 8), 1.0, out_sharding=P("x", "x"))


@mistake(
    "implies that array axis 0 is partitioned 4 times, but does not evenly divide the dimension size",
)
def r6_explicit_arange_out_sharding_not_divisible():
    with jax.set_mesh(emesh):
        return jnp.arange(6, out_sharding=P("y"))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed", "jax.set_mesh")
def r6_explicit_reshard_in_jit_not_divisible():
    f = jax.jit(lambda u: jax.sharding.reshard(u, P("y", None)))
    return f(_eput((6, 8), P()))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed", "jax.set_mesh")
def r6_explicit_use_mesh_missing_out_sharding_spec():
    return jnp.ones((4, 8), out_sharding=P("x", None))


@mistake("Resource axis: z of P('z', None) is not found in mesh: ('x', 'y').")
def r6_explicit_einsum_out_sharding_unknown():
    with jax.set_mesh(emesh):
        a, b = _eput((8, 8), P("x", None)), _eput((8, 8), P())
        return jnp.einsum("ij,jk->ik", a, b, out_sharding=P("z", None))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r6_explicit_reshape_out_sharding_unknown():
    with jax.set_mesh(emesh):
        return jnp.reshape(_eput((8, 4), P("x", None)), (32,), out_sharding=P("z"))


@mistake("Incompatible types for matmul arguments: float32[8@x,4,4] and float32[8,4@x,4]")
def r6_explicit_dot_batch_conflict_3d():
    a, b = _eput((8, 4, 4), P("x", None, None)), _eput((8, 4, 4), P(None, "x", None))
    return jnp.matmul(a, b)


@mistake("Mesh for all inputs should be equal")
def r6_explicit_add_two_meshes():
    other = _mesh((4, 2), ("x", "y"), explicit=True)
    a = _eput((8, 8), P("x", None))
    b = jax.device_put(jnp.ones((8, 8)), NamedSharding(other, P("x", None)))
    return a + b


@mistake("Sharding passed to jit does not match the sharding on the respective arg")
def r6_explicit_jit_in_shardings_on_explicit_conflict():
    f = jax.jit(lambda u: u * 2, in_shardings=NamedSharding(emesh, P("y", None)))
    return f(_eput((8, 8), P("x", None)))


# ---------------------------------------------------------------------------------------------
# Pytree carries of scan / cond / while / fori (JAX's messages name the leaves)


@mistake(
    "scan body function carry input and carry output must have equal types",
    "The input carry component c['n'] has type int32[] but the corresponding output carry component has type float32[], so the dtypes do not match",
)
def r6_scan_dict_carry_leaf_dtype():
    def body(c, x):
        return {"n": c["n"] + 1.0, "s": c["s"] + x}, None

    return lax.scan(body, {"n": jnp.int32(0), "s": 0.0}, jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have equal types",
    "The input carry component c['b'] has type float32[2] but the corresponding output carry component has type float32[3], so the shapes do not match",
)
def r6_scan_dict_carry_leaf_shape():
    def body(c, x):
        return {"a": c["a"], "b": jnp.ones(3)}, None

    return lax.scan(body, {"a": 0.0, "b": jnp.ones(2)}, jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure",
    "so the pytree node metadata does not match",
)
def r6_scan_dict_carry_key_renamed():
    return lax.scan(lambda c, x: ({"b": c["a"]}, None), {"a": 0.0}, jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have equal types",
    "The input carry component c[1] has type float32[] but the corresponding output carry component has type float32[2], so the shapes do not match",
)
def r6_scan_tuple_carry_second_leaf_shape():
    return lax.scan(lambda c, x: ((c[0], jnp.ones(2)), None), (0.0, 0.0), jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have equal types",
    "The input carry component c['opt'][1] has type float32[2] but the corresponding output carry component has type float16[2], so the dtypes do not match",
)
def r6_scan_nested_carry_leaf_dtype():
    def body(c, x):
        return {"opt": (c["opt"][0], c["opt"][1].astype(jnp.float16))}, None

    return lax.scan(body, {"opt": (0.0, jnp.ones(2))}, jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure",
    "The input carry component c[1] is a <class 'NoneType'>",
)
def r6_scan_carry_none_becomes_array():
    return lax.scan(lambda c, x: ((c[0], x), None), (0.0, None), jnp.ones(3))


@mistake("'b'")
def r6_scan_ys_dict_keys_vary():
    return lax.scan(lambda c, x: (c, {"a": x}), 0.0, jnp.ones(3))[1]["b"]


@mistake()
def r6_scan_xs_dict_and_tuple():
    return lax.scan(lambda c, x: (c + x["a"], None), 0.0, (jnp.ones(3),))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure",
    "The input carry c is a list of length 1 but the corresponding component of the carry output is a list of length 2, so the lengths do not match",
)
def r6_scan_carry_list_length_changes():
    return lax.scan(lambda c, x: ([*c, x], None), [0.0], jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_scan_carry_weak_int_to_float_leaf():
    return lax.scan(lambda c, x: ((c[0] + x, c[1]), None), (0, 0.0), jnp.ones(3))


@mistake(
    "cond branch outputs must have the same pytree structure",
    "true_fun output is a <class 'dict'> with pytree metadata ('a',) but false_fun output is a <class 'dict'> with pytree metadata ('b',)",
)
def r6_cond_dict_branch_keys_differ():
    return lax.cond(True, lambda x: {"a": x}, lambda x: {"b": x}, 1.0)


@mistake(
    "cond branches must have equal output types",
    "The output of true_fun at path ['a'] has type float32[] but the corresponding output of false_fun has type int32[], so the dtypes do not match",
)
def r6_cond_dict_branch_leaf_dtype():
    return lax.cond(True, lambda x: {"a": x}, lambda x: {"a": jnp.int32(1)}, 1.0)


@mistake(
    "cond branches must have equal output types",
    "The output of true_fun at path ['a'] has type float32[] but the corresponding output of false_fun has type float32[2], so the shapes do not match",
)
def r6_cond_dict_branch_leaf_shape():
    return lax.cond(True, lambda x: {"a": x}, lambda x: {"a": jnp.ones(2)}, 1.0)


@mistake(
    "cond branches must have equal output types",
    "The output of true_fun at path [1] has type float32[] but the corresponding output of false_fun has type float32[3], so the shapes do not match",
)
def r6_cond_tuple_branch_second_leaf_shape():
    return lax.cond(True, lambda x: (x, x), lambda x: (x, jnp.ones(3)), 1.0)


@mistake(
    "cond branch outputs must have the same pytree structure",
    "true_fun output at path [1] is a <class 'NoneType'> but false_fun output at path [1] is a pytree leaf",
)
def r6_cond_branch_none_vs_array():
    return lax.cond(True, lambda x: (x, None), lambda x: (x, x), 1.0)


@mistake(
    "cond branch outputs must have the same pytree structure",
    "true_fun output is a <class 'list'> but false_fun output is a <class 'tuple'>, so their Python types differ",
)
def r6_cond_branch_list_vs_tuple():
    return lax.cond(True, lambda x: [x, x], lambda x: (x, x), 1.0)


@mistake(
    "switch branches must have equal output types",
    "The output of branch 0 at path ['a'] has type float32[] but the corresponding output of branch1 has type int32[], so the dtypes do not match",
)
def r6_switch_dict_branch_leaf_dtype():
    return lax.switch(1, [lambda x: {"a": x}, lambda x: {"a": jnp.int32(1)}], 1.0)


@mistake(
    "switch branches must have equal output types",
    "The output of branch 0 has type float32[] but the corresponding output of branch2 has type float32[2], so the shapes do not match",
)
def r6_switch_three_branches_third_shape():
    fs = [lambda x: x, lambda x: x * 2, lambda x: jnp.ones(2)]
    return lax.switch(0, fs, 1.0)


@mistake(
    "while_loop body function carry input and carry output must have equal types",
    "The input carry component c['x'] has type float32[] but the corresponding output carry component has type int32[], so the dtypes do not match",
)
def r6_while_dict_carry_leaf_dtype():
    def body(c):
        return {"i": c["i"] + 1, "x": c["x"].astype(jnp.int32)}

    return lax.while_loop(lambda c: c["i"] < 3, body, {"i": 0, "x": 1.0})


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure",
    "with the symmetric difference of key sets: {'j'}",
)
def r6_while_dict_carry_key_added():
    return lax.while_loop(lambda c: c["i"] < 3, lambda c: {**c, "j": 1}, {"i": 0})


@mistake(
    "while_loop body function carry input and carry output must have equal types",
    "The input carry component c[1] has type float32[1] but the corresponding output carry component has type float32[2], so the shapes do not match",
)
def r6_while_tuple_carry_leaf_shape():
    def body(c):
        return c[0] + 1, jnp.append(c[1], 1.0)

    return lax.while_loop(lambda c: c[0] < 3, body, (0, jnp.ones(1)))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r6_while_cond_returns_array_of_carry_dict():
    return lax.while_loop(lambda c: c["x"] < 3, lambda c: c, {"x": jnp.zeros(2)})


@mistake(
    "carry input and carry output must have equal types",
    "The input carry component loop_carry[1]['acc'] has type int32[] but the corresponding output carry component has type float32[], so the dtypes do not match",
)
def r6_fori_loop_dict_carry_leaf_dtype():
    def body(i, c):
        return {"acc": c["acc"] + i * 0.5}

    return lax.fori_loop(0, 3, body, {"acc": jnp.int32(0)})


@mistake(
    "carry input and carry output must have the same pytree structure",
    "The input carry component loop_carry[1] is a tuple of length 2 but the corresponding component of the carry output is a tuple of length 3",
)
def r6_fori_loop_tuple_carry_length():
    return lax.fori_loop(0, 3, lambda i, c: (c[0] + 1, c[1], c[1]), (0, 0))


@mistake(
    "carry input and carry output must have equal types",
    "The input carry component loop_carry[1][1] has type float32[3] but the corresponding output carry component has type float32[1], so the shapes do not match",
)
def r6_fori_loop_carry_shape_leaf_in_jit():
    f = lambda x: lax.fori_loop(0, 3, lambda i, c: (c[0], c[1][:1]), (0.0, x))  # noqa: E731
    return jax.jit(f)(jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure",
    "the corresponding component of the carry output is a <class 'dict'>",
)
def r6_scan_init_carry_array_body_dict():
    return lax.scan(lambda c, x: ({"c": c}, None), 0.0, jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have equal types",
    "The input carry c has type int32[] but the corresponding output carry component has type float32[], so the dtypes do not match",
)
def r6_scan_reverse_carry_dtype():
    return lax.scan(lambda c, x: (c + x, None), jnp.int32(0), jnp.ones(3), reverse=True)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_map_returns_varying_shape():
    return lax.map(lambda x: x if x.ndim else jnp.ones(2), jnp.ones(3))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r6_map_over_mismatched_leading_sizes():
    return lax.map(lambda t: t[0] + t[1], (jnp.ones(3), jnp.ones(4)))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_map_batch_size_zero():
    return lax.map(lambda x: x, jnp.ones(3), batch_size=0)


# ---------------------------------------------------------------------------------------------
# custom_vjp / custom_jvp returns


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple",
)
def r6_custom_vjp_bwd_dict_for_tuple():
    f = _custom_vjp(lambda x: (jnp.sin(x), x), lambda g: {"x": g})
    return jax.grad(f)(1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same type as the args tuple of the primal function",
)
def r6_custom_vjp_bwd_rank_differs():
    f = _custom_vjp(lambda x: (jnp.sin(x), x), lambda g: (jnp.ones((1,)),))
    return jax.grad(lambda x: f(x).sum())(jnp.ones(3))


@mistake(
    "Custom VJP fwd rule <lambda> for function f must produce a pair (list or tuple of length two)",
)
def r6_custom_vjp_fwd_returns_three():
    f = _custom_vjp(lambda x: (jnp.sin(x), x, x), lambda g: (g,))
    return jax.grad(f)(1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_custom_vjp_fwd_returns_list_pair():
    f = _custom_vjp(lambda x: [jnp.sin(x), x], lambda g: (g,))
    return float(jax.grad(f)(1.0))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_custom_vjp_fwd_primal_dtype_differs():
    f = _custom_vjp(lambda x: (jnp.sin(x).astype(jnp.float16), x), lambda g: (g,))
    return jax.grad(f)(1.0)


@mistake()
def r6_custom_vjp_fwd_primal_tuple_for_array():
    f = _custom_vjp(lambda x: ((jnp.sin(x), x), x), lambda g: (g,))
    return jax.grad(f)(1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple",
)
def r6_custom_vjp_bwd_for_dict_arg_keys():
    @jax.custom_vjp
    def f(d):
        return d["a"] * 2

    f.defvjp(lambda d: (f(d), None), lambda r, g: ({"b": g},))
    return jax.grad(f)({"a": 1.0})


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple",
)
def r6_custom_vjp_bwd_for_two_args_one_none():
    @jax.custom_vjp
    def f(x, y):
        return x * y

    f.defvjp(lambda x, y: (f(x, y), (x, y)), lambda r, g: (None, g * r[0], g))
    return jax.grad(f)(1.0, 2.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_custom_vjp_bwd_int_cotangent():
    f = _custom_vjp(lambda x: (jnp.sin(x), x), lambda g: (jnp.int32(1),))
    return jax.grad(f)(1.0)


@mistake("custom_vjp.defvjp() missing 1 required positional argument: 'bwd'")
def r6_custom_vjp_defvjp_twice_args():
    f = jax.custom_vjp(lambda x: x)
    return f.defvjp(lambda x: (x, None))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple",
)
def r6_custom_vjp_bwd_returns_array_for_two_args():
    @jax.custom_vjp
    def f(x, y):
        return x * y

    f.defvjp(lambda x, y: (f(x, y), None), lambda r, g: g)
    return jax.grad(f)(1.0, 2.0)


@mistake("No VJP defined for custom_vjp function <lambda> using defvjp.")
def r6_custom_vjp_nondiff_argnums_out_of_range():
    return jax.custom_vjp(lambda x: x, nondiff_argnums=(1,))(1.0)


@mistake("must produce primal and tangent outputs with equal container (pytree) structures")
def r6_custom_jvp_tangent_dict_keys():
    @jax.custom_jvp
    def f(d):
        return {"a": d["a"] * 2}

    f.defjvp(lambda p, t: (f(p[0]), {"b": t[0]["a"]}))
    return jax.jvp(f, ({"a": 1.0},), ({"a": 1.0},))


@mistake(
    "must produce a pair (list or tuple of length two) representing primal and tangent outputs",
)
def r6_custom_jvp_rule_returns_list_of_three():
    f = _custom_jvp(lambda p, t: [jnp.sin(p[0]), t[0], t[0]])
    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "must produce a pair (list or tuple of length two) representing primal and tangent outputs",
)
def r6_custom_jvp_rule_returns_none():
    f = _custom_jvp(lambda p, t: None)
    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes",
)
def r6_custom_jvp_primal_shape_differs():
    f = _custom_jvp(lambda p, t: (jnp.ones(2), t[0]))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes",
)
def r6_custom_jvp_grad_tangent_shape():
    f = _custom_jvp(lambda p, t: (jnp.sin(p[0]), jnp.ones(2)))
    return jax.grad(f)(1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_custom_jvp_called_with_kwarg_nondiff():
    f = jax.custom_jvp(lambda x, n: x * n, nondiff_argnums=(1,))
    f.defjvp(lambda n, p, t: (f(p[0], n), t[0] * n))
    return f(1.0, n=2)


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes",
)
def r6_custom_jvp_tangent_int_for_float():
    f = _custom_jvp(lambda p, t: (jnp.sin(p[0]), jnp.int32(1)))
    return jax.grad(f)(1.0)


# ---------------------------------------------------------------------------------------------
# jit: static_argnums, donation, device_put targets


@mistake("Non-hashable static arguments are not supported", "<class 'list'>")
def r6_jit_static_argnums_list_argument():
    return jax.jit(lambda x, n: x * len(n), static_argnums=1)(1.0, [1, 2])


@mistake("Non-hashable static arguments are not supported", "<class 'dict'>")
def r6_jit_static_argnums_dict_argument():
    return jax.jit(lambda x, d: x * d["a"], static_argnums=1)(1.0, {"a": 2})


@mistake("Non-hashable static arguments are not supported", "<class 'set'>")
def r6_jit_static_argnames_set_argument():
    return jax.jit(lambda x, s: x * len(s), static_argnames="s")(1.0, s={1, 2})


@mistake("Non-hashable static arguments are not supported", "<class 'numpy.ndarray'>")
def r6_jit_static_argnums_numpy_array():
    return jax.jit(lambda x, a: x * a.sum(), static_argnums=1)(1.0, np.ones(2))


@mistake("Non-hashable static arguments are not supported")
def r6_jit_static_argnums_jax_array():
    return jax.jit(lambda x, a: x * a.sum(), static_argnums=1)(1.0, jnp.ones(2))


@mistake("Non-hashable static arguments are not supported", "<class 'tuple'>")
def r6_jit_static_argnums_tuple_with_list():
    return jax.jit(lambda x, t: x * len(t), static_argnums=1)(1.0, (1, [2]))


@mistake("Non-hashable static arguments are not supported")
def r6_jit_static_argnums_unhashable_object():
    class Config:
        __hash__ = None

    return jax.jit(lambda x, c: x, static_argnums=1)(1.0, Config())


@mistake()
def r6_jit_static_argnums_string_index():
    return jax.jit(lambda x: x, static_argnums="0")(1.0)


@mistake()
def r6_jit_static_argnums_float_index():
    return jax.jit(lambda x: x, static_argnums=0.0)(1.0)


@mistake()
def r6_jit_static_argnames_int():
    return jax.jit(lambda x: x, static_argnames=0)(1.0)


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r6_jit_donate_argnums_out_of_range():
    return jax.jit(lambda x: x * 2, donate_argnums=3)(jnp.ones(2)).shape


@mistake("static_argnames and donate_argnames cannot intersect")
def r6_jit_donate_and_static_same_arg():
    return jax.jit(lambda x, n: x * n, static_argnums=1, donate_argnums=1)(jnp.ones(2), 2)


@mistake(
    "Jitted function has invalid argnames {'y'} in donate_argnames. Function does not take these args.",
)
def r6_jit_donate_argnames_unknown():
    return jax.jit(lambda x: x * 2, donate_argnames="y")(jnp.ones(2)).shape


@mistake("Attempt to use a buffer that was previously donated in the same call to Execute()")
def r6_jit_donated_array_used_twice():
    x = jnp.ones(3)
    return jax.jit(lambda a, b: a + b, donate_argnums=0)(x, x).shape


@mistake("Array has been deleted with shape=float32[3].")
def r6_jit_donated_array_read_after():
    x = jnp.ones(3)
    jax.jit(lambda a: a * 2, donate_argnums=0)(x)
    return x + 1


@mistake("Buffer has been deleted or donated")
def r6_jit_donated_array_passed_again():
    x = jnp.ones(3)
    f = jax.jit(lambda a: a * 2, donate_argnums=0)
    f(x)
    return f(x)


@mistake("Array has been deleted with shape=float32[3].")
def r6_jit_donated_tree_leaf_read_after():
    params = {"w": jnp.ones(3)}
    jax.jit(lambda p: {"w": p["w"] * 2}, donate_argnums=0)(params)
    return params["w"].sum()


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`")
def r6_device_put_device_index():
    return jax.device_put(jnp.ones(2), 0)


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`")
def r6_device_put_device_string():
    return jax.device_put(jnp.ones(2), "cpu:0")


@mistake()
def r6_device_put_devices_out_of_range():
    return jax.device_put(jnp.ones(2), jax.devices()[8])


@mistake("Unknown backend: 'gpu' requested, but no platforms that are instances of gpu are present")
def r6_device_put_to_platform_not_present():
    return jax.device_put(jnp.ones(2), jax.devices("gpu")[0])


@mistake("Unknown backend foo. Available backends are ['cpu']")
def r6_local_devices_unknown_backend():
    return jax.local_devices(backend="foo")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_jit_device_keyword_removed():
    return jax.jit(lambda x: x, device=jax.devices()[0])(1.0)


@mistake("Number of devices 8 must be >= the product of mesh_shape (4, 4)")
def r6_make_mesh_more_devices_than_present():
    return jax.make_mesh((4, 4), ("x", "y"))


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second argument",
)
def r6_mesh_device_array_shape_names():
    return Mesh(np.array(jax.devices()).reshape(2, 4), ("x",))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_mesh_duplicate_axis_names():
    return Mesh(np.array(jax.devices()).reshape(2, 4), ("x", "x"))


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second argument",
)
def r6_make_mesh_names_length():
    return jax.make_mesh((2, 4), ("x",))


# ---------------------------------------------------------------------------------------------
# jax.numpy: bad axis / shape / dtype arguments, family by family


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_jnp_sum_axis_out_of_range():
    return jnp.sum(jnp.ones((2, 3)), axis=2)


@mistake("duplicate value in 'axis': (0, 0)")
def r6_jnp_mean_axis_repeated():
    return jnp.mean(jnp.ones((2, 3)), axis=(0, 0))


@mistake()
def r6_jnp_max_axis_float():
    return jnp.max(jnp.ones((2, 3)), axis=1.0)


@mistake()
def r6_jnp_argmax_axis_tuple():
    return jnp.argmax(jnp.ones((2, 3)), axis=(0, 1))


@mistake()
def r6_jnp_argmin_axis_out_of_range():
    return jnp.argmin(jnp.ones(3), axis=1)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_jnp_cumsum_axis_out_of_range():
    return jnp.cumsum(jnp.ones((2, 3)), axis=2)


@mistake()
def r6_jnp_cumprod_axis_tuple():
    return jnp.cumprod(jnp.ones((2, 3)), axis=(0, 1))


@mistake()
def r6_jnp_std_ddof_array_axis_out_of_range():
    return jnp.std(jnp.ones(3), axis=-2)


@mistake("unbound axis name: 0")
def r6_jnp_var_axis_string():
    return jnp.var(jnp.ones(3), axis="0")


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_jnp_sort_axis_out_of_range():
    return jnp.sort(jnp.ones((2, 3)), axis=2)


@mistake()
def r6_jnp_argsort_axis_tuple():
    return jnp.argsort(jnp.ones((2, 3)), axis=(0,))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r6_jnp_flip_axis_out_of_range():
    return jnp.flip(jnp.ones((2, 3)), axis=3)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_jnp_roll_shift_axis_lengths():
    return jnp.roll(jnp.ones((2, 3)), (1, 2), axis=(0,))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_jnp_roll_axis_out_of_range():
    return jnp.roll(jnp.ones((2, 3)), 1, axis=2)


@mistake()
def r6_jnp_moveaxis_lengths():
    return jnp.moveaxis(jnp.ones((2, 3, 4)), (0, 1), (2,))


@mistake()
def r6_jnp_swapaxes_out_of_range():
    return jnp.swapaxes(jnp.ones((2, 3)), 0, 2)


@mistake("axis 3 is out of bounds for array of dimension 3")
def r6_jnp_expand_dims_out_of_range():
    return jnp.expand_dims(jnp.ones((2, 3)), 3)


@mistake("repeated axis in lax.expand_dims: (0, 0)")
def r6_jnp_expand_dims_repeated():
    return jnp.expand_dims(jnp.ones((2, 3)), (0, 0))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_jnp_squeeze_axis_out_of_range():
    return jnp.squeeze(jnp.ones((1, 3)), axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_jnp_take_axis_out_of_range():
    return jnp.take(jnp.ones((2, 3)), jnp.array([0]), axis=2)


@mistake("indices must have an integer type")
def r6_jnp_take_float_indices():
    return jnp.take(jnp.ones(3), jnp.array([0.5]))


@mistake("indices and arr must have the same number of dimensions; 1 vs. 2")
def r6_jnp_take_along_axis_rank():
    return jnp.take_along_axis(jnp.ones((2, 3)), jnp.zeros(2, jnp.int32), axis=1)


@mistake("take_along_axis indices must be of integer type, got float32")
def r6_jnp_take_along_axis_float_indices():
    return jnp.take_along_axis(jnp.ones((2, 3)), jnp.zeros((2, 1)), axis=1)


@mistake("axis 3 is out of bounds for array of dimension 2")
def r6_jnp_stack_axis_out_of_range():
    return jnp.stack([jnp.ones(2), jnp.ones(2)], axis=3)


@mistake("Need at least one array to stack.")
def r6_jnp_stack_empty():
    return jnp.stack([])


@mistake("Need at least one array to concatenate.")
def r6_jnp_concatenate_empty():
    return jnp.concatenate([])


@mistake("Zero-dimensional arrays cannot be concatenated.")
def r6_jnp_concatenate_scalars():
    return jnp.concatenate([jnp.float32(1), jnp.float32(2)])


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one being")
def r6_jnp_hstack_ranks():
    return jnp.vstack([jnp.ones((2, 3)), jnp.ones(4)])


@mistake()
def r6_jnp_split_axis_out_of_range():
    return jnp.split(jnp.arange(6), 2, axis=1)


@mistake()
def r6_jnp_array_split_zero_sections():
    return jnp.array_split(jnp.arange(6), 0)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r6_jnp_tile_float_reps():
    return jnp.tile(jnp.ones(3), 2.5)


@mistake("operands could not be broadcast together")
def r6_jnp_repeat_counts_shape():
    return jnp.repeat(jnp.ones(3), jnp.array([1, 2]))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_jnp_repeat_axis_out_of_range():
    return jnp.repeat(jnp.ones((2, 3)), 2, axis=2)


@mistake("jnp.pad: pad_width with nd=2 has unsupported shape (3, 2)")
def r6_jnp_pad_width_wrong_length():
    return jnp.pad(jnp.ones((2, 3)), ((1, 1), (1, 1), (1, 1)))


@mistake("index can't contain negative values")
def r6_jnp_pad_negative():
    return jnp.pad(jnp.ones(3), -1)


@mistake("Unimplemented padding mode 'mirror' for np.pad.")
def r6_jnp_pad_unknown_mode():
    return jnp.pad(jnp.ones(3), 1, mode="mirror")


@mistake("`pad_width` must be of integral type.")
def r6_jnp_pad_float_width():
    return jnp.pad(jnp.ones(3), 1.5)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.0, 3).")
def r6_jnp_reshape_float_shape():
    return jnp.reshape(jnp.ones(6), (2.0, 3))


@mistake("Unexpected value for 'order' argument: K.")
def r6_jnp_reshape_order_unknown():
    return jnp.reshape(jnp.ones(6), (2, 3), order="K")


@mistake("Unexpected value for 'order' argument: X.")
def r6_jnp_ravel_order_unknown():
    return jnp.ravel(jnp.ones(6), order="X")


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_jnp_transpose_axes_length():
    return jnp.transpose(jnp.ones((2, 3)), (1, 0, 2))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_jnp_transpose_axes_out_of_range():
    return jnp.transpose(jnp.ones((2, 3)), (0, 2))


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (2, -3).")
def r6_jnp_zeros_negative_shape():
    return jnp.zeros((2, -3))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r6_jnp_ones_float_shape():
    return jnp.ones((2.5,))


@mistake(
    "Incompatible types for broadcasting: input type=float32[4] and requested type=float32[2,3]",
)
def r6_jnp_full_fill_shape():
    return jnp.full((2, 3), jnp.ones(4))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,)")
def r6_jnp_eye_float_n():
    return jnp.eye(2.5)


@mistake()
def r6_jnp_arange_zero_step():
    return jnp.arange(0, 5, 0)


@mistake("Number of samples, -2, must be non-negative.")
def r6_jnp_linspace_negative_num():
    return jnp.linspace(0.0, 1.0, -2)


@mistake()
def r6_jnp_linspace_float_num():
    return jnp.linspace(0.0, 1.0, 2.5)


@mistake("data type 'float31' not understood")
def r6_jnp_zeros_unknown_dtype_string():
    return jnp.zeros(3, dtype="float31")


@mistake("data type 'int33' not understood")
def r6_jnp_astype_unknown_dtype():
    return jnp.ones(3).astype("int33")


@mistake("setting an array element with a sequence")
def r6_jnp_array_ragged():
    return jnp.array([[1, 2], [3]])


@mistake(
    "with dtype object is not a valid JAX array type. Only arrays of numeric types are supported",
)
def r6_jnp_asarray_of_dict():
    return jnp.asarray({"a": 1})


@mistake("dot_general requires contracting dimensions to have the same shape, got (4,) and (3,).")
def r6_jnp_dot_three_d_contraction():
    return jnp.dot(jnp.ones((2, 3, 4)), jnp.ones((3, 4)))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r6_jnp_tensordot_axes_mismatch():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((4, 5)), axes=1)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_jnp_tensordot_axes_out_of_range():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((3, 2)), axes=([2], [0]))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_jnp_outer_with_matrix_ok():
    return jnp.outer(jnp.ones((2, 2)), jnp.ones(3)).shape


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r6_jnp_inner_mismatch():
    return jnp.inner(jnp.ones(3), jnp.ones(4))


@mistake("Dimension must be either 2 or 3 for cross product")
def r6_jnp_cross_size():
    return jnp.cross(jnp.ones(4), jnp.ones(3))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r6_jnp_vdot_mismatch():
    return jnp.vdot(jnp.ones(3), jnp.ones(4))


@mistake("Error interpreting argument to")
def r6_jnp_kron_of_string():
    return jnp.kron(jnp.ones(2), "a")


@mistake("Incompatible types for matmul arguments: float32[2,3,4] and float32[5,4,2]")
def r6_jnp_matmul_batch_mismatch():
    return jnp.matmul(jnp.ones((2, 3, 4)), jnp.ones((5, 4, 2)))


@mistake("Output character 'i' appeared more than once in the output.")
def r6_jnp_einsum_output_repeated():
    return jnp.einsum("ij->ii", jnp.ones((2, 2)))


@mistake("Number of einsum subscripts, 1, must be equal to the number of operands, 2.")
def r6_jnp_einsum_too_many_operands():
    return jnp.einsum("i->i", jnp.ones(2), jnp.ones(2))


@mistake("axis1 and axis2 can not be same. axis1=0 and axis2=0")
def r6_jnp_trace_axes_same():
    return jnp.trace(jnp.ones((2, 2)), axis1=0, axis2=0)


@mistake("diagonal requires an array of at least two dimensions.")
def r6_jnp_diagonal_of_vector():
    return jnp.diagonal(jnp.ones(3))


@mistake("diag input must be 1d or 2d")
def r6_jnp_diag_of_3d():
    return jnp.diag(jnp.ones((2, 2, 2)))


@mistake("Argument to jax.numpy.tril must be at least 2D")
def r6_jnp_tril_of_vector_ok():
    return jnp.tril(jnp.ones(3)).shape


@mistake("Argument to jax.numpy.triu must be at least 2D")
def r6_jnp_triu_of_scalar():
    return jnp.triu(jnp.float32(1))


@mistake()
def r6_jnp_histogram_bins_float():
    return jnp.histogram(jnp.ones(3), bins=2.5)


@mistake("x argument to bincount must have an integer type; got float32")
def r6_jnp_bincount_float():
    return jnp.bincount(jnp.ones(3))


@mistake("only 1-dimensional input supported.")
def r6_jnp_bincount_2d():
    return jnp.bincount(jnp.ones((2, 2), jnp.int32))


@mistake("a should be 1-dimensional")
def r6_jnp_searchsorted_2d():
    return jnp.searchsorted(jnp.ones((2, 2)), 1.0)


@mistake("invalid argument side='middle', expected 'left' or 'right'")
def r6_jnp_searchsorted_side():
    return jnp.searchsorted(jnp.arange(3.0), 1.0, side="middle")


@mistake("max got incompatible shapes for broadcasting: (4,), (3,).")
def r6_jnp_clip_min_shape():
    return jnp.clip(jnp.ones(3), jnp.zeros(4), 1.0)


@mistake("where requires ndarray or scalar arguments, got <class 'NoneType'> at position 2.")
def r6_jnp_where_one_of_two():
    return jnp.where(jnp.ones(3) > 0, jnp.ones(3))


@mistake("condlist must have length equal to choicelist (1 vs 2)")
def r6_jnp_select_lengths():
    return jnp.select([jnp.ones(3) > 0], [jnp.ones(3), jnp.ones(3)])


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_jnp_select_int_condition():
    return jnp.select([jnp.ones(3, jnp.int32)], [jnp.ones(3)])


@mistake("with 1 condition(s), either 1 or 2 functions are expected; got 3")
def r6_jnp_piecewise_func_count():
    x = jnp.arange(3.0)
    return jnp.piecewise(x, [x < 1], [lambda v: v, lambda v: -v, lambda v: v * 2])


@mistake("xp and fp must be one-dimensional arrays of equal size")
def r6_jnp_interp_xp_fp_lengths():
    return jnp.interp(jnp.ones(2), jnp.arange(3.0), jnp.arange(4.0))


@mistake("convolve() only support 1-dimensional inputs.")
def r6_jnp_convolve_2d():
    return jnp.convolve(jnp.ones((2, 2)), jnp.ones(2))


@mistake("mode must be one of ['full', 'same', 'valid']")
def r6_jnp_convolve_mode():
    return jnp.convolve(jnp.ones(3), jnp.ones(2), mode="circular")


@mistake("correlate: inputs cannot be empty, got shapes (0,) and (2,).")
def r6_jnp_correlate_empty():
    return jnp.correlate(jnp.ones(0), jnp.ones(2))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_jnp_polyval_2d_coeffs():
    return jnp.polyval(jnp.ones((2, 2)), 1.0)


@mistake("order must be non-negative but got -1")
def r6_jnp_diff_negative_n():
    return jnp.diff(jnp.ones(3), n=-1)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r6_jnp_diff_axis_out_of_range():
    return jnp.diff(jnp.ones(3), axis=1)


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are required.",
)
def r6_jnp_gradient_too_small():
    return jnp.gradient(jnp.ones(1))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r6_jnp_unique_size_traced():
    return jax.jit(lambda x: jnp.unique(x))(jnp.ones(3))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r6_jnp_nonzero_in_jit():
    return jax.jit(lambda x: jnp.nonzero(x))(jnp.ones(3))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r6_jnp_argwhere_in_jit():
    return jax.jit(lambda x: jnp.argwhere(x))(jnp.ones(3))


@mistake("Array boolean indices must be concrete; got bool[3]")
def r6_jnp_boolean_mask_in_jit():
    return jax.jit(lambda x: x[x > 0])(jnp.ones(3))


@mistake("and got incompatible shapes for broadcasting: (3,), (4,).")
def r6_jnp_isclose_shapes():
    return jnp.isclose(jnp.ones(3), jnp.ones(4))


@mistake("and got incompatible shapes for broadcasting: (3,), (2,).")
def r6_jnp_allclose_shapes():
    return jnp.allclose(jnp.ones(3), jnp.ones(2))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_jnp_array_equal_shapes_ok():
    return bool(jnp.array_equal(jnp.ones(3), jnp.ones(2)))


@mistake("and does not accept dtype float32 at position 0")
def r6_jnp_bitwise_and_float():
    return jnp.bitwise_and(jnp.ones(3), jnp.ones(3))


@mistake("shift_left does not accept dtype float32 at position 0")
def r6_jnp_left_shift_float():
    return jnp.left_shift(jnp.ones(3), 1)


@mistake("not does not accept dtype float32")
def r6_jnp_invert_float():
    return jnp.invert(jnp.ones(3))


@mistake("Arguments to jax.numpy.gcd must be integers.")
def r6_jnp_gcd_float():
    return jnp.gcd(jnp.ones(3), jnp.ones(3))


@mistake("floor_divide does not support complex-valued inputs")
def r6_jnp_floor_divide_complex():
    return jnp.floor_divide(jnp.ones(3, jnp.complex64), 2)


@mistake("rem does not accept dtype complex64 at position 0")
def r6_jnp_remainder_complex():
    return jnp.remainder(jnp.ones(3, jnp.complex64), 2)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_jnp_arctan2_complex():
    return jnp.arctan2(jnp.ones(3, jnp.complex64), 1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_jnp_logaddexp_complex():
    return jnp.logaddexp(jnp.ones(3, jnp.complex64), 1.0)


@mistake("max got incompatible shapes for broadcasting: (2, 3), (3, 2).")
def r6_jnp_maximum_shapes():
    return jnp.maximum(jnp.ones((2, 3)), jnp.ones((3, 2)))


@mistake("lt does not accept dtype complex64 at position 0")
def r6_jnp_heaviside_complex():
    return jnp.heaviside(jnp.ones(3, jnp.complex64), 0.5)


@mistake()
def r6_jnp_round_decimals_float():
    return jnp.round(jnp.ones(3), 1.5)


@mistake("method can only be 'linear', 'lower', 'higher', 'midpoint', 'nearest' or 'inverted_cdf'")
def r6_jnp_percentile_method():
    return jnp.percentile(jnp.ones(3), 50, method="middle")


@mistake("axis 1 is out of bounds for array of dimension 1")
def r6_jnp_quantile_axis_out_of_range():
    return jnp.quantile(jnp.ones(3), 0.5, axis=1)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_jnp_median_axis_out_of_range():
    return jnp.median(jnp.ones((2, 3)), axis=2)


@mistake("Axis must be specified when shapes of a and weights differ.")
def r6_jnp_average_weights_shape():
    return jnp.average(jnp.ones((2, 3)), weights=jnp.ones(2))


@mistake("Shape of weights must be consistent with shape of a along specified axis.")
def r6_jnp_average_weights_axis_length():
    return jnp.average(jnp.ones((2, 3)), axis=1, weights=jnp.ones(2))


@mistake("m has more than 2 dimensions")
def r6_jnp_cov_3d():
    return jnp.cov(jnp.ones((2, 2, 2)))


@mistake("m has more than 2 dimensions")
def r6_jnp_corrcoef_3d():
    return jnp.corrcoef(jnp.ones((2, 2, 2)))


@mistake("Valid values for indexing are 'xy' and 'ij', got yx")
def r6_jnp_meshgrid_indexing():
    return jnp.meshgrid(jnp.ones(2), jnp.ones(3), indexing="yx")


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (4,)]")
def r6_jnp_broadcast_arrays_shapes():
    return jnp.broadcast_arrays(jnp.ones(3), jnp.ones(4))


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r6_jnp_broadcast_shapes_mismatch():
    return jnp.broadcast_shapes((2, 3), (4,))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_jnp_apply_along_axis_out_of_range():
    return jnp.apply_along_axis(jnp.sum, 2, jnp.ones((2, 3)))


@mistake("Argument to inv must have shape [..., n, n], got (2, 3).")
def r6_jnp_linalg_inv_non_square():
    return jnp.linalg.inv(jnp.ones((2, 3)))


@mistake("Argument to _det() must have shape [..., n, n], got (3,)")
def r6_jnp_linalg_det_vector():
    return jnp.linalg.det(jnp.ones(3))


@mistake("inconsistent size for core dimension 'm': 4 vs 3")
def r6_jnp_linalg_solve_shapes():
    return jnp.linalg.solve(jnp.eye(3), jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_jnp_linalg_cholesky_int_ok():
    return jnp.linalg.cholesky(jnp.eye(2, dtype=jnp.int32)).dtype.name


@mistake("Invalid order 'fro' for vector norm.")
def r6_jnp_linalg_norm_ord_string():
    return jnp.linalg.norm(jnp.ones(3), ord="fro")


@mistake("Improper number of axes for norm: axis=(0, 1, 2)")
def r6_jnp_linalg_norm_axis_three():
    return jnp.linalg.norm(jnp.ones((2, 2, 2)), axis=(0, 1, 2))


@mistake()
def r6_jnp_linalg_eigh_non_square():
    return jnp.linalg.eigh(jnp.ones((2, 3)))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_jnp_linalg_qr_mode():
    return jnp.linalg.qr(jnp.eye(2), mode="full")


@mistake("Input 0 to svd must have rank at least 2, but got shape=(3,)")
def r6_jnp_linalg_svd_vector():
    return jnp.linalg.svd(jnp.ones(3))


@mistake("exponent must be an integer, got 1.5")
def r6_jnp_linalg_matrix_power_float():
    return jnp.linalg.matrix_power(jnp.eye(2), 1.5)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r6_jnp_fft_axis_out_of_range():
    return jnp.fft.fft(jnp.ones(4), axis=1)


@mistake('Invalid norm value unit; should be "backward","ortho" or "forward".')
def r6_jnp_fft_norm_unknown():
    return jnp.fft.fft(jnp.ones(4), norm="unit")


@mistake("Shape should be positive.")
def r6_jnp_fft_n_zero():
    return jnp.fft.fft(jnp.ones(4), n=0)


@mistake("axis -2 is out of bounds for array of dimension 1")
def r6_jnp_fft2_of_vector():
    return jnp.fft.fft2(jnp.ones(4))


@mistake("only real valued inputs supported for rfft")
def r6_jnp_rfft_complex():
    return jnp.fft.rfft(jnp.ones(4, jnp.complex64))


@mistake()
def r6_jnp_fftshift_axes_out_of_range():
    return jnp.fft.fftshift(jnp.ones(4), axes=1)


# ---------------------------------------------------------------------------------------------
# jax.lax: dimension numbers, precisions, padding


@mistake("dot_general requires rhs batch dimensions to be disjoint from contracting dimensions")
def r6_lax_dot_general_batch_dims_mismatch():
    dims = (((2,), (1,)), ((0,), (1,)))
    return lax.dot_general(jnp.ones((2, 3, 4)), jnp.ones((4, 2, 5)), dims)


@mistake(
    "dot_general requires lhs batch dimensions and rhs batch dimensions to have the same shape, got (2,)",
)
def r6_lax_dot_general_batch_sizes():
    dims = (((2,), (1,)), ((0,), (0,)))
    return lax.dot_general(jnp.ones((2, 3, 4)), jnp.ones((3, 4, 5)), dims)


@mistake(
    "dot_general requires lhs contracting dimensions to be distinct, got lhs_contracting (1, 1).",
)
def r6_lax_dot_general_contract_repeated():
    dims = (((1, 1), (0, 0)), ((), ()))
    return lax.dot_general(jnp.ones((2, 3)), jnp.ones((3, 2)), dims)


@mistake()
def r6_lax_dot_general_dims_not_nested():
    return lax.dot_general(jnp.ones((2, 3)), jnp.ones((3, 2)), ((1,), (0,)))


@mistake("dot_general requires lhs batch dimensions to be disjoint from contracting dimensions")
def r6_lax_dot_general_batch_also_contracting():
    dims = (((0,), (0,)), ((0,), (0,)))
    return lax.dot_general(jnp.ones((2, 3)), jnp.ones((2, 3)), dims)


@mistake("Precision argument must be one of:")
def r6_lax_dot_precision_string():
    return lax.dot(jnp.ones((2, 3)), jnp.ones((3, 2)), precision="ultra")


@mistake("Precision argument must be one of:")
def r6_lax_dot_precision_tuple_of_three():
    p = (lax.Precision.HIGH,) * 3
    return lax.dot(jnp.ones((2, 3)), jnp.ones((3, 2)), precision=p)


@mistake("Precision argument must be one of:")
def r6_lax_dot_precision_int():
    return lax.dot(jnp.ones((2, 3)), jnp.ones((3, 2)), precision=3)


@mistake("Precision argument must be one of:")
def r6_jnp_matmul_precision_string():
    return jnp.matmul(jnp.ones((2, 3)), jnp.ones((3, 2)), precision="fast")


@mistake("data type 'f32' not understood")
def r6_lax_dot_preferred_element_type_string():
    return lax.dot(jnp.ones((2, 3)), jnp.ones((3, 2)), preferred_element_type="f32")


@mistake("Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got FULL.")
def r6_lax_conv_padding_string():
    return lax.conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2)), (1, 1), "FULL")


@mistake("Wrong number of explicit pads for convolution: expected 2, got 1.")
def r6_lax_conv_padding_pairs_count():
    return lax.conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2)), (1, 1), [(0, 0)])


@mistake(
    "conv_general_dilated window and window_strides must have the same number of dimensions, but got 2",
)
def r6_lax_conv_strides_count():
    return lax.conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2)), (1,), "SAME")


@mistake(
    "conv_general_dilated lhs feature dimension size divided by feature_group_count must equal the rhs input",
)
def r6_lax_conv_feature_mismatch():
    return lax.conv(jnp.ones((1, 2, 4, 4)), jnp.ones((1, 3, 2, 2)), (1, 1), "SAME")


@mistake("convolution requires lhs and rhs ndim to be equal, got 3 and 4.")
def r6_lax_conv_rank_mismatch():
    return lax.conv(jnp.ones((1, 1, 4)), jnp.ones((1, 1, 2, 2)), (1, 1), "SAME")


@mistake("convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs")
def r6_lax_conv_dimension_numbers_bad_string():
    dn = ("NCHW", "OIHW", "NCWH2")
    return lax.conv_general_dilated(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2)), (1, 1), "SAME",
                                    dimension_numbers=dn)  # fmt: skip


@mistake("convolution dimension_numbers[0] must have len equal to the ndim of lhs and rhs")
def r6_lax_conv_dimension_numbers_length():
    dn = ("NCH", "OIHW", "NCHW")
    return lax.conv_general_dilated(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2)), (1, 1), "SAME",
                                    dimension_numbers=dn)  # fmt: skip


@mistake(
    "conv_general_dilated feature_group_count must divide lhs feature dimension size, but 2 does not",
)
def r6_lax_conv_feature_group_count_not_divisible():
    x, w = jnp.ones((1, 3, 4, 4)), jnp.ones((2, 1, 2, 2))
    return lax.conv_general_dilated(x, w, (1, 1), "SAME", feature_group_count=2)


@mistake("All dilations must be positive, got (0, 1).")
def r6_lax_conv_dilation_zero():
    x, w = jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2))
    return lax.conv_general_dilated(x, w, (1, 1), "SAME", rhs_dilation=(0, 1))


@mistake("length of padding_config must equal the number of axes of operand")
def r6_lax_pad_config_length():
    return lax.pad(jnp.ones((2, 3)), 0.0, [(1, 1, 0)])


@mistake("interior padding in padding_config must be nonnegative")
def r6_lax_pad_negative_interior():
    return lax.pad(jnp.ones(3), 0.0, [(0, 0, -1)])


@mistake("padding_value must be a scalar; got np.shape(padding_value)=(2,)")
def r6_lax_pad_value_shape():
    return lax.pad(jnp.ones(3), jnp.zeros(2), [(1, 1, 0)])


@mistake("pad operand and padding_value must be same dtype: got float32 and int32.")
def r6_lax_pad_value_dtype():
    return lax.pad(jnp.ones(3), jnp.int32(0), [(1, 1, 0)])


@mistake()
def r6_lax_pad_pairs_not_triples():
    return lax.pad(jnp.ones(3), 0.0, [(1, 1)])


@mistake("Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got FULL.")
def r6_lax_reduce_window_padding_string():
    return lax.reduce_window(jnp.ones((4, 4)), 0.0, lax.add, (2, 2), (1, 1), "FULL")


@mistake("reduce_window got the wrong number of window_dimensions for operand")
def r6_lax_reduce_window_dims_length():
    return lax.reduce_window(jnp.ones((4, 4)), 0.0, lax.add, (2,), (1, 1), "VALID")


@mistake("reduce_window got inconsistent window_strides and window_dimensions")
def r6_lax_reduce_window_strides_length():
    return lax.reduce_window(jnp.ones((4, 4)), 0.0, lax.add, (2, 2), (1,), "VALID")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_lax_reduce_window_init_dtype():
    return lax.reduce_window(jnp.ones((4, 4)), 0, lax.add, (2, 2), (1, 1), "VALID")


@mistake("reduction axes (2,) contains out-of-bounds indices for float32[2,3].")
def r6_lax_reduce_dimensions_out_of_range():
    return lax.reduce(jnp.ones((2, 3)), 0.0, lax.add, (2,))


@mistake("duplicate value in 'axes' of reduction: (0, 0)")
def r6_lax_reduce_dimensions_repeated():
    return lax.reduce(jnp.ones((2, 3)), 0.0, lax.add, (0, 0))


@mistake("reduction axes (2,) contains out-of-bounds indices for float32[2,3].")
def r6_lax_reduce_sum_axes_out_of_range():
    return lax.reduce_sum(jnp.ones((2, 3)), (2,))


@mistake("reduction axes (-1,) contains out-of-bounds indices for float32[2,3].")
def r6_lax_reduce_max_negative_axis():
    return lax.reduce_max(jnp.ones((2, 3)), (-1,))


@mistake("Invalid axis 2 for operand shape (2, 3)")
def r6_lax_argmax_axis_out_of_range():
    return lax.argmax(jnp.ones((2, 3)), 2, jnp.int32)


@mistake("index_dtype must be an integer type, but got float32")
def r6_lax_argmax_float_index_dtype():
    return lax.argmax(jnp.ones((2, 3)), 0, jnp.float32)


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0,)")
def r6_lax_transpose_permutation_length():
    return lax.transpose(jnp.ones((2, 3)), (0,))


@mistake("broadcast_in_dim broadcast_dimensions must have length equal to operand ndim")
def r6_lax_broadcast_in_dim_dims_length():
    return lax.broadcast_in_dim(jnp.ones(3), (2, 3), (0, 1))


@mistake(
    "broadcast_in_dim operand dimension sizes must either be 1, or be equal to their corresponding dimensions in the target broadcast shape",
)
def r6_lax_broadcast_in_dim_incompatible():
    return lax.broadcast_in_dim(jnp.ones(3), (2, 4), (1,))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_lax_broadcast_in_dim_not_increasing():
    return lax.broadcast_in_dim(jnp.ones((2, 3)), (3, 2), (1, 0))


@mistake(
    "reshape dimensions must be a permutation of operand dimensions, got dimensions (0,) for shape (2",
)
def r6_lax_reshape_dimensions_length():
    return lax.reshape(jnp.ones((2, 3)), (6,), dimensions=(0,))


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 1) and",
)
def r6_lax_squeeze_non_unit():
    return lax.squeeze(jnp.ones((2, 1)), (0,))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r6_lax_expand_dims_out_of_range():
    return lax.expand_dims(jnp.ones(3), (3,))


@mistake("concatenate dimension out of bounds: dimension 1 for shapes (2,), (2,).")
def r6_lax_concatenate_dimension_out_of_range():
    return lax.concatenate([jnp.ones(2), jnp.ones(2)], 1)


@mistake("lax.concatenate requires arguments to have the same dtypes, got float32, int32.")
def r6_lax_concatenate_dtypes():
    return lax.concatenate([jnp.ones(2), jnp.ones(2, jnp.int32)], 0)


@mistake(
    "rev dimensions must all be less than operand ndim, got dimensions (1,) for operand ndim 1.",
)
def r6_lax_rev_dimensions_out_of_range():
    return lax.rev(jnp.ones(3), (1,))


@mistake(
    "select `which` must be scalar or have the same shape as cases, got `which` shape (2,) but case",
)
def r6_lax_select_predicate_shape():
    return lax.select(jnp.ones(2, bool), jnp.ones(3), jnp.ones(3))


@mistake("select `which` must be boolean or integer type, got float32.")
def r6_lax_select_predicate_dtype():
    return lax.select(jnp.ones(3), jnp.ones(3), jnp.ones(3))


@mistake("clamp requires min.shape == operand.shape or min.shape == (), got min.shape=(2,)")
def r6_lax_clamp_shapes():
    return lax.clamp(jnp.zeros(2), jnp.ones(3), jnp.ones(3))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r6_lax_sort_dimension_out_of_range():
    return lax.sort(jnp.ones(3), dimension=1)


@mistake("Arguments to sort must have equal shapes, got: (3,) (4,)")
def r6_lax_sort_operand_shapes():
    return lax.sort((jnp.ones(3), jnp.ones(4)), num_keys=1)


@mistake(
    "k argument to top_k must be no larger than size along axis; got k=5 with shape=[3] and axis=0",
)
def r6_lax_top_k_too_big():
    return lax.top_k(jnp.ones(3), 5)


@mistake("k argument to top_k must be nonnegative, got -1")
def r6_lax_top_k_negative():
    return lax.top_k(jnp.ones(3), -1)


@mistake("axis 1 is out of bounds for array of shape (3,)")
def r6_lax_cumsum_axis_out_of_range():
    return lax.cumsum(jnp.ones(3), axis=1)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r6_lax_iota_float_size():
    return lax.iota(jnp.int32, 2.5)


@mistake("iota dimension must be between 0 and len(shape), got dimension=2 for shape=(2, 3)")
def r6_lax_broadcasted_iota_dimension():
    return lax.broadcasted_iota(jnp.int32, (2, 3), 2)


@mistake("data type 'float33' not understood")
def r6_lax_convert_element_type_string():
    return lax.convert_element_type(jnp.ones(3), "float33")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_lax_bitcast_convert_size():
    return lax.bitcast_convert_type(jnp.ones((2, 3), jnp.float32), jnp.int16).shape


@mistake()
def r6_lax_integer_pow_float_exponent():
    return lax.integer_pow(jnp.ones(3), 1.5)


@mistake("shift_left does not accept dtype float32 at position 0")
def r6_lax_shift_left_float():
    return lax.shift_left(jnp.ones(3), jnp.ones(3))


@mistake("rem got incompatible shapes for broadcasting: (3,), (2,).")
def r6_lax_rem_shapes():
    return lax.rem(jnp.ones(3), jnp.ones(2))


@mistake()
def r6_lax_gather_dimension_numbers_type():
    return lax.gather(jnp.ones(3), jnp.zeros((1, 1), jnp.int32), ((0,), (), (0,)), (1,))


@mistake(
    "Bounds of the scatter dimensions of updates must be the same as the bounds of the corresponding dimensions",
)
def r6_lax_scatter_add_dims():
    dn = lax.ScatterDimensionNumbers((), (0,), (0,))
    return lax.scatter_add(jnp.ones(3), jnp.zeros((1, 1), jnp.int32), jnp.ones((2,)), dn)


@mistake("Gather op must have one slice size for every input dimension")
def r6_lax_gather_slice_sizes_length():
    dn = lax.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(0,), start_index_map=(0,))
    return lax.gather(jnp.ones(3), jnp.zeros((1, 1), jnp.int32), dn, (1, 1))


# ---------------------------------------------------------------------------------------------
# Indexing


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r6_index_float_scalar():
    return jnp.arange(3)[1.0]


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r6_index_float_array():
    return jnp.arange(3)[jnp.array([0.0, 1.0])]


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r6_index_too_many_2d():
    return jnp.ones((2, 3))[0, 0, 0]


@mistake("an index can only have a single ellipsis ('...')")
def r6_index_two_ellipses():
    return jnp.ones((2, 3))[..., ...]


@mistake("JAX does not support string indexing; got idx='a'")
def r6_index_string():
    return jnp.ones(3)["a"]


@mistake()
def r6_index_float_slice():
    return jnp.arange(5)[0.5:2]


@mistake("slice step cannot be zero")
def r6_index_slice_step_zero():
    return jnp.arange(5)[::0]


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_index_out_of_bounds_negative():
    return jnp.arange(3)[-4]


@mistake("Using a non-tuple sequence for multidimensional indexing is not allowed")
def r6_index_list_of_floats():
    return jnp.arange(3)[[0.0, 1.0]]


@mistake("boolean index did not match shape of indexed array in index 0: got (2,), expected [3]")
def r6_index_bool_mask_shape():
    return jnp.arange(3)[np.array([True, False])]


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r6_at_set_float_index():
    return jnp.zeros(3).at[1.5].set(1.0)


@mistake("Too many indices: array is 1-dimensional, but 2 were indexed")
def r6_at_set_too_many_indices():
    return jnp.zeros(3).at[0, 0].set(1.0)


@mistake("Incompatible types for broadcasting: input type=float32[3] and requested type=float32[2]")
def r6_at_set_values_shape():
    return jnp.zeros(3).at[:2].set(jnp.ones(3))


@mistake("'_IndexUpdateRef' object has no attribute 'assign'")
def r6_at_unknown_method():
    return jnp.zeros(3).at[0].assign(1.0)


@mistake('Unknown gather mode "wrap"')
def r6_at_set_mode_unknown():
    return jnp.zeros(3).at[0].set(1.0, mode="wrap")


@mistake(
    "slice slice_sizes must be less than or equal to operand shape, got slice_sizes (",
)
def r6_lax_dynamic_slice_sizes_too_big():
    return lax.dynamic_slice(jnp.ones(3), (0,), (4,))


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r6_lax_dynamic_slice_index_count():
    return lax.dynamic_slice(jnp.ones((2, 3)), (0,), (1, 1))


@mistake("index arguments to dynamic_slice must be integers of the same type, got: float32")
def r6_lax_dynamic_slice_float_index():
    return lax.dynamic_slice(jnp.ones(3), (0.5,), (1,))


@mistake("dynamic_update_slice update shape must be smaller than operand shape")
def r6_lax_dynamic_update_slice_update_too_big():
    return lax.dynamic_update_slice(jnp.ones(3), jnp.ones(4), (0,))


@mistake("dynamic_update_slice update must have the same rank as operand")
def r6_lax_dynamic_update_slice_rank():
    return lax.dynamic_update_slice(jnp.ones((2, 3)), jnp.ones(2), (0, 0))


@mistake("lax.dynamic_update_slice requires arguments to have the same dtypes, got float32, int32.")
def r6_lax_dynamic_update_slice_dtype():
    return lax.dynamic_update_slice(jnp.ones(3), jnp.ones(1, jnp.int32), (0,))


@mistake(
    "slice limit_indices must be less than or equal to operand shape, got limit_indices (5,) for operand",
)
def r6_lax_slice_limit_beyond_shape():
    return jax.jit(lambda x: lax.slice(x, (0,), (5,)))(jnp.ones(3))


@mistake(
    "slice limit_indices must be greater than or equal to start_indices, got start_indices (2,) and",
)
def r6_lax_slice_start_after_limit():
    return jax.jit(lambda x: lax.slice(x, (2,), (1,)))(jnp.ones(3))


@mistake("slice start_indices must have every element be nonnegative, got (-1,).")
def r6_lax_slice_negative_start():
    return jax.jit(lambda x: lax.slice(x, (-1,), (2,)))(jnp.ones(3))


@mistake("slice limit_indices must be less than or equal to operand shape")
def r6_lax_slice_in_dim_out_of_range():
    return jax.jit(lambda x: lax.slice_in_dim(x, 0, 5))(jnp.ones(3))


@mistake("index 5 is out of bounds for axis 0 with size 3")
def r6_lax_index_in_dim_out_of_range():
    return lax.index_in_dim(jnp.ones(3), 5)


@mistake()
def r6_lax_dynamic_index_in_dim_axis():
    return lax.dynamic_index_in_dim(jnp.ones(3), 0, axis=1)


# ---------------------------------------------------------------------------------------------
# jax.tree_util misuse


@mistake()
def r6_tree_map_not_callable():
    return jax.tree_util.tree_map(1, [1, 2])


@mistake("pytree structure error: different lengths of list at key path", "tree_map tree")
def r6_tree_map_second_tree_shorter_list():
    return jax.tree.map(lambda a, b: a + b, [1, 2], [1])


@mistake("pytree structure error: different pytree metadata at key path", "tree_map tree['a']")
def r6_tree_map_nested_dict_key_differs():
    return jax.tree.map(lambda a, b: a + b, {"a": {"x": 1}}, {"a": {"y": 1}})


@mistake()
def r6_tree_map_leaf_vs_tuple():
    return jax.tree.map(lambda a, b: a + b, (1, 2), ((1, 2), 3))


@mistake()
def r6_tree_map_is_leaf_not_callable():
    return jax.tree.map(lambda a: a, [1], is_leaf=True)


@mistake()
def r6_tree_transpose_wrong_outer():
    outer = jax.tree.structure([0, 0, 0])
    inner = jax.tree.structure((0, 0))
    return jax.tree_util.tree_transpose(outer, inner, [(1, 2), (3, 4)])


@mistake()
def r6_tree_transpose_wrong_inner():
    outer = jax.tree.structure([0, 0])
    inner = jax.tree.structure((0, 0, 0))
    return jax.tree_util.tree_transpose(outer, inner, [(1, 2), (3, 4)])


@mistake("Too many leaves for PyTreeDef; expected 2.")
def r6_tree_unflatten_treedef_of_dict_with_list():
    treedef = jax.tree.structure({"a": 1, "b": 2})
    return jax.tree.unflatten(treedef, [1, 2, 3])


@mistake()
def r6_tree_structure_compared_to_tree():
    return jax.tree.structure([1, 2]).num_leaves + jax.tree.structure([1])


@mistake()
def r6_tree_reduce_empty_no_initializer():
    return jax.tree.reduce(lambda a, b: a + b, [])


@mistake()
def r6_tree_reduce_not_callable():
    return jax.tree.reduce(3, [1, 2])


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_tree_leaves_with_path_keystr_bad():
    return jax.tree_util.keystr([1, 2])


@mistake(
    "register_dataclass: data_fields and meta_fields are required when nodetype is not a dataclass",
)
def r6_tree_register_dataclass_not_dataclass():
    class Point:
        pass

    return jax.tree_util.register_dataclass(Point)


@mistake("Duplicate custom PyTreeDef type registration for")
def r6_tree_register_static_twice():
    class Static:
        pass

    jax.tree_util.register_static(Static)
    return jax.tree_util.register_static(Static)


@mistake()
def r6_tree_map_with_path_not_callable():
    return jax.tree_util.tree_map_with_path(None, [1])


@mistake("Expected tuple, got [1, 2].")
def r6_tree_flatten_up_to_mismatch():
    treedef = jax.tree.structure((0, 0))
    return treedef.flatten_up_to([1, 2])


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_tree_all_of_non_bool_ok():
    return jax.tree.all([1, 2])


@mistake("pytree structure error: different types at key path")
def r6_tree_broadcast_mismatch():
    return jax.tree.broadcast((1, 2), [1, 2])


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_tree_map_none_leaf_function_receives():
    return jax.tree.map(lambda a: a + 1, [1, None])


# ---------------------------------------------------------------------------------------------
# checkify


@mistake(
    "Formatting arguments to checkify.check need to be PyTrees of arrays, but got 1.0 of type <class 'float'>",
)
def r6_checkify_error_throw_failed():
    f = checkify.checkify(lambda x: checkify.check(x < 0, "x={x} must be negative", x=x))
    err, _ = f(1.0)
    return err.throw()


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_checkify_errors_not_set():
    return checkify.checkify(lambda x: x, errors={"nan"})(1.0)


@mistake("check takes a scalar pred as argument")
def r6_checkify_check_array_predicate():
    return checkify.checkify(lambda x: checkify.check(x > 0, "pos"))(jnp.ones(3))


@mistake("check takes a scalar pred as argument, got 1.5")
def r6_checkify_check_predicate_float():
    return checkify.check(1.5, "bad")


@mistake("must be positive (`check` failed)")
def r6_checkify_check_eager_fails():
    return checkify.check(jnp.float32(-1.0) > 0, "must be positive")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_checkify_user_check_in_grad_unfunctionalized():
    return jax.grad(lambda x: (checkify.check(x > 0, "pos"), x * x)[1])(1.0)


@mistake("nan generated by primitive: log.")
def r6_checkify_nan_error_thrown():
    f = checkify.checkify(lambda x: jnp.log(x), errors=checkify.float_checks)
    err, _ = f(-1.0)
    return err.throw()


@mistake(
    "out-of-bounds indexing for array of shape (3,)",
    "index 5 is out of bounds for axis 0 with size 3",
)
def r6_checkify_index_error_thrown():
    f = checkify.checkify(lambda x, i: x[i], errors=checkify.index_checks)
    err, _ = f(jnp.ones(3), 5)
    return err.throw()


@mistake("division by zero")
def r6_checkify_div_error_thrown():
    f = checkify.checkify(lambda x, y: x // y, errors=checkify.div_checks)
    err, _ = f(jnp.int32(1), jnp.int32(0))
    return err.throw()


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_checkify_of_non_callable():
    return checkify.checkify(3)


@mistake("x too big: 2.0 (`check` failed)")
def r6_checkify_check_in_scan_thrown():
    def body(c, x):
        checkify.check(x < 2, "x too big: {x}", x=x)
        return c, None

    err, _ = checkify.checkify(lambda xs: lax.scan(body, 0.0, xs))(jnp.arange(3.0))
    return err.throw()


@mistake(
    "Formatting arguments to checkify.check need to be PyTrees of arrays, but got 1.0 of type <class 'float'>",
)
def r6_checkify_check_format_missing_kwarg():
    return checkify.checkify(lambda x: checkify.check(x > 0, "x is {y}", x=x))(1.0)


# ---------------------------------------------------------------------------------------------
# export: calling with the wrong shapes


@mistake("Rank mismatch for args[0]: expected (3,) and called with (3, 1)")
def r6_exported_call_wrong_rank():
    exp = jax.export.export(jax.jit(jnp.sin))(jnp.ones(3))
    return exp.call(jnp.ones((3, 1)))


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function",
    "args[0] is a <class 'list'> in the invocation and a <class 'tuple'> when exported",
)
def r6_exported_call_wrong_tree():
    exp = jax.export.export(jax.jit(lambda t: t[0] + t[1]))((jnp.ones(3), jnp.ones(3)))
    return exp.call([jnp.ones(3), jnp.ones(3)])


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function",
)
def r6_exported_call_dict_keys():
    exp = jax.export.export(jax.jit(lambda d: d["a"]))({"a": jnp.ones(3)})
    return exp.call({"b": jnp.ones(3)})


@mistake("Dtype mismatch for args[0]: expected float32 and called with int32")
def r6_exported_call_int_for_float():
    exp = jax.export.export(jax.jit(jnp.sin))(jnp.ones(3))
    return exp.call(jnp.arange(3))


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function 'sin' was exported",
)
def r6_exported_call_too_many():
    exp = jax.export.export(jax.jit(jnp.sin))(jnp.ones(3))
    return exp.call(jnp.ones(3), jnp.ones(3))


@mistake("Rank mismatch for args[0]: expected (3,) and called with ()")
def r6_exported_call_scalar_for_vector():
    exp = jax.export.export(jax.jit(jnp.sin))(jnp.ones(3))
    return exp.call(1.0)


@mistake("syntax error in symbolic shape 'b +' in dimension 0")
def r6_export_symbolic_shape_bad_string():
    return jax.export.symbolic_shape("b +")


@mistake(
    "Shape mismatch for args[0].shape[1] (expected same constant): expected (b, 2) and called with (3, 4)",
)
def r6_export_symbolic_shape_then_call_mismatch():
    (b,) = jax.export.symbolic_shape("b")
    arg = jax.ShapeDtypeStruct((b, 2), jnp.float32)
    exp = jax.export.export(jax.jit(lambda x: x * 2))(arg)
    return exp.call(jnp.ones((3, 4)))


@mistake("missing 1 required positional argument: 'n'")
def r6_export_of_jit_with_static_arg_missing():
    f = jax.jit(lambda x, n: x * n, static_argnums=1)
    return jax.export.export(f)(jnp.ones(3))


@mistake(
    "Shape mismatch for args[0].shape[0] (expected same constant): expected (3,) and called with (4,)",
)
def r6_exported_call_in_jit_wrong_shape():
    exp = jax.export.export(jax.jit(jnp.sin))(jnp.ones(3))
    return jax.jit(exp.call)(jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# refs (jax.new_ref)


@mistake(
    "Invalid shape for `swap`. Ref shape: (3,). Expected shape: (3,). Value shape: (4,). Transforms: ().",
)
def r6_ref_set_wrong_shape():
    r = jax.new_ref(jnp.zeros(3))
    r[...] = jnp.ones(4)
    return r


@mistake("Out of bound indexer: idx=5, dim=3.")
def r6_ref_index_out_of_bounds():
    r = jax.new_ref(jnp.zeros(3))
    return r[5]


@mistake(
    "traced for jit returned a mutable array reference of type Ref{float32[3]}, but mutable array references cannot be returned",
)
def r6_ref_returned_from_jit():
    return jax.jit(lambda: jax.new_ref(jnp.zeros(3)))()


@mistake("unsupported operand type(s) for +: 'Ref' and 'int'")
def r6_ref_added_to_array():
    r = jax.new_ref(jnp.zeros(3))
    return r + 1


@mistake("Error interpreting argument to new_ref as a JAX value")
def r6_ref_of_python_list():
    return jax.new_ref([1.0, 2.0])


@mistake("only one reference to a mutable array may be passed as an argument to a function")
def r6_ref_passed_twice_to_jit():
    r = jax.new_ref(jnp.zeros(3))

    def f(a, b):
        a[...] += 1
        b[...] += 1

    return jax.jit(f)(r, r)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_ref_freeze_then_read():
    r = jax.new_ref(jnp.zeros(3))
    jax.freeze(r)
    return r[...]


@mistake("Invalid dtype for `swap`. Ref dtype: float32. Value dtype: int32.")
def r6_ref_set_wrong_dtype_ok():
    r = jax.new_ref(jnp.zeros(3))
    r[...] = jnp.arange(3)
    return r[...].dtype.name


@mistake(
    "traced for scan returned a mutable array reference of type Ref{float32[3]}",
    "but mutable array references cannot be returned",
)
def r6_ref_in_scan_carry():
    r = jax.new_ref(jnp.zeros(3))
    return lax.scan(lambda c, x: (c, None), r, jnp.ones(2))


@mistake(
    "performing a set/swap operation with a differentiated value on a non-differentiated array reference of type Ref{float32[]}",
)
def r6_ref_captured_in_grad():
    r = jax.new_ref(jnp.zeros(()))

    def f(x):
        r[...] = x
        return x * 2

    return jax.grad(f)(1.0)


# ---------------------------------------------------------------------------------------------
# sparse (BCOO)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_bcoo_fromdense_nse_too_small():
    return sparse.BCOO.fromdense(jnp.eye(3), nse=1).todense()


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r6_bcoo_matmul_shape_mismatch():
    return sparse.BCOO.fromdense(jnp.eye(3)) @ jnp.ones((4, 2))


@mistake("add got incompatible shapes for broadcasting: (3, 3), (2, 2).")
def r6_bcoo_add_shape_mismatch():
    return sparse.BCOO.fromdense(jnp.eye(3)) + sparse.BCOO.fromdense(jnp.eye(2))


@mistake()
def r6_bcoo_constructor_tuple_length():
    return sparse.BCOO((jnp.ones(2),), shape=(3, 3))


@mistake("Invalid data.shape=(2,) for nse=3, n_batch=0, n_dense=0")
def r6_bcoo_constructor_indices_shape():
    return sparse.BCOO((jnp.ones(2), jnp.zeros((3, 2), jnp.int32)), shape=(3, 3))


@mistake("cannot reshape array of shape (4, 4) (size 16) into shape (3, 5) (size 15)")
def r6_bcoo_reshape_size():
    return sparse.BCOO.fromdense(jnp.eye(4)).reshape(3, 5)


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0) for shape",
)
def r6_bcoo_transpose_axes():
    return sparse.BCOO.fromdense(jnp.eye(3)).transpose((0, 0))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r6_bcoo_sum_axis_out_of_range():
    return sparse.BCOO.fromdense(jnp.eye(3)).sum(axis=2)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_bcoo_fromdense_of_list():
    return sparse.BCOO.fromdense([[1.0, 0.0], [0.0, 1.0]]).todense()


@mistake(
    "sin requires ndarray or scalar arguments, got <class",
    "BCOO'> at position 0.",
)
def r6_bcoo_in_jnp_sin():
    return jnp.sin(sparse.BCOO.fromdense(jnp.eye(2)))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_bcoo_index_with_array():
    return sparse.BCOO.fromdense(jnp.eye(3))[jnp.array([0, 1])]


@mistake(
    "dot_general requires lhs dimension numbers to be nonnegative and less than the number of axes of the lhs",
)
def r6_bcoo_dot_general_dims():
    m = sparse.BCOO.fromdense(jnp.eye(3))
    return sparse.bcoo_dot_general(m, jnp.ones((3, 2)), dimension_numbers=(((2,), (0,)), ((), ())))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_sparsify_of_non_callable():
    return sparse.sparsify(3)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r6_bcoo_todense_of_dense():
    return sparse.todense(jnp.eye(2)).shape
