"""meshjit.compiler.trace."""
