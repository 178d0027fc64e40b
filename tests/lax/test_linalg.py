"""meshjit.lax.linalg: the factorizations against NumPy / SciPy and against JAX 0.10.2 (values
and gradients, one JAX subprocess for the module), their gradients by finite differences,
batching (leading dimensions and vmap over any axis), the LAPACK custom calls they lower to,
and a sharded batch on the 8-device mesh (each device factors its own matrices)."""

import re

import numpy as np
import pytest
import scipy.linalg

import meshjit
import meshjit.numpy as jnp
from meshjit.lax import linalg
from meshjit.sharding import AxisType, NamedSharding
from meshjit.sharding import PartitionSpec as P
from meshjit.test_util import check_grads
from tests.support import campaign
from tests.support.jax_oracle import assert_close_to_jax, start_jax_oracle, values_vs_jax

RNG = np.random.default_rng(0)
SQUARE = RNG.standard_normal((4, 4)).astype(np.float32)
TALL = RNG.standard_normal((5, 3)).astype(np.float32)
WIDE = RNG.standard_normal((3, 5)).astype(np.float32)
BATCH = RNG.standard_normal((2, 3, 4, 4)).astype(np.float32)
SPD = (BATCH @ np.swapaxes(BATCH, -1, -2) + 4 * np.eye(4)).astype(np.float32)
RHS = RNG.standard_normal((2, 3, 4, 2)).astype(np.float32)


def _close(got, want, tol=2e-5):
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol * max(1.0, np.abs(want).max()))


def _reconstructs(q_or_u, *factors, target):
    out = np.asarray(q_or_u, np.float64)
    for f in factors:
        out = out @ np.asarray(f, np.float64)
    _close(out, target, 1e-5)


# ---------------------------------------------------------------------------------------------
# Values against NumPy and SciPy, batched.


def test_cholesky_batched():
    _close(linalg.cholesky(SPD), np.linalg.cholesky(SPD))


def test_cholesky_failure_gives_nans():
    bad = np.array([[1.0, 2.0], [2.0, 1.0]], np.float32)  # indefinite
    got = np.asarray(linalg.cholesky(bad))  # as JAX: NaNs, under tril's zeros
    assert np.isnan(got[np.tril_indices(2)]).all() and got[0, 1] == 0


def test_eigh_batched():
    v, w = linalg.eigh(SPD)
    _close(w, np.linalg.eigvalsh(SPD))
    v = np.asarray(v, np.float64)
    _close(v @ (np.asarray(w)[..., None] * np.swapaxes(v, -1, -2)), SPD)


def test_eigh_upper_triangle_only():
    upper = np.triu(SPD[0, 0])
    v, w = linalg.eigh(upper, lower=False, symmetrize_input=False)
    _close(w, np.linalg.eigvalsh(SPD[0, 0]))


@pytest.mark.parametrize("x", [SQUARE, TALL, WIDE, BATCH], ids=["square", "tall", "wide", "batch"])
@pytest.mark.parametrize("full_matrices", [True, False])
def test_svd(x, full_matrices):
    u, s, vt = linalg.svd(x, full_matrices=full_matrices)
    un, sn, vtn = np.linalg.svd(x, full_matrices=full_matrices)
    assert u.shape == un.shape and vt.shape == vtn.shape
    _close(s, sn)
    k = sn.shape[-1]
    _reconstructs(
        np.asarray(u)[..., :k] * np.asarray(s)[..., None, :], np.asarray(vt)[..., :k, :], target=x
    )
    _close(linalg.svd(x, compute_uv=False), sn)


def test_svd_of_an_empty_matrix():
    u, s, vt = linalg.svd(np.zeros((3, 0), np.float32))
    assert (u.shape, s.shape, vt.shape) == ((3, 3), (0,), (0, 0))
    _close(u, np.eye(3))


