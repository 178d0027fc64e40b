"""meshjit.example_libraries: stax and optimizers, with jax.example_libraries' interfaces."""

from meshjit.example_libraries import optimizers, stax

__all__ = ["optimizers", "stax"]
