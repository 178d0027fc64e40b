"""meshjit.lax: JAX's lax names (re-exported from meshjit.compiler.lax)."""

from meshjit.compiler.lax import *  # noqa: F401,F403
