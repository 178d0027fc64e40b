"""Structured control flow: cond / switch, while_loop / fori_loop, scan (and map).

Every body is traced into a closed jaxpr; the values it closes over (tracers of enclosing traces,
concrete arrays) become explicit leading operands of the primitive, so each sub-jaxpr is closed
and closure-converted (no constvars). `cond` lowers to `stablehlo.case`; `while` and `scan` lower
to `stablehlo.while`, which threads their consts through the loop carry.

`fori_loop` with concrete Python-int bounds becomes a `scan` (a static trip count, which reverse
mode autodiff needs later); with traced bounds it is a `while` carrying `(i, upper, x)`.
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable, Sequence

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler import lowering_dims as dims_lowering
from meshjit.compiler.api_util import argument_names, fun_sourceinfo
from meshjit.compiler.config import config
from meshjit.compiler.errors import (
    MeshjitIndexError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
    MeshjitZeroDivisionError,
    ReverseModeError,
    fresh_scopes,
    plain_names,
    user_source,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ClosedJaxpr, EmptyMeshArray, Jaxpr, ShapedArray, Var
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
    vma_rules,
)
from meshjit.compiler.ir.shape_poly import int_or_symbolic, is_symbolic_dim, max_dim
from meshjit.compiler.ir.sharding_rules import (
    check_map_leaf_unsharded,
    check_xs_unsharded,
    keep,
    spec_of,
    unstacked,
)
from meshjit.compiler.ir.tokens import is_token_aval
from meshjit.compiler.lax import control_flow_errors as cf_errors
from meshjit.compiler.lax import (
    elementwise,
    gather_scatter,
    reductions,
    shapes,
    slicing,
    special,
)
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.ad_util import (
    UndefinedPrimal,
    aval_of,
    instantiate,
    is_undefined,
    zeros_like_aval,
)
from meshjit.compiler.lax.batching import (
    all_to_front,
    axis_rules,
    batch_closed,
    batch_jaxpr,
    move_to_front,
    moveaxis,
    size_of,
)
from meshjit.compiler.lax.body_traces import reused_trace
from meshjit.compiler.lowering import (
    LoweringRuleContext,
    current_token,
    emit,
    jaxpr_subcomp,
    tag_results,
    token_scope,
    token_type,
)
from meshjit.compiler.trace.jaxprs import eval_closed, trace_to_jaxpr
from meshjit.compiler.trace.tracing import (
    DebugInfo,
    Tracer,
    abstractify,
    current_trace,
    require_concrete,
    to_concrete_value,
    trace_flat,
)
from meshjit.compiler.tree_util import (
    PyTreeDef,
    keystr,
    tree_flatten,
    tree_flatten_with_path,
    tree_unflatten,
)

__all__ = ["cond", "fori_loop", "map", "platform_dependent", "scan", "switch", "while_loop"]

cond_p = Primitive("cond", multiple_results=True)
while_p = Primitive("while", multiple_results=True)
scan_p = Primitive("scan", multiple_results=True)
# Their results' varying manual axes are the carried / branch outputs' (plus the predicate's),
# not the union over every operand: the rules below decide them.
vma_rules.update((cond_p, while_p, scan_p))

# ---------------------------------------------------------------------------------------------
# Tracing bodies and sharing their captured constants.


def _trace(
    fun: Callable,
    in_tree: PyTreeDef,
    in_avals: Sequence[ShapedArray],
    what="cond",
    source=None,
    debug: DebugInfo | None = None,
):
    """Traces `fun(unflattened args)`; returns the closed jaxpr (with consts) and out tree.
    `source`: the user's function, as errors name it; `debug`: what concretization errors
    name (_debug_info). The body's equations start a name stack of their own (see
    fresh_scopes)."""
    with fresh_scopes():
        return trace_flat(
            lambda *xs: fun(tree_unflatten(in_tree, xs)),
            in_avals,
            what=what,
            source=source,
            debug=debug,
        )


def _debug_info(traced_for: str, fun: Callable, args: Callable) -> DebugInfo:
    """JAX's api_util.debug_info of a body `fun` traced for `traced_for`: its errors name the
    function and its parameters as bound to `args()` (the positional arguments, leaves
    anything); a wrapper's saved one instead (JAX's save_wrapped_fun_debug_info)."""
    saved = getattr(fun, "_meshjit_debug", None)
    if saved is not None:
        return saved
    return DebugInfo(traced_for, fun, lambda: argument_names(fun, args(), {}))


def _no_ref_carry(init, what: str, fun: Callable, out_path: str) -> None:
    """A ref carried through a loop would be returned by its body: JAX's error, naming where
    the body's output (`out_path`: "result", or "result[0]" for scan's carry) holds it."""
    for path, leaf in tree_flatten_with_path(init)[0]:
        if getattr(type(leaf), "is_mutable_ref", False):
            at = (
                f" at output tree path {out_path}{keystr(path)}"
                if out_path != "result" or path
                else ""
            )
            raise MeshjitValueError(
                f"function {fun_sourceinfo(fun)} traced for {what} returned a mutable array "
                f"reference of type {leaf.ref_aval}{at}, but mutable array references cannot be "
                f"returned.\n\nThe returned mutable array was passed in as the argument "
                f"{_carry_name(fun)}{keystr(path)}."
            )


def _carry_name(fun: Callable) -> str:
    """The name of a loop body's carry parameter (its first), as JAX's messages name it."""
    try:
        params = list(inspect.signature(fun).parameters)
    except (TypeError, ValueError):
        params = []
    return params[0] if params else "args[0]"


def _key_scope(kind: str):
    """Under jax_debug_key_reuse: the body of a loop (`kind`) is being traced, where consuming a
    key it closes over is JAX's KeyReuseError."""
    if not config.key_reuse:
        return contextlib.nullcontext()
    from meshjit.compiler.jit import key_reuse  # a later layer

    return key_reuse.loop_body(kind)


def _each_branch(thunks) -> list:
    """The thunks' results (tracing cond branches); under jax_debug_key_reuse each starts from
    the same key consumption."""
    if not config.key_reuse:
        return [thunk() for thunk in thunks]
    from meshjit.compiler.jit import key_reuse  # a later layer

    return key_reuse.each_branch(thunks)


def _key_carry(kind: str, carry_in, carry_out=None, body=None):
    """Under jax_debug_key_reuse: a loop body's carried keys checked (see key_reuse.check_carry);
    returns what the check found (for a while_loop's cond)."""
    if not config.key_reuse:
        return None
    from meshjit.compiler.jit import key_reuse  # a later layer

    return key_reuse.check_carry(kind, carry_in, carry_out, body)


def _const_key(value) -> int:
    return id(value._var) if type(value) is Tracer else id(value)


def _merge_consts(closeds: Sequence[ClosedJaxpr]) -> tuple[list, list[ClosedJaxpr]]:
    """One const list for all `closeds`; each becomes a jaxpr taking all of it as leading args."""
    consts, index = [], {}
    for closed in closeds:
        for value, var in zip(closed.consts, closed.jaxpr.constvars):
            if _const_key(value) not in index:
                index[_const_key(value)] = len(consts)
                consts.append((value, var.aval))
    converted = []
    for closed in closeds:
        own = {_const_key(v): var for v, var in zip(closed.consts, closed.jaxpr.constvars)}
        leading = [own.get(_const_key(v)) or Var(aval) for v, aval in consts]
        j = closed.jaxpr
        converted.append(ClosedJaxpr(Jaxpr([], leading + j.invars, j.outvars, j.eqns), []))
    return [v for v, _ in consts], converted


def _closure_convert(closed: ClosedJaxpr) -> tuple[list, ClosedJaxpr]:
    consts, (converted,) = _merge_consts([closed])
    return consts, converted


def _same_type(a: ShapedArray, b: ShapedArray) -> bool:
    """Equal up to weak typing: what a loop carry or a branch output must keep (its sharding
    over Explicit axes too, as JAX's types; but an untyped value made outside any mesh context
    (a callback's result, a constant) is on JAX's empty mesh, whose types match any sharding)."""
    return (
        a.shape == b.shape
        and a.dtype == b.dtype
        and a.vma == b.vma
        and (
            a.sharding is b.sharding
            or _type_axes(a) == _type_axes(b)
            or (None in (a.sharding, b.sharding) and _on_empty_mesh(a, b))
        )
    )


def _on_empty_mesh(a: ShapedArray, b: ShapedArray) -> bool:
    """Whether one of the two is on JAX's empty mesh: any untyped value outside a mesh
    context, a callback's result in one."""
    return not _in_mesh_context() or isinstance(a, EmptyMeshArray) or isinstance(b, EmptyMeshArray)


def _in_mesh_context() -> bool:
    from meshjit.compiler.parallel.sharding import get_abstract_context_mesh  # a later family

    return get_abstract_context_mesh() is not None


def _type_axes(a: ShapedArray) -> tuple:
    """The axes of `a`'s type sharding per dimension (an untyped value's: none)."""
    s = a.sharding
    if s is None or not any(e is not None for e in s.spec):
        return (None,) * a.ndim
    return tuple(s.spec) + (None,) * (a.ndim - len(s.spec))


def _vma_hint(a: ShapedArray, b: ShapedArray) -> str:
    if a.shape != b.shape or a.dtype != b.dtype or a.vma == b.vma:
        return ""
    missing = tuple(sorted(set(b.vma or ()) - set(a.vma or ())))
    return (
        " (they vary over different manual axes; make the invariant one varying: this might be "
        f"fixed by applying `jax.lax.pcast(..., {missing}, to='varying')` to the initial carry "
        "value, or compute it from varying values)"
    )


# ---------------------------------------------------------------------------------------------
# cond and switch.


_NO_OPERAND = object()


def _with_operand(operands: tuple, operand) -> tuple:
    """The operands, or JAX's older single `operand=` keyword."""
    if operand is _NO_OPERAND:
        return operands
    if operands:
        raise MeshjitTypeError(
            "if 'operand' keyword is passed then no positional operands can be passed, got "
            f"operand={operand} and positional operands {operands}"
        )
    return (operand,)


def cond(pred, true_fun: Callable, false_fun: Callable, *operands, operand=_NO_OPERAND):
    """`true_fun(*operands)` if `pred` else `false_fun(*operands)`; both branches are traced."""
    if not (callable(true_fun) and callable(false_fun)):
        if callable(false_fun) and len(operands) == 2 and callable(operands[1]):
            # JAX's old form, still taken: cond(pred, x_true, f_true, x_false, f_false)
            x_true, f_true, x_false, f_false = true_fun, false_fun, *operands
            return cond(pred, lambda x, _: f_true(x), lambda _, x: f_false(x), x_true, x_false)
        raise MeshjitTypeError("lax.cond: true_fun and false_fun arguments should be callable.")
    operands = _with_operand(operands, operand)
    if pred is None:
        raise MeshjitTypeError("cond predicate is None")
    index = _pred_index(pred)
    names = ["false_fun", "true_fun"]
    return _bind_cond(index, [false_fun, true_fun], operands, "cond", names)


