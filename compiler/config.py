"""Global options, set as in JAX: `meshjit.config.update("jax_num_cpu_devices", 8)`, read as
`meshjit.config.jax_debug_nans`, and scoped by the context managers JAX has for them
(`with meshjit.numpy_rank_promotion("raise"): ...`).

Every option name of JAX 0.10.2 is accepted, so programs that set them run. meshjit implements
`jax_num_cpu_devices`, `jax_disable_jit`, `jax_debug_nans` / `jax_debug_infs`,
`jax_numpy_rank_promotion`, `jax_traceback_filtering`, `jax_enable_x64` (64-bit types; also set by
the environment variable JAX_ENABLE_X64 or MESHJIT_ENABLE_X64, read as `config.x64_enabled`, and
scoped by `with meshjit.enable_x64(True):`) and its own `xla_allow_excess_precision`;
the options in `_ONLY` take just the values meshjit's behaviour matches (another value is a clear
error: meshjit cannot honour it); the rest tune JAX's caches, logging, profiling and other
backends, and are kept with no effect.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
import re
import threading

from meshjit.compiler.errors import MeshjitAttributeError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.traceback_util import api_boundary, boundary_methods

# JAX 0.10.2's options and their defaults (`jax.config.values`; enums by their values).
_JAX_OPTIONS = {
    "check_vma": False,
    "eager_constant_folding": False,
    "jax2tf_associative_scan_reductions": False,
    "jax2tf_default_native_serialization": True,
    "jax_allow_f16_reductions": True,
    "jax_array_garbage_collection_guard": None,
    "jax_auto_pcast": True,
    "jax_backend_target": "",
    "jax_bcoo_cusparse_lowering": False,
    "jax_captured_constants_report_frames": 0,
    "jax_captured_constants_warn_bytes": 2000000000,
    "jax_check_proxy_envs": True,
    "jax_check_static_indices": False,
    "jax_check_tracer_leaks": False,
    "jax_compilation_cache_check_contents": False,
    "jax_compilation_cache_dir": None,
    "jax_compilation_cache_expect_pgle": False,
    "jax_compilation_cache_include_metadata_in_key": False,
    "jax_compilation_cache_max_size": -1,
    "jax_compiler_detailed_logging_min_ops": 10,
    "jax_compiler_enable_remat_pass": True,
    "jax_cpu_collectives_implementation": "gloo",
    "jax_cpu_enable_async_dispatch": True,
    "jax_cpu_get_global_topology_timeout_minutes": 5,
    "jax_cpu_get_local_topology_timeout_minutes": 2,
    "jax_cross_host_transfer_socket_address": "",
    "jax_cross_host_transfer_timeout_seconds": None,
    "jax_cross_host_transfer_transfer_size": None,
    "jax_cross_host_transport_addresses": "",
    "jax_cuda_visible_devices": "all",
    "jax_custom_vjp3": False,
    "jax_debug_infs": False,
    "jax_debug_key_reuse": False,
    "jax_debug_leaked_clients_on_clear_backends": False,
    "jax_debug_log_modules": "",
    "jax_debug_nans": False,
    "jax_default_device": None,
    "jax_default_matmul_precision": None,
    "jax_default_prng_impl": "threefry2x32",
    "jax_disable_bwd_checks": False,
    "jax_disable_jit": False,
    "jax_disable_most_optimizations": False,
    "jax_disable_vmap_shmap_error": False,
    "jax_disallow_mesh_context_manager": False,
    "jax_distributed_debug": False,
    "jax_dump_ir_modes": "stablehlo",
    "jax_dump_ir_to": "",
    "jax_embedded_constants_max_bytes": 32,
    "jax_enable_checks": False,
    "jax_enable_compilation_cache": True,
    "jax_enable_custom_prng": False,
    "jax_enable_pgle": False,
    "jax_enable_preemption_service": True,
    "jax_enable_recoverability": False,
    "jax_enable_x64": False,
    "jax_error_checking_behavior_divide": "ignore",
    "jax_error_checking_behavior_nan": "ignore",
    "jax_error_checking_behavior_oob": "ignore",
    "jax_exec_time_optimization_effort": 0.0,
    "jax_experimental_unsafe_xla_runtime_errors": False,
    "jax_explain_cache_misses": False,
    "jax_explicit_x64_dtypes": 1,
    "jax_export_calling_convention_version": 10,
    "jax_export_ignore_forward_compatibility": False,
    "jax_force_dcn_cross_host_transfers": False,
    "jax_high_dynamic_range_gumbel": False,
    "jax_hlo_source_file_canonicalization_regex": None,
    "jax_include_debug_info_in_dumps": True,
    "jax_include_full_tracebacks_in_locations": True,
    "jax_legacy_prng_key": "allow",
    "jax_log_checkpoint_residuals": False,
    "jax_log_compiles": False,
    "jax_logging_level": "NOTSET",
    "jax_memory_fitting_effort": 0.0,
    "jax_memory_fitting_level": "O2",
    "jax_mock_gpu_topology": "",
    "jax_mosaic_allow_hlo": False,
    "jax_mutable_array_checks": True,
    "jax_no_execution": False,
    "jax_no_tracing": False,
    "jax_num_cpu_devices": -1,
    "jax_numpy_dtype_promotion": "standard",
    "jax_numpy_rank_promotion": "allow",
    "jax_oneapi_visible_devices": "all",
    "jax_optimization_level": "UNKNOWN",
    "jax_pallas_enable_debug_checks": False,
    "jax_pallas_poison_buffers": False,
    "jax_pallas_use_mosaic_gpu": True,
    "jax_pallas_verbose_errors": False,
    "jax_persistent_cache_enable_xla_caches": "xla_gpu_per_fusion_autotune_cache_dir",
    "jax_persistent_cache_min_compile_time_secs": 1.0,
    "jax_persistent_cache_min_entry_size_bytes": 0,
    "jax_pgle_aggregation_percentile": 90,
    "jax_pgle_profiling_runs": 3,
    "jax_pjrt_client_create_options": None,
    "jax_platform_name": "",
    "jax_platforms": None,
    "jax_pprint_use_color": True,
    "jax_ragged_dot_use_gpu_pallas_triton_lowering": False,
    "jax_ragged_dot_use_ragged_dot_instruction": True,
    "jax_raise_persistent_cache_errors": False,
    "jax_random_seed_offset": 0,
    "jax_refs_to_pins": False,
    "jax_remat3": False,
    "jax_remove_custom_partitioning_ptr_from_cache_key": False,
    "jax_remove_size_one_mesh_axis_from_type": False,
    "jax_rocm_visible_devices": "all",
    "jax_scan3": False,
    "jax_send_traceback_to_runtime": "off",
    "jax_serialization_version": 0,
    "jax_share_binary_between_hosts": False,
    "jax_share_binary_between_hosts_timeout_ms": 1200000,
    "jax_softmax_custom_jvp": False,
    "jax_sort_devices_by_process_index": True,
    "jax_source_url_schema": None,
    "jax_thread_guard": False,
    "jax_threefry_gpu_kernel_lowering": False,
    "jax_threefry_partitionable": True,
    "jax_traceback_filtering": "auto",
    "jax_traceback_in_locations_limit": 100,
    "jax_tracer_error_num_traceback_frames": 5,
    "jax_transfer_guard": None,
    "jax_transfer_guard_device_to_device": None,
    "jax_transfer_guard_device_to_host": None,
    "jax_transfer_guard_host_to_device": None,
    "jax_use_direct_linearize": True,
    "jax_use_emit_pipeline_primitive": False,
    "jax_use_magma": "auto",
    "jax_use_shardy_partitioner": True,
    "jax_use_simplified_jaxpr_constants": False,
    "jax_xla_backend": "",
    "jax_xla_profile_version": 0,
    "mock_num_gpu_processes": 0,
}

# Values meshjit's behaviour matches, for options whose other values it does not implement.
_ONLY = {
    "jax_numpy_dtype_promotion": (("standard", "strict"), "JAX's promotion modes"),
    "jax_default_prng_impl": (
        ("threefry2x32", "rbg", "unsafe_rbg"),
        "meshjit.random implements threefry2x32, rbg and unsafe_rbg",
    ),
    "jax_threefry_partitionable": ((True, 1), "meshjit.random draws the partitionable bits"),
    "jax_enable_custom_prng": ((False, 0), "meshjit has no custom PRNG implementations"),
    "jax_legacy_prng_key": (("allow",), "meshjit accepts raw keys as JAX's default does"),
    "jax_platforms": ((None, "", "cpu"), "meshjit runs on the PJRT CPU client"),
    "jax_platform_name": (("", "cpu"), "meshjit runs on the PJRT CPU client"),
    "jax_use_shardy_partitioner": ((True, 1), "meshjit emits Shardy (sdy) shardings"),
    "jax_remove_size_one_mesh_axis_from_type": ((False, 0), "meshjit keeps size-1 axes in types"),
    "jax_cpu_collectives_implementation": ((None, "gloo"), "meshjit runs collectives on gloo"),
}
_RANK_PROMOTION = ("allow", "warn", "raise")
# JAX 0.10.2's enum options: (their values, whether None is one); another value is JAX's error.
_ENUMS = {
    "jax_numpy_rank_promotion": (_RANK_PROMOTION, False),
    "jax_default_prng_impl": (("threefry2x32", "threefry4x32", "rbg", "unsafe_rbg"), False),
    "jax_default_matmul_precision": (
        (
            "default", "high", "highest", "bfloat16", "tensorfloat32", "float32",
            "ANY_F8_ANY_F8_F32", "ANY_F8_ANY_F8_F32_FAST_ACCUM", "ANY_F8_ANY_F8_ANY",
            "ANY_F8_ANY_F8_ANY_FAST_ACCUM", "F16_F16_F16", "F16_F16_F32", "BF16_BF16_BF16",
            "BF16_BF16_F32", "BF16_BF16_F32_X3", "BF16_BF16_F32_X6", "BF16_BF16_F32_X9",
            "TF32_TF32_F32", "TF32_TF32_F32_X3", "F32_F32_F32", "F64_F64_F64",
        ),
        True,
    ),
}  # fmt: skip
_TRANSFER_GUARD = ("allow", "log", "disallow", "log_explicit", "disallow_explicit")


class UnknownOptionError(MeshjitValueError, AttributeError):
    """An option name neither meshjit nor JAX defines (JAX raises AttributeError)."""


@boundary_methods("update", "read")
class Config:
    """The options (one instance, `config`). `check_special` and `rank_promotion` mirror
    jax_debug_nans / jax_debug_infs and jax_numpy_rank_promotion for the paths that read
    them on every call."""

    def __init__(self):
        self._values = dict(_JAX_OPTIONS)
        self._values.update(
            jax_num_cpu_devices=_default_cpu_devices(),
            # XLA may skip the rounding of bf16/f16 intermediates (its default); meshjit turns
            # that off so a program computes what it says in every propagation mode: where
            # sharding annotations split the fusions XLA would do it in, the results differed
            # in the last bits of low-precision values (issue 14 item 15).
            xla_allow_excess_precision=False,
            jax_traceback_filtering=_env("TRACEBACK_FILTERING") or "auto",
            jax_debug_nans=_env_bool("DEBUG_NANS"),
            jax_debug_infs=_env_bool("DEBUG_INFS"),
            jax_numpy_rank_promotion=_env("NUMPY_RANK_PROMOTION") or "allow",
            jax_enable_x64=dtypes.x64_enabled,  # the environment's, read by ir/dtypes
        )
        # Each option is also an attribute (`config.jax_x`), kept by update: a plain lookup on
        # a call's path.
        self.__dict__.update(self._values)
        self.check_special = self._values["jax_debug_nans"] or self._values["jax_debug_infs"]
        # Counts the updates: a key for what was traced under the options (loop bodies).
        self.generation = 0
        self.rank_promotion = self._values["jax_numpy_rank_promotion"]
        self.no_execution = False  # jax_no_execution, read on each call's slow path
        self.key_reuse = False  # jax_debug_key_reuse, read by jit calls and key consumers

    def update(self, name: str, value) -> None:
        if name not in self._values:
            raise UnknownOptionError(
                f"Unrecognized config option: {name} (unknown option; meshjit accepts JAX "
                "0.10.2's option names, e.g. jax_num_cpu_devices, jax_debug_nans, "
                "jax_numpy_rank_promotion, and its own xla_allow_excess_precision)"
            )
        _check(name, value)
        self._values[name] = self.__dict__[name] = value
        self.generation += 1
        if name in ("jax_debug_nans", "jax_debug_infs"):
            self.check_special = bool(self._values["jax_debug_nans"]) or bool(
                self._values["jax_debug_infs"]
            )
        elif name == "jax_numpy_rank_promotion":
            self.rank_promotion = value
        elif name == "jax_enable_x64":
            _set_x64(bool(value))
        elif name == "jax_numpy_dtype_promotion":
            _set_strict_promotion(value == "strict")
        elif name == "jax_disable_jit":
            from meshjit.compiler.jit.api import set_jit_disabled

            set_jit_disabled(bool(value))
        elif name == "jax_debug_key_reuse":
            self.key_reuse = bool(value)
        elif name == "jax_no_execution":
            self.no_execution = bool(value)
            if value:  # calls then take the slow path, which refuses to run them
                from meshjit.compiler.jit.api import forget_calls

                forget_calls()

    def read(self, name: str):
        """JAX's `config.read`: only the options without a context manager (JAX refuses the
        others: they are read as attributes, `config.jax_debug_nans`)."""
        value = self._read(name)
        if name not in _READ_BY_NAME:
            raise MeshjitAttributeError(  # JAX's words
                "For flags with a corresponding contextmanager, read their value via e.g. "
                f"`config.{name}` rather than `config.FLAGS.{name}`."
            )
        return value

    def _read(self, name: str):
        if name not in self._values:
            raise UnknownOptionError(f"Unrecognized config option: {name}")
        return self._values[name]

    @property
    def x64_enabled(self) -> bool:
        """JAX's `config.x64_enabled`: whether 64-bit types are on."""
        return dtypes.x64_enabled

    @property
    def values(self) -> dict:
        return dict(self._values)


