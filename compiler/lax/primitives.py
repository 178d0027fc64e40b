"""The primitives of meshjit.lax and their abstract evaluation rules."""

from __future__ import annotations

import math

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import (
    ClosedJaxpr,
    Primitive,
    ShapedArray,
    def_abstract_eval,
    shaped_array,
    vma_rules,
)
from meshjit.compiler.lax import shape_checks as checks

# ---------------------------------------------------------------------------------------------
# Elementwise.

# name -> dtype kinds it accepts ('f' float, 'i' int, 'b' bool)
UNARY_OPS = {
    "neg": "fi",
    "abs": "fi",
    "sign": "fi",
    "floor": "f",
    "ceil": "f",
    "round": "f",
    "exp": "f",
    "log": "f",
    "log1p": "f",
    "expm1": "f",
    "sqrt": "f",
    "rsqrt": "f",
    "cbrt": "f",
    "sin": "f",
    "cos": "f",
    "tan": "f",
    "tanh": "f",
    "logistic": "f",
    "erf": "f",
    "not": "ib",
    "is_finite": "f",
}
BINARY_OPS = {
    "add": "fi",
    "sub": "fi",
    "mul": "fi",
    "div": "fi",
    "rem": "fi",
    "pow": "fi",
    "max": "fib",
    "min": "fib",
    "and": "ib",
    "or": "ib",
    "xor": "ib",
    "atan2": "f",
}
COMPARE_OPS = ("eq", "ne", "lt", "le", "gt", "ge")

unary_p = {name: Primitive(name) for name in UNARY_OPS}
binary_p = {name: Primitive(name) for name in BINARY_OPS}
compare_p = {name: Primitive(name) for name in COMPARE_OPS}


# These rules run once per traced op: the checks are skipped when they cannot fail, and each
# rule remembers the dtypes it has accepted.


def _unary_rule(name, kinds):
    accepted = set()

    def rule(x):
        if x.dtype not in accepted:
            checks.dtype_in(name, x, kinds)
            accepted.add(x.dtype)
        if name == "is_finite":
            return ShapedArray(x.shape, dtypes.bool_)
        return x

    return rule


def _binary_rule(name, kinds):
    accepted = set()

    def rule(x, y):
        if x.dtype != y.dtype:
            checks.same_dtypes(name, (x, y))
        if x.dtype not in accepted:
            checks.dtype_in(name, x, kinds)
            accepted.add(x.dtype)
        if x.shape != y.shape:
            if not y.shape and not x.weak_type:
                return x  # a rank-0 operand (`x * 0.5`): the result is x's type
            if not x.shape and not y.weak_type:
                return y
            shape = checks.broadcast_binary(name, x, y)
            return shaped_array(shape, x.dtype, x.weak_type and y.weak_type)
        if x.weak_type and not y.weak_type:
            return y
        return x  # avals are immutable: sharing them saves an object per op (and a type lookup)

    return rule


def _compare_rule(name):
    def rule(x, y):
        shape = x.shape if x.shape == y.shape else checks.broadcast_binary(name, x, y)
        if x.dtype != y.dtype:
            checks.same_dtypes(name, (x, y))
        # As JAX: comparing weak values gives a weak bool.
        return shaped_array(shape, dtypes.bool_, x.weak_type and y.weak_type)

    return rule


for _name, _kinds in UNARY_OPS.items():
    def_abstract_eval(unary_p[_name])(_unary_rule(_name, _kinds))
for _name, _kinds in BINARY_OPS.items():
    def_abstract_eval(binary_p[_name])(_binary_rule(_name, _kinds))
for _name in COMPARE_OPS:
    def_abstract_eval(compare_p[_name])(_compare_rule(_name))

integer_pow_p = Primitive("integer_pow")


@def_abstract_eval(integer_pow_p)
def _integer_pow_rule(x, *, y):
    checks.dtype_in("integer_pow", x, "fi")
    if dtypes.is_int(x.dtype) and y < 0:
        raise MeshjitValueError(f"integer_pow of an integer array to a negative power {y}")
    return x


select_n_p = Primitive("select_n")


