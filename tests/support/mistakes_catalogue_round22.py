# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 22 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules):
320 mistakes the earlier rounds cover least: explicit sharding (duplicate mesh axes in a
PartitionSpec, reshard and out_sharding to bad specs, operations mixing incompatible shardings,
typeof(...).sharding misused, make_mesh / set_mesh / device_put arguments), shard_map (in_specs
and out_specs of the wrong structure, unknown or unmapped axes, check_vma, collectives'
arguments), collectives outside shard_map or under another axis name, random keys (raw and typed
keys mixed, key shapes, split counts, samplers' dtypes and shapes), vmap (in_axes / out_axes,
sizes), grad (outputs, integer inputs, has_aux, argnums), jit (static / donated arguments,
tracers converted to Python values, leaked tracers), lax control flow carries and branches, lax
ops' shapes / dtypes / dimension numbers (dot_general, conv, dynamic_slice, gather / scatter),
jnp shapes (reshape, concatenate, broadcast_to, einsum), export's symbolic shapes,
custom_jvp / custom_vjp rules returning wrong structures, checkpoint policies and debug.print
formats. One case per mistake, its body the program; JAX's phrase the first line of its message
(up to 90 characters, cut before addresses, paths and set orders). A bare `@mistake()` marks a
program JAX 0.10.2 accepts (meshjit must too). The file runs after the earlier rounds but uses
only the runner's names and its own."""


def _e22(shape, spec):
    return jax.device_put(jnp.ones(shape), NamedSharding(emesh, spec))


# ---------------------------------------------------------------------------------------------
# Explicit sharding


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r22_partition_spec_duplicate_axis():
    return NamedSharding(emesh, P("x", "x"))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r22_partition_spec_duplicate_in_tuple():
    return NamedSharding(emesh, P(("x", "y"), "y"))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r22_device_put_duplicate_axis():
    return jax.device_put(jnp.ones((2, 4)), NamedSharding(emesh, P("x", "x")))


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r22_reshard_duplicate_axis():
    return jax.sharding.reshard(_e22((4, 4), P()), P("y", "y"))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r22_reshard_unknown_axis():
    with jax.set_mesh(emesh):
        return jax.sharding.reshard(jnp.ones(4), P("z"))


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly"
)
def r22_reshard_not_divisible_y():
    with jax.set_mesh(emesh):
        return jax.sharding.reshard(jnp.ones(6), P("y"))


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r22_reshard_spec_without_mesh():
    return jax.sharding.reshard(jnp.ones(4), P("x"))


@mistake(
    "`out_sharding` argument of reshard only supports instances of `NamedSharding` or `Partitio"
)
def r22_reshard_int_spec():
    with jax.set_mesh(emesh):
        return jax.sharding.reshard(jnp.ones(4), 0)


@mistake(
    "add operation with inputs: f32[4@x,4], f32[4,4@x] produces an illegally sharded result: f3"
)
def r22_add_conflicting_shardings():
    with jax.set_mesh(emesh):
        return _e22((4, 4), P("x", None)) + _e22((4, 4), P(None, "x"))


@mistake("mul got incompatible shardings for broadcasting: ('x',), ('y',).")
def r22_mul_conflicting_shardings():
    with jax.set_mesh(emesh):
        return _e22((8,), P("x")) * _e22((8,), P("y"))


@mistake(
    "dot_general operation with inputs: f32[4@x,8], f32[8,4@x] produces an illegally sharded re"
)
def r22_matmul_same_axis_both_dims():
    with jax.set_mesh(emesh):
        return _e22((4, 8), P("x", None)) @ _e22((8, 4), P(None, "x"))


@mistake(
    "dot_general requires contracting dimensions to have consistent sharding, got ('x',) and ('"
)
def r22_matmul_contracting_mismatch():
    with jax.set_mesh(emesh):
        return _e22((4, 8), P(None, "x")) @ _e22((8, 4), P("y", None))


@mistake(
    "All operands should have the same sharding. Got shardings NamedSharding(mesh=AbstractMesh("
)
def r22_concatenate_conflicting():
    with jax.set_mesh(emesh):
        return jnp.concatenate([_e22((4, 4), P("x")), _e22((4, 4), P("y"))])


@mistake(
    "select cases must have the same shardings, got [NamedSharding(mesh=AbstractMesh('x': 2, 'y"
)
def r22_where_conflicting():
    with jax.set_mesh(emesh):
        return jnp.where(True, _e22((8,), P("x")), _e22((8,), P("y")))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r22_zeros_out_sharding_unknown_axis():
    with jax.set_mesh(emesh):
        return jnp.zeros((4,), out_sharding=P("z"))


@mistake(
    "Sharding spec ('x',) implies that array axis 0 is partitioned 2 times, but does not evenly"
)
def r22_zeros_out_sharding_not_divisible():
    with jax.set_mesh(emesh):
        return jnp.zeros((3,), out_sharding=P("x"))


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r22_arange_out_sharding_without_mesh():
    return jnp.zeros((4,), out_sharding=P("x"))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r22_einsum_out_sharding_unknown():
    with jax.set_mesh(emesh):
        return jnp.einsum("ij,jk->ik", jnp.ones((4, 4)), jnp.ones((4, 4)), out_sharding=P("z"))


@mistake(
    "Sharding spec ('x',) implies that array axis 0 is partitioned 2 times, but does not evenly"
)
def r22_dot_out_sharding_not_divisible():
    with jax.set_mesh(emesh):
        return jnp.dot(jnp.ones((3, 4)), jnp.ones((4, 4)), out_sharding=P("x"))


@mistake()
def r22_reshape_out_sharding_too_long():
    with jax.set_mesh(emesh):
        return jnp.reshape(jnp.ones(8), (2, 4), out_sharding=P("x", "y", None))


@mistake("tuple index out of range")
def r22_typeof_sharding_spec_index():
    with jax.set_mesh(emesh):
        return jax.typeof(_e22((4,), P("x"))).sharding.spec[3]


@mistake(
    "`out_sharding` argument of reshard only supports instances of `NamedSharding` or `Partitio"
)
def r22_typeof_sharding_as_spec():
    with jax.set_mesh(emesh):
        x = _e22((4,), P("x"))
        return jax.sharding.reshard(x, jax.typeof(x).sharding.mesh)


@mistake("Argument '[1, 2]' of type '<class 'list'>' is not a valid JAX type")
def r22_typeof_of_list():
    return jax.typeof([1, 2]).sharding


@mistake("Argument 'a' of type <class 'str'> is not a valid JAX type")
def r22_typeof_of_string():
    return jax.typeof("a")


@mistake("'P' object has no attribute 'axes'")
def r22_typeof_sharding_spec_attr():
    return jax.typeof(jnp.ones(4)).sharding.spec.axes


@mistake("'tuple' object has no attribute 'partitions'")
def r22_named_sharding_of_spec_tuple():
    return NamedSharding(emesh, ("x",))


@mistake("'P' object has no attribute 'size'")
def r22_named_sharding_without_mesh():
    return NamedSharding(P("x"), emesh)


@mistake("'str' object has no attribute 'partitions'")
def r22_named_sharding_spec_string():
    return jax.device_put(jnp.ones(4), NamedSharding(emesh, "x"))


@mistake()
def r22_partition_spec_int_entry():
    return jax.device_put(jnp.ones(4), NamedSharding(emesh, P(0)))


@mistake(
    "Sharding spec ('y',) implies that array axis 1 is partitioned 4 times, but does not evenly"
)
def r22_device_put_not_divisible_y():
    return jax.device_put(jnp.ones((2, 6)), NamedSharding(emesh, P(None, "y")))


@mistake()
def r22_auto_axes_on_auto_mesh():
    with jax.set_mesh(mesh24):
        return jax.sharding.auto_axes(lambda a: a * 2, out_sharding=P("x"))(jnp.ones(4))


@mistake()
def r22_explicit_axes_on_explicit_mesh():
    with jax.set_mesh(emesh):
        return jax.sharding.explicit_axes(lambda a: a * 2, in_sharding=P("x"))(jnp.ones(4))


