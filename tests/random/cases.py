"""The cases meshjit.random must reproduce bit for bit, and the harness that runs them in JAX
and in meshjit (tests/support/jax_oracle.py).

A case is `(name, source, arg, seeds, modes)`: `source` is a lambda written against `jax`,
`jnp`, `lax`, `random` and `np`, applied to `random.PRNGKey(seed)` (arg "key") or to the seed
itself (arg "seed"), eagerly and/or under jit.

Seeds are cheap (the key is an argument of one compiled function), compiles are not: most cases
run under jit only, with many seeds; a few run eagerly too, where JAX dispatches op by op or
one jitted sampler at a time. The gamma family and poisson compile slowly (rejection loops),
so they run under jit with few shapes.
"""

HARNESS = r"""
def leaves_of(out):
    return out if isinstance(out, (tuple, list)) else [out]


def run_case(case, record):
    name, source, arg, seeds, modes = case
    fn = eval(source)
    for mode in modes:
        g = jax.jit(fn) if mode == "jit" else fn
        for seed in seeds:
            x = random.PRNGKey(seed) if arg == "key" else seed
            for i, leaf in enumerate(leaves_of(g(x))):
                record(f"{name}|{mode}|{seed}|{i}", leaf)
"""

SEEDS = (0, 1, 2, 42, 123, 2024, 65535, 999999)
FEW = (0, 7)
JIT = ("jit",)
BOTH = ("eager", "jit")


def _case(name, source, seeds=SEEDS, modes=JIT, arg="key"):
    return (name, source, arg, tuple(seeds), tuple(modes))


KEYS = [
    _case(
        "PRNGKey",
        "lambda s: random.PRNGKey(s)",
        (0, 1, 42, -1, -7, 2**31 - 1, -(2**31)),
        BOTH,
        "seed",
    ),
    _case(
        "PRNGKey_wide",
        "lambda s: random.PRNGKey(s)",
        (2**32, 2**40 + 5, 2**63 - 1, -(2**63)),
        ("eager",),
        "seed",
    ),
    _case(
        "PRNGKey_dtypes",
        "lambda s: (random.PRNGKey(np.int8(s % 100 - 50)), random.PRNGKey(np.uint16(s % 60000)), random.PRNGKey(np.uint32(s * 7919)))",
        (3, 4000, 123456),
        ("eager",),
        "seed",
    ),
    _case("key", "lambda s: random.key(s)", (0, 5, -3), BOTH, "seed"),
    _case("key_split", "lambda s: random.split(random.key(s), 3)", FEW, BOTH, "seed"),
    _case("split", "lambda k: random.split(k)", SEEDS, BOTH),
    _case("split_num", "lambda k: (random.split(k, 1), random.split(k, 5), random.split(k, 0))"),
    _case("split_shape", "lambda k: random.split(k, (2, 3))"),
    _case("split_chain", "lambda k: random.split(random.split(k, 4)[2], (3,))"),
    _case(
        "fold_in",
        "lambda k: (random.fold_in(k, 0), random.fold_in(k, 7), random.fold_in(k, 2**32 - 1))",
        SEEDS,
        BOTH,
    ),
    _case("fold_in_traced", "lambda k: random.fold_in(k, jnp.int32(-5) * jnp.int32(3))"),
    _case(
        "typed_fold_in", "lambda k: random.key_data(random.fold_in(random.wrap_key_data(k), 99))"
    ),
    _case(
        "bits",
        "lambda k: (random.bits(k), random.bits(k, (7,)), random.bits(k, (3, 5)))",
        SEEDS,
        BOTH,
    ),
    _case(
        "bits_narrow",
        "lambda k: (random.bits(k, (9,), jnp.uint8), random.bits(k, (2, 3), jnp.uint16))",
    ),
]

