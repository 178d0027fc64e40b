"""The staged objects of jit, each holding one stage's result: Traced (the jaxpr) -> Lowered
(the StableHLO module) -> Compiled (the executable). Dispatch, device choice and the executable
caches are the runtime's (meshjit.compiler.runtime)."""

from __future__ import annotations

import collections
import io
from typing import Sequence

from jaxlib import _hlo, _jax

from meshjit.compiler import tree_public
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import shape_poly
from meshjit.compiler.ir.core import ClosedJaxpr, Jaxpr, dce_jaxpr
from meshjit.compiler.jit.propagation import propagated
from meshjit.compiler.jit.shardings import constraint_shardings
from meshjit.compiler.jit.signature import arg_aval
from meshjit.compiler.lax.callbacks import module_callbacks
from meshjit.compiler.lowering import usable_donations
from meshjit.compiler.parallel.sharding import NamedSharding
from meshjit.compiler.runtime import distributed as dist
from meshjit.compiler.runtime import distributed_checks as checks
from meshjit.compiler.runtime.assignment import DeviceAssignment
from meshjit.compiler.runtime.dispatch import CallCache, Executable, compile_executable
from meshjit.compiler.runtime.layout import Format, formats
from meshjit.compiler.runtime.placement import same_placement
from meshjit.compiler.trace.tracing import Tracer
from meshjit.compiler.traceback_util import boundary_methods
from meshjit.compiler.tree_util import (
    equality_errors_pytreedef,
    keystr,
    tree_flatten,
    tree_unflatten,
)

# How often each stage ran; tests read these to prove the caches hit.
COUNTERS: collections.Counter = collections.Counter()


class Traced:
    """The result of tracing: the closed jaxpr, the output structure, the constraints in it."""

    __slots__ = (
        "jaxpr", "out_tree", "in_tree", "name", "donated", "_constraints", "lowerer", "consumed_keys",
        "ref_runner", "fun_name", "donate_argnums", "arg_names",
    )  # fmt: skip

    def __init__(self, jaxpr: ClosedJaxpr, in_tree, out_tree, name: str, donated=None):
        self.jaxpr, self.in_tree, self.out_tree, self.name = jaxpr, in_tree, out_tree, name
        self.donated = donated  # per argument leaf, or None when nothing is donated
        self._constraints = None
        self.lowerer = None  # set by `jit(f).trace(...)`: lowers for the traced signature
        self.consumed_keys = None  # key arguments the trace consumed (jit/key_reuse.py)
        self.ref_runner = None  # a program using mutable refs runs through it (jit/refs.py)
        self.fun_name = name  # JAX's: the traced function's own name (`<lambda>`), set by jit
        self.donate_argnums = ()  # set by jit: the donated arguments among the non-static ones
        self.arg_names = None  # set by jit's lowering: the argument leaves' names (JAX's)

    out_info = property(lambda self: _out_info(self))

    @property
    def out_avals(self):
        """The outputs' avals in the outputs' structure (a typed key's: `key<fry>[...]`), as
        JAX's `Traced.out_avals`."""
        from meshjit.compiler.random.keys import PRNGKeyArray  # random builds on jit

        def is_key(x):
            return isinstance(x, PRNGKeyArray)

        def aval(x):  # a key node holds its data's aval: (*shape, words)
            return KeyAval(x._data.shape[:-1], x.dtype) if is_key(x) else x

        avals = _unflatten_out(self.out_tree, list(self.jaxpr.out_avals))
        return tree_public.tree_map(aval, avals, is_leaf=is_key)

    @property
    def in_avals(self):
        """The avals of `args_info` (JAX's tree of the (args, kwargs) avals)."""
        return tree_public.tree_map(lambda info: info._aval, self.args_info)

    @property
    def args_info(self):
        """The (args, kwargs) the computation takes (static ones left out), each leaf an
        ArgInfo with its aval and whether it is donated (as JAX's `args_info`)."""
        avals = self.jaxpr.in_avals
        donated = self.donated or [False] * len(avals)
        infos = [ArgInfo(a, bool(d)) for a, d in zip(avals, donated)]
        # a typed key is a node over its data's ArgInfo: JAX's one ArgInfo of a key aval
        return tree_public.tree_map(_key_arg_info, tree_unflatten(self.in_tree, infos))

    def lower(self, *, lowering_platforms=None, _private_parameters=None) -> Lowered:
        """The next stage, as `jit(f).trace(*args).lower()` in JAX; meshjit lowers for the
        CPU only (`lowering_platforms`: None or ("cpu",))."""
        if lowering_platforms is not None and tuple(lowering_platforms) != ("cpu",):
            raise MeshjitNotImplementedError(
                f"Traced.lower(lowering_platforms={lowering_platforms!r}): meshjit lowers for "
                "the CPU only; leave lowering_platforms out (or pass ('cpu',))"
            )
        if _private_parameters is not None:
            raise MeshjitNotImplementedError(
                "Traced.lower(_private_parameters=...): JAX's internal lowering parameters have "
                "no meaning in meshjit"
            )
        if self.lowerer is None:
            raise MeshjitTypeError("this trace did not come from jit(f).trace(...)")
        return self.lowerer()

    @property
    def constraints(self) -> list:
        """The shardings its shard_maps (first) and constraints name."""
        return self._named_shardings()[0]

    @property
    def num_shard_map_meshes(self) -> int:
        """How many of `constraints` are shard_maps' meshes: those decide the devices as
        in/out shardings do (constraints alone do not, as JAX)."""
        return self._named_shardings()[1]

    def _named_shardings(self) -> tuple[list, int]:
        if self._constraints is None:  # found once, when lowering
            meshes, found = constraint_shardings(self.jaxpr)
            self._constraints = (meshes + found, len(meshes))
        return self._constraints


