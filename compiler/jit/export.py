"""`meshjit.export`, shaped as `jax.export`: `export(jitted)(*args)` -> an `Exported` (the
function lowered to StableHLO + Shardy with its pytrees, avals, shardings and device count),
`Exported.serialize()` / `deserialize(blob)` in JAX 0.10.2's format (so artifacts move between
meshjit and JAX both ways), and `Exported.call(*args)`, eagerly or inside `meshjit.jit`.

    exp = export.export(meshjit.jit(f, in_shardings=...))(x, w)
    blob = exp.serialize()
    outs = export.deserialize(blob).call(x, w)

What JAX's export fixes and meshjit matches: the calling convention (version 10; `@main` takes
the array arguments it keeps, `module_kept_var_idx`, after a platform index argument when there
are several platforms); the module as a VHLO portable artifact at the StableHLO version JAX
targets (4 weeks of compatibility) with Shardy kept as Shardy (`sdy.mesh` and `sdy.sharding`);
the shardings as NamedShardings over abstract meshes. A call inlines the artifact's functions as
private functions of the calling module and constrains its arguments and results to the
artifact's shardings, as JAX's `call_exported` does.
"""

from __future__ import annotations

import dataclasses
import itertools
import struct
from typing import Callable

import numpy as np
from flatbuffers import number_types as N
from jaxlib.mlir import ir, passmanager
from jaxlib.mlir.dialects import func, stablehlo

from meshjit.compiler.errors import (
    MeshjitError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes, shape_poly, shape_specs
from meshjit.compiler.ir.core import ShapedArray, func_name
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
)
from meshjit.compiler.ir.tokens import is_token_aval
from meshjit.compiler.jit import export_format as fmt
from meshjit.compiler.jit.api import JitFunction, sanitized_name
from meshjit.compiler.jit.modules import load_module
from meshjit.compiler.lax.callbacks import module_callbacks
from meshjit.compiler.lowering import LoweringRuleContext
from meshjit.compiler.parallel.custom_partitioning import calls_partitioner
from meshjit.compiler.parallel.sharding import AbstractMesh, Mesh, NamedSharding
from meshjit.compiler.parallel.sharding_ops import sharding_constraint_p
from meshjit.compiler.trace.tracing import abstractify, current_trace
from meshjit.compiler.traceback_util import boundary_methods
from meshjit.compiler.tree_util import (
    PyTreeDef,
    equality_errors_pytreedef,
    keystr,
    tree_flatten,
    tree_flatten_with_path,
    tree_unflatten,
)

__all__ = [
    "DisabledSafetyCheck",
    "Exported",
    "SymbolicScope",
    "default_export_platform",
    "deserialize",
    "export",
    "InconclusiveDimensionOperation",
    "is_symbolic_dim",
    "maximum_supported_calling_convention_version",
    "minimum_supported_calling_convention_version",
    "register_namedtuple_serialization",
    "register_pytree_node_serialization",
    "symbolic_args_specs",
    "symbolic_shape",
]

SymbolicScope = shape_poly.SymbolicScope
register_pytree_node_serialization = fmt.register_pytree_node_serialization
register_namedtuple_serialization = fmt.register_namedtuple_serialization
symbolic_shape = shape_specs.symbolic_shape
is_symbolic_dim = shape_poly.is_symbolic_dim
InconclusiveDimensionOperation = shape_poly.InconclusiveDimensionOperation

# The calling conventions JAX 0.10.2 reads and writes (it writes the maximum).
minimum_supported_calling_convention_version = 9
maximum_supported_calling_convention_version = 10


def symbolic_args_specs(args, shapes_specs, constraints=(), scope=None):
    """ShapeDtypeStructs for `args` (arrays or ShapeDtypeStructs, a pytree) with the symbolic
    shapes of `shapes_specs` (None, one string for every leaf, or a pytree prefix of `args`),
    all in one scope; `_` and `...` take the arguments' dimensions."""
    from meshjit.compiler.jit.api import ShapeDtypeStruct
    from meshjit.compiler.tree_util import broadcast_prefix, prefix_error

    if scope is None:
        scope = shape_poly.SymbolicScope(constraints)
    elif constraints:
        raise MeshjitValueError("Cannot use both `scope` and `constraints`")
    leaves, tree = tree_flatten(args)
    if isinstance(args, tuple) and isinstance(shapes_specs, list):
        shapes_specs = tuple(shapes_specs)
    try:
        specs = broadcast_prefix(shapes_specs, args, is_leaf=lambda x: x is None)
    except MeshjitValueError:  # JAX's words: the first difference, by key path
        detail = prefix_error(shapes_specs, args, is_leaf=lambda x: x is None)
        if detail is None:
            raise
        raise MeshjitValueError(detail("export.symbolic_args_specs shapes_specs")) from None
    return tree_unflatten(
        tree,
        [
            ShapeDtypeStruct(
                shape_specs.symbolic_shape(spec, like=tuple(x.shape), scope=scope), x.dtype
            )
            for x, spec in zip(leaves, specs)
        ],
    )


def default_export_platform() -> str:
    """The platform meshjit exports for: its devices are XLA's CPU devices."""
    return "cpu"


