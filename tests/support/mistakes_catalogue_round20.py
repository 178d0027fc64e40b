# ruff: noqa: F821  (the runner binds the library names; see mistakes_catalogue.py's docstring)
"""Round 20 of the catalogue of user mistakes (tests/support/mistakes_catalogue.py's rules):
49 mistakes with sharding (PartitionSpecs longer than the array's rank, Explicit and Auto meshes
mixed in one jit, a sharding on another mesh's devices, in / out shardings and out_sharding
misuse), shard_map (collectives over unbound axes, ppermute's repeated sources and destinations,
in_specs / out_specs mismatches), vmap (in_axes out of range, mismatched sizes), grad (non-scalar
and complex outputs, integer inputs, argnums, has_aux), jnp arguments (jnp.gradient's axis,
reshape sizes, squeeze, split, transpose), random (key arrays where one key is wanted, raw keys
of the wrong shape) and control flow (cond / switch branches and predicates, scan carries and
bodies), each made at the top level and inside 11 transforms (jit, jit_jit, eval_shape, checkpoint, cond, fori, scan, vmap, grad, make_jaxpr, lower): the traceback ends on the
helper's line. The helpers' values are dropped (`_keep20`), so a transform sees only a float32
scalar. A bare `@mistake()` marks a program JAX 0.10.2 accepts (meshjit must too). Generated
from the helpers and the transforms' templates, JAX's phrase the first line of its message (up
to 90 characters). The file runs after the earlier rounds but uses only the runner's names
and its own."""


def _keep20(value):
    """0.0 whatever `value` is: the transform's output does not depend on the mistake's."""
    del value
    return jnp.float32(0)


_m20_other = Mesh(np.array(jax.devices()[4:6]), ("x",))
_e20 = jax.device_put(jnp.ones(8), NamedSharding(emesh, P("x")))
_a20 = jax.device_put(jnp.ones(8), NamedSharding(mesh24, P("x")))
_x20 = jax.device_put(jnp.ones(4), NamedSharding(mesh2, P("x")))


def _b20_spec_longer_than_rank():
    return jax.device_put(jnp.ones(4), NamedSharding(mesh2, P("x", None)))


def _b20_constraint_spec_longer_than_rank():
    return jax.jit(lambda a: lax.with_sharding_constraint(a, NamedSharding(mesh2, P(None, "x"))))(
        jnp.ones(4)
    )


def _b20_in_shardings_longer_than_rank():
    return jax.jit(lambda a: a * 2, in_shardings=NamedSharding(mesh2, P("x", None)))(jnp.ones(4))


def _b20_out_shardings_longer_than_rank():
    return jax.jit(lambda a: a.sum(), out_shardings=NamedSharding(mesh2, P("x")))(jnp.ones(4))


def _b20_out_shardings_structure():
    return jax.jit(lambda a: (a, a), out_shardings=(NamedSharding(mesh2, P()),) * 3)(jnp.ones(4))


def _b20_spec_duplicate_axis():
    return jax.device_put(jnp.ones((4, 4)), NamedSharding(mesh2, P("x", "x")))


def _b20_mixed_explicit_auto():
    return jax.jit(lambda a, b: a + b)(_e20, _a20)


def _b20_sharding_other_devices():
    return jax.jit(lambda a: a * 2, out_shardings=NamedSharding(_m20_other, P()))(_x20)


def _b20_out_sharding_without_mesh():
    return jnp.zeros(4, out_sharding=P("x"))


def _b20_reshard_without_mesh():
    return jax.sharding.reshard(jnp.ones(4), P("x"))


def _b20_shard_map_all_gather_unbound():
    return jax.shard_map(
        lambda a: lax.all_gather(a, "z"), mesh=mesh2, in_specs=P("x"), out_specs=P("x")
    )(jnp.ones(4))


def _b20_shard_map_axis_index_unbound():
    return jax.shard_map(
        lambda a: a + lax.axis_index("z"), mesh=mesh2, in_specs=P("x"), out_specs=P("x")
    )(jnp.ones(4))


def _b20_ppermute_unbound_in_jit():
    return jax.jit(lambda a: lax.ppermute(a, "x", [(0, 1)]))(jnp.ones(4))


def _b20_psum_unbound_in_jit():
    return jax.jit(lambda a: lax.psum(a, "i"))(jnp.ones(4))


def _b20_ppermute_repeated_sources():
    return jax.shard_map(
        lambda a: lax.ppermute(a, "x", [(0, 1), (0, 0)]),
        mesh=mesh2,
        in_specs=P("x"),
        out_specs=P("x"),
    )(jnp.ones(4))


def _b20_ppermute_repeated_destinations():
    return jax.shard_map(
        lambda a: lax.ppermute(a, "x", [(0, 1), (1, 1)]),
        mesh=mesh2,
        in_specs=P("x"),
        out_specs=P("x"),
    )(jnp.ones(4))


def _b20_shard_map_in_specs_count():
    return jax.shard_map(lambda a: a, mesh=mesh2, in_specs=(P("x"), P("x")), out_specs=P("x"))(
        jnp.ones(4)
    )


def _b20_shard_map_out_specs_structure():
    return jax.shard_map(lambda a: a, mesh=mesh2, in_specs=P("x"), out_specs=(P("x"), P("x")))(
        jnp.ones(4)
    )


def _b20_shard_map_out_spec_rank():
    return jax.shard_map(lambda a: a, mesh=mesh2, in_specs=P("x"), out_specs=P("x", None))(
        jnp.ones(4)
    )


def _b20_shard_map_not_divisible():
    return jax.shard_map(lambda a: a, mesh=mesh2, in_specs=P("x"), out_specs=P("x"))(jnp.ones(3))


def _b20_vmap_in_axes_out_of_range():
    return jax.vmap(lambda a: a, in_axes=2)(jnp.ones((2, 3)))


def _b20_vmap_in_axes_negative():
    return jax.vmap(lambda a: a, in_axes=-3)(jnp.ones((2, 3)))


def _b20_vmap_sizes_with_in_axes():
    return jax.vmap(lambda a, b: a + b, in_axes=(0, 1))(jnp.ones((2, 3)), jnp.ones((2, 3)))


def _b20_vmap_scalar():
    return jax.vmap(lambda a: a)(1.0)


def _b20_vmap_axis_size_conflict():
    return jax.vmap(lambda a: a, axis_size=3)(jnp.ones(2))


def _b20_grad_non_scalar():
    return jax.grad(lambda v: v * jnp.ones(2))(1.0)


def _b20_grad_integer_input():
    return jax.grad(lambda v: v * 2)(1)


def _b20_grad_complex_output():
    return jax.grad(lambda v: v * 1j)(1.0)


def _b20_grad_argnums_out_of_range():
    return jax.grad(lambda v: v, argnums=1)(1.0)


def _b20_grad_has_aux_not_pair():
    return jax.grad(lambda v: v, has_aux=True)(1.0)


def _b20_gradient_bad_axis():
    return jnp.gradient(jnp.ones((3, 3)), axis=2)


def _b20_gradient_too_small():
    return jnp.gradient(jnp.ones(1))


def _b20_reshape_wrong_size():
    return jnp.reshape(jnp.ones((2, 3)), (5,))


def _b20_reshape_unknown_not_divisible():
    return jnp.ones(6).reshape(-1, 4)


def _b20_reshape_negative():
    return jnp.ones(6).reshape(-2, 3)


def _b20_squeeze_non_unit():
    return jnp.squeeze(jnp.ones((2, 3)), axis=0)


def _b20_split_uneven():
    return jnp.split(jnp.ones(5), 2)


def _b20_transpose_axes_length():
    return jnp.transpose(jnp.ones((2, 3)), (1, 0, 2))


def _b20_normal_key_batch():
    return random.normal(random.split(random.key(0)), (2,))


def _b20_split_key_batch():
    return random.split(random.split(random.key(0)))


def _b20_fold_in_key_batch():
    return random.fold_in(random.split(random.key(0)), 1)


def _b20_uniform_raw_key_shape():
    return random.uniform(jnp.zeros(3, jnp.uint32), (2,))


def _b20_wrap_key_data_shape():
    return random.wrap_key_data(jnp.zeros(3, jnp.uint32))


def _b20_cond_branch_shapes():
    return lax.cond(True, lambda: jnp.ones(2), lambda: jnp.ones(3))


def _b20_cond_operand_count():
    return lax.cond(True, lambda a: a, lambda a, b: a, 1.0)


def _b20_cond_pred_not_scalar():
    return lax.cond(jnp.ones(2) > 0, lambda: 1.0, lambda: 2.0)


def _b20_switch_float_index():
    return lax.switch(1.5, [lambda: 1.0, lambda: 2.0])


def _b20_scan_carry_shape():
    return lax.scan(lambda c, x: (jnp.stack([c, c]), x), 0.0, jnp.ones(3))


def _b20_scan_body_not_pair():
    return lax.scan(lambda c, x: c, 0.0, jnp.ones(3))


# ---------------------------------------------------------------------------------------------
# plain


@mistake(
    "One of device_put args is incompatible with its sharding annotation NamedSharding(mesh=Mes"
)
def r20_plain_spec_longer_than_rank():
    return _b20_spec_longer_than_rank()


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation Nam"
)
def r20_plain_constraint_spec_longer_than_rank():
    return _b20_constraint_spec_longer_than_rank()


@mistake(
    "One of pjit arguments with pytree key path a is incompatible with its sharding annotation"
)
def r20_plain_in_shardings_longer_than_rank():
    return _b20_in_shardings_longer_than_rank()


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotati"
)
def r20_plain_out_shardings_longer_than_rank():
    return _b20_out_shardings_longer_than_rank()


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_plain_out_shardings_structure():
    return _b20_out_shardings_structure()


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r20_plain_spec_duplicate_axis():
    return _b20_spec_duplicate_axis()


@mistake(
    "Mesh for all inputs should be equal. Got one mesh: AbstractMesh('x': 2, 'y': 4, axis_types"
)
def r20_plain_mixed_explicit_auto():
    return _b20_mixed_explicit_auto()


@mistake(
    "Received incompatible devices for jitted computation. Got argument a of _b20_sharding_othe"
)
def r20_plain_sharding_other_devices():
    return _b20_sharding_other_devices()


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_plain_out_sharding_without_mesh():
    return _b20_out_sharding_without_mesh()


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_plain_reshard_without_mesh():
    return _b20_reshard_without_mesh()


@mistake("unbound axis name: z")
def r20_plain_shard_map_all_gather_unbound():
    return _b20_shard_map_all_gather_unbound()


@mistake(
    "Found an unbound axis name: z. To fix this, please call axis_index under `jax.shard_map`."
)
def r20_plain_shard_map_axis_index_unbound():
    return _b20_shard_map_axis_index_unbound()


@mistake("Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`.")
def r20_plain_ppermute_unbound_in_jit():
    return _b20_ppermute_unbound_in_jit()


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r20_plain_psum_unbound_in_jit():
    return _b20_psum_unbound_in_jit()


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (0, 0)).")
def r20_plain_ppermute_repeated_sources():
    return _b20_ppermute_repeated_sources()


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (1, 1)).")
def r20_plain_ppermute_repeated_destinations():
    return _b20_ppermute_repeated_destinations()


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_plain_shard_map_in_specs_count():
    return _b20_shard_map_in_specs_count()


@mistake("pytree structure error: different types at key path")
def r20_plain_shard_map_out_specs_structure():
    return _b20_shard_map_out_specs_structure()


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too lon"
)
def r20_plain_shard_map_out_spec_rank():
    return _b20_shard_map_out_spec_rank()


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes tha"
)
def r20_plain_shard_map_not_divisible():
    return _b20_shard_map_not_divisible()


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be"
)
def r20_plain_vmap_in_axes_out_of_range():
    return _b20_vmap_in_axes_out_of_range()


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should b"
)
def r20_plain_vmap_in_axes_negative():
    return _b20_vmap_in_axes_negative()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_plain_vmap_sizes_with_in_axes():
    return _b20_vmap_sizes_with_in_axes()


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r20_plain_vmap_scalar():
    return _b20_vmap_scalar()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_plain_vmap_axis_size_conflict():
    return _b20_vmap_axis_size_conflict()


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r20_plain_grad_non_scalar():
    return _b20_grad_non_scalar()


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r20_plain_grad_integer_input():
    return _b20_grad_integer_input()


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r20_plain_grad_complex_output():
    return _b20_grad_complex_output()


@mistake(
    "differentiating with respect to argnums=1 requires at least 2 positional arguments to be p"
)
def r20_plain_grad_argnums_out_of_range():
    return _b20_grad_argnums_out_of_range()


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r20_plain_grad_has_aux_not_pair():
    return _b20_grad_has_aux_not_pair()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_plain_gradient_bad_axis():
    return _b20_gradient_bad_axis()


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are requir"
)
def r20_plain_gradient_too_small():
    return _b20_gradient_too_small()


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (5,) (size 5)")
def r20_plain_reshape_wrong_size():
    return _b20_reshape_wrong_size()


@mistake(
    "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of spec"
)
def r20_plain_reshape_unknown_not_divisible():
    return _b20_reshape_unknown_not_divisible()


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r20_plain_reshape_negative():
    return _b20_reshape_negative()


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r20_plain_squeeze_non_unit():
    return _b20_squeeze_non_unit()


@mistake("array split does not result in an equal division: rest is 1")
def r20_plain_split_uneven():
    return _b20_split_uneven()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_plain_transpose_axes_length():
    return _b20_transpose_axes_length()


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r20_plain_normal_key_batch():
    return _b20_normal_key_batch()


