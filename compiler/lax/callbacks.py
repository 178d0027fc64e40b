"""Host callbacks (debug_callback, behind `meshjit.debug.print` / `debug.callback`) with all
their rules.

Inside a compiled program a callback is a `stablehlo.custom_call @xla_ffi_python_cpu_callback`
(jaxlib's FFI CPU callback, as JAX emits it) placed on device 0 by a maximal sharding, so it
runs once per call, not once per device. Its `index` is the callback's position in the module's
list (`meshjit.host_callbacks`, ids into `HOST_CALLBACKS`), which the compile step hands to XLA.
Outside a trace the callback runs at once on the concrete values.
"""

from __future__ import annotations

import itertools

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import DebugEffect, OrderedDebugEffect
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    effectful,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    visible_effects,
)
from meshjit.compiler.ir.sharding_rules import keep
from meshjit.compiler.lax.ad_util import aval_of, effects_only_ad
from meshjit.compiler.lax.batching import moveaxis
from meshjit.compiler.lowering import current_token, token_type
from meshjit.compiler.trace.tracing import current_trace

debug_callback_p = Primitive("debug_callback", multiple_results=True)
effectful.add(debug_callback_p)  # kept by dead-code elimination though nothing reads it
# Its effect is a param, as JAX's (`effect=Debug` / `effect=OrderedDebug` in a jaxpr).
visible_effects[debug_callback_p] = lambda params: params["effect"]
DEBUG_EFFECT, ORDERED_DEBUG_EFFECT = DebugEffect(), OrderedDebugEffect()

# id -> the Python function a compiled program calls back (kept for the process's life: an
# executable may run long after its module was built).
HOST_CALLBACKS: dict[int, object] = {}
_ids = itertools.count()
MODULE_ATTR = "meshjit.host_callbacks"
TARGET = "xla_ffi_python_cpu_callback"


@abstract_eval_rules.register(debug_callback_p)
def _debug_callback_rule(*avals, callback, effect, partitioned):
    return []


sharding_rules.register(debug_callback_p, keep)


def _host_function(callback):
    def call(*arrays):
        callback(*[np.asarray(a) for a in arrays])
        return ()

    return call


def debug_callback_lowering(ctx, *args, callback, effect, partitioned):
    ordered = isinstance(effect, OrderedDebugEffect)
    _emit_callback(ctx, _host_function(callback), args, [], ordered=ordered)
    return []


lowering_rules.register(debug_callback_p, debug_callback_lowering)


def _emit_callback(ctx, fn, args, result_avals, ordered: bool = False) -> list:
    """The custom call to jaxlib's FFI CPU callback running `fn` on device 0; its results
    (`result_avals`) come back from device 0 to every device that reads them. `ordered`: it
    takes the token the previous ordered effect returned (threaded through loops, branches and
    calls: lowering.token_scope) and returns the next (as JAX threads its ordered effects'
    tokens), so XLA cannot run it before that one."""
    mctx = ctx.module_ctx
    operand_layouts = [_layout(a.ndim) for a in ctx.avals_in]
    result_layouts = [_layout(len(a.shape)) for a in result_avals]
    types = [mctx.types.tensor(a.shape, a.dtype) for a in result_avals]
    operands = list(args)
    if ordered:
        fn = _passing_token(fn)
        token = current_token(mctx)
        operands, types = [token, *operands], [token_type(), *types]
        operand_layouts.insert(0, _layout(0))
        result_layouts.insert(0, _layout(0))
    index = _register(mctx, fn)
    u64 = ir.IntegerType.get_unsigned(64)
    attrs = {
        "call_target_name": ir.StringAttr.get(TARGET),
        "has_side_effect": ir.BoolAttr.get(True),
        "api_version": ir.IntegerAttr.get(ir.IntegerType.get_signless(32), 4),
        "backend_config": ir.DictAttr.get({"index": ir.IntegerAttr.get(u64, index)}),
        "operand_layouts": ir.ArrayAttr.get(operand_layouts),
        "result_layouts": ir.ArrayAttr.get(result_layouts),
        "sdy.sharding": _on_device_zero(mctx, max(len(types), 1)),
    }
    results = list(ir.Operation.create("stablehlo.custom_call", types, operands, attrs).results)
    if ordered:
        mctx.ordered_token, *results = results
    return results


