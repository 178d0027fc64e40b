"""meshjit.numpy.fft against numpy.fft: every transform for every norm, odd and even sizes,
1 to 4 dimensions, `n` / `s` cropping and zero-padding, `axis` / `axes`, eagerly and under jit;
the frequencies and shifts; the errors JAX raises; the same values as JAX's jnp.fft."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from tests.support import campaign
from tests.support.jax_oracle import assert_close_to_jax, start_jax_oracle, values_vs_jax

RNG = np.random.default_rng(0)
NORMS = [None, "backward", "ortho", "forward"]
ONE_D = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
N_D = ["fftn", "ifftn", "rfftn", "irfftn"]
TWO_D = ["fft2", "ifft2", "rfft2", "irfft2"]
REAL_INPUT = {"rfft", "rfftn", "rfft2", "ihfft"}


def _input(name, shape):
    x = RNG.standard_normal(shape).astype(np.float32)
    if name in REAL_INPUT:
        return x
    return (x + 1j * RNG.standard_normal(shape)).astype(np.complex64)


def _check(name, x, norm, **kw):
    want = getattr(np.fft, name)(x, norm=norm, **kw)
    statics = ("norm", *kw)
    for fn in (
        getattr(jnp.fft, name),
        meshjit.jit(getattr(jnp.fft, name), static_argnames=statics),
    ):
        got = fn(x, norm=norm, **kw)
        assert got.dtype == (np.float32 if want.dtype.kind == "f" else np.complex64), name
        assert got.shape == want.shape, (name, got.shape, want.shape)
        scale = max(1.0, float(np.abs(want).max()))
        np.testing.assert_allclose(np.asarray(got), want, rtol=2e-5, atol=2e-5 * scale)


# Every fifth case in `make test` (every third until session 42; five is prime to the four
# norms and six names, so the slice still has each), the others in `make test-campaigns`.
@pytest.mark.parametrize(("size", "name", "norm"), campaign.grid(5, [1, 7, 8], ONE_D, NORMS))
def test_one_dimensional_transforms_match_numpy(name, norm, size):
    x = _input(name, (3, size) if size > 1 or name not in ("irfft", "hfft") else (3, 2))
    _check(name, x, norm)
    _check(name, x, norm, axis=0)
    for n in (5, 6, 12):  # crop or zero-pad to odd and even lengths
        _check(name, x, norm, n=n)


# Every third case in `make test` (every second until session 42: the slice had two of the four
# norms; three is prime to four, so it has each norm and each transform).
@pytest.mark.parametrize(("name", "norm"), campaign.grid(3, N_D + TWO_D, NORMS))
def test_multi_dimensional_transforms_match_numpy(name, norm):
    for shape in [(4, 6), (3, 5, 7)]:
        x = _input(name, shape)
        _check(name, x, norm)
        _check(name, x, norm, s=(3, 4), axes=(-2, -1))  # crop and pad
        _check(name, x, norm, axes=(1, 0))
    if name in N_D:
        x = _input(name, (2, 3, 4, 5))  # four axes: composed of two 2-D transforms
        _check(name, x, norm)
        _check(name, _input(name, (2, 3, 2, 3, 4)), norm)  # five: a 3-D and a 2-D


def test_fftfreq_and_rfftfreq_match_numpy():
    for n, d in [(7, 0.5), (8, 1.0), (1, 2.0)]:
        np.testing.assert_allclose(jnp.fft.fftfreq(n, d), np.fft.fftfreq(n, d), rtol=1e-6)
        np.testing.assert_allclose(jnp.fft.rfftfreq(n, d), np.fft.rfftfreq(n, d), rtol=1e-6)
    assert jnp.fft.fftfreq(4).dtype == np.float32


@pytest.mark.parametrize("axes", [None, 0, 1, (1, 0)])
def test_shifts_match_numpy(axes):
    x = np.arange(35).reshape(5, 7)
    np.testing.assert_array_equal(jnp.fft.fftshift(x, axes), np.fft.fftshift(x, axes))
    np.testing.assert_array_equal(jnp.fft.ifftshift(x, axes), np.fft.ifftshift(x, axes))


def test_integer_and_float_inputs_are_converted():
    x = np.arange(6, dtype=np.int32)
    np.testing.assert_allclose(jnp.fft.fft(x), np.fft.fft(x), atol=1e-5)
    np.testing.assert_allclose(jnp.fft.rfft(x), np.fft.rfft(x), atol=1e-5)
    np.testing.assert_allclose(jnp.fft.ifft(x.astype(np.float32)), np.fft.ifft(x), atol=1e-6)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: jnp.fft.fft(np.ones(4), norm="bad"), "Invalid norm value bad"),
        (lambda: jnp.fft.fft(np.ones(4), axis=(0,)), "does not support multiple axes"),
        (lambda: jnp.fft.fftn(np.ones((2, 2)), s=(2, 0)), "Shape should be positive"),
        (lambda: jnp.fft.fftn(np.ones((2, 2)), s=(2,), axes=(0, 1)), "different lengths"),
        (lambda: jnp.fft.fftn(np.ones((2, 2)), axes=(0, 0)), "does not support repeated axes"),
        (lambda: jnp.fft.fft2(np.ones((2, 2)), axes=(0,)), "only supports 2 axes"),
        (lambda: jnp.fft.rfft(np.ones(4, np.complex64)), "only real valued inputs"),
        (lambda: jnp.fft.fftfreq([4]), "only takes an int"),
    ],
)
def test_bad_arguments_raise_jax_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()
    assert issubclass(MeshjitValueError, ValueError)


HARNESS = r"""
rng = np.random.default_rng(1)
X = rng.normal(size=(4, 6)).astype(np.float32)
Z = (X + 1j * rng.normal(size=(4, 6))).astype(np.complex64)

CASES = {
    "fft": lambda: jnp.fft.fft(Z, norm="ortho"),
    "irfft_n": lambda: jnp.fft.irfft(Z, n=7, axis=0),
    "rfft2": lambda: jnp.fft.rfft2(X, s=(3, 5)),
    "hfft": lambda: jnp.fft.hfft(Z, n=9, norm="forward"),
    "ihfft": lambda: jnp.fft.ihfft(X, axis=0),
    "fftfreq": lambda: jnp.fft.fftfreq(9, 0.1),
}


def run_case(case, record):
    record(case, jax.jit(CASES[case])())
"""
JAX_CASES = ["fft", "irfft_n", "rfft2", "hfft", "ihfft", "fftfreq"]


@pytest.fixture(scope="module")
def jax_results(tmp_path_factory, pytestconfig):
    return start_jax_oracle(JAX_CASES, HARNESS, tmp_path_factory, pytestconfig)


@pytest.mark.parametrize("name", JAX_CASES)
def test_same_as_jax(jax_results, name):
    assert_close_to_jax(values_vs_jax(jax_results, HARNESS, name), rtol=2e-5)
