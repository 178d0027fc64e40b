"""Shardy's export makes some conflicts explicit with `sdy.reshard`s (its explicit reshards).

A concatenate whose operands and result disagree is computed in one sharding it picks, with
`sdy.reshard`s around it:

- Shardy's majority vote (`_picked`): every prefix of a tensor's axes in a dim is a
  candidate weighing the summed element counts of the tensors holding it; the heaviest is
  picked (ties: not the concatenated dim, then the most devices past the dim's pick, then the
  later dim, then the longer and later axes), then the next one that extends a dim's pick or
  picks another dim (cut before the first piece of an axis a pick holds);
- the concatenated dim unsharded: its picked axes go together after the axes of the first
  other dim they divide with them; else one by one, up to the first that divides none (not
  when every operand is a slice's result, or one value and slices of it: Shardy keeps that
  concatenate's pick whole);
- each operand not so sharded is resharded right before the op; the op's result sharding is
  the picked one, resharded after the op to what it was;
- an operand holding partial sums makes the op computed so even when every tensor agrees.
"""

from __future__ import annotations

import math

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy, stablehlo

from meshjit.dialects.sdy import (
    SHARDING_ATTR,
    TensorSharding,
    axis_ref,
)
from meshjit.passes.graph import sharding_io as io


def _concatenates(module_op: ir.Operation, name: str = "stablehlo.concatenate") -> list:
    found = []

    def visit(op):
        if op.name == name:
            found.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return found


def _operand_sharding(value: ir.Value) -> TensorSharding | None:
    """An operand's sharding as Shardy's explicit reshards read it: a propagation barrier's
    result reads as the barrier's operand (whose sub-axes the export may have cut off a func
    argument: the op then reshards it, to the sharding it holds already)."""
    while isinstance(value, ir.OpResult) and value.owner.name == "sdy.propagation_barrier":
        value = value.owner.operands[0]
    return io.value_sharding(value)


def _axes(sharding: TensorSharding | None, rank: int) -> list[tuple]:
    if sharding is None:
        return [() for _ in range(rank)]
    return [tuple(axis_ref(a).text for a in d.axes) for d in sharding.dims]


def _size(text: str, mesh) -> int:
    if ":(" in text:
        return int(text.rsplit(")", 1)[1])
    return mesh.size_of(text.strip('"'))


def _candidates(tensors, weights, mesh) -> dict:
    """(dim, axes) -> the summed element count of the tensors holding `axes` as a prefix of
    their axes in `dim` (every prefix of every tensor's axes is a candidate; `"a":(1)2` is a
    prefix of `"a"`)."""
    found = {(d, a[:k]) for t in tensors for d, a in enumerate(t) for k in range(1, len(a) + 1)}
    return {
        (d, axes): sum(w for t, w in zip(tensors, weights) if _prefix(axes, t[d], mesh))
        for d, axes in found
    }


def _prefix(axes: tuple, of: tuple, mesh) -> bool:
    """Whether `axes` is a prefix of `of`, its last axis possibly a leading piece of theirs."""
    if not axes or len(axes) > len(of) or axes[:-1] != of[: len(axes) - 1]:
        return not axes
    (name, pre, size), (other, at, whole) = _parse(axes[-1], mesh), _parse(of[len(axes) - 1], mesh)
    return name == other and pre == at and whole % size == 0