@mistake("Missing required keyword argument: 'out_sharding'")
def r22_auto_axes_missing_out_sharding():
    with jax.set_mesh(emesh):
        return jax.sharding.auto_axes(lambda a: a * 2)(jnp.ones(4))


@mistake(
    "`with_sharding_constraint` acts as an assert when all axes of mesh are of type `Explicit`."
)
def r22_with_sharding_constraint_explicit_mismatch():
    with jax.set_mesh(emesh):
        return jax.lax.with_sharding_constraint(_e22((8,), P("x")), P("y"))


@mistake("'x'")
def r22_get_abstract_mesh_axis_size():
    return jax.sharding.get_abstract_mesh().shape["x"]


@mistake("Expected mesh of type `jax.sharding.Mesh`. Got")
def r22_set_mesh_of_spec():
    with jax.set_mesh(P("x")):
        return jnp.ones(4)


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r22_set_mesh_of_none_devices():
    with jax.set_mesh(None):
        return jnp.zeros((4,), out_sharding=P("x"))


@mistake(
    "Number of axis names should match the number of axis_types. Got axis_names=('x', 'y') and"
)
def r22_make_mesh_axis_types_length():
    return jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit,))


@mistake(
    "axis_types passed to Mesh must be of type `jax.sharding.AxisType`. Got ('explicit', 'expli"
)
def r22_make_mesh_axis_types_strings():
    return jax.make_mesh((2, 4), ("x", "y"), axis_types=("explicit", "explicit"))


@mistake()
def r22_make_mesh_duplicate_names():
    return jax.make_mesh((2, 4), ("x", "x"))


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r22_make_mesh_names_length():
    return jax.make_mesh((2, 4), ("x",))


@mistake("Number of devices 8 must be >= the product of mesh_shape (4, 4)")
def r22_make_mesh_too_many_devices():
    return jax.make_mesh((4, 4), ("x", "y"))


@mistake("device_put device specification must be a tree prefix of the corresponding value;")
def r22_device_put_sharding_list():
    return jax.device_put(jnp.ones(4), [NamedSharding(emesh, P("x"))])


@mistake("device_put device specification must be a tree prefix of the corresponding value;")
def r22_device_put_tuple_of_shardings_mismatch():
    return jax.device_put((jnp.ones(4), jnp.ones(4)), (NamedSharding(emesh, P("x")),))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r22_jit_out_shardings_unknown_axis():
    return jax.jit(lambda a: a, out_shardings=NamedSharding(emesh, P("z")))(jnp.ones(4))


@mistake(
    "pjit in_shardings specification must be a tree prefix of the positional arguments tuple. I"
)
def r22_jit_in_shardings_tuple_length():
    s = NamedSharding(emesh, P("x"))
    return jax.jit(lambda a, b: a + b, in_shardings=(s,))(jnp.ones(4), jnp.ones(4))


@mistake(
    "jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to in_shardin"
)
def r22_jit_in_shardings_spec_without_mesh():
    return jax.jit(lambda a: a, in_shardings=P("x"))(jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# shard_map


@mistake("pytree structure error: different types at key path")
def r22_shard_map_in_specs_not_tuple_for_two():
    f = jax.shard_map(lambda a, b: a + b, mesh=mesh2, in_specs=[P("x"), P("x")], out_specs=P("x"))
    return f(jnp.ones(4), jnp.ones(4))


@mistake("pytree structure error: different lengths of tuple at key path")
def r22_shard_map_in_specs_too_few():
    f = jax.shard_map(lambda a, b: a + b, mesh=mesh2, in_specs=(P("x"),), out_specs=P("x"))
    return f(jnp.ones(4), jnp.ones(4))


@mistake("pytree structure error: different pytree metadata at key path")
def r22_shard_map_in_specs_dict_mismatch():
    f = jax.shard_map(lambda d: d["a"], mesh=mesh2, in_specs=({"b": P("x")},), out_specs=P("x"))
    return f({"a": jnp.ones(4)})


@mistake("pytree structure error: different types at key path")
def r22_shard_map_out_specs_tuple_for_single():
    f = jax.shard_map(lambda a: a, mesh=mesh2, in_specs=P("x"), out_specs=(P("x"), P("x")))
    return f(jnp.ones(4))


@mistake(
    "shard_map applied to the function '_rem_singleton' was given out_specs which require repli"
)
def r22_shard_map_out_specs_unmapped_2d():
    f = jax.shard_map(lambda a: a, mesh=mesh24, in_specs=P("x", "y"), out_specs=P("x"))
    return f(jnp.ones((2, 4)))


@mistake("shard_map out_specs argument must refer to an axis marked as manual (")
def r22_shard_map_out_specs_unknown_axis():
    f = jax.shard_map(lambda a: a, mesh=mesh24, in_specs=P("x"), out_specs=P("w"))
    return f(jnp.ones(4))


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes tha"
)
def r22_shard_map_in_spec_not_divisible():
    f = jax.shard_map(lambda a: a, mesh=mesh24, in_specs=P("y"), out_specs=P("y"))
    return f(jnp.ones(6))


@mistake(
    "shard_map applied to the function '<lambda>' was given an in_specs entry which is too long"
)
def r22_shard_map_in_spec_too_long():
    f = jax.shard_map(lambda a: a, mesh=mesh24, in_specs=P("x", "y"), out_specs=P("x", "y"))
    return f(jnp.ones(4))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r22_shard_map_in_spec_duplicate():
    f = jax.shard_map(lambda a: a, mesh=mesh24, in_specs=P("x", "x"), out_specs=P("x"))
    return f(jnp.ones((4, 4)))


@mistake(
    "shard_map in_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances, bu"
)
def r22_shard_map_in_spec_named_sharding():
    f = jax.shard_map(
        lambda a: a, mesh=mesh2, in_specs=NamedSharding(mesh2, P("x")), out_specs=P("x")
    )
    return f(jnp.ones(4))


@mistake(
    "shard_map applied to the function '_rem_singleton' was given out_specs which require repli"
)
def r22_shard_map_out_unmapped_varying():
    f = jax.shard_map(lambda a: a * 2, mesh=mesh2, in_specs=P("x"), out_specs=P(None))
    return f(jnp.ones(4))


@mistake(
    "shard_map applied to the function '_rem_singleton' was given out_specs which require repli"
)
def r22_shard_map_out_replicated_2d_mesh():
    f = jax.shard_map(
        lambda a: jax.lax.psum(a, "x"), mesh=mesh24, in_specs=P("x", "y"), out_specs=P()
    )
    return f(jnp.ones((2, 4)))


@mistake()
def r22_shard_map_body_wrong_output_count():
    f = jax.shard_map(lambda a: (a, a), mesh=mesh2, in_specs=P("x"), out_specs=P("x"))
    return f(jnp.ones(4))


@mistake("jax.shard_map requires axis_names=")
def r22_shard_map_axis_names_unknown():
    f = jax.shard_map(lambda a: a, mesh=mesh24, in_specs=P("x"), out_specs=P("x"), axis_names={"z"})
    return f(jnp.ones(4))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r22_shard_map_all_gather_bad_axis():
    f = jax.shard_map(
        lambda a: jax.lax.all_gather(a, "x", axis=3), mesh=mesh2, in_specs=P("x"), out_specs=P()
    )
    return f(jnp.ones(4))


@mistake("tiled reduce_scatter operand scatter dimension size 1 must be divisible by shard_count 2")
def r22_shard_map_psum_scatter_not_divisible():
    f = jax.shard_map(
        lambda a: jax.lax.psum_scatter(a, "x", tiled=True),
        mesh=mesh24,
        in_specs=P("y"),
        out_specs=P("y"),
    )
    return f(jnp.ones(4))


@mistake("tuple index out of range")
def r22_shard_map_all_to_all_bad_axis():
    f = jax.shard_map(
        lambda a: jax.lax.all_to_all(a, "x", 2, 0), mesh=mesh2, in_specs=P("x"), out_specs=P("x")
    )
    return f(jnp.ones(4))


@mistake("list index out of range")
def r22_shard_map_ppermute_out_of_range():
    f = jax.shard_map(
        lambda a: jax.lax.ppermute(a, "x", [(0, 5)]), mesh=mesh2, in_specs=P("x"), out_specs=P("x")
    )
    return f(jnp.ones(4))


