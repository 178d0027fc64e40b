"""Writes the FileCheck goldens of a Shardy-fidelity suite file (test/lit/passes/shardy/):
each case's `// CHECK` lines become meshjit's output for it (its RUN-line pipeline), one
CHECK-LABEL per func and one CHECK per line that carries a sharding, a reshard or an
all_reduce. Run it after changing the passes, then review the diff:

    python -m tests.support.shardy_goldens test/lit/passes/shardy/*.mlir
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from meshjit.dialects import make_context
from tests.support.shardy_suite import _RUN_PIPELINE, _run_lines, run

SEPARATOR = "\n// -----\n"
_KEEP = re.compile(r"sharding|sdy\.reshard|sdy\.all_reduce|sdy\.constant")
_FUNC = re.compile(r"func\.func (?:private )?@([\w.]+)\(")


def check_lines(output: str) -> list[str]:
    lines = []
    for line in output.splitlines():
        text = line.strip()
        func = _FUNC.search(text)
        if func is not None:
            lines.append(f"// CHECK-LABEL: func.func {{{{(private )?}}}}@{func.group(1)}(")
        if _KEEP.search(text) and "{{" not in text and "[[" not in text:
            lines.append(
                f"// CHECK{'-SAME' if func else ''}: {text[text.index('(') + 1 :] if func else text}"
            )
    return lines


def rewrite(path: Path) -> None:
    text = path.read_text()
    pipeline = _RUN_PIPELINE.search(_run_lines(text)).group(1)
    chunks = text.split(SEPARATOR)
    out = []
    for chunk in chunks:
        kept = [ln for ln in chunk.split("\n") if not re.match(r"// CHECK(-\w+)?:", ln)]
        chunk = "\n".join(kept)
        if "func.func" not in chunk:
            out.append(chunk)
            continue
        with make_context():
            output = str(run(chunk, pipeline))
        at = chunk.index("sdy.mesh") if "sdy.mesh" in chunk else chunk.index("func.func")
        at = chunk.rfind("\n", 0, at) + 1
        out.append(chunk[:at] + "\n".join(check_lines(output)) + "\n" + chunk[at:])
    path.write_text(SEPARATOR.join(out))


if __name__ == "__main__":
    for name in sys.argv[1:]:
        rewrite(Path(name))
