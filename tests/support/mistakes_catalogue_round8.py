# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 8 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules): more
forms of what users get wrong most (Python control flow and conversions on tracers, leaked
tracers, in-place updates, grad/vmap/control-flow contracts, keys, jnp argument errors, Python
ints that overflow int32, meshes and shardings, collectives outside a mapped axis, export, pytrees,
custom rules, callbacks, config). The runner executes it after the earlier rounds, in the same
namespace, so their meshes and helpers (`mesh2`, `mesh24`, `_smap`, `_sub`, `_keys`, ...) are in
scope. The config cases come last: each changes an option only inside a context manager or by an
update JAX refuses, so no option leaks into a later case."""

_r8_store = []


# ---------------------------------------------------------------------------------------------
# Python control flow and conversions on traced values


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r8_if_on_traced_sum_in_jit():
    def f(x):
        if x.sum() > 0:
            return x
        return -x

    return jax.jit(f)(jnp.ones(3))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r8_while_on_traced_in_jit():
    def f(x):
        while x < 10:
            x = x * 2
        return x

    return jax.jit(f)(1.0)


@mistake("Attempted boolean conversion of traced array with shape float32[].")
def r8_not_of_traced_in_jit():
    return jax.jit(lambda x: 1.0 if not x else 2.0)(0.0)


@mistake("Attempted boolean conversion of traced array with shape float32[].")
def r8_python_or_of_traced_in_jit():
    return jax.jit(lambda x, y: x or y)(0.0, 1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r8_assert_on_traced_in_jit():
    def f(x):
        assert x > 0
        return x

    return jax.jit(f)(1.0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The problem arose with the `int` function. If trying to convert the data type of a value, try using `x.astype(int)` or `jnp.array(x, int)` instead",
)
def r8_int_of_traced_element_in_jit():
    return jax.jit(lambda x: int(x[0]))(jnp.arange(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The problem arose with the `float` function. If trying to convert the data type of a value, try using `x.astype(float)` or `jnp.array(x, float)` instead",
)
def r8_float_of_traced_mean_in_jit():
    return jax.jit(lambda x: float(x.mean()))(jnp.ones(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The problem arose with the `float` function. If trying to convert the data type of a value, try using `x.astype(float)` or `jnp.array(x, float)` instead",
)
def r8_math_sqrt_of_traced_in_jit():
    import math

    return jax.jit(lambda x: math.sqrt(x))(4.0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The problem arose with the `float` function. If trying to convert the data type of a value, try using `x.astype(float)` or `jnp.array(x, float)` instead",
)
def r8_math_floor_of_traced_in_jit():
    import math

    return jax.jit(lambda x: math.floor(x))(4.5)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r8_operator_index_of_traced_in_jit():
    import operator

    return jax.jit(lambda i: operator.index(i))(2)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r8_string_index_with_traced_in_jit():
    return jax.jit(lambda i: "abc"[i])(1)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r8_tuple_index_with_traced_in_jit():
    return jax.jit(lambda i: (1.0, 2.0, 3.0)[i])(1)


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r8_np_exp_of_traced_in_jit():
    return jax.jit(lambda x: np.exp(x))(jnp.ones(3))


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r8_np_dot_of_traced_in_jit():
    return jax.jit(lambda x: np.dot(x, x))(jnp.ones(3))


@mistake("expected a sequence of integers or a single integer, got 'JitTracer(~int32[])'")
def r8_np_zeros_of_traced_size_in_jit():
    return jax.jit(lambda n: np.zeros(n))(3)


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r8_np_float32_of_traced_in_jit():
    return jax.jit(lambda x: np.float32(x))(1.0)


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r8_np_asarray_of_traced_in_grad():
    return jax.grad(lambda x: np.asarray(x).sum())(1.0)


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r8_np_array_of_traced_in_vmap():
    return jax.vmap(lambda x: np.array(x))(jnp.ones(3))


@mistake()
def r8_item_of_traced_in_grad():
    return jax.grad(lambda x: x.item() * 2.0)(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r8_if_on_traced_in_vmap():
    def f(x):
        if x > 0:
            return x
        return -x

    return jax.vmap(f)(jnp.arange(3.0))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The problem arose with the `int` function. If trying to convert the data type of a value, try using `x.astype(int)` or `jnp.array(x, int)` instead",
)
def r8_int_of_traced_in_vmap():
    return jax.vmap(lambda x: jnp.zeros(int(x)))(jnp.arange(3))


@mistake("The __index__() method was called on traced array with shape int32[]")
def r8_range_of_traced_in_vmap():
    return jax.vmap(lambda n: sum(range(n)))(jnp.arange(3))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r8_bool_of_traced_comparison_in_scan():
    def body(c, x):
        return (c + 1 if x > 0 else c), x

    return lax.scan(body, 0.0, jnp.arange(3.0))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r8_if_on_traced_in_fori_body():
    def body(i, c):
        if i % 2 == 0:
            return c + 1
        return c

    return lax.fori_loop(0, 4, body, 0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The problem arose with the `int` function. If trying to convert the data type of a value, try using `x.astype(int)` or `jnp.array(x, int)` instead",
)
def r8_int_of_traced_in_while_body():
    return lax.while_loop(lambda c: c < 3, lambda c: c + int(c), 0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r8_if_on_traced_in_cond_branch():
    def branch(x):
        if x > 1:
            return x
        return x + 1

    return lax.cond(True, branch, lambda x: x, 1.0)


@mistake("len() of unsized object")
def r8_len_of_traced_scalar_in_jit():
    return jax.jit(lambda x: len(x))(1.0)


@mistake("iteration over a 0-d array")
def r8_iterate_traced_scalar_in_jit():
    return jax.jit(lambda x: [v for v in x])(1.0)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r8_ones_traced_shape_tuple_in_jit():
    return jax.jit(lambda n: jnp.ones((n, 2)))(3)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r8_reshape_traced_size_in_jit():
    return jax.jit(lambda x, n: x.reshape(n, -1))(jnp.ones(6), 2)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The size argument of jnp.nonzero must be statically specified",
)
def r8_where_one_arg_in_jit():
    return jax.jit(lambda x: jnp.where(x > 0))(jnp.arange(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The size argument of jnp.nonzero must be statically specified",
)
def r8_argwhere_in_jit():
    return jax.jit(lambda x: jnp.argwhere(x))(jnp.arange(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The size argument of jnp.nonzero must be statically specified",
)
def r8_flatnonzero_in_jit():
    return jax.jit(lambda x: jnp.flatnonzero(x))(jnp.arange(3))


@mistake("Attempted boolean conversion of traced array")
def r8_extract_in_jit():
    return jax.jit(lambda x: jnp.extract(x > 0, x))(jnp.arange(3))


@mistake("Attempted boolean conversion of traced array")
def r8_compress_in_jit():
    return jax.jit(lambda x: jnp.compress(x > 0, x))(jnp.arange(3))


@mistake("tile", "reps")
def r8_tile_traced_reps_in_jit():
    return jax.jit(lambda x, n: jnp.tile(x, n))(jnp.ones(2), 3)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "pad_width argument of jnp.pad",
)
def r8_pad_traced_width_in_jit():
    return jax.jit(lambda x, n: jnp.pad(x, n))(jnp.ones(2), 1)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r8_tri_traced_size_in_jit():
    return jax.jit(lambda n: jnp.tri(n))(3)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r8_identity_traced_size_in_jit():
    return jax.jit(lambda n: jnp.identity(n))(3)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r8_full_traced_shape_in_jit():
    return jax.jit(lambda n: jnp.full((n,), 1.0))(3)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "in jax.numpy.split argument 1",
)
def r8_split_traced_sections_in_jit():
    return jax.jit(lambda x, n: jnp.split(x, n))(jnp.ones(4), 2)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r8_dynamic_slice_traced_size_in_jit():
    return jax.jit(lambda x, n: lax.dynamic_slice(x, (0,), (n,)))(jnp.ones(4), 2)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r8_random_normal_traced_shape_in_jit():
    return jax.jit(lambda n: random.normal(random.key(0), (n,)))(3)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The error arose in jax.nn.one_hot argument `num_classes`",
)
def r8_one_hot_traced_classes_in_jit():
    return jax.jit(lambda x, n: jax.nn.one_hot(x, n))(jnp.arange(3), 4)


@mistake("Abstract tracer value encountered where concrete value is expected")
def r8_bincount_traced_length_in_jit():
    return jax.jit(lambda x, n: jnp.bincount(x, length=n))(jnp.arange(3), 4)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The `length` argument to `scan` expects a concrete `int` value",
)
def r8_scan_traced_length_in_jit():
    return jax.jit(lambda n: lax.scan(lambda c, _: (c, c), 0.0, None, length=n))(3)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "'num' argument of jnp.linspace",
)
def r8_linspace_traced_num_in_vmap():
    return jax.vmap(lambda n: jnp.linspace(0.0, 1.0, n))(jnp.arange(3))


@mistake("unsupported format string passed to")
def r8_format_traced_in_jit():
    return jax.jit(lambda x: f"{x:.2f}")(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r8_contains_traced_in_list_in_jit():
    return jax.jit(lambda x: 1.0 if x in [1.0, 2.0] else 0.0)(1.0)


@mistake("The truth value of an array with more than one element is ambiguous. Use a.any() or")
def r8_array_in_list_eager():
    return jnp.ones(3) in [1, 2]


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r8_python_max_of_two_traced_in_jit():
    return jax.jit(lambda x, y: max(x, y))(1.0, 2.0)


@mistake()
def r8_python_abs_ok_in_jit():
    return jax.jit(lambda x: abs(x))(-1.0)


@mistake()
def r8_round_of_traced_ndigits_in_jit():
    return jax.jit(lambda x: round(x))(1.5)


@mistake()
def r8_grad_of_fori_loop_traced_bounds():
    def f(x, n):
        return lax.fori_loop(0, n, lambda i, c: c * x, 1.0)

    return jax.grad(f)(2.0, 3)


@mistake("Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with")
def r8_grad_of_while_loop():
    return jax.grad(lambda x: lax.while_loop(lambda c: c < 10.0, lambda c: c * 2.0, x))(1.0)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r8_traced_as_static_shape_in_lax_full():
    return jax.jit(lambda n: lax.full((n,), 0.0))(2)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The axis argument must be known statically",
)
def r8_traced_axis_argument_in_jit():
    return jax.jit(lambda x, a: jnp.sum(x, axis=a))(jnp.ones((2, 2)), 0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "expected a static index or sequence of indices",
)
def r8_traced_dtype_argument_in_jit():
    return jax.jit(lambda x, k: jnp.roll(x, 1, axis=k))(jnp.ones(3), 0)


# ---------------------------------------------------------------------------------------------
# Leaked tracers


@mistake("Encountered an unexpected tracer")
def r8_leak_from_jit_used_eagerly():
    def f(x):
        _r8_store.append(x)
        return x

    jax.jit(f)(1.0)
    return _r8_store[-1] + 1.0


@mistake("Encountered an unexpected tracer")
def r8_leak_from_grad_used_eagerly():
    def f(x):
        _r8_store.append(x)
        return x * x

    jax.grad(f)(1.0)
    return jnp.sin(_r8_store[-1])


@mistake("Encountered an unexpected tracer")
def r8_leak_from_vmap_used_in_jit():
    def f(x):
        _r8_store.append(x)
        return x

    jax.vmap(f)(jnp.ones(3))
    return jax.jit(lambda y: y * _r8_store[-1])(1.0)


@mistake("Encountered an unexpected tracer")
def r8_leak_via_object_attribute():
    class Model:
        def __call__(self, x):
            self.last = x
            return x * 2

    m = Model()
    jax.jit(m)(1.0)
    return m.last * 3


@mistake("Encountered an unexpected tracer")
def r8_leak_via_nonlocal():
    saved = None

    def f(x):
        nonlocal saved
        saved = x
        return x

    jax.jit(f)(1.0)
    return jnp.exp(saved)


@mistake("Encountered an unexpected tracer")
def r8_leak_from_scan_body():
    def body(c, x):
        _r8_store.append(c)
        return c + x, x

    lax.scan(body, 0.0, jnp.ones(2))
    return _r8_store[-1] * 2


@mistake("Encountered an unexpected tracer")
def r8_leak_from_cond_branch():
    def branch(x):
        _r8_store.append(x)
        return x

    lax.cond(True, branch, lambda x: x, 1.0)
    return _r8_store[-1] - 1


@mistake("Encountered an unexpected tracer")
def r8_leak_from_while_body():
    def body(c):
        _r8_store.append(c)
        return c + 1

    lax.while_loop(lambda c: c < 2, body, 0)
    return _r8_store[-1] + 1


@mistake("Encountered an unexpected tracer")
def r8_leak_passed_to_jit_as_argument():
    def f(x):
        _r8_store.append(x)
        return x

    jax.jit(f)(1.0)
    return jax.jit(lambda y: y + 1)(_r8_store[-1])


@mistake("Encountered an unexpected tracer")
def r8_leak_from_eval_shape():
    def f(x):
        _r8_store.append(x)
        return x

    jax.eval_shape(f, 1.0)
    return _r8_store[-1] + 1


@mistake("Encountered an unexpected tracer")
def r8_leak_from_make_jaxpr():
    def f(x):
        _r8_store.append(x)
        return x

    jax.make_jaxpr(f)(1.0)
    return _r8_store[-1] * 2


@mistake("Encountered an unexpected tracer")
def r8_leak_from_checkpoint():
    def f(x):
        _r8_store.append(x)
        return x * x

    jax.grad(jax.checkpoint(f))(1.0)
    return _r8_store[-1] + 1


@mistake("Encountered an unexpected tracer")
def r8_leak_from_jit_into_grad():
    def f(x):
        _r8_store.append(x)
        return x

    jax.jit(f)(1.0)
    return jax.grad(lambda y: y * _r8_store[-1])(1.0)


@mistake("Encountered an unexpected tracer")
def r8_leak_from_jvp():
    def f(x):
        _r8_store.append(x)
        return x

    jax.jvp(f, (1.0,), (1.0,))
    return _r8_store[-1] * 2


@mistake("Encountered an unexpected tracer")
def r8_leak_from_jit_into_numpy_function():
    def f(x):
        _r8_store.append(x)
        return x

    jax.jit(f)(jnp.ones(3))
    return jnp.sum(_r8_store[-1])


@mistake("Encountered an unexpected tracer")
def r8_leak_from_shard_map_body():
    def body(x):
        _r8_store.append(x)
        return x

    _smap(body, P("x"), P("x"))(jnp.ones(4))
    return _r8_store[-1] + 1


# ---------------------------------------------------------------------------------------------
# In-place updates


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment",
    "Instead of x[idx] = y, use x = x.at[idx].set(y)",
)
def r8_setitem_slice():
    x = jnp.zeros(4)
    x[1:] = 1.0
    return x


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment",
    "Instead of x[idx] = y, use x = x.at[idx].set(y)",
)
def r8_setitem_ellipsis_augmented():
    x = jnp.zeros((2, 2))
    x[..., 0] += 1.0
    return x


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment",
    "Instead of x[idx] = y, use x = x.at[idx].set(y)",
)
def r8_setitem_mask():
    x = jnp.arange(4.0)
    x[x > 1] = 0.0
    return x


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment",
    "Instead of x[idx] = y, use x = x.at[idx].set(y)",
)
def r8_setitem_of_row():
    x = jnp.zeros((2, 3))
    x[0][1] = 2.0
    return x


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment",
    "Instead of x[idx] = y, use x = x.at[idx].set(y)",
)
def r8_setitem_of_transpose():
    x = jnp.zeros((2, 3))
    x.T[0] = 1.0
    return x


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment",
    "Instead of x[idx] = y, use x = x.at[idx].set(y)",
)
def r8_setitem_in_vmap():
    def f(x):
        x[0] = 1.0
        return x

    return jax.vmap(f)(jnp.zeros((2, 3)))


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment",
    "Instead of x[idx] = y, use x = x.at[idx].set(y)",
)
def r8_setitem_in_grad():
    def f(x):
        x[0] = 1.0
        return x.sum()

    return jax.grad(f)(jnp.zeros(3))


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment",
    "Instead of x[idx] = y, use x = x.at[idx].set(y)",
)
def r8_setitem_in_scan_body():
    def body(c, i):
        c[i] = 1.0
        return c, None

    return lax.scan(body, jnp.zeros(3), jnp.arange(3))


@mistake("__delitem__")
def r8_delitem():
    x = jnp.arange(3)
    del x[0]
    return x


@mistake("IndexUpdateHelper' object does not support item assignment")
def r8_at_item_assignment():
    x = jnp.zeros(3)
    x.at[0] = 1.0
    return x


@mistake("property 'shape' of 'ArrayImpl' object has no setter")
def r8_set_shape_attribute():
    x = jnp.zeros(6)
    x.shape = (2, 3)
    return x


@mistake("property 'dtype' of 'ArrayImpl' object has no setter")
def r8_set_dtype_attribute():
    x = jnp.zeros(3)
    x.dtype = jnp.int32
    return x


@mistake("jax.numpy.put cannot modify arrays in-place, because JAX arrays are immutable. Pass")
def r8_put_inplace_default():
    return jnp.put(jnp.zeros(3), 0, 1.0)


@mistake("jax.numpy.place cannot modify arrays in-place, because JAX arrays are immutable. Pass")
def r8_place_inplace_default():
    x = jnp.zeros(3)
    return jnp.place(x, x == 0, 1.0)


@mistake("object has no attribute 'fill'")
def r8_array_fill_method():
    return jnp.zeros(3).fill(1.0)


@mistake()
def r8_array_sort_inplace_ok():
    return jnp.array([3, 1, 2]).sort()


@mistake("copyto() argument 1 must be a numpy.ndarray")
def r8_np_copyto_into_jax_array():
    return np.copyto(jnp.zeros(3), np.ones(3))


@mistake("object has no attribute 'itemset'")
def r8_array_itemset():
    return jnp.zeros(3).itemset(0, 1.0)


@mistake()
def r8_at_set_with_kwarg_value():
    return jnp.zeros(3).at[0].set(values=1.0)


@mistake("IndexUpdateHelper' object is not callable")
def r8_at_call_instead_of_index():
    return jnp.zeros(3).at(0).set(1.0)


@mistake("unsupported operand type(s) for +: '_IndexUpdateRef' and 'float'")
def r8_at_without_method():
    return jnp.zeros(3).at[0] + 1.0


# ---------------------------------------------------------------------------------------------
# grad and friends


@mistake("Gradient only defined for scalar-output functions. Output had shape: (3,).")
def r8_grad_vector_output_in_jit():
    return jax.jit(jax.grad(lambda x: x * 2))(jnp.ones(3))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (1,).")
def r8_grad_output_shape_one():
    return jax.grad(lambda x: jnp.sum(x, keepdims=True))(jnp.ones(3))


@mistake("differentiating with respect to argnums=2 requires at least 3 positional arguments to be")
def r8_grad_argnums_two_of_two():
    return jax.grad(lambda x, y: x * y, argnums=2)(1.0, 2.0)


@mistake("differentiating with respect to argnums=(0, 3) requires at least 4 positional arguments")
def r8_grad_argnums_tuple_out_of_range():
    return jax.grad(lambda x, y: x * y, argnums=(0, 3))(1.0, 2.0)


@mistake("must have value greater than or equal to -len(args) and less than len(args)")
def r8_grad_argnums_negative_out_of_range():
    return jax.grad(lambda x, y: x * y, argnums=-3)(1.0, 2.0)


@mistake("grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of")
def r8_grad_wrt_int_second_argument():
    return jax.grad(lambda x, n: x * n, argnums=1)(1.0, 2)


@mistake("grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of")
def r8_grad_wrt_bool():
    return jax.grad(lambda b: jnp.where(b, 1.0, 0.0))(True)


@mistake("grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of")
def r8_grad_wrt_uint_array():
    return jax.grad(lambda x: x.sum().astype(jnp.float32))(jnp.arange(3, dtype=jnp.uint8))


@mistake("expected function with aux output to return a two-element tuple")
def r8_grad_has_aux_returns_scalar():
    return jax.grad(lambda x: x * x, has_aux=True)(1.0)


@mistake("expected function with aux output to return a two-element tuple")
def r8_grad_has_aux_returns_list_of_three():
    return jax.grad(lambda x: [x * x, x, x], has_aux=True)(1.0)


@mistake("Gradient only defined for scalar-output functions")
def r8_grad_has_aux_aux_first():
    return jax.grad(lambda x: ({"n": 1}, x * x), has_aux=True)(1.0)


@mistake("expected function with aux output to return a two-element tuple")
def r8_value_and_grad_has_aux_scalar():
    return jax.value_and_grad(lambda x: x * x, has_aux=True)(1.0)


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r8_value_and_grad_vector_output_in_jit():
    return jax.jit(jax.value_and_grad(lambda x: x**2))(jnp.ones(2))


@mistake("grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but")
def r8_grad_of_argmax_output():
    return jax.grad(lambda x: jnp.argmax(x))(jnp.ones(3))


@mistake("grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but")
def r8_grad_of_bool_output():
    return jax.grad(lambda x: x > 0)(1.0)


@mistake("Gradient only defined for scalar-output functions")
def r8_grad_of_dict_output():
    return jax.grad(lambda x: {"loss": x * x})(1.0)


@mistake("grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of")
def r8_grad_of_python_int_input_list():
    return jax.grad(lambda xs: xs[0] * xs[1])([1, 2])


@mistake("object cannot be interpreted as an integer")
def r8_grad_argnums_string():
    return jax.grad(lambda x: x * x, argnums="x")(1.0)


@mistake()
def r8_grad_holomorphic_real_output():
    return jax.grad(lambda z: z * z, holomorphic=True)(1.0 + 0j)


@mistake("jacrev requires real-valued outputs (output dtype that is a sub-dtype of np.floating)")
def r8_jacrev_int_output():
    return jax.jacrev(lambda x: jnp.round(x).astype(jnp.int32))(jnp.ones(2))


@mistake("Positional argument indices, e.g. for `static_argnums`, must have value greater than or")
def r8_jacfwd_argnums_tuple_out_of_range():
    return jax.jacfwd(lambda x: x * 2, argnums=(0, 1))(jnp.ones(2))


@mistake("expected function with aux output to return a two-element tuple")
def r8_jacrev_has_aux_not_pair():
    return jax.jacrev(lambda x: x * 2, has_aux=True)(jnp.ones(2))


@mistake("jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but")
def r8_hessian_wrt_int():
    return jax.hessian(lambda x: (x * x).sum())(jnp.arange(3))


@mistake("primal and tangent arguments to jax.jvp must be tuples or lists; found float")
def r8_jvp_primals_float():
    return jax.jvp(lambda x: x * 2, 1.0, 1.0)


@mistake("primal and tangent arguments to jax.jvp must have the same tree structure; primals have")
def r8_jvp_tangents_count():
    return jax.jvp(lambda x, y: x * y, (1.0, 2.0), (1.0,))


@mistake(
    "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in case of"
)
def r8_jvp_tangent_int_for_float_array():
    return jax.jvp(lambda x: x * 2, (jnp.ones(2),), (jnp.ones(2, dtype=jnp.int32),))


@mistake("unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got int32[2], but")
def r8_vjp_cotangent_dtype():
    _, pullback = jax.vjp(lambda x: x * 2, jnp.ones(2))
    return pullback(jnp.ones(2, dtype=jnp.int32))


@mistake("The function returned by `jax.vjp` applied to")
def r8_vjp_too_many_cotangents():
    _, pullback = jax.vjp(lambda x: x * 2, 1.0)
    return pullback(1.0, 1.0)


@mistake("unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float32[1,3]")
def r8_vjp_cotangent_rank():
    _, pullback = jax.vjp(lambda x: x * 2, jnp.ones(3))
    return pullback(jnp.ones((1, 3)))


@mistake(
    "linearized function called on tangent values inconsistent with the original primal values"
)
def r8_linearize_tangent_shape():
    _, f_jvp = jax.linearize(lambda x: x * 2, jnp.ones(3))
    return f_jvp(jnp.ones(4))


@mistake("Pure callbacks do not support JVP. Please use")
def r8_grad_of_non_differentiable_callback():
    def f(x):
        return jax.pure_callback(lambda v: np.sin(v), jax.ShapeDtypeStruct((), jnp.float32), x)

    return jax.grad(f)(1.0)


@mistake("<class 'str'>", "is not a valid JAX type")
def r8_grad_of_string_output():
    return jax.grad(lambda x: "loss")(1.0)


@mistake("differentiating with respect to argnums=0 requires at least 1 positional arguments to be")
def r8_grad_with_kwargs_only_argument():
    return jax.grad(lambda *, x: x * x)(x=1.0)


@mistake()
def r8_grad_of_lax_stop_gradient_ok():
    return jax.grad(lambda x: lax.stop_gradient(x) * x)(2.0)


@mistake("differentiating with respect to argnums=1 requires at least 2 positional arguments to be")
def r8_value_and_grad_argnums_out_of_range():
    return jax.value_and_grad(lambda x: x * x, argnums=1)(1.0)


@mistake("grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of")
def r8_grad_of_integer_pow_int_input():
    return jax.grad(lambda n: n**2)(3)


@mistake("grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of")
def r8_grad_of_jnp_int_array_input():
    return jax.grad(lambda x: (x * 1.0).sum())(jnp.array([1, 2]))


# ---------------------------------------------------------------------------------------------
# vmap


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r8_vmap_in_axes_tuple_too_short():
    return jax.vmap(lambda x, y: x + y, in_axes=(0,))(jnp.ones(3), jnp.ones(3))


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r8_vmap_in_axes_tuple_too_long():
    return jax.vmap(lambda x: x, in_axes=(0, 0))(jnp.ones(3))


@mistake("vmap was requested to map its argument along axis 1, which implies that its rank should")
def r8_vmap_in_axis_one_on_vector():
    return jax.vmap(lambda x: x, in_axes=1)(jnp.ones(3))


@mistake()
def r8_vmap_in_axes_list_for_two_args():
    return jax.vmap(lambda x, y: x + y, in_axes=[0, 0])(jnp.ones(3), jnp.ones(3))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r8_vmap_sizes_differ_two_args():
    return jax.vmap(lambda x, y: x + y)(jnp.ones(3), jnp.ones(4))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r8_vmap_sizes_differ_in_jit():
    return jax.jit(jax.vmap(lambda x, y: x * y))(jnp.ones(2), jnp.ones(5))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r8_vmap_axis_size_disagrees():
    return jax.vmap(lambda x: x, axis_size=4)(jnp.ones(3))


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r8_vmap_no_mapped_argument_no_axis_size():
    return jax.vmap(lambda x: x, in_axes=None)(jnp.ones(3))


@mistake("at vmap out_axes, got axis spec None but output was batched on axis 0")
def r8_vmap_out_axes_none_batched_output():
    return jax.vmap(lambda x: x * 2, out_axes=None)(jnp.ones(3))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r8_vmap_out_axes_too_large():
    return jax.vmap(lambda x: x, out_axes=2)(jnp.ones((3, 2)))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r8_vmap_out_axes_structure():
    return jax.vmap(lambda x: (x, x), out_axes=(0, 0, 0))(jnp.ones(3))


@mistake("vmap was requested to map its argument along axis 0, which implies that its rank should")
def r8_vmap_of_scalar_argument():
    return jax.vmap(lambda x: x * 2)(2.0)


@mistake("Output from batched function 'done' with type <class 'str'> is not a valid JAX type")
def r8_vmap_of_string_return():
    return jax.vmap(lambda x: "done")(jnp.ones(3))


@mistake("vmap was requested to map its argument along axis 0, which implies that its rank should")
def r8_vmap_kwarg_scalar():
    return jax.vmap(lambda x, scale: x * scale)(jnp.ones(3), scale=2.0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The size argument of jnp.nonzero must be statically specified",
)
def r8_vmap_nonzero_without_size():
    return jax.vmap(jnp.nonzero)(jnp.ones((2, 3)))


@mistake("Found an unbound axis name: j. To fix this, please call psum under `jax.shard_map`.")
def r8_vmap_psum_wrong_axis_name():
    return jax.vmap(lambda x: lax.psum(x, "j"), axis_name="i")(jnp.ones(3))


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r8_vmap_in_axes_dict_extra_key():
    return jax.vmap(lambda d: d["a"], in_axes=({"a": 0, "b": 0},))({"a": jnp.ones(3)})


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r8_vmap_in_axes_string():
    return jax.vmap(lambda x: x, in_axes="0")(jnp.ones(3))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r8_vmap_nested_sizes_differ():
    return jax.vmap(jax.vmap(lambda x, y: x + y))(jnp.ones((2, 3)), jnp.ones((2, 4)))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r8_vmap_dict_leaves_sizes_differ():
    return jax.vmap(lambda d: d["a"] + d["b"])({"a": jnp.ones(2), "b": jnp.ones(3)})


@mistake("vmap was requested to map its argument along axis 0, which implies that its rank should")
def r8_vmap_of_python_list_argument():
    return jax.vmap(lambda x: x * 2)([1.0, 2.0, 3.0])


@mistake(
    "Found an unbound axis name: k. To fix this, please call axis_index under `jax.shard_map`."
)
def r8_vmap_axis_index_unbound():
    return jax.vmap(lambda x: x + lax.axis_index("k"), axis_name="i")(jnp.ones(3))


@mistake(
    "vmap out_axes must be an int, None, or (nested) container with those types as leaves, but"
)
def r8_vmap_out_axes_string():
    return jax.vmap(lambda x: x, out_axes="0")(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# Control flow


@mistake("scan got no values to scan over and `length` not provided")
def r8_scan_no_xs_no_length_in_jit():
    return jax.jit(lambda c: lax.scan(lambda c, _: (c, c), c, None))(0.0)


@mistake()
def r8_scan_float_length():
    return lax.scan(lambda c, _: (c, c), 0.0, None, length=3.0)


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3]")
def r8_scan_length_disagrees():
    return lax.scan(lambda c, x: (c + x, x), 0.0, jnp.ones(3), length=4)


@mistake("scan body function carry input and carry output must have the same pytree structure, but")
def r8_scan_carry_list_vs_tuple():
    return lax.scan(lambda c, x: ([c[0] + x, c[1]], x), (0.0, 0.0), jnp.ones(3))


@mistake()
def r8_scan_carry_int_to_float():
    return lax.scan(lambda c, x: (c + x, x), 0, jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r8_scan_carry_grows():
    return lax.scan(lambda c, x: (jnp.append(c, x), x), jnp.zeros(1), jnp.ones(3))


@mistake("scan got value with no leading axis to scan over")
def r8_scan_xs_scalar_leaf():
    return lax.scan(lambda c, x: (c + x, x), 0.0, (jnp.ones(3), 1.0))


@mistake("scan body output must be a pair")
def r8_scan_body_returns_none():
    return lax.scan(lambda c, x: None, 0.0, jnp.ones(3))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r8_scan_xs_python_list_of_arrays_sizes():
    return lax.scan(lambda c, x: (c, x), 0.0, [jnp.ones(3), jnp.ones(4)])


@mistake("takes 1 positional argument but 2 were given")
def r8_scan_body_takes_one_arg():
    return lax.scan(lambda c: (c, c), 0.0, jnp.ones(3))


@mistake("cond branches must have equal output types but they differ.")
def r8_cond_branches_scalar_vs_vector():
    return lax.cond(True, lambda x: x, lambda x: jnp.stack([x, x]), 1.0)


@mistake("cond branch outputs must have the same pytree structure, but they differ")
def r8_cond_branch_returns_none():
    return lax.cond(True, lambda x: x, lambda x: None, 1.0)


@mistake("cond branch outputs must have the same pytree structure, but they differ")
def r8_cond_branch_tuple_lengths():
    return lax.cond(True, lambda x: (x, x), lambda x: (x,), 1.0)


@mistake("cond branches must have equal output types but they differ.")
def r8_cond_branch_int_vs_float():
    return lax.cond(True, lambda x: x, lambda x: x.astype(jnp.int32), jnp.ones(2))


@mistake("Pred must be a scalar", "(1,)")
def r8_cond_pred_shape_one_in_jit():
    return jax.jit(lambda p: lax.cond(p, lambda: 1.0, lambda: 2.0))(jnp.array([True]))


@mistake("cond predicate is None")
def r8_cond_pred_none():
    return lax.cond(None, lambda: 1.0, lambda: 2.0)


@mistake("takes 1 positional argument but 2 were given")
def r8_cond_too_many_operands():
    return lax.cond(True, lambda x: x, lambda x: x, 1.0, 2.0)


@mistake("lax.cond: true_fun and false_fun arguments should be callable.")
def r8_cond_missing_false_branch():
    return lax.cond(True, lambda x: x, 1.0)


@mistake()
def r8_cond_pred_float_array_in_jit():
    return jax.jit(lambda p: lax.cond(p, lambda: 1.0, lambda: 2.0))(1.0)


@mistake("Index type must be an integer, got 0.")
def r8_switch_index_string():
    return lax.switch("0", [lambda: 1.0, lambda: 2.0])


@mistake("switch branches must have equal output types but they differ.")
def r8_switch_branches_return_dtypes_in_jit():
    return jax.jit(lambda i: lax.switch(i, [lambda: 1.0, lambda: 1]))(0)


@mistake("switch branch outputs must have the same pytree structure, but they differ")
def r8_switch_branch_structure_dict():
    return lax.switch(0, [lambda: {"a": 1.0}, lambda: {"b": 1.0}])


@mistake("'function' object is not iterable")
def r8_switch_branches_not_sequence():
    return lax.switch(0, lambda: 1.0)


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r8_while_cond_vector_in_jit():
    return jax.jit(lambda x: lax.while_loop(lambda c: c < 3, lambda c: c + 1, x))(jnp.zeros(2))


@mistake("while_loop body function carry input and carry output must have the same pytree")
def r8_while_body_list_vs_tuple():
    return lax.while_loop(lambda c: c[0] < 3, lambda c: [c[0] + 1, c[1]], (0, 0))


@mistake()
def r8_while_body_float_for_int_carry():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 0.5, 0)


@mistake("<class 'str'> is not a valid JAX type")
def r8_while_init_string():
    return lax.while_loop(lambda c: True, lambda c: c, "start")


@mistake("cond_fun must return a boolean scalar, but got pytree PyTreeDef(None).")
def r8_while_cond_returns_none():
    return lax.while_loop(lambda c: None, lambda c: c + 1, 0)


@mistake("lower and upper arguments to fori_loop must have equal types, got int32 and float32")
def r8_fori_loop_upper_float():
    return lax.fori_loop(0, 3.0, lambda i, c: c + i, 0)


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r8_fori_loop_body_changes_shape():
    return lax.fori_loop(0, 3, lambda i, c: jnp.append(c, i), jnp.zeros(1))


@mistake("missing 1 required positional argument: 'extra'")
def r8_fori_loop_body_three_args():
    return lax.fori_loop(0, 3, lambda i, c, extra: c, 0)


@mistake("lower and upper arguments to fori_loop must have equal types, got int32 and float32")
def r8_fori_loop_float_bounds_in_jit():
    return jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c + 1.0, 0.0))(3.0)


@mistake("scan got value with no leading axis to scan over")
def r8_map_of_python_scalar():
    return lax.map(lambda x: x * 2, 3.0)


@mistake("returned a value of type <class 'str'>", "which is not a valid JAX type")
def r8_map_fn_returns_string():
    return lax.map(lambda x: "x", jnp.ones(3))


@mistake()
def r8_map_batch_size_zero():
    return lax.map(lambda x: x * 2, jnp.ones(4), batch_size=0)


@mistake("lax.associative_scan: fn argument should be callable.")
def r8_associative_scan_fn_not_callable():
    return lax.associative_scan("add", jnp.ones(4))


@mistake("axis 2 is out of bounds for array of shape (2, 2)")
def r8_cumsum_of_non_array_scan():
    return lax.cumsum(jnp.ones((2, 2)), axis=2)


# ---------------------------------------------------------------------------------------------
# Keys given to samplers


@mistake("JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got")
def r8_normal_raw_key_of_three_words():
    return random.normal(jnp.array([1, 2, 3], dtype=jnp.uint32), (2,))


@mistake("uniform accepts a single key, but was given a key array of shape (2, 2) != (). Use")
def r8_uniform_raw_key_batch():
    return random.uniform(jnp.zeros((2, 2), dtype=jnp.uint32), (2,))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r8_normal_float_key_pair():
    return random.normal(jnp.array([0.0, 1.0]), (2,))


@mistake("JAX encountered invalid PRNG key data")
def r8_normal_python_int_key():
    return random.normal(0, (2,))


@mistake("JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got")
def r8_split_raw_key_wrong_length():
    return random.split(jnp.array([0, 1, 2], dtype=jnp.uint32))


@mistake("unexpected PRNG key type <class 'list'>")
def r8_normal_key_list():
    return random.normal([0, 0], (2,))


@mistake(
    "randint accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap"
)
def r8_randint_batched_typed_keys():
    return random.randint(random.split(random.key(0), 2), (3,), 0, 10)


@mistake("choice accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap")
def r8_choice_batched_keys():
    return random.choice(random.split(random.key(0), 2), jnp.arange(5))


@mistake("gamma accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap")
def r8_gamma_batched_keys():
    return random.gamma(random.split(random.key(0), 2), 1.0)


@mistake("is not a valid JAX array type")
def r8_key_from_string():
    return random.key("seed")


@mistake("None is not a valid value for jnp.array")
def r8_prngkey_from_none():
    return random.PRNGKey(None)


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r8_normal_shape_float_entries():
    return random.normal(random.key(0), (2.0, 3))


@mistake("shapes for broadcasting", "(3,)", "(2,)")
def r8_uniform_minval_shape_mismatch():
    return random.uniform(random.key(0), (3,), minval=jnp.zeros(2))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r8_gamma_shape_incompatible():
    return random.gamma(random.key(0), jnp.ones(3), shape=(2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r8_beta_shapes_incompatible():
    return random.beta(random.key(0), jnp.ones(2), jnp.ones(3))


@mistake("Incompatible types for broadcasting: input type=float32[3] and requested type=float32[2]")
def r8_poisson_shape_incompatible():
    return random.poisson(random.key(0), jnp.ones(3), shape=(2,))


@mistake("dtype argument to `gumbel` must be a float dtype, got int32")
def r8_categorical_int_logits_ok():
    return random.categorical(random.key(0), jnp.array([1, 2, 3]))


@mistake("p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (4,) and")
def r8_choice_p_length_mismatch():
    return random.choice(random.key(0), 5, p=jnp.ones(4) / 4)


@mistake("random.choice must be a sequence, got 3")
def r8_choice_shape_int():
    return random.choice(random.key(0), 5, shape=3)


@mistake("permutation requires ndarray or scalar arguments, got <class 'list'> at position 0.")
def r8_permutation_of_list():
    return random.permutation(random.key(0), [1, 2, 3])


@mistake("fold_in accepts a scalar, but was given an array")
def r8_fold_in_array_data():
    return random.fold_in(random.key(0), jnp.arange(2))


@mistake("JAX encountered invalid PRNG key data: expected key_data to have ndim, shape, and dtype")
def r8_key_data_of_int():
    return random.key_data(1)


@mistake("dtype argument to `normal` must be a float or complex dtype, got bool")
def r8_normal_dtype_bool():
    return random.normal(random.key(0), (2,), dtype=jnp.bool_)


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,)]")
def r8_bernoulli_p_int_shape_mismatch():
    return random.bernoulli(random.key(0), jnp.full(3, 0.5), (2,))


@mistake("Incompatible shapes for broadcasting: shapes=[(2,), (3,), ()]")
def r8_truncated_normal_shape_mismatch():
    return random.truncated_normal(random.key(0), jnp.zeros(3), 1.0, (2,))


@mistake("Cannot call abstract method astype")
def r8_typed_key_astype_float():
    return random.key(0).astype(jnp.float32)


@mistake("multiply does not accept dtypes key<fry>, int32.")
def r8_typed_key_times_two():
    return random.key(0) * 2


@mistake("key<fry>")
def r8_typed_key_in_jnp_sum():
    return jnp.sum(random.split(random.key(0), 2))


@mistake("negative dimensions are not allowed")
def r8_orthogonal_negative_n():
    return random.orthogonal(random.key(0), -2)


@mistake("vmap was requested to map its argument along axis 0, which implies that its rank should")
def r8_normal_key_in_vmap_unbatched_shape():
    return jax.vmap(lambda k: random.normal(k, (2,)))(random.key(0))


# ---------------------------------------------------------------------------------------------
# jnp functions with bad arguments


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r8_reshape_float_dims():
    return jnp.ones(6).reshape(2.0, 3)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (4, 2, 1) (size 8)")
def r8_reshape_size_3d():
    return jnp.ones((2, 3)).reshape(4, 2, 1)


@mistake("Unexpected value for 'order' argument: X.")
def r8_reshape_order_unknown():
    return jnp.reshape(jnp.ones(6), (2, 3), order="X")


@mistake("Zero-dimensional arrays cannot be concatenated.")
def r8_concatenate_scalars():
    return jnp.concatenate([jnp.array(1.0), jnp.array(2.0)])


@mistake()
def r8_concatenate_axis_none_ok():
    return jnp.concatenate([jnp.ones((2, 2)), jnp.ones(3)], axis=None)


@mistake("Zero-dimensional arrays cannot be concatenated.")
def r8_concatenate_single_array_argument():
    return jnp.concatenate(jnp.ones(3), jnp.ones(3))


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one being")
def r8_vstack_widths():
    return jnp.vstack([jnp.ones(3), jnp.ones(4)])


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one being")
def r8_hstack_heights():
    return jnp.hstack([jnp.ones((2, 2)), jnp.ones((3, 2))])


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one being")
def r8_dstack_shapes():
    return jnp.dstack([jnp.ones((2, 2)), jnp.ones((2, 3))])


@mistake("Cannot concatenate arrays with shapes that differ in dimensions other than the one being")
def r8_column_stack_lengths():
    return jnp.column_stack([jnp.ones(3), jnp.ones(4)])


@mistake("axis 3 is out of bounds for array of dimension 2")
def r8_stack_axis_out_of_range():
    return jnp.stack([jnp.ones(2), jnp.ones(2)], axis=3)


@mistake()
def r8_stack_of_array_not_list_ok():
    return jnp.stack(jnp.ones((2, 3)))


@mistake("'i1'")
def r8_einsum_invalid_character():
    return jnp.einsum("i1,i->", jnp.ones(3), jnp.ones(3))


@mistake("Number of einsum subscripts, 1, must be equal to the number of operands, 2.")
def r8_einsum_more_operands_than_subscripts():
    return jnp.einsum("i->", jnp.ones(3), jnp.ones(3))


@mistake("Output character 'i' appeared more than once in the output.")
def r8_einsum_output_repeated():
    return jnp.einsum("ij->ii", jnp.ones((2, 2)))


@mistake("Einstein sum subscript 'i' does not contain the correct number of indices for operand 0")
def r8_einsum_operand_rank_too_big():
    return jnp.einsum("i,i->", jnp.ones((3, 3)), jnp.ones(3))


@mistake("Size of label 'j' for operand 1")
def r8_einsum_size_mismatch_in_jit():
    return jax.jit(lambda a, b: jnp.einsum("ij,jk", a, b))(jnp.ones((2, 3)), jnp.ones((2, 3)))


@mistake("dot_general requires contracting dimensions to have the same shape, got (4,) and (3,).")
def r8_matmul_3d_inner_mismatch():
    return jnp.ones((2, 3, 4)) @ jnp.ones((2, 3, 4))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r8_matmul_vector_matrix_mismatch():
    return jnp.ones(3) @ jnp.ones((4, 2))


@mistake("matmul requires ndarray or scalar arguments, got <class 'list'> at position 0.")
def r8_matmul_of_list_and_array_ok():
    return jnp.matmul([[1.0, 2.0]], jnp.ones((2, 1)))


@mistake("dot_general requires contracting dimensions to have the same shape, got (4,) and (3,).")
def r8_dot_3d_mismatch():
    return jnp.dot(jnp.ones((2, 3, 4)), jnp.ones((3, 4)))


@mistake("Number of tensordot axes (axes 3) exceeds input ranks ((2, 3) and (3, 2))")
def r8_tensordot_axes_too_many():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((3, 2)), axes=3)


@mistake()
def r8_tensordot_axes_negative():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((3, 2)), axes=-1)


@mistake("array split does not result in an equal division")
def r8_split_indivisible_axis1():
    return jnp.split(jnp.ones((2, 5)), 2, axis=1)


@mistake()
def r8_split_axis_out_of_range():
    return jnp.split(jnp.ones(4), 2, axis=1)


@mistake("array split does not result in an equal division")
def r8_hsplit_indivisible():
    return jnp.hsplit(jnp.ones((2, 5)), 2)


@mistake()
def r8_vsplit_of_vector():
    return jnp.vsplit(jnp.ones(4), 2)


@mistake("integer division or modulo by zero")
def r8_array_split_zero_sections():
    return jnp.array_split(jnp.ones(4), 0)


@mistake("Invalid mode 'bogus' for np.take")
def r8_take_mode_unknown():
    return jnp.take(jnp.arange(3), jnp.array([0]), mode="bogus")


@mistake("take_along_axis indices must be of integer type, got float32")
def r8_take_along_axis_float_indices():
    return jnp.take_along_axis(jnp.ones((2, 2)), jnp.zeros((2, 1)), axis=1)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r8_take_of_matrix_axis_two():
    return jnp.take(jnp.ones((2, 2)), 0, axis=2)


@mistake("'kind' argument to argsort is not supported. Use stable=True or stable=False to specify")
def r8_argsort_kind_keyword():
    return jnp.argsort(jnp.array([3, 1, 2]), kind="heapsort")


@mistake(
    "'kind' argument to sort is not supported. Use stable=True or stable=False to specify sort"
)
def r8_sort_kind_keyword():
    return jnp.sort(jnp.array([3, 1, 2]), kind="quicksort")


@mistake("'order' argument to argsort is not supported.")
def r8_argsort_order_keyword():
    return jnp.argsort(jnp.array([3, 1, 2]), order="x")


@mistake()
def r8_argsort_descending_string():
    return jnp.argsort(jnp.array([3, 1, 2]), descending="yes")


@mistake("jnp.pad: pad_width with nd=1 has unsupported shape (1, 3). Valid shapes are (1, 2), (1")
def r8_pad_widths_triple():
    return jnp.pad(jnp.ones(3), ((1, 2, 3),))


@mistake("`pad_width` must be of integral type.")
def r8_pad_float_width():
    return jnp.pad(jnp.ones(3), 1.5)


@mistake("jnp.pad: pad_width with nd=1 has unsupported shape (2, 2). Valid shapes are (1, 2), (1")
def r8_pad_too_many_pairs():
    return jnp.pad(jnp.ones(3), ((1, 1), (1, 1)))


@mistake("jnp.pad: constant_values has unsupported shape (3,)")
def r8_pad_constant_values_too_many():
    return jnp.pad(jnp.ones(3), 1, constant_values=(1, 2, 3))


@mistake("unsupported keyword arguments for mode 'constant'", "stat_length")
def r8_pad_stat_length_with_constant():
    return jnp.pad(jnp.ones(3), 1, stat_length=2)


@mistake("Unimplemented padding mode 'reflection' for np.pad.")
def r8_pad_mode_typo():
    return jnp.pad(jnp.ones(3), 1, mode="reflection")


@mistake("Cannot apply 'reflect' padding to empty axis")
def r8_pad_reflect_empty():
    return jnp.pad(jnp.ones(0), 1, mode="reflect")


@mistake()
def r8_pad_mode_callable_not_supported():
    return jnp.pad(jnp.ones(3), 1, mode=lambda v, w, i, k: v)


@mistake("nonnegative")
def r8_repeat_negative():
    return jnp.repeat(jnp.ones(3), -1)


@mistake("integer")
def r8_repeat_float_count():
    return jnp.repeat(jnp.ones(3), 1.5)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r8_repeat_axis_out_of_range():
    return jnp.repeat(jnp.ones(3), 2, axis=1)


@mistake("operands could not be broadcast together with remapped shapes [original->remapped]: (2,)")
def r8_repeat_lengths_differ_2d():
    return jnp.repeat(jnp.ones((2, 3)), jnp.array([1, 2]), axis=1)


@mistake("float division by zero")
def r8_arange_zero_step_float():
    return jnp.arange(0.0, 1.0, 0.0)


@mistake("Passing complex start/stop/step to jnp.arange is no longer supported")
def r8_arange_complex():
    return jnp.arange(1j)


@mistake()
def r8_arange_string():
    return jnp.arange("3")


@mistake("arange() missing 1 required positional argument: 'start'")
def r8_arange_no_arguments():
    return jnp.arange()


@mistake("jax.numpy.arange: arguments must be scalars")
def r8_arange_of_array():
    return jnp.arange(jnp.ones(3))


@mistake()
def r8_geomspace_zero_start():
    return jnp.geomspace(0.0, 1.0, 3)


@mistake("Number of samples, -1, must be non-negative.")
def r8_logspace_negative_num():
    return jnp.logspace(0.0, 1.0, -1)


@mistake("scalar arrays can be converted to")
def r8_linspace_array_num():
    return jnp.linspace(0.0, 1.0, jnp.array([3]))


@mistake("shape must have every element be nonnegative, got (-1, 3)")
def r8_broadcast_to_negative():
    return jnp.broadcast_to(jnp.ones(3), (-1, 3))


@mistake("JAX only supports number, bool, and string dtypes, got dtype float128 in zeros")
def r8_zeros_dtype_float128():
    return jnp.zeros(3, dtype="float128")


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'object'> in ones")
def r8_ones_dtype_object():
    return jnp.ones(3, dtype=object)


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'str'> in astype")
def r8_astype_str():
    return jnp.ones(3).astype(str)


@mistake("JAX only supports number, bool, and string dtypes, got dtype S1")
def r8_astype_bytes_string():
    return jnp.ones(3).astype("S1")


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'object'> in astype")
def r8_astype_object():
    return jnp.ones(3).astype(object)


@mistake("data type 'floot32' not understood")
def r8_astype_unknown_name():
    return jnp.ones(3).astype("floot32")


@mistake("JAX only supports number, bool, and string dtypes, got dtype <class 'str'> in array")
def r8_array_of_strings_dtype_str():
    return jnp.array([1, 2], dtype=str)


@mistake("Value '1.0' with dtype <U3 is not a valid JAX array type. Only arrays of numeric types")
def r8_asarray_of_string():
    return jnp.asarray("1.0")


@mistake("with dtype |S3 is not a valid JAX array type")
def r8_array_of_bytes():
    return jnp.array(b"abc")


@mistake("with dtype object is not a valid JAX array type")
def r8_array_of_dict():
    return jnp.array({"a": 1})


@mistake("with dtype object is not a valid JAX array type")
def r8_array_of_set():
    return jnp.array({1, 2})


@mistake("None is not a valid value for jnp.array")
def r8_array_with_none_element():
    return jnp.array([1.0, None])


@mistake("data type 'floot32' not understood")
def r8_dtype_unknown_name():
    return jnp.dtype("floot32")


@mistake()
def r8_zeros_like_of_string():
    return jnp.zeros_like("abc")


@mistake("'float' object is not iterable")
def r8_sum_axis_float():
    return jnp.sum(jnp.ones((2, 2)), axis=0.0)


@mistake("data type 'floot' not understood")
def r8_sum_dtype_string_unknown():
    return jnp.sum(jnp.ones(3), dtype="floot")


@mistake("<U1 is not a valid JAX array type")
def r8_mean_of_strings():
    return jnp.mean(jnp.array(["a"]))


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0")
def r8_moveaxis_repeated_source():
    return jnp.moveaxis(jnp.ones((2, 3)), (0, 0), (0, 1))


@mistake("Inconsistent number of elements: 2 vs 1")
def r8_moveaxis_lengths_differ():
    return jnp.moveaxis(jnp.ones((2, 3)), (0, 1), (0,))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r8_rollaxis_out_of_range():
    return jnp.rollaxis(jnp.ones((2, 3)), 3)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r8_diff_axis_out_of_range():
    return jnp.diff(jnp.ones(3), axis=1)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r8_cumprod_axis_out_of_range():
    return jnp.cumprod(jnp.ones(3), axis=1)


@mistake()
def r8_argmin_axis_out_of_range():
    return jnp.argmin(jnp.ones(3), axis=1)


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(1, 2)")
def r8_squeeze_axis_tuple_non_unit():
    return jnp.squeeze(jnp.ones((1, 2)), axis=(0, 1))


@mistake("axis 3 is out of bounds for array of dimension 3")
def r8_expand_dims_axis_tuple_out_of_range():
    return jnp.expand_dims(jnp.ones(3), (0, 3))


@mistake("Dimension must be either 2 or 3 for cross product")
def r8_cross_size_four():
    return jnp.cross(jnp.ones(4), jnp.ones(4))


@mistake("convolve() only support 1-dimensional inputs.")
def r8_convolve_of_matrix():
    return jnp.convolve(jnp.ones((2, 2)), jnp.ones(2))


@mistake("correlate: inputs cannot be empty, got shapes (0,) and (2,).")
def r8_correlate_empty():
    return jnp.correlate(jnp.ones(0), jnp.ones(2))


@mistake("mode must be one of ['full', 'same', 'valid']")
def r8_convolve_mode_unknown():
    return jnp.convolve(jnp.ones(3), jnp.ones(2), mode="bogus")


@mistake("invalid entry in choice array")
def r8_choose_out_of_range_raise():
    return jnp.choose(jnp.array([0, 3]), [jnp.ones(2), jnp.zeros(2)], mode="raise")


@mistake("mode='bogus' not understood. Must be 'raise', 'wrap', or 'clip'")
def r8_choose_mode_unknown():
    return jnp.choose(jnp.array([0, 1]), [jnp.ones(2), jnp.zeros(2)], mode="bogus")


@mistake("with 1 condition(s), either 1 or 2 functions are expected; got 3")
def r8_piecewise_too_many_functions():
    x = jnp.arange(3.0)
    return jnp.piecewise(x, [x > 0], [1.0, 2.0, 3.0])


@mistake("invalid argument method='bogus', expected one of")
def r8_searchsorted_method_unknown():
    return jnp.searchsorted(jnp.arange(3), 1, method="bogus")


@mistake("index is out of bounds for axis 0 with size 0")
def r8_histogram_negative_bins():
    return jnp.histogram(jnp.ones(3), bins=-1)


@mistake()
def r8_histogram_range_reversed():
    return jnp.histogram(jnp.ones(3), bins=3, range=(1.0, 0.0))


@mistake("where requires ndarray or scalar arguments, got <class 'NoneType'> at position 2.")
def r8_where_x_without_y():
    return jnp.where(jnp.ones(3) > 0, jnp.ones(3))


@mistake("Incompatible shapes for broadcasting")
def r8_select_default_shape():
    return jnp.select([jnp.ones(3) > 0], [jnp.ones(3)], default=jnp.ones(2))


@mistake("clip() got an unexpected keyword argument 'a_min'")
def r8_clip_min_and_a_min():
    return jnp.clip(jnp.ones(3), a_min=0.0, min=0.0)


@mistake("mul got incompatible shapes for broadcasting: (3,), (2,).")
def r8_trapezoid_x_length():
    return jnp.trapezoid(jnp.ones(3), x=jnp.ones(4))


@mistake("invalid entry in coordinates array")
def r8_ravel_multi_index_out_of_bounds():
    return jnp.ravel_multi_index((jnp.array([3]), jnp.array([0])), (2, 2), mode="raise")


@mistake()
def r8_unravel_index_shape_negative():
    return jnp.unravel_index(1, (-2, 2))


@mistake("'float' object cannot be interpreted as an integer")
def r8_indices_float_dims():
    return jnp.indices((2.0, 3))


@mistake("Argument to jax.numpy.triu must be at least 2D")
def r8_triu_of_scalar():
    return jnp.triu(jnp.array(1.0))


@mistake("diag input must be 1d or 2d")
def r8_diag_of_scalar():
    return jnp.diag(jnp.array(1.0))


@mistake("zero-size array to reduction operation max which has no identity")
def r8_nanmax_of_empty():
    return jnp.nanmax(jnp.ones(0))


@mistake("zero-size array to reduction operation min which has no identity")
def r8_min_of_empty_axis():
    return jnp.min(jnp.ones((0, 2)), axis=0)


@mistake("attempt to get argmax of an empty sequence")
def r8_argmax_of_empty_axis():
    return jnp.argmax(jnp.ones((2, 0)), axis=1)


@mistake("'float' object is not iterable")
def r8_resize_float_shape():
    return jnp.resize(jnp.ones(3), 2.5)


@mistake()
def r8_roll_shift_float():
    return jnp.roll(jnp.ones(3), 1.5)


@mistake("dimensions must be unique, got (0, 0)")
def r8_flip_axis_tuple_repeated():
    return jnp.flip(jnp.ones((2, 2)), axis=(0, 0))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r8_transpose_axes_out_of_range():
    return jnp.transpose(jnp.ones((2, 3)), (0, 2))


@mistake()
def r8_swapaxes_same_ok():
    return jnp.swapaxes(jnp.ones((2, 3)), 0, 0)


@mistake()
def r8_kron_ok_of_different_ranks():
    return jnp.kron(jnp.ones(2), jnp.ones((2, 2)))


@mistake()
def r8_array_equal_ok_shapes_differ():
    return jnp.array_equal(jnp.ones(2), jnp.ones(3))


@mistake("'float' object is not iterable")
def r8_count_nonzero_axis_float():
    return jnp.count_nonzero(jnp.ones(3), axis=0.5)


@mistake("Abstract tracer value encountered where concrete value is expected", "jnp.unique")
def r8_unique_return_counts_in_jit():
    return jax.jit(lambda x: jnp.unique(x, return_counts=True))(jnp.arange(3))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The error arose in setdiff1d()",
)
def r8_setdiff1d_in_jit():
    return jax.jit(lambda a, b: jnp.setdiff1d(a, b))(jnp.arange(3), jnp.arange(2))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The error arose in union1d()",
)
def r8_union1d_in_jit():
    return jax.jit(lambda a, b: jnp.union1d(a, b))(jnp.arange(3), jnp.arange(2))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r8_intersect1d_in_jit():
    return jax.jit(lambda a, b: jnp.intersect1d(a, b))(jnp.arange(3), jnp.arange(2))


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "Error arose in the `filt` argument of trim_zeros()",
)
def r8_trim_zeros_in_jit():
    return jax.jit(jnp.trim_zeros)(jnp.arange(3))


@mistake("(-1,)")
def r8_nonzero_size_negative():
    return jnp.nonzero(jnp.ones(3), size=-1)


# ---------------------------------------------------------------------------------------------
# Python ints that do not fit int32


@mistake("Python integer 1099511627776 out of bounds for int32")
def r8_array_of_big_python_int_list():
    return jnp.array([1, 2**40])


@mistake("Python integer 1099511627776 out of bounds for int32")
def r8_int32_of_big_python_int():
    return jnp.int32(2**40)


@mistake("Python int 1180591620717411303424 too large to convert to int32")
def r8_array_of_int_beyond_int64():
    return jnp.array(2**70)


@mistake()
def r8_full_big_fill_int32():
    return jnp.full(3, 2**40, dtype=jnp.int32)


@mistake("2147483648")
def r8_add_two_pow_31():
    return jnp.zeros(3, dtype=jnp.int32) + 2**31


@mistake("34359738368")
def r8_multiply_big_int_in_jit():
    return jax.jit(lambda x: x * 2**35)(jnp.arange(3))


@mistake()
def r8_int8_array_plus_big_int():
    return jnp.arange(3, dtype=jnp.int8) + 1000


@mistake()
def r8_uint32_minus_negative_literal_ok():
    return jnp.arange(3, dtype=jnp.uint32) - 1


@mistake()
def r8_arange_beyond_int32():
    return jnp.arange(2**40, 2**40 + 3)


@mistake("Python integer 8589934592 out of bounds for int32")
def r8_asarray_big_int_dtype_int32():
    return jnp.asarray(2**33, dtype=jnp.int32)


@mistake("1099511627776")
def r8_where_big_int_branch():
    return jnp.where(jnp.ones(3) > 0, 2**40, 0)


@mistake()
def r8_lax_full_big_int():
    return lax.full((2,), 2**40, jnp.int32)


@mistake("1099511627776")
def r8_jit_argument_big_int():
    return jax.jit(lambda n: n + 1)(2**40)


@mistake("Python integer 1048576 out of bounds for int16")
def r8_int16_of_big_python_int():
    return jnp.int16(2**20)


@mistake("Python integer -1 out of bounds for uint8")
def r8_uint8_array_of_negative_list():
    return jnp.array([-1, 2], dtype=jnp.uint8)


@mistake("Python int 1099511627776 too large to convert to int32")
def r8_at_set_big_int():
    return jnp.zeros(3, dtype=jnp.int32).at[0].set(2**40)


@mistake("1099511627776")
def r8_clip_big_int_bound():
    return jnp.clip(jnp.arange(3), 0, 2**40)


# ---------------------------------------------------------------------------------------------
# linalg and fft arguments


@mistake()
def r8_pinv_of_vector():
    return jnp.linalg.pinv(jnp.ones(3))


@mistake("The input to eig must be a square matrix. Got shape (2, 3)")
def r8_eigvals_non_square():
    return jnp.linalg.eigvals(jnp.ones((2, 3)))


@mistake()
def r8_eigvalsh_of_vector():
    return jnp.linalg.eigvalsh(jnp.ones(3))


@mistake("jnp.linalg.cond: input array must be at least 2D; got arr.shape=(3,)")
def r8_cond_of_vector():
    return jnp.linalg.cond(jnp.ones(3))


@mistake("left hand array must be at least two dimensional; got a.shape=(3,)")
def r8_solve_matrix_a_vector():
    return jnp.linalg.solve(jnp.ones(3), jnp.ones(3))


@mistake("inconsistent size for core dimension 'm': 4 vs 3")
def r8_solve_b_too_long():
    return jnp.linalg.solve(jnp.eye(3), jnp.ones(4))


@mistake()
def r8_cholesky_of_vector():
    return jnp.linalg.cholesky(jnp.ones(3))


@mistake("Argument to slogdet() must have shape [..., n, n], got (2, 2, 3)")
def r8_slogdet_non_square_batch():
    return jnp.linalg.slogdet(jnp.ones((2, 2, 3)))


@mistake("1-dimensional array given. Array must be at least two-dimensional")
def r8_matrix_power_of_vector():
    return jnp.linalg.matrix_power(jnp.ones(3), 2)


@mistake("Argument to inv must have shape [..., n, n], got ().")
def r8_inv_of_scalar():
    return jnp.linalg.inv(jnp.array(2.0))


@mistake("Argument to _det() must have shape [..., n, n], got ()")
def r8_det_of_scalar():
    return jnp.linalg.det(jnp.array(2.0))


@mistake("Input 0 to svd must have rank at least 2, but got shape=()")
def r8_svd_of_scalar():
    return jnp.linalg.svd(jnp.array(2.0))


@mistake("Unsupported QR decomposition mode 'economic'")
def r8_qr_mode_unknown():
    return jnp.linalg.qr(jnp.eye(2), mode="economic")


@mistake("Invalid order 'nuc' for vector norm.")
def r8_norm_ord_invalid_for_vector():
    return jnp.linalg.norm(jnp.ones(3), ord="nuc")


@mistake("axis 1 is out of bounds for array of dimension 1")
def r8_norm_axis_out_of_range():
    return jnp.linalg.norm(jnp.ones(3), axis=1)


@mistake("1-dimensional array given. Array must be two-dimensional")
def r8_lstsq_of_vector_a():
    return jnp.linalg.lstsq(jnp.ones(3), jnp.ones(3))


@mistake("Input arrays must have prod(a.shape[:b.ndim]) == prod(a.shape[b.ndim:]); got a.shape=(2")
def r8_tensorsolve_shapes():
    return jnp.linalg.tensorsolve(jnp.ones((2, 3)), jnp.ones(2))


@mistake()
def r8_eigh_of_scalar():
    return jnp.linalg.eigh(jnp.array(1.0))


@mistake("matrix_transpose requires at least 2 dimensions; got ndim=1")
def r8_matrix_transpose_of_vector():
    return jnp.linalg.matrix_transpose(jnp.ones(3))


@mistake("incompatible shapes for broadcasting: (2, 3), (3, 2)")
def r8_lax_linalg_cholesky_non_square():
    return lax.linalg.cholesky(jnp.ones((2, 3)))


@mistake("Incompatible shapes for arguments to triangular_solve: (3, 3) and (2, 2)")
def r8_lax_linalg_triangular_solve_shapes():
    return lax.linalg.triangular_solve(jnp.eye(3), jnp.ones((2, 2)), left_side=True)


@mistake()
def r8_fft_of_int_ok():
    return jnp.fft.fft(jnp.arange(4))


@mistake("'float' object cannot be interpreted as an integer")
def r8_fft_n_float():
    return jnp.fft.fft(jnp.ones(4), n=2.5)


@mistake("axis 2 is out of bounds for array of dimension 1")
def r8_ifft_axis_out_of_range():
    return jnp.fft.ifft(jnp.ones(4), axis=2)


@mistake("Shape should be positive.")
def r8_fftn_s_negative():
    return jnp.fft.fftn(jnp.ones((2, 2)), s=(-1, 2))


@mistake("jax.numpy.fft.fft2 does not support repeated axes. Got axes (0, 0).")
def r8_fft2_axes_repeated():
    return jnp.fft.fft2(jnp.ones((2, 2)), axes=(0, 0))


@mistake("tuple index out of range")
def r8_ifftshift_axes_out_of_range():
    return jnp.fft.ifftshift(jnp.ones(3), axes=2)


@mistake("only real valued inputs supported for rfft")
def r8_rfft2_of_complex():
    return jnp.fft.rfft2(jnp.ones((2, 2), dtype=jnp.complex64))


@mistake("Shape and axes have different lengths.")
def r8_irfftn_s_axes_lengths():
    return jnp.fft.irfftn(jnp.ones((2, 2)), s=(2, 2, 2), axes=(0, 1))


@mistake('Invalid norm value backwards; should be "backward","ortho" or "forward".')
def r8_fft_norm_backward_typo():
    return jnp.fft.fft(jnp.ones(4), norm="backwards")


@mistake("Shape should be positive.")
def r8_hfft_n_zero():
    return jnp.fft.hfft(jnp.ones(4), n=0)


@mistake("<class 'str'>")
def r8_fft_of_string():
    return jnp.fft.fft("abc")


# ---------------------------------------------------------------------------------------------
# Meshes and shardings


@mistake("'str' object has no attribute 'partitions'")
def r8_named_sharding_string_spec():
    return NamedSharding(mesh2, "x")


@mistake("object has no attribute 'size'")
def r8_named_sharding_arguments_swapped():
    return NamedSharding(P("x"), mesh2)


@mistake("Resource axis: y of P('y',) is not found in mesh: ('x',).")
def r8_named_sharding_unknown_axis_device_put():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh2, P("y")))


@mistake("A single NamedSharding spec specification can map every mesh axis to at most one")
def r8_named_sharding_axis_twice_across_dims():
    return jax.device_put(jnp.ones((4, 4)), NamedSharding(mesh2, P("x", "x")))


@mistake("is only valid for values of rank at least 2, but was applied to a value of rank 1")
def r8_named_sharding_spec_rank_too_long():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh24, P("x", "y")))


@mistake("Resource axis: z of P(('x', 'z'),) is not found in mesh: ('x', 'y').")
def r8_named_sharding_tuple_axis_unknown():
    return jax.device_put(jnp.ones(8), NamedSharding(mesh24, P(("x", "z"))))


@mistake("A single NamedSharding spec specification can map every mesh axis to at most one")
def r8_named_sharding_tuple_axis_repeated():
    return jax.device_put(jnp.ones(8), NamedSharding(mesh24, P(("x", "x"))))


@mistake("Mesh requires the ndim of its first argument (`devices`) to equal the length of its")
def r8_mesh_names_count():
    return Mesh(np.array(jax.devices()).reshape(2, 4), ("x",))


@mistake("Mesh requires the ndim of its first argument (`devices`) to equal the length of its")
def r8_mesh_names_string_for_2d():
    return Mesh(np.array(jax.devices()).reshape(2, 4), "x")


@mistake()
def r8_make_mesh_names_repeated():
    return jax.make_mesh((2, 4), ("x", "x"))


@mistake("list index out of range")
def r8_make_mesh_zero_axis():
    return jax.make_mesh((0, 8), ("x", "y"))


@mistake("'int' object is not iterable")
def r8_make_mesh_shape_not_tuple():
    return jax.make_mesh(8, "x")


@mistake("'z'")
def r8_mesh_shape_unknown_axis():
    return mesh24.shape["z"]


@mistake("jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to")
def r8_jit_out_shardings_bare_spec_without_mesh():
    return jax.jit(lambda x: x, out_shardings=P("x"))(jnp.ones(4))


@mistake("jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to")
def r8_jit_in_shardings_bare_spec_without_mesh():
    return jax.jit(lambda x: x, in_shardings=P("x"))(jnp.ones(4))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x',).")
def r8_jit_in_shardings_unknown_axis_named():
    return jax.jit(lambda x: x, in_shardings=NamedSharding(mesh2, P("z")))(jnp.ones(4))


@mistake("is only valid for values of rank at least 1, but was applied to a value of rank 0")
def r8_jit_out_shardings_rank_too_long():
    return jax.jit(lambda x: x.sum(), out_shardings=NamedSharding(mesh2, P("x")))(jnp.ones(4))


@mistake("in_shardings specification must be a tree prefix of the")
def r8_jit_in_shardings_too_many():
    s = NamedSharding(mesh2, P())
    return jax.jit(lambda x: x, in_shardings=(s, s))(jnp.ones(4))


@mistake("is only valid for values of rank at least 2, but was applied to a value of rank 1")
def r8_jit_in_shardings_spec_rank():
    return jax.jit(lambda x: x, in_shardings=NamedSharding(mesh2, P(None, "x")))(jnp.ones(4))


@mistake("Resource axis: y of P('y',) is not found in mesh: ('x',).")
def r8_wsc_unknown_axis_in_jit():
    s = NamedSharding(mesh2, P("y"))
    return jax.jit(lambda x: lax.with_sharding_constraint(x, s))(jnp.ones(4))


@mistake("is only valid for values of rank at least 2, but was applied to a value of rank 1")
def r8_wsc_rank_too_long_in_jit():
    s = NamedSharding(mesh2, P("x", None))
    return jax.jit(lambda x: lax.with_sharding_constraint(x, s))(jnp.ones(4))


@mistake("with_sharding_constraint requires a non-empty mesh in context if you are passing")
def r8_wsc_bare_spec_in_jit_without_mesh():
    return jax.jit(lambda x: lax.with_sharding_constraint(x, P("x")))(jnp.ones(4))


@mistake()
def r8_single_device_sharding_of_int():
    return jax.sharding.SingleDeviceSharding(0)


@mistake("list index out of range")
def r8_device_put_device_index_out_of_range():
    return jax.device_put(jnp.ones(2), jax.devices()[100])


@mistake("has no attribute 'PositionalSharding'")
def r8_positional_sharding_removed():
    return jax.sharding.PositionalSharding(jax.devices())


@mistake("device_put device specification must be a tree prefix of the corresponding value")
def r8_device_put_sharding_list_for_array():
    return jax.device_put(jnp.ones(4), [NamedSharding(mesh2, P("x"))])


@mistake(
    "Unknown backend: 'gpu' requested, but no platforms that are instances of gpu are present."
)
def r8_local_devices_unknown_backend():
    return jax.local_devices(backend="gpu")


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`")
def r8_device_put_with_mesh_object():
    return jax.device_put(jnp.ones(4), mesh2)


# ---------------------------------------------------------------------------------------------
# shard_map


@mistake("A single NamedSharding spec specification can map every mesh axis to at most one")
def r8_shard_map_in_specs_axis_twice():
    return _smap(lambda x: x, P("x", "x"), P("x", "x"), mesh=mesh24)(jnp.ones((4, 4)))


@mistake(
    "shard_map out_specs argument must refer to an axis marked as manual", "out_specs refers to 'z'"
)
def r8_shard_map_out_specs_unknown_axis():
    return _smap(lambda x: x, P("x"), P("z"))(jnp.ones(4))


@mistake(
    "shard_map in_specs argument must refer to an axis marked as manual", "in_specs refers to 'z'"
)
def r8_shard_map_in_specs_unknown_axis():
    return _smap(lambda x: x, P("z"), P("x"))(jnp.ones(4))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r8_shard_map_out_replicated_but_varying_in_jit():
    return jax.jit(_smap(lambda x: x * 2, P("x"), P()))(jnp.ones(4))


@mistake("pytree structure error: different types at key path")
def r8_shard_map_out_specs_too_many():
    return _smap(lambda x: x, P("x"), (P("x"), P("x")))(jnp.ones(4))


@mistake("pytree structure error: different lengths of tuple at key path")
def r8_shard_map_in_specs_too_many():
    return _smap(lambda x: x, (P("x"), P("x")), P("x"))(jnp.ones(4))


@mistake(
    "was given argument arrays with axis sizes that are not evenly divisible by the corresponding mesh axis sizes"
)
def r8_shard_map_indivisible_in_jit():
    return jax.jit(_smap(lambda x: x, P("x"), P("x")))(jnp.ones(3))


@mistake(
    "was given an out_specs entry which is too long to be compatible with the corresponding",
    "out_specs is P('x',) which has length 1",
)
def r8_shard_map_body_shape_wrong_for_out_specs():
    return _smap(lambda x: x.sum(), P("x"), P("x"))(jnp.ones(4))


@mistake()
def r8_shard_map_psum_over_y_on_mesh2():
    return _smap(lambda x: lax.psum(x, "y"), P("x"), P())(jnp.ones(4))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r8_shard_map_all_gather_axis_out_of_range():
    return _smap(lambda x: lax.all_gather(x, "x", axis=3), P("x"), P())(jnp.ones(4))


@mistake()
def r8_shard_map_ppermute_perm_pairs_not_pairs():
    return _smap(lambda x: lax.ppermute(x, "x", [0, 1]), P("x"), P("x"))(jnp.ones(4))


@mistake()
def r8_shard_map_body_returns_none():
    return _smap(lambda x: None, P("x"), P("x"))(jnp.ones(4))


@mistake("pytree structure error: different types at key path")
def r8_shard_map_out_specs_none():
    return _smap(lambda x: x, P("x"), None)(jnp.ones(4))


@mistake("got an unexpected keyword argument 'x'")
def r8_shard_map_with_kwargs_call():
    return _smap(lambda x: x, P("x"), P("x"))(x=jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# pmap and collectives outside a mapped axis


@mistake("is partitioned 8 times, but the dimension size is 9")
def r8_pmap_more_than_devices():
    return jax.pmap(lambda x: x * 2)(jnp.ones(9))


@mistake("is partitioned 2 times, but the dimension size is 3")
def r8_pmap_sizes_differ():
    return jax.pmap(lambda x, y: x + y)(jnp.ones(2), jnp.ones(3))


@mistake("pmapped function has static_broadcasted_argnums=(3,) but was called with only 1")
def r8_pmap_static_broadcasted_argnums_out_of_range():
    return jax.pmap(lambda x: x, static_broadcasted_argnums=3)(jnp.ones(2))


@mistake("tuple index out of range")
def r8_pmap_in_axes_one_on_vector():
    return jax.pmap(lambda x: x, in_axes=1)(jnp.ones(2))


@mistake("Found an unbound axis name: j")
def r8_pmap_psum_wrong_name():
    return jax.pmap(lambda x: lax.psum(x, "j"), axis_name="i")(jnp.ones(2))


@mistake()
def r8_pmap_out_axes_none_on_mapped():
    return jax.pmap(lambda x: x, out_axes=None)(jnp.ones(2))


@mistake("pmap in_axes", "length 2", "length 1")
def r8_pmap_in_axes_too_many():
    return jax.pmap(lambda x: x, in_axes=(0, 0))(jnp.ones(2))


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r8_psum_in_jit_unbound():
    return jax.jit(lambda x: lax.psum(x, "i"))(jnp.ones(2))


@mistake("Found an unbound axis name: i")
def r8_pmin_outside():
    return lax.pmin(jnp.ones(2), "i")


@mistake("Found an unbound axis name: i")
def r8_pmax_in_jit_unbound():
    return jax.jit(lambda x: lax.pmax(x, "i"))(jnp.ones(2))


@mistake("unbound axis name: i")
def r8_all_to_all_outside():
    return lax.all_to_all(jnp.ones((2, 2)), "i", 0, 0)


@mistake("unbound axis name: i")
def r8_psum_scatter_outside():
    return lax.psum_scatter(jnp.ones(2), "i")


@mistake("unbound axis name: i")
def r8_axis_size_outside():
    return lax.axis_size("i")


@mistake(
    "Found an unbound axis name: i. To fix this, please call axis_index under `jax.shard_map`."
)
def r8_axis_index_in_jit_unbound():
    return jax.jit(lambda x: x + lax.axis_index("i"))(jnp.ones(2))


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r8_psum_in_grad_unbound():
    return jax.grad(lambda x: lax.psum(x, "i"))(1.0)


@mistake("Found an unbound axis name: batch")
def r8_pmean_in_scan_unbound():
    return lax.scan(lambda c, x: (lax.pmean(c, "batch"), x), 0.0, jnp.ones(2))


@mistake("unbound axis name: j")
def r8_all_gather_in_vmap_other_name():
    return jax.vmap(lambda x: lax.all_gather(x, "j"), axis_name="i")(jnp.ones(2))


@mistake()
def r8_psum_in_shard_map_axis_named_i():
    return _smap(lambda x: lax.psum(x, "i"), P("x"), P())(jnp.ones(4))


@mistake("Found an unbound axis name: i. To fix this, please call ppermute under `jax.shard_map`.")
def r8_ppermute_in_jit_unbound():
    return jax.jit(lambda x: lax.ppermute(x, "i", [(0, 1)]))(jnp.ones(2))


# ---------------------------------------------------------------------------------------------
# Export and serialization


def _exported(shape=(3,)):
    return _sub("export").export(jax.jit(lambda x: x * 2))(jax.ShapeDtypeStruct(shape, jnp.float32))


@mistake("a bytes-like object is required, not 'str'")
def r8_deserialize_string():
    return _sub("export").deserialize("abc")


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '"
)
def r8_exported_call_dict_argument():
    return _exported().call({"x": jnp.ones(3)})


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '"
)
def r8_exported_call_no_argument():
    return _exported().call()


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '"
)
def r8_exported_call_python_list():
    return _exported().call([1.0, 2.0, 3.0])


@mistake("Rank mismatch for args[0]: expected (3,) and called with (3, 3)")
def r8_exported_call_matrix():
    return _exported().call(jnp.ones((3, 3)))


@mistake("Function to be exported must be the result of `jit` but is")
def r8_export_of_lambda_not_jit():
    return _sub("export").export(lambda x: x)(jax.ShapeDtypeStruct((3,), jnp.float32))


@mistake("Error interpreting argument to")
def r8_export_with_python_object_argument():
    return _sub("export").export(jax.jit(lambda x: x))(object())


@mistake("syntax error in symbolic shape 'a, b!' in dimension 1")
def r8_export_symbolic_shape_unknown_char():
    return _sub("export").symbolic_shape("a, b!")


@mistake("polymorphic shape spec should be None or a string. Found 3.")
def r8_export_symbolic_shape_of_int():
    return _sub("export").symbolic_shape(3)


@mistake("Cannot divide evenly the sizes of shapes (a,) and (3, -1). The remainder mod(a, - 3)")
def r8_export_symbolic_reshape_bad_in_jit():
    (a,) = _sub("export").symbolic_shape("a")
    f = jax.jit(lambda x: x.reshape(3, -1))
    return _sub("export").export(f)(jax.ShapeDtypeStruct((a,), jnp.float32))


@mistake()
def r8_exported_serialize_vjp_order_negative():
    return _exported().serialize(vjp_order=-1)


@mistake("returned a value of type <class 'str'>", "which is not a valid JAX type")
def r8_export_returns_string():
    return _sub("export").export(jax.jit(lambda x: "s"))(jax.ShapeDtypeStruct((3,), jnp.float32))


# ---------------------------------------------------------------------------------------------
# Pytrees


@mistake("Comparator raised exception while sorting pytree dictionary keys")
def r8_tree_map_dict_keys_mixed_types():
    return jax.tree.map(lambda x: x, {1: 1.0, "a": 2.0})


@mistake("pytree structure error: different lengths of tuple at key path")
def r8_tree_map_tuple_lengths():
    return jax.tree.map(lambda a, b: a + b, (1.0, 2.0), (1.0,))


@mistake("unsupported operand type(s) for +: 'float' and 'dict'")
def r8_tree_map_leaf_vs_dict():
    return jax.tree.map(lambda a, b: a + b, 1.0, {"a": 1.0})


@mistake("Too many leaves for PyTreeDef; expected 2.")
def r8_tree_unflatten_wrong_count():
    treedef = jax.tree.structure((1, 2))
    return jax.tree.unflatten(treedef, [1, 2, 3])


@mistake("'list' object has no attribute 'unflatten'")
def r8_tree_unflatten_swapped_arguments():
    treedef = jax.tree.structure((1, 2))
    return jax.tree.unflatten([1, 2], treedef)


@mistake()
def r8_register_pytree_node_flatten_not_callable():
    class Thing:
        pass

    jax.tree_util.register_pytree_node(Thing, None, None)
    return jax.tree.leaves(Thing())


@mistake()
def r8_tree_flatten_is_leaf_int():
    return jax.tree_util.tree_flatten([1, 2], is_leaf=1)


@mistake("Mismatch")
def r8_tree_transpose_outer_mismatch():
    outer = jax.tree.structure([0, 0])
    inner = jax.tree.structure((0, 0))
    return jax.tree.transpose(outer, inner, [(1, 2), (3, 4), (5, 6)])


@mistake("r8_unflatten_returns_wrong_children_count.<locals>.Pair.__init__() takes 3 positional")
def r8_unflatten_returns_wrong_children_count():
    class Pair:
        def __init__(self, a, b):
            self.a, self.b = a, b

    jax.tree_util.register_pytree_node(
        Pair, lambda p: ((p.a, p.b), None), lambda aux, ch: Pair(*ch)
    )
    return jax.jit(lambda p: p.a + p.b)(Pair(1.0, 2.0, 3.0))


@mistake("pytree structure error: different types at key path")
def r8_tree_map_namedtuple_vs_dict():
    import collections

    Pt = collections.namedtuple("Pt", "x y")
    return jax.tree.map(lambda a, b: a + b, Pt(1.0, 2.0), {"x": 1.0, "y": 2.0})


@mistake()
def r8_tree_leaves_with_path_keystr_list():
    return jax.tree_util.keystr([1, 2])


@mistake("takes 2 positional arguments but 3 were given")
def r8_tree_util_partial_call_wrong_args():
    p = jax.tree_util.Partial(lambda a, b: a + b, 1.0)
    return p(1.0, 2.0)


@mistake("reduce() of empty iterable with no initial value")
def r8_tree_reduce_empty_list():
    return jax.tree.reduce(lambda a, b: a + b, [])


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r8_jit_unhashable_static_of_dict_pytree():
    return jax.jit(lambda x, cfg: x, static_argnums=1)(1.0, {"k": [1]})


# ---------------------------------------------------------------------------------------------
# custom_jvp / custom_vjp rules


@mistake(
    "must produce a pair (list or tuple of length two) representing primal and tangent outputs"
)
def r8_custom_jvp_rule_returns_single():
    f = jax.custom_jvp(lambda x: x * 2)
    f.defjvp(lambda primals, tangents: primals[0] * 2)
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("takes 1 positional argument but 2 were given")
def r8_custom_jvp_rule_one_parameter():
    f = jax.custom_jvp(lambda x: x * 2)
    f.defjvp(lambda primals: (primals[0], primals[0]))
    return jax.jvp(f, (1.0,), (1.0,))


@mistake("Custom JVP rule must produce primal and tangent outputs with corresponding shapes and")
def r8_custom_jvp_rule_tangent_shape_in_grad():
    f = jax.custom_jvp(lambda x: x.sum())
    f.defjvp(lambda p, t: (p[0].sum(), t[0]))
    return jax.grad(f)(jnp.ones(3))


@mistake("Custom JVP rule must produce primal and tangent outputs with corresponding shapes")
def r8_custom_jvp_primal_dtype_from_rule():
    f = jax.custom_jvp(lambda x: x * 2)
    f.defjvp(lambda p, t: (p[0].astype(jnp.int32), t[0]))
    return jax.jvp(f, (jnp.float32(1.0),), (jnp.float32(1.0),))


@mistake(
    "Custom VJP fwd rule",
    "must produce a pair (list or tuple of length two) where the first element represents the primal output",
)
def r8_custom_vjp_fwd_returns_three():
    f = jax.custom_vjp(lambda x: x * 2)
    f.defvjp(lambda x: (x * 2, x, x), lambda r, g: (g,))
    return jax.grad(f)(1.0)


@mistake("Custom VJP bwd rule must produce an output with the same container (pytree) structure as")
def r8_custom_vjp_bwd_too_many_outputs():
    f = jax.custom_vjp(lambda x: x * 2)
    f.defvjp(lambda x: (x * 2, None), lambda r, g: (g, g))
    return jax.grad(f)(1.0)


@mistake("Custom VJP bwd rule must produce an output with the same type as the args tuple of the")
def r8_custom_vjp_bwd_shape_for_vector():
    f = jax.custom_vjp(lambda x: x.sum())
    f.defvjp(lambda x: (x.sum(), None), lambda r, g: (g,))
    return jax.grad(f)(jnp.ones(3))


@mistake("Custom VJP bwd rule must produce an output with the same container (pytree) structure as")
def r8_custom_vjp_bwd_returns_array_not_tuple():
    f = jax.custom_vjp(lambda x, y: x * y)
    f.defvjp(lambda x, y: (x * y, (x, y)), lambda r, g: g)
    return jax.grad(f)(1.0, 2.0)


@mistake("takes 1 positional argument but 2 were given")
def r8_custom_vjp_bwd_wrong_arity():
    f = jax.custom_vjp(lambda x: x * 2)
    f.defvjp(lambda x: (x * 2, None), lambda g: (g,))
    return jax.grad(f)(1.0)


@mistake("takes 1 positional argument but 2 were given")
def r8_custom_vjp_fwd_wrong_arity():
    f = jax.custom_vjp(lambda x, y: x * y)
    f.defvjp(lambda x: (x, None), lambda r, g: (g, g))
    return jax.grad(f)(1.0, 2.0)


@mistake("tuple index out of range")
def r8_custom_jvp_nondiff_argnums_out_of_range():
    f = jax.custom_jvp(lambda x: x, nondiff_argnums=(2,))
    f.defjvp(lambda p, t: (p[0], t[0]))
    return f(1.0)


@mistake(
    "The input arguments to the custom_vjp-decorated function",
    "could not be resolved to positional-only arguments",
    "missing a required argument: 'y'",
)
def r8_custom_vjp_call_missing_argument():
    f = jax.custom_vjp(lambda x, y: x * y)
    f.defvjp(lambda x, y: (x * y, None), lambda r, g: (g, g))
    return f(1.0)


@mistake(
    "must produce a pair (list or tuple of length two) representing primal and tangent outputs"
)
def r8_custom_jvp_rule_returns_list_of_three():
    f = jax.custom_jvp(lambda x: x * 2)
    f.defjvp(lambda p, t: [p[0], t[0], t[0]])
    return jax.jvp(f, (1.0,), (1.0,))


@mistake()
def r8_custom_vjp_bwd_dtype_int_for_float():
    f = jax.custom_vjp(lambda x: x * 2)
    f.defvjp(lambda x: (x * 2, None), lambda r, g: (jnp.int32(1),))
    return jax.grad(f)(1.0)


@mistake("the first argument must be callable")
def r8_custom_jvp_defjvp_not_callable():
    f = jax.custom_jvp(lambda x: x * 2)
    f.defjvp("rule")
    return jax.jvp(f, (1.0,), (1.0,))


# ---------------------------------------------------------------------------------------------
# checkify and callbacks


@mistake("Cannot abstractly evaluate a checkify.check which was not functionalized. This probably")
def r8_checkify_check_in_cond_without_checkify():
    return lax.cond(True, lambda x: checkify.check(x > 0, "positive"), lambda x: None, 1.0)


@mistake("out-of-bounds indexing for array of shape (3,): index 5 is out of bounds for axis 0 with")
def r8_checkify_index_error_thrown():
    f = checkify.checkify(lambda x, i: x[i], errors=checkify.index_checks)
    err, _ = f(jnp.ones(3), 5)
    return err.throw()


@mistake(
    "Formatting arguments to checkify.check need to be PyTrees of arrays, but got -1.0 of type"
)
def r8_checkify_user_check_thrown_message():
    def f(x):
        checkify.check(x > 0, "x must be positive, got {x}", x=x)
        return x

    err, _ = checkify.checkify(f)(-1.0)
    return err.throw()


@mistake()
def r8_checkify_errors_unknown_type():
    return checkify.checkify(lambda x: x, errors="all")(1.0)


@mistake("Formatting arguments to checkify.check need to be PyTrees of arrays, but got 1.0 of type")
def r8_checkify_check_message_format_missing():
    def f(x):
        checkify.check(x > 0, "bad {y}", x=x)
        return x

    return checkify.checkify(f)(1.0)


@mistake("CpuCallback error calling callback")
def r8_pure_callback_result_shape_mismatch():
    def f(x):
        return jax.pure_callback(
            lambda v: np.ones(4, np.float32), jax.ShapeDtypeStruct((3,), jnp.float32), x
        )

    return jax.block_until_ready(jax.jit(f)(jnp.ones(3)))


@mistake()
def r8_pure_callback_dtype_mismatch():
    def f(x):
        return jax.pure_callback(
            lambda v: np.ones(3, np.float64), jax.ShapeDtypeStruct((3,), jnp.float32), x
        )

    return jax.block_until_ready(jax.jit(f)(jnp.ones(3)))


@mistake("'int' object has no attribute")
def r8_pure_callback_result_shape_not_struct():
    return jax.jit(lambda x: jax.pure_callback(lambda v: v, (3,), x))(jnp.ones(3))


@mistake("first argument to jax.debug.callback must be callable, but got an object of type <class")
def r8_debug_callback_non_callable():
    return jax.debug.callback("print", 1.0)


@mistake("tuple index out of range")
def r8_debug_print_index_out_of_range():
    return jax.debug.print("{} {}", 1.0)


@mistake("vmap is only supported for the pure_callback primitive when vmap_method is one of")
def r8_vmap_of_pure_callback_unbatchable():
    def f(x):
        return jax.pure_callback(lambda v: v, jax.ShapeDtypeStruct((), jnp.float32), x)

    return jax.vmap(f)(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# jit: returns, static arguments, donation, lowering


@mistake("unhashable type")
def r8_jit_returns_set():
    return jax.jit(lambda x: {x})(1.0)


@mistake("returned a value of type <class 'generator'>", "which is not a valid JAX type")
def r8_jit_returns_generator():
    return jax.jit(lambda x: (v for v in [x]))(1.0)


@mistake("returned a value of type <class 'bytes'>", "which is not a valid JAX type")
def r8_jit_returns_bytes():
    return jax.jit(lambda x: b"out")(1.0)


@mistake("returned a value of type <class 'str'>", "which is not a valid JAX type")
def r8_jit_returns_dict_with_string():
    return jax.jit(lambda x: {"loss": x, "name": "mse"})(1.0)


@mistake("returned a value of type <class 'numpy.ndarray'>", "which is not a valid JAX type")
def r8_jit_returns_numpy_object_array():
    return jax.jit(lambda x: np.array([None]))(1.0)


@mistake(
    "returned a value of type <class 'numpy.dtypes.Float32DType'>", "which is not a valid JAX type"
)
def r8_jit_returns_dtype():
    return jax.jit(lambda x: x.dtype)(1.0)


@mistake("returned a value of type <class 'slice'>", "which is not a valid JAX type")
def r8_jit_returns_slice():
    return jax.jit(lambda x: slice(0, 1))(1.0)


@mistake(
    "returned a value of type <class 'mistakes_catalogue.r8_jit_returns_instance_in_tuple.<locals>.Box'>",
    "which is not a valid JAX type",
)
def r8_jit_returns_instance_in_tuple():
    class Box:
        pass

    return jax.jit(lambda x: (x, Box()))(1.0)


@mistake()
def r8_jit_returns_none_ok():
    return jax.jit(lambda x: None)(1.0)


@mistake()
def r8_jit_returns_shape_tuple_ok():
    return jax.jit(lambda x: x.shape)(jnp.ones(3))


@mistake("Error interpreting argument to")
def r8_jit_argument_list_of_strings():
    return jax.jit(lambda xs: xs)(["a", "b"])


@mistake()
def r8_jit_argument_none_ok():
    return jax.jit(lambda x, y: x)(1.0, None)


@mistake("Error interpreting argument to")
def r8_jit_argument_complex_object():
    return jax.jit(lambda x: x)(complex)


@mistake("Error interpreting argument to")
def r8_jit_argument_lambda():
    return jax.jit(lambda f, x: f(x))(lambda v: v, 1.0)


@mistake("Jitted function has invalid argnames {'nums'} in static_argnames. Function does not take")
def r8_static_argnames_typo():
    def f(x, num):
        return x * num

    return jax.jit(f, static_argnames="nums")(1.0, num=2)


@mistake("Jitted function has invalid argnames {'num'} in static_argnames. Function does not take")
def r8_static_argnames_typo_then_range():
    def f(x, n):
        return sum(x for _ in range(n))

    return jax.jit(f, static_argnames="num")(1.0, 3)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r8_static_argnums_then_traced_range():
    def f(n, x):
        return x * len(range(n))

    return jax.jit(f, static_argnums=1)(3, 1.0)


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r8_static_arg_jnp_array_value():
    return jax.jit(lambda x, n: x * n, static_argnames="n")(1.0, n=jnp.array(2))


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r8_static_arg_numpy_array_value():
    return jax.jit(lambda x, n: x, static_argnums=1)(1.0, np.ones(2))


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r8_static_arg_list_value():
    return jax.jit(lambda x, dims: x, static_argnums=1)(1.0, [1, 2])


@mistake("'float' object is not iterable")
def r8_static_argnums_float():
    return jax.jit(lambda x: x, static_argnums=1.0)(1.0)


@mistake("'int' object is not iterable")
def r8_static_argnames_int():
    return jax.jit(lambda x: x, static_argnames=0)(1.0)


@mistake("'str' object cannot be interpreted as an integer")
def r8_donate_argnums_string():
    return jax.jit(lambda x: x, donate_argnums="x")(1.0)


@mistake("missing 1 required positional argument: 'y'")
def r8_jit_missing_positional():
    return jax.jit(lambda x, y: x + y)(1.0)


@mistake("takes 1 positional argument but 2 were given")
def r8_jit_too_many_positional():
    return jax.jit(lambda x: x)(1.0, 2.0)


@mistake("got multiple values for argument 'x'")
def r8_jit_duplicate_keyword():
    return jax.jit(lambda x: x)(1.0, x=2.0)


@mistake("Expected a callable value, got 1.0")
def r8_jit_decorator_with_arguments_misused():
    return jax.jit(static_argnums=0)(1.0)


@mistake("Expected a callable value, got")
def r8_jit_of_class_instance_without_call():
    class Model:
        pass

    return jax.jit(Model())


@mistake("'Lowered' object is not callable")
def r8_lower_then_call_lowered():
    return jax.jit(lambda x: x).lower(1.0)(1.0)


@mistake("Function compiled with input pytree does not match the input pytree it was called with")
def r8_compiled_called_with_more_args():
    c = jax.jit(lambda x: x).lower(1.0).compile()
    return c(1.0, 2.0)


@mistake("Argument types differ from the types for which this computation was compiled")
def r8_compiled_called_with_int():
    c = jax.jit(lambda x: x).lower(jnp.ones(3)).compile()
    return c(jnp.arange(3))


@mistake("'NoneType' object is not iterable")
def r8_lower_shape_dtype_struct_no_shape():
    return jax.jit(lambda x: x).lower(jax.ShapeDtypeStruct(None, jnp.float32))


@mistake("Error interpreting argument to")
def r8_eval_shape_of_string_argument():
    return jax.eval_shape(lambda x: x, "abc")


@mistake("Jitted function has static_argnums=(2,), but only accepts 1 positional arguments.")
def r8_make_jaxpr_static_argnums_out_of_range():
    return jax.make_jaxpr(lambda x: x, static_argnums=2)(1.0)


@mistake()
def r8_block_until_ready_of_string():
    return jax.block_until_ready("abc")


@mistake()
def r8_device_get_of_object():
    return jax.device_get(object())


@mistake("the `static_argnums` argument to `jax.checkpoint` / `jax.remat` can only take integer")
def r8_checkpoint_static_argnums_out_of_range():
    return jax.checkpoint(lambda x: x, static_argnums=(3,))(1.0)


@mistake(
    "Abstract tracer value encountered where concrete value is expected",
    "The problem arose with the `int` function. If trying to convert the data type of a value, try using `x.astype(int)` or `jnp.array(x, int)` instead",
)
def r8_ensure_compile_time_eval_of_traced():
    def f(x):
        with jax.ensure_compile_time_eval():
            return int(x)

    return jax.jit(f)(1)


# ---------------------------------------------------------------------------------------------
# nn, image, scipy


@mistake("-1")
def r8_nn_one_hot_negative_classes():
    return jax.nn.one_hot(jnp.arange(3), -1)


@mistake("variance_scaling.<locals>.init() missing 1 required positional argument: 'shape'")
def r8_nn_initializer_called_without_key():
    return jax.nn.initializers.glorot_normal()((2, 2))


@mistake("Can't compute input and output sizes of a 1-dimensional weights tensor with default")
def r8_nn_initializer_shape_too_short():
    return jax.nn.initializers.glorot_normal()(random.key(0), (2,))


@mistake()
def r8_nn_dot_product_attention_rank_two():
    return jax.nn.dot_product_attention(jnp.ones((2, 4)), jnp.ones((2, 4)), jnp.ones((2, 4)))


@mistake('Unknown resize method "bogus"')
def r8_image_resize_method_unknown():
    return jax.image.resize(jnp.ones((4, 4)), (2, 2), method="bogus")


@mistake("shape must have length equal to the number of dimensions of x;  (2, 2, 2) vs (4, 4)")
def r8_image_resize_rank_mismatch():
    return jax.image.resize(jnp.ones((4, 4)), (2, 2, 2), method="linear")


@mistake()
def r8_scipy_special_logsumexp_of_string():
    return jax.scipy.special.logsumexp("abc")


@mistake()
def r8_scipy_linalg_solve_non_square():
    return jax.scipy.linalg.solve(jnp.ones((2, 3)), jnp.ones(2))


@mistake("Argument to _det() must have shape [..., n, n], got (3,)")
def r8_scipy_linalg_det_of_vector():
    return jax.scipy.linalg.det(jnp.ones(3))


@mistake("The input to cholesky must be a square matrix")
def r8_scipy_linalg_cholesky_non_square():
    return jax.scipy.linalg.cholesky(jnp.ones((2, 3)))


# ---------------------------------------------------------------------------------------------
# Config (kept last: an option is only changed inside a context manager or by an update JAX
# refuses)


@mistake("Unrecognized config option: jax_enable_64")
def r8_config_update_x64_typo():
    return jax.config.update("jax_enable_64", True)


@mistake("Unrecognized config option: enable_x64")
def r8_config_update_without_prefix():
    return jax.config.update("enable_x64", True)


@mistake("missing 1 required positional argument")
def r8_config_update_missing_value():
    return jax.config.update("jax_enable_x64")


@mistake("new enum value must be None or in ['default', 'high', 'highest'", "got bogus")
def r8_config_update_precision_unknown():
    return jax.config.update("jax_default_matmul_precision", "bogus")


@mistake("new enum value must be in ['allow', 'warn', 'raise'], got warns")
def r8_config_update_rank_promotion_unknown():
    return jax.config.update("jax_numpy_rank_promotion", "warns")


@mistake("'loose' is not a valid NumpyDtypePromotion")
def r8_config_update_dtype_promotion_unknown():
    return jax.config.update("jax_numpy_dtype_promotion", "loose")


@mistake("new enum value must be in ['threefry2x32'", "got bogus")
def r8_config_update_prng_impl_unknown():
    return jax.config.update("jax_default_prng_impl", "bogus")


@mistake("'Config' object has no attribute 'jax_enable_64'")
def r8_config_read_typo():
    return jax.config.jax_enable_64


@mistake("Operands could not be broadcast together for add on shapes (2, 3) (3,) and with the")
def r8_rank_promotion_raise_context():
    with jax.numpy_rank_promotion("raise"):
        return jnp.ones((2, 3)) + jnp.ones(3)


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r8_dtype_promotion_strict_context():
    with jax.numpy_dtype_promotion("strict"):
        return jnp.ones(3, dtype=jnp.int32) + jnp.ones(3, dtype=jnp.float32)


@mistake("new enum value must be None or in ['default', 'high', 'highest'", "got bogus")
def r8_default_matmul_precision_context_unknown():
    with jax.default_matmul_precision("bogus"):
        return jnp.ones((2, 2)) @ jnp.ones((2, 2))


@mistake("new enum value must be in ['allow', 'warn', 'raise'], got loud")
def r8_rank_promotion_context_unknown():
    with jax.numpy_rank_promotion("loud"):
        return jnp.ones(2)


@mistake("invalid value (nan) encountered in log")
def r8_debug_nans_context_raises():
    with jax.debug_nans(True):
        return jax.jit(lambda x: jnp.log(x))(-1.0)
