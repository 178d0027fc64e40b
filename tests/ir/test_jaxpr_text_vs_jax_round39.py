"""The printed jaxpr against JAX 0.10.2's, round 39, and the numbers and dtypes of each call:
jnp.cumulative_prod keeps small ints (int8 / uint8 / int16; bool as int32), cumulative_sum is
JAX's jitted _cumsum_with_promotion (include_initial a concatenated slab); bincount clips
negatives into bin 0 (an all-negative input has one bin); jnp.linalg.svd, matrix_rank, eigvals
and jnp.packbits / unpackbits / sort_complex are JAX's jits; norm.logpdf squares; jnp.select is
an argmax over the stacked conditions; random.pareto calls the jitted _exponential."""

import numpy as np
import pytest

from tests.support.jax_oracle import check_texts_and_values, oracle_fixture

HARNESS = r"""
f32 = np.float32
R = np.random.RandomState(39)
A = R.randn(4, 3).astype(f32)
S = (A.T @ A + np.eye(3, dtype=f32)).astype(f32)
V = np.linspace(0.1, 1.0, 5, dtype=f32)
X = np.linspace(-2, 2, 7, dtype=f32)
I = np.array([3, 1, 4, 1, 5, 9, 2, 6], np.int32)
I8 = np.array([[1, -2, 3], [4, 5, -6]], np.int8)
I16 = np.array([[100, -200, 3], [400, 5, -6]], np.int16)
U8 = np.array([[1, 2, 3], [4, 5, 200]], np.uint8)
BL = np.array([[True, False, True], [True, True, False]])
NEG = np.array([-3, -1, -2], np.int32)
W = np.array([0.5, 1.5, 2.0], f32)
KT = random.key(0)

CASES = {
    # cumulative_prod keeps int8 / uint8 / int16 (wrapping as JAX's); cumulative_sum promotes
    "cumulative_prod_i8": (lambda x: jnp.cumulative_prod(x, axis=1), (I8,)),
    "cumulative_prod_u8_initial": (lambda x: jnp.cumulative_prod(x, axis=0, include_initial=True), (U8,)),
    "cumulative_prod_i16": (lambda x: jnp.cumulative_prod(x, axis=0), (I16,)),
    "cumulative_prod_bool": (lambda x: jnp.cumulative_prod(x, axis=1), (BL,)),
    "cumulative_prod_dtype_bool": (lambda x: jnp.cumulative_prod(x, axis=1, dtype=bool), (I8,)),
    "cumulative_sum_i8": (lambda x: jnp.cumulative_sum(x, axis=1), (I8,)),
    "cumulative_sum_u8": (lambda x: jnp.cumulative_sum(x, axis=1), (U8,)),
    "cumulative_sum_bool_initial": (lambda x: jnp.cumulative_sum(x, axis=1, include_initial=True), (BL,)),
    "cumulative_sum_i16_initial": (lambda x: jnp.cumulative_sum(x, axis=0, include_initial=True), (I16,)),
    "cumulative_sum_dtype": (lambda x: jnp.cumulative_sum(x, axis=1, dtype=jnp.float32), (I8,)),
    "cumsum_dtype_bool": (lambda x: jnp.cumsum(x, axis=0, dtype=bool), (I8,)),
    "values_cumulative": (lambda i8, u8, i16, b: (
        jnp.cumulative_prod(i8, axis=1), jnp.cumulative_prod(u8, axis=0),
        jnp.cumulative_prod(i16, axis=0, include_initial=True), jnp.cumulative_prod(b, axis=1),
        jnp.cumulative_prod(b, axis=1, include_initial=True), jnp.cumulative_prod(i8, axis=0, dtype=bool),
        jnp.cumulative_sum(i8, axis=1), jnp.cumulative_sum(u8, axis=1, include_initial=True),
        jnp.cumulative_sum(i16, axis=0), jnp.cumulative_sum(b, axis=0, include_initial=True),
        jnp.cumulative_sum(i8[0], dtype=jnp.int8), jnp.cumulative_sum(i8, axis=1, dtype=bool),
    ), (I8, U8, I16, BL)),
    # bincount: negatives count in bin 0
    "bincount_negative": (lambda x: jnp.bincount(x, length=4), (NEG,)),
    "bincount_weights": (lambda x, w: jnp.bincount(x, w, length=3), (NEG, W)),
    "bincount_bool": (lambda b: jnp.bincount(b[0], length=2), (BL,)),
    "values_bincount_negative": (lambda x, w: (
        jnp.bincount(x), jnp.bincount(x, minlength=3), jnp.bincount(x, w), jnp.bincount(x, w, minlength=2),
        jnp.bincount(x, length=4), jnp.bincount(x, w, length=1), jnp.bincount(x, minlength=5, length=2),
        jnp.bincount(np.array([-1, 2, 2], np.int32)), jnp.bincount(np.array([True, False, True])),
    ), (NEG, W)),
    # linalg's jits (the derivative of svd: its values only, its jvp not yet JAX's text)
    "svd": (jnp.linalg.svd, (A,)),
    "svd_jit": (jax.jit(jnp.linalg.svd), (A,)),
    "svd_jit_values_only": (jax.jit(lambda a: jnp.linalg.svd(a, compute_uv=False)), (A,)),
    "svd_reduced": (lambda a: jnp.linalg.svd(a, full_matrices=False), (A,)),
    "svd_hermitian": (lambda s: jnp.linalg.svd(s, hermitian=True), (S,)),
    "svd_hermitian_values_only": (lambda s: jnp.linalg.svd(s, hermitian=True, compute_uv=False), (S,)),
    "svdvals": (jnp.linalg.svdvals, (A,)),
    "matrix_rank": (jnp.linalg.matrix_rank, (A,)),
    "values_grad_svd": (jax.grad(lambda a: jnp.linalg.svd(a, compute_uv=False).sum()), (A,)),
    "values_matrix_rank": (lambda a, s: (jnp.linalg.matrix_rank(a), jnp.linalg.matrix_rank(s, hermitian=True), jnp.linalg.matrix_rank(a, rtol=0.5)), (A, S)),
    # scipy.stats / special
    "norm_logpdf": (jax.scipy.stats.norm.logpdf, (X,)),
    "norm_logpdf_loc_scale": (lambda x: jax.scipy.stats.norm.logpdf(x, 1.0, 2.0), (X,)),
    "norm_logpdf_arrays": (lambda x: jax.scipy.stats.norm.logpdf(x, x[::-1], x * x + 0.5), (X,)),
    "norm_logpdf_int": (jax.scipy.stats.norm.logpdf, (np.arange(3),)),
    "norm_pdf": (jax.scipy.stats.norm.pdf, (X,)),
    "norm_cdf": (jax.scipy.stats.norm.cdf, (X,)),
    "grad_norm_logpdf": (jax.grad(lambda x: jax.scipy.stats.norm.logpdf(x).sum()), (X,)),
    "t_logpdf": (lambda x: jax.scipy.stats.t.logpdf(x, 3.0), (X,)),
    "expon_logpdf": (jax.scipy.stats.expon.logpdf, (V,)),
    "laplace_logpdf": (jax.scipy.stats.laplace.logpdf, (X,)),
    "cauchy_logpdf": (jax.scipy.stats.cauchy.logpdf, (X,)),
    "gamma_logpdf": (lambda v: jax.scipy.stats.gamma.logpdf(v, 2.0), (V,)),
    "special_erfinv": (lambda v: jax.scipy.special.erfinv(v * 0.9), (V,)),
    "special_xlog1py": (lambda v: jax.scipy.special.xlog1py(v, v), (V,)),
    "special_i0e": (jax.scipy.special.i0e, (X,)),
    "special_i1": (jax.scipy.special.i1, (X,)),
    "special_multigammaln": (lambda v: jax.scipy.special.multigammaln(v + 2, 2), (V,)),
    "special_digamma": (jax.scipy.special.digamma, (V,)),
    "values_stats": (lambda x, v: (
        jax.scipy.stats.norm.logpdf(x), jax.scipy.stats.norm.logpdf(x, 1.0, 2.0), jax.scipy.stats.norm.pdf(x),
        jax.scipy.stats.t.logpdf(x, 3.0), jax.scipy.stats.t.logpdf(x, v[:1] * 5, 0.5, 2.0),
        jax.scipy.stats.expon.logpdf(x), jax.scipy.stats.expon.logpdf(v, 0.2, 3.0),
    ), (X, V)),
    # select: argmax of the stacked conditions
    "select": (lambda x: jnp.select([x < 0, x > 1], [x, x * 2], 0.5), (X,)),
    "select_default": (lambda x: jnp.select([x < 0], [x]), (X,)),
    "select_int_conditions": (lambda i: jnp.select([i % 2, i % 3], [i, -i], 7), (I,)),
    "select_broadcast": (lambda x: jnp.select([x[:, None] < x[None, :]], [x[:, None] * 1.0], x), (X,)),
    "select_mixed_dtypes": (lambda i, x: jnp.select([i > 2], [i], x[:6]), (I[:6], X)),
    "select_scalar_choices": (lambda x: jnp.select([x < 0, x > 1], [1.0, 2], -1), (X,)),
    "values_select": (lambda x, i: (
        jnp.select([x < 0, x > -1], [x, x * 2], 0.5), jnp.select([i % 2, i % 3], [i, -i], 7),
        jnp.select([x > 5], [x]), jnp.select([np.array(np.nan, f32), x > 0], [x, -x], 3.0),
    ), (X, I)),
    # samplers
    "random_pareto": (lambda k: random.pareto(k, 2.0, (3,)), (KT,)),
    "random_pareto_raw_key": (lambda k: random.pareto(k, 2.0, (3,)), (random.PRNGKey(1),)),
    "random_pareto_array_b": (lambda k: random.pareto(k, np.array([1.0, 3.0], f32)), (KT,)),
    "random_pareto_f16": (lambda k: random.pareto(k, 2.0, (2,), jnp.float16), (KT,)),
    # bits, sorting, products, norms
    "packbits": (jnp.packbits, (BL,)),
    "packbits_int_axis": (lambda i: jnp.packbits(i.reshape(2, 4), axis=1, bitorder="little"), (I,)),
    "unpackbits": (jnp.unpackbits, (U8,)),
    "unpackbits_count": (lambda u: jnp.unpackbits(u, axis=0, count=5), (U8,)),
    "values_bits": (lambda b, i, u: (
        jnp.packbits(b), jnp.packbits(i, bitorder="little"), jnp.unpackbits(u, axis=1, count=-3),
        jnp.unpackbits(u, bitorder="little"),
    ), (BL, I, U8)),
    "sort_complex": (lambda v: jnp.sort_complex(v[::-1]), (V,)),
    "tensordot": (lambda a: jnp.tensordot(a, a, axes=([0], [0])), (A,)),
    "vdot": (lambda v: jnp.vdot(v, v), (V,)),
    "inner": (lambda a: jnp.inner(a, a), (A,)),
    "linalg_matrix_norm": (jnp.linalg.matrix_norm, (A,)),
    "linalg_vector_norm": (lambda a: jnp.linalg.vector_norm(a, ord=3), (A,)),
    "linalg_multi_dot": (lambda a: jnp.linalg.multi_dot([a, a.T, a]), (A,)),
    "scipy_solve_triangular": (lambda s: jax.scipy.linalg.solve_triangular(s, s[0], lower=True), (S,)),
    "scipy_solve_triangular_trans": (lambda s: jax.scipy.linalg.solve_triangular(s, s, trans="T"), (S,)),
    # fill_diagonal: one iota for every axis (JAX's diag_indices), the value tiled to the length
    "fill_diagonal": (lambda s: jnp.fill_diagonal(s, 0.0, inplace=False), (S,)),
    "fill_diagonal_vector": (lambda s: jnp.fill_diagonal(s, s[0, :2], inplace=False), (S,)),
    "fill_diagonal_long_vector": (lambda a: jnp.fill_diagonal(a[:2], a[0] * 5, inplace=False), (A,)),
    "fill_diagonal_3d": (lambda s: jnp.fill_diagonal(jnp.zeros((2, 2, 2)) + s[0, 0], 1, inplace=False), (S,)),
}


def run_case(case, record):
    # "values_of_NAME": the values of NAME's call, run on arrays; "values...": its values; else
    # the printed jaxpr
    name = case[len("values_of_"):] if case.startswith("values_of_") else case
    fn, args = CASES[name]
    if case.startswith("values"):
        for i, leaf in enumerate(jax.tree_util.tree_leaves(fn(*[jnp.asarray(a) for a in args]))):
            record(f"{case}{i}", leaf)
        return
    record(case, np.array(str(jax.make_jaxpr(fn)(*args))))
"""

