"""Python ints with integer arrays of every dtype, as JAX 0.10.2: an int within int32 that
overflows the array's dtype wraps (`int8 + 200` is -56), eagerly and under jit; beyond int32 it
raises OverflowError; `jnp.int8(200)` / `asarray(200, int8)` raise OverflowError, as NumPy."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from tests.support import campaign

DTYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32"]
SCALARS = [200, 300, -1, -129, 70000, 2**31 - 1, -(2**31), 2**31, 2**32 + 5, -(2**31) - 1]
OPS = {
    "add": lambda m, x, v: m.add(x, v),
    "radd": lambda m, x, v: v + x,
    "subtract": lambda m, x, v: m.subtract(x, v),
    "multiply": lambda m, x, v: x * v,
    "maximum": lambda m, x, v: m.maximum(x, v),
    "equal": lambda m, x, v: m.equal(x, v),
    "floor_divide": lambda m, x, v: m.floor_divide(x + 7, v),
    "full": lambda m, x, v: m.full(x.shape, v, x.dtype),
    "full_weak": lambda m, x, v: m.maximum(x, m.full((), v)),  # wraps into weak int32
    "at_set": lambda m, x, v: x.at[0].set(v),
    "clip": lambda m, x, v: m.clip(x, 0, v),
}


def test_int8_plus_200_wraps():
    x = jnp.zeros(3, jnp.int8)
    np.testing.assert_array_equal(x + 200, [-56, -56, -56])
    np.testing.assert_array_equal(meshjit.jit(lambda v: v + 200)(x), [-56, -56, -56])
    assert (x + 200).dtype == np.int8


def _outcome(fn):
    try:
        out = np.asarray(fn())
    except OverflowError:
        return "OverflowError"
    return str(out.dtype), out.tolist()


# every 7th (op, dtype) in `make test` (JAX runs live, ~1 s each): 7 is prime to the 6 dtypes,
# so the slice meets every dtype and 10 of the 11 ops; all of them in `make test-campaigns`
@pytest.mark.parametrize(("op", "dtype"), campaign.grid(7, sorted(OPS), DTYPES))
def test_python_int_with_integer_array_matches_jax(dtype, op):
    jax = pytest.importorskip("jax")
    fn = OPS[op]
    x = np.arange(3, dtype=dtype)
    for v in SCALARS:
        want = _outcome(lambda v=v: jax.jit(lambda a: fn(jax.numpy, a, v))(x))
        assert _outcome(lambda v=v: meshjit.jit(lambda a: fn(jnp, a, v))(x)) == want, (v, "jit")
        assert _outcome(lambda v=v: fn(jnp, jnp.asarray(x), v)) == want, (v, "eager")


def test_full_of_a_python_int_past_int32_wraps_weakly_as_jax():
    """JAX's full converts a Python int with NumPy: 2**31 wraps to -2**31, a weak int32 (the
    round 12 fuzzer: meshjit raised OverflowError)."""
    for out in (
        jnp.full((), 2**31),
        meshjit.jit(lambda: jnp.full((2,), -(2**31) - 1))(),
        meshjit.lax.full((), 2**31),
    ):
        assert out.dtype == np.int32 and out.weak_type
    assert int(jnp.full((), 2**31)) == -(2**31)
    np.testing.assert_array_equal(jnp.full((2,), -(2**31) - 1), [2**31 - 1] * 2)
    x = np.arange(4, dtype=np.int8)
    out = jnp.maximum(x, jnp.full((), 2**31))  # -2**31 as a weak int8: 0
    assert out.dtype == np.int8 and not out.weak_type
    np.testing.assert_array_equal(out, x)
    with pytest.raises(OverflowError):  # asarray / array still refuse, as JAX's
        jnp.asarray(2**31)


@pytest.mark.parametrize(
    "expr", ["m.int8(200)", "m.asarray(200, m.int8)", "m.array([200, 1], m.int8)", "m.uint8(-1)"]
)
def test_out_of_range_array_construction_raises_overflow_error_like_jax(expr):
    with pytest.raises(OverflowError):
        eval(expr, {"m": jnp})
    jax = pytest.importorskip("jax")
    with pytest.raises(OverflowError):
        eval(expr, {"m": jax.numpy})
