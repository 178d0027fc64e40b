"""Tracing Python functions into jaxprs: tracers, the trace stack, bind, and closure capture."""

from __future__ import annotations

import gc
import os
import warnings
from typing import Any, Callable, Sequence

import numpy as np

from meshjit.compiler.errors import NAME_STACK as _NAME_STACK
from meshjit.compiler.errors import XLA_METADATA as _XLA_METADATA
from meshjit.compiler.errors import (
    ConcretizationError,
    LeakedTracerError,
    MeshjitOverflowError,
    MeshjitTypeError,
    MeshjitValueError,
    MissingRuleError,
    NotConcreteError,
    TracerArrayConversionError,
    TracerBoolConversionError,
    TracerIntegerConversionError,
    UnexpectedTracerError,
    scoped,
    tagged,
    user_source,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import (
    ClosedJaxpr,
    Eqn,
    Jaxpr,
    Literal,
    PpContext,
    ShapedArray,
    TypedInt,
    Var,
    dce_jaxpr,
    pp_eqn,
    vma_str,
)
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    impl_rules,
    join_vma,
    trace_state,
    vma_rules,
    zero_jvp_primitives,
)
from meshjit.compiler.ir.shape_poly import DimExpr, dim_value_dtype, dimension_as_value
from meshjit.compiler.ir.sharding_rules import apply as apply_sharding_rule
from meshjit.compiler.ir.sharding_rules import state as _explicit
from meshjit.compiler.trace.array_methods import ArrayMethods, register_boundary_type
from meshjit.dialects.util import gc_paused

_NO_VMAP_AXES: dict = {}
_state = trace_state  # the innermost Trace of this thread (registry's Primitive.bind reads it)
_new = object.__new__


# What JAX says first for each use of a traced value needing its value (tests match on it).
_CONCRETE_ERRORS = {
    "the truth value": (
        TracerBoolConversionError,
        "Attempted boolean conversion of traced array with shape {}.",
    ),
    "use as an index": (
        TracerIntegerConversionError,
        "The __index__() method was called on traced array with shape {}",
    ),
    "conversion to a NumPy array": (
        TracerArrayConversionError,
        "The numpy.ndarray conversion method __array__() was called on traced array with shape {}",
    ),
    "int()": (
        ConcretizationError,
        "Abstract tracer value encountered where concrete value is expected: traced array with "
        "shape {}\nThe problem arose with the `int` function. If trying to convert the data "
        "type of a value, try using `x.astype(int)` or `jnp.array(x, int)` instead.",
    ),
    "float()": (
        ConcretizationError,
        "Abstract tracer value encountered where concrete value is expected: traced array with "
        "shape {}\nThe problem arose with the `float` function. If trying to convert the data "
        "type of a value, try using `x.astype(float)` or `jnp.array(x, float)` instead.",
    ),
    "complex()": (
        ConcretizationError,
        "Abstract tracer value encountered where concrete value is expected: traced array with "
        "shape {}\nThe problem arose with the `complex` function. If trying to convert the data "
        "type of a value, try using `x.astype(complex)` or `jnp.array(x, complex)` instead.",
    ),
    "item()": (
        ConcretizationError,
        "Abstract tracer value encountered where concrete value is expected: traced array with "
        "shape {0}\nThis occurred in the item() method of jax.Array",
    ),
    "tolist()": (
        ConcretizationError,
        "Abstract tracer value encountered where concrete value is expected: traced array with "
        "shape {0}\nThe tolist() method was called on traced array with shape {0}.{1}",
    ),
}


def concrete_error(what: str, aval, origin: str = "") -> ConcretizationError:
    """The error for `what` (a key of _CONCRETE_ERRORS, or other words) of a traced array of
    type `aval` whose value is not known: JAX's class and words, `origin` (origin_message's)
    after them as in JAX's."""
    kind, jax_text = _CONCRETE_ERRORS.get(what, (ConcretizationError, None))
    if jax_text is None:
        return kind(
            f"{what} of a traced array {aval.str_short()}: its value is not known while "
            "tracing. Use meshjit.numpy.where / lax.cond for data-dependent choices, or mark "
            "the argument static (static_argnums)."
        )
    jax_shape = jax_type_str(aval).lstrip("~")  # JAX's str_short: sharding and vma too
    text = jax_text.format(jax_shape, origin) + origin
    # JAX's ConcretizationTypeError ends its text with a newline (a blank line before the link)
    return kind(text + "\n" if kind is ConcretizationError else text)


class DebugInfo:
    """JAX's core.DebugInfo, the parts its concretization errors print: what a trace is for
    ("jit", "cond", "scan", ...), the user's function, and the names of the trace's inputs (a
    list, or a function making it: made only when an error prints them)."""

    __slots__ = ("traced_for", "fun", "_arg_names")

    def __init__(self, traced_for: str, fun: Callable, arg_names):
        self.traced_for, self.fun, self._arg_names = traced_for, fun, arg_names

    @property
    def arg_names(self) -> list:
        if callable(self._arg_names):
            self._arg_names = list(self._arg_names())
        return self._arg_names


def origin_message(trace: Trace | None, var) -> str:
    """JAX's `_origin_msg` of a traced value (`var` of `trace`): the function being traced and
    the inputs the value depends on (or the operations on constants that made it); under vmap
    the line that made the value; "" for other traces, as JAX's JVP tracers say nothing."""
    if trace is None or not isinstance(var, Var):
        return ""
    if trace.debug is None and _carries_tangent(trace, var):
        return ""  # JAX's JVPTracer
    made = next((e for e in reversed(trace.eqns) if var in e.outvars), None)
    if made is not None:
        line = made.source.summary()
    else:  # an input: made where the function was called (vmap's kind keeps the caller's line)
        kind = trace.kind
        line = kind[2].summary() if isinstance(kind, tuple) and len(kind) > 2 else ""
    return _origin(trace, {var}, f"{id(var)} was created on line:\n  {line}")