@mistake(
    "split accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap fo"
)
def r20_plain_split_key_batch():
    return _b20_split_key_batch()


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap"
)
def r20_plain_fold_in_key_batch():
    return _b20_fold_in_key_batch()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_plain_uniform_raw_key_shape():
    return _b20_uniform_raw_key_shape()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_plain_wrap_key_data_shape():
    return _b20_wrap_key_data_shape()


@mistake("cond branches must have equal output types but they differ.")
def r20_plain_cond_branch_shapes():
    return _b20_cond_branch_shapes()


@mistake("_b20_cond_operand_count.<locals>.<lambda>() missing 1 required positional argument: 'b'")
def r20_plain_cond_operand_count():
    return _b20_cond_operand_count()


@mistake("Pred must be a scalar, got [ True  True] of shape (2,).")
def r20_plain_cond_pred_not_scalar():
    return _b20_cond_pred_not_scalar()


@mistake("Index type must be an integer, got 1.5 as float32")
def r20_plain_switch_float_index():
    return _b20_switch_float_index()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r20_plain_scan_carry_shape():
    return _b20_scan_carry_shape()


@mistake("scan body output must be a pair, got ~float32[].")
def r20_plain_scan_body_not_pair():
    return _b20_scan_body_not_pair()


# ---------------------------------------------------------------------------------------------
# jit


@mistake(
    "One of device_put args is incompatible with its sharding annotation NamedSharding(mesh=Mes"
)
def r20_jit_spec_longer_than_rank():
    return jax.jit(lambda: _keep20(_b20_spec_longer_than_rank()))()


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation Nam"
)
def r20_jit_constraint_spec_longer_than_rank():
    return jax.jit(lambda: _keep20(_b20_constraint_spec_longer_than_rank()))()


@mistake(
    "One of pjit arguments with pytree key path a is incompatible with its sharding annotation"
)
def r20_jit_in_shardings_longer_than_rank():
    return jax.jit(lambda: _keep20(_b20_in_shardings_longer_than_rank()))()


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotati"
)
def r20_jit_out_shardings_longer_than_rank():
    return jax.jit(lambda: _keep20(_b20_out_shardings_longer_than_rank()))()


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_jit_out_shardings_structure():
    return jax.jit(lambda: _keep20(_b20_out_shardings_structure()))()


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r20_jit_spec_duplicate_axis():
    return jax.jit(lambda: _keep20(_b20_spec_duplicate_axis()))()


@mistake(
    "Mesh for all inputs should be equal. Got one mesh: AbstractMesh('x': 2, 'y': 4, axis_types"
)
def r20_jit_mixed_explicit_auto():
    return jax.jit(lambda: _keep20(_b20_mixed_explicit_auto()))()


@mistake()
def r20_jit_sharding_other_devices():
    return jax.jit(lambda: _keep20(_b20_sharding_other_devices()))()


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_jit_out_sharding_without_mesh():
    return jax.jit(lambda: _keep20(_b20_out_sharding_without_mesh()))()


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_jit_reshard_without_mesh():
    return jax.jit(lambda: _keep20(_b20_reshard_without_mesh()))()


@mistake("unbound axis name: z")
def r20_jit_shard_map_all_gather_unbound():
    return jax.jit(lambda: _keep20(_b20_shard_map_all_gather_unbound()))()


@mistake(
    "Found an unbound axis name: z. To fix this, please call axis_index under `jax.shard_map`."
)
def r20_jit_shard_map_axis_index_unbound():
    return jax.jit(lambda: _keep20(_b20_shard_map_axis_index_unbound()))()


@mistake("Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`.")
def r20_jit_ppermute_unbound_in_jit():
    return jax.jit(lambda: _keep20(_b20_ppermute_unbound_in_jit()))()


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r20_jit_psum_unbound_in_jit():
    return jax.jit(lambda: _keep20(_b20_psum_unbound_in_jit()))()


@mistake()
def r20_jit_ppermute_repeated_sources():
    return jax.jit(lambda: _keep20(_b20_ppermute_repeated_sources()))()


@mistake()
def r20_jit_ppermute_repeated_destinations():
    return jax.jit(lambda: _keep20(_b20_ppermute_repeated_destinations()))()


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_jit_shard_map_in_specs_count():
    return jax.jit(lambda: _keep20(_b20_shard_map_in_specs_count()))()


@mistake("pytree structure error: different types at key path")
def r20_jit_shard_map_out_specs_structure():
    return jax.jit(lambda: _keep20(_b20_shard_map_out_specs_structure()))()


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too lon"
)
def r20_jit_shard_map_out_spec_rank():
    return jax.jit(lambda: _keep20(_b20_shard_map_out_spec_rank()))()


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes tha"
)
def r20_jit_shard_map_not_divisible():
    return jax.jit(lambda: _keep20(_b20_shard_map_not_divisible()))()


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be"
)
def r20_jit_vmap_in_axes_out_of_range():
    return jax.jit(lambda: _keep20(_b20_vmap_in_axes_out_of_range()))()


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should b"
)
def r20_jit_vmap_in_axes_negative():
    return jax.jit(lambda: _keep20(_b20_vmap_in_axes_negative()))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_jit_vmap_sizes_with_in_axes():
    return jax.jit(lambda: _keep20(_b20_vmap_sizes_with_in_axes()))()


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r20_jit_vmap_scalar():
    return jax.jit(lambda: _keep20(_b20_vmap_scalar()))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_jit_vmap_axis_size_conflict():
    return jax.jit(lambda: _keep20(_b20_vmap_axis_size_conflict()))()


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r20_jit_grad_non_scalar():
    return jax.jit(lambda: _keep20(_b20_grad_non_scalar()))()


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r20_jit_grad_integer_input():
    return jax.jit(lambda: _keep20(_b20_grad_integer_input()))()


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r20_jit_grad_complex_output():
    return jax.jit(lambda: _keep20(_b20_grad_complex_output()))()


@mistake(
    "differentiating with respect to argnums=1 requires at least 2 positional arguments to be p"
)
def r20_jit_grad_argnums_out_of_range():
    return jax.jit(lambda: _keep20(_b20_grad_argnums_out_of_range()))()


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r20_jit_grad_has_aux_not_pair():
    return jax.jit(lambda: _keep20(_b20_grad_has_aux_not_pair()))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_jit_gradient_bad_axis():
    return jax.jit(lambda: _keep20(_b20_gradient_bad_axis()))()


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are requir"
)
def r20_jit_gradient_too_small():
    return jax.jit(lambda: _keep20(_b20_gradient_too_small()))()


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (5,) (size 5)")
def r20_jit_reshape_wrong_size():
    return jax.jit(lambda: _keep20(_b20_reshape_wrong_size()))()


@mistake(
    "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of spec"
)
def r20_jit_reshape_unknown_not_divisible():
    return jax.jit(lambda: _keep20(_b20_reshape_unknown_not_divisible()))()


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r20_jit_reshape_negative():
    return jax.jit(lambda: _keep20(_b20_reshape_negative()))()


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r20_jit_squeeze_non_unit():
    return jax.jit(lambda: _keep20(_b20_squeeze_non_unit()))()


@mistake("array split does not result in an equal division: rest is 1")
def r20_jit_split_uneven():
    return jax.jit(lambda: _keep20(_b20_split_uneven()))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_jit_transpose_axes_length():
    return jax.jit(lambda: _keep20(_b20_transpose_axes_length()))()


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r20_jit_normal_key_batch():
    return jax.jit(lambda: _keep20(_b20_normal_key_batch()))()


@mistake(
    "split accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap fo"
)
def r20_jit_split_key_batch():
    return jax.jit(lambda: _keep20(_b20_split_key_batch()))()


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap"
)
def r20_jit_fold_in_key_batch():
    return jax.jit(lambda: _keep20(_b20_fold_in_key_batch()))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_jit_uniform_raw_key_shape():
    return jax.jit(lambda: _keep20(_b20_uniform_raw_key_shape()))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_jit_wrap_key_data_shape():
    return jax.jit(lambda: _keep20(_b20_wrap_key_data_shape()))()


@mistake("cond branches must have equal output types but they differ.")
def r20_jit_cond_branch_shapes():
    return jax.jit(lambda: _keep20(_b20_cond_branch_shapes()))()


@mistake("_b20_cond_operand_count.<locals>.<lambda>() missing 1 required positional argument: 'b'")
def r20_jit_cond_operand_count():
    return jax.jit(lambda: _keep20(_b20_cond_operand_count()))()


@mistake("Pred must be a scalar, got JitTracer(bool[2]) of shape (2,).")
def r20_jit_cond_pred_not_scalar():
    return jax.jit(lambda: _keep20(_b20_cond_pred_not_scalar()))()


@mistake("Index type must be an integer, got 1.5 as float32")
def r20_jit_switch_float_index():
    return jax.jit(lambda: _keep20(_b20_switch_float_index()))()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r20_jit_scan_carry_shape():
    return jax.jit(lambda: _keep20(_b20_scan_carry_shape()))()


@mistake("scan body output must be a pair, got ~float32[].")
def r20_jit_scan_body_not_pair():
    return jax.jit(lambda: _keep20(_b20_scan_body_not_pair()))()


# ---------------------------------------------------------------------------------------------
# jit_jit


@mistake(
    "One of device_put args is incompatible with its sharding annotation NamedSharding(mesh=Mes"
)
def r20_jit_jit_spec_longer_than_rank():
    return jax.jit(jax.jit(lambda: _keep20(_b20_spec_longer_than_rank())))()


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation Nam"
)
def r20_jit_jit_constraint_spec_longer_than_rank():
    return jax.jit(jax.jit(lambda: _keep20(_b20_constraint_spec_longer_than_rank())))()


@mistake(
    "One of pjit arguments with pytree key path a is incompatible with its sharding annotation"
)
def r20_jit_jit_in_shardings_longer_than_rank():
    return jax.jit(jax.jit(lambda: _keep20(_b20_in_shardings_longer_than_rank())))()


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotati"
)
def r20_jit_jit_out_shardings_longer_than_rank():
    return jax.jit(jax.jit(lambda: _keep20(_b20_out_shardings_longer_than_rank())))()


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_jit_jit_out_shardings_structure():
    return jax.jit(jax.jit(lambda: _keep20(_b20_out_shardings_structure())))()


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r20_jit_jit_spec_duplicate_axis():
    return jax.jit(jax.jit(lambda: _keep20(_b20_spec_duplicate_axis())))()


@mistake(
    "Mesh for all inputs should be equal. Got one mesh: AbstractMesh('x': 2, 'y': 4, axis_types"
)
def r20_jit_jit_mixed_explicit_auto():
    return jax.jit(jax.jit(lambda: _keep20(_b20_mixed_explicit_auto())))()


@mistake()
def r20_jit_jit_sharding_other_devices():
    return jax.jit(jax.jit(lambda: _keep20(_b20_sharding_other_devices())))()


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_jit_jit_out_sharding_without_mesh():
    return jax.jit(jax.jit(lambda: _keep20(_b20_out_sharding_without_mesh())))()


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_jit_jit_reshard_without_mesh():
    return jax.jit(jax.jit(lambda: _keep20(_b20_reshard_without_mesh())))()


@mistake("unbound axis name: z")
def r20_jit_jit_shard_map_all_gather_unbound():
    return jax.jit(jax.jit(lambda: _keep20(_b20_shard_map_all_gather_unbound())))()


@mistake(
    "Found an unbound axis name: z. To fix this, please call axis_index under `jax.shard_map`."
)
def r20_jit_jit_shard_map_axis_index_unbound():
    return jax.jit(jax.jit(lambda: _keep20(_b20_shard_map_axis_index_unbound())))()


@mistake("Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`.")
def r20_jit_jit_ppermute_unbound_in_jit():
    return jax.jit(jax.jit(lambda: _keep20(_b20_ppermute_unbound_in_jit())))()


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r20_jit_jit_psum_unbound_in_jit():
    return jax.jit(jax.jit(lambda: _keep20(_b20_psum_unbound_in_jit())))()


@mistake()
def r20_jit_jit_ppermute_repeated_sources():
    return jax.jit(jax.jit(lambda: _keep20(_b20_ppermute_repeated_sources())))()


@mistake()
def r20_jit_jit_ppermute_repeated_destinations():
    return jax.jit(jax.jit(lambda: _keep20(_b20_ppermute_repeated_destinations())))()


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_jit_jit_shard_map_in_specs_count():
    return jax.jit(jax.jit(lambda: _keep20(_b20_shard_map_in_specs_count())))()


@mistake("pytree structure error: different types at key path")
def r20_jit_jit_shard_map_out_specs_structure():
    return jax.jit(jax.jit(lambda: _keep20(_b20_shard_map_out_specs_structure())))()


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too lon"
)
def r20_jit_jit_shard_map_out_spec_rank():
    return jax.jit(jax.jit(lambda: _keep20(_b20_shard_map_out_spec_rank())))()


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes tha"
)
def r20_jit_jit_shard_map_not_divisible():
    return jax.jit(jax.jit(lambda: _keep20(_b20_shard_map_not_divisible())))()


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be"
)
def r20_jit_jit_vmap_in_axes_out_of_range():
    return jax.jit(jax.jit(lambda: _keep20(_b20_vmap_in_axes_out_of_range())))()


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should b"
)
def r20_jit_jit_vmap_in_axes_negative():
    return jax.jit(jax.jit(lambda: _keep20(_b20_vmap_in_axes_negative())))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_jit_jit_vmap_sizes_with_in_axes():
    return jax.jit(jax.jit(lambda: _keep20(_b20_vmap_sizes_with_in_axes())))()


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r20_jit_jit_vmap_scalar():
    return jax.jit(jax.jit(lambda: _keep20(_b20_vmap_scalar())))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_jit_jit_vmap_axis_size_conflict():
    return jax.jit(jax.jit(lambda: _keep20(_b20_vmap_axis_size_conflict())))()


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r20_jit_jit_grad_non_scalar():
    return jax.jit(jax.jit(lambda: _keep20(_b20_grad_non_scalar())))()


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r20_jit_jit_grad_integer_input():
    return jax.jit(jax.jit(lambda: _keep20(_b20_grad_integer_input())))()


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r20_jit_jit_grad_complex_output():
    return jax.jit(jax.jit(lambda: _keep20(_b20_grad_complex_output())))()


