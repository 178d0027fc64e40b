"""tests/support/oracle_store.py: a recorded JAX result is found only for exactly the input it
was recorded for, reads back as it was written, and is written only when recording."""

from __future__ import annotations

import math

import pytest

from tests.support import oracle_store


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setattr(oracle_store, "STORE", str(tmp_path))
    monkeypatch.delenv("MESHJIT_RECORD_ORACLES", raising=False)
    return tmp_path


def test_every_part_and_its_boundaries_change_the_name():
    name = oracle_store.digest_name("case", "program", "harness")
    assert name.startswith("case_") and name.endswith(".json") and len(name) == 26
    assert name == oracle_store.digest_name("case", "program", "harness")
    for other in [("programX", "harness"), ("program", "harnesX"), ("programharness", "")]:
        assert oracle_store.digest_name("case", *other) != name, other
    assert oracle_store.digest_name("case", "program", "harness", ext=".npz").endswith(".npz")


def test_json_result_runs_once_recorded_and_reads_back_equal(store, monkeypatch):
    runs = []

    def run():
        runs.append(1)
        return {"a": (1, 2.5), "b": [float("nan")]}

    name = oracle_store.digest_name("t", "x")
    live = oracle_store.json_result(name, run)
    assert not list(store.iterdir())  # not recording: nothing written
    monkeypatch.setenv("MESHJIT_RECORD_ORACLES", "1")
    recorded = oracle_store.json_result(name, run)
    assert [p.name for p in store.iterdir()] == [name] and len(runs) == 2
    monkeypatch.delenv("MESHJIT_RECORD_ORACLES")
    again = oracle_store.json_result(name, run)
    assert len(runs) == 2  # found, JAX not run
    for got in (live, recorded, again):  # the live result has the recorded one's shape
        assert sorted(got) == ["a", "b"] and got["a"] == [1, 2.5]  # a list, as JSON reads back
        assert math.isnan(got["b"][0])


def test_sources_joins_the_files(tmp_path):
    (tmp_path / "a.py").write_text("A")
    (tmp_path / "b.py").write_text("B")
    assert oracle_store.sources(tmp_path / "a.py", tmp_path / "b.py") == "A\0B"