def _origin(trace: Trace, variables: set, made: str) -> str:
    """origin_message's text for the values `variables` of `trace`; `made`: where the value
    was made, as a BatchTracer's words say it. A differentiated trace inside another hands its
    values' origin to the enclosing traces its inputs and constants came from (JAX's JVP
    tracers pass a value without a tangent to the enclosing trace: `jit(grad(f))` names jit's
    function and arguments)."""
    pending: dict[Trace, set] = {}
    while True:
        if isinstance(trace.kind, tuple):  # ("vmap", size): JAX's BatchTracer's words
            return f"\nThis BatchTracer with object id {made}"
        active = _progenitors(trace, variables)
        if trace.debug is not None:
            return _debug_origin(trace, trace.debug, active)
        if trace.outer is None:
            return ""
        pairs = [*zip(trace.invars, trace.outer), *zip(trace.constvars, trace.consts)]
        for v, x in pairs:
            if v in active and type(x) is Tracer and not x._trace.done:
                pending.setdefault(x._trace, set()).add(x._var)
        if not pending:
            return _constants_origin(trace, active)
        trace = next((t for t in _enclosing(trace) if t in pending), next(iter(pending)))
        variables = pending.pop(trace)


def _enclosing(trace: Trace):
    while trace.parent is not None:
        trace = trace.parent
        yield trace


def _traced_function(debug: DebugInfo) -> str:
    from meshjit.compiler.api_util import fun_sourceinfo  # a later room

    return (
        f"\nThe error occurred while tracing the function {fun_sourceinfo(debug.fun)} for "
        f"{debug.traced_for}. "
    )


def _debug_origin(trace: Trace, debug: DebugInfo, active: set) -> str:
    text = _traced_function(debug)
    positions = [i for i, v in enumerate(trace.invars) if v in active]
    const_eqns = _const_eqns(trace, active)
    if positions:
        names = debug.arg_names
        if max(positions) >= len(names):
            return ""
        text += _depends_on([names[i] for i in positions])
    elif const_eqns:
        text += _made_by(const_eqns)
    return text


def _constants_origin(trace: Trace, active: set) -> str:
    """A differentiated trace's value made from constants alone: JAX makes it in the nearest
    enclosing trace that says what it traces, and names the operations."""
    enclosing = next((t for t in _enclosing(trace) if t.debug is not None), None)
    const_eqns = _const_eqns(trace, active)
    if enclosing is None or not const_eqns:
        return ""
    return _traced_function(enclosing.debug) + _made_by(const_eqns)


def _carries_tangent(trace: Trace, var: Var) -> bool:
    """Whether `var` of a differentiated trace carries a tangent: it is inexact and made from
    the trace's inexact inputs by operations with derivatives."""
    if trace.outer is None:
        return False
    tangent = {v for v in trace.invars if dtypes.is_inexact(v.aval.dtype)}
    for eqn in trace.eqns:
        if eqn.primitive in zero_jvp_primitives:
            continue
        if any(type(v) is Var and v in tangent for v in eqn.invars):
            tangent.update(v for v in eqn.outvars if dtypes.is_inexact(v.aval.dtype))
    return var in tangent


def _progenitors(trace: Trace, variables: set) -> set:
    """JAX's `find_progenitors`: the inputs and constants of `trace` the `variables` depend on."""
    active = set(variables)
    for eqn in reversed(trace.eqns):
        if active.intersection(eqn.outvars):
            active.difference_update(eqn.outvars)
            active.update(v for v in eqn.invars if isinstance(v, Var))
    return active


def _const_eqns(trace: Trace, active: set) -> list[Eqn]:
    """The equations of `trace` with a constant (of `active`) or a literal operand."""
    consts = active.intersection(trace.constvars)
    return [
        e
        for e in trace.eqns
        if any(v in consts if isinstance(v, Var) else isinstance(v, Literal) for v in e.invars)
    ]


def _depends_on(names: list) -> str:
    if len(names) == 1:
        which = f"the argument {names[0]}"
    elif len(names) == 2:
        which = f"the arguments {names[0]} and {names[1]}"
    else:
        which = f"the arguments {', '.join(names[:-1])}, and {names[-1]}"
    plural = "s" if len(names) > 1 else ""
    return (
        "This concrete value was not available in Python because it depends on the "
        f"value{plural} of {which}."
    )


def _made_by(eqns: list) -> str:
    shown = [
        f"  operation {pp_eqn(e, PpContext())}\n    from line {e.source.summary()}"
        for e in eqns[:5]
    ]
    text = "This value became a tracer due to JAX operations on these lines:\n\n"
    text += "\n\n".join(shown)
    if len(eqns) > 5:
        text += "\n\n(Additional originating lines are not shown.)"
    return text


def _check_bool_conversion(shape) -> None:
    """JAX's check before a traced array's truth value: one element, or NumPy's ValueError."""
    if not all(isinstance(d, int) for d in shape):
        return
    size = int(np.prod(shape, dtype=np.int64))
    if size == 0:
        raise MeshjitValueError(
            "The truth value of an empty array is ambiguous. Use a.size > 0 to check that an "
            "array is not empty."
        )
    if size > 1:
        raise MeshjitValueError(
            "The truth value of an array with more than one element is ambiguous. Use a.any() "
            "or a.all()"
        )


def _untyped(prim: Primitive, out):
    """A result in a shard_map with check_vma=False: as in JAX, no value varies by type (not
    even axis_index's or all_gather's)."""
    if prim.multiple_results:
        return [o.update(vma=frozenset()) if getattr(o, "vma", None) else o for o in out]
    return out.update(vma=frozenset()) if getattr(out, "vma", None) else out