# The options JAX 0.10.2's `config.read` returns: those without a context manager (and
# meshjit's own xla_allow_excess_precision).
_READ_BY_NAME = frozenset(
    "jax_" + name
    for name in (
        "backend_target check_proxy_envs compiler_detailed_logging_min_ops "
        "cpu_enable_async_dispatch cross_host_transfer_socket_address "
        "cross_host_transfer_timeout_seconds cross_host_transfer_transfer_size "
        "cross_host_transport_addresses cuda_visible_devices disable_most_optimizations "
        "dump_ir_modes dump_ir_to enable_x64 force_dcn_cross_host_transfers "
        "include_debug_info_in_dumps mock_gpu_topology oneapi_visible_devices "
        "pallas_verbose_errors platform_name rocm_visible_devices sort_devices_by_process_index "
        "tracer_error_num_traceback_frames xla_backend"
    ).split()
) | {"mock_num_gpu_processes", "xla_allow_excess_precision"}

PRNG_IMPL_SCOPE: list = []  # the impls of the keys being drawn from, innermost last


def prng_impl_name() -> str:
    """The PRNG implementation random functions run: the one of the key a public random
    function was given (while it runs), else `jax_default_prng_impl`. Part of jit's cache key,
    as key data alone does not tell rbg from unsafe_rbg."""
    return PRNG_IMPL_SCOPE[-1] if PRNG_IMPL_SCOPE else config._values["jax_default_prng_impl"]


