"""Lowering jaxprs to StableHLO: the per-module and per-rule contexts and the interpreter loop
over `ir.registry.lowering_rules` (each family file registers its own rules).

A lowering rule is `rule(ctx: LoweringRuleContext, *operands: ir.Value, **params)` and returns
one `ir.Value` (single-result primitives) or a sequence of them.
"""

from __future__ import annotations

import contextlib
import warnings
from typing import Sequence

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func, stablehlo

from meshjit.compiler import lowering_dims as dims_lowering
from meshjit.compiler.errors import MeshjitError, MissingRuleError, SourceInfo, in_scope
from meshjit.compiler.ir.core import (
    ClosedJaxpr,
    Eqn,
    Jaxpr,
    Literal,
    ShapedArray,
    dce_jaxpr,
    has_ordered_effects,
)
from meshjit.compiler.ir.registry import Primitive, lowering_rules
from meshjit.compiler.ir.tokens import is_token_aval
from meshjit.dialects.context import shared_context
from meshjit.dialects.sdy import (
    SHARDING_ATTR,
    DimSharding,
    MeshShape,
    TensorSharding,
    constrain,
    emit_mesh,
    tensor_sharding_attr,
)
from meshjit.dialects.types import TypeCache, dense_elements
from meshjit.dialects.util import BoundedCache, gc_paused


class LoweringError(MeshjitError, TypeError):
    pass


class OneOp:
    """The rule of a primitive that is one StableHLO op, `op_name`, of the result's type: an
    elementwise op (`elementwise=True`; operands of rank 0 or with size-1 dimensions are
    broadcast first, as the binary primitives broadcast them implicitly) or a reshape.
    `jaxpr_subcomp` builds the op itself: these are most of the equations of a program."""

    __slots__ = ("op_name", "elementwise", "special_rule", "special_kinds")

    def __init__(self, op_name: str, *, elementwise: bool):
        self.op_name, self.elementwise = op_name, elementwise
        # A rule for results whose dtype kind is in `special_kinds`, where the one op is not
        # right: complex sin, cos, max, min (set by `special`); integer div, rem.
        self.special_rule, self.special_kinds = None, ""

    def special(self, rule, kinds: str = "c") -> None:
        """Results of a dtype kind in `kinds` (complex by default) lower with `rule`."""
        self.special_rule, self.special_kinds = rule, kinds

    @staticmethod
    def broadcast_operands(mctx: ModuleContext, invars, shape, operands: list, loc) -> None:
        """Replaces the operands whose variables are not of `shape` by their broadcasts."""
        for i, x in enumerate(invars):
            if x.aval.shape != shape:
                operands[i] = broadcast_operand(mctx, operands[i], x.aval, shape, loc)

    def __call__(self, ctx: LoweringRuleContext, *operands, **params):
        if ctx.avals_out[0].dtype.kind in self.special_kinds:
            return self.special_rule(ctx, *operands, **params)
        operands = list(operands)
        if self.elementwise:
            shape = ctx.avals_out[0].shape
            self.broadcast_operands(ctx.module_ctx, ctx.eqn.invars, shape, operands, None)
        elif self.op_name == "stablehlo.reshape" and ctx.module_ctx.dim_vars:
            shape = ctx.avals_out[0].shape
            return dims_lowering.reshape(ctx.module_ctx, operands[0], ctx.result_type, shape)
        accuracy = params.get("accuracy")  # lax's accuracy= (compiler/lax/accuracy.py)
        attributes = None if accuracy is None else {"result_accuracy": accuracy.mlir_attribute()}
        return ir.Operation.create(self.op_name, [ctx.result_type], operands, attributes).result


class Located:
    """The rule `fn(ctx, loc, *operands)` of a primitive of one result, which builds its ops at
    `loc` (`emit(..., loc=loc)`) and reads the equation's params from `ctx.eqn`: `jaxpr_subcomp`
    calls it without making `loc` the context's location (the common rules of more than one
    line: broadcasts, reductions, dots). Called as other rules (under dimension variables, or
    for a sharded result), it builds at the context's location."""

    __slots__ = ("fn",)

    def __init__(self, fn):
        self.fn = fn

    def __call__(self, ctx: LoweringRuleContext, *operands, **params):
        return self.fn(ctx, ir.Location.current, *operands)


def _file_location(source: SourceInfo) -> ir.Location:
    """As JAX's: the expression's range from its 0-based column, `"f.py":3:11 to :25`."""
    if source.end is None or not source.column:
        return ir.Location.file(source.file, source.line, source.column)
    end_line, end_column = source.end
    return ir.Location.file(source.file, source.line, source.column - 1, end_line, end_column)


