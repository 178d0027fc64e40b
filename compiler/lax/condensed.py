"""Reductions to condensed forms and what uses them: the Schur decomposition (LAPACK's gees),
the Hessenberg (gehrd) and tridiagonal (sytrd / hetrd) reductions, tridiagonal solves (gtsv),
and `ormqr` (Q of a QR factorization applied without forming it, ormqr / unmqr), with all their
rules.

As in compiler/lax/linalg.py, each lowers to jaxlib's LAPACK FFI call as JAX emits it, every
leading dimension a batch dimension, and a failed call (LAPACK's `info`) gives NaNs. These take
complex matrices too (`lapack_c...` / `lapack_z...`). As in JAX, schur, hessenberg and
tridiagonal have no derivative rules; tridiagonal_solve is differentiable and linear in b.
"""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    jvp_rules,
    lowering_rules,
    transpose_rules,
)
from meshjit.compiler.lax import elementwise, shapes, slicing
from meshjit.compiler.lax.ad_util import aval_of, inline, instantiate, is_undefined
from meshjit.compiler.lax.lapack import (
    COMPLEX_PREFIX,
    LAPACK_PREFIX,
    batch_sharding,
    check_matrix,
    front_batcher,
    info_ok,
    lapack_call,
    nan_unless,
    same_batch_sharding,
)

__all__ = ["hessenberg", "ormqr", "schur", "tridiagonal", "tridiagonal_solve"]


def _info_aval(batch_shape) -> ShapedArray:
    return ShapedArray(tuple(batch_shape), dtypes.int32)


def _nan_where_failed(ctx, outs, info):
    """`outs`, NaN over each batch element whose LAPACK `info` is not 0."""
    avals = list(ctx.avals_out[: len(outs)])

    def post(i, *xs):
        return [nan_unless(info_ok(i), x) for x in xs]

    return inline(ctx, post, [info, *outs], [_info_aval(ctx.avals_in[-1].shape[:-2]), *avals])


def _registered(prim: Primitive, ranks: tuple) -> None:
    front_batcher(prim)
    batch_sharding(prim, ranks)


# ---------------------------------------------------------------------------------------------
# schur: A = Z T Z^H with T upper (quasi-)triangular.


schur_p = Primitive("schur", multiple_results=True)


@abstract_eval_rules.register(schur_p)
def _schur_abstract_eval(x, *, compute_schur_vectors, sort_eig_vals, select_callable):
    check_matrix("schur", x, square=True, complex_ok=True)
    a = x.strip_weak_type()
    return [a, a] if compute_schur_vectors else [a]


def _schur_lowering(ctx, x, *, compute_schur_vectors, sort_eig_vals, select_callable):
    if sort_eig_vals:
        raise MeshjitNotImplementedError(
            "The sort feature of LAPACK's gees routine is not implemented."
        )
    (aval,) = ctx.avals_in
    info = _info_aval(aval.shape[:-2])
    eig = ShapedArray(aval.shape[:-1], aval.dtype)
    eigs = [eig] if dtypes.is_complex(aval.dtype) else [eig, eig]
    mode = "V" if compute_schur_vectors else "N"
    outs = lapack_call(
        ctx, "gees", [x], [aval], [aval, aval, *eigs, info, info], {0: 0}, mode=mode, sort="N"
    )
    return _nan_where_failed(ctx, outs[: len(ctx.avals_out)], outs[-1])


lowering_rules.register(schur_p, _schur_lowering)
_registered(schur_p, (2,))


def schur(x, *, compute_schur_vectors=True, sort_eig_vals=False, select_callable=None):
    """[T, Z]: the Schur form of square `x` and its Schur vectors; [T] without the vectors (a
    list, as JAX's)."""
    return list(
        schur_p.bind(
            x,
            compute_schur_vectors=bool(compute_schur_vectors),
            sort_eig_vals=bool(sort_eig_vals),
            select_callable=select_callable,
        )
    )


# ---------------------------------------------------------------------------------------------
# hessenberg: (a, taus), the upper Hessenberg form on and above a's first subdiagonal and the
# Householder reflectors below it.


hessenberg_p = Primitive("hessenberg", multiple_results=True)


@abstract_eval_rules.register(hessenberg_p)
def _hessenberg_abstract_eval(x):
    check_matrix("hessenberg", x, complex_ok=True)
    n = x.shape[-1]
    if x.shape[-2] != n:
        raise MeshjitValueError(
            f"Argument to Hessenberg reduction must have shape [..., n, n], got shape {x.shape}"
        )
    return [x.strip_weak_type(), ShapedArray(x.shape[:-2] + (max(n - 1, 0),), x.dtype)]


def _hessenberg_lowering(ctx, x):
    (aval,) = ctx.avals_in
    n = aval.shape[-1]
    info = _info_aval(aval.shape[:-2])
    outs = lapack_call(ctx, "gehrd", [x], [aval], [*ctx.avals_out, info], {0: 0}, low=1, high=n)
    return _nan_where_failed(ctx, outs[:2], outs[2])


