"""The texts of symbolic shapes and the values of their dimension variables (shape
polymorphism; the expressions themselves are compiler/ir/shape_poly.py's):
`symbolic_shape("b, 2*a + 1")` parses a shape specification (JAX's grammar, read with
Python's tokenizer; the names are dimension variables), and `solve_dim_vars` finds the variables' values from
the shapes of actual arguments, with JAX's errors when they do not fit."""

from __future__ import annotations

import io
import operator
import tokenize
from typing import Sequence

from meshjit.compiler.errors import MeshjitValueError
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
# Parsing: JAX's grammar, read token by token (Python's tokenizer) so that a syntax error names
# the dimension, what was expected there, and what was parsed, in JAX's words:
#   shape  := "(" shape ")" | (dim ("," dim)*)? [","]        dim := expr | "_" | "..." (last)
#   expr   := ["+" | "-"] term (("+" | "-") term)*
#   term   := factor ["^" NUMBER] ("*" factor ["^" NUMBER])*
#   factor := NAME | ("floordiv" | "mod" | "max" | "min") "(" expr "," expr ")" | ["-"] NUMBER

_BINARY_OPERATIONS = {FLOORDIV: operator.floordiv, MOD: operator.mod, MAX: max_dim, MIN: min_dim}
_FOLLOW_SHAPE = (tokenize.ENDMARKER, tokenize.RPAR)
_FOLLOW_EXPR = _FOLLOW_SHAPE + (tokenize.COMMA,)
_FOLLOW_TERM = _FOLLOW_EXPR + (tokenize.PLUS, tokenize.MINUS)


def parse(spec: str, scope: SymbolicScope, spec_repr: str, like=None) -> tuple:
    """The dimensions of the shape text `spec` (`spec_repr` as errors show it)."""
    return _Parser(spec, scope, spec_repr, like).parse()


