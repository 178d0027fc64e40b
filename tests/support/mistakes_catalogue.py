# ruff: noqa: F821  (the runner binds the library names; see the docstring)
"""A catalogue of mistakes JAX users make, one small program each, run under JAX and under
meshjit by tests/support/mistakes_runner.py (see tests/test_mistakes_catalogue.py).

This file is not imported: the runner executes it with the library's names bound (`jax`,
`jnp`, `lax`, `random`, `np`, `P`, `NamedSharding`, `Mesh`, `AxisType`, `checkify`, `sparse`,
`mesh2`, `mesh24`, `emesh`), so the same lines run in both and a traceback names the same line.
`@mistake(*phrases)` registers a case; the phrases are what JAX's message says about the
problem, which meshjit's message must say too. Each case raises on one line of its body in
JAX, except the few marked as programs JAX 0.10.2 accepts (meshjit must accept them too)."""

f32 = np.float32


def _mesh(shape, names, explicit=False):
    types = (AxisType.Explicit if explicit else AxisType.Auto,) * len(shape)
    return jax.make_mesh(shape, names, axis_types=types)


mesh2 = _mesh((2,), ("x",))
mesh24 = _mesh((2, 4), ("x", "y"))
emesh = _mesh((2, 4), ("x", "y"), explicit=True)


# ---------------------------------------------------------------------------------------------
# Shapes


@mistake("dot_general requires contracting dimensions to have the same shape", "(3,)", "(4,)")
def matmul_mismatch():
    return jnp.ones((2, 3)) @ jnp.ones((4, 5))


@mistake("dot_general requires contracting dimensions to have the same shape")
def matmul_mismatch_in_jit():
    return jax.jit(lambda a, b: jnp.matmul(a, b))(jnp.ones((2, 3)), jnp.ones((4, 5)))


@mistake("add got incompatible shapes for broadcasting", "(3,)", "(4,)")
def add_mismatch():
    return jnp.ones(3) + jnp.ones(4)


@mistake("mul got incompatible shapes for broadcasting", "(3,)", "(4,)")
def add_mismatch_in_jit():
    return jax.jit(lambda a, b: a * b)(jnp.ones(3), jnp.ones(4))


@mistake("cannot reshape array of shape (6,) (size 6) into shape (4, 2) (size 8)")
def reshape_size():
    return jnp.arange(6).reshape(4, 2)


@mistake("can only specify one unknown axis size")
def reshape_two_unknown():
    return jnp.arange(6).reshape(-1, -1)


@mistake("Cannot concatenate arrays with different numbers of dimensions")
def concatenate_ranks():
    return jnp.concatenate([jnp.ones((2, 2)), jnp.ones(2)])


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one")
def concatenate_shapes():
    return jnp.concatenate([jnp.ones((2, 3)), jnp.ones((2, 4))], axis=0)


@mistake("axis 2 is out of bounds for array of dimension 2")
def concatenate_axis_out_of_range():
    return jnp.concatenate([jnp.ones((2, 3)), jnp.ones((2, 3))], axis=2)


@mistake("Incompatible types for broadcasting")
def broadcast_to_incompatible():
    return jnp.broadcast_to(jnp.ones(3), (4,))


@mistake("Cannot broadcast to shape with fewer dimensions")
def broadcast_to_lower_rank():
    return jnp.broadcast_to(jnp.ones((2, 3)), (3,))


@mistake("Size of label 'j' for operand 1")
def einsum_size_mismatch():
    return jnp.einsum("ij,jk->ik", jnp.ones((2, 3)), jnp.ones((4, 5)))


@mistake("Einstein sum subscript 'ij' does not contain the correct number of indices for operand 0")
def einsum_wrong_rank():
    return jnp.einsum("ij,jk->ik", jnp.ones(3), jnp.ones((3, 3)))


@mistake("'k'")
def einsum_unknown_output():
    return jnp.einsum("ij->k", jnp.ones((2, 3)))


@mistake()
def einsum_too_few_operands():
    return jnp.einsum("ij,jk->ik", jnp.ones((2, 3)))


@mistake("All input arrays must have the same shape")
def stack_shapes():
    return jnp.stack([jnp.ones(2), jnp.ones(3)])


@mistake("dot_general requires contracting dimensions to have the same shape")
def dot_vectors():
    return jnp.dot(jnp.ones(3), jnp.ones(4))


@mistake("transpose permutation isn't a permutation of operand dimensions")
def transpose_repeated_axis():
    return jnp.transpose(jnp.ones((2, 3)), (0, 0))


@mistake("cannot select an axis to squeeze out which has size not equal to one")
def squeeze_non_unit():
    return jnp.squeeze(jnp.ones((2, 3)), axis=0)


@mistake("add")
def lax_add_shapes():
    return lax.add(jnp.ones(3), jnp.ones((3, 1)))


@mistake("lax.add requires arguments to have the same dtypes", "float32", "int32")
def lax_add_dtypes():
    return lax.add(jnp.ones(3, jnp.float32), jnp.ones(3, jnp.int32))


@mistake("dot_general requires lhs dimension numbers to be nonnegative and less than")
def dot_general_bad_dims():
    return lax.dot_general(jnp.ones((2, 3)), jnp.ones((3, 2)), (((2,), (0,)), ((), ())))


@mistake("Incompatible shapes for broadcasting")
def where_shapes():
    return jnp.where(jnp.ones(3) > 0, jnp.ones(4), jnp.ones(5))


@mistake("array split does not result in an equal division")
def split_uneven():
    return jnp.split(jnp.arange(5), 2)


@mistake("matmul input operand 0 must have ndim at least 1, but it has ndim 0")
def matmul_scalar():
    return jnp.matmul(1.0, jnp.ones(3))


@mistake("axis 3 is out of bounds for array of dimension 2")
def expand_dims_out_of_range():
    return jnp.expand_dims(jnp.ones(2), 3)


@mistake("broadcast_in_dim broadcast_dimensions must have length equal to operand ndim")
def broadcast_in_dim_dims():
    return lax.broadcast_in_dim(jnp.ones(3), (2, 3), (0, 1))


@mistake()
def conv_ranks():
    return lax.conv(jnp.ones((1, 1, 5)), jnp.ones((1, 1, 3, 3)), (1, 1), "SAME")


@mistake("slice", "(4,)")
def lax_slice_out_of_range():
    return lax.slice(jnp.ones(4), (0,), (6,))


@mistake()
def reshape_tuple_size():
    return lax.reshape(jnp.ones((2, 3)), (4, 2))


# ---------------------------------------------------------------------------------------------
# Dtypes


@mistake("grad requires real- or complex-valued inputs", "int32")
def grad_int_input():
    return jax.grad(lambda x: x * 2.0)(1)


@mistake("grad requires real- or complex-valued inputs", "int32")
def grad_int_array_input():
    return jax.grad(lambda x: (x * 2.0).sum())(jnp.arange(3))


@mistake("grad requires real-valued outputs", "complex64", "holomorphic=True")
def grad_complex_output():
    return jax.grad(lambda x: x * 1j)(1.0)


@mistake("holomorphic=True requires inputs with complex dtype", "float32")
def grad_holomorphic_real_input():
    return jax.grad(lambda x: x * x, holomorphic=True)(1.0)


@mistake("jacfwd requires real-valued inputs", "int32")
def jacfwd_int_input():
    return jax.jacfwd(lambda x: x * 2.0)(jnp.arange(3))


@mistake("erf does not accept dtype complex64")
def erf_complex():
    return lax.erf(jnp.ones(2, jnp.complex64))


@mistake("floor does not accept dtype complex64")
def floor_complex():
    return lax.floor(jnp.ones(2, jnp.complex64))


@mistake("does not accept dtype float32")
def bitwise_and_float():
    return lax.bitwise_and(jnp.ones(2), jnp.ones(2))


@mistake("shift_left does not accept dtype float32")
def shift_float():
    return lax.shift_left(jnp.ones(2), jnp.ones(2))


@mistake("primal and tangent arguments to jax.jvp do not match", "float0", "int32")
def jvp_int_primal_int_tangent():
    return jax.jvp(lambda x: x * 2, (1,), (1,))


@mistake("data type 'foo' not understood")
def astype_unknown_dtype():
    return jnp.ones(3).astype("foo")


@mistake("is not a valid JAX array type")
def array_of_strings():
    return jnp.array(["a", "b"])


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def lax_max_complex():
    return lax.max(jnp.ones(2, jnp.complex64), jnp.ones(2, jnp.complex64))


@mistake("rem does not accept dtype complex64")
def lax_rem_complex():
    return lax.rem(jnp.ones(2, jnp.complex64), jnp.ones(2, jnp.complex64))


# ---------------------------------------------------------------------------------------------
# Indexing


@mistake("Slice entries must be static integers")
def dynamic_slice_in_jit():
    return jax.jit(lambda x, i: x[i : i + 2])(jnp.arange(5), 1)


@mistake("Array boolean indices must be concrete")
def bool_mask_in_jit():
    return jax.jit(lambda x: x[x > 0])(jnp.arange(3.0))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def out_of_bounds_static_index():
    return jnp.arange(3)[5]


@mistake("Too many indices", "array is 1-dimensional, but 2 were indexed")
def too_many_indices():
    return jnp.ones(3)[0, 0]


@mistake("JAX arrays are immutable and do not support in-place item assignment", ".at")
def item_assignment():
    x = jnp.arange(3)
    x[0] = 1
    return x


@mistake("JAX arrays are immutable and do not support in-place item assignment", ".at")
def item_assignment_in_jit():
    def f(x):
        x[0] = 1.0
        return x

    return jax.jit(f)(jnp.ones(3))


@mistake("does not support item assignment")
def at_item_assignment():
    x = jnp.arange(3)
    x.at[0] = 1
    return x


@mistake("(2,)")
def at_set_wrong_shape():
    return jnp.zeros(3).at[0].set(jnp.ones(2))


@mistake("foo")
def at_bad_mode():
    return jnp.zeros(3).at[0].set(1.0, mode="foo")


@mistake("Indexer must have integer or boolean type", "float32")
def at_float_index():
    return jnp.zeros(3).at[jnp.float32(1.0)].set(2.0)


@mistake("Indexer must have integer or boolean type")
def float_index():
    return jnp.arange(3)[1.5]


@mistake("an index can only have a single ellipsis")
def double_ellipsis():
    return jnp.ones((2, 3))[..., ...]


@mistake("Too many indices")
def too_many_indices_with_none():
    return jnp.ones((2, 3))[None, 0, 0, 0]


@mistake("(5,)", "(3,)")
def dynamic_slice_too_big():
    return lax.dynamic_slice(jnp.ones(3), (0,), (5,))


@mistake("dynamic_update_slice update shape must be smaller than operand shape")
def dynamic_update_slice_too_big():
    return lax.dynamic_update_slice(jnp.ones(3), jnp.ones(5), (0,))


@mistake("The 'raise' mode to jnp.take is not supported")
def take_raise_mode():
    return jnp.take(jnp.arange(3), jnp.array([1]), mode="raise")


@mistake("The size argument of jnp.nonzero must be statically specified")
def nonzero_in_jit():
    return jax.jit(lambda x: jnp.nonzero(x))(jnp.arange(3))


@mistake("Abstract tracer value encountered where concrete value is expected")
def unique_in_jit():
    return jax.jit(lambda x: jnp.unique(x))(jnp.arange(3))


@mistake("Using a non-tuple sequence for multidimensional indexing is not allowed")
def list_of_slices_index():
    return jnp.ones((2, 3))[[slice(None), 0]]


@mistake()
def dynamic_slice_wrong_index_count():
    return lax.dynamic_slice(jnp.ones((3, 3)), (0,), (2, 2))


# ---------------------------------------------------------------------------------------------
# Tracing


@mistake("Attempted boolean conversion of traced array")
def if_on_traced():
    return jax.jit(lambda x: 1.0 if x > 0 else 2.0)(1.0)


@mistake("Attempted boolean conversion of traced array")
def while_on_traced():
    def f(x):
        while x < 10:
            x = x * 2
        return x

    return jax.jit(f)(1.0)


@mistake("Attempted boolean conversion of traced array")
def python_and_on_traced():
    return jax.jit(lambda x: (x > 0) and (x < 1))(0.5)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def if_on_traced_in_grad():
    return jax.grad(lambda x: x if x > 0 else -x)(1.0)


@mistake("Abstract tracer value encountered where concrete value is expected")
def int_of_traced():
    return jax.jit(lambda x: int(x))(1.0)


@mistake("Abstract tracer value encountered where concrete value is expected")
def float_of_traced():
    return jax.jit(lambda x: float(x))(1.0)


@mistake("The __index__() method was called on traced array")
def range_of_traced():
    return jax.jit(lambda n: list(range(n)))(3)


@mistake("The __index__() method was called on traced array")
def list_index_with_traced():
    return jax.jit(lambda i: jnp.float32([1.0, 2.0, 3.0][i]))(1)


@mistake("The numpy.ndarray conversion method __array__() was called on traced array")
def numpy_of_traced():
    return jax.jit(lambda x: np.sin(np.asarray(x)))(1.0)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def traced_shape_zeros():
    return jax.jit(lambda n: jnp.zeros(n))(3)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def traced_shape_reshape():
    return jax.jit(lambda x, n: x.reshape(n, -1))(jnp.ones(6), 2)


@mistake("Abstract tracer value encountered where concrete value is expected")
def traced_arange():
    return jax.jit(lambda n: jnp.arange(n))(3)


_leaked = []


@mistake("Encountered an unexpected tracer")
def leaked_tracer():
    def f(x):
        _leaked.append(x)
        return x

    jax.jit(f)(1.0)
    return jax.jit(lambda y: y + _leaked[-1])(1.0)


@mistake("Encountered an unexpected tracer")
def leaked_tracer_from_grad():
    def f(x):
        _leaked.append(x)
        return x * x

    jax.grad(f)(1.0)
    return jax.jit(lambda y: y + _leaked[-1])(1.0)


@mistake("Non-hashable static arguments are not supported")
def unhashable_static_arg():
    return jax.jit(lambda x, n: x * len(n), static_argnums=1)(1.0, [1, 2])


@mistake("Non-hashable static arguments are not supported")
def array_as_static_arg():
    return jax.jit(lambda x: x, static_argnums=0)(np.ones(3))


@mistake("static_argnames", "'y'")
def static_argnames_unknown():
    return jax.jit(lambda x: x, static_argnames="y")(1.0)


@mistake("static_argnums=(3,)", "only accepts 1 positional argument")
def static_argnums_out_of_range():
    return jax.jit(lambda x: x, static_argnums=3)(1.0)


@mistake("donate_argnums")
def donate_argnums_out_of_range():
    return jax.jit(lambda x: x, donate_argnums=5)(jnp.ones(3))


@mistake("Expected a callable value, got 3")
def jit_of_non_callable():
    return jax.jit(3)


@mistake("Expected a callable value, got 3")
def grad_of_non_callable():
    return jax.grad(3)


@mistake("Expected a callable value, got 3")
def vmap_of_non_callable():
    return jax.vmap(3)


@mistake("takes 1 positional argument but 2 were given")
def jit_called_with_extra_arg():
    return jax.jit(lambda x: x)(1.0, 2.0)


@mistake("<class 'str'>")
def jit_string_argument():
    return jax.jit(lambda x: x)("a")


@mistake("is not a valid JAX type")
def jit_returns_object():
    return jax.jit(lambda x: object())(1.0)


@mistake("unhashable type")
def tracer_as_dict_key():
    return jax.jit(lambda x: {x: 1}[x])(1.0)


@mistake("Abstract tracer value encountered where concrete value is expected")
def traced_linspace_num():
    return jax.jit(lambda n: jnp.linspace(0.0, 1.0, n))(5)


# ---------------------------------------------------------------------------------------------
# Transformations


@mistake("Gradient only defined for scalar-output functions", "(3,)")
def grad_non_scalar():
    return jax.grad(lambda x: x * 2)(jnp.ones(3))


@mistake("Gradient only defined for scalar-output functions")
def grad_tuple_output():
    return jax.grad(lambda x: (x, x))(1.0)


@mistake("Gradient only defined for scalar-output functions")
def grad_none_output():
    return jax.grad(lambda x: None)(1.0)


@mistake("expected function with aux output to return a two-element tuple")
def has_aux_non_pair():
    return jax.grad(lambda x: x, has_aux=True)(1.0)


@mistake("expected function with aux output to return a two-element tuple")
def has_aux_three_tuple():
    return jax.grad(lambda x: (x, x, x), has_aux=True)(1.0)


@mistake("argnums=2", "at least 3 positional arguments")
def grad_argnums_out_of_range():
    return jax.grad(lambda x: x)(1.0) + jax.grad(lambda x: x, argnums=2)(1.0)


@mistake("argnums=0", "at least 1 positional argument")
def grad_keyword_argument():
    return jax.grad(lambda x: x * x)(x=1.0)


@mistake("Gradient only defined for scalar-output functions")
def value_and_grad_non_scalar():
    return jax.value_and_grad(lambda x: x * 2)(jnp.ones(3))


@mistake("vmap in_axes must be an int, None, or a tuple", "len(in_axes)=2", "len(args)=1")
def vmap_in_axes_length():
    return jax.vmap(lambda x: x, in_axes=(0, 0))(jnp.ones(3))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def vmap_inconsistent_sizes():
    return jax.vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4))


@mistake("out_axes")
def vmap_out_axes_none_on_mapped():
    return jax.vmap(lambda x: x, out_axes=None)(jnp.ones(3))


@mistake("vmap was requested to map its argument along axis 2", "rank should be at least 3")
def vmap_in_axis_out_of_range():
    return jax.vmap(lambda x: x, in_axes=2)(jnp.ones(3))


@mistake("vmap was requested to map its argument along axis 0", "rank should be at least 1")
def vmap_of_scalar():
    return jax.vmap(lambda x: x)(1.0)


@mistake("vmap wrapped function must be passed at least one argument containing an array")
def vmap_no_arguments():
    return jax.vmap(lambda: 1.0)()


@mistake("vmap in_axes must be an int, None, or a tuple of entries")
def vmap_float_in_axes():
    return jax.vmap(lambda x: x, in_axes=0.5)(jnp.ones(3))


@mistake("axis 3 is out of bounds for array of dimension 1")
def vmap_out_axes_out_of_range():
    return jax.vmap(lambda x: x, out_axes=3)(jnp.ones(3))


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value")
def vmap_in_axes_structure():
    return jax.vmap(lambda d: d["a"], in_axes=({"b": 0},))({"a": jnp.ones(3)})


@mistake("jvp called with different primal and tangent shapes")
def jvp_tangent_shape():
    return jax.jvp(jnp.sin, (jnp.ones(3),), (jnp.ones(4),))


@mistake("primal and tangent arguments to jax.jvp do not match", "float32", "float16")
def jvp_tangent_dtype():
    return jax.jvp(jnp.sin, (jnp.ones(3),), (jnp.ones(3, jnp.float16),))


@mistake("primal and tangent arguments to jax.jvp must be tuples or lists")
def jvp_primals_not_tuple():
    return jax.jvp(jnp.sin, jnp.ones(3), jnp.ones(3))


@mistake("primal and tangent arguments to jax.jvp must have the same tree structure")
def jvp_structure_mismatch():
    return jax.jvp(lambda a, b: a * b, (1.0, 2.0), (1.0,))


@mistake("float32[4]", "float32[3]")
def vjp_cotangent_shape():
    _, f_vjp = jax.vjp(jnp.sin, jnp.ones(3))
    return f_vjp(jnp.ones(4))


@mistake("structure")
def vjp_cotangent_structure():
    _, f_vjp = jax.vjp(jnp.sin, jnp.ones(3))
    return f_vjp((jnp.ones(3), jnp.ones(3)))


def _custom_vjp(fwd_out, bwd_out):
    @jax.custom_vjp
    def f(x):
        return jnp.sin(x)

    f.defvjp(lambda x: fwd_out(x), lambda res, g: bwd_out(g))
    return f


@mistake("Custom VJP bwd rule must produce an output with the same container (pytree) structure")
def custom_vjp_bwd_not_tuple():
    f = _custom_vjp(lambda x: (jnp.sin(x), x), lambda g: g)
    return jax.grad(f)(1.0)


@mistake("Custom VJP bwd rule must produce an output with the same container (pytree) structure")
def custom_vjp_bwd_wrong_length():
    f = _custom_vjp(lambda x: (jnp.sin(x), x), lambda g: (g, g))
    return jax.grad(f)(1.0)


@mistake("Custom VJP bwd rule must produce an output with the same type as the args tuple")
def custom_vjp_bwd_wrong_shape():
    f = _custom_vjp(lambda x: (jnp.sin(x), x), lambda g: (jnp.ones(3),))
    return jax.grad(f)(1.0)


@mistake("Custom VJP fwd rule", "must produce a pair")
def custom_vjp_fwd_not_pair():
    f = _custom_vjp(lambda x: jnp.sin(x), lambda g: (g,))
    return jax.grad(f)(1.0)


def _custom_jvp(rule):
    @jax.custom_jvp
    def f(x):
        return jnp.sin(x)

    f.defjvp(rule)
    return f


@mistake("Custom JVP rule must produce primal and tangent outputs with corresponding shapes")
def custom_jvp_tangent_shape():
    f = _custom_jvp(lambda p, t: (jnp.sin(p[0]), jnp.ones(3)))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("must produce a pair (list or tuple of length two)")
def custom_jvp_not_pair():
    f = _custom_jvp(lambda p, t: jnp.sin(p[0]))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("must produce primal and tangent outputs with equal container (pytree) structures")
def custom_jvp_primal_structure():
    f = _custom_jvp(lambda p, t: ((p[0], p[0]), t[0]))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("Custom JVP rule must produce primal and tangent outputs with corresponding shapes")
def custom_jvp_tangent_dtype():
    f = _custom_jvp(lambda p, t: (jnp.sin(p[0]), jnp.float16(1.0)))
    return jax.jvp(f, (1.0,), (1.0,))


# ---------------------------------------------------------------------------------------------
# Control flow


@mistake("cond branches must have equal output types")
def cond_branch_shapes():
    return lax.cond(True, lambda: jnp.ones(2), lambda: jnp.ones(3))


@mistake("cond branches must have equal output types")
def cond_branch_dtypes():
    return jax.jit(lambda p: lax.cond(p, lambda: jnp.int32(1), lambda: jnp.float32(1)))(True)


@mistake("cond branch outputs must have the same pytree structure")
def cond_branch_structure():
    return lax.cond(True, lambda x: (x, x), lambda x: x, 1.0)


@mistake("Pred must be a scalar", "(3,)")
def cond_non_scalar_predicate():
    return lax.cond(jnp.ones(3) > 0, lambda: 1.0, lambda: 2.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def while_body_changes_dtype():
    return lax.while_loop(lambda c: c < 10, lambda c: c + 1.0, 0)


@mistake("while_loop body function carry input and carry output must have equal types")
def while_body_changes_shape():
    return lax.while_loop(lambda c: c.sum() < 10, lambda c: jnp.append(c, 1.0), jnp.ones(1))


@mistake("cond_fun must return a boolean scalar", "bool[3]")
def while_cond_non_scalar():
    return lax.while_loop(lambda c: c < 10, lambda c: c + 1, jnp.zeros(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def scan_carry_dtype():
    return lax.scan(lambda c, x: (c + x, None), 0, jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types")
def scan_carry_shape():
    return lax.scan(lambda c, x: (c * x, None), jnp.float32(0), jnp.ones((3, 2)))


@mistake("scan body output must be a pair")
def scan_body_not_pair():
    return lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3))


@mistake("scan got values with different leading axis sizes")
def scan_xs_lengths():
    return lax.scan(lambda c, x: (c, None), 0.0, (jnp.ones(3), jnp.ones(4)))


@mistake("scan got `length` argument of 5 which disagrees with leading axis sizes")
def scan_length_mismatch():
    return lax.scan(lambda c, x: (c, None), 0.0, jnp.ones(3), length=5)


@mistake("scan got no values to scan over and `length` not provided")
def scan_nothing_to_scan():
    return lax.scan(lambda c, x: (c, None), 0.0, None)


@mistake("fori_loop")
def fori_loop_float_bounds():
    return jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c + 1, 0))(3.0)


@mistake("takes 1 positional argument but 2 were given")
def fori_loop_body_arity():
    return lax.fori_loop(0, 3, lambda c: c + 1, 0)


@mistake("Index type must be an integer", "float32")
def switch_float_index():
    return lax.switch(jnp.float32(1.0), [lambda x: x, lambda x: -x], 1.0)


@mistake("Empty branch sequence")
def switch_no_branches():
    return lax.switch(0, [], 1.0)


@mistake("switch branch outputs must have the same pytree structure")
def switch_branch_structure():
    return lax.switch(0, [lambda x: x, lambda x: (x, x)], 1.0)


@mistake("missing 1 required positional argument")
def cond_branch_missing_operand():
    return lax.cond(True, lambda x: x, lambda x: -x)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def fori_loop_carry_dtype():
    return lax.fori_loop(0, 3, lambda i, c: c + 0.5, 0)


# ---------------------------------------------------------------------------------------------
# Pytrees


@mistake("pytree structure error: different lengths of tuple")
def tree_map_arity():
    return jax.tree_util.tree_map(lambda a, b: a + b, (1, 2), (1, 2, 3))


@mistake("pytree structure error: different types")
def tree_map_none_vs_leaf():
    return jax.tree_util.tree_map(lambda a, b: (a, b), {"a": None}, {"a": 1})


@mistake("pytree structure error: different pytree metadata")
def tree_map_dict_keys():
    return jax.tree_util.tree_map(lambda a, b: a + b, {"a": 1}, {"b": 1})


@mistake("pytree structure error: different types")
def tree_map_list_vs_tuple():
    return jax.tree_util.tree_map(lambda a, b: a + b, [1], (1,))


@mistake("Too many leaves for PyTreeDef")
def tree_unflatten_too_many():
    treedef = jax.tree_util.tree_structure((1, 2))
    return jax.tree_util.tree_unflatten(treedef, [1, 2, 3])


@mistake("Too few leaves for PyTreeDef")
def tree_unflatten_too_few():
    treedef = jax.tree_util.tree_structure((1, 2))
    return jax.tree_util.tree_unflatten(treedef, [1])


@mistake("add got incompatible shapes for broadcasting")
def tree_map_leaf_shapes():
    return jax.tree_util.tree_map(jnp.add, (jnp.ones(2),), (jnp.ones(3),))


# ---------------------------------------------------------------------------------------------
# Random


@mistake("JAX encountered invalid PRNG key data")
def int_as_key():
    return random.normal(0, (3,))


@mistake()
def random_shape_not_tuple():
    return random.normal(random.key(0), 3.0)


@mistake("float32")
def randint_float_dtype():
    return random.randint(random.key(0), (3,), 0, 10, dtype=jnp.float32)


@mistake("dtype argument to `uniform` must be a float dtype")
def uniform_int_dtype():
    return random.uniform(random.key(0), (3,), dtype=jnp.int32)


@mistake("dtype argument to `normal` must be a float or complex dtype")
def normal_int_dtype():
    return random.normal(random.key(0), (3,), dtype=jnp.int32)


@mistake("add does not accept dtypes key<fry>, int32")
def typed_key_arithmetic():
    return random.key(0) + 1


@mistake("Cannot take a larger sample (size 5) than population (size 3) when 'replace=False'")
def choice_too_many_without_replacement():
    return random.choice(random.key(0), 3, (5,), replace=False)


@mistake("JAX encountered invalid PRNG key data")
def old_key_wrong_shape():
    return random.split(jnp.array([1, 2, 3], jnp.uint32))


@mistake("key_data")
def key_data_of_raw_key():
    return random.key_data(random.PRNGKey(0).astype(jnp.float32))


@mistake("split accepts a single key, but was given a key array of shape (2,)")
def split_of_split_keys():
    return random.split(random.split(random.key(0)))


@mistake("(3,)", "(4,)")
def uniform_minval_shape():
    return random.uniform(random.key(0), (3,), minval=jnp.zeros(4))


@mistake("(3,)", "(4,)")
def bernoulli_p_shape():
    return random.bernoulli(random.key(0), jnp.full(4, 0.5), shape=(3,))


# ---------------------------------------------------------------------------------------------
# Sharding


@mistake("Resource axis: z", "is not found in mesh")
def spec_axis_not_in_mesh():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh2, P("z")))


@mistake("A single NamedSharding spec specification can map every mesh axis to at most one")
def spec_axis_twice():
    return jax.device_put(jnp.ones((4, 4)), NamedSharding(mesh24, P("x", "x")))


@mistake("implies that array axis 0 is partitioned 2 times, but the dimension size is 3")
def device_put_not_divisible():
    return jax.device_put(jnp.ones(3), NamedSharding(mesh2, P("x")))


@mistake("implies that array axis 0 is partitioned 2 times, but the dimension size is 3")
def jit_in_shardings_not_divisible():
    s = NamedSharding(mesh2, P("x"))
    return jax.jit(lambda x: x, in_shardings=s)(jnp.ones(3))


@mistake("in_shardings", "tree prefix")
def in_shardings_count_mismatch():
    s = NamedSharding(mesh2, P())
    return jax.jit(lambda x: x, in_shardings=(s, s))(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def make_mesh_wrong_count():
    return jax.make_mesh((3,), ("x",), axis_types=(AxisType.Auto,))


@mistake("with_sharding_constraint", "mesh")
def with_sharding_constraint_without_mesh():
    return jax.jit(lambda x: lax.with_sharding_constraint(x, P("x")))(jnp.ones(4))


@mistake("P('x', None)", "rank")
def spec_longer_than_rank():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh2, P("x", None)))


