"""meshjit.image against JAX 0.10.2: resize by every method, up and down, with and without
antialiasing, and scale_and_translate; values and gradients (nearest: values)."""

import numpy as np
import pytest

import meshjit
from meshjit import image
from tests.support.jax_cases import RUN_CASE, jax_case_tests

HARNESS = r'''
import importlib

img = importlib.import_module(jax.__name__ + ".image")
rng = np.random.default_rng(0)
IMAGE = rng.standard_normal((2, 7, 6, 3)).astype(np.float32)
METHODS = ("nearest", "linear", "cubic", "lanczos3", "lanczos5", "area", "cubic-pytorch")
NO_GRAD = {f"{m}_{d}" for m in ("nearest",) for d in ("up", "down", "down_noaa")}

CASES = {}
for m in METHODS:
    CASES[f"{m}_up"] = (lambda x, m=m: img.resize(x, (2, 11, 9, 3), m), IMAGE)
    CASES[f"{m}_down"] = (lambda x, m=m: img.resize(x, (2, 4, 3, 3), m), IMAGE)
    CASES[f"{m}_down_noaa"] = (lambda x, m=m: img.resize(x, (2, 3, 5, 3), m, antialias=False), IMAGE)
CASES["scale_translate"] = (
    lambda x: img.scale_and_translate(x, (2, 9, 4, 3), (1, 2), np.array([1.4, 0.7], np.float32), np.array([0.5, -1.0], np.float32), "linear"),
    IMAGE,
)
CASES["scale_translate_grad"] = (
    lambda s: img.scale_and_translate(IMAGE, (2, 9, 4, 3), (1, 2), s, np.array([0.5, -1.0], np.float32), "cubic"),
    np.array([1.4, 0.7], np.float32),
)
CASES["integer_image"] = (lambda x: img.resize(np.arange(12).reshape(3, 4), (5, 6), "linear") * x, np.float32(2.0))
''' + RUN_CASE

METHODS = ("nearest", "linear", "cubic", "lanczos3", "lanczos5", "area", "cubic-pytorch")
NAMES = [f"{m}_{d}" for m in METHODS for d in ("up", "down", "down_noaa")] + [
    "scale_translate",
    "scale_translate_grad",
    "integer_image",
]


jax_results, test_same_as_jax = jax_case_tests(NAMES, HARNESS, 2e-6)



def test_bad_input():
    x = np.ones((4, 4), np.float32)
    with pytest.raises(meshjit.MeshjitValueError, match="Unknown resize method"):
        image.resize(x, (2, 2), "bilinearish")
    with pytest.raises(meshjit.MeshjitValueError, match="shape must have length"):
        image.resize(x, (2, 2, 1), "linear")
    with pytest.raises(meshjit.MeshjitValueError, match="Nearest neighbor"):
        image.scale_and_translate(x, (2, 2), (0, 1), [0.5, 0.5], [0.0, 0.0], "nearest")
    assert image.ResizeMethod.from_string("bicubic") is image.ResizeMethod.CUBIC