@dataclasses.dataclass(frozen=True, eq=False)
@boundary_methods("call")
class Exported:
    """A function lowered to StableHLO + Shardy, with what it takes to call it again.

    The fields are `jax.export.Exported`'s: `in_avals` / `out_avals` are flat, `in_tree` is
    the structure of `(args, kwargs)`; `in_shardings_hlo` / `out_shardings_hlo` are all None (as
    for JAX's exports after 2026-03-17: the shardings are kept as NamedShardings over abstract
    meshes, see `in_shardings_jax(mesh)`); `mlir_module_serialized` is the VHLO artifact."""

    fun_name: str
    in_tree: PyTreeDef
    in_avals: tuple
    out_tree: PyTreeDef
    out_avals: tuple
    _in_named_shardings: tuple
    _out_named_shardings: tuple
    in_shardings_hlo: tuple
    out_shardings_hlo: tuple
    nr_devices: int
    platforms: tuple
    ordered_effects: tuple
    unordered_effects: tuple
    disabled_safety_checks: tuple
    mlir_module_serialized: bytes
    calling_convention_version: int
    module_kept_var_idx: tuple
    uses_global_constants: bool
    _get_vjp: Callable[[], Exported] | None = None
    _calls: dict = dataclasses.field(default_factory=dict, repr=False)

    def mlir_module(self) -> str:
        """The module as StableHLO + Shardy text, with its locations (as JAX's)."""
        module = load_module(self.mlir_module_serialized)
        return module.operation.get_asm(enable_debug_info=True)

    def in_shardings_jax(self, mesh: Mesh | AbstractMesh) -> tuple:
        """The input shardings as NamedShardings over `mesh` (a Mesh or AbstractMesh of the
        exported mesh's shape; None where unspecified)."""
        return tuple(_on_mesh(s, mesh) for s in self._in_named_shardings)

    def out_shardings_jax(self, mesh: Mesh | AbstractMesh) -> tuple:
        return tuple(_on_mesh(s, mesh) for s in self._out_named_shardings)

    def has_vjp(self) -> bool:
        return self._get_vjp is not None

    def vjp(self) -> Exported:
        """The exported VJP: it takes the flat inputs then a cotangent per flat output, and
        returns the cotangents of the flat inputs (JAX's convention)."""
        if self._get_vjp is None:
            raise MeshjitValueError("No VJP is available")  # JAX's words
        vjp = self._calls.get("vjp")
        if vjp is None:
            vjp = self._calls["vjp"] = self._get_vjp()
        return vjp

    def serialize(self, vjp_order: int = 0) -> bytearray:
        """The artifact in JAX 0.10.2's serialization format (`jax.export.deserialize` reads it)."""
        _check_no_tokens(self, "serialized")
        if vjp_order > 0 and self._get_vjp is None:
            raise MeshjitValueError(
                f"serialize(vjp_order={vjp_order}): the Exported {self.fun_name} carries no VJP"
            )
        w = fmt.Writer()
        return bytearray(w.finish(_write_exported(w, self, vjp_order)))

    def call(self, *args, **kwargs):
        """Calls the exported function on arguments structured as when it was exported; usable
        eagerly and inside `meshjit.jit`."""
        leaves, in_tree = tree_flatten((args, kwargs))
        self._check_call(leaves, in_tree)
        _check_no_tokens(self, "called")
        if current_trace() is None:
            return self._eager()(*args, **kwargs)
        return tree_unflatten(self.out_tree, list(self._flat_call()(*leaves)))

    def _flat_call(self) -> Callable:
        """The call on flat arguments; differentiable (through `vjp()`) when there is a VJP."""
        fn = self._calls.get("flat")
        if fn is None:
            fn = self._calls["flat"] = _flat_call(self)
        return fn

    def _eager(self) -> Callable:
        fn = self._calls.get("eager")
        if fn is None:
            fn = self._calls["eager"] = JitFunction(
                self.call, name=sanitized_name(f"call_exported_{self.fun_name}")
            )
        return fn

    def _check_call(self, leaves, in_tree) -> None:
        if in_tree != self.in_tree:
            raise MeshjitValueError(
                "The invocation args and kwargs must have the same pytree structure as when the "
                f"function '{self.fun_name}' was exported, but they have the following "
                f"structural differences:\n{_structure_differences(in_tree, self.in_tree)}"
                f"(exported for arguments structured as {self.in_tree}, called with {in_tree})"
            )
        got_avals = [abstractify(x) for x in leaves]
        for i, (got, want) in enumerate(zip(got_avals, self.in_avals)):
            what = f"args[{i}]"
            if len(got.shape) != len(want.shape):
                problem = f"Rank mismatch for {what}: expected {want.shape}"
            elif got.dtype != want.dtype:
                problem = f"Dtype mismatch for {what}: expected {want.dtype}"
            elif _constant_dims_differ(got.shape, want.shape):
                dim = _constant_dims_differ(got.shape, want.shape)[0]
                problem = (
                    f"Shape mismatch for {what}.shape[{dim}] (expected same constant): expected "
                    f"{want.shape}"
                )
            else:
                continue
            called = got.dtype if problem.startswith("Dtype") else got.shape
            err = MeshjitValueError(f"{problem} and called with {called}")  # JAX's words
            err.add_note(
                f"Exported {self.fun_name} takes {want.str_short()} there, got {got.str_short()}"
            )
            raise err
        if self.uses_shape_polymorphism:
            shape_specs.solve_dim_vars(
                [a.shape for a in self.in_avals], [a.shape for a in got_avals]
            )
        if self.ordered_effects:
            raise MeshjitValueError(
                f"Exported {self.fun_name} has ordered effects ({', '.join(self.ordered_effects)}"
                "), whose tokens meshjit does not thread; it cannot be called here"
            )
        if (
            "cpu" not in self.platforms
            and DisabledSafetyCheck.platform() not in self.disabled_safety_checks
        ):
            raise MeshjitValueError(
                f"Function '{self.fun_name}' was exported for platforms '{self.platforms}' but "
                "it is used on '('cpu',)'."
            )

    @property
    def uses_shape_polymorphism(self) -> bool:
        """Whether the avals have symbolic dimensions (the module's `?` sizes)."""
        return _polymorphic(self.in_avals)

    def __str__(self):
        return f"Exported(fun_name={self.fun_name}, ...)"

    def __repr__(self):
        sig = ", ".join(a.str_short() for a in self.in_avals)
        return f"Exported({self.fun_name}({sig}) on {self.nr_devices} device(s))"


