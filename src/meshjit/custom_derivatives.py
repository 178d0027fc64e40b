"""meshjit.custom_derivatives: functions with user-given derivative rules (as
`jax.custom_derivatives`)."""

from meshjit.compiler.ad.custom_derivatives import (
    CustomVJPPrimal,
    custom_gradient,
    custom_jvp,
    custom_jvp_call_p,
    custom_vjp,
    custom_vjp_call_p,
    custom_vjp_primal_tree_values,
)
from meshjit.compiler.ad.custom_derivatives import (
    closure_convert_api as closure_convert,
)
from meshjit.compiler.ad.linear_call import linear_call
from meshjit.compiler.lax.ad_util import SymbolicZero, zero_from_primal

__all__ = [
    "CustomVJPPrimal",
    "SymbolicZero",
    "closure_convert",
    "custom_gradient",
    "custom_jvp",
    "custom_jvp_call_p",
    "custom_vjp",
    "custom_vjp_call_p",
    "custom_vjp_primal_tree_values",
    "linear_call",
    "zero_from_primal",
]
