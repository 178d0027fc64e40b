"""Small helpers shared by the layers above the dialects (compiler/ and passes/)."""

from __future__ import annotations

import gc


class gc_paused:
    """Context manager: no automatic garbage collection inside; reentrant (one instance may be
    entered again while entered) and nestable.

    Tracing, lowering and building a propagation graph allocate many objects that all stay
    alive (equations, MLIR values, slots and edges), so the collector's full passes over a
    growing heap find nothing and cost time that grows with the program (about 5% of trace +
    lower and a third of propagation at 5,000 ops). Collection resumes on exit of the outermost
    pause; cycles made meanwhile are collected then.
    """

    __slots__ = ("_resume",)

    def __init__(self):
        self._resume: list[bool] = []  # per entry: whether its exit re-enables the collector

    def __enter__(self):
        enabled = gc.isenabled()
        self._resume.append(enabled)
        if enabled:
            gc.disable()
        return self

    def __exit__(self, *exc):
        if self._resume.pop():
            gc.enable()


class BoundedCache(dict):
    """A memo table that forgets everything once it holds `limit` entries (programs with ever
    new shapes or shardings must not grow it without bound)."""

    __slots__ = ("limit",)

    def __init__(self, limit: int = 4096):
        super().__init__()
        self.limit = limit

    def put(self, key, value):
        """Stores and returns `value`."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