def _polymorphic(avals) -> bool:
    return any(not shape_poly.is_constant_shape(a.shape) for a in avals)


def _constant_dims_differ(got: tuple, want: tuple) -> list[int]:
    """The dimensions where `want` has a constant other than `got`'s size."""
    return [
        d for d, (a, b) in enumerate(zip(got, want)) if shape_poly.is_constant_dim(b) and a != b
    ]


def _on_mesh(s: NamedSharding | None, mesh: Mesh):
    if s is None:
        return None
    if not isinstance(mesh, (Mesh, AbstractMesh)) or mesh.mesh_shape != s.mesh.mesh_shape:
        raise MeshjitValueError(f"the sharding is over {s.mesh}, not over {mesh!r}")
    return NamedSharding(mesh, s.spec)


# ---------------------------------------------------------------------------------------------
# Exporting.


class DisabledSafetyCheck:
    """A safety check export skips, as JAX's: `platform()` (deserializing for another
    platform) or `custom_call(name)` (a call target not known to be stable); `str()` is its
    name in the artifact."""

    __slots__ = ("_impl",)

    def __init__(self, _impl: str):
        self._impl = _impl

    @classmethod
    def platform(cls) -> DisabledSafetyCheck:
        return cls("platform")

    @classmethod
    def custom_call(cls, target_name: str) -> DisabledSafetyCheck:
        return cls(f"custom_call:{target_name}")

    def is_custom_call(self) -> str | None:
        """The custom call target this check allows, if it is one."""
        prefix = "custom_call:"
        return self._impl[len(prefix) :] or None if self._impl.startswith(prefix) else None

    def __str__(self):
        return self._impl

    __repr__ = __str__

    def __eq__(self, other) -> bool:
        return isinstance(other, DisabledSafetyCheck) and self._impl == other._impl

    def __hash__(self) -> int:
        return hash(self._impl)


def export(
    fun_jit, *, platforms=None, disabled_checks=(), _override_lowering_rules=None
) -> Callable[..., Exported]:
    """`export(jit(f))(*args, **kwargs)` -> an Exported of f at those arguments (arrays or
    ShapeDtypeStructs, with shardings as jit's). JAX's `_override_lowering_rules` (lowering
    rules of JAX's primitives) has no meaning here: refused when given."""
    if _override_lowering_rules is not None:
        raise MeshjitNotImplementedError(
            "export(_override_lowering_rules=...): meshjit lowers its primitives with its own "
            "rules, which cannot be overridden; leave it out"
        )
    if not isinstance(fun_jit, JitFunction):
        raise MeshjitValueError(
            f"Function to be exported must be the result of `jit` but is: {fun_jit!r}"
        )
    platforms = (default_export_platform(),) if platforms is None else tuple(platforms)
    # Another platform is recorded as JAX does (the module is CPU's lowering, the same for
    # each platform: several make @main take JAX's platform index first); calling an artifact
    # without CPU here then fails with JAX's message.

    def do_export(*args, **kwargs) -> Exported:
        _check_one_scope(fun_jit, args, kwargs)
        sig = fun_jit._signature(args, kwargs)
        lowered = fun_jit._lower(sig)
        if calls_partitioner(lowered.compiler_ir()):  # JAX's error: keepalives to serialize
            raise MeshjitNotImplementedError(
                "serialization of host_callbacks is not yet implemented"
            )
        if module_callbacks(lowered.compiler_ir()):
            raise MeshjitValueError(
                f"export: jit({fun_jit.name}) calls Python host callbacks, which cannot be "
                "serialized (their functions live in this process)"
            )
        return Exported(
            fun_name=func_name(getattr(fun_jit, "fun", fun_jit)),  # JAX's: `<lambda>`
            in_tree=sig.in_tree,
            in_avals=tuple(_plain(a) for a in lowered.traced.jaxpr.in_avals),
            out_tree=lowered.traced.out_tree,
            out_avals=tuple(_plain(a) for a in lowered.out_avals),
            _in_named_shardings=tuple(_abstract(s) for s in sig.shardings),
            _out_named_shardings=tuple(_abstract(s) for s in lowered.out_shardings),
            in_shardings_hlo=(None,) * len(sig.shardings),
            out_shardings_hlo=(None,) * len(lowered.out_avals),
            nr_devices=lowered.devices.num_partitions,
            platforms=platforms,
            ordered_effects=(),
            unordered_effects=(),
            disabled_safety_checks=tuple(DisabledSafetyCheck(str(c)) for c in disabled_checks),
            mlir_module_serialized=_portable_artifact(
                lowered.compiler_ir(), lowered.traced.jaxpr.in_avals, platforms
            ),
            calling_convention_version=maximum_supported_calling_convention_version,
            module_kept_var_idx=_kept(lowered),
            # JAX's flag for a module with dimension variables: a caller refines its shapes
            uses_global_constants=_polymorphic(lowered.traced.jaxpr.in_avals) or len(platforms) > 1,
            _get_vjp=lambda: _export_vjp(fun_jit, sig, lowered, platforms),
        )

    return do_export