class Tracer(ArrayMethods):
    """A stand-in for an array while a function is traced; it records the ops applied to it."""

    __slots__ = ("_trace", "_var")  # Trace.process sets them without __init__: keep in step
    __array_priority__ = 100

    def __init__(self, trace: Trace, var: Var):
        self._trace, self._var = trace, var

    @property
    def aval(self) -> ShapedArray:
        return self._var.aval

    def _concrete_error(self, what: str):
        raise concrete_error(what, self.aval, origin_message(self._trace, self._var))

    def _value(self, what: str):
        """The concrete value, where the trace knows its inputs' values (autodiff of ordinary
        Python outside jit); else the concretization error."""
        trace = self._trace
        if trace.known is None or trace.done:
            self._concrete_error(what)
        return np.asarray(trace.concrete_value(self._var, what))

    def __bool__(self):
        _check_bool_conversion(self.aval.shape)
        return bool(self._value("the truth value"))

    def __int__(self):
        return int(self._value("int()"))

    def __float__(self):  # as JAX: refused even where the value is known (autodiff outside jit)
        self._concrete_error("float()")

    def __complex__(self):
        self._concrete_error("complex()")

    def __index__(self):
        return self._value("use as an index").__index__()

    def __array__(self, dtype=None, copy=None):
        # As JAX: never silently a constant (the derivative would not flow through it).
        self._concrete_error("conversion to a NumPy array")

    def item(self):
        return self._value("item()").item()

    def tolist(self):  # as JAX: refused even where the value is known (autodiff outside jit)
        self._concrete_error("tolist()")

    def _array_only(self, what: str, kind=None):
        """An Array attribute or method a traced value does not have, refused in JAX's words
        (AttributeError for those `hasattr` probes, ConcretizationTypeError for the rest)."""
        shape = f"{self.aval.dtype.name}[{','.join(map(str, self.aval.shape))}]"
        text = what.format(f"traced array with shape {shape}")
        if kind is None:
            raise AttributeError(text)
        raise ConcretizationError(
            "Abstract tracer value encountered where concrete value is expected: traced array "
            f"with shape {shape}. {text}"
        )

    def __repr__(self):
        """As JAX prints its tracers: `JitTracer(~float32[])` while tracing for jit (and control
        flow, make_jaxpr, eval_shape), `GradTracer(primal=..., typeof(tangent)=f32[])` under
        grad / vjp, `VmapTracer(aval=float32[3], batched=float32[2,3])` under vmap."""
        trace, aval = self._trace, self.aval
        kind = trace.kind
        if kind == "grad":
            return f"GradTracer(primal={self._primal_str()}, typeof(tangent)={aval.str_short()})"
        if callable(kind):  # an eager shard_map's body: its blocks, as JAX prints them
            return kind(self)
        if kind is not None:  # ("vmap", size)
            batched = ShapedArray((kind[1], *aval.shape), aval.dtype, aval.weak_type)
            return f"VmapTracer(aval={jax_type_str(aval)}, batched={jax_type_str(batched)})"
        return f"JitTracer({jax_type_str(aval)})"

    def _primal_str(self) -> str:
        trace = self._trace
        if trace.known is not None and not trace.done:
            try:
                return str(np.asarray(trace.concrete_value(self._var, "printing")))
            except NotConcreteError:
                pass
        return f"JitTracer({jax_type_str(self.aval)})"


def to_concrete_value(x):
    """JAX's `core.to_concrete_value`: `x` itself when it is not traced, a traced value's
    value where its trace knows it (autodiff of ordinary Python outside jit), else None."""
    if not isinstance(x, Tracer):
        return x
    trace = x._trace
    if trace.known is None or trace.done:
        return None
    try:
        return np.asarray(trace.concrete_value(x._var, "a concrete value"))
    except NotConcreteError:
        return None


def require_concrete(x, context: str) -> None:
    """JAX's `core.concrete_or_error`: a ConcretizationTypeError naming `context` (the argument
    that must be static) when `x` is traced."""
    if isinstance(x, Tracer):
        a = x.aval
        raise ConcretizationError(
            "Abstract tracer value encountered where concrete value is expected: traced array "
            f"with shape {a.dtype.name}[{','.join(map(str, a.shape))}]\n{context}"
            f"{origin_message(x._trace, x._var)}\n"
        )


def _array_only_attribute(what: str, concrete: bool, method: bool):
    def get(self):
        self._array_only(what, ConcretizationError if concrete else None)

    return property(get) if not method else property(lambda self: lambda *a, **k: get(self))


_NOT_ON_TRACERS = {  # name: (JAX's words, a ConcretizationTypeError?, a method?)
    "sharding": (
        "The 'sharding' attribute is not available on {}. To query sharding information on "
        "tracers, use `jax.typeof(x)`.",
        False,
        False,
    ),
    "device": ("The 'device' attribute is not available on {}.", False, False),
    "block_until_ready": ("The 'block_until_ready' method is not available on {}.", False, False),
    "copy_to_host_async": ("The 'copy_to_host_async' method is not available on {}.", False, False),
    "committed": ("The 'committed' attribute is not available on {}.", True, False),
    "addressable_shards": (
        "The 'addressable_shards' attribute is not available on {}.",
        True,
        False,
    ),
    "addressable_data": ("The addressable_data() method was called on {}.", True, True),
    "delete": ("The delete() method was called on {}.", True, True),
    "devices": ("The devices() method was called on {}.", True, True),
    "global_shards": ("The global_shards property was called on {}.", True, False),
    "is_deleted": ("The is_deleted() method was called on {}.", True, True),
    "is_fully_addressable": ("The is_fully_addressable property was called on {}.", True, False),
    "is_fully_replicated": ("The is_fully_replicated property was called on {}.", True, False),
    "on_device_size_in_bytes": (
        "The on_device_size_in_bytes() method was called on {}.",
        True,
        True,
    ),
    "unsafe_buffer_pointer": ("The unsafe_buffer_pointer() method was called on {}.", True, True),
}
for _name, (_what, _concrete, _method) in _NOT_ON_TRACERS.items():
    setattr(Tracer, _name, _array_only_attribute(_what, _concrete, _method))


# As JAX names the tracers of a staged trace (jit, make_jaxpr): `type(x).__name__` reads
# "DynamicJaxprTracer" (meshjit's transformations all stage to jaxprs).
Tracer.__name__ = Tracer.__qualname__ = "DynamicJaxprTracer"


# A tracer that leaked out of its trace is used outside any transformation's boundary: its
# methods are boundaries too, so the UnexpectedTracerError shows the user's line.
register_boundary_type(Tracer, operators_only=True)