lowering_rules.register(hessenberg_p, _hessenberg_lowering)
_registered(hessenberg_p, (2,))


def hessenberg(a):
    """[a, taus]: `a`'s upper Hessenberg form with its Householder reflectors below it (a list,
    as JAX's)."""
    return list(hessenberg_p.bind(a))


# ---------------------------------------------------------------------------------------------
# tridiagonal: (a, d, e, taus) of a symmetric / Hermitian matrix.


tridiagonal_p = Primitive("tridiagonal", multiple_results=True)


@abstract_eval_rules.register(tridiagonal_p)
def _tridiagonal_abstract_eval(x, *, lower):
    check_matrix("tridiagonal", x, complex_ok=True)
    n = x.shape[-1]
    if x.shape[-2] != n or n == 0:
        raise MeshjitValueError(
            f"The input to tridiagonal must be a square matrix. Got shape {x.shape[-2:]}."
        )
    real = dtypes.real_dtype(x.dtype) if dtypes.is_complex(x.dtype) else x.dtype
    batch = x.shape[:-2]
    return [
        x.strip_weak_type(),
        ShapedArray(batch + (n,), real),
        ShapedArray(batch + (n - 1,), real),
        ShapedArray(batch + (n - 1,), x.dtype),
    ]


def _tridiagonal_lowering(ctx, x, *, lower):
    (aval,) = ctx.avals_in
    routine = "hetrd" if dtypes.is_complex(aval.dtype) else "sytrd"
    info = _info_aval(aval.shape[:-2])
    uplo = "L" if lower else "U"
    outs = lapack_call(ctx, routine, [x], [aval], [*ctx.avals_out, info], {0: 0}, uplo=uplo)
    return _nan_where_failed(ctx, outs[:4], outs[4])


lowering_rules.register(tridiagonal_p, _tridiagonal_lowering)
_registered(tridiagonal_p, (2,))


def tridiagonal(a, *, lower=True):
    """(a, d, e, taus): the tridiagonal form of symmetric (Hermitian) `a` from the `lower` (or
    upper) triangle: its diagonal `d`, off-diagonal `e`, and the Householder reflectors (a
    list, as JAX's)."""
    return list(tridiagonal_p.bind(a, lower=bool(lower)))


# ---------------------------------------------------------------------------------------------
# tridiagonal_solve: A X = B for tridiagonal A given by its three diagonals.


tridiagonal_solve_p = Primitive("tridiagonal_solve")


@abstract_eval_rules.register(tridiagonal_solve_p)
def _tridiagonal_solve_abstract_eval(dl, d, du, b, *, perturb_singular):
    if dl.shape != d.shape or dl.shape != du.shape:
        raise MeshjitTypeError(
            "tridiagonal_solve requires that all diagonal arguments have the same shape."
        )
    if b.ndim < 2 or dl.shape != b.shape[:-1]:
        raise MeshjitTypeError(
            "tridiagonal_solve requires that the leading ndim-1 dimensions of b equal the "
            "dimensions of the diagonal arguments."
        )
    dtype = b.dtype
    if dtype not in LAPACK_PREFIX and dtype not in COMPLEX_PREFIX:
        raise MeshjitTypeError(
            f"tridiagonal_solve does not accept dtype {dtype}; accepted dtypes are float32, "
            "float64, complex64 and complex128"
        )
    if any(a.dtype != dtype for a in (dl, d, du)):
        raise MeshjitTypeError(
            "tridiagonal_solve requires that all arguments have the same dtype, got "
            f"{', '.join(str(a.dtype) for a in (dl, d, du, b))}"
        )
    return b.strip_weak_type()


def _tridiagonal_solve_lowering(ctx, dl, d, du, b, *, perturb_singular):
    if perturb_singular:
        raise MeshjitNotImplementedError(
            "tridiagonal_solve(perturb_singular=True) is not supported yet"
        )
    avals = list(ctx.avals_in)
    info = _info_aval(avals[-1].shape[:-2])
    aliases = {0: 0, 1: 1, 2: 2, 3: 3}
    outs = lapack_call(ctx, "gtsv", [dl, d, du, b], avals, [*avals, info], aliases)
    return _nan_where_failed(ctx, [outs[3]], outs[4])[0]


lowering_rules.register(tridiagonal_solve_p, _tridiagonal_solve_lowering)
_registered(tridiagonal_solve_p, (1, 1, 1, 2))


def _part(x, start, stop, axis):
    """x[start:stop] along `axis`, Python's slice semantics."""
    begin, end, _ = slice(start, stop).indices(aval_of(x).shape[axis])
    return slicing.slice_in_dim(x, begin, end, 1, axis)