@pytest.mark.parametrize("x", [SQUARE, TALL, WIDE, BATCH], ids=["square", "tall", "wide", "batch"])
def test_lu_matches_scipy(x):
    lu, pivots, perm = linalg.lu(x)
    for i in np.ndindex(x.shape[:-2]):
        lu_ref, piv_ref = scipy.linalg.lu_factor(x[i])
        _close(np.asarray(lu)[i], lu_ref)
        np.testing.assert_array_equal(np.asarray(pivots)[i], piv_ref)
        rows = np.arange(x.shape[-2])
        for k, p in enumerate(piv_ref):
            rows[[k, p]] = rows[[p, k]]
        np.testing.assert_array_equal(np.asarray(perm)[i], rows)


def test_lu_pivots_to_permutation():
    pivots = np.array([[2, 2, 3], [0, 1, 2]], np.int32)
    got = linalg.lu_pivots_to_permutation(pivots, 5)
    np.testing.assert_array_equal(np.asarray(got), [[2, 0, 3, 1, 4], [0, 1, 2, 3, 4]])


@pytest.mark.parametrize("x", [SQUARE, TALL, WIDE, BATCH], ids=["square", "tall", "wide", "batch"])
@pytest.mark.parametrize("full_matrices", [True, False])
def test_qr(x, full_matrices):
    q, r = linalg.qr(x, full_matrices=full_matrices)
    mode = "complete" if full_matrices else "reduced"
    qn, rn = np.linalg.qr(x, mode=mode)
    assert q.shape == qn.shape and r.shape == rn.shape
    _close(np.abs(np.asarray(q)), np.abs(qn))  # the same Householder steps: signs agree too
    _close(r, rn)
    _reconstructs(q, r, target=x)


def test_geqrf_and_householder_product():
    a, taus = linalg.geqrf(TALL)
    q = linalg.householder_product(a, taus)
    _reconstructs(q, np.triu(np.asarray(a))[:3], target=TALL)


@pytest.mark.parametrize("left_side", [True, False])
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("transpose_a", [True, False])
@pytest.mark.parametrize("unit_diagonal", [True, False])
def test_triangular_solve(left_side, lower, transpose_a, unit_diagonal):
    a = SPD[0]
    b = RHS[0] if left_side else np.swapaxes(RHS[0], -1, -2)
    got = linalg.triangular_solve(
        a, b, left_side=left_side, lower=lower, transpose_a=transpose_a, unit_diagonal=unit_diagonal
    )
    for i in range(3):
        tri_i = np.tril(a[i]) if lower else np.triu(a[i])
        if unit_diagonal:
            np.fill_diagonal(tri_i, 1.0)
        op = tri_i.T if transpose_a else tri_i
        want = np.linalg.solve(op, b[i]) if left_side else np.linalg.solve(op.T, b[i].T).T
        _close(np.asarray(got)[i], want, 5e-5)


def test_triangular_solve_of_a_vector():
    a = np.tril(SPD[0, 0])
    got = linalg.triangular_solve(a, RHS[0, 0, :, 0], left_side=True, lower=True)
    _close(got, np.linalg.solve(a, RHS[0, 0, :, 0]))


def test_float64_under_x64_is_not_needed_for_float32():
    # float32 in, LAPACK's single precision routine: the call's target says so.
    text = meshjit.jit(linalg.cholesky).lower(SPD[0, 0]).as_text()
    assert "lapack_spotrf_ffi" in text


# ---------------------------------------------------------------------------------------------
# Gradients by finite differences (meshjit's check_grads, order 2, forward and reverse).