@def_abstract_eval(select_n_p)
def _select_n_rule(which, *cases):
    if not cases:
        raise MeshjitTypeError("select_n needs at least one case")
    checks.same_shapes("select_n cases", cases)
    checks.same_dtypes("select_n cases", cases)
    if which.shape and which.shape != cases[0].shape:
        raise MeshjitTypeError(
            f"select_n predicate {which.str_short()} must be a scalar or match the cases "
            f"{cases[0].str_short()}"
        )
    if which.dtype != dtypes.bool_ and which.dtype != dtypes.int32:
        raise MeshjitTypeError(f"select_n predicate must be bool or int32, got {which.str_short()}")
    if which.dtype == dtypes.bool_ and len(cases) > 2:
        raise MeshjitTypeError("select_n with a bool predicate takes at most two cases")
    return ShapedArray(cases[0].shape, cases[0].dtype, all(c.weak_type for c in cases))


clamp_p = Primitive("clamp")


@def_abstract_eval(clamp_p)
def _clamp_rule(lo, x, hi):
    for bound in (lo, hi):
        if bound.shape not in ((), x.shape):
            raise MeshjitTypeError(
                f"clamp bounds must be scalars or match the operand {x.str_short()}, got "
                f"{bound.str_short()}"
            )
    checks.same_dtypes("clamp", (lo, x, hi))
    return x


convert_element_type_p = Primitive("convert_element_type")


@def_abstract_eval(convert_element_type_p)
def _convert_rule(x, *, new_dtype, weak_type):
    return shaped_array(x.shape, new_dtype, weak_type)


# ---------------------------------------------------------------------------------------------
# Shapes.

broadcast_in_dim_p = Primitive("broadcast_in_dim")


@def_abstract_eval(broadcast_in_dim_p)
def _broadcast_in_dim_rule(x, *, shape, broadcast_dimensions):
    if len(broadcast_dimensions) != x.ndim:
        raise MeshjitTypeError(
            f"broadcast_in_dim: {x.str_short()} needs {x.ndim} broadcast_dimensions, got "
            f"{broadcast_dimensions}"
        )
    for d, dim in zip(x.shape, broadcast_dimensions):
        if not 0 <= dim < len(shape) or d not in (1, shape[dim]):
            raise MeshjitTypeError(
                f"broadcast_in_dim: cannot broadcast {x.str_short()} to shape {shape} with "
                f"broadcast_dimensions={broadcast_dimensions}"
            )
    return shaped_array(shape, x.dtype, x.weak_type)


reshape_p = Primitive("reshape")


@def_abstract_eval(reshape_p)
def _reshape_rule(x, *, new_sizes):
    if math.prod(new_sizes) != x.size:
        raise MeshjitTypeError(
            f"cannot reshape {x.str_short()} ({x.size} elements) into shape {new_sizes} "
            f"({math.prod(new_sizes)} elements)"
        )
    return shaped_array(new_sizes, x.dtype, x.weak_type)


transpose_p = Primitive("transpose")


@def_abstract_eval(transpose_p)
def _transpose_rule(x, *, permutation):
    if sorted(permutation) != list(range(x.ndim)):
        raise MeshjitValueError(
            f"transpose permutation {permutation} is not a permutation of the axes of "
            f"{x.str_short()}"
        )
    return ShapedArray(tuple(x.shape[p] for p in permutation), x.dtype, x.weak_type)


squeeze_p = Primitive("squeeze")


@def_abstract_eval(squeeze_p)
def _squeeze_rule(x, *, dimensions):
    for d in dimensions:
        if x.shape[d] != 1:
            raise MeshjitValueError(
                f"cannot squeeze axis {d} of {x.str_short()}: its size is {x.shape[d]}, not 1"
            )
    shape = tuple(s for i, s in enumerate(x.shape) if i not in dimensions)
    return ShapedArray(shape, x.dtype, x.weak_type)


iota_p = Primitive("iota")


@def_abstract_eval(iota_p)
def _iota_rule(*, dtype, shape, dimension):
    if dtypes.is_bool(dtype):
        raise MeshjitTypeError("iota does not accept dtype bool; use an integer or float dtype")
    return ShapedArray(shape, dtype)


concatenate_p = Primitive("concatenate")


