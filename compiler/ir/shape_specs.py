"""The texts of symbolic shapes and the values of their dimension variables (shape
polymorphism; the expressions themselves are compiler/ir/shape_poly.py's):
`symbolic_shape("b, 2*a + 1")` parses a shape specification (Python's own expression parser,
the names being dimension variables), and `solve_dim_vars` finds the variables' values from
the shapes of actual arguments, with JAX's errors when they do not fit."""

from __future__ import annotations

import ast
import operator
from typing import Sequence

from meshjit.compiler.errors import MeshjitError, MeshjitValueError
from meshjit.compiler.ir.shape_poly import (
    FLOORDIV,
    MAX,
    MIN,
    MOD,
    DimExpr,
    SymbolicScope,
    evaluate,
    max_dim,
    min_dim,
)

# ---------------------------------------------------------------------------------------------
# Parsing.

_OPERATIONS = {FLOORDIV: 2, MOD: 2, MAX: 2, MIN: 2, "non_negative": 1}


class _Placeholder:
    pass


def parse(spec: str, scope: SymbolicScope, spec_repr: str, like=None) -> tuple:
    text = spec.strip()
    text = text[:-1] if text.endswith(",") and not text.endswith(",,") else text  # "a,"
    try:
        tree = ast.parse(f"({text},)" if text else "()", mode="eval")
    except SyntaxError as e:
        raise _parse_error(spec_repr, _syntax_detail(spec, e)) from None
    body = tree.body
    elts = body.elts if isinstance(body, ast.Tuple) else [body]
    if len(elts) == 1 and isinstance(elts[0], ast.Tuple):  # "(b, 4)"
        elts = elts[0].elts
    dims = []
    for i, node in enumerate(elts):
        if isinstance(node, ast.Constant) and node.value is Ellipsis:
            if i != len(elts) - 1:
                raise _parse_error(spec_repr, "... may be used only as the last dimension")
            if like is None:  # JAX's words
                raise _parse_error(
                    spec_repr, f"{i}: spec contains ... but no 'like' shape was given"
                )
            dims += [_like(like, j, spec_repr) for j in range(i, len(like))]
            continue
        try:
            dim = _parse_dim(node, scope)
        except (MeshjitError, ValueError, TypeError) as e:
            raise _parse_error(spec_repr, f"{i}: {e}") from None
        what = f"{i}: different size {dim} for known dimension; like={tuple(like or ())}"
        if dim is _Placeholder:
            dim = _like(like, i, spec_repr)
        elif like is not None and i < len(like) and like[i] is not None:
            if not isinstance(dim, DimExpr) and dim != like[i]:
                raise _parse_error(spec_repr, what)
        dims.append(dim)
    return tuple(dims)  # as JAX, `like` of another rank is no error


def _like(like, i: int, spec_repr: str):
    if like is None or i >= len(like) or like[i] is None:
        raise _parse_error(spec_repr, "_ (or ...) needs a known dimension in `like`")
    return like[i]


def _syntax_detail(spec: str, e: SyntaxError) -> str:
    """JAX's words for a syntax error: the dimension it is in, what was expected there."""
    dims, depth, start = [], 0, 0
    for j, ch in enumerate(spec):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            dims.append(spec[start:j])
            start = j + 1
    dims.append(spec[start:])
    for i, text in enumerate(dims):
        if not text.strip() and i < len(dims) - 1:  # "a, , b"
            return f"{i}: expecting one of {{NAME, MINUS, NUMBER}} but found COMMA"
        try:
            ast.parse(text.strip() or "0", mode="eval")
        except SyntaxError:
            if text.rstrip()[-1:] in ("+", "-", "*", "/", "%"):
                return f"{i}: expecting one of {{NAME, MINUS, NUMBER}} but found ENDMARKER"
            return f"{i}: syntax error: {e.msg}"
    return f"syntax error: {e.msg}"


def _parse_error(spec_repr: str, detail: str) -> MeshjitValueError:
    where = " in dimension " if detail[:1].isdigit() else ": "
    return MeshjitValueError(f"syntax error in symbolic shape {spec_repr}{where}{detail}")


_BINOPS = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
}
# Operators JAX's grammar has no token for (it spells them floordiv(a, b) and mod(a, b)).
_UNPARSED = {
    ast.FloorDiv: "DOUBLESLASH",
    ast.Mod: "PERCENT",
    ast.Pow: "DOUBLESTAR",
    ast.Div: "SLASH",
}


