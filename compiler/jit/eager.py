"""Eager execution: a primitive applied outside any trace runs as a one-op jit."""

from __future__ import annotations

import functools


@functools.lru_cache(maxsize=4096)
def _primitive_jit(prim, params_key):
    from meshjit.compiler.jit.api import JitFunction

    params = dict(params_key)

    def run(*args):
        return prim.bind(*args, **params)

    return JitFunction(run, name=prim.name)


def apply_primitive(prim, args, params):
    key = tuple(sorted(params.items()))
    try:
        hash(key)
    except TypeError:
        from meshjit.compiler.jit.api import JitFunction

        return JitFunction(lambda *a: prim.bind(*a, **params), name=prim.name)(*args)
    return _primitive_jit(prim, key)(*args)
