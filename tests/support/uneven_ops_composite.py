"""More op families for the uneven-sharding sweep (task uneven19): gradients of the sweep's
data movers (transposes of pad, slice, gather, convolution), jnp functions built of several
primitives (unique with a size, searchsorted, histogram, convolve, three-operand einsum,
linalg on batch dimensions), and sub-axis shardings made by reshapes of sharded dimensions.
They register into `uneven_ops.OPS` on import (tests/support/uneven_sweep.py imports them)."""

from __future__ import annotations

import functools

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from tests.support.uneven_ops import _PADS, both, dim, floats, op, shapes


def _weights(m, shape):
    """Exactly representable weights the same in NumPy and meshjit (iota-based)."""
    n = int(np.prod(shape))
    return (m.arange(n, dtype=np.float32).reshape(shape) % 7) * 0.5 - 1.5


def _linear_grad(f):
    """The gradient of sum(f(x) * weights) in meshjit."""

    def loss(v):
        y = f(v)
        return (y * _weights(jnp, y.shape)).sum()

    return meshjit.grad(loss)


def _pad_grad_ref(x, config):
    """The transpose of lax.pad: each element's weight where the pad put it (0 when cut)."""
    out_shape = [
        lo + hi + n + max(n - 1, 0) * interior for n, (lo, hi, interior) in zip(x.shape, config)
    ]
    w = _weights(np, out_shape).astype(np.float64)
    grad = np.zeros(x.shape)
    for index in np.ndindex(*x.shape):
        where = [lo + i * (interior + 1) for i, (lo, _, interior) in zip(index, config)]
        if all(0 <= p < n for p, n in zip(where, out_shape)):
            grad[index] = w[tuple(where)]
    return grad


for _i, _c in enumerate(_PADS):
    op(
        f"grad_pad{_i}",
        lambda r: [floats(r, (dim(r, 3, 5, 6, 7, 9), dim(r, 3, 5, 6, 7, 10)))],
        _linear_grad(functools.partial(lambda x, c: lax.pad(x, 0.0, c), c=_c)),
        functools.partial(_pad_grad_ref, config=_c),
    )


def _slice_grad_ref(x):
    grad = np.zeros(x.shape)
    part = grad[1::2, ::3]
    grad[1::2, ::3] = _weights(np, part.shape)
    return grad


op(
    "grad_slice",
    shapes(2),
    _linear_grad(lambda x: x[1::2, ::3]),
    _slice_grad_ref,
)


def _gather_grad_args(r):
    x = floats(r, (dim(r), dim(r)))
    n = x.shape[0]
    return [x, np.array([r.randrange(n) for _ in range(dim(r, 3, 5, 7))], np.int32)]


def _gather_grad_ref(x, idx):
    grad = np.zeros(x.shape)
    np.add.at(grad, idx, _weights(np, (len(idx), x.shape[1])))
    return grad


op(
    "grad_gather",
    _gather_grad_args,
    lambda x, i: meshjit.grad(lambda v: (v[i] * _weights(jnp, (i.shape[0], v.shape[1]))).sum())(x),
    _gather_grad_ref,
)


def _conv_grads(x, w, strides, pads):
    def loss(x, w):
        y = lax.conv_general_dilated(x, w, strides, pads)
        return (y * _weights(jnp, y.shape)).sum() / 64

    return meshjit.grad(loss, argnums=(0, 1))(x, w)


def _conv_grad_args(r):
    n, c, o = dim(r, 1, 3, 5), dim(r, 1, 2, 3), dim(r, 1, 2, 3)
    return [
        floats(r, (n, c, dim(r, 5, 6, 7, 9, 10), dim(r, 5, 6, 7, 9))),
        floats(r, (o, c, dim(r, 1, 2, 3), dim(r, 1, 3))),
    ]


