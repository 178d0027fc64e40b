"""`jax.ffi`: calls of foreign functions registered with XLA (`stablehlo.custom_call` of the
typed FFI, api_version 4, its keyword arguments the handler's attributes), as JAX 0.10.2's.

A CPU target comes from a compiled library: `register_ffi_target(name, pycapsule(lib.fn))`
puts it in jaxlib's custom-call registry (the one XLA's CPU client reads), and
`ffi_call(name, result_shape_dtypes)(*args, **attributes)` calls it. Not differentiable (use
custom_jvp / custom_vjp), batched by `vmap_method` as pure_callback is."""

from __future__ import annotations

import ctypes
import os
from typing import Any, Sequence

import jaxlib
import numpy as np
from jaxlib import xla_client
from jaxlib.mlir import ir

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    effectful,
    jvp_rules,
    lowering_rules,
    transpose_rules,
)
from meshjit.compiler.ir.tokens import is_token_aval
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.lax.callbacks import VMAP_METHODS, batch_by_vmap_method

__all__ = [
    "build_ffi_lowering_function",
    "ffi_call",
    "ffi_lowering",
    "include_dir",
    "pycapsule",
    "register_ffi_target",
    "register_ffi_target_as_batch_partitionable",
    "register_ffi_type",
]

ffi_call_p = Primitive("ffi_call", multiple_results=True)
effectful.add(ffi_call_p)  # kept by dead-code elimination (a call may have side effects)


def register_ffi_target(name: str, fn: Any, platform: str = "cpu", api_version: int = 1, **kwargs):
    """Registers a foreign function (a PyCapsule of its handler, or a dict of them by FFI
    stage) as custom-call target `name` for `platform` (api_version 1: the typed FFI; 0: the
    older custom-call API)."""
    return xla_client.register_custom_call_target(name, fn, platform, api_version, **kwargs)


def register_ffi_type(name: str, type_registration: dict, platform: str = "cpu"):
    """Registers a custom type of FFI handlers (a dict with a `type_id` PyCapsule)."""
    return xla_client.register_custom_type(name, type_registration, platform=platform)


def register_ffi_target_as_batch_partitionable(name: str) -> None:
    """Marks target `name` as partitionable along its batch dimension."""
    xla_client.register_custom_call_as_batch_partitionable(name)


def pycapsule(funcptr):
    """A ctypes function pointer (from a library loaded with ctypes) wrapped in a PyCapsule,
    the form register_ffi_target takes."""
    destructor = ctypes.CFUNCTYPE(None, ctypes.py_object)
    builder = ctypes.pythonapi.PyCapsule_New
    builder.restype = ctypes.py_object
    builder.argtypes = (ctypes.c_void_p, ctypes.c_char_p, destructor)
    return builder(funcptr, None, destructor(0))


def include_dir() -> str:
    """The directory of the C++ headers jaxlib ships (`xla/ffi/api/ffi.h`)."""
    return os.path.join(os.path.dirname(os.path.abspath(jaxlib.__file__)), "include")


# ---------------------------------------------------------------------------------------------
# Attributes and layouts.