def _check_one_scope(fun_jit: JitFunction, args, kwargs) -> None:
    """Every symbolic dimension of the arguments is of one scope (JAX's error otherwise)."""
    first = None
    for path, leaf in tree_flatten_with_path((args, kwargs))[0]:
        for d in getattr(leaf, "shape", ()):
            if not shape_poly.is_symbolic_dim(d):
                continue
            if first is None:
                first = (d.scope, _args_path(path))
                continue
            first[0]._check_same(
                d,
                f"when exporting {func_name(getattr(fun_jit, 'fun', fun_jit))}",
                self_descr=f"current (from {first[1]}) ",
                other_descr=_args_path(path),
            )


def _args_path(path) -> str:
    """`args[1]` or `kwargs['y']` of a path in `(args, kwargs)`."""
    return ("args", "kwargs")[path[0].idx] + keystr(path[1:])


def _export_vjp(fun_jit: JitFunction, sig, lowered, platforms) -> Exported:
    """The VJP of an exported function, exported: flat inputs and output cotangents in, the
    inputs' cotangents out, sharded as the inputs and outputs (as JAX's `_get_vjp_fun`)."""
    from meshjit.compiler.ad.api import vjp
    from meshjit.compiler.jit.api import ShapeDtypeStruct
    from meshjit.compiler.tree_util import tree_leaves

    name = fun_jit.name
    in_avals, out_avals = list(lowered.traced.jaxpr.in_avals), list(lowered.out_avals)
    for a in in_avals + out_avals:
        if not dtypes.is_float(a.dtype):
            raise MeshjitValueError(
                f"export: the VJP of jit({name}) takes and returns only float values "
                f"(meshjit has no float0 cotangents to serialize), but it has {a.str_short()}"
            )
    n = len(in_avals)

    def fun_vjp(*args_and_cts):
        def flat(*xs):
            args, kwargs = sig.rebuild_args(xs)  # the static arguments put back
            return tree_leaves(fun_jit.fun(*args, **kwargs))

        _, pullback = vjp(flat, *args_and_cts[:n])
        return tuple(pullback(list(args_and_cts[n:])))

    shardings = [*sig.shardings, *lowered.out_shardings]
    specs = [
        ShapeDtypeStruct(a.shape, a.dtype, sharding=s)
        for a, s in zip(in_avals + out_avals, shardings)
    ]
    jitted = JitFunction(fun_vjp, out_shardings=tuple(sig.shardings), name=f"{name}_vjp")
    return export(jitted, platforms=platforms)(*specs)


def _flat_call(exp: Exported) -> Callable:
    def call(*leaves):
        return _bind(exp, leaves)

    if exp._get_vjp is None:
        return call
    from meshjit.compiler.ad.custom_derivatives import custom_vjp

    differentiable = custom_vjp(call)
    differentiable.defvjp(  # the forward calls the custom_vjp: differentiable again (JAX's)
        lambda *leaves: (differentiable(*leaves), leaves),
        lambda leaves, cts: tuple(exp.vjp().call(*leaves, *cts)),
    )
    return differentiable


def _check_no_tokens(exp, what: str) -> None:
    """An Exported whose inputs or outputs hold tokens cannot be called or serialized (nor in
    JAX 0.10.2, which fails with an AttributeError)."""
    if any(is_token_aval(a) for a in (*exp.in_avals, *exp.out_avals)):
        raise MeshjitValueError(
            f"Exported {exp.fun_name} takes or returns a token (Tok): it cannot be {what}"
        )


def _plain(aval) -> ShapedArray:
    if is_token_aval(aval):
        return aval  # AbstractToken(), as JAX's
    return ShapedArray(tuple(aval.shape), aval.dtype, weak_type=aval.weak_type)


def _kept(lowered) -> tuple:
    """The arguments the module takes (as JAX's, jit's keep_unused=False drops the others)."""
    n = len(lowered.traced.jaxpr.in_avals)
    return tuple(range(n)) if lowered.kept is None else tuple(lowered.kept)


def _abstract(s) -> NamedSharding | None:
    return None if s is None else NamedSharding(s.mesh.abstract_mesh, s.spec)


def _checked_polymorphic(module: ir.Module) -> ir.Module:
    """A copy of a module with symbolic shapes; an op meshjit lowers for static shapes only
    (whose verifier then refuses `?` sizes) is a clear error naming it."""
    try:
        return load_module(module)
    except MeshjitValueError as e:
        detail = next((line for line in str(e).splitlines() if "error:" in line), str(e))
        raise MeshjitNotImplementedError(
            "export: meshjit does not lower this function with symbolic dimensions yet (an op "
            f"kept static shapes): {detail.strip()}"
        ) from None


