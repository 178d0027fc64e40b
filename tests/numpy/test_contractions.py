"""einsum: numerics against NumPy (and JAX when installed), errors."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from tests.support import campaign

SETTINGS = settings(max_examples=campaign.examples(25), deadline=None)

shapes = st.lists(st.integers(1, 5), min_size=1, max_size=3).map(tuple)


# ---------------------------------------------------------------------------------------------
# einsum.

RNG = np.random.default_rng(1)


def _rand(*shape):
    return RNG.normal(size=shape).astype(np.float32)


EINSUM_CASES = [
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("ij,jk", [(3, 4), (4, 5)]),
    ("ji,jk", [(4, 3), (4, 5)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("ijk->kji", [(2, 3, 4)]),
    ("ijk->j", [(2, 3, 4)]),
    ("ij->", [(3, 4)]),
    ("i,i", [(4,), (4,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("ij,ij->ij", [(3, 4), (3, 4)]),
    ("ii->i", [(4, 4)]),
    ("ii", [(4, 4)]),
    ("iji->j", [(3, 2, 3)]),
    ("...ij,...jk->...ik", [(2, 3, 4), (2, 4, 5)]),
    ("...ij,jk", [(2, 3, 4), (4, 5)]),
    ("...i,...i->...", [(1, 3, 4), (2, 1, 4)]),
    ("ab,bc,cd->ad", [(2, 3), (3, 4), (4, 5)]),
    ("ab,cd,bc->da", [(2, 3), (4, 5), (3, 4)]),
    ("ij,kl->", [(2, 3), (4, 5)]),
    ("abc,cd,bd->a", [(2, 3, 4), (4, 5), (3, 5)]),
]


@pytest.mark.parametrize("spec, shapes", EINSUM_CASES)
def test_einsum_matches_numpy(spec, shapes):
    ops = [_rand(*s) for s in shapes]
    got = meshjit.jit(lambda *xs: jnp.einsum(spec, *xs))(*ops)
    want = np.einsum(spec, *ops)
    assert np.shape(got) == want.shape
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-4, atol=1e-4)


@SETTINGS
@given(st.data())
def test_random_contractions_match_numpy(data):
    labels = "abcde"
    sizes = {c: data.draw(st.integers(1, 3)) for c in labels}
    n = data.draw(st.integers(1, 3))
    terms = [
        data.draw(st.lists(st.sampled_from(labels), min_size=1, max_size=3, unique=True))
        for _ in range(n)
    ]
    used = sorted(set("".join("".join(t) for t in terms)))
    out = data.draw(st.lists(st.sampled_from(used), max_size=len(used), unique=True))
    spec = ",".join("".join(t) for t in terms) + "->" + "".join(out)
    ops = [_rand(*[sizes[c] for c in t]) for t in terms]
    got = meshjit.jit(lambda *xs: jnp.einsum(spec, *xs))(*ops)
    np.testing.assert_allclose(np.asarray(got), np.einsum(spec, *ops), rtol=1e-4, atol=1e-4)


def test_einsum_contracts_in_opt_einsums_order():
    """JAX's order: opt_einsum contracts (c, b) first, then dot_general(rhs, lhs) lands in the
    output's order, so no transpose is needed."""
    ops = [_rand(2, 3), _rand(3, 4), _rand(4, 5)]
    jaxpr = meshjit.make_jaxpr(lambda a, b, c: jnp.einsum("ab,bc,cd->da", a, b, c))(*ops)
    names = [e.primitive.name for e in jaxpr.eqns]
    assert names == ["dot_general", "dot_general"]
    unoptimized = meshjit.make_jaxpr(
        lambda a, b, c: jnp.einsum("ab,bc,cd->da", a, b, c, optimize=False)
    )(*ops)
    assert [e.primitive.name for e in unoptimized.eqns] == ["dot_general", "dot_general"]


def test_einsum_matches_jax_with_int_promotion():
    jax = pytest.importorskip("jax")
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    b = _rand(3, 2)
    ours = meshjit.jit(lambda x, y: jnp.einsum("ij,jk->ki", x, y))(a, b)
    theirs = jax.numpy.einsum("ij,jk->ki", a, b)
    assert ours.dtype == theirs.dtype
    np.testing.assert_allclose(np.asarray(ours), np.asarray(theirs), rtol=1e-5)


@pytest.mark.parametrize(
    "spec, shapes, match",
    [
        (
            "ij,jk->ik",
            [(3, 4), (5, 6)],
            "Size of label 'j' for operand 1 \\(4\\) does not match previous terms \\(5\\)",
        ),
        (
            "ij,jk->ik",
            [(3, 4)],
            "Number of einsum subscripts, 2, must be equal to the number of operands, 1",
        ),
        ("ijk->i", [(3, 4)], "subscript 'ijk' does not contain the correct number of indices"),
        ("ij->ix", [(3, 4)], "output label 'x' .* does not appear in any input"),
        ("ij->ii", [(3, 4)], "Output character 'i' appeared more than once"),
        ("i-j->i", [(3, 4)], "invalid subscript term 'i-j'"),  # ('i1' is JAX's too: a label)
        ("...i,...i", [(2, 4), (3, 4)], "Size of label ... for operand 1"),
    ],
)
def test_einsum_errors(spec, shapes, match):
    ops = [_rand(*s) for s in shapes]
    with pytest.raises(meshjit.MeshjitValueError, match=match) as info:
        meshjit.jit(lambda *xs: jnp.einsum(spec, *xs)).lower(*ops)
    assert "test_contractions.py" in info.value.located()
