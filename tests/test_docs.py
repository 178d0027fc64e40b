"""docs/architecture.md's worked example (a new primitive with all its rules in one family
file) runs against the real family module: its value and gradient match NumPy."""

import math
import pathlib
import re

import numpy as np

import meshjit
from meshjit.compiler.ir import registry
from meshjit.compiler.lax import elementwise

DOC = pathlib.Path(__file__).resolve().parents[1] / "docs" / "architecture.md"


def test_the_worked_example_adds_a_working_primitive():
    code = re.search(r"```python\n(.*?)```", DOC.read_text(), re.S).group(1)
    namespace = {**vars(elementwise), "math": math}
    exec(compile(code, str(DOC), "exec"), namespace)
    my_exp, prim = namespace["my_exp"], namespace["my_exp_p"]
    try:
        x = np.float32(0.75)
        np.testing.assert_allclose(np.asarray(meshjit.jit(my_exp)(x)), np.exp(x), rtol=1e-6)
        np.testing.assert_allclose(np.asarray(meshjit.grad(my_exp)(x)), np.exp(x), rtol=1e-6)
        assert "stablehlo.exponential" in meshjit.jit(my_exp).lower(x).as_text()
    finally:
        for table in (registry.abstract_eval_rules, registry.lowering_rules, registry.jvp_rules):
            table.pop(prim, None)


EMBEDDING = DOC.parent / "embedding.md"


def test_the_embedding_guide_runs(capsys):
    """docs/embedding.md's foreign frontend: built with the MLIR bindings, compiled, run."""
    blocks = re.findall(r"```python\n(.*?)```", EMBEDDING.read_text(), re.S)
    namespace: dict = {}
    try:
        for code in blocks:
            exec(compile(code, str(EMBEDDING), "exec"), namespace)
    finally:
        namespace["passes"].unregister_custom_call_rule("my_transpose")
    out = capsys.readouterr().out
    assert "P('data', 'model')" in out and "sdy.sharding_constraint" in out


README = DOC.parent.parent / "README.md"


def test_the_readme_python_quickstart_runs(capsys):
    """The README's Python quickstart blocks, in order in one namespace (as a reader pastes
    them): they run, and the explicit-sharding block prints JAX's types."""
    text = README.read_text()
    section = text[text.index("## Quickstart: Python") : text.index("## Embedding")]
    namespace: dict = {}
    for code in re.findall(r"```python\n(.*?)```", section, re.S):
        exec(compile(code, str(README), "exec"), namespace)
    out = capsys.readouterr().out
    assert "float32[8@X,4@Y]" in out and "float32[4@Y] float32[32@(X,Y)]" in out
