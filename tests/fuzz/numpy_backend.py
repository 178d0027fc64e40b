"""The fuzzer's NumPy backend: JAX's semantics written with NumPy (dynamic slices clamp after
adding the size to negative starts, shard_map bodies simulated per block). It types the drawn
steps, and is the NumPy reference for programs without gradients."""

from __future__ import annotations

import types

import numpy as np

from tests.fuzz.programs import Backend, _np_dtype


def _dynamic_index_in_dim(x, i, axis=0, keepdims=True):
    n = x.shape[axis]
    i = int(i)
    i = min(max(i + n if i < 0 else i, 0), n - 1)
    out = np.take(x, [i], axis=axis)
    return out if keepdims else np.squeeze(out, axis)


def _dynamic_slice_in_dim(x, start, size, axis=0):
    n = x.shape[axis]
    s = int(start)
    s = min(max(s + n if s < 0 else s, 0), n - size)
    return np.take(x, range(s, s + size), axis=axis)


def _cond(pred, t, f, x):
    return t(x) if bool(pred) else f(x)


def _while_loop(cond, body, carry):
    while cond(carry):
        carry = body(carry)
    return carry


def _fori_loop(lo, hi, body, x):
    for i in range(lo, hi):
        x = body(i, x)
    return x


def _scan(body, carry, xs):
    ys = []
    for row in xs:
        carry, y = body(carry, row)
        ys.append(y)
    return carry, np.stack(ys)


def _bits(x):
    return np.dtype(x.dtype).itemsize * 8


def _unsigned(x):
    return x.view(np.dtype(f"uint{_bits(x)}"))


def _integer_pow(x, n):
    if n == 0:
        return np.ones_like(x)
    out = x
    for _ in range(abs(n) - 1):
        out = out * x
    return (1 / out).astype(x.dtype) if n < 0 else out


def _shift_left(x, y):
    amount = _unsigned(np.asarray(y)).astype(np.int64)
    return np.where(amount >= _bits(x), 0, np.left_shift(x, np.minimum(amount, _bits(x) - 1)
                                                         .astype(x.dtype))).astype(x.dtype)


def _shift_right_arithmetic(x, y):
    signed = x.view(np.dtype(f"int{_bits(x)}"))
    amount = np.minimum(_unsigned(np.asarray(y)).astype(np.int64), _bits(x) - 1)
    return np.right_shift(signed, amount.astype(signed.dtype)).view(x.dtype)


def _shift_right_logical(x, y):
    u = _unsigned(x)
    amount = _unsigned(np.asarray(y)).astype(np.int64)
    out = np.right_shift(u, np.minimum(amount, _bits(x) - 1).astype(u.dtype))
    return np.where(amount >= _bits(x), 0, out).astype(u.dtype).view(x.dtype)


def _select_n(pred, *cases):
    if np.asarray(pred).dtype == np.bool_:
        return np.where(pred, cases[-1], cases[0])
    return np.choose(pred, cases)


def _accumulate(ufunc):
    def cumulative(x, axis=0, reverse=False):
        y = np.flip(x, axis) if reverse else x
        if ufunc is np.logaddexp:
            out = ufunc.accumulate(y.astype(np.float32), axis=axis).astype(x.dtype)
        else:
            out = ufunc.accumulate(y, axis=axis, dtype=x.dtype)
        return np.flip(out, axis) if reverse else out

    return cumulative


def _dot_general(x, y, dims, preferred_element_type=None):
    (cx, cy), (bx, by) = dims
    letters = iter("abcdefghijklmnop")
    sx = [next(letters) for _ in range(x.ndim)]
    sy = [next(letters) for _ in range(y.ndim)]
    for a, b in zip(list(cx) + list(bx), list(cy) + list(by)):
        sy[b] = sx[a]
    batch = [sx[a] for a in bx]
    out = batch + [c for k, c in enumerate(sx) if k not in cx and k not in bx] + [
        c for k, c in enumerate(sy) if k not in cy and k not in by]
    dtype = preferred_element_type or x.dtype
    wide = np.float32 if np.dtype(dtype).kind == "f" else dtype
    res = np.einsum(f"{''.join(sx)},{''.join(sy)}->{''.join(out)}", x.astype(wide),
                    y.astype(wide))
    return np.asarray(res).astype(dtype)


