"""The tiny IR: abstract values, variables, equations, jaxprs, printer, typechecker (primitives
and their rule tables live in ir/registry.py)."""

from __future__ import annotations

import itertools
import math

import numpy as np

from meshjit.compiler.errors import UNKNOWN_SOURCE, MeshjitTypeError, SourceInfo
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.registry import Primitive, abstract_eval, effectful

_DTYPE_CLASSES: set[type] = set()  # the classes of the np.dtype objects seen (one per dtype)


def _as_dtype(dtype) -> np.dtype:
    if isinstance(dtype, np.dtype):
        _DTYPE_CLASSES.add(type(dtype))  # later avals check their dtype's class in this set
        return dtype
    return np.dtype(dtype)


_KEEP = object()  # update(): keep the sharding (when the shape stays)


def _dim_str(size: int, entry) -> str:
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
    names = [a for a in order if a in axes] or sorted(axes)
    return names[0] if len(names) == 1 else "(" + ",".join(names) + ")"


class ShapedArray:
    """An abstract array: shape, dtype and whether the dtype is weak (from a Python scalar).

    In explicit-sharding mode (meshes with `AxisType.Explicit` axes) `sharding` is the value's
    type-level sharding: a NamedSharding over the AbstractMesh, one spec entry per dimension,
    naming explicit axes only (see compiler/ir/sharding_rules.py). Elsewhere it is None, and an
    unsharded typed value equals an untyped one."""

    __slots__ = ("shape", "dtype", "weak_type", "vma", "sharding", "_hash")

    def __init__(
        self, shape, dtype, weak_type: bool = False, vma: frozenset = frozenset(), sharding=None
    ):
        # Rules build many avals from parts that are already normalised: skip the conversions.
        self.shape = shape if type(shape) is tuple else tuple(shape)
        self.dtype = dtype if type(dtype) in _DTYPE_CLASSES else _as_dtype(dtype)
        self.weak_type = weak_type if type(weak_type) is bool else bool(weak_type)
        # Inside shard_map: the manual mesh axes the value varies over (empty = invariant).
        self.vma = vma
        self.sharding = sharding
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
        """A copy with some parts replaced; a new shape drops the sharding (rules set it)."""
        if sharding is _KEEP:
            sharding = self.sharding if shape is None or shape == self.shape else None
        return ShapedArray(
            self.shape if shape is None else shape,
            self.dtype if dtype is None else dtype,
            self.weak_type if weak_type is None else weak_type,
            self.vma if vma is None else frozenset(vma),
            sharding,
        )

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

    def dims_str(self) -> str:
        """`8@X,4` / `16@(X,Y)`: the dimensions with their explicit axes, as JAX prints them."""
        if self.sharding is None:
            return ",".join(map(str, self.shape))
        return ",".join(_dim_str(n, e) for n, e in zip(self.shape, self.sharding.spec))

    def str_short(self) -> str:
        vma = vma_str(self.vma, self.sharding)
        return f"{dtypes.short_name(self.dtype)}[{self.dims_str()}]{vma}"

    def __repr__(self):
        weak = ", weak_type=True" if self.weak_type else ""
        return f"ShapedArray({self.str_short()}{weak})"


_SHARED_AVALS: dict[tuple, ShapedArray] = {}


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
        return f"Var({self.aval.str_short()})"


class Literal:
    """A scalar constant inlined into an equation."""

    __slots__ = ("val", "aval")

    def __init__(self, val, aval: ShapedArray):
        self.val, self.aval = val, aval

    def __repr__(self):
        return f"Literal({self.val!r})"


class Eqn:
    # Trace.process sets these without __init__: keep the two in step.
    __slots__ = ("primitive", "invars", "outvars", "params", "source")

    def __init__(self, primitive, invars, outvars, params, source: SourceInfo = UNKNOWN_SOURCE):
        self.primitive, self.invars, self.outvars = primitive, invars, outvars
        self.params, self.source = params, source

    def __repr__(self):
        return f"Eqn({self.primitive.name}, {len(self.invars)} in, {len(self.outvars)} out)"


class Jaxpr:
    __slots__ = ("constvars", "invars", "outvars", "eqns")

    def __init__(self, constvars, invars, outvars, eqns):
        self.constvars, self.invars = list(constvars), list(invars)
        self.outvars, self.eqns = list(outvars), list(eqns)

    @property
    def in_avals(self):
        return [v.aval for v in self.invars]

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

    def __str__(self):
        return pp_jaxpr(self.jaxpr)

    def __repr__(self):
        return str(self)


# ---------------------------------------------------------------------------------------------
# Pretty printing, in the jaxpr style.