@mistake(
    "differentiating with respect to argnums=1 requires at least 2 positional arguments to be p"
)
def r20_jit_jit_grad_argnums_out_of_range():
    return jax.jit(jax.jit(lambda: _keep20(_b20_grad_argnums_out_of_range())))()


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r20_jit_jit_grad_has_aux_not_pair():
    return jax.jit(jax.jit(lambda: _keep20(_b20_grad_has_aux_not_pair())))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_jit_jit_gradient_bad_axis():
    return jax.jit(jax.jit(lambda: _keep20(_b20_gradient_bad_axis())))()


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are requir"
)
def r20_jit_jit_gradient_too_small():
    return jax.jit(jax.jit(lambda: _keep20(_b20_gradient_too_small())))()


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (5,) (size 5)")
def r20_jit_jit_reshape_wrong_size():
    return jax.jit(jax.jit(lambda: _keep20(_b20_reshape_wrong_size())))()


@mistake(
    "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of spec"
)
def r20_jit_jit_reshape_unknown_not_divisible():
    return jax.jit(jax.jit(lambda: _keep20(_b20_reshape_unknown_not_divisible())))()


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r20_jit_jit_reshape_negative():
    return jax.jit(jax.jit(lambda: _keep20(_b20_reshape_negative())))()


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r20_jit_jit_squeeze_non_unit():
    return jax.jit(jax.jit(lambda: _keep20(_b20_squeeze_non_unit())))()


@mistake("array split does not result in an equal division: rest is 1")
def r20_jit_jit_split_uneven():
    return jax.jit(jax.jit(lambda: _keep20(_b20_split_uneven())))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_jit_jit_transpose_axes_length():
    return jax.jit(jax.jit(lambda: _keep20(_b20_transpose_axes_length())))()


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r20_jit_jit_normal_key_batch():
    return jax.jit(jax.jit(lambda: _keep20(_b20_normal_key_batch())))()


@mistake(
    "split accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap fo"
)
def r20_jit_jit_split_key_batch():
    return jax.jit(jax.jit(lambda: _keep20(_b20_split_key_batch())))()


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap"
)
def r20_jit_jit_fold_in_key_batch():
    return jax.jit(jax.jit(lambda: _keep20(_b20_fold_in_key_batch())))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_jit_jit_uniform_raw_key_shape():
    return jax.jit(jax.jit(lambda: _keep20(_b20_uniform_raw_key_shape())))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_jit_jit_wrap_key_data_shape():
    return jax.jit(jax.jit(lambda: _keep20(_b20_wrap_key_data_shape())))()


@mistake("cond branches must have equal output types but they differ.")
def r20_jit_jit_cond_branch_shapes():
    return jax.jit(jax.jit(lambda: _keep20(_b20_cond_branch_shapes())))()


@mistake("_b20_cond_operand_count.<locals>.<lambda>() missing 1 required positional argument: 'b'")
def r20_jit_jit_cond_operand_count():
    return jax.jit(jax.jit(lambda: _keep20(_b20_cond_operand_count())))()


@mistake("Pred must be a scalar, got JitTracer(bool[2]) of shape (2,).")
def r20_jit_jit_cond_pred_not_scalar():
    return jax.jit(jax.jit(lambda: _keep20(_b20_cond_pred_not_scalar())))()


@mistake("Index type must be an integer, got 1.5 as float32")
def r20_jit_jit_switch_float_index():
    return jax.jit(jax.jit(lambda: _keep20(_b20_switch_float_index())))()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r20_jit_jit_scan_carry_shape():
    return jax.jit(jax.jit(lambda: _keep20(_b20_scan_carry_shape())))()


@mistake("scan body output must be a pair, got ~float32[].")
def r20_jit_jit_scan_body_not_pair():
    return jax.jit(jax.jit(lambda: _keep20(_b20_scan_body_not_pair())))()


# ---------------------------------------------------------------------------------------------
# eval_shape


@mistake(
    "One of device_put args is incompatible with its sharding annotation NamedSharding(mesh=Mes"
)
def r20_eval_shape_spec_longer_than_rank():
    return jax.eval_shape(lambda: _keep20(_b20_spec_longer_than_rank()))


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation Nam"
)
def r20_eval_shape_constraint_spec_longer_than_rank():
    return jax.eval_shape(lambda: _keep20(_b20_constraint_spec_longer_than_rank()))


@mistake(
    "One of pjit arguments with pytree key path a is incompatible with its sharding annotation"
)
def r20_eval_shape_in_shardings_longer_than_rank():
    return jax.eval_shape(lambda: _keep20(_b20_in_shardings_longer_than_rank()))


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotati"
)
def r20_eval_shape_out_shardings_longer_than_rank():
    return jax.eval_shape(lambda: _keep20(_b20_out_shardings_longer_than_rank()))


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_eval_shape_out_shardings_structure():
    return jax.eval_shape(lambda: _keep20(_b20_out_shardings_structure()))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r20_eval_shape_spec_duplicate_axis():
    return jax.eval_shape(lambda: _keep20(_b20_spec_duplicate_axis()))


@mistake(
    "Mesh for all inputs should be equal. Got one mesh: AbstractMesh('x': 2, 'y': 4, axis_types"
)
def r20_eval_shape_mixed_explicit_auto():
    return jax.eval_shape(lambda: _keep20(_b20_mixed_explicit_auto()))


@mistake()
def r20_eval_shape_sharding_other_devices():
    return jax.eval_shape(lambda: _keep20(_b20_sharding_other_devices()))


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_eval_shape_out_sharding_without_mesh():
    return jax.eval_shape(lambda: _keep20(_b20_out_sharding_without_mesh()))


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_eval_shape_reshard_without_mesh():
    return jax.eval_shape(lambda: _keep20(_b20_reshard_without_mesh()))


@mistake("unbound axis name: z")
def r20_eval_shape_shard_map_all_gather_unbound():
    return jax.eval_shape(lambda: _keep20(_b20_shard_map_all_gather_unbound()))


@mistake(
    "Found an unbound axis name: z. To fix this, please call axis_index under `jax.shard_map`."
)
def r20_eval_shape_shard_map_axis_index_unbound():
    return jax.eval_shape(lambda: _keep20(_b20_shard_map_axis_index_unbound()))


@mistake("Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`.")
def r20_eval_shape_ppermute_unbound_in_jit():
    return jax.eval_shape(lambda: _keep20(_b20_ppermute_unbound_in_jit()))


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r20_eval_shape_psum_unbound_in_jit():
    return jax.eval_shape(lambda: _keep20(_b20_psum_unbound_in_jit()))


@mistake()
def r20_eval_shape_ppermute_repeated_sources():
    return jax.eval_shape(lambda: _keep20(_b20_ppermute_repeated_sources()))


@mistake()
def r20_eval_shape_ppermute_repeated_destinations():
    return jax.eval_shape(lambda: _keep20(_b20_ppermute_repeated_destinations()))


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_eval_shape_shard_map_in_specs_count():
    return jax.eval_shape(lambda: _keep20(_b20_shard_map_in_specs_count()))


@mistake("pytree structure error: different types at key path")
def r20_eval_shape_shard_map_out_specs_structure():
    return jax.eval_shape(lambda: _keep20(_b20_shard_map_out_specs_structure()))


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too lon"
)
def r20_eval_shape_shard_map_out_spec_rank():
    return jax.eval_shape(lambda: _keep20(_b20_shard_map_out_spec_rank()))


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes tha"
)
def r20_eval_shape_shard_map_not_divisible():
    return jax.eval_shape(lambda: _keep20(_b20_shard_map_not_divisible()))


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be"
)
def r20_eval_shape_vmap_in_axes_out_of_range():
    return jax.eval_shape(lambda: _keep20(_b20_vmap_in_axes_out_of_range()))


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should b"
)
def r20_eval_shape_vmap_in_axes_negative():
    return jax.eval_shape(lambda: _keep20(_b20_vmap_in_axes_negative()))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_eval_shape_vmap_sizes_with_in_axes():
    return jax.eval_shape(lambda: _keep20(_b20_vmap_sizes_with_in_axes()))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r20_eval_shape_vmap_scalar():
    return jax.eval_shape(lambda: _keep20(_b20_vmap_scalar()))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_eval_shape_vmap_axis_size_conflict():
    return jax.eval_shape(lambda: _keep20(_b20_vmap_axis_size_conflict()))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r20_eval_shape_grad_non_scalar():
    return jax.eval_shape(lambda: _keep20(_b20_grad_non_scalar()))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r20_eval_shape_grad_integer_input():
    return jax.eval_shape(lambda: _keep20(_b20_grad_integer_input()))


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r20_eval_shape_grad_complex_output():
    return jax.eval_shape(lambda: _keep20(_b20_grad_complex_output()))


@mistake(
    "differentiating with respect to argnums=1 requires at least 2 positional arguments to be p"
)
def r20_eval_shape_grad_argnums_out_of_range():
    return jax.eval_shape(lambda: _keep20(_b20_grad_argnums_out_of_range()))


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r20_eval_shape_grad_has_aux_not_pair():
    return jax.eval_shape(lambda: _keep20(_b20_grad_has_aux_not_pair()))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_eval_shape_gradient_bad_axis():
    return jax.eval_shape(lambda: _keep20(_b20_gradient_bad_axis()))


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are requir"
)
def r20_eval_shape_gradient_too_small():
    return jax.eval_shape(lambda: _keep20(_b20_gradient_too_small()))


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (5,) (size 5)")
def r20_eval_shape_reshape_wrong_size():
    return jax.eval_shape(lambda: _keep20(_b20_reshape_wrong_size()))


@mistake(
    "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of spec"
)
def r20_eval_shape_reshape_unknown_not_divisible():
    return jax.eval_shape(lambda: _keep20(_b20_reshape_unknown_not_divisible()))


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r20_eval_shape_reshape_negative():
    return jax.eval_shape(lambda: _keep20(_b20_reshape_negative()))


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r20_eval_shape_squeeze_non_unit():
    return jax.eval_shape(lambda: _keep20(_b20_squeeze_non_unit()))


@mistake("array split does not result in an equal division: rest is 1")
def r20_eval_shape_split_uneven():
    return jax.eval_shape(lambda: _keep20(_b20_split_uneven()))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_eval_shape_transpose_axes_length():
    return jax.eval_shape(lambda: _keep20(_b20_transpose_axes_length()))


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r20_eval_shape_normal_key_batch():
    return jax.eval_shape(lambda: _keep20(_b20_normal_key_batch()))


@mistake(
    "split accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap fo"
)
def r20_eval_shape_split_key_batch():
    return jax.eval_shape(lambda: _keep20(_b20_split_key_batch()))


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap"
)
def r20_eval_shape_fold_in_key_batch():
    return jax.eval_shape(lambda: _keep20(_b20_fold_in_key_batch()))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_eval_shape_uniform_raw_key_shape():
    return jax.eval_shape(lambda: _keep20(_b20_uniform_raw_key_shape()))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_eval_shape_wrap_key_data_shape():
    return jax.eval_shape(lambda: _keep20(_b20_wrap_key_data_shape()))


@mistake("cond branches must have equal output types but they differ.")
def r20_eval_shape_cond_branch_shapes():
    return jax.eval_shape(lambda: _keep20(_b20_cond_branch_shapes()))


@mistake("_b20_cond_operand_count.<locals>.<lambda>() missing 1 required positional argument: 'b'")
def r20_eval_shape_cond_operand_count():
    return jax.eval_shape(lambda: _keep20(_b20_cond_operand_count()))


@mistake("Pred must be a scalar, got JitTracer(bool[2]) of shape (2,).")
def r20_eval_shape_cond_pred_not_scalar():
    return jax.eval_shape(lambda: _keep20(_b20_cond_pred_not_scalar()))


@mistake("Index type must be an integer, got 1.5 as float32")
def r20_eval_shape_switch_float_index():
    return jax.eval_shape(lambda: _keep20(_b20_switch_float_index()))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r20_eval_shape_scan_carry_shape():
    return jax.eval_shape(lambda: _keep20(_b20_scan_carry_shape()))


@mistake("scan body output must be a pair, got ~float32[].")
def r20_eval_shape_scan_body_not_pair():
    return jax.eval_shape(lambda: _keep20(_b20_scan_body_not_pair()))


# ---------------------------------------------------------------------------------------------
# checkpoint


@mistake(
    "One of device_put args is incompatible with its sharding annotation NamedSharding(mesh=Mes"
)
def r20_checkpoint_spec_longer_than_rank():
    return jax.checkpoint(lambda: _keep20(_b20_spec_longer_than_rank()))()


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation Nam"
)
def r20_checkpoint_constraint_spec_longer_than_rank():
    return jax.checkpoint(lambda: _keep20(_b20_constraint_spec_longer_than_rank()))()


@mistake(
    "One of pjit arguments with pytree key path a is incompatible with its sharding annotation"
)
def r20_checkpoint_in_shardings_longer_than_rank():
    return jax.checkpoint(lambda: _keep20(_b20_in_shardings_longer_than_rank()))()


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotati"
)
def r20_checkpoint_out_shardings_longer_than_rank():
    return jax.checkpoint(lambda: _keep20(_b20_out_shardings_longer_than_rank()))()


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_checkpoint_out_shardings_structure():
    return jax.checkpoint(lambda: _keep20(_b20_out_shardings_structure()))()


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r20_checkpoint_spec_duplicate_axis():
    return jax.checkpoint(lambda: _keep20(_b20_spec_duplicate_axis()))()


