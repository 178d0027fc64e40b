"""`pallas_call` in interpret mode, as JAX's HLO interpreter runs it: a loop over the grid
(row-major, the last axis fastest) whose body slices each operand's block at the start its
index map gives, calls the kernel on references to the blocks (inputs, outputs, scratch) and
writes every block back. Operands are padded to whole blocks with uninitialized values (NaN,
the smallest integer, False), outputs start uninitialized unless an input aliases them, and
scratch buffers persist across the grid. `interpret=pltpu.InterpretParams(...)` (TPU interpret
mode) runs the same way, with its own uninitialized values. Without either, a kernel would
need a GPU or TPU compiler: as JAX on CPU, that is an error."""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.api_util import fun_sourceinfo
from meshjit.compiler.errors import (
    MeshjitAttributeError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.lax.control_flow import primitive_while_loop
from meshjit.compiler.numpy.creation import asarray
from meshjit.compiler.numpy.util import is_meshjit_value
from meshjit.compiler.pallas.core import (
    Blocked,
    BlockSpec,
    BoundedSlice,
    Element,
    GridSpec,
    HbmRef,
    Indirect,
    Squeezed,
    forced_interpret,
    grid_env,
    in_hbm,
    initial_value,
    no_block_spec,
    uninitialized_memory,
    uninitialized_value,
)
from meshjit.compiler.pallas.remote import varying_state
from meshjit.compiler.state.ref import new_ref
from meshjit.compiler.trace.tracing import abstractify
from meshjit.compiler.traceback_util import api_boundary
from meshjit.compiler.tree_util import (
    equality_errors_pytreedef,
    keystr,
    tree_flatten,
    tree_flatten_with_path,
    tree_unflatten,
)


def pallas_call(
    kernel,
    out_shape,
    *,
    grid_spec: GridSpec | None = None,
    grid=(),
    in_specs=no_block_spec,
    out_specs=no_block_spec,
    scratch_shapes=(),
    input_output_aliases: Mapping[int, int] = {},  # noqa: B006  (JAX's default)
    debug: bool = False,
    interpret=False,
    name: str | None = None,
    compiler_params=None,
    cost_estimate=None,
    metadata=None,
):
    """A function running `kernel` over `grid` on blocks of its arguments (see the module)."""
    del debug, name, compiler_params, cost_estimate, metadata
    if not callable(kernel):
        raise MeshjitTypeError(f"the first argument must be callable, got {kernel!r}")
    if grid_spec is None:
        grid_spec = GridSpec(grid, in_specs, out_specs, scratch_shapes)
    else:
        _check_no_grid_parts(grid, in_specs, out_specs, scratch_shapes)
    out_shape = tuple(out_shape) if isinstance(out_shape, list) else out_shape
    flat_out_shapes, out_tree = tree_flatten(out_shape)
    for o in flat_out_shapes:
        if not (hasattr(o, "shape") and hasattr(o, "dtype")):
            raise MeshjitValueError(f"Invalid out_shape type: {type(o)}")

    @api_boundary
    def wrapped(*args):
        interpret_mode = forced_interpret(interpret)  # (as JAX: read when called)
        if not interpret_mode:
            raise MeshjitValueError(  # JAX's words, on a CPU backend
                "Only interpret mode is supported on CPU backend."
            )
        flat_args, in_tree = tree_flatten(args)
        arrays = [asarray(a) for a in flat_args]
        aliases = dict(input_output_aliases)
        _check_alias_indices(arrays, flat_out_shapes, aliases)
        memory = getattr(interpret_mode, "uninitialized_memory", "hlo")  # "hlo": interpret=True
        with uninitialized_memory(memory):
            outs = _interpret(
                kernel, grid_spec, arrays, in_tree, flat_out_shapes, out_tree, aliases,
                tpu_mode=memory != "hlo",
            )  # fmt: skip
        # as JAX: checked once the kernel is traced (a store of the wrong type fails first)
        _check_alias_types(arrays, args, flat_out_shapes, out_shape, aliases)
        return tree_unflatten(out_tree, outs)

    return wrapped


def _check_no_grid_parts(grid, in_specs, out_specs, scratch_shapes) -> None:
    """JAX's errors for a `grid_spec` given together with one of the parts it holds."""
    for what, value, given, empty in (
        ("grid", grid, bool(grid), "`()`"),
        ("in_specs", in_specs, in_specs is not no_block_spec, "`no_block_spec`"),
        ("out_specs", out_specs, out_specs is not no_block_spec, "`no_block_spec`"),
        ("scratch_shapes", scratch_shapes, bool(scratch_shapes), "`()`"),
    ):
        if given:
            raise MeshjitValueError(
                f"If `grid_spec` is specified, then `{what}` must be {empty}. It is {value}"
            )


class _Block:
    """One operand's blocking: its block dims, the index map and the array's shape."""

    def __init__(self, spec, shape: tuple, origin: str):
        self.origin, self.shape = origin, shape
        block_shape = shape if spec is None or spec.block_shape is None else spec.block_shape
        self.dims = tuple(_block_dim(d) for d in block_shape)
        if len(self.dims) != len(shape):
            raise MeshjitValueError(
                f"Block shape for {origin} (= {self.dims}) must have the same number "
                f"of dimensions as the array shape {shape}."
            )
        self.hbm = in_hbm(spec)  # (TPU interpret mode: only copies may touch it)
        index_map = None if spec is None else spec.index_map
        self.index_map = index_map or (lambda *_: (0,) * len(shape))
        self.low = [d.padding[0] if isinstance(d, Element) else 0 for d in self.dims]
        self.high = [d.padding[1] if isinstance(d, Element) else 0 for d in self.dims]

    @property
    def sizes(self) -> tuple:
        return tuple(1 if isinstance(d, Squeezed) else d.block_size for d in self.dims)

    @property
    def ref_shape(self) -> tuple:
        return tuple(s for s, d in zip(self.sizes, self.dims) if not isinstance(d, Squeezed))

    def starts(self, indices: tuple, scalar_refs: list) -> tuple:
        """The block's start in the (padded) array at grid point `indices`."""
        block_indices = self.index_map(*indices, *scalar_refs)
        if not isinstance(block_indices, tuple | list):
            block_indices = (block_indices,)
        if len(block_indices) != len(self.dims):
            raise MeshjitValueError(
                f"Index map function {fun_sourceinfo(self.index_map)} for {self.origin} must return "
                f"{len(self.dims)} values to match block_shape={self.dims}. Currently "
                f"returning {len(block_indices)} values."
            )
        for k, i in enumerate(block_indices):
            if i is None or isinstance(i, str):  # JAX reads each output's shape
                raise MeshjitAttributeError(
                    f"'{type(i).__name__}' object has no attribute 'shape' (index map "
                    f"{fun_sourceinfo(self.index_map)} returned {block_indices!r})"
                )
            aval = abstractify(i)
            if aval.shape or aval.dtype not in (np.int32, np.int64):
                raise MeshjitValueError(
                    f"Index map function {fun_sourceinfo(self.index_map)} for {self.origin} "
                    f"must return integer scalars. Output[{k}] has type {aval}."
                )
        return tuple(
            lax.convert_element_type(i * d.block_size if isinstance(d, Blocked) else i, np.int32)
            for i, d in zip(block_indices, self.dims)
        )

    def padded(self, x):
        """`x` with Element padding and whole blocks (uninitialized values past the end)."""
        low = self.low
        sizes = [n + lo + hi for n, lo, hi in zip(x.shape, low, self.high)]
        high = [hi + (-n % b) for n, hi, b in zip(sizes, self.high, self.sizes)]
        if not any(low) and not any(high):
            return x
        fill = uninitialized_value((), x.dtype)
        return lax.pad(x, fill, [(lo, hi, 0) for lo, hi in zip(low, high)])

    def unpadded(self, x):
        if x.shape == self.shape and not any(self.low):
            return x
        return lax.slice(x, self.low, [lo + n for lo, n in zip(self.low, self.shape)])

    def read(self, x, starts):
        block = lax.dynamic_slice(x, starts, self.sizes)
        return lax.reshape(block, self.ref_shape)

    def write(self, x, block, starts):
        return lax.dynamic_update_slice(x, lax.reshape(block, self.sizes), starts)


def _block_dim(d):
    if d is None:
        return Squeezed()
    if isinstance(d, Blocked | Squeezed | Element):
        return d
    if isinstance(d, int | np.integer):
        return Blocked(int(d))
    if isinstance(d, BoundedSlice | Indirect):  # (Mosaic GPU's: no interpret mode, as JAX)
        raise MeshjitValueError(f"Unsupported block dim type: {type(d)}")
    raise MeshjitTypeError(f"a block shape holds ints, None or block dims; got {d!r}")


def _specs(specs, tree, count: int, what: str, n_scalars: int = 0) -> list:
    """One block spec (or None: the whole array) per flattened operand (past the scalars)."""
    if specs is no_block_spec:
        return [None] * count
    if isinstance(specs, list):
        specs = tuple(specs)
    if isinstance(specs, BlockSpec) and count == 1 and tree.num_leaves == n_scalars + 1:
        return [specs]
    flat, spec_tree = tree_flatten(specs, is_leaf=lambda s: isinstance(s, BlockSpec) or s is None)
    same = len(flat) == count and all(isinstance(s, BlockSpec) or s is None for s in flat)
    if same and not n_scalars:  # the specs' containers are the operands' (JAX's check)
        mine = tree_flatten(tree_unflatten(spec_tree, [0] * count))[1]
        # a spec stands for a whole operand, a key array (a node of its data) too
        same = mine == tree or all(
            thing1 == "pytree leaf" for _, thing1, _, _ in equality_errors_pytreedef(mine, tree)
        )
    if not same:
        operands = "inputs" if what == "in_specs" else "out_shape"
        detail = f"There are {len(flat)} specs and {count} {operands}"
        if tree.num_leaves == count:  # JAX's differences of the two structures
            errors = list(equality_errors_pytreedef(tree_flatten(specs)[1], tree))
            lines = [
                f"\n    * {f'at {keystr(path)}, ' if path else ''}`{what}` is a {thing1} but "
                f"`{operands}` is a {thing2}, so {why}"
                for path, thing1, thing2, why in errors
            ]
            detail = f"There are {len(errors)} mismatches, including:{''.join(lines)}"
        raise MeshjitValueError(f"Pytree for `{what}` and `{operands}` do not match. {detail}")
    return flat


def _grid(grid) -> tuple:
    if grid is None:
        return ()
    grid = (grid,) if isinstance(grid, int | np.integer) else tuple(grid)
    for g in grid:
        if isinstance(g, int | np.integer):
            continue
        if not is_meshjit_value(g):  # an array or a tracer: a dynamic bound
            raise MeshjitValueError(f"Grid must be a tuple of integers or jax.Array, got {grid}")
        raise MeshjitNotImplementedError("interpret with dynamic grid bounds unsupported")
    return tuple(int(g) for g in grid)


def _interpret(kernel, grid_spec, arrays, in_tree, out_shapes, out_tree, aliases, tpu_mode):
    grid = _grid(grid_spec.grid)
    n_scalars = grid_spec.num_scalar_prefetch
    scalars, operands = arrays[:n_scalars], arrays[n_scalars:]
    in_specs = _specs(grid_spec.in_specs, in_tree, len(operands), "in_specs", n_scalars)
    out_specs = _specs(grid_spec.out_specs, out_tree, len(out_shapes), "out_specs")
    ins = [
        _Block(s, a.shape, f"args[{k + n_scalars}]")
        for k, (s, a) in enumerate(zip(in_specs, operands))
    ]
    out_paths = [
        keystr(p) for p, _ in tree_flatten_with_path(tree_unflatten(out_tree, out_shapes))[0]
    ]
    outs = [
        _Block(s, tuple(o.shape), f"outputs{path}")
        for s, o, path in zip(out_specs, out_shapes, out_paths)
    ]
    initial_outs = _initial_outputs(arrays, out_shapes, aliases)
    scratch, scratch_tree = tree_flatten(grid_spec.scratch_shapes)
    for s in scratch:
        if not hasattr(s, "get_ref_aval"):  # JAX's: a scratch type is a memory space's
            raise MeshjitAttributeError(
                f"'{type(s).__name__}' object has no attribute 'get_ref_aval' (a scratch "
                "shape is a memory space's buffer type, such as pltpu.VMEM(shape, dtype))"
            )
    blocks = ins + outs
    carry = [b.padded(x) for b, x in zip(blocks, [*operands, *initial_outs])]
    carry += [initial_value(s) for s in scratch]
    carry = varying_state(carry, out_shapes)

    def body(i, carry):
        indices = _grid_indices(i, grid)
        values, scratch_values = carry[: len(blocks)], carry[len(blocks) :]
        scalar_refs = [new_ref(x) for x in scalars]
        with grid_env(indices, grid, []):
            starts = [b.starts(indices, scalar_refs) for b in blocks]
        refs = [new_ref(b.read(x, s)) for b, x, s in zip(blocks, values, starts)]
        scratch_refs = [new_ref(v) for v in scratch_values]
        seen = [HbmRef(r) if tpu_mode and b.hbm else r for b, r in zip(blocks, refs)]
        with grid_env(indices, grid, [*refs, *scratch_refs]):
            _call_kernel(kernel, [*scalar_refs, *seen], scratch_refs, scratch_tree)
        written = [b.write(x, r[...], s) for b, x, r, s in zip(blocks, values, refs, starts)]
        return written + [r[...] for r in scratch_refs]

    # a while loop, as JAX's interpreter (a trace even for grid (); forward-mode only)
    steps = np.int32(math.prod(grid))
    _, carry = primitive_while_loop(
        "pallas_call",
        lambda state: lax.lt(state[0], steps),
        lambda state: (lax.add(state[0], np.int32(1)), body(state[0], state[1])),
        (np.int32(0), carry),
    )
    return [b.unpadded(x) for b, x in zip(outs, carry[len(ins) : len(blocks)])]


def _call_kernel(kernel, refs, scratch_refs, scratch_tree) -> None:
    scratch = tree_unflatten(scratch_tree, scratch_refs)
    if isinstance(scratch, dict):
        result = kernel(*refs, **scratch)
    else:
        result = kernel(*refs, *scratch)
    if result is not None:
        raise MeshjitValueError(
            f"The kernel function in the pallas_call {fun_sourceinfo(kernel)} should return "
            f"None. It returns a PyTree: {tree_flatten(result)[1]}"
        )


def _check_alias_indices(arrays, out_shapes, aliases: dict) -> None:
    """JAX's errors for an alias naming no input or output."""
    for i, o in aliases.items():
        for index, n, what in ((i, len(arrays), "input"), (o, len(out_shapes), "output")):
            if index not in range(n):
                raise MeshjitValueError(
                    f"input_output_aliases contains the mapping '{i}:{o}' with {what} index "
                    f"{index} outside the range [0, {n})"
                )


def _same_type(array, shape) -> bool:
    return array.shape == tuple(shape.shape) and array.dtype == np.dtype(shape.dtype)


def _check_alias_types(arrays, args, out_shapes, out_shape, aliases: dict) -> None:
    """JAX's error for an alias joining an input and an output of different types."""
    for i, o in aliases.items():
        a, s = arrays[i], out_shapes[o]
        if not _same_type(a, s):
            in_path = keystr(tree_flatten_with_path(args)[0][i][0])
            out_path = keystr(tree_flatten_with_path(out_shape)[0][o][0])
            raise MeshjitValueError(
                f"input_output_aliases contains the mapping '{i}:{o}' referring to "
                f"input{in_path} with abstract value {a.dtype}{list(a.shape)} and to "
                f"output{out_path} with a different abstract value "
                f"{np.dtype(s.dtype)}{list(s.shape)}."
            )


def _initial_outputs(arrays, out_shapes, aliases: dict) -> list:
    """Each output's value before the grid runs: the input aliasing it, else uninitialized."""
    by_output = {o: arrays[i] for i, o in aliases.items() if _same_type(arrays[i], out_shapes[o])}
    return [
        by_output.get(k, uninitialized_value(s.shape, s.dtype)) for k, s in enumerate(out_shapes)
    ]


def _grid_indices(i, grid: tuple) -> tuple:
    """The program ids at step `i` of a row-major walk over `grid` (int32 scalars)."""
    i = lax.convert_element_type(i, np.int32)
    indices = []
    for size in reversed(grid):
        indices.append(lax.rem(i, np.int32(size)))
        i = lax.div(i, np.int32(size))
    return tuple(reversed(indices))
