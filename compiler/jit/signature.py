"""The abstract signature of a jit call: static arguments, the dynamic leaves and their avals,
the argument shardings, and the cache key they make (traces and lowerings are keyed by it)."""

from __future__ import annotations

import inspect
import operator

from meshjit.compiler.errors import MeshjitOverflowError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.parallel.explicit import array_aval
from meshjit.compiler.parallel.sharding import NamedSharding
from meshjit.compiler.runtime.dispatch import context_key
from meshjit.compiler.trace.tracing import abstractify
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten


class Signature:
    """Static and dynamic parts of one call, and the (abstract) cache key they make."""

    __slots__ = ("leaves", "in_tree", "in_avals", "statics", "shardings", "donated", "key")

    def __init__(self, leaves, in_tree, in_avals, statics, shardings, donated=None):
        self.leaves, self.in_tree, self.in_avals, self.statics = leaves, in_tree, in_avals, statics
        self.shardings, self.donated = shardings, donated  # donated: a flag per leaf, or None
        abstract = tuple(None if s is None else s.abstract for s in shardings)
        # (typed keys' data traces as keys, printed so: a trace of plain data is another one)
        keys = tuple(a.key for a in in_avals if a.key is not None) or None
        self.key = (
            in_tree,
            tuple(in_avals),
            statics,
            abstract,
            donated,
            context_key(),
            keys,
            _meshes(in_avals),
        )

    def rebuild_args(self, leaves) -> tuple[list, dict]:
        """The call's (args, kwargs) with `leaves` (e.g. tracers) in place of its dynamic leaves."""
        return self.with_statics(tree_unflatten(self.in_tree, leaves))

    def with_statics(self, dynamic) -> tuple[list, dict]:
        """The call's (args, kwargs) from its dynamic (args, kwargs) and its statics."""
        dyn_args, dyn_kwargs = dynamic
        statics = dict(self.statics)
        args, it = [], iter(dyn_args)
        for i in range(len(dyn_args) + sum(isinstance(k, int) for k in statics)):
            args.append(statics[i] if i in statics else next(it))
        kwargs = dict(dyn_kwargs)
        kwargs.update({k: v for k, v in statics.items() if isinstance(k, str)})
        return args, kwargs


def _meshes(in_avals) -> tuple | None:
    """The meshes the avals live on (their type's, or the Auto mesh of an untyped value), None
    for none: an aval's equality leaves them out (a type replicated over an Explicit mesh equals
    an untyped one), but a trace's results carry them, as JAX's avals (fuzz seed 2801075: a
    nested jit's trace on an Explicit mesh reused off it)."""
    meshes = tuple(a.mesh if a.sharding is None else a.sharding.mesh for a in in_avals)
    return meshes if any(m is not None for m in meshes) else None


def split_statics(args, kwargs, static_argnums, static_argnames) -> tuple[tuple, tuple, dict]:
    """(statics as (position or name, value) pairs, dynamic args, dynamic kwargs)."""
    statics = []
    dyn_args = []
    for i, a in enumerate(args):
        if i in static_argnums:
            statics.append((i, hashable_static(a, f"static argument {i}")))
        else:
            dyn_args.append(a)
    dyn_kwargs = {}
    for k, v in kwargs.items():
        if k in static_argnames:
            statics.append((k, hashable_static(v, f"static argument {k!r}")))
        else:
            dyn_kwargs[k] = v
    return tuple(statics), tuple(dyn_args), dyn_kwargs


def hashable_static(value, what: str):
    """`value`, a static argument (of jit, or of a jnp function JAX jits with it static)."""
    try:
        hash(value)
    except TypeError as e:
        err = MeshjitValueError(  # JAX's words; the fix in a note, shown with the traceback
            "Non-hashable static arguments are not supported. An error occurred while trying to "
            f"hash an object of type {type(value)}, {value}. The error was:\n"
            f"{type(e).__name__}: {e}\n"
        )
        err.add_note(
            f"{what} must be hashable: pass a tuple instead of a list, or make it a dynamic "
            "(array) argument"
        )
        raise err from None
    return value


def donation_flags(args, kwargs, static_argnums, donate_argnums, donate_argnames) -> tuple:
    """A flag per dynamic leaf of the call: whether its argument is donated (as JAX's
    donation_vector: a positional argument by number, a keyword argument by name)."""
    flags = []
    for i, a in enumerate(args):
        if i not in static_argnums:
            flags += [i in donate_argnums] * len(tree_flatten(a)[0])
    for k in sorted(kwargs):  # keyword names: the order tree_flatten takes a dict in
        flags += [k in donate_argnames] * len(tree_flatten(kwargs[k])[0])
    return tuple(flags)


def resolve_donation(fun, donate_argnums, donate_argnames, statics) -> tuple[frozenset, frozenset]:
    """donate_argnums and donate_argnames completed from each other, as the statics are; an
    argument cannot be both static and donated."""
    nums, names = resolve_statics(fun, donate_argnums, donate_argnames, "donate")
    both_names, both_nums = names & statics[1], nums & statics[0]
    if both_names:  # JAX's words
        raise MeshjitValueError(
            "static_argnames and donate_argnames cannot intersect. Argument names "
            f"{set(both_names)} appear in both static_argnames and donate_argnames (an "
            "argument both static and donated has no buffer to donate)"
        )
    if both_nums:
        raise MeshjitValueError(
            f"`static_argnums` {sorted(statics[0])} and `donate_argnums` {sorted(nums)} cannot "
            "intersect. (an argument both static and donated has no buffer to donate)"
        )
    return nums, names