@mistake(
    "Found an unbound axis name: q. To fix this, please call axis_index under `jax.shard_map`."
)
def r22_shard_map_axis_index_unknown():
    f = jax.shard_map(
        lambda a: a + jax.lax.axis_index("q"), mesh=mesh2, in_specs=P("x"), out_specs=P("x")
    )
    return f(jnp.ones(4))


@mistake("shard_map requires a callable for its first argument, but got 3 of type <class 'int'>.")
def r22_shard_map_not_callable():
    return jax.shard_map(3, mesh=mesh2, in_specs=P("x"), out_specs=P("x"))


@mistake("pytree structure error: different types at key path")
def r22_shard_map_in_specs_list_single():
    f = jax.shard_map(lambda a: a, mesh=mesh2, in_specs=[P("x")], out_specs=P("x"))
    return f(jnp.ones(4))


@mistake(
    "shard_map applied to the function '<lambda>' was given an in_specs entry which is too long"
)
def r22_shard_map_scalar_input_sharded():
    f = jax.shard_map(lambda a: a, mesh=mesh2, in_specs=P("x"), out_specs=P("x"))
    return f(jnp.float32(1.0))


# ---------------------------------------------------------------------------------------------
# collectives outside shard_map


@mistake("unbound axis name: x")
def r22_psum_outside():
    return jax.lax.psum(jnp.ones(4), "x")


@mistake("unbound axis name: x")
def r22_pmean_outside():
    return jax.lax.pmean(jnp.ones(4), "x")


@mistake("unbound axis name: x")
def r22_all_gather_outside():
    return jax.lax.all_gather(jnp.ones(4), "x")


@mistake(
    "Found an unbound axis name: x. To fix this, please call axis_index under `jax.shard_map`."
)
def r22_axis_index_outside():
    return jax.lax.axis_index("x")


@mistake("Evaluation rule for 'ppermute' not implemented")
def r22_ppermute_outside():
    return jax.lax.ppermute(jnp.ones(4), "x", [(0, 1)])


@mistake("Found an unbound axis name: j. To fix this, please call psum under `jax.shard_map`.")
def r22_psum_in_vmap_wrong_name():
    return jax.vmap(lambda a: jax.lax.psum(a, "j"), axis_name="i")(jnp.ones(4))


@mistake(
    "Found an unbound axis name: j. To fix this, please call axis_index under `jax.shard_map`."
)
def r22_axis_index_in_vmap_wrong_name():
    return jax.vmap(lambda a: a + jax.lax.axis_index("j"), axis_name="i")(jnp.ones(4))


@mistake("Found an unbound axis name: x. To fix this, please call psum under `jax.shard_map`.")
def r22_pmax_outside():
    return jax.lax.pmax(jnp.ones(4), "x")


@mistake("unbound axis name: x")
def r22_psum_scatter_outside():
    return jax.lax.psum_scatter(jnp.ones(4), "x")


# ---------------------------------------------------------------------------------------------
# random keys


@mistake()
def r22_mix_raw_and_typed_keys_add():
    return random.key_data(random.key(0)) + random.PRNGKey(0)[None]


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r22_split_typed_then_index_raw():
    return random.normal(random.split(random.PRNGKey(0))[0][0], (2,))


@mistake()
def r22_key_data_of_key_data():
    return random.key_data(random.key_data(random.key(0)))


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r22_wrap_key_data_typed():
    return random.wrap_key_data(random.key(0))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r22_wrap_key_data_bad_shape():
    return random.wrap_key_data(jnp.zeros(3, jnp.uint32))


@mistake()
def r22_split_num_zero():
    return random.split(random.key(0), 0)


@mistake("Only integer scalar arrays can be converted to a scalar index.")
def r22_split_num_array():
    return random.split(random.key(0), jnp.array([2, 2]))


@mistake("'float' object cannot be interpreted as an integer")
def r22_split_shape_tuple_float():
    return random.split(random.key(0), (2, 1.5))


@mistake()
def r22_normal_shape_int():
    return random.normal(random.key(0), 3)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got [2.5].")
def r22_uniform_shape_list_float():
    return random.uniform(random.key(0), [2.5])


@mistake("'NoneType' object is not iterable")
def r22_randint_shape_none():
    return random.randint(random.key(0), None, 0, 3)


@mistake(
    "normal accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap f"
)
def r22_normal_batch_of_keys_shape():
    return random.normal(random.split(random.key(0), 3), (2,))


@mistake("max: arrays must have the same number of dimensions, got {1, 2}")
def r22_uniform_minval_shape_broadcast():
    return random.uniform(random.key(0), (3,), minval=jnp.zeros((2, 3)))


@mistake("bernoulli probability `p` must have a floating dtype, got int32.")
def r22_bernoulli_int_p():
    return random.bernoulli(random.key(0), p=jnp.array([1, 0]))


@mistake()
def r22_randint_minval_float_array():
    return random.randint(random.key(0), (2,), jnp.array(0.5), 3)


@mistake("dtype argument to `exponential` must be a float dtype, got int32")
def r22_exponential_int_dtype():
    return random.exponential(random.key(0), (2,), dtype=jnp.int32)


@mistake("dtype argument to `gumbel` must be a float dtype, got int32")
def r22_gumbel_int_dtype():
    return random.gumbel(random.key(0), (2,), dtype=jnp.int32)


@mistake("dtype argument to `laplace` must be a float dtype, got int32")
def r22_laplace_int_dtype():
    return random.laplace(random.key(0), (2,), dtype=jnp.int32)


@mistake("dtype argument to `beta` must be a float dtype, got int32")
def r22_beta_int_dtype():
    return random.beta(random.key(0), 1.0, 1.0, (2,), dtype=jnp.int32)


@mistake("Invalid integer data type 'f'.")
def r22_poisson_float_dtype():
    return random.poisson(random.key(0), 1.0, (2,), dtype=jnp.float32)


@mistake("index 2 is out of bounds for axis 0 with size 2")
def r22_categorical_axis_out_of_range():
    return random.categorical(random.key(0), jnp.ones((2, 3)), axis=2)


@mistake("x must be an integer or at least 1-dimensional")
def r22_permutation_independent_scalar():
    return random.permutation(random.key(0), jnp.ones(()), independent=True)


@mistake("key accepts a scalar seed, but was given a PRNG key.")
def r22_key_of_typed_key():
    return random.key(random.key(0))


@mistake("Cannot convert_element_type from key<fry> to uint32")
def r22_fold_in_typed_data():
    return random.fold_in(random.key(0), random.key(1))


@mistake('unrecognized PRNG implementation "nope".')
def r22_key_impl_unknown():
    return random.key(0, impl="nope")


@mistake("shape argument of jax.random.choice must be a sequence, got 3")
def r22_choice_shape_int():
    return random.choice(random.key(0), 5, 3)


@mistake()
def r22_clone_of_raw_key():
    return random.clone(jnp.zeros(3, jnp.uint32))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r22_raw_key_float_dtype_normal():
    return random.normal(jnp.zeros(2, jnp.float32), (2,))


@mistake("dtype argument to `gamma` must be a float dtype, got int32")
def r22_ball_int_dtype():
    return random.ball(random.key(0), 2, dtype=jnp.int32)


@mistake("'float' object cannot be interpreted as an integer")
def r22_orthogonal_shape_float():
    return random.orthogonal(random.key(0), 2.5)


@mistake("cannot reshape array of shape (4,) (size 4) into shape 3 (size 3)")
def r22_typed_key_reshape_bad():
    return random.split(random.key(0), 4).reshape(3)


# ---------------------------------------------------------------------------------------------
# vmap


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r22_vmap_in_axes_dict_mismatch():
    return jax.vmap(lambda d: d["a"], in_axes=({"b": 0},))({"a": jnp.ones(2)})


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should b"
)
def r22_vmap_in_axes_negative_out_of_range():
    return jax.vmap(lambda a: a, in_axes=-3)(jnp.ones((2, 3)))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r22_vmap_in_axes_scalar_arg():
    return jax.vmap(lambda a, b: a + b, in_axes=(0, 0))(jnp.ones(3), 2.0)


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r22_vmap_sizes_three_args():
    return jax.vmap(lambda a, b, c: a + b + c)(jnp.ones(2), jnp.ones(3), jnp.ones(2))


