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
    "jax.ds": _MISSING + "jax.ds (dynamic slice objects for indexing)",
    "jax.freeze": _MISSING + "mutable array refs (jax.new_ref / freeze)",
    "jax.fwd_and_bwd": _MISSING + "jax.fwd_and_bwd",
    "jax.lax.DotAlgorithm": _MISSING + "lax.DotAlgorithm (dot algorithm selection)",
    "jax.lax.DotAlgorithmPreset": _MISSING + "lax.DotAlgorithmPreset",
    "jax.lax.linalg.ormqr": _MISSING + "the meshjit.lax.linalg module path and ormqr",
    "jax.nn.scaled_dot_general": _MISSING + "scaled (microscaling) dot products",
    "jax.nn.scaled_matmul": _MISSING + "float8 dtypes and scaled matmul",
    "jax.scipy.linalg.eigh_tridiagonal": _MISSING + "eigh_tridiagonal",
    "jax.scipy.linalg.expm_frechet": _MISSING + "expm_frechet",
    "jax.scipy.linalg.funm": _MISSING + "funm (needs the Schur decomposition)",
    "jax.scipy.linalg.hessenberg": _MISSING + "hessenberg (LAPACK gehrd)",
    "jax.scipy.linalg.rsf2csf": _MISSING + "schur / rsf2csf (LAPACK gees)",
    "jax.scipy.linalg.schur": _MISSING + "schur (LAPACK gees)",
    "jax.scipy.linalg.solve_sylvester": _MISSING + "solve_sylvester (needs schur)",
    "jax.scipy.linalg.sqrtm": _MISSING + "sqrtm (needs the complex Schur decomposition)",
    "jax.scipy.interpolate.RegularGridInterpolator": _MISSING + "scipy.interpolate",
    "jax.scipy.cluster.vq.vq": _MISSING + "scipy.cluster",
    "jax.scipy.spatial.transform.Rotation": _MISSING + "scipy.spatial.transform",
}

# Arguments and modes of functions meshjit has, not supported yet.
_PARTIAL = {
    "jax.numpy.c_": "r_ / c_ string directives ('0,2') are not supported",
    "jax.numpy.r_": "r_ / c_ string directives ('0,2') are not supported",
    "jax.numpy.load": "jnp.load of structured / void dtypes (|V2) is not supported",
    "jax.numpy.pad": "pad modes 'mean', 'maximum', 'minimum', 'median', 'linear_ramp' missing",
    "jax.numpy.quantile": "quantile(weights=..., method='inverted_cdf') is not supported",
    "jax.numpy.percentile": "percentile(weights=...) is not supported",
    "jax.numpy.nanquantile": "nanquantile(weights=...) is not supported",
    "jax.numpy.nanpercentile": "nanpercentile(weights=...) is not supported",
    "jax.numpy.unique": "unique(axis=...) (unique rows) is not supported",
    "jax.numpy.delete": "delete(assume_unique_indices=True) of traced indices under jit",
    "jax.numpy.union1d": "union1d(size=...) under jit: set operations need concrete inputs",
    "jax.numpy.setdiff1d": "setdiff1d(size=...) under jit: set operations need concrete inputs",
    "jax.numpy.linalg.eigh": "eigh of complex Hermitian matrices (raises NotImplementedError)",
    "jax.numpy.linalg.eigvalsh": "eigvalsh of complex Hermitian matrices (NotImplementedError)",
    "jax.pure_callback": "pure_callback(vmap_method='expand_dims') fails in the host callback",
}

# Deliberate differences from JAX.
_DIFFERENT = {
    "jax.Array.committed": (
        "meshjit does not model committed vs uncommitted placement: arrays on different "
        "devices are moved, not refused"
    ),
    "jax.disable_jit": "tracers print as meshjit's Tracer<i32[3]>, not JAX's JitTracer(int32[3])",
    "jax.tree_util.Partial": "tracers print as meshjit's Tracer<i32[]>, not JitTracer(~int32[])",
    "jax.tree_util.flatten_one_level": "the example imports JAX's private jax._src module",
    "jax.vmap": (
        "an unbatched output with out_axes=None comes back as an Array, where JAX returns the "
        "Python float that went in"
    ),
    "jax.checkpoint": "gradients are strongly typed, where JAX keeps a Python scalar's weak type",
    "jax.custom_gradient": "gradients are strongly typed, where JAX keeps the weak type",
    "jax.numpy.heaviside": "lax.full_like drops the weak type JAX keeps (heaviside's result)",
}

EXPECTED_FAILURES: dict[str, str] = {**_MISSING_APIS, **_PARTIAL, **_DIFFERENT}
