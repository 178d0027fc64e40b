"""Axis arithmetic on normalized axes.

An axis is a `(name, pre_size, size)` tuple: a full axis "x"=4 is `("x", 1, 4)`, the sub-axis
`"x":(2)2` is `("x", 2, 2)`. A dimension's sharding is a list of axes, major to minor.
"""

from __future__ import annotations

from meshjit.dialects.sdy import AxisRef, MeshShape, axis_ref

Axis = tuple[str, int, int]


def to_axis(entry, mesh: MeshShape) -> Axis:
    ref = axis_ref(entry)
    if ref.is_sub_axis:
        return (ref.name, ref.pre_size, ref.size)
    return (ref.name, 1, mesh.size_of(ref.name))


def from_axis(axis: Axis, mesh: MeshShape) -> str | AxisRef:
    name, pre, size = axis
    if pre == 1 and size == mesh.size_of(name):
        return name
    return AxisRef(name, pre, size)


def merge_axes(axes: list[Axis]) -> list[Axis]:
    """Joins adjacent sub-axes of one axis: `"x":(1)2, "x":(2)2` -> `"x":(1)4`."""
    out: list[Axis] = []
    for name, pre, size in axes:
        if out and out[-1][0] == name and out[-1][1] * out[-1][2] == pre:
            prev = out.pop()
            out.append((name, prev[1], prev[2] * size))
        else:
            out.append((name, pre, size))
    return out


def overlaps(a: Axis, b: Axis) -> bool:
    """Whether two (sub-)axes share devices; an axis of size 1 still overlaps itself."""
    if a[0] != b[0]:
        return False
    return a == b or (a[1] < b[1] * b[2] and b[1] < a[1] * a[2])


def clashes(axis: Axis, used) -> bool:
    """Whether `axis` shares devices with any of `used` (a sub-axis and its full axis do)."""
    return any(overlaps(axis, other) for other in used)


def disjoint(axes) -> bool:
    """No (sub-)axis used twice in `axes` (a sharding that did would not verify)."""
    return not any(clashes(a, axes[:i]) for i, a in enumerate(axes))


def free_prefix(axis: Axis, others, full_size: int) -> Axis | None:
    """`axis`, or its largest major piece that overlaps none of `others` (None if no piece).

    Shardy cuts an axis another factor partly holds to the sub-axis before that part, e.g. "x"=4
    next to `"x":(2)2` becomes `"x":(1)2`."""
    name, pre, size = axis
    limit = None
    for o in others:
        if o[0] == name and overlaps(axis, o):
            limit = o[1] if limit is None else min(limit, o[1])
    if limit is None:
        return axis
    for k in range(size - 1, 1, -1):
        if size % k == 0 and pre * k <= limit and full_size % (pre * k) == 0:
            return (name, pre, k)
    return None


def axes_product(axes) -> int:
    product = 1
    for _, _, size in axes:
        product *= size
    return product


def extension(current: list[Axis], wanted: list[Axis]) -> list[Axis] | None:
    """The axes to append to `current` to reach `wanted`; None if `current` is no prefix.

    The last axis of `current` may be a major sub-axis of the matching one in `wanted`.
    """
    n = len(current)
    if n > len(wanted):
        return None
    if not n:
        return list(wanted)
    if n == len(wanted) and current == wanted:
        return []
    for i, (c, w) in enumerate(zip(current, wanted)):
        if c == w:
            continue
        last = i == len(current) - 1
        if last and c[0] == w[0] and c[1] == w[1] and w[2] % c[2] == 0:
            rest = (w[0], c[1] * c[2], w[2] // c[2])
            return [rest, *wanted[i + 1 :]]
        return None
    return list(wanted[len(current) :])


def compatible(a, b) -> bool:
    """Whether one axis list extends the other."""
    return extension(list(a), list(b)) is not None or extension(list(b), list(a)) is not None


def common_prefix(axes_lists) -> list:
    """The longest list of axes every one of `axes_lists` starts with; where one list holds a
    major sub-axis of another's axis (`"x":(1)2` against "x"), the prefix ends with it."""
    prefix = list(axes_lists[0])
    for other in axes_lists[1:]:
        k = 0
        while k < min(len(prefix), len(other)) and prefix[k] == other[k]:
            k += 1
        if k < min(len(prefix), len(other)):
            major = _major_piece(prefix[k], other[k])
            prefix = prefix[:k] + ([major] if major else [])
        else:
            prefix = prefix[:k]
    return prefix


def _major_piece(a: Axis, b: Axis) -> Axis | None:
    """The smaller of two axes when it is a major piece of the other (same name and start)."""
    if a[0] != b[0] or a[1] != b[1]:
        return None
    small, large = (a, b) if a[2] <= b[2] else (b, a)
    return small if large[2] % small[2] == 0 else None
