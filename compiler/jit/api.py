"""jit and make_jaxpr: `JitFunction` traces once per abstract signature, lowers, compiles, and
hands each call to the runtime; under another trace it binds as a nested call (pjit_p)."""

from __future__ import annotations

import contextlib
import functools
import math
import os
import re
import sys
import threading
import types
import warnings
import weakref
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

import numpy as np

if TYPE_CHECKING:
    from jaxlib import xla_client as xc  # jit's `device` annotation, as JAX's

from meshjit.compiler import tree_public
from meshjit.compiler.api_util import argument_names, check_callable, fun_sourceinfo
from meshjit.compiler.config import config
from meshjit.compiler.errors import (
    NAME_STACK,
    KeyReuseError,
    MeshjitRuntimeError,
    MeshjitTypeError,
    MeshjitValueError,
    fresh_scopes,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import (
    ClosedJaxpr,
    ManualAxisType,
    ShapedArray,
    func_name,
    typecheck_jaxpr,
    vma_str,
)
from meshjit.compiler.ir.registry import trace_state
from meshjit.compiler.ir.sharding_rules import without_context_mesh
from meshjit.compiler.ir.tokens import is_token_aval
from meshjit.compiler.jit import key_reuse, refs
from meshjit.compiler.jit import shardings as js
from meshjit.compiler.jit.pjit import pjit_p
from meshjit.compiler.jit.propagation import check_propagation
from meshjit.compiler.jit.signature import (
    Signature,
    arg_aval,
    donation_flags,
    resolve_donation,
    resolve_statics,
    split_statics,
)
from meshjit.compiler.jit.stages import (
    COUNTERS,
    KeyAval,
    Lowered,
    Traced,
    compile_for,
    kept_jaxpr,
    only_kept,
    options_key,
    used_arguments,
)
from meshjit.compiler.lax.ad_util import closure_convert
from meshjit.compiler.lowering import lower_jaxpr_to_module, verify
from meshjit.compiler.parallel.explicit import shown_sharding
from meshjit.compiler.parallel.sharding import NamedSharding, PartitionSpec, get_concrete_mesh
from meshjit.compiler.parallel.sharding_ops import sharding_constraint_p
from meshjit.compiler.runtime import client, monitoring
from meshjit.compiler.runtime.assignment import assign_call, check_typed_outputs
from meshjit.compiler.runtime.dispatch import CallCache, fast_key
from meshjit.compiler.trace.jaxprs import eval_closed
from meshjit.compiler.trace.tracing import (
    DebugInfo,
    Tracer,
    abstractify,
    current_trace,
    outside_traces,
    trace_flat,
)
from meshjit.compiler.traceback_util import (
    api_boundary,
    boundary_methods,
    filter_exception,
    register_boundary,
)
from meshjit.compiler.tree_util import (
    keystr,
    tree_flatten,
    tree_flatten_with_path,
    tree_leaves,
    tree_map,
    tree_unflatten,
)

__all__ = [
    "COUNTERS",
    "TYPECHECK",
    "clear_caches",
    "disable_jit",
    "ensure_compile_time_eval",
    "fwd_and_bwd",
    "named_call",
    "named_scope",
    "JitFunction",
    "ShapeDtypeStruct",
    "jit",
    "make_jaxpr",
    "typeof",
]

# Tests turn this on: a typecheck after every trace, a verifier run after every lowering.
TYPECHECK = {"enabled": False}
_LIVE: weakref.WeakSet = weakref.WeakSet()  # every JitFunction, for clear_caches


class _Disabled(threading.local):
    on = False


_disabled = _Disabled()


def set_jit_disabled(disabled: bool) -> None:
    """`config.update("jax_disable_jit", ...)`: as `disable_jit` without a scope."""
    _disabled.on = disabled


@boundary_methods("__init__")  # a missing dtype's error names the user's line
class ShapeDtypeStruct:
    """An abstract argument for `jit(f).lower(...)`: a shape and a dtype, no data."""

    __slots__ = (
        "shape",
        "dtype",
        "weak_type",
        "_sharding",
        "_layout",
        "manual_axis_type",
        "is_ref",
    )

    def __init__(
        self,
        shape,
        dtype,
        *,
        sharding=None,
        weak_type: bool = False,
        manual_axis_type=None,
        is_ref: bool = False,
    ):
        from meshjit.compiler.runtime.layout import Format

        # A Format as `sharding` (as JAX's Compiled.out_info gives): its layout and sharding.
        self._layout = sharding.layout if isinstance(sharding, Format) else None
        sharding = sharding.sharding if isinstance(sharding, Format) else sharding
        # JAX's extended dtypes (typed PRNG keys: key<fry>) are kept as they are
        extended = getattr(dtype, "is_extended", False)
        if dtype is None:  # JAX's words
            raise MeshjitValueError("ShapeDtypeStruct: dtype must be specified.")
        self.shape, self.dtype = tuple(shape), dtype if extended else np.dtype(dtype)
        if isinstance(sharding, (str, int, float)):  # not a sharding: JAX's words
            raise MeshjitValueError(
                "sharding should be an instance of `jax.sharding.Sharding`, "
                "`jax.sharding.PartitionSpec` or `jax.experimental.layout.Format`. Got "
                f"{sharding} of type {type(sharding)}."
            )
        self.weak_type, self._sharding = weak_type, sharding
        if manual_axis_type is not None and not isinstance(manual_axis_type, ManualAxisType):
            raise MeshjitTypeError(
                "`manual_axis_type` argument passed to ShapeDtypeStruct should be of type "
                f"`jax.sharding.ManualAxisType`. Got type {type(manual_axis_type)}"
            )
        self.manual_axis_type, self.is_ref = manual_axis_type, is_ref

    @property
    def sharding(self):
        """The sharding given; a PartitionSpec on set_mesh's mesh, read when asked (as JAX)."""
        if not isinstance(self._sharding, PartitionSpec):
            return self._sharding
        mesh = get_concrete_mesh()
        if mesh is None:
            raise MeshjitTypeError(
                "When specifying PartitionSpec to `ShapeDtypeStruct`, the context mesh cannot "
                "be empty. Please use `jax.set_mesh` to set the mesh context."
            )
        return NamedSharding(mesh, self._sharding)

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def format(self):
        """The layout given (else none), and the sharding if it is a concrete one, as JAX's."""
        from meshjit.compiler.parallel.sharding import Sharding
        from meshjit.compiler.runtime.layout import Format

        sharding = self.sharding if isinstance(self.sharding, Sharding) else None
        return Format(self._layout, sharding)

    def __repr__(self):
        sharding = f", sharding={self._sharding}" if self._sharding is not None else ""
        layout = f", format={self._layout}" if self._layout is not None else ""
        weak = ", weak_type=True" if self.weak_type else ""
        mat = f", manual_axis_type={self.manual_axis_type}" if self.manual_axis_type else ""
        ref = ", is_ref=True" if self.is_ref else ""
        name = self.dtype.name
        return (
            f"ShapeDtypeStruct(shape={self.shape}, dtype={name}{sharding}{layout}{weak}{mat}{ref})"
        )

    def _key(self):
        return (
            self.shape, self.dtype, self._sharding, self.weak_type, self._layout,
            self.manual_axis_type, self.is_ref,
        )  # fmt: skip

    def __eq__(self, other):
        return isinstance(other, ShapeDtypeStruct) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    @classmethod
    def like(cls, x) -> ShapeDtypeStruct:
        """The shape, dtype and weak type of `x`, and its sharding when it has one it was
        placed with (a committed array's, a ShapeDtypeStruct's), as JAX's."""
        if isinstance(x, ShapeDtypeStruct):
            return cls(x.shape, x.dtype, weak_type=x.weak_type, sharding=x.sharding)
        key = getattr(getattr(x, "dtype", None), "is_extended", False)  # typed keys
        placed = getattr(x, "_data", x) if key else x
        sharding = getattr(x, "sharding", None) if getattr(placed, "committed", True) else None
        if key:
            return cls(x.shape, x.dtype, sharding=sharding)
        aval = abstractify(x)
        return cls(aval.shape, aval.dtype, weak_type=aval.weak_type, sharding=sharding)

    def update(self, **kwargs) -> ShapeDtypeStruct:
        """A copy with some of shape / dtype / weak_type / sharding replaced."""
        fields = {"shape": self.shape, "dtype": self.dtype, "weak_type": self.weak_type}
        fields.update({"sharding": self._sharding, **kwargs})
        shape, dtype = fields.pop("shape"), fields.pop("dtype")
        return ShapeDtypeStruct(shape, dtype, **fields)


def flatten_args(tree):
    """`tree_flatten` of arguments, where a ShapeDtypeStruct of an extended dtype (typed PRNG
    keys) stands for the abstract array its dtype builds (keys flatten into their data)."""
    leaves, in_tree = tree_flatten(tree)
    if any(type(x) is ShapeDtypeStruct and getattr(x.dtype, "is_extended", False) for x in leaves):
        leaves = [
            x.dtype.abstract_array(x)
            if type(x) is ShapeDtypeStruct and getattr(x.dtype, "is_extended", False)
            else x
            for x in leaves
        ]
        leaves, in_tree = tree_flatten(tree_unflatten(in_tree, leaves))
    return leaves, in_tree


class _TypeofAval(ShapedArray):
    """The aval `typeof` returns: a ShapedArray printed as JAX prints it (`float32[2,3]`,
    `~float32[]` for a weak type, `ShapedArray(float32[2,3])` as its repr)."""

    __slots__ = ()

    def __str__(self):
        vma = vma_str(self.vma, self.sharding)
        return f"{'~' if self.weak_type else ''}{self.dtype.name}[{self.dims_str()}]{vma}"

    def __repr__(self):
        weak = ", weak_type=True" if self.weak_type else ""
        return f"ShapedArray({str(self).lstrip('~')}{weak})"


def typeof(x):
    """The abstract value (shape, dtype, weak type) of an array, scalar or traced value."""
    if "key<" in str(getattr(x, "dtype", "")):
        return KeyAval(x.shape, x.dtype, _key_sharding(x))
    if refs.is_ref(x):
        return x.ref_aval
    if isinstance(x, (list, tuple, dict)):  # JAX's words (core.typeof; a string has others)
        raise _not_a_jax_type(x)
    try:
        aval = abstractify(x)
    except MeshjitTypeError as e:  # None, sets, objects: core.typeof's quoted words
        if isinstance(x, str) or not str(e).startswith("Argument '"):
            raise
        raise _not_a_jax_type(x) from None
    if is_token_aval(aval):
        return aval
    sharding = shown_sharding(x, aval)
    return _TypeofAval(aval.shape, aval.dtype, aval.weak_type, aval.vma, sharding)


def _not_a_jax_type(x) -> MeshjitTypeError:
    return MeshjitTypeError(
        f"Argument '{x}' of type '{type(x)}' is not a valid JAX type. (typeof takes an "
        "array, a scalar or a traced value; convert a list with jnp.asarray)"
    )


def _key_sharding(keys):
    """The sharding typeof shows for key arrays: their data's, without the key dimension."""
    data = getattr(keys, "_data", None)
    if data is None:
        return None
    s = shown_sharding(data, abstractify(data))
    spec = tuple(s.spec)[: len(keys.shape)]
    return NamedSharding(s.mesh, PartitionSpec(*spec, *[None] * (len(keys.shape) - len(spec))))


def note_arg_shardings(tracers, shardings) -> None:
    """Records the arguments' shardings (None: unsharded) on the trace. The trace is cached per
    abstract sharding signature, so what is traced may depend on them."""
    current_trace().arg_shardings = {t._var: s for t, s in zip(tracers, shardings)}


def _function_name(fun) -> str:
    """The name in `module @jit_<name>`: JAX's sanitized function name (a partial's function's;
    word characters, dots and dashes kept)."""
    return sanitized_name(func_name(fun))


def sanitized_name(text: str) -> str:
    """`text` as JAX sanitizes a module's name: word characters, dots and dashes kept."""
    return re.sub(r"[^\w.-]", "_", text)


def result_names(out_tree) -> list[str]:
    """JAX's `jax.result_info` of each result: "result" and its key path ("result[1]['a']")."""
    paths = tree_flatten_with_path(tree_unflatten(out_tree, range(out_tree.num_leaves)))[0]
    return ["result" + keystr(path) for path, _ in paths]


class JitFunction:
    """`jit(f)`: traces once per abstract signature, lowers, compiles and runs on XLA."""

    def __init__(
        self,
        fun: Callable,
        *,
        static_argnums=(),
        static_argnames=(),
        in_shardings=None,
        out_shardings=None,
        propagation: str = "meshjit",
        name=None,
        donate_argnums=(),
        donate_argnames=(),
        keep_unused: bool = False,
        device=None,
        backend: str | None = None,
        inline: bool = False,
        compiler_options: dict | None = None,
        use_resource_env: bool = False,
    ):
        check_callable(fun)
        _check_placement_options(device, backend, in_shardings, out_shardings)
        one_device = js.one_device_target(in_shardings, out_shardings)
        if one_device is not None:  # JAX's SingleDeviceShardings: the program's device
            in_shardings, out_shardings, device = None, None, one_device
        if isinstance(in_shardings, list):  # as JAX: a list of per-argument shardings is a tuple
            in_shardings = tuple(in_shardings)
        js.check_no_unconstrained(in_shardings, "jit in_shardings")
        js.check_no_unconstrained(out_shardings, "jit out_shardings")
        self.fun = fun
        self.in_shardings, self.out_shardings = in_shardings, out_shardings
        self.propagation = check_propagation(propagation)
        self.name = name or _function_name(fun)
        self.call_name = name or func_name(fun)  # unsanitized, as JAX prints it in jaxprs
        self.static_argnums, self.static_argnames = resolve_statics(
            fun, static_argnums, static_argnames
        )
        self.donate_argnums, self.donate_argnames = resolve_donation(
            fun, donate_argnums, donate_argnames, (self.static_argnums, self.static_argnames)
        )
        # keep_unused=False (JAX's default): the module takes only the arguments it uses
        self.keep_unused, self.device, self.inline = keep_unused, device, inline
        self.compiler_options = options_key(compiler_options)
        self._traces, self._lowerings, self._cache = _shared_caches(
            fun,
            (self.static_argnums, self.static_argnames, in_shardings, out_shardings),
            (self.propagation, self.name, self.donate_argnums, self.donate_argnames),
            (device, inline, self.compiler_options, bool(keep_unused)),
        )
        self.is_one_op = False  # an eager primitive's jit (jit/eager.py)
        # pjit's: bare PartitionSpecs, and None as replicated, on the `with mesh:` mesh
        self.api = "pjit" if use_resource_env else "jit"
        self.result_names = None  # out_tree -> jax.result_info, for a ref program's (refs.py)
        _LIVE.add(self)
        # Calls without statics, kwargs or in_shardings may take the runtime's fast path.
        self._fast_ok = not (
            self.static_argnums
            or self.static_argnames
            or in_shardings
            or device is not None
            or use_resource_env
        )
        functools.update_wrapper(self, fun, updated=())

    # -- stages ------------------------------------------------------------------------------

    def _signature(self, args, kwargs) -> Signature:
        statics, dyn_args, dyn_kwargs = split_statics(
            args, kwargs, self.static_argnums, self.static_argnames
        )
        if dyn_kwargs and self.in_shardings is not None:
            raise MeshjitValueError("pjit does not support kwargs when in_shardings is specified.")
        leaves, in_tree = flatten_args((dyn_args, dyn_kwargs))
        fun = None if self.is_one_op else self.fun  # an eager op's: the value's own error
        names = functools.partial(argument_names, self.fun, args, kwargs, statics)
        in_avals = [arg_aval(x, i, fun, names) for i, x in enumerate(leaves)]
        if any(refs.is_ref(x) for x in leaves):
            names = argument_names(self.fun, args, kwargs, statics)
            refs.check_no_aliases(leaves, names, fun_sourceinfo(self.fun))
        given = js.resource_default(self.in_shardings, self.api)
        shardings = js.arg_shardings(given, dyn_args, leaves, self.api)
        donated = None
        if self.donate_argnums or self.donate_argnames:
            donated = donation_flags(
                args, kwargs, self.static_argnums, self.donate_argnums, self.donate_argnames
            )
        return Signature(leaves, in_tree, in_avals, statics, shardings, donated)

    def _trace(self, sig: Signature) -> Traced:
        traced = self._traces.get(sig.key)
        if traced is None or (config.key_reuse and traced.consumed_keys is None):
            if config.jax_no_tracing and not self.is_one_op:
                raise MeshjitRuntimeError(
                    f"re-tracing function {fun_sourceinfo(self.fun)} for `jit`, but 'no_tracing' "
                    "is set"
                )
            COUNTERS["trace"] += 1

            keys = []

            def flat_fun(*tracers):
                note_arg_shardings(tracers, sig.shardings)
                dynamic = tree_unflatten(sig.in_tree, refs.wrap_ref_args(tracers))
                keys.extend(key_reuse.traced_keys(dynamic))
                args, kwargs = sig.with_statics(dynamic)

                def arg_names():
                    names = argument_names(self.fun, *sig.rebuild_args(sig.leaves), sig.statics)
                    return {id(t): n for t, n in zip(tracers, names)}

                with js.trace_scope(self.api):
                    out = self.fun(*args, **kwargs)
                refs.check_no_returned_refs(out, fun_sourceinfo(self.fun), arg_names)
                return out

            timed = (  # JAX times only the outermost trace
                monitoring.timed(monitoring.JAXPR_TRACE_EVENT, fun_name=self._fun_name())
                if current_trace() is None
                else contextlib.nullcontext()
            )
            debug = None
            if not self.is_one_op:  # what JAX's errors name: the function and its arguments
                debug = DebugInfo(
                    "jit",
                    self.fun,
                    lambda: argument_names(self.fun, *sig.rebuild_args(sig.leaves), sig.statics),
                )
            try:
                with fresh_scopes(), timed:  # a callee's ops are named afresh, as JAX's
                    closed, out_tree = trace_flat(flat_fun, sig.in_avals, debug=debug)
            except KeyReuseError as e:
                if current_trace() is not None:
                    raise
                # JAX finds key reuse in the traced jaxpr, after tracing: at the call's line.
                raise e.with_traceback(None) from None
            if TYPECHECK["enabled"]:
                with without_context_mesh():
                    typecheck_jaxpr(closed)
            traced = Traced(closed, sig.in_tree, out_tree, self.name, sig.donated)
            traced.consumed_keys = key_reuse.traced_signature(keys)
            traced.fun_name = self._fun_name()
            traced.donate_argnums = self._dynamic_donate_argnums()
            if refs.jaxpr_has_refs(closed.jaxpr):
                traced.ref_runner = refs.RefRunner(closed, self.name, out_tree)
            # A trace under vmap's axis names may have baked their sizes in (pmean): not kept.
            if not _captures_tracers(closed) and not _vmap_names_bound():
                self._traces[sig.key] = traced
        return traced

    def _lower(self, sig: Signature) -> Lowered:
        lowered = self._lowerings.get(sig.key)
        if lowered is None:
            traced = self._trace(sig)
            if traced.ref_runner is not None:  # its discharged program's
                self._check_ref_closure(traced, sig)
                return traced.ref_runner.lower(sig.leaves, traced.out_tree)
            COUNTERS["lower"] += 1
            out_shardings = self._out_shardings(traced, sig.shardings)
            names = argument_names(self.fun, *sig.rebuild_args(sig.leaves), sig.statics)
            js.check_ranks(sig.shardings, sig.in_avals, "arguments", names)
            js.check_ranks(out_shardings, traced.jaxpr.out_avals, "outputs",
                           result_names(traced.out_tree))  # fmt: skip
            static = [s for s in out_shardings + traced.constraints if s is not None]
            devices = self._assign(
                sig,
                static,
                functools.partial(self._describe_arg, *sig.rebuild_args(sig.leaves), sig),
                sum(s is not None for s in out_shardings),
                traced.num_shard_map_meshes,
            )
            check_typed_outputs(traced.jaxpr.out_avals, devices)
            kept = None if self.keep_unused else used_arguments(traced.jaxpr.jaxpr)
            traced.arg_names = names  # the compiled call's mismatch message names them
            with monitoring.timed(
                monitoring.JAXPR_TO_MLIR_MODULE_EVENT, fun_name=f"jit({self._fun_name()})"
            ):
                module = self._lower_module(traced, kept, sig, out_shardings, devices, names)
            if TYPECHECK["enabled"]:
                verify(module, f"lowering jit({self.name})")
            lowered = self._lowerings[sig.key] = Lowered(
                module,
                traced,
                key=sig.key,
                out_shardings=out_shardings,
                static_shardings=static,
                devices=devices,
                propagation=self.propagation,
                cache=self._cache,
                compiler_options=self.compiler_options,
            )
            lowered.in_shardings = list(sig.shardings)
            lowered.kept = kept
        return lowered

    def _fun_name(self) -> str:
        """The function's name, as JAX's Traced and monitoring events give it (an eager op's:
        its primitive's)."""
        return self.name if self.is_one_op else func_name(self.fun)

    def _lower_module(self, traced: Traced, kept, sig: Signature, out_shardings, devices, names):
        return lower_jaxpr_to_module(
            kept_jaxpr(traced.jaxpr, kept),
            name=self.name,
            num_partitions=devices.num_partitions,
            arg_shardings=only_kept(sig.shardings, kept),
            result_shardings=out_shardings,
            donated=only_kept(sig.donated, kept),
            result_names=(self.result_names or result_names)(traced.out_tree),
            arg_names=only_kept(names, kept),
            name_stack=f"jit({self.call_name})",
        )

    def _assign(self, sig: Signature, static: list, describe, num_out: int, num_meshes: int):
        """The call's devices (pjit's ignore set_mesh's mesh, as JAX's)."""
        use_context = self.api == "jit"
        declared = num_out + num_meshes
        return assign_call(
            sig.shardings, static, sig.leaves, describe, num_out, use_context, declared
        )

    def _check_ref_closure(self, traced: Traced, sig: Signature) -> None:
        if any(refs.is_ref(x) for x in sig.leaves):
            names = argument_names(self.fun, *sig.rebuild_args(sig.leaves), sig.statics)
            refs.check_not_closed_over(traced.jaxpr, sig.leaves, names, fun_sourceinfo(self.fun))

    def _describe_arg(self, args, kwargs, sig: Signature, i: int) -> str:
        """Argument leaf i as JAX's device errors name it: `a of f with shape float32[3]`."""
        names = argument_names(self.fun, args, kwargs, sig.statics)
        name = names[i] if i < len(names) else str(i)
        fun = self.call_name  # a user's function by its qualified name, as JAX's
        if not self.is_one_op:
            fun = getattr(self.fun, "__qualname__", fun)
        return f"{name} of {fun} with shape {sig.in_avals[i].str_long()}"

    def _out_shardings(self, traced: Traced, in_shardings=()) -> list:
        """out_shardings given to jit, else the outputs' type shardings (explicit mode)."""
        num_outs = len(traced.jaxpr.out_avals)
        given = js.out_shardings(self.out_shardings, traced.out_tree, num_outs, self.api)
        return js.typed_outs(given, traced.jaxpr, in_shardings, self.api)

    def _dynamic_donate_argnums(self) -> tuple[int, ...]:
        """The donated arguments (by name too) numbered among the non-static ones, as JAX's
        stages report them."""
        statics = self.static_argnums
        return tuple(sorted(i - sum(s < i for s in statics) for i in self.donate_argnums))

    # -- public ------------------------------------------------------------------------------

    def clear_cache(self) -> None:
        """Forgets this function's traces, lowerings and executables (JAX's `clear_cache`)."""
        self._traces.clear()
        self._lowerings.clear()
        self._cache.compiled.clear()
        self._cache.calls.clear()

    @api_boundary
    def trace(self, *args, **kwargs) -> Traced:
        sig = self._signature(args, kwargs)
        traced = self._trace(sig)
        self._check_ref_closure(traced, sig)
        traced.lowerer = functools.partial(self._lower, sig)
        return traced

    @api_boundary
    def lower(self, *args, **kwargs) -> Lowered:
        return self._lower(self._signature(args, kwargs))

    @api_boundary
    def eval_shape(self, *args, **kwargs):
        """The ShapeDtypeStructs this function would return on these arguments (`jax.jit(f)
        .eval_shape(...)`), found by tracing without compiling; static arguments stay static."""
        traced = self._trace(self._signature(args, kwargs))
        return _shape_structs(traced.jaxpr, traced.out_tree)

    def __call__(self, *args, **kwargs):
        try:  # an API boundary (traceback_util), without a wrapper's frame on the hot path
            # disable_jit(): op by op, in Python (an op itself still runs as its one-op jit)
            if _disabled.on and current_trace() is None and not self.is_one_op:
                return self.fun(*args, **kwargs)
            key = None
            # (`trace_state.current`: current_trace() without its call, on every call's path)
            if (
                self._fast_ok
                and not kwargs
                and trace_state.current is None
                and not config.key_reuse
            ):
                key = fast_key(args)
                compiled = self._cache.calls.get(key)
                if compiled is not None:
                    out = compiled.call_flat(args)
                    if config.check_special:
                        self._check_special(out, args, kwargs)
                    return out
            if self.device is not None and current_trace() is None:
                args, kwargs = self._on_device(args, kwargs)
            sig = self._signature(args, kwargs)
            if config.key_reuse:
                self._consume_keys(sig, args, kwargs)
            if current_trace() is not None:
                values = None if self.is_one_op else self._eager_leaves(sig)
                if values is None:
                    return self._bind_nested(sig)
                args, kwargs = sig.rebuild_args(values)
                with outside_traces():  # as JAX's eager autodiff: the call runs now
                    return self(*args, **kwargs)
            lowered = self._lowerings.get(sig.key)
            if lowered is None:  # (a program using refs is never lowered as it is)
                traced = self._trace(sig)
                if traced.ref_runner is not None:
                    self._check_ref_closure(traced, sig)
                    return tree_unflatten(traced.out_tree, traced.ref_runner(sig.leaves))
                lowered = self._lower(sig)
            devices = self._assign(
                sig,
                lowered.static_shardings,
                functools.partial(self._describe_arg, args, kwargs, sig),
                sum(s is not None for s in lowered.out_shardings),
                lowered.traced.num_shard_map_meshes,
            )
            compiled = compile_for(lowered, devices)
            if config.no_execution:
                name = self.name if self.is_one_op else getattr(self.fun, "__name__", self.name)
                raise MeshjitRuntimeError(
                    f"JAX tried to execute function jit({name}), but the no_execution "
                    "config option is set"
                )
            if key is not None:
                self._cache.remember_call(key, compiled)
            out = compiled.call_flat(sig.leaves)
            if config.check_special:
                self._check_special(out, args, kwargs)
            return out
        except Exception as e:
            filter_exception(e)
            raise

    def _check_special(self, out, args, kwargs) -> None:
        """jax_debug_nans / jax_debug_infs: a NaN (inf) in the results raises
        FloatingPointError. For a program, its Python runs again op by op first, so the
        error names the operation that made the value, as in JAX."""
        found = special_values(out)
        if found is None:
            return
        if self.is_one_op:
            if _inside_numpy_function():  # JAX's jnp functions are jitted: theirs speaks first
                print(_DEOPTIMIZED)
            raise FloatingPointError(f"invalid value ({found}) encountered in {self.name}")
        print(
            "Invalid nan value encountered in the output of a jax.jit function. Calling the "
            "de-optimized version."
        )
        with disable_jit():
            self.fun(*args, **kwargs)
        raise FloatingPointError(
            f"invalid value ({found}) encountered in jit({self.name}). Because "
            "jax_debug_nans and/or jax_debug_infs is set, the de-optimized function (the "
            "function as if the `jit` decorator were removed) was called in an attempt to get "
            "a more precise error message. However, the de-optimized function did not produce "
            "invalid values during its execution. This can come from `jit` optimizations "
            "producing the invalid value, or from nan/inf literals as inputs or outputs."
        )

    def _consume_keys(self, sig: Signature, args, kwargs) -> None:
        """jax_debug_key_reuse: the call consumes the key arguments its trace consumed."""
        _, dyn_args, dyn_kwargs = split_statics(
            args, kwargs, self.static_argnums, self.static_argnames
        )
        key_reuse.check_call(self._trace(sig).consumed_keys, (dyn_args, dyn_kwargs))

    def _eager_leaves(self, sig: Signature):
        """The arguments' values when JAX would call this jit right away: inside a transform
        evaluated outside jit (grad, jvp: JAX's run op by op), on values that depend on none of
        the transform's inputs, by a function closing over none of them; else None."""
        trace = current_trace()
        if trace.known is None or trace.done:
            return None
        values = []
        for x in sig.leaves:
            if isinstance(x, Tracer):
                x = trace.constant_value(x._var) if x._trace is trace else None
                if x is None:
                    return None
            values.append(x)
        if any(isinstance(c, Tracer) for c in self._trace(sig).jaxpr.consts):
            return None
        return values

    def _bind_nested(self, sig: Signature):
        """jit inside a trace: a call to the traced function; its in/out shardings become
        sharding constraints around the call, as in JAX."""
        traced = self._trace(sig)
        out_avals = traced.jaxpr.out_avals
        out_shardings = js.out_shardings(self.out_shardings, traced.out_tree, len(out_avals))
        names = argument_names(self.fun, *sig.rebuild_args(sig.leaves), sig.statics)
        js.check_ranks(sig.shardings, sig.in_avals, "arguments", names)  # as a top-level call
        js.check_ranks(out_shardings, out_avals, "outputs", result_names(traced.out_tree))
        leaves = _constrain_all(refs.unwrap_refs(sig.leaves), sig.shardings)
        if self.inline:  # jit(..., inline=True): the function's equations, not a call
            outs = eval_closed(traced.jaxpr, leaves)
        else:
            consts, jaxpr = closure_convert(traced.jaxpr)
            consts = refs.unwrap_refs(consts)
            outs = pjit_p.bind(*consts, *leaves, jaxpr=jaxpr, name=self.call_name)
        return tree_unflatten(traced.out_tree, _constrain_all(outs, out_shardings))

    def _on_device(self, args, kwargs):
        """jit(..., device=d): the non-static arguments committed to `d`, where the program
        then runs."""
        from meshjit.compiler.runtime.device_put import device_put

        def put(x):
            return x if x is None or isinstance(x, (str, bool)) else device_put(x, self.device)

        args = tuple(
            a if i in self.static_argnums else tree_map(put, a) for i, a in enumerate(args)
        )
        kwargs = {
            k: v if k in self.static_argnames else tree_map(put, v) for k, v in kwargs.items()
        }
        return args, kwargs

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return functools.partial(self, obj)

    def __repr__(self):
        return f"<PjitFunction of {self.fun!r}>"


register_boundary(JitFunction.__call__.__code__)


def special_values(out) -> str | None:
    """ "nan" or "inf" when a float result holds one that jax_debug_nans / jax_debug_infs asks
    about, else None."""
    for leaf in tree_leaves(out):
        dtype = getattr(leaf, "dtype", None)
        if dtype is None or not dtypes.is_inexact(dtype):
            continue
        value = np.asarray(leaf)
        if config.jax_debug_nans and np.isnan(value).any():
            return "nan"
        if config.jax_debug_infs and np.isinf(value).any():
            return "inf"
    return None


def _constrain_all(values, shardings) -> list:
    return [
        v if s is None else sharding_constraint_p.bind(v, sharding=s)
        for v, s in zip(values, shardings)
    ]


def _vmap_names_bound() -> bool:
    trace = current_trace()
    return trace is not None and bool(trace.vmap_axes)


def _captures_tracers(closed: ClosedJaxpr) -> bool:
    return any(type(c) is Tracer for c in closed.consts)


class NotSpecified:
    """jit(...) without a function: a decorator (jit(None) is an error, as JAX's); shown in
    jit's signature as JAX's marker."""

    def __repr__(self):
        return "<not-specified>"


_NO_FUN = NotSpecified()


class UnspecifiedValue:
    """jit's in_shardings / out_shardings not given (JAX's default, shown as JAX's): the
    shardings come from the arguments and propagation, as with None."""

    def __repr__(self):
        return "UnspecifiedValue"


UNSPECIFIED = UnspecifiedValue()


def jit(
    fun: Callable | NotSpecified = _NO_FUN,
    /,
    *,
    in_shardings: Any = UNSPECIFIED,
    out_shardings: Any = UNSPECIFIED,
    static_argnums: int | Sequence[int] | None = None,
    static_argnames: str | Iterable[str] | None = None,
    donate_argnums: int | Sequence[int] | None = None,
    donate_argnames: str | Iterable[str] | None = None,
    keep_unused: bool = False,
    device: xc.Device | None = None,
    backend: str | None = None,
    inline: bool = False,
    compiler_options: dict[str, Any] | None = None,
    propagation: str = "meshjit",
    **options,
):
    """Compiles `fun` with XLA. Usable as `@jit` or `@jit(static_argnums=..., ...)`.

    `donate_argnums` / `donate_argnames`: the arguments whose buffers XLA may reuse for the
    results (as in JAX): a donated meshjit.Array is deleted by the call (`is_deleted()`), and
    using it again is an error; donating a NumPy value donates only its device copy.
    `inline`: inside another trace, the function's equations instead of a nested call.
    `device`: the arguments committed to that device, where the program runs; `backend`: "cpu"
    (the only one). `compiler_options`: XLA option names to values. `keep_unused=False` (as
    JAX's default): the compiled program takes only the arguments it uses (the others are not
    sent to the devices, and their `input_shardings` are None)."""
    if "fun" in options:  # Python's words for a positional-only parameter given by name
        raise MeshjitTypeError(
            "jit() got some positional-only arguments passed as keyword arguments: 'fun'"
        )
    if options:
        unknown = sorted(options)[0]
        raise MeshjitTypeError(f"jit() got an unexpected keyword argument '{unknown}'")
    kwargs = dict(
        in_shardings=None if in_shardings is UNSPECIFIED else in_shardings,
        out_shardings=None if out_shardings is UNSPECIFIED else out_shardings,
        static_argnums=static_argnums,
        static_argnames=static_argnames,
        donate_argnums=donate_argnums,
        donate_argnames=donate_argnames,
        keep_unused=keep_unused,
        device=device,
        backend=backend,
        inline=inline,
        compiler_options=compiler_options,
        propagation=propagation,
    )
    if fun is _NO_FUN:  # `@jit(static_argnums=...)`: the decorator, an API boundary too
        return api_boundary(functools.partial(jit, **kwargs))
    return JitFunction(fun, **kwargs)


def make_jaxpr(fun: Callable, static_argnums=(), axis_env=None, return_shape=False):
    """`make_jaxpr(f)(*args)` -> the ClosedJaxpr of f at those argument types. `axis_env`:
    `(name, size)` pairs binding axis names for f's collectives (as pmap or shard_map would).
    JAX's signature: `static_argnums` may be given by position, and there is no
    `static_argnames`."""
    if not callable(fun):  # JAX's words
        raise MeshjitTypeError(f"the first argument must be callable, got {fun!r}")
    if axis_env is not None:
        return _make_jaxpr_in_axis_env(fun, axis_env, static_argnums, return_shape)
    jitted = JitFunction(fun, static_argnums=static_argnums)

    @functools.wraps(fun)
    def make(*args, **kwargs):
        traced = jitted.trace(*args, **kwargs)
        if not return_shape:
            return traced.jaxpr
        return traced.jaxpr, tree_unflatten(traced.out_tree, _out_shapes(traced.jaxpr))

    return make


def _out_shapes(closed) -> list:
    return [ShapeDtypeStruct(a.shape, a.dtype, weak_type=a.weak_type) for a in closed.out_avals]


def _make_jaxpr_in_axis_env(fun, axis_env, static_argnums, return_shape):
    from meshjit.compiler.parallel.axis_env import AxisEnv  # parallel/ sits below jit/
    from meshjit.compiler.parallel.sharding import AbstractMesh, AxisType

    names = tuple(name for name, _ in axis_env)
    mesh = AbstractMesh([size for _, size in axis_env], names, (AxisType.Manual,) * len(names))
    env = AxisEnv(mesh, names, check_vma=False)
    statics = (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums)

    @functools.wraps(fun)
    def make(*args, **kwargs):
        dynamic = [a for i, a in enumerate(args) if i not in statics]
        leaves, in_tree = flatten_args((dynamic, kwargs))
        names = functools.partial(argument_names, fun, args, kwargs, [(i, None) for i in statics])
        avals = [arg_aval(x, i, fun, names) for i, x in enumerate(leaves)]

        def flat(*xs):
            current_trace().axis_env = env
            dyn, kw = tree_unflatten(in_tree, xs)
            it = iter(dyn)
            full = [args[i] if i in statics else next(it) for i in range(len(args))]
            return fun(*full, **kw)

        closed, out_tree = trace_flat(flat, avals)
        return (closed, tree_unflatten(out_tree, _out_shapes(closed))) if return_shape else closed

    return make


def _check_hashable_or_callable(fun) -> None:
    """JAX's words for an unhashable non-callable: its eval_shape wraps `fun` in a partial."""
    try:
        hash(fun)
    except TypeError:
        if not callable(fun):
            raise MeshjitTypeError(
                f"the first argument must be callable (eval_shape takes a function, got {fun!r})"
            ) from None


def eval_shape(fun: Callable, *args, **kwargs):
    """The shapes and dtypes `fun(*args, **kwargs)` would return (ShapeDtypeStructs), found by
    tracing it without running anything; arguments may be ShapeDtypeStructs."""
    _check_hashable_or_callable(fun)
    check_callable(fun)
    leaves, in_tree = flatten_args((args, kwargs))
    names = functools.partial(argument_names, fun, args, kwargs)
    avals = [arg_aval(x, i, fun, names) for i, x in enumerate(leaves)]

    def flat(*xs):
        a, k = tree_unflatten(in_tree, refs.wrap_ref_args(xs))
        return fun(*a, **k)

    closed, out_tree = trace_flat(flat, avals, debug=DebugInfo("jit", fun, names))
    return _shape_structs(closed, out_tree)


def _shape_structs(closed, out_tree):
    """A trace's outputs as ShapeDtypeStructs, in their pytree."""
    shapes = [  # a typed output (explicit axes) with its type's sharding, as JAX; a token's
        a  # aval as it is (AbstractToken(), as JAX's)
        if is_token_aval(a)
        else ShapeDtypeStruct(a.shape, a.dtype, weak_type=a.weak_type, sharding=a.sharding)
        for a in closed.jaxpr.out_avals
    ]
    # a typed key array (a node over its data's struct) is one struct of its key dtype, as JAX
    return tree_public.tree_map(_opaque_struct, tree_unflatten(out_tree, shapes))


def _opaque_struct(x):
    return ShapeDtypeStruct(x.shape, x.dtype) if tree_public.is_opaque_leaf(x) else x


@contextlib.contextmanager
def disable_jit(disable: bool = True):
    """Inside, jitted functions run their Python op by op (values are concrete, so Python
    control flow on them works), as `jax.disable_jit`."""
    saved, _disabled.on = _disabled.on, disable
    try:
        yield
    finally:
        _disabled.on = saved


# fun -> {options: (traces, lowerings, call cache)}: jit(f) made again for the same function and
# options reuses its traces and executables, as JAX's caches are keyed by the function (a
# Python side effect of f runs on the first trace only).
_SHARED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _shared_caches(fun, *options):
    fresh = ({}, {}, CallCache())
    if type(fun) is not types.FunctionType:  # bound methods and partials are new objects
        return fresh
    try:
        hash(options)
    except TypeError:
        return fresh
    return _SHARED.setdefault(fun, {}).setdefault(options, fresh)


def _check_placement_options(device, backend, in_shardings, out_shardings) -> None:
    """jit's `backend` (only "cpu" exists here) and `device`, which exclude shardings (JAX's
    errors)."""
    if backend is not None and backend != "cpu":
        raise MeshjitRuntimeError(
            f"Unknown backend: '{backend}' requested, but no platforms that are instances of "
            f"{backend} are present. Platforms present are: cpu"
        )
    if device is None and backend is None:
        return
    warnings.warn(  # JAX's words
        "backend and device argument on jit is deprecated. You can use "
        '`jax.device_put(..., jax.local_devices(backend="cpu")[0])` on the inputs to the '
        "jitted function to get the same behavior.",
        DeprecationWarning,
        stacklevel=4,
    )
    if device is not None and backend is not None:
        raise MeshjitValueError(
            f"can't specify both a device and a backend for jit, got device={device} and "
            f"backend={backend!r}"
        )
    for what, given in (("in_shardings", in_shardings), ("out_shardings", out_shardings)):
        if given is not None:
            raise MeshjitValueError(
                f"If backend or device is specified on jit, then {what} should not be specified."
            )


def forget_calls() -> None:
    """Every jitted function's calls take the slow path again (jax_no_execution was set)."""
    for fn in list(_LIVE):
        fn._cache.calls.clear()


def clear_caches() -> None:
    """Forgets every jitted function's traces, lowerings and executables."""
    for fn in list(_LIVE):
        fn._traces.clear()
        fn._lowerings.clear()
        fn._cache = CallCache()
    _SHARED.clear()
    client.clear_executables()


@api_boundary
def named_scope(name: str):
    """`jax.named_scope`: the equations traced inside carry `name` (nested scopes joined by
    "/"), and the lowered ops' locations are named "outer/inner/op" as JAX's. A name that is
    not a string is refused at the call, in JAX's words."""
    if not isinstance(name, str):
        raise MeshjitTypeError(
            f"named_scope name argument must be a string. (Got {type(name).__name__}.)"
        )
    return _named_scope(name)


@contextlib.contextmanager
def _named_scope(name: str):
    NAME_STACK.append(name)
    try:
        yield
    finally:
        NAME_STACK.pop()


def named_call(fun: Callable, *, name: str | None = None) -> Callable:
    """`jax.named_call`: `fun` run within the named scope `name` (its own name by default), as
    JAX's: the lowered ops' locations are named "name/op"."""
    scope = fun.__name__ if name is None else str(name)

    @functools.wraps(fun)
    def named(*args, **kwargs):
        with _named_scope(scope):
            return fun(*args, **kwargs)

    return named


_DEOPTIMIZED = (
    "Invalid nan value encountered in the output of a jax.jit function. Calling the "
    "de-optimized version."
)
_NUMPY_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "numpy")


