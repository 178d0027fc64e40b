"""The checked-in corpus of JAX 0.10.2's docstring examples, and what to do with each record:
run it, skip it (with a reason) or expect it to fail (with a reason)."""

from __future__ import annotations

import json
import pathlib

from tests.doc_examples import expectations

CORPUS = pathlib.Path(__file__).with_name("corpus.json")


def records() -> list[dict]:
    return json.loads(CORPUS.read_text())["docstrings"]


def skip_reason(record) -> str | None:
    """Why the record is not run, or None."""
    if not record["passes_under_jax"]:
        return f"fails under JAX 0.10.2 itself ({record['jax_error']})"
    if all(e["options"].get("SKIP") for e in record["examples"]):
        return "every example is marked +SKIP"
    return expectations.SKIPS.get(record["name"])


def expected_failure(record) -> str | None:
    return expectations.EXPECTED_FAILURES.get(record["name"])
