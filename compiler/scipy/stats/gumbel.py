"""What the two Gumbel distributions share: the standardised point and the guard on scale."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.stats.util import inexact


def standardized(x, loc, scale, sign=1.0):
    """(scale > 0, sign * (x - loc) / scale): the right-skewed one mirrors the left-skewed."""
    x, loc, scale = inexact(x, loc, scale)
    z = (x - loc) / scale if sign > 0 else (loc - x) / scale
    return scale > 0, z, scale


def where_ok(ok, value):
    return jnp.where(ok, value, np.nan)


def inside_unit_interval(p, loc, scale):
    p, loc, scale = inexact(p, loc, scale)
    return (p > 0) & (p < 1), p, loc, scale