@mistake("at vmap out_axes, got axis spec None but output was batched on axis 0")
def r22_vmap_out_axes_none_batched():
    return jax.vmap(lambda a: a * 2, out_axes=None)(jnp.ones(3))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r22_vmap_out_axes_tuple_length():
    return jax.vmap(lambda a: (a, a), out_axes=(0,))(jnp.ones(3))


@mistake(
    "vmap out_axes must be an int, None, or (nested) container with those types as leaves, but"
)
def r22_vmap_out_axes_float():
    return jax.vmap(lambda a: a, out_axes=0.5)(jnp.ones(3))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r22_vmap_in_axes_float():
    return jax.vmap(lambda a: a, in_axes=1.0)(jnp.ones(3))


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r22_vmap_all_none():
    return jax.vmap(lambda a: a, in_axes=None)(jnp.ones(3))


@mistake(
    "vmap wrapped function must be passed at least one argument containing an array or axis_siz"
)
def r22_vmap_no_args():
    return jax.vmap(lambda: jnp.ones(3))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r22_vmap_axis_size_mismatch():
    return jax.vmap(lambda a: a, axis_size=4)(jnp.ones(3))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r22_vmap_kwargs_in_axes():
    return jax.vmap(lambda a, b: a + b, in_axes=(0, 1))(jnp.ones(3), b=jnp.ones((2, 3)))


@mistake("Expected a callable value, got [1. 1. 1.]")
def r22_vmap_not_callable():
    return jax.vmap(jnp.ones(3))


@mistake("Found an unbound axis name: k. To fix this, please call psum under `jax.shard_map`.")
def r22_vmap_nested_wrong_axis_name():
    f = jax.vmap(jax.vmap(lambda a: jax.lax.psum(a, "k"), axis_name="j"), axis_name="i")
    return f(jnp.ones((2, 3)))


@mistake()
def r22_vmap_spmd_axis_name_unknown():
    with jax.set_mesh(mesh24):
        return jax.vmap(lambda a: a, spmd_axis_name="z")(jnp.ones((2, 3)))


# ---------------------------------------------------------------------------------------------
# grad


@mistake("Gradient only defined for scalar-output functions. Output had shape: (3,).")
def r22_grad_vector_output():
    return jax.grad(lambda a: a * 2)(jnp.ones(3))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r22_grad_int_input():
    return jax.grad(lambda a: a * 2)(3)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r22_grad_int_array_input():
    return jax.grad(lambda a: (a * 2).sum())(jnp.arange(3))


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r22_grad_has_aux_not_pair():
    return jax.grad(lambda a: a * 2, has_aux=True)(1.0)


@mistake(
    "expected function with aux output to return a two-element tuple, but got type <class 'tupl"
)
def r22_grad_has_aux_triple():
    return jax.grad(lambda a: (a, a, a), has_aux=True)(1.0)


@mistake(
    "differentiating with respect to argnums=2 requires at least 3 positional arguments to be p"
)
def r22_grad_argnums_out_of_range():
    return jax.grad(lambda a, b: a * b, argnums=2)(1.0, 2.0)


@mistake(
    "Positional argument indices, e.g. for `static_argnums`, must have value greater than or eq"
)
def r22_grad_argnums_negative_out_of_range():
    return jax.grad(lambda a, b: a * b, argnums=-3)(1.0, 2.0)


@mistake("'float' object is not iterable")
def r22_grad_argnums_float():
    return jax.grad(lambda a, b: a * b, argnums=1.0)(1.0, 2.0)


@mistake("Argument 'a' of type <class 'str'> is not a valid JAX type")
def r22_grad_string_output():
    return jax.grad(lambda a: "a")(1.0)


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r22_grad_complex_output():
    return jax.grad(lambda a: a * 1j)(1.0)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r22_grad_bool_input():
    return jax.grad(lambda a: a * 1.0)(True)


@mistake("Gradient only defined for scalar-output functions. Output was None.")
def r22_grad_none_output():
    return jax.grad(lambda a: None)(1.0)


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r22_value_and_grad_vector():
    return jax.value_and_grad(lambda a: a)(jnp.ones(2))


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r22_value_and_grad_has_aux_scalar():
    return jax.value_and_grad(lambda a: a * 2, has_aux=True)(1.0)


@mistake(
    "jacrev requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inex"
)
def r22_jacrev_int_input():
    return jax.jacrev(lambda a: a * 2)(jnp.arange(3))


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but g"
)
def r22_jacfwd_int_input():
    return jax.jacfwd(lambda a: a * 2)(jnp.arange(3))


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but g"
)
def r22_hessian_int_input():
    return jax.hessian(lambda a: (a * a).sum())(jnp.arange(3))


@mistake("Argument 'a' of type <class 'str'> is not a valid JAX type.")
def r22_grad_of_string_arg():
    return jax.grad(lambda a: 1.0)("a")


@mistake("max() arg is an empty sequence")
def r22_grad_empty_argnums():
    return jax.grad(lambda a: a, argnums=())(1.0)


@mistake(
    "primal and tangent arguments to jax.jvp must be tuples or lists; found ArrayImpl and Array"
)
def r22_jvp_primals_not_tuple():
    return jax.jvp(lambda a: a, jnp.ones(2), jnp.ones(2))


@mistake(
    "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in case of"
)
def r22_jvp_tangent_dtype():
    return jax.jvp(lambda a: a, (jnp.ones(2),), (jnp.ones(2, jnp.int32),))


@mistake(
    "unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float32[2], but e"
)
def r22_vjp_cotangent_shape():
    _, pull = jax.vjp(lambda a: a * 2, jnp.ones(3))
    return pull(jnp.ones(2))


@mistake()
def r22_linearize_int_input():
    return jax.linearize(lambda a: a * 2, jnp.arange(3))


# ---------------------------------------------------------------------------------------------
# jit


@mistake("Jitted function has static_argnums=(3,), but only accepts 1 positional arguments.")
def r22_static_argnums_out_of_range():
    return jax.jit(lambda a: a, static_argnums=3)(jnp.ones(2))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r22_static_argnums_jnp_array():
    return jax.jit(lambda a, n: a * n, static_argnums=1)(jnp.ones(2), jnp.ones(2))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r22_static_argnames_array():
    return jax.jit(lambda a, n: a * n, static_argnames="n")(jnp.ones(2), n=np.ones(2))


@mistake("Jitted function has donate_argnums=(4,), but only accepts 1 positional arguments.")
def r22_donate_argnums_out_of_range():
    return jax.jit(lambda a: a, donate_argnums=4)(jnp.ones(2))


@mistake()
def r22_donate_argnums_negative():
    return jax.jit(lambda a: a, donate_argnums=-1)(jnp.ones(2))


@mistake("'str' object cannot be interpreted as an integer")
def r22_static_argnums_string():
    return jax.jit(lambda a: a, static_argnums="a")(jnp.ones(2))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r22_if_on_traced():
    def f(a):
        if a.sum() > 0:
            return a
        return -a

    return jax.jit(f)(jnp.ones(2))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r22_while_on_traced():
    def f(a):
        while a > 0:
            a = a - 1
        return a

    return jax.jit(f)(3.0)


@mistake("Attempted boolean conversion of traced array with shape float32[].")
def r22_bool_of_tracer():
    return jax.jit(lambda a: bool(a))(1.0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r22_int_of_tracer():
    return jax.jit(lambda a: jnp.ones(int(a)))(3)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r22_float_of_tracer():
    return jax.jit(lambda a: float(a))(1.0)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r22_range_of_tracer():
    return jax.jit(lambda n: sum(range(n)))(3)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r22_index_of_tracer_list():
    return jax.jit(lambda i: [1, 2, 3][i])(1)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r22_arange_traced_stop():
    return jax.jit(lambda n: jnp.arange(n))(3)


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (JitTracer(~int32[]),"
)
def r22_zeros_traced_shape():
    return jax.jit(lambda n: jnp.zeros((n, 2)))(3)


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got [JitTracer(~int32[])]."
)
def r22_reshape_traced_size():
    return jax.jit(lambda a, n: a.reshape(n))(jnp.ones(4), 4)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r22_tolist_of_tracer():
    return jax.jit(lambda a: a.tolist())(jnp.ones(2))


