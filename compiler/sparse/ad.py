"""Sparse-aware grad, value_and_grad, jacfwd, jacrev and jacobian, as jax.experimental.sparse's:
a sparse argument is differentiated in the subspace of its sparsity pattern, i.e. w.r.t. its
`data`, and its derivative comes back as a sparse array with the same indices (extra leading
output dims of a jacobian become batch dims)."""

from __future__ import annotations

import functools

from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad import api as ad_api
from meshjit.compiler.batching import jacobians
from meshjit.compiler.sparse.base import JAXSparse
from meshjit.compiler.tree_util import tree_flatten, tree_leaves, tree_unflatten


def _is_sparse(x) -> bool:
    return isinstance(x, JAXSparse)


def _rebuild(sparse, data):
    """`sparse` with `data` (leading extra dims of `data` become broadcast batch dims)."""
    extra = data.ndim - sparse.data.ndim
    indices = jnp.broadcast_to(sparse.indices, tuple(data.shape[:extra]) + sparse.indices.shape)
    shape = tuple(data.shape[:extra]) + sparse.shape
    return type(sparse)((data, indices), shape=shape)


def _sparse_aware(transform, fun, argnums, has_aux, **kwargs):
    nums = (argnums,) if isinstance(argnums, int) else tuple(argnums)

    @functools.wraps(fun)
    def wrapped(*args):
        trees = {i: tree_flatten(args[i], is_leaf=_is_sparse) for i in nums}
        dense_args = list(args)
        for i, (leaves, tree) in trees.items():
            dense_args[i] = tree_unflatten(tree, [x.data if _is_sparse(x) else x for x in leaves])

        def dense_fun(*dargs):
            real = list(dargs)
            for i, (leaves, tree) in trees.items():
                values = tree_leaves(dargs[i])
                real[i] = tree_unflatten(
                    tree, [_rebuild(x, v) if _is_sparse(x) else v for x, v in zip(leaves, values)]
                )
            return fun(*real)

        out = transform(dense_fun, argnums=argnums, has_aux=has_aux, **kwargs)(*dense_args)
        return _postprocess(transform, out, trees, argnums, has_aux)

    return wrapped


def _postprocess(transform, out, trees, argnums, has_aux):
    if transform is ad_api.value_and_grad:
        (value, grads) = out
        return value, _restore(grads, trees, argnums)
    if has_aux:
        return _restore(out[0], trees, argnums), out[1]
    return _restore(out, trees, argnums)


def _restore(grads, trees, argnums):
    if isinstance(argnums, int):
        return _restore_one(grads, trees[argnums])
    return tuple(_restore_one(g, trees[i]) for g, i in zip(grads, argnums))


def _restore_one(grad, tree_pair):
    leaves, tree = tree_pair
    values = tree_leaves(grad)
    return tree_unflatten(
        tree, [_rebuild(x, v) if _is_sparse(x) else v for x, v in zip(leaves, values)]
    )


def value_and_grad(fun, argnums=0, has_aux=False, **kwargs):
    """Sparse-aware `jax.value_and_grad`."""
    return _sparse_aware(ad_api.value_and_grad, fun, argnums, has_aux, **kwargs)


def grad(fun, argnums=0, has_aux=False, **kwargs):
    """Sparse-aware `jax.grad`."""
    return _sparse_aware(ad_api.grad, fun, argnums, has_aux, **kwargs)


def jacfwd(fun, argnums=0, has_aux=False, **kwargs):
    """Sparse-aware `jax.jacfwd` (dense outputs)."""
    return _sparse_aware(jacobians.jacfwd, fun, argnums, has_aux, **kwargs)


def jacrev(fun, argnums=0, has_aux=False, **kwargs):
    """Sparse-aware `jax.jacrev` (dense outputs)."""
    return _sparse_aware(jacobians.jacrev, fun, argnums, has_aux, **kwargs)


jacobian = jacrev
