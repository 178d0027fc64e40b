"""meshjit's own mode: a callee several calls share is propagated once per call site, as
Shardy's import flattens the call graph (and as XLA, which inlines calls, computes it), then
the copies that came out alike are merged back.

`copy_shared_callees` gives every call after a function's first (in module order, each copy's
own calls in turn) a copy of its callee, placed after the function; `merge_alike_copies`
points each call of a copy whose text (shardings included) came out as the function's, or as
an earlier copy's, at that one and erases the copy. When every call site agrees, the module
ends as it began: one function, its own name.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.passes.graph.call_graph import calls_in, is_private

COPY_OF = "meshjit.copy_of"  # on a copy: the function it copies (dropped by the merge)


def _name(func) -> str:
    return ir.StringAttr(func.attributes["sym_name"]).value


def _funcs(module_op: ir.Operation) -> dict:
    return {
        _name(op.operation): op.operation
        for op in module_op.regions[0].blocks[0].operations
        if op.operation.name == "func.func"
    }


def copy_shared_callees(module_op: ir.Operation) -> int:
    """Every call after its callee's first (public functions first, each in program order)
    gets a private copy of the callee; returns the copies made."""
    funcs = _funcs(module_op)
    called, visited = set(), set()
    last = {}  # function -> the op its next copy goes after
    copies = 0

    def visit(name: str) -> None:
        nonlocal copies
        if name in visited:
            return
        visited.add(name)
        for call in calls_in(funcs[name]):
            callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
            source = funcs.get(callee)
            if source is None or not source.regions[0].blocks:
                continue
            if callee not in called:
                called.add(callee)
                visit(callee)
                continue
            copy = source.clone(ip=ir.InsertionPoint.after(last.get(callee, source)))
            last[callee] = copy
            copy_name = _fresh(callee, funcs)
            copy.attributes["sym_name"] = ir.StringAttr.get(copy_name)
            copy.attributes["sym_visibility"] = ir.StringAttr.get("private")
            copy.attributes[COPY_OF] = ir.StringAttr.get(callee)
            funcs[copy_name] = copy
            call.attributes["callee"] = ir.FlatSymbolRefAttr.get(copy_name)
            copies += 1
            visit(copy_name)

    names = list(funcs)
    for name in sorted(names, key=lambda n: is_private(funcs[n])):  # (stable: module order)
        visit(name)
    return copies


def _fresh(base: str, funcs: dict) -> str:
    n = 0
    while f"{base}_{n}" in funcs:
        n += 1
    return f"{base}_{n}"


def merge_alike_copies(module_op: ir.Operation) -> None:
    """Each copy whose text came out as its function's (or an earlier copy's) is merged into
    it, callees first (a caller's copies are alike once their callees' are merged); the
    copies left keep their names, without the mark."""
    copy_of = {}
    for name, func in _funcs(module_op).items():
        if COPY_OF in func.attributes:
            copy_of[name] = ir.StringAttr(func.attributes[COPY_OF]).value
            del func.attributes[COPY_OF]
    while copy_of and _merge_once(module_op, copy_of):
        pass


def _merge_once(module_op: ir.Operation, copy_of: dict) -> bool:
    funcs = _funcs(module_op)
    copied = set(copy_of.values())
    kept: dict = {}  # (function, text without the name) -> the name kept
    renamed: dict = {}
    for name, func in funcs.items():  # (module order: a function before its copies)
        if name not in copy_of and name not in copied:
            continue
        key = (copy_of.get(name, name), _text_without_name(func, name))
        if kept.setdefault(key, name) != name:
            renamed[name] = kept[key]
    if not renamed:
        return False
    for call in calls_in(module_op):
        callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
        if callee in renamed:
            call.attributes["callee"] = ir.FlatSymbolRefAttr.get(renamed[callee])
    for name in renamed:
        funcs[name].erase()
        del copy_of[name]
    return True


def _text_without_name(func, name: str) -> str:
    """The function's text without its name."""
    return func.get_asm(enable_debug_info=False).replace(f"@{name}(", "@(", 1)
