"""`sparsify`: a function written for dense arrays, run on BCOO arguments, as JAX's.

The function is traced with each sparse argument standing as a dense array of its shape; the
jaxpr is then evaluated with values that are dense arrays or BCOO arrays: an equation with no
sparse input binds as usual, one with a sparse input runs the primitive's sparse rule (a bcoo_*
operation), and a primitive without one raises JAX's NotImplementedError."""

from __future__ import annotations

import functools

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitNotImplementedError
from meshjit.compiler.ir.core import ClosedJaxpr, Literal, ShapedArray
from meshjit.compiler.sparse import bcoo_dot, bcoo_shapes
from meshjit.compiler.sparse.base import JAXSparse
from meshjit.compiler.sparse.bcoo_indices import bcoo_sum_duplicates
from meshjit.compiler.sparse.bcsr import BCSR
from meshjit.compiler.trace.tracing import abstractify, trace_flat
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten

_LINEAR_UNARY = ("conj", "copy", "imag", "neg", "real", "copy_p")
_UNARY = (
    "abs",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "bessel_i1e",
    "expm1",
    "log1p",
    "sign",
    "sin",
    "sinh",
    "sqrt",
    "square",
    "tan",
    "tanh",
    "convert_element_type",
)
_DENSIFYING = (
    "acos",
    "acosh",
    "bessel_i0e",
    "cos",
    "cosh",
    "eq",
    "exp",
    "ge",
    "gt",
    "le",
    "log",
    "lt",
    "ne",
    "xor",
)


def _is_sparse(x) -> bool:
    return isinstance(x, JAXSparse)


def sparsify(f, use_tracer=False):
    """Experimental sparsification transform: `f` accepting BCOO arrays where it takes arrays."""

    @functools.wraps(f)
    def wrapped(*args, **kwargs):
        leaves, in_tree = tree_flatten((args, kwargs), is_leaf=_is_sparse)
        avals = [ShapedArray(x.shape, x.dtype) if _is_sparse(x) else abstractify(x) for x in leaves]

        def flat(*xs):
            a, k = tree_unflatten(in_tree, list(xs))
            return f(*a, **k)

        closed, out_tree = trace_flat(flat, avals)
        leaves = [_own_pattern(x) if _is_sparse(x) else x for x in leaves]
        outs = eval_sparse(closed.jaxpr, closed.consts, leaves)
        return tree_unflatten(out_tree, outs)

    return wrapped


def _own_pattern(mat):
    """A copy of `mat` whose index pattern is its own: two arguments never share one (as JAX
    keeps each argument's buffers apart), so `m + m` concatenates as JAX's does."""
    leaves, tree = mat.tree_flatten()
    out = type(mat).tree_unflatten(tree, list(leaves))
    out._pattern = object()
    return out


def _same_pattern(x, y) -> bool:
    pattern = getattr(x, "_pattern", None)
    return pattern is not None and pattern is getattr(y, "_pattern", None)


def eval_sparse(jaxpr, consts, args) -> list:
    """`jaxpr` evaluated on dense and sparse values."""
    env: dict[int, object] = {}
    for var, value in [*zip(jaxpr.constvars, consts), *zip(jaxpr.invars, args)]:
        env[id(var)] = value

    def read(atom):
        return atom.value() if type(atom) is Literal else env[id(atom)]

    for eqn in jaxpr.eqns:
        values = [read(a) for a in eqn.invars]
        prim = eqn.primitive
        if any(_is_sparse(v) for v in values):
            values = _bcsr_as_bcoo(prim.name, values)
            outs = _rule(prim.name)(prim, *values, **eqn.params)
        else:
            outs = prim.bind(*values, **eqn.params)
            outs = outs if prim.multiple_results else [outs]
        for var, value in zip(eqn.outvars, outs):
            env[id(var)] = value
    return [read(a) for a in jaxpr.outvars]


