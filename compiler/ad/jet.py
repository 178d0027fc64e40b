"""`jax.experimental.jet`: Taylor-mode derivatives. `jet(f, primals, series)` pushes truncated
Taylor series of the inputs through `f`. meshjit computes the output series by nested jvps
along the input curve x(t) = x0 + sum_k x_k t^k / k! (the k-th output term is the k-th
derivative of f(x(t)) at t = 0): the same values as JAX's per-primitive Taylor rules, by
repeated first-order differentiation."""

from __future__ import annotations

import math
from typing import Callable

import numpy as np

from meshjit.compiler.ad.api import jvp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.trace.tracing import abstractify, trace_flat
from meshjit.compiler.tree_util import tree_flatten, tree_structure, tree_unflatten

__all__ = ["jet", "jet2"]


def jet(fun: Callable, primals, series, factorial_scaled: bool = True, **_):
    """(fun(*primals), the output series): each output leaf's list of K terms, K the length of
    every input's series. `factorial_scaled=False` takes and returns plain Taylor
    coefficients (the k-th term divided by k!)."""
    order = _check(primals, series)
    if not factorial_scaled:
        series = [[t * math.factorial(k + 1) for k, t in enumerate(ts)] for ts in series]

    def along(t):
        xs = [p + sum(c * t ** (k + 1) / math.factorial(k + 1) for k, c in enumerate(cs))
              for p, cs in zip(primals, series)]  # fmt: skip
        return tree_flatten(fun(*xs))[0]

    # t is a weak (Python) float: the curve keeps the primals' dtypes and weak types
    derivatives = _derivatives(along, order, 0.0, 1.0)
    direct, out_tree = tree_flatten(fun(*primals))
    primals_out = derivatives[0]
    terms = [[d[i] for d in derivatives[1:]] for i in range(len(primals_out))]
    for i, live in enumerate(_depends_on_t(along)):
        if not live:
            primals_out[i], terms[i] = direct[i], _zero_series(direct[i], order, factorial_scaled)
        elif not factorial_scaled:
            terms[i] = [t / math.factorial(k + 1) for k, t in enumerate(terms[i])]
    return tree_unflatten(out_tree, primals_out), tree_unflatten(out_tree, terms)


def _depends_on_t(along) -> list[bool]:
    """Which outputs of `along` depend on t (the others are constants of `fun`)."""
    closed, _ = trace_flat(lambda t: along(t), [abstractify(0.0)])
    live = {id(v) for v in closed.jaxpr.invars}
    for eqn in closed.jaxpr.eqns:
        if any(id(v) in live for v in eqn.invars):
            live.update(id(v) for v in eqn.outvars)
    return [id(v) in live for v in closed.jaxpr.outvars]


def _zero_series(primal, order: int, factorial_scaled: bool) -> list:
    """As JAX's for an output that is no Taylor series (a constant): the primal as it is, its
    terms zeros of its type (times k!, a float32, when factorial-scaled: an int output's terms
    are float32)."""
    from meshjit.compiler.numpy import zeros_like  # numpy sits beside ad

    zero = zeros_like(primal)
    if not factorial_scaled:
        return [zero] * order
    return [zero * np.float32(math.factorial(k + 1)) for k in range(order)]


def jet2(fun: Callable, primals, series, **kwargs):
    """`jet` on plain Taylor coefficients (factorial_scaled=False)."""
    return jet(fun, primals, series, factorial_scaled=False, **kwargs)


def _derivatives(g, order: int, zero, one) -> list:
    """[g(0), g'(0), ..., g^(order)(0)] for g: t -> a list of arrays, by nested jvps."""

    def up_to(k):
        if k == 0:
            return lambda t: [g(t)]
        below = up_to(k - 1)

        def f(t):
            values, slopes = jvp(below, (t,), (one,))
            return [values[0], *slopes]

        return f

    return up_to(order)(zero)


def _check(primals, series) -> int:
    if len(primals) != len(series):
        raise MeshjitValueError(
            f"jet: {len(primals)} primals but {len(series)} series (one list of terms each)"
        )
    orders = {len(terms) for terms in series}
    if len(orders) != 1:
        raise MeshjitValueError("jet terms have inconsistent lengths for different arguments")
    for i, (x, terms) in enumerate(zip(primals, series)):
        if tree_structure(x).num_leaves != 1 or tree_structure(x).num_nodes != 1:
            raise MeshjitValueError(f"primal value at position {i} is not an array")
        for j, t in enumerate(terms):
            if tree_structure(t).num_nodes != 1:
                raise MeshjitValueError(f"term {j} for argument {i} is not an array")
    return orders.pop()
