"""The tiny IR: abstract values, variables, equations, jaxprs, printer, typechecker (primitives
and their rule tables live in ir/registry.py)."""

from __future__ import annotations

import collections
import dataclasses
import itertools
import math
import operator
import re

import numpy as np

from meshjit.compiler.errors import UNKNOWN_SOURCE, MeshjitTypeError, SourceInfo
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir import pretty_printer as pp
from meshjit.compiler.ir.registry import Primitive, abstract_eval, effectful, visible_effects
from meshjit.compiler.traceback_util import api_boundary

_DTYPE_CLASSES: set[type] = set()  # the classes of the np.dtype objects seen (one per dtype)


def _as_dtype(dtype) -> np.dtype:
    if isinstance(dtype, np.dtype):
        _DTYPE_CLASSES.add(type(dtype))  # later avals check their dtype's class in this set
        return dtype
    return np.dtype(dtype)


_KEEP = object()  # update(): keep the sharding (when the shape stays)


def dim_str(size: int, entry) -> str:
    if entry is None:
        return str(size)
    if isinstance(entry, tuple):
        return f"{size}@({','.join(entry)})"
    return f"{size}@{entry}"


def vma_str(vma, sharding=None) -> str:
    """`{V:x}` / `{V:(x,y)}` / `{U:Y}` / `{R:X}`: the varying manual axes, the unreduced and
    the reduced ones, as JAX prints them (in the mesh's order)."""
    if sharding is None:
        unreduced = reduced = frozenset()
        order = ()
    else:
        unreduced, reduced = sharding.spec.unreduced, sharding.spec.reduced
        order = sharding.mesh.axis_names
    kinds = (("V", vma), ("U", unreduced), ("R", reduced))
    parts = [f"{k}:{_axes_str(v, order)}" for k, v in kinds if v]
    return "{" + ", ".join(parts) + "}" if parts else ""


def _axes_str(axes, order=()) -> str:
    names = [a for a in order if a in axes] or _in_scope_order(axes)
    return names[0] if len(names) == 1 else "(" + ",".join(names) + ")"


def _in_scope_order(axes) -> list:
    """`axes` in the order of the mesh of the shard_map being traced (JAX's avals keep that
    mesh: `{V:(stage,data)}` on a ('stage', 'data') mesh), else sorted."""
    from meshjit.compiler.trace.tracing import current_trace  # a later room

    trace = current_trace()
    mesh = getattr(getattr(trace, "axis_env", None), "mesh", None)
    names = [a for a in getattr(mesh, "axis_names", ()) if a in axes]
    return names if len(names) == len(axes) else sorted(axes)


@dataclasses.dataclass(frozen=True, kw_only=True)
class ManualAxisType:
    """A value's manual mesh axes inside shard_map, as JAX's `aval.manual_axis_type`: those it
    varies over, and its unreduced and reduced ones."""

    varying: frozenset = frozenset()
    unreduced: frozenset = frozenset()
    reduced: frozenset = frozenset()


