"""The abstract type of a mutable array reference, and the static part of a ref's index."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.ir.core import ShapedArray


class AbstractRef(ShapedArray):
    """`Ref{float32[3]}`: a reference to an array of the inner aval's type. It is a ShapedArray
    (shape and dtype are the referenced array's) that never equals a plain one."""

    __slots__ = ("inner_aval",)

    made = False  # whether any ref type exists yet: until then no program has a ref

    def __init__(self, inner_aval: ShapedArray):
        super().__init__(inner_aval.shape, inner_aval.dtype, inner_aval.weak_type)
        self.inner_aval = inner_aval
        AbstractRef.made = True

    def __eq__(self, other):
        return type(other) is AbstractRef and self.inner_aval == other.inner_aval

    def __hash__(self):
        return hash(("Ref", self.inner_aval))

    def update(self, *args, **kwargs):
        raise MeshjitValueError(f"a value of type {self} is a mutable array reference")

    def str_short(self) -> str:
        return f"Ref{{{self.inner_aval.str_short()}}}"

    def str_long(self) -> str:
        return f"Ref{{{self.inner_aval.str_long()}}}"

    def __str__(self):
        return self.str_long()

    def __repr__(self):
        return self.str_long()


def is_ref_aval(aval) -> bool:
    return type(aval) is AbstractRef


# An index of a ref: per indexed dimension a static int, a static slice as (start, stop,
# step), or DYNAMIC (a traced scalar, the next index operand). Dimensions past it are whole.
DYNAMIC = "dynamic"


def parse_index(index, shape: tuple, is_dynamic) -> tuple[tuple, list]:
    """`ref[index]` as (static entries, dynamic index operands)."""
    items = index if type(index) is tuple else (index,)
    if sum(i is Ellipsis for i in items) > 1:
        raise MeshjitValueError("an index can only have a single ellipsis ('...')")
    if Ellipsis in [i for i in items if not is_dynamic(i)]:
        at = next(k for k, i in enumerate(items) if not is_dynamic(i) and i is Ellipsis)
        fill = (slice(None),) * (len(shape) - len(items) + 1)
        items = items[:at] + fill + items[at + 1 :]
    if len(items) > len(shape):
        raise MeshjitValueError(f"too many indices for a ref of shape {shape}: {index}")
    entries, operands = [], []
    for item, size in zip(items, shape):
        if is_dynamic(item):
            entries.append(DYNAMIC)
            operands.append(item)
        elif isinstance(item, slice):
            entries.append(item.indices(size))
        elif isinstance(item, int) or hasattr(item, "__index__"):
            entries.append(_static_int(int(item), size))
        else:
            raise MeshjitNotImplementedError(
                f"ref indexing supports ints, slices, '...' and scalar integer arrays; got {item!r}"
            )
    while entries and type(entries[-1]) is tuple and _whole(entries[-1], shape[len(entries) - 1]):
        entries.pop()
    return tuple(entries), operands


def _static_int(i: int, size: int) -> int:
    if not -size <= i < size:
        raise MeshjitValueError(f"Out of bound indexer: idx={i}, dim={size}.")
    return i + size if i < 0 else i


def _whole(entry: tuple, size: int) -> bool:
    return entry == (0, size, 1)


def indexed_shape(entries: tuple, shape: tuple) -> tuple:
    out = []
    for k, size in enumerate(shape):
        entry = entries[k] if k < len(entries) else (0, size, 1)
        if type(entry) is tuple:
            out.append(len(range(*entry)))
    return tuple(out)


def python_index(entries: tuple, operands) -> tuple:
    """The entries with their operands as a NumPy-style index tuple."""
    it = iter(operands)
    return tuple(
        next(it) if e is DYNAMIC else slice(*e) if type(e) is tuple else e for e in entries
    )


def index_str(entries: tuple, shape: tuple, operand_names) -> str:
    """As JAX prints a ref's index: `...`, `0`, `1:`, `b`, `:, 2`."""
    if not entries:
        return "..."
    names = iter(operand_names)
    parts = []
    for entry, size in zip(entries, shape):
        if entry is DYNAMIC:
            parts.append(next(names))
        elif type(entry) is tuple:
            parts.append(_slice_str(entry, size))
        else:
            parts.append(str(entry))
    return ", ".join(parts)


def _slice_str(entry: tuple, size: int) -> str:
    start, stop, step = entry
    text = f"{start or ''}:{'' if stop == size else stop}"
    return text if step == 1 else f"{text}:{step}"
