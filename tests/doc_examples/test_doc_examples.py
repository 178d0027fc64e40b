"""Every docstring example of JAX 0.10.2's public API (the checked-in corpus) runs under
meshjit and prints what JAX's docs say, unless it is listed in `expectations` with a reason;
a listed expected failure must still fail, so the list stays honest."""

import pytest

from tests.doc_examples import corpus, expectations, runner
from tests.support import campaign

RECORDS = corpus.records()


# One example in sixteen in `make test` (about a second each: eager ops compile; one in four no
# longer fit its 15 minutes, one in eight took 19 s of one core in session 34), the rest in
# `make test-campaigns`; `make doc-examples` reports the whole corpus.
@pytest.mark.parametrize("record", campaign.every(16, RECORDS, ids=lambda r: r["name"]))
def test_docstring_examples(record):
    reason = corpus.skip_reason(record)
    if reason:
        pytest.skip(reason)
    result = runner.run_record(record)
    expected = corpus.expected_failure(record)
    if expected:
        assert not result.passed, f"now passes; remove it from EXPECTED_FAILURES ({expected})"
        return
    assert result.passed, f"{result.error}\nin the example:\n{result.source}"


def test_the_lists_name_corpus_docstrings_and_give_reasons():
    names = {r["name"] for r in RECORDS}
    for listing in (expectations.SKIPS, expectations.EXPECTED_FAILURES):
        assert set(listing) <= names, set(listing) - names
        assert all(reason.strip() for reason in listing.values())


def test_imports_are_swapped_for_meshjit():
    source = "import jax\nimport jax.numpy as jnp\nfrom jax.sharding import PartitionSpec as P\n"
    assert runner.swap_imports(source) == (
        "import meshjit as jax\nimport meshjit.numpy as jnp\n"
        "from meshjit.sharding import PartitionSpec as P\n"
    )


def test_a_comma_separated_import_is_swapped_module_by_module():
    source = "import jax, jax.numpy as jnp\n  import numpy as np, jax.lax\n"
    assert runner.swap_imports(source) == (
        "import meshjit as jax; import meshjit.numpy as jnp\n"
        "  import numpy as np; import meshjit.lax; import meshjit as jax\n"
    )
