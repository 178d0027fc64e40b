"""Tuple-typed values in meshjit's own mode: a tuple is the list of its elements' slots (nested
for nested tuples), so shardings flow through `stablehlo.tuple`, `get_tuple_element` and the
tuple-typed values of returns, calls, loops and branches as through their tensors.

`stablehlo.tuple` makes no slots: its result is its operands' slots. Any other tuple value (a
func argument, a call's, loop's or branch's result, a func result) gets one slot per tensor
element the first time it is read; those slots are never written back (a tuple carries no
`sdy.sharding`). A `get_tuple_element` of a tensor ties its result to the element's slot.
Shardy refuses tuples ("Shardy propagation doesn't support tuples"), so the Shardy-compatible
mode leaves them out (`Builder.tuples` is off there).
"""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.passes.graph.graph import Label
from meshjit.passes.graph.slots import new_slot

TUPLE_ELEMENT = "tuple_element"  # Graph.virtual kind of a tuple element's slot (not written)


def is_tuple(value_or_type) -> bool:
    t = value_or_type if isinstance(value_or_type, ir.Type) else value_or_type.type
    return isinstance(t, ir.TupleType)


def fresh_items(graph, value_type: ir.Type, label) -> list:
    """One new slot per tensor element of a tuple type (nested lists for nested tuples; None
    for tokens and other elements that hold no tensor)."""
    t = ir.TupleType(value_type)
    items = []
    for i in range(t.num_types):
        element = t.get_type(i)
        element_label = Label(lambda i=i: f"{label} element {i}")
        if isinstance(element, ir.TupleType):
            items.append(fresh_items(graph, element, element_label))
        elif isinstance(element, ir.RankedTensorType):
            slot = new_slot(element_label, element)
            graph.virtual.append((TUPLE_ELEMENT, None, i, slot))
            items.append(slot)
        else:
            items.append(None)
    return items


def leaves(item) -> list:
    """A slot (or None) as a one-element list; a tuple's items flattened in order."""
    if not isinstance(item, list):
        return [item]
    return [leaf for element in item for leaf in leaves(element)]


def tie_items(b, label, items: list, op_name: str, op=None, owned: list = ()) -> None:
    """`Builder.tie` over values that may be tuples: tied element by element (a value whose
    items are unknown, None, ties nothing)."""
    everything = [*items, *owned]
    if not any(isinstance(item, list) for item in everything):
        b.tie(label, items, op_name, op, owned=owned)
        return
    shaped = [leaves(item) for item in everything if isinstance(item, list)]
    count = len(shaped[0])
    if any(len(s) != count for s in shaped):
        return  # (the verifier keeps tied tuples alike; nothing to tie otherwise)
    flat = [leaves(item) if isinstance(item, list) else [None] * count for item in everything]
    n = len(items)
    for k in range(count):
        column = [f[k] for f in flat]
        b.tie(label, column[:n], op_name, op, owned=column[n:])


def tuple_op(b, op, forbidden, return_slots, label) -> None:
    """`stablehlo.tuple`: its result is its operands' slots."""
    if not b.tuples:
        b.rule_edge(op, label)
        return
    b.tuple_items[op.results[0]] = [b.items(v, label) for v in op.operands]


def get_tuple_element(b, op, forbidden, return_slots, label) -> None:
    """The element's slot (a tuple element: its items; a tensor: tied to the result)."""
    if not b.tuples:
        b.rule_edge(op, label)
        return
    source = b.items(op.operands[0], label)
    index = ir.IntegerAttr(op.attributes["index"]).value
    if not isinstance(source, list) or index >= len(source):
        return
    element, result = source[index], op.results[0]
    if is_tuple(result):
        b.tuple_items[result] = element
    elif element is not None:
        b.tie(label, [element, b.graph.slots.get(result)], op.name, op)


TUPLE_TIES = {"stablehlo.tuple": tuple_op, "stablehlo.get_tuple_element": get_tuple_element}