@def_abstract_eval(concatenate_p)
def _concatenate_rule(*xs, dimension):
    if not xs:
        raise MeshjitValueError("concatenate needs at least one array")
    first = xs[0]
    for x in xs:
        if x.ndim != first.ndim or any(
            a != b for i, (a, b) in enumerate(zip(x.shape, first.shape)) if i != dimension
        ):
            got = ", ".join(v.str_short() for v in xs)
            raise MeshjitTypeError(
                f"concatenate along axis {dimension} needs equal shapes on the other axes, "
                f"got {got}"
            )
    checks.same_dtypes("concatenate", xs)
    shape = list(first.shape)
    shape[dimension] = sum(x.shape[dimension] for x in xs)
    return ShapedArray(shape, first.dtype, all(x.weak_type for x in xs))


pad_p = Primitive("pad")


@def_abstract_eval(pad_p)
def _pad_rule(x, padding_value, *, padding_config):
    if padding_value.shape != () or padding_value.dtype != x.dtype:
        raise MeshjitTypeError(
            f"pad value must be a scalar of {x.dtype}, got {padding_value.str_short()}"
        )
    if len(padding_config) != x.ndim:
        raise MeshjitValueError(f"pad: padding_config {padding_config} must have {x.ndim} entries")
    shape = []
    for d, (lo, hi, interior) in zip(x.shape, padding_config):
        if interior < 0:
            raise MeshjitValueError(f"pad: negative interior padding {interior}")
        size = lo + hi + d + max(d - 1, 0) * interior
        if size < 0:
            raise MeshjitValueError(f"pad: padding {padding_config} leaves a negative size")
        shape.append(size)
    return ShapedArray(shape, x.dtype, x.weak_type)


slice_p = Primitive("slice")