class _BodyNames:
    __slots__ = ("mctx", "names", "outer")

    def __init__(self, mctx: ModuleContext, names: str):
        self.mctx, self.names = mctx, names

    def __enter__(self):
        self.outer, self.mctx.name_stack = self.mctx.name_stack, self.names

    def __exit__(self, *exc):
        self.mctx.name_stack = self.outer


class ModuleContext:
    """State shared by every function lowered into one module."""

    __slots__ = (
        "context",
        "module",
        "types",
        "locations",
        "functions",
        "symbol_names",
        "meshes",
        "scalar_constants",
        "attributes",
        "broadcasts",
        "axis_envs",
        "channels",
        "templates",
        "dim_vars",
        "dim_env",
        "device_mesh",
        "name_stack",
        "ordered_token",
        "_ordered",
    )

    def __init__(self, context: ir.Context, module: ir.Module):
        self.context, self.module = context, module
        self.types = TypeCache()
        self.locations: dict[tuple, ir.Location] = {}
        self.functions: dict[int, str] = {}
        self.symbol_names: set[str] = {"main"}
        self.meshes: dict[MeshShape, str] = {}
        # (dtype, bytes) -> (attribute, type) of scalar constants, the literals of the jaxpr.
        self.scalar_constants: dict[tuple, tuple[ir.Attribute, ir.Type]] = {}
        self.attributes: dict[tuple, ir.Attribute] = {}  # rule attributes built once per module
        # (operand shape, result shape, dtype) -> an implicit broadcast's result types, attributes
        self.broadcasts: dict[tuple, tuple[list, dict]] = {}
        self.axis_envs: list = []  # the enclosing manual computations' axis environments
        # Ops that later equations from the same source line and types copy (`op.clone()`),
        # keyed by rules; the key includes `id(eqn.source)`, kept alive by `locations`.
        self.templates: dict[tuple, ir.Operation] = {}
        self.channels = 0
        # Shape polymorphism: the module's dimension variables (sorted) and their values in
        # the function being lowered (see lowering_dims).
        self.dim_vars: tuple[str, ...] = ()
        self.dim_env: dict[str, ir.Value] = {}
        self.device_mesh = None  # the first concrete mesh of an argument's or result's sharding
        # JAX's name stack of the function being lowered: "jit(f)" in @main, "" in a callee
        self.name_stack = ""
        # The token the last ordered effect (an ordered debug / io callback) of the block being
        # lowered returned: the next one takes it, so XLA keeps them in program order (None:
        # none yet in this block). It flows through inlined calls; a loop / branch / callee
        # holding ordered effects takes it and gives back the next (see `token_scope`).
        self.ordered_token: ir.Value | None = None
        # id(jaxpr) -> (jaxpr, has_ordered_effects(jaxpr)): held, so that no id is reused
        self._ordered: dict[int, tuple] = {}

    def threads_token(self, jaxpr: Jaxpr | ClosedJaxpr) -> bool:
        """Whether a loop / branch / callee with body `jaxpr` takes and returns the ordered
        effects' token: whether an ordered effect is in it (its walk cached per jaxpr)."""
        jaxpr = jaxpr.jaxpr if type(jaxpr) is ClosedJaxpr else jaxpr
        known = self._ordered.get(id(jaxpr))
        if known is None:
            known = self._ordered[id(jaxpr)] = (jaxpr, has_ordered_effects(jaxpr))
        return known[1]

    def next_channel(self) -> int:
        """A fresh channel id for a collective (XLA wants them unique per module)."""
        self.channels += 1
        return self.channels

    def mesh_symbol(self, mesh: MeshShape) -> str:
        """The `sdy.mesh` symbol for `mesh` (`@mesh`, `@mesh_0`, ...), emitted on first use."""
        name = self.meshes.get(mesh)
        if name is None:
            name = "mesh" if not self.meshes else f"mesh_{len(self.meshes) - 1}"
            self.symbol_names.add(name)
            ops = self.module.body.operations
            point = (
                ir.InsertionPoint(ops[len(self.meshes)])
                if len(ops) > len(self.meshes)
                else ir.InsertionPoint(self.module.body)
            )
            with point, ir.Location.unknown():
                emit_mesh(name, mesh)
            self.meshes[mesh] = name
        return name

    def tensor_type(self, aval: ShapedArray) -> ir.RankedTensorType:
        return self.types.tensor(aval.shape, aval.dtype)

    def location(self, name: str, source: SourceInfo, pushed: bool = False) -> ir.Location:
        """`name` within JAX's name stack, "jit(f)/outer/vmap()/tanh"; `pushed`: the name is
        a scope of its own (a call's `jit(g)`), which an empty transform wraps."""
        stack = "/".join(filter(None, (self.name_stack, source.scope)))
        name = in_scope(stack, name) if pushed else "/".join(filter(None, (stack, name)))
        return self.full_location(name, source)

    def full_location(self, name: str, source: SourceInfo) -> ir.Location:
        """`name` as it is, no name stack prepended: an op JAX emits in a function of its own
        (a scan's `dynamic_slice`, in its `dynamic_index_in_dim`)."""
        key = (name, source.file, source.line, source.column, source.end)
        loc = self.locations.get(key)
        if loc is None:
            file_loc = _file_location(source)
            loc = self.locations[key] = ir.Location.name(name, childLoc=file_loc)
        return loc

    def body_names(self, names: str, source: SourceInfo | None = None) -> _BodyNames:
        """Context manager: a body lowered inside is named within `names` pushed on the name
        stack of the equation at `source` (JAX's `jit(f)/while/body`, `cond/branch_0_fun`),
        or within `names` alone, afresh, without `source` (the ops of a scan's body, which JAX
        names in a function of their own)."""
        if source is None:
            return _BodyNames(self, names)
        return _BodyNames(self, "/".join(filter(None, (self.name_stack, source.scope, names))))

    def eqn_location(self, eqn) -> ir.Location:
        # Keyed by identity (hashing a SourceInfo runs Python); the entry holds the source, so
        # its id cannot be reused by another source while cached.
        key = (eqn.primitive, id(eqn.source), self.name_stack)
        entry = self.locations.get(key)
        if entry is None:
            loc = self.location(eqn.primitive.name, eqn.source)
            entry = self.locations[key] = (loc, eqn.source)
        return entry[0]

    def i64_array(self, values) -> ir.DenseI64ArrayAttr:
        key = ("i64", tuple(values))
        attr = self.attributes.get(key)
        if attr is None:
            attr = self.attributes[key] = ir.DenseI64ArrayAttr.get(list(values))
        return attr

    def scalar_constant(self, value, dtype) -> ir.Value:
        """A rank-0 `stablehlo.constant`; its attribute is built once per module."""
        value = np.asarray(value, dtype)
        key = (value.dtype, value.tobytes())
        cached = self.scalar_constants.get(key)
        if cached is None:
            attr = dense_elements(value, self.types.element(value.dtype))
            cached = self.scalar_constants[key] = (attr, self.types.tensor((), value.dtype))
        attr, type_ = cached
        return emit("stablehlo.constant", [type_], [], {"value": attr}).result

    def unique_symbol(self, name: str) -> str:
        """A fresh symbol from `name`, kept as it is (`@"<lambda>"`, as JAX's), `name_0`,
        `name_1`, ... when taken."""
        candidate, n = name, 0
        while candidate in self.symbol_names:
            candidate, n = f"{name}_{n}", n + 1
        self.symbol_names.add(candidate)
        return candidate


