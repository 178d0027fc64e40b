"""JAX's jax.example_libraries.stax: a layer is a pair (init_fun, apply_fun);
`init_fun(rng, input_shape) -> (output_shape, params)`, `apply_fun(params, inputs, **kwargs)`.
Layers and combinators as JAX's, drawing their parameters from meshjit.random with JAX's bits."""

from __future__ import annotations

import functools
import math

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.nn.functions import (
    elu,
    gelu,
    leaky_relu,
    log_softmax,
    relu,
    selu,
    sigmoid,
    softmax,
    softplus,
    standardize,
)
from meshjit.compiler.nn.initializers import glorot_normal, normal, ones, zeros
from meshjit.compiler.random import api as random
from meshjit.compiler.random.samplers import bernoulli

# stax's own names for two initializers (JAX's stax exports them, and nn's functions, too).
glorot, randn = glorot_normal, normal

__all__ = [
    "AvgPool", "BatchNorm", "Conv", "Conv1DTranspose", "ConvTranspose", "Dense", "Dropout", "Elu", "Exp", "FanInConcat",
    "FanInSum", "FanOut", "Flatten", "Gelu", "GeneralConv", "GeneralConvTranspose", "Identity", "LeakyRelu",
    "LogSoftmax", "MaxPool", "Relu", "Selu", "Sigmoid", "Softmax", "Softplus", "SumPool", "Tanh",
    "elementwise", "logsoftmax", "parallel", "serial", "shape_dependent",
]  # fmt: skip

logsoftmax = log_softmax


def Dense(out_dim, W_init=glorot_normal(), b_init=normal()):
    """A fully connected layer: inputs @ W + b."""

    def init_fun(rng, input_shape):
        k1, k2 = random.split(rng)
        W, b = W_init(k1, (input_shape[-1], out_dim)), b_init(k2, (out_dim,))
        return tuple(input_shape[:-1]) + (out_dim,), (W, b)

    def apply_fun(params, inputs, **kwargs):
        W, b = params
        return jnp.dot(inputs, W) + b

    return init_fun, apply_fun


def GeneralConv(
    dimension_numbers, out_chan, filter_shape, strides=None, padding="VALID", W_init=None,
    b_init=normal(1e-6),
):  # fmt: skip
    """A convolution with dimension numbers (lhs, rhs, out) such as ('NHWC', 'HWIO', 'NHWC')."""
    one, strides, W_init = _conv_defaults(dimension_numbers, filter_shape, strides, W_init)

    def conv(inputs, W):
        return lax.conv_general_dilated(
            inputs, W, strides, padding, one, one, dimension_numbers=dimension_numbers
        )

    def shape(input_shape, kernel_shape):  # as JAX's stax: NumPy integers
        return lax.conv_general_shape_tuple(
            input_shape, kernel_shape, strides, padding, dimension_numbers
        )

    return _conv_layer(conv, shape, dimension_numbers, out_chan, filter_shape, W_init, b_init)


def _conv_defaults(dimension_numbers, filter_shape, strides, W_init):
    """(unit strides, strides, W_init) with stax's defaults: unit strides, glorot_normal."""
    rhs_spec = dimension_numbers[1]
    one = (1,) * len(filter_shape)
    W_init = W_init or glorot_normal(rhs_spec.index("I"), rhs_spec.index("O"))
    return one, strides or one, W_init


def _conv_layer(conv, shape, dimension_numbers, out_chan, filter_shape, W_init, b_init):
    """stax's (init_fun, apply_fun) of a convolution `conv(inputs, W)` plus a bias; `shape`
    sizes its output from the input and kernel shapes, as lax's shape tuples do."""
    lhs_spec, rhs_spec, out_spec = dimension_numbers

    def init_fun(rng, input_shape):
        sizes = iter(filter_shape)
        kernel_shape = [
            out_chan if c == "O" else input_shape[lhs_spec.index("C")] if c == "I" else next(sizes)
            for c in rhs_spec
        ]
        output_shape = shape(input_shape, kernel_shape)
        bias_shape = [out_chan if c == "C" else 1 for c in out_spec]
        k1, k2 = random.split(rng)
        return output_shape, (W_init(k1, kernel_shape), b_init(k2, bias_shape))

    def apply_fun(params, inputs, **kwargs):
        W, b = params
        return conv(inputs, W) + b

    return init_fun, apply_fun


Conv = functools.partial(GeneralConv, ("NHWC", "HWIO", "NHWC"))


