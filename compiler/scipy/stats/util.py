"""What the distributions share: JAX's promote_args_inexact (meshjit.compiler.scipy.util) and
the guards their quantile and distribution functions apply."""

from __future__ import annotations

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.util import inexact, lax_const

__all__ = ["clamp", "inexact", "lax_const", "mirrored", "outside_unit_interval"]


def outside_unit_interval(q):
    """Where a quantile function's probability is nan or outside [0, 1]."""
    return jnp.isnan(q) | (q < 0) | (q > 1)


def clamp(y, upper, like):
    """`y` clamped to [0, upper], the bounds made like `like` (the promoted x) as JAX's
    `_lax_const(x, ...)`: Python scalars for a weak scalar x, so its cdf stays weak."""
    # lax.clamp, as JAX: its derivative is a select, so a clamped point's gradient is 0 even
    # where the cdf's derivative is infinite.
    return lax.clamp(lax_const(like, 0), y, lax_const(like, upper))


def mirrored(fn, name: str):
    """`fn` at the mirror image (-x, -loc): a symmetric distribution's sf from its cdf, named
    `name` (Python names it in its errors)."""

    public = f"{fn.__module__.rpartition('.')[2]}.{name}"

    def at_mirror_image(x, loc=0, scale=1):
        x, loc, scale = inexact(x, loc, scale, name=public)
        return fn(-x, -loc, scale)

    at_mirror_image.__name__ = at_mirror_image.__qualname__ = name
    return at_mirror_image