CASES = [
    "cumulative_prod_i8", "cumulative_prod_u8_initial", "cumulative_prod_i16", "cumulative_prod_bool",
    "cumulative_prod_dtype_bool", "cumulative_sum_i8", "cumulative_sum_u8",
    "cumulative_sum_bool_initial", "cumulative_sum_i16_initial", "cumulative_sum_dtype",
    "cumsum_dtype_bool", "values_cumulative",
    "bincount_negative", "bincount_weights", "bincount_bool", "values_bincount_negative",
    "svd", "svd_jit", "svd_jit_values_only", "svd_reduced", "svd_hermitian",
    "svd_hermitian_values_only", "svdvals", "matrix_rank", "values_grad_svd", "values_matrix_rank",
    "norm_logpdf", "norm_logpdf_loc_scale", "norm_logpdf_arrays", "norm_logpdf_int", "norm_pdf",
    "norm_cdf", "grad_norm_logpdf", "t_logpdf", "expon_logpdf", "laplace_logpdf",
    "cauchy_logpdf", "gamma_logpdf", "special_erfinv", "special_xlog1py", "special_i0e",
    "special_i1", "special_multigammaln", "special_digamma", "values_stats",
    "select", "select_default", "select_int_conditions", "select_broadcast",
    "select_mixed_dtypes", "select_scalar_choices", "values_select",
    "random_pareto", "random_pareto_raw_key", "random_pareto_array_b", "random_pareto_f16",
    "packbits", "packbits_int_axis", "unpackbits", "unpackbits_count", "values_bits",
    "sort_complex", "tensordot", "vdot", "inner", "linalg_matrix_norm", "linalg_vector_norm",
    "linalg_multi_dot", "scipy_solve_triangular", "scipy_solve_triangular_trans", "fill_diagonal",
    "fill_diagonal_vector", "fill_diagonal_long_vector", "fill_diagonal_3d",
]  # fmt: skip


# each text case's call again, for its numbers and dtypes
VALUES_OF = [f"values_of_{c}" for c in CASES if not c.startswith("values")]

jax_results = oracle_fixture(CASES + VALUES_OF, HARNESS, per_machine=True)  # LAPACK bits (svd)


@pytest.mark.parametrize("case", CASES + VALUES_OF)
def test_jaxpr_text_and_values_are_jaxs(jax_results, case):
    check_texts_and_values(jax_results, HARNESS, case, case.startswith("values"))


def test_bincount_of_negatives_has_bin_zero():
    """JAX clips negatives into bin 0, so an all-negative input counts there (a wrong answer
    before: an empty array)."""
    import meshjit.numpy as jnp

    np.testing.assert_array_equal(jnp.bincount(np.array([-3, -1, -2])), [3])
    np.testing.assert_array_equal(jnp.bincount(np.array([-3, -1]), minlength=3), [2, 0, 0])


def test_cumulative_refuses_a_list_in_jaxs_words():
    import meshjit.numpy as jnp

    for fn in (jnp.cumulative_sum, jnp.cumulative_prod):
        with pytest.raises(TypeError, match=f"{fn.__name__} requires ndarray or scalar arguments"):
            fn([1, 2])
