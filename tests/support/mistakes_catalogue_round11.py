# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 11 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules):
mistakes made inside transforms' bodies (tracer conversions, leaked tracers, shape and type
errors under scan / fori / while / cond / switch / map / vmap / grad / shard_map / custom
rules), vmap / grad / jit / stages arguments, explicit sharding, shard_map specs and
collectives, jax.export, and less-used APIs (ragged_dot, custom_vmap, ravel_pytree, dtypes, lax
odds and ends, jnp / nn / image / scipy / random / tree_util / config / array API). The runner
executes it after the earlier rounds, in the same namespace (`mesh2`, `mesh24`, `emesh`,
`_smap`, `_eput`, `_sub`, `_sym`, `_export`, `_exported`, `_cjvp`, `_cvjp`, `_set_mesh`, ...
are in scope)."""

# ---------------------------------------------------------------------------------------------
# Tracer conversions inside transforms' bodies


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_scan_body_python_if_on_carry():
    def body(c, x):
        if c > 0:
            return c, x
        return c + x, x

    return lax.scan(body, 0.0, jnp.arange(3.0))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_scan_body_int_of_x():
    def body(c, x):
        return c + int(x), x

    return lax.scan(body, 0, jnp.arange(3))


@mistake("The __index__() method was called on traced array with shape int32[]")
def r11_scan_body_range_of_x():
    def body(c, x):
        for _ in range(x):
            c = c + 1
        return c, x

    return lax.scan(body, 0, jnp.arange(3))


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r11_scan_body_numpy_of_x():
    def body(c, x):
        return c + np.sin(x), x

    return lax.scan(body, 0.0, jnp.arange(3.0))


@mistake("The __index__() method was called on traced array with shape int32[]")
def r11_scan_body_list_index_by_x():
    table = [1.0, 2.0, 3.0]

    def body(c, i):
        return c + table[i], i

    return lax.scan(body, 0.0, jnp.arange(3))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_scan_body_item():
    def body(c, x):
        return c + x.item(), x

    return lax.scan(body, 0.0, jnp.arange(3.0))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r11_scan_body_arange_of_carry():
    def body(c, x):
        return c, jnp.arange(c)

    return lax.scan(body, 3, jnp.arange(3))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r11_scan_body_zeros_of_x():
    def body(c, x):
        return c, jnp.zeros(x)

    return lax.scan(body, 0, jnp.arange(3))


@mistake("Slice entries must be static integers. Got slice(None")
def r11_scan_body_slice_by_carry():
    data = jnp.arange(10.0)

    def body(c, x):
        return c, data[:c].sum()

    return lax.scan(body, 3, jnp.arange(3))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_fori_body_python_if_on_index():
    def body(i, c):
        if i == 2:
            return c * 2
        return c

    return lax.fori_loop(0, 4, body, 1.0)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r11_fori_body_range_of_index():
    def body(i, c):
        return c + sum(range(i))

    return lax.fori_loop(0, 4, body, 0)


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r11_fori_body_numpy_of_carry():
    def body(i, c):
        return np.array(c) + 1

    return lax.fori_loop(0, 4, body, jnp.zeros(2))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_fori_body_float_of_carry():
    def body(i, c):
        return c + float(c)

    return lax.fori_loop(0, 4, body, 1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_while_cond_python_and():
    return lax.while_loop(
        lambda c: (c[0] < 3) and (c[1] < 5), lambda c: (c[0] + 1, c[1] + 1), (0, 0)
    )


@mistake("Attempted boolean conversion of traced array with shape int32[].")
def r11_while_cond_python_not():
    return lax.while_loop(lambda c: not c, lambda c: c + 1, 0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_while_body_python_if():
    def body(c):
        if c % 2 == 0:
            return c + 1
        return c + 3

    return lax.while_loop(lambda c: c < 10, body, 0)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_while_body_int_of_carry():
    def body(c):
        return c + int(c)

    return lax.while_loop(lambda c: c < 10, body, 1)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_cond_branch_float_of_operand():
    return lax.cond(True, lambda x: float(x), lambda x: 0.0, jnp.float32(1.0))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_cond_branch_python_if():
    def branch(x):
        if x > 0:
            return x
        return -x

    return lax.cond(jnp.bool_(True), branch, lambda x: x, jnp.float32(1.0))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_cond_predicate_python_or_in_jit():
    return jax.jit(lambda a, b: lax.cond(a or b, lambda: 1, lambda: 0))(True, False)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r11_switch_branch_list_index():
    table = [1.0, 2.0]
    return lax.switch(0, [lambda i: table[i], lambda i: 0.0], jnp.int32(1))


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r11_switch_branch_numpy():
    return lax.switch(0, [lambda x: np.exp(x), lambda x: x], jnp.float32(1.0))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_map_body_python_if():
    def f(x):
        if x > 1:
            return x
        return 0.0

    return lax.map(f, jnp.arange(3.0))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_map_body_int():
    return lax.map(lambda x: jnp.ones(int(x)), jnp.arange(3))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_vmap_body_python_if():
    def f(x):
        if x > 0:
            return x
        return -x

    return jax.vmap(f)(jnp.arange(3.0))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_vmap_body_item():
    return jax.vmap(lambda x: x.item())(jnp.arange(3.0))


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r11_vmap_body_numpy_asarray():
    return jax.vmap(lambda x: np.asarray(x) + 1)(jnp.arange(3.0))


@mistake("The __index__() method was called on traced array with shape int32[]")
def r11_vmap_body_range():
    return jax.vmap(lambda n: sum(range(n)))(jnp.arange(3))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r11_vmap_body_ones_of_x():
    return jax.vmap(lambda n: jnp.ones(n))(jnp.arange(3))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r11_vmap_body_reshape_by_x():
    return jax.vmap(lambda n: jnp.arange(6).reshape(n, -1))(jnp.array([2, 3]))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_vmap_body_tolist():
    return jax.vmap(lambda x: x.tolist())(jnp.arange(3.0))


@mistake("The __index__() method was called on traced array with shape int32[]")
def r11_vmap_body_hex_index():
    return jax.vmap(lambda n: hex(n))(jnp.arange(3))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r11_grad_body_float():
    return jax.grad(lambda x: float(x) * x)(1.0)


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r11_grad_body_numpy():
    return jax.grad(lambda x: np.sum(np.asarray(x) ** 2))(jnp.ones(3))


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r11_hessian_body_numpy():
    return jax.hessian(lambda x: np.dot(x, x))(jnp.ones(2))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r11_vjp_body_float():
    return jax.vjp(lambda x: float(x) * x, 1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_checkpoint_body_python_if():
    def f(x):
        if x > 0:
            return x
        return -x

    return jax.grad(jax.checkpoint(f))(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_eval_shape_body_python_if():
    def f(x):
        if x.sum() > 0:
            return x
        return -x

    return jax.eval_shape(f, jax.ShapeDtypeStruct((3,), jnp.float32))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_eval_shape_body_int():
    return jax.eval_shape(lambda x: jnp.zeros(int(x[0])), jax.ShapeDtypeStruct((3,), jnp.int32))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_make_jaxpr_body_python_if():
    def f(x):
        if x > 0:
            return x
        return -x

    return jax.make_jaxpr(f)(1.0)


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r11_make_jaxpr_body_numpy():
    return jax.make_jaxpr(lambda x: np.cos(x))(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[]{V:x}.")
def r11_shard_map_body_python_if():
    def f(x):
        if x.sum() > 0:
            return x
        return -x

    return _smap(f, P("x"), P("x"))(jnp.ones(4))


@mistake("The numpy.ndarray conversion method __array__() was called on traced array with shape")
def r11_shard_map_body_numpy():
    return _smap(lambda x: np.asarray(x) * 2, P("x"), P("x"))(jnp.ones(4))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_shard_map_body_int():
    return _smap(lambda x: jnp.zeros(int(x[0])), P("x"), P("x"))(jnp.ones(4, jnp.int32))


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_custom_jvp_rule_python_if():
    def rule(primals, tangents):
        (x,), (t,) = primals, tangents
        if t > 0:
            return x, t
        return x, -t

    return jax.grad(_cjvp(rule))(1.0)


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r11_jit_static_arg_from_vmap():
    f = jax.jit(lambda x, n: x * n, static_argnums=1)
    return jax.vmap(lambda n: f(1.0, n))(jnp.arange(3))


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r11_jit_static_arg_from_scan():
    f = jax.jit(lambda x, n: x * n, static_argnums=1)
    return lax.scan(lambda c, n: (c, f(1.0, n)), 0, jnp.arange(3))


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r11_jit_static_arg_from_grad():
    f = jax.jit(lambda x, n: x * n, static_argnums=1)
    return jax.grad(lambda y: f(y, y))(1.0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_jit_body_bool_of_array_in_assert():
    def f(x):
        assert (x > 0).all()
        return x

    return jax.jit(f)(jnp.ones(3))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r11_jit_body_len_of_nonzero():
    return jax.jit(lambda x: len(jnp.nonzero(x)[0]))(jnp.ones(3))


@mistake("unhashable type: '")
def r11_jit_body_dict_key_tracer():
    return jax.jit(lambda x: {x: 1})(jnp.int32(1))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_jit_body_complex_of_tracer():
    return jax.jit(lambda x: complex(x))(jnp.float32(1.0))


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_jit_body_math_sqrt():
    import math

    return jax.jit(lambda x: math.sqrt(x))(jnp.float32(4.0))


@mistake("unsupported format string passed to")
def r11_jit_body_str_format():
    return jax.jit(lambda x: "{:.2f}".format(x))(jnp.float32(4.0))


@mistake("unsupported operand type(s) for *: 'tuple' and '")
def r11_jit_body_tuple_repeat():
    return jax.jit(lambda n: (1,) * n)(jnp.int32(2))


@mistake("Slice entries must be static integers. Got slice(0")
def r11_jit_body_slice_builtin():
    return jax.jit(lambda x, n: x[slice(0, n)])(jnp.ones(4), 2)


@mistake("expected a sequence of integers or a single integer, got '")
def r11_jit_body_np_zeros_traced():
    return jax.jit(lambda n: np.zeros(n))(3)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r11_jit_body_jnp_eye_traced():
    return jax.jit(lambda n: jnp.eye(n))(3)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r11_jit_body_jnp_tri_traced():
    return jax.jit(lambda n: jnp.tri(n))(3)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_jit_body_jnp_linspace_num_traced():
    return jax.jit(lambda n: jnp.linspace(0.0, 1.0, n))(3)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r11_jit_body_jnp_full_shape_traced():
    return jax.jit(lambda n: jnp.full((n,), 1.0))(3)


@mistake("Abstract tracer value encountered where concrete value is expected")
def r11_jit_body_repeat_traced_repeats():
    return jax.jit(lambda r: jnp.repeat(jnp.arange(3), r))(jnp.array([1, 2, 1]))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r11_jit_body_unique_without_size():
    return jax.jit(lambda x: jnp.unique(x))(jnp.arange(3))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r11_jit_body_argwhere_without_size():
    return jax.jit(lambda x: jnp.argwhere(x))(jnp.arange(3))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r11_jit_body_flatnonzero_without_size():
    return jax.jit(lambda x: jnp.flatnonzero(x))(jnp.arange(3))


@mistake("Array boolean indices must be concrete; got bool[3]")
def r11_jit_body_boolean_mask_index():
    return jax.jit(lambda x: x[x > 1])(jnp.arange(3))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r11_jit_body_split_traced_sections():
    return jax.jit(lambda x, n: jnp.split(x, n))(jnp.arange(4), 2)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_jit_body_pad_traced_width():
    return jax.jit(lambda x, n: jnp.pad(x, n))(jnp.arange(4), 2)


@mistake("The __index__() method was called on traced array with shape int32[]")
def r11_jit_body_diag_traced_k():
    return jax.jit(lambda x, k: jnp.diag(x, k))(jnp.arange(4), 1)


@mistake("Non-hashable static arguments are not supported")
def r11_jit_body_triu_traced_k():
    return jax.jit(lambda x, k: jnp.triu(x, k))(jnp.ones((3, 3)), 1)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_jit_body_sum_traced_axis():
    return jax.jit(lambda x, a: jnp.sum(x, axis=a))(jnp.ones((3, 3)), 1)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_jit_body_moveaxis_traced():
    return jax.jit(lambda x, a: jnp.moveaxis(x, a, 0))(jnp.ones((3, 2)), 1)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_jit_body_expand_dims_traced():
    return jax.jit(lambda x, a: jnp.expand_dims(x, a))(jnp.ones(3), 0)


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r11_jit_body_top_k_traced_k():
    return jax.jit(lambda x, k: lax.top_k(x, k))(jnp.ones(3), 2)


@mistake("Abstract tracer value encountered where concrete value is expected: traced array with")
def r11_jit_body_one_hot_traced_classes():
    return jax.jit(lambda x, n: jax.nn.one_hot(x, n))(jnp.arange(3), 4)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r11_jit_body_random_normal_traced_shape():
    return jax.jit(lambda n: random.normal(random.key(0), (n,)))(3)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r11_jit_body_dynamic_slice_traced_size():
    return jax.jit(lambda x, n: lax.dynamic_slice(x, (0,), (n,)))(jnp.arange(4), 2)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got")
def r11_jit_body_lax_iota_traced():
    return jax.jit(lambda n: lax.iota(jnp.int32, n))(3)


# ---------------------------------------------------------------------------------------------
# Leaked tracers from transforms' bodies


_r11_store = []


@mistake("Encountered an unexpected tracer")
def r11_leak_scan_carry_used_after():
    seen = []

    def body(c, x):
        seen.append(c)
        return c + x, x

    lax.scan(body, 0.0, jnp.arange(3.0))
    return seen[0] + 1


@mistake("Encountered an unexpected tracer")
def r11_leak_while_carry_used_after():
    seen = []

    def body(c):
        seen.append(c)
        return c + 1

    lax.while_loop(lambda c: c < 3, body, 0)
    return jnp.sin(seen[0])


@mistake("Encountered an unexpected tracer")
def r11_leak_cond_operand_used_after():
    seen = []

    def branch(x):
        seen.append(x)
        return x

    lax.cond(True, branch, branch, jnp.float32(1.0))
    return seen[0] * 2


@mistake("Encountered an unexpected tracer")
def r11_leak_switch_operand_used_after():
    seen = []

    def branch(x):
        seen.append(x)
        return x

    lax.switch(0, [branch, branch], jnp.float32(1.0))
    return jnp.exp(seen[0])


@mistake("Encountered an unexpected tracer")
def r11_leak_vmap_used_after():
    seen = []

    def f(x):
        seen.append(x)
        return x

    jax.vmap(f)(jnp.arange(3.0))
    return seen[0] + 1


@mistake("Encountered an unexpected tracer")
def r11_leak_grad_used_after():
    seen = []

    def f(x):
        seen.append(x)
        return x**2

    jax.grad(f)(1.0)
    return jnp.sin(seen[0])


@mistake("Encountered an unexpected tracer")
def r11_leak_shard_map_used_after():
    seen = []

    def f(x):
        seen.append(x)
        return x

    _smap(f, P("x"), P("x"))(jnp.ones(4))
    return seen[0] + 1


@mistake("Encountered an unexpected tracer")
def r11_leak_checkpoint_used_after():
    seen = []

    def f(x):
        seen.append(x)
        return x * 2

    jax.grad(jax.checkpoint(f))(1.0)
    return seen[0] + 1


@mistake("Encountered an unexpected tracer")
def r11_leak_jit_into_scan():
    seen = []

    @jax.jit
    def f(x):
        seen.append(x)
        return x

    f(1.0)
    return lax.scan(lambda c, x: (c + seen[0], x), 0.0, jnp.arange(3.0))


@mistake("Encountered an unexpected tracer")
def r11_leak_vmap_into_jit():
    seen = []
    jax.vmap(lambda x: seen.append(x) or x)(jnp.arange(3.0))
    return jax.jit(lambda y: y + seen[0])(1.0)


@mistake("Encountered an unexpected tracer")
def r11_leak_eval_shape_used_after():
    seen = []
    jax.eval_shape(lambda x: seen.append(x) or x, jnp.ones(3))
    return seen[0] + 1


@mistake("Encountered an unexpected tracer")
def r11_leak_make_jaxpr_used_after():
    seen = []
    jax.make_jaxpr(lambda x: seen.append(x) or x)(jnp.ones(3))
    return seen[0] + 1


@mistake("Encountered an unexpected tracer")
def r11_leak_fori_index_used_after():
    seen = []

    def body(i, c):
        seen.append(i)
        return c

    lax.fori_loop(0, 3, body, 0.0)
    return seen[0] + 1


@mistake("Encountered an unexpected tracer")
def r11_leak_map_into_vmap():
    seen = []
    lax.map(lambda x: seen.append(x) or x, jnp.arange(3.0))
    return jax.vmap(lambda y: y + seen[0])(jnp.arange(3.0))


@mistake("Encountered an unexpected tracer")
def r11_leak_global_attribute_of_module_level_list():
    def f(x):
        _r11_store.append(x)
        return x

    jax.jit(f)(1.0)
    return _r11_store[-1] * 3


# ---------------------------------------------------------------------------------------------
# Shape and type errors inside transforms' bodies


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r11_scan_body_matmul_mismatch():
    def body(c, x):
        return c, x @ jnp.ones((4, 2))

    return lax.scan(body, 0.0, jnp.ones((5, 3)))


@mistake("add got incompatible shapes for broadcasting: (2,), (3,).")
def r11_scan_body_add_mismatch():
    def body(c, x):
        return c + x, x

    return lax.scan(body, jnp.zeros(2), jnp.ones((5, 3)))


@mistake("cannot reshape array of shape (3,) (size 3) into shape (2, 2) (size 4)")
def r11_scan_body_reshape_wrong_size():
    def body(c, x):
        return c, x.reshape(2, 2)

    return lax.scan(body, 0.0, jnp.ones((5, 3)))


@mistake("Cannot concatenate arrays with different numbers of dimensions: got (3,), (1, 1).")
def r11_scan_body_concatenate_ranks():
    def body(c, x):
        return c, jnp.concatenate([x, jnp.ones((1, 1))])

    return lax.scan(body, 0.0, jnp.ones((5, 3)))


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r11_scan_carry_rank_changes():
    return lax.scan(lambda c, x: (c[None], x), jnp.zeros(2), jnp.arange(3.0))


@mistake("scan body output must be a pair, got float32[].")
def r11_scan_body_returns_single_value():
    return lax.scan(lambda c, x: c + x, 0.0, jnp.arange(3.0))


@mistake("scan body output must be a pair, got")
def r11_scan_body_returns_triple():
    return lax.scan(lambda c, x: (c, x, x), 0.0, jnp.arange(3.0))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r11_scan_xs_leading_sizes_differ():
    return lax.scan(lambda c, x: (c, x[0] + x[1]), 0.0, (jnp.ones(3), jnp.ones(4)))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3]")
def r11_scan_length_disagrees_with_xs():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), length=4)


@mistake("tuple index out of range")
def r11_scan_xs_scalar():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.float32(1.0))


@mistake("scan got no values to scan over and `length` not provided")
def r11_scan_no_xs_no_length():
    return lax.scan(lambda c, x: (c, c), 0.0, None)


@mistake("`unroll` must be a `bool` or a non-negative `int`.")
def r11_scan_unroll_negative():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), unroll=-1)


@mistake("scan body function carry input and carry output must have the same pytree structure, but")
def r11_scan_carry_pytree_changes():
    return lax.scan(lambda c, x: ({"a": c["a"], "b": x}, x), {"a": 0.0}, jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r11_fori_body_shape_changes():
    return lax.fori_loop(0, 3, lambda i, c: jnp.concatenate([c, c]), jnp.ones(1))


@mistake(
    "r11_fori_body_wrong_arity.<locals>.<lambda>() takes 1 positional argument but 2 were given"
)
def r11_fori_body_wrong_arity():
    return lax.fori_loop(0, 3, lambda c: c + 1, 0)


@mistake("while_loop body function carry input and carry output must have equal types, but they")
def r11_while_body_shape_changes():
    return lax.while_loop(lambda c: c.sum() < 10, lambda c: jnp.append(c, 1.0), jnp.ones(1))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r11_while_cond_returns_vector():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 1, jnp.zeros(2))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(int32[]")
def r11_while_cond_returns_int():
    return lax.while_loop(lambda c: c, lambda c: c - 1, 3)


@mistake("while_loop body function carry input and carry output must have the same pytree")
def r11_while_body_returns_tuple_for_scalar():
    return lax.while_loop(lambda c: c < 3, lambda c: (c + 1, c), 0)


@mistake("cond branches must have equal output types but they differ.")
def r11_cond_branches_dtype_differ():
    return lax.cond(True, lambda x: x, lambda x: x.astype(jnp.int32), jnp.float32(1.0))


@mistake("cond branch outputs must have the same pytree structure, but they differ")
def r11_cond_branches_structure_differ():
    return lax.cond(True, lambda x: (x, x), lambda x: x, jnp.float32(1.0))


@mistake("r11_cond_branch_wrong_arity.<locals>.<lambda>() missing 1 required positional argument")
def r11_cond_branch_wrong_arity():
    return lax.cond(True, lambda x, y: x, lambda x, y: y, jnp.float32(1.0))


@mistake("Pred must be a scalar, got")
def r11_cond_predicate_vector():
    return lax.cond(jnp.array([True, False]), lambda: 1.0, lambda: 0.0)


@mistake("'b'")
def r11_cond_pytree_operand_wrong_keys():
    return lax.cond(True, lambda d: d["a"], lambda d: d["b"], {"a": 1.0})


@mistake("Index type must be an integer, got")
def r11_switch_index_float():
    return lax.switch(jnp.float32(1.0), [lambda: 1.0, lambda: 2.0])


@mistake("switch branches must have equal output types but they differ.")
def r11_switch_branches_shape_differ():
    return lax.switch(0, [lambda: jnp.ones(2), lambda: jnp.ones(3)])


@mistake("Empty branch sequence")
def r11_switch_no_branches():
    return lax.switch(0, [])


@mistake("lax.switch: branches argument should be a sequence of callables.")
def r11_switch_branches_not_callable():
    return lax.switch(0, [1.0, 2.0])


@mistake("Branch index must be scalar, got")
def r11_switch_index_vector():
    return lax.switch(jnp.array([0, 1]), [lambda: 1.0, lambda: 2.0])


@mistake("tuple index out of range")
def r11_map_xs_scalar():
    return lax.map(lambda x: x, jnp.float32(1.0))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r11_map_xs_leading_sizes_differ():
    return lax.map(lambda t: t[0] + t[1], (jnp.ones(3), jnp.ones(4)))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r11_map_body_shape_error():
    return lax.map(lambda x: x @ jnp.ones((4, 2)), jnp.ones((5, 3)))


@mistake("Array inputs to associative_scan must have the same first dimension. (saw: [(3,), (4,)])")
def r11_associative_scan_leaves_length_differ():
    return lax.associative_scan(lambda a, b: (a[0] + b[0], a[1] + b[1]), (jnp.ones(3), jnp.ones(4)))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r11_associative_scan_axis_out_of_range():
    return lax.associative_scan(jnp.add, jnp.ones(3), axis=1)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r11_vmap_body_matmul_mismatch():
    return jax.vmap(lambda x: x @ jnp.ones((4, 2)))(jnp.ones((5, 3)))


@mistake("cannot reshape array of shape (3,) (size 3) into shape (2, 2) (size 4)")
def r11_vmap_body_reshape_wrong_size():
    return jax.vmap(lambda x: x.reshape(2, 2))(jnp.ones((5, 3)))


@mistake("add got incompatible shapes for broadcasting: (3,), (4,).")
def r11_vmap_body_add_mismatch():
    return jax.vmap(lambda x: x + jnp.ones(4))(jnp.ones((5, 3)))


@mistake("Too many indices: array is 1-dimensional, but 2 were indexed")
def r11_vmap_body_index_out_of_rank():
    return jax.vmap(lambda x: x[0, 0])(jnp.ones((5, 3)))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r11_vmap_body_axis_out_of_range():
    return jax.vmap(lambda x: jnp.sum(x, axis=1))(jnp.ones((5, 3)))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (4,).")
def r11_grad_body_matmul_mismatch():
    return jax.grad(lambda x: (x @ jnp.ones((4, 2))).sum())(jnp.ones(3))


@mistake("cannot reshape array of shape (3,) (size 3) into shape (2, 2) (size 4)")
def r11_grad_body_reshape_wrong_size():
    return jax.grad(lambda x: x.reshape(2, 2).sum())(jnp.ones(3))


@mistake("add got incompatible shapes for broadcasting: (3,), (4,).")
def r11_jacfwd_body_add_mismatch():
    return jax.jacfwd(lambda x: x + jnp.ones(4))(jnp.ones(3))


@mistake("cannot reshape array of shape (4,) (size 4) into shape (2, 4) (size 8)")
def r11_shard_map_body_reshape_global_shape():
    return _smap(lambda x: x.reshape(2, 4), P("x"), P("x"))(jnp.ones(8))


@mistake("add got incompatible shapes for broadcasting: (4,), (8,).")
def r11_shard_map_body_add_global_shape():
    return _smap(lambda x: x + jnp.ones(8), P("x"), P("x"))(jnp.ones(8))


# ---------------------------------------------------------------------------------------------
# vmap / grad arguments


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r11_vmap_in_axes_dict_missing_key():
    return jax.vmap(lambda d: d["a"] + d["b"], in_axes=({"a": 0},))(
        {"a": jnp.ones(3), "b": jnp.ones(3)}
    )


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r11_vmap_in_axes_pytree_sizes_differ():
    return jax.vmap(lambda t: t[0] + t[1], in_axes=((0, 1),))((jnp.ones((3, 2)), jnp.ones((3, 2))))


@mistake("vmap was requested to map its argument along axis 2, which implies that its rank should")
def r11_vmap_in_axes_axis_beyond_rank_in_pytree():
    return jax.vmap(lambda t: t[0], in_axes=((0, 2),))((jnp.ones(3), jnp.ones((3, 2))))


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r11_vmap_in_axes_string():
    return jax.vmap(lambda a: a, in_axes="0")(jnp.ones(3))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_vmap_out_axes_beyond_rank():
    return jax.vmap(lambda a: a, out_axes=2)(jnp.ones((3, 2)))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r11_vmap_out_axes_tree_too_long():
    return jax.vmap(lambda a: (a, a), out_axes=(0, 0, 0))(jnp.ones(3))


@mistake("at vmap out_axes[1], got axis spec None but output was batched on axis 0")
def r11_vmap_out_axes_none_for_mapped_pair():
    return jax.vmap(lambda a: (a, a * 2), out_axes=(0, None))(jnp.ones(3))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r11_vmap_out_axes_dict_keys_differ():
    return jax.vmap(lambda a: {"a": a}, out_axes={"b": 0})(jnp.ones(3))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r11_vmap_axis_size_disagrees():
    return jax.vmap(lambda a: a, axis_size=4)(jnp.ones(3))


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r11_vmap_all_none_without_axis_size():
    return jax.vmap(lambda a, b: a + b, in_axes=(None, None))(1.0, 2.0)


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r11_vmap_kwargs_sizes_differ():
    return jax.vmap(lambda a, b: a + b)(jnp.ones(3), b=jnp.ones(4))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r11_vmap_nested_inner_sizes_differ():
    return jax.vmap(jax.vmap(lambda a, b: a + b))(jnp.ones((2, 3)), jnp.ones((2, 4)))


@mistake("Found an unbound axis name: j. To fix this, please call psum under `jax.shard_map`.")
def r11_vmap_axis_name_collective_wrong_name():
    return jax.vmap(lambda a: lax.psum(a, "j"), axis_name="i")(jnp.ones(3))


@mistake(
    "Found an unbound axis name: j. To fix this, please call axis_index under `jax.shard_map`."
)
def r11_vmap_axis_index_wrong_name():
    return jax.vmap(lambda a: a + lax.axis_index("j"), axis_name="i")(jnp.ones(3))


@mistake("unbound axis name: j")
def r11_vmap_all_gather_wrong_name():
    return jax.vmap(lambda a: lax.all_gather(a, "j"), axis_name="i")(jnp.ones(3))


@mistake("Found an unbound axis name: j. To fix this, please call")
def r11_vmap_pmax_wrong_name():
    return jax.vmap(lambda a: lax.pmax(a, "j"), axis_name="i")(jnp.ones(3))


@mistake("Evaluation rule for 'ppermute' not implemented")
def r11_vmap_ppermute_wrong_name():
    return jax.vmap(lambda a: lax.ppermute(a, "j", [(0, 1)]), axis_name="i")(jnp.ones(3))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r11_grad_of_vector_inside_vmap():
    return jax.vmap(jax.grad(lambda x: x * 2))(jnp.ones((3, 2)))


@mistake("grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but")
def r11_grad_of_int_output_inside_jit():
    return jax.jit(jax.grad(lambda x: jnp.round(x).astype(jnp.int32)))(1.0)


@mistake("grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but")
def r11_grad_of_complex_output_inside_vmap():
    return jax.vmap(jax.grad(lambda x: x * 1j))(jnp.ones(3))


@mistake("grad with holomorphic=True requires inputs with complex dtype, but got float32.")
def r11_grad_holomorphic_of_real_input_inside_jit():
    return jax.jit(jax.grad(lambda x: x * 2, holomorphic=True))(1.0)


@mistake("grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of")
def r11_grad_int_argument_inside_vmap():
    return jax.vmap(jax.grad(lambda x: x * 2.0))(jnp.arange(3))


@mistake("differentiating with respect to argnums=1 requires at least 2 positional arguments to be")
def r11_grad_argnums_out_of_range_kw():
    return jax.grad(lambda x, y=1.0: x * y, argnums=1)(1.0, y=2.0)


@mistake("differentiating with respect to argnums=(0, 2) requires at least 3 positional arguments")
def r11_grad_argnums_tuple_out_of_range():
    return jax.grad(lambda x, y: x * y, argnums=(0, 2))(1.0, 2.0)


@mistake("expected function with aux output to return a two-element tuple, but got type <class")
def r11_grad_has_aux_returns_scalar():
    return jax.grad(lambda x: x * 2, has_aux=True)(1.0)


@mistake("expected function with aux output to return a two-element tuple, but got type <class")
def r11_grad_has_aux_triple():
    return jax.grad(lambda x: (x * 2, 1, 2), has_aux=True)(1.0)


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r11_value_and_grad_of_vector():
    return jax.value_and_grad(lambda x: x * 2)(jnp.ones(2))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r11_value_and_grad_has_aux_vector_value():
    return jax.value_and_grad(lambda x: (x * 2, x), has_aux=True)(jnp.ones(2))


@mistake("jacrev requires real- or complex-valued inputs (input dtype that is a sub-dtype of")
def r11_jacrev_of_int_input():
    return jax.jacrev(lambda x: x * 2)(jnp.arange(3))


@mistake("jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but")
def r11_jacfwd_of_int_input():
    return jax.jacfwd(lambda x: x * 2)(jnp.arange(3))


@mistake("jacrev requires real-valued outputs (output dtype that is a sub-dtype of np.floating)")
def r11_jacrev_complex_output_not_holomorphic():
    return jax.jacrev(lambda x: x * 1j)(jnp.ones(3))


@mistake("jacfwd with holomorphic=True requires inputs with complex dtype, but got float32.")
def r11_jacfwd_holomorphic_real_input():
    return jax.jacfwd(lambda x: x * 2, holomorphic=True)(jnp.ones(3))


@mistake("axis 5 is out of bounds for array of dimension 3")
def r11_hessian_result_axis_out_of_range():
    return jax.hessian(lambda x: x * 2)(jnp.ones(3)).sum(axis=5)


@mistake("jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but")
def r11_hessian_of_int_input():
    return jax.hessian(lambda x: (x**2).sum())(jnp.arange(3))


@mistake(
    "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in case of"
)
def r11_jvp_tangent_dtype_int():
    return jax.jvp(lambda x: x * 2, (1.0,), (1,))


@mistake("jvp called with different primal and tangent")
def r11_jvp_tangent_shape_differs():
    return jax.jvp(lambda x: x * 2, (jnp.ones(3),), (jnp.ones(2),))


@mistake("primal and tangent arguments to jax.jvp must have the same tree structure; primals have")
def r11_jvp_tangents_count_differs():
    return jax.jvp(lambda x, y: x * y, (1.0, 2.0), (1.0,))


@mistake("unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float32[2], but")
def r11_vjp_cotangent_shape_differs():
    _, pullback = jax.vjp(lambda x: x * 2, jnp.ones(3))
    return pullback(jnp.ones(2))


@mistake("unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got int32[3], but")
def r11_vjp_cotangent_dtype_differs():
    _, pullback = jax.vjp(lambda x: x * 2, jnp.ones(3))
    return pullback(jnp.ones(3, jnp.int32))


@mistake("unexpected tree structure")
def r11_vjp_cotangent_structure_differs():
    _, pullback = jax.vjp(lambda x: (x, x), jnp.ones(3))
    return pullback(jnp.ones(3))


@mistake(
    "linearized function called on tangent values inconsistent with the original primal values"
)
def r11_linearize_tangent_shape_differs():
    _, f_jvp = jax.linearize(lambda x: x * 2, jnp.ones(3))
    return f_jvp(jnp.ones(2))


@mistake("cotangent type does not match function output, expected")
def r11_linear_transpose_cotangent_shape():
    return jax.linear_transpose(lambda x: x * 2, jnp.ones(3))(jnp.ones(2))


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r11_grad_non_hashable_static_argnums():
    return jax.jit(lambda x, cfg: x * cfg["s"], static_argnums=1)(1.0, {"s": 2.0})


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r11_jit_static_argnames_list_value():
    return jax.jit(lambda x, shape: x.reshape(shape), static_argnames="shape")(
        jnp.ones(4), shape=[2, 2]
    )


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r11_jit_static_arg_array():
    return jax.jit(lambda x, n: x * n, static_argnums=1)(1.0, jnp.ones(2))


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r11_jit_static_arg_numpy_array():
    return jax.jit(lambda x, n: x * n, static_argnums=1)(1.0, np.ones(2))


@mistake("Non-hashable static arguments are not supported. An error occurred while trying to hash")
def r11_jit_static_argnums_with_kwargs_only():
    return jax.jit(lambda x, n: x * n, static_argnums=1)(1.0, n={"a": 1})


@mistake("static_argnames and donate_argnames cannot intersect")
def r11_jit_donate_and_static_same():
    return jax.jit(lambda x, n: x * n, static_argnums=1, donate_argnums=1)(1.0, 2)


@mistake("Jitted function has invalid argnames {'y'} in static_argnames. Function does not take")
def r11_jit_static_argnames_not_a_parameter():
    return jax.jit(lambda x: x, static_argnames=("x", "y"), donate_argnames="x")(1.0)


@mistake("Jitted function has invalid argnames {'z'} in donate_argnames. Function does not take")
def r11_jit_donate_argnames_unknown_with_kwargs_fn():
    return jax.jit(lambda x: x, donate_argnames="z")(1.0)


@mistake(
    "r11_jit_inline_call_wrong_args.<locals>.<lambda>() takes 1 positional argument but 2 were"
)
def r11_jit_inline_call_wrong_args():
    return jax.jit(jax.jit(lambda x: x, inline=True))(1.0, 2.0)


@mistake("jit() got an unexpected keyword argument 'abstracted_axes'")
def r11_jit_abstracted_axes():
    return jax.jit(lambda x: x, abstracted_axes=("n",))(jnp.ones(3))


@mistake("'float' object is not iterable")
def r11_jit_static_argnums_float():
    return jax.jit(lambda x: x, static_argnums=0.5)(1.0)


@mistake("can't specify both a device and a backend for jit, got")
def r11_jit_device_and_backend():
    return jax.jit(lambda x: x, device=jax.devices()[0], backend="cpu")(1.0)


@mistake("in_shardings specification must be a tree prefix of the")
def r11_jit_in_shardings_tree_mismatch():
    s = NamedSharding(mesh2, P())
    return jax.jit(lambda a, b: a + b, in_shardings=(s, s, s))(1.0, 2.0)


@mistake("pytree structure error: different lengths of tuple at key path")
def r11_jit_out_shardings_tree_mismatch():
    s = NamedSharding(mesh2, P())
    return jax.jit(lambda a: (a, a), out_shardings=(s, s, s))(1.0)


@mistake("is incompatible with its sharding annotation")
def r11_jit_in_shardings_rank_too_big():
    return jax.jit(lambda a: a, in_shardings=NamedSharding(mesh2, P("x", None)))(jnp.ones(4))


@mistake("is only valid for values of rank at least 1, but was applied to a value of rank 0")
def r11_jit_out_shardings_rank_too_big():
    return jax.jit(lambda a: a.sum(), out_shardings=NamedSharding(mesh2, P("x")))(jnp.ones(4))


@mistake(
    "Argument types differ from the types for which this computation was compiled. Perhaps you"
)
def r11_lower_then_call_wrong_shape():
    return jax.jit(lambda a: a * 2).lower(jnp.ones(3)).compile()(jnp.ones(4))


@mistake(
    "Argument types differ from the types for which this computation was compiled. Perhaps you"
)
def r11_compiled_call_wrong_dtype():
    return jax.jit(lambda a: a * 2).lower(jnp.ones(3)).compile()(jnp.ones(3, jnp.int32))


@mistake("Function compiled with input pytree does not match the input pytree it was called with")
def r11_compiled_call_extra_arg():
    return jax.jit(lambda a: a * 2).lower(jnp.ones(3)).compile()(jnp.ones(3), jnp.ones(3))


@mistake("Function compiled with input pytree does not match the input pytree it was called with")
def r11_compiled_call_kwarg():
    return jax.jit(lambda a: a * 2).lower(jnp.ones(3)).compile()(a=jnp.ones(3))


@mistake("'Lowered' object is not callable")
def r11_lowered_called():
    return jax.jit(lambda a: a * 2).lower(jnp.ones(3))(jnp.ones(3))


@mistake("Function compiled with input pytree does not match the input pytree it was called with")
def r11_compiled_call_pytree_structure():
    return (
        jax.jit(lambda t: t[0])
        .lower((jnp.ones(3), jnp.ones(3)))
        .compile()([jnp.ones(3), jnp.ones(3)])
    )


@mistake("Function compiled with input pytree does not match the input pytree it was called with")
def r11_compiled_call_with_static_value():
    c = jax.jit(lambda x, n: x * n, static_argnums=1).lower(jnp.ones(3), 2).compile()
    return c(jnp.ones(3), 2)


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (2,).")
def r11_trace_then_lower_with_shape_struct_wrong():
    return jax.jit(lambda a: a @ a).trace(jax.ShapeDtypeStruct((2, 3), jnp.float32))


# ---------------------------------------------------------------------------------------------
# Explicit sharding


@mistake("dot_general requires contracting dimensions to have consistent sharding, got ('x',) and")
def r11_explicit_dot_both_contracting_sharded_differently():
    a, b = _eput((8, 8), P(None, "x")), _eput((8, 8), P("y", None))
    return a @ b


@mistake("dot_general operation with inputs: f32[8@x,8], f32[8,8@x] produces an illegally sharded")
def r11_explicit_dot_same_axis_both_free_dims():
    a, b = _eput((8, 8), P("x", None)), _eput((8, 8), P(None, "x"))
    return a @ b


@mistake("dot_general operation with inputs: f32[8@x,8], f32[8,8@x] produces an illegally sharded")
def r11_explicit_einsum_conflicting():
    a, b = _eput((8, 8), P("x", None)), _eput((8, 8), P(None, "x"))
    return jnp.einsum("ij,jk->ik", a, b)


@mistake("Mesh for all inputs should be equal. Got one mesh: AbstractMesh('x': 4, 'y': 2")
def r11_explicit_add_different_meshes():
    other = _mesh((4, 2), ("x", "y"), explicit=True)
    a = jax.device_put(jnp.ones((8, 8)), NamedSharding(other, P("x", None)))
    return a + _eput((8, 8), P("x", None))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a")
def r11_explicit_reshard_rank_too_big():
    return jax.sharding.reshard(_eput((8, 4), P("x", None)), P("x", None, None))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a")
def r11_explicit_reshard_axis_twice():
    return jax.sharding.reshard(_eput((8, 4), P("x", None)), P("x", "x"))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a")
def r11_explicit_reshard_unknown_axis():
    return jax.sharding.reshard(_eput((8, 4), P("x", None)), P("z", None))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a")
def r11_explicit_reshard_not_divisible():
    return jax.sharding.reshard(_eput((6, 4), P(None, None)), P("y", None))


@mistake("All operands should have the same sharding. Got shardings")
def r11_explicit_concatenate_conflicting():
    return jnp.concatenate([_eput((8, 8), P("x", None)), _eput((8, 8), P("y", None))], axis=1)


@mistake("select cases must have the same shardings, got")
def r11_explicit_where_conflicting():
    return jnp.where(True, _eput((8, 8), P("x", None)), _eput((8, 8), P("y", None)))


@mistake("sub operation with inputs: f32[8@x,8], f32[8,8@x] produces an illegally sharded result")
def r11_explicit_sub_conflicting_in_jit():
    return jax.jit(lambda a, b: a - b)(_eput((8, 8), P("x", None)), _eput((8, 8), P(None, "x")))


@mistake("max got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r11_explicit_maximum_conflicting():
    return jnp.maximum(_eput((8, 8), P("x", None)), _eput((8, 8), P("y", None)))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a")
def r11_explicit_dot_general_out_sharding_wrong_rank():
    a, b = _eput((8, 8), P("x", None)), _eput((8, 8), P())
    return jnp.matmul(a, b, out_sharding=P("x", None, None))


@mistake("Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not")
def r11_explicit_zeros_out_sharding_not_divisible():
    with _set_mesh():
        return jnp.zeros((6, 8), out_sharding=P("y", None))


@mistake("'z'")
def r11_explicit_auto_axes_unknown_axis():
    with _set_mesh():
        return jax.sharding.auto_axes(lambda x: x * 2, axes="z", out_sharding=P())(_eput((8,), P()))


@mistake("add operation with inputs: f32[8@x,1], f32[1,8@x] produces an illegally sharded result")
def r11_explicit_broadcast_to_conflicting():
    return _eput((8, 1), P("x", None)) + _eput((1, 8), P(None, "x"))


@mistake("add got incompatible shardings for broadcasting: ('x', 'y'), ('y', 'x').")
def r11_explicit_transpose_then_add_conflict():
    a = _eput((8, 8), P("x", "y"))
    return a + a.T


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r11_explicit_scan_carry_sharding_changes():
    def body(c, x):
        return jax.sharding.reshard(c, P("y")), x

    with _set_mesh():
        return lax.scan(body, _eput((8,), P("x")), jnp.ones(3))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a")
def r11_explicit_cond_branches_sharding_differ():
    a = _eput((8,), P("x"))
    return lax.cond(True, lambda v: v, lambda v: jax.sharding.reshard(v, P("y")), a)


@mistake("Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to device_put")
def r11_explicit_device_put_partition_spec_without_mesh():
    return jax.device_put(jnp.ones(8), P("x"))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a")
def r11_explicit_typeof_sharding_spec_out_of_context():
    return jax.sharding.reshard(jnp.ones(8), P("x"))


# ---------------------------------------------------------------------------------------------
# shard_map: specs, check_vma and collectives


@mistake(
    "was given an in_specs entry which is too long to be compatible with the corresponding input value from the function"
)
def r11_shard_map_in_specs_rank_too_big_in_jit():
    return jax.jit(_smap(lambda x: x, P("x", None), P("x")))(jnp.ones(4))


@mistake("pytree structure error: different lengths of tuple at key path")
def r11_shard_map_in_specs_tuple_count():
    return _smap(lambda a, b: a + b, (P("x"),), P("x"))(jnp.ones(4), jnp.ones(4))


@mistake(
    "was given argument arrays with axis sizes that are not evenly divisible by the corresponding mesh axis sizes"
)
def r11_shard_map_in_specs_not_divisible():
    return _smap(lambda x: x, P("x"), P("x"))(jnp.ones(3))


@mistake("shard_map out_specs argument must refer to an axis marked as manual")
def r11_shard_map_out_specs_unknown_axis():
    return _smap(lambda x: x, P("x"), P("z"))(jnp.ones(4))


@mistake("shard_map in_specs argument must refer to an axis marked as manual")
def r11_shard_map_in_specs_unknown_axis():
    return _smap(lambda x: x, P("z"), P("x"))(jnp.ones(4))


@mistake(
    "was given an out_specs entry which is too long to be compatible with the corresponding output value from the function"
)
def r11_shard_map_out_specs_rank_too_big():
    return _smap(lambda x: x.sum(), P("x"), P("x"))(jnp.ones(4))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r11_shard_map_out_specs_replicated_after_pmax_other_axis():
    return _smap(lambda x: lax.pmax(x, "y"), P("x", "y"), P(), mesh=mesh24)(jnp.ones((4, 8)))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r11_shard_map_out_specs_replicated_axis_index():
    return _smap(lambda x: x + lax.axis_index("x"), P(), P())(jnp.ones(4))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r11_shard_map_out_specs_drops_only_one_axis():
    return _smap(lambda x: x, P(("x", "y")), P("x"), mesh=mesh24)(jnp.ones(8))


@mistake("")
def r11_shard_map_psum_unknown_axis():
    return _smap(lambda x: lax.psum(x, "z"), P("x"), P("x"))(jnp.ones(4))


@mistake("")
def r11_shard_map_pmean_unknown_axis():
    return _smap(lambda x: lax.pmean(x, "z"), P("x"), P("x"))(jnp.ones(4))


@mistake("unbound axis name: z")
def r11_shard_map_all_gather_unknown_axis():
    return _smap(lambda x: lax.all_gather(x, "z"), P("x"), P("x"))(jnp.ones(4))


@mistake("")
def r11_shard_map_ppermute_unknown_axis():
    return _smap(lambda x: lax.ppermute(x, "z", [(0, 1)]), P("x"), P("x"))(jnp.ones(4))


@mistake("Found an unbound axis name: z.")
def r11_shard_map_axis_index_unknown_axis():
    return _smap(lambda x: x + lax.axis_index("z"), P("x"), P("x"))(jnp.ones(4))


@mistake("unbound axis name: z")
def r11_shard_map_all_to_all_unknown_axis():
    return _smap(lambda x: lax.all_to_all(x, "z", 0, 0), P("x"), P("x"))(jnp.ones(4))


@mistake("unbound axis name: z")
def r11_shard_map_psum_scatter_unknown_axis():
    return _smap(lambda x: lax.psum_scatter(x, "z"), P("x"), P("x"))(jnp.ones(4))


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (0, 0)).")
def r11_shard_map_ppermute_duplicate_source():
    return _smap(lambda x: lax.ppermute(x, "x", [(0, 1), (0, 0)]), P("x"), P("x"))(jnp.ones(4))


@mistake("list index out of range")
def r11_shard_map_ppermute_index_out_of_range():
    return _smap(lambda x: lax.ppermute(x, "x", [(0, 5)]), P("x"), P("x"))(jnp.ones(4))


@mistake("tuple index out of range")
def r11_shard_map_all_to_all_split_axis_out_of_range():
    return _smap(lambda x: lax.all_to_all(x, "x", 3, 0), P("x"), P("x"))(jnp.ones(4))


@mistake("all_to_all requires the size of the mapped axis axis_name to equal x.shape[split_axis]")
def r11_shard_map_all_to_all_not_divisible():
    return _smap(lambda x: lax.all_to_all(x, "x", 0, 0), P("x"), P("x"))(jnp.ones(6))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r11_shard_map_all_gather_axis_out_of_range():
    return _smap(lambda x: lax.all_gather(x, "x", axis=3), P("x"), P("x"))(jnp.ones(4))


@mistake("tiled reduce_scatter operand scatter dimension size 3 must be divisible by shard_count 2")
def r11_shard_map_psum_scatter_not_divisible():
    return _smap(lambda x: lax.psum_scatter(x, "x", tiled=True), P("x"), P("x"))(jnp.ones(6))


@mistake("Found an unbound axis name: y.")
def r11_shard_map_axis_names_subset_collective_on_auto():
    f = jax.shard_map(
        lambda x: lax.psum(x, "y"), mesh=mesh24, in_specs=P("x"), out_specs=P(), axis_names={"x"}
    )
    return jax.jit(f)(jnp.ones(8))


@mistake("jax.shard_map requires axis_names=frozenset({'z'}) to be a subset of")
def r11_shard_map_axis_names_unknown():
    f = jax.shard_map(lambda x: x, mesh=mesh24, in_specs=P("x"), out_specs=P("x"), axis_names={"z"})
    return jax.jit(f)(jnp.ones(8))


@mistake("shard_map in_specs argument must refer to an axis marked as manual")
def r11_shard_map_in_specs_uses_axis_outside_axis_names():
    f = jax.shard_map(lambda x: x, mesh=mesh24, in_specs=P("y"), out_specs=P("y"), axis_names={"x"})
    return jax.jit(f)(jnp.ones(8))


@mistake("Argument 'done' of type <class 'str'> is not a valid JAX type")
def r11_shard_map_body_returns_string():
    return _smap(lambda x: "done", P("x"), P())(jnp.ones(4))


@mistake("pytree structure error: different types at key path")
def r11_shard_map_out_specs_list_for_tuple():
    return _smap(lambda x: (x, x), P("x"), [P("x"), P("x")])(jnp.ones(4))


@mistake("shard_map requires a `jax.sharding.Mesh` or a `jax.sharding.AbstractMesh` instance for")
def r11_shard_map_mesh_not_a_mesh():
    return jax.shard_map(lambda x: x, mesh="x", in_specs=P("x"), out_specs=P("x"))(jnp.ones(4))


@mistake("shard_map in_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances")
def r11_shard_map_in_specs_string():
    return _smap(lambda x: x, "x", P("x"))(jnp.ones(4))


@mistake("A single NamedSharding spec specification can map every mesh axis to at most one")
def r11_shard_map_in_specs_mesh_axis_twice():
    return _smap(lambda x: x, P("x", "x"), P("x"))(jnp.ones((4, 4)))


@mistake("")
def r11_shard_map_scan_psum_in_body_wrong_axis():
    def f(x):
        return lax.scan(lambda c, v: (c + lax.psum(v, "y"), v), 0.0, x)

    return _smap(f, P("x"), (P(), P("x")))(jnp.ones(4))


@mistake("")
def r11_shard_map_vmap_inside_psum_unknown():
    return _smap(jax.vmap(lambda x: lax.psum(x, "q")), P("x"), P("x"))(jnp.ones(4))


@mistake("")
def r11_shard_map_grad_psum_unknown():
    return _smap(jax.grad(lambda x: lax.psum(x, "q").sum()), P("x"), P("x"))(jnp.ones(4))


@mistake("cond branches must have equal output types but they differ.")
def r11_shard_map_cond_branches_vma_differ():
    def f(x):
        return lax.cond(True, lambda v: v.sum(), lambda v: jnp.float32(0.0), x)

    return _smap(f, P("x"), P())(jnp.ones(4))


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r11_shard_map_scan_carry_becomes_varying():
    def f(x):
        return lax.scan(lambda c, v: (c + v, v), 0.0, x)[0]

    return _smap(f, P("x"), P())(jnp.ones(4))


@mistake("while_loop body function carry input and carry output must have equal types, but they")
def r11_shard_map_while_carry_becomes_varying():
    def f(x):
        return lax.while_loop(lambda c: c < 3.0, lambda c: c + x[0], 0.0)

    return _smap(f, P("x"), P())(jnp.ones(4))


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r11_shard_map_fori_carry_becomes_varying():
    def f(x):
        return lax.fori_loop(0, 2, lambda i, c: c + x[0], 0.0)

    return _smap(f, P("x"), P())(jnp.ones(4))


@mistake("tuple index out of range")
def r11_pmap_in_axes_out_of_range():
    return jax.pmap(lambda x: x, in_axes=2)(jnp.ones((2, 3)))


@mistake("pmapped function has static_broadcasted_argnums=(3,) but was called with only 1")
def r11_pmap_static_broadcasted_argnums_out_of_range():
    return jax.pmap(lambda x: x, static_broadcasted_argnums=3)(jnp.ones((2, 3)))


@mistake("Found an unbound axis name: j.")
def r11_pmap_psum_unknown_axis():
    return jax.pmap(lambda x: lax.psum(x, "j"), axis_name="i")(jnp.ones((2, 3)))


# ---------------------------------------------------------------------------------------------
# jax.export


@mistake("Shape mismatch for args[0].shape[0] (expected same constant): expected (3,) and called")
def r11_export_call_wrong_shape():
    return _exported((3,)).call(jnp.ones(4))


@mistake("Dtype mismatch for args[0]: expected float32 and called with int32")
def r11_export_call_wrong_dtype():
    return _exported((3,)).call(jnp.ones(3, jnp.int32))


@mistake("The invocation args and kwargs must have the same pytree structure as when the function")
def r11_export_call_wrong_count():
    return _exported((3,)).call(jnp.ones(3), jnp.ones(3))


@mistake("Rank mismatch for args[0]: expected (3,) and called with (3, 1)")
def r11_export_call_wrong_rank():
    return _exported((3,)).call(jnp.ones((3, 1)))


@mistake("Rank mismatch for args[0]: expected (n,) and called with (2, 3)")
def r11_export_symbolic_call_wrong_rank():
    (n,) = _sym("n")
    exp = _export(lambda x: x * 2, jax.ShapeDtypeStruct((n,), jnp.float32))
    return exp.call(jnp.ones((2, 3)))


@mistake("Input shapes do not match the polymorphic shapes specification. Found inconsistency")
def r11_export_symbolic_same_dim_differs_at_call():
    (n,) = _sym("n")
    s = jax.ShapeDtypeStruct((n,), jnp.float32)
    exp = _export(lambda x, y: x + y, s, s)
    return exp.call(jnp.ones(3), jnp.ones(4))


@mistake("Input shapes do not match the symbolic shape constraint n >= 4. Expected 'n - 4' to be")
def r11_export_symbolic_constraint_violated_at_call():
    (n,) = _sym("n", constraints=("n >= 4",))
    exp = _export(lambda x: x * 2, jax.ShapeDtypeStruct((n,), jnp.float32))
    return exp.call(jnp.ones(3))


@mistake("syntax error in symbolic shape 'n +' in dimension 0: expecting one of {NAME, MINUS")
def r11_export_symbolic_parse_trailing_plus():
    return _sym("n +")


@mistake("syntax error in symbolic shape 'foo(n)' in dimension 0")
def r11_export_symbolic_parse_unknown_function():
    return _sym("foo(n)")


@mistake("syntax error in symbolic shape '1.5' in dimension 0: expecting integer, found 1.5")
def r11_export_symbolic_parse_float():
    return _sym("1.5")


@mistake("Constraint parsing error: must contain one of '==' or '>=' or '<='")
def r11_export_symbolic_constraint_bad_operator():
    return _sym("n", constraints=("n > 4",))


@mistake("Invalid mixing of symbolic scopes for linear combination.")
def r11_export_symbolic_scopes_mixed():
    (a,) = _sym("a")
    (b,) = _sym("b")
    return a + b


@mistake("Cannot divide evenly the sizes of shapes (n,) and (3, -1). The remainder mod(n, - 3)")
def r11_export_symbolic_reshape_not_divisible():
    (n,) = _sym("n")
    return _export(lambda x: x.reshape(3, -1), jax.ShapeDtypeStruct((n,), jnp.float32))


@mistake("add got incompatible shapes for broadcasting: (n,), (m,).")
def r11_export_symbolic_broadcast_two_dims():
    n, m = _sym("n, m")
    s1, s2 = jax.ShapeDtypeStruct((n,), jnp.float32), jax.ShapeDtypeStruct((m,), jnp.float32)
    return _export(lambda x, y: x + y, s1, s2)


@mistake("Symbolic dimension comparison 'n' >= 'm' is inconclusive.")
def r11_export_symbolic_dim_compare_inconclusive():
    n, m = _sym("n, m")
    return n >= m


@mistake("Symbolic dimension 'n' used in a context that requires a constant")
def r11_export_symbolic_dim_int():
    (n,) = _sym("n")
    return int(n)


@mistake("integer division or modulo by zero")
def r11_export_symbolic_dim_floordiv_by_zero():
    n, m = _sym("n, m")
    return (n + 1) // m * 0 + (n // (m - m))


@mistake("Abstract tracer value encountered where concrete value is expected")
def r11_export_symbolic_arange_in_export():
    (n,) = _sym("n")
    return _export(lambda x: jnp.arange(x.shape[0] * 1.5), jax.ShapeDtypeStruct((n,), jnp.float32))


@mistake("Symbolic dimension comparison 'n' > '3' is inconclusive.")
def r11_export_symbolic_python_if_on_dim():
    (n,) = _sym("n")

    def f(x):
        if x.shape[0] > 3:
            return x
        return -x

    return _export(f, jax.ShapeDtypeStruct((n,), jnp.float32))


@mistake("Function to be exported must be the result of `jit` but is")
def r11_export_not_jitted():
    return _sub("export").export(lambda x: x)(jnp.ones(3))


@mistake("The invocation args and kwargs must have the same pytree structure as when the function")
def r11_export_call_with_kwargs():
    return _exported((3,)).call(x=jnp.ones(3))


@mistake("pytree structure error: different lengths of tuple at key path")
def r11_export_symbolic_args_specs_count():
    return _sub("export").symbolic_args_specs((jnp.ones(2), jnp.ones(3)), ("n", "m", "k"))


# ---------------------------------------------------------------------------------------------
# Less-used APIs: ragged_dot, custom_vmap, ravel_pytree, dtypes, lax odds and ends


@mistake("expected rhs group dimension size to be 3, got 2.")
def r11_ragged_dot_group_sizes_wrong_length():
    return lax.ragged_dot(jnp.ones((6, 3)), jnp.ones((2, 3, 4)), jnp.array([3, 2, 1], jnp.int32))


@mistake("dot_general requires contracting dimensions to have the same shape, got (3,) and (5,)")
def r11_ragged_dot_contracting_mismatch():
    return lax.ragged_dot(jnp.ones((6, 3)), jnp.ones((2, 5, 4)), jnp.array([3, 3], jnp.int32))


@mistake("expected rhs group dimension size to be 2, got 3.")
def r11_ragged_dot_rhs_rank():
    return lax.ragged_dot(jnp.ones((6, 3)), jnp.ones((3, 4)), jnp.array([3, 3], jnp.int32))


@mistake("ragged_dot_general requires that group_sizes.dtype is subtype of np.integer.")
def r11_ragged_dot_group_sizes_float():
    return lax.ragged_dot(jnp.ones((6, 3)), jnp.ones((2, 3, 4)), jnp.array([3.0, 3.0]))


@mistake("dot_general requires lhs dimension numbers to be nonnegative and less than the number of")
def r11_ragged_dot_lhs_rank():
    return lax.ragged_dot(jnp.ones(6), jnp.ones((2, 3, 4)), jnp.array([3, 3], jnp.int32))


@mistake("No batching rule defined for custom_vmap function <lambda> using def_vmap.")
def r11_custom_vmap_rule_not_defined():
    f = jax.custom_batching.custom_vmap(lambda x: x * 2)
    return jax.vmap(f)(jnp.ones(3))


@mistake("too many values to unpack (expected 2)")
def r11_custom_vmap_rule_returns_single():
    f = jax.custom_batching.custom_vmap(lambda x: x * 2)
    f.def_vmap(lambda axis_size, in_batched, x: x * 2)
    return jax.vmap(f)(jnp.ones(3))


@mistake("structure of output value and output batching specification returned by custom vmap rule")
def r11_custom_vmap_rule_batched_flag_wrong_structure():
    f = jax.custom_batching.custom_vmap(lambda x: x * 2)
    f.def_vmap(lambda axis_size, in_batched, x: (x * 2, (True, True)))
    return jax.vmap(f)(jnp.ones(3))


@mistake("No batching rule defined for custom_vmap function <lambda> using def_vmap.")
def r11_custom_vmap_kwargs():
    f = jax.custom_batching.custom_vmap(lambda x: x * 2)
    return f(x=jnp.ones(3))


@mistake("Linearization failed to produce known values for all output primals")
def r11_custom_vmap_grad():
    f = jax.custom_batching.custom_vmap(lambda x: x * 2)
    f.def_vmap(lambda axis_size, in_batched, x: (x * 2, in_batched[0]))
    return jax.grad(lambda x: f(x).sum())(jnp.ones(3))


@mistake("Sum of sizes 5 must be equal to dimension 0 of the operand shape [4]")
def r11_ravel_pytree_unravel_wrong_size():
    from_flat = _sub("flatten_util").ravel_pytree({"a": jnp.ones(2), "b": jnp.ones(3)})[1]
    return from_flat(jnp.ones(4))


@mistake("data type 'floaty' not understood")
def r11_dtypes_canonicalize_bad():
    return _sub("dtypes").canonicalize_dtype("floaty")


@mistake("data type 'floaty' not understood")
def r11_dtypes_issubdtype_bad_name():
    return jnp.issubdtype(jnp.float32, "floaty")


@mistake("at least one array or dtype is required")
def r11_result_type_no_arguments():
    return jnp.result_type()


@mistake("data type 'abc' not understood")
def r11_result_type_of_string():
    return jnp.result_type("abc", jnp.float32)


@mistake("data type 'floaty' not understood")
def r11_promote_types_bad():
    return jnp.promote_types(jnp.float32, "floaty")


@mistake("casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' (got 'loose')")
def r11_can_cast_bad_casting():
    return jnp.can_cast(jnp.float32, jnp.int32, casting="loose")


@mistake("data type <class 'numpy.int32'> not inexact")
def r11_finfo_of_int():
    return jnp.finfo(jnp.int32)


@mistake("Invalid integer data type 'f'.")
def r11_iinfo_of_float():
    return jnp.iinfo(jnp.float32)


@mistake("data type 'float33' not understood")
def r11_dtype_of_unknown_name():
    return jnp.dtype("float33")


@mistake("zeta does not accept dtype int32 at position 0. Accepted dtypes at position 0 are")
def r11_lax_zeta_int():
    return lax.zeta(jnp.arange(3), jnp.arange(3))


@mistake("is_finite does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r11_lax_is_finite_int():
    return lax.is_finite(jnp.arange(3))


@mistake("Invalid dimension range passed to collapse: (2, 3, 4)[2:1]")
def r11_lax_collapse_bad_range():
    return lax.collapse(jnp.ones((2, 3, 4)), 2, 1)


@mistake("list assignment index out of range")
def r11_lax_dynamic_slice_in_dim_axis_out_of_range():
    return lax.dynamic_slice_in_dim(jnp.ones((2, 3)), 0, 1, axis=2)


@mistake("dynamic_update_slice update shape must be smaller than operand shape")
def r11_lax_dynamic_update_slice_in_dim_shape():
    return lax.dynamic_update_slice_in_dim(jnp.ones((2, 3)), jnp.ones((2, 4)), 0, axis=0)


@mistake("Error interpreting argument to optimization_barrier as a JAX value")
def r11_lax_optimization_barrier_of_string():
    return lax.optimization_barrier("x")


@mistake("axis 1 is out of bounds for array of shape (3,)")
def r11_lax_cummin_axis_out_of_range():
    return lax.cummin(jnp.ones(3), axis=1)


@mistake("cumprod does not accept dtype bool. Accepted dtypes are subtypes of number.")
def r11_lax_cumprod_bool():
    return lax.cumprod(jnp.ones(3, bool))


@mistake("cannot convert float infinity to integer")
def r11_lax_cumlogsumexp_int():
    return lax.cumlogsumexp(jnp.arange(3))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (3.5,).")
def r11_lax_rng_uniform_shape():
    return lax.rng_uniform(0.0, 1.0, (3.5,))


@mistake("reduce_precision: exponent_bits must be positive; got 0")
def r11_lax_reduce_precision_bits():
    return lax.reduce_precision(jnp.ones(3), exponent_bits=0, mantissa_bits=2)


@mistake("erf_inv does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r11_lax_erf_inv_int():
    return lax.erf_inv(jnp.arange(3))


@mistake("lgamma does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r11_lax_lgamma_int():
    return lax.lgamma(jnp.arange(3))


@mistake("digamma does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r11_lax_digamma_int():
    return lax.digamma(jnp.arange(3))


@mistake("bessel_i0e does not accept dtype int32. Accepted dtypes are subtypes of floating.")
def r11_lax_bessel_i0e_int():
    return lax.bessel_i0e(jnp.arange(3))


@mistake("logistic does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r11_lax_logistic_int():
    return lax.logistic(jnp.arange(3))


@mistake("rsqrt does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r11_lax_rsqrt_int():
    return lax.rsqrt(jnp.arange(3))


@mistake("cbrt does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r11_lax_cbrt_int():
    return lax.cbrt(jnp.arange(3))


@mistake("exp2 does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r11_lax_exp2_int():
    return lax.exp2(jnp.arange(3))


@mistake("tanh does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r11_lax_tanh_int():
    return lax.tanh(jnp.arange(3))


@mistake("floor does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r11_lax_floor_int():
    return lax.floor(jnp.arange(3))


@mistake("ceil does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r11_lax_ceil_int():
    return lax.ceil(jnp.arange(3))


@mistake("round does not accept dtype int32. Accepted dtypes are subtypes of floating")
def r11_lax_round_int():
    return lax.round(jnp.arange(3))


@mistake("imag does not accept dtype float32. Accepted dtypes are subtypes of complexfloating")
def r11_lax_imag_float():
    return lax.imag(jnp.ones(3))


@mistake("not does not accept dtype float32. Accepted dtypes are subtypes of integer, bool")
def r11_lax_not_float():
    return lax.bitwise_not(jnp.ones(3))


@mistake("and does not accept dtype float32 at position 0. Accepted dtypes at position 0 are")
def r11_lax_and_float():
    return lax.bitwise_and(jnp.ones(3), jnp.ones(3))


@mistake("population_count does not accept dtype float32. Accepted dtypes are subtypes of integer")
def r11_lax_population_count_float():
    return lax.population_count(jnp.ones(3))


@mistake("clz does not accept dtype float32. Accepted dtypes are subtypes of integer")
def r11_lax_clz_float():
    return lax.clz(jnp.ones(3))


@mistake(
    "shift_left does not accept dtype float32 at position 0. Accepted dtypes at position 0 are"
)
def r11_lax_shift_left_float():
    return lax.shift_left(jnp.ones(3), jnp.ones(3))


@mistake("lax.shift_right_logical requires arguments to have the same dtypes, got int32, int16.")
def r11_lax_shift_right_logical_mixed():
    return lax.shift_right_logical(jnp.arange(3, dtype=jnp.int32), jnp.arange(3, dtype=jnp.int16))


@mistake("atan2 does not accept dtype int32 at position 0. Accepted dtypes at position 0 are")
def r11_lax_atan2_int():
    return lax.atan2(jnp.arange(3), jnp.arange(3))


@mistake("nextafter does not accept dtype int32 at position 0. Accepted dtypes at position 0 are")
def r11_lax_nextafter_int():
    return lax.nextafter(jnp.arange(3), jnp.arange(3))


@mistake("igamma does not accept dtype int32 at position 0. Accepted dtypes at position 0 are")
def r11_lax_igamma_int():
    return lax.igamma(jnp.arange(3), jnp.arange(3))


@mistake("complex does not accept dtype int32 at position 0. Accepted dtypes at position 0 are")
def r11_lax_complex_int():
    return lax.complex(jnp.arange(3), jnp.arange(3))


@mistake("complex does not accept dtype float16 at position 1. Accepted dtypes at position 1 are")
def r11_lax_complex_mixed():
    return lax.complex(jnp.ones(3, jnp.float32), jnp.ones(3, jnp.float16))


@mistake("is not a valid JAX array type")
def r11_lax_conj_string():
    return lax.conj("a")


@mistake(
    "lax.max requires arguments to have the same dtypes, got float32, int32. (Tip: jnp.maximum"
)
def r11_lax_max_mixed_dtypes():
    return lax.max(jnp.ones(3), jnp.arange(3))


@mistake("select_n() must have at least one case")
def r11_lax_select_n_no_cases():
    return lax.select_n(jnp.int32(0))


@mistake("select `which` must be boolean or integer type, got float32.")
def r11_lax_select_n_float_which():
    return lax.select_n(jnp.float32(0), jnp.ones(3), jnp.ones(3))


@mistake("select cases must have the same shapes, got [(3,), (4,)].")
def r11_lax_select_n_shapes_differ():
    return lax.select_n(jnp.int32(0), jnp.ones(3), jnp.ones(4))


@mistake("clamp requires min.shape == operand.shape or min.shape == (), got min.shape=(2,)")
def r11_lax_clamp_shapes():
    return lax.clamp(jnp.ones(2), jnp.ones(3), jnp.ones(3))


@mistake("lax.clamp requires arguments to have the same dtypes, got int32, float32, float16.")
def r11_lax_clamp_dtypes():
    return lax.clamp(0, jnp.ones(3), jnp.float16(1))


@mistake("interior padding in padding_config must be nonnegative, got padding_config ((0, 0, -1),)")
def r11_lax_pad_negative_interior():
    return lax.pad(jnp.ones(3), 0.0, [(0, 0, -1)])


@mistake("length of padding_config must equal the number of axes of operand, got padding_config")
def r11_lax_pad_config_length():
    return lax.pad(jnp.ones((3, 3)), 0.0, [(0, 0, 0)])


@mistake("pad operand and padding_value must be same dtype: got float32 and int32.")
def r11_lax_pad_value_dtype():
    return lax.pad(jnp.ones(3), 0, [(1, 1, 0)])


@mistake(
    "rev dimensions must all be less than operand ndim, got dimensions (1,) for operand ndim 1."
)
def r11_lax_rev_dims_out_of_range():
    return lax.rev(jnp.ones(3), (1,))


@mistake("rev dimensions must be unique, got (0, 0).")
def r11_lax_rev_duplicate_dims():
    return lax.rev(jnp.ones((3, 3)), (0, 0))


@mistake("transpose permutation isn't a permutation of operand dimensions, got permutation (0, 0)")
def r11_lax_transpose_not_permutation():
    return lax.transpose(jnp.ones((2, 3)), (0, 0))


@mistake("cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3)")
def r11_lax_squeeze_non_unit():
    return lax.squeeze(jnp.ones((2, 3)), (0,))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r11_lax_expand_dims_out_of_range():
    return lax.expand_dims(jnp.ones(3), (3,))


@mistake("broadcast_in_dim operand dimension sizes must either be 1, or be equal to their")
def r11_lax_broadcast_in_dim_bad_dims():
    return lax.broadcast_in_dim(jnp.ones(3), (3, 4), (1,))


@mistake("broadcast_in_dim broadcast_dimensions must have length equal to operand ndim")
def r11_lax_broadcast_in_dim_rank():
    return lax.broadcast_in_dim(jnp.ones((3, 4)), (3, 4), (0,))


@mistake(
    "reshape dimensions must be a permutation of operand dimensions, got dimensions (0, 0) for"
)
def r11_lax_reshape_dimensions_bad():
    return lax.reshape(jnp.ones((2, 3)), (3, 2), dimensions=(0, 0))


@mistake("iota dimension must be between 0 and len(shape), got dimension=2 for shape=(2, 3)")
def r11_lax_iota_float_dimension():
    return lax.broadcasted_iota(jnp.int32, (2, 3), 2)


@mistake("broadcast_in_dim shape must have every element be nonnegative, got (2, -1).")
def r11_lax_full_bad_shape():
    return lax.full((2, -1), 0.0)


@mistake("data type 'floaty' not understood")
def r11_lax_convert_element_type_string():
    return lax.convert_element_type(jnp.ones(3), "floaty")


@mistake("index 5 is out of bounds for axis 0 with size 3")
def r11_lax_index_in_dim_out_of_range():
    return lax.index_in_dim(jnp.ones(3), 5)


@mistake("tuple index out of range")
def r11_lax_slice_in_dim_axis_out_of_range():
    return lax.slice_in_dim(jnp.ones(3), 0, 2, axis=3)


@mistake("Sum of sizes 4 must be equal to dimension 0 of the operand shape [6]")
def r11_lax_split_sizes_sum():
    return lax.split(jnp.ones(6), (2, 2))


@mistake("concatenate dimension out of bounds: dimension 1 for shapes (3,), (3,).")
def r11_lax_concatenate_dimension_out_of_range():
    return lax.concatenate([jnp.ones(3), jnp.ones(3)], 1)


@mistake("concatenate requires a non-empty sequences of arrays")
def r11_lax_concatenate_empty():
    return lax.concatenate([], 0)


@mistake("Arguments to sort must have equal shapes, got: (3,) (4,)")
def r11_lax_sort_multiple_operands_shapes():
    return lax.sort((jnp.ones(3), jnp.ones(4)), num_keys=1)


@mistake("axis 2 is out of bounds for array of dimension 1")
def r11_lax_sort_dimension_out_of_range():
    return lax.sort(jnp.ones(3), dimension=2)


@mistake("Arguments to sort must have equal shapes, got: (3,) (4,)")
def r11_lax_sort_key_val_shapes():
    return lax.sort_key_val(jnp.ones(3), jnp.ones(4))


@mistake("Invalid axis 1 for operand shape (3,)")
def r11_lax_argmin_axis_out_of_range():
    return lax.argmin(jnp.ones(3), axis=1, index_dtype=jnp.int32)


@mistake("index_dtype must be an integer type, but got float32")
def r11_lax_argmax_float_index_dtype():
    return lax.argmax(jnp.ones(3), axis=0, index_dtype=jnp.float32)


@mistake("logical reduction requires operand dtype bool or int, got float32.")
def r11_lax_reduce_and_float():
    return lax.reduce_and(jnp.ones(3), axes=(0,))


@mistake("reduction axes (1,) contains out-of-bounds indices for float32[3].")
def r11_lax_reduce_max_axes_out_of_range():
    return lax.reduce_max(jnp.ones(3), axes=(1,))


@mistake("duplicate value in 'axes' of reduction: (0, 0)")
def r11_lax_reduce_sum_duplicate_axes():
    return lax.reduce_sum(jnp.ones((3, 3)), axes=(0, 0))


@mistake("Operands must have the same tree structure as init_values: PyTreeDef((*, *)) vs.")
def r11_lax_reduce_mismatched_init_count():
    return lax.reduce((jnp.ones(3), jnp.ones(3)), (0.0,), lambda a, b: a, (0,))


@mistake("reduce_window got the wrong number of window_dimensions for operand: got operand shape")
def r11_lax_reduce_window_dims_length():
    return lax.reduce_window(jnp.ones((4, 4)), 0.0, lax.add, (2,), (1, 1), "VALID")


@mistake("Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got FULL.")
def r11_lax_reduce_window_bad_padding_string():
    return lax.reduce_window(jnp.ones(4), 0.0, lax.add, (2,), (1,), "FULL")


@mistake(
    "pow does not accept dtype int32 at position 0. Accepted dtypes at position 0 are subtypes"
)
def r11_lax_pow_int_base_float_exponent():
    return lax.pow(jnp.arange(3), jnp.ones(3))


@mistake("lax.rem requires arguments to have the same dtypes, got int32, float32.")
def r11_lax_rem_mixed():
    return lax.rem(jnp.arange(3), jnp.ones(3))


@mistake("lax.div requires arguments to have the same dtypes, got int32, float32. (Tip: jnp.divide")
def r11_lax_div_mixed():
    return lax.div(jnp.arange(3), jnp.ones(3))


@mistake("dot_general requires lhs batch dimensions and rhs batch dimensions to have the same")
def r11_lax_dot_general_batch_dims_differ_in_size():
    return lax.dot_general(jnp.ones((2, 3, 4)), jnp.ones((5, 4, 3)), (((2,), (1,)), ((0,), (0,))))


@mistake("dot_general requires equal numbers of lhs_batch and rhs_batch dimensions, got lhs_batch")
def r11_lax_dot_general_batch_count_differs():
    return lax.dot_general(jnp.ones((2, 3, 4)), jnp.ones((2, 4, 3)), (((2,), (1,)), ((0,), ())))


@mistake(
    "dot_general requires lhs batch dimensions to be disjoint from contracting dimensions, got"
)
def r11_lax_dot_general_contract_batch_overlap():
    return lax.dot_general(jnp.ones((2, 2)), jnp.ones((2, 2)), (((0,), (0,)), ((0,), (0,))))


@mistake("Precision argument must be one of")
def r11_lax_dot_bad_precision():
    return lax.dot(jnp.ones((2, 3)), jnp.ones((3, 2)), precision="ultra")


# ---------------------------------------------------------------------------------------------
# jnp, nn, image, scipy, random, tree_util, config, array API


@mistake("indices and arr must have the same number of dimensions; 1 vs. 2")
def r11_jnp_take_along_axis_rank():
    return jnp.take_along_axis(jnp.ones((2, 3)), jnp.zeros(2, jnp.int32), axis=1)


@mistake("take_along_axis indices must be of integer type, got float32")
def r11_jnp_take_along_axis_float_indices():
    return jnp.take_along_axis(jnp.ones((2, 3)), jnp.zeros((2, 1)), axis=1)


@mistake("jax.numpy.put_along_axis cannot modify arrays in-place, because JAX")
def r11_jnp_put_along_axis_not_inplace():
    return jnp.put_along_axis(jnp.ones((2, 3)), jnp.zeros((2, 1), jnp.int32), 0.0, axis=1)


@mistake("jax.numpy.put cannot modify arrays in-place, because JAX arrays are immutable. Pass")
def r11_jnp_put_not_inplace():
    return jnp.put(jnp.ones(3), 0, 1.0)


@mistake("jax.numpy.place cannot modify arrays in-place, because JAX arrays are immutable. Pass")
def r11_jnp_place_not_inplace():
    return jnp.place(jnp.ones(3), jnp.ones(3, bool), 0.0)


@mistake("JAX arrays are immutable, must use inplace=False")
def r11_jnp_fill_diagonal_not_inplace():
    return jnp.fill_diagonal(jnp.ones((3, 3)), 0.0)


@mistake("Number of einsum subscripts, 1, must be equal to the number of operands, 2.")
def r11_jnp_einsum_too_many_operands():
    return jnp.einsum("ij->i", jnp.ones((2, 2)), jnp.ones((2, 2)))


@mistake("Size of label 'j' for operand 1")
def r11_jnp_einsum_label_size_mismatch():
    return jnp.einsum("ij,ij->i", jnp.ones((2, 3)), jnp.ones((2, 4)))


@mistake("Output character 'k' did not appear in the input")
def r11_jnp_einsum_output_label_unknown():
    return jnp.einsum("ij->k", jnp.ones((2, 3)))


@mistake(
    "Einstein sum subscript 'ijk' does not contain the correct number of indices for operand 0"
)
def r11_jnp_einsum_rank_mismatch():
    return jnp.einsum("ijk->i", jnp.ones((2, 3)))


@mistake("Number of tensordot axes (axes 3) exceeds input ranks ((2, 3) and (3, 2))")
def r11_jnp_tensordot_axes_too_many():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((3, 2)), axes=3)


@mistake("dot_general requires contracting dimensions to have the same shape, got (2,) and (3,).")
def r11_jnp_tensordot_axes_sizes():
    return jnp.tensordot(jnp.ones((2, 3)), jnp.ones((3, 2)), axes=([0], [0]))


@mistake("kron requires ndarray or scalar arguments, got <class 'NoneType'> at position 1.")
def r11_jnp_kron_of_none():
    return jnp.kron(jnp.ones(2), None)


@mistake("dot_general requires contracting dimensions to have the same shape, got (2,) and (3,).")
def r11_jnp_inner_mismatch():
    return jnp.inner(jnp.ones(2), jnp.ones(3))


@mistake("dot_general requires contracting dimensions to have the same shape, got (2,) and (3,).")
def r11_jnp_vdot_mismatch():
    return jnp.vdot(jnp.ones(2), jnp.ones(3))


@mistake("Dimension must be either 2 or 3 for cross product")
def r11_jnp_cross_bad_dim():
    return jnp.cross(jnp.ones(4), jnp.ones(4))


@mistake("convolve() only support 1-dimensional inputs.")
def r11_jnp_convolve_2d():
    return jnp.convolve(jnp.ones((2, 2)), jnp.ones(2))


@mistake("mode must be one of ['full', 'same', 'valid']")
def r11_jnp_convolve_bad_mode():
    return jnp.convolve(jnp.ones(4), jnp.ones(2), mode="circular")


@mistake("correlate: inputs cannot be empty, got shapes (4,) and (0,).")
def r11_jnp_correlate_empty():
    return jnp.correlate(jnp.ones(4), jnp.ones(0))


@mistake("expected deg >= 0")
def r11_jnp_polyfit_deg_negative():
    return jnp.polyfit(jnp.arange(4.0), jnp.arange(4.0), -1)


@mistake("Input must be a rank-1 array.")
def r11_jnp_roots_2d():
    return jnp.roots(jnp.ones((2, 2)))


@mistake("xp and fp must be one-dimensional arrays of equal size")
def r11_jnp_interp_xp_fp_lengths():
    return jnp.interp(1.0, jnp.arange(3.0), jnp.arange(4.0))


@mistake("xp and fp must be one-dimensional arrays of equal size")
def r11_jnp_interp_2d_xp():
    return jnp.interp(1.0, jnp.ones((2, 2)), jnp.ones((2, 2)))


@mistake("digitize: bins must be a 1-dimensional array")
def r11_jnp_digitize_2d_bins():
    return jnp.digitize(jnp.ones(3), jnp.ones((2, 2)))


@mistake("Number of samples, -1, must be non-negative.")
def r11_jnp_histogram_negative_bins():
    return jnp.histogram(jnp.ones(3), bins=-2)


@mistake("x argument to bincount must have an integer type; got float32")
def r11_jnp_bincount_float():
    return jnp.bincount(jnp.ones(3))


@mistake("type of weights must match type of x")
def r11_jnp_bincount_weights_length():
    return jnp.bincount(jnp.arange(3), weights=jnp.ones(4))


@mistake("invalid argument side='middle', expected 'left' or 'right'")
def r11_jnp_searchsorted_bad_side():
    return jnp.searchsorted(jnp.arange(3), 1, side="middle")


@mistake("invalid argument method='binary', expected one of ['compare_all', 'scan'")
def r11_jnp_searchsorted_bad_method():
    return jnp.searchsorted(jnp.arange(3), 1, method="binary")


@mistake("invalid mode='wrapx'. Expected 'raise', 'wrap', 'clip', or 'ignore'.")
def r11_jnp_ravel_multi_index_bad_mode():
    return jnp.ravel_multi_index((jnp.array([0]), jnp.array([1])), (2, 3), mode="wrapx")


@mistake("diag input must be 1d or 2d")
def r11_jnp_diag_3d():
    return jnp.diag(jnp.ones((2, 2, 2)))


@mistake("transpose permutation isn't a permutation of operand dimensions")
def r11_jnp_diagonal_same_axes():
    return jnp.diagonal(jnp.ones((2, 2)), axis1=0, axis2=0)


@mistake("axis1 and axis2 can not be same. axis1=1 and axis2=1")
def r11_jnp_trace_same_axes():
    return jnp.trace(jnp.ones((2, 2)), axis1=1, axis2=1)


@mistake("index 2 is out of bounds for axis 0 with size 2")
def r11_jnp_swapaxes_out_of_range():
    return jnp.swapaxes(jnp.ones((2, 3)), 0, 2)


@mistake("Axes must be different")
def r11_jnp_rot90_bad_axes():
    return jnp.rot90(jnp.ones((2, 3)), axes=(0, 0))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_flip_axis_out_of_range():
    return jnp.flip(jnp.ones((2, 3)), axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_delete_axis_out_of_range():
    return jnp.delete(jnp.ones((2, 3)), 0, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_insert_axis_out_of_range():
    return jnp.insert(jnp.ones((2, 3)), 0, 1.0, axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_compress_axis_out_of_range():
    return jnp.compress(jnp.array([True, False]), jnp.ones((2, 3)), axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_apply_along_axis_out_of_range():
    return jnp.apply_along_axis(jnp.sum, 2, jnp.ones((2, 3)))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_apply_over_axes_out_of_range():
    return jnp.apply_over_axes(jnp.sum, jnp.ones((2, 3)), [2])


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_median_axis_out_of_range():
    return jnp.median(jnp.ones((2, 3)), axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_quantile_axis_out_of_range():
    return jnp.quantile(jnp.ones((2, 3)), 0.5, axis=2)


@mistake("method can only be 'linear', 'lower', 'higher', 'midpoint', 'nearest' or 'inverted_cdf'")
def r11_jnp_percentile_bad_method():
    return jnp.percentile(jnp.ones(3), 50, method="middle")


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_ptp_axis_out_of_range():
    return jnp.ptp(jnp.ones((2, 3)), axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_count_nonzero_axis_out_of_range():
    return jnp.count_nonzero(jnp.ones((2, 3)), axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_diff_axis_out_of_range():
    return jnp.diff(jnp.ones((2, 3)), axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_trapezoid_axis_out_of_range():
    return jnp.trapezoid(jnp.ones((2, 3)), axis=2)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_sort_axis_out_of_range():
    return jnp.sort(jnp.ones((2, 3)), axis=2)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r11_jnp_lexsort_axis_out_of_range():
    return jnp.lexsort((jnp.ones(3), jnp.ones(3)), axis=1)


@mistake("axis 5 is out of bounds for array of dimension 3")
def r11_jnp_partition_kth_out_of_range():
    return jnp.partition(jnp.ones(3), 5)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r11_jnp_argpartition_axis_out_of_range():
    return jnp.argpartition(jnp.ones(3), 1, axis=1)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r11_jnp_logsumexp_axis_out_of_range():
    return jax.nn.logsumexp(jnp.ones(3), axis=1)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_jnp_linalg_norm_axis_out_of_range():
    return jnp.linalg.norm(jnp.ones((2, 3)), axis=2)


@mistake("Invalid order '3' for matrix norm.")
def r11_jnp_linalg_norm_bad_ord_matrix():
    return jnp.linalg.norm(jnp.ones((2, 3)), ord=3)


@mistake("Improper number of axes for norm: axis=(0, 1, 2). Pass one axis to compute a vector-norm")
def r11_jnp_linalg_norm_three_axes():
    return jnp.linalg.norm(jnp.ones((2, 3, 4)), axis=(0, 1, 2))


@mistake("got incompatible shapes for broadcasting: (2, 3), (3, 2)")
def r11_jnp_linalg_eigh_non_square():
    return jnp.linalg.eigh(jnp.ones((2, 3)))


@mistake("Input 0 to eig must have rank at least 2, but got shape=(3,)")
def r11_jnp_linalg_eig_1d():
    return jnp.linalg.eig(jnp.ones(3))


@mistake("Unsupported QR decomposition mode 'thin'")
def r11_jnp_linalg_qr_bad_mode():
    return jnp.linalg.qr(jnp.ones((3, 3)), mode="thin")


@mistake("Input 0 to svd must have rank at least 2, but got shape=(3,)")
def r11_jnp_linalg_svd_1d():
    return jnp.linalg.svd(jnp.ones(3))


@mistake("Leading dimensions of input arrays must match")
def r11_jnp_linalg_lstsq_shapes():
    return jnp.linalg.lstsq(jnp.ones((3, 2)), jnp.ones(4))


@mistake("exponent must be an integer, got 1.5")
def r11_jnp_linalg_matrix_power_float_n():
    return jnp.linalg.matrix_power(jnp.eye(2), 1.5)


@mistake("Last 2 dimensions of the array must be square")
def r11_jnp_linalg_matrix_power_non_square():
    return jnp.linalg.matrix_power(jnp.ones((2, 3)), 2)


@mistake("Input arrays must have prod(a.shape[:b.ndim]) == prod(a.shape[b.ndim:]); got a.shape=(2")
def r11_jnp_linalg_tensorsolve_shapes():
    return jnp.linalg.tensorsolve(jnp.ones((2, 3)), jnp.ones(2))


@mistake("ind must be a positive integer; got ind=0")
def r11_jnp_linalg_tensorinv_ind_zero():
    return jnp.linalg.tensorinv(jnp.ones((2, 2)), ind=0)


@mistake("not enough values to unpack (expected 2, got 1)")
def r11_jnp_linalg_pinv_1d():
    return jnp.linalg.pinv(jnp.ones(3))


@mistake("Argument to slogdet() must have shape [..., n, n], got (2, 3)")
def r11_jnp_linalg_slogdet_non_square():
    return jnp.linalg.slogdet(jnp.ones((2, 3)))


@mistake("Unknown slogdet method 'cholesky'. Supported methods are 'lu' (`None`), and 'qr'.")
def r11_jnp_linalg_slogdet_bad_method():
    return jnp.linalg.slogdet(jnp.eye(2), method="cholesky")


@mistake("Both input arrays must be (arrays of) 3-dimensional vectors, but they have")
def r11_jnp_linalg_cross_bad_dim():
    return jnp.linalg.cross(jnp.ones(2), jnp.ones(2))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r11_jnp_linalg_vector_norm_axis_out():
    return jnp.linalg.vector_norm(jnp.ones(3), axis=1)


@mistake("axis -2 is out of bounds for array of dimension 1")
def r11_jnp_linalg_matrix_norm_1d():
    return jnp.linalg.matrix_norm(jnp.ones(3))


@mistake("diagonal requires an array of at least two dimensions.")
def r11_jnp_linalg_diagonal_1d():
    return jnp.linalg.diagonal(jnp.ones(3))


@mistake("Input arrays must be one-dimensional, but they are x1.ndim=2 x2.ndim=1")
def r11_jnp_linalg_outer_2d():
    return jnp.linalg.outer(jnp.ones((2, 2)), jnp.ones(2))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r11_jnp_fft_axis_out_of_range():
    return jnp.fft.fft(jnp.ones(4), axis=1)


@mistake('Invalid norm value unitary; should be "backward","ortho" or "forward".')
def r11_jnp_fft_bad_norm():
    return jnp.fft.fft(jnp.ones(4), norm="unitary")


@mistake("Shape should be positive.")
def r11_jnp_fft_n_zero():
    return jnp.fft.fft(jnp.ones(4), n=0)


@mistake("only real valued inputs supported for rfft")
def r11_jnp_fft_rfft_complex():
    return jnp.fft.rfft(jnp.ones(4, jnp.complex64))


@mistake("axis -2 is out of bounds for array of dimension 1")
def r11_jnp_fft_fft2_1d():
    return jnp.fft.fft2(jnp.ones(4))


@mistake("Shape and axes have different lengths.")
def r11_jnp_fft_fftn_s_axes_lengths():
    return jnp.fft.fftn(jnp.ones((4, 4)), s=(4,), axes=(0, 1))


@mistake("tuple index out of range")
def r11_jnp_fft_fftshift_axis_out():
    return jnp.fft.fftshift(jnp.ones(4), axes=1)


@mistake("'float' object cannot be interpreted as an integer")
def r11_nn_one_hot_float():
    return jax.nn.one_hot(jnp.ones(3), 3.5)


@mistake("axis 1 is out of bounds for array of dimension 1")
def r11_nn_softmax_axis_out_of_range():
    return jax.nn.softmax(jnp.ones(3), axis=1)


@mistake("axis -3 is out of bounds for array of dimension 2")
def r11_nn_log_softmax_axis_out_of_range():
    return jax.nn.log_softmax(jnp.ones((2, 3)), axis=-3)


@mistake("tuple index out of range")
def r11_nn_standardize_axis_out_of_range():
    return jax.nn.standardize(jnp.ones(3), axis=2)


@mistake("axis size must be divisible by 2")
def r11_nn_glu_odd():
    return jax.nn.glu(jnp.ones(3))


@mistake("The number of query heads must be a multiple of key/value heads, but got 3 vs 2")
def r11_nn_dot_product_attention_heads_mismatch():
    q = jnp.ones((1, 4, 3, 8))
    return jax.nn.dot_product_attention(q, jnp.ones((1, 4, 2, 8)), jnp.ones((1, 4, 2, 8)))


@mistake("Unsupported implementation option: flash")
def r11_nn_dot_product_attention_bad_implementation():
    q = jnp.ones((1, 4, 2, 8))
    return jax.nn.dot_product_attention(q, q, q, implementation="flash")


@mistake("Can't compute input and output sizes of a 1-dimensional weights tensor with default")
def r11_nn_initializer_bad_shape():
    return jax.nn.initializers.glorot_uniform()(random.key(0), (3,))


@mistake("orthogonal initializer requires at least a 2D shape")
def r11_nn_initializer_orthogonal_1d():
    return jax.nn.initializers.orthogonal()(random.key(0), (3,))


@mistake("invalid mode for variance scaling initializer: fan_middle")
def r11_nn_initializer_bad_mode():
    return jax.nn.initializers.variance_scaling(1.0, "fan_middle", "normal")(random.key(0), (3, 3))


@mistake("invalid distribution for variance scaling initializer: cauchy")
def r11_nn_initializer_bad_distribution():
    return jax.nn.initializers.variance_scaling(1.0, "fan_in", "cauchy")(random.key(0), (3, 3))


@mistake("JAX encountered invalid PRNG key data: expected key_data")
def r11_nn_initializer_raw_key():
    return jax.nn.initializers.normal()(0, (3, 3))


@mistake('Unknown resize method "bicubicx"')
def r11_image_resize_bad_method():
    return jax.image.resize(jnp.ones((4, 4)), (8, 8), method="bicubicx")


@mistake("shape must have length equal to the number of dimensions of x;  (8,) vs (4, 4)")
def r11_image_resize_rank():
    return jax.image.resize(jnp.ones((4, 4)), (8,), method="linear")


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_image_scale_and_translate_bad_dims():
    return jax.image.scale_and_translate(
        jnp.ones((4, 4)), (8, 8), (2,), jnp.ones(1), jnp.zeros(1), "linear"
    )


@mistake("Incompatible shapes for broadcasting")
def r11_scipy_logsumexp_b_shape():
    return _sub("scipy.special").logsumexp(jnp.ones(3), b=jnp.ones(4))


@mistake("axis 2 is out of bounds for array of dimension 1")
def r11_scipy_softmax_axis_out():
    return _sub("scipy.special").softmax(jnp.ones(3), axis=2)


@mistake("is not a valid JAX array type. Only arrays of numeric types are supported by JAX.")
def r11_scipy_expit_string():
    return _sub("scipy.special").expit("a")


@mistake("is not a valid JAX array type. Only arrays of numeric types are supported by JAX.")
def r11_scipy_gammaln_string():
    return _sub("scipy.special").gammaln("a")


@mistake("n must be a non-negative integer.")
def r11_scipy_bernoulli_negative():
    return _sub("scipy.special").bernoulli(-1)


@mistake("inconsistent size for core dimension 'n': 4 vs 3 on vectorized function with")
def r11_scipy_linalg_solve_triangular_shapes():
    return _sub("scipy.linalg").solve_triangular(jnp.eye(3), jnp.ones(4))


@mistake("Expected A to be a (batched) square matrix, got A.shape=(2, 3).")
def r11_scipy_linalg_expm_non_square():
    return _sub("scipy.linalg").expm(jnp.ones((2, 3)))


@mistake("Input 0 to lu must have rank at least 2, but got shape=(3,)")
def r11_scipy_linalg_lu_factor_1d():
    return _sub("scipy.linalg").lu_factor(jnp.ones(3))


@mistake("must have at most 2 dimensions, got")
def r11_scipy_linalg_block_diag_3d():
    return _sub("scipy.linalg").block_diag(jnp.ones((2, 2, 2)))


@mistake("mode must be one of ['full', 'same', 'valid']")
def r11_scipy_signal_convolve_bad_mode():
    return _sub("scipy.signal").convolve(jnp.ones(4), jnp.ones(2), mode="circular")


@mistake("convolve2d() only supports 2-dimensional inputs.")
def r11_scipy_signal_convolve2d_1d():
    return _sub("scipy.signal").convolve2d(jnp.ones(4), jnp.ones(2))


@mistake("is not a valid JAX array type. Only arrays of numeric types are supported by JAX.")
def r11_scipy_stats_norm_logpdf_string():
    return _sub("scipy.stats").norm.logpdf("a")


@mistake("currently requires order<=1")
def r11_scipy_ndimage_map_coordinates_order():
    return _sub("scipy.ndimage").map_coordinates(
        jnp.ones((3, 3)), [jnp.ones(2), jnp.ones(2)], order=3
    )


@mistake("coordinates must be a sequence of length input.ndim, but 1 != 2")
def r11_scipy_ndimage_map_coordinates_count():
    return _sub("scipy.ndimage").map_coordinates(jnp.ones((3, 3)), [jnp.ones(2)], order=1)


@mistake("Method nelder-mead not recognized")
def r11_scipy_optimize_minimize_bad_method():
    return _sub("scipy.optimize").minimize(
        lambda x: (x**2).sum(), jnp.ones(2), method="nelder-mead"
    )


@mistake("sub got incompatible shapes for broadcasting: (1, 2), (2, 3).")
def r11_scipy_cluster_vq_rank():
    return _sub("scipy.cluster.vq").vq(jnp.ones((3, 2)), jnp.ones((2, 3)))


@mistake("axis 1 is out of bounds for array of dimension 1")
def r11_scipy_integrate_trapezoid_axis():
    return _sub("scipy.integrate").trapezoid(jnp.ones(3), axis=1)


@mistake("Cannot take a larger sample (size 5) than population (size 3) when 'replace=False'")
def r11_random_choice_without_replacement_too_many():
    return random.choice(random.key(0), 3, (5,), replace=False)


@mistake("p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (4,) and")
def r11_random_choice_p_wrong_length():
    return random.choice(random.key(0), 3, (2,), p=jnp.ones(4) / 4)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_random_choice_axis_out_of_range():
    return random.choice(random.key(0), jnp.ones((3, 2)), (2,), axis=2)


@mistake("a must be greater than 0 unless no samples are taken")
def r11_random_choice_empty():
    return random.choice(random.key(0), jnp.ones(0), (2,))


@mistake("index 2 is out of bounds for axis 0 with size 2")
def r11_random_categorical_axis_out_of_range():
    return random.categorical(random.key(0), jnp.ones((2, 3)), axis=2)


@mistake("Incompatible shapes for broadcasting: shapes=[(4,)")
def r11_random_categorical_shape_incompatible():
    return random.categorical(random.key(0), jnp.ones((2, 3)), shape=(4,))


@mistake("randint only accepts integer dtypes, got float32")
def r11_random_randint_float_dtype():
    return random.randint(random.key(0), (3,), 0, 10, dtype=jnp.float32)


@mistake("dtype argument to `uniform` must be a float dtype, got int32")
def r11_random_uniform_int_dtype():
    return random.uniform(random.key(0), (3,), dtype=jnp.int32)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (3.0,).")
def r11_random_normal_shape_float():
    return random.normal(random.key(0), (3.0,))


@mistake("Shapes must be 1D sequences of concrete values of integer type")
def r11_random_normal_shape_int_not_tuple():
    return random.normal(random.key(0), jnp.ones(3))


@mistake("Incompatible shapes for broadcasting: shapes=[(4,), (3,)]")
def r11_random_bernoulli_p_shape():
    return random.bernoulli(random.key(0), jnp.ones(3) * 0.5, shape=(4,))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r11_random_permutation_axis_out_of_range():
    return random.permutation(random.key(0), jnp.ones((2, 3)), axis=2)


@mistake("x must be an integer or at least 1-dimensional")
def r11_random_permutation_float_scalar():
    return random.permutation(random.key(0), 3.5)


@mistake("multivariate_normal requires cov.shape == (..., n, n) for n=3, but got cov.shape == (2")
def r11_random_multivariate_normal_cov_shape():
    return random.multivariate_normal(random.key(0), jnp.zeros(3), jnp.eye(2))


@mistake("method must be one of {'svd', 'eigh', 'cholesky'}")
def r11_random_multivariate_normal_bad_method():
    return random.multivariate_normal(random.key(0), jnp.zeros(2), jnp.eye(2), method="qr")


@mistake("dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0")
def r11_random_dirichlet_scalar_alpha():
    return random.dirichlet(random.key(0), 1.0)


@mistake("dtype argument to `gamma` must be a float dtype, got int32")
def r11_random_gamma_int_dtype():
    return random.gamma(random.key(0), 1.0, dtype=jnp.int32)


@mistake("'float' object cannot be interpreted as an integer")
def r11_random_split_shape_float():
    return random.split(random.key(0), 2.5)


@mistake("PRNG key seed must be an integer; got")
def r11_random_key_float_seed():
    return random.key(1.5)


@mistake('unrecognized PRNG implementation "philox". Did you mean one of')
def r11_random_key_impl_unknown():
    return random.key(0, impl="philox")


@mistake("JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got")
def r11_random_wrap_key_data_wrong_shape():
    return random.wrap_key_data(jnp.ones(3, jnp.uint32))


@mistake("negative dimensions are not allowed, got")
def r11_random_orthogonal_n_negative():
    return random.orthogonal(random.key(0), -1)


@mistake("vmap was requested to map its argument along axis 0, which implies that its rank should")
def r11_random_key_inside_vmap_of_scalar_keys():
    return jax.vmap(random.normal)(random.key(0))


@mistake("dtype argument to `truncated_normal` must be a float dtype, got int32")
def r11_random_truncated_normal_int_dtype():
    return random.truncated_normal(random.key(0), -1.0, 1.0, dtype=jnp.int32)


@mistake("Too many leaves for PyTreeDef; expected 2.")
def r11_tree_unflatten_too_many_leaves():
    treedef = jax.tree.structure((1, 2))
    return jax.tree.unflatten(treedef, [1, 2, 3])


@mistake("Too few leaves for PyTreeDef; expected 2, got 1")
def r11_tree_unflatten_too_few_leaves():
    treedef = jax.tree.structure({"a": 1, "b": 2})
    return jax.tree.unflatten(treedef, [1])


@mistake("pytree structure error: different pytree metadata at key path")
def r11_tree_map_structure_differs():
    return jax.tree.map(lambda a, b: a + b, {"a": 1}, {"b": 2})


@mistake("pytree structure error: different types at key path")
def r11_tree_map_list_vs_tuple():
    return jax.tree.map(lambda a, b: a + b, [1, 2], (1, 2))


@mistake("Duplicate custom PyTreeDef type registration for <class")
def r11_tree_register_twice():
    class Twice:
        pass

    jax.tree_util.register_pytree_node(Twice, lambda t: ((), None), lambda a, c: Twice())
    return jax.tree_util.register_pytree_node(Twice, lambda t: ((), None), lambda a, c: Twice())


@mistake("The to_iterable function for a custom PyTree node should return a (children, aux_data)")
def r11_tree_flatten_func_returns_non_tuple():
    class Bad:
        pass

    jax.tree_util.register_pytree_node(Bad, lambda t: [1, 2], lambda a, c: Bad())
    return jax.tree.leaves(Bad())


@mistake(
    "The to_iterable_with_keys function for a custom PyTree node should return a (key_leaf_pairs, aux_data) tuple"
)
def r11_tree_keypath_flatten_wrong():
    class Kp:
        pass

    jax.tree_util.register_pytree_with_keys(Kp, lambda t: ([1], None), lambda a, c: Kp())
    return jax.tree_util.tree_flatten_with_path(Kp())


@mistake("Mismatch")
def r11_tree_transpose_structure_mismatch():
    outer = jax.tree.structure([0, 0])
    inner = jax.tree.structure((0, 0))
    return jax.tree.transpose(outer, inner, [(1, 2), (3,)])


@mistake("reduce() of empty iterable with no initial value")
def r11_tree_reduce_empty_no_initializer():
    return jax.tree.reduce(lambda a, b: a + b, [])


@mistake("Unrecognized config option: jax_enable_x65")
def r11_config_update_unknown():
    return jax.config.update("jax_enable_x65", True)


@mistake("new enum value must be None or in ['default', 'high', 'highest', 'bfloat16'")
def r11_config_update_bad_type():
    return jax.config.update("jax_default_matmul_precision", 3)


@mistake(
    "new enum value must be in ['allow', 'warn', 'raise'], got sometimes of type <class 'str'>."
)
def r11_config_update_bad_enum():
    return jax.config.update("jax_numpy_rank_promotion", "sometimes")


@mistake("'Config' object has no attribute 'jax_enable_x65'")
def r11_config_read_unknown_attribute():
    return jax.config.jax_enable_x65


@mistake('Unknown gather mode "wrap"')
def r11_at_set_bad_mode():
    return jnp.ones(3).at[0].set(1.0, mode="wrap")


@mistake('Unknown gather mode "nearest"')
def r11_at_get_bad_mode():
    return jnp.ones(3).at[0].get(mode="nearest")


@mistake("got an unexpected keyword argument 'indices_are_unique'")
def r11_at_add_unknown_kwarg():
    return jnp.ones(3).at[0].add(1.0, indices_are_unique=True)


@mistake("'float' object is not callable")
def r11_at_apply_non_callable():
    return jnp.ones(3).at[0].apply(2.0)


@mistake("is not a valid JAX array type")
def r11_at_power_string():
    return jnp.ones(3).at[0].power("a")


@mistake("'_IndexUpdateHelper' object has no attribute 'set'")
def r11_at_no_index():
    return jnp.ones(3).at.set(1.0)


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r11_at_float_index():
    return jnp.ones(3).at[1.5].set(1.0)


@mistake("data type 'int33' not understood")
def r11_astype_unknown_dtype():
    return jnp.ones(3).astype("int33")


@mistake("sharding='gpu:0' must be an instance of jax.sharding.Sharding")
def r11_astype_device_string():
    return jnp.astype(jnp.ones(3), jnp.int32, device="gpu:0")


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`")
def r11_device_put_string():
    return jax.device_put(jnp.ones(3), "cpu")


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`")
def r11_device_put_int():
    return jax.device_put(jnp.ones(3), 0)


@mistake("api_version='2099.12' is not available; available versions are: ['2024.12']")
def r11_array_namespace_bad_version():
    return jnp.ones(3).__array_namespace__(api_version="2099.12")


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`")
def r11_to_device_string():
    return jnp.ones(3).to_device("cpu")


@mistake("can only convert an array of size 1 to a Python scalar")
def r11_array_item_of_vector():
    return jnp.ones(3).item()


@mistake("JAX arrays are immutable and do not support in-place item assignment")
def r11_array_setitem():
    a = jnp.ones(3)
    a[0] = 2.0


@mistake("iteration over a 0-d array")
def r11_array_iter_scalar():
    return list(jnp.float32(1.0))


@mistake("len() of unsized object")
def r11_array_len_scalar():
    return len(jnp.float32(1.0))


@mistake("Expected shard shape (2,) doesn't match the single device array shape (3,)")
def r11_make_array_from_callback_bad_shape():
    s = NamedSharding(mesh2, P("x"))
    return jax.make_array_from_callback((4,), s, lambda idx: np.ones(3))


@mistake("Sharding NamedSharding(mesh=Mesh('x': 2, axis_types=(Auto,)), spec=P('x',)")
def r11_make_array_from_callback_not_divisible():
    s = NamedSharding(mesh2, P("x"))
    return jax.make_array_from_callback((3,), s, lambda idx: np.ones(3)[idx])


@mistake("Expected 2 per-device arrays (this is how many devices are addressable by the sharding)")
def r11_make_array_from_single_device_arrays_count():
    s = NamedSharding(mesh2, P("x"))
    return jax.make_array_from_single_device_arrays((4,), s, [jnp.ones(2)])


@mistake("Mesh requires the ndim of its first argument (`devices`) to equal the length of its")
def r11_mesh_names_count():
    return Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ("x",))


@mistake(
    "Number of axis names should match the number of axis_types. Got axis_names=('x', 'y') and"
)
def r11_make_mesh_axis_types_length():
    return jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit,))


@mistake("Could not find memory addressable by device cpu.")
def r11_named_sharding_memory_kind_typo():
    return NamedSharding(mesh2, P("x"), memory_kind="pinned_hots")


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x',).")
def r11_named_sharding_spec_unknown_axis():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh2, P("q")))


@mistake("partitions cannot overlap with unreduced axes passed to PartitionSpec. Got partitions")
def r11_partition_spec_unreduced_overlap():
    return P("x", unreduced={"x"})


@mistake("`unreduced` and `reduced` argument to PartitionSpec cannot overlap. Got unreduced")
def r11_partition_spec_reduced_and_unreduced_overlap():
    return P(None, unreduced={"x"}, reduced={"x"})


@mistake("device_put device specification must be a tree prefix of the corresponding value")
def r11_device_put_sharding_tree_mismatch():
    s = NamedSharding(mesh2, P())
    return jax.device_put((jnp.ones(2), jnp.ones(2)), (s, s, s))


@mistake("is incompatible with its sharding annotation")
def r11_with_sharding_constraint_rank():
    return jax.jit(
        lambda x: jax.lax.with_sharding_constraint(x, NamedSharding(mesh2, P("x", None)))
    )(jnp.ones(4))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x',).")
def r11_with_sharding_constraint_unknown_axis():
    return jax.jit(lambda x: jax.lax.with_sharding_constraint(x, NamedSharding(mesh2, P("q"))))(
        jnp.ones(4)
    )


@mistake("named_scope name argument must be a string")
def r11_named_scope_int():
    with jax.named_scope(3):
        return 1


@mistake("has no attribute 'save_only_these_name'")
def r11_checkpoint_policy_name_lookup():
    return jax.checkpoint_policies.save_only_these_name(["a"])


@mistake("the `static_argnums` argument to `jax.checkpoint` / `jax.remat` can only take integer")
def r11_checkpoint_static_argnums_out_of_range():
    return jax.checkpoint(lambda x: x, static_argnums=(2,))(1.0)


@mistake("safe_zip() argument 1 has length 1 but argument 0 has length 2")
def r11_custom_jvp_defjvps_count():
    f = jax.custom_jvp(lambda x, y: x * y)
    f.defjvps(lambda g, ans, x, y: g * y)
    return jax.jvp(f, (1.0, 2.0), (1.0, 1.0))


@mistake("No VJP defined for custom_vjp function <lambda> using defvjp.")
def r11_custom_vjp_defvjp_missing_in_jit():
    f = jax.custom_vjp(lambda x: x * 2)
    return jax.jit(jax.grad(f))(1.0)


@mistake("Custom VJP fwd rule <lambda> for function <lambda> must produce a pair (list or tuple of")
def r11_custom_vjp_fwd_returns_triple():
    return jax.grad(_cvjp(lambda res, g: (g,), lambda x: (x, None, None)))(1.0)


@mistake("Custom VJP bwd rule must produce an output with the same container (pytree) structure as")
def r11_custom_vjp_bwd_too_many():
    return jax.grad(_cvjp(lambda res, g: (g, g)))(1.0)


@mistake(
    "Found a JAX Tracer object passed as an argument to a custom_vjp function in a position indicated by nondiff_argnums as non-differentiable"
)
def r11_custom_vjp_nondiff_argnums_grad_wrt_it():
    f = jax.custom_vjp(lambda n, x: x * n, nondiff_argnums=(0,))
    f.defvjp(lambda n, x: (x * n, None), lambda n, r, g: (g * n,))
    return jax.grad(f, argnums=0)(2.0, 1.0)
