"""meshjit.compiler.nn."""
