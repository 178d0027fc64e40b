"""The examples of JAX's "Shape polymorphism" page (tests/support/poly_doc_cases.py) run in
meshjit, each value or error (class and first line) equal to JAX 0.10.2's (recorded)."""

import pytest

from tests.support.poly_oracle import jax_poly_results, meshjit_poly_namespace

# JAX's text is wrong here: its message forgot the f-string ("{e1} == {e2}"); meshjit's names
# the constraint. Compared up to the first colon.
_PREFIX_ONLY = {"constraint_left_side"}


def doc_case_names():
    return sorted(meshjit_poly_namespace()["DOCS"])


@pytest.mark.parametrize("case", doc_case_names())
def test_doc_examples_as_jax(case):
    want = jax_poly_results()["docs"][case]
    got = meshjit_poly_namespace()["DOCS"][case]
    if case in _PREFIX_ONLY:
        got, want = got.split(":")[0], want.split(":")[0]
    assert got == want
