"""Symbolic dimensions (shape polymorphism), as `jax.export.symbolic_shape` makes them.

A dimension expression (`DimExpr`) is a sum of terms with integer coefficients; a term is a
product of factors raised to positive powers; a factor is a dimension variable (`b`) or an
operation on expressions (`floordiv(e1, e2)`, `mod(e1, e2)`, `max(e1, e2)`, `min(e1, e2)`).
Expressions are kept normalized: one that is a constant is a Python int, so shape rules doing
integer arithmetic work unchanged on symbolic shapes. Terms are ordered as JAX orders them
(larger first: by size, then syntactically), so expressions print as JAX prints them.

Comparisons decide with bounds: every variable is >= 1 (a dimension size), tightened by the
scope's constraints (`"b >= 4"`, `"a == 2*b"`); a comparison the bounds do not decide raises
`InconclusiveDimensionOperation`, as JAX's. Equality is syntactic after normalization (`==` never
raises: it is used for hashing).
"""

from __future__ import annotations

import functools
import math
import operator
from typing import Any, Sequence

import numpy as np

from meshjit.compiler import traceback_util
from meshjit.compiler.errors import (
    MeshjitError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
    user_source,
)
from meshjit.compiler.ir import dtypes

_HELP = """
This error arises for comparison operations with shapes that
are non-constant, and the result of the operation cannot be represented as
a boolean value for all values of the symbolic dimensions involved.

Please see https://docs.jax.dev/en/latest/export/shape_poly.html#comparison-of-symbolic-dimensions-is-partially-supported
for more details.
"""


class InconclusiveDimensionOperation(MeshjitError):
    """Raised when a computation on symbolic dimensions has no answer for every value of the
    dimension variables (JAX's class of the same name)."""

    def __init__(self, message: str, *, with_help: bool = True):
        super().__init__(f"{message}{_HELP}" if with_help else message)


class UnexpectedDimVar(MeshjitError):
    """A dimension variable no argument's shape has (JAX's class of the same name)."""

    def __init__(self, var: str, known):
        super().__init__(
            f"Encountered dimension variable '{var}' that is not appearing in the shapes of the "
            "function arguments.\nThe following dimension variables are appearing in the shapes "
            f"of the function arguments: {list(known)}.\nPlease see "
            "https://docs.jax.dev/en/latest/export/shape_poly.html#dimension-variables-must-be-solvable-from-the-input-shapes"
            " for more details."
        )


FLOORDIV, MOD, MAX, MIN = "floordiv", "mod", "max", "min"
_INF = math.inf


class _Keyed:
    """Compared, hashed and ordered by `key` (JAX's syntactic order: size first)."""

    __slots__ = ("key", "size", "_hash")

    def __hash__(self):
        return self._hash

    def __eq__(self, other):
        return type(other) is type(self) and self.key == other.key

    def __lt__(self, other):
        return self.key < other.key


class Factor(_Keyed):
    """A dimension variable (`var`) or an operation on expressions (`operation`, `operands`)."""

    __slots__ = ("var", "operation", "operands")

    def __init__(self, var: str | None = None, operation: str | None = None, operands=()):
        self.var, self.operation, self.operands = var, operation, tuple(operands)
        if var is not None:
            self.size, self.key = 1, (1, var)
        else:
            self.size = 1 + sum(o.size for o in self.operands)
            self.key = (self.size, operation, tuple(o.key for o in self.operands))
        self._hash = hash(self.key)

    def __str__(self):
        if self.var is not None:
            return self.var
        return f"{self.operation}({', '.join(map(str, self.operands))})"

    __repr__ = __str__

    def variables(self) -> set[str]:
        if self.var is not None:
            return {self.var}
        return set().union(*(o.variables() for o in self.operands))


