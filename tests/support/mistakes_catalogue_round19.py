# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 19 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules):
41 mistakes in areas the earlier rounds touched only at the top level (loop carries and
branch outputs, custom_vjp / custom_jvp rules' outputs, typed keys in arithmetic and old-style
APIs, dot_general precision and dtypes, convolution dimension numbers, indexing by floats,
strings, ellipses and mismatched lists, donate_argnums / static_argnames mistakes, vmap axes,
shard_map spec ranks and varying outputs, NamedSharding axes, tree.map structures), each made
at the top level and inside 19 transforms (jit, jit of jit, eval_shape, checkpoint,
named_call, cond, switch, fori_loop, while_loop, scan, lax.map, vmap, grad, jvp, vjp,
make_jaxpr, lower, jit of checkpoint, vmap of jit): the traceback ends on the helper's line.
The helpers' values are dropped (`_keep19`), so a transform sees only a float32 scalar. A bare
`@mistake()` marks a program JAX 0.10.2 accepts (meshjit must too). The file runs after the
earlier rounds but uses only the runner's names and its own."""


def _keep19(value):
    """0.0 whatever `value` is: the transform's output does not depend on the mistake's."""
    del value
    return jnp.float32(0)


@jax.custom_vjp
def _f19_vjp_bwd_pair(x):
    return x * 2


_f19_vjp_bwd_pair.defvjp(lambda x: (x * 2, x), lambda r, g: (g, g))


@jax.custom_vjp
def _f19_vjp_fwd_single(x):
    return x * 2


_f19_vjp_fwd_single.defvjp(lambda x: x * 2, lambda r, g: (g,))


@jax.custom_vjp
def _f19_vjp_bwd_bare(x):
    return x * 2


_f19_vjp_bwd_bare.defvjp(lambda x: (x * 2, x), lambda r, g: g)


@jax.custom_jvp
def _f19_jvp_shape(x):
    return x * 2


_f19_jvp_shape.defjvp(lambda p, t: (p[0] * 2, jnp.ones(3)))


def _b19_scan_carry_structure():
    return lax.scan(lambda c, x: ((c, c), x), 0.0, jnp.ones(3))


def _b19_scan_carry_dtype():
    return lax.scan(lambda c, x: (c * 1.5, x), 0, jnp.ones(3))


def _b19_scan_xs_lengths():
    return lax.scan(lambda c, x: (c, x), 0.0, (jnp.ones(3), jnp.ones(4)))


def _b19_scan_length_mismatch():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), length=4)


def _b19_while_carry_type():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 0.5, 0)


def _b19_while_cond_not_scalar():
    return lax.while_loop(lambda c: c, lambda c: c - 1, jnp.ones(2))


def _b19_while_carry_structure():
    return lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1,), (0, 1))


def _b19_cond_branch_structure():
    return lax.cond(True, lambda: (1.0, 2.0), lambda: 1.0)


def _b19_cond_branch_dtype():
    return lax.cond(True, lambda: jnp.float32(1), lambda: jnp.int32(1))


def _b19_fori_carry_shape():
    return lax.fori_loop(0, 3, lambda i, c: jnp.concatenate([c, c]), jnp.ones(2))


def _b19_switch_branch_shapes():
    return lax.switch(0, [lambda: jnp.ones(2), lambda: jnp.ones(3)])


def _b19_custom_vjp_bwd_structure():
    return jax.grad(_f19_vjp_bwd_pair)(1.0)


def _b19_custom_vjp_fwd_not_pair():
    return jax.grad(_f19_vjp_fwd_single)(1.0)


def _b19_custom_vjp_bwd_not_tuple():
    return jax.grad(_f19_vjp_bwd_bare)(1.0)


def _b19_custom_jvp_tangent_shape():
    return jax.jvp(_f19_jvp_shape, (1.0,), (1.0,))


def _b19_key_plus_int():
    return random.key(0) + 1


def _b19_key_in_sin():
    return jnp.sin(random.key(0))


def _b19_wrap_typed_key():
    return random.wrap_key_data(random.key(0))


def _b19_split_float_count():
    return random.split(random.key(0), 2.5)


def _b19_normal_int_dtype():
    return random.normal(random.key(0), (2,), dtype=jnp.int32)


def _b19_randint_float_dtype():
    return random.randint(random.key(0), (2,), 0, 10, dtype=jnp.float32)


def _b19_key_data_of_floats():
    return random.key_data(jnp.ones(2))


def _b19_dot_general_precision_name():
    return lax.dot_general(
        jnp.ones((2, 3)), jnp.ones((3, 2)), (((1,), (0,)), ((), ())), precision="best"
    )


def _b19_dot_general_mixed_dtypes():
    return lax.dot_general(jnp.ones((2, 3)), jnp.ones((3, 2), jnp.int32), (((1,), (0,)), ((), ())))


def _b19_conv_dimension_numbers_rank():
    return lax.conv_general_dilated(
        jnp.ones((1, 1, 5)),
        jnp.ones((1, 1, 3)),
        (1,),
        "VALID",
        dimension_numbers=("NCH", "OIH", "NCHW"),
    )


def _b19_conv_lhs_rank():
    return lax.conv(jnp.ones((1, 5)), jnp.ones((1, 1, 3)), (1,), "VALID")


def _b19_index_float():
    return jnp.ones(3)[1.5]


def _b19_index_two_ellipses():
    return jnp.ones((2, 3))[..., None, ...]


def _b19_index_too_many():
    return jnp.ones((2, 3))[0, 0, 0]


def _b19_index_float_array():
    return jnp.ones(3)[jnp.array([1.0])]


def _b19_index_string():
    return jnp.ones(3)["a"]


def _b19_index_lists_shapes():
    return jnp.ones((3, 3))[[0, 1], [0, 1, 2]]


def _b19_donate_argnums_out_of_range():
    return jax.jit(lambda a: a * 2, donate_argnums=3)(jnp.ones(2))


def _b19_static_argnames_unhashable():
    return jax.jit(lambda a, n: a * len(n), static_argnames="n")(jnp.ones(2), n=[1, 2])


def _b19_vmap_in_axes_structure():
    return jax.vmap(lambda a, b: a + b, in_axes=(0,))(jnp.ones(2), jnp.ones(2))


def _b19_vmap_axis_sizes():
    return jax.vmap(lambda a, b: a + b)(jnp.ones(2), jnp.ones(3))


def _b19_vmap_out_axes_range():
    return jax.vmap(lambda a: a, out_axes=2)(jnp.ones((2, 3)))


def _b19_shard_map_in_spec_rank():
    return jax.shard_map(lambda a: a, mesh=mesh2, in_specs=P(None, "x"), out_specs=P())(jnp.ones(4))


def _b19_shard_map_out_spec_varying():
    return jax.shard_map(lambda a: a, mesh=mesh2, in_specs=P("x"), out_specs=P())(jnp.ones(4))


def _b19_named_sharding_unknown_axis():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh2, P("z")))


def _b19_tree_map_structures():
    return jax.tree.map(lambda a, b: a + b, (1, 2), [1, 2])


# ---------------------------------------------------------------------------------------------
# plain


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_plain_scan_carry_structure():
    return _b19_scan_carry_structure()


@mistake()
def r19_plain_scan_carry_dtype():
    return _b19_scan_carry_dtype()


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_plain_scan_xs_lengths():
    return _b19_scan_xs_lengths()


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_plain_scan_length_mismatch():
    return _b19_scan_length_mismatch()


@mistake()
def r19_plain_while_carry_type():
    return _b19_while_carry_type()


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_plain_while_cond_not_scalar():
    return _b19_while_cond_not_scalar()


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_plain_while_carry_structure():
    return _b19_while_carry_structure()


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_plain_cond_branch_structure():
    return _b19_cond_branch_structure()


@mistake("cond branches must have equal output types but they differ.")
def r19_plain_cond_branch_dtype():
    return _b19_cond_branch_dtype()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_plain_fori_carry_shape():
    return _b19_fori_carry_shape()


@mistake("switch branches must have equal output types but they differ.")
def r19_plain_switch_branch_shapes():
    return _b19_switch_branch_shapes()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_plain_custom_vjp_bwd_structure():
    return _b19_custom_vjp_bwd_structure()


@mistake("Custom VJP fwd rule")
def r19_plain_custom_vjp_fwd_not_pair():
    return _b19_custom_vjp_fwd_not_pair()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_plain_custom_vjp_bwd_not_tuple():
    return _b19_custom_vjp_bwd_not_tuple()


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_plain_custom_jvp_tangent_shape():
    return _b19_custom_jvp_tangent_shape()


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_plain_key_plus_int():
    return _b19_key_plus_int()


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_plain_key_in_sin():
    return _b19_key_in_sin()


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_plain_wrap_typed_key():
    return _b19_wrap_typed_key()


@mistake("'float' object cannot be interpreted as an integer")
def r19_plain_split_float_count():
    return _b19_split_float_count()


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_plain_normal_int_dtype():
    return _b19_normal_int_dtype()


@mistake("randint only accepts integer dtypes, got float32")
def r19_plain_randint_float_dtype():
    return _b19_randint_float_dtype()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_plain_key_data_of_floats():
    return _b19_key_data_of_floats()


@mistake("Precision argument must be one of:")
def r19_plain_dot_general_precision_name():
    return _b19_dot_general_precision_name()


@mistake()
def r19_plain_dot_general_mixed_dtypes():
    return _b19_dot_general_mixed_dtypes()


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_plain_conv_dimension_numbers_rank():
    return _b19_conv_dimension_numbers_rank()


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_plain_conv_lhs_rank():
    return _b19_conv_lhs_rank()


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_plain_index_float():
    return _b19_index_float()


@mistake("an index can only have a single ellipsis ('...')")
def r19_plain_index_two_ellipses():
    return _b19_index_two_ellipses()


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_plain_index_too_many():
    return _b19_index_too_many()


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_plain_index_float_array():
    return _b19_index_float_array()


@mistake("JAX does not support string indexing; got idx='a'")
def r19_plain_index_string():
    return _b19_index_string()


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_plain_index_lists_shapes():
    return _b19_index_lists_shapes()


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_plain_donate_argnums_out_of_range():
    return _b19_donate_argnums_out_of_range()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_plain_static_argnames_unhashable():
    return _b19_static_argnames_unhashable()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_plain_vmap_in_axes_structure():
    return _b19_vmap_in_axes_structure()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_plain_vmap_axis_sizes():
    return _b19_vmap_axis_sizes()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_plain_vmap_out_axes_range():
    return _b19_vmap_out_axes_range()


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_plain_shard_map_in_spec_rank():
    return _b19_shard_map_in_spec_rank()


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_plain_shard_map_out_spec_varying():
    return _b19_shard_map_out_spec_varying()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_plain_named_sharding_unknown_axis():
    return _b19_named_sharding_unknown_axis()


@mistake("pytree structure error: different types at key path")
def r19_plain_tree_map_structures():
    return _b19_tree_map_structures()


# ---------------------------------------------------------------------------------------------
# jit


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_jit_scan_carry_structure():
    return jax.jit(lambda: _keep19(_b19_scan_carry_structure()))()


@mistake()
def r19_jit_scan_carry_dtype():
    return jax.jit(lambda: _keep19(_b19_scan_carry_dtype()))()


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_jit_scan_xs_lengths():
    return jax.jit(lambda: _keep19(_b19_scan_xs_lengths()))()


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_jit_scan_length_mismatch():
    return jax.jit(lambda: _keep19(_b19_scan_length_mismatch()))()


@mistake()
def r19_jit_while_carry_type():
    return jax.jit(lambda: _keep19(_b19_while_carry_type()))()


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_jit_while_cond_not_scalar():
    return jax.jit(lambda: _keep19(_b19_while_cond_not_scalar()))()


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_jit_while_carry_structure():
    return jax.jit(lambda: _keep19(_b19_while_carry_structure()))()


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_jit_cond_branch_structure():
    return jax.jit(lambda: _keep19(_b19_cond_branch_structure()))()


@mistake("cond branches must have equal output types but they differ.")
def r19_jit_cond_branch_dtype():
    return jax.jit(lambda: _keep19(_b19_cond_branch_dtype()))()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_jit_fori_carry_shape():
    return jax.jit(lambda: _keep19(_b19_fori_carry_shape()))()


@mistake("switch branches must have equal output types but they differ.")
def r19_jit_switch_branch_shapes():
    return jax.jit(lambda: _keep19(_b19_switch_branch_shapes()))()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_jit_custom_vjp_bwd_structure():
    return jax.jit(lambda: _keep19(_b19_custom_vjp_bwd_structure()))()


@mistake("Custom VJP fwd rule")
def r19_jit_custom_vjp_fwd_not_pair():
    return jax.jit(lambda: _keep19(_b19_custom_vjp_fwd_not_pair()))()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_jit_custom_vjp_bwd_not_tuple():
    return jax.jit(lambda: _keep19(_b19_custom_vjp_bwd_not_tuple()))()


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_jit_custom_jvp_tangent_shape():
    return jax.jit(lambda: _keep19(_b19_custom_jvp_tangent_shape()))()


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_jit_key_plus_int():
    return jax.jit(lambda: _keep19(_b19_key_plus_int()))()


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_jit_key_in_sin():
    return jax.jit(lambda: _keep19(_b19_key_in_sin()))()


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_jit_wrap_typed_key():
    return jax.jit(lambda: _keep19(_b19_wrap_typed_key()))()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r19_jit_split_float_count():
    return jax.jit(lambda: _keep19(_b19_split_float_count()))()


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_jit_normal_int_dtype():
    return jax.jit(lambda: _keep19(_b19_normal_int_dtype()))()


@mistake("randint only accepts integer dtypes, got float32")
def r19_jit_randint_float_dtype():
    return jax.jit(lambda: _keep19(_b19_randint_float_dtype()))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_jit_key_data_of_floats():
    return jax.jit(lambda: _keep19(_b19_key_data_of_floats()))()


@mistake("Precision argument must be one of:")
def r19_jit_dot_general_precision_name():
    return jax.jit(lambda: _keep19(_b19_dot_general_precision_name()))()


@mistake()
def r19_jit_dot_general_mixed_dtypes():
    return jax.jit(lambda: _keep19(_b19_dot_general_mixed_dtypes()))()


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_jit_conv_dimension_numbers_rank():
    return jax.jit(lambda: _keep19(_b19_conv_dimension_numbers_rank()))()


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_jit_conv_lhs_rank():
    return jax.jit(lambda: _keep19(_b19_conv_lhs_rank()))()


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_jit_index_float():
    return jax.jit(lambda: _keep19(_b19_index_float()))()


@mistake("an index can only have a single ellipsis ('...')")
def r19_jit_index_two_ellipses():
    return jax.jit(lambda: _keep19(_b19_index_two_ellipses()))()


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_jit_index_too_many():
    return jax.jit(lambda: _keep19(_b19_index_too_many()))()


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_jit_index_float_array():
    return jax.jit(lambda: _keep19(_b19_index_float_array()))()


