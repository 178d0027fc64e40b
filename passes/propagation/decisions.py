"""Factor decisions at one edge: from the claims of its source tensors (per factor, the axes
each source shards it with) to one axis list per factor.

The longest compatible claim wins. On conflict, basic keeps only the common prefix; aggressive
picks a winner by Shardy's preferences or by the per-op cost model's estimated communication
(cost/candidates.py). Where two factors want one axis, the cost model gives it to one factor on
every tensor; Shardy's preferences, as Shardy, let each tensor take the factors in order, so a
tensor that lacks the first factor gives the axis to the next (apply.py).

`step` is the EdgeStep being applied (edge_step.py).
"""

from __future__ import annotations

from meshjit.passes.cost.candidates import TensorClaim, choose, loss_penalty
from meshjit.passes.graph.axes import (
    axes_product,
    common_prefix,
    compatible,
    free_prefix,
    overlaps,
)


def decide_basic(claims, mappings=None, axis_size=None, *, across=False, held=None) -> dict:
    """factor -> (axes, source tensor): the longest claim where all are compatible, else their
    common prefix; an axis two factors of one tensor want goes to neither (`mappings`, the
    rule's per-tensor dims, says which factors share a tensor; without it, all do), or only
    its major piece the other leaves free (`axis_size`, a mesh axis' size by name, given).
    `across` (an op's own rule, as Shardy's basic strategy checks every tensor of the op): an
    axis a tensor holds for another factor goes to no factor, whichever tensors hold them;
    `held`: factor -> the axes the tensors hold for it that it does not propagate (a blocked
    factor's, overflow axes)."""
    decisions = {}
    for f, cs in claims.items():
        maximal = _maximal(cs)
        if len(maximal) == 1:
            decisions[f] = (list(maximal[0][0]), maximal[0][1])
        else:
            decisions[f] = (common_prefix([c[0] for c in cs]), cs[0][1])
    wanted = dict(decisions)
    tensors = (
        _factor_tensors(mappings, wanted) if mappings is not None and len(wanted) > 1 else None
    )
    for f, (axes, src) in wanted.items():
        others = [
            a
            for g, (ax, _) in wanted.items()
            if g != f and (tensors is None or tensors[f] & tensors[g])
            for a in ax
        ]
        if across and tensors is not None:
            others += [
                a for g in wanted if not tensors[f] & tensors[g] for c in claims[g] for a in c[0]
            ]
        if across and held:
            others += [a for g, ax in held.items() if g != f for a in ax]
        cut = next((k for k, a in enumerate(axes) if any(overlaps(a, o) for o in others)), None)
        if cut is not None:
            kept = axes[:cut]
            piece = (
                None
                if axis_size is None
                else free_prefix(axes[cut], others, axis_size(axes[cut][0]))
            )
            decisions[f] = (kept + [piece] if piece is not None else kept, src)
    return {f: d for f, d in decisions.items() if d[0]}


def _factor_tensors(mappings, factors) -> dict:
    """factor -> the tensors (by index) one of whose dims holds it."""
    out = {f: set() for f in factors}
    for t, dims in enumerate(mappings):
        for fs in dims:
            for f in fs:
                if f in out:
                    out[f].add(t)
    return out


def decide_aggressive(step, claims) -> dict:
    """factor -> (axes, source tensor), conflicts resolved as `step.options.conflicts` says."""
    shardy = step.options.shardy_preferences
    if shardy:
        plain = _without_conflicts(claims)
        if plain is not None:
            return plain
    # Whether factors conflict does not depend on their order; which the cost model would
    # decide otherwise is judged with reduction factors last, as it weighs them.
    decisions, conflicted = _resolve(step, claims, shardy, reduction_last=True)
    if conflicted and shardy:
        graph = step.graph
        if step.options.conflicts == "auto" and not (graph.conflicts or graph.blocked):
            # Counted only where the cost model would decide otherwise (auto.py then also
            # propagates with it and compares the whole results); once one is, or a tensor
            # refused an axis, the other candidates run anyway: no need to ask again.
            if _resolve(step, claims, False)[0] != decisions:
                graph.conflicts += 1
        # Shardy resolves a conflict between factors per tensor: each tensor takes the
        # factors in order, and a factor keeps the axes the tensor's earlier ones left free.
        decisions = _resolve(step, claims, True, per_tensor=True)[0]
        step.in_factor_order = True
    return decisions


def _without_conflicts(claims) -> dict | None:
    """factor -> (its longest claim, that claim's tensor) where every factor's claims agree
    and no two factors claim one axis (then the order of the factors decides nothing); else
    None."""
    decisions, names = {}, set()
    for f, cs in claims.items():
        maximal = cs if len(cs) == 1 else _maximal(cs)
        if len(maximal) != 1:
            return None
        axes, index = maximal[0]
        for a in axes:
            if a[0] in names:
                return None
        names.update(a[0] for a in axes)
        decisions[f] = (list(axes), index)
    return decisions