class LoweringRuleContext:
    """What a rule needs besides its operands: the avals, the module, the source line.

    One per lowered block (`jaxpr_subcomp`), pointed at each equation in turn, so it is
    cheap: the aval lists are built only when a rule asks.
    """

    __slots__ = ("module_ctx", "eqn", "_avals_in", "_avals_out", "constants", "_types")

    def __init__(self, module_ctx: ModuleContext, eqn: Eqn | None = None):
        self.module_ctx, self.eqn = module_ctx, eqn
        self._avals_in = self._avals_out = None
        self.constants: dict[tuple, ir.Value] = {}  # the block's rank-0 constants, by value
        # id(result aval) -> (the aval, its type): rules share avals, and hashing a dtype costs
        # more than the rest of a lookup
        self._types: dict[int, tuple] = {}

    def block_scalar(self, value: np.ndarray) -> ir.Value:
        """A rank-0 constant in the block being lowered, emitted once per block and value (rank
        0, it has no dimension to shard, so sharing it constrains no propagation). Only for
        operands of ops emitted at the rule's own insertion point."""
        key = (value.dtype, value.tobytes())
        cached = self.constants.get(key)
        if cached is None:
            cached = self.constants[key] = self.module_ctx.scalar_constant(value, value.dtype)
        return cached

    @property
    def primitive(self) -> Primitive:
        return self.eqn.primitive

    @property
    def source(self) -> SourceInfo:
        return self.eqn.source

    @property
    def avals_in(self) -> list[ShapedArray]:
        if self._avals_in is None:
            self._avals_in = [a.aval for a in self.eqn.invars]
        return self._avals_in

    @property
    def avals_out(self) -> list[ShapedArray]:
        if self._avals_out is None:
            self._avals_out = [v.aval for v in self.eqn.outvars]
        return self._avals_out

    def tensor_type(self, aval: ShapedArray) -> ir.RankedTensorType:
        return self.module_ctx.types.tensor(aval.shape, aval.dtype)

    @property
    def result_type(self) -> ir.RankedTensorType:
        aval = self.eqn.outvars[0].aval
        hit = self._types.get(id(aval))
        if hit is None or hit[0] is not aval:
            hit = self._types[id(aval)] = (
                aval,
                self.module_ctx.types.tensor(aval.shape, aval.dtype),
            )
        return hit[1]

    def constant(self, value, dtype) -> ir.Value:
        return constant(self.module_ctx, np.asarray(value, dtype))


