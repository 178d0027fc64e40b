"""Programs run with x64 on, under JAX (in a subprocess, tests/support/jax_oracle.py) and under
meshjit: their results' dtypes, weak types and bits must agree.

The harness turns x64 on when it is loaded (in JAX's subprocess, and in meshjit's process,
where the tests' fixture turns it off again). Each case is an expression over `jax`, `jnp`,
`lax`, `random` and `np`; every leaf of its value is recorded with its weak type (an error,
by its class name)."""

HARNESS = r"""
jax.config.update("jax_enable_x64", True)

X = np.linspace(-2.0, 3.0, 12).reshape(3, 4)
M = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
B = np.array([1.0, 2.0, 3.0])
I32 = np.array([3, -1, 7, 2], np.int32)
T = [getattr(jnp, n) for n in ("bool_", "uint8", "uint16", "uint32", "uint64", "int8", "int16")]
T += [getattr(jnp, n) for n in ("int32", "int64", "bfloat16", "float16", "float32", "float64")]
T += [jnp.complex64, jnp.complex128]

def run_case(case, record):
    scope = {"jax": jax, "jnp": jnp, "lax": lax, "random": random, "np": np}
    try:
        out = eval(CASES[case], {**scope, "X": X, "M": M, "B": B, "I32": I32, "T": T})
    except Exception as e:
        record(f"{case}/error", np.array(type(e).__name__))
        return
    leaves = jax.tree_util.tree_leaves(out)
    for i, leaf in enumerate(leaves):
        if isinstance(leaf, str):
            record(f"{case}/{i}", np.array(leaf))
            continue
        record(f"{case}/{i}", leaf)
        record(f"{case}/{i}/weak", np.array(bool(getattr(leaf, "weak_type", False))))
"""