class Trace:
    """Builds one jaxpr. Values from enclosing traces are captured as extra constants."""

    __slots__ = (
        "parent",
        "eqns",
        "invars",
        "constvars",
        "consts",
        "_const_index",
        "done",
        "axis_env",
        "vmap_axes",
        "spmd_axes",
        "known",
        "arg_shardings",
        "kind",
        "differentiated",
        "debug",
        "outer",
    )

    def __init__(self, parent: Trace | None):
        self.parent = parent
        # Inside shard_map: the mesh and its manual axes (inherited by nested traces).
        self.axis_env = parent.axis_env if parent is not None else None
        # Inside vmap(axis_name=...): {name: size} of the vmapped axes (inherited too).
        self.vmap_axes = parent.vmap_axes if parent is not None else _NO_VMAP_AXES
        # The spmd_axis_name axes of the enclosing vmaps (inherited too).
        self.spmd_axes = parent.spmd_axes if parent is not None else frozenset()
        # Autodiff outside jit: {id(var): concrete value} of the inputs (values computed on
        # demand, for Python control flow on them), else None.
        self.known = None
        # Under jit: the NamedSharding of each argument that has one (by its Var), which
        # shard_map reads to infer omitted in_specs.
        self.arg_shardings: dict | None = None
        # What the trace is for, as its tracers print: None (jit), "grad", ("vmap", size[,
        # the caller's SourceInfo]), or
        # tracer -> text (an eager shard_map's body).
        self.kind = None
        # Traced to be differentiated (grad, jvp, vjp): its inputs carry tangents, as JAX's
        # JVPTracers do (a few ops take arguments there JAX's jvp rules accept).
        self.differentiated = False
        # What the trace is for and of which function (DebugInfo), where JAX's errors say so.
        self.debug: DebugInfo | None = None
        # A differentiated trace inside another: the enclosing trace's values its inputs stand
        # for (JAX's JVP tracers wrap them; its errors name where they came from).
        self.outer: Sequence | None = None
        self.eqns: list[Eqn] = []
        self.invars: list[Var] = []
        self.constvars: list[Var] = []
        self.consts: list[Any] = []
        self._const_index: dict[int, Var] = {}
        self.done = False

    def staging(self) -> Trace | None:
        """The trace a constant made here belongs to: this one (vmap's defers to its parent,
        None outside any: a constant stays concrete there)."""
        return self

    def new_arg(self, aval: ShapedArray) -> Tracer:
        var = Var(aval)
        self.invars.append(var)
        return Tracer(self, var)

    def atom(self, x) -> Var | Literal:
        if type(x) is Tracer:
            if x._trace is self:
                return x._var
            return self._capture(x, x.aval)
        if type(x) is np.ndarray and not x.shape:  # a folded scalar, e.g. `x * 0.5`'s 0.5
            aval = _RANK0_AVALS.get(x.dtype)
            if aval is not None and aval.dtype is x.dtype:
                return Literal(x, aval)
        elif isinstance(x, (bool, int, float, complex)):
            return python_scalar_literal(x)
        elif getattr(x, "is_mutable_ref", False):  # a Ref (state/ref.py): its tracer here
            return self.atom(x.operand())
        elif type(x) is DimExpr:  # a symbolic dimension as a value (shape polymorphism)
            return self.atom(dimension_as_value(x))
        aval = abstractify(x)
        if not aval.shape and isinstance(x, (np.ndarray, np.generic)):
            return Literal(np.asarray(x, aval.dtype), aval)
        return self._capture(x, aval)

    def capture_const(self, value, aval: ShapedArray) -> Var:
        """`value` (a concrete array, or a tracer of an enclosing trace) as a constvar."""
        return self._capture(value, aval)

    def _capture(self, value, aval: ShapedArray) -> Var:
        if type(value) is Tracer and not _is_enclosing(value._trace, self):
            raise escaped_tracer_error(
                value,
                "a traced value from a function whose tracing has finished was used here (it "
                "leaked, e.g. through a global or a closure)",
            )
        var = self._const_index.get(id(value))
        if var is None:
            var = self._const_index[id(value)] = Var(aval)
            self.constvars.append(var)
            self.consts.append(value)
        return var

    def process(self, prim: Primitive, args: Sequence, params: dict, internal_frames: int):
        """Records `prim` applied to `args`. Called from `Primitive.bind` only (the hot path).
        `internal_frames`: how many frames, from this one up, are meshjit's own (this one and
        bind's, and with `bind_internal` its caller's); the walk for the user's line skips them."""
        invars, in_avals = [], []
        try:
            for x in args:  # tracers of this trace skip `atom`
                var = x._var if type(x) is Tracer and x._trace is self else self.atom(x)
                invars.append(var)
                in_avals.append(var.aval)
        except MeshjitTypeError:
            _refuse_containers(prim, args)
            raise
        if self.axis_env is not None and len(in_avals) > 1:
            invars, in_avals = self._auto_pvary(prim, invars, in_avals, internal_frames)
        rule = abstract_eval_rules.get(prim)
        if rule is None:
            raise MissingRuleError(prim, abstract_eval_rules.interpretation)
        out = rule(*in_avals, **params)
        if _explicit.active:
            out = apply_sharding_rule(prim, in_avals, out, params)
        if self.axis_env is not None:
            out = join_vma(prim, in_avals, out) if self.axis_env.check_vma else _untyped(prim, out)
        source = user_source(internal_frames)
        if _NAME_STACK:
            source = scoped(source)
        if _XLA_METADATA[0]:
            source = tagged(source)
        if prim.multiple_results:
            return self._record_multiple(prim, invars, out, params, source)
        # As Var(out), Eqn(...) and Tracer(self, outvar), without their __init__ calls: this
        # runs once per traced op, and the three calls are a tenth of its cost.
        outvar = _new(Var)
        outvar.aval = out
        eqn = _new(Eqn)
        eqn.primitive, eqn.invars, eqn.outvars = prim, invars, [outvar]
        eqn.params, eqn.source = params, source
        self.eqns.append(eqn)
        tracer = _new(Tracer)
        tracer._trace, tracer._var = self, outvar
        return tracer

    def _auto_pvary(self, prim: Primitive, invars: list, in_avals: list, internal_frames: int):
        """Inside a shard_map that checks varying axes, an operand varying over fewer manual
        axes than the others is first cast to vary over all of them: a `pvary` equation, as
        JAX's lax functions insert (core.auto_insert_reshard; off with jax_auto_pcast=False,
        the result then varies over all of them still). Primitives that decide their
        results' varying axes themselves (collectives, control flow, calls) take operands as
        they are."""
        vmas = [getattr(a, "inner_aval", a).vma for a in in_avals]  # a ref: its value's
        first = vmas[0]
        if all(v == first for v in vmas) or not self.axis_env.check_vma:
            return invars, in_avals
        if prim in vma_rules or prim.name in _OWN_VMA_PRIMITIVES:
            return invars, in_avals
        from meshjit.compiler.config import config  # it imports this module

        if not config.jax_auto_pcast:  # the operands' axes are joined without an equation
            return invars, in_avals
        union = frozenset().union(*vmas)
        order = self.axis_env.mesh.axis_names
        from meshjit.compiler.parallel.collectives import pvary_p  # a later room

        invars, in_avals = list(invars), list(in_avals)
        source = user_source(internal_frames + 1)
        if _NAME_STACK:
            source = scoped(source)
        if _XLA_METADATA[0]:
            source = tagged(source)
        for i, vma in enumerate(vmas):
            if vma != union and not hasattr(in_avals[i], "inner_aval"):  # (refs keep types)
                axes = tuple(a for a in order if a in union and a not in vma)
                aval = in_avals[i].update(vma=union)
                outvar = Var(aval)
                self.eqns.append(Eqn(pvary_p, [invars[i]], [outvar], {"axes": axes}, source))
                invars[i], in_avals[i] = outvar, aval
        return invars, in_avals

    def _record_multiple(self, prim, invars, out_avals, params, source) -> list[Tracer]:
        outvars = [Var(a) for a in out_avals]
        self.eqns.append(Eqn(prim, invars, outvars, params, source))
        return [Tracer(self, v) for v in outvars]

    def concrete_value(self, var: Var, what: str):
        """The value of `var` from the known input values: the equations it needs, compiled
        and run outside this trace (cached by structure)."""
        known = self.known
        value = known.get(id(var))
        if value is not None:
            return value
        jaxpr = dce_jaxpr(Jaxpr(self.constvars, self.invars, [var], list(self.eqns)))
        used = {a for e in jaxpr.eqns for a in e.invars} | {var}
        pairs = [(v, c) for v, c in zip(self.constvars, self.consts) if v in used]
        if any(type(c) is Tracer for _, c in pairs):
            self._unknown(var, what)
        invars = [v for v in self.invars if v in used]
        if any(id(v) not in known for v in invars):
            self._unknown(var, what)
        jaxpr = Jaxpr([v for v, _ in pairs], invars, jaxpr.outvars, jaxpr.eqns)
        consts, inputs = [c for _, c in pairs], [known[id(v)] for v in invars]
        from meshjit.compiler.ad.api import run_jaxpr_now  # a later room

        with outside_traces():
            (value,) = run_jaxpr_now(jaxpr, consts, inputs)
        known[id(var)] = value
        return value

    def constant_value(self, var: Var):
        """The value of `var` when it depends on none of the trace's inputs (JAX's autodiff
        outside jit evaluates such a value as it goes, so it is a concrete array there), else
        None."""
        if self.known is None or self.done:
            return None
        jaxpr = dce_jaxpr(Jaxpr(self.constvars, self.invars, [var], list(self.eqns)))
        used = {a for e in jaxpr.eqns for a in e.invars} | {var}
        if any(v in used for v in self.invars):
            return None
        if any(type(c) is Tracer for v, c in zip(self.constvars, self.consts) if v in used):
            return None
        return self.concrete_value(var, "a constant")

    def _unknown(self, var: Var, what: str):
        """`what` of a value that depends on one not known while tracing (a tangent, or a
        value of an enclosing transformation): JAX's error for it."""
        raise concrete_error(what, var.aval, origin_message(self, var))

    def finish(self, outs: Sequence) -> ClosedJaxpr:
        outvars = [self.atom(x) for x in outs]
        self.done = True
        jaxpr = Jaxpr(self.constvars, self.invars, outvars, self.eqns)
        return ClosedJaxpr(jaxpr, self.consts)


