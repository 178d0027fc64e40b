"""Eager execution: a primitive applied outside any trace runs as a one-op jit, cached per
primitive and (hashable) parameters."""

from __future__ import annotations

import functools

from meshjit.compiler.jit.api import JitFunction


def apply_primitive(prim, args, params):
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
