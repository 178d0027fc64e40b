"""A NumPy per-device simulator of shard_map and its collectives (the tests' reference).

Written from the conventions (jax-conventions.md), independently of meshjit's code: a mesh is a
tuple of (name, size) in major-to-minor order; device ids are row-major mesh positions; a value
inside a shard_map is a dict {device id: local block}.
"""

from __future__ import annotations

import itertools
import math

import numpy as np


class SimMesh:
    def __init__(self, shape, names):
        self.sizes = tuple(int(s) for s in shape)
        self.names = tuple(names)
        self.size = math.prod(self.sizes)

    def coords(self, d: int) -> dict:
        return dict(zip(self.names, np.unravel_index(d, self.sizes))) if self.sizes else {}

    def device(self, coords: dict) -> int:
        return int(np.ravel_multi_index([coords[n] for n in self.names], self.sizes))

    def devices(self):
        return range(self.size)

    def axis_size(self, axes) -> int:
        return math.prod(self.sizes[self.names.index(a)] for a in _axes(axes))

    # -- axis_index and groups -----------------------------------------------------------------
    def axis_index(self, d: int, axes) -> int:
        c, idx = self.coords(d), 0
        for a in _axes(axes):
            idx = idx * self.sizes[self.names.index(a)] + int(c[a])
        return idx

    def group(self, d: int, axes, index_groups=None) -> list[int]:
        """Devices in d's group, ordered by their axis_index over `axes`."""
        axes = _axes(axes)
        c = self.coords(d)
        ranges = [range(self.sizes[self.names.index(a)]) for a in axes]
        members = []
        for combo in itertools.product(*ranges):
            cc = dict(c)
            cc.update(zip(axes, combo))
            members.append(self.device(cc))
        if index_groups is not None:
            pos = self.axis_index(d, axes)
            sub = next(g for g in index_groups if pos in g)
            members = [members[i] for i in sub]
        return members

    def replica_groups(self, axes) -> list[list[int]]:
        seen, groups = set(), []
        for d in self.devices():
            g = self.group(d, axes)
            if g[0] not in seen:
                seen.update(g)
                groups.append(g)
        return groups

    # -- blocks ---------------------------------------------------------------------------------
    def _block_slices(self, d, spec, shape):
        c, slices = self.coords(d), []
        for i, n in enumerate(shape):
            axes = _spec_axes(spec, i)
            parts = self.axis_size(axes)
            idx = 0
            for a in axes:
                idx = idx * self.sizes[self.names.index(a)] + int(c[a])
            step = n // parts
            slices.append(slice(idx * step, (idx + 1) * step))
        return tuple(slices)

    def split(self, x, spec) -> dict:
        x = np.asarray(x)
        return {d: x[self._block_slices(d, spec, x.shape)] for d in self.devices()}

    def assemble(self, blocks: dict, spec) -> np.ndarray:
        """The global array; devices that hold the same block must agree (replication)."""
        local = np.asarray(blocks[0])
        shape = tuple(n * self.axis_size(_spec_axes(spec, i)) for i, n in enumerate(local.shape))
        out = np.zeros(shape, local.dtype)
        filled = {}
        for d in self.devices():
            sl = self._block_slices(d, spec, shape)
            key = tuple((s.start, s.stop) for s in sl)
            if key in filled:
                np.testing.assert_array_equal(blocks[d], filled[key], err_msg="not replicated")
            else:
                filled[key] = np.asarray(blocks[d])
                out[sl] = blocks[d]
        return out

    # -- collectives over dicts of blocks ---------------------------------------------------------
    def _per_device(self, fn):
        return {d: fn(d) for d in self.devices()}

    def psum(self, v, axes, groups=None):
        def one(d):
            members = self.group(d, axes, groups)
            vals = [np.asarray(v[m]) for m in members]
            if vals[0].dtype == np.bool_:
                vals = [x.astype(np.int32) for x in vals]
            return np.sum(vals, axis=0, dtype=vals[0].dtype)

        return self._per_device(one)

    def pmax(self, v, axes, groups=None):
        return self._per_device(
            lambda d: np.max([v[m] for m in self.group(d, axes, groups)], axis=0)
        )

    def pmin(self, v, axes, groups=None):
        return self._per_device(
            lambda d: np.min([v[m] for m in self.group(d, axes, groups)], axis=0)
        )

    def pmean(self, v, axes, groups=None):
        s = self.psum(v, axes, groups)
        n = len(self.group(0, axes, groups))
        return {d: (s[d] / n).astype(s[d].dtype) for d in s}

    def all_gather(self, v, axes, axis=0, tiled=False, groups=None):
        def one(d):
            vals = [v[m] for m in self.group(d, axes, groups)]
            return np.concatenate(vals, axis) if tiled else np.stack(vals, axis)

        return self._per_device(one)

    def psum_scatter(self, v, axes, dim=0, tiled=False, groups=None):
        total = self.psum(v, axes, groups)

        def one(d):
            members = self.group(d, axes, groups)
            pos = members.index(d)
            chunk = np.split(total[d], len(members), axis=dim)[pos]
            return chunk if tiled else np.squeeze(chunk, dim)

        return self._per_device(one)

    def all_to_all(self, v, axes, split, concat, tiled=False, groups=None):
        def one(d):
            members = self.group(d, axes, groups)
            pos = members.index(d)
            if tiled:
                pieces = [np.split(v[m], len(members), axis=split)[pos] for m in members]
                return np.concatenate(pieces, concat)
            pieces = [np.take(v[m], pos, axis=split) for m in members]
            return np.stack(pieces, concat)

        return self._per_device(one)

    def ppermute(self, v, axes, perm):
        def one(d):
            members = self.group(d, axes)
            pos = members.index(d)
            srcs = [s for s, t in perm if t == pos]
            return np.array(v[members[srcs[0]]]) if srcs else np.zeros_like(v[d])

        return self._per_device(one)

    def pshuffle(self, v, axes, perm):
        return self.ppermute(v, axes, [(src, dst) for dst, src in enumerate(perm)])

    def pbroadcast(self, v, axes, source):
        return self._per_device(lambda d: np.array(v[self.group(d, axes)[source]]))

    def parg(self, v, axes, best):
        def one(d):
            vals = np.stack([v[m] for m in self.group(d, axes)])
            return best(vals, axis=0).astype(np.int32)

        return self._per_device(one)

    def axis_index_blocks(self, axes):
        return self._per_device(lambda d: np.int32(self.axis_index(d, axes)))


def _axes(axes) -> tuple:
    return tuple(axes) if isinstance(axes, (tuple, list)) else (axes,)


def _spec_axes(spec, i) -> tuple:
    if spec is None or i >= len(spec) or spec[i] is None:
        return ()
    return _axes(spec[i])


def simulate(mesh: SimMesh, x, in_spec, out_spec, fn):
    """Split x by in_spec, apply fn to the dict of blocks, assemble by out_spec."""
    return mesh.assemble(fn(mesh.split(x, in_spec)), out_spec)
