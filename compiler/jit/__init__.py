"""meshjit.compiler.jit."""
