"""lax.custom_root and lax.custom_linear_solve: a solver whose result is differentiated
implicitly (through the equation it solves), not through the solver's iterations.

The function defining the equation may close over traced values (the parameters being
differentiated); it is traced once and its closed-over values become explicit arguments.
- custom_root is a custom_jvp function, whose rule applies the implicit function theorem,
  f(x*(c), c) = 0  =>  dx = -tangent_solve(d f/dx, d f/dc . dc); reverse mode transposes that
  tangent computation, so `tangent_solve` must be transposable (as in JAX).
- custom_linear_solve is a primitive, as JAX's `custom_linear_solve`, holding the jaxprs of
  matvec, its transpose vecmat, solve and transpose_solve. Its jvp is a solve of the same system,
  A x = b  =>  A dx = db - dA x, and its transpose is the transposed solve, ct -> A^-T ct
  (`transpose_solve` with vecmat), so reverse mode never transposes the solver's iterations
  (a while_loop in cg, gmres, bicgstab)."""

from __future__ import annotations

import functools
import itertools
from typing import Any, NamedTuple

from meshjit.compiler.ad.api import jvp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.ad.transform import jvp_eval, transpose_jaxpr
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir.core import ClosedJaxpr
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import keep
from meshjit.compiler.lax import ad_util
from meshjit.compiler.lax.ad_util import add_tangents, aval_of, is_undefined
from meshjit.compiler.lax.batching import (
    all_to_front,
    axis_rules,
    batch_jaxpr,
    move_to_front,
    size_of,
)
from meshjit.compiler.lax.elementwise import neg
from meshjit.compiler.lax.special import stop_gradient
from meshjit.compiler.lowering import jaxpr_subcomp
from meshjit.compiler.trace.jaxprs import eval_closed
from meshjit.compiler.trace.tracing import abstractify, trace_flat
from meshjit.compiler.tree_util import (
    tree_flatten,
    tree_leaves,
    tree_map,
    tree_structure,
    tree_unflatten,
)

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
    # functools.partial, as JAX's: a `solve` that is not callable is refused in its words
    solve_conv, solve_consts = _closure_converted(functools.partial(solve, f), initial_guess)

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


# ---------------------------------------------------------------------------------------------
# custom_linear_solve: the primitive `custom_linear_solve` holding four jaxprs (matvec, its
# transpose vecmat, solve, transpose_solve), each taking its consts then a vector.


class _LinearSolveTuple(NamedTuple):
    """One entry per function of a linear solve: jaxprs (None when not given), or their
    numbers of consts."""

    matvec: Any
    vecmat: Any
    solve: Any
    transpose_solve: Any

    def transpose(self) -> _LinearSolveTuple:
        return _LinearSolveTuple(self.vecmat, self.matvec, self.transpose_solve, self.solve)


linear_solve_p = Primitive("custom_linear_solve", multiple_results=True)
axis_rules.add(linear_solve_p)


def _split_solve_args(args, const_lengths: _LinearSolveTuple) -> tuple[_LinearSolveTuple, list]:
    groups, start = [], 0
    for n in const_lengths:
        groups.append(list(args[start : start + n]))
        start += n
    return _LinearSolveTuple(*groups), list(args[start:])


def _check_operator_out(name: str, tree, expected_tree, leaves, expected_avals):
    """JAX's checks of what matvec / solve / transpose_solve return (TypeError for a structure,
    ValueError for shapes)."""
    if tree != expected_tree:
        raise MeshjitTypeError(
            f"{name}() output pytree structure must match b, got {tree} and {expected_tree}."
        )
    shapes = [tuple(abstractify(x).shape) for x in leaves]
    expected = [a.shape for a in expected_avals]
    if shapes != expected:
        raise MeshjitValueError(f"{name}() output shapes must match b, got {shapes} and {expected}")


def _split_aux_output(name: str, out):
    if not isinstance(out, (tuple, list)) or len(out) != 2:
        raise MeshjitValueError(
            f"{name}() produced a pytree with structure {tree_structure(out)}, but a pytree "
            "tuple with auxiliary output was expected because has_aux was set to True."
        )
    return out[0], out[1]


