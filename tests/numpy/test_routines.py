"""meshjit.numpy's routines and index helpers against NumPy (and JAX where they differ)."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from tests.support import campaign

RNG = np.random.default_rng(0)
A = RNG.standard_normal((4, 6)).astype(np.float32)
V = RNG.standard_normal(7).astype(np.float32)
W = RNG.standard_normal(3).astype(np.float32)
INTS = RNG.integers(0, 9, 12).astype(np.int32)


def close(got, want, **kw):
    got = got if isinstance(got, (tuple, list)) else (got,)
    want = want if isinstance(want, (tuple, list)) else (want,)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=2e-5, atol=2e-5, **kw)


CASES = {
    "acos": (lambda m: m.acos(np.float32([0.1, -0.5])),),
    "atan2": (lambda m: m.atan2(A, A[::-1]),),
    "pow": (lambda m: m.pow(np.abs(A), 1.5),),
    "concat": (lambda m: m.concat([A, A], axis=1),),
    "unstack": (lambda m: m.unstack(A, axis=1),),
    "vecdot": (lambda m: m.vecdot(A, A),),
    "matvec": (lambda m: m.matvec(A, A[0]) if m is np else m.matvec(A, A[0]),),
    "matrix_transpose": (lambda m: m.matrix_transpose(A[None]),),
    "shifts": (lambda m: (m.left_shift(INTS, 2), m.right_shift(-INTS, 1)),),
    "append": (lambda m: (m.append(A, V), m.append(A, A[:1], axis=0)),),
    "delete": (
        lambda m: (
            m.delete(A, 2, axis=1),
            m.delete(A, np.int32([0, 3])),
            m.delete(A, slice(1, 3), 0),
        ),
    ),
    "array_split": (lambda m: m.array_split(V, 3),),
    "resize": (lambda m: m.resize(W, (2, 5)),),
    "rollaxis": (lambda m: m.rollaxis(A[None], 2, 0),),
    "diagflat": (lambda m: m.diagflat(W, 1),),
    "logspace": (lambda m: m.logspace(0.0, 2.0, 5),),
    "geomspace": (lambda m: (m.geomspace(1.0, 1000.0, 4), m.geomspace(-1.0, -16.0, 5)),),
    "vander": (lambda m: (m.vander(W), m.vander(W, 4, increasing=True)),),
    "ediff1d": (lambda m: m.ediff1d(V, to_end=np.float32([9.0]), to_begin=-1.0),),
    "trapezoid": (lambda m: (m.trapezoid(A), m.trapezoid(A, dx=0.5, axis=0)),),
    "isin": (lambda m: m.isin(INTS, np.array([1, 3, 5])),),  # a list: JAX's TypeError
    "bincount": (lambda m: (m.bincount(INTS), m.bincount(INTS, weights=INTS * 0.5, minlength=12)),),
    "digitize": (
        lambda m: (m.digitize(V, np.float32([-1, 0, 1])), m.digitize(V, np.float32([1, 0]), True)),
    ),
    "histogram": (lambda m: m.histogram(V, 4),),
    "histogram_range": (lambda m: m.histogram(V, 3, range=(-1, 1), density=True),),
    "convolve": (lambda m: tuple(m.convolve(V, W, mode) for mode in ("full", "same", "valid")),),
    "convolve_swapped": (lambda m: tuple(m.convolve(W, V, mode) for mode in ("full", "same")),),
    "correlate": (lambda m: tuple(m.correlate(V, W, mode) for mode in ("full", "same", "valid")),),
    "correlate_swapped": (lambda m: tuple(m.correlate(W, V, mode) for mode in ("full", "same")),),
    "cov": (lambda m: (m.cov(A), m.cov(A, rowvar=False), m.cov(V, W[:1].repeat(7), ddof=0)),),
    "corrcoef": (lambda m: m.corrcoef(A),),
    "polyval": (lambda m: m.polyval(W, V),),
    "polyadd_sub_mul": (lambda m: (m.polyadd(W, V), m.polysub(V, W), m.polymul(W, V)),),
    "polyder_int": (
        lambda m: (m.polyder(V, 2), m.polyint(W), m.polyint(W, 2, k=np.float32([1.0, 2.0]))),
    ),
    "gcd_lcm": (lambda m: (m.gcd(INTS, 6), m.lcm(INTS, 4), m.gcd(np.int32([0, -12]), 18)),),
    "copysign": (lambda m: m.copysign(A, -A[::-1]),),
    "logaddexp2": (lambda m: m.logaddexp2(A, A[::-1]),),
    "ldexp": (lambda m: m.ldexp(A, INTS[:6].reshape(1, 6) - 4),),
    "frexp": (lambda m: m.frexp(np.float32([8.0, 0.3, -5.0, 0.0, 1.0])),),
    "modf": (lambda m: m.modf(A * 3),),
    "indices": (lambda m: m.indices((2, 3)),),
    "indices_sparse": (lambda m: m.indices((2, 3), sparse=True),),
    "ix_": (lambda m: m.ix_(np.int32([0, 1]), np.int32([2, 3, 4])),),
    "triangles": (lambda m: (m.tril_indices(4), m.triu_indices(3, 1, 5), m.diag_indices(3)),),
    "from": (lambda m: (m.tril_indices_from(A), m.triu_indices_from(A, -1)),),
    "ravel_multi_index": (
        lambda m: m.ravel_multi_index((np.int32([1, 2]), np.int32([3, 0])), (3, 4)),
    ),
    "ravel_clip_wrap": (
        lambda m: (
            m.ravel_multi_index((np.int32([5]), np.int32([-1])), (3, 4), mode="clip"),
            m.ravel_multi_index((np.int32([5]), np.int32([-1])), (3, 4), mode="wrap"),
        ),
    ),
    "unravel_index": (lambda m: m.unravel_index(np.int32([0, 5, 11]), (3, 4)),),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_numpy(name):
    (fn,) = CASES[name]
    want = fn(np)
    close(fn(jnp), want)


@pytest.mark.parametrize(
    "name", ["convolve", "correlate", "histogram", "vecdot", "polyval", "gcd_lcm", "cov"]
)
def test_under_jit(name):
    (fn,) = CASES[name]
    close(meshjit.jit(lambda: fn(jnp))(), fn(np))


def test_grids_and_concatenators():
    close(jnp.mgrid[0:3, 0:2], np.mgrid[0:3, 0:2])
    close(jnp.ogrid[0:3, 0:2], np.ogrid[0:3, 0:2])
    close(jnp.r_[np.float32([1, 2]), 0:3, 0:1:5j], np.r_[np.float32([1, 2]), 0:3, 0:1:5j])
    close(
        jnp.c_[np.float32([1, 2]), np.float32([3, 4])],
        np.c_[np.float32([1, 2]), np.float32([3, 4])],
    )
    for directive in ("0,2", "1,2", "0,2,0", "1,2,0", "0,3,1", "0,3,-2", "r", "c"):
        close(jnp.r_[directive, [1, 2, 3], [4, 5, 6]], np.r_[directive, [1, 2, 3], [4, 5, 6]])
        close(jnp.c_[directive, [1, 2, 3], [4, 5, 6]], np.c_[directive, [1, 2, 3], [4, 5, 6]])
    with pytest.raises(ValueError, match="beginning"):
        jnp.r_[[1], "0,2"]
    with pytest.raises(ValueError, match="could not understand directive"):
        jnp.r_["a,b", [1]]
    assert jnp.s_[1:3] == np.s_[1:3] and jnp.index_exp[2] == np.index_exp[2]
    assert jnp.mgrid[0:3].dtype == np.int32 and jnp.mgrid[0:1:3j].dtype == np.float32


def test_jax_specific_semantics():
    # unravel_index clips out-of-bound indices (negative ones from the end), as JAX.
    close(jnp.unravel_index(np.int32([-1, 99, -99]), (3, 4)), ([2, 2, 0], [3, 3, 0]))
    # fill_diagonal returns a new array (inplace=False), as JAX requires.
    close(jnp.fill_diagonal(np.zeros((3, 3), np.float32), 5.0, inplace=False), np.eye(3) * 5)
    with pytest.raises(
        NotImplementedError, match="JAX arrays are immutable, must use inplace=False"
    ):
        jnp.fill_diagonal(np.zeros((3, 3), np.float32), 5.0)
    close(jnp.trim_zeros(np.float32([0, 0, 1, 2, 0])), np.float32([1, 2]))
    assert jnp.isscalar(jnp.float32(1)) and not jnp.isscalar(A) and jnp.iterable([1])
    assert jnp.isrealobj(A) and not jnp.iscomplexobj(A)


def test_clear_errors():
    with pytest.raises(meshjit.errors.ConcretizationTypeError, match="static `length` argument"):
        meshjit.jit(lambda x: jnp.bincount(x))(INTS)
    close(meshjit.jit(lambda x: jnp.bincount(x, length=10))(INTS), np.bincount(INTS, minlength=10))
    with pytest.raises(meshjit.MeshjitValueError, match="mode must be"):
        jnp.convolve(V, W, "middle")
    with pytest.raises(meshjit.MeshjitValueError, match="out of bounds"):
        jnp.ravel_multi_index((np.int32([3]), np.int32([0])), (3, 4))
    with pytest.raises(meshjit.MeshjitValueError, match="must be integers"):
        jnp.gcd(A, A)


NANS = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan], [2.0, 5.0, -1.0]], np.float32)


@pytest.mark.parametrize("name", ["nanprod", "nancumsum", "nancumprod", "nanvar", "nanstd"])
@pytest.mark.parametrize("axis", [None, 1])
def test_nan_reductions_match_numpy(name, axis):
    with np.errstate(all="ignore"), __import__("warnings").catch_warnings():
        __import__("warnings").simplefilter("ignore")
        want = getattr(np, name)(NANS, axis=axis)
    close(getattr(jnp, name)(NANS, axis=axis), want, equal_nan=True)


def test_nan_arg_reductions_give_minus_one_on_all_nan_slices_as_jax():
    close(jnp.nanargmax(NANS, axis=1), np.int32([2, -1, 1]))
    close(jnp.nanargmin(NANS, axis=1), np.int32([0, -1, 2]))
    assert int(jnp.nanargmax(NANS)) == 7 and int(jnp.nanargmin(NANS)) == 8


_R = np.random.default_rng(1)
GRID = _R.integers(0, 5, (3, 7)).astype(np.float32)
SMALL = _R.integers(0, 5, (7,)).astype(np.uint8)

CNAN = np.float32([np.nan, -0.0, 0.0, np.inf, -np.inf, 1.5, -2.5, np.nan, 2.5, 0.5, -0.5, 3])
with np.errstate(invalid="ignore"):  # NaN / inf in either part
    CNAN = (CNAN + 1j * CNAN[::-1]).astype(np.complex64)
CGRID = (np.arange(12) % 5 + 1j * (np.arange(12) % 3)).astype(np.complex64)

# Eagerly as JAX: cov and geomspace / logspace are single jitted programs in JAX (op by op, XLA
# rounded differently: hundreds of ulps in cov's small entries); geomspace is JAX's
# sign * 10 ** linspace(log10 ...) in the endpoints' inexact type (float16 stays float16, a zero
# or a sign change is NaN), not NumPy's exact endpoints; linspace keeps float16 / bfloat16;
# piecewise broadcasts x against its conditions (a scalar with vector conditions).
SAMPLES = np.random.default_rng(5).standard_normal((7, 300)).astype(np.float32)
ROUND13_CASES = {
    "cov": lambda m: m.cov(SAMPLES),
    "cov_weights": lambda m: (
        m.cov(SAMPLES, aweights=np.abs(SAMPLES[0])),
        m.cov(SAMPLES[:3], SAMPLES[3:5], ddof=0, fweights=np.arange(300) % 3),
    ),
    "geomspace": lambda m: (
        m.geomspace(1.5, 1000.0, 77),
        m.geomspace(1, 1000, 4),
        m.geomspace(-1.0, -1000.0, 5, endpoint=False),
    ),
    "geomspace_dtypes": lambda m: (
        m.geomspace(np.float16(2), np.float16(50), 7),
        m.geomspace(2, 30.0, 5, dtype=np.float16),
        m.geomspace(1.0, 8.0, 4, dtype=np.int32),
        m.geomspace(1 + 1j, 8 + 2j, 3),
    ),
    "geomspace_edges": lambda m: (
        m.geomspace(np.float32(0.3), np.float32([2.0, -300.0]), 5, axis=1),
        m.geomspace(0.0, 8.0, 3),
        m.geomspace(3.0, 8.0, 1),
        m.geomspace(np.float32([1, 2]), np.float32([[3], [4]]), 3, axis=-1),
    ),
    "logspace": lambda m: (
        m.logspace(0.0, 3.0, 7),
        m.logspace(0, 3, 4, base=2),
        m.logspace(np.float16(0), np.float16(2), 5),
        m.logspace(0.0, 2.0, 5, base=np.float32([2, 3])[:, None], axis=0),
        m.logspace(0.0, 2.0, 5, dtype=np.int32),
    ),
    "linspace_dtypes": lambda m: (
        m.linspace(np.float16(0), 1, 5),
        m.linspace(m.bfloat16(0), 1, 5),
        m.linspace(np.int8(0), 1, 5),
    ),
    "piecewise_broadcast": lambda m: (
        m.piecewise(np.float32(1.5), [np.array([True, False, True])], [lambda v: v * 2, lambda v: v - 1]),
        m.piecewise(np.float32(2), [np.array([True, False]), np.array([False, True])], [1.0, 2.0]),
        m.piecewise(np.float32([0, 1, 2]), [np.array([[True, False, True]])], [lambda v: v * 2, 0.0]),
    ),
}  # fmt: skip

JAX_CASES = {
    "partition": lambda m: (m.partition(GRID, 2), m.partition(GRID, 1, axis=0)),
    "partition_u8": lambda m: m.partition(SMALL, 3),
    "argpartition": lambda m: (m.argpartition(GRID, 2), m.argpartition(SMALL, -2)),
    "lexsort": lambda m: m.lexsort((GRID[0], GRID[1])),
    "block": lambda m: m.block([[np.ones((2, 2)), np.zeros((2, 1))], [np.full((1, 3), 5.0)]]),
    "choose": lambda m: m.choose(
        np.int32([0, 2, 1, 5]), [np.arange(4), np.arange(4) * 10, np.arange(4) * 100], mode="clip"
    ),
    "compress_extract": lambda m: (
        m.compress(np.array([True, False, True]), GRID, axis=0),
        m.extract(GRID > 2, GRID),
    ),
    "array_equiv": lambda m: m.array_equiv(GRID[0], GRID[:1]),
    "windows": lambda m: (m.bartlett(5), m.blackman(6), m.hamming(4), m.hanning(7), m.hanning(1)),
    "unique": lambda m: (*m.unique_counts(SMALL), *m.unique_inverse(GRID), *m.unique_all(SMALL)),
    "sets": lambda m: (
        m.union1d(SMALL, np.uint8([9, 1])),
        m.intersect1d(SMALL, np.uint8([1, 2])),
        m.setdiff1d(SMALL, np.uint8([1])),
        m.setxor1d(SMALL, np.uint8([1, 7])),
    ),
    "real_imag": lambda m: (m.real(V), m.imag(V), m.iscomplex(V), m.isreal(V)),
    # read from the bits, as JAX: exact in every float dtype (log2-based, bfloat16 mantissas
    # were off and float32 subnormals came out NaN)
    "frexp_low_precision": lambda m: (
        *m.frexp(np.float32([1e-40, 3.5, -7.25e30, 0.0, np.inf, 2**-12, 0.3])),
        *m.frexp(np.array([1e-6, 3.5, -7.25e3, 0.3, -np.inf], m.bfloat16)),
        *m.frexp(np.array([1e-6, 3.5, -7.25e3, 0.3, np.nan], np.float16)),
    ),
    # integer powers wrap as JAX's binary exponentiation does (XLA's integer pow gave 0 for
    # 2 ** 40), the exponent's bits read unsigned
    "power_int_wraps": lambda m: (
        m.power(np.int32([2, 3, -2, 0, 5, 7, 0]), np.int32([40, 5, 3, 0, -1, 64, 3])),
        m.power(np.uint8([3, 200]), np.uint8([5, 2])),
        m.power(np.int8([3, -3]), np.int8([7, 5])),
    ),
    # complex: |x - mean|^2 (a real result), NaN entries skipped in either part; NaN where no
    # more than ddof entries count
    "nan_statistics_complex": lambda m: (
        m.nanvar(np.complex64([[1 + 2j, np.nan, 3 - 1j], [2j, 1, complex(0, np.nan)]]), axis=1),
        m.nanstd(np.complex64([[1 + 2j, np.nan, 3 - 1j], [2j, 1, 4]]), axis=0),
        m.nanmean(np.complex64([[1 + 2j, np.nan, 3 - 1j], [2j, 1, 4]]), axis=1),
        m.nansum(np.complex64([1 + 2j, np.nan, 3 - 1j])),
        m.nancumsum(np.complex64([1 + 2j, np.nan, 3 - 1j])),
        m.nanvar(np.float32([[1, np.nan, 3], [np.nan, np.nan, 2]]), axis=1, ddof=2),
    ),
    "gradient_complex": lambda m: m.gradient(np.complex64([1 + 2j, 3j, 4 - 1j, 2])),
    # a Python int converts to the inexact result type directly: it used to wrap in the
    # integer type first (uint8 / -2 was 0.0118, int8(3) / 200 was -0.054)
    "inexact_promotion_of_python_ints": lambda m: (
        m.true_divide(np.uint8([3, 200]), -2),
        m.arctan2(np.uint8([3, 200]), -1),
        m.copysign(np.uint8([3, 200]), -1),
        m.logaddexp(np.uint8([3, 200]), -300),
        m.hypot(np.uint8([3, 200]), -3),
        m.float_power(np.uint8([3, 200]), -1),
        m.divide(np.int8([3]), 200),
    ),
    # by the floats' total order, as XLA's TopK (+NaN first, -NaN last, 0 before -0); JAX's
    # partition takes -x through it
    "top_k_total_order": lambda m: (
        *m.argpartition(np.float32([1.0, -np.nan, -np.inf, 2.0, np.inf, -0.0, 0.0, np.nan]), 2),
        m.partition(np.float32([np.nan, -0.0, 0.0, np.inf, -np.inf, 1.5, -2.5, np.nan]), 3),
    ),
    "booleans_shift_and_count_as_jax": lambda m: (
        m.left_shift(np.array([True, False, True]), np.array([True, True, False])),
        m.right_shift(np.array([True, False, True]), True),
        m.bitwise_count(np.array([True, False])),
    ),
    "nan_to_num_complex": lambda m: m.nan_to_num(
        np.complex64([complex(np.nan, 3), complex(np.inf, -np.inf), 1 - 1j]), posinf=9.0
    ),
    "trapezoid_integers": lambda m: (
        m.trapezoid(np.uint8([3, 255, 0, 7, 128])),
        m.trapezoid(np.array([True, False, True, True])),
        m.trapezoid(np.int32([1, 5, 2]), x=np.int32([0, 1, 3])),
    ),
    # any / all convert (a complex value by its real part, as XLA and JAX do); the logical ops
    # compare with 0
    "truth_of_complex": lambda m: (
        m.all(np.complex64([-0.0 + 0.5j, 1 + 0j])),
        m.any(np.complex64([0 + 2j])),
        m.logical_and(np.complex64([0 + 2j]), True),
    ),
    # exact powers of two (2**x2 by exp(x2 log 2) was not), no overflow on the way
    # complex values ordered as JAX's sort comparator orders them, (real, imag) with NaN last
    # (searchsorted compared real parts only; unique kept NaN-holding values apart; histogram
    # made real edges; max(initial=) lost NaNs; cummax / reduce_window refused complex)
    "complex_order": lambda m: (
        m.searchsorted(m.sort(CNAN), CNAN),
        m.searchsorted(m.sort(CNAN), CNAN, side="right", method="compare_all"),
        *m.unique(CNAN, return_index=True, return_inverse=True, return_counts=True),
        *m.unique(CNAN.reshape(6, 2), axis=0, return_counts=True),
        *m.histogram(m.nan_to_num(CNAN, posinf=9, neginf=-9), bins=4),
        *m.histogram(CGRID, bins=np.int32(4)),
        m.max(CNAN, initial=2.0),
        m.min(CGRID, initial=1j),
        m.maximum.accumulate(CNAN),
        m.minimum.accumulate(CGRID[::-1]),
    ),
    # as JAX: polyint keeps complex (its imaginary part was dropped) and promotes k with p;
    # unwrap uses discont as given and integers by period // 2; vander's powers in x's dtype
    # one program as JAX's jitted polyval: op by op it was up to 68 ulps away
    "polyval_bits": lambda m: m.polyval(
        np.float32([0.3, -1.7, 2.9, 0.11, -4.2]), np.linspace(-7, 7, 29, dtype=np.float32)
    ),
    "polynomials_as_jax": lambda m: (
        m.polyint(np.complex64([1 + 1j, 2, -1j])),
        m.polyint(np.int32([12, 12, 6]), m=2, k=np.int32([4, 5])),
        m.unwrap(np.float32([0, 3, 6.5, 9.9, 1, 14]), discont=1.0),
        m.unwrap(np.int32([0, 170, 350, 10]), period=360),
        m.vander(np.uint8([3, 0, 250]), 3),
    ),
    "ldexp_exact": lambda m: (
        m.ldexp(np.float32(1.0), np.arange(-20, 40, dtype=np.int32)),
        m.ldexp(np.float32([1e-30, 3.0, 6e37]), np.int32([120, -140, 3])),
        m.ldexp(np.array([1.5, -3.0], m.float16), np.int32([10, -20])),
    ),
}
JAX_CASES.update(ROUND13_CASES)


# the refusals JAX makes, with JAX's exception type (meshjit accepted or raised another type)
JAX_REFUSALS = {
    "round_bool": lambda m: m.round(np.array([True, False])),
    "median_complex": lambda m: m.median(CGRID),
    "nanpercentile_complex": lambda m: m.nanpercentile(CGRID, 30),
    "signbit_complex": lambda m: m.signbit(CGRID),
    "spacing_complex": lambda m: m.spacing(CGRID),
    "partition_complex": lambda m: m.partition(CGRID, 3),
    "top_k_complex": lambda m: jax_lax(m).top_k(CGRID, 3),
    "ediff1d_bool": lambda m: m.ediff1d(np.array([True, False, True])),
    "interp_complex_x": lambda m: m.interp(CGRID, np.float32([0, 1]), np.float32([2, 3])),
    "histogram_list": lambda m: m.histogram([1.0, 2.0, 3.0]),
    "histogram_float_bins": lambda m: m.histogram(np.float32([1, 2]), bins=2.5),
    "histogram_range_of_three": lambda m: m.histogram(np.float32([1, 2]), range=(0, 1, 2)),
    "convolve_scalar": lambda m: m.convolve(2.5, np.float32([1, 2])),
    "polymul_scalar": lambda m: m.polymul(2.5, np.float32([1, 2])),
    "polyint_scalar": lambda m: m.polyint(3),
    "tensordot_scalar": lambda m: m.tensordot(3.0, np.float32([1, 2]), 1),
    "bincount_scalar": lambda m: m.bincount(3),
    "meshgrid_scalar": lambda m: m.meshgrid(2.5, np.float32([1, 2])),
    "compress_out_of_bounds": lambda m: m.compress(np.array([True, False, True]), 2.5),
    "unwrap_complex": lambda m: m.unwrap(CGRID),
    "vander_bool": lambda m: m.vander(np.array([True, False])),
    "gradient_edge_order": lambda m: m.gradient(np.float32([1, 2, 4]), edge_order=1),
    "ix_bool": lambda m: m.ix_(np.array([True, False, True])),
    "ix_2d": lambda m: m.ix_(np.zeros((2, 2), np.int32)),
    "max_initial_not_scalar": lambda m: m.max(np.float32([1, 2]), initial=np.float32([0, 1])),
}


def jax_lax(numpy_module):
    return meshjit.lax if numpy_module is jnp else pytest.importorskip("jax.lax")


@pytest.mark.parametrize("name", sorted(JAX_REFUSALS))
def test_refuses_as_jax(name):
    jax_numpy = pytest.importorskip("jax.numpy")
    with pytest.raises(Exception) as theirs:
        JAX_REFUSALS[name](jax_numpy)
    with pytest.raises(type(theirs.value)) as ours:
        JAX_REFUSALS[name](jnp)
    assert str(theirs.value).split(".")[0] in str(ours.value)


def compare_with_jax(case, check):
    jax_numpy = pytest.importorskip("jax.numpy")
    ours, theirs = case(jnp), case(jax_numpy)
    ours = ours if isinstance(ours, tuple) else (ours,)
    theirs = theirs if isinstance(theirs, tuple) else (theirs,)
    assert len(ours) == len(theirs)
    for o, t in zip(ours, theirs):
        assert np.asarray(o).dtype == np.asarray(t).dtype
        check(o, t)


# each case is a regression test of a wrong answer found by comparing with JAX: every third in
# `make test` (JAX runs live here, ~1.5 s a case, complex_order 17 s), all in `make test-campaigns`
@pytest.mark.parametrize("name", campaign.every(3, sorted(JAX_CASES)))
def test_matches_jax_bit_for_bit(name):
    compare_with_jax(JAX_CASES[name], lambda o, t: np.testing.assert_array_equal(o, t))
    assert jnp.euler_gamma == np.euler_gamma


XS = np.linspace(0, 10, 9).astype(np.float32)
PHASES = np.float32([0, 3, 6.5, 9.9, 1, 14])

JAX_CLOSE_CASES = {
    "put": lambda m: (
        m.put(A, np.int32([0, 7, 30]), np.float32([1, 2]), mode="clip", inplace=False),
        m.put(A, np.int32([0, 7, 30]), np.float32([1, 2]), inplace=False),
    ),
    "put_along_axis": lambda m: m.put_along_axis(
        A, np.int32([[1], [0], [4], [2]]), np.float32(9), axis=1, inplace=False
    ),
    "place": lambda m: m.place(A, A > 0, np.float32([7, 8]), inplace=False),
    "insert": lambda m: (
        m.insert(XS, 2, np.float32(5)),
        m.insert(XS, np.int32([1, 3]), np.float32([-1, -2])),
        m.insert(A, 1, np.float32(0), axis=1),
        m.insert(A, np.int32([0, 5]), np.float32(7), axis=1),
        m.insert(A, 2, np.arange(6, dtype=np.float32), axis=0),
    ),
    "gradient": lambda m: (
        m.gradient(XS * XS),
        *m.gradient(A),
        m.gradient(XS * XS, XS),
        m.gradient(A, 2.0, axis=0),
    ),
    "piecewise": lambda m: m.piecewise(XS, [XS < 3, XS > 7], [lambda v: v * 2, lambda v: -v, 1.5]),
    "unwrap": lambda m: (m.unwrap(PHASES), m.unwrap(PHASES, period=10.0)),
    "fromfunction": lambda m: m.fromfunction(lambda i, k: i * 10 + k, (3, 4), dtype=np.int32),
    "bitwise_count": lambda m: m.bitwise_count(np.int32([0, 7, -1, 255])),
    # each part clipped (the complex matrix was refused)
    "corrcoef_complex": lambda m: m.corrcoef(
        np.complex64([1 + 1j, 2, -1j]), np.float32([1, -2, 3])
    ),
    # JAX's composition (one program in JAX, op by op here: close, not bit for bit)
    "logaddexp2": lambda m: (
        m.logaddexp2(A, A[::-1]),
        m.logaddexp2(np.float32([1, -np.inf, np.inf, np.nan]), np.float32([2, -np.inf, np.inf, 0])),
        m.logaddexp2(np.array([1.5, -2.0], m.bfloat16), np.array([0.25, 3.0], m.bfloat16)),
        m.logaddexp2(np.complex64([1 + 2j, -3j]), np.complex64([0.5 - 1j, 2 + 2j])),
    ),
}


# every third in `make test` (JAX runs live: insert ~10 s, place and put a few), all in `make
# test-campaigns`
@pytest.mark.parametrize("name", campaign.every(3, sorted(JAX_CLOSE_CASES)))
def test_matches_jax(name):
    compare_with_jax(JAX_CLOSE_CASES[name], close)


def test_io_and_printing(tmp_path):
    path = str(tmp_path / "a.npy")
    jnp.save(path, jnp.arange(4))
    back = jnp.load(path)
    assert isinstance(back, meshjit.Array) and back.tolist() == [0, 1, 2, 3]
    assert jnp.array_str(jnp.arange(2)) == "[0 1]"
    # JAX's array_repr is NumPy's: it names JAX's class (ArrayImpl) and indents by its name
    assert jnp.array_repr(jnp.arange(2)) == "ArrayImpl([0, 1], dtype=int32)"
    assert jnp.array_repr(jnp.ones((2, 1))) == "ArrayImpl([[1.],\n           [1.]], dtype=float32)"
    with jnp.printoptions(precision=2):
        assert jnp.get_printoptions()["precision"] == 2
    close(jnp.frombuffer(np.float32([1, 2]).tobytes(), np.float32), np.float32([1, 2]))
    close(jnp.fromstring("1 2", np.float32, sep=" "), np.float32([1, 2]))


def test_immutable_updates_need_inplace_false():
    for call in (
        lambda: jnp.put(A, 0, 1.0),
        lambda: jnp.put_along_axis(A, np.zeros((4, 1), np.int32), 1.0, axis=1),
        lambda: jnp.place(A, A > 0, 1.0),
    ):
        with pytest.raises(meshjit.MeshjitValueError, match="inplace=False"):
            call()


def test_compress_and_extract_with_a_size_work_under_vmap():
    a = np.arange(12, dtype=np.int32).reshape(3, 4)
    mask = a % 3 == 0
    got = meshjit.vmap(lambda c, r: jnp.extract(c, r, size=4, fill_value=-1))(mask, a)
    np.testing.assert_array_equal(got, [[0, 3, -1, -1], [6, -1, -1, -1], [9, -1, -1, -1]])
    np.testing.assert_array_equal(jnp.compress(np.array([True, False, True]), a, axis=0), a[[0, 2]])
    np.testing.assert_array_equal(
        jnp.asarray(a).compress(np.array([False, True, True, False]), axis=1), a[:, 1:3]
    )


def test_unique_results_are_named_as_the_array_api():
    x = np.array([3, 4, 1, 3, 1])
    counts = jnp.unique_counts(x)
    np.testing.assert_array_equal(counts.values, [1, 3, 4])
    np.testing.assert_array_equal(counts.counts, [2, 2, 1])
    np.testing.assert_array_equal(jnp.unique_inverse(x).inverse_indices, [1, 2, 0, 1, 0])
    assert jnp.unique_all(x)._fields == ("values", "indices", "inverse_indices", "counts")


def test_fromfunction_calls_the_function_on_scalars_vmapped_as_jax():
    got = jnp.fromfunction(lambda x: (x + 1) * jnp.arange(3), shape=(2,))
    np.testing.assert_array_equal(got, [[0, 1, 2], [0, 2, 4]])
    plus, times = jnp.fromfunction(lambda x, y: (x + y, x * y), shape=(3, 5))
    np.testing.assert_array_equal(times, np.fromfunction(lambda x, y: x * y, (3, 5)))


def test_piecewise_takes_an_array_of_scalar_conditions():
    x = np.arange(-4, 5)
    funcs = [lambda v: v * 0, lambda v: v * 10, lambda v: v * 100]
    np.testing.assert_array_equal(jnp.piecewise(x, jnp.array([False, True, False]), funcs), x * 10)


def test_trim_zeros_along_axes_and_size_along_axes():
    x = np.zeros((4, 5), np.float32)
    x[1:3, 1:4] = 1
    np.testing.assert_array_equal(jnp.trim_zeros(x), np.ones((2, 3)))
    assert jnp.trim_zeros(x, trim="f").shape == (3, 4)
    assert jnp.trim_zeros(x, axis=1).shape == (4, 3)
    assert jnp.size(x, axis=1) == 5 and jnp.size(x, axis=(0, 1)) == 20 and jnp.size(x) == 20


def test_delete_traced_unique_indices_under_jit():
    """JAX's assume_unique_indices: traced indices (negative ones wrap) under jit."""
    a = np.arange(24).reshape(4, 6)
    for idx, axis in (([0, 1, 3], None), ([-1, 2], 1), ([3, 0], 0), ([[11], [5]], None)):
        got = meshjit.jit(
            lambda x, i, axis=axis: jnp.delete(x, i, axis=axis, assume_unique_indices=True)
        )(a, np.array(idx))
        np.testing.assert_array_equal(got, np.delete(a, np.array(idx).ravel(), axis=axis))
    with pytest.raises(meshjit.errors.ConcretizationTypeError) as e:
        meshjit.jit(jnp.delete)(a, np.array([0, 1]))
    assert type(e.value).__name__ == "ConcretizationTypeError"


