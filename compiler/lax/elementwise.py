"""Elementwise primitives (unary and binary math, bit counts, comparisons, integer_pow, select_n,
clamp, convert_element_type): each with its abstract eval, lowering, jvp and transpose rules, and the
user-facing wrappers."""

from __future__ import annotations

import builtins
import enum
import functools
import math
import warnings

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import chlo
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler import lowering_dims as dims_lowering
from meshjit.compiler.errors import (
    KeyArrayAsArrayError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import (
    Eqn,
    Literal,
    ShapedArray,
    keys_kept,
    pp_eqn,
    pp_eqn_rules,
    shaped_array,
)
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import register_elementwise
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.accuracy import AccuracyMode, accuracy_params
from meshjit.compiler.lax.ad_util import (
    add_tangents,
    aval_of,
    inline,
    instantiate,
    is_undefined,
    linear_jvp,
    zero_jvp,
    zeros_like_aval,
)
from meshjit.compiler.lax.batching import elementwise_operands, elementwise_rule, unary_rule
from meshjit.compiler.lowering import (
    LoweringRuleContext,
    OneOp,
    constant,
    emit,
    implicit_broadcasts,
)
from meshjit.compiler.trace.tracing import Tracer, checked_dtype, current_trace

# ---------------------------------------------------------------------------------------------
# The primitives and their abstract evaluation.

# name -> dtype kinds it accepts ('f' float, 'c' complex, 'i' int, 'b' bool), as JAX's lax
UNARY_OPS = {
    "neg": "ifc",
    "abs": "fsc",  # unsigned integers refused, as JAX
    "sign": "ifc",
    "floor": "f",
    "ceil": "f",
    "round": "f",
    "round_away_from_zero": "f",
    "exp": "fc",
    "exp2": "fc",
    "log": "fc",
    "log1p": "fc",
    "expm1": "fc",
    "sqrt": "fc",
    "rsqrt": "fc",
    "cbrt": "f",
    "sin": "fc",
    "cos": "fc",
    "tan": "fc",
    "tanh": "fc",
    "logistic": "fc",
    "square": "ifc",  # its own primitive, as JAX's (x ** 2 is integer_pow)
    "erf": "f",
    "not": "ib",
    "is_finite": "f",
    "clz": "i",
    "population_count": "i",
}
BINARY_OPS = {
    "add": "ifc",
    "add_any": "ifc",  # add, as autodiff sums tangents and cotangents (JAX's name for it)
    "sub": "ifc",
    "mul": "ifc",
    "div": "ifc",
    "rem": "if",  # in the order JAX names them
    "pow": "fc",
    "max": "fibc",  # complex: lexicographic on (real, imag), as StableHLO and JAX
    "min": "fibc",
    "and": "ib",
    "or": "ib",
    "xor": "ib",
    "atan2": "fc",
}
COMPARE_OPS = ("eq", "ne", "lt", "le", "gt", "ge")
_ORDERED = ("lt", "le", "gt", "ge")  # complex numbers have no order: JAX refuses them

# The functions taking `accuracy=` (compiler/lax/accuracy.py), as JAX 0.10.2's (and exp2).
ACCURATE_OPS = frozenset(
    (
        "exp",
        "exp2",
        "log",
        "log1p",
        "expm1",
        "sqrt",
        "rsqrt",
        "cbrt",
        "sin",
        "cos",
        "tan",
        "tanh",
        "logistic",
    )
)

unary_p = {name: Primitive(name) for name in UNARY_OPS}
binary_p = {name: Primitive(name) for name in BINARY_OPS}
compare_p = {name: Primitive(name) for name in COMPARE_OPS}


# These rules run once per traced op: the checks are skipped when they cannot fail, and each
# rule remembers the dtypes it has accepted.


def _unary_rule(name, kinds):
    accepted = set()

    def rule(x, accuracy=None):
        if x.dtype not in accepted:
            checks.dtype_in(name, x, kinds)
            if name == "abs":
                checks.no_narrow_ints(name, x)
            accepted.add(x.dtype)
        if name == "is_finite":  # as JAX: a weak operand gives a weak bool
            return shaped_array(x.shape, dtypes.bool_, x.weak_type)
        if name == "abs" and dtypes.is_complex(x.dtype):  # |z| is real
            return shaped_array(x.shape, dtypes.real_dtype(x.dtype), x.weak_type)
        return x

    return rule


def _binary_rule(name, kinds):
    accepted = set()
    # id(x), id(y) -> (x, y, result) for operands of two shapes (`x - sum(x, 1, keepdims=True)`):
    # avals are shared, so the same pairs come again, and checking the broadcast costs more.
    broadcasts: dict[tuple[int, int], tuple] = {}

    def rule(x, y):
        if x.dtype != y.dtype:
            checks.same_dtypes(name, (x, y))
        if x.dtype not in accepted:
            checks.dtype_in(name, x, kinds, position=0)
            accepted.add(x.dtype)
        if x.shape != y.shape:
            if not y.shape and not x.weak_type:
                return x  # a rank-0 operand (`x * 0.5`): the result is x's type
            if not x.shape and not y.weak_type:
                return y
            hit = broadcasts.get((id(x), id(y)))
            if hit is not None and hit[0] is x and hit[1] is y:
                return hit[2]
            shape = checks.broadcast_binary(name, x, y)
            out = shaped_array(shape, x.dtype, x.weak_type and y.weak_type)
            if len(broadcasts) > 256:  # it keeps avals alive: bound it
                broadcasts.clear()
            broadcasts[id(x), id(y)] = (x, y, out)
            return out
        if x.weak_type and not y.weak_type:
            return y
        return x  # avals are immutable: sharing them saves an object per op (and a type lookup)

    return rule


def _compare_rule(name):
    def rule(x, y):
        shape = x.shape if x.shape == y.shape else checks.broadcast_binary(name, x, y)
        if x.dtype != y.dtype:
            checks.same_dtypes(name, (x, y))
        if name in _ORDERED and dtypes.is_complex(x.dtype):
            checks.dtype_in(name, x, "ifb", position=0)
        # As JAX: comparing weak values gives a weak bool.
        return shaped_array(shape, dtypes.bool_, x.weak_type and y.weak_type)

    return rule


for _name, _kinds in UNARY_OPS.items():
    abstract_eval_rules.register(unary_p[_name])(_unary_rule(_name, _kinds))
for _name, _kinds in BINARY_OPS.items():
    abstract_eval_rules.register(binary_p[_name])(_binary_rule(_name, _kinds))
for _name in COMPARE_OPS:
    abstract_eval_rules.register(compare_p[_name])(_compare_rule(_name))

integer_pow_p = Primitive("integer_pow")


@abstract_eval_rules.register(integer_pow_p)
def _integer_pow_rule(x, *, y):
    checks.dtype_in("integer_pow", x, "ifc")
    if dtypes.is_int(x.dtype) and y < 0:
        shown = f"{np.dtype(x.dtype).name}[{','.join(map(str, x.shape))}]"
        raise MeshjitTypeError(  # JAX's class and words
            f"Integers cannot be raised to negative powers, got integer_pow({shown}, {y})"
        )
    return x


select_n_p = Primitive("select_n")


@abstract_eval_rules.register(select_n_p)
def _select_n_rule(which, *cases):
    if not cases:
        raise MeshjitValueError("select_n() must have at least one case")
    if len({c.shape for c in cases}) > 1:  # JAX's words
        shapes = [c.shape for c in cases]
        raise MeshjitTypeError(f"select cases must have the same shapes, got {shapes}.")
    checks.same_dtypes("select_n cases", cases)
    if which.shape and which.shape != cases[0].shape:
        raise MeshjitTypeError(
            "select `which` must be scalar or have the same shape as cases, got `which` shape "
            f"{which.shape} but case shape {cases[0].shape}."
        )
    if which.dtype != dtypes.bool_ and which.dtype.kind not in "iu":  # JAX: any integer
        raise MeshjitTypeError(
            f"select `which` must be boolean or integer type, got {which.dtype}."
        )
    if which.dtype == dtypes.bool_ and len(cases) > 2:
        raise MeshjitTypeError("select_n with a bool predicate takes at most two cases")
    out = ShapedArray(cases[0].shape, cases[0].dtype, all(c.weak_type for c in cases))
    return keys_kept(cases[0], out)  # a choice between typed keys' data: keys


clamp_p = Primitive("clamp")


@abstract_eval_rules.register(clamp_p)
def _clamp_rule(lo, x, hi):
    for name, bound in (("min", lo), ("max", hi)):
        if bound.shape not in ((), x.shape):
            raise MeshjitTypeError(  # JAX's words
                f"clamp requires {name}.shape == operand.shape or {name}.shape == (), got "
                f"{name}.shape={bound.shape}, operand.shape={x.shape}."
            )
    checks.same_dtypes("clamp", (lo, x, hi))
    if x.weak_type and not (lo.weak_type and hi.weak_type):
        return x.strip_weak_type()  # weak only when all three are, as JAX's
    return x


convert_element_type_p = Primitive("convert_element_type")


@abstract_eval_rules.register(convert_element_type_p)
def _convert_rule(x, *, new_dtype, weak_type):
    return shaped_array(x.shape, new_dtype, weak_type)


# ---------------------------------------------------------------------------------------------
# Lowering.

_UNARY_BUILDERS = {
    "neg": hlo.NegOp,
    "abs": hlo.AbsOp,
    "sign": hlo.SignOp,
    "floor": hlo.FloorOp,
    "ceil": hlo.CeilOp,
    "round": hlo.RoundNearestEvenOp,
    "round_away_from_zero": hlo.RoundOp,
    "exp": hlo.ExpOp,
    "log": hlo.LogOp,
    "log1p": hlo.Log1pOp,
    "expm1": hlo.Expm1Op,
    "sqrt": hlo.SqrtOp,
    "rsqrt": hlo.RsqrtOp,
    "cbrt": hlo.CbrtOp,
    "sin": hlo.SineOp,
    "cos": hlo.CosineOp,
    "tan": hlo.TanOp,
    "tanh": hlo.TanhOp,
    "erf": chlo.ErfOp,
    "not": hlo.NotOp,
    "is_finite": hlo.IsFiniteOp,
    "clz": hlo.ClzOp,
    "population_count": hlo.PopulationCountOp,
}
_BINARY_BUILDERS = {
    "add": hlo.AddOp,
    "add_any": hlo.AddOp,
    "sub": hlo.SubtractOp,
    "mul": hlo.MulOp,
    "div": hlo.DivOp,
    "rem": hlo.RemOp,
    "pow": hlo.PowOp,
    "max": hlo.MaxOp,
    "min": hlo.MinOp,
    "and": hlo.AndOp,
    "or": hlo.OrOp,
    "xor": hlo.XorOp,
    "atan2": hlo.Atan2Op,
}


_prims = {**unary_p, **binary_p}
for _name, _builder in (*_UNARY_BUILDERS.items(), *_BINARY_BUILDERS.items()):
    lowering_rules.register(_prims[_name], OneOp(_builder.OPERATION_NAME, elementwise=True))


def _sign_lowering(ctx: LoweringRuleContext, x):
    """As JAX: stablehlo.sign takes no unsigned integers, whose sign is x != 0."""
    dtype = ctx.avals_in[0].dtype
    if not dtypes.is_unsigned(dtype):
        return hlo.SignOp(x).result
    zero = hlo.BroadcastInDimOp(ctx.result_type, constant(ctx.module_ctx, np.zeros((), dtype)), [])
    one = hlo.BroadcastInDimOp(ctx.result_type, constant(ctx.module_ctx, np.ones((), dtype)), [])
    return hlo.SelectOp(compare(x, zero.result, "EQ", dtype), zero.result, one.result).result


lowering_rules.register(unary_p["sign"], _sign_lowering)


def _constant_derived(value: ir.Value, seen: set, budget: list) -> bool:
    """Whether `value` is computed from constants only: the MLIR folders XLA runs before its
    own compile may then fold an op of it (looked at up to `budget[0]` ops)."""
    if not isinstance(value, ir.OpResult):
        return False  # an argument of the function or of a region
    op = value.owner
    if op in seen:
        return True
    budget[0] -= 1
    if budget[0] < 0 or len(op.regions):
        return False
    seen.add(op)
    return all(_constant_derived(v, seen, budget) for v in op.operands)


def _integer_division_lowering(name: str, ctx: LoweringRuleContext, x, y):
    """div / rem as one op, except on integers computed from constants only: MLIR's folder
    divides those by zero natively (the process dies of SIGFPE compiling
    `jnp.floor_divide(jnp.asarray([3]), 0)`), so a zero divisor is replaced by one and the
    result by XLA's own for it (x / 0 is -1, all ones unsigned; x % 0 is x)."""
    x, y = implicit_broadcasts(ctx, x, y)
    dtype = ctx.avals_in[0].dtype
    op = hlo.DivOp if name == "div" else hlo.RemOp
    seen, budget = set(), [64]
    if dtypes.is_inexact(dtype) or not (
        _constant_derived(y, seen, budget) and _constant_derived(x, seen, budget)
    ):  # (built directly: the generated builder infers the type, ~30 us an op)
        return emit(op.OPERATION_NAME, [ctx.result_type], [x, y]).result
    zeros, ones = np.zeros((), dtype), np.ones((), dtype)
    zero, one = (
        hlo.BroadcastInDimOp(ctx.result_type, constant(ctx.module_ctx, v), []).result
        for v in (zeros, ones)
    )
    is_zero = compare(y, zero, "EQ", dtype)
    quotient = op(x, hlo.SelectOp(is_zero, one, y).result).result
    if name == "rem":
        return hlo.SelectOp(is_zero, x, quotient).result
    minus_one = constant(ctx.module_ctx, np.asarray(-1).astype(dtype))
    minus_one = hlo.BroadcastInDimOp(ctx.result_type, minus_one, []).result
    return hlo.SelectOp(is_zero, minus_one, quotient).result


for _name in ("div", "rem"):  # one op (jaxpr_subcomp's fast path) on floats; "V": ml_dtypes'
    lowering_rules[binary_p[_name]].special(
        functools.partial(_integer_division_lowering, _name), kinds="iubV"
    )


def complex_extremum(x: ir.Value, y: ir.Value, direction: str) -> ir.Value:
    """max ("GT") / min ("LT") of complex values, ordered lexicographically on (real, imag) as
    JAX does (XLA's CPU max and min of complex values compare the real parts only)."""
    rx, ry = hlo.RealOp(x).result, hlo.RealOp(y).result
    ix, iy = hlo.ImagOp(x).result, hlo.ImagOp(y).result
    dtype = dtypes.float32  # any float: the comparison type is FLOAT
    pick_x = hlo.SelectOp(
        compare(rx, ry, "EQ", dtype),
        compare(ix, iy, direction, dtype),
        compare(rx, ry, direction, dtype),
    ).result
    return hlo.SelectOp(pick_x, x, y).result


def _complex_extremum_lowering(direction, ctx: LoweringRuleContext, x, y):
    x, y = implicit_broadcasts(ctx, x, y)
    return complex_extremum(x, y, direction)


for _name, _direction in (("max", "GT"), ("min", "LT")):  # one op on real values
    lowering_rules[binary_p[_name]].special(
        functools.partial(_complex_extremum_lowering, _direction)
    )


def compare_type(dtype) -> str:
    if dtypes.is_inexact(dtype):
        return "FLOAT"
    if dtypes.is_unsigned(dtype) or dtypes.is_bool(dtype):
        return "UNSIGNED"
    return "SIGNED"


def compare(x: ir.Value, y: ir.Value, direction: str, dtype) -> ir.Value:
    return hlo.CompareOp(
        x,
        y,
        hlo.ComparisonDirectionAttr.get(direction),
        compare_type=hlo.ComparisonTypeAttr.get(compare_type(dtype)),
    ).result


def _compare_lowering(direction, ctx, x, y):
    x, y = implicit_broadcasts(ctx, x, y)
    return compare(x, y, direction, ctx.avals_in[0].dtype)


for _name in COMPARE_OPS:
    lowering_rules.register(compare_p[_name], functools.partial(_compare_lowering, _name.upper()))


def _integer_pow_lowering(ctx: LoweringRuleContext, x, *, y):
    # Square-and-multiply, as XLA would not fold a generic pow with a constant exponent; x ** 3
    # is (x * x) * x as in JAX (complex products round differently in the other order).
    if y == 3:
        return hlo.MulOp(hlo.MulOp(x, x).result, x).result
    acc, base, n = None, x, builtins.abs(y)  # `abs` here is the lax wrapper
    while n:
        if n & 1:
            acc = base if acc is None else hlo.MulOp(acc, base).result
        n >>= 1
        if n:
            base = hlo.MulOp(base, base).result
    if acc is None:
        acc = broadcast_scalar(ctx, np.ones((), ctx.avals_in[0].dtype), ctx.avals_out[0])
    if y < 0:
        one = broadcast_scalar(ctx, np.ones((), ctx.avals_in[0].dtype), ctx.avals_out[0])
        acc = hlo.DivOp(one, acc).result
    return acc


lowering_rules.register(integer_pow_p, _integer_pow_lowering)


def broadcast_scalar(ctx: LoweringRuleContext, value: np.ndarray, aval) -> ir.Value:
    """`value` filled into `aval`'s shape (a dynamic broadcast for a symbolic shape)."""
    c = constant(ctx.module_ctx, np.asarray(value, aval.dtype))
    if not aval.shape:
        return c
    return dims_lowering.broadcast(ctx.module_ctx, c, ctx.tensor_type(aval), aval.shape, [])


def _select_n_lowering(ctx: LoweringRuleContext, which, *cases):
    which_aval = ctx.avals_in[0]
    if which_aval.shape != ctx.avals_out[0].shape:
        pred_aval = which_aval.update(shape=ctx.avals_out[0].shape)
        which = hlo.BroadcastInDimOp(ctx.tensor_type(pred_aval), which, []).result
    else:
        pred_aval = which_aval
    return _select_tree(ctx, which, pred_aval, list(cases), 0)


def _select_tree(ctx, which, pred_aval, cases, offset):
    if len(cases) == 1:
        return cases[0]
    if pred_aval.dtype == dtypes.bool_:
        return hlo.SelectOp(which, cases[1], cases[0]).result
    mid = len(cases) // 2
    bound = broadcast_scalar(ctx, np.asarray(offset + mid, pred_aval.dtype), pred_aval)
    pred = compare(which, bound, "LT", pred_aval.dtype)
    lo = _select_tree(ctx, which, pred_aval, cases[:mid], offset)
    hi = _select_tree(ctx, which, pred_aval, cases[mid:], offset + mid)
    return hlo.SelectOp(pred, lo, hi).result


lowering_rules.register(select_n_p, _select_n_lowering)


def _clamp_lowering(ctx, lo, x, hi):
    return hlo.ClampOp(lo, x, hi).result


lowering_rules.register(clamp_p, _clamp_lowering)


def _convert_lowering(ctx: LoweringRuleContext, x, *, new_dtype, weak_type):
    src = ctx.avals_in[0].dtype
    if src == new_dtype:
        return x
    if dtypes.is_complex(src) and not dtypes.is_complex(new_dtype):  # as JAX: the real part
        src = dtypes.real_dtype(src)
        x = hlo.RealOp(x).result
        if src == new_dtype:
            return x
        if new_dtype == dtypes.bool_:
            aval = ctx.avals_in[0].update(dtype=src)
            return compare(x, broadcast_scalar(ctx, np.zeros((), src), aval), "NE", src)
    if new_dtype == dtypes.bool_:
        zero = broadcast_scalar(ctx, np.zeros((), src), ctx.avals_in[0])
        return compare(x, zero, "NE", src)
    return emit("stablehlo.convert", [ctx.result_type], [x]).result


lowering_rules.register(convert_element_type_p, _convert_lowering)


# ---------------------------------------------------------------------------------------------
# User-facing wrappers.


def lax_operands(*xs, name: str = "binary op"):
    """lax ops take equal dtypes; a weak operand (a Python scalar) adopts the dtype of the
    strong ones when that keeps its kind and value (an int into a float array, a float into
    bfloat16). Crossing kinds (a float into an int array) or overflowing raises JAX's TypeError
    instead of truncating. Shapes are the primitive's business: it broadcasts rank-0 and size-1
    operands, as JAX's lax does."""
    avals = [aval_of(x) for x in xs]
    first = avals[0].dtype
    if all(a.dtype == first for a in avals):
        return xs
    strong = [a for a in avals if not a.weak_type]
    target = (strong or avals)[0].dtype
    for x, a in zip(xs, avals):
        if a.dtype != target and a.weak_type and not _fits(x, a.dtype, target):
            got = ", ".join(a.str_short() for a in avals)
            raise MeshjitTypeError(
                f"lax.{name} requires arguments to have the same dtypes, got {got} (a weak "
                "scalar converts only within its kind and range; jnp's ops promote)"
            )
    return [
        _convert_weak(x, target, keep_weak=not strong) if a.dtype != target and a.weak_type else x
        for x, a in zip(xs, avals)
    ]


def _kind_rank(dtype) -> int:
    if dtypes.is_complex(dtype):
        return 3
    return 0 if dtypes.is_bool(dtype) else 1 if dtypes.is_int(dtype) else 2


def _fits(x, dtype, target) -> bool:
    """A weak `x` of `dtype` converts to `target` without a change of kind or value."""
    if _kind_rank(dtype) > _kind_rank(target):
        return False
    if type(x) is int and dtypes.is_int(target):
        info = dtypes.iinfo(target)
        return info.min <= x <= info.max
    return True


def _convert_weak(x, target, keep_weak: bool):
    """A weak operand in `target`; it stays weak when every operand is weak (as in JAX)."""
    if not keep_weak:
        return convert_element_type(x, target)
    if type(x) is int and target == dtypes.default_float:
        return float(x)  # a weak float literal
    return convert_element_type(x, target, weak_type=True)


def _unary(name):
    prim = unary_p[name]

    def op(x):
        return prim.bind_internal(x)

    if name in ACCURATE_OPS:

        def op(x, *, accuracy=None):  # noqa: F811
            if accuracy is None:
                return prim.bind_internal(x)
            return prim.bind_internal(x, **accuracy_params(accuracy))

    op.__name__ = op.__qualname__ = name  # (Python names it in its errors)
    op.primitive = prim  # meshjit.numpy binds it directly on traced operands
    return op


def _binary(name, prim=None):
    prim = binary_p[name] if prim is None else prim

    def op(x, y):
        return prim.bind_internal(*lax_operands(x, y, name=prim.name))

    op.__name__ = op.__qualname__ = name  # (Python names it in its errors)
    op.primitive = prim  # callers whose operands already share a dtype bind it directly
    return op


def _compare(name):
    return _binary(name, compare_p[name])


neg, abs, sign = _unary("neg"), _unary("abs"), _unary("sign")
floor, ceil = _unary("floor"), _unary("ceil")
_round_even, _round_away = _unary("round"), _unary("round_away_from_zero")


class RoundingMethod(enum.IntEnum):
    AWAY_FROM_ZERO = 0
    TO_NEAREST_EVEN = 1


def _pp_round(method: RoundingMethod):
    """Prints a rounding equation as JAX's one `round` primitive with its rounding_method."""

    def rule(eqn: Eqn, context):
        shown = Eqn(unary_p["round"], eqn.invars, eqn.outvars, eqn.params, eqn.source)
        return pp_eqn(shown, context, {**eqn.params, "rounding_method": method})

    return rule


pp_eqn_rules[unary_p["round"]] = _pp_round(RoundingMethod.TO_NEAREST_EVEN)
pp_eqn_rules[unary_p["round_away_from_zero"]] = _pp_round(RoundingMethod.AWAY_FROM_ZERO)


def round(x, rounding_method=RoundingMethod.AWAY_FROM_ZERO):
    """x rounded to an integral value: halves away from zero (JAX's default), or to even."""
    try:
        method = RoundingMethod(rounding_method)
    except ValueError:  # enum's words, raised here (not deep in enum)
        raise MeshjitValueError(
            f"{rounding_method!r} is not a valid RoundingMethod (use lax.RoundingMethod)"
        ) from None
    if method == RoundingMethod.TO_NEAREST_EVEN:
        return _round_even(x)
    return _round_away(x)


exp, log, log1p, expm1 = _unary("exp"), _unary("log"), _unary("log1p"), _unary("expm1")
exp2 = _unary("exp2")
sqrt, rsqrt, cbrt = _unary("sqrt"), _unary("rsqrt"), _unary("cbrt")
sin, cos, tan, tanh = _unary("sin"), _unary("cos"), _unary("tan"), _unary("tanh")
logistic, erf, is_finite = _unary("logistic"), _unary("erf"), _unary("is_finite")
bitwise_not = _unary("not")
clz, population_count = _unary("clz"), _unary("population_count")
add, sub, mul, div = _binary("add"), _binary("sub"), _binary("mul"), _binary("div")
add_any = _binary("add_any")
rem, max, min = _binary("rem"), _binary("max"), _binary("min")
_pow = _binary("pow")


def pow(x, y):
    """x ** y, elementwise: `y` of `x`'s inexact dtype, or an integer array, converted to it (as
    JAX lowers lax.pow of an integer exponent; the result is strong, as JAX's)."""
    ax, ay = aval_of(x), aval_of(y)
    if dtypes.is_inexact(ax.dtype) and dtypes.is_int(ay.dtype) and not ay.weak_type:
        y = convert_element_type(y, ax.dtype)
    elif dtypes.is_inexact(ax.dtype) and dtypes.is_inexact(ay.dtype) and ax.dtype != ay.dtype:
        if not (ax.weak_type or ay.weak_type):
            raise MeshjitTypeError(
                "the first argument to pow must have an inexact dtype (float or complex), and "
                "the second argument must have an inexact or integer dtype, and two inexact "
                f"dtypes must match, but got {ax.dtype} and {ay.dtype} respectively."
            )
    return _pow(x, y)


pow.primitive = _pow.primitive
bitwise_and, bitwise_or, bitwise_xor = _binary("and"), _binary("or"), _binary("xor")
atan2 = _binary("atan2")
eq, ne, lt, le, gt, ge = (_compare(n) for n in COMPARE_OPS)


def integer_pow(x, y: int):
    if not isinstance(y, (int, np.integer)) or isinstance(y, bool):
        raise MeshjitTypeError(  # Python's words, as JAX fails on it (its `y & 1`), then ours
            f"unsupported operand type(s) for &: '{type(y).__name__}' and 'int' (integer_pow "
            f"requires an integer exponent y, got {y!r}; use lax.pow for other exponents)"
        )
    return integer_pow_p.bind_internal(x, y=int(y))


square = _unary("square")


def _folded(x, dtype):
    """A Python / NumPy scalar cast to `dtype` now. Eagerly JAX casts on the device: an
    overflow to inf warns only under a trace, where JAX folds the cast with NumPy."""
    if current_trace() is not None:
        return np.asarray(x, dtype)
    with np.errstate(over="ignore"):
        return np.asarray(x, dtype)


def _is_traced_literal(x) -> bool:
    return isinstance(x, Tracer) and type(x._var) is Literal


def _folded_literal(x, dtype):
    """A traced scalar constant (`jnp.asarray(2.0)` under a trace) cast now with NumPy, as
    JAX's folding rule does: the jaxpr shows the typed literal, no convert_element_type (and
    ops on it are still traced, as on JAX's typed literal)."""
    value = np.asarray(x._var.val)
    if dtypes.is_complex(value.dtype) and not dtypes.is_complex(dtype):
        value = value.real
    value = _folded(value, dtype)
    return Tracer(x._trace, Literal(value, ShapedArray((), value.dtype)))


def select_n(which, *cases):
    return select_n_p.bind_internal(which, *cases)


def select(pred, on_true, on_false):
    return select_n_p.bind_internal(pred, on_false, on_true)


def clamp(min, x, max):
    dtype = aval_of(x).dtype
    lo, hi = (_as_bound(b, dtype) for b in (min, max))
    return clamp_p.bind_internal(lo, x, hi)


def _as_bound(b, dtype):
    """A Python scalar bound stays as written (0.2 prints as 0.2; one of another dtype than x's
    is JAX's TypeError); other weak bounds take x's dtype."""
    if isinstance(b, (int, float)) or not aval_of(b).weak_type:
        return b
    return convert_element_type(b, dtype)


def convert_element_type(
    x, new_dtype, *, weak_type: bool = False, warn_on_complex_to_real_cast: bool = True
):
    new_dtype = checked_dtype(new_dtype)
    try:  # (no cost unless it raises)
        if warn_on_complex_to_real_cast and not dtypes.is_complex(new_dtype) and _is_complex(x):
            warnings.warn(
                "Casting complex values to real discards the imaginary part",
                np.exceptions.ComplexWarning,
                stacklevel=2,
            )
        if not weak_type and isinstance(x, (bool, int, float, complex, np.generic)):
            if type(x) is int and dtypes.is_int(new_dtype):
                return _wrapped_int(x, new_dtype)
            return _folded(x, new_dtype)  # folded now: it becomes a typed literal
        if not weak_type and _is_traced_literal(x) and np.dtype(new_dtype).kind in "biufc":
            return _folded_literal(x, new_dtype)  # JAX's const folding of the cast
        if weak_type and type(x) is int and dtypes.is_int(new_dtype):
            # past the dtype's range: wrapped, as JAX's NumPy cast (still a Python int: a literal)
            x = int(_wrapped_int(x, new_dtype))
        if weak_type and type(x) in (bool, int) and new_dtype == dtypes.default_float:
            if -(2**24) <= x <= 2**24:  # exact in any float: a weak float literal, as JAX folds it
                return float(x)
        aval = aval_of(x)
        if aval.dtype == new_dtype and aval.weak_type == weak_type:
            return x  # also a Python scalar that is already of this weak type: it stays a literal
        return convert_element_type_p.bind_internal(x, new_dtype=new_dtype, weak_type=weak_type)
    except KeyArrayAsArrayError as e:  # JAX's words: a typed key has no element type to convert
        raise MeshjitValueError(
            f"Cannot convert_element_type from {e.keys.dtype.name} to {np.dtype(new_dtype).name}"
        ) from None


def _is_complex(x) -> bool:
    if isinstance(x, (bool, int, float)):  # also Python ints beyond int32, which wrap
        return False
    return dtypes.is_complex(aval_of(x).dtype)


def _wrapped_int(x: int, dtype) -> np.ndarray:
    """A Python int converted as JAX's convert_element_type does it: through NumPy's int64,
    wrapping into the dtype (`int8(200)` is -56)."""
    return np.asarray(np.asarray(x).astype(dtype))


def _mul_opt(t, coefficient):
    return None if t is None else mul(t, coefficient)


def _mul_by_opt(coefficient, t):  # the operands in JAX's order (the same product)
    return None if t is None else mul(coefficient, t)


def as_dtype_of(x, like):
    """A bool mask as a float array of `like`'s dtype (weak when `like` is, as JAX's
    full_like-made masks: a gradient at a weak input stays weak)."""
    like = aval_of(like)
    return convert_element_type(x, like.dtype, weak_type=like.weak_type)


for _name in ("sign", "floor", "ceil", "round", "round_away_from_zero", "is_finite"):
    zero_jvp(unary_p[_name])
for _prim in compare_p.values():
    zero_jvp(_prim)
# As JAX's defjvp_zero: bitwise ops reached with a (float0) tangent, as a bool or integer carry
# of a checkpointed scan body has, give a zero one.
for _name in ("not", "clz", "population_count"):
    zero_jvp(unary_p[_name])
for _name in ("and", "or", "xor"):
    zero_jvp(binary_p[_name])


# ---------------------------------------------------------------------------------------------
# Unary elementwise ops: the tangent is t times a coefficient of x and the output y.


def _unary_jvp(name, tangent):
    prim = unary_p[name]

    def rule(primals, tangents, **params):
        (x,), (t,) = primals, tangents
        y = prim.bind(x, **params)
        accurate = _accurate_tangent(name, params["accuracy"]) if params else None
        if accurate is not None:
            return y, accurate(t, x, y, params["accuracy"])
        return y, tangent(t, x, y)

    jvp_rules[prim] = rule


def _accurate_tangent(name: str, accuracy):
    """JAX's tangent of `name` given `accuracy=`, where it is not the plain one: of the same
    accuracy (sin, cos), or computed another way under AccuracyMode.HIGHEST."""
    if accuracy is AccuracyMode.HIGHEST and name in _HIGHEST_TANGENTS:
        return _HIGHEST_TANGENTS[name]
    return _ACCURATE_TANGENTS.get(name)


_ACCURATE_TANGENTS = {
    "sin": lambda t, x, y, a: mul(t, cos(x, accuracy=a)),
    "cos": lambda t, x, y, a: neg(mul(t, sin(x, accuracy=a))),
}
_HIGHEST_TANGENTS = {
    "expm1": lambda t, x, y, a: mul(t, exp(x, accuracy=a)),
    "tanh": lambda t, x, y, a: mul(
        t, mul(4.0, mul(logistic(mul(2.0, x), accuracy=a), logistic(mul(-2.0, x), accuracy=a)))
    ),
    "logistic": lambda t, x, y, a: mul(t, mul(y, logistic(neg(x)))),
}


_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)