def GeneralConvTranspose(
    dimension_numbers, out_chan, filter_shape, strides=None, padding="VALID", W_init=None,
    b_init=normal(1e-6),
):  # fmt: skip
    """A transposed convolution (lax.conv_transpose) with the given dimension numbers."""
    one, strides, W_init = _conv_defaults(dimension_numbers, filter_shape, strides, W_init)

    def conv(inputs, W):
        return lax.conv_transpose(inputs, W, strides, padding, dimension_numbers=dimension_numbers)

    def shape(input_shape, kernel_shape):
        return lax.conv_transpose_shape_tuple(
            input_shape, kernel_shape, strides, padding, dimension_numbers
        )

    return _conv_layer(conv, shape, dimension_numbers, out_chan, filter_shape, W_init, b_init)


Conv1DTranspose = functools.partial(GeneralConvTranspose, ("NHC", "HIO", "NHC"))
ConvTranspose = functools.partial(GeneralConvTranspose, ("NHWC", "HWIO", "NHWC"))


def BatchNorm(axis=(0, 1, 2), epsilon=1e-5, center=True, scale=True, beta_init=zeros,
              gamma_init=ones):  # fmt: skip
    """Normalizes over `axis` (batch statistics), then scales by gamma and shifts by beta."""
    axis = (axis,) if np.isscalar(axis) else tuple(axis)

    def init_fun(rng, input_shape):
        shape = tuple(d for i, d in enumerate(input_shape) if i not in axis)
        k1, k2 = random.split(rng)
        beta = beta_init(k1, shape) if center else ()
        gamma = gamma_init(k2, shape) if scale else ()
        return input_shape, (beta, gamma)

    def apply_fun(params, x, **kwargs):
        beta, gamma = params
        ed = tuple(None if i in axis else slice(None) for i in range(jnp.ndim(x)))
        z = standardize(x, axis, epsilon=epsilon)
        if center and scale:
            return gamma[ed] * z + beta[ed]
        if center:
            return z + beta[ed]
        return gamma[ed] * z if scale else z

    return init_fun, apply_fun


def elementwise(fun, **fun_kwargs):
    """A layer applying `fun` to its inputs (no parameters)."""

    def init_fun(rng, input_shape):
        return input_shape, ()

    def apply_fun(params, inputs, **kwargs):
        return fun(inputs, **fun_kwargs)

    return init_fun, apply_fun


Tanh = elementwise(jnp.tanh)
Relu = elementwise(relu)
Exp = elementwise(jnp.exp)
LogSoftmax = elementwise(log_softmax, axis=-1)
Softmax = elementwise(softmax, axis=-1)
Softplus = elementwise(softplus)
Sigmoid = elementwise(sigmoid)
Elu = elementwise(elu)
LeakyRelu = elementwise(leaky_relu)
Selu = elementwise(selu)
Gelu = elementwise(gelu)


# ---------------------------------------------------------------------------------------------
# Pooling.


def _pooling_layer(reducer, init_val, rescaler=None):
    def PoolingLayer(window_shape, strides=None, padding="VALID", spec=None):
        strides = strides or (1,) * len(window_shape)
        rescale = rescaler(window_shape, strides, padding) if rescaler else None
        non_spatial = (0, len(window_shape) + 1) if spec is None else _non_spatial(spec)
        for i in sorted(non_spatial):
            window_shape = tuple(window_shape[:i]) + (1,) + tuple(window_shape[i:])
            strides = tuple(strides[:i]) + (1,) + tuple(strides[i:])

        def pool(inputs):
            return lax.reduce_window(inputs, init_val, reducer, window_shape, strides, padding)

        def init_fun(rng, input_shape):  # as JAX's stax: lax's shape tuple of the window
            pads = lax.padtype_to_pads(input_shape, window_shape, strides, padding)
            ones = (1,) * len(window_shape)
            return lax.reduce_window_shape_tuple(
                input_shape, window_shape, strides, pads, ones, ones
            ), ()

        def apply_fun(params, inputs, **kwargs):
            out = pool(inputs)
            return rescale(out, inputs, spec) if rescale else out

        return init_fun, apply_fun

    return PoolingLayer


def _non_spatial(spec: str) -> tuple[int, int]:
    return spec.index("N"), spec.index("C")


