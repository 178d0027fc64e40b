"""The ref primitives (new_ref, empty_ref, get, swap, addupdate, freeze): their abstract eval,
printing as JAX's (`b:f32[3] <- a[...]`, `a[1:] <- c`, `a[0] += d`), eager evaluation on a
Ref's value, and discharge (the same operation on the referenced array, functionally)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import MeshjitError, MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.ir import pretty_printer as pp
from meshjit.compiler.ir.core import ShapedArray, pp_eqn, pp_eqn_rules
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batch_always,
    batching_rules,
    effectful,
    impl_rules,
    jvp_rules,
)
from meshjit.compiler.state.types import (
    DYNAMIC,
    AbstractRef,
    index_str,
    indexed_shape,
    is_ref_aval,
    is_whole,
    python_index,
)

new_ref_p = Primitive("new_ref")
empty_ref_p = Primitive("empty_ref")
get_p = Primitive("get")
swap_p = Primitive("swap")
addupdate_p = Primitive("addupdate", multiple_results=True)
freeze_p = Primitive("freeze")
effectful.update((new_ref_p, empty_ref_p, swap_p, addupdate_p, freeze_p))

# prim -> rule(ref value, *operands, **params) -> (the ref's new value or None, outputs)
discharge_rules: dict[Primitive, object] = {}


def _check_ref(prim: Primitive, aval):
    if not is_ref_aval(aval):
        raise MeshjitValueError(f"`{prim.name}` needs a mutable array reference, got {aval}")


def _check_indices(avals):
    for a in avals:
        if not np.issubdtype(a.dtype, np.integer):
            raise MeshjitValueError(f"a ref index must be integers, got {a.str_long()}")


def _indexed_aval(prim, ref, index_avals, index) -> ShapedArray:
    _check_ref(prim, ref)
    _check_indices(index_avals)
    inner = ref.inner_aval
    shape = indexed_shape(index, inner.shape, [a.shape for a in index_avals])
    return ShapedArray(shape, inner.dtype, inner.weak_type, inner.vma)


def _check_value(prim, ref, value, expected: ShapedArray, index):
    if value.shape != expected.shape:
        transforms = f"({index_str(index, ref.shape, ['?'] * len(index))},)" if index else "()"
        raise MeshjitValueError(
            f"Invalid shape for `{prim.name}`. Ref shape: {ref.shape}. Expected shape: "
            f"{expected.shape}. Value shape: {value.shape}. Transforms: {transforms}. "
        )
    if value.dtype != expected.dtype:
        raise MeshjitValueError(
            f"Invalid dtype for `{prim.name}`. Ref dtype: {expected.dtype}. Value dtype: "
            f"{value.dtype}. "
        )


# -- abstract eval ----------------------------------------------------------------------------


@abstract_eval_rules.register(new_ref_p)
def _new_ref_rule(value, **_):
    if is_ref_aval(value):
        raise MeshjitValueError(
            "new_ref of a mutable array reference (refs of refs are not arrays)"
        )
    return AbstractRef(value)


@abstract_eval_rules.register(empty_ref_p)
def _empty_ref_rule(*, aval, **_):
    return AbstractRef(aval)


@abstract_eval_rules.register(get_p)
def _get_rule(ref, *index_avals, index):
    return _indexed_aval(get_p, ref, index_avals, index)


@abstract_eval_rules.register(swap_p)
def _swap_rule(ref, value, *index_avals, index):
    expected = _indexed_aval(swap_p, ref, index_avals, index)
    _check_value(swap_p, ref, value, expected, index)
    return expected


@abstract_eval_rules.register(addupdate_p)
def _addupdate_rule(ref, value, *index_avals, index):
    expected = _indexed_aval(addupdate_p, ref, index_avals, index)
    _check_value(addupdate_p, ref, value, expected, index)
    return []


@abstract_eval_rules.register(freeze_p)
def _freeze_rule(ref):
    _check_ref(freeze_p, ref)
    return ref.inner_aval


# -- printing ---------------------------------------------------------------------------------


def _ref_text(eqn, context, ref_var, operands) -> str:
    names = [context.name(v) if not hasattr(v, "val") else str(v.val) for v in operands]
    return f"{context.name(ref_var)}[{index_str(eqn.params['index'], ref_var.aval.shape, names)}]"


def _binder(var, context) -> str:
    return f"{context.name(var)}:{var.aval.str_short()}"


def _value_text(atom, context) -> str:
    from meshjit.compiler.ir.core import pp_atom

    return pp_atom(atom, context)


def _pp_get(eqn, context):
    ref, *operands = eqn.invars
    return pp.text(
        f"{_binder(eqn.outvars[0], context)} <- {_ref_text(eqn, context, ref, operands)}"
    )


def _pp_swap(eqn, context):
    ref, value, *operands = eqn.invars
    target, value = _ref_text(eqn, context, ref, operands), _value_text(value, context)
    (out,) = eqn.outvars
    if context.name(out) == "_":  # a set: the old value is not read
        return pp.text(f"{target} <- {value}")
    return pp.text(f"{_binder(out, context)}, {target} <- {target}, {value}")


def _pp_addupdate(eqn, context):
    ref, value, *operands = eqn.invars
    return pp.text(f"{_ref_text(eqn, context, ref, operands)} += {_value_text(value, context)}")


def _pp_new_ref(eqn, context):
    return pp_eqn(eqn, context, {"kind": None, "memory_space": None})


pp_eqn_rules.update({get_p: _pp_get, swap_p: _pp_swap, addupdate_p: _pp_addupdate})
pp_eqn_rules[new_ref_p] = _pp_new_ref


# -- eager evaluation (the operand is a meshjit Ref holding its value) ------------------------


def _eager_get(ref, *operands, index):
    _get_rule(ref.ref_aval, *map(_aval, operands), index=index)
    return ref.ref_value[python_index(index, operands)]


def _eager_swap(ref, value, *operands, index):
    _swap_rule(ref.ref_aval, _aval(value), *map(_aval, operands), index=index)
    new, old = _swap(ref.ref_value, value, *operands, index=index)
    from meshjit.compiler import numpy as jnp  # a later room

    ref.ref_value = jnp.asarray(new, _aval(ref.ref_value).dtype)  # a Python scalar written whole
    return old


def _eager_addupdate(ref, value, *operands, index):
    _addupdate_rule(ref.ref_aval, _aval(value), *map(_aval, operands), index=index)
    ref.ref_value = _addupdate(ref.ref_value, value, *operands, index=index)[0]
    return []


def _aval(x):
    from meshjit.compiler.trace.tracing import abstractify_or_ref

    return abstractify_or_ref(x)


def _eager_empty_ref(*, aval, **_):
    raise MeshjitNotImplementedError("Evaluation rule for 'empty_ref' not implemented")


impl_rules[get_p] = _eager_get
impl_rules[swap_p] = _eager_swap
impl_rules[addupdate_p] = _eager_addupdate
impl_rules[freeze_p] = lambda ref: ref.ref_value
impl_rules[empty_ref_p] = _eager_empty_ref


# -- discharge: the same on the referenced array ----------------------------------------------


def _held(value, x):
    """A Python number written into a ref, as an array of the ref's type."""
    if hasattr(value, "shape"):
        return value
    from meshjit.compiler import numpy as jnp  # a later room

    return jnp.asarray(value, _aval(x).dtype)


