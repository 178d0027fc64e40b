"""Image resizing as JAX does it: per resized dimension, a (input, output) weight matrix sampled
from the method's kernel, normalised per output pixel, and one einsum contracting them all."""

from __future__ import annotations

import enum
import string

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.jit.api import jit
from meshjit.compiler.numpy.util import promote_inexact, result_type, static_axis

__all__ = ["ResizeMethod", "resize", "scale_and_translate"]


class ResizeMethod(enum.Enum):
    NEAREST = 0
    LINEAR = 1
    LANCZOS3 = 2
    LANCZOS5 = 3
    CUBIC = 4
    CUBIC_PYTORCH = 5
    AREA = 6

    @staticmethod
    def from_string(s: str) -> ResizeMethod:
        for method, names in _NAMES.items():
            if s in names:
                return method
        raise MeshjitValueError(f'Unknown resize method "{s}"')


_NAMES = {
    ResizeMethod.NEAREST: ("nearest",),
    ResizeMethod.LINEAR: ("linear", "bilinear", "trilinear", "triangle"),
    ResizeMethod.LANCZOS3: ("lanczos3",),
    ResizeMethod.LANCZOS5: ("lanczos5",),
    ResizeMethod.CUBIC: ("cubic", "bicubic", "tricubic"),
    ResizeMethod.CUBIC_PYTORCH: ("cubic-pytorch", "bicubic-pytorch"),
    ResizeMethod.AREA: ("area",),
}


# ---------------------------------------------------------------------------------------------
# Kernels (of the distance |sample - pixel centre|, in input pixels).


def _lanczos(radius: float, x):
    y = radius * jnp.sin(np.pi * x) * jnp.sin(np.pi * x / radius)
    out = jnp.where(x > 1e-3, jnp.divide(y, jnp.where(x != 0, np.pi**2 * x**2, 1)), 1)
    return jnp.where(x > radius, 0.0, out)


def _keys_cubic(x):
    out = ((1.5 * x - 2.5) * x) * x + 1.0
    out = jnp.where(x >= 1.0, ((-0.5 * x + 2.5) * x - 4.0) * x + 2.0, out)
    return jnp.where(x >= 2.0, 0.0, out)


def _opencv_cubic(x):
    a = -0.75
    out = ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0
    out = jnp.where(x >= 1.0, ((a * x - 5.0 * a) * x + 8.0 * a) * x - 4.0 * a, out)
    return jnp.where(x >= 2.0, 0.0, out)


def _triangle(x):
    return jnp.maximum(0, 1 - jnp.abs(x))


_AREA = object()  # not a kernel: the overlap of output and input pixel intervals

_KERNELS = {
    ResizeMethod.LINEAR: (1, _triangle),
    ResizeMethod.LANCZOS3: (3, lambda x: _lanczos(3.0, x)),
    ResizeMethod.LANCZOS5: (5, lambda x: _lanczos(5.0, x)),
    ResizeMethod.CUBIC: (2, _keys_cubic),
    ResizeMethod.CUBIC_PYTORCH: (2, _opencv_cubic),
    ResizeMethod.AREA: (1, _AREA),
}


# ---------------------------------------------------------------------------------------------
# Weight matrices.


def _padding_width(radius, scale, antialias: bool) -> int:
    if not antialias:
        return radius
    try:
        inv_scale = 1.0 / float(scale)
    except Exception as e:
        raise MeshjitValueError("Antialiasing with edge padding requires a static scale.") from e
    return int(np.ceil(radius * max(inv_scale, 1.0)))


def _area_weights(input_size, output_size, inv_scale, translation, dtype):
    left = jnp.arange(output_size, dtype=dtype) * inv_scale - translation * inv_scale
    right = left + inv_scale
    pixel_left = jnp.arange(input_size, dtype=dtype)
    overlap = jnp.minimum(right[None, :], (pixel_left + 1.0)[:, None]) - jnp.maximum(
        left[None, :], pixel_left[:, None]
    )
    return jnp.maximum(0.0, overlap)


def _normalized(weights):
    total = jnp.sum(weights, axis=0, keepdims=True)
    big_enough = jnp.abs(total) > 1000.0 * float(np.finfo(np.float32).eps)
    return jnp.where(big_enough, jnp.divide(weights, jnp.where(total != 0, total, 1)), 0)


def _folded_at_edges(weights, indices, input_size, output_size, dtype):
    """Weights of samples outside the image added to the edge pixels (edge padding)."""
    clamped = jnp.clip(indices.astype(jnp.int32), 0, input_size - 1)
    outputs = lax.broadcast_in_dim(jnp.arange(output_size), (indices.shape[0], output_size), (1,))
    mat = jnp.zeros((input_size, output_size), dtype=dtype)
    return mat.at[clamped[:, None], outputs].add(weights)


