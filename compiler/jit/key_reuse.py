"""JAX's key-reuse checker (`jax_debug_key_reuse`, `jax.debug_key_reuse`): a typed PRNG key
consumed twice raises KeyReuseError, eagerly and under jit.

JAX finds consumption in jaxprs, where keys have a key dtype. In meshjit's jaxprs a key is its
uint32 data, so consumption is tracked on the key arrays themselves (`_consumed`: a bool, or a
mask over the keys of an array): a random function that draws from a key, or splits it,
consumes it (`consume`, called by random.keys.check_key); fold_in, clone and key_data do not.
As in JAX's signatures:
- a static index (`keys[0]`, `keys[1:]`) consumes the keys it selects when it is taken (JAX's
  slice: "Previously-consumed key passed to slice at index 0"), its result is a fresh key;
  a traced index (`keys[i]` under jit) forwards: consuming the result consumes all of `keys`;
- a key a scan or while_loop body closes over must not be consumed there (it would be on every
  iteration): JAX's "scan body function leads to key reuse when repeatedly executed";
- the branches of a cond each start from the same state, and consume what any of them does.
A jitted function's signature is the set of its key arguments its trace consumed
(`traced_signature`); calling it consumes those arguments, where a consumed one raises as JAX's
does: "Previously-consumed key passed to jit-compiled function at index i" on a call from
Python (or under vmap or grad, which JAX runs op by op), "In jit, argument i is already
consumed." inside a staged trace (jit, a loop body). Calls of AOT-compiled functions
(`lower().compile()`) and one key passed twice to one call are not checked, as in JAX.

- a carried key a loop body consumes must be carried on as a fresh key (split from it), and
  a while_loop's cond and body must not both consume one (`check_carry`).
"""

from __future__ import annotations

import contextlib
import threading

import numpy as np

from meshjit.compiler import tree_public
from meshjit.compiler.config import config
from meshjit.compiler.errors import KeyReuseError
from meshjit.compiler.trace.tracing import Tracer, current_trace

# The functions that consume a key under the name JAX's error gives them (JAX's jitted
# samplers are "jit"; split and bits bind the primitives named here).
_PRIMITIVES = {"split": "random_split", "bits": "random_bits"}

_LOOP_MESSAGES = {
    "scan": "scan body function leads to key reuse when repeatedly executed, because key "
    "constants are repeatedly consumed:",
    "while_loop body": "while_loop body function leads to key reuse when repeatedly executed: ",
    "while_loop cond": "while_loop cond function leads to key reuse when repeatedly executed: ",
}


def _is_key(x) -> bool:
    return tree_public.is_opaque_leaf(x) and hasattr(x, "_consumed")


def _staged(key) -> bool:
    """Whether `key` is traced into a jaxpr (jit, a loop body): JAX's "In jit" messages. Under
    vmap and grad JAX runs op by op, with the messages of calls from Python."""
    data = key._data
    return isinstance(data, Tracer) and data._trace.kind is None


def _root(key):
    """The key array `key` forwards to (a traced index of it), or `key`."""
    while key._forward is not None:
        key = key._forward
    return key


# ---------------------------------------------------------------------------------------------
# Scopes: loop bodies and cond branches being traced.


class _Scope:
    __slots__ = ("kind", "outer", "log")

    def __init__(self, kind: str):
        self.kind = kind
        trace, outer = current_trace(), set()
        while trace is not None:
            outer.add(id(trace))
            trace = trace.parent
        self.outer = outer  # the traces that hold values the body closes over
        self.log: list = []  # (key, its state before): what a branch consumed

    def closes_over(self, key) -> bool:
        data = key._data
        return not isinstance(data, Tracer) or id(data._trace) in self.outer


class _Scopes(threading.local):
    def __init__(self):
        self.stack: list[_Scope] = []


_scopes = _Scopes()


@contextlib.contextmanager
def loop_body(kind: str):
    """While the body of a scan ("scan") or while_loop ("while_loop body" / "while_loop cond")
    is traced: consuming a key it closes over raises JAX's error."""
    _scopes.stack.append(_Scope(kind))
    try:
        yield
    finally:
        _scopes.stack.pop()


def each_branch(thunks) -> list:
    """Runs the tracing of each cond branch from the same consumption state; then what any
    branch consumed is consumed. Returns the thunks' results."""
    out, consumed = [], []
    for thunk in thunks:
        scope = _Scope("branch")
        _scopes.stack.append(scope)
        try:
            out.append(thunk())
        finally:
            _scopes.stack.pop()
            for key, before in reversed(scope.log):
                consumed.append((key, key._consumed))
                key._consumed = before
    for key, after in consumed:
        _mark(key, after)
    return out


def _mark(key, consumed) -> None:
    """`key` consumed where `consumed` says (a bool or a mask), remembered by the innermost cond
    branch so that the next branch starts from the state before."""
    for scope in reversed(_scopes.stack):
        if scope.kind == "branch":
            scope.log.append((key, key._consumed))
            break
    key._consumed = key._consumed | consumed