# Primitives of several operands that keep each operand's varying axes apart (one result per
# operand): no pvary joins them.
_OWN_VMA_PRIMITIVES = frozenset({"device_put"})


def _is_enclosing(trace: Trace, inner: Trace) -> bool:
    t = inner.parent
    while t is not None:
        if t is trace:
            return not trace.done
        t = t.parent
    return False


_BOOL_AVAL = ShapedArray((), dtypes.bool_)
_RANK0_AVALS: dict[np.dtype, ShapedArray] = {}
# The avals of Python scalars, by their dtype (int32 / float32 / complex64 with x64 off, the
# 64-bit types with it on): weak, as in JAX.
_WEAK_AVALS = {
    d: ShapedArray((), d, weak_type=True)
    for d in (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64)
    + (dtypes.complex64, dtypes.complex128)
}
_WEAK_FLOAT_AVAL = _WEAK_AVALS[dtypes.default_float]  # follows the x64 mode (x64_changed)
_INT_RANGE = {dtypes.int32: -(2**31), dtypes.int64: -(2**63)}


def x64_changed() -> None:
    """Forgets the avals derived under the other x64 mode (config calls this on a toggle)."""
    global _WEAK_FLOAT_AVAL
    _WEAK_FLOAT_AVAL = _WEAK_AVALS[dtypes.default_float]
    _RANK0_AVALS.clear()


def python_scalar_literal(x) -> Literal:
    dtype = dtypes.python_scalar_dtype(x)
    if dtype == dtypes.bool_:
        return Literal(x, _BOOL_AVAL)
    low = _INT_RANGE.get(dtype)
    if low is not None and not low <= x < -low:
        err = MeshjitOverflowError(f"Python int {x} too large to convert to {dtype}")  # JAX's
        err.add_note("x64 is on" if dtypes.x64_enabled else "x64 is off")
        raise err
    if low is not None:  # as JAX: the int carries its dtype (its repr shows it)
        x = TypedInt(x, dtype)
    return Literal(x, _WEAK_AVALS[dtype])


def current_trace() -> Trace | None:
    return _state.current


def staging() -> bool:
    """Whether a primitive bound now is staged out, as JAX's: some enclosing trace is jit's (or
    a loop's or a branch's body), not only grad's, jvp's or vmap's (which JAX applies op by op;
    autodiff outside jit knows its inputs' values)."""
    trace = _state.current
    while trace is not None:
        if trace.kind is None and trace.known is None:
            return True
        trace = trace.parent
    return False


class outside_traces:
    """Context manager: runs its block eagerly, as outside any trace (then the trace again)."""

    __slots__ = ("saved",)

    def __enter__(self):
        self.saved, _state.current = _state.current, None

    def __exit__(self, *exc):
        _state.current = self.saved