def _bcsr_as_bcoo(name: str, values) -> list:
    """BCSR operands of a product as BCOO (BCSR has sparse rules for products only)."""
    if not any(isinstance(v, BCSR) for v in values):
        return values
    if name not in ("dot_general", "jit"):
        raise MeshjitNotImplementedError(f"sparse rule for {name} is not implemented.")
    if name == "dot_general" and (not isinstance(values[0], BCSR) or _is_sparse(values[1])):
        raise MeshjitNotImplementedError(
            "bcsr_dot_general currently implemented for BCSR lhs and ndarray rhs."
        )
    return [v.to_bcoo() if isinstance(v, BCSR) else v for v in values]


def _rule(name: str):
    rule = _RULES.get(name)
    if rule is not None:
        return rule
    if name in _LINEAR_UNARY:
        return functools.partial(_unary, linear=True)
    if name in _UNARY:
        return functools.partial(_unary, linear=False)
    if name in _DENSIFYING:
        raise MeshjitNotImplementedError(
            f"sparse rule for {name} is not implemented because it would result in dense "
            "output. If this is your intent, use sparse.todense() to convert your arguments to "
            "dense matrices."
        )
    raise MeshjitNotImplementedError(f"sparse rule for {name} is not implemented.")


def _with_data(mat, data, **flags):
    flags.setdefault("indices_sorted", mat.indices_sorted)
    flags.setdefault("unique_indices", mat.unique_indices)
    out = type(mat)((data, mat.indices), shape=mat.shape, **flags)
    out._pattern = getattr(mat, "_pattern", None)  # later additions can share the pattern
    return out


def _unique(mat):
    if mat.unique_indices:
        return mat
    return bcoo_sum_duplicates(mat, nse=mat.nse)


def _unary(prim, x, *, linear, **params):
    if not linear:
        x = _unique(x)
    return [_with_data(x, prim.bind(x.data, **params))]


def _integer_pow(prim, x, *, y):
    if y <= 0:
        raise MeshjitNotImplementedError(
            f"sparse rule for integer_pow with non-positive exponent {y} is not implemented "
            "because it would result in dense output. If this is your intent, use "
            "sparse.todense() to convert your argument to a dense array."
        )
    return _unary(prim, x, linear=False, y=y)


def _add(prim, x, y):
    if _is_sparse(x) and _is_sparse(y):
        if x.shape != y.shape:
            raise MeshjitNotImplementedError(
                "Addition between sparse matrices of different shapes."
            )
        if _same_pattern(x, y):
            return [_with_data(x, x.data + y.data)]
        if x.indices.ndim != y.indices.ndim or x.data.ndim != y.data.ndim:
            raise MeshjitNotImplementedError(
                "Addition between sparse matrices with different batch/dense dimensions."
            )
        axis = x.indices.ndim - 2
        data = jnp.concatenate([x.data, y.data], axis=axis)
        indices = jnp.concatenate([x.indices, y.indices], axis=axis)
        return [type(x)((data, indices), shape=x.shape)]
    sparse, dense = (x, y) if _is_sparse(x) else (y, x)
    dense = jnp.asarray(dense)
    if dense.shape != jnp.broadcast_shapes(sparse.shape, dense.shape):
        raise MeshjitNotImplementedError(
            "Addition between a sparse array X and a dense array Y is not implemented when the "
            "output shape is larger than Y.shape. This is to prevent silent densification of a "
            "large sparse array. If this is your intent, you can explicitly cast the sparse "
            "array to a dense matrix."
        )
    return [sparse.todense() + dense]


def _sub(prim, x, y):
    if _is_sparse(x) and _is_sparse(y):
        return _add(prim, x, _with_data(y, -y.data))
    raise MeshjitNotImplementedError("Subtraction between sparse and dense array.")


def _mul(prim, x, y):
    if _is_sparse(x) and _is_sparse(y):
        if _same_pattern(x, y) and x.unique_indices:
            return [_with_data(x, x.data * y.data)]
        return [bcoo_dot.bcoo_multiply_sparse(x, y)]
    sparse, dense = (x, y) if _is_sparse(x) else (y, x)
    return [_with_data(sparse, bcoo_dot.bcoo_multiply_dense(sparse, dense))]


def _div(prim, x, y):
    if _is_sparse(y):
        raise MeshjitNotImplementedError(
            "Division by a sparse array is not implemented because it would result in dense "
            "output. If this is your intent, use sparse.todense() to convert your arguments to "
            "a dense array."
        )
    return [_with_data(x, bcoo_dot.bcoo_multiply_dense(x, 1.0 / jnp.asarray(y)))]