def check_carry(kind: str, carry_in, carry_out=None, body=None) -> tuple:
    """After a loop body (`kind`) is traced on `carry_in` and returned `carry_out`: a carry key
    it consumed must come back fresh (JAX's sinks within sources), else JAX's loop error.
    Returns (consumed positions, fresh positions). A while_loop's cond (`carry_out` None) is
    checked against its body's (`body`, what this gave for it)."""
    ins = traced_keys(carry_in)
    consumed = {i for i, key in ins if np.any(_root(key)._consumed)}
    if carry_out is None:
        body_consumed, body_fresh = body
        if consumed - body_fresh:
            raise KeyReuseError(_LOOP_MESSAGES[kind] + _CARRY_HINT)
        if consumed & body_consumed:
            raise KeyReuseError(
                "while_loop cond and body functions both use the same key: " + _CARRY_HINT
            )
        return consumed, set()
    inputs = {id(key) for _, key in ins}
    fresh = {
        i
        for i, key in traced_keys(carry_out)
        if id(_root(key)) not in inputs and not np.any(_root(key)._consumed)
    }
    if consumed - fresh:
        raise KeyReuseError(_LOOP_MESSAGES[kind] + _CARRY_HINT)
    return consumed, fresh


_CARRY_HINT = (
    "\n  a carried key consumed by the loop must be replaced by a fresh one (split it and carry "
    "one of the new keys)"
)


def _check_loops(key) -> None:
    for scope in reversed(_scopes.stack):
        if scope.kind != "branch":
            if scope.closes_over(key):
                raise KeyReuseError(
                    _LOOP_MESSAGES[scope.kind] + "\n  a key the body closes over is consumed on "
                    "every iteration; pass it in the carry and split it there, or fold_in the "
                    "iteration index"
                )
            return


# ---------------------------------------------------------------------------------------------
# Consuming keys.


def consume(name: str, key) -> None:
    """`key` (a typed key array) drawn from by the random function `name`: a KeyReuseError if
    it was consumed before, then it is consumed."""
    if not config.key_reuse or not _is_key(key):
        return
    _check_loops(key)
    root = _root(key)
    if np.any(root._consumed):
        prim = _PRIMITIVES.get(name)
        if _staged(key):
            raise KeyReuseError(f"In {prim or 'jit'}, argument 0 is already consumed.")
        where = prim or "jit-compiled function"
        raise KeyReuseError(f"Previously-consumed key passed to {where} at index 0")
    _mark(root, True)


def indexed(keys, index, out) -> None:
    """`out = keys[index]`: a static index consumes the keys it selects (JAX's slice); a traced
    one makes `out` forward to `keys` (JAX's dynamic_slice and gather)."""
    if not config.key_reuse:
        return
    parts = index if isinstance(index, tuple) else (index,)
    if not all(p is None or p is Ellipsis or isinstance(p, (int, slice)) for p in parts):
        forwarded(keys, out)
        return
    root = _root(keys)
    selected = True
    if root is keys:
        selected = np.zeros(keys.shape, bool)
        selected[index] = True
    if np.any(root._consumed & selected):
        if _staged(keys):
            raise KeyReuseError("In slice, argument 0 is already consumed.")
        raise KeyReuseError("Previously-consumed key passed to slice at index 0")
    _mark(root, selected)


def forwarded(keys, out) -> None:
    """`out` is `keys` reshaped or gathered from: traced, consuming it consumes `keys`; run op
    by op, it starts as consumed as `keys` (JAX's Forward)."""
    if not config.key_reuse:
        return
    if _staged(out):
        out._forward = keys
    else:
        out._consumed = bool(np.any(_root(keys)._consumed))


@contextlib.contextmanager
def mapped(outer, inner):
    """While vmap traces its function: the keys among its arguments `inner` start as consumed as
    the caller's `outer` ones they stand for, and consuming them consumes those."""
    pairs = [(o, i) for (_, o), (_, i) in zip(traced_keys(outer), traced_keys(inner))]
    for o, i in pairs:
        i._consumed = bool(np.any(_root(o)._consumed))
    yield
    for o, i in pairs:
        if np.any(i._consumed):
            _mark(_root(o), True)


def traced_keys(dynamic) -> list:
    """(leaf index, key) of the typed keys among a traced function's dynamic arguments (a key
    is one leaf of the internal flattening too, so the indices are the jaxpr's)."""
    if not config.key_reuse:
        return []
    leaves = tree_public.tree_leaves(dynamic)
    return [(i, x) for i, x in enumerate(leaves) if _is_key(x)]


def traced_signature(keys) -> tuple | None:
    """The argument indices whose keys the trace consumed (None when not checking)."""
    if not config.key_reuse:
        return None
    return tuple(i for i, key in keys if np.any(key._consumed))


def check_call(consumed: tuple, dynamic) -> None:
    """A call of a jitted function consuming the key arguments `consumed` with the dynamic
    arguments `dynamic`: raises as JAX does for a consumed one, else consumes them."""
    if not consumed:
        return
    leaves = tree_public.tree_leaves(dynamic)
    keys = [leaves[i] for i in consumed]
    for i, key in zip(consumed, keys):
        _check_loops(key)
        if np.any(_root(key)._consumed):
            if _staged(key):
                raise KeyReuseError(f"In jit, argument {i} is already consumed.")
            raise KeyReuseError(
                f"Previously-consumed key passed to jit-compiled function at index {i}"
            )
    for key in keys:
        _mark(_root(key), True)