def _picked(tensors, shapes, dim: int, mesh, keep_dim: bool = False) -> list[tuple]:
    """Shardy's majority vote: the candidate held by the most elements first (then not the
    concatenated dim, then the most further devices, then the later dim, then the longer and
    later axes); each later candidate of a picked dim must extend its pick, one of another dim is cut
    before the first axis a pick holds. The concatenated dim's pick moves to the other dims
    unless `keep_dim`."""
    rank = len(shapes[-1])
    live = _candidates(tensors, [math.prod(s) for s in shapes], mesh)
    picked = [()] * rank

    def key(c):
        d, axes = c
        further = _devices(axes, mesh) // _devices(picked[d], mesh)
        return live[c], d != dim, further, d, len(axes), [_parse(a, mesh) for a in axes]

    while live:
        d, axes = max(live, key=key)
        picked[d] = axes
        kept: dict = {}
        for (e, other), weight in live.items():
            # (parsed: "b" and "b":(2)2 overlap too; a dim's own pick is no clash)
            taken = [_parse(a, mesh) for f, axes in enumerate(picked) if f != e for a in axes]
            cut = _free_prefix(other, taken, mesh)
            if cut != picked[e] and _prefix(picked[e], cut, mesh):
                kept.setdefault((e, cut), weight)
        live = kept
    if keep_dim:
        return picked
    # The concatenated dim stays unsharded: each other dim in turn takes the longest prefix of
    # its axes left whose devices, with its own pick's, divide its size.
    moved, picked[dim] = picked[dim], ()
    for d in range(rank):
        if d == dim or not moved:
            continue
        taken = _dividing_prefix(picked[d], moved, shapes[-1][d], mesh)
        for axis in moved[:taken]:
            picked[d] = _appended(picked[d], axis, mesh)
        moved = moved[taken:]
    return picked


def _dividing_prefix(own: tuple, moved: tuple, size: int, mesh) -> int:
    """How many of `moved`'s leading axes a dim of `size` holding `own` takes (the most whose
    devices, with its own, divide its size)."""
    for count in range(len(moved), 0, -1):
        if size % (_devices(own, mesh) * _devices(moved[:count], mesh)) == 0:
            return count
    return 0


def _devices(axes: tuple, mesh) -> int:
    return math.prod(_size(a, mesh) for a in axes)


def _parse(text: str, mesh) -> tuple:
    """(axis name, pre-size, size) of `"a"` or `"a":(2)4`."""
    if ":(" in text:
        name, rest = text.split(":(")
        pre, size = rest.split(")")
        return name.strip('"'), int(pre), int(size)
    name = text.strip('"')
    return name, 1, mesh.size_of(name)


def _free_prefix(axes: tuple, taken: list, mesh) -> tuple:
    """The longest prefix of `axes` no heavier pick holds: an axis a pick holds a later piece
    of is cut to its piece before it (Shardy's `"c"` after a pick of `"c":(2)2` is
    `"c":(1)2`)."""
    kept: list = []
    for text in axes:
        name, pre, size = _parse(text, mesh)
        clashes = [b for b in taken if _overlap((name, pre, size), b)]
        if not clashes:
            kept.append(text)
            continue
        end = min(b[1] for b in clashes)  # where the first piece a pick holds starts
        if end > pre and end % pre == 0:
            kept.append(f'"{name}":({pre}){end // pre}')
        break
    return tuple(kept)


def _overlap(a: tuple, b: tuple) -> bool:
    """Whether two (sub-)axes share devices; an axis of size 1 still overlaps itself."""
    return a[0] == b[0] and (a == b or (a[1] < b[1] * b[2] and b[1] < a[1] * a[2]))


def _appended(axes: tuple, axis: str, mesh) -> tuple:
    """`axes` then `axis`, the two merged when they are consecutive pieces of one axis (the
    verifier refuses such a pair)."""
    if axes:
        name, pre, size = _parse(axes[-1], mesh)
        new = _parse(axis, mesh)
        if new[0] == name and pre * size == new[1]:
            size *= new[2]
            whole = pre == 1 and size == mesh.size_of(name)
            return axes[:-1] + (f'"{name}"' if whole else f'"{name}":({pre}){size}',)
    return axes + (axis,)


def _attr(mesh_name: str, dims: list[tuple]) -> ir.Attribute:
    text = ", ".join("{" + ", ".join(axes) + "}" for axes in dims)
    return ir.Attribute.parse(f"#sdy.sharding<@{mesh_name}, [{text}]>")