def switch(index, branches: Sequence[Callable], *operands, operand=_NO_OPERAND):
    """`branches[clamp(index, 0, n - 1)](*operands)`."""
    operands = _with_operand(operands, operand)
    branches = list(branches)
    if not branches:
        raise _noted(MeshjitValueError("Empty branch sequence"), "switch needs at least one branch")
    if not all(callable(b) for b in branches):
        raise MeshjitTypeError("lax.switch: branches argument should be a sequence of callables.")
    if len(branches) == 1:  # as JAX: the one branch called, whatever the (checked) index
        _check_switch_index(index)
        return branches[0](*operands)
    index = _switch_index(index, len(branches))
    names = ["branch 0"] + [f"branch{i}" for i in range(1, len(branches))]  # JAX's spellings
    return _bind_cond(index, branches, operands, "switch", names)


def platform_dependent(*args, default: Callable | None = None, **per_platform: Callable):
    """`per_platform[platform](*args)`: meshjit runs on CPU, so the `cpu` branch, else
    `default` (JAX stages every branch and picks one when lowering; the value is the same)."""
    for name, branch in per_platform.items():
        if not callable(branch):
            raise MeshjitTypeError(
                f"lax.platform_dependent: the '{name}' branch must be a callable."
            )
        if name == "gpu":
            raise MeshjitValueError("Use 'cuda' or 'rocm' for lax.platform_dependent.")
    if default is not None and not callable(default):
        raise MeshjitTypeError("lax.platform_dependent: the 'default' branch must be a callable.")
    branch = per_platform.get("cpu", default)
    if branch is None:
        raise MeshjitValueError(
            f"Unsupported platform 'cpu' for lax.platform_dependent: it has branches for "
            f"{sorted(per_platform)} and no default"
        )
    return branch(*args)


_NOT_CALLABLE = {  # JAX's words
    "while_loop": "body_fun and cond_fun arguments should be callable",
    "fori_loop": "body_fun argument should be callable",
    "scan": "f argument should be a callable",
}


def _check_callable(what: str, **funs):
    for name, fun in funs.items():
        if not callable(fun):
            raise MeshjitTypeError(
                f"lax.{what}: {_NOT_CALLABLE[what]}. ({name} is a {type(fun).__name__})"
            )


def _pred_index(pred):
    if isinstance(pred, (str, list, tuple)):  # JAX's words for a non-array predicate
        raise MeshjitTypeError(f"Pred must be a scalar, got {pred} of type {type(pred)}")
    aval = abstractify(pred)
    if aval.shape != ():
        error = MeshjitTypeError(  # JAX's words: the value, then its shape
            f"Pred must be a scalar, got {_value_words(pred)} of shape {aval.shape}."
        )
        raise _noted(error, f"cond pred must be a scalar, got {aval.str_short()}")
    if not (dtypes.is_bool(aval.dtype) or dtypes.is_int(aval.dtype) or dtypes.is_float(aval.dtype)):
        raise MeshjitTypeError(
            f"Pred type must be either boolean or number, got {aval.dtype} ({aval.str_short()})"
        )
    if isinstance(pred, (bool, int, np.bool_, np.integer)):
        return np.asarray(bool(pred), dtypes.int32)
    if not dtypes.is_bool(aval.dtype):
        pred = elementwise.ne(pred, elementwise.convert_element_type(0, aval.dtype))
    return elementwise.convert_element_type(pred, dtypes.int32)


def _noted(error: Exception, note: str) -> Exception:
    """`error` (in JAX's words) with meshjit's explanation as a note."""
    error.add_note(f"({note})")
    return error


def _value_words(x) -> str:
    """A predicate or index as JAX's messages show it: its value (a traced one's repr). Under
    grad a known value with no tangent (a bool or an integer) is its value: JAX's grad keeps
    no tracer for it."""
    if isinstance(x, Tracer) and x._trace.kind == "grad" and not dtypes.is_inexact(x.aval.dtype):
        value = to_concrete_value(x)
        if value is not None:
            return str(value)
    if isinstance(x, Tracer) and x._trace.constant_value(x._var) is not None:
        return str(x._trace.constant_value(x._var))  # JAX's autodiff has a constant's value
    return str(x)


def _switch_index(index, n: int):
    _check_switch_index(index)
    if isinstance(index, (int, np.integer)):
        if current_trace() is None:
            return np.asarray(min(max(int(index), 0), n - 1), dtypes.int32)
        index = np.int32(
            min(max(int(index), -(2**31)), 2**31 - 1)
        )  # clamped in the jaxpr, as JAX's
    else:
        index = elementwise.convert_element_type(index, dtypes.int32)
    return elementwise.clamp(np.int32(0), index, np.int32(n - 1))


def _check_switch_index(index) -> None:
    if isinstance(index, str) or index is None:
        raise MeshjitTypeError(f"Index type must be an integer, got {index}.")
    aval = abstractify(index)
    if aval.shape != ():
        raise MeshjitTypeError(
            f"Branch index must be scalar, got {_value_words(index)} of shape {aval.shape}."
        )
    if not dtypes.is_int(aval.dtype):
        error = MeshjitTypeError(  # JAX's words: the value, then its dtype
            f"Index type must be an integer, got {_value_words(index)} as {aval.dtype}"
        )
        raise _noted(error, f"switch index must be an int scalar, got {aval.str_short()}")


# How many cond / switch branches are being traced (a Pallas kernel's remote operation, a
# collective every device joins, cannot run in one: see compiler/pallas/core.py).
BRANCHES = [0]


def _bind_cond(index, funs, operands, what: str, names: list[str]):
    leaves, in_tree = tree_flatten(operands)
    avals = [abstractify(x) for x in leaves]
    BRANCHES[0] += 1
    try:
        traced = _each_branch(
            [
                lambda f=f: _trace(
                    lambda ops: f(*ops),
                    in_tree,
                    avals,
                    source=f,
                    debug=_debug_info(what, f, lambda: tree_unflatten(in_tree, avals)),
                )
                for f in funs
            ]
        )
    finally:
        BRANCHES[0] -= 1
    _check_branches(what, names, [t[1] for t in traced], [t[0].out_avals for t in traced], funs)
    consts, branches = _merge_consts([t[0] for t in traced])
    outs = cond_p.bind(index, *consts, *leaves, branches=tuple(branches))
    return tree_unflatten(traced[0][1], outs)


def _check_branches(what: str, names, trees, out_avals, funs):
    """As JAX's: cond compares the true branch with the false one, switch branch 0 with each
    other branch, and a difference is named by its path in the outputs."""
    first = 1 if what == "cond" else 0
    for i, (tree, avals) in enumerate(zip(trees, out_avals)):
        if i == first:
            continue
        name1, name2 = names[first], names[i]
        pair = (funs[first], funs[i])
        if tree != trees[first]:
            raise cf_errors.branch_tree_error(what, name1, name2, trees[first], tree, pair)
        pairs = list(zip(out_avals[first], avals))
        if not all(_same_type(a, b) for a, b in pairs):
            hint = next(_vma_hint(a, b) for a, b in pairs if not _same_type(a, b))
            raise cf_errors.branch_types_error(
                what, name1, name2, tree, out_avals[first], avals, _same_type, hint, pair
            )


@abstract_eval_rules.register(cond_p)
def _cond_rule(index, *args, branches):
    if index.shape != () or index.dtype != dtypes.int32:
        raise MeshjitTypeError(f"cond index must be an i32 scalar, got {index.str_short()}")
    for branch in branches:
        _check_args("cond branch", branch.in_avals, args)
    # typed as branch 0 (cond's false_fun), weak type included, as JAX's; the results vary as
    # the branches' do, not over the index's axes too (JAX's: a transposed cond whose index
    # varied summed its branches' cotangents over those axes a second time)
    outs = []
    for column in zip(*(b.out_avals for b in branches)):
        vma = frozenset().union(*(a.vma for a in column))
        outs.append(column[0].update(vma=vma))
    return outs


def _check_args(what: str, expected: Sequence[ShapedArray], got: Sequence[ShapedArray]):
    if len(expected) != len(got) or not all(
        a.shape == b.shape and a.dtype == b.dtype for a, b in zip(expected, got)
    ):
        shown = ", ".join(a.str_short() for a in got)
        wanted = ", ".join(a.str_short() for a in expected)
        raise MeshjitTypeError(f"{what} takes ({wanted}) but got ({shown})")


def _cond_lowering(ctx: LoweringRuleContext, index, *args, branches):
    """A case; with ordered effects in a branch, each branch takes the token (captured, as
    JAX's) and returns its next first, so they run between the effects around the cond."""
    mctx = ctx.module_ctx
    types = [ctx.tensor_type(a) for a in ctx.avals_out]
    token = current_token(mctx) if any(mctx.threads_token(b) for b in branches) else None
    if token is not None:
        types = [token_type(), *types]
    op = emit("stablehlo.case", types, [index], regions=len(branches))
    for i, (region, branch) in enumerate(zip(op.regions, branches)):
        names = mctx.body_names(f"cond/branch_{i}_fun", ctx.source)  # JAX's names
        with ir.InsertionPoint(region.blocks.append()), names, token_scope(mctx, token):
            outs = jaxpr_subcomp(mctx, branch.jaxpr, [], args)
            emit("stablehlo.return", [], _with_token(mctx, token, outs))
    return _after_token(mctx, token, list(op.results))


def _with_token(mctx, token, values: list) -> list:
    """`values` after the block's last ordered token, if it threads one (`token` not None)."""
    return values if token is None else [mctx.ordered_token, *values]


def _after_token(mctx, token, results: list) -> list:
    """The results of an op threading the token (`token` not None) first: it is the next
    ordered effect's; the others."""
    if token is None:
        return results
    mctx.ordered_token, *results = results
    return results


lowering_rules.register(cond_p, _cond_lowering)

# ---------------------------------------------------------------------------------------------
# Loop carries: weak-type promotion and the checks.


def _trace_carry(what: str, trace_fn: Callable, init_leaves: list, tree=None, body=None):
    """Runs `trace_fn(carry_avals) -> (closed, carry_out_avals, extra)`. A weak-typed init whose
    carry comes back with another dtype is converted to it and the body traced again. A carry
    of structure `tree` (of the function `body`) is checked in JAX's words."""
    for _ in range(2):
        avals = [abstractify(x) for x in init_leaves]
        closed, carry_out, extra = trace_fn(avals)
        promoted = [_promote(x, a, b) for x, a, b in zip(init_leaves, avals, carry_out)]
        if all(p is x for p, x in zip(promoted, init_leaves)):
            break
        init_leaves = promoted
    if tree is not None and not all(_same_type(a, b) for a, b in zip(avals, carry_out)):
        hint = next(_vma_hint(a, b) for a, b in zip(avals, carry_out) if not _same_type(a, b))
        loop = "scan body" if what.startswith("scan") else "while_loop body"
        name = cf_errors.first_param(body)
        raise cf_errors.carry_types_error(loop, name, tree, avals, carry_out, _same_type, hint)
    _check_carry(what, avals, carry_out)
    return init_leaves, avals, closed, extra


