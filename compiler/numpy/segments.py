"""`meshjit.ops`: reductions within segments of an array's leading axis (JAX's jax.ops), as
scatters into an array of the reduction's identity."""

from __future__ import annotations

import operator

from meshjit.compiler.errors import (
    ConcretizationError,
    MeshjitTypeError,
    MeshjitValueError,
    NotConcreteError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy import creation, reductions
from meshjit.compiler.numpy.indexing import scatter_update
from meshjit.compiler.numpy.util import aval_of, check_arraylike, placed


def _segment_reduction(name: str, kind: str, reducer, empty: str):
    """One of jax.ops' segment reductions: `kind` scatters rows into an array of the
    reduction's identity (what an empty segment holds: `empty`)."""

    def reduction(
        data,
        segment_ids,
        num_segments=None,
        indices_are_sorted=False,
        unique_indices=False,
        bucket_size=None,
        mode=None,
        out_sharding=None,
    ):
        return _segment(
            name,
            kind,
            reducer,
            data=data,
            segment_ids=segment_ids,
            num_segments=num_segments,
            indices_are_sorted=indices_are_sorted,
            unique_indices=unique_indices,
            bucket_size=bucket_size,
            mode=mode,
            out_sharding=out_sharding,
        )

    reduction.__name__ = reduction.__qualname__ = name
    reduction.__doc__ = (
        f"The {kind} of `data`'s rows in each segment (`segment_ids[i]` is row i's segment; "
        f"ids outside [0, num_segments) are dropped by default); an empty segment is {empty}."
    )
    return reduction


segment_sum = _segment_reduction("segment_sum", "add", reductions.sum, "0")
segment_prod = _segment_reduction("segment_prod", "multiply", reductions.prod, "1")
segment_max = _segment_reduction(
    "segment_max", "max", reductions.max, "the dtype's lowest value (-inf for floats)"
)
segment_min = _segment_reduction(
    "segment_min", "min", reductions.min, "the dtype's highest value (inf for floats)"
)


def _identity(kind: str, dtype):
    if kind == "add":
        return 0
    if kind == "multiply":
        return 1
    if dtypes.is_bool(dtype):
        return kind == "min"
    if dtypes.is_int(dtype):
        info = dtypes.iinfo(dtype)
        return info.max if kind == "min" else info.min
    return float("inf") if kind == "min" else -float("inf")


def _segment(
    name,
    kind,
    reducer,
    *,
    data,
    segment_ids,
    num_segments,
    indices_are_sorted,
    unique_indices,
    bucket_size,
    mode,
    out_sharding,
):
    data, segment_ids = _operands(name, data, segment_ids)
    dtype = aval_of(data).dtype
    num_segments = _num_segments(name, segment_ids, num_segments)
    mode = "drop" if mode is None else mode
    hints = dict(indices_are_sorted=indices_are_sorted, unique_indices=unique_indices)
    rest = aval_of(data).shape[1:]
    if bucket_size is None:
        out = creation.full((num_segments, *rest), _identity(kind, dtype), dtype)
        out = placed(out, None, out_sharding, name)
        return scatter_update(
            kind, out, segment_ids, data, mode=mode, wrap_negative_indices=False, **hints
        )
    if out_sharding is not None:
        raise MeshjitValueError(f"{name}: out_sharding with bucket_size is not supported")
    # Each bucket of `bucket_size` rows reduced on its own, then the buckets: the partial sums
    # stay small (numerically steadier), as JAX does.
    n = aval_of(segment_ids).shape[0] if aval_of(segment_ids).ndim else 1
    buckets = -(-n // operator.index(bucket_size))
    out = creation.full((buckets, num_segments, *rest), _identity(kind, dtype), dtype)
    index = (creation.arange(n) // bucket_size, segment_ids[None, :])
    out = scatter_update(kind, out, index, data, mode=mode, wrap_negative_indices=False, **hints)
    return reducer(out, axis=0).astype(dtype)


def _operands(name, data, segment_ids):
    check_arraylike(name, data, segment_ids)
    data, segment_ids = creation.asarray(data), creation.asarray(segment_ids)
    if not dtypes.is_int(aval_of(segment_ids).dtype):
        raise MeshjitTypeError(
            f"{name}: segment_ids must be integers, got {aval_of(segment_ids).str_short()}"
        )
    return data, segment_ids


def _num_segments(name, segment_ids, num_segments) -> int:
    if num_segments is None:
        num_segments = reductions.max(segment_ids) + 1
    try:
        num_segments = operator.index(num_segments)
    except NotConcreteError:
        raise ConcretizationError(
            f"{name}: num_segments must be a concrete int: under jit, pass it (a static "
            "argument) rather than derive it from traced segment_ids"
        ) from None
    if num_segments < 0:
        raise MeshjitValueError("num_segments must be non-negative.")
    return num_segments
