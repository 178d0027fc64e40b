"""meshjit.lax.fft, the `fft` primitive: values against numpy.fft, its derivatives (jvp and
the transposes of FFT, IFFT, RFFT and IRFFT) against JAX 0.10.2, vmap over any axis, sharded
runs over the 8-device mesh (Auto axes, and Explicit axes where the result keeps the operand's
sharding as in JAX), the abstract-eval errors, and the jaxpr it prints."""

import numpy as np
import pytest

import meshjit
from meshjit import lax
from meshjit.compiler.errors import ShardingTypeError
from meshjit.sharding import AxisType, NamedSharding
from meshjit.sharding import PartitionSpec as P
from tests.support import campaign
from tests.support.jax_oracle import assert_close_to_jax, start_jax_oracle, values_vs_jax

RNG = np.random.default_rng(0)
X = RNG.standard_normal((8, 6)).astype(np.float32)
Z = (X + 1j * RNG.standard_normal((8, 6))).astype(np.complex64)

TRANSFORMS = {
    "FFT": (Z, (6,), lambda a: np.fft.fft(a)),
    "IFFT": (Z, (8, 6), lambda a: np.fft.ifft2(a)),
    "RFFT": (X, (6,), lambda a: np.fft.rfft(a)),
    "IRFFT": (Z[:, :4], (7,), lambda a: np.fft.irfft(a, 7)),
}


def _close(got, want, tol=2e-5):
    scale = max(1.0, float(np.abs(want).max()))
    np.testing.assert_allclose(np.asarray(got), want, rtol=tol, atol=tol * scale)


@pytest.mark.parametrize("fft_type", TRANSFORMS)
def test_each_type_matches_numpy(fft_type):
    x, lengths, ref = TRANSFORMS[fft_type]
    for fn in (lax.fft, meshjit.jit(lax.fft, static_argnums=(1, 2))):
        _close(fn(x, fft_type, lengths), ref(x))
    _close(lax.fft(x, getattr(lax.FftType, fft_type), lengths), ref(x))


@pytest.mark.parametrize("fft_type", TRANSFORMS)
def test_vmap_over_any_axis_matches_a_loop(fft_type):
    x, lengths, ref = TRANSFORMS[fft_type]
    stacked = np.stack([x, 2 * x, -x])
    for axis in (0, 1, 2) if len(lengths) == 1 else (0,):
        batched = np.moveaxis(stacked, 0, axis)
        got = meshjit.vmap(lambda a: lax.fft(a, fft_type, lengths), in_axes=axis)(batched)
        _close(got, np.stack([ref(v) for v in stacked]))


@pytest.fixture(scope="module")
def auto_mesh():
    return meshjit.make_mesh((4, 2), ("x", "y"), axis_types=(AxisType.Auto,) * 2)


@pytest.fixture(scope="module")
def explicit_mesh():
    return meshjit.make_mesh((4, 2), ("x", "y"))


@pytest.mark.parametrize("fft_type", TRANSFORMS)
@pytest.mark.parametrize("spec", [P("x", None), P(None, "y"), P("x", "y")])
def test_sharded_on_auto_axes(auto_mesh, fft_type, spec):
    x, lengths, ref = TRANSFORMS[fft_type]
    xs = meshjit.device_put(x, NamedSharding(auto_mesh, spec))
    _close(meshjit.jit(lambda a: lax.fft(a, fft_type, lengths))(xs), ref(x))


def test_a_gathered_operand_in_a_transposed_layout_runs():
    """Fuzzer seed 230269: the IRFFT of a vmap's result with its batch dim moved, sharded two
    ways; XLA handed the CPU FFT an operand gathered in the transpose's layout and the run
    failed a RET_CHECK (JAX's jit too). The batch dims are collapsed around the FFT."""
    mesh = meshjit.make_mesh((2, 2), ("a", "b"))
    x = (np.arange(40).reshape(8, 5) % 7 - 3).astype(np.float32)

    def f(x):
        y = meshjit.vmap(lambda u, w: meshjit.numpy.where(u > 0, u, w), (-2, None), 1)(-x, -x)
        return lax.fft(y + 0.5j * meshjit.numpy.cos(y), "irfft", (8,)).reshape(-1)[:8]

    y = np.where((-x)[None] > 0, (-x)[None], (-x)[:, None])  # [i, b, j]: row b, else x[i]
    want = np.fft.irfft(y + 0.5j * np.cos(y), 8).reshape(-1)[:8]
    _close(meshjit.jit(f, in_shardings=NamedSharding(mesh, P("b", None)))(x), want)


@pytest.mark.parametrize("fft_type", TRANSFORMS)
def test_explicit_axes_keep_the_operand_sharding(explicit_mesh, fft_type):
    x, lengths, ref = TRANSFORMS[fft_type]
    xs = meshjit.device_put(x, NamedSharding(explicit_mesh, P("x", None)))
    out = meshjit.jit(lambda a: lax.fft(a, fft_type, lengths))(xs)
    assert out.sharding.spec == P("x", None)
    _close(out, ref(x))
    if fft_type == "FFT":  # a sharded transformed dimension: XLA gathers it, as in JAX
        ys = meshjit.device_put(x.astype(np.complex64), NamedSharding(explicit_mesh, P(None, "y")))
        _close(meshjit.jit(lambda a: lax.fft(a, "fft", (6,)))(ys), np.fft.fft(x))


