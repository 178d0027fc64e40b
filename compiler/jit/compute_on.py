"""`compute_on(compute_type)` (jax.experimental.compute_on): runs what is traced under it on
the host ("device_host") or the device. On meshjit's CPU client both are the same processor:
the ops traced under "device_host" carry JAX's `_xla_compute_type = "host"` frontend attribute
(as xla_metadata's pairs), which XLA:CPU runs in place; the compute type is checked as JAX
checks it."""

from __future__ import annotations

import contextlib

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError

_COMPUTE_TYPES = ("device_host", "device", "tpu_sparsecore")


@contextlib.contextmanager
def compute_on(compute_type: str):
    """A context manager (or decorator) naming where the computations traced inside run."""
    if not isinstance(compute_type, str):
        raise MeshjitTypeError("`compute_on`'s compute_type argument must be a string.")
    if compute_type not in _COMPUTE_TYPES and not compute_type.startswith("gpu_stream:"):
        raise MeshjitValueError(
            f"Invalid compute type {compute_type}. Current supported values are "
            "`device_host`, `device`, `tpu_sparsecore`, and `gpu_stream:#`."
        )
    if compute_type != "device_host":
        yield
        return
    from meshjit.compiler.lax.xla_metadata import XlaMetadataContextManager  # a later family

    with XlaMetadataContextManager({"_xla_compute_type": "host"}):
        yield
