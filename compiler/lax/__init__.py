"""meshjit.compiler.lax."""