CONTINUOUS = [
    _case("uniform", "lambda k: random.uniform(k, (3, 5))", SEEDS, BOTH),
    _case("uniform_scalar", "lambda k: random.uniform(k)"),
    _case("uniform_f16", "lambda k: random.uniform(k, (17,), jnp.float16)"),
    _case("uniform_bf16", "lambda k: random.uniform(k, (17,), jnp.bfloat16, -2.0, 3.0)", FEW, BOTH),
    _case(
        "uniform_bounds",
        "lambda k: random.uniform(k, (2, 3), minval=jnp.array([0.0, 1.0, 2.0]), maxval=5.0)",
    ),
    _case("normal", "lambda k: random.normal(k, (4, 5))", SEEDS, BOTH),
    _case("normal_scalar", "lambda k: random.normal(k)"),
    _case("normal_bf16", "lambda k: random.normal(k, (33,), jnp.bfloat16)"),
    _case("normal_f16", "lambda k: random.normal(k, (33,), jnp.float16)", FEW, BOTH),
    _case("normal_c64", "lambda k: random.normal(k, (4, 5), jnp.complex64)", FEW, BOTH),
    _case("normal_typed", "lambda k: random.normal(random.wrap_key_data(k), (6,))"),
    _case("truncated_normal", "lambda k: random.truncated_normal(k, -1.0, 2.0, (100,))", FEW, BOTH),
    _case(
        "truncated_normal_bf16",
        "lambda k: random.truncated_normal(k, jnp.array([-1.0, 0.0]), 2.0, (3, 2), jnp.bfloat16)",
    ),
    _case(
        "truncated_normal_noshape",
        "lambda k: random.truncated_normal(k, jnp.array([-3.0, 0.5, 1.0]), jnp.array([3.0, 0.75, 9.0]))",
    ),
    _case(
        "exponential",
        "lambda k: (random.exponential(k, (30,)), random.exponential(k, (5,), jnp.bfloat16))",
    ),
    _case("laplace", "lambda k: (random.laplace(k, (30,)), random.laplace(k, (9,), jnp.float16))"),
    _case(
        "logistic", "lambda k: (random.logistic(k, (30,)), random.logistic(k, (9,), jnp.bfloat16))"
    ),
    _case(
        "cauchy",
        "lambda k: (random.cauchy(k, (30,)), random.cauchy(k, (9,), jnp.float16))",
        FEW,
        BOTH,
    ),
    _case("gumbel", "lambda k: (random.gumbel(k, (30,)), random.gumbel(k, (30,), mode='high'))"),
    _case(
        "gumbel_highest",
        "lambda k: (random.gumbel(k, (64,), mode='highest'), random.gumbel(k, (8,), jnp.float16, mode='highest'))",
    ),
]

DERIVED = [
    _case("lognormal", "lambda k: (random.lognormal(k, 0.5, (20,)), random.lognormal(k, jnp.array([0.1, 1.0])))", FEW, BOTH),
    _case("pareto", "lambda k: random.pareto(k, 3.0, (20,))"),
    _case("weibull_min", "lambda k: random.weibull_min(k, 2.0, 1.5, (20,))", FEW, BOTH),
    _case("rayleigh", "lambda k: random.rayleigh(k, jnp.array([1.0, 2.0]), (3, 2))"),
    _case("maxwell", "lambda k: random.maxwell(k, (20,))"),
    _case("double_sided_maxwell", "lambda k: random.double_sided_maxwell(k, 1.0, jnp.array([1.0, 2.0]), (3,))"),
    _case("wald", "lambda k: random.wald(k, 1.5, (20,))", FEW, BOTH),
    _case("triangular", "lambda k: random.triangular(k, 0.0, 0.3, jnp.array([1.0, 2.0]), (5, 2))"),
    _case("geometric", "lambda k: (random.geometric(k, 0.3, (20,)), random.geometric(k, jnp.array([0.2, 0.7])))", FEW, BOTH),
]

