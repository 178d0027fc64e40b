"""Multi-dimensional histograms (histogramdd, histogram2d), as JAX bins them: per dimension,
searchsorted into the edges (the last edge closing the last bin), one bincount over the
raveled bin indices, the outlier bins cut off."""

from __future__ import annotations

import builtins
import math

import numpy as np

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.numpy import elementwise as ew
from meshjit.compiler.numpy import shapes
from meshjit.compiler.numpy.creation import asarray
from meshjit.compiler.numpy.cumulative import diff
from meshjit.compiler.numpy.index_tricks import ix_, ravel_multi_index
from meshjit.compiler.numpy.routines import bincount, histogram_bin_edges
from meshjit.compiler.numpy.sorting import searchsorted
from meshjit.compiler.numpy.util import check_arraylike, promote_inexact

__all__ = ["histogram2d", "histogramdd"]


def _checked_range(range, n: int, d: int):
    bad = range is not None and (
        len(range) != d or any(r is not None and np.shape(r)[0] != 2 for r in range)
    )
    if bad:
        raise MeshjitValueError(
            f"For sample.shape={(n, d)}, range must be a sequence of {d} pairs or Nones; got "
            f"range={range}"
        )


def _bins_per_dimension(bins, d: int) -> list:
    try:
        per_dimension = list(bins)
    except TypeError:
        return d * [bins]
    if len(per_dimension) != d:
        raise MeshjitValueError("should be a bin for each dimension.")
    return per_dimension


def _bin_index(column, edges):
    index = searchsorted(edges, column, side="right")
    return ew.where(column == edges[-1], index - 1, index)


def _density(hist, dtype, edges):
    hist = hist.astype(dtype)
    hist = hist / hist.sum()
    for widths in ix_(*[diff(e) for e in edges]):
        hist = hist / widths
    return hist


def histogramdd(sample, bins=10, range=None, weights=None, density=None):
    check_arraylike("histogramdd", sample)
    if weights is None:
        (sample,) = promote_inexact(asarray(sample))
    else:
        if np.shape(weights) != np.shape(sample)[:1]:
            raise MeshjitValueError("should have one weight for each sample.")
        sample, weights = promote_inexact(asarray(sample), asarray(weights))
    n, d = np.shape(sample)
    _checked_range(range, n, d)
    per_dimension = _bins_per_dimension(bins, d)
    indices, edges = [], []
    for i in builtins.range(d):
        column = sample[:, i]
        e = histogram_bin_edges(
            column, per_dimension[i], None if range is None else range[i], weights
        )
        indices.append(_bin_index(column, e))
        edges.append(e)
    nbins = tuple(e.shape[0] + 1 for e in edges)
    flat = ravel_multi_index(tuple(indices), nbins, mode="clip")
    hist = shapes.reshape(bincount(flat, weights, length=math.prod(nbins)), nbins)
    hist = hist[d * (slice(1, -1),)]
    if density:
        hist = _density(hist, sample.dtype, edges)
    return hist, edges


def histogram2d(x, y, bins=10, range=None, weights=None, density=None):
    check_arraylike("histogram2d", x, y)
    x, y = asarray(x), asarray(y)
    try:
        n_bins = len(bins)
    except TypeError:
        n_bins = 1
    if n_bins not in (1, 2):
        bins = [asarray(bins), asarray(bins)]
    sample = shapes.transpose(asarray([x, y]))  # as JAX's (so its concatenation's error)
    hist, edges = histogramdd(sample, bins, range, weights, density)
    return hist, edges[0], edges[1]
