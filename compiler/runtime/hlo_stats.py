"""What XLA's partitioned HLO moves between devices: its collectives by kind, with the bytes one
device sends or receives for each (`meshjit-compile`, the benchmarks and the tests read it)."""

from __future__ import annotations

import re
from collections import Counter

_COLLECTIVE = re.compile(
    r"= (\(?[^=]*?\)?) (all-gather|all-reduce|reduce-scatter|all-to-all|collective-permute)"
    r"(?:-start)?\(([^\n]*)"
)
_INDEX_COMMENT = re.compile(r"/\*index=\d+\*/")
_SHAPE = re.compile(r"(pred|[sfu]\d+|bf16)\[([\d,]*)\]")
_BYTES = {"pred": 1, "bf16": 2}
# Bytes one device sends/receives, as a multiple of the collective's result size, for group n.
_MOVED = {
    "all-gather": lambda n: (n - 1) / n,
    "all-reduce": lambda n: 2 * (n - 1) / n,
    "reduce-scatter": lambda n: n - 1,
    "all-to-all": lambda n: (n - 1) / n,
    "collective-permute": lambda n: 1,
}


def group_size(attrs: str, default: int = 8) -> int:
    """Devices per replica group, from `replica_groups=` in any of XLA's three spellings."""
    mesh = re.search(r"replica_groups=mesh\[([^\]]*)\][^{]*\{([^}]*)\}", attrs)
    if mesh:
        sizes = dict(re.findall(r"'(\w+)'=(\d+)", mesh.group(1)))
        n = 1  # an axis, or a sub-axis `'axis_1':(2)2` (pre-size 2, size 2)
        for axis, sub_size in re.findall(r"'(\w+)'(?::\(\d+\)(\d+))?", mesh.group(2)):
            n *= int(sub_size or sizes[axis])
        return n
    iota = re.search(r"replica_groups=\[\d+,(\d+)\]<=", attrs)
    if iota:
        return int(iota.group(1))
    explicit = re.search(r"replica_groups=\{\{([\d,]*)\}", attrs)
    if explicit:
        return len(explicit.group(1).split(","))
    return default


def collectives(hlo: str) -> list[tuple[str, int, float]]:
    """(kind, result bytes, bytes moved per device) of each collective in partitioned HLO, in
    order. Collectives inside a loop body are counted once (per static occurrence)."""
    found = []
    hlo = _INDEX_COMMENT.sub("", hlo)  # long tuples carry `/*index=5*/`, which has an `=`
    for match in _COLLECTIVE.finditer(hlo):
        size = 0
        for dtype, dims in _SHAPE.findall(match.group(1)):
            elem = _BYTES.get(dtype) or int(dtype[1:]) // 8
            for d in filter(None, dims.split(",")):
                elem *= int(d)
            size += elem
        kind = match.group(2)
        found.append((kind, size, size * _MOVED[kind](group_size(match.group(3)))))
    return found


def collective_stats(hlo: str) -> tuple[int, int, int]:
    """(count, result bytes, bytes moved per device) of the collectives in partitioned HLO."""
    found = collectives(hlo)
    return len(found), sum(f[1] for f in found), round(sum(f[2] for f in found))


def by_kind(hlo: str) -> dict[str, tuple[int, int]]:
    """{kind: (count, bytes moved per device)}, kinds in first-seen order."""
    counts, moved = Counter(), Counter()
    for kind, _, m in collectives(hlo):
        counts[kind] += 1
        moved[kind] += m
    return {k: (counts[k], round(moved[k])) for k in counts}