@mistake(
    "Mesh for all inputs should be equal. Got one mesh: AbstractMesh('x': 2, 'y': 4, axis_types"
)
def r20_checkpoint_mixed_explicit_auto():
    return jax.checkpoint(lambda: _keep20(_b20_mixed_explicit_auto()))()


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_checkpoint_out_sharding_without_mesh():
    return jax.checkpoint(lambda: _keep20(_b20_out_sharding_without_mesh()))()


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_checkpoint_reshard_without_mesh():
    return jax.checkpoint(lambda: _keep20(_b20_reshard_without_mesh()))()


@mistake("unbound axis name: z")
def r20_checkpoint_shard_map_all_gather_unbound():
    return jax.checkpoint(lambda: _keep20(_b20_shard_map_all_gather_unbound()))()


@mistake(
    "Found an unbound axis name: z. To fix this, please call axis_index under `jax.shard_map`."
)
def r20_checkpoint_shard_map_axis_index_unbound():
    return jax.checkpoint(lambda: _keep20(_b20_shard_map_axis_index_unbound()))()


@mistake("Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`.")
def r20_checkpoint_ppermute_unbound_in_jit():
    return jax.checkpoint(lambda: _keep20(_b20_ppermute_unbound_in_jit()))()


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r20_checkpoint_psum_unbound_in_jit():
    return jax.checkpoint(lambda: _keep20(_b20_psum_unbound_in_jit()))()


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (0, 0)).")
def r20_checkpoint_ppermute_repeated_sources():
    return jax.checkpoint(lambda: _keep20(_b20_ppermute_repeated_sources()))()


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (1, 1)).")
def r20_checkpoint_ppermute_repeated_destinations():
    return jax.checkpoint(lambda: _keep20(_b20_ppermute_repeated_destinations()))()


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_checkpoint_shard_map_in_specs_count():
    return jax.checkpoint(lambda: _keep20(_b20_shard_map_in_specs_count()))()


@mistake("pytree structure error: different types at key path")
def r20_checkpoint_shard_map_out_specs_structure():
    return jax.checkpoint(lambda: _keep20(_b20_shard_map_out_specs_structure()))()


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too lon"
)
def r20_checkpoint_shard_map_out_spec_rank():
    return jax.checkpoint(lambda: _keep20(_b20_shard_map_out_spec_rank()))()


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes tha"
)
def r20_checkpoint_shard_map_not_divisible():
    return jax.checkpoint(lambda: _keep20(_b20_shard_map_not_divisible()))()


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be"
)
def r20_checkpoint_vmap_in_axes_out_of_range():
    return jax.checkpoint(lambda: _keep20(_b20_vmap_in_axes_out_of_range()))()


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should b"
)
def r20_checkpoint_vmap_in_axes_negative():
    return jax.checkpoint(lambda: _keep20(_b20_vmap_in_axes_negative()))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_checkpoint_vmap_sizes_with_in_axes():
    return jax.checkpoint(lambda: _keep20(_b20_vmap_sizes_with_in_axes()))()


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r20_checkpoint_vmap_scalar():
    return jax.checkpoint(lambda: _keep20(_b20_vmap_scalar()))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_checkpoint_vmap_axis_size_conflict():
    return jax.checkpoint(lambda: _keep20(_b20_vmap_axis_size_conflict()))()


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r20_checkpoint_grad_non_scalar():
    return jax.checkpoint(lambda: _keep20(_b20_grad_non_scalar()))()


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r20_checkpoint_grad_integer_input():
    return jax.checkpoint(lambda: _keep20(_b20_grad_integer_input()))()


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r20_checkpoint_grad_complex_output():
    return jax.checkpoint(lambda: _keep20(_b20_grad_complex_output()))()


@mistake(
    "differentiating with respect to argnums=1 requires at least 2 positional arguments to be p"
)
def r20_checkpoint_grad_argnums_out_of_range():
    return jax.checkpoint(lambda: _keep20(_b20_grad_argnums_out_of_range()))()


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r20_checkpoint_grad_has_aux_not_pair():
    return jax.checkpoint(lambda: _keep20(_b20_grad_has_aux_not_pair()))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_checkpoint_gradient_bad_axis():
    return jax.checkpoint(lambda: _keep20(_b20_gradient_bad_axis()))()


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are requir"
)
def r20_checkpoint_gradient_too_small():
    return jax.checkpoint(lambda: _keep20(_b20_gradient_too_small()))()


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (5,) (size 5)")
def r20_checkpoint_reshape_wrong_size():
    return jax.checkpoint(lambda: _keep20(_b20_reshape_wrong_size()))()


@mistake(
    "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of spec"
)
def r20_checkpoint_reshape_unknown_not_divisible():
    return jax.checkpoint(lambda: _keep20(_b20_reshape_unknown_not_divisible()))()


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r20_checkpoint_reshape_negative():
    return jax.checkpoint(lambda: _keep20(_b20_reshape_negative()))()


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r20_checkpoint_squeeze_non_unit():
    return jax.checkpoint(lambda: _keep20(_b20_squeeze_non_unit()))()


@mistake("array split does not result in an equal division: rest is 1")
def r20_checkpoint_split_uneven():
    return jax.checkpoint(lambda: _keep20(_b20_split_uneven()))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_checkpoint_transpose_axes_length():
    return jax.checkpoint(lambda: _keep20(_b20_transpose_axes_length()))()


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r20_checkpoint_normal_key_batch():
    return jax.checkpoint(lambda: _keep20(_b20_normal_key_batch()))()


@mistake(
    "split accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap fo"
)
def r20_checkpoint_split_key_batch():
    return jax.checkpoint(lambda: _keep20(_b20_split_key_batch()))()


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap"
)
def r20_checkpoint_fold_in_key_batch():
    return jax.checkpoint(lambda: _keep20(_b20_fold_in_key_batch()))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_checkpoint_uniform_raw_key_shape():
    return jax.checkpoint(lambda: _keep20(_b20_uniform_raw_key_shape()))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_checkpoint_wrap_key_data_shape():
    return jax.checkpoint(lambda: _keep20(_b20_wrap_key_data_shape()))()


@mistake("cond branches must have equal output types but they differ.")
def r20_checkpoint_cond_branch_shapes():
    return jax.checkpoint(lambda: _keep20(_b20_cond_branch_shapes()))()


@mistake("_b20_cond_operand_count.<locals>.<lambda>() missing 1 required positional argument: 'b'")
def r20_checkpoint_cond_operand_count():
    return jax.checkpoint(lambda: _keep20(_b20_cond_operand_count()))()


@mistake("Pred must be a scalar, got JitTracer(bool[2]) of shape (2,).")
def r20_checkpoint_cond_pred_not_scalar():
    return jax.checkpoint(lambda: _keep20(_b20_cond_pred_not_scalar()))()


@mistake("Index type must be an integer, got 1.5 as float32")
def r20_checkpoint_switch_float_index():
    return jax.checkpoint(lambda: _keep20(_b20_switch_float_index()))()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r20_checkpoint_scan_carry_shape():
    return jax.checkpoint(lambda: _keep20(_b20_scan_carry_shape()))()


@mistake("scan body output must be a pair, got ~float32[].")
def r20_checkpoint_scan_body_not_pair():
    return jax.checkpoint(lambda: _keep20(_b20_scan_body_not_pair()))()


# ---------------------------------------------------------------------------------------------
# cond


@mistake(
    "One of device_put args is incompatible with its sharding annotation NamedSharding(mesh=Mes"
)
def r20_cond_spec_longer_than_rank():
    return lax.cond(True, lambda: _keep20(_b20_spec_longer_than_rank()), lambda: jnp.float32(0))


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation Nam"
)
def r20_cond_constraint_spec_longer_than_rank():
    return lax.cond(
        True, lambda: _keep20(_b20_constraint_spec_longer_than_rank()), lambda: jnp.float32(0)
    )


@mistake(
    "One of pjit arguments with pytree key path a is incompatible with its sharding annotation"
)
def r20_cond_in_shardings_longer_than_rank():
    return lax.cond(
        True, lambda: _keep20(_b20_in_shardings_longer_than_rank()), lambda: jnp.float32(0)
    )


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotati"
)
def r20_cond_out_shardings_longer_than_rank():
    return lax.cond(
        True, lambda: _keep20(_b20_out_shardings_longer_than_rank()), lambda: jnp.float32(0)
    )


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_cond_out_shardings_structure():
    return lax.cond(True, lambda: _keep20(_b20_out_shardings_structure()), lambda: jnp.float32(0))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r20_cond_spec_duplicate_axis():
    return lax.cond(True, lambda: _keep20(_b20_spec_duplicate_axis()), lambda: jnp.float32(0))


@mistake(
    "Mesh for all inputs should be equal. Got one mesh: AbstractMesh('x': 2, 'y': 4, axis_types"
)
def r20_cond_mixed_explicit_auto():
    return lax.cond(True, lambda: _keep20(_b20_mixed_explicit_auto()), lambda: jnp.float32(0))


@mistake()
def r20_cond_sharding_other_devices():
    return lax.cond(True, lambda: _keep20(_b20_sharding_other_devices()), lambda: jnp.float32(0))


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_cond_out_sharding_without_mesh():
    return lax.cond(True, lambda: _keep20(_b20_out_sharding_without_mesh()), lambda: jnp.float32(0))


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_cond_reshard_without_mesh():
    return lax.cond(True, lambda: _keep20(_b20_reshard_without_mesh()), lambda: jnp.float32(0))


@mistake("unbound axis name: z")
def r20_cond_shard_map_all_gather_unbound():
    return lax.cond(
        True, lambda: _keep20(_b20_shard_map_all_gather_unbound()), lambda: jnp.float32(0)
    )


@mistake(
    "Found an unbound axis name: z. To fix this, please call axis_index under `jax.shard_map`."
)
def r20_cond_shard_map_axis_index_unbound():
    return lax.cond(
        True, lambda: _keep20(_b20_shard_map_axis_index_unbound()), lambda: jnp.float32(0)
    )


@mistake("Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`.")
def r20_cond_ppermute_unbound_in_jit():
    return lax.cond(True, lambda: _keep20(_b20_ppermute_unbound_in_jit()), lambda: jnp.float32(0))


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r20_cond_psum_unbound_in_jit():
    return lax.cond(True, lambda: _keep20(_b20_psum_unbound_in_jit()), lambda: jnp.float32(0))


@mistake()
def r20_cond_ppermute_repeated_sources():
    return lax.cond(True, lambda: _keep20(_b20_ppermute_repeated_sources()), lambda: jnp.float32(0))


@mistake()
def r20_cond_ppermute_repeated_destinations():
    return lax.cond(
        True, lambda: _keep20(_b20_ppermute_repeated_destinations()), lambda: jnp.float32(0)
    )


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_cond_shard_map_in_specs_count():
    return lax.cond(True, lambda: _keep20(_b20_shard_map_in_specs_count()), lambda: jnp.float32(0))


@mistake("pytree structure error: different types at key path")
def r20_cond_shard_map_out_specs_structure():
    return lax.cond(
        True, lambda: _keep20(_b20_shard_map_out_specs_structure()), lambda: jnp.float32(0)
    )


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too lon"
)
def r20_cond_shard_map_out_spec_rank():
    return lax.cond(True, lambda: _keep20(_b20_shard_map_out_spec_rank()), lambda: jnp.float32(0))


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes tha"
)
def r20_cond_shard_map_not_divisible():
    return lax.cond(True, lambda: _keep20(_b20_shard_map_not_divisible()), lambda: jnp.float32(0))


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be"
)
def r20_cond_vmap_in_axes_out_of_range():
    return lax.cond(True, lambda: _keep20(_b20_vmap_in_axes_out_of_range()), lambda: jnp.float32(0))


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should b"
)
def r20_cond_vmap_in_axes_negative():
    return lax.cond(True, lambda: _keep20(_b20_vmap_in_axes_negative()), lambda: jnp.float32(0))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_cond_vmap_sizes_with_in_axes():
    return lax.cond(True, lambda: _keep20(_b20_vmap_sizes_with_in_axes()), lambda: jnp.float32(0))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r20_cond_vmap_scalar():
    return lax.cond(True, lambda: _keep20(_b20_vmap_scalar()), lambda: jnp.float32(0))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_cond_vmap_axis_size_conflict():
    return lax.cond(True, lambda: _keep20(_b20_vmap_axis_size_conflict()), lambda: jnp.float32(0))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r20_cond_grad_non_scalar():
    return lax.cond(True, lambda: _keep20(_b20_grad_non_scalar()), lambda: jnp.float32(0))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r20_cond_grad_integer_input():
    return lax.cond(True, lambda: _keep20(_b20_grad_integer_input()), lambda: jnp.float32(0))


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r20_cond_grad_complex_output():
    return lax.cond(True, lambda: _keep20(_b20_grad_complex_output()), lambda: jnp.float32(0))


@mistake(
    "differentiating with respect to argnums=1 requires at least 2 positional arguments to be p"
)
def r20_cond_grad_argnums_out_of_range():
    return lax.cond(True, lambda: _keep20(_b20_grad_argnums_out_of_range()), lambda: jnp.float32(0))


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r20_cond_grad_has_aux_not_pair():
    return lax.cond(True, lambda: _keep20(_b20_grad_has_aux_not_pair()), lambda: jnp.float32(0))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_cond_gradient_bad_axis():
    return lax.cond(True, lambda: _keep20(_b20_gradient_bad_axis()), lambda: jnp.float32(0))


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are requir"
)
def r20_cond_gradient_too_small():
    return lax.cond(True, lambda: _keep20(_b20_gradient_too_small()), lambda: jnp.float32(0))


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (5,) (size 5)")
def r20_cond_reshape_wrong_size():
    return lax.cond(True, lambda: _keep20(_b20_reshape_wrong_size()), lambda: jnp.float32(0))


