"""Reductions of bfloat16 / float16 as JAX computes them: sum, prod and mean without a dtype
accumulate in float32 and round once; var / std always; with a dtype, and cumulative ops, in
the dtype. Bit for bit against JAX, eagerly and under jit."""

import ml_dtypes
import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from tests.support import campaign

LOW = [ml_dtypes.bfloat16, np.float16]
CASES = [
    ("sum", {}),
    ("sum", {"axis": 1}),
    ("sum", {"axis": 1, "keepdims": True}),
    ("prod", {}),
    ("prod", {"axis": 1}),
    ("mean", {}),
    ("mean", {"axis": 0}),
    ("var", {"axis": 1}),
    ("std", {}),
    ("nansum", {}),
    ("average", {}),
    ("cumsum", {"axis": 1}),
    ("cumprod", {}),
]


def _near_one(dtype, shape=(4, 512)):
    x = np.random.default_rng(0).standard_normal(shape).astype(np.float32)
    return (1 + 0.03 * x).astype(dtype)


@pytest.mark.parametrize("dtype", LOW, ids=lambda d: np.dtype(d).name)
def test_product_of_values_near_one_accumulates_in_float32(dtype):
    x = _near_one(dtype, (512,))
    want = np.prod(x.astype(np.float32)).astype(dtype)
    assert jnp.prod(x) == want
    assert meshjit.jit(jnp.prod)(x) == want
    rows = _near_one(dtype)
    want = rows.astype(np.float32).sum(1).astype(dtype)
    np.testing.assert_array_equal(meshjit.jit(lambda v: jnp.sum(v, axis=1))(rows), want)


JAX_CASES = CASES + [("sum", {"dtype": "low"}), ("mean", {"dtype": "low"})]


# every fourth (dtype, case) in `make test` (JAX runs live, ~1 s each: bfloat16 on cases 0, 4,
# 8, 12, float16 on 1, 5, 9, 13), all of them in `make test-campaigns`
@pytest.mark.parametrize(
    ("dtype", "case"),
    campaign.grid(
        4,
        LOW,
        JAX_CASES,
        ids=[
            f"{np.dtype(d).name}-{name}-{'-'.join(f'{k}={v}' for k, v in kw.items())}".rstrip("-")
            for d in LOW
            for name, kw in JAX_CASES
        ],
    ),
)
def test_low_precision_reductions_match_jax_bitwise(dtype, case):
    jax = pytest.importorskip("jax")
    name, kw = case
    kw = {k: dtype if v == "low" else v for k, v in kw.items()}
    x = _near_one(dtype)
    want = np.asarray(jax.jit(lambda v: getattr(jax.numpy, name)(v, **kw))(x))
    for got in (meshjit.jit(lambda v: getattr(jnp, name)(v, **kw))(x), getattr(jnp, name)(x, **kw)):
        got = np.asarray(got)
        assert got.dtype == want.dtype
        np.testing.assert_array_equal(got.astype(np.float32), want.astype(np.float32))
