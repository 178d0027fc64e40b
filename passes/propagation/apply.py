"""Applying an edge's factor decisions to one target tensor: each dim extended by the axes its
factors were decided, as far as the tensor can take them (not closed, not forbidden, not held by
another of its dims, no sub-axes on func boundaries).

`step` is the EdgeStep being applied (edge_step.py).
"""

from __future__ import annotations

import math

from jaxlib.mlir import ir

from meshjit.passes.graph.axes import axes_product, extension, free_prefix, merge_axes
from meshjit.passes.graph.graph import Slot


def apply_decisions(step, t: int, decisions) -> bool:
    """Extends tensor t's dims by `decisions`; whether any changed."""
    proj = step.proj[t]
    if proj is None:
        return False
    if step.in_factor_order and len(decisions) > 1 and not step.plan.simple[t]:
        return _apply_factor_by_factor(step, t, decisions)
    view = step.views[t]
    slot = view.slot
    used = None  # the axes the slot holds, once a dim may take one
    closed = slot.closed
    changed = False
    for d, fs in _dims(step, t, decisions):
        if closed[d]:
            step.refused = True
            continue
        if len(fs) == 1:
            wanted = decisions.get(fs[0])
            if wanted is None:
                continue
            part = proj[fs[0]]
            ext = extension(part, wanted[0])
            if not ext:
                continue
            new = list(part)
            if used is None:
                used = _used(slot, step.pending)
            if not _take(step, slot, new, ext, used):
                continue
        elif None in [proj[f] for f in fs]:
            continue  # its axes do not fit its factors: they stay as they are
        else:
            if used is None:
                used = _used(slot, step.pending)
            grow = _grow_dim_whole_axes if slot.no_sub_axes else _grow_dim
            new = grow(step, slot, proj, fs, decisions, used)
            if new is None:
                continue
        if new != view.axes(d):
            view.set_axes(d, new)
            if slot.mesh is None and step.options.conflicts == "shardy":
                open_siblings_on(step.graph, slot, step.mesh)
            slot.mesh = step.mesh  # (written on the op's mesh: equal meshes are one, in Shardy)
            if step.options.track_origins:
                _record_origin(step, slot, d, fs, decisions)
            changed = True
    return changed


# Ops whose results Shardy's import gives a data-flow edge each (a call is a named computation
# to it); an `if`'s results stay one op's (round41b-edge-owner-results-pipeline).
_OWN_EDGES = frozenset(
    {
        "stablehlo.while",
        "stablehlo.case",
        "stablehlo.optimization_barrier",
        "sdy.named_computation",
        "func.call",
    }
)


def open_siblings_on(graph, slot: Slot, mesh: str) -> None:
    """A value's first sharding places its op's other results, unsharded yet, on its mesh: Shardy
    gives an op without shardings fully open ones on the mesh of the first it takes (which may
    then keep another mesh's axes off them). Data-flow edges own their values one by one, and so
    do the results of a loop, case, barrier or call after Shardy's import; in its bare passes, such
    results without edge ops are one op's results like any other's (round41a-barrier-siblings,
    round41b-edge-owner-results-pipeline)."""
    value = slot.value
    if not isinstance(value, ir.OpResult) or value in graph.edge_owned:
        return
    if value.owner.name in _OWN_EDGES and not graph.bare:
        return  # (after Shardy's import, each result has a data-flow edge of its own)
    results = value.owner.results
    if len(results) < 2:
        return
    for result in results:
        if result in graph.edge_owned:
            continue
        other = graph.slots.get(result)
        if other is not None and other.mesh is None:
            other.mesh = mesh


