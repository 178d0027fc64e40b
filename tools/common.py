"""What meshjit-lower and meshjit-opt share: the error they report, output, help layout."""

from __future__ import annotations

import argparse
import os
import sys
import traceback


class ToolError(Exception):
    """A usage or input error, reported as `<tool>: error: <message>` with exit code 1."""


def write_output(data: bytes, path: str) -> None:
    """Writes `data` to `path`, or to stdout for `-`."""
    if path == "-":
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError as e:
        raise ToolError(f"could not open output file '{path}': {e.strerror}") from None


def parse_bool(text: str) -> bool:
    """mlir-opt's spelling of booleans: `--verify-each=false`."""
    if text.lower() in ("true", "1", "on"):
        return True
    if text.lower() in ("false", "0", "off"):
        return False
    raise argparse.ArgumentTypeError(f"expected true or false, got '{text}'")


def help_formatter(prog: str) -> argparse.HelpFormatter:
    """A fixed width, so `--help` reads the same in every terminal (and in lit tests)."""
    return argparse.HelpFormatter(prog, max_help_position=36, width=100)


def report(prog: str, error: ToolError) -> int:
    print(f"{prog}: error: {error}", file=sys.stderr)
    return 1


def _meshjit_dirs() -> tuple[str, ...]:
    import meshjit
    import meshjit.compiler

    files = (meshjit.__file__, meshjit.compiler.__file__, __file__)
    return tuple(os.path.dirname(os.path.abspath(f)) + os.sep for f in files)


def user_traceback(error: BaseException, user_file: str) -> str:
    """The traceback of `error` from the user's first frame on, without meshjit's own frames."""
    frames = traceback.extract_tb(error.__traceback__)
    user_file = os.path.abspath(user_file)
    first = next((i for i, f in enumerate(frames) if os.path.abspath(f.filename) == user_file), 0)
    ours = _meshjit_dirs()
    kept = [f for f in frames[first:] if not os.path.abspath(f.filename).startswith(ours)]
    lines = ["Traceback (most recent call last; meshjit's own frames hidden):\n"]
    lines += traceback.format_list(kept)
    lines += traceback.format_exception_only(type(error), error)
    return "".join(lines).rstrip("\n")
