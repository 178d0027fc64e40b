"""meshjit.compiler.parallel."""