def _apply_factor_by_factor(step, t: int, decisions) -> bool:
    """As Shardy updates a tensor: one factor after the other, so a dim of several factors
    takes a later factor's axes only after an earlier factor of another dim took its own."""
    changed = False
    step.in_factor_order, step.pending = False, []
    unshown = {}  # factor -> the axes it holds that its dim cannot show yet
    try:
        for f, decision in decisions.items():
            if apply_decisions(step, t, {f: decision}):
                changed = True
                step.reproject(t)
            else:
                unshown[f] = _unshown(step, t, f, decision[0])
                step.pending += unshown[f]
        # A factor a dim could not show yet shows once the factors before it are full (Shardy
        # writes the dim from its factors' shardings after updating them all).
        for f, axes in unshown.items():
            if not axes:
                continue
            step.pending = [a for g, held in unshown.items() if g != f for a in held]
            if apply_decisions(step, t, {f: decisions[f]}):
                changed = True
                unshown[f] = []
                step.reproject(t)
    finally:
        step.in_factor_order, step.pending = True, None
    return changed


def _unshown(step, t: int, f: int, axes) -> list:
    """The axes factor f of a dim of several factors holds in Shardy's projection of tensor t
    though the dim cannot show them (a factor before f is not fully sharded): they still
    keep the tensor's later factors from taking them. A closed dim's factors take none."""
    for d, fs in step.plan.dims[t]:
        if f in fs and len(fs) > 1:
            if step.views[t].slot.closed[d]:
                return []
            part = step.proj[t][f]
            if part is None:
                return []
            # (a factor other factors follow holds only the axes that divide its size, and
            # conservatively no piece of an axis cut to divide it)
            held = extension(part, _dividing(step, t, f, part, list(axes))) or []
            if step.graph.conservative:
                wanted = extension(part, list(axes)) or []
                held = held[: next((k for k, a in enumerate(held) if a not in wanted), len(held))]
            return _free_of_tensor(step, t, held)
    return []


def _free_of_tensor(step, t: int, axes) -> list:
    """The prefix of `axes` clear of what tensor t holds (and its pending unshown axes): Shardy
    cuts a factor's axes where they overlap another factor's in the tensor, so a factor that
    cannot show them holds no axis the tensor's other factors hold already."""
    used = _used(step.views[t].slot, step.pending)
    mesh = step.meshes[step.mesh]
    return _extended([], list(axes), lambda axis: free_prefix(axis, used, mesh.size_of(axis[0])))


def _used(slot: Slot, pending=None) -> list:
    """The axes the slot holds (and `pending` ones); a dim waiting for its priority's round
    keeps its axes to itself."""
    used = slot.used() + pending if pending else slot.used()
    used += slot.blocked()
    if slot.held:
        used += [a for held in slot.held.values() for a in held[0]]
    return used


def _dims(step, t: int, decisions) -> list:
    """Tensor t's (dim, factors), in the order of their factors' decisions if it matters."""
    dims = step.plan.dims[t]
    if not step.in_factor_order or len(dims) < 2:
        return dims
    order = {f: k for k, f in enumerate(decisions)}
    last = len(order)
    return sorted(dims, key=lambda dim: min(order.get(f, last) for f in dim[1]))


def _take(step, slot: Slot, part: list, ext, used: list, size: int | None = None) -> bool:
    """Appends the axes of `ext` to `part` (and `used`) in order, while the slot can take them
    (a piece of one ends it) and, with `size`, while `part` still divides it; whether any."""
    took = False
    if slot.no_sub_axes and len(ext) > 1:  # sub-axes that join into whole axes are whole axes
        ext = merge_axes(list(ext))
    if slot.no_sub_axes and part and ext and _completes(step, part[-1], ext[0], slot, used):
        part[-1] = merge_axes([part[-1], ext[0]])[0]  # the rest of a sub-axis part holds
        used.append(ext[0])
        ext, took = ext[1:], True
    for axis in ext:
        piece = _addable(step, slot, axis, used)
        if piece != axis:
            step.graph.blocked += 1  # another dim holds (part of) it
            step.refused = True
        if piece is None:
            break
        if size is not None and size % axes_product(part + [piece]):
            step.refused = True
            room = size // axes_product(part)
            piece = None if step.graph.conservative else _dividing_piece(slot, piece, room)
            if piece is not None:
                part.append(piece)
                used.append(piece)
                took = True
            break
        part.append(piece)
        used.append(piece)
        took = True
        if piece != axis:
            break
    return took