def test_cross_and_polyval_of_weak_operands_are_strong_and_kron_refuses_bool_as_jax():
    """Values read off JAX 0.10.2 (fuzzer finds): its cross builds a jnp.array of the parts and
    polyval starts from a strong zero, so both are strong; kron multiplies with lax.mul."""
    w = meshjit.numpy.asarray(1.0)
    assert w.aval.weak_type
    v = meshjit.numpy.stack([w, w * 2, w * 3])
    assert v.aval.weak_type
    assert not meshjit.numpy.cross(v, v[::-1]).aval.weak_type
    assert not meshjit.numpy.polyval(v, w).aval.weak_type
    np.testing.assert_allclose(np.asarray(meshjit.numpy.cross(v, v[::-1])), [-4.0, 8.0, -4.0])
    with pytest.raises(TypeError, match="mul does not accept dtype bool"):
        meshjit.numpy.kron(np.array([True, False]), np.array([True]))


def test_shifts_by_or_of_a_scalar_bind_it_unbroadcast_as_jax():
    """`30 >> r` and `r << 3` show the scalar as a literal operand of the shift, as JAX's
    jaxprs (it was broadcast first), with NumPy's values."""
    import meshjit

    r = np.arange(4, dtype=np.int32)
    jaxpr = meshjit.make_jaxpr(lambda r: 30 >> r)(r)
    assert [e.primitive.name for e in jaxpr.jaxpr.eqns] == ["shift_right_arithmetic"]
    assert str(jaxpr).count("30:i32[]") == 1
    np.testing.assert_array_equal(meshjit.jit(lambda r: 30 >> r)(r), 30 >> r)
    np.testing.assert_array_equal(meshjit.jit(lambda r: r << 3)(r), r << 3)
    u = np.full((2, 1), 200, np.uint8)
    np.testing.assert_array_equal(
        jnp.right_shift(u, np.arange(3, dtype=np.uint8)), u >> np.arange(3, dtype=np.uint8)
    )


