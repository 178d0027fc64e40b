"""meshjit.scipy: JAX's jax.scipy.special, jax.scipy.stats and jax.scipy.linalg over
meshjit.numpy and lax."""