def _promote(x, in_aval: ShapedArray, out_aval: ShapedArray):
    if not in_aval.weak_type or in_aval.shape != out_aval.shape or in_aval.dtype == out_aval.dtype:
        return x
    dtype, _ = dtypes.result_type((in_aval.dtype, True), (out_aval.dtype, out_aval.weak_type))
    return x if dtype == in_aval.dtype else elementwise.convert_element_type(x, dtype)


def _check_carry(what: str, in_avals, out_avals):
    for i, (a, b) in enumerate(zip(in_avals, out_avals)):
        if not _same_type(a, b):
            raise MeshjitTypeError(
                f"{'scan' if what.startswith('scan') else 'while_loop'} body function carry input and carry output must have equal types, but they differ: {what} carry output {i} has type {b.str_long()} but the carry input has type "
                f"{a.str_long()}; a loop carry must keep its shape, dtype and varying manual "
                "axes" + _vma_hint(a, b)
            )


def _check_carry_tree(what: str, in_tree: PyTreeDef, out_tree: PyTreeDef, body=None):
    if in_tree != out_tree:
        loop = "scan body" if what.startswith("scan") else "while_loop body"
        name = cf_errors.first_param(body)
        raise cf_errors.carry_tree_error(loop, name, in_tree, out_tree)


def _carry_out_avals(in_avals, body_out_avals, extra_vma=frozenset()):
    """The loop results: the carry's type, strong unless both ends are weak; a carry the body
    makes a callback's result stays on JAX's empty mesh (JAX's result type is the body's)."""
    out = []
    for a, b in zip(in_avals, body_out_avals):
        weak, vma = a.weak_type and b.weak_type, b.vma | extra_vma
        if isinstance(b, EmptyMeshArray):
            out.append(EmptyMeshArray(b.shape, b.dtype, weak, vma))
        else:
            out.append(b.update(weak_type=weak, vma=vma))
    return out


# ---------------------------------------------------------------------------------------------
# while_loop and fori_loop.


def while_loop(cond_fun: Callable, body_fun: Callable, init_val):
    """`while cond_fun(val): val = body_fun(val)`; returns the final `val`."""
    _check_callable("while_loop", cond_fun=cond_fun, body_fun=body_fun)
    return _while_loop(cond_fun, body_fun, init_val, (cond_fun, "while_cond"), (body_fun, "while"))


def _while_loop(cond_fun, body_fun, init_val, cond_key: tuple, body_key: tuple):
    """while_loop, its cond's and body's traces reused per `cond_key` / `body_key` (the
    functions they run) and types, as JAX's."""
    init_leaves, tree = tree_flatten(init_val)
    _no_ref_carry(init_val, "while_body", body_fun, "result")

    body_keys = {}

    def checked_body(x):
        out = body_fun(x)
        body_keys["carry"] = _key_carry("while_loop body", x, out)
        return (out,)

    def checked_cond(x):
        out = cond_fun(x)
        _key_carry("while_loop cond", x, None, body_keys.get("carry"))
        return out

    def trace_body(avals):
        debug = _debug_info("while_body", body_fun, lambda: (tree_unflatten(tree, avals),))
        closed, out_tree = _trace(checked_body, tree, avals, "while_body", debug=debug)
        _check_carry_tree("while_loop body_fun", tree, out_tree.children()[0], body_fun)
        return closed, closed.out_avals, None

    def trace_cond(avals):
        debug = _debug_info("while_cond", cond_fun, lambda: (tree_unflatten(tree, avals),))
        return (_trace_while_cond(checked_cond, tree, avals, debug),)

    trace_body = reused_trace(trace_body, *body_key, tree)
    trace_cond = reused_trace(trace_cond, *cond_key, tree)
    if not config.key_reuse:  # as JAX: the cond first (a print in it shows first); key-reuse
        # checking reads the body's carried keys in the cond, so it traces the body first
        trace_cond([abstractify(x) for x in init_leaves])
    given = init_leaves
    with _key_scope("while_loop body"):
        init_leaves, avals, body, _ = _trace_carry(
            "while_loop body_fun", trace_body, init_leaves, tree, body_fun
        )
    with _key_scope("while_loop cond"):
        (cond_closed,) = trace_cond(avals)
    cond_consts, cond_jaxpr = _closure_convert(cond_closed)
    body_consts, body_jaxpr = _closure_convert(body)
    outs = while_p.bind(
        *cond_consts, *body_consts, *init_leaves,
        cond_jaxpr=cond_jaxpr, body_jaxpr=body_jaxpr,
        cond_nconsts=len(cond_consts), body_nconsts=len(body_consts),
    )  # fmt: skip
    outs = _forwarded(outs, body_jaxpr, len(body_consts), given, init_leaves)
    return tree_unflatten(tree, outs)


def _forwarded(outs: list, body: ClosedJaxpr, nconsts: int, given: list, init_leaves) -> list:
    """The loop's carries, those the body returns as it got them being the values given (a
    Python float stays one, a NumPy array the same object), as JAX's forwarding does."""
    outs, jaxpr = list(outs), body.jaxpr
    for i, (x, init) in enumerate(zip(given, init_leaves)):
        if x is init and jaxpr.outvars[i] is jaxpr.invars[nconsts + i]:
            outs[i] = x
    return outs


# While loops standing for another JAX primitive (a pallas_call run by its interpreter), by
# the place of the user's expression that made them: reverse mode's error names that primitive,
# as JAX's does. (A rebound loop keeps the place.)
_LOOP_PRIMITIVES: dict[tuple, str] = {}


def _place(source) -> tuple:
    return source.file, source.line, source.column, source.end


def primitive_while_loop(name: str, cond_fun: Callable, body_fun: Callable, init_val):
    """`while_loop`, the loop standing for the primitive `name` in errors."""
    _LOOP_PRIMITIVES[_place(user_source())] = name
    return while_loop(cond_fun, body_fun, init_val)


def loop_primitive_name(source) -> str | None:
    """The primitive a while loop made at `source` stands for, if any."""
    return _LOOP_PRIMITIVES.get(_place(source)) if _LOOP_PRIMITIVES else None


def _trace_while_cond(cond_fun, tree, avals, debug=None) -> ClosedJaxpr:
    closed, out_tree = _trace(cond_fun, tree, avals, "while_cond", debug=debug)
    outs = closed.out_avals
    if len(outs) != 1 or out_tree.num_leaves != 1 or out_tree.children():
        raise MeshjitTypeError(f"cond_fun must return a boolean scalar, but got pytree {out_tree}.")
    if outs[0].shape != () or outs[0].dtype != dtypes.bool_:
        raise MeshjitTypeError(
            f"cond_fun must return a boolean scalar, but got output type(s) [{outs[0]!r}]."
        )
    return closed


@abstract_eval_rules.register(while_p)
def _while_rule(*args, cond_jaxpr, body_jaxpr, cond_nconsts, body_nconsts):
    cond_consts, rest = args[:cond_nconsts], args[cond_nconsts:]
    body_consts, carry = rest[:body_nconsts], rest[body_nconsts:]
    _check_args("while cond", cond_jaxpr.in_avals, [*cond_consts, *carry])
    _check_args("while body", body_jaxpr.in_avals, [*body_consts, *carry])
    _check_carry("while body", carry, body_jaxpr.out_avals)
    # typed as the body's results: a predicate varying over a manual axis (a trip count per
    # device) adds no axis to them, as in JAX 0.10.2 (whose out_specs=P() takes them)
    return _carry_out_avals(carry, body_jaxpr.out_avals)


def _while_lowering(ctx, *args, cond_jaxpr, body_jaxpr, cond_nconsts, body_nconsts):
    """A while; with ordered effects in the body, the token is carried first (as JAX's)."""
    mctx = ctx.module_ctx
    if mctx.threads_token(cond_jaxpr):
        return _while_with_ordered_cond(ctx, args, cond_jaxpr, body_jaxpr, cond_nconsts)
    nconsts = cond_nconsts + body_nconsts
    token = current_token(mctx) if mctx.threads_token(body_jaxpr) else None
    operands = list(args) if token is None else [token, *args]
    nt = len(operands) - len(args)
    types = [a.type for a in operands]
    op = emit("stablehlo.while", types, operands, regions=2)
    cond_block = op.regions[0].blocks.append(*types)
    with ir.InsertionPoint(cond_block), mctx.body_names("while/cond", ctx.source):
        vals = list(cond_block.arguments)[nt:]
        cond_args = vals[:cond_nconsts] + vals[nconsts:]
        with token_scope(mctx):
            (pred,) = jaxpr_subcomp(mctx, cond_jaxpr.jaxpr, [], cond_args)
        emit("stablehlo.return", [], [pred])
    body_block = op.regions[1].blocks.append(*types)
    with ir.InsertionPoint(body_block), mctx.body_names("while/body", ctx.source):
        vals = list(body_block.arguments)
        with token_scope(mctx, vals[0] if nt else None):
            vals = vals[nt:]
            outs = jaxpr_subcomp(mctx, body_jaxpr.jaxpr, [], vals[cond_nconsts:])
            emit("stablehlo.return", [], _with_token(mctx, token, vals[:nconsts] + list(outs)))
    return _after_token(mctx, token, list(op.results))[nconsts:]


def _while_with_ordered_cond(ctx, args, cond_jaxpr, body_jaxpr, cond_nconsts):
    """JAX's rewrite of a while whose cond has ordered effects (a while's cond returns only
    its predicate): `pred = cond(x); while pred: x = body(x); pred = cond(x)`, the predicate
    and the token carried first."""
    mctx = ctx.module_ctx
    cond_consts, rest = list(args[:cond_nconsts]), list(args[cond_nconsts:])
    nconsts = len(rest) - len(ctx.avals_out)

    def cond(consts_rest: list):
        consts, carry = consts_rest[:cond_nconsts], consts_rest[cond_nconsts + nconsts :]
        with mctx.body_names("while/cond", ctx.source):
            return jaxpr_subcomp(mctx, cond_jaxpr.jaxpr, [], [*consts, *carry])[0]

    pred = cond([*cond_consts, *rest])
    operands = [pred, current_token(mctx), *args]
    types = [a.type for a in operands]
    op = emit("stablehlo.while", types, operands, regions=2)
    cond_block = op.regions[0].blocks.append(*types)
    with ir.InsertionPoint(cond_block):
        emit("stablehlo.return", [], [cond_block.arguments[0]])
    body_block = op.regions[1].blocks.append(*types)
    with ir.InsertionPoint(body_block):
        _, token, *vals = body_block.arguments
        with token_scope(mctx, token):
            with mctx.body_names("while/body", ctx.source):
                outs = jaxpr_subcomp(mctx, body_jaxpr.jaxpr, [], vals[cond_nconsts:])
            new = [*vals[: cond_nconsts + nconsts], *outs]
            pred = cond(new)
            emit("stablehlo.return", [], [pred, mctx.ordered_token, *new])
    _, mctx.ordered_token, *results = op.results
    return results[cond_nconsts + nconsts :]


