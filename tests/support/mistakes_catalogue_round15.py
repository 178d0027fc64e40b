# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 15 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules):
first-day mistakes in the areas earlier rounds covered least: reductions' keywords (`axis=` out
of range or repeated, `keepdims=`, `where=`, `initial=`, `ddof=`, `out=`, `dtype=`), jnp's
index tricks (`r_`, `c_`, `mgrid`, `ogrid`, `s_`, `atleast_*`), shape functions' keywords
(`order=`, `-1` twice, `newshape=`), indexing (float and traced indices, boolean masks under jit,
`.at[]` misuse, tuples against lists), Python control flow and conversions on tracers (`if`,
`while`, `int` / `float` / `bool` / `len` / `range` / iteration / `.item()` / `.tolist()`),
`static_argnums` / `static_argnames` / `donate_argnums`, jit of things that are not functions,
grad / value_and_grad / jacrev / jacfwd / hessian arguments and outputs, vmap sizes and axes,
fori_loop / scan / while_loop arguments, random keys of the wrong shape or kind, devices, meshes
and NamedSharding specs, jax.tree over mismatched trees, and jnp.array of ragged, object, str
and 64-bit data. A bare `@mistake()` marks a program JAX 0.10.2 accepts (meshjit must too). The
runner executes it after the earlier rounds, in the same namespace (`mesh2`, `mesh24`, `emesh`,
`_smap`, `_set_mesh`, ... are in scope)."""

x34 = np.arange(12, dtype=np.float32).reshape(3, 4)


# ---------------------------------------------------------------------------------------------
# Reductions: axis=, keepdims=, where=, initial=, ddof=, out=, dtype=


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_sum_axis_out_of_range():
    return jnp.sum(x34, axis=2)


@mistake("axis -3 is out of bounds for array of dimension 2")
def r15_sum_negative_axis_out_of_range():
    return jnp.sum(x34, axis=-3)


@mistake("duplicate value in 'axis': (0, 0)")
def r15_sum_axis_tuple_repeated():
    return jnp.sum(x34, axis=(0, 0))


@mistake("duplicate value in 'axis': (1, -1)")
def r15_sum_axis_tuple_repeated_negative():
    return jnp.sum(x34, axis=(1, -1))


@mistake("'float' object is not iterable")
def r15_sum_axis_float():
    return jnp.sum(x34, axis=1.0)


@mistake("unbound axis name: r")
def r15_sum_axis_str():
    return jnp.sum(x34, axis="rows")


@mistake()
def r15_sum_axis_list():
    return jnp.sum(x34, axis=[0, 1])


@mistake("The 'out' argument to jnp.sum is not supported")
def r15_sum_out_given():
    return jnp.sum(x34, axis=0, out=jnp.zeros(4))


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (3, 4), ()]")
def r15_sum_where_shape_mismatch():
    return jnp.sum(x34, where=jnp.ones(3, bool))


@mistake()
def r15_sum_where_broadcasts():
    return jnp.sum(x34, where=jnp.ones(4, bool))


@mistake()
def r15_sum_dtype_str_invalid():
    return jnp.sum(x34, dtype="float")


@mistake("data type 'floot32' not understood")
def r15_sum_dtype_unknown_name():
    return jnp.sum(x34, dtype="floot32")


@mistake()
def r15_sum_keepdims_int():
    return jnp.sum(x34, axis=0, keepdims=1)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_sum_axis_traced_under_jit():
    return jax.jit(lambda x, a: jnp.sum(x, axis=a))(x34, 0)


@mistake("tuple index out of range")
def r15_mean_axis_out_of_range():
    return jnp.mean(x34, axis=2)


@mistake("duplicate value in 'axis': (1, 1)")
def r15_mean_axis_repeated():
    return jnp.mean(x34, axis=(1, 1))


@mistake("The 'out' argument to jnp.mean is not supported")
def r15_mean_out_given():
    return jnp.mean(x34, out=np.zeros(()))


@mistake("Incompatible types for broadcasting: input type=bool[4,3] and requested type=bool[3,4]")
def r15_mean_where_shape_mismatch():
    return jnp.mean(x34, axis=0, where=jnp.ones((4, 3), bool))


@mistake()
def r15_mean_dtype_int_names():
    return jnp.mean(x34, dtype="int")


@mistake()
def r15_std_ddof_traced():
    return jax.jit(lambda x, d: jnp.std(x, ddof=d))(x34, 1)


@mistake()
def r15_std_ddof_too_large_gives_nan():
    return jnp.std(jnp.ones(3), ddof=5)


@mistake("tuple index out of range")
def r15_std_axis_out_of_range():
    return jnp.std(x34, axis=(0, 2))


@mistake("The 'out' argument to jnp.var is not supported")
def r15_var_out_given():
    return jnp.var(x34, out=jnp.zeros(()))


@mistake("ddof and correction can't be provided simultaneously.")
def r15_var_correction_and_ddof():
    return jnp.var(x34, ddof=1, correction=1)


@mistake()
def r15_std_correction_and_ddof():
    return jnp.std(x34, ddof=0, correction=1)


@mistake("duplicate value in 'axis': (0, -2)")
def r15_var_axis_repeated():
    return jnp.var(x34, axis=(0, -2))


@mistake("zero-size array to reduction operation max which has no identity")
def r15_max_of_empty():
    return jnp.max(jnp.zeros((0,)))


@mistake("zero-size array to reduction operation min which has no identity")
def r15_min_of_empty_axis():
    return jnp.min(jnp.zeros((0, 3)), axis=0)


@mistake()
def r15_max_of_empty_with_initial():
    return jnp.max(jnp.zeros((0,)), initial=-1.0)


@mistake(
    "reduction operation max does not have an identity, so to use a where mask one has to specify"
)
def r15_max_where_without_initial():
    return jnp.max(x34, where=x34 > 3)


@mistake("attempt to get argmax of an empty sequence")
def r15_argmax_of_empty():
    return jnp.argmax(jnp.zeros((0,)))


@mistake("'tuple' object cannot be interpreted as an integer")
def r15_argmin_axis_tuple():
    return jnp.argmin(x34, axis=(0, 1))


@mistake("tuple index out of range")
def r15_argmax_axis_out_of_range():
    return jnp.argmax(x34, axis=2)


@mistake("The 'out' argument to jnp.argmax is not supported")
def r15_argmax_out_given():
    return jnp.argmax(x34, out=jnp.zeros((), jnp.int32))


@mistake()
def r15_argmax_keepdims():
    return jnp.argmax(x34, axis=1, keepdims=True)


@mistake("axis -3 is out of bounds for array of dimension 2")
def r15_prod_axis_out_of_range():
    return jnp.prod(x34, axis=-3)


@mistake("axis 5 is out of bounds for array of dimension 2")
def r15_any_axis_out_of_range():
    return jnp.any(x34 > 0, axis=5)


@mistake("The 'out' argument to jnp.all is not supported")
def r15_all_out_given():
    return jnp.all(x34 > 0, out=np.zeros((), bool))


@mistake("'tuple' object cannot be interpreted as an integer")
def r15_cumsum_axis_tuple():
    return jnp.cumsum(x34, axis=(0, 1))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_cumsum_axis_out_of_range():
    return jnp.cumsum(x34, axis=2)


@mistake("The 'out' argument to jnp.cumprod is not supported")
def r15_cumprod_out_given():
    return jnp.cumprod(x34, out=jnp.zeros(12))


@mistake("data type 'float16x' not understood")
def r15_cumsum_dtype_unknown():
    return jnp.cumsum(x34, dtype="float16x")


@mistake("axis 3 is out of bounds for array of dimension 2")
def r15_median_axis_out_of_range():
    return jnp.median(x34, axis=3)


@mistake("jax.numpy.quantile does not support overwrite_input=True or out != None")
def r15_median_out_given():
    return jnp.median(x34, out=jnp.zeros(()))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_nanmean_axis_out_of_range():
    return jnp.nanmean(x34, axis=2)


@mistake("duplicate value in 'axis': (0, 0)")
def r15_nansum_axis_repeated():
    return jnp.nansum(x34, axis=(0, 0))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_ptp_axis_out_of_range():
    return jnp.ptp(x34, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_count_nonzero_axis_out_of_range():
    return jnp.count_nonzero(x34, axis=2)


@mistake("Shape of weights must be consistent with shape of a along specified axis.")
def r15_average_weights_shape():
    return jnp.average(x34, axis=1, weights=jnp.ones(3))


@mistake("Axis must be specified when shapes of a and weights differ.")
def r15_average_weights_without_axis():
    return jnp.average(x34, weights=jnp.ones(4))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_logsumexp_axis_out_of_range():
    return jax.nn.logsumexp(x34, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_softmax_axis_out_of_range():
    return jax.nn.softmax(x34, axis=2)


@mistake("duplicate value in 'axis': (1, 1)")
def r15_log_softmax_axis_repeated():
    return jax.nn.log_softmax(x34, axis=(1, 1))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_norm_axis_out_of_range():
    return jnp.linalg.norm(x34, axis=2)


@mistake("Invalid order 'fro' for vector norm.")
def r15_norm_ord_invalid_for_vector():
    return jnp.linalg.norm(jnp.ones(3), ord="fro")


@mistake(
    "Improper number of axes for norm: axis=(0, 1, 2). Pass one axis to compute a vector-norm, or"
)
def r15_norm_three_axes():
    return jnp.linalg.norm(jnp.ones((2, 2, 2)), axis=(0, 1, 2))


@mistake("'float' object is not iterable")
def r15_amax_axis_float():
    return jnp.amax(x34, axis=0.5)


@mistake("sum requires ndarray or scalar arguments, got <class 'list'> at position 0")
def r15_sum_of_list_of_arrays_ragged():
    return jnp.sum([jnp.ones(2), jnp.ones(3)])


@mistake("as an abstract array. The problematic value is of type <class 'str'>")
def r15_sum_of_string():
    return jnp.sum("123")


@mistake("mean requires ndarray or scalar arguments, got <class 'NoneType'> at position 0")
def r15_mean_of_none():
    return jnp.mean(None)


@mistake("Only integer scalar arrays can be converted to a scalar index.")
def r15_max_two_arrays_as_axis():
    return jnp.max(jnp.ones(3), jnp.zeros(3))


@mistake("maximum() missing 1 required positional argument: 'y'")
def r15_maximum_one_argument():
    return jnp.maximum(jnp.ones(3))


@mistake("initial value must be a scalar. Got array of shape (4,)")
def r15_min_initial_array():
    return jnp.min(x34, initial=jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# Shapes: reshape / transpose / squeeze / expand_dims / concatenate with keywords


@mistake("can only specify one unknown dimension")
def r15_reshape_two_minus_ones():
    return jnp.reshape(x34, (-1, -1))


@mistake("cannot reshape array of size 12 into shape (5,newaxis)")
def r15_reshape_minus_one_does_not_divide():
    return jnp.reshape(x34, (5, -1))


@mistake()
def r15_reshape_minus_two():
    return jnp.reshape(x34, (-2, 6))


@mistake("order 'K' is not permitted for reshaping")
def r15_reshape_order_f_unsupported_value():
    return jnp.reshape(x34, (4, 3), order="K")


@mistake()
def r15_reshape_order_lowercase():
    return jnp.reshape(x34, (4, 3), order="c")


@mistake()
def r15_reshape_order_f():
    return jnp.reshape(x34, (4, 3), order="F")


@mistake("reshape() got an unexpected keyword argument 'newshape'")
def r15_reshape_newshape_keyword():
    return jnp.reshape(x34, newshape=(4, 3))


@mistake("reshape() got an unexpected keyword argument 'newshape'")
def r15_reshape_shape_and_newshape():
    return jnp.reshape(x34, (4, 3), newshape=(4, 3))


@mistake("'float' object cannot be interpreted as an integer")
def r15_reshape_float_dim():
    return jnp.reshape(x34, (6.0, 2))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r15_reshape_traced_dim():
    return jax.jit(lambda x, n: x.reshape(n, -1))(x34, 4)


@mistake("cannot reshape array of shape (3, 4) (size 12) into shape (5, 2) (size 10)")
def r15_method_reshape_size_mismatch():
    return jnp.asarray(x34).reshape(5, 2)


@mistake("Unexpected value for 'order' argument: X.")
def r15_method_reshape_order_invalid():
    return jnp.asarray(x34).reshape((4, 3), order="X")


@mistake()
def r15_method_reshape_varargs():
    return jnp.asarray(x34).reshape(2, 2, 3)


@mistake("Unexpected value for 'order' argument: Q.")
def r15_ravel_order_invalid():
    return jnp.ravel(x34, order="Q")


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (1,) for"
)
def r15_transpose_axes_wrong_length():
    return jnp.transpose(x34, (1,))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_transpose_axes_out_of_range():
    return jnp.transpose(x34, (0, 2))


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (1, 1) for"
)
def r15_method_transpose_repeated():
    return jnp.asarray(x34).transpose(1, 1)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_squeeze_axis_out_of_range():
    return jnp.squeeze(jnp.ones((1, 3)), axis=2)


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(1, 3, 1) and"
)
def r15_squeeze_axis_tuple_with_non_unit():
    return jnp.squeeze(jnp.ones((1, 3, 1)), axis=(0, 1))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r15_expand_dims_axis_too_large():
    return jnp.expand_dims(jnp.ones(3), 3)


@mistake("repeated axis in lax.expand_dims: (0, 0)")
def r15_expand_dims_repeated():
    return jnp.expand_dims(jnp.ones(3), (0, 0))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_moveaxis_source_out_of_range():
    return jnp.moveaxis(x34, 2, 0)


@mistake("Inconsistent number of elements: 2 vs 1")
def r15_moveaxis_lengths_differ():
    return jnp.moveaxis(x34, (0, 1), (1,))


@mistake("index 2 is out of bounds for axis 0 with size 2")
def r15_swapaxes_out_of_range():
    return jnp.swapaxes(x34, 0, 2)


@mistake("'tuple' object cannot be interpreted as an integer")
def r15_concatenate_axis_none_is_fine_but_tuple():
    return jnp.concatenate((x34, x34), axis=(0,))


@mistake()
def r15_concatenate_axis_none_flattens():
    return jnp.concatenate((x34, jnp.ones(2)), axis=None)


@mistake("Zero-dimensional arrays cannot be concatenated.")
def r15_concatenate_not_a_sequence():
    return jnp.concatenate(jnp.ones(3), jnp.ones(3))


@mistake("Need at least one array to concatenate.")
def r15_concatenate_empty_list():
    return jnp.concatenate([])


@mistake("Zero-dimensional arrays cannot be concatenated.")
def r15_concatenate_scalars():
    return jnp.concatenate([jnp.float32(1), jnp.float32(2)])


@mistake("axis 3 is out of bounds for array of dimension 2")
def r15_stack_axis_out_of_range():
    return jnp.stack([jnp.ones(3), jnp.ones(3)], axis=3)


@mistake("Need at least one array to stack.")
def r15_stack_empty():
    return jnp.stack([])


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one being")
def r15_vstack_widths_differ():
    return jnp.vstack([jnp.ones((2, 3)), jnp.ones((2, 4))])


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one being")
def r15_hstack_heights_differ():
    return jnp.hstack([jnp.ones((2, 3)), jnp.ones((3, 3))])


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one being")
def r15_dstack_shapes_differ():
    return jnp.dstack([jnp.ones((2, 3)), jnp.ones((3, 3))])


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one being")
def r15_column_stack_lengths_differ():
    return jnp.column_stack([jnp.ones(3), jnp.ones(4)])


@mistake("array split does not result in an equal division: rest is 1")
def r15_split_not_equal():
    return jnp.split(jnp.arange(10), 3)


@mistake("tuple index out of range")
def r15_split_axis_out_of_range():
    return jnp.split(x34, 2, axis=2)


@mistake("integer division or modulo by zero")
def r15_split_zero_sections():
    return jnp.split(jnp.arange(6), 0)


@mistake("integer division or modulo by zero")
def r15_array_split_zero_sections():
    return jnp.array_split(jnp.arange(6), 0)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r15_tile_reps_float():
    return jnp.tile(jnp.ones(3), 2.0)


@mistake("operands could not be broadcast together with remapped shapes [original->remapped]: (2,)")
def r15_repeat_repeats_length_mismatch():
    return jnp.repeat(jnp.arange(3), jnp.array([1, 2]))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r15_repeat_traced_repeats_in_jit():
    return jax.jit(lambda x, r: jnp.repeat(x, r))(jnp.arange(3), jnp.array([1, 2, 3]))


@mistake()
def r15_repeat_traced_with_total_repeat_length():
    f = jax.jit(lambda x, r: jnp.repeat(x, r, total_repeat_length=6))
    return f(jnp.arange(3), jnp.array([1, 2, 3]))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_repeat_axis_out_of_range():
    return jnp.repeat(x34, 2, axis=2)


@mistake("Cannot broadcast to shape with fewer dimensions: arr_shape=(3, 4) shape=(4,)")
def r15_broadcast_to_shape_int_too_small():
    return jnp.broadcast_to(x34, 4)


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (4,)]")
def r15_broadcast_arrays_incompatible():
    return jnp.broadcast_arrays(jnp.ones(3), jnp.ones(4))


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4,)]")
def r15_broadcast_shapes_incompatible():
    return jnp.broadcast_shapes((2, 3), (4,))


@mistake("add got incompatible shapes for broadcasting: (3, 4), (4, 3).")
def r15_add_shapes_2d_mismatch():
    return jnp.ones((3, 4)) + jnp.ones((4, 3))


@mistake("Incompatible shapes for broadcasting: shapes=[(3, 4), (3,)]")
def r15_add_column_vector_wrong_way():
    return jnp.ones((3, 4)) - jnp.ones(3)


@mistake()
def r15_add_column_vector_keepdims():
    return x34 - jnp.mean(x34, axis=1, keepdims=True)


@mistake("Incompatible shapes for broadcasting: shapes=[(3, 4), (3,)]")
def r15_subtract_mean_without_keepdims():
    return jnp.asarray(x34) - jnp.mean(x34, axis=1)


@mistake("Incompatible shapes for broadcasting: shapes=[(3, 4), (3,)]")
def r15_divide_by_sum_without_keepdims():
    return jnp.asarray(x34) / jnp.asarray(x34).sum(axis=1)


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (4,), ()]")
def r15_where_three_shapes():
    return jnp.where(jnp.ones(3, bool), jnp.ones(4), 0.0)


@mistake("where requires ndarray or scalar arguments, got <class 'NoneType'> at position 2")
def r15_where_one_of_x_y():
    return jnp.where(jnp.ones(3, bool), jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_where_single_arg_under_jit():
    return jax.jit(lambda x: jnp.where(x > 0))(jnp.ones(3))


@mistake()
def r15_where_single_arg_with_size_under_jit():
    return jax.jit(lambda x: jnp.where(x > 0, size=3))(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_nonzero_under_jit():
    return jax.jit(jnp.nonzero)(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_argwhere_under_jit():
    return jax.jit(jnp.argwhere)(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_unique_under_jit():
    return jax.jit(jnp.unique)(jnp.ones(3))


@mistake()
def r15_unique_with_size_under_jit():
    return jax.jit(lambda x: jnp.unique(x, size=3, fill_value=0))(jnp.ones(3))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r15_matmul_vector_matrix_mismatch():
    return jnp.ones(3) @ jnp.ones((4, 2))


@mistake("matmul input operand 1 must have ndim at least 1, but it has ndim 0")
def r15_matmul_scalar():
    return jnp.matmul(jnp.ones(3), 2.0)


@mistake("Incompatible types for matmul arguments: float32[2,3,4] and float32[3,4,5]")
def r15_dot_batch_mismatch():
    return jnp.matmul(jnp.ones((2, 3, 4)), jnp.ones((3, 4, 5)))


@mistake("outer() got an unexpected keyword argument 'axis'")
def r15_outer_with_axis():
    return jnp.outer(jnp.ones(3), jnp.ones(3), axis=0)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r15_tensordot_axes_mismatch():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((4, 5)), axes=1)


@mistake("Number of tensordot axes (axes 3) exceeds input ranks ((2, 3) and (3, 2))")
def r15_tensordot_axes_too_many():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((3, 2)), axes=3)


@mistake("Output character 'i' appeared more than once in the output.")
def r15_einsum_repeated_output():
    return jnp.einsum("ij->ii", x34)


@mistake("Number of einsum subscripts, 1, must be equal to the number of operands, 2.")
def r15_einsum_too_many_operands():
    return jnp.einsum("ij->i", x34, x34)


@mistake()
def r15_einsum_bad_character():
    return jnp.einsum("i1->i", x34)


@mistake(
    "jnp.pad: pad_width with nd=1 has unsupported shape (2, 2). Valid shapes are (1, 2), (1, 2)"
)
def r15_pad_width_too_many():
    return jnp.pad(jnp.ones(3), ((1, 1), (1, 1)))


@mistake("index can't contain negative values")
def r15_pad_negative():
    return jnp.pad(jnp.ones(3), -1)


@mistake("Unimplemented padding mode 'mirror' for np.pad.")
def r15_pad_mode_unknown():
    return jnp.pad(jnp.ones(3), 1, mode="mirror")


@mistake("unsupported keyword arguments for mode 'edge': {'constant_values'}")
def r15_pad_constant_values_with_edge():
    return jnp.pad(jnp.ones(3), 1, mode="edge", constant_values=0)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_flip_axis_out_of_range():
    return jnp.flip(x34, axis=2)


@mistake()
def r15_roll_shift_axis_lengths():
    return jnp.roll(x34, (1, 2), axis=0)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_roll_axis_out_of_range():
    return jnp.roll(x34, 1, axis=2)


@mistake("Axes must be different")
def r15_rot90_axes_same():
    return jnp.rot90(x34, axes=(0, 0))


@mistake("transpose permutation isn't a permutation of operand dimensions")
def r15_diagonal_axes_same():
    return jnp.diagonal(x34, axis1=1, axis2=1)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r15_trace_of_vector():
    return jnp.trace(jnp.ones(3))


@mistake("diag input must be 1d or 2d")
def r15_diag_of_3d():
    return jnp.diag(jnp.ones((2, 2, 2)))


@mistake("Argument to jax.numpy.tril must be at least 2D")
def r15_tril_of_vector_ok_but_of_scalar():
    return jnp.tril(jnp.float32(1))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_sort_axis_out_of_range():
    return jnp.sort(x34, axis=2)


@mistake(
    "'kind' argument to sort is not supported. Use stable=True or stable=False to specify sort"
)
def r15_sort_kind_unknown():
    return jnp.sort(x34, kind="bogo")


@mistake("Non-hashable static arguments are not supported")
def r15_argsort_order_given():
    return jnp.argsort(x34, order=["a"])


@mistake("axis 2 is out of bounds for array of dimension 2")
def r15_take_axis_out_of_range():
    return jnp.take(x34, jnp.array([0]), axis=2)


@mistake("The 'raise' mode to jnp.take is not supported.")
def r15_take_mode_unknown():
    return jnp.take(x34, jnp.array([0]), mode="raise")


@mistake("indices and arr must have the same number of dimensions; 1 vs. 2")
def r15_take_along_axis_rank_mismatch():
    return jnp.take_along_axis(x34, jnp.array([0, 1]), axis=1)


@mistake("take_along_axis indices must be of integer type, got float32")
def r15_take_along_axis_float_indices():
    return jnp.take_along_axis(x34, jnp.zeros((3, 1)), axis=1)


@mistake("clip() got an unexpected keyword argument")
def r15_clip_a_min_keyword():
    return jnp.clip(x34, a_min=0, a_max=1)


@mistake()
def r15_clip_min_max_keywords():
    return jnp.clip(x34, min=0, max=1)


@mistake("clip() got an unexpected keyword argument")
def r15_clip_both_spellings():
    return jnp.clip(x34, 0, max=1, a_max=2)


@mistake("order must be non-negative but got -1")
def r15_diff_n_negative():
    return jnp.diff(jnp.ones(3), n=-1)


@mistake("diff requires input that is at least one dimensional")
def r15_diff_of_scalar():
    return jnp.diff(jnp.float32(1))


@mistake("invalid argument side='middle', expected 'left' or 'right'")
def r15_searchsorted_side_invalid():
    return jnp.searchsorted(jnp.arange(3), 1, side="middle")


@mistake("a should be 1-dimensional")
def r15_searchsorted_2d_sorted():
    return jnp.searchsorted(x34, 1)


@mistake("x argument to bincount must have an integer type; got float32")
def r15_bincount_float():
    return jnp.bincount(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_bincount_under_jit_without_length():
    return jax.jit(jnp.bincount)(jnp.arange(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_histogram_bins_traced():
    return jax.jit(lambda x, b: jnp.histogram(x, bins=b))(jnp.ones(3), 4)


@mistake("Number of samples, -1, must be non-negative.")
def r15_linspace_num_negative():
    return jnp.linspace(0, 1, -1)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_linspace_num_traced():
    return jax.jit(lambda n: jnp.linspace(0, 1, n))(5)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_arange_traced_stop():
    return jax.jit(lambda n: jnp.arange(n))(5)


@mistake("division by zero")
def r15_arange_step_zero():
    return jnp.arange(0, 5, 0)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r15_zeros_traced_shape():
    return jax.jit(lambda n: jnp.zeros(n))(3)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.0, 3).")
def r15_zeros_shape_float():
    return jnp.zeros((2.0, 3))


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (-1, 3).")
def r15_zeros_negative_shape():
    return jnp.zeros((-1, 3))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r15_ones_shape_list_of_arrays():
    return jnp.ones([jnp.array(2), jnp.array(3.0)])


@mistake(
    "Incompatible types for broadcasting: input type=float32[4] and requested type=float32[2,3]"
)
def r15_full_fill_shape_mismatch():
    return jnp.full((2, 3), jnp.ones(4))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.5,)")
def r15_eye_float_n():
    return jnp.eye(2.5)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r15_identity_traced():
    return jax.jit(lambda n: jnp.identity(n))(3)


# ---------------------------------------------------------------------------------------------
# jnp's index tricks: r_, c_, mgrid, ogrid, s_, index_exp, atleast_*


@mistake()
def r15_r_concatenates():
    return jnp.r_[jnp.ones(2), 0, jnp.zeros(3)]


@mistake()
def r15_r_slice():
    return jnp.r_[0:5]


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (2, 2), (2,).")
def r15_r_ranks_differ():
    return jnp.r_[jnp.ones((2, 2)), jnp.ones(2)]


@mistake("could not understand directive 'x'")
def r15_r_string_directive_unknown():
    return jnp.r_["x", jnp.ones(2), jnp.ones(2)]


@mistake("'RClass' object is not callable")
def r15_r_called():
    return jnp.r_(jnp.ones(2), jnp.ones(2))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_r_traced_slice_stop():
    return jax.jit(lambda n: jnp.r_[0:n])(3)


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one being")
def r15_c_lengths_differ():
    return jnp.c_[jnp.ones(2), jnp.ones(3)]


@mistake()
def r15_c_columns():
    return jnp.c_[jnp.ones(3), jnp.zeros(3)]


@mistake()
def r15_mgrid_two_dims():
    return jnp.mgrid[0:2, 0:3]


@mistake()
def r15_mgrid_complex_step():
    return jnp.mgrid[0:1:5j]


@mistake("'_Mgrid' object is not callable")
def r15_mgrid_called():
    return jnp.mgrid(0, 3)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_mgrid_traced_stop():
    return jax.jit(lambda n: jnp.mgrid[0:n])(3)


@mistake("'int' object is not iterable")
def r15_ogrid_index_not_slice():
    return jnp.ogrid[3]


@mistake()
def r15_ogrid_two_dims():
    return jnp.ogrid[0:2, 0:3]


@mistake()
def r15_s_builds_a_slice():
    return jnp.ones(5)[jnp.s_[1:3]]


@mistake()
def r15_index_exp_builds_a_tuple():
    return jnp.ones((2, 3))[jnp.index_exp[:, 1]]


@mistake()
def r15_atleast_1d_of_scalar():
    return jnp.atleast_1d(1.0)


@mistake()
def r15_atleast_2d_several():
    return jnp.atleast_2d(jnp.ones(3), 2.0)


@mistake()
def r15_atleast_3d_of_matrix():
    return jnp.atleast_3d(x34)


@mistake("as an abstract array. The problematic value is of type <class 'str'>")
def r15_atleast_2d_of_string():
    return jnp.atleast_2d("abc")


@mistake("atleast_1d requires ndarray or scalar arguments, got <class 'list'> at position 0")
def r15_atleast_1d_of_ragged_list():
    return jnp.atleast_1d([[1, 2], [3]])


@mistake("Arguments to jax.numpy.ix_ must be 1-dimensional, got shape (2, 2)")
def r15_ix_of_2d():
    return jnp.ix_(jnp.ones((2, 2), jnp.int32))


@mistake()
def r15_ix_of_floats():
    return jnp.ix_(jnp.array([0.0, 1.0]))


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (2, -1).")
def r15_indices_negative():
    return jnp.indices((2, -1))


@mistake("Valid values for indexing are 'xy' and 'ij', got yx")
def r15_meshgrid_indexing_invalid():
    return jnp.meshgrid(jnp.ones(2), jnp.ones(3), indexing="yx")


@mistake("Arguments to jax.numpy.meshgrid must be 1D, got shapes [(2, 2), (3,)]")
def r15_meshgrid_of_2d():
    return jnp.meshgrid(jnp.ones((2, 2)), jnp.ones(3))


@mistake()
def r15_unravel_index_shape_traced():
    return jax.jit(lambda i, s: jnp.unravel_index(i, (s, 3)))(4, 2)


@mistake("len(multi_index)=2 != len(dims)=3")
def r15_ravel_multi_index_lengths():
    return jnp.ravel_multi_index((jnp.array([0]), jnp.array([1])), (2, 2, 2))


@mistake()
def r15_ravel_multi_index_mode_unknown():
    return jnp.ravel_multi_index((jnp.array([0]), jnp.array([1])), (2, 2), mode="raise")


# ---------------------------------------------------------------------------------------------
# Indexing: float / traced / boolean indices, tuples and lists, .at[]


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r15_index_float_scalar():
    return jnp.arange(5)[1.0]


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r15_index_float_array():
    return jnp.arange(5)[jnp.array([1.0, 2.0])]


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r15_index_float_in_tuple():
    return jnp.ones((3, 3))[0, 1.5]


@mistake("'float' object cannot be interpreted as an integer")
def r15_index_float_slice_bound():
    return jnp.arange(5)[1.0:3]


@mistake("'float' object cannot be interpreted as an integer")
def r15_index_float_slice_step():
    return jnp.arange(5)[::1.0]


@mistake("JAX does not support string indexing; got idx='1'")
def r15_index_str():
    return jnp.arange(5)["1"]


@mistake(
    "only integers, slices (`:`), ellipsis (`...`), newaxis (`None`) and integer or boolean arrays"
)
def r15_index_none_of_dict():
    return jnp.arange(5)[{"a": 1}]


@mistake("Too many indices: array is 1-dimensional, but 2 were indexed")
def r15_index_too_many():
    return jnp.arange(5)[0, 0]


@mistake("Too many indices: array is 2-dimensional, but 3 were indexed")
def r15_index_too_many_under_jit():
    return jax.jit(lambda x: x[0, 0, 0])(jnp.ones((2, 2)))


@mistake("an index can only have a single ellipsis ('...')")
def r15_index_two_ellipses():
    return jnp.ones((2, 2))[..., 0, ...]


@mistake("Using a non-tuple sequence for multidimensional indexing is not allowed")
def r15_index_list_of_ints_non_tuple_sequence():
    return jnp.arange(5)[[0, 2]]


@mistake(
    "Using a non-tuple sequence for multidimensional indexing is not allowed; use `arr[tuple(seq)]`"
)
def r15_index_list_of_lists_ragged():
    return jnp.ones((3, 3))[[[0, 1], [2]]]


@mistake()
def r15_index_tuple_of_lists():
    return jnp.ones((3, 3))[([0, 1], [1, 2])]


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r15_index_tuple_of_lists_length_mismatch():
    return jnp.ones((3, 3))[([0, 1], [1, 2, 0])]


@mistake("Array boolean indices must be concrete; got bool[3]")
def r15_index_bool_mask_under_jit():
    return jax.jit(lambda x: x[x > 0])(jnp.arange(3.0))


@mistake("Array boolean indices must be concrete; got bool[3]")
def r15_index_bool_mask_under_vmap():
    return jax.vmap(lambda x: x[x > 0])(jnp.ones((2, 3)))


@mistake()
def r15_index_bool_mask_under_grad():
    return jax.grad(lambda x: x[x > 0].sum())(jnp.arange(3.0))


@mistake()
def r15_index_bool_mask_eager():
    return jnp.arange(3.0)[jnp.arange(3.0) > 0]


@mistake("boolean index did not match shape of indexed array in index 0: got (2,), expected [3]")
def r15_index_bool_mask_wrong_shape():
    return jnp.arange(3.0)[jnp.array([True, False])]


@mistake(
    "Using a non-tuple sequence for multidimensional indexing is not allowed; use `arr[array(seq)]`"
)
def r15_index_bool_list_mask_wrong_length():
    return jnp.arange(3.0)[[True, False]]


@mistake("Slice entries must be static integers. Got slice")
def r15_index_traced_slice_start():
    return jax.jit(lambda x, i: x[i:])(jnp.arange(5), 2)


@mistake("Slice entries must be static integers. Got slice(None")
def r15_index_traced_slice_stop():
    return jax.jit(lambda x, i: x[:i])(jnp.arange(5), 2)


@mistake()
def r15_index_traced_scalar():
    return jax.jit(lambda x, i: x[i])(jnp.arange(5), 2)


@mistake()
def r15_dynamic_slice_instead():
    return jax.jit(lambda x, i: lax.dynamic_slice(x, (i,), (2,)))(jnp.arange(5), 2)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r15_dynamic_slice_traced_size():
    return jax.jit(lambda x, n: lax.dynamic_slice(x, (0,), (n,)))(jnp.arange(5), 2)


@mistake("slice slice_sizes must be less than or equal to operand shape, got slice_sizes (", "for operand shape (5,)")
def r15_dynamic_slice_size_too_big():
    return lax.dynamic_slice(jnp.arange(5), (0,), (6,))


@mistake("Length of slice indices must match number of operand dimensions (1 vs (3, 4))")
def r15_dynamic_slice_index_count():
    return lax.dynamic_slice(x34, (0,), (2, 2))


@mistake(
    "dynamic_update_slice update must have the same rank as operand, got update shape (2,) for"
)
def r15_dynamic_update_slice_rank():
    return lax.dynamic_update_slice(x34, jnp.ones(2), (0, 0))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r15_dynamic_index_in_dim_traced_axis():
    return jax.jit(lambda x, a: lax.dynamic_index_in_dim(x, 0, a))(x34, 0)


@mistake("JAX arrays are immutable and do not support in-place item assignment")
def r15_item_assignment():
    x = jnp.zeros(3)
    x[0] = 1.0
    return x


@mistake("JAX arrays are immutable and do not support in-place item assignment")
def r15_item_assignment_slice():
    x = jnp.zeros(3)
    x[1:] = 1.0
    return x


@mistake("JAX arrays are immutable and do not support in-place item assignment")
def r15_item_assignment_under_jit():
    def f(x):
        x[0] = 1.0
        return x

    return jax.jit(f)(jnp.zeros(3))


@mistake("JAX arrays are immutable and do not support in-place item assignment")
def r15_augmented_item_assignment():
    x = jnp.zeros(3)
    x[0] += 1.0
    return x


@mistake("'_IndexUpdateHelper' object is not callable")
def r15_at_called_like_a_function():
    return jnp.zeros(3).at(0).set(1.0)


@mistake("'_IndexUpdateHelper' object has no attribute 'set'")
def r15_at_without_index():
    return jnp.zeros(3).at.set(1.0)


@mistake("'_IndexUpdateHelper' object does not support item assignment")
def r15_at_assigned():
    x = jnp.zeros(3)
    x.at[0] = 1.0
    return x


@mistake("'_IndexUpdateRef' object has no attribute 'assign'")
def r15_at_unknown_method():
    return jnp.zeros(3).at[0].assign(1.0)


@mistake("'_IndexUpdateRef' object has no attribute 'update'")
def r15_at_update_method():
    return jnp.zeros(3).at[0].update(1.0)


@mistake("Incompatible types for broadcasting: input type=float32[3] and requested type=float32[2]")
def r15_at_set_shape_mismatch():
    return jnp.zeros(3).at[:2].set(jnp.ones(3))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r15_at_set_float_index():
    return jnp.zeros(3).at[1.0].set(1.0)


@mistake("_IndexUpdateRef.set() missing 1 required positional argument: 'values'")
def r15_at_set_without_value():
    return jnp.zeros(3).at[0].set()


@mistake('Unknown gather mode "wrap"')
def r15_at_mode_unknown():
    return jnp.zeros(3).at[5].set(1.0, mode="wrap")


@mistake()
def r15_at_mode_drop():
    return jnp.zeros(3).at[5].set(1.0, mode="drop")


@mistake('Unknown gather mode "raise"')
def r15_at_get_mode_unknown():
    return jnp.zeros(3).at[1].get(mode="raise")


@mistake("_IndexUpdateRef.set() got an unexpected keyword argument 'inplace'")
def r15_at_set_unknown_keyword():
    return jnp.zeros(3).at[0].set(1.0, inplace=True)


@mistake("Array boolean indices must be concrete; got bool[3]")
def r15_at_add_bool_mask_under_jit():
    return jax.jit(lambda x: x.at[x > 0].add(1.0))(jnp.arange(3.0))


@mistake()
def r15_at_add_bool_mask_eager():
    x = jnp.arange(3.0)
    return x.at[x > 0].add(1.0)


@mistake("'numpy.ndarray' object has no attribute 'at'")
def r15_at_on_numpy_array():
    return np.zeros(3).at[0].set(1.0)


@mistake("'list' object has no attribute 'at'")
def r15_at_on_list():
    return [0.0, 1.0].at[0].set(2.0)


@mistake("is not a valid JAX array type")
def r15_at_set_string_value():
    return jnp.zeros(3).at[0].set("1")


@mistake("None is not a valid value for jnp.array")
def r15_at_multiply_none():
    return jnp.zeros(3).at[0].multiply(None)


@mistake("has no attribute 'index_update'")
def r15_index_update_legacy():
    return jax.ops.index_update(jnp.zeros(3), 0, 1.0)


# ---------------------------------------------------------------------------------------------
# Python control flow and conversions on tracers


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_if_tracer_positive():
    def f(x):
        if x > 0:
            return x
        return -x

    return jax.jit(f)(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_if_tracer_array_any():
    def f(x):
        if (x > 0).any():
            return x
        return -x

    return jax.jit(f)(jnp.ones(3))


@mistake(
    "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()"
)
def r15_if_tracer_array_truthiness():
    def f(x):
        if x:
            return x
        return -x

    return jax.jit(f)(jnp.ones(3))


@mistake(
    "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()"
)
def r15_if_eager_array_truthiness():
    x = jnp.ones(3)
    if x:
        return x
    return -x


@mistake()
def r15_if_eager_scalar_truthiness():
    x = jnp.float32(1.0)
    if x > 0:
        return x
    return -x


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_if_under_vmap():
    def f(x):
        if x > 0:
            return x
        return -x

    return jax.vmap(f)(jnp.ones(3))


@mistake()
def r15_if_under_grad_is_concrete():
    def f(x):
        if x > 0:
            return x * x
        return -x

    return jax.grad(f)(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_if_under_grad_of_jit():
    def f(x):
        if x > 0:
            return x * x
        return -x

    return jax.grad(jax.jit(f))(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_while_tracer():
    def f(x):
        while x < 10:
            x = x * 2
        return x

    return jax.jit(f)(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_and_of_tracers():
    return jax.jit(lambda x, y: x > 0 and y > 0)(1.0, 2.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_or_of_tracers():
    return jax.jit(lambda x, y: (x > 0) or (y > 0))(1.0, 2.0)


@mistake("Attempted boolean conversion of traced array with shape float32[].")
def r15_not_of_tracer():
    return jax.jit(lambda x: not x)(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_chained_comparison():
    return jax.jit(lambda x: 0 < x < 1)(0.5)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_assert_tracer():
    def f(x):
        assert x > 0
        return x

    return jax.jit(f)(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_ternary_on_tracer():
    return jax.jit(lambda x: x if x > 0 else -x)(1.0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_int_of_tracer():
    return jax.jit(lambda x: int(x))(1.0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_float_of_tracer():
    return jax.jit(lambda x: float(x))(1.0)


@mistake("Attempted boolean conversion of traced array with shape float32[].")
def r15_bool_of_tracer():
    return jax.jit(lambda x: bool(x))(1.0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_complex_of_tracer():
    return jax.jit(lambda x: complex(x))(1.0)


@mistake("Only scalar arrays can be converted to Python scalars; got arr.ndim=1")
def r15_int_of_array():
    return int(jnp.ones(3))


@mistake("Only scalar arrays can be converted to Python scalars; got arr.ndim=2")
def r15_float_of_array():
    return float(jnp.ones((2, 2)))


@mistake("Only scalar arrays can be converted to Python scalars; got arr.ndim=2")
def r15_float_of_size_one_2d_array():
    return float(jnp.ones((1, 1)))


@mistake("len() of unsized object")
def r15_len_of_scalar():
    return len(jnp.float32(1.0))


@mistake("len() of unsized object")
def r15_len_of_scalar_tracer():
    return jax.jit(lambda x: len(x))(1.0)


@mistake()
def r15_len_of_array_tracer():
    return jax.jit(lambda x: x * len(x))(jnp.ones(3))


@mistake("The __index__() method was called on traced array with shape int32[]")
def r15_range_of_tracer():
    def f(n):
        return sum(i for i in range(n))

    return jax.jit(f)(3)


@mistake("Only integer scalar arrays can be converted to a scalar index.")
def r15_range_of_array():
    return list(range(jnp.array([3])))


@mistake()
def r15_range_of_scalar_array():
    return list(range(jnp.array(3)))


@mistake("iteration over a 0-d array")
def r15_iterate_scalar_tracer():
    def f(x):
        return [v for v in x]

    return jax.jit(f)(1.0)


@mistake("iteration over a 0-d array")
def r15_iterate_scalar_array():
    return [v for v in jnp.array(1.0)]


@mistake()
def r15_iterate_array_tracer():
    return jax.jit(lambda x: sum(v for v in x))(jnp.ones(3))


@mistake("iteration over a 0-d array")
def r15_unpack_scalar_tracer():
    def f(x):
        a, b = x
        return a + b

    return jax.jit(f)(1.0)


@mistake("too many values to unpack (expected 2)")
def r15_unpack_wrong_length():
    def f(x):
        a, b = x
        return a + b

    return jax.jit(f)(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_item_under_jit():
    return jax.jit(lambda x: x.item())(jnp.ones(()))


@mistake("can only convert an array of size 1 to a Python scalar")
def r15_item_of_array():
    return jnp.ones(3).item()


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_tolist_under_jit():
    return jax.jit(lambda x: x.tolist())(jnp.ones(3))


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r15_np_asarray_under_jit():
    return jax.jit(lambda x: np.asarray(x))(jnp.ones(3))


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r15_np_sum_under_jit():
    return jax.jit(lambda x: np.sin(x))(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_math_sin_under_jit():
    import math

    return jax.jit(lambda x: math.sin(x))(1.0)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r15_list_index_by_tracer():
    return jax.jit(lambda i: [1.0, 2.0, 3.0][i])(1)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r15_tuple_index_by_tracer():
    return jax.jit(lambda t, i: t[i])((1.0, 2.0), 0)


@mistake("unhashable type")
def r15_dict_key_tracer():
    return jax.jit(lambda k: {0: 1.0}[k])(0)


@mistake("unhashable type")
def r15_hash_of_tracer():
    return jax.jit(lambda x: hash(x))(1.0)


@mistake("unhashable type")
def r15_hash_of_array():
    return hash(jnp.ones(3))


@mistake("unhashable type")
def r15_set_of_arrays():
    return {jnp.ones(3), jnp.zeros(3)}


@mistake("unsupported format string passed to")
def r15_format_tracer():
    return jax.jit(lambda x: jnp.float32(len(f"{x:.2f}")))(1.0)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r15_hex_of_tracer():
    return jax.jit(lambda x: hex(x))(1)


@mistake()
def r15_round_builtin_of_tracer():
    return jax.jit(lambda x: jnp.float32(round(x, 2)))(1.0)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r15_shape_from_tracer_value():
    return jax.jit(lambda x: jnp.ones(x.sum()))(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_shape_from_tracer_int():
    return jax.jit(lambda x: jnp.ones(int(x.shape[0] * x[0])))(jnp.ones(3))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_if_under_scan():
    def body(c, x):
        if x > 0:
            c = c + x
        return c, x

    return lax.scan(body, 0.0, jnp.ones(3))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_if_under_fori():
    def body(i, c):
        if i > 1:
            c = c + 1.0
        return c

    return lax.fori_loop(0, 3, body, 0.0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_int_under_cond_branch():
    return lax.cond(True, lambda x: jnp.float32(int(x)), lambda x: x, 1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_if_in_while_cond():
    def cond(c):
        if c < 3:
            return True
        return False

    return lax.while_loop(cond, lambda c: c + 1, 0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r15_python_while_in_vmap():
    def f(x):
        while x < 3:
            x = x + 1
        return x

    return jax.vmap(f)(jnp.arange(3.0))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_nonzero_without_size_in_vmap():
    return jax.vmap(jnp.nonzero)(jnp.ones((2, 3)))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_print_then_int():
    def f(x):
        n = int(x.sum())
        return jnp.ones(n)

    return jax.jit(f)(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# static_argnums / static_argnames / donate_argnums, jit of things that are not functions


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r15_static_argnums_unhashable_list():
    return jax.jit(lambda x, s: x * len(s), static_argnums=1)(1.0, [1, 2])


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r15_static_argnums_unhashable_dict():
    return jax.jit(lambda x, d: x * d["a"], static_argnums=(1,))(1.0, {"a": 2})


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r15_static_argnums_array():
    return jax.jit(lambda x, s: x * s, static_argnums=1)(1.0, jnp.ones(3))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r15_static_argnums_numpy_array():
    return jax.jit(lambda x, s: x * s, static_argnums=1)(1.0, np.ones(3))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r15_static_argnames_unhashable():
    return jax.jit(lambda x, s: x * len(s), static_argnames="s")(1.0, s=[1, 2])


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r15_static_argnames_unhashable_positional():
    return jax.jit(lambda x, s: x * len(s), static_argnames="s")(1.0, [1, 2])


@mistake()
def r15_static_argnums_tuple_is_hashable():
    return jax.jit(lambda x, s: x * len(s), static_argnums=1)(1.0, (1, 2))


@mistake("Jitted function has static_argnums=(3,), but only accepts 1 positional arguments.")
def r15_static_argnums_out_of_range():
    return jax.jit(lambda x: x, static_argnums=3)(1.0)


@mistake()
def r15_static_argnums_out_of_range_with_varargs():
    return jax.jit(lambda *xs: xs[0], static_argnums=3)(1.0)


@mistake("Jitted function has static_argnums=(-2,), but only accepts 1 positional arguments.")
def r15_static_argnums_negative_out_of_range():
    return jax.jit(lambda x: x, static_argnums=-2)(1.0)


@mistake("'str' object cannot be interpreted as an integer")
def r15_static_argnums_string():
    return jax.jit(lambda x, n: x * n, static_argnums="n")(1.0, 2)


@mistake("'float' object is not iterable")
def r15_static_argnums_float():
    return jax.jit(lambda x, n: x * n, static_argnums=1.0)(1.0, 2)


@mistake(
    "Jitted function has invalid argnames {'m'} in static_argnames. Function does not take these"
)
def r15_static_argnames_not_in_signature():
    return jax.jit(lambda x, n: x * n, static_argnames="m")(1.0, 2)


@mistake(
    "Jitted function has invalid argnames {'k'} in static_argnames. Function does not take these"
)
def r15_static_argnames_not_in_signature_list():
    return jax.jit(lambda x, n: x * n, static_argnames=["n", "k"])(1.0, 2)


@mistake("'int' object is not iterable")
def r15_static_argnames_int():
    return jax.jit(lambda x, n: x * n, static_argnames=1)(1.0, 2)


@mistake(
    "static_argnames and donate_argnames cannot intersect. Argument names {'n'} appear in both"
)
def r15_donate_and_static_same_argnum():
    return jax.jit(lambda x, n: x * n, static_argnums=1, donate_argnums=1)(jnp.ones(3), 2)


@mistake(
    "static_argnames and donate_argnames cannot intersect. Argument names {'n'} appear in both"
)
def r15_donate_and_static_same_argname():
    f = jax.jit(lambda x, n: x * n, static_argnames="n", donate_argnames="n")
    return f(jnp.ones(3), n=2)


@mistake()
def r15_donate_argnums_and_argnames_overlap():
    return jax.jit(lambda x: x + 1, donate_argnums=0, donate_argnames="x")(jnp.ones(3))


@mistake(
    "Jitted function has invalid argnames {'y'} in donate_argnames. Function does not take these"
)
def r15_donate_argnames_not_in_signature():
    return jax.jit(lambda x: x + 1, donate_argnames="y")(jnp.ones(3))


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r15_donate_argnums_out_of_range_refused():
    return jax.jit(lambda x: x + 1, donate_argnums=3)(jnp.ones(3))


@mistake("Array has been deleted with shape=float32[3].")
def r15_donated_array_used_again():
    x = jnp.ones(3)
    jax.jit(lambda x: x + 1, donate_argnums=0)(x)
    return x + 1


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r15_static_arg_changes_traced_value():
    return jax.jit(lambda x, n: jnp.ones(n), static_argnums=0)(3, jnp.int32(2))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r15_static_argnums_with_kwarg_call():
    return jax.jit(lambda x, n: jnp.ones(n) * x, static_argnums=1)(1.0, n=jnp.int32(2))


@mistake()
def r15_static_argnums_with_kwarg_call_python_int():
    return jax.jit(lambda x, n: jnp.ones(n) * x, static_argnums=1)(1.0, n=2)


@mistake("Expected a callable value, got None")
def r15_jit_of_none():
    return jax.jit(None)


@mistake("Expected a callable value, got 3")
def r15_jit_of_int():
    return jax.jit(3)


@mistake("Expected a callable value, got f")
def r15_jit_of_string():
    return jax.jit("f")


@mistake("Expected a callable value, got [1. 1. 1.]")
def r15_jit_of_array():
    return jax.jit(jnp.ones(3))


@mistake("Expected a callable value, got 0.8414709568023682")
def r15_jit_of_call_result():
    return jax.jit(jnp.sin(1.0))(1.0)


@mistake()
def r15_jit_of_class_constructs():
    class Box:
        def __init__(self, x):
            self.x = x

    return jax.jit(Box)


@mistake("which is not a valid JAX type")
def r15_jit_of_class_returns_object():
    class Box:
        def __init__(self, x):
            self.x = x

    return jax.jit(Box)(1.0)


@mistake("Expected a function, got a generator function")
def r15_jit_of_generator_function():
    def gen(x):
        yield x

    return jax.jit(gen)(1.0)


@mistake("returned a value of type <class 'str'>", "which is not a valid JAX type")
def r15_jit_returns_string():
    return jax.jit(lambda x: "done")(1.0)


@mistake("returned a value of type <class 'object'>", "which is not a valid JAX type")
def r15_jit_returns_object():
    return jax.jit(lambda x: object())(1.0)


@mistake("unhashable type")
def r15_jit_returns_set():
    return jax.jit(lambda x: {x})(1.0)


@mistake("as an abstract array. The problematic value is of type <class 'str'>")
def r15_jit_argument_string():
    return jax.jit(lambda x: x)("abc")


@mistake("as an abstract array. The problematic value is of type <class 'object'>")
def r15_jit_argument_object():
    return jax.jit(lambda x: x)(object())


@mistake("as an abstract array. The problematic value is of type")
def r15_jit_argument_function():
    return jax.jit(lambda f, x: f(x))(jnp.sin, 1.0)


@mistake()
def r15_jit_argument_none():
    return jax.jit(lambda x, y: x)(1.0, None)


@mistake()
def r15_jit_decorator_with_args_misused():
    @jax.jit(static_argnums=0)
    def f(n):
        return jnp.ones(n)

    return f(3)


@mistake()
def r15_jit_partial_decorator():
    import functools

    @functools.partial(jax.jit, static_argnums=0)
    def f(n):
        return jnp.ones(n)

    return f(3)


@mistake("got an unexpected keyword argument 'y'")
def r15_jit_unexpected_keyword():
    return jax.jit(lambda x: x)(1.0, y=2.0)


@mistake("missing 1 required positional argument: 'y'")
def r15_jit_missing_argument():
    return jax.jit(lambda x, y: x + y)(1.0)


@mistake("takes 1 positional argument but 2 were given")
def r15_jit_too_many_arguments():
    return jax.jit(lambda x: x)(1.0, 2.0)


@mistake("jit() got an unexpected keyword argument 'static_args'")
def r15_jit_unknown_option():
    return jax.jit(lambda x: x, static_args=0)


@mistake(
    "Argument types differ from the types for which this computation was compiled. Perhaps you are"
)
def r15_jit_lower_then_call_wrong_shape():
    compiled = jax.jit(lambda x: x + 1).lower(jnp.ones(3)).compile()
    return compiled(jnp.ones(4))


@mistake(
    "Argument types differ from the types for which this computation was compiled. Perhaps you are"
)
def r15_jit_lower_then_call_wrong_dtype():
    compiled = jax.jit(lambda x: x + 1).lower(jnp.ones(3)).compile()
    return compiled(jnp.ones(3, jnp.int32))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r15_jit_method_self_unhashable_static():
    class Model:
        def __init__(self):
            self.w = [1.0]

        def __eq__(self, other):
            return True

        __hash__ = None

        def apply(self, x):
            return x * self.w[0]

    return jax.jit(Model.apply, static_argnums=0)(Model(), 1.0)


@mistake("as an abstract array. The problematic value is of type")
def r15_jit_method_self_traced():
    class Model:
        def __init__(self):
            self.w = 2.0

        def apply(self, x):
            return x * self.w

    return jax.jit(Model.apply)(Model(), 1.0)


# ---------------------------------------------------------------------------------------------
# grad / value_and_grad / jacrev / jacfwd / hessian


@mistake("Gradient only defined for scalar-output functions. Output had shape: (3,).")
def r15_grad_of_vector_output():
    return jax.grad(lambda x: x * 2)(jnp.ones(3))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (1,).")
def r15_grad_of_shape_one_output():
    return jax.grad(lambda x: x.sum(keepdims=True))(jnp.ones(3))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (3,).")
def r15_value_and_grad_of_vector_output():
    return jax.value_and_grad(lambda x: x**2)(jnp.ones(3))


@mistake("Gradient only defined for scalar-output functions. Output was")
def r15_value_and_grad_of_tuple_output():
    return jax.value_and_grad(lambda x: (x.sum(), x))(jnp.ones(3))


@mistake("Gradient only defined for scalar-output functions. Output was")
def r15_grad_of_tuple_output_without_has_aux():
    return jax.grad(lambda x: (x.sum(), 1.0))(jnp.ones(3))


@mistake("Gradient only defined for scalar-output functions. Output was")
def r15_grad_of_dict_output():
    return jax.grad(lambda x: {"loss": x.sum()})(jnp.ones(3))


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r15_grad_has_aux_not_a_pair():
    return jax.grad(lambda x: x.sum(), has_aux=True)(jnp.ones(3))


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r15_grad_has_aux_triple():
    return jax.grad(lambda x: (x.sum(), 1.0, 2.0), has_aux=True)(jnp.ones(3))


@mistake()
def r15_grad_has_aux_list_pair():
    return jax.grad(lambda x: [x.sum(), 1.0], has_aux=True)(jnp.ones(3))


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r15_value_and_grad_has_aux_not_pair():
    return jax.value_and_grad(lambda x: x.sum(), has_aux=True)(jnp.ones(3))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (3,).")
def r15_value_and_grad_has_aux_vector_loss():
    return jax.value_and_grad(lambda x: (x, x.sum()), has_aux=True)(jnp.ones(3))


@mistake()
def r15_grad_has_aux_aux_is_array():
    return jax.grad(lambda x: (x.sum(), x * 2), has_aux=True)(jnp.ones(3))


@mistake()
def r15_grad_has_aux_aux_is_string():
    return jax.grad(lambda x: (x.sum(), "aux"), has_aux=True)(jnp.ones(3))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact)"
)
def r15_grad_of_int_input():
    return jax.grad(lambda x: x * 2)(3)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact)"
)
def r15_grad_of_int_array_input():
    return jax.grad(lambda x: (x * 2).sum())(jnp.arange(3))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact)"
)
def r15_grad_of_bool_input():
    return jax.grad(lambda x: jnp.where(x, 1.0, 0.0).sum())(jnp.ones(3, bool))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact)"
)
def r15_grad_argnums_int_input():
    return jax.grad(lambda x, n: x * n, argnums=1)(1.0, 2)


@mistake()
def r15_grad_allow_int():
    return jax.grad(lambda x: x * 2.0, allow_int=True)(3)


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got int32"
)
def r15_grad_of_int_output():
    return jax.grad(lambda x: jnp.int32(3) + 0 * x.astype(jnp.int32))(1.0)


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got complex64"
)
def r15_grad_of_complex_output():
    return jax.grad(lambda x: x * 1j)(1.0)


@mistake()
def r15_grad_of_complex_output_holomorphic():
    return jax.grad(lambda x: x * x, holomorphic=True)(1.0 + 1j)


@mistake("grad with holomorphic=True requires inputs with complex dtype, but got float32.")
def r15_grad_holomorphic_real_input():
    return jax.grad(lambda x: x * x, holomorphic=True)(1.0)


@mistake(
    "jacrev requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got complex64"
)
def r15_jacrev_of_complex_output():
    return jax.jacrev(lambda x: x * 1j)(jnp.ones(2))


@mistake("jacrev with holomorphic=True requires inputs with complex dtype, but got float32.")
def r15_jacrev_holomorphic_real_input():
    return jax.jacrev(lambda x: x * x, holomorphic=True)(jnp.ones(2))


@mistake()
def r15_jacrev_of_complex_holomorphic():
    return jax.jacrev(lambda x: x * x, holomorphic=True)(jnp.ones(2, jnp.complex64))


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but got int32"
)
def r15_jacfwd_of_int_input():
    return jax.jacfwd(lambda x: x * 2)(jnp.arange(3))


@mistake("jacrev requires real- or complex-valued inputs (input dtype that is a sub-dtype of")
def r15_jacrev_of_int_input():
    return jax.jacrev(lambda x: x * 2)(jnp.arange(3))


@mistake("jacfwd with holomorphic=True requires inputs with complex dtype, but got float32.")
def r15_jacfwd_holomorphic_real_input():
    return jax.jacfwd(lambda x: x * x, holomorphic=True)(jnp.ones(2))


@mistake()
def r15_hessian_of_vector_output():
    return jax.hessian(lambda x: x**2)(jnp.ones(3))


@mistake()
def r15_hessian_of_scalar():
    return jax.hessian(lambda x: (x**2).sum())(jnp.ones(3))


@mistake("differentiating with respect to argnums=2 requires at least 3 positional arguments to be")
def r15_grad_argnums_out_of_range():
    return jax.grad(lambda x, y: x * y, argnums=2)(1.0, 2.0)


@mistake("'float' object is not iterable")
def r15_grad_argnums_float():
    return jax.grad(lambda x, y: x * y, argnums=1.0)(1.0, 2.0)


@mistake("max() arg is an empty sequence")
def r15_grad_argnums_empty_tuple():
    return jax.grad(lambda x, y: x * y, argnums=())(1.0, 2.0)


@mistake("differentiating with respect to argnums=0 requires at least 1 positional arguments to be")
def r15_grad_no_arguments():
    return jax.grad(lambda: 1.0)()


@mistake("differentiating with respect to argnums=0 requires at least 1 positional arguments to be")
def r15_grad_keyword_argument_differentiated():
    return jax.grad(lambda x: x * 2.0)(x=1.0)


@mistake("Argument 'a' of type <class 'str'> is not a valid JAX type")
def r15_grad_of_string_input():
    return jax.grad(lambda x: 1.0)("a")


@mistake("Gradient only defined for scalar-output functions. Output was")
def r15_grad_of_none_output():
    return jax.grad(lambda x: None)(1.0)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact)"
)
def r15_grad_of_python_list_input_with_int():
    return jax.grad(lambda xs: xs[0] * xs[1])([1.0, 2])


@mistake()
def r15_grad_of_dict_input():
    return jax.grad(lambda d: d["a"] * d["b"])({"a": 1.0, "b": 2.0})


@mistake("Expected a callable value, got [1. 1. 1.]")
def r15_grad_of_non_callable():
    return jax.grad(jnp.ones(3))(1.0)


@mistake("'float' object is not iterable")
def r15_grad_called_with_function_and_value():
    return jax.grad(lambda x: x * x, 1.0)


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got int32"
)
def r15_grad_of_argmax():
    return jax.grad(lambda x: jnp.argmax(x))(jnp.ones(3))


@mistake()
def r15_grad_through_stop_gradient():
    return jax.grad(lambda x: lax.stop_gradient(x) * x)(2.0)


@mistake(
    "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic"
)
def r15_grad_of_while_loop_reverse():
    return jax.grad(lambda x: lax.while_loop(lambda c: c < 10.0, lambda c: c * 2.0, x))(1.0)


@mistake(
    "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic"
)
def r15_grad_of_fori_loop_traced_bound():
    f = lambda x, n: lax.fori_loop(0, n, lambda i, c: c * x, 1.0)  # noqa: E731
    return jax.jit(jax.grad(f))(2.0, 3)


@mistake()
def r15_grad_of_fori_loop_static_bounds():
    return jax.grad(lambda x: lax.fori_loop(0, 3, lambda i, c: c * x, 1.0))(2.0)


@mistake("unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float32[4], but")
def r15_vjp_cotangent_wrong_shape():
    y, vjp = jax.vjp(lambda x: x * 2, jnp.ones(3))
    return vjp(jnp.ones(4))


@mistake("unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got int32[3], but")
def r15_vjp_cotangent_wrong_dtype():
    y, vjp = jax.vjp(lambda x: x * 2, jnp.ones(3))
    return vjp(jnp.ones(3, jnp.int32))


@mistake("unexpected tree structure")
def r15_vjp_cotangent_not_a_tuple_for_two_outputs():
    y, vjp = jax.vjp(lambda x: (x, x), jnp.ones(3))
    return vjp(jnp.ones(3))


@mistake("primal and tangent arguments to jax.jvp must be tuples or lists; found ArrayImpl")
def r15_jvp_primals_not_tuple():
    return jax.jvp(jnp.sin, jnp.ones(3), jnp.ones(3))


@mistake("jvp called with different primal and tangent shapes")
def r15_jvp_tangent_shape():
    return jax.jvp(jnp.sin, (jnp.ones(3),), (jnp.ones(4),))


@mistake(
    "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in case of"
)
def r15_jvp_tangent_dtype():
    return jax.jvp(jnp.sin, (jnp.ones(3),), (jnp.ones(3, jnp.float16),))


@mistake(
    "primal and tangent arguments to jax.jvp must have the same tree structure; primals have tree"
)
def r15_jvp_tangents_count():
    return jax.jvp(lambda x, y: x * y, (1.0, 2.0), (1.0,))


@mistake(
    "linearized function called on tangent values inconsistent with the original primal values"
)
def r15_linearize_then_wrong_tangent():
    y, f_jvp = jax.linearize(jnp.sin, jnp.ones(3))
    return f_jvp(jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# vmap: sizes, in_axes / out_axes, axis_size


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r15_vmap_sizes_differ():
    return jax.vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r15_vmap_sizes_differ_in_pytree():
    return jax.vmap(lambda d: d["a"] + d["b"])({"a": jnp.ones(3), "b": jnp.ones(4)})


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r15_vmap_sizes_differ_in_axes():
    return jax.vmap(lambda a, b: a + b, in_axes=(0, 1))(jnp.ones((3, 2)), jnp.ones((3, 2)))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be at"
)
def r15_vmap_of_scalar():
    return jax.vmap(jnp.sin)(1.0)


@mistake(
    "vmap was requested to map its argument along axis 1, which implies that its rank should be at"
)
def r15_vmap_in_axes_out_of_range():
    return jax.vmap(jnp.sin, in_axes=1)(jnp.ones(3))


@mistake()
def r15_vmap_in_axes_list_not_tuple():
    return jax.vmap(lambda a, b: a + b, in_axes=[0, 0])(jnp.ones(3), jnp.ones(3))


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r15_vmap_in_axes_length_mismatch():
    return jax.vmap(lambda a, b: a + b, in_axes=(0,))(jnp.ones(3), jnp.ones(3))


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r15_vmap_in_axes_float():
    return jax.vmap(jnp.sin, in_axes=0.0)(jnp.ones(3))


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r15_vmap_in_axes_string():
    return jax.vmap(jnp.sin, in_axes="batch")(jnp.ones(3))


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r15_vmap_all_none_without_axis_size():
    return jax.vmap(lambda a: a, in_axes=None)(jnp.ones(3))


@mistake()
def r15_vmap_all_none_with_axis_size():
    return jax.vmap(lambda a: a, in_axes=None, out_axes=None, axis_size=2)(jnp.ones(3))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r15_vmap_axis_size_disagrees():
    return jax.vmap(jnp.sin, axis_size=4)(jnp.ones(3))


@mistake("broadcast_in_dim shape must have every element be an integer type")
def r15_vmap_axis_size_float():
    return jax.vmap(lambda a: a, in_axes=None, axis_size=2.0)(jnp.ones(3))


@mistake("axis 2 is out of bounds for array of dimension 1")
def r15_vmap_out_axes_out_of_range():
    return jax.vmap(jnp.sin, out_axes=2)(jnp.ones(3))


@mistake("at vmap out_axes, got axis spec None but output was batched on axis 0")
def r15_vmap_out_axes_none_for_batched():
    return jax.vmap(jnp.sin, out_axes=None)(jnp.ones(3))


@mistake("Expected a callable value, got [1. 1. 1.]")
def r15_vmap_of_non_callable():
    return jax.vmap(jnp.ones(3))


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r15_vmap_kwargs_in_axes_not_zero():
    return jax.vmap(lambda a, b: a + b, in_axes=(0, None))(jnp.ones(3), b=jnp.ones((2, 3)))


@mistake(
    "vmap wrapped function must be passed at least one argument containing an array or axis_size"
)
def r15_vmap_no_arguments():
    return jax.vmap(lambda: 1.0)()


@mistake(
    "vmap wrapped function must be passed at least one argument containing an array or axis_size"
)
def r15_vmap_empty_axis_list_input():
    return jax.vmap(lambda xs: xs[0])([])


@mistake()
def r15_vmap_spmd_axis_name_without_mesh():
    return jax.vmap(jnp.sin, spmd_axis_name="x")(jnp.ones(4))


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r15_vmap_psum_unknown_axis():
    return jax.vmap(lambda x: lax.psum(x, "i"), axis_name="j")(jnp.ones(3))


@mistake("Output from batched function 's' with type <class 'str'> is not a valid JAX type")
def r15_vmap_returns_string():
    return jax.vmap(lambda x: "s")(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# fori_loop / scan / while_loop / cond / switch arguments


@mistake()
def r15_fori_loop_float_bounds():
    return lax.fori_loop(0.0, 3.0, lambda i, c: c + i, 0.0)


@mistake("lower and upper arguments to fori_loop must have equal types, got int32 and float32")
def r15_fori_loop_float_upper():
    return lax.fori_loop(0, 3.0, lambda i, c: c + 1, 0)


@mistake("takes 1 positional argument but 2 were given")
def r15_fori_loop_body_one_argument():
    return lax.fori_loop(0, 3, lambda c: c + 1, 0)


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they"
)
def r15_fori_loop_body_returns_tuple():
    return lax.fori_loop(0, 3, lambda i, c: (c + 1, i), 0)


@mistake()
def r15_fori_loop_carry_dtype_changes():
    return lax.fori_loop(0, 3, lambda i, c: c + 0.5, 0)


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r15_fori_loop_carry_shape_changes():
    return lax.fori_loop(0, 3, lambda i, c: jnp.append(c, i), jnp.zeros(1))


@mistake()
def r15_fori_loop_traced_bounds_in_jit():
    return jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c + i, 0))(3)


@mistake("cond_fun must return a boolean scalar, but got output type(s) [")
def r15_fori_loop_bounds_arrays():
    return lax.fori_loop(jnp.zeros(2, jnp.int32), 3, lambda i, c: c + 1, 0)


@mistake("lax.fori_loop: body_fun argument should be callable.")
def r15_fori_loop_not_callable():
    return lax.fori_loop(0, 3, 1, 0)


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r15_scan_wrong_length():
    return lax.scan(lambda c, x: (c + x, x), 0.0, jnp.ones(3), length=4)


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r15_scan_xs_lengths_differ():
    return lax.scan(lambda c, x: (c + x[0] + x[1], c), 0.0, (jnp.ones(3), jnp.ones(4)))


@mistake("scan got no values to scan over and `length` not provided.")
def r15_scan_no_xs_no_length():
    return lax.scan(lambda c, x: (c + 1.0, c), 0.0, None)


@mistake()
def r15_scan_no_xs_with_length():
    return lax.scan(lambda c, x: (c + 1.0, c), 0.0, None, length=3)


@mistake()
def r15_scan_length_float():
    return lax.scan(lambda c, x: (c + 1.0, c), 0.0, None, length=3.0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape"
)
def r15_scan_length_traced():
    return jax.jit(lambda n: lax.scan(lambda c, x: (c + 1.0, c), 0.0, None, length=n))(3)


@mistake("scan body output must be a pair, got float32[].")
def r15_scan_body_returns_carry_only():
    return lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3))


@mistake()
def r15_scan_carry_dtype_changes():
    return lax.scan(lambda c, x: (c + x, x), 0, jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r15_scan_carry_shape_changes():
    return lax.scan(lambda c, x: (c * jnp.ones(2), x), 0.0, jnp.ones(3))


@mistake("scan got value with no leading axis to scan over: 1.0.")
def r15_scan_xs_scalar():
    return lax.scan(lambda c, x: (c + x, x), 0.0, 1.0)


@mistake()
def r15_scan_reverse_string():
    return lax.scan(lambda c, x: (c + x, x), 0.0, jnp.ones(3), reverse="yes")


@mistake()
def r15_scan_unroll_zero():
    return lax.scan(lambda c, x: (c + x, x), 0.0, jnp.ones(3), unroll=0)


@mistake("lax.scan: f argument should be a callable.")
def r15_scan_body_not_callable():
    return lax.scan(None, 0.0, jnp.ones(3))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [")
def r15_while_loop_cond_returns_array():
    return lax.while_loop(lambda c: c < jnp.ones(2), lambda c: c + 1, jnp.zeros(2))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [")
def r15_while_loop_cond_returns_int():
    return lax.while_loop(lambda c: c, lambda c: c - 1, 3)


@mistake()
def r15_while_loop_body_changes_dtype():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 1.5, 0)


@mistake("missing 1 required positional argument: 'c'")
def r15_while_loop_body_two_args():
    return lax.while_loop(lambda c: c < 3, lambda i, c: c + 1, 0)


@mistake("cond branches must have equal output types but they differ.")
def r15_cond_branches_differ_dtype():
    return lax.cond(True, lambda x: x, lambda x: x.astype(jnp.int32), jnp.ones(3))


@mistake("cond branches must have equal output types but they differ.")
def r15_cond_branches_differ_shape():
    return lax.cond(True, lambda x: x, lambda x: x[:2], jnp.ones(3))


@mistake("Pred must be a scalar, got")
def r15_cond_predicate_array():
    return lax.cond(jnp.ones(3) > 0, lambda: 1.0, lambda: 0.0)


@mistake()
def r15_cond_predicate_float():
    return jax.jit(lambda p: lax.cond(p, lambda: 1.0, lambda: 0.0))(1.0)


@mistake("missing 1 required positional argument: 'x'")
def r15_cond_no_operand_but_branch_takes_one():
    return lax.cond(True, lambda x: x, lambda x: x)


@mistake("lax.cond: true_fun and false_fun arguments should be callable.")
def r15_cond_branch_not_callable():
    return lax.cond(True, 1.0, lambda: 0.0)


@mistake("Index type must be an integer, got 1.0 as float32")
def r15_switch_index_float():
    return lax.switch(1.0, [lambda: 1.0, lambda: 2.0])


@mistake("Empty branch sequence")
def r15_switch_empty_branches():
    return lax.switch(0, [])


@mistake("switch branches must have equal output types but they differ.")
def r15_switch_branches_differ():
    return lax.switch(0, [lambda x: x, lambda x: x.sum()], jnp.ones(3))


@mistake("scan got value with no leading axis to scan over: 1.0.")
def r15_map_over_scalar():
    return lax.map(jnp.sin, 1.0)


@mistake()
def r15_map_batch_size_zero():
    return lax.map(jnp.sin, jnp.ones(3), batch_size=0)


# ---------------------------------------------------------------------------------------------
# jax.random: keys of the wrong shape, dtype or kind; shapes and arguments


@mistake("JAX encountered invalid PRNG key data: expected key_data to have ndim, shape, and dtype")
def r15_random_key_is_an_int():
    return random.normal(0, (3,))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r15_random_key_float_array():
    return random.normal(jnp.zeros(2), (3,))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape=(3,)"
)
def r15_random_key_wrong_length():
    return random.normal(jnp.zeros(3, jnp.uint32), (3,))


@mistake("JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=int32")
def r15_random_key_int32_pair():
    return random.uniform(jnp.zeros(2, jnp.int32), (3,))


@mistake(
    "normal accepts a single key, but was given a key array of shape (3, 2) != (). Use jax.vmap for"
)
def r15_random_batch_of_keys_to_normal():
    return random.normal(random.split(random.PRNGKey(0), 3), (3,))


@mistake(
    "normal accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for"
)
def r15_random_batch_of_typed_keys_to_normal():
    return random.normal(random.split(random.key(0), 3), (3,))


@mistake("PRNG key seed must be an integer")
def r15_random_prngkey_of_float():
    return random.PRNGKey(1.5)


@mistake(
    "PRNGKey accepts a scalar seed, but was given an array of shape (2,) != (). Use jax.vmap for"
)
def r15_random_prngkey_of_array():
    return random.PRNGKey(jnp.arange(2))


@mistake("is not a valid JAX array type")
def r15_random_key_of_string():
    return random.key("seed")


@mistake()
def r15_random_prngkey_of_traced_seed():
    return jax.jit(random.PRNGKey)(3)


@mistake("'float' object cannot be interpreted as an integer")
def r15_random_split_num_float():
    return random.split(random.PRNGKey(0), 2.0)


@mistake()
def r15_random_fold_in_float():
    return random.fold_in(random.PRNGKey(0), 1.5)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (3.0,).")
def r15_random_normal_shape_float():
    return random.normal(random.PRNGKey(0), (3.0,))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r15_random_normal_shape_traced():
    return jax.jit(lambda n: random.normal(random.PRNGKey(0), (n,)))(3)


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r15_random_normal_int_dtype():
    return random.normal(random.PRNGKey(0), (3,), dtype=jnp.int32)


@mistake("dtype argument to `uniform` must be a float dtype, got int32")
def r15_random_uniform_int_dtype():
    return random.uniform(random.PRNGKey(0), (3,), dtype=jnp.int32)


@mistake("randint() missing 2 required positional arguments: 'minval' and 'maxval'")
def r15_random_randint_missing_bounds():
    return random.randint(random.PRNGKey(0), (3,))


@mistake("randint only accepts integer dtypes, got float32")
def r15_random_randint_float_dtype():
    return random.randint(random.PRNGKey(0), (3,), 0, 5, dtype=jnp.float32)


@mistake("Cannot take a larger sample (size 5) than population (size 3) when 'replace=False'")
def r15_random_choice_replace_false_too_many():
    return random.choice(random.PRNGKey(0), 3, (5,), replace=False)


@mistake("p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (4,) and")
def r15_random_choice_p_length():
    return random.choice(random.PRNGKey(0), 3, (2,), p=jnp.ones(4) / 4)


@mistake("a must be greater than 0 unless no samples are taken")
def r15_random_choice_of_empty():
    return random.choice(random.PRNGKey(0), jnp.zeros(0), (2,))


@mistake("x must be an integer or at least 1-dimensional")
def r15_random_permutation_of_float():
    return random.permutation(random.PRNGKey(0), 3.0)


@mistake("Incompatible shapes for broadcasting: shapes=[(4,), (")
def r15_random_categorical_shape():
    return random.categorical(random.PRNGKey(0), jnp.ones((2, 3)), shape=(4,))


@mistake("Incompatible shapes for broadcasting: shapes=[(4,), (3,)]")
def r15_random_bernoulli_p_shape():
    return random.bernoulli(random.PRNGKey(0), jnp.ones(3) * 0.5, (4,))


@mistake("mul got incompatible shapes for broadcasting: (3,), (4,).")
def r15_random_uniform_minval_shape():
    return random.uniform(random.PRNGKey(0), (3,), minval=jnp.zeros(4))


@mistake()
def r15_random_normal_shape_int_keyword():
    return random.normal(random.PRNGKey(0), shape=3)


@mistake()
def r15_random_key_data_of_raw_key():
    return random.key_data(random.PRNGKey(0))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape=(3,)"
)
def r15_random_wrap_key_data_wrong_shape():
    return random.wrap_key_data(jnp.zeros(3, jnp.uint32))


@mistake("add does not accept dtypes key<fry>, int32")
def r15_random_typed_key_arithmetic():
    return random.key(0) + 1


@mistake("Cannot interpret 'key<fry>' as a data type")
def r15_random_typed_key_to_jnp():
    return jnp.sin(random.key(0))


@mistake('unrecognized PRNG implementation "mersenne". Did you mean one of:')
def r15_random_key_impl_unknown():
    return random.key(0, impl="mersenne")


@mistake("has no attribute 'shuffle'")
def r15_random_shuffle_removed():
    return random.shuffle(random.PRNGKey(0), jnp.arange(3))


# ---------------------------------------------------------------------------------------------
# Devices, meshes, NamedSharding specs


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`")
def r15_device_put_to_int():
    return jax.device_put(jnp.ones(3), 0)


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`")
def r15_device_put_to_string():
    return jax.device_put(jnp.ones(3), "cpu:0")


@mistake("device_put device specification must be a tree prefix of the corresponding value")
def r15_device_put_to_list_of_devices():
    return jax.device_put(jnp.ones(3), jax.devices()[:2])


@mistake()
def r15_device_put_to_device():
    return jax.device_put(jnp.ones(3), jax.devices()[1])


@mistake("list index out of range")
def r15_devices_index_out_of_range():
    return jax.devices()[8]


@mistake("Unknown backend cpux. Available backends are ['cpu']")
def r15_devices_backend_typo():
    return jax.devices("cpux")


@mistake("One of device_put args is incompatible with its sharding annotation")
def r15_device_put_sharding_rank_too_big():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh2, P("x", None)))


@mistake("Resource axis: y of P('y',) is not found in mesh: ('x',).")
def r15_device_put_spec_unknown_axis():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh2, P("y")))


@mistake("Resource axis: batch of P('batch',) is not found in mesh: ('x',).")
def r15_named_sharding_spec_unknown_axis():
    return NamedSharding(mesh2, P("batch"))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r15_named_sharding_spec_axis_twice():
    return NamedSharding(mesh24, P("x", "x"))


@mistake(
    "One of pjit arguments with pytree key path x is incompatible with its sharding annotation"
)
def r15_jit_in_shardings_rank_too_big():
    s = NamedSharding(mesh2, P("x", None, None))
    return jax.jit(lambda x: x, in_shardings=s)(jnp.ones((2, 2)))


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotation"
)
def r15_jit_out_shardings_rank_too_big():
    s = NamedSharding(mesh2, P("x", None))
    return jax.jit(lambda x: x.sum(), out_shardings=s)(jnp.ones((2, 2)))


@mistake(
    "pjit in_shardings specification must be a tree prefix of the positional arguments tuple. In"
)
def r15_jit_in_shardings_count():
    s = NamedSharding(mesh2, P("x"))
    return jax.jit(lambda x, y: x + y, in_shardings=(s,))(jnp.ones(2), jnp.ones(2))


@mistake("One of with_sharding_constraint arguments is incompatible with its sharding annotation")
def r15_with_sharding_constraint_rank():
    s = NamedSharding(mesh2, P("x", None))
    return jax.jit(lambda x: lax.with_sharding_constraint(x, s))(jnp.ones(2))


@mistake("cannot reshape array of size 6 into shape (2,4)")
def r15_mesh_wrong_device_count():
    return Mesh(np.array(jax.devices()[:6]).reshape(2, 4), ("x", "y"))


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r15_mesh_names_count():
    return Mesh(np.array(jax.devices()).reshape(2, 4), ("x",))


@mistake()
def r15_mesh_names_repeated():
    return Mesh(np.array(jax.devices()).reshape(2, 4), ("x", "x"))


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r15_mesh_of_list_with_one_name_too_many():
    return Mesh(jax.devices(), ("x", "y"))


@mistake()
def r15_mesh_of_flat_device_list():
    return Mesh(jax.devices(), ("x",))


@mistake()
def r15_make_mesh_wrong_count():
    return jax.make_mesh((3, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


@mistake("Number of devices 8 must be >= the product of mesh_shape (4, 4)")
def r15_make_mesh_too_many_devices():
    return jax.make_mesh((4, 4), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r15_make_mesh_names_count():
    return jax.make_mesh((2, 4), ("x",), axis_types=(AxisType.Auto,))


@mistake(
    "Number of axis names should match the number of axis_types. Got axis_names=('x', 'y') and"
)
def r15_make_mesh_axis_types_count():
    return jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Auto,))


@mistake()
def r15_make_mesh_names_not_strings():
    return jax.make_mesh((2, 4), (0, 1), axis_types=(AxisType.Auto,) * 2)


@mistake()
def r15_partition_spec_of_int():
    return NamedSharding(mesh2, P(0))


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding input"
)
def r15_shard_map_spec_rank_too_big():
    return _smap(lambda x: x, P("x", None), P("x", None))(jnp.ones(4))


@mistake(
    "was given argument arrays with axis sizes that are not evenly divisible by the corresponding mesh"
)
def r15_shard_map_not_divisible():
    return _smap(lambda x: x, P("x"), P("x"))(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# jax.tree: mismatched structures


@mistake("pytree structure error: different pytree metadata at key path")
def r15_tree_map_dict_keys_differ():
    return jax.tree.map(lambda a, b: a + b, {"a": 1.0}, {"b": 2.0})


@mistake("pytree structure error: different lengths of list at key path")
def r15_tree_map_list_lengths_differ():
    return jax.tree.map(lambda a, b: a + b, [1.0, 2.0], [1.0])


@mistake("pytree structure error: different types at key path")
def r15_tree_map_list_vs_tuple():
    return jax.tree.map(lambda a, b: a + b, [1.0, 2.0], (1.0, 2.0))


@mistake("pytree structure error: different types at key path")
def r15_tree_map_none_vs_leaf():
    return jax.tree.map(lambda a, b: a + b, [None, 1.0], [1.0, 1.0])


@mistake()
def r15_tree_map_prefix_second_is_deeper():
    return jax.tree.map(lambda a, b: a, [1.0, 2.0], [(1.0, 2.0), 3.0])


@mistake("pytree structure error: different types at key path")
def r15_tree_map_first_is_deeper():
    return jax.tree.map(lambda a, b: a + b, [(1.0, 2.0), 3.0], [1.0, 2.0])


@mistake("'dict' object is not callable")
def r15_tree_map_function_last():
    return jax.tree.map({"a": 1.0}, lambda a: a)


@mistake("pytree structure error: different numbers of pytree children at key path")
def r15_tree_util_tree_map_dict_keys_differ():
    return jax.tree_util.tree_map(lambda a, b: a * b, {"w": 1.0, "b": 0.0}, {"w": 1.0})


@mistake("Too few leaves for PyTreeDef; expected 2, got 1")
def r15_tree_unflatten_wrong_count():
    treedef = jax.tree.structure([1.0, 2.0])
    return jax.tree.unflatten(treedef, [1.0])


@mistake("Mismatch")
def r15_tree_transpose_mismatch():
    outer = jax.tree.structure([0, 0])
    inner = jax.tree.structure((0, 0))
    return jax.tree.transpose(outer, inner, [(1.0, 2.0), (3.0,)])


@mistake("pytree structure error: different numbers of pytree children at key path")
def r15_tree_map_of_grads_vs_params_mismatch():
    params = {"w": jnp.ones(3), "b": jnp.zeros(())}
    grads = jax.grad(lambda p: p["w"].sum())({"w": jnp.ones(3)})
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)


# ---------------------------------------------------------------------------------------------
# jnp.array / asarray of ragged, object, str, None and 64-bit data


@mistake(
    "setting an array element with a sequence. The requested array has an inhomogeneous shape after"
)
def r15_array_ragged_list():
    return jnp.array([[1, 2], [3]])


@mistake(
    "setting an array element with a sequence. The requested array has an inhomogeneous shape after"
)
def r15_array_ragged_nested():
    return jnp.array([[[1, 2]], [[3, 4], [5, 6]]])


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one being")
def r15_array_list_of_arrays_ragged():
    return jnp.array([jnp.ones(2), jnp.ones(3)])


@mistake(
    "setting an array element with a sequence. The requested array has an inhomogeneous shape after"
)
def r15_asarray_ragged_list():
    return jnp.asarray([[1.0], [2.0, 3.0]])


@mistake("is not a valid JAX array type")
def r15_array_of_strings():
    return jnp.array(["a", "b"])


@mistake("is not a valid JAX array type")
def r15_array_of_string():
    return jnp.array("1.0")


@mistake("is not a valid JAX array type. Only arrays of numeric types are supported by JAX")
def r15_array_of_bytes():
    return jnp.array(b"abc")


@mistake("None is not a valid value for jnp.array")
def r15_array_of_none():
    return jnp.array(None)


@mistake("None is not a valid value for jnp.array")
def r15_array_list_with_none():
    return jnp.array([1.0, None])


@mistake("JAX only supports number, bool, and string dtypes, got dtype")
def r15_array_object_dtype():
    return jnp.array([1, 2], dtype=object)


@mistake("is not a valid JAX array type. Only arrays of numeric types are supported by JAX")
def r15_array_of_dict():
    return jnp.array({"a": 1})


@mistake("is not a valid JAX array type. Only arrays of numeric types are supported by JAX")
def r15_array_of_set():
    return jnp.array({1, 2})


@mistake()
def r15_array_of_generator_materialised():
    return jnp.array(list(i for i in range(3)))


@mistake("with dtype object is not a valid JAX array type")
def r15_array_of_generator():
    return jnp.array(i for i in range(3))


@mistake("data type 'float33' not understood")
def r15_array_dtype_str_invalid():
    return jnp.array([1, 2], dtype="float33")


@mistake("JAX only supports number, bool, and string dtypes, got dtype")
def r15_array_dtype_string_type():
    return jnp.array([1, 2], dtype=str)


@mistake("Only implemented for order='K'")
def r15_array_ndmin_negative_ok_but_order():
    return jnp.array([1, 2], order="X")


@mistake()
def r15_array_copy_false_from_list():
    return jnp.array([1, 2], copy=False)


@mistake("Python int 1099511627776 too large to convert to int32")
def r15_array_int_too_large():
    return jnp.array(2**40)


@mistake("Python integer 8589934592 out of bounds for int32")
def r15_array_list_int_too_large():
    return jnp.array([1, 2**33])


@mistake("Python integer -1 out of bounds for uint32")
def r15_array_negative_to_uint():
    return jnp.array(-1, dtype=jnp.uint32)


@mistake()
def r15_array_float64_request_truncates():
    return jnp.array([1.0], dtype=jnp.float64)


@mistake(
    "Explicitly requested dtype float64 requested in ones is not available, and will be truncated"
)
def r15_x64_float64_warning_as_error_ones():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.ones(3, dtype=jnp.float64)


@mistake(
    "Explicitly requested dtype int64 requested in array is not available, and will be truncated to"
)
def r15_x64_int64_warning_as_error_array():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.array([1, 2], dtype="int64")


@mistake("Explicitly requested dtype complex128 requested in full is not available, and will be")
def r15_x64_complex128_warning_as_error_full():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.full(3, 1.0, dtype=jnp.complex128)


@mistake("Explicitly requested dtype float64 requested in linspace is not available, and will be")
def r15_x64_float64_warning_as_error_linspace():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.linspace(0.0, 1.0, 3, dtype=np.float64)


@mistake(
    "Explicitly requested dtype float64 is not available, and will be truncated to dtype float32."
)
def r15_x64_float64_warning_as_error_random():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return random.normal(random.PRNGKey(0), (3,), dtype=jnp.float64)


@mistake(
    "Explicitly requested dtype float64 requested in eye is not available, and will be truncated to"
)
def r15_x64_float64_warning_as_error_eye():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.eye(2, dtype="float64")


@mistake("Explicitly requested dtype uint64 requested in zeros_like is not available, and will be")
def r15_x64_uint64_warning_as_error_zeros_like():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.zeros_like(jnp.ones(3), dtype=jnp.uint64)


@mistake()
def r15_numpy_float64_input_is_truncated():
    return jnp.asarray(np.ones(3, np.float64)) + 1


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one being")
def r15_array_of_tracer_list_ragged_in_jit():
    return jax.jit(lambda x: jnp.array([x, x[:2]]))(jnp.ones(3))


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one being")
def r15_array_of_mixed_list_and_tracer():
    return jax.jit(lambda x: jnp.array([x, [1.0, 2.0]]))(jnp.ones(3))


@mistake()
def r15_array_of_list_of_tracers():
    return jax.jit(lambda x: jnp.array([x, x]))(jnp.ones(3))


@mistake("data type 'flaot32' not understood")
def r15_astype_unknown_dtype():
    return jnp.ones(3).astype("flaot32")


@mistake("JAX only supports number, bool, and string dtypes, got dtype")
def r15_astype_object():
    return jnp.ones(3).astype(object)


@mistake("JAX only supports number, bool, and string dtypes, got dtype")
def r15_astype_str():
    return jnp.ones(3).astype(str)


@mistake("JAX only supports number, bool, and string dtypes, got dtype")
def r15_zeros_dtype_object():
    return jnp.zeros(3, dtype=object)


@mistake("is not a valid JAX array type. Only arrays of numeric types are supported by JAX")
def r15_full_fill_string():
    return jnp.full(3, "a")


@mistake("as an abstract array. The problematic value is of type <class 'str'>")
def r15_jnp_function_on_list_of_strings():
    return jnp.sin(["a"])


@mistake("as an abstract array. The problematic value is of type <class 'str'>")
def r15_jnp_add_string_operand():
    return jnp.add(jnp.ones(3), "1")


@mistake("sin requires ndarray or scalar arguments, got <class 'list'> at position 0")
def r15_jnp_sin_of_list_ragged():
    return jnp.sin([[1.0], [2.0, 3.0]])


@mistake("sum requires ndarray or scalar arguments, got <class 'list'> at position 0")
def r15_jnp_sin_of_python_list_arg_disallowed():
    return jnp.sum([1.0, 2.0]) + jnp.cumsum([1.0, 2.0])


@mistake("Integers cannot be raised to negative powers, got integer_pow(int32[3], -1)")
def r15_jnp_power_negative_int_exponent():
    return jnp.power(jnp.arange(3), -1)


@mistake("Integers cannot be raised to negative powers, got integer_pow(int32[2], -1)")
def r15_int_array_pow_negative():
    return jnp.arange(1, 3) ** -1


@mistake("as an abstract array. The problematic value is of type <class 'str'>")
def r15_mod_by_string():
    return jnp.mod(jnp.ones(3), "2")


@mistake(
    "and does not accept dtype float32 at position 0. Accepted dtypes at position 0 are subtypes of"
)
def r15_bitwise_on_float():
    return jnp.bitwise_and(jnp.ones(3), 1)


@mistake("not does not accept dtype float32. Accepted dtypes are subtypes of integer, bool")
def r15_invert_float():
    return ~jnp.ones(3)


@mistake(
    "shift_left does not accept dtype float32 at position 0. Accepted dtypes at position 0 are"
)
def r15_left_shift_float():
    return jnp.left_shift(jnp.ones(3), 1)


@mistake("as an abstract array. The problematic value is of type <class 'str'>")
def r15_logical_and_string():
    return jnp.logical_and(jnp.ones(3, bool), "x")