def _abs_tangent(t, x, y):
    if not dtypes.is_complex(aval_of(x).dtype):
        return select(ge(x, 0.0), t, neg(t))  # as JAX: 1 at 0, -1 at NaN
    from meshjit.compiler.lax import complex_parts  # a later family

    # As JAX: re(t * conj(x) / |x|), with |x| taken as 1 at 0 (so the tangent is 0 there).
    magnitude = convert_element_type(y, aval_of(x).dtype)
    safe = select(eq(magnitude, 0.0), _ones_like(magnitude), magnitude)
    return complex_parts.real(mul(t, div(complex_parts.conj(x), safe)))


def _ones_like(x):
    return _filled(x, 1)


_unary_jvp("abs", _abs_tangent)
_unary_jvp("exp", lambda t, x, y: mul(t, y))
_unary_jvp("exp2", lambda t, x, y: mul(log(np.asarray(2, aval_of(x).dtype)), mul(t, y)))
_unary_jvp("log", lambda t, x, y: div(t, x))
_unary_jvp("log1p", lambda t, x, y: div(t, add(x, 1.0)))
_unary_jvp("expm1", lambda t, x, y: mul(t, add(y, 1.0)))
_unary_jvp("sqrt", lambda t, x, y: mul(t, div(0.5, y)))
_unary_jvp("rsqrt", lambda t, x, y: mul(t, mul(div(y, x), -0.5)))
_unary_jvp("cbrt", lambda t, x, y: mul(t, mul(integer_pow(y, -2), 1.0 / 3.0)))
_unary_jvp("sin", lambda t, x, y: mul(t, cos(x)))
_unary_jvp("cos", lambda t, x, y: neg(mul(t, sin(x))))
_unary_jvp("tan", lambda t, x, y: mul(t, add(mul(y, y), 1.0)))
_unary_jvp("tanh", lambda t, x, y: mul(add(t, mul(t, y)), sub(1.0, y)))
_unary_jvp("logistic", lambda t, x, y: mul(t, mul(y, sub(1.0, y))))
_unary_jvp("square", lambda t, x, y: mul(t, mul(2.0, x)))
_unary_jvp(
    "erf",
    lambda t, x, y: mul(_TWO_OVER_SQRT_PI, mul(t, exp(neg(mul(x, x))))),
)