@contextlib.contextmanager
def prng_impl_scope(name: str):
    PRNG_IMPL_SCOPE.append(name)
    try:
        yield
    finally:
        PRNG_IMPL_SCOPE.pop()


def _env(name: str) -> str | None:
    return os.environ.get("MESHJIT_" + name) or os.environ.get("JAX_" + name)


def _default_cpu_devices() -> int:
    """The CPU device count before any `config.update`: MESHJIT_NUM_CPU_DEVICES or JAX's
    JAX_NUM_CPU_DEVICES, else XLA_FLAGS' `--xla_force_host_platform_device_count=N` (how JAX's
    docs ask for several CPU devices), else 8 (JAX's default is 1)."""
    count = _env("NUM_CPU_DEVICES")
    if count is None:
        flags = re.findall(
            r"--xla_force_host_platform_device_count=(\d+)", os.environ.get("XLA_FLAGS", "")
        )
        count = flags[-1] if flags else "8"
    return int(count)


def _env_bool(name: str) -> bool:
    return (_env(name) or "").lower() in ("1", "true", "yes", "on")


def _check(name: str, value) -> None:
    _check_enum(name, value)
    if name in _ONLY:
        accepted, why = _ONLY[name]
        if not any(value is a or (type(value) is type(a) and value == a) for a in accepted):
            raise MeshjitValueError(
                f"{name}={value!r} is not supported: {why} (accepted: "
                f"{', '.join(map(repr, accepted))})"
            )
    elif name == "jax_num_cpu_devices":
        _check_devices_not_started(value)
    elif name == "jax_default_device":
        _check_default_device(value)
    elif name.startswith("jax_transfer_guard") and value not in (None, *_TRANSFER_GUARD):
        raise MeshjitValueError(
            f'Invalid value "{value}" for JAX flag {name}: {name} must be one of '
            f"{', '.join(_TRANSFER_GUARD)}"
        )
    elif name == "jax_traceback_filtering":
        from meshjit.compiler import traceback_util

        traceback_util.check_mode(value)