def _swap(x, value, *operands, index):
    if is_whole(index, _aval(x).shape):
        return _held(value, x), x
    window = _window(x, index, operands)
    if window is not None:  # as JAX: a dynamic_slice read, a dynamic_update_slice write
        old = window.read(x)
        return window.write(x, value), old
    idx = python_index(index, operands)
    return x.at[idx].set(value), x[idx]


def _addupdate(x, value, *operands, index):
    if is_whole(index, _aval(x).shape):
        return x + value, []
    window = _window(x, index, operands)
    if window is not None:
        return window.write(x, window.read(x) + value), []
    return x.at[python_index(index, operands)].add(value), []


class _Window:
    """An index of integers (static or traced scalars) and unit-step slices as the window
    of a dynamic_slice, which counts a traced negative integer from the end and clamps one out
    of range (as JAX's discharge of ref writes does; a scatter would drop the write)."""

    __slots__ = ("starts", "sizes", "squeezed")

    def __init__(self, starts, sizes, squeezed):
        self.starts, self.sizes, self.squeezed = starts, sizes, squeezed

    def read(self, x):
        from meshjit.compiler import lax  # a later room

        return lax.squeeze(lax.dynamic_slice(x, self.starts, self.sizes), self.squeezed)

    def write(self, x, value):
        from meshjit.compiler import lax  # a later room

        return lax.dynamic_update_slice(x, lax.expand_dims(value, self.squeezed), self.starts)


