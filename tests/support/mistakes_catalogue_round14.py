# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 14 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules):
explicit sharding under `set_mesh` (reshard / out_sharding= / device_put specs of the wrong rank,
with unknown or repeated axes, not dividing; Explicit and Auto axes mixed), shard_map spec trees,
collectives and check_vma, jax.random key types and shapes against batches, jax.export's bytes
and symbolic shapes, Pallas block specs and kernels, refs, the jax.tree API, scan / fori / while
carries changing type, cond / switch branches differing in pytree details, custom_vjp / custom_jvp
rules of the wrong structure, vmap in_axes / out_axes, the array API's copy= / device=, dtype
promotion 'strict', 64-bit requests without x64 (warnings as errors) and donation. A bare
`@mistake()` marks a program JAX 0.10.2 accepts (meshjit must too). The runner executes it after
the earlier rounds, in the same namespace (`mesh2`, `emesh`, `_smap`, `_eput`, `_set_mesh`,
`_pcall`, `_sym`, `_export`, ... are in scope)."""


# ---------------------------------------------------------------------------------------------
# Explicit sharding: reshard, out_sharding=, mixed Explicit / Auto axes, divisibility


@mistake()
def r14_explicit_reshard_rank_too_big_under_set_mesh():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones((8, 4)), P("x", None, None))


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly divide"
)
def r14_explicit_reshard_not_divisible_under_set_mesh():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones((6, 4)), P("y", None))


@mistake(
    "Sharding spec ('x', 'y') implies that array axis 0 is partitioned 8 times, but does not evenly"
)
def r14_explicit_reshard_tuple_axes_not_divisible():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones((4, 4)), P(("x", "y"), None))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r14_explicit_reshard_tuple_axis_twice():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones((8, 8)), P(("x", "x"), None))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r14_explicit_reshard_axis_in_two_dims():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones((8, 8)), P("y", ("x", "y")))


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly divide"
)
def r14_explicit_reshard_in_jit_not_divisible():
    with _set_mesh():
        return jax.jit(lambda x: jax.sharding.reshard(x, P("y")))(jnp.ones(6))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r14_explicit_reshard_in_jit_axis_twice():
    with _set_mesh():
        return jax.jit(lambda x: jax.sharding.reshard(x, P("x", "x")))(jnp.ones((8, 8)))


@mistake(
    "reshard out_shardings specification must be a tree prefix of the positional arguments tuple. In"
)
def r14_explicit_reshard_pytree_spec_count():
    with _set_mesh():
        return jax.sharding.reshard((jnp.ones(8), jnp.ones(8)), (P("x"), P("x"), P("x")))


@mistake()
def r14_explicit_reshard_named_sharding_other_mesh_size():
    other = _mesh((4, 2), ("x", "y"), explicit=True)
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones((8, 8)), NamedSharding(other, P("x", None)))


@mistake(
    "`out_sharding` argument of reshard only supports instances of `NamedSharding` or `PartitionSpec`."
)
def r14_explicit_reshard_string_spec():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones(8), "x")


@mistake()
def r14_explicit_reshard_ok_named_sharding():
    return jax.sharding.reshard(jnp.ones((8, 8)), NamedSharding(emesh, P("x", "y")))


@mistake()
def r14_explicit_reshard_ok_replicate():
    with _set_mesh():
        return jax.sharding.reshard(_eput((8, 8), P("x", "y")), P())


@mistake()
def r14_explicit_zeros_out_sharding_rank_too_big():
    with _set_mesh():
        return jnp.zeros((8,), out_sharding=P("x", None))


@mistake("Resource axis: z of P('z', None) is not found in mesh: ('x', 'y').")
def r14_explicit_zeros_out_sharding_unknown_axis():
    with _set_mesh():
        return jnp.zeros((8, 8), out_sharding=P("z", None))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r14_explicit_ones_out_sharding_axis_twice():
    with _set_mesh():
        return jnp.ones((8, 8), out_sharding=P("x", "x"))


@mistake(
    "Sharding spec ('x',) implies that array axis 0 is partitioned 2 times, but does not evenly divide"
)
def r14_explicit_full_out_sharding_not_divisible():
    with _set_mesh():
        return jnp.full((3, 8), 2.0, out_sharding=P("x", None))


@mistake("Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a")
def r14_explicit_zeros_out_sharding_without_mesh():
    return jnp.zeros((8,), out_sharding=P("x"))


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly divide"
)
def r14_explicit_arange_out_sharding_not_divisible():
    with _set_mesh():
        return jnp.arange(6, out_sharding=P("y"))


@mistake("Resource axis: z of P('z', None) is not found in mesh: ('x', 'y').")
def r14_explicit_matmul_out_sharding_unknown_axis():
    with _set_mesh():
        a, b = _eput((8, 8), P("x", None)), _eput((8, 8), P())
        return jnp.matmul(a, b, out_sharding=P("z", None))


@mistake()
def r14_explicit_matmul_out_sharding_rank_too_small():
    with _set_mesh():
        a, b = _eput((8, 8), P("x", None)), _eput((8, 8), P())
        return jnp.matmul(a, b, out_sharding=P("x"))


@mistake("Resource axis: w of P('w', None) is not found in mesh: ('x', 'y').")
def r14_explicit_einsum_out_sharding_unknown_axis():
    with _set_mesh():
        a, b = _eput((8, 8), P("x", None)), _eput((8, 8), P())
        return jnp.einsum("ij,jk->ik", a, b, out_sharding=P("w", None))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r14_explicit_dot_out_sharding_axis_twice():
    with _set_mesh():
        a, b = _eput((8, 8), P("x", None)), _eput((8, 8), P())
        return jnp.dot(a, b, out_sharding=P("x", "x"))


@mistake()
def r14_explicit_reshape_out_sharding_not_divisible():
    with _set_mesh():
        return jnp.reshape(_eput((8, 6), P("x", None)), (48,), out_sharding=P("y"))


@mistake()
def r14_explicit_reshape_out_sharding_rank_wrong():
    with _set_mesh():
        return jnp.reshape(_eput((8, 6), P("x", None)), (48,), out_sharding=P("x", None))


@mistake()
def r14_explicit_reshape_ambiguous():
    with _set_mesh():
        return jnp.reshape(_eput((8, 8), P("x", "y")), (64,))


@mistake(
    "This reshape is not supported. Please specify the sharding of the output via the `out_sharding`"
)
def r14_explicit_reshape_split_sharded_dim():
    with _set_mesh():
        return jnp.reshape(_eput((8, 8), P(None, "y")), (8, 2, 4))


@mistake()
def r14_explicit_mul_mixed_auto_explicit():
    with jax.set_mesh(_mixed_mesh()):
        a = jax.device_put(jnp.ones((8, 8)), P("x", None))
        return a * jnp.ones((8, 8))


@mistake()
def r14_explicit_device_put_auto_axis_on_mixed_mesh():
    with jax.set_mesh(_mixed_mesh()):
        return jax.device_put(jnp.ones((8, 8)), P("x", "y"))


@mistake(
    "PartitionSpec passed to reshard cannot contain axis names that are of type Auto or Manual. Got"
)
def r14_explicit_reshard_auto_axis_tuple_on_mixed_mesh():
    with jax.set_mesh(_mixed_mesh()):
        return jax.sharding.reshard(jnp.ones((8, 8)), P(("x", "y"), None))


@mistake("add got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r14_explicit_add_conflicting_under_set_mesh():
    with _set_mesh():
        return _eput((8, 8), P("x", None)) + _eput((8, 8), P("y", None))


@mistake("add got incompatible shardings for broadcasting: ('x', None), ('y', None).")
def r14_explicit_add_conflicting_in_jit_under_set_mesh():
    with _set_mesh():
        f = jax.jit(lambda a, b: a + b)
        return f(_eput((8, 8), P("x", None)), _eput((8, 8), P("y", None)))


@mistake(
    "mul operation with inputs: f32[8@x,8], f32[8,8@x] produces an illegally sharded result: f32[8@x,8@x]"
)
def r14_explicit_multiply_same_axis_two_dims():
    return _eput((8, 8), P("x", None)) * _eput((8, 8), P(None, "x"))


@mistake(
    "dot_general operation with inputs: f32[8@x,8], f32[8,8@x] produces an illegally sharded result:"
)
def r14_explicit_dot_free_dims_same_axis_in_jit():
    f = jax.jit(jnp.matmul)
    return f(_eput((8, 8), P("x", None)), _eput((8, 8), P(None, "x")))


@mistake(
    "dot_general requires contracting dimensions to have consistent sharding, got ('x',) and ('y',)."
)
def r14_explicit_dot_contracting_mismatch_in_jit():
    f = jax.jit(jnp.dot)
    return f(_eput((8, 8), P(None, "x")), _eput((8, 8), P("y", None)))


@mistake(
    "All operands should have the same sharding. Got shardings NamedSharding(mesh=AbstractMesh('x': 2,"
)
def r14_explicit_concatenate_conflicting_in_jit():
    f = jax.jit(lambda a, b: jnp.concatenate([a, b]))
    return f(_eput((8, 8), P(None, "x")), _eput((8, 8), P(None, "y")))


@mistake("select cases must have the same shardings, got")
def r14_explicit_where_conflicting_in_jit():
    f = jax.jit(lambda a, b: jnp.where(a > 0, a, b))
    return f(_eput((8, 8), P("x", None)), _eput((8, 8), P("y", None)))


@mistake(
    "All operands should have the same sharding. Got shardings NamedSharding(mesh=AbstractMesh('x': 2,"
)
def r14_explicit_stack_conflicting():
    return jnp.stack([_eput((8, 8), P("x", None)), _eput((8, 8), P("y", None))])


@mistake("min got incompatible shardings for broadcasting: ('x',), ('y',).")
def r14_explicit_minimum_conflicting():
    return jnp.minimum(_eput((8,), P("x")), _eput((8,), P("y")))


@mistake()
def r14_explicit_ok_same_sharding_add():
    return _eput((8, 8), P("x", "y")) + _eput((8, 8), P("x", "y"))


@mistake()
def r14_explicit_ok_broadcast_replicated():
    return _eput((8, 8), P("x", "y")) + jnp.ones(8)


@mistake(
    "Contracting dimensions are sharded and it is ambiguous how the output should be sharded. Please"
)
def r14_explicit_dot_contracting_same_axis_ambiguous():
    return _eput((8, 8), P(None, "x")) @ _eput((8, 8), P("x", None))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r14_explicit_scan_carry_reshard_in_jit():
    def body(c, x):
        return jax.sharding.reshard(c, P(None)), x

    with _set_mesh():
        return jax.jit(lambda c: lax.scan(body, c, jnp.ones(3)))(_eput((8,), P("x")))


@mistake(
    "while_loop body function carry input and carry output must have equal types, but they differ:"
)
def r14_explicit_while_carry_sharding_changes():
    with _set_mesh():
        a = _eput((8,), P("x"))
        return lax.while_loop(lambda c: False, lambda c: jax.sharding.reshard(c, P("y")), a)


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r14_explicit_fori_carry_sharding_changes():
    with _set_mesh():
        a = _eput((8,), P("x"))
        return lax.fori_loop(0, 2, lambda i, c: jax.sharding.reshard(c, P()), a)


@mistake("cond branches must have equal output types but they differ.")
def r14_explicit_cond_branch_sharding_differs_under_set_mesh():
    with _set_mesh():
        a = _eput((8,), P("x"))
        return lax.cond(True, lambda v: v, lambda v: jax.sharding.reshard(v, P("y")), a)


@mistake("switch branches must have equal output types but they differ.")
def r14_explicit_switch_branch_sharding_differs():
    with _set_mesh():
        a = _eput((8,), P("x"))
        fs = [lambda v: v, lambda v: jax.sharding.reshard(v, P())]
        return lax.switch(1, fs, a)


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly divide"
)
def r14_explicit_device_put_spec_not_divisible():
    with _set_mesh():
        return jax.device_put(jnp.ones((6, 8)), P("y", None))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r14_explicit_device_put_spec_axis_twice():
    with _set_mesh():
        return jax.device_put(jnp.ones((8, 8)), P("x", "x"))


@mistake("Resource axis: q of P('q', None) is not found in mesh: ('x', 'y').")
def r14_explicit_device_put_spec_unknown_axis():
    with _set_mesh():
        return jax.device_put(jnp.ones((8, 8)), P("q", None))


@mistake(
    "One of device_put args is incompatible with its sharding annotation NamedSharding(mesh=Mesh('x': 2,"
)
def r14_explicit_device_put_spec_rank_too_big():
    with _set_mesh():
        return jax.device_put(jnp.ones(8), P("x", None))


@mistake("Resource axis: z of P('z',) is not found in mesh: ('x', 'y').")
def r14_explicit_auto_axes_out_sharding_unknown():
    with _set_mesh():
        f = jax.sharding.auto_axes(lambda x: x * 2, out_sharding=P("z"))
        return f(_eput((8,), P("x")))


@mistake("Missing required keyword argument: 'out_sharding'")
def r14_explicit_auto_axes_without_out_sharding_in_jit():
    with _set_mesh():
        f = jax.jit(jax.sharding.auto_axes(lambda x: x * 2))
        return f(_eput((8,), P("x")))


@mistake("'q'")
def r14_explicit_explicit_axes_unknown_axis():
    with jax.set_mesh(_mesh((2, 4), ("x", "y"))):
        f = jax.sharding.explicit_axes(lambda x: x * 2, axes="q", in_sharding=P())
        return f(jnp.ones(8))


@mistake()
def r14_explicit_typeof_sharding_ok():
    return jax.typeof(_eput((8, 8), P("x", "y"))).sharding.spec


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r14_explicit_named_sharding_axis_twice():
    return NamedSharding(emesh, P("y", "y"))


@mistake("Resource axis: w of P('x', 'w') is not found in mesh: ('x', 'y').")
def r14_explicit_named_sharding_unknown_axis():
    return NamedSharding(emesh, P("x", "w"))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r14_explicit_named_sharding_tuple_axis_twice():
    return NamedSharding(emesh, P(("x", "y"), "x"))


@mistake(
    "partitions cannot overlap with unreduced axes passed to PartitionSpec. Got partitions: ('x',) and"
)
def r14_explicit_partition_spec_unreduced_also_sharded():
    return P("x", unreduced={"x"})


@mistake(
    "`with_sharding_constraint` acts as an assert when all axes of mesh are of type `Explicit`. The"
)
def r14_explicit_with_sharding_constraint_not_divisible():
    with _set_mesh():
        return jax.jit(lambda x: jax.lax.with_sharding_constraint(x, P("y")))(jnp.ones(6))


@mistake("Resource axis: w of P('w',) is not found in mesh: ('x', 'y').")
def r14_explicit_with_sharding_constraint_unknown_axis():
    with _set_mesh():
        return jax.jit(lambda x: jax.lax.with_sharding_constraint(x, P("w")))(jnp.ones(8))


@mistake(
    "Sharding spec ('y',) implies that array axis 0 is partitioned 4 times, but does not evenly divide"
)
def r14_explicit_random_normal_out_sharding_not_divisible():
    with _set_mesh():
        return random.normal(random.key(0), (6,), out_sharding=P("y"))


@mistake("Resource axis: w of P('w',) is not found in mesh: ('x', 'y').")
def r14_explicit_random_uniform_out_sharding_unknown():
    with _set_mesh():
        return random.uniform(random.key(0), (8,), out_sharding=P("w"))


@mistake("Resource axis: w of P('w',) is not found in mesh: ('x', 'y').")
def r14_explicit_jit_out_shardings_unknown_axis():
    with _set_mesh():
        return jax.jit(lambda x: x, out_shardings=P("w"))(jnp.ones(8))


@mistake(
    "One of pjit arguments with pytree key path x is incompatible with its sharding annotation"
)
def r14_explicit_jit_in_shardings_rank_too_big():
    s = NamedSharding(emesh, P("x", None))
    return jax.jit(lambda x: x, in_shardings=s)(jnp.ones(8))


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotation"
)
def r14_explicit_jit_out_shardings_rank_too_big():
    s = NamedSharding(emesh, P("x", None))
    return jax.jit(lambda x: x, out_shardings=s)(jnp.ones(8))


@mistake(
    "pjit in_shardings specification must be a tree prefix of the positional arguments tuple. In"
)
def r14_explicit_jit_in_shardings_count():
    s = NamedSharding(emesh, P("x"))
    return jax.jit(lambda x, y: x + y, in_shardings=(s, s, s))(jnp.ones(8), jnp.ones(8))


# ---------------------------------------------------------------------------------------------
# shard_map: spec trees, unknown axes, check_vma, collectives


@mistake("pytree structure error: different pytree metadata at key path")
def r14_smap_in_specs_dict_keys_differ():
    f = _smap(lambda d: d["a"], ({"b": P("x")},), P("x"))
    return f({"a": jnp.ones(4)})


@mistake("pytree structure error: different types at key path")
def r14_smap_in_specs_list_for_tuple():
    return _smap(lambda a, b: a + b, [P("x"), P("x")], P("x"))(jnp.ones(4), jnp.ones(4))


@mistake("pytree structure error: different lengths of tuple at key path")
def r14_smap_in_specs_nested_too_deep():
    return _smap(lambda t: t[0], ((P("x"), P("x")),), P("x"))((jnp.ones(4),))


@mistake("pytree structure error: different types at key path")
def r14_smap_out_specs_dict_for_array():
    return _smap(lambda x: x, P("x"), {"a": P("x")})(jnp.ones(4))


@mistake("pytree structure error: different lengths of tuple at key path")
def r14_smap_out_specs_too_few():
    return _smap(lambda x: (x, x, x), P("x"), (P("x"), P("x")))(jnp.ones(4))


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too long to be"
)
def r14_smap_out_specs_rank_too_big():
    return _smap(lambda x: x, P("x"), P("x", None))(jnp.ones(4))


@mistake("shard_map in_specs argument must refer to an axis marked as manual")
def r14_smap_in_specs_unknown_axis_mesh24():
    return _smap(lambda x: x, P("z"), P("z"), mesh=mesh24)(jnp.ones(8))


@mistake("shard_map out_specs argument must refer to an axis marked as manual")
def r14_smap_out_specs_unknown_axis():
    return _smap(lambda x: x, P("x"), P("w"))(jnp.ones(4))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positional"
)
def r14_smap_in_specs_axis_twice():
    return _smap(lambda x: x, P("x", "x"), P("x", "x"), mesh=mesh24)(jnp.ones((8, 8)))


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes that are not"
)
def r14_smap_in_specs_not_divisible_mesh24():
    return _smap(lambda x: x, P("y"), P("y"), mesh=mesh24)(jnp.ones(6))


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes that are not"
)
def r14_smap_in_specs_tuple_axes_not_divisible():
    return _smap(lambda x: x, P(("x", "y")), P(("x", "y")), mesh=mesh24)(jnp.ones(12))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r14_smap_out_specs_missing_varying_axis():
    return _smap(lambda x: x, P("x", "y"), P("x", None), mesh=mesh24)(jnp.ones((8, 8)))


@mistake(
    "was given out_specs which require replication which can't be statically inferred given the mesh"
)
def r14_smap_out_specs_replicated_but_varying():
    return _smap(lambda x: x * 2, P("x"), P())(jnp.ones(4))


@mistake()
def r14_smap_out_specs_replicated_check_vma_false():
    return _smap(lambda x: x * 2, P("x"), P(), check_vma=False)(jnp.ones(4))


@mistake("unbound axis name: q")
def r14_smap_all_gather_unknown_axis():
    return _smap(lambda x: lax.all_gather(x, "q"), P("x"), P())(jnp.ones(4))


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (0, 0)).")
def r14_smap_ppermute_repeated_source():
    return _smap(lambda x: lax.ppermute(x, "x", [(0, 1), (0, 0)]), P("x"), P("x"))(jnp.ones(4))


@mistake(
    "all_to_all requires the size of the mapped axis axis_name to equal x.shape[split_axis], but they"
)
def r14_smap_all_to_all_not_divisible():
    f = _smap(lambda x: lax.all_to_all(x, "x", 0, 0), P("x"), P("x"))
    return f(jnp.ones(6))


@mistake("reduce_scatter operand scatter dimension size 3 must match shard count 2")
def r14_smap_psum_scatter_not_divisible():
    f = _smap(lambda x: lax.psum_scatter(x, "x"), P(None), P("x"))
    return f(jnp.ones(3))


@mistake(
    "Found an unbound axis name: q. To fix this, please call axis_index under `jax.shard_map`."
)
def r14_smap_axis_index_unknown():
    return _smap(lambda x: x + lax.axis_index("q"), P("x"), P("x"))(jnp.ones(4))


@mistake(
    "Found an unbound axis name: x. To fix this, please call axis_index under `jax.shard_map`."
)
def r14_axis_index_outside_smap():
    return lax.axis_index("x")


@mistake(
    "Found an unbound axis name: x. To fix this, please call axis_index under `jax.shard_map`."
)
def r14_axis_index_outside_in_jit():
    return jax.jit(lambda x: x + lax.axis_index("x"))(jnp.ones(4))


@mistake("Found an unbound axis name: x. To fix this, please call psum under `jax.shard_map`.")
def r14_psum_outside_in_jit():
    return jax.jit(lambda x: lax.psum(x, "x"))(jnp.ones(4))


@mistake("Found an unbound axis name: x. To fix this, please call psum under `jax.shard_map`.")
def r14_pmean_outside_in_grad():
    return jax.grad(lambda x: lax.pmean(x, "x"))(1.0)


@mistake("unbound axis name: q")
def r14_smap_axis_size_unknown():
    return _smap(lambda x: x * lax.axis_size("q"), P("x"), P("x"))(jnp.ones(4))


@mistake()
def r14_smap_ok_axis_size():
    return _smap(lambda x: x * lax.axis_size("x"), P("x"), P("x"))(jnp.ones(4))


@mistake()
def r14_smap_ok_psum_replicated():
    return _smap(lambda x: lax.psum(x, "x"), P("x"), P())(jnp.ones(4))


@mistake(
    "jax.lax.pvary was deprecated in JAX v0.8.2 and removed in JAX v0.10.0; use `jax.lax.pcast(...,"
)
def r14_smap_pvary_removed():
    return _smap(lambda x: lax.pvary(x, "x"), P(), P("x"))(jnp.ones(4))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r14_smap_scan_carry_vma_changes():
    def body(c, x):
        return c + x, None

    f = _smap(lambda xs: lax.scan(body, jnp.zeros(()), xs)[0], P("x"), P("x"))
    return f(jnp.ones(4))


@mistake("cond branches must have equal output types but they differ.")
def r14_smap_cond_branches_vma_differ():
    f = _smap(lambda x: lax.cond(True, lambda: x.sum(), lambda: jnp.float32(0)), P("x"), P())
    return f(jnp.ones(4))


@mistake()
def r14_smap_in_specs_none_for_array():
    return _smap(lambda x: x, None, P())(jnp.ones(4))


@mistake(
    "shard_map in_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances, but:"
)
def r14_smap_in_specs_string():
    return _smap(lambda x: x, "x", P("x"))(jnp.ones(4))


@mistake(
    "shard_map out_specs argument must be a pytree of `jax.sharding.PartitionSpec` instances, but:"
)
def r14_smap_out_specs_string():
    return _smap(lambda x: x, P("x"), "x")(jnp.ones(4))


@mistake("The context mesh cannot be empty. Use `jax.set_mesh(mesh)` to enter into a mesh context")
def r14_smap_mesh_none_no_context():
    return jax.shard_map(lambda x: x, in_specs=P("x"), out_specs=P("x"))(jnp.ones(4))


@mistake("jax.shard_map requires axis_names=frozenset({'q'}) to be a subset of")
def r14_smap_axis_names_unknown():
    f = jax.shard_map(lambda x: x, mesh=mesh24, in_specs=P("x"), out_specs=P("x"), axis_names={"q"})
    return f(jnp.ones(8))


@mistake("shard_map in_specs argument must refer to an axis marked as manual")
def r14_smap_axis_names_spec_uses_other_axis():
    f = jax.shard_map(lambda x: x, mesh=mesh24, in_specs=P("y"), out_specs=P("y"), axis_names={"x"})
    return jax.jit(f)(jnp.ones(8))


@mistake(
    "shard_map applied to the function '<lambda>' was given an in_specs entry which is too long to be"
)
def r14_smap_scalar_in_spec_sharded():
    return _smap(lambda x: x, P("x"), P("x"))(jnp.float32(1.0))


@mistake("got an unexpected keyword argument 'x'")
def r14_smap_kwargs_given():
    return _smap(lambda x: x, P("x"), P("x"))(x=jnp.ones(4))


@mistake("Argument 's' of type <class 'str'> is not a valid JAX type")
def r14_smap_returns_non_array():
    return _smap(lambda x: "s", P("x"), P("x"))(jnp.ones(4))


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too long to be"
)
def r14_smap_in_vmap_out_specs_too_long():
    f = _smap(lambda x: x, P("x"), P("x", None))
    return jax.vmap(f)(jnp.ones((3, 4)))


@mistake("axis 2 is out of bounds for array of dimension 1")
def r14_smap_all_gather_tiled_axis_out_of_range():
    f = _smap(lambda x: lax.all_gather(x, "x", axis=2, tiled=True), P("x"), P())
    return f(jnp.ones(4))


# ---------------------------------------------------------------------------------------------
# jax.random: key types, reuse forms, shapes against batches, choice


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r14_random_normal_float_key():
    return random.normal(jnp.float32(0.0), (3,))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r14_random_uniform_float_array_key():
    return random.uniform(jnp.zeros(2, jnp.float32), (3,))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r14_random_split_float_key():
    return random.split(jnp.zeros(2, jnp.float32))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r14_random_fold_in_float_key():
    return random.fold_in(jnp.zeros(2, jnp.float32), 1)


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r14_random_bits_int_scalar_key():
    return random.bits(jnp.int32(3), (2,))


@mistake()
def r14_random_key_data_of_raw_key():
    return random.key_data(jnp.zeros(2, jnp.uint32))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape=(3,)"
)
def r14_random_wrap_key_data_wrong_shape():
    return random.wrap_key_data(jnp.zeros(3, jnp.uint32))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.dtype = uint32; got dtype=float32"
)
def r14_random_wrap_key_data_float():
    return random.wrap_key_data(jnp.zeros(2, jnp.float32))


@mistake("JAX encountered invalid PRNG key data: expected key_data.ndim >= 1; got ndim=0")
def r14_random_wrap_key_data_of_typed_key():
    return random.wrap_key_data(random.key(0))


@mistake("PRNG key seed must be an integer; got")
def r14_random_key_float_seed():
    return random.key(1.5)


@mistake(
    "key accepts a scalar seed, but was given an array of shape (3,) != (). Use jax.vmap for batching"
)
def r14_random_key_array_seed():
    return random.key(jnp.arange(3))


@mistake(
    "Value '0' with dtype <U1 is not a valid JAX array type. Only arrays of numeric types are supported"
)
def r14_random_prngkey_string_seed():
    return random.PRNGKey("0")


@mistake('unrecognized PRNG implementation "mt19937". Did you mean one of:')
def r14_random_key_impl_unknown():
    return random.key(0, impl="mt19937")


@mistake(
    "normal accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for"
)
def r14_random_normal_shape_vs_batched_key():
    return random.normal(random.split(random.key(0), 3), (4,))


@mistake("mul got incompatible shapes for broadcasting: (3,), (4,).")
def r14_random_uniform_shape_vs_minval():
    return random.uniform(random.key(0), (3,), minval=jnp.zeros(4))


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (4,)]")
def r14_random_bernoulli_p_shape():
    return random.bernoulli(random.key(0), jnp.full(4, 0.5), (3,))


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (4,), ()]")
def r14_random_randint_minval_shape():
    return random.randint(random.key(0), (3,), jnp.zeros(4, int), 5)


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (4,)]")
def r14_random_gamma_a_shape():
    return random.gamma(random.key(0), jnp.ones(4), (3,))


@mistake("Incompatible types for broadcasting: input type=float32[4] and requested type=float32[3]")
def r14_random_poisson_lam_shape():
    return random.poisson(random.key(0), jnp.ones(4), (3,))


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (4,), (4,)]")
def r14_random_beta_shape():
    return random.beta(random.key(0), jnp.ones(4), jnp.ones(4), (3,))


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (")
def r14_random_categorical_shape():
    return random.categorical(random.key(0), jnp.zeros((4, 5)), shape=(3,))


@mistake("Cannot take a larger sample (size 6) than population (size 5) when 'replace=False'")
def r14_random_choice_too_many_without_replacement():
    return random.choice(random.key(0), 5, (6,), replace=False)


@mistake("Cannot take a larger sample (size 6) than population (size 4) when 'replace=False'")
def r14_random_choice_array_too_many_without_replacement():
    return random.choice(random.key(0), jnp.arange(4), (2, 3), replace=False)


@mistake("p must be None or a 1D vector with the same size as a.shape[axis]. p has shape (4,) and")
def r14_random_choice_p_wrong_length():
    return random.choice(random.key(0), 5, (2,), p=jnp.ones(4) / 4)


@mistake()
def r14_random_choice_scalar_array():
    return random.choice(random.key(0), jnp.float32(3.0), (2,))


@mistake("a must be greater than 0 unless no samples are taken")
def r14_random_choice_negative_n():
    return random.choice(random.key(0), -3, (2,))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r14_random_choice_axis_out_of_range():
    return random.choice(random.key(0), jnp.ones((3, 3)), (2,), axis=2)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r14_random_choice_traced_n():
    return jax.jit(lambda n: random.choice(random.key(0), n, (2,)))(5)


@mistake()
def r14_random_choice_ok_replace_exact():
    return random.choice(random.key(0), 5, (5,), replace=False)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r14_random_permutation_axis_out_of_range():
    return random.permutation(random.key(0), jnp.ones((3, 3)), axis=2)


@mistake("x must be an integer or at least 1-dimensional")
def r14_random_permutation_float_int():
    return random.permutation(random.key(0), 3.5)


@mistake(
    "Abstract tracer value encountered where concrete value is expected: traced array with shape int32[]"
)
def r14_random_permutation_traced_int():
    return jax.jit(lambda n: random.permutation(random.key(0), n))(5)


@mistake("has no attribute 'shuffle'")
def r14_random_shuffle_removed():
    return random.shuffle(random.key(0), jnp.arange(3))


@mistake("dtype argument to `normal` must be a float or complex dtype, got int32")
def r14_random_normal_int_dtype():
    return random.normal(random.key(0), (3,), dtype=jnp.int32)


@mistake("randint only accepts integer dtypes, got float32")
def r14_random_randint_float_dtype():
    return random.randint(random.key(0), (3,), 0, 5, dtype=jnp.float32)


@mistake("dtype argument to `bits` must be an unsigned int dtype, got float32")
def r14_random_bits_float_dtype():
    return random.bits(random.key(0), (3,), dtype=jnp.float32)


@mistake("Shapes must be 1D sequences of concrete values of integer type, got (2.0,).")
def r14_random_uniform_shape_float():
    return random.uniform(random.key(0), (2.0,))


@mistake("'float' object cannot be interpreted as an integer")
def r14_random_split_num_float():
    return random.split(random.key(0), 2.5)


@mistake()
def r14_random_fold_in_float_data():
    return random.fold_in(random.key(0), 1.5)


@mistake("add does not accept dtypes key<fry>, int32.")
def r14_random_key_arithmetic():
    return random.key(0) + 1


@mistake("Cannot interpret 'key<fry>' as a data type")
def r14_random_key_in_jnp_sum():
    return jnp.sum(random.split(random.key(0), 3))


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion.")
def r14_random_key_concatenate_with_array():
    return jnp.concatenate([random.split(random.key(0), 2), jnp.zeros(2)])


@mistake("dtype=key<fry> is not a valid dtype for JAX type promotion.")
def r14_random_keys_in_jnp_where_with_float():
    return jnp.where(True, random.key(0), 0.0)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexact), but"
)
def r14_random_key_grad():
    return jax.grad(lambda k: random.normal(k))(random.key(0))


@mistake(
    "vmap was requested to map its argument along axis 1, which implies that its rank should be at least"
)
def r14_random_vmap_key_batched_wrong_axis():
    return jax.vmap(lambda k: random.normal(k), in_axes=1)(random.split(random.key(0), 3))


@mistake()
def r14_random_ok_vmap_over_keys():
    return jax.vmap(lambda k: random.normal(k, (2,)))(random.split(random.key(0), 3))


@mistake()
def r14_random_ok_split_shape_tuple():
    return random.split(random.key(0), (2, 3))


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (4,), ()]")
def r14_random_truncated_normal_shape_mismatch():
    return random.truncated_normal(random.key(0), jnp.zeros(4), 1.0, (3,))


@mistake(
    "multivariate_normal requires cov.shape == (..., n, n) for n=3, but got cov.shape == (4, 4)."
)
def r14_random_multivariate_normal_cov_shape():
    return random.multivariate_normal(random.key(0), jnp.zeros(3), jnp.eye(4))


@mistake("dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0")
def r14_random_dirichlet_scalar_alpha():
    return random.dirichlet(random.key(0), jnp.float32(1.0))


@mistake("Incompatible shapes for broadcasting: shapes=[(3,), (4,), ()]")
def r14_random_binomial_shape():
    return random.binomial(random.key(0), jnp.full(4, 5.0), 0.5, (3,))


@mistake("Previously-consumed key passed to jit-compiled function at index 0")
def r14_random_key_reuse_check_error():
    with jax.debug_key_reuse(True):
        k = random.key(0)
        random.normal(k)
        return random.normal(k)


@mistake("Previously-consumed key passed to jit-compiled function at index 0")
def r14_random_key_reuse_split_then_use():
    with jax.debug_key_reuse(True):
        k = random.key(0)
        random.split(k)
        return random.uniform(k)


@mistake("In jit, argument 0 is already consumed.")
def r14_random_key_reuse_in_jit():
    def f(k):
        return random.normal(k) + random.normal(k)

    with jax.debug_key_reuse(True):
        return jax.jit(f)(random.key(0))


# ---------------------------------------------------------------------------------------------
# jax.export: garbage bytes, symbolic shapes, calls with the wrong shapes


def _ex():
    return _sub("export")


@mistake("a bytes-like object is required, not 'str'")
def r14_export_deserialize_str():
    return _ex().deserialize("abc")


@mistake(
    "syntax error in symbolic shape 'a ** 2' in dimension 0: expecting one of {STAR} but found"
)
def r14_export_symbolic_shape_bad_operator():
    return _sym("a ** 2")


@mistake("syntax error in symbolic shape '2.5, a' in dimension 0: expecting integer, found 2.5")
def r14_export_symbolic_shape_float_dim():
    return _sym("2.5, a")


@mistake()
def r14_export_symbolic_shape_negative():
    return _sym("-3")


@mistake(
    "syntax error in symbolic shape 'a, , b' in dimension 1: expecting one of {NAME, MINUS, NUMBER} but"
)
def r14_export_symbolic_shape_empty_name():
    return _sym("a, , b")


@mistake(
    "syntax error in symbolic shape '...' in dimension 0: spec contains ... but no 'like' shape was"
)
def r14_export_symbolic_shape_ellipsis_no_like():
    return _sym("...")


@mistake()
def r14_export_symbolic_shape_like_rank_mismatch():
    return _sym("a, b", like=(3,))


@mistake(
    "syntax error in symbolic shape '4, b' in dimension 0: different size 4 for known dimension;"
)
def r14_export_symbolic_shape_like_conflict():
    return _sym("4, b", like=(3, 2))


@mistake("Constraint parsing error: must contain one of '==' or '>=' or '<='")
def r14_export_symbolic_shape_unknown_constraint():
    return _sym("a", constraints=("a > 2",))


@mistake("polymorphic shape spec should be None or a string. Found 3.")
def r14_export_symbolic_shapes_not_a_str():
    return _sym(3)


@mistake("Rank mismatch for args[0]: expected (a,) and called with (2, 3)")
def r14_export_call_wrong_rank():
    (a,) = _sym("a")
    exp = _export(lambda x: x * 2, jax.ShapeDtypeStruct((a,), jnp.float32))
    return exp.call(jnp.ones((2, 3)))


@mistake("Dtype mismatch for args[0]: expected float32 and called with int32")
def r14_export_call_wrong_dtype():
    (a,) = _sym("a")
    exp = _export(lambda x: x * 2, jax.ShapeDtypeStruct((a,), jnp.float32))
    return exp.call(jnp.ones(3, jnp.int32))


@mistake(
    "Input shapes do not match the polymorphic shapes specification. Found inconsistency between"
)
def r14_export_call_inconsistent_dim():
    a, b = _sym("a, a")
    exp = _export(lambda x: x * 2, jax.ShapeDtypeStruct((a, b), jnp.float32))
    return exp.call(jnp.ones((2, 3)))


@mistake(
    "Input shapes do not match the polymorphic shapes specification. Division had remainder 1 when"
)
def r14_export_call_dim_expression_not_met():
    (a,) = _sym("2*a")
    exp = _export(lambda x: x * 2, jax.ShapeDtypeStruct((a,), jnp.float32))
    return exp.call(jnp.ones(3))


@mistake(
    "Input shapes do not match the symbolic shape constraint a >= 4. Expected 'a - 4' to be greater or"
)
def r14_export_call_constraint_violated():
    (a,) = _sym("a", constraints=("a >= 4",))
    exp = _export(lambda x: x * 2, jax.ShapeDtypeStruct((a,), jnp.float32))
    return exp.call(jnp.ones(3))


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '<lambda>'"
)
def r14_export_call_too_many_args():
    exp = _export(lambda x: x * 2, jnp.ones(3))
    return exp.call(jnp.ones(3), jnp.ones(3))


@mistake(
    "The invocation args and kwargs must have the same pytree structure as when the function '<lambda>'"
)
def r14_export_call_pytree_mismatch():
    exp = _export(lambda t: t[0] + t[1], (jnp.ones(3), jnp.ones(3)))
    return exp.call([jnp.ones(3), jnp.ones(3)])


@mistake(
    "Cannot divide evenly the sizes of shapes (a,) and (2, -1). The remainder mod(a, - 2) should be 0."
)
def r14_export_sym_dim_in_reshape_not_divisible():
    (a,) = _sym("a")
    return _export(lambda x: x.reshape(2, -1), jax.ShapeDtypeStruct((a,), jnp.float32))


@mistake("Symbolic dimension comparison 'a' > '3' is inconclusive.")
def r14_export_sym_dim_compare_inconclusive():
    (a,) = _sym("a")
    return _export(
        lambda x: x[:3] if x.shape[0] > 3 else x, jax.ShapeDtypeStruct((a,), jnp.float32)
    )


@mistake("Invalid mixing of symbolic scopes when exporting <lambda>.")
def r14_export_sym_dims_from_different_scopes():
    (a,) = _sym("a")
    (b,) = _sym("b")
    return _export(lambda x, y: x + y, jax.ShapeDtypeStruct((a,), jnp.float32),
                   jax.ShapeDtypeStruct((b,), jnp.float32))  # fmt: skip


@mistake("add got incompatible shapes for broadcasting: (a,), (b,).")
def r14_export_sym_dims_add_mismatched():
    a, b = _sym("a, b")
    return _export(lambda x, y: x + y, jax.ShapeDtypeStruct((a,), jnp.float32),
                   jax.ShapeDtypeStruct((b,), jnp.float32))  # fmt: skip


@mistake()
def r14_export_ok_sym_dims_broadcast_same():
    a, b = _sym("a, b")
    return _export(lambda x, y: x + y, jax.ShapeDtypeStruct((a, b), jnp.float32),
                   jax.ShapeDtypeStruct((b,), jnp.float32))  # fmt: skip


@mistake("Symbolic dimension 'a' used in a context that requires a constant")
def r14_export_sym_int_conversion():
    (a,) = _sym("a")
    return _export(lambda x: jnp.zeros(int(x.shape[0])), jax.ShapeDtypeStruct((a,), jnp.float32))


@mistake()
def r14_export_unknown_platform():
    return _sub("export").export(jax.jit(lambda x: x), platforms=("gpu9",))(jnp.ones(3))


@mistake("Function to be exported must be the result of `jit` but is:")
def r14_export_of_unjitted():
    return _sub("export").export(lambda x: x)(jnp.ones(3))


@mistake("Function '<lambda>' was exported for platforms '('tpu',)' but it is used on '('cpu',)'.")
def r14_export_call_on_other_platform():
    exp = _sub("export").export(jax.jit(lambda x: x), platforms=("tpu",))(jnp.ones(3))
    return exp.call(jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# Pallas: block specs, grids, refs


@mistake(
    "Block shape for args[0] (= (Blocked(block_size=4),)) must have the same number of dimensions as the"
)
def r14_pallas_block_shape_rank_mismatch():
    spec = _pl().BlockSpec((4,), lambda i: (i, 0))
    return _pcall(_copy, jnp.ones((8, 8)), grid=(2,), in_specs=[spec], out_specs=spec)


@mistake("Index map function <lambda>")
def r14_pallas_index_map_returns_too_few():
    spec = _pl().BlockSpec((4, 8), lambda i: (i,))
    return _pcall(_copy, jnp.ones((8, 8)), grid=(2,), in_specs=[spec], out_specs=spec)


@mistake(
    "r14_pallas_index_map_wrong_arity.<locals>.<lambda>() missing 1 required positional argument: 'j'"
)
def r14_pallas_index_map_wrong_arity():
    spec = _pl().BlockSpec((4,), lambda i, j: (i,))
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec], out_specs=spec)


@mistake("Pytree for `in_specs` and `inputs` do not match. There are 1 mismatches, including:")
def r14_pallas_in_specs_count():
    spec = _pl().BlockSpec((4,), lambda i: (i,))
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec, spec], out_specs=spec)


@mistake("Pytree for `out_specs` and `out_shape` do not match. There are 1 mismatches, including:")
def r14_pallas_out_specs_count():
    spec = _pl().BlockSpec((4,), lambda i: (i,))
    return _pcall(_copy, jnp.ones(8), grid=(2,), in_specs=[spec], out_specs=[spec, spec])


@mistake()
def r14_pallas_ok_grid_not_dividing():
    spec = _pl().BlockSpec((3,), lambda i: (i,))
    return _pcall(_copy, jnp.ones(8), grid=(3,), in_specs=[spec], out_specs=spec)


@mistake()
def r14_pallas_block_bigger_than_array():
    spec = _pl().BlockSpec((16,), lambda i: (i,))
    return _pcall(_copy, jnp.ones(8), grid=(1,), in_specs=[spec], out_specs=spec)


@mistake(
    "r14_pallas_kernel_wrong_arity.<locals>.<lambda>() takes 1 positional argument but 2 were given"
)
def r14_pallas_kernel_wrong_arity():
    return _pcall(lambda x_ref: None, jnp.ones(8))


@mistake(
    "Invalid shape for `swap`. Ref shape: (8,). Expected shape: (8,). Value shape: (4,). Transforms: ()."
)
def r14_pallas_kernel_shape_mismatch_write():
    def kernel(x_ref, o_ref):
        o_ref[...] = jnp.ones(4)

    return _pcall(kernel, jnp.ones(8))


@mistake("Invalid dtype for `swap`. Ref dtype: float32. Value dtype: int32.")
def r14_pallas_kernel_dtype_mismatch_write():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...].astype(jnp.int32)

    return _pcall(kernel, jnp.ones(8))


@mistake("The kernel function in the pallas_call kernel")
def r14_pallas_kernel_returns_value():
    def kernel(x_ref, o_ref):
        return x_ref[...]

    return _pcall(kernel, jnp.ones(8))


@mistake("`indices` must not be longer than `shape`: indices=(0, 0), shape=(8,)")
def r14_pallas_kernel_index_out_of_rank():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[0, 0]

    return _pcall(kernel, jnp.ones(8))


@mistake()
def r14_pallas_ok_write_to_input_ref():
    def kernel(x_ref, o_ref):
        x_ref[...] = x_ref[...] * 2
        o_ref[...] = x_ref[...]

    return _pcall(kernel, jnp.ones(8))


@mistake("Axis 1 is out of bounds for grid (2,)")
def r14_pallas_program_id_axis_out_of_range():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] + _pl().program_id(1)

    return _pcall(kernel, jnp.ones(8), grid=(2,))


@mistake("Axis 2 is out of bounds for grid (2,)")
def r14_pallas_num_programs_axis_out_of_range():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...] + _pl().num_programs(2)

    return _pcall(kernel, jnp.ones(8), grid=(2,))


@mistake("Invalid out_shape type: <class 'int'>")
def r14_pallas_out_shape_not_struct():
    return _pcall(_copy, jnp.ones(8), out_shape=(8,))


@mistake("Grid must be a tuple of integers or jax.Array, got (2.0,)")
def r14_pallas_grid_float():
    return _pcall(_copy, jnp.ones(8), grid=(2.0,))


@mistake(
    "input_output_aliases contains the mapping '3:0' with input index 3 outside the range [0, 1)"
)
def r14_pallas_input_output_aliases_bad_index():
    return _pcall(_copy, jnp.ones(8), input_output_aliases={3: 0})


@mistake(
    "Invalid shape for `swap`. Ref shape: (4,). Expected shape: (4,). Value shape: (8,). Transforms: ()."
)
def r14_pallas_input_output_aliases_shape_mismatch():
    return _pcall(_copy, jnp.ones(8), out_shape=_sds((4,)), input_output_aliases={0: 0})


@mistake("Attempted boolean conversion of traced array with shape bool[].")
def r14_pallas_kernel_python_if_on_ref_value():
    def kernel(x_ref, o_ref):
        if x_ref[0] > 0:
            o_ref[...] = x_ref[...]

    return _pcall(kernel, jnp.ones(8))


@mistake(
    "`indices` must not be longer than `shape`: indices=(Slice(start=0, size=8, stride=1), 0), shape=(8,)"
)
def r14_pallas_ds_out_of_rank():
    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[_pl().ds(0, 8), 0]

    return _pcall(kernel, jnp.ones(8))


@mistake()
def r14_pallas_ok_in_vmap():
    return jax.vmap(lambda x: _pcall(_copy, x))(jnp.ones((2, 8)))


@mistake()
def r14_pallas_ok_in_jit():
    return jax.jit(lambda x: _pcall(_copy, x))(jnp.ones(8))


# ---------------------------------------------------------------------------------------------
# Refs: jax.new_ref misuse


@mistake("`indices` must not be longer than `shape`: indices=(0, 0), shape=(3,)")
def r14_ref_read_wrong_index_rank():
    r = jax.new_ref(jnp.zeros(3))
    return r[0, 0]


@mistake(
    "Invalid shape for `swap`. Ref shape: (3,). Expected shape: (3,). Value shape: (4,). Transforms: ()."
)
def r14_ref_write_wrong_shape():
    r = jax.new_ref(jnp.zeros(3))
    r[...] = jnp.ones(4)


@mistake("Invalid dtype for `swap`. Ref dtype: float32. Value dtype: int32.")
def r14_ref_write_wrong_dtype():
    r = jax.new_ref(jnp.zeros(3))
    r[...] = jnp.ones(3, jnp.int32)


@mistake(
    "Error interpreting argument to new_ref as a JAX value. The problematic value is of type <class"
)
def r14_ref_of_python_list():
    return jax.new_ref([1.0, 2.0])


@mistake("unsupported operand type(s) for +: 'Ref' and 'int'")
def r14_ref_add_directly():
    r = jax.new_ref(jnp.zeros(3))
    return r + 1


@mistake("traced for jit returned a mutable array reference of type Ref{float32[3]}, but mutable")
def r14_ref_returned_from_jit():
    return jax.jit(lambda x: jax.new_ref(x))(jnp.ones(3))


@mistake()
def r14_ref_closed_over_in_jit_read():
    r = jax.new_ref(jnp.zeros(3))
    return jax.jit(lambda x: x + r[...])(jnp.ones(3))


@mistake(
    "Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a"
)
def r14_ref_leaked_from_jit_then_read():
    box = []

    def f(x):
        box.append(jax.new_ref(x))
        return x

    jax.jit(f)(jnp.ones(3))
    return box[0][...]


@mistake(
    "traced for scan returned a mutable array reference of type Ref{float32[3]} at output tree path result[0]"
)
def r14_ref_in_scan_carry():
    def body(c, x):
        return c, x

    return lax.scan(body, jax.new_ref(jnp.zeros(3)), jnp.ones(2))


@mistake("traced for cond returned a mutable array reference of type Ref{float32[3]}, but mutable")
def r14_ref_in_cond_output():
    r = jax.new_ref(jnp.zeros(3))
    return lax.cond(True, lambda: r, lambda: r)


@mistake()
def r14_ref_freeze_twice():
    r = jax.new_ref(jnp.zeros(3))
    jax.freeze(r)
    return jax.freeze(r)


@mistake()
def r14_ref_freeze_array():
    return jax.freeze(jnp.zeros(3))


@mistake(
    "only one reference to a mutable array may be passed as an argument to a function, but when tracing f"
)
def r14_ref_passed_twice_to_jit():
    r = jax.new_ref(jnp.zeros(3))

    def f(a, b):
        a[...] = b[...] + 1

    return jax.jit(f)(r, r)


@mistake()
def r14_ref_ok_write_in_jit():
    r = jax.new_ref(jnp.zeros(3))

    def f(ref):
        ref[...] = ref[...] + 1

    jax.jit(f)(r)
    return r[...]


@mistake()
def r14_ref_ok_at_index():
    r = jax.new_ref(jnp.zeros(3))
    r[1] = 5.0
    return r[...]


@mistake("Out of bound indexer: idx=5, dim=3.")
def r14_ref_index_out_of_bounds_static():
    r = jax.new_ref(jnp.zeros(3))
    return r[5]


@mistake()
def r14_ref_vmap_over_ref():
    r = jax.new_ref(jnp.zeros((2, 3)))
    return jax.vmap(lambda x: x[...])(r)


# ---------------------------------------------------------------------------------------------
# jax.tree API misuse


@mistake("pytree structure error: different lengths of tuple at key path")
def r14_tree_map_structures_differ():
    return jax.tree.map(lambda a, b: a + b, (1, 2), (1, 2, 3))


@mistake("pytree structure error: different pytree metadata at key path")
def r14_tree_map_dict_keys_differ():
    return jax.tree.map(lambda a, b: a + b, {"a": 1}, {"b": 1})


@mistake("pytree structure error: different types at key path")
def r14_tree_map_list_vs_tuple():
    return jax.tree.map(lambda a, b: a + b, [1, 2], (1, 2))


@mistake("pytree structure error: different types at key path")
def r14_tree_map_none_vs_leaf():
    return jax.tree.map(lambda a, b: a + b, (None, 1), (1, 1))


@mistake("'tuple' object is not callable")
def r14_tree_map_not_callable():
    return jax.tree.map((1, 2), lambda x: x)


@mistake("Too few leaves for PyTreeDef; expected 3, got 2")
def r14_tree_unflatten_too_few_leaves():
    tdef = jax.tree.structure((1, 2, 3))
    return jax.tree.unflatten(tdef, [1, 2])


@mistake("Too many leaves for PyTreeDef; expected 2.")
def r14_tree_unflatten_too_many_leaves():
    tdef = jax.tree.structure((1, 2))
    return jax.tree.unflatten(tdef, [1, 2, 3])


@mistake("'list' object has no attribute 'unflatten'")
def r14_tree_unflatten_args_swapped():
    tdef = jax.tree.structure((1, 2))
    return jax.tree.unflatten([1, 2], tdef)


@mistake("Mismatch")
def r14_tree_transpose_mismatch():
    outer = jax.tree.structure([0, 0])
    inner = jax.tree.structure((0, 0))
    return jax.tree.transpose(outer, inner, [(1, 2, 3), (4, 5, 6)])


@mistake("reduce() of empty iterable with no initial value")
def r14_tree_reduce_empty_no_initializer():
    return jax.tree.reduce(lambda a, b: a + b, ())


@mistake("'int' object is not callable")
def r14_tree_reduce_not_callable():
    return jax.tree.reduce(3, (1, 2))


@mistake("unhashable type: 'list'")
def r14_tree_leaves_with_path_not_hashable_dict_key():
    return jax.tree.flatten({(1, [2]): 3})


@mistake("Comparator raised exception while sorting pytree dictionary keys.")
def r14_tree_flatten_unsortable_dict_keys():
    return jax.tree.flatten({1: 1, "a": 2})


@mistake(
    "r14_tree_map_with_path_arity.<locals>.<lambda>() takes 1 positional argument but 2 were given"
)
def r14_tree_map_with_path_arity():
    return jax.tree_util.tree_map_with_path(lambda x: x, (1, 2))


@mistake(
    "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()"
)
def r14_tree_all_on_arrays():
    return jax.tree.all((jnp.ones(3), jnp.ones(3)))


@mistake("pytree structure error: different lengths of tuple at key path")
def r14_tree_broadcast_prefix_mismatch():
    return jax.tree.broadcast((1, 2), (1, 2, 3))


@mistake()
def r14_tree_ok_map_none_leaves():
    return jax.tree.map(lambda a, b: a + b, (None, 1), (None, 2))


@mistake()
def r14_tree_ok_reduce_initializer():
    return jax.tree.reduce(lambda a, b: a + b, (), 0)


@mistake("Duplicate custom PyTreeDef type registration for <class")
def r14_tree_util_register_twice():
    class Box:
        pass

    reg = jax.tree_util.register_pytree_node
    reg(Box, lambda b: ((), None), lambda aux, ch: Box())
    return reg(Box, lambda b: ((), None), lambda aux, ch: Box())


@mistake(
    "The to_iterable function for a custom PyTree node should return a (children, aux_data) tuple, got 3"
)
def r14_tree_util_flatten_func_returns_wrong():
    class Box:
        pass

    jax.tree_util.register_pytree_node(Box, lambda b: 3, lambda aux, ch: Box())
    return jax.tree.leaves(Box())


@mistake("'int' object is not iterable")
def r14_tree_util_keystr_not_path():
    return jax.tree_util.keystr(3)


@mistake("pytree structure error: different types at key path")
def r14_tree_map_in_jit_structures_differ():
    return jax.jit(lambda a, b: jax.tree.map(jnp.add, a, b))((jnp.ones(2),), [jnp.ones(2)])


# ---------------------------------------------------------------------------------------------
# lax.scan carries: weak types, dtypes, shapes, pytrees


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r14_scan_carry_float_to_int():
    return lax.scan(lambda c, x: (c.astype(jnp.int32), x), jnp.float32(0), jnp.ones(3))


@mistake()
def r14_scan_carry_int_init_float_update():
    return lax.scan(lambda c, x: (c + x, x), 0, jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r14_scan_carry_int32_to_int8():
    return lax.scan(lambda c, x: (c.astype(jnp.int8), x), jnp.int32(0), jnp.ones(3))


@mistake()
def r14_scan_carry_weak_to_strong_ok():
    return lax.scan(lambda c, x: (c + x, x), 0.0, jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r14_scan_carry_shape_grows():
    return lax.scan(lambda c, x: (jnp.append(c, x), x), jnp.zeros(1), jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they"
)
def r14_scan_carry_tuple_to_list():
    return lax.scan(lambda c, x: (list(c), x), (0.0, 0.0), jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they"
)
def r14_scan_carry_dict_key_added():
    return lax.scan(lambda c, x: ({**c, "b": x}, x), {"a": 0.0}, jnp.ones(3))


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they"
)
def r14_scan_carry_none_to_array():
    return lax.scan(lambda c, x: ((x, x), x), (None, 0.0), jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r14_scan_carry_complex_from_real():
    return lax.scan(lambda c, x: (c * 1j, x), jnp.float32(1), jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r14_scan_carry_dtype_in_jit():
    f = jax.jit(lambda c0: lax.scan(lambda c, x: (c * x, x), c0, jnp.ones(3)))
    return f(jnp.int32(1))


@mistake("scan body output must be a pair, got float32[].")
def r14_scan_body_returns_one_value():
    return lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3))


@mistake("scan body output must be a pair, got (ShapedArray(float32[], weak_type=True),")
def r14_scan_body_returns_three():
    return lax.scan(lambda c, x: (c, x, x), 0.0, jnp.ones(3))


@mistake("scan got values with different leading axis sizes: 3, 4.")
def r14_scan_xs_lengths_differ():
    return lax.scan(lambda c, x: (c, x), 0.0, (jnp.ones(3), jnp.ones(4)))


@mistake("scan got `length` argument of 4 which disagrees with leading axis sizes [3].")
def r14_scan_length_mismatch_xs():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), length=4)


@mistake()
def r14_scan_ys_change_shape_per_step():
    return lax.scan(lambda c, x: (c, jnp.ones(c.shape)), 0.0, jnp.ones(3))


@mistake("`unroll` must be a `bool` or a non-negative `int`.")
def r14_scan_unroll_negative():
    return lax.scan(lambda c, x: (c, x), 0.0, jnp.ones(3), unroll=-1)


@mistake()
def r14_scan_reverse_not_bool_ok():
    return lax.scan(lambda c, x: (c + x, x), 0.0, jnp.ones(3), reverse=1)


@mistake()
def r14_fori_carry_dtype_changes():
    return lax.fori_loop(0, 3, lambda i, c: c + 0.5, 0)


@mistake(
    "scan body function carry input and carry output must have the same pytree structure, but they"
)
def r14_fori_carry_pytree_changes():
    return lax.fori_loop(0, 3, lambda i, c: (c, c), 0.0)


@mistake()
def r14_while_body_dtype_changes():
    return lax.while_loop(lambda c: c < 3, lambda c: c + 1.5, 0)


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[2])].")
def r14_while_cond_returns_array():
    return lax.while_loop(lambda c: c < jnp.ones(2), lambda c: c + 1, 0.0)


@mistake("cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(int32[],")
def r14_while_cond_returns_int():
    return lax.while_loop(lambda c: c, lambda c: c - 1, 3)


# ---------------------------------------------------------------------------------------------
# cond / switch: branch outputs with pytree details


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r14_cond_branches_dict_keys_differ():
    return lax.cond(True, lambda: {"a": 1.0}, lambda: {"b": 1.0})


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r14_cond_branches_tuple_length_differs():
    return lax.cond(True, lambda: (1.0, 2.0), lambda: (1.0,))


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r14_cond_branches_list_vs_tuple():
    return lax.cond(True, lambda: [1.0], lambda: (1.0,))


@mistake("cond branches must have equal output types but they differ.")
def r14_cond_branches_nested_dtype_differs():
    return lax.cond(True, lambda: {"a": (jnp.float32(1), 1.0)}, lambda: {"a": (jnp.int32(1), 1.0)})


@mistake("cond branches must have equal output types but they differ.")
def r14_cond_branches_nested_shape_differs():
    return lax.cond(True, lambda: {"a": [jnp.ones(2)]}, lambda: {"a": [jnp.ones(3)]})


@mistake("cond branch outputs must have the same pytree structure, but they differ:")
def r14_cond_branches_none_vs_array():
    return lax.cond(True, lambda: (None, 1.0), lambda: (1.0, 1.0))


@mistake()
def r14_cond_branch_weak_vs_strong_ok():
    return lax.cond(True, lambda: 1.0, lambda: jnp.float32(2.0))


@mistake("cond branches must have equal output types but they differ.")
def r14_cond_branch_float16_vs_float32():
    return lax.cond(True, lambda: jnp.float16(1), lambda: jnp.float32(2.0))


@mistake("switch branch outputs must have the same pytree structure, but they differ:")
def r14_switch_branches_dict_keys_differ():
    return lax.switch(0, [lambda: {"a": 1.0}, lambda: {"a": 1.0}, lambda: {"c": 1.0}])


@mistake("switch branches must have equal output types but they differ.")
def r14_switch_branch_shape_differs_third():
    return lax.switch(0, [lambda: jnp.ones(2), lambda: jnp.ones(2), lambda: jnp.ones(3)])


@mistake("Empty branch sequence")
def r14_switch_empty_branches():
    return lax.switch(0, [])


@mistake("Index type must be an integer, got 1.0 as float32")
def r14_switch_index_float():
    return lax.switch(1.0, [lambda: 1.0, lambda: 2.0])


@mistake("Pred must be a scalar, got [ True False] of shape (2,).")
def r14_cond_pred_array():
    return lax.cond(jnp.array([True, False]), lambda: 1.0, lambda: 2.0)


@mistake()
def r14_cond_pred_float_ok():
    return lax.cond(jnp.float32(1), lambda: 1.0, lambda: 2.0)


@mistake(
    "r14_cond_operand_count_mismatch.<locals>.<lambda>() missing 1 required positional argument: 'b'"
)
def r14_cond_operand_count_mismatch():
    return lax.cond(True, lambda a, b: a, lambda a, b: b, 1.0)


@mistake("lax.cond: true_fun and false_fun arguments should be callable.")
def r14_cond_branch_not_callable():
    return lax.cond(True, 1.0, lambda: 2.0)


@mistake("cond branches must have equal output types but they differ.")
def r14_cond_in_jit_branches_dtype_differ():
    return jax.jit(lambda p: lax.cond(p, lambda: jnp.int32(1), lambda: jnp.float32(1)))(True)


# ---------------------------------------------------------------------------------------------
# custom_vjp / custom_jvp: rules returning the wrong structure


def _cv2(fwd, bwd, f=None):
    g = jax.custom_vjp(f or (lambda x, y: x * y))
    g.defvjp(fwd, bwd)
    return g


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args"
)
def r14_custom_vjp_bwd_returns_array_not_tuple():
    f = _cv2(lambda x, y: (x * y, (x, y)), lambda r, g: g)
    return jax.grad(f)(1.0, 2.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args"
)
def r14_custom_vjp_bwd_returns_too_many():
    f = _cv2(lambda x, y: (x * y, (x, y)), lambda r, g: (g, g, g))
    return jax.grad(f)(1.0, 2.0)


@mistake()
def r14_custom_vjp_bwd_returns_list():
    f = _cv2(lambda x, y: (x * y, (x, y)), lambda r, g: [g, g])
    return jax.grad(f)(1.0, 2.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same type as the args tuple of the primal"
)
def r14_custom_vjp_bwd_shape_wrong():
    f = _cv2(lambda x, y: (x * y, (x, y)), lambda r, g: (jnp.ones(2), g))
    return jax.grad(f)(1.0, 2.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args"
)
def r14_custom_vjp_bwd_dict_for_dict_arg_wrong_keys():
    g = jax.custom_vjp(lambda d: d["a"] * 2)
    g.defvjp(lambda d: (d["a"] * 2, None), lambda r, ct: ({"b": ct},))
    return jax.grad(g)({"a": 1.0})


@mistake()
def r14_custom_vjp_bwd_none_for_whole_ok():
    f = _cv2(lambda x, y: (x * y, (x, y)), lambda r, g: (g * r[1], None))
    return jax.grad(f)(1.0, 2.0)


@mistake(
    "Custom VJP fwd rule <lambda> for function <lambda> must produce a pair (list or tuple of length"
)
def r14_custom_vjp_fwd_returns_single():
    f = _cv2(lambda x, y: x * y, lambda r, g: (g, g))
    return jax.grad(f)(1.0, 2.0)


@mistake("No VJP defined for custom_vjp function <lambda> using defvjp.")
def r14_custom_vjp_no_defvjp():
    g = jax.custom_vjp(lambda x: x * 2)
    return jax.grad(g)(1.0)


@mistake(
    "Found a JAX Tracer object passed as an argument to a custom_vjp function in a position indicated by"
)
def r14_custom_vjp_nondiff_argnums_traced():
    g = jax.custom_vjp(lambda n, x: x * n, nondiff_argnums=(0,))
    g.defvjp(lambda n, x: (x * n, None), lambda n, r, ct: (ct * n,))
    return jax.jit(lambda n, x: jax.grad(lambda x: g(n, x))(x))(2.0, 1.0)


@mistake()
def r14_custom_vjp_bwd_int_cotangent_for_float():
    g = jax.custom_vjp(lambda x: x * 2)
    g.defvjp(lambda x: (x * 2, None), lambda r, ct: (jnp.int32(1),))
    return jax.grad(g)(1.0)


@mistake(
    "Custom VJP bwd rule must produce an output with the same container (pytree) structure as the args"
)
def r14_custom_vjp_in_vmap_bwd_wrong_count():
    f = _cv2(lambda x, y: (x * y, (x, y)), lambda r, g: (g,))
    return jax.vmap(jax.grad(f))(jnp.ones(3), jnp.ones(3))


@mistake(
    "Custom JVP rule <lambda> for function <lambda> must produce a pair (list or tuple of length two)"
)
def r14_custom_jvp_rule_returns_one():
    g = jax.custom_jvp(lambda x: x * 2)
    g.defjvp(lambda p, t: p[0] * 2)
    return jax.jvp(g, (1.0,), (1.0,))


@mistake(
    "Custom JVP rule must produce primal and tangent outputs with corresponding shapes and dtypes."
)
def r14_custom_jvp_tangent_shape_wrong():
    g = jax.custom_jvp(lambda x: x * 2)
    g.defjvp(lambda p, t: (p[0] * 2, jnp.ones(3)))
    return jax.jvp(g, (1.0,), (1.0,))


@mistake(
    "Custom JVP rule <lambda> for function <lambda> must produce primal and tangent outputs with equal"
)
def r14_custom_jvp_tangent_structure_wrong():
    g = jax.custom_jvp(lambda x: (x, x))
    g.defjvp(lambda p, t: ((p[0], p[0]), t[0]))
    return jax.jvp(g, (1.0,), (1.0,))


@mistake("No JVP defined for custom_jvp function <lambda> using defjvp.")
def r14_custom_jvp_no_rule():
    g = jax.custom_jvp(lambda x: x * 2)
    return jax.grad(g)(1.0)


# ---------------------------------------------------------------------------------------------
# vmap: in_axes / out_axes


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be at least"
)
def r14_vmap_in_axes_out_of_range():
    return jax.vmap(lambda x: x, in_axes=2)(jnp.ones((2, 3)))


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should be at"
)
def r14_vmap_in_axes_negative_out_of_range():
    return jax.vmap(lambda x: x, in_axes=-3)(jnp.ones((2, 3)))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments"
)
def r14_vmap_in_axes_float():
    return jax.vmap(lambda x: x, in_axes=0.0)(jnp.ones((2, 3)))


@mistake()
def r14_vmap_in_axes_list_for_two_args():
    return jax.vmap(lambda x, y: x + y, in_axes=[0, 0])(jnp.ones(2), jnp.ones(2))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments"
)
def r14_vmap_in_axes_tuple_too_long():
    return jax.vmap(lambda x: x, in_axes=(0, 0))(jnp.ones(2))


@mistake("vmap in_axes specification must be a tree prefix of the corresponding value;")
def r14_vmap_in_axes_dict_keys_differ():
    return jax.vmap(lambda d: d["a"], in_axes=({"b": 0},))({"a": jnp.ones(2)})


@mistake("vmap must have at least one non-None value in in_axes or axis_size must be specified")
def r14_vmap_all_none_axes():
    return jax.vmap(lambda x: x, in_axes=None)(jnp.ones(2))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r14_vmap_sizes_differ_in_pytree():
    return jax.vmap(lambda t: t[0] + t[1])((jnp.ones(2), jnp.ones(3)))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be at least"
)
def r14_vmap_scalar_argument():
    return jax.vmap(lambda x: x)(1.0)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r14_vmap_out_axes_out_of_range():
    return jax.vmap(lambda x: x, out_axes=2)(jnp.ones((2, 3)))


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r14_vmap_out_axes_tuple_too_long():
    return jax.vmap(lambda x: x, out_axes=(0, 0))(jnp.ones(2))


@mistake("at vmap out_axes, got axis spec None but output was batched on axis 0")
def r14_vmap_out_axes_none_for_batched():
    return jax.vmap(lambda x: x, out_axes=None)(jnp.ones(2))


@mistake()
def r14_vmap_out_axes_none_ok_for_unbatched():
    return jax.vmap(lambda x: jnp.float32(1.0), out_axes=None)(jnp.ones(2))


@mistake(
    "vmap out_axes must be an int, None, or (nested) container with those types as leaves, but got 1.0."
)
def r14_vmap_out_axes_float():
    return jax.vmap(lambda x: x, out_axes=1.0)(jnp.ones((2, 3)))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r14_vmap_axis_size_mismatch():
    return jax.vmap(lambda x: x, axis_size=3)(jnp.ones(2))


@mistake(
    "vmap wrapped function must be passed at least one argument containing an array or axis_size must be"
)
def r14_vmap_axis_size_needed():
    return jax.vmap(lambda: 1.0, in_axes=())()


@mistake("Found an unbound axis name: j. To fix this, please call psum under `jax.shard_map`.")
def r14_vmap_axis_name_psum_other_name():
    return jax.vmap(lambda x: lax.psum(x, "j"), axis_name="i")(jnp.ones(3))


@mistake()
def r14_vmap_ok_axis_name_psum():
    return jax.vmap(lambda x: lax.psum(x, "i"), axis_name="i")(jnp.ones(3))


@mistake(
    "vmap in_axes must be an int, None, or a tuple of entries corresponding to the positional arguments"
)
def r14_vmap_kwargs_in_axes():
    return jax.vmap(lambda x, y: x + y, in_axes=(0, None))(jnp.ones(2), y=jnp.ones(2))


@mistake("Argument 'ab' of type <class 'str'> is not a valid JAX type")
def r14_vmap_non_array_arg():
    return jax.vmap(lambda x: x)("ab")


@mistake()
def r14_vmap_spmd_axis_name_not_in_mesh():
    with jax.set_mesh(mesh24):
        f = jax.vmap(lambda x: x * 2, spmd_axis_name="q")
        return jax.jit(f)(jnp.ones((8, 2)))


@mistake()
def r14_vmap_in_axes_none_leaf_scalar_ok():
    return jax.vmap(lambda x, y: x + y, in_axes=(0, None))(jnp.ones(2), 1.0)


@mistake(
    "vmap was requested to map its argument along axis 1, which implies that its rank should be at least"
)
def r14_vmap_nested_axis_out_of_range():
    return jax.vmap(jax.vmap(lambda x: x, in_axes=1))(jnp.ones((2, 3)))


# ---------------------------------------------------------------------------------------------
# jnp array-API arguments: copy=, device=, stream=


@mistake()
def r14_asarray_copy_false_from_list():
    return jnp.asarray([1, 2, 3], copy=False)


@mistake()
def r14_asarray_copy_false_from_numpy():
    return jnp.asarray(np.ones(3), copy=False)


@mistake()
def r14_asarray_copy_false_dtype_change():
    return jnp.asarray(jnp.ones(3), dtype=jnp.int32, copy=False)


@mistake()
def r14_asarray_copy_string():
    return jnp.asarray(jnp.ones(3), copy="no")


@mistake()
def r14_array_copy_false_ok():
    return jnp.array(jnp.ones(3), copy=False)


@mistake("sharding='cpu' must be an instance of jax.sharding.Sharding")
def r14_asarray_device_string():
    return jnp.asarray(jnp.ones(3), device="cpu")


@mistake("sharding=0 must be an instance of jax.sharding.Sharding")
def r14_asarray_device_int():
    return jnp.asarray(jnp.ones(3), device=0)


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`,")
def r14_to_device_string():
    return jnp.ones(3).to_device("cpu")


@mistake("stream argument of array.to_device()")
def r14_to_device_stream():
    return jnp.ones(3).to_device(jax.devices()[0], stream=1)


@mistake("Only implemented for order='K'")
def r14_asarray_order_f():
    return jnp.asarray(jnp.ones((2, 2)), order="F")


@mistake()
def r14_array_ndmin_negative_ok():
    return jnp.array([1, 2], ndmin=-1)


@mistake("sharding='cpu' must be an instance of jax.sharding.Sharding")
def r14_array_api_astype_device_string():
    return jnp.astype(jnp.ones(3), jnp.int32, device="cpu")


@mistake()
def r14_asarray_device_in_jit_sharding_ok():
    s = NamedSharding(mesh2, P("x"))
    return jnp.asarray(jnp.ones(4), device=s)


@mistake("The array passed to from_dlpack must have __dlpack__ and __dlpack_device__ methods.")
def r14_dlpack_of_list():
    return jnp.from_dlpack([1, 2])


@mistake()
def r14_dlpack_copy_false_ok():
    return jnp.from_dlpack(np.ones(3), copy=None)


@mistake()
def r14_array___array___copy_false():
    return jnp.ones(3).__array__(copy=False)


@mistake("`jax.device_put` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, `Format`,")
def r14_eye_device_string():
    return jnp.eye(3, device="cpu")


@mistake("sharding='cpu' must be an instance of jax.sharding.Sharding")
def r14_linspace_device_string():
    return jnp.linspace(0, 1, 3, device="cpu")


# ---------------------------------------------------------------------------------------------
# dtype promotion 'strict'


def _strict():
    return jax.numpy_dtype_promotion("strict")


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_int_plus_float():
    with _strict():
        return jnp.int32(1) + jnp.float32(1)


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_float32_plus_float16():
    with _strict():
        return jnp.ones(2, jnp.float32) + jnp.ones(2, jnp.float16)


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_int8_plus_int32():
    with _strict():
        return jnp.ones(2, jnp.int8) + jnp.ones(2, jnp.int32)


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_uint8_plus_int8():
    with _strict():
        return jnp.ones(2, jnp.uint8) * jnp.ones(2, jnp.int8)


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_bool_plus_int():
    with _strict():
        return jnp.ones(2, bool) + jnp.ones(2, jnp.int32)


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_float_plus_complex():
    with _strict():
        return jnp.ones(2, jnp.float32) + jnp.ones(2, jnp.complex64)


@mistake()
def r14_strict_python_scalar_ok():
    with _strict():
        return jnp.ones(2, jnp.float16) + 1.0


@mistake()
def r14_strict_python_int_with_float_ok():
    with _strict():
        return jnp.ones(2, jnp.float32) * 2


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_numpy_array_float64():
    with _strict():
        return jnp.ones(2, jnp.float32) + np.ones(2, np.float32).astype(np.float16)


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_where():
    with _strict():
        return jnp.where(True, jnp.ones(2, jnp.int32), jnp.ones(2, jnp.float32))


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_concatenate():
    with _strict():
        return jnp.concatenate([jnp.ones(2, jnp.int32), jnp.ones(2, jnp.float32)])


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_matmul():
    with _strict():
        return jnp.ones((2, 2), jnp.bfloat16) @ jnp.ones((2, 2), jnp.float32)


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_maximum():
    with _strict():
        return jnp.maximum(jnp.ones(2, jnp.int16), jnp.ones(2, jnp.int32))


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_in_jit():
    with _strict():
        return jax.jit(lambda a, b: a - b)(jnp.ones(2, jnp.int32), jnp.ones(2, jnp.float32))


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_at_add():
    with _strict():
        return jnp.zeros(3, jnp.float32).at[0].add(jnp.ones((), jnp.float16))


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_promote_types():
    with _strict():
        return jnp.promote_types(jnp.int32, jnp.float32)


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_result_type():
    with _strict():
        return jnp.result_type(jnp.int8, jnp.uint8)


@mistake()
def r14_strict_same_dtype_ok():
    with _strict():
        return jnp.ones(2, jnp.int8) + jnp.ones(2, jnp.int8)


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_in_grad():
    with _strict():
        return jax.grad(lambda x: (x * jnp.ones((), jnp.float16)).sum())(jnp.float32(1))


@mistake("'loose' is not a valid NumpyDtypePromotion")
def r14_dtype_promotion_unknown_mode():
    with jax.numpy_dtype_promotion("loose"):
        return jnp.ones(2)


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_dot():
    with _strict():
        return jnp.dot(jnp.ones(3, jnp.int32), jnp.ones(3, jnp.float32))


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_einsum():
    with _strict():
        return jnp.einsum("i,i->", jnp.ones(3, jnp.int32), jnp.ones(3, jnp.float32))


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_clip():
    with _strict():
        return jnp.clip(jnp.ones(3, jnp.int32), jnp.float32(0), jnp.float32(1))


# ---------------------------------------------------------------------------------------------
# x64 disabled: requests for 64-bit types


@mistake(
    "Explicitly requested dtype int64 requested in astype is not available, and will be truncated to"
)
def r14_x64_astype_int64_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.ones(3).astype(jnp.int64)


@mistake(
    "Explicitly requested dtype float64 requested in zeros is not available, and will be truncated to"
)
def r14_x64_zeros_float64_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.zeros(3, dtype=jnp.float64)


@mistake(
    "Explicitly requested dtype int64 requested in arange is not available, and will be truncated to"
)
def r14_x64_arange_int64_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.arange(3, dtype="int64")


@mistake(
    "Explicitly requested dtype uint64 requested in array is not available, and will be truncated to"
)
def r14_x64_array_uint64_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.array([1, 2], dtype=np.uint64)


@mistake(
    "Explicitly requested dtype float64 is not available, and will be truncated to dtype float32. To"
)
def r14_x64_random_float64_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return random.uniform(random.key(0), (2,), dtype=jnp.float64)


@mistake(
    "Explicitly requested dtype complex128 requested in ones is not available, and will be truncated to"
)
def r14_x64_complex128_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.ones(2, dtype=jnp.complex128)


@mistake()
def r14_x64_numpy_float64_input_ok():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.asarray(np.ones(3))


# ---------------------------------------------------------------------------------------------
# Donation misuse


@mistake("Jitted function has donate_argnums=(3,), but only accepts 1 positional arguments.")
def r14_donate_argnums_out_of_range():
    return jax.jit(lambda x: x, donate_argnums=3)(jnp.ones(3))


@mistake(
    "Jitted function has invalid argnames {'y'} in donate_argnames. Function does not take these args."
)
def r14_donate_argnames_unknown():
    return jax.jit(lambda x: x, donate_argnames="y")(jnp.ones(3))


@mistake(
    "static_argnames and donate_argnames cannot intersect. Argument names {'x'} appear in both"
)
def r14_donate_and_static_same_arg():
    return jax.jit(lambda x: x, donate_argnums=0, static_argnums=0)(3)


@mistake("Array has been deleted with shape=float32[3].")
def r14_donated_then_used():
    x = jnp.ones(3)
    jax.jit(lambda x: x * 2, donate_argnums=0)(x)
    return x + 1


@mistake()
def r14_donated_then_printed_shape_ok():
    x = jnp.ones(3)
    jax.jit(lambda x: x * 2, donate_argnums=0)(x)
    return x.shape


@mistake("(flattened argument 1, replica 0, partition 0, first use: 0)")
def r14_donated_twice_same_buffer():
    x = jnp.ones(3)
    return jax.jit(lambda a, b: a + b, donate_argnums=(0, 1))(x, x)


@mistake(
    "INVALID_ARGUMENT: Invalid buffer passed to Execute() as argument 0 to replica 0: INVALID_ARGUMENT:"
)
def r14_donated_then_passed_again():
    x = jnp.ones(3)
    f = jax.jit(lambda x: x * 2, donate_argnums=0)
    f(x)
    return f(x)


@mistake()
def r14_donate_argnums_negative():
    return jax.jit(lambda x: x, donate_argnums=-1)(jnp.ones(3))


@mistake("'float' object is not iterable")
def r14_donate_argnums_float():
    return jax.jit(lambda x: x, donate_argnums=0.0)(jnp.ones(3))


@mistake()
def r14_donated_is_deleted_ok():
    x = jnp.ones(3)
    jax.jit(lambda x: x * 2, donate_argnums=0)(x)
    return x.is_deleted()


@mistake("Array has been deleted with shape=float32[3].")
def r14_deleted_array_used():
    x = jnp.ones(3)
    x.delete()
    return x * 2


@mistake("Array has been deleted with shape=float32[3].")
def r14_deleted_array_to_numpy():
    x = jnp.ones(3)
    x.delete()
    return np.asarray(x)


@mistake("Array has been deleted with shape=float32[3].")
def r14_donated_pytree_leaf_used():
    p = {"w": jnp.ones(3)}
    jax.jit(lambda p: p["w"] * 2, donate_argnums=0)(p)
    return p["w"].sum()


# ---------------------------------------------------------------------------------------------
# More: strict promotion in more functions, 64-bit requests, pcast, explicit-sharding odds


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_power():
    with _strict():
        return jnp.power(jnp.ones(2, jnp.int32), jnp.ones(2, jnp.float32))


@mistake()
def r14_strict_true_divide_ints_ok():
    with _strict():
        return jnp.ones(2, jnp.int32) / jnp.ones(2, jnp.int32)


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_arctan2():
    with _strict():
        return jnp.arctan2(jnp.ones(2, jnp.float16), jnp.ones(2, jnp.float32))


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_stack():
    with _strict():
        return jnp.stack([jnp.ones(2, jnp.int8), jnp.ones(2, jnp.int16)])


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_inner():
    with _strict():
        return jnp.inner(jnp.ones(2, jnp.float16), jnp.ones(2, jnp.float32))


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_select():
    with _strict():
        return jnp.select([jnp.ones(2, bool)], [jnp.ones(2, jnp.int32)], jnp.float32(0))


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_array_of_mixed_list():
    with _strict():
        return jnp.array([jnp.int32(1), jnp.float32(2)])


@mistake("have no available implicit dtype promotion path when jax_numpy_dtype_promotion=strict")
def r14_strict_at_set_float16():
    with _strict():
        return jnp.zeros(3, jnp.float32).at[0].set(jnp.ones((), jnp.float16))


@mistake()
def r14_strict_weak_int_array_ok():
    with _strict():
        return jnp.ones(2, jnp.int8) + jnp.asarray(3)


@mistake()
def r14_strict_lax_add_ok_same():
    with _strict():
        return lax.add(jnp.ones(2), jnp.ones(2))


@mistake(
    "Explicitly requested dtype float64 requested in full is not available, and will be truncated to"
)
def r14_x64_full_float64_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.full(3, 1.0, dtype=jnp.float64)


@mistake(
    "Explicitly requested dtype int64 requested in asarray is not available, and will be truncated to"
)
def r14_x64_asarray_int64_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.asarray([1, 2], dtype=jnp.int64)


@mistake(
    "Explicitly requested dtype int64 is not available, and will be truncated to dtype int32. To enable"
)
def r14_x64_randint_int64_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return random.randint(random.key(0), (2,), 0, 5, dtype=jnp.int64)


@mistake(
    "Explicitly requested dtype float64 requested in linspace is not available, and will be truncated to"
)
def r14_x64_linspace_float64_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.linspace(0, 1, 3, dtype=jnp.float64)


@mistake(
    "Explicitly requested dtype float64 requested in eye is not available, and will be truncated to"
)
def r14_x64_eye_float64_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.eye(2, dtype=jnp.float64)


@mistake(
    "Explicitly requested dtype int64 requested in zeros_like is not available, and will be truncated to"
)
def r14_x64_zeros_like_int64_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.zeros_like(jnp.ones(2), dtype=jnp.int64)


@mistake(
    "Explicitly requested dtype float64 requested in sum is not available, and will be truncated to"
)
def r14_x64_sum_dtype_float64_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return jnp.sum(jnp.ones(2), dtype=jnp.float64)


@mistake(
    "Explicitly requested dtype float64 requested in convert_element_type is not available, and will be"
)
def r14_x64_lax_convert_float64_warning_as_error():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return lax.convert_element_type(jnp.ones(2), jnp.float64)


@mistake("Got unexpected `to` value. Allowed `to` values are:")
def r14_pcast_bad_to():
    return _smap(lambda x: lax.pcast(x, "x", to="sideways"), P(), P("x"))(jnp.ones(4))


@mistake()
def r14_pcast_ok_varying():
    return _smap(lambda x: lax.pcast(x, "x", to="varying"), P(), P("x"))(jnp.ones(4))


@mistake("pvary should be called under jax.shard_map.")
def r14_pcast_outside_smap():
    return lax.pcast(jnp.ones(4), "x", to="varying")


@mistake(
    "Unreduced axes q is not found in mesh.axis_names=('x', 'y'). Got pspec=P(None, unreduced={'q'})"
)
def r14_explicit_reshard_unreduced_axis_unknown():
    with _set_mesh():
        return jax.sharding.reshard(jnp.ones(8), P(None, unreduced={"q"}))


@mistake()
def r14_explicit_einsum_out_sharding_rank_wrong():
    with _set_mesh():
        a, b = _eput((8, 8), P("x", None)), _eput((8, 8), P())
        return jnp.einsum("ij,jk->ik", a, b, out_sharding=P("x", None, None))


@mistake(
    "Sharding spec ('x', 'y') implies that array axis 0 is partitioned 8 times, but does not evenly"
)
def r14_explicit_device_put_named_sharding_tuple_not_divisible():
    return jax.device_put(jnp.ones(4), NamedSharding(emesh, P(("x", "y"))))


@mistake("add got incompatible shardings for broadcasting: ('y',), ('x',).")
def r14_explicit_sum_then_conflicting_add():
    a = _eput((8, 8), P("x", "y"))
    return a.sum(axis=0) + _eput((8,), P("x"))


@mistake()
def r14_explicit_transpose_ok():
    return _eput((8, 4), P("x", "y")).T + _eput((4, 8), P("y", "x"))


@mistake("Expected mesh of type `jax.sharding.Mesh`. Got <class 'str'>")
def r14_explicit_set_mesh_not_a_mesh():
    with jax.set_mesh("mesh"):
        return jnp.ones(2)


@mistake("pytree structure error: different lengths of list at key path")
def r14_tree_map_extra_tree_shorter_list():
    return jax.tree.map(lambda a, b: a + b, [1, 2, 3], [1, 2])


@mistake("is_leaf predicate returned a non-boolean value 1; expected a boolean")
def r14_tree_leaves_is_leaf_returns_int():
    return jax.tree.leaves((1, (2, 3)), is_leaf=lambda x: 1 if isinstance(x, tuple) else 0)


@mistake("Comparator raised exception while sorting pytree dictionary keys.")
def r14_tree_structure_of_dict_key_none():
    return jax.tree.structure({None: 1, "a": 2})


@mistake(
    "vmap was requested to map its argument along axis 1, which implies that its rank should be at least"
)
def r14_vmap_in_axes_dict_leaf_out_of_range():
    return jax.vmap(lambda d: d["a"], in_axes=({"a": 1},))({"a": jnp.ones(2)})


@mistake("vmap out_axes specification must be a tree prefix of the corresponding value;")
def r14_vmap_out_axes_dict_mismatch():
    return jax.vmap(lambda x: {"a": x}, out_axes={"b": 0})(jnp.ones(2))


@mistake()
def r14_scan_carry_uint_weak_python_int():
    return lax.scan(lambda c, x: (c + 1, x), jnp.uint8(0), jnp.ones(3))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r14_scan_carry_bool_to_int():
    return lax.scan(lambda c, x: (c + 1, x), jnp.bool_(False), jnp.ones(3))


@mistake("cond branches must have equal output types but they differ.")
def r14_cond_branch_bool_vs_int():
    return lax.cond(True, lambda: jnp.bool_(True), lambda: jnp.int32(1))


@mistake("switch branch outputs must have the same pytree structure, but they differ:")
def r14_switch_branch_returns_none_vs_array():
    return lax.switch(0, [lambda: None, lambda: jnp.ones(2)])


@mistake()
def r14_custom_vjp_bwd_returns_none_tuple_ok():
    f = _cv2(lambda x, y: (x * y, (x, y)), lambda r, g: (None, None))
    return jax.grad(f)(1.0, 2.0)


@mistake()
def r14_custom_vjp_bwd_dtype_float16_for_float32():
    g = jax.custom_vjp(lambda x: x * 2)
    g.defvjp(lambda x: (x * 2, None), lambda r, ct: (jnp.float16(1),))
    return jax.grad(g)(1.0)


# ---------------------------------------------------------------------------------------------
# Odds and ends: donation under vmap / grad, keys in pytrees, tree_util paths


@mistake()
def r14_donate_argnums_in_vmap_ok():
    return jax.vmap(jax.jit(lambda x: x * 2, donate_argnums=0))(jnp.ones((2, 3)))


@mistake("Jitted function has invalid argnames {'x'} in donate_argnames. These are positional-only")
def r14_donate_argnames_for_positional_only():
    def f(x, /):
        return x

    return jax.jit(f, donate_argnames="x")(jnp.ones(3))


@mistake("Jitted function has static_argnums=(2,), but only accepts 1 positional arguments.")
def r14_static_argnums_out_of_range():
    return jax.jit(lambda x: x, static_argnums=2)(jnp.ones(3))


@mistake(
    "split accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for"
)
def r14_random_split_of_batched_keys():
    return random.split(random.split(random.key(0), 3), 2).shape


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for"
)
def r14_random_fold_in_batched_keys():
    return random.fold_in(random.split(random.key(0), 3), 1).shape


@mistake(
    "normal accepts a single key, but was given a key array of shape (3,) != (). Use jax.vmap for"
)
def r14_random_normal_batched_keys_in_jit():
    return jax.jit(lambda k: random.normal(k, (2,)))(random.split(random.key(0), 3))


@mistake()
def r14_random_key_impl_of_raw_key():
    return random.key_impl(jnp.zeros(2, jnp.uint32))


@mistake("'int' object is not callable")
def r14_tree_flatten_with_path_is_leaf_not_callable():
    return jax.tree_util.tree_flatten_with_path((1, 2), is_leaf=3)


@mistake()
def r14_tree_leaves_with_path_ok():
    return jax.tree_util.tree_leaves_with_path({"a": (1, 2)})


@mistake()
def r14_vmap_in_axes_for_kwargs_only_call():
    return jax.vmap(lambda x: x, in_axes=0)(x=jnp.ones(2))


@mistake()
def r14_cond_with_operand_keyword():
    return lax.cond(True, lambda x: x, lambda x: x, operand=1.0)


@mistake("scan got no values to scan over and `length` not provided.")
def r14_scan_xs_none_without_length():
    return lax.scan(lambda c, x: (c, x), 0.0, None)


@mistake()
def r14_fori_loop_float_bounds():
    return lax.fori_loop(0.0, 3.0, lambda i, c: c + 1, 0)


@mistake("lax.while_loop: body_fun and cond_fun arguments should be callable.")
def r14_while_loop_body_not_callable():
    return lax.while_loop(lambda c: c < 3, 1, 0)