linear_jvp(unary_p["neg"])


@transpose_rules.register(unary_p["neg"])
def _neg_transpose(ct, x):
    return [neg(ct)]


@jvp_rules.register(integer_pow_p)
def _integer_pow_jvp(primals, tangents, *, y):
    (x,), (t,) = primals, tangents
    out = integer_pow_p.bind(x, y=y)
    if y == 0:
        return out, None
    # As JAX: y * x**(y-1), with x itself for y == 2; y a constant of x's kind (a weak float
    # does not take a weak complex x's dtype).
    c = complex(y) if dtypes.is_complex(aval_of(x).dtype) else float(y)
    coefficient = c if y == 1 else mul(c, x if y == 2 else integer_pow(x, y - 1))
    return out, mul(t, coefficient)


# ---------------------------------------------------------------------------------------------
# Binary elementwise ops.


def _binary_jvp(name, tangent):
    prim = binary_p[name]

    def rule(primals, tangents):
        (x, y), (tx, ty) = primals, tangents
        out = prim.bind(x, y)
        if (tx is None and ty is None) or not dtypes.is_inexact(aval_of(out).dtype):
            return out, None  # integers have no tangent (the rules' scalars are floats)
        t = tangent(tx, ty, x, y, out)
        return out, None if t is None else broadcast_to_result(t, aval_of(out).shape)

    jvp_rules[prim] = rule


