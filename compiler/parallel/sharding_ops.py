"""with_sharding_constraint: a primitive lowered to `sdy.sharding_constraint`, with all its rules."""

from __future__ import annotations

from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    lowering_rules,
    transpose_rules,
)
from meshjit.compiler.lax.ad_util import linear_jvp
from meshjit.compiler.lowering import LoweringRuleContext
from meshjit.compiler.parallel.sharding import NamedSharding, flatten_shardings
from meshjit.compiler.trace.tracing import current_trace
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten
from meshjit.dialects.sdy import sharding_constraint

sharding_constraint_p = Primitive("sharding_constraint")


@abstract_eval_rules.register(sharding_constraint_p)
def _sharding_constraint_rule(x, *, sharding: NamedSharding):
    sharding.check_rank(x.ndim, f"with_sharding_constraint on {x.str_short()}")
    return x


def _sharding_constraint_lowering(ctx: LoweringRuleContext, x, *, sharding: NamedSharding):
    mesh_name = ctx.module_ctx.mesh_symbol(sharding.mesh.mesh_shape)
    aval = ctx.avals_in[0]
    return sharding_constraint(x, sharding.tensor_sharding(mesh_name, aval.ndim))


lowering_rules.register(sharding_constraint_p, _sharding_constraint_lowering)


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

        sharding.check_rank(abstractify(x).ndim, "with_sharding_constraint")
        return device_put(x, sharding)
    return sharding_constraint_p.bind(x, sharding=sharding)


# ---------------------------------------------------------------------------------------------
# jvp and transpose: the constraint is linear and applies to the cotangent alike.

linear_jvp(sharding_constraint_p)


@transpose_rules.register(sharding_constraint_p)
def _sharding_constraint_transpose(ct, x, *, sharding):
    return [sharding_constraint_p.bind(ct, sharding=sharding)]