def _portable_artifact(module: ir.Module, in_avals, platforms) -> bytes:
    """The module as JAX's export stores it: VHLO at the version 4 weeks old, Shardy kept; a
    polymorphic one in JAX's export form (`@main` solving the dimension variables)."""
    from jaxlib import _jax

    from meshjit.compiler import lowering_dims

    if not _polymorphic(in_avals):
        copy = load_module(module)
    else:
        copy = _checked_polymorphic(module)
        lowering_dims.export_form(copy, in_avals)
    if len(platforms) > 1:
        lowering_dims.platform_index_form(copy, platforms)
    with copy.context:
        attrs = copy.operation.attributes
        if "jax.uses_shape_polymorphism" not in attrs:
            attrs["jax.uses_shape_polymorphism"] = ir.BoolAttr.get(False)
        target = stablehlo.get_version_from_compatibility_requirement(
            stablehlo.StablehloCompatibilityRequirement.WEEK_4
        )
        return _jax.mlir.serialize_portable_artifact(copy, target, True)


def _write_exported(w: fmt.Writer, exp: Exported, vjp_order: int) -> int:
    """The `Exported` table, with every field JAX's serializer writes (the legacy per-value
    avals and shardings too, which JAX still writes for its older readers)."""
    avals = list(dict.fromkeys(exp.in_avals + exp.out_avals))
    named = [s for s in exp._in_named_shardings + exp._out_named_shardings if s is not None]
    meshes = list(dict.fromkeys(s.mesh for s in named))
    uniques = list(dict.fromkeys(named))
    F = fmt.ExportedField
    offsets = {
        F.function_name: w.b.CreateString(exp.fun_name),
        F.in_tree: w.tree(exp.in_tree),
        F.in_avals: w.offsets([w.aval(a) for a in exp.in_avals]),
        F.out_tree: w.tree(exp.out_tree),
        F.out_avals: w.offsets([w.aval(a) for a in exp.out_avals]),
        F.in_shardings: _shardings(w, exp._in_named_shardings, meshes),
        F.out_shardings: _shardings(w, exp._out_named_shardings, meshes),
        F.ordered_effects: w.offsets([w.effect(e) for e in exp.ordered_effects]),
        F.unordered_effects: w.offsets([w.effect(e) for e in exp.unordered_effects]),
        F.disabled_checks: w.offsets(
            [w.disabled_check(str(c)) for c in exp.disabled_safety_checks]
        ),
        F.platforms: w.strings(exp.platforms),
        F.mlir_module_serialized: w.byte_vector(exp.mlir_module_serialized),
        F.module_kept_var_idx: w.numbers(exp.module_kept_var_idx, np.uint16),
    }
    if vjp_order > 0:
        offsets[F.vjp] = _write_exported(w, exp.vjp(), vjp_order - 1)
    offsets[F.unique_avals] = w.offsets([w.aval(a) for a in avals])
    offsets[F.unique_abstract_meshes] = w.offsets([w.abstract_mesh(m) for m in meshes])
    offsets[F.unique_named_shardings] = w.offsets(
        [w.named_sharding(s, meshes.index(s.mesh)) for s in uniques]
    )
    offsets[F.in_avals_idxs] = w.numbers([avals.index(a) for a in exp.in_avals], np.uint32)
    offsets[F.out_avals_idxs] = w.numbers([avals.index(a) for a in exp.out_avals], np.uint32)
    offsets[F.in_shardings_idxs] = _sharding_idxs(w, exp._in_named_shardings, uniques)
    offsets[F.out_shardings_idxs] = _sharding_idxs(w, exp._out_named_shardings, uniques)
    fields = [
        (F.serialization_version, "u16", fmt.WRITTEN_SERIALIZATION_VERSION),
        *[(slot, "offset", off) for slot, off in offsets.items()],
        (F.nr_devices, "u32", exp.nr_devices),
        (F.calling_convention_version, "u16", exp.calling_convention_version),
        (F.uses_global_constants, "bool", exp.uses_global_constants),
    ]
    return w.table(F.count, fields)


def _shardings(w: fmt.Writer, shardings, meshes) -> int:
    return w.offsets(
        [w.sharding(s, meshes.index(s.mesh) if s is not None else 0) for s in shardings]
    )


def _sharding_idxs(w: fmt.Writer, shardings, uniques) -> int:
    return w.numbers([0 if s is None else 1 + uniques.index(s) for s in shardings], np.uint32)


# ---------------------------------------------------------------------------------------------
# Deserializing.


def deserialize(blob) -> Exported:
    """An Exported from the bytes `Exported.serialize()` (meshjit's or JAX's) wrote."""
    if not isinstance(blob, (bytes, bytearray, memoryview)):
        raise MeshjitTypeError(  # (JAX's words: its memoryview of the blob)
            f"deserialize takes bytes: a bytes-like object is required, not '{type(blob).__name__}'"
        )
    data = bytes(blob)
    try:
        return _read_exported(fmt.Reader.root(data))
    except MeshjitError:
        raise
    except (struct.error, IndexError, ValueError, TypeError, KeyError) as e:
        raise fmt.BadArtifact(
            f"deserialize: the {len(data)} bytes are not a serialized Exported ({e})"
        ) from None


