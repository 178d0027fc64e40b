"""`pl.estimate_cost` (JAX's `jax._src.pallas.cost_estimate`): a kernel's cost for
`pallas_call(cost_estimate=...)`, counted over the function's jaxpr as JAX counts it: one flop
per output element of an elementwise binary op, per input element of a cheap unary op, a
transcendental per element of `exp`, `log`, ..., `2 * K` flops per output element of a
contraction over K, the bodies of `jit` and `custom_vjp` calls; plus the bytes of the
arguments and results. Other equations cost nothing."""

from __future__ import annotations

import functools
import math

from meshjit.compiler.pallas.core import CostEstimate

_BINARY = frozenset({"add", "mul", "sub", "div", "min", "max", "or", "and", "xor"})
_UNARY = frozenset({"neg", "floor", "ceil", "round", "not"})
_TRANSCENDENTAL = frozenset(
    {"cos", "sin", "tan", "sinh", "cosh", "tanh", "acos", "asin", "atan", "exp", "log",
     "logistic", "sqrt"}
)  # fmt: skip


def _size(aval) -> int:
    return math.prod(aval.shape)


def _integer_pow_flops(n: int, y: int) -> int:
    """Repeated squaring: log2(y) squarings and a multiply per set bit."""
    return 0 if y in (0, 1) else n * (math.floor(math.log(y, 2)) + y.bit_count())


def _dot_general_flops(lhs, rhs, dimension_numbers) -> int:
    (lhs_contract, rhs_contract), (_, rhs_batch) = dimension_numbers
    flops = 2 * math.prod(lhs.shape[d] for d in lhs_contract)
    flops *= math.prod(s for d, s in enumerate(lhs.shape) if d not in lhs_contract)
    skipped = set(rhs_contract) | set(rhs_batch)
    return flops * math.prod(s for d, s in enumerate(rhs.shape) if d not in skipped)


def _eqn_cost(eqn) -> tuple[int, int]:
    """(flops, transcendentals) of one equation."""
    name, params = eqn.primitive.name, eqn.params
    if name in _BINARY:
        return _size(eqn.outvars[0].aval), 0
    if name in _UNARY:
        return _size(eqn.invars[0].aval), 0
    if name in _TRANSCENDENTAL:
        return 0, _size(eqn.invars[0].aval)
    if name == "integer_pow":
        return _integer_pow_flops(_size(eqn.invars[0].aval), params["y"]), 0
    if name == "dot_general":
        lhs, rhs = (v.aval for v in eqn.invars)
        return _dot_general_flops(lhs, rhs, params["dimension_numbers"]), 0
    inner = {"jit": "jaxpr", "custom_vjp_call": "call_jaxpr"}.get(name)
    return _jaxpr_cost(params[inner]) if inner else (0, 0)


def _jaxpr_cost(closed) -> tuple[int, int]:
    jaxpr = getattr(closed, "jaxpr", closed)
    costs = [_eqn_cost(eqn) for eqn in jaxpr.eqns]
    return sum(c[0] for c in costs), sum(c[1] for c in costs)


def estimate_cost(fun, *args, **kwargs) -> CostEstimate:
    """The cost of `fun(*args, **kwargs)`; arguments are arrays or `ShapeDtypeStruct`s."""
    from meshjit.compiler.jit.api import make_jaxpr  # a later room
    from meshjit.compiler.tree_util import tree_leaves

    closed = make_jaxpr(functools.partial(fun, **kwargs))(*args)
    flops, transcendentals = _jaxpr_cost(closed)
    in_bytes = sum(_size(a) * a.dtype.itemsize for a in tree_leaves(args))
    out_bytes = sum(_size(v.aval) * v.aval.dtype.itemsize for v in closed.jaxpr.outvars)
    return CostEstimate(
        flops=flops, transcendentals=transcendentals, bytes_accessed=in_bytes + out_bytes
    )
