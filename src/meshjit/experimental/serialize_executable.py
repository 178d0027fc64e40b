"""meshjit.experimental.serialize_executable: JAX's `jax.experimental.serialize_executable`
(a Compiled as bytes and back, on the CPU client)."""

from meshjit.compiler.jit.serialize_executable import deserialize_and_load, serialize

__all__ = ["deserialize_and_load", "serialize"]