def _trace_operator(name: str, fun, tree, avals, has_aux: bool):
    """(consts, jaxpr: consts + vector leaves -> result leaves [+ aux leaves], aux tree)."""
    aux_tree = []

    def flat(*xs):
        out = fun(tree_unflatten(tree, xs))
        if has_aux:
            out, aux = _split_aux_output(name, out)
            aux_leaves, t = tree_flatten(aux)
            aux_tree.append(t)
        leaves, out_tree = tree_flatten(out)
        _check_operator_out(name, out_tree, tree, leaves, avals)
        return leaves + (aux_leaves if has_aux else [])

    closed, _ = trace_flat(flat, avals)
    consts, jaxpr = ad_util.closure_convert(closed)
    return consts, jaxpr, (aux_tree[0] if has_aux else None)


def _applied(jaxpr: ClosedJaxpr, consts, tree):
    """The linear map `jaxpr` computes, as a function of a pytree like b."""
    return lambda x: tree_unflatten(tree, eval_closed(jaxpr, [*consts, *tree_leaves(x)]))


def custom_linear_solve(matvec, b, solve, transpose_solve=None, symmetric=False, has_aux=False):
    """`solve(matvec, b)`, the x with matvec(x) = b, differentiated implicitly: its derivatives
    are solves of the same system (`transpose_solve` with the transposed matvec, `vecmat`, in
    reverse mode; `solve` itself when `symmetric`). `solve` and `transpose_solve` are never
    differentiated."""
    if transpose_solve is None and symmetric:
        transpose_solve = solve
    leaves, tree = tree_flatten(b)
    avals = [abstractify(x) for x in leaves]
    mv_consts, mv_jaxpr, _ = _trace_operator("matvec", matvec, tree, avals, False)
    s_consts, s_jaxpr, aux_tree = _trace_operator(
        "solve", functools.partial(solve, matvec), tree, avals, has_aux
    )
    vm_consts, vm_jaxpr, ts_consts, ts_jaxpr = [], None, [], None
    if transpose_solve is not None:
        vecmat, vm_consts, vm_jaxpr = matvec, mv_consts, mv_jaxpr
        if not symmetric:
            linear = [False] * len(mv_consts) + [True] * len(avals)
            vm_jaxpr = transpose_jaxpr(mv_jaxpr, linear)
            vecmat = _applied(vm_jaxpr, vm_consts, tree)
        ts_consts, ts_jaxpr, _ = _trace_operator(
            "transpose_solve", functools.partial(transpose_solve, vecmat), tree, avals, has_aux
        )
    consts = _LinearSolveTuple(mv_consts, vm_consts, s_consts, ts_consts)
    jaxprs = _LinearSolveTuple(mv_jaxpr, vm_jaxpr, s_jaxpr, ts_jaxpr)
    lengths = _LinearSolveTuple(*map(len, consts))
    outs = linear_solve_p.bind(
        *itertools.chain(*consts), *leaves, const_lengths=lengths, jaxprs=jaxprs
    )
    x = tree_unflatten(tree, outs[: len(leaves)])
    return (x, tree_unflatten(aux_tree, outs[len(leaves) :])) if has_aux else x


@abstract_eval_rules.register(linear_solve_p)
def _linear_solve_rule(*avals, const_lengths, jaxprs):
    return list(jaxprs.solve.out_avals)


def _linear_solve_lowering(ctx, *args, const_lengths, jaxprs):
    params, b = _split_solve_args(args, const_lengths)
    return jaxpr_subcomp(ctx.module_ctx, jaxprs.solve.jaxpr, [], [*params.solve, *b])


lowering_rules.register(linear_solve_p, _linear_solve_lowering)
sharding_rules.register(linear_solve_p, keep)


@jvp_rules.register(linear_solve_p)
def _linear_solve_jvp(primals, tangents, *, const_lengths, jaxprs):
    """A x = b  =>  A dx = db - dA x: the tangent is a solve of the same system."""
    x = linear_solve_p.bind(*primals, const_lengths=const_lengths, jaxprs=jaxprs)
    params, b = _split_solve_args(primals, const_lengths)
    params_dot, b_dot = _split_solve_args(tangents, const_lengths)
    n = len(b)
    rhs = b_dot
    if any(t is not None for t in params_dot.matvec):
        mv = jaxprs.matvec
        zeros = [None] * n
        _, dA_x = jvp_eval(
            mv.jaxpr, mv.consts, [*params.matvec, *x[:n]], [*params_dot.matvec, *zeros]
        )
        rhs = [add_tangents(db, None if t is None else neg(t)) for db, t in zip(b_dot, dA_x)]
    if all(t is None for t in rhs):
        return x, [None] * len(x)
    rhs = [ad_util.instantiate(t, aval_of(p)) for t, p in zip(rhs, b)]
    args = [*itertools.chain(*params), *rhs]
    x_dot = linear_solve_p.bind(*args, const_lengths=const_lengths, jaxprs=jaxprs)
    return x, x_dot[:n] + [None] * (len(x) - n)