@mistake("axis_names")
def mesh_names_vs_devices():
    return Mesh(np.array(jax.devices()[:4]), ("x", "y"))


@mistake("Contracting dimensions are sharded and it is ambiguous how the output should be sharded")
def explicit_contracting_ambiguous():
    a = jax.device_put(jnp.ones((4, 8)), NamedSharding(emesh, P(None, "x")))
    b = jax.device_put(jnp.ones((8, 4)), NamedSharding(emesh, P("x", None)))
    return jnp.dot(a, b)


@mistake("add operation with inputs", "produces an illegally sharded result")
def explicit_add_conflicting():
    a = jax.device_put(jnp.ones((4, 8)), NamedSharding(emesh, P("x", None)))
    b = jax.device_put(jnp.ones((4, 8)), NamedSharding(emesh, P(None, "x")))
    return a + b


@mistake("device_put device specification must be a tree prefix of the corresponding value")
def device_put_device_list():
    return jax.device_put([jnp.ones(2), jnp.ones(2)], [jax.devices()[0]])


@mistake("implies that array axis 0 is partitioned 4 times, but the dimension size is 6")
def out_shardings_not_divisible():
    s = NamedSharding(mesh24, P("y"))
    return jax.jit(lambda x: x, out_shardings=s)(jnp.ones(6))


@mistake("Resource axis: z", "is not found in mesh")
def jit_in_shardings_unknown_axis():
    return jax.jit(lambda x: x, in_shardings=NamedSharding(mesh2, P("z")))(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def mesh_duplicate_names():
    return Mesh(np.array(jax.devices()).reshape(2, 4), ("x", "x"))


# ---------------------------------------------------------------------------------------------
# shard_map


def _smap(f, in_specs, out_specs, mesh=mesh2, **kw):
    return jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, **kw)


@mistake("shard_map out_specs")
def shard_map_out_specs_structure():
    return _smap(lambda x: x, P("x"), (P("x"), P("x")))(jnp.ones(4))


@mistake("out_specs", "P()", "replicated")
def shard_map_out_specs_replicated_varying():
    return _smap(lambda x: x, P("x"), P())(jnp.ones(4))


@mistake("in_specs", "rank")
def shard_map_in_specs_rank():
    return _smap(lambda x: x, P("x", None), P("x"))(jnp.ones(4))


@mistake("evenly divisible")
def shard_map_not_divisible():
    return _smap(lambda x: x, P("x"), P("x"))(jnp.ones(3))


@mistake()
def shard_map_psum_unknown_axis():
    return _smap(lambda x: lax.psum(x, "z"), P("x"), P())(jnp.ones(4))


@mistake("unbound axis name: i")
def psum_outside_shard_map():
    return jax.jit(lambda x: lax.psum(x, "i"))(jnp.ones(4))


@mistake("ppermute sources and destinations must be unique")
def ppermute_duplicate():
    f = lambda x: lax.ppermute(x, "x", [(0, 1), (0, 1)])  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(4))


@mistake()
def ppermute_out_of_range():
    return _smap(lambda x: lax.ppermute(x, "x", [(0, 5)]), P("x"), P("x"))(jnp.ones(4))


@mistake("axis 3 is out of bounds")
def all_gather_axis_out_of_range():
    f = lambda x: lax.all_gather(x, "x", axis=3, tiled=True)  # noqa: E731
    return _smap(f, P("x"), P(), check_vma=False)(jnp.ones(4))


@mistake("must be divisible by", "2")
def psum_scatter_not_divisible():
    f = lambda x: lax.psum_scatter(x, "x", tiled=True)  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(6))


@mistake("2")
def psum_scatter_untiled_size():
    f = lambda x: lax.psum_scatter(x, "x")  # noqa: E731
    return _smap(f, P(), P("x"), check_vma=False)(jnp.ones(3))


@mistake("carry input and carry output must have equal types")
def check_vma_loop_carry():
    f = lambda x: lax.fori_loop(0, 2, lambda i, c: c + x, jnp.zeros(2))  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(4))


@mistake("shard_map in_specs")
def shard_map_in_specs_count():
    return _smap(lambda x: x, (P("x"), P("x")), P("x"))(jnp.ones(4))


@mistake("unbound axis name: z")
def shard_map_axis_index_unknown():
    return _smap(lambda x: x + lax.axis_index("z"), P("x"), P("x"))(jnp.ones(4))


@mistake("mesh")
def shard_map_without_mesh():
    return jax.shard_map(lambda x: x, in_specs=P("x"), out_specs=P("x"))(jnp.ones(4))


@mistake("in_specs", "'z'")
def shard_map_spec_unknown_axis():
    return _smap(lambda x: x, P("z"), P("z"))(jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# NumPy API


@mistake("sum requires ndarray or scalar arguments, got <class 'list'> at position 0")
def list_to_sum():
    return jnp.sum([1, 2, 3])


@mistake("exp requires ndarray or scalar arguments, got <class 'list'> at position 0")
def list_to_exp():
    return jnp.exp([1.0, 2.0])


@mistake("got an unexpected keyword argument 'foo'")
def unsupported_kwarg():
    return jnp.sum(jnp.ones(3), foo=1)


@mistake("The 'out' argument to jnp.sum is not supported")
def out_argument():
    return jnp.sum(jnp.ones(3), out=jnp.ones(()))


@mistake("axis 2 is out of bounds for array of dimension 2")
def sum_axis_out_of_range():
    return jnp.sum(jnp.ones((2, 3)), axis=2)


@mistake()
def mean_axis_out_of_range():
    return jnp.mean(jnp.ones(3), axis=3)


@mistake("inhomogeneous shape")
def ragged_array():
    return jnp.array([[1, 2], [3]])


@mistake("Abstract tracer value encountered where concrete value is expected", "size")
def nonzero_traced_size():
    return jax.jit(lambda x, n: jnp.nonzero(x, size=n))(jnp.arange(3), 2)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def float_in_shape():
    return jnp.zeros((2, 3.0))


@mistake("(-1, 2)")
def negative_shape():
    return jnp.zeros((-1, 2))


@mistake("Incompatible types for broadcasting")
def full_fill_shape():
    return jnp.full((2,), jnp.ones(3))


@mistake("total_repeat_length")
def repeat_traced_repeats():
    return jax.jit(lambda x, r: jnp.repeat(x, r))(jnp.ones(3), jnp.array([1, 2, 3]))


@mistake("Unimplemented padding mode 'foo'")
def pad_bad_mode():
    return jnp.pad(jnp.ones(3), 1, mode="foo")


@mistake("pad_width")
def pad_width_shape():
    return jnp.pad(jnp.ones((2, 2)), ((1, 1), (1, 1), (1, 1)))


@mistake("Argument to inv must have shape [..., n, n]", "(2, 3)")
def inv_non_square():
    return jnp.linalg.inv(jnp.ones((2, 3)))


@mistake("axis 2 is out of bounds for array of dimension 2")
def moveaxis_out_of_range():
    return jnp.moveaxis(jnp.ones((2, 3)), 2, 0)


@mistake()
def swapaxes_out_of_range():
    return jnp.swapaxes(jnp.ones((2, 3)), 0, 5)


@mistake("axis 3 is out of bounds for array of dimension 1")
def cumsum_axis_out_of_range():
    return jnp.cumsum(jnp.ones(3), axis=3)


@mistake("axis 5 is out of bounds for array of dimension 1")
def sort_axis_out_of_range():
    return jnp.sort(jnp.ones(3), axis=5)


@mistake("indices and arr must have the same number of dimensions")
def take_along_axis_ranks():
    return jnp.take_along_axis(jnp.ones((2, 3)), jnp.zeros(3, jnp.int32), axis=1)


@mistake("got an unexpected keyword argument 'a_min'")
def clip_old_keywords():
    return jnp.clip(jnp.ones(3), a_min=0.0)


@mistake("got an unexpected keyword argument 'newshape'")
def reshape_newshape_keyword():
    return jnp.reshape(jnp.ones(6), newshape=(2, 3))


@mistake("None")
def asarray_none():
    return jnp.asarray(None)


@mistake()
def solve_shapes():
    return jnp.linalg.solve(jnp.ones((3, 3)), jnp.ones(4))


@mistake("Invalid order", "norm")
def norm_bad_ord():
    return jnp.linalg.norm(jnp.ones((2, 2)), ord="foo")


@mistake()
def argmax_axis_out_of_range():
    return jnp.argmax(jnp.ones((2, 3)), axis=2)


@mistake("The truth value of an array with more than one element is ambiguous")
def bool_of_array():
    return bool(jnp.ones(3) > 0)


@mistake("Only scalar arrays can be converted to Python scalars")
def float_of_array():
    return float(jnp.ones(3))


@mistake("Zero-dimensional arrays cannot be concatenated")
def concatenate_non_sequence():
    return jnp.concatenate(jnp.ones(3), jnp.ones(3))


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def traced_eye():
    return jax.jit(lambda n: jnp.eye(n))(3)


# ---------------------------------------------------------------------------------------------
# Lowering, compiled calls, export, devices


@mistake("missing 1 required positional argument: 'y'")
def lower_missing_argument():
    return jax.jit(lambda x, y: x + y).lower(jnp.ones(3))


@mistake("Argument types differ from the types for which this computation was compiled")
def compiled_other_shape():
    compiled = jax.jit(jnp.sin).lower(jnp.ones(3)).compile()
    return compiled(jnp.ones(4))


@mistake("Argument types differ from the types for which this computation was compiled")
def compiled_other_dtype():
    compiled = jax.jit(jnp.sin).lower(jnp.ones(3)).compile()
    return compiled(jnp.ones(3, jnp.float16))


@mistake(
    "Computation was compiled for input shardings that disagree with the shardings of arguments"
)
def compiled_other_sharding():
    compiled = jax.jit(jnp.sin).lower(jnp.ones(4)).compile()
    return compiled(jax.device_put(jnp.ones(4), NamedSharding(mesh2, P("x"))))


@mistake("Function compiled with input pytree does not match the input pytree it was called with")
def compiled_wrong_arg_count():
    compiled = jax.jit(jnp.sin).lower(jnp.ones(3)).compile()
    return compiled(jnp.ones(3), jnp.ones(3))


@mistake("Function to be exported must be the result of `jit`")
def export_without_jit():
    return jax.export.export(lambda x: jnp.sin(x))(jnp.ones(3))


@mistake("(3,)", "(4,)")
def exported_call_other_shape():
    exp = jax.export.export(jax.jit(jnp.sin))(jnp.ones(3))
    return exp.call(jnp.ones(4))


@mistake("Unknown backend", "gpu")
def devices_unknown_backend():
    return jax.devices("gpu")


@mistake("<class 'str'>")
def lower_with_string():
    return jax.jit(lambda x: x).lower("a")


@mistake(
    "Computation was compiled for input shardings that disagree with the shardings of arguments"
)
def compiled_sharded_given_replicated():
    s = NamedSharding(mesh2, P("x"))
    compiled = jax.jit(jnp.sin, in_shardings=s).lower(jnp.ones(4)).compile()
    return compiled(jax.device_put(jnp.ones(4), NamedSharding(mesh2, P())))


@mistake("device_put", "sharding")
def device_put_to_int():
    return jax.device_put(jnp.ones(3), 0)


# =============================================================================================
# Round 2: mistakes from JAX's "Sharp bits" and the families above that were thin.
# ---------------------------------------------------------------------------------------------
# Shapes (more)


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3)")
def reshape_negative_two():
    return jnp.arange(6).reshape(-2, 3)


@mistake("Need at least one array to concatenate")
def concatenate_empty_list():
    return jnp.concatenate([])


@mistake("Need at least one array to stack")
def stack_empty_list():
    return jnp.stack([])


@mistake(
    "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated",
)
def vstack_shapes():
    return jnp.vstack([jnp.ones(2), jnp.ones(3)])


@mistake("dot_general requires contracting dimensions to have the same shape", "(3,)", "(2,)")
def dot_matrix_vector_mismatch():
    return jnp.dot(jnp.ones((2, 3)), jnp.ones(2))


@mistake("Incompatible types for matmul arguments")
def matmul_batch_mismatch():
    return jnp.matmul(jnp.ones((2, 3, 4)), jnp.ones((3, 4, 5)))


@mistake("Output character 'i' appeared more than once in the output")
def einsum_repeated_output_label():
    return jnp.einsum("ij->ii", jnp.ones((2, 3)))


@mistake("Subscripts can only contain one '->'")
def einsum_two_arrows():
    return jnp.einsum("i->j->k", jnp.ones(2))


@mistake("dot_general requires contracting dimensions to have the same shape")
def tensordot_axes_mismatch():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((4, 5)), axes=1)


@mistake("concatenate dimension out of bounds")
def lax_concatenate_dimension_out_of_range():
    return lax.concatenate([jnp.ones(2), jnp.ones(2)], 1)


@mistake("length of padding_config must equal the number of axes of operand")
def lax_pad_config_length():
    return lax.pad(jnp.ones(3), 0.0, [(1, 1, 0), (1, 1, 0)])


@mistake(
    "broadcast_in_dim operand dimension sizes must either be 1, or be equal to their corresponding dimensions in the target broadcast shape",
)
def lax_broadcast_in_dim_incompatible():
    return lax.broadcast_in_dim(jnp.ones(3), (4,), (0,))


@mistake("transpose permutation isn't a permutation of operand dimensions")
def lax_transpose_short_permutation():
    return lax.transpose(jnp.ones((2, 3)), (0,))


@mistake("cannot select an axis to squeeze out which has size not equal to one")
def lax_squeeze_non_unit():
    return lax.squeeze(jnp.ones((2, 3)), (0,))


@mistake("rev dimensions must all be less than operand ndim")
def lax_rev_out_of_range():
    return lax.rev(jnp.ones(3), (1,))


@mistake("dynamic_update_slice update must have the same rank as operand")
def dynamic_update_slice_rank():
    return lax.dynamic_update_slice(jnp.ones((3, 3)), jnp.ones(3), (0, 0))


@mistake(
    "conv_general_dilated lhs feature dimension size divided by feature_group_count must equal the rhs input feature dimension size",
)
def conv_feature_mismatch():
    return lax.conv(jnp.ones((1, 3, 5, 5)), jnp.ones((4, 2, 3, 3)), (1, 1), "SAME")


@mistake("window and window_strides must have the same number of dimensions")
def conv_strides_length():
    return lax.conv(jnp.ones((1, 1, 5, 5)), jnp.ones((1, 1, 3, 3)), (1,), "SAME")


@mistake("Unrecognized padding type", "FOO")
def conv_bad_padding_name():
    return lax.conv(jnp.ones((1, 1, 5, 5)), jnp.ones((1, 1, 3, 3)), (1, 1), "FOO")


@mistake("only support 1-dimensional inputs")
def convolve_2d():
    return jnp.convolve(jnp.ones((2, 2)), jnp.ones(2))


@mistake("must have shape [..., n, n]", "(2, 3)")
def det_non_square():
    return jnp.linalg.det(jnp.ones((2, 3)))


@mistake("axis 1 is out of bounds for array of dimension 1")
def trace_of_vector():
    return jnp.trace(jnp.ones(3))


@mistake("Dimension must be either 2 or 3 for cross product")
def cross_wrong_length():
    return jnp.cross(jnp.ones(4), jnp.ones(4))


