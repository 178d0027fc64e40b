"""visualize_sharding: a text table of which devices hold which block of an array."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitValueError


def visualize_sharding(array_or_sharding, shape=None, *, print_output: bool = True) -> str:
    """Draws a rank-1 or rank-2 layout as a grid; each cell lists the devices holding it."""
    from meshjit.compiler.runtime import placement as plc  # runtime sits after parallel

    placement, shape = _placement_and_shape(array_or_sharding, shape)
    if not 1 <= len(shape) <= 2:
        raise MeshjitValueError(
            f"visualize_sharding draws rank-1 and rank-2 arrays, got shape {tuple(shape)}"
        )
    grid_shape = tuple(shape) if len(shape) == 2 else (1,) + tuple(shape)
    cells: dict[tuple, list[int]] = {}
    for device, index in zip(placement._devices, plc.shard_indices(placement, tuple(shape))):
        index = index if len(shape) == 2 else (slice(0, 1),) + index
        key = tuple((s.start, s.stop) for s in index)
        cells.setdefault(key, []).append(device.id)
    text = _render(cells, grid_shape)
    if print_output:
        print(text)
    return text


def _placement_and_shape(obj, shape):
    from meshjit.compiler.parallel.sharding import NamedSharding, SingleDeviceSharding
    from meshjit.compiler.runtime import placement as plc
    from meshjit.compiler.runtime.array import Array

    if type(obj) is Array:
        return obj._placement, obj.aval.shape
    if shape is None:
        raise MeshjitValueError("visualize_sharding of a sharding needs the array shape")
    if isinstance(obj, NamedSharding):
        return plc.placement_for(obj, shape), tuple(shape)
    if isinstance(obj, SingleDeviceSharding):
        from meshjit.compiler.runtime.client import replicated_sharding

        return replicated_sharding([obj.device]), tuple(shape)
    raise MeshjitValueError(f"cannot visualize {type(obj).__name__}")


def _render(cells, grid_shape) -> str:
    rows = sorted({k[0] for k in cells})
    cols = sorted({k[1] for k in cells})
    labels = {key: ("CPU " + ",".join(map(str, sorted(ids)))) for key, ids in cells.items()}
    width = max(len(v) for v in labels.values()) + 2
    border = "+" + "+".join("-" * width for _ in cols) + "+"
    lines = [border]
    for r in rows:
        cells_text = [labels.get((r, c), "").center(width) for c in cols]
        lines.append("|" + "|".join(cells_text) + "|")
        lines.append(border)
    return "\n".join(lines)