def emit(
    name: str, result_types, operands, attributes=None, regions: int = 0, loc=None
) -> ir.Operation:
    """Builds the op `name` directly: hot rules use it, as it costs about 1 us against about
    2.5 us through the generated builder classes (which infer types and check segments). `loc`:
    the context's location by default."""
    return ir.Operation.create(name, result_types, operands, attributes, None, regions, loc)


def implicit_broadcasts(ctx: LoweringRuleContext, x, y):
    """The operands of a binary primitive broadcast to its result shape: rank-0 operands and
    size-1 dimensions broadcast implicitly in the jaxpr (as in JAX), explicitly in StableHLO."""
    eqn = ctx.eqn
    shape = eqn.outvars[0].aval.shape
    a, b = eqn.invars[0].aval, eqn.invars[1].aval
    if a.shape != shape:
        x = broadcast_operand(ctx.module_ctx, x, a, shape)
    if b.shape != shape:
        y = broadcast_operand(ctx.module_ctx, y, b, shape)
    return x, y


def broadcast_operand(mctx: ModuleContext, x: ir.Value, aval, shape, loc=None) -> ir.Value:
    """`x` (of `aval`: rank 0, or of the rank of `shape` with size-1 dimensions) broadcast."""
    if mctx.dim_vars and not dims_lowering.is_static(shape):
        type_ = mctx.types.tensor(shape, aval.dtype)
        with loc or ir.Location.unknown():
            return dims_lowering.broadcast(mctx, x, type_, shape, range(aval.ndim))
    cached = _broadcast_of(mctx, aval, shape)
    return ir.Operation.create(_BROADCAST, cached[0], [x], cached[1], loc=loc).result


_BROADCAST = "stablehlo.broadcast_in_dim"


def _broadcast_of(mctx: ModuleContext, aval, shape) -> tuple[list, dict]:
    """`broadcast_operand`'s result types and attributes for a value of `aval` to `shape`."""
    cached = mctx.broadcasts.get((aval.shape, shape, aval.dtype))
    return _implicit_broadcast(mctx, aval, shape) if cached is None else cached


def _implicit_broadcast(mctx: ModuleContext, aval, shape) -> tuple[list, dict]:
    """The result types and attributes of the broadcast of a value of `aval` to `shape`, cached
    in `mctx.broadcasts`."""
    dims = mctx.i64_array(range(aval.ndim))
    cached = ([mctx.types.tensor(shape, aval.dtype)], {"broadcast_dimensions": dims})
    mctx.broadcasts[aval.shape, shape, aval.dtype] = cached
    return cached


def constant(mctx: ModuleContext, value: np.ndarray) -> ir.Value:
    attr = dense_elements(value, mctx.types.element(value.dtype))
    return stablehlo.ConstantOp(attr).result


class _Env(dict):
    """The values of a block's variables. A literal is never a key: reading one gives its
    block constant (through `__missing__`), so operands are read with `dict.__getitem__` by
    `map`, with no Python call per variable."""

    __slots__ = ("mctx", "literals")

    def __init__(self, mctx: ModuleContext, literals: dict):
        super().__init__()
        self.mctx, self.literals = mctx, literals

    def __missing__(self, atom):
        if type(atom) is not Literal:
            raise KeyError(atom)
        val, dtype = atom.val, atom.aval.dtype
        # repr tells 0.0 from -0.0 (equal as keys) for Python scalars
        key = (dtype, val.tobytes() if type(val) is np.ndarray else repr(val))
        value = self.literals.get(key)
        if value is None:
            value = self.literals[key] = self.mctx.scalar_constant(val, dtype)
        return value