lowering_rules.register(while_p, _while_lowering)


def fori_loop(lower, upper, body_fun: Callable, init_val, *, unroll=None):
    """`for i in range(lower, upper): val = body_fun(i, val)`; returns the final `val`."""
    _check_callable("fori_loop", body_fun=body_fun)
    if _is_static_int(lower) and _is_static_int(upper):
        return _static_fori_loop(int(lower), int(upper), body_fun, init_val, unroll)
    if is_symbolic_dim(lower) or is_symbolic_dim(upper):  # shape polymorphism: a scan too
        return _static_fori_loop(lower, upper, body_fun, init_val, unroll, index=lower)
    known = [to_concrete_value(b) for b in (lower, upper)]
    concrete = all(k is not None for k in known)
    lower, upper = _fori_bounds(lower, upper, concrete)
    if concrete:
        # Known bounds (concrete arrays, or traced ones whose values autodiff outside jit
        # knows): as JAX, a static trip count, so the loop is a scan that reverse-mode
        # autodiff runs backwards, its index a Python int (weak int32) whatever their dtype.
        trip = [int(np.asarray(k)) for k in known]
        return _static_fori_loop(*trip, body_fun, init_val, unroll)
    if unroll is not None and unroll is not False and unroll != 1:  # JAX's check and words
        raise MeshjitValueError(
            "Can only use `unroll` in `fori_loop` if the loop bounds are statically known."
        )

    def body(loop_carry):  # JAX's name for the carry its messages show
        i, hi, val = loop_carry
        return (
            elementwise.add(i, elementwise.convert_element_type(1, abstractify(i).dtype)),
            hi,
            body_fun(i, val),
        )

    def names():  # JAX's: the body's, the upper bound's unnamed
        i, *rest = argument_names(body_fun, (0, init_val), {})
        return [i, "", *rest]

    body._meshjit_debug = DebugInfo("fori_loop", body_fun, names)
    init = (lower, upper, init_val)
    return _while_loop(_fori_cond, body, init, (_fori_cond,), (body_fun, "fori_while"))[2]


def _fori_cond(loop_carry):
    return elementwise.lt(loop_carry[0], loop_carry[1])


def _is_static_int(x) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_))


def _static_fori_loop(lower: int, upper: int, body_fun, init_val, unroll, index=None):
    # A scan: its trip count is static, so reverse-mode autodiff can run it backwards.
    def step(loop_carry, _):  # JAX's name for the carry its messages show
        i, val = loop_carry
        return (elementwise.add(i, 1), body_fun(i, val)), None

    step._meshjit_debug = DebugInfo(
        "fori_loop", body_fun, lambda: argument_names(body_fun, (0, init_val), {})
    )

    length = max_dim(upper - lower, 0)
    # A Python int: weak in the default int, as JAX's index of Python bounds.
    if index is None:
        index = int(_index_scalar(lower, "fori_loop lower"))
    init = (index, init_val)
    (_, out), _ = _scan(step, init, None, length, False, unroll or 1, (body_fun, "fori_scan"))
    return out


def _index_scalar(value: int, what: str):
    """`value` in the default int (int32; int64 with x64), as JAX's loop index."""
    info = np.iinfo(dtypes.default_int)
    if not info.min <= value <= info.max:
        raise MeshjitValueError(f"{what} {value} does not fit in {dtypes.default_int}")
    return dtypes.index_scalar(value)


def _fori_bounds(lower, upper, concrete: bool = False):
    """The bounds in one dtype. Concrete bounds may be floats, as JAX takes them (its trip
    count is their int() difference, its index of their dtype)."""
    avals = [abstractify(lower), abstractify(upper)]
    lo, hi = avals
    signed = dtypes.is_int(lo.dtype) and not dtypes.is_unsigned(lo.dtype)
    signed = signed and dtypes.is_int(hi.dtype) and not dtypes.is_unsigned(hi.dtype)
    if lo.dtype != hi.dtype and not (signed and lo.weak_type != hi.weak_type):
        raise MeshjitTypeError(  # as JAX: only a weak (Python) bound is promoted
            "lower and upper arguments to fori_loop must have equal types, got "
            f"{lo.dtype} and {hi.dtype}"
        )
    for name, a in zip(("lower", "upper"), avals):
        if a.shape != ():  # JAX's loop condition `i < upper` is then not a scalar
            raise MeshjitTypeError(
                f"fori_loop {name} must be a scalar, got {a.str_short()}: cond_fun must return "
                f"a boolean scalar, but got output type(s) [bool{list(a.shape)}]"
            )
        if not dtypes.is_int(a.dtype) and not (concrete and dtypes.is_float(a.dtype)):
            raise MeshjitTypeError(f"fori_loop {name} must be an int scalar, got {a.str_short()}")
    dtype, _ = dtypes.result_type(*((a.dtype, a.weak_type) for a in avals))
    # as JAX: only a bound of another dtype is converted (a weak one stays weak)
    return tuple(
        x if a.dtype == dtype else elementwise.convert_element_type(x, dtype)
        for x, a in zip((lower, upper), avals)
    )


# ---------------------------------------------------------------------------------------------
# scan and map.


def scan(
    f: Callable,
    init,
    xs=None,
    length=None,
    reverse: bool = False,
    unroll=1,
    _split_transpose: bool = False,
):
    """`carry, y = f(carry, x)` over the leading axis of `xs`; returns `(carry, stacked ys)`.
    `_split_transpose` (JAX's: how its transpose splits the loop) changes no value: ignored."""
    _check_callable("scan", f=f)
    return _scan(f, init, xs, length, reverse, unroll, (f, "scan"))


def _scan(f, init, xs, length, reverse, unroll, body_key: tuple):
    """scan, its body's trace reused per `body_key` (the function it runs) and types."""
    x_leaves, x_tree = tree_flatten(xs)
    x_avals = [abstractify(x) for x in x_leaves]
    for x in x_leaves:  # JAX's ValueError for a Python scalar, naming the value
        if isinstance(x, (int, float, complex)) and not isinstance(x, bool):
            raise MeshjitValueError(f"scan got value with no leading axis to scan over: {x}.")
    length = _scan_length(x_avals, length)
    slice_avals = [unstacked(a, "scan") for a in x_avals]
    init_leaves, carry_tree = tree_flatten(init)
    given = init_leaves
    _no_ref_carry(init, "scan", f, "result[0]")
    trace_fn = reused_trace(
        _scan_body_tracer(f, carry_tree, x_tree, slice_avals),
        *body_key,
        carry_tree,
        x_tree,
        tuple((a, a.key) for a in slice_avals),
    )
    with _key_scope("scan"):
        init_leaves, _, body, y_tree = _trace_carry(
            "scan body", trace_fn, init_leaves, carry_tree, f
        )
    consts, jaxpr = _closure_convert(body)
    outs = scan_p.bind(
        *consts, *init_leaves, *x_leaves,
        jaxpr=jaxpr, num_consts=len(consts), num_carry=len(init_leaves),
        length=length, reverse=bool(reverse), unroll=_unroll(unroll, length),
    )  # fmt: skip
    n = len(init_leaves)
    outs = _forwarded(outs[:n], jaxpr, len(consts), given, init_leaves) + list(outs[n:])
    return tree_unflatten(carry_tree, outs[:n]), tree_unflatten(y_tree, outs[n:])


def _scan_body_tracer(f, carry_tree, x_tree, slice_avals):
    def trace_fn(carry_avals):
        trees = {}

        def flat(*args):
            n = len(carry_avals)
            carry = tree_unflatten(carry_tree, args[:n])
            out = f(carry, tree_unflatten(x_tree, args[n:]))
            if not isinstance(out, (tuple, list)) or len(out) != 2:
                raise MeshjitTypeError(f"scan body output must be a pair, got {_shown(out)}.")
            _key_carry("scan", carry, out[0])
            carry_leaves, trees["carry"] = tree_flatten(out[0])
            y_leaves, trees["y"] = tree_flatten(out[1])
            return [*carry_leaves, *y_leaves]

        debug = _debug_info(
            "scan",
            f,
            lambda: (tree_unflatten(carry_tree, carry_avals), tree_unflatten(x_tree, slice_avals)),
        )
        with fresh_scopes():
            closed, _ = trace_flat(flat, [*carry_avals, *slice_avals], debug=debug)
        _check_carry_tree("scan body", carry_tree, trees["carry"], f)
        return closed, closed.out_avals[: len(carry_avals)], trees["y"]

    return trace_fn


def _shown(out) -> str:
    """A body's output as JAX names it: an array by its type (float32[]), else its type."""
    if isinstance(out, (tuple, list)) and all(hasattr(o, "shape") for o in out):  # the avals
        shown = ", ".join(repr(aval_of(o)) for o in out)
        return f"({shown}{',' if len(out) == 1 else ''})" if type(out) is tuple else f"[{shown}]"
    if isinstance(out, (tuple, list)) or not hasattr(out, "shape"):
        return type(out).__name__
    aval = aval_of(out)
    weak = "~" if aval.weak_type else ""  # JAX's str of a weakly typed aval
    return f"{weak}{aval.dtype.name}[{','.join(str(d) for d in aval.shape)}]"  # (map: lax.map)


def _scan_length(x_avals, length) -> int:
    for a in x_avals:
        if a.ndim == 0:  # JAX: a ValueError for Python scalars, an IndexError for 0-d arrays
            raise MeshjitIndexError(
                "tuple index out of range: scan got value with no leading axis to scan over: "
                f"{a.str_short()}; scan xs must be arrays with a leading axis"
            )
    # JAX's checks in its order and its sentences alone (programs print them)
    check_xs_unsharded(x_avals)
    lengths = [a.shape[0] for a in x_avals]
    if length is not None:
        if isinstance(length, (float, np.floating)):  # JAX takes int(length)
            length = int(length)
        require_concrete(
            length,
            "The `length` argument to `scan` expects a concrete `int` value. For scan-like "
            "iteration with a dynamic length, use `while_loop` or `fori_loop`.",
        )
        if not _is_static_int(length) and not is_symbolic_dim(length):
            raise MeshjitValueError(f"scan length must be an int, got {length!r}")
        length = int_or_symbolic(length)
        if any(n != length for n in lengths):
            raise MeshjitValueError(
                f"scan got `length` argument of {length} which disagrees with leading axis "
                f"sizes {lengths}."
            )
        return max_dim(length, 0)  # as JAX: a negative length runs none
    if len(set(lengths)) > 1:
        raise MeshjitValueError(
            "scan got values with different leading axis sizes: "
            f"{', '.join(str(n) for n in lengths)}."  # (`map` is lax.map here)
        )
    if not lengths:
        raise MeshjitValueError("scan got no values to scan over and `length` not provided.")
    return lengths[0]


