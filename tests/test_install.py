"""Installing the way users install: a wheel (not editable) in a fresh virtualenv.

The wheel is built from the repository with this interpreter's setuptools, installed with pip
into a new virtualenv whose only other packages are this interpreter's dependencies (jaxlib,
numpy, ...; reached through a `.pth` line, so the editable meshjit installed here is not seen),
and imported from the repository root, where a top-level `meshjit/` folder would shadow it.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import pathlib
import site
import subprocess
import sys
import sysconfig
import venv

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]


def _run(argv, cwd, **kw):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["MESHJIT_NUM_CPU_DEVICES"] = "8"
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, **kw)
    assert done.returncode == 0, f"{argv} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


class _build_lock:
    """An exclusive lock per repository, held while a wheel is built from it."""

    def __enter__(self):
        name = hashlib.sha1(str(REPO).encode()).hexdigest()[:12]
        self.file = open(f"/tmp/meshjit-wheel-build-{name}.lock", "w")
        fcntl.flock(self.file, fcntl.LOCK_EX)

    def __exit__(self, *exc):
        fcntl.flock(self.file, fcntl.LOCK_UN)
        self.file.close()


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The python of a fresh virtualenv with meshjit installed from a wheel."""
    tmp = tmp_path_factory.mktemp("install")
    wheels = tmp / "wheels"
    with _build_lock():  # pytest workers building at once would share the repository's build/
        _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
              "-w", str(wheels), str(REPO)], cwd=tmp, timeout=600)
    (wheel,) = wheels.glob("meshjit-*.whl")
    env_dir = tmp / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    purelib = pathlib.Path(_run([str(python), "-c", "import sysconfig; "
                                 "print(sysconfig.get_paths()['purelib'])"], cwd=tmp).strip())
    deps = [p for p in {*site.getsitepackages(), sysconfig.get_paths()["purelib"]}
            if os.path.isdir(p)]
    (purelib / "meshjit_test_deps.pth").write_text("".join(p + "\n" for p in deps))
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
          "--no-index", str(wheel)], cwd=tmp, timeout=600)
    return python, purelib


def test_import_from_repository_root_uses_the_installed_package(installed):
    python, purelib = installed
    out = _run([str(python), "-c",
                "import meshjit, meshjit.numpy as jnp, meshjit.compiler, meshjit.passes; "
                "print(meshjit.__file__); print(float(meshjit.jit(lambda x: (x * 2).sum())"
                "(jnp.arange(4.0))))"], cwd=REPO, timeout=300)
    where, value = out.split()
    assert pathlib.Path(where).is_relative_to(purelib), where
    assert float(value) == 12.0


def test_examples_run_against_the_installed_package(installed):
    python, _ = installed
    out = _run([str(python), "examples/demo.py"], cwd=REPO, timeout=600)
    assert "CHECK: PASS" in out, out


def test_console_scripts_are_installed(installed):
    python, _ = installed
    for tool in ("meshjit-lower", "meshjit-opt", "meshjit-compile"):
        out = _run([str(python.parent / tool), "--version"], cwd=REPO, timeout=300)
        assert f"{tool} (meshjit)" in out


def test_every_package_directory_is_in_the_wheel():
    """pyproject lists its packages by hand: each directory with an __init__.py under the
    package roots must be there (a missing one left `import meshjit` failing when installed)."""
    import tomllib

    with open(REPO / "pyproject.toml", "rb") as f:
        listed = set(tomllib.load(f)["tool"]["setuptools"]["packages"])
    roots = {
        "src/meshjit": "meshjit",
        "compiler": "meshjit.compiler",
        "dialects": "meshjit.dialects",
        "passes": "meshjit.passes",
        "tools": "meshjit.tools",
    }
    missing = []
    for root, name in roots.items():
        for init in sorted((REPO / root).rglob("__init__.py")):
            rel = init.parent.relative_to(REPO / root).parts
            package = ".".join((name, *rel))
            if "__pycache__" not in rel and package not in listed:
                missing.append(package)
    assert not missing, f"add to pyproject's [tool.setuptools] packages: {missing}"