@mistake(
    "The numpy.ndarray conversion method __array__() was called on traced array with shape floa"
)
def r22_numpy_of_tracer():
    return jax.jit(lambda a: np.asarray(a))(jnp.ones(2))


@mistake(
    "Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowin"
)
def r22_tracer_leak_global():
    saved = []
    jax.jit(lambda a: saved.append(a) or a)(jnp.ones(2))
    return saved[0] + 1


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r22_nonzero_under_jit():
    return jax.jit(lambda a: jnp.nonzero(a))(jnp.ones(3))


@mistake("Array boolean indices must be concrete; got bool[3]")
def r22_boolean_mask_under_jit():
    return jax.jit(lambda a: a[a > 0])(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r22_unique_under_jit():
    return jax.jit(lambda a: jnp.unique(a))(jnp.ones(3))


@mistake("function <lambda>")
def r22_jit_returns_string():
    return jax.jit(lambda a: "a")(1.0)


@mistake("Error interpreting argument to <function r22_jit_arg_string.<locals>.<lambda> at")
def r22_jit_arg_string():
    return jax.jit(lambda a: a)("a")


@mistake("Error interpreting argument to <function r22_jit_arg_object.<locals>.<lambda> at")
def r22_jit_arg_object():
    return jax.jit(lambda a: a)(object())


@mistake("unhashable type: 'DynamicJaxprTracer'")
def r22_hash_of_tracer():
    return jax.jit(lambda a: {a: 1})(1.0)


@mistake("len() of unsized object")
def r22_len_of_scalar_tracer():
    return jax.jit(lambda a: len(a))(1.0)


@mistake("iteration over a 0-d array")
def r22_iterate_scalar_tracer():
    return jax.jit(lambda a: [v for v in a])(1.0)


# ---------------------------------------------------------------------------------------------
# control flow carries


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r22_scan_carry_shape_changes():
    return jax.lax.scan(lambda c, x: (jnp.append(c, x), x), jnp.ones(1), jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r22_scan_carry_dtype_changes():
    return jax.lax.scan(lambda c, x: (c + x, x), jnp.int32(0), jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r22_scan_carry_structure_changes():
    return jax.lax.scan(lambda c, x: ((c, c), x), 0.0, jnp.ones(3))


@mistake("scan body output must be a pair, got float32[].")
def r22_scan_body_returns_one():
    return jax.lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r22_scan_length_mismatch():
    return jax.lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), length=4)


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r22_scan_xs_leading_mismatch():
    return jax.lax.scan(lambda c, x: (c, x[0] + x[1]), 0.0, (jnp.ones(3), jnp.ones(4)))


@mistake("scan got no values to scan over and `length` not provided.")
def r22_scan_no_xs_no_length():
    return jax.lax.scan(lambda c, x: (c, c), 0.0, None)


@mistake()
def r22_while_carry_dtype_changes():
    return jax.lax.while_loop(lambda c: c < 3, lambda c: c + 1.5, 0)


@mistake(
    "while_loop body function carry input and carry output must have equal types, but they diff"
)
def r22_while_carry_shape_changes():
    return jax.lax.while_loop(lambda c: c.sum() < 3, lambda c: jnp.append(c, 1.0), jnp.ones(1))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r22_while_cond_not_scalar():
    return jax.lax.while_loop(lambda c: c < 3, lambda c: c + 1, jnp.zeros(2))


@mistake(
    "cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(int32[], weak_t"
)
def r22_while_cond_int():
    return jax.lax.while_loop(lambda c: c, lambda c: c - 1, 3)


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r22_while_carry_structure_changes():
    return jax.lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1,), (0, 0))


@mistake()
def r22_fori_carry_dtype_changes():
    return jax.lax.fori_loop(0, 3, lambda i, c: c + 0.5, 0)


@mistake("r22_fori_body_wrong_arity.<locals>.<lambda>() takes 1 positional argument but 2 were")
def r22_fori_body_wrong_arity():
    return jax.lax.fori_loop(0, 3, lambda c: c + 1, 0)


@mistake("cond branches must have equal output types but they differ.")
def r22_cond_branch_shape_mismatch():
    return jax.lax.cond(True, lambda: jnp.ones(2), lambda: jnp.ones(3))


@mistake("cond branches must have equal output types but they differ.")
def r22_cond_branch_dtype_mismatch():
    return jax.lax.cond(True, lambda: jnp.int32(1), lambda: jnp.float32(1))


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r22_cond_branch_structure_mismatch():
    return jax.lax.cond(True, lambda: (1.0, 2.0), lambda: 1.0)


@mistake("Pred must be a scalar, got [ True False] of shape (2,).")
def r22_cond_pred_vector():
    return jax.lax.cond(jnp.array([True, False]), lambda: 1.0, lambda: 2.0)


@mistake()
def r22_cond_pred_float():
    return jax.lax.cond(jnp.float32(1.0), lambda: 1.0, lambda: 2.0)


@mistake("Empty branch sequence")
def r22_switch_empty_branches():
    return jax.lax.switch(0, [])


@mistake("switch branches must have equal output types but they differ.")
def r22_switch_branch_mismatch():
    return jax.lax.switch(1, [lambda: jnp.ones(2), lambda: jnp.ones(2, jnp.int32)])


@mistake("Index type must be an integer, got 1.0 as float32")
def r22_switch_index_float():
    return jax.lax.switch(1.0, [lambda: 1.0, lambda: 2.0])


@mistake("scan got values with different leading axis sizes: 2, 3.")
def r22_map_leading_mismatch():
    return jax.lax.map(lambda x: x[0] + x[1], (jnp.ones(2), jnp.ones(3)))


@mistake("Array inputs to associative_scan must have the same first dimension. (saw: [(2,), (3,)])")
def r22_associative_scan_mismatch():
    return jax.lax.associative_scan(jnp.add, (jnp.ones(2), jnp.ones(3)))


# ---------------------------------------------------------------------------------------------
# lax ops


@mistake(
    "dot_general requires lhs batch dimensions and rhs batch dimensions to have the same shape,"
)
def r22_dot_general_batch_mismatch():
    return jax.lax.dot_general(
        jnp.ones((2, 3, 4)), jnp.ones((3, 4, 5)), (((2,), (1,)), ((0,), (0,)))
    )


@mistake(
    "dot_general requires lhs dimension numbers to be nonnegative and less than the number of a"
)
def r22_dot_general_dim_out_of_range():
    return jax.lax.dot_general(jnp.ones((2, 3)), jnp.ones((3, 4)), (((2,), (0,)), ((), ())))


@mistake(
    "dot_general requires lhs contracting dimensions to be distinct, got lhs_contracting (0, 0)"
)
def r22_dot_general_repeated_dim():
    return jax.lax.dot_general(jnp.ones((3, 3)), jnp.ones((3, 3)), (((0, 0), (0, 1)), ((), ())))


@mistake()
def r22_dot_general_dtype_mismatch():
    return jax.lax.dot_general(
        jnp.ones((2, 3)), jnp.ones((3, 4), jnp.int32), (((1,), (0,)), ((), ()))
    )


@mistake("convolution requires lhs and rhs ndim to be equal, got 4 and 3.")
def r22_conv_rank_mismatch():
    return jax.lax.conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 3)), (1, 1), "SAME")


@mistake(
    "conv_general_dilated lhs feature dimension size divided by feature_group_count must equal"
)
def r22_conv_feature_mismatch():
    return jax.lax.conv(jnp.ones((1, 2, 4, 4)), jnp.ones((1, 3, 3, 3)), (1, 1), "SAME")


@mistake(
    "conv_general_dilated window and window_strides must have the same number of dimensions, bu"
)
def r22_conv_strides_length():
    return jax.lax.conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 3, 3)), (1,), "SAME")


@mistake("Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got FULL.")
def r22_conv_bad_padding_string():
    return jax.lax.conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 3, 3)), (1, 1), "FULL")