class ArgInfo:
    """One argument of a staged computation: its aval, shape and dtype, and whether it is
    donated."""

    __slots__ = ("_aval", "donated")

    def __init__(self, aval, donated: bool):
        self._aval, self.donated = aval, donated

    shape = property(lambda self: self._aval.shape)
    dtype = property(lambda self: self._aval.dtype)

    def __repr__(self):
        return f"ArgInfo(_aval={self._aval!r}, donated={self.donated})"

    def __eq__(self, other):
        return isinstance(other, ArgInfo) and (self._aval, self.donated) == (
            other._aval,
            other.donated,
        )

    def __hash__(self):
        return hash((self._aval, self.donated))


def _key_arg_info(x):
    if not tree_public.is_opaque_leaf(x):
        return x
    return ArgInfo(KeyAval(x.shape, x.dtype), x._data.donated)


class KeyAval:
    """The aval of typed PRNG keys (`key<fry>[2]`): their dtype is not a NumPy dtype."""

    __slots__ = ("shape", "dtype", "sharding")

    def __init__(self, shape, dtype, sharding=None):
        self.shape, self.dtype, self.sharding = tuple(shape), dtype, sharding

    ndim = property(lambda self: len(self.shape))

    def __eq__(self, other):
        return type(other) is KeyAval and (self.shape, str(self.dtype)) == (
            other.shape,
            str(other.dtype),
        )

    def __hash__(self):
        return hash((self.shape, str(self.dtype)))

    def __str__(self):
        spec = tuple(self.sharding.spec) if self.sharding is not None else ()
        dims = [_typed_dim(n, spec[i] if i < len(spec) else None) for i, n in enumerate(self.shape)]
        return f"{self.dtype}[{','.join(dims)}]"

    def __repr__(self):
        return f"ShapedArray({self})"


def _typed_dim(n, entry) -> str:
    """A dimension as a type prints it: `8`, `8@x`, `8@(x,y)`."""
    if entry is None:
        return str(n)
    return f"{n}@{entry}" if isinstance(entry, str) else f"{n}@({','.join(entry)})"