def _parse_dim(node, scope: SymbolicScope):
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        return _Placeholder if node.id == "_" else DimExpr.from_var(node.id, scope)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _parse_dim(node.operand, scope)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        return _BINOPS[type(node.op)](_parse_dim(node.left, scope), _parse_dim(node.right, scope))
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and _OPERATIONS.get(node.func.id) == len(node.args)
        and not node.keywords
    ):
        args = [_parse_dim(a, scope) for a in node.args]
        return _call_operation(node.func.id, args)
    if isinstance(node, ast.BinOp) and type(node.op) in _UNPARSED:  # JAX's words
        raise MeshjitValueError(
            f"expecting one of {{STAR}} but found {_UNPARSED[type(node.op)]}"
            + ("" if isinstance(node.op, ast.Pow) else " (write floordiv(a, b) or mod(a, b))")
        )
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):  # JAX's words
        arity = _OPERATIONS.get(node.func.id)
        if arity is None:
            raise MeshjitValueError(
                f"expecting one of {{STAR}} but found LPAR (no operation {node.func.id!r}: the "
                f"operations are {', '.join(_OPERATIONS)})"
            )
        if len(node.args) < arity:
            raise MeshjitValueError(
                f"expecting one of {{COMMA}} but found RPAR ({node.func.id} takes {arity})"
            )
        raise MeshjitValueError(
            f"expecting one of {{RPAR}} but found COMMA ({node.func.id} takes {arity})"
        )
    if isinstance(node, ast.Constant) and isinstance(node.value, float):  # JAX's words
        raise MeshjitValueError(f"expecting integer, found {node.value}")
    raise MeshjitValueError(f"unexpected {ast.unparse(node)!r}")


def _call_operation(name: str, args):
    if name == "non_negative":
        return max_dim(args[0], 0)
    a, b = args
    return {
        FLOORDIV: operator.floordiv,
        MOD: operator.mod,
        MAX: max_dim,
        MIN: min_dim,
    }[name](a, b)


def symbolic_shape(
    shape_spec: str | None,
    *,
    constraints: Sequence[str] = (),
    scope: SymbolicScope | None = None,
    like: Sequence[int | None] | None = None,
) -> tuple:
    """A shape of ints and dimension expressions from its text: `"b, 4"`, `"(a, 2*a)"`,
    `"b, floordiv(n, 2) + 1"`; `_` and a final `...` take the dimensions of `like`."""
    spec_repr = repr(shape_spec)
    if shape_spec is None:
        shape_spec = "..."
    elif not isinstance(shape_spec, str):
        raise MeshjitValueError(
            f"polymorphic shape spec should be None or a string. Found {spec_repr}."
        )
    if scope is None:
        scope = SymbolicScope(constraints)
    elif constraints:
        raise MeshjitValueError("Cannot specify both a `scope` and `constraints`.")
    return parse(shape_spec, scope, spec_repr, like)


# ---------------------------------------------------------------------------------------------
# Solving the dimension variables from the shapes of actual arguments.

_SHAPE_ASSERTION_HELP = (
    "Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors "
    "for more details."
)


def specs_text(specs: Sequence[tuple]) -> str:
    """JAX's description of the symbolic shapes of the arguments in its shape errors."""
    return (
        " Using the following polymorphic shapes specifications: "
        + ",".join(
            f"args[{i}].shape = {tuple(spec)}"
            for i, spec in enumerate(specs)
            if any(isinstance(d, DimExpr) for d in spec)
        )
        + "."
    )


def symbolic_dims(specs: Sequence[tuple]) -> list[tuple[int, int, DimExpr]]:
    """(argument, axis, expression) of every symbolic dimension, in order."""
    return [
        (i, axis, d)
        for i, spec in enumerate(specs)
        for axis, d in enumerate(spec)
        if isinstance(d, DimExpr)
    ]


