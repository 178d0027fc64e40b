"""Each elementwise lax op lowers as JAX lowers it: bit for bit against JAX 0.10.2 in float32,
bfloat16, float16 and complex64, one jitted program per dtype (each op's result is its own
output, so no fusion rounds differently). The ops XLA does not take as one HLO op are where the
two can part: logistic is 1 / (1 + exp(-x)) in JAX, not XLA's logistic (it rounded bfloat16
differently); square is CHLO's, not x * x (complex); x ** 3 is (x * x) * x; exp2 is
exp(log 2 * x) with log 2 in x's dtype."""

import pytest

from tests.support.jax_oracle import oracle_fixture, values_vs_jax

HARNESS = r"""
rng = np.random.default_rng(0)
BASE = rng.uniform(-3, 3, 48)
POS = rng.uniform(0.05, 3, 48)
UNIT = rng.uniform(-0.95, 0.95, 48)
INPUT = {
    "exp": BASE, "exp2": BASE, "log": POS, "log1p": POS, "expm1": BASE, "sqrt": POS,
    "rsqrt": POS, "cbrt": BASE, "sin": BASE, "cos": BASE, "tan": UNIT, "tanh": BASE,
    "logistic": BASE, "erf": BASE, "erfc": BASE, "erf_inv": UNIT, "lgamma": POS,
    "digamma": POS, "asin": UNIT, "acos": UNIT, "atan": BASE, "sinh": BASE, "cosh": BASE,
    "asinh": BASE, "acosh": POS + 1, "atanh": UNIT, "square": BASE, "abs": BASE, "sign": BASE,
    "floor": BASE, "ceil": BASE, "round": BASE, "bessel_i0e": BASE, "bessel_i1e": BASE,
    "cube": BASE, "reciprocal": POS,
}
REAL_ONLY = {"cbrt", "erf", "erfc", "erf_inv", "lgamma", "digamma", "floor", "ceil", "round",
             "bessel_i0e", "bessel_i1e"}


def op(name):
    if name == "cube":
        return lambda x: lax.integer_pow(x, 3)
    if name == "reciprocal":
        return lambda x: lax.integer_pow(x, -1)
    return getattr(lax, name)


def run_case(dtype, record):
    names = [n for n in INPUT if dtype != "complex64" or n not in REAL_ONLY]

    def inputs(name):
        v = INPUT[name]
        if dtype == "complex64":
            return jnp.asarray((v + 0.5j * v[::-1]).astype(np.complex64))
        return jnp.asarray(v.astype(np.float32)).astype(dtype)

    args = {n: inputs(n) for n in names}
    outs = jax.jit(lambda a: {n: op(n)(a[n]) for n in names})(args)
    for name in names:
        record(f"{dtype}|{name}", outs[name])
"""

DTYPES = ["float32", "bfloat16", "float16", "complex64"]

jax_results = oracle_fixture(DTYPES, HARNESS)


@pytest.mark.parametrize("dtype", DTYPES)
def test_elementwise_ops_match_jax_bit_for_bit(jax_results, dtype):
    for key, got, want in values_vs_jax(jax_results, HARNESS, dtype):
        assert got.dtype == want.dtype, key
        assert got.tobytes() == want.tobytes(), f"{key}: {got} vs JAX's {want}"
