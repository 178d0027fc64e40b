"""meshjit-lower: a Python function -> jaxpr / StableHLO / bytecode.

    meshjit-lower model.py:mlp --arg f32[8,16] --arg f32[16,4] --emit stablehlo
    meshjit-lower model.py:scale --arg f32[4] --static factor=3 --emit jaxpr
    meshjit-lower model.py:mlp --arg f32[8,16] --arg f32[16,4] --emit bytecode -o mlp.mlirbc

`--arg` specs are `<dtype>[<dims>]` with jaxpr dtype names (f32, bf16, i32, u8, bool, ...);
`f32[]` is a scalar. `--static NAME=VALUE` passes a static keyword argument (VALUE is a Python
literal, or else a string).

Sharded modules, in JAX's type notation (`N@axis`, `N@(a,b)` for a dimension split over axes):

    meshjit-lower model.py:mlp --mesh data=4,model=2 --arg 'f32[32@data,64]' \
        --arg 'f32[64,16@model]' --out-sharding 'data,_'
"""

from __future__ import annotations

import argparse
import ast
import functools
import importlib.util
import inspect
import os
import re
import sys

import meshjit
from meshjit.compiler.ir.dtypes import FROM_SHORT
from meshjit.sharding import NamedSharding, PartitionSpec
from meshjit.tools.common import (
    ToolError,
    parse_mesh,
    parse_spec,
    run_main,
    split_top,
    tool_parser,
    user_traceback,
    write_output,
)

PROG = "meshjit-lower"
_ARG_SPEC = re.compile(r"^\s*(\w+)\s*\[([\w,@()\s]*)\]\s*$")
_DIM = re.compile(r"^(\d+)(?:@(.+))?$")


def parse_arg_spec(spec: str, mesh=None) -> meshjit.ShapeDtypeStruct:
    """`f32[8,16]` -> ShapeDtypeStruct((8, 16), float32); `f32[8@data,16]` also carries the
    NamedSharding P("data") over `mesh`."""
    match = _ARG_SPEC.match(spec)
    if match is None:
        raise ToolError(f"malformed --arg '{spec}': expected <dtype>[<dims>], e.g. f32[8,16]")
    short, dims = match.groups()
    if short not in FROM_SHORT:
        valid = ", ".join(sorted(FROM_SHORT))
        raise ToolError(f"unknown dtype '{short}' in --arg '{spec}' (known: {valid})")
    items = [d.strip() for d in split_top(dims)] if dims.strip() else []
    if any(not d for d in items):
        raise ToolError(f"malformed --arg '{spec}': empty dimension")
    parsed = [_DIM.match(d) for d in items]
    if any(m is None for m in parsed):
        raise ToolError(f"malformed --arg '{spec}': a dimension is N or N@axis, e.g. 32@data")
    shape = tuple(int(m.group(1)) for m in parsed)
    sharded = [m.group(2) for m in parsed]
    sharding = None
    if any(sharded):
        if mesh is None:
            raise ToolError(f"--arg '{spec}' shards a dimension: give the mesh, e.g. --mesh data=4")
        spec_of = parse_spec(",".join(a or "_" for a in sharded), mesh, what=f"--arg '{spec}'")
        _check_divides(spec, shape, spec_of, mesh)
        sharding = NamedSharding(mesh, spec_of)
    return meshjit.ShapeDtypeStruct(shape, FROM_SHORT[short], sharding=sharding)


def _check_divides(spec: str, shape, partition: PartitionSpec, mesh) -> None:
    for i, n in enumerate(shape):
        parts = 1
        for axis in partition.axes_of(i):
            parts *= mesh.shape[axis]
        if n % parts:
            raise ToolError(
                f"--arg '{spec}': dimension {i} of size {n} does not divide over "
                f"{'x'.join(partition.axes_of(i))} ({parts} devices)"
            )


def parse_static(item: str) -> tuple[str, object]:
    """`NAME=VALUE` -> (NAME, literal VALUE, or the text itself if it is no literal)."""
    name, eq, text = item.partition("=")
    if not eq or not name.strip().isidentifier():
        raise ToolError(f"malformed --static '{item}': expected NAME=VALUE")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        value = text
    return name.strip(), value


def split_target(target: str) -> tuple[str, str]:
    path, colon, function = target.rpartition(":")
    if not colon or not path or not function.isidentifier():
        raise ToolError(f"expected FILE.py:FUNCTION, got '{target}'")
    return path, function


