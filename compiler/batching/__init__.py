"""meshjit.compiler.batching: vmap and the transforms built on it."""