@mistake("JAX does not support string indexing; got idx='a'")
def r19_jit_index_string():
    return jax.jit(lambda: _keep19(_b19_index_string()))()


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_jit_index_lists_shapes():
    return jax.jit(lambda: _keep19(_b19_index_lists_shapes()))()


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_jit_donate_argnums_out_of_range():
    return jax.jit(lambda: _keep19(_b19_donate_argnums_out_of_range()))()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_jit_static_argnames_unhashable():
    return jax.jit(lambda: _keep19(_b19_static_argnames_unhashable()))()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_jit_vmap_in_axes_structure():
    return jax.jit(lambda: _keep19(_b19_vmap_in_axes_structure()))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_jit_vmap_axis_sizes():
    return jax.jit(lambda: _keep19(_b19_vmap_axis_sizes()))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_jit_vmap_out_axes_range():
    return jax.jit(lambda: _keep19(_b19_vmap_out_axes_range()))()


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_jit_shard_map_in_spec_rank():
    return jax.jit(lambda: _keep19(_b19_shard_map_in_spec_rank()))()


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_jit_shard_map_out_spec_varying():
    return jax.jit(lambda: _keep19(_b19_shard_map_out_spec_varying()))()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_jit_named_sharding_unknown_axis():
    return jax.jit(lambda: _keep19(_b19_named_sharding_unknown_axis()))()


@mistake("pytree structure error: different types at key path")
def r19_jit_tree_map_structures():
    return jax.jit(lambda: _keep19(_b19_tree_map_structures()))()


# ---------------------------------------------------------------------------------------------
# jit_jit


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_jit_jit_scan_carry_structure():
    return jax.jit(jax.jit(lambda: _keep19(_b19_scan_carry_structure())))()


@mistake()
def r19_jit_jit_scan_carry_dtype():
    return jax.jit(jax.jit(lambda: _keep19(_b19_scan_carry_dtype())))()


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_jit_jit_scan_xs_lengths():
    return jax.jit(jax.jit(lambda: _keep19(_b19_scan_xs_lengths())))()


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_jit_jit_scan_length_mismatch():
    return jax.jit(jax.jit(lambda: _keep19(_b19_scan_length_mismatch())))()


@mistake()
def r19_jit_jit_while_carry_type():
    return jax.jit(jax.jit(lambda: _keep19(_b19_while_carry_type())))()


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_jit_jit_while_cond_not_scalar():
    return jax.jit(jax.jit(lambda: _keep19(_b19_while_cond_not_scalar())))()


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_jit_jit_while_carry_structure():
    return jax.jit(jax.jit(lambda: _keep19(_b19_while_carry_structure())))()


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_jit_jit_cond_branch_structure():
    return jax.jit(jax.jit(lambda: _keep19(_b19_cond_branch_structure())))()


@mistake("cond branches must have equal output types but they differ.")
def r19_jit_jit_cond_branch_dtype():
    return jax.jit(jax.jit(lambda: _keep19(_b19_cond_branch_dtype())))()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_jit_jit_fori_carry_shape():
    return jax.jit(jax.jit(lambda: _keep19(_b19_fori_carry_shape())))()


@mistake("switch branches must have equal output types but they differ.")
def r19_jit_jit_switch_branch_shapes():
    return jax.jit(jax.jit(lambda: _keep19(_b19_switch_branch_shapes())))()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_jit_jit_custom_vjp_bwd_structure():
    return jax.jit(jax.jit(lambda: _keep19(_b19_custom_vjp_bwd_structure())))()


@mistake("Custom VJP fwd rule")
def r19_jit_jit_custom_vjp_fwd_not_pair():
    return jax.jit(jax.jit(lambda: _keep19(_b19_custom_vjp_fwd_not_pair())))()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_jit_jit_custom_vjp_bwd_not_tuple():
    return jax.jit(jax.jit(lambda: _keep19(_b19_custom_vjp_bwd_not_tuple())))()


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_jit_jit_custom_jvp_tangent_shape():
    return jax.jit(jax.jit(lambda: _keep19(_b19_custom_jvp_tangent_shape())))()


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_jit_jit_key_plus_int():
    return jax.jit(jax.jit(lambda: _keep19(_b19_key_plus_int())))()


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_jit_jit_key_in_sin():
    return jax.jit(jax.jit(lambda: _keep19(_b19_key_in_sin())))()


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_jit_jit_wrap_typed_key():
    return jax.jit(jax.jit(lambda: _keep19(_b19_wrap_typed_key())))()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r19_jit_jit_split_float_count():
    return jax.jit(jax.jit(lambda: _keep19(_b19_split_float_count())))()


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_jit_jit_normal_int_dtype():
    return jax.jit(jax.jit(lambda: _keep19(_b19_normal_int_dtype())))()


@mistake("randint only accepts integer dtypes, got float32")
def r19_jit_jit_randint_float_dtype():
    return jax.jit(jax.jit(lambda: _keep19(_b19_randint_float_dtype())))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_jit_jit_key_data_of_floats():
    return jax.jit(jax.jit(lambda: _keep19(_b19_key_data_of_floats())))()


@mistake("Precision argument must be one of:")
def r19_jit_jit_dot_general_precision_name():
    return jax.jit(jax.jit(lambda: _keep19(_b19_dot_general_precision_name())))()


@mistake()
def r19_jit_jit_dot_general_mixed_dtypes():
    return jax.jit(jax.jit(lambda: _keep19(_b19_dot_general_mixed_dtypes())))()


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_jit_jit_conv_dimension_numbers_rank():
    return jax.jit(jax.jit(lambda: _keep19(_b19_conv_dimension_numbers_rank())))()


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_jit_jit_conv_lhs_rank():
    return jax.jit(jax.jit(lambda: _keep19(_b19_conv_lhs_rank())))()


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_jit_jit_index_float():
    return jax.jit(jax.jit(lambda: _keep19(_b19_index_float())))()


@mistake("an index can only have a single ellipsis ('...')")
def r19_jit_jit_index_two_ellipses():
    return jax.jit(jax.jit(lambda: _keep19(_b19_index_two_ellipses())))()


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_jit_jit_index_too_many():
    return jax.jit(jax.jit(lambda: _keep19(_b19_index_too_many())))()


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_jit_jit_index_float_array():
    return jax.jit(jax.jit(lambda: _keep19(_b19_index_float_array())))()


@mistake("JAX does not support string indexing; got idx='a'")
def r19_jit_jit_index_string():
    return jax.jit(jax.jit(lambda: _keep19(_b19_index_string())))()


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_jit_jit_index_lists_shapes():
    return jax.jit(jax.jit(lambda: _keep19(_b19_index_lists_shapes())))()


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_jit_jit_donate_argnums_out_of_range():
    return jax.jit(jax.jit(lambda: _keep19(_b19_donate_argnums_out_of_range())))()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_jit_jit_static_argnames_unhashable():
    return jax.jit(jax.jit(lambda: _keep19(_b19_static_argnames_unhashable())))()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_jit_jit_vmap_in_axes_structure():
    return jax.jit(jax.jit(lambda: _keep19(_b19_vmap_in_axes_structure())))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_jit_jit_vmap_axis_sizes():
    return jax.jit(jax.jit(lambda: _keep19(_b19_vmap_axis_sizes())))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_jit_jit_vmap_out_axes_range():
    return jax.jit(jax.jit(lambda: _keep19(_b19_vmap_out_axes_range())))()


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_jit_jit_shard_map_in_spec_rank():
    return jax.jit(jax.jit(lambda: _keep19(_b19_shard_map_in_spec_rank())))()


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_jit_jit_shard_map_out_spec_varying():
    return jax.jit(jax.jit(lambda: _keep19(_b19_shard_map_out_spec_varying())))()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_jit_jit_named_sharding_unknown_axis():
    return jax.jit(jax.jit(lambda: _keep19(_b19_named_sharding_unknown_axis())))()


@mistake("pytree structure error: different types at key path")
def r19_jit_jit_tree_map_structures():
    return jax.jit(jax.jit(lambda: _keep19(_b19_tree_map_structures())))()


# ---------------------------------------------------------------------------------------------
# eval_shape


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_eval_shape_scan_carry_structure():
    return jax.eval_shape(lambda: _keep19(_b19_scan_carry_structure()))


@mistake()
def r19_eval_shape_scan_carry_dtype():
    return jax.eval_shape(lambda: _keep19(_b19_scan_carry_dtype()))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_eval_shape_scan_xs_lengths():
    return jax.eval_shape(lambda: _keep19(_b19_scan_xs_lengths()))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_eval_shape_scan_length_mismatch():
    return jax.eval_shape(lambda: _keep19(_b19_scan_length_mismatch()))


@mistake()
def r19_eval_shape_while_carry_type():
    return jax.eval_shape(lambda: _keep19(_b19_while_carry_type()))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_eval_shape_while_cond_not_scalar():
    return jax.eval_shape(lambda: _keep19(_b19_while_cond_not_scalar()))


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_eval_shape_while_carry_structure():
    return jax.eval_shape(lambda: _keep19(_b19_while_carry_structure()))


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_eval_shape_cond_branch_structure():
    return jax.eval_shape(lambda: _keep19(_b19_cond_branch_structure()))


@mistake("cond branches must have equal output types but they differ.")
def r19_eval_shape_cond_branch_dtype():
    return jax.eval_shape(lambda: _keep19(_b19_cond_branch_dtype()))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_eval_shape_fori_carry_shape():
    return jax.eval_shape(lambda: _keep19(_b19_fori_carry_shape()))


@mistake("switch branches must have equal output types but they differ.")
def r19_eval_shape_switch_branch_shapes():
    return jax.eval_shape(lambda: _keep19(_b19_switch_branch_shapes()))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_eval_shape_custom_vjp_bwd_structure():
    return jax.eval_shape(lambda: _keep19(_b19_custom_vjp_bwd_structure()))


@mistake("Custom VJP fwd rule")
def r19_eval_shape_custom_vjp_fwd_not_pair():
    return jax.eval_shape(lambda: _keep19(_b19_custom_vjp_fwd_not_pair()))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_eval_shape_custom_vjp_bwd_not_tuple():
    return jax.eval_shape(lambda: _keep19(_b19_custom_vjp_bwd_not_tuple()))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_eval_shape_custom_jvp_tangent_shape():
    return jax.eval_shape(lambda: _keep19(_b19_custom_jvp_tangent_shape()))


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_eval_shape_key_plus_int():
    return jax.eval_shape(lambda: _keep19(_b19_key_plus_int()))


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_eval_shape_key_in_sin():
    return jax.eval_shape(lambda: _keep19(_b19_key_in_sin()))


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_eval_shape_wrap_typed_key():
    return jax.eval_shape(lambda: _keep19(_b19_wrap_typed_key()))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r19_eval_shape_split_float_count():
    return jax.eval_shape(lambda: _keep19(_b19_split_float_count()))


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_eval_shape_normal_int_dtype():
    return jax.eval_shape(lambda: _keep19(_b19_normal_int_dtype()))


@mistake("randint only accepts integer dtypes, got float32")
def r19_eval_shape_randint_float_dtype():
    return jax.eval_shape(lambda: _keep19(_b19_randint_float_dtype()))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_eval_shape_key_data_of_floats():
    return jax.eval_shape(lambda: _keep19(_b19_key_data_of_floats()))


@mistake("Precision argument must be one of:")
def r19_eval_shape_dot_general_precision_name():
    return jax.eval_shape(lambda: _keep19(_b19_dot_general_precision_name()))


@mistake()
def r19_eval_shape_dot_general_mixed_dtypes():
    return jax.eval_shape(lambda: _keep19(_b19_dot_general_mixed_dtypes()))


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_eval_shape_conv_dimension_numbers_rank():
    return jax.eval_shape(lambda: _keep19(_b19_conv_dimension_numbers_rank()))


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_eval_shape_conv_lhs_rank():
    return jax.eval_shape(lambda: _keep19(_b19_conv_lhs_rank()))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_eval_shape_index_float():
    return jax.eval_shape(lambda: _keep19(_b19_index_float()))


@mistake("an index can only have a single ellipsis ('...')")
def r19_eval_shape_index_two_ellipses():
    return jax.eval_shape(lambda: _keep19(_b19_index_two_ellipses()))


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_eval_shape_index_too_many():
    return jax.eval_shape(lambda: _keep19(_b19_index_too_many()))


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_eval_shape_index_float_array():
    return jax.eval_shape(lambda: _keep19(_b19_index_float_array()))


@mistake("JAX does not support string indexing; got idx='a'")
def r19_eval_shape_index_string():
    return jax.eval_shape(lambda: _keep19(_b19_index_string()))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_eval_shape_index_lists_shapes():
    return jax.eval_shape(lambda: _keep19(_b19_index_lists_shapes()))


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_eval_shape_donate_argnums_out_of_range():
    return jax.eval_shape(lambda: _keep19(_b19_donate_argnums_out_of_range()))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_eval_shape_static_argnames_unhashable():
    return jax.eval_shape(lambda: _keep19(_b19_static_argnames_unhashable()))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_eval_shape_vmap_in_axes_structure():
    return jax.eval_shape(lambda: _keep19(_b19_vmap_in_axes_structure()))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_eval_shape_vmap_axis_sizes():
    return jax.eval_shape(lambda: _keep19(_b19_vmap_axis_sizes()))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_eval_shape_vmap_out_axes_range():
    return jax.eval_shape(lambda: _keep19(_b19_vmap_out_axes_range()))


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_eval_shape_shard_map_in_spec_rank():
    return jax.eval_shape(lambda: _keep19(_b19_shard_map_in_spec_rank()))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_eval_shape_shard_map_out_spec_varying():
    return jax.eval_shape(lambda: _keep19(_b19_shard_map_out_spec_varying()))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_eval_shape_named_sharding_unknown_axis():
    return jax.eval_shape(lambda: _keep19(_b19_named_sharding_unknown_axis()))


@mistake("pytree structure error: different types at key path")
def r19_eval_shape_tree_map_structures():
    return jax.eval_shape(lambda: _keep19(_b19_tree_map_structures()))


# ---------------------------------------------------------------------------------------------
# checkpoint


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_checkpoint_scan_carry_structure():
    return jax.checkpoint(lambda: _keep19(_b19_scan_carry_structure()))()


@mistake()
def r19_checkpoint_scan_carry_dtype():
    return jax.checkpoint(lambda: _keep19(_b19_scan_carry_dtype()))()


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_checkpoint_scan_xs_lengths():
    return jax.checkpoint(lambda: _keep19(_b19_scan_xs_lengths()))()


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_checkpoint_scan_length_mismatch():
    return jax.checkpoint(lambda: _keep19(_b19_scan_length_mismatch()))()


@mistake()
def r19_checkpoint_while_carry_type():
    return jax.checkpoint(lambda: _keep19(_b19_while_carry_type()))()


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_checkpoint_while_cond_not_scalar():
    return jax.checkpoint(lambda: _keep19(_b19_while_cond_not_scalar()))()


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_checkpoint_while_carry_structure():
    return jax.checkpoint(lambda: _keep19(_b19_while_carry_structure()))()


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_checkpoint_cond_branch_structure():
    return jax.checkpoint(lambda: _keep19(_b19_cond_branch_structure()))()


@mistake("cond branches must have equal output types but they differ.")
def r19_checkpoint_cond_branch_dtype():
    return jax.checkpoint(lambda: _keep19(_b19_cond_branch_dtype()))()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_checkpoint_fori_carry_shape():
    return jax.checkpoint(lambda: _keep19(_b19_fori_carry_shape()))()


@mistake("switch branches must have equal output types but they differ.")
def r19_checkpoint_switch_branch_shapes():
    return jax.checkpoint(lambda: _keep19(_b19_switch_branch_shapes()))()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_checkpoint_custom_vjp_bwd_structure():
    return jax.checkpoint(lambda: _keep19(_b19_custom_vjp_bwd_structure()))()


