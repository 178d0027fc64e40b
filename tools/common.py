"""What the tools (meshjit-lower, -opt, -compile) share: the error they report, their main,
output and input, help layout, --version, and the mesh and sharding notation."""

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


def run_main(prog: str, parser: argparse.ArgumentParser, run, argv) -> int:
    """A tool's main: parse `argv`, run, and report a ToolError as one line with exit code 1."""
    args = parser.parse_args(argv)
    try:
        return run(args)
    except ToolError as e:
        return report(prog, e)


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
    from meshjit.compiler.traceback_util import drop_note

    drop_note(error)  # its frames are hidden here already
    lines += traceback.format_exception_only(type(error), error)
    return "".join(lines).rstrip("\n")


def tool_parser(prog: str, description: str, options) -> argparse.ArgumentParser:
    """A tool's parser: its (flag names, argparse keywords) options, then --version."""
    parser = argparse.ArgumentParser(
        prog=prog, description=description, allow_abbrev=False, formatter_class=help_formatter
    )
    for names, keywords in options:
        parser.add_argument(*names, **keywords)
    add_version(parser, prog)
    return parser


def add_version(parser: argparse.ArgumentParser, prog: str) -> None:
    from meshjit import __version__

    parser.add_argument("--version", action="version", version=f"{prog} (meshjit) {__version__}")


def read_input(path: str):
    """A module file's contents: text, or bytes for MLIR bytecode / VHLO; `-` is stdin."""
    try:
        data = sys.stdin.buffer.read() if path == "-" else open(path, "rb").read()
    except OSError as e:
        raise ToolError(f"could not open input file '{path}': {e.strerror}") from None
    if data.startswith(b"ML\xefR"):
        return data
    try:
        return data.decode()
    except UnicodeDecodeError:
        raise ToolError(f"'{path}' is neither MLIR text, bytecode nor a VHLO artifact") from None


def parse_mesh(text: str):
    """`data=4,model=2` -> a Mesh over the first 8 CPU devices (more are made if it needs)."""
    import math

    import meshjit

    axes = []
    for item in text.split(","):
        name, eq, size = item.partition("=")
        if not eq or not name.strip().isidentifier() or not size.strip().isdigit():
            raise ToolError(f"malformed --mesh '{text}': expected AXIS=N,..., e.g. data=4,model=2")
        axes.append((name.strip(), int(size)))
    names = [n for n, _ in axes]
    if len(set(names)) != len(names):
        raise ToolError(f"--mesh '{text}' repeats an axis name")
    size = math.prod(s for _, s in axes)
    if size > meshjit.config.jax_num_cpu_devices:
        meshjit.config.update("jax_num_cpu_devices", size)
    return meshjit.make_mesh(tuple(s for _, s in axes), tuple(names))


def parse_spec(text: str, mesh, what: str | None = None):
    """`data,_` / `(data,model)` / `` -> a PartitionSpec over `mesh`'s axes (checked when a
    mesh is given); `-` -> None."""
    from meshjit.sharding import PartitionSpec

    text = text.strip()
    if text == "-":
        return None
    what = what or f"sharding '{text}'"
    entries = [_spec_entry(e, text, mesh, what) for e in split_top(text)] if text else []
    return PartitionSpec(*entries)


def split_top(text: str) -> list[str]:
    """`text` split at the commas outside parentheses."""
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return parts + [current]


def _spec_entry(entry: str, text: str, mesh, what: str):
    entry = entry.strip()
    if entry in ("_", "None", ""):
        return None
    names = [n.strip() for n in entry.strip("()").split(",")]
    for name in names:  # without a mesh, the module's mesh is the judge
        if mesh is not None and name not in mesh.axis_names:
            known = f"mesh axes {', '.join(mesh.axis_names)}"
            raise ToolError(f"{what} names axis '{name}', which is not in the mesh ({known})")
    return names[0] if len(names) == 1 and not entry.startswith("(") else tuple(names)
