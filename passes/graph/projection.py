"""Projection: a tensor's dim shardings as axes per factor of its op's rule.

A dim made of several factors (a reshape's `[ij]`) hands its axes to them major to minor,
each taking as many as its size holds; a dim's axes that do not divide into its factors do not
project (None).
"""

from __future__ import annotations

import math


def project_dim(axes, factors_of_dim, factors, overflow: bool = False) -> dict | None:
    """Hands a dim's axes (major to minor) to its factors; None if they do not fit. With
    `overflow`, as Shardy: the factor an axis stops fitting keeps the axes it took, and the
    dim's later factors map to None (the rest are Shardy's overflow axes)."""
    out = {f: [] for f in factors_of_dim}
    if not factors_of_dim:
        return out
    j, cap = 0, factors[factors_of_dim[0]].size
    last = len(factors_of_dim) - 1
    for name, pre, n in axes:
        while True:
            f = factors_of_dim[j]
            if j == last:
                out[f].append((name, pre, n))
                break
            if n == 1:  # a size-one axis fits anywhere: it stays with the factor before it
                out[f].append((name, pre, n))
                break
            if cap == 1:
                j += 1
                cap = factors[factors_of_dim[j]].size
                continue
            g = math.gcd(n, cap)
            if g == 1:
                if not overflow:
                    return None
                out.update(dict.fromkeys(factors_of_dim[j + 1 :]))
                return out
            out[f].append((name, pre, g))
            cap //= g
            if g == n:
                break
            pre, n = pre * g, n // g
    return out


def project(view, mapping, factors, partial: bool = False) -> dict | None:
    """factor -> axes of `view`'s tensor under `mapping` (its rule's dims), None if a dim does
    not fit its factors; with `partial`, only that dim's factors map to None (its axes stay
    where they are and propagate nowhere, as Shardy's overflow axes)."""
    out = {}
    for d, fs in enumerate(mapping):
        dim = project_dim(view.axes(d), fs, factors, overflow=partial)
        if dim is None:
            if not partial:
                return None
            dim = dict.fromkeys(fs)
        out.update(dim)
    return out