def _completes(step, held, axis, slot: Slot, used) -> bool:
    """Whether `axis` is the rest of the sub-axis `held`, free for the slot to take."""
    joined = merge_axes([held, axis])
    if len(joined) != 1 or _is_sub_axis(step, joined[0]) or axis[0] in slot.forbidden:
        return False
    return free_prefix(axis, used, step.meshes[step.mesh].size_of(axis[0])) == axis


def _dividing_piece(slot: Slot, axis, room: int):
    """The major sub-axis of `axis` that still divides `room` (what is left of a non-minor
    factor's size), as Shardy cuts an axis that does not divide; None if none."""
    size = math.gcd(room, axis[2])
    if size <= 1 or slot.no_sub_axes:
        return None
    return (axis[0], axis[1], size)


def _addable(step, slot: Slot, axis, used, after=None):
    """`axis`, the major piece of it that `used` leaves free, or None. A slot that holds no
    sub-axes may still take the rest of a sub-axis it holds (`after`, its last) when the two
    join into a whole axis."""
    if axis[0] in slot.forbidden:
        return None
    piece = free_prefix(axis, used, step.meshes[step.mesh].size_of(axis[0]))
    if piece is None or (slot.no_sub_axes and _is_sub_axis(step, piece)):
        if piece is None or after is None or _is_sub_axis(step, merge_axes([after, piece])[-1]):
            return None
    if piece != axis and step.graph.conservative:
        return None  # conservatively, a sub-axis is taken as decided, never split further
    return piece


def _grow_dim(step, slot: Slot, proj, fs, decisions, used):
    """A dim of several factors: each factor's axes extended while the factors before it are
    fully sharded and those after it empty (a dim sharding holds no strided shard)."""
    factors = step.rule.factors
    parts, full_so_far, grew = [], True, False
    for j, f in enumerate(fs):
        part = list(proj[f])
        wanted = decisions.get(f)
        later_empty = all(not proj[g] for g in fs[j + 1 :])
        if wanted and full_so_far and later_empty:
            ext = extension(part, wanted[0]) or []
            size = factors[f].size if j < len(fs) - 1 else None
            grew = _take(step, slot, part, ext, used, size) or grew
        elif wanted and full_so_far and axes_product(part) == factors[f].size:
            # A full factor before sharded ones still takes size-one axes (they change no
            # device's shard: Shardy writes the dim as its factors' axes in order).
            ext = extension(part, wanted[0]) or []
            if ext and all(a[2] == 1 for a in ext):
                grew = _take(step, slot, part, ext, used) or grew
        elif wanted and not full_so_far and not slot.unshown:
            ext = extension(part, wanted[0])
            slot.unshown = bool(ext) and _addable(step, slot, ext[0], used) is not None
        full_so_far = full_so_far and axes_product(part) == factors[f].size
        parts.extend(part)
    return parts if grew else None


def _grow_dim_whole_axes(step, slot: Slot, proj, fs, decisions, used):
    """`_grow_dim` for a slot that holds whole axes only: the factors may take sub-axes that
    join into whole axes (`"a":(1)4, "a":(4)2` is "a"); the dim keeps its whole-axis prefix."""
    slot.no_sub_axes = False
    scratch = list(used)
    try:
        new = _grow_dim(step, slot, proj, fs, decisions, scratch)
    finally:
        slot.no_sub_axes = True
    if new is None:
        return None
    whole = _whole_axes_prefix(step, [], merge_axes(new))
    old = merge_axes([a for f in fs for a in proj[f]])
    if extension(old, whole) is None:
        # the dim holds sub-axes already (the user's): they stay, whole axes follow them
        whole = _whole_axes_prefix(step, old, extension(old, merge_axes(new)) or [])
    if whole == old:
        return None
    used.extend(a for a in whole if a not in used)
    return whole