@mistake(
    "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of spec"
)
def r20_cond_reshape_unknown_not_divisible():
    return lax.cond(
        True, lambda: _keep20(_b20_reshape_unknown_not_divisible()), lambda: jnp.float32(0)
    )


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r20_cond_reshape_negative():
    return lax.cond(True, lambda: _keep20(_b20_reshape_negative()), lambda: jnp.float32(0))


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r20_cond_squeeze_non_unit():
    return lax.cond(True, lambda: _keep20(_b20_squeeze_non_unit()), lambda: jnp.float32(0))


@mistake("array split does not result in an equal division: rest is 1")
def r20_cond_split_uneven():
    return lax.cond(True, lambda: _keep20(_b20_split_uneven()), lambda: jnp.float32(0))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_cond_transpose_axes_length():
    return lax.cond(True, lambda: _keep20(_b20_transpose_axes_length()), lambda: jnp.float32(0))


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r20_cond_normal_key_batch():
    return lax.cond(True, lambda: _keep20(_b20_normal_key_batch()), lambda: jnp.float32(0))


@mistake(
    "split accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap fo"
)
def r20_cond_split_key_batch():
    return lax.cond(True, lambda: _keep20(_b20_split_key_batch()), lambda: jnp.float32(0))


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap"
)
def r20_cond_fold_in_key_batch():
    return lax.cond(True, lambda: _keep20(_b20_fold_in_key_batch()), lambda: jnp.float32(0))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_cond_uniform_raw_key_shape():
    return lax.cond(True, lambda: _keep20(_b20_uniform_raw_key_shape()), lambda: jnp.float32(0))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_cond_wrap_key_data_shape():
    return lax.cond(True, lambda: _keep20(_b20_wrap_key_data_shape()), lambda: jnp.float32(0))


@mistake("cond branches must have equal output types but they differ.")
def r20_cond_cond_branch_shapes():
    return lax.cond(True, lambda: _keep20(_b20_cond_branch_shapes()), lambda: jnp.float32(0))


@mistake("_b20_cond_operand_count.<locals>.<lambda>() missing 1 required positional argument: 'b'")
def r20_cond_cond_operand_count():
    return lax.cond(True, lambda: _keep20(_b20_cond_operand_count()), lambda: jnp.float32(0))


@mistake("Pred must be a scalar, got JitTracer(bool[2]) of shape (2,).")
def r20_cond_cond_pred_not_scalar():
    return lax.cond(True, lambda: _keep20(_b20_cond_pred_not_scalar()), lambda: jnp.float32(0))


@mistake("Index type must be an integer, got 1.5 as float32")
def r20_cond_switch_float_index():
    return lax.cond(True, lambda: _keep20(_b20_switch_float_index()), lambda: jnp.float32(0))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r20_cond_scan_carry_shape():
    return lax.cond(True, lambda: _keep20(_b20_scan_carry_shape()), lambda: jnp.float32(0))


@mistake("scan body output must be a pair, got ~float32[].")
def r20_cond_scan_body_not_pair():
    return lax.cond(True, lambda: _keep20(_b20_scan_body_not_pair()), lambda: jnp.float32(0))


# ---------------------------------------------------------------------------------------------
# fori


@mistake(
    "One of device_put args is incompatible with its sharding annotation NamedSharding(mesh=Mes"
)
def r20_fori_spec_longer_than_rank():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_spec_longer_than_rank()), jnp.float32(0)
    )


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation Nam"
)
def r20_fori_constraint_spec_longer_than_rank():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_constraint_spec_longer_than_rank()), jnp.float32(0)
    )


@mistake(
    "One of pjit arguments with pytree key path a is incompatible with its sharding annotation"
)
def r20_fori_in_shardings_longer_than_rank():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_in_shardings_longer_than_rank()), jnp.float32(0)
    )


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotati"
)
def r20_fori_out_shardings_longer_than_rank():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_out_shardings_longer_than_rank()), jnp.float32(0)
    )


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_fori_out_shardings_structure():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_out_shardings_structure()), jnp.float32(0)
    )


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r20_fori_spec_duplicate_axis():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_spec_duplicate_axis()), jnp.float32(0))


@mistake(
    "Mesh for all inputs should be equal. Got one mesh: AbstractMesh('x': 2, 'y': 4, axis_types"
)
def r20_fori_mixed_explicit_auto():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_mixed_explicit_auto()), jnp.float32(0))


@mistake()
def r20_fori_sharding_other_devices():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_sharding_other_devices()), jnp.float32(0)
    )


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_fori_out_sharding_without_mesh():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_out_sharding_without_mesh()), jnp.float32(0)
    )


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_fori_reshard_without_mesh():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_reshard_without_mesh()), jnp.float32(0)
    )


@mistake("unbound axis name: z")
def r20_fori_shard_map_all_gather_unbound():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_shard_map_all_gather_unbound()), jnp.float32(0)
    )


@mistake(
    "Found an unbound axis name: z. To fix this, please call axis_index under `jax.shard_map`."
)
def r20_fori_shard_map_axis_index_unbound():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_shard_map_axis_index_unbound()), jnp.float32(0)
    )


@mistake("Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`.")
def r20_fori_ppermute_unbound_in_jit():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_ppermute_unbound_in_jit()), jnp.float32(0)
    )


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r20_fori_psum_unbound_in_jit():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_psum_unbound_in_jit()), jnp.float32(0))


@mistake()
def r20_fori_ppermute_repeated_sources():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_ppermute_repeated_sources()), jnp.float32(0)
    )


@mistake()
def r20_fori_ppermute_repeated_destinations():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_ppermute_repeated_destinations()), jnp.float32(0)
    )


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_fori_shard_map_in_specs_count():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_shard_map_in_specs_count()), jnp.float32(0)
    )


@mistake("pytree structure error: different types at key path")
def r20_fori_shard_map_out_specs_structure():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_shard_map_out_specs_structure()), jnp.float32(0)
    )


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too lon"
)
def r20_fori_shard_map_out_spec_rank():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_shard_map_out_spec_rank()), jnp.float32(0)
    )


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes tha"
)
def r20_fori_shard_map_not_divisible():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_shard_map_not_divisible()), jnp.float32(0)
    )


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be"
)
def r20_fori_vmap_in_axes_out_of_range():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_vmap_in_axes_out_of_range()), jnp.float32(0)
    )


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should b"
)
def r20_fori_vmap_in_axes_negative():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_vmap_in_axes_negative()), jnp.float32(0)
    )


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_fori_vmap_sizes_with_in_axes():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_vmap_sizes_with_in_axes()), jnp.float32(0)
    )


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r20_fori_vmap_scalar():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_vmap_scalar()), jnp.float32(0))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_fori_vmap_axis_size_conflict():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_vmap_axis_size_conflict()), jnp.float32(0)
    )


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r20_fori_grad_non_scalar():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_grad_non_scalar()), jnp.float32(0))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r20_fori_grad_integer_input():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_grad_integer_input()), jnp.float32(0))


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r20_fori_grad_complex_output():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_grad_complex_output()), jnp.float32(0))


@mistake(
    "differentiating with respect to argnums=1 requires at least 2 positional arguments to be p"
)
def r20_fori_grad_argnums_out_of_range():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_grad_argnums_out_of_range()), jnp.float32(0)
    )


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r20_fori_grad_has_aux_not_pair():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_grad_has_aux_not_pair()), jnp.float32(0)
    )


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_fori_gradient_bad_axis():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_gradient_bad_axis()), jnp.float32(0))


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are requir"
)
def r20_fori_gradient_too_small():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_gradient_too_small()), jnp.float32(0))


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (5,) (size 5)")
def r20_fori_reshape_wrong_size():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_reshape_wrong_size()), jnp.float32(0))


@mistake(
    "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of spec"
)
def r20_fori_reshape_unknown_not_divisible():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_reshape_unknown_not_divisible()), jnp.float32(0)
    )


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r20_fori_reshape_negative():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_reshape_negative()), jnp.float32(0))


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r20_fori_squeeze_non_unit():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_squeeze_non_unit()), jnp.float32(0))


@mistake("array split does not result in an equal division: rest is 1")
def r20_fori_split_uneven():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_split_uneven()), jnp.float32(0))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_fori_transpose_axes_length():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_transpose_axes_length()), jnp.float32(0)
    )


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r20_fori_normal_key_batch():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_normal_key_batch()), jnp.float32(0))


@mistake(
    "split accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap fo"
)
def r20_fori_split_key_batch():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_split_key_batch()), jnp.float32(0))


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap"
)
def r20_fori_fold_in_key_batch():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_fold_in_key_batch()), jnp.float32(0))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_fori_uniform_raw_key_shape():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_uniform_raw_key_shape()), jnp.float32(0)
    )


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_fori_wrap_key_data_shape():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_wrap_key_data_shape()), jnp.float32(0))


@mistake("cond branches must have equal output types but they differ.")
def r20_fori_cond_branch_shapes():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_cond_branch_shapes()), jnp.float32(0))


@mistake("_b20_cond_operand_count.<locals>.<lambda>() missing 1 required positional argument: 'b'")
def r20_fori_cond_operand_count():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_cond_operand_count()), jnp.float32(0))


@mistake("Pred must be a scalar, got JitTracer(bool[2]) of shape (2,).")
def r20_fori_cond_pred_not_scalar():
    return lax.fori_loop(
        0, 1, lambda i, c: c + _keep20(_b20_cond_pred_not_scalar()), jnp.float32(0)
    )


@mistake("Index type must be an integer, got 1.5 as float32")
def r20_fori_switch_float_index():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_switch_float_index()), jnp.float32(0))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r20_fori_scan_carry_shape():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_scan_carry_shape()), jnp.float32(0))


@mistake("scan body output must be a pair, got ~float32[].")
def r20_fori_scan_body_not_pair():
    return lax.fori_loop(0, 1, lambda i, c: c + _keep20(_b20_scan_body_not_pair()), jnp.float32(0))


# ---------------------------------------------------------------------------------------------
# scan


@mistake(
    "One of device_put args is incompatible with its sharding annotation NamedSharding(mesh=Mes"
)
def r20_scan_spec_longer_than_rank():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_spec_longer_than_rank()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation Nam"
)
def r20_scan_constraint_spec_longer_than_rank():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_constraint_spec_longer_than_rank()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "One of pjit arguments with pytree key path a is incompatible with its sharding annotation"
)
def r20_scan_in_shardings_longer_than_rank():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_in_shardings_longer_than_rank()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotati"
)
def r20_scan_out_shardings_longer_than_rank():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_out_shardings_longer_than_rank()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_scan_out_shardings_structure():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_out_shardings_structure()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r20_scan_spec_duplicate_axis():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_spec_duplicate_axis()), None), jnp.float32(0), None, length=1
    )


@mistake(
    "Mesh for all inputs should be equal. Got one mesh: AbstractMesh('x': 2, 'y': 4, axis_types"
)
def r20_scan_mixed_explicit_auto():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_mixed_explicit_auto()), None), jnp.float32(0), None, length=1
    )


