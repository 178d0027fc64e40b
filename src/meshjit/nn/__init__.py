"""meshjit.nn: activation functions and friends (re-exported from meshjit.compiler.nn.functions,
whose __all__ lists them), dot_product_attention, and meshjit.nn.initializers."""

from meshjit.compiler.api_util import show_as_jitted as _show_as_jitted
from meshjit.compiler.nn import functions as _functions
from meshjit.compiler.nn.attention import dot_product_attention
from meshjit.compiler.nn.functions import *  # noqa: F403
from meshjit.compiler.nn.scaled_matmul import (
    get_scaled_dot_general_config,
    scaled_dot_general,
    scaled_matmul,
)
from meshjit.nn import initializers

__all__ = [
    "dot_product_attention",
    "get_scaled_dot_general_config",
    "initializers",
    "scaled_dot_general",
    "scaled_matmul",
    *_functions.__all__,
]

_show_as_jitted(globals(), "nn")  # printed as JAX's PjitFunctions