def _check_enum(name: str, value) -> None:
    """JAX's words for a value its enum option `name` does not have."""
    if name == "jax_numpy_dtype_promotion" and value not in _ONLY[name][0]:
        raise MeshjitValueError(f"{value!r} is not a valid NumpyDtypePromotion ({name})")
    if name not in _ENUMS:
        return
    values, nullable = _ENUMS[name]
    if not (value in values or (nullable and value is None)):
        raise MeshjitValueError(
            f"new enum value must be {'None or ' if nullable else ''}in {list(values)}, got "
            f"{value} of type {type(value)}. ({name})"
        )


def _set_x64(enabled: bool) -> None:
    """Switches the dtype rules and forgets every trace, lowering and executable made under the
    other mode, so the next call of a jitted function (or an eager op) retraces, as in JAX."""
    if enabled == dtypes.x64_enabled:
        return
    from meshjit.compiler.jit.api import clear_caches
    from meshjit.compiler.trace import tracing

    dtypes.set_x64(enabled)
    tracing.x64_changed()
    clear_caches()


def _set_strict_promotion(strict: bool) -> None:
    """Switches dtype promotion (traces made under the other mode are forgotten, as x64's)."""
    if strict == dtypes.strict_promotion:
        return
    from meshjit.compiler.jit.api import clear_caches

    dtypes.set_strict_promotion(strict)
    clear_caches()


