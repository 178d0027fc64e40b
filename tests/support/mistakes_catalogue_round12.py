# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 12 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules):
Pallas kernels in interpret mode (block specs, index maps, grids, out_shape, refs inside a
kernel, program_id outside one), refs (jax.new_ref) read and written wrongly, jnp.fft /
jnp.linalg axes and norms, einsum subscripts, jnp.pad modes and widths, jnp.split sections,
reshape's order, fori_loop / scan arguments, key misuse (new-style and raw keys mixed, keys in
arithmetic, fold_in of floats), dtype mistakes (float0, bool arithmetic, x64 requests),
jax.debug.print formats, pure_callback / io_callback results and effects. The runner executes
it after the earlier rounds, in the same namespace (`mesh2`, `_sub`, `_smap`, ... are in
scope)."""


def _pl():
    return _sub("experimental.pallas")


def _sds(shape=(8,), dtype=jnp.float32):
    return jax.ShapeDtypeStruct(shape, dtype)


def _copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]


def _pcall(kernel, x, out_shape=None, **kw):
    kw.setdefault("interpret", True)
    out_shape = _sds(x.shape, x.dtype) if out_shape is None else out_shape
    return _pl().pallas_call(kernel, out_shape=out_shape, **kw)(x)


# ---------------------------------------------------------------------------------------------
# Pallas (interpret mode)


@mistake("Only interpret mode is supported on CPU backend.")
def r12_pallas_without_interpret():
    return _pl().pallas_call(_copy, out_shape=_sds())(jnp.ones(8))


@mistake(
    "Block shape for args[0] (= (Blocked(block_size=4), Blocked(block_size=4))) must have the same",
)
def r12_pallas_block_shape_rank_differs():
    spec = _pl().BlockSpec((4, 4), lambda i: (i, 0))
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec], out_specs=spec)


@mistake(
    "Index map function <lambda> at ",
    "for args[0] must return 1 values to match block_shape=",
)
def r12_pallas_index_map_returns_too_many():
    spec = _pl().BlockSpec((4,), lambda i: (i, 0))
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec], out_specs=spec)


@mistake(
    "Index map function <lambda> at ",
    "for args[0] must return 2 values to match block_shape=",
)
def r12_pallas_index_map_returns_too_few():
    spec = _pl().BlockSpec((4, 4), lambda i: (i,))
    return _pcall(_copy, jnp.ones((8, 4)), grid=(2,), in_specs=[spec], out_specs=spec)


@mistake(
    "r12_pallas_index_map_arity_too_small.<locals>.<lambda>() takes 1 positional argument but 2",
)
def r12_pallas_index_map_arity_too_small():
    spec = _pl().BlockSpec((4, 4), lambda i: (i, 0))
    return _pcall(_copy, jnp.ones((8, 8)), grid=(2, 2), in_specs=[spec], out_specs=spec)


@mistake("r12_pallas_index_map_arity_too_large.<locals>.<lambda>() missing 1 required positional")
def r12_pallas_index_map_arity_too_large():
    spec = _pl().BlockSpec((4,), lambda i, j: (i,))
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec], out_specs=spec)


@mistake("Pytree for `in_specs` and `inputs` do not match. There are 1 mismatches, including:")
def r12_pallas_in_specs_too_many():
    spec = _pl().BlockSpec((4,), lambda i: (i,))
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec, spec], out_specs=spec)


@mistake("Pytree for `out_specs` and `out_shape` do not match. There are 1 mismatches, including:")
def r12_pallas_out_specs_too_many():
    spec = _pl().BlockSpec((4,), lambda i: (i,))
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec], out_specs=[spec, spec])


@mistake("If `grid_spec` is specified, then `grid` must be `()`. It is (2,)")
def r12_pallas_grid_spec_and_grid():
    gs = _pl().GridSpec(grid=(2,))
    return _pcall(_copy, jnp.ones(8), grid_spec=gs, grid=(2,))


@mistake("If `grid_spec` is specified, then `in_specs` must be `no_block_spec`. It is")
def r12_pallas_grid_spec_and_in_specs():
    spec = _pl().BlockSpec((4,), lambda i: (i,))
    gs = _pl().GridSpec(grid=(2,))
    return _pcall(_copy, jnp.ones(8), grid_spec=gs, in_specs=[spec])


@mistake(
    "input_output_aliases contains the mapping '1:0' with input index 1 outside the range [0, 1)",
)
def r12_pallas_alias_input_out_of_range():
    return _pcall(_copy, jnp.ones(8), input_output_aliases={1: 0})


@mistake(
    "input_output_aliases contains the mapping '0:3' with output index 3 outside the range [0, 1)",
)
def r12_pallas_alias_output_out_of_range():
    return _pcall(_copy, jnp.ones(8), input_output_aliases={0: 3})


@mistake("Invalid shape for `swap`. Ref shape: (4,). Expected shape: (4,). Value shape: (8,).")
def r12_pallas_alias_shape_differs():
    return _pcall(_copy, jnp.ones(8), out_shape=_sds((4,)), input_output_aliases={0: 0})


@mistake("Invalid dtype for `swap`. Ref dtype: int32. Value dtype: float32.")
def r12_pallas_alias_dtype_differs():
    return _pcall(_copy, jnp.ones(8), out_shape=_sds((8,), jnp.int32), input_output_aliases={0: 0})


@mistake()
def r12_pallas_program_id_outside_kernel():
    return _pl().program_id(0)


@mistake()
def r12_pallas_num_programs_outside_kernel():
    return _pl().num_programs(0)


@mistake("Axis 1 is out of bounds for grid (2,)")
def r12_pallas_program_id_axis_beyond_grid():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] + _pl().program_id(1)

    return _pcall(kernel, jnp.ones(8), grid=(2,))


@mistake("Axis 3 is out of bounds for grid (2,)")
def r12_pallas_num_programs_axis_beyond_grid():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] * _pl().num_programs(3)

    return _pcall(kernel, jnp.ones(8), grid=(2,))


@mistake(
    "r12_pallas_kernel_too_few_params.<locals>.kernel() takes 1 positional argument but 2 were given",
)
def r12_pallas_kernel_too_few_params():
    def kernel(x_ref):
        x_ref[...] = x_ref[...] * 2

    return _pcall(kernel, jnp.ones(8))


@mistake(
    "r12_pallas_kernel_too_many_params.<locals>.kernel() missing 1 required positional argument:",
)
def r12_pallas_kernel_too_many_params():
    def kernel(x_ref, o_ref, s_ref):
        o_ref[...] = x_ref[...]

    return _pcall(kernel, jnp.ones(8))


@mistake("Invalid shape for `swap`. Ref shape: (8,). Expected shape: (8,). Value shape: (4,).")
def r12_pallas_kernel_writes_wrong_shape():
    def kernel(x_ref, o_ref):
        o_ref[...] = jnp.ones(4)

    return _pcall(kernel, jnp.ones(8))


@mistake("Invalid shape for `swap`. Ref shape: (8,). Expected shape: (8,). Value shape: (8, 1).")
def r12_pallas_kernel_writes_wrong_rank():
    def kernel(x_ref, o_ref):
        o_ref[...] = jnp.ones((8, 1))

    return _pcall(kernel, jnp.ones(8))


@mistake("Cannot store a Ref into another Ref. Did you forget to load from it using `[...]`?")
def r12_pallas_kernel_writes_a_ref():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref

    return _pcall(kernel, jnp.ones(8))


@mistake("'AbstractRef' object has no attribute '_add'")
def r12_pallas_kernel_adds_refs():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref + 1.0

    return _pcall(kernel, jnp.ones(8))


@mistake("`indices` must not be longer than `shape`: indices=(0, 0), shape=(8,)")
def r12_pallas_kernel_reads_out_of_rank():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[0, 0] + o_ref[...]

    return _pcall(kernel, jnp.ones(8))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r12_pallas_kernel_python_if_on_value():
    def kernel(x_ref, o_ref):
        if x_ref[0] > 0:
            o_ref[...] = x_ref[...]

    return _pcall(kernel, jnp.ones(8))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape",
)
def r12_pallas_kernel_int_of_program_id():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] * int(_pl().program_id(0))

    return _pcall(kernel, jnp.ones(8), grid=(1,))


@mistake("dot_general requires contracting dimensions to have the same shape, got (4,) and (3,).")
def r12_pallas_kernel_block_matmul_mismatch():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] @ jnp.ones((3, 4))

    return _pcall(kernel, jnp.ones((4, 4)))


@mistake("Invalid out_shape type: <class 'int'>")
def r12_pallas_out_shape_plain_tuple():
    return _pcall(_copy, jnp.ones(8), out_shape=(8,))


@mistake("Grid must be a tuple of integers or jax.Array, got (2.0,)")
def r12_pallas_grid_float():
    return _pcall(_copy, jnp.ones(8), grid=(2.0,))


@mistake("Pytree for `in_specs` and `inputs` do not match. There are 1 mismatches, including:")
def r12_pallas_called_with_two_args_one_spec():
    spec = _pl().BlockSpec((4,), lambda i: (i,))
    f = _pl().pallas_call(
        _copy, out_shape=_sds(), grid=(2,), in_specs=[spec], out_specs=spec, interpret=True
    )
    return f(jnp.ones(8), jnp.ones(8))


@mistake("Pred must be a scalar, got")
def r12_pallas_when_on_vector():
    def kernel(x_ref, o_ref):
        @_pl().when(x_ref[...] > 0)
        def _():
            o_ref[...] = x_ref[...]

    return _pcall(kernel, jnp.ones(8))


@mistake(
    "The kernel function in the pallas_call kernel at ",
    "should return None. It returns a PyTree:",
)
def r12_pallas_kernel_returns_value():
    def kernel(x_ref, o_ref):
        return x_ref[...] * 2

    return _pcall(kernel, jnp.ones(8))


@mistake("'int' object has no attribute")
def r12_pallas_scratch_shapes_not_a_shape():
    def kernel(x_ref, o_ref, s_ref):
        o_ref[...] = x_ref[...]

    return _pcall(kernel, jnp.ones(8), scratch_shapes=[(8,)])


@mistake("Invalid dtype for `swap`. Ref dtype: float32. Value dtype: int32.")
def r12_pallas_kernel_store_dtype_differs():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...].astype(jnp.int32)

    return _pcall(kernel, jnp.ones(8))


@mistake("Pytree for `in_specs` and `inputs` do not match. There are 1 mismatches, including:")
def r12_pallas_in_specs_not_blockspec():
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[(4,)], out_specs=None)


@mistake(
    "Index map function <lambda> at ",
    "for args[0] must return integer scalars. Output[0] has type ~float32[].",
)
def r12_pallas_index_map_returns_float():
    spec = _pl().BlockSpec((4,), lambda i: (i * 1.5,))
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec], out_specs=spec)


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r12_pallas_kernel_calls_numpy_on_ref():
    def kernel(x_ref, o_ref):
        o_ref[...] = np.sin(x_ref[...])

    return _pcall(kernel, jnp.ones(8))


@mistake("`next_power_of_2` requires a non-negative integer.")
def r12_pallas_next_power_of_2_negative():
    return _pl().next_power_of_2(-3)


@mistake("Invalid shape for `swap`. Ref shape: (3,). Expected shape: (3,). Value shape: (4,).")
def r12_ref_write_wrong_shape():
    r = jax.new_ref(jnp.zeros(3))
    r[...] = jnp.ones(4)


@mistake("Invalid shape for `swap`. Ref shape: (4,). Expected shape: (2,). Value shape: (3,).")
def r12_ref_write_slice_wrong_shape():
    r = jax.new_ref(jnp.zeros(4))
    r[0:2] = jnp.ones(3)


@mistake("Invalid dtype for `swap`. Ref dtype: float32. Value dtype: int32.")
def r12_ref_write_wrong_dtype():
    r = jax.new_ref(jnp.zeros(3))
    r[...] = jnp.ones(3, jnp.int32)


@mistake("`indices` must not be longer than `shape`: indices=(0, 0), shape=(3,)")
def r12_ref_read_too_many_indices():
    r = jax.new_ref(jnp.zeros(3))
    return r[0, 0]


@mistake("Out of bound indexer: idx=5, dim=3.")
def r12_ref_read_static_index_out_of_bounds():
    r = jax.new_ref(jnp.zeros(3))
    return r[5]


@mistake()
def r12_ref_at_set():
    r = jax.new_ref(jnp.zeros(3))
    return r.at[0].set(1.0)


@mistake("unsupported operand type(s) for +: 'Ref' and 'float'")
def r12_ref_add_number():
    r = jax.new_ref(jnp.zeros(3))
    return r + 1.0


@mistake("function <lambda>")
def r12_ref_returned_from_jit():
    r = jax.new_ref(jnp.zeros(3))
    return jax.jit(lambda r: r)(r)


@mistake(
    "function <lambda> at ",
    "traced for scan returned a mutable array reference of type Ref{float32[3]}",
    "but mutable array references cannot be returned.",
)
def r12_ref_as_scan_carry():
    r = jax.new_ref(jnp.zeros(3))
    return lax.scan(lambda c, x: (c, x), r, jnp.arange(3.0))


@mistake(
    "function <lambda> at ",
    "traced for cond returned a mutable array reference of type Ref{float32[3]}, but mutable array references cannot be returned.",
)
def r12_ref_returned_from_cond():
    r = jax.new_ref(jnp.zeros(3))
    return lax.cond(True, lambda: r, lambda: r)


@mistake(
    "performing a set/swap operation with vmapped value on an unbatched array reference of type",
)
def r12_ref_in_vmap_written_batched():
    r = jax.new_ref(jnp.zeros(3))

    def f(x):
        r[...] = x

    return jax.vmap(f)(jnp.ones((2, 3)))


@mistake()
def r12_ref_new_ref_of_ref():
    r = jax.new_ref(jnp.zeros(3))
    return jax.new_ref(r)


@mistake("Invalid shape for `addupdate`. Ref shape: (3,). Expected shape: (3,). Value shape: (4,).")
def r12_ref_addupdate_wrong_shape():
    r = jax.new_ref(jnp.zeros(3))
    _sub("ref").addupdate(r, ..., jnp.ones(4))


@mistake("`indices` must not be longer than `shape`: indices=(0, 0), shape=(3,)")
def r12_ref_get_too_many_indices():
    r = jax.new_ref(jnp.zeros(3))
    return _sub("ref").get(r, (0, 0))


@mistake("Invalid shape for `swap`. Ref shape: (3,). Expected shape: (3,). Value shape: (2, 3).")
def r12_ref_write_in_jit_wrong_shape():
    r = jax.new_ref(jnp.zeros(3))

    @jax.jit
    def f(r):
        r[...] = jnp.ones((2, 3))

    return f(r)


@mistake(
    "only one reference to a mutable array may be passed as an argument to a function, but when",
)
def r12_ref_passed_twice_to_jit():
    r = jax.new_ref(jnp.zeros(3))
    return jax.jit(lambda a, b: a[...] + b[...])(r, r)


@mistake("add got incompatible shapes for broadcasting: (3,), (4,).")
def r12_ref_jnp_sum_of_ref_shape_error():
    r = jax.new_ref(jnp.zeros(3))
    return r[...] + jnp.ones(4)


@mistake("Expected cotangent type Ref{float32[3]} but got float32[3]")
def r12_ref_grad_of_ref_argument():
    return jax.grad(lambda r: r[...].sum())(jax.new_ref(jnp.zeros(3)))


@mistake("Evaluation rule for 'empty_ref' not implemented")
def r12_ref_empty_ref_bad_shape():
    return _sub("ref").empty_ref(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# jnp.fft and jnp.linalg: axes, norms, ranks (some inside transforms)


@mistake("only real valued inputs supported for rfft")
def r12_fft_ihfft_complex():
    return jnp.fft.ihfft(jnp.ones(4, jnp.complex64))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r12_fft_ifftn_axes_out_of_range():
    return jnp.fft.ifftn(jnp.ones((2, 2)), axes=(0, 2))


@mistake("Shape and axes have different lengths.")
def r12_fft_irfft2_s_length():
    return jnp.fft.irfft2(jnp.ones((4, 4)), s=(4, 4, 4))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r12_fft_fft_in_vmap_axis_out_of_range():
    return jax.vmap(lambda x: jnp.fft.fft(x, axis=1))(jnp.ones((2, 4)))


@mistake("only real valued inputs supported for rfft")
def r12_fft_rfft_in_scan_complex():
    return lax.scan(lambda c, x: (c, jnp.fft.rfft(x)), 0.0, jnp.ones((2, 4), jnp.complex64))


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got",
)
def r12_fft_grad_of_complex_output():
    return jax.grad(lambda x: jnp.fft.fft(x)[0])(jnp.ones(4))


@mistake("div got incompatible shapes for broadcasting: (4,), (2,).")
def r12_fft_fftfreq_d_array():
    return jnp.fft.fftfreq(4, d=jnp.ones(2))


@mistake('Invalid norm value 1; should be "backward","ortho" or "forward".')
def r12_fft_fft_norm_int():
    return jnp.fft.fft(jnp.ones(4), norm=1)


@mistake("'float' object cannot be interpreted as an integer")
def r12_fft_fftn_s_float():
    return jnp.fft.fftn(jnp.ones((4, 4)), s=(2.5, 2))


@mistake("tuple index out of range")
def r12_fft_hfft_in_jit_axis_out_of_range():
    return jax.jit(lambda x: jnp.fft.hfft(x, axis=-3))(jnp.ones((2, 4)))


@mistake("tuple index out of range")
def r12_fft_fftshift_in_jit_axes_out_of_range():
    return jax.jit(lambda x: jnp.fft.fftshift(x, axes=(0, 1)))(jnp.ones(4))


@mistake("axis 0 is out of bounds for array of dimension 0")
def r12_fft_rfftn_of_scalar():
    return jnp.fft.rfftn(jnp.float32(1.0), axes=(0,))


@mistake("Argument to inv must have shape [..., n, n], got (2, 3).")
def r12_linalg_inv_non_square():
    return jnp.linalg.inv(jnp.ones((2, 3)))


@mistake("Argument to inv must have shape [..., n, n], got (2, 3).")
def r12_linalg_inv_in_vmap_non_square():
    return jax.vmap(jnp.linalg.inv)(jnp.ones((4, 2, 3)))


@mistake("Argument to _det() must have shape [..., n, n], got (3,)")
def r12_linalg_det_in_scan_vector():
    return lax.scan(lambda c, x: (c + jnp.linalg.det(x), None), 0.0, jnp.ones((2, 3)))


@mistake("inconsistent size for core dimension 'm': 4 vs 3")
def r12_linalg_solve_in_jit_shapes():
    return jax.jit(jnp.linalg.solve)(jnp.eye(3), jnp.ones(4))


@mistake("got incompatible shapes for broadcasting: (2, 3), (3, 2)")
def r12_linalg_eigh_in_grad_non_square():
    return jax.grad(lambda a: jnp.linalg.eigh(a)[0].sum())(jnp.ones((2, 3)))


@mistake("UPLO must be one of None, 'L', or 'U', got X")
def r12_linalg_eigh_symmetrize_uplo_bad():
    return jnp.linalg.eigh(jnp.eye(3), UPLO="X")


@mistake("UPLO must be one of None, 'L', or 'U', got upper")
def r12_linalg_eigvalsh_uplo_bad():
    return jnp.linalg.eigvalsh(jnp.eye(3), UPLO="upper")


@mistake("Input 0 to svd must have rank at least 2, but got shape=(3,)")
def r12_linalg_svd_in_vmap_vector():
    return jax.vmap(jnp.linalg.svd)(jnp.ones((2, 3)))


@mistake("Input 0 to svd must have rank at least 2, but got shape=(3,)")
def r12_linalg_svdvals_vector():
    return jnp.linalg.svdvals(jnp.ones(3))


@mistake("Unsupported QR decomposition mode 'economic'")
def r12_linalg_qr_mode_bad():
    return jnp.linalg.qr(jnp.eye(3), mode="economic")


@mistake("Last 2 dimensions of the array must be square")
def r12_linalg_matrix_power_non_square():
    return jnp.linalg.matrix_power(jnp.ones((2, 3)), 2)


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an",
)
def r12_linalg_matrix_power_traced_n():
    return jax.jit(lambda a, n: jnp.linalg.matrix_power(a, n))(jnp.eye(2), 3)


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (0, -1) for",
)
def r12_linalg_cholesky_in_jit_vector():
    return jax.jit(jnp.linalg.cholesky)(jnp.ones(3))


@mistake("Leading dimensions of input arrays must match")
def r12_linalg_lstsq_rhs_rows_differ():
    return jnp.linalg.lstsq(jnp.ones((3, 2)), jnp.ones(4))


@mistake("3-dimensional array given. Array must be two-dimensional")
def r12_linalg_lstsq_rank_three():
    return jnp.linalg.lstsq(jnp.ones((2, 3, 2)), jnp.ones((2, 3)))


@mistake("not enough values to unpack (expected 2, got 1)")
def r12_linalg_pinv_in_grad_vector():
    return jax.grad(lambda a: jnp.linalg.pinv(a).sum())(jnp.ones(3))


@mistake(
    "Both input arrays must be (arrays of) 3-dimensional vectors, but they have x1.shape[axis]=2",
)
def r12_linalg_cross_size_two_axis():
    return jnp.linalg.cross(jnp.ones((3, 2)), jnp.ones((3, 2)))


@mistake("axes must match; got shapes (2, 3) and (2, 4) with axis=-1")
def r12_linalg_vecdot_sizes_differ():
    return jnp.linalg.vecdot(jnp.ones((2, 3)), jnp.ones((2, 4)))


@mistake("tuple index out of range")
def r12_linalg_vecdot_axis_out_of_range():
    return jnp.linalg.vecdot(jnp.ones(3), jnp.ones(3), axis=1)


@mistake("matrix_transpose requires at least 2 dimensions; got ndim=1")
def r12_linalg_matrix_transpose_vector():
    return jnp.linalg.matrix_transpose(jnp.ones(3))


@mistake("axis -2 is out of bounds for array of dimension 1")
def r12_linalg_trace_vector():
    return jnp.linalg.trace(jnp.ones(3))


@mistake("diagonal requires an array of at least two dimensions.")
def r12_linalg_diagonal_vector():
    return jnp.linalg.diagonal(jnp.ones(3))


@mistake("Input arrays must be one-dimensional, but they are x1.ndim=2 x2.ndim=1")
def r12_linalg_outer_matrix():
    return jnp.linalg.outer(jnp.ones((2, 2)), jnp.ones(3))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r12_linalg_tensordot_axes_mismatch():
    return jnp.linalg.tensordot(jnp.ones((2, 3)), jnp.ones((4, 5)), axes=1)


@mistake("Invalid order 'fro' for vector norm.")
def r12_linalg_norm_ord_in_vmap():
    return jax.vmap(lambda x: jnp.linalg.norm(x, ord="fro"))(jnp.ones((2, 3)))


@mistake("'float' object cannot be interpreted as an integer")
def r12_linalg_norm_axis_float():
    return jnp.linalg.norm(jnp.ones((2, 3)), axis=1.0)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r12_linalg_norm_keepdims_axis_out_of_range():
    return jnp.linalg.norm(jnp.ones((2, 3)), axis=(0, 2), keepdims=True)


@mistake("Invalid order '3' for matrix norm.")
def r12_linalg_matrix_norm_ord_bad():
    return jnp.linalg.matrix_norm(jnp.ones((2, 3)), ord=3)


@mistake("Invalid order 'max' for matrix norm.")
def r12_linalg_cond_p_bad():
    return jnp.linalg.cond(jnp.eye(2), p="max")


@mistake("The input to eig must be a square matrix. Got shape (2, 3)")
def r12_linalg_eig_non_square():
    return jnp.linalg.eig(jnp.ones((2, 3)))


@mistake("Input 0 to eig must have rank at least 2, but got shape=(3,)")
def r12_linalg_eigvals_vector():
    return jnp.linalg.eigvals(jnp.ones(3))


@mistake("inconsistent size for core dimension 'm': 3 vs 2")
def r12_linalg_solve_in_scan_rank():
    return lax.scan(lambda c, b: (c, jnp.linalg.solve(jnp.eye(2), b)), 0.0, jnp.ones((3, 3)))


@mistake(
    "multi_dot: input arrays must all be two-dimensional, except for the first and last array which",
)
def r12_linalg_multi_dot_middle_vector():
    return jnp.linalg.multi_dot([jnp.eye(2), jnp.ones(2), jnp.eye(2)])


@mistake("ind must be a positive integer; got ind=0")
def r12_linalg_tensorinv_ind_zero():
    return jnp.linalg.tensorinv(jnp.ones((2, 2)), ind=0)


@mistake(
    "Input arrays must have prod(a.shape[:b.ndim]) == prod(a.shape[b.ndim:]); got a.shape=(2, 3),",
)
def r12_linalg_tensorsolve_shapes():
    return jnp.linalg.tensorsolve(jnp.ones((2, 3)), jnp.ones(2))


# ---------------------------------------------------------------------------------------------
# einsum subscripts, jnp.pad, jnp.split, reshape's order (in and out of transforms)


@mistake("Einstein sum subscript 'ij' does not contain the correct number of indices for operand")
def r12_einsum_in_vmap_rank_mismatch():
    return jax.vmap(lambda x: jnp.einsum("ij,j->i", x, jnp.ones(3)))(jnp.ones((2, 3)))


@mistake("Size of label 'i' for operand 1", "does not match previous terms")
def r12_einsum_in_scan_size_mismatch():
    return lax.scan(lambda c, x: (c, jnp.einsum("i,i->", x, jnp.ones(4))), 0.0, jnp.ones((2, 3)))


@mistake("Output character 'j' did not appear in the input")
def r12_einsum_in_grad_unknown_output():
    return jax.grad(lambda x: jnp.einsum("i->j", x).sum())(jnp.ones(3))


@mistake("Invalid Ellipses.")
def r12_einsum_two_ellipses():
    return jnp.einsum("...i...->i", jnp.ones((2, 3)))


@mistake("data type 'f32' not understood")
def r12_einsum_preferred_element_type_string():
    return jnp.einsum("ij,jk", jnp.ones((2, 3)), jnp.ones((3, 2)), preferred_element_type="f32")


@mistake("Size of label 'b' for operand 1 (3) does not match previous terms (4).")
def r12_einsum_subscripts_list_of_ints_bad():
    return jnp.einsum(jnp.ones((2, 3)), [0, 1], jnp.ones((4, 5)), [1, 2])


@mistake("Number of einsum subscripts, 1, must be equal to the number of operands, 0.")
def r12_einsum_no_operands():
    return jnp.einsum("ij")


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (4).")
def r12_einsum_path_bad_subscripts():
    return jnp.einsum_path("ij,jk->ik", jnp.ones((2, 3)), jnp.ones((4, 5)))


@mistake(
    "jnp.pad: pad_width with nd=1 has unsupported shape (2, 2). Valid shapes are (1, 2), (1, 2),",
)
def r12_pad_in_vmap_width_too_long():
    return jax.vmap(lambda x: jnp.pad(x, ((1, 1), (1, 1))))(jnp.ones((2, 3)))


@mistake("Unimplemented padding mode 'mirror' for np.pad.")
def r12_pad_in_scan_mode_unknown():
    return lax.scan(lambda c, x: (c, jnp.pad(x, 1, mode="mirror")), 0.0, jnp.ones((2, 3)))


@mistake("index can't contain negative values")
def r12_pad_in_grad_negative():
    return jax.grad(lambda x: jnp.pad(x, -1).sum())(jnp.ones(3))


@mistake(
    "jnp.pad: end_values with nd=1 has unsupported shape (3,). Valid shapes are (1, 2), (1, 2),",
)
def r12_pad_linear_ramp_end_values_shape():
    return jnp.pad(jnp.ones(3), 1, mode="linear_ramp", end_values=(1, 2, 3))


@mistake("stat_length of 0 yields no value for padding")
def r12_pad_stat_length_zero():
    return jnp.pad(jnp.ones(3), 1, mode="mean", stat_length=0)


@mistake("Cannot apply 'wrap' padding to empty axis")
def r12_pad_wrap_of_empty():
    return jnp.pad(jnp.ones((0,)), 1, mode="wrap")


@mistake("`pad_width` must be of integral type.")
def r12_pad_width_string():
    return jnp.pad(jnp.ones(3), "1")


@mistake("`pad_width` must be of integral type.")
def r12_pad_width_dict():
    return jnp.pad(jnp.ones(3), {0: 1})


@mistake("unsupported keyword arguments for mode 'reflect': {'constant_values'}")
def r12_pad_constant_values_with_reflect():
    return jnp.pad(jnp.ones(3), 1, mode="reflect", constant_values=0)


@mistake("array split does not result in an equal division: rest is 1")
def r12_split_in_vmap_uneven():
    return jax.vmap(lambda x: jnp.split(x, 2))(jnp.ones((4, 3)))


@mistake("tuple index out of range")
def r12_split_in_scan_axis_out_of_range():
    return lax.scan(lambda c, x: (c, jnp.split(x, 3, axis=1)), 0.0, jnp.ones((2, 3)))


@mistake("integer division or modulo by zero")
def r12_split_sections_zero():
    return jnp.split(jnp.ones(4), 0)


@mistake("tuple index out of range")
def r12_dsplit_of_matrix():
    return jnp.dsplit(jnp.ones((2, 4)), 2)


@mistake("tuple index out of range")
def r12_hsplit_of_scalar():
    return jnp.hsplit(jnp.float32(1.0), 1)


@mistake("'list' object cannot be interpreted as an integer")
def r12_split_indices_nested_list():
    return jnp.split(jnp.ones(4), [[1, 2]])


@mistake("axis 2 is out of bounds for array of dimension 2")
def r12_unstack_axis_out_of_range():
    return jnp.unstack(jnp.ones((2, 3)), axis=2)


@mistake("np.reshape order=A is not implemented.")
def r12_reshape_order_a():
    return jnp.reshape(jnp.ones(6), (2, 3), order="A")


@mistake("Unexpected value for 'order' argument: c.")
def r12_reshape_order_lowercase():
    return jnp.reshape(jnp.ones(6), (2, 3), order="c")


@mistake("cannot reshape array of shape (6,) (size 6) into shape (4, 2) (size 8)")
def r12_reshape_order_f_in_jit_size():
    return jax.jit(lambda x: jnp.reshape(x, (4, 2), order="F"))(jnp.ones(6))


@mistake("Unexpected value for 'order' argument: K.")
def r12_reshape_in_vmap_order_bad():
    return jax.vmap(lambda x: x.reshape((3, 1), order="K"))(jnp.ones((2, 3)))


@mistake("np.reshape order=A is not implemented.")
def r12_ravel_order_a():
    return jnp.ravel(jnp.ones((2, 3)), order="A")


@mistake("reshape() got an unexpected keyword argument 'newshape'")
def r12_reshape_newshape_keyword_removed():
    return jnp.reshape(jnp.ones(6), newshape=(2, 3))


@mistake("reshape() got multiple values for argument 'shape'")
def r12_reshape_shape_and_positional():
    return jnp.reshape(jnp.ones(6), (2, 3), shape=(3, 2))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.0, 3).")
def r12_reshape_float_dim():
    return jnp.ones(6).reshape(2.0, 3)


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r12_reshape_negative_other_than_minus_one():
    return jnp.ones(6).reshape(-2, 3)


# ---------------------------------------------------------------------------------------------
# lax.fori_loop and lax.scan arguments


@mistake("lower and upper arguments to fori_loop must have equal types, got int32 and complex64")
def r12_fori_loop_complex_bounds():
    return lax.fori_loop(0, 3 + 0j, lambda i, c: c + 1, 0)


@mistake("lower and upper arguments to fori_loop must have equal types, got int32 and bool")
def r12_fori_loop_bool_upper_array():
    return lax.fori_loop(0, jnp.array(True), lambda i, c: c + 1, 0)


@mistake("lower and upper arguments to fori_loop must have equal types, got float32 and int32")
def r12_fori_loop_float_lower_array_in_jit():
    return jax.jit(lambda lo: lax.fori_loop(lo, 3, lambda i, c: c + 1, 0))(jnp.float32(0))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r12_fori_loop_in_vmap_carry_shape_changes():
    return jax.vmap(lambda x: lax.fori_loop(0, 2, lambda i, c: jnp.append(c, i), x))(
        jnp.ones((2, 3))
    )


@mistake("Can only use `unroll` in `fori_loop` if the loop bounds are statically known.")
def r12_fori_loop_unroll_with_traced_bounds_in_jit():
    return jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c + 1, 0, unroll=2))(3)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape",
)
def r12_fori_loop_body_uses_float_of_index():
    return lax.fori_loop(0, 3, lambda i, c: c + float(i), 0.0)


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they",
)
def r12_fori_loop_body_none_carry_returned_value():
    return lax.fori_loop(0, 3, lambda i, c: i, None)


@mistake("Argument 'abc' of type <class 'str'> is not a valid JAX type")
def r12_fori_loop_string_carry():
    return lax.fori_loop(0, 3, lambda i, c: c, "abc")


@mistake("'float' object cannot be interpreted as an integer")
def r12_fori_loop_unroll_float():
    return lax.fori_loop(0, 3, lambda i, c: c + 1, 0, unroll=1.5)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape",
)
def r12_scan_length_traced_in_jit():
    return jax.jit(lambda n: lax.scan(lambda c, x: (c, x), 0.0, None, length=n))(3)


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r12_scan_xs_dict_leaves_differ():
    return lax.scan(lambda c, x: (c, x), 0.0, {"a": jnp.ones(3), "b": jnp.ones(4)})


@mistake("'<' not supported between instances of 'str' and 'int'")
def r12_scan_unroll_string():
    return lax.scan(lambda c, x: (c + x, x), 0.0, jnp.ones(3), unroll="all")


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3]")
def r12_scan_in_vmap_length_mismatch():
    return jax.vmap(lambda x: lax.scan(lambda c, y: (c, y), 0.0, x, length=4))(jnp.ones((2, 3)))


@mistake("lax.scan: f argument should be a callable.")
def r12_scan_body_not_callable():
    return lax.scan(3, 0.0, jnp.ones(3))


@mistake("scan got value with no leading axis to scan over:")
def r12_scan_xs_list_not_array():
    return lax.scan(lambda c, x: (c + x, x), 0.0, [1.0, 2.0, 3.0])


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they",
)
def r12_scan_carry_list_becomes_tuple():
    return lax.scan(lambda c, x: (tuple(c), x), [0.0, 0.0], jnp.ones(3))


@mistake("Argument 's' of type <class 'str'> is not a valid JAX type")
def r12_scan_init_string():
    return lax.scan(lambda c, x: (c, x), "s", jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they",
)
def r12_scan_body_returns_none_carry():
    return lax.scan(lambda c, x: (None, x), 0.0, jnp.ones(3))


@mistake("add got incompatible shapes for broadcasting: (3,), (2,).")
def r12_scan_xs_zero_length_body_error():
    return lax.scan(lambda c, x: (c + jnp.ones(2), x), jnp.ones(3), jnp.ones((0, 2)))


@mistake("'float' object cannot be interpreted as an integer")
def r12_map_batch_size_float():
    return lax.map(lambda x: x * 2, jnp.ones(4), batch_size=1.5)


@mistake("scan got no values to scan over and `length` not provided")
def r12_map_xs_none():
    return lax.map(lambda x: x * 2, None)


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[],")
def r12_while_loop_cond_returns_float():
    return lax.while_loop(lambda c: c, lambda c: c - 1.0, 3.0)


@mistake(
    "while_loop body function carry input and carry output must have equal types, but they differ:",
)
def r12_while_loop_in_vmap_body_shape_changes():
    return jax.vmap(lambda x: lax.while_loop(lambda c: c.sum() < 3, lambda c: c[:1], x))(
        jnp.ones((2, 3))
    )


@mistake("cond branches must have equal output types but they differ.")
def r12_cond_in_scan_branch_dtypes_differ():
    def body(c, x):
        return lax.cond(x > 0, lambda: c, lambda: c.astype(jnp.int32)), x

    return lax.scan(body, 0.0, jnp.ones(3))


@mistake("switch branches must have equal output types but they differ.")
def r12_switch_in_vmap_branch_shapes_differ():
    return jax.vmap(lambda i: lax.switch(i, [lambda: jnp.ones(2), lambda: jnp.ones(3)]))(
        jnp.arange(2)
    )


@mistake("Empty branch sequence")
def r12_switch_index_uint_ok_but_branches_none():
    return lax.switch(jnp.uint32(0), [])


@mistake("add does not accept dtypes key<fry>, int32.")
def r12_key_plus_int():
    return random.key(0) + 1


@mistake("multiply does not accept dtypes key<fry>, float32.")
def r12_key_times_float():
    return random.key(0) * 2.0


@mistake("neg does not accept dtype key<fry>. Accepted dtypes are subtypes of integer, floating,")
def r12_key_negated():
    return -random.key(0)


@mistake("Cannot interpret 'key<fry>' as a data type")
def r12_key_jnp_sin():
    return jnp.sin(random.key(0))


@mistake("Cannot interpret 'key<fry>' as a data type")
def r12_key_jnp_sum_of_keys():
    return jnp.sum(random.split(random.key(0), 3))


@mistake(
    "lt does not accept dtype key<fry> at position 0. Accepted dtypes at position 0 are subtypes of",
)
def r12_key_compare_less():
    return random.key(0) < random.key(1)


@mistake("Cannot call abstract method astype")
def r12_key_astype_float():
    return random.key(0).astype(jnp.float32)


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion.")
def r12_key_concatenate_with_raw():
    return jnp.concatenate([random.split(random.key(0), 2), random.split(random.PRNGKey(0), 2)])


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion.")
def r12_key_where_mixed_with_raw():
    return jnp.where(True, random.key(0), random.PRNGKey(0))


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion.")
def r12_key_stack_with_raw():
    return jnp.stack([random.key(0), random.PRNGKey(1)])


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32",
)
def r12_key_data_of_float_array():
    return random.key_data(jnp.ones(2))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data to have ndim, shape, and dtype attributes. Got 3",
)
def r12_key_impl_of_int():
    return random.key_impl(3)


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for",
)
def r12_fold_in_batched_keys():
    return random.fold_in(random.split(random.key(0), 3), 1)


@mistake("invalid literal for int() with base 10: 'step'")
def r12_fold_in_string():
    return random.fold_in(random.key(0), "step")


@mistake("JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got")
def r12_wrap_key_data_wrong_trailing_shape():
    return random.wrap_key_data(jnp.zeros(3, jnp.uint32))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32",
)
def r12_wrap_key_data_float():
    return random.wrap_key_data(jnp.zeros(2, jnp.float32))


@mistake("JAX encountered invalid PRNG key data:")
def r12_wrap_key_data_of_typed_key():
    return random.wrap_key_data(random.key(0))


@mistake("PRNG key seed must be an integer; got")
def r12_key_of_float_seed():
    return random.key(1.5)


@mistake("key accepts a scalar seed, but was given an array of shape (2,) != ()")
def r12_key_of_array_seed():
    return random.key(jnp.arange(2))


@mistake('unrecognized PRNG implementation "philox". Did you mean one of:')
def r12_key_impl_name_unknown():
    return random.key(0, impl="philox")


@mistake('unrecognized PRNG implementation "threefry". Did you mean one of:')
def r12_prngkey_impl_name_unknown():
    return random.PRNGKey(0, impl="threefry")


@mistake("add does not accept dtypes key<fry>, int32.")
def r12_key_in_jit_arithmetic():
    return jax.jit(lambda k: k + 1)(random.key(0))


@mistake("add does not accept dtypes key<fry>, int32.")
def r12_key_in_scan_carry_add():
    return lax.scan(lambda k, x: (k + 1, x), random.key(0), jnp.ones(3))


@mistake("multiply does not accept dtypes key<fry>, int32.")
def r12_key_in_vmap_multiply():
    return jax.vmap(lambda k: k * 2)(random.split(random.key(0), 3))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact),",
)
def r12_grad_wrt_key():
    return jax.grad(lambda k: random.normal(k))(random.key(0))


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (Array((), dtype=key<fry>)",
)
def r12_key_as_shape():
    return jnp.zeros(random.key(0))


@mistake("Too many indices: array is 0-dimensional, but 1 were indexed")
def r12_key_indexing_scalar_key():
    return random.key(0)[0]


@mistake("cannot reshape array of shape (4,) (size 4) into shape 3 (size 3)")
def r12_key_reshape_wrong_size():
    return random.split(random.key(0), 4).reshape(3)


@mistake("dtype argument to `bits` must be an unsigned int dtype, got float32")
def r12_key_bits_float_dtype():
    return random.bits(random.key(0), (2,), jnp.float32)


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (), (3,)]")
def r12_key_randint_float_maxval_array():
    return random.randint(random.key(0), (2,), 0, jnp.ones(3))


@mistake("randint only accepts integer dtypes, got float32")
def r12_key_randint_float_dtype():
    return random.randint(random.key(0), (2,), 0, 5, dtype=jnp.float32)


@mistake("dtype argument to `uniform` must be a float dtype, got int32")
def r12_key_uniform_int_dtype():
    return random.uniform(random.key(0), (2,), dtype=jnp.int32)


@mistake("Cannot take a larger sample (size 5) than population (size 3) when 'replace=False'")
def r12_key_choice_without_replacement_too_many():
    return random.choice(random.key(0), 3, (5,), replace=False)


@mistake("p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (4,) and")
def r12_key_choice_p_shape():
    return random.choice(random.key(0), 3, (2,), p=jnp.ones(4) / 4)


@mistake("a must be greater than 0 unless no samples are taken")
def r12_key_choice_empty():
    return random.choice(random.key(0), jnp.ones(0), (1,))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r12_key_choice_axis_out_of_range():
    return random.choice(random.key(0), jnp.ones((2, 3)), (1,), axis=2)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r12_key_permutation_axis_out_of_range():
    return random.permutation(random.key(0), jnp.ones(3), axis=1)


@mistake("x must be an integer or at least 1-dimensional")
def r12_key_permutation_float_scalar():
    return random.permutation(random.key(0), 3.0)


@mistake("index 2 is out of bounds for axis 0 with size 2")
def r12_key_categorical_axis_out_of_range():
    return random.categorical(random.key(0), jnp.ones((2, 3)), axis=2)


@mistake("Incompatible shapes for broadcasting: shapes=[(4,),")
def r12_key_categorical_shape_mismatch():
    return random.categorical(random.key(0), jnp.ones((2, 3)), shape=(4,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r12_key_bernoulli_p_shape():
    return random.bernoulli(random.key(0), jnp.ones(3) * 0.5, shape=(2,))


@mistake("unexpected PRNG key type <class 'tuple'>")
def r12_key_split_of_tuple():
    return random.split((0, 1))


# ---------------------------------------------------------------------------------------------
# dtypes: float0, bool arithmetic JAX refuses, x64 requests


@mistake(
    "Called add with a float0 array. float0s do not support any operations by design because they",
)
def r12_float0_plus_one():
    return np.zeros((), dtype=jax.dtypes.float0) + jnp.ones(())


@mistake(
    "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in case of",
)
def r12_float0_tangent_used_in_jvp():
    return jax.jvp(lambda x: x * 2.0, (1.0,), (np.zeros((), jax.dtypes.float0),))


@mistake(
    "ufunc 'add' did not contain a loop with signature matching types (dtype([('float0', 'V')]),",
)
def r12_float0_grad_of_int_arg_used():
    g = jax.grad(lambda x, n: x * n, argnums=(0, 1), allow_int=True)(1.0, 2)
    return g[1] + 1


@mistake(
    "sub does not accept dtype bool at position 0. Accepted dtypes at position 0 are subtypes of",
)
def r12_bool_subtract():
    return jnp.subtract(jnp.array([True]), jnp.array([False]))


@mistake("neg does not accept dtype bool. Accepted dtypes are subtypes of integer, floating,")
def r12_bool_negative():
    return jnp.negative(jnp.array([True]))


@mistake(
    "sub does not accept dtype bool at position 0. Accepted dtypes at position 0 are subtypes of",
)
def r12_bool_minus_operator():
    return jnp.array([True]) - jnp.array([True])


@mistake("neg does not accept dtype bool. Accepted dtypes are subtypes of integer, floating,")
def r12_bool_unary_minus():
    return -jnp.array([True])


@mistake(
    "add does not accept dtype bool at position 0. Accepted dtypes at position 0 are subtypes of",
)
def r12_bool_lax_add():
    return lax.add(jnp.array(True), jnp.array(False))


@mistake("neg does not accept dtype bool. Accepted dtypes are subtypes of")
def r12_bool_lax_neg():
    return lax.neg(jnp.array(True))


@mistake(
    "sub does not accept dtype bool at position 0. Accepted dtypes at position 0 are subtypes of",
)
def r12_bool_in_scan_subtract():
    return lax.scan(lambda c, x: (c - x, x), jnp.array(True), jnp.array([True, False]))


@mistake("sqrt does not accept dtype bool. Accepted dtypes are subtypes of floating,")
def r12_bool_sqrt_lax():
    return lax.sqrt(jnp.array(True))


@mistake("not does not accept dtype float32. Accepted dtypes are subtypes of integer,")
def r12_bool_invert_float():
    return ~jnp.ones(3)


@mistake(
    "and does not accept dtype float32 at position 0. Accepted dtypes at position 0 are subtypes of",
)
def r12_float_bitwise_and():
    return jnp.ones(3) & jnp.ones(3)


@mistake(
    "shift_left does not accept dtype float32 at position 0. Accepted dtypes at position 0 are",
)
def r12_float_shift():
    return jnp.left_shift(jnp.ones(3), 1)


@mistake("lax.rem requires arguments to have the same dtypes, got int32, float32.")
def r12_float_mod_lax_rem_int_float():
    return lax.rem(jnp.ones(3, jnp.int32), jnp.ones(3))


@mistake(
    "An overflow was encountered while parsing an argument to a jitted computation, whose argument path is y. Got <class 'int'> with value 1099511627776",
)
def r12_x64_int64_literal_overflow_in_jit():
    return jax.jit(lambda x: x + 2**40)(jnp.int32(1))


@mistake(
    "An overflow was encountered while parsing an argument to a jitted computation, whose argument path is y. Got <class 'int'> with value 8589934592",
)
def r12_x64_uint32_overflow_literal():
    return jnp.uint32(1) + 2**33


@mistake("Python integer 34359738368 out of bounds for int32")
def r12_x64_array_of_huge_int():
    return jnp.array([1, 2**35])


@mistake("data type 'float33' not understood")
def r12_dtype_string_unknown():
    return jnp.zeros(3, dtype="float33")


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'object'> in zeros")
def r12_dtype_object():
    return jnp.zeros(3, dtype=object)


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'str'> in zeros")
def r12_dtype_str_type():
    return jnp.zeros(3, dtype=str)


@mistake("data type 'string' not understood")
def r12_astype_string_type():
    return jnp.ones(3).astype("string")


@mistake("Invalid integer data type 'f'.")
def r12_iinfo_of_float():
    return jnp.iinfo(jnp.float32)


@mistake("data type <class 'numpy.int32'> not inexact")
def r12_finfo_of_int():
    return jnp.finfo(jnp.int32)


@mistake("data type 'banana' not understood")
def r12_promote_types_bad():
    return jnp.promote_types(jnp.float32, "banana")


@mistake("data type 'abc' not understood")
def r12_result_type_of_string():
    return jnp.result_type("abc", 1.0)


@mistake("Value 'a' with dtype <U1 is not a valid JAX array type. Only arrays of numeric types are")
def r12_array_of_strings():
    return jnp.array(["a", "b"])


@mistake("None is not a valid value for jnp.array")
def r12_array_of_mixed_list():
    return jnp.array([1.0, None])


@mistake(
    "setting an array element with a sequence. The requested array has an inhomogeneous shape after",
)
def r12_array_of_ragged_list():
    return jnp.array([[1.0], [1.0, 2.0]])


# ---------------------------------------------------------------------------------------------
# jax.debug.print formats and callbacks


@mistake("Unknown format code 'q' for object of type 'float'")
def r12_debug_print_format_spec_bad():
    jax.debug.print("{x:q}", x=1.0)


@mistake("expected '}' before end of string")
def r12_debug_print_unclosed_brace():
    jax.debug.print("{x", x=1.0)


@mistake("Single '}' encountered in format string")
def r12_debug_print_extra_close_brace():
    jax.debug.print("x}", x=1.0)


@mistake("cannot switch from manual field specification to automatic field numbering")
def r12_debug_print_mixed_auto_and_manual():
    jax.debug.print("{} {0}", 1.0)


@mistake("'y'")
def r12_debug_print_in_jit_missing_key():
    return jax.jit(lambda x: jax.debug.print("{y}", x=x))(1.0)


@mistake("tuple index out of range")
def r12_debug_print_in_vmap_missing_positional():
    return jax.vmap(lambda x: jax.debug.print("{} {}", x))(jnp.ones(2))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r12_debug_print_in_scan_bad_spec():
    return lax.scan(lambda c, x: (jax.debug.print("{:d}", x), x)[1:] * 2, 0.0, jnp.ones(2))


@mistake("debug_print received unexpected arguments in the two-call form: args=(1.0,) kwargs={}")
def r12_debug_print_fmt_none():
    jax.debug.print(None, 1.0)


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r12_debug_callback_in_jit_wrong_args():
    return jax.jit(lambda x: jax.debug.callback(lambda: None, x))(1.0)


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r12_pure_callback_shape_mismatch_in_jit():
    return jax.jit(lambda x: jax.pure_callback(lambda x: np.ones(4, np.float32), _sds((3,)), x))(
        jnp.ones(3)
    )


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r12_pure_callback_dtype_mismatch_eager():
    return jax.pure_callback(lambda x: np.ones(3, np.int32), _sds((3,)), jnp.ones(3))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r12_pure_callback_structure_mismatch():
    return jax.pure_callback(lambda x: (x, x), _sds((3,)), jnp.ones(3))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r12_pure_callback_returns_none():
    return jax.pure_callback(lambda x: None, _sds((3,)), jnp.ones(3))


@mistake("'int' object has no attribute 'dtype'")
def r12_pure_callback_result_shape_dtypes_list():
    return jax.pure_callback(lambda x: x, [3], jnp.ones(3))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r12_pure_callback_not_callable():
    return jax.pure_callback(3, _sds((3,)), jnp.ones(3))


@mistake("vmap is only supported for the pure_callback primitive when vmap_method is one of")
def r12_pure_callback_in_vmap_without_method():
    return jax.vmap(lambda x: jax.pure_callback(np.sin, _sds((), jnp.float32), x))(jnp.ones(3))


@mistake(
    "Pure callbacks do not support JVP. Please use `jax.custom_jvp` to use callbacks while taking gradients.",
)
def r12_pure_callback_in_grad():
    return jax.grad(lambda x: jax.pure_callback(np.sin, _sds((), jnp.float32), x))(1.0)


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r12_pure_callback_raises_inside():
    def cb(x):
        raise ValueError("user callback failed")

    return jax.pure_callback(cb, _sds((3,)), jnp.ones(3))


@mistake("Cannot `vmap` ordered IO callback.")
def r12_io_callback_ordered_in_vmap_jit():
    f = _sub("experimental").io_callback
    return jax.jit(jax.vmap(lambda x: f(lambda x: x, _sds((), jnp.float32), x, ordered=True)))(
        jnp.ones(3)
    )


@mistake("IO callbacks do not support JVP.")
def r12_io_callback_in_grad():
    f = _sub("experimental").io_callback
    return jax.grad(lambda x: f(lambda x: x, _sds((), jnp.float32), x))(1.0)


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r12_io_callback_shape_mismatch():
    f = _sub("experimental").io_callback
    return f(lambda x: np.ones(4, np.float32), _sds((3,)), jnp.ones(3))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r12_io_callback_not_callable():
    return _sub("experimental").io_callback(None, _sds((3,)), jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# More Pallas: grid specs, scratch, scalar prefetch, kernels in transforms


@mistake("If `grid_spec` is specified, then `out_specs` must be `no_block_spec`. It is")
def r12_pallas_grid_spec_and_out_specs():
    spec = _pl().BlockSpec((4,), lambda i: (i,))
    gs = _pl().GridSpec(grid=(2,), in_specs=[spec], out_specs=spec)
    return _pcall(_copy, jnp.ones(8), grid_spec=gs, out_specs=spec)


@mistake("If `grid_spec` is specified, then `scratch_shapes` must be `()`. It is")
def r12_pallas_grid_spec_and_scratch_shapes():
    gs = _pl().GridSpec(grid=(1,))
    return _pcall(_copy, jnp.ones(8), grid_spec=gs, scratch_shapes=[_sds((8,))])


@mistake("`in_specs` must be a tuple or a list. Found: {'x': BlockSpec(")
def r12_pallas_in_specs_dict_for_one_input():
    spec = _pl().BlockSpec((4,), lambda i: (i,))
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs={"x": spec}, out_specs=spec)


@mistake(
    "r12_pallas_out_shape_list_two_kernel_writes_one.<locals>.kernel() takes 2 positional arguments",
)
def r12_pallas_out_shape_list_two_kernel_writes_one():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...]

    return _pl().pallas_call(kernel, out_shape=[_sds(), _sds()], interpret=True)(jnp.ones(8))


@mistake(
    "r12_pallas_two_outputs_one_param.<locals>.kernel() missing 1 required positional argument:",
)
def r12_pallas_two_outputs_one_param():
    def kernel(x_ref, o1_ref, o2_ref, extra):
        o1_ref[...] = x_ref[...]

    return _pl().pallas_call(kernel, out_shape=(_sds(), _sds()), interpret=True)(jnp.ones(8))


@mistake("add got incompatible shapes for broadcasting: (8,), (3,).")
def r12_pallas_kernel_shape_error_in_body():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] + jnp.ones(3)

    return _pcall(kernel, jnp.ones(8))


@mistake("cannot reshape array of shape (8,) (size 8) into shape (3, 3) (size 9)")
def r12_pallas_kernel_reshape_wrong_size():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...].reshape(3, 3).sum(0)

    return _pcall(kernel, jnp.ones(8))


@mistake("Invalid shape for `swap`. Ref shape: (8,). Expected shape: (8,). Value shape: (4,).")
def r12_pallas_kernel_under_jit_writes_wrong_shape():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[:4]

    return jax.jit(lambda x: _pcall(kernel, x))(jnp.ones(8))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r12_pallas_kernel_under_vmap_python_if():
    def kernel(x_ref, o_ref):
        if x_ref[0] > 0:
            o_ref[...] = x_ref[...]

    return jax.vmap(lambda x: _pcall(kernel, x))(jnp.ones((2, 8)))


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape",
)
def r12_pallas_kernel_float_of_value():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] * float(x_ref[0])

    return _pcall(kernel, jnp.ones(8))


@mistake(
    "The numpy.ndarray conversion method __array__() was called on traced array with shape int32[]",
)
def r12_pallas_kernel_numpy_of_program_id():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] + np.asarray(_pl().program_id(0))

    return _pcall(kernel, jnp.ones(8), grid=(1,))


@mistake("`indices` must not be longer than `shape`: indices=(0, 0), shape=(8,)")
def r12_pallas_kernel_write_out_of_rank():
    def kernel(x_ref, o_ref):
        o_ref[0, 0] = 1.0

    return _pcall(kernel, jnp.ones(8))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r12_pallas_index_map_uses_python_if():
    def index_map(i):
        return (i,) if i > 0 else (0,)

    spec = _pl().BlockSpec((4,), index_map)
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec], out_specs=spec)


@mistake("Index map function <lambda>")
def r12_pallas_index_map_returns_vector():
    spec = _pl().BlockSpec((4,), lambda i: (jnp.array([i, i]),))
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec], out_specs=spec)


@mistake(
    "Block shape for outputs (= (Blocked(block_size=4), Blocked(block_size=1))) must have the same",
)
def r12_pallas_block_shape_too_long_for_output():
    spec = _pl().BlockSpec((4,), lambda i: (i,))
    ospec = _pl().BlockSpec((4, 1), lambda i: (i, 0))
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec], out_specs=ospec)


@mistake("Grid must be a tuple of integers or jax.Array, got")
def r12_pallas_grid_string():
    return _pcall(_copy, jnp.ones(8), grid="2")


@mistake("The kernel function in the pallas_call kernel")
def r12_pallas_cost_estimate_ok_but_kernel_returns():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...]
        return o_ref

    return _pcall(kernel, jnp.ones(8))


# ---------------------------------------------------------------------------------------------
# More refs: in transforms' bodies


@mistake("Invalid shape for `swap`. Ref shape: (3,). Expected shape: (3,). Value shape: (4,).")
def r12_ref_write_in_scan_body_wrong_shape():
    r = jax.new_ref(jnp.zeros(3))

    def body(c, x):
        r[...] = jnp.ones(4)
        return c, x

    return lax.scan(body, 0.0, jnp.ones(2))


@mistake("Invalid dtype for `swap`. Ref dtype: float32. Value dtype: int32.")
def r12_ref_write_in_fori_body_wrong_dtype():
    r = jax.new_ref(jnp.zeros(3))

    def body(i, c):
        r[...] = jnp.ones(3, jnp.int32)
        return c

    return lax.fori_loop(0, 2, body, 0)


@mistake("Invalid shape for `swap`. Ref shape: (3,). Expected shape: (3,). Value shape: (2,).")
def r12_ref_write_in_cond_branch_wrong_shape():
    r = jax.new_ref(jnp.zeros(3))

    def yes():
        r[...] = jnp.ones(2)

    return lax.cond(True, yes, lambda: None)


@mistake("`indices` must not be longer than `shape`: indices=(0, 1), shape=(3,)")
def r12_ref_read_too_many_indices_in_jit():
    r = jax.new_ref(jnp.zeros(3))
    return jax.jit(lambda: r[0, 1])()


@mistake("'AbstractRef' object has no attribute '_mul'")
def r12_ref_traced_add_in_jit():
    r = jax.new_ref(jnp.zeros(3))
    return jax.jit(lambda r: r * 2.0)(r)


@mistake("Cannot store a Ref into another Ref. Did you forget to load from it using `[...]`?")
def r12_ref_store_ref_in_jit():
    a, b = jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.ones(3))

    @jax.jit
    def f(a, b):
        a[...] = b

    return f(a, b)


@mistake("function <lambda>")
def r12_ref_returned_from_jit_in_pytree():
    r = jax.new_ref(jnp.zeros(3))
    return jax.jit(lambda r: {"out": r})(r)


@mistake("function <lambda>")
def r12_ref_returned_from_while_body():
    r = jax.new_ref(jnp.zeros(3))
    return lax.while_loop(lambda c: False, lambda c: c, r)


# ---------------------------------------------------------------------------------------------
# More inside transforms: einsum / pad / split / fft / linalg / random in bodies


@mistake("Einstein sum subscript 'ij' does not contain the correct number of indices for operand")
def r12_einsum_in_fori_body_rank_mismatch():
    return lax.fori_loop(0, 2, lambda i, c: jnp.einsum("ij,j->i", c, jnp.ones(3)), jnp.ones(3))


@mistake("Unimplemented padding mode 'bogus' for np.pad.")
def r12_pad_in_cond_branch_mode_unknown():
    return lax.cond(True, lambda x: jnp.pad(x, 1, mode="bogus"), lambda x: x, jnp.ones(3))


@mistake("array split does not result in an equal division: rest is 1")
def r12_split_in_jit_uneven():
    return jax.jit(lambda x: jnp.split(x, 3))(jnp.ones(4))


@mistake('Invalid norm value unit; should be "backward","ortho" or "forward".')
def r12_fft_in_scan_norm_bad():
    return lax.scan(lambda c, x: (c, jnp.fft.fft(x, norm="unit")), 0.0, jnp.ones((2, 4)))


@mistake("Argument to inv must have shape [..., n, n], got (3,).")
def r12_linalg_inv_in_jit_vector():
    return jax.jit(jnp.linalg.inv)(jnp.ones(3))


@mistake("Argument to _det() must have shape [..., n, n], got (2, 3)")
def r12_linalg_det_in_vmap_non_square():
    return jax.vmap(jnp.linalg.det)(jnp.ones((2, 2, 3)))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32",
)
def r12_random_normal_in_scan_float_key():
    return lax.scan(lambda k, x: (k, random.normal(k)), jnp.ones(2), jnp.ones(3))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32",
)
def r12_random_split_in_vmap_of_float_keys():
    return jax.vmap(random.split)(jnp.ones((3, 2)))


@mistake("add does not accept dtypes key<fry>, int32.")
def r12_random_key_arithmetic_in_fori_body():
    return lax.fori_loop(0, 2, lambda i, k: k + i, random.key(0))


@mistake("invalid literal for int() with base 10: 'step'")
def r12_random_fold_in_string_in_jit():
    return jax.jit(lambda k: random.fold_in(k, "step"))(random.key(0))


@mistake(
    "sub does not accept dtype bool at position 0. Accepted dtypes at position 0 are subtypes of",
)
def r12_bool_subtract_in_vmap():
    return jax.vmap(lambda a, b: a - b)(jnp.array([True]), jnp.array([False]))


@mistake("neg does not accept dtype bool. Accepted dtypes are subtypes of integer, floating,")
def r12_bool_negative_in_jit():
    return jax.jit(jnp.negative)(jnp.array([True]))


@mistake(
    "An overflow was encountered while parsing an argument to a jitted computation, whose argument",
)
def r12_overflow_in_vmap_literal():
    return jax.vmap(lambda x: x * 2**40)(jnp.ones(3, jnp.int32))


@mistake(
    "An overflow was encountered while parsing an argument to a jitted computation, whose argument",
)
def r12_overflow_in_scan_literal():
    return lax.scan(lambda c, x: (c + 2**35, x), jnp.int32(0), jnp.ones(2))


@mistake("expected '}' before end of string")
def r12_debug_print_in_grad_bad_spec():
    def f(x):
        jax.debug.print("{x", x=x)
        return x * 2

    return jax.grad(f)(1.0)


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last):")
def r12_pure_callback_in_jit_not_callable():
    return jax.jit(lambda x: jax.pure_callback("cb", _sds((3,)), x))(jnp.ones(3))


@mistake("vmap_method must be on of the allowed methods ['sequential', 'sequential_unrolled',")
def r12_pure_callback_in_vmap_bad_method():
    f = lambda x: jax.pure_callback(np.sin, _sds((), jnp.float32), x, vmap_method="batched")  # noqa: E731
    return jax.vmap(f)(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# Pallas odds and ends


@mistake("tuple indices must be integers or slices, not float")
def r12_pallas_program_id_float_axis():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] + _pl().program_id(0.0)

    return _pcall(kernel, jnp.ones(8), grid=(2,))


@mistake("Pytree for `out_specs` and `out_shape` do not match. There are 1 mismatches, including:")
def r12_pallas_out_shape_dict_out_specs_tuple():
    spec = _pl().BlockSpec((8,), lambda: (0,))

    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...]

    f = _pl().pallas_call(
        kernel, out_shape={"o": _sds()}, in_specs=[spec], out_specs=(spec,), interpret=True
    )
    return f(jnp.ones(8))


@mistake(
    "input_output_aliases contains the mapping 'x:0' with input index x outside the range [0, 1)",
)
def r12_pallas_alias_key_string():
    return _pcall(_copy, jnp.ones(8), input_output_aliases={"x": 0})


@mistake(
    "r12_pallas_two_inputs_kernel_two_params.<locals>.kernel() takes 2 positional arguments but 3",
)
def r12_pallas_two_inputs_kernel_two_params():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...]

    f = _pl().pallas_call(kernel, out_shape=_sds(), interpret=True)
    return f(jnp.ones(8), jnp.ones(8))


@mistake("'NoneType' object has no attribute 'shape'")
def r12_pallas_index_map_returns_none():
    spec = _pl().BlockSpec((4,), lambda i: None)
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec], out_specs=spec)


@mistake("'tuple' object is not callable")
def r12_pallas_index_map_not_callable():
    spec = _pl().BlockSpec((4,), (0,))
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec], out_specs=spec)


@mistake("the first argument must be callable")
def r12_pallas_kernel_not_callable():
    return _pl().pallas_call(None, out_shape=_sds(), interpret=True)(jnp.ones(8))


@mistake("Grid must be a tuple of integers or jax.Array, got (None,)")
def r12_pallas_grid_none_entry():
    return _pcall(_copy, jnp.ones(8), grid=(None,))


@mistake("'ShapeDtypeStruct' object has no attribute 'get_ref_aval'")
def r12_pallas_scratch_shape_used_wrong_shape():
    def kernel(x_ref, o_ref, s_ref):
        s_ref[...] = x_ref[...]
        o_ref[...] = s_ref[...]

    return _pcall(kernel, jnp.ones(8), scratch_shapes=[_sds((4,))])


@mistake("Argument 'x' of type <class 'str'> is not a valid JAX type")
def r12_pallas_kernel_writes_string():
    def kernel(x_ref, o_ref):
        o_ref[...] = "x"

    return _pcall(kernel, jnp.ones(8))


@mistake(
    "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()",
)
def r12_pallas_kernel_bool_of_ref():
    def kernel(x_ref, o_ref):
        if x_ref:
            o_ref[...] = x_ref[...]

    return _pcall(kernel, jnp.ones(8))


@mistake("sum requires ndarray or scalar arguments, got")
def r12_pallas_kernel_jnp_sum_of_ref():
    def kernel(x_ref, o_ref):
        o_ref[...] = o_ref[...] * 0 + jnp.sum(x_ref)

    return _pcall(kernel, jnp.ones(8))


@mistake("Pytree for `in_specs` and `inputs` do not match. There are 1 mismatches, including:")
def r12_pallas_in_specs_none_entry_two_inputs():
    spec = _pl().BlockSpec((8,), lambda: (0,))

    def kernel(x_ref, y_ref, o_ref):
        o_ref[...] = x_ref[...] + y_ref[...]

    f = _pl().pallas_call(kernel, out_shape=_sds(), in_specs=[spec], out_specs=spec, interpret=True)
    return f(jnp.ones(8), jnp.ones(8))


# ---------------------------------------------------------------------------------------------
# Refs: more reads and writes


@mistake("Argument 'abc' of type <class 'str'> is not a valid JAX type")
def r12_ref_write_string():
    r = jax.new_ref(jnp.zeros(3))
    r[...] = "abc"


@mistake("Argument '[1.0, 2.0]' of type", "is not a valid JAX type")
def r12_ref_write_python_list_wrong_length():
    r = jax.new_ref(jnp.zeros(3))
    r[...] = [1.0, 2.0]


@mistake("add got incompatible shapes for broadcasting: (3,), (2,).")
def r12_ref_addupdate_operator_wrong_shape():
    r = jax.new_ref(jnp.zeros(3))
    r[...] += jnp.ones(2)


@mistake("len() of unsized object")
def r12_ref_bool_of_ref():
    r = jax.new_ref(jnp.zeros(()))
    if r:
        return 1


@mistake("Out of bound indexer: idx=3, dim=3.")
def r12_ref_numpy_of_ref():
    r = jax.new_ref(jnp.zeros(3))
    return np.asarray(r) + 1


@mistake("sin requires ndarray or scalar arguments, got")
def r12_ref_jnp_sin_of_ref():
    r = jax.new_ref(jnp.zeros(3))
    return jnp.sin(r)


@mistake("len() of unsized object")
def r12_ref_len_of_scalar_ref():
    return len(jax.new_ref(jnp.zeros(())))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r12_ref_in_jit_python_if_on_read():
    r = jax.new_ref(jnp.zeros(()))

    @jax.jit
    def f():
        if r[...] > 0:
            r[...] = 1.0

    return f()
