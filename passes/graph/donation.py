"""Import step of meshjit's own mode: a donated argument updated in place keeps its sharding.

XLA reuses a donated buffer for a result only when the two have the same shape on every device,
so a result that updates a donated argument elementwise (a training step's `p - lr * g`) and
leaves with another sharding both wastes the donation and hands the next call an argument with
a new sharding (a new compile). Shardy's passes mostly keep such a result as its argument
(elementwise ops take their operands' sharding first); meshjit's cost model, free to pick any
sharding for an unannotated result, may prefer the gradient's. Before propagation, each
unannotated result of a public function that is computed elementwise from a donated argument
of its type (`jax.buffer_donor`), or that the module aliases to an argument
(`tf.aliasing_output`), takes that argument's sharding, as an out_sharding would give it.
Shardy-compatible modes skip this step: Shardy does no such thing.
"""

from __future__ import annotations

import collections

from jaxlib.mlir import ir

from meshjit.dialects.sdy import SHARDING_ATTR
from meshjit.passes.graph import sharding_io as io
from meshjit.passes.graph.call_graph import is_private
from meshjit.passes.rules import SHARDY_ELEMENTWISE_OPS

_DONOR = "jax.buffer_donor"
_ALIAS = "tf.aliasing_output"
# Ops a donated value's update may pass through with its dims unchanged.
_UPDATES = SHARDY_ELEMENTWISE_OPS | {"sdy.sharding_constraint"}
_MAX_OPS = 256  # ops looked at per result (an update is a short elementwise chain)


def pin_donated_updates(module_op: ir.Operation) -> None:
    """Gives each public function's unannotated results their donated argument's sharding."""
    for op in module_op.regions[0].blocks[0].operations:
        func = op.operation
        if func.name == "func.func" and not is_private(func) and len(func.regions[0].blocks):
            _pin_results(func)


def _pin_results(func) -> None:
    n_args, n_results = io.func_counts(func)
    donors, aliases = _donated_args(func, n_args)
    if not donors and not aliases:
        return
    block = func.regions[0].blocks[0]
    returned = list(block.operations[len(block.operations) - 1].operands)
    taken = set()
    for j in range(n_results):
        if io.func_result_sharding(func, j) is not None:
            continue
        arg = aliases.get(j)
        if arg is None:
            arg = _updated_donor(returned[j], block, donors, taken)
        if arg is not None:
            taken.add(arg)
            io.set_func_result_sharding(func, j, io.func_arg_sharding(func, arg))


def _donated_args(func, n_args: int) -> tuple[set, dict]:
    """(sharded donated arguments, {result: argument it is aliased to})."""
    donors, aliases = set(), {}
    for i, attrs in enumerate(io.func_arg_attrs(func, n_args)):
        if SHARDING_ATTR not in attrs:
            continue
        if _ALIAS in attrs:
            aliases[ir.IntegerAttr(attrs[_ALIAS]).value] = i
        elif _DONOR in attrs and ir.BoolAttr(attrs[_DONOR]).value:
            donors.add(i)
    return donors, aliases


def _updated_donor(value: ir.Value, block, donors: set, taken: set) -> int | None:
    """The first donated argument of `value`'s type that `value` is computed from through
    elementwise ops of its shape (breadth first), if any."""
    want = value.type
    queue, seen = collections.deque([value]), set()
    while queue and len(seen) < _MAX_OPS:
        v = queue.popleft()
        owner = v.owner
        if isinstance(owner, ir.Block):
            number = ir.BlockArgument(v).arg_number
            if owner == block and number in donors and number not in taken and v.type == want:
                return number
            continue
        op = owner.operation if hasattr(owner, "operation") else owner
        if op.name not in _UPDATES or op in seen:
            continue
        seen.add(op)
        queue.extend(x for x in op.operands if _same_shape(x.type, want))
    return None


def _same_shape(t: ir.Type, want: ir.Type) -> bool:
    return t == want or (
        isinstance(t, ir.RankedTensorType)
        and isinstance(want, ir.RankedTensorType)
        and t.shape == want.shape
    )