@mistake("Custom VJP fwd rule")
def r19_checkpoint_custom_vjp_fwd_not_pair():
    return jax.checkpoint(lambda: _keep19(_b19_custom_vjp_fwd_not_pair()))()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_checkpoint_custom_vjp_bwd_not_tuple():
    return jax.checkpoint(lambda: _keep19(_b19_custom_vjp_bwd_not_tuple()))()


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_checkpoint_custom_jvp_tangent_shape():
    return jax.checkpoint(lambda: _keep19(_b19_custom_jvp_tangent_shape()))()


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_checkpoint_key_plus_int():
    return jax.checkpoint(lambda: _keep19(_b19_key_plus_int()))()


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_checkpoint_key_in_sin():
    return jax.checkpoint(lambda: _keep19(_b19_key_in_sin()))()


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_checkpoint_wrap_typed_key():
    return jax.checkpoint(lambda: _keep19(_b19_wrap_typed_key()))()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r19_checkpoint_split_float_count():
    return jax.checkpoint(lambda: _keep19(_b19_split_float_count()))()


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_checkpoint_normal_int_dtype():
    return jax.checkpoint(lambda: _keep19(_b19_normal_int_dtype()))()


@mistake("randint only accepts integer dtypes, got float32")
def r19_checkpoint_randint_float_dtype():
    return jax.checkpoint(lambda: _keep19(_b19_randint_float_dtype()))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_checkpoint_key_data_of_floats():
    return jax.checkpoint(lambda: _keep19(_b19_key_data_of_floats()))()


@mistake("Precision argument must be one of:")
def r19_checkpoint_dot_general_precision_name():
    return jax.checkpoint(lambda: _keep19(_b19_dot_general_precision_name()))()


@mistake()
def r19_checkpoint_dot_general_mixed_dtypes():
    return jax.checkpoint(lambda: _keep19(_b19_dot_general_mixed_dtypes()))()


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_checkpoint_conv_dimension_numbers_rank():
    return jax.checkpoint(lambda: _keep19(_b19_conv_dimension_numbers_rank()))()


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_checkpoint_conv_lhs_rank():
    return jax.checkpoint(lambda: _keep19(_b19_conv_lhs_rank()))()


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_checkpoint_index_float():
    return jax.checkpoint(lambda: _keep19(_b19_index_float()))()


@mistake("an index can only have a single ellipsis ('...')")
def r19_checkpoint_index_two_ellipses():
    return jax.checkpoint(lambda: _keep19(_b19_index_two_ellipses()))()


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_checkpoint_index_too_many():
    return jax.checkpoint(lambda: _keep19(_b19_index_too_many()))()


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_checkpoint_index_float_array():
    return jax.checkpoint(lambda: _keep19(_b19_index_float_array()))()


@mistake("JAX does not support string indexing; got idx='a'")
def r19_checkpoint_index_string():
    return jax.checkpoint(lambda: _keep19(_b19_index_string()))()


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_checkpoint_index_lists_shapes():
    return jax.checkpoint(lambda: _keep19(_b19_index_lists_shapes()))()


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_checkpoint_donate_argnums_out_of_range():
    return jax.checkpoint(lambda: _keep19(_b19_donate_argnums_out_of_range()))()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_checkpoint_static_argnames_unhashable():
    return jax.checkpoint(lambda: _keep19(_b19_static_argnames_unhashable()))()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_checkpoint_vmap_in_axes_structure():
    return jax.checkpoint(lambda: _keep19(_b19_vmap_in_axes_structure()))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_checkpoint_vmap_axis_sizes():
    return jax.checkpoint(lambda: _keep19(_b19_vmap_axis_sizes()))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_checkpoint_vmap_out_axes_range():
    return jax.checkpoint(lambda: _keep19(_b19_vmap_out_axes_range()))()


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_checkpoint_shard_map_in_spec_rank():
    return jax.checkpoint(lambda: _keep19(_b19_shard_map_in_spec_rank()))()


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_checkpoint_shard_map_out_spec_varying():
    return jax.checkpoint(lambda: _keep19(_b19_shard_map_out_spec_varying()))()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_checkpoint_named_sharding_unknown_axis():
    return jax.checkpoint(lambda: _keep19(_b19_named_sharding_unknown_axis()))()


@mistake("pytree structure error: different types at key path")
def r19_checkpoint_tree_map_structures():
    return jax.checkpoint(lambda: _keep19(_b19_tree_map_structures()))()


# ---------------------------------------------------------------------------------------------
# named_call


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_named_call_scan_carry_structure():
    return jax.named_call(lambda: _keep19(_b19_scan_carry_structure()), name="n19")()


@mistake()
def r19_named_call_scan_carry_dtype():
    return jax.named_call(lambda: _keep19(_b19_scan_carry_dtype()), name="n19")()


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_named_call_scan_xs_lengths():
    return jax.named_call(lambda: _keep19(_b19_scan_xs_lengths()), name="n19")()


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_named_call_scan_length_mismatch():
    return jax.named_call(lambda: _keep19(_b19_scan_length_mismatch()), name="n19")()


@mistake()
def r19_named_call_while_carry_type():
    return jax.named_call(lambda: _keep19(_b19_while_carry_type()), name="n19")()


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_named_call_while_cond_not_scalar():
    return jax.named_call(lambda: _keep19(_b19_while_cond_not_scalar()), name="n19")()


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_named_call_while_carry_structure():
    return jax.named_call(lambda: _keep19(_b19_while_carry_structure()), name="n19")()


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_named_call_cond_branch_structure():
    return jax.named_call(lambda: _keep19(_b19_cond_branch_structure()), name="n19")()


@mistake("cond branches must have equal output types but they differ.")
def r19_named_call_cond_branch_dtype():
    return jax.named_call(lambda: _keep19(_b19_cond_branch_dtype()), name="n19")()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_named_call_fori_carry_shape():
    return jax.named_call(lambda: _keep19(_b19_fori_carry_shape()), name="n19")()


@mistake("switch branches must have equal output types but they differ.")
def r19_named_call_switch_branch_shapes():
    return jax.named_call(lambda: _keep19(_b19_switch_branch_shapes()), name="n19")()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_named_call_custom_vjp_bwd_structure():
    return jax.named_call(lambda: _keep19(_b19_custom_vjp_bwd_structure()), name="n19")()


@mistake("Custom VJP fwd rule")
def r19_named_call_custom_vjp_fwd_not_pair():
    return jax.named_call(lambda: _keep19(_b19_custom_vjp_fwd_not_pair()), name="n19")()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_named_call_custom_vjp_bwd_not_tuple():
    return jax.named_call(lambda: _keep19(_b19_custom_vjp_bwd_not_tuple()), name="n19")()


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_named_call_custom_jvp_tangent_shape():
    return jax.named_call(lambda: _keep19(_b19_custom_jvp_tangent_shape()), name="n19")()


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_named_call_key_plus_int():
    return jax.named_call(lambda: _keep19(_b19_key_plus_int()), name="n19")()


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_named_call_key_in_sin():
    return jax.named_call(lambda: _keep19(_b19_key_in_sin()), name="n19")()


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_named_call_wrap_typed_key():
    return jax.named_call(lambda: _keep19(_b19_wrap_typed_key()), name="n19")()


@mistake("'float' object cannot be interpreted as an integer")
def r19_named_call_split_float_count():
    return jax.named_call(lambda: _keep19(_b19_split_float_count()), name="n19")()


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_named_call_normal_int_dtype():
    return jax.named_call(lambda: _keep19(_b19_normal_int_dtype()), name="n19")()


@mistake("randint only accepts integer dtypes, got float32")
def r19_named_call_randint_float_dtype():
    return jax.named_call(lambda: _keep19(_b19_randint_float_dtype()), name="n19")()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_named_call_key_data_of_floats():
    return jax.named_call(lambda: _keep19(_b19_key_data_of_floats()), name="n19")()


@mistake("Precision argument must be one of:")
def r19_named_call_dot_general_precision_name():
    return jax.named_call(lambda: _keep19(_b19_dot_general_precision_name()), name="n19")()


@mistake()
def r19_named_call_dot_general_mixed_dtypes():
    return jax.named_call(lambda: _keep19(_b19_dot_general_mixed_dtypes()), name="n19")()


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_named_call_conv_dimension_numbers_rank():
    return jax.named_call(lambda: _keep19(_b19_conv_dimension_numbers_rank()), name="n19")()


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_named_call_conv_lhs_rank():
    return jax.named_call(lambda: _keep19(_b19_conv_lhs_rank()), name="n19")()


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_named_call_index_float():
    return jax.named_call(lambda: _keep19(_b19_index_float()), name="n19")()


@mistake("an index can only have a single ellipsis ('...')")
def r19_named_call_index_two_ellipses():
    return jax.named_call(lambda: _keep19(_b19_index_two_ellipses()), name="n19")()


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_named_call_index_too_many():
    return jax.named_call(lambda: _keep19(_b19_index_too_many()), name="n19")()


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_named_call_index_float_array():
    return jax.named_call(lambda: _keep19(_b19_index_float_array()), name="n19")()


@mistake("JAX does not support string indexing; got idx='a'")
def r19_named_call_index_string():
    return jax.named_call(lambda: _keep19(_b19_index_string()), name="n19")()


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_named_call_index_lists_shapes():
    return jax.named_call(lambda: _keep19(_b19_index_lists_shapes()), name="n19")()


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_named_call_donate_argnums_out_of_range():
    return jax.named_call(lambda: _keep19(_b19_donate_argnums_out_of_range()), name="n19")()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_named_call_static_argnames_unhashable():
    return jax.named_call(lambda: _keep19(_b19_static_argnames_unhashable()), name="n19")()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_named_call_vmap_in_axes_structure():
    return jax.named_call(lambda: _keep19(_b19_vmap_in_axes_structure()), name="n19")()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_named_call_vmap_axis_sizes():
    return jax.named_call(lambda: _keep19(_b19_vmap_axis_sizes()), name="n19")()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_named_call_vmap_out_axes_range():
    return jax.named_call(lambda: _keep19(_b19_vmap_out_axes_range()), name="n19")()


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_named_call_shard_map_in_spec_rank():
    return jax.named_call(lambda: _keep19(_b19_shard_map_in_spec_rank()), name="n19")()


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_named_call_shard_map_out_spec_varying():
    return jax.named_call(lambda: _keep19(_b19_shard_map_out_spec_varying()), name="n19")()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_named_call_named_sharding_unknown_axis():
    return jax.named_call(lambda: _keep19(_b19_named_sharding_unknown_axis()), name="n19")()


@mistake("pytree structure error: different types at key path")
def r19_named_call_tree_map_structures():
    return jax.named_call(lambda: _keep19(_b19_tree_map_structures()), name="n19")()


# ---------------------------------------------------------------------------------------------
# cond


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_cond_scan_carry_structure():
    return lax.cond(True, lambda: _keep19(_b19_scan_carry_structure()), lambda: jnp.float32(0))


@mistake()
def r19_cond_scan_carry_dtype():
    return lax.cond(True, lambda: _keep19(_b19_scan_carry_dtype()), lambda: jnp.float32(0))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_cond_scan_xs_lengths():
    return lax.cond(True, lambda: _keep19(_b19_scan_xs_lengths()), lambda: jnp.float32(0))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_cond_scan_length_mismatch():
    return lax.cond(True, lambda: _keep19(_b19_scan_length_mismatch()), lambda: jnp.float32(0))


@mistake()
def r19_cond_while_carry_type():
    return lax.cond(True, lambda: _keep19(_b19_while_carry_type()), lambda: jnp.float32(0))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_cond_while_cond_not_scalar():
    return lax.cond(True, lambda: _keep19(_b19_while_cond_not_scalar()), lambda: jnp.float32(0))


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_cond_while_carry_structure():
    return lax.cond(True, lambda: _keep19(_b19_while_carry_structure()), lambda: jnp.float32(0))


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_cond_cond_branch_structure():
    return lax.cond(True, lambda: _keep19(_b19_cond_branch_structure()), lambda: jnp.float32(0))


@mistake("cond branches must have equal output types but they differ.")
def r19_cond_cond_branch_dtype():
    return lax.cond(True, lambda: _keep19(_b19_cond_branch_dtype()), lambda: jnp.float32(0))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_cond_fori_carry_shape():
    return lax.cond(True, lambda: _keep19(_b19_fori_carry_shape()), lambda: jnp.float32(0))


@mistake("switch branches must have equal output types but they differ.")
def r19_cond_switch_branch_shapes():
    return lax.cond(True, lambda: _keep19(_b19_switch_branch_shapes()), lambda: jnp.float32(0))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_cond_custom_vjp_bwd_structure():
    return lax.cond(True, lambda: _keep19(_b19_custom_vjp_bwd_structure()), lambda: jnp.float32(0))


@mistake("Custom VJP fwd rule")
def r19_cond_custom_vjp_fwd_not_pair():
    return lax.cond(True, lambda: _keep19(_b19_custom_vjp_fwd_not_pair()), lambda: jnp.float32(0))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_cond_custom_vjp_bwd_not_tuple():
    return lax.cond(True, lambda: _keep19(_b19_custom_vjp_bwd_not_tuple()), lambda: jnp.float32(0))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_cond_custom_jvp_tangent_shape():
    return lax.cond(True, lambda: _keep19(_b19_custom_jvp_tangent_shape()), lambda: jnp.float32(0))


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_cond_key_plus_int():
    return lax.cond(True, lambda: _keep19(_b19_key_plus_int()), lambda: jnp.float32(0))


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_cond_key_in_sin():
    return lax.cond(True, lambda: _keep19(_b19_key_in_sin()), lambda: jnp.float32(0))


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_cond_wrap_typed_key():
    return lax.cond(True, lambda: _keep19(_b19_wrap_typed_key()), lambda: jnp.float32(0))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r19_cond_split_float_count():
    return lax.cond(True, lambda: _keep19(_b19_split_float_count()), lambda: jnp.float32(0))


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_cond_normal_int_dtype():
    return lax.cond(True, lambda: _keep19(_b19_normal_int_dtype()), lambda: jnp.float32(0))


@mistake("randint only accepts integer dtypes, got float32")
def r19_cond_randint_float_dtype():
    return lax.cond(True, lambda: _keep19(_b19_randint_float_dtype()), lambda: jnp.float32(0))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_cond_key_data_of_floats():
    return lax.cond(True, lambda: _keep19(_b19_key_data_of_floats()), lambda: jnp.float32(0))


@mistake("Precision argument must be one of:")
def r19_cond_dot_general_precision_name():
    return lax.cond(
        True, lambda: _keep19(_b19_dot_general_precision_name()), lambda: jnp.float32(0)
    )


@mistake()
def r19_cond_dot_general_mixed_dtypes():
    return lax.cond(True, lambda: _keep19(_b19_dot_general_mixed_dtypes()), lambda: jnp.float32(0))


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_cond_conv_dimension_numbers_rank():
    return lax.cond(
        True, lambda: _keep19(_b19_conv_dimension_numbers_rank()), lambda: jnp.float32(0)
    )


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_cond_conv_lhs_rank():
    return lax.cond(True, lambda: _keep19(_b19_conv_lhs_rank()), lambda: jnp.float32(0))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_cond_index_float():
    return lax.cond(True, lambda: _keep19(_b19_index_float()), lambda: jnp.float32(0))


@mistake("an index can only have a single ellipsis ('...')")
def r19_cond_index_two_ellipses():
    return lax.cond(True, lambda: _keep19(_b19_index_two_ellipses()), lambda: jnp.float32(0))


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_cond_index_too_many():
    return lax.cond(True, lambda: _keep19(_b19_index_too_many()), lambda: jnp.float32(0))


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_cond_index_float_array():
    return lax.cond(True, lambda: _keep19(_b19_index_float_array()), lambda: jnp.float32(0))


