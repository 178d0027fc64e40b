"""Distribution sanity: moments within a few standard errors, Kolmogorov-Smirnov distances,
supports, frequencies. Independent of JAX (test_vs_jax checks the bits)."""

import math

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import random

N = 10_000
EULER_GAMMA = 0.5772156649015329


def keys(n, seed=0):
    return random.split(random.key(seed), n)


def near(x, mean, var, what, z=5.0):
    """The sample mean of `x` within `z` standard errors of `mean`, its variance within 10%."""
    x = np.asarray(x, np.float64).ravel()
    se = math.sqrt(var / x.size)
    assert abs(x.mean() - mean) < z * se, f"{what}: mean {x.mean()} vs {mean}"
    assert abs(x.var() - var) < 0.1 * var, f"{what}: variance {x.var()} vs {var}"


def ks_distance(x, cdf):
    x = np.sort(np.asarray(x, np.float64).ravel())
    f = np.array([cdf(v) for v in x])
    n = x.size
    return max(np.max(np.arange(1, n + 1) / n - f), np.max(f - np.arange(n) / n))


def normal_cdf(v):
    return 0.5 * (1 + math.erf(v / math.sqrt(2)))


def test_uniform_family():
    k = keys(8)

    def draw(k):
        return (
            random.uniform(k[0], (N,)),
            random.uniform(k[1], (N,), minval=-2.0, maxval=6.0),
            random.uniform(k[2], (N,), jnp.bfloat16),
            random.uniform(k[3], (N,), jnp.float16),
            random.exponential(k[4], (N,)),
            random.laplace(k[5], (N,)),
            random.logistic(k[6], (N,)),
            random.gumbel(k[7], (N,)),
        )

    u, wide, bf16, f16, expo, lap, logi, gum = map(np.asarray, meshjit.jit(draw)(k))
    near(u, 0.5, 1 / 12, "uniform")
    assert ks_distance(u[:4000], lambda v: v) < 1.63 / math.sqrt(4000)  # 1% level
    assert wide.min() >= -2 and wide.max() < 6
    near(wide, 2.0, 64 / 12, "uniform(-2, 6)")
    for low, name in ((bf16, "bfloat16"), (f16, "float16")):
        low = low.astype(np.float32)
        assert low.min() >= 0 and low.max() < 1, name
        near(low, 0.5, 1 / 12, f"uniform {name}", z=6)
    assert expo.min() >= 0
    near(expo, 1.0, 1.0, "exponential")
    near(lap, 0.0, 2.0, "laplace")
    near(logi, 0.0, math.pi**2 / 3, "logistic")
    near(gum, EULER_GAMMA, math.pi**2 / 6, "gumbel")


def test_normal_family():
    k = keys(4, seed=1)

    def draw(k):
        return (
            random.normal(k[0], (N,)),
            random.truncated_normal(k[1], -1.0, 2.0, (N,)),
            random.cauchy(k[2], (N,)),
            random.normal(k[3], (N,), jnp.bfloat16),
        )

    z, trunc, cau, z16 = map(np.asarray, meshjit.jit(draw)(k))
    near(z, 0.0, 1.0, "normal")
    assert ks_distance(z[:4000], normal_cdf) < 1.63 / math.sqrt(4000)
    near(z16.astype(np.float32), 0.0, 1.0, "normal bfloat16", z=6)
    assert trunc.min() > -1 and trunc.max() < 2
    pdf = lambda v: math.exp(-v * v / 2) / math.sqrt(2 * math.pi)
    mass = normal_cdf(2) - normal_cdf(-1)
    mean = (pdf(-1) - pdf(2)) / mass
    var = 1 + (-1 * pdf(-1) - 2 * pdf(2)) / mass - mean**2
    near(trunc, mean, var, "truncated_normal")
    q1, median, q3 = np.percentile(cau, [25, 50, 75])  # heavy tails: quartiles, not moments
    assert abs(median) < 0.05 and abs(q1 + 1) < 0.06 and abs(q3 - 1) < 0.06