def compute_weight_mat(
    input_size, output_size, scale, translation, kernel, antialias, radius, *, edge_padding: bool
):
    dtype = result_type(scale, translation)
    inv_scale = 1.0 / scale
    kernel_scale = jnp.maximum(inv_scale, 1.0) if antialias else 1.0
    sample = (jnp.arange(output_size, dtype=dtype) + 0.5) * inv_scale
    sample = sample - translation * inv_scale - 0.5
    pad = _padding_width(radius, scale, antialias) if edge_padding else 0
    indices = jnp.arange(-pad, input_size + pad, dtype=dtype)
    if kernel is _AREA:
        weights = _area_weights(input_size, output_size, inv_scale, translation, dtype)
    else:
        weights = kernel(jnp.abs(sample[None, :] - indices[:, None]) / kernel_scale)
    if edge_padding:
        return _normalized(_folded_at_edges(weights, indices, input_size, output_size, dtype))
    inside = jnp.logical_and(sample >= -0.5, sample <= input_size - 0.5)
    return jnp.where(inside[None, :], _normalized(weights), 0)


def _scale_and_translate(x, shape, spatial_dims, scale, translation, method, antialias, precision):
    if method == ResizeMethod.CUBIC_PYTORCH and antialias:
        method = ResizeMethod.CUBIC
    radius, kernel = _KERNELS[method]
    edge_padding = method == ResizeMethod.CUBIC_PYTORCH and not antialias
    if not spatial_dims:
        return x
    letters = string.ascii_letters
    x_spec = list(letters[: x.ndim])
    out_spec = list(x_spec)
    operands, specs = [x], ["".join(x_spec)]
    for i, d in enumerate(spatial_dims):
        d = static_axis(d, x.ndim)
        w = compute_weight_mat(
            x.shape[d],
            shape[d],
            scale[i],
            translation[i],
            kernel,
            antialias,
            radius,
            edge_padding=edge_padding,
        )
        out_spec[d] = letters[x.ndim + i]
        operands.append(w.astype(x.dtype))
        specs.append(x_spec[d] + out_spec[d])
    subscripts = ",".join(specs) + "->" + "".join(out_spec)
    return jnp.einsum(subscripts, *operands, precision=precision)


# ---------------------------------------------------------------------------------------------
# The public functions.


def _method(method) -> ResizeMethod:
    return ResizeMethod.from_string(method) if isinstance(method, str) else method


def _checked_shape(shape, image) -> tuple[int, ...]:
    shape = tuple(int(s) for s in (shape if np.ndim(shape) else (shape,)))
    if len(shape) != image.ndim:
        raise MeshjitValueError(
            "shape must have length equal to the number of dimensions of x; "
            f" {shape} vs {image.shape}"
        )
    return shape


def scale_and_translate(
    image,
    shape,
    spatial_dims,
    scale,
    translation,
    method,
    antialias=True,
    precision=lax.Precision.HIGHEST,
):
    image = jnp.asarray(image)
    shape = _checked_shape(shape, image)
    method = _method(method)
    if method == ResizeMethod.NEAREST:
        raise MeshjitValueError(
            "Nearest neighbor resampling is not currently supported for scale_and_translate."
        )
    (image,) = promote_inexact(image)
    scale, translation = promote_inexact(jnp.asarray(scale), jnp.asarray(translation))
    return _scale_and_translate(
        image, shape, tuple(spatial_dims), scale, translation, method, antialias, precision
    )


def _resize_nearest(x, shape):
    for d, (m, n) in enumerate(zip(x.shape, shape)):
        if m == n:
            continue
        offsets = (jnp.arange(n, dtype=np.float32) + 0.5) * m / n
        index = [slice(None)] * x.ndim
        index[d] = jnp.floor(offsets.astype(np.float32)).astype(np.int32)
        x = x[tuple(index)]
    return x


def _resize(image, shape, method, antialias, precision):
    method = _method(method)
    if method == ResizeMethod.NEAREST:
        return _resize_nearest(image, shape)
    (image,) = promote_inexact(image)
    spatial_dims = tuple(d for d in range(len(shape)) if image.shape[d] != shape[d])
    scale = [1.0 if shape[d] == 0 else shape[d] / image.shape[d] for d in spatial_dims]
    translation = [0.0] * len(spatial_dims)
    return _scale_and_translate(
        image, shape, spatial_dims, scale, translation, method, antialias, precision
    )


_resize_jit = jit(_resize, static_argnums=(1, 2, 3, 4))


def resize(image, shape, method, antialias=True, precision=lax.Precision.HIGHEST):
    image = jnp.asarray(image)
    return _resize_jit(image, _checked_shape(shape, image), method, antialias, precision)