def broadcast_to_result(x, shape):
    """`x` broadcast as a binary primitive broadcasts its rank-0 and size-1 operands."""
    from meshjit.compiler.lax import shapes  # a later family

    x_shape = aval_of(x).shape
    if x_shape == shape:
        return x
    return shapes.broadcast_in_dim(x, shape, range(len(x_shape)))


def unbroadcast(ct, operand):
    """The cotangent of an operand a binary primitive broadcast implicitly: `ct` summed over
    the dimensions the operand was broadcast along (the transpose of `broadcast_to_result`)."""
    from meshjit.compiler.lax import reductions, shapes  # a later family

    shape, ct_shape = aval_of(operand).shape, aval_of(ct).shape
    if shape == ct_shape:
        return ct
    if not shape:
        return reductions.reduce_sum(ct, tuple(range(len(ct_shape))))
    axes = tuple(d for d, (a, b) in enumerate(zip(shape, ct_shape)) if a != b)
    return shapes.reshape(reductions.reduce_sum(ct, axes), shape)


def _add_tangent(tx, ty, x, y, out):
    """JAX's _add_jvp: one nonzero tangent as is, two added by `add` (not add_any)."""
    if tx is None or ty is None:
        return add_tangents(tx, ty)
    return add(tx, ty)


def _sub_tangent(tx, ty, x, y, out):
    if ty is None:
        return tx
    return neg(ty) if tx is None else sub(tx, ty)


