"""Import step before propagation: each use of a constant gets its own copy.

As Shardy's import does, a constant (and an iota, or a broadcast, reshape, slice, propagation
barrier, reshard or elementwise op computed only from such values) used by several ops is cloned once per use by an
op outside such constant expressions (the whole expression feeding that use, values it reads
twice shared within one copy), so two users that want different shardings do not conflict
through it; so is a scalar expansion (a
broadcast of a rank-0 value, constant or not). Rank-0 values have no dims to conflict on and
stay shared (meshjit's lowering shares scalar constants within a block). A `sdy.sharding_group`
is no use to split for: every copy joins the groups of the op it copies. Shardy's export merges
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
# (Shardy's `sdy.propagation_barrier` and `sdy.reshard` carry MLIR's Elementwise trait, so its
# splitter copies them with the constant they read (campaign 74556); a sharding constraint it
# leaves shared)
FROM_CONSTANTS = SHARDY_ELEMENTWISE_OPS | {
    "stablehlo.broadcast_in_dim",
    "stablehlo.reshape",
    "stablehlo.slice",
    "sdy.propagation_barrier",
    "sdy.reshard",
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


GROUP = "sdy.sharding_group"
_CANDIDATES = SOURCES | FROM_CONSTANTS  # (a scalar expansion is a broadcast_in_dim)
MAX_COPIES = 32
# An op split per use and its copies carry one number under this attribute, so the export
# merges only the copies made here, not equal ops the user wrote (dropped by the export).
COPY_MARK = "meshjit.copy_of"
_COPY_NUMBERS = itertools.count()


def _splittable(op) -> bool:
    return len(op.results) == 1 and len(shape_of(op.results[0])) > 0


def split_block(
    block, nested: list | None = None, mark: bool = False, copied: list | None = None
) -> int:
    """Clones the block's constant-like ops once per extra use; returns the clones made.
    (`nested`, if given, collects the ops with regions; `mark`: the split ops and their copies
    carry COPY_MARK; `copied`, if given, collects each split op with its copies.)

    The original keeps the first root use (in program order: the use outside constant
    expressions its user feeds) and the clones follow it in the order of their root uses, as
    Shardy's constant splitter orders them."""
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
    count = 0
    marks: list = []  # per op split: it and its copies
    touched = list(ordered)  # the constant-like ops and their copies
    fresh = itertools.count()  # a number per use outside constant expressions
    root_uses: dict = {}  # that number -> the use
    placed = False  # whether the block's ops carry their positions (_AT)
    for op in reversed(ordered):  # users first, so clones of users add uses to their operands
        if not _splittable(op):
            continue
        uses = [(u.owner, u.operand_number) for u in op.results[0].uses]
        groups = [owner for owner, _ in uses if owner.name == GROUP]
        by_root = _by_root([use for use in uses if use[0].name != GROUP], fresh, root_uses)
        if len(by_root) < 2 or _multiplies(by_root):
            _set_root(op, next(iter(by_root), next(fresh)))
            continue
        if not placed:
            placed = _place(block)
        order = sorted(by_root, key=lambda root: _root_at(root, root_uses, by_root))
        at = _position(op)
        last, copies = op, [op]
        for k, root in enumerate(order[1:], start=1):
            copy = op.clone(ip=ir.InsertionPoint.after(last))
            _set_position(copy, at + k / (len(order) * 2**20))
            for owner, index in by_root[root]:
                owner.operands[index] = copy.results[0]
            touched.append(copy)
            _set_root(copy, root)
            last = _join_groups(copy, groups)
            count += 1
            copies.append(copy)
        _set_root(op, order[0])
        if mark:
            marks.append(copies)
        if copied is not None:
            copied.append(copies)
    for op in touched:
        if _ROOT in op.attributes:
            del op.attributes[_ROOT]
    if placed:
        for op in block.operations:
            if _AT in op.attributes:
                del op.attributes[_AT]
    for copies in marks:
        attr = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), next(_COPY_NUMBERS))
        for copy in copies:
            copy.attributes[COPY_MARK] = attr
    return count


# The use outside constant expressions an op (or copy) feeds, while splitting: kept on the op,
# since a Python handle of an op hashes its contents (no dict key once its operands change).
_ROOT = "meshjit.split_root"
_AT = "meshjit.split_at"  # an op's place in its block (copies between their op and the next)


def _set_root(op, root: int) -> None:
    op.attributes[_ROOT] = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), root)


def _by_root(uses: list, fresh, root_uses: dict) -> dict:
    """The uses grouped by the use outside constants they feed (Shardy's splitter copies a
    constant expression whole for each op outside it that reads it, once per operand; inside
    one copy, values read twice stay shared). An op outside them is its own root."""
    found: dict = {}
    for owner, index in uses:
        attrs = owner.attributes
        if _ROOT in attrs:
            root = ir.IntegerAttr(attrs[_ROOT]).value
        else:
            root = next(fresh)
            root_uses[root] = (owner, index)
        found.setdefault(root, []).append((owner, index))
    return found


def _place(block) -> bool:
    """Numbers the block's ops in order (_AT), for ordering copies as their users."""
    for i, op in enumerate(block.operations):
        _set_position(op.operation, float(i))
    return True


def _set_position(op, at: float) -> None:
    op.attributes[_AT] = ir.FloatAttr.get_f64(at)


def _position(op) -> float:
    attrs = op.attributes
    return ir.FloatAttr(attrs[_AT]).value if _AT in attrs else float("inf")


def _root_at(root: int, root_uses: dict, by_root: dict) -> tuple:
    """Where the root use lies (else the first of the uses feeding it)."""
    if root in root_uses:
        return _at(root_uses[root])
    return min(_at(use) for use in by_root[root])


def _at(use) -> tuple:
    """A use's place: its owner's, or for a use inside a region (a branch's return) the place
    of the op in the block that holds it, then the owner's place in that op's regions (two
    branches' uses in program order, campaign 36320 extended)."""
    owner, index = use
    inner = owner
    while _AT not in owner.attributes and owner.parent is not None:
        owner = owner.parent
    return (_position(owner), _walk_index(owner, inner) if inner != owner else -1, index)


def _walk_index(ancestor, inner) -> int:
    """`inner`'s place in a pre-order walk of `ancestor`'s regions."""
    found = [0, -1]

    def visit(op):
        found[0] += 1
        if op == inner:
            found[1] = found[0]
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    ancestor.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found[1]


def _join_groups(copy, groups: list):
    """A copy joins the sharding groups of the op it copies (as Shardy's splitter: a group is
    no use to split for); returns the last op placed."""
    last = copy
    for group in groups:
        last = group.clone(ip=ir.InsertionPoint.after(last))
        last.operands[0] = copy.results[0]
    return last


def _multiplies(by_root: dict) -> bool:
    """Whether copying per use would multiply copies along a constant expression."""
    return len(by_root) > MAX_COPIES and any(
        _ROOT in owner.attributes for uses in by_root.values() for owner, _ in uses
    )


def split_constants(
    module_op: ir.Operation, *, mark: bool = False, copied: list | None = None
) -> int:
    """`split_block` on every block of the module (nested regions included; `copied` collects
    each split op with its copies)."""
    count, owners = 0, [module_op]
    while owners:
        nested: list = []
        for owner in owners:
            for region in owner.regions:
                for block in region.blocks:
                    count += split_block(block, nested, mark, copied)
        owners = nested
    return count