def _check_default_device(value):
    """As JAX's: a Device, a platform name or None (meshjit's devices are XLA's CPU devices)."""
    if value is None or value in ("cpu", "gpu", "tpu") or "Device" in str(type(value)):
        return
    raise MeshjitValueError(
        "jax.default_device must be passed either a Device object (e.g. "
        "`jax.devices('cpu')[0]`) or a platform name string like 'cpu' or 'gpu', got: "
        f"{value!r}"
    )


def _check_devices_not_started(value):
    from meshjit.compiler.runtime import client as backend

    if backend.client_started() and value != backend.get_client().device_count():
        raise MeshjitValueError(
            "jax_num_cpu_devices must be set before the first computation; the CPU client "
            f"already runs with {backend.get_client().device_count()} devices"
        )


config = Config()


_REQUIRED = object()  # an option_context whose value must be given (JAX's non-boolean options)
_UNSET = object()  # no value given (JAX's NoDefault): the option's default, if it has one


def option_context(name: str, default=True):
    """JAX's context manager for option `name` (`jax.debug_nans(True)`, ...): the option takes
    `value` inside the block and its previous value after. A boolean option's value defaults
    to True; any other option's must be given (`default=_REQUIRED`), as JAX's."""

    @contextlib.contextmanager
    def scoped_block(value):
        saved = config._read(name)
        config.update(name, value)
        try:
            yield
        finally:
            config.update(name, saved)

    @api_boundary
    def scoped(new_val=_UNSET):  # (JAX's parameter name)
        new_val = default if new_val is _UNSET else new_val
        if new_val is _REQUIRED:  # JAX's words
            raise MeshjitTypeError(
                f"Context manager for {name[len('jax_') :]} config option requires an argument "
                "representing the new value for the config option."
            )
        _check(name, new_val)  # here, so the error names the user's `with` line
        return scoped_block(new_val)

    scoped.__name__ = name[len("jax_") :]
    if name == "jax_transfer_guard":  # JAX's is a function whose value is required
        scoped.__signature__ = inspect.signature(lambda new_val: None)
    # Python's errors for its arguments name JAX's State.__call__ (transfer_guard: its own).
    qualname = "transfer_guard" if name == "jax_transfer_guard" else "State.__call__"
    scoped.__qualname__ = scoped.__wrapped__.__qualname__ = qualname
    scoped.__doc__ = f"Sets `{name}` inside the block, as JAX's context manager of that name."
    return scoped