def jaxpr_subcomp(mctx: ModuleContext, jaxpr: Jaxpr, consts: Sequence, args: Sequence):
    """Emits the ops of `jaxpr` at the current insertion point; returns the output values.
    Dead equations are dropped first (as JAX's dce): a dead sharding constraint never reaches
    XLA."""
    jaxpr = dce_jaxpr(jaxpr)
    ctx = LoweringRuleContext(mctx)
    env = _Env(mctx, ctx.constants)  # Vars hash by identity
    read = env.__getitem__
    env.update(zip(jaxpr.constvars, consts))
    env.update(zip(jaxpr.invars, args))
    rule_of, located, create = lowering_rules.get, mctx.locations.get, ir.Operation.create
    name_stack, static = mctx.name_stack, not mctx.dim_vars
    # Keyed by avals' identities (rules share avals; hashing a dtype costs more than the rest
    # of a lookup): the avals of the jaxpr's variables stay alive while it lowers.
    types: dict[int, ir.Type] = {}  # id(aval) -> its tensor type
    broadcasts: dict[tuple, tuple] = {}  # (id(operand aval), id(result aval)) -> as mctx's
    for eqn in jaxpr.eqns:
        prim = eqn.primitive
        rule = rule_of(prim)
        entry = located((prim, id(eqn.source), name_stack))
        loc = entry[0] if entry is not None else mctx.eqn_location(eqn)
        if eqn.source.metadata:  # traced within set_xla_metadata(...)
            _apply_rule(ctx, rule, eqn, loc, env)
            tag_results(eqn.source.metadata, [env[v] for v in eqn.outvars])
            continue
        if type(rule) is not OneOp or not static or "accuracy" in eqn.params:
            if type(rule) is Located and static and eqn.outvars[0].aval.sharding is None:
                ctx.eqn, ctx._avals_in, ctx._avals_out = eqn, None, None
                env[eqn.outvars[0]] = rule.fn(ctx, loc, *map(read, eqn.invars))
            else:
                _apply_rule(ctx, rule, eqn, loc, env)
            continue
        # Most equations: one op, built here without a call to the rule.
        outvar = eqn.outvars[0]
        aval = outvar.aval
        if rule.special_kinds and aval.dtype.kind in rule.special_kinds:
            _apply_rule(ctx, rule.special_rule, eqn, loc, env)
            continue
        type_ = types.get(id(aval))
        if type_ is None:
            type_ = types[id(aval)] = mctx.types.tensor(aval.shape, aval.dtype)
        operands = [*map(read, eqn.invars)]
        if rule.elementwise:
            shape = aval.shape
            for i, x in enumerate(eqn.invars):
                a = x.aval
                if a.shape != shape:  # as `broadcast_operand` (no dimension variables here)
                    cached = broadcasts.get((id(a), id(aval)))
                    if cached is None:
                        cached = broadcasts[id(a), id(aval)] = _broadcast_of(mctx, a, shape)
                    operands[i] = create(
                        _BROADCAST, cached[0], [operands[i]], cached[1], loc=loc
                    ).result
        out = create(rule.op_name, [type_], operands, loc=loc).result
        s = aval.sharding
        if s is not None and s.spec.unreduced:  # a partial sum: say so, so that XLA defers it
            out = _type_constraint(mctx, out, aval)
        env[outvar] = out
    return [*map(read, jaxpr.outvars)]


@contextlib.contextmanager
def token_scope(mctx: ModuleContext, token: ir.Value | None = None):
    """Lowering a new block (a region, a function's body): its ordered effects chain from
    `token` (a block argument, or a value the region may capture; None: a fresh one at the
    first), not from the enclosing block's token, which is back afterwards. Read
    `mctx.ordered_token` within to return the block's last."""
    outer, mctx.ordered_token = mctx.ordered_token, token
    try:
        yield
    finally:
        mctx.ordered_token = outer


def current_token(mctx: ModuleContext) -> ir.Value:
    """The token the next ordered effect of the block takes (a fresh `after_all` at the
    insertion point if none ran before it in this block)."""
    if mctx.ordered_token is None:
        mctx.ordered_token = create_token()
    return mctx.ordered_token


