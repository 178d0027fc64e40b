"""The op families of the uneven-sharding sweep (tests/support/uneven_sweep.py): for each, how
to draw its arguments, the program (meshjit) and its NumPy reference (float64)."""

from __future__ import annotations

import dataclasses
import functools
import random
from typing import Callable

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

import meshjit
import meshjit.numpy as jnp
from meshjit import lax

DIMS = (1, 3, 5, 6, 7, 9, 10, 12, 13)


@dataclasses.dataclass(frozen=True)
class OpSpec:
    args: Callable  # random.Random -> list of NumPy arrays
    fn: Callable  # the program, on meshjit values
    reference: Callable  # the same on NumPy float64 arrays
    rtol: float = 1e-5
    unsharded_reference: bool = False  # compare with meshjit's unsharded run instead
    takes_mesh: bool = False  # `fn` takes the case's mesh as `mesh=`


OPS: dict[str, OpSpec] = {}


def op(name, args, fn, reference=None, **kw):
    OPS[name] = OpSpec(args, fn, reference or fn, **kw)


def both(name, args, f, **kw):
    """An op written once for `m` = meshjit.numpy and `m` = numpy."""
    op(name, args, functools.partial(f, jnp), functools.partial(f, np), **kw)


def floats(r: random.Random, shape) -> np.ndarray:
    """Distinct, exactly representable values (no ties for sorts and argmax; exact sums)."""
    n = int(np.prod(shape))
    values = np.arange(n, dtype=np.float32) * 0.25 - n / 8
    r.shuffle(values)
    return values.reshape(shape)


def dim(r, *choices) -> int:
    return r.choice(choices or DIMS)


def shapes(*ranks):
    """Argument drawer: float arrays of the given ranks, sizes from DIMS."""
    return lambda r: [floats(r, [dim(r) for _ in range(k)]) for k in ranks]


def same_shape(count, rank):
    def draw(r):
        shape = [dim(r) for _ in range(rank)]
        return [floats(r, shape) for _ in range(count)]

    return draw


# Elementwise, broadcasts, reshapes, transposes.
both("elementwise", same_shape(2, 2), lambda m, x, y: m.maximum(x, y) * 2 - x / 4)
both("unary", shapes(3), lambda m, x: m.tanh(x / 8) + m.abs(x))
both(
    "bcast_row",
    lambda r: (lambda a, b: [floats(r, (a, b)), floats(r, (b,))])(dim(r), dim(r)),
    lambda m, x, y: x * y,
)
both(
    "bcast_col",
    lambda r: (lambda a, b: [floats(r, (a, 1)), floats(r, (a, b))])(dim(r), dim(r)),
    lambda m, x, y: x + y,
)
both(
    "broadcast_to",
    lambda r: [floats(r, (dim(r), dim(r)))],
    lambda m, x: m.broadcast_to(x[:, None, :], (x.shape[0], 3, x.shape[1])) * 1,
)
both("reshape_merge", shapes(3), lambda m, x: x.reshape(x.shape[0], -1) + 1)
both("reshape_merge_all", shapes(2), lambda m, x: x.reshape(-1) * 2)


def _split_args(r):
    a, b = r.choice([(2, 3), (3, 2), (2, 5), (5, 2), (3, 4), (4, 3), (3, 3), (2, 6), (6, 2)])
    return [floats(r, (a * b, dim(r)))]


