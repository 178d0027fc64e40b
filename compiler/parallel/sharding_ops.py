"""with_sharding_constraint: a primitive lowered to `sdy.sharding_constraint`, with all its rules."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitValueError, ShardingAssertionError
from meshjit.compiler.ir.core import register_pp_params
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import keep, spec_of
from meshjit.compiler.lax.ad_util import aval_of, linear_jvp
from meshjit.compiler.lax.batching import current_axis
from meshjit.compiler.lowering import LoweringRuleContext
from meshjit.compiler.parallel.explicit import get_abstract_mesh, retyped, type_spec
from meshjit.compiler.parallel.sharding import (
    UNCONSTRAINED,
    NamedSharding,
    PartitionSpec,
    flatten_shardings,
)
from meshjit.compiler.trace.tracing import current_trace
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten
from meshjit.dialects.sdy import sharding_constraint

sharding_constraint_p = Primitive("sharding_constraint")


def _pp_sharding_constraint(eqn, _):
    spec = getattr(eqn.params["sharding"], "spec", ())
    free = frozenset(i for i, e in enumerate(spec) if e is PartitionSpec.UNCONSTRAINED)
    # JAX's params; meshjit keeps no layout and reads the context mesh when lowering.
    extra = {"context_mesh": "Mesh()", "layout": None, "unconstrained_dims": free}
    return {**eqn.params, **extra}


register_pp_params(sharding_constraint_p, _pp_sharding_constraint)


@abstract_eval_rules.register(sharding_constraint_p)
def _sharding_constraint_rule(x, *, sharding: NamedSharding):
    """On Explicit axes a constraint is a reshard: the value's type becomes the constraint's
    (an unconstrained dimension keeps the value's)."""
    spec = sharding.spec
    if x.sharding is not None and any(e is UNCONSTRAINED for e in spec):
        own = x.sharding.spec
        kept = [own[i] if e is UNCONSTRAINED and i < len(own) else e for i, e in enumerate(spec)]
        kept_spec = PartitionSpec(*kept, unreduced=spec.unreduced, reduced=spec.reduced)
        sharding = NamedSharding(sharding.mesh, kept_spec)
    return retyped(x, sharding, "with_sharding_constraint")


def _assert_type(x, sharding: NamedSharding) -> None:
    """with_sharding_constraint under a context mesh (`set_mesh`) of Explicit axes only asserts
    the value's type (as JAX); without one, its spec may name Auto axes only (JAX's ValueError).
    meshjit's own constraints (nested jit's shardings, vmap's spmd_axis_name) retype."""
    context = get_abstract_mesh()
    explicit_context = bool(context.axis_names) and all(
        t.name == "Explicit" for t in context.axis_types
    )
    if not explicit_context:
        types = dict(zip(sharding.mesh.axis_names, sharding.mesh.axis_types))
        named = [
            a
            for entry in sharding.spec
            if entry is not None
            for a in (entry if isinstance(entry, tuple) else (entry,))
        ]
        if any(types.get(a) is not None and types[a].name != "Auto" for a in named):
            raise MeshjitValueError(
                "The spec of NamedSharding passed to with_sharding_constraint can only refer to "
                f"Auto axes of the mesh. Got spec={sharding.spec} and "
                f"mesh={sharding.mesh.abstract_mesh}. You probably meant to use `reshard` API?"
            )
        return
    aval = aval_of(x)
    spec = type_spec(sharding, aval.ndim)
    if spec is None:  # a sharding on a mesh of Auto axes asserts the (untyped) value alike
        spec = tuple(sharding.spec) + (None,) * (aval.ndim - len(sharding.spec))
    if spec != spec_of(aval):
        raise ShardingAssertionError(
            "`with_sharding_constraint` acts as an assert when all axes of mesh are of type "
            f"`Explicit`. The array sharding: {PartitionSpec(*spec_of(aval))} did not match the "
            f"sharding provided: {PartitionSpec(*spec)} (for {aval.str_long()}). Please use "
            "`meshjit.sharding.reshard` to change the sharding of the array"
        )


def _sharding_constraint_lowering(ctx: LoweringRuleContext, x, *, sharding: NamedSharding):
    mesh_name = ctx.module_ctx.mesh_symbol(sharding.mesh.mesh_shape)
    aval = ctx.avals_in[0]
    return sharding_constraint(x, sharding.tensor_sharding(mesh_name, aval.ndim))


lowering_rules.register(sharding_constraint_p, _sharding_constraint_lowering)


sharding_rules.register(sharding_constraint_p, keep)  # its abstract eval types the result


def with_sharding_constraint(x, shardings):
    """Constrains the layout of `x` (a pytree) to `shardings` (a matching prefix pytree)."""
    leaves, treedef = tree_flatten(x)
    flat = flatten_shardings(shardings, x, "with_sharding_constraint")
    out = [leaf if s is None else _constrain(leaf, s) for leaf, s in zip(leaves, flat)]
    return tree_unflatten(treedef, out)


def _constrain(x, sharding: NamedSharding):
    if current_trace() is None:
        from meshjit.compiler.runtime.device_put import device_put
        from meshjit.compiler.trace.tracing import abstractify

        sharding.check_rank(abstractify(x).ndim, "One of with_sharding_constraint arguments")
        _assert_type(x, sharding)
        return device_put(x, sharding)
    sharding.check_rank(aval_of(x).ndim, "One of with_sharding_constraint arguments")
    _assert_type(x, sharding)
    return sharding_constraint_p.bind(x, sharding=sharding)


# ---------------------------------------------------------------------------------------------
# jvp and transpose: the constraint is linear and applies to the cotangent alike.

linear_jvp(sharding_constraint_p)


@transpose_rules.register(sharding_constraint_p)
def _sharding_constraint_transpose(ct, x, *, sharding):
    return [sharding_constraint_p.bind(ct, sharding=sharding)]


# ---------------------------------------------------------------------------------------------
# Batching: the constraint holds per example; the mapped axis is replicated, or sharded over
# vmap's spmd_axis_name.


def _with_batch_dim(sharding: NamedSharding, ndim: int, dim: int, spmd_axis_name):
    """The per-example sharding with the mapped dim: over the spmd axes, else unconstrained
    (as JAX's: propagation decides it; an Explicit mapped dim keeps its type's axes)."""
    spec = list(sharding.spec) + [None] * (ndim - len(sharding.spec))
    entry = UNCONSTRAINED if spmd_axis_name is None else _spmd_entry(spmd_axis_name)
    spec.insert(dim, entry)
    return NamedSharding(sharding.mesh, PartitionSpec(*spec))


def _spmd_entry(spmd_axis_name):
    return spmd_axis_name[0] if len(spmd_axis_name) == 1 else tuple(spmd_axis_name)


@batching_rules.register(sharding_constraint_p)
def _sharding_constraint_batcher(args, dims, *, sharding):
    (x,), (d,) = args, dims
    ndim = aval_of(x).ndim - 1  # the per-example rank
    new = _with_batch_dim(sharding, ndim, d, current_axis().spmd_axis_name)
    return sharding_constraint_p.bind(x, sharding=new), d
