"""`jax.experimental.checkify`: runtime checks made functional. `check(pred, msg, ...)` inside
`checkify(f)` becomes part of the computation, and `checkify(f)(*args)` returns
`(error, f(*args))`; the error says which check failed first, with its message formatted from
values computed on the device. `errors=` adds automatic checks: NaNs made by an operation
(nan_checks), division by zero (div_checks, lax.div of any dtype), out-of-bounds gathers (index_checks).

How: `f` is traced to a jaxpr in which each `check` is a `check_p` equation; an interpreter
runs that jaxpr in the caller's trace (so `jit`, `vmap` and `grad` around `checkify` work),
keeping the error state as values: the index of the first failed check (-1 if none) and each
check's formatting values. Calls to jitted functions are entered; a scan's body runs under its
own state, carried through the loop (a while loop's too), and each cond branch fills its own
checks' part of the state; checks inside a while loop's condition are not supported yet (a clear
error)."""

from __future__ import annotations

import threading

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ClosedJaxpr, Jaxpr, Literal
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    effectful,
    lowering_rules,
)
from meshjit.compiler.lax.ad_util import aval_of, effects_only_ad
from meshjit.compiler.lax.batching import all_to_front, size_of
from meshjit.compiler.trace.jaxprs import read_atom, trace_to_jaxpr
from meshjit.compiler.trace.tracing import Tracer, abstractify, current_trace
from meshjit.compiler.traceback_util import boundary_methods
from meshjit.compiler.tree_util import register_pytree_node, tree_flatten, tree_unflatten

__all__ = [
    "BatchedError",
    "DivisionByZeroError",
    "Error",
    "ErrorCategory",
    "FailedCheckError",
    "JaxException",
    "JaxRuntimeError",
    "NaNError",
    "OOBError",
    "all_checks",
    "automatic_checks",
    "check",
    "check_error",
    "checkify",
    "debug_check",
    "div_checks",
    "float_checks",
    "index_checks",
    "init_error",
    "nan_checks",
    "user_checks",
]


class JaxRuntimeError(ValueError):
    """A failed check, raised by `Error.throw()` (or by `check` outside checkify)."""


class JaxException(Exception):
    """A kind of error checkify finds; `Error.get_exception()` returns one (its str is the
    message)."""


class FailedCheckError(JaxException):
    """`check(pred, msg)` found pred false."""


class NaNError(JaxException):
    """An operation made a NaN."""


class DivisionByZeroError(JaxException):
    """An integer division (or remainder) by zero."""


class OOBError(JaxException):
    """A gather read out of bounds."""


class BatchedError(JaxException):
    """The errors of a vmapped checkified call, one per failing mapped index."""


ErrorCategory = type[JaxException]


user_checks = frozenset({FailedCheckError})
nan_checks = frozenset({NaNError})
div_checks = frozenset({DivisionByZeroError})
index_checks = frozenset({OOBError})
float_checks = nan_checks | div_checks
automatic_checks = float_checks | index_checks
all_checks = automatic_checks | user_checks

_NOT_FUNCTIONALIZED = (
    "Cannot abstractly evaluate a checkify.check which was not functionalized. This probably "
    "means you tried to stage (jit/scan/pmap/...) a `check` without functionalizing it through "
    "`checkify.checkify`."
)


class _Active(threading.local):
    depth = 0  # inside checkify's tracing of the function


_active = _Active()

# ---------------------------------------------------------------------------------------------
# check


check_p = Primitive("check", multiple_results=True)
effectful.add(check_p)  # kept by dead-code elimination: checkify reads it, nothing else


@abstract_eval_rules.register(check_p)
def _check_abstract_eval(pred, *fmt, message, fmt_tree, source, debug=False):
    if not _active.depth and not debug:
        raise MeshjitValueError(_NOT_FUNCTIONALIZED)
    return []


def _not_functionalized(ctx, *args, debug=False, **params):
    if debug:
        return []  # a debug_check outside checkify checks nothing
    raise MeshjitValueError(_NOT_FUNCTIONALIZED)