DISCRETE = [
    _case("bernoulli", "lambda k: random.bernoulli(k, 0.3, (50,))", SEEDS, BOTH),
    _case(
        "bernoulli_arrays",
        "lambda k: (random.bernoulli(k, jnp.array([0.1, 0.9])), random.bernoulli(k, jnp.array([0.1, 0.9]), (3, 2), mode='high'), random.bernoulli(k, jnp.array(0.5, jnp.bfloat16), (7,)))",
    ),
    _case("randint", "lambda k: random.randint(k, (20,), 0, 10)", SEEDS, BOTH),
    _case(
        "randint_dtypes",
        "lambda k: (random.randint(k, (20,), -5, 300, jnp.int8), random.randint(k, (20,), 0, 256, jnp.uint8), random.randint(k, (9,), -40000, 40000, jnp.int16), random.randint(k, (9,), 3, 70000, jnp.uint16))",
    ),
    _case(
        "randint_arrays",
        "lambda k: (random.randint(k, (3, 4), jnp.array([0, 10, 100, -7]), 1000, jnp.uint32), random.randint(k, (5,), 4, 2), random.randint(k, (6,), -(2**31), 2**31 - 1))",
    ),
    _case(
        "rademacher",
        "lambda k: (random.rademacher(k, (30,)), random.rademacher(k, (9,), jnp.float32), random.rademacher(k, (9,), jnp.int8))",
    ),
    _case(
        "categorical",
        "lambda k: random.categorical(k, jnp.array([[0.1, 2.0, -1.0], [3.0, 0.0, 0.5]]))",
        SEEDS,
        BOTH,
    ),
    _case(
        "categorical_axis0",
        "lambda k: random.categorical(k, jnp.array([[0.1, 2.0, -1.0], [3.0, 0.0, 0.5]]), axis=0)",
    ),
    _case(
        "categorical_shape",
        "lambda k: (random.categorical(k, jnp.array([0.1, 2.0, -1.0, 0.3]), shape=(5, 3)), random.categorical(k, jnp.array([[0.1, 2.0, -1.0], [3.0, 0.0, 0.5]]), shape=(4, 2)))",
    ),
    _case(
        "categorical_noreplace",
        "lambda k: random.categorical(k, jnp.array([[0.1, 2.0, -1.0], [3.0, 0.0, 0.5]]), shape=(2, 2), replace=False)",
        FEW,
        BOTH,
    ),
    _case(
        "categorical_bf16_high",
        "lambda k: random.categorical(k, jnp.zeros((3, 4), jnp.bfloat16), axis=0, mode='high')",
    ),
    _case(
        "permutation",
        "lambda k: (random.permutation(k, 10), random.permutation(k, jnp.arange(12.0).reshape(3, 4), axis=1))",
        SEEDS,
        BOTH,
    ),
    _case(
        "permutation_independent",
        "lambda k: random.permutation(k, jnp.arange(12.0).reshape(3, 4), axis=1, independent=True)",
    ),
    _case("permutation_two_rounds", "lambda k: random.permutation(k, jnp.arange(3000))", FEW),
    _case(
        "choice",
        "lambda k: (random.choice(k, 10, (5,)), random.choice(k, 10, (5,), replace=False))",
        SEEDS,
        BOTH,
    ),
    _case(
        "choice_array",
        "lambda k: (random.choice(k, jnp.arange(12.0).reshape(3, 4), (2,), axis=1), random.choice(k, jnp.arange(12.0).reshape(3, 4), (2,), replace=False, axis=1))",
    ),
    _case(
        "choice_p",
        "lambda k: (random.choice(k, 5, (3, 2), p=jnp.array([0.1, 0.2, 0.3, 0.15, 0.25])), random.choice(k, 5, (3,), replace=False, p=jnp.array([0.1, 0.2, 0.3, 0.15, 0.25])), random.choice(k, jnp.arange(5) * 10, (7,), p=jnp.array([1, 2, 3, 4, 5])))",
        FEW,
        BOTH,
    ),
    _case(
        "poisson",
        "lambda k: (random.poisson(k, 3.5, (20,)), random.poisson(k, jnp.array([0.0, 0.5, 9.9, 10.0, 25.0, 1000.0])))",
        FEW,
    ),
    _case("poisson_int16", "lambda k: random.poisson(k, 50.0, (4, 3), jnp.int16)", FEW),
    _case(
        "binomial",
        "lambda k: (random.binomial(k, jnp.array([0.0, 1.0, 5.0, 20.0, 100.0, 1000.0, jnp.inf, -1.0, jnp.nan, 50.0]), jnp.array([0.3, 0.9, 0.5, 0.2, 0.7, 0.01, 0.5, 0.5, 0.5, jnp.nan])), random.binomial(k, 30.0, 0.4, (3, 4)))",
        FEW,
    ),
    _case(
        "multinomial",
        "lambda k: (random.multinomial(k, 20.0, jnp.array([0.2, 0.5, 0.3])), random.multinomial(k, jnp.array([10.0, 200.0]), jnp.array([[0.1, 0.6, 0.3], [0.5, 0.25, 0.25]]), shape=(2, 3)))",
        FEW,
    ),
]

