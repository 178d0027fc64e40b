"""`jax.core`: the abstract values and jaxpr evaluation public in JAX 0.10.2."""

from typing import Any

from meshjit.compiler.ir.core import Literal, ShapedArray, Var
from meshjit.compiler.ir.shape_poly import is_constant_dim, max_dim, min_dim
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
    "is_constant_dim",
    "max_dim",
    "min_dim",
]
