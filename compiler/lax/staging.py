"""lax's staging helpers, as JAX 0.10.2's: `stage` (a value lifted into the running trace),
`dce_sink` (a use that keeps a value from dead-code elimination; with `prevent_mlir_dce`, a
side-effecting `dce_sink` custom call in the module too) and `shape_as_value` (a shape, maybe
symbolic, as an int array)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    effectful,
    jvp_rules,
    lowering_rules,
    transpose_rules,
)
from meshjit.compiler.ir.shape_poly import dimension_as_value, is_constant_shape
from meshjit.compiler.lax.ffi import ffi_lowering

__all__ = ["dce_sink", "shape_as_value", "stage"]

dce_sink_p = Primitive("dce_sink", multiple_results=True)
effectful.add(dce_sink_p)  # the point of it: dead-code elimination keeps it


@abstract_eval_rules.register(dce_sink_p)
def _dce_sink_rule(x, *, prevent_mlir_dce):
    return []


@lowering_rules.register(dce_sink_p)
def _dce_sink_lowering(ctx, x, *, prevent_mlir_dce):
    if not prevent_mlir_dce:
        return []
    return ffi_lowering("dce_sink", has_side_effect=True)(ctx, x)


jvp_rules.register(
    dce_sink_p, lambda primals, tangents, **params: (dce_sink_p.bind(*primals, **params), [])
)
transpose_rules.register(dce_sink_p, lambda cts, x, **params: [None])
batching_rules.register(
    dce_sink_p, lambda args, dims, **params: (dce_sink_p.bind(*args, **params), [])
)


def dce_sink(val, *, prevent_mlir_dce: bool = False) -> None:
    """Keeps every array of the pytree `val` alive through dead-code elimination."""
    from meshjit.compiler.tree_util import tree_leaves

    for leaf in tree_leaves(val):
        dce_sink_p.bind(leaf, prevent_mlir_dce=bool(prevent_mlir_dce))


def stage(x, /):
    """`x` lifted into the running trace (a traced constant), or a device array outside one."""
    from meshjit.compiler.numpy.util import materialize  # a later package

    return materialize(x)


def shape_as_value(shape):
    """A shape as a 1-d int32 array (int64 under x64 for large dims): a NumPy array for a
    constant shape, a traced one for a symbolic shape."""
    from meshjit.compiler.lax import shapes  # a later family

    big = any(isinstance(d, int) and d >= 2**31 for d in shape)
    dtype = dtypes.int64 if big and dtypes.x64_enabled else dtypes.int32
    if len(shape) == 0:
        return shapes.full((0,), np.array(0, dtype))
    if is_constant_shape(shape):
        return np.asarray(shape, dtype)
    dims = [shapes.reshape(dimension_as_value(d), (1,)) for d in shape]
    return shapes.concatenate(dims, 0)
