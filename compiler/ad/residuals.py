"""`jax.ad_checkpoint.saved_residuals` / `print_saved_residuals`: the values reverse mode keeps
from the forward pass of `f` (what `checkpoint` policies trade against recomputation), each with
where it comes from: an argument, a constant, a literal, or the operation (and source line) that
made it."""

from __future__ import annotations

import inspect

from meshjit.compiler.ad.api import _trace_fun
from meshjit.compiler.ad.checkpoint import name_p, remat_p
from meshjit.compiler.ad.transform import linearize_jaxpr
from meshjit.compiler.ir.core import Literal
from meshjit.compiler.lax import ad_util
from meshjit.compiler.lax.reduce_precision import reduce_precision_p
from meshjit.compiler.trace.tracing import abstractify
from meshjit.compiler.tree_util import keystr, tree_flatten, tree_flatten_with_path

__all__ = ["print_saved_residuals", "saved_residuals"]


def saved_residuals(f, *args, **kwargs) -> list[tuple]:
    """[(aval, where it comes from)] for each residual of `f`'s linearization at `args`."""
    leaves, in_tree = tree_flatten((args, kwargs))
    avals = [abstractify(x) for x in leaves]
    traced = _trace_fun(lambda a, k: f(*a, **k), in_tree, avals, False, "saved_residuals")
    nonzeros = [ad_util.has_tangent(a) for a in avals]
    fwd = linearize_jaxpr(traced.closed, nonzeros).fwd.jaxpr
    residuals = fwd.outvars[len(traced.closed.jaxpr.outvars) :]
    return _in_jaxs_order(residuals, fwd, _argument_names(f, args, kwargs))


def _argument_names(f, args, kwargs) -> list[str]:
    """The flattened arguments' names as JAX gives them: the parameter's name, then the leaf's
    path in it (`params['w']`)."""
    try:
        bound = inspect.signature(f).bind(*args, **kwargs)
        named = list(bound.arguments.items())
    except (TypeError, ValueError):
        named = [(f"args[{i}]", a) for i, a in enumerate(args)] + list(kwargs.items())
    out = []
    for name, value in named:
        out += [name + keystr(path) for path, _ in tree_flatten_with_path(value)[0]]
    return out


def _in_jaxs_order(residuals, jaxpr, names) -> list[tuple]:
    """Literals, then constants, arguments and operations' outputs in the jaxpr's order."""
    # a reduce_precision of a saved value (checkpoint's) is looked through, as JAX's
    made_from = {
        id(e.outvars[0]): e.invars[0] for e in jaxpr.eqns if e.primitive is reduce_precision_p
    }
    residuals = [made_from.get(id(v), v) for v in residuals]
    wanted = {id(v) for v in residuals if not isinstance(v, Literal)}
    out = [(v.aval, "from a literal") for v in residuals if isinstance(v, Literal)]
    out += [(v.aval, "from a constant") for v in jaxpr.constvars if id(v) in wanted]
    for i, v in enumerate(jaxpr.invars):
        if id(v) in wanted:
            name = names[i] if i < len(names) else None
            where = (
                f"from the argument {name}"
                if name
                else (f"from the argument at flattened index {i}")
            )
            out.append((v.aval, where))
    for eqn in jaxpr.eqns:
        out += [(v.aval, _made_by(*_inside_remat(eqn, v))) for v in eqn.outvars if id(v) in wanted]
    return out


def _inside_remat(eqn, var):
    """The equation inside a `checkpoint` that makes its output `var` (JAX names the op within,
    not the remat), followed through nested remats; `eqn` itself when `var` passes through."""
    while eqn.primitive is remat_p:
        inner = eqn.params["jaxpr"].jaxpr
        inner_var = inner.outvars[eqn.outvars.index(var)]
        maker = next((e for e in inner.eqns if any(v is inner_var for v in e.outvars)), None)
        if maker is None:
            break
        eqn, var = maker, inner_var
    return (eqn,)


def _made_by(eqn) -> str:
    src = eqn.source
    # JAX's form: file:line:column (0-based column of the expression), then the function.
    where = f"{src.file}:{src.line}:{src.column - 1} ({src.function})" if src.column else str(src)
    if eqn.primitive is name_p:
        return f"named '{eqn.params['name']}' from {where}"
    if eqn.primitive.name == "jit":
        return f"output of jitted function '{eqn.params['name']}' from {where}"
    return f"output of {eqn.primitive.name} from {where}"


def print_saved_residuals(f, *args, **kwargs) -> None:
    for aval, origin in saved_residuals(f, *args, **kwargs):
        print(f"{aval.str_short()} {origin}")