def _resolve(
    step, claims, shardy: bool, per_tensor=False, reduction_last=False
) -> tuple[dict, bool]:
    """(factor -> (axes, source tensor), whether claims conflicted). With `per_tensor`,
    a factor keeps axes an earlier factor took (`apply` then resolves per tensor)."""
    decisions, taken, conflicted = {}, [], False
    for f in _factor_order(step, claims, shardy, reduction_last):
        cs = claims[f]
        maximal = _maximal(cs)
        if len(maximal) == 1:
            axes, index = maximal[0]
        elif shardy:
            conflicted = True
            # Shardy resolves conflicts between factors, not within one: common prefix.
            axes, index = common_prefix([c[0] for c in cs]), maximal[0][1]
        else:
            axes, index = maximal[_cheapest(step, f, cs, maximal)]
        axes = list(axes)
        if taken and not per_tensor:
            kept = _free_of(step, axes, taken)
            if kept != axes:
                axes = kept
                conflicted = True
        if axes:
            decisions[f] = (axes, index)
            taken.extend(axes)
    return decisions, conflicted


def _cheapest(step, f, claims, maximal) -> int:
    """Index in `maximal` of the claim the per-op cost model picks for factor f."""
    candidates = [(c[0], tc) for c, tc in zip(maximal, _tensor_claims(step, maximal))]
    return choose(
        candidates,
        _tensor_claims(step, claims),
        compatible,
        reduction_results=_reduction_results(step, f),
    )


def _maximal(claims):
    """Claims not a prefix of another claim, one per distinct axis list (of claims sharding
    as much, the longer first: a size-one axis after them extends them)."""
    if len(claims) == 1:
        return claims
    out, seen = [], set()
    for c in sorted(claims, key=lambda c: (-axes_product(c[0]), -len(c[0]))):
        if c[0] in seen or any(compatible(c[0], o[0]) for o in out):
            continue
        seen.add(c[0])
        out.append(c)
    return out


def _tensor_claims(step, cs) -> list:
    """Claims with the byte sizes the cost model weighs."""
    views = step.views
    return [
        TensorClaim(axes, views[i].slot.local_bytes(), views[i].slot.total_bytes, i)
        for axes, i in cs
    ]


def _reduction_results(step, f):
    if not step.plan.reduction[f]:
        return ()
    return [v.slot.local_bytes() for v in step.edge.results]


def _factor_order(step, claims, shardy: bool, reduction_last: bool = False):
    if len(claims) == 1:
        return list(claims)
    if shardy:
        sizes = step.plan.tables.sizes
        reduction = step.plan.reduction if reduction_last else None
        elementwise = step.edge.elementwise

        def key(f):
            # The factor whose source (the largest tensor holding its most sharded claim, one
            # where the factor has no overflow axes) is larger first (by its factors' sizes,
            # as Shardy measures tensors; no such source sorts last); on elementwise
            # ops then the more sharded factor; then the factor whose source comes first
            # among operands and results (an op's results then cut what they cannot take:
            # apply.fit_to_tensors).
            cs = claims[f]
            # (of claims sharding as much, the longer: a size-one axis after them extends them)
            most = max((axes_product(a), len(a)) for a, _ in cs)
            sources = [i for a, i in cs if (axes_product(a), len(a)) == most]
            source = min(sources)
            largest = max((sizes[i] for i in sources if not _overflows(step, i, f)), default=0)
            most_sharded = _agreed_size([a for a, _ in cs]) if elementwise else 0
            return (
                reduction is not None and reduction[f],
                -largest,
                -most_sharded,
                source,
                f,
            )
    else:

        def key(f):
            return (-loss_penalty(_tensor_claims(step, claims[f])), f)

    return sorted(claims, key=key)


def _overflows(step, t: int, f: int) -> bool:
    """Whether factor f holds overflow axes in tensor t: its dim's axes stop fitting at f, which
    is not the dim's minor-most factor (the factors after it project to None). Shardy takes
    no such tensor as f's source."""
    proj = step.proj[t]
    if proj is None or step.plan.simple[t]:
        return False
    for _, fs in step.plan.dims[t]:
        if f in fs:
            k = fs.index(f)
            return k + 1 < len(fs) and proj[fs[k + 1]] is None
    return False


def _agreed_size(axes_lists) -> int:
    """The device count of the axes a factor's claims agree on: the longest claim when the
    others are prefixes of it, else their common prefix."""
    longest = max(axes_lists, key=axes_product)
    if all(compatible(a, longest) for a in axes_lists):
        return axes_product(longest)
    return axes_product(common_prefix(axes_lists))


def _free_of(step, axes, taken) -> list:
    """The prefix of `axes` (its last axis possibly cut to a major piece) clear of `taken`."""
    mesh = step.meshes[step.mesh]
    kept = []
    for a in axes:
        piece = free_prefix(a, taken, mesh.size_of(a[0]))
        if piece is not None:
            kept.append(piece)
        if piece != a:
            break
    return kept