GRAD_CASES = {
    "cholesky": (lambda x: linalg.cholesky(x), SPD[0, 0]),
    "eigh_w": (lambda x: linalg.eigh(x)[1], SPD[0, 0]),
    "eigh_v": (lambda x: linalg.eigh(x)[0] ** 2, SPD[0, 0]),
    "svd_s": (lambda x: linalg.svd(x, compute_uv=False), TALL),
    "svd_u_tall": (lambda x: linalg.svd(x, full_matrices=False)[0] ** 2, TALL),
    "svd_vt_wide": (lambda x: linalg.svd(x, full_matrices=False)[2] ** 2, WIDE),
    "lu_square": (lambda x: linalg.lu(x)[0], SQUARE),
    "lu_tall": (lambda x: linalg.lu(x)[0], TALL),
    "lu_wide": (lambda x: linalg.lu(x)[0], WIDE),
    "qr_square": (lambda x: linalg.qr(x), SQUARE),
    "qr_tall_complete": (lambda x: linalg.qr(x), TALL),
    "qr_tall_reduced": (lambda x: linalg.qr(x, full_matrices=False), TALL),
    "qr_wide": (lambda x: linalg.qr(x), WIDE),
    "triangular_solve_a": (
        lambda x: linalg.triangular_solve(x, RHS[0, 0], left_side=True, lower=True),
        SPD[0, 0],
    ),
    "triangular_solve_b": (
        lambda x: linalg.triangular_solve(SPD[0, 0], x, left_side=True, transpose_a=True),
        RHS[0, 0],
    ),
    "triangular_solve_right": (
        lambda x: linalg.triangular_solve(SPD[0, 0], x, lower=True, unit_diagonal=True),
        RHS[0, 0].T,
    ),
    "batched_cholesky": (lambda x: linalg.cholesky(x), SPD[0, :2]),
}


# One in three in `make test` (second-order checks, several seconds each), all in test-campaigns.
@pytest.mark.parametrize("name", campaign.every(campaign.SWEEP, sorted(GRAD_CASES)))
def test_gradients_by_finite_differences(name):
    f, x = GRAD_CASES[name]
    check_grads(f, (x,), order=2, modes=("fwd", "rev"), atol=5e-2, rtol=5e-2, eps=1e-3)


def test_full_matrices_svd_jvp_is_not_implemented_for_rectangles():
    with pytest.raises(NotImplementedError, match="full matrices"):
        meshjit.jvp(lambda x: linalg.svd(x)[0], (TALL,), (TALL,))


# ---------------------------------------------------------------------------------------------
# vmap over any axis, and jit.


def test_vmap_over_a_middle_axis():
    x = np.moveaxis(SPD[0], 0, 1)  # the batch in axis 1
    got = meshjit.vmap(linalg.cholesky, in_axes=1)(x)
    _close(got, np.linalg.cholesky(SPD[0]))


def test_vmap_of_triangular_solve_with_an_unbatched_matrix():
    a = np.tril(SPD[0, 0])
    got = meshjit.vmap(lambda b: linalg.triangular_solve(a, b, left_side=True, lower=True))(RHS[0])
    _close(got, np.linalg.solve(a, RHS[0]))


def test_vmap_of_lu_and_qr_under_jit():
    lu, piv, perm = meshjit.jit(meshjit.vmap(linalg.lu))(BATCH[0])
    q, r = meshjit.jit(meshjit.vmap(linalg.qr))(BATCH[0])
    for i in range(3):
        lu_ref, piv_ref = scipy.linalg.lu_factor(BATCH[0, i])
        _close(np.asarray(lu)[i], lu_ref)
        np.testing.assert_array_equal(np.asarray(piv)[i], piv_ref)
        _reconstructs(np.asarray(q)[i], np.asarray(r)[i], target=BATCH[0, i])


def test_vmap_of_grad_of_eigenvalues():
    g = meshjit.vmap(meshjit.grad(lambda x: linalg.eigh(x)[1][-1]))(SPD[0])
    v = np.linalg.eigh(SPD[0])[1][..., -1]
    _close(g, v[..., :, None] * v[..., None, :], 1e-4)


# ---------------------------------------------------------------------------------------------
# Lowering: JAX's LAPACK custom calls with their sharding rule.


