"""Eager execution: a primitive applied outside any trace runs as a one-op jit, cached per
primitive and (hashable) parameters, or per the structure of the jaxprs it holds."""

from __future__ import annotations

import functools

from meshjit.compiler.ad.api import param_key
from meshjit.compiler.errors import DeletedArgumentError
from meshjit.compiler.ir.core import param_jaxprs
from meshjit.compiler.jit.api import JitFunction
from meshjit.compiler.jit.refs import is_ref
from meshjit.compiler.lax.shape_checks import NOT_VALUES, not_a_value
from meshjit.compiler.runtime.array import Array


def apply_primitive(prim, args, params):
    for i, x in enumerate(args):
        if isinstance(x, NOT_VALUES):
            raise not_a_value(prim.name, i, x)
    if any(is_ref(x) for x in args) or next(param_jaxprs(params), None) is not None:
        return _apply_by_structure(prim, args, params)
    key = tuple(sorted(params.items()))
    try:
        hash(key)
    except TypeError:
        return _one_op_jit(prim, params)(*args)
    try:
        return _cached_one_op_jit(prim, key)(*args)
    except DeletedArgumentError:  # JAX checks an eager op's arguments: its RuntimeError
        for x in args:
            if isinstance(x, Array):
                x.check_live()
        raise


@functools.lru_cache(maxsize=4096)
def _cached_one_op_jit(prim, params_key) -> JitFunction:
    return _one_op_jit(prim, dict(params_key))


def _one_op_jit(prim, params: dict) -> JitFunction:
    def run(*args):
        return prim.bind(*args, **params)

    jitted = JitFunction(run, name=prim.name)
    jitted.is_one_op = True
    return jitted


_BY_STRUCTURE: dict = {}


def _apply_by_structure(prim, args, params):
    """A primitive holding jaxprs (an eager loop or cond, its functions traced anew on every
    call) or given Refs: a jit cached on the jaxprs' structure, so a repeated loop compiles
    once. A ref given twice (as a loop's condition's and body's constant) is passed once."""
    distinct, positions, seen = [], [], {}
    for x in args:
        if is_ref(x) and id(x) in seen:
            positions.append(seen[id(x)])
            continue
        seen[id(x)] = len(distinct)
        positions.append(len(distinct))
        distinct.append(x)
    key = (prim, tuple((k, param_key(v)) for k, v in sorted(params.items())), tuple(positions))
    jitted = _BY_STRUCTURE.get(key)
    if jitted is None:
        if len(_BY_STRUCTURE) >= 512:
            _BY_STRUCTURE.clear()

        def run(*xs):
            return prim.bind(*[xs[p] for p in positions], **params)

        jitted = _BY_STRUCTURE[key] = JitFunction(run, name=prim.name)
        jitted.is_one_op = True
    return jitted(*distinct)
