"""Shardy's import flattens the call graph: every call site propagates on its own copy of its
callee (`sdy-flatten-call-graph`, which inlines calls into named computations that export turns
back into functions). meshjit clones the callees instead, with the names and the order Shardy's
export gives them:

- the first call of a function (in program order, starting from the public functions) keeps
  it; each later call gets a copy named `@callee_N`, N counting the copies of the whole module;
- a copy is named (and placed) after the copies its own body calls, as Shardy creates its
  functions from the innermost named computation out;
- public functions come first, then the functions calls reach in that order; private functions
  nothing calls are dropped, unless another op refers to them (those move to the front).

The copies carry their original's name (`sdy.original_func_name`), which export's dedup reads.
"""

from __future__ import annotations

import re

from jaxlib.mlir import ir

from meshjit.passes.graph.graph import GraphError

ORIGINAL_FUNC_NAME = "sdy.original_func_name"
_SYMBOL = re.compile(r"@([\w.$-]+)")


def _name(func) -> str:
    return ir.StringAttr(func.attributes["sym_name"]).value


def is_private(func) -> bool:
    """Whether the func is `private` (a callee; public ones are entry points)."""
    return "sym_visibility" in func.attributes and (
        ir.StringAttr(func.attributes["sym_visibility"]).value == "private"
    )


def calls_in(func) -> list:
    """The func.call ops in `func` (or any op), in order."""
    found = []

    def visit(op):
        if op.name == "func.call":
            found.append(op)
        return ir.WalkResult.ADVANCE

    func.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def check_calls(module_op: ir.Operation) -> None:
    """Raises GraphError at a function without a body (a declaration: Shardy's own passes
    crash on one) or at a call that closes a cycle of calls: propagation follows every call
    into its callee's body, as Shardy's import inlines it."""
    funcs = {}
    for op in module_op.regions[0].blocks[0].operations:
        op = op.operation
        if op.name == "func.func":
            if not op.regions[0].blocks:
                raise GraphError(
                    op.location,
                    f"function @{_name(op)} is a declaration without a body: sharding "
                    "propagation needs the body of every function in the module",
                )
            funcs[_name(op)] = op
    state: dict[str, str] = {}  # name -> "open" while its calls are walked, then "done"

    def walk(name: str, path: list[str]) -> None:
        state[name] = "open"
        for call in calls_in(funcs[name]):
            callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
            if state.get(callee) == "open":
                cycle = " -> ".join(f"@{n}" for n in [*path[path.index(callee) :], callee])
                raise GraphError(
                    call.location,
                    f"recursive call of @{callee} ({cycle}): sharding propagation follows "
                    "every call into its callee, which a cycle of calls makes endless",
                )
            if callee in funcs and callee not in state:
                walk(callee, [*path, callee])
        state[name] = "done"

    for name in funcs:
        if name not in state:
            walk(name, [name])


class _Flattener:
    def __init__(self, module_op: ir.Operation, *, share: bool = False):
        self.share = share  # every call of a function calls the function itself
        self.body = module_op.regions[0].blocks[0]
        self.funcs = {_name(op.operation): op.operation for op in self.body.operations}
        self.original = {name: name for name in self.funcs}  # func name -> original's name
        self.used: set = set()
        self.order: list = []  # functions calls reach, in Shardy's order
        self.copies = 0

    def visit_calls(self, func) -> None:
        for call in calls_in(func):
            callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
            original = self.original.get(callee)
            if original is None:
                continue
            target = self.instance(original)
            call.attributes["callee"] = ir.FlatSymbolRefAttr.get(_name(target))

    def instance(self, original: str):
        """The function a new call of `original` calls: the original itself at its first call,
        else a fresh copy; its body's calls are instantiated first."""
        source = self.funcs[original]
        if original not in self.used:
            self.used.add(original)
            self.visit_calls(source)
            self.order.append(source)
            return source
        if self.share:
            return source
        copy = source.clone(ip=ir.InsertionPoint(self.body))
        self.visit_calls(copy)
        name = self.fresh(original)
        copy.attributes["sym_name"] = ir.StringAttr.get(name)
        copy.attributes[ORIGINAL_FUNC_NAME] = ir.StringAttr.get(original)
        self.funcs[name], self.original[name] = copy, original
        self.order.append(copy)
        return copy

    def fresh(self, original: str) -> str:
        while True:
            name = f"{original}_{self.copies}"
            self.copies += 1
            if name not in self.funcs:
                return name


def _referenced_names(module_op: ir.Operation) -> set[str]:
    """Names that ops refer to other than as a call's callee (e.g. `called_computations`)."""
    names: set = set()

    def visit(op):
        for i in range(len(op.attributes)):
            named = op.attributes[i]
            if named.name == "sym_name" or (op.name == "func.call" and named.name == "callee"):
                continue
            text = str(named.attr)
            if "@" in text:
                names.update(_SYMBOL.findall(text))
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return names


def flatten_call_graph(module_op: ir.Operation, *, share: bool = False) -> None:
    """Every call site calls its own copy of its callee (see the module docstring). Private
    functions no call reaches go unless something else refers to them (a custom call's
    `called_computations`); those come first, as Shardy's import leaves them.

    `share=True` (Shardy's `dedup-functions-fully`): no copies; each function Shardy's export
    recreates goes right after the public ones, so the functions calls reach end up last
    created first."""
    flattener = _Flattener(module_op, share=share)
    roots = [f for f in flattener.funcs.values() if f.name == "func.func" and not is_private(f)]
    for root in roots:
        flattener.used.add(_name(root))
        flattener.visit_calls(root)
    reached = {id(f) for f in roots + flattener.order}
    unreached = [
        f
        for f in flattener.funcs.values()
        if f.name == "func.func" and id(f) not in reached and is_private(f)
    ]
    referenced = _referenced_names(module_op) if unreached else set()
    kept = [f for f in unreached if _name(f) in referenced]
    for func in unreached:
        if _name(func) not in referenced:
            func.erase()
    if roots:
        for func in kept:
            func.move_before(roots[0])
    last = roots[-1] if roots else None
    order = list(reversed(flattener.order)) if share else flattener.order
    for func in [f for f in order if id(f) not in {id(r) for r in roots}]:
        if last is None:
            func.move_before(next(iter(flattener.body.operations)).operation)
        else:
            func.move_after(last)
        last = func
