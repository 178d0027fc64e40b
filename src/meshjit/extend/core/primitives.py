"""`jax.extend.core.primitives`: meshjit's primitives under JAX's names (`add_p`,
`dot_general_p`, ...), for interpreters that dispatch on them. A JAX primitive that meshjit
expresses through others (`top_k_p`, `igamma_p`, ...) is not here."""

from meshjit.compiler.ir.registry import abstract_eval_rules

# JAX 0.10.2's names whose primitive meshjit names otherwise; every other `X_p` is named X.
_RENAMED = {
    "add_jaxvals": "add_any",
    "linear_solve": "custom_linear_solve",
    "remat": "remat2",
    "scatter_add": "scatter-add",
    "scatter_max": "scatter-max",
    "scatter_min": "scatter-min",
    "scatter_mul": "scatter-mul",
}

# JAX 0.10.2's `jax.extend.core.primitives` that meshjit has (same meaning, same parameters'
# roles; a parameter may be spelled differently).
_NAMES = """abs acos acosh add all_gather all_to_all and argmax argmin asin asinh atan2 atan atanh
axis_index bessel_i0e bessel_i1e bitcast_convert_type broadcast_in_dim cbrt ceil cholesky clamp clz
complex concatenate cond conj conv_general_dilated convert_element_type cos cosh cummax cummin
cumprod cumsum custom_jvp_call custom_lin custom_vjp_call digamma div dot_general dynamic_slice
dynamic_update_slice eig eigh eq erf_inv erf erfc exp expm1 fft floor gather ge get gt hessenberg
householder_product imag integer_pow iota is_finite jit le lgamma log1p log logistic lt lu max min
mul name ne neg nextafter not or pad pmax pmin polygamma population_count pow ppermute psum qr real
reduce_and reduce_max reduce_min reduce_or reduce reduce_precision reduce_prod reduce_sum
reduce_window_max reduce_window_min reduce_window_sum reduce_xor rem reshape rev rng_bit_generator
round rsqrt scan scatter schur select_n sharding_constraint shift_left shift_right_arithmetic
shift_right_logical sign sin sinh slice sort sqrt square squeeze stop_gradient sub svd swap tan
tanh threefry2x32 transpose triangular_solve tridiagonal tridiagonal_solve while xor
zeta""".split()


def _primitives() -> dict:
    by_name = {prim.name: prim for prim in abstract_eval_rules}
    wanted = {name: name for name in _NAMES} | _RENAMED
    return {f"{jax}_p": by_name[mine] for jax, mine in wanted.items() if mine in by_name}


def __getattr__(name: str):
    # Looked up on first use: `import meshjit` registers some families after this module loads.
    table = _primitives()
    globals().update(table)
    if name == "__all__":
        return sorted(table)
    if name in table:
        return table[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(_primitives())
