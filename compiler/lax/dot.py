"""dot_general with all its rules, and the `dot` wrapper."""

from __future__ import annotations

import enum
import math
from typing import NamedTuple, Sequence, Union

import ml_dtypes
import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray, register_pp_params, shaped_array
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import ShardingTypeError, entry_axes, spec_of
from meshjit.compiler.lax import elementwise, shapes
from meshjit.compiler.lax.ad_util import aval_of, bilinear_jvp, is_undefined
from meshjit.compiler.lax.batching import moveaxis
from meshjit.compiler.lax.elementwise import not_linear
from meshjit.compiler.lowering import Located, emit
from meshjit.dialects.util import BoundedCache

dot_general_p = Primitive("dot_general")
_MATRIX_PRODUCT = (((1,), (0,)), ((), ()))
FREE = "free"  # dot_general's out_sharding for an untyped result (see _dot_general_sharding)


def _pp_dot_general(eqn, _):
    # As JAX: no None params, dimension numbers as lists, the out sharding is the binder's type.
    shown = {k: v for k, v in eqn.params.items() if v is not None and k != "out_sharding"}
    (lc, rc), (lb, rb) = eqn.params["dimension_numbers"]
    shown["dimension_numbers"] = ((list(lc), list(rc)), (list(lb), list(rb)))
    return shown


register_pp_params(dot_general_p, _pp_dot_general)


@abstract_eval_rules.register(dot_general_p)
def _dot_general_rule(
    lhs, rhs, *, dimension_numbers, precision=None, preferred_element_type=None, out_sharding=None
):
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
    _check_dot_ranges(lhs, "lhs", lc, lb)
    _check_dot_ranges(rhs, "rhs", rc, rb)
    _check_dot_dims(lhs, rhs, lc, rc, "contracting")
    _check_dot_dims(lhs, rhs, lb, rb, "batch")
    _check_distinct(lc, rc, lb, rb)
    _check_dot_sizes(lhs, rhs, lb, rb, "batch")
    _check_dot_sizes(lhs, rhs, lc, rc, "contracting")
    dtype = preferred_element_type or _higher_precision(lhs.dtype, rhs.dtype)
    batch = tuple(lhs.shape[d] for d in lb)
    lhs_free = tuple(d for i, d in enumerate(lhs.shape) if i not in lc and i not in lb)
    rhs_free = tuple(d for i, d in enumerate(rhs.shape) if i not in rc and i not in rb)
    return ShapedArray(batch + lhs_free + rhs_free, dtype, lhs.weak_type and rhs.weak_type)


def _higher_precision(a, b):
    """The dtype of a product of `a` by `b` operands, as XLA's HigherPrecisionType and JAX's
    dot_general (mixed operands are the primitive's: complex over real, then exponent range,
    mantissa, width, signedness); two dtypes that tie are an error."""
    if a == b:
        return a
    ra, rb = _precision_rank(a), _precision_rank(b)
    if ra == rb:
        raise MeshjitTypeError(f"lax.dot_general argument type error: {a}, {b}")
    return a if ra > rb else b


def widens_to(dtype, target) -> bool:
    """Whether `dtype` promotes to `target`; float8s, which NumPy does not promote, widen to any
    wider float (an e5m2 by e4m3fn product with bfloat16 preferred)."""
    try:
        return np.promote_types(dtype, target) == target
    except TypeError:
        floats = dtypes.is_float(dtype) and dtypes.is_float(target)
        return floats and dtypes.bit_width(dtype) < dtypes.bit_width(target)


def _count_message(lhs, rhs, ldims, rdims, kind) -> str:
    """JAX's words for lhs / rhs dimension lists of different lengths."""
    if kind == "batch":
        return (
            "dot_general requires equal numbers of lhs_batch and rhs_batch dimensions, got "
            f"lhs_batch {tuple(ldims)} and rhs_batch {tuple(rdims)}."
        )
    lshape = tuple(lhs.shape[d] for d in ldims if 0 <= d < lhs.ndim)
    rshape = tuple(rhs.shape[d] for d in rdims if 0 <= d < rhs.ndim)
    return (
        "dot_general requires contracting dimensions to have the same shape, got "
        f"{lshape} and {rshape}."
    )


