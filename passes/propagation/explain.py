"""Explain mode: where each value's sharding came from (the annotation it started at and the
ops it crossed), one row per sharded value."""

from __future__ import annotations

from meshjit.passes.graph.graph import Graph
from meshjit.passes.graph.slots import slot_sharding


def _value_name(slot) -> str:
    if slot.value is None:
        return slot.label
    try:
        return slot.value.get_name()
    except Exception:  # noqa: BLE001 - names are cosmetic
        return "?"


def _origin_text(slot, d: int) -> str:
    origin = slot.origin[d]
    if origin is None:
        return "-"
    root, path = origin
    if not path:
        return f"annotation on {root}"
    ops = " -> ".join(p.split(" ")[0] for p in path)
    return f"from {root} via {ops}"


def explain_table(graph: Graph) -> str:
    """One row per sharded value: where each dimension's axes came from."""
    rows = []
    for slot in graph.all_slots():
        if slot.mesh is None or not slot.used():
            continue
        sharding = slot_sharding(slot, graph.meshes).text
        origins = "; ".join(
            f"d{d}: {_origin_text(slot, d)}" for d in range(slot.rank) if slot.dims[d]
        )
        rows.append((_value_name(slot), slot.label, sharding, origins))
    header = ("value", "defined by", "sharding", "origin")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(3)]
    lines = ["meshjit-propagate: sharding origins"]
    for row in [header, *rows]:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row[:3], widths)) + "  " + row[3])
    return "\n".join(lines) + "\n"