@mistake(
    "convolution dimension_numbers[2] must contain the characters 'N' and 'C' exactly once, got"
)
def r22_conv_dimension_numbers_bad():
    return jax.lax.conv_general_dilated(
        jnp.ones((1, 4, 4, 1)),
        jnp.ones((3, 3, 1, 1)),
        (1, 1),
        "SAME",
        dimension_numbers=("NHWC", "HWIO", "NHWQ"),
    )


@mistake(
    "conv_general_dilated feature_group_count must divide lhs feature dimension size, but 2 doe"
)
def r22_conv_feature_group_not_divisible():
    return jax.lax.conv_general_dilated(
        jnp.ones((1, 3, 4, 4)), jnp.ones((2, 1, 3, 3)), (1, 1), "SAME", feature_group_count=2
    )


@mistake(
    "slice slice_sizes must be less than or equal to operand shape, got slice_sizes (5,) for op"
)
def r22_dynamic_slice_sizes_too_big():
    return jax.lax.dynamic_slice(jnp.ones(4), (0,), (5,))


@mistake("Length of slice indices must match number of operand dimensions (1 vs (4, 4))")
def r22_dynamic_slice_index_count():
    return jax.lax.dynamic_slice(jnp.ones((4, 4)), (0,), (2, 2))


@mistake("index arguments to dynamic_slice must be integers of the same type, got: float32")
def r22_dynamic_slice_float_index():
    return jax.lax.dynamic_slice(jnp.ones(4), (0.5,), (2,))


@mistake(
    "dynamic_update_slice update must have the same rank as operand, got update shape (2,) for"
)
def r22_dynamic_update_slice_rank():
    return jax.lax.dynamic_update_slice(jnp.ones((4, 4)), jnp.ones(2), (0, 0))


@mistake(
    "dynamic_update_slice update shape must be smaller than operand shape, got update shape (5,"
)
def r22_dynamic_update_slice_too_big():
    return jax.lax.dynamic_update_slice(jnp.ones(4), jnp.ones(5), (0,))


@mistake("lax.dynamic_update_slice requires arguments to have the same dtypes, got float32, int32.")
def r22_dynamic_update_slice_dtype():
    return jax.lax.dynamic_update_slice(jnp.ones(4), jnp.ones(2, jnp.int32), (0,))


@mistake("Invalid collapsed_slice_dims set in gather op; valid range is [0, 1); got: 1.")
def r22_gather_bad_dnums():
    dn = jax.lax.GatherDimensionNumbers(
        offset_dims=(), collapsed_slice_dims=(1,), start_index_map=(0,)
    )
    return jax.lax.gather(jnp.ones(4), jnp.zeros((1, 1), jnp.int32), dn, (1,))


@mistake(
    "Gather op must have one slice size for every input dimension; got: len(slice_sizes)=2, inp"
)
def r22_gather_slice_sizes_length():
    dn = jax.lax.GatherDimensionNumbers(
        offset_dims=(), collapsed_slice_dims=(0,), start_index_map=(0,)
    )
    return jax.lax.gather(jnp.ones(4), jnp.zeros((1, 1), jnp.int32), dn, (1, 1))


@mistake(
    "Bounds of the scatter dimensions of updates must be the same as the bounds of the correspo"
)
def r22_scatter_update_shape():
    dn = jax.lax.ScatterDimensionNumbers(
        update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)
    )
    return jax.lax.scatter(jnp.ones(4), jnp.zeros((2, 1), jnp.int32), jnp.ones(3), dn)


@mistake("lax.scatter requires arguments to have the same dtypes, got float32, int32.")
def r22_scatter_add_dtype():
    dn = jax.lax.ScatterDimensionNumbers(
        update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)
    )
    return jax.lax.scatter_add(
        jnp.ones(4), jnp.zeros((2, 1), jnp.int32), jnp.ones(2, jnp.int32), dn
    )


@mistake(
    "slice slice_sizes must be less than or equal to operand shape, got slice_sizes (5,) for op"
)
def r22_slice_limit_too_big():
    return jax.lax.slice(jnp.ones(4), (0,), (5,))


@mistake(
    "slice slice_sizes must be greater than or equal to zero, got slice_sizes of (np.int64(-2),"
)
def r22_slice_start_after_limit():
    return jax.lax.slice(jnp.ones(4), (3,), (1,))


@mistake(
    "length of padding_config must equal the number of axes of operand, got padding_config ((1,"
)
def r22_pad_config_length():
    return jax.lax.pad(jnp.ones((2, 2)), 0.0, [(1, 1, 0)])


@mistake("pad operand and padding_value must be same dtype: got float32 and int32.")
def r22_pad_value_dtype():
    return jax.lax.pad(jnp.ones(2), 0, [(1, 1, 0)])


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0) fo"
)
def r22_transpose_bad_permutation():
    return jax.lax.transpose(jnp.ones((2, 3)), (0, 0))


@mistake(
    "broadcast_in_dim operand dimension sizes must either be 1, or be equal to their correspond"
)
def r22_broadcast_in_dim_bad_dims():
    return jax.lax.broadcast_in_dim(jnp.ones(3), (3, 4), (1,))


@mistake("reduction axes (1,) contains out-of-bounds indices for float32[3].")
def r22_reduce_bad_dims():
    return jax.lax.reduce(jnp.ones(3), 0.0, jax.lax.add, (1,))


@mistake(
    "lax.add requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.add is a"
)
def r22_lax_add_dtype_mismatch():
    return jax.lax.add(jnp.ones(2), jnp.ones(2, jnp.int32))


@mistake("add got incompatible shapes for broadcasting: (2,), (3,).")
def r22_lax_add_shape_mismatch():
    return jax.lax.add(jnp.ones(2), jnp.ones(3))


@mistake("data type 'nope' not understood")
def r22_convert_element_type_bad():
    return jax.lax.convert_element_type(jnp.ones(2), "nope")


@mistake("concatenate dimension out of bounds: dimension 1 for shapes (2,), (2,).")
def r22_concatenate_dimension_out_of_range():
    return jax.lax.concatenate([jnp.ones(2), jnp.ones(2)], 1)


@mistake(
    "select `which` must be scalar or have the same shape as cases, got `which` shape (2,) but"
)
def r22_select_n_shape():
    return jax.lax.select_n(jnp.ones(2, bool), jnp.ones(3), jnp.ones(3))


@mistake(
    "reduce_window got the wrong number of window_dimensions for operand: got operand shape (4,"
)
def r22_reduce_window_dims_length():
    return jax.lax.reduce_window(jnp.ones((4, 4)), 0.0, jax.lax.add, (2,), (1, 1), "VALID")


@mistake("num_keys=0 must equal 1 for a single operand.")
def r22_sort_num_keys_zero():
    return jax.lax.sort(jnp.ones(3), num_keys=0)


@mistake(
    "k argument to top_k must be no larger than size along axis; got k=5 with shape=[3] and axi"
)
def r22_top_k_too_big():
    return jax.lax.top_k(jnp.ones(3), 5)


@mistake("iota dimension must be between 0 and len(shape), got dimension=2 for shape=(2, 3)")
def r22_iota_bad_dimension():
    return jax.lax.broadcasted_iota(jnp.int32, (2, 3), 2)


@mistake(
    "rev dimensions must all be less than operand ndim, got dimensions (1,) for operand ndim 1."
)
def r22_rev_bad_dimension():
    return jax.lax.rev(jnp.ones(3), (1,))


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r22_squeeze_non_unit():
    return jax.lax.squeeze(jnp.ones((2, 3)), (0,))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r22_expand_dims_out_of_range():
    return jax.lax.expand_dims(jnp.ones(3), (3,))


@mistake(
    "clamp requires min.shape == operand.shape or min.shape == (), got min.shape=(2,), operand."
)
def r22_clamp_shape():
    return jax.lax.clamp(jnp.zeros(2), jnp.ones(3), jnp.ones(3))


@mistake("unsupported operand type(s) for &: 'float' and 'int'")
def r22_integer_pow_float_exponent():
    return jax.lax.integer_pow(jnp.ones(2), 1.5)


@mistake(
    "shift_left does not accept dtype float32 at position 0. Accepted dtypes at position 0 are"
)
def r22_shift_left_float():
    return jax.lax.shift_left(jnp.ones(2), jnp.ones(2))


