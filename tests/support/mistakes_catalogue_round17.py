# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 17 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules):
keywords JAX's functions do not take and missing arguments (Python's own words from signature
binding) across jax.random, jax.nn and lax; jit / grad / vmap argument mistakes (static
arguments, argnums, non-callables, has_aux, mismatched axis sizes, out_axes None); control flow
(scan / while_loop / cond / switch / fori_loop); dynamic_slice, gather / scatter dimension
numbers, conv dimension numbers, reshape with -1, einsum subscripts; jnp / nn / lax functions
given Python lists; raw and typed PRNG keys; meshes, NamedShardings and PartitionSpecs;
shard_map and collectives outside it; explicit sharding; jax.export shape polymorphism; Pallas
BlockSpecs; pytree registration. A bare `@mistake()` marks a program JAX 0.10.2 accepts
(meshjit must too). The runner executes it after the earlier rounds, in the same namespace
(`mesh2`, `mesh24`, `emesh`, `_smap`, `_eput`, `_set_mesh`, `_sub`, `_pl`, `_pcall`, `_sds`,
`_copy`, `_export`, `_sym` are in scope)."""

x17 = np.arange(6, dtype=np.float32).reshape(2, 3)
k17 = random.key(0)
raw17 = random.PRNGKey(0)


# ---------------------------------------------------------------------------------------------
# Keywords JAX's functions do not take (Python's own words from signature binding)


@mistake("normal() got an unexpected keyword argument 'mean'")
def r17_random_normal_mean():
    return random.normal(k17, (2,), mean=0.0)


@mistake("uniform() got an unexpected keyword argument 'low'")
def r17_random_uniform_low_high():
    return random.uniform(k17, (2,), low=0.0, high=1.0)


@mistake("randint() got an unexpected keyword argument 'low'")
def r17_random_randint_low_high():
    return random.randint(k17, (2,), low=0, high=5)


@mistake("randint() missing 1 required positional argument: 'maxval'")
def r17_random_randint_missing_maxval():
    return random.randint(k17, (2,), 0)


@mistake("split() got an unexpected keyword argument 'n'")
def r17_random_split_n():
    return random.split(k17, n=3)


@mistake("categorical() got an unexpected keyword argument 'dim'")
def r17_random_categorical_dim():
    return random.categorical(k17, jnp.zeros(3), dim=-1)


@mistake("bernoulli() got an unexpected keyword argument 'prob'")
def r17_random_bernoulli_prob():
    return random.bernoulli(k17, prob=0.5)


@mistake("choice() got an unexpected keyword argument 'replacement'")
def r17_random_choice_replacement():
    return random.choice(k17, 5, shape=(3,), replacement=False)


@mistake("normal() missing 1 required positional argument: 'key'")
def r17_random_normal_no_key():
    return random.normal(shape=(2,))


@mistake("uniform() missing 1 required positional argument: 'key'")
def r17_random_uniform_no_key_kwargs_only():
    return random.uniform(shape=(2,), minval=0.0, maxval=1.0)


@mistake("gamma() missing 1 required positional argument: 'a'")
def r17_random_gamma_no_a():
    return random.gamma(k17, shape=(2,))


@mistake("beta() missing 1 required positional argument: 'b'")
def r17_random_beta_missing_b():
    return random.beta(k17, 1.0)


@mistake("fold_in() missing 1 required positional argument: 'data'")
def r17_random_fold_in_missing_data():
    return random.fold_in(k17)


@mistake("permutation() missing 1 required positional argument: 'x'")
def r17_random_permutation_missing_x():
    return random.permutation(k17)


@mistake("split() missing 1 required positional argument: 'key'")
def r17_random_split_bogus_keyword_no_key():
    return random.split(num=2)


@mistake("exponential() got an unexpected keyword argument 'rate'")
def r17_random_exponential_rate():
    return random.exponential(k17, (2,), rate=2.0)


@mistake("poisson() got an unexpected keyword argument 'rate'")
def r17_random_poisson_rate():
    return random.poisson(k17, rate=2.0)


@mistake("truncated_normal() got an unexpected keyword argument 'low'")
def r17_random_truncated_normal_low_high():
    return random.truncated_normal(k17, low=-1.0, high=1.0)


@mistake("key() got an unexpected keyword argument 'sead'")
def r17_random_key_seed_keyword_typo():
    return random.key(sead=0)


@mistake("PRNGKey() got an unexpected keyword argument 'implementation'")
def r17_random_prngkey_impl_typo():
    return random.PRNGKey(0, implementation="rbg")


@mistake("key_data() got an unexpected keyword argument 'key'")
def r17_random_key_data_keyword():
    return random.key_data(key=k17)


@mistake("bits() got an unexpected keyword argument 'width'")
def r17_random_bits_width():
    return random.bits(k17, (2,), width=32)


@mistake("multivariate_normal() got an unexpected keyword argument 'covariance'")
def r17_random_multivariate_normal_covariance():
    return random.multivariate_normal(k17, jnp.zeros(2), covariance=jnp.eye(2))


@mistake("dirichlet() got an unexpected keyword argument 'concentration'")
def r17_random_dirichlet_concentration():
    return random.dirichlet(k17, concentration=jnp.ones(3))


@mistake("normal() got an unexpected keyword argument 'size'")
def r17_random_in_jit_keyword_typo():
    return jax.jit(lambda k: random.normal(k, size=(2,)))(k17)


@mistake("gamma() missing 1 required positional argument: 'a'")
def r17_random_in_vmap_missing_arg():
    return jax.vmap(lambda k: random.gamma(k))(random.split(k17, 2))


@mistake("softmax() got an unexpected keyword argument 'dim'")
def r17_nn_softmax_dim():
    return jax.nn.softmax(x17, dim=-1)


@mistake("log_softmax() got an unexpected keyword argument 'dim'")
def r17_nn_log_softmax_dim():
    return jax.nn.log_softmax(x17, dim=-1)


@mistake("The input arguments to the custom_jvp-decorated function relu could not be resolved to")
def r17_nn_relu_inplace():
    return jax.nn.relu(x17, inplace=True)


@mistake("gelu() got an unexpected keyword argument 'approx'")
def r17_nn_gelu_approx():
    return jax.nn.gelu(x17, approx=True)


@mistake("one_hot() got an unexpected keyword argument 'num_class'")
def r17_nn_one_hot_num_class():
    return jax.nn.one_hot(jnp.arange(3), num_class=3)


@mistake("one_hot() missing 1 required positional argument: 'num_classes'")
def r17_nn_one_hot_missing_classes():
    return jax.nn.one_hot(jnp.arange(3))


@mistake("logsumexp() got an unexpected keyword argument 'dim'")
def r17_nn_logsumexp_dim():
    return jax.nn.logsumexp(x17, dim=0)


@mistake("standardize() got an unexpected keyword argument 'eps'")
def r17_nn_standardize_eps():
    return jax.nn.standardize(x17, eps=1e-5)


@mistake("dot_product_attention() got an unexpected keyword argument 'causal'")
def r17_nn_dot_product_attention_causal():
    q = jnp.ones((1, 4, 2, 8))
    return jax.nn.dot_product_attention(q, q, q, causal=True)


@mistake()
def r17_nn_dot_product_attention_is_causal_ok():
    q = jnp.ones((1, 4, 2, 8))
    return jax.nn.dot_product_attention(q, q, q, is_causal=True)


@mistake("leaky_relu() got an unexpected keyword argument 'slope'")
def r17_nn_leaky_relu_slope():
    return jax.nn.leaky_relu(x17, slope=0.1)


@mistake("elu() got an unexpected keyword argument 'negative_slope'")
def r17_nn_elu_negative_slope():
    return jax.nn.elu(x17, negative_slope=0.1)


@mistake("sigmoid() got an unexpected keyword argument 'beta'")
def r17_nn_sigmoid_beta():
    return jax.nn.sigmoid(x17, beta=2.0)


@mistake("silu() got an unexpected keyword argument 'beta'")
def r17_nn_silu_beta():
    return jax.nn.silu(x17, beta=2.0)


@mistake("normal() got an unexpected keyword argument 'std'")
def r17_nn_initializers_normal_std():
    return jax.nn.initializers.normal(std=0.1)


@mistake("uniform() got an unexpected keyword argument 'minval'")
def r17_nn_initializers_uniform_minval():
    return jax.nn.initializers.uniform(minval=-1.0)


@mistake("zeros() missing 1 required positional argument: 'shape'")
def r17_nn_initializers_call_missing_shape():
    return jax.nn.initializers.zeros(k17)


@mistake("normal.<locals>.init() got an unexpected keyword argument 'size'")
def r17_nn_initializers_call_size():
    return jax.nn.initializers.normal()(k17, size=(2, 2))


@mistake("variance_scaling.<locals>.init() got an unexpected keyword argument 'dype'")
def r17_nn_initializers_glorot_call_dtype_typo():
    return jax.nn.initializers.glorot_uniform()(k17, (2, 2), dype=jnp.float32)


@mistake("conv() got an unexpected keyword argument 'pad'")
def r17_lax_conv_padding_typo():
    return lax.conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2)), (1, 1), pad="SAME")


@mistake("conv() got an unexpected keyword argument 'dilation'")
def r17_lax_conv_dilation_keyword():
    return lax.conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2)), (1, 1), "SAME", dilation=(1, 1))


@mistake("dot_general() got an unexpected keyword argument 'dimension_number'")
def r17_lax_dot_general_dimension_number():
    return lax.dot_general(x17, x17.T, dimension_number=(((1,), (0,)), ((), ())))


@mistake("dot_general() missing 1 required positional argument: 'dimension_numbers'")
def r17_lax_dot_general_missing_dims():
    return lax.dot_general(x17, x17.T)


@mistake("scan() got an unexpected keyword argument 'len'")
def r17_lax_scan_len():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), len=3)


@mistake("scan() missing 1 required positional argument: 'init'")
def r17_lax_scan_missing_init():
    return lax.scan(lambda c, x: (c, x))


@mistake("while_loop() got an unexpected keyword argument 'cond'")
def r17_lax_while_loop_keyword_names():
    return lax.while_loop(cond=lambda c: c < 3, body=lambda c: c + 1, init=0)


@mistake()
def r17_lax_while_loop_jax_keyword_names_ok():
    return lax.while_loop(cond_fun=lambda c: c < 3, body_fun=lambda c: c + 1, init_val=0)


@mistake("fori_loop() got an unexpected keyword argument 'init'")
def r17_lax_fori_loop_init_typo():
    return lax.fori_loop(0, 3, lambda i, c: c + i, init=0)


@mistake()
def r17_lax_fori_loop_keywords_ok():
    return lax.fori_loop(lower=0, upper=3, body_fun=lambda i, c: c + i, init_val=0)


@mistake("map() got an unexpected keyword argument 'batchsize'")
def r17_lax_map_batchsize():
    return lax.map(lambda a: a * 2, jnp.ones(4), batchsize=2)


@mistake("sort() got an unexpected keyword argument 'axis'")
def r17_lax_sort_axis():
    return lax.sort(x17, axis=0)


@mistake("cumsum() got an unexpected keyword argument 'dim'")
def r17_lax_cumsum_dim():
    return lax.cumsum(x17, dim=0)


@mistake("concatenate() got an unexpected keyword argument 'axis'")
def r17_lax_concatenate_axis():
    return lax.concatenate([x17, x17], axis=0)


@mistake("concatenate() missing 1 required positional argument: 'dimension'")
def r17_lax_concatenate_missing_dimension():
    return lax.concatenate([x17, x17])


@mistake("rev() got an unexpected keyword argument 'axes'")
def r17_lax_rev_axes():
    return lax.rev(x17, axes=(0,))


@mistake("argmax() missing 1 required positional argument: 'index_dtype'")
def r17_lax_argmax_missing_index_dtype():
    return lax.argmax(x17, 0)


@mistake("pad() got an unexpected keyword argument 'value'")
def r17_lax_pad_value_keyword():
    return lax.pad(x17, value=0.0, padding_config=[(1, 1, 0), (0, 0, 0)])


@mistake("full() got an unexpected keyword argument 'fill'")
def r17_lax_full_fill():
    return lax.full((2,), fill=1.0)


@mistake("iota() missing 1 required positional argument: 'size'")
def r17_lax_iota_size_missing():
    return lax.iota(jnp.int32)


@mistake()
def r17_lax_select_keyword_names():
    return lax.select(x17 > 0, on_true=x17, on_false=x17)


@mistake("clamp() got an unexpected keyword argument 'maximum'")
def r17_lax_clamp_keyword_names():
    return lax.clamp(0.0, x17, maximum=1.0)


@mistake("reduce_window() got an unexpected keyword argument 'strides'")
def r17_lax_reduce_window_strides_keyword():
    return lax.reduce_window(x17, 0.0, lax.add, (1, 1), strides=(1, 1), padding="VALID")


@mistake()
def r17_lax_top_k_axis():
    return lax.top_k(x17, 2, axis=0)


@mistake()
def r17_lax_cond_operand_keyword():
    return lax.cond(True, lambda a: a, lambda a: a, operand=1.0)


@mistake("switch() got an unexpected keyword argument 'branch'")
def r17_lax_switch_branch_keyword():
    return lax.switch(0, branch=[lambda a: a], operand=1.0)


@mistake("psum() got an unexpected keyword argument 'axis'")
def r17_lax_psum_axis_keyword():
    return _smap(lambda a: lax.psum(a, axis="x"), P("x"), P())(jnp.ones(4))


@mistake("all_gather() got an unexpected keyword argument 'dim'")
def r17_lax_all_gather_axis_keyword():
    return _smap(lambda a: lax.all_gather(a, "x", dim=0), P("x"), P("x"))(jnp.ones(4))


@mistake("ppermute() got an unexpected keyword argument 'permutation'")
def r17_lax_ppermute_permutation_keyword():
    return _smap(lambda a: lax.ppermute(a, "x", permutation=[(0, 1), (1, 0)]), P("x"), P("x"))(
        jnp.ones(4)
    )


@mistake("axis_index() missing 1 required positional argument: 'axis_name'")
def r17_lax_axis_index_missing_name():
    return _smap(lambda a: a + lax.axis_index(), P("x"), P("x"))(jnp.ones(4))


@mistake("dynamic_slice() got an unexpected keyword argument 'sizes'")
def r17_lax_dynamic_slice_sizes_keyword():
    return lax.dynamic_slice(x17, (0, 0), sizes=(1, 1))


@mistake("dynamic_update_slice() missing 1 required positional argument: 'start_indices'")
def r17_lax_dynamic_update_slice_missing_indices():
    return lax.dynamic_update_slice(x17, x17[:1])


@mistake("gather() missing 1 required positional argument: 'slice_sizes'")
def r17_lax_gather_missing_slice_sizes():
    dn = lax.GatherDimensionNumbers(offset_dims=(), collapsed_slice_dims=(0,), start_index_map=(0,))
    return lax.gather(jnp.ones(4), jnp.array([[0]]), dn)


@mistake("reshape() got an unexpected keyword argument 'shape'")
def r17_lax_reshape_shape_keyword():
    return lax.reshape(x17, shape=(3, 2))


@mistake("transpose() got an unexpected keyword argument 'axes'")
def r17_lax_transpose_axes_keyword():
    return lax.transpose(x17, axes=(1, 0))


@mistake("squeeze() got an unexpected keyword argument 'axis'")
def r17_lax_squeeze_axis_keyword():
    return lax.squeeze(jnp.ones((1, 3)), axis=0)


@mistake("expand_dims() got an unexpected keyword argument 'axis'")
def r17_lax_expand_dims_axis_keyword():
    return lax.expand_dims(x17, axis=0)


@mistake("broadcast_in_dim() got an unexpected keyword argument 'dims'")
def r17_lax_broadcast_in_dim_dims_keyword():
    return lax.broadcast_in_dim(jnp.ones(3), (2, 3), dims=(1,))


@mistake("slice() got an unexpected keyword argument 'start'")
def r17_lax_slice_start_keyword():
    return lax.slice(x17, start=(0, 0), limit=(1, 1))


# ---------------------------------------------------------------------------------------------
# jit / transforms: argument mistakes


@mistake("jit() got an unexpected keyword argument 'donate_argnum'")
def r17_jit_donate_argnum():
    return jax.jit(lambda a: a, donate_argnum=0)


@mistake("Jitted function has static_argnums=(3,), but only accepts 1 positional arguments.")
def r17_jit_static_argnums_out_of_range_call():
    return jax.jit(lambda a: a, static_argnums=3)(1.0)


@mistake("Jitted function has static_argnums=(-3,), but only accepts 1 positional arguments.")
def r17_jit_static_argnums_negative_out_of_range():
    return jax.jit(lambda a: a, static_argnums=-3)(1.0)


@mistake(
    "Jitted function has invalid argnames {'b'} in static_argnames. Function does not take these"
)
def r17_jit_static_argnames_unknown():
    return jax.jit(lambda a: a, static_argnames="b")(1.0)


@mistake("Expected a callable value, got 3")
def r17_jit_of_int():
    return jax.jit(3)


@mistake("Expected a callable value, got f")
def r17_jit_of_string():
    return jax.jit("f")


@mistake("Expected a callable value, got None")
def r17_jit_of_none():
    return jax.jit(None)


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r17_jit_static_dict():
    return jax.jit(lambda a, d: a, static_argnums=1)(1.0, {"k": 1})


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r17_jit_static_list_by_name():
    return jax.jit(lambda a, d: a, static_argnames="d")(1.0, d=[1, 2])


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r17_jit_static_array():
    return jax.jit(lambda a, d: a, static_argnums=1)(1.0, np.ones(2))


@mistake(
    "Non-hashable static arguments are not supported. An error occurred while trying to hash an"
)
def r17_jit_static_set():
    return jax.jit(lambda a, d: a, static_argnums=1)(1.0, {1, 2})


@mistake("r17_jit_too_many_args.<locals>.")
def r17_jit_too_many_args():
    return jax.jit(lambda a: a)(1.0, 2.0)


@mistake("r17_jit_too_few_args.<locals>.")
def r17_jit_too_few_args():
    return jax.jit(lambda a, b: a)(1.0)


@mistake("r17_jit_unexpected_keyword_call.<locals>.")
def r17_jit_unexpected_keyword_call():
    return jax.jit(lambda a: a)(1.0, c=2.0)


@mistake("r17_jit_positional_and_keyword.<locals>.")
def r17_jit_positional_and_keyword():
    return jax.jit(lambda a: a)(1.0, a=2.0)


@mistake("Error interpreting argument to")
def r17_jit_string_arg():
    return jax.jit(lambda a: a)("hello")


@mistake("Error interpreting argument to")
def r17_jit_object_arg():
    return jax.jit(lambda a: a)(object())


@mistake("r17_jit_lower_wrong_count.<locals>.")
def r17_jit_lower_wrong_count():
    return jax.jit(lambda a, b: a + b).lower(1.0)


@mistake("grad() got an unexpected keyword argument 'argnum'")
def r17_grad_argnum():
    return jax.grad(lambda a: a, argnum=0)


@mistake("differentiating with respect to argnums=2 requires at least 3 positional arguments to be")
def r17_grad_argnums_out_of_range():
    return jax.grad(lambda a: a * 2.0, argnums=2)(1.0)


@mistake(
    "differentiating with respect to argnums=(0, 3) requires at least 4 positional arguments to be"
)
def r17_grad_argnums_tuple_out_of_range():
    return jax.grad(lambda a, b: a * b, argnums=(0, 3))(1.0, 2.0)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact)"
)
def r17_grad_of_int_input():
    return jax.grad(lambda a: a * 2)(3)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact)"
)
def r17_grad_of_int_array_input():
    return jax.grad(lambda a: (a * 2).sum())(jnp.arange(3))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (3,).")
def r17_grad_non_scalar_output():
    return jax.grad(lambda a: a * 2)(jnp.ones(3))


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got"
)
def r17_grad_complex_output():
    return jax.grad(lambda a: a * 1j)(1.0)


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but got"
)
def r17_grad_int_output():
    return jax.grad(lambda a: jnp.int32(1) + jnp.zeros((), jnp.int32))(1.0)


@mistake("Gradient only defined for scalar-output functions. Output was (")
def r17_grad_tuple_output():
    return jax.grad(lambda a: (a, a))(1.0)


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r17_grad_has_aux_not_tuple():
    return jax.grad(lambda a: a * 2.0, has_aux=True)(1.0)


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r17_grad_has_aux_three():
    return jax.grad(lambda a: (a, a, a), has_aux=True)(1.0)


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r17_value_and_grad_has_aux_not_tuple():
    return jax.value_and_grad(lambda a: a * 2.0, has_aux=True)(1.0)


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r17_value_and_grad_non_scalar():
    return jax.value_and_grad(lambda a: a * 2)(jnp.ones(2))


@mistake("Gradient only defined for scalar-output functions. Output was None.")
def r17_grad_of_none_output():
    return jax.grad(lambda a: None)(1.0)


@mistake("Argument 's' of type")
def r17_grad_of_string_input():
    return jax.grad(lambda a: 1.0)("s")


@mistake("grad with holomorphic=True requires inputs with complex dtype, but got float32.")
def r17_grad_holomorphic_real_input():
    return jax.grad(lambda a: a * a, holomorphic=True)(1.0)


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but got"
)
def r17_jacfwd_of_int():
    return jax.jacfwd(lambda a: a * 2)(jnp.arange(3))


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r17_jacrev_has_aux_not_tuple():
    return jax.jacrev(lambda a: a * 2.0, has_aux=True)(jnp.ones(2))


@mistake(
    "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of np.floating), but got"
)
def r17_hessian_of_int():
    return jax.hessian(lambda a: (a * a).sum())(jnp.arange(3))


@mistake("vmap() got an unexpected keyword argument 'in_axis'")
def r17_vmap_in_axis_keyword():
    return jax.vmap(lambda a: a, in_axis=0)


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r17_vmap_mismatched_sizes():
    return jax.vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r17_vmap_mismatched_sizes_in_axes():
    return jax.vmap(lambda a, b: a + b, in_axes=(0, 1))(jnp.ones((3, 2)), jnp.ones((3, 2)))


@mistake("vmap got inconsistent sizes for array axes to be mapped")
def r17_vmap_mismatched_sizes_in_dict():
    return jax.vmap(lambda d: d["a"] + d["b"])({"a": jnp.ones(2), "b": jnp.ones(5)})


@mistake("at vmap out_axes, got axis spec None but output was batched on axis 0")
def r17_vmap_out_axes_none_batched():
    return jax.vmap(lambda a: a * 2, out_axes=None)(jnp.ones(3))


@mistake("at vmap out_axes[0], got axis spec None but output was batched on axis 0")
def r17_vmap_out_axes_none_one_of_two_batched():
    return jax.vmap(lambda a: (a, 1.0), out_axes=(None, None))(jnp.ones(3))


@mistake()
def r17_vmap_out_axes_none_unbatched_ok():
    return jax.vmap(lambda a: 1.0, out_axes=None)(jnp.ones(3))


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be at"
)
def r17_vmap_in_axes_out_of_range():
    return jax.vmap(lambda a: a, in_axes=2)(jnp.ones((2, 3)))


@mistake("axis 3 is out of bounds for array of dimension 2")
def r17_vmap_out_axes_out_of_range():
    return jax.vmap(lambda a: a, out_axes=3)(jnp.ones((2, 3)))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be at"
)
def r17_vmap_scalar_input():
    return jax.vmap(lambda a: a)(1.0)


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r17_vmap_in_axes_list_length():
    return jax.vmap(lambda a, b: a, in_axes=[0, 0, 0])(jnp.ones(2), jnp.ones(2))


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r17_vmap_in_axes_float():
    return jax.vmap(lambda a: a, in_axes=0.0)(jnp.ones(2))


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r17_vmap_all_none():
    return jax.vmap(lambda a: a, in_axes=None)(jnp.ones(2))


@mistake("Expected a callable value, got [1. 1. 1.]")
def r17_vmap_of_non_callable():
    return jax.vmap(jnp.ones(3))


@mistake("Expected a callable value, got [1. 1. 1.]")
def r17_grad_of_non_callable():
    return jax.grad(jnp.ones(3))


@mistake("Expected a callable value, got f")
def r17_value_and_grad_of_non_callable():
    return jax.value_and_grad("f")


@mistake("Expected a callable value, got 1.0")
def r17_jacfwd_of_non_callable():
    return jax.jacfwd(1.0)


@mistake()
def r17_checkpoint_of_non_callable():
    return jax.checkpoint(1.0)


@mistake("the first argument must be callable")
def r17_make_jaxpr_of_non_callable():
    return jax.make_jaxpr(1.0)


@mistake("Expected a callable value, got 1.0")
def r17_eval_shape_of_non_callable():
    return jax.eval_shape(1.0, 2.0)


# ---------------------------------------------------------------------------------------------
# Control flow


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r17_scan_xs_lengths_differ_in_tuple():
    return lax.scan(lambda c, x: (c, x[0] + x[1]), 0.0, (jnp.ones(3), jnp.ones(4)))


@mistake("scan got values with different leading axis sizes: 3, 2.")
def r17_scan_xs_lengths_differ_in_jit():
    return jax.jit(lambda a, b: lax.scan(lambda c, x: (c, x), 0.0, (a, b)))(
        jnp.ones(3), jnp.ones(2)
    )


@mistake("scan got no values to scan over and `length` not provided.")
def r17_scan_no_xs_no_length():
    return lax.scan(lambda c, x: (c + 1, c), 0, None)


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r17_scan_carry_shape_grows_in_jit():
    return jax.jit(lambda a: lax.scan(lambda c, x: (jnp.append(c, x), x), a, a))(jnp.ones(2))


@mistake("scan body function carry input and carry output must have equal types, but they differ")
def r17_scan_carry_rank_changes():
    return lax.scan(lambda c, x: (c[None], x), jnp.ones(2), jnp.ones(3))


@mistake("scan got value with no leading axis to scan over: 1.0.")
def r17_scan_scalar_xs():
    return lax.scan(lambda c, x: (c, x), 0.0, 1.0)


@mistake()
def r17_scan_length_float():
    return lax.scan(lambda c, x: (c, c), 0.0, None, length=3.0)


@mistake("scan body output must be a pair, got float32[].")
def r17_scan_body_returns_carry_only():
    return lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r17_while_cond_returns_vector_in_jit():
    return jax.jit(lambda a: lax.while_loop(lambda c: c < 3, lambda c: c + 1, a))(jnp.zeros(2))


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[]")
def r17_while_cond_returns_float():
    return lax.while_loop(lambda c: c * 1.0, lambda c: c - 1, 3)


@mistake("cond_fun must return a boolean scalar, but got pytree PyTreeDef((*, *)).")
def r17_while_cond_returns_tuple():
    return lax.while_loop(lambda c: (c < 3, True), lambda c: c + 1, 0)


@mistake(
    "while_loop body function carry input and carry output must have equal types, but they differ"
)
def r17_while_body_shape_changes():
    return lax.while_loop(lambda c: c.sum() < 3, lambda c: jnp.append(c, 1.0), jnp.zeros(1))


@mistake(
    "while_loop body function carry input and carry output must have the same pytree structure, but"
)
def r17_while_body_returns_tuple_for_scalar():
    return lax.while_loop(lambda c: c < 3, lambda c: (c + 1, c), 0)


@mistake("cond branch outputs must have the same pytree structure, but they differ")
def r17_cond_branches_tuple_vs_array():
    return lax.cond(True, lambda: (1.0, 2.0), lambda: jnp.ones(2))


@mistake("cond branches must have equal output types but they differ.")
def r17_cond_branches_shapes_differ_in_jit():
    return jax.jit(lambda p: lax.cond(p, lambda: jnp.ones(2), lambda: jnp.ones(3)))(True)


@mistake("cond branches must have equal output types but they differ.")
def r17_cond_branches_dtype_int_float():
    return lax.cond(True, lambda: jnp.int32(1), lambda: jnp.float32(1))


@mistake("Pred must be a scalar, got JitTracer(bool[2]) of shape (2,).")
def r17_cond_pred_vector_in_jit():
    return jax.jit(lambda p: lax.cond(p, lambda: 1.0, lambda: 2.0))(jnp.array([True, False]))


@mistake("Pred must be a scalar, got yes of type")
def r17_cond_pred_string():
    return lax.cond("yes", lambda: 1.0, lambda: 2.0)


@mistake("cond() missing 1 required positional argument: 'false_fun'")
def r17_cond_one_branch():
    return lax.cond(True, lambda: 1.0)


@mistake("Index type must be an integer, got 1.0 as float32")
def r17_switch_index_float_array():
    return lax.switch(jnp.float32(1), [lambda: 1.0, lambda: 2.0])


@mistake("Branch index must be scalar, got [0 1] of shape (2,).")
def r17_switch_index_bool_ok_or_not():
    return lax.switch(jnp.array([0, 1]), [lambda: 1.0, lambda: 2.0])


@mistake("'function' object is not iterable")
def r17_switch_branches_not_sequence():
    return lax.switch(0, lambda: 1.0)


@mistake("switch branch outputs must have the same pytree structure, but they differ")
def r17_switch_branch_outputs_tree_differ():
    return lax.switch(1, [lambda: (1.0,), lambda: [1.0]])


@mistake("lax.switch: branches argument should be a sequence of callables.")
def r17_switch_branch_not_callable():
    return lax.switch(0, [lambda: 1.0, 2.0])


@mistake()
def r17_fori_loop_float_bounds():
    return lax.fori_loop(0.0, 3.0, lambda i, c: c + i, 0.0)


@mistake("lower and upper arguments to fori_loop must have equal types, got int32 and float32")
def r17_fori_loop_float_upper_in_jit():
    return jax.jit(lambda n: lax.fori_loop(0, n, lambda i, c: c + 1.0, 0.0))(3.0)


@mistake()
def r17_fori_loop_bounds_dtypes_differ_traced():
    return jax.jit(lambda n: lax.fori_loop(jnp.int8(0), n, lambda i, c: c + 1.0, 0.0))(3)


@mistake("r17_fori_loop_body_one_arg.<locals>.")
def r17_fori_loop_body_one_arg():
    return lax.fori_loop(0, 3, lambda c: c + 1, 0)


@mistake()
def r17_fori_loop_body_changes_dtype():
    return lax.fori_loop(0, 3, lambda i, c: c + 0.5, 0)


# ---------------------------------------------------------------------------------------------
# Slicing, gather/scatter, conv, reshape, einsum


# (JAX's sizes print as they were first given to its cached canonicalize_shape: "(6,)" in a
# fresh process, "(np.int64(6),)" after an earlier case gave NumPy integers)
@mistake("slice slice_sizes must be less than or equal to operand shape, got slice_sizes")
def r17_dynamic_slice_size_larger():
    return lax.dynamic_slice(jnp.ones(4), (0,), (6,))


@mistake(
    "slice slice_sizes must be less than or equal to operand shape, got slice_sizes (3, 2) for"
)
def r17_dynamic_slice_size_larger_in_jit():
    return jax.jit(lambda a, i: lax.dynamic_slice(a, (i, 0), (3, 2)))(x17, 0)


@mistake(
    "slice slice_sizes must be less than or equal to operand shape, got slice_sizes (3, 3) for"
)
def r17_dynamic_slice_in_dim_size_larger():
    return lax.dynamic_slice_in_dim(x17, 0, 3, axis=0)


@mistake("slice slice_sizes must be greater than or equal to zero, got slice_sizes of (-1,).")
def r17_dynamic_slice_negative_size():
    return lax.dynamic_slice(jnp.ones(4), (0,), (-1,))


@mistake("Length of slice indices must match number of operand dimensions (1 vs (2, 3))")
def r17_dynamic_slice_indices_count():
    return lax.dynamic_slice(x17, (0,), (1, 1))


@mistake("index arguments to dynamic_slice must be integers of the same type, got: float32")
def r17_dynamic_slice_float_index():
    return lax.dynamic_slice(jnp.ones(4), (0.5,), (2,))


@mistake(
    "dynamic_update_slice update shape must be smaller than operand shape, got update shape (4,)"
)
def r17_dynamic_update_slice_update_larger():
    return lax.dynamic_update_slice(jnp.ones(3), jnp.ones(4), (0,))


@mistake("lax.dynamic_update_slice requires arguments to have the same dtypes, got float32, int32.")
def r17_dynamic_update_slice_dtype():
    return lax.dynamic_update_slice(jnp.ones(3), jnp.ones(1, jnp.int32), (0,))


@mistake("Offset dimension 0 in gather op is out of bounds; got 3, but should have been in [0, 2)")
def r17_gather_offset_dims_out_of_range():
    dn = lax.GatherDimensionNumbers(offset_dims=(3,), collapsed_slice_dims=(), start_index_map=(0,))
    return lax.gather(x17, jnp.array([[0]]), dn, (1, 3))


@mistake("collapsed_slice_dims in gather op must be sorted; got (1, 0)")
def r17_gather_collapsed_not_sorted():
    dn = lax.GatherDimensionNumbers(
        offset_dims=(), collapsed_slice_dims=(1, 0), start_index_map=(0, 1)
    )
    return lax.gather(x17, jnp.array([[0, 0]]), dn, (1, 1))


@mistake(
    "Gather op has 2 elements in start_index_map and the bound of dimension index_vector_dim=1 of"
)
def r17_gather_start_index_map_length():
    dn = lax.GatherDimensionNumbers(
        offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0, 1)
    )
    return lax.gather(x17, jnp.array([[0]]), dn, (1, 3))


@mistake("Gather op must have one slice size for every input dimension; got: len(slice_sizes)=1")
def r17_gather_slice_sizes_length():
    dn = lax.GatherDimensionNumbers(
        offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,)
    )
    return lax.gather(x17, jnp.array([[0]]), dn, (1,))


@mistake(
    "Gather op can only collapse slice dims with bound 1, but bound is 2 for index 0 at position 0."
)
def r17_gather_collapsed_size_not_one():
    dn = lax.GatherDimensionNumbers(
        offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,)
    )
    return lax.gather(x17, jnp.array([[0]]), dn, (2, 3))


@mistake("indices must have an integer type")
def r17_gather_float_indices():
    dn = lax.GatherDimensionNumbers(
        offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,)
    )
    return lax.gather(x17, jnp.array([[0.0]]), dn, (1, 3))


@mistake("unhashable type: 'dict'")
def r17_gather_dimension_numbers_dict():
    return lax.gather(x17, jnp.array([[0]]), {"offset_dims": (1,)}, (1, 3))


@mistake("Invalid update_window_dims set in scatter op; valid range is [0, 2); got: 2.")
def r17_scatter_update_window_dims_out_of_range():
    dn = lax.ScatterDimensionNumbers(
        update_window_dims=(2,), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)
    )
    return lax.scatter_add(x17, jnp.array([[0]]), jnp.ones((1, 3)), dn)


@mistake("inserted_window_dims in scatter op must be sorted; got (1, 0)")
def r17_scatter_inserted_dims_not_sorted():
    dn = lax.ScatterDimensionNumbers(
        update_window_dims=(), inserted_window_dims=(1, 0), scatter_dims_to_operand_dims=(0, 1)
    )
    return lax.scatter(x17, jnp.array([[0, 0]]), jnp.ones(1), dn)


@mistake(
    "Bounds of the window dimensions of updates must not exceed the bounds of the corresponding"
)
def r17_scatter_updates_shape_wrong():
    dn = lax.ScatterDimensionNumbers(
        update_window_dims=(1,), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)
    )
    return lax.scatter_add(x17, jnp.array([[0]]), jnp.ones((1, 4)), dn)


@mistake("Scatter op has 2 elements in scatter_dims_to_operand_dims and the bound of dimension")
def r17_scatter_dims_to_operand_dims_length():
    dn = lax.ScatterDimensionNumbers(
        update_window_dims=(1,), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0, 1)
    )
    return lax.scatter_add(x17, jnp.array([[0]]), jnp.ones((1, 3)), dn)


@mistake("lax.scatter requires arguments to have the same dtypes, got float32, int32.")
def r17_scatter_dtype_mismatch():
    dn = lax.ScatterDimensionNumbers(
        update_window_dims=(1,), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)
    )
    return lax.scatter_add(x17, jnp.array([[0]]), jnp.ones((1, 3), jnp.int32), dn)


@mistake("convolution dimension_numbers list/tuple must be length 3, got 2.")
def r17_conv_dimension_numbers_wrong_length():
    return lax.conv_general_dilated(
        jnp.ones((1, 4, 4, 1)),
        jnp.ones((2, 2, 1, 1)),
        (1, 1),
        "SAME",
        dimension_numbers=("NHWC", "HWIO"),
    )


@mistake(
    "convolution dimension_numbers[2] must contain the characters 'N' and 'C' exactly once, got"
)
def r17_conv_dimension_numbers_bad_letters():
    return lax.conv_general_dilated(
        jnp.ones((1, 4, 4, 1)),
        jnp.ones((2, 2, 1, 1)),
        (1, 1),
        "SAME",
        dimension_numbers=("NHWC", "HWIO", "NHWX"),
    )


@mistake(
    "convolution dimension_numbers[0] must have len equal to the ndim of lhs and rhs, got 3 for lhs"
)
def r17_conv_dimension_numbers_rank_mismatch():
    return lax.conv_general_dilated(
        jnp.ones((1, 4, 4, 1)),
        jnp.ones((2, 2, 1, 1)),
        (1, 1),
        "SAME",
        dimension_numbers=("NWC", "WIO", "NWC"),
    )


@mistake(
    "conv_general_dilated lhs feature dimension size divided by feature_group_count must equal the"
)
def r17_conv_dimension_numbers_swapped_kernel():
    return lax.conv_general_dilated(
        jnp.ones((1, 4, 4, 3)),
        jnp.ones((2, 2, 3, 5)),
        (1, 1),
        "SAME",
        dimension_numbers=("NHWC", "OIHW", "NHWC"),
    )


@mistake(
    "conv_general_dilated feature_group_count must divide lhs feature dimension size, but 2 does"
)
def r17_conv_feature_group_count_not_dividing():
    return lax.conv_general_dilated(
        jnp.ones((1, 3, 4, 4)), jnp.ones((4, 1, 2, 2)), (1, 1), "SAME", feature_group_count=2
    )


@mistake()
def r17_conv_padding_lowercase():
    return lax.conv(jnp.ones((1, 1, 4, 4)), jnp.ones((1, 1, 2, 2)), (1, 1), "same")


@mistake("can only specify one unknown axis size with a `-1` value, got (-1, 2, -1)")
def r17_reshape_two_minus_one():
    return jnp.ones(6).reshape((-1, 2, -1))


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of")
def r17_reshape_minus_one_not_divisible():
    return jnp.ones(6).reshape(-1, 4)


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r17_reshape_minus_two():
    return jnp.ones(6).reshape(-2, 3)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.0, 3).")
def r17_reshape_float_dim():
    return jnp.ones(6).reshape(2.0, 3)


@mistake("cannot reshape array of shape (6,) (size 6) into shape (4, -1) because the product of")
def r17_reshape_minus_one_in_jit_not_divisible():
    return jax.jit(lambda a: a.reshape(4, -1))(jnp.ones(6))


@mistake("reshape new_sizes must all be positive, got (-1, 3).")
def r17_lax_reshape_minus_one():
    return lax.reshape(jnp.ones(6), (-1, 3))


@mistake("Output character 'l' did not appear in the input")
def r17_einsum_output_label_not_in_input():
    return jnp.einsum("ij,jk->il", x17, x17.T)


@mistake("Number of einsum subscripts, 1, must be equal to the number of operands, 2.")
def r17_einsum_too_many_operands():
    return jnp.einsum("ij->i", x17, x17)


@mistake("Number of einsum subscripts, 2, must be equal to the number of operands, 1.")
def r17_einsum_too_few_operands():
    return jnp.einsum("ij,jk->ik", x17)


@mistake("Size of label 'i' for operand 1 (2) does not match previous terms (3).")
def r17_einsum_label_size_mismatch():
    return jnp.einsum("ij,ij->i", x17, x17.T)


@mistake(
    "Einstein sum subscript 'ijk' does not contain the correct number of indices for operand 0."
)
def r17_einsum_subscript_rank_mismatch():
    return jnp.einsum("ijk->i", x17)


@mistake("Output character 'i' appeared more than once in the output.")
def r17_einsum_repeated_output_label():
    return jnp.einsum("ij->ii", x17)


@mistake()
def r17_einsum_bad_character():
    return jnp.einsum("i$->i", x17)


@mistake("Subscripts can only contain one '->'.")
def r17_einsum_two_arrows():
    return jnp.einsum("ij->j->i", x17)


@mistake("for operand 1 (2) does not match previous terms (4).")
def r17_einsum_ellipsis_mismatch():
    return jnp.einsum("...i,...i->...", jnp.ones((2, 3)), jnp.ones((4, 3)))


@mistake("Size of label 'j' for operand 1 (3) does not match previous terms (2).")
def r17_einsum_in_jit_label_mismatch():
    return jax.jit(lambda a, b: jnp.einsum("ij,jk->ik", a, b))(x17, x17)


@mistake(
    "For this input type lists must contain either Ellipsis or hashable and comparable object (e.g."
)
def r17_einsum_subscripts_not_string():
    return jnp.einsum(0, x17)


# ---------------------------------------------------------------------------------------------
# jnp given Python lists / tuples


@mistake("sum requires ndarray or scalar arguments, got")
def r17_jnp_sum_of_list():
    return jnp.sum([1.0, 2.0])


@mistake("mean requires ndarray or scalar arguments, got")
def r17_jnp_mean_of_tuple():
    return jnp.mean((1.0, 2.0))


@mistake("max requires ndarray or scalar arguments, got")
def r17_jnp_max_of_list():
    return jnp.max([1, 2])


@mistake("exp requires ndarray or scalar arguments, got")
def r17_jnp_exp_of_list():
    return jnp.exp([0.0, 1.0])


@mistake("add requires ndarray or scalar arguments, got")
def r17_jnp_add_list_and_array():
    return jnp.add([1.0], jnp.ones(1))


@mistake("matmul requires ndarray or scalar arguments, got")
def r17_jnp_matmul_of_lists():
    return jnp.matmul([[1.0]], [[2.0]])


@mistake("where requires ndarray or scalar arguments, got")
def r17_jnp_where_list_condition():
    return jnp.where([True, False], 1.0, 0.0)


@mistake("argmax requires ndarray or scalar arguments, got")
def r17_jnp_argmax_of_list():
    return jnp.argmax([1, 3, 2])


@mistake("cumsum requires ndarray or scalar arguments, got")
def r17_jnp_cumsum_of_tuple():
    return jnp.cumsum((1, 2, 3))


@mistake("reshape requires ndarray or scalar arguments, got")
def r17_jnp_reshape_of_list():
    return jnp.reshape([1, 2, 3, 4], (2, 2))


@mistake("transpose requires ndarray or scalar arguments, got")
def r17_jnp_transpose_of_list():
    return jnp.transpose([[1, 2]])


@mistake("sort requires ndarray or scalar arguments, got")
def r17_jnp_sort_of_list():
    return jnp.sort([3, 1, 2])


@mistake("clip requires ndarray or scalar arguments, got")
def r17_jnp_clip_of_list():
    return jnp.clip([1, 5], 0, 3)


@mistake("dot requires ndarray or scalar arguments, got")
def r17_jnp_dot_of_lists():
    return jnp.dot([1.0, 2.0], [3.0, 4.0])


@mistake("jnp.linalg.norm requires ndarray or scalar arguments, got")
def r17_jnp_linalg_norm_of_list():
    return jnp.linalg.norm([3.0, 4.0])


@mistake("sqrt requires ndarray or scalar arguments, got")
def r17_jnp_sqrt_of_list_in_jit():
    return jax.jit(lambda: jnp.sqrt([4.0]))()


@mistake()
def r17_jnp_concatenate_list_of_lists_ok():
    return jnp.concatenate([[1.0], [2.0]])


@mistake()
def r17_jnp_stack_list_of_lists_ok():
    return jnp.stack([[1.0], [2.0]])


@mistake("isclose requires ndarray or scalar arguments, got")
def r17_jnp_isclose_of_lists():
    return jnp.isclose([1.0], [1.0])


@mistake("take requires ndarray or scalar arguments, got")
def r17_jnp_take_of_list():
    return jnp.take([1, 2, 3], 0)


@mistake("pad requires ndarray or scalar arguments, got")
def r17_jnp_pad_of_list():
    return jnp.pad([1, 2], 1)


@mistake("tile requires ndarray or scalar arguments, got")
def r17_jnp_tile_of_list():
    return jnp.tile([1, 2], 2)


@mistake("any requires ndarray or scalar arguments, got")
def r17_jnp_any_of_list():
    return jnp.any([True, False])


@mistake("maximum requires ndarray or scalar arguments, got")
def r17_nn_relu_of_list():
    return jax.nn.relu([1.0, -1.0])


@mistake("max requires ndarray or scalar arguments, got")
def r17_nn_softmax_of_list():
    return jax.nn.softmax([1.0, 2.0])


@mistake("Error interpreting argument to add as a JAX value. The problematic value is of type")
def r17_lax_add_of_lists():
    return lax.add([1.0], [2.0])


@mistake("Error interpreting argument to exp as a JAX value. The problematic value is of type")
def r17_lax_exp_of_list():
    return lax.exp([1.0])


# ---------------------------------------------------------------------------------------------
# Random keys: raw uint32 keys against typed keys


@mistake()
def r17_random_split_num_zero_ok():
    return random.split(k17, 0)


@mistake()
def r17_random_fold_in_float_array():
    return random.fold_in(k17, jnp.float32(1.5))


@mistake()
def r17_random_fold_in_raw_float():
    return random.fold_in(raw17, 2.5)


@mistake("fold_in accepts a scalar, but was given an array of")
def r17_random_fold_in_vector_data():
    return random.fold_in(k17, jnp.arange(3))


@mistake("JAX encountered invalid PRNG key data: expected key_data to have ndim, shape, and dtype")
def r17_random_key_data_of_int():
    return random.key_data(3)


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r17_random_key_data_of_float_array():
    return random.key_data(jnp.ones(2))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r17_random_key_impl_of_raw():
    return random.key_impl(jnp.ones(2))


@mistake("JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=int32")
def r17_random_wrap_key_data_int32():
    return random.wrap_key_data(jnp.zeros(2, jnp.int32))


@mistake('unrecognized PRNG implementation "bogus". Did you mean one of')
def r17_random_wrap_key_data_impl_unknown():
    return random.wrap_key_data(jnp.zeros(2, jnp.uint32), impl="bogus")


@mistake("key accepts a scalar seed, but was given a PRNG key.")
def r17_random_key_of_typed_key():
    return random.key(k17)


@mistake("PRNGKey accepts a scalar seed, but was given a PRNG key.")
def r17_random_prngkey_of_typed_key():
    return random.PRNGKey(k17)


@mistake("key accepts a scalar seed, but was given an array of shape (2,) != (). Use jax.vmap for")
def r17_random_key_of_vector_seed():
    return random.key(jnp.arange(2))


@mistake("None is not a valid value for jnp.array")
def r17_random_key_of_none():
    return random.key(None)


@mistake("JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got")
def r17_random_normal_raw_key_wrong_length():
    return random.normal(jnp.zeros(3, jnp.uint32))


@mistake("JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=int32")
def r17_random_normal_raw_key_int32():
    return random.normal(jnp.zeros(2, jnp.int32))


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap for"
)
def r17_random_normal_batched_typed_keys():
    return random.normal(random.split(k17, 2), (2,))


@mistake(
    "uniform accepts a single key, but was given a key array of shape (2, 2) != (). Use jax.vmap"
)
def r17_random_uniform_batched_raw_keys():
    return random.uniform(random.split(raw17, 2))


@mistake("JAX encountered invalid PRNG key data: expected key_data to have ndim, shape, and dtype")
def r17_random_normal_key_seed_int():
    return random.normal(0, (2,))


@mistake("Cannot call abstract method astype")
def r17_random_typed_key_astype():
    return k17.astype(jnp.uint32)


@mistake("add does not accept dtypes key<fry>, int32.")
def r17_random_typed_key_add():
    return k17 + 1


@mistake("Cannot interpret 'key<fry>' as a data type")
def r17_random_typed_key_in_jnp_array_math():
    return jnp.sin(k17)


@mistake(
    "lt does not accept dtype key<fry> at position 0. Accepted dtypes at position 0 are subtypes of"
)
def r17_random_typed_key_compare():
    return k17 < k17


@mistake("is not a valid dtype for JAX type promotion.")
def r17_random_typed_keys_mixed_impls():
    return jnp.stack([random.key(0), random.key(0, impl="rbg")])


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r17_random_key_data_in_vmap_of_raw():
    return jax.vmap(random.key_data)(jnp.zeros((2, 2), jnp.float32))


@mistake("'float' object cannot be interpreted as an integer")
def r17_random_split_num_float():
    return random.split(k17, 2.0)


@mistake(
    "Shapes must be 1D sequences of concrete values of integer type, got (JitTracer(~int32[]),)."
)
def r17_random_normal_shape_traced():
    return jax.jit(lambda n: random.normal(k17, (n,)))(2)


@mistake()
def r17_random_randint_float_bounds_ok_or_not():
    return random.randint(k17, (2,), 0.5, 3.5)


@mistake("p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (4,) and")
def r17_random_choice_p_not_summing_shape():
    return random.choice(k17, 3, p=jnp.ones(4) / 4)


@mistake("Incompatible shapes for broadcasting: shapes=[(3,),")
def r17_random_categorical_shape_mismatch():
    return random.categorical(k17, jnp.zeros((2, 3)), shape=(3,))


@mistake(
    "Only non-negative indices are allowed when broadcasting static shapes, but got shape (2, -1)."
)
def r17_random_bernoulli_p_int_shape():
    return random.bernoulli(k17, 0.5, shape=(2, -1))


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2, None).")
def r17_random_normal_shape_none_elem():
    return random.normal(k17, (2, None))


# ---------------------------------------------------------------------------------------------
# Meshes, shardings, PartitionSpecs


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r17_named_sharding_duplicate_axes_tuple():
    return NamedSharding(mesh24, P(("x", "x")))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r17_named_sharding_duplicate_axes_across_dims():
    return NamedSharding(mesh24, P("y", "y"))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r17_named_sharding_unknown_axis():
    return NamedSharding(mesh24, P("z"))


@mistake("Resource axis: z of P(('x', 'z'),) is not found in mesh: ('x', 'y').")
def r17_named_sharding_unknown_axis_in_tuple():
    return NamedSharding(mesh24, P(("x", "z")))


@mistake("'str' object has no attribute 'partitions'")
def r17_named_sharding_spec_string():
    return NamedSharding(mesh24, "x")


@mistake("'tuple' object has no attribute 'partitions'")
def r17_named_sharding_spec_tuple_of_strings():
    return NamedSharding(mesh24, ("x", "y"))


@mistake("One of device_put args is incompatible with its sharding annotation")
def r17_device_put_sharding_rank_too_big():
    return jax.device_put(jnp.ones(8), NamedSharding(mesh24, P("x", "y")))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x', 'y').")
def r17_device_put_unknown_axis_spec():
    return jax.device_put(jnp.ones(8), NamedSharding(mesh24, P("q")))


@mistake("Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to device_put")
def r17_device_put_spec_without_mesh():
    return jax.device_put(jnp.ones(8), P("x"))


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`")
def r17_device_put_mesh_as_sharding():
    return jax.device_put(jnp.ones(8), mesh24)


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`")
def r17_device_put_string_device():
    return jax.device_put(jnp.ones(8), "cpu:0")


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`")
def r17_device_put_device_index():
    return jax.device_put(jnp.ones(8), 0)


@mistake()
def r17_make_mesh_shape_product_wrong():
    return jax.make_mesh((3, 2), ("x", "y"))


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r17_make_mesh_names_length():
    return jax.make_mesh((2, 4), ("x",))


@mistake()
def r17_make_mesh_duplicate_names():
    return jax.make_mesh((2, 4), ("x", "x"))


@mistake("Number of devices 8 must be >= the product of mesh_shape (4, 4)")
def r17_make_mesh_too_many_devices():
    return jax.make_mesh((4, 4), ("x", "y"))


@mistake(
    "Number of axis names should match the number of axis_types. Got axis_names=('x', 'y') and"
)
def r17_make_mesh_axis_types_length():
    return jax.make_mesh((2, 4), ("x", "y"), axis_types=(AxisType.Explicit,))


@mistake("axis_types passed to Mesh must be of type")
def r17_make_mesh_axis_types_strings():
    return jax.make_mesh((2, 4), ("x", "y"), axis_types=("explicit", "explicit"))


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r17_mesh_names_length():
    return Mesh(np.array(jax.devices()).reshape(2, 4), ("x",))


@mistake(
    "Mesh requires the ndim of its first argument (`devices`) to equal the length of its second"
)
def r17_mesh_devices_list_names_two():
    return Mesh(jax.devices(), ("x", "y"))


@mistake()
def r17_partition_spec_int_entry_in_sharding():
    return NamedSharding(mesh24, P(0))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x', 'y').")
def r17_with_sharding_constraint_unknown_axis_in_jit():
    return jax.jit(lambda a: jax.lax.with_sharding_constraint(a, NamedSharding(mesh24, P("q"))))(
        jnp.ones(8)
    )


@mistake("One of with_sharding_constraint arguments is incompatible with its sharding annotation")
def r17_with_sharding_constraint_rank_too_big_in_jit():
    return jax.jit(
        lambda a: jax.lax.with_sharding_constraint(a, NamedSharding(mesh24, P("x", "y")))
    )(jnp.ones(8))


@mistake("with_sharding_constraint requires a non-empty mesh in context if you are passing")
def r17_with_sharding_constraint_spec_no_mesh():
    return jax.jit(lambda a: jax.lax.with_sharding_constraint(a, P("x")))(jnp.ones(8))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x', 'y').")
def r17_jit_in_shardings_unknown_axis():
    return jax.jit(lambda a: a, in_shardings=NamedSharding(mesh24, P("q")))(jnp.ones(8))


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotation"
)
def r17_jit_out_shardings_rank_too_big():
    return jax.jit(lambda a: a, out_shardings=NamedSharding(mesh24, P("x", "y")))(jnp.ones(8))


@mistake(
    "pjit in_shardings specification must be a tree prefix of the positional arguments tuple. In"
)
def r17_jit_in_shardings_tree_mismatch():
    s = NamedSharding(mesh24, P("x"))
    return jax.jit(lambda a, b: a, in_shardings=(s, s, s))(jnp.ones(8), jnp.ones(8))


@mistake("Mismatch details (1 found)")
def r17_jit_out_shardings_tree_mismatch():
    s = NamedSharding(mesh24, P("x"))
    return jax.jit(lambda a: (a, a), out_shardings=[s, s, s])(jnp.ones(8))


@mistake(
    "jit requires a non-empty mesh in context if you are passing `PartitionSpec`s to in_shardings."
)
def r17_jit_in_shardings_spec_without_mesh():
    return jax.jit(lambda a: a, in_shardings=P("x"))(jnp.ones(8))


@mistake(
    "static_argnames and donate_argnames cannot intersect. Argument names {'a'} appear in both"
)
def r17_jit_donate_and_static_same():
    return jax.jit(lambda a: a, static_argnums=0, donate_argnums=0)(1)


# ---------------------------------------------------------------------------------------------
# shard_map


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r17_shard_map_out_specs_replicating_varying():
    return _smap(lambda a: a * 2, P("x"), P())(jnp.ones(4))


@mistake("shard_map applied to the function '")
def r17_shard_map_out_specs_replicating_varying_in_jit():
    return jax.jit(_smap(lambda a: a + 1, P("x"), P()))(jnp.ones(4))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r17_shard_map_out_specs_replicating_varying_mesh24():
    return _smap(lambda a: a, P("x", "y"), P("x"), mesh=mesh24)(jnp.ones((2, 4)))


@mistake()
def r17_shard_map_out_specs_psum_then_replicated_ok():
    return _smap(lambda a: lax.psum(a, "x"), P("x"), P())(jnp.ones(4))


@mistake("shard_map applied to the function '")
def r17_shard_map_in_specs_not_divisible():
    return _smap(lambda a: a, P("x"), P("x"))(jnp.ones(3))


@mistake("pytree structure error: different lengths of tuple at key path")
def r17_shard_map_in_specs_too_many():
    return _smap(lambda a: a, (P("x"), P("x")), P("x"))(jnp.ones(4))


@mistake("The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh context")
def r17_shard_map_missing_mesh_no_context():
    return jax.shard_map(lambda a: a, in_specs=P("x"), out_specs=P("x"))(jnp.ones(4))


@mistake("shard_map in_specs argument must be a pytree of")
def r17_shard_map_in_specs_missing():
    return jax.shard_map(lambda a: a, mesh=mesh2, out_specs=P("x"))(jnp.ones(4))


@mistake("shard_map() missing 1 required keyword-only argument: 'out_specs'")
def r17_shard_map_out_specs_missing():
    return jax.shard_map(lambda a: a, mesh=mesh2, in_specs=P("x"))


@mistake("shard_map() got an unexpected keyword argument 'check_rep'")
def r17_shard_map_check_rep_keyword():
    return jax.shard_map(
        lambda a: a, mesh=mesh2, in_specs=P("x"), out_specs=P("x"), check_rep=False
    )


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r17_shard_map_all_gather_tiled_out_specs_varying():
    return _smap(lambda a: lax.all_gather(a, "x", tiled=True), P("x"), P())(jnp.ones(4))


@mistake("unbound axis name: x")
def r17_psum_outside_shard_map():
    return lax.psum(jnp.ones(4), "x")


@mistake("unbound axis name: x")
def r17_all_gather_outside_shard_map():
    return lax.all_gather(jnp.ones(4), "x")


@mistake("Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`.")
def r17_ppermute_outside_shard_map_in_jit():
    return jax.jit(lambda a: lax.ppermute(a, "x", [(0, 1)]))(jnp.ones(4))


@mistake(
    "Found an unbound axis name: x. To fix this, please call axis_index under `jax.shard_map`."
)
def r17_axis_index_outside_shard_map_in_vmap():
    return jax.vmap(lambda a: a + lax.axis_index("x"))(jnp.ones(4))


@mistake("Found an unbound axis name: x. To fix this, please call psum under `jax.shard_map`.")
def r17_pmean_outside_in_vmap_other_name():
    return jax.vmap(lambda a: lax.pmean(a, "x"), axis_name="i")(jnp.ones(4))


@mistake("list index out of range")
def r17_shard_map_ppermute_perm_out_of_range():
    return _smap(lambda a: lax.ppermute(a, "x", [(0, 5)]), P("x"), P("x"))(jnp.ones(4))


@mistake("tuple index out of range")
def r17_shard_map_all_to_all_axes_out_of_range():
    return _smap(lambda a: lax.all_to_all(a, "x", 3, 0), P("x"), P("x"))(jnp.ones((4, 2)))


# ---------------------------------------------------------------------------------------------
# Explicit sharding


@mistake("add got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r17_explicit_add_conflict_in_jit():
    a, b = _eput((8, 4), P("x", None)), _eput((8, 4), P("y", None))
    return jax.jit(lambda p, q: p + q)(a, b)


@mistake("max got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r17_explicit_maximum_conflict():
    return jnp.maximum(_eput((8, 4), P("x", None)), _eput((8, 4), P("y", None)))


@mistake("Resource axis: q of P('q',) is not found in mesh: ('x', 'y').")
def r17_explicit_reshard_unknown_axis():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones(8), P("q"))


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly"
)
def r17_explicit_zeros_out_sharding_not_divisible():
    with _set_mesh():
        return jnp.zeros(6, out_sharding=P("y"))


@mistake("Argument '[1.0]' of type '")
def r17_explicit_typeof_of_list():
    return jax.typeof([1.0])


@mistake(
    "dot_general requires contracting dimensions to have consistent sharding, got ('x',) and ('y',)."
)
def r17_explicit_matmul_contracting_conflict_in_jit():
    a, b = _eput((4, 8), P(None, "x")), _eput((8, 4), P("y", None))
    return jax.jit(jnp.matmul)(a, b)


@mistake(
    "All operands should have the same sharding. Got shardings NamedSharding(mesh=AbstractMesh('x'"
)
def r17_explicit_concatenate_conflict_in_jit():
    a, b = _eput((8, 4), P("x", None)), _eput((8, 4), P("y", None))
    return jax.jit(lambda p, q: jnp.concatenate([p, q], axis=1))(a, b)


@mistake("This reshape is not supported. Please specify the sharding of the output via the")
def r17_explicit_reshape_merge_in_jit():
    return jax.jit(lambda a: a.reshape(2, 16))(_eput((8, 4), P(None, "y")))


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly"
)
def r17_explicit_device_put_not_divisible():
    return jax.device_put(jnp.ones(6), NamedSharding(emesh, P("y")))


@mistake("'q'")
def r17_explicit_auto_axes_unknown_axis_name():
    with _set_mesh():
        return jax.sharding.auto_axes(lambda a: a, axes="q", out_sharding=P("x"))(jnp.ones(8))


# ---------------------------------------------------------------------------------------------
# jax.export and shape polymorphism


@mistake("syntax error in symbolic shape 'a!' in dimension 0")
def r17_export_symbolic_shape_unknown_char():
    return _sym("a!")


@mistake(
    "syntax error in symbolic shape ',a' in dimension 0: expecting one of {NAME, MINUS, NUMBER} but"
)
def r17_export_symbolic_shape_leading_comma():
    return _sym(",a")


@mistake("syntax error in symbolic shape 'a // 0' in dimension 0")
def r17_export_symbolic_shape_division_by_zero():
    return _sym("a // 0")


@mistake(
    "Shape mismatch for args[0].shape[0] (expected same constant): expected (3,) and called with"
)
def r17_export_call_wrong_shape():
    exp = _export(lambda a: a * 2, jax.ShapeDtypeStruct((3,), jnp.float32))
    return exp.call(jnp.ones(4))


@mistake("Dtype mismatch for args[0]: expected float32 and called with int32")
def r17_export_call_wrong_dtype():
    exp = _export(lambda a: a * 2, jax.ShapeDtypeStruct((3,), jnp.float32))
    return exp.call(jnp.ones(3, jnp.int32))


@mistake(
    "Cannot divide evenly the sizes of shapes (a,) and (2, -1). The remainder mod(a, - 2) should be"
)
def r17_export_poly_reshape_not_divisible():
    (a,) = _sym("a")
    return _export(lambda v: v.reshape(2, -1), jax.ShapeDtypeStruct((a,), jnp.float32))


@mistake("Symbolic dimension comparison 'a' > '2' is inconclusive.")
def r17_export_poly_compare_inconclusive():
    (a,) = _sym("a")
    return _export(
        lambda v: v if v.shape[0] > 2 else v * 2, jax.ShapeDtypeStruct((a,), jnp.float32)
    )


@mistake("add got incompatible shapes for broadcasting: (a,), (b,).")
def r17_export_poly_broadcast_different_dims():
    a, b = _sym("a, b")
    return _export(
        lambda u, v: u + v,
        jax.ShapeDtypeStruct((a,), jnp.float32),
        jax.ShapeDtypeStruct((b,), jnp.float32),
    )


@mistake("Symbolic dimension 'a' used in a context that requires a constant")
def r17_export_poly_int_of_dim():
    (a,) = _sym("a")
    return _export(lambda v: jnp.ones(int(v.shape[0])), jax.ShapeDtypeStruct((a,), jnp.float32))


@mistake(
    "Input shapes do not match the polymorphic shapes specification. Found inconsistency between"
)
def r17_export_poly_call_dim_mismatch():
    a = _sym("a")[0]
    exp = _export(
        lambda u, v: u + v,
        jax.ShapeDtypeStruct((a,), jnp.float32),
        jax.ShapeDtypeStruct((a,), jnp.float32),
    )
    return exp.call(jnp.ones(3), jnp.ones(4))


@mistake(
    "Input shapes do not match the symbolic shape constraint a >= 4. Expected 'a - 4' to be greater"
)
def r17_export_poly_constraint_violated():
    (a,) = _sym("a", constraints=("a >= 4",))
    exp = _export(lambda v: v * 2, jax.ShapeDtypeStruct((a,), jnp.float32))
    return exp.call(jnp.ones(2))


@mistake("Function to be exported must be the result of `jit` but is")
def r17_export_of_lambda_not_jit():
    return _sub("export").export(lambda a: a)(jnp.ones(2))


@mistake()
def r17_export_poly_arange_of_dim_in_jit():
    (a,) = _sym("a")
    return _export(lambda v: jnp.zeros((a, 2)), jax.ShapeDtypeStruct((a,), jnp.float32))


# ---------------------------------------------------------------------------------------------
# Pallas (interpret mode)


@mistake("'int' object is not iterable")
def r17_pallas_block_shape_not_tuple():
    pl = _pl()
    return _pcall(
        _copy,
        jnp.ones(8),
        in_specs=[pl.BlockSpec(4, lambda i: (i,))],
        out_specs=pl.BlockSpec((4,), lambda i: (i,)),
        grid=(2,),
    )


@mistake()
def r17_pallas_blockspec_index_map_returns_int():
    pl = _pl()
    return _pcall(
        _copy,
        jnp.ones(8),
        in_specs=[pl.BlockSpec((4,), lambda i: i)],
        out_specs=pl.BlockSpec((4,), lambda i: (i,)),
        grid=(2,),
    )


@mistake("r17_pallas_blockspec_index_map_too_many_args.<locals>.")
def r17_pallas_blockspec_index_map_too_many_args():
    pl = _pl()
    return _pcall(
        _copy,
        jnp.ones(8),
        in_specs=[pl.BlockSpec((4,), lambda i, j: (i,))],
        out_specs=pl.BlockSpec((4,), lambda i: (i,)),
        grid=(2,),
    )


@mistake(
    "Block shape for args[0] (= (Blocked(block_size=4), Blocked(block_size=1))) must have the same"
)
def r17_pallas_blockspec_rank_too_big():
    pl = _pl()
    return _pcall(
        _copy,
        jnp.ones(8),
        in_specs=[pl.BlockSpec((4, 1), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((4,), lambda i: (i,)),
        grid=(2,),
    )


@mistake("'function' object is not iterable")
def r17_pallas_blockspec_swapped_args():
    pl = _pl()
    return _pcall(
        _copy,
        jnp.ones(8),
        in_specs=[pl.BlockSpec(lambda i: (i,), (4,))],
        out_specs=pl.BlockSpec((4,), lambda i: (i,)),
        grid=(2,),
    )


@mistake("`in_specs` must be a tuple or a list. Found: BlockSpec(block_shape=(4,)")
def r17_pallas_in_specs_not_list():
    pl = _pl()
    return _pcall(
        _copy,
        jnp.ones(8),
        in_specs=pl.BlockSpec((4,), lambda i: (i,)),
        out_specs=pl.BlockSpec((4,), lambda i: (i,)),
        grid=(2,),
    )


@mistake()
def r17_pallas_grid_negative():
    return _pcall(_copy, jnp.ones(8), grid=(-1,))


@mistake("r17_pallas_out_shape_list_of_one_kernel_two_outs.<locals>.kernel() missing 1 required")
def r17_pallas_out_shape_list_of_one_kernel_two_outs():
    def kernel(x_ref, o1, o2):
        o1[...] = x_ref[...]

    return _pcall(kernel, jnp.ones(8), out_shape=[_sds()])


@mistake("BlockSpec.__init__() got an unexpected keyword argument 'block_size'")
def r17_pallas_blockspec_keyword_typo():
    return _pl().BlockSpec(block_size=(4,), index_map=lambda i: (i,))


@mistake("pallas_call() got an unexpected keyword argument 'out_shapes'")
def r17_pallas_call_keyword_typo():
    return _pl().pallas_call(_copy, out_shapes=_sds(), interpret=True)(jnp.ones(8))


# ---------------------------------------------------------------------------------------------
# tree_util registration


@mistake(
    "register_node(): incompatible function arguments. The following argument types are supported"
)
def r17_register_pytree_node_flatten_not_callable():
    class Box:
        pass

    jax.tree_util.register_pytree_node(Box, 1, 2)
    return jax.tree_util.tree_leaves(Box())


@mistake("register_pytree_node() missing 1 required positional argument: 'unflatten_func'")
def r17_register_pytree_node_missing_unflatten():
    class Box:
        pass

    return jax.tree_util.register_pytree_node(Box, lambda b: ((), None))


@mistake(
    "The to_iterable function for a custom PyTree node should return a (children, aux_data) tuple"
)
def r17_register_pytree_node_flatten_returns_one():
    class Box:
        pass

    jax.tree_util.register_pytree_node(Box, lambda b: [1, 2], lambda a, c: Box())
    return jax.tree_util.tree_leaves(Box())


@mistake("'Box' object has no attribute 'tree_flatten'")
def r17_register_pytree_node_class_missing_tree_flatten():
    @jax.tree_util.register_pytree_node_class
    class Box:
        @classmethod
        def tree_unflatten(cls, aux, children):
            return cls()

    return jax.tree_util.tree_leaves(Box())


@mistake(
    "register_dataclass: data_fields and meta_fields are required when nodetype is not a dataclass."
)
def r17_register_dataclass_not_dataclass_missing_fields():
    class Box:
        pass

    return jax.tree_util.register_dataclass(Box)


@mistake()
def r17_register_static_then_jit_unhashable():
    @jax.tree_util.register_static
    class Cfg:
        __hash__ = None

    return jax.jit(lambda c, a: a)(Cfg(), 1.0)


@mistake()
def r17_register_pytree_with_keys_bad_keys():
    class Box:
        pass

    jax.tree_util.register_pytree_with_keys(Box, lambda b: ([(1, 1.0)], None), lambda a, c: Box())
    return jax.tree_util.tree_flatten_with_path(Box())


@mistake("'int' object has no attribute 'tree_unflatten'")
def r17_register_pytree_node_instance_not_class():
    return jax.tree_util.register_pytree_node_class(3)


@mistake("'list' object has no attribute 'unflatten'")
def r17_tree_unflatten_treedef_swapped():
    leaves, tree = jax.tree_util.tree_flatten([1, 2])
    return jax.tree_util.tree_unflatten(leaves, tree)


@mistake("pytree structure error: different lengths of list at key path")
def r17_tree_map_extra_tree_shorter():
    return jax.tree.map(lambda a, b: a + b, [1, 2], [1])


@mistake("function")
def r17_jit_returns_custom_unregistered():
    class Box:
        pass

    return jax.jit(lambda a: Box())(1.0)


@mistake("Error interpreting argument to")
def r17_jit_arg_custom_unregistered():
    class Box:
        pass

    return jax.jit(lambda b: 1.0)(Box())


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact)"
)
def r17_grad_arg_dict_of_int():
    return jax.grad(lambda d: d["a"] * 2.0)({"a": 1})


# ---------------------------------------------------------------------------------------------
# Wrong argument counts and positional-only misuse


@mistake("jnp.sum: where must be None or a boolean array; got where.dtype=dtype('int32').")
def r17_jnp_sum_too_many_positional():
    return jnp.sum(x17, 0, None, None, False, 1, 2, 3)


@mistake("zeros() takes from 1 to 2 positional arguments but 4 were given")
def r17_jnp_zeros_too_many_positional():
    return jnp.zeros(3, jnp.float32, None, 1)


@mistake(
    "where() got some positional-only arguments passed as keyword arguments: 'condition, x, y'"
)
def r17_jnp_where_condition_keyword():
    return jnp.where(condition=x17 > 0, x=x17, y=x17)


@mistake("where requires ndarray or scalar arguments, got")
def r17_jnp_where_two_arguments():
    return jnp.where(x17 > 0, x17)


@mistake("arange() takes from 1 to 4 positional arguments but 5 were given")
def r17_jnp_arange_too_many_positional():
    return jnp.arange(0, 5, 1, jnp.int32, 7)


@mistake("maximum() missing 1 required positional argument: 'y'")
def r17_jnp_maximum_one_argument():
    return jnp.maximum(x17)


@mistake("add() takes 2 positional arguments but 3 were given")
def r17_jnp_add_three_arguments():
    return jnp.add(x17, x17, x17)


@mistake("matmul() missing 1 required positional argument: 'b'")
def r17_jnp_matmul_one_argument():
    return jnp.matmul(x17)


@mistake("dot() takes 2 positional arguments but 3 were given")
def r17_jnp_dot_three_arguments():
    return jnp.dot(x17, x17.T, x17)


@mistake("only integer scalar arrays can be converted to a scalar index")
def r17_jnp_concatenate_arrays_unpacked():
    return jnp.concatenate(x17, x17)


@mistake("Only integer scalar arrays can be converted to a scalar index.")
def r17_jnp_stack_arrays_unpacked():
    return jnp.stack(jnp.ones(2), jnp.ones(2))


@mistake("linspace() missing 1 required positional argument: 'stop'")
def r17_jnp_linspace_missing_stop():
    return jnp.linspace(0)


@mistake("add() takes 2 positional arguments but 3 were given")
def r17_lax_add_three_arguments():
    return lax.add(1.0, 2.0, 3.0)


@mistake("exp() takes 1 positional argument but 2 were given")
def r17_lax_exp_two_arguments():
    return lax.exp(1.0, 2.0)


@mistake("select() missing 1 required positional argument: 'on_false'")
def r17_lax_select_two_arguments():
    return lax.select(x17 > 0, x17)


@mistake("dynamic_slice() missing 1 required positional argument: 'slice_sizes'")
def r17_lax_dynamic_slice_missing_sizes():
    return lax.dynamic_slice(x17, (0, 0))


@mistake("fori_loop() missing 1 required positional argument: 'init_val'")
def r17_lax_fori_loop_missing_init():
    return lax.fori_loop(0, 3, lambda i, c: c)


@mistake("while_loop() missing 1 required positional argument: 'init_val'")
def r17_lax_while_loop_missing_init():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 1)


@mistake("lax.cond: true_fun and false_fun arguments should be callable.")
def r17_lax_cond_missing_false_fun_with_operand():
    return lax.cond(True, lambda a: a, 1.0)


@mistake("The input arguments to the custom_jvp-decorated function relu could not be resolved to")
def r17_nn_relu_two_arguments():
    return jax.nn.relu(x17, 0.0)


@mistake("softmax() takes from 1 to 3 positional arguments but 5 were given")
def r17_nn_softmax_too_many_positional():
    return jax.nn.softmax(x17, -1, None, None, 1)


@mistake("normal() takes from 1 to 3 positional arguments but 4 were given")
def r17_random_normal_too_many_positional():
    return random.normal(k17, (2,), jnp.float32, 5)


@mistake("split() takes from 1 to 2 positional arguments but 3 were given")
def r17_random_split_too_many_positional():
    return random.split(k17, 2, 3)


@mistake("key() takes 1 positional argument but 2 were given")
def r17_random_key_two_seeds():
    return random.key(0, 1)


@mistake("Cannot interpret '1.0' as a data type")
def r17_random_uniform_minval_maxval_positional_swapped_shape():
    return random.uniform(k17, 0.0, 1.0)


@mistake("'float' object is not iterable")
def r17_grad_called_with_function_and_value():
    return jax.grad(lambda a: a * 2.0, 1.0)


@mistake("jit() takes from 0 to 1 positional arguments but 2 were given")
def r17_jit_called_with_function_and_value():
    return jax.jit(lambda a: a, 1.0)


@mistake("vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional")
def r17_vmap_called_with_function_and_value():
    return jax.vmap(lambda a: a, jnp.ones(3))(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# jvp / vjp / linearize


@mistake("primal and tangent arguments to jax.jvp must be tuples or lists; found float and float.")
def r17_jvp_primals_not_tuple():
    return jax.jvp(lambda a: a * 2, 1.0, 1.0)


@mistake(
    "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in case of"
)
def r17_jvp_tangent_dtype_mismatch():
    return jax.jvp(lambda a: a * 2, (1.0,), (jnp.float16(1.0),))


@mistake(
    "jvp called with different primal and tangent shapes;Got primal shape (3,) and tangent shape as"
)
def r17_jvp_tangent_shape_mismatch():
    return jax.jvp(lambda a: a * 2, (jnp.ones(3),), (jnp.ones(2),))


@mistake(
    "primal and tangent arguments to jax.jvp must have the same tree structure; primals have tree"
)
def r17_jvp_tangent_count_mismatch():
    return jax.jvp(lambda a, b: a * b, (1.0, 2.0), (1.0,))


@mistake(
    "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in case of"
)
def r17_jvp_int_primal_float_tangent():
    return jax.jvp(lambda a: a * 2, (1,), (1.0,))


@mistake("unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got float32[2], but")
def r17_vjp_cotangent_shape_mismatch():
    _, pullback = jax.vjp(lambda a: a * 2, jnp.ones(3))
    return pullback(jnp.ones(2))


@mistake("unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got int32[3], but")
def r17_vjp_cotangent_dtype_mismatch():
    _, pullback = jax.vjp(lambda a: a * 2, jnp.ones(3))
    return pullback(jnp.ones(3, jnp.int32))


@mistake("unexpected tree structure.")
def r17_vjp_cotangent_tree_mismatch():
    _, pullback = jax.vjp(lambda a: (a, a), jnp.ones(3))
    return pullback(jnp.ones(3))


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r17_vjp_has_aux_not_tuple():
    return jax.vjp(lambda a: a * 2, jnp.ones(3), has_aux=True)


@mistake(
    "linearized function called on tangent values inconsistent with the original primal values"
)
def r17_linearize_tangent_shape_mismatch():
    _, f_jvp = jax.linearize(lambda a: a * 2, jnp.ones(3))
    return f_jvp(jnp.ones(2))


@mistake("Argument 's' of type")
def r17_jacrev_non_array_output():
    return jax.jacrev(lambda a: "s")(1.0)


# ---------------------------------------------------------------------------------------------
# In-place updates and .at


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment. Instead of x[idx] = y"
)
def r17_array_item_assignment():
    a = jnp.zeros(3)
    a[0] = 1.0
    return a


@mistake("'_IndexUpdateHelper' object does not support item assignment")
def r17_array_at_item_assignment():
    a = jnp.zeros(3)
    a.at[0] = 1.0
    return a


@mistake("Incompatible types for broadcasting: input type=float32[3] and requested type=float32[2]")
def r17_at_set_shape_mismatch():
    return jnp.zeros(3).at[:2].set(jnp.ones(3))


@mistake("Indexer must have integer or boolean type, got indexer with type float64")
def r17_at_set_float_index():
    return jnp.zeros(3).at[1.5].set(1.0)


@mistake("JAX does not support string indexing; got idx='a'")
def r17_at_get_string_index():
    return jnp.zeros(3).at["a"].get()


@mistake('Unknown gather mode "wrap"')
def r17_at_add_bad_mode():
    return jnp.zeros(3).at[0].add(1.0, mode="wrap")


@mistake("'_IndexUpdateRef' object is not callable")
def r17_at_without_method():
    return jnp.zeros(3).at[0](1.0)


@mistake("'_IndexUpdateRef' object has no attribute 'increment'")
def r17_at_unknown_method():
    return jnp.zeros(3).at[0].increment(1.0)


@mistake(
    "JAX arrays are immutable and do not support in-place item assignment. Instead of x[idx] = y"
)
def r17_array_augmented_item_assignment_in_jit():
    def f(a):
        a[0] += 1.0
        return a

    return jax.jit(f)(jnp.zeros(3))


@mistake("too many indices for array: array is 2-dimensional, but 3 were indexed")
def r17_index_too_many_indices():
    return x17[0, 0, 0]


@mistake(
    "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean"
)
def r17_index_float():
    return x17[0.5]


@mistake(
    "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean"
)
def r17_index_list_of_floats():
    return x17[[0.5, 1.0]]


@mistake("an index can only have a single ellipsis ('...')")
def r17_index_two_ellipses():
    return jnp.asarray(x17)[..., ...]


@mistake("JAX does not support string indexing; got idx='a'")
def r17_index_string():
    return jnp.asarray(x17)["a"]


@mistake(
    "Slice entries must be static integers. Got slice(None, JitTracer(~int32[]), None) at position 0"
)
def r17_index_traced_slice_bound():
    return jax.jit(lambda a, n: a[:n])(jnp.ones(4), 2)


# ---------------------------------------------------------------------------------------------
# dtypes given by name


@mistake("data type 'float33' not understood")
def r17_zeros_dtype_unknown_string():
    return jnp.zeros(3, dtype="float33")


@mistake("JAX only supports number, bool, and string dtypes, got dtype")
def r17_array_dtype_object():
    return jnp.array([1, 2], dtype=object)


@mistake("data type 'bogus' not understood")
def r17_astype_unknown_string():
    return jnp.ones(3).astype("bogus")


@mistake("Value 'a' with dtype <U1 is not a valid JAX array type. Only arrays of numeric types are")
def r17_array_of_strings():
    return jnp.array(["a", "b"])


@mistake(
    "setting an array element with a sequence. The requested array has an inhomogeneous shape after"
)
def r17_array_ragged():
    return jnp.array([[1, 2], [3]])


@mistake("None is not a valid value for jnp.array")
def r17_array_of_none():
    return jnp.array(None)


@mistake(
    "Value '{'a': 1}' with dtype object is not a valid JAX array type. Only arrays of numeric types"
)
def r17_array_of_dict():
    return jnp.array({"a": 1})


@mistake(
    "Value '{1, 2}' with dtype object is not a valid JAX array type. Only arrays of numeric types"
)
def r17_asarray_of_set():
    return jnp.asarray({1, 2})


@mistake("data type 'bogus' not understood")
def r17_lax_convert_element_type_string():
    return lax.convert_element_type(x17, "bogus")


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r17_random_normal_dtype_string_int():
    return random.normal(k17, (2,), dtype="int32")


@mistake("Invalid integer data type 'f'.")
def r17_iinfo_of_string_name():
    return jnp.iinfo("float32")


@mistake("data type")
def r17_finfo_of_bool():
    return jnp.finfo(jnp.bool_)


# ---------------------------------------------------------------------------------------------
# lax reductions, sorting, top_k


@mistake("Operands must have the same tree structure as init_values: PyTreeDef((*, *)) vs.")
def r17_lax_reduce_init_values_count():
    return lax.reduce((x17, x17), (0.0,), lambda a, b: (a[0] + b[0], a[1] + b[1]), (0,))


@mistake("'str' object is not callable")
def r17_lax_reduce_computation_not_callable():
    return lax.reduce(x17, 0.0, "add", (0,))


@mistake("reduction axes (2,) contains out-of-bounds indices for float32[2,3].")
def r17_lax_reduce_dimension_out_of_range():
    return lax.reduce(x17, 0.0, lax.add, (2,))


@mistake("num_keys=3 must be between 1 and len(operand)=2")
def r17_lax_sort_num_keys_too_many():
    return lax.sort((x17, x17), num_keys=3)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r17_lax_sort_dimension_out_of_range():
    return lax.sort(x17, dimension=2)


@mistake(
    "k argument to top_k must be no larger than size along axis; got k=5 with shape=[3] and axis=0"
)
def r17_lax_top_k_k_too_big():
    return lax.top_k(jnp.ones(3), 5)


@mistake("k argument to top_k must be nonnegative, got -1")
def r17_lax_top_k_negative():
    return lax.top_k(jnp.ones(3), -1)


@mistake("axis -1 is out of bounds for array of dimension 0")
def r17_lax_top_k_scalar():
    return lax.top_k(jnp.float32(1), 1)


@mistake("axis 2 is out of bounds for array of shape (2, 3)")
def r17_lax_cumsum_axis_out_of_range():
    return lax.cumsum(x17, axis=2)


@mistake(
    "reduce_window got the wrong number of window_dimensions for operand: got operand shape (2, 3)"
)
def r17_lax_reduce_window_dims_length():
    return lax.reduce_window(x17, 0.0, lax.add, (2,), (1, 1), "VALID")


@mistake()
def r17_lax_reduce_window_padding_string():
    return lax.reduce_window(x17, 0.0, lax.add, (1, 1), (1, 1), "same")


@mistake("take_along_axis indices must be of integer type, got float32")
def r17_jnp_take_along_axis_float_indices():
    return jnp.take_along_axis(x17, jnp.zeros((2, 1)), axis=1)


@mistake("indices and arr must have the same number of dimensions; 1 vs. 2")
def r17_jnp_take_along_axis_rank_mismatch():
    return jnp.take_along_axis(x17, jnp.zeros(2, jnp.int32), axis=1)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r17_jnp_argsort_axis_out_of_range():
    return jnp.argsort(x17, axis=2)


@mistake()
def r17_jnp_argsort_descending_ok():
    return jnp.argsort(x17, descending=True)


@mistake(
    "'kind' argument to sort is not supported. Use stable=True or stable=False to specify sort"
)
def r17_jnp_sort_kind_and_stable():
    return jnp.sort(x17, kind="stable", stable=False)


# ---------------------------------------------------------------------------------------------
# debug printing and callbacks


@mistake("tuple index out of range")
def r17_debug_print_missing_positional():
    return jax.debug.print("{} {}", 1.0)


@mistake("'x'")
def r17_debug_print_missing_keyword():
    return jax.debug.print("{x}", y=1.0)


@mistake("'x'")
def r17_debug_print_in_jit_missing_keyword():
    return jax.jit(lambda a: jax.debug.print("{x}", a))(1.0)


@mistake("expected str, got float")
def r17_debug_print_fmt_not_string():
    return jax.debug.print(1.0)


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last)")
def r17_pure_callback_result_shape_mismatch():
    return jax.jit(
        lambda a: jax.pure_callback(
            lambda v: np.ones(3, np.float32), jax.ShapeDtypeStruct((2,), jnp.float32), a
        )
    )(jnp.ones(2))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last)")
def r17_pure_callback_result_dtype_mismatch():
    return jax.jit(
        lambda a: jax.pure_callback(
            lambda v: np.ones(2, np.int32), jax.ShapeDtypeStruct((2,), jnp.float32), a
        )
    )(jnp.ones(2))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last)")
def r17_pure_callback_missing_result_shape():
    return jax.pure_callback(lambda v: v, jnp.ones(2))


@mistake("INTERNAL: CpuCallback error calling callback: Traceback (most recent call last)")
def r17_pure_callback_callback_not_callable():
    return jax.pure_callback(1, jax.ShapeDtypeStruct((2,), jnp.float32), jnp.ones(2))


# ---------------------------------------------------------------------------------------------
# Linear algebra in jit / vmap


@mistake("inconsistent size for core dimension 'm': 2 vs 3 on vectorized function with")
def r17_linalg_solve_shapes_in_jit():
    return jax.jit(jnp.linalg.solve)(jnp.eye(3), jnp.ones(2))


@mistake("Argument to inv must have shape [..., n, n], got (2, 3).")
def r17_linalg_inv_non_square_in_vmap():
    return jax.vmap(jnp.linalg.inv)(jnp.ones((2, 2, 3)))


@mistake(
    "transpose permutation isn't a permutation of operand dimensions, got permutation (0, -1) for"
)
def r17_linalg_cholesky_1d():
    return jnp.linalg.cholesky(jnp.ones(3))


@mistake("Argument to _det() must have shape [..., n, n], got (3,)")
def r17_linalg_det_1d_in_jit():
    return jax.jit(jnp.linalg.det)(jnp.ones(3))


@mistake("add got incompatible shapes for broadcasting: (2, 3), (3, 2).")
def r17_linalg_eigh_non_square():
    return jnp.linalg.eigh(jnp.ones((2, 3)))


@mistake("Input 0 to svd must have rank at least 2, but got shape=(3,)")
def r17_linalg_svd_1d():
    return jnp.linalg.svd(jnp.ones(3))


@mistake("Unsupported QR decomposition mode 'thin'")
def r17_linalg_qr_mode_bogus():
    return jnp.linalg.qr(jnp.eye(3), mode="thin")


@mistake("Invalid order 'bogus' for matrix norm.")
def r17_linalg_norm_ord_bogus():
    return jnp.linalg.norm(x17, ord="bogus")


@mistake("exponent must be an integer, got 1.5")
def r17_linalg_matrix_power_float_n():
    return jnp.linalg.matrix_power(jnp.eye(2), 1.5)


# ---------------------------------------------------------------------------------------------
# Mistakes inside transformed bodies


@mistake("Size of label 'i' for operand 1 (3) does not match previous terms (2).")
def r17_scan_body_einsum_label_mismatch():
    return lax.scan(
        lambda c, x: (c, jnp.einsum("ij,ij->", x, c)), jnp.ones((2, 3)), jnp.ones((4, 3, 2))
    )


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of")
def r17_vmap_body_reshape_minus_one_not_divisible():
    return jax.vmap(lambda a: a.reshape(-1, 4))(jnp.ones((2, 6)))


@mistake(
    "dynamic_update_slice update shape must be smaller than operand shape, got update shape (3,)"
)
def r17_grad_body_dynamic_update_slice_larger():
    return jax.grad(lambda a: lax.dynamic_update_slice(jnp.zeros(2), a, (0,)).sum())(jnp.ones(3))


@mistake("Offset dimension 0 in gather op is out of bounds; got 3, but should have been in [0, 2)")
def r17_while_body_gather_offset_dims():
    dn = lax.GatherDimensionNumbers(offset_dims=(3,), collapsed_slice_dims=(), start_index_map=(0,))
    return lax.while_loop(
        lambda c: False, lambda c: lax.gather(c, jnp.array([[0]]), dn, (1, 3)), x17
    )


@mistake(
    "convolution dimension_numbers[2] must contain the characters 'N' and 'C' exactly once, got"
)
def r17_cond_branch_conv_dimension_numbers():
    return lax.cond(
        True,
        lambda a: lax.conv_general_dilated(
            a, jnp.ones((2, 2, 1, 1)), (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWX")
        ),
        lambda a: a,
        jnp.ones((1, 4, 4, 1)),
    )


@mistake("Argument '[1.0, 2.0]' of type '")
def r17_shard_map_body_lax_add_of_list():
    return _smap(lambda a: lax.add(a, [1.0, 2.0]), P("x"), P("x"))(jnp.ones(4))


@mistake("Error interpreting argument to mul as a JAX value. The problematic value is of type")
def r17_jit_body_lax_mul_of_tuple():
    return jax.jit(lambda a: lax.mul(a, (1.0,)))(jnp.ones(1))


@mistake("normal() missing 1 required positional argument: 'key'")
def r17_vmap_body_random_missing_key():
    return jax.vmap(lambda a: random.normal(shape=a.shape))(jnp.ones((2, 3)))


@mistake("Gradient only defined for scalar-output functions. Output was None.")
def r17_fori_body_grad_of_none():
    return lax.fori_loop(0, 2, lambda i, c: c + jax.grad(lambda a: None)(c), 1.0)


@mistake("Branch index must be scalar, got JitTracer(int32[2]) of shape (2,).")
def r17_jit_body_switch_index_vector():
    return jax.jit(lambda i: lax.switch(i, [lambda: 1.0, lambda: 2.0]))(jnp.array([0, 1]))


@mistake("Subscripts can only contain one '->'.")
def r17_jit_body_einsum_two_arrows():
    return jax.jit(lambda a: jnp.einsum("ij->j->i", a))(x17)


@mistake("Scatter op has 2 elements in scatter_dims_to_operand_dims and the bound of dimension")
def r17_vmap_body_scatter_dims_length():
    dn = lax.ScatterDimensionNumbers(
        update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0, 1)
    )
    return jax.vmap(lambda a: lax.scatter_add(a, jnp.array([[0]]), jnp.ones(1), dn))(
        jnp.ones((2, 3))
    )


@mistake("Argument '[JitTracer(float32[])]' of type '")
def r17_scan_body_typeof_of_list():
    return lax.scan(lambda c, x: (c, jax.typeof([x])), 0.0, jnp.ones(2))


@mistake(
    "dynamic_update_slice update shape must be smaller than operand shape, got update shape (3, 3)"
)
def r17_jit_body_reshape_minus_one_dynamic_update():
    return jax.jit(lambda a: lax.dynamic_update_slice(a, jnp.ones((3, 3)), (0, 0)))(x17)


# ---------------------------------------------------------------------------------------------
# Symbolic shapes (jax.export)


@mistake("syntax error in symbolic shape 'a % 2' in dimension 0: expecting one of {STAR} but found")
def r17_export_symbolic_shape_modulo_operator():
    return _sym("a % 2")


@mistake()
def r17_export_symbolic_shape_floordiv_ok():
    return _sym("a, floordiv(a, 2)")


@mistake(
    "syntax error in symbolic shape 'a ** 2' in dimension 0: expecting one of {STAR} but found"
)
def r17_export_symbolic_shape_power():
    return _sym("a ** 2")


@mistake("syntax error in symbolic shape 'a / 2' in dimension 0: expecting one of {STAR} but found")
def r17_export_symbolic_shape_division():
    return _sym("a / 2")


@mistake(
    "syntax error in symbolic shape 'max2(a, 2)' in dimension 0: expecting one of {STAR} but found"
)
def r17_export_symbolic_shape_unknown_function():
    return _sym("max2(a, 2)")


@mistake(
    "syntax error in symbolic shape 'floordiv(a)' in dimension 0: expecting one of {COMMA} but"
)
def r17_export_symbolic_shape_floordiv_one_arg():
    return _sym("floordiv(a)")


@mistake("Constraint parsing error: must contain one of '==' or '>=' or '<='")
def r17_export_symbolic_constraint_no_operator():
    return _sym("a", constraints=("a 4",))


@mistake("Constraint parsing error: must contain one of '==' or '>=' or '<='")
def r17_export_symbolic_constraint_strict_less():
    return _sym("a", constraints=("a < 4",))


@mistake("polymorphic shape spec should be None or a string. Found ['a', 'b'].")
def r17_export_symbolic_shape_list_not_string():
    return _sym(["a", "b"])


# ---------------------------------------------------------------------------------------------
# Lists given where JAX's check names another function; calls without their input


@mistake("absolute requires ndarray or scalar arguments, got")
def r17_jnp_abs_of_list():
    return jnp.abs([1.0, -1.0])


@mistake("max requires ndarray or scalar arguments, got")
def r17_jnp_amax_of_list():
    return jnp.amax([1.0, 2.0])


@mistake("round requires ndarray or scalar arguments, got")
def r17_jnp_around_of_list():
    return jnp.around([1.5, 2.5])


@mistake("conjugate requires ndarray or scalar arguments, got")
def r17_jnp_conj_of_list():
    return jnp.conj([1.0, 2.0])


@mistake("rad2deg requires ndarray or scalar arguments, got")
def r17_jnp_degrees_of_list():
    return jnp.degrees([1.0, 2.0])


@mistake("log10 requires ndarray or scalar arguments, got")
def r17_jnp_log10_of_list():
    return jnp.log10([1.0, 10.0])


@mistake("ravel requires ndarray or scalar arguments, got")
def r17_jnp_flatnonzero_of_list():
    return jnp.flatnonzero([0, 1])


@mistake("ones_like requires ndarray or scalar arguments, got")
def r17_jnp_empty_like_of_list():
    return jnp.empty_like([1.0, 2.0])


@mistake("maximum requires ndarray or scalar arguments, got")
def r17_nn_relu6_of_list():
    return jax.nn.relu6([1.0, 7.0])


@mistake("No input was provided to the clip function.")
def r17_jnp_clip_without_input():
    return jnp.clip(max=1.0)


@mistake()
def r17_jnp_broadcast_arrays_of_nothing_ok():
    return jnp.broadcast_arrays()


@mistake("multiply() takes 2 positional arguments but 3 were given")
def r17_jnp_multiply_three_arguments():
    return jnp.multiply(x17, x17, x17)


@mistake("subtract() takes 2 positional arguments but 3 were given")
def r17_jnp_subtract_three_arguments_in_jit():
    return jax.jit(lambda a: jnp.subtract(a, a, a))(x17)


@mistake("jnp.mean: where must be None or a boolean array; got where.dtype=dtype('int32').")
def r17_jnp_mean_where_int_mask():
    return jnp.mean(x17, where=jnp.ones((2, 3), jnp.int32))


@mistake("jnp.max: where must be None or a boolean array; got where.dtype=dtype('float32').")
def r17_jnp_max_where_float_mask():
    return jnp.max(x17, where=x17, initial=0.0)


@mistake(
    "For this input type lists must contain either Ellipsis or hashable and comparable object (e.g."
)
def r17_einsum_interleaved_float_labels_array():
    return jnp.einsum(x17, np.array([[0, 1]]), [0])