class ShapedArray:
    """An abstract array: shape, dtype and whether the dtype is weak (from a Python scalar).

    In explicit-sharding mode (meshes with `AxisType.Explicit` axes) `sharding` is the value's
    type-level sharding: a NamedSharding over the AbstractMesh, one spec entry per dimension,
    naming explicit axes only (see compiler/ir/sharding_rules.py). Elsewhere it is None, and an
    unsharded typed value equals an untyped one.

    `mesh` is the AbstractMesh without Explicit axes an untyped value lives on (an array put on
    a mesh of Auto axes, and what is computed from it), or None: as JAX's avals keep the mesh,
    so that a primitive can refuse operands on different meshes. It takes no part in equality
    or hashing (jit keys the argument shardings themselves).

    `key` marks the uint32 data of typed PRNG keys as the random primitives make it
    (`random_wrap`, `random_split`, ...) with their dtype's name (`"key<fry>"`), so that it
    prints as JAX's key type (`key<fry>[]` for `u32[2]`); None elsewhere. Like `mesh`, it
    takes no part in equality (the data is what every rule sees) and `update` drops it."""

    __slots__ = ("shape", "dtype", "weak_type", "vma", "sharding", "mesh", "key", "_hash")

    def __init__(
        self,
        shape,
        dtype,
        weak_type: bool = False,
        vma: frozenset = frozenset(),
        sharding=None,
        mesh=None,
    ):
        # Rules build many avals from parts that are already normalised: skip the conversions.
        self.shape = shape if type(shape) is tuple else tuple(shape)
        self.dtype = dtype if type(dtype) in _DTYPE_CLASSES else _as_dtype(dtype)
        self.weak_type = weak_type if type(weak_type) is bool else bool(weak_type)
        # Inside shard_map: the manual mesh axes the value varies over (empty = invariant).
        self.vma = vma
        self.sharding = sharding
        self.mesh = mesh
        self.key = None
        self._hash = None

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    def update(
        self, shape=None, dtype=None, weak_type=None, vma=None, sharding=_KEEP
    ) -> ShapedArray:
        """A copy with some parts replaced; a new shape drops the sharding (rules set it), a
        new shape or dtype the key mark."""
        same_shape = shape is None or shape == self.shape
        if sharding is _KEEP:
            sharding = self.sharding if same_shape else None
        out = ShapedArray(
            self.shape if shape is None else shape,
            self.dtype if dtype is None else dtype,
            self.weak_type if weak_type is None else weak_type,
            self.vma if vma is None else frozenset(vma),
            sharding,
            self.mesh if sharding is None else None,
        )
        if self.key is not None and same_shape and (dtype is None or dtype == self.dtype):
            out.key = self.key
        return out

    @property
    def spec_key(self) -> tuple | None:
        """The sharded part of the type: None when no dimension is sharded (nor partial)."""
        s = self.sharding
        if s is None:
            return None
        spec = tuple(s.spec)
        if s.spec.unreduced or s.spec.reduced:
            return (*spec, s.spec.unreduced, s.spec.reduced)
        return spec if any(e is not None for e in spec) else None

    def strip_weak_type(self) -> ShapedArray:
        return self.update(weak_type=False) if self.weak_type else self

    def __eq__(self, other):
        return (
            isinstance(other, ShapedArray)
            and self.shape == other.shape
            and self.dtype == other.dtype
            and self.weak_type == other.weak_type
            and self.vma == other.vma
            and (self.sharding is other.sharding or self.spec_key == other.spec_key)
        )

    def __hash__(self):
        if self._hash is None:
            key = (self.shape, self.dtype, self.weak_type, self.vma)
            spec = None if self.sharding is None else self.spec_key
            self._hash = hash(key if spec is None else (*key, spec))
        return self._hash

    def dims_str(self, keys: bool = False) -> str:
        """`8@X,4` / `16@(X,Y)`: the dimensions with their explicit axes, as JAX prints them;
        `keys`: a key's without its data's trailing word dimension."""
        shape = self.shape[:-1] if keys and self.key is not None else self.shape
        if self.sharding is None:
            return ",".join(map(str, shape))
        return ",".join(dim_str(n, e) for n, e in zip(shape, self.sharding.spec))

    def with_key(self, key: str | None) -> ShapedArray:
        """A copy marked as the data of typed keys of dtype `key` (`"key<fry>"`), or not."""
        out = ShapedArray(
            self.shape, self.dtype, self.weak_type, self.vma, self.sharding, self.mesh
        )
        out.key = key
        return out

    @property
    def manual_axis_type(self) -> ManualAxisType:
        spec = getattr(self.sharding, "spec", None)
        return ManualAxisType(
            varying=frozenset(self.vma),
            unreduced=frozenset(getattr(spec, "unreduced", ())),
            reduced=frozenset(getattr(spec, "reduced", ())),
        )

    mat = manual_axis_type  # JAX's short name

    def str_short(self) -> str:
        vma = vma_str(self.vma, self.sharding)
        name = dtypes.short_name(self.dtype) if self.key is None else self.key
        return f"{name}[{self.dims_str(True)}]{vma}"

    def str_long(self) -> str:
        """`float32[8,2]`: as JAX's str_short() (full dtype names)."""
        vma = vma_str(self.vma, self.sharding)
        name = dtypes.long_name(self.dtype) if self.key is None else self.key
        return f"{name}[{self.dims_str(True)}]{vma}"

    def __str__(self):
        return f"{'~' if self.weak_type else ''}{self.str_long()}"

    def __repr__(self):
        weak = ", weak_type=True" if self.weak_type else ""
        return f"ShapedArray({self.str_long()}{weak})"


