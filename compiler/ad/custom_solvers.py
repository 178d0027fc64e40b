"""lax.custom_root and lax.custom_linear_solve: a solver whose result is differentiated
implicitly (through the equation it solves), not through the solver's iterations.

The function defining the equation may close over traced values (the parameters being
differentiated); it is traced once and its closed-over values become explicit arguments of a
custom_jvp function, whose rule applies the implicit function theorem:
  f(x*(c), c) = 0            =>  dx = -tangent_solve(d f/dx, d f/dc . dc)
  A(c) x = b                 =>  dx = solve(A, db - dA . x)
Reverse mode transposes the tangent computation, so it needs the tangent solve to be built of
transposable ops (a direct solve; an iterative solver's while_loop is not: JAX transposes it with
`transpose_solve`, which meshjit does not use yet)."""

from __future__ import annotations

from meshjit.compiler.ad.api import jvp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.lax import ad_util
from meshjit.compiler.lax.special import stop_gradient
from meshjit.compiler.trace.jaxprs import eval_closed
from meshjit.compiler.trace.tracing import abstractify, trace_flat
from meshjit.compiler.tree_util import tree_flatten, tree_leaves, tree_map, tree_unflatten

__all__ = ["custom_linear_solve", "custom_root"]


def _closure_converted(fun, example):
    """(converted, consts): converted(x, consts) computes fun(x), with the values fun closes
    over passed in as `consts` (so that they can carry tangents)."""
    leaves, in_tree = tree_flatten(example)
    closed, out_tree = trace_flat(
        lambda *xs: fun(tree_unflatten(in_tree, xs)), [abstractify(x) for x in leaves]
    )
    consts, jaxpr = ad_util.closure_convert(closed)

    def converted(x, consts):
        return tree_unflatten(out_tree, eval_closed(jaxpr, [*consts, *tree_leaves(x)]))

    return converted, list(consts)


def _negated(tree):
    return tree_map(lambda t: -t, tree)


def _split_aux(out, has_aux: bool):
    return (out[0], out[1]) if has_aux else (out, None)


def _with_aux(value, aux, has_aux: bool):
    return (value, tree_map(stop_gradient, aux)) if has_aux else value


def custom_root(f, initial_guess, solve, tangent_solve, has_aux=False):
    """The `x` with f(x) = 0 that `solve(f, initial_guess)` finds, differentiated implicitly:
    `tangent_solve(g, y)` solves the linear g(x) = y (g the derivative of f at the root)."""
    f_conv, consts = _closure_converted(f, initial_guess)
    solve_conv, solve_consts = _closure_converted(lambda g: solve(f, g), initial_guess)

    @custom_jvp
    def root(consts, solve_consts, guess):
        solution, aux = _split_aux(solve_conv(stop_gradient(guess), solve_consts), has_aux)
        return _with_aux(solution, aux, has_aux)

    @root.defjvp
    def _root_jvp(primals, tangents):
        consts = primals[0]
        out = root(*primals)
        solution, aux = _split_aux(out, has_aux)
        _, rhs = jvp(lambda c: f_conv(solution, c), (consts,), (tangents[0],))

        def derivative(v):
            return jvp(lambda x: f_conv(x, consts), (solution,), (v,))[1]

        d_solution = _negated(tangent_solve(derivative, rhs))
        return out, _with_aux(d_solution, _zeros_like(aux), has_aux)

    return root(consts, solve_consts, initial_guess)


def _zeros_like(tree):
    return tree_map(lambda x: ad_util.zeros_like_aval(abstractify(x)), tree)


def custom_linear_solve(matvec, b, solve, transpose_solve=None, symmetric=False, has_aux=False):
    """`solve(matvec, b)`, the x with matvec(x) = b, differentiated implicitly (the values
    `solve` closes over are taken as constants: `solve` is the inverse of `matvec`)."""
    del transpose_solve, symmetric  # reverse mode transposes the tangent solve directly
    matvec_conv, consts = _closure_converted(matvec, b)
    solve_conv, solve_consts = _closure_converted(lambda rhs: solve(matvec, rhs), b)

    @custom_jvp
    def linear_solve(consts, solve_consts, b):
        x, aux = _split_aux(solve_conv(b, solve_consts), has_aux)
        return _with_aux(x, aux, has_aux)

    @linear_solve.defjvp
    def _linear_solve_jvp(primals, tangents):
        consts, solve_consts, _ = primals
        out = linear_solve(*primals)
        x, aux = _split_aux(out, has_aux)
        _, d_matvec_x = jvp(lambda c: matvec_conv(x, c), (consts,), (tangents[0],))
        rhs = tree_map(lambda db, dax: db - dax, tangents[2], d_matvec_x)
        dx, _ = _split_aux(solve_conv(rhs, solve_consts), has_aux)
        return out, _with_aux(dx, _zeros_like(aux), has_aux)

    return linear_solve(consts, solve_consts, b)