def create_token() -> ir.Value:
    return ir.Operation.create("stablehlo.after_all", [token_type()], []).result


def token_type() -> ir.Type:
    return ir.Type.parse("!stablehlo.token")


def tag_results(metadata: tuple, values) -> None:
    """Adds the (key, value) pairs to the `mhlo.frontend_attributes` of the ops producing
    `values` (not block arguments), under the pairs they have (JAX's
    wrap_xla_metadata_in_place)."""
    if not metadata:
        return
    for value in values:
        owner = value.owner
        if owner is None or isinstance(owner, ir.Block):
            continue
        op = owner.operation
        attrs = {
            k: ir.StringAttr.get(str(v).lower() if type(v) is bool else str(v)) for k, v in metadata
        }
        if "mhlo.frontend_attributes" in op.attributes:
            attrs.update(
                (a.name, a.attr) for a in ir.DictAttr(op.attributes["mhlo.frontend_attributes"])
            )
        op.attributes["mhlo.frontend_attributes"] = ir.DictAttr.get(attrs)


def _apply_rule(ctx: LoweringRuleContext, rule, eqn: Eqn, loc: ir.Location, env: _Env) -> None:
    if rule is None:
        raise MissingRuleError(eqn.primitive, "lowering", eqn.source)
    ctx.eqn = eqn  # the one context of the block, pointed at the equation
    ctx._avals_in = ctx._avals_out = None
    operands = [*map(env.__getitem__, eqn.invars)]  # literals named as the function, as JAX's
    with loc:
        out = rule(ctx, *operands, **eqn.params)
        if eqn.primitive.multiple_results:
            env.update(zip(eqn.outvars, out))
            return
        aval = eqn.outvars[0].aval
        if aval.sharding is not None and eqn.primitive.name not in _CONSTRAINT_PRIMITIVES:
            out = _type_constraint(ctx.module_ctx, out, aval)
    env[eqn.outvars[0]] = out


# Primitives that lower to a sharding constraint of their own.
_CONSTRAINT_PRIMITIVES = frozenset({"sharding_constraint", "reshard", "retype"})


def _type_constraint(mctx: ModuleContext, value: ir.Value, aval) -> ir.Value:
    """Explicit mode: a result whose type is sharded is constrained to its type's sharding (so
    XLA partitions what the types say); dimensions left to Auto axes stay open."""
    if aval.spec_key is None:
        return value
    s = aval.sharding
    mesh_name = mctx.mesh_symbol(s.mesh.mesh_shape)
    key = (mctx.context, id(s), mesh_name)
    cached = _TYPE_CONSTRAINTS.get(key)
    if cached is None or cached[0] is not s:
        auto = any(t.name != "Explicit" for t in s.mesh.axis_types)
        dims = tuple(
            DimSharding(() if e is None else (e,) if isinstance(e, str) else tuple(e), not auto)
            for e in s.spec
        )
        unreduced = tuple(a for a in s.mesh.axis_names if a in s.spec.unreduced)
        attr = tensor_sharding_attr(TensorSharding(mesh_name, dims, unreduced=unreduced))
        cached = _TYPE_CONSTRAINTS.put(key, (s, attr))
    return constrain(value, cached[1])


# (context, id(type sharding), mesh symbol) -> (the sharding, kept alive, its attribute)
_TYPE_CONSTRAINTS = BoundedCache()


def const_values(mctx: ModuleContext, closed: ClosedJaxpr) -> list[ir.Value]:
    # a const keeps the value it was captured with (say a float64 NumPy array); its var, the type
    return [
        constant(mctx, np.asarray(c, v.aval.dtype))
        for v, c in zip(closed.jaxpr.constvars, closed.consts)
    ]