def _passing_token(fn):
    """`fn` called with the token first, which it hands back before its results (as JAX's)."""

    def call(token, *arrays):
        return (token, *fn(*arrays))

    return call


def _layout(ndim: int) -> ir.Attribute:
    index = ir.IndexType.get()
    values = list(range(ndim - 1, -1, -1))
    return ir.DenseElementsAttr.get(
        np.asarray(values, np.int64), type=ir.RankedTensorType.get([ndim], index)
    )


def _register(mctx, fn) -> int:
    """The callback's position in the module's list (`MODULE_ATTR`)."""
    ident = next(_ids)
    HOST_CALLBACKS[ident] = fn
    attrs = mctx.module.operation.attributes
    ids = list(attrs[MODULE_ATTR]) if MODULE_ATTR in attrs else []
    i64 = ir.IntegerType.get_signless(64)
    ids.append(ir.IntegerAttr.get(i64, ident))
    attrs[MODULE_ATTR] = ir.ArrayAttr.get(ids)
    return len(ids) - 1


def _on_device_zero(mctx, count: int) -> ir.Attribute:
    """`#sdy.sharding_per_value<[<@maximal_mesh_0, []>, ...]>`, its mesh emitted once."""
    name = "maximal_mesh_0"
    if name not in mctx.symbol_names:
        mctx.symbol_names.add(name)
        with ir.InsertionPoint.at_block_begin(mctx.module.body):
            sdy.MeshOp(name, sdy.MeshAttr.get([], device_ids=[0]))
    sharding = sdy.TensorShardingAttr.get(name, [], [], [])
    return sdy.TensorShardingPerValueAttr.get([sharding] * count)


def module_callbacks(module: ir.Module) -> list:
    """The host callbacks a module's custom calls name, in index order (for the compiler)."""
    attrs = module.operation.attributes
    if MODULE_ATTR not in attrs:
        return []
    return [HOST_CALLBACKS[ir.IntegerAttr(a).value] for a in attrs[MODULE_ATTR]]


# ---------------------------------------------------------------------------------------------
# Autodiff: the callback sees primal values only; it has no tangent and nothing to transpose.


effects_only_ad(debug_callback_p)


# ---------------------------------------------------------------------------------------------
# Batching: the callback runs once per example (as JAX's debug.print under vmap).


@batching_rules.register(debug_callback_p)
def _debug_callback_batcher(args, dims, *, callback, **params):
    moved, per_example = per_example_callback(args, dims, callback)
    debug_callback_p.bind(*moved, callback=per_example, **params)
    return [], []


def per_example_callback(args, dims, callback):
    """The batched arguments with their batch dimension first, and a host function calling
    `callback` once per example."""
    size = next(aval_of(a).shape[d] for a, d in zip(args, dims) if d is not None)
    moved = [a if d is None else moveaxis(a, d, 0) for a, d in zip(args, dims)]
    mapped = [d is not None for d in dims]

    def per_example(*arrays):
        for i in range(size):
            callback(*[a[i] if m else a for a, m in zip(arrays, mapped)])

    return moved, per_example


def check_callable(callback, what: str) -> None:
    if not callable(callback):
        raise MeshjitTypeError(
            f"first argument to jax.{what} must be callable, but got an object of type "
            f"{type(callback)}: {what} expects a callable, got {callback!r}"
        )


def debug_callback(callback, *args, ordered: bool = False, partitioned: bool = False) -> None:
    """Calls `callback(*arrays)` with the values of `args` (arrays), when the program runs;
    `ordered`: its effect is JAX's OrderedDebugEffect (`jaxpr.effects` shows it)."""
    check_callable(callback, "debug.callback")
    if current_trace() is None:
        callback(*[np.asarray(a) for a in args])
        return
    effect = ORDERED_DEBUG_EFFECT if ordered else DEBUG_EFFECT
    debug_callback_p.bind(*args, callback=callback, effect=effect, partitioned=bool(partitioned))


# ---------------------------------------------------------------------------------------------
# pure_callback / io_callback: host functions with results.

pure_callback_p = Primitive("pure_callback", multiple_results=True)
io_callback_p = Primitive("io_callback", multiple_results=True)
effectful.add(io_callback_p)  # a pure callback whose results nobody reads is dropped
visible_effects[io_callback_p] = "IOEffect"
VMAP_METHODS = ("sequential", "sequential_unrolled", "expand_dims", "broadcast_all",
                "legacy_vectorized", None)  # fmt: skip


