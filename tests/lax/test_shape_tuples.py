"""lax's convolution and window shape helpers give JAX's shapes, with JAX's types of sizes
(JAX runs in a subprocess)."""

import numpy as np
import pytest

from meshjit import lax
from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r"""
CASES = {
    "perm_nhwc": lambda: lax.conv_general_permutations(("NHWC", "HWIO", "NHWC")),
    "perm_nchw": lambda: lax.conv_general_permutations(("NCHW", "OIHW", "NCHW")),
    "perm_mixed": lambda: lax.conv_general_permutations(("NWHC", "HWOI", "CNHW")),
    "general_same": lambda: lax.conv_general_shape_tuple(
        (2, 9, 7, 3), (3, 3, 3, 8), (2, 1), "SAME", ("NHWC", "HWIO", "NHWC")),
    "general_valid": lambda: lax.conv_general_shape_tuple(
        (2, 3, 9, 7), (8, 3, 4, 2), (1, 3), "VALID", ("NCHW", "OIHW", "NCHW")),
    "general_pads": lambda: lax.conv_general_shape_tuple(
        (1, 10, 4), (5, 4, 6), (2,), [(1, 2)], ("NWC", "WIO", "NCW")),
    "canonical": lambda: lax.conv_shape_tuple((4, 3, 10, 10), (6, 3, 3, 3), (1, 2), "SAME"),
    "canonical_groups": lambda: lax.conv_shape_tuple(
        (4, 3, 10), (6, 3, 3), (1,), [(0, 0)], batch_group_count=2),
    "transpose_same": lambda: lax.conv_transpose_shape_tuple(
        (2, 5, 5, 4), (3, 3, 4, 6), (2, 2), "SAME", ("NHWC", "HWIO", "NHWC")),
    "transpose_valid": lambda: lax.conv_transpose_shape_tuple(
        (2, 4, 5, 5), (6, 4, 3, 2), (3, 1), "VALID", ("NCHW", "OIHW", "NCHW")),
    "window": lambda: lax.reduce_window_shape_tuple((8, 9), (2, 3), (2, 2), [(0, 1), (1, 1)]),
    "window_of_numpy_sizes": lambda: lax.reduce_window_shape_tuple(
        tuple(np.int64(d) for d in (8, 9)), (2, 3), (2, 2), [(0, 1), (1, 1)]),
    # stax's pooling of a (0, ...) batch: an undilated NumPy zero size stays a NumPy integer
    "window_of_numpy_zero": lambda: lax.reduce_window_shape_tuple(
        (np.int64(0), np.int64(4)), (1, 2), (1, 2), [(0, 0), (0, 0)], (1, 1), (1, 1)),
    "window_dilated": lambda: lax.reduce_window_shape_tuple(
        (8, 9), (2, 3), (1, 2), [(0, 0), (2, 0)], (2, 1), (1, 2)),
}
for name, case in CASES.items():
    out[name] = np.array(case())
    # The sizes' types too: JAX computes with NumPy (np.int64 sizes, which stax's shapes show).
    out[name + "|types"] = np.array([type(v).__name__ for v in case()])
"""


def test_shape_tuples_as_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM)
    for name in want:
        np.testing.assert_array_equal(got[name], want[name], err_msg=name)


def test_bad_dimension_numbers():
    with pytest.raises(TypeError, match="exactly once"):
        lax.conv_general_permutations(("NHWC", "HWIIO", "NHWC"))
    with pytest.raises(TypeError, match="same set of spatial"):
        lax.conv_general_permutations(("NHWC", "HDIO", "NHWC"))
    with pytest.raises(TypeError, match="Wrong number of explicit pads"):
        lax.conv_shape_tuple((1, 1, 4, 4), (1, 1, 2, 2), (1, 1), [(0, 0)])