for _i, (_s, _p) in enumerate([((1, 1), ((0, 0), (0, 0))), ((2, 1), ((1, 1), (0, 2)))]):
    op(
        f"grad_conv{_i}",
        _conv_grad_args,
        functools.partial(_conv_grads, strides=_s, pads=_p),
        None,
        unsharded_reference=True,
        rtol=1e-4,
    )

# jnp functions of several primitives.
both(
    "unique_size",
    lambda r: [np.floor(floats(r, (dim(r), dim(r)))) % 5],
    lambda m, x: (
        m.unique(x, size=7, fill_value=-1.0)
        if m is jnp
        else np.pad(np.unique(x), (0, 7 - len(np.unique(x))), constant_values=-1.0)
    ),
)
both(
    "searchsorted",
    lambda r: [np.sort(floats(r, (dim(r, 5, 6, 7, 9, 10, 12, 13),))), floats(r, (dim(r), dim(r)))],
    lambda m, a, v: m.searchsorted(a, v).astype(np.int32),
)
both(
    "histogram",
    shapes(2),
    lambda m, x: m.histogram(x, bins=5, range=(-10.5, 10.5))[0].astype(np.int32),
)
both(
    "convolve",
    lambda r: [floats(r, (dim(r, 5, 6, 7, 9, 10, 12, 13),)), floats(r, (dim(r, 1, 3, 5),))],
    lambda m, x, k: m.convolve(x, k, mode="same") / 8,
)
both(
    "einsum3",
    lambda r: (lambda a, b, c, d: [floats(r, (a, b)), floats(r, (b, c)), floats(r, (c, d))])(
        dim(r), dim(r), dim(r), dim(r)
    ),
    lambda m, x, y, z: m.einsum("ab,bc,cd->ad", x, y, z) / 4096,
    rtol=1e-4,
)


def _spd(x):
    """A symmetric positive definite batch from x (b, n, n)."""
    return x @ jnp.swapaxes(x, -1, -2) / 16 + jnp.eye(x.shape[-1], dtype=x.dtype) * x.shape[-1]


def _square_batch(r):
    n = dim(r, 1, 3, 5, 6)
    return [floats(r, (dim(r, 3, 5, 6, 7, 9), n, n))]


for _name, _fn in {
    "cholesky": lambda x: jnp.linalg.cholesky(_spd(x)),
    "eigvalsh": lambda x: jnp.linalg.eigh(_spd(x))[0],
    "svdvals": lambda x: jnp.linalg.svd(_spd(x), compute_uv=False),
    "qr_r_abs": lambda x: jnp.abs(jnp.linalg.qr(_spd(x))[1]),
}.items():
    op(f"linalg_{_name}", _square_batch, _fn, None, unsharded_reference=True, rtol=1e-3)


# Sub-axis shardings: a sharded dimension split by a reshape, then reduced or scanned along a
# part.
def _split_leading(x):
    a = {6: 2, 10: 2, 12: 3, 9: 3, 24: 4}.get(x.shape[0], 1)
    return x.reshape(a, x.shape[0] // a, x.shape[1])


op(
    "subaxis_sum",
    lambda r: [floats(r, (r.choice([6, 9, 10, 12, 24]), dim(r)))],
    lambda x: _split_leading(x).sum(0),
    lambda x: _split_leading(x).sum(0),
)
op(
    "subaxis_cumsum",
    lambda r: [floats(r, (r.choice([6, 9, 10, 12, 24]), dim(r)))],
    lambda x: jnp.cumsum(_split_leading(x), axis=1),
    lambda x: np.cumsum(_split_leading(x), axis=1),
)
op(
    "subaxis_transpose",
    lambda r: [floats(r, (r.choice([6, 9, 10, 12, 24]), dim(r)))],
    lambda x: jnp.transpose(_split_leading(x), (1, 0, 2)).reshape(-1, x.shape[1]) * 2,
    lambda x: np.transpose(_split_leading(x), (1, 0, 2)).reshape(-1, x.shape[1]) * 2,
)
