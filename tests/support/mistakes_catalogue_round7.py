# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 7 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules): more
forms of the families rounds 1-6 cover, and the APIs added since (symbolic shapes, refs,
custom_partitioning, shard_alike, reshard, checkpoint policies, make_mesh's axis types). The
runner executes this file after the earlier rounds, in the same namespace, so their meshes and
helpers (`mesh2`, `mesh24`, `emesh`, `_smap`, `_eput`, `_custom_vjp`, `_custom_jvp`) are in
scope here too."""


def _sub(name):
    """The library's submodule `name` (jax.<name> or meshjit.<name>)."""
    import importlib

    return importlib.import_module(f"{jax.__name__}.{name}")


def _keys(n=3):
    return random.split(random.key(0), n)


# ---------------------------------------------------------------------------------------------
# Keys: batched keys given to samplers, raw key data, seeds, bits


@mistake(
    "normal accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r7_random_normal_batched_keys():
    return random.normal(_keys(), (2,))


@mistake(
    "uniform accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r7_random_uniform_batched_keys():
    return random.uniform(_keys())


@mistake(
    "bernoulli accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r7_random_bernoulli_batched_keys():
    return random.bernoulli(_keys(), 0.5, (2,))


@mistake(
    "randint accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r7_random_randint_batched_keys():
    return random.randint(_keys(), (2,), 0, 5)


@mistake(
    "permutation accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r7_random_permutation_batched_keys():
    return random.permutation(_keys(), 5)


@mistake(
    "choice accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r7_random_choice_batched_keys():
    return random.choice(_keys(), 5, (2,))


@mistake(
    "categorical accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r7_random_categorical_batched_keys():
    return random.categorical(_keys(), jnp.zeros(4))


@mistake(
    "gamma accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r7_random_gamma_batched_keys():
    return random.gamma(_keys(), 1.0, (3,))


@mistake(
    "bits accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r7_random_bits_batched_keys():
    return random.bits(_keys(), (2,))


@mistake(
    "gumbel accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r7_random_gumbel_batched_keys():
    return random.gumbel(_keys(), (2,))


@mistake("dtype argument to `bits` must be an unsigned int dtype, got float32")
def r7_random_bits_float_dtype():
    return random.bits(random.key(0), (2,), dtype=jnp.float32)


@mistake("dtype argument to `bits` must be an unsigned int dtype, got int32")
def r7_random_bits_signed_dtype():
    return random.bits(random.key(0), (2,), dtype=jnp.int32)


@mistake("randint only accepts integer dtypes, got float32")
def r7_random_randint_float_dtype():
    return random.randint(random.key(0), (2,), 0, 5, dtype=jnp.float32)


@mistake("randint only accepts integer dtypes, got bool")
def r7_random_randint_bool_dtype():
    return random.randint(random.key(0), (2,), 0, 5, dtype=jnp.bool_)


@mistake("key accepts a scalar seed, but was given an array of shape (2,) != ()")
def r7_random_key_seed_array():
    return random.key(jnp.arange(2))


@mistake("PRNG key seed must be an integer; got")
def r7_random_key_seed_float():
    return random.key(1.5)


@mistake("PRNG key seed must be an integer; got")
def r7_random_prngkey_seed_float():
    return random.PRNGKey(2.5)


@mistake('unrecognized PRNG implementation "not_an_impl"')
def r7_random_key_impl_unknown():
    return random.key(0, impl="not_an_impl")


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape=(3,)",
)
def r7_random_raw_key_three_words():
    return random.normal(jnp.zeros(3, jnp.uint32))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32",
)
def r7_random_raw_key_float32():
    return random.uniform(jnp.zeros(2, jnp.float32))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32",
)
def r7_random_wrap_key_data_float():
    return random.wrap_key_data(jnp.zeros(2, jnp.float32))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape=(3,)",
)
def r7_random_wrap_key_data_three_words():
    return random.wrap_key_data(jnp.zeros(3, jnp.uint32))


@mistake("JAX encountered invalid PRNG key data")
def r7_random_wrap_key_data_of_typed_key():
    return random.wrap_key_data(random.key(0))


@mistake('unrecognized PRNG implementation "nope"')
def r7_random_wrap_key_data_impl_unknown():
    return random.wrap_key_data(jnp.zeros(2, jnp.uint32), impl="nope")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_random_fold_in_float_data():
    return random.fold_in(random.key(0), 1.5)


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion")
def r7_random_typed_key_concatenated_with_uint32():
    return jnp.concatenate([_keys(2), jnp.zeros(2, jnp.uint32)])


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32",
)
def r7_random_key_data_of_float():
    return random.key_data(jnp.ones(2))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_random_normal_shape_int():
    return random.normal(random.key(0), 3)


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (3, 2)]")
def r7_random_bernoulli_p_shape():
    return random.bernoulli(random.key(0), jnp.full((3, 2), 0.5), (2, 3))


@mistake("Incompatible shapes for broadcasting")
def r7_random_categorical_shape_incompatible():
    return random.categorical(random.key(0), jnp.zeros((3, 4)), shape=(5,))


@mistake("Cannot take a larger sample (size 6) than population (size 5) when 'replace=False'")
def r7_random_choice_without_replacement_too_many():
    return random.choice(random.key(0), 5, (6,), replace=False)


@mistake(
    "p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (4,) and a.shape[axis] is 5.",
)
def r7_random_choice_p_length():
    return random.choice(random.key(0), 5, (2,), p=jnp.full(4, 0.25))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r7_random_choice_axis_out_of_range():
    return random.choice(random.key(0), jnp.ones((3, 4)), (2,), axis=2)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_random_choice_of_scalar_array():
    return random.choice(random.key(0), jnp.ones(()), (2,))


@mistake("x must be an integer or at least 1-dimensional")
def r7_random_permutation_of_scalar_array():
    return random.permutation(random.key(0), jnp.ones(()))


@mistake("x must be an integer or at least 1-dimensional")
def r7_random_permutation_of_float():
    return random.permutation(random.key(0), 5.0)


@mistake(
    "multivariate_normal requires cov.shape == (..., n, n) for n=3, but got cov.shape == (2, 2)",
)
def r7_random_multivariate_normal_mean_cov_mismatch():
    return random.multivariate_normal(random.key(0), jnp.zeros(3), jnp.eye(2))


@mistake("dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0")
def r7_random_dirichlet_scalar_alpha():
    return random.dirichlet(random.key(0), 1.0)


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,), ()]")
def r7_random_truncated_normal_bounds_shape():
    return random.truncated_normal(random.key(0), jnp.zeros(3), 1.0, (2,))


@mistake("Previously-consumed key passed to jit-compiled function at index 0")
def r7_random_key_reuse_in_vmap():
    with jax.debug_key_reuse(True):
        k = random.key(0)
        random.normal(k)
        return jax.vmap(lambda x: random.normal(k) + x)(jnp.ones(2))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_random_key_reuse_after_fold_in_ok():
    with jax.debug_key_reuse(True):
        k = random.key(0)
        a = random.normal(random.fold_in(k, 1))
        return float(a) == float(random.normal(random.fold_in(k, 2)))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_random_raw_key_split_ok():
    return random.split(random.PRNGKey(0)).shape


# ---------------------------------------------------------------------------------------------
# vmap in_axes / out_axes (more forms)


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments passed to the function, but got len(in_axes)=2, len(args)=1",
)
def r7_vmap_in_axes_tuple_too_long():
    return jax.vmap(lambda x: x, in_axes=(0, 0))(jnp.ones(3))


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be at least 3, but is only 2",
)
def r7_vmap_in_axes_beyond_rank():
    return jax.vmap(lambda x: x, in_axes=2)(jnp.ones((2, 3)))


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should be at least 3, but is only 2",
)
def r7_vmap_in_axes_negative_beyond_rank():
    return jax.vmap(lambda x: x, in_axes=-3)(jnp.ones((2, 3)))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be at least 1, but is only 0",
)
def r7_vmap_of_scalar():
    return jax.vmap(jnp.sin)(jnp.float32(1.0))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be at least 1, but is only 0",
)
def r7_vmap_of_python_float():
    return jax.vmap(jnp.sin)(1.0)


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r7_vmap_in_axes_all_none():
    return jax.vmap(lambda x, y: x + y, in_axes=(None, None))(1.0, 2.0)


@mistake(
    "vmap wrapped function must be passed at least one argument containing an array or axis_size must be specified",
)
def r7_vmap_no_arguments():
    return jax.vmap(lambda: 1.0)()


@mistake("Expected a callable value, got 5")
def r7_vmap_of_non_callable():
    return jax.vmap(5)


@mistake("<class 'str'> is not a valid JAX type")
def r7_vmap_of_string_argument():
    return jax.vmap(lambda s: s)("abc")


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments passed to the function, but got 0",
)
def r7_vmap_in_axes_string():
    return jax.vmap(lambda x: x, in_axes="0")(jnp.ones(3))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r7_vmap_out_axes_beyond_rank():
    return jax.vmap(lambda x: x, out_axes=2)(jnp.ones((2, 3)))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value")
def r7_vmap_out_axes_tuple_too_long():
    return jax.vmap(lambda x: x, out_axes=(0, 0))(jnp.ones(3))


@mistake(
    "vmap got inconsistent sizes for array axes to be mapped",
    "the `axis_size` argument was 3",
    "one axis had size 4: axis 0 of argument x of type float32[4]",
)
def r7_vmap_axis_size_differs_from_argument():
    return jax.vmap(lambda x: x, axis_size=3)(jnp.ones(4))


@mistake(
    "vmap got inconsistent sizes for array axes to be mapped",
    "axis 0 of argument d['a'] of type float32[2]",
    "axis 0 of argument d['b'] of type float32[3]",
)
def r7_vmap_inconsistent_sizes_in_dict():
    return jax.vmap(lambda d: d["a"] + d["b"])({"a": jnp.ones(2), "b": jnp.ones(3)})


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value")
def r7_vmap_in_axes_dict_missing_key():
    return jax.vmap(lambda d: d["a"], in_axes=({"a": 0},))({"a": jnp.ones(2), "b": jnp.ones(2)})


@mistake("Found an unbound axis name: j. To fix this, please call psum under `jax.shard_map`")
def r7_vmap_psum_unknown_axis_name():
    return jax.vmap(lambda x: lax.psum(x, "j"), axis_name="i")(jnp.ones(3))


@mistake("Found an unbound axis name: j. To fix this, please call axis_index under `jax.shard_map`")
def r7_vmap_axis_index_unknown_name():
    return jax.vmap(lambda x: x + lax.axis_index("j"), axis_name="i")(jnp.ones(3))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be at least 1, but is only 0",
)
def r7_vmap_keyword_scalar():
    return jax.vmap(lambda x: x)(x=jnp.float32(1.0))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r7_vmap_out_of_body_python_bool():
    return jax.vmap(lambda x: x if x > 0 else -x)(jnp.ones(3))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments passed to the function, but got 0.0",
)
def r7_vmap_in_axes_float():
    return jax.vmap(lambda x: x, in_axes=0.0)(jnp.ones(3))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,)")
def r7_vmap_grad_of_vector_output():
    return jax.vmap(jax.grad(lambda x: x * jnp.ones(2)))(jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_vmap_in_axes_list_ok():
    return jax.vmap(lambda x, y: x + y, in_axes=[0, None])(jnp.ones(3), 1.0).shape


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_vmap_out_axes_negative_ok():
    return jax.vmap(lambda x: x, out_axes=-1)(jnp.ones((2, 3))).shape


# ---------------------------------------------------------------------------------------------
# shard_map specs (more forms)


@mistake(
    "an in_specs entry which is too long to be compatible with the corresponding",
    "in_specs is P('x', None, None) which has length 3",
)
def r7_shard_map_in_specs_too_long_for_rank():
    return _smap(lambda x: x, P("x", None, None), P("x"))(jnp.ones(4))


@mistake(
    "an out_specs entry which is too long to be compatible with the corresponding",
    "out_specs is P('x', None) which has length 2",
)
def r7_shard_map_out_specs_too_long_for_rank():
    return _smap(lambda x: x, P("x"), P("x", None))(jnp.ones(4))


@mistake(
    "shard_map in_specs argument must refer to an axis marked as manual",
    "in_specs refers to 'z'",
)
def r7_shard_map_in_specs_tuple_axis_unknown():
    return _smap(lambda x: x, P(("x", "z")), P(("x", "z")))(jnp.ones(4))


@mistake(
    "shard_map out_specs argument must refer to an axis marked as manual",
    "out_specs refers to 'y'",
)
def r7_shard_map_out_specs_axis_of_other_mesh():
    return _smap(lambda x: x, P("x"), P("y"))(jnp.ones(4))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but",
)
def r7_shard_map_in_specs_same_axis_twice():
    return _smap(lambda x: x, P("x", "x"), P("x", "x"), mesh=mesh24)(jnp.ones((4, 4)))