def _unroll(unroll, length: int) -> int:
    if isinstance(unroll, (bool, np.bool_)):
        return max(length, 1) if unroll else 1
    if not _is_static_int(unroll) and not isinstance(unroll, Tracer):
        # JAX compares it with 0, then takes it as a trip count: Python's TypeErrors
        python = (
            f"'{type(unroll).__name__}' object cannot be interpreted as an integer"
            if isinstance(unroll, (float, np.floating))
            else f"'<' not supported between instances of '{type(unroll).__name__}' and 'int'"
        )
        raise MeshjitTypeError(
            f"{python}: `unroll` must be a `bool` or a non-negative `int`. (scan got "
            f"unroll={unroll!r})"
        )
    if not _is_static_int(unroll) or unroll < 0:
        raise MeshjitValueError(
            f"`unroll` must be a `bool` or a non-negative `int`. (scan got unroll={unroll!r})"
        )
    return max(int(unroll), 1)  # as JAX: 0 unrolls nothing, as 1


def map(f: Callable, xs, *, batch_size: int | None = None):
    """`f` applied to each slice of `xs` along the leading axis, the results stacked. With
    `batch_size`, a scan over batches of `f` vmapped, the remainder vmapped after it (JAX's)."""
    if batch_size is None:
        return scan(lambda _, x: ((), f(x)), (), xs)[1]
    from meshjit.compiler.batching.api import vmap  # batching/ sits above lax/

    leaves, tree = tree_flatten(xs)
    length = aval_of(leaves[0]).shape[0]
    if batch_size == 0:  # JAX's: one full batch, a vmap
        return vmap(f)(xs)
    batches, rest = divmod(length, batch_size)
    # JAX's order of equations: each leaf's scanned block then its remainder, the scan, the
    # remainder's vmap, then each leaf's merge and concatenation
    size = batches * batch_size
    blocks, tails = [], []
    for x in leaves:
        if batches:
            blocks.append(_scan_block(x, batches, batch_size))
        if rest:
            tails.append(slicing.slice_in_dim(x, size, length, 1, 0))
    blocks, tails = blocks or None, tails or None
    if blocks is not None:
        ys = scan(lambda _, x: ((), vmap(f)(x)), (), tree_unflatten(tree, blocks))[1]
    if tails is None:
        return _tree_map(lambda y: _merge_leading(y, size), ys)
    tail_ys = vmap(f)(tree_unflatten(tree, tails))
    if blocks is None:
        return tail_ys
    return _tree_map(lambda a, b: shapes.concatenate([_merge_leading(a, size), b], 0), ys, tail_ys)


def _scan_block(x, batches: int, batch_size: int):
    check_map_leaf_unsharded(aval_of(x))
    cut = slicing.slice_in_dim(x, 0, batches * batch_size, 1, 0)
    return shapes.reshape(cut, (batches, batch_size, *aval_of(x).shape[1:]))


def _merge_leading(y, size):
    rest = aval_of(y).shape[2:]
    if 0 in rest:  # JAX's y.reshape(-1, *rest): its size % 0
        raise MeshjitZeroDivisionError(
            f"lax.map with batch_size: the batched outputs {aval_of(y).str_short()} reshape to "
            f"(-1, *{rest}), and the -1 is undetermined beside a zero-size axis"
        )
    return shapes.reshape(y, (size, *rest))


def _tree_map(fn, *trees):
    flat = [tree_flatten(t) for t in trees]
    return tree_unflatten(flat[0][1], [fn(*leaves) for leaves in zip(*(f[0] for f in flat))])


@abstract_eval_rules.register(scan_p)
def _scan_rule(*args, jaxpr, num_consts, num_carry, length, reverse, unroll):
    consts, carry = args[:num_consts], args[num_consts : num_consts + num_carry]
    xs = args[num_consts + num_carry :]
    for x in xs:
        if x.ndim == 0 or x.shape[0] != length:
            raise MeshjitTypeError(f"scan of length {length} got xs of type {x.str_short()}")
    slices = [x.update(shape=x.shape[1:]) for x in xs]
    _check_args("scan body", jaxpr.in_avals, [*consts, *carry, *slices])
    body_carry, ys = jaxpr.out_avals[:num_carry], jaxpr.out_avals[num_carry:]
    _check_carry("scan body", carry, body_carry)
    stacked = [y.update(shape=(length, *y.shape)) for y in ys]
    return _carry_out_avals(carry, body_carry) + stacked


def _scan_lowering(ctx, *args, jaxpr, num_consts, num_carry, length, reverse, unroll):
    """A while over `(i, consts, carry, xs, ys)` running `unroll` steps per trip; the steps
    left over (all of them when `unroll >= length`) are emitted after it, straight-line."""
    mctx = ctx.module_ctx
    if any(is_token_aval(a) for a in ctx.avals_out[num_carry:]):  # (JAX cannot lower it either)
        raise MeshjitTypeError(
            "a scan body's outputs (ys) are stacked, and a token (Tok) cannot be: carry it"
        )
    step = _ScanStep(ctx, jaxpr, num_consts, num_carry, length, reverse)
    # JAX's ys start as `broadcast(empty2())`, a broadcast_in_dim of a scalar
    with mctx.location("broadcast_in_dim", ctx.source):
        ys_init = [_zeros(ctx, a) for a in ctx.avals_out[num_carry:]]
    vals = [mctx.scalar_constant(0, dtypes.int32), *args, *ys_init]
    if is_symbolic_dim(length):  # shape polymorphism: a loop of `length` steps, not unrolled
        vals = _scan_loop(step, vals, length, 1)
        first, num_ys = 1 + num_consts, len(ys_init)
        return vals[first : first + num_carry] + vals[len(vals) - num_ys :]
    trips = length // unroll if unroll < length else 0
    if trips:
        vals = _scan_loop(step, vals, trips * unroll, unroll)
    for _ in range(length - trips * unroll):
        vals = step.emit(vals, "")
    first, num_ys = 1 + num_consts, len(ys_init)
    return vals[first : first + num_carry] + vals[len(vals) - num_ys :]


def _scan_loop(step: _ScanStep, operands: list, bound: int, unroll: int) -> list:
    """The loop named as JAX's (whose scan lowers to a while_loop): `scan/while`, its
    `while/cond/lt` and `while/body/add` counting steps."""
    mctx, source = step.ctx.module_ctx, step.ctx.source
    token = current_token(mctx) if mctx.threads_token(step.jaxpr) else None
    nt = 0 if token is None else 1  # with ordered effects in the body, the token first
    operands = operands if token is None else [token, *operands]
    types = [v.type for v in operands]
    with mctx.location("while", source):
        op = emit("stablehlo.while", types, operands, regions=2)
        cond_block = op.regions[0].blocks.append(*types)
        with ir.InsertionPoint(cond_block):
            limit = _int32_dim(mctx, bound)
            with mctx.location("while/cond/lt", source):
                pred = _compare(cond_block.arguments[nt], limit, "LT")
            tag_results(source.metadata, [pred])  # (JAX's loop is traced in the context)
            emit("stablehlo.return", [], [pred])
        body_block = op.regions[1].blocks.append(*types)
        with ir.InsertionPoint(body_block):
            vals = list(body_block.arguments)
            with token_scope(mctx, vals[0] if nt else None):
                vals = vals[nt:]
                for _ in range(unroll):
                    vals = step.emit(vals, "while/body/")
                emit("stablehlo.return", [], _with_token(mctx, token, vals))
    return _after_token(mctx, token, list(op.results))


class _ScanStep:
    """One iteration of a lowered scan: slice xs at i, run the body, write ys at i."""

    __slots__ = ("ctx", "jaxpr", "length", "num_carry", "num_consts", "reverse")

    def __init__(self, ctx, jaxpr, num_consts, num_carry, length, reverse):
        self.ctx, self.jaxpr, self.length, self.reverse = ctx, jaxpr, length, reverse
        self.num_consts, self.num_carry = num_consts, num_carry

    def emit(self, vals: list, names: str) -> list:
        """One step after `vals` (its counter first); the step's own ops are named within
        `names` ("while/body/" in the loop), the body's afresh and the slicing as JAX's
        `dynamic_index_in_dim` and `dynamic_update_index_in_dim` name theirs."""
        mctx, source = self.ctx.module_ctx, self.ctx.source
        i, vals = vals[0], vals[1:]
        nc, ncarry = self.num_consts, self.num_carry
        num_ys = len(self.jaxpr.out_avals) - ncarry
        consts, carry = vals[:nc], vals[nc : nc + ncarry]
        xs, ys = vals[nc + ncarry : len(vals) - num_ys], vals[len(vals) - num_ys :]
        index = i
        if self.reverse:
            last = _int32_dim(mctx, self.length - 1)
            with mctx.location(f"{names}sub", source):
                index = hlo.SubtractOp(last, i).result
        slices = [self._slice(x, index, aval) for x, aval in zip(xs, self._slice_avals())]
        with mctx.body_names(""):
            outs = jaxpr_subcomp(mctx, self.jaxpr.jaxpr, [], [*consts, *carry, *slices])
        new_carry, new_ys = outs[:ncarry], outs[ncarry:]
        y_avals = self.jaxpr.out_avals[ncarry:]
        written = [self._update(buf, y, index, a) for buf, y, a in zip(ys, new_ys, y_avals)]
        one = mctx.scalar_constant(1, dtypes.int32)
        with mctx.location(f"{names}add", source):
            next_i = hlo.AddOp(i, one).result
        tag_results(source.metadata, [next_i])
        return [next_i, *consts, *new_carry, *xs, *written]

    def _slice_avals(self):
        return self.jaxpr.in_avals[self.num_consts + self.num_carry :]

    def _starts(self, index, ndim: int) -> list:
        if not ndim:
            return [index]
        return [index] + [self.ctx.module_ctx.scalar_constant(0, dtypes.int32)] * ndim

    def _slice(self, x, index, aval: ShapedArray):
        mctx = self.ctx.module_ctx
        starts = self._starts(index, aval.ndim)
        with mctx.full_location("dynamic_slice", self.ctx.source):
            if dims_lowering.is_static(aval.shape):
                piece = hlo.DynamicSliceOp(x, starts, [1, *aval.shape]).result
            else:  # symbolic row sizes (shape polymorphism)
                row = self.ctx.tensor_type(ShapedArray((1, *aval.shape), aval.dtype))
                piece = dims_lowering.sized_slice(mctx, x, row, starts, (1, *aval.shape))
        with mctx.full_location("squeeze", self.ctx.source):
            return dims_lowering.reshape(mctx, piece, self.ctx.tensor_type(aval), aval.shape)

    def _update(self, buf, y, index, aval: ShapedArray):
        mctx = self.ctx.module_ctx
        shape = ir.RankedTensorType(y.type).shape
        row_aval = ShapedArray((1, *aval.shape), aval.dtype)
        row_type = self.ctx.tensor_type(row_aval)
        with mctx.full_location("broadcast_in_dim", self.ctx.source):
            row = dims_lowering.reshape(mctx, y, row_type, row_aval.shape)
        starts = self._starts(index, len(shape))
        with mctx.full_location("dynamic_update_slice", self.ctx.source):
            return hlo.DynamicUpdateSliceOp(buf, row, starts).result


def _zeros(ctx: LoweringRuleContext, aval: ShapedArray) -> ir.Value:
    zero = ctx.module_ctx.scalar_constant(0, aval.dtype)
    return dims_lowering.broadcast(ctx.module_ctx, zero, ctx.tensor_type(aval), aval.shape, [])


