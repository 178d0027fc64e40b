"""Eager execution: a primitive applied outside any trace runs as a one-op jit, cached per
primitive and (hashable) parameters."""

from __future__ import annotations

import functools

from meshjit.compiler.jit.api import JitFunction
from meshjit.compiler.jit.refs import is_ref, unwrap_refs


def apply_primitive(prim, args, params):
    if any(is_ref(x) for x in args):
        return _apply_to_refs(prim, args, params)
    key = tuple(sorted(params.items()))
    try:
        hash(key)
    except TypeError:
        return _one_op_jit(prim, params)(*args)
    return _cached_one_op_jit(prim, key)(*args)


@functools.lru_cache(maxsize=4096)
def _cached_one_op_jit(prim, params_key) -> JitFunction:
    return _one_op_jit(prim, dict(params_key))


def _one_op_jit(prim, params: dict) -> JitFunction:
    def run(*args):
        return prim.bind(*args, **params)

    jitted = JitFunction(run, name=prim.name)
    jitted.is_one_op = True
    return jitted


def _apply_to_refs(prim, args, params):
    """A primitive given Refs (a loop over a ref, run eagerly): a jit closing over them, so a
    ref given twice (as a loop's condition's and body's constant) is one ref."""

    def run():
        return prim.bind(*unwrap_refs(args), **params)

    return JitFunction(run, name=prim.name)()