def _check_dot_ranges(aval, side, contracting, batch):
    """JAX's first check, one side at a time: every dimension number in range."""
    if not all(0 <= d < aval.ndim for d in (*contracting, *batch)):
        raise MeshjitTypeError(
            f"dot_general requires {side} dimension numbers to be nonnegative and less than the "
            f"number of axes of the {side} value, got {side}_batch of {tuple(batch)} and "
            f"{side}_contracting of {tuple(contracting)} for {side} of rank {aval.ndim}"
        )


def _check_dot_dims(lhs, rhs, ldims, rdims, kind):
    if len(ldims) != len(rdims):
        raise MeshjitTypeError(_count_message(lhs, rhs, ldims, rdims, kind))


def _check_distinct(lc, rc, lb, rb) -> None:
    """JAX's checks: no dimension repeated, none both batch and contracting."""
    for side, dims, kind in (("lhs", lb, "batch"), ("rhs", rb, "batch"),
                             ("lhs", lc, "contracting"), ("rhs", rc, "contracting")):  # fmt: skip
        if len(set(dims)) != len(dims):
            raise MeshjitTypeError(
                f"dot_general requires {side} {kind} dimensions to be distinct, got "
                f"{side}_{kind} {tuple(dims)}."
            )
    for side, batch, contracting in (("lhs", lb, lc), ("rhs", rb, rc)):
        if set(batch) & set(contracting):
            raise MeshjitTypeError(
                f"dot_general requires {side} batch dimensions to be disjoint from contracting "
                f"dimensions, got {side}_batch {tuple(batch)} and {side}_contracting "
                f"{tuple(contracting)}."
            )


def _check_dot_sizes(lhs, rhs, ldims, rdims, kind) -> None:
    lsizes = tuple(lhs.shape[d] for d in ldims)
    rsizes = tuple(rhs.shape[d] for d in rdims)
    if lsizes != rsizes:  # JAX's words
        what = (
            "contracting dimensions"
            if kind == "contracting"
            else ("lhs batch dimensions and rhs batch dimensions")
        )
        raise MeshjitTypeError(
            f"dot_general requires {what} to have the same shape, got {lsizes} and {rsizes}. "
            f"({lhs.str_short()} axes {tuple(ldims)}, {rhs.str_short()} axes {tuple(rdims)})"
        )


def _dot_general_lowering(ctx, loc, lhs, rhs):
    params = ctx.eqn.params
    dimension_numbers = params["dimension_numbers"]
    cache = ctx.module_ctx.attributes
    dims = cache.get(("dot", dimension_numbers))
    if dims is None:
        (lc, rc), (lb, rb) = dimension_numbers
        dims = cache["dot", dimension_numbers] = hlo.DotDimensionNumbers.get(
            lhs_batching_dimensions=list(lb),
            rhs_batching_dimensions=list(rb),
            lhs_contracting_dimensions=list(lc),
            rhs_contracting_dimensions=list(rc),
        )
    attrs = {"dot_dimension_numbers": dims}
    a, b = ctx.avals_in
    if a.dtype != b.dtype:  # mixed operands: both in the result's dtype, as JAX lowers them
        element = ir.RankedTensorType(ctx.result_type).element_type
        out_dtype = ctx.avals_out[0].dtype
        with loc:
            lhs, rhs = (
                x
                if v.dtype == out_dtype
                else hlo.ConvertOp(ir.RankedTensorType.get(list(v.shape), element), x).result
                for x, v in ((lhs, a), (rhs, b))
            )
    return emit("stablehlo.dot_general", [ctx.result_type], [lhs, rhs], attrs, loc=loc).result


lowering_rules.register(dot_general_p, Located(_dot_general_lowering))


@sharding_rules.register(dot_general_p)
def _dot_general_sharding(
    out,
    lhs,
    rhs,
    *,
    dimension_numbers,
    precision=None,
    preferred_element_type=None,
    out_sharding=None,
):
    """JAX's rule: batch dims and free dims keep their axes; contracting dims sharded on both
    sides are ambiguous (the result could be all-reduced or scattered): ask for out_sharding.
    `out_sharding=FREE` (meshjit's transposes): an untyped result, resharded by the caller."""
    if out_sharding == FREE:
        return None
    ls, rs = spec_of(lhs), spec_of(rhs)
    key = (tuple(ls), tuple(rs), dimension_numbers)
    spec = _DOT_SPECS.get(key)
    if spec is None:
        spec = _dot_spec(out, lhs, rhs, ls, rs, dimension_numbers)
        _DOT_SPECS.put(key, spec)
    return spec


