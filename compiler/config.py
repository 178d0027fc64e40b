"""Global options, set as in JAX: `meshjit.config.update("jax_num_cpu_devices", 8)`."""

from __future__ import annotations

import os

from meshjit.compiler.errors import MeshjitValueError


class Config:
    _DEFAULTS = {
        "jax_num_cpu_devices": lambda: int(os.environ.get("MESHJIT_NUM_CPU_DEVICES", "8")),
        "jax_enable_x64": lambda: False,
        # XLA may skip the rounding of bf16/f16 intermediates (its default); meshjit turns that
        # off so a program computes what it says in every propagation mode: where sharding
        # annotations split the fusions XLA would do it in, the results differed in the last
        # bits of low-precision values (issue 14 item 15). Read when a program is compiled.
        "xla_allow_excess_precision": lambda: False,
        "jax_traceback_filtering": lambda: _traceback_util().default_mode(),
    }

    def __init__(self):
        self._values = {name: default() for name, default in self._DEFAULTS.items()}

    def update(self, name: str, value) -> None:
        if name not in self._values:
            known = ", ".join(sorted(self._values))
            raise MeshjitValueError(f"unknown option {name!r}; known options: {known}")
        if name == "jax_enable_x64" and value:
            raise MeshjitValueError("meshjit runs with x64 off; jax_enable_x64=True is unsupported")
        if name == "jax_num_cpu_devices":
            _check_devices_not_started(value)
        if name == "jax_traceback_filtering":
            _traceback_util().check_mode(value)
        self._values[name] = value

    def __getattr__(self, name):
        values = self.__dict__.get("_values", {})
        if name in values:
            return values[name]
        raise AttributeError(name)


def _traceback_util():
    from meshjit.compiler import traceback_util

    return traceback_util


def _check_devices_not_started(value):
    from meshjit.compiler.runtime import client as backend

    if backend.client_started() and value != backend.get_client().device_count():
        raise MeshjitValueError(
            "jax_num_cpu_devices must be set before the first computation; the CPU client "
            f"already runs with {backend.get_client().device_count()} devices"
        )


config = Config()
