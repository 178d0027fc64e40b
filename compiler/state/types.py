"""The abstract type of a mutable array reference, and the static part of a ref's index."""

from __future__ import annotations

import numpy as np

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
        if args or set(kwargs) - {"vma"}:  # (the manual axes a batched body's inputs vary over)
            raise MeshjitValueError(f"a value of type {self} is a mutable array reference")
        return AbstractRef(self.inner_aval.update(**kwargs))

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


def parse_index(index, shape: tuple, is_dynamic, traced: bool = False) -> tuple[tuple, list]:
    """`ref[index]` as (static entries, dynamic index operands: traced integers, or integer
    arrays of any rank, indexing as NumPy's advanced indices do). `ref[None]` is `ref[...]`,
    as JAX reads it. An integer past the dimension is JAX's ValueError, but `traced` (under
    jit, where JAX's index is a traced value): it is clamped as a dynamic index is; one below
    `-dim` is clamped either way (JAX checks the upper bound only)."""
    if index is None or index is Ellipsis or (type(index) is tuple and not index):  # `ref[...]`
        return (), []
    items = index if type(index) is tuple else (index,)
    items = tuple(_array_operand(i) if isinstance(i, np.ndarray) and i.ndim else i for i in items)
    if sum(i is Ellipsis for i in items) > 1:
        raise MeshjitValueError("an index can only have a single ellipsis ('...')")
    if Ellipsis in [i for i in items if not is_dynamic(i)]:
        at = next(k for k, i in enumerate(items) if not is_dynamic(i) and i is Ellipsis)
        fill = (slice(None),) * (len(shape) - len(items) + 1)
        items = items[:at] + fill + items[at + 1 :]
    if len(items) > len(shape):
        raise MeshjitValueError(  # JAX's words
            f"`indices` must not be longer than `shape`: indices={index}, shape={shape}"
        )
    entries, operands = [], []
    for item, size in zip(items, shape):
        if is_dynamic(item):
            entries.append(DYNAMIC)
            operands.append(item)
        elif isinstance(item, slice):
            entries.append(_slice_entry(item, size))
        elif isinstance(item, int) or hasattr(item, "__index__"):
            entries.append(_static_int(int(item), size, traced))
        elif item is None:  # JAX's ValueError too
            raise MeshjitValueError(
                f"a ref index cannot insert a new axis (None, in {index}); index the value "
                "read instead: ref[...][:, None]"
            )
        else:
            raise MeshjitNotImplementedError(
                f"ref indexing supports ints, slices, '...' and integer arrays; got {item!r}"
            )
    entries += [(0, size, 1) for size in shape[len(entries) :]]  # as JAX: every dimension
    return tuple(entries), operands


def is_whole(entries: tuple, shape: tuple) -> bool:
    """Whether `entries` index all of a ref of `shape` (`...`, or every dimension whole)."""
    return all(type(e) is tuple and e == (0, n, 1) for e, n in zip(entries, shape))


def _array_operand(item: np.ndarray):
    """A NumPy integer array index, as a (constant) index operand."""
    if not np.issubdtype(item.dtype, np.integer):
        raise MeshjitNotImplementedError(
            f"ref indexing takes integer arrays, not {item.dtype} ones (a boolean mask needs "
            "a value: read ref[...] first)"
        )
    from meshjit.compiler import numpy as jnp  # a later room

    return jnp.asarray(item)


def _slice_entry(item: slice, size: int) -> tuple:
    if item.step is not None and item.step < 1:
        raise MeshjitValueError(f"slice must have a step >= 1 (found: {item.step})")
    return item.indices(size)


def _static_int(i: int, size: int, traced: bool) -> int:
    if i >= size and not traced:
        raise MeshjitValueError(f"Out of bound indexer: idx={i}, dim={size}.")
    return min(max(i + size if i < 0 else i, 0), size - 1)


_ADVANCED = None  # a dimension indexed by an array (with the integers, when there are arrays)


def indexed_shape(entries: tuple, shape: tuple, operand_shapes=()) -> tuple:
    """The shape `ref[entries]` reads, as NumPy's: integer arrays (and integers with them)
    broadcast together, their shape in place of theirs if they are adjacent, else in front."""
    arrays = any(operand_shapes)
    shapes, out, advanced = iter(operand_shapes), [], []
    for k, size in enumerate(shape):
        entry = entries[k] if k < len(entries) else (0, size, 1)
        if type(entry) is tuple:
            out.append(len(range(*entry)))
            continue
        index_shape = next(shapes) if entry is DYNAMIC else ()
        if arrays:
            advanced.append((k, index_shape))
            out.append(_ADVANCED)
    if not advanced:
        return tuple(out)
    broadcast = np.broadcast_shapes(*(s for _, s in advanced))
    at = out.index(_ADVANCED)
    rest = [d for d in out[at:] if d is not _ADVANCED]
    if [k for k, _ in advanced] != list(range(advanced[0][0], advanced[-1][0] + 1)):
        return (*broadcast, *out[:at], *rest)
    return (*out[:at], *broadcast, *rest)


def python_index(entries: tuple, operands) -> tuple:
    """The entries with their operands as a NumPy-style index tuple."""
    it = iter(operands)
    return tuple(
        next(it) if e is DYNAMIC else slice(*e) if type(e) is tuple else e for e in entries
    )


def index_str(entries: tuple, shape: tuple, operand_names) -> str:
    """As JAX prints a ref's index: `...`, `0`, `1:`, `b`, `:,2`."""
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
    return ",".join(parts)


def _slice_str(entry: tuple, size: int) -> str:
    """As JAX prints a slice: its start and start + length (a step is not shown)."""
    start = entry[0]
    end = start + len(range(*entry))
    return f"{start or ''}:{'' if end == size else end}"