@mistake(
    "was given argument arrays with axis sizes that are not evenly divisible by the corresponding mesh axis sizes",
)
def r7_shard_map_in_specs_not_divisible_2d():
    return _smap(lambda x: x, P("x", "y"), P("x", "y"), mesh=mesh24)(jnp.ones((4, 6)))


@mistake("Found an unbound axis name: z")
def r7_shard_map_axis_index_unknown_axis():
    return _smap(lambda x: x + lax.axis_index("z"), P("x"), P("x"))(jnp.ones(4))


@mistake("unbound axis name: z")
def r7_shard_map_all_gather_unknown_axis():
    return _smap(lambda x: lax.all_gather(x, "z"), P("x"), P())(jnp.ones(4))


@mistake("The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh context")
def r7_shard_map_no_mesh():
    return jax.shard_map(lambda x: x, in_specs=P("x"), out_specs=P("x"))(jnp.ones(4))


@mistake("shard_map requires a callable for its first argument, but got 3")
def r7_shard_map_of_non_callable():
    return jax.shard_map(3, mesh=mesh2, in_specs=P("x"), out_specs=P("x"))


@mistake("pytree structure error: different types at key path")
def r7_shard_map_in_specs_list_for_two_args():
    return _smap(lambda x, y: x + y, [P("x"), P("x")], P("x"))(jnp.ones(4), jnp.ones(4))


@mistake(
    "out_specs is P() which implies that the corresponding output value is replicated across mesh axis 'x', but could not infer replication over any axes",
)
def r7_shard_map_out_specs_replicated_after_axis_index():
    return _smap(lambda x: x * lax.axis_index("x"), P(), P())(jnp.ones(4))


@mistake("<class 'str'> is not a valid JAX type")
def r7_shard_map_body_returns_string():
    return _smap(lambda x: "s", P("x"), P())(jnp.ones(4))


@mistake(
    "an in_specs entry which is too long to be compatible with the corresponding",
    "in_specs is P('x',) which has length 1",
)
def r7_shard_map_in_specs_for_scalar():
    return _smap(lambda x: x, P("x"), P("x"))(jnp.float32(1.0))


@mistake("shard_map requires axis_names=frozenset({'z'}) to be a subset of mesh.axis_names")
def r7_shard_map_axis_names_unknown():
    return _smap(lambda x: x, P("x"), P("x"), axis_names={"z"})(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_shard_map_psum_then_replicated_ok():
    return _smap(lambda x: lax.psum(x, "x"), P("x"), P())(jnp.ones(4)).shape


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_shard_map_check_vma_false_replicated_claim_ok():
    return _smap(lambda x: x, P("x"), P(), check_vma=False)(jnp.ones(4)).shape


# ---------------------------------------------------------------------------------------------
# Explicit sharding and reshard (more forms)


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y')")
def r7_reshard_unknown_axis():
    with jax.set_mesh(emesh):
        return jax.sharding.reshard(_eput((4, 8), P("x")), P("z"))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but",
)
def r7_reshard_same_axis_twice():
    with jax.set_mesh(emesh):
        return jax.sharding.reshard(_eput((4, 8), P("x")), P("x", "x"))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed")
def r7_reshard_bare_spec_without_mesh():
    return jax.sharding.reshard(jnp.ones(4), P("x"))


@mistake("reshard", "specification must be a tree prefix of the")
def r7_reshard_tree_mismatch():
    with jax.set_mesh(emesh):
        return jax.sharding.reshard((jnp.ones(4), jnp.ones(4)), (P("x"), P("x"), P()))


@mistake(
    "`out_sharding` argument of reshard only supports instances of `NamedSharding` or `PartitionSpec`. Got x of",
)
def r7_reshard_to_string():
    with jax.set_mesh(emesh):
        return jax.sharding.reshard(jnp.ones(4), "x")


@mistake(
    "dot_general requires contracting dimensions to have consistent sharding, got ('x',) and ('y',)",
)
def r7_explicit_matmul_contracting_different_axes():
    a, b = _eput((4, 8), P(None, "x")), _eput((8, 4), P("y", None))
    return a @ b


@mistake("All operands should have the same sharding")
def r7_explicit_concatenate_conflicting():
    a, b = _eput((4, 8), P("x", None)), _eput((4, 8), P("y", None))
    return jnp.concatenate([a, b], axis=1)


@mistake("select cases must have the same shardings")
def r7_explicit_where_conflicting():
    a, b = _eput((4, 8), P("x", None)), _eput((4, 8), P("y", None))
    return jnp.where(a > 0, a, b)


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed")
def r7_explicit_zeros_out_sharding_without_mesh():
    return jnp.zeros((4,), out_sharding=P("x"))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y')")
def r7_explicit_jit_out_shardings_unknown_axis():
    return jax.jit(lambda x: x, out_shardings=NamedSharding(emesh, P("z")))(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_explicit_reshape_merges_sharded_dims():
    return _eput((4, 8), P("x", "y")).reshape(32)


@mistake(
    "dot_general requires lhs batch dimensions and rhs batch dimensions to have the consistent sharding, got ('x',) and ('y',).",
)
def r7_explicit_einsum_batch_conflict():
    a, b = _eput((4, 8, 8), P("x")), _eput((4, 8, 8), P("y"))
    return jnp.einsum("bij,bjk->bik", a, b)


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but",
)
def r7_explicit_dot_general_out_sharding_same_axis_twice():
    a, b = _eput((4, 8), P("x", None)), _eput((8, 4), P(None, None))
    with jax.set_mesh(emesh):
        return jnp.matmul(a, b, out_sharding=P("x", "x"))


@mistake(
    "PartitionSpec passed to reshard cannot contain axis names that are of type Auto or Manual",
)
def r7_explicit_axis_type_on_auto_mesh_reshard():
    with jax.set_mesh(mesh24):
        return jax.sharding.reshard(jnp.ones((4, 8)), P("x"))


# ---------------------------------------------------------------------------------------------
# make_mesh and Mesh construction


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_make_mesh_product_not_device_count():
    return jax.make_mesh((3,), ("x",))


@mistake(
    "Number of axis names should match the number of axis_types. Got axis_names=('x', 'y') and",
)
def r7_make_mesh_axis_types_length():
    return jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit,))


@mistake(
    "axis_types passed to Mesh must be of type `",
    "AxisType`. Got ('Explicit', 'Explicit') of type",
)
def r7_make_mesh_axis_types_strings():
    return jax.make_mesh((2, 4), ("x", "y"), axis_types=("Explicit", "Explicit"))


@mistake("Number of devices 4 must be >= the product of mesh_shape (2, 4)")
def r7_make_mesh_devices_count_mismatch():
    return jax.make_mesh((2, 4), ("x", "y"), devices=jax.devices()[:4])


@mistake(
    "Number of axis names should match the number of axis_types. Got axis_names=('x', 'y') and axis_types=(Auto,)",
)
def r7_mesh_axis_types_length():
    devices = np.array(jax.devices()).reshape(2, 4)
    return Mesh(devices, ("x", "y"), axis_types=(AxisType.Auto,))


@mistake("Resource axis: y of P('y',) is not found in mesh: ('x',)")
def r7_named_sharding_unknown_axis():
    return NamedSharding(mesh2, P("y"))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but",
)
def r7_named_sharding_same_axis_twice():
    return NamedSharding(mesh24, P("x", "x"))


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `jax.memory.Space` or",
)
def r7_device_put_to_int():
    return jax.device_put(jnp.ones(2), 5)


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `jax.memory.Space` or",
)
def r7_device_put_to_string():
    return jax.device_put(jnp.ones(2), "gpu")


@mistake("device_put device specification must be a tree prefix of the corresponding value")
def r7_device_put_tree_mismatch():
    s = NamedSharding(mesh2, P())
    return jax.device_put((jnp.ones(2), jnp.ones(2)), [s, s, s])


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',)")
def r7_device_put_spec_unknown_axis_under_mesh():
    with jax.set_mesh(mesh2):
        return jax.device_put(jnp.ones(4), P("z"))


@mistake("Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to device_put")
def r7_device_put_bare_spec_no_mesh():
    return jax.device_put(jnp.ones(4), P("x"))


# ---------------------------------------------------------------------------------------------
# Control flow: carries, predicates, branch indices, lengths


@mistake("scan got values with different leading axis sizes: 3, 4")
def r7_scan_xs_leading_sizes_differ():
    return lax.scan(lambda c, x: (c, x), 0.0, (jnp.ones(3), jnp.ones(4)))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3]")
def r7_scan_length_disagrees_with_xs():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), length=4)


@mistake("scan got no values to scan over and `length` not provided")
def r7_scan_no_xs_no_length():
    return lax.scan(lambda c, x: (c, x), 0.0, None)


@mistake("scan body output must be a pair")
def r7_scan_body_returns_carry_only():
    return lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3))


@mistake("scan body output must be a pair")
def r7_scan_body_returns_triple():
    return lax.scan(lambda c, x: (c, x, x), 0.0, jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have equal types",
    "The input carry c has type float32[] but the corresponding output carry component has type int32[], so the dtypes do not match",
)
def r7_scan_carry_float_to_int():
    return lax.scan(lambda c, x: (c.astype(jnp.int32), x), jnp.float32(0.0), jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have equal types",
    "The input carry c has type float32[1] but the corresponding output carry component has type float32[2], so the shapes do not match",
)
def r7_scan_carry_shape_grows():
    return lax.scan(lambda c, x: (jnp.append(c, x), x), jnp.ones(1), jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure",
    "The input carry c is a <class 'tuple'> but the corresponding component of the carry output is a <class 'list'>, so their Python types differ",
)
def r7_scan_carry_tuple_to_list():
    return lax.scan(lambda c, x: ([c[0], c[1]], x), (0.0, 0.0), jnp.ones(3))


@mistake("lax.scan: f argument should be a callable")
def r7_scan_of_non_callable():
    return lax.scan(3, 0.0, jnp.ones(3))


@mistake("`unroll` must be a `bool` or a non-negative `int`")
def r7_scan_unroll_zero():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), unroll=-1)


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[3])]")
def r7_while_cond_returns_vector():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 1, jnp.zeros(3))


@mistake(
    "cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[], weak_type=True)]",
)
def r7_while_cond_returns_float():
    return lax.while_loop(lambda c: c * 1.0, lambda c: c - 1, 3.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_while_body_changes_dtype():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 1.5, 0)


@mistake(
    "while_loop body function carry input and carry output must have equal types",
    "The input carry c has type float32[1] but the corresponding output carry component has type float32[2], so the shapes do not match",
)
def r7_while_body_changes_shape():
    return lax.while_loop(lambda c: c[0] < 3, lambda c: jnp.append(c, 1.0), jnp.zeros(1))


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure",
    "but the corresponding component of the carry output is a <class 'tuple'>, so their Python types differ",
)
def r7_while_body_returns_tuple_for_scalar():
    return lax.while_loop(lambda c: c < 3, lambda c: (c + 1, c), 0)