def _read_exported(r: fmt.Reader) -> Exported:
    F = fmt.ExportedField
    version = r.scalar(F.serialization_version, N.Uint16Flags)
    if version not in fmt.READABLE_SERIALIZATION_VERSIONS:
        raise fmt.BadArtifact(
            f"deserialize: unknown serialization version {version}; meshjit reads versions "
            f"{fmt.READABLE_SERIALIZATION_VERSIONS.start}..{fmt.READABLE_SERIALIZATION_VERSIONS.stop - 1}"
            " (those of JAX 0.10.2), or the bytes are not a serialized Exported"
        )
    module = r.byte_vector(F.mlir_module_serialized)
    if not module.startswith(b"ML\xefR"):
        raise fmt.BadArtifact("deserialize: the artifact's module is not MLIR bytecode")
    calling_convention = r.scalar(F.calling_convention_version, N.Uint16Flags)
    if not (
        minimum_supported_calling_convention_version
        <= calling_convention
        <= maximum_supported_calling_convention_version
    ):
        raise MeshjitValueError(
            f"deserialize: calling convention version {calling_convention} is outside the "
            f"supported range [{minimum_supported_calling_convention_version}.."
            f"{maximum_supported_calling_convention_version}]"
        )
    in_avals, out_avals, in_shardings, out_shardings = _avals_and_shardings(r)
    in_tree, out_tree = fmt.read_tree(r.table(F.in_tree)), fmt.read_tree(r.table(F.out_tree))
    _check_leaves(in_tree, in_avals, "inputs")
    _check_leaves(out_tree, out_avals, "outputs")
    vjp = r.table(F.vjp)
    return Exported(
        fun_name=r.string(F.function_name) or "",
        in_tree=in_tree,
        in_avals=in_avals,
        out_tree=out_tree,
        out_avals=out_avals,
        _in_named_shardings=in_shardings,
        _out_named_shardings=out_shardings,
        in_shardings_hlo=(None,) * len(in_avals),
        out_shardings_hlo=(None,) * len(out_avals),
        nr_devices=r.scalar(F.nr_devices, N.Uint32Flags)
        or r.scalar(F.nr_devices_short, N.Int16Flags),
        platforms=tuple(r.strings(F.platforms)),
        ordered_effects=tuple(e.string(0) for e in r.tables(F.ordered_effects)),
        unordered_effects=tuple(e.string(0) for e in r.tables(F.unordered_effects)),
        disabled_safety_checks=tuple(
            DisabledSafetyCheck(fmt.read_disabled_check(c)) for c in r.tables(F.disabled_checks)
        ),
        mlir_module_serialized=module,
        calling_convention_version=calling_convention,
        module_kept_var_idx=tuple(r.numbers(F.module_kept_var_idx, np.uint16)),
        uses_global_constants=bool(r.scalar(F.uses_global_constants, N.BoolFlags)),
        _get_vjp=(lambda: _read_exported(vjp)) if vjp is not None else None,
    )


def _avals_and_shardings(r: fmt.Reader):
    F = fmt.ExportedField
    meshes = [fmt.read_abstract_mesh(m) for m in r.tables(F.unique_abstract_meshes)]
    named = [fmt.read_named_sharding(s, meshes) for s in r.tables(F.unique_named_shardings)]
    scope = shape_poly.SymbolicScope()
    unique_avals = [fmt.read_aval(a, scope) for a in r.tables(F.unique_avals)]

    def shardings(idxs_field, legacy_field):
        idxs = r.numbers(idxs_field, np.uint32)
        if idxs:
            return tuple(None if i == 0 else _at(named, i - 1, "named sharding") for i in idxs)
        return tuple(fmt.read_sharding(s, meshes) for s in r.tables(legacy_field))

    def avals(idxs_field, legacy_field):
        idxs = r.numbers(idxs_field, np.uint32)
        if idxs:
            return tuple(_at(unique_avals, i, "aval") for i in idxs)
        return tuple(fmt.read_aval(a, scope) for a in r.tables(legacy_field))

    in_avals = avals(F.in_avals_idxs, F.in_avals)
    out_avals = avals(F.out_avals_idxs, F.out_avals)
    in_shardings = shardings(F.in_shardings_idxs, F.in_shardings) or (None,) * len(in_avals)
    out_shardings = shardings(F.out_shardings_idxs, F.out_shardings) or (None,) * len(out_avals)
    if len(in_shardings) != len(in_avals) or len(out_shardings) != len(out_avals):
        raise fmt.BadArtifact("deserialize: the artifact has as many shardings as avals")
    return in_avals, out_avals, in_shardings, out_shardings


def _at(items: list, i: int, what: str):
    if i >= len(items):
        raise fmt.BadArtifact(f"deserialize: {what} index {i} is out of range ({len(items)})")
    return items[i]


def _check_leaves(tree: PyTreeDef, avals, what: str) -> None:
    if tree.num_leaves != len(avals):
        raise fmt.BadArtifact(
            f"deserialize: the {what} pytree has {tree.num_leaves} leaves for {len(avals)} avals"
        )


# ---------------------------------------------------------------------------------------------
# Calling: the call_exported primitive.

call_exported_p = Primitive("call_exported", multiple_results=True)


def _bind(exp: Exported, leaves) -> list:
    leaves = [_constrain(x, s) for x, s in zip(leaves, exp._in_named_shardings)]
    outs = call_exported_p.bind(*leaves, exported=exp)
    return [_constrain(y, s) for y, s in zip(outs, exp._out_named_shardings)]


def _constrain(x, s: NamedSharding | None):
    if s is None or s.mesh.size == 1:
        return x
    return sharding_constraint_p.bind(x, sharding=s)


