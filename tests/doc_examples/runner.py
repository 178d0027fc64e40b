"""Runs a docstring's `>>>` examples (one corpus record) with Python's doctest machinery, under
meshjit (the examples' `jax` imports swapped for meshjit's) or, when the corpus is made, under
JAX itself.

The globals are those JAX's own doctests run with: `jax`, `jnp`, `lax`, `np` (its conftest)
and the public names of the module the object is documented in (pytest's doctest-modules runs
examples in their module's globals). Outputs compare as under JAX's doctest options: ELLIPSIS,
NORMALIZE_WHITESPACE and pytest's NUMBER (floats to the precision the docs print).
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import doctest
import importlib
import math
import re
import tempfile

import numpy as np

OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.FAIL_FAST

_IMPORT_AS = re.compile(r"^(\s*)import jax((?:\.\w+)*)(\s+as\s+\w+)")
_IMPORT_JAX = re.compile(r"^(\s*)import jax\s*$")
_IMPORT_SUBMODULE = re.compile(r"^(\s*)import jax((?:\.\w+)+)\s*$")
_FROM_JAX = re.compile(r"^(\s*)from jax((?:\.\w+)*) import")
_IMPORT_LIST = re.compile(
    r"^(\s*)import\s+(\w[\w.]*(?:\s+as\s+\w+)?(?:\s*,\s*\w[\w.]*(?:\s+as\s+\w+)?)+)\s*$"
)


def swap_imports(source: str) -> str:
    """The example's source with its `jax` imports made meshjit's (the same names bound)."""
    lines = []
    for line in source.split("\n"):
        listed = _IMPORT_LIST.match(line)
        if listed:  # `import jax, jax.numpy as jnp`: one statement per module, each swapped
            items = [f"import {item.strip()}" for item in listed.group(2).split(",")]
            line = listed.group(1) + "; ".join(swap_imports(item) for item in items)
            lines.append(line)
            continue
        line = _IMPORT_AS.sub(r"\1import meshjit\2\3", line)
        line = _IMPORT_JAX.sub(r"\1import meshjit as jax", line)
        line = _IMPORT_SUBMODULE.sub(r"\1import meshjit\2; import meshjit as jax", line)
        line = _FROM_JAX.sub(r"\1from meshjit\2 import", line)
        lines.append(line)
    return "\n".join(lines)


def _module_names(library: str, name: str) -> dict:
    """The public names of the longest module prefix of `name` (a JAX name) in `library`."""
    parts = name.split(".")[1:-1]
    for end in range(len(parts), -1, -1):
        try:
            module = importlib.import_module(".".join([library, *parts[:end]]))
        except ImportError:
            continue
        return {k: v for k, v in vars(module).items() if not k.startswith("_")}
    return {}


def example_globals(library: str, name: str) -> dict:
    """`jax`, `jnp`, `lax` and `np` as JAX's doctests have them, from `library`, over the names
    of the module documenting `name`."""
    return {
        **_module_names(library, name),
        "jax": importlib.import_module(library),
        "jnp": importlib.import_module(f"{library}.numpy"),
        "lax": importlib.import_module(f"{library}.lax"),
        "np": np,
    }


_NUMBER = re.compile(
    r"(?P<number>(?P<mantissa>(?P<integer1>[+-]?\d*)\.(?P<fraction>\d+)|(?P<integer2>[+-]?\d+)\.)"
    r"(?:[Ee](?P<exponent1>[+-]?\d+))?|(?P<integer3>[+-]?\d+)(?:[Ee](?P<exponent2>[+-]?\d+)))"
)


def _precision(number: re.Match) -> int:
    fraction = number.group("fraction")
    exponent = number.group("exponent1") or number.group("exponent2")
    return (len(fraction) if fraction else 0) - (int(exponent) if exponent else 0)


def _is_subclass_name(got: str, want: str) -> bool:
    """Under IGNORE_EXCEPTION_DETAIL doctest compares bare exception names: meshjit's own
    classes match the builtin they subclass (a MeshjitValueError is a ValueError), and JAX's
    names of `jax.errors` (meshjit.errors) the classes they stand for."""
    public = importlib.import_module("meshjit.errors")
    expected = getattr(builtins, want.strip(), None) or getattr(public, want.strip(), None)
    if not (isinstance(expected, type) and issubclass(expected, BaseException)):
        return False
    errors = importlib.import_module("meshjit.compiler.errors")
    raised = getattr(errors, got.strip(), None)
    return isinstance(raised, type) and issubclass(raised, expected)


class NumberChecker(doctest.OutputChecker):
    """pytest's NUMBER option: a float matches to the precision the expected output shows."""

    def check_output(self, want, got, optionflags):
        if super().check_output(want, got, optionflags):
            return True
        if optionflags & doctest.IGNORE_EXCEPTION_DETAIL and _is_subclass_name(got, want):
            return True
        wants, gots = list(_NUMBER.finditer(want)), list(_NUMBER.finditer(got))
        if len(wants) != len(gots):
            return False
        pieces, end = [], 0
        for w, g in zip(wants, gots):
            close = math.isclose(
                float(w.group()), float(g.group()), rel_tol=1e-6, abs_tol=10.0 ** -_precision(w)
            )
            pieces += [got[end : g.start()], w.group() if close else g.group()]
            end = g.end()
        return super().check_output(want, "".join(pieces) + got[end:], optionflags)


