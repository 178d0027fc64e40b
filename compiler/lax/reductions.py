"""Reductions (reduce_sum/max/min/prod/and/or, argmax, argmin, the general `reduce`) with all
their rules and wrappers."""

from __future__ import annotations

import functools
import math
import operator

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler import lowering_dims as dims_lowering
from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray, register_pp_params, shaped_array
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import reduced
from meshjit.compiler.lax import ad_util, elementwise, shapes
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.ad_util import aval_of, linear_jvp, zero_jvp
from meshjit.compiler.lax.batching import moveaxis
from meshjit.compiler.lax.elementwise import as_dtype_of, compare
from meshjit.compiler.lowering import Located, LoweringRuleContext, constant, emit
from meshjit.compiler.traceback_util import unwrap

# ---------------------------------------------------------------------------------------------
# The primitives and their abstract evaluation.

REDUCE_OPS = (
    "reduce_sum", "reduce_max", "reduce_min", "reduce_prod", "reduce_and", "reduce_or", "reduce_xor",
)  # fmt: skip
reduce_p = {name: Primitive(name) for name in REDUCE_OPS}


def _reduce_rule(name):
    kinds = {"reduce_and": "ib", "reduce_or": "ib", "reduce_xor": "ib"}.get(name)

    def rule(x, *, axes):
        if kinds and x.dtype.kind not in "iub":  # JAX's words
            raise MeshjitTypeError(
                f"logical reduction requires operand dtype bool or int, got {x.dtype}."
            )
        if len(axes) == 1:  # axes are canonical (lax sorts them): the common case, sliced
            (axis,) = axes
            shape = x.shape[:axis] + x.shape[axis + 1 :]
        else:
            shape = tuple(d for i, d in enumerate(x.shape) if i not in axes)
        return shaped_array(shape, x.dtype, x.weak_type)

    return rule


for _name in REDUCE_OPS:
    abstract_eval_rules.register(reduce_p[_name])(_reduce_rule(_name))

argmax_p = Primitive("argmax")
argmin_p = Primitive("argmin")


def _arg_reduce_rule(x, *, axes, index_dtype):
    if dtypes.is_complex(x.dtype):  # JAX's comparisons refuse complex values too
        raise MeshjitTypeError(
            f"argmax / argmin do not accept dtype {x.dtype.name}: complex numbers are not ordered"
        )
    if x.shape[axes[0]] == 0:
        raise MeshjitValueError(f"arg reduction over an empty axis {axes[0]} of {x.str_short()}")
    shape = tuple(d for i, d in enumerate(x.shape) if i not in axes)
    return ShapedArray(shape, index_dtype)


abstract_eval_rules.register(argmax_p)(_arg_reduce_rule)
abstract_eval_rules.register(argmin_p)(_arg_reduce_rule)
for _prim in [*reduce_p.values(), argmax_p, argmin_p]:
    sharding_rules.register(_prim, reduced)  # a reduced sharded dim leaves its axes
# JAX's reduce_sum has an out_sharding param (meshjit's type carries it).
register_pp_params(reduce_p["reduce_sum"], lambda eqn, _: {**eqn.params, "out_sharding": None})


# ---------------------------------------------------------------------------------------------
# Lowering.

_REDUCERS = {
    "reduce_sum": (hlo.AddOp, lambda d: np.zeros((), d)),
    "reduce_prod": (hlo.MulOp, lambda d: np.ones((), d)),
    "reduce_max": (hlo.MaxOp, dtypes.lowest),
    "reduce_min": (hlo.MinOp, dtypes.highest),
    "reduce_and": (hlo.AndOp, lambda d: np.array(-1).astype(d)),  # all bits set; True
    "reduce_or": (hlo.OrOp, lambda d: np.zeros((), d)),
    "reduce_xor": (hlo.XorOp, lambda d: np.zeros((), d)),
}


_COMPLEX_EXTREMA = {"reduce_max": "GT", "reduce_min": "LT"}  # lexicographic, as JAX