class new_trace:
    """Context manager: a fresh trace nested in the current one (of `trace_type`, a Trace
    subclass for vmap's)."""

    __slots__ = ("trace", "saved", "trace_type")

    def __init__(self, trace_type: type = None):
        self.trace_type = trace_type or Trace

    def __enter__(self) -> Trace:
        self.saved = _state.current
        self.trace = _state.current = self.trace_type(self.saved)
        return self.trace

    def __exit__(self, *exc):
        _state.current = self.saved
        self.trace.done = True


def bind_eagerly(prim: Primitive, args: Sequence, params: dict):
    """`prim.bind(*args, **params)` outside any trace: runs the primitive now."""
    live = _live_trace(args)
    if live is not None:  # under ensure_compile_time_eval: a traced operand's trace records it
        saved, _state.current = _state.current, live
        try:
            return live.process(prim, args, params, 3)
        finally:
            _state.current = saved
    _check_no_leaked(args, prim)
    impl = impl_rules.get(prim)
    if impl is not None:
        return impl(*args, **params)
    from meshjit.compiler.jit.eager import apply_primitive

    return apply_primitive(prim, args, params)


def _live_trace(args) -> Trace | None:
    """The innermost trace, still being traced, of the tracers among `args` (JAX's evaluation
    context leaves a traced value to its own trace)."""
    best = None
    for x in args:
        if (
            type(x) is Tracer
            and not x._trace.done
            and (best is None or _is_enclosing(best, x._trace))
        ):
            best = x._trace
    return best


def _check_no_leaked(args, prim):
    for x in args:
        check_not_leaked(x, f"'{prim.name}' was applied to it")


def check_not_leaked(x, what: str) -> None:
    """JAX's UnexpectedTracerError when `x` is a tracer used outside any trace (`what` was done
    to it there)."""
    if type(x) is Tracer:
        raise escaped_tracer_error(
            x,
            f"a function transformed by meshjit had a side effect that let a traced value "
            f"{x.aval.str_short()} escape its trace, and {what} outside any trace: return the "
            "value from the transformed function instead of storing it",
        )


def escaped_tracer_error(x: Tracer, note: str) -> UnexpectedTracerError:
    """JAX's UnexpectedTracerError for the leaked tracer `x`: its type named as JAX's tracer
    class, and for a jit-like trace's value the traced function and the line that made it;
    `note`: meshjit's explanation."""
    trace, divider = x._trace, "\n" + "-" * 30 + "\n"
    name = _jax_tracer_class(trace)
    text = (
        "Encountered an unexpected tracer. A function transformed by JAX had a side effect, "
        f"allowing for a reference to an intermediate value with type "
        f"{jax_type_str(x.aval).lstrip('~')} "
        f"wrapped in a {name} to escape the scope of the transformation.\nJAX transformations "
        "require that functions explicitly return their outputs, and disallow saving "
        "intermediate values to global state."
    )
    if name == "DynamicJaxprTracer":
        if trace.debug is not None:
            from meshjit.compiler.api_util import fun_sourceinfo  # a later room

            text += (
                "\nThe function being traced when the value leaked was "
                f"{fun_sourceinfo(trace.debug.fun)} traced for {trace.debug.traced_for}."
            )
        made = next((e for e in reversed(trace.eqns) if x._var in e.outvars), None)
        line = "" if made is None else made.source.summary()
        text += f"{divider}The leaked intermediate value was created on line {line}. {divider}"
        text += (
            "When the value was created, the final 5 stack frames (most recent last) excluding "
            f"JAX-internal frames were:{divider}{line}{divider}"
        )
    text += (
        "\nTo catch the leak earlier, try setting the environment variable "
        "JAX_CHECK_TRACER_LEAKS or using the `jax.checking_leaks` context manager."
    )
    err = UnexpectedTracerError(text)
    err.add_note(note)
    return err


def _jax_tracer_class(trace: Trace) -> str:
    kind = trace.kind
    if isinstance(kind, tuple):
        return "BatchTracer"
    if kind == "grad":
        return "LinearizeTracer"
    return "JVPTracer" if trace.differentiated else "DynamicJaxprTracer"


# ---------------------------------------------------------------------------------------------
# Abstract values of Python inputs.


def abstractify_or_ref(x) -> ShapedArray:
    """`abstractify`, and a mutable array reference's `Ref{...}` type for a Ref."""
    return x.ref_aval if getattr(x, "is_mutable_ref", False) else abstractify(x)


def abstractify(x) -> ShapedArray:
    """The aval of an argument: arrays, scalars, tracers and ShapeDtypeStructs."""
    if type(x) is Tracer:
        return x._var.aval
    if type(x) is float:
        return _WEAK_FLOAT_AVAL
    if type(x) is np.ndarray:
        if not x.shape:  # folded scalars pass through several layers: share their avals
            aval = _RANK0_AVALS.get(x.dtype)
            if aval is None:
                aval = _RANK0_AVALS[x.dtype] = ShapedArray((), checked_dtype(x.dtype))
            return aval
        return ShapedArray(x.shape, checked_dtype(x.dtype))
    aval = getattr(x, "aval", None)
    if isinstance(aval, ShapedArray):
        return aval
    if isinstance(x, (np.ndarray, np.generic)):  # first: np.float64 is a Python float too
        return ShapedArray(x.shape, checked_dtype(x.dtype))
    if isinstance(x, (bool, int, float, complex)):
        return python_scalar_literal(x).aval
    if type(x) is DimExpr:
        return ShapedArray((), dim_value_dtype(), weak_type=True)
    if getattr(type(x), "is_mutable_ref", False):  # a Ref is read explicitly: ref[...]
        raise MeshjitTypeError(
            f"a mutable array reference of type {x.ref_aval} is not an array: read its value "
            "with ref[...] (or freeze(ref))"
        )
    if getattr(x, "__jax_array__", None) is not None:
        raise MeshjitValueError(JAX_ARRAY_WORDS)
    shape, dtype = getattr(x, "shape", None), getattr(x, "dtype", None)
    if shape is not None and dtype is not None and not callable(shape):
        if any(isinstance(d, (str, bytes, float)) for d in shape):  # ShapeDtypeStruct("3", ...)
            raise MeshjitTypeError(
                f"Shapes must be 1D sequences of concrete values of integer type, got {shape}."
            )
        return ShapedArray(shape, checked_dtype(dtype), getattr(x, "weak_type", False))
    called = _numpy_caller(x)
    if called is not None:  # JAX's message for a list given to a jnp function
        name, position = called
        if name in ("array", "asarray") and not isinstance(x, (list, tuple, str, bytes)):
            # JAX's array / asarray take what NumPy does and refuse its object arrays
            raise MeshjitTypeError(not_numeric_words(x).strip() or f"{name}: {type(x)}")
        raise MeshjitTypeError(
            jitted_argument_words(x)
            + f"{name} requires ndarray or scalar arguments, got {type(x)} at position {position}."
            + ("" if isinstance(x, (list, tuple)) else not_numeric_words(x))  # JAX's words
        )
    shown = str(x) if len(str(x)) <= 100 else str(x)[:100] + "..."
    raise MeshjitTypeError(  # JAX's words first (a lax function's for a string)
        f"Argument '{shown}' of type {type(x)} is not a valid JAX type. {type(x).__name__} is "
        "not a valid array value (expected a NumPy or meshjit array, a Python scalar, or a "
        "ShapeDtypeStruct)." + (not_numeric_words(x) if isinstance(x, (str, bytes)) else "")
    )