@mistake(
    "r7_fori_loop_body_one_argument.<locals>.<lambda>() takes 1 positional argument but 2 were given",
)
def r7_fori_loop_body_one_argument():
    return lax.fori_loop(0, 3, lambda c: c + 1, 0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_fori_loop_body_changes_dtype():
    return lax.fori_loop(0, 3, lambda i, c: c + 0.5, 0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_fori_loop_float_bounds():
    return lax.fori_loop(0.0, 3.0, lambda i, c: c + i, 0.0)


@mistake("Pred must be a scalar, got")
def r7_cond_pred_vector():
    return lax.cond(jnp.array([True, False]), lambda: 1.0, lambda: 2.0)


@mistake("Pred must be a scalar, got yes of type <class 'str'>")
def r7_cond_pred_string():
    return lax.cond("yes", lambda: 1.0, lambda: 2.0)


@mistake("cond branches must have equal output types but they differ")
def r7_cond_branches_differ_in_dtype():
    return lax.cond(jnp.bool_(True), lambda: jnp.int32(1), lambda: jnp.float32(2))


@mistake("lax.cond: true_fun and false_fun arguments should be callable")
def r7_cond_branch_not_callable():
    return lax.cond(True, 1.0, lambda: 2.0)


@mistake(
    "r7_cond_branch_takes_no_operand.<locals>.<lambda>() takes 0 positional arguments but 1 was given",
)
def r7_cond_branch_takes_no_operand():
    return lax.cond(True, lambda: 1.0, lambda: 2.0, jnp.ones(2))


@mistake("cond branch outputs must have the same pytree structure, but they differ")
def r7_cond_branch_returns_dict_vs_tuple():
    return lax.cond(jnp.bool_(True), lambda: {"a": 1.0}, lambda: (1.0,))


@mistake("Index type must be an integer, got")
def r7_switch_index_float():
    return lax.switch(1.0, [lambda: 1.0, lambda: 2.0])


@mistake("Empty branch sequence")
def r7_switch_no_branches():
    return lax.switch(0, [])


@mistake("switch branches must have equal output types but they differ")
def r7_switch_branches_differ_in_shape():
    return lax.switch(jnp.int32(0), [lambda: jnp.ones(2), lambda: jnp.ones(3)])


@mistake("Branch index must be scalar, got", "of shape (2,)")
def r7_switch_index_vector():
    return lax.switch(jnp.array([0, 1]), [lambda: 1.0, lambda: 2.0])


@mistake("scan got values with different leading axis sizes: 3, 4")
def r7_map_xs_leading_sizes_differ():
    return lax.map(lambda t: t[0] + t[1], (jnp.ones(3), jnp.ones(4)))


@mistake("Array inputs to associative_scan must have the same first dimension. (saw: [(3,), (4,)])")
def r7_associative_scan_shapes_differ():
    return lax.associative_scan(lambda a, b: a + b, (jnp.ones(3), jnp.ones(4)))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r7_associative_scan_axis_out_of_range():
    return lax.associative_scan(jnp.add, jnp.ones(3), axis=1)


# ---------------------------------------------------------------------------------------------
# custom_vjp / custom_jvp (more forms)


@mistake("No VJP defined for custom_vjp function f using defvjp")
def r7_custom_vjp_without_defvjp():
    @jax.custom_vjp
    def f(x):
        return x

    return jax.grad(f)(1.0)


@mistake("No JVP defined for custom_jvp function f using defjvp")
def r7_custom_jvp_without_defjvp():
    @jax.custom_jvp
    def f(x):
        return x

    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple of the primal function",
)
def r7_custom_vjp_bwd_returns_none():
    f = _custom_vjp(lambda x: (jnp.sin(x), x), lambda g: None)
    return jax.grad(f)(1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_custom_vjp_bwd_wrong_dtype():
    f = _custom_vjp(lambda x: (jnp.sin(x), x), lambda g: (jnp.int32(1),))
    return jax.grad(f)(1.0)


@mistake("<class 'str'> is not a valid JAX type")
def r7_custom_vjp_fwd_residual_string():
    f = _custom_vjp(lambda x: (jnp.sin(x), "res"), lambda g: (g,))
    return jax.grad(f)(1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple of the primal function",
)
def r7_custom_vjp_bwd_three_for_one_arg():
    f = _custom_vjp(lambda x: (jnp.sin(x), x), lambda g: (g, g, g))
    return jax.grad(f)(1.0)


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes",
    "Expected float32[] (tangent type of float32[]) but got float16[]",
)
def r7_custom_jvp_tangent_wrong_dtype():
    f = _custom_jvp(lambda p, t: (jnp.sin(p[0]), jnp.float16(1.0)))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "must produce a pair (list or tuple of length two) representing primal and tangent outputs, but got 1.0",
)
def r7_custom_jvp_rule_returns_scalar():
    f = _custom_jvp(lambda p, t: 1.0)
    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "must produce primal and tangent outputs with equal container (pytree) structures, but got PyTreeDef(*) and PyTreeDef((*, *)) respectively",
)
def r7_custom_jvp_tangent_tuple_for_array():
    f = _custom_jvp(lambda p, t: (jnp.sin(p[0]), (t[0], t[0])))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_custom_jvp_of_non_callable():
    return jax.custom_jvp(3)


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,)")
def r7_custom_vjp_grad_of_vector_output():
    f = _custom_vjp(lambda x: (jnp.sin(x), x), lambda g: (g,))
    return jax.grad(f)(jnp.ones(2))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_custom_vjp_bwd_list_ok():
    f = _custom_vjp(lambda x: (jnp.sin(x), x), lambda g: [g])
    return float(jax.grad(f)(1.0))


# ---------------------------------------------------------------------------------------------
# jit: static arguments, donation, results


@mistake("Non-hashable static arguments are not supported", "<class 'dict'>")
def r7_jit_static_argnames_dict_value():
    return jax.jit(lambda x, n: x, static_argnames="n")(1.0, n={"a": 1})


@mistake("Non-hashable static arguments are not supported", "<class 'set'>")
def r7_jit_static_argnums_set_value():
    return jax.jit(lambda x, n: x, static_argnums=1)(1.0, {1, 2})


@mistake("Non-hashable static arguments are not supported", "<class 'bytearray'>")
def r7_jit_static_argnums_bytearray():
    return jax.jit(lambda x, n: x, static_argnums=1)(1.0, bytearray(b"ab"))


@mistake("Non-hashable static arguments are not supported")
def r7_jit_static_argnums_unhashable_class():
    class Config:
        __hash__ = None

    return jax.jit(lambda x, c: x, static_argnums=1)(1.0, Config())


@mistake("Non-hashable static arguments are not supported", "<class 'tuple'>")
def r7_jit_static_argnums_list_in_tuple_kw():
    return jax.jit(lambda x, n: x, static_argnames="n")(1.0, n=(1, [2]))


@mistake("returned a value of type <class 'str'>", "which is not a valid JAX type")
def r7_jit_returns_string():
    return jax.jit(lambda x: "done")(1.0)


@mistake("returned a value of type <class 'object'>", "which is not a valid JAX type")
def r7_jit_returns_object():
    return jax.jit(lambda x: object())(1.0)


@mistake("as an abstract array", "The problematic value is of type <class 'object'>")
def r7_jit_argument_object():
    return jax.jit(lambda x: x)(object())


@mistake("as an abstract array", "The problematic value is of type <class 'str'>")
def r7_jit_argument_string():
    return jax.jit(lambda x: x)("abc")


@mistake("Expected a callable value, got 5")
def r7_jit_of_non_callable():
    return jax.jit(5)


@mistake("in_shardings specification must be a tree prefix of the")
def r7_jit_in_shardings_count():
    s = NamedSharding(mesh2, P())
    return jax.jit(lambda x: x, in_shardings=(s, s))(jnp.ones(4))


@mistake("Jitted function has donate_argnums=(-3,), but only accepts 1 positional arguments")
def r7_jit_donate_argnums_negative_out_of_range():
    return jax.jit(lambda x: x, donate_argnums=-3)(jnp.ones(2))


@mistake("Array has been deleted with shape=float32[4]")
def r7_jit_donated_read_after_in_jit_result():
    x = jnp.ones(4)
    jax.jit(lambda a: a * 2, donate_argnums=0)(x)
    return x + 1


@mistake("Array has been deleted with shape=float32[4]")
def r7_jit_donated_argnames_read_after():
    x = jnp.ones(4)
    jax.jit(lambda a: a * 2, donate_argnames="a")(a=x)
    return x.sum()


@mistake(
    "Argument types differ from the types for which this computation was compiled",
    "float32[3]",
    "float32[4]",
)
def r7_jit_lowered_called_with_other_shape():
    compiled = jax.jit(lambda x: x * 2).lower(jnp.ones(3)).compile()
    return compiled(jnp.ones(4))


@mistake(
    "Argument types differ from the types for which this computation was compiled",
    "float32[3]",
    "int32[3]",
)
def r7_jit_lowered_called_with_other_dtype():
    compiled = jax.jit(lambda x: x * 2).lower(jnp.ones(3)).compile()
    return compiled(jnp.ones(3, jnp.int32))


@mistake(
    "r7_jit_static_argnums_missing_positional.<locals>.<lambda>() missing 1 required positional argument: 'n'",
)
def r7_jit_static_argnums_missing_positional():
    return jax.jit(lambda x, n: x * n, static_argnums=1)(1.0)


@mistake("r7_jit_unexpected_keyword.<locals>.<lambda>() got an unexpected keyword argument 'y'")
def r7_jit_unexpected_keyword():
    return jax.jit(lambda x: x)(1.0, y=2.0)


# ---------------------------------------------------------------------------------------------
# jax.numpy: axes, shapes and dtypes (more families)


@mistake("axis 5 is out of bounds for array of dimension 4")
def r7_jnp_partition_kth_out_of_range():
    return jnp.partition(jnp.arange(4), 5)


@mistake("axis -6 is out of bounds for array of dimension 4")
def r7_jnp_argpartition_kth_out_of_range():
    return jnp.argpartition(jnp.arange(4), -6)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r7_jnp_delete_axis_out_of_range():
    return jnp.delete(jnp.ones((2, 3)), 0, axis=2)


@mistake("axis 3 is out of bounds for array of dimension 2")
def r7_jnp_insert_axis_out_of_range():
    return jnp.insert(jnp.ones((2, 3)), 0, 1.0, axis=3)


@mistake(
    "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated",
)
def r7_jnp_append_axis_shapes():
    return jnp.append(jnp.ones((2, 3)), jnp.ones((2, 2)), axis=0)


@mistake("all elements of `new_shape` must be non-negative")
def r7_jnp_resize_negative():
    return jnp.resize(jnp.ones(3), (-1, 2))


@mistake("Axes must be different")
def r7_jnp_rot90_axes_same():
    return jnp.rot90(jnp.ones((2, 3)), axes=(0, 0))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_jnp_unravel_index_float():
    return jnp.unravel_index(1.5, (2, 3))


@mistake("iota shape must have every element be nonnegative, got (-1, -1)")
def r7_jnp_tri_negative():
    return jnp.tri(-1)


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (2.5,)",
    "argument of 'N' jnp.eye()",
)
def r7_jnp_identity_float():
    return jnp.identity(2.5)


@mistake("Number of einsum subscripts, 2, must be equal to the number of operands, 1")
def r7_jnp_einsum_operand_count():
    return jnp.einsum("ij,jk->ik", jnp.ones((2, 3)))


@mistake("Einstein sum subscript 'ij' does not contain the correct number of indices for operand 0")
def r7_jnp_einsum_rank_mismatch():
    return jnp.einsum("ij->i", jnp.ones(3))


@mistake("Size of label 'j' for operand 1")
def r7_jnp_einsum_size_mismatch():
    return jnp.einsum("ij,jk->ik", jnp.ones((2, 3)), jnp.ones((4, 5)))


@mistake("Output character 'k' did not appear in the input")
def r7_jnp_einsum_output_unknown_index():
    return jnp.einsum("ij->k", jnp.ones((2, 2)))


@mistake("matmul input operand 0 must have ndim at least 1, but it has ndim 0")
def r7_jnp_matmul_scalar_operand():
    return jnp.matmul(jnp.float32(1.0), jnp.ones(3))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,)")
def r7_jnp_dot_vectors_lengths():
    return jnp.dot(jnp.ones(3), jnp.ones(4))


@mistake("data type 'flot32' not understood")
def r7_jnp_cumsum_dtype_string():
    return jnp.cumsum(jnp.ones(3), dtype="flot32")


@mistake("Incompatible shapes for broadcasting: shapes=[(4,), (3,), ()]")
def r7_jnp_sum_where_shape():
    return jnp.sum(jnp.ones(3), where=jnp.ones(4, bool))


@mistake("initial value must be a scalar. Got array of shape (2,)")
def r7_jnp_sum_initial_array():
    return jnp.max(jnp.ones(3), initial=jnp.ones(2))


@mistake("duplicate value in 'axis': (1, -1)")
def r7_jnp_prod_axis_repeated():
    return jnp.prod(jnp.ones((2, 3)), axis=(1, -1))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r7_jnp_any_axis_out_of_range():
    return jnp.any(jnp.ones((2, 3), bool), axis=2)


@mistake("axis 3 is out of bounds for array of dimension 2")
def r7_jnp_count_nonzero_axis_out_of_range():
    return jnp.count_nonzero(jnp.ones((2, 3)), axis=3)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r7_jnp_ptp_axis_out_of_range():
    return jnp.ptp(jnp.ones((2, 3)), axis=2)


