"""`pltpu.einshape` (compiler/pallas/einshape.py): splits, transposes and merges against NumPy,
and JAX 0.10.2's errors for equations it cannot do."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental import pallas as pl
from meshjit.experimental.pallas import tpu as pltpu


@pytest.mark.parametrize(
    ("equation", "sizes", "expected"),
    [
        ("ab->ba", {}, lambda x: x.T),
        ("(ab)c->b(ac)", {"a": 2}, lambda x: x.reshape(2, 3, 4).transpose(1, 0, 2).reshape(3, 8)),
        ("a(bc)->abc", {"b": 2}, lambda x: x.reshape(6, 2, 2)),
        ("ab->(ab)", {}, lambda x: x.reshape(24)),
        ("a(bc)->(cb)a", {"c": 2}, lambda x: x.reshape(6, 2, 2).transpose(2, 1, 0).reshape(4, 6)),
    ],
)
def test_einshape_matches_numpy(equation, sizes, expected):
    x = np.arange(24).reshape(6, 4)
    np.testing.assert_array_equal(pltpu.einshape(equation, x, **sizes), expected(x))


def test_einshape_in_a_kernel():
    def kernel(x_ref, o_ref):
        o_ref[...] = pltpu.einshape("ab->ba", x_ref[...])

    x = np.arange(8 * 128, dtype=np.float32).reshape(8, 128)
    out = pl.pallas_call(
        kernel, out_shape=meshjit.ShapeDtypeStruct((128, 8), jnp.float32), interpret=True
    )(x)
    np.testing.assert_array_equal(out, x.T)


@pytest.mark.parametrize(
    ("equation", "sizes", "error", "message"),
    [
        ("ab->a", {}, NotImplementedError, "Only reordering/splitting/merging supported"),
        ("a(bc)->abc", {}, ValueError, "Ambiguous split for ['b', 'c'] with size 4. Unknowns"),
        ("ab->abc", {}, ValueError, "Unknown dimension c in RHS"),
        ("a->b->c", {}, ValueError, "Equation must contain exactly one '->'"),
        ("(ab->ab", {}, ValueError, "Unmatched parenthesis in '(ab'"),
        ("abc->ab", {}, ValueError, "Equation LHS has 3 groups but input has 2 dims"),
        ("(ab)c->abc", {"a": 4}, ValueError, "Cannot split size 6 with known sizes 4"),
        ("(ab)c->abc", {"a": 2, "b": 2}, ValueError, "expected 6, got 4"),
    ],
)
def test_einshape_errors_as_jax(equation, sizes, error, message):
    with pytest.raises(error) as info:
        pltpu.einshape(equation, np.zeros((6, 4)), **sizes)
    assert message in str(info.value)
