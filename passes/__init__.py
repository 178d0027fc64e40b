"""meshjit.passes."""
