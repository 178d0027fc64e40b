"""jacfwd, jacrev (jacobian) and hessian: jvp / vjp mapped over a standard basis with vmap, as
JAX builds them. The result nests the input structure inside the output structure; each leaf has
the output leaf's shape followed by the input leaf's."""

from __future__ import annotations

import functools
from typing import Callable

import numpy as np

from meshjit.compiler.ad.api import _argnums, concrete_leaves, jvp_known, vjp
from meshjit.compiler.api_util import alias, check_callable
from meshjit.compiler.batching.api import vmap
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import complex_parts, elementwise, shapes, slicing
from meshjit.compiler.trace.tracing import abstractify
from meshjit.compiler.tree_util import rebuild_with_none, tree_flatten, tree_unflatten


def _split_call(fun, args, kwargs, nums):
    """(the differentiated arguments as a tuple, a function of that tuple)."""

    def call(*diff):
        full = list(args)
        for i, x in zip(nums, diff):
            full[i] = x
        return fun(*full, **kwargs)

    return tuple(args[i] for i in nums), call


def _check_float(avals, what: str, side: str, holomorphic: bool = False, complex_ok=False):
    """JAX's dtype checks: holomorphic=True wants complex values; otherwise jacfwd's inputs
    are real, while jacrev's inputs may be complex (`complex_ok`) and its outputs are real."""
    for aval in avals:
        if holomorphic:
            if not dtypes.is_complex(aval.dtype):
                raise MeshjitTypeError(
                    f"{what} with holomorphic=True requires {side}s with complex dtype, but "
                    f"got {aval.dtype.name}."
                )
        elif what == "jacfwd" and side == "input" and not dtypes.is_float(aval.dtype):
            raise MeshjitTypeError(  # JAX's words, complex and integer inputs alike
                "jacfwd requires real-valued inputs (input dtype that is a sub-dtype of "
                f"np.floating), but got {aval.dtype.name}. For holomorphic differentiation, "
                "pass holomorphic=True. For differentiation of non-holomorphic functions "
                "involving complex inputs or integer inputs, use jax.jvp directly."
            )
        elif dtypes.is_complex(aval.dtype) and not complex_ok:
            raise MeshjitTypeError(
                f"{what} requires real-valued {side}s ({side} dtype that is a sub-dtype of "
                f"np.floating), but got {aval.dtype.name}. For holomorphic differentiation, "
                "pass holomorphic=True."
            )
        elif not dtypes.is_inexact(aval.dtype):
            kind, sub = (
                ("real- or complex-valued", "inexact")
                if complex_ok
                else ("real-valued", "floating")
            )
            raise MeshjitTypeError(
                f"{what} requires {kind} {side}s ({side} dtype that is a sub-dtype of "
                f"np.{sub}), but got {aval.dtype.name}. If you want to use Boolean- or "
                "integer-valued inputs, use vjp or set allow_int to True."
            )


def _std_basis(leaves) -> list:
    """As JAX's _std_basis: the identity of the inputs' total size, traced as jnp.eye (of the
    leaves' promoted dtype), split along axis 1 into one block per leaf, each reshaped to
    (total, *shape) and converted to the leaf's type (JAX binds that conversion even when the
    type is the same: its spec there is never the operand's)."""
    avals = [abstractify(x) for x in leaves]
    total = sum(a.size for a in avals)
    dtype = dtypes.result_type(*[(a.dtype, a.weak_type) for a in avals])[0]
    rows = shapes.broadcasted_iota(dtypes.int32, (total, total), 0)
    cols = shapes.broadcasted_iota(dtypes.int32, (total, total), 1)
    eye = elementwise.convert_element_type(elementwise.eq(elementwise.add(rows, 0), cols), dtype)
    parts = _split(eye, [a.size for a in avals], 1)
    out = []
    for part, a in zip(parts, avals):
        part = _reshape(part, (total, *a.shape))
        out.append(
            elementwise.convert_element_type_p.bind_internal(
                part, new_dtype=a.dtype, weak_type=a.weak_type
            )
        )
    return out


def _split(x, sizes, axis):
    """JAX's x._split: one lax.split, even into one piece (its sizes NumPy integers)."""
    return slicing.split(x, [np.int64(s) for s in sizes], axis)


def _reshape(x, shape):
    return x if abstractify(x).shape == tuple(shape) else shapes.reshape(x, shape)


def _like(x, example):
    """`x` of `example`'s dtype and weak type (the real part if `example` is real), as JAX
    returns each Jacobian block: of the output's type (jacfwd) or the input's (jacrev)."""
    if dtypes.is_complex(abstractify(x).dtype) and not dtypes.is_complex(example.dtype):
        x = complex_parts.real(x)
    return elementwise.convert_element_type(x, example.dtype, weak_type=example.weak_type)


def _jacobian_argnums(argnums, nargs: int, what: str) -> tuple[int, ...]:
    """jacfwd / jacrev refuse an argnums out of range with JAX's ValueError (grad: TypeError)."""
    for n in (argnums,) if isinstance(argnums, int) else tuple(argnums):
        if isinstance(n, int) and not -nargs <= n < nargs:
            raise MeshjitValueError(
                "Positional argument indices, e.g. for `static_argnums`, must have value greater "
                "than or equal to -len(args) and less than len(args), but got value "
                f"{n} for len(args) == {nargs}. ({what} argnums={argnums})"
            )
    return _argnums(argnums, nargs, what)