_DOT_SPECS = BoundedCache()  # (lhs spec, rhs spec, dimension numbers) -> the result's spec


def _dot_spec(out, lhs, rhs, ls, rs, dimension_numbers) -> tuple:
    (lc, rc), (lb, rb) = dimension_numbers
    lbs, rbs = tuple(ls[i] for i in lb), tuple(rs[i] for i in rb)
    lcs, rcs = tuple(ls[i] for i in lc), tuple(rs[i] for i in rc)
    _check_specs_match(
        lbs,
        rbs,
        "dot_general requires lhs batch dimensions and rhs batch "
        "dimensions to have the consistent sharding, got {} and {}.",
    )
    _check_specs_match(
        lcs,
        rcs,
        "dot_general requires contracting dimensions to have consistent sharding, got {} and {}.",
    )
    lfree = [ls[i] for i in range(lhs.ndim) if i not in lc and i not in lb]
    rfree = [rs[i] for i in range(rhs.ndim) if i not in rc and i not in rb]
    spec = lbs + tuple(lfree) + tuple(rfree)
    if any(a is not None and b is not None for a, b in zip(lcs, rcs)):
        err = ShardingTypeError(  # JAX's words
            "Contracting dimensions are sharded and it is ambiguous how the output should be "
            "sharded. Please specify the output sharding via the `out_sharding` parameter. "
            f"Got lhs_contracting_spec={lcs} and rhs_contracting_spec={rcs}"
        )
        err.add_note(
            f"operands {lhs.str_short()} and {rhs.str_short()}. "
            f"{_choices_hint(out, spec, lcs, lhs)}"
        )
        raise err
    return spec


def _check_specs_match(a, b, msg: str) -> None:
    """`msg` is formatted with both specs only on a mismatch (this runs once per traced dot)."""
    if any(x is not None and y is not None and x != y for x, y in zip(a, b)):
        raise ShardingTypeError(msg.format(a, b))


def _choices_hint(out, spec, contracting_specs, lhs) -> str:
    """The out_sharding choices and the bytes each moves per device (meshjit's cost model: an
    all-reduce moves about twice what a reduce-scatter does). A mesh axis sharding two output
    dimensions (both operands' free dimensions) is kept on the first only."""
    sizes = lhs.sharding.mesh.shape
    axes = tuple(a for e in contracting_specs for a in entry_axes(e))
    spec = _first_use_only(spec, set(axes))
    parts = [math.prod(sizes[a] for a in entry_axes(e)) for e in spec]
    local = out.size // math.prod(parts) * out.dtype.itemsize
    n = math.prod(sizes[a] for a in axes)
    moved = local * (n - 1) // n
    choices = [
        f"out_sharding={_spec_text(spec)} (an all-reduce, about {2 * moved} bytes moved per device)"
    ]
    for d in range(out.ndim):
        if out.shape[d] % (parts[d] * n) == 0:
            new = list(spec)
            new[d] = _join(entry_axes(spec[d]) + axes)
            choices.append(
                f"out_sharding={_spec_text(new)} (a reduce-scatter, about {moved} bytes)"
            )
    return "The choices: " + "; ".join(choices)


def _first_use_only(spec, taken: set) -> tuple:
    """`spec` with each mesh axis kept where it first appears (and not at all if `taken`)."""
    seen, out = set(taken), []
    for entry in spec:
        kept = tuple(a for a in entry_axes(entry) if a not in seen)
        seen.update(kept)
        out.append(_join(kept))
    return tuple(out)


def _join(axes: tuple):
    return None if not axes else axes[0] if len(axes) == 1 else axes


def _spec_text(spec) -> str:
    return "P(" + ", ".join(repr(e) for e in spec) + ")"