@dataclasses.dataclass
class Result:
    passed: bool
    tried: int = 0
    error: str = ""  # the first failure's first line
    source: str = ""  # the example that failed


class _Runner(doctest.DocTestRunner):
    """Keeps the first failure (FAIL_FAST stops there) instead of printing it."""

    def __init__(self):
        super().__init__(checker=NumberChecker(), optionflags=OPTIONS, verbose=False)
        self.failure: tuple[str, str] | None = None

    def report_failure(self, out, test, example, got):
        if example.exc_msg is not None:  # compare the exception lines, not the tracebacks
            want, first = example.exc_msg.strip(), got.strip().split("\n")[-1]
        else:
            want = example.want.strip().split("\n")[0]
            first = got.strip().split("\n")[0] if got.strip() else "<nothing>"
        self.failure = (example.source, f"output: got {first!r}, want {want!r}")

    def report_unexpected_exception(self, out, test, example, exc_info):
        kind, value = exc_info[0], exc_info[1]
        message = str(value).strip().split("\n")[0]
        self.failure = (example.source, f"{kind.__name__}: {message}")


def as_doctest(record, library: str) -> doctest.DocTest:
    swap = swap_imports if library == "meshjit" else (lambda s: s)
    examples = [
        doctest.Example(
            swap(e["source"]),
            e["want"],
            exc_msg=e["exc_msg"],
            lineno=e["lineno"],
            options={doctest.OPTIONFLAGS_BY_NAME[k]: v for k, v in e["options"].items()},
        )
        for e in record["examples"]
    ]
    globs = example_globals(library, record["name"])
    return doctest.DocTest(examples, globs, record["name"], None, 0, None)


def run_record(record, library: str = "meshjit") -> Result:
    """Runs the record's examples in fresh globals; stops at the first failure."""
    runner = _Runner()
    config = importlib.import_module(library).config
    x64 = bool(getattr(config, "jax_enable_x64", False))
    try:  # in a scratch directory: some examples save files
        with np.printoptions(), tempfile.TemporaryDirectory() as scratch, contextlib.chdir(scratch):
            outcome = runner.run(as_doctest(record, library), out=lambda _: None, clear_globs=True)
    finally:
        if bool(getattr(config, "jax_enable_x64", False)) != x64:
            config.update("jax_enable_x64", x64)
    if runner.failure:
        source, error = runner.failure
        return Result(False, outcome.attempted, error, source)
    return Result(True, outcome.attempted)