@mistake("JAX does not support string indexing; got idx='a'")
def r19_cond_index_string():
    return lax.cond(True, lambda: _keep19(_b19_index_string()), lambda: jnp.float32(0))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_cond_index_lists_shapes():
    return lax.cond(True, lambda: _keep19(_b19_index_lists_shapes()), lambda: jnp.float32(0))


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_cond_donate_argnums_out_of_range():
    return lax.cond(
        True, lambda: _keep19(_b19_donate_argnums_out_of_range()), lambda: jnp.float32(0)
    )


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_cond_static_argnames_unhashable():
    return lax.cond(
        True, lambda: _keep19(_b19_static_argnames_unhashable()), lambda: jnp.float32(0)
    )


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_cond_vmap_in_axes_structure():
    return lax.cond(True, lambda: _keep19(_b19_vmap_in_axes_structure()), lambda: jnp.float32(0))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_cond_vmap_axis_sizes():
    return lax.cond(True, lambda: _keep19(_b19_vmap_axis_sizes()), lambda: jnp.float32(0))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_cond_vmap_out_axes_range():
    return lax.cond(True, lambda: _keep19(_b19_vmap_out_axes_range()), lambda: jnp.float32(0))


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_cond_shard_map_in_spec_rank():
    return lax.cond(True, lambda: _keep19(_b19_shard_map_in_spec_rank()), lambda: jnp.float32(0))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_cond_shard_map_out_spec_varying():
    return lax.cond(
        True, lambda: _keep19(_b19_shard_map_out_spec_varying()), lambda: jnp.float32(0)
    )


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_cond_named_sharding_unknown_axis():
    return lax.cond(
        True, lambda: _keep19(_b19_named_sharding_unknown_axis()), lambda: jnp.float32(0)
    )


@mistake("pytree structure error: different types at key path")
def r19_cond_tree_map_structures():
    return lax.cond(True, lambda: _keep19(_b19_tree_map_structures()), lambda: jnp.float32(0))


# ---------------------------------------------------------------------------------------------
# switch


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_switch_scan_carry_structure():
    return lax.switch(0, [lambda: _keep19(_b19_scan_carry_structure())])


@mistake()
def r19_switch_scan_carry_dtype():
    return lax.switch(0, [lambda: _keep19(_b19_scan_carry_dtype())])


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_switch_scan_xs_lengths():
    return lax.switch(0, [lambda: _keep19(_b19_scan_xs_lengths())])


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_switch_scan_length_mismatch():
    return lax.switch(0, [lambda: _keep19(_b19_scan_length_mismatch())])


@mistake()
def r19_switch_while_carry_type():
    return lax.switch(0, [lambda: _keep19(_b19_while_carry_type())])


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_switch_while_cond_not_scalar():
    return lax.switch(0, [lambda: _keep19(_b19_while_cond_not_scalar())])


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_switch_while_carry_structure():
    return lax.switch(0, [lambda: _keep19(_b19_while_carry_structure())])


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_switch_cond_branch_structure():
    return lax.switch(0, [lambda: _keep19(_b19_cond_branch_structure())])


@mistake("cond branches must have equal output types but they differ.")
def r19_switch_cond_branch_dtype():
    return lax.switch(0, [lambda: _keep19(_b19_cond_branch_dtype())])


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_switch_fori_carry_shape():
    return lax.switch(0, [lambda: _keep19(_b19_fori_carry_shape())])


@mistake("switch branches must have equal output types but they differ.")
def r19_switch_switch_branch_shapes():
    return lax.switch(0, [lambda: _keep19(_b19_switch_branch_shapes())])


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_switch_custom_vjp_bwd_structure():
    return lax.switch(0, [lambda: _keep19(_b19_custom_vjp_bwd_structure())])


@mistake("Custom VJP fwd rule")
def r19_switch_custom_vjp_fwd_not_pair():
    return lax.switch(0, [lambda: _keep19(_b19_custom_vjp_fwd_not_pair())])


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_switch_custom_vjp_bwd_not_tuple():
    return lax.switch(0, [lambda: _keep19(_b19_custom_vjp_bwd_not_tuple())])


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_switch_custom_jvp_tangent_shape():
    return lax.switch(0, [lambda: _keep19(_b19_custom_jvp_tangent_shape())])


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_switch_key_plus_int():
    return lax.switch(0, [lambda: _keep19(_b19_key_plus_int())])


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_switch_key_in_sin():
    return lax.switch(0, [lambda: _keep19(_b19_key_in_sin())])


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_switch_wrap_typed_key():
    return lax.switch(0, [lambda: _keep19(_b19_wrap_typed_key())])


@mistake("'float' object cannot be interpreted as an integer")
def r19_switch_split_float_count():
    return lax.switch(0, [lambda: _keep19(_b19_split_float_count())])


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_switch_normal_int_dtype():
    return lax.switch(0, [lambda: _keep19(_b19_normal_int_dtype())])


@mistake("randint only accepts integer dtypes, got float32")
def r19_switch_randint_float_dtype():
    return lax.switch(0, [lambda: _keep19(_b19_randint_float_dtype())])


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_switch_key_data_of_floats():
    return lax.switch(0, [lambda: _keep19(_b19_key_data_of_floats())])


@mistake("Precision argument must be one of:")
def r19_switch_dot_general_precision_name():
    return lax.switch(0, [lambda: _keep19(_b19_dot_general_precision_name())])


@mistake()
def r19_switch_dot_general_mixed_dtypes():
    return lax.switch(0, [lambda: _keep19(_b19_dot_general_mixed_dtypes())])


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_switch_conv_dimension_numbers_rank():
    return lax.switch(0, [lambda: _keep19(_b19_conv_dimension_numbers_rank())])


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_switch_conv_lhs_rank():
    return lax.switch(0, [lambda: _keep19(_b19_conv_lhs_rank())])


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_switch_index_float():
    return lax.switch(0, [lambda: _keep19(_b19_index_float())])


@mistake("an index can only have a single ellipsis ('...')")
def r19_switch_index_two_ellipses():
    return lax.switch(0, [lambda: _keep19(_b19_index_two_ellipses())])


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_switch_index_too_many():
    return lax.switch(0, [lambda: _keep19(_b19_index_too_many())])


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_switch_index_float_array():
    return lax.switch(0, [lambda: _keep19(_b19_index_float_array())])


@mistake("JAX does not support string indexing; got idx='a'")
def r19_switch_index_string():
    return lax.switch(0, [lambda: _keep19(_b19_index_string())])


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_switch_index_lists_shapes():
    return lax.switch(0, [lambda: _keep19(_b19_index_lists_shapes())])


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_switch_donate_argnums_out_of_range():
    return lax.switch(0, [lambda: _keep19(_b19_donate_argnums_out_of_range())])


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_switch_static_argnames_unhashable():
    return lax.switch(0, [lambda: _keep19(_b19_static_argnames_unhashable())])


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_switch_vmap_in_axes_structure():
    return lax.switch(0, [lambda: _keep19(_b19_vmap_in_axes_structure())])


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_switch_vmap_axis_sizes():
    return lax.switch(0, [lambda: _keep19(_b19_vmap_axis_sizes())])


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_switch_vmap_out_axes_range():
    return lax.switch(0, [lambda: _keep19(_b19_vmap_out_axes_range())])


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_switch_shard_map_in_spec_rank():
    return lax.switch(0, [lambda: _keep19(_b19_shard_map_in_spec_rank())])


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_switch_shard_map_out_spec_varying():
    return lax.switch(0, [lambda: _keep19(_b19_shard_map_out_spec_varying())])


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_switch_named_sharding_unknown_axis():
    return lax.switch(0, [lambda: _keep19(_b19_named_sharding_unknown_axis())])


@mistake("pytree structure error: different types at key path")
def r19_switch_tree_map_structures():
    return lax.switch(0, [lambda: _keep19(_b19_tree_map_structures())])


# ---------------------------------------------------------------------------------------------
# fori


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_fori_scan_carry_structure():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_scan_carry_structure()), jnp.float32(0)
    )


@mistake()
def r19_fori_scan_carry_dtype():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_scan_carry_dtype()), jnp.float32(0))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_fori_scan_xs_lengths():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_scan_xs_lengths()), jnp.float32(0))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_fori_scan_length_mismatch():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_scan_length_mismatch()), jnp.float32(0)
    )


@mistake()
def r19_fori_while_carry_type():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_while_carry_type()), jnp.float32(0))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_fori_while_cond_not_scalar():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_while_cond_not_scalar()), jnp.float32(0)
    )


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_fori_while_carry_structure():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_while_carry_structure()), jnp.float32(0)
    )


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_fori_cond_branch_structure():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_cond_branch_structure()), jnp.float32(0)
    )


@mistake("cond branches must have equal output types but they differ.")
def r19_fori_cond_branch_dtype():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_cond_branch_dtype()), jnp.float32(0))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_fori_fori_carry_shape():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_fori_carry_shape()), jnp.float32(0))


@mistake("switch branches must have equal output types but they differ.")
def r19_fori_switch_branch_shapes():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_switch_branch_shapes()), jnp.float32(0)
    )


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_fori_custom_vjp_bwd_structure():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_custom_vjp_bwd_structure()), jnp.float32(0)
    )


@mistake("Custom VJP fwd rule")
def r19_fori_custom_vjp_fwd_not_pair():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_custom_vjp_fwd_not_pair()), jnp.float32(0)
    )


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_fori_custom_vjp_bwd_not_tuple():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_custom_vjp_bwd_not_tuple()), jnp.float32(0)
    )


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_fori_custom_jvp_tangent_shape():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_custom_jvp_tangent_shape()), jnp.float32(0)
    )


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_fori_key_plus_int():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_key_plus_int()), jnp.float32(0))


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_fori_key_in_sin():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_key_in_sin()), jnp.float32(0))


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_fori_wrap_typed_key():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_wrap_typed_key()), jnp.float32(0))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r19_fori_split_float_count():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_split_float_count()), jnp.float32(0))


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_fori_normal_int_dtype():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_normal_int_dtype()), jnp.float32(0))


@mistake("randint only accepts integer dtypes, got float32")
def r19_fori_randint_float_dtype():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_randint_float_dtype()), jnp.float32(0))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_fori_key_data_of_floats():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_key_data_of_floats()), jnp.float32(0))


@mistake("Precision argument must be one of:")
def r19_fori_dot_general_precision_name():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_dot_general_precision_name()), jnp.float32(0)
    )


@mistake()
def r19_fori_dot_general_mixed_dtypes():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_dot_general_mixed_dtypes()), jnp.float32(0)
    )


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_fori_conv_dimension_numbers_rank():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_conv_dimension_numbers_rank()), jnp.float32(0)
    )


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_fori_conv_lhs_rank():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_conv_lhs_rank()), jnp.float32(0))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_fori_index_float():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_index_float()), jnp.float32(0))


@mistake("an index can only have a single ellipsis ('...')")
def r19_fori_index_two_ellipses():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_index_two_ellipses()), jnp.float32(0))


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_fori_index_too_many():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_index_too_many()), jnp.float32(0))


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_fori_index_float_array():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_index_float_array()), jnp.float32(0))


@mistake("JAX does not support string indexing; got idx='a'")
def r19_fori_index_string():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_index_string()), jnp.float32(0))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_fori_index_lists_shapes():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_index_lists_shapes()), jnp.float32(0))


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_fori_donate_argnums_out_of_range():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_donate_argnums_out_of_range()), jnp.float32(0)
    )


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_fori_static_argnames_unhashable():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_static_argnames_unhashable()), jnp.float32(0)
    )


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_fori_vmap_in_axes_structure():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_vmap_in_axes_structure()), jnp.float32(0)
    )


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_fori_vmap_axis_sizes():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_vmap_axis_sizes()), jnp.float32(0))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_fori_vmap_out_axes_range():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_vmap_out_axes_range()), jnp.float32(0))


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_fori_shard_map_in_spec_rank():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_shard_map_in_spec_rank()), jnp.float32(0)
    )


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_fori_shard_map_out_spec_varying():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_shard_map_out_spec_varying()), jnp.float32(0)
    )


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_fori_named_sharding_unknown_axis():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep19(_b19_named_sharding_unknown_axis()), jnp.float32(0)
    )


@mistake("pytree structure error: different types at key path")
def r19_fori_tree_map_structures():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep19(_b19_tree_map_structures()), jnp.float32(0))


# ---------------------------------------------------------------------------------------------
# while


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_while_scan_carry_structure():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_scan_carry_structure()), jnp.float32(0)
    )


@mistake()
def r19_while_scan_carry_dtype():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_scan_carry_dtype()), jnp.float32(0)
    )


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_while_scan_xs_lengths():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_scan_xs_lengths()), jnp.float32(0)
    )


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_while_scan_length_mismatch():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_scan_length_mismatch()), jnp.float32(0)
    )


@mistake()
def r19_while_while_carry_type():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_while_carry_type()), jnp.float32(0)
    )


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_while_while_cond_not_scalar():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_while_cond_not_scalar()), jnp.float32(0)
    )


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_while_while_carry_structure():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_while_carry_structure()), jnp.float32(0)
    )


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_while_cond_branch_structure():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_cond_branch_structure()), jnp.float32(0)
    )


@mistake("cond branches must have equal output types but they differ.")
def r19_while_cond_branch_dtype():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_cond_branch_dtype()), jnp.float32(0)
    )


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_while_fori_carry_shape():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_fori_carry_shape()), jnp.float32(0)
    )


@mistake("switch branches must have equal output types but they differ.")
def r19_while_switch_branch_shapes():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_switch_branch_shapes()), jnp.float32(0)
    )


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_while_custom_vjp_bwd_structure():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_custom_vjp_bwd_structure()), jnp.float32(0)
    )


@mistake("Custom VJP fwd rule")
def r19_while_custom_vjp_fwd_not_pair():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_custom_vjp_fwd_not_pair()), jnp.float32(0)
    )


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_while_custom_vjp_bwd_not_tuple():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_custom_vjp_bwd_not_tuple()), jnp.float32(0)
    )


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_while_custom_jvp_tangent_shape():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_custom_jvp_tangent_shape()), jnp.float32(0)
    )


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_while_key_plus_int():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_key_plus_int()), jnp.float32(0)
    )


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_while_key_in_sin():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_key_in_sin()), jnp.float32(0)
    )


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_while_wrap_typed_key():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_wrap_typed_key()), jnp.float32(0)
    )


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r19_while_split_float_count():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_split_float_count()), jnp.float32(0)
    )


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_while_normal_int_dtype():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_normal_int_dtype()), jnp.float32(0)
    )


@mistake("randint only accepts integer dtypes, got float32")
def r19_while_randint_float_dtype():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_randint_float_dtype()), jnp.float32(0)
    )


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_while_key_data_of_floats():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_key_data_of_floats()), jnp.float32(0)
    )


@mistake("Precision argument must be one of:")
def r19_while_dot_general_precision_name():
    return lax.while_loop(
        lambda c: c < 1,
        lambda c: c + 1 + _keep19(_b19_dot_general_precision_name()),
        jnp.float32(0),
    )


@mistake()
def r19_while_dot_general_mixed_dtypes():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_dot_general_mixed_dtypes()), jnp.float32(0)
    )


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_while_conv_dimension_numbers_rank():
    return lax.while_loop(
        lambda c: c < 1,
        lambda c: c + 1 + _keep19(_b19_conv_dimension_numbers_rank()),
        jnp.float32(0),
    )


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_while_conv_lhs_rank():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_conv_lhs_rank()), jnp.float32(0)
    )


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_while_index_float():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_index_float()), jnp.float32(0)
    )


