"""meshjit.experimental.pallas.triton (as `jax.experimental.pallas.triton`): what GPU kernels
name, for running them in interpret mode."""

from meshjit.compiler.pallas.triton import (
    CompilerParams,
    approx_tanh,
    atomic_add,
    atomic_max,
    atomic_min,
    atomic_xchg,
    debug_barrier,
    dot,
    load,
    max_contiguous,
    store,
)

__all__ = [
    "CompilerParams",
    "approx_tanh",
    "atomic_add",
    "atomic_max",
    "atomic_min",
    "atomic_xchg",
    "debug_barrier",
    "dot",
    "load",
    "max_contiguous",
    "store",
]