def emit_reduce(ctx: LoweringRuleContext, operands, inits, axes, out_avals, body_fn):
    """Emits stablehlo.reduce; `body_fn(ctx, accs, xs) -> values` builds the reducer."""
    result_types = [ctx.tensor_type(a) for a in out_avals]
    attrs = {"dimensions": ctx.module_ctx.i64_array(axes)}
    op = emit("stablehlo.reduce", result_types, [*operands, *inits], attrs, regions=1)
    scalar_types = [ctx.module_ctx.types.tensor((), a.dtype) for a in out_avals]
    block = op.regions[0].blocks.append(*(scalar_types * 2))
    n = len(inits)
    with ir.InsertionPoint(block):
        args = list(block.arguments)
        emit("stablehlo.return", [], body_fn(ctx, args[:n], args[n:]))
    return list(op.results)


def _reduce_lowering(name, ctx: LoweringRuleContext, loc, x):
    # `reduce` above, specialised to one operand: reductions are common and this is hot.
    eqn = ctx.eqn
    aval, axes = eqn.invars[0].aval, eqn.params["axes"]
    init_value = ctx.constants.get((name, aval.dtype))
    if init_value is None:
        with loc:  # the first reduction's location, as other rules' constants
            init_value = ctx.constants[name, aval.dtype] = ctx.block_scalar(
                _REDUCERS[name][1](aval.dtype)
            )
    # A reduction like one already emitted from the same source line is a copy of it (body and
    # location included) with new operands: cloning costs half of building.
    key = (eqn.primitive, id(eqn.source), aval.shape, aval.dtype, axes)
    op = ctx.module_ctx.templates.get(key)
    if op is not None:
        op = op.clone()
        operands = op.operands
        operands[0], operands[1] = x, init_value
        return op.result
    mctx = ctx.module_ctx
    scalar = mctx.types.tensor((), aval.dtype)
    attrs = {"dimensions": mctx.i64_array(axes)}
    with loc:
        op = emit("stablehlo.reduce", [ctx.result_type], [x, init_value], attrs, regions=1)
        block = op.regions[0].blocks.append(scalar, scalar)
        acc, value = block.arguments
        with ir.InsertionPoint(block):
            if name in _COMPLEX_EXTREMA and dtypes.is_complex(aval.dtype):
                combined = elementwise.complex_extremum(acc, value, _COMPLEX_EXTREMA[name])
            else:
                combined = emit(_REDUCERS[name][0].OPERATION_NAME, [scalar], [acc, value]).result
            emit("stablehlo.return", [], [combined])
    mctx.templates[key] = op
    return op.result


for _name in REDUCE_OPS:
    lowering_rules.register(reduce_p[_name], Located(functools.partial(_reduce_lowering, _name)))


def _arg_reduce_lowering(direction, ctx: LoweringRuleContext, x, *, axes, index_dtype):
    aval = ctx.avals_in[0]
    (axis,) = axes
    index_aval = aval.update(dtype=index_dtype)
    index = dims_lowering.iota(ctx.module_ctx, ctx.tensor_type(index_aval), index_aval.shape, axis)
    init_value = dtypes.lowest(aval.dtype) if direction == "GT" else dtypes.highest(aval.dtype)
    inits = [
        constant(ctx.module_ctx, init_value),
        constant(ctx.module_ctx, np.zeros((), index_dtype)),
    ]
    out_avals = [ctx.avals_out[0].update(dtype=aval.dtype), ctx.avals_out[0]]
    body = functools.partial(_arg_reduce_body, direction, aval.dtype, index_dtype)
    return emit_reduce(ctx, [x, index], inits, axes, out_avals, body)[1]


def _arg_reduce_body(direction, dtype, index_dtype, ctx, accs, xs):
    (a, ia), (b, ib) = accs, xs
    better = compare(a, b, direction, dtype)
    tie = hlo.AndOp(compare(a, b, "EQ", dtype), compare(ia, ib, "LT", index_dtype)).result
    pick_a = hlo.OrOp(better, tie).result
    if dtypes.is_float(dtype):
        a_nan, b_nan = compare(a, a, "NE", dtype), compare(b, b, "NE", dtype)
        not_b_nan = hlo.NotOp(b_nan).result
        a_first = hlo.OrOp(not_b_nan, compare(ia, ib, "LT", index_dtype)).result
        pick_a = hlo.OrOp(hlo.AndOp(a_nan, a_first).result, hlo.AndOp(not_b_nan, pick_a).result)
        pick_a = pick_a.result
    return [hlo.SelectOp(pick_a, a, b).result, hlo.SelectOp(pick_a, ia, ib).result]


lowering_rules.register(argmax_p, functools.partial(_arg_reduce_lowering, "GT"))
lowering_rules.register(argmin_p, functools.partial(_arg_reduce_lowering, "LT"))