@mistake("an index can only have a single ellipsis ('...')")
def r19_while_index_two_ellipses():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_index_two_ellipses()), jnp.float32(0)
    )


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_while_index_too_many():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_index_too_many()), jnp.float32(0)
    )


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_while_index_float_array():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_index_float_array()), jnp.float32(0)
    )


@mistake("JAX does not support string indexing; got idx='a'")
def r19_while_index_string():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_index_string()), jnp.float32(0)
    )


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_while_index_lists_shapes():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_index_lists_shapes()), jnp.float32(0)
    )


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_while_donate_argnums_out_of_range():
    return lax.while_loop(
        lambda c: c < 1,
        lambda c: c + 1 + _keep19(_b19_donate_argnums_out_of_range()),
        jnp.float32(0),
    )


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_while_static_argnames_unhashable():
    return lax.while_loop(
        lambda c: c < 1,
        lambda c: c + 1 + _keep19(_b19_static_argnames_unhashable()),
        jnp.float32(0),
    )


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_while_vmap_in_axes_structure():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_vmap_in_axes_structure()), jnp.float32(0)
    )


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_while_vmap_axis_sizes():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_vmap_axis_sizes()), jnp.float32(0)
    )


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_while_vmap_out_axes_range():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_vmap_out_axes_range()), jnp.float32(0)
    )


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_while_shard_map_in_spec_rank():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_shard_map_in_spec_rank()), jnp.float32(0)
    )


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_while_shard_map_out_spec_varying():
    return lax.while_loop(
        lambda c: c < 1,
        lambda c: c + 1 + _keep19(_b19_shard_map_out_spec_varying()),
        jnp.float32(0),
    )


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_while_named_sharding_unknown_axis():
    return lax.while_loop(
        lambda c: c < 1,
        lambda c: c + 1 + _keep19(_b19_named_sharding_unknown_axis()),
        jnp.float32(0),
    )


@mistake("pytree structure error: different types at key path")
def r19_while_tree_map_structures():
    return lax.while_loop(
        lambda c: c < 1, lambda c: c + 1 + _keep19(_b19_tree_map_structures()), jnp.float32(0)
    )


# ---------------------------------------------------------------------------------------------
# scan


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_scan_scan_carry_structure():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_scan_carry_structure()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake()
def r19_scan_scan_carry_dtype():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_scan_carry_dtype()), None), jnp.float32(0), None, length=1
    )


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_scan_scan_xs_lengths():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_scan_xs_lengths()), None), jnp.float32(0), None, length=1
    )


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_scan_scan_length_mismatch():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_scan_length_mismatch()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake()
def r19_scan_while_carry_type():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_while_carry_type()), None), jnp.float32(0), None, length=1
    )


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_scan_while_cond_not_scalar():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_while_cond_not_scalar()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_scan_while_carry_structure():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_while_carry_structure()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_scan_cond_branch_structure():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_cond_branch_structure()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("cond branches must have equal output types but they differ.")
def r19_scan_cond_branch_dtype():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_cond_branch_dtype()), None), jnp.float32(0), None, length=1
    )


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_scan_fori_carry_shape():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_fori_carry_shape()), None), jnp.float32(0), None, length=1
    )


@mistake("switch branches must have equal output types but they differ.")
def r19_scan_switch_branch_shapes():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_switch_branch_shapes()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_scan_custom_vjp_bwd_structure():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_custom_vjp_bwd_structure()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("Custom VJP fwd rule")
def r19_scan_custom_vjp_fwd_not_pair():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_custom_vjp_fwd_not_pair()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_scan_custom_vjp_bwd_not_tuple():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_custom_vjp_bwd_not_tuple()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_scan_custom_jvp_tangent_shape():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_custom_jvp_tangent_shape()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_scan_key_plus_int():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_key_plus_int()), None), jnp.float32(0), None, length=1
    )


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_scan_key_in_sin():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_key_in_sin()), None), jnp.float32(0), None, length=1
    )


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_scan_wrap_typed_key():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_wrap_typed_key()), None), jnp.float32(0), None, length=1
    )


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r19_scan_split_float_count():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_split_float_count()), None), jnp.float32(0), None, length=1
    )


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_scan_normal_int_dtype():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_normal_int_dtype()), None), jnp.float32(0), None, length=1
    )


@mistake("randint only accepts integer dtypes, got float32")
def r19_scan_randint_float_dtype():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_randint_float_dtype()), None), jnp.float32(0), None, length=1
    )


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_scan_key_data_of_floats():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_key_data_of_floats()), None), jnp.float32(0), None, length=1
    )


@mistake("Precision argument must be one of:")
def r19_scan_dot_general_precision_name():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_dot_general_precision_name()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake()
def r19_scan_dot_general_mixed_dtypes():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_dot_general_mixed_dtypes()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_scan_conv_dimension_numbers_rank():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_conv_dimension_numbers_rank()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_scan_conv_lhs_rank():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_conv_lhs_rank()), None), jnp.float32(0), None, length=1
    )


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_scan_index_float():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_index_float()), None), jnp.float32(0), None, length=1
    )


@mistake("an index can only have a single ellipsis ('...')")
def r19_scan_index_two_ellipses():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_index_two_ellipses()), None), jnp.float32(0), None, length=1
    )


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_scan_index_too_many():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_index_too_many()), None), jnp.float32(0), None, length=1
    )


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_scan_index_float_array():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_index_float_array()), None), jnp.float32(0), None, length=1
    )


@mistake("JAX does not support string indexing; got idx='a'")
def r19_scan_index_string():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_index_string()), None), jnp.float32(0), None, length=1
    )


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_scan_index_lists_shapes():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_index_lists_shapes()), None), jnp.float32(0), None, length=1
    )


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_scan_donate_argnums_out_of_range():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_donate_argnums_out_of_range()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_scan_static_argnames_unhashable():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_static_argnames_unhashable()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_scan_vmap_in_axes_structure():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_vmap_in_axes_structure()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_scan_vmap_axis_sizes():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_vmap_axis_sizes()), None), jnp.float32(0), None, length=1
    )


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_scan_vmap_out_axes_range():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_vmap_out_axes_range()), None), jnp.float32(0), None, length=1
    )


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_scan_shard_map_in_spec_rank():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_shard_map_in_spec_rank()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_scan_shard_map_out_spec_varying():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_shard_map_out_spec_varying()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_scan_named_sharding_unknown_axis():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_named_sharding_unknown_axis()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("pytree structure error: different types at key path")
def r19_scan_tree_map_structures():
    return lax.scan(
        lambda c, _: (c + _keep19(_b19_tree_map_structures()), None), jnp.float32(0), None, length=1
    )


# ---------------------------------------------------------------------------------------------
# map


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_map_scan_carry_structure():
    return lax.map(lambda _: _keep19(_b19_scan_carry_structure()), jnp.arange(1))


@mistake()
def r19_map_scan_carry_dtype():
    return lax.map(lambda _: _keep19(_b19_scan_carry_dtype()), jnp.arange(1))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_map_scan_xs_lengths():
    return lax.map(lambda _: _keep19(_b19_scan_xs_lengths()), jnp.arange(1))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_map_scan_length_mismatch():
    return lax.map(lambda _: _keep19(_b19_scan_length_mismatch()), jnp.arange(1))


@mistake()
def r19_map_while_carry_type():
    return lax.map(lambda _: _keep19(_b19_while_carry_type()), jnp.arange(1))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_map_while_cond_not_scalar():
    return lax.map(lambda _: _keep19(_b19_while_cond_not_scalar()), jnp.arange(1))


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_map_while_carry_structure():
    return lax.map(lambda _: _keep19(_b19_while_carry_structure()), jnp.arange(1))


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_map_cond_branch_structure():
    return lax.map(lambda _: _keep19(_b19_cond_branch_structure()), jnp.arange(1))


@mistake("cond branches must have equal output types but they differ.")
def r19_map_cond_branch_dtype():
    return lax.map(lambda _: _keep19(_b19_cond_branch_dtype()), jnp.arange(1))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_map_fori_carry_shape():
    return lax.map(lambda _: _keep19(_b19_fori_carry_shape()), jnp.arange(1))


@mistake("switch branches must have equal output types but they differ.")
def r19_map_switch_branch_shapes():
    return lax.map(lambda _: _keep19(_b19_switch_branch_shapes()), jnp.arange(1))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_map_custom_vjp_bwd_structure():
    return lax.map(lambda _: _keep19(_b19_custom_vjp_bwd_structure()), jnp.arange(1))


@mistake("Custom VJP fwd rule")
def r19_map_custom_vjp_fwd_not_pair():
    return lax.map(lambda _: _keep19(_b19_custom_vjp_fwd_not_pair()), jnp.arange(1))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_map_custom_vjp_bwd_not_tuple():
    return lax.map(lambda _: _keep19(_b19_custom_vjp_bwd_not_tuple()), jnp.arange(1))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_map_custom_jvp_tangent_shape():
    return lax.map(lambda _: _keep19(_b19_custom_jvp_tangent_shape()), jnp.arange(1))


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_map_key_plus_int():
    return lax.map(lambda _: _keep19(_b19_key_plus_int()), jnp.arange(1))


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_map_key_in_sin():
    return lax.map(lambda _: _keep19(_b19_key_in_sin()), jnp.arange(1))


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_map_wrap_typed_key():
    return lax.map(lambda _: _keep19(_b19_wrap_typed_key()), jnp.arange(1))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r19_map_split_float_count():
    return lax.map(lambda _: _keep19(_b19_split_float_count()), jnp.arange(1))


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_map_normal_int_dtype():
    return lax.map(lambda _: _keep19(_b19_normal_int_dtype()), jnp.arange(1))


@mistake("randint only accepts integer dtypes, got float32")
def r19_map_randint_float_dtype():
    return lax.map(lambda _: _keep19(_b19_randint_float_dtype()), jnp.arange(1))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_map_key_data_of_floats():
    return lax.map(lambda _: _keep19(_b19_key_data_of_floats()), jnp.arange(1))


@mistake("Precision argument must be one of:")
def r19_map_dot_general_precision_name():
    return lax.map(lambda _: _keep19(_b19_dot_general_precision_name()), jnp.arange(1))


@mistake()
def r19_map_dot_general_mixed_dtypes():
    return lax.map(lambda _: _keep19(_b19_dot_general_mixed_dtypes()), jnp.arange(1))


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_map_conv_dimension_numbers_rank():
    return lax.map(lambda _: _keep19(_b19_conv_dimension_numbers_rank()), jnp.arange(1))


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_map_conv_lhs_rank():
    return lax.map(lambda _: _keep19(_b19_conv_lhs_rank()), jnp.arange(1))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_map_index_float():
    return lax.map(lambda _: _keep19(_b19_index_float()), jnp.arange(1))


@mistake("an index can only have a single ellipsis ('...')")
def r19_map_index_two_ellipses():
    return lax.map(lambda _: _keep19(_b19_index_two_ellipses()), jnp.arange(1))


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_map_index_too_many():
    return lax.map(lambda _: _keep19(_b19_index_too_many()), jnp.arange(1))


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_map_index_float_array():
    return lax.map(lambda _: _keep19(_b19_index_float_array()), jnp.arange(1))


@mistake("JAX does not support string indexing; got idx='a'")
def r19_map_index_string():
    return lax.map(lambda _: _keep19(_b19_index_string()), jnp.arange(1))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_map_index_lists_shapes():
    return lax.map(lambda _: _keep19(_b19_index_lists_shapes()), jnp.arange(1))


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_map_donate_argnums_out_of_range():
    return lax.map(lambda _: _keep19(_b19_donate_argnums_out_of_range()), jnp.arange(1))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_map_static_argnames_unhashable():
    return lax.map(lambda _: _keep19(_b19_static_argnames_unhashable()), jnp.arange(1))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_map_vmap_in_axes_structure():
    return lax.map(lambda _: _keep19(_b19_vmap_in_axes_structure()), jnp.arange(1))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_map_vmap_axis_sizes():
    return lax.map(lambda _: _keep19(_b19_vmap_axis_sizes()), jnp.arange(1))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_map_vmap_out_axes_range():
    return lax.map(lambda _: _keep19(_b19_vmap_out_axes_range()), jnp.arange(1))


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_map_shard_map_in_spec_rank():
    return lax.map(lambda _: _keep19(_b19_shard_map_in_spec_rank()), jnp.arange(1))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_map_shard_map_out_spec_varying():
    return lax.map(lambda _: _keep19(_b19_shard_map_out_spec_varying()), jnp.arange(1))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_map_named_sharding_unknown_axis():
    return lax.map(lambda _: _keep19(_b19_named_sharding_unknown_axis()), jnp.arange(1))


@mistake("pytree structure error: different types at key path")
def r19_map_tree_map_structures():
    return lax.map(lambda _: _keep19(_b19_tree_map_structures()), jnp.arange(1))


# ---------------------------------------------------------------------------------------------
# vmap


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_vmap_scan_carry_structure():
    return jax.vmap(lambda v: v + _keep19(_b19_scan_carry_structure()))(jnp.ones(1))


@mistake()
def r19_vmap_scan_carry_dtype():
    return jax.vmap(lambda v: v + _keep19(_b19_scan_carry_dtype()))(jnp.ones(1))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_vmap_scan_xs_lengths():
    return jax.vmap(lambda v: v + _keep19(_b19_scan_xs_lengths()))(jnp.ones(1))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_vmap_scan_length_mismatch():
    return jax.vmap(lambda v: v + _keep19(_b19_scan_length_mismatch()))(jnp.ones(1))


@mistake()
def r19_vmap_while_carry_type():
    return jax.vmap(lambda v: v + _keep19(_b19_while_carry_type()))(jnp.ones(1))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_vmap_while_cond_not_scalar():
    return jax.vmap(lambda v: v + _keep19(_b19_while_cond_not_scalar()))(jnp.ones(1))


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_vmap_while_carry_structure():
    return jax.vmap(lambda v: v + _keep19(_b19_while_carry_structure()))(jnp.ones(1))


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_vmap_cond_branch_structure():
    return jax.vmap(lambda v: v + _keep19(_b19_cond_branch_structure()))(jnp.ones(1))


@mistake("cond branches must have equal output types but they differ.")
def r19_vmap_cond_branch_dtype():
    return jax.vmap(lambda v: v + _keep19(_b19_cond_branch_dtype()))(jnp.ones(1))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_vmap_fori_carry_shape():
    return jax.vmap(lambda v: v + _keep19(_b19_fori_carry_shape()))(jnp.ones(1))


@mistake("switch branches must have equal output types but they differ.")
def r19_vmap_switch_branch_shapes():
    return jax.vmap(lambda v: v + _keep19(_b19_switch_branch_shapes()))(jnp.ones(1))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_vmap_custom_vjp_bwd_structure():
    return jax.vmap(lambda v: v + _keep19(_b19_custom_vjp_bwd_structure()))(jnp.ones(1))