_SHARED_AVALS: dict[tuple, ShapedArray] = {}


class EmptyMeshArray(ShapedArray):
    """The aval of a value JAX types on its empty mesh though a mesh is in context: a host
    callback's result (`ShapedArray(float32[8])` in JAX's jaxpr). A loop carry of this type
    matches any sharding of the carry out, as JAX's `typematch`; `update` gives a plain
    ShapedArray (what is computed from it is on the context mesh)."""

    __slots__ = ()


def shaped_array(shape: tuple, dtype: np.dtype, weak_type: bool = False) -> ShapedArray:
    """`ShapedArray(shape, dtype, weak_type)`, shared: avals are immutable, and the rules that
    run once per traced op (reductions, reshapes, broadcasts) make the same few again and again."""
    if type(shape) is not tuple:
        return ShapedArray(shape, dtype, weak_type)
    key = (shape, dtype, weak_type)
    aval = _SHARED_AVALS.get(key)
    if aval is None:
        if len(_SHARED_AVALS) > 4096:  # bound it: programs with ever new shapes
            _SHARED_AVALS.clear()
        aval = _SHARED_AVALS[key] = ShapedArray(shape, dtype, weak_type)
    return aval


class Var:
    __slots__ = ("aval",)  # Trace.process sets them without __init__: keep the two in step

    def __init__(self, aval: ShapedArray):
        self.aval = aval

    def __repr__(self):
        return f"Var(id={id(self)}):{self.aval.str_long()}"


class _TypedScalar:
    """A Python scalar with the dtype it takes, as JAX hands one back (`TypedInt(1,
    dtype=int32)`); arithmetic on it is Python's."""

    def __new__(cls, value, dtype):
        out = super().__new__(cls, value)
        out.dtype = np.dtype(dtype)
        return out

    def __repr__(self):
        return f"{type(self).__name__}({self.plain(self)!r}, dtype={self.dtype.name})"

    def __getnewargs__(self):
        return (self.plain(self), self.dtype)


class TypedInt(_TypedScalar, int):
    """A Python int inlined as a literal, with the dtype it takes (JAX's TypedInt: a Literal
    of one reads `Literal(TypedInt(1, dtype=int32))`)."""

    plain = int


class TypedFloat(_TypedScalar, float):
    plain = float

    def __str__(self):  # printed as the number (a TypedInt prints as its repr), as JAX's
        return float.__repr__(self)


class TypedComplex(_TypedScalar, complex):
    plain = complex


class TypedNdArray(np.ndarray):
    """A host array JAX hands back as a typed value (float0 gradients of integer inputs), with
    JAX's repr `TypedNdArray((b'',), dtype=void)`."""

    def __new__(cls, value):
        return np.asarray(value).view(cls)

    @property
    def weak_type(self) -> bool:  # as JAX's (a float0 gradient is strongly typed)
        return False

    @api_boundary  # NumPy's error for an operation on a float0 names the user's line
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        inputs = tuple(np.asarray(x) if isinstance(x, TypedNdArray) else x for x in inputs)
        return getattr(ufunc, method)(*inputs, **kwargs)

    def __repr__(self):
        prefix, width = "TypedNdArray(", np.get_printoptions()["linewidth"]
        dtype = f"dtype={self.dtype.name})"
        if self.size == 0:
            body = f"[], shape={self.shape}"
        else:
            plain = np.asarray(self)
            body = np.array2string(
                plain, prefix=prefix, suffix=",", separator=", ", max_line_width=width
            )
        last_line = len(body) - body.rfind("\n") + 1
        sep = " " * len(prefix) if last_line + len(dtype) + 1 > width else " "
        return f"{prefix}{body},{sep}{dtype}"


def is_host_value(x) -> bool:
    """A Python number or a NumPy value (not an array on devices, not a tracer)."""
    return type(x) in (bool, int, float, complex) or isinstance(x, np.ndarray | np.generic)


def as_bound(x):
    """A host value as JAX's `bind` hands it back when it passes through untouched: Python
    numbers with their dtype, NumPy values as typed arrays, bools as they are; anything else
    (arrays, tracers) as it is."""
    if type(x) is bool or not is_host_value(x):
        return x
    dtype = dtypes.python_scalar_dtype(x) if type(x) in (int, float, complex) else x.dtype
    kind = {int: TypedInt, float: TypedFloat, complex: TypedComplex}.get(type(x))
    return kind(x, dtype) if kind is not None else TypedNdArray(np.asarray(x, dtype))