def test_piecewise_of_a_scalar_under_jit():
    f = meshjit.jit(
        lambda a: jnp.piecewise(a, [np.array([True, False, True])], [lambda v: v * 2, 0.0])
    )
    np.testing.assert_array_equal(f(np.float32(1.5)), np.float32([3, 0, 3]))


def test_geomspace_num_must_be_concrete():
    with pytest.raises(TypeError, match="'num' argument of jnp.geomspace"):
        meshjit.jit(lambda n: jnp.geomspace(1.0, 2.0, n))(3)


def test_place_with_a_traced_mask():
    """As JAX's: the mask's true positions padded to its size (the round 13 fuzzer: meshjit read
    the mask as a NumPy array and refused it under jit); vals cycle, an all-false mask changes
    nothing."""
    y = np.float32([[-1, 2, 3], [4, -5, 6]])
    got = meshjit.jit(lambda a: jnp.place(a, a > 0, np.float32([7, -7]), inplace=False))(y)
    want = y.copy()
    np.place(want, want > 0, [7, -7])
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(jnp.place(y, y > 100, np.float32([1]), inplace=False), y)
    with pytest.raises(ValueError, match="Cannot place values from an empty array"):
        jnp.place(y, y > 0, np.float32([]), inplace=False)


def test_fill_diagonal_refuses_wrap_as_jax():
    """JAX does not implement wrap=True (NotImplementedError, its words); meshjit wrapped."""
    with pytest.raises(
        NotImplementedError, match="wrap=True is not implemented, must use wrap=False"
    ):
        jnp.fill_diagonal(np.zeros((5, 3), np.float32), 1.0, wrap=True, inplace=False)
    with pytest.raises(ValueError, match="array must be at least 2-d"):
        jnp.fill_diagonal(np.zeros(3, np.float32), 1.0, inplace=False)
    close(jnp.fill_diagonal(np.zeros((5, 3), np.float32), 1.0, inplace=False), np.eye(5, 3))


