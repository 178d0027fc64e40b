"""Windowed reductions (reduce_window sum/max/min) and cumulative ops (cumsum, cumprod, ...).

The primitives with all their rules (abstract eval, lowering, jvp, transpose) and the lax
wrappers. `padtype_to_pads` and `window_output_shape` are shared with convolution.py.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler import lowering_dims as dims_lowering
from meshjit.compiler.errors import (
    MeshjitOverflowError,
    MeshjitRuntimeError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.shape_poly import max_dim
from meshjit.compiler.ir.sharding_rules import ShardingTypeError, sliced, spec_of
from meshjit.compiler.lax import ad_util, elementwise, gather_scatter, reductions, shapes, slicing
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.ad_util import aval_of, inline, linear_jvp, zeros_like_aval
from meshjit.compiler.lax.batching import moveaxis
from meshjit.compiler.lax.shapes import unpad
from meshjit.compiler.lowering import LoweringRuleContext, constant, emit
from meshjit.compiler.traceback_util import unwrap

# ---------------------------------------------------------------------------------------------
# Window geometry, shared with convolutions.

PADDING_STRINGS = ("SAME", "SAME_LOWER", "VALID")


def dilate_dim(size: int, dilation: int) -> int:
    """As JAX's `core.dilate_dim`: an undilated size is returned as it is (a NumPy integer
    stays one: stax's output shapes show it)."""
    if dilation == 1:
        return size
    return max(1 + dilation * (size - 1), 0)