def _index_tuple(argnums) -> tuple[int, ...]:
    """An int or a sequence of ints as a tuple (JAX's: "'str' object cannot be interpreted as
    an integer" for anything else)."""
    if argnums is None:
        return ()
    try:
        return (operator.index(argnums),)
    except TypeError:
        return tuple(map(operator.index, argnums))


def resolve_statics(fun, argnums, argnames, kind: str = "static") -> tuple[frozenset, frozenset]:
    """{kind}_argnums and {kind}_argnames completed from each other by `fun`'s signature.

    As JAX: a negative number counts from the last positional parameter, and a number or name
    that names no parameter of `fun` is an error (unless `fun` takes *args / **kwargs)."""
    nums = set(_index_tuple(argnums))
    if not (argnames is None or isinstance(argnames, str) or hasattr(argnames, "__iter__")):
        raise MeshjitTypeError(f"'{type(argnames).__name__}' object is not iterable")
    names = {argnames} if isinstance(argnames, str) else set(argnames or ())
    try:
        params = list(inspect.signature(fun).parameters.values())
    except (TypeError, ValueError):
        return frozenset(nums), frozenset(names)
    positional = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    kinds = {p.kind for p in params}
    _check_statics(fun, nums, names, params, positional, kinds, kind)
    nums = {n + len(positional) if n < 0 else n for n in nums}
    for n in list(nums):
        if 0 <= n < len(positional):
            names.add(positional[n])
    for name in list(names):
        if name in positional:
            nums.add(positional.index(name))
    return frozenset(nums), frozenset(names)


def _check_statics(fun, nums, names, params, positional, kinds, kind) -> None:
    what = f"jit of {getattr(fun, '__name__', 'a function')}"
    if inspect.Parameter.VAR_POSITIONAL not in kinds:
        bad = sorted(n for n in nums if not -len(positional) <= n < len(positional))
        if bad:
            raise MeshjitValueError(
                f"Jitted function has {kind}_argnums={tuple(sorted(nums))}, but only accepts "
                f"{len(positional)} positional arguments. ("
                f"{what} has {kind}_argnums={tuple(sorted(nums))}, but the function takes "
                f"{len(positional)} positional argument(s): {bad} name(s) no argument)"
            )
    if inspect.Parameter.VAR_KEYWORD not in kinds:
        keywords = {p.name for p in params if p.kind != p.POSITIONAL_ONLY}
        positional_only = set(names) & {p.name for p in params if p.kind == p.POSITIONAL_ONLY}
        if positional_only:  # JAX's words
            raise MeshjitValueError(
                f"Jitted function has invalid argnames {positional_only} in {kind}_argnames. "
                f"These are positional-only ({what}: name them by number, {kind}_argnums)"
            )
        bad = sorted(set(names) - keywords)
        if bad:
            raise MeshjitValueError(
                f"Jitted function has invalid argnames {set(bad)} in {kind}_argnames. Function "
                f"does not take these args. ({what}: its arguments are {sorted(keywords)})"
            )


def _struct_typed(x, aval: ShapedArray) -> ShapedArray:
    """A ShapeDtypeStruct's aval typed by its NamedSharding, as an Array's (its Explicit
    axes in the type, its mesh of Auto axes kept); arrays and tracers are typed already."""
    if hasattr(x, "aval") or getattr(x, "_sharding", None) is None:
        return aval
    sharding = x.sharding
    return array_aval(aval, sharding) if type(sharding) is NamedSharding else aval


def arg_aval(x, i: int, fun, names=None) -> ShapedArray:
    """The aval of argument leaf `i` of a call of `fun` (a mutable ref's: `Ref{...}`).
    `names()`: the leaves' names (`argument_names`), read only to say which one is not an
    array; None (a compiled function's call) gives JAX's shorter message. `fun` None (an eager
    primitive's jit): the value's own error."""
    if getattr(type(x), "is_mutable_ref", False):
        return x.ref_aval
    try:
        return _struct_typed(x, abstractify(x))
    except MeshjitOverflowError as e:
        if fun is None or names is None or type(x) is not int:
            raise
        raise MeshjitOverflowError(  # JAX's words
            "An overflow was encountered while parsing an argument to a jitted computation, "
            f"whose argument path is {names()[i]}. Got <class 'int'> with value {x} "
            f"({e.bare_message})"
        ) from None
    except MeshjitTypeError as e:
        if fun is None:
            raise
        if names is None:
            raise MeshjitTypeError(
                f"Cannot interpret value of type {type(x)} as an abstract array; it does not "
                "have a dtype attribute"
            ) from None
        err = MeshjitTypeError(  # JAX's words; why the value is none in a note
            f"Error interpreting argument to {fun!r} as an abstract array. The problematic "
            f"value is of type {type(x)} and was passed to the function at path "
            f"{names()[i]}.\nThis typically means that a jit-wrapped function was called with "
            "a non-array argument, and this argument was not marked as static using the "
            "static_argnums or static_argnames parameters of jax.jit."
        )
        err.add_note(e.bare_message)
        raise err from None