class Literal:
    """A scalar constant inlined into an equation."""

    __slots__ = ("val", "aval")

    def __init__(self, val, aval: ShapedArray):
        self.val, self.aval = val, aval

    def __repr__(self):
        return f"Literal({self.val})"

    def value(self):
        """The constant as an interpreter binds it: a weak-typed scalar held as a NumPy array
        (a folded `jnp.asarray(3.0)`) as the Python scalar it stands for, so it stays weak."""
        val = self.val
        if self.aval.weak_type and type(val) is np.ndarray and val.dtype.kind in "biufc":
            item = val.item()
            if np.asarray(item).dtype.kind == val.dtype.kind:
                return item
        return val


class Eqn:
    # Trace.process sets these without __init__: keep the two in step.
    __slots__ = ("primitive", "invars", "outvars", "params", "source")

    def __init__(self, primitive, invars, outvars, params, source: SourceInfo = UNKNOWN_SOURCE):
        self.primitive, self.invars, self.outvars = primitive, invars, outvars
        self.params, self.source = params, source

    def __repr__(self):
        return pp_eqn(self, PpContext()).format().rstrip()


Eqn.__name__ = Eqn.__qualname__ = "JaxprEqn"  # as programs see it: `type(eqn).__name__`


class Jaxpr:
    __slots__ = ("constvars", "invars", "outvars", "eqns")

    def __init__(self, constvars, invars, outvars, eqns):
        self.constvars, self.invars = list(constvars), list(invars)
        self.outvars, self.eqns = list(outvars), list(eqns)

    @property
    def in_avals(self):
        return [v.aval for v in self.invars]

    @property
    def effects(self) -> set:
        """The side effects of its equations and of the jaxprs nested in them (JAX's
        `jaxpr.effects`: an empty set for a pure function)."""
        return {_effect(e) for e in _effectful_eqns(self)}

    @property
    def out_avals(self):
        return [v.aval for v in self.outvars]

    def __str__(self):
        return pp_jaxpr(self)


class ClosedJaxpr:
    """A jaxpr with values for its constvars."""

    __slots__ = ("jaxpr", "consts")

    def __init__(self, jaxpr: Jaxpr, consts):
        self.jaxpr, self.consts = jaxpr, list(consts)

    in_avals = property(lambda self: self.jaxpr.in_avals)
    out_avals = property(lambda self: self.jaxpr.out_avals)
    eqns = property(lambda self: self.jaxpr.eqns)
    literals = property(lambda self: self.consts)  # JAX's other name for them
    effects = property(lambda self: self.jaxpr.effects)

    def __str__(self):
        return pp_jaxpr(self.jaxpr)

    def __repr__(self):
        return str(self)


# ---------------------------------------------------------------------------------------------
# Pretty printing, in JAX's jaxpr syntax and layout (width 80, see ir/pretty_printer.py).


def _encode_name(n: int) -> str:
    # As JAX: base-26 digits a..z, so after z come ba, bb, ...
    name = ""
    while not name or n:
        n, digit = divmod(n, 26)
        name = chr(ord("a") + digit) + name
    return name


class PpContext:
    """Variable names, unique across a jaxpr and the jaxprs nested in it (as JAX's)."""

    def __init__(self, names: dict | None = None):
        self.names: dict[Var, str] = dict(names or {})
        self.shared_jaxprs: dict[Jaxpr, str] = {}
        self.shared_names: set[str] = set()
        self._counter = itertools.count()

    def name(self, var: Var) -> str:
        name = self.names.get(var)
        if name is None:
            name = next(n for n in map(_encode_name, self._counter) if n not in self.shared_names)
            self.names[var] = name
        return name

    def suggest_same_names(self, for_vars, like_vars) -> None:
        """Names the binders of a nested jaxpr as the equation's operands / results."""
        if len(for_vars) != len(like_vars):
            return
        used: set[Var] = set()
        for for_v, like_v in zip(for_vars, like_vars):
            if (
                isinstance(like_v, Var)
                and like_v not in used
                and isinstance(for_v, Var)
                and for_v not in self.names
            ):
                used.add(like_v)
                self.names[for_v] = self.name(like_v)