def dot_general(
    lhs, rhs, dimension_numbers, precision=None, preferred_element_type=None, *, out_sharding=None
):
    (lc, rc), (lb, rb) = dimension_numbers
    dims = ((tuple(lc), tuple(rc)), (tuple(lb), tuple(rb)))
    pet = None if preferred_element_type is None else dtypes.canonicalize(preferred_element_type)
    product_dtype = _higher_precision(aval_of(lhs).dtype, aval_of(rhs).dtype)
    precision = canonicalize_precision(precision)
    if not isinstance(precision, DotAlgorithmPreset) or precision is DotAlgorithmPreset.DEFAULT:
        _check_not_narrower(product_dtype, pet)
    if isinstance(precision, DotAlgorithmPreset) and precision is not DotAlgorithmPreset.DEFAULT:
        lhs, rhs, out_t, acc_t = _with_algorithm(precision, lhs, rhs, pet)
        acc_t = None if acc_t is None else dtypes.canonicalize(acc_t)
        out = dot_general(lhs, rhs, dims, None, acc_t, out_sharding=out_sharding)
        return elementwise.convert_element_type(out, dtypes.canonicalize(out_t))
    if isinstance(precision, DotAlgorithm):
        raise MeshjitValueError(
            f"The precision '{precision}' is not supported by dot_general on CPU"
        )
    if out_sharding is not None:
        from meshjit.compiler.parallel.explicit import computed_with  # a later family

        def dot_(lhs, rhs):
            return dot_general(lhs, rhs, dims, precision, pet)

        return computed_with(out_sharding, "dot_general", dot_, lhs, rhs)
    if not isinstance(precision, tuple):  # None, or the DEFAULT preset
        precision = None
    # Precision values (XLA's CPU dot is exact at each): a param the jaxpr shows, as JAX's.
    # The params are JAX's four, in its order (`eqn.params` of a custom interpreter shows them).
    return dot_general_p.bind_internal(
        lhs,
        rhs,
        dimension_numbers=dims,
        precision=precision,
        preferred_element_type=pet,
        out_sharding=None,
    )


def _check_not_narrower(dtype, preferred) -> None:
    """JAX's check (XLA's MaybeUpcast): a non-float product's preferred type is not narrower
    (int64 operands with float32 preferred, x64 on: fuzz seed 400266)."""
    if preferred is None or preferred == dtype or dtypes.is_float(dtype):
        return
    if dtypes.bit_width(preferred) < (1 if dtypes.is_bool(dtype) else dtypes.bit_width(dtype)):
        raise MeshjitTypeError(
            "`preferred_element_type` must not be narrower than the original type, got "
            f"preferred_element_type of {preferred} for result type of {dtype}."
        )


def _precision_rank(dtype):
    real = dtypes.real_dtype(dtype) if dtypes.is_complex(dtype) else dtype
    inexact = dtypes.is_inexact(real)
    info = ml_dtypes.finfo(real) if inexact else None
    bits = 1 if dtypes.is_bool(real) else real.itemsize * 8
    return (
        dtypes.is_complex(dtype),
        info.maxexp if inexact else -1,
        info.nmant if inexact else -1,
        bits,
        not dtypes.is_unsigned(real),
    )


def dot(
    lhs,
    rhs,
    *,
    dimension_numbers=None,
    precision=None,
    preferred_element_type=None,
    out_sharding=None,
):
    """A matrix/vector product, or dot_general when `dimension_numbers` are given (JAX's)."""
    if dimension_numbers is None:
        ls, rs = aval_of(lhs).shape, aval_of(rhs).shape
        if not (1 <= len(ls) <= 2 and 1 <= len(rs) <= 2 and ls[-1] == rs[0]):
            raise MeshjitValueError(
                "jax.lax.dot: dimension_numbers must be specified when not performing simple "
                "un-batched matrix-matrix, matrix-vector, or vector-vector products; got "
                f"lhs_shape={ls} rhs_shape={rs}"
            )
        dimension_numbers = (((len(ls) - 1,), (0,)), ((), ()))
    return dot_general(
        lhs, rhs, dimension_numbers, precision, preferred_element_type, out_sharding=out_sharding
    )


# ---------------------------------------------------------------------------------------------
# jvp and transpose: bilinear.


bilinear_jvp(dot_general_p)


def _free_dims(ndim, contracting, batch):
    return [d for d in range(ndim) if d not in contracting and d not in batch]