def _split(m, x):
    a = {6: 2, 10: 2, 12: 3, 9: 3}.get(x.shape[0], 1)
    return x.reshape(a, x.shape[0] // a, x.shape[1]) + 0


both("reshape_split", _split_args, _split)
both("reshape_both", lambda r: [floats(r, (6, 10))], lambda m, x: x.reshape(4, 15) - 1)
both("transpose", shapes(3), lambda m, x: m.transpose(x, (2, 0, 1)) * 3)
both("swap", shapes(2), lambda m, x: x.T + x.T)

# Slices, reverses, concatenates, pads.
both("slice_strided", shapes(2), lambda m, x: x[1::2, ::3] * 1)
both("slice_offset", shapes(2), lambda m, x: x[x.shape[0] // 2 :, 1:] + 0)
both("slice_rev", shapes(2), lambda m, x: x[::-2, -3:] * 1)
both("reverse", shapes(2), lambda m, x: m.flip(x, 0) + m.flip(x, 1))
both("reverse_one", shapes(3), lambda m, x: m.flip(x, 1) * 2)
both("roll", shapes(2), lambda m, x: m.roll(x, 2, axis=0) - x)
both(
    "concat0",
    lambda r: (lambda b: [floats(r, (dim(r), b)), floats(r, (dim(r), b))])(dim(r)),
    lambda m, x, y: m.concatenate([x, y, x], 0),
)
both(
    "concat1",
    lambda r: (lambda a: [floats(r, (a, dim(r))), floats(r, (a, dim(r)))])(dim(r)),
    lambda m, x, y: m.concatenate([y, x], 1) * 1,
)
both("pad_edge_mode", shapes(2), lambda m, x: m.pad(x, ((1, 2), (0, 3)), mode="edge"))
both(
    "pad_reflect",
    shapes(2),
    lambda m, x: m.pad(x, ((0, min(2, x.shape[0] - 1)), (0, 0)), mode="reflect"),
)
both("pad_wrap", shapes(2), lambda m, x: m.pad(x, ((2, 1), (1, 0)), mode="wrap"))


def np_pad(x, config):
    """lax.pad in NumPy: (low, high, interior) per dim, low and high possibly negative."""
    for d, (lo, hi, interior) in enumerate(config):
        n = x.shape[d]
        shape = list(x.shape)
        shape[d] = n + max(n - 1, 0) * interior
        spread = np.zeros(shape, x.dtype)
        index = [slice(None)] * x.ndim
        index[d] = slice(None, None, interior + 1)
        spread[tuple(index)] = x
        widths = [(0, 0)] * x.ndim
        widths[d] = (max(lo, 0), max(hi, 0))
        x = np.pad(spread, widths)
        index = [slice(None)] * x.ndim
        index[d] = slice(-min(lo, 0), x.shape[d] + min(hi, 0))
        x = x[tuple(index)]
    return x


_PADS = [
    ((1, 2, 0), (0, 0, 0)),
    ((0, 0, 1), (0, 0, 0)),
    ((0, 0, 0), (2, 1, 2)),
    ((-1, 1, 0), (1, -1, 1)),
    ((1, 0, 1), (0, 2, 0)),
    ((-1, -1, 1), (3, 0, 0)),
]


op(
    "lax_pad_static",
    lambda r: [floats(r, (dim(r, 3, 5, 6, 7, 9), dim(r, 3, 5, 6, 7, 9)))],
    lambda x: lax.pad(x, -1.0, _PADS[x.size % len(_PADS)]),
    lambda x: np_pad(x + 1, _PADS[x.size % len(_PADS)]) - 1,
)
for _i, _c in enumerate(_PADS):
    op(
        f"lax_pad{_i}",
        lambda r: [floats(r, (dim(r, 3, 5, 6, 7, 9, 12), dim(r, 3, 5, 6, 7, 10)))],
        functools.partial(lambda x, c: lax.pad(x, -1.0, c), c=_c),
        functools.partial(lambda x, c: np_pad(x + 1, c) - 1, c=_c),
    )


# Dynamic slices and updates with traced starts, out of range included.
def _ds_args(r):
    shape = (dim(r, 3, 5, 6, 7, 9, 10, 12, 13), dim(r, 3, 5, 6, 7, 9, 10, 12, 13))
    return [floats(r, shape), np.int32(r.randint(-3, 14)), np.int32(r.randint(-3, 14))]


def _clamp(i, n, size):
    """lax.dynamic_slice's start: a negative one counts from the end, then clamped."""
    i = int(i) + n if i < 0 else int(i)
    return min(max(i, 0), n - size)


def _ds_sizes(x):
    return (max(1, x.shape[0] // 2), max(1, x.shape[1] - 2))


op(
    "dynamic_slice",
    _ds_args,
    lambda x, i, j: lax.dynamic_slice(x, (i, j), _ds_sizes(x)) * 1,
    lambda x, i, j: x[
        tuple(
            slice(_clamp(s, n, k), _clamp(s, n, k) + k)
            for s, n, k in zip((i, j), x.shape, _ds_sizes(x))
        )
    ],
)


def _dus_args(r):
    x, i, j = _ds_args(r)
    u = floats(r, (r.randint(1, x.shape[0]), r.randint(1, x.shape[1]))) + 1000
    return [x, u, i, j]


def _dus_ref(x, u, i, j):
    y = x.copy()
    a, b = _clamp(i, x.shape[0], u.shape[0]), _clamp(j, x.shape[1], u.shape[1])
    y[a : a + u.shape[0], b : b + u.shape[1]] = u
    return y


op(
    "dynamic_update_slice",
    _dus_args,
    lambda x, u, i, j: lax.dynamic_update_slice(x, u, (i, j)),
    _dus_ref,
)


# Gathers and scatters.
def _index_args(r, rows_axis=0, with_updates=False):
    shape = [dim(r), dim(r)]
    x = floats(r, shape)
    n = shape[rows_axis]
    k = dim(r, 1, 3, 5, 6, 7, 9)
    idx = np.array([r.randrange(-n, n) for _ in range(k)], np.int32)
    args = [x, idx]
    if with_updates:
        upd = list(shape)
        upd[rows_axis] = k
        args.append(floats(r, upd) + 100)
    return args


both("gather_rows", _index_args, lambda m, x, i: x[i] * 1)
both(
    "gather_take1",
    functools.partial(_index_args, rows_axis=1),
    lambda m, x, i: m.take(x, i, axis=1),
)
both(
    "gather_take_along",
    lambda r: (
        lambda x: [
            x,
            np.array(
                [[r.randrange(x.shape[1]) for _ in range(3)] for _ in range(x.shape[0])], np.int32
            ),
        ]
    )(floats(r, (dim(r), dim(r)))),
    lambda m, x, i: m.take_along_axis(x, i, axis=1),
)
both(
    "gather_scalar_row",
    lambda r: [floats(r, (dim(r), dim(r))), np.int32(r.randrange(13))],
    lambda m, x, i: x[i % x.shape[0]] + 0,
)


def _scatter(how):
    ufunc = {"add": np.add, "mul": np.multiply, "min": np.minimum, "max": np.maximum}[how]

    def ref(x, i, u):
        y = x.copy()
        ufunc.at(y, i, u)
        return y

    return lambda x, i, u: getattr(x.at[i], how)(u), ref


for _how in ("add", "mul", "min", "max"):
    op(f"scatter_{_how}", functools.partial(_index_args, with_updates=True), *_scatter(_how))


def _scatter_col_ref(x, i, u):
    y = x.copy()
    np.add.at(y, (slice(None), i), u)
    return y


op(
    "scatter_add_cols",
    functools.partial(_index_args, rows_axis=1, with_updates=True),
    lambda x, i, u: x.at[:, i].add(u),
    _scatter_col_ref,
)


def _scatter_set_ref(x, i):
    y = x.copy()
    y[i] = -5.0
    return y


op("scatter_set_const", _index_args, lambda x, i: x.at[i].set(-5.0), _scatter_set_ref)

# Dots.
both(
    "matmul",
    lambda r: (lambda a, b, c: [floats(r, (a, b)), floats(r, (b, c))])(dim(r), dim(r), dim(r)),
    lambda m, x, y: x @ y / 64,
)
both(
    "einsum_batch",
    lambda r: (lambda a, b, c, d: [floats(r, (a, b, c)), floats(r, (a, c, d))])(
        dim(r, 1, 3, 5, 6), dim(r), dim(r), dim(r)
    ),
    lambda m, x, y: m.einsum("abc,acd->abd", x, y) / 64,
)
both(
    "einsum_outer",
    lambda r: [floats(r, (dim(r),)), floats(r, (dim(r),))],
    lambda m, x, y: m.einsum("i,j->ij", x, y),
)
both(
    "einsum_contract2",
    lambda r: (lambda a, b: [floats(r, (a, b, 3)), floats(r, (b, a))])(dim(r), dim(r)),
    lambda m, x, y: m.einsum("abc,ba->c", x, y) / 64,
)


# Convolutions (NCHW, OIHW).
def _conv_args(r, groups=1):
    n, c, o = dim(r, 1, 3, 5), groups * dim(r, 1, 2, 3), groups * dim(r, 1, 2, 3)
    return [
        floats(r, (n, c, dim(r, 5, 6, 7, 9, 10), dim(r, 5, 6, 7, 9))),
        floats(r, (o, c // groups, dim(r, 1, 2, 3), dim(r, 1, 3))),
    ]


def _conv_ref(x, w, strides, pads, dil, groups):
    x = np.pad(x, [(0, 0), (0, 0)] + list(pads))
    kh, kw = w.shape[2:]
    eh, ew = (kh - 1) * dil[0] + 1, (kw - 1) * dil[1] + 1
    win = sliding_window_view(x, (eh, ew), axis=(2, 3))
    win = win[:, :, :: strides[0], :: strides[1], :: dil[0], :: dil[1]]
    cg, og = x.shape[1] // groups, w.shape[0] // groups
    return np.concatenate(
        [
            np.einsum("nchwij,ocij->nohw", win[:, g * cg : (g + 1) * cg], w[g * og : (g + 1) * og])
            for g in range(groups)
        ],
        axis=1,
    )


_CONVS = [
    ((1, 1), ((0, 0), (0, 0)), (1, 1)),
    ((2, 1), ((1, 1), (0, 2)), (1, 1)),
    ((1, 2), ((2, 0), (1, 1)), (2, 1)),
]
for _i, (_s, _p, _d) in enumerate(_CONVS):
    for _g in (1, 2):
        op(
            f"conv{_i}_g{_g}",
            functools.partial(_conv_args, groups=_g),
            functools.partial(
                lambda x, w, s, p, d, g: (
                    lax.conv_general_dilated(x, w, s, p, rhs_dilation=d, feature_group_count=g) / 64
                ),
                s=_s,
                p=_p,
                d=_d,
                g=_g,
            ),
            functools.partial(
                lambda x, w, s, p, d, g: _conv_ref(x, w, s, p, d, g) / 64, s=_s, p=_p, d=_d, g=_g
            ),
        )

# Reductions, scans, sorts.
both("sum0", shapes(3), lambda m, x: m.sum(x, axis=0))
both("sum_all", shapes(2), lambda m, x: m.sum(x))
both("max1", shapes(3), lambda m, x: m.max(x, axis=(1, 2)))
both("min_keep", shapes(2), lambda m, x: m.min(x, axis=0, keepdims=True))
both("mean", shapes(2), lambda m, x: m.mean(x, axis=1))
both("argmax0", shapes(2), lambda m, x: m.argmax(x, axis=0).astype(np.int32))
both("argmin1", shapes(3), lambda m, x: m.argmin(x, axis=1).astype(np.int32))
both("cumsum0", shapes(2), lambda m, x: m.cumsum(x, axis=0))
both("cumsum1", shapes(3), lambda m, x: m.cumsum(x, axis=1))
both("cumprod", shapes(2), lambda m, x: m.cumprod(m.cos(x) + 0.5, axis=0), rtol=1e-4)
both(
    "cummax",
    shapes(2),
    lambda m, x: m.maximum.accumulate(x, axis=1) if m is np else lax.cummax(x, axis=1),
)
both("sort0", shapes(2), lambda m, x: m.sort(x, axis=0))
both("sort1", shapes(3), lambda m, x: m.sort(x, axis=-1))
both("argsort", shapes(2), lambda m, x: m.argsort(x, axis=0).astype(np.int32))


def _top_k_ref(x, k):
    order = np.argsort(-x, axis=-1, kind="stable")[..., :k]
    return np.take_along_axis(x, order, -1), order.astype(np.int32)


op(
    "top_k",
    shapes(2),
    lambda x: lax.top_k(x, min(3, x.shape[-1])),
    lambda x: _top_k_ref(x, min(3, x.shape[-1])),
)


# Pooling and its gradient.
_POOLS = [
    ((2, 2), (1, 1), ((0, 0), (0, 0))),
    ((3, 2), (2, 2), ((1, 1), (0, 1))),
    ((2, 3), (1, 2), ((0, 1), (1, 1))),
]


def _pool_windows(x, window, strides, pads, fill):
    x = np.pad(x, list(pads), constant_values=fill)
    return sliding_window_view(x, window)[:: strides[0], :: strides[1]]


def _max_pool_grad_ref(x, window, strides, pads):
    win = _pool_windows(x, window, strides, pads, -np.inf)
    grad = np.zeros(np.pad(x, list(pads)).shape)
    for i in range(win.shape[0]):
        for j in range(win.shape[1]):
            a, b = np.unravel_index(np.argmax(win[i, j]), window)
            grad[i * strides[0] + a, j * strides[1] + b] += 1
    return grad[pads[0][0] : pads[0][0] + x.shape[0], pads[1][0] : pads[1][0] + x.shape[1]]


def _max_pool(x, window, strides, pads):
    return lax.reduce_window(x, -np.inf, lax.max, window, strides, pads)


def _pool_args(r):
    return [floats(r, (dim(r, 3, 5, 6, 7, 9, 10, 12, 13), dim(r, 3, 5, 6, 7, 9, 10, 12, 13)))]


for _i, (_w, _s, _p) in enumerate(_POOLS):
    op(
        f"max_pool{_i}",
        _pool_args,
        functools.partial(_max_pool, window=_w, strides=_s, pads=_p),
        functools.partial(
            lambda x, w, s, p: _pool_windows(x, w, s, p, -np.inf).max((2, 3)), w=_w, s=_s, p=_p
        ),
    )
    op(
        f"sum_pool{_i}",
        _pool_args,
        functools.partial(
            lambda x, w, s, p: lax.reduce_window(x, 0.0, lax.add, w, s, p), w=_w, s=_s, p=_p
        ),
        functools.partial(
            lambda x, w, s, p: _pool_windows(x, w, s, p, 0.0).sum((2, 3)), w=_w, s=_s, p=_p
        ),
    )
    op(
        f"max_pool_grad{_i}",
        _pool_args,
        functools.partial(
            lambda x, w, s, p: meshjit.grad(lambda v: _max_pool(v, w, s, p).sum())(x),
            w=_w,
            s=_s,
            p=_p,
        ),
        functools.partial(_max_pool_grad_ref, window=_w, strides=_s, pads=_p),
    )

# FFTs.
both("fft1", shapes(2), lambda m, x: m.fft.fft(x, axis=1), rtol=1e-4)
both("fft0", shapes(2), lambda m, x: m.fft.ifft(x, axis=0), rtol=1e-4)
both("rfft", shapes(2), lambda m, x: m.fft.rfft(x, axis=-1), rtol=1e-4)
both("fft2", shapes(3), lambda m, x: m.fft.fft2(x), rtol=1e-4)

# Iota-based.
both("tril", shapes(2), lambda m, x: m.tril(x, k=1))
both("triu", shapes(3), lambda m, x: m.triu(x, k=-2))
both("eye", shapes(2), lambda m, x: x * m.eye(x.shape[0], x.shape[1], k=1, dtype=np.float32))
both("arange", shapes(2), lambda m, x: x + m.arange(3, 3 + x.shape[0], dtype=np.float32)[:, None])
both(
    "iota_compare",
    shapes(2),
    lambda m, x: m.where(m.arange(x.shape[0])[:, None] > m.arange(x.shape[1])[None, :] - 2, x, -x),
)

# Random bits: compared with the unsharded program.
op(
    "rng_uniform",
    shapes(2),
    lambda x: x + meshjit.random.uniform(meshjit.random.key(3), x.shape),
    None,
    unsharded_reference=True,
)
op(
    "rng_normal_split",
    shapes(3),
    lambda x: x * meshjit.random.normal(meshjit.random.split(meshjit.random.key(5))[1], x.shape),
    None,
    unsharded_reference=True,
)
op(
    "rng_bits",
    shapes(2),
    lambda x: meshjit.random.bits(meshjit.random.key(1), x.shape) // 2 + (x > 0).astype(np.uint32),
    None,
    unsharded_reference=True,
)


# Control flow carrying sharded values.
def _fori_ref(x):
    for _ in range(3):
        x = x[::-1] * 0.5 + x
    return x


op(
    "fori_loop",
    shapes(2),
    lambda x: lax.fori_loop(0, 3, lambda i, c: c[::-1] * 0.5 + c, x),
    _fori_ref,
)


def _while_ref(x, n):
    i = 0
    while i < n:
        x = np.roll(x, 1, axis=1) + 1
        i += 1
    return x


op(
    "while_traced",
    lambda r: [floats(r, (dim(r), dim(r))), np.int32(r.randint(0, 4))],
    lambda x, n: lax.while_loop(
        lambda c: c[0] < n, lambda c: (c[0] + 1, jnp.roll(c[1], 1, axis=1) + 1), (0, x)
    )[1],
    _while_ref,
)


def _scan_ref(x):
    carry, ys = np.zeros(x.shape[1:]), []
    for row in x:
        carry = carry + row
        ys.append(carry * 2)
    return carry, np.stack(ys)


op(
    "scan",
    shapes(2),
    lambda x: lax.scan(lambda c, r: (c + r, (c + r) * 2), jnp.zeros(x.shape[1:], x.dtype), x),
    _scan_ref,
)
op(
    "scan_reverse",
    shapes(3),
    lambda x: lax.cumsum(x, axis=0, reverse=True),
    lambda x: np.flip(np.cumsum(np.flip(x, 0), axis=0), 0),
)
op(
    "cond",
    shapes(2),
    lambda x: lax.cond(x.sum() > 0, lambda v: v[::-1] * 1, lambda v: v.T.T * 2, x),
    lambda x: x[::-1] * 1 if x.sum() > 0 else x * 2,
)


# shard_map over every mesh axis (dims it splits divide by 8; the others are uneven elsewhere).
def _all_axes(mesh):
    return tuple(mesh.axis_names)


def _psum_blocks(x, mesh):
    from meshjit.sharding import PartitionSpec as P

    axes = _all_axes(mesh)
    return meshjit.shard_map(
        lambda b: lax.psum(b * 2, axes), mesh=mesh, in_specs=P(axes), out_specs=P()
    )(x)


def _gather_columns(x, mesh):
    from meshjit.sharding import PartitionSpec as P

    axes = _all_axes(mesh)
    return meshjit.shard_map(
        lambda b: lax.all_gather(b + 1, axes, axis=1, tiled=True),
        mesh=mesh,
        in_specs=P(None, axes),
        out_specs=P(),
        check_vma=False,  # all_gather's result is the same on every device
    )(x)


op(
    "shard_map_psum",
    lambda r: [floats(r, (24, dim(r)))],
    _psum_blocks,
    lambda x: (x * 2).reshape(8, 3, x.shape[1]).sum(0),
    takes_mesh=True,
)
op(
    "shard_map_all_gather",
    lambda r: [floats(r, (dim(r), 16))],
    _gather_columns,
    lambda x: x + 1,
    takes_mesh=True,
)