lowering_rules.register(check_p, _not_functionalized)


effects_only_ad(check_p)


@batching_rules.register(check_p)
def _check_batcher(args, dims, **params):
    """Under vmap inside checkify: fails if any example fails, with the last failing example's
    formatting values (as JAX's, which reduces a batched error to its last failure)."""
    pred, *fmt = all_to_front(args, dims, size_of(args, dims))
    failed = lax.bitwise_not(_as_bool(pred))
    picked = [_first_where(failed, x, last=True) for x in (pred, *fmt)]
    check_p.bind(*picked, **params)
    return [], []


check_error_p = Primitive("check_error", multiple_results=True)
effectful.add(check_error_p)


@abstract_eval_rules.register(check_error_p)
def _check_error_abstract_eval(code, *payloads, messages):
    if not _active.depth:
        raise MeshjitValueError(_NOT_FUNCTIONALIZED)
    return []


lowering_rules.register(check_error_p, _not_functionalized)


@batching_rules.register(check_error_p)
def _check_error_batcher(args, dims, **params):
    """Under vmap inside checkify: the error, every part batched at the front (merged by its
    last failing example)."""
    check_error_p.bind(*all_to_front(args, dims, size_of(args, dims)), **params)
    return [], []


def _is_scalar_pred(pred) -> bool:
    if isinstance(pred, (bool, np.bool_)):
        return True
    aval = getattr(pred, "aval", None) if not isinstance(pred, np.ndarray) else abstractify(pred)
    return aval is not None and aval.shape == () and dtypes.is_bool(aval.dtype)


def check(pred, msg: str, *fmt_args, debug: bool = False, **fmt_kwargs) -> None:
    """Checks `pred` (all of it); inside `checkify(f)` a failure is recorded in the returned
    error, outside it (eagerly) it raises JaxRuntimeError. `msg` is formatted with `fmt_args` /
    `fmt_kwargs` (arrays) as str.format does. `debug=True`: as debug_check."""
    _check(pred, msg, debug, fmt_args, fmt_kwargs)


def debug_check(pred, msg: str, *fmt_args, **fmt_kwargs) -> None:
    """`check` under `checkify`; anywhere else (eagerly, or under a jit not inside checkify)
    it checks nothing."""
    _check(pred, msg, True, fmt_args, fmt_kwargs)


def _check(pred, msg: str, debug: bool, fmt_args, fmt_kwargs) -> None:
    from meshjit.compiler.errors import user_source

    fmt_leaves, fmt_tree = tree_flatten((fmt_args, fmt_kwargs))
    for leaf in fmt_leaves:
        if not hasattr(leaf, "dtype") or isinstance(leaf, np.generic):
            raise MeshjitTypeError(
                "Formatting arguments to checkify.check need to be PyTrees of arrays, but got "
                f"{leaf!r} of type {type(leaf)}."
            )
    if not _is_scalar_pred(pred):  # as JAX: one boolean, not an array of them
        raise MeshjitTypeError(
            f"{'debug_check' if debug else 'check'} takes a scalar pred as argument, got "
            f"{pred} (a boolean scalar is needed; use jnp.all(...) for an array of conditions)"
        )
    if current_trace() is None:  # eager: check now
        if not debug and not bool(np.all(np.asarray(pred))):
            raise JaxRuntimeError(_format(msg, fmt_tree, [np.asarray(x) for x in fmt_leaves]))
        return
    params = dict(message=msg, fmt_tree=fmt_tree, source=str(user_source()))
    check_p.bind(pred, *fmt_leaves, **params, **({"debug": True} if debug else {}))


def check_error(error) -> None:
    """Raises `error` if it holds a failure; under checkify, the failure joins the checkified
    function's error instead (checkify's inverse)."""
    if not isinstance(error, Error):
        raise MeshjitTypeError(
            f"check_error takes an Error as argument, got type {type(error)} instead."
        )
    if current_trace() is None:
        error.throw()
        return
    if not _active.depth:
        raise MeshjitValueError(_NOT_FUNCTIONALIZED)
    check_error_p.bind(error.code, *error.payloads, messages=error.messages)


