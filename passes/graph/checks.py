"""Input checks of the Shardy-compatible mode: what Shardy's propagation refuses, refused the
same way (a located error) before meshjit reads the module."""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.passes.graph.graph import GraphError


def check_static_shapes(module_op: ir.Operation) -> None:
    """Raises GraphError at the first op (post-order) with a result of a dynamic shape or a
    tuple type, in Shardy's words (its propagation reads op results of static shapes only,
    and no tuples; a function argument of such a type that no op's result shares passes, as
    there: a tuple argument read by get_tuple_element)."""
    found = []

    def visit(op):
        for v in op.results:
            t = v.type
            if isinstance(t, ir.TupleType):
                found.append((op.location, f"Shardy propagation doesn't support tuples: '{t}'"))
                return ir.WalkResult.INTERRUPT
            if isinstance(t, ir.ShapedType) and not t.has_static_shape:
                found.append(
                    (
                        op.location,
                        "Shardy propagation only supports ranked tensors with a static shape. "
                        f"type: '{t}'",
                    )
                )
                return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    if found:
        raise GraphError(*found[0])
