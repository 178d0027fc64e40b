"""The `fft` primitive (`stablehlo.fft`: complex FFT and IFFT, real-to-complex RFFT, and its
inverse IRFFT over the trailing `fft_lengths` dimensions) with its abstract eval, lowering, jvp,
transpose (JAX's: FFT and IFFT transpose to themselves, RFFT and IRFFT to each other with the
weights of the half spectrum), batching and sharding rules, and the `lax.fft` wrapper."""

from __future__ import annotations

import enum
import functools
import math

import numpy as np
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import shaped_array
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.shape_poly import is_constant_shape
from meshjit.compiler.ir.sharding_rules import sliced
from meshjit.compiler.lax import complex_parts, elementwise, shapes
from meshjit.compiler.lax.ad_util import aval_of, linear_jvp
from meshjit.compiler.lax.batching import moveaxis
from meshjit.compiler.lowering import LoweringRuleContext, emit


class FftType(enum.IntEnum):
    """Which transform `fft` computes (JAX's names and values)."""

    FFT = 0  # complex to complex, forward
    IFFT = 1  # complex to complex, inverse
    RFFT = 2  # real to complex (the half spectrum), forward
    IRFFT = 3  # the half spectrum to real, inverse

    # Python's IntEnum printing, as JAX's: `str` is the number (a jaxpr shows `fft_type=2`),
    # `repr` is `<FftType.RFFT: 2>`


def _fft_type(value) -> FftType:
    if isinstance(value, FftType):
        return value
    if isinstance(value, str) and value.upper() in FftType.__members__:
        return FftType[value.upper()]
    if isinstance(value, str):
        raise MeshjitValueError(f"Unknown FFT type '{value}'")
    raise MeshjitTypeError(f"Unknown FFT type value '{value}'")


fft_p = Primitive("fft")