def _div_tangent(tx, ty, x, y, out):
    tx = None if tx is None else div(tx, y)
    ty = None if ty is None else mul(mul(neg(ty), x), integer_pow(y, -2))
    return add_tangents(tx, ty)


def _pow_tangent(tx, ty, x, y, out):
    from meshjit.compiler.lax import shapes  # a later family

    tangent = None
    if tx is not None:  # y * x ** (y - 1), as JAX for float exponents (NaN at x == y == 0)
        tangent = mul(tx, mul(y, pow(x, sub(y, 1.0))))
    if ty is not None:  # log(x) * x ** y, with log(0) taken as 0 (0 ** y is 0 there)
        one = shapes.full(aval_of(x).shape, np.ones((), aval_of(x).dtype))
        safe_x = select(eq(x, 0.0), one, x)  # x's shape: log(safe_x) * out broadcasts
        tangent = add_tangents(tangent, mul(ty, mul(log(safe_x), out)))
    return tangent


def _rem_tangent(tx, ty, x, y, out):
    """JAX's: ty's part computed only when there is one, its quotient formed twice."""
    if ty is None:
        return tx
    g = neg(ty)
    truncated = mul(sign(div(x, y)), floor(abs(div(x, y))))
    return add_tangents(tx, mul(g, truncated))