def _int32_dim(mctx, d) -> ir.Value:
    """A loop bound or index: an int32 constant, or a symbolic dimension's value as int32."""
    if not is_symbolic_dim(d):
        return mctx.scalar_constant(d, dtypes.int32)
    value = dims_lowering.eval_dim(mctx, d)
    i32 = mctx.types.tensor((), dtypes.int32)
    return value if value.type == i32 else hlo.ConvertOp(i32, value).result


def _compare(x, y, direction: str) -> ir.Value:
    return hlo.CompareOp(
        x,
        y,
        hlo.ComparisonDirectionAttr.get(direction),
        compare_type=hlo.ComparisonTypeAttr.get("SIGNED"),
    ).result


lowering_rules.register(scan_p, _scan_lowering)


# ---------------------------------------------------------------------------------------------
# ---------------------------------------------------------------------------------------------
# cond: jvp and transpose.


def _merged(funs, avals):
    """Traces each fun (a body made by a rule) over `avals`; returns (shared consts,
    closure-converted jaxprs)."""
    with plain_names():
        return _merge_consts([trace_to_jaxpr(f, avals) for f in funs])


@jvp_rules.register(cond_p)
def _cond_jvp(primals, tangents, *, branches):
    from meshjit.compiler.ad.transform import linearize_jaxpr  # ad/ sits above lax/

    index, *args = primals
    nonzeros = [t is not None for t in tangents[1:]]
    ts = [t for t in tangents[1:] if t is not None]
    t_avals = [aval_of(t) for t in ts]
    with plain_names():  # a body's ops keep their names, as JAX's
        lins = [linearize_jaxpr(b, nonzeros, t_avals) for b in branches]
    n = len(branches[0].out_avals)
    res_avals, slots = _merged_residuals([lin.res_avals for lin in lins])

    def forward(i):
        def fun(*xs):
            outs = eval_closed(lins[i].fwd, xs)
            res = [shapes.empty(a) for a in res_avals]  # filled where branch i has its own
            for slot, r in zip(slots[i], outs[n:]):
                res[slot] = r
            return outs[:n] + res

        return fun

    consts, fwd = _merged([forward(i) for i in range(len(lins))], branches[0].in_avals)
    outs = cond_p.bind(index, *consts, *args, branches=tuple(fwd))

    def linear(i):
        def fun(*xs):
            res = [xs[slot] for slot in slots[i]]
            return eval_closed(lins[i].lin, [*res, *xs[len(res_avals) :]])

        return fun

    consts, lin = _merged([linear(i) for i in range(len(lins))], res_avals + t_avals)
    touts = cond_p.bind(index, *consts, *outs[n:], *ts, branches=tuple(lin))
    return outs[:n], touts


def _merged_residuals(branch_res_avals):
    """As JAX's _merge_branch_residuals: branches share residual slots, the k-th residual of a
    type in each branch taking the k-th slot of that type (slots in order of first use).
    Returns (the slots' types, per branch the slot of each of its residuals)."""
    index: dict = {}
    slots = []
    for avals in branch_res_avals:
        seen: dict = {}
        mine = []
        for a in avals:
            key = (a, seen.get(a, 0))
            seen[a] = key[1] + 1
            mine.append(index.setdefault(key, len(index)))
        slots.append(mine)
    return [a for a, _ in index], slots


@transpose_rules.register(cond_p)
def _cond_transpose(cts, index, *args, branches):
    from meshjit.compiler.ad.transform import transpose_jaxpr  # ad/ sits above lax/

    linear = [is_undefined(a) for a in args]
    ct_avals = [None if ct is None else aval_of(ct) for ct in cts]
    with plain_names():
        consts, bwd = _merge_consts([transpose_jaxpr(b, linear, ct_avals) for b in branches])
    known = [a for a in args if not is_undefined(a)]
    given = [ct for ct in cts if ct is not None]
    outs = iter(cond_p.bind(index, *consts, *known, *given, branches=tuple(bwd)))
    return [None] + [next(outs) if lin else None for lin in linear]


# ---------------------------------------------------------------------------------------------
# while_loop jvp: the carry grows a tangent per nonzero carry; the predicate reads the primals.


def _carry_fixed_point(body, nonzeros, nconsts, ncarry):
    """Which carries have nonzero tangents once the body has run any number of times."""
    from meshjit.compiler.ad.transform import jvp_nonzeros  # ad/ sits above lax/

    carry = list(nonzeros[nconsts : nconsts + ncarry])
    while True:
        pattern = nonzeros[:nconsts] + carry + nonzeros[nconsts + ncarry :]
        out = jvp_nonzeros(body, pattern)[:ncarry]
        grown = [a or b for a, b in zip(carry, out)]
        if grown == carry:
            return carry
        carry = grown


@jvp_rules.register(while_p)
def _while_jvp(primals, tangents, *, cond_jaxpr, body_jaxpr, cond_nconsts, body_nconsts):
    from meshjit.compiler.ad.transform import jvp_eval  # ad/ sits above lax/

    cond_consts = primals[:cond_nconsts]
    rest, t_rest = primals[cond_nconsts:], tangents[cond_nconsts:]
    ncarry = len(rest) - body_nconsts
    nonzeros = [t is not None for t in t_rest]
    carry_nz = _carry_fixed_point(body_jaxpr, nonzeros, body_nconsts, ncarry)
    if not any(carry_nz):  # the tangents reach no carry (say, only dead code): no loop over them
        outs = while_p.bind(
            *primals, cond_jaxpr=cond_jaxpr, body_jaxpr=body_jaxpr,
            cond_nconsts=cond_nconsts, body_nconsts=body_nconsts,
        )  # fmt: skip
        return outs, [None] * ncarry
    consts_nz = nonzeros[:body_nconsts]
    carry, t_consts = rest[body_nconsts:], [t for t in t_rest[:body_nconsts] if t is not None]
    t_carry = [
        instantiate(t, aval_of(c)) for t, c, nz in zip(t_rest[body_nconsts:], carry, carry_nz) if nz
    ]
    n_tc = len(t_consts)

    def body(*xs):
        consts, tcs = xs[:body_nconsts], iter(xs[body_nconsts : body_nconsts + n_tc])
        c = xs[body_nconsts + n_tc : body_nconsts + n_tc + ncarry]
        tc = iter(xs[body_nconsts + n_tc + ncarry :])
        ts = [next(tcs) if nz else None for nz in consts_nz]
        ts += [next(tc) if nz else None for nz in carry_nz]
        outs, touts = jvp_eval(body_jaxpr.jaxpr, body_jaxpr.consts, [*consts, *c], ts)
        return outs + [instantiate(t, aval_of(o)) for t, o, nz in zip(touts, outs, carry_nz) if nz]

    avals = [aval_of(x) for x in (*rest[:body_nconsts], *t_consts, *carry, *t_carry)]
    b_consts, (body_j,) = _merged([body], avals)

    def cond(*xs):
        return eval_closed(cond_jaxpr, [*xs[:cond_nconsts], *xs[cond_nconsts:][:ncarry]])

    c_avals = [aval_of(x) for x in (*cond_consts, *carry, *t_carry)]
    c_consts, (cond_j,) = _merged([cond], c_avals)
    outs = while_p.bind(
        *c_consts, *cond_consts, *b_consts, *rest[:body_nconsts], *t_consts, *carry, *t_carry,
        cond_jaxpr=cond_j, body_jaxpr=body_j,
        cond_nconsts=len(c_consts) + cond_nconsts,
        body_nconsts=len(b_consts) + body_nconsts + n_tc,
    )  # fmt: skip
    it = iter(outs[ncarry:])
    return outs[:ncarry], [next(it) if nz else None for nz in carry_nz]


# ---------------------------------------------------------------------------------------------
# scan: jvp and transpose.


@jvp_rules.register(scan_p)
def _scan_jvp(primals, tangents, *, jaxpr, num_consts, num_carry, **params):
    from meshjit.compiler.ad.transform import linearize_jaxpr  # ad/ sits above lax/

    nc, nk = num_consts, num_carry
    nonzeros = [t is not None for t in tangents]
    carry_nz = _carry_fixed_point(jaxpr, nonzeros, nc, nk)
    nonzeros = nonzeros[:nc] + carry_nz + nonzeros[nc + nk :]
    ts = [instantiate(t, aval_of(p)) for t, p, nz in zip(tangents, primals, nonzeros) if nz]
    t_avals = [a for a, nz in zip(jaxpr.in_avals, nonzeros) if nz]
    try:
        with plain_names():
            lin = linearize_jaxpr(jaxpr, nonzeros, t_avals)
    except ReverseModeError:  # a body whose primals need its tangents: one scan of both
        return _scan_jvp_joint(primals, tangents, nonzeros, jaxpr, nc, nk, params)
    fwd_consts, (fwd,) = _merge_consts([lin.fwd])
    n_out = len(jaxpr.out_avals)
    operands = [*fwd_consts, *primals]
    fwd, forwarded = _forward_residuals(fwd, n_out, operands, len(fwd_consts) + nc, nk)
    outs = scan_p.bind(
        *fwd_consts,
        *primals,
        jaxpr=fwd,
        num_consts=len(fwd_consts) + nc,
        num_carry=nk,
        **params,
    )
    stacked = iter(outs[n_out:])
    res = [next(stacked) if f is None else f.value for f in forwarded]
    loop_invariant = [f is not None and not f.stacked for f in forwarded]
    const_res = [r for r, inv in zip(res, loop_invariant) if inv]
    xs_res = [r for r, inv in zip(res, loop_invariant) if not inv]
    n_tconsts, n_tcarry = sum(nonzeros[:nc]), sum(carry_nz)
    n_cres = len(const_res)

    def body(*xs):
        # scan order: (loop-invariant residuals, tangent consts, tangent carry, residuals,
        # tangent xs)
        c_res, xs = iter(xs[:n_cres]), xs[n_cres:]
        t_consts, t_carry = xs[:n_tconsts], xs[n_tconsts : n_tconsts + n_tcarry]
        rest = xs[n_tconsts + n_tcarry :]
        x_res, t_xs = iter(rest[: lin.num_res - n_cres]), rest[lin.num_res - n_cres :]
        r = [next(c_res) if inv else next(x_res) for inv in loop_invariant]
        touts = eval_closed(lin.lin, [*r, *t_consts, *t_carry, *t_xs])
        carry_t = [t for t, nz in zip(touts[:nk], carry_nz) if nz]
        return carry_t + touts[nk:]

    n_lead = n_tconsts + n_tcarry
    res_avals = list(lin.res_avals)
    c_avals = [a for a, inv in zip(res_avals, loop_invariant) if inv]
    x_avals = [a for a, inv in zip(res_avals, loop_invariant) if not inv]
    avals = c_avals + t_avals[:n_lead] + x_avals + t_avals[n_lead:]
    l_consts, (lin_body,) = _merged([body], avals)
    touts = scan_p.bind(
        *l_consts,
        *const_res,
        *ts[: n_tconsts + n_tcarry],
        *xs_res,
        *ts[n_tconsts + n_tcarry :],
        jaxpr=lin_body,
        num_consts=len(l_consts) + n_cres + n_tconsts,
        num_carry=n_tcarry,
        **params,
    )
    it = iter(touts[:n_tcarry])
    return outs[:n_out], [next(it) if nz else None for nz in carry_nz] + touts[n_tcarry:]