def lower_function(
    mctx: ModuleContext,
    name: str,
    closed: ClosedJaxpr,
    *,
    public: bool,
    arg_attrs: Sequence[dict] | None = None,
    result_attrs: Sequence[dict] | None = None,
    arg_names: Sequence[str] | None = None,
    threads_token: bool = False,
) -> func.FuncOp:
    """Emits `closed` as a func.func; consts become constants inside the body. In a module
    with dimension variables, the function takes them first (see lowering_dims). `arg_names`
    become the arguments' locations (`loc("x")`, as JAX's). `threads_token`: it takes the
    ordered effects' token next and returns it first (as JAX's callees with ordered effects)."""
    in_types = [mctx.tensor_type(a) for a in closed.in_avals]
    out_types = [mctx.tensor_type(a) for a in closed.out_avals]
    if threads_token:
        in_types, out_types = [token_type(), *in_types], [token_type(), *out_types]
        arg_attrs = [{}, *arg_attrs] if arg_attrs else None
        result_attrs = [{}, *result_attrs] if result_attrs else None
    n_dims = len(mctx.dim_vars)
    if n_dims:
        in_types = dims_lowering.dim_arg_types(mctx) + in_types
        arg_attrs = dims_lowering.dim_arg_attrs(mctx) + list(
            arg_attrs or [{}] * (len(in_types) - n_dims)
        )
    with ir.InsertionPoint(mctx.module.body):
        fn = func.FuncOp(name, ir.FunctionType.get(in_types, out_types))
    fn.attributes["sym_visibility"] = ir.StringAttr.get("public" if public else "private")
    _set_attrs(fn, "arg_attrs", arg_attrs, len(in_types))
    _set_attrs(fn, "res_attrs", result_attrs, len(out_types))
    block = fn.add_entry_block(arg_locs=_arg_locations(arg_names, n_dims, len(in_types)))
    args = list(block.arguments)
    token = args.pop(n_dims) if threads_token else None
    outer_env = mctx.dim_env
    mctx.dim_env = dict(zip(mctx.dim_vars, args[:n_dims]))
    # ops of no equation (constants, the return) named as the function, as JAX's: "jit(f)"
    body_loc = ir.Location.name(mctx.name_stack) if mctx.name_stack else ir.Location.unknown()
    try:
        with ir.InsertionPoint(block), body_loc, token_scope(mctx, token):
            consts = const_values(mctx, closed)
            outs = jaxpr_subcomp(mctx, closed.jaxpr, consts, args[n_dims:])
            func.ReturnOp([mctx.ordered_token, *outs] if threads_token else outs)
    finally:
        mctx.dim_env = outer_env
    return fn


def _arg_locations(arg_names, n_dims: int, count: int) -> list | None:
    """The arguments' locations: the dimension variables' unknown, the others named."""
    if arg_names is None or n_dims + len(arg_names) != count:
        return None
    return [ir.Location.unknown()] * n_dims + [ir.Location.name(n) for n in arg_names]


def _set_attrs(fn, key, attrs, count):
    if not attrs or not any(attrs):
        return
    dicts = [ir.DictAttr.get(dict(a or {})) for a in attrs]
    assert len(dicts) == count, f"{key}: {len(dicts)} attribute dicts for {count} values"
    fn.attributes[key] = ir.ArrayAttr.get(dicts)


def make_module(
    name: str, *, num_partitions: int = 1, context: ir.Context | None = None
) -> tuple[ir.Context, ir.Module]:
    ctx = context or shared_context()
    with ctx, ir.Location.unknown():
        module = ir.Module.create()
        attrs = module.operation.attributes
        attrs["sym_name"] = ir.StringAttr.get(name)
        i32 = ir.IntegerType.get_signless(32)
        attrs["mhlo.num_partitions"] = ir.IntegerAttr.get(i32, num_partitions)
        attrs["mhlo.num_replicas"] = ir.IntegerAttr.get(i32, 1)
    return ctx, module


def lower_jaxpr_to_module(
    closed: ClosedJaxpr,
    *,
    name: str,
    num_partitions: int = 1,
    arg_shardings: Sequence | None = None,
    result_shardings: Sequence | None = None,
    donated: Sequence[bool] | None = None,
    result_names: Sequence[str] | None = None,
    arg_names: Sequence[str] | None = None,
    name_stack: str = "",
) -> ir.Module:
    """The module JAX would emit: `module @jit_<name>` with a public `@main`, its ops' locations
    named within `name_stack` (JAX's "jit(f)").

    `arg_names` (JAX's names of the flat arguments: "x", "p['w']") are the arguments'
    locations, as JAX's (shown with debug info, and in an exported module's text).

    `result_names` (JAX's `jax.result_info` of each result: "result", "result[0]['a']", ...)
    are attributes of the results, as JAX's.

    Shardings are NamedSharding-like values (`.mesh.mesh_shape`, `.tensor_sharding(name, ndim)`)
    or None; each known one becomes an `sdy.sharding` attribute, its mesh an `sdy.mesh`. A
    donated argument is marked `jax.buffer_donor` (XLA aliases it to a result it fits).
    """
    # As JAX's: the sanitized "jit(<name>)" without its trailing underscores (`jit__lambda`).
    ctx, module = make_module(f"jit_{name}".rstrip("_"), num_partitions=num_partitions)
    with ctx, ir.Location.unknown(), gc_paused():
        mctx = ModuleContext(ctx, module)
        mctx.name_stack = name_stack
        if donated:  # a token holds no buffer to give (XLA's verifier fails on its alias)
            donated = [d and not is_token_aval(a) for d, a in zip(donated, closed.in_avals)]
            if num_partitions == 1:
                warn_unusable_donations(closed, donated)
        arg_attrs = donor_attrs(sharding_attrs(mctx, arg_shardings, closed.in_avals), donated)
        result_attrs = sharding_attrs(mctx, result_shardings, closed.out_avals)
        result_attrs = info_attrs(result_attrs, result_names)
        # Shape polymorphism: every function takes the dimension variables first (JAX's jit
        # form; an export wraps it, see lowering_dims.export_form).
        mctx.dim_vars = dims_lowering.dim_variables(closed.in_avals)
        lower_function(
            mctx,
            "main",
            closed,
            public=True,
            arg_attrs=arg_attrs,
            result_attrs=result_attrs,
            arg_names=arg_names,
        )
    return module