def load_function(path: str, function: str):
    """Imports `path` as a module (its directory on sys.path) and returns `function` from it."""
    if not os.path.isfile(path):
        raise ToolError(f"no such file: '{path}'")
    directory = os.path.dirname(os.path.abspath(path))
    if directory not in sys.path:
        sys.path.insert(0, directory)
    # A private module name: a user file called json.py must not replace the real json.
    name = "_meshjit_lower_." + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses and friends look their module up here
    try:
        spec.loader.exec_module(module)
    except Exception as e:  # noqa: BLE001  (any error in the user's module is reported)
        raise ToolError(f"failed to load '{path}': {type(e).__name__}: {e}") from None
    fun = getattr(module, function, None)
    if not callable(fun):
        raise ToolError(f"'{path}' has no function '{function}'")
    return fun


def check_signature(fun, args, statics) -> None:
    """Reports a wrong number or name of arguments before tracing starts."""
    try:
        signature = inspect.signature(fun)
    except (TypeError, ValueError):
        return
    try:
        signature.bind(*args, **statics)
    except TypeError as e:
        name = getattr(fun, "__name__", "function")
        raise ToolError(
            f"cannot call {name}{signature} with the given --arg/--static: {e}"
        ) from None


def emit_jaxpr(fun, args, statics, debug_info: bool, out_shardings=None) -> bytes:
    # (JAX's make_jaxpr takes no static_argnames: the statics are bound first)
    jaxpr = meshjit.make_jaxpr(functools.partial(fun, **statics))(*args)
    return (str(jaxpr) + "\n").encode()


def _lower(fun, args, statics, out_shardings):
    jitted = meshjit.jit(fun, static_argnames=tuple(statics), out_shardings=out_shardings)
    return jitted.lower(*args, **statics)


def emit_stablehlo(fun, args, statics, debug_info: bool, out_shardings=None) -> bytes:
    return _lower(fun, args, statics, out_shardings).as_text(debug_info=debug_info).encode()


def emit_bytecode(fun, args, statics, debug_info: bool, out_shardings=None) -> bytes:
    return _lower(fun, args, statics, out_shardings).as_bytecode()


EMITTERS = {"jaxpr": emit_jaxpr, "stablehlo": emit_stablehlo, "bytecode": emit_bytecode}

# (flag names, argparse keywords)
OPTIONS = (
    (("target",), {"metavar": "FILE.py:FUNCTION", "help": "the function to lower"}),
    (
        ("--arg",),
        {
            "action": "append",
            "default": [],
            "metavar": "SPEC",
            "help": "an argument: f32[8,16], i32[]",
        },
    ),
    (
        ("--static",),
        {
            "action": "append",
            "default": [],
            "metavar": "NAME=VALUE",
            "help": "a static keyword argument",
        },
    ),
    (("--mesh",), {"metavar": "AXIS=N,...", "help": "a mesh for sharded --arg: data=4,model=2"}),
    (
        ("--out-sharding",),
        {
            "action": "append",
            "default": None,
            "metavar": "SPEC",
            "help": "per result, in order: 'data,_' ('-' for none)",
        },
    ),
    (("--emit",), {"choices": tuple(EMITTERS), "default": "stablehlo", "help": "what to print"}),
    (("--debug-info",), {"action": "store_true", "help": "print locations (user source lines)"}),
    (("-o",), {"dest": "output", "default": "-", "help": "output file (default stdout)"}),
)


def make_parser() -> argparse.ArgumentParser:
    return tool_parser(
        PROG,
        "Trace a Python function with meshjit and print its jaxpr or StableHLO.",
        OPTIONS,
    )


def run(args) -> int:
    mesh = parse_mesh(args.mesh) if args.mesh else None
    specs = [parse_arg_spec(spec, mesh) for spec in args.arg]
    out_shardings = _out_shardings(args.out_sharding, mesh)
    statics = dict(parse_static(item) for item in args.static)
    path, function = split_target(args.target)
    fun = load_function(path, function)
    check_signature(fun, specs, statics)
    try:
        data = EMITTERS[args.emit](fun, specs, statics, args.debug_info, out_shardings)
    except meshjit.MeshjitError as e:
        raise ToolError(e.located()) from None
    except Exception as e:  # noqa: BLE001  (the user's function raised while being traced)
        raise ToolError(
            f"'{function}' raised {type(e).__name__} while being traced\n" + user_traceback(e, path)
        ) from None
    write_output(data, args.output)
    return 0


def _out_shardings(given, mesh):
    if given is None:
        return None
    if mesh is None:
        raise ToolError("--out-sharding needs --mesh")
    specs = [parse_spec(text, mesh, what=f"--out-sharding '{text}'") for text in given]
    shardings = [None if s is None else NamedSharding(mesh, s) for s in specs]
    return shardings[0] if len(shardings) == 1 else tuple(shardings)


def main(argv=None) -> int:
    return run_main(PROG, make_parser(), run, sys.argv[1:] if argv is None else list(argv))


if __name__ == "__main__":
    sys.exit(main())
