"""Convolution: the `conv_general_dilated` primitive, its rules, and JAX's lax wrappers.

Dimension numbers are kept as JAX's `ConvDimensionNumbers(lhs_spec, rhs_spec, out_spec)`: each
spec lists (batch or out-feature, feature or in-feature, spatial...) axis indices, with the
spatial axes in the order the kernel spec names them. Strides, padding and dilations are given
in that spatial order.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray, register_pp_params
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import entry_axes, spec_of
from meshjit.compiler.lax import ad_util, elementwise, gather_scatter, shapes, slicing, windowed
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.ad_util import aval_of, bilinear_jvp, is_undefined
from meshjit.compiler.lax.shapes import unpad
from meshjit.compiler.lax.windowed import (
    dense_pads,
    dilate_dim,
    explicit_pads,
    padtype_to_pads,
    positive_ints,
    window_output_shape,
)
from meshjit.compiler.lowering import LoweringRuleContext


class ConvDimensionNumbers(NamedTuple):
    """Axis indices: lhs (batch, feature, spatial...), rhs (out, in, spatial...), out like lhs."""

    lhs_spec: tuple[int, ...]
    rhs_spec: tuple[int, ...]
    out_spec: tuple[int, ...]


# ---------------------------------------------------------------------------------------------
# Dimension numbers: None, layout strings, or ConvDimensionNumbers.

_SPEC_LETTERS = (("N", "C"), ("O", "I"), ("N", "C"))
_SPEC_NAMES = ("lhs", "rhs", "out")


def conv_dimension_numbers(lhs_shape, rhs_shape, dimension_numbers) -> ConvDimensionNumbers:
    """JAX's resolution of `dimension_numbers` for operands of the given shapes."""
    rank = len(lhs_shape)
    if len(rhs_shape) != rank:
        raise MeshjitTypeError(
            f"convolution requires lhs and rhs ndim to be equal, got {rank} and "
            f"{len(rhs_shape)}. (shapes {tuple(lhs_shape)} and {tuple(rhs_shape)})"
        )
    if rank < 2:
        raise MeshjitTypeError(
            f"conv_general_dilated: operands need rank >= 2 (batch/feature + spatial), got "
            f"shape {tuple(lhs_shape)}"
        )
    if dimension_numbers is None:
        default = tuple(range(rank))
        return ConvDimensionNumbers(default, default, default)
    if isinstance(dimension_numbers, ConvDimensionNumbers):
        return _checked_index_specs(dimension_numbers, rank)
    specs = tuple(dimension_numbers)
    if len(specs) != 3:
        raise MeshjitTypeError(  # JAX's words
            f"convolution dimension_numbers list/tuple must be length 3, got {len(specs)}. "
            f"conv_general_dilated: dimension_numbers has entries (lhs, rhs, out), got "
            f"{dimension_numbers!r}"
        )
    if all(isinstance(s, str) for s in specs):
        return _from_strings(specs, rank)
    return _checked_index_specs(ConvDimensionNumbers(*map(tuple, specs)), rank)


def _checked_index_specs(dn: ConvDimensionNumbers, rank: int) -> ConvDimensionNumbers:
    for name, spec in zip(_SPEC_NAMES, dn):
        if sorted(spec) != list(range(rank)):
            raise MeshjitValueError(
                f"conv_general_dilated: {name} dimension numbers {tuple(spec)} are not a "
                f"permutation of the {rank} axes"
            )
    return ConvDimensionNumbers(*(tuple(int(i) for i in s) for s in dn))


