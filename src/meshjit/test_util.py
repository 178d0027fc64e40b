"""meshjit.test_util: helpers for testing derivatives (JAX's jax.test_util)."""

from meshjit.compiler.ad.check_grads import check_grads, check_jvp, check_vjp

__all__ = ["check_grads", "check_jvp", "check_vjp"]
