"""meshjit.nn.initializers: JAX 0.10.2's initializers, drawing from meshjit.random with JAX's
formulas, so a key gives JAX's bits. An initializer is `init(key, shape, dtype=...)`.
`orthogonal` and `delta_orthogonal` take the QR of normal draws through LAPACK, as JAX, so they
agree with JAX's to rounding. Complex dtypes draw as JAX's do (complex normals; variance scaling
uniform on a disk, or a complex normal cut at modulus 2)."""

from __future__ import annotations

import math
from typing import Any, Protocol

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.random import samplers as random
from meshjit.compiler.random.api import split as split_key
from meshjit.compiler.random.multivariate import orthogonal as random_orthogonal
from meshjit.compiler.random.util import canonical_shape

__all__ = [
    "Initializer",
    "constant",
    "delta_orthogonal",
    "glorot_normal",
    "glorot_uniform",
    "he_normal",
    "he_uniform",
    "kaiming_normal",
    "kaiming_uniform",
    "lecun_normal",
    "lecun_uniform",
    "normal",
    "ones",
    "orthogonal",
    "truncated_normal",
    "uniform",
    "variance_scaling",
    "xavier_normal",
    "xavier_uniform",
    "zeros",
]

# The standard deviation of a standard normal truncated to (-2, 2): dividing by it makes a
# truncated_normal draw have the variance asked for.
_TRUNCATED_STDDEV = 0.8796256610342398


class Initializer(Protocol):
    """What every initializer is (JAX's typing protocol): `init(key, shape, dtype) -> array`."""

    def __call__(self, key: Any, shape: Any, dtype: Any = None, out_sharding: Any = None) -> Any:
        raise NotImplementedError


def _float(dtype):
    return dtypes.default_float if dtype is None else dtype


def _shape(shape, name: str) -> tuple:
    return canonical_shape(shape, f"nn.initializers.{name}")


def zeros(key, shape, dtype=None, out_sharding=None):
    _no_sharding(out_sharding, "zeros")
    return jnp.zeros(_shape(shape, "zeros"), _float(dtype))


def ones(key, shape, dtype=None, out_sharding=None):
    _no_sharding(out_sharding, "ones")
    return jnp.ones(_shape(shape, "ones"), _float(dtype))


def constant(value, dtype=None):
    def init(key, shape, dtype=dtype, out_sharding=None):
        _no_sharding(out_sharding, "constant")
        return jnp.full(_shape(shape, "constant"), value, dtype=_float(dtype))

    return init


def uniform(scale=1e-2, dtype=None):
    """Uniform in [0, scale)."""

    def init(key, shape, dtype=dtype, out_sharding=None):
        _no_sharding(out_sharding, "uniform")
        dtype = _float(dtype)
        return random.uniform(key, _shape(shape, "uniform"), dtype) * jnp.array(scale, dtype)

    return init


def normal(stddev=1e-2, dtype=None):
    def init(key, shape, dtype=dtype, out_sharding=None):
        _no_sharding(out_sharding, "normal")
        dtype = _float(dtype)
        return random.normal(key, _shape(shape, "normal"), dtype) * jnp.array(stddev, dtype)

    return init


def truncated_normal(stddev=1e-2, dtype=None, lower=-2.0, upper=2.0):
    def init(key, shape, dtype=dtype, out_sharding=None):
        _no_sharding(out_sharding, "truncated_normal")
        dtype = _float(dtype)
        draw = random.truncated_normal(key, lower, upper, _shape(shape, "truncated_normal"), dtype)
        return draw * jnp.array(stddev, dtype)

    return init