def _from_strings(specs, rank) -> ConvDimensionNumbers:
    for i, (name, spec, (a, b)) in enumerate(zip(_SPEC_NAMES, specs, _SPEC_LETTERS)):
        _check_spec_string(i, name, spec, a, b, rank)
    spatial_sets = [set(s) - set(pair) for s, pair in zip(specs, _SPEC_LETTERS)]
    if not spatial_sets[0] == spatial_sets[1] == spatial_sets[2]:
        raise MeshjitTypeError(  # JAX's words
            "convolution dimension_numbers elements must each have the same set of spatial "
            f"characters, got {tuple(specs)}. (they name different spatial dimensions)"
        )
    rhs = specs[1]
    out = []
    for spec, (a, b) in zip(specs, _SPEC_LETTERS):
        spatial = sorted(
            (i for i, c in enumerate(spec) if c not in (a, b)), key=lambda i: rhs.index(spec[i])
        )
        out.append((spec.index(a), spec.index(b)) + tuple(spatial))
    return ConvDimensionNumbers(*out)


def _check_spec_string(i, name, spec, a, b, rank):
    if len(spec) != rank:
        raise MeshjitTypeError(  # JAX's words
            f"convolution dimension_numbers[{i}] must have len equal to the ndim of lhs and rhs, "
            f"got {len(spec)} for lhs and rhs of rank {rank}. ({name} string {spec!r})"
        )
    if len(set(spec)) != len(spec):
        raise MeshjitTypeError(  # JAX's words
            f"convolution dimension_numbers[{i}] cannot have duplicate characters, got {spec}."
        )
    if spec.count(a) != 1 or spec.count(b) != 1:
        raise MeshjitTypeError(  # JAX's words
            f"convolution dimension_numbers[{i}] must contain the characters '{a}' and '{b}' "
            f"exactly once, got {spec}. ({name} string)"
        )


# ---------------------------------------------------------------------------------------------
# The primitive and its abstract evaluation.

conv_general_dilated_p = Primitive("conv_general_dilated")
# JAX's equation also carries precision and out_sharding (XLA's CPU convolution is exact at
# every precision, and explicit-mode results keep their operands' types): printed as None.
register_pp_params(
    conv_general_dilated_p,
    lambda eqn, _: {**eqn.params, "out_sharding": None, "precision": None},
)


def _take(shape, spec):
    return tuple(shape[i] for i in spec)