def test_resize_to_nothing_and_fill_diagonal_of_an_empty_matrix():
    """jnp.resize to size 0 concatenated no copies (NumPy's ValueError leaked), so did
    fill_diagonal of an empty matrix (fuzzer seed 190186: bool[16, 0])."""
    assert jnp.resize(jnp.ones(3), 0).shape == (0,)
    assert jnp.resize(np.ones(3, np.float32), (2, 0)).shape == (2, 0)
    empty = meshjit.jit(lambda a: jnp.fill_diagonal(a, 3, inplace=False))(np.ones((16, 0), bool))
    assert empty.shape == (16, 0) and empty.dtype == np.bool_


def test_bad_arguments_raise_before_the_work():
    # Regressions: these were accepted (a wrong answer) or failed deep in meshjit.
    with pytest.raises(meshjit.MeshjitError, match="Mismatched list depths"):
        jnp.block([[jnp.ones((2, 2))], jnp.ones((2, 2))])
    with pytest.raises(TypeError, match="cannot be interpreted as an integer"):
        jnp.split(jnp.ones(6), [1.5])
    with pytest.raises(ValueError, match="axis 2 is out of bounds"):
        jnp.delete(jnp.ones((2, 3)), 0, axis=2)
    with pytest.raises(ValueError, match="axis 3 is out of bounds"):
        jnp.insert(jnp.ones((2, 3)), 0, 1.0, axis=3)
    with pytest.raises(ValueError, match='Unknown gather mode "wrap_around"'):
        jnp.ones(3).at[0].get(mode="wrap_around")
    np.testing.assert_array_equal(jnp.linalg.multi_dot([jnp.eye(2)]), np.eye(2))  # as JAX