def _atan2_tangent(tx, ty, x, y, out):
    tx = None if tx is None else mul(tx, div(y, add(square(x), square(y))))
    ty = None if ty is None else mul(ty, div(neg(x), add(square(x), square(y))))
    return add_tangents(tx, ty)


def _balanced_share(a, b, out):
    """max / min: the tangent of the operand equal to the result; ties share it half and half,
    and a NaN result takes neither (as JAX's _balanced_eq)."""
    return div(_select(eq(a, out), out, 1, 0), _select(eq(b, out), out, 2, 1))


def _select(pred, like, on_true, on_false):
    """JAX's select(pred, full_like(like, on_true), full_like(like, on_false)), in its order."""
    true = _filled(like, on_true)
    return select_n(pred, _filled(like, on_false), true)


def _filled(x, value):
    """JAX's full_like(x, value) of a jvp rule: `value` in `x`'s dtype, shape and varying
    manual axes."""
    from meshjit.compiler.lax import shapes  # a later family

    return shapes.full_like(x, value)


def _extremum_tangent(tx, ty, x, y, out):
    """Each operand's share formed only for a nonzero tangent (JAX's rule per operand)."""
    tx = None if tx is None else mul(tx, _balanced_share(x, y, out))
    return add_tangents(tx, None if ty is None else mul(ty, _balanced_share(y, x, out)))