def _format(msg, fmt_tree, values) -> str:
    args, kwargs = tree_unflatten(fmt_tree, values)
    return msg.format(*args, **kwargs) + " (`check` failed)"


# ---------------------------------------------------------------------------------------------
# Error


@boundary_methods("throw")
class Error:
    """The outcome of a checkified call: `get()` (the message, or None), `throw()`,
    `get_exception()`. A pytree, so it can leave jit and vmap."""

    def __init__(self, code, payloads: list, messages: tuple):
        self.code, self.payloads, self.messages = code, payloads, messages

    def get(self) -> str | None:
        error = self.get_exception()
        return None if error is None else str(error)

    def _exception(self, i: int, values, index) -> JaxException:
        kind, text, fmt_tree, start, count = self.messages[i]
        mine = [v[index] if index else v for v in values[start : start + count]]
        if kind is not FailedCheckError:
            return kind(text.format(*mine))
        return kind(_format(text, fmt_tree, mine))

    def get_exception(self) -> JaxException | None:
        """The failure as its kind (FailedCheckError, NaNError, OOBError,
        DivisionByZeroError; a BatchedError under vmap), or None."""
        code = np.asarray(self.code)
        values = [np.asarray(p) for p in self.payloads]
        if code.ndim == 0:
            return None if code == -1 else self._exception(int(code), values, ())
        lines = []
        for index in np.ndindex(*code.shape):
            if code[index] != -1:
                where = ", ".join(map(str, index))
                message = self._exception(int(code[index]), values, index)
                lines.append(f"at mapped index {where}: {message}")
        return BatchedError("\n".join(lines)) if lines else None

    def throw(self) -> None:
        if current_trace() is not None:  # JAX's throw is check_error's: staged, it is a check
            check_error(self)
            return
        error = self.get_exception()
        if error is not None:
            raise JaxRuntimeError(str(error))

    def __repr__(self):
        message = self.get() if current_trace() is None else "(traced)"
        return f"Error({message})"


init_error = Error(np.int32(-1), [], ())  # no failure (as JAX's checkify.init_error)

register_pytree_node(
    Error,
    lambda e: ((e.code, *e.payloads), e.messages),
    lambda messages, leaves: Error(leaves[0], list(leaves[1:]), messages),
)


# ---------------------------------------------------------------------------------------------
# checkify


def checkify(f, errors=user_checks):
    """`f` made to return `(error, out)`: `errors` chooses the checks (user_checks by default;
    nan_checks, div_checks, index_checks, float_checks, automatic_checks, all_checks)."""
    errors = frozenset(errors) & all_checks  # as JAX's: other entries enable nothing

    def checked(*args, **kwargs):
        leaves, in_tree = tree_flatten((args, kwargs))
        trees = {}
        # As JAX: concrete arguments are closed over, not traced: `f` sees them as they are
        # (a Python float stays one, so checking it is JAX's TypeError; Python control flow on
        # them works). Traced ones (checkify under jit or vmap) are the jaxpr's inputs.
        traced = any(isinstance(x, Tracer) for x in leaves)

        def flat(*xs):
            a, k = tree_unflatten(in_tree, xs) if traced else (args, kwargs)
            out, trees["out"] = tree_flatten(f(*a, **k))
            return out

        _active.depth += 1
        try:
            closed = trace_to_jaxpr(flat, [abstractify(x) for x in leaves] if traced else [])
        finally:
            _active.depth -= 1
        leaves = leaves if traced else []
        state = _State(errors)
        outs = state.run(closed.jaxpr, closed.consts, leaves)
        return state.error(), tree_unflatten(trees["out"], outs)

    return checked