def test_lowers_to_the_lapack_ffi_calls():
    def f(x):
        return linalg.cholesky(x), linalg.eigh(x), linalg.svd(x), linalg.lu(x), linalg.qr(x)

    text = meshjit.jit(f).lower(SPD[0]).as_text()
    for target in ["potrf", "syevd", "gesdd", "getrf", "geqrf", "orgqr"]:
        assert f"@lapack_s{target}_ffi" in text, target
    call = next(line for line in text.splitlines() if "lapack_spotrf_ffi" in line)
    assert "operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>]" in call
    assert "mhlo.backend_config = {uplo = 76 : ui8}" in call
    assert 'num_batch_dims = "1"' in call
    assert (
        "#sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i]) {i=3, j=4, k=4, l=4, m=4}, custom>"
        in call
    )


def test_triangular_solve_lowers_to_trsm():
    text = (
        meshjit.jit(lambda a, b: linalg.triangular_solve(a, b, left_side=True, lower=True))
        .lower(SPD[0, 0], RHS[0, 0])
        .as_text()
    )
    call = next(line for line in text.splitlines() if "lapack_strsm_ffi" in line)
    assert "diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8" in call


# ---------------------------------------------------------------------------------------------
# A sharded batch on 8 devices: no collectives, each device factors its own matrices.


def _collectives(hlo: str) -> list:
    return re.findall(r"all-gather|all-reduce|all-to-all|collective-permute|reduce-scatter", hlo)


@pytest.mark.parametrize("axis_type", [AxisType.Auto, AxisType.Explicit])
def test_sharded_batch_on_8_devices(axis_type):
    _check_sharded_batch(8, axis_type)


@pytest.mark.parametrize("devices", [1, 2, 4])
def test_sharded_batch_on_fewer_devices(devices):
    _check_sharded_batch(devices, AxisType.Auto)


def _check_sharded_batch(devices, axis_type):
    mesh = meshjit.make_mesh(
        (devices,), ("x",), axis_types=(axis_type,), devices=meshjit.devices()[:devices]
    )
    a = RNG.standard_normal((16, 4, 4)).astype(np.float32)
    spd = a @ np.swapaxes(a, -1, -2) + 4 * np.eye(4, dtype=np.float32)
    x = meshjit.device_put(spd, NamedSharding(mesh, P("x")))

    def f(x):
        return (
            linalg.cholesky(x),
            linalg.eigh(x)[1],
            linalg.svd(x)[1],
            linalg.lu(x)[0],
            linalg.qr(x)[1],
        )

    jitted = meshjit.jit(f)
    outs = jitted(x)
    for out in outs if devices > 1 else ():  # (one device: any spec is replicated)
        assert (tuple(out.sharding.spec) + (None,) * 6)[:6] == ("x",) + (None,) * 5
    _close(outs[0], np.linalg.cholesky(spd))
    _close(outs[1], np.linalg.eigvalsh(spd))
    _close(outs[2], np.linalg.svd(spd, compute_uv=False))
    hlo = jitted.lower(x).compile().as_text()
    assert _collectives(hlo) == []
    per_device = 16 // devices
    assert re.search(
        rf"f32\[{per_device},4,4\]\{{1,2,0\}}.*custom_call_target=\"lapack_spotrf_ffi\"", hlo
    )


def test_matrix_dimensions_sharded_are_gathered_first():
    mesh = meshjit.make_mesh((8,), ("x",), axis_types=(AxisType.Auto,))
    a = RNG.standard_normal((2, 8, 8)).astype(np.float32)
    spd = a @ np.swapaxes(a, -1, -2) + 8 * np.eye(8, dtype=np.float32)
    x = meshjit.device_put(spd, NamedSharding(mesh, P(None, "x")))
    jitted = meshjit.jit(linalg.cholesky)
    _close(jitted(x), np.linalg.cholesky(spd))
    assert "all-gather" in jitted.lower(x).compile().as_text()


