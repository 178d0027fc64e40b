"""Pricing a reshard: the bytes one device moves when XLA's SPMD partitioner takes a tensor
from one dim sharding to another, the cheapest of the ways it reshards (each measured on 8 CPU
devices against the partitioned HLO's collectives):
- all-gather of n shards: each device receives (n - 1) local shards;
- all-to-all over n devices (an axis moves to another dimension): (n - 1) / n of the shard;
- collective-permute of a shard where the device order within a dimension changes;
- full rematerialization where axes move between more than two dimensions.
Prices are pure functions of the shape, element size and the two shardings, cached per pass run.
"""

from __future__ import annotations

from meshjit.passes.cost.collectives import all_gather_bytes, all_to_all_bytes
from meshjit.passes.graph.axes import axes_product
from meshjit.passes.graph.graph import View, shard_bytes


def local_bytes(view: View, dims) -> float:
    """Bytes one device holds of `view`'s tensor sharded as `dims`."""
    return shard_bytes(view.slot, dims)


def reshard_bytes(view: View, src: list, dst: list) -> float:
    """Bytes one device moves to take a tensor from dims `src` to dims `dst`: the cheapest of
    the ways XLA's partitioner reshards (each measured on 8 CPU devices, see `_steps`,
    `_tile_counts` and `_nested`)."""
    if src == dst:
        return 0.0
    return _cached(_RESHARDS, _cheapest_reshard, view, src, dst)


def _cached(cache: dict, fn, view: View, src: list, dst: list):
    """fn(view, src, dst), a pure function of the shape, element size and the two shardings."""
    slot = view.slot
    key = (slot.shape, slot.elem_bytes, tuple(map(tuple, src)), tuple(map(tuple, dst)))
    value = cache.get(key)
    if value is None:
        if len(cache) > _RESHARDS_MAX:
            cache.clear()
        value = cache[key] = fn(view, src, dst)
    return value


_RESHARDS: dict = {}  # (shape, element bytes, src, dst) -> bytes: a pure function of those
_PARTS: dict = {}  # the same key -> reshard_parts
_RESHARDS_MAX = 100_000


def clear_cache() -> None:
    """Forgets the priced reshards (each pass run starts afresh, so timings are per run)."""
    _RESHARDS.clear()
    _PARTS.clear()


def _cheapest_reshard(view: View, src: list, dst: list) -> float:
    cost = _steps(view, src, dst)
    if cost:
        before = [axes_product(dim) for dim in src]
        after = [axes_product(dim) for dim in dst]
        cost = min(cost, _tile_counts(view, src, dst, before, after))
        if _nested(before, after):
            cost = min(cost, local_bytes(view, dst))
    return cost


def _steps(view: View, src: list, dst: list) -> float:
    """All-gather the axes that leave the tensor; slice the axes that only join; one
    all-to-all for the axes that change dimension (of the shard left after slicing); and a
    collective-permute of the finest shard where the device order within a dimension changes
    (axes swapped, or one leaving from under another)."""
    where_src = {a: d for d, dim in enumerate(src) for a in dim}
    where_dst = {a: d for d, dim in enumerate(dst) for a in dim}
    gathered, moved = _gathered(src, where_src, where_dst)
    added = [a for a in where_dst if a not in where_src]
    if not gathered and not moved and all(_keeps_order(s, t) for s, t in zip(src, dst)):
        return 0.0
    pairs = _moves(where_src, where_dst, moved)
    if _rematerializes(pairs):
        n = axes_product(list(where_src))
        return all_gather_bytes(local_bytes(view, src), n)
    late = _sliced_late(src, dst, moved, added)
    early = [a for a in added if a not in late]
    shard = local_bytes(view, src)
    cost = 0.0
    if gathered:
        n = axes_product(gathered)
        cost += all_gather_bytes(shard, n)
        shard *= n
    if moved:
        shard /= axes_product(early)
        if len(pairs) > 1 and not any((d, s) in pairs for s, d in pairs):
            # A chain (dim 2 -> 1, dim 1 -> 0): one all-to-all per pair of dims, in turn,
            # each keeping every dim's order.
            return cost + sum(all_to_all_bytes(shard, n) for n in map(axes_product, pairs.values()))
        n = axes_product(moved)
        cost += all_to_all_bytes(shard, n)
    if _permutes(src, [[a for a in t if a not in late] for t in dst], set(moved)):
        cost += local_bytes(view, src) / axes_product(early)  # the finest shard
    return cost


def _gathered(src: list, where_src: dict, where_dst: dict) -> tuple[list, list]:
    """(axes all-gathered, axes all-to-all'd into another dim). An axis that would move out
    of a dimension some axis leaves is gathered with it (and sliced back): XLA does not
    all-to-all a partly gathered dimension."""
    gathered = [a for a in where_src if a not in where_dst]
    moved = [a for a, d in where_src.items() if a in where_dst and where_dst[a] != d]
    for dim in src:
        along = [a for a in dim if a in moved] if set(dim) & set(gathered) else []
        gathered += along
        moved = [a for a in moved if a not in along]
    return gathered, moved


