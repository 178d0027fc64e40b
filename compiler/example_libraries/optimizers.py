"""JAX's jax.example_libraries.optimizers: an optimizer is a triple (init_fun, update_fun,
get_params) over pytrees of parameters, its state an `OptimizerState` pytree; the per-leaf rules
(sgd, momentum, nesterov, adagrad, rmsprop, rmsprop_momentum, adam, adamax, sm3) and the step
size schedules are JAX's formulas."""

from __future__ import annotations

import functools
from collections import namedtuple
from typing import NamedTuple

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.tree_util import (
    register_pytree_node,
    tree_flatten,
    tree_map,
    tree_unflatten,
)

__all__ = [
    "JoinPoint",
    "Optimizer",
    "OptimizerState",
    "adagrad",
    "adam",
    "adamax",
    "clip_grads",
    "constant",
    "exponential_decay",
    "inverse_time_decay",
    "l2_norm",
    "make_schedule",
    "momentum",
    "nesterov",
    "optimizer",
    "pack_optimizer_state",
    "piecewise_constant",
    "polynomial_decay",
    "rmsprop",
    "rmsprop_momentum",
    "sgd",
    "sm3",
    "unpack_optimizer_state",
]

OptimizerState = namedtuple("OptimizerState", ["packed_state", "tree_def", "subtree_defs"])
# The state's leaves are the packed per-parameter states; the structures are aux data.
register_pytree_node(
    OptimizerState,
    lambda s: ((s.packed_state,), (s.tree_def, s.subtree_defs)),
    lambda aux, kids: OptimizerState(kids[0], aux[0], aux[1]),
)


class Optimizer(NamedTuple):
    init_fn: object
    update_fn: object
    params_fn: object


def _flatten_each(trees) -> tuple[tuple, tuple]:
    """(leaves of each tree, structure of each tree): tuples, so the structures hash."""
    pairs = [tree_flatten(t) for t in trees]
    return tuple(p[0] for p in pairs), tuple(p[1] for p in pairs)


def optimizer(opt_maker):
    """Lifts an optimizer over single arrays, (init, update, get_params), to pytrees."""

    @functools.wraps(opt_maker)
    def tree_opt_maker(*args, **kwargs):
        init, update, get_params = opt_maker(*args, **kwargs)

        @functools.wraps(init)
        def tree_init(x0_tree):
            x0_flat, tree = tree_flatten(x0_tree)
            states_flat, subtrees = _flatten_each([init(x0) for x0 in x0_flat])
            return OptimizerState(states_flat, tree, subtrees)

        @functools.wraps(update)
        def tree_update(i, grad_tree, opt_state):
            states_flat, tree, subtrees = opt_state
            grad_flat, grad_def = tree_flatten(grad_tree)
            if grad_def != tree:
                raise MeshjitTypeError(
                    "optimizer update function was passed a gradient tree that did not match "
                    f"the parameter tree structure with which it was initialized: parameter tree "
                    f"{tree} and grad tree {grad_def}."
                )
            states = [tree_unflatten(s, flat) for s, flat in zip(subtrees, states_flat)]
            new_states = [update(i, g, s) for g, s in zip(grad_flat, states)]
            new_flat, new_subtrees = _flatten_each(new_states)
            for before, after in zip(subtrees, new_subtrees):
                if before != after:
                    raise MeshjitTypeError(
                        "optimizer update function produced an output structure that did not "
                        f"match its input structure: input {before} and output {after}."
                    )
            return OptimizerState(new_flat, tree, subtrees)

        @functools.wraps(get_params)
        def tree_get_params(opt_state):
            states_flat, tree, subtrees = opt_state
            states = [tree_unflatten(s, flat) for s, flat in zip(subtrees, states_flat)]
            return tree_unflatten(tree, [get_params(s) for s in states])

        return Optimizer(tree_init, tree_update, tree_get_params)

    return tree_opt_maker