@def_abstract_eval(slice_p)
def _slice_rule(x, *, start_indices, limit_indices, strides):
    if not len(start_indices) == len(limit_indices) == x.ndim:
        raise MeshjitValueError(f"slice of {x.str_short()} needs {x.ndim} start/limit indices")
    strides = strides or (1,) * x.ndim
    shape = []
    for d, lo, hi, st in zip(x.shape, start_indices, limit_indices, strides):
        if not 0 <= lo <= hi <= d or st < 1:
            raise MeshjitValueError(
                f"slice [{start_indices}:{limit_indices}:{strides}] is out of bounds for "
                f"{x.str_short()}"
            )
        shape.append(-(-(hi - lo) // st))
    return ShapedArray(shape, x.dtype, x.weak_type)


dynamic_slice_p = Primitive("dynamic_slice")


def _check_start_indices(name, x, starts):
    if len(starts) != x.ndim:
        raise MeshjitValueError(f"{name} of {x.str_short()} needs {x.ndim} start indices")
    for s in starts:
        if s.shape != () or not dtypes.is_int(s.dtype):
            raise MeshjitTypeError(f"{name} start indices must be integer scalars, got {s}")


@def_abstract_eval(dynamic_slice_p)
def _dynamic_slice_rule(x, *starts, slice_sizes):
    _check_start_indices("dynamic_slice", x, starts)
    if len(slice_sizes) != x.ndim or any(not 0 <= s <= d for s, d in zip(slice_sizes, x.shape)):
        raise MeshjitValueError(f"dynamic_slice sizes {slice_sizes} do not fit {x.str_short()}")
    return ShapedArray(slice_sizes, x.dtype, x.weak_type)


dynamic_update_slice_p = Primitive("dynamic_update_slice")


@def_abstract_eval(dynamic_update_slice_p)
def _dynamic_update_slice_rule(x, update, *starts):
    _check_start_indices("dynamic_update_slice", x, starts)
    if update.ndim != x.ndim or any(u > d for u, d in zip(update.shape, x.shape)):
        raise MeshjitTypeError(
            f"dynamic_update_slice update {update.str_short()} does not fit in {x.str_short()}"
        )
    checks.same_dtypes("dynamic_update_slice", (x, update))
    return x


# ---------------------------------------------------------------------------------------------
# Reductions and contractions.

REDUCE_OPS = ("reduce_sum", "reduce_max", "reduce_min", "reduce_prod", "reduce_and", "reduce_or")
reduce_p = {name: Primitive(name) for name in REDUCE_OPS}


def _reduce_rule(name):
    logical = name in ("reduce_and", "reduce_or")

    def rule(x, *, axes):
        if logical:
            checks.dtype_in(name, x, "b")
        if len(axes) == 1:  # axes are canonical (lax sorts them): the common case, sliced
            (axis,) = axes
            shape = x.shape[:axis] + x.shape[axis + 1 :]
        else:
            shape = tuple(d for i, d in enumerate(x.shape) if i not in axes)
        return shaped_array(shape, x.dtype, x.weak_type)

    return rule


for _name in REDUCE_OPS:
    def_abstract_eval(reduce_p[_name])(_reduce_rule(_name))

argmax_p = Primitive("argmax")
argmin_p = Primitive("argmin")


def _arg_reduce_rule(x, *, axes, index_dtype):
    if x.shape[axes[0]] == 0:
        raise MeshjitValueError(f"arg reduction over an empty axis {axes[0]} of {x.str_short()}")
    shape = tuple(d for i, d in enumerate(x.shape) if i not in axes)
    return ShapedArray(shape, index_dtype)


def_abstract_eval(argmax_p)(_arg_reduce_rule)
def_abstract_eval(argmin_p)(_arg_reduce_rule)

dot_general_p = Primitive("dot_general")
_MATRIX_PRODUCT = (((1,), (0,)), ((), ()))


@def_abstract_eval(dot_general_p)
def _dot_general_rule(lhs, rhs, *, dimension_numbers, preferred_element_type=None):
    if (
        dimension_numbers == _MATRIX_PRODUCT
        and len(lhs.shape) == 2
        and len(rhs.shape) == 2
        and lhs.shape[1] == rhs.shape[0]
        and lhs.dtype == rhs.dtype
    ):  # a matrix product: what the checks below would let through
        out = (lhs.shape[0], rhs.shape[1])
        dtype = preferred_element_type or lhs.dtype
        return shaped_array(out, dtype, lhs.weak_type and rhs.weak_type)
    (lc, rc), (lb, rb) = dimension_numbers
    _check_dot_dims(lhs, rhs, lc, rc, "contracting")
    _check_dot_dims(lhs, rhs, lb, rb, "batch")
    checks.same_dtypes("dot_general", (lhs, rhs))
    batch = tuple(lhs.shape[d] for d in lb)
    lhs_free = tuple(d for i, d in enumerate(lhs.shape) if i not in lc and i not in lb)
    rhs_free = tuple(d for i, d in enumerate(rhs.shape) if i not in rc and i not in rb)
    dtype = preferred_element_type or lhs.dtype
    return ShapedArray(batch + lhs_free + rhs_free, dtype, lhs.weak_type and rhs.weak_type)


def _check_dot_dims(lhs, rhs, ldims, rdims, kind):
    if len(ldims) != len(rdims):
        raise MeshjitTypeError(
            f"dot_general: {kind} dimensions {ldims} and {rdims} differ in count"
        )
    for ld, rd in zip(ldims, rdims):
        if not (0 <= ld < lhs.ndim and 0 <= rd < rhs.ndim):
            raise MeshjitValueError(f"dot_general: {kind} dimension out of range ({ld}, {rd})")
        if lhs.shape[ld] != rhs.shape[rd]:
            raise MeshjitTypeError(
                f"dot_general: {kind} dimensions do not match: {lhs.str_short()} axis {ld} has "
                f"size {lhs.shape[ld]} but {rhs.str_short()} axis {rd} has size {rhs.shape[rd]}"
            )


# ---------------------------------------------------------------------------------------------
# Nested jit: a call to a closed jaxpr.

pjit_p = Primitive("pjit", multiple_results=True)
vma_rules.add(pjit_p)  # its outputs vary exactly as the inner jaxpr's outputs do


@def_abstract_eval(pjit_p)
def _pjit_rule(*avals, jaxpr: ClosedJaxpr, name: str):
    expected = jaxpr.in_avals
    if [a.strip_weak_type() for a in avals] != [a.strip_weak_type() for a in expected]:
        raise MeshjitTypeError(f"call to {name}: argument types {avals} do not match {expected}")
    return jaxpr.out_avals