def test_explicit_sharding_of_matrix_dimensions_is_an_error():
    mesh = meshjit.make_mesh((8,), ("x",), axis_types=(AxisType.Explicit,))
    x = meshjit.device_put(np.ones((2, 8, 8), np.float32), NamedSharding(mesh, P(None, "x")))
    with pytest.raises(meshjit.sharding.ShardingTypeError, match="Input 0 to lu must be unsharded"):
        meshjit.jit(linalg.lu)(x)


# ---------------------------------------------------------------------------------------------
# Against JAX 0.10.2: the same LAPACK calls, so the values agree to rounding; and gradients.

HARNESS = r"""
L = lax.linalg
rng = np.random.default_rng(7)
A = rng.standard_normal((2, 4, 4)).astype(np.float32)
SPD = (A @ np.swapaxes(A, -1, -2) + 4 * np.eye(4)).astype(np.float32)
TALL = rng.standard_normal((5, 3)).astype(np.float32)
WIDE = rng.standard_normal((3, 5)).astype(np.float32)
B = rng.standard_normal((2, 4, 3)).astype(np.float32)

CASES = {
    "cholesky": (lambda x: L.cholesky(x), SPD),
    "eigh": (lambda x: L.eigh(x), SPD),
    "svd": (lambda x: L.svd(x, full_matrices=False), TALL),
    "svd_wide": (lambda x: L.svd(x, full_matrices=False), WIDE),
    "svd_values": (lambda x: L.svd(x, compute_uv=False), A),
    "lu": (lambda x: L.lu(x), A),
    "qr": (lambda x: L.qr(x), TALL),
    "qr_reduced": (lambda x: L.qr(x, full_matrices=False), TALL),
    "qr_wide": (lambda x: L.qr(x), WIDE),
    "triangular_solve": (lambda x: L.triangular_solve(x, B, left_side=True, lower=True), SPD),
    "triangular_solve_t": (lambda x: L.triangular_solve(x, np.swapaxes(B, -1, -2), transpose_a=True), SPD),
}


def run_case(case, record):
    fn, x = CASES[case]
    out = jax.jit(fn)(x)
    for i, leaf in enumerate(out if isinstance(out, (tuple, list)) else (out,)):
        record(f"{case}|{i}", leaf)
    def loss(v):
        leaves = fn(v)
        leaves = leaves if isinstance(leaves, (tuple, list)) else (leaves,)
        return sum(jnp.sum(jnp.sin(l)) for l in leaves if jnp.issubdtype(l.dtype, jnp.floating))
    record(f"{case}|grad", jax.jit(jax.grad(loss))(x))
"""

NAMES = [
    "cholesky", "eigh", "svd", "svd_wide", "svd_values", "lu", "qr", "qr_reduced", "qr_wide",
    "triangular_solve", "triangular_solve_t",
]  # fmt: skip


@pytest.fixture(scope="module")
def jax_results(tmp_path_factory, pytestconfig):
    return start_jax_oracle(NAMES, HARNESS, tmp_path_factory, pytestconfig, every=campaign.SWEEP)


@pytest.mark.parametrize("name", campaign.every(campaign.SWEEP, NAMES))  # one in 48 in make test
def test_same_as_jax(jax_results, name):
    assert_close_to_jax(values_vs_jax(jax_results, HARNESS, name), rtol=1e-5)


def test_complex_hermitian_factorizations_keep_the_imaginary_part():
    a = np.array([[1, -2j], [2j, 5]], np.complex64)
    np.testing.assert_allclose(np.asarray(jnp.linalg.eigvalsh(a)), np.linalg.eigvalsh(a), rtol=1e-5)
    w, v = jnp.linalg.eigh(a)
    np.testing.assert_allclose(np.asarray(v @ jnp.diag(w) @ v.conj().T), a, atol=1e-5)
    np.testing.assert_allclose(np.asarray(jnp.linalg.cholesky(a)), np.linalg.cholesky(a), rtol=1e-5)