def _refuse_containers(prim, args) -> None:
    """JAX's words for a primitive given a list (or another non-array) as an operand."""
    from meshjit.compiler.lax.shape_checks import NOT_VALUES, not_a_value

    for i, x in enumerate(args):
        if isinstance(x, NOT_VALUES):
            raise not_a_value(prim.name, i, x, len(args)) from None


def _numpy_caller(x, depth: int = 2, with_name: bool = False):
    """(name, position) of the meshjit.numpy function `x` was passed to, when the stack shows
    one (walked on this error path only), else None; `with_name`: (name, parameter name)."""
    import sys

    numpy_dir = os.path.join(os.path.dirname(os.path.dirname(__file__)), "numpy") + os.sep
    frame = sys._getframe(depth)
    found = None
    while frame is not None:
        code = frame.f_code
        if code.co_filename.startswith(numpy_dir):
            args = [frame.f_locals.get(v) for v in code.co_varnames[: code.co_argcount]]
            hits = [i for i, a in enumerate(args) if a is x]
            if hits:
                where = code.co_varnames[hits[0]] if with_name else hits[0]
                found = (public_numpy_name(frame), where)
        elif found is not None:
            break
        frame = frame.f_back
    return found if found is not None and found[0] is not None else None


def jitted_argument_words(x, depth: int = 3) -> str:
    """JAX's first sentence for a string given to a jnp function (JAX's jit of the function
    refuses it as an argument), when the stack shows which function; else "". A list or tuple
    holding a string: JAX's jit flattens it first, and names the string's path in it."""
    leaf, path = _string_leaf(x)
    if leaf is None:
        return ""
    called = _numpy_caller(x, depth, with_name=True)
    if called is None:
        return ""
    name, param = called
    return (
        f"Error interpreting argument to <function {name}> as an abstract array. The "
        f"problematic value is of type {type(leaf)} and was passed to the function at path "
        f"{param}{path}. "
    )


def _string_leaf(x, path: str = ""):
    """The first str / bytes in `x` (itself, or a leaf of its nested lists and tuples) and its
    path there (`[0][1]`), or (None, "")."""
    if isinstance(x, (str, bytes)):
        return x, path
    if isinstance(x, (list, tuple)):
        for i, item in enumerate(x):
            leaf, where = _string_leaf(item, f"{path}[{i}]")
            if leaf is not None:
                return leaf, where
    return None, ""


def public_numpy_name(frame):
    """The public meshjit.numpy name of the function running in `frame`: the public function
    with its code and, for factory-made ones sharing code, its closure's values."""
    from meshjit.compiler import numpy as jnp  # a later package, loaded by now

    code, local = frame.f_code, frame.f_locals
    for name in jnp.__all__:
        public = getattr(jnp, name, None)
        fn = getattr(public, "_call", public)  # a ufunc object (jnp.add): the function it calls
        while hasattr(fn, "__wrapped__"):  # a decorated function (takes_extended): its own code
            fn = fn.__wrapped__
        if getattr(fn, "__code__", None) is not code:
            continue
        cells = fn.__closure__ or ()
        if all(local.get(v) is c.cell_contents for v, c in zip(code.co_freevars, cells)):
            shown = name if public.__name__ == "<lambda>" else public.__name__
            return _CHECKED_AS.get(shown, shown)
    return None


# The function whose check refuses a list in JAX, where JAX's public function calls another
# (jnp.amax is jnp.max's alias; jnp.flatnonzero ravels first; jnp.degrees is rad2deg).
_CHECKED_AS = {
    "abs": "absolute",
    "amax": "max",
    "amin": "min",
    "around": "round",
    "conj": "conjugate",
    "divide": "true_divide",
    "pow": "power",
    "empty_like": "ones_like",
    "flatnonzero": "ravel",
    "degrees": "rad2deg",
    "radians": "deg2rad",
}


# JAX's words for an object of the `__jax_array__` protocol given to a jit (JAX 0.10 refuses).
JAX_ARRAY_WORDS = (
    "Triggering __jax_array__() during abstractification is no longer supported. To avoid this "
    "error, either explicitly convert your object using jax.numpy.array(), or register your "
    "object as a pytree."
)


def not_numeric_words(x) -> str:
    """JAX's words for a value NumPy makes a non-numeric array of (a str, an object)."""
    try:
        dtype = np.asarray(x).dtype
    except Exception:  # noqa: BLE001  (any value NumPy cannot take)
        return ""
    return (
        f" Value '{x}' with dtype {dtype} is not a valid JAX array type. Only arrays of numeric "
        "types are supported by JAX."
    )


def dtype_words(x) -> str:
    """JAX's words (its `dtypes.dtype`'s TypeError) for a str or bytes given as an operand to a
    function that promotes its arguments outside a jit (jax.scipy's, lax.conj): a string is read
    as a dtype's name ('a' is NumPy's |S0), bytes have no dtype."""
    if isinstance(x, bytes):
        return f"Cannot determine dtype of {x}"
    try:
        with warnings.catch_warnings():  # NumPy 2's deprecation of the alias 'a'
            warnings.simplefilter("ignore", DeprecationWarning)
            dtype = np.dtype(x)
    except TypeError as e:  # NumPy's words: "data type 'abc' not understood"
        return str(e)
    return (
        f"Value '{x}' with dtype {dtype} is not a valid JAX array type. Only arrays of numeric "
        "types are supported by JAX."
    )