class Term(_Keyed):
    """A product of factors with exponents >= 1, largest factor first; `()` is the constant 1."""

    __slots__ = ("factors",)

    def __init__(self, factors: tuple):
        self.factors = factors
        self.size = sum(1 + e * f.size for f, e in factors)
        self.key = (self.size, tuple((f.key, e) for f, e in factors))
        self._hash = hash(self.key)

    def __str__(self):
        return "*".join(f"{f}^{e}" if e != 1 else str(f) for f, e in sorted(self.factors))

    @property
    def is_constant(self) -> bool:
        return not self.factors

    def mul(self, other: Term) -> Term:
        return Term(_combine(self.factors, 1, other.factors, 1))

    def divide(self, divisor: Term) -> Term | None:
        """`self / divisor` when it is a term (every exponent stays >= 1), else None."""
        factors = _combine(self.factors, 1, divisor.factors, -1)
        if any(e <= 0 for _, e in factors) or len(factors) < len(self.factors) - len(
            divisor.factors
        ):
            return None
        left = dict(self.factors)
        if any(left.get(f, 0) < e for f, e in divisor.factors):
            return None
        return Term(factors)


ONE = Term(())


def _combine(pairs1, k1: int, pairs2, k2: int) -> tuple:
    """`pairs1 * k1 + pairs2 * k2` over (item, count) pairs, sorted largest item first."""
    counts: dict = {}
    for item, c in pairs1:
        counts[item] = counts.get(item, 0) + c * k1
    for item, c in pairs2:
        counts[item] = counts.get(item, 0) + c * k2
    return tuple(sorted(((i, c) for i, c in counts.items() if c != 0), reverse=True))


class SymbolicScope:
    """The scope of dimension variables that may meet, with their constraints: strings
    `"e1 >= e2"`, `"e1 <= e2"` or `"e1 == e2"` (an equality rewrites its left side, a term
    times a coefficient, into its right side wherever it appears)."""

    def __init__(self, constraints_str: Sequence[str] = ()):
        if isinstance(constraints_str, str):
            raise MeshjitValueError(
                f"The symbolic constraints should be a sequence of strings. Got {constraints_str!r}"
            )
        self._rules: dict[Term, tuple[Any, int]] = {}
        self._geq: list[tuple[str, Any]] = []  # (the text, e1 - e2), known >= 0
        self._bounds: dict[DimExpr, tuple] = {}
        self._texts: list[str] = []
        self.explicit: list[tuple[str, str, Any]] = []  # (the text, "==" or ">=", e1 - e2)
        self._created_at = user_source()
        for c in constraints_str:
            self._add_constraint(c)

    def __str__(self):
        extras = [" with constraints:", *(f"  {t}" for t in self._texts)] if self._texts else []
        return f"{id(self)} created at {self._created_at}" + "\n".join(extras)

    __repr__ = __str__

    def _add_constraint(self, text: str) -> None:
        if not isinstance(text, str):
            raise MeshjitValueError(f"SymbolicScope constraint must be a string: got {text!r}")
        for op in ("==", ">=", "<="):
            if op in text:
                left, right = text.split(op, 1)
                break
        else:
            raise MeshjitValueError(
                "Constraint parsing error: must contain one of '==' or '>=' or '<='"
            )
        from meshjit.compiler.ir.shape_specs import parse

        (e1,) = parse(left, self, repr(left))
        (e2,) = parse(right, self, repr(right))
        if op == "<=":
            e1, e2 = e2, e1
        diff = e1 - e2
        self._texts.append(text)
        self.explicit.append((text, "==" if op == "==" else ">=", diff))
        if not isinstance(diff, DimExpr):
            if (op == "==" and diff != 0) or (op != "==" and diff < 0):
                raise MeshjitValueError(f"Unsatisfiable explicit constraint: {text}")
            return
        if op != "==":
            self._geq.append((text, diff))
            self._bounds.clear()
            return
        if not isinstance(e1, DimExpr) or len(e1.terms) != 1:
            raise MeshjitValueError(
                f"Invalid equality constraint: {e1} == {e2}. "
                "The left-hand-side must be of the form `term * coefficient`."
            )
        ((term, k),) = e1.terms
        self._add_rule(text, term, k, e2)
        (factor, _), *more = term.factors
        if k == 1 and e2 == 0 and not more and factor.operation == MOD:
            dividend, divisor = (_plain(o) for o in factor.operands)
            if not isinstance(divisor, DimExpr):  # mod(e, k) == 0: k*floordiv(e, k) == e
                floordiv = Term(((Factor(operation=FLOORDIV, operands=factor.operands), 1),))
                self._add_rule(text, floordiv, divisor, dividend)

    def _add_rule(self, text: str, term: Term, k: int, after) -> None:
        if term in self._rules:
            raise MeshjitNotImplementedError(
                f"Found multiple equality constraints with the same left-hand-side: {term}"
            )
        diff = DimExpr(((term, k),), self) - after  # before the rule rewrites it to 0
        self._rules[term] = (after, k)
        self._geq += [(text, diff), (text, -diff)]
        self._bounds.clear()

    def _check_same(
        self, other: DimExpr, when: str, self_descr: str = " ", other_descr: str = "unknown"
    ) -> None:
        if other.scope is not self:
            raise MeshjitValueError(
                f"Invalid mixing of symbolic scopes {when}.\n"
                f"Expected {self_descr}scope {self}\n"
                f"and found for '{other}' ({other_descr}) scope {other.scope}\n"
                "See https://docs.jax.dev/en/latest/export/shape_poly.html#user-specified-symbolic-constraints."
            )