def _var_names():
    # As JAX: base-26 digits a..z, so after z come ba, bb, ...
    for n in itertools.count():
        name, k = "", n
        while True:
            k, digit = divmod(k, 26)
            name = chr(ord("a") + digit) + name
            if not k:
                break
        yield name


class _Namer:
    def __init__(self):
        self.names: dict[int, str] = {}
        self.fresh = _var_names()

    def __call__(self, atom) -> str:
        if isinstance(atom, Literal):
            return _literal_str(atom)
        name = self.names.get(id(atom))
        if name is None:
            name = self.names[id(atom)] = next(self.fresh)
        return name

    def binder(self, var: Var) -> str:
        return f"{self(var)}:{pp_aval(var.aval)}"


def pp_aval(aval) -> str:
    return aval.str_short()


def _literal_str(lit: Literal) -> str:
    val = lit.val
    if isinstance(val, np.ndarray):
        val = val.item()
    if isinstance(val, (bool, np.bool_)):
        return "True" if val else "False"
    return f"{val}:{dtypes.short_name(lit.aval.dtype)}[]"


def _param_str(value, namer, indent) -> str:
    if isinstance(value, ClosedJaxpr):
        value = value.jaxpr
    if isinstance(value, Jaxpr):
        return _pp_jaxpr(value, _Namer(), indent + 4)
    if isinstance(value, np.dtype):
        return dtypes.short_name(value)
    if isinstance(value, Primitive):
        return value.name
    if type(value) is tuple:  # subclasses (e.g. PartitionSpec) print their own repr
        inner = ", ".join(_param_str(v, namer, indent) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    return str(value)


def _pp_eqn(eqn: Eqn, namer: _Namer, indent: int) -> str:
    outs = " ".join(namer.binder(v) for v in eqn.outvars)
    params = ""
    if eqn.params:
        items = ", ".join(
            f"{k}={_param_str(v, namer, indent)}" for k, v in sorted(eqn.params.items())
        )
        params = f"[{items}]"
    ins = " ".join(namer(v) for v in eqn.invars)
    return f"{' ' * indent}{outs} = {eqn.primitive.name}{params} {ins}".rstrip()


def _pp_jaxpr(jaxpr: Jaxpr, namer: _Namer, indent: int) -> str:
    consts = " ".join(namer.binder(v) for v in jaxpr.constvars)
    ins = " ".join(namer.binder(v) for v in jaxpr.invars)
    lines = [f"{{ lambda {consts}; {ins}. let".replace("lambda ;", "lambda ;")]
    lines += [_pp_eqn(eqn, namer, indent + 4) for eqn in jaxpr.eqns]
    outs = ", ".join(namer(v) for v in jaxpr.outvars)
    outs = f"({outs},)" if len(jaxpr.outvars) == 1 else f"({outs})"
    lines.append(f"{' ' * (indent + 2)}in {outs} }}")
    return "\n".join(lines)


def pp_jaxpr(jaxpr: Jaxpr) -> str:
    return _pp_jaxpr(jaxpr, _Namer(), 0)


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


def typecheck_jaxpr(jaxpr: Jaxpr | ClosedJaxpr) -> None:
    """Checks that every variable is bound once before use and every equation's types hold."""
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
        _check_eqn_types(eqn)
        for sub in param_jaxprs(eqn.params):
            typecheck_jaxpr(sub)
        for v in eqn.outvars:
            bind_var(v)
    for atom in jaxpr.outvars:
        read(atom, "the outputs")


def _check_consts(closed: ClosedJaxpr):
    if len(closed.consts) != len(closed.jaxpr.constvars):
        raise JaxprTypeError("consts and constvars differ in number", UNKNOWN_SOURCE)


def _check_eqn_types(eqn: Eqn):
    expected = abstract_eval(eqn.primitive, [a.aval for a in eqn.invars], eqn.params, eqn.source)
    actual = [v.aval for v in eqn.outvars]
    if expected != actual:
        raise JaxprTypeError(
            f"equation {eqn.primitive.name} declares outputs {actual} but its rule gives "
            f"{expected}",
            eqn.source,
        )


def dce_jaxpr(jaxpr: Jaxpr) -> Jaxpr:
    """Drops the equations no output depends on. (It runs before every lowering: atoms hash by
    identity, so the live set holds them directly, Literals too, harmlessly.)"""
    live = set(jaxpr.outvars)
    kept = []
    dead, add_live, keep = live.isdisjoint, live.update, kept.append
    for eqn in reversed(jaxpr.eqns):
        if not dead(eqn.outvars) or eqn.primitive in effectful:
            keep(eqn)
            add_live(eqn.invars)
    if len(kept) == len(jaxpr.eqns):
        return jaxpr
    return Jaxpr(jaxpr.constvars, jaxpr.invars, jaxpr.outvars, kept[::-1])