@mistake("Custom VJP fwd rule")
def r19_vmap_custom_vjp_fwd_not_pair():
    return jax.vmap(lambda v: v + _keep19(_b19_custom_vjp_fwd_not_pair()))(jnp.ones(1))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_vmap_custom_vjp_bwd_not_tuple():
    return jax.vmap(lambda v: v + _keep19(_b19_custom_vjp_bwd_not_tuple()))(jnp.ones(1))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_vmap_custom_jvp_tangent_shape():
    return jax.vmap(lambda v: v + _keep19(_b19_custom_jvp_tangent_shape()))(jnp.ones(1))


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_vmap_key_plus_int():
    return jax.vmap(lambda v: v + _keep19(_b19_key_plus_int()))(jnp.ones(1))


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_vmap_key_in_sin():
    return jax.vmap(lambda v: v + _keep19(_b19_key_in_sin()))(jnp.ones(1))


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_vmap_wrap_typed_key():
    return jax.vmap(lambda v: v + _keep19(_b19_wrap_typed_key()))(jnp.ones(1))


@mistake("'float' object cannot be interpreted as an integer")
def r19_vmap_split_float_count():
    return jax.vmap(lambda v: v + _keep19(_b19_split_float_count()))(jnp.ones(1))


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_vmap_normal_int_dtype():
    return jax.vmap(lambda v: v + _keep19(_b19_normal_int_dtype()))(jnp.ones(1))


@mistake("randint only accepts integer dtypes, got float32")
def r19_vmap_randint_float_dtype():
    return jax.vmap(lambda v: v + _keep19(_b19_randint_float_dtype()))(jnp.ones(1))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_vmap_key_data_of_floats():
    return jax.vmap(lambda v: v + _keep19(_b19_key_data_of_floats()))(jnp.ones(1))


@mistake("Precision argument must be one of:")
def r19_vmap_dot_general_precision_name():
    return jax.vmap(lambda v: v + _keep19(_b19_dot_general_precision_name()))(jnp.ones(1))


@mistake()
def r19_vmap_dot_general_mixed_dtypes():
    return jax.vmap(lambda v: v + _keep19(_b19_dot_general_mixed_dtypes()))(jnp.ones(1))


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_vmap_conv_dimension_numbers_rank():
    return jax.vmap(lambda v: v + _keep19(_b19_conv_dimension_numbers_rank()))(jnp.ones(1))


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_vmap_conv_lhs_rank():
    return jax.vmap(lambda v: v + _keep19(_b19_conv_lhs_rank()))(jnp.ones(1))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_vmap_index_float():
    return jax.vmap(lambda v: v + _keep19(_b19_index_float()))(jnp.ones(1))


@mistake("an index can only have a single ellipsis ('...')")
def r19_vmap_index_two_ellipses():
    return jax.vmap(lambda v: v + _keep19(_b19_index_two_ellipses()))(jnp.ones(1))


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_vmap_index_too_many():
    return jax.vmap(lambda v: v + _keep19(_b19_index_too_many()))(jnp.ones(1))


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_vmap_index_float_array():
    return jax.vmap(lambda v: v + _keep19(_b19_index_float_array()))(jnp.ones(1))


@mistake("JAX does not support string indexing; got idx='a'")
def r19_vmap_index_string():
    return jax.vmap(lambda v: v + _keep19(_b19_index_string()))(jnp.ones(1))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_vmap_index_lists_shapes():
    return jax.vmap(lambda v: v + _keep19(_b19_index_lists_shapes()))(jnp.ones(1))


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_vmap_donate_argnums_out_of_range():
    return jax.vmap(lambda v: v + _keep19(_b19_donate_argnums_out_of_range()))(jnp.ones(1))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_vmap_static_argnames_unhashable():
    return jax.vmap(lambda v: v + _keep19(_b19_static_argnames_unhashable()))(jnp.ones(1))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_vmap_vmap_in_axes_structure():
    return jax.vmap(lambda v: v + _keep19(_b19_vmap_in_axes_structure()))(jnp.ones(1))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_vmap_vmap_axis_sizes():
    return jax.vmap(lambda v: v + _keep19(_b19_vmap_axis_sizes()))(jnp.ones(1))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_vmap_vmap_out_axes_range():
    return jax.vmap(lambda v: v + _keep19(_b19_vmap_out_axes_range()))(jnp.ones(1))


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_vmap_shard_map_in_spec_rank():
    return jax.vmap(lambda v: v + _keep19(_b19_shard_map_in_spec_rank()))(jnp.ones(1))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_vmap_shard_map_out_spec_varying():
    return jax.vmap(lambda v: v + _keep19(_b19_shard_map_out_spec_varying()))(jnp.ones(1))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_vmap_named_sharding_unknown_axis():
    return jax.vmap(lambda v: v + _keep19(_b19_named_sharding_unknown_axis()))(jnp.ones(1))


@mistake("pytree structure error: different types at key path")
def r19_vmap_tree_map_structures():
    return jax.vmap(lambda v: v + _keep19(_b19_tree_map_structures()))(jnp.ones(1))


# ---------------------------------------------------------------------------------------------
# grad


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_grad_scan_carry_structure():
    return jax.grad(lambda v: v + _keep19(_b19_scan_carry_structure()))(1.0)


@mistake()
def r19_grad_scan_carry_dtype():
    return jax.grad(lambda v: v + _keep19(_b19_scan_carry_dtype()))(1.0)


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_grad_scan_xs_lengths():
    return jax.grad(lambda v: v + _keep19(_b19_scan_xs_lengths()))(1.0)


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_grad_scan_length_mismatch():
    return jax.grad(lambda v: v + _keep19(_b19_scan_length_mismatch()))(1.0)


@mistake()
def r19_grad_while_carry_type():
    return jax.grad(lambda v: v + _keep19(_b19_while_carry_type()))(1.0)


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_grad_while_cond_not_scalar():
    return jax.grad(lambda v: v + _keep19(_b19_while_cond_not_scalar()))(1.0)


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_grad_while_carry_structure():
    return jax.grad(lambda v: v + _keep19(_b19_while_carry_structure()))(1.0)


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_grad_cond_branch_structure():
    return jax.grad(lambda v: v + _keep19(_b19_cond_branch_structure()))(1.0)


@mistake("cond branches must have equal output types but they differ.")
def r19_grad_cond_branch_dtype():
    return jax.grad(lambda v: v + _keep19(_b19_cond_branch_dtype()))(1.0)


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_grad_fori_carry_shape():
    return jax.grad(lambda v: v + _keep19(_b19_fori_carry_shape()))(1.0)


