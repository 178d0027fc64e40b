"""The repository passes its linter (ruff, configured in pyproject.toml): the suite fails on a
lint error as it does on a failing test."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def ruff() -> str:
    path = os.path.join(os.path.dirname(sys.executable), "ruff")
    assert os.path.exists(path), "ruff is not installed: `make setup` installs the test extra"
    return path


def test_ruff_check_passes_on_the_repository():
    done = subprocess.run([ruff(), "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_finds_a_lint_error(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n")  # unused import: F401
    done = subprocess.run([ruff(), "check", "--no-cache", "--isolated", "--select", "F", str(bad)],
                          capture_output=True, text=True)
    assert done.returncode == 1 and "F401" in done.stdout
