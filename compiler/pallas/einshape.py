"""`pltpu.einshape` (JAX's `jax._src.pallas.einshape`): reshapes and transposes in an
einsum-like notation. `"a(bc)->bac"`: parentheses on the left split a dimension, on the right
they merge dimensions; the order of the names on the right is the transpose. Sizes a split
cannot infer are keyword arguments (`einshape("a(bc)->abc", x, b=4)`)."""

from __future__ import annotations

import math

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError


def _groups(side: str) -> list[list[str]]:
    """`"a(bc)d"` -> `[["a"], ["b", "c"], ["d"]]`."""
    side = side.replace(" ", "")
    groups, i = [], 0
    while i < len(side):
        if side[i] == "(":
            end = side.find(")", i)
            if end == -1:
                raise MeshjitValueError(f"Unmatched parenthesis in {side!r}")
            groups.append(list(side[i + 1 : end]))
            i = end + 1
        elif side[i] == ")":
            raise MeshjitValueError(f"Unmatched parenthesis in {side!r}")
        else:
            groups.append([side[i]])
            i += 1
    return groups


def _split_sizes(group: list[str], size: int, known: dict, sizes: dict) -> None:
    """Records the sizes of a group's names, inferring at most one of them from `size`."""
    product, unknown = 1, []
    for name in group:
        if name in sizes:
            known[name] = sizes[name]
        if name in known:
            product *= known[name]
        else:
            unknown.append(name)
    if not unknown:
        if product != size:
            raise MeshjitValueError(
                f"Size mismatch for group {group}: expected {size}, got {product}"
            )
    elif len(unknown) == 1:
        if size % product:
            raise MeshjitValueError(f"Cannot split size {size} with known sizes {product}")
        known[unknown[0]] = size // product
    else:
        raise MeshjitValueError(
            f"Ambiguous split for {group} with size {size}. Unknowns: {unknown}. Provide sizes "
            "via kwargs."
        )


def _sizes(lhs, rhs, shape: tuple, sizes: dict) -> dict[str, int]:
    if len(lhs) != len(shape):
        raise MeshjitValueError(
            f"Equation LHS has {len(lhs)} groups but input has {len(shape)} dims. LHS: {lhs}, "
            f"Input shape: {shape}"
        )
    known: dict[str, int] = {}
    for group, size in zip(lhs, shape, strict=True):
        if len(group) == 1:
            (name,) = group
            if name in known and known[name] != size:
                raise MeshjitValueError(f"Inconsistent size for {name}: {known[name]} vs {size}")
            known[name] = size
        else:
            _split_sizes(group, size, known, sizes)
    for name in (n for group in rhs for n in group):
        if name not in known:
            if name not in sizes:
                raise MeshjitValueError(f"Unknown dimension {name} in RHS")
            known[name] = sizes[name]
    return known


def einshape(equation: str, x, assert_is_tile_preserving: bool = False, **sizes: int):
    """`x` split, transposed and merged as `equation` says."""
    del assert_is_tile_preserving  # (a TPU layout property; the values are the same)
    if equation.count("->") != 1:
        raise MeshjitValueError("Equation must contain exactly one '->'")
    lhs, rhs = (_groups(side) for side in equation.split("->"))
    known = _sizes(lhs, rhs, tuple(x.shape), sizes)
    names = [n for group in lhs for n in group]
    out_names = [n for group in rhs for n in group]
    if set(names) != set(out_names):
        raise MeshjitNotImplementedError(
            "Only reordering/splitting/merging supported (no broadcast yet)."
        )
    split = tuple(known[n] for n in names)
    if split != tuple(x.shape):
        x = lax.reshape(x, split)
    if names != out_names:
        x = lax.transpose(x, tuple(names.index(n) for n in out_names))
    merged = tuple(math.prod(known[n] for n in group) for group in rhs)
    return x if merged == tuple(x.shape) else lax.reshape(x, merged)