def _reduce(name, x, axes):
    axes, ndim = tuple(axes), aval_of(x).ndim
    if not (len(axes) == 1 and type(axes[0]) is int and 0 <= axes[0] < ndim):
        if any(type(a) is int and not 0 <= a < ndim for a in axes):  # JAX's: no negative axes
            raise MeshjitValueError(  # JAX's words
                f"reduction axes {axes} contains out-of-bounds indices for {aval_of(x).str_long()}."
            )
        if len(set(axes)) != len(axes):
            raise MeshjitValueError(f"duplicate value in 'axes' of reduction: {axes}")
        axes = tuple(sorted(checks.canonical_axes(axes, ndim)))
    if not axes:
        return x
    return reduce_p[name].bind_internal(x, axes=axes)


def reduce_sum(operand, axes, *, out_sharding=None):
    if out_sharding is not None:
        from meshjit.compiler.parallel.explicit import computed_with  # a later family

        return computed_with(out_sharding, "reduce_sum", lambda x: reduce_sum(x, axes), operand)
    return _reduce("reduce_sum", operand, axes)


def reduce_max(operand, axes):
    return _reduce("reduce_max", operand, axes)


def reduce_min(operand, axes):
    return _reduce("reduce_min", operand, axes)


def reduce_prod(operand, axes):
    return _reduce("reduce_prod", operand, axes)


def reduce_and(operand, axes):
    return _reduce("reduce_and", operand, axes)


def reduce_or(operand, axes):
    return _reduce("reduce_or", operand, axes)


def reduce_xor(operand, axes):
    """The bitwise (or logical) exclusive or of the operand's elements over `axes`."""
    return _reduce("reduce_xor", operand, axes)


def _index_dtype(index_dtype, name: str):
    dtypes.check_user_dtype(index_dtype, name)  # JAX's warning for int64 without x64
    index_dtype = dtypes.canonicalize(index_dtype or dtypes.default_int)
    if not dtypes.is_int(index_dtype):
        raise MeshjitTypeError(  # JAX's words
            f"index_dtype must be an integer type, but got {index_dtype}"
        )
    return index_dtype


def argmax(operand, axis: int, index_dtype):
    """`index_dtype` None: the default int (int32; int64 with x64)."""
    axis = checks.canonical_axis(axis, aval_of(operand).ndim)
    index_dtype = _index_dtype(index_dtype, "argmax")
    return argmax_p.bind_internal(operand, axes=(axis,), index_dtype=index_dtype)


def argmin(operand, axis: int, index_dtype):
    axis = checks.canonical_axis(axis, aval_of(operand).ndim)
    index_dtype = _index_dtype(index_dtype, "argmin")
    return argmin_p.bind_internal(operand, axes=(axis,), index_dtype=index_dtype)


def _reducers():
    """computation -> (reduce function, its identity for dtype, combine with an init value)."""
    from meshjit.compiler import numpy as jnp  # numpy/ sits above lax/

    table = {
        (elementwise.add, jnp.add, operator.add): (reduce_sum, lambda d: 0, elementwise.add),
        (elementwise.mul, jnp.multiply, operator.mul): (reduce_prod, lambda d: 1, elementwise.mul),
        (elementwise.max, jnp.maximum, max): (reduce_max, _lowest, elementwise.max),
        (elementwise.min, jnp.minimum, min): (reduce_min, _highest, elementwise.min),
        (elementwise.bitwise_and, operator.and_): (
            reduce_and,
            lambda d: np.array(-1).astype(d),
            elementwise.bitwise_and,
        ),
        (elementwise.bitwise_or, operator.or_): (
            reduce_or,
            lambda d: False,
            elementwise.bitwise_or,
        ),
        (elementwise.bitwise_xor, operator.xor): (
            reduce_xor,
            lambda d: False,
            elementwise.bitwise_xor,
        ),
    }
    return {fn: rule for fns, rule in table.items() for fn in fns}


def _lowest(dtype):
    if dtypes.is_float(dtype):
        return -np.inf
    return dtypes.iinfo(dtype).min if not dtypes.is_bool(dtype) else False


def _highest(dtype):
    if dtypes.is_float(dtype):
        return np.inf
    return dtypes.iinfo(dtype).max if not dtypes.is_bool(dtype) else True