# ---------------------------------------------------------------------------------------------
# jnp shapes


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2) (size 8)")
def r22_reshape_bad_size_2d():
    return jnp.ones((2, 3)).reshape((4, 2))


@mistake(
    "cannot reshape array of shape (7,) (size 7) into shape (-1, 2) because the product of spec"
)
def r22_reshape_negative_not_divisible():
    return jnp.ones(7).reshape(-1, 2)


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (2, 2, 2), (2, 2).")
def r22_concatenate_rank_mismatch_axis1():
    return jnp.concatenate([jnp.ones((2, 2, 2)), jnp.ones((2, 2))], axis=1)


@mistake("All input arrays must have the same shape. Got (2,), (3,).")
def r22_stack_shape_mismatch():
    return jnp.stack([jnp.ones(2), jnp.ones(3)])


@mistake("Need at least one array to stack.")
def r22_stack_empty():
    return jnp.stack([])


@mistake(
    "Cannot concatenate arrays with shapes that differ in dimensions other than the one being c"
)
def r22_vstack_mismatch():
    return jnp.vstack([jnp.ones(2), jnp.ones(3)])


@mistake(
    "Incompatible types for broadcasting: input type=float32[2,3] and requested type=float32[3,"
)
def r22_broadcast_to_incompatible_2d():
    return jnp.broadcast_to(jnp.ones((2, 3)), (3, 3))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r22_broadcast_arrays_incompatible():
    return jnp.broadcast_arrays(jnp.ones(2), jnp.ones(3))


@mistake("Number of einsum subscripts, 2, must be equal to the number of operands, 1.")
def r22_einsum_bad_subscript_count():
    return jnp.einsum("ij,jk->ik", jnp.ones((2, 3)))


@mistake(
    "Einstein sum subscript 'ijk' does not contain the correct number of indices for operand 0."
)
def r22_einsum_rank_mismatch():
    return jnp.einsum("ijk,jk->ik", jnp.ones((2, 3)), jnp.ones((3, 4)))


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (4).")
def r22_einsum_dim_mismatch():
    return jnp.einsum("ij,jk->ik", jnp.ones((2, 3)), jnp.ones((4, 5)))


@mistake("Output character 'z' did not appear in the input")
def r22_einsum_output_unknown_index():
    return jnp.einsum("ij,jk->iz", jnp.ones((2, 3)), jnp.ones((3, 4)))


@mistake()
def r22_einsum_bad_character():
    return jnp.einsum("i$,jk->ik", jnp.ones((2, 3)), jnp.ones((3, 4)))


@mistake("array split does not result in an equal division: rest is 1")
def r22_split_not_divisible():
    return jnp.split(jnp.ones(5), 2)


@mistake("operands could not be broadcast together with remapped shapes [original->remapped]: (2,)")
def r22_repeat_length_mismatch():
    return jnp.repeat(jnp.ones(3), jnp.array([1, 2]))


@mistake("indices and arr must have the same number of dimensions; 1 vs. 2")
def r22_take_along_axis_rank():
    return jnp.take_along_axis(jnp.ones((2, 3)), jnp.zeros(2, jnp.int32), axis=1)


@mistake("matmul input operand 1 must have ndim at least 1, but it has ndim 0")
def r22_matmul_scalar():
    return jnp.matmul(jnp.ones(3), 2.0)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r22_transpose_bad_axes():
    return jnp.transpose(jnp.ones((2, 3)), (0, 2))


@mistake("index 2 is out of bounds for axis 0 with size 2")
def r22_swapaxes_out_of_range():
    return jnp.swapaxes(jnp.ones((2, 3)), 0, 2)


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0, 1)"
)
def r22_moveaxis_repeated():
    return jnp.moveaxis(jnp.ones((2, 3)), (0, 0), (0, 1))


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r22_squeeze_non_unit_axis():
    return jnp.squeeze(jnp.ones((2, 3)), axis=1)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r22_sum_axis_out_of_range():
    return jnp.ones((2, 3)).sum(axis=2)


@mistake("duplicate value in 'axis': (0, 0)")
def r22_mean_axis_duplicate():
    return jnp.mean(jnp.ones((2, 3)), axis=(0, 0))


@mistake(
    "jnp.pad: pad_width with nd=2 has unsupported shape (3, 2). Valid shapes are (2, 2), (1, 2)"
)
def r22_pad_width_wrong():
    return jnp.pad(jnp.ones((2, 2)), ((1, 1), (1, 1), (1, 1)))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (2,).")
def r22_outer_kwarg_bad():
    return jnp.dot(jnp.ones((2, 3)), jnp.ones((2, 3)))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shap"
)
def r22_where_one_arg_jit():
    return jax.jit(lambda a: jnp.where(a > 0))(jnp.ones(3))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r22_full_shape_float():
    return jnp.full((2.5,), 1.0)


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (2.5,). argument of 'N"
)
def r22_eye_float():
    return jnp.eye(2.5)


@mistake("Number of samples, -1, must be non-negative.")
def r22_linspace_num_negative():
    return jnp.linspace(0.0, 1.0, -1)


@mistake("data type 'nope' not understood")
def r22_astype_bad_dtype():
    return jnp.ones(2).astype("nope")


@mistake(
    "setting an array element with a sequence. The requested array has an inhomogeneous shape a"
)
def r22_array_ragged():
    return jnp.array([[1, 2], [3]])


@mistake("Too many indices: array is 1-dimensional, but 2 were indexed")
def r22_index_too_many():
    return jnp.ones(3)[0, 0]


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r22_index_float():
    return jnp.ones(3)[1.5]


@mistake("Cannot broadcast to shape with fewer dimensions: arr_shape=(2,) shape=()")
def r22_at_set_shape():
    return jnp.ones(3).at[0].set(jnp.ones(2))


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment. Instead of x[idx] ="
)
def r22_setitem():
    a = jnp.ones(3)
    a[0] = 2.0
    return a


# ---------------------------------------------------------------------------------------------
# export


@mistake(
    "syntax error in symbolic shape 'a, 2b' in dimension 1: expecting one of {STAR} but found N"
)
def r22_symbolic_shape_bad_token():
    return jax.export.symbolic_shape("a, 2b")


@mistake(
    "syntax error in symbolic shape 'a / 2' in dimension 0: expecting one of {STAR} but found S"
)
def r22_symbolic_shape_unknown_op():
    return jax.export.symbolic_shape("a / 2")


@mistake(
    "Cannot divide evenly the sizes of shapes (a,) and (2, -1). The remainder mod(a, - 2) shoul"
)
def r22_export_reshape_symbolic_not_divisible():
    (a,) = jax.export.symbolic_shape("a")
    spec = jax.ShapeDtypeStruct((a,), jnp.float32)
    return jax.export.export(jax.jit(lambda x: x.reshape(2, -1)))(spec)


@mistake("Symbolic dimension comparison 'a' > '2' is inconclusive.")
def r22_export_symbolic_compare():
    (a,) = jax.export.symbolic_shape("a")
    spec = jax.ShapeDtypeStruct((a,), jnp.float32)
    return jax.export.export(jax.jit(lambda x: x if x.shape[0] > 2 else -x))(spec)


@mistake("add got incompatible shapes for broadcasting: (a,), (b,).")
def r22_export_symbolic_add_mismatch():
    a, b = jax.export.symbolic_shape("a, b")
    specs = (jax.ShapeDtypeStruct((a,), jnp.float32), jax.ShapeDtypeStruct((b,), jnp.float32))
    return jax.export.export(jax.jit(lambda x, y: x + y))(*specs)