def _first(state):
    return state[0]


def _with_zeros(n: int):
    """An init_fun: the parameter and `n` zero accumulators shaped like it."""
    return lambda x0: (x0, *(jnp.zeros_like(x0) for _ in range(n)))


@optimizer
def sgd(step_size):
    step_size = make_schedule(step_size)
    return (lambda x0: x0), (lambda i, g, x: x - step_size(i) * g), (lambda x: x)


@optimizer
def momentum(step_size, mass: float):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, velocity = state
        velocity = mass * velocity + g
        return x - step_size(i) * velocity, velocity

    return _with_zeros(1), update, _first


@optimizer
def nesterov(step_size, mass: float):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, velocity = state
        velocity = mass * velocity + g
        return x - step_size(i) * (mass * velocity + g), velocity

    return _with_zeros(1), update, _first


@optimizer
def adagrad(step_size, momentum=0.9):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, g_sq, m = state
        g_sq = g_sq + jnp.square(g)
        g_sq_inv_sqrt = jnp.where(g_sq > 0, 1.0 / jnp.sqrt(g_sq), 0.0)
        m = (1.0 - momentum) * (g * g_sq_inv_sqrt) + momentum * m
        return x - step_size(i) * m, g_sq, m

    return _with_zeros(2), update, _first


@optimizer
def rmsprop(step_size, gamma=0.9, eps=1e-8):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, avg_sq_grad = state
        avg_sq_grad = avg_sq_grad * gamma + jnp.square(g) * (1.0 - gamma)
        return x - step_size(i) * g / jnp.sqrt(avg_sq_grad + eps), avg_sq_grad

    return _with_zeros(1), update, _first


@optimizer
def rmsprop_momentum(step_size, gamma=0.9, eps=1e-8, momentum=0.9):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, avg_sq_grad, mom = state
        avg_sq_grad = avg_sq_grad * gamma + jnp.square(g) * (1.0 - gamma)
        mom = momentum * mom + step_size(i) * g / jnp.sqrt(avg_sq_grad + eps)
        return x - mom, avg_sq_grad, mom

    return _with_zeros(2), update, _first


@optimizer
def adam(step_size, b1=0.9, b2=0.999, eps=1e-8):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, m, v = state
        m = (1 - b1) * g + b1 * m
        v = (1 - b2) * jnp.square(g) + b2 * v
        mhat = m / (1 - jnp.asarray(b1, m.dtype) ** (i + 1))
        vhat = v / (1 - jnp.asarray(b2, m.dtype) ** (i + 1))
        return x - step_size(i) * mhat / (jnp.sqrt(vhat) + eps), m, v

    return _with_zeros(2), update, _first


@optimizer
def adamax(step_size, b1=0.9, b2=0.999, eps=1e-8):
    step_size = make_schedule(step_size)

    def update(i, g, state):
        x, m, u = state
        m = (1 - b1) * g + b1 * m
        u = jnp.maximum(b2 * u, jnp.abs(g))
        x = x - step_size(i) / (1 - jnp.asarray(b1, m.dtype) ** (i + 1)) * m / (u + eps)
        return x, m, u

    return _with_zeros(2), update, _first


@optimizer
def sm3(step_size, momentum=0.9):
    """SM3 (memory-efficient adaptive): one accumulator per axis."""
    step_size = make_schedule(step_size)

    def init(x0):
        x_shape = jnp.shape(x0)
        x0 = jnp.atleast_1d(x0)
        return x0, jnp.zeros_like(x0), [jnp.zeros(n, dtype=x0.dtype) for n in x0.shape], x_shape

    def update(i, g, state):
        x, m, vs, x_shape = state
        vs = [_along(g.ndim, v, axis) for axis, v in enumerate(vs)]
        accum = functools.reduce(jnp.minimum, vs) + jnp.square(g)
        accum_inv_sqrt = jnp.where(accum > 0, 1.0 / jnp.sqrt(accum), 0)
        m = (1.0 - momentum) * (g * accum_inv_sqrt) + momentum * m
        x = x - step_size(i) * m
        others = [tuple(a for a in range(x.ndim) if a != j) for j in range(x.ndim)]
        return x, m, [accum.max(axes) for axes in others], x_shape

    return init, update, lambda state: state[0].reshape(state[3])


