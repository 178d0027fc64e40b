"""The rule of `stablehlo.reshape`, factored as Shardy factors it.

The two sides are walked from the major end, with the product of the factors each has so far.
While the products are equal, the current dims share their gcd (`[6, 4] -> [2, 12]` gives
`([ij, k])->([i, jk]) {i=2, j=3, k=4}`), or, when that is 1, each side's current dim becomes a
factor of its own; a dim of size one gets a factor of its own. Otherwise the side behind takes
a factor of its own from its current dim: what brings its product up to the other's, if that
divides the dim; else what of the dim the other side's current dim cannot share; else all of
it (`[6, 5] -> [5, 6]` gives `([i, l])->([j, k])`, `[8, 12] -> [6, 8, 2]` gives
`([ij, mop])->([ik, lno, p])`). A side's trailing dims of size one are factored as soon as its
other dims are, before the other side's rest. (Checked against jaxlib's Shardy on 3,000 random
reshapes.)
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

    def peel_tail(self, last: int) -> None:
        """Sets the trailing size-one dims aside."""
        while last >= 0 and self.shape[last] == 1:
            self.tail.insert(0, last)
            last -= 1

    def skip_done(self) -> None:
        """Steps past a dim fully factored."""
        if not self.done() and self.left[self.dim] == 1 and self.shape[self.dim] != 1:
            self.dim += 1

    def at_size_one(self) -> bool:
        return not self.done() and self.shape[self.dim] == 1

    def done(self) -> bool:
        return self.dim >= len(self.shape) - len(self.tail)

    def rem(self) -> int:
        """What is left of the current dim to factor (1 when the side is done)."""
        return 1 if self.done() else self.left[self.dim]

    def take(self, factor: int, size: int) -> None:
        self.add(self.dim, factor)
        self.left[self.dim] //= size


def reshape_factors(b: RuleBuilder, in_shape, out_shape) -> ShardingRule:
    ins = _Side(in_shape, lambda d, f: b.operand(0, d, f))
    outs = _Side(out_shape, lambda d, f: b.result(0, d, f))
    if 0 in in_shape or 0 in out_shape:  # empty: nothing to share, a factor per dim
        for side, shape in ((ins, in_shape), (outs, out_shape)):
            for d, size in enumerate(shape):
                side.add(d, b.factor(size))
        return b.build()
    for side in (ins, outs):
        side.peel_tail(len(side.shape) - 1)
    product = [1, 1]
    sides = (ins, outs)
    while True:
        for side in sides:
            side.skip_done()
        if any(_size_one_first(b, side) for side in sides):
            continue
        if ins.done() and outs.done():
            break
        for side in sides:  # a side done but for its trailing size-one dims: they come now
            if side.done():
                _factor_tail(b, side)
        if product[0] == product[1] and not (ins.done() or outs.done()):
            g = math.gcd(ins.rem(), outs.rem())
            if g > 1:
                f = b.factor(g)
                for side in sides:
                    side.take(f, g)
                product = [product[0] * g, product[1] * g]
            else:  # nothing to share: each side's dim is a factor of its own
                for k, side in enumerate(sides):
                    product[k] *= side.rem()
                    side.take(b.factor(side.rem()), side.rem())
            continue
        k = 0 if outs.done() or (not ins.done() and product[0] <= product[1]) else 1
        size = _own_piece(sides[k].rem(), sides[1 - k].rem(), product[k], product[1 - k])
        sides[k].take(b.factor(size), size)
        product[k] *= size
    for side in sides:
        _factor_tail(b, side)
    return b.build()


def _factor_tail(b: RuleBuilder, side: _Side) -> None:
    """The trailing size-one dims of a side done with the others, each a factor."""
    for d in side.tail:
        side.add(d, b.factor(1))
    if side.tail:
        side.dim, side.tail = len(side.shape), []


def _size_one_first(b: RuleBuilder, side: _Side) -> bool:
    """A size-one dim next on the side gets its own factor (True if one did)."""
    if side.at_size_one():
        side.add(side.dim, b.factor(1))
        side.dim += 1
        return True
    return False


def _own_piece(rem: int, other_rem: int, mine: int, theirs: int) -> int:
    """The size of the factor the side behind takes alone from the rest `rem` of its dim: what
    brings its product `mine` up to the other's `theirs`, if it can; else what the other side's
    current dim (`other_rem` left) cannot share; else all of it."""
    if theirs % mine == 0 and rem % (theirs // mine) == 0:
        return theirs // mine
    size = rem // math.gcd(rem, other_rem)
    return rem if size == 1 else size