def ir_attribute(value) -> ir.Attribute:
    """A handler attribute as JAX converts it: Python ints and floats as 64-bit, NumPy scalars
    and arrays in their dtype, strings, dicts and sequences."""
    from meshjit.dialects.types import TypeCache

    if isinstance(value, ir.Attribute):
        return value
    if isinstance(value, (str, bytes)):
        return ir.StringAttr.get(value)
    if isinstance(value, dict):
        return ir.DictAttr.get({k: ir_attribute(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return ir.ArrayAttr.get([ir_attribute(v) for v in value])
    if type(value) in _PYTHON_SCALARS:
        value = np.asarray(value, _PYTHON_SCALARS[type(value)])
    if isinstance(value, (np.ndarray, np.generic)):
        element = TypeCache().element(value.dtype)
        if np.ndim(value):
            return ir.DenseElementsAttr.get(np.ascontiguousarray(value), type=element)
        if isinstance(element, ir.IntegerType):
            return ir.IntegerAttr.get(element, int(value))
        return ir.FloatAttr.get(element, float(value))
    raise MeshjitTypeError(f"an ffi_call attribute of type {type(value).__name__}: {value!r}")


_PYTHON_SCALARS = {bool: np.bool_, int: np.int64, float: np.float64}


def _layout_attr(minor_to_major) -> ir.Attribute:
    values = np.asarray(minor_to_major, np.int64)
    tensor = ir.RankedTensorType.get([len(values)], ir.IndexType.get())
    return ir.DenseElementsAttr.get(values, type=tensor)


def _default_layout(aval) -> tuple:
    return () if is_token_aval(aval) else tuple(reversed(range(len(aval.shape))))


def _layouts(avals, layouts, major_to_minor: bool) -> tuple:
    """Minor-to-major layouts (XLA's order) of `avals`: row-major where a layout is None."""
    if layouts is None:
        return tuple(map(_default_layout, avals))
    out = []
    for aval, layout in zip(avals, layouts):
        if layout is None:
            out.append(_default_layout(aval))
        elif hasattr(layout, "major_to_minor"):  # a Layout
            out.append(tuple(layout.major_to_minor[::-1]))
        else:
            out.append(tuple(layout[::-1] if major_to_minor else layout))
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Lowering.


def build_ffi_lowering_function(
    call_target_name: str,
    *,
    operand_layouts=None,
    result_layouts=None,
    backend_config=None,
    skip_ffi_layout_processing: bool = False,
    **lowering_args,
):
    """A function `(ctx, *operands, **attributes) -> op` emitting the custom call of
    `call_target_name` (layouts here minor-to-major, as XLA's); keyword arguments become
    attributes in the backend_config (api_version 4)."""

    def emit_call(ctx, *operands, **params):
        api_version = lowering_args.get("api_version", 4)
        i32 = ir.IntegerType.get_signless(32)
        attrs = {
            "call_target_name": ir.StringAttr.get(call_target_name),
            "has_side_effect": ir.BoolAttr.get(bool(lowering_args.get("has_side_effect"))),
        }
        if api_version >= 4:
            if backend_config is not None and not isinstance(backend_config, dict):
                raise MeshjitValueError(
                    "When api_version > 4, backend_config must be a dictionary."
                )
            config = dict(backend_config or {}, **params)
            # As JAX's: the attributes in `mhlo.backend_config`, with api_version 1 (XLA reads
            # the dictionary there as the typed FFI's attributes)
            attrs["mhlo.backend_config"] = ir.DictAttr.get(
                {k: ir_attribute(v) for k, v in config.items()}
            )
            api_version, backend_config_text = 1, ""
        elif params:
            raise MeshjitValueError(
                "The use of ffi_call attributes requires a custom call API version of at "
                f"least 4; got api_version={api_version}."
            )
        else:
            backend_config_text = backend_config or ""
        attrs["backend_config"] = ir.StringAttr.get(backend_config_text)
        attrs["api_version"] = ir.IntegerAttr.get(i32, api_version)
        if not skip_ffi_layout_processing:
            ins = _layouts(ctx.avals_in, operand_layouts, False)
            outs = _layouts(ctx.avals_out, result_layouts, False)
            attrs["operand_layouts"] = ir.ArrayAttr.get([_layout_attr(x) for x in ins])
            attrs["result_layouts"] = ir.ArrayAttr.get([_layout_attr(x) for x in outs])
        aliases = lowering_args.get("operand_output_aliases") or {}
        if aliases:
            attrs["output_operand_aliases"] = ir.ArrayAttr.get(
                [_alias_attr(i, o, len(ctx.avals_out)) for i, o in sorted(aliases.items())]
            )
        types = [ctx.tensor_type(a) for a in ctx.avals_out]
        return ir.Operation.create("stablehlo.custom_call", types, list(operands), attrs)

    return emit_call


def _alias_attr(operand: int, output: int, num_outputs: int) -> ir.Attribute:
    tuple_index = f"[{output}]" if num_outputs > 1 else "[]"
    return ir.Attribute.parse(
        f"#stablehlo.output_operand_alias<output_tuple_indices = {tuple_index}, "
        f"operand_index = {operand}, operand_tuple_indices = []>"
    )


def ffi_lowering(call_target_name: str, **kwargs):
    """A lowering rule (`rule(ctx, *operands, **attributes) -> results`) calling the target."""
    emit_call = build_ffi_lowering_function(call_target_name, **kwargs)

    def rule(ctx, *operands, **params):
        return list(emit_call(ctx, *operands, **params).results)

    return rule


@lowering_rules.register(ffi_call_p)
def _ffi_call_lowering(ctx, *operands, target_name, has_side_effect, input_layouts,
                       output_layouts, input_output_aliases, custom_call_api_version,
                       legacy_backend_config, attributes, **_):  # fmt: skip
    rule = ffi_lowering(
        target_name,
        has_side_effect=has_side_effect,
        operand_layouts=input_layouts,
        result_layouts=output_layouts,
        operand_output_aliases=dict(input_output_aliases),
        api_version=custom_call_api_version,
        backend_config=legacy_backend_config,
    )
    return rule(ctx, *operands, **_unwrap(attributes))


# ---------------------------------------------------------------------------------------------
# The primitive's other rules.


@abstract_eval_rules.register(ffi_call_p)
def _ffi_call_rule(*avals, result_avals, **params):
    return list(result_avals)


def _not_differentiable(*args, target_name, **params):
    raise MeshjitValueError(  # JAX's words
        f"The FFI call to `{target_name}` cannot be differentiated. You can use "
        "`jax.custom_jvp` or `jax.custom_jvp` to add support."
    )


jvp_rules.register(ffi_call_p, lambda primals, tangents, **params: _not_differentiable(**params))
transpose_rules.register(ffi_call_p, lambda cts, *args, **params: _not_differentiable(**params))


@batching_rules.register(ffi_call_p)
def _ffi_call_batcher(args, dims, *, result_avals, vmap_method, **params):
    """As pure_callback's; no vmap_method is JAX 0.10.2's NotImplementedError (its docstring's
    `sequential` default is no longer what it does)."""
    method = vmap_method
    if method in ("expand_dims", "broadcast_all", "legacy_vectorized"):  # the batch axis, slowest
        outer = lambda layout: tuple(n + 1 for n in layout) + (0,)  # noqa: E731
        params["output_layouts"] = tuple(map(outer, params["output_layouts"]))
        params["input_layouts"] = tuple(
            outer(layout) if d is not None or method != "legacy_vectorized" else layout
            for layout, d in zip(params["input_layouts"], dims)
        )
    params["vmap_method"] = vmap_method
    return batch_by_vmap_method(ffi_call_p, args, dims, result_avals, method, params)


# ---------------------------------------------------------------------------------------------
# ffi_call.


class _Attribute:
    """A handler attribute as a parameter of the primitive: equal to another only of the same
    type (2.5 and float32(2.5) are different attributes, f64 and f32, though Python finds them
    equal: eager calls are cached by parameters); arrays and dicts by their contents."""

    __slots__ = ("value", "_key")

    def __init__(self, name: str, value):
        self.value = value
        if isinstance(value, np.ndarray):
            key = (value.dtype.str, value.shape, value.tobytes())
        elif isinstance(value, dict):
            key = tuple(sorted((k, _Attribute(k, v)) for k, v in value.items()))
        else:
            try:
                hash(value)
            except TypeError:  # JAX's words
                raise MeshjitTypeError(
                    f"Non-hashable keyword argument to ffi_call {name}: {value}"
                ) from None
            key = value
        self._key = (type(value), key)

    def __eq__(self, other):
        return type(other) is _Attribute and self._key == other._key

    def __lt__(self, other):  # (dict attributes sort their items)
        return repr(self) < repr(other)

    def __hash__(self):
        return hash(self._key)

    def __repr__(self):
        return repr(self.value)


def _wrap(kwargs: dict) -> tuple:
    return tuple((k, _Attribute(k, v)) for k, v in sorted(kwargs.items()))


def _unwrap(attributes) -> dict:
    return {k: v.value for k, v in attributes}


def _result_avals(results) -> tuple:
    avals = []
    for i, r in enumerate(results):
        if is_token_aval(r):
            avals.append(r)
        elif not hasattr(r, "shape") or not hasattr(r, "dtype"):
            raise MeshjitValueError(  # JAX's words
                "All elements of result_shape_dtypes must have 'shape' and 'dtype' attributes. "
                f"Got {r} at position {i}."
            )
        else:
            avals.append(ShapedArray(tuple(r.shape), np.dtype(r.dtype)))
    return tuple(avals)


def ffi_call(
    target_name: str,
    result_shape_dtypes,
    *,
    has_side_effect: bool = False,
    vmap_method: str | None = None,
    input_layouts: Sequence | None = None,
    output_layouts=None,
    input_output_aliases: dict | None = None,
    custom_call_api_version: int = 4,
    legacy_backend_config: str | None = None,
):
    """A function calling FFI target `target_name` on its positional arguments (keyword
    arguments: the handler's attributes), returning arrays of `result_shape_dtypes` (one, or a
    sequence). Layouts are major-to-minor; `input_output_aliases` maps inputs to outputs."""
    if vmap_method not in VMAP_METHODS:
        raise MeshjitValueError(
            f"vmap_method must be on of the allowed methods {list(VMAP_METHODS)}, but got: "
            f"{vmap_method}"
        )
    multiple = isinstance(result_shape_dtypes, Sequence)
    result_avals = _result_avals(result_shape_dtypes if multiple else [result_shape_dtypes])
    out_layouts = output_layouts if multiple else (output_layouts,)
    if custom_call_api_version >= 4 and legacy_backend_config is not None:
        raise MeshjitValueError(
            "The use of the legacy_backend_config parameter requires custom_call_api_version "
            f"< 4; got {custom_call_api_version}."
        )

    def wrapped(*args, **kwargs):
        in_avals = [aval_of(x) for x in args]
        ins = _checked_layouts(in_avals, input_layouts, "input arguments", "input layouts")
        outs = _checked_layouts(result_avals, out_layouts, "outputs", "output layouts")
        aliases = _aliases(input_output_aliases, in_avals, result_avals, ins, outs)
        results = ffi_call_p.bind(
            *args,
            result_avals=result_avals,
            vmap_method=vmap_method,
            target_name=target_name,
            has_side_effect=has_side_effect,
            input_layouts=ins,
            output_layouts=outs,
            input_output_aliases=aliases,
            custom_call_api_version=custom_call_api_version,
            legacy_backend_config=legacy_backend_config,
            attributes=_wrap(kwargs),
        )
        if multiple:
            return tuple(results) if isinstance(result_shape_dtypes, tuple) else list(results)
        return results[0]

    return wrapped


def _checked_layouts(avals, layouts, what: str, which: str) -> tuple:
    if layouts is not None and len(layouts) != len(avals):  # JAX's words
        raise MeshjitValueError(
            f"The number of {what} ({len(avals)}) must equal the number of {which} "
            f"({len(layouts)})."
        )
    return _layouts(avals, layouts, True)


def _aliases(input_output_aliases, in_avals, result_avals, ins, outs) -> tuple:
    pairs = []
    for i, o in sorted((input_output_aliases or {}).items()):
        i, o = int(i), int(o)
        mapping = f"input_output_aliases contains the mapping '{i}:{o}'"
        if i >= len(in_avals):
            raise MeshjitValueError(
                f"{mapping} with input index {i} outside the range [0, {len(in_avals)})."
            )
        if o >= len(result_avals):
            raise MeshjitValueError(
                f"{mapping} with output index {o} outside the range [0, {len(result_avals)})."
            )
        a, b = in_avals[i], result_avals[o]
        if (a.shape, a.dtype) != (b.shape, b.dtype):
            raise MeshjitValueError(
                f"{mapping} referring to an input with abstract value {a.str_long()} and an "
                f"output with a different abstract value {b.str_long()}."
            )
        if ins[i] != outs[o]:
            raise MeshjitValueError(
                f"{mapping} referring to an input with layout {ins[i]} and an output with a "
                f"different layout {outs[o]}."
            )
        pairs.append((i, o))
    return tuple(pairs)