def reshard_concatenates(module_op: ir.Operation) -> dict:
    """Reshards each concatenate whose tensors disagree; {each operand reshard, and its op: the
    first one before its op} (the reductions of unreduced operands go before them: shardy_ops.py)."""
    meshes = io.read_meshes(module_op)
    firsts: dict = {}
    for op in _concatenates(module_op):
        shardings = [*map(_operand_sharding, op.operands), io.value_sharding(op.results[0])]
        mesh_name = _one_mesh(shardings, meshes)
        if mesh_name is None:
            continue
        rank = len(ir.RankedTensorType(op.results[0].type).shape)
        tensors = [_axes(s, rank) for s in shardings]
        if any(len(t) != rank for t in tensors):
            continue  # a maximal sharding (one device holds it all): nothing to pick
        # (an operand holding partial sums makes Shardy compute the op in its own pick even
        # when every tensor agrees: the concatenated dim is not sharded then)
        partial = any(s is not None and s.unreduced for s in shardings[:-1])
        # (whether to reshard at all, Shardy decides on the operands' own shardings: a
        # barrier's result that agrees makes no reshard (campaign 47321); which operands,
        # on them read through barriers (campaign 70175))
        own = [_axes(io.value_sharding(v), rank) for v in op.operands] + tensors[-1:]
        # (an operand whose axes name another mesh of the same axes, other device ids, goes
        # to the op's mesh too, as Shardy's does: campaign 73482)
        moved = [_on_other_mesh(s, mesh_name) for s in shardings]
        if partial or any(t != own[0] for t in own) or any(moved):
            shapes = [
                tuple(ir.RankedTensorType(v.type).shape) for v in (*op.operands, op.results[0])
            ]
            dim = ir.IntegerAttr(op.attributes["dimension"]).value
            keep = _slices_kept(list(op.operands))
            picked = _picked(tensors, shapes, dim, meshes[mesh_name], keep_dim=keep)
            made = _reshard_around(
                op, tensors, picked, mesh_name, shardings[-1] is None, moved=moved
            )
            # (the op itself too: an operand it reads as it is is reduced before them all)
            firsts.update((r, made[0]) for r in (*made, op.operation) if made)
    return firsts


def _one_mesh(shardings: list, meshes: dict) -> str | None:
    """The mesh the tensors are sharded on: one without axes is replicated on any mesh of the
    same axes (Shardy reshards across meshes then, their device orders aside); None when axes
    are on two meshes, the meshes' axes differ (Shardy finds no common mesh: campaign 71093),
    or no tensor has a mesh."""
    given = [s for s in shardings if s is not None]
    if len({meshes.get(s.mesh_name) for s in given}) > 1:
        return None
    named = [s.mesh_name for s in given if any(d.axes for d in s.dims)]
    if named:
        # (meshes of one shape under two names, device ids apart: Shardy computes on the
        # result's, else the first operand's that names axes; campaign 73482)
        result = shardings[-1]
        if result is not None and result.mesh_name in named:
            return result.mesh_name
        return named[0]
    meshes = {s.mesh_name for s in given}
    return meshes.pop() if len(meshes) == 1 else None


def _defined_by(value: ir.Value, name: str) -> bool:
    return isinstance(value, ir.OpResult) and value.owner.name == name


def _slices_kept(operands: list) -> bool:
    """Whether Shardy keeps the concatenated dim's pick: every operand is a slice's result, or
    every operand is one value or a slice of it, one at least a slice (`concat(slice(x), x)`,
    a wrapping pad's shape; campaign 80516). A slice of another value, a slice of a slice of
    the value, or the value twice without a slice moves the pick (round39a, round40a)."""
    slices = [v for v in operands if _defined_by(v, "stablehlo.slice")]
    if len(slices) == len(operands):
        return True
    if not slices:
        return False
    whole = [v for v in operands if not _defined_by(v, "stablehlo.slice")]
    source = whole[0]
    return all(v == source for v in whole) and all(s.owner.operands[0] == source for s in slices)


def _on_other_mesh(sharding, mesh_name: str) -> bool:
    """Whether `sharding` names axes of a mesh other than `mesh_name`."""
    if sharding is None or sharding.mesh_name == mesh_name:
        return False
    return any(d.axes for d in sharding.dims)


