"""meshjit.debug: printing and callbacks from inside compiled programs (JAX's jax.debug)."""

from __future__ import annotations

import string
import sys
import threading

from meshjit.compiler.lax.callbacks import check_callable, debug_callback
from meshjit.compiler.parallel.visualize import visualize_sharding
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten

visualize_array_sharding = visualize_sharding
_PRINT_LOCK = threading.Lock()


def callback(callback, *args, ordered: bool = False, partitioned: bool = False, **kwargs):
    """Calls `callback(*args, **kwargs)` with the arrays' values (NumPy) when the program runs;
    pytrees of arrays are rebuilt around them. Returns None."""
    check_callable(callback, "debug.callback")
    leaves, tree = tree_flatten((args, kwargs))

    def call(*values):
        a, k = tree_unflatten(tree, list(values))
        callback(*a, **k)

    debug_callback(call, *leaves)


def print(fmt: str, *args, ordered: bool = False, **kwargs) -> None:  # noqa: A001
    """`fmt.format(*args, **kwargs)` printed when the program runs, with the values of traced
    arguments (as jax.debug.print)."""
    _check_format(fmt)

    def show(*a, **k):
        text = fmt.format(*a, **k) + "\n"
        with _PRINT_LOCK:  # devices call back from several threads: one whole line each
            sys.stdout.write(text)
            sys.stdout.flush()

    callback(show, *args, **kwargs)


def _check_format(fmt) -> None:
    if not isinstance(fmt, str):
        from meshjit.compiler.errors import MeshjitTypeError

        raise MeshjitTypeError(f"debug.print's format must be a string, got {type(fmt).__name__}")
    list(string.Formatter().parse(fmt))


__all__ = ["callback", "print", "visualize_array_sharding"]