def _tridiagonal_product(dl, d, du, b):
    """A @ b for tridiagonal A."""
    nd = aval_of(b).ndim
    y = elementwise.mul(shapes.expand_dims(d, (nd - 1,)), b)
    below = elementwise.mul(
        shapes.expand_dims(_part(dl, 1, None, nd - 2), (nd - 1,)),
        _part(b, 0, -1, nd - 2),
    )
    above = elementwise.mul(
        shapes.expand_dims(_part(du, 0, -1, nd - 2), (nd - 1,)),
        _part(b, 1, None, nd - 2),
    )
    zero = np.zeros((), aval_of(b).dtype)
    pads = [(0, 0, 0)] * nd
    low, high = list(pads), list(pads)
    low[nd - 2], high[nd - 2] = (1, 0, 0), (0, 1, 0)
    y = elementwise.add(y, shapes.pad(below, zero, low))
    return elementwise.add(y, shapes.pad(above, zero, high))


@jvp_rules.register(tridiagonal_solve_p)
def _tridiagonal_solve_jvp(primals, tangents, *, perturb_singular):
    *diags, b = primals
    *diag_dots, b_dot = tangents
    out = tridiagonal_solve_p.bind(*primals, perturb_singular=perturb_singular)
    if all(t is None for t in diag_dots):
        if b_dot is None:
            return out, None
        rhs = b_dot
    else:
        dots = [instantiate(t, aval_of(x)) for t, x in zip(diag_dots, diags)]
        rhs = elementwise.neg(_tridiagonal_product(*dots, out))
        if b_dot is not None:
            rhs = elementwise.add(b_dot, rhs)
    return out, tridiagonal_solve_p.bind(*diags, rhs, perturb_singular=perturb_singular)


@transpose_rules.register(tridiagonal_solve_p)
def _tridiagonal_solve_transpose(ct, dl, d, du, b, *, perturb_singular):
    assert not any(map(is_undefined, (dl, d, du))) and is_undefined(b), (
        "tridiagonal_solve is linear in b only"
    )
    if ct is None:
        return [None, None, None, None]
    axis = aval_of(du).ndim - 1
    dl_t = shapes.concatenate(
        [shapes.full_like(_part(du, -1, None, axis), 0),
         _part(du, 0, -1, axis)], axis,
    )  # fmt: skip
    du_t = shapes.concatenate(
        [_part(dl, 1, None, axis),
         shapes.full_like(_part(dl, 0, 1, axis), 0)], axis,
    )  # fmt: skip
    ct_b = tridiagonal_solve_p.bind(
        dl_t, d, du_t, instantiate(ct, b.aval), perturb_singular=perturb_singular
    )
    return [None, None, None, ct_b]


def tridiagonal_solve(dl, d, du, b, *, perturb_singular=False):
    """X with A X = B, A tridiagonal with sub-diagonal `dl` (dl[0] = 0), diagonal `d` and
    super-diagonal `du` (du[-1] = 0), each (..., m); `b` is (..., m, k)."""
    dl, d, du = (same_batch_sharding(b, v, 1) for v in (dl, d, du))
    return tridiagonal_solve_p.bind(dl, d, du, b, perturb_singular=bool(perturb_singular))


# ---------------------------------------------------------------------------------------------
# ormqr: Q @ c, Q^H @ c, c @ Q or c @ Q^H from geqrf's reflectors (LAPACK's ormqr / unmqr).


ormqr_p = Primitive("ormqr")


@abstract_eval_rules.register(ormqr_p)
def _ormqr_abstract_eval(a, taus, c, *, left, transpose):
    check_matrix("ormqr", a, complex_ok=True)
    m = a.shape[-2]
    if left and c.shape[-2] != m:
        raise MeshjitValueError(
            "ormqr with left=True expects c to have the same number of rows as the Householder "
            f"matrix a. Got a shape {a.shape[-2:]} and c shape {c.shape[-2:]}."
        )
    if not left and c.shape[-1] != m:
        raise MeshjitValueError(
            "ormqr with left=False expects c to have the same number of columns as the "
            f"Householder matrix a has rows. Got a shape {a.shape[-2:]} and c shape "
            f"{c.shape[-2:]}."
        )
    return c.strip_weak_type()


def _ormqr_lowering(ctx, a, taus, c, *, left, transpose):
    routine = "unmqr" if dtypes.is_complex(ctx.avals_in[0].dtype) else "ormqr"
    avals = list(ctx.avals_in)
    return lapack_call(
        ctx, routine, [a, taus, c], avals, ctx.avals_out, {2: 0}, left=left, transpose=transpose
    )[0]


lowering_rules.register(ormqr_p, _ormqr_lowering)
_registered(ormqr_p, (2, 1, 2))


def ormqr(a, taus, c, *, left=True, transpose=False):
    """Q @ c (Q^T @ c with `transpose`, c @ Q without `left`) for the Q whose Householder
    reflectors geqrf left in `a` and `taus`, without forming Q."""
    taus, c = same_batch_sharding(a, taus, 1), same_batch_sharding(a, c, 2)
    return ormqr_p.bind(a, taus, c, left=bool(left), transpose=bool(transpose))