def _reshard_around(
    op, tensors: list, picked: list, mesh_name: str, unannotated=False, moved=()
) -> list:
    """The op computes in `picked`: operands resharded to it, its result back to its own (a
    result without a sharding that `picked` leaves unsharded keeps none, as Shardy's). The
    operands' reshards, in order; `moved`: the operands on another mesh, resharded anyway."""
    wanted = _attr(mesh_name, picked)
    made = []
    for i, operand in enumerate(list(op.operands)):
        if tensors[i] != picked or i < len(moved) and moved[i]:
            with op.location, ir.InsertionPoint(op):
                reshard = sdy.ReshardOp(operand, wanted)
            op.operands[i] = reshard.result
            made.append(reshard.operation)
    if unannotated and picked == tensors[-1]:
        return made
    op.attributes[SHARDING_ATTR] = sdy.TensorShardingPerValueAttr.get([wanted])
    if tensors[-1] != picked:
        result = op.results[0]
        with op.location, ir.InsertionPoint.after(op):
            reshard = sdy.ReshardOp(result, _attr(mesh_name, tensors[-1]))
        result.replace_all_uses_except(reshard.result, reshard.operation)
    return made


# --------------------------------------------------------------------------- dot_general


def reshard_dots(module_op: ir.Operation) -> None:
    """A dot_general whose result holds, in a batch or free dim, exactly the axes its operands
    contract one dim over, where that dim's operand holds other axes, is computed as its operands say (each
    result dim takes its operand's axes) and its result resharded to what it was, when the
    result is no larger than that operand (Shardy's export). Shardy leaves the dot alone when
    its operands disagree on a batch or contracting dim, or the result holds an axis in a dim
    whose operand holds none, or an axis the operands hold elsewhere (rules read off jaxlib's
    Shardy on reduced dots: round8-export-pipeline.mlir)."""
    for op in _concatenates(module_op, "stablehlo.dot_general"):
        shardings = [*map(_operand_sharding, op.operands), io.value_sharding(op.results[0])]
        if any(s is None for s in shardings) or len({s.mesh_name for s in shardings}) != 1:
            continue
        if any("unreduced" in s.text for s in shardings):
            continue
        shapes = [tuple(ir.RankedTensorType(v.type).shape) for v in (*op.operands, op.results[0])]
        lhs, rhs, result = (_axes(s, len(t)) for s, t in zip(shardings, shapes))
        implied = _implied_result(op, lhs, rhs, result, shapes)
        if implied is not None and implied != result:
            _reshard_result(op, result, implied, shardings[-1].mesh_name)


def _reshard_result(op, own: list, implied: list, mesh_name: str) -> None:
    op.attributes[SHARDING_ATTR] = sdy.TensorShardingPerValueAttr.get([_attr(mesh_name, implied)])
    result = op.results[0]
    with op.location, ir.InsertionPoint.after(op):
        reshard = sdy.ReshardOp(result, _attr(mesh_name, own))
    result.replace_all_uses_except(reshard.result, reshard.operation)


def _implied_result(op, lhs, rhs, result, shapes) -> list | None:
    """The result's axes as the operands hold them, when Shardy's export would compute the dot
    so; else None."""
    dn = stablehlo.DotDimensionNumbers(op.attributes["dot_dimension_numbers"])
    lb, rb = list(dn.lhs_batching_dimensions), list(dn.rhs_batching_dimensions)
    lc, rc = list(dn.lhs_contracting_dimensions), list(dn.rhs_contracting_dimensions)
    if [lhs[d] for d in lb] != [rhs[d] for d in rb] or [lhs[d] for d in lc] != [rhs[d] for d in rc]:
        return None  # the operands disagree with each other: Shardy leaves the dot alone
    contracted = [lhs[d] for d in lc if lhs[d]]
    free_l = [d for d in range(len(shapes[0])) if d not in lb and d not in lc]
    free_r = [d for d in range(len(shapes[1])) if d not in rb and d not in rc]
    sources = [(0, d) for d in lb] + [(0, d) for d in free_l] + [(1, d) for d in free_r]
    implied = [(lhs, rhs)[t][d] for t, d in sources]
    used = [a for axes in implied for a in axes]
    if len(set(used)) != len(used):
        return None
    conflict = False
    for dim, (t, _) in enumerate(sources):
        own, mine = implied[dim], result[dim]
        if not mine or own == mine:
            continue
        if not own or set(mine) & set(used):
            return None  # the result holds more than the operands say: Shardy leaves it
        if mine in contracted:  # the dot reduce-scatters into its result (as Shardy's)
            if math.prod(shapes[2]) > math.prod(shapes[t]):
                return None
            conflict = True
    return implied if conflict else None
