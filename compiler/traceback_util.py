"""Tracebacks without meshjit's own frames, as JAX shows them.

An exception that leaves meshjit through an API boundary (a public function, a jitted or
transformed function) keeps only the frames of the user's code and of other libraries: the
user sees where their program went wrong, not meshjit's machinery. Set
MESHJIT_TRACEBACK_FILTERING (or JAX's JAX_TRACEBACK_FILTERING, or the option
`jax_traceback_filtering`) to "off" for the whole traceback; JAX's other modes are
"quiet_remove_frames" (the default: a note says frames were removed), "remove_frames" (the
unfiltered traceback kept as the exception's cause) and "tracebackhide" (frames marked for
IPython and pytest, nothing removed)."""

from __future__ import annotations

import functools
import types

from meshjit.compiler import errors

_MODES = ("off", "tracebackhide", "remove_frames", "quiet_remove_frames", "auto")
_NOTE = (
    "--------------------\n"
    "For simplicity, meshjit has removed its internal frames from the traceback of the "
    "following exception. Set MESHJIT_TRACEBACK_FILTERING=off to include these."
)
# The code objects of boundary frames: an exception below two boundaries is filtered once, at
# the outermost (the inner one sees the outer on the stack and lets it pass).
_BOUNDARY_CODES: set = set()
_FUNCTION = types.FunctionType


class UnfilteredStackTrace(Exception):
    """The cause attached in "remove_frames" mode: the exception's whole traceback."""


def _mode() -> str:
    from meshjit.compiler.config import config

    mode = config.jax_traceback_filtering
    if mode in (None, "auto"):
        mode = "tracebackhide" if _under_ipython() else "quiet_remove_frames"
    return mode


def _under_ipython() -> bool:
    try:
        get_ipython  # noqa: B018  (defined by IPython)
    except NameError:
        return False
    return True


def check_mode(value) -> None:
    if value is not None and value not in _MODES:
        raise errors.MeshjitValueError(
            f"jax_traceback_filtering must be one of {', '.join(_MODES)}; got {value!r}"
        )


def _internal(frame) -> bool:
    name = frame.f_code.co_filename
    return name.startswith(errors.package_dirs())


def filter_traceback(tb):
    """`tb` without meshjit's frames."""
    kept = []
    while tb is not None:
        if not _internal(tb.tb_frame):
            kept.append(tb)
        tb = tb.tb_next
    out = None
    for entry in reversed(kept):
        out = types.TracebackType(out, entry.tb_frame, entry.tb_lasti, entry.tb_lineno)
    return out


def _under_another_boundary(tb) -> bool:
    frame = tb.tb_frame.f_back  # tb's first frame is this boundary's
    while frame is not None:
        if frame.f_code in _BOUNDARY_CODES:
            return True
        frame = frame.f_back
    return False


def filter_exception(e: BaseException) -> None:
    """Called by a boundary whose callee raised `e`: filters `e`'s traceback in place unless an
    outer boundary will, or filtering is off."""
    tb = e.__traceback__
    if tb is None or _under_another_boundary(tb):
        return
    mode = _mode()
    if mode == "off":
        return
    if mode == "tracebackhide":
        for entry in _walk(tb):
            if _internal(entry.tb_frame) and entry.tb_frame.f_code not in _BOUNDARY_CODES:
                entry.tb_frame.f_locals["__tracebackhide__"] = True
        return
    e.with_traceback(filter_traceback(tb))
    if mode == "quiet_remove_frames":
        e.add_note(_NOTE)
        return
    whole = UnfilteredStackTrace(
        "".join(_format_only(e)) + "\n\nThe stack trace below includes meshjit's internal frames.\n"
        "The preceding is the original exception that occurred, unmodified.\n"
        "\n--------------------"
    )
    whole.with_traceback(tb)
    whole.__cause__, whole.__context__ = e.__cause__, e.__context__
    whole.__suppress_context__ = e.__suppress_context__
    e.__cause__, e.__context__ = whole, None


def drop_note(e: BaseException) -> None:
    """`e` without the note saying frames were removed (for a caller that shows its own)."""
    notes = getattr(e, "__notes__", None)
    if notes and _NOTE in notes:
        notes.remove(_NOTE)


def _walk(tb):
    while tb is not None:
        yield tb
        tb = tb.tb_next


def _format_only(e) -> list:
    import traceback

    return traceback.format_exception_only(type(e), e)