def checked_dtype(dtype) -> np.dtype:
    if isinstance(dtype, np.dtype) and dtype in dtypes.SUPPORTED:
        return dtype
    dtypes.check_not_token(dtype)
    try:
        canonical = dtypes.canonicalize(dtype)
    except TypeError as e:  # NumPy's words, as JAX's: "data type 'foo' not understood"
        err = MeshjitTypeError(str(e))
        err.add_note(f"use one of: {_supported_names()}")
        raise err from None
    if canonical not in dtypes.SUPPORTED:
        if canonical.kind in "USOMm" or dtypes.not_numeric(canonical):  # (ml_dtypes': kind V)
            raise MeshjitTypeError(
                f"JAX only supports number, bool, and string dtypes, got dtype {dtype}: dtype "
                f"{canonical} is not a valid JAX array type. Only arrays of numeric types are "
                "supported by JAX"
            )
        if canonical.names == ("float0",):  # a tangent of an integer (JAX's words)
            raise MeshjitTypeError(FLOAT0_WORDS)
        raise MeshjitTypeError(
            f"dtype {canonical} is not supported; use one of: {_supported_names()}"
        )
    return canonical


FLOAT0_WORDS = (
    "Called an operation with a float0 array. float0s do not support any operations by design "
    "because they are not compatible with non-trivial vector spaces. No implicit dtype "
    "conversion is done. You can use np.zeros_like(arr, dtype=np.float) to cast a float0 array "
    "to a regular zeros array. \nIf you didn't expect to get a float0 you might have "
    "accidentally taken a gradient with respect to an integer argument."
)


def _supported_names() -> str:
    return ", ".join(sorted(str(d) for d in dtypes.SUPPORTED))


def trace_flat(
    fun: Callable,
    in_avals: Sequence[ShapedArray],
    known_values: Sequence | None = None,
    kind=None,
    what: str = "a transformation",
    source: Callable | None = None,
    autodiff: bool = False,
    debug: DebugInfo | None = None,
) -> tuple[ClosedJaxpr, Any]:
    """Traces `fun(*tracers)` (flat in, any pytree out); returns the jaxpr and fun's output.
    With `known_values` (the inputs' concrete values), Python may branch on traced values.
    `kind`: what the trace is for, as its tracers print (Trace.kind); `what`: as errors name
    it ("cond"), and `source` the user's function; `autodiff`: an output that is no array is
    refused in the words of JAX's autodiff (its typeof's), else in jit's."""
    with gc_paused(), new_trace() as trace:
        trace.kind, trace.debug = kind, debug
        tracers = [trace.new_arg(a) for a in in_avals]
        if known_values is not None:
            trace.known = {id(t._var): v for t, v in zip(tracers, known_values)}
        out = fun(*tracers)
        from meshjit.compiler.ir.shape_poly import dimension_as_value
        from meshjit.compiler.tree_util import tree_flatten

        out_leaves, out_tree = tree_flatten(out)
        out_leaves = [dimension_as_value(leaf) for leaf in out_leaves]  # `return x.shape[0]`
        for i, leaf in enumerate(out_leaves):
            if getattr(type(leaf), "is_mutable_ref", False):
                from meshjit.compiler.api_util import fun_sourceinfo  # a later room

                named = "" if source is None else f" {fun_sourceinfo(source)}"
                raise MeshjitValueError(  # JAX's words
                    f"function{named} traced for {what} returned a mutable array reference of "
                    f"type {leaf.ref_aval}, but mutable array references cannot be returned."
                )
            if not is_array_like(leaf) or _non_numeric_numpy(leaf):
                if autodiff:
                    raise MeshjitTypeError(
                        f"Argument '{leaf}' of type {type(leaf)} is not a valid JAX type (output "
                        f"component {i} of the differentiated function is not an array)"
                    )
                if debug is not None and debug.fun is not None:  # JAX's words
                    from meshjit.compiler.api_util import fun_sourceinfo  # a later room

                    raise MeshjitTypeError(
                        f"function {fun_sourceinfo(debug.fun)} traced for {debug.traced_for} "
                        f"returned a value "
                        f"of type {type(leaf)}, which is not a valid JAX type (output component "
                        f"{i} is a {type(leaf).__name__}, not an array)"
                    )
                raise MeshjitTypeError(
                    f"the traced function returned a value of type {type(leaf)} at output "
                    f"component {i}, which is not a valid JAX type (a "
                    f"{type(leaf).__name__}, not an array)"
                )
        closed = trace.finish(out_leaves)
    from meshjit.compiler.config import config  # it imports this module

    if config.jax_check_tracer_leaks:
        out = out_leaves = tracers = leaf = None  # the trace's own references, not leaks
        check_no_leaks(trace)
    return closed, out_tree


def check_no_leaks(trace: Trace) -> None:
    """JAX's check_tracer_leaks: a tracer of the finished `trace` still alive (stored by a side
    effect) raises JAX's Exception naming it."""
    gc.collect()  # tracers alive only in reference cycles cannot reach the user's code
    leaked = [r for r in gc.get_referrers(trace) if type(r) is Tracer]
    if leaked:
        shown = "\n\n".join(repr(t) for t in leaked)
        raise LeakedTracerError(  # JAX's words
            f"Leaked trace DynamicJaxprTrace. Leaked tracer(s):\n\n{shown}\n(a side effect of "
            "the traced function stored it, e.g. in a global or a list: return it instead)"
        )


def _non_numeric_numpy(x) -> bool:
    """A NumPy array or scalar of objects or strings (JAX's tracing refuses it as a value)."""
    return isinstance(x, (np.ndarray, np.generic)) and x.dtype.kind in "OUS"


def is_array_like(x) -> bool:
    return isinstance(x, (Tracer, np.ndarray, np.generic, bool, int, float, complex)) or isinstance(
        getattr(x, "aval", None), ShapedArray
    )


def jax_type_str(aval: ShapedArray) -> str:
    """An aval as JAX prints a value's type: `~float32[]` (weak), `int32[8@X,4]`."""
    weak = "~" if aval.weak_type else ""
    return f"{weak}{aval.dtype.name}[{aval.dims_str()}]{vma_str(aval.vma, aval.sharding)}"