def reduce(operands, init_values, computation, dimensions, out_sharding=None):
    """Reduces `operands` (an array or a pytree of them) over `dimensions` with
    `computation(accumulators, values) -> accumulators` (pytrees as `init_values`) from
    `init_values`. One operand with add / mul / max / min / bitwise and, or, xor maps onto its
    reduction (JAX's monoid reducers); any other computation is traced over scalars into the
    body of a general `reduce`. `out_sharding`: every result laid out (typed) by it."""
    from meshjit.compiler.tree_util import tree_flatten, tree_map, tree_unflatten  # above lax/

    if out_sharding is not None:
        from meshjit.compiler.parallel.explicit import with_out_sharding  # a later family

        out = reduce(operands, init_values, computation, dimensions)
        return tree_map(lambda o: with_out_sharding(o, out_sharding, "reduce"), out)

    xs, tree = tree_flatten(operands)
    inits, init_tree = tree_flatten(init_values)
    if tree != init_tree:
        raise MeshjitValueError(
            f"Operands must have the same tree structure as init_values: {tree} vs. {init_tree}"
        )
    rule = _reducers().get(unwrap(computation)) if len(xs) == 1 else None
    if rule is None:
        _check_init_dtypes(xs, inits)
        outs = _general_reduce(xs, inits, computation, tuple(dimensions), tree)
        return tree_unflatten(tree, outs)
    (x,), (init,) = xs, inits
    reduce_fn, identity, combine = rule
    dtype = ad_util.aval_of(x).dtype
    if not _is_identity(init, identity(dtype)):  # JAX's general reduce then
        _check_init_dtypes(xs, inits)
    if dtypes.is_bool(dtype) and reduce_fn in (reduce_max, reduce_min):
        reduce_fn = reduce_or if reduce_fn is reduce_max else reduce_and
    out = reduce_fn(x, tuple(dimensions))
    if not _is_identity(init, identity(dtype)):
        out = combine(out, elementwise.convert_element_type(init, dtype))
    return tree_unflatten(tree, [out])


def _check_init_dtypes(xs, inits) -> None:
    """As JAX's general reduce: each init value's type (a Python scalar's canonical one: float64
    with x64 on) is its operand's (a float32 -inf init of float64 values, x64 on: fuzz seed
    400221)."""
    operands, init_avals = [aval_of(x) for x in xs], [aval_of(i) for i in inits]
    if [a.dtype for a in operands] != [a.dtype for a in init_avals]:
        raise MeshjitTypeError(
            "reduce operand dtypes should match corresponding initial value dtypes, got "
            f"operands={operands} and initial_values={init_avals}"
        )


# ---------------------------------------------------------------------------------------------
# The general reduce: any traced binary computation as the body of stablehlo.reduce.

reduce_general_p = Primitive("reduce", multiple_results=True)


def _general_reduce(xs, inits, computation, dimensions, tree):
    from meshjit.compiler.trace.jaxprs import trace_to_jaxpr  # trace/ sits above lax/
    from meshjit.compiler.tree_util import tree_flatten, tree_unflatten

    avals = [ad_util.aval_of(x) for x in xs]
    inits = [elementwise.convert_element_type(i, a.dtype) for i, a in zip(inits, avals)]
    scalars = [ShapedArray((), a.dtype) for a in avals]
    n = len(xs)

    def body(*args):
        accs, vals = tree_unflatten(tree, args[:n]), tree_unflatten(tree, args[n:])
        out, out_tree = tree_flatten(computation(accs, vals))
        if out_tree != tree:
            raise MeshjitTypeError(
                f"lax.reduce: the computation returned {out_tree}, not the operands' {tree}"
            )
        return [elementwise.convert_element_type(o, a.dtype) for o, a in zip(out, avals)]

    jaxpr = trace_to_jaxpr(body, scalars * 2)
    if any(not isinstance(c, (np.ndarray, np.generic)) for c in jaxpr.consts):
        raise MeshjitValueError(
            "lax.reduce: the computation closes over traced values; pass them as operands"
        )
    dims = tuple(sorted(checks.canonical_axes(dimensions, avals[0].ndim)))
    return reduce_general_p.bind_internal(
        *xs, *inits, computation=computation, dimensions=dims, jaxpr=jaxpr
    )