@mistake("axis -3 is out of bounds for array of dimension 2")
def r7_jnp_nanmean_axis_out_of_range():
    return jnp.nanmean(jnp.ones((2, 3)), axis=-3)


@mistake("all keys need to be the same shape")
def r7_jnp_lexsort_lengths():
    return jnp.lexsort((jnp.ones(3), jnp.ones(4)))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r7_jnp_unique_axis_out_of_range():
    return jnp.unique(jnp.ones((2, 3)), axis=2)


@mistake("condition must be a 1D array")
def r7_jnp_compress_condition_2d():
    return jnp.compress(jnp.ones((2, 2), bool), jnp.ones(4))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The size argument of jnp.nonzero must be statically specified",
)
def r7_jnp_where_one_arg_in_jit():
    return jax.jit(lambda x: jnp.where(x > 0))(jnp.ones(3))


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (-2,)")
def r7_jnp_full_like_shape_negative():
    return jnp.full_like(jnp.ones(3), 1.0, shape=(-2,))


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'object'> in empty")
def r7_jnp_empty_dtype_object():
    return jnp.empty(3, dtype=object)


@mistake("data type 'int33' not understood")
def r7_jnp_array_dtype_string_unknown():
    return jnp.array([1, 2], dtype="int33")


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "It arose in the jnp.arange argument 'stop'",
)
def r7_jnp_arange_in_jit_traced_stop():
    return jax.jit(lambda n: jnp.arange(n))(5)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "'num' argument of jnp.linspace",
)
def r7_jnp_linspace_num_traced():
    return jax.jit(lambda n: jnp.linspace(0, 1, n))(5)


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type",
    "argument of 'N' jnp.eye()",
)
def r7_jnp_eye_traced_n():
    return jax.jit(lambda n: jnp.eye(n))(3)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r7_jnp_reshape_traced_shape():
    return jax.jit(lambda x, n: x.reshape(n, -1))(jnp.ones(6), 2)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r7_jnp_zeros_traced_shape():
    return jax.jit(lambda n: jnp.zeros(n))(3)


@mistake("array split does not result in an equal division")
def r7_jnp_split_uneven():
    return jnp.split(jnp.ones(5), 2)


@mistake("'float' object cannot be interpreted as an integer")
def r7_jnp_split_indices_float():
    return jnp.split(jnp.ones(6), [1.5])


@mistake(
    "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated",
)
def r7_jnp_dstack_shapes():
    return jnp.dstack([jnp.ones((2, 2)), jnp.ones((3, 2))])


@mistake(
    "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated",
)
def r7_jnp_column_stack_lengths():
    return jnp.column_stack([jnp.ones(2), jnp.ones(3)])


@mistake("Mismatched list depths in jax.numpy.block")
def r7_jnp_block_ranks():
    return jnp.block([[jnp.ones((2, 2))], jnp.ones((2, 2))])


@mistake("transpose permutation isn't a permutation of operand dimensions")
def r7_jnp_diagonal_axes_same():
    return jnp.diagonal(jnp.ones((2, 2)), axis1=0, axis2=0)


@mistake("JAX arrays are immutable, must use inplace=False")
def r7_jnp_fill_diagonal_inplace():
    return jnp.fill_diagonal(jnp.ones((2, 2)), 0.0)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r7_jnp_trace_of_vector():
    return jnp.trace(jnp.ones(3))


@mistake("expected deg >= 0")
def r7_jnp_polyfit_deg_negative():
    return jnp.polyfit(jnp.arange(3.0), jnp.arange(3.0), -1)


@mistake("expected x and y to have same length")
def r7_jnp_polyfit_lengths():
    return jnp.polyfit(jnp.arange(3.0), jnp.arange(4.0), 1)


@mistake("Input must be a rank-1 array")
def r7_jnp_roots_2d():
    return jnp.roots(jnp.ones((2, 2)))


@mistake("digitize: bins must be")
def r7_jnp_digitize_bins_2d():
    return jnp.digitize(jnp.ones(3), jnp.ones((2, 2)))


@mistake("xp and fp must be one-dimensional arrays of equal size")
def r7_jnp_interp_xp_2d():
    return jnp.interp(jnp.ones(3), jnp.ones((2, 2)), jnp.ones((2, 2)))


@mistake("got an unexpected keyword argument")
def r7_jnp_clip_a_min_keyword_removed():
    return jnp.clip(jnp.ones(3), a_min=0.0, a_max=1.0, min=0.0)


@mistake("isin requires ndarray or scalar arguments, got <class 'dict'> at position 1")
def r7_jnp_isin_of_dict():
    return jnp.isin(jnp.ones(3), {1: 2})


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The error arose in setdiff1d()",
)
def r7_jnp_setdiff1d_size_traced():
    return jax.jit(lambda x: jnp.setdiff1d(x, x))(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The error arose in union1d()",
)
def r7_jnp_union1d_in_jit():
    return jax.jit(lambda x: jnp.union1d(x, x))(jnp.ones(3))


@mistake(
    "or does not accept dtype float32 at position 0. Accepted dtypes at position 0 are subtypes of integer, bool",
)
def r7_jnp_bitwise_or_bool_float():
    return jnp.bitwise_or(jnp.ones(2, bool), jnp.ones(2))


@mistake(
    "shift_right_arithmetic does not accept dtype float32 at position 0. Accepted dtypes at position 0 are",
)
def r7_jnp_right_shift_float():
    return jnp.right_shift(jnp.ones(2), 1)


@mistake("Arguments to jax.numpy.lcm must be integers")
def r7_jnp_lcm_float():
    return jnp.lcm(jnp.ones(2), jnp.ones(2))


@mistake(
    "rem does not accept dtype complex64 at position 0. Accepted dtypes at position 0 are subtypes of",
)
def r7_jnp_fmod_complex():
    return jnp.fmod(jnp.ones(2, jnp.complex64), 1.0)


@mistake("floor does not accept dtype complex64. Accepted dtypes are subtypes of floating")
def r7_jnp_floor_complex():
    return jnp.floor(jnp.ones(2, jnp.complex64))


@mistake(
    "jnp.hypot is not well defined for complex-valued inputs. Please convert to real values first, such as by",
)
def r7_jnp_hypot_complex():
    return jnp.hypot(jnp.ones(2, jnp.complex64), 1.0)


@mistake("ldexp not supported for input types (dtype('float32'), dtype('float32'))")
def r7_jnp_ldexp_float_exponent():
    return jnp.ldexp(jnp.ones(2), jnp.ones(2))


@mistake("frexp does not support complex-valued inputs")
def r7_jnp_frexp_complex():
    return jnp.frexp(jnp.ones(2, jnp.complex64))


@mistake(
    "nextafter does not accept dtype complex64 at position 0. Accepted dtypes at position 0 are subtypes of",
)
def r7_jnp_nextafter_complex():
    return jnp.nextafter(jnp.ones(2, jnp.complex64), 1.0)


@mistake("Expected an input array of integer or boolean data type")
def r7_jnp_packbits_float():
    return jnp.packbits(jnp.ones(8))


@mistake("Expected an input array of unsigned byte data type")
def r7_jnp_unpackbits_float():
    return jnp.unpackbits(jnp.ones(2))


@mistake(
    "jax.numpy.put cannot modify arrays in-place, because JAX arrays are immutable. Pass inplace=False to instead",
)
def r7_jnp_put_inplace_true():
    return jnp.put(jnp.ones(3), 0, 2.0)


@mistake(
    "jax.numpy.place cannot modify arrays in-place, because JAX arrays are immutable. Pass inplace=False to",
)
def r7_jnp_place_in_jit():
    return jnp.place(jnp.ones(3), jnp.ones(3, bool), 0.0)


@mistake("JAX arrays are immutable and do not support in-place item assignment")
def r7_jnp_ndarray_setitem():
    x = jnp.ones(3)
    x[0] = 2.0
    return x


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_jnp_array_copy_false():
    return jnp.array(np.ones(3), copy=False)


@mistake(
    "with dtype object is not a valid JAX array type. Only arrays of numeric types are supported by JAX.",
)
def r7_jnp_asarray_of_generator():
    return jnp.asarray(i for i in range(3))


@mistake("buffer size must be a multiple of element size")
def r7_jnp_frombuffer_size():
    return jnp.frombuffer(b"abc", dtype=jnp.float32)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_jnp_fromstring():
    return jnp.fromstring("1 2", sep=" ")


@mistake("The array passed to from_dlpack must have __dlpack__ and __dlpack_device__ methods")
def r7_jnp_from_dlpack_of_list():
    return jnp.from_dlpack([1, 2])


@mistake("None is not a valid value for jnp.array")
def r7_jnp_array_of_none():
    return jnp.array([1.0, None])


@mistake("Invalid integer data type 'f'")
def r7_jnp_iinfo_float():
    return jnp.iinfo(jnp.float32)


@mistake("data type <class 'numpy.int32'> not inexact")
def r7_jnp_finfo_int():
    return jnp.finfo(jnp.int32)


@mistake("not a valid gufunc signature: (n)->()x")
def r7_jnp_vectorize_signature_bad():
    return jnp.vectorize(jnp.sum, signature="(n)->()x")(jnp.ones((2, 3)))


@mistake("inconsistent size for core dimension 'n': 4 vs 3")
def r7_jnp_vectorize_core_dims_mismatch():
    return jnp.vectorize(jnp.dot, signature="(n),(n)->()")(jnp.ones(3), jnp.ones(4))


@mistake(
    "r7_jnp_frompyfunc_nin_mismatch.<locals>.<lambda>() missing 1 required positional argument: 'b'",
)
def r7_jnp_frompyfunc_nin_mismatch():
    return jnp.frompyfunc(lambda a, b: a + b, nin=2, nout=1)(jnp.ones(2))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_jnp_sum_axis_negative_ok():
    return jnp.sum(jnp.ones((2, 3)), axis=-2).shape


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_jnp_where_scalar_branches_ok():
    return jnp.where(jnp.ones(3) > 0, 1, 0.5).dtype.name


# ---------------------------------------------------------------------------------------------
# jnp.linalg: shapes and batches


@mistake("Argument to inv must have shape [..., n, n], got (2, 3, 4)")
def r7_linalg_inv_batch_non_square():
    return jnp.linalg.inv(jnp.ones((2, 3, 4)))


@mistake("Argument to _det() must have shape [..., n, n], got (3, 4)")
def r7_linalg_det_non_square():
    return jnp.linalg.det(jnp.ones((3, 4)))


@mistake("Argument to slogdet() must have shape [..., n, n], got (3,)")
def r7_linalg_slogdet_vector():
    return jnp.linalg.slogdet(jnp.ones(3))


@mistake("The input to eig must be a square matrix. Got shape (2, 3)")
def r7_linalg_eig_non_square():
    return jnp.linalg.eig(jnp.ones((2, 3)))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (4,)]")
def r7_linalg_solve_batch_mismatch():
    return jnp.linalg.solve(jnp.ones((2, 3, 3)), jnp.ones((4, 3, 1)))


@mistake("Leading dimensions of input arrays must match")
def r7_linalg_lstsq_rows_mismatch():
    return jnp.linalg.lstsq(jnp.ones((3, 2)), jnp.ones(4))


@mistake("3-dimensional array given. Array must be two-dimensional")
def r7_linalg_lstsq_3d():
    return jnp.linalg.lstsq(jnp.ones((2, 3, 2)), jnp.ones((2, 3)))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_linalg_matrix_rank_vector_ok_or_not():
    return jnp.linalg.matrix_rank(jnp.ones(()))


@mistake("Last 2 dimensions of the array must be square")
def r7_linalg_matrix_power_non_square():
    return jnp.linalg.matrix_power(jnp.ones((2, 3)), 2)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_linalg_multi_dot_one_array():
    return jnp.linalg.multi_dot([jnp.ones((2, 2))])


@mistake("multi_dot: last dimension of each array must match first dimension of following array")
def r7_linalg_multi_dot_shapes():
    return jnp.linalg.multi_dot([jnp.ones((2, 3)), jnp.ones((4, 2)), jnp.ones((2, 2))])


@mistake("Invalid order 'fro' for vector norm")
def r7_linalg_norm_vector_ord_fro():
    return jnp.linalg.norm(jnp.ones(3), ord="fro")


@mistake("Invalid order '3' for matrix norm")
def r7_linalg_norm_matrix_ord_3():
    return jnp.linalg.norm(jnp.ones((2, 2)), ord=3)


@mistake("duplicate value in 'axis': (0, 0)")
def r7_linalg_norm_axis_repeated():
    return jnp.linalg.norm(jnp.ones((2, 2)), axis=(0, 0))


