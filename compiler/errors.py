"""meshjit's error types and the user's source line they name."""

from __future__ import annotations

import os
import sys
from typing import Any

_PACKAGE_DIRS: tuple[str, ...] = ()
# File names already classified; a file is meshjit's own when under a registered directory.
_INTERNAL_FILES: set[str] = set()
_USER_FILES: set[str] = set()


def register_internal_dir(directory: str) -> None:
    """Frames from files under `directory` are meshjit's own, never named as the user's line."""
    global _PACKAGE_DIRS
    path = os.path.abspath(directory) + os.sep
    if path in _PACKAGE_DIRS:
        return
    _PACKAGE_DIRS = _PACKAGE_DIRS + (path,)
    _INTERNAL_FILES.clear()
    _USER_FILES.clear()


register_internal_dir(os.path.dirname(__file__))


def package_dirs() -> tuple[str, ...]:
    """The directories of meshjit's own files (each ending in a separator)."""
    return _PACKAGE_DIRS


def user_stacklevel() -> int:
    """The `stacklevel` that makes a warning issued by the caller name the user's line (the
    first frame outside meshjit), as JAX's dtype warnings do."""
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE_DIRS):
        frame, level = frame.f_back, level + 1
    return level


def _is_internal(name: str) -> bool:
    # Classifies a file name once: the walk, once per traced op, then only looks it up by name
    # (a string caches its hash; a code object's hash covers its bytecode).
    internal = name.startswith(_PACKAGE_DIRS) or name.startswith("<frozen") or "functools" in name
    (_INTERNAL_FILES if internal else _USER_FILES).add(name)
    return internal


class SourceInfo:
    """Where in the user's code an equation was traced."""

    __slots__ = ("file", "line", "function", "column", "scope", "end", "metadata")

    def __init__(
        self,
        file: str,
        line: int,
        function: str,
        column: int = 0,
        scope: str = "",
        end=None,
        metadata: tuple = (),
    ):
        self.file, self.line, self.function = file, line, function
        self.column = column  # 1-based, 0 when unknown
        self.scope = scope  # the `named_scope`s around the line, "outer/inner" ("" outside)
        self.end = end  # (line, 0-based column) where the expression ends, None when unknown
        # the `set_xla_metadata` contexts around the line: sorted (key, value) pairs
        self.metadata = metadata

    def within(self, scope: str) -> SourceInfo:
        """This source in the name stack `scope`."""
        return SourceInfo(
            self.file, self.line, self.function, self.column, scope, self.end, self.metadata
        )

    def __str__(self) -> str:
        return f"{self.file}:{self.line} ({self.function})"

    def summary(self) -> str:
        """As JAX's `source_info_util.summarize`: `file:line:column (function)`, the column
        0-based and left out where it is 0."""
        if self.column > 1:
            return f"{self.file}:{self.line}:{self.column - 1} ({self.function})"
        return str(self)

    def __eq__(self, other):
        return isinstance(other, SourceInfo) and (self.file, self.line) == (other.file, other.line)

    def __hash__(self):
        return hash((self.file, self.line))


UNKNOWN_SOURCE = SourceInfo("<unknown>", 0, "<unknown>")
_SOURCE_CACHE: dict[tuple, SourceInfo] = {}  # (file, line, function, column) -> SourceInfo
# (id(code), instruction offset) -> (code, SourceInfo): skips computing the line number (a
# scan of the code's line table) on the per-op path. The code object is kept, so its id is
# never reused while the entry exists, and checked on a hit.
_SITE_CACHE: dict[tuple[int, int], tuple[Any, SourceInfo]] = {}


# The names of the `named_scope`s entered, outermost first; traced equations carry them.
NAME_STACK: list[str] = []
_SCOPED_CACHE: dict[tuple[int, str], tuple[SourceInfo, SourceInfo]] = {}


def scoped(source: SourceInfo) -> SourceInfo:
    """`source` within the current named scopes (one object per source and scope)."""
    scope = "/".join(NAME_STACK)
    if source.scope.startswith(scope):  # rebound by an interpreter inside the same scopes
        return source
    scope = f"{scope}/{source.scope}" if source.scope else scope
    key = (id(source), scope)
    hit = _SCOPED_CACHE.get(key)
    if hit is None or hit[0] is not source:
        hit = _SCOPED_CACHE[key] = (source, source.within(scope))
    return hit[1]