_CA = np.array([[2 + 1j, 1 - 1j], [0.5j, 3 + 0j]], np.complex64)
_CB = np.array([1 + 1j, 2], np.complex64)
COMPLEX_CASES = {
    # svd and qr refused complex matrices; pinv / lstsq transposed without conjugating
    "svd_values": lambda m, s: m.linalg.svd(_CA, compute_uv=False),
    "qr": lambda m, s: m.linalg.qr(_CA),
    "qr_wide_complete": lambda m, s: m.linalg.qr(np.concatenate([_CA, _CA * 1j], 1)),
    "norms": lambda m, s: (m.linalg.norm(_CA, 2), m.linalg.norm(_CA, "nuc"), m.linalg.cond(_CA)),
    "pinv": lambda m, s: m.linalg.pinv(_CA),
    "lstsq": lambda m, s: m.linalg.lstsq(_CA, _CB)[0],
    "matrix_rank": lambda m, s: m.linalg.matrix_rank(_CA),
    "polyfit": lambda m, s: m.polyfit(np.float32([0, 1, 2]), np.complex64([1 + 1j, 2, -1j]), 1),
    "expm": lambda m, s: s.linalg.expm(_CA),  # raised KeyError
}


@pytest.mark.parametrize("name", sorted(COMPLEX_CASES))
def test_complex_matrices_match_jax(name):
    jax = pytest.importorskip("jax")
    import jax.numpy as jax_numpy
    import jax.scipy as jax_scipy

    ours = COMPLEX_CASES[name](jnp, meshjit.scipy)
    theirs = COMPLEX_CASES[name](jax_numpy, jax_scipy)
    for o, t in zip(jax.tree_util.tree_leaves(theirs), meshjit.tree_util.tree_leaves(ours)):
        assert np.asarray(o).dtype == np.asarray(t).dtype
        np.testing.assert_allclose(np.asarray(t), np.asarray(o), rtol=2e-5, atol=2e-6)


def test_complex_qr_derivative_matches_jax():
    jax = pytest.importorskip("jax")
    rng = np.random.default_rng(0)
    for shape, mode in (((3, 3), "complete"), ((4, 2), "reduced"), ((2, 4), "complete")):
        a, da = (
            (rng.normal(size=shape) + 1j * rng.normal(size=shape)).astype(np.complex64)
            for _ in range(2)
        )
        ours = meshjit.jvp(lambda x, mode=mode: jnp.linalg.qr(x, mode=mode), (a,), (da,))[1]
        theirs = jax.jvp(lambda x, mode=mode: jax.numpy.linalg.qr(x, mode=mode), (a,), (da,))[1]
        for o, t in zip(ours, theirs):
            np.testing.assert_allclose(np.asarray(o), np.asarray(t), rtol=1e-4, atol=1e-5)