@mistake("Both input arrays must be (arrays of) 3-dimensional vectors")
def r7_linalg_cross_size_2():
    return jnp.linalg.cross(jnp.ones(2), jnp.ones(2))


@mistake("ind must be a positive integer; got ind=0")
def r7_linalg_tensorinv_ind_zero():
    return jnp.linalg.tensorinv(jnp.ones((2, 2)), ind=0)


@mistake("Input 0 to qr must have rank at least 2, but got shape=(3,)")
def r7_linalg_qr_vector():
    return jnp.linalg.qr(jnp.ones(3))


@mistake("UPLO must be one of None, 'L', or 'U', got X")
def r7_linalg_eigh_uplo_bad():
    return jnp.linalg.eigh(jnp.eye(2), UPLO="X")


@mistake("axis 2 is out of bounds for array of dimension 2")
def r7_linalg_vector_norm_axis_out_of_range():
    return jnp.linalg.vector_norm(jnp.ones((2, 2)), axis=2)


@mistake("axis -2 is out of bounds for array of dimension 1")
def r7_linalg_matrix_norm_vector():
    return jnp.linalg.matrix_norm(jnp.ones(3))


@mistake("axes must match; got shapes (3,) and (4,) with axis=-1")
def r7_linalg_vecdot_lengths():
    return jnp.linalg.vecdot(jnp.ones(3), jnp.ones(4))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,)")
def r7_linalg_matmul_vectors_lengths():
    return jnp.linalg.matmul(jnp.ones(3), jnp.ones(4))


@mistake("Input arrays must be one-dimensional, but they are x1.ndim=2 x2.ndim=1")
def r7_linalg_outer_2d():
    return jnp.linalg.outer(jnp.ones((2, 2)), jnp.ones(2))


@mistake("diagonal requires an array of at least two dimensions")
def r7_linalg_diagonal_vector():
    return jnp.linalg.diagonal(jnp.ones(3))


@mistake("axis -2 is out of bounds for array of dimension 1")
def r7_linalg_trace_vector():
    return jnp.linalg.trace(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# jnp.fft: axes, lengths, norms


@mistake("jax.numpy.fft.fftn does not support repeated axes. Got axes (0, 0)")
def r7_fft_fftn_axes_repeated():
    return jnp.fft.fftn(jnp.ones((2, 2)), axes=(0, 0))


@mistake("Shape and axes have different lengths")
def r7_fft_fftn_s_axes_lengths():
    return jnp.fft.fftn(jnp.ones((2, 2)), s=(2, 2), axes=(0,))


@mistake("Shape should be positive")
def r7_fft_irfft_n_zero():
    return jnp.fft.irfft(jnp.ones(3), n=0)


@mistake('Invalid norm value orthogonal; should be "backward","ortho" or "forward"')
def r7_fft_ifft_norm_unknown():
    return jnp.fft.ifft(jnp.ones(3), norm="orthogonal")


@mistake("axis -1 is out of bounds for array of dimension 0")
def r7_fft_fft_of_scalar():
    return jnp.fft.fft(jnp.float32(1.0))


@mistake("jax.numpy.fft.fft2 only supports 2 axes. Got axes = (0, 1, 2)")
def r7_fft_fft2_axes_three():
    return jnp.fft.fft2(jnp.ones((2, 2, 2)), axes=(0, 1, 2))


@mistake("only real valued inputs supported for rfft")
def r7_fft_rfftn_complex():
    return jnp.fft.rfftn(jnp.ones((2, 2), jnp.complex64))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_fft_fftfreq_float_n():
    return jnp.fft.fftfreq(2.5)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_fft_rfftfreq_float_n():
    return jnp.fft.rfftfreq(3.5)


@mistake("Shape should be positive")
def r7_fft_fft_n_negative():
    return jnp.fft.fft(jnp.ones(3), n=-2)


@mistake("axis -2 is out of bounds for array of dimension 1")
def r7_fft_irfft2_of_vector():
    return jnp.fft.irfft2(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# jax.scipy: special functions and distributions


@mistake("axis 2 is out of bounds for array of dimension 2")
def r7_scipy_logsumexp_axis_out_of_range():
    return jax.scipy.special.logsumexp(jnp.ones((2, 3)), axis=2)


@mistake("Incompatible shapes for broadcasting")
def r7_scipy_logsumexp_b_shape():
    return jax.scipy.special.logsumexp(jnp.ones(3), b=jnp.ones(4))


@mistake("lgamma does not accept dtype complex64. Accepted dtypes are subtypes of floating")
def r7_scipy_gammaln_complex():
    return jax.scipy.special.gammaln(jnp.ones(2, jnp.complex64))


@mistake("erf does not accept dtype complex64. Accepted dtypes are subtypes of floating")
def r7_scipy_erf_complex():
    return jax.scipy.special.erf(jnp.ones(2, jnp.complex64))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r7_scipy_softmax_axis_out_of_range():
    return jax.scipy.special.softmax(jnp.ones(3), axis=1)


@mistake("Argument `n` to polygamma must be of integer type. Got dtype float32")
def r7_scipy_polygamma_float_n():
    return jax.scipy.special.polygamma(1.5, jnp.ones(2))


@mistake(
    "jax.scipy.special.sph_harm was deprecated in v0.7.0 and removed in v0.10.0. Use jax.scipy.special.sph_harm_y",
)
def r7_scipy_sph_harm_removed():
    return jax.scipy.special.sph_harm(0, 0, 0.0, 0.0)


@mistake("got incompatible shapes for broadcasting: (2,), (3,)")
def r7_scipy_norm_pdf_shapes():
    return jax.scipy.stats.norm.pdf(jnp.ones(2), loc=jnp.ones(3))


@mistake("multivariate_normal.logpdf got incompatible shapes")
def r7_scipy_multivariate_normal_cov_shape():
    return jax.scipy.stats.multivariate_normal.logpdf(jnp.ones(3), jnp.zeros(3), jnp.eye(2))


@mistake("`dataset` input should have multiple elements")
def r7_scipy_gaussian_kde_of_scalar():
    return jax.scipy.stats.gaussian_kde(jnp.float32(1.0))


@mistake("Expected A to be a (batched) square matrix, got A.shape=(2, 3)")
def r7_scipy_linalg_expm_non_square():
    return jax.scipy.linalg.expm(jnp.ones((2, 3)))


@mistake("Input 0 to lu must have rank at least 2, but got shape=(3,)")
def r7_scipy_linalg_lu_factor_vector():
    return jax.scipy.linalg.lu_factor(jnp.ones(3))


@mistake("scipy.linalg.block_diag must have at most 2 dimensions")
def r7_scipy_linalg_block_diag_3d():
    return jax.scipy.linalg.block_diag(jnp.ones((2, 2, 2)))


@mistake("mode must be one of ['full', 'same', 'valid']")
def r7_scipy_signal_convolve_mode():
    return jax.scipy.signal.convolve(jnp.ones(3), jnp.ones(2), mode="bad")


@mistake("convolve2d() only supports 2-dimensional inputs")
def r7_scipy_signal_convolve2d_of_vector():
    return jax.scipy.signal.convolve2d(jnp.ones(3), jnp.ones(2))


@mistake("coordinates must be a sequence of length input.ndim, but 1 != 2")
def r7_scipy_ndimage_map_coordinates_count():
    return jax.scipy.ndimage.map_coordinates(jnp.ones((2, 2)), [jnp.ones(3)], order=1)


@mistake("scipy.ndimage.map_coordinates currently requires order<=1")
def r7_scipy_ndimage_map_coordinates_order():
    return jax.scipy.ndimage.map_coordinates(jnp.ones(3), [jnp.ones(3)], order=3)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r7_scipy_integrate_trapezoid_axis():
    return jax.scipy.integrate.trapezoid(jnp.ones(3), axis=1)


@mistake("axis 2 is out of bounds for array of dimension 1")
def r7_nn_softmax_axis_out_of_range():
    return jax.nn.softmax(jnp.ones(3), axis=2)


@mistake("'float' object cannot be interpreted as an integer")
def r7_nn_one_hot_float_classes():
    return jax.nn.one_hot(jnp.arange(3), 2.5)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The error arose in jax.nn.one_hot argument `num_classes`",
)
def r7_nn_one_hot_traced_classes():
    return jax.jit(lambda n: jax.nn.one_hot(jnp.arange(3), n))(4)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_nn_dot_product_attention_ranks():
    q = jnp.ones((2, 4, 8))
    return jax.nn.dot_product_attention(q, q, q)


@mistake("axis size must be divisible by 2")
def r7_nn_glu_odd_axis():
    return jax.nn.glu(jnp.ones(3))


@mistake("Incompatible shapes for broadcasting: shapes=[(4,), (3,), ()]")
def r7_nn_logsumexp_where_shape():
    return jax.nn.logsumexp(jnp.ones(3), where=jnp.ones(4, bool))


# ---------------------------------------------------------------------------------------------
# jax.lax: windows, convolutions, dimension numbers, dtypes


def _conv(lhs, rhs, **kw):
    kw.setdefault("window_strides", (1, 1))
    kw.setdefault("padding", "VALID")
    return lax.conv_general_dilated(lhs, rhs, **kw)


@mistake("Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got SAMEE")
def r7_lax_conv_padding_unknown_string():
    return _conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2)), padding="SAMEE")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_lax_conv_kernel_bigger_than_input():
    return _conv(jnp.ones((1, 1, 2, 2)), jnp.ones((1, 1, 3, 3)))


@mistake(
    "convolution dimension_numbers elements must each have the same set of spatial characters, got ('NCHW'",
)
def r7_lax_conv_dimension_numbers_spec_chars():
    dn = ("NCHW", "OIHW", "NCHX")
    return _conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2)), dimension_numbers=dn)


@mistake("convolution dimension_numbers[1] must have len equal to the ndim of lhs and rhs, got 3")
def r7_lax_conv_dimension_numbers_lengths_differ():
    dn = ("NCHW", "OIH", "NCHW")
    return _conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2)), dimension_numbers=dn)


@mistake(
    "conv_general_dilated batch_group_count must divide lhs batch dimension size, but 2 does not divide 3",
)
def r7_lax_conv_batch_group_count_not_divisible():
    return _conv(jnp.ones((3, 2, 4, 4)), jnp.ones((2, 2, 2, 2)), batch_group_count=2)


@mistake("conv_general_dilated feature_group_count must be a positive integer, got 0.")
def r7_lax_conv_feature_group_zero():
    return _conv(jnp.ones((1, 2, 4, 4)), jnp.ones((2, 2, 2, 2)), feature_group_count=0)


@mistake("lax.conv_general_dilated requires arguments to have the same dtypes, got int32, float32")
def r7_lax_conv_int_and_float():
    return _conv(jnp.ones((1, 1, 4, 4), jnp.int32), jnp.ones((1, 1, 2, 2)))


@mistake("convolution requires lhs and rhs ndim to be equal, got 3 and 4")
def r7_lax_conv_1d_rank_mismatch():
    return lax.conv(jnp.ones((1, 1, 4)), jnp.ones((1, 1, 2, 2)), (1, 1), "VALID")


@mistake("reduce_window window_strides must have every element be strictly positive, got (0, 1)")
def r7_lax_reduce_window_stride_zero():
    return lax.reduce_window(jnp.ones((4, 4)), 0.0, lax.add, (2, 2), (0, 1), "VALID")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_lax_reduce_window_window_bigger():
    return lax.reduce_window(jnp.ones((4, 4)), 0.0, lax.add, (5, 1), (1, 1), "VALID")


@mistake(
    "reduce_window got inconsistent base_dilation and window_dimensions: got base_dilation (1,) and",
)
def r7_lax_reduce_window_base_dilation_count():
    args = (jnp.ones((4, 4)), 0.0, lax.add, (2, 2), (1, 1), "VALID")
    return lax.reduce_window(*args, base_dilation=(1,))


@mistake("All dilations must be positive, got (0, 1)")
def r7_lax_reduce_window_window_dilation_zero():
    args = (jnp.ones((4, 4)), 0.0, lax.add, (2, 2), (1, 1), "VALID")
    return lax.reduce_window(*args, window_dilation=(0, 1))


@mistake("reduce_window expected init_values to be scalars but init_values have shapes [(2,)]")
def r7_lax_reduce_window_init_not_scalar():
    return lax.reduce_window(jnp.ones(4), jnp.zeros(2), lax.add, (2,), (1,), "VALID")