def _dot_operand_ct(
    ct, other, own_aval, own_dims, other_dims, ct_other_free, preferred, precision=None
):
    """The cotangent of one dot_general operand: ct contracted with the other operand over the
    other's free dimensions, then laid out as the operand (in explicit mode: typed as the
    operand, as JAX's transpose passes out_sharding)."""
    if own_aval.sharding is not None or aval_of(ct).sharding is not None:
        from meshjit.compiler.parallel.explicit import reshard_to_ct_type  # a later family

        args = (ct, other, own_aval, own_dims, other_dims, ct_other_free, preferred)
        out = _dot_operand_ct_free(*args, FREE, precision)
        return reshard_to_ct_type(out, own_aval) if own_aval.sharding is not None else out
    args = (ct, other, own_aval, own_dims, other_dims, ct_other_free, preferred)
    return _dot_operand_ct_free(*args, None, precision)


def _dot_operand_ct_free(
    ct, other, own_aval, own_dims, other_dims, ct_other_free, preferred, free, precision=None
):
    """The contraction untyped (`free`: its layout left to propagation), then transposed."""
    (own_c, own_b), (other_c, other_b) = own_dims, other_dims
    other_aval = aval_of(other)
    other_free = _free_dims(other_aval.ndim, other_c, other_b)
    batch = tuple(range(len(own_b)))
    # As JAX's transpose: the cotangent by the other operand, mixed dtypes the primitive's.
    dims = ((tuple(ct_other_free), tuple(other_free)), (batch, tuple(other_b)))
    pet = preferred
    params = {} if precision is None else {"precision": precision}  # kept, as JAX's
    out = dot_general_p.bind(
        ct, other, dimension_numbers=dims, preferred_element_type=pet, out_sharding=free, **params
    )
    own_free = _free_dims(own_aval.ndim, own_c, own_b)
    sources = list(own_b) + own_free + [own_c[other_c.index(d)] for d in sorted(other_c)]
    out = shapes.transpose(out, tuple(int(i) for i in np.argsort(sources)))
    return elementwise.convert_element_type(out, own_aval.dtype)


@transpose_rules.register(dot_general_p)
def _dot_general_transpose(
    ct, x, y, *, dimension_numbers, precision=None, preferred_element_type=None, out_sharding=None
):
    (lc, rc), (lb, rb) = dimension_numbers
    if is_undefined(x) and is_undefined(y):
        raise not_linear("dot_general", "both operands are linear")
    x_aval, y_aval = aval_of(x), aval_of(y)
    n_batch, n_lfree = len(lb), len(_free_dims(x_aval.ndim, lc, lb))
    n_rfree = len(_free_dims(y_aval.ndim, rc, rb))
    if is_undefined(x):
        ct_rfree = range(n_batch + n_lfree, n_batch + n_lfree + n_rfree)
        ct_x = _dot_operand_ct(
            ct, y, x_aval, (lc, lb), (rc, rb), ct_rfree, preferred_element_type, precision
        )
        return [ct_x, None]
    ct_lfree = range(n_batch, n_batch + n_lfree)
    ct_y = _dot_operand_ct(
        ct, x, y_aval, (rc, rb), (lc, lb), ct_lfree, preferred_element_type, precision
    )
    return [None, ct_y]


# ---------------------------------------------------------------------------------------------
# Batching: a mapped axis on both sides becomes a batch dimension; on one side, a free one.


@batching_rules.register(dot_general_p)
def _dot_general_batcher(
    args, dims, *, dimension_numbers, precision=None, preferred_element_type=None, out_sharding=None
):
    (lhs, rhs), (dl, dr) = args, dims
    (lc, rc), (lb, rb) = dimension_numbers
    params = dict(precision=precision, preferred_element_type=preferred_element_type)
    params["out_sharding"] = None
    if dl is not None and dr is not None:
        lhs, rhs = moveaxis(lhs, dl, 0), moveaxis(rhs, dr, 0)
        dn = ((_up(lc), _up(rc)), ((0, *_up(lb)), (0, *_up(rb))))
        return dot_general_p.bind(lhs, rhs, dimension_numbers=dn, **params), 0
    if dl is not None:
        lc, lb = _shift_past(lc, dl), _shift_past(lb, dl)
        free = [i for i in range(aval_of(lhs).ndim) if i not in lc and i not in lb]
        out_dim = len(lb) + free.index(dl)
    else:
        rc, rb = _shift_past(rc, dr), _shift_past(rb, dr)
        free = [i for i in range(aval_of(rhs).ndim) if i not in rc and i not in rb]
        lhs_free = aval_of(lhs).ndim - len(lc) - len(lb)
        out_dim = len(lb) + lhs_free + free.index(dr)
    out = dot_general_p.bind(lhs, rhs, dimension_numbers=((lc, rc), (lb, rb)), **params)
    return out, out_dim