def test_explicit_rfft_of_a_sharded_dimension_that_stops_dividing_is_an_error(explicit_mesh):
    xs = meshjit.device_put(X[:, :4], NamedSharding(explicit_mesh, P(None, "y")))
    with pytest.raises(ShardingTypeError, match="not divisible"):
        meshjit.jit(lambda a: lax.fft(a, "rfft", (4,)))(xs)  # 4 -> 3 frequencies over 2 devices


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: lax.fft(Z, "fft", (8, 8, 6)), "at least as many input dimensions"),
        (lambda: lax.fft(Z, "fft", (5,)), "minor dimensions must be equal to fft_lengths"),
        (lambda: lax.fft(X, "rfft", (4,)), "minor dimensions must be equal"),
        (lambda: lax.fft(Z, "rfft", (6,)), "only real valued inputs"),
        (lambda: lax.fft(X.astype(np.float16), "rfft", (6,)), "RFFT input must be float32"),
        (lambda: lax.fft(Z, "irfft", (5, 7)), "all except the last fft_length"),
        (lambda: lax.fft(Z, "dft", (6,)), "Unknown FFT type 'dft'"),
    ],
)
def test_abstract_eval_errors_are_jax(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_jaxpr_and_lowering():
    jaxpr = str(meshjit.make_jaxpr(lambda a: lax.fft(a, "rfft", (6,)))(X))
    assert "c64[8,4] = fft[fft_lengths=(6,) fft_type=2] a" in jaxpr
    text = meshjit.jit(lambda a: lax.fft(a, "irfft", (8, 7))).lower(Z[:, :4]).as_text()
    assert "stablehlo.fft %arg0, type = IRFFT, length = [8, 7]" in text
    assert lax.fft(Z, "fft", ()) is not None  # no lengths: the (converted) operand


HARNESS = r"""
rng = np.random.default_rng(2)
X = rng.normal(size=(4, 6)).astype(np.float32)
Z = (X + 1j * rng.normal(size=(4, 6))).astype(np.complex64)

CASES = {
    "fft": (lambda a: lax.fft(a, "fft", (6,)), Z),
    "ifft2": (lambda a: lax.fft(a, "ifft", (4, 6)), Z),
    "rfft": (lambda a: lax.fft(a, "rfft", (6,)), X),
    "rfft_odd": (lambda a: lax.fft(a[:, :5], "rfft", (5,)), X),
    "rfft2": (lambda a: lax.fft(a, "rfft", (4, 6)), X),
    "irfft": (lambda a: lax.fft(a[:, :4], "irfft", (6,)), Z),
    "irfft_odd": (lambda a: lax.fft(a[:, :4], "irfft", (7,)), Z),
    "irfft2": (lambda a: lax.fft(a, "irfft", (4, 10)), Z),
    "jnp_hfft": (lambda a: jnp.fft.hfft(a, n=9, norm="ortho"), Z),
    "jnp_rfftn": (lambda a: jnp.fft.rfftn(a, s=(3, 8)), X),
}


def run_case(case, record):
    f, x = CASES[case]
    out = f(x)
    def scalar(a):
        y = f(a)
        if jnp.iscomplexobj(y):
            return jnp.sum(jnp.real(y) * 1.5) + jnp.sum(jnp.imag(y * (0.5 + 2j)))
        return jnp.sum(jnp.sin(y))
    record(f"{case}|grad", jax.jit(jax.grad(scalar))(x))
    t = (x * 0.5 + 0.25).astype(x.dtype)
    record(f"{case}|jvp", jax.jvp(f, (x,), (t,))[1])
    ct = jnp.ones_like(out) * (1 - 0.5j if jnp.iscomplexobj(out) else 1.0)
    record(f"{case}|vjp", jax.vjp(f, x)[1](ct)[0])
"""
GRAD_CASES = [
    "fft", "ifft2", "rfft", "rfft_odd", "rfft2", "irfft", "irfft_odd", "irfft2", "jnp_hfft",
    "jnp_rfftn",
]  # fmt: skip


@pytest.fixture(scope="module")
def jax_results(tmp_path_factory, pytestconfig):
    return start_jax_oracle(
        GRAD_CASES, HARNESS, tmp_path_factory, pytestconfig, every=campaign.SWEEP
    )


@pytest.mark.parametrize(
    "name", campaign.every(campaign.SWEEP, GRAD_CASES)
)  # one in 48 in make test
def test_derivatives_match_jax(jax_results, name):
    assert_close_to_jax(values_vs_jax(jax_results, HARNESS, name), rtol=2e-5)


def test_integer_ffts_are_complex64_with_x64_on_as_jax():
    """As JAX's lax.fft (to_inexact_dtype, then to_complex_dtype): int32 / uint32 / uint8 /
    bool inputs transform in complex64 (float32 from irfft) with x64 on too, int64 and float64
    in complex128 (fuzz campaign seed 2905054: an ifft2 of uint32 values was complex128)."""
    import meshjit.numpy as jnp

    with meshjit.enable_x64(True):
        for dtype, want in [
            (np.int32, np.complex64),
            (np.uint32, np.complex64),
            (np.uint8, np.complex64),
            (np.bool_, np.complex64),
            (np.int64, np.complex128),
            (np.float64, np.complex128),
        ]:
            x = np.ones((2, 4), dtype)
            assert jnp.fft.ifft2(x).dtype == want, dtype
            assert jnp.fft.rfft(x).dtype == want, dtype
            assert jnp.fft.irfft(x).dtype == np.finfo(want).dtype, dtype