# The `set_xla_metadata` context: its (key, value) pairs, sorted, () outside any.
XLA_METADATA: list[tuple] = [()]
_TAGGED_CACHE: dict[tuple, tuple[SourceInfo, SourceInfo]] = {}


def merge_metadata(outer: tuple, inner) -> tuple:
    """The pairs of `inner` (pairs or a dict) over those of `outer`; a key set to None is
    dropped (as JAX's xla_metadata_lib.update_metadata)."""
    merged = dict(outer)
    merged.update(inner)
    return tuple(sorted((k, v) for k, v in merged.items() if v is not None))


def tagged(source: SourceInfo) -> SourceInfo:
    """`source` within the current `set_xla_metadata` context: its own pairs (an equation
    rebound by a transformation keeps its original's, as JAX's eqn contexts) over the
    context's."""
    current = XLA_METADATA[0]
    key = (id(source), current)
    hit = _TAGGED_CACHE.get(key)
    if hit is None or hit[0] is not source:
        out = SourceInfo(
            source.file, source.line, source.function, source.column, source.scope, source.end,
            merge_metadata(current, source.metadata),
        )  # fmt: skip
        if len(_TAGGED_CACHE) > 100_000:
            _TAGGED_CACHE.clear()
        hit = _TAGGED_CACHE[key] = (source, out)
    return hit[1]


class _SourceOverride:
    """While a transformation (jvp, transpose, vmap, an interpreter) rebinds an equation, the
    equations it makes take that equation's source line, as in JAX, not the line where the
    transformation was called. User code that runs inside (a custom_jvp rule) keeps its own
    lines: the override holds only up to the interpreter's frame."""

    __slots__ = ("source", "frame")

    def __init__(self):
        self.source = self.frame = None


SOURCE_OVERRIDE = _SourceOverride()


def enter_source(source: SourceInfo, transform: str | None = None):
    """Makes `source` the line of the equations the caller (an interpreter) makes, within the
    name of its `transform` ("jvp", "transpose", "vmap") as JAX's name stacks have it; returns
    the previous state for `leave_source`."""
    previous = (SOURCE_OVERRIDE.source, SOURCE_OVERRIDE.frame)
    if source is not UNKNOWN_SOURCE:
        if transform is not None and not _PLAIN[0]:
            source = transformed(source, transform)
        SOURCE_OVERRIDE.source, SOURCE_OVERRIDE.frame = source, sys._getframe(1)
    return previous


_TRANSFORMED_CACHE: dict[tuple, tuple[SourceInfo, SourceInfo]] = {}
_PLAIN = [0]  # > 0: transforming a nested jit's body, whose names start afresh (as JAX's)


class fresh_scopes:
    """Context manager: the equations traced inside (the body of a loop or a branch, traced
    from the user's function) carry only the named scopes entered inside, as JAX traces a body
    with its name stack reset: lowering puts them under the body's own names
    (`jit(f)/outer/while/body/inner/sin`)."""

    __slots__ = ("saved",)

    def __enter__(self):
        self.saved = NAME_STACK[:]
        NAME_STACK.clear()

    def __exit__(self, *exc):
        NAME_STACK[:] = self.saved


class plain_names(fresh_scopes):
    """Context manager: the equations transformed inside keep their names (a nested jit's
    body, a loop's or a branch's, transformed for the new call or loop: JAX names a body's ops
    as its own, the transformation's name on the call or loop alone)."""

    __slots__ = ("previous",)

    def __enter__(self):
        super().__enter__()
        _PLAIN[0] += 1
        # The equations a rule makes in the body (a zero it instantiates) are named there too.
        self.previous = SOURCE_OVERRIDE.source, SOURCE_OVERRIDE.frame
        if SOURCE_OVERRIDE.source is not None:
            SOURCE_OVERRIDE.source = SOURCE_OVERRIDE.source.within("")
            SOURCE_OVERRIDE.frame = sys._getframe(1)

    def __exit__(self, *exc):
        SOURCE_OVERRIDE.source, SOURCE_OVERRIDE.frame = self.previous
        _PLAIN[0] -= 1
        super().__exit__(*exc)