@mistake("switch branches must have equal output types but they differ.")
def r19_grad_switch_branch_shapes():
    return jax.grad(lambda v: v + _keep19(_b19_switch_branch_shapes()))(1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_grad_custom_vjp_bwd_structure():
    return jax.grad(lambda v: v + _keep19(_b19_custom_vjp_bwd_structure()))(1.0)


@mistake("Custom VJP fwd rule")
def r19_grad_custom_vjp_fwd_not_pair():
    return jax.grad(lambda v: v + _keep19(_b19_custom_vjp_fwd_not_pair()))(1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_grad_custom_vjp_bwd_not_tuple():
    return jax.grad(lambda v: v + _keep19(_b19_custom_vjp_bwd_not_tuple()))(1.0)


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_grad_custom_jvp_tangent_shape():
    return jax.grad(lambda v: v + _keep19(_b19_custom_jvp_tangent_shape()))(1.0)


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_grad_key_plus_int():
    return jax.grad(lambda v: v + _keep19(_b19_key_plus_int()))(1.0)


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_grad_key_in_sin():
    return jax.grad(lambda v: v + _keep19(_b19_key_in_sin()))(1.0)


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_grad_wrap_typed_key():
    return jax.grad(lambda v: v + _keep19(_b19_wrap_typed_key()))(1.0)


@mistake("'float' object cannot be interpreted as an integer")
def r19_grad_split_float_count():
    return jax.grad(lambda v: v + _keep19(_b19_split_float_count()))(1.0)


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_grad_normal_int_dtype():
    return jax.grad(lambda v: v + _keep19(_b19_normal_int_dtype()))(1.0)


@mistake("randint only accepts integer dtypes, got float32")
def r19_grad_randint_float_dtype():
    return jax.grad(lambda v: v + _keep19(_b19_randint_float_dtype()))(1.0)


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_grad_key_data_of_floats():
    return jax.grad(lambda v: v + _keep19(_b19_key_data_of_floats()))(1.0)


@mistake("Precision argument must be one of:")
def r19_grad_dot_general_precision_name():
    return jax.grad(lambda v: v + _keep19(_b19_dot_general_precision_name()))(1.0)


@mistake()
def r19_grad_dot_general_mixed_dtypes():
    return jax.grad(lambda v: v + _keep19(_b19_dot_general_mixed_dtypes()))(1.0)


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_grad_conv_dimension_numbers_rank():
    return jax.grad(lambda v: v + _keep19(_b19_conv_dimension_numbers_rank()))(1.0)


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_grad_conv_lhs_rank():
    return jax.grad(lambda v: v + _keep19(_b19_conv_lhs_rank()))(1.0)


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_grad_index_float():
    return jax.grad(lambda v: v + _keep19(_b19_index_float()))(1.0)


@mistake("an index can only have a single ellipsis ('...')")
def r19_grad_index_two_ellipses():
    return jax.grad(lambda v: v + _keep19(_b19_index_two_ellipses()))(1.0)


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_grad_index_too_many():
    return jax.grad(lambda v: v + _keep19(_b19_index_too_many()))(1.0)


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_grad_index_float_array():
    return jax.grad(lambda v: v + _keep19(_b19_index_float_array()))(1.0)


@mistake("JAX does not support string indexing; got idx='a'")
def r19_grad_index_string():
    return jax.grad(lambda v: v + _keep19(_b19_index_string()))(1.0)


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_grad_index_lists_shapes():
    return jax.grad(lambda v: v + _keep19(_b19_index_lists_shapes()))(1.0)


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_grad_donate_argnums_out_of_range():
    return jax.grad(lambda v: v + _keep19(_b19_donate_argnums_out_of_range()))(1.0)


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_grad_static_argnames_unhashable():
    return jax.grad(lambda v: v + _keep19(_b19_static_argnames_unhashable()))(1.0)


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_grad_vmap_in_axes_structure():
    return jax.grad(lambda v: v + _keep19(_b19_vmap_in_axes_structure()))(1.0)


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_grad_vmap_axis_sizes():
    return jax.grad(lambda v: v + _keep19(_b19_vmap_axis_sizes()))(1.0)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_grad_vmap_out_axes_range():
    return jax.grad(lambda v: v + _keep19(_b19_vmap_out_axes_range()))(1.0)


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_grad_shard_map_in_spec_rank():
    return jax.grad(lambda v: v + _keep19(_b19_shard_map_in_spec_rank()))(1.0)


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_grad_shard_map_out_spec_varying():
    return jax.grad(lambda v: v + _keep19(_b19_shard_map_out_spec_varying()))(1.0)


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_grad_named_sharding_unknown_axis():
    return jax.grad(lambda v: v + _keep19(_b19_named_sharding_unknown_axis()))(1.0)


@mistake("pytree structure error: different types at key path")
def r19_grad_tree_map_structures():
    return jax.grad(lambda v: v + _keep19(_b19_tree_map_structures()))(1.0)


# ---------------------------------------------------------------------------------------------
# jvp


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_jvp_scan_carry_structure():
    return jax.jvp(lambda v: v + _keep19(_b19_scan_carry_structure()), (1.0,), (1.0,))


@mistake()
def r19_jvp_scan_carry_dtype():
    return jax.jvp(lambda v: v + _keep19(_b19_scan_carry_dtype()), (1.0,), (1.0,))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_jvp_scan_xs_lengths():
    return jax.jvp(lambda v: v + _keep19(_b19_scan_xs_lengths()), (1.0,), (1.0,))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_jvp_scan_length_mismatch():
    return jax.jvp(lambda v: v + _keep19(_b19_scan_length_mismatch()), (1.0,), (1.0,))


@mistake()
def r19_jvp_while_carry_type():
    return jax.jvp(lambda v: v + _keep19(_b19_while_carry_type()), (1.0,), (1.0,))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_jvp_while_cond_not_scalar():
    return jax.jvp(lambda v: v + _keep19(_b19_while_cond_not_scalar()), (1.0,), (1.0,))


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_jvp_while_carry_structure():
    return jax.jvp(lambda v: v + _keep19(_b19_while_carry_structure()), (1.0,), (1.0,))


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_jvp_cond_branch_structure():
    return jax.jvp(lambda v: v + _keep19(_b19_cond_branch_structure()), (1.0,), (1.0,))


@mistake("cond branches must have equal output types but they differ.")
def r19_jvp_cond_branch_dtype():
    return jax.jvp(lambda v: v + _keep19(_b19_cond_branch_dtype()), (1.0,), (1.0,))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_jvp_fori_carry_shape():
    return jax.jvp(lambda v: v + _keep19(_b19_fori_carry_shape()), (1.0,), (1.0,))


@mistake("switch branches must have equal output types but they differ.")
def r19_jvp_switch_branch_shapes():
    return jax.jvp(lambda v: v + _keep19(_b19_switch_branch_shapes()), (1.0,), (1.0,))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_jvp_custom_vjp_bwd_structure():
    return jax.jvp(lambda v: v + _keep19(_b19_custom_vjp_bwd_structure()), (1.0,), (1.0,))


@mistake("Custom VJP fwd rule")
def r19_jvp_custom_vjp_fwd_not_pair():
    return jax.jvp(lambda v: v + _keep19(_b19_custom_vjp_fwd_not_pair()), (1.0,), (1.0,))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_jvp_custom_vjp_bwd_not_tuple():
    return jax.jvp(lambda v: v + _keep19(_b19_custom_vjp_bwd_not_tuple()), (1.0,), (1.0,))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_jvp_custom_jvp_tangent_shape():
    return jax.jvp(lambda v: v + _keep19(_b19_custom_jvp_tangent_shape()), (1.0,), (1.0,))


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_jvp_key_plus_int():
    return jax.jvp(lambda v: v + _keep19(_b19_key_plus_int()), (1.0,), (1.0,))


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_jvp_key_in_sin():
    return jax.jvp(lambda v: v + _keep19(_b19_key_in_sin()), (1.0,), (1.0,))


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_jvp_wrap_typed_key():
    return jax.jvp(lambda v: v + _keep19(_b19_wrap_typed_key()), (1.0,), (1.0,))


@mistake("'float' object cannot be interpreted as an integer")
def r19_jvp_split_float_count():
    return jax.jvp(lambda v: v + _keep19(_b19_split_float_count()), (1.0,), (1.0,))


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_jvp_normal_int_dtype():
    return jax.jvp(lambda v: v + _keep19(_b19_normal_int_dtype()), (1.0,), (1.0,))


@mistake("randint only accepts integer dtypes, got float32")
def r19_jvp_randint_float_dtype():
    return jax.jvp(lambda v: v + _keep19(_b19_randint_float_dtype()), (1.0,), (1.0,))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_jvp_key_data_of_floats():
    return jax.jvp(lambda v: v + _keep19(_b19_key_data_of_floats()), (1.0,), (1.0,))


@mistake("Precision argument must be one of:")
def r19_jvp_dot_general_precision_name():
    return jax.jvp(lambda v: v + _keep19(_b19_dot_general_precision_name()), (1.0,), (1.0,))


@mistake()
def r19_jvp_dot_general_mixed_dtypes():
    return jax.jvp(lambda v: v + _keep19(_b19_dot_general_mixed_dtypes()), (1.0,), (1.0,))


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_jvp_conv_dimension_numbers_rank():
    return jax.jvp(lambda v: v + _keep19(_b19_conv_dimension_numbers_rank()), (1.0,), (1.0,))


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_jvp_conv_lhs_rank():
    return jax.jvp(lambda v: v + _keep19(_b19_conv_lhs_rank()), (1.0,), (1.0,))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_jvp_index_float():
    return jax.jvp(lambda v: v + _keep19(_b19_index_float()), (1.0,), (1.0,))


@mistake("an index can only have a single ellipsis ('...')")
def r19_jvp_index_two_ellipses():
    return jax.jvp(lambda v: v + _keep19(_b19_index_two_ellipses()), (1.0,), (1.0,))


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_jvp_index_too_many():
    return jax.jvp(lambda v: v + _keep19(_b19_index_too_many()), (1.0,), (1.0,))


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_jvp_index_float_array():
    return jax.jvp(lambda v: v + _keep19(_b19_index_float_array()), (1.0,), (1.0,))


@mistake("JAX does not support string indexing; got idx='a'")
def r19_jvp_index_string():
    return jax.jvp(lambda v: v + _keep19(_b19_index_string()), (1.0,), (1.0,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_jvp_index_lists_shapes():
    return jax.jvp(lambda v: v + _keep19(_b19_index_lists_shapes()), (1.0,), (1.0,))


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_jvp_donate_argnums_out_of_range():
    return jax.jvp(lambda v: v + _keep19(_b19_donate_argnums_out_of_range()), (1.0,), (1.0,))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_jvp_static_argnames_unhashable():
    return jax.jvp(lambda v: v + _keep19(_b19_static_argnames_unhashable()), (1.0,), (1.0,))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_jvp_vmap_in_axes_structure():
    return jax.jvp(lambda v: v + _keep19(_b19_vmap_in_axes_structure()), (1.0,), (1.0,))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_jvp_vmap_axis_sizes():
    return jax.jvp(lambda v: v + _keep19(_b19_vmap_axis_sizes()), (1.0,), (1.0,))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_jvp_vmap_out_axes_range():
    return jax.jvp(lambda v: v + _keep19(_b19_vmap_out_axes_range()), (1.0,), (1.0,))


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_jvp_shard_map_in_spec_rank():
    return jax.jvp(lambda v: v + _keep19(_b19_shard_map_in_spec_rank()), (1.0,), (1.0,))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_jvp_shard_map_out_spec_varying():
    return jax.jvp(lambda v: v + _keep19(_b19_shard_map_out_spec_varying()), (1.0,), (1.0,))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_jvp_named_sharding_unknown_axis():
    return jax.jvp(lambda v: v + _keep19(_b19_named_sharding_unknown_axis()), (1.0,), (1.0,))


@mistake("pytree structure error: different types at key path")
def r19_jvp_tree_map_structures():
    return jax.jvp(lambda v: v + _keep19(_b19_tree_map_structures()), (1.0,), (1.0,))


# ---------------------------------------------------------------------------------------------
# vjp


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_vjp_scan_carry_structure():
    return jax.vjp(lambda v: v + _keep19(_b19_scan_carry_structure()), 1.0)


@mistake()
def r19_vjp_scan_carry_dtype():
    return jax.vjp(lambda v: v + _keep19(_b19_scan_carry_dtype()), 1.0)


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_vjp_scan_xs_lengths():
    return jax.vjp(lambda v: v + _keep19(_b19_scan_xs_lengths()), 1.0)


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_vjp_scan_length_mismatch():
    return jax.vjp(lambda v: v + _keep19(_b19_scan_length_mismatch()), 1.0)


@mistake()
def r19_vjp_while_carry_type():
    return jax.vjp(lambda v: v + _keep19(_b19_while_carry_type()), 1.0)


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_vjp_while_cond_not_scalar():
    return jax.vjp(lambda v: v + _keep19(_b19_while_cond_not_scalar()), 1.0)


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_vjp_while_carry_structure():
    return jax.vjp(lambda v: v + _keep19(_b19_while_carry_structure()), 1.0)


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_vjp_cond_branch_structure():
    return jax.vjp(lambda v: v + _keep19(_b19_cond_branch_structure()), 1.0)


@mistake("cond branches must have equal output types but they differ.")
def r19_vjp_cond_branch_dtype():
    return jax.vjp(lambda v: v + _keep19(_b19_cond_branch_dtype()), 1.0)


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_vjp_fori_carry_shape():
    return jax.vjp(lambda v: v + _keep19(_b19_fori_carry_shape()), 1.0)


@mistake("switch branches must have equal output types but they differ.")
def r19_vjp_switch_branch_shapes():
    return jax.vjp(lambda v: v + _keep19(_b19_switch_branch_shapes()), 1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_vjp_custom_vjp_bwd_structure():
    return jax.vjp(lambda v: v + _keep19(_b19_custom_vjp_bwd_structure()), 1.0)


@mistake("Custom VJP fwd rule")
def r19_vjp_custom_vjp_fwd_not_pair():
    return jax.vjp(lambda v: v + _keep19(_b19_custom_vjp_fwd_not_pair()), 1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_vjp_custom_vjp_bwd_not_tuple():
    return jax.vjp(lambda v: v + _keep19(_b19_custom_vjp_bwd_not_tuple()), 1.0)


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_vjp_custom_jvp_tangent_shape():
    return jax.vjp(lambda v: v + _keep19(_b19_custom_jvp_tangent_shape()), 1.0)


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_vjp_key_plus_int():
    return jax.vjp(lambda v: v + _keep19(_b19_key_plus_int()), 1.0)


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_vjp_key_in_sin():
    return jax.vjp(lambda v: v + _keep19(_b19_key_in_sin()), 1.0)


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_vjp_wrap_typed_key():
    return jax.vjp(lambda v: v + _keep19(_b19_wrap_typed_key()), 1.0)


@mistake("'float' object cannot be interpreted as an integer")
def r19_vjp_split_float_count():
    return jax.vjp(lambda v: v + _keep19(_b19_split_float_count()), 1.0)


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_vjp_normal_int_dtype():
    return jax.vjp(lambda v: v + _keep19(_b19_normal_int_dtype()), 1.0)


@mistake("randint only accepts integer dtypes, got float32")
def r19_vjp_randint_float_dtype():
    return jax.vjp(lambda v: v + _keep19(_b19_randint_float_dtype()), 1.0)


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_vjp_key_data_of_floats():
    return jax.vjp(lambda v: v + _keep19(_b19_key_data_of_floats()), 1.0)


@mistake("Precision argument must be one of:")
def r19_vjp_dot_general_precision_name():
    return jax.vjp(lambda v: v + _keep19(_b19_dot_general_precision_name()), 1.0)


@mistake()
def r19_vjp_dot_general_mixed_dtypes():
    return jax.vjp(lambda v: v + _keep19(_b19_dot_general_mixed_dtypes()), 1.0)


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_vjp_conv_dimension_numbers_rank():
    return jax.vjp(lambda v: v + _keep19(_b19_conv_dimension_numbers_rank()), 1.0)


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_vjp_conv_lhs_rank():
    return jax.vjp(lambda v: v + _keep19(_b19_conv_lhs_rank()), 1.0)


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_vjp_index_float():
    return jax.vjp(lambda v: v + _keep19(_b19_index_float()), 1.0)


@mistake("an index can only have a single ellipsis ('...')")
def r19_vjp_index_two_ellipses():
    return jax.vjp(lambda v: v + _keep19(_b19_index_two_ellipses()), 1.0)


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_vjp_index_too_many():
    return jax.vjp(lambda v: v + _keep19(_b19_index_too_many()), 1.0)


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_vjp_index_float_array():
    return jax.vjp(lambda v: v + _keep19(_b19_index_float_array()), 1.0)


@mistake("JAX does not support string indexing; got idx='a'")
def r19_vjp_index_string():
    return jax.vjp(lambda v: v + _keep19(_b19_index_string()), 1.0)


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_vjp_index_lists_shapes():
    return jax.vjp(lambda v: v + _keep19(_b19_index_lists_shapes()), 1.0)


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_vjp_donate_argnums_out_of_range():
    return jax.vjp(lambda v: v + _keep19(_b19_donate_argnums_out_of_range()), 1.0)


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_vjp_static_argnames_unhashable():
    return jax.vjp(lambda v: v + _keep19(_b19_static_argnames_unhashable()), 1.0)


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_vjp_vmap_in_axes_structure():
    return jax.vjp(lambda v: v + _keep19(_b19_vmap_in_axes_structure()), 1.0)


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_vjp_vmap_axis_sizes():
    return jax.vjp(lambda v: v + _keep19(_b19_vmap_axis_sizes()), 1.0)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_vjp_vmap_out_axes_range():
    return jax.vjp(lambda v: v + _keep19(_b19_vmap_out_axes_range()), 1.0)


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_vjp_shard_map_in_spec_rank():
    return jax.vjp(lambda v: v + _keep19(_b19_shard_map_in_spec_rank()), 1.0)


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_vjp_shard_map_out_spec_varying():
    return jax.vjp(lambda v: v + _keep19(_b19_shard_map_out_spec_varying()), 1.0)


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_vjp_named_sharding_unknown_axis():
    return jax.vjp(lambda v: v + _keep19(_b19_named_sharding_unknown_axis()), 1.0)


@mistake("pytree structure error: different types at key path")
def r19_vjp_tree_map_structures():
    return jax.vjp(lambda v: v + _keep19(_b19_tree_map_structures()), 1.0)


# ---------------------------------------------------------------------------------------------
# make_jaxpr


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_make_jaxpr_scan_carry_structure():
    return jax.make_jaxpr(lambda: _keep19(_b19_scan_carry_structure()))()


@mistake()
def r19_make_jaxpr_scan_carry_dtype():
    return jax.make_jaxpr(lambda: _keep19(_b19_scan_carry_dtype()))()


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_make_jaxpr_scan_xs_lengths():
    return jax.make_jaxpr(lambda: _keep19(_b19_scan_xs_lengths()))()


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_make_jaxpr_scan_length_mismatch():
    return jax.make_jaxpr(lambda: _keep19(_b19_scan_length_mismatch()))()


@mistake()
def r19_make_jaxpr_while_carry_type():
    return jax.make_jaxpr(lambda: _keep19(_b19_while_carry_type()))()


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_make_jaxpr_while_cond_not_scalar():
    return jax.make_jaxpr(lambda: _keep19(_b19_while_cond_not_scalar()))()


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_make_jaxpr_while_carry_structure():
    return jax.make_jaxpr(lambda: _keep19(_b19_while_carry_structure()))()


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_make_jaxpr_cond_branch_structure():
    return jax.make_jaxpr(lambda: _keep19(_b19_cond_branch_structure()))()


@mistake("cond branches must have equal output types but they differ.")
def r19_make_jaxpr_cond_branch_dtype():
    return jax.make_jaxpr(lambda: _keep19(_b19_cond_branch_dtype()))()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_make_jaxpr_fori_carry_shape():
    return jax.make_jaxpr(lambda: _keep19(_b19_fori_carry_shape()))()


@mistake("switch branches must have equal output types but they differ.")
def r19_make_jaxpr_switch_branch_shapes():
    return jax.make_jaxpr(lambda: _keep19(_b19_switch_branch_shapes()))()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_make_jaxpr_custom_vjp_bwd_structure():
    return jax.make_jaxpr(lambda: _keep19(_b19_custom_vjp_bwd_structure()))()


@mistake("Custom VJP fwd rule")
def r19_make_jaxpr_custom_vjp_fwd_not_pair():
    return jax.make_jaxpr(lambda: _keep19(_b19_custom_vjp_fwd_not_pair()))()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_make_jaxpr_custom_vjp_bwd_not_tuple():
    return jax.make_jaxpr(lambda: _keep19(_b19_custom_vjp_bwd_not_tuple()))()


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_make_jaxpr_custom_jvp_tangent_shape():
    return jax.make_jaxpr(lambda: _keep19(_b19_custom_jvp_tangent_shape()))()


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_make_jaxpr_key_plus_int():
    return jax.make_jaxpr(lambda: _keep19(_b19_key_plus_int()))()


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_make_jaxpr_key_in_sin():
    return jax.make_jaxpr(lambda: _keep19(_b19_key_in_sin()))()


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_make_jaxpr_wrap_typed_key():
    return jax.make_jaxpr(lambda: _keep19(_b19_wrap_typed_key()))()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r19_make_jaxpr_split_float_count():
    return jax.make_jaxpr(lambda: _keep19(_b19_split_float_count()))()


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_make_jaxpr_normal_int_dtype():
    return jax.make_jaxpr(lambda: _keep19(_b19_normal_int_dtype()))()


@mistake("randint only accepts integer dtypes, got float32")
def r19_make_jaxpr_randint_float_dtype():
    return jax.make_jaxpr(lambda: _keep19(_b19_randint_float_dtype()))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_make_jaxpr_key_data_of_floats():
    return jax.make_jaxpr(lambda: _keep19(_b19_key_data_of_floats()))()


@mistake("Precision argument must be one of:")
def r19_make_jaxpr_dot_general_precision_name():
    return jax.make_jaxpr(lambda: _keep19(_b19_dot_general_precision_name()))()


@mistake()
def r19_make_jaxpr_dot_general_mixed_dtypes():
    return jax.make_jaxpr(lambda: _keep19(_b19_dot_general_mixed_dtypes()))()


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_make_jaxpr_conv_dimension_numbers_rank():
    return jax.make_jaxpr(lambda: _keep19(_b19_conv_dimension_numbers_rank()))()


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_make_jaxpr_conv_lhs_rank():
    return jax.make_jaxpr(lambda: _keep19(_b19_conv_lhs_rank()))()


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_make_jaxpr_index_float():
    return jax.make_jaxpr(lambda: _keep19(_b19_index_float()))()


@mistake("an index can only have a single ellipsis ('...')")
def r19_make_jaxpr_index_two_ellipses():
    return jax.make_jaxpr(lambda: _keep19(_b19_index_two_ellipses()))()


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_make_jaxpr_index_too_many():
    return jax.make_jaxpr(lambda: _keep19(_b19_index_too_many()))()


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_make_jaxpr_index_float_array():
    return jax.make_jaxpr(lambda: _keep19(_b19_index_float_array()))()


@mistake("JAX does not support string indexing; got idx='a'")
def r19_make_jaxpr_index_string():
    return jax.make_jaxpr(lambda: _keep19(_b19_index_string()))()


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_make_jaxpr_index_lists_shapes():
    return jax.make_jaxpr(lambda: _keep19(_b19_index_lists_shapes()))()


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_make_jaxpr_donate_argnums_out_of_range():
    return jax.make_jaxpr(lambda: _keep19(_b19_donate_argnums_out_of_range()))()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_make_jaxpr_static_argnames_unhashable():
    return jax.make_jaxpr(lambda: _keep19(_b19_static_argnames_unhashable()))()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_make_jaxpr_vmap_in_axes_structure():
    return jax.make_jaxpr(lambda: _keep19(_b19_vmap_in_axes_structure()))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_make_jaxpr_vmap_axis_sizes():
    return jax.make_jaxpr(lambda: _keep19(_b19_vmap_axis_sizes()))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_make_jaxpr_vmap_out_axes_range():
    return jax.make_jaxpr(lambda: _keep19(_b19_vmap_out_axes_range()))()


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_make_jaxpr_shard_map_in_spec_rank():
    return jax.make_jaxpr(lambda: _keep19(_b19_shard_map_in_spec_rank()))()


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_make_jaxpr_shard_map_out_spec_varying():
    return jax.make_jaxpr(lambda: _keep19(_b19_shard_map_out_spec_varying()))()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_make_jaxpr_named_sharding_unknown_axis():
    return jax.make_jaxpr(lambda: _keep19(_b19_named_sharding_unknown_axis()))()


@mistake("pytree structure error: different types at key path")
def r19_make_jaxpr_tree_map_structures():
    return jax.make_jaxpr(lambda: _keep19(_b19_tree_map_structures()))()


# ---------------------------------------------------------------------------------------------
# lower


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_lower_scan_carry_structure():
    return jax.jit(lambda: _keep19(_b19_scan_carry_structure())).lower()


@mistake()
def r19_lower_scan_carry_dtype():
    return jax.jit(lambda: _keep19(_b19_scan_carry_dtype())).lower()


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_lower_scan_xs_lengths():
    return jax.jit(lambda: _keep19(_b19_scan_xs_lengths())).lower()


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_lower_scan_length_mismatch():
    return jax.jit(lambda: _keep19(_b19_scan_length_mismatch())).lower()


@mistake()
def r19_lower_while_carry_type():
    return jax.jit(lambda: _keep19(_b19_while_carry_type())).lower()


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_lower_while_cond_not_scalar():
    return jax.jit(lambda: _keep19(_b19_while_cond_not_scalar())).lower()


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_lower_while_carry_structure():
    return jax.jit(lambda: _keep19(_b19_while_carry_structure())).lower()


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_lower_cond_branch_structure():
    return jax.jit(lambda: _keep19(_b19_cond_branch_structure())).lower()


@mistake("cond branches must have equal output types but they differ.")
def r19_lower_cond_branch_dtype():
    return jax.jit(lambda: _keep19(_b19_cond_branch_dtype())).lower()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_lower_fori_carry_shape():
    return jax.jit(lambda: _keep19(_b19_fori_carry_shape())).lower()


@mistake("switch branches must have equal output types but they differ.")
def r19_lower_switch_branch_shapes():
    return jax.jit(lambda: _keep19(_b19_switch_branch_shapes())).lower()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_lower_custom_vjp_bwd_structure():
    return jax.jit(lambda: _keep19(_b19_custom_vjp_bwd_structure())).lower()


@mistake("Custom VJP fwd rule")
def r19_lower_custom_vjp_fwd_not_pair():
    return jax.jit(lambda: _keep19(_b19_custom_vjp_fwd_not_pair())).lower()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_lower_custom_vjp_bwd_not_tuple():
    return jax.jit(lambda: _keep19(_b19_custom_vjp_bwd_not_tuple())).lower()


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_lower_custom_jvp_tangent_shape():
    return jax.jit(lambda: _keep19(_b19_custom_jvp_tangent_shape())).lower()


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_lower_key_plus_int():
    return jax.jit(lambda: _keep19(_b19_key_plus_int())).lower()


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_lower_key_in_sin():
    return jax.jit(lambda: _keep19(_b19_key_in_sin())).lower()


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_lower_wrap_typed_key():
    return jax.jit(lambda: _keep19(_b19_wrap_typed_key())).lower()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r19_lower_split_float_count():
    return jax.jit(lambda: _keep19(_b19_split_float_count())).lower()


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_lower_normal_int_dtype():
    return jax.jit(lambda: _keep19(_b19_normal_int_dtype())).lower()


@mistake("randint only accepts integer dtypes, got float32")
def r19_lower_randint_float_dtype():
    return jax.jit(lambda: _keep19(_b19_randint_float_dtype())).lower()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_lower_key_data_of_floats():
    return jax.jit(lambda: _keep19(_b19_key_data_of_floats())).lower()


@mistake("Precision argument must be one of:")
def r19_lower_dot_general_precision_name():
    return jax.jit(lambda: _keep19(_b19_dot_general_precision_name())).lower()


@mistake()
def r19_lower_dot_general_mixed_dtypes():
    return jax.jit(lambda: _keep19(_b19_dot_general_mixed_dtypes())).lower()


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_lower_conv_dimension_numbers_rank():
    return jax.jit(lambda: _keep19(_b19_conv_dimension_numbers_rank())).lower()


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_lower_conv_lhs_rank():
    return jax.jit(lambda: _keep19(_b19_conv_lhs_rank())).lower()


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_lower_index_float():
    return jax.jit(lambda: _keep19(_b19_index_float())).lower()


@mistake("an index can only have a single ellipsis ('...')")
def r19_lower_index_two_ellipses():
    return jax.jit(lambda: _keep19(_b19_index_two_ellipses())).lower()


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_lower_index_too_many():
    return jax.jit(lambda: _keep19(_b19_index_too_many())).lower()


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_lower_index_float_array():
    return jax.jit(lambda: _keep19(_b19_index_float_array())).lower()


@mistake("JAX does not support string indexing; got idx='a'")
def r19_lower_index_string():
    return jax.jit(lambda: _keep19(_b19_index_string())).lower()


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_lower_index_lists_shapes():
    return jax.jit(lambda: _keep19(_b19_index_lists_shapes())).lower()


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_lower_donate_argnums_out_of_range():
    return jax.jit(lambda: _keep19(_b19_donate_argnums_out_of_range())).lower()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_lower_static_argnames_unhashable():
    return jax.jit(lambda: _keep19(_b19_static_argnames_unhashable())).lower()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_lower_vmap_in_axes_structure():
    return jax.jit(lambda: _keep19(_b19_vmap_in_axes_structure())).lower()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_lower_vmap_axis_sizes():
    return jax.jit(lambda: _keep19(_b19_vmap_axis_sizes())).lower()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_lower_vmap_out_axes_range():
    return jax.jit(lambda: _keep19(_b19_vmap_out_axes_range())).lower()


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_lower_shard_map_in_spec_rank():
    return jax.jit(lambda: _keep19(_b19_shard_map_in_spec_rank())).lower()


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_lower_shard_map_out_spec_varying():
    return jax.jit(lambda: _keep19(_b19_shard_map_out_spec_varying())).lower()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_lower_named_sharding_unknown_axis():
    return jax.jit(lambda: _keep19(_b19_named_sharding_unknown_axis())).lower()


@mistake("pytree structure error: different types at key path")
def r19_lower_tree_map_structures():
    return jax.jit(lambda: _keep19(_b19_tree_map_structures())).lower()


# ---------------------------------------------------------------------------------------------
# jit_remat


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_jit_remat_scan_carry_structure():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_scan_carry_structure())))()


@mistake()
def r19_jit_remat_scan_carry_dtype():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_scan_carry_dtype())))()


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_jit_remat_scan_xs_lengths():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_scan_xs_lengths())))()


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_jit_remat_scan_length_mismatch():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_scan_length_mismatch())))()