def test_complex_svd_derivative_matches_jax():
    """JAX's rule with conjugate transposes (meshjit raised NotImplementedError): the singular
    values' tangents, U's and Vh's (same LAPACK, same gauge), square, tall and wide, and the
    gradient of the singular values' sum."""
    jax = pytest.importorskip("jax")
    rng = np.random.default_rng(1)
    for shape in ((3, 3), (4, 2), (2, 4)):
        a, da = (
            (rng.normal(size=shape) + 1j * rng.normal(size=shape)).astype(np.complex64)
            for _ in range(2)
        )
        for kw in ({"full_matrices": False}, {"compute_uv": False}):
            ours = meshjit.jvp(lambda x, kw=kw: jnp.linalg.svd(x, **kw), (a,), (da,))[1]
            theirs = jax.jvp(lambda x, kw=kw: jax.numpy.linalg.svd(x, **kw), (a,), (da,))[1]
            for o, t in zip(jax.tree_util.tree_leaves(ours), jax.tree_util.tree_leaves(theirs)):
                assert np.asarray(o).dtype == np.asarray(t).dtype
                np.testing.assert_allclose(np.asarray(o), np.asarray(t), rtol=1e-4, atol=1e-4)
        ours = meshjit.grad(lambda x: jnp.sum(jnp.linalg.svd(x, compute_uv=False)))(a)
        theirs = jax.grad(lambda x: jax.numpy.sum(jax.numpy.linalg.svd(x, compute_uv=False)))(a)
        np.testing.assert_allclose(np.asarray(ours), np.asarray(theirs), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("fn", [jnp.linalg.qr, jnp.linalg.inv, jnp.linalg.cholesky, jnp.linalg.svd])
def test_half_precision_matrices_are_not_implemented_as_in_jax(fn):
    """LAPACK has no float16 / bfloat16 kernels: JAX raises NotImplementedError (meshjit said
    TypeError)."""
    with pytest.raises(NotImplementedError, match="Unsupported dtype bfloat16"):
        fn(jnp.eye(2, dtype=jnp.bfloat16))


HALF_PRECISION_PROGRAM = r"""
x = jnp.eye(3, dtype="float16") * 2 + jnp.tril(jnp.ones((3, 3), "float16"))
unused = jax.jit(lambda a: (jnp.linalg.inv(a), a + 1)[1])(x)
solved = jax.scipy.linalg.solve_triangular(x, jnp.ones((3, 2), "float16"), lower=True)
out["dtypes"] = np.array(str(unused.dtype) + " " + str(solved.dtype))
out["unused"] = np.asarray(unused.astype(jnp.float32))
out["solve_triangular"] = np.asarray(solved.astype(jnp.float32))
out["jaxpr_eqns"] = np.array(len(jax.make_jaxpr(jnp.linalg.qr)(x).eqns) > 0)
for dt in ("float16", "bfloat16"):
    try:
        jax.jit(jnp.linalg.inv).lower(x.astype(dt))
        out[dt + "_lower"] = np.array("no error")
    except NotImplementedError as e:
        out[dt + "_lower"] = np.array("NotImplementedError")
"""


def test_half_precision_matrices_trace_and_fail_when_lowered_as_in_jax(tmp_path):
    """JAX traces LAPACK-backed linalg on float16 / bfloat16 (an unused result is dropped before
    lowering; fuzz seed 2903048) and refuses them when the call lowers; its triangular solve
    falls back to XLA's."""
    import meshjit.scipy.linalg  # noqa: F401  (the program reads jax.scipy.linalg)
    from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

    want = jax_on_8_devices(HALF_PRECISION_PROGRAM, tmp_path)
    got = meshjit_on_program(HALF_PRECISION_PROGRAM)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        assert np.asarray(got[name]).dtype == value.dtype, name
        np.testing.assert_array_equal(np.asarray(got[name]), value, err_msg=name)


@pytest.mark.parametrize("full_matrices", [False, True])
@pytest.mark.parametrize("shape", [(4, 3), (3, 4)])
def test_pivoted_qr_permutes_columns_by_decreasing_norm(shape, full_matrices):
    x = np.array([[1, 2, 9, 0], [3, 4, 1, 2], [5, 7, 0, 1], [1, 1, 1, 3]], np.float32)
    x = x[: shape[0], : shape[1]]
    q, r, p = meshjit.jit(lambda a: linalg.qr(a, pivoting=True, full_matrices=full_matrices))(x)
    k = shape[0] if full_matrices else min(shape)
    assert q.shape == (shape[0], k) and r.shape == (k, shape[1]) and p.dtype == np.int32
    assert sorted(np.asarray(p).tolist()) == list(range(shape[1]))
    np.testing.assert_allclose(np.asarray(q @ r), x[:, np.asarray(p)], atol=1e-5)
    diag = np.abs(np.diag(np.asarray(r)))
    assert (diag[:-1] >= diag[1:] - 1e-5).all()  # geqp3 picks the largest column first
    np.testing.assert_array_equal(meshjit.scipy.linalg.qr(x, pivoting=True, mode="r")[1], p)