CASES = {
    # Creation: the default dtypes are 64-bit.
    "zeros": "jnp.zeros(3)",
    "ones_int": "jnp.ones(2, int)",
    "full": "jnp.full((2,), 3)",
    "full_float": "jnp.full((2,), 1.5)",
    "arange_int": "jnp.arange(5)",
    "arange_float": "jnp.arange(0.0, 1.0, 0.25)",
    "linspace": "jnp.linspace(0, 1, 7)",
    "eye": "jnp.eye(3)",
    "tri": "jnp.tri(3)",
    "array_float": "jnp.array(1.0)",
    "array_int": "jnp.array(1)",
    "array_list": "jnp.array([1.5, 2.5])",
    "array_np64": "jnp.array(X)",
    "array_np32": "jnp.asarray(np.ones(2, np.float32))",
    "array_big_int": "jnp.array(2**40)",
    "zeros_like": "jnp.zeros_like(jnp.arange(3))",
    "indices": "jnp.indices((2, 3))",
    "scalar_f64": "jnp.float64(1.0) / 3",
    "scalar_i64": "jnp.int64(2**40) + 1",
    "scalar_u64": "jnp.uint64(2**63) + jnp.uint64(5)",
    "scalar_c128": "jnp.complex128(1 + 2j) * 1j",
    "hamming": "jnp.hamming(5)",
    "fftfreq": "jnp.fft.fftfreq(6)",
    # Promotion with weak types.
    "f32_plus_float": "jnp.ones(3, jnp.float32) + 1.5",
    "i32_plus_int": "jnp.ones(3, jnp.int32) + 1",
    "int_plus_float": "jnp.arange(3) + 1.5",
    "i32_plus_u32": "I32 + np.uint32(1)",
    "f32_plus_i64": "jnp.ones(2, jnp.float32) + jnp.arange(2)",
    "weak_scalars": "jnp.asarray(1.0) * 2",
    "result_type": "str(jnp.result_type(1, 1.0)), str(jnp.promote_types(jnp.int32, jnp.uint32))",
    # JAX's type promotion table (its docs' "Type promotion semantics"), with x64 on.
    "promote_types": "' '.join(str(jnp.promote_types(a, b)) for a in T + [int, float, complex] for b in T + [int, float, complex])",
    "binary_op_types": "' '.join(str((jnp.ones((), a) * jnp.ones((), b)).dtype) for a in T for b in T)",
    "weak_op_types": "' '.join(repr(jnp.ones((), a) - s) for a in T for s in (1, 1.0, 1j) if a != jnp.bool_)",
    "astype_float": "jnp.arange(3).astype(float)",
    "astype_int": "jnp.linspace(0, 5, 4).astype(int)",
    "astype_complex": "jnp.arange(2).astype(complex)",
    "canonicalize": "str(jax.dtypes.canonicalize_dtype(np.float64)), str(jax.dtypes.canonicalize_dtype(np.int64))",
    "finfo": "jnp.array(jnp.finfo(jnp.float64).eps), jnp.array(jnp.finfo(float).tiny)",
    "iinfo": "jnp.array(jnp.iinfo(jnp.int64).max), jnp.asarray(np.uint64(jnp.iinfo(jnp.uint64).max))",
    "reprs": "repr(jnp.array(1.0)), repr(jnp.float64(2)), repr(jnp.arange(3)), repr(jnp.zeros(2))",
    "dtype_names": "str(jnp.float64(1).dtype), str(jnp.dtype(jnp.int64)), str(jnp.uint64(3).dtype)",
    # Math in double precision.
    "third": "jnp.array(1.0) / 3",
    "sqrt2": "jnp.sqrt(2.0)",
    "sin_exp": "jnp.sin(X) * jnp.exp(-X)",
    "tanh_log1p": "jnp.tanh(X) + jnp.log1p(jnp.abs(X))",
    "power": "jnp.power(X, 3) + X ** 0.5",
    "floor_divide": "jnp.floor_divide(jnp.arange(7), 3), jnp.arange(7) % 3",
    "clip_round": "jnp.round(jnp.clip(X, -1, 1), 3)",
    "where": "jnp.where(X > 0, X, 0)",
    "bool_arith": "jnp.power(jnp.array([True, False]), 2), jnp.floor_divide(jnp.array([True]), True)",
    # Reductions and index results.
    "sum_i32": "jnp.sum(I32)",
    "sum_bool": "jnp.sum(X > 0)",
    "sum_f64": "jnp.sum(X, axis=0)",
    "prod_u8": "jnp.prod(np.array([2, 3], np.uint8))",
    "mean_int": "jnp.mean(jnp.arange(4))",
    "var_std": "jnp.var(X), jnp.std(X, axis=1)",
    "argmax": "jnp.argmax(X), jnp.argmin(X, axis=1)",
    "argsort": "jnp.argsort(jnp.array([3.0, 1.0, 2.0]))",
    "sort": "jnp.sort(X, axis=0)",
    "cumsum_bool": "jnp.cumsum(X > 0)",
    "cumsum_i32": "jnp.cumsum(I32), jnp.cumulative_sum(I32)",
    "count_nonzero": "jnp.count_nonzero(X > 0)",
    "nonzero": "jnp.nonzero(X > 0)",
    "searchsorted": "jnp.searchsorted(jnp.array([1.0, 2.0, 3.0]), 2.5)",
    "unique": "jnp.unique(jnp.array([3, 1, 3, 2]), return_counts=True, return_index=True)",
    "bincount": "jnp.bincount(jnp.array([0, 1, 1, 3]))",
    "histogram": "jnp.histogram(X, bins=3)",
    "size_arith": "jnp.arange(4) * jnp.arange(4).shape[0]",
    "indexing": "jnp.arange(10.0)[jnp.int64(3)], jnp.arange(10)[2:8:2], X[1]",
    "at_set": "jnp.zeros(4).at[1].set(2.5).at[jnp.array([2])].add(1)",
    "one_hot": "jax.nn.one_hot(jnp.array([0, 2]), 3)",
    # lax.
    "lax_iota": "lax.iota(jnp.int64, 4)",
    "lax_convert": "lax.convert_element_type(1.5, jnp.float64)",
    "lax_bitcast": "lax.bitcast_convert_type(jnp.float64(1.0), jnp.int64)",
    "lax_shift": "lax.shift_right_logical(jnp.uint64(2**63), jnp.uint64(60))",
    "lax_popcount": "lax.population_count(jnp.uint64(2**40 - 1))",
    "lax_dot": "lax.dot(X, X.T)",
    "lax_add_weak": "lax.add(1.0, 2.0)",
    "lax_nextafter": "lax.nextafter(jnp.float64(1.0), jnp.float64(2.0))",
    "lax_cumsum": "lax.cumsum(jnp.arange(5.0))",
    "lax_argmax": "lax.argmax(X, 1, jnp.int64)",
    "fori_loop": "lax.fori_loop(0, 10, lambda i, x: x * 1.1 + i, 1.0)",
    "scan": "lax.scan(lambda c, x: (c + x, c * x), 0.5, jnp.arange(4.0))",
    "while_loop": "lax.while_loop(lambda x: x < 100, lambda x: x * 3, 1)",
    "cond": "lax.cond(True, lambda x: x + 1, lambda x: x - 1, 2.5)",
    # jit, grad, vmap.
    "jit_float": "jax.jit(lambda x: x * 2)(1.5)",
    "jit_int": "jax.jit(lambda x: x * 2)(3)",
    "jit_np64": "jax.jit(lambda x: jnp.sum(x ** 2))(X)",
    "grad": "jax.grad(lambda x: jnp.sum(jnp.sin(x) * x))(X)",
    "vmap": "jax.vmap(lambda r: jnp.dot(r, r))(X)",
    "jvp": "jax.jvp(jnp.tanh, (1.0,), (1.0,))",
    # linalg, fft, special functions.
    "inv": "jnp.linalg.inv(M)",
    "solve": "jnp.linalg.solve(M, B)",
    "cholesky": "jnp.linalg.cholesky(M)",
    "det": "jnp.linalg.det(M), jnp.linalg.slogdet(M)",
    "eigh": "jnp.linalg.eigh(M)[0]",
    "svd_values": "jnp.linalg.svd(M, compute_uv=False)",
    "qr_r": "jnp.abs(jnp.linalg.qr(M)[1])",
    "norm": "jnp.linalg.norm(X), jnp.linalg.norm(M, 2)",
    "lstsq": "jnp.linalg.lstsq(X.T, jnp.arange(4.0))[0]",
    "pinv": "jnp.linalg.pinv(X)",
    "eigvals_abs": "jnp.sort(jnp.abs(jnp.linalg.eigvals(M)))",
    "matrix_power": "jnp.linalg.matrix_power(M, 3)",
    "fft": "jnp.fft.fft(jnp.arange(8.0))",
    "rfft_irfft": "jnp.fft.irfft(jnp.fft.rfft(X, axis=1), n=4, axis=1)",
    "ifft2": "jnp.fft.ifft2(X + 1j)",
    "erf": "jax.scipy.special.erf(X)",
    "gammaln": "jax.scipy.special.gammaln(jnp.abs(X) + 0.5)",
    "logsumexp": "jax.scipy.special.logsumexp(X, axis=1)",
    "expit": "jax.nn.sigmoid(X), jax.nn.softmax(X, axis=1)",
    "norm_cdf": "jax.scipy.stats.norm.cdf(X)",
    "polyval": "jnp.polyval(jnp.array([1.0, -2.0, 3.0]), X)",
    "roots": "jnp.sort_complex(jnp.roots(jnp.array([1.0, -3.0, 2.0])))",
    "interp": "jnp.interp(jnp.array([0.5, 1.5]), jnp.arange(3.0), jnp.array([0.0, 1.0, 4.0]))",
    "einsum": "jnp.einsum('ij,kj->ik', X, X)",
    "convolve": "jnp.convolve(jnp.arange(5.0), jnp.array([1.0, 0.5]))",
    # random with 64-bit draws and seeds.
    "key_wide": "random.key_data(random.PRNGKey(2**40 + 12345))",
    "key_negative": "random.key_data(random.PRNGKey(-5)), random.key_data(random.key(2**33 + 1))",
    "key_jit": "jax.jit(random.PRNGKey)(2**40 + 7)",
    "uniform": "random.uniform(random.PRNGKey(0), (5,))",
    "uniform_f32": "random.uniform(random.PRNGKey(0), (5,), jnp.float32)",
    "normal": "random.normal(random.key(1), (2, 3))",
    "normal_c128": "random.normal(random.key(1), (3,), jnp.complex128)",
    "randint": "random.randint(random.key(2), (6,), 0, 100)",
    "randint_wide": "random.randint(random.key(2), (6,), -2**40, 2**40)",
    "bits": "random.bits(random.key(3), (4,))",
    "bernoulli": "random.bernoulli(random.key(4), 0.3, (6,))",
    "exponential_gumbel": "random.exponential(random.key(5), (4,)), random.gumbel(random.key(5), (4,))",
    "permutation": "random.permutation(random.key(6), 6), random.choice(random.key(6), 10, (3,))",
    "gamma_beta": "random.gamma(random.key(7), 2.0, (4,)), random.beta(random.key(7), 2.0, 3.0, (3,))",
    "poisson": "random.poisson(random.key(8), 3.0, (4,))",
    "categorical": "random.categorical(random.key(9), jnp.log(jnp.array([0.2, 0.3, 0.5])), shape=(5,))",
    "rademacher": "random.rademacher(random.key(10), (6,))",
    "truncated_normal": "random.truncated_normal(random.key(11), -1.0, 1.0, (4,))",
    "mvn": "random.multivariate_normal(random.key(12), jnp.zeros(2), jnp.eye(2), (2,))",
    "split_fold": "random.split(random.PRNGKey(2**40), 3), random.fold_in(random.PRNGKey(1), 2**31 + 5)",
    "random_more": "random.multinomial(random.key(13), 10, jnp.array([0.2, 0.3, 0.5])), random.orthogonal(random.key(13), 3), random.binomial(random.key(13), 10, 0.3, (4,))",
    "choice_p": "random.choice(random.key(14), 5, (3,), p=jnp.array([0.1, 0.2, 0.3, 0.2, 0.2]))",
    "seeds_64": "random.key_data(random.key(np.uint64(2**63 + 5))), random.key_data(jax.jit(random.key)(jnp.int64(-(2**40))))",
    "fold_bits_64": "random.key_data(jax.jit(random.fold_in)(random.key(1), jnp.int64(2**40 + 1))), random.bits(random.key(1), (3,), jnp.uint64)",
    # More of numpy, scipy and the transformations.
    "median_percentile": "jnp.median(X), jnp.percentile(X, 30.0), jnp.quantile(X, jnp.array([0.1, 0.9]))",
    "cov": "jnp.cov(X), jnp.corrcoef(X)",
    "top_k_digitize": "lax.top_k(jnp.arange(6.0), 2), jnp.digitize(jnp.array([0.5, 1.5]), jnp.arange(3.0))",
    "frexp_ldexp": "jnp.frexp(X), jnp.ldexp(X, 2)",
    "divmod_gcd": "jnp.divmod(jnp.arange(5), 2), jnp.gcd(jnp.arange(10), 4)",
    "meshgrid_mgrid": "jnp.meshgrid(jnp.arange(2), jnp.arange(3.0)), jnp.mgrid[0:3, 0:2], jnp.ogrid[0:1:5j]",
    "take_fancy": "jnp.take(X, jnp.array([2, 0]), axis=0), X[jnp.array([2, 0]), 1], X[X > 0]",
    "dynamic_slice": "lax.dynamic_slice(X, (jnp.int64(1), 0), (2, 2))",
    "fori_at": "lax.fori_loop(0, 3, lambda i, x: x.at[i].set(i * 1.5), jnp.zeros(4))",
    "matrix_rank": "jnp.linalg.matrix_rank(X)",
    "expm_lu": "jax.scipy.linalg.expm(M / 10), jax.scipy.linalg.lu(M)",
    "special_more": "jax.scipy.special.digamma(jnp.abs(X) + 1), jax.scipy.special.xlogy(X, 2.0), jax.scipy.special.betainc(2.0, 3.0, jnp.array([0.4]))",
    "stats_more": "jax.scipy.stats.norm.logpdf(X), jax.scipy.stats.poisson.pmf(jnp.arange(3), 2.0)",
    "jacobians": "jax.jacfwd(jnp.sin)(jnp.arange(3.0)), jax.hessian(lambda x: jnp.sum(x ** 3))(jnp.arange(3.0))",
    "nn_more": "jax.nn.gelu(X), jax.nn.log_softmax(X), jax.nn.initializers.glorot_normal()(random.key(0), (3, 3))",
    "scan_int": "lax.scan(lambda c, x: (c + x, c), 0, jnp.arange(5))",
    "assoc_scan": "lax.associative_scan(jnp.add, jnp.arange(5))",
    "conv": "lax.conv(jnp.ones((1, 1, 5, 5)), jnp.ones((1, 1, 2, 2)), (1, 1), 'SAME')",
    "item": "jnp.array(jnp.arange(3.0)[1].item()), jnp.array(float(jnp.float64(0.1)))",
}
