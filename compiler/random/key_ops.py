"""Structural array functions on typed keys (reshape, slicing, indexing, broadcasting, `.at[]`),
as JAX runs them on its extended dtypes: the function is traced on keys as arrays of their own
shape (a uint32 stand-in per key array), then each equation that touches keys is replayed on
their data by its primitive's key data rule (registry.key_data_rules: the params given the
data's trailing word dimension). The jaxpr then holds JAX's equations, which print as JAX's
(`dynamic_slice[slice_sizes=(1,)] keys i`: each family's printer drops the word dimension)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import MeshjitTypeError, enter_source, leave_source
from meshjit.compiler.ir.core import ClosedJaxpr, ShapedArray, Var
from meshjit.compiler.ir.registry import extended_arrays, key_data_rules
from meshjit.compiler.jit.pjit import pjit_p
from meshjit.compiler.random.keys import PRNGKeyArray, is_typed_key, mark_key_data
from meshjit.compiler.trace.jaxprs import read_atom, trace_to_jaxpr
from meshjit.compiler.trace.tracing import Tracer
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten


def run_on_keys(fun, *args, **kwargs):
    """`fun(*args, **kwargs)` with the typed key arrays among its arguments as arrays of keys."""
    leaves, tree = tree_flatten((args, kwargs), is_leaf=is_typed_key)
    keys = [x for x in leaves if is_typed_key(x)]
    impl = keys[0]._impl
    if any(k._impl != impl for k in keys):
        raise MeshjitTypeError(
            f"{getattr(fun, '__name__', 'the function')} takes typed keys of one PRNG "
            f"implementation, got {sorted({k.dtype.name for k in keys})}"
        )
    out_tree = []

    def logical(*standins):
        it = iter(standins)
        full = [next(it) if is_typed_key(x) else x for x in leaves]
        call_args, call_kwargs = tree_unflatten(tree, full)
        outs, treedef = tree_flatten(fun(*call_args, **call_kwargs))
        out_tree.append(treedef)
        return outs

    closed = trace_to_jaxpr(logical, [ShapedArray(k.shape, np.uint32) for k in keys])
    words = impl.key_shape[0]
    data = [k._data for k in keys]
    outs, keyed = eval_on_key_data(closed, data, [True] * len(keys), words, impl)
    outs = [PRNGKeyArray(o, impl) if k else o for o, k in zip(outs, keyed)]
    return tree_unflatten(out_tree[0], outs)


extended_arrays[PRNGKeyArray] = run_on_keys


def eval_on_key_data(closed: ClosedJaxpr, args, flags, words: int, impl):
    """The outputs of `closed` run on `args` (keys' data where `flags` says), and which of
    them are keys."""
    jaxpr = closed.jaxpr
    env = {id(v): x for v, x in zip(jaxpr.constvars, closed.consts)}
    env.update((id(v), x) for v, x in zip(jaxpr.invars, args))
    keyed = {id(v) for v, f in zip(jaxpr.invars, flags) if f}
    for eqn in jaxpr.eqns:
        eqn_flags = tuple(type(a) is Var and id(a) in keyed for a in eqn.invars)
        eqn_args = [read_atom(env, a) for a in eqn.invars]
        previous = enter_source(eqn.source)
        try:
            outs, out_flags = _bind(eqn, words, eqn_flags, eqn_args, impl)
        finally:
            leave_source(previous)
        for var, value, flag in zip(eqn.outvars, outs, out_flags):
            env[id(var)] = value
            if flag:
                keyed.add(id(var))
                if type(value) is Tracer:
                    mark_key_data(value, impl)
    outs = [read_atom(env, a) for a in jaxpr.outvars]
    return outs, [type(a) is Var and id(a) in keyed for a in jaxpr.outvars]


def _bind(eqn, words, flags, args, impl):
    if not any(flags):
        outs = eqn.primitive.bind(*args, **eqn.params)
        outs = outs if eqn.primitive.multiple_results else [outs]
        return outs, [False] * len(outs)
    if eqn.primitive is pjit_p:
        return _pjit_on_key_data(eqn, words, flags, args, impl)
    rule = key_data_rules.get(eqn.primitive)
    if rule is None:
        raise MeshjitTypeError(
            f"{eqn.primitive.name} does not accept typed PRNG keys (dtype key<{impl.tag}>): "
            "take random.key_data(keys) for their uint32 data"
        )
    return rule(eqn, words, flags, *args)


def _pjit_on_key_data(eqn, words, flags, args, impl):
    """A nested jit of keys: its body replayed on their data, in a jit of the same name."""
    out_flags = []

    def body(*data):
        for x, flag in zip(data, flags):
            if flag:
                mark_key_data(x, impl)
        outs, keyed = eval_on_key_data(eqn.params["jaxpr"], data, flags, words, impl)
        out_flags.extend(keyed)
        return outs

    avals = [_data_aval(a.aval, f, words) for a, f in zip(eqn.invars, flags)]
    physical = trace_to_jaxpr(body, avals)
    return pjit_p.bind(*args, **{**eqn.params, "jaxpr": physical}), out_flags


def _data_aval(aval: ShapedArray, keyed: bool, words: int) -> ShapedArray:
    return aval.update(shape=(*aval.shape, words)) if keyed else aval


__all__ = ["eval_on_key_data", "run_on_keys"]
