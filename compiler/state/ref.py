"""`Ref`, the user's mutable array reference, and new_ref / empty_ref / freeze / free_ref and
the explicit get / set / swap / addupdate (JAX's `jax.ref`).

Outside any trace a Ref holds its current value; reads and writes run now. While tracing, a
Ref created in (or passed to) the trace holds a tracer of type `Ref{...}`, and one created
outside is captured as a constant of that type: reads and writes are get / swap equations."""

from __future__ import annotations

import functools

import numpy as np

from meshjit.compiler.errors import (
    MeshjitAssertionError,
    MeshjitAttributeError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
    UnexpectedTracerError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.lax.elementwise import convert_element_type
from meshjit.compiler.numpy.index_plan import Slice
from meshjit.compiler.state.primitives import (
    addupdate_p,
    empty_ref_p,
    freeze_p,
    get_p,
    new_ref_p,
    swap_p,
)
from meshjit.compiler.state.types import AbstractRef, parse_index
from meshjit.compiler.trace.tracing import Tracer, abstractify, current_trace
from meshjit.compiler.traceback_util import api_boundary, boundary_methods

_ARITHMETIC = ("add", "radd", "sub", "rsub", "mul", "rmul", "truediv", "rtruediv", "matmul")


def _no_arithmetic(name: str):
    """A traced Ref's operator: JAX's AttributeError (its abstract ref has no `_add`); an
    eager Ref has none (Python's TypeError, as JAX's)."""

    def method(self, other):
        if self.tracer is None:
            return NotImplemented
        raise MeshjitAttributeError(
            f"'AbstractRef' object has no attribute '_{name.removeprefix('r')}': a Ref is not "
            "an array; read it with ref[...] first"
        )

    method.__name__ = f"__{name}__"
    return method


def _traced_method(name: str, method):
    """`ref.name(...)` for a traced ref; an AttributeError (Python's words) for an eager one."""

    def bound(ref):
        if ref.tracer is None:
            raise AttributeError(f"'Ref' object has no attribute '{name}'")
        return functools.partial(method, ref)

    return property(bound)


# a bad read, write, truth value or operator names the user's line
@boundary_methods(
    "__getitem__", "__setitem__", "__len__", "__bool__", *(f"__{n}__" for n in _ARITHMETIC)
)
class Ref:
    """A mutable array reference (`jax.Ref`): `ref[idx]` reads, `ref[idx] = v` writes."""

    __slots__ = ("ref_aval", "ref_value", "tracer", "captures", "__weakref__")
    is_mutable_ref = True

    def __init__(self, ref_aval: AbstractRef, value=None, tracer=None):
        self.ref_aval, self.ref_value, self.tracer = ref_aval, value, tracer
        self.captures: dict = {}  # id(nested trace) -> this eager ref's tracer in it

    @classmethod
    def traced(cls, tracer: Tracer) -> Ref:
        return cls(tracer.aval, tracer=tracer)

    shape = property(lambda self: self.ref_aval.shape)
    dtype = property(lambda self: self.ref_aval.dtype)
    ndim = property(lambda self: self.ref_aval.ndim)
    size = property(lambda self: self.ref_aval.size)
    weak_type = property(lambda self: self.ref_aval.weak_type)

    for _name in _ARITHMETIC:
        locals()[f"__{_name}__"] = _no_arithmetic(_name)
    del _name

    @property
    @api_boundary
    def at(self):
        if self.tracer is None:  # as JAX: only a traced reference has views
            raise MeshjitNotImplementedError(
                "Ref.at: an eager ref has no `.at`; write with ref[idx] = v, or ref[idx] += v "
                "(as JAX's), or take views inside jit"
            )
        return ViewIndexer(self)

    def __len__(self):
        if not self.shape:
            raise MeshjitTypeError("len() of unsized object")
        return self.shape[0]

    def __bool__(self):
        if self.tracer is None:  # as JAX's eager Ref: Python's truth of a sized object
            return len(self) > 0
        if self.size != 1:  # a traced ref is an array's (a kernel's block)
            raise MeshjitValueError(
                "The truth value of an array with more than one element is ambiguous. Use "
                "a.any() or a.all()"
            )
        return bool(self[...])

    def operand(self):
        """What a primitive takes for this ref in the current trace (itself outside one)."""
        trace = current_trace()
        if self.tracer is not None:
            if trace is None or self.tracer._trace.done and self.tracer._trace is not trace:
                raise UnexpectedTracerError(
                    "Encountered an unexpected tracer. A function transformed by JAX had a side "
                    "effect, allowing for a reference to an intermediate value with type "
                    f"{self.ref_aval} wrapped in a DynamicJaxprTracer to escape the scope of the "
                    "transformation.\nJAX transformations require that functions explicitly "
                    "return their outputs, and disallow saving intermediate values to global "
                    "state. (The mutable array reference was created or passed in a trace that "
                    "has finished, and used outside it.)"
                )
            return self.tracer
        return self if trace is None else self.captured(trace)

    def captured(self, trace):
        """This eager ref in `trace`: a constant of the outermost trace, which the nested
        traces capture from their parent as they capture any enclosing value."""
        if trace.parent is None:
            return Tracer(trace, trace.capture_const(self, self.ref_aval))
        # The same tracer each time: a nested trace captures an enclosing value once per object.
        tracer = self.captures.get(id(trace))
        if tracer is None or tracer._trace is not trace:
            outer = self.captured(trace.parent)
            self.captures = {k: t for k, t in self.captures.items() if not t._trace.done}
            tracer = self.captures[id(trace)] = Tracer(
                trace, trace.capture_const(outer, self.ref_aval)
            )
        return tracer

    # As JAX's: a traced ref (a jit argument or one made inside jit) also reads and writes
    # by methods, `idx=()` the whole value; an eager one has only `addupdate`.
    get = _traced_method("get", lambda ref, idx=(): get(ref, idx))
    set = _traced_method("set", lambda ref, value, idx=(): set(ref, idx, value))  # noqa: A003
    swap = _traced_method("swap", lambda ref, value, idx=(): swap(ref, idx, value))

    def addupdate(self, x, idx=()):
        addupdate(self, idx, x)

    def __getitem__(self, index):
        if _has_dslice(index):  # `ref[pl.ds(i, n)]`: the value read, then indexed
            _check_index_rank(index, self.shape)
            check_dslice_bounds(index, self.shape)
            return get_p.bind(self.operand(), index=())[index]
        entries, operands = parse_index(index, self.shape, _is_dynamic, current_trace() is not None)
        return get_p.bind(self.operand(), *operands, index=entries)

    def __setitem__(self, index, value):
        swap(self, index, value)

    def __repr__(self):
        if self.tracer is not None:
            return f"JitTracer({self.ref_aval})"
        body = repr(self.ref_value)
        body = body[body.index("(") :] if body.startswith("Array(") else f"({body})"
        if self.weak_type and "weak_type" not in body:
            body = body[:-1] + ", weak_type=True)"
        return "Ref" + body  # continuation lines indented as for Array(, as in JAX

    __str__ = __repr__


class ViewIndexer:
    __slots__ = ("ref",)

    def __init__(self, ref):
        self.ref = ref

    def __getitem__(self, index):
        return RefView(self.ref, index)


class RefView:
    """`ref.at[index]` in a trace (JAX's TransformedRef): `view[i]` reads ref[index][i], and
    `view[i] = v` writes v there (the indexed part read, updated and written back)."""

    __slots__ = ("ref", "index")
    is_mutable_ref = True

    def __init__(self, ref, index):
        self.ref, self.index = ref, index

    @property
    def shape(self) -> tuple:
        return self[...].shape

    dtype = property(lambda self: self.ref.dtype)
    ndim = property(lambda self: len(self.shape))
    at = property(lambda self: ViewIndexer(self))

    @property
    def ref_aval(self):
        return AbstractRef(ShapedArray(self.shape, self.dtype))

    def __getitem__(self, index):
        part = self.ref[self.index]
        return part if index is Ellipsis or index == () else part[index]

    def __setitem__(self, index, value):
        if index is Ellipsis or index == ():
            self.ref[self.index] = value
        else:
            self.ref[self.index] = self.ref[self.index].at[index].set(value)

    def __repr__(self):
        return f"TransformedRef({self.ref!r}, {self.index!r})"


def _has_dslice(index) -> bool:
    """Whether `index` holds a `ds(start, size)` (`jax.ds` / `pl.ds`), whose start may be
    traced: such a read or write goes through the whole value, indexed as an array is."""
    items = index if type(index) is tuple else (index,)
    return any(isinstance(i, Slice) for i in items)


def check_dslice_bounds(index, shape: tuple) -> None:
    """JAX's check of a ref's indexer (state.indexing.NDIndexer): a `ds` whose concrete start,
    or last element, falls past its dimension is a ValueError (an array's dynamic slice would
    be clamped into range instead: a different read)."""
    items = index if type(index) is tuple else (index,)
    if any(i is Ellipsis for i in items):
        at = next(k for k, i in enumerate(items) if i is Ellipsis)
        fill = len(shape) - (len(items) - 1 - sum(i is None for i in items))
        items = items[:at] + (slice(None),) * max(fill, 0) + items[at + 1 :]
    dims = iter(shape)
    for item in items:
        if item is None:
            continue
        dim = next(dims, None)
        if not isinstance(item, Slice) or dim is None:
            continue
        start, size = _concrete_int(item.start), _concrete_int(item.size)
        if start and start >= dim:  # (a start of 0 is not checked, as JAX's)
            raise MeshjitValueError(f"Out of bound slice: start={start}, dim={dim}.")
        if start and size and start + (size - 1) * item.stride >= dim:
            raise MeshjitValueError(
                f"Out of bound slice: start={start}, size={size}, stride={item.stride}, dim={dim}."
            )


def _concrete_int(x):
    """`x` as a Python int when it is known without tracing, else None."""
    if isinstance(x, (int, np.integer)) and not isinstance(x, bool):
        return int(x)
    if type(x) is not Tracer and getattr(x, "shape", None) == () and hasattr(x, "__index__"):
        try:
            return int(x)
        except Exception:  # noqa: BLE001 - a value that cannot be read now is not checked
            return None
    return None


def _check_index_rank(index, shape: tuple) -> None:
    """JAX's check of a ref's index: no more entries than dimensions ('...' and None aside)."""
    items = index if type(index) is tuple else (index,)
    if sum(i is not Ellipsis and i is not None for i in items) > len(shape):
        raise MeshjitValueError(  # JAX's words
            f"`indices` must not be longer than `shape`: indices={index}, shape={shape}"
        )


def _is_dynamic(item) -> bool:
    return type(item) is Tracer or isinstance(getattr(item, "aval", None), ShapedArray)


def is_ref(x) -> bool:
    return type(x) is Ref


def new_ref(init_val, *, memory_space=None, kind=None) -> Ref:
    """A new mutable reference holding `init_val` (`jax.new_ref`)."""
    del memory_space, kind
    if is_ref(init_val):
        raise MeshjitAssertionError(  # JAX asserts it
            "new_ref of a Ref: a reference cannot hold a reference"
        )
    try:
        aval = abstractify(init_val)
    except MeshjitTypeError:
        raise MeshjitTypeError(
            "Error interpreting argument to new_ref as a JAX value. The problematic value is "
            f"of type {type(init_val)} and was passed to new_ref at position 0.\n"
        ) from None
    if current_trace() is None:
        from meshjit.compiler import numpy as jnp  # a later room

        return Ref(AbstractRef(aval), value=jnp.asarray(init_val, aval.dtype))
    return Ref.traced(new_ref_p.bind(init_val))


def empty_ref(ty, memory_space=None) -> Ref:
    """A new reference of `ty`'s shape and dtype, its value unset (`jax.empty_ref`)."""
    del memory_space
    aval = ShapedArray(tuple(ty.shape), ty.dtype)
    return Ref.traced(empty_ref_p.bind(aval=aval))


def freeze(ref: Ref):
    """The value a reference holds, as an array (`jax.freeze`). As JAX's (whose eager rule
    reads `ref[()]`), an array given outside a trace is its own value."""
    from meshjit.compiler.runtime.array import Array  # runtime/ sits above

    if current_trace() is None and isinstance(ref, Array):
        return ref[()]
    _check_ref("freeze", ref)
    return freeze_p.bind(ref.operand())


def free_ref(ref: Ref) -> tuple:
    """Ends the reference's use (`jax.free_ref`); meshjit's references need no freeing."""
    _check_ref("free_ref", ref)
    return ()


def _check_ref(name: str, ref) -> None:
    if not is_ref(ref):
        raise MeshjitTypeError(f"{name} takes a Ref (from new_ref), got {type(ref).__name__}")


def get(ref: Ref, idx=None):
    """`ref[idx]` (`jax.ref.get`); `idx` None or `()` reads the whole value."""
    return ref[_whole_if_empty(idx)]


def swap(ref: Ref, idx, value):
    """Writes `value` at `ref[idx]` and returns what was there (`jax.ref.swap`)."""
    if is_ref(value):
        raise MeshjitValueError(
            "Cannot store a Ref into another Ref. Did you forget to load from it using `[...]`?"
        )
    idx = _whole_if_empty(idx)
    value = _implicit_cast(ref.dtype, value)
    if _has_dslice(idx):
        _check_index_rank(idx, ref.shape)
        check_dslice_bounds(idx, ref.shape)
        whole = get_p.bind(ref.operand(), index=())
        swap_p.bind(ref.operand(), whole.at[idx].set(value), index=())
        return whole[idx]
    entries, operands = parse_index(idx, ref.shape, _is_dynamic, current_trace() is not None)
    return swap_p.bind(ref.operand(), value, *operands, index=entries)


def _implicit_cast(dtype, value):
    """As JAX's writes: an integer value takes the ref's integer dtype, and a weakly typed
    float the ref's float dtype (a strong one: a weak value written is strong after)."""
    try:
        aval = abstractify(value)
    except MeshjitTypeError:
        return value
    if (aval.weak_type and dtypes.is_float(dtype) and dtypes.is_float(aval.dtype)) or (
        dtypes.is_int(dtype) and dtypes.is_int(aval.dtype)
    ):
        return convert_element_type(value, dtype)
    return value


def set(ref: Ref, idx, value) -> None:  # noqa: A001  (JAX's name)
    """`ref[idx] = value` (`jax.ref.set`)."""
    swap(ref, idx, value)


def addupdate(ref: Ref, idx, x) -> None:
    """`ref[idx] += x` as one update (`jax.ref.addupdate`)."""
    value = x
    idx = _whole_if_empty(idx)
    if _has_dslice(idx):
        _check_index_rank(idx, ref.shape)
        check_dslice_bounds(idx, ref.shape)
        whole = get_p.bind(ref.operand(), index=())
        swap_p.bind(ref.operand(), whole.at[idx].add(value), index=())
        return
    entries, operands = parse_index(idx, ref.shape, _is_dynamic, current_trace() is not None)
    addupdate_p.bind(ref.operand(), value, *operands, index=entries)


def _whole_if_empty(idx):
    return ... if type(idx) is tuple and not idx else idx
