"""The PJRT CPU client from jaxlib: its devices, compiling a module for a device list, and
copying host values to devices (`put_shards`, the one place that calls batched_device_put)."""

from __future__ import annotations

import collections
import contextlib
import logging
import threading
from typing import Sequence

import numpy as np
from jaxlib import _jax, xla_client

from meshjit.compiler.config import config
from meshjit.compiler.errors import MeshjitError, MeshjitRuntimeError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.runtime import compilation_cache, monitoring

_lock = threading.Lock()
_client = None


class JaxRuntimeError(MeshjitError, RuntimeError):
    """XLA refused to compile a module (an unknown compiler option, ...): JAX's name for the
    runtime's errors."""


CompileError = JaxRuntimeError  # meshjit's earlier name


def client_started() -> bool:
    return _client is not None


def get_client():
    global _client
    if _client is None:
        with _lock:
            if _client is None:
                from meshjit.compiler.config import config
                from meshjit.compiler.runtime import distributed

                # After distributed.initialize: this process's devices joined with the others'.
                register_cpu_targets()
                _client = xla_client.make_cpu_client(
                    num_devices=config.jax_num_cpu_devices, **distributed.client_options()
                )
    return _client


def register_cpu_targets() -> None:
    """The CPU custom-call targets jaxlib ships (LAPACK, as `lapack_*` / `lapack_*_ffi`), so
    modules calling them (JAX's linalg, meshjit.numpy.linalg) run; the FFI ones are batch
    partitionable, as JAX registers them."""
    from jaxlib import lapack

    for platform, targets in lapack.registrations().items():
        for name, fn, api_version in targets:
            xla_client.register_custom_call_target(name, fn, platform, api_version)
    for name in lapack.batch_partitionable_targets():
        xla_client.register_custom_call_as_batch_partitionable(name)


def devices(backend=None) -> list:
    check_backend(backend)
    return list(get_client().devices())


_PLATFORMS = ("cpu", "gpu", "cuda", "rocm", "tpu", "METAL")


def check_backend(backend) -> None:
    """meshjit runs on the CPU: another backend (a name, as JAX's `backend=` takes) is
    JAX's RuntimeError."""
    name = getattr(backend, "platform", backend)
    if name is not None and name not in _PLATFORMS:  # JAX's words for a name it does not know
        raise MeshjitRuntimeError(f"Unknown backend {name}. Available backends are ['cpu']")
    if name is not None and name != "cpu":
        raise MeshjitRuntimeError(
            f"Unknown backend: '{name}' requested, but no platforms that are instances of "
            f"{name} are present. Platforms present are: cpu"
        )


def default_device():
    """The device of uncommitted values: `jax_default_device`'s (`jax.default_device(d)`),
    else the first local device (a platform name names the CPU client's, or is rejected)."""
    chosen = config.jax_default_device
    if chosen is None or isinstance(chosen, str):
        check_backend(chosen)
        return get_client().local_devices()[0]
    return chosen


def compile_options(
    device_ids: Sequence[int], overrides: Sequence = ()
) -> xla_client.CompileOptions:
    opts = xla_client.CompileOptions()
    opts.num_replicas = 1
    opts.num_partitions = len(device_ids)
    build = opts.executable_build_options
    build.use_spmd_partitioning = True
    build.use_shardy_partitioner = True
    opts.env_option_overrides = [
        ("xla_allow_excess_precision", bool(config.xla_allow_excess_precision)),
        *overrides,
    ]
    opts.device_assignment = xla_client.DeviceAssignment.create(
        np.asarray(device_ids, dtype=np.int64).reshape(1, len(device_ids))
    )
    return opts


_LAPACK_READY = []


def _ensure_lapack(module_text: str | bytes) -> None:
    """Binds the LAPACK routines jaxlib's targets call (scipy's) before the first module that
    calls one: only then, as binding them early can hang the interpreter's exit."""
    marker = b"lapack_" if isinstance(module_text, bytes) else "lapack_"
    if not _LAPACK_READY and marker in module_text:
        from jaxlib import lapack

        lapack._lapack.initialize()
        _LAPACK_READY.append(True)


def compile_module(
    module_text: str | bytes,
    device_list: Sequence,
    host_callbacks: Sequence = (),
    compiler_options: Sequence = (),
    fun_name: str | None = None,
) -> object:
    """Compiles StableHLO text or bytecode for `device_list` (in mesh order); `host_callbacks`:
    the Python functions its callback custom calls name by index; `compiler_options`: XLA's
    options as (name, value) pairs (jit's `compiler_options`); `fun_name`: as the compile's
    monitoring event names it (`jit(f)`)."""
    _ensure_lapack(module_text)
    opts = compile_options([d.id for d in device_list], compiler_options)
    compilation_cache.note_compile_request()
    key = None if host_callbacks else _compile_key(module_text, device_list, opts)
    loaded = _shared_executable(key)
    if loaded is not None:
        return loaded
    devices = xla_client.DeviceList(tuple(device_list))
    named = {} if fun_name is None else {"fun_name": fun_name}
    with monitoring.timed(monitoring.BACKEND_COMPILE_EVENT, **named):
        loaded = _compile(module_text, devices, opts, host_callbacks)
    if key is not None:
        with _EXECUTABLES_LOCK:
            _EXECUTABLES[key] = loaded
            if len(_EXECUTABLES) > _EXECUTABLES_KEPT:
                _EXECUTABLES.popitem(last=False)
    return loaded