@mistake()
def r19_jit_remat_while_carry_type():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_while_carry_type())))()


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_jit_remat_while_cond_not_scalar():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_while_cond_not_scalar())))()


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_jit_remat_while_carry_structure():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_while_carry_structure())))()


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_jit_remat_cond_branch_structure():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_cond_branch_structure())))()


@mistake("cond branches must have equal output types but they differ.")
def r19_jit_remat_cond_branch_dtype():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_cond_branch_dtype())))()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_jit_remat_fori_carry_shape():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_fori_carry_shape())))()


@mistake("switch branches must have equal output types but they differ.")
def r19_jit_remat_switch_branch_shapes():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_switch_branch_shapes())))()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_jit_remat_custom_vjp_bwd_structure():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_custom_vjp_bwd_structure())))()


@mistake("Custom VJP fwd rule")
def r19_jit_remat_custom_vjp_fwd_not_pair():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_custom_vjp_fwd_not_pair())))()


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_jit_remat_custom_vjp_bwd_not_tuple():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_custom_vjp_bwd_not_tuple())))()


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_jit_remat_custom_jvp_tangent_shape():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_custom_jvp_tangent_shape())))()


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_jit_remat_key_plus_int():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_key_plus_int())))()


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_jit_remat_key_in_sin():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_key_in_sin())))()


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_jit_remat_wrap_typed_key():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_wrap_typed_key())))()


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r19_jit_remat_split_float_count():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_split_float_count())))()


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_jit_remat_normal_int_dtype():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_normal_int_dtype())))()


@mistake("randint only accepts integer dtypes, got float32")
def r19_jit_remat_randint_float_dtype():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_randint_float_dtype())))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_jit_remat_key_data_of_floats():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_key_data_of_floats())))()


@mistake("Precision argument must be one of:")
def r19_jit_remat_dot_general_precision_name():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_dot_general_precision_name())))()


@mistake()
def r19_jit_remat_dot_general_mixed_dtypes():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_dot_general_mixed_dtypes())))()


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_jit_remat_conv_dimension_numbers_rank():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_conv_dimension_numbers_rank())))()


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_jit_remat_conv_lhs_rank():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_conv_lhs_rank())))()


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_jit_remat_index_float():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_index_float())))()


@mistake("an index can only have a single ellipsis ('...')")
def r19_jit_remat_index_two_ellipses():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_index_two_ellipses())))()


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_jit_remat_index_too_many():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_index_too_many())))()


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_jit_remat_index_float_array():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_index_float_array())))()


@mistake("JAX does not support string indexing; got idx='a'")
def r19_jit_remat_index_string():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_index_string())))()


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_jit_remat_index_lists_shapes():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_index_lists_shapes())))()


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_jit_remat_donate_argnums_out_of_range():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_donate_argnums_out_of_range())))()


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_jit_remat_static_argnames_unhashable():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_static_argnames_unhashable())))()


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_jit_remat_vmap_in_axes_structure():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_vmap_in_axes_structure())))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_jit_remat_vmap_axis_sizes():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_vmap_axis_sizes())))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_jit_remat_vmap_out_axes_range():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_vmap_out_axes_range())))()


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_jit_remat_shard_map_in_spec_rank():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_shard_map_in_spec_rank())))()


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_jit_remat_shard_map_out_spec_varying():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_shard_map_out_spec_varying())))()


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_jit_remat_named_sharding_unknown_axis():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_named_sharding_unknown_axis())))()


@mistake("pytree structure error: different types at key path")
def r19_jit_remat_tree_map_structures():
    return jax.jit(jax.checkpoint(lambda: _keep19(_b19_tree_map_structures())))()


# ---------------------------------------------------------------------------------------------
# vmap_jit


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but t"
)
def r19_vmap_jit_scan_carry_structure():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_scan_carry_structure())))(jnp.ones(1))


@mistake()
def r19_vmap_jit_scan_carry_dtype():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_scan_carry_dtype())))(jnp.ones(1))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r19_vmap_jit_scan_xs_lengths():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_scan_xs_lengths())))(jnp.ones(1))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r19_vmap_jit_scan_length_mismatch():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_scan_length_mismatch())))(jnp.ones(1))


@mistake()
def r19_vmap_jit_while_carry_type():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_while_carry_type())))(jnp.ones(1))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[2])].")
def r19_vmap_jit_while_cond_not_scalar():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_while_cond_not_scalar())))(jnp.ones(1))


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure,"
)
def r19_vmap_jit_while_carry_structure():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_while_carry_structure())))(jnp.ones(1))


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r19_vmap_jit_cond_branch_structure():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_cond_branch_structure())))(jnp.ones(1))


@mistake("cond branches must have equal output types but they differ.")
def r19_vmap_jit_cond_branch_dtype():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_cond_branch_dtype())))(jnp.ones(1))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r19_vmap_jit_fori_carry_shape():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_fori_carry_shape())))(jnp.ones(1))


@mistake("switch branches must have equal output types but they differ.")
def r19_vmap_jit_switch_branch_shapes():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_switch_branch_shapes())))(jnp.ones(1))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_vmap_jit_custom_vjp_bwd_structure():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_custom_vjp_bwd_structure())))(jnp.ones(1))


@mistake("Custom VJP fwd rule")
def r19_vmap_jit_custom_vjp_fwd_not_pair():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_custom_vjp_fwd_not_pair())))(jnp.ones(1))


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as t"
)
def r19_vmap_jit_custom_vjp_bwd_not_tuple():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_custom_vjp_bwd_not_tuple())))(jnp.ones(1))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtyp"
)
def r19_vmap_jit_custom_jvp_tangent_shape():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_custom_jvp_tangent_shape())))(jnp.ones(1))


@mistake("add does not accept dtypes key<fry>, int32.")
def r19_vmap_jit_key_plus_int():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_key_plus_int())))(jnp.ones(1))


@mistake("Cannot interpret 'key<fry>' as a data type")
def r19_vmap_jit_key_in_sin():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_key_in_sin())))(jnp.ones(1))


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r19_vmap_jit_wrap_typed_key():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_wrap_typed_key())))(jnp.ones(1))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,).")
def r19_vmap_jit_split_float_count():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_split_float_count())))(jnp.ones(1))


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r19_vmap_jit_normal_int_dtype():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_normal_int_dtype())))(jnp.ones(1))


@mistake("randint only accepts integer dtypes, got float32")
def r19_vmap_jit_randint_float_dtype():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_randint_float_dtype())))(jnp.ones(1))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r19_vmap_jit_key_data_of_floats():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_key_data_of_floats())))(jnp.ones(1))


@mistake("Precision argument must be one of:")
def r19_vmap_jit_dot_general_precision_name():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_dot_general_precision_name())))(jnp.ones(1))


@mistake()
def r19_vmap_jit_dot_general_mixed_dtypes():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_dot_general_mixed_dtypes())))(jnp.ones(1))


@mistake(
    "convolution dimension_numbers[2] must have len equal to the ndim of lhs and rhs, got 4 for"
)
def r19_vmap_jit_conv_dimension_numbers_rank():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_conv_dimension_numbers_rank())))(jnp.ones(1))


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r19_vmap_jit_conv_lhs_rank():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_conv_lhs_rank())))(jnp.ones(1))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r19_vmap_jit_index_float():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_index_float())))(jnp.ones(1))


@mistake("an index can only have a single ellipsis ('...')")
def r19_vmap_jit_index_two_ellipses():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_index_two_ellipses())))(jnp.ones(1))


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r19_vmap_jit_index_too_many():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_index_too_many())))(jnp.ones(1))


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r19_vmap_jit_index_float_array():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_index_float_array())))(jnp.ones(1))


@mistake("JAX does not support string indexing; got idx='a'")
def r19_vmap_jit_index_string():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_index_string())))(jnp.ones(1))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r19_vmap_jit_index_lists_shapes():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_index_lists_shapes())))(jnp.ones(1))


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r19_vmap_jit_donate_argnums_out_of_range():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_donate_argnums_out_of_range())))(jnp.ones(1))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r19_vmap_jit_static_argnames_unhashable():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_static_argnames_unhashable())))(jnp.ones(1))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional a"
)
def r19_vmap_jit_vmap_in_axes_structure():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_vmap_in_axes_structure())))(jnp.ones(1))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r19_vmap_jit_vmap_axis_sizes():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_vmap_axis_sizes())))(jnp.ones(1))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r19_vmap_jit_vmap_out_axes_range():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_vmap_out_axes_range())))(jnp.ones(1))


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding inpu"
)
def r19_vmap_jit_shard_map_in_spec_rank():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_shard_map_in_spec_rank())))(jnp.ones(1))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the"
)
def r19_vmap_jit_shard_map_out_spec_varying():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_shard_map_out_spec_varying())))(jnp.ones(1))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r19_vmap_jit_named_sharding_unknown_axis():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_named_sharding_unknown_axis())))(jnp.ones(1))


@mistake("pytree structure error: different types at key path")
def r19_vmap_jit_tree_map_structures():
    return jax.vmap(jax.jit(lambda v: v + _keep19(_b19_tree_map_structures())))(jnp.ones(1))
