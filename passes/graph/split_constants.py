"""Import step before propagation: each use of a constant gets its own copy.

As Shardy's import does, a constant (and an iota, or a broadcast, reshape, slice or
elementwise op computed only from such values) used by several ops is cloned once per use, so
two users that want different shardings do not conflict through it; so is a scalar expansion (a
broadcast of a rank-0 value, constant or not). Rank-0 values have no dims to conflict on and
stay shared (meshjit's lowering shares scalar constants within a block). Shardy's export merges
the copies that end up alike (export/shardy_ops.py).

Copies per use multiply along a constant expression that reuses its own values (a Chebyshev
recurrence of constants, as `jnp.kaiser`'s i0 lowers to, reads each term twice): one copy per
path would be exponential in its length. A constant-like op that feeds other constant-like ops
and has more than MAX_COPIES uses after its users' splitting stays shared instead.
"""

from __future__ import annotations

import itertools

from jaxlib.mlir import ir

from meshjit.passes.rules import SHARDY_ELEMENTWISE_OPS, shape_of

SOURCES = frozenset({"stablehlo.constant", "stablehlo.iota", "sdy.constant"})
FROM_CONSTANTS = SHARDY_ELEMENTWISE_OPS | {
    "stablehlo.broadcast_in_dim",
    "stablehlo.reshape",
    "stablehlo.slice",
}


def is_constant_like(op, known: set, name: str | None = None) -> bool:
    """Whether `op` computes a value from constants only (`known`: constant-like ops so far;
    `name`: the op's name, if read already)."""
    name = op.name if name is None else name
    if name in SOURCES:
        return True
    if name not in FROM_CONSTANTS or len(op.regions):
        return False
    return all(defining_op(v) in known for v in op.operands)


def is_scalar_expansion(op, name: str | None = None) -> bool:
    """A broadcast of a rank-0 value."""
    name = op.name if name is None else name
    return name == "stablehlo.broadcast_in_dim" and not shape_of(op.operands[0])


def defining_op(value: ir.Value):
    owner = value.owner
    return owner if isinstance(owner, ir.Operation) else getattr(owner, "operation", None)


_CANDIDATES = SOURCES | FROM_CONSTANTS  # (a scalar expansion is a broadcast_in_dim)
MAX_COPIES = 32
# An op split per use and its copies carry one number under this attribute, so the export
# merges only the copies made here, not equal ops the user wrote (dropped by the export).
COPY_MARK = "meshjit.copy_of"
_COPY_NUMBERS = itertools.count()


def _splittable(op) -> bool:
    return len(op.results) == 1 and len(shape_of(op.results[0])) > 0


def split_block(block, nested: list | None = None, mark: bool = False) -> int:
    """Clones the block's constant-like ops once per extra use; returns the clones made.
    (`nested`, if given, collects the ops with regions; `mark`: the split ops and their copies
    carry COPY_MARK.)

    The original keeps its first user (in program order) and the clones follow it in the order
    of their users, as Shardy's constant splitter orders them."""
    known: set = set()
    ordered = []
    for op in block.operations:
        op = op.operation
        name = op.name
        if name in _CANDIDATES:
            if is_constant_like(op, known, name):
                known.add(op)
                ordered.append(op)
                continue
            if is_scalar_expansion(op, name):
                ordered.append(op)
                continue
        if nested is not None and len(op.regions):
            nested.append(op)
    position: dict = {}
    count = 0
    marks: list = []  # per op split: it and its copies
    split = set(ordered)  # the constant-like ops and their copies
    for op in reversed(ordered):  # users first, so clones of users add uses to their operands
        if not _splittable(op):
            continue
        uses = [(u.owner, u.operand_number) for u in op.results[0].uses]
        if len(uses) < 2 or _multiplies(uses, split):
            continue
        if not position:
            position = {o.operation: (i, 0) for i, o in enumerate(block.operations)}
        uses.sort(key=lambda use: (position.get(use[0], (len(position), 0)), use[1]))
        last, copies = op, [op]
        for k, (owner, index) in enumerate(uses[1:], start=1):
            copy = op.clone(ip=ir.InsertionPoint.after(last))
            position[copy] = (position[op][0], position[op][1] + k / len(uses))
            owner.operands[index] = copy.results[0]
            split.add(copy)
            last = copy
            count += 1
            copies.append(copy)
        if mark:
            marks.append(copies)
    for copies in marks:
        attr = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), next(_COPY_NUMBERS))
        for copy in copies:
            copy.attributes[COPY_MARK] = attr
    return count


def _multiplies(uses, split) -> bool:
    """Whether copying per use would multiply copies along a constant expression."""
    return len(uses) > MAX_COPIES and any(owner in split for owner, _ in uses)


def split_constants(module_op: ir.Operation, *, mark: bool = False) -> int:
    """`split_block` on every block of the module (nested regions included)."""
    count, owners = 0, [module_op]
    while owners:
        nested: list = []
        for owner in owners:
            for region in owner.regions:
                for block in region.blocks:
                    count += split_block(block, nested, mark)
        owners = nested
    return count
