"""The registry of meshjit's own Python passes.

A pass is a function `run(module_op, pass_, **options)`, registered with a `meshjit-` name, a
one-line summary and documented options:

    @register_pass("meshjit-print-op-stats", "Print a count of operations by name",
                   options=[PassOption("json", bool, False, "print the counts as JSON")])
    def print_op_stats(module_op, pass_, *, json):
        ...

`add_pass(pm, name, {"json": "true"})` then adds it to a jaxlib PassManager as a Python pass, so
IR printing, verification and timing treat it like any MLIR pass. A pass that finds an error
calls `fail(pass_, location, message)`: an error a Python pass emits without signalling failure
is silently dropped by MLIR.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable

from jaxlib.mlir import ir, passmanager

PREFIX = "meshjit-"


class PassRegistryError(ValueError):
    """An unknown pass, a duplicate name, or a bad option value."""


@dataclasses.dataclass(frozen=True)
class PassOption:
    """One `name=value` option a pass accepts in a pipeline: `meshjit-foo{name=value}`."""

    name: str
    type: type
    default: object
    help: str

    def parse(self, text: str):
        parse = _OPTION_PARSERS.get(self.type, self.type)
        try:
            return parse(text)
        except ValueError:
            type_name = self.type.__name__
            raise PassRegistryError(
                f"option '{self.name}': expected {type_name}, got '{text}'"
            ) from None


def _parse_bool(text: str) -> bool:
    lowered = text.lower()
    if lowered in ("true", "1", "on"):
        return True
    if lowered in ("false", "0", "off"):
        return False
    raise ValueError(text)


_OPTION_PARSERS: dict[type, Callable[[str], object]] = {bool: _parse_bool}


@dataclasses.dataclass(frozen=True)
class PassInfo:
    """A registered pass: its name, summary, options and run function."""

    name: str
    summary: str
    run: Callable
    options: tuple[PassOption, ...] = ()

    def bind(self, options: dict[str, str]) -> Callable:
        """The `run_fn(op, pass_)` for PassManager.add, with `options` parsed and bound."""
        known = {o.name: o for o in self.options}
        values = {o.name: o.default for o in self.options}
        for key, text in options.items():
            if key not in known:
                valid = ", ".join(known) or "none"
                raise PassRegistryError(
                    f"pass '{self.name}' has no option '{key}' (options: {valid})"
                )
            values[key] = known[key].parse(text)
        return functools.partial(self.run, **values)


PASSES: dict[str, PassInfo] = {}


def register_pass(name: str, summary: str, *, options=()):
    """Decorator registering `run(module_op, pass_, **options)` as pass `name`."""
    if not name.startswith(PREFIX):
        raise PassRegistryError(f"meshjit pass names start with '{PREFIX}': '{name}'")
    if name in PASSES:
        raise PassRegistryError(f"pass '{name}' is already registered")

    def decorate(run: Callable) -> Callable:
        PASSES[name] = PassInfo(name, summary, run, tuple(options))
        return run

    return decorate


def get_pass(name: str) -> PassInfo:
    info = PASSES.get(name)
    if info is None:
        raise PassRegistryError(f"'{name}' does not refer to a registered meshjit pass")
    return info


def registered_passes() -> list[PassInfo]:
    return [PASSES[name] for name in sorted(PASSES)]


def add_pass(pm: passmanager.PassManager, name: str, options: dict[str, str] | None = None):
    """Appends meshjit pass `name` (with textual `options`) to `pm` as a Python pass."""
    info = get_pass(name)
    pm.add(info.bind(options or {}), name, argument=name, description=info.summary)


def fail(pass_: passmanager.ExternalPass, location: ir.Location, message: str) -> None:
    """Reports an error at `location` and fails the pass (so the error is not dropped)."""
    location.emit_error(message)
    pass_.signal_pass_failure()