def _pad(x, value, config):
    for axis, (lo, hi, interior) in enumerate(config):
        n = x.shape[axis]
        if interior and n:
            shape = list(x.shape)
            shape[axis] = (n - 1) * (interior + 1) + 1
            y = np.full(shape, value, x.dtype)
            index = [slice(None)] * x.ndim
            index[axis] = slice(None, None, interior + 1)
            y[tuple(index)] = x
            x = y
        for amount, at_end in ((lo, False), (hi, True)):
            n = x.shape[axis]
            if amount < 0:
                if -amount > n:
                    raise ValueError("negative padding larger than the dimension")
                index = [slice(None)] * x.ndim
                index[axis] = slice(0, n + amount) if at_end else slice(-amount, None)
                x = x[tuple(index)]
            elif amount:
                shape = list(x.shape)
                shape[axis] = amount
                block = np.full(shape, value, x.dtype)
                x = np.concatenate([x, block] if at_end else [block, x], axis=axis)
    return x


def _dynamic_update_slice(x, u, starts):
    out = np.array(x, copy=True)
    index = []
    for n, size, s in zip(x.shape, u.shape, starts):
        s = int(s)
        s = min(max(s + n if s < 0 else s, 0), n - size)
        index.append(slice(s, s + size))
    out[tuple(index)] = u
    return out


def _top_k(x, k):
    order = np.argsort(-x.astype(np.float64) if x.dtype.kind != "u" else
                       -x.astype(np.int64), axis=-1, stable=True)[..., :k]
    return np.take_along_axis(x, order, axis=-1), order.astype(np.int32)