@mistake("dot_general requires contracting dimensions to have the same shape")
def inner_mismatch():
    return jnp.inner(jnp.ones(3), jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def roll_shift_axis_lengths():
    return jnp.roll(jnp.ones((2, 3)), (1, 2), axis=0)


@mistake("axis 1 is out of bounds for array of dimension 1")
def flip_axis_out_of_range():
    return jnp.flip(jnp.ones(3), axis=1)


@mistake("repeated axis")
def expand_dims_repeated_axis():
    return jnp.expand_dims(jnp.ones(2), (0, 0))


@mistake("axis 2 is out of bounds for array of dimension 2")
def squeeze_axis_out_of_range():
    return jnp.squeeze(jnp.ones((1, 3)), axis=2)


@mistake("transpose permutation isn't a permutation of operand dimensions")
def transpose_short_axes():
    return jnp.transpose(jnp.ones((2, 3)), (0,))


@mistake("Incompatible shapes for broadcasting")
def broadcast_arrays_incompatible():
    return jnp.broadcast_arrays(jnp.ones(3), jnp.ones(4))


@mistake("axis 2 is out of bounds for array of dimension 2")
def take_along_axis_out_of_range():
    return jnp.take_along_axis(jnp.ones((2, 3)), jnp.zeros((2, 3), jnp.int32), axis=2)


@mistake("Cannot concatenate arrays with different numbers of dimensions")
def append_axis_shapes():
    return jnp.append(jnp.ones((2, 2)), jnp.ones(3), axis=0)


@mistake("dot_general requires contracting dimensions to have the same shape")
def vdot_mismatch():
    return jnp.vdot(jnp.ones(3), jnp.ones(4))


@mistake("duplicate value in 'axis'")
def sum_duplicate_axes():
    return jnp.sum(jnp.ones((2, 3)), axis=(0, 0))


# ---------------------------------------------------------------------------------------------
# Dtypes (more)


@mistake("Python int 1099511627776 too large to convert to int32")
def int_literal_overflow_x64_off():
    return jnp.array(2**40)


@mistake("1099511627776")
def int_scalar_overflow_in_add():
    return jnp.arange(3) + 2**40


@mistake()  # JAX 0.10.2 accepts this (a warning, then float32): meshjit must too
def zeros_float64_x64_off():
    return jnp.zeros(3, dtype="float64")


@mistake("out of bounds for uint8")
def uint8_negative_literal():
    return jnp.array(-1, dtype=jnp.uint8)


@mistake("sin does not accept dtype int32")
def lax_sin_of_int():
    return lax.sin(jnp.arange(3))


@mistake("exp does not accept dtype bool")
def lax_exp_of_bool():
    return lax.exp(jnp.ones(3, bool))


@mistake("data type 'foo' not understood")
def lax_convert_unknown_dtype():
    return lax.convert_element_type(jnp.ones(3), "foo")


@mistake("does not accept dtype float32")
def jnp_bitwise_and_float():
    return jnp.bitwise_and(jnp.ones(2), jnp.ones(2))


@mistake("shift_left does not accept dtype float32")
def jnp_left_shift_float():
    return jnp.left_shift(jnp.ones(2), 1)


@mistake("round does not accept dtype int32")
def lax_round_of_int():
    return lax.round(jnp.arange(3))


@mistake("population_count does not accept dtype float32")
def lax_population_count_float():
    return lax.population_count(jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def lax_bitcast_different_widths():
    return lax.bitcast_convert_type(jnp.ones(3, jnp.float32), jnp.int16)


@mistake("Invalid integer data type")
def iinfo_of_float():
    return jnp.iinfo(jnp.float32)


@mistake("not inexact")
def finfo_of_int():
    return jnp.finfo(jnp.int32)


@mistake("lt does not accept dtype complex64")
def lax_lt_complex():
    return lax.lt(jnp.ones(2, jnp.complex64), jnp.ones(2, jnp.complex64))


@mistake("lax.mul requires arguments to have the same dtypes", "int32", "float32")
def lax_mul_int_float():
    return lax.mul(jnp.arange(3), jnp.ones(3))


@mistake("must be boolean or integer type", "float32")
def lax_select_pred_dtype():
    return lax.select(jnp.ones(3), jnp.ones(3), jnp.zeros(3))


@mistake("rem does not accept dtype complex64")
def jnp_remainder_complex():
    return jnp.remainder(jnp.ones(2, jnp.complex64), 2)


@mistake("atan2 does not accept dtype int32")
def lax_atan2_int():
    return lax.atan2(jnp.arange(3), jnp.arange(3))


# ---------------------------------------------------------------------------------------------
# Indexing (more)


@mistake("Indexer must have integer or boolean type", "float32")
def float_array_index():
    return jnp.arange(3)[jnp.array([1.0])]


@mistake("JAX does not support string indexing")
def string_index():
    return jnp.arange(3)["a"]


@mistake("JAX arrays are immutable and do not support in-place item assignment", ".at")
def mask_item_assignment():
    x = jnp.arange(3)
    x[x > 0] = 0
    return x


@mistake("slice step cannot be zero")
def slice_step_zero():
    return jnp.arange(3)[::0]


@mistake("Too many indices", "array is 1-dimensional, but 2 were indexed")
def too_many_indices_column():
    return jnp.arange(3)[:, 0]


@mistake("Incompatible shapes for broadcasting", "(2,)", "(3,)")
def index_arrays_do_not_broadcast():
    return jnp.ones((3, 3))[jnp.array([0, 1]), jnp.array([0, 1, 2])]


@mistake("boolean index did not match shape of indexed array")
def boolean_mask_wrong_shape():
    return jnp.arange(3)[jnp.array([True, False])]


@mistake("put")
def at_unknown_method():
    return jnp.zeros(3).at[0].put(1.0)


@mistake("Array boolean indices must be concrete")
def at_mask_in_jit():
    return jax.jit(lambda x: x.at[x > 0].set(0.0))(jnp.ones(3))


@mistake("Incompatible types for broadcasting")
def at_add_wrong_shape():
    return jnp.zeros(3).at[:2].add(jnp.ones(3))


@mistake("Slice entries must be static integers")
def traced_slice_stop_in_jit():
    return jax.jit(lambda x, n: x[:n])(jnp.arange(5), 2)


@mistake("where requires ndarray or scalar arguments", "NoneType")
def where_two_arguments():
    return jnp.where(jnp.ones(3) > 0, jnp.ones(3))


@mistake("indices must have an integer type")
def take_float_indices():
    return jnp.take(jnp.arange(3), jnp.array([0.5]))


@mistake("axis 1 is out of bounds for array of dimension 1")
def take_axis_out_of_range():
    return jnp.take(jnp.arange(3), jnp.array([0]), axis=1)


@mistake()
def dynamic_index_in_dim_axis():
    return lax.dynamic_index_in_dim(jnp.ones(3), 0, axis=2)


@mistake()  # JAX 0.10.2 accepts this (the update is cast): meshjit must too
def at_set_float_into_int():
    return jnp.zeros(3, jnp.int32).at[0].set(1.5)


@mistake()  # JAX 0.10.2 accepts this (out-of-bounds updates are dropped): meshjit must too
def at_set_out_of_bounds():
    return jnp.zeros(3).at[10].set(1.0)


@mistake()  # JAX 0.10.2 accepts this (out-of-bounds gathers clamp): meshjit must too
def out_of_bounds_negative_index():
    return jnp.arange(3)[-10]


# ---------------------------------------------------------------------------------------------
# Tracing (more)


@mistake("Abstract tracer value encountered where concrete value is expected", "item()")
def item_of_traced():
    return jax.jit(lambda x: x.item())(1.0)


@mistake("Abstract tracer value encountered where concrete value is expected", "tolist()")
def tolist_of_traced():
    return jax.jit(lambda x: x.tolist())(jnp.ones(3))


@mistake("Attempted boolean conversion of traced array")
def bool_of_traced():
    return jax.jit(lambda x: bool(x))(1.0)


@mistake("Abstract tracer value encountered where concrete value is expected", "`complex` function")
def complex_of_traced():
    return jax.jit(lambda x: complex(x))(1.0)


@mistake("The numpy.ndarray conversion method __array__() was called on traced array")
def np_array_of_traced():
    return jax.jit(lambda x: np.array(x) + 1)(1.0)


@mistake("Attempted boolean conversion of traced array")
def python_max_of_traced():
    return jax.jit(lambda x: max(x, 0.0))(1.0)


@mistake("Attempted boolean conversion of traced array")
def sorted_of_traced():
    return jax.jit(lambda x, y: sorted([x, y]))(1.0, 2.0)


@mistake("Attempted boolean conversion of traced array")
def traced_in_list():
    return jax.jit(lambda x: x in [1.0, 2.0])(1.0)


@mistake("unhashable type")
def hash_of_traced():
    return jax.jit(lambda x: hash(x))(1.0)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def ones_of_traced_sum():
    return jax.jit(lambda x: jnp.ones(x.sum()))(jnp.arange(3))


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def zeros_traced_tuple_shape():
    return jax.jit(lambda n: jnp.zeros((n, 2)))(3)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def full_traced_shape():
    return jax.jit(lambda n: jnp.full(n, 1.0))(3)


@mistake("Abstract tracer value encountered where concrete value is expected", "`int` function")
def range_of_int_traced():
    return jax.jit(lambda n: sum(range(int(n))))(3)


@mistake("The numpy.ndarray conversion method __array__() was called on traced array")
def np_sin_of_traced():
    return jax.jit(lambda x: np.sin(x))(1.0)


@mistake("Non-hashable static arguments are not supported", "dict")
def dict_static_arg():
    return jax.jit(lambda x, d: x * d["a"], static_argnums=1)(1.0, {"a": 2.0})


@mistake("Non-hashable static arguments are not supported")
def jnp_array_static_arg():
    return jax.jit(lambda x, n: x * n, static_argnums=1)(1.0, jnp.ones(3))


@mistake("static_argnums=(-3,)", "only accepts 1 positional argument")
def static_argnums_negative_out_of_range():
    return jax.jit(lambda x: x, static_argnums=-3)(1.0)


@mistake("<class 'str'>", "which is not a valid JAX type")
def jit_returns_string():
    return jax.jit(lambda x: "done")(1.0)


@mistake("<class 'function'>", "which is not a valid JAX type")
def jit_returns_function():
    return jax.jit(lambda x: lambda: x)(1.0)


@mistake("<class 'object'>")
def jit_object_argument():
    return jax.jit(lambda x: x)(object())


_leaked_scan = []


@mistake("Encountered an unexpected tracer")
def leaked_tracer_from_scan():
    def body(c, x):
        _leaked_scan.append(c)
        return c + x, None

    lax.scan(body, 0.0, jnp.ones(3))
    return jax.jit(lambda y: y + _leaked_scan[-1])(1.0)


_leaked_vmap = []


@mistake("Encountered an unexpected tracer")
def leaked_tracer_from_vmap():
    def f(x):
        _leaked_vmap.append(x)
        return x

    jax.vmap(f)(jnp.ones(3))
    return _leaked_vmap[-1] + 1.0


@mistake("callable")
def make_jaxpr_of_non_callable():
    return jax.make_jaxpr(3)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def device_get_of_traced():
    return jax.jit(lambda x: jax.device_get(x))(1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def block_until_ready_non_array():
    return jax.block_until_ready(object())


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def python_loop_over_static_shape():
    return jax.jit(lambda x: sum(x[i] for i in range(x.shape[0])))(jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def grad_of_python_if_on_concrete():
    return jax.grad(lambda x: x * 2 if x < 3 else x)(1.0)


# ---------------------------------------------------------------------------------------------
# Transformations (more)


@mistake("argnums=5", "at least 6 positional arguments")
def grad_argnums_five():
    return jax.grad(lambda x, y: x * y, argnums=5)(1.0, 2.0)


@mistake("grad requires real-valued outputs", "int32")
def grad_int_output():
    return jax.grad(lambda x: jnp.int32(1))(1.0)


@mistake("Gradient only defined for scalar-output functions", "(2,)")
def grad_has_aux_non_scalar():
    return jax.grad(lambda x: (x * jnp.ones(2), x), has_aux=True)(1.0)


@mistake("expected function with aux output to return a two-element tuple")
def value_and_grad_has_aux_non_tuple():
    return jax.value_and_grad(lambda x: x, has_aux=True)(1.0)


@mistake("jacrev requires real- or complex-valued inputs", "int32")
def jacrev_int_input():
    return jax.jacrev(lambda x: x * 2.0)(jnp.arange(3))


@mistake("requires real-valued inputs", "int32")
def hessian_int_input():
    return jax.hessian(lambda x: (x * x).sum())(jnp.arange(3))


@mistake("argnums=0", "at least 1 positional argument")
def grad_no_arguments():
    return jax.grad(lambda: 1.0)()


@mistake("Gradient only defined for scalar-output functions")
def grad_list_output():
    return jax.grad(lambda x: [x])(1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def grad_complex_input_not_holomorphic():
    return jax.grad(lambda x: (x * x).real)(1.0 + 1.0j)


@mistake("vmap was requested to map its argument along axis -2", "rank should be at least 2")
def vmap_in_axes_negative_out_of_range():
    return jax.vmap(lambda x: x, in_axes=-2)(jnp.ones(3))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value")
def vmap_out_axes_tree_mismatch():
    return jax.vmap(lambda x: x, out_axes=(0, 0))(jnp.ones(3))


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def vmap_all_in_axes_none():
    return jax.vmap(lambda x: x, in_axes=None)(jnp.ones(3))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def vmap_axis_size_mismatch():
    return jax.vmap(lambda x: x, axis_size=4)(jnp.ones(3))


@mistake("unbound axis name: i")
def vmap_psum_unknown_axis():
    return jax.vmap(lambda x: lax.psum(x, "i"))(jnp.ones(3))


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value")
def vmap_dict_in_axes_mismatch():
    return jax.vmap(lambda d: d["a"], in_axes=({"a": 0, "b": 0},))({"a": jnp.ones(3)})


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def vmap_psum_named_axis():
    return jax.vmap(lambda x: lax.psum(x, "i"), axis_name="i")(jnp.ones(3))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def vmap_inconsistent_sizes_in_tree():
    return jax.vmap(lambda d: d["a"] + d["b"])({"a": jnp.ones(3), "b": jnp.ones(2)})


@mistake("primal and tangent arguments to jax.jvp do not match", "float32", "int32")
def jvp_int_tangent_for_float():
    return jax.jvp(jnp.sin, (1.0,), (1,))


@mistake("expected function with aux output to return a two-element tuple")
def vjp_has_aux_non_pair():
    return jax.vjp(lambda x: x, 1.0, has_aux=True)


@mistake("Expected a callable value, got 3")
def linearize_non_callable():
    return jax.linearize(3, 1.0)


@mistake("No JVP defined for custom_jvp function f using defjvp")
def custom_jvp_no_rule():
    @jax.custom_jvp
    def f(x):
        return x

    return jax.jvp(f, (1.0,), (1.0,))


@mistake("No VJP defined for custom_vjp function f using defvjp")
def custom_vjp_no_rule():
    @jax.custom_vjp
    def f(x):
        return x

    return jax.grad(f)(1.0)


@mistake("must produce primal and tangent outputs with equal container (pytree) structures")
def custom_jvp_tangent_structure():
    f = _custom_jvp(lambda p, t: (jnp.sin(p[0]), (t[0], t[0])))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("Custom VJP bwd rule must produce an output with the same container (pytree) structure")
def custom_vjp_bwd_returns_none():
    f = _custom_vjp(lambda x: (jnp.sin(x), x), lambda g: None)
    return jax.grad(f)(1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def checkpoint_non_callable():
    return jax.checkpoint(3)


@mistake("Expected a callable value, got 3")
def jacfwd_non_callable():
    return jax.jacfwd(3)


@mistake("<class 'str'>", "is not a valid JAX type")
def grad_of_string_argument():
    return jax.grad(lambda x: 1.0)("a")


# ---------------------------------------------------------------------------------------------
# Control flow (more)


@mistake("true_fun and false_fun arguments should be callable")
def cond_branches_not_callable():
    return lax.cond(True, 1.0, 2.0)


@mistake("Pred must be a scalar", "<class 'str'>")
def cond_string_predicate():
    return lax.cond("yes", lambda: 1.0, lambda: 2.0)


@mistake()  # JAX 0.10.2 accepts this (a float predicate is tested against zero): meshjit too
def cond_float_predicate():
    return lax.cond(jnp.float32(1.5), lambda: 1.0, lambda: 2.0)


@mistake("cond branches must have equal output types")
def cond_python_int_vs_float():
    return jax.jit(lambda p: lax.cond(p, lambda: jnp.int32(1), lambda: 1.0))(True)


@mistake("switch branches must have equal output types")
def switch_branch_dtypes():
    return lax.switch(0, [lambda: jnp.int32(1), lambda: jnp.float32(1)])


@mistake("branches argument should be a sequence of callables")
def switch_branch_not_callable():
    return lax.switch(0, [lambda: 1.0, 2.0])


@mistake("cond_fun must return a boolean scalar", "float32")
def while_cond_returns_float():
    return lax.while_loop(lambda c: c * 1.0, lambda c: c - 1.0, 3.0)


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure",
)
def while_body_changes_structure():
    return lax.while_loop(lambda c: c < 3.0, lambda c: (c, c), 0.0)


@mistake("carry input and carry output must have the same pytree structure")
def fori_loop_body_returns_none():
    return lax.fori_loop(0, 3, lambda i, c: None, 0.0)


@mistake("lower and upper arguments to fori_loop must have equal types", "int8", "int32")
def fori_loop_mixed_bound_dtypes():
    return lax.fori_loop(jnp.int8(0), jnp.int32(3), lambda i, c: c + 1.0, 0.0)


@mistake("scan got value with no leading axis to scan over")
def scan_over_python_scalars():
    return lax.scan(lambda c, x: (c + x, None), 0.0, [1.0, 2.0])


@mistake("scan body function carry input and carry output must have the same pytree structure")
def scan_body_changes_carry_structure():
    return lax.scan(lambda c, x: ((c, c), None), 0.0, jnp.ones(3))


@mistake("<class 'str'>", "which is not a valid JAX type")
def scan_ys_string():
    return lax.scan(lambda c, x: (c, "y"), 0.0, jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def scan_negative_length():
    return lax.scan(lambda c, x: (c, None), 0.0, None, length=-1)


@mistake("'int' object is not callable")
def map_non_callable():
    return lax.map(3, jnp.ones(3))


@mistake("takes 1 positional argument but 2 were given")
def scan_body_wrong_arity():
    return lax.scan(lambda c: (c, None), 0.0, jnp.ones(3))


@mistake("takes 0 positional arguments but 1 was given")
def while_loop_cond_wrong_arity():
    return lax.while_loop(lambda: True, lambda c: c, 0.0)


@mistake("Array inputs to associative_scan must have the same first dimension")
def associative_scan_sizes():
    return lax.associative_scan(jnp.add, (jnp.ones(3), jnp.ones(4)))


@mistake("missing 1 required positional argument: 'y'")
def cond_operand_tree_in_branch():
    return lax.cond(True, lambda x, y: x, lambda x, y: y, (1.0, 2.0))


# ---------------------------------------------------------------------------------------------
# Pytrees (more)


@mistake("'int' object is not callable")
def tree_map_non_callable():
    return jax.tree.map(3, [1, 2])


@mistake("pytree structure error: different lengths of list")
def tree_map_list_lengths():
    return jax.tree.map(lambda a, b: a + b, [1, 2], [1])


@mistake("unflatten")
def tree_unflatten_not_treedef():
    return jax.tree_util.tree_unflatten([1], [1])


@mistake("reduce() of empty iterable with no initial value")
def tree_reduce_empty():
    return jax.tree.reduce(lambda a, b: a + b, [])


@mistake("pytree structure error: different types")
def tree_map_namedtuple_vs_tuple():
    import collections

    Point = collections.namedtuple("Point", "x y")
    return jax.tree.map(lambda a, b: a + b, Point(1, 2), (1, 2))


@mistake("Box'>", "which is not a valid JAX type")
def jit_returns_unregistered_class():
    class Box:
        pass

    return jax.jit(lambda x: Box())(1.0)


@mistake("Box'>")
def jit_unregistered_class_argument():
    class Box:
        pass

    return jax.jit(lambda b: b)(Box())


@mistake("pytree structure error: different types")
def tree_map_dict_vs_list():
    return jax.tree.map(lambda a, b: a + b, {"a": 1}, [1])


@mistake("Mismatch")
def tree_transpose_mismatch():
    outer = jax.tree.structure([0, 0])
    inner = jax.tree.structure((0, 0))
    return jax.tree.transpose(outer, inner, [(1, 2), (3,)])


@mistake("grad requires real- or complex-valued inputs", "int32")
def grad_of_dict_with_int_leaf():
    return jax.grad(lambda d: d["a"] * 2.0)({"a": 1})


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def vmap_over_none_leaf():
    return jax.vmap(lambda x, y: x)(jnp.ones(3), None)


# ---------------------------------------------------------------------------------------------
# Random (more)


@mistake("'float' object cannot be interpreted as an integer")
def split_float_count():
    return random.split(random.key(0), 2.5)


@mistake("Shapes must be 1D sequences of concrete values of integer type", "(3.0,)")
def normal_float_shape():
    return random.normal(random.key(0), (3.0,))


@mistake("PRNG key seed must be an integer")
def prng_key_float_seed():
    return random.PRNGKey(1.5)


@mistake("PRNGKey accepts a scalar seed", "(3,)")
def prng_key_array_seed():
    return random.PRNGKey(jnp.ones(3))


@mistake("PRNG key seed must be an integer")
def key_float_seed():
    return random.key(1.5)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def fold_in_float_data():
    return random.fold_in(random.key(0), 1.5)


@mistake("a must be greater than 0 unless no samples are taken")
def choice_empty_population():
    return random.choice(random.key(0), jnp.ones(0), (2,))


@mistake("p must be None or a 1D vector with the same size as a.shape[axis]")
def choice_p_wrong_shape():
    return random.choice(random.key(0), 3, (2,), p=jnp.ones(4) / 4)


@mistake("x must be an integer or at least 1-dimensional")
def permutation_of_float_scalar():
    return random.permutation(random.key(0), 2.5)


@mistake("JAX encountered invalid PRNG key data")
def normal_float_array_as_key():
    return random.normal(jnp.ones(2), (3,))


@mistake("add does not accept dtype key<fry>")
def key_plus_key():
    return jnp.add(random.key(0), random.key(1))


@mistake("Too many indices", "array is 0-dimensional, but 1 were indexed")
def scalar_key_indexed():
    return random.key(0)[0]


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def randint_shape_int():
    return random.randint(random.key(0), 3, 0, 10)


@mistake("JAX encountered invalid PRNG key data")
def wrap_key_data_float():
    return random.wrap_key_data(jnp.ones(2))


@mistake("Incompatible shapes for broadcasting")
def truncated_normal_bounds_shape():
    return random.truncated_normal(random.key(0), jnp.zeros(2), jnp.ones(3), (2,))


@mistake("split accepts a single key, but was given a key array of shape (2, 2)")
def split_old_keys_batch():
    return random.split(random.split(random.PRNGKey(0)))


@mistake()  # JAX 0.10.2 accepts this (an empty array of keys): meshjit must too
def split_zero_count():
    return random.split(random.key(0), 0)


@mistake()  # JAX 0.10.2 accepts this (a list as shape): meshjit must too
def normal_list_shape():
    return random.normal(random.key(0), [2, 3])


# ---------------------------------------------------------------------------------------------
# Sharding (more)


@mistake("unhashable type: 'list'")
def named_sharding_list_spec():
    return NamedSharding(mesh2, ["x"])


@mistake("Resource axis: z", "is not found in mesh")
def with_sharding_constraint_unknown_axis():
    s = NamedSharding(mesh2, P("z"))
    return jax.jit(lambda x: lax.with_sharding_constraint(x, s))(jnp.ones(4))


@mistake("with_sharding_constraint", "P('x', None)")
def with_sharding_constraint_spec_too_long():
    s = NamedSharding(mesh2, P("x", None))
    return jax.jit(lambda x: lax.with_sharding_constraint(x, s))(jnp.ones(4))


@mistake("Number of devices 8 must be >= the product of mesh_shape (16,)")
def make_mesh_too_many_devices():
    return jax.make_mesh((16,), ("x",), axis_types=(AxisType.Auto,))


@mistake("axis_names")
def make_mesh_names_length():
    return jax.make_mesh((2, 4), ("x",), axis_types=(AxisType.Auto,))


@mistake("Number of axis names should match the number of axis_types")
def make_mesh_axis_types_length():
    return jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Auto,))


@mistake("P('x',)")
def device_put_scalar_sharded():
    return jax.device_put(jnp.float32(1.0), NamedSharding(mesh2, P("x")))


@mistake("out_shardings")
def out_shardings_tree_mismatch():
    s = NamedSharding(mesh2, P())
    return jax.jit(lambda x: x, out_shardings=(s, s))(jnp.ones(4))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension",
)
def spec_tuple_axis_twice():
    return jax.device_put(jnp.ones(8), NamedSharding(mesh24, P(("x", "x"))))


@mistake("list index out of range")
def device_put_device_out_of_range():
    return jax.device_put(jnp.ones(3), jax.devices()[8])


@mistake("dot_general operation with inputs", "produces an illegally sharded result")
def explicit_matmul_axis_twice():
    a = jax.device_put(jnp.ones((4, 8)), NamedSharding(emesh, P("x", None)))
    b = jax.device_put(jnp.ones((8, 4)), NamedSharding(emesh, P(None, "x")))
    return jnp.matmul(a, b)


@mistake("Resource axis: z", "is not found in mesh")
def reshard_unknown_axis():
    a = jax.device_put(jnp.ones((4, 8)), NamedSharding(emesh, P("x", None)))
    return jax.sharding.reshard(a, NamedSharding(emesh, P("z", None)))


@mistake("Unknown backend", "gpu")
def jit_unknown_backend():
    return jax.jit(lambda x: x, backend="gpu")(1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def with_sharding_constraint_eager():
    return lax.with_sharding_constraint(jnp.ones(4), NamedSharding(mesh2, P("x")))


# ---------------------------------------------------------------------------------------------
# shard_map and pmap (more)


@mistake("in_specs", "too long")
def shard_map_in_spec_on_scalar():
    return _smap(lambda x: x, P("x"), P())(jnp.float32(1.0))


@mistake("out_specs", "too long")
def shard_map_out_specs_rank():
    return _smap(lambda x: x, P("x"), P("x", None))(jnp.ones(4))


@mistake("unbound axis name: z")
def shard_map_all_gather_unknown_axis():
    return _smap(lambda x: lax.all_gather(x, "z"), P("x"), P())(jnp.ones(4))


@mistake("unbound axis name: i")
def axis_index_outside_shard_map():
    return jax.jit(lambda x: x + lax.axis_index("i"))(jnp.ones(4))


@mistake("unbound axis name: i")
def pmean_outside_shard_map():
    return jax.jit(lambda x: lax.pmean(x, "i"))(jnp.ones(4))


@mistake("unbound axis name: i")
def all_gather_outside_shard_map():
    return jax.jit(lambda x: lax.all_gather(x, "i"))(jnp.ones(4))


@mistake("unbound axis name: i")
def ppermute_outside_shard_map():
    return jax.jit(lambda x: lax.ppermute(x, "i", [(0, 1)]))(jnp.ones(4))


@mistake("shard_map requires a `jax.sharding.Mesh` or a `jax.sharding.AbstractMesh` instance")
def shard_map_mesh_not_a_mesh():
    return jax.shard_map(lambda x: x, mesh="x", in_specs=P("x"), out_specs=P("x"))(jnp.ones(4))


@mistake("out_specs", "P()", "replication")
def shard_map_out_specs_varying_after_pmax():
    f = lambda x: lax.pmax(x, "x") + x  # noqa: E731
    return _smap(f, P("x"), P())(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this (psum's result is replicated): meshjit must too
def shard_map_out_specs_replicated_after_psum():
    return _smap(lambda x: lax.psum(x, "x"), P("x"), P())(jnp.ones(4))


@mistake("all_to_all split_axis", "divisible by the size of the named axis x (2)")
def all_to_all_not_divisible():
    f = lambda x: lax.all_to_all(x, "x", 0, 0, tiled=True)  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(6))


@mistake("pmap requires at least one argument with a mapped axis")
def pmap_of_scalar():
    return jax.pmap(lambda x: x)(1.0)


@mistake("unbound axis name: j")
def pmap_unknown_axis_name():
    return jax.pmap(lambda x: lax.psum(x, "j"), axis_name="i")(jnp.ones(2))


@mistake("Expected a callable value, got 3")
def pmap_non_callable():
    return jax.pmap(3)


@mistake("shard_map in_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances")
def shard_map_in_specs_not_spec():
    return _smap(lambda x: x, "x", P("x"))(jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# NumPy API (more)


@mistake("zero-size array to reduction operation max which has no identity")
def max_of_empty():
    return jnp.max(jnp.ones(0))


@mistake("attempt to get argmax of an empty sequence")
def argmax_of_empty():
    return jnp.argmax(jnp.ones(0))


@mistake("Number of samples, -1, must be non-negative")
def linspace_negative_num():
    return jnp.linspace(0.0, 1.0, -1)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def eye_float_size():
    return jnp.eye(2.5)


@mistake("order must be non-negative but got -1")
def diff_negative_order():
    return jnp.diff(jnp.ones(3), n=-1)


@mistake("(2,)", "(3,)")
def repeat_lengths_mismatch():
    return jnp.repeat(jnp.ones(3), jnp.array([1, 2]))


@mistake("a should be 1-dimensional")
def searchsorted_2d():
    return jnp.searchsorted(jnp.ones((2, 2)), 1.0)


@mistake("xp and fp must be one-dimensional arrays of equal size")
def interp_2d_xp():
    return jnp.interp(1.0, jnp.ones((2, 2)), jnp.ones((2, 2)))


@mistake("(2, 3)")
def eigh_non_square():
    return jnp.linalg.eigh(jnp.ones((2, 3)))


@mistake("svd must have rank at least 2", "(3,)")
def svd_of_vector():
    return jnp.linalg.svd(jnp.ones(3))


@mistake("exponent must be an integer, got 1.5")
def matrix_power_float():
    return jnp.linalg.matrix_power(jnp.eye(2), 1.5)


@mistake("axis 1 is out of bounds for array of dimension 1")
def fft_axis_out_of_range():
    return jnp.fft.fft(jnp.ones(4), axis=1)


@mistake("Abstract tracer value encountered where concrete value is expected", "length")
def bincount_in_jit():
    return jax.jit(lambda x: jnp.bincount(x))(jnp.arange(3))


@mistake("index can't contain negative values")
def pad_negative_width():
    return jnp.pad(jnp.ones(3), -1)


@mistake("Only implemented for order='K'")
def asarray_order_f():
    return jnp.asarray(jnp.ones((2, 2)), order="F")


@mistake("mean requires ndarray or scalar arguments, got <class 'list'> at position 0")
def mean_of_list():
    return jnp.mean([1.0, 2.0])


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The size argument of jnp.nonzero must be statically specified",
)
def where_one_argument_in_jit():
    return jax.jit(lambda x: jnp.where(x > 0))(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The size argument of jnp.nonzero must be statically specified",
)
def argwhere_in_jit():
    return jax.jit(lambda x: jnp.argwhere(x))(jnp.ones(3))


@mistake("(2, 3)")
def cholesky_non_square():
    return jnp.linalg.cholesky(jnp.ones((2, 3)))


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def tile_float_reps():
    return jnp.tile(jnp.ones(3), 1.5)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def ones_string_shape():
    return jnp.ones("3")


@mistake("division by zero")
def arange_zero_step():
    return jnp.arange(0, 10, 0)


@mistake("Abstract tracer value encountered where concrete value is expected")
def split_indices_traced():
    return jax.jit(lambda x, n: jnp.split(x, n))(jnp.ones(4), 2)


@mistake("Abstract tracer value encountered where concrete value is expected", "bins")
def histogram_traced_bins():
    return jax.jit(lambda x, b: jnp.histogram(x, bins=b))(jnp.ones(4), 3)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def sum_of_tuple_of_arrays():
    return jnp.sum(jnp.array((jnp.ones(2), jnp.ones(2))))


# ---------------------------------------------------------------------------------------------
# Donation, deleted arrays, compiled calls (more)


@mistake("Array has been deleted")
def use_after_donation():
    x = jnp.ones(3)
    jax.jit(lambda a: a + 1, donate_argnums=0)(x)
    return x + 1


@mistake("Array has been deleted")
def use_after_delete():
    x = jnp.ones(3)
    x.delete()
    return x + 1


@mistake("donate_argnames", "'y'")
def donate_argnames_unknown():
    return jax.jit(lambda x: x, donate_argnames="y")(jnp.ones(3))


@mistake("Function compiled with input pytree does not match the input pytree it was called with")
def compiled_called_with_kwargs():
    compiled = jax.jit(lambda x: x).lower(jnp.ones(3)).compile()
    return compiled(x=jnp.ones(3))


@mistake("must have the same pytree structure as when the function 'sin' was exported")
def exported_call_arg_count():
    exp = jax.export.export(jax.jit(jnp.sin))(jnp.ones(3))
    return exp.call(jnp.ones(3), jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# checkify


@mistake("Cannot abstractly evaluate a checkify.check which was not functionalized")
def checkify_check_in_jit_unfunctionalized():
    return jax.jit(lambda x: checkify.check(x > 0, "x must be positive"))(1.0)


@mistake("x must be positive", "`check` failed")
def checkify_error_raised():
    err, _ = checkify.checkify(lambda x: checkify.check(x > 0, "x must be positive"))(-1.0)
    return err.throw()


@mistake("check takes a scalar pred as argument")
def checkify_check_non_bool():
    return checkify.checkify(lambda x: checkify.check(x, "bad"))(1.0)


@mistake("nan generated by primitive: log")
def checkify_nan_error():
    f = checkify.checkify(lambda x: jnp.log(x), errors=checkify.nan_checks)
    err, _ = f(-1.0)
    return err.throw()


# =============================================================================================
# Round 3: explicit sharding, shard_map, random, control flow, autodiff, pytrees, export,
# jax.numpy / nn / scipy, jit options and config.
# ---------------------------------------------------------------------------------------------
# Explicit sharding mode


def _eput(shape, spec):
    return jax.device_put(jnp.ones(shape), NamedSharding(emesh, spec))


@mistake("mul got incompatible shardings for broadcasting")
def explicit_mul_conflicting_axes():
    a, b = _eput((4, 8), P("x", None)), _eput((4, 8), P("y", None))
    return a * b


@mistake("sub got incompatible shardings for broadcasting")
def explicit_sub_transposed_specs():
    a, b = _eput((8, 8), P("x", "y")), _eput((8, 8), P("y", "x"))
    return a - b


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def explicit_add_sharded_and_replicated():
    a, b = _eput((4, 8), P("x", None)), _eput((4, 8), P())
    return (a + b).sharding.spec


@mistake(
    "Contracting dimensions are sharded and it is ambiguous how the output should be sharded",
    "out_sharding",
)
def explicit_einsum_contracting_ambiguous():
    a, b = _eput((4, 8), P(None, "y")), _eput((8, 4), P("y", None))
    return jnp.einsum("ij,jk->ik", a, b)


@mistake("P('x', None)")
def explicit_dot_contracting_with_out_sharding():
    a, b = _eput((4, 8), P(None, "x")), _eput((8, 4), P("x", None))
    return jnp.dot(a, b, out_sharding=P("x", None)).sharding.spec


@mistake("dot_general operation with inputs", "produces an illegally sharded result")
def explicit_dot_batch_vs_contracting():
    a, b = _eput((4, 8), P("x", None)), _eput((8, 4), P(None, "x"))
    return a @ b


@mistake("P('x', None, None)", "jax.set_mesh")
def explicit_reshard_spec_too_long():
    return jax.sharding.reshard(_eput((4, 8), P("x", None)), P("x", None, None))


@mistake("P('x', 'x')", "jax.set_mesh")
def explicit_reshard_axis_twice():
    return jax.sharding.reshard(_eput((4, 8), P("x", None)), P("x", "x"))


@mistake("P('x', None)", "jax.set_mesh")
def explicit_reshard_without_mesh():
    return jax.sharding.reshard(jnp.ones((4, 8)), P("x", None))


@mistake("P(None, 'y')")
def explicit_reshard_to_other_axis():
    return jax.sharding.reshard(_eput((4, 8), P("x", None)), P(None, "y")).sharding.spec


@mistake("P('x', None)", "jax.set_mesh")
def explicit_zeros_out_sharding_without_mesh():
    return jnp.zeros((4, 8), out_sharding=P("x", None))


@mistake("jax.set_mesh", "PartitionSpec")
def explicit_device_put_spec_without_mesh():
    return jax.device_put(jnp.ones((4, 8)), P("x", None))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def explicit_device_put_spec_under_set_mesh():
    with jax.set_mesh(emesh):
        return jax.device_put(jnp.ones((4, 8)), P("x", None)).sharding.spec


@mistake("Resource axis: z", "is not found in mesh")
def explicit_zeros_out_sharding_unknown_axis():
    with jax.set_mesh(emesh):
        return jnp.zeros((4, 8), out_sharding=P("z", None))


@mistake("Expected mesh of type `jax.sharding.Mesh`", "<class 'str'>")
def set_mesh_of_non_mesh():
    with jax.set_mesh("x"):
        return jnp.ones(3)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def set_mesh_of_none():
    with jax.set_mesh(None):
        return jnp.ones(3)


@mistake("<class 'str'>", "is not a valid JAX type")
def typeof_of_string():
    return jax.typeof("a")


@mistake("<class 'object'>", "is not a valid JAX type")
def typeof_of_object():
    return jax.typeof(object())


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def typeof_of_python_float():
    return str(jax.typeof(1.0))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def typeof_of_explicit_array():
    return str(jax.typeof(_eput((4, 8), P("x", None))))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def auto_axes_without_mesh():
    return jax.sharding.auto_axes(lambda x: x * 2, out_sharding=P("x"))(jnp.ones(4))


@mistake("Context mesh cannot be empty", "explicit_axes")
def explicit_axes_without_mesh():
    return jax.sharding.explicit_axes(lambda x: x * 2, in_sharding=P("x"))(jnp.ones(4))


@mistake("This reshape is not supported", "out_sharding", "new sizes: (2, 16)")
def explicit_reshape_splits_sharded_dim():
    return _eput((8, 4), P("y", None)).reshape(2, 16)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def explicit_sum_over_sharded_dim():
    return str(jax.typeof(jnp.sum(_eput((4, 8), P("x", "y")), axis=0)))


@mistake()
def explicit_concatenate_conflicting():
    return jnp.concatenate([_eput((4, 8), P("x", None)), _eput((4, 8), P("y", None))], axis=1)


@mistake()
def explicit_where_conflicting():
    a, b = _eput((4, 8), P("x", None)), _eput((4, 8), P(None, "x"))
    return jnp.where(a > 0, a, b)


@mistake("add operation with inputs", "produces an illegally sharded result")
def explicit_jit_add_conflicting():
    a, b = _eput((4, 8), P("x", None)), _eput((4, 8), P(None, "x"))
    return jax.jit(lambda u, v: u + v)(a, b)


@mistake("P('z', None)", "jax.set_mesh")
def explicit_wsc_in_jit_unknown_axis():
    f = jax.jit(lambda u: jax.sharding.reshard(u, P("z", None)))
    return f(_eput((4, 8), P("x", None)))


# ---------------------------------------------------------------------------------------------
# shard_map (round 3)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def shard_map_psum_unvarying_check_vma():
    return _smap(lambda x: lax.psum(x, "x"), P(), P())(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def shard_map_pmax_of_unvarying():
    return _smap(lambda x: lax.pmax(x, "x"), P(), P())(jnp.ones(4))


@mistake("out_specs", "require replication which can't be statically inferred")
def shard_map_all_gather_of_unvarying():
    return _smap(lambda x: lax.all_gather(x, "x"), P(), P())(jnp.ones(4))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension",
    "P('x', 'x')",
)
def shard_map_out_specs_axis_twice():
    return _smap(lambda x: x, P("x"), P("x", "x"))(jnp.ones((4, 4)))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension",
    "P('x', 'x')",
)
def shard_map_in_specs_axis_twice():
    return _smap(lambda x: x, P("x", "x"), P("x"))(jnp.ones((4, 4)))


@mistake("shard_map out_specs argument must refer to an axis marked as manual", "'z'")
def shard_map_out_specs_unknown_axis():
    return _smap(lambda x: x, P("x"), P("z"))(jnp.ones(4))


@mistake("pytree structure error: different types")
def shard_map_in_specs_list():
    return _smap(lambda x, y: x + y, [P("x"), P("x")], P("x"))(jnp.ones(4), jnp.ones(4))


@mistake("shard_map in_specs argument must refer to an axis marked as manual", "'y'")
def shard_map_axis_names_spec_outside():
    f = lambda x: x  # noqa: E731
    g = jax.shard_map(f, mesh=mesh24, in_specs=P("y"), out_specs=P("y"), axis_names={"x"})
    return g(jnp.ones(8))


@mistake("Found an unbound axis name: y")
def shard_map_axis_names_psum_outside():
    f = lambda x: lax.psum(x, "y")  # noqa: E731
    g = jax.shard_map(f, mesh=mesh24, in_specs=P("x"), out_specs=P(), axis_names={"x"})
    return jax.jit(g)(jnp.ones(8))


@mistake("axis_names", "'z'")
def shard_map_axis_names_unknown():
    f = lambda x: x  # noqa: E731
    g = jax.shard_map(f, mesh=mesh24, in_specs=P("x"), out_specs=P("x"), axis_names={"z"})
    return g(jnp.ones(8))


@mistake("evenly divisible")
def shard_map_tuple_axes_not_divisible():
    return _smap(lambda x: x, P(("x", "y")), P(("x", "y")), mesh=mesh24)(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def shard_map_returns_too_many():
    return _smap(lambda x: (x, x), P("x"), P("x"))(jnp.ones(4))


@mistake("unexpected keyword argument 'x'")
def shard_map_keyword_argument():
    return _smap(lambda x: x, P("x"), P("x"))(x=jnp.ones(4))


@mistake("out_specs", "require replication which can't be statically inferred")
def shard_map_axis_index_out_specs_replicated():
    return _smap(lambda x: x + lax.axis_index("x"), P(), P())(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def shard_map_check_vma_off_replicated_claim():
    return _smap(lambda x: x, P("x"), P(), check_vma=False)(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def shard_map_psum_scatter_of_unvarying():
    f = lambda x: lax.psum_scatter(x, "x", tiled=True)  # noqa: E731
    return _smap(f, P(), P("x"))(jnp.ones(4))


@mistake("out_specs", "require replication which can't be statically inferred")
def shard_map_ppermute_of_unvarying():
    return _smap(lambda x: lax.ppermute(x, "x", [(0, 1), (1, 0)]), P(), P())(jnp.ones(4))


@mistake("cond branches must have equal output types")
def shard_map_cond_branches_vary_differently():
    f = lambda x: lax.cond(True, lambda: x, lambda: jnp.zeros(2))  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(4))


@mistake(
    "jax.lax.pvary was deprecated in JAX v0.8.2 and removed in JAX v0.10.0",
    "jax.lax.pcast(..., to='varying')",
)
def shard_map_pvary_removed():
    f = lambda x: lax.psum(lax.pvary(x, "x"), "x")  # noqa: E731
    return _smap(f, P(), P())(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def shard_map_pcast_then_psum():
    f = lambda x: lax.psum(lax.pcast(x, "x", to="varying"), "x")  # noqa: E731
    return _smap(f, P(), P())(jnp.ones(4))


@mistake("Unsupported pcast from=varying, to='varying'")
def shard_map_pcast_of_varying():
    return _smap(lambda x: lax.pcast(x, "x", to="varying"), P("x"), P("x"))(jnp.ones(4))


@mistake("Got unexpected `to` value. Allowed `to` values are")
def shard_map_pcast_bad_to():
    return _smap(lambda x: lax.pcast(x, "x", to="replicated"), P(), P("x"))(jnp.ones(4))


@mistake("must be a tuple or a str")
def shard_map_pcast_set_of_axes():
    return _smap(lambda x: lax.pcast(x, {"x"}, to="varying"), P(), P("x"))(jnp.ones(4))


@mistake()
def shard_map_pmax_unknown_axis():
    return _smap(lambda x: lax.pmax(x, "z"), P("x"), P())(jnp.ones(4))


@mistake("Found an unbound axis name: z")
def shard_map_psum_unknown_axis_unchecked():
    return _smap(lambda x: lax.psum(x, "z"), P("x"), P(), check_vma=False)(jnp.ones(4))


@mistake("unbound axis name: z")
def shard_map_psum_scatter_unknown_axis():
    return _smap(lambda x: lax.psum_scatter(x, "z"), P("x"), P())(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def shard_map_in_specs_none_for_array():
    return _smap(lambda x: x, None, P())(jnp.ones(4))


@mistake()
def shard_map_all_to_all_axis_out_of_range():
    f = lambda x: lax.all_to_all(x, "x", 2, 0, tiled=True)  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# Random (round 3)


@mistake('unrecognized PRNG implementation "foo"')
def random_key_unknown_impl():
    return random.key(0, impl="foo")


@mistake("JAX encountered invalid PRNG key data", "(4,)")
def wrap_key_data_wrong_shape_for_impl():
    return random.wrap_key_data(jnp.zeros(4, jnp.uint32), impl="threefry2x32")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def key_data_of_raw_uint32_key():
    return random.key_data(random.PRNGKey(0))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def split_with_shape_tuple():
    return random.split(random.key(0), (2, 3)).shape


@mistake("dtype argument to `bits` must be an unsigned int dtype", "float32")
def bits_float_dtype():
    return random.bits(random.key(0), (3,), dtype=jnp.float32)


@mistake("dtype argument to `bits` must be an unsigned int dtype", "int32")
def bits_signed_dtype():
    return random.bits(random.key(0), (3,), dtype=jnp.int32)


@mistake()
def categorical_axis_out_of_range():
    return random.categorical(random.key(0), jnp.zeros(5), axis=2)


@mistake("Incompatible shapes for broadcasting")
def categorical_shape_incompatible():
    return random.categorical(random.key(0), jnp.zeros((2, 5)), shape=(3,))


@mistake()  # JAX 0.10.2 accepts this (an integer 0-d array is a range): meshjit must too
def permutation_of_int_0d_array():
    return random.permutation(random.key(0), jnp.array(4)).shape


@mistake("axis 1 is out of bounds for array of dimension 1")
def permutation_axis_out_of_range():
    return random.permutation(random.key(0), jnp.arange(4), axis=1)


@mistake("Invalid integer data type")
def poisson_float_dtype():
    return random.poisson(random.key(0), 3.0, (2,), dtype=jnp.float32)


@mistake("multivariate_normal requires cov.shape == (..., n, n) for n=3", "(2, 2)")
def multivariate_normal_shapes():
    return random.multivariate_normal(random.key(0), jnp.zeros(3), jnp.eye(2))


@mistake("dirichlet requires alpha.ndim >= 1")
def dirichlet_scalar_alpha():
    return random.dirichlet(random.key(0), 1.0)


@mistake("key accepts a scalar seed", "(2,)")
def key_of_vector_seed():
    return random.key(jnp.ones(2, jnp.uint32))


@mistake()  # JAX 0.10.2 accepts this (minval > maxval): meshjit must too
def randint_empty_range():
    return random.randint(random.key(0), (3,), 5, 2).shape


@mistake("randint only accepts integer dtypes", "bool")
def randint_bool_dtype():
    return random.randint(random.key(0), (3,), 0, 2, dtype=jnp.bool_)


@mistake("axis 1 is out of bounds for array of dimension 1")
def choice_axis_out_of_range():
    return random.choice(random.key(0), jnp.arange(4), (2,), axis=1)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def choice_of_0d_array():
    return random.choice(random.key(0), jnp.array(3.0), (2,))


@mistake("dtype argument to `gumbel` must be a float dtype", "int32")
def gumbel_int_dtype():
    return random.gumbel(random.key(0), (3,), dtype=jnp.int32)


@mistake("dtype argument to `exponential` must be a float dtype", "int32")
def exponential_int_dtype():
    return random.exponential(random.key(0), (3,), dtype=jnp.int32)


@mistake("Cannot convert_element_type from key<fry> to uint32")
def fold_in_with_key_as_data():
    return random.fold_in(random.key(0), random.key(1))


@mistake("JAX encountered invalid PRNG key data", "float32")
def split_of_float_array():
    return random.split(jnp.ones(2))


@mistake()
def uniform_shape_too_short_for_minval():
    return random.uniform(random.key(0), (3,), minval=jnp.zeros((2, 3)))


@mistake("JAX encountered invalid PRNG key data", "float32")
def key_data_of_float_array():
    return random.key_data(jnp.ones(2))


@mistake("bernoulli accepts a single key, but was given a key array of shape (2,)")
def bernoulli_of_key_array_batch():
    return random.bernoulli(random.split(random.key(0)), 0.5, (3,))


# ---------------------------------------------------------------------------------------------
# Control flow (round 3)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def scan_unroll_zero():
    return lax.scan(lambda c, x: (c + x, x), 0.0, jnp.ones(3), unroll=0)


@mistake("scan got values with different leading axis sizes")
def scan_xs_dict_leading_sizes():
    return lax.scan(lambda c, x: (c, None), 0.0, {"a": jnp.ones(3), "b": jnp.ones(4)})


@mistake("scan got `length` argument of 2 which disagrees with leading axis sizes")
def scan_length_mismatch_in_jit():
    return jax.jit(lambda xs: lax.scan(lambda c, x: (c, x), 0.0, xs, length=2))(jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have equal types",
    "int32",
    "float32",
)
def scan_carry_dtype_int_to_float():
    return lax.scan(lambda c, x: (c + x, None), jnp.int32(0), jnp.ones(3))


@mistake("axis 1 is out of bounds for array of dimension 1")
def associative_scan_axis_out_of_range():
    return lax.associative_scan(jnp.add, jnp.ones(4), axis=1)


@mistake("Too many leaves for PyTreeDef")
def associative_scan_fn_changes_structure():
    return lax.associative_scan(lambda a, b: (a + b, a), jnp.ones(4))


@mistake("Pred must be a scalar", "(3,)")
def cond_vector_predicate_in_jit():
    return jax.jit(lambda x: lax.cond(x > 0, lambda: 1.0, lambda: 0.0))(jnp.ones(3))


@mistake("Branch index must be scalar", "(2,)")
def switch_vector_index():
    return lax.switch(jnp.array([0, 1]), [lambda: 1.0, lambda: 2.0])


@mistake("Empty branch sequence")
def switch_empty_tuple_of_branches():
    return lax.switch(0, (), 1.0)


@mistake("switch branches must have equal output types")
def switch_branch_shapes():
    return lax.switch(0, [lambda: jnp.ones(2), lambda: jnp.ones(3)])


@mistake("carry input and carry output must have equal types", "float32[2]", "float32[4]")
def fori_loop_carry_shape_change():
    return lax.fori_loop(0, 3, lambda i, c: jnp.concatenate([c, c]), jnp.ones(2))


@mistake("carry input and carry output must have equal types", "int32", "float32")
def fori_loop_carry_int_to_float():
    return lax.fori_loop(0, 3, lambda i, c: c + 0.5, jnp.int32(0))


@mistake(
    "while_loop body function carry input and carry output must have equal types",
    "int32",
    "float32",
)
def while_body_changes_dtype_strong():
    return lax.while_loop(lambda c: c < 3, lambda c: c.astype(jnp.float32) + 1, jnp.int32(0))


@mistake("cond_fun must return a boolean scalar", "int32")
def while_cond_returns_int():
    return lax.while_loop(lambda c: c, lambda c: c - 1, 3)


@mistake("cond_fun must return a boolean scalar", "PyTreeDef((*, *))")
def while_cond_returns_tuple():
    return lax.while_loop(lambda c: (c < 3, c), lambda c: c + 1, 0)


@mistake("takes 0 positional arguments but 1 was given")
def cond_branch_takes_no_operand():
    return lax.cond(True, lambda: 1.0, lambda: 0.0, 2.0)


@mistake("<class 'str'>", "which is not a valid JAX type")
def cond_branch_returns_string():
    return lax.cond(True, lambda x: "a", lambda x: "b", 1.0)


@mistake("scan got values with different leading axis sizes")
def map_leading_sizes_differ():
    return lax.map(lambda xy: xy[0] + xy[1], (jnp.ones(3), jnp.ones(4)))


@mistake()  # JAX 0.10.2 accepts this (a remainder batch): meshjit must too
def map_batch_size_not_dividing():
    return lax.map(lambda x: x * 2, jnp.arange(5.0), batch_size=2)


@mistake("scan got value with no leading axis to scan over")
def map_over_scalar():
    return lax.map(lambda x: x, 1.0)


@mistake("scan body function carry input and carry output must have the same pytree structure")
def fori_loop_body_returns_tuple_for_scalar():
    return lax.fori_loop(0, 3, lambda i, c: (c, c), 0.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def scan_ys_shape_varies():
    return lax.scan(lambda c, x: (c, jnp.ones(2) if c is None else x), None, jnp.ones((3, 2)))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def scan_reverse_non_bool():
    return lax.scan(lambda c, x: (c + x, x), 0.0, jnp.ones(3), reverse="yes")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def cond_operands_keyword():
    return lax.cond(True, lambda x: x, lambda x: x, operand=1.0)


@mistake("Index type must be an integer", "bool")
def switch_bool_index():
    return lax.switch(True, [lambda: 1.0, lambda: 2.0])


# ---------------------------------------------------------------------------------------------
# Autodiff (round 3)


@mistake("<class 'str'>", "is not a valid JAX type")
def linearize_string_argument():
    return jax.linearize(lambda x: x, "a")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def linearize_int_primal():
    return jax.linearize(lambda x: x * 2, 1)


@mistake(
    "unexpected JAX type (e.g. shape/dtype) for argument to VJP function",
    "float16[3]",
    "float32[3]",
)
def vjp_cotangent_dtype():
    _, vjp_fn = jax.vjp(jnp.sin, jnp.ones(3))
    return vjp_fn(jnp.ones(3, jnp.float16))


@mistake("unexpected tree structure", "VJP function")
def vjp_cotangent_not_tuple_for_tuple_output():
    _, vjp_fn = jax.vjp(lambda x: (x, x), jnp.ones(3))
    return vjp_fn(jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def custom_jvp_nondiff_argnums_array_in_jit():
    f = jax.custom_jvp(lambda n, x: x * n, nondiff_argnums=(0,))
    f.defjvp(lambda n, primals, tangents: (f(n, *primals), tangents[0] * n))
    return jax.jit(lambda n, x: jax.grad(f, argnums=1)(n, x))(jnp.float32(2.0), 1.0)


@mistake()  # JAX 0.10.2 accepts this (the jacobian of the jacobian): meshjit must too
def hessian_of_vector_function():
    return jax.hessian(lambda x: x**2)(jnp.ones(3)).shape


@mistake("jacrev requires real-valued outputs", "int32")
def hessian_of_int_output():
    return jax.hessian(lambda x: jnp.int32(1))(1.0)


@mistake("'float' object is not iterable")
def grad_argnums_float():
    return jax.grad(lambda x: x, argnums=0.5)(1.0)


@mistake("reduce_axes argument to grad is deprecated")
def grad_reduce_axes_keyword():
    return jax.grad(lambda x: x, reduce_axes=("i",))(1.0)


@mistake("cotangent type does not match function output")
def linear_transpose_cotangent_shape():
    return jax.linear_transpose(lambda x: 2 * x, jnp.ones(3))(jnp.ones(4))


@mistake("Positional argument indices", "but got value 2 for len(args) == 1")
def jacfwd_argnums_out_of_range():
    return jax.jacfwd(lambda x: x, argnums=2)(1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def grad_allow_int():
    return jax.grad(lambda x, y: x * 2.0, allow_int=True, argnums=1)(1.0, 2)


@mistake("<class 'str'>", "is not a valid JAX type")
def stop_gradient_of_string():
    return lax.stop_gradient("a")


@mistake("has length 2 but argument 0 has length 1")
def custom_jvp_defjvps_too_many():
    f = jax.custom_jvp(lambda x: x)
    f.defjvps(lambda g, ans, x: g, lambda g, ans, x: g)
    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "primal and tangent arguments to jax.jvp must have the same tree structure",
    "PyTreeDef([*, *])",
)
def jvp_tangent_list_vs_tuple():
    return jax.jvp(lambda x, y: x + y, (1.0, 2.0), [1.0, 2.0])


@mistake("primal and tangent arguments to jax.jvp do not match", "float32", "int32")
def jvp_tangent_python_int_for_float():
    return jax.jvp(lambda x: x, (jnp.ones(3),), (jnp.ones(3, jnp.int32),))


@mistake("Gradient only defined for scalar-output functions", "(2,)")
def value_and_grad_of_non_scalar_aux():
    return jax.value_and_grad(lambda x: (x * jnp.ones(2), 1.0), has_aux=True)(1.0)


@mistake()
def checkpoint_bad_policy():
    return jax.grad(jax.checkpoint(lambda x: jnp.sin(x), policy=3))(1.0)


@mistake("<class 'str'>", "is not a valid JAX type")
def jacrev_of_string_output():
    return jax.jacrev(lambda x: "a")(1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args tuple",
)
def custom_vjp_two_args_bwd_returns_one():
    f = jax.custom_vjp(lambda x, y: x * y)
    f.defvjp(lambda x, y: (x * y, (x, y)), lambda res, g: (g * res[1],))
    return jax.grad(f)(1.0, 2.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def vjp_of_int_input():
    return jax.vjp(lambda x: x * 2, 1)[1](1)


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes",
    "int32[]",
)
def custom_jvp_rule_tangent_dtype_int():
    f = _custom_jvp(lambda p, t: (p[0], jnp.int32(1)))
    return jax.jvp(f, (1.0,), (1.0,))


# ---------------------------------------------------------------------------------------------
# Pytrees (round 3)


class _Point:
    def __init__(self, x, y):
        self.x, self.y = x, y


jax.tree_util.register_pytree_node(_Point, lambda p: ((p.x, p.y), None), lambda _, c: _Point(*c))


@mistake("Duplicate custom PyTreeDef type registration for", "_Point")
def register_pytree_node_twice():
    return jax.tree_util.register_pytree_node(
        _Point, lambda p: ((p.x, p.y), None), lambda _, c: _Point(*c)
    )


@mistake("missing 1 required positional argument: 'unflatten_func'")
def register_pytree_node_missing_unflatten():
    return jax.tree_util.register_pytree_node(type("Q", (), {}), lambda q: ((), None))


class _BadFlatten:
    pass


jax.tree_util.register_pytree_node(_BadFlatten, lambda b: 3, lambda _, c: _BadFlatten())


@mistake("should return a (children, aux_data) tuple, got 3")
def pytree_flatten_returns_non_pair():
    return jax.tree_util.tree_leaves(_BadFlatten())


@mistake("pytree structure error: different types", "NoneType")
def tree_map_none_leaf_vs_array():
    return jax.tree.map(lambda a, b: a + b, (None, 1.0), (jnp.ones(2), 1.0))


@mistake()  # JAX 0.10.2 accepts this (None is an empty subtree in both): meshjit must too
def tree_map_over_none_both():
    return jax.tree.map(lambda a, b: a + b, (None, 1.0), (None, 2.0))


@mistake()
def tree_leaves_is_leaf_not_callable():
    return jax.tree.leaves([1, 2], is_leaf=3)


@mistake("Too few leaves for PyTreeDef; expected 2, got 1")
def treedef_unflatten_too_few():
    return jax.tree.structure({"a": 1, "b": 2}).unflatten([1])


@mistake()
def tree_unflatten_leaves_not_iterable():
    return jax.tree_util.tree_unflatten(jax.tree.structure((1, 2)), 3)


@mistake("pytree structure error: different types", "_Point")
def tree_map_point_vs_tuple():
    return jax.tree.map(lambda a, b: a + b, _Point(1, 2), (1, 2))


@mistake("pytree structure error: different numbers of pytree children")
def tree_map_dict_key_order_extra_key():
    return jax.tree.map(lambda a, b: a + b, {"a": 1}, {"a": 1, "b": 2})


@mistake("'tuple' object has no attribute 'x'")
def jit_pytree_point_then_tuple():
    f = jax.jit(lambda p: p.x + p.y)
    f(_Point(1.0, 2.0))
    return f((1.0, 2.0))


@mistake("'int' object is not iterable")
def tree_flatten_with_path_keystr_of_non_path():
    return jax.tree_util.keystr(3)


@mistake("Mismatch")
def tree_transpose_inner_mismatch():
    outer = jax.tree.structure([0, 0])
    inner = jax.tree.structure((0, 0))
    return jax.tree.transpose(outer, inner, [(1, 2, 3), (4, 5, 6)])


# ---------------------------------------------------------------------------------------------
# Export (round 3)


@mistake("<class 'str'>")
def export_with_string_argument():
    return jax.export.export(jax.jit(lambda x: x))("a")


@mistake("float32", "int32")
def exported_call_other_dtype():
    exp = jax.export.export(jax.jit(jnp.sin))(jnp.ones(3))
    return exp.call(jnp.ones(3, jnp.int32))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def export_unknown_platform():
    return jax.export.export(jax.jit(jnp.sin), platforms=["foo"])(jnp.ones(3))


@mistake("Function 'sin' was exported for platforms '('tpu',)' but it is used on '('cpu',)'")
def exported_call_on_other_platform():
    exp = jax.export.export(jax.jit(jnp.sin), platforms=["tpu"])(jnp.ones(3))
    return exp.call(jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def export_shape_dtype_struct_then_call():
    exp = jax.export.export(jax.jit(jnp.sin))(jax.ShapeDtypeStruct((3,), jnp.float32))
    return exp.call(jnp.ones(3)).shape


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def export_round_trip():
    exp = jax.export.export(jax.jit(jnp.cos))(jnp.ones(3))
    return jax.export.deserialize(exp.serialize()).call(jnp.zeros(3)).tolist()


# ---------------------------------------------------------------------------------------------
# jax.numpy (round 3)


@mistake("is not a valid JAX array type")
def array_of_object():
    return jnp.array(object())


@mistake("is not a valid JAX array type")
def array_mixed_str_and_int():
    return jnp.array([1, "a"])


@mistake("data type 'float33' not understood")
def astype_unknown_dtype_string():
    return jnp.ones(3).astype("float33")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def argsort_of_complex():
    return jnp.argsort(jnp.array([2 + 1j, 1 + 0j])).tolist()


@mistake("indices must have an integer type")
def take_float_index_scalar():
    return jnp.take(jnp.arange(3), 1.0)


@mistake("data type 'foo' not understood")
def zeros_unknown_dtype():
    return jnp.zeros(3, dtype="foo")


@mistake("cannot reshape array of shape (5,) (size 5) into shape (2, -1)")
def reshape_minus_one_not_dividing():
    return jnp.arange(5).reshape(2, -1)


@mistake("Precision argument must be one of")
def dot_bad_precision():
    return jnp.dot(jnp.ones(3), jnp.ones(3), precision="foo")


@mistake("method can only be 'linear', 'lower', 'higher', 'midpoint', 'nearest' or 'inverted_cdf'")
def quantile_bad_method():
    return jnp.quantile(jnp.ones(3), 0.5, method="foo")


@mistake("Valid values for indexing are 'xy' and 'ij', got foo")
def meshgrid_bad_indexing():
    return jnp.meshgrid(jnp.ones(2), jnp.ones(3), indexing="foo")


@mistake("diag input must be 1d or 2d")
def diag_of_3d():
    return jnp.diag(jnp.ones((2, 2, 2)))


@mistake("axis 5 is out of bounds for array of dimension 1")
def roll_axis_out_of_range():
    return jnp.roll(jnp.ones(3), 1, axis=5)


@mistake()
def argpartition_kth_out_of_range():
    return jnp.argpartition(jnp.ones(3), 10)


@mistake("Unsupported QR decomposition mode 'foo'")
def qr_bad_mode():
    return jnp.linalg.qr(jnp.ones((2, 2)), mode="foo")


@mistake("Shape should be positive")
def fft_zero_points():
    return jnp.fft.fft(jnp.ones(4), n=0)


@mistake("axis -2 is out of bounds for array of dimension 1")
def fft2_of_vector():
    return jnp.fft.fft2(jnp.ones(4))


@mistake("Improper number of axes for norm")
def norm_three_axes():
    return jnp.linalg.norm(jnp.ones((2, 2, 2)), axis=(0, 1, 2))


@mistake("condlist must have length equal to choicelist (1 vs 2)")
def select_lengths_differ():
    return jnp.select([jnp.ones(3) > 0], [jnp.ones(3), jnp.zeros(3)])


@mistake("data type 'foo' not understood")
def cumsum_unknown_dtype():
    return jnp.cumsum(jnp.ones(3), dtype="foo")


@mistake("Incompatible shapes for broadcasting")
def sum_where_wrong_shape():
    return jnp.sum(jnp.ones(3), where=jnp.ones(4, bool))


@mistake("'float' object is not iterable")
def mean_float_axis():
    return jnp.mean(jnp.ones(3), axis=1.5)


@mistake("not a valid gufunc signature: bad")
def vectorize_bad_signature():
    return jnp.vectorize(lambda x: x, signature="bad")(jnp.ones(3))


@mistake("Size of label")
def einsum_ellipsis_mismatch():
    return jnp.einsum("...i,...i->...", jnp.ones((2, 3)), jnp.ones((4, 3)))


@mistake("is not a valid JAX array type")
def full_string_fill():
    return jnp.full((2,), "a")


@mistake("incompatible shapes for broadcasting", "(4,)", "(3,)")
def clip_min_shape():
    return jnp.clip(jnp.ones(3), min=jnp.ones(4))


@mistake("'float' object cannot be interpreted as an integer")
def linspace_float_num():
    return jnp.linspace(0.0, 1.0, 2.5)


@mistake("Abstract tracer value encountered where concrete value is expected", "stop")
def arange_traced_stop_in_jit():
    return jax.jit(lambda n: jnp.arange(n))(3)


@mistake("Abstract tracer value encountered where concrete value is expected", "jnp.unique")
def unique_in_jit_without_size():
    return jax.jit(jnp.unique)(jnp.array([1, 2, 1]))


@mistake()  # JAX 0.10.2 accepts this (size= pads): meshjit must too
def unique_in_jit_with_size():
    return jax.jit(lambda x: jnp.unique(x, size=3, fill_value=0))(jnp.array([1, 2, 1])).tolist()


@mistake("array split does not result in an equal division")
def split_uneven_sections_in_jit():
    return jax.jit(lambda x: jnp.split(x, 3))(jnp.ones(4))


@mistake("Need at least one array to stack")
def stack_empty_tuple():
    return jnp.stack(())


@mistake("negative dimensions are not allowed")
def eye_negative():
    return jnp.eye(-1)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def tri_float_size():
    return jnp.tri(2.5)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def identity_float_size():
    return jnp.identity(2.5)


@mistake("transpose permutation isn't a permutation of operand dimensions")
def diagonal_same_axes():
    return jnp.diagonal(jnp.ones((3, 3)), axis1=0, axis2=0)


@mistake("'float' object cannot be interpreted as an integer")
def triu_indices_float_k():
    return jnp.triu_indices(3, k=1.5)


@mistake("all keys need to be the same shape")
def lexsort_mismatched_keys():
    return jnp.lexsort((jnp.ones(3), jnp.ones(4)))


@mistake("percentile requires ndarray or scalar arguments, got <class 'list'> at position 0")
def percentile_list():
    return jnp.percentile([1.0, 2.0], 50)


@mistake("takes 2 positional arguments but 3 were given")
def matmul_three_operands():
    return jnp.matmul(jnp.ones((2, 2)), jnp.ones((2, 2)), jnp.ones((2, 2)))


@mistake("xp and fp must be one-dimensional arrays of equal size")
def interp_mismatched_lengths():
    return jnp.interp(1.0, jnp.ones(3), jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def polyval_2d_coefficients():
    return jnp.polyval(jnp.ones((2, 2)), 1.0)


@mistake("'float' object cannot be interpreted as an integer")
def round_float_decimals():
    return jnp.round(jnp.ones(3), decimals=1.5)


@mistake()
def bincount_negative_length():
    return jnp.bincount(jnp.arange(3), length=-1)


@mistake("invalid argument side='middle', expected 'left' or 'right'")
def searchsorted_bad_side():
    return jnp.searchsorted(jnp.arange(3), 1, side="middle")


# ---------------------------------------------------------------------------------------------
# jax.nn and jax.scipy (round 3)


@mistake()  # JAX 0.10.2 accepts this (float labels compared to the class indices): meshjit too
def one_hot_of_floats():
    return jax.nn.one_hot(jnp.array([0.0, 1.5]), 3).tolist()


@mistake("'float' object cannot be interpreted as an integer")
def one_hot_float_num_classes():
    return jax.nn.one_hot(jnp.array([0, 1]), 3.5)


@mistake("axis 2 is out of bounds for array of dimension 1")
def softmax_axis_out_of_range():
    return jax.nn.softmax(jnp.ones(3), axis=2)


@mistake("axis 5 is out of bounds for array of dimension 2")
def log_softmax_axis_out_of_range():
    return jax.nn.log_softmax(jnp.ones((2, 3)), axis=(0, 5))


@mistake("<class 'str'>")
def relu_of_string():
    return jax.nn.relu("a")


@mistake(
    "Can't compute input and output sizes of a 1-dimensional weights tensor with default in_axis",
)
def glorot_normal_of_vector_shape():
    return jax.nn.initializers.glorot_normal()(random.key(0), (3,))


@mistake()
def dot_product_attention_head_mismatch():
    q = jnp.ones((1, 4, 2, 8))
    return jax.nn.dot_product_attention(q, jnp.ones((1, 4, 2, 16)), jnp.ones((1, 4, 2, 16)))


@mistake()
def scipy_solve_shapes():
    return jax.scipy.linalg.solve(jnp.ones((3, 3)), jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def scipy_lu_factor_non_square():
    return jax.scipy.linalg.lu_factor(jnp.ones((2, 3)))


@mistake("(2, 3)")
def scipy_expm_non_square():
    return jax.scipy.linalg.expm(jnp.ones((2, 3)))


@mistake("axis 3 is out of bounds for array of dimension 1")
def scipy_logsumexp_axis_out_of_range():
    return jax.scipy.special.logsumexp(jnp.ones(3), axis=3)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def scipy_gammaln_of_ints():
    return jax.scipy.special.gammaln(jnp.arange(1, 4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def scipy_betainc_ints():
    return jax.scipy.special.betainc(1, 2, 0.5)


@mistake("in1 and in2 must have the same number of dimensions")
def scipy_convolve_rank_mismatch():
    return jax.scipy.signal.convolve(jnp.ones(3), jnp.ones((2, 2)))


@mistake()
def scipy_norm_pdf_string():
    return jax.scipy.stats.norm.pdf("a")


@mistake()
def scipy_cho_solve_shapes():
    c = jax.scipy.linalg.cho_factor(jnp.eye(3))
    return jax.scipy.linalg.cho_solve(c, jnp.ones(4))


@mistake()
def scipy_solve_triangular_shapes():
    return jax.scipy.linalg.solve_triangular(jnp.eye(3), jnp.ones(4))


@mistake("<class 'str'>")
def scipy_xlogy_string():
    return jax.scipy.special.xlogy("a", 1.0)


# ---------------------------------------------------------------------------------------------
# jit options, devices and config (round 3)


@mistake("Received incompatible devices for jitted computation")
def jit_committed_to_different_devices():
    a = jax.device_put(jnp.ones(3), jax.devices()[0])
    b = jax.device_put(jnp.ones(3), jax.devices()[1])
    return jax.jit(lambda u, v: u + v)(a, b)


@mistake("P('x', None)")
def jit_in_shardings_wrong_rank():
    s = NamedSharding(mesh2, P("x", None))
    return jax.jit(lambda x: x, in_shardings=s)(jnp.ones(4))


@mistake(
    "jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to in_shardings",
)
def jit_in_shardings_spec_without_mesh():
    return jax.jit(lambda x: x, in_shardings=P("x"))(jnp.ones(4))


@mistake(
    "jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to out_shardings",
)
def jit_out_shardings_spec_without_mesh():
    return jax.jit(lambda x: x, out_shardings=P("x"))(jnp.ones(4))


@mistake("pytree structure error: different pytree metadata")
def jit_in_shardings_dict_vs_tuple():
    s = NamedSharding(mesh2, P())
    return jax.jit(lambda d: d["a"], in_shardings=({"b": s},))({"a": jnp.ones(4)})


@mistake("can't specify both a device and a backend for jit")
def jit_device_and_backend():
    return jax.jit(lambda x: x, device=jax.devices()[0], backend="cpu")(1.0)


@mistake("If backend or device is specified on jit, then in_shardings should not be specified")
def jit_device_and_in_shardings():
    s = NamedSharding(mesh2, P())
    return jax.jit(lambda x: x, device=jax.devices()[0], in_shardings=s)(1.0)


@mistake("'str' object cannot be interpreted as an integer")
def jit_static_argnums_string():
    return jax.jit(lambda x: x, static_argnums="x")(1.0)


@mistake("static_argnames and donate_argnames cannot intersect")
def jit_donate_and_static_same_arg():
    return jax.jit(lambda x: x, static_argnums=0, donate_argnums=0)(1)


@mistake("donate_argnums=(-3,)", "only accepts 1 positional argument")
def jit_donate_argnums_negative_out_of_range():
    return jax.jit(lambda x: x, donate_argnums=-3)(jnp.ones(3))


@mistake("invalid argnames {'m'} in static_argnames")
def jit_static_argnames_keyword_only_missing():
    return jax.jit(lambda x, *, n: x * n, static_argnames="m")(1.0, n=2)


@mistake("Unrecognized config option: jax_foo_bar")
def config_update_unknown_option():
    return jax.config.update("jax_foo_bar", True)


@mistake("'Config' object has no attribute 'jax_foo_bar'")
def config_read_unknown_attribute():
    return jax.config.jax_foo_bar


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`")
def device_put_to_string():
    return jax.device_put(jnp.ones(3), "cpu")


@mistake("device_put device specification must be a tree prefix of the corresponding value")
def device_put_sharding_tree_mismatch():
    s = NamedSharding(mesh2, P())
    return jax.device_put((jnp.ones(2), jnp.ones(2)), (s, s, s))


@mistake("Could not find memory addressable by device cpu", "Got memory kind: foo")
def named_sharding_bad_memory_kind():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh2, P(), memory_kind="foo"))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def make_mesh_float_shape():
    return jax.make_mesh((2.0, 4), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


@mistake("Buffer has been deleted or donated")
def jit_keep_unused_donated_compiled_twice():
    x = jnp.ones(3)
    f = jax.jit(lambda a: a * 2, donate_argnums=0)
    f(x)
    return f(x)


@mistake("Function compiled with input pytree does not match the input pytree it was called with")
def compiled_called_with_python_list():
    compiled = jax.jit(lambda x: x).lower(jnp.ones(3)).compile()
    return compiled([1.0, 2.0, 3.0])


@mistake("No such compile option: 'xla_foo_bar'")
def lowered_compile_bad_option():
    return jax.jit(jnp.sin).lower(jnp.ones(3)).compile(compiler_options={"xla_foo_bar": True})


@mistake("ShapeDtypeStruct", "is not a valid JAX type")
def shape_dtype_struct_called():
    return jax.jit(jnp.sin)(jax.ShapeDtypeStruct((3,), jnp.float32))


# ---------------------------------------------------------------------------------------------
# checkify (round 3)


@mistake(
    "out-of-bounds indexing for array of shape (3,)",
    "index 5 is out of bounds for axis 0 with size 3",
)
def checkify_index_out_of_bounds():
    f = checkify.checkify(lambda x: x[5], errors=checkify.index_checks)
    err, _ = f(jnp.ones(3))
    return err.throw()


@mistake("division by zero")
def checkify_division_by_zero():
    f = checkify.checkify(lambda x: 1 // x, errors=checkify.div_checks)
    err, _ = f(jnp.int32(0))
    return err.throw()


@mistake("Formatting arguments to checkify.check need to be PyTrees of arrays")
def checkify_check_format_args():
    f = checkify.checkify(lambda x: checkify.check(x > 0, "x is {x}", y=x))
    return f(1.0)


@mistake()  # JAX 0.10.2 accepts this (no error): meshjit must too
def checkify_throw_without_error():
    err, _ = checkify.checkify(lambda x: checkify.check(x > 0, "positive"))(1.0)
    return err.throw()


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def checkify_check_message_not_string():
    return checkify.checkify(lambda x: checkify.check(x > 0, 3))(1.0)


@mistake("x positive -2.0 (`check` failed)")
def checkify_of_jit_check_failed_in_jit():
    f = checkify.checkify(jax.jit(lambda x: checkify.check(x > 0, "x positive {}", x)))
    err, _ = f(-2.0)
    return err.throw()


@mistake("neg (`check` failed)")
def checkify_vmap_first_failure():
    f = checkify.checkify(jax.vmap(lambda x: checkify.check(x > 0, "neg")))
    err, _ = f(jnp.array([1.0, -1.0]))
    return err.throw()


# ---------------------------------------------------------------------------------------------
# Explicit sharding and shard_map (round 3, more)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def explicit_transpose_keeps_sharding():
    return str(jax.typeof(_eput((4, 8), P("x", "y")).T))


@mistake("P('x', None)", "jax.set_mesh")
def explicit_matmul_out_sharding_without_mesh_context():
    a, b = _eput((4, 8), P("x", None)), _eput((8, 4), P(None, None))
    return jnp.matmul(a, b, out_sharding=P("x", None))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def explicit_matmul_out_sharding_under_set_mesh():
    a, b = _eput((4, 8), P(None, "y")), _eput((8, 4), P("y", None))
    with jax.set_mesh(emesh):
        return str(jax.typeof(jnp.matmul(a, b, out_sharding=P("x", None))))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension",
    "duplicate entries for `x`",
)
def explicit_reshard_under_set_mesh_axis_twice():
    with jax.set_mesh(emesh):
        return jax.sharding.reshard(_eput((4, 8), P("x", None)), P("x", "x"))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def explicit_reshard_under_set_mesh_not_divisible():
    with jax.set_mesh(emesh):
        return jax.sharding.reshard(_eput((4, 8), P("x", None)), P(None, ("x", "y"))).shape


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def explicit_ones_out_sharding_under_set_mesh():
    with jax.set_mesh(emesh):
        return str(jax.typeof(jnp.ones((4, 8), out_sharding=P("x", "y"))))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def explicit_auto_axes_under_set_mesh():
    f = jax.sharding.auto_axes(lambda x: x * 2, out_sharding=P("x", None))
    with jax.set_mesh(emesh):
        return str(jax.typeof(f(_eput((4, 8), P("x", "y")))))


@mistake(
    "Use `.at[...].get(out_sharding=)` to provide output PartitionSpec for the gather indexing",
)
def explicit_sum_unreduced_then_add():
    a = _eput((4, 8), P("x", "y"))
    return str(jax.typeof(a.sum(axis=1) + a[:, 0]))


@mistake("Mesh for all inputs should be equal")
def explicit_device_put_to_auto_mesh_then_add():
    a = _eput((4, 8), P("x", None))
    b = jax.device_put(jnp.ones((4, 8)), NamedSharding(mesh24, P("x", None)))
    return a + b


@mistake("mul operation with inputs", "produces an illegally sharded result")
def explicit_broadcast_conflicting_after_expand():
    a, b = _eput((4, 1), P("x", None)), _eput((1, 8), P(None, "x"))
    return a * b


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def shard_map_in_specs_tuple_for_single_arg():
    return _smap(lambda x: x, (P("x"),), P("x"))(jnp.ones(4))


@mistake("pytree structure error: different types", "shard_map out_specs")
def shard_map_out_specs_list_for_tuple_output():
    return _smap(lambda x: (x, x), P("x"), [P("x"), P("x")])(jnp.ones(4))


@mistake("pytree structure error: different types", "shard_map out_specs")
def shard_map_out_specs_none_leaf():
    return _smap(lambda x: x, P("x"), None)(jnp.ones(4))


@mistake("<class 'str'>", "is not a valid JAX type")
def shard_map_body_returns_string():
    return _smap(lambda x: "a", P("x"), P())(jnp.ones(4))


@mistake("unbound axis name: z")
def shard_map_axis_size_of_unknown_axis():
    return _smap(lambda x: x * lax.axis_size("z"), P("x"), P("x"))(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def shard_map_psum_of_int_in_body():
    return _smap(lambda x: x + lax.psum(1, "x"), P("x"), P("x"))(jnp.ones(4))


@mistake()
def shard_map_ppermute_perm_not_pairs():
    return _smap(lambda x: lax.ppermute(x, "x", [0, 1]), P("x"), P("x"))(jnp.ones(4))


@mistake("out_specs", "require replication which can't be statically inferred")
def shard_map_all_gather_tiled_out_specs_replicated():
    f = lambda x: lax.all_gather(x, "x", tiled=True)  # noqa: E731
    return _smap(f, P("x"), P())(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def shard_map_nested_jit_psum():
    return _smap(jax.jit(lambda x: lax.psum(x, "x")), P("x"), P())(jnp.ones(4))


@mistake(
    "scan body function carry input and carry output must have equal types",
    "float32[]{V:x}",
    "jax.lax.pcast(...",
)
def shard_map_scan_carry_invariant_with_varying():
    f = lambda x: lax.scan(lambda c, y: (c + y, None), 0.0, x)[0]  # noqa: E731
    return _smap(f, P("x"), P())(jnp.ones(4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def shard_map_grad_of_psum():
    f = jax.grad(lambda x: lax.psum(x, "x").sum())  # noqa: F841
    return _smap(f, P("x"), P("x"))(jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# Random and pytrees (round 3, more)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def random_key_impl_of_raw_key():
    return str(random.key_impl(random.PRNGKey(0)))


@mistake()
def random_wrap_key_data_of_typed_key():
    return random.wrap_key_data(random.key(0))


@mistake()
def random_split_typed_key_num_tuple_with_float():
    return random.split(random.key(0), (2, 1.5))


@mistake("dtype argument to `normal` must be a float or complex dtype, got int8")
def random_normal_dtype_string():
    return random.normal(random.key(0), (2,), dtype="int8")


@mistake()
def random_uniform_key_list():
    return random.uniform([0, 1], (2,))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def random_keys_in_jnp_stack():
    return jnp.stack([random.key(0), random.key(1)]).shape


@mistake("pytree structure error: different lengths of list")
def tree_map_with_path_arity():
    return jax.tree_util.tree_map_with_path(lambda p, a, b: a, [1, 2], [1])


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def tree_structure_compare_with_list():
    return jax.tree.structure([1, 2]) == [1, 2]


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def tree_unflatten_with_generator():
    return jax.tree.unflatten(jax.tree.structure((1, 2)), (x for x in [1, 2]))


# =============================================================================================
# Round 4: training loops, jax.Array methods, removed names, jax.lax misuse, dtypes without
# x64, jax.nn / jax.scipy, raw keys, jit / grad / vmap options, pmap and shard_map leftovers.
# ---------------------------------------------------------------------------------------------
# Inside training loops


def _params():
    return {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}


def _loss(params, x):
    return jnp.sum((x @ params["w"] + params["b"]) ** 2)


@mistake("pytree structure error: different numbers of pytree children")
def train_opt_state_missing_key():
    params, momentum = _params(), {"w": jnp.zeros((3, 2))}
    return jax.tree.map(lambda p, m: p - 0.1 * m, params, momentum)


@mistake("pytree structure error: different types")
def train_grads_of_other_tree():
    grads = jax.grad(_loss)(_params(), jnp.ones((4, 3)))
    return jax.tree.map(lambda p, g: p - 0.1 * g, [jnp.ones((3, 2)), jnp.zeros(2)], grads)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The problem arose with the `float` function",
)
def train_loss_returns_python_float():
    step = jax.jit(lambda p, x: float(_loss(p, x)))
    return step(_params(), jnp.ones((4, 3)))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def train_grad_of_loss_item():
    return jax.grad(lambda p, x: _loss(p, x).item())(_params(), jnp.ones((4, 3)))


@mistake(
    "The numpy.ndarray conversion method __array__() was called on traced array with shape float32[3]",
)
def train_grad_of_loss_with_np_mean():
    return jax.grad(lambda w: np.mean(np.asarray(w) ** 2))(jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def train_step_appends_to_global_list():
    history = []

    @jax.jit
    def step(w):
        history.append(w)
        return w - 0.1 * w

    step(jnp.ones(3))
    return len(history)


@mistake("Encountered an unexpected tracer")
def train_step_leaked_loss_used_later():
    losses = []

    @jax.jit
    def step(w):
        losses.append(jnp.sum(w**2))
        return w * 0.9

    step(jnp.ones(3))
    return losses[0] + 1.0


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def train_step_prints_tracer_with_fstring():
    def step(w):
        print(f"w = {w}")
        return w * 0.9

    return jax.jit(step)(jnp.ones(3)).shape


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def train_step_np_sum_of_tracer():
    return jax.jit(lambda w: np.sum(w))(jnp.ones(3)).shape


@mistake(
    "The numpy.ndarray conversion method __array__() was called on traced array with shape float32[3]",
)
def train_step_np_exp_of_tracer():
    return jax.jit(lambda w: np.exp(w) * 2)(jnp.ones(3))


@mistake("The numpy.ndarray conversion method __array__() was called on traced array")
def train_step_np_dot_of_tracers():
    return jax.jit(lambda w, x: np.dot(x, w))(jnp.ones((3, 2)), jnp.ones((4, 3)))


@mistake(
    "The numpy.ndarray conversion method __array__() was called on traced array with shape bool[3]",
)
def train_step_np_where_on_tracer():
    return jax.jit(lambda x: np.where(x > 0, x, 0.0))(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The problem arose with the `int` function",
)
def train_step_int_of_step_counter():
    return jax.jit(lambda step, lr: lr / int(step))(jnp.int32(1), 0.1)


@mistake("Attempted boolean conversion of traced array with shape bool[]")
def train_step_bool_of_loss():
    return jax.jit(lambda loss: "diverged" if bool(jnp.isnan(loss)) else "ok")(jnp.float32(1))


@mistake("The tolist() method was called on traced array with shape float32[3]")
def train_step_tolist_of_metrics():
    return jax.jit(lambda m: m.tolist())(jnp.ones(3))


@mistake("Attempted boolean conversion of traced array with shape bool[]")
def train_vmap_body_if_on_value():
    return jax.vmap(lambda x: x if x > 0 else -x)(jnp.arange(3.0))


@mistake("Attempted boolean conversion of traced array with shape bool[]")
def train_scan_body_if_on_element():
    body = lambda c, x: (c + x if x > 0 else c, None)  # noqa: E731
    return lax.scan(body, 0.0, jnp.arange(3.0))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def train_grad_clip_with_python_min():
    return jax.grad(lambda w: min(jnp.sum(w**2), 1.0))(jnp.ones(3))


@mistake("Attempted boolean conversion of traced array")
def train_early_stop_while_python_loop_in_jit():
    def fit(w):
        while jnp.sum(w) > 1.0:
            w = w * 0.5
        return w

    return jax.jit(fit)(jnp.ones(3))


@mistake("The problem arose with the `int` function")
def train_vmap_int_of_label():
    return jax.vmap(lambda y: jnp.eye(3)[int(y)])(jnp.arange(3))


@mistake("The __index__() method was called on traced array with shape int32[]")
def train_range_over_traced_epochs():
    def fit(w, epochs):
        for _ in range(epochs):
            w = w * 0.9
        return w

    return jax.jit(fit)(jnp.ones(3), 3)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def train_range_over_static_epochs():
    def fit(w, epochs):
        for _ in range(epochs):
            w = w * 0.9
        return w

    return jax.jit(fit, static_argnums=1)(jnp.ones(3), 3).shape


@mistake("len() of unsized object")
def train_len_of_scalar_tracer():
    return jax.jit(lambda x: len(x))(jnp.float32(1))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def train_fori_loop_grad_with_traced_steps():
    f = lambda w, n: lax.fori_loop(0, n, lambda i, w: w * 0.9, w)  # noqa: E731
    return jax.grad(f)(1.0, jnp.int32(3))


@mistake(
    "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic start/stop values",
)
def train_while_loop_grad():
    f = lambda w: lax.while_loop(lambda w: w < 10.0, lambda w: w * 2.0, w)  # noqa: E731
    return jax.grad(f)(1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def train_fori_loop_grad_with_static_steps():
    f = lambda w: lax.fori_loop(0, 3, lambda i, w: w * 0.9, w)  # noqa: E731
    return float(jax.grad(f)(1.0))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (4,).")
def train_batch_loss_not_reduced():
    return jax.grad(lambda w, x: (x @ w) ** 2)(jnp.ones(3), jnp.ones((4, 3)))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (1,).")
def train_loss_returns_one_element_array():
    return jax.grad(lambda w: jnp.sum(w**2, keepdims=True))(jnp.ones(3))


@mistake("expected function with aux output to return a two-element tuple")
def train_value_and_grad_aux_not_tuple():
    f = lambda w: (jnp.sum(w**2), {"acc": 1.0}, 2.0)  # noqa: E731
    return jax.value_and_grad(f, has_aux=True)(jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def train_grad_aux_is_string():
    return jax.grad(lambda w: (jnp.sum(w**2), "note"), has_aux=True)(jnp.ones(3))[1]


@mistake("scan body function carry input and carry output must have equal types")
def train_scan_carry_grows():
    return lax.scan(lambda c, x: (jnp.append(c, x), None), jnp.zeros(1), jnp.arange(3.0))


@mistake("<class 'generator'>", "which is not a valid JAX type")
def train_jit_step_returns_generator():
    return jax.jit(lambda w: (v for v in w))(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# jax.Array methods


@mistake("unsupported operand type(s) for +")
def array_at_without_method():
    x = jnp.zeros(3)
    return x.at[0] + 1.0


@mistake("'list' object has no attribute 'at'")
def array_at_on_python_list():
    return [1.0, 2.0].at[0].set(3.0)


@mistake("'numpy.ndarray' object has no attribute 'at'")
def array_at_on_numpy_array():
    return np.zeros(3).at[0].set(1.0)


@mistake("missing 1 required positional argument: 'values'")
def array_at_set_missing_value():
    return jnp.zeros(3).at[0].set()


@mistake("The 'block_until_ready' method is not available on traced array with shape float32[3]")
def array_block_until_ready_on_tracer():
    return jax.jit(lambda x: x.block_until_ready() * 2)(jnp.ones(3))


@mistake(
    "The 'sharding' attribute is not available on traced array with shape float32[3]",
    "To query sharding information on tracers, use `jax.typeof(x)`.",
)
def array_sharding_of_tracer():
    return jax.jit(lambda x: x.sharding)(jnp.ones(3))


@mistake("object is not callable")
def array_device_called():
    return jnp.ones(3).device()


@mistake("The devices() method was called on traced array with shape float32[3]")
def array_devices_of_tracer():
    return jax.jit(lambda x: len(x.devices()) * x)(jnp.ones(3))


@mistake(
    "The 'addressable_shards' attribute is not available on traced array with shape float32[3]",
)
def array_addressable_shards_of_tracer():
    return jax.jit(lambda x: x.addressable_shards[0].data)(jnp.ones(3))


@mistake("arr.device_buffer has been deprecated. Use arr.addressable_data(0)")
def array_device_buffer_removed():
    return jnp.ones(3).device_buffer


@mistake("arr.device_buffers has been deprecated. Use [x.data for x in arr.addressable_shards]")
def array_device_buffers_removed():
    return jnp.ones(3).device_buffers


@mistake("object has no attribute 'to_py'")
def array_to_py_removed():
    return jnp.ones(3).to_py()


@mistake("The 'copy_to_host_async' method is not available on traced array with shape float32[3]")
def array_copy_to_host_async_of_tracer():
    return jax.jit(lambda x: x.copy_to_host_async())(jnp.ones(3))


@mistake("The is_fully_replicated property was called on traced array with shape float32[3]")
def array_is_fully_replicated_of_tracer():
    return jax.jit(lambda x: x * x.is_fully_replicated)(jnp.ones(3))


@mistake("object is not callable")
def array_transpose_property_called():
    return jnp.ones((2, 3)).T()


@mistake("'tuple' object is not callable")
def array_shape_called():
    return jnp.ones((2, 3)).shape()


@mistake("len() of unsized object")
def array_len_of_0d():
    return len(jnp.float32(1.0))


@mistake("iteration over a 0-d array")
def array_iterate_0d():
    return [v for v in jnp.array(1.0)]


@mistake("unhashable type")
def array_hash():
    return {jnp.ones(3): "w"}


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def array_reshape_order_f():
    return jnp.arange(6).reshape((2, 3), order="F")


@mistake("Unexpected value for 'order' argument: X.")
def array_reshape_order_bad():
    return jnp.arange(6).reshape((2, 3), order="X")


@mistake(
    "'kind' argument to sort is not supported. Use stable=True or stable=False to specify sort stability.",
)
def array_sort_bad_kind():
    return jnp.arange(3).sort(kind="bogus")


@mistake("can only convert an array of size 1 to a Python scalar")
def array_item_of_vector():
    return jnp.ones(3).item()


@mistake("data type 'floaty32' not understood")
def array_astype_string_name():
    return jnp.ones(3).astype("floaty32")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def array_view_different_size():
    return jnp.ones(3, jnp.float32).view(jnp.int8).shape


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def array_at_get_fill_value_wrong_mode():
    return jnp.ones(3).at[5].get(mode="clip", fill_value=0.0)


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment",
    "use x = x.at[idx].set(y)",
)
def array_setitem_on_slice():
    x = jnp.ones((2, 3))
    x[:, 0] = 0.0
    return x


@mistake("JAX arrays are immutable and do not support in-place item assignment")
def array_inplace_add_at_index():
    x = jnp.ones(3)
    x[0] += 1.0
    return x


@mistake("Array has been deleted with shape=float32[3]")
def array_delete_then_read():
    x = jnp.ones(3)
    x.delete()
    return x + 1


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def array_on_device_size_in_bytes_method():
    return jnp.ones(3).on_device_size_in_bytes


@mistake("got an unexpected keyword argument 'a_min'")
def array_clip_with_a_min_keyword():
    return jnp.arange(3).clip(a_min=0, a_max=1)


@mistake("got an unexpected keyword argument 'keepdim'")
def array_sum_keepdim_typo():
    return jnp.ones((2, 3)).sum(axis=0, keepdim=True)


@mistake("unbound axis name")
def array_mean_axis_string():
    return jnp.ones((2, 3)).mean(axis="rows")


# ---------------------------------------------------------------------------------------------
# Removed and renamed JAX names users still call


@mistake("has no attribute 'tree_map'")
def removed_jax_tree_map():
    return jax.tree_map(lambda x: x * 2, {"a": 1.0})


@mistake("has no attribute 'tree_leaves'")
def removed_jax_tree_leaves():
    return jax.tree_leaves({"a": 1.0})


@mistake("has no attribute 'tree_flatten'")
def removed_jax_tree_flatten():
    return jax.tree_flatten({"a": 1.0})


@mistake("has no attribute 'tree_structure'")
def removed_jax_tree_structure():
    return jax.tree_structure({"a": 1.0})


@mistake("has no attribute 'tree_multimap'")
def removed_tree_util_tree_multimap():
    return jax.tree_util.tree_multimap(lambda a, b: a + b, [1.0], [2.0])


@mistake("has no attribute 'maps'")
def removed_experimental_maps_xmap():
    return jax.experimental.maps.xmap(lambda x: x, in_axes=["i"], out_axes=["i"])


@mistake("has no attribute 'alltrue'")
def removed_jnp_alltrue():
    return jnp.alltrue(jnp.ones(3) > 0)


@mistake("has no attribute 'sometrue'")
def removed_jnp_sometrue():
    return jnp.sometrue(jnp.ones(3) > 0)


@mistake("has no attribute 'product'")
def removed_jnp_product():
    return jnp.product(jnp.ones(3))


@mistake("has no attribute 'cumproduct'")
def removed_jnp_cumproduct():
    return jnp.cumproduct(jnp.ones(3))


@mistake("has no attribute 'round_'")
def removed_jnp_round_():
    return jnp.round_(jnp.ones(3))


@mistake("has no attribute 'NINF'")
def removed_jnp_ninf():
    return jnp.full(3, jnp.NINF)


@mistake("has no attribute 'trapz'")
def removed_jnp_trapz():
    return jnp.trapz(jnp.ones(3))


@mistake("has no attribute 'msort'")
def removed_jnp_msort():
    return jnp.msort(jnp.ones(3))


@mistake("has no attribute 'shuffle'")
def removed_random_shuffle():
    return random.shuffle(random.key(0), jnp.arange(3))


@mistake("has no attribute 'DeviceArray'")
def removed_jnp_device_array():
    return isinstance(jnp.ones(3), jnp.DeviceArray)


@mistake("has no attribute 'DeviceArray'")
def removed_interpreters_xla_device_array():
    return isinstance(jnp.ones(3), jax.interpreters.xla.DeviceArray)


@mistake("has no attribute 'abstract_arrays'")
def removed_abstract_arrays():
    return jax.abstract_arrays.ShapedArray((3,), jnp.float32)


@mistake("has no attribute 'tie_in'")
def removed_lax_tie_in():
    return lax.tie_in(jnp.ones(3), 1.0)


@mistake("has no attribute 'index_update'")
def removed_ops_index_update():
    return jax.ops.index_update(jnp.zeros(3), 0, 1.0)


@mistake("has no attribute 'index_add'")
def removed_ops_index_add():
    return jax.ops.index_add(jnp.zeros(3), 0, 1.0)


@mistake("has no attribute 'xla_computation'")
def removed_jax_xla_computation():
    return jax.xla_computation(lambda x: x + 1)(1.0)


@mistake("has no attribute 'KeyArray'")
def removed_random_key_array_type():
    return isinstance(random.key(0), random.KeyArray)


@mistake("has no attribute 'host_callback'")
def removed_experimental_host_callback():
    return jax.experimental.host_callback.id_print(jnp.ones(3))


@mistake("jax.device_put_replicated is deprecated; use jax.device_put instead.")
def removed_device_put_replicated():
    return jax.device_put_replicated(jnp.ones(3), jax.devices())


@mistake("jax.device_put_sharded is deprecated; use jax.device_put instead.")
def removed_device_put_sharded():
    return jax.device_put_sharded([jnp.ones(3)] * 8, jax.devices())


@mistake("Unrecognized config option: jax_array")
def removed_config_jax_array_option():
    return jax.config.update("jax_array", True)


@mistake("has no attribute 'normalize'")
def removed_nn_normalize():
    return jax.nn.normalize(jnp.ones(3))


@mistake("has no attribute 'linear_util'")
def removed_linear_util():
    return jax.linear_util.wrap_init(lambda x: x)


@mistake("has no attribute 'pjit'")
def removed_jax_pjit_at_top_level():
    return jax.pjit(lambda x: x)(1.0)


# ---------------------------------------------------------------------------------------------
# jax.lax misuse


@mistake(
    "dimension_numbers must be specified when not performing simple un-batched matrix-matrix, matrix-vector, or vector-vector products",
)
def lax_dot_shape_mismatch():
    return lax.dot(jnp.ones((2, 3)), jnp.ones((4, 5)))


@mistake("got lhs_shape=(2, 3, 4) rhs_shape=(4, 5)")
def lax_dot_rank3():
    return lax.dot(jnp.ones((2, 3, 4)), jnp.ones((4, 5)))


@mistake(
    "conv_general_dilated window and window_strides must have the same number of dimensions, but got 2 and 1",
)
def lax_conv_strides_length():
    return lax.conv(jnp.ones((1, 1, 8, 8)), jnp.ones((1, 1, 3, 3)), (1,), "SAME")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def lax_conv_padding_lowercase():
    return lax.conv(jnp.ones((1, 1, 8, 8)), jnp.ones((1, 1, 3, 3)), (1, 1), "same").shape


@mistake("Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got FULL.")
def lax_conv_padding_unknown_name():
    return lax.conv(jnp.ones((1, 1, 8, 8)), jnp.ones((1, 1, 3, 3)), (1, 1), "FULL")


@mistake(
    "lhs feature dimension size divided by feature_group_count must equal the rhs input feature dimension size, but 8 // 1 != 3",
)
def lax_conv_nhwc_without_dimension_numbers():
    return lax.conv(jnp.ones((1, 8, 8, 3)), jnp.ones((3, 3, 3, 4)), (1, 1), "SAME")


@mistake("convolution dimension_numbers list/tuple must be length 3, got 2.")
def lax_conv_general_bad_dimension_numbers():
    x, w = jnp.ones((1, 8, 8, 3)), jnp.ones((3, 3, 3, 4))
    return lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO"))


@mistake("reduce_window got the wrong number of window_dimensions for operand")
def lax_reduce_window_wrong_rank():
    return lax.reduce_window(jnp.ones((4, 4)), 0.0, lax.add, (2,), (2,), "VALID")


@mistake("reduce_window expected init_values to be scalars")
def lax_reduce_window_init_not_scalar():
    return lax.reduce_window(jnp.ones((4, 4)), jnp.zeros(2), lax.add, (2, 2), (2, 2), "VALID")


@mistake("slice_sizes must be greater than or equal to zero")
def lax_dynamic_slice_negative_size():
    return lax.dynamic_slice(jnp.ones(5), (0,), (-1,))


@mistake()
def lax_dynamic_slice_sizes_rank():
    return lax.dynamic_slice(jnp.ones((4, 4)), (0, 0), (2,))


@mistake(
    "All components of the offset index in a gather op must either be a offset dimension or explicitly collapsed",
)
def lax_gather_bad_dimension_numbers():
    dnums = lax.GatherDimensionNumbers(
        offset_dims=(0,), collapsed_slice_dims=(0,), start_index_map=(0,)
    )
    return lax.gather(jnp.ones(5), jnp.array([[1]]), dnums, slice_sizes=(1,))


@mistake("num_keys=3 must be between 1 and len(operand)=2")
def lax_sort_num_keys_too_big():
    return lax.sort((jnp.ones(3), jnp.ones(3)), num_keys=3)


@mistake("axis 2 is out of bounds for array of dimension 2")
def lax_sort_dimension_out_of_range():
    return lax.sort(jnp.ones((2, 3)), dimension=2)


@mistake("k argument to top_k must be no larger than size along axis")
def lax_top_k_k_too_big():
    return lax.top_k(jnp.ones(3), 5)


@mistake("k argument to top_k must be nonnegative, got -1")
def lax_top_k_negative_k():
    return lax.top_k(jnp.ones(3), -1)


@mistake("Dimension size after padding is not at least 0")
def lax_pad_negative_total():
    return lax.pad(jnp.ones(3), 0.0, [(-2, -2, 0)])


@mistake("interior padding in padding_config must be nonnegative")
def lax_pad_negative_interior():
    return lax.pad(jnp.ones(3), 0.0, [(0, 0, -1)])


@mistake("padding_value must be a scalar")
def lax_pad_value_not_scalar():
    return lax.pad(jnp.ones(3), jnp.zeros(2), [(1, 1, 0)])


@mistake("broadcast_in_dim broadcast_dimensions must be a subset of output dimensions")
def lax_broadcast_in_dim_dims_out_of_range():
    return lax.broadcast_in_dim(jnp.ones(3), (2, 3), (2,))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def lax_broadcast_in_dim_dims_not_increasing():
    return lax.broadcast_in_dim(jnp.ones((2, 3)), (3, 2, 4), (1, 0))


@mistake(
    "Attempting to convert array of shape (3,) from int8 of size 8 bits to float32 of size 32",
)
def lax_bitcast_convert_trailing_dim():
    return lax.bitcast_convert_type(jnp.ones(3, jnp.int8), jnp.float32)


@mistake("reduce_precision: exponent_bits must be positive; got 0")
def lax_reduce_precision_zero_exponent():
    return lax.reduce_precision(jnp.ones(3), exponent_bits=0, mantissa_bits=2)


@mistake("reduce_precision: mantissa_bits must be non-negative; got -1")
def lax_reduce_precision_negative_mantissa():
    return lax.reduce_precision(jnp.ones(3), exponent_bits=5, mantissa_bits=-1)


@mistake("axis 1 is out of bounds for array of shape (3,)")
def lax_cumsum_axis_out_of_range():
    return lax.cumsum(jnp.ones(3), axis=1)


@mistake("select cases must have the same shapes")
def lax_select_shape_mismatch():
    return lax.select(jnp.ones(3, bool), jnp.ones(3), jnp.ones(4))


@mistake("clamp requires min.shape == operand.shape or min.shape == ()")
def lax_clamp_shape_mismatch():
    return lax.clamp(jnp.zeros(2), jnp.ones(3), jnp.ones(3))


@mistake("full must be called with scalar fill_value")
def lax_full_non_scalar_fill():
    return lax.full((3,), jnp.ones(2))


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def lax_iota_float_size():
    return lax.iota(jnp.int32, 3.5)


@mistake("slice_sizes must be greater than or equal to zero")
def lax_slice_start_after_limit():
    return lax.slice(jnp.ones(5), (3,), (1,))


@mistake(
    "lax.dynamic_update_slice requires arguments to have the same dtypes, got float32, int32.",
)
def lax_dynamic_update_slice_dtype():
    return lax.dynamic_update_slice(jnp.ones(5), jnp.ones(2, jnp.int32), (0,))


@mistake("repeated axis in lax.expand_dims")
def lax_expand_dims_repeated():
    return lax.expand_dims(jnp.ones(3), (0, 0))


@mistake("reshape dimensions must be a permutation of operand dimensions")
def lax_reshape_dimensions_not_permutation():
    return lax.reshape(jnp.ones((2, 3)), (3, 2), dimensions=(0, 0))


@mistake()
def lax_integer_pow_float_exponent():
    return lax.integer_pow(jnp.ones(3), 2.5)


@mistake("index_dtype must be an integer type, but got float32")
def lax_argmax_float_index_dtype():
    return lax.argmax(jnp.ones(3), 0, jnp.float32)


@mistake("Invalid axis 1 for operand shape (3,)")
def lax_argmax_axis_out_of_range():
    return lax.argmax(jnp.ones(3), 1, jnp.int32)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def lax_reduce_init_dtype_mismatch():
    return lax.reduce(jnp.ones(3), 0, lax.add, (0,))


@mistake("reduction axes (1,) contains out-of-bounds indices for float32[3].")
def lax_reduce_dimensions_out_of_range():
    return lax.reduce(jnp.ones(3), 0.0, lax.add, (1,))


@mistake("cond branches must have equal output types but they differ")
def lax_cond_with_python_list_operand():
    return lax.cond(True, lambda x: x[0], lambda x: x[1], [jnp.ones(2), jnp.ones(3)])


@mistake("axis 2 is out of bounds for array of dimension 2")
def lax_squeeze_dimension_out_of_range():
    return lax.squeeze(jnp.ones((1, 3)), (2,))


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (1, 0, 2)",
)
def lax_transpose_wrong_length():
    return lax.transpose(jnp.ones((2, 3)), (1, 0, 2))


@mistake("lax.concatenate requires arguments to have the same dtypes, got float32, int32.")
def lax_concatenate_dtypes_differ():
    return lax.concatenate([jnp.ones(2), jnp.ones(2, jnp.int32)], 0)


@mistake("Found an unbound axis name: batch. To fix this, please call psum under `jax.shard_map`")
def lax_psum_without_axis_in_jit():
    return jax.jit(lambda x: lax.psum(x, "batch"))(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# Dtypes with x64 off


@mistake("Python int 1099511627776 too large to convert to int32")
def dtype_array_2_pow_40():
    return jnp.array(2**40)


@mistake("Python integer 2147483648 out of bounds for int32")
def dtype_array_2_pow_31_as_int32():
    return jnp.array(2**31, dtype=jnp.int32)


@mistake("Python integer -1 out of bounds for uint32")
def dtype_uint32_of_negative():
    return jnp.uint32(-1)


@mistake("Python integer 200 out of bounds for int8")
def dtype_int8_of_200():
    return jnp.int8(200)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def dtype_astype_int4():
    return str(jnp.arange(3).astype(jnp.int4).dtype)


@mistake()  # JAX 0.10.2 accepts this (with a warning): meshjit must too
def dtype_array_float64_is_float32():
    return str(jnp.array([1.0], dtype=jnp.float64).dtype)


@mistake()  # JAX 0.10.2 accepts this (with a warning): meshjit must too
def dtype_astype_float64_is_float32():
    return str(jnp.ones(3).astype(jnp.float64).dtype)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def dtype_numpy_float64_input_is_float32():
    return str((jnp.ones(3) + np.ones(3)).dtype)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def dtype_full_2_pow_40():
    return jnp.full(3, 2**40)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def dtype_arange_past_int32():
    return jnp.arange(2**31, 2**31 + 3)


@mistake("1099511627776")
def dtype_add_python_int_too_big():
    return jnp.ones(3, jnp.int32) + 2**40


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def dtype_uint8_plus_negative_python_int():
    return jnp.ones(3, jnp.uint8) + (-300)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def dtype_int32_times_float_literal():
    return str((jnp.arange(3) * 0.5).dtype)


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'object'> in astype")
def dtype_astype_object():
    return jnp.ones(3).astype(object)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def dtype_zeros_string_dtype_name():
    return jnp.zeros(3, dtype="float")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def dtype_array_of_complex_string():
    return jnp.array(["1+2j"], dtype=jnp.complex64)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def dtype_lax_convert_to_string_dtype():
    return lax.convert_element_type(jnp.ones(3), "float32").dtype


# ---------------------------------------------------------------------------------------------
# jax.nn and jax.scipy arguments


@mistake("The error arose in jax.nn.one_hot argument `num_classes`")
def nn_one_hot_traced_num_classes():
    return jax.jit(lambda y, n: jax.nn.one_hot(y, n))(jnp.arange(3), 4)


@mistake("axis 5 is out of bounds for array of dimension 2")
def nn_softmax_axis_tuple_out_of_range():
    return jax.nn.softmax(jnp.ones((2, 3)), axis=(0, 5))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def nn_initializer_called_with_key():
    return jax.nn.initializers.glorot_uniform(random.key(0), (3, 4))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def nn_initializer_shape_int():
    return jax.nn.initializers.normal()(random.key(0), 3)


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def nn_initializer_int_dtype():
    return jax.nn.initializers.normal()(random.key(0), (3,), jnp.int32)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def nn_dot_product_attention_rank():
    q = jnp.ones((4, 8))
    return jax.nn.dot_product_attention(q, q, q)


@mistake("got incompatible shapes for broadcasting")
def nn_dot_product_attention_mask_shape():
    q = jnp.ones((1, 4, 2, 8))
    return jax.nn.dot_product_attention(q, q, q, mask=jnp.ones((3, 3), bool))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def nn_logsumexp_moved():
    return jax.nn.logsumexp(jnp.ones(3))


@mistake("axis 3 is out of bounds for array of dimension 2")
def nn_one_hot_axis_out_of_range():
    return jax.nn.one_hot(jnp.arange(3), 4, axis=3)


@mistake("Incompatible shapes for broadcasting")
def scipy_logsumexp_b_shape():
    return jax.scipy.special.logsumexp(jnp.ones(3), b=jnp.ones(4))


@mistake()
def scipy_norm_cdf_string():
    return jax.scipy.stats.norm.cdf("0.5")


@mistake("mode must be one of ['full', 'same', 'valid']")
def scipy_signal_convolve_bad_mode():
    return jax.scipy.signal.convolve(jnp.ones(5), jnp.ones(3), mode="circular")


@mistake("Expected A to be a (batched) square matrix, got A.shape=(3,).")
def scipy_expm_of_vector():
    return jax.scipy.linalg.expm(jnp.ones(3))


@mistake("map_coordinates currently requires order<=1")
def scipy_map_coordinates_order_3():
    return jax.scipy.ndimage.map_coordinates(jnp.ones((4, 4)), [jnp.ones(2), jnp.ones(2)], 3)


@mistake("Only the eigvals=None case of eigh is implemented.")
def scipy_eigh_eigvals_keyword():
    return jax.scipy.linalg.eigh(jnp.eye(3), eigvals=(0, 1))


@mistake(
    "JAX encountered invalid PRNG key data",
    "expected key_data.shape to end with (2,); got shape=(3,)",
)
def random_raw_key_wrong_shape():
    return random.uniform(jnp.zeros(3, jnp.uint32), (2,))


@mistake(
    "JAX encountered invalid PRNG key data",
    "expected key_data.dtype = uint32; got dtype=int32",
)
def random_raw_key_wrong_dtype():
    return random.normal(jnp.zeros(2, jnp.int32), (2,))


@mistake()
def random_split_traced_num():
    return jax.jit(lambda k, n: random.split(k, n))(random.key(0), 2)


@mistake("shapes for broadcasting")
def random_uniform_maxval_shape():
    return random.uniform(random.key(0), (2,), minval=0.0, maxval=jnp.ones(3))


@mistake()
def random_typed_key_summed():
    return jnp.sum(random.split(random.key(0), 3))


@mistake("Cannot call abstract method astype")
def random_typed_key_astype_uint32():
    return random.key(0).astype(jnp.uint32)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def random_bits_uint64_x64_off():
    return random.bits(random.key(0), (2,), dtype=jnp.uint64)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def random_normal_traced_shape():
    return jax.jit(lambda k, n: random.normal(k, (n,)))(random.key(0), 3)


@mistake("PRNG key seed must be an integer")
def random_key_from_traced_float():
    return jax.jit(lambda s: random.key(s))(1.5)


@mistake("axis 1 is out of bounds for array of dimension 1")
def random_permutation_axis_of_scalar_int():
    return random.permutation(random.key(0), 5, axis=1)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def random_reusing_key_in_loop():
    k = random.key(0)
    draws = [random.normal(k, ()) for _ in range(2)]
    return bool(draws[0] == draws[1])


# ---------------------------------------------------------------------------------------------
# jit, grad and vmap options


class _Model:
    def __init__(self, x):
        self.x = x


@mistake("<class 'mistakes_catalogue._Model'>", "which is not a valid JAX type")
def jit_of_a_class():
    return jax.jit(_Model)(jnp.ones(3))


@mistake("Expected a callable value, got <mistakes_catalogue._Model object")
def jit_of_a_model_instance():
    return jax.jit(_Model(1.0))


@mistake("Non-hashable static arguments are not supported")
def jit_static_numpy_array():
    return jax.jit(lambda x, idx: x[idx], static_argnums=1)(jnp.ones(3), np.array([0, 1]))


@mistake("Non-hashable static arguments are not supported")
def jit_static_list_by_name():
    return jax.jit(lambda x, dims: x.sum(dims), static_argnames="dims")(jnp.ones((2, 3)), dims=[0])


@mistake("Non-hashable static arguments are not supported")
def jit_static_set():
    return jax.jit(lambda x, s: x, static_argnums=1)(jnp.ones(3), {1, 2})


@mistake("'str' object cannot be interpreted as an integer")
def jit_static_argnums_string_name():
    return jax.jit(lambda x, n: x * n, static_argnums="n")(jnp.ones(3), 2)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def jit_decorator_factory_misuse():
    @jax.jit(static_argnums=0)
    def f(n, x):
        return x * n

    return f(2, jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def jit_builtin_sum_of_array():
    return jax.jit(sum)(jnp.ones(3))


@mistake("takes 0 positional arguments but 1 was given")
def jit_kwargs_only_function_positional():
    def f(*, x):
        return x * 2

    return jax.jit(f)(jnp.ones(3))


@mistake("<class 'str'>", "which is not a valid JAX type")
def jit_returns_none_and_string():
    return jax.jit(lambda x: (x, "done"))(jnp.ones(3))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but got bool",
)
def grad_bool_input():
    return jax.grad(lambda x: jnp.sum(x * 1.0))(jnp.ones(3, bool))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but got uint8",
)
def grad_uint_input():
    return jax.grad(lambda x: jnp.sum(x * 1.0))(jnp.ones(3, jnp.uint8))


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got complex64",
)
def grad_complex_output_of_real():
    return jax.grad(lambda x: jnp.sum(x * 1j))(jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def grad_of_list_input():
    return jax.grad(lambda xs: sum(xs))([1.0, 2.0])


@mistake("differentiating with respect to argnums=(0, 2) requires at least 3 positional arguments")
def grad_argnums_tuple_out_of_range():
    return jax.grad(lambda x, y: x * y, argnums=(0, 2))(1.0, 2.0)


@mistake("Gradient only defined for scalar-output functions. Output had shape: (3,).")
def grad_of_grad_non_scalar():
    return jax.grad(jax.grad(lambda x: x**3))(jnp.ones(3))


@mistake("jacrev requires real-valued outputs")
def jacrev_complex_output_real_input():
    return jax.jacrev(lambda x: x * 1j)(jnp.ones(2))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def vmap_in_axes_list():
    return jax.vmap(lambda x, y: x + y, in_axes=[0, None])(jnp.ones((2, 3)), jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def vmap_returns_none():
    return jax.vmap(lambda x: None)(jnp.ones(3))


@mistake("with type <class 'str'> is not a valid JAX type")
def vmap_returns_string():
    return jax.vmap(lambda x: "x")(jnp.ones(3))


@mistake(
    "vmap got inconsistent sizes for array axes to be mapped",
    "the `axis_size` argument was 4",
)
def vmap_axis_size_conflicts():
    return jax.vmap(lambda x: x, axis_size=4)(jnp.ones(3))


@mistake("but got len(in_axes)=2, len(args)=1")
def vmap_in_axes_too_many():
    return jax.vmap(lambda x: x, in_axes=(0, 0))(jnp.ones(3))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments passed to the function, but got batch",
)
def vmap_in_axes_string():
    return jax.vmap(lambda x: x, in_axes="batch")(jnp.ones(3))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value")
def vmap_out_axes_tuple_for_single_output():
    return jax.vmap(lambda x: x, out_axes=(0, 1))(jnp.ones((2, 3)))


@mistake("but got len(in_axes)=2, len(args)=1")
def vmap_keyword_argument_with_in_axes_none():
    return jax.vmap(lambda x, y: x + y, in_axes=(0, None))(jnp.ones(3), y=jnp.ones((2, 3)))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be at least 1, but is only 0",
)
def vmap_of_scalar_keyword_argument():
    return jax.vmap(lambda x, y: x + y)(jnp.ones(3), y=1.0)


# ---------------------------------------------------------------------------------------------
# pmap leftovers, shard_map replication claims, device_put targets


@mistake()
def pmap_more_devices_than_available():
    return jax.pmap(lambda x: x * 2)(jnp.ones((16, 2)))


@mistake()
def pmap_in_axes_out_of_range():
    return jax.pmap(lambda x: x, in_axes=2)(jnp.ones((8, 2)))


@mistake("Found an unbound axis name: j")
def pmap_psum_other_axis_name():
    return jax.pmap(lambda x: lax.psum(x, "j"), axis_name="i")(jnp.ones((8, 2)))


@mistake(
    "Non-hashable static arguments are not supported, as this can lead to unexpected cache-misses",
)
def pmap_static_broadcasted_argnums_array():
    f = jax.pmap(lambda x, n: x * n, static_broadcasted_argnums=1)
    return f(jnp.ones((8, 2)), jnp.ones(2))


@mistake("require replication which can't be statically inferred")
def shard_map_out_specs_replicated_after_psum_of_one_axis():
    f = lambda x: lax.psum(x, "x")  # noqa: E731
    return _smap(f, P("x", "y"), P(), mesh=mesh24)(jnp.ones((4, 8)))


@mistake("require replication which can't be statically inferred")
def shard_map_out_specs_drops_varying_axis():
    return _smap(lambda x: x * 2, P("x", "y"), P("x"), mesh=mesh24)(jnp.ones((4, 8)))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def shard_map_out_specs_replicated_after_pmean():
    f = lambda x: lax.pmean(x.sum(), "x")  # noqa: E731
    return _smap(f, P("x"), P())(jnp.ones(4)).shape


@mistake("require replication which can't be statically inferred")
def shard_map_out_specs_replicated_of_axis_index():
    f = lambda x: x + lax.axis_index("x")  # noqa: E731
    return _smap(f, P(), P())(jnp.ones(4))


@mistake("got an unexpected keyword argument 'check_rep'")
def shard_map_check_vma_keyword_typo():
    return _smap(lambda x: x, P("x"), P("x"), check_rep=False)(jnp.ones(4))


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`")
def device_put_to_platform_string():
    return jax.device_put(jnp.ones(3), "cpu:0")


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`")
def device_put_to_devices_call():
    return jax.device_put(jnp.ones(3), jax.devices)


@mistake("device_put device specification must be a tree prefix of the corresponding value")
def device_put_spec_tuple():
    return jax.device_put(jnp.ones(4), ("x",))


# ---------------------------------------------------------------------------------------------
# Round 5: the families the brief lists, in the forms not above: shardings and meshes,
# shard_map specs and collectives, jit arguments, vmap/grad/jvp/custom rules, control-flow
# carries, keys, jnp shapes and dtypes, trees, indexing and mutation, leaks, concretization,
# array construction and NumPy interop.
# Sharding objects and device_put


@mistake("Resource axis: z of P('x', 'z') is not found in mesh: ('x', 'y').")
def r5_named_sharding_second_axis_unknown():
    return jax.device_put(jnp.ones((4, 8)), NamedSharding(mesh24, P("x", "z")))


@mistake("'str' object has no attribute 'partitions'")
def r5_named_sharding_string_spec():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh2, "x"))


@mistake()
def r5_named_sharding_none_spec():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh2, None))


@mistake("'list' object has no attribute 'size'")
def r5_named_sharding_device_list_as_mesh():
    return NamedSharding(jax.devices(), P("x"))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but P('",
)
def r5_spec_axis_twice_rank3():
    return jax.device_put(jnp.ones((2, 4, 2)), NamedSharding(mesh24, P("x", "y", "x")))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but P((",
)
def r5_spec_axis_twice_across_tuple():
    return jax.device_put(jnp.ones((8, 2)), NamedSharding(mesh24, P(("x", "y"), "x")))


@mistake("P('x', 'y', None)", "rank")
def r5_spec_longer_than_rank_2d_mesh():
    return jax.device_put(jnp.ones((4, 8)), NamedSharding(mesh24, P("x", "y", None)))


@mistake("P('x',)", "rank")
def r5_spec_of_scalar():
    return jax.device_put(jnp.float32(1.0), NamedSharding(mesh2, P("x")))


@mistake("device_put device specification must be a tree prefix of the corresponding value")
def r5_device_put_dict_tuple_shardings():
    s = NamedSharding(mesh2, P())
    return jax.device_put({"a": jnp.ones(2), "b": jnp.ones(2)}, (s, s))


@mistake("device_put device specification must be a tree prefix of the corresponding value")
def r5_device_put_list_too_many_shardings():
    s = NamedSharding(mesh2, P())
    return jax.device_put([jnp.ones(2), jnp.ones(2)], [s, s, s])


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_device_put_one_sharding_for_tree():
    s = NamedSharding(mesh2, P("x"))
    return jax.device_put((jnp.ones(2), jnp.ones(4)), s)[1].shape


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`")
def r5_device_put_to_mesh():
    return jax.device_put(jnp.ones(4), mesh2)


@mistake("jax.set_mesh", "PartitionSpec")
def r5_device_put_to_partition_spec_without_mesh():
    return jax.device_put(jnp.ones(4), P("x"))


@mistake("device_put device specification must be a tree prefix of the corresponding value")
def r5_device_put_devices_list_of_two():
    return jax.device_put(jnp.ones(4), jax.devices()[:2])


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`")
def r5_device_put_to_string_sharding_list():
    return jax.device_put([jnp.ones(2)], ["x"])


@mistake("implies that array axis 0 is partitioned 2 times, but the dimension size is 3")
def r5_shard_shape_not_divisible():
    return NamedSharding(mesh2, P("x")).shard_shape((3,))


@mistake("index out of range")
def r5_shard_shape_rank_too_small():
    return NamedSharding(mesh24, P("x", "y")).shard_shape((4,))


@mistake("has no setter")
def r5_sharding_spec_assignment():
    s = NamedSharding(mesh2, P("x"))
    s.spec = P()


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_single_device_sharding_of_int():
    return jax.sharding.SingleDeviceSharding(0)


@mistake("'SingleDeviceSharding' object has no attribute 'mesh'")
def r5_single_device_sharding_has_no_mesh():
    return jax.device_put(jnp.ones(2), jax.devices()[0]).sharding.mesh


@mistake("has no attribute 'PositionalSharding'")
def r5_positional_sharding_removed():
    return jax.sharding.PositionalSharding(jax.devices())


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second argument (`axis_nam",
)
def r5_mesh_of_device_list():
    return Mesh(jax.devices(), ("x", "y"))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_mesh_axis_names_string():
    return Mesh(np.array(jax.devices()[:2]), "xy")


@mistake("can only specify one unknown dimension")
def r5_make_mesh_negative_size():
    return jax.make_mesh((-2, -4), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


@mistake()
def r5_make_mesh_zero_size():
    return jax.make_mesh((0,), ("x",), axis_types=(AxisType.Auto,))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_make_mesh_axis_types_not_tuple():
    return jax.make_mesh((2,), ("x",), axis_types=AxisType.Explicit)


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second argument (`axis_nam",
)
def r5_make_mesh_string_names():
    return jax.make_mesh((2, 4), "xy", axis_types=(AxisType.Auto,) * 2)


@mistake("'z'")
def r5_mesh_shape_of_unknown_axis():
    return mesh24.shape["z"]


@mistake("got an unexpected keyword argument 'reduced_axes'")
def r5_partition_spec_unknown_keyword():
    return P("x", reduced_axes=("y",))


@mistake("P('x', None)", "rank")
def r5_wsc_spec_too_long_named_sharding():
    s = NamedSharding(mesh2, P("x", None))
    return jax.jit(lambda x: lax.with_sharding_constraint(x, s))(jnp.ones(4))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional dimension, but P('",
)
def r5_wsc_axis_twice_in_jit():
    s = NamedSharding(mesh24, P("x", "x"))
    return jax.jit(lambda x: lax.with_sharding_constraint(x, s))(jnp.ones((4, 4)))


@mistake("leaf specifications are expected to be PartitionSpec instances or None, but got x")
def r5_wsc_string_sharding():
    return jax.jit(lambda x: lax.with_sharding_constraint(x, "x"))(jnp.ones(4))


@mistake("must be a tree prefix of the corresponding value")
def r5_wsc_tree_mismatch():
    s = NamedSharding(mesh2, P())
    f = lambda x, y: lax.with_sharding_constraint((x, y), (s, s, s))  # noqa: E731
    return jax.jit(f)(jnp.ones(2), jnp.ones(2))


@mistake("does not support kwargs when in_shardings is specified")
def r5_jit_in_shardings_with_kwargs():
    s = NamedSharding(mesh2, P())
    return jax.jit(lambda x: x, in_shardings=s)(x=jnp.ones(4))


@mistake("pytree structure error: different types at key path")
def r5_jit_out_shardings_dict_for_tuple():
    s = NamedSharding(mesh2, P())
    return jax.jit(lambda x: (x, x), out_shardings={"a": s})(jnp.ones(4))


@mistake("P('x', None)", "rank")
def r5_jit_out_shardings_spec_too_long():
    s = NamedSharding(mesh2, P("x", None))
    return jax.jit(lambda x: x, out_shardings=s)(jnp.ones(4))


@mistake("Resource axis: y of P('y',) is not found in mesh: ('x',).")
def r5_jit_out_shardings_unknown_axis():
    s = NamedSharding(mesh2, P("y"))
    return jax.jit(lambda x: x, out_shardings=s)(jnp.ones(4))


@mistake("in_shardings specification must be a tree prefix of the")
def r5_jit_in_shardings_list_of_one_for_two_args():
    s = NamedSharding(mesh2, P())
    return jax.jit(lambda x, y: x + y, in_shardings=[s])(jnp.ones(2), jnp.ones(2))


@mistake(
    "in_shardings leaf specifications are expected to be PartitionSpec instances or None, but got x",
)
def r5_jit_in_shardings_string():
    return jax.jit(lambda x: x, in_shardings="x")(jnp.ones(4))


@mistake(
    "in_shardings leaf specifications are expected to be PartitionSpec instances or None, but got Mesh(",
)
def r5_jit_in_shardings_mesh():
    return jax.jit(lambda x: x, in_shardings=mesh2)(jnp.ones(4))


@mistake("Sharding passed to jit does not match the sharding on the respective arg")
def r5_jit_committed_arg_vs_in_shardings_mesh():
    x = jax.device_put(jnp.ones(4), NamedSharding(mesh2, P("x")))
    s = NamedSharding(_mesh((4,), ("x",)), P("x"))
    return jax.jit(lambda v: v, in_shardings=s)(x)


@mistake("Received incompatible devices for jitted computation", "with device ids [0, 1]")
def r5_jit_two_committed_meshes():
    a = jax.device_put(jnp.ones(4), NamedSharding(mesh2, P("x")))
    b = jax.device_put(jnp.ones(4), NamedSharding(_mesh((4,), ("x",)), P("x")))
    return jax.jit(lambda x, y: x + y)(a, b)


@mistake("Received incompatible devices for jitted computation")
def r5_eager_add_on_different_devices():
    a = jax.device_put(jnp.ones(4), jax.devices()[0])
    b = jax.device_put(jnp.ones(4), jax.devices()[1])
    return a + b


# ---------------------------------------------------------------------------------------------
# Explicit sharding (round 5)


@mistake(
    "`out_sharding` argument of reshard only supports instances of `NamedSharding` or `PartitionSpec`",
)
def r5_explicit_reshard_string_spec():
    return jax.sharding.reshard(_eput((4, 8), P("x", None)), "y")


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r5_explicit_reshard_unknown_axis_named_sharding():
    return jax.sharding.reshard(_eput((4, 8), P()), NamedSharding(emesh, P("z")))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed")
def r5_explicit_dot_out_sharding_axis_twice():
    a, b = _eput((8, 8), P("x", None)), _eput((8, 8), P())
    return jnp.dot(a, b, out_sharding=P("x", "x"))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed")
def r5_explicit_einsum_out_sharding_too_long():
    a, b = _eput((8, 8), P("x", None)), _eput((8, 8), P())
    return jnp.einsum("ij,jk->ik", a, b, out_sharding=P("x", None, None))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_explicit_auto_axes_unknown_axis():
    f = jax.sharding.auto_axes(lambda x: x * 2, axes="z", out_sharding=P("x"))
    return f(_eput((8,), P("x")))


@mistake("produces an illegally sharded result: f32[8@x,8@x]")
def r5_explicit_mul_broadcast_conflict():
    a, b = _eput((8, 8), P("x", None)), _eput((8,), P("x"))
    return a * b


@mistake("div got incompatible shardings for broadcasting")
def r5_explicit_divide_conflicting():
    a, b = _eput((8, 8), P("x", "y")), _eput((8, 8), P("y", None))
    return a / b


@mistake("max got incompatible shardings for broadcasting")
def r5_explicit_maximum_conflicting():
    a, b = _eput((8, 4), P("x", None)), _eput((8, 4), P("y", None))
    return jnp.maximum(a, b)


@mistake()
def r5_explicit_matmul_batch_conflict():
    a, b = _eput((8, 4, 4), P("x", None, None)), _eput((8, 4, 4), P("y", None, None))
    return a @ b


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_explicit_reshape_merge_sharded():
    return _eput((8, 4), P("x", "y")).reshape(32)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_explicit_reshape_keeps_sharded_dim():
    return _eput((8, 4), P("x", None)).reshape(8, 2, 2).sharding.spec


@mistake("All operands should have the same sharding")
def r5_explicit_concatenate_along_sharded():
    a, b = _eput((8, 4), P("x", None)), _eput((8, 4), P("y", None))
    return jnp.concatenate([a, b], axis=1)


@mistake("All operands should have the same sharding")
def r5_explicit_stack_conflicting():
    a, b = _eput((8,), P("x")), _eput((8,), P("y"))
    return jnp.stack([a, b])


@mistake("must be a tree prefix of the")
def r5_explicit_reshard_tree_mismatch():
    x = _eput((8,), P("x"))
    return jax.sharding.reshard((x, x), (P("x"), P("x"), P()))


@mistake("add got incompatible shardings for broadcasting")
def r5_explicit_jit_out_shardings_conflict_in_jit():
    f = jax.jit(lambda a, b: a + b)
    return f(_eput((8, 8), P("x", "y")), _eput((8, 8), P("y", "x")))


# ---------------------------------------------------------------------------------------------
# shard_map specs and collectives (round 5)


@mistake("shard_map() missing 1 required keyword-only argument: 'out_specs'")
def r5_shard_map_missing_out_specs():
    return jax.shard_map(lambda x: x, mesh=mesh2, in_specs=P("x"))(jnp.ones(4))


@mistake("pytree structure error: different types at key path")
def r5_shard_map_in_specs_dict_for_tuple():
    f = lambda a, b: a + b  # noqa: E731
    return _smap(f, {"a": P("x"), "b": P("x")}, P("x"))(jnp.ones(4), jnp.ones(4))


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding",
    "which has length 2",
)
def r5_shard_map_in_specs_spec_too_long():
    return _smap(lambda x: x, P("x", None), P("x"))(jnp.ones(4))


@mistake(
    "was given an out_specs entry which is too long to be compatible with the corresponding",
    "which has length 2",
)
def r5_shard_map_out_specs_too_long():
    return _smap(lambda x: x, P("x"), P("x", None))(jnp.ones(4))


@mistake("shard_map out_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances")
def r5_shard_map_out_specs_string():
    return _smap(lambda x: x, P("x"), "x")(jnp.ones(4))


@mistake(
    "argument arrays with axis sizes that are not evenly divisible by the corresponding mesh axis sizes",
)
def r5_shard_map_in_specs_second_dim_not_divisible():
    return _smap(lambda x: x, P(None, "y"), P(None, "y"), mesh=mesh24)(jnp.ones((2, 6)))


@mistake("jax.lax.psum can only accept axis_name which corresponds to one of varying")
def r5_shard_map_psum_tuple_with_unknown_axis():
    return _smap(lambda x: lax.psum(x, ("x", "z")), P("x"), P())(jnp.ones(4))


@mistake()
def r5_shard_map_pmin_unknown_axis():
    return _smap(lambda x: lax.pmin(x, "z"), P("x"), P())(jnp.ones(4))


@mistake()
def r5_shard_map_pmean_unknown_axis():
    return _smap(lambda x: lax.pmean(x, "batch"), P("x"), P())(jnp.ones(4))


@mistake("axis -3 is out of bounds for array of dimension 2")
def r5_shard_map_all_gather_negative_axis():
    return _smap(lambda x: lax.all_gather(x, "x", axis=-3), P("x"), P())(jnp.ones(4))


@mistake("is out of bounds for array of dimension")
def r5_shard_map_all_to_all_concat_axis_out_of_range():
    f = lambda x: lax.all_to_all(x, "x", 0, 3)  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones((4, 4)))


@mistake("out of range")
def r5_shard_map_psum_scatter_dimension_out_of_range():
    f = lambda x: lax.psum_scatter(x, "x", scatter_dimension=2, tiled=True)  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones((4, 4)))


@mistake("must be integers")
def r5_shard_map_ppermute_float_perm():
    f = lambda x: lax.ppermute(x, "x", [(0.0, 1.0), (1.0, 0.0)])  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(4))


@mistake()
def r5_shard_map_ppermute_unknown_axis():
    f = lambda x: lax.ppermute(x, "z", [(0, 1), (1, 0)])  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(4))


@mistake("Found an unbound axis name: z")
def r5_shard_map_axis_index_of_tuple_unknown():
    return _smap(lambda x: x + lax.axis_index("z"), P("x"), P("x"))(jnp.ones(4))


@mistake("<class 'str'> is not a valid JAX type")
def r5_shard_map_psum_of_string():
    return _smap(lambda x: lax.psum("a", "x"), P("x"), P())(jnp.ones(4))


@mistake("pytree structure error: different types at key path")
def r5_shard_map_returns_fewer_than_out_specs():
    return _smap(lambda x: x, P("x"), (P("x"), P("x"), P("x")))(jnp.ones(4))


@mistake("shard_map requires a callable for its first argument, but got 3")
def r5_shard_map_non_callable():
    return jax.shard_map(3, mesh=mesh2, in_specs=P("x"), out_specs=P("x"))(jnp.ones(4))


@mistake("shard_map() takes from 0 to 1 positional arguments but 4 were given")
def r5_shard_map_mesh_positional():
    return jax.shard_map(lambda x: x, mesh2, P("x"), P("x"))(jnp.ones(4))


@mistake("add got incompatible shapes for broadcasting: (2,), (4,).")
def r5_shard_map_shape_mismatch_in_body_add():
    g = lambda x: x + jnp.ones(4)  # noqa: E731
    return _smap(g, P("x"), P("x"))(jnp.ones(4))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r5_shard_map_fori_loop_carry_varying():
    def body(i, c):
        return c + lax.axis_index("x")

    f = lambda x: x * lax.fori_loop(0, 2, body, 0)  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(4))


@mistake()
def r5_shard_map_scan_over_unknown_axis_psum():
    def step(c, x):
        return c + lax.psum(x, "y"), None

    f = lambda xs: lax.scan(step, 0.0, xs)[0]  # noqa: E731
    return _smap(f, P("x"), P())(jnp.ones(4))


@mistake()
def r5_shard_map_cond_branch_psum_unknown():
    f = lambda x: lax.cond(True, lambda v: lax.psum(v, "z"), lambda v: v, x)  # noqa: E731
    return _smap(f, P("x"), P("x"))(jnp.ones(4))


@mistake("unbound axis name: x")
def r5_psum_scatter_outside_shard_map():
    return jax.jit(lambda x: lax.psum_scatter(x, "x"))(jnp.ones(4))


@mistake("unbound axis name: x")
def r5_all_to_all_outside_shard_map():
    return jax.jit(lambda x: lax.all_to_all(x, "x", 0, 0))(jnp.ones(4))


@mistake("Found an unbound axis name: i")
def r5_pmin_outside_shard_map():
    return jax.jit(lambda x: lax.pmin(x, "i"))(jnp.ones(4))


@mistake("unbound axis name: x")
def r5_axis_size_outside_shard_map():
    return jax.jit(lambda x: x * lax.axis_size("x"))(jnp.ones(4))


@mistake("unbound axis name: i")
def r5_psum_eager_unbound():
    return lax.psum(jnp.ones(3), "i")


@mistake("Found an unbound axis name: j")
def r5_vmap_pmax_other_axis_name():
    return jax.vmap(lambda x: lax.pmax(x, "j"), axis_name="i")(jnp.ones(3))


@mistake(
    "Found an unbound axis name: j. To fix this, please call axis_index under `jax.shard_map`",
)
def r5_vmap_axis_index_unbound():
    return jax.vmap(lambda x: x + lax.axis_index("j"), axis_name="i")(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# jit arguments: static, donated, non-callables (round 5)


class _NoHash:
    def __eq__(self, other):
        return True

    __hash__ = None


@mistake("Non-hashable static arguments are not supported")
def r5_static_arg_unhashable_class():
    return jax.jit(lambda x, o: x, static_argnums=1)(jnp.ones(2), _NoHash())


@mistake("Non-hashable static arguments are not supported")
def r5_static_arg_list_positional():
    return jax.jit(lambda x, s: x.reshape(s), static_argnums=1)(jnp.ones(4), [2, 2])


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_static_arg_tuple_positional():
    return jax.jit(lambda x, s: x.reshape(s), static_argnums=1)(jnp.ones(4), (2, 2)).shape


@mistake("Non-hashable static arguments are not supported")
def r5_static_arg_dict_by_name():
    f = jax.jit(lambda x, cfg: x * cfg["k"], static_argnames="cfg")
    return f(jnp.ones(2), cfg={"k": 2})


@mistake("'float' object is not iterable")
def r5_static_argnums_float():
    return jax.jit(lambda x, n: x * n, static_argnums=1.0)(jnp.ones(2), 2)


@mistake("'int' object is not iterable")
def r5_static_argnames_int():
    return jax.jit(lambda x, n: x * n, static_argnames=1)(jnp.ones(2), 2)


@mistake("missing 1 required positional argument: 'n'")
def r5_static_argnums_missing_at_call():
    return jax.jit(lambda x, n: x * n, static_argnums=1)(jnp.ones(2))


@mistake("Non-hashable static arguments are not supported")
def r5_static_arg_traced_inside_vmap():
    f = jax.jit(lambda x, n: x * n, static_argnums=1)
    return jax.vmap(lambda v: f(v, v))(jnp.ones(2))


@mistake("'float' object is not iterable")
def r5_donate_argnums_float():
    return jax.jit(lambda x: x, donate_argnums=0.0)(jnp.ones(2))


@mistake("'str' object cannot be interpreted as an integer")
def r5_donate_argnums_string():
    return jax.jit(lambda x: x, donate_argnums="x")(jnp.ones(2))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_donate_argnames_and_argnums_same():
    return jax.jit(lambda x: x, donate_argnums=0, donate_argnames="x")(jnp.ones(2))


@mistake("Array has been deleted with shape=float32[4]")
def r5_use_after_donation_by_name():
    x = jnp.ones(4)
    jax.jit(lambda x: x + 1, donate_argnames="x")(x=x)
    return x + 1


@mistake("Array has been deleted with shape=float32[4]")
def r5_use_after_donation_in_tree():
    xs = {"a": jnp.ones(4)}
    jax.jit(lambda t: {"a": t["a"] * 2}, donate_argnums=0)(xs)
    return xs["a"] + 1


@mistake("Expected a callable value, got None")
def r5_jit_of_none():
    return jax.jit(None)


@mistake("Expected a callable value, got [")
def r5_jit_of_list_of_functions():
    return jax.jit([jnp.sin, jnp.cos])


@mistake("Expected a callable value, got")
def r5_jit_of_array():
    return jax.jit(jnp.ones(3))


@mistake("Expected a callable value, got")
def r5_vmap_of_string():
    return jax.vmap("f")


@mistake("Expected a callable value, got None")
def r5_grad_of_none():
    return jax.grad(None)


@mistake("Expected a callable value, got 3")
def r5_value_and_grad_of_int():
    return jax.value_and_grad(3)


@mistake("Expected a callable value, got")
def r5_jacrev_of_string():
    return jax.jacrev("f")


@mistake("Expected a callable value, got [")
def r5_hessian_of_list():
    return jax.hessian([jnp.sin])


@mistake("Expected a callable value, got 3")
def r5_jvp_of_non_callable():
    return jax.jvp(3, (1.0,), (1.0,))


@mistake("Expected a callable value, got")
def r5_vjp_of_non_callable():
    return jax.vjp("f", 1.0)


@mistake("Expected a callable value, got 3")
def r5_eval_shape_of_non_callable():
    return jax.eval_shape(3, jnp.ones(2))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_custom_jvp_of_non_callable():
    return jax.custom_jvp(3)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_custom_vjp_of_non_callable():
    return jax.custom_vjp("f")


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_remat_of_non_callable():
    return jax.remat(None)


@mistake("lax.scan: f argument should be a callable")
def r5_scan_of_non_callable():
    return lax.scan(None, 0.0, jnp.ones(3))


@mistake("lax.while_loop: body_fun and cond_fun arguments should be callable")
def r5_while_loop_cond_not_callable():
    return lax.while_loop(True, lambda c: c + 1, 0)


@mistake("lax.fori_loop: body_fun argument should be callable")
def r5_fori_loop_body_not_callable():
    return lax.fori_loop(0, 3, None, 0)


@mistake("Expected a callable value, got 0")
def r5_jit_decorator_with_static_positional():
    return jax.jit(0)


@mistake("missing 1 required positional argument: 'y'")
def r5_jit_called_with_missing_argument():
    return jax.jit(lambda x, y: x + y)(jnp.ones(2))


@mistake("got an unexpected keyword argument 'z'")
def r5_jit_unknown_keyword_at_call():
    return jax.jit(lambda x: x)(jnp.ones(2), z=1)


@mistake("got an unexpected keyword argument 'static_argnum'")
def r5_jit_unknown_option():
    return jax.jit(lambda x: x, static_argnum=0)


# ---------------------------------------------------------------------------------------------
# vmap, grad, jvp, custom rules (round 5)


@mistake("integer type")
def r5_vmap_axis_size_float():
    return jax.vmap(lambda x: x, in_axes=None, axis_size=2.5)(jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_vmap_in_axes_none_with_axis_size():
    return jax.vmap(lambda x: x * 2, in_axes=None, axis_size=3)(jnp.ones(2)).shape


@mistake("axis 1 is out of bounds for array of dimension 1")
def r5_vmap_out_axes_beyond_rank():
    return jax.vmap(lambda x: x.sum(), out_axes=1)(jnp.ones((3, 2)))


@mistake("axis -3 is out of bounds for array of dimension 2")
def r5_vmap_out_axes_negative_beyond_rank():
    return jax.vmap(lambda x: x, out_axes=-3)(jnp.ones((3, 2)))


@mistake(
    "vmap was requested to map its argument along axis 1, which implies that its rank should be at least 2, but is ",
)
def r5_vmap_in_axes_axis1_of_vector():
    return jax.vmap(lambda x: x, in_axes=1)(jnp.ones(3))


@mistake(
    "vmap in_axes must be an int, None, or (nested) container with those types as leaves, but got (0, '0')",
)
def r5_vmap_in_axes_string_in_tuple():
    return jax.vmap(lambda x, y: x + y, in_axes=(0, "0"))(jnp.ones(3), jnp.ones(3))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r5_vmap_sizes_in_list_argument():
    return jax.vmap(lambda xs: xs[0] + xs[1])([jnp.ones(3), jnp.ones(4)])


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value")
def r5_vmap_in_axes_list_vs_tuple_arg():
    return jax.vmap(lambda t: t[0], in_axes=([0, 0, 0],))((jnp.ones(3), jnp.ones(3)))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value")
def r5_vmap_out_axes_dict_mismatch():
    f = jax.vmap(lambda x: {"a": x, "b": x}, out_axes={"a": 0, "c": 0})
    return f(jnp.ones(3))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r5_vmap_nested_inconsistent():
    return jax.vmap(jax.vmap(lambda a, b: a + b))(jnp.ones((2, 3)), jnp.ones((2, 4)))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_vmap_spmd_axis_name_unknown():
    f = jax.vmap(lambda x: x * 2, spmd_axis_name="z")
    return jax.jit(f)(jnp.ones(4))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be at least 1, but is ",
)
def r5_vmap_mapped_python_list_of_scalars():
    return jax.vmap(lambda x: x)([1.0, 2.0])


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r5_vmap_if_on_mapped_value():
    return jax.vmap(lambda x: x if x > 0 else -x)(jnp.ones(3))


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got bool.",
)
def r5_grad_of_bool_output():
    return jax.grad(lambda x: x > 0)(1.0)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but got int32.",
)
def r5_grad_python_int_argument():
    return jax.grad(lambda x: x * 2.0)(3)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_grad_argnums_negative():
    return jax.grad(lambda x, y: x * y, argnums=-1)(2.0, 3.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_grad_argnums_list():
    return jax.grad(lambda x, y: x * y, argnums=[0, 1])(2.0, 3.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_grad_of_none_argument():
    return jax.grad(lambda x, y: x * 2.0)(1.0, None)


@mistake("<class 'str'>", "is not a valid JAX type")
def r5_grad_of_string_output():
    return jax.grad(lambda x: "loss")(1.0)


@mistake("Gradient only defined for scalar-output functions.")
def r5_grad_of_dict_output():
    return jax.grad(lambda x: {"loss": x * 2})(1.0)


@mistake("expected function with aux output to return a two-element tuple")
def r5_grad_has_aux_returns_scalar():
    return jax.grad(lambda x: x * 2, has_aux=True)(1.0)


@mistake("grad with holomorphic=True requires outputs with complex dtype, but got float32.")
def r5_grad_holomorphic_real_output():
    return jax.grad(lambda z: jnp.abs(z), holomorphic=True)(1.0 + 1j)


@mistake("jacfwd with holomorphic=True requires inputs with complex dtype, but got float32.")
def r5_jacfwd_holomorphic_real_input():
    return jax.jacfwd(lambda z: z * 2, holomorphic=True)(jnp.ones(2))


@mistake("jacrev with holomorphic=True requires inputs with complex dtype, but got float32.")
def r5_jacrev_holomorphic_real_input():
    return jax.jacrev(lambda z: z * 2, holomorphic=True)(jnp.ones(2))


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but got complex64.",
)
def r5_jacfwd_complex_input_not_holomorphic():
    return jax.jacfwd(lambda z: z * 2)(jnp.ones(2, jnp.complex64))


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but got int32.",
)
def r5_hessian_of_int_input():
    return jax.hessian(lambda x: (x**2).sum())(jnp.arange(3))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but got int32.",
)
def r5_value_and_grad_int_input():
    return jax.value_and_grad(lambda x: x * 2)(1)


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got complex64.",
)
def r5_value_and_grad_complex_output():
    return jax.value_and_grad(lambda x: x * 1j)(1.0)


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r5_grad_of_vector_after_jit():
    return jax.grad(jax.jit(lambda x: x * 2))(jnp.ones(2))


@mistake(
    "primal and tangent arguments to jax.jvp must have the same tree structure; primals have tree structure PyTreeD",
)
def r5_jvp_unequal_lengths():
    return jax.jvp(lambda x, y: x * y, (1.0, 2.0), (1.0,))


@mistake("jvp called with different primal and tangent shapes", "(1, 3)")
def r5_jvp_tangent_rank():
    return jax.jvp(jnp.sin, (jnp.ones(3),), (jnp.ones((1, 3)),))


@mistake(
    "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in case of int/bool primal dtyp",
)
def r5_jvp_tangent_float16_for_float32():
    return jax.jvp(jnp.sin, (jnp.ones(3),), (jnp.ones(3, jnp.float16),))


@mistake(
    "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in case of int/bool primal dtyp",
)
def r5_jvp_tangent_complex_for_real():
    return jax.jvp(jnp.sin, (jnp.ones(3),), (jnp.ones(3, jnp.complex64),))


@mistake(
    "primal and tangent arguments to jax.jvp must have the same tree structure; primals have tree structure PyTreeD",
)
def r5_jvp_tangent_none():
    return jax.jvp(jnp.sin, (jnp.ones(3),), (None,))


@mistake(
    "primal and tangent arguments to jax.jvp must have the same tree structure; primals have tree structure PyTreeD",
)
def r5_jvp_tangent_dict_vs_tuple():
    f = lambda p: p["a"] * 2  # noqa: E731
    return jax.jvp(f, ({"a": jnp.ones(2)},), ((jnp.ones(2),),))


@mistake(
    "linearized function called on tangent values inconsistent with the original primal values",
)
def r5_linearize_tangent_shape():
    _, f_jvp = jax.linearize(jnp.sin, jnp.ones(3))
    return f_jvp(jnp.ones(4))


@mistake("must be called with a single argument")
def r5_vjp_two_cotangents_for_one_output():
    _, f_vjp = jax.vjp(jnp.sin, jnp.ones(3))
    return f_vjp(jnp.ones(3), jnp.ones(3))


@mistake(
    "unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got int32[3], but expected float32[3] bec",
)
def r5_vjp_cotangent_int_for_float():
    _, f_vjp = jax.vjp(jnp.sin, jnp.ones(3))
    return f_vjp(jnp.ones(3, jnp.int32))


@mistake(
    "unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float32[], but expected float32[3] be",
)
def r5_vjp_cotangent_scalar_for_vector():
    _, f_vjp = jax.vjp(jnp.sin, jnp.ones(3))
    return f_vjp(1.0)


@mistake("unexpected tree structure")
def r5_vjp_cotangent_dict_keys():
    _, f_vjp = jax.vjp(lambda x: {"a": x}, jnp.ones(3))
    return f_vjp({"b": jnp.ones(3)})


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_custom_vjp_bwd_list_not_tuple():
    @jax.custom_vjp
    def f(x):
        return x * 2

    f.defvjp(lambda x: (f(x), None), lambda r, g: [g * 2])
    return jax.grad(f)(1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_custom_vjp_bwd_wrong_dtype():
    @jax.custom_vjp
    def f(x):
        return x * 2

    f.defvjp(lambda x: (f(x), None), lambda r, g: (jnp.int32(1),))
    return jax.grad(f)(1.0)


@mistake("custom_vjp.defvjp() missing 1 required positional argument: 'bwd'")
def r5_custom_vjp_defvjp_missing_bwd():
    @jax.custom_vjp
    def f(x):
        return x * 2

    f.defvjp(lambda x: (f(x), None))


@mistake()
def r5_custom_vjp_fwd_output_shape_differs():
    @jax.custom_vjp
    def f(x):
        return x * 2

    f.defvjp(lambda x: (jnp.ones(5), None), lambda r, g: (g,))
    return jax.grad(lambda x: f(x).sum())(jnp.ones(3))


@mistake(
    "Custom VJP bwd rule must produce an output with the same type as the args tuple of the primal function, but at",
)
def r5_custom_vjp_bwd_cotangent_for_two_args_rank():
    @jax.custom_vjp
    def f(x, y):
        return x * y

    f.defvjp(lambda x, y: (f(x, y), (x, y)), lambda r, g: (g, g.sum()))
    return jax.grad(lambda x, y: f(x, y).sum(), argnums=1)(jnp.ones(3), jnp.ones(3))


@mistake("could not be resolved to positional-only arguments")
def r5_custom_vjp_called_with_kwarg_nondiff():
    @jax.custom_vjp
    def f(x):
        return x * 2

    f.defvjp(lambda x: (f(x), None), lambda r, g: (g * 2,))
    return f(y=1.0)


@mistake("the first argument must be callable")
def r5_custom_jvp_defjvp_not_callable():
    @jax.custom_jvp
    def f(x):
        return x * 2

    f.defjvp(3)
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("Custom JVP rule")
def r5_custom_jvp_rule_returns_three():
    @jax.custom_jvp
    def f(x):
        return x * 2

    f.defjvp(lambda p, t: (f(*p), t[0], t[0]))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake()
def r5_custom_jvp_primal_out_dtype_differs():
    @jax.custom_jvp
    def f(x):
        return x * 2

    f.defjvp(lambda p, t: (jnp.int32(2), t[0]))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes.",
)
def r5_custom_jvp_tangent_rank_differs():
    @jax.custom_jvp
    def f(x):
        return x * 2

    f.defjvp(lambda p, t: (f(*p), t[0][None]))
    return jax.jvp(f, (jnp.ones(3),), (jnp.ones(3),))


@mistake("takes 1 positional argument but 2 were given")
def r5_custom_jvp_rule_wrong_arity():
    @jax.custom_jvp
    def f(x):
        return x * 2

    f.defjvp(lambda p: (f(*p), p[0]))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("out of range")
def r5_custom_jvp_nondiff_argnums_out_of_range():
    f = jax.custom_jvp(lambda x: x * 2, nondiff_argnums=(2,))
    f.defjvp(lambda p, t: (p[0] * 2, t[0] * 2))
    return f(1.0)


# ---------------------------------------------------------------------------------------------
# Control-flow carries and branches (round 5)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_scan_carry_weak_to_strong_dtype():
    return lax.scan(lambda c, x: (c + x.astype(jnp.int32), None), 0.0, jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they differ:",
)
def r5_scan_carry_tuple_to_list():
    return lax.scan(lambda c, x: ([c[0] + x, c[1]], None), (0.0, 0.0), jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they differ:",
)
def r5_scan_carry_gains_leaf():
    return lax.scan(lambda c, x: ((c, x), None), 0.0, jnp.ones(3))


@mistake("scan body output must be a pair, got")
def r5_scan_body_returns_three():
    return lax.scan(lambda c, x: (c, x, x), 0.0, jnp.ones(3))


@mistake("scan body output must be a pair, got")
def r5_scan_body_returns_carry_only():
    return lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_scan_length_float():
    return lax.scan(lambda c, _: (c + 1, None), 0, None, length=3.0)


@mistake()
def r5_scan_xs_scalar():
    return lax.scan(lambda c, x: (c + x, None), 0.0, jnp.float32(1.0))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r5_scan_carry_rank_grows():
    return lax.scan(lambda c, x: (jnp.stack([c, x]), None), 0.0, jnp.ones(3))


@mistake("mul got incompatible shapes for broadcasting: (2,), (4,).")
def r5_scan_in_jit_carry_shape():
    f = lambda xs: lax.scan(lambda c, x: (c * x, None), jnp.ones(2), xs)  # noqa: E731
    return jax.jit(f)(jnp.ones((3, 4)))


@mistake("cond branches must have equal output types but they differ")
def r5_cond_branch_shape_in_jit():
    f = lambda p, x: lax.cond(p, lambda v: v, lambda v: v[:2], x)  # noqa: E731
    return jax.jit(f)(True, jnp.ones(3))


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r5_cond_branch_tuple_vs_array():
    return lax.cond(True, lambda x: (x, x), lambda x: x, 1.0)


@mistake("cond branches must have equal output types but they differ")
def r5_cond_branch_int_vs_float():
    return lax.cond(True, lambda x: jnp.int32(1), lambda x: jnp.float32(1.0), 1.0)


@mistake("Pred must be a scalar, got")
def r5_cond_predicate_array_of_two():
    return lax.cond(jnp.array([True, False]), lambda: 1.0, lambda: 2.0)


@mistake("cond predicate is None")
def r5_cond_predicate_none():
    return lax.cond(None, lambda: 1.0, lambda: 2.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_cond_predicate_int_array():
    return lax.cond(jnp.int32(1), lambda: 1.0, lambda: 2.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_cond_old_five_argument_form():
    return lax.cond(True, 1.0, lambda x: x, 2.0, lambda x: x)


@mistake("cond() missing 1 required positional argument: 'false_fun'")
def r5_cond_one_branch():
    return lax.cond(True, lambda: 1.0)


@mistake("Index type must be an integer")
def r5_switch_index_string():
    return lax.switch("0", [lambda: 1.0, lambda: 2.0])


@mistake("lax.switch: branches argument should be a sequence of callables.")
def r5_switch_branches_dict():
    return lax.switch(0, {"a": lambda: 1.0})


@mistake("switch branches must have equal output types but they differ")
def r5_switch_branch_shapes_in_jit():
    f = lambda i: lax.switch(i, [lambda: jnp.ones(2), lambda: jnp.ones(3)])  # noqa: E731
    return jax.jit(f)(0)


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure, but they differ:",
)
def r5_while_body_returns_tuple_of_other_length():
    return lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1,), (0, 0))


@mistake(
    "while_loop body function carry input and carry output must have equal types, but they differ:",
)
def r5_while_body_changes_shape_in_jit():
    f = lambda x: lax.while_loop(lambda c: c.sum() < 3, lambda c: jnp.append(c, 1.0), x)  # noqa: E731
    return jax.jit(f)(jnp.ones(1))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r5_while_cond_returns_vector():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 1, jnp.zeros(2))


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure, but they differ:",
)
def r5_while_init_python_list():
    return lax.while_loop(lambda c: c[0] < 3, lambda c: (c[0] + 1, c[1]), [0, 0])


@mistake("lower and upper arguments to fori_loop must have equal types, got int32 and float32")
def r5_fori_loop_upper_float_array():
    return lax.fori_loop(0, jnp.float32(3), lambda i, c: c + i, 0)


@mistake()
def r5_fori_loop_lower_string():
    return lax.fori_loop("0", 3, lambda i, c: c + i, 0)


@mistake("takes 1 positional argument but 2 were given")
def r5_fori_loop_body_one_argument():
    return lax.fori_loop(0, 3, lambda c: c + 1, 0)


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they differ:",
)
def r5_fori_loop_carry_structure_changes():
    return lax.fori_loop(0, 3, lambda i, c: (c, i), 0)


@mistake("must return a boolean scalar")
def r5_fori_loop_vector_bounds():
    return lax.fori_loop(jnp.zeros(2, jnp.int32), 3, lambda i, c: c + 1, 0)


@mistake("scan got no values to scan over and `length` not provided")
def r5_map_body_changes_nothing_but_xs_empty_tuple():
    return lax.map(lambda x: x, ())


@mistake("lax.associative_scan: fn argument should be callable.")
def r5_associative_scan_not_callable():
    return lax.associative_scan(None, jnp.ones(4))


@mistake("tuple index out of range")
def r5_associative_scan_output_shape_changes():
    return lax.associative_scan(lambda a, b: (a + b).sum(), jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# Keys (round 5)


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != ()",
)
def r5_random_normal_batch_of_typed_keys():
    return random.normal(random.split(random.key(0)), (3,))


@mistake(
    "normal accepts a single key, but was given a key array of shape (2, 2) != ()",
)
def r5_random_normal_batch_of_raw_keys():
    return random.normal(random.split(random.PRNGKey(0)), (3,))


@mistake(
    "uniform accepts a single key, but was given a key array of shape (4,) != ()",
)
def r5_random_uniform_typed_key_batch():
    return random.uniform(random.split(random.key(0), 4), ())


@mistake()
def r5_random_prng_key_string_seed():
    return random.PRNGKey("0")


@mistake("None is not a valid value for jnp.array")
def r5_random_key_none_seed():
    return random.key(None)


@mistake("unexpected PRNG key type")
def r5_random_split_none():
    return random.split(None)


@mistake("unexpected PRNG key type")
def r5_random_normal_none_key():
    return random.normal(None, (3,))


@mistake("missing 1 required positional argument: 'maxval'")
def r5_random_randint_missing_maxval():
    return random.randint(random.key(0), (3,), 0)


@mistake()
def r5_random_key_seed_too_big():
    return random.key(2**70)


@mistake("Only integer scalar arrays can be converted to a scalar index")
def r5_random_split_num_float_array():
    return random.split(random.key(0), jnp.float32(2))


@mistake("invalid literal for int()")
def r5_random_fold_in_string():
    return random.fold_in(random.key(0), "step")


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32",
)
def r5_random_uint32_key_of_float():
    return random.normal(jnp.zeros(2, jnp.float32), (3,))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=int32",
)
def r5_random_uint32_key_int32_dtype():
    return random.normal(jnp.zeros(2, jnp.int32), (3,))


@mistake("JAX encountered invalid PRNG key data")
def r5_random_key_data_of_int():
    return random.key_data(3)


@mistake("expected key_data.dtype = uint32")
def r5_random_wrap_key_data_of_typed_key_batch():
    return random.wrap_key_data(random.split(random.key(0)))


@mistake("does not accept dtypes key<fry>, int32")
def r5_random_typed_key_times_two():
    return random.key(0) * 2


@mistake("add does not accept dtypes key<fry>, int32")
def r5_random_typed_key_in_jnp_add():
    return jnp.add(random.key(0), 1)


@mistake("cannot be converted to a NumPy array")
def r5_random_typed_key_to_numpy():
    return np.asarray(random.key(0))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_random_choice_of_float():
    return random.choice(random.key(0), 5.0)


@mistake("random.choice must be a sequence, got 3")
def r5_random_choice_shape_int():
    return random.choice(random.key(0), 5, shape=3)


@mistake("axis 3 is out of bounds for array of dimension 2")
def r5_random_permutation_independent_of_scalar():
    return random.permutation(random.key(0), jnp.ones((2, 2)), independent=True, axis=3)


@mistake("Incompatible shapes for broadcasting")
def r5_random_categorical_shape_too_short():
    return random.categorical(random.key(0), jnp.ones((4, 3)), shape=(2,))


@mistake()
def r5_random_uniform_minval_bigger_shape():
    return random.uniform(random.key(0), (2,), minval=jnp.zeros((3, 2)))


@mistake("dtype argument to `gamma` must be a float dtype, got int32")
def r5_random_gamma_int_dtype():
    return random.gamma(random.key(0), 1.0, dtype=jnp.int32)


@mistake(
    "bernoulli parameter shapes must be broadcast-compatible with shape argument, and the result of broadcasting th",
)
def r5_random_bernoulli_p_matrix_vs_vector_shape():
    return random.bernoulli(random.key(0), jnp.full((2, 4), 0.5), shape=(4,))


@mistake()
def r5_random_split_in_jit_traced_num():
    return jax.jit(lambda k, n: random.split(k, n))(random.key(0), 2)


@mistake("Incompatible shapes for broadcasting")
def r5_random_randint_maxval_array_shape():
    return random.randint(random.key(0), (2,), 0, jnp.array([3, 4, 5]))


@mistake("PRNGKey accepts a scalar seed, but was given an array of shape (2, 2) != ()")
def r5_random_key_of_2d_seed():
    return random.PRNGKey(jnp.zeros((2, 2), jnp.int32))


# ---------------------------------------------------------------------------------------------
# jnp shapes (round 5)


@mistake("cannot reshape array of shape (10,) (size 10) into shape (2, -1, 3)")
def r5_reshape_with_minus_one_not_dividing_3d():
    return jnp.ones(10).reshape(2, -1, 3)


@mistake("cannot reshape array of shape (5,) (size 5) into shape (2, 3) (size 6)")
def r5_reshape_tuple_method_size():
    return jnp.ones(5).reshape((2, 3))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.0, 3)")
def r5_reshape_float_dim():
    return jnp.ones(6).reshape(2.0, 3)


@mistake("axis -3 is out of bounds for array of dimension 2")
def r5_concatenate_negative_axis_out_of_range():
    return jnp.concatenate([jnp.ones((2, 3)), jnp.ones((2, 3))], axis=-3)


@mistake(
    "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated: concate",
)
def r5_hstack_shapes():
    return jnp.hstack([jnp.ones((2, 3)), jnp.ones((3, 3))])


@mistake(
    "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated: concate",
)
def r5_column_stack_lengths():
    return jnp.column_stack([jnp.ones(3), jnp.ones(4)])


@mistake(
    "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated: concate",
)
def r5_dstack_shapes():
    return jnp.dstack([jnp.ones((2, 3)), jnp.ones((2, 4))])


@mistake("Zero-dimensional arrays cannot be concatenated.")
def r5_concatenate_scalars():
    return jnp.concatenate([jnp.float32(1.0), jnp.float32(2.0)])


@mistake("shape must have every element be nonnegative, got (-1, 3)")
def r5_broadcast_to_negative_dim():
    return jnp.broadcast_to(jnp.ones(3), (-1, 3))


@mistake("Incompatible shapes for broadcasting: shapes=[(2, 3), (4, 3)]")
def r5_broadcast_shapes_incompatible():
    return jnp.broadcast_shapes((2, 3), (4, 3))



@mistake("Number of einsum subscripts, 1, must be equal to the number of operands, 2")
def r5_einsum_more_operands_than_subscripts():
    return jnp.einsum("ij->ji", jnp.ones((2, 2)), jnp.ones((2, 2)))


@mistake("Size of label 'j' for operand 1")
def r5_einsum_output_label_twice_missing_arrow():
    return jnp.einsum("ij,jk", jnp.ones((2, 3)), jnp.ones((4, 2)))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r5_tensordot_axes_out_of_range():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((3, 2)), axes=([2], [0]))


@mistake("Number of tensordot axes (axes 3) exceeds input ranks ((2, 3) and (3, 2))")
def r5_tensordot_axes_int_too_big():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((3, 2)), axes=3)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,)")
def r5_matmul_vector_matrix_mismatch():
    return jnp.ones(3) @ jnp.ones((4, 2))


@mistake("Incompatible types for matmul arguments: float32[2,3,4] and float32[3,4,5]")
def r5_matmul_in_jit_batch_broadcast():
    return jax.jit(jnp.matmul)(jnp.ones((2, 3, 4)), jnp.ones((3, 4, 5)))


@mistake("x must be at least two-dimensional for matrix_transpose; got ndim=1")
def r5_matrix_transpose_of_vector():
    return jnp.matrix_transpose(jnp.ones(3))


@mistake()
def r5_split_axis_out_of_range():
    return jnp.split(jnp.ones((4, 4)), 2, axis=2)


@mistake("integer division or modulo by zero")
def r5_array_split_zero_sections():
    return jnp.array_split(jnp.ones(4), 0)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r5_repeat_axis_out_of_range():
    return jnp.repeat(jnp.ones((2, 2)), 2, axis=2)


@mistake("is out of bounds for")
def r5_delete_index_out_of_range():
    return jnp.delete(jnp.ones(3), 5)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_insert_index_out_of_range():
    return jnp.insert(jnp.ones(3), 5, 1.0)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_ravel_multi_index_lengths():
    return jnp.ravel_multi_index((jnp.array([0, 1]), jnp.array([0])), (2, 2))


@mistake("axis1 and axis2 can not be same")
def r5_trace_same_axes():
    return jnp.trace(jnp.ones((3, 3)), axis1=0, axis2=0)


@mistake("Argument to _det() must have shape [..., n, n], got (3,)")
def r5_det_of_vector():
    return jnp.linalg.det(jnp.ones(3))


@mistake("Argument to inv must have shape [..., n, n], got (3,).")
def r5_inv_of_vector():
    return jnp.linalg.inv(jnp.ones(3))


@mistake("inconsistent size for core dimension 'm': 4 vs 3")
def r5_solve_vector_length():
    return jnp.linalg.solve(jnp.eye(3), jnp.ones(4))


@mistake("Shape of weights must be consistent with shape of a along specified axis")
def r5_average_weights_shape():
    return jnp.average(jnp.ones((2, 3)), axis=1, weights=jnp.ones(2))


@mistake("m has more than 2 dimensions")
def r5_cov_of_3d():
    return jnp.cov(jnp.ones((2, 2, 2)))


@mistake("correlate() only support 1-dimensional inputs.")
def r5_correlate_of_2d():
    return jnp.correlate(jnp.ones((2, 2)), jnp.ones(2))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (2,)")
def r5_outer_then_dot_mismatch():
    return jnp.dot(jnp.outer(jnp.ones(2), jnp.ones(3)), jnp.ones(2))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r5_linalg_norm_axis_out_of_range():
    return jnp.linalg.norm(jnp.ones((2, 2)), axis=2)


@mistake("pad_width with nd=1 has unsupported shape (2, 2)")
def r5_pad_width_too_many():
    return jnp.pad(jnp.ones(3), ((1, 1), (1, 1)))


@mistake("all elements of `new_shape` must be non-negative")
def r5_resize_negative():
    return jnp.resize(jnp.ones(3), (-2,))


# ---------------------------------------------------------------------------------------------
# Dtypes (round 5)


@mistake("not does not accept dtype float32. Accepted dtypes are subtypes of integer, bool")
def r5_invert_float():
    return ~jnp.ones(3)


@mistake("not does not accept dtype float32. Accepted dtypes are subtypes of integer, bool")
def r5_bitwise_not_float():
    return jnp.bitwise_not(jnp.ones(3))


@mistake("xor does not accept dtype float32 at position 0")
def r5_xor_operator_float():
    return jnp.ones(3) ^ 1.5


@mistake("and does not accept dtype float32 at position 0")
def r5_and_operator_floats():
    return jnp.ones(3) & jnp.ones(3)


@mistake("or does not accept dtype float32 at position 0")
def r5_or_operator_float_and_int():
    return jnp.ones(3) | jnp.ones(3, jnp.int32)


@mistake("shift_right_arithmetic does not accept dtype float32 at position 0.")
def r5_right_shift_float():
    return jnp.right_shift(jnp.ones(3), 1)


@mistake("shift_right_arithmetic does not accept dtype float32 at position 0.")
def r5_rshift_operator_float():
    return jnp.ones(3) >> 1


@mistake("Arguments to jax.numpy.gcd must be integers.")
def r5_gcd_floats():
    return jnp.gcd(jnp.ones(3), jnp.ones(3))


@mistake("Arguments to jax.numpy.lcm must be integers.")
def r5_lcm_floats():
    return jnp.lcm(jnp.ones(3), 2)


@mistake("floor_divide does not support complex-valued inputs")
def r5_floor_divide_complex():
    return jnp.floor_divide(jnp.ones(3, jnp.complex64), 2)


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_arctan2_complex():
    return jnp.arctan2(jnp.ones(3, jnp.complex64), 1.0)


@mistake("data type 'flaot32' not understood")
def r5_dtype_typo_string():
    return jnp.zeros(3, dtype="flaot32")


@mistake("JAX only supports number, bool, and string dtypes, got dtype float128")
def r5_dtype_float128():
    return jnp.zeros(3, dtype="float128")


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'object'> in zeros")
def r5_dtype_python_object():
    return jnp.zeros(3, dtype=object)


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'str'>")
def r5_astype_string_dtype():
    return jnp.ones(3).astype(str)


@mistake("not does not accept dtype float32. Accepted dtypes are subtypes of integer, bool")
def r5_lax_not_float():
    return lax.bitwise_not(jnp.ones(3))


@mistake("and does not accept dtype float32 at position 0")
def r5_lax_and_float():
    return lax.bitwise_and(jnp.ones(3), jnp.ones(3))


@mistake("clz does not accept dtype float32. Accepted dtypes are subtypes of integer")
def r5_lax_clz_float():
    return lax.clz(jnp.ones(3))


@mistake("frexp does not support complex-valued inputs")
def r5_frexp_complex():
    return jnp.frexp(jnp.ones(3, jnp.complex64))


@mistake("ldexp not supported for input types (dtype('float32'), dtype('float32'))")
def r5_ldexp_float_exponent():
    return jnp.ldexp(jnp.ones(3), jnp.ones(3))


@mistake("nextafter does not accept dtype complex64 at position 0")
def r5_nextafter_complex():
    return jnp.nextafter(jnp.ones(3, jnp.complex64), 1.0)


@mistake("jax.numpy.signbit is not well defined for complex64")
def r5_signbit_complex():
    return jnp.signbit(jnp.ones(3, jnp.complex64))


@mistake("Invalid integer data type 'b'.")
def r5_iinfo_of_bool():
    return jnp.iinfo(jnp.bool_)


@mistake("data type <class 'numpy.int64'> not inexact")
def r5_finfo_of_string():
    return jnp.finfo("int")


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'str'>")
def r5_lax_convert_to_python_str():
    return lax.convert_element_type(jnp.ones(3), str)


@mistake("lt does not accept dtype complex64 at position 0")
def r5_heaviside_complex():
    return jnp.heaviside(jnp.ones(3, jnp.complex64), 0.5)


@mistake("problematic value is of type <class 'str'>")
def r5_isnan_of_string():
    return jnp.isnan("nan")


@mistake("lax.add requires arguments to have the same dtypes, got int32, float32.")
def r5_lax_add_int_and_float_arrays():
    return lax.add(jnp.ones(3, jnp.int32), 1.5)


# ---------------------------------------------------------------------------------------------
# Trees (round 5)


@mistake("'list' object has no attribute 'unflatten'")
def r5_tree_unflatten_arguments_swapped():
    leaves, treedef = jax.tree_util.tree_flatten((1, 2))
    return jax.tree_util.tree_unflatten(leaves, treedef)


@mistake("'tuple' object is not callable")
def r5_tree_map_arguments_swapped():
    return jax.tree.map((1, 2), lambda x: x)


@mistake("pytree structure error: different lengths of tuple at key path")
def r5_tree_map_nested_extra_leaf():
    return jax.tree.map(lambda a, b: a + b, (1, (2, 3)), (1, (2, 3, 4)))


@mistake("'NoneType' object is not callable")
def r5_tree_map_none_function():
    return jax.tree.map(None, (1, 2))


@mistake("the first argument must be callable")
def r5_tree_partial_of_non_callable():
    return jax.tree_util.Partial(3)


@mistake(
    "The to_iterable function for a custom PyTree node should return a (children, aux_data) tuple, got ((1.0,), Non",
)
def r5_tree_flatten_func_returns_three():
    class Box:
        def __init__(self, v):
            self.v = v

    jax.tree_util.register_pytree_node(Box, lambda b: ((b.v,), None, 1), lambda a, c: Box(*c))
    return jax.tree.leaves(Box(1.0))


@mistake("Too many leaves for PyTreeDef; expected 2")
def r5_tree_unflatten_returns_wrong_leaf_count():
    leaves, treedef = jax.tree.flatten({"a": 1, "b": 2})
    return jax.tree.unflatten(treedef, [1, 2, 3])


@mistake("pytree structure error: different types at key path")
def r5_tree_map_dict_vs_namedtuple():
    import collections

    Pair = collections.namedtuple("Pair", "a b")
    return jax.tree.map(lambda x, y: x + y, {"a": 1, "b": 2}, Pair(1, 2))


@mistake("'PyTreeDef' object is not subscriptable")
def r5_tree_leaves_then_index_treedef():
    return jax.tree.structure((1, 2))[0]


@mistake("Mismatch")
def r5_tree_transpose_of_wrong_outer():
    outer = jax.tree.structure((0, 0, 0))
    inner = jax.tree.structure([0, 0])
    return jax.tree.transpose(outer, inner, ([1, 2], [3, 4]))


@mistake("<class 'str'>", "which is not a valid JAX type")
def r5_jit_returns_tree_with_string_leaf():
    return jax.jit(lambda x: {"loss": x, "name": "mse"})(jnp.ones(2))


@mistake("<class 'str'> is not a valid JAX type")
def r5_grad_of_tree_with_string_leaf():
    return jax.grad(lambda p: p["w"] * 2.0)({"w": 1.0, "name": "layer"})


# ---------------------------------------------------------------------------------------------
# Indexing, .at[] and mutation (round 5)


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r5_index_tuple_with_float():
    return jnp.ones((2, 2))[0, 1.0]


@mistake("Indexer must have integer or boolean type, got indexer with type float32")
def r5_index_float_array_scalar():
    return jnp.ones(3)[jnp.array(1.0)]


@mistake(
    "Using a non-tuple sequence for multidimensional indexing is not allowed; use `arr[array(seq)]` instead of `arr",
)
def r5_index_list_of_floats():
    return jnp.ones(3)[[0.0, 1.0]]


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_index_second_axis_out_of_range():
    return jnp.ones((2, 3))[:, 3]


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_index_after_newaxis_out_of_range():
    return jnp.ones(3)[None, 5]


@mistake(
    "only integers, slices (`:`), ellipsis (`...`), newaxis (`None`) and integer or boolean arrays are valid indices",
)
def r5_index_set():
    return jnp.ones(3)[{0}]


@mistake(
    "only integers, slices (`:`), ellipsis (`...`), newaxis (`None`) and integer or boolean arrays are valid indices",
)
def r5_index_with_object():
    return jnp.ones(3)[object()]


@mistake("cannot be interpreted as an integer")
def r5_slice_float_step():
    return jnp.ones(6)[::0.5]


@mistake("cannot be interpreted as an integer")
def r5_slice_float_start():
    return jnp.ones(6)[0.5:2]


@mistake("boolean index did not match shape of indexed array in index 0: got (2,), expected [3]")
def r5_boolean_mask_wrong_length_eager():
    return jnp.ones(3)[jnp.array([True, False])]


@mistake("Array boolean indices must be concrete; got bool[3]")
def r5_boolean_mask_in_jit_from_comparison():
    return jax.jit(lambda x: x[x > 0].sum())(jnp.ones(3))


@mistake("Array boolean indices must be concrete; got bool[3]")
def r5_boolean_mask_augmented_assign_in_jit():
    return jax.jit(lambda x: x.at[x > 0].get())(jnp.ones(3))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r5_at_float_index_set():
    return jnp.ones(3).at[1.5].set(0.0)


@mistake("_IndexUpdateRef.set() missing 1 required positional argument: 'values'")
def r5_at_set_no_value():
    return jnp.ones(3).at[0].set()


@mistake("'float' object is not callable")
def r5_at_apply_non_callable():
    return jnp.ones(3).at[0].apply(2.0)


@mistake("Incompatible types for broadcasting")
def r5_at_mul_wrong_shape():
    return jnp.ones((2, 3)).at[0].mul(jnp.ones(2))


@mistake("Too many indices: array is 1-dimensional, but 2 were indexed")
def r5_at_set_too_many_indices():
    return jnp.ones(3).at[0, 0].set(1.0)


@mistake("object is not callable")
def r5_at_called_like_method():
    return jnp.ones(3).at(0).set(1.0)


@mistake("index arguments to dynamic_slice must be integers of the same type")
def r5_dynamic_slice_float_start():
    return lax.dynamic_slice(jnp.ones(4), (1.0,), (2,))


@mistake("index arguments to dynamic_update_slice must be integers of the same type")
def r5_dynamic_update_slice_float_start():
    return lax.dynamic_update_slice(jnp.ones(4), jnp.ones(2), (1.5,))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.0,)")
def r5_dynamic_slice_size_float():
    return lax.dynamic_slice(jnp.ones(4), (1,), (2.0,))


@mistake("property 'shape' of 'ArrayImpl' object has no setter")
def r5_array_shape_assignment():
    x = jnp.ones(4)
    x.shape = (2, 2)


@mistake("property 'dtype' of 'ArrayImpl' object has no setter")
def r5_array_dtype_assignment():
    x = jnp.ones(4)
    x.dtype = jnp.int32


@mistake("__delitem__")
def r5_array_del_item():
    x = jnp.ones(4)
    del x[0]


@mistake("has no attribute 'fill'")
def r5_array_fill():
    return jnp.ones(4).fill(0.0)


@mistake("arrays are immutable and do not support in-place item assignment")
def r5_array_slice_assignment():
    x = jnp.ones(4)
    x[1:3] = 0.0


@mistake("arrays are immutable and do not support in-place item assignment")
def r5_array_mask_assignment_in_jit():
    def f(x):
        x[x > 0] = 0.0
        return x

    return jax.jit(f)(jnp.ones(4))


@mistake("assignment destination is read-only")
def r5_numpy_view_of_array_written():
    v = np.asarray(jnp.ones(4))
    v[0] = 2.0


@mistake("first operand must be array")
def r5_numpy_add_at_on_jax_array():
    return np.add.at(jnp.ones(4), [0], 1.0)


@mistake("copyto() argument 1 must be a numpy.ndarray, not")
def r5_numpy_copyto_jax_array():
    return np.copyto(jnp.ones(4), np.zeros(4))


# ---------------------------------------------------------------------------------------------
# Leaked tracers (round 5)


@mistake(
    "Encountered an unexpected tracer",
)
def r5_leaked_tracer_from_while_loop():
    seen = []

    def body(c):
        seen.append(c)
        return c + 1

    lax.while_loop(lambda c: c < 3, body, 0)
    return seen[0] + 1


@mistake(
    "Encountered an unexpected tracer",
)
def r5_leaked_tracer_from_cond():
    seen = []

    def branch(x):
        seen.append(x)
        return x

    lax.cond(True, branch, branch, jnp.ones(2))
    return seen[0] + 1


@mistake(
    "Encountered an unexpected tracer",
)
def r5_leaked_tracer_via_attribute():
    class Model:
        def step(self, x):
            self.last = x
            return x * 2

    m = Model()
    jax.jit(m.step)(jnp.ones(2))
    return m.last + 1


@mistake(
    "Encountered an unexpected tracer",
)
def r5_leaked_tracer_into_other_jit():
    saved = {}

    @jax.jit
    def f(x):
        saved["x"] = x
        return x

    f(jnp.ones(2))
    return jax.jit(lambda y: y + saved["x"])(jnp.ones(2))


@mistake(
    "Encountered an unexpected tracer",
)
def r5_leaked_tracer_from_custom_jvp():
    seen = []

    @jax.custom_jvp
    def f(x):
        seen.append(x)
        return x

    f.defjvp(lambda p, t: (f(*p), t[0]))
    jax.jit(f)(1.0)
    return seen[-1] * 2


@mistake(
    "Encountered an unexpected tracer",
)
def r5_leaked_tracer_from_fori_loop():
    seen = []

    def body(i, c):
        seen.append(i)
        return c + 1

    lax.fori_loop(0, 3, body, 0)
    return jnp.ones(3)[seen[0]]


# ---------------------------------------------------------------------------------------------
# Concretization (round 5)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r5_assert_on_traced():
    def f(x):
        assert x.sum() > 0
        return x

    return jax.jit(f)(jnp.ones(2))


@mistake("expected a sequence of integers or a single integer, got 'JitTracer(~int32[])'")
def r5_np_zeros_of_traced():
    return jax.jit(lambda n: np.zeros(n))(3)


@mistake()
def r5_tile_traced_reps():
    return jax.jit(lambda x, n: jnp.tile(x, n))(jnp.ones(2), 2)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "pad_width argument of jnp.pad",
)
def r5_pad_traced_width():
    return jax.jit(lambda x, n: jnp.pad(x, n))(jnp.ones(2), 1)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r5_diag_traced_k():
    return jax.jit(lambda x, k: jnp.diag(x, k))(jnp.ones(3), 1)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The axis argument must be known statically",
)
def r5_sum_traced_axis():
    return jax.jit(lambda x, a: jnp.sum(x, axis=a))(jnp.ones((2, 2)), 0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "expected a static index or sequence of indices",
)
def r5_expand_dims_traced_axis():
    return jax.jit(lambda x, a: jnp.expand_dims(x, a))(jnp.ones(2), 0)


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (JitTracer(~int32[]),).",
)
def r5_dynamic_slice_traced_size():
    return jax.jit(lambda x, n: lax.dynamic_slice(x, (0,), (n,)))(jnp.ones(4), 2)


@mistake("Slice entries must be static integers. Got slice(None, None, JitTracer(~int32[]))")
def r5_slice_traced_step():
    return jax.jit(lambda x, s: x[::s])(jnp.ones(4), 2)


@mistake("Attempted boolean conversion of traced array with shape bool[]")
def r5_top_k_traced_k():
    return jax.jit(lambda x, k: lax.top_k(x, k))(jnp.ones(4), 2)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]",
)
def r5_unique_traced_size():
    return jax.jit(lambda x, n: jnp.unique(x, size=n))(jnp.ones(4), 2)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "argument 'length' of jnp.bincount",
)
def r5_bincount_traced_length():
    return jax.jit(lambda x, n: jnp.bincount(x, length=n))(jnp.arange(4), 5)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "array_split argument 1",
)
def r5_array_split_traced_sections():
    return jax.jit(lambda x, n: jnp.array_split(x, n))(jnp.ones(4), 2)


@mistake("Non-hashable static arguments are not supported")
def r5_matrix_power_traced_n():
    return jax.jit(lambda x, n: jnp.linalg.matrix_power(x, n))(jnp.eye(2), 2)


@mistake("Non-hashable static arguments are not supported")
def r5_round_traced_decimals():
    return jax.jit(lambda x, d: jnp.round(x, d))(jnp.ones(2), 1)


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (JitTracer(~int32[]), JitTracer(~int32[]))",
)
def r5_tri_traced_n():
    return jax.jit(lambda n: jnp.tri(n))(3)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The axis argument must be known statically",
)
def r5_flip_traced_axis():
    return jax.jit(lambda x, a: jnp.flip(x, a))(jnp.ones((2, 2)), 0)


@mistake("unsupported format string passed to DynamicJaxprTracer.__format__")
def r5_format_traced():
    return jax.jit(lambda x: f"{x:.2f}")(1.0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape float32[]",
)
def r5_math_sqrt_of_traced():
    import math

    return jax.jit(lambda x: math.sqrt(x))(4.0)


@mistake(
    "The numpy.ndarray conversion method __array__() was called on traced array with shape float32[]",
)
def r5_np_float32_of_traced():
    return jax.jit(lambda x: np.float32(x))(1.0)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r5_index_python_list_with_traced_in_vmap():
    return jax.vmap(lambda i: [1.0, 2.0, 3.0][i])(jnp.arange(3))


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (JitTracer(int32[]),).",
)
def r5_concrete_shape_from_argmax():
    return jax.jit(lambda x: jnp.zeros(jnp.argmax(x)))(jnp.ones(3))


@mistake()  # JAX 0.10.2 accepts this: meshjit must too
def r5_int_of_traced_in_grad():
    return jax.grad(lambda x: x * int(x))(2.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r5_while_python_on_traced_in_vmap():
    def f(x):
        while x < 3:
            x = x + 1
        return x

    return jax.vmap(f)(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# Building arrays and NumPy interop (round 5)


@mistake(
    "Cannot concatenate arrays with shapes that differ in dimensions other than the one being concatenated",
)
def r5_array_of_arrays_ragged():
    return jnp.array([jnp.ones(2), jnp.ones(3)])


@mistake("setting an array element with a sequence.")
def r5_asarray_mixed_list_and_scalar():
    return jnp.asarray([[1.0], 2.0])


@mistake("None is not a valid value for jnp.array")
def r5_array_with_none_entry():
    return jnp.array([1.0, None])


@mistake("is not a valid JAX array type. Only arrays of numeric types are supported by JAX")
def r5_array_of_dict():
    return jnp.array({"a": 1})


@mistake("is not a valid JAX array type. Only arrays of numeric types are supported by JAX")
def r5_array_of_set():
    return jnp.array({1, 2})


@mistake("is not a valid JAX array type. Only arrays of numeric types are supported by JAX")
def r5_array_of_generator():
    return jnp.array(i for i in range(3))


@mistake("with dtype |S3 is not a valid JAX array type")
def r5_array_of_bytes():
    return jnp.array(b"abc")


@mistake()
def r5_asarray_numpy_strings():
    return jnp.asarray(np.array(["a", "b"]))


@mistake()
def r5_asarray_numpy_datetime():
    return jnp.asarray(np.array(["2020-01-01"], dtype="datetime64[D]"))


@mistake()
def r5_asarray_numpy_longdouble():
    return jnp.asarray(np.ones(2, dtype=np.longdouble))


@mistake("setting an array element with a sequence.")
def r5_array_ragged_nested_three_levels():
    return jnp.array([[[1, 2]], [[3]]])


@mistake("stack requires ndarray or scalar arguments, got <class 'list'> at position 0")
def r5_stack_of_ragged_lists():
    return jnp.stack([[1, 2], [3]])


@mistake()
def r5_jit_numpy_string_argument():
    return jax.jit(lambda x: x)(np.array(["a"]))


@mistake()
def r5_jit_numpy_object_argument():
    return jax.jit(lambda x: x)(np.array([1, "a"], dtype=object))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (2,)")
def r5_numpy_matmul_of_jax_and_list_mismatch():
    return jnp.ones((2, 3)) @ np.ones((2, 3))


@mistake("<class 'generator'>")
def r5_jnp_sum_of_generator():
    return jnp.sum(x for x in jnp.ones(3))


@mistake("problematic value is of type <class 'str'>")
def r5_jnp_exp_of_string():
    return jnp.exp("1.0")


@mistake("add requires ndarray or scalar arguments, got <class 'NoneType'> at position 1")
def r5_jnp_add_of_none():
    return jnp.add(jnp.ones(3), None)


@mistake("unsupported operand type(s) for +")
def r5_array_plus_string():
    return jnp.ones(3) + "1"


@mistake("unsupported operand type(s) for +")
def r5_array_plus_list_of_wrong_length():
    return jnp.ones(3) + [1.0, 2.0]