def padtype_to_pads(in_shape, window_shape, window_strides, padding: str) -> list[tuple[int, int]]:
    """'SAME' / 'SAME_LOWER' / 'VALID' as a list of explicit (low, high) pairs, as JAX's (an
    unknown padding string is JAX's RuntimeError)."""
    kind = padding.upper() if isinstance(padding, str) else padding
    if kind not in PADDING_STRINGS:
        raise MeshjitRuntimeError(
            f"Unrecognized padding type: expected 'VALID', 'SAME', or 'SAME_LOWER', got {padding}."
        )
    if kind == "VALID":
        return [(0, 0)] * len(in_shape)
    pads = []
    for size, window, stride in zip(in_shape, window_shape, window_strides):
        out = -(-size // stride)
        total = max((out - 1) * stride + window - size, 0)
        low = total // 2 if kind == "SAME" else total - total // 2
        pads.append((int(low), int(total - low)))
    return pads


def explicit_pads(name: str, padding, rank: int) -> tuple[tuple[int, int], ...]:
    """Validates a sequence of (low, high) pairs of length `rank`."""
    try:
        pads = tuple((int(lo), int(hi)) for lo, hi in padding)
    except (TypeError, ValueError):
        raise MeshjitTypeError(
            f"{name}: padding must be a string or a sequence of (low, high) int pairs, got "
            f"{padding!r}"
        ) from None
    if len(pads) != rank and name.startswith("conv"):
        raise MeshjitTypeError(  # JAX's words
            f"Wrong number of explicit pads for convolution: expected {rank}, got {len(pads)}."
        )
    if len(pads) != rank:
        raise MeshjitValueError(
            f"{name}: padding {pads} has {len(pads)} entries but the window has {rank} dimensions"
        )
    return pads


def window_output_shape(name, in_shape, window, strides, padding, base_dilation, window_dilation):
    """The size of a strided, padded, dilated window sweep over `in_shape`, per dimension."""
    out = []
    for i, (size, win, stride, (lo, hi), bd, wd) in enumerate(
        zip(in_shape, window, strides, padding, base_dilation, window_dilation)
    ):
        padded = dilate_dim(size, bd) + lo + hi
        span = dilate_dim(win, wd)
        if padded < 0:
            raise MeshjitValueError(f"{name}: padding {(lo, hi)} leaves dimension {i} negative")
        out.append(max_dim((padded - span) // stride + 1, 0))  # JAX's core.stride_dim
    return tuple(out)


def positive_ints(name: str, what: str, values, rank: int) -> tuple[int, ...]:
    """`values` (or all ones when None) as a tuple of `rank` positive ints (window_strides may
    hold non-positive ones: its caller words that error as JAX does)."""
    if values is None:
        return (1,) * rank
    try:
        values = tuple(int(v) for v in values)
    except TypeError:
        raise MeshjitTypeError(
            f"{name}: {what} must be a sequence of ints, got {values!r}"
        ) from None
    if len(values) != rank:
        raise MeshjitValueError(
            f"{name}: {what} {values} has {len(values)} entries, expected {rank}"
        )
    if any(v < 1 for v in values) and name.startswith("conv") and what.endswith("dilation"):
        raise MeshjitTypeError(f"All dilations must be positive, got {values}.")  # JAX's words
    if (
        any(v < 1 for v in values)
        and name.startswith("reduce_window")
        and what == "window_dimensions"
    ):
        raise MeshjitTypeError(  # JAX's words (fuzz seed 320067: a 0 window on a 0-size dim)
            f"reduce_window window_dimensions must have every element be strictly positive, "
            f"got {values}."
        )
    if any(v < 1 for v in values) and what != "window_strides":
        raise MeshjitValueError(f"{name}: {what} must be positive, got {values}")
    return values


def dense_pads(pads) -> ir.DenseIntElementsAttr:
    return ir.DenseIntElementsAttr.get(np.asarray(pads, np.int64).reshape(len(pads), 2))


# ---------------------------------------------------------------------------------------------
# reduce_window_{sum,max,min}: the monoid reductions; their init is the monoid's identity.

_WINDOW_KINDS = {"sum": "fic", "prod": "fic", "max": "fibc", "min": "fibc"}
reduce_window_p = {k: Primitive(f"reduce_window_{k}") for k in _WINDOW_KINDS}
reduce_window_sum_p = reduce_window_p["sum"]
reduce_window_max_p = reduce_window_p["max"]
reduce_window_min_p = reduce_window_p["min"]


def _reduce_window_rule(
    kind, x, *, window_dimensions, window_strides, padding, base_dilation, window_dilation
):
    name = f"reduce_window_{kind}"
    checks.dtype_in(name, x, _WINDOW_KINDS[kind])
    if len(window_dimensions) != x.ndim:
        raise MeshjitValueError(
            f"{name}: window_dimensions {window_dimensions} has {len(window_dimensions)} "
            f"entries but the operand {x.str_short()} has rank {x.ndim}"
        )
    shape = window_output_shape(
        name, x.shape, window_dimensions, window_strides, padding, base_dilation, window_dilation
    )
    return ShapedArray(shape, x.dtype, x.weak_type)


for _kind, _prim in reduce_window_p.items():
    abstract_eval_rules.register(_prim)(functools.partial(_reduce_window_rule, _kind))

_MONOIDS = {
    "sum": (hlo.AddOp, lambda d: np.zeros((), d)),
    "prod": (hlo.MulOp, lambda d: np.ones((), d)),
    "max": (hlo.MaxOp, dtypes.lowest),
    "min": (hlo.MinOp, dtypes.highest),
}


_COMPLEX_ORDER = {"max": "GT", "min": "LT"}


def emit_reduce_window(ctx: LoweringRuleContext, x, kind, window, strides, pads, base, wdil):
    """Emits stablehlo.reduce_window of `x` with the `kind` monoid (its identity as init)."""
    builder, identity = _MONOIDS[kind]
    dtype = ctx.avals_in[0].dtype
    init = constant(ctx.module_ctx, identity(dtype))
    if not dims_lowering.is_static((*window, *itertools.chain(*pads))):
        return _dynamic_reduce_window(ctx, x, kind, init, window, strides, pads, base, wdil)
    op = hlo.ReduceWindowOp(
        [ctx.result_type],
        [x],
        [init],
        list(window),
        window_strides=list(strides),
        base_dilations=list(base),
        window_dilations=list(wdil),
        padding=dense_pads(pads),
    )
    scalar = ctx.module_ctx.types.tensor((), dtype)
    _monoid_body(op.body.blocks.append(scalar, scalar), kind, dtype, hlo.ReturnOp)
    return op.result


def _monoid_body(block, kind, dtype, returner) -> None:
    builder = _MONOIDS[kind][0]
    with ir.InsertionPoint(block):
        if dtypes.is_complex(dtype) and kind in _COMPLEX_ORDER:  # lexicographic, as JAX's max
            combined = elementwise.complex_extremum(*block.arguments, _COMPLEX_ORDER[kind])
        else:
            combined = builder(*block.arguments).result
        returner([combined])


def _dynamic_reduce_window(ctx, x, kind, init, window, strides, pads, base, wdil):
    """A window or padding of symbolic sizes (shape polymorphism): JAX's
    `stablehlo.dynamic_reduce_window` custom call, its sizes operands and its reducer a
    function; refining the shapes makes it a reduce_window."""
    from jaxlib.mlir.dialects import func

    mctx, dtype = ctx.module_ctx, ctx.avals_in[0].dtype
    scalar = mctx.types.tensor((), dtype)
    name = mctx.unique_symbol(f"reduce_window_{dtype.name}_reducer")
    with ir.InsertionPoint(mctx.module.body), ir.Location.unknown():
        reducer = func.FuncOp(name, ir.FunctionType.get([scalar, scalar], [scalar]))
        reducer.attributes["sym_visibility"] = ir.StringAttr.get("private")
        _monoid_body(reducer.add_entry_block(), kind, dtype, func.ReturnOp)
    sizes = [dims_lowering.shape_tensor(mctx, v) for v in (window, strides, base, wdil)]
    flat = dims_lowering.shape_tensor(mctx, list(itertools.chain(*pads)))
    pad_type = mctx.types.tensor((len(pads), 2), dims_lowering.dim_dtype())
    padding = hlo.ReshapeOp(pad_type, flat).result
    attrs = {
        "call_target_name": ir.StringAttr.get("stablehlo.dynamic_reduce_window"),
        "api_version": ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 2),
        "called_computations": ir.ArrayAttr.get([ir.FlatSymbolRefAttr.get(name)]),
    }
    operands = [x, init, *sizes, padding]
    return emit("stablehlo.custom_call", [ctx.result_type], operands, attrs).result


def _reduce_window_lowering(
    kind, ctx, x, *, window_dimensions, window_strides, padding, base_dilation, window_dilation
):
    return emit_reduce_window(
        ctx, x, kind, window_dimensions, window_strides, padding, base_dilation, window_dilation
    )


for _kind, _prim in reduce_window_p.items():
    lowering_rules.register(_prim, functools.partial(_reduce_window_lowering, _kind))

# ---------------------------------------------------------------------------------------------
# lax wrappers for windowed reductions.

_COMPUTATIONS = {
    elementwise.add: "sum",
    elementwise.mul: "prod",
    elementwise.max: "max",
    elementwise.min: "min",
}


def _computation_kind(computation, dtype=None):
    """lax.add / mul / max / min, their meshjit.numpy spellings, or (given the operand's
    `dtype`) any callable that traces to one of them on its two arguments (lambda a, b: a + b)."""
    computation = unwrap(computation)
    kind = _COMPUTATIONS.get(computation)
    if kind is None:
        from meshjit.compiler import numpy as jnp  # numpy/ sits above lax/

        spellings = {jnp.add: "sum", jnp.multiply: "prod", jnp.maximum: "max", jnp.minimum: "min"}
        kind = spellings.get(computation)
    if kind is None and dtype is not None and callable(computation):
        kind = _traced_kind(computation, dtype)
    return kind


_TRACED_KINDS = {"add": "sum", "mul": "prod", "max": "max", "min": "min"}


def _traced_kind(computation, dtype):
    """The monoid `computation` is on two scalars of `dtype` when its jaxpr is that one op on
    both arguments; else None."""
    from meshjit.compiler.trace.jaxprs import trace_to_jaxpr  # trace/ sits above lax/

    scalar = ShapedArray((), dtype)
    try:
        closed = trace_to_jaxpr(lambda a, b: [computation(a, b)], [scalar, scalar])
    except Exception:  # noqa: BLE001  (not a scalar computation: reported as unsupported)
        return None
    jaxpr = closed.jaxpr
    if closed.consts or len(jaxpr.eqns) != 1:
        return None
    (eqn,) = jaxpr.eqns
    kind = _TRACED_KINDS.get(eqn.primitive.name)
    if kind is None or eqn.params or len(eqn.invars) != 2:
        return None
    ids = [id(v) for v in eqn.invars]
    if set(ids) != {id(v) for v in jaxpr.invars} or len(set(ids)) != 2:
        return None
    if [id(v) for v in jaxpr.outvars] != [id(v) for v in eqn.outvars]:
        return None
    if eqn.outvars[0].aval.dtype != dtype:
        return None
    return kind


def _window_params(
    name, aval, window_dimensions, window_strides, padding, base_dilation, window_dilation
):
    rank = aval.ndim
    if window_dimensions is not None and len(tuple(window_dimensions)) != rank:
        raise MeshjitTypeError(  # JAX's words
            "reduce_window got the wrong number of window_dimensions for operand: got operand "
            f"shape {aval.shape} with window_dimensions {tuple(window_dimensions)}."
        )
    window = positive_ints(name, "window_dimensions", window_dimensions, rank)
    if window_strides is not None and len(tuple(window_strides)) != rank:
        raise MeshjitTypeError(  # JAX's words
            "reduce_window got inconsistent window_strides and window_dimensions: got "
            f"window_strides {tuple(window_strides)} and window_dimensions {window}."
        )
    strides = positive_ints(name, "window_strides", window_strides, rank)
    if any(s < 1 for s in strides):
        raise MeshjitTypeError(  # JAX's words
            "reduce_window window_strides must have every element be strictly positive, got "
            f"{strides}."
        )
    for what, values in (("base_dilation", base_dilation), ("window_dilation", window_dilation)):
        if values is not None and len(tuple(values)) != rank:
            raise MeshjitTypeError(  # JAX's words
                f"reduce_window got inconsistent {what} and window_dimensions: got {what} "
                f"{tuple(values)} and window_dimensions {window}."
            )
        if values is not None and any(int(v) < 1 for v in values):
            raise MeshjitTypeError(f"All dilations must be positive, got {tuple(values)}.")
    base = positive_ints(name, "base_dilation", base_dilation, rank)
    wdil = positive_ints(name, "window_dilation", window_dilation, rank)
    if isinstance(padding, str):
        spans = [dilate_dim(w, d) for w, d in zip(window, wdil)]
        pads = tuple(padtype_to_pads(aval.shape, spans, strides, padding))
    else:
        pads = explicit_pads(name, padding, rank)
    return {
        "window_dimensions": window,
        "window_strides": strides,
        "padding": pads,
        "base_dilation": base,
        "window_dilation": wdil,
    }


def _window_reduction(
    kind,
    operand,
    window_dimensions,
    window_strides=None,
    padding="VALID",
    base_dilation=None,
    window_dilation=None,
):
    aval = ad_util.aval_of(operand)
    name = f"reduce_window_{kind} of {aval.str_short()}"
    params = _window_params(
        name, aval, window_dimensions, window_strides, padding, base_dilation, window_dilation
    )
    return reduce_window_p[kind].bind(operand, **params)


def _named_window_reduction(kind: str):
    def reduction(
        operand,
        window_dimensions,
        window_strides=None,
        padding="VALID",
        base_dilation=None,
        window_dilation=None,
    ):
        return _window_reduction(
            kind,
            operand,
            window_dimensions,
            window_strides,
            padding,
            base_dilation,
            window_dilation,
        )

    reduction.__name__ = reduction.__qualname__ = f"reduce_window_{kind}"
    reduction.__doc__ = f"The windowed {kind} of `operand` (lax.reduce_window with {kind})."
    return reduction


reduce_window_sum = _named_window_reduction("sum")
reduce_window_max = _named_window_reduction("max")
reduce_window_min = _named_window_reduction("min")


def reduce_window(
    operand,
    init_value,
    computation,
    window_dimensions,
    window_strides=None,
    padding="VALID",
    base_dilation=None,
    window_dilation=None,
):
    """JAX's reduce_window for computation in (lax.add, lax.mul, lax.max, lax.min), or a
    function of two scalars that is one of them (lambda a, b: a + b, jnp.maximum ...).

    As XLA evaluates it, padding and base-dilation holes take no part and `init_value` is folded
    in once per window: a non-identity init is applied to the monoid reduction's result.
    """
    aval = ad_util.aval_of(operand)
    kind = _computation_kind(computation, aval.dtype)
    if kind is None:
        shown = getattr(computation, "__name__", repr(computation))
        raise MeshjitTypeError(
            f"reduce_window: unsupported computation {shown}; meshjit supports lax.add, lax.mul, "
            "lax.max and lax.min (or a function of two scalars computing one of them)"
        )
    init_shape = np.shape(init_value) if not hasattr(init_value, "aval") else init_value.shape
    if init_shape != ():
        raise MeshjitTypeError(  # JAX's words
            "reduce_window expected init_values to be scalars but init_values have shapes "
            f"[{tuple(init_shape)}]."
        )
    init = elementwise.convert_element_type(init_value, aval.dtype)
    params = _window_params(
        f"reduce_window of {aval.str_short()}",
        aval,
        window_dimensions,
        window_strides,
        padding,
        base_dilation,
        window_dilation,
    )
    if _is_identity(kind, init, aval.dtype):
        return reduce_window_p[kind].bind(operand, **params)
    return computation(reduce_window_p[kind].bind(operand, **params), init)


def _is_identity(kind, init, dtype) -> bool:
    if not isinstance(init, (np.ndarray, np.generic)):
        return False
    return bool(np.asarray(init) == _MONOIDS[kind][1](dtype))


# ---------------------------------------------------------------------------------------------
# Cumulative reductions: cumsum, cumprod, cummax, cummin (params axis, reverse).

_CUMULATIVE_KINDS = {
    "cumsum": ("sum", "fic"),
    "cumprod": ("prod", "fic"),
    "cummax": ("max", "fic"),
    "cummin": ("min", "fic"),
}
cumulative_p = {name: Primitive(name) for name in _CUMULATIVE_KINDS}
cumsum_p, cumprod_p = cumulative_p["cumsum"], cumulative_p["cumprod"]
cummax_p, cummin_p = cumulative_p["cummax"], cumulative_p["cummin"]


def _cumulative_rule(name, x, *, axis, reverse):
    checks.dtype_in(name, x, _CUMULATIVE_KINDS[name][1])
    if not 0 <= axis < max(x.ndim, 1) or x.ndim == 0:
        raise MeshjitValueError(f"{name}: axis {axis} is out of range for {x.str_short()}")
    return x


for _name, _prim in cumulative_p.items():
    abstract_eval_rules.register(_prim)(functools.partial(_cumulative_rule, _name))


def _cumulative_lowering(name, ctx: LoweringRuleContext, x, *, axis, reverse):
    # A window as long as the axis, padded on one side, so output i sees inputs [0, i] (or
    # [i, n) when reversed). XLA CPU turns this into an efficient scan.
    shape = ctx.avals_in[0].shape
    rank, n = len(shape), shape[axis]
    window = [1] * rank
    window[axis] = n
    pads = [(0, 0)] * rank
    pads[axis] = (0, n - 1) if reverse else (n - 1, 0)
    ones = [1] * rank
    kind = _CUMULATIVE_KINDS[name][0]
    if n == 0:
        return x
    return emit_reduce_window(ctx, x, kind, window, ones, pads, ones, ones)


for _name, _prim in cumulative_p.items():
    lowering_rules.register(_prim, functools.partial(_cumulative_lowering, _name))


def _cumulative(name, operand, axis=0, reverse=False):
    aval = ad_util.aval_of(operand)
    if aval.ndim == 0:
        raise MeshjitValueError(f"{name} needs an array of rank >= 1, got {aval.str_short()}")
    axis = checks.canonical_axis(axis, aval.ndim, f"{name} axis")
    if dtypes.is_bool(aval.dtype):
        raise MeshjitTypeError(  # JAX's words
            f"{name} does not accept dtype bool. Accepted dtypes are subtypes of number. (got "
            f"{aval.str_short()})"
        )
    return cumulative_p[name].bind(operand, axis=axis, reverse=bool(reverse))


def cumsum(operand, axis: int = 0, reverse: bool = False):
    return _cumulative("cumsum", operand, axis, reverse)


def cumprod(operand, axis: int = 0, reverse: bool = False):
    return _cumulative("cumprod", operand, axis, reverse)


def cummax(operand, axis: int = 0, reverse: bool = False):
    return _cumulative("cummax", operand, axis, reverse)


def cummin(operand, axis: int = 0, reverse: bool = False):
    return _cumulative("cummin", operand, axis, reverse)


__all__ = [
    "cummax",
    "cummin",
    "cumprod",
    "cumsum",
    "padtype_to_pads",
    "reduce_window",
    "reduce_window_max",
    "reduce_window_min",
    "reduce_window_sum",
]


# ---------------------------------------------------------------------------------------------
# Cumulative reductions: jvp and transpose.

linear_jvp(cumsum_p)


@transpose_rules.register(cumsum_p)
def _cumsum_transpose(ct, x, *, axis, reverse):
    return [cumsum_p.bind(ct, axis=axis, reverse=not reverse)]


def _forward_only(rule):
    """Runs a rule written for reverse=False on reversed data when reverse=True."""

    def wrapped(primals, tangents, *, axis, reverse):
        if not reverse:
            return rule(primals[0], tangents[0], axis)
        out, tangent = rule(
            gather_scatter.rev(primals[0], (axis,)), gather_scatter.rev(tangents[0], (axis,)), axis
        )
        return gather_scatter.rev(out, (axis,)), gather_scatter.rev(tangent, (axis,))

    return wrapped


def _cumprod_jvp(x, t, axis):
    """d y_i = sum_{j <= i} t_j * prod_{k < j} x_k * prod_{j < k <= i} x_k, with the last
    product as an n x n cumulative product (exact where x has zeros)."""
    out = cumprod(x, axis)
    aval = aval_of(x)
    n, ndim = aval.shape[axis], aval.ndim
    before = shapes.pad(out, 1, [(1, -1, 0) if d == axis else (0, 0, 0) for d in range(ndim)])
    pair_shape = aval.shape[: axis + 1] + (n,) + aval.shape[axis + 1 :]
    j = shapes.broadcasted_iota(dtypes.int32, pair_shape, axis)
    i = shapes.broadcasted_iota(dtypes.int32, pair_shape, axis + 1)
    keep = [d for d in range(ndim + 1) if d != axis]
    x_i = shapes.broadcast_in_dim(x, pair_shape, keep)
    ones = shapes.full(pair_shape, np.ones((), aval.dtype))
    between = cumprod(elementwise.select(elementwise.gt(i, j), x_i, ones), axis + 1)
    weights = elementwise.select(
        elementwise.ge(i, j), between, shapes.full(pair_shape, np.zeros((), aval.dtype))
    )
    scaled = shapes.broadcast_in_dim(
        elementwise.mul(t, before),
        pair_shape,
        list(range(axis + 1)) + [d + 1 for d in range(axis + 1, ndim)],
    )
    return out, reductions.reduce_sum(elementwise.mul(scaled, weights), (axis,))


def _cumulative_extremum_jvp(combine):
    """cummax / cummin: the jvp of the associative scan of max / min, as JAX defines it (tied
    entries share the tangent as max's derivative splits a tie, in the scan's tree order)."""

    def rule(primals, tangents, *, axis, reverse):
        from meshjit.compiler.ad.api import jvp  # later families
        from meshjit.compiler.lax.control_flow import associative_scan

        def scan(v):
            return associative_scan(combine, v, reverse=reverse, axis=axis)

        return jvp(scan, (primals[0],), (tangents[0],))

    return rule


jvp_rules.register(cumprod_p)(_forward_only(_cumprod_jvp))
jvp_rules.register(cummax_p)(_cumulative_extremum_jvp(elementwise.max))
jvp_rules.register(cummin_p)(_cumulative_extremum_jvp(elementwise.min))

# ---------------------------------------------------------------------------------------------
# Windowed reductions: jvp and transpose.

linear_jvp(reduce_window_sum_p)


def _dilated_pads(padding, base_dilation):
    return [(lo, hi, b - 1) for (lo, hi), b in zip(padding, base_dilation)]


@transpose_rules.register(reduce_window_sum_p)
def _reduce_window_sum_transpose(
    ct, x, *, window_dimensions, window_strides, padding, base_dilation, window_dilation
):
    # Every padded input position p gets the cotangents of the windows o and offsets k with
    # o * stride + k * dilation == p: a stride-1 window sum over the cotangent spread out by
    # the strides and padded by a window's span.
    in_config = _dilated_pads(padding, base_dilation)
    padded = [
        dilate_dim(n, b) + lo + hi
        for n, (lo, hi, _), b in zip(x.aval.shape, in_config, base_dilation)
    ]
    config = []
    for size, n, w, s, d in zip(
        padded, aval_of(ct).shape, window_dimensions, window_strides, window_dilation
    ):
        spread = (n - 1) * s + 1 if n else 0
        config.append(((w - 1) * d, size - spread, s - 1))
    ones = (1,) * len(padded)
    summed = reduce_window_sum_p.bind(
        shapes.pad(ct, 0, config),
        window_dimensions=window_dimensions,
        window_strides=ones,
        padding=((0, 0),) * len(padded),
        base_dilation=ones,
        window_dilation=window_dilation,
    )
    return [unpad(summed, in_config)]


def _reduce_window_extremum_jvp(prim, identity):
    """reduce_window_max / min: per window, the tangent of its first extremal entry (the window
    offsets are enumerated as strided slices of the padded input)."""

    def rule(primals, tangents, **params):
        (x,), (t,) = primals, tangents
        out = prim.bind(x, **params)
        config = _dilated_pads(params["padding"], params["base_dilation"])
        x_aval = aval_of(x)
        padded_x = shapes.pad(x, np.asarray(identity, x_aval.dtype), config)
        padded_t = shapes.pad(t, 0, config)
        out_shape = aval_of(out).shape
        strides, dilation = params["window_strides"], params["window_dilation"]
        found = shapes.full(out_shape, np.array(False))
        tangent = zeros_like_aval(aval_of(out))
        for offset in itertools.product(*(range(w) for w in params["window_dimensions"])):
            starts = [k * d for k, d in zip(offset, dilation)]
            limits = [a + (n - 1) * s + 1 for a, n, s in zip(starts, out_shape, strides)]
            x_k = slicing.slice(padded_x, starts, limits, strides)
            hit = elementwise.bitwise_and(elementwise.eq(x_k, out), elementwise.bitwise_not(found))
            found = elementwise.bitwise_or(found, hit)
            t_k = slicing.slice(padded_t, starts, limits, strides)
            tangent = elementwise.add(
                tangent, elementwise.select(hit, t_k, zeros_like_aval(aval_of(out)))
            )
        return out, tangent

    jvp_rules.register(prim)(rule)


_reduce_window_extremum_jvp(reduce_window_max_p, -np.inf)
_reduce_window_extremum_jvp(reduce_window_min_p, np.inf)


@jvp_rules.register(reduce_window_p["prod"])
def _reduce_window_prod_jvp(primals, tangents, **params):
    """reduce_window_prod: per window, sum_k t_k * prod_{j != k} x_j over the window offsets
    (strided slices of the padded input, holes and padding ones), with prefix and suffix
    products so that zeros in x stay exact (JAX's jvp of its generic reduce_window)."""
    (x,), (t,) = primals, tangents
    prim = reduce_window_p["prod"]
    out = prim.bind(x, **params)
    config = _dilated_pads(params["padding"], params["base_dilation"])
    x_aval, out_aval = aval_of(x), aval_of(out)
    padded_x = shapes.pad(x, np.ones((), x_aval.dtype), config)
    padded_t = shapes.pad(t, 0, config)
    strides, dilation = params["window_strides"], params["window_dilation"]
    xs, ts = [], []
    for offset in itertools.product(*(range(w) for w in params["window_dimensions"])):
        starts = [k * d for k, d in zip(offset, dilation)]
        limits = [a + (n - 1) * s + 1 for a, n, s in zip(starts, out_aval.shape, strides)]
        xs.append(slicing.slice(padded_x, starts, limits, strides))
        ts.append(slicing.slice(padded_t, starts, limits, strides))
    ones = shapes.full(out_aval.shape, np.ones((), x_aval.dtype))
    before = [ones]
    for x_k in xs[:-1]:
        before.append(elementwise.mul(before[-1], x_k))
    after = ones
    tangent = zeros_like_aval(out_aval)
    for k in reversed(range(len(xs))):
        others = elementwise.mul(before[k], after)
        tangent = elementwise.add(tangent, elementwise.mul(ts[k], others))
        after = elementwise.mul(after, xs[k])
    return out, tangent


# ---------------------------------------------------------------------------------------------
# Batching: the mapped axis goes in front with a window of 1 over it.


def _reduce_window_batcher(prim):
    @batching_rules.register(prim)
    def rule(
        args, dims, *, window_dimensions, window_strides, padding, base_dilation, window_dilation
    ):
        x = moveaxis(args[0], dims[0], 0)
        out = prim.bind(
            x,
            window_dimensions=(1, *window_dimensions),
            window_strides=(1, *window_strides),
            padding=((0, 0), *padding),
            base_dilation=(1, *base_dilation),
            window_dilation=(1, *window_dilation),
        )
        return out, 0


def _cumulative_batcher(prim):
    @batching_rules.register(prim)
    def rule(args, dims, *, axis, reverse):
        (x,), (d,) = args, dims
        return prim.bind(x, axis=axis if axis < d else axis + 1, reverse=reverse), d


for _prim in reduce_window_p.values():
    _reduce_window_batcher(_prim)
for _prim in cumulative_p.values():
    _cumulative_batcher(_prim)


# ---------------------------------------------------------------------------------------------
# Sharding (explicit mode).

for _kind, _prim in reduce_window_p.items():
    sharding_rules.register(_prim, sliced("reduce_window"))  # JAX's word for each kind


def _cumulative_sharding(out, x, *, axis, reverse):
    spec = spec_of(x)
    if spec[axis] is not None:
        err = ShardingTypeError(  # JAX's words
            "Input should be unsharded over the axis being reduced. Got input type="
            f"{x.str_long()} and axis={axis}"
        )
        err.add_note(f"reshard axis {axis} to None first (meshjit.sharding.reshard)")
        raise err
    return spec


for _prim in cumulative_p.values():
    sharding_rules.register(_prim, _cumulative_sharding)


def cumlogsumexp(operand, axis: int = 0, reverse: bool = False):
    """log(cumsum(exp(operand))) along `axis`, computed stably: JAX's cumlogsumexp primitive
    (lowered as an associative scan of logaddexp)."""
    aval = aval_of(operand)  # typed as the operand, as JAX's cumlogsumexp_p (weak stays weak)
    if dtypes.is_bool(aval.dtype):
        raise MeshjitTypeError(
            "cumlogsumexp does not accept dtype bool. Accepted dtypes are subtypes of number."
        )
    if dtypes.is_int(aval.dtype) and 0 <= axis < aval.ndim:  # JAX's: -inf fits no integer
        raise MeshjitOverflowError("cannot convert float infinity to integer")
    if aval.ndim == 0:
        raise MeshjitValueError(f"cumlogsumexp needs an array of rank >= 1, got {aval.str_short()}")
    axis = checks.canonical_axis(axis, aval.ndim, "cumlogsumexp axis")
    return cumlogsumexp_p.bind(operand, axis=axis, reverse=bool(reverse))


cumlogsumexp_p = Primitive("cumlogsumexp")


@abstract_eval_rules.register(cumlogsumexp_p)
def _cumlogsumexp_rule(x, *, axis, reverse):
    checks.dtype_in("cumlogsumexp", x, "fc")
    return x


def _logaddexp(a, b):
    from meshjit.compiler.lax.special import logaddexp  # a later family

    return logaddexp(a, b)


def _cumlogsumexp_scan(x, *, axis, reverse):
    from meshjit.compiler.lax.control_flow import associative_scan  # a later family

    return associative_scan(_logaddexp, x, reverse=reverse, axis=axis)


@lowering_rules.register(cumlogsumexp_p)
def _cumlogsumexp_lowering(ctx: LoweringRuleContext, x, *, axis, reverse):
    return inline(
        ctx, lambda v: [_cumlogsumexp_scan(v, axis=axis, reverse=reverse)], [x], ctx.avals_in
    )[0]


jvp_rules.register(cumlogsumexp_p)(_cumulative_extremum_jvp(_logaddexp))
_cumulative_batcher(cumlogsumexp_p)
sharding_rules.register(cumlogsumexp_p, _cumulative_sharding)
