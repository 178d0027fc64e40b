"""Docstrings of the corpus not run, or expected to fail, under meshjit: each with its reason.

Skipped without a listing here (corpus.skip_reason): docstrings whose examples fail under JAX
0.10.2 itself when run this way (they use names their module's globals had, or print
platform-specific output), and docstrings whose every example is marked +SKIP.

SKIPS: the example depends on something meshjit does not model (a platform, device strings).
EXPECTED_FAILURES: meshjit deliberately differs or cannot support it yet; the CI test checks
that each still fails, so the list stays honest.
"""

SKIPS: dict[str, str] = {}

# JAX APIs meshjit does not provide (yet).
_MISSING = "not provided by meshjit yet: "
_MISSING_APIS = {
    "jax.nn.scaled_dot_general": _MISSING + "scaled (microscaling) dot products",
}

# Arguments and modes of functions meshjit has, not supported yet.
_PARTIAL = {
    "jax.numpy.load": "jnp.load of structured / void dtypes (|V2) is not supported",
}

# Deliberate differences from JAX.
_DIFFERENT = {
    "jax.tree_util.flatten_one_level": "the example imports JAX's private jax._src module",
}

EXPECTED_FAILURES: dict[str, str] = {**_MISSING_APIS, **_PARTIAL, **_DIFFERENT}
