"""AbstractMesh equality and hashing as JAX 0.10.2's (one JAX subprocess): two abstract meshes
are equal when their axis names, sizes and types and their devices' kind are (JAX interns them
by those four; a Mesh by its devices, axis names and types), so an AbstractMesh built by hand is not a concrete mesh's (whose devices' kind
it carries), meshes over other devices of one kind are, and axis types count; NamedShardings
over them compare as their meshes do. Caches keyed by abstract meshes then keep apart what is
traced differently (Explicit vs Auto axes)."""

import numpy as np

from tests.support.jax_oracle import jax_on_8_devices, meshjit_on_program

PROGRAM = r"""
AM, T = jax.sharding.AbstractMesh, jax.sharding.AxisType
NS = jax.sharding.NamedSharding
devices = np.array(jax.devices())
concrete = jax.sharding.Mesh(devices.reshape(2, 4), ("x", "y"))
reversed_ = jax.sharding.Mesh(devices[::-1].reshape(2, 4), ("x", "y"))
explicit = jax.make_mesh((2, 4), ("x", "y"), axis_types=(T.Explicit,) * 2)
meshes = {
    "plain": AM((2, 4), ("x", "y")),
    "plain_again": AM((2, 4), ("x", "y")),
    "auto": AM((2, 4), ("x", "y"), axis_types=(T.Auto, T.Auto)),
    "explicit": AM((2, 4), ("x", "y"), axis_types=(T.Explicit, T.Explicit)),
    "mixed": AM((2, 4), ("x", "y"), axis_types=(T.Explicit, T.Auto)),
    "sizes": AM((4, 2), ("x", "y")),
    "names": AM((2, 4), ("a", "y")),
    "concrete": concrete.abstract_mesh,
    "reversed": reversed_.abstract_mesh,
    "made_explicit": explicit.abstract_mesh,
    "updated": concrete.abstract_mesh.update(axis_types=(T.Explicit, T.Explicit)),
    "with_device": AM((2, 4), ("x", "y"), abstract_device=concrete.abstract_mesh.abstract_device),
}
names = list(meshes)
out["eq"] = np.array([[meshes[a] == meshes[b] for b in names] for a in names])
out["hash"] = np.array(
    [hash(meshes[a]) == hash(meshes[b]) for a in names for b in names if meshes[a] == meshes[b]]
)
out["ns_eq"] = np.array([[NS(meshes[a], P("y")) == NS(meshes[b], P("y")) for b in names] for a in names])
out["in_dict"] = np.array(len({m: 0 for m in meshes.values()}))
concretes = [
    concrete,
    jax.sharding.Mesh(devices.reshape(2, 4), ("x", "y")),
    jax.sharding.Mesh(devices.reshape(2, 4), ("x", "y"), axis_types=(T.Explicit,) * 2),
    reversed_,
    jax.sharding.Mesh(devices.reshape(2, 4), ("x", "z")),
]
out["mesh_eq"] = np.array([[a == b for b in concretes] for a in concretes])
out["mesh_hash"] = np.array([hash(a) == hash(b) for a in concretes for b in concretes if a == b])
"""


def test_abstract_mesh_equality_as_jax(tmp_path):
    want = jax_on_8_devices(PROGRAM, tmp_path)
    got = meshjit_on_program(PROGRAM)
    assert sorted(got) == sorted(want)
    for name, value in want.items():
        np.testing.assert_array_equal(np.asarray(got[name]), value, err_msg=name)