def pp_aval(aval) -> str:
    return aval.str_short()


def pp_atom(atom, context: PpContext) -> str:
    if isinstance(atom, Literal):
        val = atom.val
        val_str = str(np.asarray(val).item()) if not np.shape(val) else "[...]"
        return f"{val_str}:{pp_aval(atom.aval)}"
    return context.name(atom)


def _pp_vars(atoms, context: PpContext, *, separator="", binders=False) -> pp.Doc:
    if binders:
        docs = [pp.text(f"{pp_atom(v, context)}:{pp_aval(v.aval)}") for v in atoms]
    else:
        docs = [pp.text(pp_atom(v, context)) for v in atoms]
    return pp.nest(2, pp.group(pp.join(pp.text(separator) + pp.group(pp.brk()), docs)))


def _pp_param_value(value, context: PpContext) -> pp.Doc:
    if type(value) is tuple and value and all(isinstance(j, (Jaxpr, ClosedJaxpr)) for j in value):
        docs = [_pp_jaxpr(_open(j), context) for j in value]
        inner = pp.nest(2, pp.concat([pp.text("("), pp.brk(""), pp.join(pp.brk(), docs)]))
        return pp.group(pp.concat([inner, pp.brk(""), pp.text(")")]))
    if isinstance(value, (Jaxpr, ClosedJaxpr)):
        return _pp_jaxpr(_open(value), context)
    if isinstance(value, frozenset):
        return pp.text(f"frozenset({{{', '.join(repr(e) for e in sorted(value))}}})")
    if isinstance(value, Primitive):
        return pp.text(value.name)
    # Object addresses masked (`<function f at 0xXXXXXXXXXXXX>`), as JAX prints them: a jaxpr's
    # text does not change from run to run.
    return pp.text(_ADDRESS.sub(lambda m: " at 0x" + "X" * len(m.group(1)), str(value)))


_ADDRESS = re.compile(r" at 0x([0-9a-fA-F]+)")


def _pp_params(params: dict, names, context: PpContext) -> pp.Doc:
    if not names:
        return pp.nil()
    pairs = [pp.text(f"{k}=") + _pp_param_value(params[k], context) for k in names]
    inner = pp.nest(2, pp.concat([pp.text("["), pp.brk(""), pp.join(pp.brk(), pairs)]))
    return pp.group(pp.concat([inner, pp.brk(""), pp.text("]")]))


def pp_eqn(eqn: Eqn, context: PpContext, params: dict | None = None, names=None) -> pp.Doc:
    """One equation; `params` / `names` override what is shown (custom rules pass them)."""
    rule = pp_eqn_rules.get(eqn.primitive)
    if rule is not None and params is None:
        return rule(eqn, context)
    params = eqn.params if params is None else params
    names = sorted(params) if names is None else names
    lhs = _pp_vars(eqn.outvars, context, binders=True)  # first: it names the results
    rhs = [
        pp.text(eqn.primitive.name),
        _pp_params(params, names, context),
        pp.text(" ") + _pp_vars(eqn.invars, context),
    ]
    if not eqn.outvars:
        return pp.concat(rhs)
    return pp.concat([lhs, pp.text(" = "), *rhs])


# Per-primitive printing rules, `rule(eqn, context) -> Doc`, registered by the primitive
# families (they show the params as JAX's printer does). They call pp_eqn with `params`.
pp_eqn_rules: dict[Primitive, object] = {}


# Jaxprs a primitive's printed params show that its params do not hold, `fn(eqn) -> [Jaxpr]`
# (a scatter's combiner): counted with the others for the shared `let name = ... in` jaxprs.
pp_shown_jaxprs: dict[Primitive, object] = {}


def register_pp_params(prim: Primitive, shown, jaxprs=None) -> None:
    """Prints `prim`'s equations with the params `shown(eqn, context)` returns: a dict (printed
    in sorted order) or a (dict, names in order) pair; `jaxprs(eqn)`: the jaxprs it shows that
    eqn.params do not hold."""
    if jaxprs is not None:
        pp_shown_jaxprs[prim] = jaxprs

    def rule(eqn: Eqn, context: PpContext) -> pp.Doc:
        out = shown(eqn, context)
        params, names = out if isinstance(out, tuple) else (out, None)
        return pp_eqn(eqn, context, params, names)

    pp_eqn_rules[prim] = rule