@mistake(
    "Operands must have the same tree structure as init_values: PyTreeDef((*, *)) vs. PyTreeDef((*,))",
)
def r7_lax_reduce_init_values_count():
    return lax.reduce((jnp.ones(3), jnp.ones(3)), (0.0,), lambda a, b: a, (0,))


@mistake("reduce_precision: exponent_bits must be positive; got 0")
def r7_lax_reduce_precision_zero_exponent():
    return lax.reduce_precision(jnp.ones(3), exponent_bits=0, mantissa_bits=2)


@mistake("num_keys=0 must equal 1 for a single operand")
def r7_lax_sort_num_keys_zero():
    return lax.sort(jnp.ones(3), num_keys=0)


@mistake("num_keys=3 must be between 1 and len(operand)=2")
def r7_lax_sort_num_keys_too_many():
    return lax.sort((jnp.ones(3), jnp.ones(3)), num_keys=3)


@mistake("Arguments to sort must have equal shapes, got: (3,) (4,)")
def r7_lax_sort_key_val_shapes():
    return lax.sort_key_val(jnp.ones(3), jnp.ones(4))


@mistake("Sum of sizes 4 must be equal to dimension 0 of the operand shape [6]")
def r7_lax_split_sizes_sum():
    return lax.split(jnp.ones(6), (2, 2))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r7_lax_split_axis_out_of_range():
    return lax.split(jnp.ones(6), (3, 3), axis=1)


@mistake("shape must have every element be nonnegative, got (-1,)")
def r7_lax_full_negative_shape():
    return lax.full((-1,), 0.0)


@mistake("full must be called with scalar fill_value, got fill_value.shape (2,)")
def r7_lax_full_fill_value_shape():
    return lax.full((3,), jnp.ones(2))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,)")
def r7_lax_full_like_shape_float():
    return lax.full_like(jnp.ones(3), 0.0, shape=(2.5,))


@mistake("population_count does not accept dtype float32. Accepted dtypes are subtypes of integer")
def r7_lax_population_count_float():
    return lax.population_count(jnp.ones(2))


@mistake("clz does not accept dtype float32. Accepted dtypes are subtypes of integer")
def r7_lax_clz_float():
    return lax.clz(jnp.ones(2))


@mistake(
    "nextafter does not accept dtype int32 at position 0. Accepted dtypes at position 0 are subtypes of floating",
)
def r7_lax_nextafter_int():
    return lax.nextafter(jnp.ones(2, jnp.int32), jnp.ones(2, jnp.int32))


@mistake("real does not accept dtype float32. Accepted dtypes are subtypes of complexfloating")
def r7_lax_real_of_float():
    return lax.real(jnp.ones(2))


@mistake("imag does not accept dtype int32. Accepted dtypes are subtypes of complexfloating")
def r7_lax_imag_of_int():
    return lax.imag(jnp.ones(2, jnp.int32))


@mistake(
    "complex does not accept dtype int32 at position 0. Accepted dtypes at position 0 are subtypes of float32",
)
def r7_lax_complex_int():
    return lax.complex(jnp.ones(2, jnp.int32), jnp.ones(2, jnp.int32))


@mistake("cbrt does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r7_lax_cbrt_int():
    return lax.cbrt(jnp.ones(2, jnp.int32))


@mistake("erf_inv does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r7_lax_erf_inv_int():
    return lax.erf_inv(jnp.ones(2, jnp.int32))


@mistake("5 is not a valid RoundingMethod")
def r7_lax_round_method_unknown():
    return lax.round(jnp.ones(2), rounding_method=5)


@mistake("logical reduction requires operand dtype bool or int, got float32")
def r7_lax_reduce_and_float():
    return lax.reduce_and(jnp.ones(2), (0,))


@mistake("logical reduction requires operand dtype bool or int, got float32")
def r7_lax_reduce_or_float():
    return lax.reduce_or(jnp.ones(2), (0,))


@mistake("Arguments to batch_matmul must be at least 2D, got 1, 1")
def r7_lax_batch_matmul_rank_one():
    return lax.batch_matmul(jnp.ones(3), jnp.ones(3))


@mistake(
    "dot_general requires lhs batch dimensions and rhs batch dimensions to have the same shape, got (2,) and (3,)",
)
def r7_lax_batch_matmul_batch_mismatch():
    return lax.batch_matmul(jnp.ones((2, 3, 4)), jnp.ones((3, 4, 5)))


@mistake("jax.lax.dot: dimension_numbers must be specified when not performing simple un-batched")
def r7_lax_dot_rank_three():
    return lax.dot(jnp.ones((2, 2, 2)), jnp.ones((2, 2)))


@mistake("Precision argument must be one of")
def r7_lax_dot_precision_list():
    return lax.dot(jnp.ones((2, 2)), jnp.ones((2, 2)), precision=["highest"])


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_lax_dot_general_preferred_int_for_float():
    dn = (((1,), (0,)), ((), ()))
    return lax.dot_general(jnp.ones((2, 2)), jnp.ones((2, 2)), dn, preferred_element_type=jnp.int32)


@mistake(
    "dot_general requires lhs dimension numbers to be nonnegative and less than the number of axes of the lhs",
)
def r7_lax_dot_general_contracting_out_of_range():
    return lax.dot_general(jnp.ones((2, 2)), jnp.ones((2, 2)), (((2,), (0,)), ((), ())))


@mistake(
    "tan does not accept dtype int32. Accepted dtypes are subtypes of floating, complexfloating",
)
def r7_lax_tan_int():
    return lax.tan(jnp.ones(2, jnp.int32))


@mistake("lax.add requires arguments to have the same dtypes, got float32, int32.")
def r7_lax_add_dtypes():
    return lax.add(jnp.ones(2, jnp.float32), jnp.ones(2, jnp.int32))


@mistake("sub got incompatible shapes for broadcasting: (2,), (3,)")
def r7_lax_sub_shapes():
    return lax.sub(jnp.ones(2), jnp.ones(3))


@mistake(
    "pow does not accept dtype int32 at position 0. Accepted dtypes at position 0 are subtypes of floating",
)
def r7_lax_pow_int_int():
    return lax.pow(jnp.ones(2, jnp.int32), jnp.ones(2, jnp.float32))


@mistake("axis 1 is out of bounds for array of shape (3,)")
def r7_lax_cumsum_reverse_string():
    return lax.cumsum(jnp.ones(3), axis=1)


@mistake("XLA operations do not allow negative axes")
def r7_lax_cummax_axis_negative_out_of_range():
    return lax.cummax(jnp.ones(3), axis=-2)


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0) for operand shape (2",
)
def r7_lax_transpose_permutation_repeated():
    return lax.transpose(jnp.ones((2, 3)), (0, 0))


@mistake("reshape new_sizes must all be positive, got (-1, 3)")
def r7_lax_reshape_negative_dim():
    return lax.reshape(jnp.ones(6), (-1, 3))


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (-1, 2)")
def r7_lax_broadcast_negative_sizes():
    return lax.broadcast(jnp.ones(2), (-1,))


@mistake("iota shape must have every element be nonnegative, got (-1,)")
def r7_lax_iota_negative():
    return lax.iota(jnp.int32, -1)


@mistake(
    "lax.bitcast_convert_type does not support bool or complex values unless the operand and destination types match",
)
def r7_lax_bitcast_convert_to_bool():
    return lax.bitcast_convert_type(jnp.ones(2, jnp.int8), jnp.bool_)


@mistake("select_n() must have at least one case")
def r7_lax_select_n_no_cases():
    return lax.select_n(jnp.bool_(True))


@mistake("select cases must have the same shapes, got [(2,), (3,)]")
def r7_lax_select_n_case_shapes():
    return lax.select_n(jnp.bool_(True), jnp.ones(2), jnp.ones(3))


@mistake("select `which` must be boolean or integer type, got float32")
def r7_lax_select_n_float_which():
    return lax.select_n(jnp.float32(0.0), jnp.ones(2), jnp.ones(2))


@mistake("slice slice_sizes must be greater than or equal to zero, got slice_sizes of (-1,)")
def r7_lax_dynamic_slice_negative_size():
    return lax.dynamic_slice(jnp.ones(4), (0,), (-1,))


@mistake("Length of slice indices must match number of operand dimensions (1 vs (4, 4))")
def r7_lax_dynamic_update_index_count():
    return lax.dynamic_update_slice(jnp.ones((4, 4)), jnp.ones((2, 2)), (0,))


@mistake(
    "Dimension size after padding is not at least 0, got result shape (-1,), for padding_config ((-2, -2, 0),) and",
)
def r7_lax_pad_negative_beyond_size():
    return lax.pad(jnp.ones(3), 0.0, ((-2, -2, 0),))


@mistake("indices must have an integer type")
def r7_lax_gather_start_indices_float():
    dn = lax.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(0,), start_index_map=(0,))
    return lax.gather(jnp.ones(4), jnp.array([[1.0]]), dn, (1,))


@mistake("lax.scatter requires arguments to have the same dtypes, got float32, int32")
def r7_lax_scatter_dtypes():
    dn = lax.ScatterDimensionNumbers(
        update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)
    )
    return lax.scatter(jnp.ones(4), jnp.array([[1]]), jnp.ones(1, jnp.int32), dn)


@mistake("axis -1 is out of bounds for array of dimension 0")
def r7_lax_top_k_of_scalar():
    return lax.top_k(jnp.float32(1.0), 1)


@mistake("unbound axis name: i")
def r7_lax_psum_outside_transform():
    return lax.psum(jnp.ones(2), "i")


@mistake("Found an unbound axis name: i. To fix this, please call axis_index under `jax.shard_map`")
def r7_lax_axis_index_outside_transform():
    return lax.axis_index("i")


@mistake("<class 'str'> is not a valid JAX type")
def r7_lax_stop_gradient_of_string():
    return lax.stop_gradient("a")


@mistake("repeated axis in lax.expand_dims: (0, 0)")
def r7_lax_expand_dims_repeated():
    return lax.expand_dims(jnp.ones(2), (0, 0))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r7_lax_squeeze_out_of_range():
    return lax.squeeze(jnp.ones((1, 2)), (2,))


@mistake("rev dimensions must be unique, got (0, 0)")
def r7_lax_rev_repeated():
    return lax.rev(jnp.ones((2, 2)), (0, 0))


@mistake("broadcast_in_dim broadcast_dimensions must have length equal to operand ndim")
def r7_lax_broadcast_in_dim_shape_shorter():
    return lax.broadcast_in_dim(jnp.ones((2, 3)), (3,), (0,))


# ---------------------------------------------------------------------------------------------
# Indexing (more forms)


@mistake("Too many indices: array is 0-dimensional, but 1 were indexed")
def r7_index_scalar_array():
    return jnp.float32(1.0)[0]


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_index_static_out_of_bounds():
    return jnp.ones(4)[5]


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_index_static_out_of_bounds_second_axis():
    return jnp.ones((2, 3))[0, 3]


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r7_index_three_on_matrix():
    return jnp.ones((2, 3))[0, 1, 2]


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r7_index_ellipsis_and_too_many():
    return jnp.ones((2, 3))[..., 0, 1, 2]


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r7_index_lists_shapes_differ():
    return jnp.ones((3, 3))[[0, 1], [0, 1, 2]]


@mistake(
    "only integers, slices (`:`), ellipsis (`...`), newaxis (`None`) and integer or boolean arrays are valid indices.",
)
def r7_index_object():
    return jnp.ones(3)[object()]


@mistake(
    "only integers, slices (`:`), ellipsis (`...`), newaxis (`None`) and integer or boolean arrays are valid indices.",
)
def r7_index_dict():
    return jnp.ones(3)[{"a": 1}]


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r7_index_float_in_tuple():
    return jnp.ones((2, 2))[0, 1.0]


@mistake("'float' object cannot be interpreted as an integer")
def r7_index_slice_float_stop():
    return jnp.ones(4)[:2.5]


@mistake("Array boolean indices must be concrete; got bool[3]")
def r7_index_bool_mask_in_jit():
    return jax.jit(lambda x: x[x > 0])(jnp.ones(3))


@mistake("Slice entries must be static integers. Got slice(None")
def r7_index_traced_slice_bound():
    return jax.jit(lambda x, n: x[:n])(jnp.ones(4), 2)


@mistake("Too many indices: array is 1-dimensional, but 2 were indexed")
def r7_index_bool_mask_too_many_dims():
    return jnp.ones(3)[jnp.ones((3, 2), bool)]


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r7_index_none_too_many():
    return jnp.ones((2, 3))[None, 0, 0, 0]