@boundary_methods("compile", "as_text")
class Lowered:
    """A lowered computation: StableHLO text, and `.compile()`.

    `key` is the abstract signature it was lowered for; `static_shardings` the shardings fixed
    by the computation (out_shardings, constraints), which with the arguments' decide the
    devices of each call; `devices` the assignment `.compile()` uses."""

    __slots__ = (
        "_module",
        "traced",
        "key",
        "out_shardings",
        "static_shardings",
        "in_shardings",
        "devices",
        "propagation",
        "_cache",
        "_propagated",
        "compiler_options",
        "kept",
    )

    def __init__(
        self,
        module,
        traced: Traced,
        *,
        key,
        out_shardings: list,
        static_shardings: list,
        devices: DeviceAssignment,
        propagation: str,
        cache: CallCache,
        compiler_options: tuple = (),
    ):
        self._module, self.traced, self.key = module, traced, key
        self.out_shardings, self.static_shardings = out_shardings, static_shardings
        self.devices, self.propagation, self._cache = devices, propagation, cache
        self._propagated = None
        self.compiler_options = compiler_options  # XLA's options: (name, value) pairs
        self.in_shardings = None  # the arguments' shardings (jit's in_shardings or their own)
        self.kept = None  # the flat arguments the module takes (keep_unused=False), None: all

    in_avals = property(lambda self: self.traced.in_avals)
    donate_argnums = property(lambda self: self.traced.donate_argnums)

    @property
    def out_avals(self):
        return self.traced.jaxpr.out_avals

    @property
    def jaxpr(self) -> ClosedJaxpr:
        return self.traced.jaxpr

    @property
    def in_tree(self):
        """The structure of the (args, kwargs) the computation takes (static ones left out)."""
        return self.traced.in_tree

    @property
    def out_tree(self):
        return self.traced.out_tree

    args_info = property(lambda self: self.traced.args_info)

    @property
    def out_info(self):
        """The outputs as ShapeDtypeStructs, in their pytree (typed outputs with their
        shardings on the call's mesh, as JAX)."""
        return _out_info(self.traced, self.out_shardings)

    def as_text(
        self, dialect: str | None = None, *, debug_info: bool = False, stage: str = "emitted"
    ) -> str:
        """The module as meshjit emitted it, or (stage="propagated") as compiled: after the
        propagation chosen with jit(..., propagation=...); dialect="hlo": XLA's HLO text of it
        (JAX's short parsable form)."""
        if dialect == "hlo":
            opts = _hlo.HloPrintOptions.short_parsable()
            opts.print_metadata = debug_info
            return self.compiler_ir("hlo", stage=stage).as_hlo_module().to_string(opts)
        module = self.compiler_ir(dialect, stage=stage)
        return module.operation.get_asm(enable_debug_info=debug_info)

    def compiler_ir(self, dialect: str | None = None, *, stage: str = "emitted"):
        """The MLIR module (JAX's `dialect="stablehlo"`, the default), as emitted or
        (stage="propagated") as compiled; dialect="hlo": XLA's computation of it."""
        if dialect == "hlo":
            bytecode = self.as_bytecode(stage)
            return _jax.mlir.mlir_module_to_xla_computation(bytecode, use_tuple_args=False)
        if dialect not in (None, "stablehlo"):
            raise MeshjitValueError(f"unknown dialect: {dialect} (meshjit: 'stablehlo' or 'hlo')")
        if stage == "emitted":
            return self._module
        if stage != "propagated":
            raise MeshjitValueError(f"stage must be 'emitted' or 'propagated', got {stage!r}")
        if self._propagated is None:
            self._propagated = propagated(self._module, self.propagation, self.traced.name)
        return self._propagated

    def as_bytecode(self, stage: str = "emitted") -> bytes:
        buf = io.BytesIO()
        self.compiler_ir(stage=stage).operation.write_bytecode(buf)
        return buf.getvalue()

    def compile(self, compiler_options: dict | None = None, *, device_assignment=None) -> Compiled:
        """XLA's executable; `compiler_options` (XLA option names to values) add to jit's. JAX's
        `device_assignment` (other devices than lowered for) is refused: place the arguments,
        or give jit in/out_shardings, on those devices instead."""
        if device_assignment is not None:
            raise MeshjitNotImplementedError(
                "Lowered.compile(device_assignment=...): meshjit compiles for the devices the "
                "program was lowered for; put the arguments (or jit's shardings) on the devices "
                "you want instead"
            )
        return compile_for(self, self.devices, options_key(compiler_options))

    def cost_analysis(self) -> dict:
        """XLA's cost estimate (flops, bytes accessed, ...) of the program as compiled."""
        return self.compile().cost_analysis()

    def __repr__(self):
        return f"<Lowered jit({self.traced.name})>"