def _inside_numpy_function() -> bool:
    """Whether a meshjit.numpy function is on the stack (jax.numpy's functions are jit-wrapped
    in JAX, so a NaN found under jax_debug_nans is reported by that jit before the op's)."""
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename.startswith(_NUMPY_DIR):
            return True
        frame = frame.f_back
    return False


@contextlib.contextmanager
def ensure_compile_time_eval():
    """`jax.ensure_compile_time_eval`: operations inside run now, on concrete values, even
    while a jit traces (their results are constants of the trace; a traced value used inside
    is an error), as JAX's evaluation context."""
    from meshjit.compiler.ir.registry import trace_state

    saved, trace_state.current = trace_state.current, None
    try:
        yield
    finally:
        trace_state.current = saved


def fwd_and_bwd(fun: Callable, argnums, has_aux: bool = False, jitted: bool = True):
    """(fwd, bwd) as `jax.fwd_and_bwd`: `fwd(*args)` gives (fun(*args), residuals) (and aux
    with `has_aux`), `bwd(residuals, cotangent)` the cotangents of the `argnums` arguments.
    meshjit's residuals are the primals, and bwd recomputes the forward pass under its own jit:
    each compiles once, whatever the calls."""
    from meshjit.compiler.ad.api import vjp  # a later family

    nums = (argnums,) if isinstance(argnums, int) else tuple(argnums)

    def pullback(args):
        def partial(*dyn):
            full = list(args)
            for i, x in zip(nums, dyn):
                full[i] = x
            return fun(*full)

        return vjp(partial, *(args[i] for i in nums), has_aux=has_aux)

    def fwd(*args):
        out = pullback(args)
        return (out[0], args, out[2]) if has_aux else (out[0], args)

    def bwd(residuals, outgrad):
        cts = pullback(residuals)[1](outgrad)
        return cts[0] if isinstance(argnums, int) else cts

    return (jit(fwd), jit(bwd)) if jitted else (fwd, bwd)