@mistake('Unknown gather mode "wrap_around"')
def r7_at_get_mode_unknown():
    return jnp.ones(3).at[0].get(mode="wrap_around")


@mistake("Cannot broadcast to shape with fewer dimensions: arr_shape=(3,) shape=()")
def r7_at_add_values_shape():
    return jnp.ones(4).at[0].add(jnp.ones(3))


@mistake("JAX does not support string indexing; got idx='a'")
def r7_at_mul_string_index():
    return jnp.ones(4).at["a"].mul(2.0)


@mistake("Cannot broadcast to shape with fewer dimensions: arr_shape=(2, 2) shape=(2,)")
def r7_at_set_values_too_many_dims():
    return jnp.ones(4).at[:2].set(jnp.ones((2, 2)))


@mistake("has no attribute 'set'")
def r7_at_without_index():
    return jnp.ones(4).at.set(1.0)


@mistake("Array boolean indices must be concrete; got bool[3]")
def r7_at_set_bool_mask_in_jit():
    return jax.jit(lambda x: x.at[x > 0].set(0.0, indices_are_sorted=True) + x[x > 0].sum())(
        jnp.ones(3)
    )


@mistake("'SlogdetResult' object has no attribute 'at'")
def r7_index_update_on_tuple_result():
    return jnp.linalg.slogdet(jnp.eye(2)).at[0].set(1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_index_numpy_int_ok():
    return float(jnp.arange(4.0)[np.int64(2)])


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_index_negative_static_ok():
    return float(jnp.arange(4.0)[-4])


# ---------------------------------------------------------------------------------------------
# jax.tree_util misuse (more forms)


@mistake("Too few leaves for PyTreeDef; expected 3, got 2")
def r7_tree_unflatten_too_few_leaves():
    return jax.tree_util.tree_unflatten(jax.tree_util.tree_structure((1, 2, 3)), [1, 2])


@mistake("Too many leaves for PyTreeDef; expected 2")
def r7_tree_unflatten_too_many_leaves():
    return jax.tree_util.tree_unflatten(jax.tree_util.tree_structure((1, 2)), [1, 2, 3])


@mistake("Duplicate custom PyTreeDef type registration for")
def r7_tree_register_twice():
    class Point:
        pass

    jax.tree_util.register_pytree_node(Point, lambda p: ((), None), lambda a, c: Point())
    return jax.tree_util.register_pytree_node(Point, lambda p: ((), None), lambda a, c: Point())


@mistake(
    "The to_iterable function for a custom PyTree node should return a (children, aux_data) tuple, got ()",
)
def r7_tree_flatten_func_returns_one():
    class Box:
        pass

    jax.tree_util.register_pytree_node(Box, lambda b: (), lambda a, c: Box())
    return jax.tree_util.tree_leaves(Box())


@mistake(
    "The to_iterable function for a custom PyTree node should return a (children, aux_data) tuple where 'children'",
)
def r7_tree_flatten_children_not_iterable():
    class Cell:
        pass

    jax.tree_util.register_pytree_node(Cell, lambda b: (5, None), lambda a, c: Cell())
    return jax.tree_util.tree_leaves(Cell())


@mistake("pytree structure error: different lengths of tuple at key path")
def r7_tree_map_three_trees_one_short():
    return jax.tree.map(lambda a, b, c: a, (1, 2), (1, 2), (1,))


@mistake("pytree structure error: different types at key path")
def r7_tree_map_dict_vs_list():
    return jax.tree.map(lambda a, b: a + b, {"a": 1}, [1])


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_tree_map_none_vs_leaf():
    return jax.tree.map(lambda a, b: a, (1, 2), (1, None))


@mistake("'tuple' object has no attribute 'unflatten'")
def r7_tree_unflatten_of_non_treedef():
    return jax.tree.unflatten((1, 2), [1, 2])


@mistake("as an abstract array", "The problematic value is of type")
def r7_tree_structure_of_instance_of_unregistered_with_arrays():
    return jax.jit(lambda t: t)(type("Thing", (), {})())


@mistake("the first argument must be callable")
def r7_tree_partial_of_non_callable():
    return jax.tree_util.Partial(3)(1)


@mistake("pytree structure error: different lengths of tuple at key path")
def r7_tree_map_with_path_tree_mismatch():
    return jax.tree_util.tree_map_with_path(lambda p, a, b: a, (1, 2), (1,))


@mistake("reduce() of empty iterable with no initial value")
def r7_tree_reduce_initializer_with_empty_ok_not():
    return jax.tree.reduce(lambda a, b: a + b, [])


@mistake("Mismatch")
def r7_tree_transpose_leaves_count():
    outer = jax.tree.structure((0, 0))
    inner = jax.tree.structure([0, 0, 0])
    return jax.tree.transpose(outer, inner, ([1, 2], [3, 4]))


@mistake("'str' object is not callable")
def r7_tree_flatten_with_path_is_leaf_not_callable():
    return jax.tree_util.tree_flatten_with_path((1, 2), is_leaf="x")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_tree_map_none_leaves_skipped_ok():
    return jax.tree.map(lambda a: a + 1, (1, None))[1] is None


# ---------------------------------------------------------------------------------------------
# checkify (more forms)


@mistake("nan generated by primitive: log")
def r7_checkify_nan_thrown_in_jit():
    err, _ = checkify.checkify(jax.jit(jnp.log), errors=checkify.nan_checks)(-1.0)
    return err.throw()


@mistake(
    "out-of-bounds indexing for array of shape (3,): index 5 is out of bounds for axis 0 with size 3",
)
def r7_checkify_oob_thrown_in_jit():
    err, _ = checkify.checkify(jax.jit(lambda x: x[5]), errors=checkify.index_checks)(jnp.ones(3))
    return err.throw()


@mistake("nonpositive -1.0 (`check` failed)")
def r7_checkify_user_check_thrown_in_vmap():
    f = checkify.checkify(jax.vmap(lambda x: checkify.check(x > 0, "nonpositive {x}", x=x)))
    err, _ = f(jnp.array([1.0, -1.0]))
    return err.throw()


@mistake(
    "Formatting arguments to checkify.check need to be PyTrees of arrays, but got 1.0 of type <class 'float'>",
)
def r7_checkify_check_value_thrown():
    err, _ = checkify.checkify(lambda x: checkify.check(x > 5, "x={}", x))(1.0)
    return err.throw()


@mistake("division by zero")
def r7_checkify_div_by_zero_int_thrown():
    err, _ = checkify.checkify(lambda x: x // 0, errors=checkify.div_checks)(jnp.int32(3))
    return err.throw()


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_checkify_debug_check_outside():
    return checkify.debug_check(jnp.bool_(False), "bad")


@mistake("too small (`check` failed)")
def r7_checkify_check_error_raise_on_err():
    err, _ = checkify.checkify(lambda x: checkify.check(x > 5, "too small"))(1.0)
    return checkify.check_error(err)


@mistake("check takes a scalar pred as argument, got")
def r7_checkify_check_pred_shape_vector():
    f = checkify.checkify(lambda x: checkify.check(x > 0, "neg"))
    err, _ = f(jnp.array([1.0, -1.0]))
    return err.throw()


# ---------------------------------------------------------------------------------------------
# export and symbolic shapes


@mistake("syntax error in symbolic shape 'a, 2*'")
def r7_symbolic_shape_dangling_operator():
    return jax.export.symbolic_shape("a, 2*")


@mistake("syntax error in symbolic shape 'a, b!'")
def r7_symbolic_shape_bad_token():
    return jax.export.symbolic_shape("a, b!")


@mistake("syntax error in symbolic shape 'a, 2.5' in dimension 1")
def r7_symbolic_shape_float_constant():
    return jax.export.symbolic_shape("a, 2.5")


@mistake(
    "syntax error in symbolic shape 'a, 3' in dimension 1: different size 3 for known dimension; like=(2, 4)",
)
def r7_symbolic_shape_like_constant_mismatch():
    return jax.export.symbolic_shape("a, 3", like=(2, 4))


@mistake("Constraint parsing error: must contain one of '==' or '>=' or '<='")
def r7_symbolic_shape_constraint_not_comparison():
    return jax.export.symbolic_shape("a", constraints=("a + 1",))


@mistake("Invalid mixing of symbolic scopes for linear combination.")
def r7_symbolic_shape_mixed_scopes():
    (a,) = jax.export.symbolic_shape("a")
    (b,) = jax.export.symbolic_shape("b")
    return a + b


@mistake("Symbolic dimension comparison 'a' >= '2' is inconclusive")
def r7_symbolic_dim_inconclusive_ge():
    (a,) = jax.export.symbolic_shape("a")
    return a >= 2


@mistake("Symbolic dimension comparison 'a' < 'b' is inconclusive")
def r7_symbolic_dim_inconclusive_lt():
    a, b = jax.export.symbolic_shape("a, b")
    return a < b


@mistake("Symbolic dimension 'a' used in a context that requires a constant")
def r7_symbolic_dim_int_conversion():
    (a,) = jax.export.symbolic_shape("a")
    return int(a)


@mistake("Cannot divide evenly the sizes of shapes (a,) and (2, -1)")
def r7_symbolic_export_reshape_not_divisible():
    (a,) = jax.export.symbolic_shape("a")
    arg = jax.ShapeDtypeStruct((a,), jnp.float32)
    return jax.export.export(jax.jit(lambda x: x.reshape(2, -1)))(arg)


@mistake("add got incompatible shapes for broadcasting: (a,), (b,)")
def r7_symbolic_export_add_incompatible():
    a, b = jax.export.symbolic_shape("a, b")
    args = (jax.ShapeDtypeStruct((a,), jnp.float32), jax.ShapeDtypeStruct((b,), jnp.float32))
    return jax.export.export(jax.jit(lambda x, y: x + y))(*args)


@mistake("Symbolic dimension comparison 'a' > '3' is inconclusive")
def r7_symbolic_export_python_if_on_dim():
    (a,) = jax.export.symbolic_shape("a")
    arg = jax.ShapeDtypeStruct((a,), jnp.float32)
    return jax.export.export(jax.jit(lambda x: x if x.shape[0] > 3 else -x))(arg)


@mistake("Rank mismatch for args[0]: expected (b, 2) and called with (3,)")
def r7_exported_call_rank_with_symbolic():
    (b,) = jax.export.symbolic_shape("b")
    exp = jax.export.export(jax.jit(jnp.sin))(jax.ShapeDtypeStruct((b, 2), jnp.float32))
    return exp.call(jnp.ones(3))


@mistake("Dtype mismatch for args[0]: expected float32 and called with int32")
def r7_exported_call_dtype_with_symbolic():
    (b,) = jax.export.symbolic_shape("b")
    exp = jax.export.export(jax.jit(jnp.sin))(jax.ShapeDtypeStruct((b,), jnp.float32))
    return exp.call(jnp.ones(3, jnp.int32))


@mistake(
    "Input shapes do not match the polymorphic shapes specification.",
    "Found inconsistency between dimension size args[0].shape[1] (= 3) and the specification 'b' (= 2)",
)
def r7_exported_call_inconsistent_symbol():
    (b,) = jax.export.symbolic_shape("b")
    exp = jax.export.export(jax.jit(jnp.sin))(jax.ShapeDtypeStruct((b, b), jnp.float32))
    return exp.call(jnp.ones((2, 3)))


@mistake(
    "Input shapes do not match the polymorphic shapes specification.",
    "Division had remainder 1 when computing the value of 'b'",
)
def r7_exported_call_division_remainder():
    (b,) = jax.export.symbolic_shape("b")
    exp = jax.export.export(jax.jit(jnp.sin))(jax.ShapeDtypeStruct((2 * b,), jnp.float32))
    return exp.call(jnp.ones(3))


@mistake(
    "Input shapes do not match the symbolic shape constraint b >= 4",
    "Expected 'b - 4' to be greater or equal to 0, but found -2",
)
def r7_exported_call_violates_constraint():
    (b,) = jax.export.symbolic_shape("b", constraints=("b >= 4",))
    exp = jax.export.export(jax.jit(jnp.sin))(jax.ShapeDtypeStruct((b,), jnp.float32))
    return exp.call(jnp.ones(2))


@mistake("Expected value >= 1 for dimension variable 'b'")
def r7_exported_call_dimension_zero_for_symbol():
    (b,) = jax.export.symbolic_shape("b")
    exp = jax.export.export(jax.jit(jnp.sin))(jax.ShapeDtypeStruct((b,), jnp.float32))
    return exp.call(jnp.ones(0))


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '<lambda>' was exported",
    "args is a tuple of length 1 in the invocation and a tuple of length 2 when exported",
)
def r7_exported_call_too_few():
    exp = jax.export.export(jax.jit(lambda x, y: x + y))(jnp.ones(3), jnp.ones(3))
    return exp.call(jnp.ones(3))


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function 'sin' was exported",
)
def r7_exported_call_kwargs_unexpected():
    exp = jax.export.export(jax.jit(jnp.sin))(jnp.ones(3))
    return exp.call(jnp.ones(3), y=1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_symbolic_dim_ge_one_ok():
    (a,) = jax.export.symbolic_shape("a")
    return a >= 1


# ---------------------------------------------------------------------------------------------
# refs (jax.new_ref)


@mistake(
    "Error interpreting argument to new_ref as a JAX value. The problematic value is of type <class 'str'> and was",
)
def r7_ref_of_string():
    return jax.new_ref("abc")


@mistake(
    "Error interpreting argument to new_ref as a JAX value. The problematic value is of type <class 'dict'> and",
)
def r7_ref_of_dict():
    return jax.new_ref({"a": jnp.ones(2)})


@mistake(
    "Error interpreting argument to new_ref as a JAX value. The problematic value is of type <class 'NoneType'>",
)
def r7_ref_of_none():
    return jax.new_ref(None)


@mistake("Invalid shape for `swap`. Ref shape: (2, 3). Expected shape: (3,). Value shape: (4,).")
def r7_ref_set_row_wrong_shape():
    r = jax.new_ref(jnp.zeros((2, 3)))
    r[0] = jnp.ones(4)


@mistake("<class 'str'> is not a valid JAX type")
def r7_ref_set_string():
    r = jax.new_ref(jnp.zeros(3))
    r[...] = "a"


@mistake("`indices` must not be longer than `shape`: indices=(0, 0), shape=(3,)")
def r7_ref_too_many_indices():
    r = jax.new_ref(jnp.zeros(3))
    return r[0, 0]


@mistake(
    "traced for cond returned a mutable array reference of type Ref{float32[3]}, but mutable array references cannot be returned",
)
def r7_ref_returned_from_cond():
    r = jax.new_ref(jnp.zeros(3))
    return lax.cond(True, lambda: r, lambda: r)


@mistake(
    "traced for while_body returned a mutable array reference of type Ref{float32[]}, but mutable array references cannot be returned",
)
def r7_ref_in_while_carry():
    r = jax.new_ref(jnp.zeros(()))
    return lax.while_loop(lambda c: False, lambda c: c, r)


@mistake(
    "traced for jit returned a mutable array reference of type Ref{float32[2]} at output tree path result[1]",
)
def r7_ref_new_ref_in_jit_returned_nested():
    return jax.jit(lambda x: (x, jax.new_ref(x)))(jnp.ones(2))


@mistake("Out of bound indexer: idx=5, dim=3")
def r7_ref_get_index_out_of_bounds_slice():
    r = jax.new_ref(jnp.zeros(3))
    return r[5]


@mistake("Invalid shape for `swap`. Ref shape: (2, 3). Expected shape: (2,). Value shape: (2, 1).")
def r7_ref_set_wrong_rank_slice():
    r = jax.new_ref(jnp.zeros((2, 3)))
    r[:, 0] = jnp.ones((2, 1))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_ref_of_python_float_ok():
    r = jax.new_ref(1.0)
    r[...] = 2.0
    return float(r[...])


# ---------------------------------------------------------------------------------------------
# sparse (BCOO, more forms)


def _bcoo(shape=(3, 4), **kw):
    return sparse.BCOO.fromdense(jnp.ones(shape), **kw)


@mistake("BCOO.__init__() missing 1 required keyword-only argument: 'shape'")
def r7_bcoo_constructor_no_shape():
    return sparse.BCOO((jnp.ones(2), jnp.zeros((2, 2), jnp.int32)))


@mistake("dot_general requires contracting dimensions to have the same shape, got (4,) and (3,)")
def r7_bcoo_matvec_mismatch():
    return _bcoo() @ jnp.ones(3)


@mistake("dot_general requires contracting dimensions to have the same shape, got (4,) and (3,)")
def r7_bcoo_vecmat_mismatch():
    return jnp.ones(4) @ _bcoo()


@mistake("mul got incompatible shapes for broadcasting: (3, 4), (4, 3)")
def r7_bcoo_multiply_shapes():
    return _bcoo() * _bcoo((4, 3))


@mistake(
    "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated",
)
def r7_bcoo_concatenate_shapes():
    return sparse.bcoo_concatenate([_bcoo(), _bcoo((3, 5))], dimension=0)


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0) for shape (3, 4)",
)
def r7_bcoo_transpose_permutation_repeated():
    return sparse.bcoo_transpose(_bcoo(), permutation=(0, 0))


