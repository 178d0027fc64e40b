"""meshjit.custom_derivatives: functions with user-given derivative rules (as
`jax.custom_derivatives`)."""

from meshjit.compiler.ad.custom_derivatives import (
    CustomVJPPrimal,
    SymbolicZero,
    custom_gradient,
    custom_jvp,
    custom_jvp_call_p,
    custom_vjp,
    custom_vjp_call_p,
    custom_vjp_primal_tree_values,
    zero_from_primal,
)
from meshjit.compiler.ad.custom_derivatives import (
    closure_convert_api as closure_convert,
)

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
    "zero_from_primal",
]
