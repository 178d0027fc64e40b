"""The duration log of `make test-durations` (tests/support/durlog.py)."""

from types import SimpleNamespace

from tests.support import durlog


def _report(duration, when, nodeid):
    return SimpleNamespace(duration=duration, when=when, outcome="passed", nodeid=nodeid)


def test_logs_each_phase_and_sums_them_per_test_and_directory(tmp_path, monkeypatch):
    log = tmp_path / "d.log"
    monkeypatch.setenv("DURLOG", str(log))
    monkeypatch.delenv("PYTEST_XDIST_WORKER", raising=False)
    durlog.pytest_runtest_logreport(_report(2.0, "setup", "tests/a/test_x.py::t[1]"))
    durlog.pytest_runtest_logreport(_report(3.0, "call", "tests/a/test_x.py::t[1]"))
    durlog.pytest_runtest_logreport(_report(1.5, "call", "tests/b/test_y.py::u"))
    totals = durlog.read(str(log))
    assert totals == {"tests/a/test_x.py::t[1]": 5.0, "tests/b/test_y.py::u": 1.5}
    text = durlog.report(totals)
    assert text.splitlines()[0] == "2 tests, 6 worker-seconds"
    assert "     5.0  tests/a\n     1.5  tests/b" in text


def test_does_nothing_without_durlog_or_in_an_xdist_worker(tmp_path, monkeypatch):
    log = tmp_path / "d.log"
    monkeypatch.delenv("DURLOG", raising=False)
    durlog.pytest_runtest_logreport(_report(1.0, "call", "tests/test_x.py::t"))
    monkeypatch.setenv("DURLOG", str(log))
    monkeypatch.setenv("PYTEST_XDIST_WORKER", "gw0")
    durlog.pytest_runtest_logreport(_report(1.0, "call", "tests/test_x.py::t"))
    assert not log.exists()