_binary_jvp("add", _add_tangent)
_binary_jvp("add_any", lambda tx, ty, x, y, out: add_tangents(tx, ty))
_binary_jvp("sub", _sub_tangent)
_binary_jvp("mul", lambda tx, ty, x, y, out: add_tangents(_mul_opt(tx, y), _mul_by_opt(x, ty)))
_binary_jvp("div", _div_tangent)
_binary_jvp("pow", _pow_tangent)
_binary_jvp("rem", _rem_tangent)
_binary_jvp("atan2", _atan2_tangent)
_binary_jvp("max", _extremum_tangent)
_binary_jvp("min", _extremum_tangent)


@transpose_rules.register(binary_p["add_any"])
@transpose_rules.register(binary_p["add"])
def _add_transpose(ct, x, y):
    return [
        unbroadcast(ct, x) if is_undefined(x) else None,
        unbroadcast(ct, y) if is_undefined(y) else None,
    ]


@transpose_rules.register(binary_p["sub"])
def _sub_transpose(ct, x, y):
    return [
        unbroadcast(ct, x) if is_undefined(x) else None,
        unbroadcast(neg(ct), y) if is_undefined(y) else None,
    ]


def not_linear(prim_name: str, what: str):
    return MeshjitNotImplementedError(
        f"cannot transpose '{prim_name}': {what} (the function is not linear in its tangents)"
    )


@transpose_rules.register(binary_p["mul"])
def _mul_transpose(ct, x, y):
    if is_undefined(x) and is_undefined(y):
        raise not_linear("mul", "both operands are linear")
    if is_undefined(x):
        return [unbroadcast(mul(ct, y), x), None]
    return [None, unbroadcast(mul(x, ct), y)]


@transpose_rules.register(binary_p["div"])
def _div_transpose(ct, x, y):
    if is_undefined(y):
        raise not_linear("div", "the divisor is linear")
    return [unbroadcast(div(ct, y), x), None]


# ---------------------------------------------------------------------------------------------
# select_n, clamp, convert_element_type.


@jvp_rules.register(select_n_p)
def _select_n_jvp(primals, tangents):
    which, *cases = primals
    out = select_n_p.bind(which, *cases)
    if all(t is None for t in tangents[1:]):
        return out, None
    ts = [instantiate(t, aval_of(c)) for t, c in zip(tangents[1:], cases)]
    return out, select_n_p.bind(which, *ts)


@transpose_rules.register(select_n_p)
def _select_n_transpose(ct, which, *cases):
    assert not is_undefined(which), "select_n: the predicate cannot be linear"
    zeros = zeros_like_aval(aval_of(ct))  # weak as the cotangent, as JAX's full_like(ct, 0)
    cts = []
    for i, case in enumerate(cases):
        if not is_undefined(case):
            cts.append(None)
            continue
        picks = [ct if j == i else zeros for j in range(len(cases))]
        cts.append(select_n_p.bind(which, *picks))
    return [None] + cts


