"""The example suite: name -> module, for the tests and the propagation benchmark.

Every module provides
- `init_params(seed=0) -> dict` and `make_inputs(seed=1) -> tuple` (NumPy arrays, small sizes);
- `forward(params, *inputs)` written with meshjit.numpy / nn / lax, and `forward_numpy`, its
  NumPy reference;
- `PARAM_SPECS` (a dict of PartitionSpecs like the params) and `INPUT_SPECS` (one per input)
  over the 4x2 mesh `MESH_SHAPE`: the only shardings given; propagation decides the rest.
"""

from __future__ import annotations

from examples import convnet, embedding, mlp, moe, scan_layers, transformer

MESH_SHAPE, MESH_AXES = (4, 2), ("data", "model")

EXAMPLES = {
    "mlp": mlp,
    "transformer": transformer,
    "moe": moe,
    "convnet": convnet,
    "embedding": embedding,
    "scan_layers": scan_layers,
}


def make_mesh():
    import meshjit

    return meshjit.make_mesh(MESH_SHAPE, MESH_AXES)


def in_shardings(example, mesh) -> tuple:
    """`in_shardings` for `jit(example.forward)`: (param shardings, *input shardings)."""
    from meshjit.sharding import NamedSharding

    params = {k: NamedSharding(mesh, s) for k, s in example.PARAM_SPECS.items()}
    return (params, *(NamedSharding(mesh, s) for s in example.INPUT_SPECS))


def jitted(example, mesh, propagation: str = "meshjit"):
    """`jit(example.forward)` with only the parameter and input shardings given."""
    import meshjit

    return meshjit.jit(
        example.forward, in_shardings=in_shardings(example, mesh), propagation=propagation
    )


def arguments(example) -> tuple:
    return (example.init_params(), *example.make_inputs())


def lowered_text(example, mesh) -> str:
    """The module meshjit emits for the example (before any propagation), with locations."""
    return jitted(example, mesh).lower(*arguments(example)).as_text(debug_info=True)