def api_boundary(fun):
    """`fun` as an API boundary: exceptions leaving it have meshjit's frames filtered out."""
    if getattr(fun, "_meshjit_boundary", False):
        return fun

    @functools.wraps(fun)
    def boundary(*args, **kwargs):
        try:
            return fun(*args, **kwargs)
        except Exception as e:
            filter_exception(e)
            raise

    boundary._meshjit_boundary = True
    return boundary


_BOUNDARY_CODES.add(api_boundary(lambda: None).__code__)


def boundary_methods(*names: str):
    """Class decorator: the named methods (dunders too: `__init__`, `__call__`, `__bool__`) as
    API boundaries, for the objects users hold and call (meshes, compiled executables, `x.at`)."""

    def decorate(cls):
        for name in names:
            setattr(cls, name, api_boundary(vars(cls)[name]))
        return cls

    return decorate


def unwrap(fun):
    """The function a public boundary wraps (for code that recognises functions by identity,
    such as lax.reduce's `computation=lax.add`); through a public check (meshjit.lax.add
    checks JAX's operand rules, then calls the compiler's lax.add: `_meshjit_checked`)."""
    if getattr(fun, "_meshjit_boundary", False):
        fun = getattr(fun, "_meshjit_inner", None) or fun.__wrapped__
    return getattr(fun, "_meshjit_checked", fun)


def register_boundary(code) -> None:
    """A method that filters in its own `except` (a hot path that must not add a frame)."""
    _BOUNDARY_CODES.add(code)


def own_boundary(fun):
    """`fun`, which filters in its own `except` (`filter_exception(e)`, then `raise`), as an
    API boundary: `api_boundary` and the facade leave it unwrapped (the hot functions of
    meshjit.numpy and arrays' operators add no frame to each op)."""
    fun._meshjit_boundary = True
    register_boundary(fun.__code__)
    return fun


def transformation(transform):
    """`transform` (grad, vmap, shard_map, ...) as a boundary that also makes a boundary of
    the function it returns."""

    @functools.wraps(transform)
    def boundary(*args, **kwargs):
        try:
            out = transform(*args, **kwargs)
        except Exception as e:
            filter_exception(e)
            raise
        # A transformed function, or a decorator (shard_map(mesh=...)): a boundary as well.
        return _transformed(out) if type(out) in _CALLABLES else out

    boundary._meshjit_boundary, boundary._meshjit_inner = True, transform
    return boundary


def _transformed(out):
    """A transformed function's boundary, whose `__wrapped__` is the user's function (as JAX's
    `functools.wraps`: `jax.checkpoint(f).__wrapped__ is f`), not meshjit's inner wrapper."""
    boundary = transformation(out)
    if hasattr(out, "__wrapped__"):
        boundary.__wrapped__ = out.__wrapped__
    return boundary


_CALLABLES = (_FUNCTION, functools.partial)
_BOUNDARY_CODES.add(transformation(lambda: None).__code__)


# The public names whose results are functions to be boundaries too.
TRANSFORMATIONS = frozenset(
    "grad value_and_grad vmap jacfwd jacrev jacobian hessian shard_map pmap checkpoint remat "
    "named_call linear_transpose make_jaxpr custom_gradient vectorize auto_axes explicit_axes "
    "closure_convert checkify export smap".split()
)


def wrap_module_functions(module) -> None:
    """The public plain functions defined in `module` (one without `__all__`, such as a
    scipy.stats distribution) made API boundaries."""
    namespace = vars(module)
    for name, value in list(namespace.items()):
        if (
            type(value) is _FUNCTION
            and not name.startswith("_")
            and value.__module__ == module.__name__
            and not getattr(value, "_meshjit_boundary", False)
        ):
            namespace[name] = api_boundary(value)


def wrap_public(module) -> None:
    """The public plain functions of a facade module (its `__all__`) made API boundaries;
    classes and other objects are left as they are."""
    namespace = vars(module)
    for name in getattr(module, "__all__", ()):
        value = namespace.get(name)
        if type(value) is not _FUNCTION or getattr(value, "_meshjit_boundary", False):
            continue
        factories = getattr(module, "_RETURNS_FUNCTIONS", False)  # nn.initializers
        wrap = transformation if factories or name in TRANSFORMATIONS else api_boundary
        namespace[name] = wrap(value)
