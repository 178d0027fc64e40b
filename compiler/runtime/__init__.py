"""meshjit.compiler.runtime."""