def sharding_attrs(mctx: ModuleContext, shardings, avals) -> list[dict] | None:
    if not shardings or not any(s is not None for s in shardings):
        return None
    return [
        {} if s is None else {SHARDING_ATTR: sharding_attr(mctx, s, aval.ndim)}
        for s, aval in zip(shardings, avals)
    ]


def info_attrs(result_attrs: list[dict] | None, names) -> list[dict] | None:
    if not names:
        return result_attrs
    result_attrs = result_attrs or [{} for _ in names]
    for attrs, name in zip(result_attrs, names):
        attrs["jax.result_info"] = ir.StringAttr.get(name)
    return result_attrs


def warn_unusable_donations(closed: ClosedJaxpr, donated) -> None:
    """JAX's warning (its `_set_up_aliases` on one device) for the donated arguments no result
    can reuse."""
    unused = unusable_donations(closed, donated)
    if unused:
        shown = ", ".join(str(ShapedArray(closed.in_avals[i].shape, closed.in_avals[i].dtype))
                          for i in unused)  # fmt: skip
        warnings.warn(
            f"Some donated buffers were not usable: {shown}.\n"
            "See an explanation at https://docs.jax.dev/en/latest/faq.html#buffer-donation.",
            stacklevel=2,
        )


def unusable_donations(closed: ClosedJaxpr, donated) -> list[int]:
    """The donated arguments no result of their shape and dtype can reuse, each result taking
    the first such argument left (JAX's `_set_up_aliases` on one device)."""
    if not donated or not any(donated):
        return []
    left: dict[tuple, list[int]] = {}
    for i, (a, d) in enumerate(zip(closed.in_avals, donated)):
        if d:
            left.setdefault((tuple(a.shape), a.dtype), []).append(i)
    for a in closed.out_avals:
        waiting = left.get((tuple(getattr(a, "shape", ())), getattr(a, "dtype", None)))
        if waiting:
            waiting.pop(0)
    return sorted(i for waiting in left.values() for i in waiting)


def usable_donations(closed: ClosedJaxpr, donated):
    """`donated` without the arguments no result can reuse: on one device JAX donates only
    those at the call (a buffer given twice is then "used after donation", not "donated
    twice")."""
    unused = unusable_donations(closed, donated)
    if not unused:
        return donated
    return [d and i not in unused for i, d in enumerate(donated)]


def donor_attrs(arg_attrs: list[dict] | None, donated) -> list[dict] | None:
    if not donated or not any(donated):
        return arg_attrs
    arg_attrs = arg_attrs or [{} for _ in donated]
    for attrs, d in zip(arg_attrs, donated):
        if d:
            attrs["jax.buffer_donor"] = ir.BoolAttr.get(True)
    return arg_attrs


def sharding_attr(mctx: ModuleContext, sharding, ndim: int) -> ir.Attribute:
    mesh_name = mctx.mesh_symbol(sharding.mesh.mesh_shape)
    concrete = sharding.mesh.abstract_mesh is not sharding.mesh  # (a Mesh, not an AbstractMesh)
    if mctx.device_mesh is None and concrete:
        mctx.device_mesh = sharding.mesh
    return tensor_sharding_attr(sharding.tensor_sharding(mesh_name, ndim))


def verify(module: ir.Module, what: str) -> None:
    try:
        module.operation.verify()
    except ir.MLIRError as e:
        raise LoweringError(f"internal error: {what} produced an invalid module: {e}") from None