@mistake()
def r20_scan_sharding_other_devices():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_sharding_other_devices()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_scan_out_sharding_without_mesh():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_out_sharding_without_mesh()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_scan_reshard_without_mesh():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_reshard_without_mesh()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("unbound axis name: z")
def r20_scan_shard_map_all_gather_unbound():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_shard_map_all_gather_unbound()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "Found an unbound axis name: z. To fix this, please call axis_index under `jax.shard_map`."
)
def r20_scan_shard_map_axis_index_unbound():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_shard_map_axis_index_unbound()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`.")
def r20_scan_ppermute_unbound_in_jit():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_ppermute_unbound_in_jit()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r20_scan_psum_unbound_in_jit():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_psum_unbound_in_jit()), None), jnp.float32(0), None, length=1
    )


@mistake()
def r20_scan_ppermute_repeated_sources():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_ppermute_repeated_sources()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake()
def r20_scan_ppermute_repeated_destinations():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_ppermute_repeated_destinations()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_scan_shard_map_in_specs_count():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_shard_map_in_specs_count()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("pytree structure error: different types at key path")
def r20_scan_shard_map_out_specs_structure():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_shard_map_out_specs_structure()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too lon"
)
def r20_scan_shard_map_out_spec_rank():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_shard_map_out_spec_rank()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes tha"
)
def r20_scan_shard_map_not_divisible():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_shard_map_not_divisible()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be"
)
def r20_scan_vmap_in_axes_out_of_range():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_vmap_in_axes_out_of_range()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should b"
)
def r20_scan_vmap_in_axes_negative():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_vmap_in_axes_negative()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_scan_vmap_sizes_with_in_axes():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_vmap_sizes_with_in_axes()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r20_scan_vmap_scalar():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_vmap_scalar()), None), jnp.float32(0), None, length=1
    )


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_scan_vmap_axis_size_conflict():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_vmap_axis_size_conflict()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r20_scan_grad_non_scalar():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_grad_non_scalar()), None), jnp.float32(0), None, length=1
    )


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r20_scan_grad_integer_input():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_grad_integer_input()), None), jnp.float32(0), None, length=1
    )


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r20_scan_grad_complex_output():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_grad_complex_output()), None), jnp.float32(0), None, length=1
    )


@mistake(
    "differentiating with respect to argnums=1 requires at least 2 positional arguments to be p"
)
def r20_scan_grad_argnums_out_of_range():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_grad_argnums_out_of_range()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r20_scan_grad_has_aux_not_pair():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_grad_has_aux_not_pair()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_scan_gradient_bad_axis():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_gradient_bad_axis()), None), jnp.float32(0), None, length=1
    )


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are requir"
)
def r20_scan_gradient_too_small():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_gradient_too_small()), None), jnp.float32(0), None, length=1
    )


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (5,) (size 5)")
def r20_scan_reshape_wrong_size():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_reshape_wrong_size()), None), jnp.float32(0), None, length=1
    )


@mistake(
    "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of spec"
)
def r20_scan_reshape_unknown_not_divisible():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_reshape_unknown_not_divisible()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r20_scan_reshape_negative():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_reshape_negative()), None), jnp.float32(0), None, length=1
    )


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r20_scan_squeeze_non_unit():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_squeeze_non_unit()), None), jnp.float32(0), None, length=1
    )


@mistake("array split does not result in an equal division: rest is 1")
def r20_scan_split_uneven():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_split_uneven()), None), jnp.float32(0), None, length=1
    )


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_scan_transpose_axes_length():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_transpose_axes_length()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r20_scan_normal_key_batch():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_normal_key_batch()), None), jnp.float32(0), None, length=1
    )


@mistake(
    "split accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap fo"
)
def r20_scan_split_key_batch():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_split_key_batch()), None), jnp.float32(0), None, length=1
    )


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap"
)
def r20_scan_fold_in_key_batch():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_fold_in_key_batch()), None), jnp.float32(0), None, length=1
    )


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_scan_uniform_raw_key_shape():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_uniform_raw_key_shape()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_scan_wrap_key_data_shape():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_wrap_key_data_shape()), None), jnp.float32(0), None, length=1
    )


@mistake("cond branches must have equal output types but they differ.")
def r20_scan_cond_branch_shapes():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_cond_branch_shapes()), None), jnp.float32(0), None, length=1
    )


@mistake("_b20_cond_operand_count.<locals>.<lambda>() missing 1 required positional argument: 'b'")
def r20_scan_cond_operand_count():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_cond_operand_count()), None), jnp.float32(0), None, length=1
    )


@mistake("Pred must be a scalar, got JitTracer(bool[2]) of shape (2,).")
def r20_scan_cond_pred_not_scalar():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_cond_pred_not_scalar()), None),
        jnp.float32(0),
        None,
        length=1,
    )


@mistake("Index type must be an integer, got 1.5 as float32")
def r20_scan_switch_float_index():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_switch_float_index()), None), jnp.float32(0), None, length=1
    )


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r20_scan_scan_carry_shape():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_scan_carry_shape()), None), jnp.float32(0), None, length=1
    )


@mistake("scan body output must be a pair, got ~float32[].")
def r20_scan_scan_body_not_pair():
    return lax.scan(
        lambda c, _: (c + _keep20(_b20_scan_body_not_pair()), None), jnp.float32(0), None, length=1
    )


# ---------------------------------------------------------------------------------------------
# vmap


@mistake(
    "One of device_put args is incompatible with its sharding annotation NamedSharding(mesh=Mes"
)
def r20_vmap_spec_longer_than_rank():
    return jax.vmap(lambda v: v + _keep20(_b20_spec_longer_than_rank()))(jnp.ones(1))


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation Nam"
)
def r20_vmap_constraint_spec_longer_than_rank():
    return jax.vmap(lambda v: v + _keep20(_b20_constraint_spec_longer_than_rank()))(jnp.ones(1))


@mistake(
    "One of pjit arguments with pytree key path a is incompatible with its sharding annotation"
)
def r20_vmap_in_shardings_longer_than_rank():
    return jax.vmap(lambda v: v + _keep20(_b20_in_shardings_longer_than_rank()))(jnp.ones(1))


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotati"
)
def r20_vmap_out_shardings_longer_than_rank():
    return jax.vmap(lambda v: v + _keep20(_b20_out_shardings_longer_than_rank()))(jnp.ones(1))


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_vmap_out_shardings_structure():
    return jax.vmap(lambda v: v + _keep20(_b20_out_shardings_structure()))(jnp.ones(1))


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r20_vmap_spec_duplicate_axis():
    return jax.vmap(lambda v: v + _keep20(_b20_spec_duplicate_axis()))(jnp.ones(1))


@mistake(
    "Mesh for all inputs should be equal. Got one mesh: AbstractMesh('x': 2, 'y': 4, axis_types"
)
def r20_vmap_mixed_explicit_auto():
    return jax.vmap(lambda v: v + _keep20(_b20_mixed_explicit_auto()))(jnp.ones(1))


@mistake(
    "Received incompatible devices for jitted computation. Got argument a of _b20_sharding_othe"
)
def r20_vmap_sharding_other_devices():
    return jax.vmap(lambda v: v + _keep20(_b20_sharding_other_devices()))(jnp.ones(1))


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_vmap_out_sharding_without_mesh():
    return jax.vmap(lambda v: v + _keep20(_b20_out_sharding_without_mesh()))(jnp.ones(1))


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_vmap_reshard_without_mesh():
    return jax.vmap(lambda v: v + _keep20(_b20_reshard_without_mesh()))(jnp.ones(1))


@mistake("unbound axis name: z")
def r20_vmap_shard_map_all_gather_unbound():
    return jax.vmap(lambda v: v + _keep20(_b20_shard_map_all_gather_unbound()))(jnp.ones(1))


@mistake(
    "Found an unbound axis name: z. To fix this, please call axis_index under `jax.shard_map`."
)
def r20_vmap_shard_map_axis_index_unbound():
    return jax.vmap(lambda v: v + _keep20(_b20_shard_map_axis_index_unbound()))(jnp.ones(1))


@mistake("Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`.")
def r20_vmap_ppermute_unbound_in_jit():
    return jax.vmap(lambda v: v + _keep20(_b20_ppermute_unbound_in_jit()))(jnp.ones(1))


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r20_vmap_psum_unbound_in_jit():
    return jax.vmap(lambda v: v + _keep20(_b20_psum_unbound_in_jit()))(jnp.ones(1))


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (0, 0)).")
def r20_vmap_ppermute_repeated_sources():
    return jax.vmap(lambda v: v + _keep20(_b20_ppermute_repeated_sources()))(jnp.ones(1))


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (1, 1)).")
def r20_vmap_ppermute_repeated_destinations():
    return jax.vmap(lambda v: v + _keep20(_b20_ppermute_repeated_destinations()))(jnp.ones(1))


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_vmap_shard_map_in_specs_count():
    return jax.vmap(lambda v: v + _keep20(_b20_shard_map_in_specs_count()))(jnp.ones(1))


@mistake("pytree structure error: different types at key path")
def r20_vmap_shard_map_out_specs_structure():
    return jax.vmap(lambda v: v + _keep20(_b20_shard_map_out_specs_structure()))(jnp.ones(1))


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too lon"
)
def r20_vmap_shard_map_out_spec_rank():
    return jax.vmap(lambda v: v + _keep20(_b20_shard_map_out_spec_rank()))(jnp.ones(1))


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes tha"
)
def r20_vmap_shard_map_not_divisible():
    return jax.vmap(lambda v: v + _keep20(_b20_shard_map_not_divisible()))(jnp.ones(1))


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be"
)
def r20_vmap_vmap_in_axes_out_of_range():
    return jax.vmap(lambda v: v + _keep20(_b20_vmap_in_axes_out_of_range()))(jnp.ones(1))


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should b"
)
def r20_vmap_vmap_in_axes_negative():
    return jax.vmap(lambda v: v + _keep20(_b20_vmap_in_axes_negative()))(jnp.ones(1))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_vmap_vmap_sizes_with_in_axes():
    return jax.vmap(lambda v: v + _keep20(_b20_vmap_sizes_with_in_axes()))(jnp.ones(1))


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r20_vmap_vmap_scalar():
    return jax.vmap(lambda v: v + _keep20(_b20_vmap_scalar()))(jnp.ones(1))


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_vmap_vmap_axis_size_conflict():
    return jax.vmap(lambda v: v + _keep20(_b20_vmap_axis_size_conflict()))(jnp.ones(1))


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r20_vmap_grad_non_scalar():
    return jax.vmap(lambda v: v + _keep20(_b20_grad_non_scalar()))(jnp.ones(1))


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r20_vmap_grad_integer_input():
    return jax.vmap(lambda v: v + _keep20(_b20_grad_integer_input()))(jnp.ones(1))


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r20_vmap_grad_complex_output():
    return jax.vmap(lambda v: v + _keep20(_b20_grad_complex_output()))(jnp.ones(1))


@mistake(
    "differentiating with respect to argnums=1 requires at least 2 positional arguments to be p"
)
def r20_vmap_grad_argnums_out_of_range():
    return jax.vmap(lambda v: v + _keep20(_b20_grad_argnums_out_of_range()))(jnp.ones(1))


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r20_vmap_grad_has_aux_not_pair():
    return jax.vmap(lambda v: v + _keep20(_b20_grad_has_aux_not_pair()))(jnp.ones(1))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_vmap_gradient_bad_axis():
    return jax.vmap(lambda v: v + _keep20(_b20_gradient_bad_axis()))(jnp.ones(1))


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are requir"
)
def r20_vmap_gradient_too_small():
    return jax.vmap(lambda v: v + _keep20(_b20_gradient_too_small()))(jnp.ones(1))


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (5,) (size 5)")
def r20_vmap_reshape_wrong_size():
    return jax.vmap(lambda v: v + _keep20(_b20_reshape_wrong_size()))(jnp.ones(1))


@mistake(
    "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of spec"
)
def r20_vmap_reshape_unknown_not_divisible():
    return jax.vmap(lambda v: v + _keep20(_b20_reshape_unknown_not_divisible()))(jnp.ones(1))


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r20_vmap_reshape_negative():
    return jax.vmap(lambda v: v + _keep20(_b20_reshape_negative()))(jnp.ones(1))


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r20_vmap_squeeze_non_unit():
    return jax.vmap(lambda v: v + _keep20(_b20_squeeze_non_unit()))(jnp.ones(1))


@mistake("array split does not result in an equal division: rest is 1")
def r20_vmap_split_uneven():
    return jax.vmap(lambda v: v + _keep20(_b20_split_uneven()))(jnp.ones(1))


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_vmap_transpose_axes_length():
    return jax.vmap(lambda v: v + _keep20(_b20_transpose_axes_length()))(jnp.ones(1))


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r20_vmap_normal_key_batch():
    return jax.vmap(lambda v: v + _keep20(_b20_normal_key_batch()))(jnp.ones(1))


@mistake(
    "split accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap fo"
)
def r20_vmap_split_key_batch():
    return jax.vmap(lambda v: v + _keep20(_b20_split_key_batch()))(jnp.ones(1))


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap"
)
def r20_vmap_fold_in_key_batch():
    return jax.vmap(lambda v: v + _keep20(_b20_fold_in_key_batch()))(jnp.ones(1))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_vmap_uniform_raw_key_shape():
    return jax.vmap(lambda v: v + _keep20(_b20_uniform_raw_key_shape()))(jnp.ones(1))


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_vmap_wrap_key_data_shape():
    return jax.vmap(lambda v: v + _keep20(_b20_wrap_key_data_shape()))(jnp.ones(1))


@mistake("cond branches must have equal output types but they differ.")
def r20_vmap_cond_branch_shapes():
    return jax.vmap(lambda v: v + _keep20(_b20_cond_branch_shapes()))(jnp.ones(1))


@mistake("_b20_cond_operand_count.<locals>.<lambda>() missing 1 required positional argument: 'b'")
def r20_vmap_cond_operand_count():
    return jax.vmap(lambda v: v + _keep20(_b20_cond_operand_count()))(jnp.ones(1))


@mistake("Pred must be a scalar, got [ True  True] of shape (2,).")
def r20_vmap_cond_pred_not_scalar():
    return jax.vmap(lambda v: v + _keep20(_b20_cond_pred_not_scalar()))(jnp.ones(1))


@mistake("Index type must be an integer, got 1.5 as float32")
def r20_vmap_switch_float_index():
    return jax.vmap(lambda v: v + _keep20(_b20_switch_float_index()))(jnp.ones(1))


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r20_vmap_scan_carry_shape():
    return jax.vmap(lambda v: v + _keep20(_b20_scan_carry_shape()))(jnp.ones(1))


@mistake("scan body output must be a pair, got ~float32[].")
def r20_vmap_scan_body_not_pair():
    return jax.vmap(lambda v: v + _keep20(_b20_scan_body_not_pair()))(jnp.ones(1))


# ---------------------------------------------------------------------------------------------
# grad


@mistake(
    "One of device_put args is incompatible with its sharding annotation NamedSharding(mesh=Mes"
)
def r20_grad_spec_longer_than_rank():
    return jax.grad(lambda v: v + _keep20(_b20_spec_longer_than_rank()))(1.0)


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation Nam"
)
def r20_grad_constraint_spec_longer_than_rank():
    return jax.grad(lambda v: v + _keep20(_b20_constraint_spec_longer_than_rank()))(1.0)


@mistake(
    "One of pjit arguments with pytree key path a is incompatible with its sharding annotation"
)
def r20_grad_in_shardings_longer_than_rank():
    return jax.grad(lambda v: v + _keep20(_b20_in_shardings_longer_than_rank()))(1.0)


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotati"
)
def r20_grad_out_shardings_longer_than_rank():
    return jax.grad(lambda v: v + _keep20(_b20_out_shardings_longer_than_rank()))(1.0)


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_grad_out_shardings_structure():
    return jax.grad(lambda v: v + _keep20(_b20_out_shardings_structure()))(1.0)


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r20_grad_spec_duplicate_axis():
    return jax.grad(lambda v: v + _keep20(_b20_spec_duplicate_axis()))(1.0)


