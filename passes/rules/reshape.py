"""The rule of `stablehlo.reshape`, factored as Shardy factors it.

From the major end, dims are split by gcd into factors both sides share (`[6, 4] -> [2, 12]`
gives `([ij, k])->([i, jk]) {i=2, j=3, k=4}`); a dim of size one gets a factor of its own. Where
the sizes stop sharing a factor, the minor end is matched the same way, and what is left in
between becomes factors each held by one side, made in the order the two sides' running
products reach them (`[6, 5] -> [5, 6]` gives `([i, l])->([j, k])`).
"""

from __future__ import annotations

import math

from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import RuleBuilder, ShardingRule
from meshjit.passes.rules.util import op_builder, shape_of


@sharding_rule("stablehlo.reshape", cache_attrs=())
def reshape_rule(op):
    return reshape_factors(op_builder(op), shape_of(op.operands[0]), shape_of(op.results[0]))


class _Side:
    """One side's dims with what is left of each to factor."""

    __slots__ = ("shape", "left", "dim", "add", "tail")

    def __init__(self, shape, add):
        self.shape, self.left, self.dim, self.add = shape, list(shape), 0, add
        self.tail = []  # trailing size-one dims, factored last

    def peel_tail(self, last: int) -> int:
        """Sets the trailing size-one dims aside; returns the last dim before them."""
        while last >= self.dim and self.shape[last] == 1:
            self.tail.insert(0, last)
            last -= 1
        return last

    def skip_done(self) -> bool:
        """Steps past a dim fully factored (True if it did)."""
        if self.dim < len(self.shape) and self.left[self.dim] == 1 and self.shape[self.dim] != 1:
            self.dim += 1
            return True
        return False

    def at_size_one(self) -> bool:
        return self.dim < len(self.shape) and self.shape[self.dim] == 1

    def done(self) -> bool:
        return self.dim >= len(self.shape)


def reshape_factors(b: RuleBuilder, in_shape, out_shape) -> ShardingRule:
    ins = _Side(in_shape, lambda d, f: b.operand(0, d, f))
    outs = _Side(out_shape, lambda d, f: b.result(0, d, f))
    if 0 in in_shape or 0 in out_shape:  # empty: nothing to share, a factor per dim
        for side, shape in ((ins, in_shape), (outs, out_shape)):
            for d, size in enumerate(shape):
                side.add(d, b.factor(size))
        return b.build()
    if _major_scan(b, ins, outs):
        return b.build()
    minor = _minor_scan(ins, outs)
    _middle(b, ins, outs)
    for d_in, d_out, size in reversed(minor):
        f = b.factor(size)
        ins.add(d_in, f), outs.add(d_out, f)
    for side in (ins, outs):
        for d in side.tail:
            side.add(d, b.factor(1))
    return b.build()


def _major_scan(b: RuleBuilder, ins: _Side, outs: _Side) -> bool:
    """Shares gcd factors from the major end; True if both sides were factored to the end."""
    while not (ins.done() and outs.done()):
        if ins.skip_done() or outs.skip_done():
            continue
        for side in (ins, outs):
            if side.at_size_one():
                side.add(side.dim, b.factor(1))
                side.dim += 1
                break
        else:
            if ins.done() or outs.done():
                return False
            g = math.gcd(ins.left[ins.dim], outs.left[outs.dim])
            if g == 1:
                return False
            f = b.factor(g)
            ins.add(ins.dim, f), outs.add(outs.dim, f)
            ins.left[ins.dim] //= g
            outs.left[outs.dim] //= g
    return True


def _minor_scan(ins: _Side, outs: _Side) -> list[tuple[int, int, int]]:
    """(in dim, out dim, size) shared from the minor end, minor first; takes them out of
    `left`."""
    found = []
    i, j = ins.peel_tail(len(ins.shape) - 1), outs.peel_tail(len(outs.shape) - 1)
    while i >= ins.dim and j >= outs.dim:
        if ins.shape[i] == 1 or outs.shape[j] == 1:
            break
        g = math.gcd(ins.left[i], outs.left[j])
        if g == 1:
            break
        found.append((i, j, g))
        ins.left[i] //= g
        outs.left[j] //= g
        i -= ins.left[i] == 1
        j -= outs.left[j] == 1
    return found


def _middle(b: RuleBuilder, ins: _Side, outs: _Side) -> None:
    """A factor per leftover piece, each on one side, taken from whichever side's running
    product is behind (the input's on a tie)."""
    pending = [_pieces(ins), _pieces(outs)]
    product = [1, 1]
    sides = (ins, outs)
    while pending[0] or pending[1]:
        k = _next_side(pending, product, sides)
        d, size = pending[k].pop(0)
        sides[k].add(d, b.factor(size))
        product[k] *= size


def _next_side(pending, product, sides) -> int:
    """A size-one dim next on a side goes first (the input's first); then the side whose
    running product is behind (the input's on a tie)."""
    for k in (0, 1):
        if pending[k] and sides[k].shape[pending[k][0][0]] == 1:
            return k
    return 0 if pending[0] and (not pending[1] or product[0] <= product[1]) else 1


def _pieces(side: _Side) -> list[tuple[int, int]]:
    """(dim, size) left to factor from the first unfinished dim on (a dim fully taken by
    shared minor factors has none)."""
    return [
        (d, side.left[d])
        for d in range(side.dim, len(side.shape))
        if (side.left[d] != 1 or side.shape[d] == 1) and d not in side.tail
    ]
