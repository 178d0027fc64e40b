"""visualize_sharding: a text table of which devices hold which block of an array."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.parallel.inspect import inspect_array_sharding


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


# ---------------------------------------------------------------------------------------------
# jax.debug's visualize_sharding / visualize_array_sharding: JAX's layout, drawn with `rich`
# (each block's size in proportion to its share of the array; devices holding the same block
# listed together).


def debug_visualize_sharding(shape, sharding, *, use_color: bool = True, scale: float = 1.0,
                             min_width: int = 9, max_width: int = 80, color_map=None) -> None:  # fmt: skip
    """Prints the blocks of a rank-1 or rank-2 `shape` laid out by `sharding`, as JAX does."""
    import rich.align
    import rich.box
    import rich.console
    import rich.padding
    import rich.style
    import rich.table

    if not 1 <= len(shape) <= 2:
        raise MeshjitValueError(
            "`visualize_sharding` only works for shapes with 1 and 2 dimensions."
        )
    console = rich.console.Console(width=max_width)
    use_color = use_color and console.color_system is not None and color_map is not None
    base_height = int(10 * scale)
    base_width = int(base_height * (shape[1] if len(shape) == 2 else 1) / shape[0])
    kind = next(iter(sharding.device_set)).platform.upper()
    slices, heights, widths = _blocks(tuple(shape), sharding)
    rows = max(k[0] for k in slices) + 1
    cols = max(k[1] for k in slices) + 1
    colors = iter(color_map(v) for v in np.linspace(0, 1, rows * cols)) if use_color else None
    table = rich.table.Table(show_header=False, show_lines=not use_color, padding=0,
                             highlight=not use_color, pad_edge=False,
                             box=rich.box.SQUARE if not use_color else None)  # fmt: skip
    for i in range(rows):
        cells = []
        for j in range(cols):
            entry = f"{kind} " + ",".join(str(d) for d in sorted(slices[i, j]))
            width = min(max(int(widths[i, j] * base_width * 2.5), min_width), max_width)
            height = 1 if heights[i, j] is None else int(heights[i, j] * base_height)
            left, extra = divmod(width - len(entry) - 2, 2)
            top, extra_v = divmod(height - 2, 2)
            pad = (max(top, 0), max(left + extra, 0), max(top + extra_v, 0), max(left, 0))
            style = rich.style.Style()
            if colors is not None:
                r, g, b = (int(c * 255) for c in next(colors)[:3])
                style = rich.style.Style(bgcolor=f"#{r:02X}{g:02X}{b:02X}")
            align = rich.align.Align(entry, "center", vertical="middle")
            cells.append(rich.padding.Padding(align, pad, style=style))
        table.add_row(*cells)
    console.print(table, end="\n\n")


def _blocks(shape, sharding):
    """(devices, height share, width share) per (row, column) block, as JAX's visualizer
    counts them (a rank-1 shape is one row, of no height)."""
    index_map = sharding.devices_indices_map(shape)
    starts = [sorted({_start(idx[d]) for idx in index_map.values()}) for d in range(len(shape))]
    slices: dict = {}
    heights: dict = {}
    widths: dict = {}
    for device, idx in index_map.items():
        sizes = [_size(s, n) for s, n in zip(idx, shape)]
        key = tuple(starts[d].index(_start(s)) for d, s in enumerate(idx))
        if len(shape) == 1:
            key = (0, *key)
            heights[key], widths[key] = None, sizes[0] / shape[0]
        else:
            heights[key], widths[key] = sizes[0] / shape[0], sizes[1] / shape[1]
        slices.setdefault(key, set()).add(device.id)
    return slices, heights, widths


def _start(s) -> int:
    return s if isinstance(s, int) else (s.start or 0)


def _size(s, n: int) -> int:
    if isinstance(s, int):
        return 1
    return (n if s.stop is None else s.stop) - (s.start or 0)


def visualize_array_sharding(arr, **kwargs) -> None:
    """Prints `arr`'s layout (inside jit: the one XLA gives it), as jax.debug's."""

    def show(sharding):
        debug_visualize_sharding(arr.shape, sharding, **kwargs)

    inspect_array_sharding(arr, callback=show)
