"""Event listeners, as `jax.monitoring`: meshjit records how long each XLA compile takes under
JAX's event name, and users record their own events for the listeners they register."""

import time
from collections.abc import Callable
from contextlib import contextmanager

__all__ = [
    "clear_event_listeners",
    "record_event",
    "record_event_duration_secs",
    "record_event_time_span",
    "record_scalar",
    "register_event_duration_secs_listener",
    "register_event_listener",
    "register_event_time_span_listener",
    "register_scalar_listener",
    "unregister_event_duration_listener",
    "unregister_event_listener",
    "unregister_event_time_span_listener",
    "unregister_scalar_listener",
]

JAXPR_TRACE_EVENT = "/jax/core/compile/jaxpr_trace_duration"
JAXPR_TO_MLIR_MODULE_EVENT = "/jax/core/compile/jaxpr_to_mlir_module_duration"
BACKEND_COMPILE_EVENT = "/jax/core/compile/backend_compile_duration"

_event: list[Callable] = []
_duration: list[Callable] = []
_time_span: list[Callable] = []
_scalar: list[Callable] = []


def record_event(event: str, **kwargs) -> None:
    for listener in _event:
        listener(event, **kwargs)


def record_event_duration_secs(event: str, duration: float, **kwargs) -> None:
    for listener in _duration:
        listener(event, duration, **kwargs)


def record_event_time_span(event: str, start_time: float, end_time: float, **kwargs) -> None:
    for listener in _time_span:
        listener(event, start_time, end_time, **kwargs)


def record_scalar(event: str, value: float | int, **kwargs) -> None:
    for listener in _scalar:
        listener(event, value, **kwargs)


def register_event_listener(callback: Callable) -> None:
    _event.append(callback)


def register_event_duration_secs_listener(callback: Callable) -> None:
    _duration.append(callback)


def register_event_time_span_listener(callback: Callable) -> None:
    _time_span.append(callback)


def register_scalar_listener(callback: Callable) -> None:
    _scalar.append(callback)


def _unregister(listeners: list[Callable], callback: Callable, kind: str) -> None:
    if callback not in listeners:
        raise AssertionError(f"{kind} listener {callback} is not registered")
    listeners.remove(callback)


def unregister_event_listener(callback: Callable) -> None:
    _unregister(_event, callback, "event")


def unregister_event_duration_listener(callback: Callable) -> None:
    _unregister(_duration, callback, "event duration")


def unregister_event_time_span_listener(callback: Callable) -> None:
    _unregister(_time_span, callback, "event time span")


def unregister_scalar_listener(callback: Callable) -> None:
    _unregister(_scalar, callback, "scalar")


def clear_event_listeners() -> None:
    for listeners in (_event, _duration, _time_span, _scalar):
        listeners.clear()


@contextmanager
def timed(event: str, **kwargs):
    """Records the block's wall time as `event`, as JAX's log_elapsed_time: its start time to
    the scalar listeners, then its duration and time span."""
    if not (_duration or _time_span or _scalar):
        yield
        return
    start = time.time()
    record_scalar(event, start, **kwargs)
    yield
    end = time.time()
    record_event_duration_secs(event, end - start, **kwargs)
    record_event_time_span(event, start, end, **kwargs)