def reshard_parts(view: View, src: list, dst: list) -> list:
    """[(dims text, bytes)]: a reshard as the steps XLA makes for it, keyed by the dims each
    leaves the tensor in, so that two reshards of one value sharing their first step (the
    all-gather) count it once (XLA makes the same all-gather once: gathering a weight whole for
    one dot and gathering it then slicing another dim for another is one all-gather)."""
    return _cached(_PARTS, _reshard_parts, view, src, dst)


def _reshard_parts(view: View, src: list, dst: list) -> list:
    total = reshard_bytes(view, src, dst)
    where_src = {a: d for d, dim in enumerate(src) for a in dim}
    where_dst = {a: d for d, dim in enumerate(dst) for a in dim}
    gathered = _gathered(src, where_src, where_dst)[0]
    mid = [[a for a in dim if a not in gathered] for dim in src]
    if not gathered or mid == dst or abs(_steps(view, src, dst) - total) > 1e-6:
        return [(repr(dst), total)]  # no gather, only one, or XLA takes another path
    first = reshard_bytes(view, src, mid)
    return [(repr(mid), first), (repr(dst), total - first)]


def _moves(where_src: dict, where_dst: dict, moved: list) -> dict:
    """(source dim, target dim) -> the axes that move that way."""
    pairs: dict = {}
    for a in moved:
        pairs.setdefault((where_src[a], where_dst[a]), []).append(a)
    return pairs


def _rematerializes(pairs: dict) -> bool:
    """Axes moving from one dim into several, or from several dims into one (`pairs` from
    `_moves`): XLA's all-to-all moves between two dims, so it replicates the whole tensor and
    slices it ("involuntary full rematerialization")."""
    sources = [s for s, _ in pairs]
    targets = [d for _, d in pairs]
    return len(set(sources)) < len(sources) or len(set(targets)) < len(targets)


def _sliced_late(src: list, dst: list, moved: list, added: list) -> list:
    """Joining axes sliced after the all-to-all: those that end a dim a moved axis leaves
    (sliced before, they would sit under the leaving axis and need a permute)."""
    late = []
    for s, t in zip(src, dst):
        if any(a in moved for a in s):
            tail = []
            for a in reversed(t):
                if a not in added:
                    break
                tail.append(a)
            late += tail
    return late


def _tile_counts(view: View, src: list, dst: list, before: list, after: list) -> float:
    """XLA reshards by tile counts first: where one dim gives a factor r of its tiles to
    another (same devices, nothing gathered), one all-to-all over r devices, then a
    collective-permute of the new shard puts the tiles on their devices (an axis swap).
    `before` / `after`: each dim's tile count."""
    if sorted(a for dim in src for a in dim) != sorted(a for dim in dst for a in dim):
        return float("inf")
    donors = [d for d, (b, a) in enumerate(zip(before, after)) if b > a]
    takers = [d for d, (b, a) in enumerate(zip(before, after)) if b < a]
    if len(donors) != 1 or len(takers) != 1:
        return float("inf")
    i, j = donors[0], takers[0]
    r = before[i] // after[i]
    if before[i] % after[i] or after[j] != before[j] * r:
        return float("inf")
    return all_to_all_bytes(local_bytes(view, src), r) + local_bytes(view, dst)


def _nested(before: list, after: list) -> bool:
    """Whether, by the dims' tile counts, every new tile lies in one old tile (or every old
    tile in one new one): XLA then reaches the new sharding with a collective-permute of the
    new shard (after a local slice), or gathers into it, when that moves less than the steps."""
    return all(b % a == 0 for a, b in zip(before, after)) or all(
        a % b == 0 for a, b in zip(before, after)
    )


def _keeps_order(s, t) -> bool:
    return list(t[: len(s)]) == list(s)


def _permutes(src, dst, moved) -> bool:
    """Whether the device order within some dimension changes: the axes a dimension keeps
    are not a prefix of it before and after, or an axis leaves it for another dimension while
    another joins it, or an axis sliced in after one that arrives from another dimension (slicing
    comes first), or axes that move arrive in another order."""
    if [a for dim in src for a in dim if a in moved] != [
        a for dim in dst for a in dim if a in moved
    ]:
        return True  # the all-to-all keeps the moved axes' order
    for s, t in zip(src, dst):
        kept = [a for a in s if a in t]
        if list(s[: len(kept)]) != kept or list(t[: len(kept)]) != kept:
            return True
        if any(a in moved for a in s) and any(a not in s for a in t):
            return True
        joined = [a in moved for a in t[len(kept) :]]
        if True in joined and False in joined[joined.index(True) :]:
            return True
    return False
