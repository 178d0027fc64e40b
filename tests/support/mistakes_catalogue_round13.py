# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 13 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules): the
less-used corners of the APIs: jnp's unique_* / poly* / histogram / index helpers / nan and
rounding functions, lax's reductions, scatters, bit ops, patches, custom_root /
custom_linear_solve, rng_bit_generator, approx_min_k, jax.nn's activations and initializers,
lognormal / multinomial / maxwell samplers, and mistakes made inside transforms with them (the
traceback must end on the user's line in the body). A bare `@mistake()` marks a program JAX
0.10.2 accepts (meshjit must too). The runner executes it after the earlier rounds, in the same
namespace (`mesh2`, `emesh`, `_sub`, `_smap`, `_eput`, ... are in scope)."""


def _nn():
    return _sub("nn")


# ---------------------------------------------------------------------------------------------
# jnp.unique_*: axis, size, traced inputs


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[4]"
)
def r13_unique_values_in_jit():
    return jax.jit(lambda x: jnp.unique_values(x))(jnp.arange(4))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[4]"
)
def r13_unique_counts_in_jit():
    return jax.jit(lambda x: jnp.unique_counts(x))(jnp.arange(4))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape float32[3]"
)
def r13_unique_inverse_in_vmap():
    return jax.vmap(jnp.unique_inverse)(jnp.ones((2, 3)))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r13_unique_axis_out_of_range():
    return jnp.unique(jnp.ones((2, 3)), axis=2)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_unique_size_traced():
    return jax.jit(lambda x, n: jnp.unique(x, size=n))(jnp.arange(4), 3)


@mistake("asarray: expected ArrayLike, got abc of type <class 'str'>.")
def r13_unique_string_input():
    return jnp.unique_values("abc")


@mistake("'float' object cannot be interpreted as an integer")
def r13_unique_size_float():
    return jnp.unique(jnp.arange(4), size=2.5)


# ---------------------------------------------------------------------------------------------
# jnp.poly*


@mistake()
def r13_polyadd_2d():
    return jnp.polyadd(jnp.ones((2, 2)), jnp.ones(2))


@mistake("Cannot broadcast to shape with fewer dimensions: arr_shape=(2, 2) shape=(2,)")
def r13_polysub_2d():
    return jnp.polysub(jnp.ones(2), jnp.ones((2, 2)))


@mistake("convolve() only support 1-dimensional inputs.")
def r13_polymul_2d():
    return jnp.polymul(jnp.ones((2, 2)), jnp.ones(2))


@mistake("Cannot broadcast to shape with fewer dimensions: arr_shape=(2,) shape=()")
def r13_polydiv_2d():
    return jnp.polydiv(jnp.ones((2, 2)), jnp.ones(2))


@mistake("Order of derivative must be positive")
def r13_polyder_negative_order():
    return jnp.polyder(jnp.ones(3), m=-1)


@mistake()
def r13_polyder_2d():
    return jnp.polyder(jnp.ones((2, 3)))


@mistake("Order of integral must be positive (see polyder)")
def r13_polyint_negative_order():
    return jnp.polyint(jnp.ones(3), m=-1)


@mistake("k must be a scalar or a rank-1 array of length 1 or m.")
def r13_polyint_k_wrong_length():
    return jnp.polyint(jnp.ones(3), m=2, k=jnp.ones(3))


@mistake("Non-hashable static arguments are not supported")
def r13_polyint_order_traced():
    return jax.jit(lambda p, m: jnp.polyint(p, m=m))(jnp.ones(3), 2)


@mistake("Non-hashable static arguments are not supported")
def r13_polyder_order_traced():
    return jax.jit(lambda p, m: jnp.polyder(p, m=m))(jnp.ones(3), 1)


@mistake("expected deg >= 0")
def r13_polyfit_degree_negative():
    return jnp.polyfit(jnp.arange(4.0), jnp.arange(4.0), -1)


@mistake("expected 1D vector for x")
def r13_polyfit_x_2d():
    return jnp.polyfit(jnp.ones((2, 2)), jnp.ones(2), 1)


@mistake("expected x and y to have same length")
def r13_polyfit_lengths_differ():
    return jnp.polyfit(jnp.arange(4.0), jnp.arange(3.0), 1)


@mistake("Input must be a rank-1 array.")
def r13_roots_2d():
    return jnp.roots(jnp.ones((2, 2)))


@mistake("input must be 1d or non-empty square 2d array.")
def r13_poly_3d():
    return jnp.poly(jnp.ones((2, 2, 2)))


@mistake("asarray: expected ArrayLike, got ab of type <class 'str'>.")
def r13_polymul_string():
    return jnp.polymul("ab", jnp.ones(2))


# ---------------------------------------------------------------------------------------------
# histograms, bins, digitize


@mistake()
def r13_histogram_bin_edges_negative_bins():
    return jnp.histogram_bin_edges(jnp.arange(4.0), bins=-1)


@mistake("string values for `bins` not implemented.")
def r13_histogram_bin_edges_string_bins():
    return jnp.histogram_bin_edges(jnp.arange(4.0), bins="auto")


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_histogram_bins_traced():
    return jax.jit(lambda x, b: jnp.histogram(x, bins=b))(jnp.arange(4.0), 3)


@mistake("weights should have the same shape as a.")
def r13_histogram_weights_shape():
    return jnp.histogram(jnp.arange(4.0), bins=3, weights=jnp.ones(3))


@mistake("should be a bin for each dimension.")
def r13_histogramdd_bins_length():
    return jnp.histogramdd(jnp.ones((5, 2)), bins=[3, 3, 3])


@mistake("too many values to unpack (expected 2)")
def r13_histogramdd_1d_sample():
    return jnp.histogramdd(jnp.ones((2, 3, 4)), bins=3)


@mistake(
    "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated: concate"
)
def r13_histogram2d_lengths_differ():
    return jnp.histogram2d(jnp.ones(4), jnp.ones(3), bins=3)


@mistake("x argument to bincount must have an integer type; got float32")
def r13_bincount_float():
    return jnp.bincount(jnp.ones(3))


@mistake("only 1-dimensional input supported.")
def r13_bincount_2d():
    return jnp.bincount(jnp.ones((2, 2), jnp.int32))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[3]"
)
def r13_bincount_in_jit_without_length():
    return jax.jit(jnp.bincount)(jnp.arange(3))


@mistake("digitize: bins must be a 1-dimensional array; got bins=")
def r13_digitize_2d_bins():
    return jnp.digitize(jnp.ones(3), jnp.ones((2, 2)))


@mistake(
    "invalid argument method='fast', expected one of ['compare_all', 'scan', 'scan_unrolled', 'sort']"
)
def r13_digitize_right_string():
    return jnp.digitize(jnp.ones(3), jnp.arange(3.0), method="fast")


@mistake("invalid argument side='middle', expected 'left' or 'right'")
def r13_searchsorted_side():
    return jnp.searchsorted(jnp.arange(3.0), 1.0, side="middle")


@mistake(
    "invalid argument method='fast', expected one of ['compare_all', 'scan', 'scan_unrolled', 'sort']"
)
def r13_searchsorted_method():
    return jnp.searchsorted(jnp.arange(3.0), 1.0, method="fast")


# ---------------------------------------------------------------------------------------------
# index helpers


@mistake()
def r13_ediff1d_to_end_float_for_int():
    return jnp.ediff1d(jnp.arange(3), to_end=jnp.float32(1.5))


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path ary",
)
def r13_ediff1d_string():
    return jnp.ediff1d("abc")


@mistake("All dimensions of input must be of equal length")
def r13_diag_indices_from_non_square():
    return jnp.diag_indices_from(jnp.ones((2, 3)))


@mistake("input array must be at least 2-d")
def r13_diag_indices_from_1d():
    return jnp.diag_indices_from(jnp.ones(3))


@mistake("n argument to diag_indices must be nonnegative, got -1")
def r13_diag_indices_negative():
    return jnp.diag_indices(-1)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_diag_indices_traced():
    return jax.jit(lambda n: jnp.diag_indices(n))(3)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_tril_indices_traced():
    return jax.jit(lambda n: jnp.tril_indices(n))(3)


@mistake("Only 2-D inputs are accepted")
def r13_tril_indices_from_1d():
    return jnp.tril_indices_from(jnp.ones(3))


@mistake("Only 2-D inputs are accepted")
def r13_triu_indices_from_3d():
    return jnp.triu_indices_from(jnp.ones((2, 2, 2)))


@mistake("'float' object cannot be interpreted as an integer")
def r13_triu_indices_k_float():
    return jnp.triu_indices(3, k=0.5)


@mistake("Arguments to jax.numpy.ix_ must be 1-dimensional, got shape (2, 2)")
def r13_ix_2d_input():
    return jnp.ix_(jnp.ones((2, 2), jnp.int32))


@mistake()
def r13_ix_float_input():
    return jnp.ix_(jnp.ones(2))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (")
def r13_mask_indices_traced_n():
    return jax.jit(lambda n: jnp.mask_indices(n, jnp.triu))(3)


@mistake("'str' object is not callable")
def r13_mask_indices_not_a_function():
    return jnp.mask_indices(3, "triu")


@mistake()
def r13_unravel_index_float():
    return jnp.unravel_index(jnp.float32(3.0), (2, 3))


@mistake()
def r13_ravel_multi_index_mode():
    return jnp.ravel_multi_index((jnp.arange(2), jnp.arange(2)), (2, 3), mode="raise")


@mistake("array must be at least 2-d")
def r13_fill_diagonal_1d():
    return jnp.fill_diagonal(jnp.ones(3), 0.0, inplace=False)


@mistake("JAX arrays are immutable, must use inplace=False")
def r13_fill_diagonal_inplace():
    return jnp.fill_diagonal(jnp.ones((3, 3)), 0.0)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (12.25,).")
def r13_diagflat_k_float():
    return jnp.diagflat(jnp.ones(3), k=0.5)


@mistake("diag input must be 1d or 2d")
def r13_diag_3d():
    return jnp.diag(jnp.ones((2, 2, 2)))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r13_trace_axis_out_of_range():
    return jnp.trace(jnp.ones((3, 3)), axis1=0, axis2=2)


@mistake("iota shape must have every element be nonnegative, got (-1, -1).")
def r13_tri_negative():
    return jnp.tri(-1)


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (",
    "argument of 'N' jnp.eye()",
)
def r13_eye_traced_n():
    return jax.jit(lambda n: jnp.eye(n))(3)


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (2.5,)",
    "argument of 'N' jnp.eye()",
)
def r13_identity_float():
    return jnp.identity(2.5)


# ---------------------------------------------------------------------------------------------
# nan_to_num, unwrap, float_power, modf, rounding, isdtype


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path x.",
)
def r13_nan_to_num_string():
    return jnp.nan_to_num("a")


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (2,), (3,)]")
def r13_nan_to_num_nan_array():
    return jnp.nan_to_num(jnp.ones(3), nan=jnp.ones(2))


@mistake("tuple index out of range")
def r13_unwrap_axis_out_of_range():
    return jnp.unwrap(jnp.ones(3), axis=1)


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path pe",
)
def r13_unwrap_int_period_string():
    return jnp.unwrap(jnp.ones(3), period="2pi")


@mistake("pow got incompatible shapes for broadcasting: (3,), (4,).")
def r13_float_power_shapes():
    return jnp.float_power(jnp.ones(3), jnp.ones(4))


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path",
)
def r13_float_power_string():
    return jnp.float_power(jnp.ones(3), "2")


@mistake("The 'out' argument to jnp.modf is not supported")
def r13_modf_out():
    return jnp.modf(jnp.ones(3), out=jnp.ones(3))


@mistake("'float' object cannot be interpreted as an integer")
def r13_around_decimals_float():
    return jnp.around(jnp.ones(3), decimals=1.5)


@mistake("Non-hashable static arguments are not supported")
def r13_round_decimals_traced():
    return jax.jit(lambda x, d: jnp.round(x, d))(jnp.ones(3), 2)


@mistake(
    "Unrecognized kind='real' expected one of ['bool', 'signed integer', 'unsigned integer', 'integral', 'real floa"
)
def r13_isdtype_bad_kind():
    return jnp.isdtype(jnp.float32, "real")


@mistake("Expected kind to be a dtype, string, or tuple; got kind=3")
def r13_isdtype_int_kind():
    return jnp.isdtype(jnp.float32, 3)


@mistake()
def r13_isdtype_array_as_dtype():
    return jnp.isdtype(jnp.ones(3), "real floating")


@mistake("gt got incompatible shapes for broadcasting: (3,), (2,).")
def r13_fmax_shapes():
    return jnp.fmax(jnp.ones(3), jnp.ones(2))


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path x2",
)
def r13_fmin_string():
    return jnp.fmin(jnp.ones(3), "a")


@mistake("Unsupported input type to", "i0: complex64")
def r13_i0_complex():
    return jnp.i0(jnp.ones(3, jnp.complex64))


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path x.",
)
def r13_sinc_string():
    return jnp.sinc("x")


@mistake()
def r13_spacing_int():
    return jnp.spacing(jnp.arange(3))


@mistake("max got incompatible shapes for broadcasting: (3,), (4,).")
def r13_logaddexp2_shapes():
    return jnp.logaddexp2(jnp.ones(3), jnp.ones(4))


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path x.",
)
def r13_rint_complex_ok_string():
    return jnp.rint("1.5")


@mistake("does not accept dtype complex64")
def r13_trunc_complex():
    return jnp.trunc(jnp.ones(3, jnp.complex64))


@mistake("ufunc 'fabs' does not support complex dtypes")
def r13_fabs_complex():
    return jnp.fabs(jnp.ones(3, jnp.complex64))


@mistake("copysign does not support complex-valued inputs")
def r13_copysign_complex():
    return jnp.copysign(jnp.ones(3, jnp.complex64), 1.0)


@mistake("max got incompatible shapes for broadcasting: (2, 3), (3, 2).")
def r13_logaddexp_complex_ok_shapes():
    return jnp.logaddexp(jnp.ones((2, 3)), jnp.ones((3, 2)))


@mistake(
    "jnp.hypot is not well defined for complex-valued inputs. Please convert to real values first, such as by using"
)
def r13_hypot_complex():
    return jnp.hypot(jnp.ones(3, jnp.complex64), 1.0)


@mistake("rem does not accept dtype complex64 at position 0")
def r13_fmod_complex():
    return jnp.fmod(jnp.ones(3, jnp.complex64), 2.0)


@mistake("cbrt does not accept dtype complex64. Accepted dtypes are subtypes of floating")
def r13_cbrt_complex():
    return jnp.cbrt(jnp.ones(3, jnp.complex64))


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path x.",
)
def r13_deg2rad_string():
    return jnp.deg2rad("90")


@mistake("sort_complex() got an unexpected keyword argument 'axis'")
def r13_sort_complex_2d_axis():
    return jnp.sort_complex(jnp.ones((2, 3)), axis=0)


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path b.",
)
def r13_isclose_string():
    return jnp.isclose(jnp.ones(3), "a")


@mistake("and got incompatible shapes for broadcasting: (3,), (4,).")
def r13_allclose_shapes():
    return jnp.allclose(jnp.ones(3), jnp.ones(4))


@mistake(
    "Value 'abc' with dtype <U3 is not a valid JAX array type. Only arrays of numeric types are supported by JAX."
)
def r13_array_equal_string():
    return jnp.array_equal(jnp.ones(3), "abc")


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (0,) for operand shape (2, 3)"
)
def r13_permute_dims_wrong_length():
    return jnp.permute_dims(jnp.ones((2, 3)), (0,))


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (1, 1) for operand shape (2, "
)
def r13_permute_dims_duplicate():
    return jnp.permute_dims(jnp.ones((2, 3)), (1, 1))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r13_fliplr_1d():
    return jnp.fliplr(jnp.ones(3))


@mistake("axis 0 is out of bounds for array of dimension 0")
def r13_flipud_scalar():
    return jnp.flipud(jnp.float32(1.0))


@mistake("Axes must be different")
def r13_rot90_same_axes():
    return jnp.rot90(jnp.ones((2, 3)), axes=(0, 0))


@mistake(
    "rot90 requires its first argument to have ndim at least two, but got first argument of shape (3,), which has n"
)
def r13_rot90_1d():
    return jnp.rot90(jnp.ones(3))


@mistake()
def r13_rot90_k_float():
    return jnp.rot90(jnp.ones((2, 3)), k=1.5)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r13_amax_axis_out_of_range():
    return jnp.amax(jnp.ones((2, 3)), axis=2)


@mistake("zero-size array to reduction operation min which has no identity")
def r13_amin_empty():
    return jnp.amin(jnp.ones((0, 3)), axis=0)


@mistake("tuple index out of range")
def r13_nanargmax_axis_out_of_range():
    return jnp.nanargmax(jnp.ones((2, 3)), axis=-3)


@mistake("attempt to get argmin of an empty sequence")
def r13_nanargmin_empty():
    return jnp.nanargmin(jnp.ones(0))


@mistake("duplicate value in 'axis': (0, 0)")
def r13_nanmin_axis_tuple_duplicate():
    return jnp.nanmin(jnp.ones((2, 3)), axis=(0, 0))


@mistake("axis 5 is out of bounds for array of dimension 2")
def r13_ptp_axis_out_of_range():
    return jnp.ptp(jnp.ones((2, 3)), axis=5)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r13_count_nonzero_axis_out_of_range():
    return jnp.count_nonzero(jnp.ones((2, 3)), axis=2)


@mistake("Axis must be specified when shapes of a and weights differ.")
def r13_average_weights_no_axis():
    return jnp.average(jnp.ones((2, 3)), weights=jnp.ones(3))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r13_median_axis_out_of_range():
    return jnp.median(jnp.ones((2, 3)), axis=2)


@mistake("method can only be 'linear', 'lower', 'higher', 'midpoint', 'nearest' or 'inverted_cdf'")
def r13_quantile_method():
    return jnp.quantile(jnp.ones(3), 0.5, method="fastest")


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path q",
)
def r13_percentile_q_string():
    return jnp.percentile(jnp.ones(3), "50")


@mistake("axis 1 is out of bounds for array of dimension 1")
def r13_nanquantile_axis_out_of_range():
    return jnp.nanquantile(jnp.ones(3), 0.5, axis=1)


@mistake(
    "The input array has rank 2, however axis was not set to an explicit value. The axis argument is only optional "
)
def r13_cumulative_sum_2d_no_axis():
    return jnp.cumulative_sum(jnp.ones((2, 3)))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r13_cumulative_prod_axis_out_of_range():
    return jnp.cumulative_prod(jnp.ones(3), axis=1)


@mistake("axis 2 is out of bounds for array of dimension 1")
def r13_nancumsum_axis_out_of_range():
    return jnp.nancumsum(jnp.ones(3), axis=2)


@mistake("order must be non-negative but got -1")
def r13_diff_n_negative():
    return jnp.diff(jnp.ones(3), n=-1)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r13_gradient_axis_out_of_range():
    return jnp.gradient(jnp.ones(3), axis=1)


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are required."
)
def r13_gradient_too_small():
    return jnp.gradient(jnp.ones(1))


@mistake("mul got incompatible shapes for broadcasting: (3,), (2,).")
def r13_trapezoid_x_shape():
    return jnp.trapezoid(jnp.ones(3), x=jnp.ones(4))


@mistake("xp and fp must be one-dimensional arrays of equal size")
def r13_interp_lengths_differ():
    return jnp.interp(1.0, jnp.arange(3.0), jnp.arange(4.0))


@mistake()
def r13_interp_period_zero():
    return jnp.interp(1.0, jnp.arange(3.0), jnp.arange(3.0), period=0)


@mistake("mode must be one of ['full', 'same', 'valid']")
def r13_correlate_mode():
    return jnp.correlate(jnp.ones(3), jnp.ones(2), mode="circular")


@mistake("convolve: inputs cannot be empty, got shapes (0,) and (2,).")
def r13_convolve_empty():
    return jnp.convolve(jnp.ones(0), jnp.ones(2))


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path b.",
)
def r13_outer_string():
    return jnp.outer(jnp.ones(3), "ab")


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path b.",
)
def r13_kron_string():
    return jnp.kron(jnp.ones(3), "ab")


@mistake("Dimension must be either 2 or 3 for cross product")
def r13_cross_wrong_size():
    return jnp.cross(jnp.ones(4), jnp.ones(4))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r13_cross_axis_out_of_range():
    return jnp.cross(jnp.ones((2, 3)), jnp.ones((2, 3)), axis=2)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r13_vdot_sizes():
    return jnp.vdot(jnp.ones(3), jnp.ones(4))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r13_inner_shapes():
    return jnp.inner(jnp.ones((2, 3)), jnp.ones((2, 4)))


@mistake("tensordot requires axes lists to have equal length, got [1] and [0, 1].")
def r13_tensordot_axes_lengths():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((3, 2)), axes=([1], [0, 1]))


@mistake(
    "inconsistent size for core dimension 'm': 4 vs 3 on vectorized function with excluded=frozenset() and signatur"
)
def r13_matvec_shapes():
    return jnp.matvec(jnp.ones((2, 3)), jnp.ones(4))


@mistake(
    "inconsistent size for core dimension 'n': 3 vs 4 on vectorized function with excluded=frozenset() and signatur"
)
def r13_vecmat_shapes():
    return jnp.vecmat(jnp.ones(4), jnp.ones((3, 2)))


@mistake("axes must match; got shapes (3,) and (4,) with axis=-1")
def r13_vecdot_shapes():
    return jnp.vecdot(jnp.ones(3), jnp.ones(4))


@mistake("x must be at least two-dimensional for matrix_transpose; got ndim=1")
def r13_matrix_transpose_1d():
    return jnp.matrix_transpose(jnp.ones(3))


@mistake("integer division or modulo by zero")
def r13_array_split_zero():
    return jnp.array_split(jnp.ones(4), 0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_array_split_traced():
    return jax.jit(lambda x, n: jnp.array_split(x, n))(jnp.ones(4), 2)


@mistake("axis 0 is out of bounds for array of dimension 0")
def r13_unstack_scalar():
    return jnp.unstack(jnp.float32(1.0))


@mistake()
def r13_trim_zeros_2d():
    return jnp.trim_zeros(jnp.ones((2, 2)))


@mistake()
def r13_trim_zeros_trim_mode():
    return jnp.trim_zeros(jnp.ones(3), trim="x")


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[3]"
)
def r13_setxor1d_size_traced():
    return jax.jit(lambda a, b: jnp.setxor1d(a, b))(jnp.arange(3), jnp.arange(2))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape float32[3]"
)
def r13_intersect1d_in_vmap():
    return jax.vmap(jnp.intersect1d)(jnp.ones((2, 3)), jnp.ones((2, 3)))


@mistake("asarray: expected ArrayLike, got abc of type <class 'str'>.")
def r13_isin_string():
    return jnp.isin(jnp.arange(3), "abc")


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_nonzero_size_traced():
    return jax.jit(lambda x, n: jnp.nonzero(x, size=n))(jnp.arange(3), 2)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_argwhere_in_vmap():
    return jax.vmap(jnp.argwhere)(jnp.ones((2, 3)))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r13_compress_axis_out_of_range():
    return jnp.compress(jnp.array([True, False]), jnp.ones((2, 3)), axis=2)


@mistake("condition must be a 1D array")
def r13_compress_condition_2d():
    return jnp.compress(jnp.ones((2, 2), bool), jnp.ones((2, 3)), axis=0)


@mistake("mode='bad' not understood. Must be 'raise', 'wrap', or 'clip'")
def r13_choose_mode():
    return jnp.choose(jnp.array([0, 1]), [jnp.ones(2), jnp.zeros(2)], mode="bad")


@mistake("condlist must have length equal to choicelist (1 vs 2)")
def r13_select_lengths():
    return jnp.select([jnp.ones(3, bool)], [jnp.ones(3), jnp.ones(3)])


@mistake("condlist must be non-empty")
def r13_select_empty():
    return jnp.select([], [])


@mistake("with 1 condition(s), either 1 or 2 functions are expected; got 3")
def r13_piecewise_lengths():
    return jnp.piecewise(jnp.ones(3), [jnp.ones(3, bool)], [1.0, 2.0, 3.0])


@mistake("Incompatible shapes for broadcasting: shapes=[(4,), (3,)]")
def r13_piecewise_condition_shape():
    return jnp.piecewise(jnp.ones(3), [jnp.ones(4, bool)], [1.0])


@mistake("axis 2 is out of bounds for array of dimension 2")
def r13_apply_along_axis_out_of_range():
    return jnp.apply_along_axis(jnp.sum, 2, jnp.ones((2, 3)))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r13_apply_over_axes_out_of_range():
    return jnp.apply_over_axes(jnp.sum, jnp.ones((2, 3)), [3])


@mistake("not a valid gufunc signature: (n)->")
def r13_vectorize_signature_bad():
    return jnp.vectorize(jnp.sum, signature="(n)->")(jnp.ones(3))


@mistake("input with shape (3,) does not have enough dimensions for all core dimensions ('n', 'm')")
def r13_vectorize_signature_mismatch():
    return jnp.vectorize(lambda x: x, signature="(n,m)->(n,m)")(jnp.ones(3))


@mistake()
def r13_vectorize_excluded_string():
    return jnp.vectorize(lambda x, y: x, excluded={"z"})(jnp.ones(3), 1)


@mistake(
    "r13_frompyfunc_nin_mismatch.<locals>.<lambda>() missing 1 required positional argument: 'y'"
)
def r13_frompyfunc_nin_mismatch():
    return jnp.frompyfunc(lambda x, y: x + y, nin=2, nout=1)(jnp.ones(3))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r13_ufunc_reduce_axis_out_of_range():
    return jnp.add.reduce(jnp.ones((2, 3)), axis=2)


@mistake("axis 3 is out of bounds for array of dimension 2")
def r13_ufunc_accumulate_axis_out_of_range():
    return jnp.multiply.accumulate(jnp.ones((2, 3)), axis=3)


@mistake("object has no attribute 'outer'")
def r13_ufunc_outer_non_binary():
    return jnp.sin.outer(jnp.ones(2), jnp.ones(2))


@mistake("Because JAX arrays are immutable, jnp.ufunc.at() cannot operate inplace like")
def r13_ufunc_at_non_inplace():
    return jnp.add.at(jnp.ones(3), 0, 1.0)


@mistake()
def r13_ufunc_reduceat_traced_indices():
    return jax.jit(lambda x, i: jnp.add.reduceat(x, i))(jnp.ones(4), jnp.array([0, 2]))


# ---------------------------------------------------------------------------------------------
# lax: reductions, bit ops, scatters, index helpers


@mistake("reduction axes (2,) contains out-of-bounds indices for float32[2,3].")
def r13_lax_reduce_min_axis_out_of_range():
    return lax.reduce_min(jnp.ones((2, 3)), (2,))


@mistake("duplicate value in 'axes' of reduction: (0, 0)")
def r13_lax_reduce_prod_duplicate_axes():
    return lax.reduce_prod(jnp.ones((2, 3)), (0, 0))


@mistake("logical reduction requires operand dtype bool or int, got float32.")
def r13_lax_reduce_xor_float():
    return lax.reduce_xor(jnp.ones(3), (0,))


@mistake("'int' object is not iterable")
def r13_lax_reduce_max_axes_not_sequence():
    return lax.reduce_max(jnp.ones((2, 3)), 0)


@mistake(
    "xor does not accept dtype float32 at position 0. Accepted dtypes at position 0 are subtypes of integer, bool."
)
def r13_lax_bitwise_xor_float():
    return lax.bitwise_xor(jnp.ones(3), jnp.ones(3))


@mistake(
    "shift_right_arithmetic does not accept dtype float32 at position 0. Accepted dtypes at position 0 are subtypes"
)
def r13_lax_shift_right_arithmetic_float():
    return lax.shift_right_arithmetic(jnp.ones(3), jnp.ones(3))


@mistake(
    "lax.shift_left requires arguments to have the same dtypes, got int32, int16. (Tip: jnp.left_shift is a similar"
)
def r13_lax_shift_left_dtypes():
    return lax.shift_left(jnp.ones(3, jnp.int32), jnp.ones(3, jnp.int16))


@mistake(
    "mulhi does not accept dtype float32 at position 0. Accepted dtypes at position 0 are subtypes of integer"
)
def r13_lax_mulhi_float():
    return lax.mulhi(jnp.ones(3), jnp.ones(3))


@mistake(
    "expm1 does not accept dtype int32. Accepted dtypes are subtypes of floating, complexfloating"
)
def r13_lax_expm1_int():
    return lax.expm1(jnp.ones(3, jnp.int32))


@mistake(
    "log1p does not accept dtype int32. Accepted dtypes are subtypes of floating, complexfloating"
)
def r13_lax_log1p_int():
    return lax.log1p(jnp.ones(3, jnp.int32))


@mistake("Integers cannot be raised to negative powers, got integer_pow(int32[3], -1)")
def r13_lax_reciprocal_int():
    return lax.reciprocal(jnp.ones(3, jnp.int32))


@mistake(
    "square does not accept dtype bool. Accepted dtypes are subtypes of integer, floating, complexfloating"
)
def r13_lax_square_bool():
    return lax.square(jnp.ones(3, bool))


@mistake(
    "sinh does not accept dtype int32. Accepted dtypes are subtypes of floating, complexfloating"
)
def r13_lax_sinh_int():
    return lax.sinh(jnp.ones(3, jnp.int32))


@mistake(
    "atanh does not accept dtype int32. Accepted dtypes are subtypes of floating, complexfloating"
)
def r13_lax_atanh_int():
    return lax.atanh(jnp.ones(3, jnp.int32))


@mistake("erfc does not accept dtype complex64. Accepted dtypes are subtypes of floating")
def r13_lax_erfc_complex():
    return lax.erfc(jnp.ones(3, jnp.complex64))


@mistake("igammac got incompatible shapes for broadcasting: (3,), (4,).")
def r13_lax_igammac_shapes():
    return lax.igammac(jnp.ones(3), jnp.ones(4))


@mistake(
    "lax.eq requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.equal is a similar function t"
)
def r13_lax_eq_dtypes():
    return lax.eq(jnp.ones(3), jnp.ones(3, jnp.int32))


@mistake("ge got incompatible shapes for broadcasting: (3,), (4,).")
def r13_lax_ge_shapes():
    return lax.ge(jnp.ones(3), jnp.ones(4))


@mistake("ne got incompatible shapes for broadcasting: (2, 3), (3, 2).")
def r13_lax_ne_complex_ok_shapes():
    return lax.ne(jnp.ones((2, 3)), jnp.ones((3, 2)))


@mistake("Updates tensor must be of rank 2; got 1.")
def r13_lax_scatter_max_dnums():
    dn = lax.ScatterDimensionNumbers((0,), (), (0,))
    return lax.scatter_max(jnp.ones(4), jnp.zeros((1, 1), jnp.int32), jnp.ones(1), dn)


@mistake(
    "Bounds of the scatter dimensions of updates must be the same as the bounds of the corresponding dimensions of "
)
def r13_lax_scatter_min_updates_shape():
    dn = lax.ScatterDimensionNumbers((), (0,), (0,))
    return lax.scatter_min(jnp.ones(4), jnp.zeros((1, 1), jnp.int32), jnp.ones(3), dn)


@mistake("indices must have an integer type")
def r13_lax_scatter_mul_float_indices():
    dn = lax.ScatterDimensionNumbers((), (0,), (0,))
    return lax.scatter_mul(jnp.ones(4), jnp.zeros((1, 1)), jnp.ones(1), dn)


@mistake("lax.scatter requires arguments to have the same dtypes, got float32, int32.")
def r13_lax_scatter_sub_dtypes():
    dn = lax.ScatterDimensionNumbers((), (0,), (0,))
    return lax.scatter_sub(jnp.ones(4), jnp.zeros((1, 1), jnp.int32), jnp.ones(1, jnp.int32), dn)


@mistake('Unknown gather mode "wrap"')
def r13_lax_scatter_apply_bad_mode():
    dn = lax.ScatterDimensionNumbers((), (0,), (0,))
    idx = jnp.zeros((1, 1), jnp.int32)
    return lax.scatter_apply(jnp.ones(4), idx, jnp.sin, dn, update_shape=(1,), mode="wrap")


@mistake()
def r13_lax_dynamic_update_index_in_dim_rank():
    return lax.dynamic_update_index_in_dim(jnp.ones((3, 4)), jnp.ones((2, 4)), 0, 0)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r13_lax_dynamic_update_index_in_dim_axis():
    return lax.dynamic_update_index_in_dim(jnp.ones((3, 4)), jnp.ones(4), 0, 2)


@mistake("tuple index out of range")
def r13_lax_slice_in_dim_axis():
    return lax.slice_in_dim(jnp.ones((3, 4)), 0, 2, axis=2)


@mistake(
    "slice slice_sizes must be less than or equal to operand shape, got slice_sizes (5, 4) for operand shape (3, 4)"
)
def r13_lax_dynamic_slice_in_dim_size():
    return lax.dynamic_slice_in_dim(jnp.ones((3, 4)), 0, 5, axis=0)


@mistake(
    "Gather op has 1 elements in start_index_map and the bound of dimension index_vector_dim=1 of indices is 2. The"
)
def r13_lax_index_take_lengths():
    return lax.index_take(jnp.ones((3, 4)), (jnp.array([0]), jnp.array([1])), (0,))


@mistake()
def r13_lax_broadcast_to_rank_lower():
    return lax.broadcast_to_rank(jnp.ones((2, 3)), 1)


@mistake("Invalid dimension range passed to collapse: (2, 3, 4)[2:1]")
def r13_lax_collapse_reversed():
    return lax.collapse(jnp.ones((2, 3, 4)), 2, 1)


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (-1,).")
def r13_lax_full_like_shape_negative():
    return lax.full_like(jnp.ones(3), 0.0, shape=(-1,))


@mistake("select `which` must be boolean or integer type, got float32.")
def r13_lax_select_n_float_predicate():
    return lax.select_n(jnp.ones(3), jnp.ones(3), jnp.zeros(3))


@mistake("k must be smaller than the size of reduction_dim 3, got 5")
def r13_lax_approx_max_k_too_large():
    return lax.approx_max_k(jnp.ones(3), 5)


@mistake("list index out of range")
def r13_lax_approx_min_k_dimension():
    return lax.approx_min_k(jnp.ones(3), 1, reduction_dimension=1)


@mistake("rng_bit_generator: unsupported dtype float32")
def r13_lax_rng_bit_generator_dtype():
    return lax.rng_bit_generator(jnp.zeros(4, jnp.uint32), (2,), dtype=jnp.float32)


@mistake("axis 1 is out of bounds for array of shape (3,)")
def r13_lax_cummax_axis():
    return lax.cummax(jnp.ones(3), axis=1)


@mistake("convolution requires lhs and rhs ndim to be equal, got 4 and 3.")
def r13_lax_conv_patches_filter_shape():
    return lax.conv_general_dilated_patches(jnp.ones((1, 2, 5, 5)), (3,), (1, 1), "SAME")


@mistake("Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got BOTH.")
def r13_lax_conv_patches_padding():
    return lax.conv_general_dilated_patches(jnp.ones((1, 2, 5, 5)), (3, 3), (1, 1), "BOTH")


@mistake("convolution requires lhs and rhs ndim to be equal, got 2 and 3.")
def r13_lax_conv_patches_rank():
    return lax.conv_general_dilated_patches(jnp.ones((2, 5)), (3,), (1,), "SAME")


@mistake("Wrong number of explicit pads for convolution: expected 2, got 1.")
def r13_lax_conv_transpose_strides_length():
    return lax.conv_transpose(jnp.ones((1, 5, 5, 2)), jnp.ones((3, 3, 2, 4)), (1,), "SAME")


@mistake("Wrong number of explicit pads for convolution: expected 2, got 1.")
def r13_lax_conv_with_general_padding_length():
    lhs, rhs = jnp.ones((1, 2, 5, 5)), jnp.ones((3, 2, 3, 3))
    return lax.conv_with_general_padding(lhs, rhs, (1, 1), [(1, 1)], None, None)


@mistake(
    "String padding is not implemented for transposed convolution using this op. Please either exactly specify the "
)
def r13_lax_conv_lhs_dilation_zero():
    lhs, rhs = jnp.ones((1, 2, 5, 5)), jnp.ones((3, 2, 3, 3))
    return lax.conv_general_dilated(lhs, rhs, (1, 1), "SAME", lhs_dilation=(0, 1))


@mistake(
    "dot_general requires rhs dimension numbers to be nonnegative and less than the number of axes of the rhs value"
)
def r13_lax_conv_general_local_rhs_rank():
    lhs, rhs = jnp.ones((1, 2, 5, 5)), jnp.ones((3, 2))
    return lax.conv_general_dilated_local(lhs, rhs, (1, 1), "SAME", (3, 3))


# ---------------------------------------------------------------------------------------------
# custom_root, custom_linear_solve, associative_scan, map


@mistake()
def r13_custom_root_solve_shape():
    return lax.custom_root(
        lambda x: x - 1.0,
        jnp.ones(3),
        lambda f, x0: jnp.ones(4),
        lambda g, y: y,
    )


@mistake("the first argument must be callable")
def r13_custom_root_solve_not_callable():
    return lax.custom_root(lambda x: x - 1.0, jnp.ones(3), 3, lambda g, y: y)


@mistake("solve() output shapes must match b, got [(4,)] and [(3,)]")
def r13_custom_linear_solve_solve_shape():
    return lax.custom_linear_solve(lambda x: x, jnp.ones(3), lambda mv, b: jnp.ones(4))


@mistake("matvec() output shapes must match b, got [(2,)] and [(3,)]")
def r13_custom_linear_solve_matvec_shape():
    return lax.custom_linear_solve(lambda x: x[:2], jnp.ones(3), lambda mv, b: b)


@mistake()
def r13_custom_linear_solve_symmetric_transpose():
    return lax.custom_linear_solve(
        lambda x: x, jnp.ones(3), lambda mv, b: b, transpose_solve=lambda mv, b: b, symmetric=True
    )


@mistake()
def r13_associative_scan_fn_shape():
    return lax.associative_scan(lambda a, b: (a + b)[:1], jnp.ones(4))


@mistake("Array inputs to associative_scan must have the same first dimension. (saw: [(3,), (4,)])")
def r13_associative_scan_leaf_lengths():
    return lax.associative_scan(lambda a, b: a, (jnp.ones(3), jnp.ones(4)))


@mistake()
def r13_lax_map_batch_size_zero():
    return lax.map(jnp.sin, jnp.ones(4), batch_size=0)


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r13_lax_map_leaves_differ():
    return lax.map(lambda t: t[0] + t[1], (jnp.ones(3), jnp.ones(4)))


@mistake("tuple index out of range")
def r13_lax_map_scalar():
    return lax.map(jnp.sin, jnp.float32(1.0))


@mistake("Index type must be an integer, got")
def r13_lax_switch_float_index_in_jit():
    return jax.jit(lambda i: lax.switch(i, [jnp.sin, jnp.cos], 1.0))(1.0)


@mistake("switch branch outputs must have the same pytree structure, but they differ:")
def r13_lax_switch_branch_outputs_differ():
    return lax.switch(0, [lambda x: x, lambda x: (x, x)], 1.0)


@mistake()
def r13_lax_cond_operands_pytree_differ():
    return lax.cond(True, lambda a: a["x"], lambda a: a["y"], {"x": 1.0})


@mistake("cond branches must have equal output types but they differ.")
def r13_lax_cond_branch_dtype_differ():
    return lax.cond(True, lambda: jnp.float32(1), lambda: jnp.int32(1))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r13_lax_while_cond_returns_vector():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 1, jnp.zeros(2))


@mistake()
def r13_lax_while_body_changes_dtype():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 1.0, 0)


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they differ:"
)
def r13_lax_fori_body_returns_none():
    return lax.fori_loop(0, 3, lambda i, c: None, 0.0)


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3]")
def r13_lax_scan_length_differs_from_xs():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), length=4)


@mistake("scan body output must be a pair, got float32[].")
def r13_lax_scan_body_returns_single():
    return lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3))


@mistake("`unroll` must be a `bool` or a non-negative `int`.")
def r13_lax_scan_unroll_negative():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), unroll=-1)


# ---------------------------------------------------------------------------------------------
# jax.nn activations and initializers


@mistake("Error interpreting argument to", "The problematic value is of type <class 'str'>")
def r13_nn_relu_string():
    return _nn().relu("a")


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r13_nn_gelu_approximate_traced():
    return jax.jit(lambda x, a: _nn().gelu(x, approximate=a))(jnp.ones(3), True)


@mistake("tuple index out of range")
def r13_nn_glu_axis_out_of_range():
    return _nn().glu(jnp.ones(4), axis=1)


@mistake("div got incompatible shapes for broadcasting: (3,), (4,).")
def r13_nn_celu_alpha_shape():
    return _nn().celu(jnp.ones(3), alpha=jnp.ones(4))


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path x.",
)
def r13_nn_elu_string():
    return _nn().elu("x")


@mistake("mul got incompatible shapes for broadcasting: (2,), (3,).")
def r13_nn_leaky_relu_slope_shape():
    return _nn().leaky_relu(jnp.ones(3), negative_slope=jnp.ones(2))


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path x.",
)
def r13_nn_hard_tanh_string():
    return _nn().hard_tanh("x")


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path x.",
)
def r13_nn_silu_string():
    return _nn().silu("x")


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path x.",
)
def r13_nn_log_sigmoid_string():
    return _nn().log_sigmoid("x")


@mistake("add got incompatible shapes for broadcasting: (3,), (2,).")
def r13_nn_squareplus_b_shape():
    return _nn().squareplus(jnp.ones(3), b=jnp.ones(2))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r13_nn_logmeanexp_axis_out_of_range():
    return _nn().logmeanexp(jnp.ones(3), axis=1)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_nn_one_hot_num_classes_traced():
    return jax.jit(lambda x, n: _nn().one_hot(x, n))(jnp.arange(3), 4)


@mistake(
    "Can't compute input and output sizes of a 0-dimensional weights tensor with default in_axis. Must be at least "
)
def r13_nn_initializers_lecun_scalar_shape():
    return _nn().initializers.lecun_normal()(random.key(0), ())


@mistake("dtype argument to `uniform` must be a float dtype, got int32")
def r13_nn_initializers_he_uniform_int_dtype():
    return _nn().initializers.he_uniform()(random.key(0), (3, 3), jnp.int32)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got ('3',).")
def r13_nn_initializers_constant_shape_string():
    return _nn().initializers.constant(1.0)(random.key(0), "3")


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data to have ndim, shape, and dtype attributes. Got 0"
)
def r13_nn_initializers_uniform_raw_int_key():
    return _nn().initializers.uniform()(0, (3,))


# ---------------------------------------------------------------------------------------------
# jax.random: lognormal, multinomial, maxwell, key_dtype, misc


@mistake(
    "Only non-negative indices are allowed when broadcasting static shapes, but got shape (-1,)."
)
def r13_random_lognormal_shape_negative():
    return random.lognormal(random.key(0), shape=(-1,))


@mistake("dtype argument to `lognormal` must be a float or complex dtype, got int32")
def r13_random_lognormal_int_dtype():
    return random.lognormal(random.key(0), shape=(3,), dtype=jnp.int32)


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r13_random_lognormal_sigma_shape():
    return random.lognormal(random.key(0), sigma=jnp.ones(3), shape=(2,))


@mistake("Cannot broadcast to shape with fewer dimensions: arr_shape=(2, 3) shape=(4,)")
def r13_random_multinomial_p_shape():
    return random.multinomial(random.key(0), 5, jnp.ones((2, 3)) / 3, shape=(4,))


@mistake()
def r13_random_multinomial_int_dtype():
    return random.multinomial(random.key(0), 5, jnp.ones(3) / 3, dtype=jnp.int32)


@mistake()
def r13_random_double_sided_maxwell_shape():
    return random.double_sided_maxwell(random.key(0), jnp.ones(3), 1.0, shape=(2,))


@mistake("dtype argument to `weibull_min` must be a float dtype, got int32")
def r13_random_weibull_min_int_dtype():
    return random.weibull_min(random.key(0), 1.0, 1.0, (3,), jnp.int32)


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape=(3,)"
)
def r13_random_key_dtype_of_array():
    return random.key_impl(jnp.ones(3))


@mistake(
    "Only non-negative indices are allowed when broadcasting static shapes, but got shape (-2,)."
)
def r13_random_rademacher_float_dtype_ok_shape():
    return random.rademacher(random.key(0), (-2,))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_random_orthogonal_n_traced():
    return jax.jit(lambda k, n: random.orthogonal(k, n))(random.key(0), 3)


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r13_random_generalized_normal_p_shape():
    return random.generalized_normal(random.key(0), jnp.ones(3), shape=(2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r13_random_loggamma_a_shape():
    return random.loggamma(random.key(0), jnp.ones(3), shape=(2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r13_random_chisquare_df_shape():
    return random.chisquare(random.key(0), jnp.ones(3), shape=(2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (2,)]")
def r13_random_f_shapes():
    return random.f(random.key(0), jnp.ones(3), jnp.ones(2))


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (), (2,)]")
def r13_random_triangular_shapes():
    return random.triangular(random.key(0), jnp.zeros(3), 0.5, jnp.ones(2))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r13_random_wald_mean_shape():
    return random.wald(random.key(0), jnp.ones(3), shape=(2,))


@mistake()
def r13_random_clone_of_array():
    return random.clone(jnp.ones(3))


@mistake("Cannot convert_element_type from key<fry> to uint32")
def r13_random_fold_in_key_as_data():
    return random.fold_in(random.key(0), random.key(1))


# ---------------------------------------------------------------------------------------------
# mistakes inside transforms with these functions: the traceback ends in the body


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape float32[3]"
)
def r13_scan_body_unique():
    return lax.scan(lambda c, x: (c, jnp.unique(x)), 0.0, jnp.ones((2, 3)))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_scan_body_nonzero():
    return lax.scan(lambda c, x: (c, jnp.nonzero(x)[0]), 0.0, jnp.ones((2, 3)))


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (",
    "argument of 'N' jnp.eye()",
)
def r13_while_body_eye_of_carry():
    return lax.while_loop(lambda c: c < 3, lambda c: c + jnp.eye(c).sum().astype(int), 0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_fori_body_arange_of_index():
    return lax.fori_loop(0, 3, lambda i, c: c + jnp.arange(i).sum(), 0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_cond_branch_histogram_traced_bins():
    return lax.cond(True, lambda n: jnp.histogram(jnp.ones(3), bins=n)[0], lambda n: n, 3)


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (",
    "aval=int32[], batched=int32[3])",
)
def r13_vmap_body_tri_of_mapped():
    return jax.vmap(lambda n: jnp.tri(n))(jnp.arange(3))


@mistake("Non-hashable static arguments are not supported")
def r13_vmap_body_polyint_traced_order():
    return jax.vmap(lambda m: jnp.polyint(jnp.ones(3), m=m))(jnp.arange(2))


@mistake()
def r13_grad_body_round_decimals_traced():
    return jax.grad(lambda x, d: jnp.round(x, d).sum())(jnp.ones(3), 2)


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got int32. For differ"
)
def r13_grad_of_argmax():
    return jax.grad(lambda x: jnp.argmax(x))(jnp.ones(3))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but got int32. I"
)
def r13_grad_of_bincount():
    return jax.grad(lambda x: jnp.bincount(x, length=3).sum())(jnp.arange(3))


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got int32. For differ"
)
def r13_grad_of_searchsorted_output():
    return jax.grad(lambda x: jnp.searchsorted(x, 0.5))(jnp.arange(3.0))


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got complex64. For ho"
)
def r13_grad_complex_polyval():
    return jax.grad(lambda x: jnp.polyval(jnp.ones(3), x))(jnp.complex64(1.0))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r13_grad_of_top_k_vector():
    return jax.grad(lambda x: lax.top_k(x, 2)[0])(jnp.ones(3))


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r13_hessian_has_aux_not_pair():
    return jax.hessian(lambda x: (x**2).sum(), has_aux=True)(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[2]"
)
def r13_shard_map_body_unique():
    return _smap(lambda x: jnp.unique(x), P("x"), P("x"))(jnp.arange(4))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_shard_map_body_argwhere():
    return _smap(lambda x: jnp.argwhere(x), P("x"), P("x"))(jnp.arange(4))


@mistake("Found an unbound axis name: y")
def r13_shard_map_body_axis_index_unknown():
    return _smap(lambda x: x + lax.axis_index("y"), P("x"), P("x"))(jnp.arange(4))


@mistake("`perm` does not represent a permutation: [0, 0]")
def r13_shard_map_body_pshuffle_bad_perm():
    return _smap(lambda x: lax.pshuffle(x, "x", [0, 0]), P("x"), P("x"))(jnp.arange(4.0))


@mistake("unbound axis name: z")
def r13_shard_map_body_psum_scatter_unknown():
    return _smap(lambda x: lax.psum_scatter(x, "z"), P("x"), P("x"))(jnp.arange(4.0))


@mistake("tuple index out of range")
def r13_shard_map_body_all_to_all_axis():
    f = lambda x: lax.all_to_all(x, "x", 3, 0)
    return _smap(f, P("x"), P("x"))(jnp.arange(4.0))


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (0, 1)).")
def r13_shard_map_body_ppermute_duplicate():
    f = lambda x: lax.ppermute(x, "x", [(0, 1), (0, 1)])
    return _smap(f, P("x"), P("x"))(jnp.arange(4.0))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r13_shard_map_out_specs_unmapped_varying():
    return _smap(lambda x: x * 2, P("x"), P())(jnp.arange(4.0))


@mistake(
    "shard_map applied to the function '<lambda>' was given an in_specs entry which is too long to be compatible wi"
)
def r13_shard_map_in_specs_rank_too_high():
    return _smap(lambda x: x, P("x", None), P("x"))(jnp.arange(4.0))


@mistake(
    "Found an unbound axis name: i. To fix this, please call axis_index under `jax.shard_map`."
)
def r13_vmap_body_axis_index_unknown():
    return jax.vmap(lambda x: x + lax.axis_index("i"), axis_name="j")(jnp.ones(3))


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r13_vmap_body_psum_unknown():
    return jax.vmap(lambda x: lax.psum(x, "i"), axis_name="j")(jnp.ones(3))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r13_vmap_pytree_in_axes_size_mismatch():
    return jax.vmap(lambda t: t["a"] + t["b"], in_axes=({"a": 0, "b": 0},))(
        {"a": jnp.ones(3), "b": jnp.ones(4)}
    )


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r13_vmap_out_axes_pytree_mismatch():
    return jax.vmap(lambda x: (x, x), out_axes=(0, 0, 0))(jnp.ones(3))


@mistake("at vmap out_axes, got axis spec None but output was batched on axis 0")
def r13_vmap_out_axes_none_for_mapped():
    return jax.vmap(lambda x: x, out_axes=None)(jnp.ones(3))


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r13_vmap_in_axes_dict_keys_differ():
    return jax.vmap(lambda t: t["a"], in_axes=({"b": 0},))({"a": jnp.ones(3)})


@mistake("'str' object is not callable")
def r13_checkpoint_policy_string():
    return jax.grad(jax.checkpoint(jnp.sin, policy="dots_saveable"))(1.0)


@mistake()
def r13_named_call_name_int():
    return jax.named_call(jnp.sin, name=3)(1.0)


# ---------------------------------------------------------------------------------------------
# explicit sharding with these functions


@mistake("Arguments to sort must be unsharded over the sorting dimension")
def r13_explicit_unique_of_sharded():
    return jnp.unique(_eput((8,), P("x")), size=4)


@mistake(
    "mul operation with inputs: f32[8@y,1], f32[1,8@y] produces an illegally sharded result: f32[8@y,8@y]"
)
def r13_explicit_outer_conflicting():
    return jnp.outer(_eput((8,), P("y")), _eput((8,), P("y")))


@mistake()
def r13_explicit_kron_sharded():
    return jnp.kron(_eput((8,), P("x")), _eput((4,), P("y")))


@mistake("mul got incompatible shardings for broadcasting: ('x',), ('y',).")
def r13_explicit_cross_sharded_axis():
    return jnp.cross(_eput((4, 3), P("x")), _eput((4, 3), P("y")))


@mistake(
    "slicing on sharded dims where out dim (7) is not divisible by mesh axes (2) with spec (x) is not implemented. "
)
def r13_explicit_diff_sharded_axis():
    return jnp.diff(_eput((8,), P("x")))


@mistake(
    "dot_general requires contracting dimensions to have consistent sharding, got ('y',) and ('x',)."
)
def r13_explicit_tensordot_conflicting():
    return jnp.tensordot(_eput((4, 8), P("x", "y")), _eput((8, 4), P("x", None)), axes=1)


@mistake(
    "Contracting dimensions are sharded and it is ambiguous how the output should be sharded. Please specify the ou"
)
def r13_explicit_inner_conflicting():
    return jnp.inner(_eput((4, 8), P("x", "y")), _eput((4, 8), P("x", "y")))


@mistake(
    "dot_general requires contracting dimensions to have consistent sharding, got ('y',) and ('x',)."
)
def r13_explicit_matvec_conflicting():
    return jnp.matvec(_eput((4, 8), P("x", "y")), _eput((8,), P("x")))


@mistake(
    "slicing on sharded dims where out dim (1) is not divisible by mesh axes (2) with spec (x) is not implemented. "
)
def r13_explicit_gradient_sharded():
    return jnp.gradient(_eput((8,), P("x")))


@mistake(
    "slicing on sharded dims where out dim (1) is not divisible by mesh axes (2) with spec (x) is not implemented. "
)
def r13_explicit_trapezoid_sharded():
    return jnp.trapezoid(_eput((8, 4), P("x", "y")), axis=0)


# ---------------------------------------------------------------------------------------------
# dtypes queries, copies, stages, arrays from shards, pytrees


@mistake("data type 'float32x' not understood")
def r13_dtypes_result_type_string():
    return _sub("dtypes").result_type("float32x")


@mistake("data type 'floating' not understood")
def r13_dtypes_issubdtype_array():
    return _sub("dtypes").issubdtype(jnp.ones(3), "floating")


@mistake("data type 'f99' not understood")
def r13_promote_types_unknown():
    return jnp.promote_types(jnp.float32, "f99")


@mistake("casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' (got 'loose')")
def r13_can_cast_casting_mode():
    return jnp.can_cast(jnp.float32, jnp.int32, casting="loose")


@mistake("data type <class 'numpy.int32'> not inexact")
def r13_finfo_of_int():
    return jnp.finfo(jnp.int32)


@mistake("Invalid integer data type 'f'.")
def r13_iinfo_of_float():
    return jnp.iinfo(jnp.float32)


@mistake("at least one array or dtype is required")
def r13_result_type_no_args():
    return jnp.result_type()


@mistake()
def r13_astype_copy_string():
    return jnp.astype(jnp.ones(3), jnp.int32, copy="yes")


@mistake()
def r13_array_copy_false_of_list():
    return jnp.array([1, 2], copy=False)


@mistake()
def r13_asarray_copy_false_of_numpy():
    return jnp.asarray(np.ones(3), copy=False)


@mistake("sharding='cpu' must be an instance of jax.sharding.Sharding")
def r13_astype_device_string():
    return jnp.ones(3).astype(jnp.int32, device="cpu")


@mistake("api_version='2019.01' is not available; available versions are: ['2024.12']")
def r13_array_namespace_bad_version():
    return jnp.ones(3).__array_namespace__(api_version="2019.01")


@mistake(
    "Argument types differ from the types for which this computation was compiled. Perhaps you are calling the comp"
)
def r13_compiled_cost_analysis_then_call_wrong_shape():
    c = jax.jit(jnp.sin).lower(jnp.ones(3)).compile()
    return c(jnp.ones(4))


@mistake("Function compiled with input pytree does not match the input pytree it was called with")
def r13_compiled_call_with_kwargs_unknown():
    c = jax.jit(lambda x: x).lower(jnp.ones(3)).compile()
    return c(y=jnp.ones(3))


@mistake("unknown dialect: llvm")
def r13_lowered_as_text_bad_dialect():
    return jax.jit(jnp.sin).lower(jnp.ones(3)).as_text(dialect="llvm")


@mistake("'Lowered' object is not callable")
def r13_lowered_call_directly():
    return jax.jit(jnp.sin).lower(jnp.ones(3))(jnp.ones(3))


@mistake("'Lowered' object is not callable")
def r13_traced_lower_twice_different_args():
    t = jax.jit(jnp.sin).trace(jnp.ones(3))
    return t.lower()(jnp.ones(3))


@mistake(
    "Argument types differ from the types for which this computation was compiled. Perhaps you are calling the comp"
)
def r13_compiled_call_dtype_differs():
    c = jax.jit(jnp.sin).lower(jnp.ones(3)).compile()
    return c(jnp.ones(3, jnp.int32))


@mistake(
    "Error interpreting argument to",
    "as an abstract array. The problematic value is of type <class 'str'> and was passed to the function at path x.",
)
def r13_eval_shape_of_string():
    return jax.eval_shape(jnp.sin, "x")


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (2,).")
def r13_eval_shape_shape_error_in_body():
    return jax.eval_shape(lambda x: x @ x, jax.ShapeDtypeStruct((2, 3), jnp.float32))


@mistake("Expected shard shape (2,) doesn't match the single device array shape (3,).")
def r13_make_array_from_callback_wrong_shape():
    s = NamedSharding(mesh2, P("x"))
    return jax.make_array_from_callback((4,), s, lambda idx: np.ones(3, np.float32))


@mistake(
    "Expected 2 per-device arrays (this is how many devices are addressable by the sharding), but got 1"
)
def r13_make_array_from_single_device_arrays_count():
    s = NamedSharding(mesh2, P("x"))
    shards = [jax.device_put(jnp.ones(2), d) for d in jax.devices()[:1]]
    return jax.make_array_from_single_device_arrays((4,), s, shards)


@mistake("list index out of range")
def r13_addressable_data_out_of_range():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh2, P("x"))).addressable_data(5)


@mistake(
    "`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`, `jax.memory.Space` or a"
)
def r13_device_put_device_string():
    return jax.device_put(jnp.ones(3), "cpu:0")


@mistake()
def r13_device_get_of_tracer():
    return jax.jit(lambda x: jax.device_get(x))(jnp.ones(3))


@mistake("type object 'Box' has no attribute 'tree_unflatten'")
def r13_register_pytree_node_class_without_methods():
    @_sub("tree_util").register_pytree_node_class
    class Box:
        pass

    return jax.tree.leaves(Box())


@mistake("'int' object is not callable")
def r13_tree_flatten_with_path_is_leaf_not_callable():
    return jax.tree.flatten_with_path({"a": 1}, is_leaf=3)


@mistake(
    "r13_tree_map_with_path_arity.<locals>.<lambda>() takes 1 positional argument but 2 were given"
)
def r13_tree_map_with_path_arity():
    return jax.tree.map_with_path(lambda x: x, {"a": 1})


@mistake("Too few leaves for PyTreeDef; expected 2, got 1")
def r13_tree_unflatten_with_leaves_count():
    treedef = jax.tree.structure((1, 2))
    return jax.tree.unflatten(treedef, [1])


@mistake("the first argument must be callable")
def r13_tree_partial_not_callable():
    return _sub("tree_util").Partial(3)(1)


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation",
)
def r13_with_sharding_constraint_rank():
    f = lambda x: jax.lax.with_sharding_constraint(x, NamedSharding(mesh2, P("x", None)))
    return jax.jit(f)(jnp.ones(4))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r13_with_sharding_constraint_unknown_axis():
    f = lambda x: jax.lax.with_sharding_constraint(x, NamedSharding(mesh2, P("z")))
    return jax.jit(f)(jnp.ones(4))


@mistake(
    "The leaves shapes of `x` and `y` should match. Got `x` leaf shape: (4,) and `y` leaf shape: (3,). File an issu"
)
def r13_shard_alike_shapes():
    f = lambda x, y: _sub("experimental.shard_alike").shard_alike(x, y)
    return jax.jit(f)(jnp.ones(4), jnp.ones(3))


@mistake("the first argument must be callable")
def r13_closure_convert_non_function():
    return jax.closure_convert(3, 1.0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_ensure_compile_time_eval_traced():
    def f(x):
        with jax.ensure_compile_time_eval():
            return int(x)

    return jax.jit(f)(1)


@mistake()
def r13_block_until_ready_of_string():
    return jax.block_until_ready("x")


@mistake("Argument 'x' of type <class 'str'> is not a valid JAX type")
def r13_typeof_of_string():
    return jax.typeof("x")


# ---------------------------------------------------------------------------------------------
# the same mistakes inside transform bodies (the traceback ends on the body's line)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_scan_body_diag_indices_of_carry():
    return lax.scan(lambda c, x: (c, jnp.diag_indices(c)[0].sum()), 2, jnp.ones(3))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r13_vmap_body_fliplr_of_row():
    return jax.vmap(lambda r: jnp.fliplr(r))(jnp.ones((2, 3)))


@mistake(
    "Unrecognized kind='real' expected one of ['bool', 'signed integer', 'unsigned integer', 'integral', 'real floa"
)
def r13_grad_body_isdtype_bad_kind():
    return jax.grad(lambda x: x * jnp.isdtype(x.dtype, "real"))(1.0)


@mistake("weights should have the same shape as a.")
def r13_jit_body_histogram_weights():
    return jax.jit(lambda a: jnp.histogram(a, bins=3, weights=jnp.ones(2)))(jnp.ones(3))


@mistake("Integers cannot be raised to negative powers, got integer_pow(")
def r13_while_body_reciprocal_int():
    return lax.while_loop(lambda c: c < 3, lambda c: c + lax.reciprocal(c), 1)


@mistake("max got incompatible shapes for broadcasting: (3,), (4,).")
def r13_cond_branch_logaddexp_shapes():
    return lax.cond(True, lambda: jnp.logaddexp(jnp.ones(3), jnp.ones(4)), lambda: jnp.ones(3))


@mistake("tuple index out of range")
def r13_vmap_body_unwrap_axis():
    return jax.vmap(lambda x: jnp.unwrap(x, axis=1))(jnp.ones((2, 3)))


@mistake("tensordot requires axes lists to have equal length, got [1] and [0, 1].")
def r13_jit_body_tensordot_axes():
    f = lambda a, b: jnp.tensordot(a, b, axes=([1], [0, 1]))
    return jax.jit(f)(jnp.ones((2, 3)), jnp.ones((3, 2)))


@mistake("condlist must be non-empty")
def r13_scan_body_select_empty():
    return lax.scan(lambda c, x: (c, jnp.select([], [])), 0.0, jnp.ones(3))


@mistake("Incompatible shapes for broadcasting: shapes=[(4,), (3,)]")
def r13_grad_body_piecewise_condition_shape():
    f = lambda x: jnp.piecewise(x, [jnp.ones(4, bool)], [jnp.sin]).sum()
    return jax.grad(f)(jnp.ones(3))


@mistake("digitize: bins must be a 1-dimensional array; got bins=")
def r13_vmap_body_digitize_2d_bins():
    return jax.vmap(lambda x: jnp.digitize(x, jnp.ones((2, 2))))(jnp.ones((2, 3)))


@mistake(
    "mulhi does not accept dtype float32 at position 0. Accepted dtypes at position 0 are subtypes of integer."
)
def r13_fori_body_mulhi_float():
    return lax.fori_loop(0, 2, lambda i, c: lax.mulhi(c, c), jnp.ones(3))


@mistake("igammac got incompatible shapes for broadcasting: (2,), (3,).")
def r13_shard_map_body_lax_igammac_shapes():
    f = lambda x: lax.igammac(x, jnp.ones(3))
    return _smap(f, P("x"), P("x"))(jnp.ones(4))


@mistake("Updates tensor must be of rank 2; got 1.")
def r13_jit_body_scatter_updates_rank():
    dn = lax.ScatterDimensionNumbers((0,), (), (0,))
    f = lambda x: lax.scatter_add(x, jnp.zeros((1, 1), jnp.int32), jnp.ones(1), dn)
    return jax.jit(f)(jnp.ones(4))


@mistake(
    "String padding is not implemented for transposed convolution using this op. Please either exactly specify the "
)
def r13_vmap_body_conv_string_padding_lhs_dilation():
    f = lambda x: lax.conv_general_dilated(x, jnp.ones((3, 2, 3, 3)), (1, 1), "SAME", (2, 1))
    return jax.vmap(f)(jnp.ones((2, 1, 2, 5, 5)))


@mistake(
    "dot_general requires rhs dimension numbers to be nonnegative and less than the number of axes of the rhs value"
)
def r13_grad_body_dot_general_rhs_dims():
    f = lambda x: lax.dot_general(x, jnp.ones(3), (((0,), (1,)), ((), ()))).sum()
    return jax.grad(f)(jnp.ones(3))


@mistake(
    "Only non-negative indices are allowed when broadcasting static shapes, but got shape (-1,)."
)
def r13_jit_body_random_negative_shape():
    return jax.jit(lambda k: random.bernoulli(k, 0.5, (-1,)))(random.key(0))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r13_vmap_body_orthogonal_mapped_n():
    return jax.vmap(lambda k, n: random.orthogonal(k, n))(
        random.split(random.key(0), 2), jnp.arange(2)
    )


@mistake("list index out of range")
def r13_scan_body_approx_max_k_dimension():
    return lax.scan(
        lambda c, x: (c, lax.approx_max_k(x, 1, reduction_dimension=2)), 0.0, jnp.ones((2, 3))
    )


@mistake("tuple index out of range")
def r13_jit_body_nanargmin_axis():
    return jax.jit(lambda x: jnp.nanargmin(x, axis=3))(jnp.ones((2, 3)))


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation NamedSharding(mesh=Mesh"
)
def r13_jit_body_with_sharding_constraint_rank():
    f = lambda x: jax.lax.with_sharding_constraint(x * 2, NamedSharding(mesh2, P("x", None, None)))
    return jax.jit(f)(jnp.ones((4, 2)))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[3]"
)
def r13_vmap_body_bincount_without_length():
    return jax.vmap(jnp.bincount)(jnp.ones((2, 3), jnp.int32))


@mistake("'float' object cannot be interpreted as an integer")
def r13_grad_body_unique_size_float():
    return jax.grad(lambda x: jnp.unique(x, size=2.5).sum())(jnp.ones(3))