@transpose_rules.register(linear_solve_p)
def _linear_solve_transpose(cts, *args, const_lengths, jaxprs):
    """The transpose of b -> A^-1 b is ct -> A^-T ct: transpose_solve with vecmat."""
    if jaxprs.transpose_solve is None:
        raise MeshjitTypeError(
            "transpose_solve required for backwards mode automatic differentiation of "
            "custom_linear_solve"
        )
    params, b = _split_solve_args(args, const_lengths)
    if any(is_undefined(p) for p in itertools.chain(*params)):
        raise MeshjitNotImplementedError(
            "custom_linear_solve is transposed only in its right-hand side b, not in the "
            "values its functions close over"
        )
    x_ct = [ad_util.instantiate(ct, aval_of(p)) for ct, p in zip(cts, b)]
    b_ct = linear_solve_p.bind(
        *itertools.chain(*params.transpose()), *x_ct,
        const_lengths=const_lengths.transpose(), jaxprs=jaxprs.transpose(),
    )  # fmt: skip
    return [None] * sum(const_lengths) + [ct if is_undefined(p) else None for ct, p in zip(b_ct, b)]


@batching_rules.register(linear_solve_p)
def _linear_solve_batcher(args, dims, *, const_lengths, jaxprs):
    """The four jaxprs batched alike: which parts of x and b are batched is a fixpoint (a
    batched x makes matvec's b batched, and so on), as in JAX."""
    params, b = _split_solve_args(args, const_lengths)
    params_dims, b_dims = _split_solve_args(dims, const_lengths)
    p_bat = _LinearSolveTuple(*[[d is not None for d in ds] for ds in params_dims])
    orig_b_bat = [d is not None for d in b_dims]
    batched, x_bat, b_bat = _batched_solve_jaxprs(jaxprs, p_bat, orig_b_bat)
    size = size_of(args, dims)
    new_consts, new_jaxprs = [], []
    for j, group, ds in zip(batched, params, params_dims):
        if j is None:
            new_consts.append(all_to_front(group, ds))
            new_jaxprs.append(None)
            continue
        consts, j = ad_util.closure_convert(j)
        new_consts.append([*consts, *all_to_front(group, ds)])
        new_jaxprs.append(j)
    new_b = [move_to_front(x, d, size) if now else x for x, d, now in zip(b, b_dims, b_bat)]
    outs = linear_solve_p.bind(
        *itertools.chain(*new_consts), *new_b,
        const_lengths=_LinearSolveTuple(*map(len, new_consts)), jaxprs=_LinearSolveTuple(*new_jaxprs),
    )  # fmt: skip
    return outs, [0 if bat else None for bat in x_bat]


def _batched_solve_jaxprs(jaxprs: _LinearSolveTuple, p_bat: _LinearSolveTuple, orig_b_bat: list):
    """(batched jaxprs, which outputs of solve are batched, which parts of b are)."""
    n_vec = len(jaxprs.matvec.out_avals)
    n_aux = len(jaxprs.solve.out_avals) - n_vec
    b_bat, x_bat = list(orig_b_bat), [False] * len(jaxprs.solve.out_avals)
    while True:
        solve, x_bat_out = batch_jaxpr(jaxprs.solve, p_bat.solve + b_bat, x_bat)
        vecmat = None
        if jaxprs.vecmat is not None:
            vecmat, vm_bat = batch_jaxpr(jaxprs.vecmat, p_bat.vecmat + b_bat, b_bat)
            x_bat_out = [a or b for a, b in zip(vm_bat + [True] * n_aux, x_bat_out)]
        x_vec = x_bat_out[:n_vec]
        matvec, b_bat_out = batch_jaxpr(jaxprs.matvec, p_bat.matvec + x_vec, b_bat)
        b_bat_out = [a or b for a, b in zip(b_bat_out, orig_b_bat)]
        tr_solve = None
        if jaxprs.transpose_solve is not None:
            tr_solve, ts_bat = batch_jaxpr(
                jaxprs.transpose_solve, p_bat.transpose_solve + x_vec, x_bat_out
            )
            b_bat_out = [a or b for a, b in zip(b_bat_out, ts_bat[:n_vec])]
        if x_bat_out == x_bat and b_bat_out == b_bat:
            return _LinearSolveTuple(matvec, vecmat, solve, tr_solve), x_bat, b_bat
        x_bat, b_bat = x_bat_out, b_bat_out