def of_keys(eqn: Eqn) -> bool:
    """Whether `eqn` works on typed keys' data (its first operand or result is marked as keys):
    it prints as JAX's of keys, without the data's trailing word dimension."""
    return any(getattr(v.aval, "key", None) is not None for v in eqn.invars[:1] + eqn.outvars[:1])


def keys_kept(x: ShapedArray, out: ShapedArray) -> ShapedArray:
    """`out`, marked as typed keys when a structural op keeps the word dimension of the keys'
    data `x` last (the mark the batched and differentiated key ops of random/key_ops.py keep)."""
    if x.key is None or out.key is not None or out.shape[-1:] != x.shape[-1:]:
        return out
    return out.with_key(x.key)


def pp_without_last_operand(eqn: Eqn, context: PpContext, params: dict) -> pp.Doc:
    """`eqn` printed with `params`, without its last operand (the start index of the word
    dimension of keys' data)."""
    shown = Eqn(eqn.primitive, eqn.invars[:-1], eqn.outvars, eqn.params, eqn.source)
    return pp_eqn(shown, context, params)


def func_name(fun) -> str:
    """A function's name as JAX's debug info gives it (`<lambda>`, or the partial's function)."""
    while hasattr(fun, "func") and not hasattr(fun, "__name__"):
        fun = fun.func
    return getattr(fun, "__name__", type(fun).__name__)


def _open(jaxpr) -> Jaxpr:
    return jaxpr.jaxpr if isinstance(jaxpr, ClosedJaxpr) else jaxpr


def _pp_jaxpr(jaxpr: Jaxpr, context: PpContext) -> pp.Doc:
    name = context.shared_jaxprs.get(jaxpr)
    if name is not None:
        return pp.text(name)
    return _pp_skeleton(jaxpr, context)


def _pp_skeleton(jaxpr: Jaxpr, context: PpContext) -> pp.Doc:
    constvars = _pp_vars(jaxpr.constvars, context, binders=True)
    invars = _pp_vars(jaxpr.invars, context, binders=True)
    eqns = pp.join(pp.brk("; "), [pp_eqn(e, context) for e in jaxpr.eqns])
    close = ")" if len(jaxpr.outvars) != 1 else ",)"
    outvars = pp.concat(
        [pp.text("("), _pp_vars(jaxpr.outvars, context, separator=","), pp.text(close)]
    )
    body = pp.concat(
        [
            pp.text("{ lambda "),
            constvars,
            pp.text("; "),
            invars,
            pp.text(". let"),
            pp.nest(2, pp.brk() + eqns),
            pp.brk(),
            pp.text("in "),
            outvars,
        ]
    )
    return pp.group(pp.nest(2, body) + pp.text(" }"))  # as JAX: the brace counts in its width


def _dropped_outputs(jaxpr: Jaxpr) -> dict:
    """Results of top-level equations nothing reads: JAX prints them `_`."""
    names: dict[Var, str] = {}
    used = {a for a in jaxpr.outvars if isinstance(a, Var)}
    for eqn in reversed(jaxpr.eqns):
        for v in eqn.outvars:
            if v not in used:
                names[v] = "_"
        used.update(a for a in eqn.invars if isinstance(a, Var))
    return names


def _shared_jaxprs(top: Jaxpr) -> list[tuple[str, Jaxpr]]:
    """The nested jaxprs printed once up front as `let name = {...} in`: those used more than
    once, and the long ones (more than 10 equations), named after their equation's `name`."""
    names: dict[Jaxpr, str] = {}
    counts: dict[Jaxpr, int] = {}
    queue = collections.deque([top])
    while queue:
        jaxpr = queue.popleft()
        counts[jaxpr] = counts.get(jaxpr, 0) + (
            2 if jaxpr is not top and len(jaxpr.eqns) > 10 else 1
        )
        for eqn in jaxpr.eqns:
            name = eqn.params.get("name")
            subs = [_open(j) for j in param_jaxprs(eqn.params)]
            shown = pp_shown_jaxprs.get(eqn.primitive)
            subs += shown(eqn) if shown is not None else []
            queue.extend(subs)
            if isinstance(name, str):
                for sub in subs:
                    names.setdefault(sub, name.strip("<>"))
    taken: collections.Counter = collections.Counter()
    shared = []
    for jaxpr, count in counts.items():
        if count == 1:
            continue
        name = names.get(jaxpr, "jaxpr")
        if taken[name]:
            taken[name] += 1
            name += str(taken[name] - 1)
        taken[name] += 1
        shared.append((name, jaxpr))
    return shared


