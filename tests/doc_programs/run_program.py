"""Runs doc programs (scripts written against JAX) under JAX or, their imports swapped, under
meshjit, on 8 CPU devices, one after another in fresh globals; prints what each prints, then
`EXCEPTION: <type>` if it raised, then a separator line.

    python run_program.py jax|meshjit SCRIPT...
"""

from __future__ import annotations

import os
import sys
import traceback
import warnings

SEPARATOR = "=====doc-program-end====="


def _show_warning(message, category, *args, **kwargs):
    print(f"WARNING: {category.__name__}", flush=True)


def run(library: str, path: str) -> None:
    with open(path) as f:
        source = f.read()
    if library == "meshjit":
        from tests.doc_examples.runner import swap_imports

        source = swap_imports(source)
    scope = {"__name__": "__main__", "__file__": path}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("always")
            warnings.showwarning = _show_warning
            exec(compile(source, os.path.relpath(path), "exec"), scope)
    except BaseException as e:  # noqa: BLE001 - the program's uncaught error is its output
        sys.stdout.flush()
        print(f"EXCEPTION: {type(e).__name__}")
        traceback.print_exc(file=sys.stderr)
    sys.stdout.flush()


def main(argv=None) -> int:
    library, *paths = argv if argv is not None else sys.argv[1:]
    os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
    os.environ["MESHJIT_NUM_CPU_DEVICES"] = "8"
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    for path in paths:
        run(library, path)
        print(SEPARATOR, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
