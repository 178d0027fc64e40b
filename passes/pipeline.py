"""Textual pass pipelines that mix MLIR's passes with meshjit's Python passes.

`builtin.module(canonicalize, meshjit-print-op-stats{json=true}, func.func(cse))` is split into
its top-level entries; `meshjit-*` entries become Python passes from the registry, every other
entry is handed to MLIR's own pipeline parser. All of them go, in order, into one PassManager.
"""

from __future__ import annotations

import dataclasses
import re

from jaxlib.mlir import ir, passmanager

from meshjit.passes.registry import PREFIX, PassRegistryError, add_pass

ANCHOR = "builtin.module"
_CLOSERS = {"(": ")", "{": "}"}
_NAME = re.compile(r"^[\w.-]+$")


@dataclasses.dataclass(frozen=True)
class PipelineEntry:
    """One top-level element: a meshjit pass with its options, or upstream pipeline text."""

    text: str
    meshjit_name: str | None = None
    options: tuple[tuple[str, str], ...] = ()


def split_top_level(text: str, separators: str = ",") -> list[str]:
    """Splits at separators outside (), {} and quotes; drops empty pieces."""
    pieces, depth, quoted, start = [], [], False, 0
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif ch in _CLOSERS:
            depth.append(_CLOSERS[ch])
        elif depth and ch == depth[-1]:
            depth.pop()
        elif ch in ")}":
            raise PassRegistryError(f"unbalanced '{ch}' in pass pipeline: {text}")
        elif not depth and ch in separators:
            pieces.append(text[start:i])
            start = i + 1
    if depth or quoted:
        raise PassRegistryError(f"unterminated pass pipeline: {text}")
    pieces.append(text[start:])
    return [p.strip() for p in pieces if p.strip()]


def _strip_anchor(pipeline: str) -> str:
    text = pipeline.strip()
    missing = text.count("(") - text.count(")")
    if text.startswith(ANCHOR + "(") and missing > 0:
        raise PassRegistryError(
            f"pass pipeline is missing {missing} closing parenthes{'i' if missing == 1 else 'e'}s "
            f"')': {pipeline}"
        )
    if not (text.startswith(ANCHOR + "(") and text.endswith(")")):
        raise PassRegistryError(
            f"expected pass pipeline to be wrapped with the anchor operation type, "
            f"e.g. '{ANCHOR}(...)': {pipeline}"
        )
    return text[len(ANCHOR) + 1 : -1]


def _parse_options(name: str, body: str) -> tuple[tuple[str, str], ...]:
    options = []
    for item in split_top_level(body, separators=" \t\n"):
        key, eq, value = item.partition("=")
        if not eq:
            raise PassRegistryError(f"pass '{name}': expected 'option=value', got '{item}'")
        options.append((key.strip(), value.strip().strip('"')))
    return tuple(options)


def _parse_entry(text: str) -> PipelineEntry:
    name, brace, rest = text.partition("{")
    name = name.strip()
    if name.startswith(PREFIX):
        if not _NAME.match(name) or (brace and not rest.endswith("}")):
            raise PassRegistryError(f"malformed pass entry: '{text}'")
        return PipelineEntry(text, name, _parse_options(name, rest[:-1]) if brace else ())
    if PREFIX in text:
        raise PassRegistryError(
            f"meshjit passes run on the module: put them at the top level of "
            f"'{ANCHOR}(...)', not inside '{text}'"
        )
    return PipelineEntry(text)


def parse_pipeline(pipeline: str) -> list[PipelineEntry]:
    """The top-level entries of `builtin.module(...)`."""
    return [_parse_entry(piece) for piece in split_top_level(_strip_anchor(pipeline))]


def build_pass_manager(
    entries: list[PipelineEntry], context: ir.Context | None = None
) -> passmanager.PassManager:
    """A module-anchored PassManager running `entries` in order.

    Raises PassRegistryError for unknown meshjit passes or options and ValueError (from MLIR)
    for unknown upstream passes.
    """
    pm = passmanager.PassManager(ANCHOR, context=context)
    for k, entry in enumerate(entries):
        if entry.meshjit_name is None:
            pm.add(entry.text)
        else:
            add_pass(pm, entry.meshjit_name, _with_hints(entry, entries[k + 1 :]))
    return pm


def _with_hints(entry: PipelineEntry, later: list[PipelineEntry]) -> dict:
    """The entry's options, and for meshjit-propagate whether meshjit-export follows (then,
    Shardy-compatibly, it stands for sdy-propagation-pipeline: import steps included)."""
    options = dict(entry.options)
    if entry.meshjit_name == "meshjit-propagate" and "exported" not in options:
        options["exported"] = str(any(e.meshjit_name == "meshjit-export" for e in later)).lower()
    return options


def pass_manager_from_text(pipeline: str, context: ir.Context | None = None):
    """`build_pass_manager(parse_pipeline(pipeline))`."""
    return build_pass_manager(parse_pipeline(pipeline), context)