def pp_toplevel_jaxpr(jaxpr: Jaxpr) -> pp.Doc:
    context = PpContext(_dropped_outputs(jaxpr))
    shared = _shared_jaxprs(jaxpr)
    for name, sub in shared:
        context.shared_names.add(name)
        context.shared_jaxprs[sub] = name
    docs = []
    for name, sub in shared:
        skeleton = _pp_skeleton(sub, context)
        docs.append(pp.concat([pp.text(f"let {name} = "), skeleton, pp.text(" in"), pp.brk()]))
    docs.append(_pp_jaxpr(jaxpr, context))
    return pp.concat(docs)


def pp_jaxpr(jaxpr: Jaxpr) -> str:
    return pp_toplevel_jaxpr(_open(jaxpr)).format()


# ---------------------------------------------------------------------------------------------
# Typechecking.


class JaxprTypeError(MeshjitTypeError):
    pass


def param_jaxprs(params: dict):
    """The sub-jaxprs among an equation's params, also inside tuples (cond's branches)."""
    for value in params.values():
        if isinstance(value, (Jaxpr, ClosedJaxpr)):
            yield value
        elif isinstance(value, tuple):
            yield from (v for v in value if isinstance(v, (Jaxpr, ClosedJaxpr)))


# The params (check_vma, mesh) of the shard_map bodies being typechecked, the innermost last:
# collectives' rules read them where no trace says (ad.transform.vma_checked, axis sizes).
TYPECHECKED_SCOPES: list[dict] = []


def typecheck_jaxpr(jaxpr: Jaxpr | ClosedJaxpr, untyped_vma: bool = False) -> None:
    """Checks that every variable is bound once before use and every equation's types hold
    (in a shard_map body with check_vma=False, where no value varies by type, without the
    varying axes)."""
    if isinstance(jaxpr, ClosedJaxpr):
        _check_consts(jaxpr)
        jaxpr = jaxpr.jaxpr
    bound: set[int] = set()

    def bind_var(v: Var):
        if id(v) in bound:
            raise JaxprTypeError(f"variable {v} bound twice", UNKNOWN_SOURCE)
        bound.add(id(v))

    def read(atom, where):
        if isinstance(atom, Var) and id(atom) not in bound:
            raise JaxprTypeError(f"variable {atom} used before binding in {where}", UNKNOWN_SOURCE)

    for v in itertools.chain(jaxpr.constvars, jaxpr.invars):
        bind_var(v)
    for eqn in jaxpr.eqns:
        for atom in eqn.invars:
            read(atom, eqn.primitive.name)
        _check_eqn_types(eqn, untyped_vma)
        _typecheck_subjaxprs(eqn.params, untyped_vma or eqn.params.get("check_vma") is False)
        for v in eqn.outvars:
            bind_var(v)
    for atom in jaxpr.outvars:
        read(atom, "the outputs")


def _typecheck_subjaxprs(params: dict, untyped_vma: bool) -> None:
    scoped = "check_vma" in params and "mesh" in params
    if scoped:
        TYPECHECKED_SCOPES.append(params)
    try:
        for sub in param_jaxprs(params):
            typecheck_jaxpr(sub, untyped_vma)
    finally:
        if scoped:
            TYPECHECKED_SCOPES.pop()


def _check_consts(closed: ClosedJaxpr):
    if len(closed.consts) != len(closed.jaxpr.constvars):
        raise JaxprTypeError("consts and constvars differ in number", UNKNOWN_SOURCE)


def _check_eqn_types(eqn: Eqn, untyped_vma: bool):
    expected = abstract_eval(eqn.primitive, [a.aval for a in eqn.invars], eqn.params, eqn.source)
    if untyped_vma:
        expected = [a.update(vma=frozenset()) if getattr(a, "vma", None) else a for a in expected]
    actual = [v.aval for v in eqn.outvars]
    if expected != actual:
        raise JaxprTypeError(
            f"equation {eqn.primitive.name} declares outputs {actual} but its rule gives "
            f"{expected}",
            eqn.source,
        )


