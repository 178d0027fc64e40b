"""meshjit.debug: printing and callbacks from inside compiled programs (JAX's jax.debug)."""

from __future__ import annotations

import logging
import string
import threading

from meshjit.compiler.api_util import alias
from meshjit.compiler.errors import (
    MeshjitAttributeError,
    MeshjitIndexError,
    MeshjitKeyError,
    MeshjitTypeError,
    MeshjitValueError,
    user_source,
)
from meshjit.compiler.ir.core import DebugEffect, OrderedDebugEffect
from meshjit.compiler.lax.callbacks import check_callable, debug_callback
from meshjit.compiler.lax.debug_print import debug_print as print_values
from meshjit.compiler.lax.debugger import breakpoint  # noqa: A004
from meshjit.compiler.parallel.inspect import inspect_array_sharding
from meshjit.compiler.parallel.visualize import debug_visualize_sharding, visualize_array_sharding
from meshjit.compiler.runtime.device_put import device_put
from meshjit.compiler.trace.tracing import abstractify, current_trace
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten

_PRINT_LOCK = threading.Lock()
visualize_sharding = alias(debug_visualize_sharding, "visualize_sharding")


def callback(callback=None, *args, ordered: bool = False, partitioned: bool = False, **kwargs):
    """Calls `callback(*args, **kwargs)` with the arrays' values (meshjit Arrays on the default
    device, as JAX's) when the program runs; pytrees of arrays are rebuilt around them. Returns
    None. The two-call form `callback(ordered=True)(fun, *args)` takes the options first."""
    if callback is None:
        if args or kwargs:  # JAX's words
            raise MeshjitTypeError(
                f"debug_callback received unexpected arguments in the two-call form: {args=} "
                f"{kwargs=}"
            )

        def second_call(fun, *args, **kwargs):
            return _debug_callback(fun, args, kwargs, ordered, partitioned)

        return second_call
    return _debug_callback(callback, args, kwargs, ordered, partitioned)


def _debug_callback(callback, args, kwargs, ordered, partitioned):
    check_callable(callback, "debug.callback")
    leaves, tree = tree_flatten((args, kwargs))
    dynamic = [_is_dynamic(leaf) for leaf in leaves]  # others (strings, ...) pass as they are

    def call(*values):
        it = iter(values)
        merged = [device_put(next(it)) if d else leaf for leaf, d in zip(leaves, dynamic)]
        a, k = tree_unflatten(tree, merged)
        callback(*a, **k)

    dynamic_leaves = [leaf for leaf, d in zip(leaves, dynamic) if d]
    if current_trace() is None:  # eager: the values as they are (Python scalars stay weak)
        a, k = tree_unflatten(tree, [device_put(x) if d else x for x, d in zip(leaves, dynamic)])
        callback(*a, **k)
        return
    debug_callback(call, *dynamic_leaves, ordered=ordered, partitioned=partitioned)


def _is_dynamic(leaf) -> bool:
    try:
        abstractify(leaf)
    except TypeError:
        return False
    return True


def debug_print(
    fmt: str | None = None,
    *args,
    ordered: bool = False,
    partitioned: bool = False,
    skip_format_check: bool = False,
    _use_logging: bool = False,
    **kwargs,
):
    """`fmt.format(*args, **kwargs)` printed when the program runs, with the values of traced
    arguments (as jax.debug.print). NumPy's print options at the call apply. The two-call form
    `print(ordered=True)(fmt, *args)` takes the options first. `_use_logging`: as `log`."""
    options = {"ordered": ordered, "partitioned": partitioned}
    return _print_or_log(fmt, args, kwargs, skip_format_check, log=_use_logging, **options)


print = debug_print  # noqa: A001 (JAX's jax.debug.print is a function named debug_print)


_LOGGER = logging.getLogger("meshjit.debug")


def log(
    fmt: str | None = None,
    *args,
    ordered: bool = False,
    partitioned: bool = False,
    skip_format_check: bool = False,
    _use_logging: bool = True,
    **kwargs,
):
    """As `print`, but the message goes to the `meshjit.debug` logger at INFO, from the line
    that called log (as jax.debug.log); `_use_logging=False`: printed, as `print`."""
    options = {"ordered": ordered, "partitioned": partitioned}
    return _print_or_log(fmt, args, kwargs, skip_format_check, log=_use_logging, **options)


def _print_or_log(fmt, args, kwargs, skip_format_check, log: bool, **options):
    def emit(fmt, *args, **kwargs):
        record = None
        if log:
            src = user_source()
            record = _LOGGER.makeRecord(
                _LOGGER.name, logging.INFO, src.file, src.line, "", (), None
            )
        _emit(fmt, args, kwargs, skip_format_check, record, options)

    if fmt is not None:
        return emit(fmt, *args, **kwargs)
    if args or kwargs:
        raise TypeError(
            f"debug_print received unexpected arguments in the two-call form: {args=} {kwargs=}"
        )
    return emit


class _Unused(ValueError):
    pass


class _FormatChecker(string.Formatter):
    """Formats nothing; finds arguments the format does not use (as JAX checks)."""

    def format_field(self, value, format_spec):
        return ""

    def check_unused_args(self, used_args, args, kwargs):
        unused_args = [arg for i, arg in enumerate(args) if i not in used_args]
        unused_kwargs = [k for k in kwargs if k not in used_args]
        if unused_args:
            raise _Unused(f"Unused positional arguments to `jax.debug.print`: {unused_args}")
        if unused_kwargs:
            raise _Unused(
                f"Unused keyword arguments to `jax.debug.print`: {unused_kwargs}. You may be "
                'passing an f-string (i.e, `f"{x}"`) into `jax.debug.print` and instead should '
                "pass in a regular string."
            )


def _emit(fmt, args, kwargs, skip_format_check, record, call_options) -> None:
    if not isinstance(fmt, str):
        raise MeshjitTypeError(  # JAX's words (str.format's)
            f"expected str, got {type(fmt).__name__}: debug.print's format must be a string"
        )
    if not skip_format_check:
        try:
            _FormatChecker().format(fmt, *args, **kwargs)
        except _Unused as e:  # raised here, so the error names the user's line
            raise MeshjitValueError(str(e)) from None
        except KeyError as e:  # a field no argument fills: JAX's KeyError, at the user's line
            raise MeshjitKeyError(
                f"{e.args[0]!r}: debug.print's format {fmt!r} names {e.args[0]!r}, which no "
                "keyword argument gives"
            ) from None
        except IndexError:
            raise MeshjitIndexError(
                f"tuple index out of range: debug.print's format {fmt!r} has more positional "
                f"fields than the {len(args)} positional arguments given"
            ) from None
        except ValueError as e:  # a malformed format (str.format's words), at the user's line
            raise MeshjitValueError(str(e)) from None
        except AttributeError as e:  # a field's attribute no argument has, at the user's line
            # (JAX's arrays are jaxlib's ArrayImpl: Python names them by their module)
            raise MeshjitAttributeError(
                str(e).replace("'ArrayImpl' object", "'jaxlib._jax.ArrayImpl' object", 1)
            ) from None
    # As JAX: the first field decides; without one, the values follow the text.
    has_placeholders = bool(fmt) and next(iter(string.Formatter().parse(fmt)))[1] is not None
    print_values(
        fmt, args, kwargs, has_placeholders=has_placeholders, logging_record=record, **call_options
    )


__all__ = [
    "DebugEffect",
    "OrderedDebugEffect",
    "breakpoint",
    "callback",
    "inspect_array_sharding",
    "log",
    "print",
    "visualize_array_sharding",
    "visualize_sharding",
]
