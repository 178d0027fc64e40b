"""JAX's messages for loop carries and cond / switch branches that disagree: each difference
named by its key path in the carry or the branch output (`c['n']`, `loop_carry[1][0]`, `at path
['a']`), as jax._src.lax.control_flow words them."""

from __future__ import annotations

import inspect

from meshjit.compiler.api_util import fun_sourceinfo
from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.tree_util import (
    equality_errors,
    equality_errors_pytreedef,
    keystr,
    leaf_paths,
    tree_unflatten,
)


def first_param(fun) -> str | None:
    """The name of `fun`'s first parameter (JAX names the carry by it), if it has one."""
    try:
        params = list(inspect.signature(fun).parameters)
    except (TypeError, ValueError):
        return None
    return params[0] if params else None


def _component(carry_name, path: str) -> str:
    if carry_name:
        if path:
            return f"the input carry component {carry_name}{path}"
        return f"the input carry {carry_name}"
    return f"the input carry at path {path}" if path else "the input carry"


def _capitalize(s: str) -> str:
    return s[:1].upper() + s[1:]


def _listed(diffs: list, capitalize: bool = True, spaced: bool = False) -> str:
    """The differences as JAX lists them: one as a sentence; several as bullets (`spaced`: each
    but the last followed by a blank line, as JAX's structure and carry messages)."""
    if len(diffs) == 1:
        return f"{_capitalize(diffs[0]) if capitalize else diffs[0]}.\n"
    if spaced:
        return "\n".join(f"  * {d};\n" for d in diffs[:-1]) + f"  * {diffs[-1]}.\n"
    return "\n".join(f"  * {d};" for d in diffs[:-1]) + f"\n  * {diffs[-1]}.\n"


class _CarryLeaf:
    """A carry's leaf in JAX's structure messages of loops: its carries' leaves are types
    there, so a leaf shows as "<class 'jax._src.core.ShapedArray'>"."""


_CarryLeaf.__module__, _CarryLeaf.__qualname__ = "jax._src.core", "ShapedArray"


def mismatch_extra(a, b) -> str:
    """JAX's `aval_mismatch_extra`: what differs between two array types."""
    found = [
        what
        for what, differs in (
            ("the dtypes do not match", a.dtype != b.dtype),
            ("the shapes do not match", a.shape != b.shape),
            ("the manual axis types do not match", a.vma != b.vma),
        )
        if differs
    ]
    if not found:
        return ""
    if len(found) == 1:
        return ", so " + found[0]
    return ", so " + ", ".join(found[:-1]) + ", and " + found[-1]


def _structure_diffs(tree1, tree2, describe, fallback: str) -> list:
    """`describe(path, thing1, thing2, why)` of each structural difference of two trees (the
    fallback when they differ only in aux data)."""
    found = equality_errors_pytreedef(tree1, tree2)
    return [describe(keystr(path), *rest) for path, *rest in found] or [fallback]


def _type_diffs(tree, avals1, avals2, same, describe) -> list:
    """`describe(path, a, b)` and what differs, for each leaf whose types differ."""
    return [
        describe(path, a, b) + mismatch_extra(a, b)
        for path, a, b in zip(leaf_paths(tree), avals1, avals2)
        if not same(a, b)
    ]


def carry_tree_error(loop: str, carry_name, in_tree, out_tree) -> MeshjitTypeError:
    """`loop` ("scan body", "while_loop body") returned a carry of another structure."""
    leaf = _CarryLeaf()
    found = equality_errors(
        tree_unflatten(in_tree, [leaf] * in_tree.num_leaves),
        tree_unflatten(out_tree, [leaf] * out_tree.num_leaves),
    )
    diffs = [
        f"{_component(carry_name, keystr(path))} is a {thing1} but the corresponding component "
        f"of the carry output is a {thing2}, so {why}"
        for path, thing1, thing2, why in found
    ] or [f"the carry output is {out_tree} but the carry input is {in_tree}"]
    return MeshjitTypeError(
        f"{loop} function carry input and carry output must have the same pytree structure, but "
        f"they differ:\n\n{_listed(diffs, spaced=True)}\nRevise the function so that the carry "
        "output has the same pytree structure as the carry input."
    )


def carry_types_error(loop: str, carry_name, tree, in_avals, out_avals, same, hint: str):
    """`loop` returned a carry whose leaves' types differ (`same(a, b)` false) from the input's."""
    diffs = _type_diffs(
        tree,
        in_avals,
        out_avals,
        same,
        lambda path, a, b: (
            f"{_component(carry_name, path)} has type {a.str_long()} but the corresponding "
            f"output carry component has type {b.str_long()}"
        ),
    )
    return MeshjitTypeError(
        f"{loop} function carry input and carry output must have equal types, but they "
        f"differ:\n\n{_listed(diffs, spaced=True)}\nRevise the function so that all output types match the "
        "corresponding input types." + hint
    )


def _branches(name1: str, name2: str, funs) -> str:
    """JAX's lines naming the two branches' functions."""
    return "".join(f"{n} is {fun_sourceinfo(f)}\n" for n, f in zip((name1, name2), funs)) + "\n"


def branch_tree_error(what: str, name1: str, name2: str, tree1, tree2, funs) -> MeshjitTypeError:
    """Two branches of a cond / switch (the functions `funs`) returned outputs of different
    structures."""
    diffs = _structure_diffs(
        tree1,
        tree2,
        lambda path, thing1, thing2, why: (
            f"{name1} output{_at(path)} is a {thing1} but {name2} output{_at(path)} is a "
            f"{thing2}, so {why}"
        ),
        f"{name1} output is {tree1} but {name2} output is {tree2}",
    )
    return MeshjitTypeError(
        f"{what} branch outputs must have the same pytree structure, but they differ:\n\n"
        f"{_branches(name1, name2, funs)}{_listed(diffs, capitalize=False, spaced=True)}\nRevise {name1} and/or {name2} so that they have "
        "the same pytree structure."
    )


def branch_types_error(
    what: str, name1: str, name2: str, tree, avals1, avals2, same, hint: str, funs
):
    """Two branches (the functions `funs`) returned outputs whose leaves' types differ."""
    diffs = _type_diffs(
        tree,
        avals1,
        avals2,
        same,
        lambda path, a, b: (
            f"the output of {name1}{_at(path)} has type {a.str_long()} but the corresponding "
            f"output of {name2} has type {b.str_long()}"
        ),
    )
    return MeshjitTypeError(
        f"{what} branches must have equal output types but they differ.\n\n"
        f"{_branches(name1, name2, funs)}{_listed(diffs)}\n"
        f"Revise {name1} and/or {name2} so that all output types match." + hint
    )


def _at(path: str) -> str:
    return f" at path {path}" if path else ""