def test_discrete_family():
    k = keys(6, seed=2)
    logits = np.log(np.array([0.1, 0.2, 0.3, 0.4], np.float32))

    def draw(k):
        return (
            random.bernoulli(k[0], 0.3, (N,)),
            random.randint(k[1], (N,), 3, 13),
            random.rademacher(k[2], (N,)),
            random.categorical(k[3], logits, shape=(N,)),
            random.randint(k[4], (N,), -100, 100, jnp.int8),
            random.bits(k[5], (N,), jnp.uint8),
        )

    bern, ints, signs, cats, small, byte = map(np.asarray, meshjit.jit(draw)(k))
    near(bern, 0.3, 0.21, "bernoulli")
    assert ints.min() == 3 and ints.max() == 12
    counts = np.bincount(ints - 3, minlength=10)
    chi2 = np.sum((counts - N / 10) ** 2 / (N / 10))
    assert chi2 < 27.9, chi2  # 9 degrees of freedom, 0.1% level
    assert set(np.unique(signs)) == {-1, 1}
    near(signs, 0.0, 1.0, "rademacher")
    freqs = np.bincount(cats, minlength=4) / N
    np.testing.assert_allclose(freqs, [0.1, 0.2, 0.3, 0.4], atol=0.02)
    assert small.dtype == np.int8 and small.min() == -100 and small.max() == 99
    near(byte, 127.5, (256**2 - 1) / 12, "bits uint8")


def test_orderings():
    k = keys(4, seed=3)
    perm = np.asarray(random.permutation(k[0], 50))
    assert sorted(perm.tolist()) == list(range(50)) and perm.tolist() != list(range(50))
    rows = np.arange(40).reshape(4, 10)
    shuffled = np.asarray(random.permutation(k[1], rows, axis=1, independent=True))
    assert all(sorted(r) == sorted(s) for r, s in zip(rows.tolist(), shuffled.tolist()))
    picked = np.asarray(random.choice(k[2], 30, (30,), replace=False))
    assert sorted(picked.tolist()) == list(range(30))
    p = np.array([0.5, 0.25, 0.125, 0.125], np.float32)
    draws = np.asarray(random.choice(k[3], 4, (N,), p=p))
    np.testing.assert_allclose(np.bincount(draws, minlength=4) / N, p, atol=0.02)