class rule_scope(fresh_scopes):
    """Context manager: the user's code a transformation's rule runs (a custom_jvp rule, a
    custom_vjp's fwd or bwd) is named within the rebound equation's name stack
    (`jvp()/cos`, `transpose(jvp())/mul`), as JAX runs it inside the transformation; with
    `name`, within that name below it (a checkpoint's body inlined by its transpose)."""

    __slots__ = ("name",)

    def __init__(self, name: str = ""):
        self.name = name

    def __enter__(self):
        super().__enter__()
        source = SOURCE_OVERRIDE.source
        scope = source.scope if source is not None else ""
        scope = "/".join(filter(None, (scope, self.name)))
        if scope:
            NAME_STACK.append(scope)


def transformed(source: SourceInfo, transform: str) -> SourceInfo:
    """`source` with its scope inside `transform`, as JAX prints a name stack: the transform
    wraps the first scope below the named scopes it was applied in (`jvp(jit(g))/h`), or
    stands alone (`vmap()`)."""
    outer = "/".join(NAME_STACK)
    key = (id(source), transform, outer)
    hit = _TRANSFORMED_CACHE.get(key)
    if hit is not None and hit[0] is source:
        return hit[1]
    scope = source.scope
    inside = bool(outer) and scope.startswith(outer)
    rest = scope[len(outer) :].lstrip("/") if inside else scope
    head, _, tail = rest.partition("/")
    wrapped = "/".join(filter(None, (f"{transform}({head})", tail)))
    scope = f"{outer}/{wrapped}" if inside else wrapped
    if len(_TRANSFORMED_CACHE) > 100_000:
        _TRANSFORMED_CACHE.clear()
    out = source.within(scope)
    _TRANSFORMED_CACHE[key] = (source, out)
    return out


def in_scope(scope: str, name: str) -> str:
    """`name` (a call's `jit(g)`) pushed on the name stack `scope`, as JAX renders one: a
    transform with nothing inside yet wraps it (`transpose(jvp())` -> `transpose(jvp(jit(g)))`)."""
    head, _, last = scope.rpartition("/")
    if "()" in last:
        at = last.rindex("()")
        return "/".join(filter(None, (head, f"{last[:at]}({name}){last[at + 2 :]}")))
    return "/".join(filter(None, (scope, name)))


def leave_source(previous) -> None:
    SOURCE_OVERRIDE.source, SOURCE_OVERRIDE.frame = previous


def user_source(skip: int = 0) -> SourceInfo:
    """The innermost frame outside meshjit's own packages, or, when an interpreter rebinding an
    equation comes first, that equation's line.

    `skip`: how many frames above the caller are known to be meshjit's. They are not looked at,
    which saves making a frame object for each (the walk runs once per traced op).
    """
    frame = sys._getframe(1 + skip)
    internal = _INTERNAL_FILES
    stop = SOURCE_OVERRIDE.frame
    while frame is not None:
        if frame is stop:
            return SOURCE_OVERRIDE.source
        code = frame.f_code
        name = code.co_filename
        if name not in internal and (name in _USER_FILES or not _is_internal(name)):
            break
        frame = frame.f_back
    if frame is None:
        return UNKNOWN_SOURCE
    site = (id(code), frame.f_lasti)
    hit = _SITE_CACHE.get(site)
    if hit is not None and hit[0] is code:
        return hit[1]
    return _new_site(site, code, frame.f_lasti)