def _same_pads(shape, window, strides):
    pads = []
    for n, k, s in zip(shape, window, strides):
        out = -(-n // s)
        total = max((out - 1) * s + k - n, 0)
        pads.append((total // 2, total - total // 2))
    return pads


def _pads(padding, shape, window, strides):
    if padding == "VALID":
        return [(0, 0)] * len(shape)
    if padding == "SAME":
        return _same_pads(shape, window, strides)
    return [tuple(p) for p in padding]


def _conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation=None,
                          rhs_dilation=None, feature_group_count=1):
    spatial = lhs.ndim - 2
    lhs_dilation = lhs_dilation or (1,) * spatial
    rhs_dilation = rhs_dilation or (1,) * spatial
    x = lhs.astype(np.float32)
    for d, f in enumerate(lhs_dilation):  # base dilation: f - 1 zeros between elements
        x = _pad(x, 0.0, [(0, 0, 0)] * (2 + d) + [(0, 0, f - 1)] + [(0, 0, 0)] * (spatial - d - 1))
    k_eff = [(k - 1) * r + 1 for k, r in zip(rhs.shape[2:], rhs_dilation)]
    pads = _pads(padding, lhs.shape[2:], k_eff, window_strides)
    x = _pad(x, 0.0, [(0, 0, 0), (0, 0, 0)] + [(lo, hi, 0) for lo, hi in pads])
    windows = np.lib.stride_tricks.sliding_window_view(x, k_eff, axis=tuple(range(2, x.ndim)))
    index = (slice(None), slice(None)) + tuple(slice(None, None, s) for s in window_strides) + \
        tuple(slice(None, None, r) for r in rhs_dilation)
    windows = windows[index]  # N, C, *out, *k
    g = feature_group_count
    n, c = windows.shape[:2]
    out_spatial = windows.shape[2:2 + spatial]
    w = windows.reshape((n, g, c // g) + out_spatial + tuple(rhs.shape[2:]))
    k = rhs.astype(np.float32).reshape((g, rhs.shape[0] // g) + rhs.shape[1:])
    letters = "stuvw"[:spatial]
    kl = "xyz"[:spatial]
    res = np.einsum(f"ngc{letters}{kl},goc{kl}->ngo{letters}", w, k)
    return res.reshape((n, rhs.shape[0]) + out_spatial).astype(lhs.dtype)


def _reduce_window(x, init, comp, window, strides, padding):
    pads = _pads(padding, x.shape, window, strides)
    y = _pad(x, np.asarray(init, x.dtype), [(lo, hi, 0) for lo, hi in pads])
    windows = np.lib.stride_tricks.sliding_window_view(y, window)
    windows = windows[tuple(slice(None, None, s) for s in strides)]
    axes = tuple(range(x.ndim, 2 * x.ndim))
    out = comp.reduce(windows.astype(np.float32) if x.dtype.kind == "f" else windows, axis=axes)
    return comp(out, np.asarray(init, out.dtype)).astype(x.dtype)


def _cumsum(x, axis=0, reverse=False):
    return _accumulate(np.add)(x, axis, reverse)


LAX = types.SimpleNamespace(dynamic_index_in_dim=_dynamic_index_in_dim,
                            dynamic_slice_in_dim=_dynamic_slice_in_dim, cond=_cond,
                            fori_loop=_fori_loop, while_loop=_while_loop,
                            scan=_scan, integer_pow=_integer_pow, shift_left=_shift_left,
                            shift_right_arithmetic=_shift_right_arithmetic,
                            shift_right_logical=_shift_right_logical, select_n=_select_n,
                            cumsum=_cumsum, cummax=_accumulate(np.maximum),
                            cummin=_accumulate(np.minimum),
                            cumlogsumexp=_accumulate(np.logaddexp), dot_general=_dot_general,
                            pad=_pad, dynamic_update_slice=_dynamic_update_slice, top_k=_top_k,
                            conv_general_dilated=_conv_general_dilated,
                            reduce_window=_reduce_window, max=np.maximum, min=np.minimum,
                            add=np.add)


def _logsumexp(x, axis=None, keepdims=False):
    y = x.astype(np.float32)
    m = np.max(y, axis=axis, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    out = np.log(np.sum(np.exp(y - m), axis=axis, keepdims=True)) + m
    if not keepdims:
        out = np.squeeze(out, axis=axis)
    return out.astype(x.dtype)


def _softmax(x, axis=-1):
    y = x.astype(np.float32)
    e = np.exp(y - np.max(y, axis=axis, keepdims=True))
    return (e / np.sum(e, axis=axis, keepdims=True)).astype(x.dtype)


def _log_softmax(x, axis=-1):
    y = x.astype(np.float32)
    s = y - np.max(y, axis=axis, keepdims=True)
    return (s - np.log(np.sum(np.exp(s), axis=axis, keepdims=True))).astype(x.dtype)


NN = types.SimpleNamespace(logsumexp=_logsumexp, softmax=_softmax, log_softmax=_log_softmax)

_FLOATS = ("float32", "bfloat16", "float16")


def jax_result_type(a, b):
    """JAX's promotion of two array dtypes (x64 off) for the dtypes the fuzzer draws."""
    a, b = np.dtype(a), np.dtype(b)
    if a == b:
        return a
    if a == np.bool_:
        return b
    if b == np.bool_:
        return a
    fa, fb = str(a) in _FLOATS, str(b) in _FLOATS
    if fa and fb:
        return np.dtype(np.float32)
    if fa or fb:
        return a if fa else b
    return np.promote_types(a, b)


class NumpyBackend(Backend):
    jaxlike = False
    x64 = False  # JAX's types with jax_enable_x64 on: 64-bit results stay

    def __init__(self, mesh_shape, axis_names):
        mesh = types.SimpleNamespace(shape=dict(zip(axis_names, mesh_shape)))
        super().__init__(np, LAX, None, None, lambda *a: a, lambda x, s: x, mesh, nn=NN)
        from tests.fuzz.ops_control import NUMPY_RANDOM

        self.random = NUMPY_RANDOM

    def scatter_add(self, x, idx, v):
        out = np.array(x, copy=True)
        np.add.at(out, idx, v)
        return out

    def at(self, x, axis, idx, kind, v, mode, fill):
        n = x.shape[axis]
        idx = np.where(idx < 0, idx + n, idx)
        if mode == "clip":
            idx = np.clip(idx, 0, n - 1)
        inside = (idx >= 0) & (idx < n)
        if kind == "get":
            safe = np.where(inside, idx, 0)
            out = np.take(x, safe, axis=axis)
            if mode == "clip":
                return out
            if fill is None:
                fill = _default_fill(x.dtype)
            mask = inside.reshape((1,) * axis + (-1,) + (1,) * (x.ndim - axis - 1))
            return np.where(mask, out, np.asarray(fill).astype(x.dtype))
        out = np.moveaxis(np.array(x, copy=True), axis, 0)
        v = np.broadcast_to(np.asarray(v, dtype=x.dtype) if np.ndim(v) == 0 else
                            np.moveaxis(np.asarray(v).astype(x.dtype), axis, 0),
                            (len(idx),) + out.shape[1:])
        ufunc = {"add": np.add, "mul": np.multiply, "min": np.minimum, "max": np.maximum}
        for k, target in enumerate(idx):
            if not inside[k]:
                continue
            if kind == "set":
                out[target] = v[k]
            else:
                out[target] = ufunc[kind](out[target], v[k])
        return np.moveaxis(out, 0, axis)

    def at2(self, x, rows, cols, kind, v, mode):
        n, m = x.shape[:2]
        rows, cols = np.broadcast_arrays(np.where(rows < 0, rows + n, rows),
                                         np.where(cols < 0, cols + m, cols))
        if mode == "clip":
            rows, cols = np.clip(rows, 0, n - 1), np.clip(cols, 0, m - 1)
        inside = (rows >= 0) & (rows < n) & (cols >= 0) & (cols < m)
        if kind == "get":
            out = x[np.where(inside, rows, 0), np.where(inside, cols, 0)]
            if mode == "clip":
                return out
            mask = inside.reshape(inside.shape + (1,) * (x.ndim - 2))
            return np.where(mask, out, np.asarray(_default_fill(x.dtype)).astype(x.dtype))
        out = np.array(x, copy=True)
        ufunc = {"add": np.add, "mul": np.multiply, "min": np.minimum, "max": np.maximum}[kind]
        for r, c, ok in zip(rows.ravel(), cols.ravel(), inside.ravel()):
            if ok:
                out[r, c] = ufunc(out[r, c], np.asarray(v, x.dtype))
        return out

    def take(self, x, idx, axis, mode, fill):
        if axis is None:
            x, axis = np.ravel(x), 0
        n = x.shape[axis]
        if mode == "wrap":
            return np.take(x, np.mod(idx, n), axis=axis)
        return self.at(x, axis, idx, "get", None, mode, fill)

    def promote(self, x, y):
        t = jax_result_type(np.asarray(x).dtype, np.asarray(y).dtype)
        return np.asarray(x).astype(t), np.asarray(y).astype(t)

    def post(self, value):  # JAX without x64: 64-bit results are 32-bit
        value = np.asarray(value)
        if self.x64:
            return value
        if value.dtype == np.float64:
            return value.astype(np.float32)
        if value.dtype == np.int64:
            return value.astype(np.int32)
        if value.dtype == np.uint64:
            return value.astype(np.uint32)
        return value

    def dtype(self, name: str):
        return _np_dtype(name)


def _default_fill(dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == "f" or str(dtype) == "bfloat16":
        return np.nan
    if dtype.kind == "i":
        return np.iinfo(dtype).min
    if dtype.kind == "u":
        return np.iinfo(dtype).max
    return True


def _shard_map(B, kind, x, axis):
    n = B.mesh.shape[axis]
    blocks = np.split(x, n, axis=0)
    total = sum(blocks[1:], blocks[0])  # in the blocks' dtype, device order
    if kind == "psum":
        return np.concatenate([total] * n)
    if kind == "pmax":
        return np.concatenate([np.maximum.reduce(np.stack(blocks))] * n)
    if kind == "pmin":
        return np.concatenate([np.minimum.reduce(np.stack(blocks))] * n)
    if kind == "psum_scatter":
        return total
    if kind == "all_gather":
        return np.concatenate([blocks[0]] * n)
    if kind == "ppermute":
        return np.concatenate([blocks[(k - 1) % n] for k in range(n)])
    if kind == "axis_index":
        return np.concatenate([b * np.asarray(k + 1, b.dtype) for k, b in enumerate(blocks)])
    raise ValueError(kind)


def backend(mesh_shape, axis_names, x64: bool = False) -> NumpyBackend:
    B = NumpyBackend(tuple(mesh_shape), tuple(axis_names))
    B.x64 = x64
    return B
