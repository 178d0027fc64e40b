"""The import graph: every module imports alone, there are no module-level cycles, and the
packages import one way along the data flow (ir <- trace <- lax <- {numpy, ad, parallel} <- jit
-> runtime; passes -> dialects; nothing imports tools).

Imports inside functions are not edges: they run at call time, when every module is loaded
(that is how a rule reaches an op of a later family, marked `# a later family`).
"""

from __future__ import annotations

import ast
import json
import pathlib
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[1]
SOURCES = {
    "src/meshjit": "meshjit",
    "compiler": "meshjit.compiler",
    "dialects": "meshjit.dialects",
    "passes": "meshjit.passes",
    "tools": "meshjit.tools",
}


def _modules() -> dict[str, pathlib.Path]:
    found = {}
    for folder, package in SOURCES.items():
        for path in sorted((REPO / folder).rglob("*.py")):
            parts = list(path.relative_to(REPO / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join([package, *parts])] = path
    return found


MODULES = _modules()


def _imported(name: str, path: pathlib.Path) -> set[str]:
    """The meshjit modules `name` imports at module level (not under TYPE_CHECKING)."""
    out: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def add(target: str, names=()):
        subs = [f"{target}.{n}" for n in names if f"{target}.{n}" in MODULES]
        out.update(subs)
        if len(subs) < len(names) or not names:
            while target not in MODULES and "." in target:
                target = target.rpartition(".")[0]
            out.add(target)

    def visit(body):
        for node in body:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("meshjit"):
                        add(alias.name)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([node.module] if node.module else []))
                if base.startswith("meshjit"):
                    add(base, [a.name for a in node.names])
            elif isinstance(node, ast.If) and "TYPE_CHECKING" not in ast.unparse(node.test):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)

    visit(ast.parse(path.read_text()).body)
    out.discard(name)
    return out


GRAPH = {name: _imported(name, path) for name, path in MODULES.items()}


def _room(module: str) -> str:
    """The package a module belongs to: compiler subpackages, passes, dialects, tools, facade."""
    parts = module.split(".")
    if parts[:2] == ["meshjit", "compiler"] and len(parts) > 2:
        return parts[2] if (REPO / "compiler" / parts[2]).is_dir() else "compiler"
    if len(parts) > 1 and parts[1] in ("passes", "dialects", "tools"):
        return parts[1]
    return "facade"


# Which rooms each room may import at module level. `compiler` is lowering / errors / config /
# tree_util at the top of compiler/ (any subpackage may use them); ad, numpy, parallel and nn
# sit side by side over lax; random sits over jit and runtime (its samplers are jitted, as JAX's)
# and over batching (gamma batches as JAX's random_gamma primitive does).
# scipy and image sit over jit and batching too (JAX jits and vmaps inside them as well).
BASE = {"compiler", "dialects"}
ALLOWED = {
    "dialects": set(),
    "passes": {"dialects"},
    "compiler": {"ir", "dialects"},
    "ir": {"compiler", "dialects"},
    "trace": BASE | {"ir"},
    "lax": BASE | {"ir", "trace"},
    "ad": BASE | {"ir", "trace", "lax"},
    "parallel": BASE | {"ir", "trace", "lax", "ad"},
    "batching": BASE | {"ir", "trace", "lax", "ad", "parallel"},
    "numpy": BASE | {"ir", "trace", "lax"},
    "nn": BASE | {"ir", "trace", "lax", "ad", "parallel", "numpy", "jit", "runtime", "random"},
    "runtime": BASE | {"ir", "trace", "parallel"},
    "state": BASE | {"ir", "trace", "lax", "numpy"},
    "jit": BASE | {"ir", "trace", "lax", "ad", "parallel", "numpy", "runtime", "state"},
    "random": BASE
    | {"ir", "trace", "lax", "ad", "parallel", "batching", "numpy", "jit", "runtime", "state"},
    "scipy": BASE | {"ir", "trace", "lax", "ad", "batching", "numpy", "nn", "random", "jit"},
    "image": BASE | {"ir", "trace", "lax", "numpy", "jit"},
    "sparse": BASE | {"ir", "trace", "lax", "ad", "batching", "numpy", "random", "jit"},
    "example_libraries": BASE | {"ir", "trace", "lax", "ad", "numpy", "nn", "random", "jit"},
    "pallas": BASE | {"ir", "trace", "lax", "numpy", "state", "parallel"},
    "facade": BASE | {"ir", "trace", "lax", "ad", "parallel", "batching", "numpy", "nn", "jit",
                      "state", "runtime", "random", "scipy", "image", "example_libraries",
                      "passes", "sparse", "pallas", "facade"},
    "tools": BASE | {"ir", "trace", "lax", "jit", "runtime", "passes", "facade"},
}


def test_the_graph_covers_the_library():
    assert len(MODULES) > 100
    assert "meshjit.compiler.lowering" in MODULES and "meshjit.passes.api" in MODULES


def test_packages_import_one_way():
    wrong = sorted(
        f"{a} imports {b}"
        for a, targets in GRAPH.items()
        for b in targets
        if _room(b) != _room(a) and _room(b) not in ALLOWED[_room(a)]
    )
    assert not wrong, "\n".join(wrong)


def test_nothing_imports_tools():
    wrong = sorted(a for a, targets in GRAPH.items()
                   if _room(a) != "tools" and any(_room(b) == "tools" for b in targets))
    assert not wrong


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_no_module_level_import_cycles():
    # A package's __init__ importing its own submodules is not a cycle of concern only when the
    # submodules do not import the package back; the graph already resolves `from pkg import
    # mod` to the module, so any remaining component is a real cycle.
    assert _cycles(GRAPH) == []


def test_the_cycle_finder_finds_cycles():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


_FORK_IMPORTS = r"""
import importlib, json, os, sys, traceback
import numpy, ml_dtypes, jaxlib.mlir.ir  # the heavy dependencies, loaded once before forking
failed = {}
for name in json.loads(sys.argv[1]):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            importlib.import_module(name)
            code = 0
        except BaseException:
            os.write(w, traceback.format_exc().encode())
            code = 1
        os._exit(code)
    os.close(w)
    with os.fdopen(r) as pipe:
        message = pipe.read()
    _, status = os.waitpid(pid, 0)
    if status:
        failed[name] = message or f"exit status {status}"
print(json.dumps(failed))
"""


@pytest.mark.campaign  # a minute of imports: `make test-campaigns`
@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="needs fork")
def test_every_module_imports_alone_in_a_fresh_interpreter():
    """Each module is imported first, in a process where no meshjit module is loaded yet."""
    names = sorted(n for n in MODULES if _room(n) != "tools" or n.count(".") > 1)
    done = subprocess.run([sys.executable, "-c", _FORK_IMPORTS, json.dumps(names)], cwd="/",
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    failed = json.loads(done.stdout.strip().splitlines()[-1])
    assert not failed, "\n\n".join(f"{k}:\n{v}" for k, v in failed.items())


def test_no_lit_script_shadows_a_standard_module():
    """lit runs each script with its directory first on sys.path: a script named like a
    standard module (random.py) is what `import random` finds, anywhere in the process."""
    lit = pathlib.Path(__file__).resolve().parents[1] / "test" / "lit"
    shadowing = sorted(
        str(p.relative_to(lit)) for p in lit.rglob("*.py") if p.stem in sys.stdlib_module_names
    )
    assert not shadowing, shadowing