GAMMA = [
    _case("gamma", "lambda k: random.gamma(k, jnp.array([0.1, 0.5, 1.0, 2.5, 10.0, 100.0]))", FEW),
    _case("gamma_bf16", "lambda k: random.gamma(k, 3.0, (2, 3), jnp.bfloat16)", FEW),
    _case("gamma_f16", "lambda k: random.gamma(k, 0.3, (6,), jnp.float16)", FEW),
    _case("loggamma", "lambda k: random.loggamma(k, jnp.array([0.01, 0.5, 3.0]), (2, 3))", FEW),
    _case(
        "beta", "lambda k: random.beta(k, jnp.array([1.0, 2.0]), jnp.array([[3.0], [0.2]]))", FEW
    ),
    _case("dirichlet", "lambda k: random.dirichlet(k, jnp.array([0.5, 1.0, 2.0]), (4,))", FEW),
    _case("chisquare", "lambda k: random.chisquare(k, jnp.array([1.0, 5.0]), (3, 2))", FEW),
    _case("t", "lambda k: random.t(k, 4.0, (10,))", FEW),
    _case("f", "lambda k: random.f(k, jnp.full((4, 2), 3.0), jnp.array([[2.0, 7.5]] * 4), (4, 2))", FEW),
    _case("f_scalars", "lambda k: random.f(k, 1.5, 4.0)", FEW),
    _case("ball", "lambda k: random.ball(k, 3, shape=(2,))", FEW),
    _case("ball_p", "lambda k: random.ball(k, 4, p=3.5, shape=(2, 3), dtype=jnp.bfloat16)", FEW),
]

MULTIVARIATE = [
    _case(
        "multivariate_normal",
        "lambda k: random.multivariate_normal(k, jnp.array([1.0, 2.0]), jnp.array([[2.0, 0.5], [0.5, 1.0]]), (3,))",
        FEW,
        BOTH,
    ),
    _case(
        "multivariate_normal_batched",
        "lambda k: random.multivariate_normal(k, jnp.zeros((2, 4)), jnp.stack([jnp.eye(4) * 2.0, jnp.eye(4) + 0.5]))",
    ),
    _case(
        "multivariate_normal_eigh_svd",
        "lambda k: [random.multivariate_normal(k, jnp.array([0.5, -1.0, 2.0]), jnp.array([[2.0, 0.3, 0.1], [0.3, 1.0, -0.2], [0.1, -0.2, 0.5]]), (4,), method=m) for m in ('eigh', 'svd')]",
        FEW,
        BOTH,
    ),
    _case("orthogonal", "lambda k: random.orthogonal(k, 5)", FEW, BOTH),
    _case(
        "orthogonal_shapes",
        "lambda k: (random.orthogonal(k, 3, (2,), m=5), random.orthogonal(k, 6, (), jnp.float32, 2), random.orthogonal(k, 1))",
    ),
]