def _normalize_by_window_size(dims, strides, padding):
    def rescale(outputs, inputs, spec):
        non_spatial = (0, inputs.ndim - 1) if spec is None else _non_spatial(spec)
        spatial = tuple(n for i, n in enumerate(inputs.shape) if i not in non_spatial)
        one = jnp.ones(spatial, dtype=inputs.dtype)
        sizes = lax.reduce_window(one, 0.0, lax.add, dims, strides, padding)
        for i in sorted(non_spatial):
            sizes = jnp.expand_dims(sizes, i)
        return outputs / sizes

    return rescale


MaxPool = _pooling_layer(lax.max, -jnp.inf)
SumPool = _pooling_layer(lax.add, 0.0)
AvgPool = _pooling_layer(lax.add, 0.0, _normalize_by_window_size)


# ---------------------------------------------------------------------------------------------
# Shape plumbing layers.


def _flatten_layer():
    def init_fun(rng, input_shape):
        return (input_shape[0], math.prod(input_shape[1:])), ()

    def apply_fun(params, inputs, **kwargs):
        return jnp.reshape(inputs, (inputs.shape[0], -1))

    return init_fun, apply_fun


Flatten = _flatten_layer()
Identity = elementwise(lambda x: x)


def FanOut(num):
    return (lambda rng, input_shape: ([input_shape] * num, ())), (
        lambda params, inputs, **kwargs: [inputs] * num
    )


FanInSum = (
    (lambda rng, input_shape: (input_shape[0], ())),
    (lambda params, inputs, **kwargs: sum(inputs)),
)


def FanInConcat(axis=-1):
    def init_fun(rng, input_shape):
        ax = axis % len(input_shape[0])
        size = sum(shape[ax] for shape in input_shape)
        return tuple(input_shape[0][:ax]) + (size,) + tuple(input_shape[0][ax + 1 :]), ()

    def apply_fun(params, inputs, **kwargs):
        return jnp.concatenate(inputs, axis)

    return init_fun, apply_fun


def Dropout(rate, mode="train"):
    """Keeps each input with probability `rate` (scaled by 1 / rate) when mode='train'."""

    def init_fun(rng, input_shape):
        return input_shape, ()

    def apply_fun(params, inputs, **kwargs):
        rng = kwargs.get("rng", None)
        if rng is None:
            raise MeshjitValueError(
                "Dropout layer requires apply_fun to be called with a PRNG key argument. That "
                "is, instead of `apply_fun(params, inputs)`, call it like "
                "`apply_fun(params, inputs, rng)` where `rng` is a PRNG key (e.g. from "
                "`meshjit.random.key`)."
            )
        if mode != "train":
            return inputs
        keep = bernoulli(rng, rate, inputs.shape)
        return jnp.where(keep, inputs / rate, 0)

    return init_fun, apply_fun


# ---------------------------------------------------------------------------------------------
# Combinators.


def serial(*layers):
    """The layers one after another; each gets its own key."""
    nlayers = len(layers)
    init_funs, apply_funs = zip(*layers)

    def init_fun(rng, input_shape):
        params = []
        for init in init_funs:
            rng, layer_rng = random.split(rng)
            input_shape, param = init(layer_rng, input_shape)
            params.append(param)
        return input_shape, params

    def apply_fun(params, inputs, **kwargs):
        rng = kwargs.pop("rng", None)
        rngs = random.split(rng, nlayers) if rng is not None else (None,) * nlayers
        for fun, param, layer_rng in zip(apply_funs, params, rngs):
            inputs = fun(param, inputs, rng=layer_rng, **kwargs)
        return inputs

    return init_fun, apply_fun


def parallel(*layers):
    """The layers side by side, the i-th applied to the i-th input."""
    nlayers = len(layers)
    init_funs, apply_funs = zip(*layers)

    def init_fun(rng, input_shape):
        rngs = random.split(rng, nlayers)
        return zip(*[init(r, shape) for init, r, shape in zip(init_funs, rngs, input_shape)])

    def apply_fun(params, inputs, **kwargs):
        rng = kwargs.pop("rng", None)
        rngs = random.split(rng, nlayers) if rng is not None else (None,) * nlayers
        return [f(p, x, rng=r, **kwargs) for f, p, x, r in zip(apply_funs, params, inputs, rngs)]

    return init_fun, apply_fun


def shape_dependent(make_layer):
    """Builds the layer from the input shape when it is known."""

    def init_fun(rng, input_shape):
        return make_layer(input_shape)[0](rng, input_shape)

    def apply_fun(params, inputs, **kwargs):
        return make_layer(inputs.shape)[1](params, inputs, **kwargs)

    return init_fun, apply_fun