def _up(axes):
    return tuple(a + 1 for a in axes)


def _shift_past(axes, dim):
    return tuple(a + 1 if a >= dim else a for a in axes)


class Precision(enum.Enum):
    """`lax.Precision`: accepted by the contraction functions; XLA's CPU backend computes in
    the operands' precision whatever is asked."""

    DEFAULT = 0
    HIGH = 1
    HIGHEST = 2

    def __repr__(self):
        return f"Precision.{self.name}"

    def __str__(self):
        return self.name

    @classmethod
    def _missing_(cls, value):
        return _PRECISION_NAMES.get(value)


_PRECISION_NAMES = {  # JAX's names, in its order
    "highest": Precision.HIGHEST, "float32": Precision.HIGHEST, "high": Precision.HIGH,
    "bfloat16_3x": Precision.HIGH, "tensorfloat32": Precision.HIGH, "default": Precision.DEFAULT,
    "bfloat16": Precision.DEFAULT, "fastest": Precision.DEFAULT, None: Precision.DEFAULT,
}  # fmt: skip


class DotAlgorithm(NamedTuple):
    """`lax.DotAlgorithm`: the types a dot rounds its operands to and accumulates in, and how
    many components and products emulate a higher precision."""

    lhs_precision_type: object
    rhs_precision_type: object
    accumulation_type: object
    lhs_component_count: int = 1
    rhs_component_count: int = 1
    num_primitive_operations: int = 1
    allow_imprecise_accumulation: bool = False


class DotAlgorithmPreset(enum.Enum):
    """`lax.DotAlgorithmPreset`: the named algorithms (LHS_RHS_ACCUMULATION types)."""

    DEFAULT = enum.auto()
    ANY_F8_ANY_F8_F32 = enum.auto()
    ANY_F8_ANY_F8_F32_FAST_ACCUM = enum.auto()
    ANY_F8_ANY_F8_ANY = enum.auto()
    ANY_F8_ANY_F8_ANY_FAST_ACCUM = enum.auto()
    F16_F16_F16 = enum.auto()
    F16_F16_F32 = enum.auto()
    BF16_BF16_BF16 = enum.auto()
    BF16_BF16_F32 = enum.auto()
    BF16_BF16_F32_X3 = enum.auto()
    BF16_BF16_F32_X6 = enum.auto()
    BF16_BF16_F32_X9 = enum.auto()
    TF32_TF32_F32 = enum.auto()
    TF32_TF32_F32_X3 = enum.auto()
    F32_F32_F32 = enum.auto()
    F64_F64_F64 = enum.auto()

    def __repr__(self):
        return f"{type(self).__name__}.{self.name}"

    def __str__(self):
        return self.name

    @property
    def supported_lhs_types(self):
        name = self.name
        if name == "DEFAULT" or name.startswith("ANY_F8"):
            return None
        if name.startswith("F16"):
            return (np.float16,)
        if name in ("BF16_BF16_BF16", "BF16_BF16_F32"):
            return (dtypes.bfloat16.type, np.float32)  # f32 storage is kept
        if name == "F64_F64_F64":
            return (np.float64,)
        return (np.float32,)

    @property
    def supported_rhs_types(self):
        return self.supported_lhs_types

    @property
    def accumulation_type(self):
        name = self.name
        if name in ("DEFAULT", "ANY_F8_ANY_F8_ANY", "ANY_F8_ANY_F8_ANY_FAST_ACCUM"):
            return None
        return {"F16_F16_F16": np.float16, "BF16_BF16_BF16": dtypes.bfloat16.type}.get(
            name, np.float64 if name == "F64_F64_F64" else np.float32
        )


