"""jvp and transpose rules of gather / scatter, rev, sort, cumulative and windowed reductions,
and convolution."""

from __future__ import annotations

import itertools

import numpy as np

from meshjit.compiler.ad.rules import linear_jvp, unpad
from meshjit.compiler.ad.transform import (
    MeshjitNotImplementedError,
    add_tangents,
    aval_of,
    defjvp,
    deftranspose,
    is_undefined,
    zeros_like_aval,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import gather_scatter as lg
from meshjit.compiler.lax import windowed as lw
from meshjit.compiler.lax import wrappers as lax
from meshjit.compiler.lax.convolution import ConvDimensionNumbers, conv_general_dilated_p
from meshjit.compiler.lax.sorting import sort_p

# ---------------------------------------------------------------------------------------------
# gather and scatter-add: each is the other's transpose.


def _scatter_dnums(dn: lg.GatherDimensionNumbers) -> lg.ScatterDimensionNumbers:
    return lg.ScatterDimensionNumbers(
        update_window_dims=dn.offset_dims,
        inserted_window_dims=dn.collapsed_slice_dims,
        scatter_dims_to_operand_dims=dn.start_index_map,
        operand_batching_dims=dn.operand_batching_dims,
        scatter_indices_batching_dims=dn.start_indices_batching_dims,
    )


def _gather_dnums(dn: lg.ScatterDimensionNumbers) -> lg.GatherDimensionNumbers:
    return lg.GatherDimensionNumbers(
        offset_dims=dn.update_window_dims,
        collapsed_slice_dims=dn.inserted_window_dims,
        start_index_map=dn.scatter_dims_to_operand_dims,
        operand_batching_dims=dn.operand_batching_dims,
        start_indices_batching_dims=dn.scatter_indices_batching_dims,
    )


def _window_sizes(operand_aval, updates_aval, dn: lg.ScatterDimensionNumbers):
    """The slice sizes of a gather reading back the windows a scatter writes."""
    windows = iter(updates_aval.shape[d] for d in dn.update_window_dims)
    skipped = set(dn.inserted_window_dims) | set(dn.operand_batching_dims)
    return tuple(1 if d in skipped else next(windows) for d in range(operand_aval.ndim))


def _gather_windows(x, indices, updates_aval, dn, fill_value):
    """Per scatter update, the window of `x` it would land on (`fill_value` if dropped)."""
    sizes = _window_sizes(aval_of(x), updates_aval, dn)
    return lg.gather(x, indices, _gather_dnums(dn), sizes, mode="fill", fill_value=fill_value)


linear_jvp(lg.gather_p, linear_args=(0,))


@deftranspose(lg.gather_p)
def _gather_transpose(ct, operand, indices, *, dimension_numbers, slice_sizes, **flags):
    # gather clamps its start indices: scatter the cotangent back at the clamped ones.
    zeros = zeros_like_aval(operand.aval)
    sdn = _scatter_dnums(dimension_numbers)
    return [lg.scatter_add(zeros, indices, ct, sdn, mode="clip", **flags), None]


linear_jvp(lg.scatter_p["scatter-add"], linear_args=(0, 2))


@deftranspose(lg.scatter_p["scatter-add"])
def _scatter_add_transpose(ct, operand, indices, updates, *, dimension_numbers, **flags):
    ct_updates = None
    if is_undefined(updates):
        ct_updates = _gather_windows(ct, indices, updates.aval, dimension_numbers, 0)
    return [ct if is_undefined(operand) else None, None, ct_updates]


def _scatter_add(x_aval, indices, updates, dn):
    return lg.scatter_p["scatter-add"].bind(
        zeros_like_aval(x_aval),
        indices,
        updates,
        dimension_numbers=dn,
        indices_are_sorted=False,
        unique_indices=False,
    )


@defjvp(lg.scatter_p["scatter"])
def _scatter_jvp(primals, tangents, *, dimension_numbers, **flags):
    """Each operand entry takes the tangent of the update that won it, or keeps its own: the
    winners are found by scattering update ids the same way."""
    operand, indices, updates = primals
    t_op, _, t_up = tangents
    dn = dimension_numbers
    out = lg.scatter_p["scatter"].bind(*primals, dimension_numbers=dn, **flags)
    o_aval, u_aval = aval_of(operand), aval_of(updates)
    ids = lax.reshape(lax.add(lax.iota(dtypes.int32, u_aval.size), 1), u_aval.shape)
    no_ids = zeros_like_aval(o_aval.update(dtype=dtypes.int32, weak_type=False))
    owner = lg.scatter_p["scatter"].bind(no_ids, indices, ids, dimension_numbers=dn, **flags)
    tangent = None
    if t_op is not None:
        kept = lax.eq(owner, np.int32(0))
        tangent = lax.select(kept, t_op, zeros_like_aval(o_aval))
    if t_up is not None:
        won = lax.eq(_gather_windows(owner, indices, u_aval, dn, -1), ids)
        t_won = lax.select(won, t_up, zeros_like_aval(u_aval))
        tangent = add_tangents(tangent, _scatter_add(o_aval, indices, t_won, dn))
    return out, tangent


@defjvp(lg.scatter_p["scatter-mul"])
def _scatter_mul_jvp(primals, tangents, *, dimension_numbers, unique_indices, **flags):
    operand, indices, updates = primals
    t_op, _, t_up = tangents
    dn = dimension_numbers
    params = dict(dimension_numbers=dn, unique_indices=unique_indices, **flags)
    out = lg.scatter_p["scatter-mul"].bind(*primals, **params)
    o_aval = aval_of(operand)
    ones = lax.full(o_aval.shape, np.ones((), o_aval.dtype))
    tangent = None
    if t_op is not None:
        factors = lg.scatter_p["scatter-mul"].bind(ones, indices, updates, **params)
        tangent = lax.mul(t_op, factors)
    if t_up is not None:
        if not unique_indices:
            raise MeshjitNotImplementedError(
                "the derivative of scatter_mul with respect to its updates is implemented only "
                "for unique_indices=True"
            )
        tangent = add_tangents(tangent, lax.mul(operand, _scatter_add(o_aval, indices, t_up, dn)))
    return out, tangent


def _scatter_extremum_jvp(name):
    """scatter-max / scatter-min: the mean of the tangents of the entries equal to the result
    (the operand's own and every update written there)."""
    prim = lg.scatter_p[name]

    def rule(primals, tangents, *, dimension_numbers, **flags):
        operand, indices, updates = primals
        t_op, _, t_up = tangents
        dn = dimension_numbers
        out = prim.bind(*primals, dimension_numbers=dn, **flags)
        o_aval, u_aval = aval_of(operand), aval_of(updates)
        hit_op = lax.convert_element_type(lax.eq(operand, out), o_aval.dtype)
        at_updates = _gather_windows(out, indices, u_aval, dn, np.nan)
        hit_up = lax.convert_element_type(lax.eq(updates, at_updates), o_aval.dtype)
        count = lax.add(hit_op, _scatter_add(o_aval, indices, hit_up, dn))
        total = None if t_op is None else lax.mul(t_op, hit_op)
        if t_up is not None:
            total = add_tangents(total, _scatter_add(o_aval, indices, lax.mul(t_up, hit_up), dn))
        return out, lax.div(total, count)

    defjvp(prim)(rule)


_scatter_extremum_jvp("scatter-max")
_scatter_extremum_jvp("scatter-min")

# ---------------------------------------------------------------------------------------------
# rev and sort.

linear_jvp(lg.rev_p)


@deftranspose(lg.rev_p)
def _rev_transpose(ct, x, *, dimensions):
    return [lg.rev_p.bind(ct, dimensions=dimensions)]


def take_along_axis(x, indices, axis: int):
    """x[..., indices[...], ...] along `axis`, as a gather batched over the other axes."""
    shape = aval_of(x).shape
    others = tuple(d for d in range(len(shape)) if d != axis)
    dn = lg.GatherDimensionNumbers(
        offset_dims=(),
        collapsed_slice_dims=(axis,),
        start_index_map=(axis,),
        operand_batching_dims=others,
        start_indices_batching_dims=others,
    )
    index_vectors = lax.reshape(indices, shape + (1,))
    return lg.gather(x, index_vectors, dn, (1,) * len(shape))


@defjvp(sort_p)
def _sort_jvp(primals, tangents, *, dimension, is_stable, num_keys):
    shape = aval_of(primals[0]).shape
    positions = lax.broadcasted_iota(dtypes.int32, shape, dimension)
    outs = sort_p.bind(
        *primals, positions, dimension=dimension, is_stable=is_stable, num_keys=num_keys
    )
    order = outs[-1]
    touts = [None if t is None else take_along_axis(t, order, dimension) for t in tangents]
    return outs[:-1], touts


# ---------------------------------------------------------------------------------------------
# Cumulative reductions.

linear_jvp(lw.cumsum_p)


@deftranspose(lw.cumsum_p)
def _cumsum_transpose(ct, x, *, axis, reverse):
    return [lw.cumsum_p.bind(ct, axis=axis, reverse=not reverse)]


def _forward_only(rule):
    """Runs a rule written for reverse=False on reversed data when reverse=True."""

    def wrapped(primals, tangents, *, axis, reverse):
        if not reverse:
            return rule(primals[0], tangents[0], axis)
        out, tangent = rule(lg.rev(primals[0], (axis,)), lg.rev(tangents[0], (axis,)), axis)
        return lg.rev(out, (axis,)), lg.rev(tangent, (axis,))

    return wrapped


def _cumprod_jvp(x, t, axis):
    """d y_i = sum_{j <= i} t_j * prod_{k < j} x_k * prod_{j < k <= i} x_k, with the last
    product as an n x n cumulative product (exact where x has zeros)."""
    out = lw.cumprod(x, axis)
    aval = aval_of(x)
    n, ndim = aval.shape[axis], aval.ndim
    before = lax.pad(out, 1, [(1, -1, 0) if d == axis else (0, 0, 0) for d in range(ndim)])
    pair_shape = aval.shape[: axis + 1] + (n,) + aval.shape[axis + 1 :]
    j = lax.broadcasted_iota(dtypes.int32, pair_shape, axis)
    i = lax.broadcasted_iota(dtypes.int32, pair_shape, axis + 1)
    keep = [d for d in range(ndim + 1) if d != axis]
    x_i = lax.broadcast_in_dim(x, pair_shape, keep)
    ones = lax.full(pair_shape, np.ones((), aval.dtype))
    between = lw.cumprod(lax.select(lax.gt(i, j), x_i, ones), axis + 1)
    weights = lax.select(lax.ge(i, j), between, lax.full(pair_shape, np.zeros((), aval.dtype)))
    scaled = lax.broadcast_in_dim(
        lax.mul(t, before),
        pair_shape,
        list(range(axis + 1)) + [d + 1 for d in range(axis + 1, ndim)],
    )
    return out, lax.reduce_sum(lax.mul(scaled, weights), (axis,))


def _cumulative_extremum_jvp(op, fill):
    """cummax / cummin: the tangent of the entry holding the running extremum, found as the
    last position where the input equals the output."""

    def rule(x, t, axis):
        out = op(x, axis)
        shape = aval_of(x).shape
        positions = lax.broadcasted_iota(dtypes.int32, shape, axis)
        records = lax.select(lax.eq(x, out), positions, lax.full(shape, np.int32(fill)))
        return out, take_along_axis(t, lw.cummax(records, axis), axis)

    return rule


defjvp(lw.cumprod_p)(_forward_only(_cumprod_jvp))
defjvp(lw.cummax_p)(_forward_only(_cumulative_extremum_jvp(lw.cummax, 0)))
defjvp(lw.cummin_p)(_forward_only(_cumulative_extremum_jvp(lw.cummin, 0)))

# ---------------------------------------------------------------------------------------------
# Windowed reductions.

linear_jvp(lw.reduce_window_sum_p)


def _dilated_pads(padding, base_dilation):
    return [(lo, hi, b - 1) for (lo, hi), b in zip(padding, base_dilation)]


@deftranspose(lw.reduce_window_sum_p)
def _reduce_window_sum_transpose(
    ct, x, *, window_dimensions, window_strides, padding, base_dilation, window_dilation
):
    # Every padded input position p gets the cotangents of the windows o and offsets k with
    # o * stride + k * dilation == p: a stride-1 window sum over the cotangent spread out by
    # the strides and padded by a window's span.
    in_config = _dilated_pads(padding, base_dilation)
    padded = [
        lw.dilate_dim(n, b) + lo + hi
        for n, (lo, hi, _), b in zip(x.aval.shape, in_config, base_dilation)
    ]
    config = []
    for size, n, w, s, d in zip(
        padded, aval_of(ct).shape, window_dimensions, window_strides, window_dilation
    ):
        spread = (n - 1) * s + 1 if n else 0
        config.append(((w - 1) * d, size - spread, s - 1))
    ones = (1,) * len(padded)
    summed = lw.reduce_window_sum_p.bind(
        lax.pad(ct, 0, config),
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
        padded_x = lax.pad(x, np.asarray(identity, x_aval.dtype), config)
        padded_t = lax.pad(t, 0, config)
        out_shape = aval_of(out).shape
        strides, dilation = params["window_strides"], params["window_dilation"]
        found = lax.full(out_shape, np.array(False))
        tangent = zeros_like_aval(aval_of(out))
        for offset in itertools.product(*(range(w) for w in params["window_dimensions"])):
            starts = [k * d for k, d in zip(offset, dilation)]
            limits = [a + (n - 1) * s + 1 for a, n, s in zip(starts, out_shape, strides)]
            x_k = lax.slice(padded_x, starts, limits, strides)
            hit = lax.bitwise_and(lax.eq(x_k, out), lax.bitwise_not(found))
            found = lax.bitwise_or(found, hit)
            t_k = lax.slice(padded_t, starts, limits, strides)
            tangent = lax.add(tangent, lax.select(hit, t_k, zeros_like_aval(aval_of(out))))
        return out, tangent

    defjvp(prim)(rule)


_reduce_window_extremum_jvp(lw.reduce_window_max_p, -np.inf)
_reduce_window_extremum_jvp(lw.reduce_window_min_p, np.inf)

# ---------------------------------------------------------------------------------------------
# Convolution: bilinear; each operand's transpose is another convolution.


@defjvp(conv_general_dilated_p)
def _conv_jvp(primals, tangents, **params):
    (lhs, rhs), (t_lhs, t_rhs) = primals, tangents
    out = conv_general_dilated_p.bind(lhs, rhs, **params)
    t1 = None if t_lhs is None else conv_general_dilated_p.bind(t_lhs, rhs, **params)
    t2 = None if t_rhs is None else conv_general_dilated_p.bind(lhs, t_rhs, **params)
    return out, add_tangents(t1, t2)


def _swap_first_two(spec):
    return (spec[1], spec[0]) + tuple(spec[2:])


def _conv_lhs_ct(ct, rhs, lhs_aval, p):
    """Correlates the stride-dilated cotangent with the flipped kernel (features swapped and
    regrouped), then drops the lhs padding and dilation holes."""
    dn = p["dimension_numbers"]
    groups = p["feature_group_count"]
    if p["batch_group_count"] > 1:
        raise MeshjitNotImplementedError(
            "the derivative of conv_general_dilated with batch_group_count > 1 with respect to "
            "its lhs is not implemented"
        )
    kernel = lax.transpose(rhs, dn.rhs_spec)  # (O, I, spatial...)
    o, i, *window = aval_of(kernel).shape
    kernel = lax.reshape(kernel, (groups, o // groups, i, *window))
    kernel = lax.transpose(kernel, (0, 2, 1) + tuple(range(3, 3 + len(window))))
    kernel = lax.reshape(kernel, (groups * i, o // groups, *window))
    kernel = lg.rev(kernel, tuple(range(2, 2 + len(window))))
    lhs_spatial = [lhs_aval.shape[d] for d in dn.lhs_spec[2:]]
    ct_spatial = [aval_of(ct).shape[d] for d in dn.out_spec[2:]]
    pads = []
    for size, n, (lo, hi), ld, w, s, rd in zip(
        lhs_spatial,
        ct_spatial,
        p["padding"],
        p["lhs_dilation"],
        window,
        p["window_strides"],
        p["rhs_dilation"],
    ):
        padded = lw.dilate_dim(size, ld) + lo + hi
        pads.append(((w - 1) * rd, padded - lw.dilate_dim(n, s)))
    canonical = tuple(range(len(window) + 2))
    full = conv_general_dilated_p.bind(
        lax.convert_element_type(ct, lhs_aval.dtype),
        kernel,
        window_strides=(1,) * len(window),
        padding=tuple(pads),
        lhs_dilation=tuple(p["window_strides"]),
        rhs_dilation=tuple(p["rhs_dilation"]),
        dimension_numbers=ConvDimensionNumbers(dn.out_spec, canonical, dn.lhs_spec),
        feature_group_count=groups,
        batch_group_count=1,
        preferred_element_type=None,
    )
    config = [(0, 0, 0)] * lhs_aval.ndim
    for d, (lo, hi), ld in zip(dn.lhs_spec[2:], p["padding"], p["lhs_dilation"]):
        config[d] = (lo, hi, ld - 1)
    return unpad(full, config)


def _conv_rhs_ct(ct, lhs, rhs_aval, p):
    """A convolution of the lhs (batch and features swapped) with the cotangent as the kernel,
    strided by the kernel dilation; the feature and batch groups trade places."""
    dn = p["dimension_numbers"]
    full = conv_general_dilated_p.bind(
        lhs,
        lax.convert_element_type(ct, aval_of(lhs).dtype),
        window_strides=tuple(p["rhs_dilation"]),
        padding=tuple(p["padding"]),
        lhs_dilation=tuple(p["lhs_dilation"]),
        rhs_dilation=tuple(p["window_strides"]),
        dimension_numbers=ConvDimensionNumbers(
            _swap_first_two(dn.lhs_spec),
            _swap_first_two(dn.out_spec),
            _swap_first_two(dn.rhs_spec),
        ),
        feature_group_count=p["batch_group_count"],
        batch_group_count=p["feature_group_count"],
        preferred_element_type=None,
    )
    return lax.slice(full, [0] * rhs_aval.ndim, rhs_aval.shape)


@deftranspose(conv_general_dilated_p)
def _conv_transpose(ct, lhs, rhs, **params):
    if is_undefined(lhs) and is_undefined(rhs):
        raise MeshjitNotImplementedError("conv_general_dilated of two linear operands")
    if is_undefined(lhs):
        return [_conv_lhs_ct(ct, rhs, lhs.aval, params), None]
    out = _conv_rhs_ct(ct, lhs, rhs.aval, params)
    return [None, lax.convert_element_type(out, rhs.aval.dtype)]