@abstract_eval_rules.register(call_exported_p)
def _call_exported_rule(*avals, exported: Exported):
    for i, (got, want) in enumerate(zip(avals, exported.in_avals)):
        if (
            len(got.shape) != len(want.shape)
            or _constant_dims_differ(got.shape, want.shape)
            or got.dtype != want.dtype
        ):
            raise MeshjitValueError(
                f"Exported {exported.fun_name} argument {i} must be {want.str_short()}, got "
                f"{got.str_short()}"
            )
    env = _dim_env(exported, avals)
    return [
        ShapedArray(
            tuple(shape_poly.evaluate(d, env) for d in a.shape), a.dtype, weak_type=a.weak_type
        )
        for a in exported.out_avals
    ]


def _dim_env(exported: Exported, avals) -> dict:
    if not exported.uses_shape_polymorphism:
        return {}
    return shape_specs.solve_dim_vars(
        [a.shape for a in exported.in_avals], [a.shape for a in avals]
    )


def _call_exported_lowering(ctx: LoweringRuleContext, *args, exported: Exported):
    mctx = ctx.module_ctx
    shapes = tuple(a.shape for a in ctx.avals_in)
    symbol = mctx.functions.get((id(exported), shapes))
    if symbol is None:
        module = _refined_module(exported, ctx.avals_in, ctx.avals_out)
        symbol = mctx.functions[(id(exported), shapes)] = _inline_module(mctx, exported, module)
    operands = []
    if len(exported.platforms) > 1:  # the platform index argument of the calling convention
        operands.append(mctx.scalar_constant(_platform_index(exported), np.int32))
    operands += [args[i] for i in exported.module_kept_var_idx]
    result_types = [ctx.tensor_type(a) for a in ctx.avals_out]
    return list(func.CallOp(result_types, ir.FlatSymbolRefAttr.get(symbol), operands).results)


lowering_rules.register(call_exported_p, _call_exported_lowering)


@batching_rules.register(call_exported_p)
def _call_exported_batcher(args, dims, *, exported: Exported):
    """An artifact has fixed shapes: under vmap it is called once per example (a `lax.map`)."""
    from meshjit.compiler.lax.batching import all_to_front
    from meshjit.compiler.lax.control_flow import map as lax_map

    batched = [d is not None for d in dims]
    fronted = all_to_front(args, dims)
    mapped = [x for x, b in zip(fronted, batched) if b]

    def one(xs):
        it = iter(xs)
        row = [next(it) if b else x for x, b in zip(fronted, batched)]
        return call_exported_p.bind(*row, exported=exported)

    outs = lax_map(one, mapped)
    return list(outs), [0] * len(exported.out_avals)


@jvp_rules.register(call_exported_p)
def _call_exported_jvp(primals, tangents, *, exported: Exported):
    raise MeshjitValueError("No VJP is available")  # JAX's words: an artifact without a VJP


def _platform_index(exported: Exported) -> int:
    return exported.platforms.index("cpu") if "cpu" in exported.platforms else 0


def _static_main(sub: ir.Module, exported: Exported, avals, out_avals) -> None:
    """Renames the artifact's `@main` and adds a `@main` of the actual static types that
    converts its arguments to the polymorphic types, calls it and converts the results back
    (as JAX's call does in the calling module); the refinement then specializes the callee."""
    main = next(
        op
        for op in sub.body.operations
        if op.operation.name == "func.func"
        and ir.StringAttr(op.attributes["sym_name"]).value == "main"
    )
    from meshjit.compiler.lowering_dims import free_name

    free_name(sub, "_meshjit_polymorphic_main")  # an inlined export's (nested calls)
    _rename(sub, main, "main", "_meshjit_polymorphic_main")
    main.attributes["sym_visibility"] = ir.StringAttr.get("private")
    poly = ir.FunctionType(ir.TypeAttr(main.attributes["function_type"]).value)
    n_extra = len(poly.inputs) - len(exported.module_kept_var_idx)
    kept = [avals[i] for i in exported.module_kept_var_idx]
    in_types = list(poly.inputs[:n_extra]) + [
        _static_type(t, a) for t, a in zip(poly.inputs[n_extra:], kept)
    ]
    out_types = [_static_type(t, a) for t, a in zip(poly.results, out_avals)]
    with ir.InsertionPoint.at_block_begin(sub.body):
        fn = func.FuncOp("main", ir.FunctionType.get(in_types, out_types))
    fn.attributes["sym_visibility"] = ir.StringAttr.get("public")
    block = fn.add_entry_block()
    with ir.InsertionPoint(block):
        args = [
            x if x.type == t else stablehlo.ConvertOp(t, x).result
            for x, t in zip(block.arguments, poly.inputs)
        ]
        call = func.CallOp(
            list(poly.results), ir.FlatSymbolRefAttr.get("_meshjit_polymorphic_main"), args
        )
        outs = [
            y if y.type == t else stablehlo.ConvertOp(t, y).result
            for y, t in zip(call.results, out_types)
        ]
        func.ReturnOp(outs)


def _static_type(poly_type: ir.Type, aval) -> ir.Type:
    """The caller's type of an argument or result (`?` where the caller's shape is symbolic
    too: a call inside a polymorphic function)."""
    dims = [
        d if shape_poly.is_constant_dim(d) else ir.ShapedType.get_dynamic_size() for d in aval.shape
    ]
    return ir.RankedTensorType.get(dims, ir.RankedTensorType(poly_type).element_type)