def _reduce_sum(prim, x, *, axes, **_):
    mat = bcoo_shapes.bcoo_reduce_sum(x, axes=axes)
    if mat.shape == ():
        return [mat.data.sum()]
    return [mat]


def _call(prim, *args, **params):
    """A nested jit / custom_jvp call: its body is sparsified in place."""
    inner = params.get("jaxpr", params.get("call_jaxpr"))
    if isinstance(inner, ClosedJaxpr):
        return eval_sparse(inner.jaxpr, inner.consts, args)
    return eval_sparse(inner, (), args)


def _sparse_carry(name: str, values):
    if any(_is_sparse(v) for v in values):
        raise MeshjitNotImplementedError(f"sparse rule for {name} with sparse loop-carried values")


def _while(prim, *args, cond_jaxpr, body_jaxpr, cond_nconsts, body_nconsts):
    """A while loop whose sparse inputs are the bodies' constants: bodies sparsified inside."""
    cond_consts, rest = args[:cond_nconsts], args[cond_nconsts:]
    body_consts, init = rest[:body_nconsts], rest[body_nconsts:]
    _sparse_carry("while", init)

    def cond_fun(carry):
        return _call(prim, *cond_consts, *carry, jaxpr=cond_jaxpr)[0]

    def body_fun(carry):
        return tuple(_call(prim, *body_consts, *carry, jaxpr=body_jaxpr))

    return list(lax.while_loop(cond_fun, body_fun, tuple(init)))


def _cond(prim, index, *operands, branches):
    funs = [functools.partial(_call, prim, jaxpr=branch) for branch in branches]
    return list(lax.switch(index, funs, *operands))


def _scan(prim, *args, jaxpr, num_consts, num_carry, length, reverse, unroll, **params):
    consts, init = args[:num_consts], args[num_consts : num_consts + num_carry]
    xs = args[num_consts + num_carry :]
    _sparse_carry("scan", [*init, *xs])

    def body(carry, x):
        out = _call(prim, *consts, *carry, *x, jaxpr=jaxpr)
        return tuple(out[:num_carry]), tuple(out[num_carry:])

    carry, ys = lax.scan(
        body, tuple(init), tuple(xs), length=length, reverse=reverse, unroll=unroll
    )
    return [*carry, *ys]


def _standard(op):
    def rule(prim, *args, **params):
        return [op(*args, **params)]

    return rule


def _drop(op, *names):
    def rule(prim, *args, **params):
        for name in names:
            params.pop(name, None)
        return [op(*args, **params)]

    return rule


_RULES = {
    "integer_pow": _integer_pow,
    "add": _add,
    "sub": _sub,
    "mul": _mul,
    "div": _div,
    "reduce_sum": _reduce_sum,
    "todense": lambda prim, x: [x.todense()],
    "jit": _call,
    "while": _while,
    "cond": _cond,
    "scan": _scan,
    "custom_jvp_call": _call,
    "dot_general": _drop(bcoo_dot.bcoo_dot_general, "precision", "out_sharding"),
    "transpose": _standard(bcoo_shapes.bcoo_transpose),
    "reshape": _drop(bcoo_shapes.bcoo_reshape, "sharding"),
    "squeeze": _standard(bcoo_shapes.bcoo_squeeze),
    "slice": _standard(bcoo_shapes.bcoo_slice),
    "rev": _standard(bcoo_shapes.bcoo_rev),
    "broadcast_in_dim": _drop(bcoo_shapes.bcoo_broadcast_in_dim, "sharding"),
    "concatenate": lambda prim, *ops, dimension: [
        bcoo_shapes.bcoo_concatenate(ops, dimension=dimension)
    ],
    "gather": lambda prim, x, idx, **params: [bcoo_shapes.bcoo_gather(x, idx, **params)],
    "dynamic_slice": lambda prim, x, *starts, slice_sizes: [
        bcoo_shapes.bcoo_dynamic_slice(x, starts, slice_sizes)
    ],
}
