"""Writes corpus.json: every `>>>` example in the docstrings of JAX 0.10.2's public API, and
whether it passes under JAX itself (run by the same runner meshjit's examples run by).

Run as a script in an environment with jax (`make doc-examples-corpus`); meshjit's side reads
only the JSON, so it never needs jax.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import json
import os
import pathlib
import sys

MODULES = (
    "jax",
    "jax.numpy",
    "jax.numpy.linalg",
    "jax.numpy.fft",
    "jax.lax",
    "jax.lax.linalg",
    "jax.random",
    "jax.nn",
    "jax.nn.initializers",
    "jax.scipy.special",
    "jax.scipy.stats",
    "jax.scipy.linalg",
    "jax.scipy.signal",
    "jax.scipy.fft",
    "jax.scipy.ndimage",
    "jax.scipy.integrate",
    "jax.scipy.optimize",
    "jax.scipy.interpolate",
    "jax.scipy.cluster.vq",
    "jax.scipy.spatial.transform",
    "jax.tree_util",
    "jax.tree",
    "jax.image",
    "jax.sharding",
    "jax.debug",
)
CORPUS = pathlib.Path(__file__).with_name("corpus.json")


def public_objects(module):
    """(qualified name, object) for the module's public names, and its scipy.stats
    distributions' functions (`jax.scipy.stats.norm.pdf`)."""
    names = getattr(module, "__all__", None) or [n for n in dir(module) if not n.startswith("_")]
    for name in sorted(names):
        obj = getattr(module, name, None)
        if obj is None or (
            inspect.ismodule(obj) and not module.__name__.startswith("jax.scipy.stats")
        ):
            continue
        if inspect.ismodule(obj):
            for sub in sorted(n for n in dir(obj) if not n.startswith("_")):
                yield f"{module.__name__}.{name}.{sub}", getattr(obj, sub)
        else:
            yield f"{module.__name__}.{name}", obj


def doctests_of(name, obj):
    """The doctests of `obj` and, for a class, of its public methods."""
    finder = doctest.DocTestFinder(recurse=inspect.isclass(obj), exclude_empty=True)
    try:
        tests = finder.find(obj, name, module=False, globs={})
    except (ValueError, TypeError):
        return []
    return [t for t in tests if t.examples and not t.name.rsplit(".", 1)[-1].startswith("_")]


def flag_names(options):
    names = {v: k for k, v in doctest.OPTIONFLAGS_BY_NAME.items()}
    return {names[flag]: bool(on) for flag, on in options.items()}


def as_record(module_name, test):
    return {
        "module": module_name,
        "name": test.name,
        "examples": [
            {
                "source": e.source,
                "want": e.want,
                "exc_msg": e.exc_msg,
                "lineno": e.lineno,
                "options": flag_names(e.options),
            }
            for e in test.examples
        ],
    }


def collect():
    seen, records = set(), []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name, obj in public_objects(module):
            for test in doctests_of(name, obj):
                key = (test.docstring, tuple(e.source for e in test.examples))
                if key in seen:
                    continue
                seen.add(key)
                records.append(as_record(module_name, test))
    return records


def main() -> int:
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax

    jax.config.update("jax_num_cpu_devices", 8)
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))
    from tests.doc_examples import runner

    records = collect()
    for record in records:
        result = runner.run_record(record, library="jax")
        record["passes_under_jax"] = result.passed
        record["jax_error"] = result.error
    corpus = {"jax_version": jax.__version__, "docstrings": records}
    CORPUS.write_text(json.dumps(corpus, indent=1) + "\n")
    passing = sum(r["passes_under_jax"] for r in records)
    print(f"{len(records)} docstrings, {passing} pass under JAX {jax.__version__} -> {CORPUS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
