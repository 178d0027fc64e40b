"""with_layout_constraint (jax.experimental.layout): asks XLA for a value's layout inside a
program (`stablehlo.custom_call @LayoutConstraint`, as JAX emits it). The value is unchanged:
the primitive is the identity for every interpretation, linear under autodiff. meshjit's arrays
keep XLA's default layout between programs, so outside jit the constraint returns its value."""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import registry
from meshjit.compiler.ir.sharding_rules import same_as_first
from meshjit.compiler.lax.ad_util import aval_of, linear_jvp
from meshjit.compiler.lax.lapack import batch_sharding_rule
from meshjit.compiler.lowering import emit
from meshjit.compiler.runtime.layout import Layout
from meshjit.compiler.tree_util import broadcast_prefix, prefix_error, tree_flatten, tree_unflatten

__all__ = ["with_layout_constraint"]

layout_constraint_p = registry.Primitive("layout_constraint")
registry.abstract_eval_rules.register(layout_constraint_p)(lambda x, *, layout: x)
registry.sharding_rules.register(layout_constraint_p, same_as_first)
linear_jvp(layout_constraint_p)


@registry.transpose_rules.register(layout_constraint_p)
def _layout_constraint_transpose(ct, x, *, layout):
    return [None if ct is None else layout_constraint_p.bind(ct, layout=layout)]


@registry.batching_rules.register(layout_constraint_p)
def _layout_constraint_batching(args, dims, *, layout):
    """The mapped axis is the outermost of the constrained layout (JAX's get_layout_for_vmap)."""
    (x,), (d,) = args, dims
    if d is None:
        return layout_constraint_p.bind(x, layout=layout), None
    order = tuple(a + (a >= d) for a in layout.major_to_minor)
    return layout_constraint_p.bind(x, layout=layout.update(major_to_minor=(d, *order))), d


def _index_attr(values) -> ir.Attribute:
    """`dense<[...]> : tensor<nxindex>`, a custom call's layout."""
    text = ", ".join(map(str, values))
    return ir.Attribute.parse(f"dense<[{text}]> : tensor<{len(values)}xindex>")


@registry.lowering_rules.register(layout_constraint_p)
def _layout_constraint_lowering(ctx, x, *, layout):
    (aval,) = ctx.avals_in
    attributes = {
        "call_target_name": ir.StringAttr.get("LayoutConstraint"),
        "api_version": ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 1),
        "backend_config": ir.StringAttr.get(""),
        "operand_layouts": ir.ArrayAttr.get([_index_attr(list(range(aval.ndim)))]),
        "result_layouts": ir.ArrayAttr.get([_index_attr(list(layout.major_to_minor[::-1]))]),
        "sdy.sharding_rule": batch_sharding_rule([aval], [aval], aval.ndim),  # pointwise
    }
    return emit("stablehlo.custom_call", [ctx.tensor_type(aval)], [x], attributes).result


def with_layout_constraint(x, layouts):
    """`x` (a pytree) with each leaf's layout in the program asked to be its `Layout` from
    `layouts` (one, or a pytree prefix of them)."""
    leaves, treedef = tree_flatten(x)
    try:
        per_leaf = broadcast_prefix(layouts, x, is_leaf=lambda v: isinstance(v, Layout))
    except Exception:
        detail = prefix_error(layouts, x, is_leaf=lambda v: isinstance(v, Layout))
        raise MeshjitValueError(
            "with_layout_constraint layouts specification must be a tree prefix of the "
            "corresponding value"
            + (f"; \n  {detail('with_layout_constraint layouts')}" if detail else "")
        ) from None
    if any(not isinstance(layout, Layout) for layout in per_leaf):
        raise MeshjitValueError(
            "layouts passed to `with_layout_constraint` must be of type `Layout`. Got "
            f"{[type(layout) for layout in per_leaf]}"
        )
    for leaf, layout in zip(leaves, per_leaf):
        try:
            layout.check_compatible_aval(aval_of(leaf).shape)
        except MeshjitValueError as e:
            raise MeshjitValueError(
                "One of with_layout_constraint arguments is incompatible with its layout "
                f"annotation {layout}: {e}"
            ) from None
    out = [layout_constraint_p.bind(v, layout=layout) for v, layout in zip(leaves, per_leaf)]
    return tree_unflatten(treedef, out)