class Effect:
    """One kind of side effect in `jaxpr.effects`, named as JAX's effect class."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, Effect) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return f"<{self.name}>"


class DebugEffect(Effect):
    """The effect of a debug callback (`jax.debug.DebugEffect`: `isinstance(e, DebugEffect)`
    picks it out of `jaxpr.effects`)."""

    __slots__ = ()

    def __init__(self):
        super().__init__("DebugEffect")

    def __str__(self):
        return "Debug"


class OrderedDebugEffect(Effect):
    """JAX's effect of an ordered debug callback (`jax.debug.OrderedDebugEffect`)."""

    __slots__ = ()

    def __init__(self):
        super().__init__("OrderedDebugEffect")

    def __str__(self):
        return "OrderedDebug"


def _effect(eqn) -> Effect:
    """The effect `eqn` shows: its primitive's (a name or an Effect), or one its params hold."""
    kind = visible_effects[eqn.primitive]
    kind = kind(eqn.params) if callable(kind) else kind
    return kind if isinstance(kind, Effect) else Effect(kind)


def _effectful_eqns(jaxpr: Jaxpr):
    for eqn in jaxpr.eqns:
        if eqn.primitive in visible_effects:
            yield eqn
        for sub in _param_jaxprs(eqn.params.values()):
            yield from _effectful_eqns(sub)


def has_ordered_effects(jaxpr: Jaxpr | ClosedJaxpr) -> bool:
    """Whether an equation of `jaxpr`, or of a jaxpr nested in it, is an ordered effect (an
    ordered debug / io callback): JAX threads a token through the blocks holding one."""
    if isinstance(jaxpr, ClosedJaxpr):
        jaxpr = jaxpr.jaxpr
    return any(_is_ordered(e) for e in _effectful_eqns(jaxpr))


def _is_ordered(eqn: Eqn) -> bool:
    return eqn.params.get("ordered") is True or isinstance(_effect(eqn), OrderedDebugEffect)


def has_effects(eqn: Eqn) -> bool:
    """Whether `eqn` must run though nothing reads its outputs: an effectful primitive, or one
    whose sub-jaxprs (a cond's branches, a scan's body, ...) hold one."""
    if eqn.primitive in effectful:
        return True
    return any(_jaxpr_has_effects(j) for j in _param_jaxprs(eqn.params.values()))


def _param_jaxprs(values):
    for v in values:
        if isinstance(v, ClosedJaxpr):
            yield v.jaxpr
        elif isinstance(v, Jaxpr):
            yield v
        elif isinstance(v, (tuple, list)):
            yield from _param_jaxprs(v)


def _jaxpr_has_effects(jaxpr: Jaxpr) -> bool:
    return any(has_effects(e) for e in jaxpr.eqns)


def _has_unread_equation(jaxpr: Jaxpr) -> bool:
    """Whether an equation has no result that an output or an equation reads. Without one, all
    are live (the last one's results are outputs; each one's are read by a later live one), and
    the answer comes from two passes in C (most jaxprs have no dead code; the loop below costs
    several times more per equation)."""
    read = set(jaxpr.outvars)
    read.update(itertools.chain.from_iterable(map(_INVARS, jaxpr.eqns)))
    return any(map(read.isdisjoint, map(_OUTVARS, jaxpr.eqns)))


_INVARS, _OUTVARS = operator.attrgetter("invars"), operator.attrgetter("outvars")


def dce_jaxpr(jaxpr: Jaxpr) -> Jaxpr:
    """Drops the equations no output depends on. (It runs before every lowering: atoms hash by
    identity, so the live set holds them directly, Literals too, harmlessly.)"""
    if not _has_unread_equation(jaxpr):
        return jaxpr
    live = set(jaxpr.outvars)
    kept = []
    dead, add_live, keep = live.isdisjoint, live.update, kept.append
    for eqn in reversed(jaxpr.eqns):
        if not dead(eqn.outvars) or has_effects(eqn):
            keep(eqn)
            add_live(eqn.invars)
    if len(kept) == len(jaxpr.eqns):
        return jaxpr
    return Jaxpr(jaxpr.constvars, jaxpr.invars, jaxpr.outvars, kept[::-1])