def _along(ndim: int, v, axis: int):
    """v (1-d) broadcastable along `axis` of a rank-`ndim` array (a scalar's gradient has rank
    0 and its accumulator rank 1: v is then kept as is, as JAX's splice does)."""
    index = [None] * ndim
    index[axis : axis + 1] = [slice(None)]
    return v[tuple(index)]


# ---------------------------------------------------------------------------------------------
# Step size schedules.


def constant(step_size):
    return lambda i: step_size


def exponential_decay(step_size, decay_steps, decay_rate):
    return lambda i: step_size * decay_rate ** (i / decay_steps)


def inverse_time_decay(step_size, decay_steps, decay_rate, staircase=False):
    if staircase:
        return lambda i: step_size / (1 + decay_rate * jnp.floor(i / decay_steps))
    return lambda i: step_size / (1 + decay_rate * i / decay_steps)


def polynomial_decay(step_size, decay_steps, final_step_size, power=1.0):
    def schedule(step_num):
        step_num = jnp.minimum(step_num, decay_steps)
        step_mult = (1 - step_num / decay_steps) ** power
        return step_mult * (step_size - final_step_size) + final_step_size

    return schedule


def piecewise_constant(boundaries, values):
    boundaries, values = jnp.array(boundaries), jnp.array(values)
    if not boundaries.ndim == values.ndim == 1:
        raise MeshjitValueError("boundaries and values must be sequences")
    if boundaries.shape[0] != values.shape[0] - 1:
        raise MeshjitValueError("boundaries length must be one shorter than values length")
    return lambda i: values[jnp.sum(i > boundaries)]


def make_schedule(scalar_or_schedule):
    if callable(scalar_or_schedule):
        return scalar_or_schedule
    if jnp.ndim(scalar_or_schedule) == 0:
        return constant(scalar_or_schedule)
    raise MeshjitTypeError(
        f"a step size must be a scalar or a schedule (a function of the step), got "
        f"{type(scalar_or_schedule).__name__}"
    )


# ---------------------------------------------------------------------------------------------
# Gradient clipping, and the state as a tree of per-parameter states (to save and restore it).


def l2_norm(tree):
    leaves, _ = tree_flatten(tree)
    return jnp.sqrt(sum(jnp.vdot(x, x) for x in leaves))


def clip_grads(grad_tree, max_norm):
    norm = l2_norm(grad_tree)
    return tree_map(lambda g: jnp.where(norm < max_norm, g, g * (max_norm / norm)), grad_tree)


class JoinPoint:
    """Marks where a parameter's own state subtree joins the parameter tree."""

    def __init__(self, subtree):
        self.subtree = subtree

    def __iter__(self):
        yield self.subtree


def unpack_optimizer_state(opt_state):
    """The state as the parameters' tree with a JoinPoint per parameter (picklable)."""
    states_flat, tree_def, subtree_defs = opt_state
    subtrees = [tree_unflatten(s, flat) for s, flat in zip(subtree_defs, states_flat)]
    return tree_unflatten(tree_def, [JoinPoint(s) for s in subtrees])


def pack_optimizer_state(marked_pytree):
    sentinels, tree_def = tree_flatten(marked_pytree)
    if not all(isinstance(s, JoinPoint) for s in sentinels):
        raise MeshjitTypeError("pack_optimizer_state takes what unpack_optimizer_state returned")
    states_flat, subtree_defs = _flatten_each([s.subtree for s in sentinels])
    return OptimizerState(states_flat, tree_def, subtree_defs)
