"""The example suite: name -> module, for the tests and the propagation benchmark.

Every module provides
- `init_params(seed=0) -> dict` and `make_inputs(seed=1) -> tuple` (NumPy arrays, small sizes);
- `forward(params, *inputs)` written with meshjit.numpy / nn / lax, and `forward_numpy`, its
  NumPy reference;
- `PARAM_SPECS` (a dict of PartitionSpecs like the params) and `INPUT_SPECS` (one per input)
  over the 4x2 mesh `MESH_SHAPE`: the only shardings given; propagation decides the rest.
Variants (`variant`) run the same program with other practitioners' layouts (FSDP + tensor
parallelism, expert parallelism, pure FSDP).
"""

from __future__ import annotations

import types

from examples import convnet, embedding, mlp, moe, scan_layers, transformer
from meshjit.sharding import P

MESH_SHAPE, MESH_AXES = (4, 2), ("data", "model")


def variant(example, **specs):
    """`example` with other PARAM_SPECS / INPUT_SPECS (the same program and reference)."""
    fields = ("init_params", "make_inputs", "forward", "forward_numpy")
    out = types.SimpleNamespace(**{k: getattr(example, k) for k in fields})
    out.PARAM_SPECS = {**example.PARAM_SPECS, **specs.get("params", {})}
    out.INPUT_SPECS = specs.get("inputs", example.INPUT_SPECS)
    return out


# FSDP + tensor parallelism: weights also split over "data" along the dim tensor parallelism
# leaves whole (gathered before use, as FSDP does); the batch over "data".
MLP_FSDP = variant(mlp, params={"w1": P("data", "model"), "w2": P("model", "data")})
TRANSFORMER_FSDP = variant(
    transformer,
    params={
        **{w: P("data", "model", None) for w in ("wq", "wk", "wv")},
        "wo": P("model", None, "data"),
        "w1": P("data", "model"),
        "w2": P("model", "data"),
    },
)
# Expert parallelism over "model" with the expert weights' model dim split over "data".
MOE_EP_FSDP = variant(
    moe, params={"w_in": P("model", "data", None), "w_out": P("model", None, "data")}
)

# Pure FSDP (ZeRO-3): every weight matrix split over "data" along its first (non-layer)
# dim and gathered where it is used, the batch over "data"; no tensor parallelism.
TRANSFORMER_ZERO3 = variant(
    transformer,
    params={
        **{w: P("data", None, None) for w in ("wq", "wk", "wv", "wo")},
        "w1": P("data", None),
        "w2": P("data", None),
    },
)
MOE_ZERO3 = variant(
    moe,
    params={
        "w_gate": P("data", None),
        "w_in": P(None, "data", None),
        "b_in": P(),
        "w_out": P(None, None, "data"),
    },
)
CONVNET_FSDP = variant(convnet, params={"w_head": P("data", None)})
# The embedding table split along its feature dim (MaxText's "embed" axis), the projections
# along their input dim.
EMBEDDING_FSDP = variant(
    embedding,
    params={"embed": P(None, "data"), "w_hidden": P("data", None), "w_out": P("data", None)},
)
SCAN_LAYERS_FSDP = variant(
    scan_layers, params={"w1": P(None, "data", None), "b1": P(), "w2": P(None, "data", None)}
)

EXAMPLES = {
    "mlp": mlp,
    "transformer": transformer,
    "moe": moe,
    "convnet": convnet,
    "embedding": embedding,
    "scan_layers": scan_layers,
    "mlp_fsdp": MLP_FSDP,
    "transformer_fsdp": TRANSFORMER_FSDP,
    "moe_ep_fsdp": MOE_EP_FSDP,
    "transformer_zero3": TRANSFORMER_ZERO3,
    "moe_zero3": MOE_ZERO3,
    "convnet_fsdp": CONVNET_FSDP,
    "embedding_fsdp": EMBEDDING_FSDP,
    "scan_layers_fsdp": SCAN_LAYERS_FSDP,
}


def make_mesh():
    import meshjit

    # Auto axes: these programs leave the layouts to propagation (meshjit.make_mesh defaults to
    # Explicit axes, as JAX 0.10.2; see examples/explicit.py for that mode).
    auto = (meshjit.sharding.AxisType.Auto,) * len(MESH_AXES)
    return meshjit.make_mesh(MESH_SHAPE, MESH_AXES, axis_types=auto)


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