def _normalize(coeffs: dict, scope: SymbolicScope):
    """The expression of `{term: coefficient}`: an int when constant, the scope's equalities
    applied."""
    if scope._rules:
        for term, k in list(coeffs.items()):
            rewritten = _rewrite(term, k, scope)
            if rewritten is not None:
                del coeffs[term]
                for t, c in rewritten:
                    coeffs[t] = coeffs.get(t, 0) + c
                break
    terms = tuple(sorted(((t, c) for t, c in coeffs.items() if c != 0), reverse=True))
    if not terms:
        return 0
    if terms[0][0].is_constant:
        return terms[0][1]
    return DimExpr(terms, scope)


def _rewrite(term: Term, k: int, scope: SymbolicScope):
    after, k_after = scope._rules.get(term, (None, 0))
    if after is not None and k % k_after == 0:
        return [(t, c * (k // k_after)) for t, c in _terms(after)]
    for f, e in term.factors if len(term.factors) > 1 else ():
        single = Term(((f, e),))
        after, k_after = scope._rules.get(single, (None, 0))
        if after is not None and k % k_after == 0:
            rest = term.divide(single)
            return [(t.mul(rest), c * (k // k_after)) for t, c in _terms(after)]
    return None


def _terms(e) -> tuple:
    if isinstance(e, DimExpr):
        return e.terms
    return ((ONE, operator.index(e)),) if e != 0 else ()


def _is_dim_operand(x) -> bool:
    if isinstance(x, DimExpr):
        return True
    try:
        operator.index(x)
        return True
    except TypeError:
        return False


class DimExpr:
    """A symbolic dimension size (JAX's `_DimExpr`): use it as an int in shape arithmetic."""

    __array_priority__ = 1000
    __slots__ = ("terms", "scope", "size", "key", "_hash")

    def __init__(self, terms: tuple, scope: SymbolicScope):
        self.terms, self.scope = terms, scope
        self.size = sum(1 + abs(c) * t.size for t, c in terms)
        self.key = (self.size, tuple((t.key, c) for t, c in terms))
        self._hash = hash((self.key, id(scope)))

    @staticmethod
    def from_var(name: str, scope: SymbolicScope):
        return _normalize({Term(((Factor(var=name), 1),)): 1}, scope)

    @staticmethod
    def from_operation(operation: str, *operands, scope: SymbolicScope):
        ops = [_ensure(o, operation, scope) for o in operands]
        return _normalize({Term(((Factor(operation=operation, operands=ops), 1),)): 1}, scope)

    def __hash__(self):
        return self._hash

    def __str__(self):
        parts = []
        for t, c in self.terms:
            sign = "+" if c >= 0 else "-"  # a zero expression prints as 0
            body = str(abs(c)) if t.is_constant else (str(t) if abs(c) == 1 else f"{abs(c)}*{t}")
            parts.append(f"{sign} {body}")
        text = " ".join(parts)
        return text[2:] if text.startswith("+ ") else text

    def __repr__(self):
        return str(self)

    def variables(self) -> set[str]:
        return set().union(*(f.variables() for t, _ in self.terms for f, _ in t.factors))

    def _linear(self, k1: int, other, k2: int):
        if isinstance(other, DimExpr):
            self.scope._check_same(other, "for linear combination")
        coeffs: dict = {}
        for t, c in self.terms:
            coeffs[t] = coeffs.get(t, 0) + c * k1
        for t, c in _terms(other):
            coeffs[t] = coeffs.get(t, 0) + c * k2
        return _normalize(coeffs, self.scope)

    def __add__(self, other):
        if not _is_dim_operand(other):
            return _as_value(self).__add__(other)
        return self._linear(1, other, 1)

    def __radd__(self, other):
        if not _is_dim_operand(other):
            return _as_value(self).__radd__(other)
        return self._linear(1, other, 1)

    def __sub__(self, other):
        if not _is_dim_operand(other):
            return _as_value(self).__sub__(other)
        return self._linear(1, other, -1)

    def __rsub__(self, other):
        if not _is_dim_operand(other):
            return _as_value(self).__rsub__(other)
        return self._linear(-1, other, 1)

    def __neg__(self):
        return self._linear(-1, 0, 0)

    def __pos__(self):
        return self

    def __mul__(self, other):
        if not _is_dim_operand(other):
            return _as_value(self).__mul__(other)
        other = _ensure(other, "mul", self.scope)
        coeffs: dict = {}
        for t1, c1 in self.terms:
            for t2, c2 in other.terms:
                t = t1.mul(t2)
                coeffs[t] = coeffs.get(t, 0) + c1 * c2
        return _normalize(coeffs, self.scope)

    def __rmul__(self, other):
        if not _is_dim_operand(other):
            return _as_value(self).__rmul__(other)
        return self.__mul__(other)

    def __pow__(self, power, modulo=None):
        if isinstance(power, DimExpr) or modulo is not None:
            raise MeshjitTypeError(f"Symbolic dimension cannot be raised to the power '{power}'")
        if power != int(power):
            raise MeshjitValueError(
                f"Symbolic dimension cannot be raised to non-integer powers: '{self}' ** '{power}'"
            )
        if power < 0:
            raise MeshjitValueError(
                f"Symbolic dimension cannot be raised to negative powers: '{self}' ** '{power}'"
            )
        out = 1
        for _ in range(int(power)):
            out = self * out
        return out

    @traceback_util.api_boundary  # a user's `//` and `%` on dimensions
    def _division(self, other, index: int, name: str, reflected: bool):
        """`//` (index 0) or `%` (index 1), `other` on the right or (reflected) the left."""
        if not _is_dim_operand(other):
            return getattr(_as_value(self), f"__{'r' if reflected else ''}{name}__")(other)
        if reflected:
            return _ensure(other, name, self.scope)._divmod(self)[index]
        return self._divmod(other)[index]

    __floordiv__ = functools.partialmethod(_division, index=0, name="floordiv", reflected=False)
    __rfloordiv__ = functools.partialmethod(_division, index=0, name="floordiv", reflected=True)
    __mod__ = functools.partialmethod(_division, index=1, name="mod", reflected=False)
    __rmod__ = functools.partialmethod(_division, index=1, name="mod", reflected=True)

    def __divmod__(self, divisor):
        return self._divmod(divisor)

    def __rdivmod__(self, other):
        return _ensure(other, "divmod", self.scope)._divmod(self)

    def __truediv__(self, other):
        return _as_value(self).__truediv__(other)

    def __rtruediv__(self, other):
        return _as_value(self).__rtruediv__(other)

    def _divmod(self, divisor):
        """Polynomial division when exact (or with a constant divisor, an integer remainder);
        otherwise the `floordiv` and `mod` operations."""
        if not isinstance(divisor, DimExpr) and operator.index(divisor) == 0:
            raise ZeroDivisionError("integer division or modulo by zero")  # Python's words
        result = _exact_divmod(self, divisor)
        if result is not None:
            return result
        return (
            DimExpr.from_operation(FLOORDIV, self, divisor, scope=self.scope),
            DimExpr.from_operation(MOD, self, divisor, scope=self.scope),
        )

    def __int__(self):
        raise InconclusiveDimensionOperation(
            f"Symbolic dimension '{self}' used in a context that requires a constant"
        )

    def __eq__(self, other):
        if isinstance(other, DimExpr):
            if other.scope is not self.scope:
                return False
        elif not _is_dim_operand(other):
            return False
        diff = self - other
        return not isinstance(diff, DimExpr) and diff == 0

    def __ne__(self, other):
        return not self.__eq__(other)

    def __ge__(self, other):
        return _geq(self, other, lambda: f"'{self}' >= '{other}'")

    def __le__(self, other):
        return _geq(other, self, lambda: f"'{self}' <= '{other}'")

    def __gt__(self, other):
        return not _geq(other, self, lambda: f"'{self}' > '{other}'")

    def __lt__(self, other):
        return not _geq(self, other, lambda: f"'{self}' < '{other}'")

    def __bool__(self):
        return True  # a dimension size is >= 1

    def max(self, other):
        return _max_min(self, other, MAX)

    def min(self, other):
        return _max_min(self, other, MIN)

    def dimension_as_value(self):
        return _as_value(self)

    def __jax_array__(self):
        return _as_value(self)

    def evaluate(self, env: dict):
        """The value with the variables bound in `env` (ints, or anything with int arithmetic)."""
        total = 0
        for t, c in self.terms:
            value = c
            for f, e in t.factors:
                value = value * _evaluate_factor(f, env) ** e
            total = total + value
        return total


# A user's arithmetic and comparisons on dimensions are API boundaries: an inconclusive
# comparison or a mix of scopes points at the user's line, as in JAX.
traceback_util.boundary_methods(
    "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__int__",
    "__ge__", "__le__", "__gt__", "__lt__", "__bool__", "__divmod__", "__rdivmod__",
)(DimExpr)  # fmt: skip


# Named as JAX's class (`type(d).__name__` prints `_DimExpr`); the alias keeps it picklable.
DimExpr.__name__ = DimExpr.__qualname__ = "_DimExpr"
_DimExpr = DimExpr


def _evaluate_factor(f: Factor, env: dict):
    if f.var is not None:
        if f.var not in env:
            raise UnexpectedDimVar(f.var, env)
        return env[f.var]
    a, b = (evaluate(o, env) for o in f.operands)
    return {FLOORDIV: operator.floordiv, MOD: operator.mod, MAX: max_dim, MIN: min_dim}[
        f.operation
    ](a, b)


def evaluate(d, env: dict):
    """`d` (an int or DimExpr) with its variables bound in `env`."""
    return d.evaluate(env) if isinstance(d, DimExpr) else d


def _ensure(x, operation: str, scope: SymbolicScope) -> DimExpr:
    if isinstance(x, DimExpr):
        scope._check_same(x, f"for operation {operation}")
        return x
    if _is_dim_operand(x):
        return DimExpr(((ONE, operator.index(x)),), scope)
    raise MeshjitTypeError(f"Symbolic dimension {operation} not supported for {x}.")


def _exact_divmod(dividend: DimExpr, divisor):
    quotient, rest = 0, dividend
    try:
        while isinstance(rest, DimExpr):
            term, count = rest.terms[0]
            if isinstance(divisor, DimExpr):
                dterm, dcount = divisor.terms[0]
                qterm = term.divide(dterm)
            else:
                qterm, dcount = term, operator.index(divisor)
            if qterm is None or count % dcount:
                return None
            q = _normalize({qterm: count // dcount}, dividend.scope)
            quotient, rest = quotient + q, rest - q * divisor
    except InconclusiveDimensionOperation:
        return None
    if isinstance(divisor, DimExpr):
        return (quotient, 0) if rest == 0 else None
    q, r = divmod(rest, operator.index(divisor))
    return quotient + q, r


# ---------------------------------------------------------------------------------------------
# Deciding comparisons: bounds of expressions.


def bounds(e) -> tuple[float, float]:
    """Lower and upper bounds of `e` for every value of its variables (>= 1) allowed by its
    scope's constraints."""
    if not isinstance(e, DimExpr):
        return (e, e)
    cache = e.scope._bounds
    found = cache.get(e)
    if found is None:
        cache[e] = (-_INF, _INF)  # a constraint about e itself does not recurse
        lo, hi = _sum_bounds(e.terms, e.scope)
        split = _split_bounds(e)
        if split is not None:
            lo, hi = max(lo, split[0]), min(hi, split[1])
        for diff in [d for _, d in e.scope._geq] + _implied(e):  # e = (e - d) + d, d >= 0
            rest = e - diff
            if not isinstance(rest, DimExpr) or rest.size <= e.size:  # a >= b >= 16: a - 16
                lo = max(lo, bounds(rest)[0])
            rest = e + diff  # e = (e + d) - d
            if not isinstance(rest, DimExpr) or rest.size <= e.size:
                hi = min(hi, bounds(rest)[1])
        found = cache[e] = (lo, hi)
    return found


def _split_bounds(e: DimExpr):
    """Bounds of `e` by cases on its first term that is a max or a min (as JAX's): with
    `c*max(a, b)` in it, `e` is the max (c > 0) or the min (c < 0) of `e` with `c*a` and with
    `c*b` in its place (a min the other way round); None without such a term."""
    for term, c in e.terms:
        if len(term.factors) != 1 or term.factors[0][1] != 1:
            continue
        f = term.factors[0][0]
        if f.operation not in (MAX, MIN):
            continue
        value = DimExpr(((term, c),), e.scope)
        rest = e - value
        (alo, ahi), (blo, bhi) = (bounds(rest + c * _plain(o)) for o in f.operands)
        if (f.operation == MAX) == (c > 0):  # e is the larger of the two cases
            return max(alo, blo), max(ahi, bhi)
        return min(alo, blo), min(ahi, bhi)
    return None


def _implied(e: DimExpr) -> list:
    """Differences known >= 0 from the operations in `e`: `b - 1 - mod(a, b)` and `mod(a, b)`
    (b > 0), `a - k*floordiv(a, k)` and its complement (k > 0), `max(a, b) - a`, `a - min(a, b)`."""
    out = []
    for term, _ in e.terms:
        for f, _ in term.factors:
            if f.var is not None:
                continue
            value = DimExpr(((Term(((f, 1),)), 1),), e.scope)
            a, b = (_plain(o) for o in f.operands)
            if f.operation == MOD and bounds(b)[0] > 0:
                out += [b - 1 - value, value]
            elif f.operation == FLOORDIV and not isinstance(b, DimExpr) and b > 0:
                out += [a - b * value, b * value - a + b - 1]
            elif f.operation == MAX:
                out += [value - a, value - b]
            elif f.operation == MIN:
                out += [a - value, b - value]
    return out


def _plain(e: DimExpr):
    """An operand of an operation as an expression (an int when constant)."""
    return _normalize(dict(e.terms), e.scope)


def _sum_bounds(terms, scope) -> tuple[float, float]:
    lo = hi = 0
    for t, c in terms:
        tlo, thi = _term_bounds(t, scope)
        a, b = _scale(tlo, c), _scale(thi, c)
        lo, hi = lo + min(a, b), hi + max(a, b)
    return lo, hi


def _scale(x: float, c: int) -> float:
    return 0 if x == 0 else x * c


def _term_bounds(t: Term, scope) -> tuple[float, float]:
    lo = hi = 1
    for f, e in t.factors:
        flo, fhi = _factor_bounds(f, scope)
        flo, fhi = _power_bounds(flo, fhi, e)
        products = [_scale_inf(x, y) for x in (lo, hi) for y in (flo, fhi)]
        lo, hi = min(products), max(products)
    for text, diff in scope._geq:  # a constraint on this very term (e.g. "b >= 4")
        if isinstance(diff, DimExpr) and len(diff.terms) <= 2 and diff.terms[0][0] == t:
            (_, k), const = diff.terms[0], (diff.terms[1][1] if len(diff.terms) == 2 else 0)
            if len(diff.terms) == 2 and not diff.terms[1][0].is_constant:
                continue
            bound = -const / k  # k*t + const >= 0
            if k > 0:
                lo = max(lo, math.ceil(bound))
            else:
                hi = min(hi, math.floor(bound))
            if lo > hi:
                raise MeshjitValueError(f"Unsatisfiable constraint: {text}")
    return lo, hi


def _scale_inf(x: float, y: float) -> float:
    if x == 0 or y == 0:
        return 0
    return x * y


def _power_bounds(lo: float, hi: float, e: int) -> tuple[float, float]:
    if e == 1:
        return lo, hi
    if lo >= 0:
        return lo**e, hi**e
    values = [lo**e, hi**e] + ([0] if hi >= 0 else [])
    return min(values), max(values)


def _factor_bounds(f: Factor, scope) -> tuple[float, float]:
    if f.var is not None:
        return 1, _INF
    (alo, ahi), (blo, bhi) = (bounds(o) for o in f.operands)
    if f.operation == MAX:
        return max(alo, blo), max(ahi, bhi)
    if f.operation == MIN:
        return min(alo, blo), min(ahi, bhi)
    if blo > 0:  # floordiv and mod by a positive divisor
        if f.operation == MOD:
            hi = bhi - 1
            return (0, min(hi, ahi)) if alo >= 0 else (0, hi)
        return _floor_div(alo, blo, bhi), _floor_div(ahi, blo, bhi, upper=True)
    return -_INF, _INF


def _floor_div(a: float, blo: float, bhi: float, upper: bool = False) -> float:
    if abs(a) == _INF:
        return a
    candidates = [a / blo] + ([a / bhi] if bhi != _INF else [0])
    return math.floor(max(candidates) if upper else min(candidates))


def _geq(e1, e2, describe) -> bool:
    """`e1 >= e2`, or InconclusiveDimensionOperation."""
    scope = e1.scope if isinstance(e1, DimExpr) else getattr(e2, "scope", None)
    if scope is None:
        return int(e1) >= int(e2)
    if isinstance(e1, DimExpr) and isinstance(e2, DimExpr):
        scope._check_same(e2, f"when comparing {describe()}")
    lo, hi = bounds(e1 - e2)
    if lo >= 0:
        return True
    if hi < 0:
        return False
    where = f"\nUsing symbolic scope {scope}" if scope._geq else ""
    raise InconclusiveDimensionOperation(
        f"Symbolic dimension comparison {describe()} is inconclusive.{where}"
    )


def _max_min(a, b, operation: str):
    scope = a.scope if isinstance(a, DimExpr) else b.scope
    lo, hi = bounds(a - b)
    if lo >= 0:
        return a if operation == MAX else b
    if hi <= 0:
        return b if operation == MAX else a
    return DimExpr.from_operation(operation, a, b, scope=scope)


# ---------------------------------------------------------------------------------------------
# `jax.core`'s helpers over int-or-symbolic dimensions.


def is_symbolic_dim(p) -> bool:
    return isinstance(p, DimExpr)


def is_constant_dim(d) -> bool:
    try:
        operator.index(d)
        return True
    except TypeError:
        return False


def is_constant_shape(shape) -> bool:
    return all(is_constant_dim(d) for d in shape)


def max_dim(a, b):
    if not isinstance(a, DimExpr) and not isinstance(b, DimExpr):
        return max(a, b)
    return _max_min(a, b, MAX)


def min_dim(a, b):
    if not isinstance(a, DimExpr) and not isinstance(b, DimExpr):
        return min(a, b)
    return _max_min(a, b, MIN)


def dim_value_dtype() -> np.dtype:
    """The type of dimension values: int64 under x64, int32 otherwise (as JAX's)."""
    return np.dtype(np.int64 if dtypes.x64_enabled else np.int32)


def _as_value(d):
    from meshjit.compiler.lax.dim_values import dimension_as_value

    return dimension_as_value(d)


def dimension_as_value(d):
    """A dimension as a value to compute with: an int stays an int, a symbolic dimension is
    an int32 scalar (JAX's `core.dimension_as_value`)."""
    return _as_value(d) if isinstance(d, DimExpr) else d


def int_or_symbolic(d):
    """`int(d)`, a symbolic dimension kept as it is (what shape parameters take)."""
    return d if isinstance(d, DimExpr) else int(d)