# The context managers JAX exports at top level (`jax.numpy_rank_promotion`, ...).
CONTEXT_MANAGERS = {
    option[len("jax_") :]: option_context(option, default)
    for option, default in [
        ("jax_enable_x64", True),
        ("jax_default_matmul_precision", _REQUIRED),
        ("jax_numpy_rank_promotion", _REQUIRED),
        ("jax_numpy_dtype_promotion", _REQUIRED),
        ("jax_debug_nans", True),
        ("jax_debug_infs", True),
        ("jax_log_compiles", True),
        ("jax_transfer_guard", _REQUIRED),
        ("jax_transfer_guard_host_to_device", _REQUIRED),
        ("jax_transfer_guard_device_to_device", _REQUIRED),
        ("jax_transfer_guard_device_to_host", _REQUIRED),
        ("jax_default_device", _REQUIRED),
        ("jax_enable_checks", True),
        ("jax_check_tracer_leaks", True),
        ("jax_explain_cache_misses", True),
        ("jax_default_prng_impl", _REQUIRED),
        ("jax_threefry_partitionable", True),
        ("jax_legacy_prng_key", _REQUIRED),
        ("jax_debug_key_reuse", True),
        ("jax_softmax_custom_jvp", True),
        ("jax_no_tracing", True),
        ("jax_no_execution", True),
        ("jax_thread_guard", True),
        ("jax_array_garbage_collection_guard", _REQUIRED),
        ("jax_remove_size_one_mesh_axis_from_type", True),
        ("jax_allow_f16_reductions", True),
        ("jax_enable_custom_prng", True),
        ("jax_auto_pcast", True),
    ]
}
CONTEXT_MANAGERS["jax2tf_associative_scan_reductions"] = option_context(
    "jax2tf_associative_scan_reductions", True
)
CONTEXT_MANAGERS["checking_leaks"] = functools.partial(CONTEXT_MANAGERS["check_tracer_leaks"], True)


# ---------------------------------------------------------------------------------------------
# User contexts (`jax.make_user_context`): values that are part of jit's cache keys.

USER_CONTEXTS: list[UserConfig] = []


class UserConfig:
    """A value set with `with context(value):` (else its global value); jit traces, lowers and
    compiles again when it changes."""

    def __init__(self, default_value):
        self._global = default_value
        self._local = threading.local()  # per thread, as JAX's contexts
        USER_CONTEXTS.append(self)

    @property
    def _scoped(self) -> list:
        scoped = getattr(self._local, "values", None)
        if scoped is None:
            scoped = self._local.values = []
        return scoped

    @property
    def value(self):
        scoped = self._scoped
        return scoped[-1] if scoped else self._global

    def get_global(self):
        return self._global

    def set_global(self, new_value) -> None:
        self._global = new_value

    @contextlib.contextmanager
    def __call__(self, new_value):
        self._scoped.append(new_value)
        try:
            yield
        finally:
            self._scoped.pop()


def make_user_context(default_value=None) -> UserConfig:
    """A context whose value is part of jit's cache key (`jax.make_user_context`): under
    `with context(1):` and `with context(2):` a jitted function is traced again."""
    return UserConfig(default_value)


def user_context_values() -> tuple:
    """The values of every user context (part of jit's cache key)."""
    return tuple(c.value for c in USER_CONTEXTS)
