"""psend and precv: one-sided collective send and receive over a shard_map's manual axes, as JAX
0.10.2's lax (the analogs of HLO's Send and Recv, ordered by the token psend returns).

They trace as JAX's (psend gives a token, precv an array of `out_shape`, invariant until
shard_map's out_specs cast it) and, as JAX's, lower only for GPUs: on meshjit's CPU devices a
program holding them fails to lower with JAX's NotImplementedError.
"""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitNotImplementedError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    effectful,
    lowering_rules,
)
from meshjit.compiler.ir.tokens import abstract_token
from meshjit.compiler.parallel.axis_env import checked_axes
from meshjit.compiler.parallel.collectives import collective_pvary
from meshjit.compiler.tree_util import tree_map

__all__ = ["precv", "psend"]

psend_p = Primitive("psend")
precv_p = Primitive("precv")
effectful.update((psend_p, precv_p))  # kept, as JAX's effects keep them, though unread


def _perm(perm) -> tuple:
    return tuple(tuple(pair) for pair in perm)


def psend(x, axis_name, perm):
    """Sends each leaf of `x` along the (source, destination) pairs `perm` of the axis
    `axis_name`; returns a token for precv (or lax.optimization_barrier) to order after."""
    _, axes = checked_axes(axis_name, "psend")
    return tree_map(
        lambda leaf: psend_p.bind(collective_pvary(leaf, axes), axis_name=axes, perm=_perm(perm)),
        x,
    )


def precv(token, out_shape, axis_name, perm):
    """Receives an array like `out_shape` (a ShapeDtypeStruct) along the pairs `perm` of the
    axis `axis_name`, after `token` (from psend or lax.create_token)."""
    _, axes = checked_axes(axis_name, "precv")
    aval = ShapedArray(tuple(out_shape.shape), dtypes.canonicalize(out_shape.dtype))
    return precv_p.bind(token, out_shape=aval, axis_name=axes, perm=_perm(perm))


@abstract_eval_rules.register(psend_p)
def _psend_rule(x, *, axis_name, perm):
    return abstract_token


@abstract_eval_rules.register(precv_p)
def _precv_rule(token, *, out_shape, axis_name, perm):
    return out_shape


def _gpu_only(name: str):
    def lowering(ctx, *args, **params):
        raise MeshjitNotImplementedError(f"{name} is currently only implemented on GPU")

    return lowering


lowering_rules.register(psend_p, _gpu_only("psend"))
lowering_rules.register(precv_p, _gpu_only("precv"))