@pytest.mark.parametrize("name", ["fromiter", "fromfile"])
def test_readers_that_consume_their_source_are_refused_as_in_jax(name):
    with pytest.raises(NotImplementedError, match=rf"jnp.{name}\(\) is not implemented because it"):
        getattr(jnp, name)(iter([1, 2]), np.int32)


def test_vecdot_keeps_its_operands_dtype_as_jaxs_dot():
    """JAX's vecdot is a vdot: int8 / uint8 / int16 stay (int32 stays with x64 on), booleans are
    an any (a count here before; fuzz x64 vocabulary entry vecdot)."""
    for dtype in (np.int8, np.uint8, np.int16, np.int32):
        x = np.array([[1, 2, 3], [4, 50, 6]], dtype)
        out = jnp.vecdot(x, x)
        assert out.dtype == dtype
        np.testing.assert_array_equal(out, (x.astype(np.int64) ** 2).sum(-1).astype(dtype))
    flags = np.array([[True, False], [False, False]])
    out = jnp.linalg.vecdot(flags, flags)
    assert out.dtype == np.bool_ and out.tolist() == [True, False]
    with meshjit.enable_x64(True):
        assert jnp.vecdot(np.ones(3, np.int32), np.ones(3, np.int32)).dtype == np.int32


def test_lcm_overflow_wraps_as_jaxs_product_no_abs_after():
    # JAX: |x1| * (|x2| // gcd), the wrapped product kept (fuzz vocabulary int21_gcd_lcm)
    x1, x2 = np.int32([1610612737, -1610612737, 6]), np.int32([2, 2, -4])
    want = [-1073741822, -1073741822, 12]
    assert np.asarray(jnp.lcm(x1, x2)).tolist() == want
    assert np.asarray(meshjit.jit(jnp.lcm)(x1, x2)).tolist() == want