@abstract_eval_rules.register(reduce_general_p)
def _general_reduce_rule(*args, computation, dimensions, jaxpr):
    n = len(args) // 2
    xs, inits = args[:n], args[n:]
    if any(x.shape != xs[0].shape for x in xs):
        got = ", ".join(x.str_short() for x in xs)
        raise MeshjitTypeError(f"lax.reduce: the operands must share a shape, got {got}")
    for x, init in zip(xs, inits):
        if init.shape != () or init.dtype != x.dtype:
            raise MeshjitTypeError(
                f"lax.reduce: init value {init.str_short()} is not a scalar of the operand's "
                f"dtype {x.dtype.name}"
            )
    shape = tuple(d for i, d in enumerate(xs[0].shape) if i not in dimensions)
    return [ShapedArray(shape, x.dtype) for x in xs]


@lowering_rules.register(reduce_general_p)
def _general_reduce_lowering(ctx: LoweringRuleContext, *args, computation, dimensions, jaxpr):
    from meshjit.compiler.lowering import jaxpr_subcomp, token_scope

    n = len(args) // 2

    def body(ctx, accs, xs):
        consts = [constant(ctx.module_ctx, c) for c in jaxpr.consts]
        with token_scope(ctx.module_ctx):  # a region of its own
            return jaxpr_subcomp(ctx.module_ctx, jaxpr.jaxpr, consts, [*accs, *xs])

    return emit_reduce(ctx, args[:n], args[n:], dimensions, ctx.avals_out, body)


@sharding_rules.register(reduce_general_p)
def _general_reduce_sharding(out, *avals, computation, dimensions, jaxpr):
    n = len(avals) // 2
    return [reduced(o, avals[0], axes=dimensions) for o in out[:n]]


@batching_rules.register(reduce_general_p)
def _general_reduce_batch(args, dims, *, computation, dimensions, jaxpr):
    n = len(args) // 2
    if any(d is not None for d in dims[n:]):
        raise MeshjitNotImplementedError(
            "lax.reduce under vmap: batched init values are not supported (as in JAX)"
        )
    size = next(ad_util.aval_of(a).shape[d] for a, d in zip(args, dims) if d is not None)
    xs = []
    for x, d in zip(args[:n], dims[:n]):
        if d is None:
            shape = ad_util.aval_of(x).shape
            x = shapes.broadcast_in_dim(x, (size, *shape), tuple(range(1, len(shape) + 1)))
        else:
            x = moveaxis(x, d, 0)
        xs.append(x)
    moved = tuple(d + 1 for d in dimensions)
    outs = reduce_general_p.bind_internal(
        *xs, *args[n:], computation=computation, dimensions=moved, jaxpr=jaxpr
    )
    return outs, [0] * n


@jvp_rules.register(reduce_general_p)
def _general_reduce_jvp(primals, tangents, *, computation, dimensions, jaxpr):
    """JAX's rule: the reduced axes moved to the front and flattened, then halved repeatedly
    (the computation applied elementwise to the two halves, an odd half padded with the init
    values), differentiated in forward mode. Both outputs come from that tree, as in JAX."""
    from meshjit.compiler.ad.transform import jvp_eval  # ad/ sits above lax/
    from meshjit.compiler.trace.jaxprs import trace_to_jaxpr

    n = len(primals) // 2
    if any(t is not None for t in tangents[n:]):
        raise MeshjitNotImplementedError(
            "Gradient of general lax.reduce with non-zero tangents for initial values to "
            "reduction not implemented"
        )
    avals = [aval_of(p) for p in primals]
    tree = _halving_reduction(jaxpr, n, avals[0].shape, dimensions)
    closed = trace_to_jaxpr(tree, avals)
    return jvp_eval(closed.jaxpr, closed.consts, list(primals), list(tangents))


def _halving_reduction(jaxpr, n: int, shape, dimensions):
    from meshjit.compiler.batching.api import vmap  # batching/ sits above lax/
    from meshjit.compiler.lax import slicing  # a later family
    from meshjit.compiler.trace.jaxprs import eval_closed

    kept = [d for d in range(len(shape)) if d not in dimensions]
    flat_shape = (math.prod(shape[d] for d in dimensions), *(shape[d] for d in kept))
    reducer = lambda *args: eval_closed(jaxpr, args)  # noqa: E731 (scalars)
    for _ in range(len(flat_shape)):
        reducer = vmap(reducer)

    def tree(*args):
        inits = args[n:]
        xs = [
            shapes.reshape(shapes.transpose(x, (*dimensions, *kept)), flat_shape) for x in args[:n]
        ]
        while xs[0].shape[0] > 1:
            half = (xs[0].shape[0] + 1) // 2
            firsts = [slicing.slice_in_dim(x, 0, half) for x in xs]
            seconds = [slicing.slice_in_dim(x, half, x.shape[0]) for x in xs]
            if seconds[0].shape[0] != half:
                config = [(0, 1, 0)] + [(0, 0, 0)] * (len(flat_shape) - 1)
                seconds = [shapes.pad(x, i, config) for x, i in zip(seconds, inits)]
            xs = list(reducer(*firsts, *seconds))
        if xs[0].shape[0] == 0:
            return [shapes.full(flat_shape[1:], i) for i in inits]
        return [shapes.squeeze(x, (0,)) for x in xs]

    return tree


