"""Symbolic dimensions (`meshjit.export.symbolic_shape`, compiler/ir/shape_poly.py): their
arithmetic, printing, comparisons (decided, or JAX's InconclusiveDimensionOperation), scopes
and constraints, each case's text equal to JAX 0.10.2's (tests/support/poly_programs.py runs in
both; JAX's texts are recorded)."""

import pytest

from meshjit import export
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


@pytest.mark.parametrize(
    "spec, detail",
    [
        (
            "b, ,",
            "in dimension 1: expecting one of {NAME, MINUS, NUMBER} but found COMMA. "
            "Parsed 'b, ', remaining ','.",
        ),
        (
            "a // 2",
            "in dimension 0: expecting one of {STAR} but found DOUBLESLASH. Parsed 'a ', "
            "remaining '// 2'.",
        ),
        (
            "foo(b)",
            "in dimension 0: expecting one of {STAR} but found LPAR. Parsed 'foo', "
            "remaining '(b)'.",
        ),
        (
            "max(a)",
            "in dimension 0: expecting one of {COMMA} but found RPAR. Parsed 'max(a', "
            "remaining ')'.",
        ),
        (
            "a b",
            "in dimension 0: expecting one of {STAR} but found NAME. Parsed 'a ', remaining 'b'.",
        ),
        (
            "a)",
            "in dimension 1: expecting one of {ENDMARKER} but found RPAR. Parsed 'a', "
            "remaining ')'.",
        ),
        ("b, 2.5", "in dimension 1: expecting integer, found 2.5. Parsed 'b, ', remaining '2.5'."),
        (
            "a, _",
            "in dimension 1: spec contains ... but no 'like' shape was given. Parsed 'a, ', "
            "remaining '_'.",
        ),
        (
            "b +",
            "in dimension 0: expecting one of {NAME, MINUS, NUMBER} but found ENDMARKER. "
            "Parsed '', remaining ''.",
        ),
    ],
)
def test_syntax_errors_are_jaxs_parser_sentences(spec, detail):
    # JAX's parser reads tokens: its errors say what it parsed and what remains
    with pytest.raises(ValueError) as e:
        export.symbolic_shape(spec)
    assert str(e.value) == f"syntax error in symbolic shape {spec!r} {detail}"


def test_the_grammar_as_jaxs():
    a, b = export.symbolic_shape("a, b")
    assert str(export.symbolic_shape("a^2, b")) == str((a**2, b)) == "(a^2, b)"
    assert str(export.symbolic_shape("(b, 4)")) == "(b, 4)"
    assert export.symbolic_shape("-a + 5, max(a, 3), min(b, 1) - 2")[2] == -1
    with pytest.raises(ValueError, match="different size 4 for known dimension; like=\\(2, 3\\)"):
        export.symbolic_shape("(b, 4)", like=(2, 3))
    assert export.symbolic_shape("_, 3", like=(2, 3)) == (2, 3)
