"""What meshjit-lower and meshjit-opt share: the error they report, output, help layout."""

from __future__ import annotations

import argparse
import sys


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
