"""meshjit.experimental.mesh_utils against JAX's on 8 CPU devices (device ids laid out the
same), and its errors."""

from __future__ import annotations

import numpy as np
import pytest

import meshjit
from meshjit.experimental import mesh_utils
from tests.support.jax_oracle import jax_on_8_devices

CASES = {
    "flat": "mesh_utils.create_device_mesh((8,))",
    "grid": "mesh_utils.create_device_mesh((4, 2))",
    "three": "mesh_utils.create_device_mesh([2, 2, 2])",
    "subset": "mesh_utils.create_device_mesh((2, 2), jax.devices()[4:])",
    "hybrid": "mesh_utils.create_hybrid_device_mesh((4, 2), (1, 1), process_is_granule=True)",
}


@pytest.fixture(scope="module")
def jax_out(tmp_path_factory):
    program = "from jax.experimental import mesh_utils\n" + "\n".join(
        f"out[{k!r}] = np.vectorize(lambda d: d.id)({src})" for k, src in CASES.items()
    )
    return jax_on_8_devices(program, tmp_path_factory.mktemp("mesh_utils"))


@pytest.mark.parametrize("case", CASES)
def test_matches_jax(case, jax_out):
    got = eval(CASES[case], {"mesh_utils": mesh_utils, "jax": meshjit})
    np.testing.assert_array_equal(np.vectorize(lambda d: d.id)(got), jax_out[case])
    meshjit.sharding.Mesh(got, tuple("abc"[: got.ndim]))  # usable as a mesh


def test_errors():
    with pytest.raises(ValueError, match=r"Number of devices 8 must equal the product of"):
        mesh_utils.create_device_mesh((3, 2))
    with pytest.raises(ValueError, match="should be a sequence of ints"):
        mesh_utils.create_device_mesh(("a", 2))
    with pytest.raises(ValueError, match="does not have attribute slice_index"):
        mesh_utils.create_hybrid_device_mesh((4, 2), (1, 1))
    with pytest.raises(ValueError, match="Number of slices 1 must equal"):
        mesh_utils.create_hybrid_device_mesh((2, 2), (2, 1), process_is_granule=True)