def _whole_axes_prefix(step, kept: list, axes) -> list:
    """`kept` and then `axes` up to the first sub-axis."""
    out = list(kept)
    for axis in axes:
        if _is_sub_axis(step, axis):
            break
        out.append(axis)
    return out


def _is_sub_axis(step, axis) -> bool:
    name, pre, size = axis
    return pre != 1 or size != step.meshes[step.mesh].size_of(name)


def _record_origin(step, slot: Slot, d, fs, decisions) -> None:
    for f in fs:
        if f in decisions:
            src = step.views[decisions[f][1]].slot
            src_dim = _dim_of(step, decisions[f][1], f)
            origin = src.origin[src_dim] if src_dim is not None else None
            root, path = origin if origin else (src.label, ())
            slot.origin[d] = (root, path + (step.edge.label,))
            return


def _dim_of(step, t, f):
    for d, fs in enumerate(step.mappings[t]):
        if f in fs:
            return d
    return None


def fit_to_tensors(step, decisions: dict, tensors) -> dict:
    """The decisions cut where one of `tensors` (indices) cannot take a factor's axes, as
    Shardy's basic strategy decides: a closed dim, a forbidden axis, an axis the tensor uses
    for another factor (also a tensor without the factor), each factor on its own."""
    out = {}
    for f, (axes, source) in decisions.items():
        axes = list(axes)
        for t in tensors:
            axes = _fit(step, t, f, axes)
            if not axes:
                break
        if axes:
            out[f] = (axes, source)
    return out


def cut_to_results(step, decisions: dict, results) -> dict:
    """The decisions cut to what the op's results (which took them first) hold: an axis a
    result refused no tensor takes (Shardy's aggressive strategy)."""
    out = {}
    for f, (axes, source) in decisions.items():
        for t in results:
            d = _own_dim(step, t, f)
            if d is None:
                continue
            held = step.views[t].axes(d)
            if held != axes and extension(held, axes):  # (held may end with a sub-axis)
                axes = list(held)
        if axes:
            out[f] = (axes, source)
    return out


def _own_dim(step, t: int, f: int):
    """The dim of tensor t that holds factor f alone; None if none does."""
    for d, fs in step.plan.dims[t]:
        if f in fs:
            return d if len(fs) == 1 else None
    return None


def _linked(plan) -> dict:
    """factor -> the tensors linked to it through shared factors: all of an op's tensors,
    but for variadic identity-like ops (per_pair_rule) only operand i and result i."""
    tables = plan.tables
    if tables.linked is None:
        groups: list[set] = []
        for t, dims in enumerate(tables.mappings):
            fs = {f for d in dims for f in d}
            joined = [g for g in groups if g[1] & fs]
            merged = ({t} | set().union(*(g[0] for g in joined)), fs.union(*(g[1] for g in joined)))
            groups = [g for g in groups if g not in joined] + [merged]
        tables.linked = {f: tensors for tensors, fs in groups for f in fs}
    return tables.linked


