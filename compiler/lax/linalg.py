"""The linear algebra primitives (cholesky, eigh, svd, lu, qr with geqrf and
householder_product, triangular_solve, lu_pivots_to_permutation) with all their rules, and the
`meshjit.lax.linalg` wrappers.

On CPU each factorization lowers, as JAX's does, to jaxlib's LAPACK FFI custom call
(`lapack_spotrf_ffi`, `lapack_sgeqrf_ffi`, `lapack_sorgqr_ffi`, `lapack_ssyevd_ffi`,
`lapack_sgesdd_ffi`, `lapack_sgetrf_ffi`, `lapack_strsm_ffi`, `lapack_sgeqp3_ffi` for pivoted QR,
and the `d` forms for float64):
matrices in column-major layout, every leading dimension a batch dimension, and an
`sdy.sharding_rule` whose batch factors are shared by every operand and result while each
matrix dimension has a factor of its own. So a batch dimension may be sharded (the call runs per
device on its batch slice: the targets are registered batch-partitionable) and the matrix
dimensions are replicated before the call. A failed factorization (LAPACK's `info`) gives NaNs,
as in JAX. What a primitive computes after its call (the NaN masks, the pivots as a
permutation, QR from geqrf and orgqr) is traced as a small jaxpr and inlined (`lower_fun`).

Real and complex floating dtypes (complex64, and the 64-bit types with x64); the derivatives of
eig, and of svd and full-matrices QR of tall complex matrices, are not implemented.
"""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import (
    IncompatibleShapesError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
    ShardingTypeError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray, register_pp_params
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import spec_of
from meshjit.compiler.lax import complex_parts, control_flow, elementwise, shapes, slicing, sorting
from meshjit.compiler.lax.ad_util import aval_of, inline, instantiate, is_undefined
from meshjit.compiler.lax.lapack import (
    SMALL_FLOATS,
    as_column,
    as_row,
    batch_sharding,
    check_matrix,
    diag_matrix,
    diagonal,
    expand_to,
    eye_like,
    front_batcher,
    hlo_triangular_solve,
    info_ok,
    lapack_call,
    lower_fun,
    matmul,
    matrix_aval,
    mH,
    mT,
    nan_unless,
    same_batch_sharding,
    slice_last,
    symmetrize,
    symmetrized,
    tril,
    triu,
)
from meshjit.compiler.lax.linalg_options import check_eig, check_eigh

__all__ = [
    "cholesky",
    "eig",
    "eigh",
    "geqrf",
    "householder_product",
    "lu",
    "lu_pivots_to_permutation",
    "qr",
    "svd",
    "symmetrize",
    "triangular_solve",
]


# ---------------------------------------------------------------------------------------------
# cholesky


cholesky_p = Primitive("cholesky")


@abstract_eval_rules.register(cholesky_p)
def _cholesky_abstract_eval(x):
    check_matrix("cholesky", x, square=True, complex_ok=True)
    return x.strip_weak_type()


def _cholesky_lowering(ctx, x):
    (aval,) = ctx.avals_in
    info = ShapedArray(aval.shape[:-2], dtypes.int32)
    factor, info_v = lapack_call(ctx, "potrf", [x], [aval], [aval, info], {0: 0}, uplo="L")
    (out,) = inline(ctx, lambda f, i: [nan_unless(info_ok(i), f)], [factor, info_v], [aval, info])
    return out


lowering_rules.register(cholesky_p, _cholesky_lowering)
front_batcher(cholesky_p)
batch_sharding(cholesky_p, (2,))


@jvp_rules.register(cholesky_p)
def _cholesky_jvp(primals, tangents):
    (x,), (sigma_dot,) = primals, tangents
    L = tril(cholesky_p.bind(x))
    if sigma_dot is None:
        return L, None
    # Forward mode from https://arxiv.org/pdf/1602.07527.pdf (as JAX).
    tmp = triangular_solve(
        L, sigma_dot, left_side=False, transpose_a=True, conjugate_a=True, lower=True
    )
    inner = triangular_solve(L, tmp, left_side=True, transpose_a=False, lower=True)
    dtype = aval_of(x).dtype
    phi = elementwise.div(tril(inner), elementwise.add(eye_like(inner), np.ones((), dtype)))
    return L, matmul(L, phi)


def cholesky(x, *, symmetrize_input: bool = True):
    """The lower Cholesky factor of the symmetric positive definite matrices `x` (..., n, n);
    NaNs where the factorization fails."""
    if symmetrize_input:
        x = symmetrized("cholesky", x)
    return tril(cholesky_p.bind(x))


# ---------------------------------------------------------------------------------------------
# eigh


eigh_p = Primitive("eigh", multiple_results=True)
# JAX's printed params: its algorithm choice too (meshjit's is XLA's default, JAX's None)
register_pp_params(eigh_p, lambda eqn, _: {**eqn.params, "algorithm": None})


def _full_subset(name, subset_by_index, n):
    if not (subset_by_index is None or tuple(subset_by_index) == (0, n)):
        verb = "implemented for" if name == "svd" else "supported on"  # JAX's two wordings
        raise MeshjitNotImplementedError(f"subset_by_index not {verb} CPU and GPU")


@abstract_eval_rules.register(eigh_p)
def _eigh_abstract_eval(x, *, lower, sort_eigenvalues, subset_by_index):
    check_matrix("eigh", x, square=True, complex_ok=True)
    n = x.shape[-1]
    _full_subset("eigh", subset_by_index, n)
    real = dtypes.real_dtype(x.dtype) if dtypes.is_complex(x.dtype) else x.dtype
    return [x.strip_weak_type(), ShapedArray(x.shape[:-1], real)]


def _eigh_lowering(ctx, x, *, lower, sort_eigenvalues, subset_by_index):
    (aval,) = ctx.avals_in
    v_aval, w_aval = ctx.avals_out
    info = ShapedArray(aval.shape[:-2], dtypes.int32)
    outs = lapack_call(
        ctx,
        "heevd" if dtypes.is_complex(aval.dtype) else "syevd",
        [x],
        [aval],
        [v_aval, w_aval, info],
        {0: 0},
        mode="V",
        uplo="L" if lower else "U",
    )

    def post(v, w, i):
        ok = info_ok(i)
        return [nan_unless(ok, v), nan_unless(ok, w)]

    return inline(ctx, post, outs, [v_aval, w_aval, info])


lowering_rules.register(eigh_p, _eigh_lowering)
front_batcher(eigh_p)
batch_sharding(eigh_p, (2,))


@jvp_rules.register(eigh_p)
def _eigh_jvp(primals, tangents, *, lower, sort_eigenvalues, subset_by_index):
    (a,), (a_dot,) = primals, tangents
    v, w = eigh_p.bind(
        symmetrize(a),
        lower=lower,
        sort_eigenvalues=sort_eigenvalues,
        subset_by_index=subset_by_index,
    )
    if a_dot is None:
        return [v, w], [None, None]
    # Distinct eigenvalues (non-degenerate perturbation theory), as JAX.
    eye = eye_like(a)
    shape, dtype = aval_of(a).shape, aval_of(a).dtype
    w_full = elementwise.convert_element_type(w, dtype)  # complex a: w in a's dtype
    diffs = elementwise.sub(expand_to(as_row(w_full), shape), expand_to(as_column(w_full), shape))
    f = elementwise.sub(elementwise.integer_pow(elementwise.add(eye, diffs), -1), eye)
    vh_adot_v = matmul(matmul(_adjoint(v), a_dot), v)
    dv = matmul(v, elementwise.mul(f, vh_adot_v))
    dw = diagonal(complex_parts.real(vh_adot_v) if dtypes.is_complex(dtype) else vh_adot_v)
    return [v, w], [dv, dw]


def _adjoint(x):
    """The conjugate transpose (the transpose of a real matrix)."""
    return complex_parts.conj(mT(x)) if dtypes.is_complex(aval_of(x).dtype) else mT(x)


def eigh(
    x,
    *,
    lower: bool = True,
    symmetrize_input: bool = True,
    sort_eigenvalues: bool = True,
    subset_by_index=None,
    implementation=None,
):
    """(v, w): the eigenvectors (columns of v) and ascending eigenvalues w of symmetric `x`
    (LAPACK's syevd: `implementation` QR, the only one on CPU)."""
    check_eigh(implementation)
    if symmetrize_input:
        x = symmetrized("eigh", x)
    v, w = eigh_p.bind(
        x,
        lower=bool(lower),
        sort_eigenvalues=bool(sort_eigenvalues),
        subset_by_index=None if subset_by_index is None else tuple(subset_by_index),
    )
    return v, w


# ---------------------------------------------------------------------------------------------
# eig: general (non-symmetric) matrices, LAPACK's geev; complex eigenvalues and eigenvectors.


eig_p = Primitive("eig", multiple_results=True)


@abstract_eval_rules.register(eig_p)
def _eig_abstract_eval(x, *, compute_left_eigenvectors, compute_right_eigenvectors):
    check_matrix("eig", x, square=True, complex_ok=True)
    cdt = dtypes.complex_dtype(x.dtype)
    vectors = [ShapedArray(x.shape, cdt)] * (compute_left_eigenvectors + compute_right_eigenvectors)
    return [ShapedArray(x.shape[:-1], cdt), *vectors]


def _eig_lowering(ctx, x, *, compute_left_eigenvectors, compute_right_eigenvectors):
    (aval,) = ctx.avals_in
    real = not dtypes.is_complex(aval.dtype)
    part = ShapedArray(aval.shape[:-1], aval.dtype)  # real: wr and wi; complex: w
    vec = ShapedArray(aval.shape, dtypes.complex_dtype(aval.dtype))
    info = ShapedArray(aval.shape[:-2], dtypes.int32)
    parts = [part, part] if real else [part]
    *w, vl, vr, info_v = lapack_call(
        ctx,
        "geev",
        [x],
        [aval],
        [*parts, vec, vec, info],
        compute_left="V" if compute_left_eigenvectors else "N",
        compute_right="V" if compute_right_eigenvectors else "N",
    )
    wanted = [v for v, keep in ((vl, compute_left_eigenvectors), (vr, compute_right_eigenvectors))
              if keep]  # fmt: skip

    def post(i, *values):
        ok = info_ok(i)
        w = complex_parts.complex(*values[:2]) if real else values[0]
        return [nan_unless(ok, w), *(nan_unless(ok, v) for v in values[len(parts) :])]

    return inline(ctx, post, [info_v, *w, *wanted], [info, *parts, *[vec] * len(wanted)])


lowering_rules.register(eig_p, _eig_lowering)
front_batcher(eig_p)
batch_sharding(eig_p, (2,))


@jvp_rules.register(eig_p)
def _eig_jvp(primals, tangents, **params):
    if all(t is None for t in tangents):
        outs = eig_p.bind(*primals, **params)
        return outs, [None] * len(outs)
    raise MeshjitNotImplementedError(
        "the derivative of eig (general, non-symmetric matrices) is not implemented in meshjit; "
        "for symmetric matrices use eigh, which is differentiable"
    )


def eig(
    x,
    *,
    compute_left_eigenvectors: bool = True,
    compute_right_eigenvectors: bool = True,
    enable_eigvec_derivs: bool = False,
    implementation=None,
    use_magma=None,
):
    """[w, vl?, vr?]: the eigenvalues of square `x` (complex) and, when asked for, its left and
    right eigenvectors (columns), as LAPACK's geev computes them (the only `implementation` on
    CPU)."""
    check_eig(implementation, use_magma)
    return eig_p.bind(
        x,
        compute_left_eigenvectors=bool(compute_left_eigenvectors),
        compute_right_eigenvectors=bool(compute_right_eigenvectors),
    )


# ---------------------------------------------------------------------------------------------
# svd


svd_p = Primitive("svd", multiple_results=True)


def _svd_shapes(x, full_matrices, compute_uv):
    m, n = x.shape[-2:]
    k = min(m, n)
    s = ShapedArray(x.shape[:-2] + (k,), dtypes.real_dtype(x.dtype))  # real, as LAPACK's
    if not compute_uv:
        return [s]
    u = matrix_aval(x, m, m if full_matrices else k)
    vt = matrix_aval(x, n if full_matrices else k, n)
    return [s, u, vt]


@abstract_eval_rules.register(svd_p)
def _svd_abstract_eval(x, *, full_matrices, compute_uv, subset_by_index, algorithm):
    check_matrix("svd", x, complex_ok=True)
    _full_subset("svd", subset_by_index, min(x.shape[-2:]))
    if algorithm not in (None, "default", "qr", "divide_and_conquer"):
        raise MeshjitNotImplementedError(  # JAX's words
            "The SVD Jacobi and Polar algorithms are not implemented on CPU."
        )
    return _svd_shapes(x, full_matrices, compute_uv)


def _empty_svd(x, *, full_matrices, compute_uv):
    aval = aval_of(x)
    batch, (m, n) = aval.shape[:-2], aval.shape[-2:]
    s = shapes.full(batch + (0,), np.zeros((), dtypes.real_dtype(aval.dtype)))
    if not compute_uv:
        return [s]
    if full_matrices:
        size = max(m, n)
        u = eye_like(shapes.full(batch + (size, size), np.zeros((), aval.dtype)))
    else:
        u = shapes.full(batch + (m, n), np.zeros((), aval.dtype))
    v = shapes.full(batch + (0, 0), np.zeros((), aval.dtype))
    return [s, v, u] if m < n else [s, u, v]


def _svd_lowering(ctx, x, *, full_matrices, compute_uv, subset_by_index, algorithm):
    (aval,) = ctx.avals_in
    m, n = aval.shape[-2:]
    if m == 0 or n == 0:
        return inline(
            ctx,
            lambda a: _empty_svd(a, full_matrices=full_matrices, compute_uv=compute_uv),
            [x],
            [aval],
        )
    s, u, vt = _svd_shapes(aval, full_matrices, True)
    info = ShapedArray(aval.shape[:-2], dtypes.int32)
    mode = "N" if not compute_uv else ("A" if full_matrices else "S")
    routine = "gesvd" if algorithm == "qr" else "gesdd"
    _, *outs, info_v = lapack_call(
        ctx, routine, [x], [aval], [aval, s, u, vt, info], {0: 0}, mode=mode
    )
    avals = [s, u, vt] if compute_uv else [s]

    def post(i, *values):
        ok = info_ok(i)
        return [nan_unless(ok, v) for v in values]

    return inline(ctx, post, [info_v, *outs[: len(avals)]], [info, *avals])


lowering_rules.register(svd_p, _svd_lowering)
front_batcher(svd_p)
batch_sharding(svd_p, (2,))


@jvp_rules.register(svd_p)
def _svd_jvp(primals, tangents, *, full_matrices, compute_uv, subset_by_index, algorithm):
    (a,), (da,) = primals, tangents
    if da is None:
        outs = svd_p.bind(
            a,
            full_matrices=full_matrices,
            compute_uv=compute_uv,
            subset_by_index=subset_by_index,
            algorithm=algorithm,
        )
        return outs, [None] * len(outs)
    s, U, Vt = svd_p.bind(
        a,
        full_matrices=False,
        compute_uv=True,
        subset_by_index=subset_by_index,
        algorithm=algorithm,
    )
    m, n = aval_of(a).shape[-2:]
    if compute_uv and full_matrices and m != n:
        raise MeshjitNotImplementedError(
            "Singular value decomposition JVP not implemented for full matrices"
        )
    # As JAX's rule: conjugate transposes, and the real singular values' factors taken into
    # the matrix's (complex) dtype
    a_dtype = aval_of(a).dtype
    cplx = dtypes.is_complex(a_dtype)

    def like_a(x):
        return elementwise.convert_element_type(x, a_dtype) if cplx else x

    Ut, V = _adjoint(U), _adjoint(Vt)
    dS = matmul(matmul(Ut, da), V)
    ds = diagonal(complex_parts.real(dS) if cplx else dS)
    if not compute_uv:
        return [s], [ds]
    k = aval_of(s).shape[-1]
    dtype = aval_of(s).dtype
    kk = aval_of(s).shape[:-1] + (k, k)
    s_row, s_col = expand_to(as_row(s), kk), expand_to(as_column(s), kk)
    s_diffs = elementwise.mul(elementwise.add(s_row, s_col), elementwise.sub(s_row, s_col))
    eye = eye_like(s_diffs)
    F = like_a(
        elementwise.sub(elementwise.div(np.ones((), dtype), elementwise.add(s_diffs, eye)), eye)
    )
    dSS = elementwise.mul(like_a(s_row), dS)
    SdS = elementwise.mul(like_a(s_col), dS)
    zero = np.zeros((), dtype)
    s_zeros = elementwise.convert_element_type(elementwise.eq(s, zero), dtype)
    s_inv = elementwise.sub(
        elementwise.div(np.ones((), dtype), elementwise.add(s, s_zeros)), s_zeros
    )
    half = np.array(0.5, a_dtype)
    dUdV_diag = elementwise.mul(
        elementwise.mul(half, elementwise.sub(dS, _adjoint(dS))), like_a(diag_matrix(s_inv))
    )
    dU = matmul(
        U, elementwise.add(elementwise.mul(F, elementwise.add(dSS, _adjoint(dSS))), dUdV_diag)
    )
    dV = matmul(V, elementwise.mul(F, elementwise.add(SdS, _adjoint(SdS))))
    if m > n:
        dAV = matmul(da, V)
        rest = elementwise.sub(dAV, matmul(U, matmul(Ut, dAV)))
        dU = elementwise.add(
            dU, elementwise.div(rest, like_a(expand_to(as_row(s), aval_of(rest).shape)))
        )
    if n > m:
        dAHU = matmul(_adjoint(da), U)
        rest = elementwise.sub(dAHU, matmul(V, matmul(Vt, dAHU)))
        dV = elementwise.add(
            dV, elementwise.div(rest, like_a(expand_to(as_row(s), aval_of(rest).shape)))
        )
    return [s, U, Vt], [ds, dU, _adjoint(dV)]


def svd(
    x, *, full_matrices: bool = True, compute_uv: bool = True, subset_by_index=None, algorithm=None
):
    """(u, s, vt) with x = u @ diag(s) @ vt, or s alone when `compute_uv` is False."""
    algorithm = None if algorithm is None else str(getattr(algorithm, "name", algorithm)).lower()
    outs = svd_p.bind(
        x,
        full_matrices=bool(full_matrices),
        compute_uv=bool(compute_uv),
        subset_by_index=None if subset_by_index is None else tuple(subset_by_index),
        algorithm=algorithm,
    )
    if compute_uv:
        s, u, vt = outs
        return u, s, vt
    return outs[0]


# ---------------------------------------------------------------------------------------------
# lu and lu_pivots_to_permutation


lu_pivots_to_permutation_p = Primitive("lu_pivots_to_permutation")


@abstract_eval_rules.register(lu_pivots_to_permutation_p)
def _pivots_abstract_eval(pivots, *, permutation_size):
    if pivots.dtype != dtypes.int32 or pivots.ndim < 1:
        raise MeshjitTypeError(
            f"lu_pivots_to_permutation requires int32 pivots of rank >= 1, got {pivots.str_short()}"
        )
    if permutation_size < pivots.shape[-1]:
        raise MeshjitValueError(
            f"Output permutation size {permutation_size} has to exceed the trailing dimension of "
            f"the pivots. Got pivots size {pivots.shape[-1]}"
        )
    return ShapedArray(pivots.shape[:-1] + (permutation_size,), dtypes.int32)


def _pivots_to_permutation(swaps, *, permutation_size):
    """Applies the row swaps `swaps` (..., k) in order to the identity permutation."""
    aval = aval_of(swaps)
    nb, k = aval.ndim - 1, aval.shape[-1]
    shape = aval.shape[:-1] + (permutation_size,)
    positions = shapes.broadcasted_iota(dtypes.int32, shape, nb)
    if permutation_size == 0 or k == 0:
        return positions
    if aval.spec_key is not None:  # Explicit axes: the carry typed as the loop makes it (swaps')
        first = slicing.dynamic_slice_in_dim(swaps, np.int32(0), 1, nb)
        positions = elementwise.add(
            positions, expand_to(elementwise.mul(first, np.int32(0)), shape)
        )

    def body(i, perm):
        j = slicing.dynamic_slice_in_dim(swaps, i, 1, nb)  # (..., 1)
        x = slicing.dynamic_slice_in_dim(perm, i, 1, nb)
        j_full, x_full = expand_to(j, shape), expand_to(x, shape)
        y_full = sorting.take_along_axis(perm, j_full, nb)
        at_i = elementwise.eq(positions, elementwise.convert_element_type(i, dtypes.int32))
        perm = elementwise.select(elementwise.eq(positions, j_full), x_full, perm)
        return elementwise.select(at_i, y_full, perm)

    return control_flow.fori_loop(np.int32(0), np.int32(k), body, positions)


lowering_rules.register(
    lu_pivots_to_permutation_p, lower_fun(_pivots_to_permutation, multiple_results=False)
)
front_batcher(lu_pivots_to_permutation_p)
batch_sharding(lu_pivots_to_permutation_p, (1,))


def lu_pivots_to_permutation(pivots, permutation_size: int):
    """The permutation (..., permutation_size) that the row swaps `pivots` (..., k) make."""
    return lu_pivots_to_permutation_p.bind(pivots, permutation_size=int(permutation_size))


lu_p = Primitive("lu", multiple_results=True)


@abstract_eval_rules.register(lu_p)
def _lu_abstract_eval(x):
    check_matrix("lu", x, complex_ok=True)
    m, n = x.shape[-2:]
    batch = x.shape[:-2]
    return [
        x.strip_weak_type(),
        ShapedArray(batch + (min(m, n),), dtypes.int32),
        ShapedArray(batch + (m,), dtypes.int32),
    ]


def _lu_lowering(ctx, x):
    (aval,) = ctx.avals_in
    lu_aval, piv_aval, perm_aval = ctx.avals_out
    info = ShapedArray(aval.shape[:-2], dtypes.int32)
    m = aval.shape[-2]
    outs = lapack_call(ctx, "getrf", [x], [aval], [lu_aval, piv_aval, info], {0: 0})

    def post(lu_, pivots, i):
        pivots = elementwise.sub(pivots, np.ones((), np.int32))  # 0-based
        lu_ = nan_unless(info_ok(i, elementwise.ge), lu_)
        return [lu_, pivots, lu_pivots_to_permutation(pivots, m)]

    return inline(ctx, post, outs, [lu_aval, piv_aval, info])


lowering_rules.register(lu_p, _lu_lowering)
front_batcher(lu_p)
batch_sharding(lu_p, (2,))


def _lu_jvp_inner(lu_, a_dot, permutation):
    """L' = L tril(inv(L) P A' inv(U), -1), U' = triu(inv(L) P A' inv(U)) U (De Hoog et al.)."""
    aval = aval_of(a_dot)
    nb, (m, n) = aval.ndim - 2, aval.shape[-2:]
    k = min(m, n)
    dtype = aval.dtype
    zero = np.zeros((), dtype)
    batch_pad = [(0, 0, 0)] * nb
    low = shapes.pad(
        tril(slice_last(lu_, 0, k, 1), -1), zero, batch_pad + [(0, 0, 0), (0, m - k, 0)]
    )
    low = elementwise.add(low, eye_like(low))
    u = shapes.pad(triu(slice_last(lu_, 0, k, 2)), zero, batch_pad + [(0, n - k, 0), (0, 0, 0)])
    if n > k:
        u_eye = shapes.pad(
            eye_like(shapes.full(aval.shape[:-2] + (n - k, n - k), zero)),
            zero,
            batch_pad + [(k, 0, 0), (k, 0, 0)],
        )
        u = elementwise.add(u, u_eye)
    rows = expand_to(as_column(permutation), aval.shape)
    permuted = sorting.take_along_axis(a_dot, rows, nb)
    la = triangular_solve(low, permuted, left_side=True, lower=True, unit_diagonal=True)
    lau = triangular_solve(u, la, left_side=False, lower=False)
    return elementwise.add(matmul(low, tril(lau, -1)), matmul(triu(lau), u))


@jvp_rules.register(lu_p)
def _lu_jvp(primals, tangents):
    (a,), (a_dot,) = primals, tangents
    lu_, pivots, permutation = lu_p.bind(a)
    if a_dot is None:
        return [lu_, pivots, permutation], [None, None, None]
    return [lu_, pivots, permutation], [_lu_jvp_inner(lu_, a_dot, permutation), None, None]


def lu(x):
    """(lu, pivots, permutation): P A = L U with L unit lower (below lu's diagonal) and U upper."""
    return list(lu_p.bind(x))  # a list, as JAX's (the primitive's results)


# ---------------------------------------------------------------------------------------------
# QR: geqrf (R and the Householder reflectors), householder_product (orgqr), and qr over them.


geqrf_p = Primitive("geqrf", multiple_results=True)


@abstract_eval_rules.register(geqrf_p)
def _geqrf_abstract_eval(x):
    check_matrix("geqrf", x, complex_ok=True)
    return [x.strip_weak_type(), ShapedArray(x.shape[:-2] + (min(x.shape[-2:]),), x.dtype)]


def _geqrf_lowering(ctx, x):
    return lapack_call(ctx, "geqrf", [x], ctx.avals_in, ctx.avals_out, {0: 0})


lowering_rules.register(geqrf_p, _geqrf_lowering)
front_batcher(geqrf_p)
batch_sharding(geqrf_p, (2,))


def geqrf(x):
    """(a, taus): R in the upper triangle of `a`, Q as Householder reflectors below it."""
    a, taus = geqrf_p.bind(x)
    return a, taus


householder_product_p = Primitive("householder_product")


@abstract_eval_rules.register(householder_product_p)
def _householder_product_abstract_eval(a, taus):
    check_matrix("householder_product", a, complex_ok=True)
    m, n = a.shape[-2:]
    if m < n:
        raise MeshjitValueError(
            "The first argument to householder_product must have at least as many rows as "
            f"columns, got {a.str_short()}"
        )
    if taus.dtype != a.dtype or taus.shape[:-1] != a.shape[:-2] or taus.shape[-1] > min(m, n):
        raise MeshjitTypeError(
            f"householder_product: taus {taus.str_short()} do not fit reflectors {a.str_short()}"
        )
    return a.strip_weak_type()


def _householder_product_lowering(ctx, a, taus):
    routine = "ungqr" if dtypes.is_complex(ctx.avals_in[0].dtype) else "orgqr"
    return lapack_call(ctx, routine, [a, taus], ctx.avals_in, ctx.avals_out, {0: 0})[0]


lowering_rules.register(householder_product_p, _householder_product_lowering)
front_batcher(householder_product_p)
batch_sharding(householder_product_p, (2, 1))


def householder_product(a, taus):
    """The orthogonal matrices (shaped as `a`) that the reflectors in `a` and `taus` make."""
    return householder_product_p.bind(a, same_batch_sharding(a, taus, 1))


qr_p = Primitive("qr", multiple_results=True)
register_pp_params(qr_p, lambda eqn, _: {**eqn.params, "pivoting": False, "use_magma": None})


@abstract_eval_rules.register(qr_p)
def _qr_abstract_eval(x, *, full_matrices):
    check_matrix("qr", x, complex_ok=True)
    m, n = x.shape[-2:]
    k = m if full_matrices else min(m, n)
    return [matrix_aval(x, m, k), matrix_aval(x, k, n)]


def _qr_impl(x, *, full_matrices):
    aval = aval_of(x)
    if 0 in aval.shape[-2:]:
        return _empty_qr(aval, full_matrices)
    return _q_and_r(*geqrf(x), full_matrices)


def _empty_qr(aval, full_matrices):
    """The QR of matrices with no rows or no columns: an identity q and a zero r."""
    m, n = aval.shape[-2:]
    k = m if full_matrices else min(m, n)
    zero = np.zeros((), aval.dtype)
    q = eye_like(shapes.full(aval.shape[:-2] + (m, k), zero))
    return [q, shapes.full(aval.shape[:-2] + (k, n), zero)]


def _q_and_r(r, taus, full_matrices):
    """(q, r) from the reflectors and R that geqrf / geqp3 leave in `r` and `taus`."""
    aval = aval_of(r)
    nb, (m, n) = aval.ndim - 2, aval.shape[-2:]
    if m < n:
        q = householder_product(slice_last(slice_last(r, 0, m, 1), 0, m, 2), taus)
    elif full_matrices:
        zero = np.zeros((), aval.dtype)
        q = householder_product(shapes.pad(r, zero, [(0, 0, 0)] * (nb + 1) + [(0, m - n, 0)]), taus)
    else:
        q = householder_product(r, taus)
        r = slice_last(r, 0, n, 2)
    return [q, triu(r)]


lowering_rules.register(qr_p, lower_fun(_qr_impl, multiple_results=True))
front_batcher(qr_p)
batch_sharding(qr_p, (2,))


def _thin_qr_jvp(q, r, dx):
    """jvp of the QR of [..., m, n] matrices with m >= n (j-towns.github.io/papers/qr-derivative)."""
    dx_rinv = triangular_solve(r, dx)  # right side solve
    qt_dx_rinv = matmul(mH(q), dx_rinv)
    lower = tril(qt_dx_rinv, -1)
    do = elementwise.sub(lower, mH(lower))  # skew-Hermitian
    if dtypes.is_complex(aval_of(dx).dtype):  # its diagonal: the imaginary parts (as JAX)
        imaginary = elementwise.sub(
            qt_dx_rinv,
            elementwise.convert_element_type(
                complex_parts.real(qt_dx_rinv), aval_of(qt_dx_rinv).dtype
            ),
        )
        do = elementwise.add(do, elementwise.mul(eye_like(do), imaginary))
    dq = elementwise.add(matmul(q, elementwise.sub(do, qt_dx_rinv)), dx_rinv)
    dr = matmul(elementwise.sub(qt_dx_rinv, do), r)
    return dq, dr


@jvp_rules.register(qr_p)
def _qr_jvp(primals, tangents, *, full_matrices):
    (x,), (dx,) = primals, tangents
    q, r = qr_p.bind(x, full_matrices=full_matrices)
    if dx is None:
        return [q, r], [None, None]
    aval = aval_of(x)
    m, n = aval.shape[-2:]
    if m < n:
        dq, dr1 = _thin_qr_jvp(q, slice_last(r, 0, m, 1), slice_last(dx, 0, m, 1))
        x2, dx2 = slice_last(x, m, n, 1), slice_last(dx, m, n, 1)
        dr2 = elementwise.add(matmul(mH(dq), x2), matmul(mH(q), dx2))
        return [q, r], [dq, shapes.concatenate([dr1, dr2], aval.ndim - 1)]
    q_mn = slice_last(q, 0, n, 1) if full_matrices else q
    r_nn = slice_last(r, 0, n, 2) if full_matrices else r
    dq_mn, dr_nn = _thin_qr_jvp(q_mn, r_nn, dx)
    if not full_matrices or m == n:
        return [q, r], [dq_mn, dr_nn]
    if dtypes.is_complex(aval.dtype):
        raise MeshjitNotImplementedError(
            "the derivative of the full-matrices QR of tall complex matrices is not implemented "
            "in meshjit; use full_matrices=False"
        )
    # Full Q of a tall matrix (https://arxiv.org/pdf/2409.13374, eqs. 32-33), as JAX.
    q_nn, q_pn = slice_last(q_mn, 0, n, 2), slice_last(q_mn, n, m, 2)
    q_mp = slice_last(q, n, m, 1)
    dq_nn, dq_pn = slice_last(dq_mn, 0, n, 2), slice_last(dq_mn, n, m, 2)
    lu_, _, perm = lu(elementwise.sub(q_nn, eye_like(q_nn)))
    z_pn_t = lu_solve(lu_, perm, mT(q_pn), trans=1)
    z_pn = mT(z_pn_t)
    dq_mp = elementwise.sub(
        matmul(dq_mn, z_pn_t),
        matmul(
            elementwise.add(q_mn, matmul(q_mp, z_pn)),
            mT(elementwise.sub(dq_pn, matmul(z_pn, dq_nn))),
        ),
    )
    dq = shapes.concatenate([dq_mn, dq_mp], aval.ndim - 1)
    zeros = shapes.full(aval.shape[:-2] + (m - n, n), np.zeros((), aval.dtype))
    dr = shapes.concatenate([dr_nn, zeros], aval.ndim - 2)
    return [q, r], [dq, dr]


def qr(x, *, pivoting: bool = False, full_matrices: bool = True, use_magma=None):
    """(q, r) with x = q @ r: q (..., m, m) or (..., m, k), r (..., m, n) or (..., k, n); with
    `pivoting`, (q, r, p) with x[..., p] = q @ r (LAPACK's geqp3, as JAX on CPU)."""
    if pivoting:
        return _pivoted_qr(x, bool(full_matrices))
    q, r = qr_p.bind(x, full_matrices=bool(full_matrices))
    return q, r


geqp3_p = Primitive("geqp3", multiple_results=True)


@abstract_eval_rules.register(geqp3_p)
def _geqp3_abstract_eval(x, jpvt):
    check_matrix("geqp3", x, complex_ok=True)
    return [x.strip_weak_type(), jpvt, ShapedArray(x.shape[:-2] + (min(x.shape[-2:]),), x.dtype)]


def _geqp3_lowering(ctx, x, jpvt):
    return lapack_call(ctx, "geqp3", [x, jpvt], ctx.avals_in, ctx.avals_out, {0: 0, 1: 1})


lowering_rules.register(geqp3_p, _geqp3_lowering)
front_batcher(geqp3_p)
batch_sharding(geqp3_p, (2, 1))


def _pivoted_qr(x, full_matrices: bool):
    aval = aval_of(x)
    no_pivots = shapes.full(aval.shape[:-2] + aval.shape[-1:], np.zeros((), np.int32))
    if 0 in aval.shape[-2:]:
        return (*_empty_qr(aval, full_matrices), no_pivots)
    r, pivots, taus = geqp3_p.bind(x, no_pivots)
    q, r = _q_and_r(r, taus, full_matrices)
    return q, r, elementwise.sub(pivots, np.ones((), np.int32))  # geqp3's are 1-based


# ---------------------------------------------------------------------------------------------
# triangular_solve and lu_solve


triangular_solve_p = Primitive("triangular_solve")


@abstract_eval_rules.register(triangular_solve_p)
def _triangular_solve_abstract_eval(
    a, b, *, left_side, lower, transpose_a, conjugate_a, unit_diagonal
):
    check_matrix("triangular_solve", a, square=True, what="first input", complex_ok=True)
    check_matrix("triangular_solve", b, what="second input", complex_ok=True)
    if a.dtype != b.dtype:
        raise MeshjitTypeError(
            f"triangular_solve requires operands of one dtype, got {a.str_short()}, {b.str_short()}"
        )
    common = b.shape[-2] if left_side else b.shape[-1]
    if a.shape[:-2] != b.shape[:-2] or a.shape[-1] != common:
        raise IncompatibleShapesError(  # JAX's ValueError, in its words
            f"Incompatible shapes for arguments to triangular_solve: {a.shape} and {b.shape}."
        )
    return b.strip_weak_type()


def _triangular_solve_lowering(
    ctx, a, b, *, left_side, lower, transpose_a, conjugate_a, unit_diagonal
):
    if conjugate_a and not transpose_a:  # LAPACK conjugates only with the transpose
        (a,) = inline(ctx, lambda x: [complex_parts.conj(x)], [a], ctx.avals_in[:1])
        conjugate_a = False
    if ctx.avals_in[0].dtype in SMALL_FLOATS:  # XLA's op, as JAX's fallback (no LAPACK kernel)
        transpose = ("ADJOINT" if conjugate_a else "TRANSPOSE") if transpose_a else "NO_TRANSPOSE"
        return hlo_triangular_solve(ctx, a, b, left_side, lower, unit_diagonal, transpose)
    (out,) = lapack_call(
        ctx,
        "trsm",
        [a, b],
        ctx.avals_in,
        ctx.avals_out,
        {1: 0},
        side="L" if left_side else "R",
        uplo="L" if lower else "U",
        trans_x=("C" if conjugate_a else "T") if transpose_a else "N",
        diag="U" if unit_diagonal else "N",
    )
    return out


lowering_rules.register(triangular_solve_p, _triangular_solve_lowering)
front_batcher(triangular_solve_p)


@sharding_rules.register(triangular_solve_p)
def _triangular_solve_sharding(out, a, b, *, left_side, transpose_a, **params):
    """JAX's rule: one batch sharding; the contracted dimension of each operand unsharded; the
    result sharded as the dimensions it keeps of `a` and `b`."""
    a_spec, b_spec = spec_of(a), spec_of(b)
    batch, a_mat, b_mat = a_spec[:-2], a_spec[-2:], b_spec[-2:]
    if batch != b_spec[:-2]:
        raise ShardingTypeError(  # JAX's words, and the three below
            "All inputs to triangular_solve must have the same batch sharding, but got "
            f"{batch} and {b_spec[:-2]}."
        )
    shown = f"with left_side={left_side} and transpose_a={transpose_a}."
    if a_mat[left_side ^ transpose_a] is not None:
        raise ShardingTypeError(
            "triangular solve input `a` must be unsharded on the contracting axis, but got "
            f"{a_spec} {shown}"
        )
    if b_mat[not left_side] is not None:
        raise ShardingTypeError(
            "triangular solve input `b` must be unsharded on the contracting axis, but got "
            f"{b_spec} {shown}"
        )
    kept = (a_mat[transpose_a], b_mat[1]) if left_side else (b_mat[0], a_mat[not transpose_a])
    return tuple(batch) + kept


def _triangular_solve_jvp_a(
    g_a, ans, a, *, left_side, lower, transpose_a, conjugate_a, unit_diagonal
):
    m, n = aval_of(ans).shape[-2:]
    k = 1 if unit_diagonal else 0
    g_a = tril(g_a, -k) if lower else triu(g_a, k)
    g_a = elementwise.neg(g_a)
    g_a = mT(g_a) if transpose_a else g_a
    g_a = complex_parts.conj(g_a) if conjugate_a else g_a

    def a_inverse(rhs):
        return triangular_solve_p.bind(
            a,
            rhs,
            left_side=left_side,
            lower=lower,
            transpose_a=transpose_a,
            conjugate_a=conjugate_a,
            unit_diagonal=unit_diagonal,
        )

    if left_side:
        return a_inverse(matmul(g_a, ans)) if m > n else matmul(a_inverse(g_a), ans)
    return a_inverse(matmul(ans, g_a)) if m < n else matmul(ans, a_inverse(g_a))


@jvp_rules.register(triangular_solve_p)
def _triangular_solve_jvp(primals, tangents, **params):
    (a, b), (ta, tb) = primals, tangents
    out = triangular_solve_p.bind(a, b, **params)
    t_out = None
    if ta is not None:
        t_out = _triangular_solve_jvp_a(ta, out, a, **params)
    if tb is not None:
        t_b = triangular_solve_p.bind(a, tb, **params)
        t_out = t_b if t_out is None else elementwise.add(t_out, t_b)
    return out, t_out


@transpose_rules.register(triangular_solve_p)
def _triangular_solve_transpose(
    ct, a, b, *, left_side, lower, transpose_a, conjugate_a, unit_diagonal
):
    assert not is_undefined(a) and is_undefined(b), "triangular_solve is linear in b only"
    if ct is None:
        return [None, None]
    ct_b = triangular_solve_p.bind(
        a,
        instantiate(ct, b.aval),
        left_side=left_side,
        lower=lower,
        transpose_a=not transpose_a,
        conjugate_a=conjugate_a,
        unit_diagonal=unit_diagonal,
    )
    return [None, ct_b]


def triangular_solve(
    a,
    b,
    *,
    left_side: bool = False,
    lower: bool = False,
    transpose_a: bool = False,
    conjugate_a: bool = False,
    unit_diagonal: bool = False,
):
    """Solves op(a) @ x = b (`left_side`) or x @ op(a) = b for triangular `a` (..., m, m)."""
    singleton = aval_of(b).ndim == aval_of(a).ndim - 1
    if singleton:
        b = shapes.expand_dims(b, (aval_of(b).ndim if left_side else aval_of(b).ndim - 1,))
    if spec_of(aval_of(b))[:-2] != spec_of(aval_of(a))[:-2]:
        b = same_batch_sharding(a, b, 2)
    conjugate_a = bool(conjugate_a) and dtypes.is_complex(aval_of(a).dtype)
    if conjugate_a and not transpose_a:  # LAPACK conjugates only with the transpose
        a, conjugate_a = complex_parts.conj(a), False
    out = triangular_solve_p.bind(
        a,
        b,
        left_side=bool(left_side),
        lower=bool(lower),
        transpose_a=bool(transpose_a),
        conjugate_a=conjugate_a,
        unit_diagonal=bool(unit_diagonal),
    )
    if singleton:
        nd = aval_of(out).ndim
        out = shapes.squeeze(out, (nd - 1 if left_side else nd - 2,))
    return out


def lu_solve(lu_, permutation, b, trans: int = 0):
    """Solves A x = b (trans 0) or A^T x = b (1, 2) from A's `lu` and `permutation`, all batched
    alike; `b` is (..., m, k)."""
    nb = aval_of(lu_).ndim - 2
    b = same_batch_sharding(lu_, b, 2)
    if trans == 0:
        rows = expand_to(as_column(permutation), aval_of(b).shape)
        x = sorting.take_along_axis(b, rows, nb)
        x = triangular_solve(lu_, x, left_side=True, lower=True, unit_diagonal=True)
        return triangular_solve(lu_, x, left_side=True, lower=False)
    if trans not in (1, 2):
        raise MeshjitValueError(f"'trans' value must be 0, 1, or 2, got {trans}")
    conj = trans == 2
    x = triangular_solve(lu_, b, left_side=True, lower=False, transpose_a=True, conjugate_a=conj)
    x = triangular_solve(
        lu_, x, left_side=True, lower=True, unit_diagonal=True, transpose_a=True, conjugate_a=conj
    )
    _, inverse = sorting.sort_key_val(
        permutation, shapes.broadcasted_iota(dtypes.int32, aval_of(permutation).shape, nb), nb
    )
    return sorting.take_along_axis(x, expand_to(as_column(inverse), aval_of(x).shape), nb)
