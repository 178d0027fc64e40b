"""meshjit.scipy.fft (dct / dctn / idct / idctn), scipy.integrate.trapezoid and
scipy.ndimage.map_coordinates against JAX 0.10.2 (values and gradients) and scipy."""

import numpy as np
import pytest

import meshjit
from meshjit import scipy as mjsp
from tests.support.jax_cases import RUN_CASE, jax_case_tests

HARNESS = (
    r"""
import importlib

fft = importlib.import_module(jax.__name__ + ".scipy.fft")
integrate = importlib.import_module(jax.__name__ + ".scipy.integrate")
ndimage = importlib.import_module(jax.__name__ + ".scipy.ndimage")
rng = np.random.default_rng(0)
X = rng.standard_normal((4, 6, 5)).astype(np.float32)
XC = (rng.standard_normal((6, 5)) + 1j * rng.standard_normal((6, 5))).astype(np.complex64)
IMG = rng.standard_normal((5, 7)).astype(np.float32)
COORDS = np.array([[-1.2, 0.0, 0.5, 2.49, 3.5, 4.0, 4.7, 6.2], [0.3, -0.6, 6.5, 2.0, 1.5, 7.3, 3.3, 0.0]], np.float32)
NO_GRAD = {"dct_complex"}

CASES = {
    "dct": (lambda x: fft.dct(x), X),
    "dct_ortho_n": (lambda x: fft.dct(x, n=8, axis=1, norm="ortho"), X),
    "dct_complex": (lambda x: jnp.abs(fft.dct(x * (1 + 2j), axis=0)), X[0]),
    "dctn": (lambda x: fft.dctn(x), X),
    "dctn_2": (lambda x: fft.dctn(x, axes=(0, 2), norm="ortho"), X),
    "dctn_s": (lambda x: fft.dctn(x, s=(7, 6)), X),
    "idct": (lambda x: fft.idct(x, axis=1), X),
    "idct_ortho_n": (lambda x: fft.idct(x, n=7, norm="ortho"), X),
    "idctn": (lambda x: fft.idctn(x), X),
    "idctn_s": (lambda x: fft.idctn(x, s=(5, 6), axes=(0, 2), norm="ortho"), X),
    "trapezoid": (lambda x: integrate.trapezoid(x, dx=0.5, axis=1), X),
    "trapezoid_x": (lambda x: integrate.trapezoid(x, x=jnp.cumsum(jnp.abs(x))), X[0, 0]),
}
for order in (0, 1):
    for mode in ("constant", "nearest", "wrap", "mirror", "reflect"):
        CASES[f"map_{order}_{mode}"] = (lambda x, o=order, m=mode: ndimage.map_coordinates(x, list(COORDS), o, m, cval=-1.0), IMG)
CASES["map_coords_grad"] = (lambda c: ndimage.map_coordinates(IMG, [c, c[::-1] * 1.5], 1), COORDS[0])
"""
    + RUN_CASE
)

NAMES = [
    "dct", "dct_ortho_n", "dct_complex", "dctn", "dctn_2", "dctn_s", "idct", "idct_ortho_n",
    "idctn", "idctn_s", "trapezoid", "trapezoid_x", "map_coords_grad",
] + [f"map_{o}_{m}" for o in (0, 1) for m in ("constant", "nearest", "wrap", "mirror", "reflect")]  # fmt: skip


jax_results, test_same_as_jax = jax_case_tests(
    NAMES, HARNESS, 1e-6, {name: 5e-6 for name in NAMES if "dct" in name}
)



def test_against_scipy():
    sp_fft = pytest.importorskip("scipy.fft")
    x = np.random.default_rng(1).standard_normal((6, 5))
    for norm in (None, "ortho"):
        np.testing.assert_allclose(
            np.asarray(mjsp.fft.dctn(x, norm=norm)), sp_fft.dctn(x, norm=norm), rtol=1e-4, atol=1e-4
        )
        np.testing.assert_allclose(
            np.asarray(mjsp.fft.idct(x, norm=norm)), sp_fft.idct(x, norm=norm), rtol=1e-4, atol=1e-4
        )


def test_bad_input():
    with pytest.raises(NotImplementedError, match="type 2"):
        mjsp.fft.dct(np.ones(4), type=3)
    with pytest.raises(meshjit.MeshjitValueError, match="norm='forward' is not implemented"):
        mjsp.fft.dct(np.ones(4), norm="forward")
    with pytest.raises(meshjit.MeshjitValueError, match="sequence of length input.ndim"):
        mjsp.ndimage.map_coordinates(np.ones((3, 3)), [np.zeros(2)], 1)
    with pytest.raises(NotImplementedError, match="order<=1"):
        mjsp.ndimage.map_coordinates(np.ones((3, 3)), [np.zeros(2)] * 2, 3)