def _results_rule(*avals, callback, result_avals, **params):
    return list(result_avals)


for _prim in (pure_callback_p, io_callback_p):
    abstract_eval_rules.register(_prim)(_results_rule)
    sharding_rules.register(_prim, keep)


def _with_results(callback, result_avals, what: str):
    """The host function: `callback` on the arguments as meshjit Arrays (JAX's callbacks get
    jax.Arrays), its results checked against the declared shapes and dtypes (as JAX)."""
    from meshjit.compiler.runtime.device_put import device_put  # a later family

    def call(*arrays):
        outs = callback(*[device_put(np.asarray(a)) for a in arrays])
        if len(outs) != len(result_avals):
            raise RuntimeError(
                f"Mismatched number of outputs from callback. Expected: {len(result_avals)}, "
                f"Actual: {len(outs)}"
            )
        # As JAX: results canonicalized first (float64 is float32 without x64).
        outs = [np.asarray(o) for o in outs]
        outs = [o.astype(dtypes.canonicalize(o.dtype), copy=False) for o in outs]
        for i, (o, a) in enumerate(zip(outs, result_avals)):
            if o.shape != a.shape:
                raise RuntimeError(
                    f"Incorrect output shape for return value #{i}: Expected: {a.shape}, "
                    f"Actual: {o.shape} ({what}'s result_shape_dtypes)"
                )
            if o.dtype != a.dtype:
                raise RuntimeError(
                    f"Incorrect output dtype for return value #{i}: Expected: {a.dtype}, "
                    f"Actual: {o.dtype} ({what}'s result_shape_dtypes)"
                )
        return tuple(outs)

    return call


def _results_lowering(what):
    def rule(ctx, *args, callback, result_avals, **params):
        fn = _with_results(callback, result_avals, what)
        return _emit_callback(ctx, fn, args, result_avals, ordered=params.get("ordered", False))

    return rule


lowering_rules.register(pure_callback_p, _results_lowering("pure_callback"))
lowering_rules.register(io_callback_p, _results_lowering("io_callback"))


def _no_derivative(what: str, helper: str):
    def rule(*args, **params):
        raise MeshjitValueError(
            f"{what}s do not support JVP. Please use `jax.{helper}` to use callbacks while "
            "taking gradients."
        )

    return rule


jvp_rules.register(pure_callback_p, _no_derivative("Pure callback", "custom_jvp"))
jvp_rules.register(io_callback_p, _no_derivative("IO callback", "custom_jvp"))


@batching_rules.register(io_callback_p)
def _io_callback_batcher(args, dims, *, callback, result_avals, ordered=False):
    """Once per example, in order (as JAX's unordered io_callback under vmap); an ordered one
    is refused, as in JAX."""
    if ordered:
        raise MeshjitValueError("Cannot `vmap` ordered IO callback.")
    params = {"callback": callback, "ordered": False}
    return batch_by_vmap_method(io_callback_p, args, dims, result_avals, "sequential", params)


@batching_rules.register(pure_callback_p)
def _pure_callback_batcher(args, dims, *, callback, result_avals, vmap_method):
    params = {"callback": callback, "vmap_method": vmap_method}
    return batch_by_vmap_method(pure_callback_p, args, dims, result_avals, vmap_method, params)


