"""meshjit.custom_derivatives: functions with user-given derivative rules (as
`jax.custom_derivatives`)."""

from meshjit.compiler.ad.custom_derivatives import (
    closure_convert_api as closure_convert,
)
from meshjit.compiler.ad.custom_derivatives import (
    custom_gradient,
    custom_jvp,
    custom_jvp_call_p,
    custom_vjp,
    custom_vjp_call_p,
)

__all__ = [
    "closure_convert",
    "custom_gradient",
    "custom_jvp",
    "custom_jvp_call_p",
    "custom_vjp",
    "custom_vjp_call_p",
]