@mistake(
    "Mesh for all inputs should be equal. Got one mesh: AbstractMesh('x': 2, 'y': 4, axis_types"
)
def r20_grad_mixed_explicit_auto():
    return jax.grad(lambda v: v + _keep20(_b20_mixed_explicit_auto()))(1.0)


@mistake(
    "Received incompatible devices for jitted computation. Got argument a of _b20_sharding_othe"
)
def r20_grad_sharding_other_devices():
    return jax.grad(lambda v: v + _keep20(_b20_sharding_other_devices()))(1.0)


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_grad_out_sharding_without_mesh():
    return jax.grad(lambda v: v + _keep20(_b20_out_sharding_without_mesh()))(1.0)


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_grad_reshard_without_mesh():
    return jax.grad(lambda v: v + _keep20(_b20_reshard_without_mesh()))(1.0)


@mistake("unbound axis name: z")
def r20_grad_shard_map_all_gather_unbound():
    return jax.grad(lambda v: v + _keep20(_b20_shard_map_all_gather_unbound()))(1.0)


@mistake(
    "Found an unbound axis name: z. To fix this, please call axis_index under `jax.shard_map`."
)
def r20_grad_shard_map_axis_index_unbound():
    return jax.grad(lambda v: v + _keep20(_b20_shard_map_axis_index_unbound()))(1.0)


@mistake("Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`.")
def r20_grad_ppermute_unbound_in_jit():
    return jax.grad(lambda v: v + _keep20(_b20_ppermute_unbound_in_jit()))(1.0)


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r20_grad_psum_unbound_in_jit():
    return jax.grad(lambda v: v + _keep20(_b20_psum_unbound_in_jit()))(1.0)


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (0, 0)).")
def r20_grad_ppermute_repeated_sources():
    return jax.grad(lambda v: v + _keep20(_b20_ppermute_repeated_sources()))(1.0)


@mistake("ppermute sources and destinations must be unique, got ((0, 1), (1, 1)).")
def r20_grad_ppermute_repeated_destinations():
    return jax.grad(lambda v: v + _keep20(_b20_ppermute_repeated_destinations()))(1.0)


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_grad_shard_map_in_specs_count():
    return jax.grad(lambda v: v + _keep20(_b20_shard_map_in_specs_count()))(1.0)


@mistake("pytree structure error: different types at key path")
def r20_grad_shard_map_out_specs_structure():
    return jax.grad(lambda v: v + _keep20(_b20_shard_map_out_specs_structure()))(1.0)


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too lon"
)
def r20_grad_shard_map_out_spec_rank():
    return jax.grad(lambda v: v + _keep20(_b20_shard_map_out_spec_rank()))(1.0)


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes tha"
)
def r20_grad_shard_map_not_divisible():
    return jax.grad(lambda v: v + _keep20(_b20_shard_map_not_divisible()))(1.0)


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be"
)
def r20_grad_vmap_in_axes_out_of_range():
    return jax.grad(lambda v: v + _keep20(_b20_vmap_in_axes_out_of_range()))(1.0)


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should b"
)
def r20_grad_vmap_in_axes_negative():
    return jax.grad(lambda v: v + _keep20(_b20_vmap_in_axes_negative()))(1.0)


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_grad_vmap_sizes_with_in_axes():
    return jax.grad(lambda v: v + _keep20(_b20_vmap_sizes_with_in_axes()))(1.0)


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r20_grad_vmap_scalar():
    return jax.grad(lambda v: v + _keep20(_b20_vmap_scalar()))(1.0)


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_grad_vmap_axis_size_conflict():
    return jax.grad(lambda v: v + _keep20(_b20_vmap_axis_size_conflict()))(1.0)


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r20_grad_grad_non_scalar():
    return jax.grad(lambda v: v + _keep20(_b20_grad_non_scalar()))(1.0)


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r20_grad_grad_integer_input():
    return jax.grad(lambda v: v + _keep20(_b20_grad_integer_input()))(1.0)


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r20_grad_grad_complex_output():
    return jax.grad(lambda v: v + _keep20(_b20_grad_complex_output()))(1.0)


@mistake(
    "differentiating with respect to argnums=1 requires at least 2 positional arguments to be p"
)
def r20_grad_grad_argnums_out_of_range():
    return jax.grad(lambda v: v + _keep20(_b20_grad_argnums_out_of_range()))(1.0)


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r20_grad_grad_has_aux_not_pair():
    return jax.grad(lambda v: v + _keep20(_b20_grad_has_aux_not_pair()))(1.0)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_grad_gradient_bad_axis():
    return jax.grad(lambda v: v + _keep20(_b20_gradient_bad_axis()))(1.0)


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are requir"
)
def r20_grad_gradient_too_small():
    return jax.grad(lambda v: v + _keep20(_b20_gradient_too_small()))(1.0)


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (5,) (size 5)")
def r20_grad_reshape_wrong_size():
    return jax.grad(lambda v: v + _keep20(_b20_reshape_wrong_size()))(1.0)


@mistake(
    "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of spec"
)
def r20_grad_reshape_unknown_not_divisible():
    return jax.grad(lambda v: v + _keep20(_b20_reshape_unknown_not_divisible()))(1.0)


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r20_grad_reshape_negative():
    return jax.grad(lambda v: v + _keep20(_b20_reshape_negative()))(1.0)


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r20_grad_squeeze_non_unit():
    return jax.grad(lambda v: v + _keep20(_b20_squeeze_non_unit()))(1.0)


@mistake("array split does not result in an equal division: rest is 1")
def r20_grad_split_uneven():
    return jax.grad(lambda v: v + _keep20(_b20_split_uneven()))(1.0)


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_grad_transpose_axes_length():
    return jax.grad(lambda v: v + _keep20(_b20_transpose_axes_length()))(1.0)


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r20_grad_normal_key_batch():
    return jax.grad(lambda v: v + _keep20(_b20_normal_key_batch()))(1.0)


@mistake(
    "split accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap fo"
)
def r20_grad_split_key_batch():
    return jax.grad(lambda v: v + _keep20(_b20_split_key_batch()))(1.0)


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap"
)
def r20_grad_fold_in_key_batch():
    return jax.grad(lambda v: v + _keep20(_b20_fold_in_key_batch()))(1.0)


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_grad_uniform_raw_key_shape():
    return jax.grad(lambda v: v + _keep20(_b20_uniform_raw_key_shape()))(1.0)


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_grad_wrap_key_data_shape():
    return jax.grad(lambda v: v + _keep20(_b20_wrap_key_data_shape()))(1.0)


@mistake("cond branches must have equal output types but they differ.")
def r20_grad_cond_branch_shapes():
    return jax.grad(lambda v: v + _keep20(_b20_cond_branch_shapes()))(1.0)


@mistake("_b20_cond_operand_count.<locals>.<lambda>() missing 1 required positional argument: 'b'")
def r20_grad_cond_operand_count():
    return jax.grad(lambda v: v + _keep20(_b20_cond_operand_count()))(1.0)


@mistake("Pred must be a scalar, got [ True  True] of shape (2,).")
def r20_grad_cond_pred_not_scalar():
    return jax.grad(lambda v: v + _keep20(_b20_cond_pred_not_scalar()))(1.0)


@mistake("Index type must be an integer, got 1.5 as float32")
def r20_grad_switch_float_index():
    return jax.grad(lambda v: v + _keep20(_b20_switch_float_index()))(1.0)


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r20_grad_scan_carry_shape():
    return jax.grad(lambda v: v + _keep20(_b20_scan_carry_shape()))(1.0)


@mistake("scan body output must be a pair, got ~float32[].")
def r20_grad_scan_body_not_pair():
    return jax.grad(lambda v: v + _keep20(_b20_scan_body_not_pair()))(1.0)


# ---------------------------------------------------------------------------------------------
# make_jaxpr


@mistake(
    "One of device_put args is incompatible with its sharding annotation NamedSharding(mesh=Mes"
)
def r20_make_jaxpr_spec_longer_than_rank():
    return jax.make_jaxpr(lambda: _keep20(_b20_spec_longer_than_rank()))()


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation Nam"
)
def r20_make_jaxpr_constraint_spec_longer_than_rank():
    return jax.make_jaxpr(lambda: _keep20(_b20_constraint_spec_longer_than_rank()))()


@mistake(
    "One of pjit arguments with pytree key path a is incompatible with its sharding annotation"
)
def r20_make_jaxpr_in_shardings_longer_than_rank():
    return jax.make_jaxpr(lambda: _keep20(_b20_in_shardings_longer_than_rank()))()


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotati"
)
def r20_make_jaxpr_out_shardings_longer_than_rank():
    return jax.make_jaxpr(lambda: _keep20(_b20_out_shardings_longer_than_rank()))()


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_make_jaxpr_out_shardings_structure():
    return jax.make_jaxpr(lambda: _keep20(_b20_out_shardings_structure()))()


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r20_make_jaxpr_spec_duplicate_axis():
    return jax.make_jaxpr(lambda: _keep20(_b20_spec_duplicate_axis()))()


@mistake(
    "Mesh for all inputs should be equal. Got one mesh: AbstractMesh('x': 2, 'y': 4, axis_types"
)
def r20_make_jaxpr_mixed_explicit_auto():
    return jax.make_jaxpr(lambda: _keep20(_b20_mixed_explicit_auto()))()


@mistake()
def r20_make_jaxpr_sharding_other_devices():
    return jax.make_jaxpr(lambda: _keep20(_b20_sharding_other_devices()))()


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_make_jaxpr_out_sharding_without_mesh():
    return jax.make_jaxpr(lambda: _keep20(_b20_out_sharding_without_mesh()))()


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_make_jaxpr_reshard_without_mesh():
    return jax.make_jaxpr(lambda: _keep20(_b20_reshard_without_mesh()))()


@mistake("unbound axis name: z")
def r20_make_jaxpr_shard_map_all_gather_unbound():
    return jax.make_jaxpr(lambda: _keep20(_b20_shard_map_all_gather_unbound()))()


@mistake(
    "Found an unbound axis name: z. To fix this, please call axis_index under `jax.shard_map`."
)
def r20_make_jaxpr_shard_map_axis_index_unbound():
    return jax.make_jaxpr(lambda: _keep20(_b20_shard_map_axis_index_unbound()))()


@mistake("Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`.")
def r20_make_jaxpr_ppermute_unbound_in_jit():
    return jax.make_jaxpr(lambda: _keep20(_b20_ppermute_unbound_in_jit()))()


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r20_make_jaxpr_psum_unbound_in_jit():
    return jax.make_jaxpr(lambda: _keep20(_b20_psum_unbound_in_jit()))()


@mistake()
def r20_make_jaxpr_ppermute_repeated_sources():
    return jax.make_jaxpr(lambda: _keep20(_b20_ppermute_repeated_sources()))()


@mistake()
def r20_make_jaxpr_ppermute_repeated_destinations():
    return jax.make_jaxpr(lambda: _keep20(_b20_ppermute_repeated_destinations()))()


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_make_jaxpr_shard_map_in_specs_count():
    return jax.make_jaxpr(lambda: _keep20(_b20_shard_map_in_specs_count()))()


@mistake("pytree structure error: different types at key path")
def r20_make_jaxpr_shard_map_out_specs_structure():
    return jax.make_jaxpr(lambda: _keep20(_b20_shard_map_out_specs_structure()))()


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too lon"
)
def r20_make_jaxpr_shard_map_out_spec_rank():
    return jax.make_jaxpr(lambda: _keep20(_b20_shard_map_out_spec_rank()))()


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes tha"
)
def r20_make_jaxpr_shard_map_not_divisible():
    return jax.make_jaxpr(lambda: _keep20(_b20_shard_map_not_divisible()))()


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be"
)
def r20_make_jaxpr_vmap_in_axes_out_of_range():
    return jax.make_jaxpr(lambda: _keep20(_b20_vmap_in_axes_out_of_range()))()


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should b"
)
def r20_make_jaxpr_vmap_in_axes_negative():
    return jax.make_jaxpr(lambda: _keep20(_b20_vmap_in_axes_negative()))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_make_jaxpr_vmap_sizes_with_in_axes():
    return jax.make_jaxpr(lambda: _keep20(_b20_vmap_sizes_with_in_axes()))()


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r20_make_jaxpr_vmap_scalar():
    return jax.make_jaxpr(lambda: _keep20(_b20_vmap_scalar()))()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_make_jaxpr_vmap_axis_size_conflict():
    return jax.make_jaxpr(lambda: _keep20(_b20_vmap_axis_size_conflict()))()


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r20_make_jaxpr_grad_non_scalar():
    return jax.make_jaxpr(lambda: _keep20(_b20_grad_non_scalar()))()


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r20_make_jaxpr_grad_integer_input():
    return jax.make_jaxpr(lambda: _keep20(_b20_grad_integer_input()))()


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r20_make_jaxpr_grad_complex_output():
    return jax.make_jaxpr(lambda: _keep20(_b20_grad_complex_output()))()


@mistake(
    "differentiating with respect to argnums=1 requires at least 2 positional arguments to be p"
)
def r20_make_jaxpr_grad_argnums_out_of_range():
    return jax.make_jaxpr(lambda: _keep20(_b20_grad_argnums_out_of_range()))()


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r20_make_jaxpr_grad_has_aux_not_pair():
    return jax.make_jaxpr(lambda: _keep20(_b20_grad_has_aux_not_pair()))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_make_jaxpr_gradient_bad_axis():
    return jax.make_jaxpr(lambda: _keep20(_b20_gradient_bad_axis()))()


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are requir"
)
def r20_make_jaxpr_gradient_too_small():
    return jax.make_jaxpr(lambda: _keep20(_b20_gradient_too_small()))()


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (5,) (size 5)")
def r20_make_jaxpr_reshape_wrong_size():
    return jax.make_jaxpr(lambda: _keep20(_b20_reshape_wrong_size()))()