def _new_site(site, code, lasti: int) -> SourceInfo:
    # One entry per instruction: its (line, end line, column, end column), 0-based column.
    line, end_line, col, end_col = _positions(code)[lasti // 2]
    # Each call's own column, as JAX's source info (`sin(dot(W, x))`: two columns).
    key = (code.co_filename, line, code.co_qualname, col + 1 if col is not None else 0)
    end = (end_line, end_col) if col is not None and end_col is not None else None
    info = _SOURCE_CACHE.get((*key, end))
    if info is None:
        info = _SOURCE_CACHE[(*key, end)] = SourceInfo(*key, end=end)
    if len(_SITE_CACHE) > 100_000:  # it keeps code objects alive: bound it
        _SITE_CACHE.clear()
    _SITE_CACHE[site] = (code, info)
    return info


_POSITIONS: dict[int, tuple[Any, list]] = {}  # id(code) -> (code, its co_positions())


def _positions(code) -> list:
    # Made once per code object: a frame's f_lineno scans the line table from the start, which
    # in a long straight-line function would cost time linear in its length per traced op.
    hit = _POSITIONS.get(id(code))
    if hit is None or hit[0] is not code:
        if len(_POSITIONS) > 64:
            _POSITIONS.clear()
        hit = _POSITIONS[id(code)] = (code, list(code.co_positions()))
    return hit[1]


class MeshjitError(Exception):
    """Base of every error meshjit raises about the user's program.

    `str(e)` is the message alone, as JAX's (programs print it); the user's line is a note,
    shown with the traceback (`e.source` holds it). The classes standing for a builtin error
    JAX raises are named as it (`type(e).__name__ == "TypeError"`, so programs printing the
    name print JAX's); their qualified names stay meshjit's (tracebacks, pickling)."""

    # The classes JAX documents on its errors page end their message as JAX's do, with the
    # page's link.
    errors_page = False

    def __init__(self, message: str, source: SourceInfo | None = None):
        self.source = source if source is not None else user_source()
        self.bare_message = message
        if self.errors_page:
            url = f"https://docs.jax.dev/en/latest/errors.html#jax.errors.{type(self).__name__}"
            message = f"{message}\nSee {url}"
        super().__init__(message)
        if self.source is not UNKNOWN_SOURCE:
            self.add_note(f"at {self.source}")

    def located(self) -> str:
        """The message, its explanations (notes besides the line) and the user's line, for a
        tool printing the error on one screen."""
        where = f"\n  at {self.source}" if self.source is not UNKNOWN_SOURCE else ""
        line = f"at {self.source}"
        notes = [n for n in getattr(self, "__notes__", ()) if n != line and "\n" not in n]
        told = "".join(f"\n  ({n})" for n in notes)
        return f"{self}{told}{where}"


class LeakedTracerError(MeshjitError):
    """A tracer alive after its trace finished, found by check_tracer_leaks (JAX raises a
    plain Exception)."""


class MeshjitTypeError(MeshjitError, TypeError):
    """A shape, dtype or structure mismatch."""


class MeshjitValueError(MeshjitError, ValueError):
    """A value out of range: an axis, a size, a spec."""


class ShardingTypeError(MeshjitError):
    """Explicit-sharding types that do not fit an op: operands sharded in conflicting ways, an
    ambiguous result sharding. A plain Exception, neither a TypeError nor a ValueError, as
    JAX's core.ShardingTypeError."""


class IndivisibleError(MeshjitValueError):
    """A sharding that splits an array dimension into parts that do not divide it (JAX's
    name)."""


class JAXIndexError(MeshjitError, IndexError):
    """JAX's own IndexError kind (`jax.errors.JAXIndexError`): every meshjit index error is one."""


class MeshjitIndexError(JAXIndexError):
    """An index that does not fit what it indexes (an array's axis, a mesh axis's devices): an
    IndexError only, as the one Python or NumPy raise inside JAX (not a ValueError)."""


class IncompatibleShapesError(MeshjitTypeError, MeshjitValueError):
    """Shapes that do not broadcast together: JAX raises a TypeError from lax's binary
    operations (`x + y`) and a ValueError from jnp's broadcasting helpers (`jnp.where`), so
    this is both."""


class AxisOutOfBoundsError(MeshjitValueError):
    """An axis out of range for an array's rank: JAX's canonicalize_axis raises a plain
    ValueError (not NumPy's AxisError, which is an IndexError too)."""


class OperandShapesError(IncompatibleShapesError):
    """A binary operation's operands that do not broadcast (`x + y`: JAX's lax raises a
    TypeError there, its jnp helpers a ValueError)."""


class InvalidDimensionError(MeshjitTypeError, MeshjitValueError):
    """A negative dimension JAX lowers before it checks it (random.normal's shape): jaxlib's
    MLIRError refuses the type there, an Exception neither TypeError nor ValueError; this is
    both, named as JAX's."""


class NonConcreteBooleanIndexError(JAXIndexError):
    """A traced boolean mask used as an index (JAX's name)."""

    errors_page = True


class DuplicateSpecError(MeshjitError):
    """A PartitionSpec naming a mesh axis twice: as JAX's (jax._src.named_sharding), a plain
    Exception (neither a ValueError nor a TypeError) holding the message, mesh and spec."""

    def __init__(self, message: str, mesh=None, pspec=None):
        super().__init__(message)
        self.message = message
        self.mesh = mesh
        self.pspec = pspec


class MeshjitOverflowError(MeshjitError, OverflowError):
    """A Python int that does not fit int32: a plain OverflowError (not a ValueError), as JAX's."""


class MeshjitZeroDivisionError(MeshjitError, ZeroDivisionError):
    """A size computed by dividing by zero: a reshape's -1 axis beside a zero-size one (JAX: the
    ZeroDivisionError of its size arithmetic)."""


class MeshjitKeyError(MeshjitError, KeyError):
    """A name the user's format string or mapping asks for that is not given (JAX: KeyError)."""

    def __str__(self):  # a KeyError's message without the quotes KeyError adds
        return Exception.__str__(self)


class MeshjitAttributeError(MeshjitError, AttributeError):
    """A missing part of an object the user made (JAX: AttributeError), e.g. a custom_jvp
    function used without a rule."""


class WrongKindError(MeshjitTypeError, AttributeError):
    """An object of the wrong kind where JAX reads an attribute of it (`NamedSharding(devices,
    spec)`: JAX's AttributeError, 'list' object has no attribute 'size'): both."""


class RuleOutputError(MeshjitTypeError, MeshjitValueError):
    """A custom_jvp / custom_vjp rule whose output's type differs from the function's: JAX
    raises a TypeError for a jvp rule's, and a ValueError once a custom_vjp's fwd changed it
    (its bwd's cotangents then no longer fit the arguments): both."""


class KeyArrayAsArrayError(MeshjitTypeError):
    """A typed PRNG key array used where an array is needed (its `keys`: the key array)."""

    def __init__(self, message: str, keys=None):
        super().__init__(message)
        self.keys = keys


class MeshjitNameError(MeshjitError, NameError):
    """An unbound name, e.g. a collective's axis name outside shard_map / pmap (JAX: NameError)."""


class UnboundAxisError(MeshjitNameError, AssertionError):
    """A collective over an axis name that is not in the enclosing shard_map's mesh. JAX raises
    a NameError for most collectives, and for psum / pmax / pmean / ppermute under check_vma a
    bare AssertionError: this is both."""


class UnboundPermuteAxisError(MeshjitNameError, NotImplementedError):
    """ppermute outside any shard_map / pmap binding its axis name: JAX reaches ppermute's
    missing evaluation rule and raises a NotImplementedError; this is both."""


class UnboundAxesError(UnboundAxisError, MeshjitValueError):
    """psum over several axis names, one not in the enclosing shard_map's mesh: JAX checks the
    names against the value's varying axes there and raises a ValueError."""


class MeshjitNotImplementedError(MeshjitError, NotImplementedError):
    """A transformation meshjit does not implement for this primitive or these arguments."""


class ReverseModeError(MeshjitValueError, NotImplementedError):
    """An operation reverse mode cannot differentiate (a ValueError in JAX)."""


class MissingRuleError(MeshjitNotImplementedError):
    """A primitive has no rule for an interpretation (e.g. no jvp rule: not differentiable).
    The one error every rule table raises (see ir/registry.py)."""

    def __init__(self, prim, interpretation: str, source: SourceInfo | None = None):
        self.primitive, self.interpretation = prim, interpretation
        ours = f"primitive '{prim.name}' has no {interpretation} rule"
        jax_text = _JAX_MISSING_RULE.get(interpretation)
        message = f"{jax_text.format(prim.name)} ({ours})" if jax_text else ours
        super().__init__(message, source)


# JAX's messages for a missing rule (programs and tests match on them).
_JAX_MISSING_RULE = {
    "jvp": "Differentiation rule for '{}' not implemented",
    "transpose": "Transpose rule (for reverse-mode differentiation) for '{}' not implemented",
    "batching": "Batching rule for '{}' not implemented",
}


class UnexpectedTracerError(MeshjitError, TypeError):
    """A traced value escaped the function it was traced in."""

    errors_page = True


class NotConcreteError(MeshjitTypeError):
    """A traced value where a concrete one is needed: the base of JAX's classes for it below
    (meshjit catches them all by it; JAX's TracerInteger- and TracerArrayConversionError are
    not ConcretizationTypeErrors)."""

    errors_page = True


class ConcretizationTypeError(NotConcreteError):
    """A traced value was used where a concrete Python value is needed (JAX's name)."""


ConcretizationError = ConcretizationTypeError  # meshjit's own code raises it by this name


class TracerBoolConversionError(ConcretizationError):
    """bool() of a traced value (an `if` on it)."""


class TracerIntegerConversionError(NotConcreteError):
    """A traced value used as a Python index (`__index__`)."""


class TracerArrayConversionError(NotConcreteError):
    """np.asarray() of a traced value."""


class KeyReuseError(MeshjitTypeError):
    """A typed PRNG key consumed twice, under `jax_debug_key_reuse` (jit/key_reuse.py)."""

    errors_page = True


class MeshjitRuntimeError(MeshjitError, RuntimeError):
    """A request the runtime cannot serve (an unknown backend)."""


class NoContextMeshError(MeshjitValueError, RuntimeError):
    """A bare PartitionSpec where no mesh is in context (JAX: a RuntimeError, as meshjit's
    ValueError was before)."""


class DistributedError(MeshjitError, RuntimeError):
    """A multi-process run cannot go on: a process is gone, or the processes disagree."""


class ShardingAssertionError(MeshjitError, AssertionError):
    """with_sharding_constraint on a mesh of Explicit axes only asserts the value's type
    sharding (JAX raises an AssertionError too); reshard changes it."""


class MeshjitAssertionError(MeshjitTypeError, AssertionError):
    """A requirement JAX checks with an `assert` (so an AssertionError there), with meshjit's
    message; a TypeError too, as the bad operand's type is the problem."""


class DeletedArrayError(MeshjitError, RuntimeError, ValueError):
    """A meshjit.Array whose buffers were donated to a jit call or freed with .delete() was
    used. JAX raises a RuntimeError when it is read or used eagerly, and XLA's ValueError
    (INVALID_ARGUMENT) when it is passed to a jitted call again: this is both."""


class DeletedArgumentError(DeletedArrayError):
    """A deleted Array passed to a jitted call that ran before (JAX's fast path hands it to
    XLA, whose INVALID_ARGUMENT is a ValueError)."""


# The names programs see (`type(e).__name__`, `repr(e)`): the builtin error JAX raises there.
for _cls, _name in (
    (MeshjitTypeError, "TypeError"),
    (MeshjitValueError, "ValueError"),
    (MeshjitIndexError, "IndexError"),
    (AxisOutOfBoundsError, "ValueError"),
    (IncompatibleShapesError, "ValueError"),
    (OperandShapesError, "TypeError"),
    (InvalidDimensionError, "MLIRError"),
    (MeshjitOverflowError, "OverflowError"),
    (MeshjitZeroDivisionError, "ZeroDivisionError"),
    (MeshjitAttributeError, "AttributeError"),
    (MeshjitKeyError, "KeyError"),
    (WrongKindError, "AttributeError"),
    (RuleOutputError, "TypeError"),
    (KeyArrayAsArrayError, "TypeError"),
    (MeshjitNameError, "NameError"),
    (UnboundAxisError, "NameError"),
    (UnboundAxesError, "ValueError"),
    (UnboundPermuteAxisError, "NotImplementedError"),
    (MeshjitNotImplementedError, "NotImplementedError"),
    (ReverseModeError, "ValueError"),
    (MissingRuleError, "NotImplementedError"),
    (MeshjitRuntimeError, "RuntimeError"),
    (NoContextMeshError, "RuntimeError"),
    (ShardingAssertionError, "AssertionError"),
    (MeshjitAssertionError, "AssertionError"),
    (DeletedArrayError, "RuntimeError"),
    (DeletedArgumentError, "ValueError"),
    (LeakedTracerError, "Exception"),
):
    _cls.__name__ = _name