def _is_identity(init, identity) -> bool:
    try:
        value = np.asarray(init)
    except Exception:  # a traced init value: combine it in
        return False
    return value.shape == () and bool(value == identity)


linear_jvp(reduce_p["reduce_sum"])
zero_jvp(argmax_p)
zero_jvp(reduce_p["reduce_xor"])
zero_jvp(argmin_p)


@transpose_rules.register(reduce_p["reduce_sum"])
def _reduce_sum_transpose(ct, x, *, axes):
    shape = x.aval.shape
    kept = np.delete(np.arange(len(shape)), axes)  # NumPy integers, as JAX's (they print so)
    return [shapes.broadcast_in_dim(ct, shape, kept)]


# ---------------------------------------------------------------------------------------------
# jvp and transpose.


def _reduce_extremum_jvp(prim):
    """reduce_max / reduce_min: the mean of the tangents at the extremal entries."""

    def rule(primals, tangents, *, axes):
        (x,), (t,) = primals, tangents
        out = prim.bind(x, axes=axes)
        # as JAX's: the result with size-1 reduced axes, which eq broadcasts
        shape = [1 if i in axes else d for i, d in enumerate(aval_of(x).shape)]
        hits = as_dtype_of(elementwise.eq(x, shapes.reshape(out, shape)), x)
        count = reduce_sum(hits, axes)
        return out, elementwise.div(reduce_sum(elementwise.mul(t, hits), axes), count)

    jvp_rules[prim] = rule


_reduce_extremum_jvp(reduce_p["reduce_max"])
_reduce_extremum_jvp(reduce_p["reduce_min"])


def exclusive_products(x, axis: int):
    """Per entry along `axis`, the product of all the other entries (exact with zeros)."""
    from meshjit.compiler.lax import windowed  # a later family

    ndim = aval_of(x).ndim
    right_shift = [(0, 0, 0)] * ndim
    left_shift = [(0, 0, 0)] * ndim
    right_shift[axis], left_shift[axis] = (1, -1, 0), (-1, 1, 0)
    before = shapes.pad(windowed.cumprod(x, axis), 1, right_shift)
    after = shapes.pad(windowed.cumprod(x, axis, reverse=True), 1, left_shift)
    return elementwise.mul(before, after)


@jvp_rules.register(reduce_p["reduce_prod"])
def _reduce_prod_jvp(primals, tangents, *, axes):
    (x,), (t,) = primals, tangents
    out = reduce_p["reduce_prod"].bind(x, axes=axes)
    shape = aval_of(x).shape
    kept = [d for d in range(len(shape)) if d not in axes]
    flat_shape = [shape[d] for d in kept] + [math.prod(shape[a] for a in axes)]

    def flat(v):
        return shapes.reshape(shapes.transpose(v, kept + list(axes)), flat_shape)

    others = exclusive_products(flat(x), len(kept))
    return out, reduce_sum(elementwise.mul(flat(t), others), (len(kept),))


# ---------------------------------------------------------------------------------------------
# Batching: the mapped axis goes in front, past the reduced axes.


def _reduce_batcher(prim):
    @batching_rules.register(prim)
    def rule(args, dims, *, axes, **params):
        # JAX's reducer_batcher: the mapped axis stays; the axes past it shift (NumPy integers,
        # as JAX's jaxprs print them)
        (x,), (d,) = args, dims
        shifted = tuple(np.where(np.less(axes, d), axes, np.add(axes, 1)))
        out_dim = [i for i in range(aval_of(x).ndim) if i not in shifted].index(d)
        return prim.bind(x, axes=shifted, **params), out_dim


for _prim in (*reduce_p.values(), argmax_p, argmin_p):
    _reduce_batcher(_prim)
