"""Symbolic dimensions (`meshjit.export.symbolic_shape`, compiler/ir/shape_poly.py): their
arithmetic, printing, comparisons (decided, or JAX's InconclusiveDimensionOperation), scopes
and constraints, each case's text equal to JAX 0.10.2's (tests/support/poly_programs.py runs in
both; JAX's texts are recorded)."""

import pytest

from tests.support.poly_oracle import jax_poly_results, meshjit_poly_namespace

# JAX's parser names the token it stopped at; meshjit's (Python's own) says where it failed.
_PARSER_WORDS = {"like_mismatch"}


@pytest.fixture(scope="module")
def meshjit_dims():
    return meshjit_poly_namespace()["DIMS"]


def dim_case_names():
    return sorted(meshjit_poly_namespace()["DIMS"])


@pytest.mark.parametrize("case", dim_case_names())
def test_dimension_expressions_as_jax(meshjit_dims, case):
    want = jax_poly_results()["dims"][case]
    got = meshjit_dims[case]
    if case in _PARSER_WORDS:
        got, want = got.split(". Parsed")[0], want.split(". Parsed")[0]
    assert got == want


def test_max_and_min_bounded_by_cases():
    """`max(0, b - 2) <= b` (and the like) decided by cases on the max, as JAX decides them;
    the constant 0 prints as 0."""
    from meshjit import export
    from meshjit.compiler.ir.shape_poly import max_dim, min_dim

    (b,) = export.symbolic_shape("b")
    m = max_dim(0, b - 2)
    assert m <= b and m <= b - 1 and m + 1 <= b and b - m >= 0
    assert min_dim(b, 4) <= 4 and b - min_dim(b, 4) >= 0
    assert str(m) == "max(0, b - 2)"


def test_the_class_is_named_as_jax():
    import pickle

    from meshjit import export

    (b,) = export.symbolic_shape("b")
    assert type(b).__name__ == "_DimExpr"
    assert str(pickle.loads(pickle.dumps(b + 1))) == "b + 1"
