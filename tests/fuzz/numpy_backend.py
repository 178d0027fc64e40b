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


LAX = types.SimpleNamespace(dynamic_index_in_dim=_dynamic_index_in_dim,
                            dynamic_slice_in_dim=_dynamic_slice_in_dim, cond=_cond,
                            fori_loop=_fori_loop, while_loop=_while_loop,
                            scan=_scan)


class NumpyBackend(Backend):
    def __init__(self, mesh_shape, axis_names):
        mesh = types.SimpleNamespace(shape=dict(zip(axis_names, mesh_shape)))
        super().__init__(np, LAX, None, None, lambda *a: a, lambda x, s: x, mesh)

    def scatter_add(self, x, idx, v):
        out = np.array(x, copy=True)
        np.add.at(out, idx, v)
        return out

    def dtype(self, name: str):
        return _np_dtype(name)


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


def backend(mesh_shape, axis_names) -> NumpyBackend:
    return NumpyBackend(tuple(mesh_shape), tuple(axis_names))