def _window(x, index, operands) -> _Window | None:
    """`index` as a dynamic_slice window of `x`, or None (strided slices, integer arrays)."""
    dynamic, starts, sizes, squeezed = iter(operands), [], [], []
    for k, entry in enumerate(index):
        if type(entry) is tuple:
            if entry[2] != 1:
                return None
            starts.append(entry[0])
            sizes.append(len(range(*entry)))
            continue
        start = next(dynamic) if entry == DYNAMIC else entry
        if _aval(start).shape:
            return None
        starts.append(start)
        sizes.append(1)
        squeezed.append(k)
    return _Window(starts, sizes, squeezed)


def _discharge_empty(*, aval, **_):
    from meshjit.compiler import numpy as jnp  # a later room

    return jnp.zeros(aval.shape, aval.dtype)


discharge_rules[get_p] = lambda x, *ops, index: (None, x[python_index(index, ops)])
discharge_rules[swap_p] = _swap
discharge_rules[addupdate_p] = _addupdate
discharge_rules[freeze_p] = lambda x: (None, x)


# -- autodiff: a differentiated program makes no refs (it is discharged first, jit/refs.py);
# the refs it closes over have no tangent, so writing a differentiated value into one is
# JAX's error.


def _write_jvp(primals, tangents, **params):
    raise MeshjitError(
        f"performing a set/swap operation with a differentiated value on a "
        f"non-differentiated array reference of type {_aval(primals[0])}. Move the array "
        "reference to be an argument of the differentiated function?"
    )


jvp_rules[swap_p] = jvp_rules[addupdate_p] = _write_jvp


# -- batching: a batched ref holds the mapped axis in front ----------------------------------


def _batching():
    from meshjit.compiler.lax import batching  # a later room (the batching interpreter)

    return batching


def _batch_new_ref(args, dims, **params):
    (value,), (dim,) = args, dims
    batching = _batching()
    value = batching.match_axis(value, dim, 0, batching.current_axis().size)
    return new_ref_p.bind(value, **params), 0


def _batch_empty_ref(args, dims, *, aval, **params):
    batching = _batching()
    return empty_ref_p.bind(aval=batching.batched_aval(aval, batching.current_axis().size)), 0


def _batch_freeze(args, dims):
    return freeze_p.bind(args[0]), dims[0]


def _batch_get(args, dims, *, index):
    ref, *operands = args
    if _per_example_index(operands, dims[1:]):
        return _batch_indexed(get_p, args, dims, index)
    return get_p.bind(ref, *operands, index=_behind_batch_axis(index, ref)), 0


def _batch_write(prim: Primitive, what: str):
    def rule(args, dims, *, index):
        ref, value, *operands = args
        if dims[0] is None:
            raise MeshjitError(
                f"performing {what} operation with vmapped value on an unbatched array "
                f"reference of type {_aval(ref)}. Move the array reference to be an argument "
                "to the vmapped function?"
            )
        if _per_example_index(operands, dims[2:]):
            return _batch_indexed(prim, args, dims, index)
        batching = _batching()
        value = batching.match_axis(value, dims[1], 0, batching.current_axis().size)
        out = prim.bind(ref, value, *operands, index=_behind_batch_axis(index, ref))
        return out, [] if prim.multiple_results else 0

    return rule


def _per_example_index(operands, dims) -> bool:
    """Whether the index varies per example, or has arrays (which index as NumPy's advanced
    indices: a slice put in front for the mapped axis would move their axes)."""
    return any(d is not None for d in dims) or any(_aval(x).shape for x in operands)


def _behind_batch_axis(index: tuple, ref) -> tuple:
    """A ref's index past its mapped front axis (`...` stays `...`, as JAX prints it)."""
    return ((0, _aval(ref).shape[0], 1), *index) if index else ()


def _batch_indexed(prim: Primitive, args, dims, index):
    """An access at mapped indices: the whole value read, indexed (updated) per example as
    the discharge does it, and written back whole."""
    from meshjit.compiler.batching.api import vmap  # a later room

    ref, *rest = args
    whole = get_p.bind(ref, index=())

    def per_example(x, *rest):
        return discharge_rules[prim](x, *rest, index=index)

    new, out = vmap(per_example, in_axes=(dims[0], *dims[1:]), out_axes=0)(whole, *rest)
    if new is not None:
        swap_p.bind(ref, new, index=())
    return out, [] if prim.multiple_results else 0


batching_rules.update(
    {
        new_ref_p: _batch_new_ref,
        empty_ref_p: _batch_empty_ref,
        freeze_p: _batch_freeze,
        get_p: _batch_get,
        swap_p: _batch_write(swap_p, "a set/swap"),
        addupdate_p: _batch_write(addupdate_p, "an addupdate"),
    }
)
batch_always.update((new_ref_p, empty_ref_p, swap_p, addupdate_p))