@mistake(
    "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of spec"
)
def r20_make_jaxpr_reshape_unknown_not_divisible():
    return jax.make_jaxpr(lambda: _keep20(_b20_reshape_unknown_not_divisible()))()


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r20_make_jaxpr_reshape_negative():
    return jax.make_jaxpr(lambda: _keep20(_b20_reshape_negative()))()


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r20_make_jaxpr_squeeze_non_unit():
    return jax.make_jaxpr(lambda: _keep20(_b20_squeeze_non_unit()))()


@mistake("array split does not result in an equal division: rest is 1")
def r20_make_jaxpr_split_uneven():
    return jax.make_jaxpr(lambda: _keep20(_b20_split_uneven()))()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_make_jaxpr_transpose_axes_length():
    return jax.make_jaxpr(lambda: _keep20(_b20_transpose_axes_length()))()


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r20_make_jaxpr_normal_key_batch():
    return jax.make_jaxpr(lambda: _keep20(_b20_normal_key_batch()))()


@mistake(
    "split accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap fo"
)
def r20_make_jaxpr_split_key_batch():
    return jax.make_jaxpr(lambda: _keep20(_b20_split_key_batch()))()


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap"
)
def r20_make_jaxpr_fold_in_key_batch():
    return jax.make_jaxpr(lambda: _keep20(_b20_fold_in_key_batch()))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_make_jaxpr_uniform_raw_key_shape():
    return jax.make_jaxpr(lambda: _keep20(_b20_uniform_raw_key_shape()))()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_make_jaxpr_wrap_key_data_shape():
    return jax.make_jaxpr(lambda: _keep20(_b20_wrap_key_data_shape()))()


@mistake("cond branches must have equal output types but they differ.")
def r20_make_jaxpr_cond_branch_shapes():
    return jax.make_jaxpr(lambda: _keep20(_b20_cond_branch_shapes()))()


@mistake("_b20_cond_operand_count.<locals>.<lambda>() missing 1 required positional argument: 'b'")
def r20_make_jaxpr_cond_operand_count():
    return jax.make_jaxpr(lambda: _keep20(_b20_cond_operand_count()))()


@mistake("Pred must be a scalar, got JitTracer(bool[2]) of shape (2,).")
def r20_make_jaxpr_cond_pred_not_scalar():
    return jax.make_jaxpr(lambda: _keep20(_b20_cond_pred_not_scalar()))()


@mistake("Index type must be an integer, got 1.5 as float32")
def r20_make_jaxpr_switch_float_index():
    return jax.make_jaxpr(lambda: _keep20(_b20_switch_float_index()))()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r20_make_jaxpr_scan_carry_shape():
    return jax.make_jaxpr(lambda: _keep20(_b20_scan_carry_shape()))()


@mistake("scan body output must be a pair, got ~float32[].")
def r20_make_jaxpr_scan_body_not_pair():
    return jax.make_jaxpr(lambda: _keep20(_b20_scan_body_not_pair()))()


# ---------------------------------------------------------------------------------------------
# lower


@mistake(
    "One of device_put args is incompatible with its sharding annotation NamedSharding(mesh=Mes"
)
def r20_lower_spec_longer_than_rank():
    return jax.jit(lambda: _keep20(_b20_spec_longer_than_rank())).lower()


@mistake(
    "One of with_sharding_constraint arguments is incompatible with its sharding annotation Nam"
)
def r20_lower_constraint_spec_longer_than_rank():
    return jax.jit(lambda: _keep20(_b20_constraint_spec_longer_than_rank())).lower()


@mistake(
    "One of pjit arguments with pytree key path a is incompatible with its sharding annotation"
)
def r20_lower_in_shardings_longer_than_rank():
    return jax.jit(lambda: _keep20(_b20_in_shardings_longer_than_rank())).lower()


@mistake(
    "One of pjit outputs with pytree key path result is incompatible with its sharding annotati"
)
def r20_lower_out_shardings_longer_than_rank():
    return jax.jit(lambda: _keep20(_b20_out_shardings_longer_than_rank())).lower()


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_lower_out_shardings_structure():
    return jax.jit(lambda: _keep20(_b20_out_shardings_structure())).lower()


@mistake(
    "A single NamedSharding spec specification can map every mesh axis to at most one positiona"
)
def r20_lower_spec_duplicate_axis():
    return jax.jit(lambda: _keep20(_b20_spec_duplicate_axis())).lower()


@mistake(
    "Mesh for all inputs should be equal. Got one mesh: AbstractMesh('x': 2, 'y': 4, axis_types"
)
def r20_lower_mixed_explicit_auto():
    return jax.jit(lambda: _keep20(_b20_mixed_explicit_auto())).lower()


@mistake()
def r20_lower_sharding_other_devices():
    return jax.jit(lambda: _keep20(_b20_sharding_other_devices())).lower()


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_lower_out_sharding_without_mesh():
    return jax.jit(lambda: _keep20(_b20_out_sharding_without_mesh())).lower()


@mistake(
    "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass a Na"
)
def r20_lower_reshard_without_mesh():
    return jax.jit(lambda: _keep20(_b20_reshard_without_mesh())).lower()


@mistake("unbound axis name: z")
def r20_lower_shard_map_all_gather_unbound():
    return jax.jit(lambda: _keep20(_b20_shard_map_all_gather_unbound())).lower()


@mistake(
    "Found an unbound axis name: z. To fix this, please call axis_index under `jax.shard_map`."
)
def r20_lower_shard_map_axis_index_unbound():
    return jax.jit(lambda: _keep20(_b20_shard_map_axis_index_unbound())).lower()


@mistake("Found an unbound axis name: x. To fix this, please call ppermute under `jax.shard_map`.")
def r20_lower_ppermute_unbound_in_jit():
    return jax.jit(lambda: _keep20(_b20_ppermute_unbound_in_jit())).lower()


@mistake("Found an unbound axis name: i. To fix this, please call psum under `jax.shard_map`.")
def r20_lower_psum_unbound_in_jit():
    return jax.jit(lambda: _keep20(_b20_psum_unbound_in_jit())).lower()


@mistake()
def r20_lower_ppermute_repeated_sources():
    return jax.jit(lambda: _keep20(_b20_ppermute_repeated_sources())).lower()


@mistake()
def r20_lower_ppermute_repeated_destinations():
    return jax.jit(lambda: _keep20(_b20_ppermute_repeated_destinations())).lower()


@mistake("pytree structure error: different lengths of tuple at key path")
def r20_lower_shard_map_in_specs_count():
    return jax.jit(lambda: _keep20(_b20_shard_map_in_specs_count())).lower()


@mistake("pytree structure error: different types at key path")
def r20_lower_shard_map_out_specs_structure():
    return jax.jit(lambda: _keep20(_b20_shard_map_out_specs_structure())).lower()


@mistake(
    "shard_map applied to the function '<lambda>' was given an out_specs entry which is too lon"
)
def r20_lower_shard_map_out_spec_rank():
    return jax.jit(lambda: _keep20(_b20_shard_map_out_spec_rank())).lower()


@mistake(
    "shard_map applied to the function '<lambda>' was given argument arrays with axis sizes tha"
)
def r20_lower_shard_map_not_divisible():
    return jax.jit(lambda: _keep20(_b20_shard_map_not_divisible())).lower()


@mistake(
    "vmap was requested to map its argument along axis 2, which implies that its rank should be"
)
def r20_lower_vmap_in_axes_out_of_range():
    return jax.jit(lambda: _keep20(_b20_vmap_in_axes_out_of_range())).lower()


@mistake(
    "vmap was requested to map its argument along axis -3, which implies that its rank should b"
)
def r20_lower_vmap_in_axes_negative():
    return jax.jit(lambda: _keep20(_b20_vmap_in_axes_negative())).lower()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_lower_vmap_sizes_with_in_axes():
    return jax.jit(lambda: _keep20(_b20_vmap_sizes_with_in_axes())).lower()


@mistake(
    "vmap was requested to map its argument along axis 0, which implies that its rank should be"
)
def r20_lower_vmap_scalar():
    return jax.jit(lambda: _keep20(_b20_vmap_scalar())).lower()


@mistake("vmap got inconsistent sizes for array axes to be mapped:")
def r20_lower_vmap_axis_size_conflict():
    return jax.jit(lambda: _keep20(_b20_vmap_axis_size_conflict())).lower()


@mistake("Gradient only defined for scalar-output functions. Output had shape: (2,).")
def r20_lower_grad_non_scalar():
    return jax.jit(lambda: _keep20(_b20_grad_non_scalar())).lower()


@mistake(
    "grad requires real- or complex-valued inputs (input dtype that is a sub-dtype of np.inexac"
)
def r20_lower_grad_integer_input():
    return jax.jit(lambda: _keep20(_b20_grad_integer_input())).lower()


@mistake(
    "grad requires real-valued outputs (output dtype that is a sub-dtype of np.floating), but g"
)
def r20_lower_grad_complex_output():
    return jax.jit(lambda: _keep20(_b20_grad_complex_output())).lower()


@mistake(
    "differentiating with respect to argnums=1 requires at least 2 positional arguments to be p"
)
def r20_lower_grad_argnums_out_of_range():
    return jax.jit(lambda: _keep20(_b20_grad_argnums_out_of_range())).lower()


@mistake("expected function with aux output to return a two-element tuple, but got type")
def r20_lower_grad_has_aux_not_pair():
    return jax.jit(lambda: _keep20(_b20_grad_has_aux_not_pair())).lower()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_lower_gradient_bad_axis():
    return jax.jit(lambda: _keep20(_b20_gradient_bad_axis())).lower()


@mistake(
    "Shape of array too small to calculate a numerical gradient, at least 2 elements are requir"
)
def r20_lower_gradient_too_small():
    return jax.jit(lambda: _keep20(_b20_gradient_too_small())).lower()


@mistake("cannot reshape array of shape (2, 3) (size 6) into shape (5,) (size 5)")
def r20_lower_reshape_wrong_size():
    return jax.jit(lambda: _keep20(_b20_reshape_wrong_size())).lower()


@mistake(
    "cannot reshape array of shape (6,) (size 6) into shape (-1, 4) because the product of spec"
)
def r20_lower_reshape_unknown_not_divisible():
    return jax.jit(lambda: _keep20(_b20_reshape_unknown_not_divisible())).lower()


@mistake("cannot reshape array of shape (6,) (size 6) into shape (-2, 3) (size -6)")
def r20_lower_reshape_negative():
    return jax.jit(lambda: _keep20(_b20_reshape_negative())).lower()


@mistake(
    "cannot select an axis to squeeze out which has size not equal to one, got shape=(2, 3) and"
)
def r20_lower_squeeze_non_unit():
    return jax.jit(lambda: _keep20(_b20_squeeze_non_unit())).lower()


@mistake("array split does not result in an equal division: rest is 1")
def r20_lower_split_uneven():
    return jax.jit(lambda: _keep20(_b20_split_uneven())).lower()


@mistake("axis 2 is out of bounds for array of dimension 2")
def r20_lower_transpose_axes_length():
    return jax.jit(lambda: _keep20(_b20_transpose_axes_length())).lower()


@mistake(
    "normal accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap f"
)
def r20_lower_normal_key_batch():
    return jax.jit(lambda: _keep20(_b20_normal_key_batch())).lower()


@mistake(
    "split accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap fo"
)
def r20_lower_split_key_batch():
    return jax.jit(lambda: _keep20(_b20_split_key_batch())).lower()


@mistake(
    "fold_in accepts a single key, but was given a key array of shape (2,) != (). Use jax.vmap"
)
def r20_lower_fold_in_key_batch():
    return jax.jit(lambda: _keep20(_b20_fold_in_key_batch())).lower()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_lower_uniform_raw_key_shape():
    return jax.jit(lambda: _keep20(_b20_uniform_raw_key_shape())).lower()


@mistake(
    "JAX encountered invalid PRNG key data: expected key_data.shape to end with (2,); got shape"
)
def r20_lower_wrap_key_data_shape():
    return jax.jit(lambda: _keep20(_b20_wrap_key_data_shape())).lower()


@mistake("cond branches must have equal output types but they differ.")
def r20_lower_cond_branch_shapes():
    return jax.jit(lambda: _keep20(_b20_cond_branch_shapes())).lower()


@mistake("_b20_cond_operand_count.<locals>.<lambda>() missing 1 required positional argument: 'b'")
def r20_lower_cond_operand_count():
    return jax.jit(lambda: _keep20(_b20_cond_operand_count())).lower()


@mistake("Pred must be a scalar, got JitTracer(bool[2]) of shape (2,).")
def r20_lower_cond_pred_not_scalar():
    return jax.jit(lambda: _keep20(_b20_cond_pred_not_scalar())).lower()


@mistake("Index type must be an integer, got 1.5 as float32")
def r20_lower_switch_float_index():
    return jax.jit(lambda: _keep20(_b20_switch_float_index())).lower()


@mistake("scan body function carry input and carry output must have equal types, but they differ:")
def r20_lower_scan_carry_shape():
    return jax.jit(lambda: _keep20(_b20_scan_carry_shape())).lower()


@mistake("scan body output must be a pair, got ~float32[].")
def r20_lower_scan_body_not_pair():
    return jax.jit(lambda: _keep20(_b20_scan_body_not_pair())).lower()