@mistake("add got incompatible shapes for broadcasting: (3*floordiv(a, 3),), (a,).")
def r22_export_symbolic_zeros_shape():
    (a,) = jax.export.symbolic_shape("a")
    spec = jax.ShapeDtypeStruct((a,), jnp.float32)
    return jax.export.export(jax.jit(lambda x: jnp.zeros(x.shape[0] // 3 * 3) + x))(spec)


@mistake("Rank mismatch for args[0]: expected (2,) and called with (2, 2)")
def r22_export_call_rank():
    exp = jax.export.export(jax.jit(lambda x: x * 2))(jax.ShapeDtypeStruct((2,), jnp.float32))
    return exp.call(jnp.ones((2, 2)))


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '<"
)
def r22_export_call_too_many():
    exp = jax.export.export(jax.jit(lambda x: x * 2))(jax.ShapeDtypeStruct((2,), jnp.float32))
    return exp.call(jnp.ones(2), jnp.ones(2))


@mistake("Invalid mixing of symbolic scopes for linear combination.")
def r22_export_symbolic_scope_mix():
    (a,) = jax.export.symbolic_shape("a")
    (b,) = jax.export.symbolic_shape("b")
    return a + b


@mistake("Constraint parsing error: must contain one of '==' or '>=' or '<='")
def r22_symbolic_shape_constraint_bad():
    return jax.export.symbolic_shape("a", constraints=("a >> 2",))


# ---------------------------------------------------------------------------------------------
# custom_jvp / vjp


def _cjvp22(rule):
    f = jax.custom_jvp(lambda x: x * 2)
    f.defjvp(rule)
    return f


def _cvjp22(fwd, bwd):
    f = jax.custom_vjp(lambda x: x * 2)
    f.defvjp(fwd, bwd)
    return f


@mistake(
    "Custom JVP rule <lambda> for function <lambda> must produce a pair (list or tuple of lengt"
)
def r22_custom_jvp_rule_one_output():
    return jax.jvp(_cjvp22(lambda p, t: p[0] * 2), (1.0,), (1.0,))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r22_custom_jvp_rule_tangent_shape():
    return jax.jvp(_cjvp22(lambda p, t: (p[0] * 2, jnp.ones(2))), (1.0,), (1.0,))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r22_custom_jvp_rule_tangent_dtype():
    return jax.jvp(_cjvp22(lambda p, t: (p[0] * 2, jnp.int32(1))), (1.0,), (1.0,))


@mistake(
    "Custom JVP rule <lambda> for function <lambda> must produce primal and tangent outputs wit"
)
def r22_custom_jvp_rule_primal_structure():
    return jax.jvp(_cjvp22(lambda p, t: ((p[0], p[0]), t[0])), (1.0,), (1.0,))


@mistake(
    "Custom JVP rule <lambda> for function <lambda> must produce primal and tangent outputs wit"
)
def r22_custom_jvp_in_grad_bad_rule():
    return jax.grad(_cjvp22(lambda p, t: (p[0] * 2, (t[0], t[0]))))(1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r22_custom_vjp_bwd_not_tuple():
    return jax.grad(_cvjp22(lambda x: (x * 2, None), lambda r, g: g * 2))(1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r22_custom_vjp_bwd_too_many():
    return jax.grad(_cvjp22(lambda x: (x * 2, None), lambda r, g: (g, g)))(1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same type as the args tuple of the pri"
)
def r22_custom_vjp_bwd_shape():
    return jax.grad(_cvjp22(lambda x: (x * 2, None), lambda r, g: (jnp.ones(2),)))(1.0)


@mistake(
    "Custom VJP fwd rule <lambda> for function <lambda> must produce a pair (list or tuple of l"
)
def r22_custom_vjp_fwd_not_pair():
    return jax.grad(_cvjp22(lambda x: x * 2, lambda r, g: (g,)))(1.0)


@mistake(
    "Gradient only defined for scalar-output functions. Output was (TypedFloat(1.0, dtype=float"
)
def r22_custom_vjp_fwd_structure():
    return jax.grad(_cvjp22(lambda x: ((x, x), None), lambda r, g: (g,)))(1.0)


@mistake("No VJP defined for custom_vjp function <lambda> using defvjp.")
def r22_custom_vjp_without_defvjp():
    return jax.grad(jax.custom_vjp(lambda x: x * 2))(1.0)


@mistake("No JVP defined for custom_jvp function <lambda> using defjvp.")
def r22_custom_jvp_without_defjvp():
    return jax.jvp(jax.custom_jvp(lambda x: x * 2), (1.0,), (1.0,))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r22_custom_vjp_nondiff_argnums_bad():
    f = jax.custom_vjp(lambda x, n: x * n, nondiff_argnums=(1,))
    f.defvjp(lambda x, n: (x * n, None), lambda n, r, g: (g * n,))
    return jax.grad(f)(1.0, jnp.ones(2))


@mistake("safe_zip() argument 1 has length 1 but argument 0 has length 2. All lengths: (2, 1)")
def r22_custom_jvp_defjvps_count():
    f = jax.custom_jvp(lambda x, y: x * y)
    f.defjvps(lambda t, ans, x, y: t)
    return jax.jvp(f, (1.0, 2.0), (1.0, 1.0))


# ---------------------------------------------------------------------------------------------
# checkpoint


@mistake("'str' object is not callable")
def r22_checkpoint_policy_not_callable():
    return jax.grad(jax.checkpoint(lambda a: jnp.sin(a), policy="dots"))(1.0)


@mistake("'types.SimpleNamespace' object has no attribute 'nope'")
def r22_checkpoint_policy_unknown_name():
    return jax.checkpoint_policies.nope


@mistake(
    "the `static_argnums` argument to `jax.checkpoint` / `jax.remat` can only take integer valu"
)
def r22_checkpoint_static_argnums_out_of_range():
    return jax.checkpoint(lambda a: a * 2, static_argnums=(3,))(1.0)


@mistake()
def r22_checkpoint_static_traced():
    f = jax.checkpoint(lambda a, n: a * n, static_argnums=(1,))
    return jax.jit(f)(1.0, 2)


@mistake()
def r22_checkpoint_save_only_names_not_list():
    pol = jax.checkpoint_policies.save_only_these_names(3)
    return jax.grad(jax.checkpoint(lambda a: jnp.sin(a), policy=pol))(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r22_checkpoint_bool_in_body():
    return jax.grad(jax.checkpoint(lambda a: a if a > 0 else -a))(1.0)


@mistake("cannot create weak reference to 'int' object")
def r22_remat_not_callable():
    return jax.remat(3)(1.0)


# ---------------------------------------------------------------------------------------------
# debug.print


@mistake("tuple index out of range")
def r22_debug_print_missing_arg():
    return jax.debug.print("{} {}", 1.0)


@mistake("'x'")
def r22_debug_print_missing_kwarg():
    return jax.debug.print("{x}", y=1.0)


@mistake("Unknown format code 'd' for object of type 'float'")
def r22_debug_print_bad_format():
    return jax.debug.print("{:d}", jnp.float32(1.5))


@mistake("Single '{' encountered in format string")
def r22_debug_print_unclosed_brace():
    return jax.debug.print("{", 1.0)


@mistake("tuple index out of range")
def r22_debug_print_index_out_of_range():
    return jax.debug.print("{1}", 1.0)


@mistake("object has no attribute 'nope'")
def r22_debug_print_attr():
    return jax.debug.print("{0.nope}", jnp.ones(2))


@mistake("expected str, got int")
def r22_debug_print_not_string():
    return jax.debug.print(3, 1.0)


@mistake(
    "first argument to jax.debug.callback must be callable, but got an object of type <class 'i"
)
def r22_debug_callback_not_callable():
    return jax.debug.callback(3, 1.0)


@mistake("tuple index out of range")
def r22_debug_print_ordered_in_vmap_bad():
    return jax.vmap(lambda a: jax.debug.print("{} {}", a))(jnp.ones(2))


# ---------------------------------------------------------------------------------------------
# pytrees


@mistake("pytree structure error: different lengths of tuple at key path")
def r22_tree_map_structure_mismatch():
    return jax.tree.map(lambda a, b: a + b, (1, 2), (1, 2, 3))


@mistake("pytree structure error: different pytree metadata at key path")
def r22_tree_map_dict_keys_mismatch():
    return jax.tree.map(lambda a, b: a + b, {"a": 1}, {"b": 1})


@mistake("Too few leaves for PyTreeDef; expected 2, got 1")
def r22_tree_unflatten_wrong_count():
    _, td = jax.tree.flatten((1, 2))
    return jax.tree.unflatten(td, [1])


@mistake("Mismatch")
def r22_tree_transpose_mismatch():
    outer = jax.tree.structure((0, 0))
    inner = jax.tree.structure([0, 0])
    return jax.tree.transpose(outer, inner, ([1, 2], [3]))