class _State:
    """The error being accumulated while the interpreter runs: the first failed check's index
    and every check's formatting values."""

    def __init__(self, errors):
        self.errors = errors
        self.code = None
        self.payloads: list = []
        self.messages: list = []
        # An index clamped for a read (meshjit's indexing clamps before dynamic_slice) is
        # checked as it was before its clamp, as JAX checks the index the user wrote.
        self.unclamped: dict = {}
        self.avals: list = []  # a probe's: the avals of its checks' values

    def error(self) -> Error:
        code = self.code if self.code is not None else np.int32(-1)
        return Error(code, self.payloads, tuple(self.messages))

    def record(self, failed, kind, text, fmt_tree, payload) -> None:
        """Check number len(messages): `failed` (a bool scalar) with its formatting values."""
        index = np.int32(len(self.messages))
        self.messages.append((kind, text, fmt_tree, len(self.payloads), len(payload)))
        self.payloads.extend(payload)
        none = np.int32(-1)
        if self.code is None:
            self.code = lax.select(failed, index, none)
        else:
            self.code = lax.select(lax.eq(self.code, none) & failed, index, self.code)

    def merge(self, code, payloads, messages) -> None:
        """Another Error's checks (check_error) joined after this state's: its failure counts
        where none of this state's came first. A batched error counts by its last failing
        example (as JAX reduces one)."""
        if aval_of(code).ndim:
            failing = lax.ne(code, np.int32(-1))
            code = _first_where(failing, code, last=True)
            payloads = [_first_where(failing, p, last=True) for p in payloads]
        offset, start = np.int32(len(self.messages)), len(self.payloads)
        for kind, text, fmt_tree, first, count in messages:
            self.messages.append((kind, text, fmt_tree, first + start, count))
        self.payloads.extend(payloads)
        none = np.int32(-1)
        mine = lax.select(lax.eq(code, none), none, lax.add(code, offset))
        if self.code is None:
            self.code = mine
        else:
            self.code = lax.select(lax.eq(self.code, none), mine, self.code)

    def run(self, jaxpr: Jaxpr, consts, args) -> list:
        env = {}
        for var, value in zip(jaxpr.constvars, consts):
            env[id(var)] = value
        for var, value in zip(jaxpr.invars, args):
            env[id(var)] = value
        for eqn in jaxpr.eqns:
            ins = [read_atom(env, a) for a in eqn.invars]
            if OOBError in self.errors and eqn.primitive.name == "dynamic_slice":
                self._slice_bounds(eqn, ins)
            outs = self.eqn(eqn, ins)
            if eqn.primitive.name == "clamp":
                self.unclamped[id(eqn.outvars[0])] = ins[1]
            for var, value in zip(eqn.outvars, outs):
                env[id(var)] = value
        return [read_atom(env, a) for a in jaxpr.outvars]

    def eqn(self, eqn, ins) -> list:
        prim = eqn.primitive
        if prim is check_p:
            if FailedCheckError not in self.errors:
                return []  # user checks are off: as JAX, they check nothing
            pred, *fmt = ins
            failed = lax.bitwise_not(
                lax.reduce_and(_as_bool(pred), tuple(range(aval_of(pred).ndim)))
            )
            p = eqn.params
            self.record(failed, FailedCheckError, p["message"], p["fmt_tree"], fmt)
            return []
        if prim is check_error_p:
            self.merge(ins[0], ins[1:], eqn.params["messages"])
            return []
        if prim.name == "jit":  # a jitted function's body runs here, with its checks
            inner = eqn.params["jaxpr"]
            return self.run(inner.jaxpr, inner.consts, ins)
        if prim.name == "scan" and (_holds_checks(eqn.params) or self.errors - user_checks):
            return self.scan(eqn, ins)
        if prim.name == "while" and (_holds_checks(eqn.params) or self.errors - user_checks):
            return self.while_loop(eqn, ins)
        if prim.name == "cond" and (_holds_checks(eqn.params) or self.errors - user_checks):
            return self.cond(eqn, ins)
        if _holds_checks(eqn.params):
            raise MeshjitNotImplementedError(
                f"checkify: checks inside a {prim.name} body are not supported yet; move the "
                "check out of the loop or branch, or checkify the body itself"
            )
        self.before(prim, ins, eqn.params)
        outs = prim.bind(*ins, **eqn.params)
        outs = outs if prim.multiple_results else [outs]
        self.after(prim, outs)
        return outs

    def scan(self, eqn, ins) -> list:
        """A scan whose body checks: the body runs under its own state, and the error (the
        first failure's index and the failing check's values) is carried through the loop."""
        from meshjit.compiler.lax.control_flow import _closure_convert, scan_p

        p = eqn.params
        nc, ncar = p["num_consts"], p["num_carry"]
        checked = self._checked_body(p["jaxpr"], nc)
        if checked is None:
            return self.plain(eqn, ins)
        new_body, avals, probe = checked
        consts, closed = _closure_convert(trace_to_jaxpr(new_body, avals))
        outs = scan_p.bind(
            *consts, *ins[:nc], *self._loop_state(probe), *ins[nc:],
            jaxpr=closed, num_consts=len(consts) + nc, num_carry=ncar + 1 + len(probe.avals),
            length=p["length"], reverse=p["reverse"], unroll=p["unroll"],
        )  # fmt: skip
        return self._after_loop(probe, outs)

    def while_loop(self, eqn, ins) -> list:
        """A while loop whose body checks: as `scan`; its condition sees the carry only."""
        from meshjit.compiler.lax.control_flow import _closure_convert, while_p

        p = eqn.params
        cnc, bnc = p["cond_nconsts"], p["body_nconsts"]
        if _jaxpr_holds_checks(p["cond_jaxpr"].jaxpr):
            raise MeshjitNotImplementedError(
                "checkify: checks inside a while loop's condition are not supported yet"
            )
        checked = self._checked_body(p["body_jaxpr"], bnc)
        if checked is None:
            return self.plain(eqn, ins)
        new_body, avals, probe = checked
        state_avals = avals[bnc : bnc + 1 + len(probe.avals)]
        cond = p["cond_jaxpr"]

        def new_cond(*args):
            consts, carry = args[:cnc], args[cnc + len(state_avals) :]
            return _eval(cond, [*consts, *carry])

        cond_avals = [*cond.in_avals[:cnc], *state_avals, *cond.in_avals[cnc:]]
        cond_consts, cond_closed = _closure_convert(trace_to_jaxpr(new_cond, cond_avals))
        body_consts, body_closed = _closure_convert(trace_to_jaxpr(new_body, avals))
        outs = while_p.bind(
            *cond_consts, *ins[:cnc], *body_consts, *ins[cnc : cnc + bnc],
            *self._loop_state(probe), *ins[cnc + bnc :],
            cond_jaxpr=cond_closed, body_jaxpr=body_closed,
            cond_nconsts=len(cond_consts) + cnc, body_nconsts=len(body_consts) + bnc,
        )  # fmt: skip
        return self._after_loop(probe, outs)

    def cond(self, eqn, ins) -> list:
        """A cond whose branches check: each branch runs under its own state and fills its own
        checks' slots of one error state (the others pass through)."""
        from meshjit.compiler.lax.control_flow import _merge_consts, cond_p

        branches = eqn.params["branches"]
        probes = [self._probe(b) for b in branches]
        if not any(p.messages for p in probes):
            return self.plain(eqn, ins)
        slots = [a for p in probes for a in p.avals]
        state_avals = [aval_of(np.int32(0)), *slots]
        traced = []
        message_start, slot_start = len(self.messages), 0
        for branch, probe in zip(branches, probes):
            fn = self._branch_with_state(branch, message_start, slot_start, len(slots))
            traced.append(trace_to_jaxpr(fn, [*state_avals, *branch.in_avals]))
            message_start += len(probe.messages)
            slot_start += len(probe.avals)
        consts, new_branches = _merge_consts(traced)
        code = self.code if self.code is not None else np.int32(-1)
        zeros = [lax.full(a.shape, np.zeros((), a.dtype)) for a in slots]
        outs = cond_p.bind(ins[0], *consts, code, *zeros, *ins[1:], branches=tuple(new_branches))
        start = len(self.payloads)
        self.code = outs[0]
        self.payloads.extend(outs[1 : 1 + len(slots)])
        offset = 0
        for probe in probes:
            for kind, text, fmt_tree, first, count in probe.messages:
                self.messages.append((kind, text, fmt_tree, start + offset + first, count))
            offset += len(probe.avals)
        return list(outs[1 + len(slots) :])

    def _branch_with_state(self, branch: ClosedJaxpr, message_start, slot_start, nslots):
        def fn(code, *rest):
            payloads, args = list(rest[:nslots]), rest[nslots:]
            inner = _State(self.errors)
            outs = inner.run(branch.jaxpr, branch.consts, args)
            if inner.code is None:
                return [code, *payloads, *outs]
            none = np.int32(-1)
            first = lax.eq(code, none) & lax.ne(inner.code, none)
            code = lax.select(first, lax.add(inner.code, np.int32(message_start)), code)
            for i, new in enumerate(inner.payloads):
                old = payloads[slot_start + i]
                payloads[slot_start + i] = lax.select(_broadcast_like(first, new), new, old)
            return [code, *payloads, *outs]

        return fn

    def _probe(self, body: ClosedJaxpr) -> _State:
        """The checks `body` makes (messages, and the avals of their values), found by tracing
        it under a state of its own."""
        probe = _State(self.errors)

        def probe_body(*args):
            outs = probe.run(body.jaxpr, body.consts, args)
            probe.avals = [aval_of(v) for v in probe.payloads]
            return outs

        trace_to_jaxpr(probe_body, body.in_avals)
        return probe

    def _checked_body(self, body: ClosedJaxpr, nc: int):
        """(new_body, its input avals, the probe state) for a loop body that checks, else None:
        new_body takes (consts, code, payloads, carry...) and returns (code, payloads, outs)."""
        probe = self._probe(body)
        if not probe.messages:
            return None
        offset, npay = len(self.messages), len(probe.avals)

        def new_body(*args):
            consts, code, payloads = args[:nc], args[nc], list(args[nc + 1 : nc + 1 + npay])
            inner = _State(self.errors)
            outs = inner.run(body.jaxpr, body.consts, [*consts, *args[nc + 1 + npay :]])
            none = np.int32(-1)
            first = lax.eq(code, none) & lax.ne(inner.code, none)
            code = lax.select(first, lax.add(inner.code, np.int32(offset)), code)
            payloads = [
                lax.select(_broadcast_like(first, new), new, old)
                for new, old in zip(inner.payloads, payloads)
            ]
            return [code, *payloads, *outs]  # the error state leads the carry

        avals = [*body.in_avals[:nc], aval_of(np.int32(0)), *probe.avals, *body.in_avals[nc:]]
        return new_body, avals, probe

    def _loop_state(self, probe) -> list:
        code = self.code if self.code is not None else np.int32(-1)
        return [code, *[lax.full(a.shape, np.zeros((), a.dtype)) for a in probe.avals]]

    def _after_loop(self, probe, outs) -> list:
        npay = len(probe.avals)
        self.code = outs[0]
        start = len(self.payloads)
        self.payloads.extend(outs[1 : 1 + npay])
        for kind, text, fmt_tree, first, count in probe.messages:
            self.messages.append((kind, text, fmt_tree, start + first, count))
        return list(outs[1 + npay :])

    def plain(self, eqn, ins) -> list:
        outs = eqn.primitive.bind(*ins, **eqn.params)
        return outs if eqn.primitive.multiple_results else [outs]

    def before(self, prim, ins, params) -> None:
        if DivisionByZeroError in self.errors and prim.name == "div":  # any dtype, not rem: JAX's
            divisor = ins[1]
            zero = lax.eq(divisor, np.zeros((), aval_of(divisor).dtype))
            failed = lax.reduce_or(zero, tuple(range(aval_of(divisor).ndim)))
            self.record(failed, DivisionByZeroError, "division by zero", None, [])
        if OOBError in self.errors and prim.name == "gather":
            self._gather_bounds(ins, params)

    def after(self, prim, outs) -> None:
        if NaNError not in self.errors:
            return
        for out in outs:
            aval = aval_of(out)
            if dtypes.is_inexact(aval.dtype):
                nan = lax.ne(out, out)
                failed = lax.reduce_or(nan, tuple(range(aval.ndim)))
                text = f"nan generated by primitive: {prim.name}."
                self.record(failed, NaNError, text.replace("{", "{{").replace("}", "}}"), None, [])

    def _gather_bounds(self, ins, params) -> None:
        """The first index (of the gather's indexed dims) out of [0, size - slice size]."""
        operand, indices = ins[0], ins[1]
        dnums = params["dimension_numbers"]
        shape = aval_of(operand).shape
        sizes = params["slice_sizes"]
        index_aval = aval_of(indices)
        for k, dim in enumerate(dnums.start_index_map):
            column = lax.index_in_dim(indices, k, axis=index_aval.ndim - 1, keepdims=False)
            _bounds_check(self, column, shape[dim], sizes[dim], shape, dim)

    def _slice_bounds(self, eqn, ins) -> None:
        shape = aval_of(ins[0]).shape
        sizes = eqn.params["slice_sizes"]
        for dim, (var, index) in enumerate(zip(eqn.invars[1:], ins[1:])):
            if isinstance(var, Literal):
                continue  # a constant start: in bounds by construction
            index = self.unclamped.get(id(var), index)
            _bounds_check(self, index, shape[dim], sizes[dim], shape, dim)


