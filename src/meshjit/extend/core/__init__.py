"""`jax.extend.core`: the IR types a custom jaxpr interpreter reads (as in JAX's "Writing custom
Jaxpr interpreters"): jaxprs, equations, variables, literals, primitives."""

from meshjit.compiler.ir.core import ClosedJaxpr, Jaxpr, JaxprTypeError, Literal, ShapedArray, Var
from meshjit.compiler.ir.core import Eqn as JaxprEqn
from meshjit.compiler.ir.core import param_jaxprs as jaxprs_in_params
from meshjit.compiler.ir.core import typecheck_jaxpr as check_jaxpr
from meshjit.compiler.ir.registry import Primitive
from meshjit.compiler.ir.tokens import AbstractToken, Token
from meshjit.compiler.trace.jaxprs import eval_closed
from meshjit.extend.core import primitives


def jaxpr_as_fun(closed_jaxpr: ClosedJaxpr):
    """The closed jaxpr as a function of its inputs, returning the list of its outputs."""
    return lambda *args: eval_closed(closed_jaxpr, args)


__all__ = [
    "AbstractToken",
    "Token",
    "ClosedJaxpr",
    "Jaxpr",
    "JaxprEqn",
    "JaxprTypeError",
    "Literal",
    "Primitive",
    "ShapedArray",
    "Var",
    "check_jaxpr",
    "jaxpr_as_fun",
    "jaxprs_in_params",
    "primitives",
]
