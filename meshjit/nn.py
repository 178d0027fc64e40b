"""meshjit.nn: activation functions and friends (re-exported from meshjit.compiler.nn.functions)."""

from meshjit.compiler.nn.functions import *  # noqa: F401,F403