def options_key(compiler_options: dict | None) -> tuple:
    """jit's / compile's `compiler_options` as hashable (name, value) pairs."""
    return tuple(sorted((compiler_options or {}).items()))


def compile_for(lowered: Lowered, devices: DeviceAssignment, extra_options=()) -> Compiled:
    """`lowered` compiled for `devices`: once per signature and devices, then from the cache."""
    options = lowered.compiler_options + extra_options
    key = (lowered.key, devices.key, options)
    compiled = lowered._cache.compiled.get(key)
    if compiled is None:
        COUNTERS["compile"] += 1
        if dist.multi_process():
            checks.before_compile(lowered, devices.device_list)
        kept = lowered.kept
        executable = compile_executable(
            lowered.as_bytecode("propagated"),
            only_kept(lowered.traced.jaxpr.in_avals, kept),
            lowered.out_avals,
            devices,
            lowered.out_shardings,
            module_callbacks(lowered._module),
            options,
            in_shardings=only_kept(lowered.in_shardings, kept),
            kept=kept,
            donated=_donated_at_call(lowered, devices),
            fun_name=f"jit({lowered.traced.fun_name})",
        )
        compiled = lowered._cache.compiled[key] = Compiled(executable, lowered.traced)
    return compiled


def _donated_at_call(lowered: Lowered, devices: DeviceAssignment):
    """The arguments the call donates: on one device, only those a result can reuse (JAX's)."""
    kept = lowered.kept
    donated = only_kept(lowered.traced.donated, kept)
    if not donated or devices.num_partitions != 1:
        return donated
    return usable_donations(kept_jaxpr(lowered.traced.jaxpr, kept), donated)


# ---------------------------------------------------------------------------------------------
# keep_unused=False: the module takes only the arguments its computation uses (as JAX's).


def used_arguments(jaxpr: Jaxpr) -> tuple[int, ...] | None:
    """The positions of the arguments the computation uses (after dead-code elimination), or
    None when it uses them all (or has symbolic shapes: every argument may bind a dimension)."""
    if any(not shape_poly.is_constant_shape(v.aval.shape) for v in jaxpr.invars):
        return None
    jaxpr = dce_jaxpr(jaxpr)
    used = {id(v) for e in jaxpr.eqns for v in e.invars} | {id(v) for v in jaxpr.outvars}
    kept = tuple(i for i, v in enumerate(jaxpr.invars) if id(v) in used)
    return None if len(kept) == len(jaxpr.invars) else kept


def kept_jaxpr(closed: ClosedJaxpr, kept) -> ClosedJaxpr:
    if kept is None:
        return closed
    j = closed.jaxpr
    return ClosedJaxpr(
        Jaxpr(j.constvars, [j.invars[i] for i in kept], j.outvars, j.eqns), closed.consts
    )


def only_kept(values, kept):
    """`values` (one per flat argument) at the kept positions; None stays None."""
    if kept is None or values is None:
        return values
    return [values[i] for i in kept]


def _unflatten_out(out_tree, leaves):
    return leaves[0] if out_tree.kind is None else tree_unflatten(out_tree, leaves)


def _per_value(tree, leaves, of_key=lambda key: key._data):
    """`leaves` (a sharding or format per flat value) in the structure of `tree`, a typed key
    standing for itself (as JAX's keys, which are no pytrees): `of_key` of the key wrapped
    around its data's leaf."""
    from meshjit.compiler.random.keys import PRNGKeyArray  # random builds on jit
    from meshjit.compiler.tree_util import tree_map

    def is_key(x):
        return isinstance(x, PRNGKeyArray)

    value = _unflatten_out(tree, leaves)
    return tree_map(lambda x: of_key(x) if is_key(x) else x, value, is_leaf=is_key)


