"""meshjit.compiler.ad."""
