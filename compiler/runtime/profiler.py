"""`jax.profiler` on jaxlib's profiler: traces of the host (Python, meshjit's compile and
dispatch, XLA's CPU runtime) written for TensorBoard / Perfetto, annotations that appear in
them, the profiler server, and the device memory profile (pprof)."""

from __future__ import annotations

import contextlib
import functools
import gzip
import os
import threading
from typing import Callable

from jaxlib import _profile_data, _profiler

from meshjit.compiler.errors import MeshjitError

__all__ = [
    "ProfileData",
    "ProfileEvent",
    "ProfileOptions",
    "ProfilePlane",
    "StepTraceAnnotation",
    "TraceAnnotation",
    "annotate_function",
    "device_memory_profile",
    "register_subprocess",
    "save_device_memory_profile",
    "start_server",
    "start_trace",
    "stop_server",
    "stop_trace",
    "trace",
]

ProfileOptions = _profiler.ProfileOptions
# A collected profile (XSpace), its planes and events: jaxlib's, as JAX's `jax.profiler` names them.
ProfileData = _profile_data.ProfileData
ProfileEvent = _profile_data.ProfileEvent
ProfilePlane = _profile_data.ProfilePlane


def register_subprocess(pid: int, port: int) -> Callable[[], None]:
    """Profiles the subprocess `pid` (its profiler server on `port`) with this process's
    profiles; returns the function that unregisters it."""
    return _profiler.register_subprocess(pid, port)


class ProfilerError(MeshjitError, RuntimeError):
    pass


class _State:
    def __init__(self):
        self.lock = threading.Lock()
        self.session = None
        self.log_dir = None
        self.perfetto = False
        self.server = None


_state = _State()


def start_trace(
    log_dir,
    create_perfetto_link: bool = False,
    create_perfetto_trace: bool = False,
    profiler_options: ProfileOptions | None = None,
) -> None:
    """Starts a trace, saved to `log_dir` by `stop_trace` (TensorBoard's profile plugin layout:
    log_dir/plugins/profile/<run>/<host>.xplane.pb and .trace.json.gz). One trace at a time."""
    from meshjit.compiler.runtime import client as backend

    with _state.lock:
        if _state.session is not None:
            raise ProfilerError(
                "Profile has already been started. Only one profile may be run at a time."
            )
        backend.get_client()  # the CPU client's threads exist before the tracer starts
        _profiler.clear_metadata()
        _state.session = _profiler.ProfilerSession(profiler_options or ProfileOptions())
        _state.log_dir = os.fspath(log_dir)
        _state.perfetto = create_perfetto_trace or create_perfetto_link


def stop_trace() -> None:
    """Stops the running trace and writes it to the `log_dir` given to `start_trace`
    (with `create_perfetto_trace`, also log_dir/.../perfetto_trace.json.gz)."""
    with _state.lock:
        if _state.session is None:
            raise ProfilerError("No profile started")
        session, log_dir, perfetto = _state.session, _state.log_dir, _state.perfetto
        _state.session = _state.log_dir = None
        session.stop_and_export(log_dir)
        if perfetto:
            _write_perfetto_trace(log_dir)
        _profiler.clear_metadata()


def _write_perfetto_trace(log_dir: str) -> str:
    """The run's trace.json.gz, copied as perfetto_trace.json.gz (what Perfetto's UI loads)."""
    runs = os.path.join(log_dir, "plugins", "profile")
    latest = max((os.path.join(runs, d) for d in os.listdir(runs)), key=os.path.getmtime)
    traces = [f for f in os.listdir(latest) if f.endswith(".trace.json.gz")]
    if not traces:
        raise ProfilerError(f"no trace.json.gz in {latest}")
    with gzip.open(os.path.join(latest, traces[0]), "rb") as f:
        data = f.read()
    path = os.path.join(latest, "perfetto_trace.json.gz")
    with gzip.open(path, "wb") as f:
        f.write(data)
    return path


@contextlib.contextmanager
def trace(
    log_dir,
    create_perfetto_link: bool = False,
    create_perfetto_trace: bool = False,
    profiler_options: ProfileOptions | None = None,
):
    """`start_trace` / `stop_trace` around a block."""
    start_trace(log_dir, create_perfetto_link, create_perfetto_trace, profiler_options)
    try:
        yield
    finally:
        stop_trace()


class TraceAnnotation(_profiler.TraceMe):
    """A named span in the trace: `with TraceAnnotation("my_label"): ...` (free when no trace
    is running)."""


class StepTraceAnnotation(TraceAnnotation):
    """A training step's span (`step_num=` names the step), as TensorBoard's step view reads."""

    def __init__(self, name: str, **kwargs):
        super().__init__(name, _r=1, **kwargs)


def annotate_function(func: Callable, name: str | None = None, **decorator_kwargs):
    """`func` wrapped in a TraceAnnotation named `name` (its qualified name by default); usable
    as `@annotate_function` or `@partial(annotate_function, name=...)` (as JAX's, not
    `@annotate_function(name=...)`)."""
    label = name or getattr(func, "__qualname__", None) or repr(func)

    @functools.wraps(func)
    def annotated(*args, **kwargs):
        with TraceAnnotation(label, **decorator_kwargs):
            return func(*args, **kwargs)

    return annotated


def start_server(port: int, requires_backend: bool = True):
    """A profiler server on `port` (TensorBoard's "capture profile" connects to it)."""
    from meshjit.compiler.runtime import client as backend

    if _state.server is not None:
        raise ProfilerError("Only one profiler server can be active at a time.")
    if requires_backend:
        backend.get_client()
    _state.server = _profiler.start_server(port)
    return _state.server


def stop_server() -> None:
    if _state.server is None:
        raise ProfilerError("No active profiler server.")
    _state.server = None  # dropping it stops it


def device_memory_profile(backend: str | None = None) -> bytes:
    """The live device buffers and executables as a pprof profile (protobuf bytes)."""
    from meshjit.compiler.runtime import client as runtime

    return runtime.get_client().heap_profile()


def save_device_memory_profile(filename, backend: str | None = None) -> None:
    with open(filename, "wb") as f:
        f.write(device_memory_profile(backend))