def solve_dim_vars(specs: Sequence[tuple], shapes: Sequence[tuple]) -> dict[str, int]:
    """The values of the dimension variables of the symbolic shapes `specs` that make them the
    concrete `shapes`, solved as JAX's `_solve_dim_equations` solves them (JAX's errors when
    there are none, or when the scope's constraints do not hold)."""
    env: dict[str, int] = {}
    found: list[str] = []
    where = specs_text(specs)

    def mismatch(detail: str, head: str = "the polymorphic shapes specification"):
        return MeshjitValueError(
            f"Input shapes do not match {head}. {detail}{where} Obtained dimension variables: "
            f"{''.join(found)}. {_SHAPE_ASSERTION_HELP}"
        )

    pending = [(i, axis, d, shapes[i][axis]) for i, axis, d in symbolic_dims(specs)]
    while pending:
        left = []
        for i, axis, d, n in pending:
            solved = _solve_one(d, n, env)
            if solved is None:
                left.append((i, axis, d, n))
                continue
            if solved is _KNOWN:
                value = d.evaluate(env)
                if _fails(value - n, "=="):
                    raise mismatch(
                        f"Found inconsistency between dimension size args[{i}].shape[{axis}] "
                        f"(= {n}) and the specification '{d}' (= {value})."
                    )
                continue
            var, value, remainder = solved
            if _fails(remainder, "=="):
                raise mismatch(
                    f"Division had remainder {remainder} when computing the value of '{var}'."
                )
            env[var] = value
            found.append(
                f"'{var}' = {value} from specification '{d}' for dimension "
                f"args[{i}].shape[{axis}] (= {n}), "
            )
            if _fails(value - 1, ">="):
                raise mismatch(f"Expected value >= 1 for dimension variable '{var}'.")
        if len(left) == len(pending):
            raise unsolvable(specs, [(i, axis, d) for i, axis, d, _ in left], env)
        pending = left
    _check_constraints(specs, env, mismatch)
    return env


def _check_constraints(specs, env: dict, mismatch) -> None:
    scopes = {id(d.scope): d.scope for _, _, d in symbolic_dims(specs)}
    for scope in scopes.values():
        for text, op, diff in scope.explicit:
            value = evaluate(diff, env)
            if not _fails(value, op):
                continue
            words = "equal" if op == "==" else "greater or equal"
            raise mismatch(
                f"Expected '{diff}' to be {words} to 0, but found {value}. ",
                f"the symbolic shape constraint {text}",
            )


def _fails(x, op: str) -> bool:
    """Whether `x == 0` (op "==") or `x >= 0` (">=") does not hold. With symbolic shapes (a
    call inside a polymorphic function) it must hold for every value, as JAX's static check
    has it: an equality up to normalization, an inconclusive `>=` JAX's error."""
    return not (x == 0) if op == "==" else not (x >= 0)


def unsolvable(specs, dims, env) -> MeshjitValueError:
    """JAX's error for dimension variables no argument's dimension determines."""
    names = set().union(*(d.variables() for _, _, d in dims)) - env.keys()
    unprocessed = ", ".join(
        f"'{d}' for dimension size args[{i}].shape[{axis}]" for i, axis, d in dims
    )
    return MeshjitValueError(
        f"Cannot solve for values of dimension variables {_set_text(names)}. We can only solve "
        f"linear uni-variate constraints.{specs_text(specs)} Unprocessed specifications: "
        f"{unprocessed}. Please see "
        "https://docs.jax.dev/en/latest/export/shape_poly.html#dimension-variables-must-be-solvable-from-the-input-shapes"
        " for more details."
    )


def _set_text(names) -> str:
    return "{" + ", ".join(repr(n) for n in sorted(names)) + "}"


_KNOWN = object()


def _solve_one(d: DimExpr, size: int, env: dict):
    """(var, value, remainder) when `d` is `k*var + rest`, var unknown and the rest known
    (`size = k*value + rest + remainder`), _KNOWN when every variable is known, else None."""
    unknown = None
    rest = 0
    for term, coeff in d.terms:
        if set().union(*(f.variables() for f, _ in term.factors)) <= env.keys():
            rest += evaluate(DimExpr(((term, coeff),), d.scope), env)
        elif unknown is None and len(term.factors) == 1 and term.factors[0][1] == 1:
            unknown = (term.factors[0][0].var, coeff)
            if unknown[0] is None:  # an operation on unknown variables
                return None
        else:
            return None
    if unknown is None:
        return _KNOWN
    var, k = unknown
    value, remainder = divmod(size - rest, k)
    return var, value, remainder