@abstract_eval_rules.register(fft_p)
def _fft_abstract_eval(x, *, fft_type, fft_lengths):
    k = len(fft_lengths)
    if k > x.ndim:
        raise MeshjitValueError(
            f"FFT input shape {x.shape} must have at least as many input dimensions as "
            f"fft_lengths {fft_lengths}."
        )
    trailing = x.shape[x.ndim - k :]
    if fft_type == FftType.RFFT:
        if x.dtype not in (dtypes.float32, dtypes.float64):
            raise MeshjitValueError(f"RFFT input must be float32 or float64, got {x.dtype}")
        if trailing != fft_lengths:
            raise MeshjitValueError(
                f"RFFT input shape {x.shape} minor dimensions must be equal to fft_lengths "
                f"{fft_lengths}"
            )
        shape = x.shape[: x.ndim - k] + fft_lengths[:-1] + (fft_lengths[-1] // 2 + 1,)
        return shaped_array(shape, dtypes.complex_dtype(x.dtype))
    if not dtypes.is_complex(x.dtype):
        raise MeshjitValueError(
            f"{fft_type.name} input must be complex64 or complex128, got {x.dtype}"
        )
    if fft_type == FftType.IRFFT:
        if trailing[:-1] != fft_lengths[:-1]:
            raise MeshjitValueError(
                f"IRFFT input shape {x.shape} minor dimensions must be equal to all except the "
                f"last fft_length, got fft_lengths={fft_lengths}"
            )
        shape = x.shape[: x.ndim - k] + fft_lengths
        return shaped_array(shape, dtypes.real_dtype(x.dtype))
    if trailing != fft_lengths:
        raise MeshjitValueError(
            f"FFT input shape {x.shape} minor dimensions must be equal to fft_lengths {fft_lengths}"
        )
    return shaped_array(x.shape, x.dtype)


def _fft_lowering(ctx: LoweringRuleContext, x, *, fft_type, fft_lengths):
    attrs = {
        "fft_type": hlo.FftTypeAttr.get(fft_type.name),
        "fft_length": ctx.module_ctx.i64_array(fft_lengths),
    }
    (x_aval,), (out,) = ctx.avals_in, ctx.avals_out
    batch = x_aval.shape[: x_aval.ndim - len(fft_lengths)]
    if len(batch) < 2 or not is_constant_shape(x_aval.shape):
        return emit("stablehlo.fft", [ctx.result_type], [x], attrs).result
    # Two or more batch dimensions are collapsed into one around the FFT: XLA's partitioner
    # can hand the CPU FFT a gathered operand in a transpose's layout, which its runtime
    # refuses ("RET_CHECK failure (fft_thunk.cc:168) IsMonotonicWithDim0Major", JAX's jit
    # too; fuzzer seed 230269); a reshape's operand is laid out row-major for it.
    n = math.prod(batch)
    flat = x_aval.update(shape=(n,) + x_aval.shape[len(batch) :])
    flat_out = out.update(shape=(n,) + out.shape[len(batch) :])
    x = emit("stablehlo.reshape", [ctx.tensor_type(flat)], [x]).result
    y = emit("stablehlo.fft", [ctx.tensor_type(flat_out)], [x], attrs).result
    return emit("stablehlo.reshape", [ctx.result_type], [y]).result


lowering_rules.register(fft_p, _fft_lowering)

# ---------------------------------------------------------------------------------------------
# Autodiff: linear. A complex FFT's matrix is symmetric, so FFT and IFFT are their own
# transposes; RFFT keeps half the spectrum, so its transpose weighs the dropped half back in.

linear_jvp(fft_p)


def _half_spectrum_weights(n: int, m: int, dtype) -> np.ndarray:
    """1 for the zero frequency (and for Nyquist when n is even), 2 for the others: how many
    times each of the m kept frequencies of a length-n real transform stands in the full one."""
    weights = np.full(m, 2.0)
    weights[0] = 1.0
    if n % 2 == 0:
        weights[-1] = 1.0
    return weights.astype(dtype)


def _rfft_transpose(t, fft_lengths):
    t_aval = aval_of(t)
    weights = _half_spectrum_weights(fft_lengths[-1], t_aval.shape[-1], t_aval.dtype)
    scaled = elementwise.div(complex_parts.conj(t), _broadcast_trailing(weights, t_aval.shape))
    out = fft(scaled, FftType.IRFFT, fft_lengths)
    return elementwise.mul(out, float(math.prod(fft_lengths)))


def _irfft_transpose(t, fft_lengths):
    x = fft(t, FftType.RFFT, fft_lengths)
    x_aval = aval_of(x)
    weights = _half_spectrum_weights(fft_lengths[-1], x_aval.shape[-1], x_aval.dtype)
    weights = weights / math.prod(fft_lengths)
    return complex_parts.conj(elementwise.mul(x, _broadcast_trailing(weights, x_aval.shape)))


def _broadcast_trailing(values: np.ndarray, shape):
    return shapes.broadcast_in_dim(values, shape, (len(shape) - 1,))


@transpose_rules.register(fft_p)
def _fft_transpose(ct, x, *, fft_type, fft_lengths):
    if fft_type == FftType.RFFT:
        return [_rfft_transpose(ct, fft_lengths)]
    if fft_type == FftType.IRFFT:
        return [_irfft_transpose(ct, fft_lengths)]
    return [fft_p.bind(ct, fft_type=fft_type, fft_lengths=fft_lengths)]


# ---------------------------------------------------------------------------------------------
# Batching: the transform works on trailing dimensions, so the mapped axis goes in front.


@batching_rules.register(fft_p)
def _fft_batcher(args, dims, *, fft_type, fft_lengths):
    (x,), (d,) = args, dims
    return fft_p.bind(moveaxis(x, d, 0), fft_type=fft_type, fft_lengths=fft_lengths), 0


# Explicit sharding: as JAX, the result keeps the operand's sharding (XLA gathers a sharded FFT
# dimension itself); a sharded dimension whose size changes (RFFT / IRFFT) must stay divisible.
sharding_rules.register(fft_p, sliced("fft"))


def fft(x, fft_type, fft_lengths):
    """`fft_type` (an FftType or its name) over the trailing len(fft_lengths) dimensions; RFFT
    takes real input (converted to a float type), the others complex input (converted). As
    JAX's, a jitted function named `fft` with both parameters static."""
    return _jitted_fft()(x, fft_type, tuple(fft_lengths))


@functools.cache
def _jitted_fft():
    from meshjit.compiler.jit.api import JitFunction  # jit/ sits above lax/

    return JitFunction(_fft, static_argnames=("fft_type", "fft_lengths"), name="fft")


def _fft(x, fft_type, fft_lengths):
    fft_type = _fft_type(fft_type)
    if not is_constant_shape(fft_lengths):  # JAX's words (its lowering's)
        raise MeshjitNotImplementedError(
            "Shape polymorphism for FFT with non-constant fft_length is not implemented for "
            "TPU and GPU"
        )
    fft_lengths = tuple(int(n) for n in fft_lengths)
    dtype = aval_of(x).dtype
    if fft_type == FftType.RFFT:
        if dtypes.is_complex(dtype):
            raise MeshjitValueError("only real valued inputs supported for rfft")
        x = elementwise.convert_element_type(x, dtypes.to_inexact(dtype))
    elif not dtypes.is_complex(dtype):  # JAX's to_complex_dtype: int32 -> complex64 under x64
        x = elementwise.convert_element_type(x, dtypes.complex_dtype(dtypes.to_inexact(dtype)))
    if not fft_lengths:
        return x
    return fft_p.bind_internal(x, fft_type=fft_type, fft_lengths=fft_lengths)