@jvp_rules.register(clamp_p)
def _clamp_jvp(primals, tangents):
    (lo, x, hi), (t_lo, t_x, t_hi) = primals, tangents
    out = clamp_p.bind(lo, x, hi)
    # As JAX: x's tangent strictly inside (none at the bounds or at NaN), lo's where it wins.
    inside = bitwise_and(gt(x, lo), lt(x, hi))
    lo_wins = bitwise_and(gt(lo, x), lt(lo, hi))
    tangent = _mul_opt(t_x, as_dtype_of(inside, out))
    tangent = add_tangents(tangent, _mul_opt(t_lo, as_dtype_of(lo_wins, out)))
    return out, add_tangents(tangent, _mul_opt(t_hi, as_dtype_of(lt(hi, x), out)))


@jvp_rules.register(convert_element_type_p)
def _convert_jvp(primals, tangents, *, new_dtype, weak_type):
    (x,), (t,) = primals, tangents
    out = convert_element_type_p.bind(x, new_dtype=new_dtype, weak_type=weak_type)
    if not dtypes.is_inexact(new_dtype):
        return out, None
    return out, convert_element_type_p.bind(t, new_dtype=new_dtype, weak_type=weak_type)


@transpose_rules.register(convert_element_type_p)
def _convert_transpose(ct, x, *, new_dtype, weak_type):
    aval = x.aval  # complex -> real transposes to the real part, as JAX (no warning)
    return [
        convert_element_type(
            ct, aval.dtype, weak_type=aval.weak_type, warn_on_complex_to_real_cast=False
        )
    ]


# ---------------------------------------------------------------------------------------------
# Batching: per element, so the mapped axis stays put (operands are made to agree first).

for _prim in (*unary_p.values(), integer_pow_p, convert_element_type_p):
    unary_rule(_prim)
for _prim in (*binary_p.values(), *compare_p.values()):
    elementwise_rule(_prim, size_one_broadcasts=True)
elementwise_rule(clamp_p)


@batching_rules.register(select_n_p)
def _select_n_batcher(args, dims):
    """As the elementwise rule, but only the predicate may stay rank-0: a rank-0 case beside
    mapped ones is broadcast (select_n's cases share one shape)."""
    operands, dim = elementwise_operands(args, dims)
    shape = next((aval_of(x).shape for x in operands if aval_of(x).ndim), ())
    if shape:
        from meshjit.compiler.lax import shapes  # a later family

        operands[1:] = [
            shapes.broadcast_in_dim(c, shape, ()) if not aval_of(c).ndim else c
            for c in operands[1:]
        ]
    return select_n_p.bind(*operands), dim


# ---------------------------------------------------------------------------------------------
# Sharding (explicit mode): operands agree per dimension, or one is unsharded.

register_elementwise(
    [*unary_p.values(), *binary_p.values(), *compare_p.values()]
    + [integer_pow_p, select_n_p, clamp_p, convert_element_type_p]
)


def reciprocal(x):
    """1 / x, as JAX's: integer_pow(x, -1) (a weak `x` stays weak; an integer `x` is refused
    in JAX's words)."""
    return integer_pow(x, -1)


# ---------------------------------------------------------------------------------------------
# Complex sin and cos as JAX lowers them (through expm1, so small imaginary parts keep their
# precision), not XLA's own complex sine and cosine, which differ in the last bits.


def _sinh_cosh_halves(b):
    two = np.array(2, aval_of(b).dtype)
    e1m, e2m = expm1(b), expm1(neg(b))
    return div(sub(e1m, e2m), two), div(add(add(e1m, e2m), two), two)


def _complex_sin(x):
    from meshjit.compiler.lax.complex_parts import complex, imag, real  # a later family

    a, b = real(x), imag(x)
    zero = np.zeros((), aval_of(a).dtype)
    snh, csh = _sinh_cosh_halves(b)
    im = mul(cos(a), snh)
    whole = complex(mul(sin(a), csh), im)
    return select(eq(a, zero), complex(zero, im), whole)


def _complex_cos(x):
    from meshjit.compiler.lax.complex_parts import complex, imag, real  # a later family

    a, b = real(x), imag(x)
    zero = np.zeros((), aval_of(a).dtype)
    snh, csh = _sinh_cosh_halves(b)
    re = mul(cos(a), csh)
    whole = complex(re, mul(neg(sin(a)), snh))
    return select(eq(a, zero), complex(re, zero), whole)


def _inline_lowering(impl):
    def rule(ctx: LoweringRuleContext, x, **params):
        return inline(ctx, lambda v: [impl(v)], [x], ctx.avals_in)[0]

    return rule


for _name, _impl in (("sin", _complex_sin), ("cos", _complex_cos)):
    lowering_rules[unary_p[_name]].special(_inline_lowering(_impl))


def _logistic_impl(x):
    """1 / (1 + exp(-x)) in x's dtype, as JAX lowers it: XLA's own logistic op rounds
    differently in low precision (bfloat16 sigmoid(1.5) is 0.8164 there, 0.8203 in JAX)."""
    one = np.ones((), aval_of(x).dtype)
    return div(one, add(one, exp(neg(x))))


lowering_rules.register(unary_p["logistic"], _inline_lowering(_logistic_impl))


def _exp2_lowering(ctx: LoweringRuleContext, x, accuracy=None):
    """exp(log(2) * x) with log(2) rounded to x's dtype, as JAX lowers exp2 (in bfloat16 that
    rounding is off by 2% at x = 6: JAX's numbers are the reference)."""

    def impl(v):
        log2 = np.asarray(math.log(2.0), aval_of(v).dtype)
        return exp(mul(log2, v)) if accuracy is None else exp(mul(log2, v), accuracy=accuracy)

    return inline(ctx, lambda v: [impl(v)], [x], ctx.avals_in)[0]


lowering_rules.register(unary_p["exp2"], _exp2_lowering)


def _square_lowering(ctx: LoweringRuleContext, x):
    """x * x for integers, CHLO's square otherwise (as JAX: for complex values it is not x * x,
    which rounds differently)."""
    if dtypes.is_int(ctx.avals_in[0].dtype):
        return hlo.MulOp(x, x).result
    return chlo.SquareOp(x).result


lowering_rules.register(unary_p["square"], _square_lowering)
