"""The format-generic helpers of jax.experimental.sparse: `empty`, `eye`, `todense`.

`todense` of a dense array binds `todense_p`, an identity on dense arrays (as JAX's), so that
inside `sparsify` the traced function's `sparse.todense(x)` is seen and densifies the sparse
value there."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import same_as_first
from meshjit.compiler.lax.batching import unary_rule
from meshjit.compiler.sparse.base import JAXSparse
from meshjit.compiler.sparse.bcoo import BCOO


def _format(sparse_format: str):
    if sparse_format != "bcoo":
        from meshjit.compiler.sparse.bcsr import BCSR

        if sparse_format == "bcsr":
            return BCSR
        raise MeshjitValueError(f"sparse_format={sparse_format!r} not recognized")
    return BCOO


def empty(shape, dtype=None, index_dtype="int32", sparse_format="bcoo", **kwds):
    """An all-zero sparse array of `shape` (nse=0 by default)."""
    return _format(sparse_format)._empty(shape, dtype=dtype, index_dtype=index_dtype, **kwds)


def eye(N, M=None, k=0, dtype=None, index_dtype="int32", sparse_format="bcoo", **kwds):
    """A sparse array with ones on the `k`-th diagonal."""
    M = N if M is None else M
    return _format(sparse_format)._eye(N, M, k, dtype=dtype, index_dtype=index_dtype, **kwds)


todense_p = Primitive("todense")
abstract_eval_rules.register(todense_p)(lambda x: x)
lowering_rules.register(todense_p)(lambda ctx, x: x)
sharding_rules.register(todense_p, same_as_first)
unary_rule(todense_p)


@jvp_rules.register(todense_p)
def _todense_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return todense_p.bind(x), None if t is None else todense_p.bind(t)


@transpose_rules.register(todense_p)
def _todense_transpose(ct, x):
    return [ct]


def todense(arr):
    """`arr` as a dense array (a dense array is returned unchanged)."""
    if isinstance(arr, JAXSparse):
        return arr.todense()
    return todense_p.bind(arr)