def _bounds_check(self, index, size: int, slice_size: int, shape, dim: int) -> None:
    aval = aval_of(index)
    limit = np.asarray(size - slice_size, dtype=aval.dtype)
    bad = lax.bitwise_or(lax.lt(index, np.zeros((), aval.dtype)), lax.gt(index, limit))
    failed = lax.reduce_or(bad, tuple(range(aval.ndim))) if aval.ndim else bad
    first = _first_where(bad, index) if aval.ndim else index
    text = (
        f"out-of-bounds indexing for array of shape {tuple(shape)}: index {{0}} is out of "
        f"bounds for axis {dim} with size {size}. "
    )
    self.record(failed, OOBError, text, None, [first])


def _eval(closed: ClosedJaxpr, args):
    from meshjit.compiler.trace.jaxprs import eval_closed

    return eval_closed(closed, args)


def _broadcast_like(flag, value):
    shape = aval_of(value).shape
    return lax.broadcast_in_dim(flag, shape, ()) if shape else flag


def _first_where(mask, values, last: bool = False):
    """values' entry at mask's first (or last) true element (any entry when none is); mask's
    dims lead values' (as a batched Error's payloads lead with its code's dims)."""
    n, shape = int(np.prod(aval_of(mask).shape)), aval_of(values).shape[aval_of(mask).ndim :]
    flat_values = lax.reshape(values, (n, *shape))
    flat_mask = lax.reshape(mask, (n,))
    if last:
        position = np.int32(n - 1) - lax.argmax(lax.rev(flat_mask, (0,)), 0, np.int32)
    else:
        position = lax.argmax(flat_mask, 0, np.int32)
    return lax.dynamic_index_in_dim(flat_values, position, keepdims=False)


def _as_bool(pred):
    aval = aval_of(pred)
    if aval.dtype == np.bool_:
        return pred
    return lax.ne(pred, np.zeros((), aval.dtype))


def _holds_checks(params) -> bool:
    for value in params.values():
        values = value if isinstance(value, (tuple, list)) else [value]
        for v in values:
            jaxpr = v.jaxpr if isinstance(v, ClosedJaxpr) else v if isinstance(v, Jaxpr) else None
            if jaxpr is not None and _jaxpr_holds_checks(jaxpr):
                return True
    return False


def _jaxpr_holds_checks(jaxpr: Jaxpr) -> bool:
    return any(
        e.primitive in (check_p, check_error_p) or _holds_checks(e.params) for e in jaxpr.eqns
    )
