"""`jax.extend.core`: the IR types a custom jaxpr interpreter reads (as in JAX's "Writing custom
Jaxpr interpreters"): jaxprs, equations, variables, literals, primitives."""

from meshjit.compiler.errors import MeshjitValueError
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


no_effects = frozenset()  # the effects of a pure primitive (meshjit tracks none per equation)


def mapped_aval(size: int, axis, aval):
    """The aval of one example of `aval` mapped along `axis` (None: not mapped)."""
    if axis is None:
        return aval
    if aval.shape[axis] != size:
        raise MeshjitValueError(f"mapped axis {axis} of {aval.str_short()} is not of size {size}")
    return aval.update(shape=aval.shape[:axis] + aval.shape[axis + 1 :])


def unmapped_aval(size: int, axis, aval, explicit_mesh_axis=None):
    """The aval of `size` examples of `aval` stacked along `axis` (None: not mapped)."""
    if axis is None:
        return aval
    return aval.update(shape=aval.shape[:axis] + (size,) + aval.shape[axis:])


def primal_dtype_to_tangent_dtype(primal_dtype):
    """A primal's tangent dtype: float0 for integers and bools, else the same."""
    from meshjit.compiler.ad.api import float0
    from meshjit.compiler.ir import dtypes

    return primal_dtype if dtypes.is_inexact(primal_dtype) else float0


def valid_jaxtype(x) -> bool:
    """Whether `x` is a value meshjit computes with (an array, a scalar, a traced value)."""
    from meshjit.compiler.errors import MeshjitError
    from meshjit.compiler.trace.tracing import abstractify

    try:
        abstractify(x)
    except MeshjitError:
        return False
    return True


def concrete_or_error(force, val, context=""):
    """`force(val)` (or `val`, with `force` None), where `val` is known while tracing; JAX's
    ConcretizationTypeError for a traced value."""
    from meshjit.compiler.errors import ConcretizationError
    from meshjit.compiler.trace.tracing import Tracer

    if type(val) is Tracer:  # JAX's first words
        raise ConcretizationError(
            "Abstract tracer value encountered where concrete value is expected: traced array "
            f"with shape {val.aval.str_long()}\n{context}"
        )
    return val if force is None else force(val)


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
    "concrete_or_error",
    "jaxpr_as_fun",
    "jaxprs_in_params",
    "mapped_aval",
    "no_effects",
    "primal_dtype_to_tangent_dtype",
    "unmapped_aval",
    "valid_jaxtype",
    "primitives",
]
