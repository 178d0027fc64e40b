"""meshjit.example_libraries: JAX's small neural-network (stax) and optimizer libraries, with
JAX's interfaces, so programs written against jax.example_libraries run on meshjit."""