def jacfwd(fun: Callable, argnums=0, has_aux: bool = False, holomorphic: bool = False):
    """The Jacobian of `fun` by forward mode: its jvp with the input basis as vmapped
    tangents (the primals closed over, so Python may still branch on concrete inputs), as
    JAX's jacfwd."""
    check_callable(fun)

    @functools.wraps(fun)
    def jacfun(*args, **kwargs):
        nums = _jacobian_argnums(argnums, len(args), "jacfwd")
        diff, call = _split_call(fun, args, kwargs, nums)
        leaves, in_tree = tree_flatten(diff)
        avals = [abstractify(x) for x in leaves]
        _check_float(avals, "jacfwd", "input", holomorphic)
        rebuild_with_none(in_tree)

        known = concrete_leaves(leaves)  # outside vmap: Python may branch on concrete inputs

        def pushfwd(*basis):
            tangents = tuple(tree_unflatten(in_tree, basis))
            return jvp_known(call, tuple(diff), tangents, has_aux, known=known)

        out_axes = (None, -1, None) if has_aux else (None, -1)
        got = vmap(pushfwd, out_axes=out_axes)(*_std_basis(leaves))
        y, jac = got[0], got[1]
        if holomorphic:
            _check_float([abstractify(v) for v in tree_flatten(y)[0]], "jacfwd", "output", True)
        rebuild_with_none(tree_flatten(y)[1])
        jac = _nest(y, jac, avals, in_tree, argnums)
        return (jac, got[2]) if has_aux else jac

    return jacfun


def jacrev(
    fun: Callable,
    argnums=0,
    has_aux: bool = False,
    holomorphic: bool = False,
    allow_int: bool = False,
):
    """The Jacobian of `fun` by reverse mode: one vjp per output element, vmapped. With
    `allow_int`, integer and bool inputs get zero blocks of their own dtype (as JAX's)."""
    check_callable(fun)

    @functools.wraps(fun)
    def jacfun(*args, **kwargs):
        nums = _jacobian_argnums(argnums, len(args), "jacrev")
        diff, call = _split_call(fun, args, kwargs, nums)
        leaves, in_tree = tree_flatten(diff)
        avals = [abstractify(x) for x in leaves]
        checked = [a for a in avals if not allow_int or dtypes.is_inexact(a.dtype)]
        _check_float(checked, "jacrev", "input", holomorphic, complex_ok=True)
        rebuild_with_none(in_tree)
        out = vjp(call, *diff, has_aux=has_aux)
        y, pullback = out[0], out[1]
        y_leaves, y_tree = tree_flatten(y)
        y_avals = [abstractify(v) for v in y_leaves]
        _check_float(y_avals, "jacrev", "output", holomorphic)
        rebuild_with_none(y_tree)

        inexact = [dtypes.is_inexact(a.dtype) for a in avals]

        def pull(*basis):  # the cotangents of the inexact inputs (integer ones' are float0)
            cts = tree_flatten(pullback(tree_unflatten(y_tree, basis)))[0]
            return [c for c, keep in zip(cts, inexact) if keep]

        pulled = iter(vmap(pull)(*_std_basis(y_leaves)))  # per input leaf: (M, *in_shape)
        cts = [next(pulled) if keep else None for keep in inexact]
        jac = _nest_rev(y_avals, y_tree, cts, avals, in_tree, argnums)
        return (jac, out[2]) if has_aux else jac

    return jacfun


jacobian = alias(jacrev, "jacobian")  # (a function of its own, as JAX's)


def _nest(y, jac, in_avals, in_tree, argnums):
    """jac: a tree like y whose leaves carry the flat input basis on their last axis."""
    y_leaves, y_tree = tree_flatten(y)
    rows = []
    for leaf, j in zip(y_leaves, tree_flatten(jac)[0]):
        y_aval = abstractify(leaf)
        parts = _split(j, [a.size for a in in_avals], len(y_aval.shape))
        shape = y_aval.shape
        parts = [_like(_reshape(p, (*shape, *a.shape)), y_aval) for p, a in zip(parts, in_avals)]
        rows.append(_as_args(tree_unflatten(in_tree, parts), argnums))
    return tree_unflatten(y_tree, rows)


def _nest_rev(y_avals, y_tree, cts, in_avals, in_tree, argnums):
    """cts: per input leaf, (M, *in_shape) with M the flat output basis; each split along M
    into the output leaves' blocks (one split per input leaf, as JAX's _jacrev_unravel), and
    the blocks transposed into the output structure."""
    columns = []  # per input leaf: its block for each output leaf
    for ct, a in zip(cts, in_avals):
        if not dtypes.is_inexact(a.dtype):  # an integer input (allow_int): zeros
            zeros = np.zeros((), a.dtype)
            columns.append([shapes.full((*y.shape, *a.shape), zeros) for y in y_avals])
            continue
        parts = _split(ct, [y.size for y in y_avals], 0)
        columns.append(
            [_like(_reshape(p, (*y.shape, *a.shape)), a) for p, y in zip(parts, y_avals)]
        )
    rows = [
        _as_args(tree_unflatten(in_tree, [col[i] for col in columns]), argnums)
        for i in range(len(y_avals))
    ]
    return tree_unflatten(y_tree, rows)


def _as_args(tree, argnums):
    return tree[0] if isinstance(argnums, int) else tree


def hessian(fun: Callable, argnums=0, has_aux: bool = False, holomorphic: bool = False):
    """The Hessian of a scalar `fun`: jacfwd of jacrev."""
    return jacfwd(jacrev(fun, argnums, has_aux, holomorphic), argnums, has_aux, holomorphic)


__all__ = ["hessian", "jacfwd", "jacobian", "jacrev"]
