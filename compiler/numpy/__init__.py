"""meshjit.compiler.numpy."""
