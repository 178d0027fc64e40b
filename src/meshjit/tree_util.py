"""meshjit.tree_util (re-exported from meshjit.compiler.tree_util)."""

from meshjit.compiler.tree_util import *  # noqa: F401,F403
