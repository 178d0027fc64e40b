"""meshjit.experimental.mesh_utils: device arrays for meshes, as `jax.experimental.mesh_utils`."""

from meshjit.compiler.parallel.mesh_utils import create_device_mesh, create_hybrid_device_mesh

__all__ = ["create_device_mesh", "create_hybrid_device_mesh"]