GRADIENTS = [
    _case(
        "grad_normal",
        "lambda k: jax.grad(lambda mu, s: jnp.sum(mu + s * random.normal(k, (5,))), argnums=(0, 1))(0.5, 2.0)",
        FEW,
    ),
    _case(
        "grad_uniform",
        "lambda k: jax.grad(lambda lo, hi: jnp.sum(random.uniform(k, (5,), minval=lo, maxval=hi) ** 2), argnums=(0, 1))(-1.0, 3.0)",
        FEW,
    ),
    _case(
        "grad_truncated_normal",
        "lambda k: jax.grad(lambda lo, hi: jnp.sum(random.truncated_normal(k, lo, hi, (5,))), argnums=(0, 1))(-1.0, 2.0)",
        FEW,
    ),
    _case(
        "grad_gamma",
        "lambda k: (jax.grad(lambda a: random.gamma(k, a, (4,)).sum())(2.0), jax.grad(lambda a: random.gamma(k, a).sum())(jnp.array([0.3, 2.0, 50.0])))",
        FEW,
    ),
    _case(
        "grad_loggamma_beta",
        "lambda k: (jax.grad(lambda a: random.loggamma(k, a, (3,)).sum())(0.5), jax.grad(lambda a, b: random.beta(k, a, b, (3,)).sum(), argnums=(0, 1))(0.5, 3.0))",
        FEW,
    ),
    _case(
        "grad_gamma_bf16",
        "lambda k: jax.grad(lambda a: random.gamma(k, a, (3,), jnp.bfloat16).astype(jnp.float32).sum())(jnp.bfloat16(1.5))",
        FEW,
    ),
]

# The rbg implementations (four-word keys, bits from rng_bit_generator), typed keys from seeds.
def _rbg_cases(impl):
    k = f"random.key(s, impl={impl!r})"
    return [
        _case(f"{impl}_seed", f"lambda s: (random.key_data({k}), random.PRNGKey(s, impl={impl!r}))", (0, 5, -3), BOTH, "seed"),
        _case(f"{impl}_split", f"lambda s: (random.key_data(random.split({k})), random.key_data(random.split({k}, (2, 3))))", FEW, BOTH, "seed"),
        _case(f"{impl}_fold_in", f"lambda s: random.key_data(random.fold_in({k}, 7))", FEW, BOTH, "seed"),
        _case(f"{impl}_bits", f"lambda s: (random.bits({k}, (5,)), random.bits({k}, (3,), jnp.uint8))", FEW, BOTH, "seed"),
        _case(f"{impl}_samplers", f"lambda s: (random.normal({k}, (4,)), random.randint({k}, (3,), 0, 9), random.permutation({k}, 6), random.gamma({k}, jnp.array([0.5, 2.0])))", FEW, JIT, "seed"),
        _case(f"{impl}_vmap", f"lambda s: jax.vmap(lambda k: random.uniform(k, (2,)))(random.split({k}, 3))", FEW, JIT, "seed"),
    ]  # fmt: skip


RBG = _rbg_cases("rbg") + _rbg_cases("unsafe_rbg")

CASES = KEYS + CONTINUOUS + DERIVED + DISCRETE + GAMMA + MULTIVARIATE + GRADIENTS + RBG

# Gradients whose cotangents meshjit's autodiff sums in another order than JAX's: the same to a
# few ulps (relative tolerance), not bit for bit. The draws themselves are bit-exact.
# maxwell's norm: XLA fuses the squares into the sum differently from JAX's module in 1 of
# ~10 values (1 ulp).
CLOSE = {"maxwell": 3e-7, "double_sided_maxwell": 3e-7, "grad_uniform": 2e-6, "grad_truncated_normal": 2e-6, "grad_loggamma_beta": 2e-6}