def _out_info(traced: Traced, out_shardings=None):
    """The outputs as ShapeDtypeStructs: a typed output (explicit axes) with its sharding, the
    concrete one of `out_shardings` when given, else its type's."""
    from meshjit.compiler.jit.api import ShapeDtypeStruct  # api builds on stages

    avals = traced.jaxpr.out_avals
    given = out_shardings or [None] * len(avals)
    infos = [
        ShapeDtypeStruct(
            a.shape,
            a.dtype,
            weak_type=a.weak_type,
            sharding=(s or a.sharding) if a.sharding else None,
        )
        for a, s in zip(avals, given)
    ]
    return _unflatten_out(traced.out_tree, infos)


class ExecutableViews:
    """What a compiled object (`Compiled`, `CompiledModule`) reports about its `executable`."""

    __slots__ = ()

    @property
    def input_shardings(self) -> list:
        return self.executable.input_shardings

    @property
    def output_shardings(self) -> list:
        return self.executable.output_shardings

    def hlo_text(self) -> str:
        return self.executable.loaded.hlo_modules()[0].to_string()

    def cost_analysis(self) -> dict:
        return self.executable.loaded.cost_analysis()

    def memory_analysis(self):
        return self.executable.loaded.get_compiled_memory_stats()


@boundary_methods("__call__")
class Compiled(ExecutableViews):
    """An executable: callable with arguments of the signature it was compiled for."""

    __slots__ = ("executable", "traced", "_single")

    def __init__(self, executable: Executable, traced: Traced):
        self.executable, self.traced = executable, traced
        self._single = traced.out_tree.kind is None  # one bare output: no tree to rebuild

    in_tree = property(lambda self: self.traced.in_tree)
    out_tree = property(lambda self: self.traced.out_tree)
    args_info = property(lambda self: self.traced.args_info)
    in_avals = property(lambda self: self.traced.in_avals)
    donate_argnums = property(lambda self: self.traced.donate_argnums)

    @property
    def input_shardings(self):
        """The arguments' shardings, in the (args, kwargs) structure of the call (as JAX); None
        for an argument the program does not take (keep_unused=False)."""
        return _per_value(self.traced.in_tree, self._input_shardings())

    @property
    def output_shardings(self):
        """The outputs' shardings, in the outputs' structure."""
        return _per_value(self.traced.out_tree, self._named(self.executable.output_shardings))

    def _input_shardings(self) -> list:
        shardings = self._named(self.executable.input_shardings)
        kept = self.executable.kept
        if kept is not None:
            given = dict(zip(kept, shardings))
            shardings = [given.get(i) for i in range(len(self.traced.jaxpr.in_avals))]
        return shardings

    @property
    def input_formats(self):
        """The arguments' Formats (their layouts and shardings), structured as
        `input_shardings`; `Format()` for an argument the program does not take."""
        loaded = self.executable.loaded
        flat = formats(loaded.get_parameter_layouts(), self._named(self.executable.input_shardings))
        kept = self.executable.kept
        if kept is not None:
            given = dict(zip(kept, flat))
            flat = [given.get(i, Format()) for i in range(len(self.traced.jaxpr.in_avals))]
        return _per_value(self.traced.in_tree, flat)

    @property
    def output_formats(self):
        """The outputs' Formats, in the outputs' structure."""
        return _per_value(self.traced.out_tree, self._output_formats())

    @property
    def out_info(self):
        """The outputs as ShapeDtypeStructs with their compiled Formats (layout and sharding),
        as JAX's."""
        from meshjit.compiler.jit.api import ShapeDtypeStruct  # api builds on stages

        avals = self.traced.jaxpr.out_avals
        infos = [
            ShapeDtypeStruct(a.shape, a.dtype, sharding=f)
            for a, f in zip(avals, self._output_formats())
        ]

        def of_key(key):  # a typed key's struct, with its data's format
            return ShapeDtypeStruct(key.shape, key.dtype, sharding=key._data.format)

        return _per_value(self.traced.out_tree, infos, of_key)

    def _output_formats(self) -> list:
        shardings = self._named(self.executable.output_shardings)
        return formats(self.executable.loaded.get_output_layouts(), shardings)

    def runtime_executable(self):
        """The PJRT executable XLA compiled (JAX's `runtime_executable()`)."""
        return self.executable.loaded

    def _named(self, shardings) -> list:
        """A one-device program's shardings (None in the executable) as SingleDeviceShardings."""
        from meshjit.compiler.parallel.sharding import SingleDeviceSharding

        device = self.executable.devices.device_list[0]
        return [SingleDeviceSharding(device) if s is None else s for s in shardings]

    def call_flat(self, leaves: Sequence):
        outs = self.executable.execute(leaves)
        return outs[0] if self._single else tree_unflatten(self.traced.out_tree, outs)

    def __call__(self, *args, **kwargs):
        leaves, in_tree = tree_flatten((tuple(args), kwargs))
        self._check_call(leaves, in_tree)  # (replaces constants traced by autodiff by values)
        return self.call_flat(leaves)

    def _check_call(self, leaves, in_tree) -> None:
        name = self.traced.name
        if in_tree != self.traced.in_tree:
            raise MeshjitTypeError(_pytree_mismatch(in_tree, self.traced.in_tree))
        leaves[:] = [_untraced(x) for x in leaves]
        expected = self.traced.jaxpr.in_avals
        got = [arg_aval(x, i, name) for i, x in enumerate(leaves)]  # JAX's short message
        names = self.traced.arg_names or [f"args[{i}]" for i in range(len(got))]
        mismatches = [
            f"Argument '{n}' compiled with {e.str_long()} and called with {g.str_long()}"
            for n, e, g in zip(names, expected, got)
            if e.shape != g.shape or e.dtype != g.dtype
        ]
        if mismatches:
            raise MeshjitTypeError(
                "Argument types differ from the types for which this computation was compiled. "
                "Perhaps you are calling the compiled executable with a different enable_x64 "
                "mode than when it was AOT compiled? The mismatches are:\n" + "\n".join(mismatches)
            )
        self._check_shardings(leaves, got)

    def _check_shardings(self, leaves, avals) -> None:
        """As JAX: an argument placed with a NamedSharding (committed) must be laid out as the
        computation was compiled for; other arguments are moved."""
        placements = self.executable.in_placements
        positions = self.executable.kept or range(len(placements))
        for k, (i, p) in enumerate(zip(positions, placements)):
            x = leaves[i]
            if not isinstance(getattr(x, "_sharding", None), NamedSharding):
                continue
            if not same_placement(x._placement, p):
                want = self._named(self.executable.input_shardings)[k]
                raise MeshjitValueError(
                    "Computation was compiled for input shardings that disagree with the "
                    "shardings of arguments passed to it. Here are the 1 mismatches:\n"
                    f"Argument {i} with shape {avals[i].str_long()}:\n"
                    f"  Passed sharding: {x.sharding}\n  Required sharding: {want}"
                )

    def as_text(self) -> str:
        return self.hlo_text()

    def __repr__(self):
        return f"<Compiled jit({self.traced.name})>"


def _pytree_mismatch(given, compiled) -> str:
    """JAX's message for a compiled function called with arguments of another structure: each
    difference by its path in (args, kwargs)."""
    errors = list(equality_errors_pytreedef(given, compiled))
    lines = [
        "Function compiled with input pytree does not match the input pytree it was called "
        f"with. There are {len(errors)} mismatches, including:"
    ]
    for path, thing1, thing2, why in errors:
        first, *rest = path
        base = ("args", "kwargs")[first.idx]
        lines.append(
            f"    * at {base}{keystr(tuple(rest))}, seen {thing2} but now given {thing1}, so {why}"
        )
    return "\n".join(lines)


def _untraced(x):
    """An argument of a compiled function: a traced value only when it is a constant of
    autodiff's trace (JAX's autodiff outside jit has its value), else JAX's refusal (a
    transformation changes the signature the function was compiled for)."""
    if not isinstance(x, Tracer):
        return x
    value = x._trace.constant_value(x._var)
    if value is None:
        raise MeshjitTypeError(
            "Cannot apply JAX transformations to a function lowered and compiled for a "
            f"particular signature. Detected argument of Tracer type {type(x)}."
        )
    return value