# XLA's executables by module, devices and options (as JAX's compilation cache): separate jit
# objects (or eager ops) that lower to the same program share one compile. A module with host
# callbacks is never shared: its executable is bound to those Python functions.
_EXECUTABLES: collections.OrderedDict = collections.OrderedDict()
_EXECUTABLES_KEPT = 512
_EXECUTABLES_LOCK = threading.Lock()


def _shared_executable(key):
    if key is None:
        return None
    with _EXECUTABLES_LOCK:
        loaded = _EXECUTABLES.get(key)
        if loaded is not None:
            _EXECUTABLES.move_to_end(key)
        return loaded


def _compile_key(module_text, device_list, opts) -> tuple:
    text = module_text if isinstance(module_text, bytes) else module_text.encode()
    options = tuple((name, repr(value)) for name, value in opts.env_option_overrides)
    return text, tuple(d.id for d in device_list), options


def clear_executables() -> None:
    """Forgets the shared executables (`meshjit.clear_caches`)."""
    with _EXECUTABLES_LOCK:
        _EXECUTABLES.clear()


def _compile(module_text, devices, opts, host_callbacks):
    try:
        if host_callbacks:  # only the overload taking an MLIR module takes callbacks
            from jaxlib.mlir import ir

            from meshjit.dialects.context import shared_context

            with shared_context():
                module = ir.Module.parse(module_text)
            return get_client().compile_and_load(
                module, devices, opts, host_callbacks=list(host_callbacks)
            )
        return get_client().compile_and_load(module_text, devices, opts)
    except Exception as e:  # XLA reports errors as JaxRuntimeError / XlaRuntimeError
        raise JaxRuntimeError(f"XLA failed to compile the module: {e}") from None


_REPLICATED: dict[tuple, _jax.GSPMDSharding] = {}


def replicated_sharding(device_list: Sequence) -> _jax.GSPMDSharding:
    # One object per device tuple: jaxlib compares these by identity (without jax's Python
    # methods), so arrays made here are recognised on dispatch by a cheap `is`.
    key = tuple(device_list)
    sharding = _REPLICATED.get(key)
    if sharding is None:
        sharding = _REPLICATED[key] = _jax.GSPMDSharding(
            xla_client.DeviceList(key), xla_client.HloSharding.replicate()
        )
    return sharding


class _Transfers(threading.local):
    explicit = 0  # inside jax.device_put: an explicit transfer
    internal = 0  # a reshard through the host: a device-to-device transfer for the guard


_transfers = _Transfers()


@contextlib.contextmanager
def transfer_kind(kind: str):
    """Host-to-device copies in the block are `kind` ("explicit": jax.device_put's; "internal":
    a reshard through the host, which the host-to-device guard does not see)."""
    setattr(_transfers, kind, getattr(_transfers, kind) + 1)
    try:
        yield
    finally:
        setattr(_transfers, kind, getattr(_transfers, kind) - 1)


def _guard_host_to_device(aval, devices) -> None:
    """JAX's transfer guard for host-to-device copies (`jax.transfer_guard(level)`): implicit
    ones (jit arguments, jnp.array of host data, Python scalars) are refused by "disallow",
    explicit ones (jax.device_put) only by "disallow_explicit"; the log levels log them."""
    level = config.jax_transfer_guard_host_to_device or config.jax_transfer_guard
    if level is None or level == "allow" or _transfers.internal:
        return
    if _transfers.explicit and not level.endswith("_explicit"):
        return
    message = f"host-to-device transfer: aval={aval!r}, dst_sharding={_destination(devices)}"
    if level.startswith("disallow"):
        raise JaxRuntimeError(f"INVALID_ARGUMENT: Disallowed {message}")
    logging.getLogger("meshjit").warning(message)


def _destination(devices) -> str:
    """The destination as JAX's guard names a single device's; several devices by count."""
    if len(devices) == 1:
        return f"SingleDeviceSharding(device={devices[0]!r}, memory_kind=device)"
    return f"{len(devices)} devices"


def put_shards(aval, sharding, shards: list, devices: list):
    """One runtime array laid out by `sharding` from host pieces: `shards[i]` on `devices[i]`."""
    if config.jax_transfer_guard_host_to_device or config.jax_transfer_guard:  # none: allowed
        _guard_host_to_device(aval, devices)
    return _jax.batched_device_put(
        aval, sharding, shards, devices, committed=True, enable_x64=dtypes.x64_enabled
    )


def put_replicated(value: np.ndarray, aval, sharding, devices: list):
    """`value` copied to each of `devices`, the devices of the replicated `sharding`."""
    return put_shards(aval, sharding, [value] * len(devices), devices)


def device_put_replicated(value: np.ndarray, aval, device_list: Sequence):
    """One host array copied to every device of `device_list` as one replicated array."""
    return put_replicated(value, aval, replicated_sharding(device_list), list(device_list))


def result_handler(aval, sharding):
    return _jax.array_result_handler(aval, sharding, True, _skip_checks=True)


Device = _jax.Device  # the class of meshjit.devices()' entries (jax.Device)


def default_backend() -> str:
    """The platform meshjit runs on: "cpu" (the PJRT CPU client)."""
    return "cpu"


def print_environment_info(return_string: bool = False):
    """Versions and devices, as `jax.print_environment_info`."""
    import platform
    import sys

    import jaxlib
    import numpy

    from meshjit import __version__

    lines = [
        f"meshjit:    {__version__}",
        f"jaxlib:     {jaxlib.__version__}",
        f"numpy:      {numpy.__version__}",
        f"python:     {sys.version}",
        f"device info: cpu-{len(devices())}, {len(devices())} local devices",
        "process_count: 1",
        f"platform: {platform.uname()}",
    ]
    text = "\n".join(lines)
    if return_string:
        return text
    print(text)
    return None