def orthogonal(scale=1.0, column_axis=-1, dtype=None):
    """Uniformly distributed orthogonal matrices: orthonormal rows or columns (along
    `column_axis`), whichever side is smaller, times `scale`."""

    def init(key, shape, dtype=dtype, out_sharding=None):
        _no_sharding(out_sharding, "orthogonal")
        dtype = _float(dtype)
        shape = _shape(shape, "orthogonal")
        if len(shape) < 2:
            raise MeshjitValueError("orthogonal initializer requires at least a 2D shape")
        if any(d == 0 for d in shape):
            return jnp.zeros(shape, dtype)
        n_cols = shape[column_axis]
        n_rows = math.prod(shape) // n_cols
        q = random_orthogonal(key, n_rows, (), dtype, n_cols)
        q = jnp.reshape(q, tuple(np.delete(shape, column_axis)) + (n_cols,))
        return jnp.array(scale, dtype) * jnp.moveaxis(q, -1, column_axis)

    return init


def delta_orthogonal(scale=1.0, column_axis=-1, dtype=None):
    """Convolution kernels (3D, 4D or 5D) zero but at the spatial centre, which holds an
    orthogonal matrix (https://arxiv.org/abs/1806.05393)."""

    def init(key, shape, dtype=dtype, out_sharding=None):
        _no_sharding(out_sharding, "delta_orthogonal")
        dtype = _float(dtype)
        shape = _shape(shape, "delta_orthogonal")
        if len(shape) not in (3, 4, 5):
            raise MeshjitValueError("Delta orthogonal initializer requires a 3D, 4D or 5D shape.")
        if shape[-1] < shape[-2]:
            raise MeshjitValueError("`fan_in` must be less or equal than `fan_out`. ")
        matrix = orthogonal(scale=scale, column_axis=column_axis, dtype=dtype)(key, shape[-2:])
        centre = tuple((k - 1) // 2 for k in shape[:-2])
        return jnp.zeros(shape, dtype).at[centre].set(matrix)

    return init


def _no_sharding(out_sharding, name: str) -> None:
    if out_sharding is not None:
        raise MeshjitValueError(
            f"nn.initializers.{name}: out_sharding is not supported yet; draw, then "
            "meshjit.device_put(value, sharding) or lax.with_sharding_constraint"
        )


# ---------------------------------------------------------------------------------------------
# Variance scaling and its named cases.


def compute_fans(shape, in_axis=-2, out_axis=-1, batch_axis=()) -> tuple[float, float]:
    """(fan_in, fan_out): the input and output sizes times the receptive field's size."""
    if isinstance(in_axis, int) and in_axis == -2 and len(shape) <= 1:
        raise MeshjitValueError(
            f"Can't compute input and output sizes of a {len(shape)}-dimensional weights tensor "
            "with default in_axis. Must be at least 2D or specify in_axis explicitly."
        )
    in_size, out_size, batch_size = (
        _size(shape, axes, what)
        for axes, what in ((in_axis, "in"), (out_axis, "out"), (batch_axis, "batch"))
    )
    receptive_field = math.prod(shape) / in_size / out_size / batch_size
    return in_size * receptive_field, out_size * receptive_field


def _size(shape, axes, what: str) -> int:
    axes = (axes,) if isinstance(axes, int) else tuple(axes)
    for a in axes:
        if not -len(shape) <= a < len(shape):
            raise MeshjitValueError(
                f"variance_scaling: {what}_axis {a} is out of range for a weights shape {shape}"
            )
    return math.prod(shape[a] for a in axes)


_DENOMINATORS = {
    "fan_in": lambda fan_in, fan_out: fan_in,
    "fan_out": lambda fan_in, fan_out: fan_out,
    "fan_avg": lambda fan_in, fan_out: (fan_in + fan_out) / 2,
    "fan_geo_avg": lambda fan_in, fan_out: (fan_in * fan_out) ** 0.5,
}


def variance_scaling(scale, mode, distribution, in_axis=-2, out_axis=-1, batch_axis=(), dtype=None):
    """Draws with variance scale / n, n the fan `mode` picks; `distribution` is
    "truncated_normal" (cut at 2 standard deviations), "normal" or "uniform"."""
    if mode not in _DENOMINATORS:
        raise MeshjitValueError(f"invalid mode for variance scaling initializer: {mode}")
    if distribution not in _DRAWS:
        raise MeshjitValueError(
            f"invalid distribution for variance scaling initializer: {distribution}"
        )

    def init(key, shape, dtype=dtype, out_sharding=None):
        _no_sharding(out_sharding, "variance_scaling")
        shape, dtype = _shape(shape, "variance_scaling"), _float(dtype)
        fans = compute_fans(shape, in_axis, out_axis, batch_axis)
        variance = jnp.array(scale / _DENOMINATORS[mode](*fans), dtype=dtype)
        return _DRAWS[distribution](key, shape, dtype, variance)

    return init


def _truncated_normal_draw(key, shape, dtype, variance):
    if jnp.iscomplexobj(variance):  # the modulus of a complex normal, cut at 2
        stddev = jnp.sqrt(variance) / jnp.array(_COMPLEX_TRUNCATED_STDDEV, dtype)
        return _complex_truncated_normal(key, 2, shape, dtype) * stddev
    stddev = jnp.sqrt(variance) / jnp.array(_TRUNCATED_STDDEV, dtype)
    return random.truncated_normal(key, -2, 2, shape, dtype) * stddev


def _normal_draw(key, shape, dtype, variance):
    return random.normal(key, shape, dtype) * jnp.sqrt(variance)


def _uniform_draw(key, shape, dtype, variance):
    if jnp.iscomplexobj(variance):  # uniform on a disk
        return _complex_uniform(key, shape, dtype) * jnp.sqrt(variance)
    return random.uniform(key, shape, dtype, -1) * jnp.sqrt(3 * variance)


_COMPLEX_TRUNCATED_STDDEV = 0.95311164380491208  # a complex standard normal cut at modulus 2


def _polar(key_r, key_theta, radius, shape, dtype):
    """radius(uniform draw) * exp(i theta), theta uniform in [0, 2 pi): JAX's formulas."""
    real_dtype = jnp.real(jnp.zeros((), dtype)).dtype
    r = radius(random.uniform(key_r, shape, real_dtype))
    theta = 2 * np.pi * random.uniform(key_theta, shape, real_dtype).astype(dtype)
    return r * jnp.exp(1j * theta)


def _complex_uniform(key, shape, dtype):
    """Uniform on the disk of zero mean and unit variance."""
    key_r, key_theta = split_key(key)
    return _polar(key_r, key_theta, lambda u: jnp.sqrt(2 * u).astype(dtype), shape, dtype)


def _complex_truncated_normal(key, upper, shape, dtype):
    """A centered complex normal of variance one whose modulus is cut at `upper`."""
    key_r, key_theta = split_key(key)
    scale = 1 - jnp.exp(jnp.array(-(upper**2), dtype))

    def radius(u):
        return jnp.sqrt(-jnp.log(1 - scale * u.astype(dtype)))

    return _polar(key_r, key_theta, radius, shape, dtype)


_DRAWS = {
    "truncated_normal": _truncated_normal_draw,
    "normal": _normal_draw,
    "uniform": _uniform_draw,
}


def _named(name, scale, mode, distribution):
    def make(in_axis=-2, out_axis=-1, batch_axis=(), dtype=None):
        return variance_scaling(scale, mode, distribution, in_axis, out_axis, batch_axis, dtype)

    make.__name__ = make.__qualname__ = name  # (Python names it in its errors, as JAX's)
    return make


glorot_uniform = xavier_uniform = _named("glorot_uniform", 1.0, "fan_avg", "uniform")
glorot_normal = xavier_normal = _named("glorot_normal", 1.0, "fan_avg", "truncated_normal")
lecun_uniform = _named("lecun_uniform", 1.0, "fan_in", "uniform")
lecun_normal = _named("lecun_normal", 1.0, "fan_in", "truncated_normal")
he_uniform = kaiming_uniform = _named("he_uniform", 2.0, "fan_in", "uniform")
he_normal = kaiming_normal = _named("he_normal", 2.0, "fan_in", "truncated_normal")