@mistake("sum of n_batch=3 and n_dense=0 cannot be larger than mat.ndim=2")
def r7_bcoo_update_layout_n_batch_too_big():
    return sparse.bcoo_update_layout(_bcoo(), n_batch=3)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_bcoo_todense_of_ndarray():
    return sparse.todense(np.ones(3))


@mistake(
    "bcoo_slice: invalid indices. Got start_indices=[0, 0], limit_indices=[4, 4] and shape=(3, 4)",
)
def r7_bcoo_slice_limit_beyond():
    return sparse.bcoo_slice(_bcoo(), start_indices=(0, 0), limit_indices=(4, 4))


@mistake("dot_general requires contracting dimensions to have the same shape, got (4,) and (3,)")
def r7_bcoo_dot_general_batch_mismatch():
    dn = (((1,), (0,)), ((), ()))
    return sparse.bcoo_dot_general(_bcoo(), jnp.ones((3, 2)), dimension_numbers=dn)


@mistake("bcsr_fromdense: must have 2 sparse dimensions")
def r7_bcsr_fromdense_3d():
    return sparse.BCSR.fromdense(jnp.ones((2, 2, 2)), n_batch=2)


@mistake("data type 'flt' not understood")
def r7_bcoo_astype_string():
    return _bcoo().astype("flt")


# ---------------------------------------------------------------------------------------------
# Newer APIs: shard_alike, custom_partitioning, checkpoint policies, smap, debug


@mistake(
    "The leaves shapes of `x` and `y` should match. Got `x` leaf shape: (4,) and `y` leaf shape: (3,)",
)
def r7_shard_alike_shapes_differ():
    shard_alike = _sub("experimental.shard_alike").shard_alike
    return jax.jit(shard_alike)(jnp.ones(4), jnp.ones(3))


@mistake("Trees should be equal. Got x_tree: PyTreeDef((*,)), y_tree: PyTreeDef(*)")
def r7_shard_alike_trees_differ():
    shard_alike = _sub("experimental.shard_alike").shard_alike
    return jax.jit(shard_alike)((jnp.ones(4),), jnp.ones(4))


@mistake("Value returned by a remat policy should be a bool or `ad_checkpoint.Recompute`")
def r7_checkpoint_policy_returns_string():
    f = jax.checkpoint(jnp.sin, policy=lambda *a, **k: "save")
    return jax.grad(f)(1.0)


@mistake(
    "the `static_argnums` argument to `jax.checkpoint` / `jax.remat` can only take integer values greater than or equal to `-len(args)` and less than `len(args)`",
)
def r7_checkpoint_static_argnums_out_of_range():
    f = jax.checkpoint(lambda x: jnp.sin(x), static_argnums=(2,))
    return f(1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_checkpoint_name_non_string():
    return _sub("ad_checkpoint").checkpoint_name(jnp.ones(2), 5)


@mistake("has no attribute 'save_everything_please'")
def r7_checkpoint_policies_unknown():
    return jax.checkpoint_policies.save_everything_please


@mistake("The names should be exclusive and should not intersect")
def r7_checkpoint_save_only_these_names_offload_bad():
    policy = jax.checkpoint_policies.save_and_offload_only_these_names(
        names_which_can_be_saved=["a"],
        names_which_can_be_offloaded=["a"],
        offload_src="device",
        offload_dst="pinned_host",
    )
    return jax.grad(jax.checkpoint(jnp.sin, policy=policy))(1.0)


@mistake("smap() missing 1 required keyword-only argument: 'out_axes'")
def r7_smap_out_axes_missing():
    return jax.smap(lambda x: x, in_axes=0, axis_name="x")(jnp.ones(4))


@mistake("The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh context")
def r7_smap_no_mesh():
    return jax.smap(lambda x: x, in_axes=0, out_axes=0, axis_name="x")(jnp.ones(4))


@mistake("shard_map requires axis_names=frozenset({'z'}) to be a subset of mesh.axis_names")
def r7_smap_axis_name_unknown():
    with jax.set_mesh(emesh):
        return jax.smap(lambda x: x, in_axes=0, out_axes=0, axis_name="z")(jnp.ones(4))


@mistake("an in_specs entry which is too long to be compatible with the corresponding")
def r7_smap_in_axes_beyond_rank():
    with jax.set_mesh(emesh):
        return jax.smap(lambda x: x, in_axes=1, out_axes=0, axis_name="x")(jnp.ones(4))


@mistake("'x'")
def r7_debug_print_missing_key():
    return jax.debug.print("{x}", 1.0)


@mistake("tuple index out of range")
def r7_debug_print_missing_positional():
    return jax.debug.print("{} {}", 1.0)


@mistake("expected str, got int")
def r7_debug_print_fmt_not_string():
    return jax.debug.print(5)


@mistake(
    "first argument to jax.debug.callback must be callable, but got an object of type <class 'int'>",
)
def r7_debug_callback_not_callable():
    return jax.debug.callback(5, 1.0)


@mistake(
    "vmap_method must be on of the allowed methods ['sequential', 'sequential_unrolled', 'expand_dims'",
)
def r7_pure_callback_vmap_method_bad():
    spec = jax.ShapeDtypeStruct((), jnp.float32)
    cb = jax.pure_callback
    return jax.vmap(lambda x: cb(lambda a: a, spec, x, vmap_method="loop"))(jnp.ones(3))


@mistake(
    "vmap is only supported for the pure_callback primitive when vmap_method is one of 'sequential'",
)
def r7_pure_callback_vmap_without_method():
    spec = jax.ShapeDtypeStruct((), jnp.float32)
    return jax.vmap(lambda x: jax.pure_callback(lambda a: a, spec, x))(jnp.ones(3))


@mistake("Expected a callable value, got 3")
def r7_eval_shape_of_non_callable():
    return jax.eval_shape(3, 1.0)


@mistake("ShapeDtypeStruct: dtype must be specified")
def r7_shape_dtype_struct_no_dtype():
    return jax.ShapeDtypeStruct((2,), None)


@mistake("the first argument must be callable")
def r7_make_jaxpr_of_non_callable():
    return jax.make_jaxpr(3)(1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r7_linearize_of_int():
    return jax.linearize(lambda x: x * 2, 1)


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but got int32",
)
def r7_jacfwd_of_int():
    return jax.jacfwd(lambda x: x * 2)(1)


@mistake(
    "must have value greater than or equal to -len(args) and less than len(args), but got value 1 for len(args) == 1",
)
def r7_jacrev_argnums_out_of_range():
    return jax.jacrev(lambda x: x * 2, argnums=1)(1.0)


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but got int32",
)
def r7_hessian_of_int():
    return jax.hessian(lambda x: x**2)(2)


@mistake("expected function with aux output to return a two-element tuple")
def r7_value_and_grad_has_aux_not_pair():
    return jax.value_and_grad(lambda x: x**2, has_aux=True)(2.0)


@mistake(
    "unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float32[4], but expected float32[3]",
)
def r7_vjp_cotangent_shape():
    _, f_vjp = jax.vjp(jnp.sin, jnp.ones(3))
    return f_vjp(jnp.ones(4))


@mistake("primal and tangent arguments to jax.jvp do not match; dtypes must be equal")
def r7_jvp_tangent_dtype():
    return jax.jvp(jnp.sin, (jnp.ones(3),), (jnp.ones(3, jnp.int32),))


@mistake("primal and tangent arguments to jax.jvp must be tuples or lists; found ArrayImpl")
def r7_jvp_primals_not_tuple():
    return jax.jvp(jnp.sin, jnp.ones(3), jnp.ones(3))


@mistake("grad with holomorphic=True requires inputs with complex dtype, but got float32")
def r7_grad_holomorphic_real_input():
    return jax.grad(lambda x: x**2, holomorphic=True)(1.0)


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got complex64",
)
def r7_grad_complex_output():
    return jax.grad(lambda x: x * 1j)(1.0)