def _scan_jvp_joint(primals, tangents, nonzeros, jaxpr, nc, nk, params):
    """The jvp as one scan carrying primals and tangents together, as JAX's scan jvp: for a
    body whose primal outputs depend on its tangents (a while_loop's jvp inside), which no
    linearization separates. Reverse mode of it fails on the while, as JAX's."""
    from meshjit.compiler.ad.transform import jvp_eval, jvp_nonzeros  # ad/ sits above lax/

    groups = (slice(0, nc), slice(nc, nc + nk), slice(nc + nk, len(primals)))
    ys_nz = jvp_nonzeros(jaxpr, nonzeros)[nk:]
    operands, avals, counts = [], [], []
    for g in groups:
        ps, nzs, in_avals = primals[g], nonzeros[g], jaxpr.in_avals[g]
        tz = [instantiate(t, aval_of(p)) for t, p, nz in zip(tangents[g], ps, nzs) if nz]
        operands += [*ps, *tz]
        avals += [*in_avals, *(a for a, nz in zip(in_avals, nzs) if nz)]
        counts.append((len(ps), len(tz)))

    def body(*xs):
        it, args, ts = iter(xs), [], []
        for (n, n_t), g in zip(counts, groups):
            args += [next(it) for _ in range(n)]
            t_it = iter([next(it) for _ in range(n_t)])
            ts += [next(t_it) if nz else None for nz in nonzeros[g]]
        outs, touts = jvp_eval(jaxpr.jaxpr, jaxpr.consts, args, ts)
        t_outs = [
            instantiate(t, aval_of(o))
            for t, o, nz in zip(touts, outs, [*nonzeros[nc : nc + nk], *ys_nz])
            if nz
        ]
        return [*outs[:nk], *t_outs[:n_tk], *outs[nk:], *t_outs[n_tk:]]

    n_tk = counts[1][1]
    b_consts, (body_j,) = _merge_consts([trace_to_jaxpr(body, avals)])
    outs = scan_p.bind(
        *b_consts,
        *operands,
        jaxpr=body_j,
        num_consts=len(b_consts) + sum(counts[0]),
        num_carry=sum(counts[1]),
        **params,
    )
    carry, t_carry, rest = outs[:nk], iter(outs[nk : nk + n_tk]), outs[nk + n_tk :]
    ys, t_ys = rest[: len(ys_nz)], iter(rest[len(ys_nz) :])
    t_out = [next(t_carry) if nz else None for nz in nonzeros[nc : nc + nk]]
    t_out += [next(t_ys) if nz else None for nz in ys_nz]
    return [*carry, *ys], t_out


class _Forwarded:
    """A residual of a scan's linearization that is one of the scan's own operands (JAX's
    forwarding): a loop-invariant const, or a scanned xs (`stacked`), passed to the tangent scan
    as it is rather than saved as a stacked output (a copy per iteration)."""

    __slots__ = ("value", "stacked")

    def __init__(self, value, stacked: bool):
        self.value, self.stacked = value, stacked


def _forward_residuals(fwd: ClosedJaxpr, n_out: int, operands: list, n_consts: int, n_carry: int):
    """`fwd` without the residual outputs that are its consts or xs inputs (`operands`, in its
    invars' order), and per residual its _Forwarded operand (None: still an output)."""
    j = fwd.jaxpr
    position = {id(v): i for i, v in enumerate(j.invars)}
    forwarded, kept = [], []
    for v in j.outvars[n_out:]:
        i = position.get(id(v), -1) if type(v) is Var else -1
        if 0 <= i < n_consts or i >= n_consts + n_carry:
            forwarded.append(_Forwarded(operands[i], stacked=i >= n_consts))
        else:
            forwarded.append(None)
            kept.append(v)
    if len(kept) < len(j.outvars) - n_out:
        fwd = ClosedJaxpr(Jaxpr(j.constvars, j.invars, j.outvars[:n_out] + kept, j.eqns), [])
    return fwd, forwarded


@transpose_rules.register(scan_p)
def _scan_transpose(cts, *args, jaxpr, num_consts, num_carry, length, reverse, unroll):
    from meshjit.compiler.ad.transform import (  # ad/ sits above lax/
        backward_pass,
        instantiate_cts,
        vary_as,
    )

    nc, nk = num_consts, num_carry
    consts, carry, xs = args[:nc], args[nc : nc + nk], args[nc + nk :]
    # The carry of a linear scan is linear even where its initial value is a known zero.
    lin_consts = [is_undefined(c) for c in consts]
    lin_xs = [is_undefined(x) for x in xs]
    known_consts = [c for c in consts if not is_undefined(c)]
    known_xs = [x for x in xs if not is_undefined(x)]
    linear = lin_consts + [True] * nk + lin_xs
    out_avals = jaxpr.out_avals
    ct_carry = instantiate_cts(cts[:nk], [aval_of(c) for c in carry])
    # typed as the carry (a zero cotangent is an invariant constant): varying as it does
    ct_carry = [vary_as(ct, a) for ct, a in zip(ct_carry, jaxpr.in_avals[nc : nc + nk])]
    # the carry typed as its cotangent, as JAX's (a weak init's strong cotangent converts not)
    carry_avals = [
        a.update(weak_type=aval_of(ct).weak_type)
        for a, ct in zip(jaxpr.in_avals[nc : nc + nk], ct_carry)
    ]
    in_avals = [*jaxpr.in_avals[:nc], *carry_avals, *jaxpr.in_avals[nc + nk :]]
    acc_avals = [a for a, lin in zip(jaxpr.in_avals[:nc], lin_consts) if lin]
    n_acc, n_kc, n_kx = len(acc_avals), len(known_consts), len(known_xs)
    ys_nz = [ct is not None for ct in cts[nk:]]

    def body(*vals):
        # scan order: (known consts, [const ct accumulators, carry cts], [known xs, y cts]);
        # the body's transpose adds each const's cotangents to its accumulator as they come
        # (add_any), as JAX's transposed body does
        kc, acc = vals[:n_kc], iter(vals[n_kc : n_kc + n_acc])
        ct_carry = vals[n_kc + n_acc : n_kc + n_acc + nk]
        start = n_kc + n_acc + nk
        kx, given = vals[start : start + n_kx], iter(vals[start + n_kx :])
        ct_y = [next(given) if nz else None for nz in ys_nz]  # zero ones are no inputs (JAX's)
        known = iter([*kc, *kx])
        ins = [UndefinedPrimal(a) if lin else next(known) for a, lin in zip(in_avals, linear)]
        seeds = [next(acc) if lin else None for lin in lin_consts]
        cts = backward_pass(jaxpr.jaxpr, jaxpr.consts, ins, [*ct_carry, *ct_y], seeds)
        return [instantiate(ct, a) for ct, a, lin in zip(cts, in_avals, linear) if lin]

    x_avals = jaxpr.in_avals[nc + nk :]
    known_x_avals = [a for a, lin in zip(x_avals, lin_xs) if not lin]
    body_avals = [
        *(aval_of(c) for c in known_consts),
        *acc_avals,
        *carry_avals,
        *known_x_avals,
        *(a for a, nz in zip(out_avals[nk:], ys_nz) if nz),
    ]
    b_consts, (bwd_body,) = _merged([body], body_avals)
    stacked = [a.update(shape=(length, *a.shape)) for a in out_avals[nk:]]
    given = [(ct, a) for ct, a in zip(cts[nk:], stacked) if ct is not None]
    ct_ys = instantiate_cts([ct for ct, _ in given], [a for _, a in given])
    outs = scan_p.bind(
        *b_consts, *known_consts, *(zeros_like_aval(a) for a in acc_avals), *ct_carry,
        *known_xs, *ct_ys,
        jaxpr=bwd_body, num_consts=len(b_consts) + n_kc, num_carry=n_acc + nk, length=length,
        reverse=not reverse, unroll=unroll,
    )  # fmt: skip
    ct_consts, ct_init = iter(outs[:n_acc]), outs[n_acc : n_acc + nk]
    ct_xs = iter(outs[n_acc + nk :])
    return (
        [next(ct_consts) if lin else None for lin in lin_consts]
        + [ct if is_undefined(c) else None for ct, c in zip(ct_init, carry)]
        + [next(ct_xs) if lin else None for lin in lin_xs]
    )


# ---------------------------------------------------------------------------------------------
# Batching. Bodies are batched with their mapped operands' axes in front; loop carries are
# batched to a fixpoint (a carry becomes mapped once the body makes it so). A mapped predicate
# runs every branch and selects per example (cond), or runs until every example is done,
# keeping finished examples' carries (while). Bodies may hold collectives over the mapped axis,
# so the rules run even when nothing is mapped.

axis_rules.update((cond_p, while_p, scan_p))


@batching_rules.register(cond_p)
def _cond_batcher(args, dims, *, branches):
    (index, *ops), (d_index, *d_ops) = args, dims
    size = size_of(args, dims)
    if d_index is not None:
        return _cond_as_select(index, d_index, ops, d_ops, branches, size)
    in_batched = [d is not None for d in d_ops]
    out_batched = [False] * len(branches[0].out_avals)
    for _ in range(2):  # the second pass forces the outputs any branch maps
        with plain_names():
            batched = [batch_jaxpr(b, in_batched, out_batched) for b in branches]
        union = [any(bs) for bs in zip(*(b for _, b in batched))]
        if union == out_batched:
            break
        out_batched = union
    consts, new = _merge_consts([b for b, _ in batched])
    outs = cond_p.bind(index, *consts, *all_to_front(ops, d_ops), branches=tuple(new))
    return outs, [0 if b else None for b in out_batched]


def _cond_as_select(index, d_index, ops, d_ops, branches, size):
    """As JAX's: every branch runs on all operands (mapped in front), each on its own where the
    index picks it and on their stop_gradient elsewhere (no gradient flows through a branch
    not taken), and a select_n of the index picks each result."""
    if any(_is_ref(x) for x in ops):  # both branches would run their writes
        raise MeshjitNotImplementedError("State effect not supported in vmap-of-cond.")
    index = move_to_front(index, d_index, size)
    ops = [move_to_front(x, d, size) for x, d in zip(ops, d_ops)]
    per_branch = []
    for i, branch in enumerate(branches):
        taken = elementwise.eq(index, np.int32(i))
        guarded = [_bcast_select(taken, x, special.stop_gradient(x)) for x in ops]
        outs, odims = batch_closed(branch, guarded, [0] * len(ops))
        per_branch.append([move_to_front(o, d, size) for o, d in zip(outs, odims)])
    results = [_bcast_select_n(index, *cases) for cases in zip(*per_branch)]
    return results, [0] * len(results)