@abstract_eval_rules.register(conv_general_dilated_p)
def _conv_rule(
    lhs,
    rhs,
    *,
    window_strides,
    padding,
    lhs_dilation,
    rhs_dilation,
    dimension_numbers,
    feature_group_count,
    batch_group_count,
    preferred_element_type=None,
):
    checks.same_dtypes("conv_general_dilated", (lhs, rhs))
    checks.dtype_in("conv_general_dilated", lhs, "fci")
    checks.preferred_element_type(lhs.dtype, preferred_element_type)
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    lhs_t, rhs_t = _take(lhs.shape, lhs_spec), _take(rhs.shape, rhs_spec)
    _check_groups(lhs, rhs, lhs_t, rhs_t, feature_group_count, batch_group_count)
    spatial = window_output_shape(
        "conv_general_dilated",
        lhs_t[2:],
        rhs_t[2:],
        window_strides,
        padding,
        lhs_dilation,
        rhs_dilation,
    )
    out_t = (lhs_t[0] // batch_group_count, rhs_t[0]) + spatial
    shape = [0] * len(out_t)
    for axis, size in zip(out_spec, out_t):
        shape[axis] = size
    dtype = preferred_element_type or lhs.dtype
    return ShapedArray(shape, dtype, lhs.weak_type and rhs.weak_type)


def _check_groups(lhs, rhs, lhs_t, rhs_t, feature_groups, batch_groups):
    """JAX's checks of the group counts, in its order; each is a ValueError in JAX's words."""
    name = "conv_general_dilated"
    if feature_groups < 1:
        raise MeshjitValueError(
            f"{name} feature_group_count must be a positive integer, got {feature_groups}."
        )
    if lhs_t[1] % feature_groups:
        raise MeshjitValueError(
            f"{name} feature_group_count must divide lhs feature dimension size, but "
            f"{feature_groups} does not divide {lhs_t[1]}."
        )
    if lhs_t[1] // feature_groups != rhs_t[1]:
        raise MeshjitValueError(
            f"{name} lhs feature dimension size divided by feature_group_count must equal the "
            f"rhs input feature dimension size, but {lhs_t[1]} // {feature_groups} != "
            f"{rhs_t[1]}."
        )
    if rhs_t[0] % feature_groups:
        raise MeshjitValueError(
            f"{name} rhs output feature dimension size must be a multiple of "
            f"feature_group_count, but {rhs_t[0]} is not a multiple of {feature_groups}."
        )
    if batch_groups < 1:
        raise MeshjitValueError(f"{name} batch_group_count must be positive, got {batch_groups}")
    if batch_groups > 1 and lhs_t[0] % batch_groups:
        raise MeshjitValueError(
            f"{name} batch_group_count must divide lhs batch dimension size, but "
            f"{batch_groups} does not divide {lhs_t[0]}."
        )
    if rhs_t[0] % batch_groups:
        raise MeshjitValueError(
            f"{name} rhs output feature dimension size must be a multiple of "
            f"batch_group_count, but {rhs_t[0]} is not a multiple of {batch_groups}."
        )
    if feature_groups > 1 and batch_groups > 1:
        raise MeshjitValueError(
            f"At most one of batch_group_count and feature_group_count may be > 1, got "
            f"batch_group_count={batch_groups} and feature_group_count={feature_groups}"
        )


# ---------------------------------------------------------------------------------------------
# Lowering to stablehlo.convolution.


def _conv_lowering(
    ctx: LoweringRuleContext,
    lhs,
    rhs,
    *,
    window_strides,
    padding,
    lhs_dilation,
    rhs_dilation,
    dimension_numbers,
    feature_group_count,
    batch_group_count,
    preferred_element_type=None,
):
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    dims = hlo.ConvDimensionNumbers.get(
        input_batch_dimension=lhs_spec[0],
        input_feature_dimension=lhs_spec[1],
        input_spatial_dimensions=list(lhs_spec[2:]),
        kernel_output_feature_dimension=rhs_spec[0],
        kernel_input_feature_dimension=rhs_spec[1],
        kernel_spatial_dimensions=list(rhs_spec[2:]),
        output_batch_dimension=out_spec[0],
        output_feature_dimension=out_spec[1],
        output_spatial_dimensions=list(out_spec[2:]),
    )

    def conv(result_type, x, y):
        return hlo.ConvolutionOp(
            result_type,
            x,
            y,
            dims,
            feature_group_count,
            batch_group_count,
            window_strides=list(window_strides),
            padding=dense_pads(padding),
            lhs_dilation=list(lhs_dilation),
            rhs_dilation=list(rhs_dilation),
        ).result

    out = ctx.avals_out[0]
    if not dtypes.is_complex(out.dtype):
        return conv(ctx.result_type, lhs, rhs)
    real_type = ctx.module_ctx.types.tensor(out.shape, dtypes.real_dtype(out.dtype))
    return _complex_conv(real_type, conv, lhs, rhs)


def _complex_conv(real_type, conv, lhs, rhs):
    """A complex convolution as three real ones (Gauss's product), as JAX lowers it on CPU
    (so the bits are JAX's)."""
    lhs_re, lhs_im = hlo.RealOp(lhs).result, hlo.ImagOp(lhs).result
    rhs_re, rhs_im = hlo.RealOp(rhs).result, hlo.ImagOp(rhs).result
    k1 = conv(real_type, hlo.AddOp(lhs_re, lhs_im).result, rhs_re)
    k2 = conv(real_type, lhs_re, hlo.SubtractOp(rhs_im, rhs_re).result)
    k3 = conv(real_type, lhs_im, hlo.AddOp(rhs_re, rhs_im).result)
    real, imag = hlo.SubtractOp(k1, k3).result, hlo.AddOp(k1, k2).result
    return hlo.ComplexOp(real, imag).result


lowering_rules.register(conv_general_dilated_p, _conv_lowering)

# ---------------------------------------------------------------------------------------------
# lax wrappers.


def conv_general_dilated(
    lhs,
    rhs,
    window_strides,
    padding,
    lhs_dilation=None,
    rhs_dilation=None,
    dimension_numbers=None,
    feature_group_count=1,
    batch_group_count=1,
    precision=None,
    preferred_element_type=None,
    out_sharding=None,
):
    """JAX's conv_general_dilated. `precision` is accepted and ignored; `out_sharding` types
    the result (explicit sharding)."""
    if out_sharding is not None:
        from meshjit.compiler.parallel.explicit import computed_with  # a later family

        def conv(lhs, rhs):
            return conv_general_dilated(
                lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation,
                dimension_numbers, feature_group_count, batch_group_count, precision,
                preferred_element_type,
            )  # fmt: skip

        return computed_with(out_sharding, "conv_general_dilated", conv, lhs, rhs)
    lhs, rhs = _same_dtype_operands(lhs, rhs)
    la, ra = ad_util.aval_of(lhs), ad_util.aval_of(rhs)
    dn = conv_dimension_numbers(la.shape, ra.shape, dimension_numbers)
    nspatial = la.ndim - 2
    name = f"conv_general_dilated ({nspatial} spatial dimensions)"
    if window_strides is not None and len(window_strides) != nspatial:
        raise MeshjitValueError(
            "conv_general_dilated window and window_strides must have the same number of "
            f"dimensions, but got {nspatial} and {len(window_strides)}"
        )
    strides = positive_ints(name, "window_strides", window_strides, nspatial)
    if any(s < 1 for s in strides):  # JAX's ValueError (its verifier's): no division by zero
        raise MeshjitValueError(f"{name}: window_strides must be positive, got {strides}")
    _check_padding_before_dilations(padding, lhs_dilation, nspatial)
    lhs_dil = positive_ints(name, "lhs_dilation", lhs_dilation, nspatial)
    rhs_dil = positive_ints(name, "rhs_dilation", rhs_dilation, nspatial)
    pads = _conv_pads(la, ra, dn, strides, padding, lhs_dil, rhs_dil)
    pet = None if preferred_element_type is None else dtypes.canonicalize(preferred_element_type)
    return conv_general_dilated_p.bind(
        lhs,
        rhs,
        window_strides=strides,
        padding=pads,
        lhs_dilation=lhs_dil,
        rhs_dilation=rhs_dil,
        dimension_numbers=dn,
        feature_group_count=_positive_int("feature_group_count", feature_group_count),
        batch_group_count=_positive_int("batch_group_count", batch_group_count),
        preferred_element_type=pet,
    )


def _check_padding_before_dilations(padding, lhs_dilation, nspatial: int) -> None:
    """JAX's first checks (in its order and words): string padding with an lhs dilation, then
    the number of explicit pads."""
    if isinstance(padding, str):
        if lhs_dilation is not None and list(lhs_dilation).count(1) != len(lhs_dilation):
            raise MeshjitValueError(
                "String padding is not implemented for transposed convolution using this op. "
                "Please either exactly specify the required padding or use conv_transpose."
            )
    elif hasattr(padding, "__len__") and len(padding) != nspatial:
        explicit_pads("conv_general_dilated", padding, nspatial)  # its TypeError


def _same_dtype_operands(lhs, rhs):
    """A weakly typed operand (a Python scalar array) adopts the other operand's dtype."""
    la, ra = ad_util.aval_of(lhs), ad_util.aval_of(rhs)
    if la.dtype != ra.dtype and la.weak_type != ra.weak_type:
        if la.weak_type:
            lhs = elementwise.convert_element_type(lhs, ra.dtype)
        else:
            rhs = elementwise.convert_element_type(rhs, la.dtype)
    return lhs, rhs


def _positive_int(what, value) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MeshjitValueError(
            f"conv_general_dilated {what} must be a positive integer, got {value!r}."
        )
    return value


def _conv_pads(la, ra, dn, strides, padding, lhs_dil, rhs_dil):
    nspatial = la.ndim - 2
    if not isinstance(padding, str):
        return explicit_pads("conv_general_dilated", padding, nspatial)
    if set(lhs_dil) != {1}:
        raise MeshjitValueError(
            f"conv_general_dilated: string padding {padding!r} is not supported with lhs_dilation "
            f"{lhs_dil}; give explicit (low, high) padding pairs"
        )
    in_spatial = _take(la.shape, dn.lhs_spec)[2:]
    kernel = [dilate_dim(k, d) for k, d in zip(_take(ra.shape, dn.rhs_spec)[2:], rhs_dil)]
    return tuple(padtype_to_pads(in_spatial, kernel, strides, padding))


def conv(lhs, rhs, window_strides, padding, precision=None, preferred_element_type=None):
    """NCHW / OIHW convolution without dilation or groups."""
    return conv_general_dilated(
        lhs,
        rhs,
        window_strides,
        padding,
        precision=precision,
        preferred_element_type=preferred_element_type,
    )


def conv_with_general_padding(
    lhs,
    rhs,
    window_strides,
    padding,
    lhs_dilation,
    rhs_dilation,
    precision=None,
    preferred_element_type=None,
):
    return conv_general_dilated(
        lhs,
        rhs,
        window_strides,
        padding,
        lhs_dilation=lhs_dilation,
        rhs_dilation=rhs_dilation,
        precision=precision,
        preferred_element_type=preferred_element_type,
    )


_DEFAULT_TRANSPOSE_SPECS = {
    2: ("NC", "IO", "NC"),
    3: ("NHC", "HIO", "NHC"),
    4: ("NHWC", "HWIO", "NHWC"),
    5: ("NHWDC", "HWDIO", "NHWDC"),
}


def conv_transpose(
    lhs,
    rhs,
    strides,
    padding,
    rhs_dilation=None,
    dimension_numbers=None,
    transpose_kernel: bool = False,
    precision=None,
    preferred_element_type=None,
    use_consistent_padding: bool = False,
):
    """The gradient of a strided convolution as a convolution: the input dilated by `strides`
    (JAX's lax.conv_transpose; channels-last specs by default)."""
    la, ra = aval_of(lhs), aval_of(rhs)
    if la.ndim != ra.ndim or la.ndim < 2:
        raise MeshjitValueError(
            f"conv_transpose needs operands of one rank >= 2, got {la.str_short()} and "
            f"{ra.str_short()}"
        )
    if dimension_numbers is None:
        if la.ndim not in _DEFAULT_TRANSPOSE_SPECS:
            raise MeshjitValueError("No 4+ dimensional dimension_number defaults.")
        dimension_numbers = _DEFAULT_TRANSPOSE_SPECS[la.ndim]
    dn = conv_dimension_numbers(la.shape, ra.shape, dimension_numbers)
    kernel_sizes = [ra.shape[d] for d in dn.rhs_spec[2:]]
    rhs_dilation = (1,) * (ra.ndim - 2) if rhs_dilation is None else tuple(rhs_dilation)
    pads = padding
    if use_consistent_padding or padding in ("SAME", "VALID"):
        per_dim = [padding] * len(strides) if isinstance(padding, str) else padding
        effective = [(k - 1) * r + 1 for k, r in zip(kernel_sizes, rhs_dilation)]
        pads = tuple(
            _conv_transpose_padding(k, s, p) for k, s, p in zip(effective, strides, per_dim)
        )
    if transpose_kernel:
        rhs = gather_scatter.rev(rhs, tuple(dn.rhs_spec[2:]))
        perm = list(range(ra.ndim))
        perm[dn.rhs_spec[0]], perm[dn.rhs_spec[1]] = perm[dn.rhs_spec[1]], perm[dn.rhs_spec[0]]
        rhs = shapes.transpose(rhs, tuple(perm))
    one = (1,) * (la.ndim - 2)
    return conv_general_dilated(
        lhs, rhs, one, pads, tuple(strides), rhs_dilation, dn, precision=precision,
        preferred_element_type=preferred_element_type,
    )  # fmt: skip


def _conv_transpose_padding(k: int, s: int, padding) -> tuple[int, int]:
    if padding == "SAME":
        pad_len = k + s - 2
        pad_a = k - 1 if s > k - 1 else -(-pad_len // 2)
    elif padding == "VALID":
        pad_len = k + s - 2 + max(k - s, 0)
        pad_a = k - 1
    elif isinstance(padding, tuple):
        pads = tuple(k - p - 1 for p in padding)
        pad_a, pad_len = pads[0], sum(pads)
    else:
        raise MeshjitValueError(f"Invalid padding mode: {padding}")
    return pad_a, pad_len - pad_a


__all__ = [
    "ConvDimensionNumbers",
    "conv",
    "conv_dimension_numbers",
    "conv_general_dilated",
    "conv_transpose",
    "conv_with_general_padding",
]


# ---------------------------------------------------------------------------------------------
# Convolution: bilinear; each operand's transpose is another convolution.


bilinear_jvp(conv_general_dilated_p)


def _swap_first_two(spec):
    return (spec[1], spec[0]) + tuple(spec[2:])


def _conv_lhs_ct(ct, rhs, lhs_aval, p):
    """Correlates the stride-dilated cotangent with the flipped kernel (features swapped and
    regrouped), then drops the lhs padding and dilation holes. Batch groups are feature groups
    of the cotangent (as in JAX): the result's features split into them, moved into its
    batch."""
    dn = p["dimension_numbers"]
    batch_groups = p["batch_group_count"]
    groups = p["feature_group_count"] if batch_groups == 1 else batch_groups
    kernel = shapes.transpose(rhs, dn.rhs_spec)  # (O, I, spatial...)
    o, i, *window = aval_of(kernel).shape
    kernel = shapes.reshape(kernel, (groups, o // groups, i, *window))
    kernel = shapes.transpose(kernel, (0, 2, 1) + tuple(range(3, 3 + len(window))))
    kernel = shapes.reshape(kernel, (groups * i, o // groups, *window))
    kernel = gather_scatter.rev(kernel, tuple(range(2, 2 + len(window))))
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
        padded = windowed.dilate_dim(size, ld) + lo + hi
        pads.append(((w - 1) * rd, padded - windowed.dilate_dim(n, s)))
    canonical = tuple(range(len(window) + 2))
    full = conv_general_dilated_p.bind(
        elementwise.convert_element_type(ct, lhs_aval.dtype),
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
    if batch_groups > 1:
        full = _axis_into(
            dn.lhs_spec[1], dn.lhs_spec[0], _axis_out_of(dn.lhs_spec[1], groups, full)
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
        elementwise.convert_element_type(ct, aval_of(lhs).dtype),
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
    return slicing.slice(full, [0] * rhs_aval.ndim, rhs_aval.shape)


@transpose_rules.register(conv_general_dilated_p)
def _conv_transpose(ct, lhs, rhs, **params):
    if is_undefined(lhs) and is_undefined(rhs):
        raise MeshjitNotImplementedError("conv_general_dilated of two linear operands")
    if is_undefined(lhs):
        return [_conv_lhs_ct(ct, rhs, lhs.aval, params), None]
    out = _conv_rhs_ct(ct, lhs, rhs.aval, params)
    return [None, elementwise.convert_element_type(out, rhs.aval.dtype)]


# ---------------------------------------------------------------------------------------------
# Batching: the mapped axis is folded into the convolution's batch dimension (lhs mapped), its
# out-features (rhs mapped), or feature / batch groups (both mapped), and split out after.


def _axis_into(src: int, dst: int, x):
    """Merges axis `src` into axis `dst` (numbered without `src`), `src` the major part."""
    aval = aval_of(x)
    perm = [i for i in range(aval.ndim) if i != src]
    perm.insert(dst, src)
    shape = [s for i, s in enumerate(aval.shape) if i != src]
    shape[dst] *= aval.shape[src]
    return shapes.reshape(shapes.transpose(x, perm), shape)


def _axis_out_of(src: int, major: int, x):
    shape = list(aval_of(x).shape)
    shape[src : src + 1] = [major, shape[src] // major]
    return shapes.reshape(x, shape)


@batching_rules.register(conv_general_dilated_p)
def _conv_batcher(args, dims, **params):
    (lhs, rhs), (dl, dr) = args, dims
    lhs_spec, rhs_spec, out_spec = params["dimension_numbers"]
    groups, batch_groups = params["feature_group_count"], params["batch_group_count"]
    bind = conv_general_dilated_p.bind
    if dl is not None and dr is not None:
        size = aval_of(lhs).shape[dl]
        if batch_groups > 1:
            lhs = _axis_into(dl, lhs_spec[0], lhs)
            params = dict(params, batch_group_count=batch_groups * size)
        else:
            lhs = _axis_into(dl, lhs_spec[1], lhs)
            params = dict(params, feature_group_count=groups * size)
        out = bind(lhs, _axis_into(dr, rhs_spec[0], rhs), **params)
        return _axis_out_of(out_spec[1], size, out), out_spec[1]
    if dl is not None:
        size = aval_of(lhs).shape[dl]
        if batch_groups == 1:
            out = bind(_axis_into(dl, lhs_spec[0], lhs), rhs, **params)
            return _axis_out_of(out_spec[0], size, out), out_spec[0]
        n = lhs_spec[0]
        lhs = _axis_out_of(n + int(dl <= n), batch_groups, lhs)
        lhs = _axis_into(dl + int(n < dl), n + 1, lhs)
        out = bind(_axis_into(n, n, lhs), rhs, **params)
        return _axis_out_of(out_spec[0], size, out), out_spec[0]
    size = aval_of(rhs).shape[dr]
    o = rhs_spec[0]
    if groups == 1 and batch_groups == 1:
        out = bind(lhs, _axis_into(dr, o, rhs), **params)
        return _axis_out_of(out_spec[1], size, out), out_spec[1]
    count = groups if groups > 1 else batch_groups
    rhs = _axis_out_of(o + int(dr <= o), count, rhs)
    rhs = _axis_into(dr + int(o < dr), o + 1, rhs)
    out = bind(lhs, _axis_into(o, o, rhs), **params)
    f = out_spec[1]
    out = _axis_out_of(f, count, out)
    out = _axis_out_of(f + 1, size, out)
    return _axis_into(f, f + 1, out), f


# ---------------------------------------------------------------------------------------------
# Sharding (explicit mode).


@sharding_rules.register(conv_general_dilated_p)
def _conv_sharding(out, lhs, rhs, *, dimension_numbers, **params):
    """The batch dimension keeps the input's axes, the output features the kernel's, and the
    spatial dimensions the input's where they still divide (as JAX)."""
    lhs_spec, rhs_spec, out_spec = dimension_numbers
    ls, sizes = spec_of(lhs), lhs.sharding.mesh.shape if lhs.sharding else {}
    spec = [None] * out.ndim
    spec[out_spec[0]] = ls[lhs_spec[0]]
    spec[out_spec[1]] = spec_of(rhs)[rhs_spec[0]]
    for i, o in zip(lhs_spec[2:], out_spec[2:]):
        parts = math.prod(sizes[a] for a in entry_axes(ls[i]))
        spec[o] = ls[i] if out.shape[o] % parts == 0 else None
    return tuple(spec)
