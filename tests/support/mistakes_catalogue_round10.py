# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 10 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules): the
less-used APIs the earlier rounds covered thinly: axes out of range across jnp / nn / scipy
functions, lax primitives' arguments (slicing, gather / scatter dimension numbers, convolution
dimension numbers and group counts, reduce_window, sort, top_k, dot_general), control flow's
rarer arguments, dtype= arguments, jnp.linalg / jax.scipy / jax.nn / jax.image / jax.random
arguments, jax.tree_util, custom rules, checkpoint policies and named scopes, jit's options and
stages, jax.export's symbolic shapes, meshes and shardings, pmap / vmap options, config, the
array API and `.at[]`. The runner executes it after the earlier rounds, in the same namespace
(`mesh2`, `mesh24`, `emesh`, `_smap`, `_eput`, `_sub`, `_sym`, `_export`, ... are in scope)."""

# ---------------------------------------------------------------------------------------------
# Axis out of range across jnp / nn / scipy reductions and shape functions

x23 = np.ones((2, 3), np.float32)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_max():
    return jnp.max(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_min():
    return jnp.min(x23, axis=(0, 2))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r10_axis_prod():
    return jnp.prod(x23, axis=3)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_all():
    return jnp.all(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_nanmax():
    return jnp.nanmax(x23, axis=2)


@mistake("axis 4 is out of bounds for array of dimension 2")
def r10_axis_nansum():
    return jnp.nansum(x23, axis=4)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_nanstd():
    return jnp.nanstd(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_nanvar():
    return jnp.nanvar(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_nanprod():
    return jnp.nanprod(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_average():
    return jnp.average(x23, axis=2)


@mistake("Shape of weights must be consistent with shape of a along specified axis")
def r10_axis_average_weights_wrong_length():
    return jnp.average(x23, axis=1, weights=jnp.ones(2))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_nancumsum():
    return jnp.nancumsum(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_nancumprod():
    return jnp.nancumprod(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_cumulative_sum():
    return jnp.cumulative_sum(x23, axis=2)


@mistake("The input array has rank 2, however axis was not set to an explicit value")
def r10_axis_cumulative_sum_2d_without_axis():
    return jnp.cumulative_sum(x23)


@mistake("axis -3 is out of bounds for array of dimension 2")
def r10_axis_cumulative_prod():
    return jnp.cumulative_prod(x23, axis=-3)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_gradient():
    return jnp.gradient(x23, axis=2)


@mistake("tuple index out of range")
def r10_axis_array_split():
    return jnp.array_split(x23, 2, axis=3)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_unstack():
    return jnp.unstack(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_append():
    return jnp.append(x23, x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_argsort():
    return jnp.argsort(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_compress():
    return jnp.compress(jnp.array([True, False]), x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_diagonal():
    return jnp.diagonal(x23, axis1=0, axis2=2)


@mistake("transpose permutation isn't a permutation of operand dimensions")
def r10_axis_diagonal_same_axes():
    return jnp.diagonal(x23, axis1=1, axis2=1)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_trapezoid():
    return jnp.trapezoid(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_percentile():
    return jnp.percentile(x23, 50, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_nanpercentile():
    return jnp.nanpercentile(x23, 50, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_nanquantile():
    return jnp.nanquantile(x23, 0.5, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_nanmedian():
    return jnp.nanmedian(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_cross():
    return jnp.cross(jnp.ones((2, 3)), jnp.ones((2, 3)), axisa=2)


@mistake("tuple index out of range")
def r10_axis_linalg_cross():
    return jnp.linalg.cross(jnp.ones((2, 3)), jnp.ones((2, 3)), axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_fft_rfft():
    return jnp.fft.rfft(x23, axis=2)


@mistake("tuple index out of range")
def r10_axis_fft_hfft():
    return jnp.fft.hfft(x23, axis=-3)


@mistake("tuple index out of range")
def r10_axis_fft_fftshift():
    return jnp.fft.fftshift(x23, axes=2)


@mistake("tuple index out of range")
def r10_axis_fft_ifftshift():
    return jnp.fft.ifftshift(x23, axes=(0, 3))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_fft_rfft2():
    return jnp.fft.rfft2(x23, axes=(0, 2))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_concat():
    return jnp.concat([x23, x23], axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_logsumexp():
    return jax.scipy.special.logsumexp(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_softmax():
    return jax.nn.softmax(x23, axis=2)


@mistake("axis -3 is out of bounds for array of dimension 2")
def r10_axis_log_softmax():
    return jax.nn.log_softmax(x23, axis=-3)


@mistake("axis size must be divisible by 2")
def r10_axis_glu_odd():
    return jax.nn.glu(x23, axis=1)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_one_hot():
    return jax.nn.one_hot(jnp.arange(3), 3, axis=2)


@mistake("reduction axes (2,) contains out-of-bounds indices for float32[2,3]")
def r10_axis_lax_reduce_max():
    return lax.reduce_max(x23, axes=(2,))


@mistake("Invalid axis 2 for operand shape")
def r10_axis_lax_argmin():
    return lax.argmin(x23, axis=2, index_dtype=jnp.int32)


@mistake("axis 2 is out of bounds for array of shape")
def r10_axis_lax_cumsum():
    return lax.cumsum(x23, axis=2)


@mistake("XLA operations do not allow negative axes")
def r10_axis_lax_cumlogsumexp():
    return lax.cumlogsumexp(x23, axis=-1)


@mistake("axis 3 is out of bounds for array of shape")
def r10_axis_lax_cummin():
    return lax.cummin(x23, axis=3)


@mistake("rev dimensions must all be less than operand ndim")
def r10_axis_lax_rev():
    return lax.rev(x23, (2,))


@mistake("transpose permutation isn't a permutation of operand dimensions")
def r10_axis_lax_transpose_perm():
    return lax.transpose(x23, (0, 2))


@mistake("transpose permutation isn't a permutation of operand dimensions")
def r10_axis_lax_transpose_wrong_length():
    return lax.transpose(x23, (0,))


@mistake("concatenate dimension out of bounds")
def r10_axis_lax_concatenate_dimension():
    return lax.concatenate([x23, x23], 2)


@mistake("duplicate value in 'axes' of reduction")
def r10_axis_lax_reduce_sum_duplicate():
    return lax.reduce_sum(x23, axes=(0, 0))


@mistake("duplicate value in 'axis'")
def r10_axis_jnp_sum_duplicate():
    return jnp.sum(x23, axis=(1, -1))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_jnp_apply_over_axes():
    return jnp.apply_over_axes(jnp.sum, x23, [2])


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_flip_tuple():
    return jnp.flip(x23, axis=(0, 2))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_lexsort():
    return jnp.lexsort((x23,), axis=2)


@mistake("x must be at least two-dimensional for matrix_transpose")
def r10_axis_matrix_transpose_1d():
    return jnp.matrix_transpose(jnp.ones(3))


@mistake("axis 4 is out of bounds for array of dimension 2")
def r10_axis_scipy_special_softmax():
    return jax.scipy.special.softmax(x23, axis=4)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_scipy_stats_mode():
    return jax.scipy.stats.mode(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_scipy_stats_rankdata():
    return jax.scipy.stats.rankdata(x23, axis=2)


@mistake("tuple index out of range")
def r10_axis_scipy_signal_detrend():
    return jax.scipy.signal.detrend(x23, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_axis_nn_logsumexp():
    return jax.nn.logsumexp(x23, axis=2)


# ---------------------------------------------------------------------------------------------
# lax primitives' arguments


@mistake("clamp requires min.shape == operand.shape or min.shape ==")
def r10_lax_clamp_shapes():
    return lax.clamp(jnp.zeros(2), jnp.ones(3), jnp.ones(3))


@mistake("lax.clamp requires arguments to have the same dtypes")
def r10_lax_clamp_dtypes():
    return lax.clamp(jnp.float32(0), jnp.ones(3, jnp.int32), jnp.int32(1))


@mistake("select `which` must be boolean or integer type")
def r10_lax_select_pred_dtype():
    return lax.select(jnp.ones(3), jnp.ones(3), jnp.zeros(3))


@mistake("select cases must have the same shapes")
def r10_lax_select_shapes():
    return lax.select(jnp.ones(3, bool), jnp.ones(3), jnp.zeros(4))


@mistake("select_n() must have at least one case")
def r10_lax_select_n_no_cases():
    return lax.select_n(jnp.int32(0))


@mistake("lax.select requires arguments to have the same dtypes")
def r10_lax_select_n_dtypes():
    return lax.select_n(jnp.int32(0), jnp.ones(3), jnp.ones(3, jnp.int32))


@mistake("iota shape must have every element be nonnegative")
def r10_lax_iota_negative():
    return lax.iota(jnp.int32, -1)


@mistake("iota dimension must be between 0 and len(shape)")
def r10_lax_broadcasted_iota_dimension():
    return lax.broadcasted_iota(jnp.int32, (2, 3), 2)


@mistake("broadcast_in_dim broadcast_dimensions must have length equal to operand ndim")
def r10_lax_broadcast_in_dim_dims_length():
    return lax.broadcast_in_dim(jnp.ones(3), (2, 3), (0, 1))


@mistake(
    "broadcast_in_dim operand dimension sizes must either be 1, or be equal to their corresponding dimensions in the target broadcast shape",
)
def r10_lax_broadcast_in_dim_size():
    return lax.broadcast_in_dim(jnp.ones(3), (2, 4), (1,))


@mistake("cannot select an axis to squeeze out which has size not equal to one")
def r10_lax_squeeze_not_one():
    return lax.squeeze(x23, (1,))


@mistake("reshape dimensions must be a permutation of operand dimensions")
def r10_lax_reshape_dimensions_perm():
    return lax.reshape(x23, (3, 2), dimensions=(0,))


@mistake("length of padding_config must equal the number of axes of operand")
def r10_lax_pad_config_length():
    return lax.pad(x23, 0.0, [(1, 1, 0)])


@mistake("interior padding in padding_config must be nonnegative")
def r10_lax_pad_negative_interior():
    return lax.pad(x23, 0.0, [(0, 0, -1), (0, 0, 0)])


@mistake("pad operand and padding_value must be same dtype")
def r10_lax_pad_value_dtype():
    return lax.pad(x23, jnp.int32(0), [(0, 0, 0), (0, 0, 0)])


@mistake("padding_value must be a scalar")
def r10_lax_pad_value_not_scalar():
    return lax.pad(x23, jnp.zeros(2), [(0, 0, 0), (0, 0, 0)])


@mistake("shift_left does not accept dtype float32 at position 0")
def r10_lax_shift_left_float():
    return lax.shift_left(jnp.ones(3), jnp.ones(3))


@mistake("population_count does not accept dtype float32")
def r10_lax_population_count_float():
    return lax.population_count(jnp.ones(3))


@mistake("complex does not accept dtype int32 at position 0")
def r10_lax_complex_int():
    return lax.complex(jnp.ones(3, jnp.int32), jnp.ones(3, jnp.int32))


@mistake("complex does not accept dtype float16 at position 1")
def r10_lax_complex_dtypes_differ():
    return lax.complex(jnp.ones(3, jnp.float32), jnp.ones(3, jnp.float16))


@mistake("igamma does not accept dtype int32 at position 0")
def r10_lax_igamma_int():
    return lax.igamma(jnp.ones(3, jnp.int32), jnp.ones(3, jnp.int32))


@mistake("lax.polygamma requires arguments to have the same dtypes")
def r10_lax_polygamma_dtypes():
    return lax.polygamma(jnp.ones(3, jnp.float32), jnp.ones(3, jnp.float16))


@mistake("nextafter does not accept dtype int32 at position 0")
def r10_lax_nextafter_int():
    return lax.nextafter(jnp.ones(3, jnp.int32), jnp.ones(3, jnp.int32))


@mistake("lax.rem requires arguments to have the same dtypes")
def r10_lax_rem_dtypes():
    return lax.rem(jnp.ones(3, jnp.int32), jnp.ones(3, jnp.float32))


@mistake("atan2 does not accept dtype int32 at position 0")
def r10_lax_atan2_int():
    return lax.atan2(jnp.ones(3, jnp.int32), jnp.ones(3, jnp.int32))


@mistake("sqrt does not accept dtype int32")
def r10_lax_sqrt_int():
    return lax.sqrt(jnp.ones(3, jnp.int32))


@mistake("exp2 does not accept dtype int32")
def r10_lax_exp2_int():
    return lax.exp2(jnp.ones(3, jnp.int32))


@mistake("not does not accept dtype float32")
def r10_lax_not_float():
    return lax.bitwise_not(jnp.ones(3))


@mistake("and does not accept dtype float32 at position 0")
def r10_lax_and_float():
    return lax.bitwise_and(jnp.ones(3), jnp.ones(3))


@mistake("abs does not accept dtype bool")
def r10_lax_abs_bool():
    return lax.abs(jnp.ones(3, bool))


@mistake("sign does not accept dtype bool")
def r10_lax_sign_bool():
    return lax.sign(jnp.ones(3, bool))


@mistake("real does not accept dtype float32")
def r10_lax_real_of_float():
    return lax.real(jnp.ones(3))


@mistake("conj does not accept dtype int32")
def r10_lax_conj_int():
    return lax.conj(jnp.ones(3, jnp.int32))


@mistake("Integers cannot be raised to negative powers")
def r10_lax_integer_pow_negative_int():
    return jax.jit(lambda x: lax.integer_pow(x, -2))(jnp.ones(3, jnp.int32))


@mistake("reduce_precision: exponent_bits must be positive")
def r10_lax_reduce_precision_bits():
    return lax.reduce_precision(jnp.ones(3), exponent_bits=0, mantissa_bits=2)


@mistake("reduce_precision does not accept dtype int32")
def r10_lax_reduce_precision_int():
    return lax.reduce_precision(jnp.ones(3, jnp.int32), exponent_bits=5, mantissa_bits=2)


@mistake(
    "lax.bitcast_convert_type does not support bool or complex values unless the operand and destination types match",
)
def r10_lax_bitcast_convert_bool():
    return lax.bitcast_convert_type(jnp.ones(3, jnp.float32), jnp.bool_)


@mistake("Attempting to convert array of shape")
def r10_lax_bitcast_convert_shape():
    return lax.bitcast_convert_type(jnp.ones((3, 3), jnp.int8), jnp.int32)


@mistake("Length of slice indices must match number of operand dimensions")
def r10_lax_dynamic_slice_indices_length():
    return lax.dynamic_slice(x23, (0,), (1, 1))


@mistake("slice slice_sizes must be less than or equal to operand shape")
def r10_lax_dynamic_slice_size_too_big():
    return lax.dynamic_slice(x23, (0, 0), (3, 1))


@mistake("dynamic_update_slice update must have the same rank as operand")
def r10_lax_dynamic_update_slice_rank():
    return lax.dynamic_update_slice(x23, jnp.ones(2), (0, 0))


@mistake("dynamic_update_slice update shape must be smaller than operand shape")
def r10_lax_dynamic_update_slice_too_big():
    return lax.dynamic_update_slice(x23, jnp.ones((3, 3)), (0, 0))


@mistake("lax.dynamic_update_slice requires arguments to have the same dtypes")
def r10_lax_dynamic_update_slice_dtype():
    return lax.dynamic_update_slice(x23, jnp.ones((1, 1), jnp.int32), (0, 0))


@mistake("slice strides must have length equal to the number of dimensions of the operand")
def r10_lax_slice_strides_length():
    return lax.slice(x23, (0, 0), (1, 1), (1,))


@mistake("index 5 is out of bounds for axis 0 with size 2")
def r10_lax_index_in_dim_out_of_range():
    return lax.index_in_dim(x23, 5, axis=0)


def _gather_dn(start_index_map=(0,)):
    return lax.GatherDimensionNumbers(
        offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=start_index_map
    )


def _scatter_dn():
    return lax.ScatterDimensionNumbers(
        update_window_dims=(1,), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)
    )


@mistake("'tuple' object has no attribute 'offset_dims'")
def r10_lax_gather_dnums_type():
    return lax.gather(x23, jnp.zeros((1, 1), jnp.int32), ((1,), (0,), (0,)), (1, 3))


@mistake("Gather op must have one slice size for every input dimension")
def r10_lax_gather_slice_sizes_length():
    dn = _gather_dn()
    return lax.gather(x23, jnp.zeros((1, 1), jnp.int32), dn, (1,))


@mistake("Gather op can only collapse slice dims with bound 1")
def r10_lax_gather_collapsed_not_one():
    dn = _gather_dn()
    return lax.gather(x23, jnp.zeros((1, 1), jnp.int32), dn, (2, 3))


@mistake(
    "Gather op has 2 elements in start_index_map and the bound of dimension index_vector_dim=1 of indices is 1",
)
def r10_lax_gather_start_index_map_length():
    dn = _gather_dn((0, 1))
    return lax.gather(x23, jnp.zeros((1, 1), jnp.int32), dn, (1, 3))


@mistake("indices must have an integer type")
def r10_lax_gather_float_indices():
    dn = _gather_dn()
    return lax.gather(x23, jnp.zeros((1, 1)), dn, (1, 3))


@mistake("Slice size at index 1 in gather op is out of range, must be within [0, 3 + 1)")
def r10_lax_gather_slice_too_big():
    dn = _gather_dn()
    return lax.gather(x23, jnp.zeros((1, 1), jnp.int32), dn, (1, 4))


@mistake('Unknown gather mode "wrap"')
def r10_lax_gather_bad_mode():
    dn = _gather_dn()
    return lax.gather(x23, jnp.zeros((1, 1), jnp.int32), dn, (1, 3), mode="wrap")


@mistake("'tuple' object has no attribute 'update_window_dims'")
def r10_lax_scatter_dnums_type():
    return lax.scatter(x23, jnp.zeros((1, 1), jnp.int32), jnp.ones((1, 3)), ((1,), (0,), (0,)))


@mistake(
    "Bounds of the window dimensions of updates must not exceed the bounds of the corresponding dimensions of operand",
)
def r10_lax_scatter_updates_shape():
    dn = _scatter_dn()
    return lax.scatter(x23, jnp.zeros((1, 1), jnp.int32), jnp.ones((1, 4)), dn)


@mistake("lax.scatter requires arguments to have the same dtypes")
def r10_lax_scatter_add_dtype():
    dn = _scatter_dn()
    return lax.scatter_add(x23, jnp.zeros((1, 1), jnp.int32), jnp.ones((1, 3), jnp.int32), dn)


@mistake("indices must have an integer type")
def r10_lax_scatter_float_indices():
    dn = _scatter_dn()
    return lax.scatter(x23, jnp.zeros((1, 1)), jnp.ones((1, 3)), dn)


@mistake("inserted_window_dims in scatter op must be sorted")
def r10_lax_scatter_inserted_dims_unsorted():
    dn = lax.ScatterDimensionNumbers(
        update_window_dims=(), inserted_window_dims=(1, 0), scatter_dims_to_operand_dims=(0, 1)
    )
    return lax.scatter(x23, jnp.zeros((1, 2), jnp.int32), jnp.ones((1,)), dn)


@mistake(
    "dot_general requires lhs batch dimensions and rhs batch dimensions to have the same shape",
)
def r10_lax_dot_general_batch_dims_mismatch():
    return lax.dot_general(jnp.ones((2, 3, 4)), jnp.ones((3, 4, 5)), (((2,), (1,)), ((0,), (0,))))


@mistake(
    "dot_general requires lhs dimension numbers to be nonnegative and less than the number of axes of the lhs value",
)
def r10_lax_dot_general_dim_out_of_range():
    return lax.dot_general(jnp.ones((2, 3)), jnp.ones((3, 4)), (((2,), (0,)), ((), ())))


@mistake("dot_general requires lhs contracting dimensions to be distinct")
def r10_lax_dot_general_repeated_dim():
    return lax.dot_general(jnp.ones((3, 3)), jnp.ones((3, 3)), (((0, 0), (0, 1)), ((), ())))


@mistake("dot_general requires contracting dimensions to have the same shape")
def r10_lax_dot_general_contract_count_differs():
    return lax.dot_general(jnp.ones((3, 3)), jnp.ones((3, 3)), (((0, 1), (0,)), ((), ())))


@mistake("dot_general requires equal numbers of lhs_batch and rhs_batch dimensions")
def r10_lax_dot_general_batch_count_differs():
    return lax.dot_general(jnp.ones((2, 3)), jnp.ones((2, 3)), (((1,), (1,)), ((0,), ())))


@mistake("Precision argument must be one of")
def r10_lax_dot_general_precision_string():
    return lax.dot_general(x23, x23.T, (((1,), (0,)), ((), ())), precision="extreme")


@mistake(
    "jax.lax.dot: dimension_numbers must be specified when not performing simple un-batched matrix-matrix, matrix-vector, or vector-vector products",
)
def r10_lax_dot_dims_mismatch():
    return lax.dot(jnp.ones((2, 3)), jnp.ones((2, 3)))


@mistake("Precision argument must be one of")
def r10_jnp_dot_precision_bad():
    return jnp.dot(x23, x23.T, precision="max")


def _conv10(lhs=(1, 2, 5, 5), rhs=(3, 2, 3, 3), strides=(1, 1), padding="SAME", **kw):
    return lax.conv_general_dilated(jnp.ones(lhs), jnp.ones(rhs), strides, padding, **kw)


@mistake("convolution dimension_numbers[0] must have len equal to the ndim of lhs and rhs")
def r10_lax_conv_dimension_numbers_string_length():
    return _conv10(dimension_numbers=("NCH", "OIHW", "NCHW"))


@mistake("convolution dimension_numbers[0] cannot have duplicate characters")
def r10_lax_conv_dimension_numbers_repeated():
    return _conv10(dimension_numbers=("NCHH", "OIHW", "NCHW"))


@mistake(
    "convolution dimension_numbers elements must each have the same set of spatial characters",
)
def r10_lax_conv_dimension_numbers_mismatch_letters():
    return _conv10(dimension_numbers=("NCHW", "OIHW", "NCWX"))


@mistake(
    "conv_general_dilated rhs output feature dimension size must be a multiple of feature_group_count",
)
def r10_lax_conv_feature_group_not_dividing():
    return _conv10((1, 4, 5, 5), feature_group_count=2)


@mistake("conv_general_dilated feature_group_count must be a positive integer")
def r10_lax_conv_feature_group_zero():
    return _conv10((1, 4, 5, 5), (4, 2, 3, 3), feature_group_count=0)


@mistake("conv_general_dilated batch_group_count must divide lhs batch dimension size")
def r10_lax_conv_batch_group_not_dividing():
    return _conv10((3, 2, 5, 5), (4, 2, 3, 3), batch_group_count=2)


@mistake("At most one of batch_group_count and feature_group_count may be > 1")
def r10_lax_conv_both_group_counts():
    return _conv10((2, 4, 5, 5), (4, 2, 3, 3), feature_group_count=2, batch_group_count=2)


@mistake(
    "conv_general_dilated window and window_strides must have the same number of dimensions",
)
def r10_lax_conv_strides_length():
    return _conv10(strides=(1,))


@mistake("Unrecognized padding type")
def r10_lax_conv_padding_string():
    return _conv10(padding="FULL")


@mistake("Wrong number of explicit pads for convolution")
def r10_lax_conv_padding_pairs_length():
    return _conv10(padding=[(1, 1)])


@mistake("convolution requires lhs and rhs ndim to be equal")
def r10_lax_conv_rank_mismatch():
    return _conv10(rhs=(3, 2, 3))


@mistake(
    "conv_general_dilated lhs feature dimension size divided by feature_group_count must equal the rhs input feature dimension size",
)
def r10_lax_conv_in_channels_mismatch():
    return lax.conv(jnp.ones((1, 2, 5, 5)), jnp.ones((3, 4, 3, 3)), (1, 1), "SAME")


@mistake("convolution dimension_numbers list/tuple must be length 3")
def r10_lax_conv_transpose_dimension_numbers():
    return lax.conv_transpose(
        jnp.ones((1, 5, 5, 2)),
        jnp.ones((3, 3, 2, 4)),
        (1, 1),
        "SAME",
        dimension_numbers=("NHWC", "HWIO"),
    )


@mistake("Unrecognized padding type")
def r10_lax_conv_transpose_padding():
    return lax.conv_transpose(
        jnp.ones((1, 5, 5, 2)),
        jnp.ones((3, 3, 2, 4)),
        (1, 1),
        "CIRCULAR",
        dimension_numbers=("NHWC", "HWIO", "NHWC"),
    )


@mistake(
    "conv_general_dilated window and window_strides must have the same number of dimensions",
)
def r10_lax_conv_with_general_padding_strides():
    return lax.conv_with_general_padding(
        jnp.ones((1, 2, 5, 5)), jnp.ones((3, 2, 3, 3)), (1,), [(0, 0), (0, 0)], None, None
    )


@mistake("convolve() only support 1-dimensional inputs")
def r10_jnp_convolve_2d():
    return jnp.convolve(jnp.ones((2, 2)), jnp.ones(2))


@mistake("mode must be one of ['full', 'same', 'valid']")
def r10_jnp_convolve_mode():
    return jnp.convolve(jnp.ones(4), jnp.ones(2), mode="circular")


@mistake("correlate: inputs cannot be empty")
def r10_jnp_correlate_empty():
    return jnp.correlate(jnp.ones(4), jnp.ones(0))


@mistake("reduce_window got the wrong number of window_dimensions for operand")
def r10_lax_reduce_window_dims_length():
    return lax.reduce_window(x23, 0.0, lax.add, (2,), (1, 1), "VALID")


@mistake("Unrecognized padding type")
def r10_lax_reduce_window_padding_string():
    return lax.reduce_window(x23, 0.0, lax.add, (1, 1), (1, 1), "FULL")


@mistake("reduce_window got inconsistent window_strides and window_dimensions")
def r10_lax_reduce_window_strides_length():
    return lax.reduce_window(x23, 0.0, lax.add, (1, 1), (1,), "VALID")


@mistake("reduce_window window_dimensions must have every element be strictly positive")
def r10_lax_reduce_window_zero_window():
    return lax.reduce_window(x23, 0.0, lax.add, (0, 1), (1, 1), "VALID")


@mistake("reduce_window got inconsistent base_dilation and window_dimensions")
def r10_lax_reduce_window_base_dilation_length():
    return lax.reduce_window(x23, 0.0, lax.add, (1, 1), (1, 1), "VALID", base_dilation=(1,))


@mistake("Operands must have the same tree structure as init_values")
def r10_lax_reduce_operands_inits_count():
    return lax.reduce((x23, x23), (0.0,), lambda a, b: a, (0,))


@mistake("reduction axes (2,) contains out-of-bounds indices for float32[2,3]")
def r10_lax_reduce_dims_out_of_range():
    return lax.reduce(x23, 0.0, lax.add, (2,))


@mistake("num_keys=0 must be between 1 and len(operand)=2")
def r10_lax_sort_num_keys_zero():
    return lax.sort((jnp.ones(3), jnp.ones(3)), num_keys=0)


@mistake("num_keys=3 must be between 1 and len(operand)=2")
def r10_lax_sort_num_keys_too_many():
    return lax.sort((jnp.ones(3), jnp.ones(3)), num_keys=3)


@mistake("Arguments to sort must have equal shapes")
def r10_lax_sort_shapes_differ():
    return lax.sort((jnp.ones(3), jnp.ones(4)), num_keys=1)


@mistake("Arguments to sort must have equal shapes")
def r10_lax_sort_key_val_shapes():
    return lax.sort_key_val(jnp.ones(3), jnp.ones(4))


@mistake("k argument to top_k must be nonnegative")
def r10_lax_top_k_k_negative():
    return lax.top_k(jnp.ones(5), -1)


@mistake("k argument to top_k must be no larger than size along axis")
def r10_lax_top_k_k_too_big():
    return lax.top_k(jnp.ones(5), 6)


@mistake("axis -1 is out of bounds for array of dimension 0")
def r10_lax_top_k_scalar():
    return lax.top_k(jnp.float32(1), 1)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r10_lax_top_k_float_k():
    return lax.top_k(jnp.ones(5), 2.5)


@mistake("k must be smaller than the size of reduction_dim 5")
def r10_lax_approx_max_k_k_too_big():
    return lax.approx_max_k(jnp.ones(5), 6)


@mistake("index_dtype must be an integer type")
def r10_lax_argmax_index_dtype_float():
    return lax.argmax(jnp.ones(3), 0, jnp.float32)


@mistake("Sum of sizes 5 must be equal to dimension 0 of the operand shape [6]")
def r10_lax_split_sizes_sum():
    return lax.split(jnp.ones(6), (2, 3))


@mistake("Sizes passed to split must be nonnegative")
def r10_lax_split_negative():
    return lax.split(jnp.ones(6), (7, -1))


@mistake("repeated axis in lax.expand_dims")
def r10_lax_expand_dims_duplicate():
    return lax.expand_dims(jnp.ones(3), (0, 0))


@mistake("broadcast_in_dim shape must have every element be nonnegative")
def r10_lax_full_negative_shape():
    return lax.full((-1, 2), 0.0)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r10_lax_full_like_shape_string():
    return lax.full_like(x23, 0.0, shape="2")


@mistake("data type 'floot32' not understood")
def r10_lax_convert_element_type_string():
    return lax.convert_element_type(x23, "floot32")


# ---------------------------------------------------------------------------------------------
# Control flow: associative_scan, map, switch, cond, scan, while, fori


@mistake("Array inputs to associative_scan must have the same first dimension")
def r10_associative_scan_leaves_lengths():
    return lax.associative_scan(lambda a, b: (a[0] + b[0], a[1] + b[1]), (jnp.ones(3), jnp.ones(4)))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_associative_scan_axis_out_of_range():
    return lax.associative_scan(jnp.add, x23, axis=2)


@mistake("Too many leaves for PyTreeDef; expected 1")
def r10_associative_scan_fn_changes_structure():
    return lax.associative_scan(lambda a, b: (a, b), jnp.ones(4))


@mistake("axis 0 is out of bounds for array of dimension 0")
def r10_associative_scan_scalar():
    return lax.associative_scan(jnp.add, jnp.float32(1))


@mistake("'float' object cannot be interpreted as an integer")
def r10_lax_map_batch_size_float():
    return lax.map(jnp.sin, jnp.ones(4), batch_size=2.0)


@mistake("scan got values with different leading axis sizes")
def r10_lax_map_leaves_lengths():
    return lax.map(lambda ab: ab[0] + ab[1], (jnp.ones(3), jnp.ones(4)))


@mistake("Index type must be an integer")
def r10_lax_switch_float_index():
    return lax.switch(1.0, [jnp.sin, jnp.cos], 1.0)


@mistake("Branch index must be scalar")
def r10_lax_switch_array_index():
    return lax.switch(jnp.array([0, 1]), [jnp.sin, jnp.cos], 1.0)


@mistake("lax.switch: branches argument should be a sequence of callables")
def r10_lax_switch_branch_not_callable():
    return lax.switch(0, [jnp.sin, 3], 1.0)


@mistake("lax.switch: branches argument should be a sequence of callables")
def r10_lax_switch_branches_dict():
    return lax.switch(0, {"a": jnp.sin}, 1.0)


@mistake("switch branch outputs must have the same pytree structure")
def r10_lax_switch_branch_output_pytree():
    return lax.switch(0, [lambda x: x, lambda x: (x, x)], 1.0)


@mistake("switch branches must have equal output types but they differ")
def r10_lax_switch_branch_output_shape():
    return lax.switch(0, [lambda x: x, lambda x: jnp.stack([x, x])], 1.0)


@mistake(
    "r10_lax_switch_branch_arity.<locals>.<lambda>() missing 1 required positional argument",
)
def r10_lax_switch_branch_arity():
    return lax.switch(0, [lambda x: x, lambda x, y: x], 1.0)


@mistake(
    "r10_lax_cond_operands_pytree_wrong_arity.<locals>.<lambda>() missing 1 required positional argument",
)
def r10_lax_cond_operands_pytree_wrong_arity():
    return lax.cond(True, lambda x, y: x, lambda x, y: y, (1.0, 2.0))


@mistake("cond branches must have equal output types but they differ")
def r10_lax_cond_branch_output_dtype():
    return lax.cond(True, lambda x: x, lambda x: x.astype(jnp.int32), jnp.ones(2))


@mistake("Pred must be a scalar, got yes of type <class 'str'>")
def r10_lax_cond_pred_string():
    return lax.cond("yes", lambda: 1.0, lambda: 2.0)


@mistake("Pred type must be either boolean or number")
def r10_lax_cond_pred_complex():
    return lax.cond(jnp.complex64(1), lambda: 1.0, lambda: 2.0)


@mistake("lax.cond: true_fun and false_fun arguments should be callable")
def r10_lax_cond_true_fun_not_callable():
    return lax.cond(True, 1.0, lambda: 2.0)


@mistake("cond() missing 1 required positional argument")
def r10_lax_cond_no_false_fun():
    return lax.cond(True, lambda: 1.0)


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3]")
def r10_lax_scan_length_mismatch_arg():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), length=4)


@mistake("`unroll` must be a `bool` or a non-negative `int`")
def r10_lax_scan_unroll_zero():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), unroll=-1)


@mistake("scan body output must be a pair")
def r10_lax_scan_f_returns_triple():
    return lax.scan(lambda c, x: (c, x, x), 0.0, jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure",
)
def r10_lax_scan_carry_dict_keys_change():
    return lax.scan(lambda c, x: ({"b": c["a"]}, x), {"a": 0.0}, jnp.ones(3))


@mistake("scan got values with different leading axis sizes")
def r10_lax_scan_xs_dict_lengths():
    return lax.scan(lambda c, x: (c, x["a"]), 0.0, {"a": jnp.ones(3), "b": jnp.ones(2)})


@mistake("cond_fun must return a boolean scalar")
def r10_lax_while_cond_returns_array():
    return lax.while_loop(lambda c: jnp.array([True, False]), lambda c: c, 0.0)


@mistake("cond_fun must return a boolean scalar")
def r10_lax_while_cond_returns_int():
    return lax.while_loop(lambda c: jnp.int32(0), lambda c: c, 0.0)


@mistake(
    "r10_lax_while_body_arity.<locals>.<lambda>() missing 1 required positional argument",
)
def r10_lax_while_body_arity():
    return lax.while_loop(lambda c: False, lambda c, d: c, 0.0)


@mistake("lax.while_loop: body_fun and cond_fun arguments should be callable")
def r10_lax_while_body_not_callable():
    return lax.while_loop(lambda c: False, None, 0.0)


@mistake(
    "r10_lax_fori_body_one_arg.<locals>.<lambda>() takes 1 positional argument but 2 were given",
)
def r10_lax_fori_body_one_arg():
    return lax.fori_loop(0, 3, lambda c: c, 0.0)


@mistake(
    "scan body function carry input and carry output must have the same pytree structure",
)
def r10_lax_fori_body_returns_pair():
    return lax.fori_loop(0, 3, lambda i, c: (c, i), 0.0)


@mistake("cond_fun must return a boolean scalar")
def r10_lax_fori_bounds_arrays():
    return lax.fori_loop(jnp.zeros(2, jnp.int32), 3, lambda i, c: c, 0.0)


@mistake("Can only use `unroll` in `fori_loop` if the loop bounds are statically known")
def r10_lax_fori_unroll_traced_bounds():
    return jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c, 0.0, unroll=2))(3)


# ---------------------------------------------------------------------------------------------
# jnp functions: dtype= arguments, linalg on integer / wrong rank inputs


@mistake("data type 'floaty' not understood")
def r10_dtype_zeros_string():
    return jnp.zeros(3, dtype="floaty")


@mistake("JAX only supports number, bool, and string dtypes")
def r10_dtype_arange_object():
    return jnp.arange(3, dtype=object)


@mistake("JAX only supports number, bool, and string dtypes")
def r10_dtype_full_str_type():
    return jnp.full(3, 1, dtype=str)


@mistake("data type 'matrix' not understood")
def r10_dtype_eye_string():
    return jnp.eye(3, dtype="matrix")


@mistake("data type 'total' not understood")
def r10_dtype_sum_string():
    return jnp.sum(x23, dtype="total")


@mistake("JAX only supports number, bool, and string dtypes")
def r10_dtype_mean_object():
    return jnp.mean(x23, dtype=object)


@mistake("data type 'run' not understood")
def r10_dtype_cumsum_string():
    return jnp.cumsum(x23, dtype="run")


@mistake("data type 'float33' not understood")
def r10_dtype_astype_string():
    return jnp.ones(3).astype("float33")


@mistake("sharding='gpu:0' must be an instance of jax.sharding.Sharding")
def r10_dtype_astype_device_string():
    return jnp.astype(jnp.ones(3), jnp.int32, device="gpu:0")


@mistake("Value 'abc' with dtype <U3 is not a valid JAX array type")
def r10_dtype_array_complex_dtype_of_string():
    return jnp.array("abc")


@mistake("data type 'empty' not understood")
def r10_dtype_empty_like_dtype():
    return jnp.empty_like(x23, dtype="empty")


@mistake("Invalid integer data type 'f'")
def r10_dtype_iinfo_float():
    return jnp.iinfo(jnp.float32)


@mistake("data type <class 'numpy.int32'> not inexact")
def r10_dtype_finfo_int():
    return jnp.finfo(jnp.int32)


@mistake("data type 'floot' not understood")
def r10_dtype_issubdtype_string():
    return jnp.issubdtype("floot", jnp.floating)


@mistake("data type 'nothing' not understood")
def r10_dtype_result_type_string():
    return jnp.result_type("nothing", jnp.float32)


@mistake("data type 'f99' not understood")
def r10_dtype_promote_types_string():
    return jnp.promote_types("f99", jnp.float32)


@mistake("casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe'")
def r10_dtype_can_cast_casting():
    return jnp.can_cast(jnp.float32, jnp.int32, casting="maybe")


@mistake("buffer size must be a multiple of element size")
def r10_dtype_frombuffer_size():
    return jnp.frombuffer(b"abc", dtype=jnp.float32)


@mistake("Argument to inv must have shape [..., n, n]")
def r10_linalg_inv_1d():
    return jnp.linalg.inv(jnp.ones(3))


@mistake("Argument to inv must have shape [..., n, n]")
def r10_linalg_inv_non_square():
    return jnp.linalg.inv(x23)


@mistake("Argument to _det() must have shape [..., n, n]")
def r10_linalg_det_1d():
    return jnp.linalg.det(jnp.ones(3))


@mistake("Argument to _det() must have shape [..., n, n]")
def r10_linalg_det_non_square():
    return jnp.linalg.det(x23)


@mistake("Argument to slogdet() must have shape [..., n, n]")
def r10_linalg_slogdet_non_square():
    return jnp.linalg.slogdet(x23)


@mistake("Unknown slogdet method 'qr2'")
def r10_linalg_slogdet_method():
    return jnp.linalg.slogdet(jnp.eye(2), method="qr2")


@mistake("UPLO must be one of None, 'L', or 'U'")
def r10_linalg_eigh_uplo():
    return jnp.linalg.eigh(jnp.eye(2), UPLO="X")


@mistake("Input 0 to svd must have rank at least 2")
def r10_linalg_svd_1d():
    return jnp.linalg.svd(jnp.ones(3))


@mistake("Unsupported QR decomposition mode 'thin'")
def r10_linalg_qr_mode():
    return jnp.linalg.qr(x23, mode="thin")


@mistake("Input 0 to qr must have rank at least 2")
def r10_linalg_qr_1d():
    return jnp.linalg.qr(jnp.ones(3))


@mistake("inconsistent size for core dimension 'm'")
def r10_linalg_solve_shapes():
    return jnp.linalg.solve(jnp.eye(3), jnp.ones(2))


@mistake("inconsistent size for core dimension 'm'")
def r10_linalg_solve_non_square():
    return jnp.linalg.solve(x23, jnp.ones(2))


@mistake("Leading dimensions of input arrays must match")
def r10_linalg_lstsq_rows():
    return jnp.linalg.lstsq(x23, jnp.ones(3))


@mistake("3-dimensional array given")
def r10_linalg_lstsq_3d():
    return jnp.linalg.lstsq(jnp.ones((2, 2, 2)), jnp.ones(2))


@mistake("exponent must be an integer")
def r10_linalg_matrix_power_float_n():
    return jnp.linalg.matrix_power(jnp.eye(2), 1.5)


@mistake("Last 2 dimensions of the array must be square")
def r10_linalg_matrix_power_non_square():
    return jnp.linalg.matrix_power(x23, 2)


@mistake("Invalid order 'spectral' for matrix norm")
def r10_linalg_norm_ord_string():
    return jnp.linalg.norm(x23, ord="spectral")


@mistake("Invalid order 'fro' for vector norm")
def r10_linalg_norm_vector_ord_fro():
    return jnp.linalg.norm(jnp.ones(3), ord="fro")


@mistake("Improper number of axes for norm")
def r10_linalg_norm_3d_no_axis():
    return jnp.linalg.norm(jnp.ones((2, 2, 2)), ord=2)


@mistake("axis -2 is out of bounds for array of dimension 1")
def r10_linalg_matrix_norm_1d():
    return jnp.linalg.matrix_norm(jnp.ones(3))


@mistake("Invalid order 'nuc' for vector norm")
def r10_linalg_vector_norm_ord_string():
    return jnp.linalg.vector_norm(jnp.ones(3), ord="nuc")


@mistake("The input to eig must be a square matrix")
def r10_linalg_eig_non_square():
    return jnp.linalg.eig(x23)


@mistake("Input arrays must have prod(a.shape[:b.ndim]) == prod(a.shape[b.ndim:])")
def r10_linalg_tensorsolve_shapes():
    return jnp.linalg.tensorsolve(jnp.ones((2, 3)), jnp.ones(2))


@mistake(
    "tensorinv is only possible when the product of the first `ind` dimensions equals that of the remaining dimensions",
)
def r10_linalg_tensorinv_ind():
    return jnp.linalg.tensorinv(jnp.ones((2, 3)), ind=1)


@mistake(
    "multi_dot: input arrays must all be two-dimensional, except for the first and last array which may be 1 or 2 dimensional",
)
def r10_linalg_multi_dot_3d():
    return jnp.linalg.multi_dot([jnp.ones((2, 2)), jnp.ones((2, 2, 2))])


@mistake("Input arrays must be one-dimensional")
def r10_linalg_outer_2d():
    return jnp.linalg.outer(x23, x23)


@mistake("Input 0 to svd must have rank at least 2")
def r10_linalg_svdvals_1d():
    return jnp.linalg.svdvals(jnp.ones(3))


@mistake("Invalid order 'bad' for matrix norm")
def r10_linalg_cond_p_bad():
    return jnp.linalg.cond(jnp.eye(2), p="bad")


@mistake("diagonal requires an array of at least two dimensions")
def r10_linalg_diagonal_1d():
    return jnp.linalg.diagonal(jnp.ones(3))


@mistake("Input 0 to lu must have rank at least 2")
def r10_scipy_linalg_lu_factor_1d():
    return jax.scipy.linalg.lu_factor(jnp.ones(3))


@mistake("inconsistent size for core dimension 'n'")
def r10_scipy_linalg_solve_triangular_shapes():
    return jax.scipy.linalg.solve_triangular(jnp.eye(3), jnp.ones(2))


@mistake("Invalid 'trans' value 3")
def r10_scipy_linalg_solve_triangular_trans():
    return jax.scipy.linalg.solve_triangular(jnp.eye(2), jnp.ones(2), trans=3)


@mistake("inconsistent size for core dimension 'n'")
def r10_scipy_linalg_cho_solve_shapes():
    return jax.scipy.linalg.cho_solve((jnp.eye(3), False), jnp.ones(2))


@mistake("Expected A to be a (batched) square matrix")
def r10_scipy_linalg_expm_non_square():
    return jax.scipy.linalg.expm(x23)


@mistake("scipy.linalg.block_diag must have at most 2 dimensions")
def r10_scipy_linalg_block_diag_3d():
    return jax.scipy.linalg.block_diag(jnp.ones((2, 2, 2)))


@mistake("Expected 'output' to be either 'real' or 'complex'")
def r10_scipy_linalg_schur_output():
    return jax.scipy.linalg.schur(jnp.eye(2), output="quaternion")


@mistake("The input to schur must be a square matrix")
def r10_scipy_linalg_sqrtm_non_square():
    return jax.scipy.linalg.sqrtm(x23)


@mistake("The argument `side` must be either 'right' or 'left'")
def r10_scipy_linalg_polar_side():
    return jax.scipy.linalg.polar(jnp.eye(2), side="top")


@mistake("Argument to Hessenberg reduction must have shape [..., n, n]")
def r10_scipy_linalg_hessenberg_non_square():
    return jax.scipy.linalg.hessenberg(x23)


@mistake("expected square array_like input")
def r10_scipy_linalg_funm_non_square():
    return jax.scipy.linalg.funm(x23, jnp.exp)


# ---------------------------------------------------------------------------------------------
# jax.scipy / jax.nn / jax.image


@mistake("lgamma does not accept dtype complex64")
def r10_scipy_special_gammaln_complex():
    return jax.scipy.special.gammaln(jnp.ones(3, jnp.complex64))


@mistake("index is out of bounds for axis 0 with size 0")
def r10_scipy_special_sph_harm_n_max():
    return jax.scipy.special.sph_harm_y(
        jnp.array([1]), jnp.array([1]), jnp.ones(1), jnp.ones(1), n_max=-1
    )


@mistake("Computations for m!=n are not yet supported")
def r10_scipy_special_lpmn_n_negative():
    return jax.scipy.special.lpmn(2, -1, jnp.ones(3))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r10_scipy_special_bernoulli_traced():
    return jax.jit(jax.scipy.special.bernoulli)(3)


@mistake("Incompatible shapes for broadcasting")
def r10_scipy_special_logsumexp_b_shape():
    return jax.scipy.special.logsumexp(jnp.ones(3), b=jnp.ones(4))


@mistake("multivariate_normal.logpdf got incompatible shapes")
def r10_scipy_stats_multivariate_normal_cov_shape():
    return jax.scipy.stats.multivariate_normal.logpdf(jnp.ones(3), jnp.zeros(3), jnp.eye(2))


@mistake("`weights` input should be of length n")
def r10_scipy_stats_gaussian_kde_1d_weights():
    return jax.scipy.stats.gaussian_kde(jnp.ones(3), weights=jnp.ones(4))


@mistake("`bw_method` should be 'scott', 'silverman', a scalar, or a callable")
def r10_scipy_stats_gaussian_kde_bw():
    return jax.scipy.stats.gaussian_kde(jnp.arange(3.0), bw_method="wide")


@mistake("`alpha` must be one-dimensional")
def r10_scipy_stats_dirichlet_alpha_rank():
    return jax.scipy.stats.dirichlet.logpdf(jnp.ones(3) / 3, jnp.ones((3, 3)))


@mistake("unknown method 'fancy'")
def r10_scipy_stats_rankdata_method():
    return jax.scipy.stats.rankdata(jnp.ones(3), method="fancy")


@mistake("mode must be one of ['full', 'same', 'valid']")
def r10_scipy_signal_convolve_mode():
    return jax.scipy.signal.convolve(jnp.ones(4), jnp.ones(2), mode="circular")


@mistake("in1 and in2 must have the same number of dimensions")
def r10_scipy_signal_convolve_ranks():
    return jax.scipy.signal.convolve(jnp.ones(4), jnp.ones((2, 2)))


@mistake("convolve2d() only supports 2-dimensional inputs")
def r10_scipy_signal_convolve2d_1d():
    return jax.scipy.signal.convolve2d(jnp.ones(4), jnp.ones(2))


@mistake("convolve2d() only supports boundary='fill', fillvalue=0")
def r10_scipy_signal_convolve2d_boundary():
    return jax.scipy.signal.convolve2d(jnp.ones((3, 3)), jnp.ones((2, 2)), boundary="wrap")


@mistake("Got method='magic'; expected 'auto', 'fft', or 'direct'")
def r10_scipy_signal_correlate_method():
    return jax.scipy.signal.correlate(jnp.ones(4), jnp.ones(2), method="magic")


@mistake("axis 1 is out of bounds for array of dimension 1")
def r10_scipy_signal_fftconvolve_axes():
    return jax.scipy.signal.fftconvolve(jnp.ones(4), jnp.ones(2), axes=1)


@mistake("Trend type must be 'linear' or 'constant'")
def r10_scipy_signal_detrend_type():
    return jax.scipy.signal.detrend(jnp.ones(4), type="quadratic")


@mistake("Invalid window name 'nope' in parameter window='nope'!")
def r10_scipy_signal_stft_window_string():
    return jax.scipy.signal.stft(jnp.ones(64), window="nope")


@mistake("noverlap must be less than nperseg")
def r10_scipy_signal_stft_noverlap():
    return jax.scipy.signal.stft(jnp.ones(64), nperseg=16, noverlap=20)


@mistake("Unknown scaling: energy")
def r10_scipy_signal_welch_scaling():
    return jax.scipy.signal.welch(jnp.ones(64), nperseg=16, scaling="energy")


@mistake("ndimage.map_coordinates currently requires order<=1")
def r10_scipy_ndimage_map_coordinates_order():
    return jax.scipy.ndimage.map_coordinates(x23, [jnp.zeros(2), jnp.zeros(2)], order=3)


@mistake("ndimage.map_coordinates does not yet support mode periodic")
def r10_scipy_ndimage_map_coordinates_mode():
    return jax.scipy.ndimage.map_coordinates(
        x23, [jnp.zeros(2), jnp.zeros(2)], order=1, mode="periodic"
    )


@mistake("coordinates must be a sequence of length input.ndim")
def r10_scipy_ndimage_map_coordinates_rank():
    return jax.scipy.ndimage.map_coordinates(x23, [jnp.zeros(2)], order=1)


@mistake("axis 3 is out of bounds for array of dimension 2")
def r10_scipy_integrate_trapezoid_axis():
    return jax.scipy.integrate.trapezoid(x23, axis=3)


@mistake("Only DCT type 2 is implemented")
def r10_scipy_fft_dct_type():
    return jax.scipy.fft.dct(jnp.ones(4), type=5)


@mistake("fft.dct: norm='forward2' is not implemented")
def r10_scipy_fft_dct_norm():
    return jax.scipy.fft.dct(jnp.ones(4), norm="forward2")


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_scipy_fft_dctn_axes():
    return jax.scipy.fft.dctn(x23, axes=(0, 2))


@mistake("method 'cubic' is not defined")
def r10_scipy_interpolate_rgi_method():
    return jax.scipy.interpolate.RegularGridInterpolator(
        (jnp.arange(3.0),), jnp.ones(3), method="cubic"
    )


@mistake("sub got incompatible shapes for broadcasting")
def r10_scipy_cluster_vq_rank():
    return jax.scipy.cluster.vq.vq(jnp.ones((3, 2)), jnp.ones((2, 3)))


@mistake("'float' object cannot be interpreted as an integer")
def r10_nn_one_hot_float_classes():
    return jax.nn.one_hot(jnp.arange(3), 3.5)


@mistake("Abstract tracer value encountered where concrete value is expected")
def r10_nn_one_hot_traced_classes():
    return jax.jit(lambda n: jax.nn.one_hot(jnp.arange(3), n))(3)


@mistake("Value 'abc' with dtype <U3 is not a valid JAX array type")
def r10_nn_one_hot_string():
    return jax.nn.one_hot("abc", 3)


@mistake("Incompatible shapes for broadcasting")
def r10_nn_softmax_where_shape():
    return jax.nn.softmax(jnp.ones(3), where=jnp.ones(4, bool))


@mistake("Unsupported implementation option")
def r10_nn_dot_product_attention_implementation():
    q = jnp.ones((1, 2, 1, 4))
    return jax.nn.dot_product_attention(q, q, q, implementation="flash")


@mistake("The number of query heads must be a multiple of key/value heads")
def r10_nn_dot_product_attention_heads():
    q, k = jnp.ones((1, 2, 3, 4)), jnp.ones((1, 2, 2, 4))
    return jax.nn.dot_product_attention(q, k, k)


@mistake("and got incompatible shapes for broadcasting")
def r10_nn_dot_product_attention_mask_shape():
    q = jnp.ones((1, 2, 1, 4))
    return jax.nn.dot_product_attention(q, q, q, mask=jnp.ones((3, 3), bool))


@mistake(
    "Can't compute input and output sizes of a 1-dimensional weights tensor with default in_axis",
)
def r10_nn_initializers_shape_1d_glorot():
    return jax.nn.initializers.glorot_normal()(random.key(0), (3,))


@mistake("orthogonal initializer requires at least a 2D shape")
def r10_nn_initializers_orthogonal_1d():
    return jax.nn.initializers.orthogonal()(random.key(0), (3,))


@mistake("invalid mode for variance scaling initializer")
def r10_nn_initializers_variance_scaling_mode():
    return jax.nn.initializers.variance_scaling(1.0, "fan_sum", "normal")(random.key(0), (3, 3))


@mistake("invalid distribution for variance scaling initializer")
def r10_nn_initializers_variance_scaling_distribution():
    return jax.nn.initializers.variance_scaling(1.0, "fan_in", "cauchy")(random.key(0), (3, 3))


@mistake("Delta orthogonal initializer requires a 3D, 4D or 5D shape")
def r10_nn_initializers_delta_orthogonal_rank():
    return jax.nn.initializers.delta_orthogonal()(random.key(0), (3, 3))


@mistake("JAX encountered invalid PRNG key data")
def r10_nn_initializers_constant_key_int():
    return jax.nn.initializers.normal()(0, (3,))


@mistake('Unknown resize method "bicubic2"')
def r10_image_resize_method():
    return jax.image.resize(x23, (4, 6), method="bicubic2")


@mistake("shape must have length equal to the number of dimensions of x;")
def r10_image_resize_rank():
    return jax.image.resize(x23, (4,), method="linear")


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_image_scale_and_translate_spatial_dims():
    return jax.image.scale_and_translate(x23, (4, 6), (0, 2), jnp.ones(2), jnp.zeros(2), "linear")


@mistake("Nearest neighbor resampling is not currently supported for scale_and_translate")
def r10_image_scale_and_translate_method():
    return jax.image.scale_and_translate(x23, (4, 6), (0, 1), jnp.ones(2), jnp.zeros(2), "nearest")


# ---------------------------------------------------------------------------------------------
# jax.random


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r10_random_normal_shape_string():
    return random.normal(random.key(0), "3")


@mistake("dtype argument to `normal` must be a float or complex dtype")
def r10_random_normal_dtype_int():
    return random.normal(random.key(0), (3,), dtype=jnp.int32)


@mistake("dtype argument to `uniform` must be a float dtype")
def r10_random_uniform_dtype_int():
    return random.uniform(random.key(0), (3,), dtype=jnp.int32)


@mistake("randint only accepts integer dtypes")
def r10_random_randint_dtype_float():
    return random.randint(random.key(0), (3,), 0, 5, dtype=jnp.float32)


@mistake("Cannot take a larger sample")
def r10_random_choice_no_replace_too_many():
    return random.choice(random.key(0), 3, (5,), replace=False)


@mistake("p must be None or a 1D vector with the same size as a.shape[axis]")
def r10_random_choice_p_length():
    return random.choice(random.key(0), 3, (2,), p=jnp.ones(4) / 4)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_random_choice_axis():
    return random.choice(random.key(0), x23, (2,), axis=2)


@mistake("a must be greater than 0 unless no samples are taken")
def r10_random_choice_empty():
    return random.choice(random.key(0), jnp.ones(0), (2,))


@mistake("Incompatible shapes for broadcasting")
def r10_random_categorical_shape():
    return random.categorical(random.key(0), x23, axis=1, shape=(3,))


@mistake("Number of samples without replacement")
def r10_random_categorical_replace_false_too_many():
    return random.categorical(random.key(0), jnp.zeros(3), shape=(5,), replace=False)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_random_permutation_axis():
    return random.permutation(random.key(0), x23, axis=2)


@mistake("x must be an integer or at least 1-dimensional")
def r10_random_permutation_float():
    return random.permutation(random.key(0), 3.5)


@mistake("Incompatible shapes for broadcasting")
def r10_random_bernoulli_p_shape():
    return random.bernoulli(random.key(0), jnp.full(4, 0.5), (3,))


@mistake("Incompatible shapes for broadcasting")
def r10_random_gamma_a_shape():
    return random.gamma(random.key(0), jnp.ones(4), (3,))


@mistake("dirichlet requires alpha.ndim >= 1")
def r10_random_dirichlet_alpha_scalar():
    return random.dirichlet(random.key(0), 1.0)


@mistake("multivariate_normal requires cov.shape ==")
def r10_random_multivariate_normal_cov():
    return random.multivariate_normal(random.key(0), jnp.zeros(3), jnp.eye(2))


@mistake("method must be one of {'svd', 'eigh', 'cholesky'}")
def r10_random_multivariate_normal_method():
    return random.multivariate_normal(random.key(0), jnp.zeros(2), jnp.eye(2), method="lu")


@mistake("dtype argument to `truncated_normal` must be a float dtype")
def r10_random_truncated_normal_dtype_int():
    return random.truncated_normal(random.key(0), -1.0, 1.0, (3,), dtype=jnp.int32)


@mistake("'float' object cannot be interpreted as an integer")
def r10_random_orthogonal_n_float():
    return random.orthogonal(random.key(0), 2.5)


@mistake("Incompatible shapes for broadcasting")
def r10_random_binomial_n_shape():
    return random.binomial(random.key(0), jnp.ones(4), 0.5, shape=(3,))


@mistake("Invalid integer data type 'f'")
def r10_random_poisson_dtype_float():
    return random.poisson(random.key(0), 1.0, (3,), dtype=jnp.float32)


@mistake('unrecognized PRNG implementation "philox"')
def r10_random_key_impl_unknown():
    return random.key(0, impl="philox")


@mistake("JAX encountered invalid PRNG key data")
def r10_random_wrap_key_data_shape():
    return random.wrap_key_data(jnp.ones(3, jnp.uint32))


@mistake("dtype argument to `bits` must be an unsigned int dtype")
def r10_random_bits_dtype_float():
    return random.bits(random.key(0), (3,), dtype=jnp.float32)


# ---------------------------------------------------------------------------------------------
# jax.tree_util


class _R10Point:
    def __init__(self, x):
        self.x = x


jax.tree_util.register_pytree_node(_R10Point, lambda p: ((p.x,), None), lambda _, c: _R10Point(*c))


@mistake(
    "Duplicate custom PyTreeDef type registration for <class 'mistakes_catalogue._R10Point'>",
)
def r10_tree_register_twice():
    return jax.tree_util.register_pytree_node(
        _R10Point, lambda p: ((p.x,), None), lambda _, c: _R10Point(*c)
    )


@mistake(
    "Duplicate custom PyTreeDef type registration for <class 'mistakes_catalogue._R10Point'>",
)
def r10_tree_register_dataclass_twice():
    return jax.tree_util.register_static(_R10Point)


@mistake("Too few leaves for PyTreeDef; expected 3")
def r10_tree_unflatten_too_few():
    return jax.tree_util.tree_unflatten(jax.tree_util.tree_structure((1, 2, 3)), [1, 2])


@mistake("Too many leaves for PyTreeDef; expected 2")
def r10_tree_unflatten_too_many():
    return jax.tree_util.tree_unflatten(jax.tree_util.tree_structure([1, [2]]), [1, 2, 3])


@mistake("'tuple' object has no attribute 'unflatten'")
def r10_tree_unflatten_not_treedef():
    return jax.tree_util.tree_unflatten((1, 2), [1, 2])


@mistake("pytree structure error: different pytree metadata at key path")
def r10_tree_map_structure_differs():
    return jax.tree_util.tree_map(lambda a, b: a, {"a": 1}, {"b": 1})


@mistake("pytree structure error: different lengths of list at key path")
def r10_tree_map_with_path_structure_differs():
    return jax.tree_util.tree_map_with_path(lambda p, a, b: a, [1, 2], [1])


@mistake("Mismatch")
def r10_tree_transpose_structure():
    return jax.tree_util.tree_transpose(
        jax.tree_util.tree_structure([1, 1]), jax.tree_util.tree_structure((1, 1)), [(1, 2), (3,)]
    )


@mistake("'int' object is not iterable")
def r10_tree_keystr_not_path():
    return jax.tree_util.keystr(3)


@mistake("Too few leaves for PyTreeDef; expected 1")
def r10_tree_flatten_with_path_leaves_count():
    return jax.tree_util.tree_unflatten(jax.tree_util.tree_flatten_with_path({"a": 1})[1], [])


@mistake("reduce() of empty iterable with no initial value")
def r10_tree_reduce_empty_no_initializer():
    return jax.tree_util.tree_reduce(lambda a, b: a + b, [])


@mistake(
    "register_dataclass: data_fields and meta_fields are required when nodetype is not a dataclass",
)
def r10_tree_register_dataclass_not_dataclass():
    return jax.tree_util.register_dataclass(int, data_fields=None, meta_fields=None)


@mistake("pytree structure error: different lengths of list at key path")
def r10_tree_broadcast_mismatch():
    return jax.tree.broadcast([1, 2], [1, 2, 3])


@mistake("the first argument must be callable")
def r10_tree_partial_not_callable():
    return jax.tree_util.Partial(3)


# ---------------------------------------------------------------------------------------------
# custom_jvp / custom_vjp, checkpoint policies, named_call / named_scope


@mistake("No VJP defined for custom_vjp function <lambda> using defvjp")
def r10_custom_vjp_defvjp_missing():
    f = jax.custom_vjp(lambda x: x)
    return jax.grad(f)(1.0)


@mistake("No VJP defined for custom_vjp function <lambda> using defvjp")
def r10_custom_vjp_call_without_defvjp():
    f = jax.custom_vjp(lambda x: x)
    return f(1.0)


@mistake("No JVP defined for custom_jvp function <lambda> using defjvp")
def r10_custom_jvp_call_without_defjvp():
    f = jax.custom_jvp(lambda x: x)
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("Custom VJP fwd rule <lambda> for function <lambda> must produce a pair")
def r10_custom_vjp_fwd_returns_single():
    f = jax.custom_vjp(lambda x: x)
    f.defvjp(lambda x: x, lambda r, g: (g,))
    return jax.grad(f)(1.0)


@mistake("Custom VJP bwd rule must produce an output with the same container")
def r10_custom_vjp_bwd_returns_list_wrong_len():
    f = jax.custom_vjp(lambda x, y: x * y)
    f.defvjp(lambda x, y: (x * y, None), lambda r, g: [g])
    return jax.grad(f)(1.0, 2.0)


@mistake("No VJP defined for custom_vjp function <lambda> using defvjp")
def r10_custom_vjp_nondiff_argnums_out_of_range():
    return jax.custom_vjp(lambda x: x, nondiff_argnums=(1,))(1.0)


@mistake("safe_zip() argument 1 has length 1 but argument 0 has length 2")
def r10_custom_jvp_defjvps_count():
    f = jax.custom_jvp(lambda x, y: x * y)
    f.defjvps(lambda t, p, x, y: t * y)
    return jax.jvp(f, (1.0, 2.0), (1.0, 1.0))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes",
)
def r10_custom_jvp_rule_tangent_shape():
    f = jax.custom_jvp(lambda x: x)
    f.defjvp(lambda p, t: (p[0], jnp.ones(3)))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("Custom JVP rule <lambda> for function <lambda> must produce a pair")
def r10_custom_jvp_rule_returns_one():
    f = jax.custom_jvp(lambda x: x)
    f.defjvp(lambda p, t: p[0])
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("the first argument must be callable")
def r10_custom_vjp_defvjp_not_callable():
    f = jax.custom_vjp(lambda x: x)
    f.defvjp(3, 4)
    return jax.grad(f)(1.0)


@mistake("the first argument must be callable")
def r10_custom_jvp_defjvp_not_callable():
    f = jax.custom_jvp(lambda x: x)
    f.defjvp(3)
    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "the `static_argnums` argument to `jax.checkpoint` / `jax.remat` can only take integer values greater than or equal to `-len(args)` and less than `len(args)`",
)
def r10_checkpoint_static_argnums_out_of_range():
    return jax.checkpoint(jnp.sin, static_argnums=(1,))(1.0)


@mistake(
    "The `concrete` option to `jax.checkpoint` was deprecated in JAX v0.8.2, and removed in JAX v0.10.0",
)
def r10_remat_prevent_cse_string():
    return jax.remat(jnp.sin, concrete=True)(1.0)


@mistake("'int' object is not callable")
def r10_named_call_not_callable():
    return jax.named_call(3, name="f")(1.0)


@mistake("named_scope name argument must be a string")
def r10_named_scope_int():
    with jax.named_scope(3):
        return jnp.sin(1.0)


@mistake("named_scope name argument must be a string")
def r10_named_scope_as_decorator_without_name():
    return jax.named_scope(jnp.sin)


@mistake(
    "new enum value must be None or in ['default', 'high', 'highest', 'bfloat16', 'tensorfloat32', 'float32', 'ANY_F8_ANY_F8_F32', 'ANY_F8_ANY_F8_F32_FAST_ACCUM',",
)
def r10_default_matmul_precision_bad():
    with jax.default_matmul_precision("extreme"):
        return jnp.dot(x23, x23.T)


# ---------------------------------------------------------------------------------------------
# jax.jit options and stages


@mistake("Jitted function has static_argnums=(-2,)")
def r10_jit_static_argnums_negative_out_of_range():
    return jax.jit(lambda x: x, static_argnums=-2)(1)


@mistake("'str' object cannot be interpreted as an integer")
def r10_jit_static_argnums_string():
    return jax.jit(lambda x: x, static_argnums="x")


@mistake("'int' object is not iterable")
def r10_jit_static_argnames_int():
    return jax.jit(lambda x: x, static_argnames=0)(1)


@mistake("static_argnames and donate_argnames cannot intersect")
def r10_jit_donate_argnums_static():
    return jax.jit(lambda x, y: x, static_argnums=0, donate_argnums=0)(1, jnp.ones(2))


@mistake("static_argnames and donate_argnames cannot intersect")
def r10_jit_donate_argnames_static():
    return jax.jit(lambda x, y: x, static_argnames="x", donate_argnames="x")(x=1, y=jnp.ones(2))


@mistake("Jitted function has invalid argnames {'z'} in donate_argnames")
def r10_jit_donate_argnums_and_argnames_unknown():
    return jax.jit(lambda x: x, donate_argnames="z")(jnp.ones(2))


@mistake("jit() got an unexpected keyword argument 'abstracted_axes'")
def r10_jit_abstracted_axes():
    return jax.jit(lambda x: x, abstracted_axes=("n",))(jnp.ones(2))


@mistake("jit() got an unexpected keyword argument 'inline_all'")
def r10_jit_unknown_kwarg():
    return jax.jit(lambda x: x, inline_all=True)


@mistake("jit() takes from 0 to 1 positional arguments but 2 were given")
def r10_jit_positional_option():
    return jax.jit(lambda x: x, (0,))


@mistake("Non-hashable static arguments are not supported")
def r10_jit_static_unhashable_kwarg():
    return jax.jit(lambda x, n: x, static_argnames="n")(jnp.ones(2), n=[1])


@mistake("Abstract tracer value encountered where concrete value is expected")
def r10_jit_of_class():
    return jax.jit(int)(jnp.ones(()))


@mistake("'Lowered' object is not callable")
def r10_jit_lower_then_call_lowered():
    return jax.jit(jnp.sin).lower(1.0)(1.0)


@mistake(
    "Function compiled with input pytree does not match the input pytree it was called with",
)
def r10_jit_compiled_wrong_arg_count():
    return jax.jit(jnp.sin).lower(1.0).compile()(1.0, 2.0)


@mistake("Argument types differ from the types for which this computation was compiled")
def r10_jit_compiled_wrong_shape():
    return jax.jit(jnp.sin).lower(jnp.ones(3)).compile()(jnp.ones(4))


@mistake("Argument types differ from the types for which this computation was compiled")
def r10_jit_compiled_wrong_dtype():
    return jax.jit(jnp.sin).lower(jnp.ones(3)).compile()(jnp.ones(3, jnp.int32))


@mistake(
    "Function compiled with input pytree does not match the input pytree it was called with",
)
def r10_jit_compiled_kwarg_unknown():
    return jax.jit(jnp.sin).lower(jnp.ones(3)).compile()(y=jnp.ones(3))


@mistake(
    "Function compiled with input pytree does not match the input pytree it was called with",
)
def r10_jit_compiled_pytree_differs():
    return jax.jit(lambda t: t[0]).lower((1.0, 2.0)).compile()([1.0, 2.0])


@mistake(
    "Computation was compiled for input shardings that disagree with the shardings of arguments passed to it",
)
def r10_jit_compiled_sharding_mismatch():
    c = (
        jax.jit(lambda x: x * 2)
        .lower(jax.device_put(jnp.ones(8), NamedSharding(mesh2, P("x"))))
        .compile()
    )
    return c(jax.device_put(jnp.ones(8), NamedSharding(mesh2, P())))


@mistake("Non-hashable static arguments are not supported")
def r10_jit_lower_static_unhashable():
    return jax.jit(lambda x, n: x, static_argnums=1).lower(1.0, {"a": 1})


@mistake("Traced.lower() takes 1 positional argument but 2 were given")
def r10_jit_trace_then_lower_args():
    return jax.jit(jnp.sin).trace(1.0).lower(1.0)


@mistake("unknown dialect: llvm")
def r10_jit_compiled_as_text_dialect():
    return jax.jit(jnp.sin).lower(1.0).as_text(dialect="llvm")


@mistake("INVALID_ARGUMENT: No such compile option: 'nonexistent_option_xyz'")
def r10_jit_lowered_compile_options_bad():
    return jax.jit(jnp.sin).lower(1.0).compile(compiler_options={"nonexistent_option_xyz": 1})


@mistake("Error interpreting argument to")
def r10_eval_shape_string_arg():
    return jax.eval_shape(jnp.sin, "a")


@mistake("data type 'floaty' not understood")
def r10_shape_dtype_struct_dtype_bad():
    return jax.ShapeDtypeStruct((2,), "floaty")


@mistake("Jitted function has static_argnums=(2,)")
def r10_make_jaxpr_static_argnums_out_of_range():
    return jax.make_jaxpr(jnp.sin, static_argnums=2)(1.0)


@mistake("not enough values to unpack")
def r10_make_jaxpr_return_shape_not_bool():
    return jax.make_jaxpr(lambda x: x, axis_env=[("i",)])(1.0)


# ---------------------------------------------------------------------------------------------
# jax.export: shape polymorphism


@mistake("syntax error in symbolic shape 'a + ' in dimension 0")
def r10_export_symbolic_shape_bad_syntax():
    return _sym("a + ")


@mistake("not enough values to unpack")
def r10_export_symbolic_shape_bad_constraint():
    return _sym("a", constraints=("a >= ",))


@mistake("Constraint parsing error: must contain one of '==' or '>=' or '<='")
def r10_export_symbolic_shape_constraint_unknown_op():
    return _sym("a, b", constraints=("a != b",))


@mistake("Invalid mixing of symbolic scopes for linear combination")
def r10_export_symbolic_scope_mixed():
    (a,) = _sym("a")
    (b,) = _sym("b")
    return a + b


@mistake("integer division or modulo by zero")
def r10_export_symbolic_dim_division():
    (a,) = _sym("a")
    return a // 0


@mistake("Symbolic dimension comparison 'a' >= 'b' is inconclusive")
def r10_export_symbolic_dim_compare_inconclusive():
    a, b = _sym("a, b")
    return a >= b


@mistake("Symbolic dimension 'a' used in a context that requires a constant")
def r10_export_symbolic_dim_int():
    (a,) = _sym("a")
    return int(a)


@mistake("Cannot divide evenly the sizes of shapes")
def r10_export_poly_reshape_inconsistent():
    return _export(lambda x: x.reshape(3, -1), jax.ShapeDtypeStruct(_sym("a"), jnp.float32))


@mistake("add got incompatible shapes for broadcasting")
def r10_export_poly_add_shapes_differ():
    a, b = _sym("a, b")
    return _export(
        jnp.add, jax.ShapeDtypeStruct((a,), jnp.float32), jax.ShapeDtypeStruct((b,), jnp.float32)
    )


@mistake("Shape mismatch for args[0].shape[1]")
def r10_export_call_shape_mismatch():
    e = _export(jnp.sin, jax.ShapeDtypeStruct(_sym("a, 3"), jnp.float32))
    return e.call(jnp.ones((2, 4)))


@mistake("Dtype mismatch for args[0]")
def r10_export_call_dtype_mismatch():
    e = _export(jnp.sin, jax.ShapeDtypeStruct(_sym("a"), jnp.float32))
    return e.call(jnp.ones(2, jnp.int32))


@mistake("Input shapes do not match the symbolic shape constraint a >= 4")
def r10_export_call_constraint_violated():
    e = _export(jnp.sin, jax.ShapeDtypeStruct(_sym("a", constraints=("a >= 4",)), jnp.float32))
    return e.call(jnp.ones(2))


@mistake("Input shapes do not match the polymorphic shapes specification")
def r10_export_call_inconsistent_dims():
    (a,) = _sym("a")
    e = _export(
        jnp.add, jax.ShapeDtypeStruct((a,), jnp.float32), jax.ShapeDtypeStruct((a,), jnp.float32)
    )
    return e.call(jnp.ones(2), jnp.ones(3))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r10_export_poly_arange_symbolic():
    return _export(
        lambda x: jnp.arange(x.shape[0] / 2), jax.ShapeDtypeStruct(_sym("a"), jnp.float32)
    )


# ---------------------------------------------------------------------------------------------
# Sharding: device_put, Mesh, PartitionSpec, NamedSharding, shard_map


@mistake("Mesh requires the ndim of its first argument")
def r10_mesh_names_count():
    return Mesh(np.array(jax.devices()[:2]), ("x", "y"))


@mistake("Number of devices 8 must be >= the product of mesh_shape")
def r10_make_mesh_too_many():
    return jax.make_mesh((4, 4), ("x", "y"))


@mistake("Mesh requires the ndim of its first argument")
def r10_make_mesh_names_count():
    return jax.make_mesh((2, 4), ("x",))


@mistake("Number of axis names should match the number of axis_types")
def r10_make_mesh_axis_types_count():
    return jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Auto,))


@mistake("Could not find memory addressable by device cpu")
def r10_named_sharding_memory_kind_typo():
    return NamedSharding(mesh2, P("x"), memory_kind="pinned_hots")


@mistake("'tuple' object has no attribute 'size'")
def r10_named_sharding_mesh_not_mesh():
    return NamedSharding(("x",), P("x"))


@mistake("partitions cannot overlap with unreduced axes passed to PartitionSpec")
def r10_pspec_unreduced_overlap():
    return P("x", unreduced={"x"})


@mistake("`unreduced` and `reduced` argument to PartitionSpec cannot overlap")
def r10_pspec_reduced_and_unreduced():
    return P(None, unreduced={"x"}, reduced={"x"})


@mistake("unreduced argument of PartitionSpec should of type `frozenset` or `set`")
def r10_pspec_unreduced_not_set():
    return NamedSharding(mesh2, P(None, unreduced="x"))


@mistake("A tuple inside PartitionSpec cannot contain a nested tuple")
def r10_pspec_nested_tuple():
    return NamedSharding(mesh24, P((("x",),)))


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `jax.memory.Space` or a pytree of these values",
)
def r10_device_put_string_device():
    return jax.device_put(jnp.ones(2), "cpu")


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `jax.memory.Space` or a pytree of these values",
)
def r10_device_put_int_device():
    return jax.device_put(jnp.ones(2), 0)


@mistake(
    "is only valid for values of rank at least 1, but was applied to a value of rank 0",
)
def r10_device_put_rank_too_small():
    return jax.device_put(jnp.float32(1), NamedSharding(mesh2, P("x")))


@mistake("may_alias and donate cannot be True at the same time")
def r10_device_put_donate_string():
    return jax.device_put(jnp.ones(2), donate="yes", may_alias="no")


@mistake("jax.device_put_replicated is deprecated; use jax.device_put instead")
def r10_device_put_sharded_deprecated():
    return jax.device_put_replicated(jnp.ones(2), jax.devices())


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding input value",
)
def r10_shard_map_in_specs_rank():
    return _smap(lambda x: x, P("x", None), P("x"))(jnp.ones(4))


@mistake("pytree structure error: different lengths of tuple at key path")
def r10_shard_map_in_specs_count():
    return _smap(lambda x, y: x, (P("x"),), P("x"))(jnp.ones(4), jnp.ones(4))


@mistake(
    "jax.shard_map requires axis_names=frozenset({'z'}) to be a subset of mesh.axis_names=frozenset({'x'})",
)
def r10_shard_map_axis_names_unknown():
    return _smap(lambda x: x, P("x"), P("x"), axis_names={"z"})(jnp.ones(4))


@mistake("shard_map in_specs argument must refer to an axis marked as manual")
def r10_shard_map_axis_names_spec_outside():
    return _smap(lambda x: x, P("y"), P("y"), mesh=mesh24, axis_names={"x"})(jnp.ones(8))


@mistake("shard_map out_specs argument must refer to an axis marked as manual")
def r10_shard_map_out_specs_unknown_axis():
    return _smap(lambda x: x, P("x"), P("z"))(jnp.ones(4))


@mistake(
    "was given argument arrays with axis sizes that are not evenly divisible by the corresponding mesh axis sizes",
)
def r10_shard_map_in_specs_not_divisible():
    return _smap(lambda x: x, P("y"), P("y"), mesh=mesh24)(jnp.ones(6))


@mistake("Found an unbound axis name")
def r10_shard_map_axis_index_unknown():
    return _smap(lambda x: x + lax.axis_index("z"), P("x"), P("x"))(jnp.ones(4))


@mistake("ppermute sources and destinations must be unique")
def r10_shard_map_ppermute_duplicate_dest():
    return _smap(lambda x: lax.ppermute(x, "x", [(0, 1), (1, 1)]), P("x"), P("x"))(jnp.ones(4))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r10_shard_map_all_gather_axis_out_of_range():
    return _smap(lambda x: lax.all_gather(x, "x", axis=3), P("x"), P())(jnp.ones(4))


@mistake(
    "tiled reduce_scatter operand scatter dimension size 3 must be divisible by shard_count 2",
)
def r10_shard_map_psum_scatter_not_divisible():
    return _smap(lambda x: lax.psum_scatter(x, "x", tiled=True), P("x"), P("x"))(jnp.ones(6))


@mistake("The size of all_to_all split_axis")
def r10_shard_map_all_to_all_not_divisible():
    return _smap(lambda x: lax.all_to_all(x, "x", 0, 0, tiled=True), P("x"), P("x"))(jnp.ones(6))


@mistake(
    "shard_map requires a `jax.sharding.Mesh` or a `jax.sharding.AbstractMesh` instance for its second argument",
)
def r10_shard_map_mesh_not_mesh():
    return jax.shard_map(lambda x: x, mesh="mesh", in_specs=P("x"), out_specs=P("x"))(jnp.ones(4))


@mistake(
    "shard_map in_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances",
)
def r10_shard_map_in_specs_list():
    return _smap(lambda x: x, ["x"], P("x"))(jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# pmap, vmap


@mistake("tuple index out of range")
def r10_pmap_in_axes_out_of_range():
    return jax.pmap(lambda x: x, in_axes=1)(jnp.ones(2))


@mistake(
    "pmapped function has static_broadcasted_argnums=(3,) but was called with only 1 positional argument",
)
def r10_pmap_static_broadcasted_out_of_range():
    return jax.pmap(lambda x: x, static_broadcasted_argnums=3)(jnp.ones(2))


@mistake("axis 2 is out of bounds for array of dimension 1")
def r10_pmap_out_axes_out_of_range():
    return jax.pmap(lambda x: x, out_axes=2)(jnp.ones(2))


@mistake("Found an unbound axis name")
def r10_vmap_spmd_axis_name_without_axis_name():
    return jax.vmap(lambda x: lax.psum(x, "i"), spmd_axis_name="x")(jnp.ones(2))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r10_vmap_axis_size_mismatch():
    return jax.vmap(lambda x: x, axis_size=3)(jnp.ones(2))


@mistake(
    "vmap must have at least one non-None value in in_axes or axis_size must be specified",
)
def r10_vmap_axis_size_no_mapped():
    return jax.vmap(lambda x: x, in_axes=None)(jnp.ones(2))


@mistake("at vmap out_axes, got axis spec None but output was batched on axis 0")
def r10_vmap_out_axes_none_mapped():
    return jax.vmap(lambda x: x, out_axes=None)(jnp.ones(2))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments passed to the function",
)
def r10_vmap_in_axes_float():
    return jax.vmap(lambda x: x, in_axes=0.0)(jnp.ones(2))


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r10_vmap_in_axes_dict_keys():
    return jax.vmap(lambda d: d["a"], in_axes=({"b": 0},))({"a": jnp.ones(2)})


@mistake("Found an unbound axis name")
def r10_vmap_axis_name_collective_unknown():
    return jax.vmap(lambda x: lax.pmean(x, "j"), axis_name="i")(jnp.ones(2))


@mistake("Expected a callable value")
def r10_vmap_not_callable():
    return jax.vmap(3)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r10_vmap_sum_axis_scalar_out():
    return jax.vmap(lambda x: x, out_axes=1)(jnp.ones(2))


# ---------------------------------------------------------------------------------------------
# config, array API, .at, misc


@mistake("Unrecognized config option")
def r10_config_update_unknown():
    return jax.config.update("jax_enable_x65", True)


@mistake(
    "new enum value must be None or in ['default', 'high', 'highest', 'bfloat16', 'tensorfloat32', 'float32', 'ANY_F8_ANY_F8_F32', 'ANY_F8_ANY_F8_F32_FAST_ACCUM',",
)
def r10_config_update_enum_bad():
    return jax.config.update("jax_default_matmul_precision", "ultra")


@mistake("'Config' object has no attribute 'jax_enable_x65'")
def r10_config_read_unknown_attr():
    return jax.config.jax_enable_x65


@mistake("new enum value must be in ['allow', 'warn', 'raise']")
def r10_config_update_numpy_rank_promotion():
    return jax.config.update("jax_numpy_rank_promotion", "never")


@mistake("new enum value must be in ['allow', 'warn', 'raise']")
def r10_config_context_manager_bad():
    with jax.numpy_rank_promotion("forbid"):
        return jnp.ones(2)


@mistake("api_version='2099.12' is not available; available versions are")
def r10_array_namespace_api_version():
    return jnp.ones(2).__array_namespace__(api_version="2099.12")


@mistake("api_version=2023 is not available; available versions are")
def r10_array_namespace_api_version_int():
    return jnp.ones(2).__array_namespace__(api_version=2023)


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `jax.memory.Space` or a pytree of these values",
)
def r10_array_to_device_string():
    return jnp.ones(2).to_device("cpu")


@mistake('Unknown gather mode "wrap"')
def r10_at_mode_bad():
    return jnp.ones(3).at[5].get(mode="wrap")


@mistake('Unknown gather mode "clip2"')
def r10_at_set_mode_bad():
    return jnp.ones(3).at[0].set(1.0, mode="clip2")


@mistake("'_IndexUpdateRef' object has no attribute 'put'")
def r10_at_unknown_method():
    return jnp.ones(3).at[0].put(1.0)


@mistake("JAX does not support string indexing")
def r10_at_string_index():
    return jnp.ones(3).at["a"].set(1.0)


@mistake("Indexer must have integer or boolean type")
def r10_at_float_index():
    return jnp.ones(3).at[1.5].get()


@mistake("Too many indices: array is 1-dimensional")
def r10_at_too_many_indices():
    return jnp.ones(3).at[0, 0].set(1.0)


@mistake("Incompatible types for broadcasting")
def r10_at_update_shape():
    return jnp.ones(3).at[:2].set(jnp.ones(3))


@mistake('Unknown gather mode "bad"')
def r10_at_indices_are_sorted_string():
    return jnp.ones(3).at[0].add(1.0, indices_are_sorted="x", unique_indices="y", mode="bad")


@mistake("'_IndexUpdateHelper' object has no attribute 'set'")
def r10_at_without_index():
    return jnp.ones(3).at.set(1.0)


@mistake("sharding='cpu' must be an instance of jax.sharding.Sharding")
def r10_astype_copy_kwarg_bad():
    return jnp.ones(2).astype(jnp.int32, copy=False, device="cpu")


@mistake("can only convert an array of size 1 to a Python scalar")
def r10_array_item_of_many():
    return jnp.ones(2).item()


@mistake("order must be one of 'C', 'F', 'A', or 'K'")
def r10_array_tobytes_order():
    return jnp.ones(2).tobytes(order="X")


@mistake("Unexpected value for 'order' argument")
def r10_array_reshape_order():
    return jnp.ones(6).reshape((2, 3), order="K")


@mistake("'float' object cannot be interpreted as an integer")
def r10_array_round_decimals_float():
    return jnp.ones(2).round(1.5)


@mistake("Only implemented for order='K'")
def r10_array_copy_order():
    return jnp.array([1, 2], order="Z")


@mistake("Size of label 'j' for operand 1")
def r10_jnp_einsum_subscripts_mismatch():
    return jnp.einsum("ij,jk->ik", jnp.ones((2, 3)), jnp.ones((4, 5)))


@mistake("Output character 'k' did not appear in the input")
def r10_jnp_einsum_output_unknown():
    return jnp.einsum("ij->ik", jnp.ones((2, 3)))


@mistake("index is out of bounds for axis 0 with size 0")
def r10_jnp_histogram_bins_negative():
    return jnp.histogram(jnp.ones(3), bins=-1)


@mistake("Value 'auto' with dtype <U4 is not a valid JAX array type")
def r10_jnp_histogram2d_bins_string():
    return jnp.histogram2d(jnp.ones(3), jnp.ones(3), bins="auto")


@mistake("broadcast_in_dim shape must have every element be nonnegative")
def r10_jnp_bincount_negative_length():
    return jnp.bincount(jnp.arange(3), length=-1)


@mistake("x argument to bincount must have an integer type")
def r10_jnp_bincount_float():
    return jnp.bincount(jnp.ones(3))


@mistake("digitize: bins must be a 1-dimensional array")
def r10_jnp_digitize_bins_2d():
    return jnp.digitize(jnp.ones(3), jnp.ones((2, 2)))


@mistake("invalid argument side='middle', expected 'left' or 'right'")
def r10_jnp_searchsorted_side():
    return jnp.searchsorted(jnp.arange(3), 1, side="middle")


@mistake(
    "invalid argument method='binary', expected one of ['compare_all', 'scan', 'scan_unrolled', 'sort']",
)
def r10_jnp_searchsorted_method():
    return jnp.searchsorted(jnp.arange(3), 1, method="binary")


@mistake("a should be 1-dimensional")
def r10_jnp_searchsorted_2d():
    return jnp.searchsorted(x23, 1)


@mistake("xp and fp must be one-dimensional arrays of equal size")
def r10_jnp_interp_xp_2d():
    return jnp.interp(jnp.ones(3), x23, jnp.ones(3))


@mistake("xp and fp must be one-dimensional arrays of equal size")
def r10_jnp_interp_lengths():
    return jnp.interp(jnp.ones(3), jnp.arange(3.0), jnp.ones(4))


@mistake("expected deg >= 0")
def r10_jnp_polyfit_deg_negative():
    return jnp.polyfit(jnp.arange(3.0), jnp.ones(3), -1)


@mistake("Input must be a rank-1 array")
def r10_jnp_roots_2d():
    return jnp.roots(x23)


@mistake("input must be 1d or non-empty square 2d array")
def r10_jnp_poly_3d():
    return jnp.poly(jnp.ones((2, 2, 2)))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r10_jnp_argwhere_traced_no_size():
    return jax.jit(jnp.argwhere)(jnp.ones(3))


@mistake("condlist must have length equal to choicelist")
def r10_jnp_select_condlist_lengths():
    return jnp.select([jnp.ones(3, bool)], [jnp.ones(3), jnp.ones(3)])


@mistake("with 1 condition(s), either 1 or 2 functions are expected")
def r10_jnp_piecewise_funclist_length():
    return jnp.piecewise(jnp.ones(3), [jnp.ones(3, bool)], [1.0, 2.0, 3.0])


@mistake("mode='wrap2' not understood")
def r10_jnp_choose_mode():
    return jnp.choose(jnp.zeros(3, int), [jnp.ones(3)], mode="wrap2")


@mistake("The 'raise' mode to jnp.take is not supported")
def r10_jnp_take_mode():
    return jnp.take(jnp.ones(3), 1, mode="raise")


@mistake("jax.numpy.place cannot modify arrays in-place, because JAX arrays are immutable")
def r10_jnp_place():
    return jnp.place(jnp.ones(3), jnp.ones(3, bool), 0.0)


@mistake("jax.numpy.put cannot modify arrays in-place, because JAX arrays are immutable")
def r10_jnp_put_inplace():
    return jnp.put(jnp.ones(3), 0, 1.0)


@mistake("JAX arrays are immutable, must use inplace=False")
def r10_jnp_fill_diagonal_inplace():
    return jnp.fill_diagonal(jnp.ones((2, 2)), 0.0)


@mistake("diag input must be 1d or 2d")
def r10_jnp_diag_3d():
    return jnp.diag(jnp.ones((2, 2, 2)))


@mistake("iota shape must have every element be nonnegative")
def r10_jnp_tri_negative():
    return jnp.tri(-1)


@mistake("Argument to jax.numpy.tril must be at least 2D")
def r10_jnp_tril_1d():
    return jnp.tril(jnp.ones(3))


@mistake("Only 2-D inputs are accepted")
def r10_jnp_tril_indices_from_1d():
    return jnp.tril_indices_from(jnp.ones(3))


@mistake("x must be a one-dimensional array")
def r10_jnp_kron_string():
    return jnp.vander(x23)


@mistake("N must be nonnegative")
def r10_jnp_vander_negative_n():
    return jnp.vander(jnp.ones(3), N=-1)


@mistake("Valid values for indexing are 'xy' and 'ij'")
def r10_jnp_meshgrid_indexing():
    return jnp.meshgrid(jnp.ones(2), jnp.ones(3), indexing="xx")


@mistake("'float' object cannot be interpreted as an integer")
def r10_jnp_indices_dimensions_float():
    return jnp.indices((2.5, 3))


@mistake("Unimplemented padding mode 'mirror' for np.pad")
def r10_jnp_pad_mode_unknown():
    return jnp.pad(jnp.ones(3), 1, mode="mirror")


@mistake("jnp.pad: constant_values has unsupported shape")
def r10_jnp_pad_constant_values_shape():
    return jnp.pad(jnp.ones(3), 1, constant_values=(1, 2, 3))


@mistake("unsupported keyword arguments for mode 'constant'")
def r10_jnp_pad_extra_kwarg():
    return jnp.pad(jnp.ones(3), 1, mode="constant", stat_length=2)


@mistake("all elements of `new_shape` must be non-negative")
def r10_jnp_resize_negative():
    return jnp.resize(jnp.ones(3), (-1,))


@mistake("Cannot broadcast to shape with fewer dimensions")
def r10_jnp_broadcast_to_smaller():
    return jnp.broadcast_to(x23, (3,))


@mistake("Incompatible shapes for broadcasting")
def r10_jnp_broadcast_shapes_mismatch():
    return jnp.broadcast_shapes((2, 3), (4,))


@mistake("Incompatible shapes for broadcasting")
def r10_jnp_broadcast_arrays_mismatch():
    return jnp.broadcast_arrays(jnp.ones(2), jnp.ones(3))


@mistake("Mismatched list depths in jax.numpy.block")
def r10_jnp_block_depth():
    return jnp.block([[jnp.ones(2)], jnp.ones(2)])


@mistake("Need at least one array to stack")
def r10_jnp_stack_empty():
    return jnp.stack([])


@mistake("list index out of range")
def r10_jnp_hstack_empty():
    return jnp.hstack([])


@mistake(
    "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated",
)
def r10_jnp_column_stack_shapes():
    return jnp.column_stack([jnp.ones(2), jnp.ones(3)])


@mistake(
    "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated",
)
def r10_jnp_dstack_shapes():
    return jnp.dstack([jnp.ones(2), jnp.ones(3)])


@mistake("array split does not result in an equal division")
def r10_jnp_split_sections_uneven():
    return jnp.split(jnp.ones(5), 2)


@mistake("Axes must be different")
def r10_jnp_rot90_axes_same():
    return jnp.rot90(x23, axes=(0, 0))


@mistake("rot90 requires its first argument to have ndim at least two")
def r10_jnp_rot90_1d():
    return jnp.rot90(jnp.ones(3))


@mistake("Inconsistent number of elements")
def r10_jnp_moveaxis_lengths():
    return jnp.moveaxis(x23, (0, 1), (0,))


@mistake("transpose permutation isn't a permutation of operand dimensions")
def r10_jnp_moveaxis_repeated():
    return jnp.moveaxis(x23, (0, 0), (0, 1))


@mistake("transpose permutation isn't a permutation of operand dimensions")
def r10_jnp_transpose_axes_repeated():
    return jnp.transpose(x23, (0, 0))


@mistake("cannot select an axis to squeeze out which has size not equal to one")
def r10_jnp_squeeze_not_one():
    return jnp.squeeze(x23, axis=0)


@mistake("repeated axis in lax.expand_dims")
def r10_jnp_expand_dims_repeated():
    return jnp.expand_dims(x23, (0, 0))


@mistake("reshape() got an unexpected keyword argument 'newshape'")
def r10_jnp_reshape_newshape_kw():
    return jnp.reshape(x23, newshape=(3, 2))


@mistake("np.reshape order=A is not implemented")
def r10_jnp_ravel_order():
    return jnp.ravel(x23, order="A")


@mistake("Non-hashable static arguments are not supported")
def r10_jnp_round_decimals_traced():
    return jax.jit(jnp.round)(x23, 2)


@mistake("isin() got an unexpected keyword argument 'kind'")
def r10_jnp_isin_invert_string():
    return jnp.isin(jnp.ones(3), jnp.ones(2), kind="table")


@mistake("Abstract tracer value encountered where concrete value is expected")
def r10_jnp_setdiff1d_traced():
    return jax.jit(jnp.setdiff1d)(jnp.ones(3), jnp.ones(2))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r10_jnp_intersect1d_assume_unique_string():
    return jax.jit(jnp.intersect1d)(jnp.ones(3), jnp.ones(2))


@mistake(
    "method can only be 'linear', 'lower', 'higher', 'midpoint', 'nearest' or 'inverted_cdf'",
)
def r10_jnp_quantile_method():
    return jnp.quantile(jnp.ones(3), 0.5, method="closest")


@mistake("m has more than 2 dimensions")
def r10_jnp_corrcoef_3d():
    return jnp.corrcoef(jnp.ones((2, 2, 2)))


@mistake('Invalid norm value orthogonal; should be "backward","ortho" or "forward"')
def r10_jnp_fft_fft_norm():
    return jnp.fft.fft(jnp.ones(4), norm="orthogonal")


@mistake("Shape and axes have different lengths")
def r10_jnp_fft_fftn_s_axes_lengths():
    return jnp.fft.fftn(x23, s=(2, 3), axes=(0,))


@mistake("Shape should be positive")
def r10_jnp_fft_irfft_n_zero():
    return jnp.fft.irfft(jnp.ones(4), n=0)


@mistake("Shape should be positive")
def r10_jnp_fft_fft_n_negative():
    return jnp.fft.fft(jnp.ones(4), n=-2)


@mistake("axis -2 is out of bounds for array of dimension 1")
def r10_jnp_fft_fft2_1d():
    return jnp.fft.fft2(jnp.ones(4))


@mistake("only real valued inputs supported for rfft")
def r10_jnp_fft_rfft_complex():
    return jnp.fft.rfft(jnp.ones(4, jnp.complex64))


@mistake("not a valid gufunc signature")
def r10_jnp_vectorize_signature_bad():
    return jnp.vectorize(jnp.sum, signature="(n)->()x")(x23)


@mistake("does not have enough dimensions for all core dimensions ('n', 'm')")
def r10_jnp_vectorize_signature_mismatch():
    return jnp.vectorize(lambda a: a, signature="(n,m)->(n)")(jnp.ones(3))


@mistake("outer only supported for binary ufuncs")
def r10_jnp_ufunc_outer_unary():
    return jnp.negative.outer(jnp.ones(3), jnp.ones(3))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r10_jnp_ufunc_accumulate_axis():
    return jnp.add.accumulate(x23, axis=2)


@mistake("reduceat: indices must be one-dimensional")
def r10_jnp_ufunc_reduceat_indices_2d():
    return jnp.add.reduceat(jnp.ones(4), jnp.zeros((2, 2), int))


@mistake("out argument of <jnp.ufunc 'add'>")
def r10_jnp_ufunc_out_kw():
    return jnp.add(jnp.ones(3), 1.0, out=jnp.zeros(3))


@mistake("where argument of <jnp.ufunc 'multiply'>")
def r10_jnp_ufunc_where_kw():
    return jnp.multiply(jnp.ones(3), 2.0, where=jnp.ones(3, bool))


@mistake("sin() takes 1 positional argument but 2 were given")
def r10_jnp_sin_two_args():
    return jnp.sin(jnp.ones(3), jnp.ones(3))


@mistake("ldexp not supported for input types")
def r10_jnp_ldexp_float_exponent():
    return jnp.ldexp(jnp.ones(3), jnp.ones(3))


@mistake("shift_left does not accept dtype float32 at position 0")
def r10_jnp_left_shift_float():
    return jnp.left_shift(jnp.ones(3), 1)


@mistake("Arguments to jax.numpy.gcd must be integers")
def r10_jnp_gcd_float():
    return jnp.gcd(jnp.ones(3), jnp.ones(3))


@mistake("population_count does not accept dtype float32")
def r10_jnp_bitwise_count_float():
    return jnp.bitwise_count(jnp.ones(3))


@mistake("lt does not accept dtype complex64 at position 0")
def r10_jnp_heaviside_complex():
    return jnp.heaviside(jnp.ones(3, jnp.complex64), 0.5)


@mistake("rem does not accept dtype complex64 at position 0")
def r10_jnp_fmod_complex():
    return jnp.fmod(jnp.ones(3, jnp.complex64), 2.0)


@mistake("floor_divide does not support complex-valued inputs")
def r10_jnp_floor_divide_complex():
    return jnp.floor_divide(jnp.ones(3, jnp.complex64), 2.0)


@mistake("jax.numpy.signbit is not well defined for complex64")
def r10_jnp_signbit_complex():
    return jnp.signbit(jnp.ones(3, jnp.complex64))


@mistake("floor does not accept dtype complex64")
def r10_jnp_floor_complex():
    return jnp.floor(jnp.ones(3, jnp.complex64))


@mistake("jnp.hypot is not well defined for complex-valued inputs")
def r10_jnp_hypot_complex():
    return jnp.hypot(jnp.ones(3, jnp.complex64), 1.0)


@mistake("copysign does not support complex-valued inputs")
def r10_jnp_copysign_complex():
    return jnp.copysign(jnp.ones(3, jnp.complex64), 1.0)


@mistake("nextafter does not accept dtype complex64 at position 0")
def r10_jnp_nextafter_complex():
    return jnp.nextafter(jnp.ones(3, jnp.complex64), 1.0)


@mistake("frexp does not support complex-valued inputs")
def r10_jnp_frexp_complex():
    return jnp.frexp(jnp.ones(3, jnp.complex64))


@mistake("'kind' argument to sort is not supported")
def r10_jnp_sort_complex_kind():
    return jnp.sort(jnp.ones(3), kind="quicksort", stable=False, descending="x")


@mistake("axis 5 is out of bounds for array of dimension 3")
def r10_jnp_partition_kth_out_of_range():
    return jnp.partition(jnp.ones(3), 5)


@mistake("axis -5 is out of bounds for array of dimension 3")
def r10_jnp_argpartition_kth_negative():
    return jnp.argpartition(jnp.ones(3), -5)


@mistake("division by zero")
def r10_jnp_arange_step_zero():
    return jnp.arange(0, 5, 0)


@mistake(
    "Passing complex start/stop/step to jnp.arange is no longer supported starting in JAX v0.10.0",
)
def r10_jnp_arange_complex():
    return jnp.arange(1j)


@mistake("Number of samples, -2, must be non-negative")
def r10_jnp_linspace_num_negative():
    return jnp.linspace(0, 1, -2)


@mistake("'float' object cannot be interpreted as an integer")
def r10_jnp_logspace_num_float():
    return jnp.logspace(0, 1, 2.5)


@mistake("k must be a scalar integer")
def r10_jnp_eye_k_float():
    return jnp.eye(3, k=0.5)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r10_jnp_identity_float():
    return jnp.identity(2.5)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r10_jnp_full_shape_string():
    return jnp.full("3", 1.0)


@mistake("broadcast_in_dim shape must have every element be nonnegative")
def r10_jnp_zeros_negative():
    return jnp.zeros((-1, 2))


@mistake("broadcast_in_dim shape must have every element be nonnegative")
def r10_jnp_ones_like_shape_negative():
    return jnp.ones_like(x23, shape=(-2,))


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r10_jnp_fromfunction_shape_float():
    return jnp.fromfunction(lambda i: i, (2.5,))


@mistake("The binary mode of fromstring is removed, use frombuffer instead")
def r10_jnp_fromstring_sep():
    return jnp.fromstring("1 2", sep="")


@mistake(
    "The array passed to from_dlpack must have __dlpack__ and __dlpack_device__ methods",
)
def r10_jnp_from_dlpack_list():
    return jnp.from_dlpack([1, 2])


@mistake("Expected an input array of integer or boolean data type")
def r10_jnp_packbits_float():
    return jnp.packbits(jnp.ones(8))


@mistake("Expected an input array of unsigned byte data type")
def r10_jnp_unpackbits_int32():
    return jnp.unpackbits(jnp.ones(8, jnp.int32))


@mistake("'order' must be either 'little' or 'big'")
def r10_jnp_packbits_bitorder():
    return jnp.packbits(jnp.ones(8, jnp.uint8), bitorder="middle")


@mistake("tensordot requires axes lists to have equal length")
def r10_jnp_tensordot_axes_lengths():
    return jnp.tensordot(x23, x23, axes=[(0, 1), (0,)])


@mistake("dot_general requires contracting dimensions to have the same shape")
def r10_jnp_inner_shapes():
    return jnp.inner(jnp.ones(2), jnp.ones(3))


@mistake("dot_general requires contracting dimensions to have the same shape")
def r10_jnp_vdot_sizes():
    return jnp.vdot(jnp.ones(2), jnp.ones(3))


@mistake("inconsistent size for core dimension 'm'")
def r10_jnp_matvec_shapes():
    return jnp.matvec(x23, jnp.ones(2))


@mistake("inconsistent size for core dimension 'n'")
def r10_jnp_vecmat_shapes():
    return jnp.vecmat(jnp.ones(3), x23)


@mistake("Dimension must be either 2 or 3 for cross product")
def r10_jnp_cross_dims():
    return jnp.cross(jnp.ones(4), jnp.ones(4))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r10_jnp_trace_1d():
    return jnp.trace(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# io_callback, debug, ensure_compile_time_eval, pure_callback


@mistake("INTERNAL: CpuCallback error calling callback: Traceback")
def r10_io_callback_result_shape_missing():
    return jax.jit(lambda x: jax.experimental.io_callback(lambda x: x, None, x))(jnp.ones(2))


@mistake("Cannot `vmap` ordered IO callback")
def r10_io_callback_ordered_vmap():
    cb, sds = _sub("experimental").io_callback, jax.ShapeDtypeStruct((), jnp.float32)
    return jax.vmap(lambda x: cb(lambda y: y, sds, x, ordered=True))(jnp.ones(2))


@mistake(
    "vmap_method must be on of the allowed methods ['sequential', 'sequential_unrolled', 'expand_dims', 'broadcast_all', 'legacy_vectorized', None]",
)
def r10_pure_callback_vmap_method_bad():
    return jax.pure_callback(
        lambda x: x, jax.ShapeDtypeStruct((2,), jnp.float32), jnp.ones(2), vmap_method="loop"
    )


@mistake("tuple index out of range")
def r10_debug_print_format_missing_arg():
    return jax.jit(lambda x: jax.debug.print("{} {}", x))(1.0)


@mistake("first argument to jax.debug.callback must be callable")
def r10_debug_callback_not_callable():
    return jax.debug.callback(3, 1.0)


@mistake("`visualize_sharding` only works for shapes with 1 and 2 dimensions")
def r10_debug_visualize_sharding_3d():
    return jax.debug.visualize_array_sharding(jnp.ones((2, 2, 2)))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r10_ensure_compile_time_eval_traced():
    with jax.ensure_compile_time_eval():
        return jax.jit(lambda x: int(x))(1.0)


@mistake("Argument 'a' of type <class 'str'> is not a valid JAX type")
def r10_lax_stop_gradient_string():
    return lax.stop_gradient("a")


@mistake("'numpy.ndarray' object has no attribute 'nonexistent'")
def r10_jax_device_get_bad():
    return jax.device_get(jnp.ones(2)).nonexistent


@mistake("Unknown backend tpu9. Available backends are ['cpu']")
def r10_jax_devices_backend_unknown():
    return jax.devices("tpu9")


@mistake("Unknown process_index 5")
def r10_jax_local_devices_process_index():
    return jax.local_devices(process_index=5)


@mistake("jax.default_device must be passed either a Device object")
def r10_jax_default_device_string():
    with jax.default_device("cpu:0"):
        return jnp.ones(2) + 1


@mistake("Argument 'a' of type <class 'str'> is not a valid JAX type")
def r10_jax_typeof_string():
    return jax.typeof("a")


@mistake("Transpose rule (for reverse-mode differentiation) for 'sin' not implemented")
def r10_jax_linear_transpose_nonlinear():
    return jax.linear_transpose(jnp.sin, 1.0)(1.0)


@mistake("cotangent type does not match function output")
def r10_jax_linear_transpose_cotangent_shape():
    return jax.linear_transpose(lambda x: 2 * x, jnp.ones(2))(jnp.ones(3))


@mistake("the first argument must be callable")
def r10_jax_closure_convert_not_callable():
    return jax.closure_convert(3, 1.0)


@mistake("in case of int/bool primal dtype the tangent dtype must be float0")
def r10_jax_jvp_tangent_dtype_int():
    return jax.jvp(jnp.sin, (1.0,), (1,))


@mistake("unexpected JAX type (e.g. shape/dtype) for argument to VJP function")
def r10_jax_vjp_cotangent_shape():
    _, f_vjp = jax.vjp(jnp.sin, jnp.ones(2))
    return f_vjp(jnp.ones(3))


@mistake(
    "requires at least 3 positional arguments to be passed by the caller, but got only 2 positional arguments",
)
def r10_jax_grad_argnums_tuple_out_of_range():
    return jax.grad(lambda x, y: x, argnums=(0, 2))(1.0, 2.0)


@mistake("reduce_axes argument to grad is deprecated")
def r10_jax_grad_reduce_axes():
    return jax.grad(lambda x: x, reduce_axes=("i",))(1.0)


@mistake("jacrev with holomorphic=True requires inputs with complex dtype")
def r10_jax_jacrev_holomorphic_real():
    return jax.jacrev(lambda x: x, holomorphic=True)(1.0)


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but got int32",
)
def r10_jax_jacfwd_int_input():
    return jax.jacfwd(lambda x: x)(1)


@mistake("Gradient only defined for scalar-output functions")
def r10_jax_value_and_grad_vector_output():
    return jax.value_and_grad(lambda x: x)(jnp.ones(2))


@mistake("Argument 'a' of type <class 'str'> is not a valid JAX type")
def r10_jax_linearize_string():
    return jax.linearize(jnp.sin, "a")


@mistake(
    "sharding should be an instance of `jax.sharding.Sharding`, `jax.sharding.PartitionSpec` or `jax.experimental.layout.Format`",
)
def r10_jax_named_shape_pure_callback_sharding():
    return jax.pure_callback(
        lambda x: x, jax.ShapeDtypeStruct((2,), jnp.float32, sharding="x"), jnp.ones(2)
    )


# ---------------------------------------------------------------------------------------------
# Operators with operands that are not values: Python's and JAX's "unsupported operand" words


@mistake("unsupported operand type(s) for -")
def r10_op_array_minus_none():
    return jnp.ones(3) - None


@mistake("unsupported operand type(s) for *: 'ArrayImpl' and 'tuple'")
def r10_op_array_times_tuple():
    return jnp.ones(3) * (1.0, 2.0, 3.0)


@mistake("unsupported operand type(s) for @")
def r10_op_array_matmul_list():
    return jnp.ones(3) @ [1.0, 2.0, 3.0]


@mistake("unsupported operand type(s) for ** or pow()")
def r10_op_array_pow_list():
    return jnp.ones(3) ** [2, 2, 2]


@mistake("unsupported operand type(s) for /")
def r10_op_array_truediv_str():
    return jnp.ones(3) / "2"


@mistake("unsupported operand type(s) for +: 'list' and 'ArrayImpl'")
def r10_op_list_plus_array():
    return [1.0, 2.0, 3.0] + jnp.ones(3)


@mistake("unsupported operand type(s) for +")
def r10_op_tracer_plus_str_in_jit():
    return jax.jit(lambda x: x + "1")(jnp.ones(3))


@mistake("unsupported operand type(s) for +")
def r10_op_tracer_plus_tuple_in_grad():
    return jax.grad(lambda x: jnp.sum(x + (1.0, 2.0, 3.0)))(jnp.ones(3))


@mistake("unsupported operand type(s) for ==: 'ArrayImpl' and 'list'")
def r10_op_array_eq_list():
    return jnp.ones(3) == [1.0, 1.0, 1.0]


@mistake("unsupported operand type(s) for ==: 'ArrayImpl' and 'tuple'")
def r10_op_array_ne_tuple():
    return jnp.ones(3) != (1.0, 1.0, 1.0)


@mistake("'<' not supported between instances of")
def r10_op_array_lt_str():
    return jnp.ones(3) < "1"


@mistake("'>=' not supported between instances of")
def r10_op_array_ge_none():
    return jnp.ones(3) >= None


@mistake("unsupported operand type(s) for %")
def r10_op_array_mod_dict():
    return jnp.ones(3) % {"a": 1}


@mistake("unsupported operand type(s) for &")
def r10_op_array_and_set():
    return jnp.ones(3, bool) & {True}


@mistake("unsupported operand type(s) for ==")
def r10_op_tracer_eq_list_in_vmap():
    return jax.vmap(lambda x: x == [1.0, 2.0])(jnp.ones((3, 2)))