def batch_by_vmap_method(prim, args, dims, result_avals, vmap_method, params, what=None):
    """As JAX's: `sequential` maps with a scan, `expand_dims` / `broadcast_all` call once with
    a leading batch axis (of size 1 / the batch on unbatched arguments). `params`: the
    primitive's other parameters (result_avals apart)."""
    size = next(aval_of(a).shape[d] for a, d in zip(args, dims) if d is not None)
    moved = [a if d is None else moveaxis(a, d, 0) for a, d in zip(args, dims)]
    batched = tuple(a.update(shape=(size, *a.shape)) for a in result_avals)
    if vmap_method in ("expand_dims", "broadcast_all", "legacy_vectorized"):
        n = size if vmap_method == "broadcast_all" else 1
        if vmap_method != "legacy_vectorized":
            moved = [a if d is not None else _broadcast_front(a, n) for a, d in zip(moved, dims)]
        return prim.bind(*moved, result_avals=batched, **params), [0] * len(batched)
    if vmap_method in ("sequential", "sequential_unrolled"):
        from meshjit.compiler.lax.control_flow import scan  # a later family

        mapped = [d is not None for d in dims]

        def body(_, xs):
            it = iter(xs)
            full = [next(it) if m else a for a, m in zip(moved, mapped)]
            return (), prim.bind(*full, result_avals=result_avals, **params)

        xs = [a for a, m in zip(moved, mapped) if m]
        _, outs = scan(body, (), xs, unroll=size if vmap_method == "sequential_unrolled" else 1)
        return list(outs), [0] * len(outs)
    raise MeshjitNotImplementedError(
        f"vmap is only supported for the {what or prim.name} primitive when vmap_method is one "
        "of 'sequential', 'sequential_unrolled', 'expand_dims', 'broadcast_all', or "
        f"'legacy_vectorized'. Got vmap_method={vmap_method!r}."
    )


def _broadcast_front(x, n: int):
    from meshjit.compiler.lax.shapes import broadcast_in_dim  # a later family

    shape = aval_of(x).shape
    return broadcast_in_dim(x, (n, *shape), tuple(range(1, len(shape) + 1)))


def _flat_callback(callback, in_tree):
    from meshjit.compiler.tree_util import tree_leaves, tree_unflatten

    def call(*leaves):
        args, kwargs = tree_unflatten(in_tree, list(leaves))
        return tree_leaves(callback(*args, **kwargs))

    return call


def pure_callback(callback, result_shape_dtypes, *args, sharding=None, vmap_method=None, **kwargs):
    """`callback(*args, **kwargs)` run on the host (NumPy arrays in and out), its results of
    the shapes and dtypes `result_shape_dtypes` (a pytree), as JAX's pure_callback."""
    return _callback(
        pure_callback_p,
        "pure_callback",
        callback,
        result_shape_dtypes,
        args,
        kwargs,
        dict(vmap_method=_vmap_method(vmap_method)),
    )


def io_callback(callback, result_shape_dtypes, *args, sharding=None, ordered=False, **kwargs):
    """As `pure_callback`, for a callback with side effects: it always runs, in program order."""
    params = {"ordered": bool(ordered)}
    return _callback(
        io_callback_p, "io_callback", callback, result_shape_dtypes, args, kwargs, params
    )


def _result_aval(spec):
    from meshjit.compiler.ir.core import EmptyMeshArray

    dtype = np.dtype(spec.dtype)  # read first, as JAX: a bad entry's error names `dtype`
    return EmptyMeshArray(tuple(spec.shape), dtype)


def _eager_call(call, leaves):
    """`call(*leaves)` as JAX runs a callback outside jit (a compiled call): its error, or a
    result unlike the declared one, is the runtime's error with the callback's traceback."""
    import traceback

    from meshjit.compiler.runtime.client import JaxRuntimeError  # a later family

    try:
        return call(*leaves)
    except Exception as e:  # noqa: BLE001  (any error of the user's callback)
        trace = "".join(traceback.format_exception(e))
        raise JaxRuntimeError(f"INTERNAL: CpuCallback error calling callback: {trace}") from None


def _vmap_method(vmap_method):
    if vmap_method not in VMAP_METHODS:
        raise MeshjitValueError(
            f"vmap_method must be on of the allowed methods {list(VMAP_METHODS)}, but got: "
            f"{vmap_method}"
        )
    return vmap_method


def _callback(prim, what, callback, result_shape_dtypes, args, kwargs, params):
    from meshjit.compiler.tree_util import tree_flatten, tree_unflatten

    # JAX calls a callback that is not callable and fails when the program runs, as below
    leaves, in_tree = tree_flatten((args, kwargs))
    specs, out_tree = tree_flatten(result_shape_dtypes)
    result_avals = tuple(_result_aval(s) for s in specs)
    flat = _flat_callback(callback, in_tree)
    if current_trace() is None:
        outs = _eager_call(_with_results(flat, result_avals, what), leaves)
        from meshjit.compiler.runtime.device_put import device_put  # a later family

        return tree_unflatten(out_tree, [device_put(o) for o in outs])
    outs = prim.bind(*leaves, callback=flat, result_avals=result_avals, **params)
    return tree_unflatten(out_tree, list(outs))
