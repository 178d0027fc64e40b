"""meshjit.scipy: JAX's jax.scipy.special and jax.scipy.stats over meshjit.numpy and lax."""