def test_gcd_and_lcm_of_empty_arrays():
    # JAX's loop runs while any(x2 != 0): none for an empty x2 (a max of it has no identity;
    # fuzzer seed 292167, gcd of an argsort over an empty axis under vmap)
    empty = np.zeros((6, 0), np.int32)
    for f in (jnp.gcd, jnp.lcm, meshjit.jit(jnp.gcd), meshjit.vmap(jnp.gcd)):
        out = f(empty, empty)
        assert out.shape == (6, 0) and out.dtype == np.int32


def test_spacing_of_a_weak_float_is_strong_as_jax_s():
    """JAX's spacing selects `copysign(finfo.smallest_subnormal, x)`, a strong NumPy scalar: a
    weak float32 gives a strong result (meshjit kept it weak); float16 keeps its weak type."""
    assert not jnp.spacing(1.5).weak_type
    assert not meshjit.jit(jnp.spacing)(1.5).weak_type
    np.testing.assert_allclose(jnp.spacing(1.5), np.spacing(np.float32(1.5)))


@pytest.mark.parametrize("fun", ["compress", "extract"])
def test_compress_of_a_traced_condition_is_jaxs_bool_conversion_error(fun):
    """As JAX: its out-of-bounds test converts a traced bool, whose error names the argument."""
    x = np.arange(6.0, dtype=np.float32)
    with pytest.raises(meshjit.errors.TracerBoolConversionError) as ei:
        meshjit.jit(lambda x: getattr(jnp, fun)(x > 2, x))(x)
    lines = str(ei.value).splitlines()
    assert lines[0] == "Attempted boolean conversion of traced array with shape bool[]."
    assert lines[1].startswith("The error occurred while tracing the function <lambda> at ")
    assert lines[1].endswith(
        "for jit. This concrete value was not available in Python because it depends on the "
        "value of the argument x."
    )