def test_gamma():
    alphas = np.array([0.3, 4.0], np.float32)
    x = np.asarray(random.gamma(random.key(5), alphas, (N // 2, 2)))
    assert x.min() >= 0
    for i, a in enumerate(alphas):
        near(x[:, i], a, a, f"gamma({a})")


def test_gamma_family():
    k = keys(3, seed=6)
    near(random.beta(k[0], 2.0, 5.0, (N // 4,)), 2 / 7, 10 / (49 * 8), "beta(2, 5)")
    dirichlet = np.asarray(random.dirichlet(k[1], jnp.array([1.0, 2.0, 3.0]), (N // 8,)))
    np.testing.assert_allclose(dirichlet.sum(-1), 1.0, rtol=1e-5)
    np.testing.assert_allclose(dirichlet.mean(0), [1 / 6, 2 / 6, 3 / 6], atol=0.02)
    points = np.asarray(random.ball(k[2], 3, shape=(N // 8,)))
    radius = np.linalg.norm(points, axis=-1)
    assert radius.max() < 1
    near(radius, 3 / 4, 3 / 80, "ball radius")  # P(r < s) = s**3


def test_poisson():
    rates = np.array([3.5, 40.0], np.float32)  # Knuth's method below 10, rejection above
    x = np.asarray(random.poisson(random.key(7), rates, (N // 2, 2)))
    assert x.dtype == np.int32 and x.min() >= 0
    for i, lam in enumerate(rates):
        near(x[:, i], lam, lam, f"poisson({lam})")


def test_multivariate_normal():
    mean = np.array([1.0, -2.0, 0.5], np.float32)
    a = np.array([[1.0, 0.0, 0.0], [0.5, 2.0, 0.0], [-0.3, 0.2, 0.7]], np.float32)
    cov = a @ a.T
    x = np.asarray(random.multivariate_normal(random.key(8), mean, cov, (N // 2,)))
    np.testing.assert_allclose(x.mean(0), mean, atol=0.08)
    np.testing.assert_allclose(np.cov(x.T), cov, atol=0.15)


def test_dtypes_as_jax_takes_them():
    """lognormal and orthogonal draw complex values, rademacher and multinomial cast to any
    dtype (bool: 2 * b - 1 is always True), as JAX's; ball's error names gamma."""
    key = random.key(0)
    assert random.lognormal(key, 1.0, (2,), dtype=jnp.complex64).dtype == jnp.complex64
    q = np.asarray(random.orthogonal(key, 2, dtype=jnp.complex64))
    np.testing.assert_allclose(q.conj().T @ q, np.eye(2), atol=1e-5)
    assert np.asarray(random.rademacher(key, (4,), dtype=jnp.bool_)).all()
    assert random.rademacher(key, (4,), dtype=jnp.complex64).dtype == jnp.complex64
    counts = random.multinomial(key, 5.0, jnp.ones(3) / 3, dtype=jnp.int32)
    assert counts.dtype == jnp.int32 and int(counts.sum()) == 5
    with pytest.raises(ValueError, match="dtype argument to `gamma` must be a float dtype"):
        random.ball(key, 3, 2, (2,), dtype=jnp.int32)
    with pytest.raises(ValueError, match=r"^Invalid integer data type 'f'\."):
        random.poisson(key, 2.0, (2,), dtype=jnp.float32)
    with pytest.raises(NotImplementedError, match="Unsupported dtype bfloat16"):
        random.orthogonal(key, 2, dtype=jnp.bfloat16)


def test_randint_bounds_arrays_of_lower_rank_than_the_shape():
    # As JAX: bounds of shape (3,) broadcast against (2, 3) (its `&` broadcasts the
    # out-of-range mask with the rank-broadcast bounds)
    lo, hi = jnp.array([0, 10, 100]), jnp.array([5, 20, 200])
    x = np.asarray(random.randint(random.key(0), (2, 3), lo, hi))
    assert x.shape == (2, 3)
    assert ((x >= np.asarray(lo)) & (x < np.asarray(hi))).all()
    y = np.asarray(random.randint(random.key(1), (4, 3), lo, 300, jnp.int8))
    assert ((y >= np.asarray(lo)) & (y <= 127)).all()


def test_generalized_normal_shape_parameter_of_a_lower_rank():
    # As JAX's `g ** (1 / p)`: a p of shape (3,) broadcasts against the (2, 3) draws
    x = random.generalized_normal(random.key(0), jnp.array([1.0, 2.0, 4.0]), (2, 3))
    assert x.shape == (2, 3) and np.isfinite(np.asarray(x)).all()


def test_gamma_of_rbg_keys_under_vmap_draws_each_key_as_alone():
    """JAX's gamma is a primitive whose batching moves vmap's axis into its loop over the keys,
    so for rbg keys (whose batched bit generator draws with the first key only) vmap of gamma
    still gives each key its own draws (fuzz seed 4100014: meshjit gave other numbers for all
    but the first key). Nested vmaps, vmap over alpha and vmap of grad likewise."""
    keys = random.split(random.key(7, impl="rbg"), 4)
    each = np.stack([np.asarray(random.gamma(k, 1.5, (3,))) for k in keys])
    np.testing.assert_array_equal(
        np.asarray(meshjit.vmap(lambda k: random.gamma(k, 1.5, (3,)))(keys)), each
    )
    # JAX 0.10.2's draws
    np.testing.assert_allclose(each[:, 0], [1.4061513, 1.1347289, 1.8295438, 3.5453146], rtol=1e-6)
    grid = keys.reshape(2, 2)
    nested = meshjit.vmap(meshjit.vmap(lambda k: random.beta(k, 1.5, 2.0, (2,))))(grid)
    np.testing.assert_array_equal(
        np.asarray(nested).reshape(4, 2),
        np.stack([np.asarray(random.beta(k, 1.5, 2.0, (2,))) for k in keys]),
    )
    alphas = np.array([0.5, 1.5, 2.5], np.float32)
    over_alpha = meshjit.vmap(lambda a: random.gamma(keys[0], a, (2,)))(alphas)
    np.testing.assert_array_equal(
        np.asarray(over_alpha),
        np.stack([np.asarray(random.gamma(keys[0], a, (2,))) for a in alphas]),
    )
    grads = meshjit.vmap(meshjit.grad(lambda a, k: random.gamma(k, a)))(alphas[:2], keys[:2])
    np.testing.assert_allclose(np.asarray(grads), [0.11974049, 0.96575314], rtol=1e-5)


def test_gamma_of_unsafe_rbg_keys_under_vmap_is_jaxs():
    """unsafe_rbg splits a batch of keys with the first key only (as JAX's vmap of split): the
    draws are JAX 0.10.2's, not each key's alone."""
    keys = random.split(random.key(7, impl="unsafe_rbg"), 4)
    drawn = meshjit.vmap(lambda k: random.gamma(k, 1.5, ()))(keys)
    np.testing.assert_allclose(
        np.asarray(drawn), [0.06102248, 2.3038568, 1.50569, 1.1935881], rtol=1e-6
    )
