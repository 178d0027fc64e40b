"""The per-op cost model: the estimated communication of a propagation choice at one op, in
bytes per device.

When an op's tensors disagree on a factor, every candidate sharding for that factor leaves some
tensors with axes the candidate does not have; those tensors must be resharded before (operands)
or after (results) the op. The collective that does it depends on where the lost axes go:
- all-gather: the axes disappear from the tensor: each device receives (n - 1) local shards;
- all-to-all: the axes move to another dimension: each device sends (n - 1) / n of its shard;
- all-reduce: a reduction factor is sharded: each result shard is summed, 2 (n - 1) / n.
Candidates are compared by the sum over the op's tensors; ties fall back to Shardy's preference
(the larger tensor's sharding, then the more sharded, then operand order).
"""

from __future__ import annotations

import dataclasses

from meshjit.passes.cost.collectives import (
    ALL_GATHER,
    ALL_TO_ALL,
    COLLECTIVE_BYTES,
    all_gather_bytes,
    all_reduce_bytes,
)
from meshjit.passes.graph.axes import axes_product, common_prefix


@dataclasses.dataclass(frozen=True)
class TensorClaim:
    """One tensor's current axes for a factor, and what losing them would cost it."""

    axes: tuple
    local_bytes: float
    total_bytes: int
    index: int  # position among the op's operands then results


def reshard_cost(claim: TensorClaim, candidate, compatible) -> float:
    """Bytes to move `claim`'s tensor from its axes to `candidate` (0 if compatible)."""
    if not claim.axes or compatible(claim.axes, candidate):
        return 0.0
    lost = claim.axes[len(common_prefix([claim.axes, candidate])) :]
    n = axes_product(lost)
    moved = any(a[0] in {c[0] for c in candidate} for a in lost)
    kind = ALL_TO_ALL if moved else ALL_GATHER
    return COLLECTIVE_BYTES[kind](claim.local_bytes, n)


def candidate_cost(candidate, claims, compatible, *, reduction_results=()) -> float:
    """Total bytes of reshards (and of the all-reduce, for a reduction factor)."""
    cost = sum(reshard_cost(c, candidate, compatible) for c in claims)
    if candidate and reduction_results:
        n = axes_product(candidate)
        cost += sum(all_reduce_bytes(b, n) for b in reduction_results)
    return cost


def shardy_preference(candidate, claim: TensorClaim) -> tuple:
    """Sort key: the larger tensor first, then the more sharded, then operand order."""
    return (-claim.total_bytes, -axes_product(candidate), claim.index)


def choose(candidates, claims, compatible, *, reduction_results=()):
    """Index of the winning candidate among `candidates` [(axes, claim), ...]: the cheapest,
    ties by Shardy's preference."""

    def key(i):
        axes, claim = candidates[i]
        cost = candidate_cost(axes, claims, compatible, reduction_results=reduction_results)
        return (cost, *shardy_preference(axes, claim))

    return min(range(len(candidates)), key=key)


def loss_penalty(claims) -> float:
    """What it would cost to drop every claim on a factor: used to order competing factors."""
    return sum(all_gather_bytes(c.local_bytes, axes_product(c.axes)) for c in claims if c.axes)