def _bcast_select(pred, on_true, on_false):
    return _bcast_select_n(pred, on_false, on_true)


def _bcast_select_n(which, *cases):
    shape = aval_of(cases[0]).shape
    if aval_of(which).ndim != len(shape):
        which = shapes.broadcast_in_dim(which, shape, tuple(range(aval_of(which).ndim)))
    return elementwise.select_n(which, *cases)


def _carry_fixpoint(body: ClosedJaxpr, const_batched, carry_batched, xs_batched=()):
    """Batches `body` (consts + carry [+ xs] -> carry + extra outputs) until the carry's mapped
    set is stable; returns the batched body, the carry's and the extra outputs' mapped flags."""
    n = len(carry_batched)
    for _ in range(n + 1):
        force = list(carry_batched) + [False] * (len(body.out_avals) - n)
        ins = [*const_batched, *carry_batched, *xs_batched]
        with plain_names():
            new, out_batched = batch_jaxpr(body, ins, force)
        if out_batched[:n] == list(carry_batched):
            return new, list(carry_batched), out_batched[n:]
        carry_batched = [a or b for a, b in zip(carry_batched, out_batched[:n])]
    raise AssertionError("the carry's mapped set did not settle")


@batching_rules.register(while_p)
def _while_batcher(args, dims, *, cond_jaxpr, body_jaxpr, cond_nconsts, body_nconsts):
    size = size_of(args, dims)
    nc = cond_nconsts + body_nconsts
    cc, bc, carry = args[:cond_nconsts], args[cond_nconsts:nc], args[nc:]
    dc, db, dcarry = dims[:cond_nconsts], dims[cond_nconsts:nc], dims[nc:]
    cc_b, bc_b = [d is not None for d in dc], [d is not None for d in db]
    body, carry_b, _ = _carry_fixpoint(body_jaxpr, bc_b, [d is not None for d in dcarry])
    with plain_names():
        cond, (pred_b,) = batch_jaxpr(cond_jaxpr, [*cc_b, *carry_b])
    if pred_b:
        return _while_masked(cc, dc, bc, db, carry, dcarry, cond_jaxpr, body_jaxpr, size)
    carry = [move_to_front(x, d, size) if b else x for x, d, b in zip(carry, dcarry, carry_b)]
    cond_consts, cond = _closure_convert(cond)
    body_consts, body = _closure_convert(body)
    outs = while_p.bind(
        *cond_consts, *all_to_front(cc, dc), *body_consts, *all_to_front(bc, db), *carry,
        cond_jaxpr=cond, body_jaxpr=body,
        cond_nconsts=len(cond_consts) + len(cc), body_nconsts=len(body_consts) + len(bc),
    )  # fmt: skip
    return outs, [0 if b else None for b in carry_b]


def _while_masked(cc, dc, bc, db, carry, dcarry, cond_jaxpr, body_jaxpr, size):
    """A mapped predicate: loop while any example goes on; finished ones keep their carry."""
    cc, bc = all_to_front(cc, dc), all_to_front(bc, db)
    cdims = [None if d is None else 0 for d in dc]
    bdims = [None if d is None else 0 for d in db]
    carry = [move_to_front(x, d, size) for x, d in zip(carry, dcarry)]
    n_cc, n_bc = len(cc), len(bc)

    def lanes(cvals, cstate):
        (pred,), (d,) = batch_closed(cond_jaxpr, [*cvals, *cstate], [*cdims, *[0] * len(cstate)])
        return move_to_front(pred, d, size)

    def cond_fun(*vals):
        pred = lanes(vals[:n_cc], vals[n_cc:])
        return [reductions.reduce_or(pred, (0,))]

    def body_fun(*vals):
        cvals, bvals, state = vals[:n_cc], vals[n_cc : n_cc + n_bc], vals[n_cc + n_bc :]
        pred = lanes(cvals, state)
        refs = [v for v, d in zip(bvals, bdims) if d is not None and _is_ref(v)]
        before = [_ref_get(r) for r in refs]
        outs, odims = batch_closed(body_jaxpr, [*bvals, *state], [*bdims, *[0] * len(state)])
        for ref, old in zip(refs, before):  # the writes of the examples still looping only
            _ref_set(ref, _in_lanes(pred, _ref_get(ref), old))
        new = [move_to_front(o, d, size) for o, d in zip(outs, odims)]
        return [_in_lanes(pred, o, old) for o, old in zip(new, state)]

    avals = lambda xs: [abstractify(x) for x in xs]  # noqa: E731
    with plain_names():
        cond = trace_to_jaxpr(cond_fun, avals([*cc, *carry]))
        body = trace_to_jaxpr(body_fun, avals([*cc, *bc, *carry]))
    cond_consts, cond = _closure_convert(cond)
    body_consts, body = _closure_convert(body)
    outs = while_p.bind(
        *cond_consts, *cc, *body_consts, *cc, *bc, *carry,
        cond_jaxpr=cond, body_jaxpr=body,
        cond_nconsts=len(cond_consts) + n_cc, body_nconsts=len(body_consts) + n_cc + n_bc,
    )  # fmt: skip
    return outs, [0] * len(outs)


def _is_ref(x) -> bool:
    """Whether `x` is a mutable array reference (its type holds the referenced array's)."""
    return hasattr(aval_of(x), "inner_aval")


def _ref_get(ref):
    from meshjit.compiler.state.primitives import get_p  # a later room

    return get_p.bind(ref, index=())


def _ref_set(ref, value) -> None:
    from meshjit.compiler.state.primitives import swap_p  # a later room

    swap_p.bind(ref, value, index=())


def _in_lanes(pred, new, old):
    """`new` in the examples where the mapped `pred` holds, else `old`."""
    return elementwise.select(shapes.broadcast_in_dim(pred, aval_of(new).shape, (0,)), new, old)


@batching_rules.register(scan_p)
def _scan_batcher(args, dims, *, jaxpr, num_consts, num_carry, length, reverse, unroll):
    size = size_of(args, dims)
    split = num_consts + num_carry
    consts, carry, xs = args[:num_consts], args[num_consts:split], args[split:]
    dconsts, dcarry, dxs = dims[:num_consts], dims[num_consts:split], dims[split:]
    consts_b = [d is not None for d in dconsts]
    xs_b = [d is not None for d in dxs]
    body, carry_b, ys_b = _carry_fixpoint(jaxpr, consts_b, [d is not None for d in dcarry], xs_b)
    carry = [move_to_front(x, d, size) if b else x for x, d, b in zip(carry, dcarry, carry_b)]
    xs = [x if d is None else moveaxis(x, d, 1) for x, d in zip(xs, dxs)]
    body_consts, body = _closure_convert(body)
    outs = scan_p.bind(
        *body_consts, *all_to_front(consts, dconsts), *carry, *xs,
        jaxpr=body, num_consts=len(body_consts) + num_consts, num_carry=num_carry,
        length=length, reverse=reverse, unroll=unroll,
    )  # fmt: skip
    out_dims = [0 if b else None for b in carry_b] + [1 if b else None for b in ys_b]
    return outs, out_dims


# ---------------------------------------------------------------------------------------------
# Sharding (explicit mode).

# cond and while: the branches' and the body's result types (their agreement, shardings
# included, is checked by the abstract eval).
sharding_rules.register(cond_p, keep)
sharding_rules.register(while_p, keep)


@sharding_rules.register(scan_p)
def _scan_sharding(out, *avals, jaxpr, num_consts, num_carry, length, reverse, unroll):
    """The carries' types are the body's; each stacked ys has an unsharded leading axis."""
    ys = jaxpr.out_avals[num_carry:]
    return [None] * num_carry + [(None, *spec_of(y)) for y in ys]


# ---------------------------------------------------------------------------------------------
# associative_scan: prefix combination in O(log n) steps (Blelloch's even/odd recursion).


def associative_scan(fn: Callable, elems, reverse: bool = False, axis: int = 0):
    """All prefix combinations `fn(...fn(fn(e0, e1), e2)..., ek)` of `elems` (a pytree of
    arrays sharing the length of `axis`), with `fn` associative; as JAX's."""
    if not callable(fn):
        raise MeshjitTypeError("lax.associative_scan: fn argument should be callable.")
    leaves, tree = tree_flatten(elems)
    axis = checks.canonical_axis(axis, aval_of(leaves[0]).ndim)
    if is_symbolic_dim(aval_of(leaves[0]).shape[axis]):  # JAX's words
        raise MeshjitNotImplementedError(
            f"associative scan over axis of non-constant size: {aval_of(leaves[0]).shape[axis]}"
            ". You may be able to avoid this on TPU. See b/274176030."
        )
    lengths = {aval_of(x).shape[axis] for x in leaves}
    if len(lengths) != 1:
        raise MeshjitValueError(
            "Array inputs to associative_scan must have the same first dimension. (saw: "
            f"{[aval_of(x).shape for x in leaves]})"
        )
    if reverse:
        leaves = [gather_scatter.rev(x, (axis,)) for x in leaves]

    def combine(a, b):
        out = fn(tree_unflatten(tree, a), tree_unflatten(tree, b))
        return tree_flatten(out)[0]

    out = _prefix(combine, leaves, axis)
    if reverse:
        out = [gather_scatter.rev(x, (axis,)) for x in out]
    return tree_unflatten(tree, out)


def _cut(x, start, stop, stride, axis):
    return slicing.slice_in_dim(x, start, stop, stride, axis)


def _prefix(combine, elems, axis):
    n = aval_of(elems[0]).shape[axis]
    if n < 2:
        return elems
    pairs = combine(
        [_cut(e, 0, n - 1, 2, axis) for e in elems], [_cut(e, 1, n, 2, axis) for e in elems]
    )
    odd = _prefix(combine, pairs, axis)  # the prefixes ending at odd positions
    m = aval_of(odd[0]).shape[axis]
    head = [_cut(o, 0, m - 1, 1, axis) for o in odd] if n % 2 == 0 else odd  # (JAX's order)
    even = combine(head, [_cut(e, 2, n, 2, axis) for e in elems])
    even = [shapes.concatenate([_cut(e, 0, 1, 1, axis), r], axis) for e, r in zip(elems, even)]
    return [_interleave(a, b, axis) for a, b in zip(even, odd)]


def _interleave(a, b, axis):
    """a[0], b[0], a[1], b[1], ... along `axis` (a is as long as b, or one longer)."""
    na, nb = aval_of(a).shape[axis], aval_of(b).shape[axis]
    ndim = aval_of(a).ndim
    a_pad, b_pad = [(0, 0, 0)] * ndim, [(0, 0, 0)] * ndim
    a_pad[axis] = (0, 1 if na == nb else 0, 1)
    b_pad[axis] = (1, 0 if na == nb else 1, 1)
    dtype = aval_of(a).dtype
    zero = np.zeros((), dtype)
    pa, pb = shapes.pad(a, zero, a_pad), shapes.pad(b, zero, b_pad)
    return elementwise.bitwise_or(pa, pb) if dtype == np.bool_ else elementwise.add(pa, pb)