def _fit(step, t: int, f: int, axes: list) -> list:
    """The prefix of `axes` tensor t can hold for factor f (all of it where t holds more of it
    or conflicts with it: t is then not updated)."""
    if step.proj[t] is None:
        return axes
    found = None
    for d, fs in step.plan.dims[t]:
        if f in fs:
            found = d if len(fs) == 1 else -1
            break
    slot = step.views[t].slot
    if found == -1:  # f shares its dim with other factors: only a closed dim cuts it, or
        part = step.proj[t][f]  # axes that do not fit the dim's factors (none can take more)
        if part is None:
            return []
        if not slot.closed[_dim_of(step, t, f)] or not extension(part, axes):
            kept = _cut_forbidden(slot, part, _dividing(step, t, f, part, axes))
            return _cut_used(step, slot, part, kept)
        return list(part)
    if found is None:
        if t not in _linked(step.plan).get(f, ()):
            return axes
        kept, ext = [], axes
    else:
        part = step.proj[t][f]
        ext = extension(part, axes)
        if not ext:
            return axes
        kept = list(part)  # (ext may start with the rest of part's last, partly held axis)
        if slot.closed[found]:
            return kept
    used = slot.used() + slot.blocked()
    if slot.held:
        used += [a for held in slot.held.values() for a in held[0]]
    mesh = step.meshes[step.mesh]
    if found is None:  # a tensor without the factor: only its other factors' axes conflict
        return _extended(kept, ext, lambda axis: free_prefix(axis, used, mesh.size_of(axis[0])))
    return _extended(
        kept, ext, lambda axis: _addable(step, slot, axis, used, kept[-1] if kept else None)
    )


def _extended(kept: list, ext: list, piece_of) -> list:
    """`kept` extended by the pieces of `ext`'s axes `piece_of` leaves, up to the first axis
    not taken whole."""
    for axis in ext:
        piece = piece_of(axis)
        if piece is None:
            break
        kept.append(piece)
        if piece != axis:
            break
    return merge_axes(kept)


def _cut_used(step, slot: Slot, part: list, axes: list) -> list:
    """`axes` cut where an axis past `part` overlaps one the tensor holds (for another factor
    of the dim, or in another dim): Shardy's basic strategy takes for a factor only the axes
    every tensor of the op leaves free."""
    ext = extension(part, axes)
    if not ext:
        return axes
    used = _used(slot)
    mesh = step.meshes[step.mesh]
    return _extended(list(part), ext, lambda axis: free_prefix(axis, used, mesh.size_of(axis[0])))


def _cut_forbidden(slot: Slot, part: list, axes: list) -> list:
    """`axes` cut before the first axis past `part` that the tensor replicates."""
    ext = extension(part, axes) if slot.forbidden else None
    for k, axis in enumerate(ext or ()):
        if axis[0] in slot.forbidden:
            return merge_axes(list(part) + ext[:k])
    return axes


def _dividing(step, t: int, f: int, part: list, axes: list) -> list:
    """`axes` where factor f is its dim's minor-most one in tensor t; else the prefix whose
    devices divide the factor's size (its last axis cut to the piece that does, by gcd), as
    Shardy's basic strategy shards a factor other factors follow in a dim."""
    fs = next(fs for _, fs in step.plan.dims[t] if f in fs)
    ext = extension(part, axes)
    if fs[-1] == f or not ext:
        return axes
    size, kept = step.rule.factors[f].size, list(part)
    for name, pre, n in ext:
        room = size // axes_product(kept) if size % axes_product(kept) == 0 else 1
        piece = math.gcd(room, n) if n > 1 else 1  # (a size-one axis always fits)
        if piece > 1 or n == 1:
            kept.append((name, pre, piece))
        if piece != n:
            break
    return merge_axes(kept)


def sync_owned(step, first: int) -> list[Slot]:
    """A data-flow tie's owned values (views from `first` on: a loop's or branch's result and
    region arguments) hold one sharding in Shardy (the edge's): what another op gave one of
    them, the others hold too before the tie decides. Returns the slots changed."""
    slots = list({id(v.slot): v.slot for v in step.views[first:]}.values())
    if len(slots) < 2:
        return []
    richest = max(slots, key=lambda s: sum(map(len, s.dims)))
    changed = []
    for slot in slots:
        if slot is richest or slot.dims == richest.dims:
            continue
        if all(
            extension(mine, theirs) is not None and (not closed or mine == theirs)
            for mine, theirs, closed in zip(slot.dims, richest.dims, slot.closed)
        ):
            slot.dims = [list(d) for d in richest.dims]
            slot.mesh = slot.mesh or richest.mesh
            changed.append(slot)
    return changed
