"""meshjit.experimental.random (as `jax.experimental.random`): a stateful, NumPy-like
generator over meshjit's keys."""

from meshjit.compiler.random.stateful_rng import StatefulPRNG, stateful_rng

__all__ = ["StatefulPRNG", "stateful_rng"]
