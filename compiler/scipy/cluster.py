"""jax.scipy.cluster.vq: vector quantization (`vq`)."""

from __future__ import annotations

import operator

from meshjit.compiler import numpy as jnp
from meshjit.compiler.batching.api import vmap
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.numpy import linalg as jnp_linalg
from meshjit.compiler.numpy.util import check_arraylike, promote_inexact

__all__ = ["vq"]


def vq(obs, code_book, check_finite: bool = True):
    """(code, dist): the index of each observation's nearest code (Euclidean) and the distance."""
    check_arraylike("scipy.cluster.vq.vq", obs, code_book)
    obs, book = promote_inexact(jnp.asarray(obs), jnp.asarray(code_book))
    if obs.ndim != book.ndim:
        raise MeshjitValueError("Observation and code_book should have the same rank")
    if obs.ndim == 1:
        obs, book = obs[..., None], book[..., None]
    if obs.ndim != 2:
        raise MeshjitValueError("ndim different than 1 or 2 are not supported")
    dist = vmap(lambda ob: jnp_linalg.norm(ob[None] - book, axis=-1))(obs)
    code = jnp.argmin(dist, axis=-1)
    return code, vmap(operator.getitem)(dist, code)
