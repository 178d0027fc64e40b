"""meshjit.nn: activation functions and friends (re-exported from meshjit.compiler.nn)."""

from meshjit.compiler.nn import *  # noqa: F401,F403