# What XLA's CPU backend computes (JAX refuses the other algorithms there: CPU would ignore them).
# JAX's type names for dot's arguments (annotations only)
DotDimensionNumbers = tuple[
    tuple[Sequence[int], Sequence[int]], tuple[Sequence[int], Sequence[int]]
]
PrecisionLike = Union[
    None, str, Precision, tuple[str, str], tuple[Precision, Precision], DotAlgorithm,
    DotAlgorithmPreset,
]  # fmt: skip

_CPU_ALGORITHMS = frozenset({
    DotAlgorithmPreset.DEFAULT, DotAlgorithmPreset.F16_F16_F16, DotAlgorithmPreset.F32_F32_F32,
    DotAlgorithmPreset.F64_F64_F64, DotAlgorithmPreset.BF16_BF16_F32,
    DotAlgorithmPreset.BF16_BF16_F32_X3, DotAlgorithmPreset.BF16_BF16_F32_X6,
})  # fmt: skip


def canonicalize_precision(precision):
    """JAX's accepted precisions: None, a Precision or its name, a pair of them, a
    DotAlgorithmPreset or its name, or a DotAlgorithm; anything else is a ValueError."""
    if precision is None or isinstance(precision, (DotAlgorithm, DotAlgorithmPreset)):
        return precision
    if isinstance(precision, Precision):
        return precision, precision
    if isinstance(precision, str):
        if precision in _PRECISION_NAMES:
            return _PRECISION_NAMES[precision], _PRECISION_NAMES[precision]
        if precision in DotAlgorithmPreset.__members__:
            return DotAlgorithmPreset[precision]
    elif isinstance(precision, (list, tuple)) and len(precision) == 2:
        if all(isinstance(p, Precision) for p in precision):
            return tuple(precision)
        if all(isinstance(p, str) and p in _PRECISION_NAMES for p in precision):
            return tuple(_PRECISION_NAMES[p] for p in precision)
    raise MeshjitValueError(
        "Precision argument must be one of:\n- None,\n"
        f"- a string in {list(_PRECISION_NAMES)},\n- a lax.Precision value,\n"
        "- a tuple of two lax.Precision values or strings,\n"
        "- a lax.DotAlgorithmPreset or the name of one of these presets, or\n"
        f"- a lax.DotAlgorithm value;\nbut got {precision}."
    )


def _with_algorithm(algorithm, lhs, rhs, preferred):
    """The operands rounded to the algorithm's types and the type it accumulates in (as JAX
    lowers a dot with an algorithm; XLA's CPU backend computes in those types)."""
    if algorithm not in _CPU_ALGORITHMS:
        raise MeshjitValueError(
            f"The precision '{algorithm}' is not supported by dot_general on CPU"
        )
    lhs_t, rhs_t = aval_of(lhs).dtype, aval_of(rhs).dtype
    out_t = preferred or np.result_type(lhs_t, rhs_t)
    allowed = algorithm.supported_lhs_types
    if allowed is not None:
        lhs_t = lhs_t if lhs_t in allowed else allowed[0]
        rhs_t = rhs_t if rhs_t in allowed else allowed[0]
    lhs = elementwise.convert_element_type(lhs, lhs_t)
    rhs = elementwise.convert_element_type(rhs, rhs_t)
    return lhs, rhs, out_t, algorithm.accumulation_type


def batch_matmul(lhs, rhs, precision=None):
    """Batched matrix products over the leading dimensions (ranks must match, >= 2)."""
    la, ra = aval_of(lhs), aval_of(rhs)
    if la.ndim < 2 or ra.ndim < 2:  # JAX's ValueError
        raise MeshjitValueError(
            f"Arguments to batch_matmul must be at least 2D, got {la.ndim}, {ra.ndim}"
        )
    if la.ndim != ra.ndim:
        raise MeshjitTypeError(
            f"batch_matmul needs operands of one rank >= 2, got {la.str_short()} and "
            f"{ra.str_short()}"
        )
    batch = tuple(range(la.ndim - 2))
    dims = (((la.ndim - 1,), (ra.ndim - 2,)), (batch, batch))
    return dot_general(lhs, rhs, dims, precision)
