"""The split of long sweeps between `make test` and `make test-campaigns`
(tests/support/campaign.py): every case runs in exactly one of the two."""

import types

import pytest

from tests.support import campaign


def _config(markexpr):
    return types.SimpleNamespace(getoption=lambda name: markexpr if name == "markexpr" else None)


def _in_make_test(param) -> bool:
    return not any(mark.name == "campaign" for mark in param.marks)


def test_every_keeps_every_nth_case_for_make_test_and_marks_the_rest():
    params = campaign.every(3, "abcdefg", ids=str.upper)
    assert [p.values[0] for p in params] == list("abcdefg")
    assert [p.id for p in params] == list("ABCDEFG")
    assert [p.values[0] for p in params if _in_make_test(p)] == ["a", "d", "g"]


def test_grid_splits_the_product_and_unpacks_its_values():
    params = campaign.grid(2, [1, 2], ["x", "y"])
    assert [p.values for p in params] == [(1, "x"), (1, "y"), (2, "x"), (2, "y")]
    assert [p.id for p in params] == ["1-x", "1-y", "2-x", "2-y"]
    assert [p.values for p in params if _in_make_test(p)] == [(1, "x"), (2, "x")]


@pytest.mark.parametrize(
    ("markexpr", "deselected"),
    [("not campaign", True), ("campaign", False), ("", False), ("not slow", False),
     ("not campaign and not slow", True)],
)
def test_oracles_run_the_slice_only_when_campaigns_are_deselected(markexpr, deselected):
    config = _config(markexpr)
    assert campaign.campaigns_deselected(config) is deselected
    want = [0, 3, 6] if deselected else list(range(8))
    assert campaign.slice_for(config, 3, range(8)) == want


def test_make_test_deselects_the_campaigns():
    """pyproject's addopts give `make test` `-m 'not campaign'`; the Makefile's target selects
    them."""
    import os
    import shlex
    import tomllib

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "pyproject.toml"), "rb") as f:
        addopts = shlex.split(tomllib.load(f)["tool"]["pytest"]["ini_options"]["addopts"])
    assert campaign.campaigns_deselected(_config(addopts[addopts.index("-m") + 1]))
    with open(os.path.join(root, "Makefile")) as f:
        assert "pytest tests -n 2 -m campaign" in f.read()