class _Parser:
    """A recursive-descent parser of one shape text, as JAX's `_Parser`."""

    def __init__(self, spec: str, scope: SymbolicScope, spec_repr: str, like):
        self.spec, self.scope, self.spec_repr, self.like = spec, scope, spec_repr, like
        self.dims: list = []
        self.tokens = None

    def parse(self) -> tuple:
        self.tokens = tokenize.tokenize(io.BytesIO(self.spec.encode("utf-8")).readline)
        tok = self.consume(self.next_tok(), tokenize.ENCODING)
        shape, tok = self.shape(tok)
        self.expect(tok, (tokenize.ENDMARKER,))
        return shape

    def error(self, tok, detail: str) -> MeshjitValueError:
        text = (
            f"syntax error in symbolic shape {self.spec_repr} in dimension {len(self.dims)}: "
            f"{detail}. "
        )
        if tok is not None:
            col = tok.start[1]
            text += f"Parsed '{tok.line[:col]}', remaining '{tok.line[col:]}'."
        return MeshjitValueError(text)

    def next_tok(self):
        while True:
            try:
                tok = next(self.tokens)
            except StopIteration:  # (an unclosed parenthesis: the tokenizer's TokenError)
                raise self.error(None, "unexpected end of string") from None
            if tok.exact_type not in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
                return tok

    def expect(self, tok, expected) -> None:
        if tok.exact_type not in expected:
            names = ", ".join(tokenize.tok_name[t] for t in expected)
            found = tokenize.tok_name[tok.exact_type]
            raise self.error(tok, f"expecting one of {{{names}}} but found {found}")

    def consume(self, tok, expected: int):
        self.expect(tok, (expected,))
        return self.next_tok()

    def integer(self, tok):
        self.expect(tok, (tokenize.NUMBER,))
        try:
            value = int(tok.string)
        except ValueError:
            raise self.error(tok, f"expecting integer, found {tok.string}") from None
        return value, self.next_tok()

    def add_dim(self, dim, tok) -> None:
        if dim is None:
            raise self.error(tok, f"unexpected placeholder for unknown dimension; like={self.like}")
        if not isinstance(dim, DimExpr) and self.like is not None:
            if dim != self.like[len(self.dims)]:
                raise self.error(tok, f"different size {dim} for known dimension; like={self.like}")
        self.dims.append(dim)

    def shape(self, tok):
        if tok.exact_type == tokenize.LPAR:
            shape, tok = self.shape(self.next_tok())
            return shape, self.consume(tok, tokenize.RPAR)
        while tok.exact_type not in _FOLLOW_SHAPE:
            placeholder = tok.exact_type == tokenize.ELLIPSIS or (
                tok.exact_type == tokenize.NAME and tok.string == "_"
            )
            if placeholder:
                self.check_placeholder(tok)
            if tok.exact_type == tokenize.ELLIPSIS:
                for dim in self.like[len(self.dims) :]:
                    self.add_dim(dim, tok)
                tok = self.next_tok()
                break
            if placeholder:
                dim, tok = self.like[len(self.dims)], self.next_tok()
            else:
                dim, tok = self.expr(tok)
            self.add_dim(dim, tok)
            if tok.exact_type in _FOLLOW_SHAPE:
                break
            tok = self.consume(tok, tokenize.COMMA)
        return tuple(self.dims), tok

    def check_placeholder(self, tok) -> None:
        if self.like is None:
            raise self.error(tok, "spec contains ... but no 'like' shape was given")
        needed = len(self.dims) + (0 if tok.exact_type == tokenize.ELLIPSIS else 1)
        if len(self.like) < needed:
            raise self.error(
                tok,
                f"cannot resolve placeholder '{tok.string}' because we parsed {len(self.dims)} "
                f"already and 'like' shape has only {len(self.like)} dimensions",
            )

    def expr(self, tok):
        negated = tok.exact_type == tokenize.MINUS
        if tok.exact_type in (tokenize.MINUS, tokenize.PLUS):
            tok = self.next_tok()
        acc = None
        while True:
            term, tok = self.term(tok)
            term = -term if negated else term
            acc = term if acc is None else acc + term
            if tok.exact_type in _FOLLOW_EXPR:
                return acc, tok
            negated = tok.exact_type == tokenize.MINUS
            self.expect(tok, (tokenize.PLUS, tokenize.MINUS))
            tok = self.next_tok()

    def term(self, tok):
        acc = None
        while True:
            factor, tok = self.factor(tok)
            if tok.exact_type == tokenize.CIRCUMFLEX:
                tok = self.next_tok()
                self.expect(tok, (tokenize.NUMBER,))
                power, tok = self.integer(tok)
                factor = factor**power
            acc = factor if acc is None else acc * factor
            if tok.exact_type in _FOLLOW_TERM:
                return acc, tok
            tok = self.consume(tok, tokenize.STAR)

    def factor(self, tok):
        if tok.exact_type == tokenize.NAME:
            if tok.string in _BINARY_OPERATIONS:
                return self.binary_operation(tok.string, self.next_tok())
            return DimExpr.from_var(tok.string, self.scope), self.next_tok()
        sign = 1
        if tok.exact_type == tokenize.MINUS:  # -k: a negative constant
            sign, tok = -1, self.next_tok()
            self.expect(tok, (tokenize.NUMBER,))
        if tok.exact_type == tokenize.NUMBER:
            value, tok = self.integer(tok)
            return sign * value, tok
        self.expect(tok, (tokenize.NAME, tokenize.MINUS, tokenize.NUMBER))
        raise AssertionError("unreachable")

    def binary_operation(self, name: str, tok):
        tok = self.consume(tok, tokenize.LPAR)
        a, tok = self.expr(tok)
        tok = self.consume(tok, tokenize.COMMA)
        b, tok = self.expr(tok)
        return _BINARY_OPERATIONS[name](a, b), self.consume(tok, tokenize.RPAR)


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
