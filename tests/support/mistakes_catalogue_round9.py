# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 9 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules): the
areas the earlier rounds covered thinly: explicit sharding (set_mesh, reshard, auto_axes,
explicit_axes, typeof, out_sharding=), typed random keys and samplers with shapes that do not
broadcast, jax.export (bytes, avals, symbolic shapes), the jax.tree namespace, vmap's in_axes
trees, custom rules' tangent and cotangent dtypes, scan / while / fori carries whose leaves change
type, checkify, keyword typos in jnp, meshes and device lists of the wrong size, and more forms of
the everyday mistakes (non-array results, leaked tracers, concretization, in-place updates). The
runner executes it after the earlier rounds, in the same namespace (`mesh2`, `mesh24`, `emesh`,
`_smap`, `_eput`, `_sub`, `_keys`, `_exported`, ... are in scope)."""

_r9_store = []


def _set_mesh(mesh=emesh):
    return jax.set_mesh(mesh)


def _mixed_mesh():
    return jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit, AxisType.Auto))


# ---------------------------------------------------------------------------------------------
# Explicit sharding: set_mesh, reshard, auto_axes / explicit_axes, typeof, out_sharding=


@mistake("Resource axis: z of P('z', None) is not found in mesh: ('x', 'y').")
def r9_explicit_reshard_unknown_axis_under_set_mesh():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones((4, 8)), P("z", None))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but P('x', 'x') has duplicate entries for `x`",
)
def r9_explicit_reshard_axis_twice_under_set_mesh():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones((4, 8)), P("x", "x"))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed.")
def r9_explicit_reshard_in_jit_without_mesh():
    return jax.jit(lambda x: jax.sharding.reshard(x, P("x")))(jnp.ones(4))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r9_explicit_reshard_in_jit_unknown_axis():
    with _set_mesh():
        return jax.jit(lambda x: jax.sharding.reshard(x, P("z")))(jnp.ones(4))


@mistake(
    "PartitionSpec passed to reshard cannot contain axis names that are of type Auto or Manual.",
)
def r9_explicit_reshard_auto_axis_on_mixed_mesh():
    with jax.set_mesh(_mixed_mesh()):
        return jax.sharding.reshard(jnp.ones((4, 8)), P(None, "y"))


@mistake("Contracting dimensions are sharded and it is ambiguous how the output should be sharded.")
def r9_explicit_matmul_contracting_sharded_jnp_dot():
    a, b = _eput((4, 8), P(None, "y")), _eput((8, 4), P("y", None))
    return jnp.dot(a, b)


@mistake("Contracting dimensions are sharded and it is ambiguous how the output should be sharded.")
def r9_explicit_matmul_contracting_sharded_operator():
    a, b = _eput((4, 8), P(None, "x")), _eput((8, 4), P("x", None))
    return a @ b


@mistake("Contracting dimensions are sharded and it is ambiguous how the output should be sharded.")
def r9_explicit_matmul_contracting_sharded_dot_general():
    a, b = _eput((4, 8), P(None, "y")), _eput((8, 4), P("y", None))
    return lax.dot_general(a, b, (((1,), (0,)), ((), ())))


@mistake("Contracting dimensions are sharded and it is ambiguous how the output should be sharded.")
def r9_explicit_matmul_contracting_sharded_tensordot():
    a, b = _eput((4, 8), P(None, "y")), _eput((8, 4), P("y", None))
    return jnp.tensordot(a, b, axes=1)


@mistake("Contracting dimensions are sharded and it is ambiguous how the output should be sharded.")
def r9_explicit_matmul_contracting_sharded_in_jit():
    a, b = _eput((4, 8), P(None, "y")), _eput((8, 4), P("y", None))
    return jax.jit(jnp.matmul)(a, b)


@mistake(
    "dot_general requires contracting dimensions to have consistent sharding, got ('x',) and ('y',).",
)
def r9_explicit_matmul_contracting_different_axes():
    a, b = _eput((4, 8), P(None, "x")), _eput((8, 4), P("y", None))
    return a @ b


@mistake(
    "dot_general operation with inputs: f32[4@x,8], f32[8,4@x] produces an illegally sharded result: f32[4@x,4@x]",
)
def r9_explicit_matmul_out_axis_twice():
    a, b = _eput((4, 8), P("x", None)), _eput((8, 4), P(None, "x"))
    return jnp.matmul(a, b)


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly divide the dimension size 2.",
)
def r9_explicit_batched_matmul_batch_conflict():
    a, b = _eput((2, 4, 8), P("x", None, None)), _eput((2, 8, 4), P("y", None, None))
    return a @ b


@mistake("add got incompatible shardings for broadcasting: (None, 'x'), (None, 'y').")
def r9_explicit_add_broadcast_conflict():
    a, b = _eput((4, 8), P(None, "x")), _eput((8,), P("y"))
    return a + b


@mistake("max got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r9_explicit_maximum_conflict():
    a, b = _eput((4, 8), P("x", None)), _eput((4, 8), P("y", None))
    return jnp.maximum(a, b)


@mistake("select cases must have the same shardings")
def r9_explicit_where_three_conflict():
    a, b = _eput((4, 8), P("x", None)), _eput((4, 8), P("y", None))
    return jnp.where(a > 0, a, b)


@mistake("add got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r9_explicit_add_conflict_in_jit_under_set_mesh():
    with _set_mesh():
        a = jax.device_put(jnp.ones((4, 8)), P("x", None))
        b = jax.device_put(jnp.ones((4, 8)), P("y", None))
        return jax.jit(lambda u, v: u + v)(a, b)


@mistake("Resource axis: z of P('z', None) is not found in mesh: ('x', 'y').")
def r9_explicit_zeros_out_sharding_unknown_axis_under_set_mesh():
    with _set_mesh():
        return jnp.zeros((4, 8), out_sharding=P("z", None))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but P('x', 'x') has duplicate entries for `x`",
)
def r9_explicit_full_out_sharding_axis_twice():
    with _set_mesh():
        return jnp.full((4, 8), 1.0, out_sharding=P("x", "x"))


@mistake("transpose() got an unexpected keyword argument 'out_sharding'")
def r9_explicit_transpose_out_sharding_keyword():
    return jnp.transpose(_eput((4, 8), P("x", None)), out_sharding=P(None, "x"))


@mistake("concatenate() got an unexpected keyword argument 'out_sharding'")
def r9_explicit_concatenate_out_sharding_keyword():
    a = _eput((4, 8), P("x", None))
    return jnp.concatenate([a, a], out_sharding=P("x", None))


@mistake("Resource axis: z of P('z', None) is not found in mesh: ('x', 'y').")
def r9_explicit_einsum_out_sharding_unknown_axis():
    a, b = _eput((4, 8), P("x", None)), _eput((8, 4), P())
    with _set_mesh():
        return jnp.einsum("ij,jk->ik", a, b, out_sharding=P("z", None))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r9_explicit_device_put_unknown_axis_under_set_mesh():
    with _set_mesh():
        return jax.device_put(jnp.ones((4, 8)), P("z"))


@mistake("should match the mesh of sharding")
def r9_explicit_device_put_sharding_of_other_mesh_under_set_mesh():
    other = jax.make_mesh((4, 2), ("a", "b"), axis_types=(AxisType.Explicit,) * 2)
    with _set_mesh():
        return jnp.zeros((4, 8), out_sharding=NamedSharding(other, P("a", None)))


@mistake(
    "Context mesh cannot be empty. Please use `jax.set_mesh` API to enter into a mesh context when using `explicit_axes` API",
)
def r9_explicit_explicit_axes_without_mesh_call():
    return jax.sharding.explicit_axes(lambda x: x * 2, in_sharding=P("x"))(jnp.ones(4))


@mistake("Expected mesh of type `jax.sharding.Mesh`. Got <class 'str'>")
def r9_explicit_set_mesh_of_string():
    with jax.set_mesh("x"):
        return jnp.ones(4)


@mistake("Expected mesh of type `jax.sharding.Mesh`. Got <class 'list'>")
def r9_explicit_set_mesh_of_device_list():
    with jax.set_mesh(jax.devices()):
        return jnp.ones(4)


@mistake("is not a valid JAX type")
def r9_explicit_typeof_of_list():
    return jax.typeof([1.0, 2.0])


@mistake("is not a valid JAX type")
def r9_explicit_typeof_of_none():
    return jax.typeof(None)


@mistake("is not a valid JAX type")
def r9_explicit_typeof_of_dict():
    return jax.typeof({"a": jnp.ones(2)})


@mistake("tuple index out of range")
def r9_explicit_typeof_sharding_spec_index_out_of_range():
    return jax.typeof(_eput((4, 8), P("x", None))).sharding.spec[2]


@mistake("Found an unbound axis name: x. To fix this, please call psum under `jax.shard_map`.")
def r9_explicit_psum_outside_shard_map_under_set_mesh():
    with _set_mesh():
        return jax.jit(lambda x: lax.psum(x, "x"))(jnp.ones(4))


@mistake(
    "reshard out_shardings specification must be a tree prefix of the positional arguments tuple",
)
def r9_explicit_reshard_tree_spec_mismatch():
    with _set_mesh():
        return jax.sharding.reshard((jnp.ones(4), jnp.ones(4)), (P("x"), P("x"), P("x")))


@mistake("is not a valid JAX type")
def r9_explicit_reshard_of_string():
    with _set_mesh():
        return jax.sharding.reshard("abc", P("x"))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r9_explicit_arange_out_sharding_unknown_axis():
    with _set_mesh():
        return jnp.arange(8, out_sharding=P("z"))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but P('x', 'x') has duplicate entries for `x`",
)
def r9_explicit_zeros_like_out_sharding_axis_twice():
    with _set_mesh():
        return jnp.zeros_like(jnp.ones((4, 8)), out_sharding=P("x", "x"))


# ---------------------------------------------------------------------------------------------
# Typed random keys and samplers


def _k():
    return random.key(0)


@mistake("'str' object cannot be interpreted as an integer")
def r9_random_split_num_string():
    return random.split(_k(), "2")


@mistake("invalid literal for int() with base 10: 'a'")
def r9_random_fold_in_string_data():
    return random.fold_in(_k(), "a")


@mistake("fold_in accepts a scalar, but was given an array of")
def r9_random_fold_in_vector_data():
    return random.fold_in(_k(), jnp.arange(3))


@mistake("int() argument must be a string, a bytes-like object or a real number, not 'complex'")
def r9_random_fold_in_complex_data():
    return random.fold_in(_k(), 1j)


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data to have ndim, shape, and dtype attributes. Got 3",
)
def r9_random_key_data_of_python_int():
    return random.key_data(3)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r9_random_key_data_of_raw_batch():
    return random.key_data(random.split(random.PRNGKey(0), 2))


@mistake("JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=int32")
def r9_random_wrap_key_data_int32():
    return random.wrap_key_data(jnp.zeros(2, jnp.int32))


@mistake("unrecognized type <class 'int'> for specifying PRNG implementation.")
def r9_random_wrap_key_data_impl_object():
    return random.wrap_key_data(jnp.zeros(2, jnp.uint32), impl=3)


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r9_random_wrap_key_data_scalar():
    return random.wrap_key_data(jnp.uint32(3))


@mistake('unrecognized PRNG implementation "threefry". Did you mean one of:')
def r9_random_key_impl_name_typo():
    return random.key(0, impl="threefry")


@mistake(
    "Value '0' with dtype <U1 is not a valid JAX array type. Only arrays of numeric types are supported by JAX.",
)
def r9_random_key_of_string_seed():
    return random.key("0")


@mistake("PRNG key seed must be an integer")
def r9_random_key_of_complex_seed():
    return random.key(1j)


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r9_random_t_df_shape_not_broadcastable():
    return random.t(_k(), jnp.ones(3), shape=(2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,), ()]")
def r9_random_binomial_n_shape_not_broadcastable():
    return random.binomial(_k(), jnp.ones(3), 0.5, shape=(2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r9_random_chisquare_df_shape_not_broadcastable():
    return random.chisquare(_k(), jnp.ones(3), shape=(2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r9_random_pareto_b_shape_not_broadcastable():
    return random.pareto(_k(), jnp.ones(3), shape=(2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r9_random_loggamma_a_shape_not_broadcastable():
    return random.loggamma(_k(), jnp.ones(3), shape=(2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r9_random_geometric_p_shape_not_broadcastable():
    return random.geometric(_k(), jnp.full(3, 0.5), shape=(2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r9_random_wald_mean_shape_not_broadcastable():
    return random.wald(_k(), jnp.ones(3), shape=(2,))


@mistake("pow got incompatible shapes for broadcasting: (2,), (3,).")
def r9_random_weibull_shape_not_broadcastable():
    return random.weibull_min(_k(), jnp.ones(3), jnp.ones(3), shape=(2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,), (), ()]")
def r9_random_triangular_shape_not_broadcastable():
    return random.triangular(_k(), jnp.zeros(3), 0.5, 1.0, shape=(2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,), ()]")
def r9_random_randint_minval_shape_not_broadcastable():
    return random.randint(_k(), (2,), jnp.zeros(3, jnp.int32), 10)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r9_random_normal_shape_string():
    return random.normal(_k(), "3")


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.0,).")
def r9_random_bernoulli_shape_float():
    return random.bernoulli(_k(), 0.5, (2.0,))


@mistake("dtype argument to `laplace` must be a float dtype, got int32")
def r9_random_laplace_int_dtype():
    return random.laplace(_k(), (2,), dtype=jnp.int32)


@mistake("dtype argument to `cauchy` must be a float dtype, got int32")
def r9_random_cauchy_int_dtype():
    return random.cauchy(_k(), (2,), dtype=jnp.int32)


@mistake("dtype argument to `logistic` must be a float dtype, got int32")
def r9_random_logistic_int_dtype():
    return random.logistic(_k(), (2,), dtype=jnp.int32)


@mistake("dtype argument to `rayleigh` must be a float dtype, got int32")
def r9_random_rayleigh_int_dtype():
    return random.rayleigh(_k(), 1.0, (2,), dtype=jnp.int32)


@mistake("dtype argument to `maxwell` must be a float dtype, got int32")
def r9_random_maxwell_int_dtype():
    return random.maxwell(_k(), (2,), dtype=jnp.int32)


@mistake("dtype argument to `beta` must be a float dtype, got int32")
def r9_random_beta_int_dtype():
    return random.beta(_k(), 1.0, 1.0, (2,), dtype=jnp.int32)


@mistake("dtype argument to `dirichlet` must be a float dtype, got int32")
def r9_random_dirichlet_int_dtype():
    return random.dirichlet(_k(), jnp.ones(3), dtype=jnp.int32)


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r9_random_orthogonal_int_dtype():
    return random.orthogonal(_k(), 3, dtype=jnp.int32)


@mistake("dtype argument to `gamma` must be a float dtype, got int32")
def r9_random_ball_int_dtype():
    return random.ball(_k(), 3, dtype=jnp.int32)


@mistake(
    "poisson accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r9_random_poisson_batched_keys():
    return random.poisson(_keys(), 3.0, (2,))


@mistake(
    "exponential accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r9_random_exponential_batched_keys():
    return random.exponential(_keys(), (2,))


@mistake(
    "laplace accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r9_random_laplace_batched_keys():
    return random.laplace(_keys(), (2,))


@mistake(
    "truncated_normal accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r9_random_truncated_normal_batched_keys():
    return random.truncated_normal(_keys(), -1.0, 1.0, (2,))


@mistake(
    "normal accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r9_random_normal_batched_keys_in_jit():
    return jax.jit(lambda k: random.normal(k, (2,)))(_keys())


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32",
)
def r9_random_normal_float_key_in_jit():
    return jax.jit(lambda k: random.normal(k, (2,)))(jnp.zeros(2))


@mistake("Cannot take a larger sample (size 4) than population (size 3) when 'replace=False'")
def r9_random_choice_replace_false_shape_too_big():
    return random.choice(_k(), 3, shape=(2, 2), replace=False)


@mistake("a must be greater than 0 unless no samples are taken")
def r9_random_choice_negative_population():
    return random.choice(_k(), -3, (2,))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r9_random_permutation_independent_string():
    return random.permutation(_k(), jnp.arange(6).reshape(2, 3), axis=2)


@mistake(
    "JAX array with PRNGKey dtype cannot be converted to a NumPy array. Use jax.random.key_data(arr) if you wish to extract the underlying integer array.",
)
def r9_random_typed_key_to_numpy():
    return np.asarray(_k())


@mistake(
    "lt does not accept dtype key<fry> at position 0. Accepted dtypes at position 0 are subtypes of integer, floating, bool.",
)
def r9_random_typed_key_comparison_less():
    return _k() < _k()


@mistake("add does not accept dtypes key<fry>, int32.")
def r9_random_typed_key_jnp_add():
    return jnp.add(_k(), 1)


@mistake("Cannot call abstract method astype")
def r9_random_typed_key_astype_uint32():
    return _k().astype(jnp.uint32)


@mistake("Cannot interpret 'key<fry>' as a data type")
def r9_random_typed_key_jnp_mean():
    return jnp.mean(_keys())


@mistake("Cannot convert_element_type from key<fry> to uint32")
def r9_random_typed_key_lax_convert():
    return lax.convert_element_type(_k(), jnp.uint32)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but got key<fry>.",
)
def r9_random_grad_wrt_key():
    return jax.grad(lambda k: random.normal(k))(_k())


# ---------------------------------------------------------------------------------------------
# jax.export: bytes, avals, symbolic shapes


def _export(f, *args, **kw):
    return _sub("export").export(jax.jit(f), **kw)(*args)


def _sym(spec, **kw):
    return _sub("export").symbolic_shape(spec, **kw)


@mistake("a bytes-like object is required, not 'Exported'")
def r9_export_deserialize_exported_object():
    return _sub("export").deserialize(_exported())


@mistake("a bytes-like object is required, not 'int'")
def r9_export_deserialize_int():
    return _sub("export").deserialize(3)


@mistake(
    "Shape mismatch for args[0].shape[0] (expected same constant): expected (2, 3) and called with (3, 2)",
)
def r9_export_call_wrong_shape_2d():
    exp = _export(lambda x: x.sum(), jax.ShapeDtypeStruct((2, 3), jnp.float32))
    return exp.call(jnp.ones((3, 2)))


@mistake("Dtype mismatch for args[0]: expected int32 and called with float32")
def r9_export_call_wrong_dtype_int():
    exp = _export(lambda x: x + 1, jax.ShapeDtypeStruct((3,), jnp.int32))
    return exp.call(jnp.ones(3))


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '<lambda>' was exported, but they have the following",
)
def r9_export_call_two_args_given_one():
    exp = _export(lambda x, y: x + y, jnp.ones(3), jnp.ones(3))
    return exp.call(jnp.ones(3))


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '<lambda>' was exported, but they have the following",
)
def r9_export_call_keyword_not_exported():
    exp = _export(lambda x: x * 2, jnp.ones(3))
    return exp.call(jnp.ones(3), y=jnp.ones(3))


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '<lambda>' was exported, but they have the following",
)
def r9_export_call_tuple_for_array():
    exp = _export(lambda x: x * 2, jnp.ones(3))
    return exp.call((jnp.ones(3),))


@mistake(
    "Shape mismatch for args[0].shape[0] (expected same constant): expected (3,) and called with (4,)",
)
def r9_export_call_of_deserialized_wrong_shape():
    exp = _sub("export").deserialize(_exported().serialize())
    return exp.call(jnp.ones(4))


@mistake("Input shapes do not match the polymorphic shapes specification.")
def r9_export_call_symbolic_dims_disagree():
    a = _sym("a")
    spec = jax.ShapeDtypeStruct(a, jnp.float32)
    exp = _export(lambda x, y: x + y, spec, spec)
    return exp.call(jnp.ones(3), jnp.ones(4))


@mistake("Input shapes do not match the symbolic shape constraint a >= 4.")
def r9_export_call_symbolic_constraint_violated():
    spec = jax.ShapeDtypeStruct(_sym("a", constraints=("a >= 4",)), jnp.float32)
    exp = _export(lambda x: x * 2, spec)
    return exp.call(jnp.ones(3))


@mistake("Input shapes do not match the polymorphic shapes specification.")
def r9_export_call_symbolic_divisible_violated():
    spec = jax.ShapeDtypeStruct(_sym("2*a"), jnp.float32)
    exp = _export(lambda x: x * 2, spec)
    return exp.call(jnp.ones(3))


@mistake("Symbolic dimension comparison 'a' > '2' is inconclusive.")
def r9_export_symbolic_if_on_dimension():
    def f(x):
        if x.shape[0] > 2:
            return x
        return -x

    return _export(f, jax.ShapeDtypeStruct(_sym("a"), jnp.float32))


@mistake("object cannot be interpreted as an integer")
def r9_export_symbolic_range_of_dimension():
    def f(x):
        return sum(x[i] for i in range(x.shape[0]))

    return _export(f, jax.ShapeDtypeStruct(_sym("a"), jnp.float32))


@mistake(
    "Cannot divide evenly the sizes of shapes (a,) and (3, -1). The remainder mod(a, - 3) should be 0.",
)
def r9_export_symbolic_reshape_not_dividing():
    return _export(lambda x: x.reshape(3, -1), jax.ShapeDtypeStruct(_sym("a"), jnp.float32))


@mistake("add got incompatible shapes for broadcasting: (a,), (b,).")
def r9_export_symbolic_add_different_dims():
    a, b = _sym("a, b")
    return _export(
        lambda x, y: x + y,
        jax.ShapeDtypeStruct((a,), jnp.float32),
        jax.ShapeDtypeStruct((b,), jnp.float32),
    )


@mistake("Invalid mixing of symbolic scopes when exporting <lambda>.")
def r9_export_symbolic_scopes_mixed():
    a = _sym("a")
    b = _sym("b")
    return _export(
        lambda x, y: x,
        jax.ShapeDtypeStruct(a, jnp.float32),
        jax.ShapeDtypeStruct(b, jnp.float32),
    )


@mistake("Constraint parsing error: must contain one of '==' or '>=' or '<='")
def r9_export_symbolic_constraint_bad_syntax():
    return _sym("a", constraints=("a > 2",))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r9_export_symbolic_constraint_unknown_dim_ok():
    return _sym("a, b", constraints=("c >= 2",))


@mistake("syntax error in symbolic shape 'a, , b'")
def r9_export_symbolic_shape_empty_name():
    return _sym("a, , b")


@mistake("polymorphic shape spec should be None or a string. Found ['a', 'b'].")
def r9_export_symbolic_shape_of_list():
    return _sym(["a", "b"])


@mistake("Symbolic dimension 'a' used in a context that requires a constant")
def r9_export_symbolic_int_of_dimension():
    return _export(lambda x: jnp.zeros(int(x.shape[0])), jax.ShapeDtypeStruct(_sym("a"), f32))


@mistake("dot_general requires contracting dimensions to have the same shape, got (a,) and (b,).")
def r9_export_symbolic_matmul_dims_differ():
    a, b = _sym("a, b")
    return _export(
        lambda x, y: x @ y,
        jax.ShapeDtypeStruct((3, a), jnp.float32),
        jax.ShapeDtypeStruct((b, 3), jnp.float32),
    )


@mistake("data type 'float33' not understood")
def r9_export_shape_dtype_struct_unknown_dtype():
    return jax.ShapeDtypeStruct((3,), "float33")


@mistake("returned a value of type <class 'object'>", "which is not a valid JAX type")
def r9_export_returns_object():
    return _export(lambda x: object(), jnp.ones(3))


@mistake(
    "r9_export_called_with_kwargs_export_time.<locals>.<lambda>() got an unexpected keyword argument 'y'",
)
def r9_export_called_with_kwargs_export_time():
    return _sub("export").export(jax.jit(lambda x: x))(x=jnp.ones(3), y=1)


@mistake("is not a valid JAX type")
def r9_export_call_with_python_string():
    return _exported().call("abc")


@mistake(
    "Function to be exported must be the result of `jit` but is: <function r9_export_mlir_module_of_lowered.<locals>.<lambda>",
)
def r9_export_mlir_module_of_lowered():
    return _sub("export").export(lambda x: x)(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# The jax.tree namespace


@mistake("pytree structure error: different pytree metadata at key path")
def r9_tree_map_dict_keys_differ():
    return jax.tree.map(lambda a, b: a + b, {"a": 1, "b": 2}, {"a": 1, "c": 2})


@mistake("pytree structure error: different types at key path")
def r9_tree_map_list_vs_tuple():
    return jax.tree.map(lambda a, b: a + b, [1, 2], (1, 2))


@mistake("pytree structure error: different lengths of list at key path")
def r9_tree_map_list_lengths():
    return jax.tree.map(lambda a, b: a + b, [1, 2], [1, 2, 3])


@mistake("unsupported operand type(s) for +: 'int' and 'list'")
def r9_tree_map_leaf_vs_list():
    return jax.tree.map(lambda a, b: a + b, [1, 2], [1, [2, 3]])


@mistake("pytree structure error: different types at key path")
def r9_tree_map_none_vs_leaf():
    return jax.tree.map(lambda a, b: a, [None, 1], [1, 1])


@mistake("pytree structure error: different types at key path")
def r9_tree_map_dict_vs_list():
    return jax.tree.map(lambda a, b: a, {"a": 1}, [1])


@mistake("'list' object is not callable")
def r9_tree_map_not_callable():
    return jax.tree.map([1, 2], [1, 2])


@mistake("'dict' object is not callable")
def r9_tree_map_arguments_swapped():
    return jax.tree.map({"a": 1}, lambda x: x)


@mistake(
    "r9_tree_map_function_arity.<locals>.<lambda>() takes 1 positional argument but 2 were given",
)
def r9_tree_map_function_arity():
    return jax.tree.map(lambda a: a, [1, 2], [3, 4])


@mistake("pytree structure error: different pytree metadata at key path")
def r9_tree_map_with_path_structure():
    return jax.tree.map_with_path(lambda p, a, b: a, {"a": 1}, {"b": 1})


@mistake(
    "r9_tree_map_with_path_arity.<locals>.<lambda>() takes 1 positional argument but 2 were given",
)
def r9_tree_map_with_path_arity():
    return jax.tree.map_with_path(lambda a: a, [1, 2])


@mistake("Too few leaves for PyTreeDef; expected 3, got 2")
def r9_tree_unflatten_too_few_leaves():
    return jax.tree.unflatten(jax.tree.structure([1, 2, 3]), [1, 2])


@mistake("Too many leaves for PyTreeDef; expected 2.")
def r9_tree_unflatten_too_many_leaves():
    return jax.tree.unflatten(jax.tree.structure((1, 2)), [1, 2, 3])


@mistake("'list' object has no attribute 'unflatten'")
def r9_tree_unflatten_swapped():
    return jax.tree.unflatten([1, 2], jax.tree.structure([1, 2]))


@mistake("'list' object has no attribute 'unflatten'")
def r9_tree_unflatten_of_list_structure():
    return jax.tree.unflatten([0, 0], [1, 2])


@mistake("reduce() of empty iterable with no initial value")
def r9_tree_reduce_empty():
    return jax.tree.reduce(lambda a, b: a + b, [])


@mistake("'int' object is not callable")
def r9_tree_reduce_not_callable():
    return jax.tree.reduce(0, [1, 2])


@mistake("Mismatch")
def r9_tree_transpose_wrong_outer():
    outer = jax.tree.structure([0, 0])
    inner = jax.tree.structure((0, 0))
    return jax.tree.transpose(outer, inner, [(1, 2), (3, 4), (5, 6)])


@mistake("Mismatch")
def r9_tree_transpose_wrong_inner():
    outer = jax.tree.structure([0, 0])
    inner = jax.tree.structure((0, 0))
    return jax.tree.transpose(outer, inner, [(1, 2, 3), (4, 5, 6)])


@mistake("is_leaf predicate returned a non-boolean value 'yes'; expected a boolean")
def r9_tree_flatten_is_leaf_returns_string_ok():
    return jax.tree.flatten([1, [2]], is_leaf=lambda x: "yes")


@mistake(
    "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()",
)
def r9_tree_all_of_array_leaf():
    return jax.tree.all([jnp.ones(3)])


@mistake("pytree structure error: different types at key path")
def r9_tree_map_ordered_dict_vs_dict():
    import collections

    return jax.tree.map(lambda a, b: a, collections.OrderedDict(a=1), {"a": 1})


@mistake("pytree structure error: different types at key path")
def r9_tree_map_default_dict_vs_dict():
    import collections

    d = collections.defaultdict(int, a=1)
    return jax.tree.map(lambda a, b: a, d, {"a": 1})


@mistake("'NoneType' object has no attribute 'unflatten'")
def r9_tree_structure_num_leaves_compare_tree():
    return jax.tree.structure([1, 2]) == [1, 2] or jax.tree.unflatten(None, [1])


@mistake("Too many leaves for PyTreeDef; expected 1.")
def r9_tree_flatten_with_path_then_unflatten_paths():
    leaves, treedef = jax.tree.flatten_with_path({"a": 1})
    return jax.tree.unflatten(treedef, leaves + leaves)


@mistake("pytree structure error: different types at key path")
def r9_tree_map_namedtuple_types_differ():
    import collections

    A = collections.namedtuple("A", "x y")
    B = collections.namedtuple("B", "x y")
    return jax.tree.map(lambda a, b: a, A(1, 2), B(1, 2))


@mistake("pytree structure error: different lengths of list at key path")
def r9_tree_broadcast_mismatch():
    return jax.tree.broadcast([1, 2], [1, 2, 3])


# ---------------------------------------------------------------------------------------------
# vmap: in_axes / out_axes trees that do not match the arguments


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r9_vmap_in_axes_tuple_for_single_array_arg():
    return jax.vmap(lambda x, y: x + y, in_axes=(0, (0, 0)))(jnp.ones(3), jnp.ones(3))


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r9_vmap_in_axes_dict_for_list_arg():
    return jax.vmap(lambda x: x[0], in_axes=({"a": 0},))([jnp.ones(3)])


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r9_vmap_in_axes_tuple_inner_too_short():
    return jax.vmap(lambda t: t[0], in_axes=((0, 0),))((jnp.ones(3), jnp.ones(3), jnp.ones(3)))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments passed to the function, but got {'a': 0}",
)
def r9_vmap_in_axes_dict_top_level():
    return jax.vmap(lambda d: d["a"], in_axes={"a": 0})({"a": jnp.ones(3)})


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r9_vmap_in_axes_dict_key_missing_in_arg():
    return jax.vmap(lambda d: d["a"], in_axes=({"a": 0, "b": 0},))({"a": jnp.ones(3)})


@mistake(
    "vmap was requested to map its argument along axis 1, which implies that its rank should be at least 2, but is only 1 (its shape is (3,))",
)
def r9_vmap_in_axes_leaf_axis_out_of_range():
    return jax.vmap(lambda d: d["a"], in_axes=({"a": 1},))({"a": jnp.ones(3)})


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r9_vmap_in_axes_list_leaf_sizes_differ():
    return jax.vmap(lambda t: t[0] + t[1], in_axes=([0, 0],))([jnp.ones(3), jnp.ones(4)])


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r9_vmap_in_axes_namedtuple_vs_tuple():
    import collections

    A = collections.namedtuple("A", "x y")
    return jax.vmap(lambda a: a.x, in_axes=(A(0, 0),))((jnp.ones(3), jnp.ones(3)))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r9_vmap_out_axes_dict_vs_tuple():
    return jax.vmap(lambda x: (x, x), out_axes={"a": 0})(jnp.ones(3))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r9_vmap_out_axes_tuple_too_long_for_pair():
    return jax.vmap(lambda x: (x, x), out_axes=(0, 0, 0))(jnp.ones(3))


@mistake("axis 2 is out of bounds for array of dimension 1")
def r9_vmap_out_axes_leaf_beyond_rank():
    return jax.vmap(lambda x: (x, x), out_axes=(0, 2))(jnp.ones(3))


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r9_vmap_in_axes_none_everywhere_in_tree():
    return jax.vmap(lambda t: t[0], in_axes=((None, None),))((jnp.ones(3), jnp.ones(3)))


@mistake(
    "vmap in_axes must be an int, None, or (nested) container with those types as leaves, but got (('0', 0),).",
)
def r9_vmap_in_axes_string_leaf():
    return jax.vmap(lambda t: t[0], in_axes=(("0", 0),))((jnp.ones(3), jnp.ones(3)))


@mistake(
    "vmap in_axes must be an int, None, or (nested) container with those types as leaves, but got ((0.0, 0),).",
)
def r9_vmap_in_axes_float_leaf():
    return jax.vmap(lambda t: t[0], in_axes=((0.0, 0),))((jnp.ones(3), jnp.ones(3)))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be at least 1, but is only 0 (its shape is ())",
)
def r9_vmap_in_axes_prefix_scalar_leaf():
    return jax.vmap(lambda t: t[0] + t[1], in_axes=(0,))((jnp.ones(3), 2.0))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r9_vmap_kwargs_mapped_sizes_differ():
    return jax.vmap(lambda x, y: x + y)(jnp.ones(3), y=jnp.ones(4))


@mistake("Found an unbound axis name: k. To fix this, please call psum under `jax.shard_map`.")
def r9_vmap_axis_name_psum_other_name_nested():
    f = jax.vmap(jax.vmap(lambda x: lax.psum(x, "k"), axis_name="i"), axis_name="j")
    return f(jnp.ones((2, 3)))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r9_vmap_in_axes_tree_in_jit():
    f = jax.vmap(lambda d: d["a"] + d["b"], in_axes=({"a": 0, "b": 1},))
    return jax.jit(f)({"a": jnp.ones(3), "b": jnp.ones((2, 4))})


# ---------------------------------------------------------------------------------------------
# custom_jvp / custom_vjp: tangents and cotangents of the wrong dtype or structure


def _cjvp(rule, primal=None):
    f = jax.custom_jvp(primal or (lambda x: x * 2))
    f.defjvp(rule)
    return f


def _cvjp(bwd, fwd=None):
    f = jax.custom_vjp(lambda x: x * 2)
    f.defvjp(fwd or (lambda x: (x * 2, None)), bwd)
    return f


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes.",
)
def r9_custom_jvp_tangent_float16():
    f = _cjvp(lambda p, t: (p[0] * 2, jnp.float16(1)))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes.",
)
def r9_custom_jvp_tangent_complex_for_real():
    f = _cjvp(lambda p, t: (p[0] * 2, t[0] * 1j))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes.",
)
def r9_custom_jvp_tangent_int_in_grad():
    f = _cjvp(lambda p, t: (p[0] * 2, jnp.int32(1)))
    return jax.grad(f)(1.0)


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes.",
)
def r9_custom_jvp_tangent_shape_in_jvp_of_vector():
    f = _cjvp(lambda p, t: (p[0] * 2, t[0].sum()))
    return jax.jvp(f, (jnp.ones(3),), (jnp.ones(3),))


@mistake("Custom JVP rule must produce primal and tangent outputs with corresponding shapes")
def r9_custom_jvp_tuple_output_tangent_dtype():
    f = jax.custom_jvp(lambda x: (x, x))
    f.defjvp(lambda p, t: ((p[0], p[0]), (t[0], jnp.float16(1))))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("must produce primal and tangent outputs with equal container (pytree) structures")
def r9_custom_jvp_tangent_tuple_lengths():
    f = jax.custom_jvp(lambda x: (x, x))
    f.defjvp(lambda p, t: ((p[0], p[0]), (t[0],)))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes.",
)
def r9_custom_jvp_primal_out_shape_differs():
    f = _cjvp(lambda p, t: (p[0].sum(), t[0]))
    return jax.jvp(f, (jnp.ones(3),), (jnp.ones(3),))


@mistake(
    "Custom JVP rule <lambda> for function <lambda> must produce a pair (list or tuple of length two) representing primal and tangent outputs, but got",
)
def r9_custom_jvp_rule_returns_none():
    f = _cjvp(lambda p, t: None)
    return jax.jvp(f, (1.0,), (1.0,))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r9_custom_vjp_bwd_float16_cotangent():
    return jax.grad(_cvjp(lambda r, g: (g.astype(jnp.float16),)))(1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same type as the args tuple of the primal function, but at output[0] the bwd rule produced an",
)
def r9_custom_vjp_bwd_vector_cotangent_for_scalar():
    return jax.grad(_cvjp(lambda r, g: (jnp.ones(3),)))(1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple of the primal function, and in particular",
)
def r9_custom_vjp_bwd_list_for_two_args():
    f = jax.custom_vjp(lambda x, y: x * y)
    f.defvjp(lambda x, y: (x * y, (x, y)), lambda r, g: (g,))
    return jax.grad(f)(1.0, 2.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple of the primal function, and in particular",
)
def r9_custom_vjp_bwd_dict_for_tuple():
    return jax.grad(_cvjp(lambda r, g: {"x": g}))(1.0)


@mistake(
    "Custom VJP fwd rule <lambda> for function <lambda> must produce a pair (list or tuple of length two) where the first element represents the primal",
)
def r9_custom_vjp_fwd_returns_single():
    return jax.grad(_cvjp(lambda r, g: (g,), fwd=lambda x: x * 2))(1.0)


# ---------------------------------------------------------------------------------------------
# Loop carries whose leaves change type


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r9_scan_carry_dict_leaf_dtype():
    def body(c, x):
        return {"a": c["a"], "b": c["b"].astype(jnp.int32)}, x

    return lax.scan(body, {"a": 0.0, "b": jnp.float32(0)}, jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r9_scan_carry_two_leaves_change():
    def body(c, x):
        return (c[0].astype(jnp.int32), jnp.ones(2)), x

    return lax.scan(body, (jnp.float32(0), jnp.float32(0)), jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r9_scan_carry_bool_to_int():
    return lax.scan(lambda c, x: (c.astype(jnp.int32), x), jnp.bool_(True), jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r9_scan_carry_vector_to_matrix():
    return lax.scan(lambda c, x: (c[None], x), jnp.ones(3), jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r9_scan_carry_python_int_init_float_body():
    return lax.scan(lambda c, x: (c + x, x), 0, jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r9_scan_carry_int_init_float_body_in_jit():
    return jax.jit(lambda xs: lax.scan(lambda c, x: (c * 0.5, x), jnp.int32(1), xs))(jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they differ:",
)
def r9_scan_carry_dict_gains_key():
    return lax.scan(lambda c, x: ({"a": c["a"], "b": x}, x), {"a": 0.0}, jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r9_scan_carry_nested_leaf_shape():
    def body(c, x):
        return (c[0], (c[1][0], jnp.ones(2))), x

    return lax.scan(body, (0.0, (0.0, 0.0)), jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r9_scan_ys_structure_changes_ok():
    return lax.scan(lambda c, x: (c, {"y": x}), 0.0, jnp.ones(3))[1]["y"].shape


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r9_while_carry_dict_leaf_dtype():
    return lax.while_loop(
        lambda c: c["i"] < 3, lambda c: {"i": c["i"] + 1, "v": c["v"] * 0.5}, {"i": 0, "v": 1}
    )


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure, but they differ:",
)
def r9_while_carry_tuple_grows():
    return lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1], c[1]), (0, 1.0))


@mistake(
    "while_loop body function carry input and carry output must have equal types, but they differ:",
)
def r9_while_carry_shape_grows():
    return lax.while_loop(lambda c: c.sum() < 3, lambda c: jnp.concatenate([c, c]), jnp.ones(1))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r9_fori_loop_carry_dict_leaf_dtype():
    return lax.fori_loop(0, 3, lambda i, c: {"a": c["a"] * 0.5}, {"a": 1})


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r9_fori_loop_carry_tuple_leaf_shape():
    return lax.fori_loop(0, 3, lambda i, c: (c[0], jnp.ones(3)), (1.0, 1.0))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r9_fori_loop_carry_bool_to_float():
    return lax.fori_loop(0, 3, lambda i, c: c * 1.0, True)


@mistake("cond branches must have equal output types but they differ.")
def r9_cond_branches_dict_leaf_dtype():
    return lax.cond(True, lambda: {"a": jnp.float32(1)}, lambda: {"a": jnp.int32(1)})


@mistake("cond branches must have equal output types but they differ.")
def r9_cond_branches_nested_shape():
    return lax.cond(True, lambda: (1.0, (jnp.ones(2),)), lambda: (1.0, (jnp.ones(3),)))


@mistake("switch branch outputs must have the same pytree structure, but they differ:")
def r9_switch_branches_dict_keys():
    return lax.switch(0, [lambda: {"a": 1.0}, lambda: {"b": 1.0}])


# ---------------------------------------------------------------------------------------------
# checkify


def _cfy(f, **kw):
    return checkify.checkify(f, **kw)


@mistake("x must be positive (`check` failed)")
def r9_checkify_check_in_vmap_thrown():
    def f(x):
        checkify.check(jnp.all(x > 0), "x must be positive")
        return x

    err, _ = _cfy(jax.vmap(f))(jnp.array([1.0, -1.0]))
    err.throw()


@mistake("c reached 2 (`check` failed)")
def r9_checkify_check_in_while_thrown():
    def f(x):
        def body(c):
            checkify.check(c < 2, "c reached {c}", c=c)
            return c + 1

        return lax.while_loop(lambda c: c < 5, body, x)

    err, _ = _cfy(f)(0)
    err.throw()


@mistake("i too big (`check` failed)")
def r9_checkify_check_in_fori_thrown():
    def f(x):
        def body(i, c):
            checkify.check(i < 2, "i too big")
            return c

        return lax.fori_loop(0, 5, body, x)

    err, _ = _cfy(f)(0.0)
    err.throw()


@mistake("y small (`check` failed)")
def r9_checkify_check_in_cond_thrown():
    def f(x):
        def bad(y):
            checkify.check(y > 10, "y small")
            return y

        return lax.cond(x > 0, bad, lambda y: y, x)

    err, _ = _cfy(f)(1.0)
    err.throw()


@mistake("need positive (`check` failed)")
def r9_checkify_check_in_jit_of_checkify_thrown():
    def f(x):
        checkify.check(x > 0, "need positive")
        return x

    err, _ = jax.jit(_cfy(f))(-1.0)
    err.throw()


@mistake("nan generated by primitive: log.")
def r9_checkify_nan_checks_log_thrown():
    err, _ = _cfy(lambda x: jnp.log(x), errors=checkify.nan_checks)(-1.0)
    err.throw()


@mistake(
    "out-of-bounds indexing for array of shape (3,): index 5 is out of bounds for axis 0 with size 3.",
)
def r9_checkify_index_checks_gather_thrown():
    err, _ = _cfy(lambda x, i: x[i], errors=checkify.index_checks)(jnp.ones(3), 5)
    err.throw()


@mistake("integer division or modulo by zero")
def r9_checkify_div_checks_int_thrown():
    err, _ = _cfy(lambda x, y: x // y, errors=checkify.div_checks)(1, 0)
    err.throw()


@mistake(
    "Formatting arguments to checkify.check need to be PyTrees of arrays, but got -1.0 of type <class 'float'>.",
)
def r9_checkify_check_format_extra_positional():
    return _cfy(lambda x: checkify.check(x > 0, "x={}", x, x))(-1.0)


@mistake("'tuple' object has no attribute 'throw'")
def r9_checkify_throw_on_tuple():
    out = _cfy(lambda x: x)(1.0)
    return out.throw()


@mistake("check takes a scalar pred as argument, got JitTracer(int32[])")
def r9_checkify_check_pred_int():
    return _cfy(lambda x: checkify.check(jnp.int32(1), "int pred"))(1.0)


@mistake("debug positive (`check` failed)")
def r9_checkify_debug_check_thrown():
    def f(x):
        checkify.debug_check(x > 0, "debug positive")
        return x

    err, _ = _cfy(f)(-1.0)
    err.throw()


# ---------------------------------------------------------------------------------------------
# jnp keyword typos (TypeError with Python's "unexpected keyword argument" words)


@mistake("sum() got an unexpected keyword argument 'axes'")
def r9_kw_sum_axes():
    return jnp.sum(jnp.ones((2, 3)), axes=0)


@mistake("mean() got an unexpected keyword argument 'keepdim'")
def r9_kw_mean_keepdim():
    return jnp.mean(jnp.ones((2, 3)), keepdim=True)


@mistake("max() got an unexpected keyword argument 'dim'")
def r9_kw_max_dim():
    return jnp.max(jnp.ones((2, 3)), dim=0)


@mistake("argmax() got an unexpected keyword argument 'dim'")
def r9_kw_argmax_dim():
    return jnp.argmax(jnp.ones((2, 3)), dim=0)


@mistake("concatenate() got an unexpected keyword argument 'dim'")
def r9_kw_concatenate_dim():
    return jnp.concatenate([jnp.ones(2), jnp.ones(2)], dim=0)


@mistake("stack() got an unexpected keyword argument 'dim'")
def r9_kw_stack_dim():
    return jnp.stack([jnp.ones(2), jnp.ones(2)], dim=0)


@mistake("zeros() got an unexpected keyword argument 'dtypes'")
def r9_kw_zeros_dtypes():
    return jnp.zeros((2,), dtypes=jnp.float32)


@mistake("array() got an unexpected keyword argument 'dtypes'")
def r9_kw_array_dtypes():
    return jnp.array([1, 2], dtypes=jnp.float32)


@mistake("linspace() got an unexpected keyword argument 'num_points'")
def r9_kw_linspace_num_points():
    return jnp.linspace(0.0, 1.0, num_points=5)


@mistake("arange() got an unexpected keyword argument 'stepsize'")
def r9_kw_arange_stepsize():
    return jnp.arange(0, 5, stepsize=1)


@mistake("clip() got an unexpected keyword argument 'lower'")
def r9_kw_clip_lower():
    return jnp.clip(jnp.ones(3), lower=0.0)


@mistake("transpose() got an unexpected keyword argument 'perm'")
def r9_kw_transpose_perm():
    return jnp.transpose(jnp.ones((2, 3)), perm=(1, 0))


@mistake("sort() got an unexpected keyword argument 'dim'")
def r9_kw_sort_dim():
    return jnp.sort(jnp.ones((2, 3)), dim=0)


@mistake("cumsum() got an unexpected keyword argument 'dim'")
def r9_kw_cumsum_dim():
    return jnp.cumsum(jnp.ones(3), dim=0)


@mistake("squeeze() got an unexpected keyword argument 'dim'")
def r9_kw_squeeze_dim():
    return jnp.squeeze(jnp.ones((1, 3)), dim=0)


@mistake("expand_dims() got an unexpected keyword argument 'dim'")
def r9_kw_expand_dims_dim():
    return jnp.expand_dims(jnp.ones(3), dim=0)


@mistake("split() got an unexpected keyword argument 'sections'")
def r9_kw_split_sections():
    return jnp.split(jnp.ones(4), sections=2)


@mistake("full() got an unexpected keyword argument 'fill'")
def r9_kw_full_fill():
    return jnp.full((2,), fill=1.0)


@mistake("repeat() got an unexpected keyword argument 'repeat'")
def r9_kw_repeat_repeat():
    return jnp.repeat(jnp.ones(3), repeat=2)


@mistake("einsum() got an unexpected keyword argument 'optimise'")
def r9_kw_einsum_optimise():
    return jnp.einsum("i,i->", jnp.ones(3), jnp.ones(3), optimise=True)


@mistake("norm() got an unexpected keyword argument 'order'")
def r9_kw_norm_order():
    return jnp.linalg.norm(jnp.ones(3), order=2)


@mistake("std() got an unexpected keyword argument 'unbiased'")
def r9_kw_std_unbiased():
    return jnp.std(jnp.ones(3), unbiased=True)


@mistake("ddof and correction can't be provided simultaneously.")
def r9_kw_var_ddof_and_correction():
    return jnp.var(jnp.ones(3), ddof=1, correction=1)


@mistake("take() got an unexpected keyword argument 'dim'")
def r9_kw_take_dim():
    return jnp.take(jnp.ones(3), jnp.array([0]), dim=0)


@mistake("flip() got an unexpected keyword argument 'dims'")
def r9_kw_flip_dims():
    return jnp.flip(jnp.ones(3), dims=0)


@mistake("roll() got an unexpected keyword argument 'shifts'")
def r9_kw_roll_shifts():
    return jnp.roll(jnp.ones(3), shifts=1)


@mistake("unique() got an unexpected keyword argument 'return_count'")
def r9_kw_unique_return_count():
    return jnp.unique(jnp.ones(3), return_count=True)


@mistake("histogram() got an unexpected keyword argument 'nbins'")
def r9_kw_histogram_nbins():
    return jnp.histogram(jnp.ones(3), nbins=10)


@mistake("round() got an unexpected keyword argument 'digits'")
def r9_kw_round_digits():
    return jnp.round(jnp.ones(3), digits=2)


@mistake("isclose() got an unexpected keyword argument 'tolerance'")
def r9_kw_isclose_tolerance():
    return jnp.isclose(jnp.ones(3), jnp.ones(3), tolerance=1e-3)


@mistake("eye() got an unexpected keyword argument 'dtypes'")
def r9_kw_eye_dtypes():
    return jnp.eye(3, dtypes=jnp.float32)


@mistake("reshape() got an unexpected keyword argument 'new_shape'")
def r9_kw_reshape_new_shape_typo():
    return jnp.reshape(jnp.ones(6), new_shape=(2, 3))


@mistake("where() got some positional-only arguments passed as keyword arguments: 'x, y'")
def r9_kw_where_condition_keyword():
    return jnp.where(cond=jnp.ones(3) > 0, x=1.0, y=0.0)


@mistake("matmul() got an unexpected keyword argument 'transpose_b'")
def r9_kw_matmul_transpose_b():
    return jnp.matmul(jnp.ones((2, 3)), jnp.ones((2, 3)), transpose_b=True)


@mistake("unsupported keyword arguments for mode 'constant': {'value'}")
def r9_kw_pad_value():
    return jnp.pad(jnp.ones(3), 1, value=0.0)


@mistake("argsort() got an unexpected keyword argument 'reverse'")
def r9_kw_argsort_descending_and_stable_typo():
    return jnp.argsort(jnp.ones(3), reverse=True)


@mistake("conv() got an unexpected keyword argument 'padding_mode'")
def r9_kw_lax_conv_padding_typo():
    return lax.conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2)), (1, 1), padding_mode="SAME")


@mistake("reduce() got an unexpected keyword argument 'axis'")
def r9_kw_lax_reduce_axis():
    return lax.reduce(jnp.ones(3), 0.0, lax.add, axis=(0,))


@mistake("normal() got an unexpected keyword argument 'size'")
def r9_kw_random_normal_size():
    return random.normal(random.key(0), size=(3,))


@mistake("uniform() got an unexpected keyword argument 'low'")
def r9_kw_random_uniform_low_high():
    return random.uniform(random.key(0), (3,), low=0.0, high=1.0)


@mistake("randint() got an unexpected keyword argument 'low'")
def r9_kw_random_randint_low_high():
    return random.randint(random.key(0), (3,), low=0, high=5)


@mistake("jit() got an unexpected keyword argument 'static_argnum'")
def r9_kw_jit_static_argnum_singular():
    return jax.jit(lambda x, n: x * n, static_argnum=1)(1.0, 2)


@mistake("grad() got an unexpected keyword argument 'argnum'")
def r9_kw_grad_argnum_singular():
    return jax.grad(lambda x, y: x * y, argnum=1)(1.0, 2.0)


@mistake("vmap() got an unexpected keyword argument 'in_axis'")
def r9_kw_vmap_in_axis_singular():
    return jax.vmap(lambda x: x, in_axis=0)(jnp.ones(3))


@mistake("scan() got an unexpected keyword argument 'initial'")
def r9_kw_scan_init_keyword():
    return lax.scan(lambda c, x: (c, x), initial=0.0, xs=jnp.ones(3))


@mistake("cond() got an unexpected keyword argument 'predicate'")
def r9_kw_cond_pred_keyword():
    return lax.cond(predicate=True, true_fun=lambda: 1.0, false_fun=lambda: 2.0)


@mistake("device_put() got an unexpected keyword argument 'sharding'")
def r9_kw_device_put_sharding_keyword():
    return jax.device_put(jnp.ones(4), sharding=NamedSharding(mesh2, P("x")))


@mistake("shard_map() got an unexpected keyword argument 'in_spec'")
def r9_kw_shard_map_in_spec_singular():
    return jax.shard_map(lambda x: x, mesh=mesh2, in_spec=P("x"), out_specs=P("x"))(jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# Meshes and device lists of the wrong size


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second argument (`axis_names`)",
)
def r9_mesh_devices_reshape_wrong():
    return Mesh(np.array(jax.devices()).reshape(2, 4), ("x",))


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second argument (`axis_names`)",
)
def r9_mesh_of_device_list_two_names():
    return Mesh(jax.devices(), ("x", "y"))


@mistake("Number of devices 8 must be >= the product of mesh_shape (4, 4)")
def r9_make_mesh_shape_product_sixteen():
    return jax.make_mesh((4, 4), ("x", "y"))


@mistake("can only specify one unknown dimension")
def r9_make_mesh_negative_axis():
    return jax.make_mesh((-2, -4), ("x", "y"))


@mistake("is_fully_addressable is not implemented for `jax.sharding.AbstractMesh`.")
def r9_device_put_named_sharding_on_abstract_mesh():
    amesh = jax.sharding.AbstractMesh((2,), ("x",))
    return jax.device_put(jnp.ones(4), NamedSharding(amesh, P("x")))


@mistake("'tuple' object has no attribute 'size'")
def r9_named_sharding_mesh_is_tuple():
    return NamedSharding((2, 4), P("x"))


@mistake(
    "in_shardings leaf specifications are expected to be PartitionSpec instances or None, but got cpu:0",
)
def r9_jit_in_shardings_device():
    return jax.jit(lambda x: x, in_shardings=jax.devices()[0])(jnp.ones(4))


@mistake(
    "out_shardings leaf specifications are expected to be PartitionSpec instances or None, but got",
)
def r9_jit_out_shardings_device_list():
    return jax.jit(lambda x: x, out_shardings=jax.devices())(jnp.ones(4))


@mistake("device_put device specification must be a tree prefix of the corresponding value")
def r9_device_put_list_of_shardings_for_single_array():
    s = NamedSharding(mesh2, P("x"))
    return jax.device_put(jnp.ones(4), [s, s])


@mistake("device_put device specification must be a tree prefix of the corresponding value")
def r9_device_put_two_arrays_one_sharding_list():
    s = NamedSharding(mesh2, P("x"))
    return jax.device_put((jnp.ones(4), jnp.ones(4)), [s])


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `jax.memory.Space` or a pytree of these values.",
)
def r9_device_put_string_device():
    return jax.device_put(jnp.ones(4), "cpu:0")


@mistake("Received incompatible devices for jitted computation.")
def r9_jit_in_shardings_two_meshes():
    other = jax.make_mesh((4,), ("x",), devices=jax.devices()[:4])
    a = NamedSharding(mesh2, P("x"))
    b = NamedSharding(other, P("x"))
    return jax.jit(lambda x, y: x + y, in_shardings=(a, b))(jnp.ones(4), jnp.ones(4))


@mistake("Received incompatible devices for jitted computation.")
def r9_wsc_sharding_of_other_mesh_devices():
    other = jax.make_mesh((4,), ("x",), devices=jax.devices()[4:])
    s = NamedSharding(other, P("x"))
    x = jax.device_put(jnp.ones(8), NamedSharding(mesh2, P("x")))
    return jax.jit(lambda y: y * 2, out_shardings=s)(x) + x


@mistake(
    "shard_map requires a `jax.sharding.Mesh` or a `jax.sharding.AbstractMesh` instance for its second argument, but got [CpuDevice(id=0),",
)
def r9_shard_map_mesh_of_device_list():
    return jax.shard_map(lambda x: x, mesh=jax.devices(), in_specs=P("x"), out_specs=P("x"))(
        jnp.ones(4)
    )


@mistake("pmap requires at least one argument with a mapped axis")
def r9_pmap_of_scalar_argument():
    return jax.pmap(lambda x: x * 2)(3.0)


# ---------------------------------------------------------------------------------------------
# Collectives outside the mapped axis


@mistake("Found an unbound axis name: x")
def r9_psum_axis_tuple_unbound():
    return jax.jit(lambda x: lax.psum(x, ("x", "y")))(jnp.ones(3))


@mistake("Found an unbound axis name: j")
def r9_pmean_in_vmap_other_name():
    return jax.vmap(lambda x: lax.pmean(x, "j"), axis_name="i")(jnp.ones(3))


@mistake("unbound axis name: i")
def r9_all_gather_in_jit_unbound():
    return jax.jit(lambda x: lax.all_gather(x, "i"))(jnp.ones(3))


@mistake(
    "Found an unbound axis name: i. To fix this, please call axis_index under `jax.shard_map`.",
)
def r9_axis_index_in_grad_unbound():
    return jax.grad(lambda x: x * lax.axis_index("i"))(1.0)


@mistake("")
def r9_psum_in_shard_map_other_mesh_axis():
    return _smap(lambda x: lax.psum(x, "y"), P("x"), P())(jnp.ones(4))


@mistake("Found an unbound axis name: j")
def r9_pmax_in_pmap_other_name():
    return jax.pmap(lambda x: lax.pmax(x, "j"), axis_name="i")(jnp.ones((2, 3)))


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r9_psum_in_cond_branch_unbound():
    return jax.jit(lambda x: lax.cond(x > 0, lambda y: lax.psum(y, "i"), lambda y: y, x))(1.0)


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r9_psum_in_scan_body_unbound():
    return lax.scan(lambda c, x: (lax.psum(c, "i"), x), 0.0, jnp.ones(3))


@mistake("unbound axis name: j")
def r9_axis_size_in_vmap_other_name():
    return jax.vmap(lambda x: x * lax.axis_size("j"), axis_name="i")(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# jit of functions returning non-arrays


@mistake("returned a value of type <class 'range'>", "which is not a valid JAX type")
def r9_jit_returns_range():
    return jax.jit(lambda x: range(3))(1.0)


@mistake("returned a value of type <class 'ellipsis'>", "which is not a valid JAX type")
def r9_jit_returns_ellipsis():
    return jax.jit(lambda x: ...)(1.0)


@mistake("returned a value of type <class 'type'>", "which is not a valid JAX type")
def r9_jit_returns_class():
    return jax.jit(lambda x: int)(1.0)


@mistake("returned a value of type <class 'numpy.str_'>", "which is not a valid JAX type")
def r9_jit_returns_numpy_string():
    return jax.jit(lambda x: np.str_("a"))(1.0)


@mistake("returned a value of type <class 'str'>", "which is not a valid JAX type")
def r9_jit_returns_list_with_string():
    return jax.jit(lambda x: [x, "done"])(1.0)


@mistake("returned a value of type <class 'ValueError'>", "which is not a valid JAX type")
def r9_jit_returns_exception():
    return jax.jit(lambda x: ValueError("bad"))(1.0)


@mistake("returned a value of type <class 'module'>", "which is not a valid JAX type")
def r9_jit_returns_module():
    return jax.jit(lambda x: np)(1.0)


@mistake("returned a value of type <enum 'Precision'>", "which is not a valid JAX type")
def r9_jit_returns_precision_enum():
    return jax.jit(lambda x: lax.Precision.HIGHEST)(1.0)


@mistake("Output from batched function 'a' with type <class 'str'> is not a valid JAX type")
def r9_vmap_returns_string():
    return jax.vmap(lambda x: "a")(jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r9_grad_has_aux_aux_string_ok():
    return jax.grad(lambda x: (x * 2, "aux"), has_aux=True)(1.0)


@mistake("returned a value of type <class 'str'>", "which is not a valid JAX type")
def r9_scan_body_returns_string_ys():
    return lax.scan(lambda c, x: (c, "y"), 0.0, jnp.ones(3))


@mistake("returned a value of type <class 'object'>", "which is not a valid JAX type")
def r9_cond_branch_returns_object():
    return lax.cond(True, lambda: object(), lambda: object())


@mistake("returned a value of type <class 'str'>", "which is not a valid JAX type")
def r9_eval_shape_returns_string():
    return jax.eval_shape(lambda x: "a", 1.0)


@mistake("returned a value of type <class 'object'>", "which is not a valid JAX type")
def r9_make_jaxpr_returns_object():
    return jax.make_jaxpr(lambda x: object())(1.0)


# ---------------------------------------------------------------------------------------------
# Leaked tracers


@mistake("Encountered an unexpected tracer")
def r9_leak_via_class_attribute():
    class Holder:
        value = None

    def f(x):
        Holder.value = x
        return x

    jax.jit(f)(1.0)
    return Holder.value + 1


@mistake("Encountered an unexpected tracer")
def r9_leak_via_default_dict():
    store = {}

    def f(x):
        store["x"] = x * 2
        return x

    jax.jit(f)(1.0)
    return jnp.sin(store["x"])


@mistake("Encountered an unexpected tracer")
def r9_leak_via_partial():
    import functools

    fns = []

    def f(x):
        fns.append(functools.partial(jnp.add, x))
        return x

    jax.jit(f)(1.0)
    return fns[0](1.0)


@mistake("Encountered an unexpected tracer")
def r9_leak_from_fori_body():
    seen = []

    def body(i, c):
        seen.append(c)
        return c + 1

    lax.fori_loop(0, 3, body, 0.0)
    return seen[0] * 2


@mistake("Encountered an unexpected tracer")
def r9_leak_from_lax_map():
    seen = []

    def f(x):
        seen.append(x)
        return x

    lax.map(f, jnp.ones(3))
    return seen[0] + 1


@mistake("Encountered an unexpected tracer")
def r9_leak_from_jit_used_in_another_jit():
    seen = []

    def f(x):
        seen.append(x)
        return x

    jax.jit(f)(1.0)
    return jax.jit(lambda y: y + seen[0])(1.0)


@mistake("Encountered an unexpected tracer")
def r9_leak_from_jacfwd():
    seen = []

    def f(x):
        seen.append(x)
        return x * 2

    jax.jacfwd(f)(1.0)
    return jnp.exp(seen[0])


@mistake("Encountered an unexpected tracer")
def r9_leak_from_hessian():
    seen = []

    def f(x):
        seen.append(x)
        return x**3

    jax.hessian(f)(1.0)
    return seen[-1] * 2


@mistake("")
def r9_leak_via_generator_state():
    def gen():
        x = yield
        yield x * 2

    g = gen()
    next(g)

    def f(x):
        g.send(x)
        return x

    jax.jit(f)(1.0)
    return jnp.sin(_r9_store[0]) if _r9_store else jax.jit(f)(jnp.ones(2))


@mistake("Encountered an unexpected tracer")
def r9_leak_via_global_list():
    def f(x):
        _r9_store.append(x)
        return x

    jax.jit(f)(2.0)
    return _r9_store.pop() ** 2


# ---------------------------------------------------------------------------------------------
# Concretization in Python control flow and conversions


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r9_if_jnp_any_in_jit():
    return jax.jit(lambda x: 1.0 if jnp.any(x > 0) else 0.0)(jnp.ones(3))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r9_if_jnp_allclose_in_jit():
    return jax.jit(lambda x: x if jnp.allclose(x, 0.0) else -x)(jnp.ones(3))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r9_if_jnp_array_equal_in_jit():
    return jax.jit(lambda x, y: x if jnp.array_equal(x, y) else y)(jnp.ones(3), jnp.ones(3))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r9_if_isnan_in_jit():
    return jax.jit(lambda x: 0.0 if jnp.isnan(x) else x)(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r9_python_min_of_traced_and_int():
    return jax.jit(lambda x: min(x, 3.0))(1.0)


@mistake("%d format: a real number is required, not DynamicJaxprTracer")
def r9_percent_d_format_of_traced():
    return jax.jit(lambda x: jnp.float32(len("%d" % x)))(jnp.int32(3))


@mistake("The __index__() method was called on traced array with shape int32[]")
def r9_hex_of_traced():
    return jax.jit(lambda x: hex(x))(jnp.int32(3))


@mistake(
    "The numpy.ndarray conversion method __array__() was called on traced array with shape int32[]",
)
def r9_np_int32_of_traced():
    return jax.jit(lambda x: np.int32(x))(jnp.int32(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape float32[]",
)
def r9_math_exp_of_traced():
    import math

    return jax.jit(lambda x: math.exp(x))(1.0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape float32[]",
)
def r9_math_isnan_of_traced():
    import math

    return jax.jit(lambda x: math.isnan(x))(1.0)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r9_divmod_traced_into_range():
    return jax.jit(lambda x: jnp.ones(range(divmod(x, 2)[0])))(jnp.int32(4))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape float32[]",
)
def r9_float_of_norm_in_jit():
    return jax.jit(lambda x: float(jnp.linalg.norm(x)))(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape float32[]",
)
def r9_item_of_traced_in_vmap():
    return jax.vmap(lambda x: x.item())(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape float32[3]",
)
def r9_tolist_in_grad():
    return jax.grad(lambda x: sum(x.tolist()))(jnp.ones(3))


@mistake(
    "The numpy.ndarray conversion method __array__() was called on traced array with shape float32[]",
)
def r9_np_array_of_traced_list_in_jit():
    return jax.jit(lambda x: np.array([x, x]))(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r9_while_traced_in_scan_body():
    def body(c, x):
        while c < x:
            c = c + 1
        return c, x

    return lax.scan(body, 0.0, jnp.ones(3))


@mistake("Attempted boolean conversion of traced array with shape bool[]")
def r9_if_traced_in_shard_map():
    return _smap(lambda x: x if x.sum() > 0 else -x, P("x"), P("x"))(jnp.ones(4))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The problem arose with the `int` function",
)
def r9_int_of_traced_in_shard_map():
    return _smap(lambda x: x * int(x[0]), P("x"), P("x"))(jnp.ones(4))


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (VmapTracer(aval=int32[], batched=int32[3]),).",
)
def r9_jnp_zeros_of_traced_in_vmap():
    return jax.vmap(lambda n: jnp.zeros(n))(jnp.arange(3))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r9_bool_of_traced_in_custom_jvp_rule():
    f = jax.custom_jvp(lambda x: x * 2)
    f.defjvp(lambda p, t: (p[0] * 2, t[0] if t[0] > 0 else -t[0]))
    return jax.jit(lambda x: jax.jvp(f, (x,), (x,)))(1.0)


@mistake("Slice entries must be static integers. Got slice(None, JitTracer(~int32[]), None)")
def r9_slice_with_traced_bounds_in_jit():
    return jax.jit(lambda x, n: x[:n])(jnp.ones(4), 2)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r9_reshape_with_traced_dim_in_grad():
    return jax.grad(lambda x: x.reshape(x.sum().astype(int), -1).sum())(jnp.ones(4))


@mistake("The __index__() method was called on traced array with shape int32[]")
def r9_python_sum_range_of_traced_in_jit():
    return jax.jit(lambda n: sum(range(n)))(3)


@mistake(
    "The numpy.ndarray conversion method __array__() was called on traced array with shape bool[3]",
)
def r9_numpy_where_of_traced_in_jit():
    return jax.jit(lambda x: np.where(x > 0, x, 0))(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# In-place updates


@mistake("JAX arrays are immutable and do not support in-place item assignment")
def r9_setitem_augmented_index():
    x = jnp.zeros(3)
    x[0] += 1
    return x


@mistake("JAX arrays are immutable and do not support in-place item assignment")
def r9_setitem_fancy_list():
    x = jnp.zeros(3)
    x[[0, 1]] = 1.0
    return x


@mistake("JAX arrays are immutable and do not support in-place item assignment")
def r9_setitem_ellipsis_last():
    x = jnp.zeros((2, 3))
    x[..., 0] = 1.0
    return x


@mistake("JAX arrays are immutable and do not support in-place item assignment")
def r9_setitem_in_jit_via_loop():
    def f(x):
        for i in range(3):
            x[i] = i
        return x

    return jax.jit(f)(jnp.zeros(3))


@mistake("JAX arrays are immutable and do not support in-place item assignment")
def r9_setitem_in_shard_map():
    def f(x):
        x[0] = 0.0
        return x

    return _smap(f, P("x"), P("x"))(jnp.ones(4))


@mistake("Because JAX arrays are immutable, jnp.ufunc.at() cannot operate inplace like")
def r9_ufunc_add_at_inplace_default():
    return jnp.add.at(jnp.zeros(3), jnp.array([0]), 1.0)


@mistake("JAX arrays are immutable and do not support in-place item assignment")
def r9_setitem_of_typed_key_array():
    keys = _keys()
    keys[0] = random.key(1)
    return keys


@mistake("object has no attribute 'resize'")
def r9_resize_method_inplace():
    x = jnp.zeros(3)
    return x.resize((4,))


@mistake("object has no attribute 'setflags'")
def r9_setflags_method():
    return jnp.zeros(3).setflags(write=True)


@mistake("'tuple' object does not support item assignment")
def r9_iadd_on_tuple_element():
    t = (jnp.zeros(3),)
    t[0] += 1
    return t


# ---------------------------------------------------------------------------------------------
# grad / jacobians


@mistake("Gradient only defined for scalar-output functions. Output had shape: (1, 1).")
def r9_grad_of_shape_one_by_one_output():
    return jax.grad(lambda x: x.reshape(1, 1) * 2)(1.0)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but got int32.",
)
def r9_grad_int_argument_among_float():
    return jax.grad(lambda x, n: x * n, argnums=(0, 1))(1.0, 2)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but got int8.",
)
def r9_grad_of_int8_array():
    return jax.grad(lambda x: x.sum().astype(float))(jnp.ones(3, jnp.int8))


@mistake(
    "expected function with aux output to return a two-element tuple, but got type <class 'dict'>",
)
def r9_grad_has_aux_returns_dict():
    return jax.grad(lambda x: {"loss": x, "aux": 1}, has_aux=True)(1.0)


@mistake("max() arg is an empty sequence")
def r9_grad_argnums_empty_tuple():
    return jax.grad(lambda x: x, argnums=())(1.0)


@mistake(
    "Positional argument indices, e.g. for `static_argnums`, must have value greater than or equal to -len(args) and less than len(args), but got value 1",
)
def r9_jacrev_argnums_out_of_range():
    return jax.jacrev(lambda x: x, argnums=1)(1.0)


@mistake(
    "Positional argument indices, e.g. for `static_argnums`, must have value greater than or equal to -len(args) and less than len(args), but got value 2",
)
def r9_hessian_argnums_out_of_range():
    return jax.hessian(lambda x: x**2, argnums=2)(1.0)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but got int32.",
)
def r9_value_and_grad_int_input():
    return jax.value_and_grad(lambda x: x * 2.0)(3)


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got complex64.",
)
def r9_grad_of_complex_output_in_jit():
    return jax.jit(jax.grad(lambda x: x * 1j))(1.0)


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r9_grad_of_vector_output_in_vmap_of_pairs():
    return jax.vmap(jax.grad(lambda x: x * jnp.ones(2)))(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# jnp functions with bad arguments


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (3,), ().")
def r9_jnp_concatenate_scalar_and_vector():
    return jnp.concatenate([jnp.ones(3), jnp.float32(1)])


@mistake("Number of einsum subscripts, 2, must be equal to the number of operands, 1.")
def r9_jnp_einsum_subscript_count():
    return jnp.einsum("ij,jk", jnp.ones((2, 3)))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r9_jnp_matmul_1d_2d_mismatch():
    return jnp.matmul(jnp.ones(3), jnp.ones((4, 2)))


@mistake("Argument to inv must have shape [..., n, n], got (3, 2).")
def r9_jnp_linalg_inv_of_3_by_2():
    return jnp.linalg.inv(jnp.ones((3, 2)))


@mistake("Input 0 to eig must have rank at least 2, but got shape=(3,)")
def r9_jnp_linalg_eigvals_of_vector():
    return jnp.linalg.eigvals(jnp.ones(3))


@mistake("array split does not result in an equal division")
def r9_jnp_split_indivisible_in_jit():
    return jax.jit(lambda x: jnp.split(x, 3))(jnp.ones(4))


@mistake("Need at least one array to stack.")
def r9_jnp_stack_empty_tuple():
    return jnp.stack(())


@mistake("list index out of range")
def r9_jnp_hstack_empty_list():
    return jnp.hstack([])


@mistake("The 'raise' mode to jnp.take is not supported")
def r9_jnp_take_mode_raise_in_jit():
    return jax.jit(lambda x: jnp.take(x, jnp.array([5]), mode="raise"))(jnp.ones(3))


@mistake(
    "'kind' argument to argsort is not supported. Use stable=True or stable=False to specify sort stability.",
)
def r9_jnp_argsort_kind_heapsort():
    return jnp.argsort(jnp.ones(3), kind="heapsort")


@mistake("index can't contain negative values")
def r9_jnp_pad_negative_in_pair():
    return jnp.pad(jnp.ones(3), (1, -1))


@mistake("unsupported keyword arguments for mode 'edge': {'constant_values'}")
def r9_jnp_pad_mode_edge_constant_values():
    return jnp.pad(jnp.ones(3), 1, mode="edge", constant_values=0)


@mistake("division by zero")
def r9_jnp_arange_zero_step_int():
    return jnp.arange(0, 5, 0)


@mistake("Cannot broadcast to shape with fewer dimensions: arr_shape=(2, 3) shape=(3,)")
def r9_jnp_broadcast_to_fewer_dims():
    return jnp.broadcast_to(jnp.ones((2, 3)), (3,))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r9_jnp_moveaxis_out_of_range_destination():
    return jnp.moveaxis(jnp.ones((2, 3)), 0, 2)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r9_jnp_cumsum_axis_out_of_range_in_jit():
    return jax.jit(lambda x: jnp.cumsum(x, axis=1))(jnp.ones(3))


@mistake("'float' object cannot be interpreted as an integer")
def r9_jnp_diag_k_float():
    return jnp.diag(jnp.ones(3), k=1.5)


@mistake("'float' object cannot be interpreted as an integer")
def r9_jnp_triu_k_float():
    return jnp.triu(jnp.ones((3, 3)), k=0.5)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r9_jnp_zeros_shape_list_of_floats():
    return jnp.zeros([2.0, 3.0])


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (-2,).")
def r9_jnp_full_shape_negative():
    return jnp.full((-2,), 1.0)


@mistake("negative dimensions are not allowed, got -2 and None")
def r9_jnp_eye_negative():
    return jnp.eye(-2)


@mistake("'float' object cannot be interpreted as an integer")
def r9_jnp_linspace_num_float():
    return jnp.linspace(0.0, 1.0, 2.5)


@mistake('Invalid norm value orthogonal; should be "backward","ortho" or "forward".')
def r9_jnp_fft_norm_typo():
    return jnp.fft.fft(jnp.ones(4), norm="orthogonal")


@mistake("Shape should be positive.")
def r9_jnp_fft_irfft_of_bool_n():
    return jnp.fft.irfft(jnp.ones(4), n=-2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r9_jnp_fft_fftn_axes_out_of_range():
    return jnp.fft.fftn(jnp.ones((2, 2)), axes=(0, 2))


@mistake("left hand array must be at least two dimensional; got a.shape=(3,)")
def r9_jnp_linalg_solve_vector_a():
    return jnp.linalg.solve(jnp.ones(3), jnp.ones(3))


@mistake("Invalid order 'nuc' for vector norm.")
def r9_jnp_linalg_norm_ord_nuc_on_vector():
    return jnp.linalg.norm(jnp.ones(3), ord="nuc")


# ---------------------------------------------------------------------------------------------
# dtypes and Python ints


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'str'> in astype")
def r9_astype_python_str():
    return jnp.ones(3).astype(str)


@mistake("data type 'flaot32' not understood")
def r9_astype_string_typo():
    return jnp.ones(3).astype("flaot32")


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'str'> in array")
def r9_array_dtype_python_str():
    return jnp.array([1, 2], dtype=str)


@mistake("1099511627776")
def r9_int32_array_times_big_int():
    return jnp.arange(3, dtype=jnp.int32) * 2**40


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r9_uint8_plus_300():
    return jnp.zeros(3, jnp.uint8) + 300


@mistake("Python int 34359738368 too large to convert to int32")
def r9_array_big_int_in_jit_closure():
    return jax.jit(lambda x: x + jnp.array(2**35))(1)


@mistake("Python int 4294967296 too large to convert to int32")
def r9_lax_add_big_int_literal():
    return lax.add(jnp.int32(1), 2**32)


@mistake("Python integer 2147483648 out of bounds for int32")
def r9_jnp_int32_of_big_int():
    return jnp.int32(2**31)


# ---------------------------------------------------------------------------------------------
# static arguments


@mistake(
    "Jitted function has invalid argnames {'sizes'} in static_argnames. Function does not take these args.",
)
def r9_static_argnames_typo_then_shape():
    return jax.jit(lambda x, size: jnp.zeros(size) + x, static_argnames="sizes")(1.0, size=3)


@mistake(
    "Jitted function has invalid argnames {'m'} in static_argnames. Function does not take these args.",
)
def r9_static_argnames_tuple_typo():
    f = jax.jit(lambda x, n: jnp.ones(n) * x, static_argnames=("m",))
    return f(1.0, n=3)


@mistake("Non-hashable static arguments are not supported.")
def r9_static_argnums_unhashable_numpy():
    return jax.jit(lambda x, s: x, static_argnums=1)(1.0, np.ones(2))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an object of type <class 'list'>, [2, 3].",
)
def r9_static_argnames_list_value():
    return jax.jit(lambda x, shape: jnp.zeros(shape), static_argnames="shape")(1.0, shape=[2, 3])


@mistake("Jitted function has static_argnums=(3,), but only accepts 1 positional arguments.")
def r9_static_argnums_out_of_range_called():
    return jax.jit(lambda x: x, static_argnums=(3,))(1.0)


@mistake(
    "Jitted function has invalid argnames {'y'} in donate_argnames. Function does not take these args.",
)
def r9_donate_argnames_typo():
    return jax.jit(lambda x: x * 2, donate_argnames="y")(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# More explicit-sharding, key, export and carry mistakes


@mistake("Resource axis: z of P('z', None) is not found in mesh: ('x', 'y').")
def r9_more_explicit_reshape_out_sharding_unknown_axis():
    with _set_mesh():
        return jnp.reshape(jnp.ones((4, 8)), (8, 4), out_sharding=P("z", None))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but P('x', 'x') has duplicate entries for `x`",
)
def r9_more_explicit_einsum_out_sharding_axis_twice():
    a, b = _eput((4, 8), P("x", None)), _eput((8, 4), P())
    with _set_mesh():
        return jnp.einsum("ij,jk->ik", a, b, out_sharding=P("x", "x"))


@mistake("Contracting dimensions are sharded and it is ambiguous how the output should be sharded.")
def r9_more_explicit_matmul_in_jit_under_set_mesh_ambiguous():
    with _set_mesh():
        a = jax.device_put(jnp.ones((4, 8)), P(None, "x"))
        b = jax.device_put(jnp.ones((8, 4)), P("x", None))
        return jax.jit(lambda u, v: u @ v)(a, b)


@mistake(
    "PartitionSpec passed to reshard cannot contain axis names that are of type Auto or Manual.",
)
def r9_more_explicit_reshard_to_auto_axis_in_jit_mixed_mesh():
    with jax.set_mesh(_mixed_mesh()):
        return jax.jit(lambda x: jax.sharding.reshard(x, P("y")))(jnp.ones(8))


@mistake(
    "Mapped away dimension of inputs passed to vmap should be sharded the same. Got inconsistent axis specs: x vs y",
)
def r9_more_explicit_multiply_conflict_in_vmap():
    a, b = _eput((4, 8), P("x", None)), _eput((4, 8), P("y", None))
    return jax.vmap(lambda u, v: u * v)(a, b)


@mistake("All operands should have the same sharding.")
def r9_more_explicit_concatenate_axis_sharded_differently():
    a, b = _eput((4, 8), P(None, "x")), _eput((4, 8), P(None, "y"))
    return jnp.concatenate([a, b], axis=0)


@mistake("All operands should have the same sharding.")
def r9_more_explicit_stack_conflict():
    a, b = _eput((4, 8), P("x", None)), _eput((4, 8), P("y", None))
    return jnp.stack([a, b])


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion.")
def r9_more_key_where_with_raw_key():
    return jnp.where(True, random.key(0), random.PRNGKey(0))


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion.")
def r9_more_key_concatenate_with_raw_keys():
    return jnp.concatenate([_keys(), random.split(random.PRNGKey(0), 2)])


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32",
)
def r9_more_key_normal_with_float_key_array():
    return random.normal(jnp.zeros((2,), jnp.float32), (2,))


@mistake("JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=uint8")
def r9_more_key_split_of_uint8_array():
    return random.split(jnp.zeros(2, jnp.uint8))


@mistake("PRNG key seed must be an integer")
def r9_more_key_bits_of_float_seed_key():
    return random.bits(random.key(1.5))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (), (3,)]")
def r9_more_key_randint_maxval_float_array_shape():
    return random.randint(_k(), (2,), 0, jnp.ones(3, jnp.int32))


@mistake(
    "gumbel accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r9_more_key_gumbel_batched_keys():
    return random.gumbel(_keys(), (2,))


@mistake(
    "split accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r9_more_key_split_in_jit_batched():
    return jax.jit(random.split)(_keys())


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for batching",
)
def r9_more_key_fold_in_batched_keys():
    return random.fold_in(_keys(), 1)


@mistake("Dtype mismatch for args[0]: expected float32 and called with int32")
def r9_more_export_call_in_jit_wrong_dtype():
    exp = _exported()
    return jax.jit(exp.call)(jnp.ones(3, jnp.int32))


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '<lambda>' was exported, but they have the following",
)
def r9_more_export_call_positional_and_keyword():
    exp = _export(lambda x, y: x + y, jnp.ones(3), jnp.ones(3))
    return exp.call(jnp.ones(3), x=jnp.ones(3))


@mistake(
    "Shape mismatch for args[1].shape[0] (expected same constant): expected (3,) and called with (4,)",
)
def r9_more_export_symbolic_two_specs_one_scope_mismatch():
    a = _sym("a")
    exp = _export(lambda x, y: x * 2, jax.ShapeDtypeStruct(a, f32), jax.ShapeDtypeStruct((3,), f32))
    return exp.call(jnp.ones(4), jnp.ones(4))


@mistake("Symbolic dimension comparison 'a' >= '5' is inconclusive.")
def r9_more_export_symbolic_slice_beyond():
    return _export(lambda x: lax.slice(x, (0,), (5,)), jax.ShapeDtypeStruct(_sym("a"), f32))


@mistake("Incompatible types for broadcasting: input type=float32[a] and requested type=float32[3]")
def r9_more_export_symbolic_broadcast_to_constant():
    return _export(lambda x: jnp.broadcast_to(x, (3,)), jax.ShapeDtypeStruct(_sym("a"), f32))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r9_more_scan_carry_list_leaf_dtype():
    return lax.scan(lambda c, x: ([c[0], c[1] > 0], x), [0.0, 0.0], jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r9_more_scan_carry_weak_int_to_float32_array():
    return lax.scan(lambda c, x: (c + jnp.float32(0.5), x), jnp.int32(0), jnp.ones(3))


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure, but they differ:",
)
def r9_more_while_body_returns_dict_for_tuple():
    return lax.while_loop(lambda c: c[0] < 3, lambda c: {"i": c[0] + 1}, (0, 0))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they differ:",
)
def r9_more_fori_loop_body_returns_list_for_tuple():
    return lax.fori_loop(0, 3, lambda i, c: [c[0], c[1]], (1.0, 2.0))


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r9_more_cond_branch_list_vs_tuple():
    return lax.cond(True, lambda: [1.0, 2.0], lambda: (1.0, 2.0))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes.",
)
def r9_more_custom_jvp_tangent_bool_for_float():
    f = _cjvp(lambda p, t: (p[0] * 2, jnp.bool_(True)))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple of the primal function, and in particular",
)
def r9_more_custom_vjp_bwd_returns_list_of_two_for_one():
    return jax.grad(_cvjp(lambda r, g: [g, g]))(1.0)


@mistake(
    "r9_more_tree_map_with_path_is_leaf_non_bool.<locals>.<lambda>() missing 1 required positional argument: 'x'",
)
def r9_more_tree_map_with_path_is_leaf_non_bool():
    return jax.tree.map_with_path(lambda p, x: x, [1, [2]], is_leaf=lambda p, x: 1)


@mistake(
    "is_leaf predicate returned a non-boolean value Array(True, dtype=bool); expected a boolean",
)
def r9_more_tree_leaves_is_leaf_returns_array():
    return jax.tree.leaves([jnp.ones(2)], is_leaf=lambda x: jnp.bool_(True))


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r9_more_vmap_in_axes_list_inside_tuple_for_dict():
    return jax.vmap(lambda d: d["a"], in_axes=([0],))({"a": jnp.ones(3)})


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r9_more_vmap_out_axes_list_for_tuple_output():
    return jax.vmap(lambda x: (x, x), out_axes=[0, 0, 0])(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# shard_map specs, pmap, config, and non-array results under more transforms


@mistake("pytree structure error: different types at key path")
def r9_smap_out_specs_dict_for_tuple():
    return _smap(lambda x: (x, x), P("x"), {"a": P("x")})(jnp.ones(4))


@mistake("pytree structure error: different types at key path")
def r9_smap_in_specs_dict_for_array():
    return _smap(lambda x: x, {"a": P("x")}, P("x"))(jnp.ones(4))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh",
)
def r9_smap_out_specs_replicated_after_all_gather_ok():
    return _smap(lambda x: lax.all_gather(x, "x", tiled=True), P("x"), P())(jnp.ones(4)).shape


@mistake(
    "shard_map applied to the function '<lambda>' was given out_specs which require replication which can't be statically inferred given the mesh:",
)
def r9_smap_out_specs_replicated_in_jit_of_varying():
    return jax.jit(_smap(lambda x: x * 2, P("x"), P()))(jnp.ones(4))


@mistake(
    "jax.lax.psum can only accept axis_name which corresponds to one of varying, unreduced, reduced or invarying state of the input.",
)
def r9_smap_psum_of_two_axes_one_unknown():
    return _smap(lambda x: lax.psum(x, ("x", "z")), P(("x", "y")), P(), mesh=mesh24)(jnp.ones(8))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but P('x', 'x') has duplicate entries for `x`",
)
def r9_smap_spec_uses_axis_twice_across_args():
    return _smap(lambda x, y: x + y, (P("x"), P("x", "x")), P("x"))(jnp.ones(4), jnp.ones((4, 4)))


@mistake(
    "jax.shard_map requires axis_names=frozenset({'z'}) to be a subset of mesh.axis_names=frozenset({'x'})",
)
def r9_smap_axis_names_not_in_mesh():
    return _smap(lambda x: x, P("x"), P("x"), axis_names={"z"})(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r9_smap_returns_python_float():
    return _smap(lambda x: 1.0, P("x"), P())(jnp.ones(4))


@mistake(
    "was given argument arrays with axis sizes that are not evenly divisible by the corresponding mesh axis",
)
def r9_smap_block_not_divisible_2d_second_dim():
    return _smap(lambda x: x, P(None, "y"), P(None, "y"), mesh=mesh24)(jnp.ones((2, 6)))


@mistake("pytree structure error: different pytree metadata at key path")
def r9_pmap_in_axes_dict_mismatch():
    return jax.pmap(lambda d: d["a"], in_axes=({"b": 0},))({"a": jnp.ones((2, 3))})


@mistake("axis 2 is out of bounds for array of dimension 2")
def r9_pmap_out_axes_too_large():
    return jax.pmap(lambda x: x, out_axes=2)(jnp.ones((2, 3)))


@mistake(
    "Non-hashable static arguments are not supported, as this can lead to unexpected cache-misses.",
)
def r9_pmap_static_argnums_array():
    return jax.pmap(lambda x, n: x * n, static_broadcasted_argnums=1)(jnp.ones((2, 3)), jnp.ones(2))


@mistake("is not a valid JAX type")
def r9_pmap_returns_string():
    return jax.pmap(lambda x: "a")(jnp.ones((2, 3)))


@mistake("Unrecognized config option: jax_enable_x65")
def r9_config_update_unknown_option():
    return jax.config.update("jax_enable_x65", True)


@mistake(
    "new enum value must be None or in ['default', 'high', 'highest', 'bfloat16', 'tensorfloat32', 'float32', 'ANY_F8_ANY_F8_F32',",
)
def r9_config_update_matmul_precision_bad():
    return jax.config.update("jax_default_matmul_precision", "ultra")


@mistake("'Config' object has no attribute 'jax_enable_x46'")
def r9_config_attribute_typo():
    return jax.config.jax_enable_x46


@mistake("new enum value must be in ['allow', 'warn', 'raise'], got never of type <class 'str'>.")
def r9_config_numpy_rank_promotion_context_bad():
    with jax.numpy_rank_promotion("never"):
        return 1


@mistake(
    "jax.default_device must be passed either a Device object (e.g. `jax.devices('cpu')[0]`) or a platform name string like 'cpu' or 'gpu', got: 'cpu:0'",
)
def r9_config_default_device_string():
    with jax.default_device("cpu:0"):
        return jnp.ones(2)


@mistake("is not a valid JAX type")
def r9_jvp_returns_string():
    return jax.jvp(lambda x: "a", (1.0,), (1.0,))


@mistake("is not a valid JAX type")
def r9_vjp_returns_object():
    return jax.vjp(lambda x: object(), 1.0)


@mistake("is not a valid JAX type")
def r9_jacfwd_returns_string():
    return jax.jacfwd(lambda x: "a")(1.0)


@mistake("returned a value of type <class 'str'>", "which is not a valid JAX type")
def r9_checkpoint_returns_string():
    return jax.checkpoint(lambda x: "a")(1.0)


@mistake("returned a value of type <class 'str'>", "which is not a valid JAX type")
def r9_fori_loop_body_returns_string():
    return lax.fori_loop(0, 3, lambda i, c: "a", 0.0)


@mistake("returned a value of type <class 'object'>", "which is not a valid JAX type")
def r9_while_body_returns_object():
    return lax.while_loop(lambda c: c < 3, lambda c: object(), 0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r9_tree_util_keystr_of_string():
    return jax.tree_util.keystr("a.b")


@mistake("pytree structure error: different numbers of pytree children at key path")
def r9_tree_util_tree_map_with_path_dict_keys():
    return jax.tree_util.tree_map_with_path(lambda p, a, b: a, {"a": 1}, {"a": 1, "b": 2})


@mistake("has no attribute 'build_tree'")
def r9_tree_util_build_tree_wrong_count():
    return jax.tree_util.build_tree(jax.tree.structure((1, 2)), [1, 2, 3])


@mistake("Too few leaves for PyTreeDef; expected 2, got 1")
def r9_tree_util_treedef_children_of_leaf_unflatten():
    return jax.tree.structure([1, 2]).unflatten([1])


@mistake("Gradient only defined for scalar-output functions. Output was")
def r9_grad_of_function_returning_tuple_no_aux():
    return jax.grad(lambda x: (x, x))(1.0)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but got int32.",
)
def r9_grad_of_list_arg_with_int():
    return jax.grad(lambda xs: xs[0] * xs[1])([1.0, 2])


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but got int32.",
)
def r9_value_and_grad_argnums_tuple_with_int_arg():
    return jax.value_and_grad(lambda x, n: x * n, argnums=(0, 1))(1.0, 2)
