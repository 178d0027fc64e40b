"""meshjit.compiler.ir."""
