"""`jax.extend.linear_util`: the wrapped functions JAX's tracing entry points take
(`wrap_init(f, params)`, called by `call_wrapped(*args)`). JAX's generator transformations
(`transformation`, `cache`, ...) are internals of its tracer and not provided."""

from __future__ import annotations

from typing import Callable


class WrappedFun:
    """`f` with keyword `params`, called as `call_wrapped(*args)`."""

    __slots__ = ("f", "params", "debug_info")

    def __init__(self, f: Callable, params=None, debug_info=None):
        self.f, self.params, self.debug_info = f, dict(params or {}), debug_info

    def call_wrapped(self, *args):
        return self.f(*args, **self.params)

    def __repr__(self):
        return f"Wrapped function: {getattr(self.f, '__name__', self.f)!s}"


def wrap_init(f: Callable, params=None, *, debug_info=None) -> WrappedFun:
    return WrappedFun(f, params, debug_info)


__all__ = ["WrappedFun", "wrap_init"]
