"""meshjit.tools: the meshjit-lower and meshjit-opt command-line tools."""
