"""`jax.core`: the abstract values and jaxpr evaluation public in JAX 0.10.2, and its deprecated
names: those JAX 0.10.2 still provides warn a DeprecationWarning (its message) and return
jax.extend.core's; those it removed raise its AttributeError."""

import warnings as _warnings
from typing import Any

from meshjit.compiler.ir.core import Literal, ShapedArray, Var
from meshjit.compiler.ir.shape_poly import is_constant_dim as _is_constant_dim
from meshjit.compiler.ir.shape_poly import max_dim, min_dim
from meshjit.compiler.jit.api import ensure_compile_time_eval
from meshjit.compiler.trace.tracing import Trace, Tracer
from meshjit.extend.core import Primitive

# meshjit's abstract values are ShapedArrays (a token's and a ref's type derive from it).
AbstractValue = ShapedArray
Atom = Var | Literal  # what an equation reads
Value = Any
ParamDict = dict[str, Any]


def eval_jaxpr(jaxpr, consts, *args):
    """The outputs (a list) of `jaxpr` on `consts` and `args`."""
    from meshjit.compiler.ir.core import ClosedJaxpr
    from meshjit.compiler.trace.jaxprs import eval_closed

    return eval_closed(ClosedJaxpr(jaxpr, list(consts)), args)


# JAX 0.10.2's removed names -> the advice of its AttributeError.
_REMOVED = {
    "get_aval": "use jax.typeof instead.",
    "mapped_aval": "Use jax.extend.core.mapped_aval.",
    "unmapped_aval": "Use jax.extend.core.unmapped_aval.",
    "set_current_trace": "Use jax.extend.core.set_current_trace.",
    "take_current_trace": "Use jax.extend.core.take_current_trace.",
    "traverse_jaxpr_params": "",
    "TraceTag": "Use jax.extend.core.TraceTag.",
    "call_impl": "Use jax.extend.core.call_impl.",
    "subjaxprs": "Use jax.extend.core.subjaxprs.",
    "AbstractToken": "Use jax.extend.core.AbstractToken.",
}
# Deprecated names meshjit has -> where JAX's message sends the user (None: nowhere).
_DEPRECATED = {
    "JaxprTypeError": "jax.errors",
    "check_jaxpr": "jax.extend.core",
    "concrete_or_error": "jax.extend.core",
    "jaxprs_in_params": "jax.extend.core",
    "no_effects": "jax.extend.core",
    "primal_dtype_to_tangent_dtype": "jax.extend.core",
    "valid_jaxtype": "jax.extend.core",
    "is_constant_dim": None,
}


def _removed_message(name: str) -> str:
    advice = _REMOVED[name]
    where = "in JAX v0.10.0;" if name == "get_aval" else "in JAX v0.10.0."
    return f"jax.core.{name} was deprecated in JAX v0.8.2 and removed {where}" + (
        f" {advice}" if advice else ""
    )


def __getattr__(name: str):
    if name in _REMOVED:
        raise AttributeError(_removed_message(name))
    if name not in _DEPRECATED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    where = _DEPRECATED[name]
    advice = f" Use {where}.{name}." if where else ""
    _warnings.warn(f"jax.core.{name} is deprecated.{advice}", DeprecationWarning, stacklevel=2)
    if name == "is_constant_dim":
        return _is_constant_dim
    from meshjit.extend import core

    return getattr(core, name)


__all__ = [
    "AbstractValue",
    "Atom",
    "ParamDict",
    "Primitive",
    "ShapedArray",
    "Trace",
    "Tracer",
    "Value",
    "ensure_compile_time_eval",
    "eval_jaxpr",
    "max_dim",
    "min_dim",
]