def _refined_module(exported: Exported, avals, out_avals) -> ir.Module:
    """The artifact's module; for a polymorphic one, with `@main` taking the arguments' static
    shapes and every shape refined from them (jaxlib's `refine_polymorphic_shapes`, which also
    checks the module's shape assertions)."""
    sub = load_module(exported.mlir_module_serialized)
    if not exported.uses_shape_polymorphism:
        return sub
    from jaxlib import _jax

    with sub.context, ir.Location.unknown():
        _static_main(sub, exported, avals, out_avals)
        if not all(shape_poly.is_constant_shape(a.shape) for a in avals):
            return sub  # called in a polymorphic function: refined with its caller's module
        try:
            refined = _jax.mlir.refine_polymorphic_shapes(
                mlir_module=_bytecode(sub),
                enable_shape_assertions=True,
                validate_static_shapes=True,
                enable_shardy=True,
            )
        except Exception as e:  # jaxlib's error (a failed shape assertion says which)
            raise MeshjitValueError(
                f"Exported {exported.fun_name}: refining its shapes for arguments "
                f"{', '.join(a.str_short() for a in avals)} failed: {e}"
            ) from None
        return ir.Module.parse(refined)


def _bytecode(module: ir.Module) -> bytes:
    import io

    out = io.BytesIO()
    module.operation.write_bytecode(out)
    return out.getvalue()


def _inline_module(mctx, exported: Exported, sub: ir.Module) -> str:
    """Moves the artifact's functions into the module being lowered, as private functions with
    fresh names, its meshes mapped onto the module's; returns the name of its `@main`."""
    with sub.context, ir.Location.unknown():
        _import_shardy(sub)
        # Every symbol first takes a name of its own, so no rename meets one still to come.
        originals = {}
        for op in sub.body.operations:
            if op.operation.name in ("func.func", "sdy.mesh"):
                old = ir.StringAttr(op.attributes["sym_name"]).value
                originals[_rename(sub, op, old, f"__exported_{next(_FRESH)}")] = old
        main = None
        for op in list(sub.body.operations):
            temp = ir.StringAttr(op.attributes["sym_name"]).value if originals else None
            old = originals.get(temp)
            if op.operation.name == "sdy.mesh":
                _place_mesh(mctx, sub, op, temp, old)
            elif op.operation.name == "func.func":
                name = f"call_exported_{exported.fun_name}" if old == "main" else old
                new = _rename(sub, op, temp, mctx.unique_symbol(name))
                op.attributes["sym_visibility"] = ir.StringAttr.get("private")
                if old == "main":
                    main = new
                    for key in ("arg_attrs", "res_attrs"):  # the shardings constrain outside
                        if key in op.attributes:
                            del op.attributes[key]
        if main is None:
            raise MeshjitValueError(f"Exported {exported.fun_name}: the module has no @main")
        body = mctx.module.body
        for op in list(sub.body.operations):
            if op.operation.name == "sdy.mesh":
                ir.InsertionPoint.at_block_begin(body).insert(op.detach_from_parent())
            else:
                body.append(op.detach_from_parent())
    return main


def _import_shardy(sub: ir.Module) -> None:
    """JAX's older artifacts keep Shardy's meshes in frontend attributes; then meshes written
    inline are lifted to `sdy.mesh` symbols, as JAX's call does."""
    attrs = sub.operation.attributes
    if "mhlo.frontend_attributes" in attrs:
        frontend = ir.DictAttr(attrs["mhlo.frontend_attributes"])
        if "xla.sdy.meshes" in frontend:
            passmanager.PassManager.parse(
                "builtin.module(xla-sdy-round-trip-import-shardy-attrs)"
            ).run(sub.operation)
    passmanager.PassManager.parse("builtin.module(sdy-lift-inlined-meshes)").run(sub.operation)


def _place_mesh(mctx, sub: ir.Module, op, temp: str, old: str) -> None:
    """The artifact's mesh becomes the calling module's mesh of that shape (its op dropped);
    a mesh with device ids (or none of axes) is kept, under a fresh name."""
    from jaxlib.mlir.dialects import sdy

    from meshjit.passes.graph.sharding_io import read_mesh

    attr = sdy.MeshAttr(op.attributes["mesh"])
    if list(attr.device_ids) or not list(attr.axes):
        _rename(sub, op, temp, mctx.unique_symbol(old))
        return
    target = mctx.mesh_symbol(read_mesh(op.attributes["mesh"]))
    ir.SymbolTable.replace_all_symbol_uses(temp, target, sub.operation)
    op.operation.erase()


_FRESH = itertools.count()


def _rename(sub: ir.Module, op, old: str, new: str) -> str:
    if old != new:
        ir.SymbolTable.replace_all_symbol_uses(old, new, sub.operation)
        op.attributes["sym_name"] = ir.StringAttr.get(new)
    return new


def _structure_differences(called, exported) -> str:
    """JAX's list of the differences of the call's (args, kwargs) from the exported ones."""
    lines = []
    for path, thing1, thing2, why in equality_errors_pytreedef(called, exported):
        where = ("args", "kwargs")[path[0].idx] + keystr(path[1:]) if path else "the arguments"
        lines.append(
            f"   - {where} is a {thing1} in the invocation and a {thing2} when exported, so "
            f"{why}.\n"
        )
    return "".join(lines)
